//! ListPartitionReassignments (API key 46): versions 0, flexible 0+.
//!
//! Declared from Kafka's `ListPartitionReassignmentsRequest.json` and
//! `ListPartitionReassignmentsResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of ListPartitionReassignments (API key 46), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 46, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListPartitionReassignmentsRequest {
    /// The time in ms to wait for the request to complete.
    #[kafka(versions = "0+", default = 60000)]
    pub timeout_ms: i32,
    /// The topics to list partition reassignments for, or null to list everything.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub topics: Option<Vec<ListPartitionReassignmentsTopics>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ListPartitionReassignmentsRequest {
    type Response = ListPartitionReassignmentsResponse;
}

/// An element of `ListPartitionReassignmentsRequest.Topics`: The topics to list partition
/// reassignments for, or null to list everything.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListPartitionReassignmentsTopics {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The partitions to list partition reassignments for.
    #[kafka(versions = "0+")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ListPartitionReassignments (API key 46), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 46, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ListPartitionReassignmentsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The ongoing reassignments for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<OngoingTopicReassignment>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ListPartitionReassignmentsResponse.Topics`: The ongoing reassignments for
/// each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OngoingTopicReassignment {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The ongoing reassignments for each partition.
    #[kafka(versions = "0+")]
    pub partitions: Vec<OngoingPartitionReassignment>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `OngoingTopicReassignment.Partitions`: The ongoing reassignments for each
/// partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OngoingPartitionReassignment {
    /// The index of the partition.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The current replica set.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replicas: BrokerIds,
    /// The set of replicas we are currently adding.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub adding_replicas: BrokerIds,
    /// The set of replicas we are currently removing.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub removing_replicas: BrokerIds,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
