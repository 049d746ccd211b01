//! Kafka's `ConsumerProtocolSubscription` data schema: versions 0-3, flexible none.
//!
//! Declared from Kafka's `ConsumerProtocolSubscription.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! Subscription part of the Consumer Protocol.
//!
//! The current implementation assumes that future versions will not break compatibility. When
//! it encounters a newer version, it parses it using the current format. This basically means
//! that new versions cannot remove or reorder any of the existing fields.
//! Version 1 added the "OwnedPartitions" field to allow assigner know what partitions each member owned
//! Version 2 added a new field "GenerationId" to indicate if the member has out-of-date ownedPartitions.
//! Version 3 adds rack id to enable rack-aware assignment.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Str};

/// Kafka's `ConsumerProtocolSubscription` data schema, versions 0-3, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-3", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerProtocolSubscription {
    /// The topics that the member wants to consume.
    #[kafka(versions = "0+")]
    pub topics: Vec<Str>,
    /// User data that will be passed back to the consumer.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub user_data: Option<Bytes>,
    /// The partitions that the member owns.
    #[kafka(versions = "1+", ignorable)]
    pub owned_partitions: Vec<TopicPartition>,
    /// The generation id of the member.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub generation_id: i32,
    /// The rack id of the member.
    #[kafka(versions = "3+", nullable = "3+", default = None, ignorable)]
    pub rack_id: Option<Str>,
}

/// An element of `ConsumerProtocolSubscription.OwnedPartitions`: The partitions that the member
/// owns.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartition {
    /// The topic name.
    #[kafka(versions = "1+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// The partition ids.
    #[kafka(versions = "1+")]
    pub partitions: Vec<i32>,
}
