//! Kafka's `AbortTransactionRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 25 (`__cluster_metadata`).
//!
//! Declared from `AbortTransactionRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `AbortTransactionRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AbortTransactionRecord {
    /// An optional textual description of why the transaction was aborted.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+", default = None)]
    pub reason: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
