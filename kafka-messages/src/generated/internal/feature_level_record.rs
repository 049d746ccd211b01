//! Kafka's `FeatureLevelRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 12 (`__cluster_metadata`).
//!
//! Declared from `FeatureLevelRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Note: New metadata logs and snapshots begin with a FeatureLevelRecord which specifies the
//! metadata level that is required to read them. The version of that record cannot advance
//! beyond 0, for backwards compatibility reasons.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `FeatureLevelRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FeatureLevelRecord {
    /// The feature name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// The current finalized feature level of this feature for the cluster, a value of 0 means
    /// feature not supported.
    #[kafka(versions = "0+")]
    pub feature_level: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
