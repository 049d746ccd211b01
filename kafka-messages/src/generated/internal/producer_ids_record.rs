//! Kafka's `ProducerIdsRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 15 (`__cluster_metadata`).
//!
//! Declared from `ProducerIdsRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `ProducerIdsRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ProducerIdsRecord {
    /// The ID of the requesting broker
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The epoch of the requesting broker
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// The next producerId that will be assigned (i.e. the first producerId in the next
    /// assigned block)
    #[kafka(versions = "0+")]
    pub next_producer_id: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
