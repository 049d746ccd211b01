//! Kafka's `UnfenceBrokerRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 8 (`__cluster_metadata`).
//!
//! Declared from `UnfenceBrokerRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `UnfenceBrokerRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UnfenceBrokerRecord {
    /// The broker ID to unfence.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub id: i32,
    /// The epoch of the broker to unfence.
    #[kafka(versions = "0+")]
    pub epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
