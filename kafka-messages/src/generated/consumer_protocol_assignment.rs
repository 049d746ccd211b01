//! Kafka's `ConsumerProtocolAssignment` data schema: versions 0-3, flexible none.
//!
//! Declared from Kafka's `ConsumerProtocolAssignment.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! Assignment part of the Consumer Protocol.
//!
//! The current implementation assumes that future versions will not break compatibility. When
//! it encounters a newer version, it parses it using the current format. This basically means
//! that new versions cannot remove or reorder any of the existing fields.
//!
//! Version 2 is to support a new field "GenerationId" in ConsumerProtocolSubscription.
//! Version 3 adds rack id to ConsumerProtocolSubscription.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Str};

/// Kafka's `ConsumerProtocolAssignment` data schema, versions 0-3, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-3", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerProtocolAssignment {
    /// The list of topics and partitions assigned to this consumer.
    #[kafka(versions = "0+")]
    pub assigned_partitions: Vec<TopicPartition>,
    /// User data.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub user_data: Option<Bytes>,
}

/// An element of `ConsumerProtocolAssignment.AssignedPartitions`: The list of topics and
/// partitions assigned to this consumer.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartition {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// The list of partitions assigned to this consumer.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
}
