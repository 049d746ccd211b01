//! Kafka's `RegisterControllerRecord` metadata schema: versions 0, flexible 0+.
//!
//! A KRaft metadata log record, API key 27 (`__cluster_metadata`).
//!
//! Declared from `RegisterControllerRecord.json` of `org.apache.kafka:kafka-metadata` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields, Uuid};

/// Kafka's `RegisterControllerRecord` metadata schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct RegisterControllerRecord {
    /// The controller id.
    #[kafka(versions = "0+")]
    pub controller_id: i32,
    /// The incarnation ID of the controller process
    #[kafka(versions = "0+")]
    pub incarnation_id: Uuid,
    /// Set if the required configurations for ZK migration are present.
    #[kafka(versions = "0+")]
    pub zk_migration_ready: bool,
    /// The endpoints that can be used to communicate with this controller.
    #[kafka(versions = "0+")]
    pub end_points: Vec<ControllerEndpoint>,
    /// The features on this controller
    #[kafka(versions = "0+")]
    pub features: Vec<ControllerFeature>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `RegisterControllerRecord.EndPoints`: The endpoints that can be used to
/// communicate with this controller.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControllerEndpoint {
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

/// An element of `RegisterControllerRecord.Features`: The features on this controller
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControllerFeature {
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
