//! DescribeCluster (API key 60): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `DescribeClusterRequest.json` and `DescribeClusterResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds EndpointType for KIP-919 support.
//! Version 2 adds IncludeFencedBrokers for KIP-1073 support.
//!
//! # Response versions
//!
//! Version 1 adds the EndpointType field, and makes MISMATCHED_ENDPOINT_TYPE and
//! UNSUPPORTED_ENDPOINT_TYPE valid top-level response error codes.
//! Version 2 adds IsFenced field to Brokers for KIP-1073 support.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeCluster (API key 60), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 60, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeClusterRequest {
    /// Whether to include cluster authorized operations.
    #[kafka(versions = "0+")]
    pub include_cluster_authorized_operations: bool,
    /// The endpoint type to describe. 1=brokers, 2=controllers.
    #[kafka(versions = "1+", default = 1)]
    pub endpoint_type: i8,
    /// Whether to include fenced brokers when listing brokers.
    #[kafka(versions = "2+")]
    pub include_fenced_brokers: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeClusterRequest {
    type Response = DescribeClusterResponse;
}

/// The response of DescribeCluster (API key 60), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 60, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeClusterResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The endpoint type that was described. 1=brokers, 2=controllers.
    #[kafka(versions = "1+", default = 1)]
    pub endpoint_type: i8,
    /// The cluster ID that responding broker belongs to.
    #[kafka(versions = "0+")]
    pub cluster_id: Str,
    /// The ID of the controller. When handled by a controller, returns the current voter leader
    /// ID. When handled by a broker, returns a random alive broker ID as a fallback.
    #[kafka(versions = "0+", default = -1, entity_type = "brokerId")]
    pub controller_id: i32,
    /// Each broker in the response.
    #[kafka(versions = "0+")]
    pub brokers: Vec<DescribeClusterBroker>,
    /// 32-bit bitfield to represent authorized operations for this cluster.
    #[kafka(versions = "0+", default = -2147483648)]
    pub cluster_authorized_operations: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeClusterResponse.Brokers`: Each broker in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeClusterBroker {
    /// The broker ID.
    #[kafka(versions = "0+", map_key, entity_type = "brokerId")]
    pub broker_id: i32,
    /// The broker hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The broker port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// The rack of the broker, or null if it has not been assigned to a rack.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub rack: Option<Str>,
    /// Whether the broker is fenced
    #[kafka(versions = "2+")]
    pub is_fenced: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
