//! DeleteAcls (API key 31): versions 0-3, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-3, Kafka 3.9.1 versions 0-3: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DeleteAclsRequest.json` and `DeleteAclsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds the pattern type.
//! Version 2 enables flexible versions.
//! Version 3 adds the user resource type.
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds the resource pattern type.
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 enables flexible versions.
//! Version 3 adds the user resource type.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DeleteAcls (API key 31), versions 0-3 (Kafka 4.4.0: 1-3; Kafka 3.9.1: 0-3),
/// flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 31, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteAclsRequest {
    /// The filters to use when deleting ACLs.
    #[kafka(versions = "0+")]
    pub filters: Vec<DeleteAclsFilter>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DeleteAclsRequest {
    type Response = DeleteAclsResponse;
}

/// An element of `DeleteAclsRequest.Filters`: The filters to use when deleting ACLs.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteAclsFilter {
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type_filter: i8,
    /// The resource name, or null to match any resource name.
    #[kafka(versions = "0+", nullable = "0+")]
    pub resource_name_filter: Option<Str>,
    /// The pattern type.
    #[kafka(versions = "1+", default = 3)]
    pub pattern_type_filter: i8,
    /// The principal filter, or null to accept all principals.
    #[kafka(versions = "0+", nullable = "0+")]
    pub principal_filter: Option<Str>,
    /// The host filter, or null to accept all hosts.
    #[kafka(versions = "0+", nullable = "0+")]
    pub host_filter: Option<Str>,
    /// The ACL operation.
    #[kafka(versions = "0+")]
    pub operation: i8,
    /// The permission type.
    #[kafka(versions = "0+")]
    pub permission_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DeleteAcls (API key 31), versions 0-3 (Kafka 4.4.0: 1-3; Kafka 3.9.1: 0-3),
/// flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 31, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteAclsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The results for each filter.
    #[kafka(versions = "0+")]
    pub filter_results: Vec<DeleteAclsFilterResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteAclsResponse.FilterResults`: The results for each filter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteAclsFilterResult {
    /// The error code, or 0 if the filter succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if the filter succeeded.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The ACLs which matched this filter.
    #[kafka(versions = "0+")]
    pub matching_acls: Vec<DeleteAclsMatchingAcl>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DeleteAclsFilterResult.MatchingAcls`: The ACLs which matched this filter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DeleteAclsMatchingAcl {
    /// The deletion error code, or 0 if the deletion succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The deletion error message, or null if the deletion succeeded.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The ACL resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The ACL resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The ACL resource pattern type.
    #[kafka(versions = "1+", default = 3)]
    pub pattern_type: i8,
    /// The ACL principal.
    #[kafka(versions = "0+")]
    pub principal: Str,
    /// The ACL host.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The ACL operation.
    #[kafka(versions = "0+")]
    pub operation: i8,
    /// The ACL permission type.
    #[kafka(versions = "0+")]
    pub permission_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
