//! WriteShareGroupState (API key 85): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `WriteShareGroupStateRequest.json` and
//! `WriteShareGroupStateResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces DeliveryCompleteCount (KIP-1226).
//!
//! # Response versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces DeliveryCompleteCount in the request (KIP-1226).
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - FENCED_LEADER_EPOCH (version 0+)
//! - FENCED_STATE_EPOCH (version 0+)
//! - INVALID_REQUEST (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of WriteShareGroupState (API key 85), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 85, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteShareGroupStateRequest {
    /// The group identifier.
    #[kafka(versions = "0+")]
    pub group_id: Str,
    /// The data for the topics.
    #[kafka(versions = "0+")]
    pub topics: Vec<WriteStateData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for WriteShareGroupStateRequest {
    type Response = WriteShareGroupStateResponse;
}

/// An element of `WriteShareGroupStateRequest.Topics`: The data for the topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteStateData {
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

/// An element of `WriteStateData.Partitions`: The data for the partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The state epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub state_epoch: i32,
    /// The leader epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The share-partition start offset, or -1 if the start offset is not being written.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// The number of offsets greater than or equal to share-partition start offset for which
    /// delivery has been completed.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub delivery_complete_count: i32,
    /// The state batches for the share-partition.
    #[kafka(versions = "0+")]
    pub state_batches: Vec<StateBatch>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionData.StateBatches`: The state batches for the share-partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StateBatch {
    /// The first offset of this state batch.
    #[kafka(versions = "0+")]
    pub first_offset: i64,
    /// The last offset of this state batch.
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// The delivery state - 0:Available,2:Acked,4:Archived.
    #[kafka(versions = "0+")]
    pub delivery_state: i8,
    /// The delivery count.
    #[kafka(versions = "0+")]
    pub delivery_count: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of WriteShareGroupState (API key 85), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 85, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteShareGroupStateResponse {
    /// The write results.
    #[kafka(versions = "0+")]
    pub results: Vec<WriteStateResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `WriteShareGroupStateResponse.Results`: The write results.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteStateResult {
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

/// An element of `WriteStateResult.Partitions`: The results for the partitions.
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
