//! ListConfigResources (API key 74): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `ListConfigResourcesRequest.json` and
//! `ListConfigResourcesResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 is used as ListClientMetricsResourcesRequest which only lists client metrics resources.
//! Version 1 adds ResourceTypes field (KIP-1142). If there is no specified ResourceTypes, it should return all configuration resources.
//!
//! # Response versions
//!
//! Version 0 is used as ListClientMetricsResourcesResponse which returns all client metrics resources.
//! Version 1 adds ResourceType to ConfigResources (KIP-1142).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ListConfigResources (API key 74), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 74, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListConfigResourcesRequest {
    /// The list of resource type. If the list is empty, it uses default supported config
    /// resource types.
    #[kafka(versions = "1+")]
    pub resource_types: Vec<i8>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ListConfigResourcesRequest {
    type Response = ListConfigResourcesResponse;
}

/// The response of ListConfigResources (API key 74), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 74, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListConfigResourcesResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Each config resource in the response.
    #[kafka(versions = "0+")]
    pub config_resources: Vec<ConfigResource>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListConfigResourcesResponse.ConfigResources`: Each config resource in the
/// response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConfigResource {
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The resource type.
    #[kafka(versions = "1+", default = 16, ignorable)]
    pub resource_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
