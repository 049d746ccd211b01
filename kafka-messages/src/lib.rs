//! # kafka-messages
//!
//! Every API of Apache Kafka ([`KAFKA_RELEASE`]), declared with `#[derive(KafkaMessage)]`
//! field for field as Kafka's JSON schemas define them, and proven against
//! Kafka's own Java classes (a differential test over every API and version),
//! a live broker, and the `kafka-protocol` crate.
//!
//! - One module per API ([`metadata`], [`produce`], [`fetch`], ...), holding its
//!   request, its response and their nested structs; the request and response
//!   are also at the crate root. Nested structs keep Kafka's names; where a
//!   request and its response both have one of the same name, the response's
//!   is prefixed `Response` (its JSON name kept in the schema).
//! - [`ApiKey`]: every key with its name, versions and header versions;
//!   [`RequestKind`] / [`ResponseKind`] decode any body by its key, for servers
//!   and proxies.
//! - Kafka's `data` schemas ([`ConsumerProtocolSubscription`], the KRaft
//!   snapshot records, ...) are [`kafka_wire::Versioned`] structs.
//!
//! The modules other than CreateTopics, CreateAcls and ApiVersions are written
//! by `scripts/generate-messages.py` from the JSON schemas in `schemas/`; those
//! three are curated by hand, with typed views ([`ResourceType`],
//! [`AclOperation`], ...), [`BrokerIds`] and constructors, and checked against
//! their JSON by the same conformance test.
//!
//! ## Features
//!
//! Each API belongs to one feature, by who uses it: `producer`, `consumer`,
//! `group`, `share`, `streams`, `admin` and `controller` (KRaft and
//! inter-broker APIs); `all` turns on every one. ApiVersions, Metadata,
//! SaslHandshake, SaslAuthenticate, CreateTopics, CreateAcls and the data
//! schemas are always there. [`ApiKey`] lists every key in any build
//! ([`ApiKey::is_compiled`] says whether its messages are).
//!
//! Feature `client` (off by default) adds [`client`]: a small blocking client
//! on `std::net`, which negotiates versions with ApiVersions.
//!
//! Feature `view` (off by default) adds a borrowed view of every struct
//! (`CreateTopicsRequestView<'a>` beside `CreateTopicsRequest`, in its
//! module), read in place with [`kafka_wire::Versioned::view`] without
//! allocating, and `RequestView` / `ResponseView`, which read any body by its
//! key. It is off by default because checking the views' code adds about a
//! fifth to the crate's build time.
//!
//! Tools that meet any message: [`dynamic`] reads and writes whole frames
//! by their schemas alone, as value trees with the byte span of each value.
//!
//! Servers and proxies: [`RequestKind::decode_frame`] reads any request
//! frame header first, so that every error names the correlation id to
//! answer, and [`serve`] writes responses and Kafka's answer to an
//! unsupported ApiVersions version.
//!
//! Strings are [`kafka_wire::Str`]: decoded from `Bytes`, they share the input
//! buffer. Every request implements [`kafka_wire::Request`], naming its
//! response type.
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

// The tables of APIs and data schemas (`for_each_api!`, `for_each_data_schema!`),
// written by scripts/generate-messages.py; `apis` writes ApiKey, RequestKind, ...
// over them.
#[macro_use]
mod api_table;
mod apis;
#[cfg(feature = "client")]
pub mod client;
mod codes;
pub mod dynamic;
pub mod serve;

pub use api_table::KAFKA_RELEASE;
pub use api_versions::{ApiVersion, FinalizedFeatureKey, SupportedFeatureKey};
pub use apis::{ApiKey, DataSchema, RequestKind, ResponseKind, DATA_SCHEMAS};
#[cfg(feature = "view")]
pub use apis::{RequestView, ResponseView};
pub use codes::{AclOperation, AclPermissionType, ConfigSource, PatternType, ResourceType};
pub use create_acls::{AclCreation, AclCreationResult};
pub use create_topics::{
    BrokerIds, CreatableReplicaAssignment, CreatableTopic, CreatableTopicConfig,
    CreatableTopicConfigs, CreatableTopicResult,
};

