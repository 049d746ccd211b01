//! LeaderAndIsr (API key 4): versions 0-7, flexible 4+.
//!
//! A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka 3.9.1 accepts versions
//! 0-7, Kafka 4.4.0 none (so [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is
//! empty).
//!
//! Declared from Kafka 3.9.1's `LeaderAndIsrRequest.json` and `LeaderAndIsrResponse.json`
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds IsNew.
//!
//! Version 2 adds broker epoch and reorganizes the partitions by topic.
//!
//! Version 3 adds AddingReplicas and RemovingReplicas.
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 adds Topic ID and Type to the TopicStates, as described in KIP-516.
//!
//! Version 6 adds LeaderRecoveryState as described in KIP-704.
//!
//! Version 7 adds KRaft Controller ID field as part of KIP-866
//!
//! # Response versions
//!
//! Version 1 adds KAFKA_STORAGE_ERROR as a valid error code.
//!
//! Version 2 is the same as version 1.
//!
//! Version 3 is the same as version 2.
//!
//! Version 4 is the first flexible version.
//!
//! Version 5 removes TopicName and replaces it with TopicId and reorganizes
//! the partitions by topic, as described by KIP-516.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of LeaderAndIsr (API key 4), versions 0-7 (Kafka 4.4.0: none; Kafka 3.9.1: 0-7),
/// flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 4, versions = "0-7", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrRequest {
    /// The current controller ID.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub controller_id: i32,
    /// If KRaft controller id is used during migration. See KIP-866
    #[kafka(versions = "7+", default = false, name = "isKRaftController")]
    pub is_k_raft_controller: bool,
    /// The current controller epoch.
    #[kafka(versions = "0+")]
    pub controller_epoch: i32,
    /// The current broker epoch.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub broker_epoch: i64,
    /// The type that indicates whether all topics are included in the request
    #[kafka(versions = "5+")]
    pub r#type: i8,
    /// The state of each partition, in a v0 or v1 message.
    #[kafka(versions = "0-1")]
    pub ungrouped_partition_states: Vec<LeaderAndIsrPartitionState>,
    /// Each topic.
    #[kafka(versions = "2+")]
    pub topic_states: Vec<LeaderAndIsrTopicState>,
    /// The current live leaders.
    #[kafka(versions = "0+")]
    pub live_leaders: Vec<LeaderAndIsrLiveLeader>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for LeaderAndIsrRequest {
    type Response = LeaderAndIsrResponse;
}

/// An element of `LeaderAndIsrRequest.UngroupedPartitionStates`: The state of each partition,
/// in a v0 or v1 message.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrPartitionState {
    /// The topic name.  This is only present in v0 or v1.
    #[kafka(versions = "0-1", ignorable, entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The controller epoch.
    #[kafka(versions = "0+")]
    pub controller_epoch: i32,
    /// The broker ID of the leader.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader: i32,
    /// The leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The in-sync replica IDs.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub isr: BrokerIds,
    /// The current epoch for the partition. The epoch is a monotonically increasing value which
    /// is incremented after every partition change. (Since the LeaderAndIsr request is only
    /// used by the legacy controller, this corresponds to the zkVersion)
    #[kafka(versions = "0+")]
    pub partition_epoch: i32,
    /// The replica IDs.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replicas: BrokerIds,
    /// The replica IDs that we are adding this partition to, or null if no replicas are being
    /// added.
    #[kafka(versions = "3+", ignorable, entity_type = "brokerId")]
    pub adding_replicas: BrokerIds,
    /// The replica IDs that we are removing this partition from, or null if no replicas are
    /// being removed.
    #[kafka(versions = "3+", ignorable, entity_type = "brokerId")]
    pub removing_replicas: BrokerIds,
    /// Whether the replica should have existed on the broker or not.
    #[kafka(versions = "1+", default = false, ignorable)]
    pub is_new: bool,
    /// 1 if the partition is recovering from an unclean leader election; 0 otherwise.
    #[kafka(versions = "6+", default = 0)]
    pub leader_recovery_state: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaderAndIsrRequest.TopicStates`: Each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrTopicState {
    /// The topic name.
    #[kafka(versions = "2+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The unique topic ID.
    #[kafka(versions = "5+", ignorable)]
    pub topic_id: Uuid,
    /// The state of each partition
    #[kafka(versions = "2+")]
    pub partition_states: Vec<LeaderAndIsrPartitionState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaderAndIsrRequest.LiveLeaders`: The current live leaders.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrLiveLeader {
    /// The leader's broker ID.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The leader's hostname.
    #[kafka(versions = "0+")]
    pub host_name: Str,
    /// The leader's port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of LeaderAndIsr (API key 4), versions 0-7 (Kafka 4.4.0: none; Kafka 3.9.1:
/// 0-7), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 4, versions = "0-7", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Each partition in v0 to v4 message.
    #[kafka(versions = "0-4")]
    pub partition_errors: Vec<LeaderAndIsrPartitionError>,
    /// Each topic
    #[kafka(versions = "5+")]
    pub topics: Vec<LeaderAndIsrTopicError>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaderAndIsrResponse.PartitionErrors`: Each partition in v0 to v4 message.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrPartitionError {
    /// The topic name.
    #[kafka(versions = "0-4", ignorable, entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `LeaderAndIsrResponse.Topics`: Each topic
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderAndIsrTopicError {
    /// The unique topic ID
    #[kafka(versions = "5+", map_key)]
    pub topic_id: Uuid,
    /// Each partition.
    #[kafka(versions = "5+")]
    pub partition_errors: Vec<LeaderAndIsrPartitionError>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
