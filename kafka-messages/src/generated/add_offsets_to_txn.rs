//! AddOffsetsToTxn (API key 25): versions 0-4, flexible 3+.
//!
//! Declared from Kafka's `AddOffsetsToTxnRequest.json` and `AddOffsetsToTxnResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
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
//! # Response versions
//!
//! Starting in version 1, on quota violation brokers send out responses before throttling.
//!
//! Version 2 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 3 enables flexible versions.
//!
//! Version 4 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AddOffsetsToTxn (API key 25), versions 0-4, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 25, versions = "0-4", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddOffsetsToTxnRequest {
    /// The transactional id corresponding to the transaction.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// Current producer id in use by the transactional id.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// Current epoch associated with the producer id.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// The unique group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AddOffsetsToTxnRequest {
    type Response = AddOffsetsToTxnResponse;
}

/// The response of AddOffsetsToTxn (API key 25), versions 0-4, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 25, versions = "0-4", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddOffsetsToTxnResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The response error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
