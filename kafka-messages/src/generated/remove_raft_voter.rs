//! RemoveRaftVoter (API key 81): versions 0, flexible 0+.
//!
//! Declared from Kafka's `RemoveRaftVoterRequest.json` and `RemoveRaftVoterResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of RemoveRaftVoter (API key 81), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 81, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct RemoveRaftVoterRequest {
    /// The cluster id of the request.
    #[kafka(versions = "0+", nullable = "0+")]
    pub cluster_id: Option<Str>,
    /// The replica id of the voter getting removed from the topic partition.
    #[kafka(versions = "0+")]
    pub voter_id: i32,
    /// The directory id of the voter getting removed from the topic partition.
    #[kafka(versions = "0+")]
    pub voter_directory_id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for RemoveRaftVoterRequest {
    type Response = RemoveRaftVoterResponse;
}

/// The response of RemoveRaftVoter (API key 81), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 81, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct RemoveRaftVoterResponse {
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
