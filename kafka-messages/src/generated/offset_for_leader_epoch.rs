//! OffsetForLeaderEpoch (API key 23): versions 0-4, flexible 4+.
//!
//! Kafka 4.4.0 accepts versions 2-4, Kafka 3.9.1 versions 0-4: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `OffsetForLeaderEpochRequest.json` and
//! `OffsetForLeaderEpochResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, Version 2 is the new baseline.
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds the current leader epoch to support fencing.
//!
//! Version 3 adds ReplicaId (the default is -2 which conventionally represents a
//! "debug" consumer which is allowed to see offsets beyond the high watermark).
//! Followers will use this replicaId when using an older version of the protocol.
//!
//! Version 4 enables flexible versions.
//!
//! # Response versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, Version 2 is the new baseline.
//!
//! Version 1 added the leader epoch to the response.
//!
//! Version 2 added the throttle time.
//!
//! Version 3 is the same as version 2.
//!
//! Version 4 enables flexible versions.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of OffsetForLeaderEpoch (API key 23), versions 0-4 (Kafka 4.4.0: 2-4; Kafka
/// 3.9.1: 0-4), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 23, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetForLeaderEpochRequest {
    /// The broker ID of the follower, of -1 if this request is from a consumer.
    #[kafka(versions = "3+", default = -2, ignorable, entity_type = "brokerId")]
    pub replica_id: i32,
    /// Each topic to get offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetForLeaderTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for OffsetForLeaderEpochRequest {
    type Response = OffsetForLeaderEpochResponse;
}

/// An element of `OffsetForLeaderEpochRequest.Topics`: Each topic to get offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetForLeaderTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// Each partition to get offsets for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OffsetForLeaderPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetForLeaderTopic.Partitions`: Each partition to get offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetForLeaderPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// An epoch used to fence consumers/replicas with old metadata. If the epoch provided by
    /// the client is larger than the current epoch known to the broker, then the
    /// UNKNOWN_LEADER_EPOCH error code will be returned. If the provided epoch is smaller, then
    /// the FENCED_LEADER_EPOCH error code will be returned.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub current_leader_epoch: i32,
    /// The epoch to look up an offset for.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of OffsetForLeaderEpoch (API key 23), versions 0-4 (Kafka 4.4.0: 2-4; Kafka
/// 3.9.1: 0-4), flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 23, versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetForLeaderEpochResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "2+", ignorable)]
    pub throttle_time_ms: i32,
    /// Each topic we fetched offsets for.
    #[kafka(versions = "0+")]
    pub topics: Vec<OffsetForLeaderTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetForLeaderEpochResponse.Topics`: Each topic we fetched offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OffsetForLeaderTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// Each partition in the topic we fetched offsets for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<EpochEndOffset>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OffsetForLeaderTopicResult.Partitions`: Each partition in the topic we
/// fetched offsets for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EpochEndOffset {
    /// The error code 0, or if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The leader epoch of the partition.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub leader_epoch: i32,
    /// The end offset of the epoch.
    #[kafka(versions = "0+", default = -1)]
    pub end_offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
