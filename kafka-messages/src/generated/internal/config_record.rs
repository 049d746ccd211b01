//! Kafka's `ConfigRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 4 (`__cluster_metadata`).
//!
//! Declared from `ConfigRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ConfigRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConfigRecord {
    /// The type of resource this configuration applies to.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The name of the resource this configuration applies to.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The name of the configuration key.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// The value of the configuration, or null if the it should be deleted.
    #[kafka(versions = "0+", nullable = "0+")]
    pub value: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
