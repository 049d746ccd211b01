//! EndTxn (API key 26): versions 0-5, flexible 3+.
//!
//! Declared from Kafka's `EndTxnRequest.json` and `EndTxnResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 3 enables flexible versions.
//!
//! Version 4 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 5 enables bumping epoch on every transaction (KIP-890 Part 2)
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 3 enables flexible versions.
//!
//! Version 4 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 5 enables bumping epoch on every transaction (KIP-890 Part 2), so producer ID and epoch are included in the response.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of EndTxn (API key 26), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 26, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EndTxnRequest {
    /// The ID of the transaction to end.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// The producer ID.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// True if the transaction was committed, false if it was aborted.
    #[kafka(versions = "0+")]
    pub committed: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for EndTxnRequest {
    type Response = EndTxnResponse;
}

/// The response of EndTxn (API key 26), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 26, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EndTxnResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The producer ID.
    #[kafka(versions = "5+", default = -1, ignorable, entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer.
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub producer_epoch: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
