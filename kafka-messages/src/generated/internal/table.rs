//! The tables of Kafka's own records that `internal` is written over: each
//! coordinator's record types (a key and a value schema each) and the KRaft
//! metadata log's records, as Kafka numbers them.
//!
//! Written by `cargo xtask generate` from `kafka-messages/internal-schemas`;
//! regenerate rather than edit.

/// Calls `$callback! { [args]; rows }` with the record types of `__consumer_offsets`
/// (`org.apache.kafka:kafka-group-coordinator`), one row each, in type order:
/// `(type, Variant, key_module, Key, value_module, Value)`.
macro_rules! group_coordinator_records {
    ($callback:ident $(, $arg:tt)*) => {
        $callback! {
            [$($arg),*];
            (0, LegacyOffsetCommit, legacy_offset_commit_key, LegacyOffsetCommitKey, legacy_offset_commit_value, LegacyOffsetCommitValue),
            (1, OffsetCommit, offset_commit_key, OffsetCommitKey, offset_commit_value, OffsetCommitValue),
            (2, GroupMetadata, group_metadata_key, GroupMetadataKey, group_metadata_value, GroupMetadataValue),
            (3, ConsumerGroupMetadata, consumer_group_metadata_key, ConsumerGroupMetadataKey, consumer_group_metadata_value, ConsumerGroupMetadataValue),
            (4, ConsumerGroupPartitionMetadata, consumer_group_partition_metadata_key, ConsumerGroupPartitionMetadataKey, consumer_group_partition_metadata_value, ConsumerGroupPartitionMetadataValue),
            (5, ConsumerGroupMemberMetadata, consumer_group_member_metadata_key, ConsumerGroupMemberMetadataKey, consumer_group_member_metadata_value, ConsumerGroupMemberMetadataValue),
            (6, ConsumerGroupTargetAssignmentMetadata, consumer_group_target_assignment_metadata_key, ConsumerGroupTargetAssignmentMetadataKey, consumer_group_target_assignment_metadata_value, ConsumerGroupTargetAssignmentMetadataValue),
            (7, ConsumerGroupTargetAssignmentMember, consumer_group_target_assignment_member_key, ConsumerGroupTargetAssignmentMemberKey, consumer_group_target_assignment_member_value, ConsumerGroupTargetAssignmentMemberValue),
            (8, ConsumerGroupCurrentMemberAssignment, consumer_group_current_member_assignment_key, ConsumerGroupCurrentMemberAssignmentKey, consumer_group_current_member_assignment_value, ConsumerGroupCurrentMemberAssignmentValue),
            (10, ShareGroupMemberMetadata, share_group_member_metadata_key, ShareGroupMemberMetadataKey, share_group_member_metadata_value, ShareGroupMemberMetadataValue),
            (11, ShareGroupMetadata, share_group_metadata_key, ShareGroupMetadataKey, share_group_metadata_value, ShareGroupMetadataValue),
            (12, ShareGroupTargetAssignmentMetadata, share_group_target_assignment_metadata_key, ShareGroupTargetAssignmentMetadataKey, share_group_target_assignment_metadata_value, ShareGroupTargetAssignmentMetadataValue),
            (13, ShareGroupTargetAssignmentMember, share_group_target_assignment_member_key, ShareGroupTargetAssignmentMemberKey, share_group_target_assignment_member_value, ShareGroupTargetAssignmentMemberValue),
            (14, ShareGroupCurrentMemberAssignment, share_group_current_member_assignment_key, ShareGroupCurrentMemberAssignmentKey, share_group_current_member_assignment_value, ShareGroupCurrentMemberAssignmentValue),
            (15, ShareGroupStatePartitionMetadata, share_group_state_partition_metadata_key, ShareGroupStatePartitionMetadataKey, share_group_state_partition_metadata_value, ShareGroupStatePartitionMetadataValue),
            (16, ConsumerGroupRegularExpression, consumer_group_regular_expression_key, ConsumerGroupRegularExpressionKey, consumer_group_regular_expression_value, ConsumerGroupRegularExpressionValue),
            (17, StreamsGroupMetadata, streams_group_metadata_key, StreamsGroupMetadataKey, streams_group_metadata_value, StreamsGroupMetadataValue),
            (19, StreamsGroupMemberMetadata, streams_group_member_metadata_key, StreamsGroupMemberMetadataKey, streams_group_member_metadata_value, StreamsGroupMemberMetadataValue),
            (20, StreamsGroupTargetAssignmentMetadata, streams_group_target_assignment_metadata_key, StreamsGroupTargetAssignmentMetadataKey, streams_group_target_assignment_metadata_value, StreamsGroupTargetAssignmentMetadataValue),
            (21, StreamsGroupTargetAssignmentMember, streams_group_target_assignment_member_key, StreamsGroupTargetAssignmentMemberKey, streams_group_target_assignment_member_value, StreamsGroupTargetAssignmentMemberValue),
            (22, StreamsGroupCurrentMemberAssignment, streams_group_current_member_assignment_key, StreamsGroupCurrentMemberAssignmentKey, streams_group_current_member_assignment_value, StreamsGroupCurrentMemberAssignmentValue),
            (23, StreamsGroupTopology, streams_group_topology_key, StreamsGroupTopologyKey, streams_group_topology_value, StreamsGroupTopologyValue),
        }
    };
}

