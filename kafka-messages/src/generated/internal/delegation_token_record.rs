//! Kafka's `DelegationTokenRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 10 (`__cluster_metadata`).
//!
//! Declared from `DelegationTokenRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `DelegationTokenRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DelegationTokenRecord {
    /// The delegation token owner.
    #[kafka(versions = "0+")]
    pub owner: Str,
    /// The delegation token requester.
    #[kafka(versions = "0+")]
    pub requester: Str,
    /// The principals which can renew this token.
    #[kafka(versions = "0+")]
    pub renewers: Vec<Str>,
    /// The time at which this timestamp was issued.
    #[kafka(versions = "0+")]
    pub issue_timestamp: i64,
    /// The time at which this token cannot be renewed any more.
    #[kafka(versions = "0+")]
    pub max_timestamp: i64,
    /// The next time at which this token must be renewed.
    #[kafka(versions = "0+")]
    pub expiration_timestamp: i64,
    /// The token id.
    #[kafka(versions = "0+")]
    pub token_id: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
