//! Kafka's `EndTxnMarker` data schema: versions 0, flexible none.
//!
//! Declared from Kafka's `EndTxnMarker.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::KafkaMessage;

/// Kafka's `EndTxnMarker` data schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EndTxnMarker {
    /// The coordinator epoch when appending the record
    #[kafka(versions = "0+")]
    pub coordinator_epoch: i32,
}
