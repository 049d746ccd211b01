//! SaslHandshake (API key 17): versions 0-1, flexible none.
//!
//! Declared from Kafka's `SaslHandshakeRequest.json` and `SaslHandshakeResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 supports SASL_AUTHENTICATE.
//! NOTE: Version cannot be easily bumped due to incorrect
//! client negotiation for clients \<= 2.4.
//! See <https://issues.apache.org/jira/browse/KAFKA-9577>
//!
//! # Response versions
//!
//! Version 1 is the same as version 0.
//! NOTE: Version cannot be easily bumped due to incorrect
//! client negotiation for clients \<= 2.4.
//! See <https://issues.apache.org/jira/browse/KAFKA-9577>

use kafka_wire::{KafkaMessage, Request, Str};

/// The request of SaslHandshake (API key 17), versions 0-1, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 17, versions = "0-1", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SaslHandshakeRequest {
    /// The SASL mechanism chosen by the client.
    #[kafka(versions = "0+")]
    pub mechanism: Str,
}

impl Request for SaslHandshakeRequest {
    type Response = SaslHandshakeResponse;
}

/// The response of SaslHandshake (API key 17), versions 0-1, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 17, versions = "0-1", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SaslHandshakeResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The mechanisms enabled in the server.
    #[kafka(versions = "0+")]
    pub mechanisms: Vec<Str>,
}
