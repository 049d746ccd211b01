//! BeginQuorumEpoch (API key 53): versions 0-1, flexible 1+.
//!
//! Declared from Kafka's `BeginQuorumEpochRequest.json` and `BeginQuorumEpochResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds flexible versions, voter key and leader endpoints (KIP-853)
//!
//! # Response versions
//!
//! Version 1 adds flexible versions and leader endpoint (KIP-853)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of BeginQuorumEpoch (API key 53), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 53, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BeginQuorumEpochRequest {
    /// The cluster id.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub cluster_id: Option<Str>,
    /// The replica id of the voter receiving the request.
    #[kafka(versions = "1+", default = -1, ignorable, entity_type = "brokerId")]
    pub voter_id: i32,
    /// The topics.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Endpoints for the leader.
    #[kafka(versions = "1+", ignorable)]
    pub leader_endpoints: Vec<LeaderEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for BeginQuorumEpochRequest {
    type Response = BeginQuorumEpochResponse;
}

/// An element of `BeginQuorumEpochRequest.Topics`: The topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicData.Partitions`: The partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The directory id of the receiving replica.
    #[kafka(versions = "1+", ignorable)]
    pub voter_directory_id: Uuid,
    /// The ID of the newly elected leader.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The epoch of the newly elected leader.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `BeginQuorumEpochRequest.LeaderEndpoints`: Endpoints for the leader.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderEndpoint {
    /// The name of the endpoint.
    #[kafka(versions = "1+", map_key)]
    pub name: Str,
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

/// The response of BeginQuorumEpoch (API key 53), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 53, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BeginQuorumEpochResponse {
    /// The top level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The topic data.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicData>,
    /// Endpoints for all leaders enumerated in PartitionData.
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `BeginQuorumEpochResponse.Topics`: The topic data.
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
    /// The error code for this partition.
    #[kafka(versions = "0+")]
    pub error_code: i16,
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

/// An element of `BeginQuorumEpochResponse.NodeEndpoints`: Endpoints for all leaders enumerated
/// in PartitionData.
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
