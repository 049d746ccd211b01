//! AssignReplicasToDirs (API key 73): versions 0, flexible 0+.
//!
//! Declared from Kafka's `AssignReplicasToDirsRequest.json` and
//! `AssignReplicasToDirsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::{KafkaMessage, Request, UnknownTaggedFields, Uuid};

/// The request of AssignReplicasToDirs (API key 73), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 73, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AssignReplicasToDirsRequest {
    /// The ID of the requesting broker.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The epoch of the requesting broker.
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// The directories to which replicas should be assigned.
    #[kafka(versions = "0+")]
    pub directories: Vec<DirectoryData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AssignReplicasToDirsRequest {
    type Response = AssignReplicasToDirsResponse;
}

/// An element of `AssignReplicasToDirsRequest.Directories`: The directories to which replicas
/// should be assigned.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DirectoryData {
    /// The ID of the directory.
    #[kafka(versions = "0+")]
    pub id: Uuid,
    /// The topics assigned to the directory.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DirectoryData.Topics`: The topics assigned to the directory.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The ID of the assigned topic.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The partitions assigned to the directory.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicData.Partitions`: The partitions assigned to the directory.
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

/// The response of AssignReplicasToDirs (API key 73), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 73, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AssignReplicasToDirsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The list of directories and their assigned partitions.
    #[kafka(versions = "0+")]
    pub directories: Vec<ResponseDirectoryData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AssignReplicasToDirsResponse.Directories`: The list of directories and their
/// assigned partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "DirectoryData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseDirectoryData {
    /// The ID of the directory.
    #[kafka(versions = "0+")]
    pub id: Uuid,
    /// The list of topics and their assigned partitions.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseDirectoryData.Topics`: The list of topics and their assigned
/// partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "TopicData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseTopicData {
    /// The ID of the assigned topic.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The list of assigned partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ResponsePartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseTopicData.Partitions`: The list of assigned partitions.
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
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
