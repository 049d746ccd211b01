//! Kafka's `BrokerRegistrationChangeRecord` metadata schema: versions 0-3, flexible 0+.
//!
//! A KRaft metadata log record, API key 17 (`__cluster_metadata`).
//!
//! Declared from `BrokerRegistrationChangeRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `BrokerRegistrationChangeRecord` metadata schema, versions 0-3, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-3", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerRegistrationChangeRecord {
    /// The broker id.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The broker epoch assigned by the controller.
    #[kafka(versions = "0+")]
    pub broker_epoch: i64,
    /// -1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced.
    #[kafka(versions = "0+", tag = 0, tagged = "0+")]
    pub fenced: i8,
    /// 0 if no change, 1 if the broker is in controlled shutdown.
    #[kafka(versions = "1+", tag = 1, tagged = "1+")]
    pub in_controlled_shutdown: i8,
    /// Log directories configured in this broker which are available.
    #[kafka(versions = "2+", tag = 2, tagged = "2+")]
    pub log_dirs: Vec<Uuid>,
    /// Log directories that are cordoned or null if no change.
    #[kafka(versions = "3+", nullable = "3+", tag = 3, tagged = "3+", default = None)]
    pub cordoned_log_dirs: Option<Vec<Uuid>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
