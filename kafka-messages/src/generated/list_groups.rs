//! ListGroups (API key 16): versions 0-5, flexible 3+.
//!
//! Declared from Kafka's `ListGroupsRequest.json` and `ListGroupsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 and 2 are the same as version 0.
//!
//! Version 3 is the first flexible version.
//!
//! Version 4 adds the StatesFilter field (KIP-518).
//!
//! Version 5 adds the TypesFilter field (KIP-848).
//!
//! # Response versions
//!
//! Version 1 adds the throttle time.
//!
//! Starting in version 2, on quota violation, brokers send out
//! responses before throttling.
//!
//! Version 3 is the first flexible version.
//!
//! Version 4 adds the GroupState field (KIP-518).
//!
//! Version 5 adds the GroupType field (KIP-848).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ListGroups (API key 16), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 16, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListGroupsRequest {
    /// The states of the groups we want to list. If empty, all groups are returned with their
    /// state.
    #[kafka(versions = "4+")]
    pub states_filter: Vec<Str>,
    /// The types of the groups we want to list. If empty, all groups are returned with their
    /// type.
    #[kafka(versions = "5+")]
    pub types_filter: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ListGroupsRequest {
    type Response = ListGroupsResponse;
}

/// The response of ListGroups (API key 16), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 16, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListGroupsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Each group in the response.
    #[kafka(versions = "0+")]
    pub groups: Vec<ListedGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListGroupsResponse.Groups`: Each group in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListedGroup {
    /// The group ID.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The group protocol type.
    #[kafka(versions = "0+")]
    pub protocol_type: Str,
    /// The group state name.
    #[kafka(versions = "4+", ignorable)]
    pub group_state: Str,
    /// The group type name.
    #[kafka(versions = "5+", ignorable)]
    pub group_type: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
