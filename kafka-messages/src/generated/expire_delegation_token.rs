//! ExpireDelegationToken (API key 40): versions 0-2, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-2, Kafka 3.9.1 versions 0-2: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `ExpireDelegationTokenRequest.json` and
//! `ExpireDelegationTokenResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 is the same as version 0.
//! Version 2 adds flexible version support
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 adds flexible version support

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields};

/// The request of ExpireDelegationToken (API key 40), versions 0-2 (Kafka 4.4.0: 1-2; Kafka
/// 3.9.1: 0-2), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 40, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ExpireDelegationTokenRequest {
    /// The HMAC of the delegation token to be expired.
    #[kafka(versions = "0+")]
    pub hmac: Bytes,
    /// The expiry time period in milliseconds.
    #[kafka(versions = "0+")]
    pub expiry_time_period_ms: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ExpireDelegationTokenRequest {
    type Response = ExpireDelegationTokenResponse;
}

/// The response of ExpireDelegationToken (API key 40), versions 0-2 (Kafka 4.4.0: 1-2; Kafka
/// 3.9.1: 0-2), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 40, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ExpireDelegationTokenResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The timestamp in milliseconds at which this token expires.
    #[kafka(versions = "0+")]
    pub expiry_timestamp_ms: i64,
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
