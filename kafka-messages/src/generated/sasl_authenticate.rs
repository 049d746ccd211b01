//! SaslAuthenticate (API key 36): versions 0-2, flexible 2+.
//!
//! Declared from Kafka's `SaslAuthenticateRequest.json` and `SaslAuthenticateResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//! Version 2 adds flexible version support
//!
//! # Response versions
//!
//! Version 1 adds the session lifetime.
//! Version 2 adds flexible version support

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of SaslAuthenticate (API key 36), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 36, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SaslAuthenticateRequest {
    /// The SASL authentication bytes from the client, as defined by the SASL mechanism.
    #[kafka(versions = "0+")]
    pub auth_bytes: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for SaslAuthenticateRequest {
    type Response = SaslAuthenticateResponse;
}

/// The response of SaslAuthenticate (API key 36), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 36, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SaslAuthenticateResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The SASL authentication bytes from the server, as defined by the SASL mechanism.
    #[kafka(versions = "0+")]
    pub auth_bytes: Bytes,
    /// Number of milliseconds after which only re-authentication over the existing connection
    /// to create a new session can occur.
    #[kafka(versions = "1+", default = 0, ignorable)]
    pub session_lifetime_ms: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
