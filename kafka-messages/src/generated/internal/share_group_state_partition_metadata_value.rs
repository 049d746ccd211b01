//! Kafka's `ShareGroupStatePartitionMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 15 in `__consumer_offsets`.
//!
//! Declared from `ShareGroupStatePartitionMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `ShareGroupStatePartitionMetadataValue` coordinator-value schema, versions 0,
/// flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareGroupStatePartitionMetadataValue {
    /// The topic-partitions whose share-group state is being initialized.
    #[kafka(versions = "0+")]
    pub initializing_topics: Vec<TopicPartitionsInfo>,
    /// The topics with initialized share-group state.
    #[kafka(versions = "0+")]
    pub initialized_topics: Vec<TopicPartitionsInfo>,
    /// The topics whose share-group state is being deleted.
    #[kafka(versions = "0+")]
    pub deleting_topics: Vec<TopicInfo>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareGroupStatePartitionMetadataValue.InitializingTopics`: The topic-
/// partitions whose share-group state is being initialized.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicPartitionsInfo {
    /// The topic identifier.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The topic name.
    #[kafka(versions = "0+")]
    pub topic_name: Str,
    /// The partitions.
    #[kafka(versions = "0+")]
    pub partitions: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ShareGroupStatePartitionMetadataValue.DeletingTopics`: The topics whose
/// share-group state is being deleted.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicInfo {
    /// The topic identifier.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The topic name.
    #[kafka(versions = "0+")]
    pub topic_name: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
