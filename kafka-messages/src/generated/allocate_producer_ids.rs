//! AllocateProducerIds (API key 67): versions 0, flexible 0+.
//!
//! Declared from Kafka's `AllocateProducerIdsRequest.json` and
//! `AllocateProducerIdsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields};

/// The request of AllocateProducerIds (API key 67), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 67, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AllocateProducerIdsRequest {
    /// The ID of the requesting broker.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The epoch of the requesting broker.
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AllocateProducerIdsRequest {
    type Response = AllocateProducerIdsResponse;
}

/// The response of AllocateProducerIds (API key 67), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 67, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AllocateProducerIdsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The first producer ID in this range, inclusive.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id_start: i64,
    /// The number of producer IDs in this range.
    #[kafka(versions = "0+")]
    pub producer_id_len: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
