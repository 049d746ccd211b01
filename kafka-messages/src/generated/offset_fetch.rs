//! OffsetFetch (API key 9): versions 0-10, flexible 6+.
//!
//! Kafka 4.4.0 accepts versions 1-10, Kafka 3.9.1 versions 0-9: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `OffsetFetchRequest.json` and `OffsetFetchResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! In version 0, the request read offsets from ZK.
//!
//! Starting in version 1, the broker supports fetching offsets from the internal __consumer_offsets topic.
//!
//! Starting in version 2, the request can contain a null topics array to indicate that offsets
//! for all topics should be fetched. It also returns a top level error code
//! for group or coordinator level errors.
//!
//! Version 3, 4, and 5 are the same as version 2.
//!
//! Version 6 is the first flexible version.
//!
//! Version 7 is adding the require stable flag.
//!
//! Version 8 is adding support for fetching offsets for multiple groups at a time.
//!
//! Version 9 is the first version that can be used with the new consumer group protocol (KIP-848). It adds
//! the MemberId and MemberEpoch fields. Those are filled in and validated when the new consumer protocol is used.
//!
//! Version 10 adds support for topic ids and removes support for topic names (KIP-848).
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds a top-level error code.
//!
//! Version 3 adds the throttle time.
//!
//! Starting in version 4, on quota violation, brokers send out responses before throttling.
//!
//! Version 5 adds the leader epoch to the committed offset.
//!
//! Version 6 is the first flexible version.
//!
//! Version 7 adds pending offset commit as new error response on partition level.
//!
//! Version 8 is adding support for fetching offsets for multiple groups
//!
//! Version 9 is the first version that can be used with the new consumer group protocol (KIP-848). The response is
//! the same as version 8 but can return STALE_MEMBER_EPOCH and UNKNOWN_MEMBER_ID errors when the new consumer group
//! protocol is used.
//!
//! Version 10 adds support for topic ids and removes support for topic names (KIP-848).
//! It can return UNKNOWN_TOPIC_ID if topic IDs used and the topic is not found in metadata.
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - UNSTABLE_OFFSET_COMMIT (version 7+)
//! - UNKNOWN_MEMBER_ID (version 9+)
//! - STALE_MEMBER_EPOCH (version 9+)
//! - UNKNOWN_TOPIC_ID (version 10+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of OffsetFetch (API key 9), versions 0-10 (Kafka 4.4.0: 1-10; Kafka 3.9.1: 0-9),
/// flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 9, versions = "0-10", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchRequest {
    /// The group to fetch offsets for.
    #[kafka(versions = "0-7", entity_type = "groupId")]
    pub group_id: Str,
    /// Each topic we would like to fetch offsets for, or null to fetch offsets for all topics.
    #[kafka(versions = "0-7", nullable = "2-7")]
    pub topics: Option<Vec<OffsetFetchRequestTopic>>,
    /// Each group we would like to fetch offsets for.
    #[kafka(versions = "8+")]
    pub groups: Vec<OffsetFetchRequestGroup>,
    /// Whether broker should hold on returning unstable offsets but set a retriable error code
    /// for the partitions.
    #[kafka(versions = "7+", default = false)]
    pub require_stable: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for OffsetFetchRequest {
    type Response = OffsetFetchResponse;
}

/// An element of `OffsetFetchRequest.Topics`: Each topic we would like to fetch offsets for, or
/// null to fetch offsets for all topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchRequestTopic {
    /// The topic name.
    #[kafka(versions = "0-7", entity_type = "topicName")]
    pub name: Str,
    /// The partition indexes we would like to fetch offsets for.
    #[kafka(versions = "0-7")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchRequest.Groups`: Each group we would like to fetch offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchRequestGroup {
    /// The group ID.
    #[kafka(versions = "8+", entity_type = "groupId")]
    pub group_id: Str,
    /// The member id.
    #[kafka(versions = "9+", nullable = "9+", default = None, ignorable)]
    pub member_id: Option<Str>,
    /// The member epoch if using the new consumer protocol (KIP-848).
    #[kafka(versions = "9+", default = -1, ignorable)]
    pub member_epoch: i32,
    /// Each topic we would like to fetch offsets for, or null to fetch offsets for all topics.
    #[kafka(versions = "8+", nullable = "8+")]
    pub topics: Option<Vec<OffsetFetchRequestTopics>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchRequestGroup.Topics`: Each topic we would like to fetch offsets
/// for, or null to fetch offsets for all topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchRequestTopics {
    /// The topic name.
    #[kafka(versions = "8-9", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// The partition indexes we would like to fetch offsets for.
    #[kafka(versions = "8+")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of OffsetFetch (API key 9), versions 0-10 (Kafka 4.4.0: 1-10; Kafka 3.9.1:
/// 0-9), flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 9, versions = "0-10", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "3+", ignorable)]
    pub throttle_time_ms: i32,
    /// The responses per topic.
    #[kafka(versions = "0-7")]
    pub topics: Vec<OffsetFetchResponseTopic>,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "2-7", default = 0, ignorable)]
    pub error_code: i16,
    /// The responses per group id.
    #[kafka(versions = "8+")]
    pub groups: Vec<OffsetFetchResponseGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchResponse.Topics`: The responses per topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponseTopic {
    /// The topic name.
    #[kafka(versions = "0-7", entity_type = "topicName")]
    pub name: Str,
    /// The responses per partition.
    #[kafka(versions = "0-7")]
    pub partitions: Vec<OffsetFetchResponsePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchResponseTopic.Partitions`: The responses per partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponsePartition {
    /// The partition index.
    #[kafka(versions = "0-7")]
    pub partition_index: i32,
    /// The committed message offset.
    #[kafka(versions = "0-7")]
    pub committed_offset: i64,
    /// The leader epoch.
    #[kafka(versions = "5-7", default = -1, ignorable)]
    pub committed_leader_epoch: i32,
    /// The partition metadata.
    #[kafka(versions = "0-7", nullable = "0-7")]
    pub metadata: Option<Str>,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0-7")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchResponse.Groups`: The responses per group id.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponseGroup {
    /// The group ID.
    #[kafka(versions = "8+", entity_type = "groupId")]
    pub group_id: Str,
    /// The responses per topic.
    #[kafka(versions = "8+")]
    pub topics: Vec<OffsetFetchResponseTopics>,
    /// The group-level error code, or 0 if there was no error.
    #[kafka(versions = "8+", default = 0)]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchResponseGroup.Topics`: The responses per topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponseTopics {
    /// The topic name.
    #[kafka(versions = "8-9", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// The responses per partition.
    #[kafka(versions = "8+")]
    pub partitions: Vec<OffsetFetchResponsePartitions>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetFetchResponseTopics.Partitions`: The responses per partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetFetchResponsePartitions {
    /// The partition index.
    #[kafka(versions = "8+")]
    pub partition_index: i32,
    /// The committed message offset.
    #[kafka(versions = "8+")]
    pub committed_offset: i64,
    /// The leader epoch.
    #[kafka(versions = "8+", default = -1, ignorable)]
    pub committed_leader_epoch: i32,
    /// The partition metadata.
    #[kafka(versions = "8+", nullable = "8+")]
    pub metadata: Option<Str>,
    /// The partition-level error code, or 0 if there was no error.
    #[kafka(versions = "8+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
