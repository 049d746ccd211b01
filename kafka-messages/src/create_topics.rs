//! CreateTopics (API key 19, versions 0-7, flexible 5+): create topics with a
//! partition count and replication factor, or an explicit replica assignment,
//! and per-topic configs. Kafka 4.4.0 accepts versions 2-7, Kafka 3.9.1 0-7
//! (see [`ApiKey::versions_in`](crate::ApiKey::versions_in)).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, Uuid};

/// Asks the controller to create topics.
///
/// ```
/// use kafka_messages::{CreatableTopic, CreatableTopicConfig, CreateTopicsRequest};
/// use kafka_wire::{Message, Versioned};
///
/// let request = CreateTopicsRequest {
///     topics: vec![CreatableTopic {
///         name: "orders".into(),
///         num_partitions: 6,
///         replication_factor: 3,
///         configs: vec![CreatableTopicConfig::new("cleanup.policy", "compact")],
///         ..Default::default()
///     }],
///     timeout_ms: 30_000,
///     ..Default::default()
/// };
/// let mut body = Vec::new();
/// request.encode(&mut body, 7)?;
/// assert_eq!(body.len(), request.encoded_len(7));
/// assert_eq!(CreateTopicsRequest::decode(&mut &body[..], 7)?, request);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 19, versions = "0-7", flexible = "5+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateTopicsRequest {
    /// The topics to create.
    #[kafka(versions = "0+")]
    pub topics: Vec<CreatableTopic>,
    /// How long the controller may take, in milliseconds, before the request times out.
    #[kafka(versions = "0+", default = 60000, name = "timeoutMs")]
    pub timeout_ms: i32,
    /// When true, only check that the topics could be created; create nothing.
    #[kafka(versions = "1+", default = false, name = "validateOnly")]
    pub validate_only: bool,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for CreateTopicsRequest {
    type Response = CreateTopicsResponse;
}

/// One topic to create.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableTopic {
    /// The topic's name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// How many partitions; -1 to use the broker default or when `assignments` are given.
    #[kafka(versions = "0+")]
    pub num_partitions: i32,
    /// How many replicas per partition; -1 to use the broker default or when
    /// `assignments` are given.
    #[kafka(versions = "0+")]
    pub replication_factor: i16,
    /// Explicit replica placement per partition; empty for automatic placement.
    #[kafka(versions = "0+")]
    pub assignments: Vec<CreatableReplicaAssignment>,
    /// Topic configs to set, overriding the broker's defaults.
    #[kafka(versions = "0+")]
    pub configs: Vec<CreatableTopicConfig>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The broker ids of one partition's replicas. Up to four are stored inline
/// (in the 24 bytes a `Vec` takes), so decoding a typical assignment allocates
/// nothing; build one with `vec![1, 2, 3].into()` or `BrokerIds::from_slice(&[1, 2, 3])`.
pub type BrokerIds = kafka_wire::smallvec::SmallVec<[i32; 4]>;

/// Where the replicas of one partition go.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableReplicaAssignment {
    /// The partition.
    #[kafka(versions = "0+", map_key)]
    pub partition_index: i32,
    /// The brokers holding its replicas, preferred leader first.
    #[kafka(versions = "0+", entity_type = "brokerId")]
    pub broker_ids: BrokerIds,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// One topic config to set.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableTopicConfig {
    /// The config's name, e.g. `cleanup.policy`.
    #[kafka(versions = "0+", map_key)]
    pub name: Str,
    /// Its value; null to use the default.
    #[kafka(versions = "0+", nullable = "0+")]
    pub value: Option<Str>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl CreatableTopicConfig {
    /// A config `name = value`.
    pub fn new(name: impl Into<Str>, value: impl Into<Str>) -> Self {
        CreatableTopicConfig {
            name: name.into(),
            value: Some(value.into()),
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }
    }
}

/// The controller's answer to [`CreateTopicsRequest`].
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 19, versions = "0-7", flexible = "5+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateTopicsResponse {
    /// How long the request was throttled for a quota violation, in milliseconds.
    #[kafka(versions = "2+", ignorable)]
    pub throttle_time_ms: i32,
    /// One result per requested topic.
    #[kafka(versions = "0+")]
    pub topics: Vec<CreatableTopicResult>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The outcome for one topic.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableTopicResult {
    /// The topic's name.
    #[kafka(versions = "0+", map_key, entity_type = "topicName")]
    pub name: Str,
    /// The new topic's id (v7+).
    #[kafka(versions = "7+", ignorable)]
    pub topic_id: Uuid,
    /// The error code, 0 for success; see [`CreatableTopicResult::error`].
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error's message, or null when there was none.
    #[kafka(versions = "1+", nullable = "0+", ignorable)]
    pub error_message: Option<Str>,
    /// An error reading the topic's configs, when they are not returned (tag 0, v5+).
    #[kafka(versions = "5+", tag = 0, tagged = "5+", ignorable)]
    pub topic_config_error_code: i16,
    /// The topic's partition count (v5+).
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub num_partitions: i32,
    /// The topic's replication factor (v5+).
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub replication_factor: i16,
    /// The topic's configs (v5+); null when they could not be read.
    #[kafka(versions = "5+", nullable = "5+", ignorable)]
    pub configs: Option<Vec<CreatableTopicConfigs>>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl CreatableTopicResult {
    /// The error code as a typed value.
    pub fn error(&self) -> kafka_wire::ErrorCode {
        kafka_wire::ErrorCode::from_code(self.error_code)
    }
}

/// One config of a created topic, as the broker reports it.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreatableTopicConfigs {
    /// The config's name.
    #[kafka(versions = "5+")]
    pub name: Str,
    /// Its value; null when it is sensitive or unset.
    #[kafka(versions = "5+", nullable = "5+")]
    pub value: Option<Str>,
    /// True when it cannot be changed.
    #[kafka(versions = "5+")]
    pub read_only: bool,
    /// Where the value comes from; see [`CreatableTopicConfigs::source`].
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub config_source: i8,
    /// True when the value is sensitive (and so not shown).
    #[kafka(versions = "5+")]
    pub is_sensitive: bool,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl CreatableTopicConfigs {
    /// The config source as a typed value.
    pub fn source(&self) -> crate::ConfigSource {
        crate::ConfigSource::from(self.config_source)
    }
}
