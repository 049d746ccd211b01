//! PushTelemetry (API key 72): versions 0, flexible 0+.
//!
//! Declared from Kafka's `PushTelemetryRequest.json` and `PushTelemetryResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields, Uuid};

/// The request of PushTelemetry (API key 72), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 72, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PushTelemetryRequest {
    /// Unique id for this client instance.
    #[kafka(versions = "0+")]
    pub client_instance_id: Uuid,
    /// Unique identifier for the current subscription.
    #[kafka(versions = "0+")]
    pub subscription_id: i32,
    /// Client is terminating the connection.
    #[kafka(versions = "0+")]
    pub terminating: bool,
    /// Compression codec used to compress the metrics.
    #[kafka(versions = "0+")]
    pub compression_type: i8,
    /// Metrics encoded in OpenTelemetry MetricsData v1 protobuf format.
    #[kafka(versions = "0+")]
    pub metrics: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for PushTelemetryRequest {
    type Response = PushTelemetryResponse;
}

/// The response of PushTelemetry (API key 72), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 72, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PushTelemetryResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
