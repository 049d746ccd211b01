//! Fetch (API key 1): versions 0-18, flexible 12+.
//!
//! Kafka 4.4.0 accepts versions 4-18, Kafka 3.9.1 versions 0-17: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `FetchRequest.json` and `FetchResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Versions 0-3 were removed in Apache Kafka 4.0, Version 4 is the new baseline.
//!
//! Version 1 is the same as version 0.
//! Starting in Version 2, the requester must be able to handle Kafka Log
//! Message format version 1.
//! Version 3 adds MaxBytes.  Starting in version 3, the partition ordering in
//! the request is now relevant.  Partitions will be processed in the order
//! they appear in the request.
//!
//! Version 4 adds IsolationLevel.  Starting in version 4, the requestor must be
//! able to handle Kafka log message format version 2.
//!
//! Version 5 adds LogStartOffset to indicate the earliest available offset of
//! partition data that can be consumed.
//!
//! Version 6 is the same as version 5.
//!
//! Version 7 adds incremental fetch request support.
//!
//! Version 8 is the same as version 7.
//!
//! Version 9 adds CurrentLeaderEpoch, as described in KIP-320.
//!
//! Version 10 indicates that we can use the ZStd compression algorithm, as
//! described in KIP-110.
//! Version 12 adds flexible versions support as well as epoch validation through
//! the `LastFetchedEpoch` field
//!
//! Version 13 replaces topic names with topic IDs (KIP-516). May return UNKNOWN_TOPIC_ID error code.
//!
//! Version 14 is the same as version 13 but it also receives a new error called OffsetMovedToTieredStorageException(KIP-405)
//!
//! Version 15 adds the ReplicaState which includes new field ReplicaEpoch and the ReplicaId. Also,
//! deprecate the old ReplicaId field and set its default value to -1. (KIP-903)
//!
//! Version 16 is the same as version 15 (KIP-951).
//!
//! Version 17 adds directory id support from KIP-853
//!
//! Version 18 adds high-watermark from KIP-1166
//!
//! # Response versions
//!
//! Versions 0-3 were removed in Apache Kafka 4.0, Version 4 is the new baseline.
//!
//! Version 1 adds throttle time. Version 2 and 3 are the same as version 1.
//!
//! Version 4 adds features for transactional consumption.
//!
//! Version 5 adds LogStartOffset to indicate the earliest available offset of
//! partition data that can be consumed.
//!
//! Starting in version 6, we may return KAFKA_STORAGE_ERROR as an error code.
//!
//! Version 7 adds incremental fetch request support.
//!
//! Starting in version 8, on quota violation, brokers send out responses before throttling.
//!
//! Version 9 is the same as version 8.
//!
//! Version 10 indicates that the response data can use the ZStd compression
//! algorithm, as described in KIP-110.
//! Version 12 adds support for flexible versions, epoch detection through the `TruncationOffset` field,
//! and leader discovery through the `CurrentLeader` field
//!
//! Version 13 replaces the topic name field with topic ID (KIP-516).
//!
//! Version 14 is the same as version 13 but it also receives a new error called OffsetMovedToTieredStorageException (KIP-405)
//!
//! Version 15 is the same as version 14 (KIP-903).
//!
//! Version 16 adds the 'NodeEndpoints' field (KIP-951).
//!
//! Version 17 no changes to the response (KIP-853).
//!
//! Version 18 no changes to the response (KIP-1166)

use kafka_wire::{KafkaMessage, Records, Request, Str, UnknownTaggedFields, Uuid};

