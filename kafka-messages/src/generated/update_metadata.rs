//! UpdateMetadata (API key 6): versions 0-8, flexible 6+.
//!
//! A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka 3.9.1 accepts versions
//! 0-8, Kafka 4.4.0 none (so [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is
//! empty).
//!
//! Declared from Kafka 3.9.1's `UpdateMetadataRequest.json` and
//! `UpdateMetadataResponse.json` by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 allows specifying multiple endpoints for each broker.
//!
//! Version 2 adds the rack.
//!
//! Version 3 adds the listener name.
//!
//! Version 4 adds the offline replica list.
//!
//! Version 5 adds the broker epoch field and normalizes partitions by topic.
//!
//! Version 7 adds topicId
//!
//! Version 8 adds KRaft Controller ID field as part of KIP-866
//!
//! # Response versions
//!
//! Versions 1, 2, 3, 4, and 5 are the same as version 0

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of UpdateMetadata (API key 6), versions 0-8 (Kafka 4.4.0: none; Kafka 3.9.1:
/// 0-8), flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 6, versions = "0-8", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataRequest {
    /// The controller id.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub controller_id: i32,
    /// If KRaft controller id is used during migration. See KIP-866
    #[kafka(versions = "8+", default = false, name = "isKRaftController")]
    pub is_k_raft_controller: bool,
    /// Indicates if this request is a Full metadata snapshot (2), Incremental (1), or Unknown
    /// (0). Using during ZK migration, see KIP-866
    #[kafka(versions = "8+", tag = 0, tagged = "8+", default = 0)]
    pub r#type: i8,
    /// The controller epoch.
    #[kafka(versions = "0+")]
    pub controller_epoch: i32,
    /// The broker epoch.
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub broker_epoch: i64,
    /// In older versions of this RPC, each partition that we would like to update.
    #[kafka(versions = "0-4")]
    pub ungrouped_partition_states: Vec<UpdateMetadataPartitionState>,
    /// In newer versions of this RPC, each topic that we would like to update.
    #[kafka(versions = "5+")]
    pub topic_states: Vec<UpdateMetadataTopicState>,
    /// LiveBrokers
    #[kafka(versions = "0+")]
    pub live_brokers: Vec<UpdateMetadataBroker>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for UpdateMetadataRequest {
    type Response = UpdateMetadataResponse;
}

/// An element of `UpdateMetadataRequest.UngroupedPartitionStates`: In older versions of this
/// RPC, each partition that we would like to update.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataPartitionState {
    /// In older versions of this RPC, the topic name.
    #[kafka(versions = "0-4", ignorable, entity_type = "topicName")]
    pub topic_name: Str,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The controller epoch.
    #[kafka(versions = "0+")]
    pub controller_epoch: i32,
    /// The ID of the broker which is the current partition leader.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader: i32,
    /// The leader epoch of this partition.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// The brokers which are in the ISR for this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub isr: BrokerIds,
    /// The Zookeeper version.
    #[kafka(versions = "0+")]
    pub zk_version: i32,
    /// All the replicas of this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replicas: BrokerIds,
    /// The replicas of this partition which are offline.
    #[kafka(versions = "4+", ignorable, entity_type = "brokerId")]
    pub offline_replicas: BrokerIds,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `UpdateMetadataRequest.TopicStates`: In newer versions of this RPC, each topic
/// that we would like to update.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataTopicState {
    /// The topic name.
    #[kafka(versions = "5+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The topic id.
    #[kafka(versions = "7+", ignorable)]
    pub topic_id: Uuid,
    /// The partition that we would like to update.
    #[kafka(versions = "5+")]
    pub partition_states: Vec<UpdateMetadataPartitionState>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `UpdateMetadataRequest.LiveBrokers`:
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataBroker {
    /// The broker id.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub id: i32,
    /// The broker hostname.
    #[kafka(versions = "0", ignorable)]
    pub v0_host: Str,
    /// The broker port.
    #[kafka(versions = "0", ignorable)]
    pub v0_port: i32,
    /// The broker endpoints.
    #[kafka(versions = "1+", ignorable)]
    pub endpoints: Vec<UpdateMetadataEndpoint>,
    /// The rack which this broker belongs to.
    #[kafka(versions = "2+", nullable = "0+", ignorable)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `UpdateMetadataBroker.Endpoints`: The broker endpoints.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataEndpoint {
    /// The port of this endpoint
    #[kafka(versions = "1+")]
    pub port: i32,
    /// The hostname of this endpoint
    #[kafka(versions = "1+")]
    pub host: Str,
    /// The listener name.
    #[kafka(versions = "3+", ignorable)]
    pub listener: Str,
    /// The security protocol type.
    #[kafka(versions = "1+")]
    pub security_protocol: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of UpdateMetadata (API key 6), versions 0-8 (Kafka 4.4.0: none; Kafka 3.9.1:
/// 0-8), flexible 6+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 6, versions = "0-8", flexible = "6+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateMetadataResponse {
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
