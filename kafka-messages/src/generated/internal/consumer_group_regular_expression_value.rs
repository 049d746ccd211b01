//! Kafka's `ConsumerGroupRegularExpressionValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 16 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupRegularExpressionValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ConsumerGroupRegularExpressionValue` coordinator-value schema, versions 0, flexible
/// 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupRegularExpressionValue {
    /// Topics
    #[kafka(versions = "0+")]
    pub topics: Vec<Str>,
    /// Version
    #[kafka(versions = "0+")]
    pub version: i64,
    /// Timestamp
    #[kafka(versions = "0+")]
    pub timestamp: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
