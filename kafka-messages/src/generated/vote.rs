//! Vote (API key 52): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `VoteRequest.json` and `VoteResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 adds voter key and directory id (KIP-853)
//! Version 2 adds PreVote field and renames candidate to replica
//!
//! # Response versions
//!
//! Version 1 adds leader endpoint (KIP-853)
//! Version 2 handles PreVote requests

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of Vote (API key 52), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 52, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct VoteRequest {
    /// The cluster id.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub cluster_id: Option<Str>,
    /// The replica id of the voter receiving the request.
    #[kafka(versions = "1+", default = -1, ignorable, entity_type = "brokerId")]
    pub voter_id: i32,
    /// The topic data.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for VoteRequest {
    type Response = VoteResponse;
}

/// An element of `VoteRequest.Topics`: The topic data.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition data.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicData.Partitions`: The partition data.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The epoch of the voter sending the request
    #[kafka(versions = "0+")]
    pub replica_epoch: i32,
    /// The replica id of the voter sending the request
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replica_id: i32,
    /// The directory id of the voter sending the request
    #[kafka(versions = "1+", ignorable)]
    pub replica_directory_id: Uuid,
    /// The directory id of the voter receiving the request
    #[kafka(versions = "1+", ignorable)]
    pub voter_directory_id: Uuid,
    /// The epoch of the last record written to the metadata log.
    #[kafka(versions = "0+")]
    pub last_offset_epoch: i32,
    /// The log end offset of the metadata log of the voter sending the request.
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// Whether the request is a PreVote request (not persisted) or not.
    #[kafka(versions = "2+")]
    pub pre_vote: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of Vote (API key 52), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 52, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct VoteResponse {
    /// The top level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The results for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicData>,
    /// Endpoints for all current-leaders enumerated in PartitionData.
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `VoteResponse.Topics`: The results for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "TopicData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseTopicData {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The results for each partition.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ResponsePartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseTopicData.Partitions`: The results for each partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "PartitionData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponsePartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// True if the vote was granted and false otherwise.
    #[kafka(versions = "0+")]
    pub vote_granted: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `VoteResponse.NodeEndpoints`: Endpoints for all current-leaders enumerated in
/// PartitionData.
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
