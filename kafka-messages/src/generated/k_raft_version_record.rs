//! Kafka's `KRaftVersionRecord` data schema: versions 0, flexible 0+.
//!
//! Declared from Kafka's `KRaftVersionRecord.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `KRaftVersionRecord` data schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct KRaftVersionRecord {
    /// The version of the kraft version record.
    #[kafka(versions = "0+")]
    pub version: i16,
    /// The kraft protocol version.
    #[kafka(versions = "0+")]
    pub k_raft_version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
