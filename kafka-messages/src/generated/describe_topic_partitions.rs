//! DescribeTopicPartitions (API key 75): versions 0, flexible 0+.
//!
//! Declared from Kafka's `DescribeTopicPartitionsRequest.json` and
//! `DescribeTopicPartitionsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DescribeTopicPartitions (API key 75), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 75, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTopicPartitionsRequest {
    /// The topics to fetch details for.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicRequest>,
    /// The maximum number of partitions included in the response.
    #[kafka(versions = "0+", default = 2000)]
    pub response_partition_limit: i32,
    /// The first topic and partition index to fetch details for.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub cursor: Option<Cursor>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeTopicPartitionsRequest {
    type Response = DescribeTopicPartitionsResponse;
}

/// An element of `DescribeTopicPartitionsRequest.Topics`: The topics to fetch details for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicRequest {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `DescribeTopicPartitionsRequest.Cursor`: The first topic and partition index to fetch
/// details for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Cursor {
    /// The name for the first topic to process.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index to start with.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeTopicPartitions (API key 75), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 75, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTopicPartitionsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+", ignorable)]
    pub throttle_time_ms: i32,
    /// Each topic in the response.
    #[kafka(versions = "0+")]
    pub topics: Vec<DescribeTopicPartitionsResponseTopic>,
    /// The next topic and partition index to fetch details for.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub next_cursor: Option<ResponseCursor>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeTopicPartitionsResponse.Topics`: Each topic in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTopicPartitionsResponseTopic {
    /// The topic error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The topic name.
    #[kafka(versions = "0+", nullable = "0+", map_key, entity_type = "topicName")]
    pub name: Option<Str>,
    /// The topic id.
    #[kafka(versions = "0+", ignorable)]
    pub topic_id: Uuid,
    /// True if the topic is internal.
    #[kafka(versions = "0+", default = false, ignorable)]
    pub is_internal: bool,
    /// Each partition in the topic.
    #[kafka(versions = "0+")]
    pub partitions: Vec<DescribeTopicPartitionsResponsePartition>,
    /// 32-bit bitfield to represent authorized operations for this topic.
    #[kafka(versions = "0+", default = -2147483648)]
    pub topic_authorized_operations: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeTopicPartitionsResponseTopic.Partitions`: Each partition in the
/// topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeTopicPartitionsResponsePartition {
    /// The partition error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The ID of the leader broker.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The leader epoch of this partition.
    #[kafka(versions = "0+", default = -1, ignorable)]
    pub leader_epoch: i32,
    /// The set of all nodes that host this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replica_nodes: BrokerIds,
    /// The set of nodes that are in sync with the leader for this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub isr_nodes: BrokerIds,
    /// The new eligible leader replicas otherwise.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "brokerId")]
    pub eligible_leader_replicas: Option<BrokerIds>,
    /// The last known ELR.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "brokerId")]
    pub last_known_elr: Option<BrokerIds>,
    /// The set of offline replicas of this partition.
    #[kafka(versions = "0+", ignorable, entity_type = "brokerId")]
    pub offline_replicas: BrokerIds,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `DescribeTopicPartitionsResponse.NextCursor`: The next topic and partition index to fetch
/// details for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "Cursor")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseCursor {
    /// The name for the first topic to process.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index to start with.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
