//! AlterReplicaLogDirs (API key 34): versions 0-2, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-2, Kafka 3.9.1 versions 0-2: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `AlterReplicaLogDirsRequest.json` and
//! `AlterReplicaLogDirsResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 is the same as version 0.
//! Version 2 enables flexible versions.
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Starting in version 1, on quota violation brokers send out responses before throttling.
//! Version 2 enables flexible versions.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AlterReplicaLogDirs (API key 34), versions 0-2 (Kafka 4.4.0: 1-2; Kafka
/// 3.9.1: 0-2), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 34, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDirsRequest {
    /// The alterations to make for each directory.
    #[kafka(versions = "0+")]
    pub dirs: Vec<AlterReplicaLogDir>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AlterReplicaLogDirsRequest {
    type Response = AlterReplicaLogDirsResponse;
}

/// An element of `AlterReplicaLogDirsRequest.Dirs`: The alterations to make for each directory.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDir {
    /// The absolute directory path.
    #[kafka(versions = "0+", map_key)]
    pub path: Str,
    /// The topics to add to the directory.
    #[kafka(versions = "0+")]
    pub topics: Vec<AlterReplicaLogDirTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterReplicaLogDir.Topics`: The topics to add to the directory.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDirTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The partition indexes.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AlterReplicaLogDirs (API key 34), versions 0-2 (Kafka 4.4.0: 1-2; Kafka
/// 3.9.1: 0-2), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 34, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDirsResponse {
    /// Duration in milliseconds for which the request was throttled due to a quota violation,
    /// or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The results for each topic.
    #[kafka(versions = "0+")]
    pub results: Vec<AlterReplicaLogDirTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterReplicaLogDirsResponse.Results`: The results for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDirTopicResult {
    /// The name of the topic.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The results for each partition.
    #[kafka(versions = "0+")]
    pub partitions: Vec<AlterReplicaLogDirPartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterReplicaLogDirTopicResult.Partitions`: The results for each partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterReplicaLogDirPartitionResult {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
