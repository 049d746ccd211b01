//! DescribeTransactions (API key 65): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DescribeTransactionsRequest.json` and
//! `DescribeTransactionsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeTransactions (API key 65), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 65, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTransactionsRequest {
    /// Array of transactionalIds to include in describe results. If empty, then no results will
    /// be returned.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_ids: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeTransactionsRequest {
    type Response = DescribeTransactionsResponse;
}

/// The response of DescribeTransactions (API key 65), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 65, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTransactionsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The current state of the transaction.
    #[kafka(versions = "0+")]
    pub transaction_states: Vec<TransactionState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeTransactionsResponse.TransactionStates`: The current state of the
/// transaction.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TransactionState {
    /// The error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The transactional id.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// The current transaction state of the producer.
    #[kafka(versions = "0+")]
    pub transaction_state: Str,
    /// The timeout in milliseconds for the transaction.
    #[kafka(versions = "0+")]
    pub transaction_timeout_ms: i32,
    /// The start time of the transaction in milliseconds.
    #[kafka(versions = "0+")]
    pub transaction_start_time_ms: i64,
    /// The current producer id associated with the transaction.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer id.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// The set of partitions included in the current transaction (if active). When a
    /// transaction is preparing to commit or abort, this will include only partitions which do
    /// not have markers.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TransactionState.Topics`: The set of partitions included in the current
/// transaction (if active). When a transaction is preparing to commit or abort, this will
/// include only partitions which do not have markers.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// The partition ids included in the current transaction.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
