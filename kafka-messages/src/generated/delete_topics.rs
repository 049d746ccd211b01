//! DeleteTopics (API key 20): versions 0-6, flexible 4+.
//!
//! Kafka 4.4.0 accepts versions 1-6, Kafka 3.9.1 versions 0-6: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DeleteTopicsRequest.json` and `DeleteTopicsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Versions 0, 1, 2, and 3 are the same.
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 adds ErrorMessage in the response and may return a THROTTLING_QUOTA_EXCEEDED error
//! in the response if the topics deletion is throttled (KIP-599).
//!
//! Version 6 reorganizes topics, adds topic IDs and allows topic names to be null.
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 adds the throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Starting in version 3, a TOPIC_DELETION_DISABLED error code may be returned.
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 adds ErrorMessage in the response and may return a THROTTLING_QUOTA_EXCEEDED error
//! in the response if the topics deletion is throttled (KIP-599).
//!
//! Version 6 adds topic ID to responses. An UNSUPPORTED_VERSION error code will be returned when attempting to
//! delete using topic IDs when IBP \< 2.8. UNKNOWN_TOPIC_ID error code will be returned when IBP is at least 2.8, but
//! the topic ID was not found.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DeleteTopics (API key 20), versions 0-6 (Kafka 4.4.0: 1-6; Kafka 3.9.1: 0-6),
/// flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 20, versions = "0-6", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteTopicsRequest {
    /// The name or topic ID of the topic.
    #[kafka(versions = "6+")]
    pub topics: Vec<DeleteTopicState>,
    /// The names of the topics to delete.
    #[kafka(versions = "0-5", ignorable, entity_type = "topicName")]
    pub topic_names: Vec<Str>,
    /// The length of time in milliseconds to wait for the deletions to complete.
    #[kafka(versions = "0+")]
    pub timeout_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteTopicsRequest {
    type Response = DeleteTopicsResponse;
}

/// An element of `DeleteTopicsRequest.Topics`: The name or topic ID of the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteTopicState {
    /// The topic name.
    #[kafka(versions = "6+", nullable = "6+", default = None, entity_type = "topicName")]
    pub name: Option<Str>,
    /// The unique topic ID.
    #[kafka(versions = "6+")]
    pub topic_id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DeleteTopics (API key 20), versions 0-6 (Kafka 4.4.0: 1-6; Kafka 3.9.1:
/// 0-6), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 20, versions = "0-6", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteTopicsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The results for each topic we tried to delete.
    #[kafka(versions = "0+")]
    pub responses: Vec<DeletableTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteTopicsResponse.Responses`: The results for each topic we tried to
/// delete.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeletableTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", nullable = "6+", map_key, entity_type = "topicName")]
    pub name: Option<Str>,
    /// The unique topic ID.
    #[kafka(versions = "6+", ignorable)]
    pub topic_id: Uuid,
    /// The deletion error, or 0 if the deletion succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
