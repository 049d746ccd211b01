//! FetchSnapshot (API key 59): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `FetchSnapshotRequest.json` and `FetchSnapshotResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds replica directory id (KIP-853)
//!
//! # Response versions
//!
//! Version 1 adds leader endpoint (KIP-853)

use kafka_wire::{KafkaMessage, Records, Request, Str, UnknownTaggedFields, Uuid};

/// The request of FetchSnapshot (API key 59), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 59, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchSnapshotRequest {
    /// The clusterId if known, this is used to validate metadata fetches prior to broker
    /// registration.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+", default = None)]
    pub cluster_id: Option<Str>,
    /// The broker ID of the follower.
    #[kafka(versions = "0+", default = -1, entity_type = "brokerId")]
    pub replica_id: i32,
    /// The maximum bytes to fetch from all of the snapshots.
    #[kafka(versions = "0+", default = 0x7fffffff)]
    pub max_bytes: i32,
    /// The topics to fetch.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicSnapshot>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for FetchSnapshotRequest {
    type Response = FetchSnapshotResponse;
}

/// An element of `FetchSnapshotRequest.Topics`: The topics to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicSnapshot {
    /// The name of the topic to fetch.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The partitions to fetch.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionSnapshot>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicSnapshot.Partitions`: The partitions to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionSnapshot {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The current leader epoch of the partition, -1 for unknown leader epoch.
    #[kafka(versions = "0+")]
    pub current_leader_epoch: i32,
    /// The snapshot endOffset and epoch to fetch.
    #[kafka(versions = "0+")]
    pub snapshot_id: SnapshotId,
    /// The byte position within the snapshot to start fetching from.
    #[kafka(versions = "0+")]
    pub position: i64,
    /// The directory id of the follower fetching.
    #[kafka(versions = "1+", tag = 0, tagged = "1+", ignorable)]
    pub replica_directory_id: Uuid,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionSnapshot.SnapshotId`: The snapshot endOffset and epoch to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SnapshotId {
    /// The end offset of the snapshot.
    #[kafka(versions = "0+")]
    pub end_offset: i64,
    /// The epoch of the snapshot.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of FetchSnapshot (API key 59), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 59, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FetchSnapshotResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+", ignorable)]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The topics to fetch.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicSnapshot>,
    /// Endpoints for all current-leaders enumerated in PartitionSnapshot.
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchSnapshotResponse.Topics`: The topics to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "TopicSnapshot")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseTopicSnapshot {
    /// The name of the topic to fetch.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The partitions to fetch.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ResponsePartitionSnapshot>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseTopicSnapshot.Partitions`: The partitions to fetch.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "PartitionSnapshot")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponsePartitionSnapshot {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub index: i32,
    /// The error code, or 0 if there was no fetch error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The snapshot endOffset and epoch fetched.
    #[kafka(versions = "0+")]
    pub snapshot_id: ResponseSnapshotId,
    /// The leader of the partition at the time of the snapshot.
    #[kafka(versions = "0+", tag = 0, tagged = "0+")]
    pub current_leader: LeaderIdAndEpoch,
    /// The total size of the snapshot.
    #[kafka(versions = "0+")]
    pub size: i64,
    /// The starting byte position within the snapshot included in the Bytes field.
    #[kafka(versions = "0+")]
    pub position: i64,
    /// Snapshot data in records format which may not be aligned on an offset boundary.
    #[kafka(versions = "0+")]
    pub unaligned_records: Records,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `ResponsePartitionSnapshot.SnapshotId`: The snapshot endOffset and epoch fetched.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "SnapshotId")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseSnapshotId {
    /// The snapshot end offset.
    #[kafka(versions = "0+")]
    pub end_offset: i64,
    /// The snapshot epoch.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `ResponsePartitionSnapshot.CurrentLeader`: The leader of the partition at the time of the
/// snapshot.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderIdAndEpoch {
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `FetchSnapshotResponse.NodeEndpoints`: Endpoints for all current-leaders
/// enumerated in PartitionSnapshot.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct NodeEndpoint {
    /// The ID of the associated node.
    #[kafka(versions = "1+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The node's hostname.
    #[kafka(versions = "1+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "1+")]
    pub port: u16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
