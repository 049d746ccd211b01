//! OffsetCommit (API key 8): versions 0-10, flexible 8+.
//!
//! Kafka 4.4.0 accepts versions 2-10, Kafka 3.9.1 versions 0-9: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `OffsetCommitRequest.json` and `OffsetCommitResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)), with
//! `OffsetCommitRequest.Topics.Partitions.CommitTimestamp` from Kafka 3.9.1's (only its
//! versions have them), by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, Version 2 is the new baseline.
//!
//! Version 1 adds timestamp and group membership information, as well as the commit timestamp.
//!
//! Version 2 adds retention time.  It removes the commit timestamp added in version 1.
//!
//! Version 3 and 4 are the same as version 2.
//!
//! Version 5 removes the retention time, which is now controlled only by a broker configuration.
//!
//! Version 6 adds the leader epoch for fencing.
//!
//! version 7 adds a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 8 is the first flexible version.
//!
//! Version 9 is the first version that can be used with the new consumer group protocol (KIP-848). The
//! request is the same as version 8.
//!
//! Version 10 adds support for topic ids and removes support for topic names (KIP-848).
//!
//! # Response versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, Version 2 is the new baseline.
//!
//! Versions 1 and 2 are the same as version 0.
//!
//! Version 3 adds the throttle time to the response.
//!
//! Starting in version 4, on quota violation, brokers send out responses before throttling.
//!
//! Versions 5 and 6 are the same as version 4.
//!
//! Version 7 offsetCommitRequest supports a new field called groupInstanceId to indicate member identity across restarts.
//!
//! Version 8 is the first flexible version.
//!
//! Version 9 is the first version that can be used with the new consumer group protocol (KIP-848). The response is
//! the same as version 8 but can return STALE_MEMBER_EPOCH when the new consumer group protocol is used and
//! GROUP_ID_NOT_FOUND when the group does not exist for both protocols.
//!
//! Version 10 adds support for topic ids and removes support for topic names (KIP-848).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - ILLEGAL_GENERATION (version 1+)
//! - UNKNOWN_MEMBER_ID (version 1+)
//! - INVALID_COMMIT_OFFSET_SIZE (version 0+)
//! - FENCED_MEMBER_EPOCH (version 7+)
//! - GROUP_ID_NOT_FOUND (version 9+)
//! - STALE_MEMBER_EPOCH (version 9+)
//! - UNKNOWN_TOPIC_ID (version 10+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of OffsetCommit (API key 8), versions 0-10 (Kafka 4.4.0: 2-10; Kafka 3.9.1:
/// 0-9), flexible 8+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 8, versions = "0-10", flexible = "8+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitRequest {
    /// The unique group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The generation of the group if using the classic group protocol or the member epoch if
    /// using the consumer protocol.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub generation_id_or_member_epoch: i32,
    /// The member ID assigned by the group coordinator.
    #[kafka(versions = "1+", ignorable)]
    pub member_id: Str,
    /// The unique identifier of the consumer instance provided by end user.
    #[kafka(versions = "7+", nullable = "7+", default = None)]
    pub group_instance_id: Option<Str>,
    /// The time period in ms to retain the offset.
    #[kafka(versions = "2-4", default = -1, ignorable)]
    pub retention_time_ms: i64,
    /// The topics to commit offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetCommitRequestTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for OffsetCommitRequest {
    type Response = OffsetCommitResponse;
}

/// An element of `OffsetCommitRequest.Topics`: The topics to commit offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitRequestTopic {
    /// The topic name.
    #[kafka(versions = "0-9", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// Each partition to commit offsets for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OffsetCommitRequestPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetCommitRequestTopic.Partitions`: Each partition to commit offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitRequestPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The message offset to be committed.
    #[kafka(versions = "0+")]
    pub committed_offset: i64,
    /// The leader epoch of this partition.
    #[kafka(versions = "6+", default = -1, ignorable)]
    pub committed_leader_epoch: i32,
    /// The timestamp of the commit.
    #[kafka(versions = "1", default = -1)]
    pub commit_timestamp: i64,
    /// Any associated metadata the client wants to keep.
    #[kafka(versions = "0+", nullable = "0+")]
    pub committed_metadata: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of OffsetCommit (API key 8), versions 0-10 (Kafka 4.4.0: 2-10; Kafka 3.9.1:
/// 0-9), flexible 8+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 8, versions = "0-10", flexible = "8+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "3+", ignorable)]
    pub throttle_time_ms: i32,
    /// The responses for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetCommitResponseTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetCommitResponse.Topics`: The responses for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitResponseTopic {
    /// The topic name.
    #[kafka(versions = "0-9", ignorable, entity_type = "topicName")]
    pub name: Str,
    /// The topic ID.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// The responses for each partition in the topic.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OffsetCommitResponsePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetCommitResponseTopic.Partitions`: The responses for each partition in
/// the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetCommitResponsePartition {
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
