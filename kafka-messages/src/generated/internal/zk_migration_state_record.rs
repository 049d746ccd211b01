//! Kafka's `ZkMigrationStateRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 21 (`__cluster_metadata`).
//!
//! Declared from `ZkMigrationRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 0 adds ZkMigrationState which is used by the KRaft controller to mark the beginning and end
//! of the ZK to KRaft migration.
//!
//! In 3.4, the defined values are: 0 (None), 1 (PreMigration), 2 (Migration), 3 (PostMigration).
//! In 3.5, the values for PreMigration and Migration were swapped: 0 (None), 2 (PreMigration), 1 (Migration), 3 (PostMigration).
//! This was done to work around the fact that we never wrote Migration or PostMigration records in 3.4
//! In 4.0, although migration is no longer supported and ZK has been removed from Kafka,
//! users might migrate from ZK to KRaft in version 3.x and then perform a rolling upgrade to 4.0.
//! Therefore, this generated code needs to be retained.

use kafka_wire::{KafkaMessage, UnknownTaggedFields};

/// Kafka's `ZkMigrationStateRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ZkMigrationStateRecord {
    /// One of the possible migration states.
    #[kafka(versions = "0+")]
    pub zk_migration_state: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
