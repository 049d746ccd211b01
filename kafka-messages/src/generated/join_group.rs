//! JoinGroup (API key 11): versions 0-9, flexible 6+.
//!
//! Declared from Kafka's `JoinGroupRequest.json` and `JoinGroupResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 adds RebalanceTimeoutMs. Version 2 and 3 are the same as version 1.
//!
//! Starting from version 4, the client needs to issue a second request to join group
//!
//! Starting from version 5, we add a new field called groupInstanceId to indicate member identity across restarts.
//! with assigned id.
//!
//! Version 6 is the first flexible version.
//!
//! Version 7 is the same as version 6.
//!
//! Version 8 adds the Reason field (KIP-800).
//!
//! Version 9 is the same as version 8.
//!
//! # Response versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds throttle time.
//!
//! Starting in version 3, on quota violation, brokers send out responses before throttling.
//!
//! Starting in version 4, the client needs to issue a second request to join group
//! with assigned id.
//!
//! Version 5 is bumped to apply group.instance.id to identify member across restarts.
//!
//! Version 6 is the first flexible version.
//!
//! Starting from version 7, the broker sends back the Protocol Type to the client (KIP-559).
//!
//! Version 8 is the same as version 7.
//!
//! Version 9 adds the SkipAssignment field.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of JoinGroup (API key 11), versions 0-9, flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 11, versions = "0-9", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct JoinGroupRequest {
    /// The group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The coordinator considers the consumer dead if it receives no heartbeat after this
    /// timeout in milliseconds.
    #[kafka(versions = "0+")]
    pub session_timeout_ms: i32,
    /// The maximum time in milliseconds that the coordinator will wait for each member to
    /// rejoin when rebalancing the group.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub rebalance_timeout_ms: i32,
    /// The member id assigned by the group coordinator.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "5+", nullable = "5+", default = None)]
    pub group_instance_id: Option<Str>,
    /// The unique name the for class of protocols implemented by the group we want to join.
    #[kafka(versions = "0+")]
    pub protocol_type: Str,
    /// The list of protocols that the member supports.
    #[kafka(versions = "0+")]
    pub protocols: Vec<JoinGroupRequestProtocol>,
    /// The reason why the member (re-)joins the group.
    #[kafka(versions = "8+", nullable = "8+", default = None, ignorable)]
    pub reason: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for JoinGroupRequest {
    type Response = JoinGroupResponse;
}

/// An element of `JoinGroupRequest.Protocols`: The list of protocols that the member supports.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct JoinGroupRequestProtocol {
    /// The protocol name.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The protocol metadata.
    #[kafka(versions = "0+")]
    pub metadata: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of JoinGroup (API key 11), versions 0-9, flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 11, versions = "0-9", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct JoinGroupResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "2+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The generation ID of the group.
    #[kafka(versions = "0+", default = -1)]
    pub generation_id: i32,
    /// The group protocol name.
    #[kafka(versions = "7+", nullable = "7+", default = None, ignorable)]
    pub protocol_type: Option<Str>,
    /// The group protocol selected by the coordinator.
    #[kafka(versions = "0+", nullable = "7+")]
    pub protocol_name: Option<Str>,
    /// The leader of the group.
    #[kafka(versions = "0+")]
    pub leader: Str,
    /// True if the leader must skip running the assignment.
    #[kafka(versions = "9+", default = false)]
    pub skip_assignment: bool,
    /// The member ID assigned by the group coordinator.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The group members.
    #[kafka(versions = "0+")]
    pub members: Vec<JoinGroupResponseMember>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `JoinGroupResponse.Members`: The group members.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct JoinGroupResponseMember {
    /// The group member ID.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub group_instance_id: Option<Str>,
    /// The group member metadata.
    #[kafka(versions = "0+")]
    pub metadata: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
