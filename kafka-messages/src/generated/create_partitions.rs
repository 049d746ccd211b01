//! CreatePartitions (API key 37): versions 0-3, flexible 2+.
//!
//! Declared from Kafka's `CreatePartitionsRequest.json` and `CreatePartitionsResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 is the same as version 0.
//!
//! Version 2 adds flexible version support
//!
//! Version 3 is identical to version 2 but may return a THROTTLING_QUOTA_EXCEEDED error
//! in the response if the partitions creation is throttled (KIP-599).
//!
//! # Response versions
//!
//! Starting in version 1, on quota violation, brokers send out responses before throttling.
//!
//! Version 2 adds flexible version support
//!
//! Version 3 is identical to version 2 but may return a THROTTLING_QUOTA_EXCEEDED error
//! in the response if the partitions creation is throttled (KIP-599).

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of CreatePartitions (API key 37), versions 0-3, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 37, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatePartitionsRequest {
    /// Each topic that we want to create new partitions inside.
    #[kafka(versions = "0+")]
    pub topics: Vec<CreatePartitionsTopic>,
    /// The time in ms to wait for the partitions to be created.
    #[kafka(versions = "0+")]
    pub timeout_ms: i32,
    /// If true, then validate the request, but don't actually increase the number of
    /// partitions.
    #[kafka(versions = "0+")]
    pub validate_only: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for CreatePartitionsRequest {
    type Response = CreatePartitionsResponse;
}

/// An element of `CreatePartitionsRequest.Topics`: Each topic that we want to create new
/// partitions inside.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatePartitionsTopic {
    /// The topic name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The new partition count.
    #[kafka(versions = "0+")]
    pub count: i32,
    /// The new partition assignments.
    #[kafka(versions = "0+", nullable = "0+")]
    pub assignments: Option<Vec<CreatePartitionsAssignment>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `CreatePartitionsTopic.Assignments`: The new partition assignments.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatePartitionsAssignment {
    /// The assigned broker IDs.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_ids: BrokerIds,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of CreatePartitions (API key 37), versions 0-3, flexible 2+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 37, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatePartitionsResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The partition creation results for each topic.
    #[kafka(versions = "0+")]
    pub results: Vec<CreatePartitionsTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `CreatePartitionsResponse.Results`: The partition creation results for each
/// topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatePartitionsTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The result error, or zero if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The result message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
