//! Kafka's `LeaderChangeMessage` data schema: versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `LeaderChangeMessage.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! Version 1 adds VoterDirectoryId (KIP-853)

use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `LeaderChangeMessage` data schema, versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderChangeMessage {
    /// The version of the leader change message.
    #[kafka(versions = "0+")]
    pub version: i16,
    /// The ID of the newly elected leader.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The set of voters in the quorum for this epoch.
    #[kafka(versions = "0+")]
    pub voters: Vec<Voter>,
    /// The voters who voted for the leader at the time of election.
    #[kafka(versions = "0+")]
    pub granting_voters: Vec<Voter>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaderChangeMessage.Voters`: The set of voters in the quorum for this epoch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Voter {
    /// The ID of the voter.
    #[kafka(versions = "0+")]
    pub voter_id: i32,
    /// The directory id of the voter.
    #[kafka(versions = "1+")]
    pub voter_directory_id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
