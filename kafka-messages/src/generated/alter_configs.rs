//! AlterConfigs (API key 33): versions 0-2, flexible 2+.
//!
//! Declared from Kafka's `AlterConfigsRequest.json` and `AlterConfigsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//! Version 2 enables flexible versions.
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation brokers send out responses before throttling.
//! Version 2 enables flexible versions.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AlterConfigs (API key 33), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 33, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterConfigsRequest {
    /// The updates for each resource.
    #[kafka(versions = "0+")]
    pub resources: Vec<AlterConfigsResource>,
    /// True if we should validate the request, but not change the configurations.
    #[kafka(versions = "0+")]
    pub validate_only: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AlterConfigsRequest {
    type Response = AlterConfigsResponse;
}

/// An element of `AlterConfigsRequest.Resources`: The updates for each resource.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterConfigsResource {
    /// The resource type.
    #[kafka(versions = "0+", map_key)]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+", map_key)]
    pub resource_name: Str,
    /// The configurations.
    #[kafka(versions = "0+")]
    pub configs: Vec<AlterableConfig>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterConfigsResource.Configs`: The configurations.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterableConfig {
    /// The configuration key name.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The value to set for the configuration key.
    #[kafka(versions = "0+", nullable = "0+")]
    pub value: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AlterConfigs (API key 33), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 33, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterConfigsResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The responses for each resource.
    #[kafka(versions = "0+")]
    pub responses: Vec<AlterConfigsResourceResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterConfigsResponse.Responses`: The responses for each resource.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterConfigsResourceResponse {
    /// The resource error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The resource error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
