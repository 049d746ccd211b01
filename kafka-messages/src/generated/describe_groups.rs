//! DescribeGroups (API key 15): versions 0-6, flexible 5+.
//!
//! Declared from Kafka's `DescribeGroupsRequest.json` and `DescribeGroupsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Versions 1 and 2 are the same as version 0.
//!
//! Starting in version 3, authorized operations can be requested.
//!
//! Starting in version 4, the response will include group.instance.id info for members.
//!
//! Version 5 is the first flexible version.
//!
//! Version 6 returns error code GROUP_ID_NOT_FOUND if the group ID is not found (KIP-1043).
//!
//! # Response versions
//!
//! Version 1 added throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Starting in version 3, brokers can send authorized operations.
//!
//! Starting in version 4, the response will optionally include group.instance.id info for members.
//!
//! Version 5 is the first flexible version.
//!
//! Version 6 returns error code GROUP_ID_NOT_FOUND if the group ID is not found (KIP-1043).

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeGroups (API key 15), versions 0-6, flexible 5+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 15, versions = "0-6", flexible = "5+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeGroupsRequest {
    /// The names of the groups to describe.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub groups: Vec<Str>,
    /// Whether to include authorized operations.
    #[kafka(versions = "3+")]
    pub include_authorized_operations: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeGroupsRequest {
    type Response = DescribeGroupsResponse;
}

/// The response of DescribeGroups (API key 15), versions 0-6, flexible 5+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 15, versions = "0-6", flexible = "5+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeGroupsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// Each described group.
    #[kafka(versions = "0+")]
    pub groups: Vec<DescribedGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeGroupsResponse.Groups`: Each described group.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribedGroup {
    /// The describe error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The describe error message, or null if there was no error.
    #[kafka(versions = "6+", nullable = "6+", default = None)]
    pub error_message: Option<Str>,
    /// The group ID string.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The group state string, or the empty string.
    #[kafka(versions = "0+")]
    pub group_state: Str,
    /// The group protocol type, or the empty string.
    #[kafka(versions = "0+")]
    pub protocol_type: Str,
    /// The group protocol data, or the empty string.
    #[kafka(versions = "0+")]
    pub protocol_data: Str,
    /// The group members.
    #[kafka(versions = "0+")]
    pub members: Vec<DescribedGroupMember>,
    /// 32-bit bitfield to represent authorized operations for this group.
    #[kafka(versions = "3+", default = -2147483648)]
    pub authorized_operations: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribedGroup.Members`: The group members.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribedGroupMember {
    /// The member id.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "4+", nullable = "4+", default = None, ignorable)]
    pub group_instance_id: Option<Str>,
    /// The client ID used in the member's latest join group request.
    #[kafka(versions = "0+")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+")]
    pub client_host: Str,
    /// The metadata corresponding to the current group protocol in use.
    #[kafka(versions = "0+")]
    pub member_metadata: Bytes,
    /// The current assignment provided by the group leader.
    #[kafka(versions = "0+")]
    pub member_assignment: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
