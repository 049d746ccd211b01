//! ListTransactions (API key 66): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `ListTransactionsRequest.json` and `ListTransactionsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1: adds DurationFilter to list transactions older than specified duration
//! Version 2: adds TransactionalIdPattern to list transactions with the same pattern(KIP-1152)
//!
//! # Response versions
//!
//! Version 1 is the same as version 0 (KIP-994).
//! This API can return InvalidRegularExpression (KIP-1152).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ListTransactions (API key 66), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 66, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListTransactionsRequest {
    /// The transaction states to filter by: if empty, all transactions are returned; if non-
    /// empty, then only transactions matching one of the filtered states will be returned.
    #[kafka(versions = "0+")]
    pub state_filters: Vec<Str>,
    /// The producerIds to filter by: if empty, all transactions will be returned; if non-empty,
    /// only transactions which match one of the filtered producerIds will be returned.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id_filters: Vec<i64>,
    /// Duration (in millis) to filter by: if \< 0, all transactions will be returned;
    /// otherwise, only transactions running longer than this duration will be returned.
    #[kafka(versions = "1+", default = -1)]
    pub duration_filter: i64,
    /// The transactional ID regular expression pattern to filter by: if it is empty or null,
    /// all transactions are returned; Otherwise then only the transactions matching the given
    /// regular expression will be returned.
    #[kafka(versions = "2+", nullable = "2+", default = None)]
    pub transactional_id_pattern: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ListTransactionsRequest {
    type Response = ListTransactionsResponse;
}

/// The response of ListTransactions (API key 66), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 66, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListTransactionsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Set of state filters provided in the request which were unknown to the transaction
    /// coordinator.
    #[kafka(versions = "0+")]
    pub unknown_state_filters: Vec<Str>,
    /// The current state of the transaction for the transactional id.
    #[kafka(versions = "0+")]
    pub transaction_states: Vec<TransactionState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListTransactionsResponse.TransactionStates`: The current state of the
/// transaction for the transactional id.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TransactionState {
    /// The transactional id.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// The producer id.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The current transaction state of the producer.
    #[kafka(versions = "0+")]
    pub transaction_state: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
