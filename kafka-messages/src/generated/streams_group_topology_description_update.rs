//! StreamsGroupTopologyDescriptionUpdate (API key 93): versions 0, flexible 0+.
//!
//! Declared from Kafka's `StreamsGroupTopologyDescriptionUpdateRequest.json` and
//! `StreamsGroupTopologyDescriptionUpdateResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Response versions
//!
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - UNSUPPORTED_VERSION (version 0+)
//! - UNKNOWN_MEMBER_ID (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - STREAMS_TOPOLOGY_DESCRIPTION_UPDATE_FAILED (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of StreamsGroupTopologyDescriptionUpdate (API key 93), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 93, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupTopologyDescriptionUpdateRequest {
    /// The streams group identifier.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_id: Str,
    /// The ID of the streams group member sending the push. The broker validates that this
    /// member is still in the group; mismatches (including when the group itself has been
    /// deleted) are rejected with UNKNOWN_MEMBER_ID so the client treats itself as fenced and
    /// rejoins.
    #[kafka(versions = "0+")]
    pub member_id: Str,
    /// The epoch of the topology being described.
    #[kafka(versions = "0+")]
    pub topology_epoch: i32,
    /// The topology description.
    #[kafka(versions = "0+")]
    pub topology_description: TopologyDescription,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for StreamsGroupTopologyDescriptionUpdateRequest {
    type Response = StreamsGroupTopologyDescriptionUpdateResponse;
}

/// `StreamsGroupTopologyDescriptionUpdateRequest.TopologyDescription`: The topology
/// description.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopologyDescription {
    /// The subtopologies that make up this topology.
    #[kafka(versions = "0+")]
    pub subtopologies: Vec<TopologyDescriptionSubtopology>,
    /// Global state stores used by this topology.
    #[kafka(versions = "0+")]
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
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The processing nodes in this subtopology.
    #[kafka(versions = "0+")]
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
    #[kafka(versions = "0+")]
    pub name: Str,
    /// The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK.
    #[kafka(versions = "0+")]
    pub node_type: i8,
    /// The source topics this node reads from. Defined only for source nodes, may be empty if
    /// source topics are dynamically determined.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub source_topics: Vec<Str>,
    /// The topic this node writes to. Defined only for sink nodes, may be null if sink topic is
    /// dynamically determined.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "topicName")]
    pub sink_topic: Option<Str>,
    /// The state store names accessed by this node. Defined only for processor nodes.
    #[kafka(versions = "0+")]
    pub stores: Vec<Str>,
    /// The names of successor nodes in the processing graph. Predecessor relationships are
    /// reconstructed from this field.
    #[kafka(versions = "0+")]
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
    #[kafka(versions = "0+")]
    pub source: TopologyDescriptionNode,
    /// The processor node that populates the global store.
    #[kafka(versions = "0+")]
    pub processor: TopologyDescriptionNode,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of StreamsGroupTopologyDescriptionUpdate (API key 93), versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 93, versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupTopologyDescriptionUpdateResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
