//! WriteTxnMarkers (API key 27): versions 0-2, flexible 1+.
//!
//! Kafka 4.4.0 accepts versions 1-2, Kafka 3.9.1 versions 0-1: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `WriteTxnMarkersRequest.json` and `WriteTxnMarkersResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 enables flexible versions.
//! Version 2 adds TransactionVersion field to the WritableTxnMarker (KIP-1228).
//!
//! # Response versions
//!
//! Version 0 was removed in Apache Kafka 4.0, Version 1 is the new baseline.
//!
//! Version 1 enables flexible versions.
//! Version 2 matches WriteTxnMarkersRequest version 2 (KIP-1228).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of WriteTxnMarkers (API key 27), versions 0-2 (Kafka 4.4.0: 1-2; Kafka 3.9.1:
/// 0-1), flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 27, versions = "0-2", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteTxnMarkersRequest {
    /// The transaction markers to be written.
    #[kafka(versions = "0+")]
    pub markers: Vec<WritableTxnMarker>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for WriteTxnMarkersRequest {
    type Response = WriteTxnMarkersResponse;
}

/// An element of `WriteTxnMarkersRequest.Markers`: The transaction markers to be written.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WritableTxnMarker {
    /// The current producer ID.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The current epoch associated with the producer ID.
    #[kafka(versions = "0+")]
    pub producer_epoch: i16,
    /// The result of the transaction to write to the partitions (false = ABORT, true = COMMIT).
    #[kafka(versions = "0+")]
    pub transaction_result: bool,
    /// Each topic that we want to write transaction marker(s) for.
    #[kafka(versions = "0+")]
    pub topics: Vec<WritableTxnMarkerTopic>,
    /// Epoch associated with the transaction state partition hosted by this transaction
    /// coordinator.
    #[kafka(versions = "0+")]
    pub coordinator_epoch: i32,
    /// Transaction version of the marker. Ex: 0/1 = legacy (TV0/TV1), 2 = TV2 etc.
    #[kafka(versions = "2+", default = 0, ignorable)]
    pub transaction_version: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `WritableTxnMarker.Topics`: Each topic that we want to write transaction
/// marker(s) for.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WritableTxnMarkerTopic {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The indexes of the partitions to write transaction markers for.
    #[kafka(versions = "0+")]
    pub partition_indexes: Vec<i32>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of WriteTxnMarkers (API key 27), versions 0-2 (Kafka 4.4.0: 1-2; Kafka 3.9.1:
/// 0-1), flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 27, versions = "0-2", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WriteTxnMarkersResponse {
    /// The results for writing makers.
    #[kafka(versions = "0+")]
    pub markers: Vec<WritableTxnMarkerResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `WriteTxnMarkersResponse.Markers`: The results for writing makers.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WritableTxnMarkerResult {
    /// The current producer ID in use by the transactional ID.
    #[kafka(versions = "0+", entity_type = "producerId")]
    pub producer_id: i64,
    /// The results by topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<WritableTxnMarkerTopicResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `WritableTxnMarkerResult.Topics`: The results by topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WritableTxnMarkerTopicResult {
    /// The topic name.
    #[kafka(versions = "0+", entity_type = "topicName")]
    pub name: Str,
    /// The results by partition.
    #[kafka(versions = "0+")]
    pub partitions: Vec<WritableTxnMarkerPartitionResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `WritableTxnMarkerTopicResult.Partitions`: The results by partition.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct WritableTxnMarkerPartitionResult {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub partition_index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
