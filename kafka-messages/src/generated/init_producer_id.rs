//! InitProducerId (API key 22): versions 0-6, flexible 2+.
//!
//! Declared from Kafka's `InitProducerIdRequest.json` and `InitProducerIdResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 adds ProducerId and ProducerEpoch, allowing producers to try to resume after an INVALID_PRODUCER_EPOCH error
//!
//! Version 4 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 6 adds support for 2PC (KIP-939).
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 is the same as version 2.
//!
//! Version 4 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 6 adds support for 2PC (KIP-939).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of InitProducerId (API key 22), versions 0-6, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 22, versions = "0-6", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct InitProducerIdRequest {
    /// The transactional id, or null if the producer is not transactional.
    #[kafka(versions = "0+", nullable = "0+", entity_type = "transactionalId")]
    pub transactional_id: Option<Str>,
    /// The time in ms to wait before aborting idle transactions sent by this producer. This is
    /// only relevant if a TransactionalId has been defined.
    #[kafka(versions = "0+")]
    pub transaction_timeout_ms: i32,
    /// The producer id. This is used to disambiguate requests if a transactional id is reused
    /// following its expiration.
    #[kafka(versions = "3+", default = -1, entity_type = "producerId")]
    pub producer_id: i64,
    /// The producer's current epoch. This will be checked against the producer epoch on the
    /// broker, and the request will return an error if they do not match.
    #[kafka(versions = "3+", default = -1)]
    pub producer_epoch: i16,
    /// True if the client wants to enable two-phase commit (2PC) protocol for transactions.
    #[kafka(versions = "6+", default = false)]
    pub enable2_pc: bool,
    /// True if the client wants to keep the currently ongoing transaction instead of aborting
    /// it.
    #[kafka(versions = "6+", default = false)]
    pub keep_prepared_txn: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for InitProducerIdRequest {
    type Response = InitProducerIdResponse;
}

/// The response of InitProducerId (API key 22), versions 0-6, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 22, versions = "0-6", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct InitProducerIdResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+", ignorable)]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The current producer id.
    #[kafka(versions = "0+", default = -1, entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer id.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// The producer id for ongoing transaction when KeepPreparedTxn is used, -1 if there is no
    /// transaction ongoing.
    #[kafka(versions = "6+", default = -1, entity_type = "producerId")]
    pub ongoing_txn_producer_id: i64,
    /// The epoch associated with the  producer id for ongoing transaction when KeepPreparedTxn
    /// is used, -1 if there is no transaction ongoing.
    #[kafka(versions = "6+", default = -1)]
    pub ongoing_txn_producer_epoch: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
