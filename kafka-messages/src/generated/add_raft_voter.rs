//! AddRaftVoter (API key 80): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `AddRaftVoterRequest.json` and `AddRaftVoterResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds the AckWhenCommitted field.
//!
//! # Response versions
//!
//! Version 1 is the same as version 0

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of AddRaftVoter (API key 80), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 80, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddRaftVoterRequest {
    /// The cluster id.
    #[kafka(versions = "0+", nullable = "0+")]
    pub cluster_id: Option<Str>,
    /// The maximum time to wait for the request to complete before returning.
    #[kafka(versions = "0+")]
    pub timeout_ms: i32,
    /// The replica id of the voter getting added to the topic partition.
    #[kafka(versions = "0+")]
    pub voter_id: i32,
    /// The directory id of the voter getting added to the topic partition.
    #[kafka(versions = "0+")]
    pub voter_directory_id: Uuid,
    /// The endpoints that can be used to communicate with the voter.
    #[kafka(versions = "0+")]
    pub listeners: Vec<Listener>,
    /// When true, return a response after the new voter set is committed. Otherwise, return
    /// after the leader writes the changes locally.
    #[kafka(versions = "1+", default = true)]
    pub ack_when_committed: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AddRaftVoterRequest {
    type Response = AddRaftVoterResponse;
}

/// An element of `AddRaftVoterRequest.Listeners`: The endpoints that can be used to communicate
/// with the voter.
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

/// The response of AddRaftVoter (API key 80), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 80, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddRaftVoterResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", ignorable)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
