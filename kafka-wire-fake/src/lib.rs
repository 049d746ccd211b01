//! A Kafka cluster in memory, for tests: start one from a `#[tokio::test]`,
//! point a client at [`Cluster::bootstrap`], and it is gone when the test
//! drops it. No JVM, no ports to agree on, no state left between tests.
//!
//! It serves the APIs in [`SERVED_APIS`] at every version of Kafka 4.4, or
//! of Kafka 3.9 with [`ClusterBuilder::release`], and lower maxima on
//! request ([`ClusterBuilder::max_version`]), so that a client can be made to
//! negotiate every version it has:
//!
//! - data: Produce (acks 0, 1 and all; every batch checked as Kafka's
//!   `LogValidator` checks it: magic 2, CRC-32C, records that read and
//!   decompress, offset deltas, no control batch from a client) and stored
//!   as the producer sent it, with its base offset and leader epoch set;
//!   Fetch (`min_bytes`, `max_bytes` per partition and per request, a
//!   `max_wait_ms` long poll woken by the next append, incremental fetch
//!   sessions of KIP-227); ListOffsets
//!   (earliest, latest, max timestamp, by timestamp); DeleteRecords;
//!   InitProducerId for idempotent producers, whose sequences are checked
//!   as Kafka checks them (a retried batch gets its first offset back,
//!   a gap OUT_OF_ORDER_SEQUENCE_NUMBER, an old epoch
//!   INVALID_PRODUCER_EPOCH);
//! - transactions: transactional InitProducerId (epochs bumped, old
//!   producers fenced with PRODUCER_FENCED, or INVALID_PRODUCER_EPOCH
//!   before KIP-588's versions), AddPartitionsToTxn (a client's v0-3 and a
//!   broker's v4+), AddOffsetsToTxn, TxnOffsetCommit, EndTxn writing
//!   COMMIT or ABORT markers into every partition of the transaction;
//!   read_committed fetches stop at the last stable offset and list the
//!   aborted transactions; a transaction past its timeout (on tokio's
//!   clock) is aborted; ListTransactions and DescribeTransactions;
//! - groups: FindCoordinator; classic groups (JoinGroup, SyncGroup,
//!   Heartbeat, LeaveGroup, with rebalances and generations, and static
//!   members of KIP-345 taking their old place without a rebalance); OffsetCommit
//!   and OffsetFetch, for a group's generation or for consumers that assign
//!   their own partitions; ListGroups (state and type filters),
//!   DescribeGroups, DeleteGroups and OffsetDelete (NON_EMPTY_GROUP,
//!   GROUP_ID_NOT_FOUND, GROUP_SUBSCRIBED_TO_TOPIC as Kafka gives them);
//!   KIP-848 consumer groups (ConsumerGroupHeartbeat, the `uniform`
//!   assignor on the coordinator, revocation before assignment, member
//!   epochs) and ConsumerGroupDescribe;
//! - admin: Metadata, DescribeTopicPartitions (KIP-966: paged by a cursor,
//!   as Kafka 4.4's Java admin describes topics), DescribeCluster,
//!   CreateTopics, DeleteTopics, CreatePartitions, CreateAcls, DescribeAcls,
//!   DeleteAcls; with [`ClusterBuilder::authorizer`],
//!   every request checked against those ACLs as Kafka's `StandardAuthorizer`
//!   checks them (TOPIC_AUTHORIZATION_FAILED, GROUP_AUTHORIZATION_FAILED,
//!   CLUSTER_AUTHORIZATION_FAILED, TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
//! - SASL: with [`ClusterBuilder::sasl`], a SASL listener (PLAIN,
//!   SCRAM-SHA-256/512, OAUTHBEARER; SaslHandshake and SaslAuthenticate)
//!   that closes connections where Kafka's does, the user authenticated
//!   the connection's principal, and KIP-368 session lifetimes
//!   ([`ClusterBuilder::connections_max_reauth`]);
//! - client quotas: produce and fetch byte rates per user or client id
//!   (or their defaults; [`ClusterBuilder::client_quota`], or
//!   AlterClientQuotas, read back with DescribeClientQuotas), answered with
//!   the throttle time Kafka computes;
//! - configs: DescribeConfigs, AlterConfigs and IncrementalAlterConfigs of
//!   topics and brokers, with Kafka 4.4's defaults and checks; a topic's
//!   `max.message.bytes`, `message.timestamp.type=LogAppendTime`,
//!   `retention.bytes` and `retention.ms` are honoured.
//!
//! Errors are Kafka's, with Kafka's
//! messages: TOPIC_ALREADY_EXISTS, UNKNOWN_TOPIC_OR_PARTITION,
//! INVALID_PARTITIONS, INVALID_REPLICATION_FACTOR, INVALID_TOPIC_EXCEPTION,
//! INVALID_REQUEST for an ACL or filter Kafka refuses, CORRUPT_MESSAGE for
//! a batch that does not read, and more. As Kafka
//! does, it answers an ApiVersions version it does not serve with a v0 body
//! holding UNSUPPORTED_VERSION, and closes the connection on any other
//! request it cannot serve.
//!
//! It has one node or several ([`ClusterBuilder::nodes`]), which keep
//! topics, their records, committed offsets, transactions and ACLs in memory, with
//! partition leaders spread over them; [`ClusterBuilder::on_request`] sees every request and
//! how it was answered; [`Cluster::inject`] and [`Cluster::inject_while`] drop, delay or
//! answer with an error code ([`Fault`]) the requests a test picks.
//!
//! The requests and answers go through this workspace's own codec: frames
//! read with `kafka_wire::frame::FrameCodec`, requests decoded header first
//! by `kafka_messages::RequestKind::decode_frame_within`, answers written by
//! `kafka_messages::ResponseKind::encode_frame`.
//!
//! ```
//! use bytes::BytesMut;
//! use kafka_messages::{ApiKey, CreatableTopic, CreateTopicsRequest, CreateTopicsResponse};
//! use kafka_wire::{frame, ErrorCode, RequestHeader};
//! use kafka_wire_fake::Cluster;
//! use tokio::io::{AsyncReadExt, AsyncWriteExt};
//! use tokio::net::TcpStream;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let cluster = Cluster::builder().start().await?;
//! // "127.0.0.1:PORT": what a client's bootstrap servers setting takes.
//! let mut stream = TcpStream::connect(cluster.bootstrap()).await?;
//!
//! // CreateTopics v7, correlation id 1.
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic {
//!         name: "orders".into(),
//!         num_partitions: 3,
//!         replication_factor: 1,
//!         ..Default::default()
//!     }],
//!     timeout_ms: 5_000,
//!     ..Default::default()
//! };
//! let header = RequestHeader::new(ApiKey::CreateTopics.key(), 7, 1, Some("my-test".into()));
//! let mut out = BytesMut::new();
//! frame::encode_request(&mut out, &header, &request)?;
//! stream.write_all(&out).await?;
//!
//! // The response frame: its size, then its header and body.
//! let size = stream.read_i32().await?;
//! let mut frame = vec![0; usize::try_from(size)?];
//! stream.read_exact(&mut frame).await?;
//! let (header, response): (_, CreateTopicsResponse) = frame::decode_response(frame.into(), 7)?;
//! assert_eq!(header.correlation_id, 1);
//! assert_eq!(response.topics[0].error(), ErrorCode::None);
//! assert_eq!(response.topics[0].num_partitions, 3);
//!
//! cluster.shutdown().await;
//! # Ok(())
//! # }
//! ```
//!
//! The `kafka-fake` binary runs a cluster from a command line, for clients
//! in other languages (`kafka-fake --help`).

#![warn(missing_docs)]

mod authorizer;
mod broker;
mod cluster;
mod configs;
mod consumer_group;
mod data;
mod error_answer;
mod fetch_session;
mod group_admin;
mod groups;
mod java;
mod log;
mod membership;
mod quota;
mod request_log;
mod sasl;
mod topic_partitions;
mod txn;

pub use cluster::{Cluster, ClusterBuilder, Fault, HookError, StartError};
/// The users (and OAUTHBEARER validator) of a SASL listener
/// ([`ClusterBuilder::sasl`]): kafka-wire-sasl's, the proxy's too.
pub use kafka_wire_sasl::{Credentials, JwtValidator};
pub use quota::ClientQuota;
pub use request_log::{Outcome, RequestEvent};

use kafka_messages::ApiKey;

/// The APIs a [`Cluster`] serves, in the order its ApiVersions lists them.
pub const SERVED_APIS: &[ApiKey] = &[
    ApiKey::Produce,
    ApiKey::Fetch,
    ApiKey::ListOffsets,
    ApiKey::Metadata,
    ApiKey::ApiVersions,
    ApiKey::CreateTopics,
    ApiKey::DeleteTopics,
    ApiKey::DescribeAcls,
    ApiKey::CreateAcls,
    ApiKey::DeleteAcls,
    ApiKey::CreatePartitions,
    ApiKey::DescribeConfigs,
    ApiKey::AlterConfigs,
    ApiKey::IncrementalAlterConfigs,
    ApiKey::DeleteRecords,
    ApiKey::InitProducerId,
    ApiKey::DescribeCluster,
    ApiKey::FindCoordinator,
    ApiKey::OffsetCommit,
    ApiKey::OffsetFetch,
    ApiKey::JoinGroup,
    ApiKey::SyncGroup,
    ApiKey::Heartbeat,
    ApiKey::LeaveGroup,
    ApiKey::AddPartitionsToTxn,
    ApiKey::AddOffsetsToTxn,
    ApiKey::EndTxn,
    ApiKey::TxnOffsetCommit,
    ApiKey::DescribeTransactions,
    ApiKey::ListTransactions,
    ApiKey::ListGroups,
    ApiKey::DescribeGroups,
    ApiKey::DeleteGroups,
    ApiKey::OffsetDelete,
    ApiKey::ConsumerGroupHeartbeat,
    ApiKey::ConsumerGroupDescribe,
    ApiKey::DescribeClientQuotas,
    ApiKey::AlterClientQuotas,
    ApiKey::DescribeTopicPartitions,
    // On a listener without SASL (`ClusterBuilder::sasl` not called),
    // answered ILLEGAL_SASL_STATE, as Kafka's are.
    ApiKey::SaslHandshake,
    ApiKey::SaslAuthenticate,
];
