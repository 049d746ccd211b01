//! Heartbeat (API key 12): versions 0-4, flexible 4+.
//!
//! Declared from Kafka's `HeartbeatRequest.json` and `HeartbeatResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 and version 2 are the same as version 0.
//!
//! Starting from version 3, we add a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 4 is the first flexible version.
//!
//! # Response versions
//!
//! Version 1 adds throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Starting from version 3, heartbeatRequest supports a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 4 is the first flexible version.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of Heartbeat (API key 12), versions 0-4, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 12, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct HeartbeatRequest {
    /// The group id.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The generation of the group.
    #[kafka(versions = "0+")]
    pub generation_id: i32,
    /// The member ID.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "3+", nullable = "3+", default = None)]
    pub group_instance_id: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for HeartbeatRequest {
    type Response = HeartbeatResponse;
}

/// The response of Heartbeat (API key 12), versions 0-4, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 12, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct HeartbeatResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
