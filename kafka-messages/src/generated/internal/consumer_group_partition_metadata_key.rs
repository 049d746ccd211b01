//! Kafka's `ConsumerGroupPartitionMetadataKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 4 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupPartitionMetadataKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! This message is replaced by ConsumerGroupMetadataValue#MetadataHash
//! in 4.1 (KIP-1101).

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `ConsumerGroupPartitionMetadataKey` coordinator-key schema, versions 0, flexible
/// none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupPartitionMetadataKey {
    /// The group id.
    #[kafka(versions = "0")]
    pub group_id: Str,
}
