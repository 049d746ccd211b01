//! Kafka's `TransactionLogKey` coordinator-key schema: versions 0, flexible none.
//!
//! The key of record type 0 in `__transaction_state`.
//!
//! Declared from `TransactionLogKey.json` of `org.apache.kafka:kafka-transaction-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str};

/// Kafka's `TransactionLogKey` coordinator-key schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TransactionLogKey {
    /// The transactional id of the transaction.
    #[kafka(versions = "0")]
    pub transactional_id: Str,
}
