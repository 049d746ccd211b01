//! SyncGroup (API key 14): versions 0-5, flexible 4+.
//!
//! Declared from Kafka's `SyncGroupRequest.json` and `SyncGroupResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Versions 1 and 2 are the same as version 0.
//!
//! Starting from version 3, we add a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 4 is the first flexible version.
//!
//! Starting from version 5, the client sends the Protocol Type and the Protocol Name
//! to the broker (KIP-559). The broker will reject the request if they are inconsistent
//! with the Type and Name known by the broker.
//!
//! # Response versions
//!
//! Version 1 adds throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Starting from version 3, syncGroupRequest supports a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 4 is the first flexible version.
//!
//! Starting from version 5, the broker sends back the Protocol Type and the Protocol Name
//! to the client (KIP-559).

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of SyncGroup (API key 14), versions 0-5, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 14, versions = "0-5", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SyncGroupRequest {
    /// The unique group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The generation of the group.
    #[kafka(versions = "0+")]
    pub generation_id: i32,
    /// The member ID assigned by the group.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "3+", nullable = "3+", default = None)]
    pub group_instance_id: Option<Str>,
    /// The group protocol type.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub protocol_type: Option<Str>,
    /// The group protocol name.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub protocol_name: Option<Str>,
    /// Each assignment.
    #[kafka(versions = "0+")]
    pub assignments: Vec<SyncGroupRequestAssignment>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for SyncGroupRequest {
    type Response = SyncGroupResponse;
}

/// An element of `SyncGroupRequest.Assignments`: Each assignment.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SyncGroupRequestAssignment {
    /// The ID of the member to assign.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The member assignment.
    #[kafka(versions = "0+")]
    pub assignment: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of SyncGroup (API key 14), versions 0-5, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 14, versions = "0-5", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SyncGroupResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The group protocol type.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub protocol_type: Option<Str>,
    /// The group protocol name.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub protocol_name: Option<Str>,
    /// The member assignment.
    #[kafka(versions = "0+")]
    pub assignment: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
