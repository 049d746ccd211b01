//! AlterPartition (API key 56): versions 0-3, flexible 0+.
//!
//! Kafka 4.4.0 accepts versions 2-3, Kafka 3.9.1 versions 0-3: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `AlterPartitionRequest.json` and `AlterPartitionResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)), with
//! `AlterPartitionRequest.Topics.TopicName` and `AlterPartitionResponse.Topics.TopicName`
//! from Kafka 3.9.1's (only its versions have them), by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, version 2 is the new baseline.
//! Version 1 adds LeaderRecoveryState field (KIP-704).
//! Version 2 adds TopicId field to replace TopicName field (KIP-841).
//!
//! Version 3 adds the NewIsrEpochs field and deprecates the NewIsr field (KIP-903).
//!
//! # Response versions
//!
//! Versions 0-1 were removed in Apache Kafka 4.0, version 2 is the new baseline.
//! Version 1 adds LeaderRecoveryState field (KIP-704).
//! Version 2 adds TopicId field to replace TopicName field, can return the following new errors:
//! INELIGIBLE_REPLICA, NEW_LEADER_ELECTED and UNKNOWN_TOPIC_ID (KIP-841).
//!
//! Version 3 is the same as version 2 (KIP-903).

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of AlterPartition (API key 56), versions 0-3 (Kafka 4.4.0: 2-3; Kafka 3.9.1:
/// 0-3), flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 56, versions = "0-3", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterPartitionRequest {
    /// The ID of the requesting broker.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The epoch of the requesting broker.
    #[kafka(versions = "0+", default = -1)]
    pub broker_epoch: i64,
    /// The topics to alter ISRs for.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AlterPartitionRequest {
    type Response = AlterPartitionResponse;
}

/// An element of `AlterPartitionRequest.Topics`: The topics to alter ISRs for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicData {
    /// The name of the topic to alter ISRs for
    #[kafka(versions = "0-1", ignorable, entity_type = "topicName")]
    pub topic_name: Str,
    /// The ID of the topic to alter ISRs for.
    #[kafka(versions = "2+", ignorable)]
    pub topic_id: Uuid,
    /// The partitions to alter ISRs for.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicData.Partitions`: The partitions to alter ISRs for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The leader epoch of this partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The ISR for this partition. Deprecated since version 3.
    #[kafka(versions = "0-2", entity_type = "brokerId")]
    pub new_isr: BrokerIds,
    /// The ISR for this partition.
    #[kafka(versions = "3+")]
    pub new_isr_with_epochs: Vec<BrokerState>,
    /// 1 if the partition is recovering from an unclean leader election; 0 otherwise.
    #[kafka(versions = "1+", default = 0)]
    pub leader_recovery_state: i8,
    /// The expected epoch of the partition which is being updated.
    #[kafka(versions = "0+")]
    pub partition_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionData.NewIsrWithEpochs`: The ISR for this partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerState {
    /// The ID of the broker.
    #[kafka(versions = "3+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// The epoch of the broker. It will be -1 if the epoch check is not supported.
    #[kafka(versions = "3+", default = -1)]
    pub broker_epoch: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AlterPartition (API key 56), versions 0-3 (Kafka 4.4.0: 2-3; Kafka 3.9.1:
/// 0-3), flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 56, versions = "0-3", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterPartitionResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The responses for each topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<ResponseTopicData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterPartitionResponse.Topics`: The responses for each topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "TopicData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseTopicData {
    /// The name of the topic
    #[kafka(versions = "0-1", ignorable, entity_type = "topicName")]
    pub topic_name: Str,
    /// The ID of the topic.
    #[kafka(versions = "2+", ignorable)]
    pub topic_id: Uuid,
    /// The responses for each partition.
    #[kafka(versions = "0+")]
    pub partitions: Vec<ResponsePartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseTopicData.Partitions`: The responses for each partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "PartitionData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponsePartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The partition level error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The broker ID of the leader.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The in-sync replica IDs.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub isr: BrokerIds,
    /// 1 if the partition is recovering from an unclean leader election; 0 otherwise.
    #[kafka(versions = "1+", default = 0, ignorable)]
    pub leader_recovery_state: i8,
    /// The current epoch for the partition for KRaft controllers.
    #[kafka(versions = "0+")]
    pub partition_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
