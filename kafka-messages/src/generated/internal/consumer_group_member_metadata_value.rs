//! Kafka's `ConsumerGroupMemberMetadataValue` coordinator-value schema: versions 0, flexible 0+.
//!
//! The value of record type 5 in `__consumer_offsets`.
//!
//! Declared from `ConsumerGroupMemberMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `ConsumerGroupMemberMetadataValue` coordinator-value schema, versions 0, flexible
/// 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ConsumerGroupMemberMetadataValue {
    /// The (optional) instance id.
    #[kafka(versions = "0+", nullable = "0+")]
    pub instance_id: Option<Str>,
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
    /// The subscribed topic regular expression.
    #[kafka(versions = "0+", nullable = "0+")]
    pub subscribed_topic_regex: Option<Str>,
    /// The rebalance timeout.
    #[kafka(versions = "0+", default = -1)]
    pub rebalance_timeout_ms: i32,
    /// The server assignor to use; or null if not used.
    #[kafka(versions = "0+", nullable = "0+")]
    pub server_assignor: Option<Str>,
    /// The classic member metadata which includes the supported protocols of the consumer if it
    /// uses the classic protocol. The metadata is null if the consumer uses the consumer
    /// protocol.
    #[kafka(versions = "0+", nullable = "0+", tag = 0, tagged = "0+")]
    pub classic_member_metadata: Option<ClassicMemberMetadata>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `ConsumerGroupMemberMetadataValue.ClassicMemberMetadata`: The classic member metadata which
/// includes the supported protocols of the consumer if it uses the classic protocol. The
/// metadata is null if the consumer uses the consumer protocol.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ClassicMemberMetadata {
    /// The session timeout if the consumer uses the classic protocol.
    #[kafka(versions = "0+")]
    pub session_timeout_ms: i32,
    /// The list of protocols that the member supports if the consumer uses the classic
    /// protocol.
    #[kafka(versions = "0+")]
    pub supported_protocols: Vec<ClassicProtocol>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ClassicMemberMetadata.SupportedProtocols`: The list of protocols that the
/// member supports if the consumer uses the classic protocol.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ClassicProtocol {
    /// The protocol name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// The protocol metadata.
    #[kafka(versions = "0+")]
    pub metadata: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
