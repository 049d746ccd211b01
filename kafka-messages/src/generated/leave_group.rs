//! LeaveGroup (API key 13): versions 0-5, flexible 4+.
//!
//! Declared from Kafka's `LeaveGroupRequest.json` and `LeaveGroupResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 and 2 are the same as version 0.
//!
//! Version 3 defines batch processing scheme with group.instance.id + member.id for identity
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 adds the Reason field (KIP-800).
//!
//! # Response versions
//!
//! Version 1 adds the throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Starting in version 3, we will make leave group request into batch mode and add group.instance.id.
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 is the same as version 4.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of LeaveGroup (API key 13), versions 0-5, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 13, versions = "0-5", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaveGroupRequest {
    /// The ID of the group to leave.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The member ID to remove from the group.
    #[kafka(versions = "0-2")]
    pub member_id: Str,
    /// List of leaving member identities.
    #[kafka(versions = "3+")]
    pub members: Vec<MemberIdentity>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for LeaveGroupRequest {
    type Response = LeaveGroupResponse;
}

/// An element of `LeaveGroupRequest.Members`: List of leaving member identities.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MemberIdentity {
    /// The member ID to remove from the group.
    #[kafka(versions = "3+")]
    pub member_id: Str,
    /// The group instance ID to remove from the group.
    #[kafka(versions = "3+", nullable = "3+", default = None)]
    pub group_instance_id: Option<Str>,
    /// The reason why the member left the group.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub reason: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of LeaveGroup (API key 13), versions 0-5, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 13, versions = "0-5", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaveGroupResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// List of leaving member responses.
    #[kafka(versions = "3+")]
    pub members: Vec<MemberResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaveGroupResponse.Members`: List of leaving member responses.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MemberResponse {
    /// The member ID to remove from the group.
    #[kafka(versions = "3+")]
    pub member_id: Str,
    /// The group instance ID to remove from the group.
    #[kafka(versions = "3+", nullable = "3+")]
    pub group_instance_id: Option<Str>,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "3+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
