//! ElectLeaders (API key 43): versions 0-2, flexible 2+.
//!
//! Declared from Kafka's `ElectLeadersRequest.json` and `ElectLeadersResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 implements multiple leader election types, as described by KIP-460.
//!
//! Version 2 is the first flexible version.
//!
//! # Response versions
//!
//! Version 1 adds a top-level error code.
//!
//! Version 2 is the first flexible version.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ElectLeaders (API key 43), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 43, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ElectLeadersRequest {
    /// Type of elections to conduct for the partition. A value of '0' elects the preferred
    /// replica. A value of '1' elects the first live replica if there are no in-sync replica.
    #[kafka(versions = "1+")]
    pub election_type: i8,
    /// The topic partitions to elect leaders.
    #[kafka(versions = "0+", nullable = "0+")]
    pub topic_partitions: Option<Vec<TopicPartitions>>,
    /// The time in ms to wait for the election to complete.
    #[kafka(versions = "0+", default = 60000)]
    pub timeout_ms: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ElectLeadersRequest {
    type Response = ElectLeadersResponse;
}

/// An element of `ElectLeadersRequest.TopicPartitions`: The topic partitions to elect leaders.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartitions {
    /// The name of a topic.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub topic: Str,
    /// The partitions of this topic whose leader should be elected.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ElectLeaders (API key 43), versions 0-2, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 43, versions = "0-2", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ElectLeadersResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "1+")]
    pub error_code: i16,
    /// The election results, or an empty array if the requester did not have permission and the
    /// request asks for all partitions.
    #[kafka(versions = "0+")]
    pub replica_election_results: Vec<ReplicaElectionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ElectLeadersResponse.ReplicaElectionResults`: The election results, or an
/// empty array if the requester did not have permission and the request asks for all
/// partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReplicaElectionResult {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic: Str,
    /// The results for each partition.
    #[kafka(versions = "0+")]
    pub partition_result: Vec<PartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ReplicaElectionResult.PartitionResult`: The results for each partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionResult {
    /// The partition id.
    #[kafka(versions = "0+")]
    pub partition_id: i32,
    /// The result error, or zero if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The result message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
