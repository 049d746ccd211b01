//! Kafka's `ShareGroupMemberMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 10 in `__consumer_offsets`.
//!
//! Declared from `ShareGroupMemberMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ShareGroupMemberMetadataValue` coordinator-value schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ShareGroupMemberMetadataValue {
    /// The (optional) rack id.
    #[kafka(versions = "0+", nullable = "0+")]
    pub rack_id: Option<Str>,
    /// The client id.
    #[kafka(versions = "0+")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+")]
    pub client_host: Str,
    /// The list of subscribed topic names.
    #[kafka(versions = "0+")]
    pub subscribed_topic_names: Vec<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
