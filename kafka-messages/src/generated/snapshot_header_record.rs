//! Kafka's `SnapshotHeaderRecord` data schema: versions 0, flexible 0+.
//!
//! Declared from Kafka's `SnapshotHeaderRecord.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `SnapshotHeaderRecord` data schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SnapshotHeaderRecord {
    /// The version of the snapshot header record.
    #[kafka(versions = "0+")]
    pub version: i16,
    /// The append time of the last record from the log contained in this snapshot.
    #[kafka(versions = "0+")]
    pub last_contained_log_timestamp: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
