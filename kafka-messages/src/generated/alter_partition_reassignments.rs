//! AlterPartitionReassignments (API key 45): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `AlterPartitionReassignmentsRequest.json` and
//! `AlterPartitionReassignmentsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Version 1 adds the ability to allow/disallow changing the replication factor as part of the request.
//!
//! # Response versions
//!
//! Version 1 adds the ability to allow/disallow changing the replication factor as part of the request.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AlterPartitionReassignments (API key 45), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 45, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterPartitionReassignmentsRequest {
    /// The time in ms to wait for the request to complete.
    #[kafka(versions = "0+", default = 60000)]
    pub timeout_ms: i32,
    /// The option indicating whether changing the replication factor of any given partition as
    /// part of this request is a valid move.
    #[kafka(versions = "1+", default = true)]
    pub allow_replication_factor_change: bool,
    /// The topics to reassign.
    #[kafka(versions = "0+")]
    pub topics: Vec<ReassignableTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AlterPartitionReassignmentsRequest {
    type Response = AlterPartitionReassignmentsResponse;
}

/// An element of `AlterPartitionReassignmentsRequest.Topics`: The topics to reassign.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReassignableTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The partitions to reassign.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ReassignablePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ReassignableTopic.Partitions`: The partitions to reassign.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReassignablePartition {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The replicas to place the partitions on, or null to cancel a pending reassignment for
    /// this partition.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "brokerId")]
    pub replicas: Option<BrokerIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AlterPartitionReassignments (API key 45), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 45, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterPartitionReassignmentsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The option indicating whether changing the replication factor of any given partition as
    /// part of the request was allowed.
    #[kafka(versions = "1+", default = true, ignorable)]
    pub allow_replication_factor_change: bool,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The responses to topics to reassign.
    #[kafka(versions = "0+")]
    pub responses: Vec<ReassignableTopicResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterPartitionReassignmentsResponse.Responses`: The responses to topics to
/// reassign.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReassignableTopicResponse {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The responses to partitions to reassign.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ReassignablePartitionResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ReassignableTopicResponse.Partitions`: The responses to partitions to
/// reassign.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ReassignablePartitionResponse {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code for this partition, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message for this partition, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
