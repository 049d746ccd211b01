//! Kafka's `StreamsGroupTargetAssignmentMemberValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 21 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupTargetAssignmentMemberValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `StreamsGroupTargetAssignmentMemberValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupTargetAssignmentMemberValue {
    /// Currently assigned active tasks for this streams client.
    #[kafka(versions = "0+")]
    pub active_tasks: Vec<TaskIds>,
    /// Currently assigned standby tasks for this streams client.
    #[kafka(versions = "0+")]
    pub standby_tasks: Vec<TaskIds>,
    /// Currently assigned warm-up tasks for this streams client.
    #[kafka(versions = "0+")]
    pub warmup_tasks: Vec<TaskIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupTargetAssignmentMemberValue.ActiveTasks`: Currently assigned
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
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
