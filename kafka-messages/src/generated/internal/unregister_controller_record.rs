//! Kafka's `UnregisterControllerRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 29 (`__cluster_metadata`).
//!
//! Declared from `UnregisterControllerRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `UnregisterControllerRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UnregisterControllerRecord {
    /// The controller id.
    #[kafka(versions = "0+")]
    pub controller_id: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
