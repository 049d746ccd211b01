//! StopReplica (API key 5): versions 0-4, flexible 2+.
//!
//! A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka 3.9.1 accepts versions
//! 0-4, Kafka 4.4.0 none (so [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is
//! empty).
//!
//! Declared from Kafka 3.9.1's `StopReplicaRequest.json` and `StopReplicaResponse.json` by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds the broker epoch and reorganizes the partitions to be stored
//! per topic.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 adds the leader epoch per partition (KIP-570).
//!
//! Version 4 adds KRaft Controller ID field as part of KIP-866
//!
//! # Response versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 is the first flexible version.
//!
//! Version 3 returns FENCED_LEADER_EPOCH if the epoch of the leader is stale (KIP-570).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of StopReplica (API key 5), versions 0-4 (Kafka 4.4.0: none; Kafka 3.9.1: 0-4),
/// flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 5, versions = "0-4", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaRequest {
    /// The controller id.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub controller_id: i32,
    /// If KRaft controller id is used during migration. See KIP-866
    #[kafka(versions = "4+", default = false, name = "isKRaftController")]
    pub is_k_raft_controller: bool,
    /// The controller epoch.
    #[kafka(versions = "0+")]
    pub controller_epoch: i32,
    /// The broker epoch.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub broker_epoch: i64,
    /// Whether these partitions should be deleted.
    #[kafka(versions = "0-2")]
    pub delete_partitions: bool,
    /// The partitions to stop.
    #[kafka(versions = "0")]
    pub ungrouped_partitions: Vec<StopReplicaPartitionV0>,
    /// The topics to stop.
    #[kafka(versions = "1-2")]
    pub topics: Vec<StopReplicaTopicV1>,
    /// Each topic.
    #[kafka(versions = "3+")]
    pub topic_states: Vec<StopReplicaTopicState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for StopReplicaRequest {
    type Response = StopReplicaResponse;
}

/// An element of `StopReplicaRequest.UngroupedPartitions`: The partitions to stop.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaPartitionV0 {
    /// The topic name.
    #[kafka(versions = "0", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index.
    #[kafka(versions = "0")]
    pub partition_index: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StopReplicaRequest.Topics`: The topics to stop.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaTopicV1 {
    /// The topic name.
    #[kafka(versions = "1-2", entity_type = "topicName")]
    pub name: Str,
    /// The partition indexes.
    #[kafka(versions = "1-2")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StopReplicaRequest.TopicStates`: Each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaTopicState {
    /// The topic name.
    #[kafka(versions = "3+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The state of each partition
    #[kafka(versions = "3+")]
    pub partition_states: Vec<StopReplicaPartitionState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StopReplicaTopicState.PartitionStates`: The state of each partition
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaPartitionState {
    /// The partition index.
    #[kafka(versions = "3+")]
    pub partition_index: i32,
    /// The leader epoch.
    #[kafka(versions = "3+", default = -1)]
    pub leader_epoch: i32,
    /// Whether this partition should be deleted.
    #[kafka(versions = "3+")]
    pub delete_partition: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of StopReplica (API key 5), versions 0-4 (Kafka 4.4.0: none; Kafka 3.9.1: 0-4),
/// flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 5, versions = "0-4", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaResponse {
    /// The top-level error code, or 0 if there was no top-level error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The responses for each partition.
    #[kafka(versions = "0+")]
    pub partition_errors: Vec<StopReplicaPartitionError>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StopReplicaResponse.PartitionErrors`: The responses for each partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StopReplicaPartitionError {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition error code, or 0 if there was no partition error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