/// Calls `$callback! { [args]; rows }` with the record types of `__transaction_state`
/// (`org.apache.kafka:kafka-transaction-coordinator`), one row each, in type order:
/// `(type, Variant, key_module, Key, value_module, Value)`.
macro_rules! transaction_coordinator_records {
    ($callback:ident $(, $arg:tt)*) => {
        $callback! {
            [$($arg),*];
            (0, TransactionLog, transaction_log_key, TransactionLogKey, transaction_log_value, TransactionLogValue),
        }
    };
}

/// Calls `$callback! { [args]; rows }` with the record types of `__share_group_state`
/// (`org.apache.kafka:kafka-share-coordinator`), one row each, in type order:
/// `(type, Variant, key_module, Key, value_module, Value)`.
macro_rules! share_coordinator_records {
    ($callback:ident $(, $arg:tt)*) => {
        $callback! {
            [$($arg),*];
            (0, ShareSnapshot, share_snapshot_key, ShareSnapshotKey, share_snapshot_value, ShareSnapshotValue),
            (1, ShareUpdate, share_update_key, ShareUpdateKey, share_update_value, ShareUpdateValue),
        }
    };
}

/// Calls `$callback! { [args]; rows }` with the records of the KRaft metadata log
/// (`__cluster_metadata`, `org.apache.kafka:kafka-metadata`), in API key order:
/// `(key, Variant, module, Record)`.
macro_rules! metadata_records {
    ($callback:ident $(, $arg:tt)*) => {
        $callback! {
            [$($arg),*];
            (0, RegisterBroker, register_broker_record, RegisterBrokerRecord),
            (1, UnregisterBroker, unregister_broker_record, UnregisterBrokerRecord),
            (2, Topic, topic_record, TopicRecord),
            (3, Partition, partition_record, PartitionRecord),
            (4, Config, config_record, ConfigRecord),
            (5, PartitionChange, partition_change_record, PartitionChangeRecord),
            (7, FenceBroker, fence_broker_record, FenceBrokerRecord),
            (8, UnfenceBroker, unfence_broker_record, UnfenceBrokerRecord),
            (9, RemoveTopic, remove_topic_record, RemoveTopicRecord),
            (10, DelegationToken, delegation_token_record, DelegationTokenRecord),
            (11, UserScramCredential, user_scram_credential_record, UserScramCredentialRecord),
            (12, FeatureLevel, feature_level_record, FeatureLevelRecord),
            (14, ClientQuota, client_quota_record, ClientQuotaRecord),
            (15, ProducerIds, producer_ids_record, ProducerIdsRecord),
            (17, BrokerRegistrationChange, broker_registration_change_record, BrokerRegistrationChangeRecord),
            (18, AccessControlEntry, access_control_entry_record, AccessControlEntryRecord),
            (19, RemoveAccessControlEntry, remove_access_control_entry_record, RemoveAccessControlEntryRecord),
            (20, NoOp, no_op_record, NoOpRecord),
            (21, ZkMigrationState, zk_migration_state_record, ZkMigrationStateRecord),
            (22, RemoveUserScramCredential, remove_user_scram_credential_record, RemoveUserScramCredentialRecord),
            (23, BeginTransaction, begin_transaction_record, BeginTransactionRecord),
            (24, EndTransaction, end_transaction_record, EndTransactionRecord),
            (25, AbortTransaction, abort_transaction_record, AbortTransactionRecord),
            (26, RemoveDelegationToken, remove_delegation_token_record, RemoveDelegationTokenRecord),
            (27, RegisterController, register_controller_record, RegisterControllerRecord),
            (28, ClearElr, clear_elr_record, ClearElrRecord),
            (29, UnregisterController, unregister_controller_record, UnregisterControllerRecord),
        }
    };
}

/// Calls `$callback! { (Name, module), ... }` with the other schemas of Kafka's own
/// (the KRaft quorum-state file's), by name.
macro_rules! internal_data_schemas {
    ($callback:ident) => {
        $callback! {
            (QuorumStateData, quorum_state_data),
        }
    };
}
