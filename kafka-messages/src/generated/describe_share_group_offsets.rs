//! DescribeShareGroupOffsets (API key 90): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `DescribeShareGroupOffsetsRequest.json` and
//! `DescribeShareGroupOffsetsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces Lag in the response (KIP-1226).
//!
//! # Response versions
//!
//! Version 0 is the initial version (KIP-932).
//!
//! Version 1 introduces Lag (KIP-1226).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - UNKNOWN_SERVER_ERROR (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of DescribeShareGroupOffsets (API key 90), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 90, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsRequest {
    /// The groups to describe offsets for.
    #[kafka(versions = "0+")]
    pub groups: Vec<DescribeShareGroupOffsetsRequestGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeShareGroupOffsetsRequest {
    type Response = DescribeShareGroupOffsetsResponse;
}

/// An element of `DescribeShareGroupOffsetsRequest.Groups`: The groups to describe offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsRequestGroup {
    /// The group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The topics to describe offsets for, or null for all topic-partitions.
    #[kafka(versions = "0+", nullable = "0+")]
    pub topics: Option<Vec<DescribeShareGroupOffsetsRequestTopic>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeShareGroupOffsetsRequestGroup.Topics`: The topics to describe offsets
/// for, or null for all topic-partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsRequestTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeShareGroupOffsets (API key 90), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 90, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The results for each group.
    #[kafka(versions = "0+")]
    pub groups: Vec<DescribeShareGroupOffsetsResponseGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeShareGroupOffsetsResponse.Groups`: The results for each group.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsResponseGroup {
    /// The group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The results for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<DescribeShareGroupOffsetsResponseTopic>,
    /// The group-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The group-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeShareGroupOffsetsResponseGroup.Topics`: The results for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsResponseTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The unique topic ID.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// Partitions
    #[kafka(versions = "0+")]
    pub partitions: Vec<DescribeShareGroupOffsetsResponsePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeShareGroupOffsetsResponseTopic.Partitions`:
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeShareGroupOffsetsResponsePartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The share-partition start offset.
    #[kafka(versions = "0+")]
    pub start_offset: i64,
    /// The leader epoch of the partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The share-partition lag.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub lag: i64,
    /// The partition-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partition-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
