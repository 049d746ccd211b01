//! Kafka's `ConsumerGroupPartitionMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 4 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupPartitionMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! This message is replaced by ConsumerGroupMetadataValue#MetadataHash
//! in 4.1 (KIP-1101).

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `ConsumerGroupPartitionMetadataValue` coordinator-value schema, versions 0, flexible
/// 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupPartitionMetadataValue {
    /// The list of topic metadata.
    #[kafka(versions = "0+")]
    pub topics: Vec<TopicMetadata>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ConsumerGroupPartitionMetadataValue.Topics`: The list of topic metadata.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicMetadata {
    /// The topic id.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The topic name.
    #[kafka(versions = "0+")]
    pub topic_name: Str,
    /// The number of partitions of the topic.
    #[kafka(versions = "0+")]
    pub num_partitions: i32,
    /// Deprecated: this field is not used after 4.0. Partitions mapped to a set of racks. If
    /// the rack information is unavailable for all the partitions, an empty list is stored.
    #[kafka(versions = "0+")]
    pub partition_metadata: Vec<PartitionMetadata>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicMetadata.PartitionMetadata`: Deprecated: this field is not used after
/// 4.0. Partitions mapped to a set of racks. If the rack information is unavailable for all the
/// partitions, an empty list is stored.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionMetadata {
    /// The partition number.
    #[kafka(versions = "0+")]
    pub partition: i32,
    /// The set of racks that the partition is mapped to.
    #[kafka(versions = "0+")]
    pub racks: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
