//! DeleteRecords (API key 21): versions 0-2, flexible 2+.
//!
//! Declared from Kafka's `DeleteRecordsRequest.json` and `DeleteRecordsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//! Version 2 is the first flexible version.
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 is the first flexible version.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DeleteRecords (API key 21), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 21, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsRequest {
    /// Each topic that we want to delete records from.
    #[kafka(versions = "0+")]
    pub topics: Vec<DeleteRecordsTopic>,
    /// How long to wait for the deletion to complete, in milliseconds.
    #[kafka(versions = "0+")]
    pub timeout_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteRecordsRequest {
    type Response = DeleteRecordsResponse;
}

/// An element of `DeleteRecordsRequest.Topics`: Each topic that we want to delete records from.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// Each partition that we want to delete records from.
    #[kafka(versions = "0+")]
    pub partitions: Vec<DeleteRecordsPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteRecordsTopic.Partitions`: Each partition that we want to delete records
/// from.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The deletion offset. -1 means that records should be truncated to the high watermark.
    #[kafka(versions = "0+")]
    pub offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DeleteRecords (API key 21), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 21, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Each topic that we wanted to delete records from.
    #[kafka(versions = "0+")]
    pub topics: Vec<DeleteRecordsTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteRecordsResponse.Topics`: Each topic that we wanted to delete records
/// from.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// Each partition that we wanted to delete records from.
    #[kafka(versions = "0+")]
    pub partitions: Vec<DeleteRecordsPartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteRecordsTopicResult.Partitions`: Each partition that we wanted to delete
/// records from.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteRecordsPartitionResult {
    /// The partition index.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// The partition low water mark.
    #[kafka(versions = "0+")]
    pub low_watermark: i64,
    /// The deletion error code, or 0 if the deletion succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
