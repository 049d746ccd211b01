//! Kafka's `PartitionRecord` metadata schema: versions 0-2, flexible 0+.
//!
//! A KRaft metadata log record, API key 3 (`__cluster_metadata`).
//!
//! Declared from `PartitionRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 1 adds Directories for KIP-858
//! Version 2 implements Eligible Leader Replicas and LastKnownElr as described in KIP-966.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `PartitionRecord` metadata schema, versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionRecord {
    /// The partition id.
    #[kafka(versions = "0+", default = -1)]
    pub partition_id: i32,
    /// The unique ID of this topic.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// The replicas of this partition, sorted by preferred order.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub replicas: BrokerIds,
    /// The in-sync replicas of this partition
    #[kafka(versions = "0+")]
    pub isr: Vec<i32>,
    /// The replicas that we are in the process of removing.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub removing_replicas: BrokerIds,
    /// The replicas that we are in the process of adding.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub adding_replicas: BrokerIds,
    /// The lead replica, or -1 if there is no leader.
    #[kafka(versions = "0+", default = -1, entity_type = "brokerId")]
    pub leader: i32,
    /// 1 if the partition is recovering from an unclean leader election; 0 otherwise.
    #[kafka(versions = "0+", tag = 0, tagged = "0+", default = 0)]
    pub leader_recovery_state: i8,
    /// The epoch of the partition leader.
    #[kafka(versions = "0+", default = -1)]
    pub leader_epoch: i32,
    /// An epoch that gets incremented each time we change anything in the partition.
    #[kafka(versions = "0+", default = -1)]
    pub partition_epoch: i32,
    /// The log directory hosting each replica, sorted in the same exact order as the Replicas
    /// field.
    #[kafka(versions = "1+")]
    pub directories: Vec<Uuid>,
    /// The eligible leader replicas of this partition.
    #[kafka(versions = "2+", nullable = "2+", tag = 1, tagged = "2+", default = None, entity_type = "brokerId")]
    pub eligible_leader_replicas: Option<BrokerIds>,
    /// The last known eligible leader replicas of this partition.
    #[kafka(versions = "2+", nullable = "2+", tag = 2, tagged = "2+", default = None, entity_type = "brokerId")]
    pub last_known_elr: Option<BrokerIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
