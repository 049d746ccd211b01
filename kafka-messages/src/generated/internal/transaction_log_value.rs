//! Kafka's `TransactionLogValue` coordinator-value schema: versions 0-1, flexible 1+.
//!
//! The value of record type 0 in `__transaction_state`.
//!
//! Declared from `TransactionLogValue.json` of `org.apache.kafka:kafka-transaction-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 1 is the first flexible version.
//! KIP-915: bumping the version will no longer make this record backward compatible.
//! We suggest to add/remove only tagged fields to maintain backward compatibility.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `TransactionLogValue` coordinator-value schema, versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TransactionLogValue {
    /// Producer id in use by the transactional id.
    #[kafka(versions = "0+")]
    pub producer_id: i64,
    /// Producer id used by the last committed transaction.
    #[kafka(versions = "1+", tag = 0, tagged = "1+", default = -1)]
    pub previous_producer_id: i64,
    /// Latest producer ID sent to the producer for the given transactional id.
    #[kafka(versions = "1+", tag = 1, tagged = "1+", default = -1)]
    pub next_producer_id: i64,
    /// Epoch associated with the producer id.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// Producer epoch associated with the NextProducerId
    #[kafka(versions = "1+", tag = 3, tagged = "1+", default = -1)]
    pub next_producer_epoch: i16,
    /// Transaction timeout in milliseconds.
    #[kafka(versions = "0+")]
    pub transaction_timeout_ms: i32,
    /// TransactionState the transaction is in.
    #[kafka(versions = "0+")]
    pub transaction_status: i8,
    /// Partitions involved in the transaction.
    #[kafka(versions = "0+", nullable = "0+")]
    pub transaction_partitions: Option<Vec<PartitionsSchema>>,
    /// Time the transaction was last updated.
    #[kafka(versions = "0+")]
    pub transaction_last_update_timestamp_ms: i64,
    /// Time the transaction was started.
    #[kafka(versions = "0+")]
    pub transaction_start_timestamp_ms: i64,
    /// The transaction version used by the client.
    #[kafka(versions = "1+", tag = 2, tagged = "1+", default = 0)]
    pub client_transaction_version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TransactionLogValue.TransactionPartitions`: Partitions involved in the
/// transaction.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionsSchema {
    /// Topic involved in the transaction.
    #[kafka(versions = "0+")]
    pub topic: Str,
    /// Partition ids involved in the transaction.
    #[kafka(versions = "0+")]
    pub partition_ids: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
