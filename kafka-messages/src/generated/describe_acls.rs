//! DescribeAcls (API key 29): versions 0-3, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-3, Kafka 3.9.1 versions 0-3: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DescribeAclsRequest.json` and `DescribeAclsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds resource pattern type.
//! Version 2 enables flexible versions.
//! Version 3 adds user resource type.
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds PatternType.
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 enables flexible versions.
//! Version 3 adds user resource type.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeAcls (API key 29), versions 0-3 (Kafka 4.4.0: 1-3; Kafka 3.9.1: 0-3),
/// flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 29, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeAclsRequest {
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type_filter: i8,
    /// The resource name, or null to match any resource name.
    #[kafka(versions = "0+", nullable = "0+")]
    pub resource_name_filter: Option<Str>,
    /// The resource pattern to match.
    #[kafka(versions = "1+", default = 3)]
    pub pattern_type_filter: i8,
    /// The principal to match, or null to match any principal.
    #[kafka(versions = "0+", nullable = "0+")]
    pub principal_filter: Option<Str>,
    /// The host to match, or null to match any host.
    #[kafka(versions = "0+", nullable = "0+")]
    pub host_filter: Option<Str>,
    /// The operation to match.
    #[kafka(versions = "0+")]
    pub operation: i8,
    /// The permission type to match.
    #[kafka(versions = "0+")]
    pub permission_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeAclsRequest {
    type Response = DescribeAclsResponse;
}

/// The response of DescribeAcls (API key 29), versions 0-3 (Kafka 4.4.0: 1-3; Kafka 3.9.1:
/// 0-3), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 29, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeAclsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Each Resource that is referenced in an ACL.
    #[kafka(versions = "0+")]
    pub resources: Vec<DescribeAclsResource>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeAclsResponse.Resources`: Each Resource that is referenced in an ACL.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeAclsResource {
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The resource pattern type.
    #[kafka(versions = "1+", default = 3)]
    pub pattern_type: i8,
    /// The ACLs.
    #[kafka(versions = "0+")]
    pub acls: Vec<AclDescription>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeAclsResource.Acls`: The ACLs.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AclDescription {
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
