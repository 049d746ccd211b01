//! Kafka's `StreamsGroupCurrentMemberAssignmentKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 22 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupCurrentMemberAssignmentKey.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `StreamsGroupCurrentMemberAssignmentKey` coordinator-key schema, versions 0,
/// flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupCurrentMemberAssignmentKey {
    /// The group ID.
    #[kafka(versions = "0")]
    pub group_id: Str,
    /// The member ID.
    #[kafka(versions = "0")]
    pub member_id: Str,
}
