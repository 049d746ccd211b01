//! TxnOffsetCommit (API key 28): versions 0-6, flexible 3+.
//!
//! Declared from Kafka's `TxnOffsetCommitRequest.json` and `TxnOffsetCommitResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds the committed leader epoch.
//!
//! Version 3 adds the member.id, group.instance.id and generation.id.
//!
//! Version 4 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 5 is the same as version 4 (KIP-890). Note when TxnOffsetCommit requests are used in transaction, if
//! transaction V2 (KIP_890 part 2) is enabled, the TxnOffsetCommit request will also include the function for a
//! AddOffsetsToTxn call. If V2 is disabled, the client can't use TxnOffsetCommit request version higher than 4 within
//! a transaction.
//!
//! Version 6 adds support for topic IDs and removes support for topic names (KIP-1319).
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 is the same as version 1.
//!
//! Version 3 adds illegal generation, fenced instance id, and unknown member id errors.
//!
//! Version 4 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 5 is the same with version 3 (KIP-890).
//!
//! Version 6 adds support for topic IDs and removes support for topic names. It can also return
//! GROUP_ID_NOT_FOUND, STALE_MEMBER_EPOCH and UNKNOWN_TOPIC_ID (KIP-1319).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - TRANSACTIONAL_ID_AUTHORIZATION_FAILED (version 0+)
//! - INVALID_PRODUCER_ID_MAPPING (version 0+)
//! - INVALID_PRODUCER_EPOCH (version 0+)
//! - PRODUCER_FENCED (version 0+)
//! - INVALID_TXN_STATE (version 0+)
//! - UNSUPPORTED_FOR_MESSAGE_FORMAT (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - OFFSET_METADATA_TOO_LARGE (version 0+)
//! - ILLEGAL_GENERATION (version 3+)
//! - UNKNOWN_MEMBER_ID (version 3+)
//! - FENCED_INSTANCE_ID (version 3+)
//! - TRANSACTION_ABORTABLE (version 4+)
//! - GROUP_ID_NOT_FOUND (version 6+)
//! - STALE_MEMBER_EPOCH (version 6+)
//! - UNKNOWN_TOPIC_ID (version 6+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of TxnOffsetCommit (API key 28), versions 0-6, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 28, versions = "0-6", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitRequest {
    /// The ID of the transaction.
    #[kafka(versions = "0+", entity_type = "transactionalId")]
    pub transactional_id: Str,
    /// The ID of the group.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The current producer ID in use by the transactional ID.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer ID.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// The generation of the group if using the classic group protocol or the member epoch if
    /// using the consumer protocol.
    #[kafka(versions = "3+", default = -1)]
    pub generation_id_or_member_epoch: i32,
    /// The member ID assigned by the group coordinator.
    #[kafka(versions = "3+", default = "")]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "3+", nullable = "3+", default = None)]
    pub group_instance_id: Option<Str>,
    /// Each topic that we want to commit offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<TxnOffsetCommitRequestTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for TxnOffsetCommitRequest {
    type Response = TxnOffsetCommitResponse;
}

/// An element of `TxnOffsetCommitRequest.Topics`: Each topic that we want to commit offsets
/// for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitRequestTopic {
    /// The topic name.
    #[kafka(versions = "0-5", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "6+", ignorable)]
    pub topic_id: Uuid,
    /// The partitions inside the topic that we want to commit offsets for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<TxnOffsetCommitRequestPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TxnOffsetCommitRequestTopic.Partitions`: The partitions inside the topic that
/// we want to commit offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitRequestPartition {
    /// The index of the partition within the topic.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The message offset to be committed.
    #[kafka(versions = "0+")]
    pub committed_offset: i64,
    /// The leader epoch of the last consumed record.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub committed_leader_epoch: i32,
    /// Any associated metadata the client wants to keep.
    #[kafka(versions = "0+", nullable = "0+")]
    pub committed_metadata: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of TxnOffsetCommit (API key 28), versions 0-6, flexible 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 28, versions = "0-6", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The responses for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<TxnOffsetCommitResponseTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TxnOffsetCommitResponse.Topics`: The responses for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitResponseTopic {
    /// The topic name.
    #[kafka(versions = "0-5", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "6+", ignorable)]
    pub topic_id: Uuid,
    /// The responses for each partition in the topic.
    #[kafka(versions = "0+")]
    pub partitions: Vec<TxnOffsetCommitResponsePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TxnOffsetCommitResponseTopic.Partitions`: The responses for each partition in
/// the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TxnOffsetCommitResponsePartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
