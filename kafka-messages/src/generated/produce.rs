//! Produce (API key 0): versions 0-13, flexible 9+.
//!
//! Kafka 4.4.0 accepts versions 3-13, Kafka 3.9.1 versions 0-11: both are read and written
//! here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says 4.4.0's and
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.
//!
//! Declared from Kafka's `ProduceRequest.json` and `ProduceResponse.json` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate rather
//! than edit.
//!
//! # Request versions
//!
//! Versions 0-2 were removed in Apache Kafka 4.0, version 3 is the new baseline. Due to a bug in librdkafka,
//! these versions have to be included in the api versions response (see KAFKA-18659), but are rejected otherwise.
//! See `ApiKeys.PRODUCE_API_VERSIONS_RESPONSE_MIN_VERSION` for more details.
//!
//! Version 1 and 2 are the same as version 0.
//!
//! Version 3 adds the transactional ID, which is used for authorization when attempting to write
//! transactional data.  Version 3 also adds support for Kafka Message Format v2.
//!
//! Version 4 is the same as version 3, but the requester must be prepared to handle a
//! KAFKA_STORAGE_ERROR.
//!
//! Version 5 and 6 are the same as version 3.
//!
//! Starting in version 7, records can be produced using ZStandard compression.  See KIP-110.
//!
//! Starting in Version 8, response has RecordErrors and ErrorMessage. See KIP-467.
//!
//! Version 9 enables flexible versions.
//!
//! Version 10 is the same as version 9 (KIP-951).
//!
//! Version 11 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 12 is the same as version 11 (KIP-890). Note when produce requests are used in transaction, if
//! transaction V2 (KIP_890 part 2) is enabled, the produce request will also include the function for a
//! AddPartitionsToTxn call. If V2 is disabled, the client can't use produce request version higher than 11 within
//! a transaction.
//! Version 13 replaces topic names with topic IDs (KIP-516). May return UNKNOWN_TOPIC_ID error code.
//!
//! # Response versions
//!
//! Versions 0-2 were removed in Apache Kafka 4.0, version 3 is the new baseline. Due to a bug in librdkafka,
//! these versions have to be included in the api versions response (see KAFKA-18659), but are rejected otherwise.
//! See `ApiKeys.PRODUCE_API_VERSIONS_RESPONSE_MIN_VERSION` for more details.
//!
//! Version 1 added the throttle time.
//! Version 2 added the log append time.
//!
//! Version 3 is the same as version 2.
//!
//! Version 4 added KAFKA_STORAGE_ERROR as a possible error code.
//!
//! Version 5 added LogStartOffset to filter out spurious OutOfOrderSequenceExceptions on the client.
//!
//! Version 8 added RecordErrors and ErrorMessage to include information about
//! records that cause the whole batch to be dropped.  See KIP-467 for details.
//!
//! Version 9 enables flexible versions.
//!
//! Version 10 adds 'CurrentLeader' and 'NodeEndpoints' as tagged fields (KIP-951)
//!
//! Version 11 adds support for new error code TRANSACTION_ABORTABLE (KIP-890).
//!
//! Version 12 is the same as version 10 (KIP-890).
//! Version 13 replaces topic names with topic IDs (KIP-516). May return UNKNOWN_TOPIC_ID error code.

use kafka_wire::{KafkaMessage, Records, Request, Str, UnknownTaggedFields, Uuid};

/// The request of Produce (API key 0), versions 0-13 (Kafka 4.4.0: 3-13; Kafka 3.9.1: 0-11),
/// flexible 9+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 0, versions = "0-13", flexible = "9+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ProduceRequest {
    /// The transactional ID, or null if the producer is not transactional.
    #[kafka(versions = "3+", nullable = "3+", default = None, entity_type = "transactionalId")]
    pub transactional_id: Option<Str>,
    /// The number of acknowledgments the producer requires the leader to have received before
    /// considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the
    /// leader and -1 for the full ISR.
    #[kafka(versions = "0+")]
    pub acks: i16,
    /// The timeout to await a response in milliseconds.
    #[kafka(versions = "0+")]
    pub timeout_ms: i32,
    /// Each topic to produce to.
    #[kafka(versions = "0+")]
    pub topic_data: Vec<TopicProduceData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ProduceRequest {
    type Response = ProduceResponse;
}

