//! DescribeUserScramCredentials (API key 50): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DescribeUserScramCredentialsRequest.json` and
//! `DescribeUserScramCredentialsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeUserScramCredentials (API key 50), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 50, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeUserScramCredentialsRequest {
    /// The users to describe, or null/empty to describe all users.
    #[kafka(versions = "0+", nullable = "0+")]
    pub users: Option<Vec<UserName>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeUserScramCredentialsRequest {
    type Response = DescribeUserScramCredentialsResponse;
}

/// An element of `DescribeUserScramCredentialsRequest.Users`: The users to describe, or
/// null/empty to describe all users.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UserName {
    /// The user name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeUserScramCredentials (API key 50), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 50, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeUserScramCredentialsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The message-level error code, 0 except for user authorization or infrastructure issues.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The message-level error message, if any.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The results for descriptions, one per user.
    #[kafka(versions = "0+")]
    pub results: Vec<DescribeUserScramCredentialsResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeUserScramCredentialsResponse.Results`: The results for descriptions,
/// one per user.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeUserScramCredentialsResult {
    /// The user name.
    #[kafka(versions = "0+")]
    pub user: Str,
    /// The user-level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The user-level error message, if any.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The mechanism and related information associated with the user's SCRAM credentials.
    #[kafka(versions = "0+")]
    pub credential_infos: Vec<CredentialInfo>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeUserScramCredentialsResult.CredentialInfos`: The mechanism and
/// related information associated with the user's SCRAM credentials.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CredentialInfo {
    /// The SCRAM mechanism.
    #[kafka(versions = "0+")]
    pub mechanism: i8,
    /// The number of iterations used in the SCRAM credential.
    #[kafka(versions = "0+")]
    pub iterations: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
