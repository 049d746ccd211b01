//! Kafka's `ShareUpdateKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 1 in `__share_group_state`.
//!
//! Declared from `ShareUpdateKey.json` of `org.apache.kafka:kafka-share-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, Uuid};

/// Kafka's `ShareUpdateKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareUpdateKey {
    /// The group id.
    #[kafka(versions = "0")]
    pub group_id: Str,
    /// The topic id.
    #[kafka(versions = "0")]
    pub topic_id: Uuid,
    /// The partition index.
    #[kafka(versions = "0")]
    pub partition: i32,
}
