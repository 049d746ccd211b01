//! StreamsGroupDescribe (API key 89): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `StreamsGroupDescribeRequest.json` and
//! `StreamsGroupDescribeResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds IncludeTopologyDescription (KIP-1331).
//!
//! # Response versions
//!
//! Version 1 adds TopologyDescription and TopologyDescriptionStatus (KIP-1331),
//! and AssignorName (KIP-1357).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - INVALID_GROUP_ID (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of StreamsGroupDescribe (API key 89), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 89, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupDescribeRequest {
    /// The ids of the groups to describe
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_ids: Vec<Str>,
    /// Whether to include authorized operations.
    #[kafka(versions = "0+")]
    pub include_authorized_operations: bool,
    /// Whether to include the full topology description from the topology description plugin in
    /// the response.
    #[kafka(versions = "1+", default = false)]
    pub include_topology_description: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for StreamsGroupDescribeRequest {
    type Response = StreamsGroupDescribeResponse;
}

/// The response of StreamsGroupDescribe (API key 89), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 89, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupDescribeResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// Each described group.
    #[kafka(versions = "0+")]
    pub groups: Vec<DescribedGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupDescribeResponse.Groups`: Each described group.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribedGroup {
    /// The describe error, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The group ID string.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The group state string, or the empty string.
    #[kafka(versions = "0+")]
    pub group_state: Str,
    /// The group epoch.
    #[kafka(versions = "0+")]
    pub group_epoch: i32,
    /// The assignment epoch.
    #[kafka(versions = "0+")]
    pub assignment_epoch: i32,
    /// The topology metadata currently initialized for the streams application. Can be null in
    /// case of a describe error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub topology: Option<Topology>,
    /// The members.
    #[kafka(versions = "0+")]
    pub members: Vec<Member>,
    /// 32-bit bitfield to represent authorized operations for this group.
    #[kafka(versions = "0+", default = -2147483648)]
    pub authorized_operations: i32,
    /// The full topology description for this group. Non-null if and only if
    /// TopologyDescriptionStatus is AVAILABLE (3); null otherwise.
    #[kafka(versions = "1+", nullable = "1+", default = None)]
    pub topology_description: Option<TopologyDescription>,
    /// The status of the topology description for this group, paired with TopologyDescription:
    /// 0=NOT_REQUESTED (client did not set IncludeTopologyDescription; TopologyDescription is
    /// null); 1=NOT_STORED (no description recorded for this group; TopologyDescription is
    /// null); 2=ERROR (broker failed to fetch the description, see broker logs;
    /// TopologyDescription is null); 3=AVAILABLE (TopologyDescription is non-null and carries
    /// the description).
    #[kafka(versions = "1+", default = 0)]
    pub topology_description_status: i8,
    /// The task assignor that the group coordinator will use for the next assignment
    /// computation. This may differ from the assignor that computed the current assignment,
    /// because changing the assignor configuration does not trigger a rebalance. Null in case
    /// of a describe error.
    #[kafka(versions = "1+", nullable = "1+", default = None, ignorable)]
    pub assignor_name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `DescribedGroup.Topology`: The topology metadata currently initialized for the streams
/// application. Can be null in case of a describe error.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Topology {
    /// The epoch of the currently initialized topology for this group.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// The subtopologies of the streams application. This contains the configured
    /// subtopologies, where the number of partitions are set and any regular expressions are
    /// resolved to actual topics. Null if the group is uninitialized, source topics are missing
    /// or incorrectly partitioned.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub subtopologies: Option<Vec<Subtopology>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Topology.Subtopologies`: The subtopologies of the streams application. This
