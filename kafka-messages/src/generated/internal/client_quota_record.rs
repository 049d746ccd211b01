//! Kafka's `ClientQuotaRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 14 (`__cluster_metadata`).
//!
//! Declared from `ClientQuotaRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ClientQuotaRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ClientQuotaRecord {
    /// The quota entity to alter.
    #[kafka(versions = "0+")]
    pub entity: Vec<EntityData>,
    /// The quota configuration key.
    #[kafka(versions = "0+")]
    pub key: Str,
    /// The value to set, otherwise ignored if the value is to be removed.
    #[kafka(versions = "0+")]
    pub value: f64,
    /// Whether the quota configuration value should be removed, otherwise set.
    #[kafka(versions = "0+")]
    pub remove: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ClientQuotaRecord.Entity`: The quota entity to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EntityData {
    /// The entity type.
    #[kafka(versions = "0+")]
    pub entity_type: Str,
    /// The name of the entity, or null if the default.
    #[kafka(versions = "0+", nullable = "0+")]
    pub entity_name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
