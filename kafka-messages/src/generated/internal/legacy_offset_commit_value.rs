//! Kafka's `LegacyOffsetCommitValue` coordinator-value schema: versions 0, flexible none.
//!
//! The value of record type 0 in `__consumer_offsets`.
//!
//! Declared from `LegacyOffsetCommitValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `LegacyOffsetCommitValue` coordinator-value schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LegacyOffsetCommitValue {
    /// The offset that the consumer wants to store (for this partition).
    #[kafka(versions = "0", name = "offset")]
    pub offset: i64,
    /// Any metadata the client wants to keep.
    #[kafka(versions = "0", name = "metadata")]
    pub metadata: Str,
    /// The time at which the commit was added to the log.
    #[kafka(versions = "0", name = "commitTimestamp")]
    pub commit_timestamp: i64,
}