/// contains the configured subtopologies, where the number of partitions are set and any
/// regular expressions are resolved to actual topics. Null if the group is uninitialized,
/// source topics are missing or incorrectly partitioned.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Subtopology {
    /// String to uniquely identify the subtopology.
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The topics the subtopology reads from.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub source_topics: Vec<Str>,
    /// The repartition topics the subtopology writes to.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub repartition_sink_topics: Vec<Str>,
    /// The set of state changelog topics associated with this subtopology. Created
    /// automatically.
    #[kafka(versions = "0+")]
    pub state_changelog_topics: Vec<TopicInfo>,
    /// The set of source topics that are internally created repartition topics. Created
    /// automatically.
    #[kafka(versions = "0+")]
    pub repartition_source_topics: Vec<TopicInfo>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Subtopology.StateChangelogTopics`: The set of state changelog topics
/// associated with this subtopology. Created automatically.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicInfo {
    /// The name of the topic.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The number of partitions in the topic. Can be 0 if no specific number of partitions is
    /// enforced. Always 0 for changelog topics.
    #[kafka(versions = "0+")]
    pub partitions: i32,
    /// The replication factor of the topic. Can be 0 if the default replication factor should
    /// be used.
    #[kafka(versions = "0+")]
    pub replication_factor: i16,
    /// Topic-level configurations as key-value pairs.
    #[kafka(versions = "0+")]
    pub topic_configs: Vec<KeyValue>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicInfo.TopicConfigs`: Topic-level configurations as key-value pairs.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct KeyValue {
    /// key of the config
    #[kafka(versions = "0+")]
    pub key: Str,
    /// value of the config
    #[kafka(versions = "0+")]
    pub value: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribedGroup.Members`: The members.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Member {
    /// The member ID.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The member epoch.
    #[kafka(versions = "0+")]
    pub member_epoch: i32,
    /// The member instance ID for static membership.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub instance_id: Option<Str>,
    /// The rack ID.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub rack_id: Option<Str>,
    /// The client ID.
    #[kafka(versions = "0+")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+")]
    pub client_host: Str,
    /// The epoch of the topology on the client.
    #[kafka(versions = "0+")]
    pub topology_epoch: i32,
    /// Identity of the streams instance that may have multiple clients.
    #[kafka(versions = "0+")]
    pub process_id: Str,
    /// User-defined endpoint for Interactive Queries. Null if not defined for this client.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub user_endpoint: Option<Endpoint>,
    /// Used for rack-aware assignment algorithm.
    #[kafka(versions = "0+")]
    pub client_tags: Vec<KeyValue>,
    /// Cumulative changelog offsets for tasks.
    #[kafka(versions = "0+")]
    pub task_offsets: Vec<TaskOffset>,
    /// Cumulative changelog end offsets for tasks.
    #[kafka(versions = "0+")]
    pub task_end_offsets: Vec<TaskOffset>,
    /// The current assignment.
    #[kafka(versions = "0+")]
    pub assignment: Assignment,
    /// The target assignment.
    #[kafka(versions = "0+")]
    pub target_assignment: Assignment,
    /// True for classic members that have not been upgraded yet.
    #[kafka(versions = "0+")]
    pub is_classic: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `Member.UserEndpoint`: User-defined endpoint for Interactive Queries. Null if not defined
/// for this client.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Endpoint {
    /// host of the endpoint
    #[kafka(versions = "0+")]
    pub host: Str,
    /// port of the endpoint
    #[kafka(versions = "0+")]
    pub port: u16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Member.TaskOffsets`: Cumulative changelog offsets for tasks.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TaskOffset {
    /// The subtopology identifier.
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The partition.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The offset.
    #[kafka(versions = "0+")]
    pub offset: i64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `Member.Assignment`: The current assignment.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Assignment {
    /// Active tasks for this client.
    #[kafka(versions = "0+")]
    pub active_tasks: Vec<TaskIds>,
    /// Standby tasks for this client.
    #[kafka(versions = "0+")]
    pub standby_tasks: Vec<TaskIds>,
    /// Warm-up tasks for this client.
    #[kafka(versions = "0+")]
    pub warmup_tasks: Vec<TaskIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Assignment.ActiveTasks`: Active tasks for this client.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TaskIds {
    /// The subtopology identifier.
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The partitions of the input topics processed by this member.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `DescribedGroup.TopologyDescription`: The full topology description for this group. Non-null
/// if and only if TopologyDescriptionStatus is AVAILABLE (3); null otherwise.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopologyDescription {
    /// The subtopologies that make up this topology.
    #[kafka(versions = "1+")]
    pub subtopologies: Vec<TopologyDescriptionSubtopology>,
    /// Global state stores used by this topology.
    #[kafka(versions = "1+")]
    pub global_stores: Vec<TopologyDescriptionGlobalStore>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopologyDescription.Subtopologies`: The subtopologies that make up this
/// topology.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopologyDescriptionSubtopology {
    /// The subtopology identifier, unique within the topology.
    #[kafka(versions = "1+")]
    pub subtopology_id: Str,
    /// The processing nodes in this subtopology.
    #[kafka(versions = "1+")]
    pub nodes: Vec<TopologyDescriptionNode>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopologyDescriptionSubtopology.Nodes`: The processing nodes in this
/// subtopology.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopologyDescriptionNode {
    /// The name of this node (e.g., KSTREAM-SOURCE-0000000000).
    #[kafka(versions = "1+")]
    pub name: Str,
    /// The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK.
    #[kafka(versions = "1+")]
    pub node_type: i8,
    /// The source topics this node reads from. Defined only for source nodes, may be empty if
    /// source topics are dynamically determined.
    #[kafka(versions = "1+", entity_type = "topicName")]
    pub source_topics: Vec<Str>,
    /// The topic this node writes to. Defined only for sink nodes, may be null if sink topic is
    /// dynamically determined.
    #[kafka(versions = "1+", nullable = "1+", default = None, entity_type = "topicName")]
    pub sink_topic: Option<Str>,
    /// The state store names accessed by this node. Defined only for processor nodes.
    #[kafka(versions = "1+")]
    pub stores: Vec<Str>,
    /// The names of successor nodes in the processing graph. Predecessor relationships are
    /// reconstructed from this field.
    #[kafka(versions = "1+")]
    pub successors: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopologyDescription.GlobalStores`: Global state stores used by this topology.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopologyDescriptionGlobalStore {
    /// The source node providing data to the global store.
    #[kafka(versions = "1+")]
    pub source: TopologyDescriptionNode,
    /// The processor node that populates the global store.
    #[kafka(versions = "1+")]
    pub processor: TopologyDescriptionNode,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
