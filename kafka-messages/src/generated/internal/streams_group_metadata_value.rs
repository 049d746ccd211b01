//! Kafka's `StreamsGroupMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 17 in `__consumer_offsets`.
//!
//! Declared from `StreamsGroupMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `StreamsGroupMetadataValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct StreamsGroupMetadataValue {
    /// The group epoch.
    #[kafka(versions = "0+")]
    pub epoch: i32,
    /// The hash of all topics in the group.
    #[kafka(versions = "0+")]
    pub metadata_hash: i64,
    /// The topology epoch whose topics are validated to be present in a valid configuration in
    /// the metadata.
    #[kafka(versions = "0+", tag = 0, tagged = "0+", default = -1)]
    pub validated_topology_epoch: i32,
    /// The last used configuration parameters as key-value pairs.
    #[kafka(versions = "0+", nullable = "0+", tag = 1, tagged = "0+")]
    pub last_assignment_configs: Option<Vec<LastAssignmentConfig>>,
    /// The topology epoch the plugin holds, or -1 if none. -2 (uncertain) marks an interrupted
    /// plugin operation: it solicits a push like -1 and is delete-eligible like a stored epoch.
    #[kafka(versions = "0+", tag = 2, tagged = "0+", default = -1)]
    pub stored_description_topology_epoch: i32,
    /// The topology epoch whose description push the plugin permanently rejected (signalled by
    /// StreamsTopologyDescriptionPermanentFailureException), or -1 if none. Heartbeat-path
    /// solicitation is suppressed while this equals the current topology epoch, to avoid hot-
    /// looping.
    #[kafka(versions = "0+", tag = 3, tagged = "0+", default = -1)]
    pub failed_description_topology_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `StreamsGroupMetadataValue.LastAssignmentConfigs`: The last used configuration
/// parameters as key-value pairs.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LastAssignmentConfig {
    /// Key of the config.
    #[kafka(versions = "0+")]
    pub key: Str,
    /// Value of the config.
    #[kafka(versions = "0+")]
    pub value: Str,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
