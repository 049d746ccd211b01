//! Kafka's `StreamsGroupCurrentMemberAssignmentValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 22 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupCurrentMemberAssignmentValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `StreamsGroupCurrentMemberAssignmentValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupCurrentMemberAssignmentValue {
    /// The current member epoch that is expected from the member in the heartbeat request.
    #[kafka(versions = "0+")]
    pub member_epoch: i32,
    /// If the last epoch bump is lost before reaching the member, the member will retry with
    /// the previous epoch.
    #[kafka(versions = "0+")]
    pub previous_member_epoch: i32,
    /// The member state. See StreamsGroupMember.MemberState for the possible values.
    #[kafka(versions = "0+")]
    pub state: i8,
    /// Currently assigned active tasks for this streams client.
    #[kafka(versions = "0+")]
    pub active_tasks: Vec<TaskIds>,
    /// Currently assigned standby tasks for this streams client.
    #[kafka(versions = "0+")]
    pub standby_tasks: Vec<TaskIds>,
    /// Currently assigned warm-up tasks for this streams client.
    #[kafka(versions = "0+")]
    pub warmup_tasks: Vec<TaskIds>,
    /// The active tasks that must be revoked by this member.
    #[kafka(versions = "0+")]
    pub active_tasks_pending_revocation: Vec<TaskIds>,
    /// The standby tasks that must be revoked by this member.
    #[kafka(versions = "0+")]
    pub standby_tasks_pending_revocation: Vec<TaskIds>,
    /// The warmup tasks that must be revoked by this member.
    #[kafka(versions = "0+")]
    pub warmup_tasks_pending_revocation: Vec<TaskIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupCurrentMemberAssignmentValue.ActiveTasks`: Currently assigned
/// active tasks for this streams client.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TaskIds {
    /// The subtopology ID.
    #[kafka(versions = "0+")]
    pub subtopology_id: Str,
    /// The partitions of the input topics processed by this member.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// The epoch at which the partition was assigned to the member. Used to fence zombie
    /// commits requests. Of the same length as Partitions. Only defined for active tasks.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+")]
    pub assignment_epochs: Option<Vec<i32>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
