//! Kafka's `ControlRecordTypeSchema` data schema: versions 0, flexible none.
//!
//! Declared from Kafka's `ControlRecordTypeSchema.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::KafkaMessage;

/// Kafka's `ControlRecordTypeSchema` data schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ControlRecordTypeSchema {
    /// The type of the control record, such as commit or abort
    #[kafka(versions = "0+")]
    pub r#type: i16,
}
