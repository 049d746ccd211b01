//! Kafka's `StreamsGroupTargetAssignmentMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 20 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupTargetAssignmentMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `StreamsGroupTargetAssignmentMetadataValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupTargetAssignmentMetadataValue {
    /// The assignment epoch.
    #[kafka(versions = "0+")]
    pub assignment_epoch: i32,
    /// The time at which the assignment calculation finished.
    #[kafka(versions = "0+", tag = 0, tagged = "0+", default = 0, ignorable)]
    pub assignment_timestamp: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
