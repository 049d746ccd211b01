//! Kafka's `ConsumerGroupCurrentMemberAssignmentValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 8 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupCurrentMemberAssignmentValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `ConsumerGroupCurrentMemberAssignmentValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupCurrentMemberAssignmentValue {
    /// The current member epoch that is expected from the member in the heartbeat request.
    #[kafka(versions = "0+")]
    pub member_epoch: i32,
    /// If the last epoch bump is lost before reaching the member, the member will retry with
    /// the previous epoch.
    #[kafka(versions = "0+")]
    pub previous_member_epoch: i32,
    /// The member state. See MemberState for the possible values.
    #[kafka(versions = "0+")]
    pub state: i8,
    /// The partitions assigned to (or owned by) this member.
    #[kafka(versions = "0+")]
    pub assigned_partitions: Vec<TopicPartitions>,
    /// The partitions that must be revoked by this member.
    #[kafka(versions = "0+")]
    pub partitions_pending_revocation: Vec<TopicPartitions>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ConsumerGroupCurrentMemberAssignmentValue.AssignedPartitions`: The partitions
/// assigned to (or owned by) this member.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartitions {
    /// The topic Id.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The partition Ids.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// The epoch at which the partition was assigned to the member. Used to fence zombie
    /// commits requests. Of the same length as Partitions.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+")]
    pub assignment_epochs: Option<Vec<i32>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
