//! DeleteShareGroupState (API key 86): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DeleteShareGroupStateRequest.json` and
//! `DeleteShareGroupStateResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Response versions
//!
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - FENCED_STATE_EPOCH (version 0+)
//! - INVALID_REQUEST (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DeleteShareGroupState (API key 86), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 86, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupStateRequest {
    /// The group identifier.
    #[kafka(versions = "0+")]
    pub group_id: Str,
    /// The data for the topics.
    #[kafka(versions = "0+")]
    pub topics: Vec<DeleteStateData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteShareGroupStateRequest {
    type Response = DeleteShareGroupStateResponse;
}

/// An element of `DeleteShareGroupStateRequest.Topics`: The data for the topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteStateData {
    /// The topic identifier.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The data for the partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteStateData.Partitions`: The data for the partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DeleteShareGroupState (API key 86), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 86, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteShareGroupStateResponse {
    /// The delete results.
    #[kafka(versions = "0+")]
    pub results: Vec<DeleteStateResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteShareGroupStateResponse.Results`: The delete results.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteStateResult {
    /// The topic identifier.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The results for the partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteStateResult.Partitions`: The results for the partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionResult {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