// BEGIN modules written by scripts/generate-messages.py
#[cfg(feature = "producer")]
pub mod produce;
#[cfg(feature = "producer")]
pub use produce::{ProduceRequest, ProduceResponse};
#[cfg(feature = "consumer")]
pub mod fetch;
#[cfg(feature = "consumer")]
pub use fetch::{FetchRequest, FetchResponse};
#[cfg(feature = "consumer")]
pub mod list_offsets;
#[cfg(feature = "consumer")]
pub use list_offsets::{ListOffsetsRequest, ListOffsetsResponse};
pub mod metadata;
pub use metadata::{MetadataRequest, MetadataResponse};
#[cfg(feature = "consumer")]
pub mod offset_commit;
#[cfg(feature = "consumer")]
pub use offset_commit::{OffsetCommitRequest, OffsetCommitResponse};
#[cfg(feature = "consumer")]
pub mod offset_fetch;
#[cfg(feature = "consumer")]
pub use offset_fetch::{OffsetFetchRequest, OffsetFetchResponse};
#[cfg(feature = "group")]
pub mod find_coordinator;
#[cfg(feature = "group")]
pub use find_coordinator::{FindCoordinatorRequest, FindCoordinatorResponse};
#[cfg(feature = "group")]
pub mod join_group;
#[cfg(feature = "group")]
pub use join_group::{JoinGroupRequest, JoinGroupResponse};
#[cfg(feature = "group")]
pub mod heartbeat;
#[cfg(feature = "group")]
pub use heartbeat::{HeartbeatRequest, HeartbeatResponse};
#[cfg(feature = "group")]
pub mod leave_group;
#[cfg(feature = "group")]
pub use leave_group::{LeaveGroupRequest, LeaveGroupResponse};
#[cfg(feature = "group")]
pub mod sync_group;
#[cfg(feature = "group")]
pub use sync_group::{SyncGroupRequest, SyncGroupResponse};
#[cfg(feature = "group")]
pub mod describe_groups;
#[cfg(feature = "group")]
pub use describe_groups::{DescribeGroupsRequest, DescribeGroupsResponse};
#[cfg(feature = "group")]
pub mod list_groups;
#[cfg(feature = "group")]
pub use list_groups::{ListGroupsRequest, ListGroupsResponse};
pub mod sasl_handshake;
pub use sasl_handshake::{SaslHandshakeRequest, SaslHandshakeResponse};
pub mod api_versions;
pub use api_versions::{ApiVersionsRequest, ApiVersionsResponse};
pub mod create_topics;
pub use create_topics::{CreateTopicsRequest, CreateTopicsResponse};
#[cfg(feature = "admin")]
pub mod delete_topics;
#[cfg(feature = "admin")]
pub use delete_topics::{DeleteTopicsRequest, DeleteTopicsResponse};
#[cfg(feature = "admin")]
pub mod delete_records;
#[cfg(feature = "admin")]
pub use delete_records::{DeleteRecordsRequest, DeleteRecordsResponse};
#[cfg(feature = "producer")]
pub mod init_producer_id;
#[cfg(feature = "producer")]
pub use init_producer_id::{InitProducerIdRequest, InitProducerIdResponse};
#[cfg(feature = "consumer")]
pub mod offset_for_leader_epoch;
#[cfg(feature = "consumer")]
pub use offset_for_leader_epoch::{OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse};
#[cfg(feature = "producer")]
pub mod add_partitions_to_txn;
#[cfg(feature = "producer")]
pub use add_partitions_to_txn::{AddPartitionsToTxnRequest, AddPartitionsToTxnResponse};
#[cfg(feature = "producer")]
pub mod add_offsets_to_txn;
#[cfg(feature = "producer")]
pub use add_offsets_to_txn::{AddOffsetsToTxnRequest, AddOffsetsToTxnResponse};
#[cfg(feature = "producer")]
pub mod end_txn;
#[cfg(feature = "producer")]
pub use end_txn::{EndTxnRequest, EndTxnResponse};
#[cfg(feature = "controller")]
pub mod write_txn_markers;
#[cfg(feature = "controller")]
pub use write_txn_markers::{WriteTxnMarkersRequest, WriteTxnMarkersResponse};
#[cfg(feature = "producer")]
pub mod txn_offset_commit;
#[cfg(feature = "producer")]
pub use txn_offset_commit::{TxnOffsetCommitRequest, TxnOffsetCommitResponse};
#[cfg(feature = "admin")]
pub mod describe_acls;
#[cfg(feature = "admin")]
pub use describe_acls::{DescribeAclsRequest, DescribeAclsResponse};
pub mod create_acls;
pub use create_acls::{CreateAclsRequest, CreateAclsResponse};
#[cfg(feature = "admin")]
pub mod delete_acls;
#[cfg(feature = "admin")]
pub use delete_acls::{DeleteAclsRequest, DeleteAclsResponse};
#[cfg(feature = "admin")]
pub mod describe_configs;
#[cfg(feature = "admin")]
pub use describe_configs::{DescribeConfigsRequest, DescribeConfigsResponse};
#[cfg(feature = "admin")]
pub mod alter_configs;
#[cfg(feature = "admin")]
pub use alter_configs::{AlterConfigsRequest, AlterConfigsResponse};
#[cfg(feature = "admin")]
pub mod alter_replica_log_dirs;
#[cfg(feature = "admin")]
pub use alter_replica_log_dirs::{AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse};
#[cfg(feature = "admin")]
pub mod describe_log_dirs;
#[cfg(feature = "admin")]
pub use describe_log_dirs::{DescribeLogDirsRequest, DescribeLogDirsResponse};
pub mod sasl_authenticate;
pub use sasl_authenticate::{SaslAuthenticateRequest, SaslAuthenticateResponse};
#[cfg(feature = "admin")]
pub mod create_partitions;
#[cfg(feature = "admin")]
pub use create_partitions::{CreatePartitionsRequest, CreatePartitionsResponse};
#[cfg(feature = "admin")]
pub mod create_delegation_token;
#[cfg(feature = "admin")]
pub use create_delegation_token::{CreateDelegationTokenRequest, CreateDelegationTokenResponse};
#[cfg(feature = "admin")]
pub mod renew_delegation_token;
#[cfg(feature = "admin")]
pub use renew_delegation_token::{RenewDelegationTokenRequest, RenewDelegationTokenResponse};
#[cfg(feature = "admin")]
pub mod expire_delegation_token;
#[cfg(feature = "admin")]
pub use expire_delegation_token::{ExpireDelegationTokenRequest, ExpireDelegationTokenResponse};
#[cfg(feature = "admin")]
pub mod describe_delegation_token;
#[cfg(feature = "admin")]
pub use describe_delegation_token::{
    DescribeDelegationTokenRequest, DescribeDelegationTokenResponse,
};
#[cfg(feature = "group")]
pub mod delete_groups;
#[cfg(feature = "group")]
pub use delete_groups::{DeleteGroupsRequest, DeleteGroupsResponse};
#[cfg(feature = "admin")]
pub mod elect_leaders;
#[cfg(feature = "admin")]
pub use elect_leaders::{ElectLeadersRequest, ElectLeadersResponse};
#[cfg(feature = "admin")]
pub mod incremental_alter_configs;
#[cfg(feature = "admin")]
pub use incremental_alter_configs::{
    IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse,
};
#[cfg(feature = "admin")]
pub mod alter_partition_reassignments;
#[cfg(feature = "admin")]
pub use alter_partition_reassignments::{
    AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse,
};
#[cfg(feature = "admin")]
pub mod list_partition_reassignments;
#[cfg(feature = "admin")]
pub use list_partition_reassignments::{
    ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse,
};
#[cfg(feature = "group")]
pub mod offset_delete;
#[cfg(feature = "group")]
pub use offset_delete::{OffsetDeleteRequest, OffsetDeleteResponse};
#[cfg(feature = "admin")]
pub mod describe_client_quotas;
#[cfg(feature = "admin")]
pub use describe_client_quotas::{DescribeClientQuotasRequest, DescribeClientQuotasResponse};
#[cfg(feature = "admin")]
pub mod alter_client_quotas;
#[cfg(feature = "admin")]
pub use alter_client_quotas::{AlterClientQuotasRequest, AlterClientQuotasResponse};
#[cfg(feature = "admin")]
pub mod describe_user_scram_credentials;
#[cfg(feature = "admin")]
pub use describe_user_scram_credentials::{
    DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse,
};
#[cfg(feature = "admin")]
pub mod alter_user_scram_credentials;
#[cfg(feature = "admin")]
pub use alter_user_scram_credentials::{
    AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse,
};
#[cfg(feature = "controller")]
pub mod vote;
#[cfg(feature = "controller")]
pub use vote::{VoteRequest, VoteResponse};
#[cfg(feature = "controller")]
pub mod begin_quorum_epoch;
#[cfg(feature = "controller")]
pub use begin_quorum_epoch::{BeginQuorumEpochRequest, BeginQuorumEpochResponse};
#[cfg(feature = "controller")]
pub mod end_quorum_epoch;
#[cfg(feature = "controller")]
pub use end_quorum_epoch::{EndQuorumEpochRequest, EndQuorumEpochResponse};
#[cfg(feature = "admin")]
pub mod describe_quorum;
#[cfg(feature = "admin")]
pub use describe_quorum::{DescribeQuorumRequest, DescribeQuorumResponse};
#[cfg(feature = "controller")]
pub mod alter_partition;
#[cfg(feature = "controller")]
pub use alter_partition::{AlterPartitionRequest, AlterPartitionResponse};
#[cfg(feature = "admin")]
pub mod update_features;
#[cfg(feature = "admin")]
pub use update_features::{UpdateFeaturesRequest, UpdateFeaturesResponse};
#[cfg(feature = "controller")]
pub mod envelope;
#[cfg(feature = "controller")]
pub use envelope::{EnvelopeRequest, EnvelopeResponse};
#[cfg(feature = "controller")]
pub mod fetch_snapshot;
#[cfg(feature = "controller")]
pub use fetch_snapshot::{FetchSnapshotRequest, FetchSnapshotResponse};
#[cfg(feature = "admin")]
pub mod describe_cluster;
#[cfg(feature = "admin")]
pub use describe_cluster::{DescribeClusterRequest, DescribeClusterResponse};
#[cfg(feature = "producer")]
pub mod describe_producers;
#[cfg(feature = "producer")]
pub use describe_producers::{DescribeProducersRequest, DescribeProducersResponse};
#[cfg(feature = "controller")]
pub mod broker_registration;
#[cfg(feature = "controller")]
pub use broker_registration::{BrokerRegistrationRequest, BrokerRegistrationResponse};
#[cfg(feature = "controller")]
pub mod broker_heartbeat;
#[cfg(feature = "controller")]
pub use broker_heartbeat::{BrokerHeartbeatRequest, BrokerHeartbeatResponse};
#[cfg(feature = "admin")]
pub mod unregister_broker;
#[cfg(feature = "admin")]
pub use unregister_broker::{UnregisterBrokerRequest, UnregisterBrokerResponse};
#[cfg(feature = "producer")]
pub mod describe_transactions;
#[cfg(feature = "producer")]
pub use describe_transactions::{DescribeTransactionsRequest, DescribeTransactionsResponse};
#[cfg(feature = "producer")]
pub mod list_transactions;
#[cfg(feature = "producer")]
pub use list_transactions::{ListTransactionsRequest, ListTransactionsResponse};
#[cfg(feature = "controller")]
pub mod allocate_producer_ids;
#[cfg(feature = "controller")]
pub use allocate_producer_ids::{AllocateProducerIdsRequest, AllocateProducerIdsResponse};
#[cfg(feature = "consumer")]
pub mod consumer_group_heartbeat;
#[cfg(feature = "consumer")]
pub use consumer_group_heartbeat::{ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse};
#[cfg(feature = "consumer")]
pub mod consumer_group_describe;
#[cfg(feature = "consumer")]
pub use consumer_group_describe::{ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse};
#[cfg(feature = "controller")]
pub mod controller_registration;
#[cfg(feature = "controller")]
pub use controller_registration::{ControllerRegistrationRequest, ControllerRegistrationResponse};
#[cfg(feature = "consumer")]
pub mod get_telemetry_subscriptions;
#[cfg(feature = "consumer")]
pub use get_telemetry_subscriptions::{
    GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse,
};
#[cfg(feature = "consumer")]
pub mod push_telemetry;
#[cfg(feature = "consumer")]
pub use push_telemetry::{PushTelemetryRequest, PushTelemetryResponse};
#[cfg(feature = "controller")]
pub mod assign_replicas_to_dirs;
#[cfg(feature = "controller")]
pub use assign_replicas_to_dirs::{AssignReplicasToDirsRequest, AssignReplicasToDirsResponse};
#[cfg(feature = "admin")]
pub mod list_config_resources;
#[cfg(feature = "admin")]
pub use list_config_resources::{ListConfigResourcesRequest, ListConfigResourcesResponse};
#[cfg(feature = "admin")]
pub mod describe_topic_partitions;
#[cfg(feature = "admin")]
pub use describe_topic_partitions::{
    DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse,
};
#[cfg(feature = "share")]
pub mod share_group_heartbeat;
#[cfg(feature = "share")]
pub use share_group_heartbeat::{ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse};
#[cfg(feature = "share")]
pub mod share_group_describe;
#[cfg(feature = "share")]
pub use share_group_describe::{ShareGroupDescribeRequest, ShareGroupDescribeResponse};
#[cfg(feature = "share")]
pub mod share_fetch;
#[cfg(feature = "share")]
pub use share_fetch::{ShareFetchRequest, ShareFetchResponse};
#[cfg(feature = "share")]
pub mod share_acknowledge;
#[cfg(feature = "share")]
pub use share_acknowledge::{ShareAcknowledgeRequest, ShareAcknowledgeResponse};
#[cfg(feature = "controller")]
pub mod add_raft_voter;
#[cfg(feature = "controller")]
pub use add_raft_voter::{AddRaftVoterRequest, AddRaftVoterResponse};
#[cfg(feature = "controller")]
pub mod remove_raft_voter;
#[cfg(feature = "controller")]
pub use remove_raft_voter::{RemoveRaftVoterRequest, RemoveRaftVoterResponse};
#[cfg(feature = "controller")]
pub mod update_raft_voter;
#[cfg(feature = "controller")]
pub use update_raft_voter::{UpdateRaftVoterRequest, UpdateRaftVoterResponse};
#[cfg(feature = "share")]
pub mod initialize_share_group_state;
#[cfg(feature = "share")]
pub use initialize_share_group_state::{
    InitializeShareGroupStateRequest, InitializeShareGroupStateResponse,
};
#[cfg(feature = "share")]
pub mod read_share_group_state;
#[cfg(feature = "share")]
pub use read_share_group_state::{ReadShareGroupStateRequest, ReadShareGroupStateResponse};
#[cfg(feature = "share")]
pub mod write_share_group_state;
#[cfg(feature = "share")]
pub use write_share_group_state::{WriteShareGroupStateRequest, WriteShareGroupStateResponse};
#[cfg(feature = "share")]
pub mod delete_share_group_state;
#[cfg(feature = "share")]
pub use delete_share_group_state::{DeleteShareGroupStateRequest, DeleteShareGroupStateResponse};
#[cfg(feature = "share")]
pub mod read_share_group_state_summary;
#[cfg(feature = "share")]
pub use read_share_group_state_summary::{
    ReadShareGroupStateSummaryRequest, ReadShareGroupStateSummaryResponse,
};
#[cfg(feature = "streams")]
pub mod streams_group_heartbeat;
#[cfg(feature = "streams")]
pub use streams_group_heartbeat::{StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse};
#[cfg(feature = "streams")]
pub mod streams_group_describe;
#[cfg(feature = "streams")]
pub use streams_group_describe::{StreamsGroupDescribeRequest, StreamsGroupDescribeResponse};
#[cfg(feature = "share")]
pub mod describe_share_group_offsets;
#[cfg(feature = "share")]
pub use describe_share_group_offsets::{
    DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse,
};
#[cfg(feature = "share")]
pub mod alter_share_group_offsets;
#[cfg(feature = "share")]
pub use alter_share_group_offsets::{
    AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse,
};
#[cfg(feature = "share")]
pub mod delete_share_group_offsets;
#[cfg(feature = "share")]
pub use delete_share_group_offsets::{
    DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse,
};
#[cfg(feature = "streams")]
pub mod streams_group_topology_description_update;
#[cfg(feature = "streams")]
pub use streams_group_topology_description_update::{
    StreamsGroupTopologyDescriptionUpdateRequest, StreamsGroupTopologyDescriptionUpdateResponse,
};
#[cfg(feature = "controller")]
pub mod unregister_controller;
#[cfg(feature = "controller")]
pub use unregister_controller::{UnregisterControllerRequest, UnregisterControllerResponse};
pub mod aborted_txn;
pub use aborted_txn::AbortedTxn;
pub mod consumer_protocol_assignment;
pub use consumer_protocol_assignment::ConsumerProtocolAssignment;
pub mod consumer_protocol_subscription;
pub use consumer_protocol_subscription::ConsumerProtocolSubscription;
pub mod control_record_type_schema;
pub use control_record_type_schema::ControlRecordTypeSchema;
pub mod default_principal_data;
pub use default_principal_data::DefaultPrincipalData;
pub mod end_txn_marker;
pub use end_txn_marker::EndTxnMarker;
pub mod k_raft_version_record;
pub use k_raft_version_record::KRaftVersionRecord;
pub mod leader_change_message;
pub use leader_change_message::LeaderChangeMessage;
pub mod snapshot_footer_record;
pub use snapshot_footer_record::SnapshotFooterRecord;
pub mod snapshot_header_record;
pub use snapshot_header_record::SnapshotHeaderRecord;
pub mod voters_record;
pub use voters_record::VotersRecord;
// END modules written by scripts/generate-messages.py
