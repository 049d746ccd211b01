//! Kafka's `AbortedTxn` data schema: versions 0, flexible none.
//!
//! Declared from Kafka's `AbortedTxn.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))
//! by `cargo xtask generate`; regenerate rather than edit.

use kafka_wire::KafkaMessage;

/// Kafka's `AbortedTxn` data schema, versions 0, flexible none.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AbortedTxn {
    /// The producer id associated with the aborted transaction
    #[kafka(versions = "0+")]
    pub producer_id: i64,
    /// The first offset in the aborted transaction
    #[kafka(versions = "0+")]
    pub first_offset: i64,
    /// The last offset in the aborted transaction
    #[kafka(versions = "0+")]
    pub last_offset: i64,
    /// The last stable offset at the time the transaction was aborted
    #[kafka(versions = "0+")]
    pub last_stable_offset: i64,
}
