//! # kafka-messages
//!
//! Kafka messages declared with `#[derive(KafkaMessage)]`, field for field as
//! Apache Kafka's JSON schemas define them, and proven byte-exact (the seed
//! frames, a schema-conformance test, a differential test against the
//! `kafka-protocol` crate, and a live broker):
//!
//! | API | key | versions | flexible |
//! |---|---|---|---|
//! | [`CreateTopicsRequest`] / [`CreateTopicsResponse`] | 19 | 2-7 | 5+ |
//! | [`CreateAclsRequest`] / [`CreateAclsResponse`] | 30 | 1-3 | 2+ |
//! | [`ApiVersionsRequest`] / [`ApiVersionsResponse`] | 18 | 0-4 | 3+ |
//!
//! Every request implements [`kafka_wire::Request`], naming its response type.
//! Strings are [`kafka_wire::Str`]: decoded from `Bytes`, they share the input
//! buffer. The i8 codes of ACLs and configs stay raw in the structs; the typed
//! views are [`ResourceType`], [`PatternType`], [`AclOperation`],
//! [`AclPermissionType`] and [`ConfigSource`].
//!
//! ```
//! use bytes::BytesMut;
//! use kafka_messages::{CreatableTopic, CreateTopicsRequest};
//! use kafka_wire::{frame, RequestHeader};
//!
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic { name: "orders".into(), num_partitions: 3, replication_factor: 1, ..Default::default() }],
//!     ..Default::default()
//! };
//! let header = RequestHeader::new(19, 7, 1, Some("my-client".into()));
//! let mut wire = BytesMut::new();
//! frame::encode_request(&mut wire, &header, &request)?;
//! assert_eq!(&wire[4..8], &[0, 19, 0, 7]); // after the size: api key 19, version 7
//! # Ok::<(), kafka_wire::EncodeError>(())
//! ```
#![deny(missing_docs)]

mod api_versions;
mod codes;
mod create_acls;
mod create_topics;

pub use api_versions::{
    ApiVersion, ApiVersionsRequest, ApiVersionsResponse, FinalizedFeatureKey, SupportedFeatureKey,
};
pub use codes::{AclOperation, AclPermissionType, ConfigSource, PatternType, ResourceType};
pub use create_acls::{AclCreation, AclCreationResult, CreateAclsRequest, CreateAclsResponse};
pub use create_topics::{
    BrokerIds, CreatableReplicaAssignment, CreatableTopic, CreatableTopicConfig,
    CreatableTopicConfigs, CreatableTopicResult, CreateTopicsRequest, CreateTopicsResponse,
};
