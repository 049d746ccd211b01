//! ReadShareGroupStateSummary (API key 87): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `ReadShareGroupStateSummaryRequest.json` and
//! `ReadShareGroupStateSummaryResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces DeliveryCompleteCount in the response (KIP-1226).
//!
//! # Response versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces DeliveryCompleteCount (KIP-1226).
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - FENCED_LEADER_EPOCH (version 0+)
//! - INVALID_REQUEST (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of ReadShareGroupStateSummary (API key 87), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 87, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReadShareGroupStateSummaryRequest {
    /// The group identifier.
    #[kafka(versions = "0+")]
    pub group_id: Str,
    /// The data for the topics.
    #[kafka(versions = "0+")]
    pub topics: Vec<ReadStateSummaryData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ReadShareGroupStateSummaryRequest {
    type Response = ReadShareGroupStateSummaryResponse;
}

/// An element of `ReadShareGroupStateSummaryRequest.Topics`: The data for the topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReadStateSummaryData {
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

/// An element of `ReadStateSummaryData.Partitions`: The data for the partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The leader epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ReadShareGroupStateSummary (API key 87), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 87, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReadShareGroupStateSummaryResponse {
    /// The read results.
    #[kafka(versions = "0+")]
    pub results: Vec<ReadStateSummaryResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ReadShareGroupStateSummaryResponse.Results`: The read results.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReadStateSummaryResult {
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

/// An element of `ReadStateSummaryResult.Partitions`: The results for the partitions.
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
    /// The state epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub state_epoch: i32,
    /// The leader epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The share-partition start offset.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// The number of offsets greater than or equal to share-partition start offset for which
    /// delivery has been completed.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub delivery_complete_count: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
