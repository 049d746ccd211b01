//! Kafka's `AccessControlEntryRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 18 (`__cluster_metadata`).
//!
//! Declared from `AccessControlEntryRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `AccessControlEntryRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AccessControlEntryRecord {
    /// The unique ID of this ACL.
    #[kafka(versions = "0+")]
    pub id: Uuid,
    /// The resource type.
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource name.
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// The resource name pattern type.
    #[kafka(versions = "0+")]
    pub pattern_type: i8,
    /// The principal name.
    #[kafka(versions = "0+")]
    pub principal: Str,
    /// The host name.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The AclOperation.
    #[kafka(versions = "0+")]
    pub operation: i8,
    /// The AclPermissionType.
    #[kafka(versions = "0+")]
    pub permission_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
