//! Kafka's `ConsumerGroupTargetAssignmentMetadataKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 6 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupTargetAssignmentMetadataKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `ConsumerGroupTargetAssignmentMetadataKey` coordinator-key schema, versions 0,
/// flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupTargetAssignmentMetadataKey {
    /// The group id.
    #[kafka(versions = "0")]
    pub group_id: Str,
}
