//! DescribeDelegationToken (API key 41): versions 0-3, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-3, Kafka 3.9.1 versions 0-3: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DescribeDelegationTokenRequest.json` and
//! `DescribeDelegationTokenResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 is the same as version 0.
//! Version 2 adds flexible version support
//! Version 3 adds token requester into the response
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 adds flexible version support
//! Version 3 adds token requester details

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeDelegationToken (API key 41), versions 0-3 (Kafka 4.4.0: 1-3; Kafka
/// 3.9.1: 0-3), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 41, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeDelegationTokenRequest {
    /// Each owner that we want to describe delegation tokens for, or null to describe all
    /// tokens.
    #[kafka(versions = "0+", nullable = "0+")]
    pub owners: Option<Vec<DescribeDelegationTokenOwner>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeDelegationTokenRequest {
    type Response = DescribeDelegationTokenResponse;
}

/// An element of `DescribeDelegationTokenRequest.Owners`: Each owner that we want to describe
/// delegation tokens for, or null to describe all tokens.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeDelegationTokenOwner {
    /// The owner principal type.
    #[kafka(versions = "0+")]
    pub principal_type: Str,
    /// The owner principal name.
    #[kafka(versions = "0+")]
    pub principal_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeDelegationToken (API key 41), versions 0-3 (Kafka 4.4.0: 1-3; Kafka
/// 3.9.1: 0-3), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 41, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeDelegationTokenResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The tokens.
    #[kafka(versions = "0+")]
    pub tokens: Vec<DescribedDelegationToken>,
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeDelegationTokenResponse.Tokens`: The tokens.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribedDelegationToken {
    /// The token principal type.
    #[kafka(versions = "0+")]
    pub principal_type: Str,
    /// The token principal name.
    #[kafka(versions = "0+")]
    pub principal_name: Str,
    /// The principal type of the requester of the token.
    #[kafka(versions = "3+")]
    pub token_requester_principal_type: Str,
    /// The principal type of the requester of the token.
    #[kafka(versions = "3+")]
    pub token_requester_principal_name: Str,
    /// The token issue timestamp in milliseconds.
    #[kafka(versions = "0+")]
    pub issue_timestamp: i64,
    /// The token expiry timestamp in milliseconds.
    #[kafka(versions = "0+")]
    pub expiry_timestamp: i64,
    /// The token maximum timestamp length in milliseconds.
    #[kafka(versions = "0+")]
    pub max_timestamp: i64,
    /// The token ID.
    #[kafka(versions = "0+")]
    pub token_id: Str,
    /// The token HMAC.
    #[kafka(versions = "0+")]
    pub hmac: Bytes,
    /// Those who are able to renew this token before it expires.
    #[kafka(versions = "0+")]
    pub renewers: Vec<DescribedDelegationTokenRenewer>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribedDelegationToken.Renewers`: Those who are able to renew this token
/// before it expires.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribedDelegationTokenRenewer {
    /// The renewer principal type.
    #[kafka(versions = "0+")]
    pub principal_type: Str,
    /// The renewer principal name.
    #[kafka(versions = "0+")]
    pub principal_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
