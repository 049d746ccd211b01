//! AddPartitionsToTxn (API key 24): versions 0-5, flexible 3+.
//!
//! Declared from Kafka's `AddPartitionsToTxnRequest.json` and
//! `AddPartitionsToTxnResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 3 enables flexible versions.
//!
//! Version 4 adds VerifyOnly field to check if partitions are already in transaction and adds support to batch multiple transactions.
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//! Versions 3 and below will be exclusively used by clients and versions 4 and above will be used by brokers.
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation brokers send out responses before throttling.
//!
//! Version 2 adds the support for new error code PRODUCER_FENCED.
//!
//! Version 3 enables flexible versions.
//!
//! Version 4 adds support to batch multiple transactions and a top level error code.
//!
//! Version 5 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AddPartitionsToTxn (API key 24), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 24, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnRequest {
    /// List of transactions to add partitions to.
    #[kafka(versions = "4+")]
    pub transactions: Vec<AddPartitionsToTxnTransaction>,
    /// The transactional id corresponding to the transaction.
    #[kafka(versions = "0-3", entity_type = "transactionalId")]
    pub v3_and_below_transactional_id: Str,
    /// Current producer id in use by the transactional id.
    #[kafka(versions = "0-3", entity_type = "producerId")]
    pub v3_and_below_producer_id: i64,
    /// Current epoch associated with the producer id.
    #[kafka(versions = "0-3")]
    pub v3_and_below_producer_epoch: i16,
    /// The partitions to add to the transaction.
    #[kafka(versions = "0-3")]
    pub v3_and_below_topics: Vec<AddPartitionsToTxnTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AddPartitionsToTxnRequest {
    type Response = AddPartitionsToTxnResponse;
}

/// An element of `AddPartitionsToTxnRequest.Transactions`: List of transactions to add
/// partitions to.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnTransaction {
    /// The transactional id corresponding to the transaction.
    #[kafka(versions = "4+", map_key, entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// Current producer id in use by the transactional id.
    #[kafka(versions = "4+", entity_type = "producerId")]
    pub producer_id: i64,
    /// Current epoch associated with the producer id.
    #[kafka(versions = "4+")]
    pub producer_epoch: i16,
    /// Boolean to signify if we want to check if the partition is in the transaction rather
    /// than add it.
    #[kafka(versions = "4+", default = false)]
    pub verify_only: bool,
    /// The partitions to add to the transaction.
    #[kafka(versions = "4+")]
    pub topics: Vec<AddPartitionsToTxnTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AddPartitionsToTxnTransaction.Topics`: The partitions to add to the
/// transaction.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnTopic {
    /// The name of the topic.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The partition indexes to add to the transaction.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AddPartitionsToTxn (API key 24), versions 0-5, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 24, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The response top level error code.
    #[kafka(versions = "4+", ignorable)]
    pub error_code: i16,
    /// Results categorized by transactional ID.
    #[kafka(versions = "4+")]
    pub results_by_transaction: Vec<AddPartitionsToTxnResult>,
    /// The results for each topic.
    #[kafka(versions = "0-3")]
    pub results_by_topic_v3_and_below: Vec<AddPartitionsToTxnTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AddPartitionsToTxnResponse.ResultsByTransaction`: Results categorized by
/// transactional ID.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnResult {
    /// The transactional id corresponding to the transaction.
    #[kafka(versions = "4+", map_key, entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// The results for each topic.
    #[kafka(versions = "4+")]
    pub topic_results: Vec<AddPartitionsToTxnTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AddPartitionsToTxnResult.TopicResults`: The results for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The results for each partition.
    #[kafka(versions = "0+")]
    pub results_by_partition: Vec<AddPartitionsToTxnPartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AddPartitionsToTxnTopicResult.ResultsByPartition`: The results for each
/// partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AddPartitionsToTxnPartitionResult {
    /// The partition indexes.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// The response error code.
    #[kafka(versions = "0+")]
    pub partition_error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
