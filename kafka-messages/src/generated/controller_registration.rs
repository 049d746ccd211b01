//! ControllerRegistration (API key 70): versions 0, flexible 0+.
//!
//! Declared from Kafka's `ControllerRegistrationRequest.json` and
//! `ControllerRegistrationResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of ControllerRegistration (API key 70), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 70, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControllerRegistrationRequest {
    /// The ID of the controller to register.
    #[kafka(versions = "0+")]
    pub controller_id: i32,
    /// The controller incarnation ID, which is unique to each process run.
    #[kafka(versions = "0+")]
    pub incarnation_id: Uuid,
    /// Set if the required configurations for ZK migration are present.
    #[kafka(versions = "0+")]
    pub zk_migration_ready: bool,
    /// The listeners of this controller.
    #[kafka(versions = "0+")]
    pub listeners: Vec<Listener>,
    /// The features on this controller.
    #[kafka(versions = "0+")]
    pub features: Vec<Feature>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ControllerRegistrationRequest {
    type Response = ControllerRegistrationResponse;
}

/// An element of `ControllerRegistrationRequest.Listeners`: The listeners of this controller.
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

/// An element of `ControllerRegistrationRequest.Features`: The features on this controller.
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

/// The response of ControllerRegistration (API key 70), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 70, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControllerRegistrationResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The response error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
