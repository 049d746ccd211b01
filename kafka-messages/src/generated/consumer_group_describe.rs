//! ConsumerGroupDescribe (API key 69): versions 0-1, flexible 0+.
//!
//! Declared from Kafka's `ConsumerGroupDescribeRequest.json` and
//! `ConsumerGroupDescribeResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds MemberType field to ConsumerGroupDescribeResponse (KIP-1099).
//! For ConsumerGroupDescribeRequest, version 1 is same as version 0.
//!
//! # Response versions
//!
//! Version 1 adds MemberType field (KIP-1099).
//! Supported errors:
//! - GROUP_AUTHORIZATION_FAILED (version 0+)
//! - NOT_COORDINATOR (version 0+)
//! - COORDINATOR_NOT_AVAILABLE (version 0+)
//! - COORDINATOR_LOAD_IN_PROGRESS (version 0+)
//! - INVALID_REQUEST (version 0+)
//! - INVALID_GROUP_ID (version 0+)
//! - GROUP_ID_NOT_FOUND (version 0+)
//! - TOPIC_AUTHORIZATION_FAILED (version 0+)

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// The request of ConsumerGroupDescribe (API key 69), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 69, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupDescribeRequest {
    /// The ids of the groups to describe.
    #[kafka(versions = "0+", entity_type = "groupId")]
    pub group_ids: Vec<Str>,
    /// Whether to include authorized operations.
    #[kafka(versions = "0+")]
    pub include_authorized_operations: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ConsumerGroupDescribeRequest {
    type Response = ConsumerGroupDescribeResponse;
}

/// The response of ConsumerGroupDescribe (API key 69), versions 0-1, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 69, versions = "0-1", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupDescribeResponse {
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

/// An element of `ConsumerGroupDescribeResponse.Groups`: Each described group.
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
    /// The selected assignor.
    #[kafka(versions = "0+")]
    pub assignor_name: Str,
    /// The members.
    #[kafka(versions = "0+")]
    pub members: Vec<Member>,
    /// 32-bit bitfield to represent authorized operations for this group.
    #[kafka(versions = "0+", default = -2147483648)]
    pub authorized_operations: i32,
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
    /// The member instance ID.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub instance_id: Option<Str>,
    /// The member rack ID.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub rack_id: Option<Str>,
    /// The current member epoch.
    #[kafka(versions = "0+")]
    pub member_epoch: i32,
    /// The client ID.
    #[kafka(versions = "0+")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+")]
    pub client_host: Str,
    /// The subscribed topic names.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub subscribed_topic_names: Vec<Str>,
    /// the subscribed topic regex otherwise or null of not provided.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub subscribed_topic_regex: Option<Str>,
    /// The current assignment.
    #[kafka(versions = "0+")]
    pub assignment: Assignment,
    /// The target assignment.
    #[kafka(versions = "0+")]
    pub target_assignment: Assignment,
    /// -1 for unknown. 0 for classic member. +1 for consumer member.
    #[kafka(versions = "1+", default = -1, ignorable)]
    pub member_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `Member.Assignment`: The current assignment.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Assignment {
    /// The assigned topic-partitions to the member.
    #[kafka(versions = "0+")]
    pub topic_partitions: Vec<TopicPartitions>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `Assignment.TopicPartitions`: The assigned topic-partitions to the member.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartitions {
    /// The topic ID.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub topic_name: Str,
    /// The partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
