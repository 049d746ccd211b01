//! DescribeProducers (API key 61): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DescribeProducersRequest.json` and
//! `DescribeProducersResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeProducers (API key 61), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 61, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeProducersRequest {
    /// The topics to list producers for.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicRequest>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeProducersRequest {
    type Response = DescribeProducersResponse;
}

/// An element of `DescribeProducersRequest.Topics`: The topics to list producers for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicRequest {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The indexes of the partitions to list producers for.
    #[kafka(versions = "0+")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeProducers (API key 61), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 61, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeProducersResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Each topic in the response.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeProducersResponse.Topics`: Each topic in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicResponse {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// Each partition in the response.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicResponse.Partitions`: Each partition in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionResponse {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partition error message, which may be null if no additional details are available.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The active producers for the partition.
    #[kafka(versions = "0+")]
    pub active_producers: Vec<ProducerState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionResponse.ActiveProducers`: The active producers for the partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ProducerState {
    /// The producer id.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The producer epoch.
    #[kafka(versions = "0+")]
    pub producer_epoch: i32,
    /// The last sequence number sent by the producer.
    #[kafka(versions = "0+", default = -1)]
    pub last_sequence: i32,
    /// The last timestamp sent by the producer.
    #[kafka(versions = "0+", default = -1)]
    pub last_timestamp: i64,
    /// The current epoch of the producer group.
    #[kafka(versions = "0+")]
    pub coordinator_epoch: i32,
    /// The current transaction start offset of the producer.
    #[kafka(versions = "0+", default = -1)]
    pub current_txn_start_offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
