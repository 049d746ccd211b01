//! Kafka's `ShareSnapshotKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 0 in `__share_group_state`.
//!
//! Declared from `ShareSnapshotKey.json` of `org.apache.kafka:kafka-share-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, Uuid};

/// Kafka's `ShareSnapshotKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareSnapshotKey {
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
