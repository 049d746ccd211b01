//! OffsetDelete (API key 47): versions 0, flexible none.
//!
//! Declared from Kafka's `OffsetDeleteRequest.json` and `OffsetDeleteResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.

use kafka_wire::{KafkaMessage, Request, Str};

/// The request of OffsetDelete (API key 47), versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 47, versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteRequest {
    /// The unique group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The topics to delete offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetDeleteRequestTopic>,
}

impl Request for OffsetDeleteRequest {
    type Response = OffsetDeleteResponse;
}

/// An element of `OffsetDeleteRequest.Topics`: The topics to delete offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteRequestTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// Each partition to delete offsets for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OffsetDeleteRequestPartition>,
}

/// An element of `OffsetDeleteRequestTopic.Partitions`: Each partition to delete offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteRequestPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
}

/// The response of OffsetDelete (API key 47), versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 47, versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteResponse {
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+", ignorable)]
    pub throttle_time_ms: i32,
    /// The responses for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetDeleteResponseTopic>,
}

/// An element of `OffsetDeleteResponse.Topics`: The responses for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteResponseTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The responses for each partition in the topic.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OffsetDeleteResponsePartition>,
}

/// An element of `OffsetDeleteResponseTopic.Partitions`: The responses for each partition in
/// the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetDeleteResponsePartition {
    /// The partition index.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
}
