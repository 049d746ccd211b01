//! Envelope (API key 58): versions 0, flexible 0+.
//!
//! Declared from Kafka's `EnvelopeRequest.json` and `EnvelopeResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Request struct for forwarding.
//!
//! # Response versions
//!
//! Response struct for forwarding.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields};

/// The request of Envelope (API key 58), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 58, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EnvelopeRequest {
    /// The embedded request header and data.
    #[kafka(versions = "0+")]
    pub request_data: Bytes,
    /// Value of the initial client principal when the request is redirected by a broker.
    #[kafka(versions = "0+", nullable = "0+")]
    pub request_principal: Option<Bytes>,
    /// The original client's address in bytes.
    #[kafka(versions = "0+")]
    pub client_host_address: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for EnvelopeRequest {
    type Response = EnvelopeResponse;
}

/// The response of Envelope (API key 58), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 58, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EnvelopeResponse {
    /// The embedded response header and data.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub response_data: Option<Bytes>,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
