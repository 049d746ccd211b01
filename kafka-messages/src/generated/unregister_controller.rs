//! UnregisterController (API key 94): versions 0, flexible 0+.
//!
//! Declared from Kafka's `UnregisterControllerRequest.json` and
//! `UnregisterControllerResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of UnregisterController (API key 94), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 94, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UnregisterControllerRequest {
    /// The controller ID to unregister.
    #[kafka(versions = "0+")]
    pub controller_id: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for UnregisterControllerRequest {
    type Response = UnregisterControllerResponse;
}

/// The response of UnregisterController (API key 94), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 94, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UnregisterControllerResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or `null` if there was no top-level error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