/// The request of Fetch (API key 1), versions 0-18 (Kafka 4.4.0: 4-18; Kafka 3.9.1: 0-17),
/// flexible 12+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1, versions = "0-18", flexible = "12+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchRequest {
    /// The clusterId if known. This is used to validate metadata fetches prior to broker
    /// registration.
    #[kafka(versions = "12+", nullable = "12+", tag = 0, tagged = "12+", default = None, ignorable)]
    pub cluster_id: Option<Str>,
    /// The broker ID of the follower, of -1 if this request is from a consumer.
    #[kafka(versions = "0-14", default = -1, entity_type = "brokerId")]
    pub replica_id: i32,
    /// The state of the replica in the follower.
    #[kafka(versions = "15+", tag = 1, tagged = "15+")]
    pub replica_state: ReplicaState,
    /// The maximum time in milliseconds to wait for the response.
    #[kafka(versions = "0+")]
    pub max_wait_ms: i32,
    /// The minimum bytes to accumulate in the response.
    #[kafka(versions = "0+")]
    pub min_bytes: i32,
    /// The maximum bytes to fetch.  See KIP-74 for cases where this limit may not be honored.
    #[kafka(versions = "3+", default = 0x7fffffff, ignorable)]
    pub max_bytes: i32,
    /// This setting controls the visibility of transactional records. Using READ_UNCOMMITTED
    /// (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level =
    /// 1), non-transactional and COMMITTED transactional records are visible. To be more
    /// concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO
    /// (last stable offset), and enables the inclusion of the list of aborted transactions in
    /// the result, which allows consumers to discard ABORTED transactional records.
    #[kafka(versions = "4+", default = 0, ignorable)]
    pub isolation_level: i8,
    /// The fetch session ID.
    #[kafka(versions = "7+", default = 0, ignorable)]
    pub session_id: i32,
    /// The fetch session epoch, which is used for ordering requests in a session.
    #[kafka(versions = "7+", default = -1, ignorable)]
    pub session_epoch: i32,
    /// The topics to fetch.
    #[kafka(versions = "0+")]
    pub topics: Vec<FetchTopic>,
    /// In an incremental fetch request, the partitions to remove.
    #[kafka(versions = "7+")]
    pub forgotten_topics_data: Vec<ForgottenTopic>,
    /// Rack ID of the consumer making this request.
    #[kafka(versions = "11+", default = "", ignorable)]
    pub rack_id: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for FetchRequest {
    type Response = FetchResponse;
}

/// `FetchRequest.ReplicaState`: The state of the replica in the follower.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReplicaState {
    /// The replica ID of the follower, or -1 if this request is from a consumer.
    #[kafka(versions = "15+", default = -1, entity_type = "brokerId")]
    pub replica_id: i32,
    /// The epoch of this follower, or -1 if not available.
    #[kafka(versions = "15+", default = -1)]
    pub replica_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchRequest.Topics`: The topics to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchTopic {
    /// The name of the topic to fetch.
    #[kafka(versions = "0-12", ignorable, entity_type = "topicName")]
    pub topic: Str,
    /// The unique topic ID.
    #[kafka(versions = "13+", ignorable)]
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
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The current leader epoch of the partition.
    #[kafka(versions = "9+", default = -1, ignorable)]
    pub current_leader_epoch: i32,
    /// The message offset.
    #[kafka(versions = "0+")]
    pub fetch_offset: i64,
    /// The epoch of the last fetched record or -1 if there is none.
    #[kafka(versions = "12+", default = -1)]
    pub last_fetched_epoch: i32,
    /// The earliest available offset of the follower replica.  The field is only used when the
    /// request is sent by the follower.
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub log_start_offset: i64,
    /// The maximum bytes to fetch from this partition.  See KIP-74 for cases where this limit
    /// may not be honored.
    #[kafka(versions = "0+")]
    pub partition_max_bytes: i32,
    /// The directory id of the follower fetching.
    #[kafka(versions = "17+", tag = 0, tagged = "17+", ignorable)]
    pub replica_directory_id: Uuid,
    /// The high-watermark known by the replica. -1 if the high-watermark is not known and
    /// 9223372036854775807 if the feature is not supported.
    #[kafka(
        versions = "18+",
        tag = 1,
        tagged = "18+",
        default = 9223372036854775807,
        ignorable
    )]
    pub high_watermark: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchRequest.ForgottenTopicsData`: In an incremental fetch request, the
/// partitions to remove.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ForgottenTopic {
    /// The topic name.
    #[kafka(versions = "7-12", ignorable, entity_type = "topicName")]
    pub topic: Str,
    /// The unique topic ID.
    #[kafka(versions = "13+", ignorable)]
    pub topic_id: Uuid,
    /// The partitions indexes to forget.
    #[kafka(versions = "7+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of Fetch (API key 1), versions 0-18 (Kafka 4.4.0: 4-18; Kafka 3.9.1: 0-17),
