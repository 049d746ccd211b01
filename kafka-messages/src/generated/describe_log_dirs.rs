//! DescribeLogDirs (API key 35): versions 0-5, flexible 2+.
//!
//! Kafka 4.4.0 accepts versions 1-5, Kafka 3.9.1 versions 0-4: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `DescribeLogDirsRequest.json` and `DescribeLogDirsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Version 1 is the same as version 0.
//! Version 2 is the first flexible version.
//! Version 3 is the same as version 2 (new field in response).
//! Version 4 is the same as version 2 (new fields in response).
//! Version 5 is the same as version 2 (new fields in response).
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//! Version 2 is the first flexible version.
//! Version 3 adds the top-level ErrorCode field
//! Version 4 adds the TotalBytes and UsableBytes fields
//! Version 5 adds IsCordoned field

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of DescribeLogDirs (API key 35), versions 0-5 (Kafka 4.4.0: 1-5; Kafka 3.9.1:
/// 0-4), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 35, versions = "0-5", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeLogDirsRequest {
    /// Each topic that we want to describe log directories for, or null for all topics.
    #[kafka(versions = "0+", nullable = "0+")]
    pub topics: Option<Vec<DescribableLogDirTopic>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeLogDirsRequest {
    type Response = DescribeLogDirsResponse;
}

/// An element of `DescribeLogDirsRequest.Topics`: Each topic that we want to describe log
/// directories for, or null for all topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribableLogDirTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// The partition indexes.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeLogDirs (API key 35), versions 0-5 (Kafka 4.4.0: 1-5; Kafka 3.9.1:
/// 0-4), flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 35, versions = "0-5", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeLogDirsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "3+", ignorable)]
    pub error_code: i16,
    /// The log directories.
    #[kafka(versions = "0+")]
    pub results: Vec<DescribeLogDirsResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeLogDirsResponse.Results`: The log directories.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeLogDirsResult {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The absolute log directory path.
    #[kafka(versions = "0+")]
    pub log_dir: Str,
    /// The topics.
    #[kafka(versions = "0+")]
    pub topics: Vec<DescribeLogDirsTopic>,
    /// The total size in bytes of the volume the log directory is in. This value does not
    /// include the size of data stored in remote storage.
    #[kafka(versions = "4+", default = -1, ignorable)]
    pub total_bytes: i64,
    /// The usable size in bytes of the volume the log directory is in. This value does not
    /// include the size of data stored in remote storage.
    #[kafka(versions = "4+", default = -1, ignorable)]
    pub usable_bytes: i64,
    /// True if this log directory is cordoned.
    #[kafka(versions = "5+", default = false, ignorable)]
    pub is_cordoned: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeLogDirsResult.Topics`: The topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeLogDirsTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<DescribeLogDirsPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeLogDirsTopic.Partitions`: The partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeLogDirsPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The size of the log segments in this partition in bytes.
    #[kafka(versions = "0+")]
    pub partition_size: i64,
    /// The lag of the log's LEO w.r.t. partition's HW (if it is the current log for the
    /// partition) or current replica's LEO (if it is the future log for the partition).
    #[kafka(versions = "0+")]
    pub offset_lag: i64,
    /// True if this log is created by AlterReplicaLogDirsRequest and will replace the current
    /// log of the replica in the future.
    #[kafka(versions = "0+")]
    pub is_future_key: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
