//! BrokerRegistration (API key 62): versions 0-4, flexible 0+.
//!
//! Declared from Kafka's `BrokerRegistrationRequest.json` and
//! `BrokerRegistrationResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of BrokerRegistration (API key 62), versions 0-4, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 62, versions = "0-4", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerRegistrationRequest {
    /// The broker ID.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The cluster id of the broker process.
    #[kafka(versions = "0+")]
    pub cluster_id: Str,
    /// The incarnation id of the broker process.
    #[kafka(versions = "0+")]
    pub incarnation_id: Uuid,
    /// The listeners of this broker.
    #[kafka(versions = "0+")]
    pub listeners: Vec<Listener>,
    /// The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are
    /// omitted.
    #[kafka(versions = "0+")]
    pub features: Vec<Feature>,
    /// The rack which this broker is in.
    #[kafka(versions = "0+", nullable = "0+")]
    pub rack: Option<Str>,
    /// If the required configurations for ZK migration are present, this value is set to true.
    #[kafka(versions = "1+", default = false)]
    pub is_migrating_zk_broker: bool,
    /// Log directories configured in this broker which are available.
    #[kafka(versions = "2+", ignorable)]
    pub log_dirs: Vec<Uuid>,
    /// The epoch before a clean shutdown.
    #[kafka(versions = "3+", default = -1, ignorable)]
    pub previous_broker_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for BrokerRegistrationRequest {
    type Response = BrokerRegistrationResponse;
}

/// An element of `BrokerRegistrationRequest.Listeners`: The listeners of this broker.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Listener {
    /// The name of the endpoint.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "0+")]
    pub port: u16,
    /// The security protocol.
    #[kafka(versions = "0+")]
    pub security_protocol: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `BrokerRegistrationRequest.Features`: The features on this broker. Note: in
/// v0-v3, features with MinSupportedVersion = 0 are omitted.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Feature {
    /// The feature name.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The minimum supported feature level.
    #[kafka(versions = "0+")]
    pub min_supported_version: i16,
    /// The maximum supported feature level.
    #[kafka(versions = "0+")]
    pub max_supported_version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of BrokerRegistration (API key 62), versions 0-4, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 62, versions = "0-4", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerRegistrationResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The broker's assigned epoch, or -1 if none was assigned.
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
