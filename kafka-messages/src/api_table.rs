//! The tables every API-wide item of this crate is written over: Kafka's APIs
//! ([`for_each_api!`]) and `data` schemas ([`for_each_data_schema!`]), and the
//! release they are declared from.
//!
//! Written by `scripts/generate-messages.py` from the JSON schemas; regenerate rather
//! than edit. The code over the tables is hand-written: the module list in `lib.rs`,
//! and `ApiKey`, `RequestKind`, `ResponseKind` and their views in `apis.rs`.

/// The Apache Kafka release whose JSON schemas every message here is declared from
/// (`kafka-messages/schemas/RELEASE`, beside the schemas).
pub const KAFKA_RELEASE: &str = "4.4.0";

/// Calls `$callback! { row, ... }` with one row per API of [`KAFKA_RELEASE`], in key order:
///
/// ```text
/// (key, Name, module, Request, Response, RequestView, ResponseView,
///  [cfg of its feature], "valid versions", "flexible versions", "listeners")
/// ```
///
/// The cfg is `all()` for the APIs always compiled. Versions are Kafka's notation
/// (`"3-13"`, `"9+"`, `"none"`), the request's; listeners, those its schema names.
macro_rules! for_each_api {
    ($callback:ident) => {
        $callback! {
            (0, Produce, produce, ProduceRequest, ProduceResponse, ProduceRequestView, ProduceResponseView, [feature = "producer"], "3-13", "9+", "broker"),
            (1, Fetch, fetch, FetchRequest, FetchResponse, FetchRequestView, FetchResponseView, [feature = "consumer"], "4-18", "12+", "broker, controller"),
            (2, ListOffsets, list_offsets, ListOffsetsRequest, ListOffsetsResponse, ListOffsetsRequestView, ListOffsetsResponseView, [feature = "consumer"], "1-11", "6+", "broker"),
            (3, Metadata, metadata, MetadataRequest, MetadataResponse, MetadataRequestView, MetadataResponseView, [all()], "0-13", "9+", "broker"),
            (8, OffsetCommit, offset_commit, OffsetCommitRequest, OffsetCommitResponse, OffsetCommitRequestView, OffsetCommitResponseView, [feature = "consumer"], "2-10", "8+", "broker"),
            (9, OffsetFetch, offset_fetch, OffsetFetchRequest, OffsetFetchResponse, OffsetFetchRequestView, OffsetFetchResponseView, [feature = "consumer"], "1-10", "6+", "broker"),
            (10, FindCoordinator, find_coordinator, FindCoordinatorRequest, FindCoordinatorResponse, FindCoordinatorRequestView, FindCoordinatorResponseView, [feature = "group"], "0-6", "3+", "broker"),
            (11, JoinGroup, join_group, JoinGroupRequest, JoinGroupResponse, JoinGroupRequestView, JoinGroupResponseView, [feature = "group"], "0-9", "6+", "broker"),
            (12, Heartbeat, heartbeat, HeartbeatRequest, HeartbeatResponse, HeartbeatRequestView, HeartbeatResponseView, [feature = "group"], "0-4", "4+", "broker"),
            (13, LeaveGroup, leave_group, LeaveGroupRequest, LeaveGroupResponse, LeaveGroupRequestView, LeaveGroupResponseView, [feature = "group"], "0-5", "4+", "broker"),
            (14, SyncGroup, sync_group, SyncGroupRequest, SyncGroupResponse, SyncGroupRequestView, SyncGroupResponseView, [feature = "group"], "0-5", "4+", "broker"),
            (15, DescribeGroups, describe_groups, DescribeGroupsRequest, DescribeGroupsResponse, DescribeGroupsRequestView, DescribeGroupsResponseView, [feature = "group"], "0-6", "5+", "broker"),
            (16, ListGroups, list_groups, ListGroupsRequest, ListGroupsResponse, ListGroupsRequestView, ListGroupsResponseView, [feature = "group"], "0-5", "3+", "broker"),
            (17, SaslHandshake, sasl_handshake, SaslHandshakeRequest, SaslHandshakeResponse, SaslHandshakeRequestView, SaslHandshakeResponseView, [all()], "0-1", "none", "broker, controller"),
            (18, ApiVersions, api_versions, ApiVersionsRequest, ApiVersionsResponse, ApiVersionsRequestView, ApiVersionsResponseView, [all()], "0-5", "3+", "broker, controller"),
            (19, CreateTopics, create_topics, CreateTopicsRequest, CreateTopicsResponse, CreateTopicsRequestView, CreateTopicsResponseView, [all()], "2-7", "5+", "broker, controller"),
            (20, DeleteTopics, delete_topics, DeleteTopicsRequest, DeleteTopicsResponse, DeleteTopicsRequestView, DeleteTopicsResponseView, [feature = "admin"], "1-6", "4+", "broker, controller"),
            (21, DeleteRecords, delete_records, DeleteRecordsRequest, DeleteRecordsResponse, DeleteRecordsRequestView, DeleteRecordsResponseView, [feature = "admin"], "0-2", "2+", "broker"),
            (22, InitProducerId, init_producer_id, InitProducerIdRequest, InitProducerIdResponse, InitProducerIdRequestView, InitProducerIdResponseView, [feature = "producer"], "0-6", "2+", "broker"),
            (23, OffsetForLeaderEpoch, offset_for_leader_epoch, OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse, OffsetForLeaderEpochRequestView, OffsetForLeaderEpochResponseView, [feature = "consumer"], "2-4", "4+", "broker"),
            (24, AddPartitionsToTxn, add_partitions_to_txn, AddPartitionsToTxnRequest, AddPartitionsToTxnResponse, AddPartitionsToTxnRequestView, AddPartitionsToTxnResponseView, [feature = "producer"], "0-5", "3+", "broker"),
            (25, AddOffsetsToTxn, add_offsets_to_txn, AddOffsetsToTxnRequest, AddOffsetsToTxnResponse, AddOffsetsToTxnRequestView, AddOffsetsToTxnResponseView, [feature = "producer"], "0-4", "3+", "broker"),
            (26, EndTxn, end_txn, EndTxnRequest, EndTxnResponse, EndTxnRequestView, EndTxnResponseView, [feature = "producer"], "0-5", "3+", "broker"),
            (27, WriteTxnMarkers, write_txn_markers, WriteTxnMarkersRequest, WriteTxnMarkersResponse, WriteTxnMarkersRequestView, WriteTxnMarkersResponseView, [feature = "controller"], "1-2", "1+", "broker"),
            (28, TxnOffsetCommit, txn_offset_commit, TxnOffsetCommitRequest, TxnOffsetCommitResponse, TxnOffsetCommitRequestView, TxnOffsetCommitResponseView, [feature = "producer"], "0-6", "3+", "broker"),
            (29, DescribeAcls, describe_acls, DescribeAclsRequest, DescribeAclsResponse, DescribeAclsRequestView, DescribeAclsResponseView, [feature = "admin"], "1-3", "2+", "broker, controller"),
            (30, CreateAcls, create_acls, CreateAclsRequest, CreateAclsResponse, CreateAclsRequestView, CreateAclsResponseView, [all()], "1-3", "2+", "broker, controller"),
            (31, DeleteAcls, delete_acls, DeleteAclsRequest, DeleteAclsResponse, DeleteAclsRequestView, DeleteAclsResponseView, [feature = "admin"], "1-3", "2+", "broker, controller"),
            (32, DescribeConfigs, describe_configs, DescribeConfigsRequest, DescribeConfigsResponse, DescribeConfigsRequestView, DescribeConfigsResponseView, [feature = "admin"], "1-4", "4+", "broker, controller"),
            (33, AlterConfigs, alter_configs, AlterConfigsRequest, AlterConfigsResponse, AlterConfigsRequestView, AlterConfigsResponseView, [feature = "admin"], "0-2", "2+", "broker, controller"),
            (34, AlterReplicaLogDirs, alter_replica_log_dirs, AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse, AlterReplicaLogDirsRequestView, AlterReplicaLogDirsResponseView, [feature = "admin"], "1-2", "2+", "broker"),
            (35, DescribeLogDirs, describe_log_dirs, DescribeLogDirsRequest, DescribeLogDirsResponse, DescribeLogDirsRequestView, DescribeLogDirsResponseView, [feature = "admin"], "1-5", "2+", "broker"),
            (36, SaslAuthenticate, sasl_authenticate, SaslAuthenticateRequest, SaslAuthenticateResponse, SaslAuthenticateRequestView, SaslAuthenticateResponseView, [all()], "0-2", "2+", "broker, controller"),
            (37, CreatePartitions, create_partitions, CreatePartitionsRequest, CreatePartitionsResponse, CreatePartitionsRequestView, CreatePartitionsResponseView, [feature = "admin"], "0-3", "2+", "broker, controller"),
            (38, CreateDelegationToken, create_delegation_token, CreateDelegationTokenRequest, CreateDelegationTokenResponse, CreateDelegationTokenRequestView, CreateDelegationTokenResponseView, [feature = "admin"], "1-3", "2+", "broker, controller"),
            (39, RenewDelegationToken, renew_delegation_token, RenewDelegationTokenRequest, RenewDelegationTokenResponse, RenewDelegationTokenRequestView, RenewDelegationTokenResponseView, [feature = "admin"], "1-2", "2+", "broker, controller"),
            (40, ExpireDelegationToken, expire_delegation_token, ExpireDelegationTokenRequest, ExpireDelegationTokenResponse, ExpireDelegationTokenRequestView, ExpireDelegationTokenResponseView, [feature = "admin"], "1-2", "2+", "broker, controller"),
            (41, DescribeDelegationToken, describe_delegation_token, DescribeDelegationTokenRequest, DescribeDelegationTokenResponse, DescribeDelegationTokenRequestView, DescribeDelegationTokenResponseView, [feature = "admin"], "1-3", "2+", "broker, controller"),
            (42, DeleteGroups, delete_groups, DeleteGroupsRequest, DeleteGroupsResponse, DeleteGroupsRequestView, DeleteGroupsResponseView, [feature = "group"], "0-3", "2+", "broker"),
            (43, ElectLeaders, elect_leaders, ElectLeadersRequest, ElectLeadersResponse, ElectLeadersRequestView, ElectLeadersResponseView, [feature = "admin"], "0-2", "2+", "broker, controller"),
            (44, IncrementalAlterConfigs, incremental_alter_configs, IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse, IncrementalAlterConfigsRequestView, IncrementalAlterConfigsResponseView, [feature = "admin"], "0-1", "1+", "broker, controller"),
            (45, AlterPartitionReassignments, alter_partition_reassignments, AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse, AlterPartitionReassignmentsRequestView, AlterPartitionReassignmentsResponseView, [feature = "admin"], "0-1", "0+", "broker, controller"),
            (46, ListPartitionReassignments, list_partition_reassignments, ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse, ListPartitionReassignmentsRequestView, ListPartitionReassignmentsResponseView, [feature = "admin"], "0", "0+", "broker, controller"),
            (47, OffsetDelete, offset_delete, OffsetDeleteRequest, OffsetDeleteResponse, OffsetDeleteRequestView, OffsetDeleteResponseView, [feature = "group"], "0", "none", "broker"),
            (48, DescribeClientQuotas, describe_client_quotas, DescribeClientQuotasRequest, DescribeClientQuotasResponse, DescribeClientQuotasRequestView, DescribeClientQuotasResponseView, [feature = "admin"], "0-1", "1+", "broker"),
            (49, AlterClientQuotas, alter_client_quotas, AlterClientQuotasRequest, AlterClientQuotasResponse, AlterClientQuotasRequestView, AlterClientQuotasResponseView, [feature = "admin"], "0-1", "1+", "broker, controller"),
            (50, DescribeUserScramCredentials, describe_user_scram_credentials, DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse, DescribeUserScramCredentialsRequestView, DescribeUserScramCredentialsResponseView, [feature = "admin"], "0", "0+", "broker, controller"),
            (51, AlterUserScramCredentials, alter_user_scram_credentials, AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse, AlterUserScramCredentialsRequestView, AlterUserScramCredentialsResponseView, [feature = "admin"], "0", "0+", "broker, controller"),
            (52, Vote, vote, VoteRequest, VoteResponse, VoteRequestView, VoteResponseView, [feature = "controller"], "0-2", "0+", "controller"),
            (53, BeginQuorumEpoch, begin_quorum_epoch, BeginQuorumEpochRequest, BeginQuorumEpochResponse, BeginQuorumEpochRequestView, BeginQuorumEpochResponseView, [feature = "controller"], "0-1", "1+", "controller"),
            (54, EndQuorumEpoch, end_quorum_epoch, EndQuorumEpochRequest, EndQuorumEpochResponse, EndQuorumEpochRequestView, EndQuorumEpochResponseView, [feature = "controller"], "0-1", "1+", "controller"),
            (55, DescribeQuorum, describe_quorum, DescribeQuorumRequest, DescribeQuorumResponse, DescribeQuorumRequestView, DescribeQuorumResponseView, [feature = "admin"], "0-2", "0+", "broker, controller"),
            (56, AlterPartition, alter_partition, AlterPartitionRequest, AlterPartitionResponse, AlterPartitionRequestView, AlterPartitionResponseView, [feature = "controller"], "2-3", "0+", "controller"),
            (57, UpdateFeatures, update_features, UpdateFeaturesRequest, UpdateFeaturesResponse, UpdateFeaturesRequestView, UpdateFeaturesResponseView, [feature = "admin"], "0-2", "0+", "broker, controller"),
            (58, Envelope, envelope, EnvelopeRequest, EnvelopeResponse, EnvelopeRequestView, EnvelopeResponseView, [feature = "controller"], "0", "0+", "controller"),
            (59, FetchSnapshot, fetch_snapshot, FetchSnapshotRequest, FetchSnapshotResponse, FetchSnapshotRequestView, FetchSnapshotResponseView, [feature = "controller"], "0-1", "0+", "controller"),
            (60, DescribeCluster, describe_cluster, DescribeClusterRequest, DescribeClusterResponse, DescribeClusterRequestView, DescribeClusterResponseView, [feature = "admin"], "0-2", "0+", "broker, controller"),
            (61, DescribeProducers, describe_producers, DescribeProducersRequest, DescribeProducersResponse, DescribeProducersRequestView, DescribeProducersResponseView, [feature = "producer"], "0", "0+", "broker"),
            (62, BrokerRegistration, broker_registration, BrokerRegistrationRequest, BrokerRegistrationResponse, BrokerRegistrationRequestView, BrokerRegistrationResponseView, [feature = "controller"], "0-4", "0+", "controller"),
            (63, BrokerHeartbeat, broker_heartbeat, BrokerHeartbeatRequest, BrokerHeartbeatResponse, BrokerHeartbeatRequestView, BrokerHeartbeatResponseView, [feature = "controller"], "0-2", "0+", "controller"),
            (64, UnregisterBroker, unregister_broker, UnregisterBrokerRequest, UnregisterBrokerResponse, UnregisterBrokerRequestView, UnregisterBrokerResponseView, [feature = "admin"], "0", "0+", "broker, controller"),
            (65, DescribeTransactions, describe_transactions, DescribeTransactionsRequest, DescribeTransactionsResponse, DescribeTransactionsRequestView, DescribeTransactionsResponseView, [feature = "producer"], "0", "0+", "broker"),
            (66, ListTransactions, list_transactions, ListTransactionsRequest, ListTransactionsResponse, ListTransactionsRequestView, ListTransactionsResponseView, [feature = "producer"], "0-2", "0+", "broker"),
            (67, AllocateProducerIds, allocate_producer_ids, AllocateProducerIdsRequest, AllocateProducerIdsResponse, AllocateProducerIdsRequestView, AllocateProducerIdsResponseView, [feature = "controller"], "0", "0+", "controller"),
            (68, ConsumerGroupHeartbeat, consumer_group_heartbeat, ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse, ConsumerGroupHeartbeatRequestView, ConsumerGroupHeartbeatResponseView, [feature = "consumer"], "0-1", "0+", "broker"),
            (69, ConsumerGroupDescribe, consumer_group_describe, ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse, ConsumerGroupDescribeRequestView, ConsumerGroupDescribeResponseView, [feature = "consumer"], "0-1", "0+", "broker"),
            (70, ControllerRegistration, controller_registration, ControllerRegistrationRequest, ControllerRegistrationResponse, ControllerRegistrationRequestView, ControllerRegistrationResponseView, [feature = "controller"], "0", "0+", "controller"),
            (71, GetTelemetrySubscriptions, get_telemetry_subscriptions, GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse, GetTelemetrySubscriptionsRequestView, GetTelemetrySubscriptionsResponseView, [feature = "consumer"], "0", "0+", "broker"),
            (72, PushTelemetry, push_telemetry, PushTelemetryRequest, PushTelemetryResponse, PushTelemetryRequestView, PushTelemetryResponseView, [feature = "consumer"], "0", "0+", "broker"),
            (73, AssignReplicasToDirs, assign_replicas_to_dirs, AssignReplicasToDirsRequest, AssignReplicasToDirsResponse, AssignReplicasToDirsRequestView, AssignReplicasToDirsResponseView, [feature = "controller"], "0", "0+", "controller"),
            (74, ListConfigResources, list_config_resources, ListConfigResourcesRequest, ListConfigResourcesResponse, ListConfigResourcesRequestView, ListConfigResourcesResponseView, [feature = "admin"], "0-1", "0+", "broker"),
            (75, DescribeTopicPartitions, describe_topic_partitions, DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse, DescribeTopicPartitionsRequestView, DescribeTopicPartitionsResponseView, [feature = "admin"], "0", "0+", "broker"),
            (76, ShareGroupHeartbeat, share_group_heartbeat, ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse, ShareGroupHeartbeatRequestView, ShareGroupHeartbeatResponseView, [feature = "share"], "1", "0+", "broker"),
            (77, ShareGroupDescribe, share_group_describe, ShareGroupDescribeRequest, ShareGroupDescribeResponse, ShareGroupDescribeRequestView, ShareGroupDescribeResponseView, [feature = "share"], "1", "0+", "broker"),
            (78, ShareFetch, share_fetch, ShareFetchRequest, ShareFetchResponse, ShareFetchRequestView, ShareFetchResponseView, [feature = "share"], "1-2", "0+", "broker"),
            (79, ShareAcknowledge, share_acknowledge, ShareAcknowledgeRequest, ShareAcknowledgeResponse, ShareAcknowledgeRequestView, ShareAcknowledgeResponseView, [feature = "share"], "1-2", "0+", "broker"),
            (80, AddRaftVoter, add_raft_voter, AddRaftVoterRequest, AddRaftVoterResponse, AddRaftVoterRequestView, AddRaftVoterResponseView, [feature = "controller"], "0-1", "0+", "controller, broker"),
            (81, RemoveRaftVoter, remove_raft_voter, RemoveRaftVoterRequest, RemoveRaftVoterResponse, RemoveRaftVoterRequestView, RemoveRaftVoterResponseView, [feature = "controller"], "0", "0+", "controller, broker"),
            (82, UpdateRaftVoter, update_raft_voter, UpdateRaftVoterRequest, UpdateRaftVoterResponse, UpdateRaftVoterRequestView, UpdateRaftVoterResponseView, [feature = "controller"], "0", "0+", "controller"),
            (83, InitializeShareGroupState, initialize_share_group_state, InitializeShareGroupStateRequest, InitializeShareGroupStateResponse, InitializeShareGroupStateRequestView, InitializeShareGroupStateResponseView, [feature = "share"], "0", "0+", "broker"),
            (84, ReadShareGroupState, read_share_group_state, ReadShareGroupStateRequest, ReadShareGroupStateResponse, ReadShareGroupStateRequestView, ReadShareGroupStateResponseView, [feature = "share"], "0", "0+", "broker"),
            (85, WriteShareGroupState, write_share_group_state, WriteShareGroupStateRequest, WriteShareGroupStateResponse, WriteShareGroupStateRequestView, WriteShareGroupStateResponseView, [feature = "share"], "0-1", "0+", "broker"),
            (86, DeleteShareGroupState, delete_share_group_state, DeleteShareGroupStateRequest, DeleteShareGroupStateResponse, DeleteShareGroupStateRequestView, DeleteShareGroupStateResponseView, [feature = "share"], "0", "0+", "broker"),
            (87, ReadShareGroupStateSummary, read_share_group_state_summary, ReadShareGroupStateSummaryRequest, ReadShareGroupStateSummaryResponse, ReadShareGroupStateSummaryRequestView, ReadShareGroupStateSummaryResponseView, [feature = "share"], "0-1", "0+", "broker"),
            (88, StreamsGroupHeartbeat, streams_group_heartbeat, StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse, StreamsGroupHeartbeatRequestView, StreamsGroupHeartbeatResponseView, [feature = "streams"], "0-1", "0+", "broker"),
            (89, StreamsGroupDescribe, streams_group_describe, StreamsGroupDescribeRequest, StreamsGroupDescribeResponse, StreamsGroupDescribeRequestView, StreamsGroupDescribeResponseView, [feature = "streams"], "0-1", "0+", "broker"),
            (90, DescribeShareGroupOffsets, describe_share_group_offsets, DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse, DescribeShareGroupOffsetsRequestView, DescribeShareGroupOffsetsResponseView, [feature = "share"], "0-1", "0+", "broker"),
            (91, AlterShareGroupOffsets, alter_share_group_offsets, AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse, AlterShareGroupOffsetsRequestView, AlterShareGroupOffsetsResponseView, [feature = "share"], "0", "0+", "broker"),
            (92, DeleteShareGroupOffsets, delete_share_group_offsets, DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse, DeleteShareGroupOffsetsRequestView, DeleteShareGroupOffsetsResponseView, [feature = "share"], "0", "0+", "broker"),
            (93, StreamsGroupTopologyDescriptionUpdate, streams_group_topology_description_update, StreamsGroupTopologyDescriptionUpdateRequest, StreamsGroupTopologyDescriptionUpdateResponse, StreamsGroupTopologyDescriptionUpdateRequestView, StreamsGroupTopologyDescriptionUpdateResponseView, [feature = "streams"], "0", "0+", "broker"),
            (94, UnregisterController, unregister_controller, UnregisterControllerRequest, UnregisterControllerResponse, UnregisterControllerRequestView, UnregisterControllerResponseView, [feature = "controller"], "0", "0+", "broker, controller"),
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
