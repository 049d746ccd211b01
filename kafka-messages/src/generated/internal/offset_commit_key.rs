//! Kafka's `OffsetCommitKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 1 in `__consumer_offsets`.
//!
//! Declared from `OffsetCommitKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `OffsetCommitKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitKey {
    /// The consumer group id.
    #[kafka(versions = "0", name = "group")]
    pub group: Str,
    /// The topic name.
    #[kafka(versions = "0", name = "topic")]
    pub topic: Str,
    /// The topic partition index.
    #[kafka(versions = "0", name = "partition")]
    pub partition: i32,
}
