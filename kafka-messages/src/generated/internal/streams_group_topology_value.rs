//! Kafka's `StreamsGroupTopologyValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 23 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupTopologyValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `StreamsGroupTopologyValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupTopologyValue {
    /// The epoch of the topology.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// The sub-topologies of the streams application.
    #[kafka(versions = "0+")]
    pub subtopologies: Vec<Subtopology>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupTopologyValue.Subtopologies`: The sub-topologies of the streams
/// application.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Subtopology {
    /// String to uniquely identify the subtopology.
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The topics the topology reads from.
    #[kafka(versions = "0+")]
    pub source_topics: Vec<Str>,
    /// Regular expressions identifying topics the subtopology reads from.
    #[kafka(versions = "0+")]
    pub source_topic_regex: Vec<Str>,
    /// The set of state changelog topics associated with this subtopology.
    #[kafka(versions = "0+")]
    pub state_changelog_topics: Vec<TopicInfo>,
    /// The repartition topics the subtopology writes to.
    #[kafka(versions = "0+")]
    pub repartition_sink_topics: Vec<Str>,
    /// The set of source topics that are internally created repartition topics.
    #[kafka(versions = "0+")]
    pub repartition_source_topics: Vec<TopicInfo>,
    /// A subset of source topics that must be copartitioned.
    #[kafka(versions = "0+")]
    pub copartition_groups: Vec<CopartitionGroup>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Subtopology.StateChangelogTopics`: The set of state changelog topics
/// associated with this subtopology.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicInfo {
    /// The name of the topic.
    #[kafka(versions = "0+")]
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
    pub topic_configs: Vec<TopicConfig>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicInfo.TopicConfigs`: Topic-level configurations as key-value pairs.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicConfig {
    /// The key of the topic-level configuration.
    #[kafka(versions = "0+", name = "key")]
    pub key: Str,
    /// The value of the topic-level configuration.
    #[kafka(versions = "0+", name = "value")]
    pub value: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Subtopology.CopartitionGroups`: A subset of source topics that must be
/// copartitioned.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CopartitionGroup {
    /// The topics the topology reads from. Index into the array on the subtopology level.
    #[kafka(versions = "0+")]
    pub source_topics: Vec<i16>,
    /// Regular expressions identifying topics the subtopology reads from. Index into the array
    /// on the subtopology level.
    #[kafka(versions = "0+")]
    pub source_topic_regex: Vec<i16>,
    /// The set of source topics that are internally created repartition topics. Index into the
    /// array on the subtopology level.
    #[kafka(versions = "0+")]
    pub repartition_source_topics: Vec<i16>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