/// flexible 12+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1, versions = "0-18", flexible = "12+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "7+", ignorable)]
    pub error_code: i16,
    /// The fetch session ID, or 0 if this is not part of a fetch session.
    #[kafka(versions = "7+", default = 0)]
    pub session_id: i32,
    /// The response topics.
    #[kafka(versions = "0+")]
    pub responses: Vec<FetchableTopicResponse>,
    /// Endpoints for all current-leaders enumerated in PartitionData, with errors
    /// NOT_LEADER_OR_FOLLOWER & FENCED_LEADER_EPOCH.
    #[kafka(versions = "16+", tag = 0, tagged = "16+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchResponse.Responses`: The response topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchableTopicResponse {
    /// The topic name.
    #[kafka(versions = "0-12", ignorable, entity_type = "topicName")]
    pub topic: Str,
    /// The unique topic ID.
    #[kafka(versions = "13+", ignorable)]
    pub topic_id: Uuid,
    /// The topic partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchableTopicResponse.Partitions`: The topic partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code, or 0 if there was no fetch error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The current high water mark.
    #[kafka(versions = "0+")]
    pub high_watermark: i64,
    /// The last stable offset (or LSO) of the partition. This is the last offset such that the
    /// state of all transactional records prior to this offset have been decided (ABORTED or
    /// COMMITTED).
    #[kafka(versions = "4+", default = -1, ignorable)]
    pub last_stable_offset: i64,
    /// The current log start offset.
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub log_start_offset: i64,
    /// In case divergence is detected based on the `LastFetchedEpoch` and `FetchOffset` in the
    /// request, this field indicates the largest epoch and its end offset such that subsequent
    /// records are known to diverge.
    #[kafka(versions = "12+", tag = 0, tagged = "12+")]
    pub diverging_epoch: EpochEndOffset,
    /// The current leader of the partition.
    #[kafka(versions = "12+", tag = 1, tagged = "12+")]
    pub current_leader: LeaderIdAndEpoch,
    /// In the case of fetching an offset less than the LogStartOffset, this is the end offset
    /// and epoch that should be used in the FetchSnapshot request.
    #[kafka(versions = "12+", tag = 2, tagged = "12+")]
    pub snapshot_id: SnapshotId,
    /// The aborted transactions.
    #[kafka(versions = "4+", nullable = "4+", ignorable)]
    pub aborted_transactions: Option<Vec<AbortedTransaction>>,
    /// The preferred read replica for the consumer to use on its next fetch request.
    #[kafka(versions = "11+", default = -1, entity_type = "brokerId")]
    pub preferred_read_replica: i32,
    /// The record data.
    #[kafka(versions = "0+", nullable = "0+")]
    pub records: Option<Records>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionData.DivergingEpoch`: In case divergence is detected based on the
/// `LastFetchedEpoch` and `FetchOffset` in the request, this field indicates the largest epoch
/// and its end offset such that subsequent records are known to diverge.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EpochEndOffset {
    /// The largest epoch.
    #[kafka(versions = "12+", default = -1)]
    pub epoch: i32,
    /// The end offset of the epoch.
    #[kafka(versions = "12+", default = -1)]
    pub end_offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionData.CurrentLeader`: The current leader of the partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderIdAndEpoch {
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "12+", default = -1, entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "12+", default = -1)]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionData.SnapshotId`: In the case of fetching an offset less than the LogStartOffset,
/// this is the end offset and epoch that should be used in the FetchSnapshot request.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SnapshotId {
    /// The end offset of the epoch.
    #[kafka(versions = "0+", default = -1)]
    pub end_offset: i64,
    /// The largest epoch.
    #[kafka(versions = "0+", default = -1)]
    pub epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionData.AbortedTransactions`: The aborted transactions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AbortedTransaction {
    /// The producer id associated with the aborted transaction.
    #[kafka(versions = "4+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The first offset in the aborted transaction.
    #[kafka(versions = "4+")]
    pub first_offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchResponse.NodeEndpoints`: Endpoints for all current-leaders enumerated in
/// PartitionData, with errors NOT_LEADER_OR_FOLLOWER & FENCED_LEADER_EPOCH.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct NodeEndpoint {
    /// The ID of the associated node.
    #[kafka(versions = "16+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The node's hostname.
    #[kafka(versions = "16+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "16+")]
    pub port: i32,
    /// The rack of the node, or null if it has not been assigned to a rack.
    #[kafka(versions = "16+", nullable = "16+", default = None)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
