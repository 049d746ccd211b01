//! DescribeConfigs (API key 32): versions 0-4, flexible 4+.
//!
//! Kafka 4.4.0 accepts versions 1-4, Kafka 3.9.1 versions 0-4: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DescribeConfigsRequest.json` and `DescribeConfigsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)), with
//! `DescribeConfigsResponse.Results.Configs.IsDefault` from Kafka 3.9.1's (only its
//! versions have them), by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds IncludeSynonyms and removes IsDefault.
//! Version 2 is the same as version 1.
//! Version 4 enables flexible versions.
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 adds ConfigSource and the synonyms.
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//! Version 4 enables flexible versions.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeConfigs (API key 32), versions 0-4 (Kafka 4.4.0: 1-4; Kafka 3.9.1:
/// 0-4), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 32, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsRequest {
    /// The resources whose configurations we want to describe.
    #[kafka(versions = "0+")]
    pub resources: Vec<DescribeConfigsResource>,
    /// True if we should include all synonyms.
    #[kafka(versions = "1+", default = false)]
    pub include_synonyms: bool,
    /// True if we should include configuration documentation.
    #[kafka(versions = "3+", default = false)]
    pub include_documentation: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeConfigsRequest {
    type Response = DescribeConfigsResponse;
}

/// An element of `DescribeConfigsRequest.Resources`: The resources whose configurations we want
/// to describe.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsResource {
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The configuration keys to list, or null to list all configuration keys.
    #[kafka(versions = "0+", nullable = "0+")]
    pub configuration_keys: Option<Vec<Str>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeConfigs (API key 32), versions 0-4 (Kafka 4.4.0: 1-4; Kafka 3.9.1:
/// 0-4), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 32, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The results for each resource.
    #[kafka(versions = "0+")]
    pub results: Vec<DescribeConfigsResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeConfigsResponse.Results`: The results for each resource.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsResult {
    /// The error code, or 0 if we were able to successfully describe the configurations.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if we were able to successfully describe the configurations.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// Each listed configuration.
    #[kafka(versions = "0+")]
    pub configs: Vec<DescribeConfigsResourceResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeConfigsResult.Configs`: Each listed configuration.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsResourceResult {
    /// The configuration name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// The configuration value.
    #[kafka(versions = "0+", nullable = "0+")]
    pub value: Option<Str>,
    /// True if the configuration is read-only.
    #[kafka(versions = "0+")]
    pub read_only: bool,
    /// True if the configuration is not set.
    #[kafka(versions = "0")]
    pub is_default: bool,
    /// The configuration source.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub config_source: i8,
    /// True if this configuration is sensitive.
    #[kafka(versions = "0+")]
    pub is_sensitive: bool,
    /// The synonyms for this configuration key.
    #[kafka(versions = "1+", ignorable)]
    pub synonyms: Vec<DescribeConfigsSynonym>,
    /// The configuration data type. Type can be one of the following values - BOOLEAN, STRING,
    /// INT, SHORT, LONG, DOUBLE, LIST, CLASS, PASSWORD.
    #[kafka(versions = "3+", default = 0, ignorable)]
    pub config_type: i8,
    /// The configuration documentation.
    #[kafka(versions = "3+", nullable = "0+", ignorable)]
    pub documentation: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeConfigsResourceResult.Synonyms`: The synonyms for this configuration
/// key.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeConfigsSynonym {
    /// The synonym name.
    #[kafka(versions = "1+")]
    pub name: Str,
    /// The synonym value.
    #[kafka(versions = "1+", nullable = "0+")]
    pub value: Option<Str>,
    /// The synonym source.
    #[kafka(versions = "1+")]
    pub source: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
