//! Kafka's `ClearElrRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 28 (`__cluster_metadata`).
//!
//! Declared from `ClearElrRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ClearElrRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ClearElrRecord {
    /// The name of the topic to clear ELRs for, or empty if all ELRs should be cleared.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
