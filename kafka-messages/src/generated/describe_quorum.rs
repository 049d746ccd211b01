//! DescribeQuorum (API key 55): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `DescribeQuorumRequest.json` and `DescribeQuorumResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds additional fields in the response. The request is unchanged (KIP-836).
//! Version 2 adds additional fields in the response. The request is unchanged (KIP-853).
//!
//! # Response versions
//!
//! Version 1 adds LastFetchTimeStamp and LastCaughtUpTimestamp in ReplicaState (KIP-836).
//! Version 2 adds ErrorMessage, Nodes, ErrorMessage in PartitionData, ReplicaDirectoryId in ReplicaState (KIP-853).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DescribeQuorum (API key 55), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 55, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeQuorumRequest {
    /// The topics to describe.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeQuorumRequest {
    type Response = DescribeQuorumResponse;
}

/// An element of `DescribeQuorumRequest.Topics`: The topics to describe.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partitions to describe.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicData.Partitions`: The partitions to describe.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeQuorum (API key 55), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 55, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeQuorumResponse {
    /// The top level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "2+", nullable = "2+", ignorable)]
    pub error_message: Option<Str>,
    /// The response from the describe quorum API.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicData>,
    /// The nodes in the quorum.
    #[kafka(versions = "2+")]
    pub nodes: Vec<Node>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeQuorumResponse.Topics`: The response from the describe quorum API.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "TopicData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseTopicData {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition data.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ResponsePartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseTopicData.Partitions`: The partition data.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "PartitionData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponsePartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "2+", nullable = "2+", ignorable)]
    pub error_message: Option<Str>,
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The high water mark.
    #[kafka(versions = "0+")]
    pub high_watermark: i64,
    /// The current voters of the partition.
    #[kafka(versions = "0+")]
    pub current_voters: Vec<ReplicaState>,
    /// The observers of the partition.
    #[kafka(versions = "0+")]
    pub observers: Vec<ReplicaState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponsePartitionData.CurrentVoters`: The current voters of the partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReplicaState {
    /// The ID of the replica.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replica_id: i32,
    /// The replica directory ID of the replica.
    #[kafka(versions = "2+")]
    pub replica_directory_id: Uuid,
    /// The last known log end offset of the follower or -1 if it is unknown.
    #[kafka(versions = "0+")]
    pub log_end_offset: i64,
    /// The last known leader wall clock time time when a follower fetched from the leader. This
    /// is reported as -1 both for the current leader or if it is unknown for a voter.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub last_fetch_timestamp: i64,
    /// The leader wall clock append time of the offset for which the follower made the most
    /// recent fetch request. This is reported as the current time for the leader and -1 if
    /// unknown for a voter.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub last_caught_up_timestamp: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeQuorumResponse.Nodes`: The nodes in the quorum.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Node {
    /// The ID of the associated node.
    #[kafka(versions = "2+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The listeners of this controller.
    #[kafka(versions = "2+")]
    pub listeners: Vec<Listener>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Node.Listeners`: The listeners of this controller.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Listener {
    /// The name of the endpoint.
    #[kafka(versions = "2+", map_key)]
    pub name: Str,
    /// The hostname.
    #[kafka(versions = "2+")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "2+")]
    pub port: u16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
