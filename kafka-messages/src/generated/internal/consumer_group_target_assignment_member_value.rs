//! Kafka's `ConsumerGroupTargetAssignmentMemberValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 7 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupTargetAssignmentMemberValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `ConsumerGroupTargetAssignmentMemberValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupTargetAssignmentMemberValue {
    /// The assigned partitions.
    #[kafka(versions = "0+")]
    pub topic_partitions: Vec<TopicPartition>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ConsumerGroupTargetAssignmentMemberValue.TopicPartitions`: The assigned
/// partitions.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartition {
    /// The topic id.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The partition indexes.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
