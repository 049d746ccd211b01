//! Kafka's `QuorumStateData` data schema: versions 0-1, flexible 0+.
//!
//! A `data` schema of `kafka-raft` (not a log record).
//!
//! Declared from `QuorumStateData.json` of `org.apache.kafka:kafka-raft` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `QuorumStateData` data schema, versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct QuorumStateData {
    /// The cluster id.
    #[kafka(versions = "0")]
    pub cluster_id: Str,
    /// The leader id.
    #[kafka(versions = "0+", default = -1)]
    pub leader_id: i32,
    /// The leader epoch.
    #[kafka(versions = "0+", default = -1)]
    pub leader_epoch: i32,
    /// The voted id.
    #[kafka(versions = "0+", default = -1)]
    pub voted_id: i32,
    /// The voted directory id.
    #[kafka(versions = "1+")]
    pub voted_directory_id: Uuid,
    /// The applied offset.
    #[kafka(versions = "0")]
    pub applied_offset: i64,
    /// The current voters.
    #[kafka(versions = "0", nullable = "0")]
    pub current_voters: Option<Vec<Voter>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `QuorumStateData.CurrentVoters`: The current voters.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Voter {
    /// The voter id.
    #[kafka(versions = "0")]
    pub voter_id: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
