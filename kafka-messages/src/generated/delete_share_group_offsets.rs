//! DeleteShareGroupOffsets (API key 92): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DeleteShareGroupOffsetsRequest.json` and
//! `DeleteShareGroupOffsetsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Response versions
//!
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - NON_EMPTY_GROUP (version 0+)
//! - KAFKA_STORAGE_ERROR (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - UNKNOWN_SERVER_ERROR (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DeleteShareGroupOffsets (API key 92), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 92, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupOffsetsRequest {
    /// The group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The topics to delete offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<DeleteShareGroupOffsetsRequestTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteShareGroupOffsetsRequest {
    type Response = DeleteShareGroupOffsetsResponse;
}

/// An element of `DeleteShareGroupOffsetsRequest.Topics`: The topics to delete offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupOffsetsRequestTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DeleteShareGroupOffsets (API key 92), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 92, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupOffsetsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The results for each topic.
    #[kafka(versions = "0+")]
    pub responses: Vec<DeleteShareGroupOffsetsResponseTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteShareGroupOffsetsResponse.Responses`: The results for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupOffsetsResponseTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The unique topic ID.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The topic-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The topic-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
