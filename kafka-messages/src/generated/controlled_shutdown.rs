//! ControlledShutdown (API key 7): versions 0-3, flexible 3+.
//!
//! A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka 3.9.1 accepts versions
//! 0-3, Kafka 4.4.0 none (so [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is
//! empty).
//!
//! Declared from Kafka 3.9.1's `ControlledShutdownRequest.json` and
//! `ControlledShutdownResponse.json` by `cargo xtask generate`; regenerate rather than
//! edit.
//!
//! # Request versions
//!
//! Version 0 of ControlledShutdownRequest has a non-standard request header
//! which does not include clientId.  Version 1 and later use the standard
//! request header.
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds BrokerEpoch.
//!
//! # Response versions
//!
//! Versions 1 and 2 are the same as version 0.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ControlledShutdown (API key 7), versions 0-3 (Kafka 4.4.0: none; Kafka 3.9.1:
/// 0-3), flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 7, versions = "0-3", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControlledShutdownRequest {
    /// The id of the broker for which controlled shutdown has been requested.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The broker epoch.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub broker_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ControlledShutdownRequest {
    type Response = ControlledShutdownResponse;
}

/// The response of ControlledShutdown (API key 7), versions 0-3 (Kafka 4.4.0: none; Kafka
/// 3.9.1: 0-3), flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 7, versions = "0-3", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControlledShutdownResponse {
    /// The top-level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partitions that the broker still leads.
    #[kafka(versions = "0+")]
    pub remaining_partitions: Vec<RemainingPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ControlledShutdownResponse.RemainingPartitions`: The partitions that the
/// broker still leads.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct RemainingPartition {
    /// The name of the topic.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic_name: Str,
    /// The index of the partition.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
