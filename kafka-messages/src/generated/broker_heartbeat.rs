//! BrokerHeartbeat (API key 63): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `BrokerHeartbeatRequest.json` and `BrokerHeartbeatResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.

use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields, Uuid};

/// The request of BrokerHeartbeat (API key 63), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 63, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerHeartbeatRequest {
    /// The broker ID.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The broker epoch.
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// The highest metadata offset which the broker has reached.
    #[kafka(versions = "0+")]
    pub current_metadata_offset: i64,
    /// True if the broker wants to be fenced, false otherwise.
    #[kafka(versions = "0+")]
    pub want_fence: bool,
    /// True if the broker wants to be shut down, false otherwise.
    #[kafka(versions = "0+")]
    pub want_shut_down: bool,
    /// Log directories that failed and went offline.
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub offline_log_dirs: Vec<Uuid>,
    /// List of log directories that are cordoned. This is null before the broker reaches the
    /// RECOVERY state.
    #[kafka(versions = "2+", nullable = "2+", tag = 1, tagged = "2+", default = None)]
    pub cordoned_log_dirs: Option<Vec<Uuid>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for BrokerHeartbeatRequest {
    type Response = BrokerHeartbeatResponse;
}

/// The response of BrokerHeartbeat (API key 63), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 63, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerHeartbeatResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// True if the broker has approximately caught up with the latest metadata.
    #[kafka(versions = "0+", default = false)]
    pub is_caught_up: bool,
    /// True if the broker is fenced.
    #[kafka(versions = "0+", default = true)]
    pub is_fenced: bool,
    /// True if the broker should proceed with its shutdown.
    #[kafka(versions = "0+")]
    pub should_shut_down: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
