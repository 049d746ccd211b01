//! UpdateRaftVoter (API key 82): versions 0, flexible 0+.
//!
//! Declared from Kafka's `UpdateRaftVoterRequest.json` and `UpdateRaftVoterResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of UpdateRaftVoter (API key 82), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 82, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateRaftVoterRequest {
    /// The cluster id.
    #[kafka(versions = "0+", nullable = "0+")]
    pub cluster_id: Option<Str>,
    /// The current leader epoch of the partition, -1 for unknown leader epoch.
    #[kafka(versions = "0+")]
    pub current_leader_epoch: i32,
    /// The replica id of the voter getting updated in the topic partition.
    #[kafka(versions = "0+")]
    pub voter_id: i32,
    /// The directory id of the voter getting updated in the topic partition.
    #[kafka(versions = "0+")]
    pub voter_directory_id: Uuid,
    /// The endpoint that can be used to communicate with the leader.
    #[kafka(versions = "0+")]
    pub listeners: Vec<Listener>,
    /// The range of versions of the protocol that the replica supports.
    #[kafka(versions = "0+")]
    pub k_raft_version_feature: KRaftVersionFeature,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for UpdateRaftVoterRequest {
    type Response = UpdateRaftVoterResponse;
}

/// An element of `UpdateRaftVoterRequest.Listeners`: The endpoint that can be used to
/// communicate with the leader.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Listener {
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

/// `UpdateRaftVoterRequest.KRaftVersionFeature`: The range of versions of the protocol that the
/// replica supports.
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

/// The response of UpdateRaftVoter (API key 82), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 82, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateRaftVoterResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Details of the current Raft cluster leader.
    #[kafka(versions = "0+", tag = 0, tagged = "0+")]
    pub current_leader: CurrentLeader,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `UpdateRaftVoterResponse.CurrentLeader`: Details of the current Raft cluster leader.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CurrentLeader {
    /// The replica id of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+", default = -1, entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+", default = -1)]
    pub leader_epoch: i32,
    /// The node's hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
