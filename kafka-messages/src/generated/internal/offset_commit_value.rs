//! Kafka's `OffsetCommitValue` coordinator-value schema: versions 0-4, flexible 4+.
//!
//! The value of record type 1 in `__consumer_offsets`.
//!
//! Declared from `OffsetCommitValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 4 is the first flexible version.
//! KIP-915: bumping the version will no longer make this record backward compatible.
//! We suggest to add/remove only tagged fields to maintain backward compatibility.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `OffsetCommitValue` coordinator-value schema, versions 0-4, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitValue {
    /// The offset that the consumer wants to store (for this partition).
    #[kafka(versions = "0+", name = "offset")]
    pub offset: i64,
    /// The leader epoch of the last consumed record.
    #[kafka(versions = "3+", default = -1, ignorable, name = "leaderEpoch")]
    pub leader_epoch: i32,
    /// Any metadata the client wants to keep.
    #[kafka(versions = "0+", name = "metadata")]
    pub metadata: Str,
    /// The time at which the commit was added to the log.
    #[kafka(versions = "0+", name = "commitTimestamp")]
    pub commit_timestamp: i64,
    /// The time at which the offset will expire.
    #[kafka(versions = "1", default = -1, ignorable, name = "expireTimestamp")]
    pub expire_timestamp: i64,
    /// The topic id of the committed offset.
    #[kafka(versions = "4+", tag = 0, tagged = "4+", ignorable, name = "topicId")]
    pub topic_id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
