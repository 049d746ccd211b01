//! ShareAcknowledge (API key 79): versions 1-2, flexible 0+.
//!
//! Declared from Kafka's `ShareAcknowledgeRequest.json` and `ShareAcknowledgeResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 0 was used for early access of KIP-932 in Apache Kafka 4.0 but removed in Apache Kafka 4.1.
//!
//! Version 1 is the initial stable version (KIP-932).
//!
//! Version 2 introduces Renew acknowledgements (KIP-1222).
//!
//! # Response versions
//!
//! Version 0 was used for early access of KIP-932 in Apache Kafka 4.0 but removed in Apache Kafka 4.1.
//!
//! Version 1 is the initial stable version (KIP-932).
//!
//! Version 2 introduces Renew acknowledgements (KIP-1222).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)
//! - UNKNOWN_TOPIC_OR_PARTITION (version 0+)
//! - SHARE_SESSION_NOT_FOUND (version 0+)
//! - INVALID_SHARE_SESSION_EPOCH (version 0+)
//! - NOT_LEADER_OR_FOLLOWER (version 0+)
//! - UNKNOWN_TOPIC_ID (version 0+)
//! - INVALID_RECORD_STATE (version 0+)
//! - KAFKA_STORAGE_ERROR (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - UNKNOWN_SERVER_ERROR (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of ShareAcknowledge (API key 79), versions 1-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 79, versions = "1-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareAcknowledgeRequest {
    /// The group identifier.
    #[kafka(versions = "0+", nullable = "0+", default = None, entity_type = "groupId")]
    pub group_id: Option<Str>,
    /// The member ID.
    #[kafka(versions = "0+", nullable = "0+")]
    pub member_id: Option<Str>,
    /// The current share session epoch: 0 to open a share session; -1 to close it; otherwise
    /// increments for consecutive requests.
    #[kafka(versions = "0+")]
    pub share_session_epoch: i32,
    /// Whether Renew type acknowledgements present in AcknowledgementBatches.
    #[kafka(versions = "2+", default = false)]
    pub is_renew_ack: bool,
    /// The topics containing records to acknowledge.
    #[kafka(versions = "0+")]
    pub topics: Vec<AcknowledgeTopic>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ShareAcknowledgeRequest {
    type Response = ShareAcknowledgeResponse;
}

/// An element of `ShareAcknowledgeRequest.Topics`: The topics containing records to
/// acknowledge.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AcknowledgeTopic {
    /// The unique topic ID.
    #[kafka(versions = "0+", map_key)]
    pub topic_id: Uuid,
    /// The partitions containing records to acknowledge.
    #[kafka(versions = "0+")]
    pub partitions: Vec<AcknowledgePartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AcknowledgeTopic.Partitions`: The partitions containing records to
/// acknowledge.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AcknowledgePartition {
    /// The partition index.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// Record batches to acknowledge.
    #[kafka(versions = "0+")]
    pub acknowledgement_batches: Vec<AcknowledgementBatch>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AcknowledgePartition.AcknowledgementBatches`: Record batches to acknowledge.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AcknowledgementBatch {
    /// First offset of batch of records to acknowledge.
    #[kafka(versions = "0+")]
    pub first_offset: i64,
    /// Last offset (inclusive) of batch of records to acknowledge.
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// Array of acknowledge types - 0:Gap,1:Accept,2:Release,3:Reject,4:Renew.
    #[kafka(versions = "0+")]
    pub acknowledge_types: Vec<i8>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of ShareAcknowledge (API key 79), versions 1-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 79, versions = "1-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareAcknowledgeResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top level response error code.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The time in milliseconds for which the acquired records are locked.
    #[kafka(versions = "2+", ignorable)]
    pub acquisition_lock_timeout_ms: i32,
    /// The response topics.
    #[kafka(versions = "0+")]
    pub responses: Vec<ShareAcknowledgeTopicResponse>,
    /// Endpoints for all current leaders enumerated in PartitionData with error
    /// NOT_LEADER_OR_FOLLOWER.
    #[kafka(versions = "0+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareAcknowledgeResponse.Responses`: The response topics.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareAcknowledgeTopicResponse {
    /// The unique topic ID.
    #[kafka(versions = "0+", map_key)]
    pub topic_id: Uuid,
    /// The topic partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<PartitionData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareAcknowledgeTopicResponse.Partitions`: The topic partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or null if there was no error.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub error_message: Option<Str>,
    /// The current leader of the partition.
    #[kafka(versions = "0+")]
    pub current_leader: LeaderIdAndEpoch,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionData.CurrentLeader`: The current leader of the partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderIdAndEpoch {
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "0+")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "0+")]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareAcknowledgeResponse.NodeEndpoints`: Endpoints for all current leaders
/// enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct NodeEndpoint {
    /// The ID of the associated node.
    #[kafka(versions = "0+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The node's hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "0+")]
    pub port: i32,
    /// The rack of the node, or null if it has not been assigned to a rack.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
