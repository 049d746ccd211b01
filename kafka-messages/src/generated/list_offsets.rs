//! ListOffsets (API key 2): versions 0-11, flexible 6+.
//!
//! Kafka 4.4.0 accepts versions 1-11, Kafka 3.9.1 versions 0-9: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `ListOffsetsRequest.json` and `ListOffsetsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)), with
//! `ListOffsetsRequest.Topics.Partitions.MaxNumOffsets` and
//! `ListOffsetsResponse.Topics.Partitions.OldStyleOffsets` from Kafka 3.9.1's (only its
//! versions have them), by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 removes MaxNumOffsets.  From this version forward, only a single
//! offset can be returned.
//!
//! Version 2 adds the isolation level, which is used for transactional reads.
//!
//! Version 3 is the same as version 2.
//!
//! Version 4 adds the current leader epoch, which is used for fencing.
//!
//! Version 5 is the same as version 4.
//!
//! Version 6 enables flexible versions.
//!
//! Version 7 enables listing offsets by max timestamp (KIP-734).
//!
//! Version 8 enables listing offsets by local log start offset (KIP-405).
//!
//! Version 9 enables listing offsets by last tiered offset (KIP-1005).
//!
//! Version 10 enables async remote list offsets support (KIP-1075)
//!
//! Version 11 enables listing offsets by earliest pending upload offset (KIP-1023)
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 removes the offsets array in favor of returning a single offset.
//! Version 1 also adds the timestamp associated with the returned offset.
//!
//! Version 2 adds the throttle time.
//!
//! Starting in version 3, on quota violation, brokers send out responses before throttling.
//!
//! Version 4 adds the leader epoch, which is used for fencing.
//!
//! Version 5 adds a new error code, OFFSET_NOT_AVAILABLE.
//!
//! Version 6 enables flexible versions.
//!
//! Version 7 is the same as version 6 (KIP-734).
//!
//! Version 8 enables listing offsets by local log start offset.
//! This is the earliest log start offset in the local log. (KIP-405).
//!
//! Version 9 enables listing offsets by last tiered offset (KIP-1005).
//!
//! Version 10 enables async remote list offsets support (KIP-1075)
//!
//! Version 11 enables listing offsets by earliest pending upload offset (KIP-1023)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ListOffsets (API key 2), versions 0-11 (Kafka 4.4.0: 1-11; Kafka 3.9.1: 0-9),
/// flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 2, versions = "0-11", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsRequest {
    /// The broker ID of the requester, or -1 if this request is being made by a normal
    /// consumer.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replica_id: i32,
    /// This setting controls the visibility of transactional records. Using READ_UNCOMMITTED
    /// (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level =
    /// 1), non-transactional and COMMITTED transactional records are visible. To be more
    /// concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO
    /// (last stable offset), and enables the inclusion of the list of aborted transactions in
    /// the result, which allows consumers to discard ABORTED transactional records.
    #[kafka(versions = "2+")]
    pub isolation_level: i8,
    /// Each topic in the request.
    #[kafka(versions = "0+")]
    pub topics: Vec<ListOffsetsTopic>,
    /// The timeout to await a response in milliseconds for requests that require reading from
    /// remote storage for topics enabled with tiered storage.
    #[kafka(versions = "10+", ignorable)]
    pub timeout_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ListOffsetsRequest {
    type Response = ListOffsetsResponse;
}

/// An element of `ListOffsetsRequest.Topics`: Each topic in the request.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// Each partition in the request.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ListOffsetsPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListOffsetsTopic.Partitions`: Each partition in the request.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsPartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The current leader epoch.
    #[kafka(versions = "4+", default = -1, ignorable)]
    pub current_leader_epoch: i32,
    /// The current timestamp.
    #[kafka(versions = "0+")]
    pub timestamp: i64,
    /// The maximum number of offsets to report.
    #[kafka(versions = "0", default = 1)]
    pub max_num_offsets: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ListOffsets (API key 2), versions 0-11 (Kafka 4.4.0: 1-11; Kafka 3.9.1:
/// 0-9), flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 2, versions = "0-11", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "2+", ignorable)]
    pub throttle_time_ms: i32,
    /// Each topic in the response.
    #[kafka(versions = "0+")]
    pub topics: Vec<ListOffsetsTopicResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListOffsetsResponse.Topics`: Each topic in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsTopicResponse {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// Each partition in the response.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ListOffsetsPartitionResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListOffsetsTopicResponse.Partitions`: Each partition in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListOffsetsPartitionResponse {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The result offsets.
    #[kafka(versions = "0")]
    pub old_style_offsets: Vec<i64>,
    /// The timestamp associated with the returned offset.
    #[kafka(versions = "1+", default = -1)]
    pub timestamp: i64,
    /// The returned offset.
    #[kafka(versions = "1+", default = -1)]
    pub offset: i64,
    /// The leader epoch associated with the returned offset.
    #[kafka(versions = "4+", default = -1)]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
