//! Kafka's `GroupMetadataKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 2 in `__consumer_offsets`.
//!
//! Declared from `GroupMetadataKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `GroupMetadataKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct GroupMetadataKey {
    /// The group id.
    #[kafka(versions = "0", name = "group")]
    pub group: Str,
}
