//! Kafka's `RegisterBrokerRecord` metadata schema: versions 0-4, flexible 0+.
//!
//! A KRaft metadata log record, API key 0 (`__cluster_metadata`).
//!
//! Declared from `RegisterBrokerRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `RegisterBrokerRecord` metadata schema, versions 0-4, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-4", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct RegisterBrokerRecord {
    /// The broker id.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_id: i32,
    /// True if the broker is a ZK broker in migration mode. Otherwise, false
    #[kafka(versions = "2+", default = false)]
    pub is_migrating_zk_broker: bool,
    /// The incarnation ID of the broker process
    #[kafka(versions = "0+")]
    pub incarnation_id: Uuid,
    /// The broker epoch assigned by the controller.
    #[kafka(versions = "0+")]
    pub broker_epoch: i64,
    /// The endpoints that can be used to communicate with this broker.
    #[kafka(versions = "0+")]
    pub end_points: Vec<BrokerEndpoint>,
    /// The features on this broker
    #[kafka(versions = "0+")]
    pub features: Vec<BrokerFeature>,
    /// The broker rack.
    #[kafka(versions = "0+", nullable = "0+")]
    pub rack: Option<Str>,
    /// True if the broker is fenced.
    #[kafka(versions = "0+", default = true)]
    pub fenced: bool,
    /// True if the broker is in controlled shutdown.
    #[kafka(versions = "1+", default = false)]
    pub in_controlled_shutdown: bool,
    /// Log directories configured in this broker which are available.
    #[kafka(versions = "3+", tag = 0, tagged = "3+")]
    pub log_dirs: Vec<Uuid>,
    /// Log directories that are cordoned. This is initially null before the broker starts
    /// sending the value via its heartbeats.
    #[kafka(versions = "4+", nullable = "4+", tag = 1, tagged = "4+", default = None)]
    pub cordoned_log_dirs: Option<Vec<Uuid>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `RegisterBrokerRecord.EndPoints`: The endpoints that can be used to
/// communicate with this broker.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerEndpoint {
    /// The name of the endpoint.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The hostname.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The port.
    #[kafka(versions = "0+")]
    pub port: u16,
    /// The security protocol.
    #[kafka(versions = "0+")]
    pub security_protocol: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `RegisterBrokerRecord.Features`: The features on this broker
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BrokerFeature {
    /// The feature name.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// The minimum supported feature level.
    #[kafka(versions = "0+")]
    pub min_supported_version: i16,
    /// The maximum supported feature level.
    #[kafka(versions = "0+")]
    pub max_supported_version: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
