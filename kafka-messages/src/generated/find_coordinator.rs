//! FindCoordinator (API key 10): versions 0-6, flexible 3+.
//!
//! Declared from Kafka's `FindCoordinatorRequest.json` and `FindCoordinatorResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds KeyType.
//!
//! Version 2 is the same as version 1.
//!
//! Version 3 is the first flexible version.
//!
//! Version 4 adds support for batching via CoordinatorKeys (KIP-699)
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 6 adds support for share groups (KIP-932).
//! For key type SHARE (2), the coordinator key format is "groupId:topicId:partition".
//!
//! # Response versions
//!
//! Version 1 adds throttle time and error messages.
//!
//! Starting in version 2, on quota violation, brokers send out responses before throttling.
//!
//! Version 3 is the first flexible version.
//!
//! Version 4 adds support for batching via Coordinators (KIP-699)
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 6 adds support for share groups (KIP-932).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of FindCoordinator (API key 10), versions 0-6, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 10, versions = "0-6", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FindCoordinatorRequest {
    /// The coordinator key.
    #[kafka(versions = "0-3")]
    pub key: Str,
    /// The coordinator key type. (group, transaction, share).
    #[kafka(versions = "1+", default = 0)]
    pub key_type: i8,
    /// The coordinator keys.
    #[kafka(versions = "4+")]
    pub coordinator_keys: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for FindCoordinatorRequest {
    type Response = FindCoordinatorResponse;
}

/// The response of FindCoordinator (API key 10), versions 0-6, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 10, versions = "0-6", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FindCoordinatorResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0-3")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "1-3", nullable = "1-3", ignorable)]
    pub error_message: Option<Str>,
    /// The node id.
    #[kafka(versions = "0-3", entity_type = "brokerId")]
    pub node_id: i32,
    /// The host name.
    #[kafka(versions = "0-3")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "0-3")]
    pub port: i32,
    /// Each coordinator result in the response.
    #[kafka(versions = "4+")]
    pub coordinators: Vec<Coordinator>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FindCoordinatorResponse.Coordinators`: Each coordinator result in the
/// response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Coordinator {
    /// The coordinator key.
    #[kafka(versions = "4+")]
    pub key: Str,
    /// The node id.
    #[kafka(versions = "4+", entity_type = "brokerId")]
    pub node_id: i32,
    /// The host name.
    #[kafka(versions = "4+")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "4+")]
    pub port: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "4+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "4+", nullable = "4+", ignorable)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
