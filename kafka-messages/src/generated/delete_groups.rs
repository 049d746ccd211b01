//! DeleteGroups (API key 42): versions 0-3, flexible 2+.
//!
//! Declared from Kafka's `DeleteGroupsRequest.json` and `DeleteGroupsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 corresponds to the addition of an ErrorMessage field on each per-group
//! result in the response (populated when the broker needs to surface a cause to the
//! caller). The request body shape is unchanged at version 3.
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 adds the per-group ErrorMessage field so the broker can surface a cause
//! string when GROUP_DELETION_FAILED (or any other non-NONE error) is returned for a group.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DeleteGroups (API key 42), versions 0-3, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 42, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteGroupsRequest {
    /// The group names to delete.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub groups_names: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteGroupsRequest {
    type Response = DeleteGroupsResponse;
}

/// The response of DeleteGroups (API key 42), versions 0-3, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 42, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteGroupsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The deletion results.
    #[kafka(versions = "0+")]
    pub results: Vec<DeletableGroupResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteGroupsResponse.Results`: The deletion results.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeletableGroupResult {
    /// The group id.
    #[kafka(versions = "0+", map_key, entity_type = "groupId")]
    pub group_id: Str,
    /// The deletion error, or 0 if the deletion succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "3+", nullable = "3+", default = None, ignorable)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
