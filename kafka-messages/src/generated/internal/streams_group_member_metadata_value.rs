//! Kafka's `StreamsGroupMemberMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 19 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupMemberMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `StreamsGroupMemberMetadataValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupMemberMetadataValue {
    /// The (optional) instance ID for static membership.
    #[kafka(versions = "0+", nullable = "0+")]
    pub instance_id: Option<Str>,
    /// The (optional) rack ID.
    #[kafka(versions = "0+", nullable = "0+")]
    pub rack_id: Option<Str>,
    /// The client ID.
    #[kafka(versions = "0+")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+")]
    pub client_host: Str,
    /// The rebalance timeout.
    #[kafka(versions = "0+", default = -1)]
    pub rebalance_timeout_ms: i32,
    /// The epoch of the topology.
    #[kafka(versions = "0+")]
    pub topology_epoch: i32,
    /// Identity of the streams instance that may have multiple consumers.
    #[kafka(versions = "0+")]
    pub process_id: Str,
    /// User-defined endpoint for running interactive queries on this instance.
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub user_endpoint: Option<Endpoint>,
    /// Used for rack-aware assignment algorithm.
    #[kafka(versions = "0+")]
    pub client_tags: Vec<KeyValue>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `StreamsGroupMemberMetadataValue.UserEndpoint`: User-defined endpoint for running
/// interactive queries on this instance.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct Endpoint {
    /// The host of the endpoint.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The port of the endpoint.
    #[kafka(versions = "0+")]
    pub port: u16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupMemberMetadataValue.ClientTags`: Used for rack-aware assignment
/// algorithm.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct KeyValue {
    /// The key of the config.
    #[kafka(versions = "0+")]
    pub key: Str,
    /// the value of the config.
    #[kafka(versions = "0+")]
    pub value: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
