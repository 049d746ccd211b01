//! Metadata (API key 3): versions 0-13, flexible 9+.
//!
//! Declared from Kafka's `MetadataRequest.json` and `MetadataResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! In version 0, an empty array indicates "request metadata for all topics."  In version 1 and
//! higher, an empty array indicates "request metadata for no topics," and a null array is used to
//! indicate "request metadata for all topics."
//!
//! Version 2 and 3 are the same as version 1.
//!
//! Version 4 adds AllowAutoTopicCreation.
//!
//! Starting in version 8, authorized operations can be requested for cluster and topic resource.
//!
//! Version 9 is the first flexible version.
//!
//! Version 10 adds topicId and allows name field to be null. However, this functionality was not implemented on the server.
//! Versions 10 and 11 should not use the topicId field or set topic name to null.
//!
//! Version 11 deprecates IncludeClusterAuthorizedOperations field. This is now exposed
//! by the DescribeCluster API (KIP-700).
//! Version 12 supports topic Id.
//! Version 13 supports top-level error code in the response.
//!
//! # Response versions
//!
//! Version 1 adds fields for the rack of each broker, the controller id, and whether or not the topic is internal.
//!
//! Version 2 adds the cluster ID field.
//!
//! Version 3 adds the throttle time.
//!
//! Version 4 is the same as version 3.
//!
//! Version 5 adds a per-partition offline_replicas field. This field specifies
//! the list of replicas that are offline.
//!
//! Starting in version 6, on quota violation, brokers send out responses before throttling.
//!
//! Version 7 adds the leader epoch to the partition metadata.
//!
//! Starting in version 8, brokers can send authorized operations for topic and cluster.
//!
//! Version 9 is the first flexible version.
//!
//! Version 10 adds topicId.
//!
//! Version 11 deprecates ClusterAuthorizedOperations. This is now exposed
//! by the DescribeCluster API (KIP-700).
//! Version 12 supports topicId.
//! Version 13 supports top-level error code in the response.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of Metadata (API key 3), versions 0-13, flexible 9+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 3, versions = "0-13", flexible = "9+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataRequest {
    /// The topics to fetch metadata for.
    #[kafka(versions = "0+", nullable = "1+")]
    pub topics: Option<Vec<MetadataRequestTopic>>,
    /// If this is true, the broker may auto-create topics that we requested which do not
    /// already exist, if it is configured to do so.
    #[kafka(versions = "4+", default = true)]
    pub allow_auto_topic_creation: bool,
    /// Whether to include cluster authorized operations.
    #[kafka(versions = "8-10")]
    pub include_cluster_authorized_operations: bool,
    /// Whether to include topic authorized operations.
    #[kafka(versions = "8+")]
    pub include_topic_authorized_operations: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for MetadataRequest {
    type Response = MetadataResponse;
}

/// An element of `MetadataRequest.Topics`: The topics to fetch metadata for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataRequestTopic {
    /// The topic id.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// The topic name.
    #[kafka(versions = "0+", nullable = "10+", entity_type = "topicName")]
    pub name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of Metadata (API key 3), versions 0-13, flexible 9+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 3, versions = "0-13", flexible = "9+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "3+", ignorable)]
    pub throttle_time_ms: i32,
    /// A list of brokers present in the cluster.
    #[kafka(versions = "0+")]
    pub brokers: Vec<MetadataResponseBroker>,
    /// The cluster ID that responding broker belongs to.
    #[kafka(versions = "2+", nullable = "2+", default = None, ignorable)]
    pub cluster_id: Option<Str>,
    /// The ID of the controller broker.
    #[kafka(versions = "1+", default = -1, ignorable, entity_type = "brokerId")]
    pub controller_id: i32,
    /// Each topic in the response.
    #[kafka(versions = "0+")]
    pub topics: Vec<MetadataResponseTopic>,
    /// 32-bit bitfield to represent authorized operations for this cluster.
    #[kafka(versions = "8-10", default = -2147483648)]
    pub cluster_authorized_operations: i32,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "13+", ignorable)]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `MetadataResponse.Brokers`: A list of brokers present in the cluster.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataResponseBroker {
    /// The broker ID.
    #[kafka(versions = "0+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The broker hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The broker port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// The rack of the broker, or null if it has not been assigned to a rack.
    #[kafka(versions = "1+", nullable = "1+", default = None, ignorable)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `MetadataResponse.Topics`: Each topic in the response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataResponseTopic {
    /// The topic error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The topic name. Null for non-existing topics queried by ID. This is never null when
    /// ErrorCode is zero. One of Name and TopicId is always populated.
    #[kafka(versions = "0+", nullable = "12+", map_key, entity_type = "topicName")]
    pub name: Option<Str>,
    /// The topic id. Zero for non-existing topics queried by name. This is never zero when
    /// ErrorCode is zero. One of Name and TopicId is always populated.
    #[kafka(versions = "10+", ignorable)]
    pub topic_id: Uuid,
    /// True if the topic is internal.
    #[kafka(versions = "1+", default = false, ignorable)]
    pub is_internal: bool,
    /// Each partition in the topic.
    #[kafka(versions = "0+")]
    pub partitions: Vec<MetadataResponsePartition>,
    /// 32-bit bitfield to represent authorized operations for this topic.
    #[kafka(versions = "8+", default = -2147483648)]
    pub topic_authorized_operations: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `MetadataResponseTopic.Partitions`: Each partition in the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MetadataResponsePartition {
    /// The partition error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The ID of the leader broker.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub leader_id: i32,
    /// The leader epoch of this partition.
    #[kafka(versions = "7+", default = -1, ignorable)]
    pub leader_epoch: i32,
    /// The set of all nodes that host this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replica_nodes: BrokerIds,
    /// The set of nodes that are in sync with the leader for this partition.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub isr_nodes: BrokerIds,
    /// The set of offline replicas of this partition.
    #[kafka(versions = "5+", ignorable, entity_type = "brokerId")]
    pub offline_replicas: BrokerIds,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
