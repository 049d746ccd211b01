//! The tables every API-wide item of this crate is written over: Kafka's APIs
//! ([`for_each_api!`]) and `data` schemas ([`for_each_data_schema!`]), and the
//! release they are declared from.
//!
//! Written by `cargo xtask generate` from the JSON schemas; regenerate rather
//! than edit. The code over the tables is hand-written: the module list in `lib.rs`,
//! and `ApiKey`, `RequestKind`, `ResponseKind` and their views in `apis.rs`.

/// The Apache Kafka release whose JSON schemas every message here is declared from
/// (`kafka-messages/schemas/RELEASE`, beside the schemas).
pub const KAFKA_RELEASE: &str = "4.4.0";

/// The older Apache Kafka release whose versions are declared beside [`KAFKA_RELEASE`]'s:
/// those Kafka 4.0 removed (KIP-896), which brokers of its line still accept
/// (`kafka-messages/schemas-*/RELEASE`).
pub const OLDER_KAFKA_RELEASE: &str = "3.9.1";

/// Calls `$callback! { row, ... }` with one row per API of [`KAFKA_RELEASE`], in key order:
///
/// ```text
/// (key, Name, module, generated | curated, Request, Response, RequestView, ResponseView,
///  [cfg of its feature], "all versions", "KAFKA_RELEASE's", "OLDER_KAFKA_RELEASE's",
///  "flexible versions", "listeners")
/// ```
///
/// A `generated` module is written by the generator, a `curated` one by hand (lib.rs
/// declares those itself). The cfg is `all()` for the APIs always compiled. Versions are
/// Kafka's notation (`"3-13"`, `"9+"`, `"none"`), the request's: all that are declared,
/// then those each release accepts by default; listeners, those its schema names.
macro_rules! for_each_api {
    ($callback:ident) => {
        $callback! {
            (0, Produce, produce, generated, ProduceRequest, ProduceResponse, ProduceRequestView, ProduceResponseView, [feature = "producer"], "0-13", "3-13", "0-11", "9+", "broker"),
            (1, Fetch, fetch, generated, FetchRequest, FetchResponse, FetchRequestView, FetchResponseView, [feature = "consumer"], "0-18", "4-18", "0-17", "12+", "broker, controller"),
            (2, ListOffsets, list_offsets, generated, ListOffsetsRequest, ListOffsetsResponse, ListOffsetsRequestView, ListOffsetsResponseView, [feature = "consumer"], "0-11", "1-11", "0-9", "6+", "broker"),
            (3, Metadata, metadata, generated, MetadataRequest, MetadataResponse, MetadataRequestView, MetadataResponseView, [all()], "0-13", "0-13", "0-12", "9+", "broker"),
            (4, LeaderAndIsr, leader_and_isr, generated, LeaderAndIsrRequest, LeaderAndIsrResponse, LeaderAndIsrRequestView, LeaderAndIsrResponseView, [feature = "controller"], "0-7", "none", "0-7", "4+", "zkBroker"),
            (5, StopReplica, stop_replica, generated, StopReplicaRequest, StopReplicaResponse, StopReplicaRequestView, StopReplicaResponseView, [feature = "controller"], "0-4", "none", "0-4", "2+", "zkBroker"),
            (6, UpdateMetadata, update_metadata, generated, UpdateMetadataRequest, UpdateMetadataResponse, UpdateMetadataRequestView, UpdateMetadataResponseView, [feature = "controller"], "0-8", "none", "0-8", "6+", "zkBroker"),
            (7, ControlledShutdown, controlled_shutdown, generated, ControlledShutdownRequest, ControlledShutdownResponse, ControlledShutdownRequestView, ControlledShutdownResponseView, [feature = "controller"], "0-3", "none", "0-3", "3+", "zkBroker, controller"),
            (8, OffsetCommit, offset_commit, generated, OffsetCommitRequest, OffsetCommitResponse, OffsetCommitRequestView, OffsetCommitResponseView, [feature = "consumer"], "0-10", "2-10", "0-9", "8+", "broker"),
            (9, OffsetFetch, offset_fetch, generated, OffsetFetchRequest, OffsetFetchResponse, OffsetFetchRequestView, OffsetFetchResponseView, [feature = "consumer"], "0-10", "1-10", "0-9", "6+", "broker"),
            (10, FindCoordinator, find_coordinator, generated, FindCoordinatorRequest, FindCoordinatorResponse, FindCoordinatorRequestView, FindCoordinatorResponseView, [feature = "group"], "0-6", "0-6", "0-6", "3+", "broker"),
            (11, JoinGroup, join_group, generated, JoinGroupRequest, JoinGroupResponse, JoinGroupRequestView, JoinGroupResponseView, [feature = "group"], "0-9", "0-9", "0-9", "6+", "broker"),
            (12, Heartbeat, heartbeat, generated, HeartbeatRequest, HeartbeatResponse, HeartbeatRequestView, HeartbeatResponseView, [feature = "group"], "0-4", "0-4", "0-4", "4+", "broker"),
            (13, LeaveGroup, leave_group, generated, LeaveGroupRequest, LeaveGroupResponse, LeaveGroupRequestView, LeaveGroupResponseView, [feature = "group"], "0-5", "0-5", "0-5", "4+", "broker"),
            (14, SyncGroup, sync_group, generated, SyncGroupRequest, SyncGroupResponse, SyncGroupRequestView, SyncGroupResponseView, [feature = "group"], "0-5", "0-5", "0-5", "4+", "broker"),
            (15, DescribeGroups, describe_groups, generated, DescribeGroupsRequest, DescribeGroupsResponse, DescribeGroupsRequestView, DescribeGroupsResponseView, [feature = "group"], "0-6", "0-6", "0-5", "5+", "broker"),
            (16, ListGroups, list_groups, generated, ListGroupsRequest, ListGroupsResponse, ListGroupsRequestView, ListGroupsResponseView, [feature = "group"], "0-5", "0-5", "0-5", "3+", "broker"),
            (17, SaslHandshake, sasl_handshake, generated, SaslHandshakeRequest, SaslHandshakeResponse, SaslHandshakeRequestView, SaslHandshakeResponseView, [all()], "0-1", "0-1", "0-1", "none", "broker, controller"),
            (18, ApiVersions, api_versions, curated, ApiVersionsRequest, ApiVersionsResponse, ApiVersionsRequestView, ApiVersionsResponseView, [all()], "0-5", "0-5", "0-4", "3+", "broker, controller"),
            (19, CreateTopics, create_topics, curated, CreateTopicsRequest, CreateTopicsResponse, CreateTopicsRequestView, CreateTopicsResponseView, [all()], "0-7", "2-7", "0-7", "5+", "broker, controller"),
            (20, DeleteTopics, delete_topics, generated, DeleteTopicsRequest, DeleteTopicsResponse, DeleteTopicsRequestView, DeleteTopicsResponseView, [feature = "admin"], "0-6", "1-6", "0-6", "4+", "broker, controller"),
            (21, DeleteRecords, delete_records, generated, DeleteRecordsRequest, DeleteRecordsResponse, DeleteRecordsRequestView, DeleteRecordsResponseView, [feature = "admin"], "0-2", "0-2", "0-2", "2+", "broker"),
            (22, InitProducerId, init_producer_id, generated, InitProducerIdRequest, InitProducerIdResponse, InitProducerIdRequestView, InitProducerIdResponseView, [feature = "producer"], "0-6", "0-6", "0-5", "2+", "broker"),
            (23, OffsetForLeaderEpoch, offset_for_leader_epoch, generated, OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse, OffsetForLeaderEpochRequestView, OffsetForLeaderEpochResponseView, [feature = "consumer"], "0-4", "2-4", "0-4", "4+", "broker"),
            (24, AddPartitionsToTxn, add_partitions_to_txn, generated, AddPartitionsToTxnRequest, AddPartitionsToTxnResponse, AddPartitionsToTxnRequestView, AddPartitionsToTxnResponseView, [feature = "producer"], "0-5", "0-5", "0-5", "3+", "broker"),
            (25, AddOffsetsToTxn, add_offsets_to_txn, generated, AddOffsetsToTxnRequest, AddOffsetsToTxnResponse, AddOffsetsToTxnRequestView, AddOffsetsToTxnResponseView, [feature = "producer"], "0-4", "0-4", "0-4", "3+", "broker"),
            (26, EndTxn, end_txn, generated, EndTxnRequest, EndTxnResponse, EndTxnRequestView, EndTxnResponseView, [feature = "producer"], "0-5", "0-5", "0-4", "3+", "broker"),
            (27, WriteTxnMarkers, write_txn_markers, generated, WriteTxnMarkersRequest, WriteTxnMarkersResponse, WriteTxnMarkersRequestView, WriteTxnMarkersResponseView, [feature = "controller"], "0-2", "1-2", "0-1", "1+", "broker"),
            (28, TxnOffsetCommit, txn_offset_commit, generated, TxnOffsetCommitRequest, TxnOffsetCommitResponse, TxnOffsetCommitRequestView, TxnOffsetCommitResponseView, [feature = "producer"], "0-6", "0-6", "0-4", "3+", "broker"),
            (29, DescribeAcls, describe_acls, generated, DescribeAclsRequest, DescribeAclsResponse, DescribeAclsRequestView, DescribeAclsResponseView, [feature = "admin"], "0-3", "1-3", "0-3", "2+", "broker, controller"),
            (30, CreateAcls, create_acls, curated, CreateAclsRequest, CreateAclsResponse, CreateAclsRequestView, CreateAclsResponseView, [all()], "0-3", "1-3", "0-3", "2+", "broker, controller"),
            (31, DeleteAcls, delete_acls, generated, DeleteAclsRequest, DeleteAclsResponse, DeleteAclsRequestView, DeleteAclsResponseView, [feature = "admin"], "0-3", "1-3", "0-3", "2+", "broker, controller"),
            (32, DescribeConfigs, describe_configs, generated, DescribeConfigsRequest, DescribeConfigsResponse, DescribeConfigsRequestView, DescribeConfigsResponseView, [feature = "admin"], "0-4", "1-4", "0-4", "4+", "broker, controller"),
            (33, AlterConfigs, alter_configs, generated, AlterConfigsRequest, AlterConfigsResponse, AlterConfigsRequestView, AlterConfigsResponseView, [feature = "admin"], "0-2", "0-2", "0-2", "2+", "broker, controller"),
            (34, AlterReplicaLogDirs, alter_replica_log_dirs, generated, AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse, AlterReplicaLogDirsRequestView, AlterReplicaLogDirsResponseView, [feature = "admin"], "0-2", "1-2", "0-2", "2+", "broker"),
            (35, DescribeLogDirs, describe_log_dirs, generated, DescribeLogDirsRequest, DescribeLogDirsResponse, DescribeLogDirsRequestView, DescribeLogDirsResponseView, [feature = "admin"], "0-5", "1-5", "0-4", "2+", "broker"),
            (36, SaslAuthenticate, sasl_authenticate, generated, SaslAuthenticateRequest, SaslAuthenticateResponse, SaslAuthenticateRequestView, SaslAuthenticateResponseView, [all()], "0-2", "0-2", "0-2", "2+", "broker, controller"),
            (37, CreatePartitions, create_partitions, generated, CreatePartitionsRequest, CreatePartitionsResponse, CreatePartitionsRequestView, CreatePartitionsResponseView, [feature = "admin"], "0-3", "0-3", "0-3", "2+", "broker, controller"),
            (38, CreateDelegationToken, create_delegation_token, generated, CreateDelegationTokenRequest, CreateDelegationTokenResponse, CreateDelegationTokenRequestView, CreateDelegationTokenResponseView, [feature = "admin"], "0-3", "1-3", "0-3", "2+", "broker, controller"),
            (39, RenewDelegationToken, renew_delegation_token, generated, RenewDelegationTokenRequest, RenewDelegationTokenResponse, RenewDelegationTokenRequestView, RenewDelegationTokenResponseView, [feature = "admin"], "0-2", "1-2", "0-2", "2+", "broker, controller"),
            (40, ExpireDelegationToken, expire_delegation_token, generated, ExpireDelegationTokenRequest, ExpireDelegationTokenResponse, ExpireDelegationTokenRequestView, ExpireDelegationTokenResponseView, [feature = "admin"], "0-2", "1-2", "0-2", "2+", "broker, controller"),
            (41, DescribeDelegationToken, describe_delegation_token, generated, DescribeDelegationTokenRequest, DescribeDelegationTokenResponse, DescribeDelegationTokenRequestView, DescribeDelegationTokenResponseView, [feature = "admin"], "0-3", "1-3", "0-3", "2+", "broker, controller"),
            (42, DeleteGroups, delete_groups, generated, DeleteGroupsRequest, DeleteGroupsResponse, DeleteGroupsRequestView, DeleteGroupsResponseView, [feature = "group"], "0-3", "0-3", "0-2", "2+", "broker"),
            (43, ElectLeaders, elect_leaders, generated, ElectLeadersRequest, ElectLeadersResponse, ElectLeadersRequestView, ElectLeadersResponseView, [feature = "admin"], "0-2", "0-2", "0-2", "2+", "broker, controller"),
            (44, IncrementalAlterConfigs, incremental_alter_configs, generated, IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse, IncrementalAlterConfigsRequestView, IncrementalAlterConfigsResponseView, [feature = "admin"], "0-1", "0-1", "0-1", "1+", "broker, controller"),
            (45, AlterPartitionReassignments, alter_partition_reassignments, generated, AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse, AlterPartitionReassignmentsRequestView, AlterPartitionReassignmentsResponseView, [feature = "admin"], "0-1", "0-1", "0", "0+", "broker, controller"),
            (46, ListPartitionReassignments, list_partition_reassignments, generated, ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse, ListPartitionReassignmentsRequestView, ListPartitionReassignmentsResponseView, [feature = "admin"], "0", "0", "0", "0+", "broker, controller"),
            (47, OffsetDelete, offset_delete, generated, OffsetDeleteRequest, OffsetDeleteResponse, OffsetDeleteRequestView, OffsetDeleteResponseView, [feature = "group"], "0", "0", "0", "none", "broker"),
            (48, DescribeClientQuotas, describe_client_quotas, generated, DescribeClientQuotasRequest, DescribeClientQuotasResponse, DescribeClientQuotasRequestView, DescribeClientQuotasResponseView, [feature = "admin"], "0-1", "0-1", "0-1", "1+", "broker"),
            (49, AlterClientQuotas, alter_client_quotas, generated, AlterClientQuotasRequest, AlterClientQuotasResponse, AlterClientQuotasRequestView, AlterClientQuotasResponseView, [feature = "admin"], "0-1", "0-1", "0-1", "1+", "broker, controller"),
            (50, DescribeUserScramCredentials, describe_user_scram_credentials, generated, DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse, DescribeUserScramCredentialsRequestView, DescribeUserScramCredentialsResponseView, [feature = "admin"], "0", "0", "0", "0+", "broker, controller"),
            (51, AlterUserScramCredentials, alter_user_scram_credentials, generated, AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse, AlterUserScramCredentialsRequestView, AlterUserScramCredentialsResponseView, [feature = "admin"], "0", "0", "0", "0+", "broker, controller"),
            (52, Vote, vote, generated, VoteRequest, VoteResponse, VoteRequestView, VoteResponseView, [feature = "controller"], "0-2", "0-2", "0-1", "0+", "controller"),
            (53, BeginQuorumEpoch, begin_quorum_epoch, generated, BeginQuorumEpochRequest, BeginQuorumEpochResponse, BeginQuorumEpochRequestView, BeginQuorumEpochResponseView, [feature = "controller"], "0-1", "0-1", "0-1", "1+", "controller"),
            (54, EndQuorumEpoch, end_quorum_epoch, generated, EndQuorumEpochRequest, EndQuorumEpochResponse, EndQuorumEpochRequestView, EndQuorumEpochResponseView, [feature = "controller"], "0-1", "0-1", "0-1", "1+", "controller"),
            (55, DescribeQuorum, describe_quorum, generated, DescribeQuorumRequest, DescribeQuorumResponse, DescribeQuorumRequestView, DescribeQuorumResponseView, [feature = "admin"], "0-2", "0-2", "0-2", "0+", "broker, controller"),
            (56, AlterPartition, alter_partition, generated, AlterPartitionRequest, AlterPartitionResponse, AlterPartitionRequestView, AlterPartitionResponseView, [feature = "controller"], "0-3", "2-3", "0-3", "0+", "controller"),
            (57, UpdateFeatures, update_features, generated, UpdateFeaturesRequest, UpdateFeaturesResponse, UpdateFeaturesRequestView, UpdateFeaturesResponseView, [feature = "admin"], "0-2", "0-2", "0-1", "0+", "broker, controller"),
            (58, Envelope, envelope, generated, EnvelopeRequest, EnvelopeResponse, EnvelopeRequestView, EnvelopeResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller"),
            (59, FetchSnapshot, fetch_snapshot, generated, FetchSnapshotRequest, FetchSnapshotResponse, FetchSnapshotRequestView, FetchSnapshotResponseView, [feature = "controller"], "0-1", "0-1", "0-1", "0+", "controller"),
            (60, DescribeCluster, describe_cluster, generated, DescribeClusterRequest, DescribeClusterResponse, DescribeClusterRequestView, DescribeClusterResponseView, [feature = "admin"], "0-2", "0-2", "0-1", "0+", "broker, controller"),
            (61, DescribeProducers, describe_producers, generated, DescribeProducersRequest, DescribeProducersResponse, DescribeProducersRequestView, DescribeProducersResponseView, [feature = "producer"], "0", "0", "0", "0+", "broker"),
            (62, BrokerRegistration, broker_registration, generated, BrokerRegistrationRequest, BrokerRegistrationResponse, BrokerRegistrationRequestView, BrokerRegistrationResponseView, [feature = "controller"], "0-4", "0-4", "0-4", "0+", "controller"),
            (63, BrokerHeartbeat, broker_heartbeat, generated, BrokerHeartbeatRequest, BrokerHeartbeatResponse, BrokerHeartbeatRequestView, BrokerHeartbeatResponseView, [feature = "controller"], "0-2", "0-2", "0-1", "0+", "controller"),
            (64, UnregisterBroker, unregister_broker, generated, UnregisterBrokerRequest, UnregisterBrokerResponse, UnregisterBrokerRequestView, UnregisterBrokerResponseView, [feature = "admin"], "0", "0", "0", "0+", "broker, controller"),
            (65, DescribeTransactions, describe_transactions, generated, DescribeTransactionsRequest, DescribeTransactionsResponse, DescribeTransactionsRequestView, DescribeTransactionsResponseView, [feature = "producer"], "0", "0", "0", "0+", "broker"),
            (66, ListTransactions, list_transactions, generated, ListTransactionsRequest, ListTransactionsResponse, ListTransactionsRequestView, ListTransactionsResponseView, [feature = "producer"], "0-2", "0-2", "0-1", "0+", "broker"),
            (67, AllocateProducerIds, allocate_producer_ids, generated, AllocateProducerIdsRequest, AllocateProducerIdsResponse, AllocateProducerIdsRequestView, AllocateProducerIdsResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller"),
            (68, ConsumerGroupHeartbeat, consumer_group_heartbeat, generated, ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse, ConsumerGroupHeartbeatRequestView, ConsumerGroupHeartbeatResponseView, [feature = "consumer"], "0-1", "0-1", "0", "0+", "broker"),
            (69, ConsumerGroupDescribe, consumer_group_describe, generated, ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse, ConsumerGroupDescribeRequestView, ConsumerGroupDescribeResponseView, [feature = "consumer"], "0-1", "0-1", "0", "0+", "broker"),
            (70, ControllerRegistration, controller_registration, generated, ControllerRegistrationRequest, ControllerRegistrationResponse, ControllerRegistrationRequestView, ControllerRegistrationResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller"),
            (71, GetTelemetrySubscriptions, get_telemetry_subscriptions, generated, GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse, GetTelemetrySubscriptionsRequestView, GetTelemetrySubscriptionsResponseView, [feature = "consumer"], "0", "0", "0", "0+", "broker"),
            (72, PushTelemetry, push_telemetry, generated, PushTelemetryRequest, PushTelemetryResponse, PushTelemetryRequestView, PushTelemetryResponseView, [feature = "consumer"], "0", "0", "0", "0+", "broker"),
            (73, AssignReplicasToDirs, assign_replicas_to_dirs, generated, AssignReplicasToDirsRequest, AssignReplicasToDirsResponse, AssignReplicasToDirsRequestView, AssignReplicasToDirsResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller"),
            (74, ListConfigResources, list_config_resources, generated, ListConfigResourcesRequest, ListConfigResourcesResponse, ListConfigResourcesRequestView, ListConfigResourcesResponseView, [feature = "admin"], "0-1", "0-1", "0", "0+", "broker"),
            (75, DescribeTopicPartitions, describe_topic_partitions, generated, DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse, DescribeTopicPartitionsRequestView, DescribeTopicPartitionsResponseView, [feature = "admin"], "0", "0", "0", "0+", "broker"),
            (76, ShareGroupHeartbeat, share_group_heartbeat, generated, ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse, ShareGroupHeartbeatRequestView, ShareGroupHeartbeatResponseView, [feature = "share"], "1", "1", "none", "0+", "broker"),
            (77, ShareGroupDescribe, share_group_describe, generated, ShareGroupDescribeRequest, ShareGroupDescribeResponse, ShareGroupDescribeRequestView, ShareGroupDescribeResponseView, [feature = "share"], "1", "1", "none", "0+", "broker"),
            (78, ShareFetch, share_fetch, generated, ShareFetchRequest, ShareFetchResponse, ShareFetchRequestView, ShareFetchResponseView, [feature = "share"], "1-2", "1-2", "none", "0+", "broker"),
            (79, ShareAcknowledge, share_acknowledge, generated, ShareAcknowledgeRequest, ShareAcknowledgeResponse, ShareAcknowledgeRequestView, ShareAcknowledgeResponseView, [feature = "share"], "1-2", "1-2", "none", "0+", "broker"),
            (80, AddRaftVoter, add_raft_voter, generated, AddRaftVoterRequest, AddRaftVoterResponse, AddRaftVoterRequestView, AddRaftVoterResponseView, [feature = "controller"], "0-1", "0-1", "0", "0+", "controller, broker"),
            (81, RemoveRaftVoter, remove_raft_voter, generated, RemoveRaftVoterRequest, RemoveRaftVoterResponse, RemoveRaftVoterRequestView, RemoveRaftVoterResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller, broker"),
            (82, UpdateRaftVoter, update_raft_voter, generated, UpdateRaftVoterRequest, UpdateRaftVoterResponse, UpdateRaftVoterRequestView, UpdateRaftVoterResponseView, [feature = "controller"], "0", "0", "0", "0+", "controller"),
            (83, InitializeShareGroupState, initialize_share_group_state, generated, InitializeShareGroupStateRequest, InitializeShareGroupStateResponse, InitializeShareGroupStateRequestView, InitializeShareGroupStateResponseView, [feature = "share"], "0", "0", "none", "0+", "broker"),
            (84, ReadShareGroupState, read_share_group_state, generated, ReadShareGroupStateRequest, ReadShareGroupStateResponse, ReadShareGroupStateRequestView, ReadShareGroupStateResponseView, [feature = "share"], "0", "0", "none", "0+", "broker"),
            (85, WriteShareGroupState, write_share_group_state, generated, WriteShareGroupStateRequest, WriteShareGroupStateResponse, WriteShareGroupStateRequestView, WriteShareGroupStateResponseView, [feature = "share"], "0-1", "0-1", "none", "0+", "broker"),
            (86, DeleteShareGroupState, delete_share_group_state, generated, DeleteShareGroupStateRequest, DeleteShareGroupStateResponse, DeleteShareGroupStateRequestView, DeleteShareGroupStateResponseView, [feature = "share"], "0", "0", "none", "0+", "broker"),
            (87, ReadShareGroupStateSummary, read_share_group_state_summary, generated, ReadShareGroupStateSummaryRequest, ReadShareGroupStateSummaryResponse, ReadShareGroupStateSummaryRequestView, ReadShareGroupStateSummaryResponseView, [feature = "share"], "0-1", "0-1", "none", "0+", "broker"),
            (88, StreamsGroupHeartbeat, streams_group_heartbeat, generated, StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse, StreamsGroupHeartbeatRequestView, StreamsGroupHeartbeatResponseView, [feature = "streams"], "0-1", "0-1", "none", "0+", "broker"),
            (89, StreamsGroupDescribe, streams_group_describe, generated, StreamsGroupDescribeRequest, StreamsGroupDescribeResponse, StreamsGroupDescribeRequestView, StreamsGroupDescribeResponseView, [feature = "streams"], "0-1", "0-1", "none", "0+", "broker"),
            (90, DescribeShareGroupOffsets, describe_share_group_offsets, generated, DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse, DescribeShareGroupOffsetsRequestView, DescribeShareGroupOffsetsResponseView, [feature = "share"], "0-1", "0-1", "none", "0+", "broker"),
            (91, AlterShareGroupOffsets, alter_share_group_offsets, generated, AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse, AlterShareGroupOffsetsRequestView, AlterShareGroupOffsetsResponseView, [feature = "share"], "0", "0", "none", "0+", "broker"),
            (92, DeleteShareGroupOffsets, delete_share_group_offsets, generated, DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse, DeleteShareGroupOffsetsRequestView, DeleteShareGroupOffsetsResponseView, [feature = "share"], "0", "0", "none", "0+", "broker"),
            (93, StreamsGroupTopologyDescriptionUpdate, streams_group_topology_description_update, generated, StreamsGroupTopologyDescriptionUpdateRequest, StreamsGroupTopologyDescriptionUpdateResponse, StreamsGroupTopologyDescriptionUpdateRequestView, StreamsGroupTopologyDescriptionUpdateResponseView, [feature = "streams"], "0", "0", "none", "0+", "broker"),
            (94, UnregisterController, unregister_controller, generated, UnregisterControllerRequest, UnregisterControllerResponse, UnregisterControllerRequestView, UnregisterControllerResponseView, [feature = "controller"], "0", "0", "none", "0+", "broker, controller"),
        }
    };
}

/// Calls `$callback! { (Name, module), ... }` with every `data` schema of
/// [`KAFKA_RELEASE`] (versioned, no API key), by name; all are always compiled.
macro_rules! for_each_data_schema {
    ($callback:ident) => {
        $callback! {
            (AbortedTxn, aborted_txn),
            (ConsumerProtocolAssignment, consumer_protocol_assignment),
            (ConsumerProtocolSubscription, consumer_protocol_subscription),
            (ControlRecordTypeSchema, control_record_type_schema),
            (DefaultPrincipalData, default_principal_data),
            (EndTxnMarker, end_txn_marker),
            (KRaftVersionRecord, k_raft_version_record),
            (LeaderChangeMessage, leader_change_message),
            (SnapshotFooterRecord, snapshot_footer_record),
            (SnapshotHeaderRecord, snapshot_header_record),
            (VotersRecord, voters_record),
        }
    };
}
