//! CreateDelegationToken (API key 38): versions 0-3, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-3, Kafka 3.9.1 versions 0-3: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `CreateDelegationTokenRequest.json` and
//! `CreateDelegationTokenResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 adds owner principal
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 adds token requester details

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of CreateDelegationToken (API key 38), versions 0-3 (Kafka 4.4.0: 1-3; Kafka
/// 3.9.1: 0-3), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 38, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateDelegationTokenRequest {
    /// The principal type of the owner of the token. If it's null it defaults to the token
    /// request principal.
    #[kafka(versions = "3+", nullable = "3+")]
    pub owner_principal_type: Option<Str>,
    /// The principal name of the owner of the token. If it's null it defaults to the token
    /// request principal.
    #[kafka(versions = "3+", nullable = "3+")]
    pub owner_principal_name: Option<Str>,
    /// A list of those who are allowed to renew this token before it expires.
    #[kafka(versions = "0+")]
    pub renewers: Vec<CreatableRenewers>,
    /// The maximum lifetime of the token in milliseconds, or -1 to use the server side default.
    #[kafka(versions = "0+")]
    pub max_lifetime_ms: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for CreateDelegationTokenRequest {
    type Response = CreateDelegationTokenResponse;
}

/// An element of `CreateDelegationTokenRequest.Renewers`: A list of those who are allowed to
/// renew this token before it expires.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableRenewers {
    /// The type of the Kafka principal.
    #[kafka(versions = "0+")]
    pub principal_type: Str,
    /// The name of the Kafka principal.
    #[kafka(versions = "0+")]
    pub principal_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of CreateDelegationToken (API key 38), versions 0-3 (Kafka 4.4.0: 1-3; Kafka
/// 3.9.1: 0-3), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 38, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateDelegationTokenResponse {
    /// The top-level error, or zero if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The principal type of the token owner.
    #[kafka(versions = "0+")]
    pub principal_type: Str,
    /// The name of the token owner.
    #[kafka(versions = "0+")]
    pub principal_name: Str,
    /// The principal type of the requester of the token.
    #[kafka(versions = "3+")]
    pub token_requester_principal_type: Str,
    /// The principal type of the requester of the token.
    #[kafka(versions = "3+")]
    pub token_requester_principal_name: Str,
    /// When this token was generated.
    #[kafka(versions = "0+")]
    pub issue_timestamp_ms: i64,
    /// When this token expires.
    #[kafka(versions = "0+")]
    pub expiry_timestamp_ms: i64,
    /// The maximum lifetime of this token.
    #[kafka(versions = "0+")]
    pub max_timestamp_ms: i64,
    /// The token UUID.
    #[kafka(versions = "0+")]
    pub token_id: Str,
    /// HMAC of the delegation token.
    #[kafka(versions = "0+")]
    pub hmac: Bytes,
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
