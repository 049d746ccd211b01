//! Kafka's `VotersRecord` data schema: versions 0, flexible 0+.
//!
//! Declared from Kafka's `VotersRecord.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `VotersRecord` data schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct VotersRecord {
    /// The version of the voters record.
    #[kafka(versions = "0+")]
    pub version: i16,
    /// The set of voters in the quorum for this epoch.
    #[kafka(versions = "0+")]
    pub voters: Vec<Voter>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `VotersRecord.Voters`: The set of voters in the quorum for this epoch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Voter {
    /// The replica id of the voter in the topic partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub voter_id: i32,
    /// The directory id of the voter in the topic partition.
    #[kafka(versions = "0+")]
    pub voter_directory_id: Uuid,
    /// The endpoint that can be used to communicate with the voter.
    #[kafka(versions = "0+")]
    pub endpoints: Vec<Endpoint>,
    /// The range of versions of the protocol that the replica supports.
    #[kafka(versions = "0+")]
    pub k_raft_version_feature: KRaftVersionFeature,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Voter.Endpoints`: The endpoint that can be used to communicate with the
/// voter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Endpoint {
    /// The name of the endpoint.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "0+")]
    pub port: u16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `Voter.KRaftVersionFeature`: The range of versions of the protocol that the replica
/// supports.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct KRaftVersionFeature {
    /// The minimum supported KRaft protocol version.
    #[kafka(versions = "0+")]
    pub min_supported_version: i16,
    /// The maximum supported KRaft protocol version.
    #[kafka(versions = "0+")]
    pub max_supported_version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
