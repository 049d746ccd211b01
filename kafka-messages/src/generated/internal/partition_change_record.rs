//! Kafka's `PartitionChangeRecord` metadata schema: versions 0-2, flexible 0+.
//!
//! A KRaft metadata log record, API key 5 (`__cluster_metadata`).
//!
//! Declared from `PartitionChangeRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 1 adds Directories for KIP-858.
//! Version 2 implements Eligible Leader Replicas and LastKnownElr as described in KIP-966.

use crate::BrokerIds;
use kafka_wire::{KafkaMessage, UnknownTaggedFields, Uuid};

/// Kafka's `PartitionChangeRecord` metadata schema, versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionChangeRecord {
    /// The partition id.
    #[kafka(versions = "0+", default = -1)]
    pub partition_id: i32,
    /// The unique ID of this topic.
    #[kafka(versions = "0+")]
    pub topic_id: Uuid,
    /// null if the ISR didn't change; the new in-sync replicas otherwise.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+", default = None, entity_type = "brokerId")]
    pub isr: Option<BrokerIds>,
    /// -1 if there is now no leader; -2 if the leader didn't change; the new leader otherwise.
    #[kafka(versions = "0+", tag = 1, tagged = "0+", default = -2, entity_type = "brokerId")]
    pub leader: i32,
    /// null if the replicas didn't change; the new replicas otherwise.
    #[kafka(versions = "0+", nullable = "0+", tag = 2, tagged = "0+", default = None, entity_type = "brokerId")]
    pub replicas: Option<BrokerIds>,
    /// null if the removing replicas didn't change; the new removing replicas otherwise.
    #[kafka(versions = "0+", nullable = "0+", tag = 3, tagged = "0+", default = None, entity_type = "brokerId")]
    pub removing_replicas: Option<BrokerIds>,
    /// null if the adding replicas didn't change; the new adding replicas otherwise.
    #[kafka(versions = "0+", nullable = "0+", tag = 4, tagged = "0+", default = None, entity_type = "brokerId")]
    pub adding_replicas: Option<BrokerIds>,
    /// -1 if it didn't change; 0 if the leader was elected from the ISR or recovered from an
    /// unclean election; 1 if the leader that was elected using unclean leader election and it
    /// is still recovering.
    #[kafka(versions = "0+", tag = 5, tagged = "0+", default = -1)]
    pub leader_recovery_state: i8,
    /// null if the log dirs didn't change; the new log directory for each replica otherwise.
    #[kafka(versions = "1+", nullable = "1+", tag = 8, tagged = "1+", default = None)]
    pub directories: Option<Vec<Uuid>>,
    /// null if the ELR didn't change; the new eligible leader replicas otherwise.
    #[kafka(versions = "2+", nullable = "2+", tag = 6, tagged = "2+", default = None, entity_type = "brokerId")]
    pub eligible_leader_replicas: Option<BrokerIds>,
    /// null if the LastKnownElr didn't change; the last known eligible leader replicas
    /// otherwise.
    #[kafka(versions = "2+", nullable = "2+", tag = 7, tagged = "2+", default = None, entity_type = "brokerId")]
    pub last_known_elr: Option<BrokerIds>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
