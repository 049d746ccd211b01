//! Kafka's `SnapshotFooterRecord` data schema: versions 0, flexible 0+.
//!
//! Declared from Kafka's `SnapshotFooterRecord.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `SnapshotFooterRecord` data schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SnapshotFooterRecord {
    /// The version of the snapshot footer record.
    #[kafka(versions = "0+")]
    pub version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
