//! Kafka's `ShareGroupMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 11 in `__consumer_offsets`.
//!
//! Declared from `ShareGroupMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `ShareGroupMetadataValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareGroupMetadataValue {
    /// The group epoch.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// The hash of all topics in the group.
    #[kafka(versions = "0+")]
    pub metadata_hash: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
