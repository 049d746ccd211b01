//! Kafka's `ShareGroupMetadataKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 11 in `__consumer_offsets`.
//!
//! Declared from `ShareGroupMetadataKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `ShareGroupMetadataKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareGroupMetadataKey {
    /// The group id.
    #[kafka(versions = "0")]
    pub group_id: Str,
}
