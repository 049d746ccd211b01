//! ShareFetch (API key 78): versions 1-2, flexible 0+.
//!
//! Declared from Kafka's `ShareFetchRequest.json` and `ShareFetchResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 0 was used for early access of KIP-932 in Apache Kafka 4.0 but removed in Apache Kafka 4.1.
//!
//! Version 1 is the initial stable version (KIP-932).
//!
//! Version 2 introduces ShareAcquireMode and Renew acknowledgements (KIP-1206 and KIP-1222).
//!
//! # Response versions
//!
//! Version 0 was used for early access of KIP-932 in Apache Kafka 4.0 but removed in Apache Kafka 4.1.
//!
//! Version 1 is the initial stable version (KIP-932).
//!
//! Version 2 introduces ShareAcquireMode and Renew acknowledgements (KIP-1206 and KIP-1222).
//! Supported errors for ErrorCode and AcknowledgeErrorCode:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)
//! - SHARE_SESSION_NOT_FOUND (version 0+)
//! - INVALID_SHARE_SESSION_EPOCH (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - NOT_LEADER_OR_FOLLOWER (version 0+)
//! - UNKNOWN_TOPIC_ID (version 0+)
//! - INVALID_RECORD_STATE (version 0+) - only for AcknowledgeErrorCode
//! - KAFKA_STORAGE_ERROR (version 0+)
//! - CORRUPT_MESSAGE (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - UNKNOWN_SERVER_ERROR (version 0+)

use kafka_wire::{KafkaMessage, Records, Request, Str, UnknownTaggedFields, Uuid};

/// The request of ShareFetch (API key 78), versions 1-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 78, versions = "1-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareFetchRequest {
    /// The group identifier.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "groupId")]
    pub group_id: Option<Str>,
    /// The member ID.
    #[kafka(versions = "0+", nullable = "0+")]
    pub member_id: Option<Str>,
    /// The current share session epoch: 0 to open a share session; -1 to close it; otherwise
    /// increments for consecutive requests.
    #[kafka(versions = "0+")]
    pub share_session_epoch: i32,
    /// The maximum time in milliseconds to wait for the response.
    #[kafka(versions = "0+")]
    pub max_wait_ms: i32,
    /// The minimum bytes to accumulate in the response.
    #[kafka(versions = "0+")]
    pub min_bytes: i32,
    /// The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored.
    #[kafka(versions = "0+", default = 0x7fffffff)]
    pub max_bytes: i32,
    /// The maximum number of records to fetch. This limit can be exceeded for alignment of
    /// batch boundaries.
    #[kafka(versions = "1+")]
    pub max_records: i32,
    /// The optimal number of records for batches of acquired records and acknowledgements.
    #[kafka(versions = "1+")]
    pub batch_size: i32,
    /// The acquire mode to control the fetch behavior - 0:batch-optimized,1:record-limit.
    #[kafka(versions = "2+", default = 0, ignorable)]
    pub share_acquire_mode: i8,
    /// Whether Renew type acknowledgements present in AcknowledgementBatches.
    #[kafka(versions = "2+", default = false)]
    pub is_renew_ack: bool,
    /// The topics to fetch.
    #[kafka(versions = "0+")]
    pub topics: Vec<FetchTopic>,
    /// The partitions to remove from this share session.
    #[kafka(versions = "0+")]
    pub forgotten_topics_data: Vec<ForgottenTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ShareFetchRequest {
    type Response = ShareFetchResponse;
}

/// An element of `ShareFetchRequest.Topics`: The topics to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchTopic {
    /// The unique topic ID.
    #[kafka(versions = "0+", map_key)]
    pub topic_id: Uuid,
    /// The partitions to fetch.
    #[kafka(versions = "0+")]
    pub partitions: Vec<FetchPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchTopic.Partitions`: The partitions to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchPartition {
    /// The partition index.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// The maximum bytes to fetch from this partition. 0 when only acknowledgement with no
    /// fetching is required. See KIP-74 for cases where this limit may not be honored.
    #[kafka(versions = "0")]
    pub partition_max_bytes: i32,
    /// Record batches to acknowledge.
    #[kafka(versions = "0+")]
    pub acknowledgement_batches: Vec<AcknowledgementBatch>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchPartition.AcknowledgementBatches`: Record batches to acknowledge.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AcknowledgementBatch {
    /// First offset of batch of records to acknowledge.
    #[kafka(versions = "0+")]
    pub first_offset: i64,
    /// Last offset (inclusive) of batch of records to acknowledge.
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// Array of acknowledge types - 0:Gap,1:Accept,2:Release,3:Reject,4:Renew.
    #[kafka(versions = "0+")]
    pub acknowledge_types: Vec<i8>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareFetchRequest.ForgottenTopicsData`: The partitions to remove from this
/// share session.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ForgottenTopic {
    /// The unique topic ID.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The partitions indexes to forget.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ShareFetch (API key 78), versions 1-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 78, versions = "1-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareFetchResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The time in milliseconds for which the acquired records are locked.
    #[kafka(versions = "1+")]
    pub acquisition_lock_timeout_ms: i32,
    /// The response topics.
    #[kafka(versions = "0+")]
    pub responses: Vec<ShareFetchableTopicResponse>,
    /// Endpoints for all current leaders enumerated in PartitionData with error
    /// NOT_LEADER_OR_FOLLOWER.
    #[kafka(versions = "0+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareFetchResponse.Responses`: The response topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareFetchableTopicResponse {
    /// The unique topic ID.
    #[kafka(versions = "0+", map_key)]
    pub topic_id: Uuid,
    /// The topic partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareFetchableTopicResponse.Partitions`: The topic partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The fetch error code, or 0 if there was no fetch error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The fetch error message, or null if there was no fetch error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The acknowledge error code, or 0 if there was no acknowledge error.
    #[kafka(versions = "0+")]
    pub acknowledge_error_code: i16,
    /// The acknowledge error message, or null if there was no acknowledge error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub acknowledge_error_message: Option<Str>,
    /// The current leader of the partition.
    #[kafka(versions = "0+")]
    pub current_leader: LeaderIdAndEpoch,
    /// The record data.
    #[kafka(versions = "0+", nullable = "0")]
    pub records: Option<Records>,
    /// The acquired records.
    #[kafka(versions = "0+")]
    pub acquired_records: Vec<AcquiredRecords>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionData.CurrentLeader`: The current leader of the partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderIdAndEpoch {
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionData.AcquiredRecords`: The acquired records.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AcquiredRecords {
    /// The earliest offset in this batch of acquired records.
    #[kafka(versions = "0+")]
    pub first_offset: i64,
    /// The last offset of this batch of acquired records.
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// The delivery count of this batch of acquired records.
    #[kafka(versions = "0+")]
    pub delivery_count: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareFetchResponse.NodeEndpoints`: Endpoints for all current leaders
/// enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct NodeEndpoint {
    /// The ID of the associated node.
    #[kafka(versions = "0+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The node's hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// The rack of the node, or null if it has not been assigned to a rack.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
