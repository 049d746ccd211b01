//! Kafka's `BeginTransactionRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 23 (`__cluster_metadata`).
//!
//! Declared from `BeginTransactionRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `BeginTransactionRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BeginTransactionRecord {
    /// An optional textual description of this transaction.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+", default = None)]
    pub name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
