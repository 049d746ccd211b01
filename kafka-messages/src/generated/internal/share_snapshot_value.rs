//! Kafka's `ShareSnapshotValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 0 in `__share_group_state`.
//!
//! Declared from `ShareSnapshotValue.json` of `org.apache.kafka:kafka-share-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `ShareSnapshotValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareSnapshotValue {
    /// The snapshot epoch.
    #[kafka(versions = "0+")]
    pub snapshot_epoch: i32,
    /// The state epoch for this share-partition.
    #[kafka(versions = "0+")]
    pub state_epoch: i32,
    /// The leader epoch of the share-partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The share-partition start offset.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// The number of offsets greater than or equal to share-partition start offset for which
    /// delivery has been completed.
    #[kafka(versions = "0+", tag = 0, tagged = "0+", default = -1)]
    pub delivery_complete_count: i32,
    /// The time at which the state was created.
    #[kafka(versions = "0+")]
    pub create_timestamp: i64,
    /// The time at which the state was written or rewritten.
    #[kafka(versions = "0+")]
    pub write_timestamp: i64,
    /// The state batches.
    #[kafka(versions = "0+")]
    pub state_batches: Vec<StateBatch>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareSnapshotValue.StateBatches`: The state batches.
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
