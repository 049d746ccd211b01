//! Kafka's `DefaultPrincipalData` data schema: versions 0, flexible 0+.
//!
//! Declared from Kafka's `DefaultPrincipalData.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.
//!
//! The encoding format for default Kafka principal in
//! org.apache.kafka.common.security.authenticator.DefaultKafkaPrincipalBuilder.

use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `DefaultPrincipalData` data schema, versions 0, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DefaultPrincipalData {
    /// The principal type.
    #[kafka(versions = "0+")]
    pub r#type: Str,
    /// The principal name.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// Whether the principal was authenticated by a delegation token on the forwarding broker.
    #[kafka(versions = "0+")]
    pub token_authenticated: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