/// An element of `ProduceRequest.TopicData`: Each topic to produce to.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicProduceData {
    /// The topic name.
    #[kafka(versions = "0-12", ignorable, map_key, entity_type = "topicName")]
    pub name: Str,
    /// The unique topic ID
    #[kafka(versions = "13+", ignorable, map_key)]
    pub topic_id: Uuid,
    /// Each partition to produce to.
    #[kafka(versions = "0+")]
    pub partition_data: Vec<PartitionProduceData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicProduceData.PartitionData`: Each partition to produce to.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionProduceData {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub index: i32,
    /// The record data to be produced.
    #[kafka(versions = "0+", nullable = "0+")]
    pub records: Option<Records>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of Produce (API key 0), versions 0-13 (Kafka 4.4.0: 3-13; Kafka 3.9.1: 0-11),
/// flexible 9+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 0, versions = "0-13", flexible = "9+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ProduceResponse {
    /// Each produce response.
    #[kafka(versions = "0+")]
    pub responses: Vec<TopicProduceResponse>,
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "1+", default = 0, ignorable)]
    pub throttle_time_ms: i32,
    /// Endpoints for all current-leaders enumerated in PartitionProduceResponses, with errors
    /// NOT_LEADER_OR_FOLLOWER.
    #[kafka(versions = "10+", tag = 0, tagged = "10+")]
    pub node_endpoints: Vec<NodeEndpoint>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ProduceResponse.Responses`: Each produce response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct TopicProduceResponse {
    /// The topic name.
    #[kafka(versions = "0-12", ignorable, map_key, entity_type = "topicName")]
    pub name: Str,
    /// The unique topic ID
    #[kafka(versions = "13+", ignorable, map_key)]
    pub topic_id: Uuid,
    /// Each partition that we produced to within the topic.
    #[kafka(versions = "0+")]
    pub partition_responses: Vec<PartitionProduceResponse>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `TopicProduceResponse.PartitionResponses`: Each partition that we produced to
/// within the topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct PartitionProduceResponse {
    /// The partition index.
    #[kafka(versions = "0+")]
    pub index: i32,
    /// The error code, or 0 if there was no error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The base offset.
    #[kafka(versions = "0+")]
    pub base_offset: i64,
    /// The timestamp returned by broker after appending the messages. If CreateTime is used for
    /// the topic, the timestamp will be -1.  If LogAppendTime is used for the topic, the
    /// timestamp will be the broker local time when the messages are appended.
    #[kafka(versions = "2+", default = -1, ignorable)]
    pub log_append_time_ms: i64,
    /// The log start offset.
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub log_start_offset: i64,
    /// The batch indices of records that caused the batch to be dropped.
    #[kafka(versions = "8+", ignorable)]
    pub record_errors: Vec<BatchIndexAndErrorMessage>,
    /// The global error message summarizing the common root cause of the records that caused
    /// the batch to be dropped.
    #[kafka(versions = "8+", nullable = "8+", default = None, ignorable)]
    pub error_message: Option<Str>,
    /// The leader broker that the producer should use for future requests.
    #[kafka(versions = "10+", tag = 0, tagged = "10+")]
    pub current_leader: LeaderIdAndEpoch,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `PartitionProduceResponse.RecordErrors`: The batch indices of records that
/// caused the batch to be dropped.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct BatchIndexAndErrorMessage {
    /// The batch index of the record that caused the batch to be dropped.
    #[kafka(versions = "8+")]
    pub batch_index: i32,
    /// The error message of the record that caused the batch to be dropped.
    #[kafka(versions = "8+", nullable = "8+", default = None)]
    pub batch_index_error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// `PartitionProduceResponse.CurrentLeader`: The leader broker that the producer should use for
/// future requests.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct LeaderIdAndEpoch {
    /// The ID of the current leader or -1 if the leader is unknown.
    #[kafka(versions = "10+", default = -1, entity_type = "brokerId")]
    pub leader_id: i32,
    /// The latest known leader epoch.
    #[kafka(versions = "10+", default = -1)]
    pub leader_epoch: i32,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ProduceResponse.NodeEndpoints`: Endpoints for all current-leaders enumerated
/// in PartitionProduceResponses, with errors NOT_LEADER_OR_FOLLOWER.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct NodeEndpoint {
    /// The ID of the associated node.
    #[kafka(versions = "10+", map_key, entity_type = "brokerId")]
    pub node_id: i32,
    /// The node's hostname.
    #[kafka(versions = "10+")]
    pub host: Str,
    /// The node's port.
    #[kafka(versions = "10+")]
    pub port: i32,
    /// The rack of the node, or null if it has not been assigned to a rack.
    #[kafka(versions = "10+", nullable = "10+", default = None)]
    pub rack: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
