//! [`ApiKey`]: every API of Apache Kafka's release [`KAFKA_RELEASE`] with its versions, and
//! [`RequestKind`] / [`ResponseKind`], which decode any body by its key, and
//! (feature `view`) [`RequestView`] / [`ResponseView`], which read one in place.
//!
//! Written by `scripts/generate-messages.py`; regenerate rather than edit.

use kafka_wire::bytes::{Buf, BufMut};
use kafka_wire::schema::StructSchema;
#[cfg(feature = "view")]
use kafka_wire::WireView;
use kafka_wire::{DecodeError, EncodeError, KafkaStruct, VersionRange};
#[allow(unused_imports)]
use kafka_wire::{Message, Versioned};

#[allow(unused_imports)]
use crate::*;

/// The Apache Kafka release whose JSON schemas every message here is declared from
/// (`kafka-messages/schemas/RELEASE`, beside the schemas).
pub const KAFKA_RELEASE: &str = "4.4.0";

/// Every API key of Apache Kafka's release [`KAFKA_RELEASE`], whether or not its messages are
/// compiled in (see the crate's features).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
#[repr(i16)]
pub enum ApiKey {
    /// Produce (key 0), versions 3-13.
    Produce = 0,
    /// Fetch (key 1), versions 4-18.
    Fetch = 1,
    /// ListOffsets (key 2), versions 1-11.
    ListOffsets = 2,
    /// Metadata (key 3), versions 0-13.
    Metadata = 3,
    /// OffsetCommit (key 8), versions 2-10.
    OffsetCommit = 8,
    /// OffsetFetch (key 9), versions 1-10.
    OffsetFetch = 9,
    /// FindCoordinator (key 10), versions 0-6.
    FindCoordinator = 10,
    /// JoinGroup (key 11), versions 0-9.
    JoinGroup = 11,
    /// Heartbeat (key 12), versions 0-4.
    Heartbeat = 12,
    /// LeaveGroup (key 13), versions 0-5.
    LeaveGroup = 13,
    /// SyncGroup (key 14), versions 0-5.
    SyncGroup = 14,
    /// DescribeGroups (key 15), versions 0-6.
    DescribeGroups = 15,
    /// ListGroups (key 16), versions 0-5.
    ListGroups = 16,
    /// SaslHandshake (key 17), versions 0-1.
    SaslHandshake = 17,
    /// ApiVersions (key 18), versions 0-5.
    ApiVersions = 18,
    /// CreateTopics (key 19), versions 2-7.
    CreateTopics = 19,
    /// DeleteTopics (key 20), versions 1-6.
    DeleteTopics = 20,
    /// DeleteRecords (key 21), versions 0-2.
    DeleteRecords = 21,
    /// InitProducerId (key 22), versions 0-6.
    InitProducerId = 22,
    /// OffsetForLeaderEpoch (key 23), versions 2-4.
    OffsetForLeaderEpoch = 23,
    /// AddPartitionsToTxn (key 24), versions 0-5.
    AddPartitionsToTxn = 24,
    /// AddOffsetsToTxn (key 25), versions 0-4.
    AddOffsetsToTxn = 25,
    /// EndTxn (key 26), versions 0-5.
    EndTxn = 26,
    /// WriteTxnMarkers (key 27), versions 1-2.
    WriteTxnMarkers = 27,
    /// TxnOffsetCommit (key 28), versions 0-6.
    TxnOffsetCommit = 28,
    /// DescribeAcls (key 29), versions 1-3.
    DescribeAcls = 29,
    /// CreateAcls (key 30), versions 1-3.
    CreateAcls = 30,
    /// DeleteAcls (key 31), versions 1-3.
    DeleteAcls = 31,
    /// DescribeConfigs (key 32), versions 1-4.
    DescribeConfigs = 32,
    /// AlterConfigs (key 33), versions 0-2.
    AlterConfigs = 33,
    /// AlterReplicaLogDirs (key 34), versions 1-2.
    AlterReplicaLogDirs = 34,
    /// DescribeLogDirs (key 35), versions 1-5.
    DescribeLogDirs = 35,
    /// SaslAuthenticate (key 36), versions 0-2.
    SaslAuthenticate = 36,
    /// CreatePartitions (key 37), versions 0-3.
    CreatePartitions = 37,
    /// CreateDelegationToken (key 38), versions 1-3.
    CreateDelegationToken = 38,
    /// RenewDelegationToken (key 39), versions 1-2.
    RenewDelegationToken = 39,
    /// ExpireDelegationToken (key 40), versions 1-2.
    ExpireDelegationToken = 40,
    /// DescribeDelegationToken (key 41), versions 1-3.
    DescribeDelegationToken = 41,
    /// DeleteGroups (key 42), versions 0-3.
    DeleteGroups = 42,
    /// ElectLeaders (key 43), versions 0-2.
    ElectLeaders = 43,
    /// IncrementalAlterConfigs (key 44), versions 0-1.
    IncrementalAlterConfigs = 44,
    /// AlterPartitionReassignments (key 45), versions 0-1.
    AlterPartitionReassignments = 45,
    /// ListPartitionReassignments (key 46), versions 0.
    ListPartitionReassignments = 46,
    /// OffsetDelete (key 47), versions 0.
    OffsetDelete = 47,
    /// DescribeClientQuotas (key 48), versions 0-1.
    DescribeClientQuotas = 48,
    /// AlterClientQuotas (key 49), versions 0-1.
    AlterClientQuotas = 49,
    /// DescribeUserScramCredentials (key 50), versions 0.
    DescribeUserScramCredentials = 50,
    /// AlterUserScramCredentials (key 51), versions 0.
    AlterUserScramCredentials = 51,
    /// Vote (key 52), versions 0-2.
    Vote = 52,
    /// BeginQuorumEpoch (key 53), versions 0-1.
    BeginQuorumEpoch = 53,
    /// EndQuorumEpoch (key 54), versions 0-1.
    EndQuorumEpoch = 54,
    /// DescribeQuorum (key 55), versions 0-2.
    DescribeQuorum = 55,
    /// AlterPartition (key 56), versions 2-3.
    AlterPartition = 56,
    /// UpdateFeatures (key 57), versions 0-2.
    UpdateFeatures = 57,
    /// Envelope (key 58), versions 0.
    Envelope = 58,
    /// FetchSnapshot (key 59), versions 0-1.
    FetchSnapshot = 59,
    /// DescribeCluster (key 60), versions 0-2.
    DescribeCluster = 60,
    /// DescribeProducers (key 61), versions 0.
    DescribeProducers = 61,
    /// BrokerRegistration (key 62), versions 0-4.
    BrokerRegistration = 62,
    /// BrokerHeartbeat (key 63), versions 0-2.
    BrokerHeartbeat = 63,
    /// UnregisterBroker (key 64), versions 0.
    UnregisterBroker = 64,
    /// DescribeTransactions (key 65), versions 0.
    DescribeTransactions = 65,
    /// ListTransactions (key 66), versions 0-2.
    ListTransactions = 66,
    /// AllocateProducerIds (key 67), versions 0.
    AllocateProducerIds = 67,
    /// ConsumerGroupHeartbeat (key 68), versions 0-1.
    ConsumerGroupHeartbeat = 68,
    /// ConsumerGroupDescribe (key 69), versions 0-1.
    ConsumerGroupDescribe = 69,
    /// ControllerRegistration (key 70), versions 0.
    ControllerRegistration = 70,
    /// GetTelemetrySubscriptions (key 71), versions 0.
    GetTelemetrySubscriptions = 71,
    /// PushTelemetry (key 72), versions 0.
    PushTelemetry = 72,
    /// AssignReplicasToDirs (key 73), versions 0.
    AssignReplicasToDirs = 73,
    /// ListConfigResources (key 74), versions 0-1.
    ListConfigResources = 74,
    /// DescribeTopicPartitions (key 75), versions 0.
    DescribeTopicPartitions = 75,
    /// ShareGroupHeartbeat (key 76), versions 1.
    ShareGroupHeartbeat = 76,
    /// ShareGroupDescribe (key 77), versions 1.
    ShareGroupDescribe = 77,
    /// ShareFetch (key 78), versions 1-2.
    ShareFetch = 78,
    /// ShareAcknowledge (key 79), versions 1-2.
    ShareAcknowledge = 79,
    /// AddRaftVoter (key 80), versions 0-1.
    AddRaftVoter = 80,
    /// RemoveRaftVoter (key 81), versions 0.
    RemoveRaftVoter = 81,
    /// UpdateRaftVoter (key 82), versions 0.
    UpdateRaftVoter = 82,
    /// InitializeShareGroupState (key 83), versions 0.
    InitializeShareGroupState = 83,
    /// ReadShareGroupState (key 84), versions 0.
    ReadShareGroupState = 84,
    /// WriteShareGroupState (key 85), versions 0-1.
    WriteShareGroupState = 85,
    /// DeleteShareGroupState (key 86), versions 0.
    DeleteShareGroupState = 86,
    /// ReadShareGroupStateSummary (key 87), versions 0-1.
    ReadShareGroupStateSummary = 87,
    /// StreamsGroupHeartbeat (key 88), versions 0-1.
    StreamsGroupHeartbeat = 88,
    /// StreamsGroupDescribe (key 89), versions 0-1.
    StreamsGroupDescribe = 89,
    /// DescribeShareGroupOffsets (key 90), versions 0-1.
    DescribeShareGroupOffsets = 90,
    /// AlterShareGroupOffsets (key 91), versions 0.
    AlterShareGroupOffsets = 91,
    /// DeleteShareGroupOffsets (key 92), versions 0.
    DeleteShareGroupOffsets = 92,
    /// StreamsGroupTopologyDescriptionUpdate (key 93), versions 0.
    StreamsGroupTopologyDescriptionUpdate = 93,
    /// UnregisterController (key 94), versions 0.
    UnregisterController = 94,
}

impl ApiKey {
    /// Every key, in key order.
    pub const ALL: &'static [ApiKey] = &[
        ApiKey::Produce,
        ApiKey::Fetch,
        ApiKey::ListOffsets,
        ApiKey::Metadata,
        ApiKey::OffsetCommit,
        ApiKey::OffsetFetch,
        ApiKey::FindCoordinator,
        ApiKey::JoinGroup,
        ApiKey::Heartbeat,
        ApiKey::LeaveGroup,
        ApiKey::SyncGroup,
        ApiKey::DescribeGroups,
        ApiKey::ListGroups,
        ApiKey::SaslHandshake,
        ApiKey::ApiVersions,
        ApiKey::CreateTopics,
        ApiKey::DeleteTopics,
        ApiKey::DeleteRecords,
        ApiKey::InitProducerId,
        ApiKey::OffsetForLeaderEpoch,
        ApiKey::AddPartitionsToTxn,
        ApiKey::AddOffsetsToTxn,
        ApiKey::EndTxn,
        ApiKey::WriteTxnMarkers,
        ApiKey::TxnOffsetCommit,
        ApiKey::DescribeAcls,
        ApiKey::CreateAcls,
        ApiKey::DeleteAcls,
        ApiKey::DescribeConfigs,
        ApiKey::AlterConfigs,
        ApiKey::AlterReplicaLogDirs,
        ApiKey::DescribeLogDirs,
        ApiKey::SaslAuthenticate,
        ApiKey::CreatePartitions,
        ApiKey::CreateDelegationToken,
        ApiKey::RenewDelegationToken,
        ApiKey::ExpireDelegationToken,
        ApiKey::DescribeDelegationToken,
        ApiKey::DeleteGroups,
        ApiKey::ElectLeaders,
        ApiKey::IncrementalAlterConfigs,
        ApiKey::AlterPartitionReassignments,
        ApiKey::ListPartitionReassignments,
        ApiKey::OffsetDelete,
        ApiKey::DescribeClientQuotas,
        ApiKey::AlterClientQuotas,
        ApiKey::DescribeUserScramCredentials,
        ApiKey::AlterUserScramCredentials,
        ApiKey::Vote,
        ApiKey::BeginQuorumEpoch,
        ApiKey::EndQuorumEpoch,
        ApiKey::DescribeQuorum,
        ApiKey::AlterPartition,
        ApiKey::UpdateFeatures,
        ApiKey::Envelope,
        ApiKey::FetchSnapshot,
        ApiKey::DescribeCluster,
        ApiKey::DescribeProducers,
        ApiKey::BrokerRegistration,
        ApiKey::BrokerHeartbeat,
        ApiKey::UnregisterBroker,
        ApiKey::DescribeTransactions,
        ApiKey::ListTransactions,
        ApiKey::AllocateProducerIds,
        ApiKey::ConsumerGroupHeartbeat,
        ApiKey::ConsumerGroupDescribe,
        ApiKey::ControllerRegistration,
        ApiKey::GetTelemetrySubscriptions,
        ApiKey::PushTelemetry,
        ApiKey::AssignReplicasToDirs,
        ApiKey::ListConfigResources,
        ApiKey::DescribeTopicPartitions,
        ApiKey::ShareGroupHeartbeat,
        ApiKey::ShareGroupDescribe,
        ApiKey::ShareFetch,
        ApiKey::ShareAcknowledge,
        ApiKey::AddRaftVoter,
        ApiKey::RemoveRaftVoter,
        ApiKey::UpdateRaftVoter,
        ApiKey::InitializeShareGroupState,
        ApiKey::ReadShareGroupState,
        ApiKey::WriteShareGroupState,
        ApiKey::DeleteShareGroupState,
        ApiKey::ReadShareGroupStateSummary,
        ApiKey::StreamsGroupHeartbeat,
        ApiKey::StreamsGroupDescribe,
        ApiKey::DescribeShareGroupOffsets,
        ApiKey::AlterShareGroupOffsets,
        ApiKey::DeleteShareGroupOffsets,
        ApiKey::StreamsGroupTopologyDescriptionUpdate,
        ApiKey::UnregisterController,
    ];

    /// The key numbered `key`, if Kafka's release [`KAFKA_RELEASE`] has one.
    pub const fn from_i16(key: i16) -> Option<ApiKey> {
        match key {
            0 => Some(ApiKey::Produce),
            1 => Some(ApiKey::Fetch),
            2 => Some(ApiKey::ListOffsets),
            3 => Some(ApiKey::Metadata),
            8 => Some(ApiKey::OffsetCommit),
            9 => Some(ApiKey::OffsetFetch),
            10 => Some(ApiKey::FindCoordinator),
            11 => Some(ApiKey::JoinGroup),
            12 => Some(ApiKey::Heartbeat),
            13 => Some(ApiKey::LeaveGroup),
            14 => Some(ApiKey::SyncGroup),
            15 => Some(ApiKey::DescribeGroups),
            16 => Some(ApiKey::ListGroups),
            17 => Some(ApiKey::SaslHandshake),
            18 => Some(ApiKey::ApiVersions),
            19 => Some(ApiKey::CreateTopics),
            20 => Some(ApiKey::DeleteTopics),
            21 => Some(ApiKey::DeleteRecords),
            22 => Some(ApiKey::InitProducerId),
            23 => Some(ApiKey::OffsetForLeaderEpoch),
            24 => Some(ApiKey::AddPartitionsToTxn),
            25 => Some(ApiKey::AddOffsetsToTxn),
            26 => Some(ApiKey::EndTxn),
            27 => Some(ApiKey::WriteTxnMarkers),
            28 => Some(ApiKey::TxnOffsetCommit),
            29 => Some(ApiKey::DescribeAcls),
            30 => Some(ApiKey::CreateAcls),
            31 => Some(ApiKey::DeleteAcls),
            32 => Some(ApiKey::DescribeConfigs),
            33 => Some(ApiKey::AlterConfigs),
            34 => Some(ApiKey::AlterReplicaLogDirs),
            35 => Some(ApiKey::DescribeLogDirs),
            36 => Some(ApiKey::SaslAuthenticate),
            37 => Some(ApiKey::CreatePartitions),
            38 => Some(ApiKey::CreateDelegationToken),
            39 => Some(ApiKey::RenewDelegationToken),
            40 => Some(ApiKey::ExpireDelegationToken),
            41 => Some(ApiKey::DescribeDelegationToken),
            42 => Some(ApiKey::DeleteGroups),
            43 => Some(ApiKey::ElectLeaders),
            44 => Some(ApiKey::IncrementalAlterConfigs),
            45 => Some(ApiKey::AlterPartitionReassignments),
            46 => Some(ApiKey::ListPartitionReassignments),
            47 => Some(ApiKey::OffsetDelete),
            48 => Some(ApiKey::DescribeClientQuotas),
            49 => Some(ApiKey::AlterClientQuotas),
            50 => Some(ApiKey::DescribeUserScramCredentials),
            51 => Some(ApiKey::AlterUserScramCredentials),
            52 => Some(ApiKey::Vote),
            53 => Some(ApiKey::BeginQuorumEpoch),
            54 => Some(ApiKey::EndQuorumEpoch),
            55 => Some(ApiKey::DescribeQuorum),
            56 => Some(ApiKey::AlterPartition),
            57 => Some(ApiKey::UpdateFeatures),
            58 => Some(ApiKey::Envelope),
            59 => Some(ApiKey::FetchSnapshot),
            60 => Some(ApiKey::DescribeCluster),
            61 => Some(ApiKey::DescribeProducers),
            62 => Some(ApiKey::BrokerRegistration),
            63 => Some(ApiKey::BrokerHeartbeat),
            64 => Some(ApiKey::UnregisterBroker),
            65 => Some(ApiKey::DescribeTransactions),
            66 => Some(ApiKey::ListTransactions),
            67 => Some(ApiKey::AllocateProducerIds),
            68 => Some(ApiKey::ConsumerGroupHeartbeat),
            69 => Some(ApiKey::ConsumerGroupDescribe),
            70 => Some(ApiKey::ControllerRegistration),
            71 => Some(ApiKey::GetTelemetrySubscriptions),
            72 => Some(ApiKey::PushTelemetry),
            73 => Some(ApiKey::AssignReplicasToDirs),
            74 => Some(ApiKey::ListConfigResources),
            75 => Some(ApiKey::DescribeTopicPartitions),
            76 => Some(ApiKey::ShareGroupHeartbeat),
            77 => Some(ApiKey::ShareGroupDescribe),
            78 => Some(ApiKey::ShareFetch),
            79 => Some(ApiKey::ShareAcknowledge),
            80 => Some(ApiKey::AddRaftVoter),
            81 => Some(ApiKey::RemoveRaftVoter),
            82 => Some(ApiKey::UpdateRaftVoter),
            83 => Some(ApiKey::InitializeShareGroupState),
            84 => Some(ApiKey::ReadShareGroupState),
            85 => Some(ApiKey::WriteShareGroupState),
            86 => Some(ApiKey::DeleteShareGroupState),
            87 => Some(ApiKey::ReadShareGroupStateSummary),
            88 => Some(ApiKey::StreamsGroupHeartbeat),
            89 => Some(ApiKey::StreamsGroupDescribe),
            90 => Some(ApiKey::DescribeShareGroupOffsets),
            91 => Some(ApiKey::AlterShareGroupOffsets),
            92 => Some(ApiKey::DeleteShareGroupOffsets),
            93 => Some(ApiKey::StreamsGroupTopologyDescriptionUpdate),
            94 => Some(ApiKey::UnregisterController),
            _ => None,
        }
    }

    /// The key's number.
    pub const fn key(self) -> i16 {
        self as i16
    }

    /// The API's name, as Kafka's schemas write it (`CreateTopics`).
    pub const fn name(self) -> &'static str {
        match self {
            ApiKey::Produce => "Produce",
            ApiKey::Fetch => "Fetch",
            ApiKey::ListOffsets => "ListOffsets",
            ApiKey::Metadata => "Metadata",
            ApiKey::OffsetCommit => "OffsetCommit",
            ApiKey::OffsetFetch => "OffsetFetch",
            ApiKey::FindCoordinator => "FindCoordinator",
            ApiKey::JoinGroup => "JoinGroup",
            ApiKey::Heartbeat => "Heartbeat",
            ApiKey::LeaveGroup => "LeaveGroup",
            ApiKey::SyncGroup => "SyncGroup",
            ApiKey::DescribeGroups => "DescribeGroups",
            ApiKey::ListGroups => "ListGroups",
            ApiKey::SaslHandshake => "SaslHandshake",
            ApiKey::ApiVersions => "ApiVersions",
            ApiKey::CreateTopics => "CreateTopics",
            ApiKey::DeleteTopics => "DeleteTopics",
            ApiKey::DeleteRecords => "DeleteRecords",
            ApiKey::InitProducerId => "InitProducerId",
            ApiKey::OffsetForLeaderEpoch => "OffsetForLeaderEpoch",
            ApiKey::AddPartitionsToTxn => "AddPartitionsToTxn",
            ApiKey::AddOffsetsToTxn => "AddOffsetsToTxn",
            ApiKey::EndTxn => "EndTxn",
            ApiKey::WriteTxnMarkers => "WriteTxnMarkers",
            ApiKey::TxnOffsetCommit => "TxnOffsetCommit",
            ApiKey::DescribeAcls => "DescribeAcls",
            ApiKey::CreateAcls => "CreateAcls",
            ApiKey::DeleteAcls => "DeleteAcls",
            ApiKey::DescribeConfigs => "DescribeConfigs",
            ApiKey::AlterConfigs => "AlterConfigs",
            ApiKey::AlterReplicaLogDirs => "AlterReplicaLogDirs",
            ApiKey::DescribeLogDirs => "DescribeLogDirs",
            ApiKey::SaslAuthenticate => "SaslAuthenticate",
            ApiKey::CreatePartitions => "CreatePartitions",
            ApiKey::CreateDelegationToken => "CreateDelegationToken",
            ApiKey::RenewDelegationToken => "RenewDelegationToken",
            ApiKey::ExpireDelegationToken => "ExpireDelegationToken",
            ApiKey::DescribeDelegationToken => "DescribeDelegationToken",
            ApiKey::DeleteGroups => "DeleteGroups",
            ApiKey::ElectLeaders => "ElectLeaders",
            ApiKey::IncrementalAlterConfigs => "IncrementalAlterConfigs",
            ApiKey::AlterPartitionReassignments => "AlterPartitionReassignments",
            ApiKey::ListPartitionReassignments => "ListPartitionReassignments",
            ApiKey::OffsetDelete => "OffsetDelete",
            ApiKey::DescribeClientQuotas => "DescribeClientQuotas",
            ApiKey::AlterClientQuotas => "AlterClientQuotas",
            ApiKey::DescribeUserScramCredentials => "DescribeUserScramCredentials",
            ApiKey::AlterUserScramCredentials => "AlterUserScramCredentials",
            ApiKey::Vote => "Vote",
            ApiKey::BeginQuorumEpoch => "BeginQuorumEpoch",
            ApiKey::EndQuorumEpoch => "EndQuorumEpoch",
            ApiKey::DescribeQuorum => "DescribeQuorum",
            ApiKey::AlterPartition => "AlterPartition",
            ApiKey::UpdateFeatures => "UpdateFeatures",
            ApiKey::Envelope => "Envelope",
            ApiKey::FetchSnapshot => "FetchSnapshot",
            ApiKey::DescribeCluster => "DescribeCluster",
            ApiKey::DescribeProducers => "DescribeProducers",
            ApiKey::BrokerRegistration => "BrokerRegistration",
            ApiKey::BrokerHeartbeat => "BrokerHeartbeat",
            ApiKey::UnregisterBroker => "UnregisterBroker",
            ApiKey::DescribeTransactions => "DescribeTransactions",
            ApiKey::ListTransactions => "ListTransactions",
            ApiKey::AllocateProducerIds => "AllocateProducerIds",
            ApiKey::ConsumerGroupHeartbeat => "ConsumerGroupHeartbeat",
            ApiKey::ConsumerGroupDescribe => "ConsumerGroupDescribe",
            ApiKey::ControllerRegistration => "ControllerRegistration",
            ApiKey::GetTelemetrySubscriptions => "GetTelemetrySubscriptions",
            ApiKey::PushTelemetry => "PushTelemetry",
            ApiKey::AssignReplicasToDirs => "AssignReplicasToDirs",
            ApiKey::ListConfigResources => "ListConfigResources",
            ApiKey::DescribeTopicPartitions => "DescribeTopicPartitions",
            ApiKey::ShareGroupHeartbeat => "ShareGroupHeartbeat",
            ApiKey::ShareGroupDescribe => "ShareGroupDescribe",
            ApiKey::ShareFetch => "ShareFetch",
            ApiKey::ShareAcknowledge => "ShareAcknowledge",
            ApiKey::AddRaftVoter => "AddRaftVoter",
            ApiKey::RemoveRaftVoter => "RemoveRaftVoter",
            ApiKey::UpdateRaftVoter => "UpdateRaftVoter",
            ApiKey::InitializeShareGroupState => "InitializeShareGroupState",
            ApiKey::ReadShareGroupState => "ReadShareGroupState",
            ApiKey::WriteShareGroupState => "WriteShareGroupState",
            ApiKey::DeleteShareGroupState => "DeleteShareGroupState",
            ApiKey::ReadShareGroupStateSummary => "ReadShareGroupStateSummary",
            ApiKey::StreamsGroupHeartbeat => "StreamsGroupHeartbeat",
            ApiKey::StreamsGroupDescribe => "StreamsGroupDescribe",
            ApiKey::DescribeShareGroupOffsets => "DescribeShareGroupOffsets",
            ApiKey::AlterShareGroupOffsets => "AlterShareGroupOffsets",
            ApiKey::DeleteShareGroupOffsets => "DeleteShareGroupOffsets",
            ApiKey::StreamsGroupTopologyDescriptionUpdate => {
                "StreamsGroupTopologyDescriptionUpdate"
            }
            ApiKey::UnregisterController => "UnregisterController",
        }
    }

    /// The versions of the API's requests and responses.
    pub const fn valid_versions(self) -> VersionRange {
        match self {
            ApiKey::Produce => VersionRange::new(3, 13),
            ApiKey::Fetch => VersionRange::new(4, 18),
            ApiKey::ListOffsets => VersionRange::new(1, 11),
            ApiKey::Metadata => VersionRange::new(0, 13),
            ApiKey::OffsetCommit => VersionRange::new(2, 10),
            ApiKey::OffsetFetch => VersionRange::new(1, 10),
            ApiKey::FindCoordinator => VersionRange::new(0, 6),
            ApiKey::JoinGroup => VersionRange::new(0, 9),
            ApiKey::Heartbeat => VersionRange::new(0, 4),
            ApiKey::LeaveGroup => VersionRange::new(0, 5),
            ApiKey::SyncGroup => VersionRange::new(0, 5),
            ApiKey::DescribeGroups => VersionRange::new(0, 6),
            ApiKey::ListGroups => VersionRange::new(0, 5),
            ApiKey::SaslHandshake => VersionRange::new(0, 1),
            ApiKey::ApiVersions => VersionRange::new(0, 5),
            ApiKey::CreateTopics => VersionRange::new(2, 7),
            ApiKey::DeleteTopics => VersionRange::new(1, 6),
            ApiKey::DeleteRecords => VersionRange::new(0, 2),
            ApiKey::InitProducerId => VersionRange::new(0, 6),
            ApiKey::OffsetForLeaderEpoch => VersionRange::new(2, 4),
            ApiKey::AddPartitionsToTxn => VersionRange::new(0, 5),
            ApiKey::AddOffsetsToTxn => VersionRange::new(0, 4),
            ApiKey::EndTxn => VersionRange::new(0, 5),
            ApiKey::WriteTxnMarkers => VersionRange::new(1, 2),
            ApiKey::TxnOffsetCommit => VersionRange::new(0, 6),
            ApiKey::DescribeAcls => VersionRange::new(1, 3),
            ApiKey::CreateAcls => VersionRange::new(1, 3),
            ApiKey::DeleteAcls => VersionRange::new(1, 3),
            ApiKey::DescribeConfigs => VersionRange::new(1, 4),
            ApiKey::AlterConfigs => VersionRange::new(0, 2),
            ApiKey::AlterReplicaLogDirs => VersionRange::new(1, 2),
            ApiKey::DescribeLogDirs => VersionRange::new(1, 5),
            ApiKey::SaslAuthenticate => VersionRange::new(0, 2),
            ApiKey::CreatePartitions => VersionRange::new(0, 3),
            ApiKey::CreateDelegationToken => VersionRange::new(1, 3),
            ApiKey::RenewDelegationToken => VersionRange::new(1, 2),
            ApiKey::ExpireDelegationToken => VersionRange::new(1, 2),
            ApiKey::DescribeDelegationToken => VersionRange::new(1, 3),
            ApiKey::DeleteGroups => VersionRange::new(0, 3),
            ApiKey::ElectLeaders => VersionRange::new(0, 2),
            ApiKey::IncrementalAlterConfigs => VersionRange::new(0, 1),
            ApiKey::AlterPartitionReassignments => VersionRange::new(0, 1),
            ApiKey::ListPartitionReassignments => VersionRange::new(0, 0),
            ApiKey::OffsetDelete => VersionRange::new(0, 0),
            ApiKey::DescribeClientQuotas => VersionRange::new(0, 1),
            ApiKey::AlterClientQuotas => VersionRange::new(0, 1),
            ApiKey::DescribeUserScramCredentials => VersionRange::new(0, 0),
            ApiKey::AlterUserScramCredentials => VersionRange::new(0, 0),
            ApiKey::Vote => VersionRange::new(0, 2),
            ApiKey::BeginQuorumEpoch => VersionRange::new(0, 1),
            ApiKey::EndQuorumEpoch => VersionRange::new(0, 1),
            ApiKey::DescribeQuorum => VersionRange::new(0, 2),
            ApiKey::AlterPartition => VersionRange::new(2, 3),
            ApiKey::UpdateFeatures => VersionRange::new(0, 2),
            ApiKey::Envelope => VersionRange::new(0, 0),
            ApiKey::FetchSnapshot => VersionRange::new(0, 1),
            ApiKey::DescribeCluster => VersionRange::new(0, 2),
            ApiKey::DescribeProducers => VersionRange::new(0, 0),
            ApiKey::BrokerRegistration => VersionRange::new(0, 4),
            ApiKey::BrokerHeartbeat => VersionRange::new(0, 2),
            ApiKey::UnregisterBroker => VersionRange::new(0, 0),
            ApiKey::DescribeTransactions => VersionRange::new(0, 0),
            ApiKey::ListTransactions => VersionRange::new(0, 2),
            ApiKey::AllocateProducerIds => VersionRange::new(0, 0),
            ApiKey::ConsumerGroupHeartbeat => VersionRange::new(0, 1),
            ApiKey::ConsumerGroupDescribe => VersionRange::new(0, 1),
            ApiKey::ControllerRegistration => VersionRange::new(0, 0),
            ApiKey::GetTelemetrySubscriptions => VersionRange::new(0, 0),
            ApiKey::PushTelemetry => VersionRange::new(0, 0),
            ApiKey::AssignReplicasToDirs => VersionRange::new(0, 0),
            ApiKey::ListConfigResources => VersionRange::new(0, 1),
            ApiKey::DescribeTopicPartitions => VersionRange::new(0, 0),
            ApiKey::ShareGroupHeartbeat => VersionRange::new(1, 1),
            ApiKey::ShareGroupDescribe => VersionRange::new(1, 1),
            ApiKey::ShareFetch => VersionRange::new(1, 2),
            ApiKey::ShareAcknowledge => VersionRange::new(1, 2),
            ApiKey::AddRaftVoter => VersionRange::new(0, 1),
            ApiKey::RemoveRaftVoter => VersionRange::new(0, 0),
            ApiKey::UpdateRaftVoter => VersionRange::new(0, 0),
            ApiKey::InitializeShareGroupState => VersionRange::new(0, 0),
            ApiKey::ReadShareGroupState => VersionRange::new(0, 0),
            ApiKey::WriteShareGroupState => VersionRange::new(0, 1),
            ApiKey::DeleteShareGroupState => VersionRange::new(0, 0),
            ApiKey::ReadShareGroupStateSummary => VersionRange::new(0, 1),
            ApiKey::StreamsGroupHeartbeat => VersionRange::new(0, 1),
            ApiKey::StreamsGroupDescribe => VersionRange::new(0, 1),
            ApiKey::DescribeShareGroupOffsets => VersionRange::new(0, 1),
            ApiKey::AlterShareGroupOffsets => VersionRange::new(0, 0),
            ApiKey::DeleteShareGroupOffsets => VersionRange::new(0, 0),
            ApiKey::StreamsGroupTopologyDescriptionUpdate => VersionRange::new(0, 0),
            ApiKey::UnregisterController => VersionRange::new(0, 0),
        }
    }

    /// The versions with compact lengths and tagged fields.
    pub const fn flexible_versions(self) -> VersionRange {
        match self {
            ApiKey::Produce => VersionRange::from_lowest(9),
            ApiKey::Fetch => VersionRange::from_lowest(12),
            ApiKey::ListOffsets => VersionRange::from_lowest(6),
            ApiKey::Metadata => VersionRange::from_lowest(9),
            ApiKey::OffsetCommit => VersionRange::from_lowest(8),
            ApiKey::OffsetFetch => VersionRange::from_lowest(6),
            ApiKey::FindCoordinator => VersionRange::from_lowest(3),
            ApiKey::JoinGroup => VersionRange::from_lowest(6),
            ApiKey::Heartbeat => VersionRange::from_lowest(4),
            ApiKey::LeaveGroup => VersionRange::from_lowest(4),
            ApiKey::SyncGroup => VersionRange::from_lowest(4),
            ApiKey::DescribeGroups => VersionRange::from_lowest(5),
            ApiKey::ListGroups => VersionRange::from_lowest(3),
            ApiKey::SaslHandshake => VersionRange::NONE,
            ApiKey::ApiVersions => VersionRange::from_lowest(3),
            ApiKey::CreateTopics => VersionRange::from_lowest(5),
            ApiKey::DeleteTopics => VersionRange::from_lowest(4),
            ApiKey::DeleteRecords => VersionRange::from_lowest(2),
            ApiKey::InitProducerId => VersionRange::from_lowest(2),
            ApiKey::OffsetForLeaderEpoch => VersionRange::from_lowest(4),
            ApiKey::AddPartitionsToTxn => VersionRange::from_lowest(3),
            ApiKey::AddOffsetsToTxn => VersionRange::from_lowest(3),
            ApiKey::EndTxn => VersionRange::from_lowest(3),
            ApiKey::WriteTxnMarkers => VersionRange::from_lowest(1),
            ApiKey::TxnOffsetCommit => VersionRange::from_lowest(3),
            ApiKey::DescribeAcls => VersionRange::from_lowest(2),
            ApiKey::CreateAcls => VersionRange::from_lowest(2),
            ApiKey::DeleteAcls => VersionRange::from_lowest(2),
            ApiKey::DescribeConfigs => VersionRange::from_lowest(4),
            ApiKey::AlterConfigs => VersionRange::from_lowest(2),
            ApiKey::AlterReplicaLogDirs => VersionRange::from_lowest(2),
            ApiKey::DescribeLogDirs => VersionRange::from_lowest(2),
            ApiKey::SaslAuthenticate => VersionRange::from_lowest(2),
            ApiKey::CreatePartitions => VersionRange::from_lowest(2),
            ApiKey::CreateDelegationToken => VersionRange::from_lowest(2),
            ApiKey::RenewDelegationToken => VersionRange::from_lowest(2),
            ApiKey::ExpireDelegationToken => VersionRange::from_lowest(2),
            ApiKey::DescribeDelegationToken => VersionRange::from_lowest(2),
            ApiKey::DeleteGroups => VersionRange::from_lowest(2),
            ApiKey::ElectLeaders => VersionRange::from_lowest(2),
            ApiKey::IncrementalAlterConfigs => VersionRange::from_lowest(1),
            ApiKey::AlterPartitionReassignments => VersionRange::from_lowest(0),
            ApiKey::ListPartitionReassignments => VersionRange::from_lowest(0),
            ApiKey::OffsetDelete => VersionRange::NONE,
            ApiKey::DescribeClientQuotas => VersionRange::from_lowest(1),
            ApiKey::AlterClientQuotas => VersionRange::from_lowest(1),
            ApiKey::DescribeUserScramCredentials => VersionRange::from_lowest(0),
            ApiKey::AlterUserScramCredentials => VersionRange::from_lowest(0),
            ApiKey::Vote => VersionRange::from_lowest(0),
            ApiKey::BeginQuorumEpoch => VersionRange::from_lowest(1),
            ApiKey::EndQuorumEpoch => VersionRange::from_lowest(1),
            ApiKey::DescribeQuorum => VersionRange::from_lowest(0),
            ApiKey::AlterPartition => VersionRange::from_lowest(0),
            ApiKey::UpdateFeatures => VersionRange::from_lowest(0),
            ApiKey::Envelope => VersionRange::from_lowest(0),
            ApiKey::FetchSnapshot => VersionRange::from_lowest(0),
            ApiKey::DescribeCluster => VersionRange::from_lowest(0),
            ApiKey::DescribeProducers => VersionRange::from_lowest(0),
            ApiKey::BrokerRegistration => VersionRange::from_lowest(0),
            ApiKey::BrokerHeartbeat => VersionRange::from_lowest(0),
            ApiKey::UnregisterBroker => VersionRange::from_lowest(0),
            ApiKey::DescribeTransactions => VersionRange::from_lowest(0),
            ApiKey::ListTransactions => VersionRange::from_lowest(0),
            ApiKey::AllocateProducerIds => VersionRange::from_lowest(0),
            ApiKey::ConsumerGroupHeartbeat => VersionRange::from_lowest(0),
            ApiKey::ConsumerGroupDescribe => VersionRange::from_lowest(0),
            ApiKey::ControllerRegistration => VersionRange::from_lowest(0),
            ApiKey::GetTelemetrySubscriptions => VersionRange::from_lowest(0),
            ApiKey::PushTelemetry => VersionRange::from_lowest(0),
            ApiKey::AssignReplicasToDirs => VersionRange::from_lowest(0),
            ApiKey::ListConfigResources => VersionRange::from_lowest(0),
            ApiKey::DescribeTopicPartitions => VersionRange::from_lowest(0),
            ApiKey::ShareGroupHeartbeat => VersionRange::from_lowest(0),
            ApiKey::ShareGroupDescribe => VersionRange::from_lowest(0),
            ApiKey::ShareFetch => VersionRange::from_lowest(0),
            ApiKey::ShareAcknowledge => VersionRange::from_lowest(0),
            ApiKey::AddRaftVoter => VersionRange::from_lowest(0),
            ApiKey::RemoveRaftVoter => VersionRange::from_lowest(0),
            ApiKey::UpdateRaftVoter => VersionRange::from_lowest(0),
            ApiKey::InitializeShareGroupState => VersionRange::from_lowest(0),
            ApiKey::ReadShareGroupState => VersionRange::from_lowest(0),
            ApiKey::WriteShareGroupState => VersionRange::from_lowest(0),
            ApiKey::DeleteShareGroupState => VersionRange::from_lowest(0),
            ApiKey::ReadShareGroupStateSummary => VersionRange::from_lowest(0),
            ApiKey::StreamsGroupHeartbeat => VersionRange::from_lowest(0),
            ApiKey::StreamsGroupDescribe => VersionRange::from_lowest(0),
            ApiKey::DescribeShareGroupOffsets => VersionRange::from_lowest(0),
            ApiKey::AlterShareGroupOffsets => VersionRange::from_lowest(0),
            ApiKey::DeleteShareGroupOffsets => VersionRange::from_lowest(0),
            ApiKey::StreamsGroupTopologyDescriptionUpdate => VersionRange::from_lowest(0),
            ApiKey::UnregisterController => VersionRange::from_lowest(0),
        }
    }

    /// The request header version at `version`: 2 in flexible versions, else 1.
    pub const fn request_header_version(self, version: i16) -> i16 {
        kafka_wire::request_header_version(self.flexible_versions().contains(version))
    }

    /// The response header version at `version`: 1 in flexible versions, else 0,
    /// and always 0 for ApiVersions.
    pub const fn response_header_version(self, version: i16) -> i16 {
        kafka_wire::response_header_version(self as i16, self.flexible_versions().contains(version))
    }

    /// The schema of the API's request, when this build has it.
    pub fn request_schema(self) -> Option<&'static StructSchema> {
        match self {
            #[cfg(feature = "producer")]
            ApiKey::Produce => Some(&<ProduceRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::Fetch => Some(&<FetchRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::ListOffsets => Some(&<ListOffsetsRequest as KafkaStruct>::SCHEMA),
            ApiKey::Metadata => Some(&<MetadataRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetCommit => Some(&<OffsetCommitRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetFetch => Some(&<OffsetFetchRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::FindCoordinator => Some(&<FindCoordinatorRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::JoinGroup => Some(&<JoinGroupRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::Heartbeat => Some(&<HeartbeatRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::LeaveGroup => Some(&<LeaveGroupRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::SyncGroup => Some(&<SyncGroupRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::DescribeGroups => Some(&<DescribeGroupsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::ListGroups => Some(&<ListGroupsRequest as KafkaStruct>::SCHEMA),
            ApiKey::SaslHandshake => Some(&<SaslHandshakeRequest as KafkaStruct>::SCHEMA),
            ApiKey::ApiVersions => Some(&<ApiVersionsRequest as KafkaStruct>::SCHEMA),
            ApiKey::CreateTopics => Some(&<CreateTopicsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteTopics => Some(&<DeleteTopicsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteRecords => Some(&<DeleteRecordsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::InitProducerId => Some(&<InitProducerIdRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetForLeaderEpoch => {
                Some(&<OffsetForLeaderEpochRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "producer")]
            ApiKey::AddPartitionsToTxn => Some(&<AddPartitionsToTxnRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::AddOffsetsToTxn => Some(&<AddOffsetsToTxnRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::EndTxn => Some(&<EndTxnRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::WriteTxnMarkers => Some(&<WriteTxnMarkersRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::TxnOffsetCommit => Some(&<TxnOffsetCommitRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeAcls => Some(&<DescribeAclsRequest as KafkaStruct>::SCHEMA),
            ApiKey::CreateAcls => Some(&<CreateAclsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteAcls => Some(&<DeleteAclsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeConfigs => Some(&<DescribeConfigsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::AlterConfigs => Some(&<AlterConfigsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::AlterReplicaLogDirs => {
                Some(&<AlterReplicaLogDirsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeLogDirs => Some(&<DescribeLogDirsRequest as KafkaStruct>::SCHEMA),
            ApiKey::SaslAuthenticate => Some(&<SaslAuthenticateRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::CreatePartitions => Some(&<CreatePartitionsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::CreateDelegationToken => {
                Some(&<CreateDelegationTokenRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::RenewDelegationToken => {
                Some(&<RenewDelegationTokenRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ExpireDelegationToken => {
                Some(&<ExpireDelegationTokenRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeDelegationToken => {
                Some(&<DescribeDelegationTokenRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "group")]
            ApiKey::DeleteGroups => Some(&<DeleteGroupsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::ElectLeaders => Some(&<ElectLeadersRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::IncrementalAlterConfigs => {
                Some(&<IncrementalAlterConfigsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterPartitionReassignments => {
                Some(&<AlterPartitionReassignmentsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ListPartitionReassignments => {
                Some(&<ListPartitionReassignmentsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "group")]
            ApiKey::OffsetDelete => Some(&<OffsetDeleteRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeClientQuotas => {
                Some(&<DescribeClientQuotasRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterClientQuotas => Some(&<AlterClientQuotasRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeUserScramCredentials => {
                Some(&<DescribeUserScramCredentialsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterUserScramCredentials => {
                Some(&<AlterUserScramCredentialsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::Vote => Some(&<VoteRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::BeginQuorumEpoch => Some(&<BeginQuorumEpochRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::EndQuorumEpoch => Some(&<EndQuorumEpochRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeQuorum => Some(&<DescribeQuorumRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AlterPartition => Some(&<AlterPartitionRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::UpdateFeatures => Some(&<UpdateFeaturesRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::Envelope => Some(&<EnvelopeRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::FetchSnapshot => Some(&<FetchSnapshotRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeCluster => Some(&<DescribeClusterRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::DescribeProducers => Some(&<DescribeProducersRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::BrokerRegistration => Some(&<BrokerRegistrationRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::BrokerHeartbeat => Some(&<BrokerHeartbeatRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::UnregisterBroker => Some(&<UnregisterBrokerRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::DescribeTransactions => {
                Some(&<DescribeTransactionsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "producer")]
            ApiKey::ListTransactions => Some(&<ListTransactionsRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AllocateProducerIds => {
                Some(&<AllocateProducerIdsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::ConsumerGroupHeartbeat => {
                Some(&<ConsumerGroupHeartbeatRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::ConsumerGroupDescribe => {
                Some(&<ConsumerGroupDescribeRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::ControllerRegistration => {
                Some(&<ControllerRegistrationRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::GetTelemetrySubscriptions => {
                Some(&<GetTelemetrySubscriptionsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::PushTelemetry => Some(&<PushTelemetryRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AssignReplicasToDirs => {
                Some(&<AssignReplicasToDirsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ListConfigResources => {
                Some(&<ListConfigResourcesRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeTopicPartitions => {
                Some(&<DescribeTopicPartitionsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ShareGroupHeartbeat => {
                Some(&<ShareGroupHeartbeatRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ShareGroupDescribe => Some(&<ShareGroupDescribeRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "share")]
            ApiKey::ShareFetch => Some(&<ShareFetchRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "share")]
            ApiKey::ShareAcknowledge => Some(&<ShareAcknowledgeRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AddRaftVoter => Some(&<AddRaftVoterRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::RemoveRaftVoter => Some(&<RemoveRaftVoterRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::UpdateRaftVoter => Some(&<UpdateRaftVoterRequest as KafkaStruct>::SCHEMA),
            #[cfg(feature = "share")]
            ApiKey::InitializeShareGroupState => {
                Some(&<InitializeShareGroupStateRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ReadShareGroupState => {
                Some(&<ReadShareGroupStateRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::WriteShareGroupState => {
                Some(&<WriteShareGroupStateRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DeleteShareGroupState => {
                Some(&<DeleteShareGroupStateRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ReadShareGroupStateSummary => {
                Some(&<ReadShareGroupStateSummaryRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupHeartbeat => {
                Some(&<StreamsGroupHeartbeatRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupDescribe => {
                Some(&<StreamsGroupDescribeRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DescribeShareGroupOffsets => {
                Some(&<DescribeShareGroupOffsetsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::AlterShareGroupOffsets => {
                Some(&<AlterShareGroupOffsetsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DeleteShareGroupOffsets => {
                Some(&<DeleteShareGroupOffsetsRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupTopologyDescriptionUpdate => {
                Some(&<StreamsGroupTopologyDescriptionUpdateRequest as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::UnregisterController => {
                Some(&<UnregisterControllerRequest as KafkaStruct>::SCHEMA)
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// The schema of the API's response, when this build has it.
    pub fn response_schema(self) -> Option<&'static StructSchema> {
        match self {
            #[cfg(feature = "producer")]
            ApiKey::Produce => Some(&<ProduceResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::Fetch => Some(&<FetchResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::ListOffsets => Some(&<ListOffsetsResponse as KafkaStruct>::SCHEMA),
            ApiKey::Metadata => Some(&<MetadataResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetCommit => Some(&<OffsetCommitResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetFetch => Some(&<OffsetFetchResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::FindCoordinator => Some(&<FindCoordinatorResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::JoinGroup => Some(&<JoinGroupResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::Heartbeat => Some(&<HeartbeatResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::LeaveGroup => Some(&<LeaveGroupResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::SyncGroup => Some(&<SyncGroupResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::DescribeGroups => Some(&<DescribeGroupsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "group")]
            ApiKey::ListGroups => Some(&<ListGroupsResponse as KafkaStruct>::SCHEMA),
            ApiKey::SaslHandshake => Some(&<SaslHandshakeResponse as KafkaStruct>::SCHEMA),
            ApiKey::ApiVersions => Some(&<ApiVersionsResponse as KafkaStruct>::SCHEMA),
            ApiKey::CreateTopics => Some(&<CreateTopicsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteTopics => Some(&<DeleteTopicsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteRecords => Some(&<DeleteRecordsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::InitProducerId => Some(&<InitProducerIdResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "consumer")]
            ApiKey::OffsetForLeaderEpoch => {
                Some(&<OffsetForLeaderEpochResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "producer")]
            ApiKey::AddPartitionsToTxn => {
                Some(&<AddPartitionsToTxnResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "producer")]
            ApiKey::AddOffsetsToTxn => Some(&<AddOffsetsToTxnResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::EndTxn => Some(&<EndTxnResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::WriteTxnMarkers => Some(&<WriteTxnMarkersResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::TxnOffsetCommit => Some(&<TxnOffsetCommitResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeAcls => Some(&<DescribeAclsResponse as KafkaStruct>::SCHEMA),
            ApiKey::CreateAcls => Some(&<CreateAclsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DeleteAcls => Some(&<DeleteAclsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeConfigs => Some(&<DescribeConfigsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::AlterConfigs => Some(&<AlterConfigsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::AlterReplicaLogDirs => {
                Some(&<AlterReplicaLogDirsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeLogDirs => Some(&<DescribeLogDirsResponse as KafkaStruct>::SCHEMA),
            ApiKey::SaslAuthenticate => Some(&<SaslAuthenticateResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::CreatePartitions => Some(&<CreatePartitionsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::CreateDelegationToken => {
                Some(&<CreateDelegationTokenResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::RenewDelegationToken => {
                Some(&<RenewDelegationTokenResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ExpireDelegationToken => {
                Some(&<ExpireDelegationTokenResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeDelegationToken => {
                Some(&<DescribeDelegationTokenResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "group")]
            ApiKey::DeleteGroups => Some(&<DeleteGroupsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::ElectLeaders => Some(&<ElectLeadersResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::IncrementalAlterConfigs => {
                Some(&<IncrementalAlterConfigsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterPartitionReassignments => {
                Some(&<AlterPartitionReassignmentsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ListPartitionReassignments => {
                Some(&<ListPartitionReassignmentsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "group")]
            ApiKey::OffsetDelete => Some(&<OffsetDeleteResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeClientQuotas => {
                Some(&<DescribeClientQuotasResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterClientQuotas => Some(&<AlterClientQuotasResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeUserScramCredentials => {
                Some(&<DescribeUserScramCredentialsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::AlterUserScramCredentials => {
                Some(&<AlterUserScramCredentialsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::Vote => Some(&<VoteResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::BeginQuorumEpoch => Some(&<BeginQuorumEpochResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::EndQuorumEpoch => Some(&<EndQuorumEpochResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeQuorum => Some(&<DescribeQuorumResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AlterPartition => Some(&<AlterPartitionResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::UpdateFeatures => Some(&<UpdateFeaturesResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::Envelope => Some(&<EnvelopeResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::FetchSnapshot => Some(&<FetchSnapshotResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::DescribeCluster => Some(&<DescribeClusterResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::DescribeProducers => Some(&<DescribeProducersResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::BrokerRegistration => {
                Some(&<BrokerRegistrationResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::BrokerHeartbeat => Some(&<BrokerHeartbeatResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "admin")]
            ApiKey::UnregisterBroker => Some(&<UnregisterBrokerResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "producer")]
            ApiKey::DescribeTransactions => {
                Some(&<DescribeTransactionsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "producer")]
            ApiKey::ListTransactions => Some(&<ListTransactionsResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AllocateProducerIds => {
                Some(&<AllocateProducerIdsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::ConsumerGroupHeartbeat => {
                Some(&<ConsumerGroupHeartbeatResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::ConsumerGroupDescribe => {
                Some(&<ConsumerGroupDescribeResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::ControllerRegistration => {
                Some(&<ControllerRegistrationResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::GetTelemetrySubscriptions => {
                Some(&<GetTelemetrySubscriptionsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "consumer")]
            ApiKey::PushTelemetry => Some(&<PushTelemetryResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AssignReplicasToDirs => {
                Some(&<AssignReplicasToDirsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::ListConfigResources => {
                Some(&<ListConfigResourcesResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "admin")]
            ApiKey::DescribeTopicPartitions => {
                Some(&<DescribeTopicPartitionsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ShareGroupHeartbeat => {
                Some(&<ShareGroupHeartbeatResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ShareGroupDescribe => {
                Some(&<ShareGroupDescribeResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ShareFetch => Some(&<ShareFetchResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "share")]
            ApiKey::ShareAcknowledge => Some(&<ShareAcknowledgeResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::AddRaftVoter => Some(&<AddRaftVoterResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::RemoveRaftVoter => Some(&<RemoveRaftVoterResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "controller")]
            ApiKey::UpdateRaftVoter => Some(&<UpdateRaftVoterResponse as KafkaStruct>::SCHEMA),
            #[cfg(feature = "share")]
            ApiKey::InitializeShareGroupState => {
                Some(&<InitializeShareGroupStateResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ReadShareGroupState => {
                Some(&<ReadShareGroupStateResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::WriteShareGroupState => {
                Some(&<WriteShareGroupStateResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DeleteShareGroupState => {
                Some(&<DeleteShareGroupStateResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::ReadShareGroupStateSummary => {
                Some(&<ReadShareGroupStateSummaryResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupHeartbeat => {
                Some(&<StreamsGroupHeartbeatResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupDescribe => {
                Some(&<StreamsGroupDescribeResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DescribeShareGroupOffsets => {
                Some(&<DescribeShareGroupOffsetsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::AlterShareGroupOffsets => {
                Some(&<AlterShareGroupOffsetsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "share")]
            ApiKey::DeleteShareGroupOffsets => {
                Some(&<DeleteShareGroupOffsetsResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "streams")]
            ApiKey::StreamsGroupTopologyDescriptionUpdate => {
                Some(&<StreamsGroupTopologyDescriptionUpdateResponse as KafkaStruct>::SCHEMA)
            }
            #[cfg(feature = "controller")]
            ApiKey::UnregisterController => {
                Some(&<UnregisterControllerResponse as KafkaStruct>::SCHEMA)
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// True when this build has the API's messages (its feature is on).
    pub const fn is_compiled(self) -> bool {
        match self {
            ApiKey::Produce => cfg!(feature = "producer"),
            ApiKey::Fetch => cfg!(feature = "consumer"),
            ApiKey::ListOffsets => cfg!(feature = "consumer"),
            ApiKey::Metadata => true,
            ApiKey::OffsetCommit => cfg!(feature = "consumer"),
            ApiKey::OffsetFetch => cfg!(feature = "consumer"),
            ApiKey::FindCoordinator => cfg!(feature = "group"),
            ApiKey::JoinGroup => cfg!(feature = "group"),
            ApiKey::Heartbeat => cfg!(feature = "group"),
            ApiKey::LeaveGroup => cfg!(feature = "group"),
            ApiKey::SyncGroup => cfg!(feature = "group"),
            ApiKey::DescribeGroups => cfg!(feature = "group"),
            ApiKey::ListGroups => cfg!(feature = "group"),
            ApiKey::SaslHandshake => true,
            ApiKey::ApiVersions => true,
            ApiKey::CreateTopics => true,
            ApiKey::DeleteTopics => cfg!(feature = "admin"),
            ApiKey::DeleteRecords => cfg!(feature = "admin"),
            ApiKey::InitProducerId => cfg!(feature = "producer"),
            ApiKey::OffsetForLeaderEpoch => cfg!(feature = "consumer"),
            ApiKey::AddPartitionsToTxn => cfg!(feature = "producer"),
            ApiKey::AddOffsetsToTxn => cfg!(feature = "producer"),
            ApiKey::EndTxn => cfg!(feature = "producer"),
            ApiKey::WriteTxnMarkers => cfg!(feature = "controller"),
            ApiKey::TxnOffsetCommit => cfg!(feature = "producer"),
            ApiKey::DescribeAcls => cfg!(feature = "admin"),
            ApiKey::CreateAcls => true,
            ApiKey::DeleteAcls => cfg!(feature = "admin"),
            ApiKey::DescribeConfigs => cfg!(feature = "admin"),
            ApiKey::AlterConfigs => cfg!(feature = "admin"),
            ApiKey::AlterReplicaLogDirs => cfg!(feature = "admin"),
            ApiKey::DescribeLogDirs => cfg!(feature = "admin"),
            ApiKey::SaslAuthenticate => true,
            ApiKey::CreatePartitions => cfg!(feature = "admin"),
            ApiKey::CreateDelegationToken => cfg!(feature = "admin"),
            ApiKey::RenewDelegationToken => cfg!(feature = "admin"),
            ApiKey::ExpireDelegationToken => cfg!(feature = "admin"),
            ApiKey::DescribeDelegationToken => cfg!(feature = "admin"),
            ApiKey::DeleteGroups => cfg!(feature = "group"),
            ApiKey::ElectLeaders => cfg!(feature = "admin"),
            ApiKey::IncrementalAlterConfigs => cfg!(feature = "admin"),
            ApiKey::AlterPartitionReassignments => cfg!(feature = "admin"),
            ApiKey::ListPartitionReassignments => cfg!(feature = "admin"),
            ApiKey::OffsetDelete => cfg!(feature = "group"),
            ApiKey::DescribeClientQuotas => cfg!(feature = "admin"),
            ApiKey::AlterClientQuotas => cfg!(feature = "admin"),
            ApiKey::DescribeUserScramCredentials => cfg!(feature = "admin"),
            ApiKey::AlterUserScramCredentials => cfg!(feature = "admin"),
            ApiKey::Vote => cfg!(feature = "controller"),
            ApiKey::BeginQuorumEpoch => cfg!(feature = "controller"),
            ApiKey::EndQuorumEpoch => cfg!(feature = "controller"),
            ApiKey::DescribeQuorum => cfg!(feature = "admin"),
            ApiKey::AlterPartition => cfg!(feature = "controller"),
            ApiKey::UpdateFeatures => cfg!(feature = "admin"),
            ApiKey::Envelope => cfg!(feature = "controller"),
            ApiKey::FetchSnapshot => cfg!(feature = "controller"),
            ApiKey::DescribeCluster => cfg!(feature = "admin"),
            ApiKey::DescribeProducers => cfg!(feature = "producer"),
            ApiKey::BrokerRegistration => cfg!(feature = "controller"),
            ApiKey::BrokerHeartbeat => cfg!(feature = "controller"),
            ApiKey::UnregisterBroker => cfg!(feature = "admin"),
            ApiKey::DescribeTransactions => cfg!(feature = "producer"),
            ApiKey::ListTransactions => cfg!(feature = "producer"),
            ApiKey::AllocateProducerIds => cfg!(feature = "controller"),
            ApiKey::ConsumerGroupHeartbeat => cfg!(feature = "consumer"),
            ApiKey::ConsumerGroupDescribe => cfg!(feature = "consumer"),
            ApiKey::ControllerRegistration => cfg!(feature = "controller"),
            ApiKey::GetTelemetrySubscriptions => cfg!(feature = "consumer"),
            ApiKey::PushTelemetry => cfg!(feature = "consumer"),
            ApiKey::AssignReplicasToDirs => cfg!(feature = "controller"),
            ApiKey::ListConfigResources => cfg!(feature = "admin"),
            ApiKey::DescribeTopicPartitions => cfg!(feature = "admin"),
            ApiKey::ShareGroupHeartbeat => cfg!(feature = "share"),
            ApiKey::ShareGroupDescribe => cfg!(feature = "share"),
            ApiKey::ShareFetch => cfg!(feature = "share"),
            ApiKey::ShareAcknowledge => cfg!(feature = "share"),
            ApiKey::AddRaftVoter => cfg!(feature = "controller"),
            ApiKey::RemoveRaftVoter => cfg!(feature = "controller"),
            ApiKey::UpdateRaftVoter => cfg!(feature = "controller"),
            ApiKey::InitializeShareGroupState => cfg!(feature = "share"),
            ApiKey::ReadShareGroupState => cfg!(feature = "share"),
            ApiKey::WriteShareGroupState => cfg!(feature = "share"),
            ApiKey::DeleteShareGroupState => cfg!(feature = "share"),
            ApiKey::ReadShareGroupStateSummary => cfg!(feature = "share"),
            ApiKey::StreamsGroupHeartbeat => cfg!(feature = "streams"),
            ApiKey::StreamsGroupDescribe => cfg!(feature = "streams"),
            ApiKey::DescribeShareGroupOffsets => cfg!(feature = "share"),
            ApiKey::AlterShareGroupOffsets => cfg!(feature = "share"),
            ApiKey::DeleteShareGroupOffsets => cfg!(feature = "share"),
            ApiKey::StreamsGroupTopologyDescriptionUpdate => cfg!(feature = "streams"),
            ApiKey::UnregisterController => cfg!(feature = "controller"),
        }
    }
}

/// One of Kafka's `data` schemas: versioned, no API key.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DataSchema {
    /// The struct's schema.
    pub schema: &'static StructSchema,
    /// Its valid versions.
    pub versions: VersionRange,
    /// Its flexible versions.
    pub flexible: VersionRange,
}

/// Every data schema of Apache Kafka's release [`KAFKA_RELEASE`], by name.
pub const DATA_SCHEMAS: &[DataSchema] = &[
    DataSchema {
        schema: &<AbortedTxn as KafkaStruct>::SCHEMA,
        versions: <AbortedTxn as Versioned>::VERSIONS,
        flexible: <AbortedTxn as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<ConsumerProtocolAssignment as KafkaStruct>::SCHEMA,
        versions: <ConsumerProtocolAssignment as Versioned>::VERSIONS,
        flexible: <ConsumerProtocolAssignment as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<ConsumerProtocolSubscription as KafkaStruct>::SCHEMA,
        versions: <ConsumerProtocolSubscription as Versioned>::VERSIONS,
        flexible: <ConsumerProtocolSubscription as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<ControlRecordTypeSchema as KafkaStruct>::SCHEMA,
        versions: <ControlRecordTypeSchema as Versioned>::VERSIONS,
        flexible: <ControlRecordTypeSchema as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<DefaultPrincipalData as KafkaStruct>::SCHEMA,
        versions: <DefaultPrincipalData as Versioned>::VERSIONS,
        flexible: <DefaultPrincipalData as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<EndTxnMarker as KafkaStruct>::SCHEMA,
        versions: <EndTxnMarker as Versioned>::VERSIONS,
        flexible: <EndTxnMarker as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<KRaftVersionRecord as KafkaStruct>::SCHEMA,
        versions: <KRaftVersionRecord as Versioned>::VERSIONS,
        flexible: <KRaftVersionRecord as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<LeaderChangeMessage as KafkaStruct>::SCHEMA,
        versions: <LeaderChangeMessage as Versioned>::VERSIONS,
        flexible: <LeaderChangeMessage as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<SnapshotFooterRecord as KafkaStruct>::SCHEMA,
        versions: <SnapshotFooterRecord as Versioned>::VERSIONS,
        flexible: <SnapshotFooterRecord as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<SnapshotHeaderRecord as KafkaStruct>::SCHEMA,
        versions: <SnapshotHeaderRecord as Versioned>::VERSIONS,
        flexible: <SnapshotHeaderRecord as Versioned>::FLEXIBLE,
    },
    DataSchema {
        schema: &<VotersRecord as KafkaStruct>::SCHEMA,
        versions: <VotersRecord as Versioned>::VERSIONS,
        flexible: <VotersRecord as Versioned>::FLEXIBLE,
    },
];

/// A request body of any API compiled in, chosen by its API key.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RequestKind {
    #[cfg(feature = "producer")]
    /// ProduceRequest.
    Produce(ProduceRequest),
    #[cfg(feature = "consumer")]
    /// FetchRequest.
    Fetch(FetchRequest),
    #[cfg(feature = "consumer")]
    /// ListOffsetsRequest.
    ListOffsets(ListOffsetsRequest),
    /// MetadataRequest.
    Metadata(MetadataRequest),
    #[cfg(feature = "consumer")]
    /// OffsetCommitRequest.
    OffsetCommit(OffsetCommitRequest),
    #[cfg(feature = "consumer")]
    /// OffsetFetchRequest.
    OffsetFetch(OffsetFetchRequest),
    #[cfg(feature = "group")]
    /// FindCoordinatorRequest.
    FindCoordinator(FindCoordinatorRequest),
    #[cfg(feature = "group")]
    /// JoinGroupRequest.
    JoinGroup(JoinGroupRequest),
    #[cfg(feature = "group")]
    /// HeartbeatRequest.
    Heartbeat(HeartbeatRequest),
    #[cfg(feature = "group")]
    /// LeaveGroupRequest.
    LeaveGroup(LeaveGroupRequest),
    #[cfg(feature = "group")]
    /// SyncGroupRequest.
    SyncGroup(SyncGroupRequest),
    #[cfg(feature = "group")]
    /// DescribeGroupsRequest.
    DescribeGroups(DescribeGroupsRequest),
    #[cfg(feature = "group")]
    /// ListGroupsRequest.
    ListGroups(ListGroupsRequest),
    /// SaslHandshakeRequest.
    SaslHandshake(SaslHandshakeRequest),
    /// ApiVersionsRequest.
    ApiVersions(ApiVersionsRequest),
    /// CreateTopicsRequest.
    CreateTopics(CreateTopicsRequest),
    #[cfg(feature = "admin")]
    /// DeleteTopicsRequest.
    DeleteTopics(DeleteTopicsRequest),
    #[cfg(feature = "admin")]
    /// DeleteRecordsRequest.
    DeleteRecords(DeleteRecordsRequest),
    #[cfg(feature = "producer")]
    /// InitProducerIdRequest.
    InitProducerId(InitProducerIdRequest),
    #[cfg(feature = "consumer")]
    /// OffsetForLeaderEpochRequest.
    OffsetForLeaderEpoch(OffsetForLeaderEpochRequest),
    #[cfg(feature = "producer")]
    /// AddPartitionsToTxnRequest.
    AddPartitionsToTxn(AddPartitionsToTxnRequest),
    #[cfg(feature = "producer")]
    /// AddOffsetsToTxnRequest.
    AddOffsetsToTxn(AddOffsetsToTxnRequest),
    #[cfg(feature = "producer")]
    /// EndTxnRequest.
    EndTxn(EndTxnRequest),
    #[cfg(feature = "controller")]
    /// WriteTxnMarkersRequest.
    WriteTxnMarkers(WriteTxnMarkersRequest),
    #[cfg(feature = "producer")]
    /// TxnOffsetCommitRequest.
    TxnOffsetCommit(TxnOffsetCommitRequest),
    #[cfg(feature = "admin")]
    /// DescribeAclsRequest.
    DescribeAcls(DescribeAclsRequest),
    /// CreateAclsRequest.
    CreateAcls(CreateAclsRequest),
    #[cfg(feature = "admin")]
    /// DeleteAclsRequest.
    DeleteAcls(DeleteAclsRequest),
    #[cfg(feature = "admin")]
    /// DescribeConfigsRequest.
    DescribeConfigs(DescribeConfigsRequest),
    #[cfg(feature = "admin")]
    /// AlterConfigsRequest.
    AlterConfigs(AlterConfigsRequest),
    #[cfg(feature = "admin")]
    /// AlterReplicaLogDirsRequest.
    AlterReplicaLogDirs(AlterReplicaLogDirsRequest),
    #[cfg(feature = "admin")]
    /// DescribeLogDirsRequest.
    DescribeLogDirs(DescribeLogDirsRequest),
    /// SaslAuthenticateRequest.
    SaslAuthenticate(SaslAuthenticateRequest),
    #[cfg(feature = "admin")]
    /// CreatePartitionsRequest.
    CreatePartitions(CreatePartitionsRequest),
    #[cfg(feature = "admin")]
    /// CreateDelegationTokenRequest.
    CreateDelegationToken(CreateDelegationTokenRequest),
    #[cfg(feature = "admin")]
    /// RenewDelegationTokenRequest.
    RenewDelegationToken(RenewDelegationTokenRequest),
    #[cfg(feature = "admin")]
    /// ExpireDelegationTokenRequest.
    ExpireDelegationToken(ExpireDelegationTokenRequest),
    #[cfg(feature = "admin")]
    /// DescribeDelegationTokenRequest.
    DescribeDelegationToken(DescribeDelegationTokenRequest),
    #[cfg(feature = "group")]
    /// DeleteGroupsRequest.
    DeleteGroups(DeleteGroupsRequest),
    #[cfg(feature = "admin")]
    /// ElectLeadersRequest.
    ElectLeaders(ElectLeadersRequest),
    #[cfg(feature = "admin")]
    /// IncrementalAlterConfigsRequest.
    IncrementalAlterConfigs(IncrementalAlterConfigsRequest),
    #[cfg(feature = "admin")]
    /// AlterPartitionReassignmentsRequest.
    AlterPartitionReassignments(AlterPartitionReassignmentsRequest),
    #[cfg(feature = "admin")]
    /// ListPartitionReassignmentsRequest.
    ListPartitionReassignments(ListPartitionReassignmentsRequest),
    #[cfg(feature = "group")]
    /// OffsetDeleteRequest.
    OffsetDelete(OffsetDeleteRequest),
    #[cfg(feature = "admin")]
    /// DescribeClientQuotasRequest.
    DescribeClientQuotas(DescribeClientQuotasRequest),
    #[cfg(feature = "admin")]
    /// AlterClientQuotasRequest.
    AlterClientQuotas(AlterClientQuotasRequest),
    #[cfg(feature = "admin")]
    /// DescribeUserScramCredentialsRequest.
    DescribeUserScramCredentials(DescribeUserScramCredentialsRequest),
    #[cfg(feature = "admin")]
    /// AlterUserScramCredentialsRequest.
    AlterUserScramCredentials(AlterUserScramCredentialsRequest),
    #[cfg(feature = "controller")]
    /// VoteRequest.
    Vote(VoteRequest),
    #[cfg(feature = "controller")]
    /// BeginQuorumEpochRequest.
    BeginQuorumEpoch(BeginQuorumEpochRequest),
    #[cfg(feature = "controller")]
    /// EndQuorumEpochRequest.
    EndQuorumEpoch(EndQuorumEpochRequest),
    #[cfg(feature = "admin")]
    /// DescribeQuorumRequest.
    DescribeQuorum(DescribeQuorumRequest),
    #[cfg(feature = "controller")]
    /// AlterPartitionRequest.
    AlterPartition(AlterPartitionRequest),
    #[cfg(feature = "admin")]
    /// UpdateFeaturesRequest.
    UpdateFeatures(UpdateFeaturesRequest),
    #[cfg(feature = "controller")]
    /// EnvelopeRequest.
    Envelope(EnvelopeRequest),
    #[cfg(feature = "controller")]
    /// FetchSnapshotRequest.
    FetchSnapshot(FetchSnapshotRequest),
    #[cfg(feature = "admin")]
    /// DescribeClusterRequest.
    DescribeCluster(DescribeClusterRequest),
    #[cfg(feature = "producer")]
    /// DescribeProducersRequest.
    DescribeProducers(DescribeProducersRequest),
    #[cfg(feature = "controller")]
    /// BrokerRegistrationRequest.
    BrokerRegistration(BrokerRegistrationRequest),
    #[cfg(feature = "controller")]
    /// BrokerHeartbeatRequest.
    BrokerHeartbeat(BrokerHeartbeatRequest),
    #[cfg(feature = "admin")]
    /// UnregisterBrokerRequest.
    UnregisterBroker(UnregisterBrokerRequest),
    #[cfg(feature = "producer")]
    /// DescribeTransactionsRequest.
    DescribeTransactions(DescribeTransactionsRequest),
    #[cfg(feature = "producer")]
    /// ListTransactionsRequest.
    ListTransactions(ListTransactionsRequest),
    #[cfg(feature = "controller")]
    /// AllocateProducerIdsRequest.
    AllocateProducerIds(AllocateProducerIdsRequest),
    #[cfg(feature = "consumer")]
    /// ConsumerGroupHeartbeatRequest.
    ConsumerGroupHeartbeat(ConsumerGroupHeartbeatRequest),
    #[cfg(feature = "consumer")]
    /// ConsumerGroupDescribeRequest.
    ConsumerGroupDescribe(ConsumerGroupDescribeRequest),
    #[cfg(feature = "controller")]
    /// ControllerRegistrationRequest.
    ControllerRegistration(ControllerRegistrationRequest),
    #[cfg(feature = "consumer")]
    /// GetTelemetrySubscriptionsRequest.
    GetTelemetrySubscriptions(GetTelemetrySubscriptionsRequest),
    #[cfg(feature = "consumer")]
    /// PushTelemetryRequest.
    PushTelemetry(PushTelemetryRequest),
    #[cfg(feature = "controller")]
    /// AssignReplicasToDirsRequest.
    AssignReplicasToDirs(AssignReplicasToDirsRequest),
    #[cfg(feature = "admin")]
    /// ListConfigResourcesRequest.
    ListConfigResources(ListConfigResourcesRequest),
    #[cfg(feature = "admin")]
    /// DescribeTopicPartitionsRequest.
    DescribeTopicPartitions(DescribeTopicPartitionsRequest),
    #[cfg(feature = "share")]
    /// ShareGroupHeartbeatRequest.
    ShareGroupHeartbeat(ShareGroupHeartbeatRequest),
    #[cfg(feature = "share")]
    /// ShareGroupDescribeRequest.
    ShareGroupDescribe(ShareGroupDescribeRequest),
    #[cfg(feature = "share")]
    /// ShareFetchRequest.
    ShareFetch(ShareFetchRequest),
    #[cfg(feature = "share")]
    /// ShareAcknowledgeRequest.
    ShareAcknowledge(ShareAcknowledgeRequest),
    #[cfg(feature = "controller")]
    /// AddRaftVoterRequest.
    AddRaftVoter(AddRaftVoterRequest),
    #[cfg(feature = "controller")]
    /// RemoveRaftVoterRequest.
    RemoveRaftVoter(RemoveRaftVoterRequest),
    #[cfg(feature = "controller")]
    /// UpdateRaftVoterRequest.
    UpdateRaftVoter(UpdateRaftVoterRequest),
    #[cfg(feature = "share")]
    /// InitializeShareGroupStateRequest.
    InitializeShareGroupState(InitializeShareGroupStateRequest),
    #[cfg(feature = "share")]
    /// ReadShareGroupStateRequest.
    ReadShareGroupState(ReadShareGroupStateRequest),
    #[cfg(feature = "share")]
    /// WriteShareGroupStateRequest.
    WriteShareGroupState(WriteShareGroupStateRequest),
    #[cfg(feature = "share")]
    /// DeleteShareGroupStateRequest.
    DeleteShareGroupState(DeleteShareGroupStateRequest),
    #[cfg(feature = "share")]
    /// ReadShareGroupStateSummaryRequest.
    ReadShareGroupStateSummary(ReadShareGroupStateSummaryRequest),
    #[cfg(feature = "streams")]
    /// StreamsGroupHeartbeatRequest.
    StreamsGroupHeartbeat(StreamsGroupHeartbeatRequest),
    #[cfg(feature = "streams")]
    /// StreamsGroupDescribeRequest.
    StreamsGroupDescribe(StreamsGroupDescribeRequest),
    #[cfg(feature = "share")]
    /// DescribeShareGroupOffsetsRequest.
    DescribeShareGroupOffsets(DescribeShareGroupOffsetsRequest),
    #[cfg(feature = "share")]
    /// AlterShareGroupOffsetsRequest.
    AlterShareGroupOffsets(AlterShareGroupOffsetsRequest),
    #[cfg(feature = "share")]
    /// DeleteShareGroupOffsetsRequest.
    DeleteShareGroupOffsets(DeleteShareGroupOffsetsRequest),
    #[cfg(feature = "streams")]
    /// StreamsGroupTopologyDescriptionUpdateRequest.
    StreamsGroupTopologyDescriptionUpdate(StreamsGroupTopologyDescriptionUpdateRequest),
    #[cfg(feature = "controller")]
    /// UnregisterControllerRequest.
    UnregisterController(UnregisterControllerRequest),
}

impl RequestKind {
    /// Reads a request body of API `key` at `version`, leaving anything after it in `buf`.
    ///
    /// A key this build does not have is [`DecodeErrorKind::UnknownApiKey`](kafka_wire::DecodeErrorKind::UnknownApiKey);
    /// a version the API does not have is an unsupported-version error.
    pub fn decode<B: Buf>(key: i16, version: i16, buf: &mut B) -> Result<RequestKind, DecodeError> {
        match key {
            #[cfg(feature = "producer")]
            0 => ProduceRequest::decode(buf, version).map(RequestKind::Produce),
            #[cfg(feature = "consumer")]
            1 => FetchRequest::decode(buf, version).map(RequestKind::Fetch),
            #[cfg(feature = "consumer")]
            2 => ListOffsetsRequest::decode(buf, version).map(RequestKind::ListOffsets),
            3 => MetadataRequest::decode(buf, version).map(RequestKind::Metadata),
            #[cfg(feature = "consumer")]
            8 => OffsetCommitRequest::decode(buf, version).map(RequestKind::OffsetCommit),
            #[cfg(feature = "consumer")]
            9 => OffsetFetchRequest::decode(buf, version).map(RequestKind::OffsetFetch),
            #[cfg(feature = "group")]
            10 => FindCoordinatorRequest::decode(buf, version).map(RequestKind::FindCoordinator),
            #[cfg(feature = "group")]
            11 => JoinGroupRequest::decode(buf, version).map(RequestKind::JoinGroup),
            #[cfg(feature = "group")]
            12 => HeartbeatRequest::decode(buf, version).map(RequestKind::Heartbeat),
            #[cfg(feature = "group")]
            13 => LeaveGroupRequest::decode(buf, version).map(RequestKind::LeaveGroup),
            #[cfg(feature = "group")]
            14 => SyncGroupRequest::decode(buf, version).map(RequestKind::SyncGroup),
            #[cfg(feature = "group")]
            15 => DescribeGroupsRequest::decode(buf, version).map(RequestKind::DescribeGroups),
            #[cfg(feature = "group")]
            16 => ListGroupsRequest::decode(buf, version).map(RequestKind::ListGroups),
            17 => SaslHandshakeRequest::decode(buf, version).map(RequestKind::SaslHandshake),
            18 => ApiVersionsRequest::decode(buf, version).map(RequestKind::ApiVersions),
            19 => CreateTopicsRequest::decode(buf, version).map(RequestKind::CreateTopics),
            #[cfg(feature = "admin")]
            20 => DeleteTopicsRequest::decode(buf, version).map(RequestKind::DeleteTopics),
            #[cfg(feature = "admin")]
            21 => DeleteRecordsRequest::decode(buf, version).map(RequestKind::DeleteRecords),
            #[cfg(feature = "producer")]
            22 => InitProducerIdRequest::decode(buf, version).map(RequestKind::InitProducerId),
            #[cfg(feature = "consumer")]
            23 => OffsetForLeaderEpochRequest::decode(buf, version)
                .map(RequestKind::OffsetForLeaderEpoch),
            #[cfg(feature = "producer")]
            24 => {
                AddPartitionsToTxnRequest::decode(buf, version).map(RequestKind::AddPartitionsToTxn)
            }
            #[cfg(feature = "producer")]
            25 => AddOffsetsToTxnRequest::decode(buf, version).map(RequestKind::AddOffsetsToTxn),
            #[cfg(feature = "producer")]
            26 => EndTxnRequest::decode(buf, version).map(RequestKind::EndTxn),
            #[cfg(feature = "controller")]
            27 => WriteTxnMarkersRequest::decode(buf, version).map(RequestKind::WriteTxnMarkers),
            #[cfg(feature = "producer")]
            28 => TxnOffsetCommitRequest::decode(buf, version).map(RequestKind::TxnOffsetCommit),
            #[cfg(feature = "admin")]
            29 => DescribeAclsRequest::decode(buf, version).map(RequestKind::DescribeAcls),
            30 => CreateAclsRequest::decode(buf, version).map(RequestKind::CreateAcls),
            #[cfg(feature = "admin")]
            31 => DeleteAclsRequest::decode(buf, version).map(RequestKind::DeleteAcls),
            #[cfg(feature = "admin")]
            32 => DescribeConfigsRequest::decode(buf, version).map(RequestKind::DescribeConfigs),
            #[cfg(feature = "admin")]
            33 => AlterConfigsRequest::decode(buf, version).map(RequestKind::AlterConfigs),
            #[cfg(feature = "admin")]
            34 => AlterReplicaLogDirsRequest::decode(buf, version)
                .map(RequestKind::AlterReplicaLogDirs),
            #[cfg(feature = "admin")]
            35 => DescribeLogDirsRequest::decode(buf, version).map(RequestKind::DescribeLogDirs),
            36 => SaslAuthenticateRequest::decode(buf, version).map(RequestKind::SaslAuthenticate),
            #[cfg(feature = "admin")]
            37 => CreatePartitionsRequest::decode(buf, version).map(RequestKind::CreatePartitions),
            #[cfg(feature = "admin")]
            38 => CreateDelegationTokenRequest::decode(buf, version)
                .map(RequestKind::CreateDelegationToken),
            #[cfg(feature = "admin")]
            39 => RenewDelegationTokenRequest::decode(buf, version)
                .map(RequestKind::RenewDelegationToken),
            #[cfg(feature = "admin")]
            40 => ExpireDelegationTokenRequest::decode(buf, version)
                .map(RequestKind::ExpireDelegationToken),
            #[cfg(feature = "admin")]
            41 => DescribeDelegationTokenRequest::decode(buf, version)
                .map(RequestKind::DescribeDelegationToken),
            #[cfg(feature = "group")]
            42 => DeleteGroupsRequest::decode(buf, version).map(RequestKind::DeleteGroups),
            #[cfg(feature = "admin")]
            43 => ElectLeadersRequest::decode(buf, version).map(RequestKind::ElectLeaders),
            #[cfg(feature = "admin")]
            44 => IncrementalAlterConfigsRequest::decode(buf, version)
                .map(RequestKind::IncrementalAlterConfigs),
            #[cfg(feature = "admin")]
            45 => AlterPartitionReassignmentsRequest::decode(buf, version)
                .map(RequestKind::AlterPartitionReassignments),
            #[cfg(feature = "admin")]
            46 => ListPartitionReassignmentsRequest::decode(buf, version)
                .map(RequestKind::ListPartitionReassignments),
            #[cfg(feature = "group")]
            47 => OffsetDeleteRequest::decode(buf, version).map(RequestKind::OffsetDelete),
            #[cfg(feature = "admin")]
            48 => DescribeClientQuotasRequest::decode(buf, version)
                .map(RequestKind::DescribeClientQuotas),
            #[cfg(feature = "admin")]
            49 => {
                AlterClientQuotasRequest::decode(buf, version).map(RequestKind::AlterClientQuotas)
            }
            #[cfg(feature = "admin")]
            50 => DescribeUserScramCredentialsRequest::decode(buf, version)
                .map(RequestKind::DescribeUserScramCredentials),
            #[cfg(feature = "admin")]
            51 => AlterUserScramCredentialsRequest::decode(buf, version)
                .map(RequestKind::AlterUserScramCredentials),
            #[cfg(feature = "controller")]
            52 => VoteRequest::decode(buf, version).map(RequestKind::Vote),
            #[cfg(feature = "controller")]
            53 => BeginQuorumEpochRequest::decode(buf, version).map(RequestKind::BeginQuorumEpoch),
            #[cfg(feature = "controller")]
            54 => EndQuorumEpochRequest::decode(buf, version).map(RequestKind::EndQuorumEpoch),
            #[cfg(feature = "admin")]
            55 => DescribeQuorumRequest::decode(buf, version).map(RequestKind::DescribeQuorum),
            #[cfg(feature = "controller")]
            56 => AlterPartitionRequest::decode(buf, version).map(RequestKind::AlterPartition),
            #[cfg(feature = "admin")]
            57 => UpdateFeaturesRequest::decode(buf, version).map(RequestKind::UpdateFeatures),
            #[cfg(feature = "controller")]
            58 => EnvelopeRequest::decode(buf, version).map(RequestKind::Envelope),
            #[cfg(feature = "controller")]
            59 => FetchSnapshotRequest::decode(buf, version).map(RequestKind::FetchSnapshot),
            #[cfg(feature = "admin")]
            60 => DescribeClusterRequest::decode(buf, version).map(RequestKind::DescribeCluster),
            #[cfg(feature = "producer")]
            61 => {
                DescribeProducersRequest::decode(buf, version).map(RequestKind::DescribeProducers)
            }
            #[cfg(feature = "controller")]
            62 => {
                BrokerRegistrationRequest::decode(buf, version).map(RequestKind::BrokerRegistration)
            }
            #[cfg(feature = "controller")]
            63 => BrokerHeartbeatRequest::decode(buf, version).map(RequestKind::BrokerHeartbeat),
            #[cfg(feature = "admin")]
            64 => UnregisterBrokerRequest::decode(buf, version).map(RequestKind::UnregisterBroker),
            #[cfg(feature = "producer")]
            65 => DescribeTransactionsRequest::decode(buf, version)
                .map(RequestKind::DescribeTransactions),
            #[cfg(feature = "producer")]
            66 => ListTransactionsRequest::decode(buf, version).map(RequestKind::ListTransactions),
            #[cfg(feature = "controller")]
            67 => AllocateProducerIdsRequest::decode(buf, version)
                .map(RequestKind::AllocateProducerIds),
            #[cfg(feature = "consumer")]
            68 => ConsumerGroupHeartbeatRequest::decode(buf, version)
                .map(RequestKind::ConsumerGroupHeartbeat),
            #[cfg(feature = "consumer")]
            69 => ConsumerGroupDescribeRequest::decode(buf, version)
                .map(RequestKind::ConsumerGroupDescribe),
            #[cfg(feature = "controller")]
            70 => ControllerRegistrationRequest::decode(buf, version)
                .map(RequestKind::ControllerRegistration),
            #[cfg(feature = "consumer")]
            71 => GetTelemetrySubscriptionsRequest::decode(buf, version)
                .map(RequestKind::GetTelemetrySubscriptions),
            #[cfg(feature = "consumer")]
            72 => PushTelemetryRequest::decode(buf, version).map(RequestKind::PushTelemetry),
            #[cfg(feature = "controller")]
            73 => AssignReplicasToDirsRequest::decode(buf, version)
                .map(RequestKind::AssignReplicasToDirs),
            #[cfg(feature = "admin")]
            74 => ListConfigResourcesRequest::decode(buf, version)
                .map(RequestKind::ListConfigResources),
            #[cfg(feature = "admin")]
            75 => DescribeTopicPartitionsRequest::decode(buf, version)
                .map(RequestKind::DescribeTopicPartitions),
            #[cfg(feature = "share")]
            76 => ShareGroupHeartbeatRequest::decode(buf, version)
                .map(RequestKind::ShareGroupHeartbeat),
            #[cfg(feature = "share")]
            77 => {
                ShareGroupDescribeRequest::decode(buf, version).map(RequestKind::ShareGroupDescribe)
            }
            #[cfg(feature = "share")]
            78 => ShareFetchRequest::decode(buf, version).map(RequestKind::ShareFetch),
            #[cfg(feature = "share")]
            79 => ShareAcknowledgeRequest::decode(buf, version).map(RequestKind::ShareAcknowledge),
            #[cfg(feature = "controller")]
            80 => AddRaftVoterRequest::decode(buf, version).map(RequestKind::AddRaftVoter),
            #[cfg(feature = "controller")]
            81 => RemoveRaftVoterRequest::decode(buf, version).map(RequestKind::RemoveRaftVoter),
            #[cfg(feature = "controller")]
            82 => UpdateRaftVoterRequest::decode(buf, version).map(RequestKind::UpdateRaftVoter),
            #[cfg(feature = "share")]
            83 => InitializeShareGroupStateRequest::decode(buf, version)
                .map(RequestKind::InitializeShareGroupState),
            #[cfg(feature = "share")]
            84 => ReadShareGroupStateRequest::decode(buf, version)
                .map(RequestKind::ReadShareGroupState),
            #[cfg(feature = "share")]
            85 => WriteShareGroupStateRequest::decode(buf, version)
                .map(RequestKind::WriteShareGroupState),
            #[cfg(feature = "share")]
            86 => DeleteShareGroupStateRequest::decode(buf, version)
                .map(RequestKind::DeleteShareGroupState),
            #[cfg(feature = "share")]
            87 => ReadShareGroupStateSummaryRequest::decode(buf, version)
                .map(RequestKind::ReadShareGroupStateSummary),
            #[cfg(feature = "streams")]
            88 => StreamsGroupHeartbeatRequest::decode(buf, version)
                .map(RequestKind::StreamsGroupHeartbeat),
            #[cfg(feature = "streams")]
            89 => StreamsGroupDescribeRequest::decode(buf, version)
                .map(RequestKind::StreamsGroupDescribe),
            #[cfg(feature = "share")]
            90 => DescribeShareGroupOffsetsRequest::decode(buf, version)
                .map(RequestKind::DescribeShareGroupOffsets),
            #[cfg(feature = "share")]
            91 => AlterShareGroupOffsetsRequest::decode(buf, version)
                .map(RequestKind::AlterShareGroupOffsets),
            #[cfg(feature = "share")]
            92 => DeleteShareGroupOffsetsRequest::decode(buf, version)
                .map(RequestKind::DeleteShareGroupOffsets),
            #[cfg(feature = "streams")]
            93 => StreamsGroupTopologyDescriptionUpdateRequest::decode(buf, version)
                .map(RequestKind::StreamsGroupTopologyDescriptionUpdate),
            #[cfg(feature = "controller")]
            94 => UnregisterControllerRequest::decode(buf, version)
                .map(RequestKind::UnregisterController),
            _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
        }
    }

    /// The API key of the body's API.
    pub fn api_key(&self) -> ApiKey {
        match self {
            #[cfg(feature = "producer")]
            RequestKind::Produce(_) => ApiKey::Produce,
            #[cfg(feature = "consumer")]
            RequestKind::Fetch(_) => ApiKey::Fetch,
            #[cfg(feature = "consumer")]
            RequestKind::ListOffsets(_) => ApiKey::ListOffsets,
            RequestKind::Metadata(_) => ApiKey::Metadata,
            #[cfg(feature = "consumer")]
            RequestKind::OffsetCommit(_) => ApiKey::OffsetCommit,
            #[cfg(feature = "consumer")]
            RequestKind::OffsetFetch(_) => ApiKey::OffsetFetch,
            #[cfg(feature = "group")]
            RequestKind::FindCoordinator(_) => ApiKey::FindCoordinator,
            #[cfg(feature = "group")]
            RequestKind::JoinGroup(_) => ApiKey::JoinGroup,
            #[cfg(feature = "group")]
            RequestKind::Heartbeat(_) => ApiKey::Heartbeat,
            #[cfg(feature = "group")]
            RequestKind::LeaveGroup(_) => ApiKey::LeaveGroup,
            #[cfg(feature = "group")]
            RequestKind::SyncGroup(_) => ApiKey::SyncGroup,
            #[cfg(feature = "group")]
            RequestKind::DescribeGroups(_) => ApiKey::DescribeGroups,
            #[cfg(feature = "group")]
            RequestKind::ListGroups(_) => ApiKey::ListGroups,
            RequestKind::SaslHandshake(_) => ApiKey::SaslHandshake,
            RequestKind::ApiVersions(_) => ApiKey::ApiVersions,
            RequestKind::CreateTopics(_) => ApiKey::CreateTopics,
            #[cfg(feature = "admin")]
            RequestKind::DeleteTopics(_) => ApiKey::DeleteTopics,
            #[cfg(feature = "admin")]
            RequestKind::DeleteRecords(_) => ApiKey::DeleteRecords,
            #[cfg(feature = "producer")]
            RequestKind::InitProducerId(_) => ApiKey::InitProducerId,
            #[cfg(feature = "consumer")]
            RequestKind::OffsetForLeaderEpoch(_) => ApiKey::OffsetForLeaderEpoch,
            #[cfg(feature = "producer")]
            RequestKind::AddPartitionsToTxn(_) => ApiKey::AddPartitionsToTxn,
            #[cfg(feature = "producer")]
            RequestKind::AddOffsetsToTxn(_) => ApiKey::AddOffsetsToTxn,
            #[cfg(feature = "producer")]
            RequestKind::EndTxn(_) => ApiKey::EndTxn,
            #[cfg(feature = "controller")]
            RequestKind::WriteTxnMarkers(_) => ApiKey::WriteTxnMarkers,
            #[cfg(feature = "producer")]
            RequestKind::TxnOffsetCommit(_) => ApiKey::TxnOffsetCommit,
            #[cfg(feature = "admin")]
            RequestKind::DescribeAcls(_) => ApiKey::DescribeAcls,
            RequestKind::CreateAcls(_) => ApiKey::CreateAcls,
            #[cfg(feature = "admin")]
            RequestKind::DeleteAcls(_) => ApiKey::DeleteAcls,
            #[cfg(feature = "admin")]
            RequestKind::DescribeConfigs(_) => ApiKey::DescribeConfigs,
            #[cfg(feature = "admin")]
            RequestKind::AlterConfigs(_) => ApiKey::AlterConfigs,
            #[cfg(feature = "admin")]
            RequestKind::AlterReplicaLogDirs(_) => ApiKey::AlterReplicaLogDirs,
            #[cfg(feature = "admin")]
            RequestKind::DescribeLogDirs(_) => ApiKey::DescribeLogDirs,
            RequestKind::SaslAuthenticate(_) => ApiKey::SaslAuthenticate,
            #[cfg(feature = "admin")]
            RequestKind::CreatePartitions(_) => ApiKey::CreatePartitions,
            #[cfg(feature = "admin")]
            RequestKind::CreateDelegationToken(_) => ApiKey::CreateDelegationToken,
            #[cfg(feature = "admin")]
            RequestKind::RenewDelegationToken(_) => ApiKey::RenewDelegationToken,
            #[cfg(feature = "admin")]
            RequestKind::ExpireDelegationToken(_) => ApiKey::ExpireDelegationToken,
            #[cfg(feature = "admin")]
            RequestKind::DescribeDelegationToken(_) => ApiKey::DescribeDelegationToken,
            #[cfg(feature = "group")]
            RequestKind::DeleteGroups(_) => ApiKey::DeleteGroups,
            #[cfg(feature = "admin")]
            RequestKind::ElectLeaders(_) => ApiKey::ElectLeaders,
            #[cfg(feature = "admin")]
            RequestKind::IncrementalAlterConfigs(_) => ApiKey::IncrementalAlterConfigs,
            #[cfg(feature = "admin")]
            RequestKind::AlterPartitionReassignments(_) => ApiKey::AlterPartitionReassignments,
            #[cfg(feature = "admin")]
            RequestKind::ListPartitionReassignments(_) => ApiKey::ListPartitionReassignments,
            #[cfg(feature = "group")]
            RequestKind::OffsetDelete(_) => ApiKey::OffsetDelete,
            #[cfg(feature = "admin")]
            RequestKind::DescribeClientQuotas(_) => ApiKey::DescribeClientQuotas,
            #[cfg(feature = "admin")]
            RequestKind::AlterClientQuotas(_) => ApiKey::AlterClientQuotas,
            #[cfg(feature = "admin")]
            RequestKind::DescribeUserScramCredentials(_) => ApiKey::DescribeUserScramCredentials,
            #[cfg(feature = "admin")]
            RequestKind::AlterUserScramCredentials(_) => ApiKey::AlterUserScramCredentials,
            #[cfg(feature = "controller")]
            RequestKind::Vote(_) => ApiKey::Vote,
            #[cfg(feature = "controller")]
            RequestKind::BeginQuorumEpoch(_) => ApiKey::BeginQuorumEpoch,
            #[cfg(feature = "controller")]
            RequestKind::EndQuorumEpoch(_) => ApiKey::EndQuorumEpoch,
            #[cfg(feature = "admin")]
            RequestKind::DescribeQuorum(_) => ApiKey::DescribeQuorum,
            #[cfg(feature = "controller")]
            RequestKind::AlterPartition(_) => ApiKey::AlterPartition,
            #[cfg(feature = "admin")]
            RequestKind::UpdateFeatures(_) => ApiKey::UpdateFeatures,
            #[cfg(feature = "controller")]
            RequestKind::Envelope(_) => ApiKey::Envelope,
            #[cfg(feature = "controller")]
            RequestKind::FetchSnapshot(_) => ApiKey::FetchSnapshot,
            #[cfg(feature = "admin")]
            RequestKind::DescribeCluster(_) => ApiKey::DescribeCluster,
            #[cfg(feature = "producer")]
            RequestKind::DescribeProducers(_) => ApiKey::DescribeProducers,
            #[cfg(feature = "controller")]
            RequestKind::BrokerRegistration(_) => ApiKey::BrokerRegistration,
            #[cfg(feature = "controller")]
            RequestKind::BrokerHeartbeat(_) => ApiKey::BrokerHeartbeat,
            #[cfg(feature = "admin")]
            RequestKind::UnregisterBroker(_) => ApiKey::UnregisterBroker,
            #[cfg(feature = "producer")]
            RequestKind::DescribeTransactions(_) => ApiKey::DescribeTransactions,
            #[cfg(feature = "producer")]
            RequestKind::ListTransactions(_) => ApiKey::ListTransactions,
            #[cfg(feature = "controller")]
            RequestKind::AllocateProducerIds(_) => ApiKey::AllocateProducerIds,
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupHeartbeat(_) => ApiKey::ConsumerGroupHeartbeat,
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupDescribe(_) => ApiKey::ConsumerGroupDescribe,
            #[cfg(feature = "controller")]
            RequestKind::ControllerRegistration(_) => ApiKey::ControllerRegistration,
            #[cfg(feature = "consumer")]
            RequestKind::GetTelemetrySubscriptions(_) => ApiKey::GetTelemetrySubscriptions,
            #[cfg(feature = "consumer")]
            RequestKind::PushTelemetry(_) => ApiKey::PushTelemetry,
            #[cfg(feature = "controller")]
            RequestKind::AssignReplicasToDirs(_) => ApiKey::AssignReplicasToDirs,
            #[cfg(feature = "admin")]
            RequestKind::ListConfigResources(_) => ApiKey::ListConfigResources,
            #[cfg(feature = "admin")]
            RequestKind::DescribeTopicPartitions(_) => ApiKey::DescribeTopicPartitions,
            #[cfg(feature = "share")]
            RequestKind::ShareGroupHeartbeat(_) => ApiKey::ShareGroupHeartbeat,
            #[cfg(feature = "share")]
            RequestKind::ShareGroupDescribe(_) => ApiKey::ShareGroupDescribe,
            #[cfg(feature = "share")]
            RequestKind::ShareFetch(_) => ApiKey::ShareFetch,
            #[cfg(feature = "share")]
            RequestKind::ShareAcknowledge(_) => ApiKey::ShareAcknowledge,
            #[cfg(feature = "controller")]
            RequestKind::AddRaftVoter(_) => ApiKey::AddRaftVoter,
            #[cfg(feature = "controller")]
            RequestKind::RemoveRaftVoter(_) => ApiKey::RemoveRaftVoter,
            #[cfg(feature = "controller")]
            RequestKind::UpdateRaftVoter(_) => ApiKey::UpdateRaftVoter,
            #[cfg(feature = "share")]
            RequestKind::InitializeShareGroupState(_) => ApiKey::InitializeShareGroupState,
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupState(_) => ApiKey::ReadShareGroupState,
            #[cfg(feature = "share")]
            RequestKind::WriteShareGroupState(_) => ApiKey::WriteShareGroupState,
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupState(_) => ApiKey::DeleteShareGroupState,
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupStateSummary(_) => ApiKey::ReadShareGroupStateSummary,
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupHeartbeat(_) => ApiKey::StreamsGroupHeartbeat,
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupDescribe(_) => ApiKey::StreamsGroupDescribe,
            #[cfg(feature = "share")]
            RequestKind::DescribeShareGroupOffsets(_) => ApiKey::DescribeShareGroupOffsets,
            #[cfg(feature = "share")]
            RequestKind::AlterShareGroupOffsets(_) => ApiKey::AlterShareGroupOffsets,
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupOffsets(_) => ApiKey::DeleteShareGroupOffsets,
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupTopologyDescriptionUpdate(_) => {
                ApiKey::StreamsGroupTopologyDescriptionUpdate
            }
            #[cfg(feature = "controller")]
            RequestKind::UnregisterController(_) => ApiKey::UnregisterController,
        }
    }

    /// Writes the body at `version` (see [`Versioned::encode`]).
    #[inline]
    pub fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<usize, EncodeError> {
        match self {
            #[cfg(feature = "producer")]
            RequestKind::Produce(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::Fetch(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::ListOffsets(m) => m.encode(buf, version),
            RequestKind::Metadata(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetCommit(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetFetch(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::FindCoordinator(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::JoinGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::Heartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::LeaveGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::SyncGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::DescribeGroups(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::ListGroups(m) => m.encode(buf, version),
            RequestKind::SaslHandshake(m) => m.encode(buf, version),
            RequestKind::ApiVersions(m) => m.encode(buf, version),
            RequestKind::CreateTopics(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteTopics(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteRecords(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::InitProducerId(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetForLeaderEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::AddPartitionsToTxn(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::AddOffsetsToTxn(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::EndTxn(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::WriteTxnMarkers(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::TxnOffsetCommit(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeAcls(m) => m.encode(buf, version),
            RequestKind::CreateAcls(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteAcls(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::AlterConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::AlterReplicaLogDirs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeLogDirs(m) => m.encode(buf, version),
            RequestKind::SaslAuthenticate(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::CreatePartitions(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::CreateDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::RenewDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::ExpireDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::DeleteGroups(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::ElectLeaders(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::IncrementalAlterConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::AlterPartitionReassignments(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::ListPartitionReassignments(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            RequestKind::OffsetDelete(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeClientQuotas(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::AlterClientQuotas(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeUserScramCredentials(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::AlterUserScramCredentials(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::Vote(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::BeginQuorumEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::EndQuorumEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeQuorum(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::AlterPartition(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::UpdateFeatures(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::Envelope(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::FetchSnapshot(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeCluster(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::DescribeProducers(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::BrokerRegistration(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::BrokerHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::UnregisterBroker(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::DescribeTransactions(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            RequestKind::ListTransactions(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::AllocateProducerIds(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::ControllerRegistration(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::GetTelemetrySubscriptions(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            RequestKind::PushTelemetry(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::AssignReplicasToDirs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::ListConfigResources(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeTopicPartitions(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ShareGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ShareGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ShareFetch(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ShareAcknowledge(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::AddRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::RemoveRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::UpdateRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::InitializeShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::WriteShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupStateSummary(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::DescribeShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::AlterShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupTopologyDescriptionUpdate(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            RequestKind::UnregisterController(m) => m.encode(buf, version),
        }
    }

    /// Exactly the bytes [`encode`](Self::encode) writes at `version`.
    #[inline]
    pub fn encoded_len(&self, version: i16) -> usize {
        match self {
            #[cfg(feature = "producer")]
            RequestKind::Produce(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::Fetch(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::ListOffsets(m) => m.encoded_len(version),
            RequestKind::Metadata(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetCommit(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetFetch(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::FindCoordinator(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::JoinGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::Heartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::LeaveGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::SyncGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::DescribeGroups(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::ListGroups(m) => m.encoded_len(version),
            RequestKind::SaslHandshake(m) => m.encoded_len(version),
            RequestKind::ApiVersions(m) => m.encoded_len(version),
            RequestKind::CreateTopics(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteTopics(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteRecords(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::InitProducerId(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::OffsetForLeaderEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::AddPartitionsToTxn(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::AddOffsetsToTxn(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::EndTxn(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::WriteTxnMarkers(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::TxnOffsetCommit(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeAcls(m) => m.encoded_len(version),
            RequestKind::CreateAcls(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DeleteAcls(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::AlterConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::AlterReplicaLogDirs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeLogDirs(m) => m.encoded_len(version),
            RequestKind::SaslAuthenticate(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::CreatePartitions(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::CreateDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::RenewDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::ExpireDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::DeleteGroups(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::ElectLeaders(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::IncrementalAlterConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::AlterPartitionReassignments(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::ListPartitionReassignments(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            RequestKind::OffsetDelete(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeClientQuotas(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::AlterClientQuotas(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeUserScramCredentials(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::AlterUserScramCredentials(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::Vote(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::BeginQuorumEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::EndQuorumEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeQuorum(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::AlterPartition(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::UpdateFeatures(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::Envelope(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::FetchSnapshot(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeCluster(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::DescribeProducers(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::BrokerRegistration(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::BrokerHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::UnregisterBroker(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::DescribeTransactions(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            RequestKind::ListTransactions(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::AllocateProducerIds(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::ConsumerGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::ControllerRegistration(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::GetTelemetrySubscriptions(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            RequestKind::PushTelemetry(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::AssignReplicasToDirs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::ListConfigResources(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            RequestKind::DescribeTopicPartitions(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ShareGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ShareGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ShareFetch(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ShareAcknowledge(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::AddRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::RemoveRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::UpdateRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::InitializeShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::WriteShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::ReadShareGroupStateSummary(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::DescribeShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::AlterShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            RequestKind::DeleteShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            RequestKind::StreamsGroupTopologyDescriptionUpdate(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            RequestKind::UnregisterController(m) => m.encoded_len(version),
        }
    }
}

/// The borrowed view of a request body of any API compiled in, chosen by its API
/// key: read in place with [`RequestView::view`], allocating nothing (feature `view`).
#[cfg(feature = "view")]
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
// As large as the largest view: boxing it would be the allocation a view avoids.
#[allow(clippy::large_enum_variant)]
pub enum RequestView<'a> {
    #[cfg(feature = "producer")]
    /// [`ProduceRequest`]'s view.
    Produce(crate::produce::ProduceRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`FetchRequest`]'s view.
    Fetch(crate::fetch::FetchRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ListOffsetsRequest`]'s view.
    ListOffsets(crate::list_offsets::ListOffsetsRequestView<'a>),
    /// [`MetadataRequest`]'s view.
    Metadata(crate::metadata::MetadataRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetCommitRequest`]'s view.
    OffsetCommit(crate::offset_commit::OffsetCommitRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetFetchRequest`]'s view.
    OffsetFetch(crate::offset_fetch::OffsetFetchRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`FindCoordinatorRequest`]'s view.
    FindCoordinator(crate::find_coordinator::FindCoordinatorRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`JoinGroupRequest`]'s view.
    JoinGroup(crate::join_group::JoinGroupRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`HeartbeatRequest`]'s view.
    Heartbeat(crate::heartbeat::HeartbeatRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`LeaveGroupRequest`]'s view.
    LeaveGroup(crate::leave_group::LeaveGroupRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`SyncGroupRequest`]'s view.
    SyncGroup(crate::sync_group::SyncGroupRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`DescribeGroupsRequest`]'s view.
    DescribeGroups(crate::describe_groups::DescribeGroupsRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`ListGroupsRequest`]'s view.
    ListGroups(crate::list_groups::ListGroupsRequestView<'a>),
    /// [`SaslHandshakeRequest`]'s view.
    SaslHandshake(crate::sasl_handshake::SaslHandshakeRequestView<'a>),
    /// [`ApiVersionsRequest`]'s view.
    ApiVersions(crate::api_versions::ApiVersionsRequestView<'a>),
    /// [`CreateTopicsRequest`]'s view.
    CreateTopics(crate::create_topics::CreateTopicsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteTopicsRequest`]'s view.
    DeleteTopics(crate::delete_topics::DeleteTopicsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteRecordsRequest`]'s view.
    DeleteRecords(crate::delete_records::DeleteRecordsRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`InitProducerIdRequest`]'s view.
    InitProducerId(crate::init_producer_id::InitProducerIdRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetForLeaderEpochRequest`]'s view.
    OffsetForLeaderEpoch(crate::offset_for_leader_epoch::OffsetForLeaderEpochRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`AddPartitionsToTxnRequest`]'s view.
    AddPartitionsToTxn(crate::add_partitions_to_txn::AddPartitionsToTxnRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`AddOffsetsToTxnRequest`]'s view.
    AddOffsetsToTxn(crate::add_offsets_to_txn::AddOffsetsToTxnRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`EndTxnRequest`]'s view.
    EndTxn(crate::end_txn::EndTxnRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`WriteTxnMarkersRequest`]'s view.
    WriteTxnMarkers(crate::write_txn_markers::WriteTxnMarkersRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`TxnOffsetCommitRequest`]'s view.
    TxnOffsetCommit(crate::txn_offset_commit::TxnOffsetCommitRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeAclsRequest`]'s view.
    DescribeAcls(crate::describe_acls::DescribeAclsRequestView<'a>),
    /// [`CreateAclsRequest`]'s view.
    CreateAcls(crate::create_acls::CreateAclsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteAclsRequest`]'s view.
    DeleteAcls(crate::delete_acls::DeleteAclsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeConfigsRequest`]'s view.
    DescribeConfigs(crate::describe_configs::DescribeConfigsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterConfigsRequest`]'s view.
    AlterConfigs(crate::alter_configs::AlterConfigsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterReplicaLogDirsRequest`]'s view.
    AlterReplicaLogDirs(crate::alter_replica_log_dirs::AlterReplicaLogDirsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeLogDirsRequest`]'s view.
    DescribeLogDirs(crate::describe_log_dirs::DescribeLogDirsRequestView<'a>),
    /// [`SaslAuthenticateRequest`]'s view.
    SaslAuthenticate(crate::sasl_authenticate::SaslAuthenticateRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`CreatePartitionsRequest`]'s view.
    CreatePartitions(crate::create_partitions::CreatePartitionsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`CreateDelegationTokenRequest`]'s view.
    CreateDelegationToken(crate::create_delegation_token::CreateDelegationTokenRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`RenewDelegationTokenRequest`]'s view.
    RenewDelegationToken(crate::renew_delegation_token::RenewDelegationTokenRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`ExpireDelegationTokenRequest`]'s view.
    ExpireDelegationToken(crate::expire_delegation_token::ExpireDelegationTokenRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeDelegationTokenRequest`]'s view.
    DescribeDelegationToken(crate::describe_delegation_token::DescribeDelegationTokenRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`DeleteGroupsRequest`]'s view.
    DeleteGroups(crate::delete_groups::DeleteGroupsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`ElectLeadersRequest`]'s view.
    ElectLeaders(crate::elect_leaders::ElectLeadersRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`IncrementalAlterConfigsRequest`]'s view.
    IncrementalAlterConfigs(crate::incremental_alter_configs::IncrementalAlterConfigsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterPartitionReassignmentsRequest`]'s view.
    AlterPartitionReassignments(crate::alter_partition_reassignments::AlterPartitionReassignmentsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`ListPartitionReassignmentsRequest`]'s view.
    ListPartitionReassignments(crate::list_partition_reassignments::ListPartitionReassignmentsRequestView<'a>),
    #[cfg(feature = "group")]
    /// [`OffsetDeleteRequest`]'s view.
    OffsetDelete(crate::offset_delete::OffsetDeleteRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeClientQuotasRequest`]'s view.
    DescribeClientQuotas(crate::describe_client_quotas::DescribeClientQuotasRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterClientQuotasRequest`]'s view.
    AlterClientQuotas(crate::alter_client_quotas::AlterClientQuotasRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeUserScramCredentialsRequest`]'s view.
    DescribeUserScramCredentials(crate::describe_user_scram_credentials::DescribeUserScramCredentialsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterUserScramCredentialsRequest`]'s view.
    AlterUserScramCredentials(crate::alter_user_scram_credentials::AlterUserScramCredentialsRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`VoteRequest`]'s view.
    Vote(crate::vote::VoteRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`BeginQuorumEpochRequest`]'s view.
    BeginQuorumEpoch(crate::begin_quorum_epoch::BeginQuorumEpochRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`EndQuorumEpochRequest`]'s view.
    EndQuorumEpoch(crate::end_quorum_epoch::EndQuorumEpochRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeQuorumRequest`]'s view.
    DescribeQuorum(crate::describe_quorum::DescribeQuorumRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`AlterPartitionRequest`]'s view.
    AlterPartition(crate::alter_partition::AlterPartitionRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`UpdateFeaturesRequest`]'s view.
    UpdateFeatures(crate::update_features::UpdateFeaturesRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`EnvelopeRequest`]'s view.
    Envelope(crate::envelope::EnvelopeRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`FetchSnapshotRequest`]'s view.
    FetchSnapshot(crate::fetch_snapshot::FetchSnapshotRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeClusterRequest`]'s view.
    DescribeCluster(crate::describe_cluster::DescribeClusterRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`DescribeProducersRequest`]'s view.
    DescribeProducers(crate::describe_producers::DescribeProducersRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`BrokerRegistrationRequest`]'s view.
    BrokerRegistration(crate::broker_registration::BrokerRegistrationRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`BrokerHeartbeatRequest`]'s view.
    BrokerHeartbeat(crate::broker_heartbeat::BrokerHeartbeatRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`UnregisterBrokerRequest`]'s view.
    UnregisterBroker(crate::unregister_broker::UnregisterBrokerRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`DescribeTransactionsRequest`]'s view.
    DescribeTransactions(crate::describe_transactions::DescribeTransactionsRequestView<'a>),
    #[cfg(feature = "producer")]
    /// [`ListTransactionsRequest`]'s view.
    ListTransactions(crate::list_transactions::ListTransactionsRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`AllocateProducerIdsRequest`]'s view.
    AllocateProducerIds(crate::allocate_producer_ids::AllocateProducerIdsRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ConsumerGroupHeartbeatRequest`]'s view.
    ConsumerGroupHeartbeat(crate::consumer_group_heartbeat::ConsumerGroupHeartbeatRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ConsumerGroupDescribeRequest`]'s view.
    ConsumerGroupDescribe(crate::consumer_group_describe::ConsumerGroupDescribeRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`ControllerRegistrationRequest`]'s view.
    ControllerRegistration(crate::controller_registration::ControllerRegistrationRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`GetTelemetrySubscriptionsRequest`]'s view.
    GetTelemetrySubscriptions(crate::get_telemetry_subscriptions::GetTelemetrySubscriptionsRequestView<'a>),
    #[cfg(feature = "consumer")]
    /// [`PushTelemetryRequest`]'s view.
    PushTelemetry(crate::push_telemetry::PushTelemetryRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`AssignReplicasToDirsRequest`]'s view.
    AssignReplicasToDirs(crate::assign_replicas_to_dirs::AssignReplicasToDirsRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`ListConfigResourcesRequest`]'s view.
    ListConfigResources(crate::list_config_resources::ListConfigResourcesRequestView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeTopicPartitionsRequest`]'s view.
    DescribeTopicPartitions(crate::describe_topic_partitions::DescribeTopicPartitionsRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareGroupHeartbeatRequest`]'s view.
    ShareGroupHeartbeat(crate::share_group_heartbeat::ShareGroupHeartbeatRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareGroupDescribeRequest`]'s view.
    ShareGroupDescribe(crate::share_group_describe::ShareGroupDescribeRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareFetchRequest`]'s view.
    ShareFetch(crate::share_fetch::ShareFetchRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareAcknowledgeRequest`]'s view.
    ShareAcknowledge(crate::share_acknowledge::ShareAcknowledgeRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`AddRaftVoterRequest`]'s view.
    AddRaftVoter(crate::add_raft_voter::AddRaftVoterRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`RemoveRaftVoterRequest`]'s view.
    RemoveRaftVoter(crate::remove_raft_voter::RemoveRaftVoterRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`UpdateRaftVoterRequest`]'s view.
    UpdateRaftVoter(crate::update_raft_voter::UpdateRaftVoterRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`InitializeShareGroupStateRequest`]'s view.
    InitializeShareGroupState(crate::initialize_share_group_state::InitializeShareGroupStateRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ReadShareGroupStateRequest`]'s view.
    ReadShareGroupState(crate::read_share_group_state::ReadShareGroupStateRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`WriteShareGroupStateRequest`]'s view.
    WriteShareGroupState(crate::write_share_group_state::WriteShareGroupStateRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`DeleteShareGroupStateRequest`]'s view.
    DeleteShareGroupState(crate::delete_share_group_state::DeleteShareGroupStateRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`ReadShareGroupStateSummaryRequest`]'s view.
    ReadShareGroupStateSummary(crate::read_share_group_state_summary::ReadShareGroupStateSummaryRequestView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupHeartbeatRequest`]'s view.
    StreamsGroupHeartbeat(crate::streams_group_heartbeat::StreamsGroupHeartbeatRequestView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupDescribeRequest`]'s view.
    StreamsGroupDescribe(crate::streams_group_describe::StreamsGroupDescribeRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`DescribeShareGroupOffsetsRequest`]'s view.
    DescribeShareGroupOffsets(crate::describe_share_group_offsets::DescribeShareGroupOffsetsRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`AlterShareGroupOffsetsRequest`]'s view.
    AlterShareGroupOffsets(crate::alter_share_group_offsets::AlterShareGroupOffsetsRequestView<'a>),
    #[cfg(feature = "share")]
    /// [`DeleteShareGroupOffsetsRequest`]'s view.
    DeleteShareGroupOffsets(crate::delete_share_group_offsets::DeleteShareGroupOffsetsRequestView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupTopologyDescriptionUpdateRequest`]'s view.
    StreamsGroupTopologyDescriptionUpdate(crate::streams_group_topology_description_update::StreamsGroupTopologyDescriptionUpdateRequestView<'a>),
    #[cfg(feature = "controller")]
    /// [`UnregisterControllerRequest`]'s view.
    UnregisterController(crate::unregister_controller::UnregisterControllerRequestView<'a>),
}

#[cfg(feature = "view")]
impl<'a> RequestView<'a> {
    /// Reads the view of a request body of API `key` at `version`, leaving anything
    /// after it in `buf`: the checks and errors of
    /// [`RequestKind::decode`], with strings and arrays left in `buf`.
    #[inline]
    pub fn view(
        key: i16,
        version: i16,
        buf: &mut &'a [u8],
    ) -> Result<RequestView<'a>, DecodeError> {
        match key {
            #[cfg(feature = "producer")]
            0 => ProduceRequest::view(buf, version).map(RequestView::Produce),
            #[cfg(feature = "consumer")]
            1 => FetchRequest::view(buf, version).map(RequestView::Fetch),
            #[cfg(feature = "consumer")]
            2 => ListOffsetsRequest::view(buf, version).map(RequestView::ListOffsets),
            3 => MetadataRequest::view(buf, version).map(RequestView::Metadata),
            #[cfg(feature = "consumer")]
            8 => OffsetCommitRequest::view(buf, version).map(RequestView::OffsetCommit),
            #[cfg(feature = "consumer")]
            9 => OffsetFetchRequest::view(buf, version).map(RequestView::OffsetFetch),
            #[cfg(feature = "group")]
            10 => FindCoordinatorRequest::view(buf, version).map(RequestView::FindCoordinator),
            #[cfg(feature = "group")]
            11 => JoinGroupRequest::view(buf, version).map(RequestView::JoinGroup),
            #[cfg(feature = "group")]
            12 => HeartbeatRequest::view(buf, version).map(RequestView::Heartbeat),
            #[cfg(feature = "group")]
            13 => LeaveGroupRequest::view(buf, version).map(RequestView::LeaveGroup),
            #[cfg(feature = "group")]
            14 => SyncGroupRequest::view(buf, version).map(RequestView::SyncGroup),
            #[cfg(feature = "group")]
            15 => DescribeGroupsRequest::view(buf, version).map(RequestView::DescribeGroups),
            #[cfg(feature = "group")]
            16 => ListGroupsRequest::view(buf, version).map(RequestView::ListGroups),
            17 => SaslHandshakeRequest::view(buf, version).map(RequestView::SaslHandshake),
            18 => ApiVersionsRequest::view(buf, version).map(RequestView::ApiVersions),
            19 => CreateTopicsRequest::view(buf, version).map(RequestView::CreateTopics),
            #[cfg(feature = "admin")]
            20 => DeleteTopicsRequest::view(buf, version).map(RequestView::DeleteTopics),
            #[cfg(feature = "admin")]
            21 => DeleteRecordsRequest::view(buf, version).map(RequestView::DeleteRecords),
            #[cfg(feature = "producer")]
            22 => InitProducerIdRequest::view(buf, version).map(RequestView::InitProducerId),
            #[cfg(feature = "consumer")]
            23 => OffsetForLeaderEpochRequest::view(buf, version)
                .map(RequestView::OffsetForLeaderEpoch),
            #[cfg(feature = "producer")]
            24 => {
                AddPartitionsToTxnRequest::view(buf, version).map(RequestView::AddPartitionsToTxn)
            }
            #[cfg(feature = "producer")]
            25 => AddOffsetsToTxnRequest::view(buf, version).map(RequestView::AddOffsetsToTxn),
            #[cfg(feature = "producer")]
            26 => EndTxnRequest::view(buf, version).map(RequestView::EndTxn),
            #[cfg(feature = "controller")]
            27 => WriteTxnMarkersRequest::view(buf, version).map(RequestView::WriteTxnMarkers),
            #[cfg(feature = "producer")]
            28 => TxnOffsetCommitRequest::view(buf, version).map(RequestView::TxnOffsetCommit),
            #[cfg(feature = "admin")]
            29 => DescribeAclsRequest::view(buf, version).map(RequestView::DescribeAcls),
            30 => CreateAclsRequest::view(buf, version).map(RequestView::CreateAcls),
            #[cfg(feature = "admin")]
            31 => DeleteAclsRequest::view(buf, version).map(RequestView::DeleteAcls),
            #[cfg(feature = "admin")]
            32 => DescribeConfigsRequest::view(buf, version).map(RequestView::DescribeConfigs),
            #[cfg(feature = "admin")]
            33 => AlterConfigsRequest::view(buf, version).map(RequestView::AlterConfigs),
            #[cfg(feature = "admin")]
            34 => {
                AlterReplicaLogDirsRequest::view(buf, version).map(RequestView::AlterReplicaLogDirs)
            }
            #[cfg(feature = "admin")]
            35 => DescribeLogDirsRequest::view(buf, version).map(RequestView::DescribeLogDirs),
            36 => SaslAuthenticateRequest::view(buf, version).map(RequestView::SaslAuthenticate),
            #[cfg(feature = "admin")]
            37 => CreatePartitionsRequest::view(buf, version).map(RequestView::CreatePartitions),
            #[cfg(feature = "admin")]
            38 => CreateDelegationTokenRequest::view(buf, version)
                .map(RequestView::CreateDelegationToken),
            #[cfg(feature = "admin")]
            39 => RenewDelegationTokenRequest::view(buf, version)
                .map(RequestView::RenewDelegationToken),
            #[cfg(feature = "admin")]
            40 => ExpireDelegationTokenRequest::view(buf, version)
                .map(RequestView::ExpireDelegationToken),
            #[cfg(feature = "admin")]
            41 => DescribeDelegationTokenRequest::view(buf, version)
                .map(RequestView::DescribeDelegationToken),
            #[cfg(feature = "group")]
            42 => DeleteGroupsRequest::view(buf, version).map(RequestView::DeleteGroups),
            #[cfg(feature = "admin")]
            43 => ElectLeadersRequest::view(buf, version).map(RequestView::ElectLeaders),
            #[cfg(feature = "admin")]
            44 => IncrementalAlterConfigsRequest::view(buf, version)
                .map(RequestView::IncrementalAlterConfigs),
            #[cfg(feature = "admin")]
            45 => AlterPartitionReassignmentsRequest::view(buf, version)
                .map(RequestView::AlterPartitionReassignments),
            #[cfg(feature = "admin")]
            46 => ListPartitionReassignmentsRequest::view(buf, version)
                .map(RequestView::ListPartitionReassignments),
            #[cfg(feature = "group")]
            47 => OffsetDeleteRequest::view(buf, version).map(RequestView::OffsetDelete),
            #[cfg(feature = "admin")]
            48 => DescribeClientQuotasRequest::view(buf, version)
                .map(RequestView::DescribeClientQuotas),
            #[cfg(feature = "admin")]
            49 => AlterClientQuotasRequest::view(buf, version).map(RequestView::AlterClientQuotas),
            #[cfg(feature = "admin")]
            50 => DescribeUserScramCredentialsRequest::view(buf, version)
                .map(RequestView::DescribeUserScramCredentials),
            #[cfg(feature = "admin")]
            51 => AlterUserScramCredentialsRequest::view(buf, version)
                .map(RequestView::AlterUserScramCredentials),
            #[cfg(feature = "controller")]
            52 => VoteRequest::view(buf, version).map(RequestView::Vote),
            #[cfg(feature = "controller")]
            53 => BeginQuorumEpochRequest::view(buf, version).map(RequestView::BeginQuorumEpoch),
            #[cfg(feature = "controller")]
            54 => EndQuorumEpochRequest::view(buf, version).map(RequestView::EndQuorumEpoch),
            #[cfg(feature = "admin")]
            55 => DescribeQuorumRequest::view(buf, version).map(RequestView::DescribeQuorum),
            #[cfg(feature = "controller")]
            56 => AlterPartitionRequest::view(buf, version).map(RequestView::AlterPartition),
            #[cfg(feature = "admin")]
            57 => UpdateFeaturesRequest::view(buf, version).map(RequestView::UpdateFeatures),
            #[cfg(feature = "controller")]
            58 => EnvelopeRequest::view(buf, version).map(RequestView::Envelope),
            #[cfg(feature = "controller")]
            59 => FetchSnapshotRequest::view(buf, version).map(RequestView::FetchSnapshot),
            #[cfg(feature = "admin")]
            60 => DescribeClusterRequest::view(buf, version).map(RequestView::DescribeCluster),
            #[cfg(feature = "producer")]
            61 => DescribeProducersRequest::view(buf, version).map(RequestView::DescribeProducers),
            #[cfg(feature = "controller")]
            62 => {
                BrokerRegistrationRequest::view(buf, version).map(RequestView::BrokerRegistration)
            }
            #[cfg(feature = "controller")]
            63 => BrokerHeartbeatRequest::view(buf, version).map(RequestView::BrokerHeartbeat),
            #[cfg(feature = "admin")]
            64 => UnregisterBrokerRequest::view(buf, version).map(RequestView::UnregisterBroker),
            #[cfg(feature = "producer")]
            65 => DescribeTransactionsRequest::view(buf, version)
                .map(RequestView::DescribeTransactions),
            #[cfg(feature = "producer")]
            66 => ListTransactionsRequest::view(buf, version).map(RequestView::ListTransactions),
            #[cfg(feature = "controller")]
            67 => {
                AllocateProducerIdsRequest::view(buf, version).map(RequestView::AllocateProducerIds)
            }
            #[cfg(feature = "consumer")]
            68 => ConsumerGroupHeartbeatRequest::view(buf, version)
                .map(RequestView::ConsumerGroupHeartbeat),
            #[cfg(feature = "consumer")]
            69 => ConsumerGroupDescribeRequest::view(buf, version)
                .map(RequestView::ConsumerGroupDescribe),
            #[cfg(feature = "controller")]
            70 => ControllerRegistrationRequest::view(buf, version)
                .map(RequestView::ControllerRegistration),
            #[cfg(feature = "consumer")]
            71 => GetTelemetrySubscriptionsRequest::view(buf, version)
                .map(RequestView::GetTelemetrySubscriptions),
            #[cfg(feature = "consumer")]
            72 => PushTelemetryRequest::view(buf, version).map(RequestView::PushTelemetry),
            #[cfg(feature = "controller")]
            73 => AssignReplicasToDirsRequest::view(buf, version)
                .map(RequestView::AssignReplicasToDirs),
            #[cfg(feature = "admin")]
            74 => {
                ListConfigResourcesRequest::view(buf, version).map(RequestView::ListConfigResources)
            }
            #[cfg(feature = "admin")]
            75 => DescribeTopicPartitionsRequest::view(buf, version)
                .map(RequestView::DescribeTopicPartitions),
            #[cfg(feature = "share")]
            76 => {
                ShareGroupHeartbeatRequest::view(buf, version).map(RequestView::ShareGroupHeartbeat)
            }
            #[cfg(feature = "share")]
            77 => {
                ShareGroupDescribeRequest::view(buf, version).map(RequestView::ShareGroupDescribe)
            }
            #[cfg(feature = "share")]
            78 => ShareFetchRequest::view(buf, version).map(RequestView::ShareFetch),
            #[cfg(feature = "share")]
            79 => ShareAcknowledgeRequest::view(buf, version).map(RequestView::ShareAcknowledge),
            #[cfg(feature = "controller")]
            80 => AddRaftVoterRequest::view(buf, version).map(RequestView::AddRaftVoter),
            #[cfg(feature = "controller")]
            81 => RemoveRaftVoterRequest::view(buf, version).map(RequestView::RemoveRaftVoter),
            #[cfg(feature = "controller")]
            82 => UpdateRaftVoterRequest::view(buf, version).map(RequestView::UpdateRaftVoter),
            #[cfg(feature = "share")]
            83 => InitializeShareGroupStateRequest::view(buf, version)
                .map(RequestView::InitializeShareGroupState),
            #[cfg(feature = "share")]
            84 => {
                ReadShareGroupStateRequest::view(buf, version).map(RequestView::ReadShareGroupState)
            }
            #[cfg(feature = "share")]
            85 => WriteShareGroupStateRequest::view(buf, version)
                .map(RequestView::WriteShareGroupState),
            #[cfg(feature = "share")]
            86 => DeleteShareGroupStateRequest::view(buf, version)
                .map(RequestView::DeleteShareGroupState),
            #[cfg(feature = "share")]
            87 => ReadShareGroupStateSummaryRequest::view(buf, version)
                .map(RequestView::ReadShareGroupStateSummary),
            #[cfg(feature = "streams")]
            88 => StreamsGroupHeartbeatRequest::view(buf, version)
                .map(RequestView::StreamsGroupHeartbeat),
            #[cfg(feature = "streams")]
            89 => StreamsGroupDescribeRequest::view(buf, version)
                .map(RequestView::StreamsGroupDescribe),
            #[cfg(feature = "share")]
            90 => DescribeShareGroupOffsetsRequest::view(buf, version)
                .map(RequestView::DescribeShareGroupOffsets),
            #[cfg(feature = "share")]
            91 => AlterShareGroupOffsetsRequest::view(buf, version)
                .map(RequestView::AlterShareGroupOffsets),
            #[cfg(feature = "share")]
            92 => DeleteShareGroupOffsetsRequest::view(buf, version)
                .map(RequestView::DeleteShareGroupOffsets),
            #[cfg(feature = "streams")]
            93 => StreamsGroupTopologyDescriptionUpdateRequest::view(buf, version)
                .map(RequestView::StreamsGroupTopologyDescriptionUpdate),
            #[cfg(feature = "controller")]
            94 => UnregisterControllerRequest::view(buf, version)
                .map(RequestView::UnregisterController),
            _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
        }
    }

    /// The API key of the body's API.
    pub fn api_key(&self) -> ApiKey {
        match self {
            #[cfg(feature = "producer")]
            RequestView::Produce(_) => ApiKey::Produce,
            #[cfg(feature = "consumer")]
            RequestView::Fetch(_) => ApiKey::Fetch,
            #[cfg(feature = "consumer")]
            RequestView::ListOffsets(_) => ApiKey::ListOffsets,
            RequestView::Metadata(_) => ApiKey::Metadata,
            #[cfg(feature = "consumer")]
            RequestView::OffsetCommit(_) => ApiKey::OffsetCommit,
            #[cfg(feature = "consumer")]
            RequestView::OffsetFetch(_) => ApiKey::OffsetFetch,
            #[cfg(feature = "group")]
            RequestView::FindCoordinator(_) => ApiKey::FindCoordinator,
            #[cfg(feature = "group")]
            RequestView::JoinGroup(_) => ApiKey::JoinGroup,
            #[cfg(feature = "group")]
            RequestView::Heartbeat(_) => ApiKey::Heartbeat,
            #[cfg(feature = "group")]
            RequestView::LeaveGroup(_) => ApiKey::LeaveGroup,
            #[cfg(feature = "group")]
            RequestView::SyncGroup(_) => ApiKey::SyncGroup,
            #[cfg(feature = "group")]
            RequestView::DescribeGroups(_) => ApiKey::DescribeGroups,
            #[cfg(feature = "group")]
            RequestView::ListGroups(_) => ApiKey::ListGroups,
            RequestView::SaslHandshake(_) => ApiKey::SaslHandshake,
            RequestView::ApiVersions(_) => ApiKey::ApiVersions,
            RequestView::CreateTopics(_) => ApiKey::CreateTopics,
            #[cfg(feature = "admin")]
            RequestView::DeleteTopics(_) => ApiKey::DeleteTopics,
            #[cfg(feature = "admin")]
            RequestView::DeleteRecords(_) => ApiKey::DeleteRecords,
            #[cfg(feature = "producer")]
            RequestView::InitProducerId(_) => ApiKey::InitProducerId,
            #[cfg(feature = "consumer")]
            RequestView::OffsetForLeaderEpoch(_) => ApiKey::OffsetForLeaderEpoch,
            #[cfg(feature = "producer")]
            RequestView::AddPartitionsToTxn(_) => ApiKey::AddPartitionsToTxn,
            #[cfg(feature = "producer")]
            RequestView::AddOffsetsToTxn(_) => ApiKey::AddOffsetsToTxn,
            #[cfg(feature = "producer")]
            RequestView::EndTxn(_) => ApiKey::EndTxn,
            #[cfg(feature = "controller")]
            RequestView::WriteTxnMarkers(_) => ApiKey::WriteTxnMarkers,
            #[cfg(feature = "producer")]
            RequestView::TxnOffsetCommit(_) => ApiKey::TxnOffsetCommit,
            #[cfg(feature = "admin")]
            RequestView::DescribeAcls(_) => ApiKey::DescribeAcls,
            RequestView::CreateAcls(_) => ApiKey::CreateAcls,
            #[cfg(feature = "admin")]
            RequestView::DeleteAcls(_) => ApiKey::DeleteAcls,
            #[cfg(feature = "admin")]
            RequestView::DescribeConfigs(_) => ApiKey::DescribeConfigs,
            #[cfg(feature = "admin")]
            RequestView::AlterConfigs(_) => ApiKey::AlterConfigs,
            #[cfg(feature = "admin")]
            RequestView::AlterReplicaLogDirs(_) => ApiKey::AlterReplicaLogDirs,
            #[cfg(feature = "admin")]
            RequestView::DescribeLogDirs(_) => ApiKey::DescribeLogDirs,
            RequestView::SaslAuthenticate(_) => ApiKey::SaslAuthenticate,
            #[cfg(feature = "admin")]
            RequestView::CreatePartitions(_) => ApiKey::CreatePartitions,
            #[cfg(feature = "admin")]
            RequestView::CreateDelegationToken(_) => ApiKey::CreateDelegationToken,
            #[cfg(feature = "admin")]
            RequestView::RenewDelegationToken(_) => ApiKey::RenewDelegationToken,
            #[cfg(feature = "admin")]
            RequestView::ExpireDelegationToken(_) => ApiKey::ExpireDelegationToken,
            #[cfg(feature = "admin")]
            RequestView::DescribeDelegationToken(_) => ApiKey::DescribeDelegationToken,
            #[cfg(feature = "group")]
            RequestView::DeleteGroups(_) => ApiKey::DeleteGroups,
            #[cfg(feature = "admin")]
            RequestView::ElectLeaders(_) => ApiKey::ElectLeaders,
            #[cfg(feature = "admin")]
            RequestView::IncrementalAlterConfigs(_) => ApiKey::IncrementalAlterConfigs,
            #[cfg(feature = "admin")]
            RequestView::AlterPartitionReassignments(_) => ApiKey::AlterPartitionReassignments,
            #[cfg(feature = "admin")]
            RequestView::ListPartitionReassignments(_) => ApiKey::ListPartitionReassignments,
            #[cfg(feature = "group")]
            RequestView::OffsetDelete(_) => ApiKey::OffsetDelete,
            #[cfg(feature = "admin")]
            RequestView::DescribeClientQuotas(_) => ApiKey::DescribeClientQuotas,
            #[cfg(feature = "admin")]
            RequestView::AlterClientQuotas(_) => ApiKey::AlterClientQuotas,
            #[cfg(feature = "admin")]
            RequestView::DescribeUserScramCredentials(_) => ApiKey::DescribeUserScramCredentials,
            #[cfg(feature = "admin")]
            RequestView::AlterUserScramCredentials(_) => ApiKey::AlterUserScramCredentials,
            #[cfg(feature = "controller")]
            RequestView::Vote(_) => ApiKey::Vote,
            #[cfg(feature = "controller")]
            RequestView::BeginQuorumEpoch(_) => ApiKey::BeginQuorumEpoch,
            #[cfg(feature = "controller")]
            RequestView::EndQuorumEpoch(_) => ApiKey::EndQuorumEpoch,
            #[cfg(feature = "admin")]
            RequestView::DescribeQuorum(_) => ApiKey::DescribeQuorum,
            #[cfg(feature = "controller")]
            RequestView::AlterPartition(_) => ApiKey::AlterPartition,
            #[cfg(feature = "admin")]
            RequestView::UpdateFeatures(_) => ApiKey::UpdateFeatures,
            #[cfg(feature = "controller")]
            RequestView::Envelope(_) => ApiKey::Envelope,
            #[cfg(feature = "controller")]
            RequestView::FetchSnapshot(_) => ApiKey::FetchSnapshot,
            #[cfg(feature = "admin")]
            RequestView::DescribeCluster(_) => ApiKey::DescribeCluster,
            #[cfg(feature = "producer")]
            RequestView::DescribeProducers(_) => ApiKey::DescribeProducers,
            #[cfg(feature = "controller")]
            RequestView::BrokerRegistration(_) => ApiKey::BrokerRegistration,
            #[cfg(feature = "controller")]
            RequestView::BrokerHeartbeat(_) => ApiKey::BrokerHeartbeat,
            #[cfg(feature = "admin")]
            RequestView::UnregisterBroker(_) => ApiKey::UnregisterBroker,
            #[cfg(feature = "producer")]
            RequestView::DescribeTransactions(_) => ApiKey::DescribeTransactions,
            #[cfg(feature = "producer")]
            RequestView::ListTransactions(_) => ApiKey::ListTransactions,
            #[cfg(feature = "controller")]
            RequestView::AllocateProducerIds(_) => ApiKey::AllocateProducerIds,
            #[cfg(feature = "consumer")]
            RequestView::ConsumerGroupHeartbeat(_) => ApiKey::ConsumerGroupHeartbeat,
            #[cfg(feature = "consumer")]
            RequestView::ConsumerGroupDescribe(_) => ApiKey::ConsumerGroupDescribe,
            #[cfg(feature = "controller")]
            RequestView::ControllerRegistration(_) => ApiKey::ControllerRegistration,
            #[cfg(feature = "consumer")]
            RequestView::GetTelemetrySubscriptions(_) => ApiKey::GetTelemetrySubscriptions,
            #[cfg(feature = "consumer")]
            RequestView::PushTelemetry(_) => ApiKey::PushTelemetry,
            #[cfg(feature = "controller")]
            RequestView::AssignReplicasToDirs(_) => ApiKey::AssignReplicasToDirs,
            #[cfg(feature = "admin")]
            RequestView::ListConfigResources(_) => ApiKey::ListConfigResources,
            #[cfg(feature = "admin")]
            RequestView::DescribeTopicPartitions(_) => ApiKey::DescribeTopicPartitions,
            #[cfg(feature = "share")]
            RequestView::ShareGroupHeartbeat(_) => ApiKey::ShareGroupHeartbeat,
            #[cfg(feature = "share")]
            RequestView::ShareGroupDescribe(_) => ApiKey::ShareGroupDescribe,
            #[cfg(feature = "share")]
            RequestView::ShareFetch(_) => ApiKey::ShareFetch,
            #[cfg(feature = "share")]
            RequestView::ShareAcknowledge(_) => ApiKey::ShareAcknowledge,
            #[cfg(feature = "controller")]
            RequestView::AddRaftVoter(_) => ApiKey::AddRaftVoter,
            #[cfg(feature = "controller")]
            RequestView::RemoveRaftVoter(_) => ApiKey::RemoveRaftVoter,
            #[cfg(feature = "controller")]
            RequestView::UpdateRaftVoter(_) => ApiKey::UpdateRaftVoter,
            #[cfg(feature = "share")]
            RequestView::InitializeShareGroupState(_) => ApiKey::InitializeShareGroupState,
            #[cfg(feature = "share")]
            RequestView::ReadShareGroupState(_) => ApiKey::ReadShareGroupState,
            #[cfg(feature = "share")]
            RequestView::WriteShareGroupState(_) => ApiKey::WriteShareGroupState,
            #[cfg(feature = "share")]
            RequestView::DeleteShareGroupState(_) => ApiKey::DeleteShareGroupState,
            #[cfg(feature = "share")]
            RequestView::ReadShareGroupStateSummary(_) => ApiKey::ReadShareGroupStateSummary,
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupHeartbeat(_) => ApiKey::StreamsGroupHeartbeat,
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupDescribe(_) => ApiKey::StreamsGroupDescribe,
            #[cfg(feature = "share")]
            RequestView::DescribeShareGroupOffsets(_) => ApiKey::DescribeShareGroupOffsets,
            #[cfg(feature = "share")]
            RequestView::AlterShareGroupOffsets(_) => ApiKey::AlterShareGroupOffsets,
            #[cfg(feature = "share")]
            RequestView::DeleteShareGroupOffsets(_) => ApiKey::DeleteShareGroupOffsets,
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupTopologyDescriptionUpdate(_) => {
                ApiKey::StreamsGroupTopologyDescriptionUpdate
            }
            #[cfg(feature = "controller")]
            RequestView::UnregisterController(_) => ApiKey::UnregisterController,
        }
    }

    /// The owned body this view stands for, as [`RequestKind::decode`] reads it. Copies.
    #[inline]
    pub fn to_kind(&self) -> RequestKind {
        match *self {
            #[cfg(feature = "producer")]
            RequestView::Produce(v) => RequestKind::Produce(ProduceRequest::from_view(v)),
            #[cfg(feature = "consumer")]
            RequestView::Fetch(v) => RequestKind::Fetch(FetchRequest::from_view(v)),
            #[cfg(feature = "consumer")]
            RequestView::ListOffsets(v) => {
                RequestKind::ListOffsets(ListOffsetsRequest::from_view(v))
            }
            RequestView::Metadata(v) => RequestKind::Metadata(MetadataRequest::from_view(v)),
            #[cfg(feature = "consumer")]
            RequestView::OffsetCommit(v) => {
                RequestKind::OffsetCommit(OffsetCommitRequest::from_view(v))
            }
            #[cfg(feature = "consumer")]
            RequestView::OffsetFetch(v) => {
                RequestKind::OffsetFetch(OffsetFetchRequest::from_view(v))
            }
            #[cfg(feature = "group")]
            RequestView::FindCoordinator(v) => {
                RequestKind::FindCoordinator(FindCoordinatorRequest::from_view(v))
            }
            #[cfg(feature = "group")]
            RequestView::JoinGroup(v) => RequestKind::JoinGroup(JoinGroupRequest::from_view(v)),
            #[cfg(feature = "group")]
            RequestView::Heartbeat(v) => RequestKind::Heartbeat(HeartbeatRequest::from_view(v)),
            #[cfg(feature = "group")]
            RequestView::LeaveGroup(v) => RequestKind::LeaveGroup(LeaveGroupRequest::from_view(v)),
            #[cfg(feature = "group")]
            RequestView::SyncGroup(v) => RequestKind::SyncGroup(SyncGroupRequest::from_view(v)),
            #[cfg(feature = "group")]
            RequestView::DescribeGroups(v) => {
                RequestKind::DescribeGroups(DescribeGroupsRequest::from_view(v))
            }
            #[cfg(feature = "group")]
            RequestView::ListGroups(v) => RequestKind::ListGroups(ListGroupsRequest::from_view(v)),
            RequestView::SaslHandshake(v) => {
                RequestKind::SaslHandshake(SaslHandshakeRequest::from_view(v))
            }
            RequestView::ApiVersions(v) => {
                RequestKind::ApiVersions(ApiVersionsRequest::from_view(v))
            }
            RequestView::CreateTopics(v) => {
                RequestKind::CreateTopics(CreateTopicsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DeleteTopics(v) => {
                RequestKind::DeleteTopics(DeleteTopicsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DeleteRecords(v) => {
                RequestKind::DeleteRecords(DeleteRecordsRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::InitProducerId(v) => {
                RequestKind::InitProducerId(InitProducerIdRequest::from_view(v))
            }
            #[cfg(feature = "consumer")]
            RequestView::OffsetForLeaderEpoch(v) => {
                RequestKind::OffsetForLeaderEpoch(OffsetForLeaderEpochRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::AddPartitionsToTxn(v) => {
                RequestKind::AddPartitionsToTxn(AddPartitionsToTxnRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::AddOffsetsToTxn(v) => {
                RequestKind::AddOffsetsToTxn(AddOffsetsToTxnRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::EndTxn(v) => RequestKind::EndTxn(EndTxnRequest::from_view(v)),
            #[cfg(feature = "controller")]
            RequestView::WriteTxnMarkers(v) => {
                RequestKind::WriteTxnMarkers(WriteTxnMarkersRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::TxnOffsetCommit(v) => {
                RequestKind::TxnOffsetCommit(TxnOffsetCommitRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeAcls(v) => {
                RequestKind::DescribeAcls(DescribeAclsRequest::from_view(v))
            }
            RequestView::CreateAcls(v) => RequestKind::CreateAcls(CreateAclsRequest::from_view(v)),
            #[cfg(feature = "admin")]
            RequestView::DeleteAcls(v) => RequestKind::DeleteAcls(DeleteAclsRequest::from_view(v)),
            #[cfg(feature = "admin")]
            RequestView::DescribeConfigs(v) => {
                RequestKind::DescribeConfigs(DescribeConfigsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::AlterConfigs(v) => {
                RequestKind::AlterConfigs(AlterConfigsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::AlterReplicaLogDirs(v) => {
                RequestKind::AlterReplicaLogDirs(AlterReplicaLogDirsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeLogDirs(v) => {
                RequestKind::DescribeLogDirs(DescribeLogDirsRequest::from_view(v))
            }
            RequestView::SaslAuthenticate(v) => {
                RequestKind::SaslAuthenticate(SaslAuthenticateRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::CreatePartitions(v) => {
                RequestKind::CreatePartitions(CreatePartitionsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::CreateDelegationToken(v) => {
                RequestKind::CreateDelegationToken(CreateDelegationTokenRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::RenewDelegationToken(v) => {
                RequestKind::RenewDelegationToken(RenewDelegationTokenRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::ExpireDelegationToken(v) => {
                RequestKind::ExpireDelegationToken(ExpireDelegationTokenRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeDelegationToken(v) => {
                RequestKind::DescribeDelegationToken(DescribeDelegationTokenRequest::from_view(v))
            }
            #[cfg(feature = "group")]
            RequestView::DeleteGroups(v) => {
                RequestKind::DeleteGroups(DeleteGroupsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::ElectLeaders(v) => {
                RequestKind::ElectLeaders(ElectLeadersRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::IncrementalAlterConfigs(v) => {
                RequestKind::IncrementalAlterConfigs(IncrementalAlterConfigsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::AlterPartitionReassignments(v) => {
                RequestKind::AlterPartitionReassignments(
                    AlterPartitionReassignmentsRequest::from_view(v),
                )
            }
            #[cfg(feature = "admin")]
            RequestView::ListPartitionReassignments(v) => RequestKind::ListPartitionReassignments(
                ListPartitionReassignmentsRequest::from_view(v),
            ),
            #[cfg(feature = "group")]
            RequestView::OffsetDelete(v) => {
                RequestKind::OffsetDelete(OffsetDeleteRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeClientQuotas(v) => {
                RequestKind::DescribeClientQuotas(DescribeClientQuotasRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::AlterClientQuotas(v) => {
                RequestKind::AlterClientQuotas(AlterClientQuotasRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeUserScramCredentials(v) => {
                RequestKind::DescribeUserScramCredentials(
                    DescribeUserScramCredentialsRequest::from_view(v),
                )
            }
            #[cfg(feature = "admin")]
            RequestView::AlterUserScramCredentials(v) => RequestKind::AlterUserScramCredentials(
                AlterUserScramCredentialsRequest::from_view(v),
            ),
            #[cfg(feature = "controller")]
            RequestView::Vote(v) => RequestKind::Vote(VoteRequest::from_view(v)),
            #[cfg(feature = "controller")]
            RequestView::BeginQuorumEpoch(v) => {
                RequestKind::BeginQuorumEpoch(BeginQuorumEpochRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::EndQuorumEpoch(v) => {
                RequestKind::EndQuorumEpoch(EndQuorumEpochRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeQuorum(v) => {
                RequestKind::DescribeQuorum(DescribeQuorumRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::AlterPartition(v) => {
                RequestKind::AlterPartition(AlterPartitionRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::UpdateFeatures(v) => {
                RequestKind::UpdateFeatures(UpdateFeaturesRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::Envelope(v) => RequestKind::Envelope(EnvelopeRequest::from_view(v)),
            #[cfg(feature = "controller")]
            RequestView::FetchSnapshot(v) => {
                RequestKind::FetchSnapshot(FetchSnapshotRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeCluster(v) => {
                RequestKind::DescribeCluster(DescribeClusterRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::DescribeProducers(v) => {
                RequestKind::DescribeProducers(DescribeProducersRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::BrokerRegistration(v) => {
                RequestKind::BrokerRegistration(BrokerRegistrationRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::BrokerHeartbeat(v) => {
                RequestKind::BrokerHeartbeat(BrokerHeartbeatRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::UnregisterBroker(v) => {
                RequestKind::UnregisterBroker(UnregisterBrokerRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::DescribeTransactions(v) => {
                RequestKind::DescribeTransactions(DescribeTransactionsRequest::from_view(v))
            }
            #[cfg(feature = "producer")]
            RequestView::ListTransactions(v) => {
                RequestKind::ListTransactions(ListTransactionsRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::AllocateProducerIds(v) => {
                RequestKind::AllocateProducerIds(AllocateProducerIdsRequest::from_view(v))
            }
            #[cfg(feature = "consumer")]
            RequestView::ConsumerGroupHeartbeat(v) => {
                RequestKind::ConsumerGroupHeartbeat(ConsumerGroupHeartbeatRequest::from_view(v))
            }
            #[cfg(feature = "consumer")]
            RequestView::ConsumerGroupDescribe(v) => {
                RequestKind::ConsumerGroupDescribe(ConsumerGroupDescribeRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::ControllerRegistration(v) => {
                RequestKind::ControllerRegistration(ControllerRegistrationRequest::from_view(v))
            }
            #[cfg(feature = "consumer")]
            RequestView::GetTelemetrySubscriptions(v) => RequestKind::GetTelemetrySubscriptions(
                GetTelemetrySubscriptionsRequest::from_view(v),
            ),
            #[cfg(feature = "consumer")]
            RequestView::PushTelemetry(v) => {
                RequestKind::PushTelemetry(PushTelemetryRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::AssignReplicasToDirs(v) => {
                RequestKind::AssignReplicasToDirs(AssignReplicasToDirsRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::ListConfigResources(v) => {
                RequestKind::ListConfigResources(ListConfigResourcesRequest::from_view(v))
            }
            #[cfg(feature = "admin")]
            RequestView::DescribeTopicPartitions(v) => {
                RequestKind::DescribeTopicPartitions(DescribeTopicPartitionsRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::ShareGroupHeartbeat(v) => {
                RequestKind::ShareGroupHeartbeat(ShareGroupHeartbeatRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::ShareGroupDescribe(v) => {
                RequestKind::ShareGroupDescribe(ShareGroupDescribeRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::ShareFetch(v) => RequestKind::ShareFetch(ShareFetchRequest::from_view(v)),
            #[cfg(feature = "share")]
            RequestView::ShareAcknowledge(v) => {
                RequestKind::ShareAcknowledge(ShareAcknowledgeRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::AddRaftVoter(v) => {
                RequestKind::AddRaftVoter(AddRaftVoterRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::RemoveRaftVoter(v) => {
                RequestKind::RemoveRaftVoter(RemoveRaftVoterRequest::from_view(v))
            }
            #[cfg(feature = "controller")]
            RequestView::UpdateRaftVoter(v) => {
                RequestKind::UpdateRaftVoter(UpdateRaftVoterRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::InitializeShareGroupState(v) => RequestKind::InitializeShareGroupState(
                InitializeShareGroupStateRequest::from_view(v),
            ),
            #[cfg(feature = "share")]
            RequestView::ReadShareGroupState(v) => {
                RequestKind::ReadShareGroupState(ReadShareGroupStateRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::WriteShareGroupState(v) => {
                RequestKind::WriteShareGroupState(WriteShareGroupStateRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::DeleteShareGroupState(v) => {
                RequestKind::DeleteShareGroupState(DeleteShareGroupStateRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::ReadShareGroupStateSummary(v) => RequestKind::ReadShareGroupStateSummary(
                ReadShareGroupStateSummaryRequest::from_view(v),
            ),
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupHeartbeat(v) => {
                RequestKind::StreamsGroupHeartbeat(StreamsGroupHeartbeatRequest::from_view(v))
            }
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupDescribe(v) => {
                RequestKind::StreamsGroupDescribe(StreamsGroupDescribeRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::DescribeShareGroupOffsets(v) => RequestKind::DescribeShareGroupOffsets(
                DescribeShareGroupOffsetsRequest::from_view(v),
            ),
            #[cfg(feature = "share")]
            RequestView::AlterShareGroupOffsets(v) => {
                RequestKind::AlterShareGroupOffsets(AlterShareGroupOffsetsRequest::from_view(v))
            }
            #[cfg(feature = "share")]
            RequestView::DeleteShareGroupOffsets(v) => {
                RequestKind::DeleteShareGroupOffsets(DeleteShareGroupOffsetsRequest::from_view(v))
            }
            #[cfg(feature = "streams")]
            RequestView::StreamsGroupTopologyDescriptionUpdate(v) => {
                RequestKind::StreamsGroupTopologyDescriptionUpdate(
                    StreamsGroupTopologyDescriptionUpdateRequest::from_view(v),
                )
            }
            #[cfg(feature = "controller")]
            RequestView::UnregisterController(v) => {
                RequestKind::UnregisterController(UnregisterControllerRequest::from_view(v))
            }
        }
    }
}

/// A response body of any API compiled in, chosen by its API key.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ResponseKind {
    #[cfg(feature = "producer")]
    /// ProduceResponse.
    Produce(ProduceResponse),
    #[cfg(feature = "consumer")]
    /// FetchResponse.
    Fetch(FetchResponse),
    #[cfg(feature = "consumer")]
    /// ListOffsetsResponse.
    ListOffsets(ListOffsetsResponse),
    /// MetadataResponse.
    Metadata(MetadataResponse),
    #[cfg(feature = "consumer")]
    /// OffsetCommitResponse.
    OffsetCommit(OffsetCommitResponse),
    #[cfg(feature = "consumer")]
    /// OffsetFetchResponse.
    OffsetFetch(OffsetFetchResponse),
    #[cfg(feature = "group")]
    /// FindCoordinatorResponse.
    FindCoordinator(FindCoordinatorResponse),
    #[cfg(feature = "group")]
    /// JoinGroupResponse.
    JoinGroup(JoinGroupResponse),
    #[cfg(feature = "group")]
    /// HeartbeatResponse.
    Heartbeat(HeartbeatResponse),
    #[cfg(feature = "group")]
    /// LeaveGroupResponse.
    LeaveGroup(LeaveGroupResponse),
    #[cfg(feature = "group")]
    /// SyncGroupResponse.
    SyncGroup(SyncGroupResponse),
    #[cfg(feature = "group")]
    /// DescribeGroupsResponse.
    DescribeGroups(DescribeGroupsResponse),
    #[cfg(feature = "group")]
    /// ListGroupsResponse.
    ListGroups(ListGroupsResponse),
    /// SaslHandshakeResponse.
    SaslHandshake(SaslHandshakeResponse),
    /// ApiVersionsResponse.
    ApiVersions(ApiVersionsResponse),
    /// CreateTopicsResponse.
    CreateTopics(CreateTopicsResponse),
    #[cfg(feature = "admin")]
    /// DeleteTopicsResponse.
    DeleteTopics(DeleteTopicsResponse),
    #[cfg(feature = "admin")]
    /// DeleteRecordsResponse.
    DeleteRecords(DeleteRecordsResponse),
    #[cfg(feature = "producer")]
    /// InitProducerIdResponse.
    InitProducerId(InitProducerIdResponse),
    #[cfg(feature = "consumer")]
    /// OffsetForLeaderEpochResponse.
    OffsetForLeaderEpoch(OffsetForLeaderEpochResponse),
    #[cfg(feature = "producer")]
    /// AddPartitionsToTxnResponse.
    AddPartitionsToTxn(AddPartitionsToTxnResponse),
    #[cfg(feature = "producer")]
    /// AddOffsetsToTxnResponse.
    AddOffsetsToTxn(AddOffsetsToTxnResponse),
    #[cfg(feature = "producer")]
    /// EndTxnResponse.
    EndTxn(EndTxnResponse),
    #[cfg(feature = "controller")]
    /// WriteTxnMarkersResponse.
    WriteTxnMarkers(WriteTxnMarkersResponse),
    #[cfg(feature = "producer")]
    /// TxnOffsetCommitResponse.
    TxnOffsetCommit(TxnOffsetCommitResponse),
    #[cfg(feature = "admin")]
    /// DescribeAclsResponse.
    DescribeAcls(DescribeAclsResponse),
    /// CreateAclsResponse.
    CreateAcls(CreateAclsResponse),
    #[cfg(feature = "admin")]
    /// DeleteAclsResponse.
    DeleteAcls(DeleteAclsResponse),
    #[cfg(feature = "admin")]
    /// DescribeConfigsResponse.
    DescribeConfigs(DescribeConfigsResponse),
    #[cfg(feature = "admin")]
    /// AlterConfigsResponse.
    AlterConfigs(AlterConfigsResponse),
    #[cfg(feature = "admin")]
    /// AlterReplicaLogDirsResponse.
    AlterReplicaLogDirs(AlterReplicaLogDirsResponse),
    #[cfg(feature = "admin")]
    /// DescribeLogDirsResponse.
    DescribeLogDirs(DescribeLogDirsResponse),
    /// SaslAuthenticateResponse.
    SaslAuthenticate(SaslAuthenticateResponse),
    #[cfg(feature = "admin")]
    /// CreatePartitionsResponse.
    CreatePartitions(CreatePartitionsResponse),
    #[cfg(feature = "admin")]
    /// CreateDelegationTokenResponse.
    CreateDelegationToken(CreateDelegationTokenResponse),
    #[cfg(feature = "admin")]
    /// RenewDelegationTokenResponse.
    RenewDelegationToken(RenewDelegationTokenResponse),
    #[cfg(feature = "admin")]
    /// ExpireDelegationTokenResponse.
    ExpireDelegationToken(ExpireDelegationTokenResponse),
    #[cfg(feature = "admin")]
    /// DescribeDelegationTokenResponse.
    DescribeDelegationToken(DescribeDelegationTokenResponse),
    #[cfg(feature = "group")]
    /// DeleteGroupsResponse.
    DeleteGroups(DeleteGroupsResponse),
    #[cfg(feature = "admin")]
    /// ElectLeadersResponse.
    ElectLeaders(ElectLeadersResponse),
    #[cfg(feature = "admin")]
    /// IncrementalAlterConfigsResponse.
    IncrementalAlterConfigs(IncrementalAlterConfigsResponse),
    #[cfg(feature = "admin")]
    /// AlterPartitionReassignmentsResponse.
    AlterPartitionReassignments(AlterPartitionReassignmentsResponse),
    #[cfg(feature = "admin")]
    /// ListPartitionReassignmentsResponse.
    ListPartitionReassignments(ListPartitionReassignmentsResponse),
    #[cfg(feature = "group")]
    /// OffsetDeleteResponse.
    OffsetDelete(OffsetDeleteResponse),
    #[cfg(feature = "admin")]
    /// DescribeClientQuotasResponse.
    DescribeClientQuotas(DescribeClientQuotasResponse),
    #[cfg(feature = "admin")]
    /// AlterClientQuotasResponse.
    AlterClientQuotas(AlterClientQuotasResponse),
    #[cfg(feature = "admin")]
    /// DescribeUserScramCredentialsResponse.
    DescribeUserScramCredentials(DescribeUserScramCredentialsResponse),
    #[cfg(feature = "admin")]
    /// AlterUserScramCredentialsResponse.
    AlterUserScramCredentials(AlterUserScramCredentialsResponse),
    #[cfg(feature = "controller")]
    /// VoteResponse.
    Vote(VoteResponse),
    #[cfg(feature = "controller")]
    /// BeginQuorumEpochResponse.
    BeginQuorumEpoch(BeginQuorumEpochResponse),
    #[cfg(feature = "controller")]
    /// EndQuorumEpochResponse.
    EndQuorumEpoch(EndQuorumEpochResponse),
    #[cfg(feature = "admin")]
    /// DescribeQuorumResponse.
    DescribeQuorum(DescribeQuorumResponse),
    #[cfg(feature = "controller")]
    /// AlterPartitionResponse.
    AlterPartition(AlterPartitionResponse),
    #[cfg(feature = "admin")]
    /// UpdateFeaturesResponse.
    UpdateFeatures(UpdateFeaturesResponse),
    #[cfg(feature = "controller")]
    /// EnvelopeResponse.
    Envelope(EnvelopeResponse),
    #[cfg(feature = "controller")]
    /// FetchSnapshotResponse.
    FetchSnapshot(FetchSnapshotResponse),
    #[cfg(feature = "admin")]
    /// DescribeClusterResponse.
    DescribeCluster(DescribeClusterResponse),
    #[cfg(feature = "producer")]
    /// DescribeProducersResponse.
    DescribeProducers(DescribeProducersResponse),
    #[cfg(feature = "controller")]
    /// BrokerRegistrationResponse.
    BrokerRegistration(BrokerRegistrationResponse),
    #[cfg(feature = "controller")]
    /// BrokerHeartbeatResponse.
    BrokerHeartbeat(BrokerHeartbeatResponse),
    #[cfg(feature = "admin")]
    /// UnregisterBrokerResponse.
    UnregisterBroker(UnregisterBrokerResponse),
    #[cfg(feature = "producer")]
    /// DescribeTransactionsResponse.
    DescribeTransactions(DescribeTransactionsResponse),
    #[cfg(feature = "producer")]
    /// ListTransactionsResponse.
    ListTransactions(ListTransactionsResponse),
    #[cfg(feature = "controller")]
    /// AllocateProducerIdsResponse.
    AllocateProducerIds(AllocateProducerIdsResponse),
    #[cfg(feature = "consumer")]
    /// ConsumerGroupHeartbeatResponse.
    ConsumerGroupHeartbeat(ConsumerGroupHeartbeatResponse),
    #[cfg(feature = "consumer")]
    /// ConsumerGroupDescribeResponse.
    ConsumerGroupDescribe(ConsumerGroupDescribeResponse),
    #[cfg(feature = "controller")]
    /// ControllerRegistrationResponse.
    ControllerRegistration(ControllerRegistrationResponse),
    #[cfg(feature = "consumer")]
    /// GetTelemetrySubscriptionsResponse.
    GetTelemetrySubscriptions(GetTelemetrySubscriptionsResponse),
    #[cfg(feature = "consumer")]
    /// PushTelemetryResponse.
    PushTelemetry(PushTelemetryResponse),
    #[cfg(feature = "controller")]
    /// AssignReplicasToDirsResponse.
    AssignReplicasToDirs(AssignReplicasToDirsResponse),
    #[cfg(feature = "admin")]
    /// ListConfigResourcesResponse.
    ListConfigResources(ListConfigResourcesResponse),
    #[cfg(feature = "admin")]
    /// DescribeTopicPartitionsResponse.
    DescribeTopicPartitions(DescribeTopicPartitionsResponse),
    #[cfg(feature = "share")]
    /// ShareGroupHeartbeatResponse.
    ShareGroupHeartbeat(ShareGroupHeartbeatResponse),
    #[cfg(feature = "share")]
    /// ShareGroupDescribeResponse.
    ShareGroupDescribe(ShareGroupDescribeResponse),
    #[cfg(feature = "share")]
    /// ShareFetchResponse.
    ShareFetch(ShareFetchResponse),
    #[cfg(feature = "share")]
    /// ShareAcknowledgeResponse.
    ShareAcknowledge(ShareAcknowledgeResponse),
    #[cfg(feature = "controller")]
    /// AddRaftVoterResponse.
    AddRaftVoter(AddRaftVoterResponse),
    #[cfg(feature = "controller")]
    /// RemoveRaftVoterResponse.
    RemoveRaftVoter(RemoveRaftVoterResponse),
    #[cfg(feature = "controller")]
    /// UpdateRaftVoterResponse.
    UpdateRaftVoter(UpdateRaftVoterResponse),
    #[cfg(feature = "share")]
    /// InitializeShareGroupStateResponse.
    InitializeShareGroupState(InitializeShareGroupStateResponse),
    #[cfg(feature = "share")]
    /// ReadShareGroupStateResponse.
    ReadShareGroupState(ReadShareGroupStateResponse),
    #[cfg(feature = "share")]
    /// WriteShareGroupStateResponse.
    WriteShareGroupState(WriteShareGroupStateResponse),
    #[cfg(feature = "share")]
    /// DeleteShareGroupStateResponse.
    DeleteShareGroupState(DeleteShareGroupStateResponse),
    #[cfg(feature = "share")]
    /// ReadShareGroupStateSummaryResponse.
    ReadShareGroupStateSummary(ReadShareGroupStateSummaryResponse),
    #[cfg(feature = "streams")]
    /// StreamsGroupHeartbeatResponse.
    StreamsGroupHeartbeat(StreamsGroupHeartbeatResponse),
    #[cfg(feature = "streams")]
    /// StreamsGroupDescribeResponse.
    StreamsGroupDescribe(StreamsGroupDescribeResponse),
    #[cfg(feature = "share")]
    /// DescribeShareGroupOffsetsResponse.
    DescribeShareGroupOffsets(DescribeShareGroupOffsetsResponse),
    #[cfg(feature = "share")]
    /// AlterShareGroupOffsetsResponse.
    AlterShareGroupOffsets(AlterShareGroupOffsetsResponse),
    #[cfg(feature = "share")]
    /// DeleteShareGroupOffsetsResponse.
    DeleteShareGroupOffsets(DeleteShareGroupOffsetsResponse),
    #[cfg(feature = "streams")]
    /// StreamsGroupTopologyDescriptionUpdateResponse.
    StreamsGroupTopologyDescriptionUpdate(StreamsGroupTopologyDescriptionUpdateResponse),
    #[cfg(feature = "controller")]
    /// UnregisterControllerResponse.
    UnregisterController(UnregisterControllerResponse),
}

impl ResponseKind {
    /// Reads a response body of API `key` at `version`, leaving anything after it in `buf`.
    ///
    /// A key this build does not have is [`DecodeErrorKind::UnknownApiKey`](kafka_wire::DecodeErrorKind::UnknownApiKey);
    /// a version the API does not have is an unsupported-version error.
    pub fn decode<B: Buf>(
        key: i16,
        version: i16,
        buf: &mut B,
    ) -> Result<ResponseKind, DecodeError> {
        match key {
            #[cfg(feature = "producer")]
            0 => ProduceResponse::decode(buf, version).map(ResponseKind::Produce),
            #[cfg(feature = "consumer")]
            1 => FetchResponse::decode(buf, version).map(ResponseKind::Fetch),
            #[cfg(feature = "consumer")]
            2 => ListOffsetsResponse::decode(buf, version).map(ResponseKind::ListOffsets),
            3 => MetadataResponse::decode(buf, version).map(ResponseKind::Metadata),
            #[cfg(feature = "consumer")]
            8 => OffsetCommitResponse::decode(buf, version).map(ResponseKind::OffsetCommit),
            #[cfg(feature = "consumer")]
            9 => OffsetFetchResponse::decode(buf, version).map(ResponseKind::OffsetFetch),
            #[cfg(feature = "group")]
            10 => FindCoordinatorResponse::decode(buf, version).map(ResponseKind::FindCoordinator),
            #[cfg(feature = "group")]
            11 => JoinGroupResponse::decode(buf, version).map(ResponseKind::JoinGroup),
            #[cfg(feature = "group")]
            12 => HeartbeatResponse::decode(buf, version).map(ResponseKind::Heartbeat),
            #[cfg(feature = "group")]
            13 => LeaveGroupResponse::decode(buf, version).map(ResponseKind::LeaveGroup),
            #[cfg(feature = "group")]
            14 => SyncGroupResponse::decode(buf, version).map(ResponseKind::SyncGroup),
            #[cfg(feature = "group")]
            15 => DescribeGroupsResponse::decode(buf, version).map(ResponseKind::DescribeGroups),
            #[cfg(feature = "group")]
            16 => ListGroupsResponse::decode(buf, version).map(ResponseKind::ListGroups),
            17 => SaslHandshakeResponse::decode(buf, version).map(ResponseKind::SaslHandshake),
            18 => ApiVersionsResponse::decode(buf, version).map(ResponseKind::ApiVersions),
            19 => CreateTopicsResponse::decode(buf, version).map(ResponseKind::CreateTopics),
            #[cfg(feature = "admin")]
            20 => DeleteTopicsResponse::decode(buf, version).map(ResponseKind::DeleteTopics),
            #[cfg(feature = "admin")]
            21 => DeleteRecordsResponse::decode(buf, version).map(ResponseKind::DeleteRecords),
            #[cfg(feature = "producer")]
            22 => InitProducerIdResponse::decode(buf, version).map(ResponseKind::InitProducerId),
            #[cfg(feature = "consumer")]
            23 => OffsetForLeaderEpochResponse::decode(buf, version)
                .map(ResponseKind::OffsetForLeaderEpoch),
            #[cfg(feature = "producer")]
            24 => AddPartitionsToTxnResponse::decode(buf, version)
                .map(ResponseKind::AddPartitionsToTxn),
            #[cfg(feature = "producer")]
            25 => AddOffsetsToTxnResponse::decode(buf, version).map(ResponseKind::AddOffsetsToTxn),
            #[cfg(feature = "producer")]
            26 => EndTxnResponse::decode(buf, version).map(ResponseKind::EndTxn),
            #[cfg(feature = "controller")]
            27 => WriteTxnMarkersResponse::decode(buf, version).map(ResponseKind::WriteTxnMarkers),
            #[cfg(feature = "producer")]
            28 => TxnOffsetCommitResponse::decode(buf, version).map(ResponseKind::TxnOffsetCommit),
            #[cfg(feature = "admin")]
            29 => DescribeAclsResponse::decode(buf, version).map(ResponseKind::DescribeAcls),
            30 => CreateAclsResponse::decode(buf, version).map(ResponseKind::CreateAcls),
            #[cfg(feature = "admin")]
            31 => DeleteAclsResponse::decode(buf, version).map(ResponseKind::DeleteAcls),
            #[cfg(feature = "admin")]
            32 => DescribeConfigsResponse::decode(buf, version).map(ResponseKind::DescribeConfigs),
            #[cfg(feature = "admin")]
            33 => AlterConfigsResponse::decode(buf, version).map(ResponseKind::AlterConfigs),
            #[cfg(feature = "admin")]
            34 => AlterReplicaLogDirsResponse::decode(buf, version)
                .map(ResponseKind::AlterReplicaLogDirs),
            #[cfg(feature = "admin")]
            35 => DescribeLogDirsResponse::decode(buf, version).map(ResponseKind::DescribeLogDirs),
            36 => {
                SaslAuthenticateResponse::decode(buf, version).map(ResponseKind::SaslAuthenticate)
            }
            #[cfg(feature = "admin")]
            37 => {
                CreatePartitionsResponse::decode(buf, version).map(ResponseKind::CreatePartitions)
            }
            #[cfg(feature = "admin")]
            38 => CreateDelegationTokenResponse::decode(buf, version)
                .map(ResponseKind::CreateDelegationToken),
            #[cfg(feature = "admin")]
            39 => RenewDelegationTokenResponse::decode(buf, version)
                .map(ResponseKind::RenewDelegationToken),
            #[cfg(feature = "admin")]
            40 => ExpireDelegationTokenResponse::decode(buf, version)
                .map(ResponseKind::ExpireDelegationToken),
            #[cfg(feature = "admin")]
            41 => DescribeDelegationTokenResponse::decode(buf, version)
                .map(ResponseKind::DescribeDelegationToken),
            #[cfg(feature = "group")]
            42 => DeleteGroupsResponse::decode(buf, version).map(ResponseKind::DeleteGroups),
            #[cfg(feature = "admin")]
            43 => ElectLeadersResponse::decode(buf, version).map(ResponseKind::ElectLeaders),
            #[cfg(feature = "admin")]
            44 => IncrementalAlterConfigsResponse::decode(buf, version)
                .map(ResponseKind::IncrementalAlterConfigs),
            #[cfg(feature = "admin")]
            45 => AlterPartitionReassignmentsResponse::decode(buf, version)
                .map(ResponseKind::AlterPartitionReassignments),
            #[cfg(feature = "admin")]
            46 => ListPartitionReassignmentsResponse::decode(buf, version)
                .map(ResponseKind::ListPartitionReassignments),
            #[cfg(feature = "group")]
            47 => OffsetDeleteResponse::decode(buf, version).map(ResponseKind::OffsetDelete),
            #[cfg(feature = "admin")]
            48 => DescribeClientQuotasResponse::decode(buf, version)
                .map(ResponseKind::DescribeClientQuotas),
            #[cfg(feature = "admin")]
            49 => {
                AlterClientQuotasResponse::decode(buf, version).map(ResponseKind::AlterClientQuotas)
            }
            #[cfg(feature = "admin")]
            50 => DescribeUserScramCredentialsResponse::decode(buf, version)
                .map(ResponseKind::DescribeUserScramCredentials),
            #[cfg(feature = "admin")]
            51 => AlterUserScramCredentialsResponse::decode(buf, version)
                .map(ResponseKind::AlterUserScramCredentials),
            #[cfg(feature = "controller")]
            52 => VoteResponse::decode(buf, version).map(ResponseKind::Vote),
            #[cfg(feature = "controller")]
            53 => {
                BeginQuorumEpochResponse::decode(buf, version).map(ResponseKind::BeginQuorumEpoch)
            }
            #[cfg(feature = "controller")]
            54 => EndQuorumEpochResponse::decode(buf, version).map(ResponseKind::EndQuorumEpoch),
            #[cfg(feature = "admin")]
            55 => DescribeQuorumResponse::decode(buf, version).map(ResponseKind::DescribeQuorum),
            #[cfg(feature = "controller")]
            56 => AlterPartitionResponse::decode(buf, version).map(ResponseKind::AlterPartition),
            #[cfg(feature = "admin")]
            57 => UpdateFeaturesResponse::decode(buf, version).map(ResponseKind::UpdateFeatures),
            #[cfg(feature = "controller")]
            58 => EnvelopeResponse::decode(buf, version).map(ResponseKind::Envelope),
            #[cfg(feature = "controller")]
            59 => FetchSnapshotResponse::decode(buf, version).map(ResponseKind::FetchSnapshot),
            #[cfg(feature = "admin")]
            60 => DescribeClusterResponse::decode(buf, version).map(ResponseKind::DescribeCluster),
            #[cfg(feature = "producer")]
            61 => {
                DescribeProducersResponse::decode(buf, version).map(ResponseKind::DescribeProducers)
            }
            #[cfg(feature = "controller")]
            62 => BrokerRegistrationResponse::decode(buf, version)
                .map(ResponseKind::BrokerRegistration),
            #[cfg(feature = "controller")]
            63 => BrokerHeartbeatResponse::decode(buf, version).map(ResponseKind::BrokerHeartbeat),
            #[cfg(feature = "admin")]
            64 => {
                UnregisterBrokerResponse::decode(buf, version).map(ResponseKind::UnregisterBroker)
            }
            #[cfg(feature = "producer")]
            65 => DescribeTransactionsResponse::decode(buf, version)
                .map(ResponseKind::DescribeTransactions),
            #[cfg(feature = "producer")]
            66 => {
                ListTransactionsResponse::decode(buf, version).map(ResponseKind::ListTransactions)
            }
            #[cfg(feature = "controller")]
            67 => AllocateProducerIdsResponse::decode(buf, version)
                .map(ResponseKind::AllocateProducerIds),
            #[cfg(feature = "consumer")]
            68 => ConsumerGroupHeartbeatResponse::decode(buf, version)
                .map(ResponseKind::ConsumerGroupHeartbeat),
            #[cfg(feature = "consumer")]
            69 => ConsumerGroupDescribeResponse::decode(buf, version)
                .map(ResponseKind::ConsumerGroupDescribe),
            #[cfg(feature = "controller")]
            70 => ControllerRegistrationResponse::decode(buf, version)
                .map(ResponseKind::ControllerRegistration),
            #[cfg(feature = "consumer")]
            71 => GetTelemetrySubscriptionsResponse::decode(buf, version)
                .map(ResponseKind::GetTelemetrySubscriptions),
            #[cfg(feature = "consumer")]
            72 => PushTelemetryResponse::decode(buf, version).map(ResponseKind::PushTelemetry),
            #[cfg(feature = "controller")]
            73 => AssignReplicasToDirsResponse::decode(buf, version)
                .map(ResponseKind::AssignReplicasToDirs),
            #[cfg(feature = "admin")]
            74 => ListConfigResourcesResponse::decode(buf, version)
                .map(ResponseKind::ListConfigResources),
            #[cfg(feature = "admin")]
            75 => DescribeTopicPartitionsResponse::decode(buf, version)
                .map(ResponseKind::DescribeTopicPartitions),
            #[cfg(feature = "share")]
            76 => ShareGroupHeartbeatResponse::decode(buf, version)
                .map(ResponseKind::ShareGroupHeartbeat),
            #[cfg(feature = "share")]
            77 => ShareGroupDescribeResponse::decode(buf, version)
                .map(ResponseKind::ShareGroupDescribe),
            #[cfg(feature = "share")]
            78 => ShareFetchResponse::decode(buf, version).map(ResponseKind::ShareFetch),
            #[cfg(feature = "share")]
            79 => {
                ShareAcknowledgeResponse::decode(buf, version).map(ResponseKind::ShareAcknowledge)
            }
            #[cfg(feature = "controller")]
            80 => AddRaftVoterResponse::decode(buf, version).map(ResponseKind::AddRaftVoter),
            #[cfg(feature = "controller")]
            81 => RemoveRaftVoterResponse::decode(buf, version).map(ResponseKind::RemoveRaftVoter),
            #[cfg(feature = "controller")]
            82 => UpdateRaftVoterResponse::decode(buf, version).map(ResponseKind::UpdateRaftVoter),
            #[cfg(feature = "share")]
            83 => InitializeShareGroupStateResponse::decode(buf, version)
                .map(ResponseKind::InitializeShareGroupState),
            #[cfg(feature = "share")]
            84 => ReadShareGroupStateResponse::decode(buf, version)
                .map(ResponseKind::ReadShareGroupState),
            #[cfg(feature = "share")]
            85 => WriteShareGroupStateResponse::decode(buf, version)
                .map(ResponseKind::WriteShareGroupState),
            #[cfg(feature = "share")]
            86 => DeleteShareGroupStateResponse::decode(buf, version)
                .map(ResponseKind::DeleteShareGroupState),
            #[cfg(feature = "share")]
            87 => ReadShareGroupStateSummaryResponse::decode(buf, version)
                .map(ResponseKind::ReadShareGroupStateSummary),
            #[cfg(feature = "streams")]
            88 => StreamsGroupHeartbeatResponse::decode(buf, version)
                .map(ResponseKind::StreamsGroupHeartbeat),
            #[cfg(feature = "streams")]
            89 => StreamsGroupDescribeResponse::decode(buf, version)
                .map(ResponseKind::StreamsGroupDescribe),
            #[cfg(feature = "share")]
            90 => DescribeShareGroupOffsetsResponse::decode(buf, version)
                .map(ResponseKind::DescribeShareGroupOffsets),
            #[cfg(feature = "share")]
            91 => AlterShareGroupOffsetsResponse::decode(buf, version)
                .map(ResponseKind::AlterShareGroupOffsets),
            #[cfg(feature = "share")]
            92 => DeleteShareGroupOffsetsResponse::decode(buf, version)
                .map(ResponseKind::DeleteShareGroupOffsets),
            #[cfg(feature = "streams")]
            93 => StreamsGroupTopologyDescriptionUpdateResponse::decode(buf, version)
                .map(ResponseKind::StreamsGroupTopologyDescriptionUpdate),
            #[cfg(feature = "controller")]
            94 => UnregisterControllerResponse::decode(buf, version)
                .map(ResponseKind::UnregisterController),
            _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
        }
    }

    /// The API key of the body's API.
    pub fn api_key(&self) -> ApiKey {
        match self {
            #[cfg(feature = "producer")]
            ResponseKind::Produce(_) => ApiKey::Produce,
            #[cfg(feature = "consumer")]
            ResponseKind::Fetch(_) => ApiKey::Fetch,
            #[cfg(feature = "consumer")]
            ResponseKind::ListOffsets(_) => ApiKey::ListOffsets,
            ResponseKind::Metadata(_) => ApiKey::Metadata,
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetCommit(_) => ApiKey::OffsetCommit,
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetFetch(_) => ApiKey::OffsetFetch,
            #[cfg(feature = "group")]
            ResponseKind::FindCoordinator(_) => ApiKey::FindCoordinator,
            #[cfg(feature = "group")]
            ResponseKind::JoinGroup(_) => ApiKey::JoinGroup,
            #[cfg(feature = "group")]
            ResponseKind::Heartbeat(_) => ApiKey::Heartbeat,
            #[cfg(feature = "group")]
            ResponseKind::LeaveGroup(_) => ApiKey::LeaveGroup,
            #[cfg(feature = "group")]
            ResponseKind::SyncGroup(_) => ApiKey::SyncGroup,
            #[cfg(feature = "group")]
            ResponseKind::DescribeGroups(_) => ApiKey::DescribeGroups,
            #[cfg(feature = "group")]
            ResponseKind::ListGroups(_) => ApiKey::ListGroups,
            ResponseKind::SaslHandshake(_) => ApiKey::SaslHandshake,
            ResponseKind::ApiVersions(_) => ApiKey::ApiVersions,
            ResponseKind::CreateTopics(_) => ApiKey::CreateTopics,
            #[cfg(feature = "admin")]
            ResponseKind::DeleteTopics(_) => ApiKey::DeleteTopics,
            #[cfg(feature = "admin")]
            ResponseKind::DeleteRecords(_) => ApiKey::DeleteRecords,
            #[cfg(feature = "producer")]
            ResponseKind::InitProducerId(_) => ApiKey::InitProducerId,
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetForLeaderEpoch(_) => ApiKey::OffsetForLeaderEpoch,
            #[cfg(feature = "producer")]
            ResponseKind::AddPartitionsToTxn(_) => ApiKey::AddPartitionsToTxn,
            #[cfg(feature = "producer")]
            ResponseKind::AddOffsetsToTxn(_) => ApiKey::AddOffsetsToTxn,
            #[cfg(feature = "producer")]
            ResponseKind::EndTxn(_) => ApiKey::EndTxn,
            #[cfg(feature = "controller")]
            ResponseKind::WriteTxnMarkers(_) => ApiKey::WriteTxnMarkers,
            #[cfg(feature = "producer")]
            ResponseKind::TxnOffsetCommit(_) => ApiKey::TxnOffsetCommit,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeAcls(_) => ApiKey::DescribeAcls,
            ResponseKind::CreateAcls(_) => ApiKey::CreateAcls,
            #[cfg(feature = "admin")]
            ResponseKind::DeleteAcls(_) => ApiKey::DeleteAcls,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeConfigs(_) => ApiKey::DescribeConfigs,
            #[cfg(feature = "admin")]
            ResponseKind::AlterConfigs(_) => ApiKey::AlterConfigs,
            #[cfg(feature = "admin")]
            ResponseKind::AlterReplicaLogDirs(_) => ApiKey::AlterReplicaLogDirs,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeLogDirs(_) => ApiKey::DescribeLogDirs,
            ResponseKind::SaslAuthenticate(_) => ApiKey::SaslAuthenticate,
            #[cfg(feature = "admin")]
            ResponseKind::CreatePartitions(_) => ApiKey::CreatePartitions,
            #[cfg(feature = "admin")]
            ResponseKind::CreateDelegationToken(_) => ApiKey::CreateDelegationToken,
            #[cfg(feature = "admin")]
            ResponseKind::RenewDelegationToken(_) => ApiKey::RenewDelegationToken,
            #[cfg(feature = "admin")]
            ResponseKind::ExpireDelegationToken(_) => ApiKey::ExpireDelegationToken,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeDelegationToken(_) => ApiKey::DescribeDelegationToken,
            #[cfg(feature = "group")]
            ResponseKind::DeleteGroups(_) => ApiKey::DeleteGroups,
            #[cfg(feature = "admin")]
            ResponseKind::ElectLeaders(_) => ApiKey::ElectLeaders,
            #[cfg(feature = "admin")]
            ResponseKind::IncrementalAlterConfigs(_) => ApiKey::IncrementalAlterConfigs,
            #[cfg(feature = "admin")]
            ResponseKind::AlterPartitionReassignments(_) => ApiKey::AlterPartitionReassignments,
            #[cfg(feature = "admin")]
            ResponseKind::ListPartitionReassignments(_) => ApiKey::ListPartitionReassignments,
            #[cfg(feature = "group")]
            ResponseKind::OffsetDelete(_) => ApiKey::OffsetDelete,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeClientQuotas(_) => ApiKey::DescribeClientQuotas,
            #[cfg(feature = "admin")]
            ResponseKind::AlterClientQuotas(_) => ApiKey::AlterClientQuotas,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeUserScramCredentials(_) => ApiKey::DescribeUserScramCredentials,
            #[cfg(feature = "admin")]
            ResponseKind::AlterUserScramCredentials(_) => ApiKey::AlterUserScramCredentials,
            #[cfg(feature = "controller")]
            ResponseKind::Vote(_) => ApiKey::Vote,
            #[cfg(feature = "controller")]
            ResponseKind::BeginQuorumEpoch(_) => ApiKey::BeginQuorumEpoch,
            #[cfg(feature = "controller")]
            ResponseKind::EndQuorumEpoch(_) => ApiKey::EndQuorumEpoch,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeQuorum(_) => ApiKey::DescribeQuorum,
            #[cfg(feature = "controller")]
            ResponseKind::AlterPartition(_) => ApiKey::AlterPartition,
            #[cfg(feature = "admin")]
            ResponseKind::UpdateFeatures(_) => ApiKey::UpdateFeatures,
            #[cfg(feature = "controller")]
            ResponseKind::Envelope(_) => ApiKey::Envelope,
            #[cfg(feature = "controller")]
            ResponseKind::FetchSnapshot(_) => ApiKey::FetchSnapshot,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeCluster(_) => ApiKey::DescribeCluster,
            #[cfg(feature = "producer")]
            ResponseKind::DescribeProducers(_) => ApiKey::DescribeProducers,
            #[cfg(feature = "controller")]
            ResponseKind::BrokerRegistration(_) => ApiKey::BrokerRegistration,
            #[cfg(feature = "controller")]
            ResponseKind::BrokerHeartbeat(_) => ApiKey::BrokerHeartbeat,
            #[cfg(feature = "admin")]
            ResponseKind::UnregisterBroker(_) => ApiKey::UnregisterBroker,
            #[cfg(feature = "producer")]
            ResponseKind::DescribeTransactions(_) => ApiKey::DescribeTransactions,
            #[cfg(feature = "producer")]
            ResponseKind::ListTransactions(_) => ApiKey::ListTransactions,
            #[cfg(feature = "controller")]
            ResponseKind::AllocateProducerIds(_) => ApiKey::AllocateProducerIds,
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupHeartbeat(_) => ApiKey::ConsumerGroupHeartbeat,
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupDescribe(_) => ApiKey::ConsumerGroupDescribe,
            #[cfg(feature = "controller")]
            ResponseKind::ControllerRegistration(_) => ApiKey::ControllerRegistration,
            #[cfg(feature = "consumer")]
            ResponseKind::GetTelemetrySubscriptions(_) => ApiKey::GetTelemetrySubscriptions,
            #[cfg(feature = "consumer")]
            ResponseKind::PushTelemetry(_) => ApiKey::PushTelemetry,
            #[cfg(feature = "controller")]
            ResponseKind::AssignReplicasToDirs(_) => ApiKey::AssignReplicasToDirs,
            #[cfg(feature = "admin")]
            ResponseKind::ListConfigResources(_) => ApiKey::ListConfigResources,
            #[cfg(feature = "admin")]
            ResponseKind::DescribeTopicPartitions(_) => ApiKey::DescribeTopicPartitions,
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupHeartbeat(_) => ApiKey::ShareGroupHeartbeat,
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupDescribe(_) => ApiKey::ShareGroupDescribe,
            #[cfg(feature = "share")]
            ResponseKind::ShareFetch(_) => ApiKey::ShareFetch,
            #[cfg(feature = "share")]
            ResponseKind::ShareAcknowledge(_) => ApiKey::ShareAcknowledge,
            #[cfg(feature = "controller")]
            ResponseKind::AddRaftVoter(_) => ApiKey::AddRaftVoter,
            #[cfg(feature = "controller")]
            ResponseKind::RemoveRaftVoter(_) => ApiKey::RemoveRaftVoter,
            #[cfg(feature = "controller")]
            ResponseKind::UpdateRaftVoter(_) => ApiKey::UpdateRaftVoter,
            #[cfg(feature = "share")]
            ResponseKind::InitializeShareGroupState(_) => ApiKey::InitializeShareGroupState,
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupState(_) => ApiKey::ReadShareGroupState,
            #[cfg(feature = "share")]
            ResponseKind::WriteShareGroupState(_) => ApiKey::WriteShareGroupState,
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupState(_) => ApiKey::DeleteShareGroupState,
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupStateSummary(_) => ApiKey::ReadShareGroupStateSummary,
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupHeartbeat(_) => ApiKey::StreamsGroupHeartbeat,
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupDescribe(_) => ApiKey::StreamsGroupDescribe,
            #[cfg(feature = "share")]
            ResponseKind::DescribeShareGroupOffsets(_) => ApiKey::DescribeShareGroupOffsets,
            #[cfg(feature = "share")]
            ResponseKind::AlterShareGroupOffsets(_) => ApiKey::AlterShareGroupOffsets,
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupOffsets(_) => ApiKey::DeleteShareGroupOffsets,
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupTopologyDescriptionUpdate(_) => {
                ApiKey::StreamsGroupTopologyDescriptionUpdate
            }
            #[cfg(feature = "controller")]
            ResponseKind::UnregisterController(_) => ApiKey::UnregisterController,
        }
    }

    /// Writes the body at `version` (see [`Versioned::encode`]).
    #[inline]
    pub fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<usize, EncodeError> {
        match self {
            #[cfg(feature = "producer")]
            ResponseKind::Produce(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::Fetch(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::ListOffsets(m) => m.encode(buf, version),
            ResponseKind::Metadata(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetCommit(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetFetch(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::FindCoordinator(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::JoinGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::Heartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::LeaveGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::SyncGroup(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::DescribeGroups(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::ListGroups(m) => m.encode(buf, version),
            ResponseKind::SaslHandshake(m) => m.encode(buf, version),
            ResponseKind::ApiVersions(m) => m.encode(buf, version),
            ResponseKind::CreateTopics(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteTopics(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteRecords(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::InitProducerId(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetForLeaderEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::AddPartitionsToTxn(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::AddOffsetsToTxn(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::EndTxn(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::WriteTxnMarkers(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::TxnOffsetCommit(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeAcls(m) => m.encode(buf, version),
            ResponseKind::CreateAcls(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteAcls(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterReplicaLogDirs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeLogDirs(m) => m.encode(buf, version),
            ResponseKind::SaslAuthenticate(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::CreatePartitions(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::CreateDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::RenewDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::ExpireDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeDelegationToken(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::DeleteGroups(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::ElectLeaders(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::IncrementalAlterConfigs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterPartitionReassignments(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::ListPartitionReassignments(m) => m.encode(buf, version),
            #[cfg(feature = "group")]
            ResponseKind::OffsetDelete(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeClientQuotas(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterClientQuotas(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeUserScramCredentials(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterUserScramCredentials(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::Vote(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::BeginQuorumEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::EndQuorumEpoch(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeQuorum(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::AlterPartition(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::UpdateFeatures(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::Envelope(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::FetchSnapshot(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeCluster(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::DescribeProducers(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::BrokerRegistration(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::BrokerHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::UnregisterBroker(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::DescribeTransactions(m) => m.encode(buf, version),
            #[cfg(feature = "producer")]
            ResponseKind::ListTransactions(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::AllocateProducerIds(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::ControllerRegistration(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::GetTelemetrySubscriptions(m) => m.encode(buf, version),
            #[cfg(feature = "consumer")]
            ResponseKind::PushTelemetry(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::AssignReplicasToDirs(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::ListConfigResources(m) => m.encode(buf, version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeTopicPartitions(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ShareFetch(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ShareAcknowledge(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::AddRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::RemoveRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::UpdateRaftVoter(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::InitializeShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::WriteShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupState(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupStateSummary(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupHeartbeat(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupDescribe(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::DescribeShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::AlterShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupOffsets(m) => m.encode(buf, version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupTopologyDescriptionUpdate(m) => m.encode(buf, version),
            #[cfg(feature = "controller")]
            ResponseKind::UnregisterController(m) => m.encode(buf, version),
        }
    }

    /// Exactly the bytes [`encode`](Self::encode) writes at `version`.
    #[inline]
    pub fn encoded_len(&self, version: i16) -> usize {
        match self {
            #[cfg(feature = "producer")]
            ResponseKind::Produce(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::Fetch(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::ListOffsets(m) => m.encoded_len(version),
            ResponseKind::Metadata(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetCommit(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetFetch(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::FindCoordinator(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::JoinGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::Heartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::LeaveGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::SyncGroup(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::DescribeGroups(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::ListGroups(m) => m.encoded_len(version),
            ResponseKind::SaslHandshake(m) => m.encoded_len(version),
            ResponseKind::ApiVersions(m) => m.encoded_len(version),
            ResponseKind::CreateTopics(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteTopics(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteRecords(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::InitProducerId(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::OffsetForLeaderEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::AddPartitionsToTxn(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::AddOffsetsToTxn(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::EndTxn(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::WriteTxnMarkers(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::TxnOffsetCommit(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeAcls(m) => m.encoded_len(version),
            ResponseKind::CreateAcls(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DeleteAcls(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterReplicaLogDirs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeLogDirs(m) => m.encoded_len(version),
            ResponseKind::SaslAuthenticate(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::CreatePartitions(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::CreateDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::RenewDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::ExpireDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeDelegationToken(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::DeleteGroups(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::ElectLeaders(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::IncrementalAlterConfigs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterPartitionReassignments(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::ListPartitionReassignments(m) => m.encoded_len(version),
            #[cfg(feature = "group")]
            ResponseKind::OffsetDelete(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeClientQuotas(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterClientQuotas(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeUserScramCredentials(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::AlterUserScramCredentials(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::Vote(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::BeginQuorumEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::EndQuorumEpoch(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeQuorum(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::AlterPartition(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::UpdateFeatures(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::Envelope(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::FetchSnapshot(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeCluster(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::DescribeProducers(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::BrokerRegistration(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::BrokerHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::UnregisterBroker(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::DescribeTransactions(m) => m.encoded_len(version),
            #[cfg(feature = "producer")]
            ResponseKind::ListTransactions(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::AllocateProducerIds(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::ConsumerGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::ControllerRegistration(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::GetTelemetrySubscriptions(m) => m.encoded_len(version),
            #[cfg(feature = "consumer")]
            ResponseKind::PushTelemetry(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::AssignReplicasToDirs(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::ListConfigResources(m) => m.encoded_len(version),
            #[cfg(feature = "admin")]
            ResponseKind::DescribeTopicPartitions(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ShareGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ShareFetch(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ShareAcknowledge(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::AddRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::RemoveRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::UpdateRaftVoter(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::InitializeShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::WriteShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupState(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::ReadShareGroupStateSummary(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupHeartbeat(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupDescribe(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::DescribeShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::AlterShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "share")]
            ResponseKind::DeleteShareGroupOffsets(m) => m.encoded_len(version),
            #[cfg(feature = "streams")]
            ResponseKind::StreamsGroupTopologyDescriptionUpdate(m) => m.encoded_len(version),
            #[cfg(feature = "controller")]
            ResponseKind::UnregisterController(m) => m.encoded_len(version),
        }
    }
}

/// The borrowed view of a response body of any API compiled in, chosen by its API
/// key: read in place with [`ResponseView::view`], allocating nothing (feature `view`).
#[cfg(feature = "view")]
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
// As large as the largest view: boxing it would be the allocation a view avoids.
#[allow(clippy::large_enum_variant)]
pub enum ResponseView<'a> {
    #[cfg(feature = "producer")]
    /// [`ProduceResponse`]'s view.
    Produce(crate::produce::ProduceResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`FetchResponse`]'s view.
    Fetch(crate::fetch::FetchResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ListOffsetsResponse`]'s view.
    ListOffsets(crate::list_offsets::ListOffsetsResponseView<'a>),
    /// [`MetadataResponse`]'s view.
    Metadata(crate::metadata::MetadataResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetCommitResponse`]'s view.
    OffsetCommit(crate::offset_commit::OffsetCommitResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetFetchResponse`]'s view.
    OffsetFetch(crate::offset_fetch::OffsetFetchResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`FindCoordinatorResponse`]'s view.
    FindCoordinator(crate::find_coordinator::FindCoordinatorResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`JoinGroupResponse`]'s view.
    JoinGroup(crate::join_group::JoinGroupResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`HeartbeatResponse`]'s view.
    Heartbeat(crate::heartbeat::HeartbeatResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`LeaveGroupResponse`]'s view.
    LeaveGroup(crate::leave_group::LeaveGroupResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`SyncGroupResponse`]'s view.
    SyncGroup(crate::sync_group::SyncGroupResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`DescribeGroupsResponse`]'s view.
    DescribeGroups(crate::describe_groups::DescribeGroupsResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`ListGroupsResponse`]'s view.
    ListGroups(crate::list_groups::ListGroupsResponseView<'a>),
    /// [`SaslHandshakeResponse`]'s view.
    SaslHandshake(crate::sasl_handshake::SaslHandshakeResponseView<'a>),
    /// [`ApiVersionsResponse`]'s view.
    ApiVersions(crate::api_versions::ApiVersionsResponseView<'a>),
    /// [`CreateTopicsResponse`]'s view.
    CreateTopics(crate::create_topics::CreateTopicsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteTopicsResponse`]'s view.
    DeleteTopics(crate::delete_topics::DeleteTopicsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteRecordsResponse`]'s view.
    DeleteRecords(crate::delete_records::DeleteRecordsResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`InitProducerIdResponse`]'s view.
    InitProducerId(crate::init_producer_id::InitProducerIdResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`OffsetForLeaderEpochResponse`]'s view.
    OffsetForLeaderEpoch(crate::offset_for_leader_epoch::OffsetForLeaderEpochResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`AddPartitionsToTxnResponse`]'s view.
    AddPartitionsToTxn(crate::add_partitions_to_txn::AddPartitionsToTxnResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`AddOffsetsToTxnResponse`]'s view.
    AddOffsetsToTxn(crate::add_offsets_to_txn::AddOffsetsToTxnResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`EndTxnResponse`]'s view.
    EndTxn(crate::end_txn::EndTxnResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`WriteTxnMarkersResponse`]'s view.
    WriteTxnMarkers(crate::write_txn_markers::WriteTxnMarkersResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`TxnOffsetCommitResponse`]'s view.
    TxnOffsetCommit(crate::txn_offset_commit::TxnOffsetCommitResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeAclsResponse`]'s view.
    DescribeAcls(crate::describe_acls::DescribeAclsResponseView<'a>),
    /// [`CreateAclsResponse`]'s view.
    CreateAcls(crate::create_acls::CreateAclsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DeleteAclsResponse`]'s view.
    DeleteAcls(crate::delete_acls::DeleteAclsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeConfigsResponse`]'s view.
    DescribeConfigs(crate::describe_configs::DescribeConfigsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterConfigsResponse`]'s view.
    AlterConfigs(crate::alter_configs::AlterConfigsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterReplicaLogDirsResponse`]'s view.
    AlterReplicaLogDirs(crate::alter_replica_log_dirs::AlterReplicaLogDirsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeLogDirsResponse`]'s view.
    DescribeLogDirs(crate::describe_log_dirs::DescribeLogDirsResponseView<'a>),
    /// [`SaslAuthenticateResponse`]'s view.
    SaslAuthenticate(crate::sasl_authenticate::SaslAuthenticateResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`CreatePartitionsResponse`]'s view.
    CreatePartitions(crate::create_partitions::CreatePartitionsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`CreateDelegationTokenResponse`]'s view.
    CreateDelegationToken(crate::create_delegation_token::CreateDelegationTokenResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`RenewDelegationTokenResponse`]'s view.
    RenewDelegationToken(crate::renew_delegation_token::RenewDelegationTokenResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`ExpireDelegationTokenResponse`]'s view.
    ExpireDelegationToken(crate::expire_delegation_token::ExpireDelegationTokenResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeDelegationTokenResponse`]'s view.
    DescribeDelegationToken(crate::describe_delegation_token::DescribeDelegationTokenResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`DeleteGroupsResponse`]'s view.
    DeleteGroups(crate::delete_groups::DeleteGroupsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`ElectLeadersResponse`]'s view.
    ElectLeaders(crate::elect_leaders::ElectLeadersResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`IncrementalAlterConfigsResponse`]'s view.
    IncrementalAlterConfigs(crate::incremental_alter_configs::IncrementalAlterConfigsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterPartitionReassignmentsResponse`]'s view.
    AlterPartitionReassignments(crate::alter_partition_reassignments::AlterPartitionReassignmentsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`ListPartitionReassignmentsResponse`]'s view.
    ListPartitionReassignments(crate::list_partition_reassignments::ListPartitionReassignmentsResponseView<'a>),
    #[cfg(feature = "group")]
    /// [`OffsetDeleteResponse`]'s view.
    OffsetDelete(crate::offset_delete::OffsetDeleteResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeClientQuotasResponse`]'s view.
    DescribeClientQuotas(crate::describe_client_quotas::DescribeClientQuotasResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterClientQuotasResponse`]'s view.
    AlterClientQuotas(crate::alter_client_quotas::AlterClientQuotasResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeUserScramCredentialsResponse`]'s view.
    DescribeUserScramCredentials(crate::describe_user_scram_credentials::DescribeUserScramCredentialsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`AlterUserScramCredentialsResponse`]'s view.
    AlterUserScramCredentials(crate::alter_user_scram_credentials::AlterUserScramCredentialsResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`VoteResponse`]'s view.
    Vote(crate::vote::VoteResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`BeginQuorumEpochResponse`]'s view.
    BeginQuorumEpoch(crate::begin_quorum_epoch::BeginQuorumEpochResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`EndQuorumEpochResponse`]'s view.
    EndQuorumEpoch(crate::end_quorum_epoch::EndQuorumEpochResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeQuorumResponse`]'s view.
    DescribeQuorum(crate::describe_quorum::DescribeQuorumResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`AlterPartitionResponse`]'s view.
    AlterPartition(crate::alter_partition::AlterPartitionResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`UpdateFeaturesResponse`]'s view.
    UpdateFeatures(crate::update_features::UpdateFeaturesResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`EnvelopeResponse`]'s view.
    Envelope(crate::envelope::EnvelopeResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`FetchSnapshotResponse`]'s view.
    FetchSnapshot(crate::fetch_snapshot::FetchSnapshotResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeClusterResponse`]'s view.
    DescribeCluster(crate::describe_cluster::DescribeClusterResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`DescribeProducersResponse`]'s view.
    DescribeProducers(crate::describe_producers::DescribeProducersResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`BrokerRegistrationResponse`]'s view.
    BrokerRegistration(crate::broker_registration::BrokerRegistrationResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`BrokerHeartbeatResponse`]'s view.
    BrokerHeartbeat(crate::broker_heartbeat::BrokerHeartbeatResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`UnregisterBrokerResponse`]'s view.
    UnregisterBroker(crate::unregister_broker::UnregisterBrokerResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`DescribeTransactionsResponse`]'s view.
    DescribeTransactions(crate::describe_transactions::DescribeTransactionsResponseView<'a>),
    #[cfg(feature = "producer")]
    /// [`ListTransactionsResponse`]'s view.
    ListTransactions(crate::list_transactions::ListTransactionsResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`AllocateProducerIdsResponse`]'s view.
    AllocateProducerIds(crate::allocate_producer_ids::AllocateProducerIdsResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ConsumerGroupHeartbeatResponse`]'s view.
    ConsumerGroupHeartbeat(crate::consumer_group_heartbeat::ConsumerGroupHeartbeatResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`ConsumerGroupDescribeResponse`]'s view.
    ConsumerGroupDescribe(crate::consumer_group_describe::ConsumerGroupDescribeResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`ControllerRegistrationResponse`]'s view.
    ControllerRegistration(crate::controller_registration::ControllerRegistrationResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`GetTelemetrySubscriptionsResponse`]'s view.
    GetTelemetrySubscriptions(crate::get_telemetry_subscriptions::GetTelemetrySubscriptionsResponseView<'a>),
    #[cfg(feature = "consumer")]
    /// [`PushTelemetryResponse`]'s view.
    PushTelemetry(crate::push_telemetry::PushTelemetryResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`AssignReplicasToDirsResponse`]'s view.
    AssignReplicasToDirs(crate::assign_replicas_to_dirs::AssignReplicasToDirsResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`ListConfigResourcesResponse`]'s view.
    ListConfigResources(crate::list_config_resources::ListConfigResourcesResponseView<'a>),
    #[cfg(feature = "admin")]
    /// [`DescribeTopicPartitionsResponse`]'s view.
    DescribeTopicPartitions(crate::describe_topic_partitions::DescribeTopicPartitionsResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareGroupHeartbeatResponse`]'s view.
    ShareGroupHeartbeat(crate::share_group_heartbeat::ShareGroupHeartbeatResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareGroupDescribeResponse`]'s view.
    ShareGroupDescribe(crate::share_group_describe::ShareGroupDescribeResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareFetchResponse`]'s view.
    ShareFetch(crate::share_fetch::ShareFetchResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ShareAcknowledgeResponse`]'s view.
    ShareAcknowledge(crate::share_acknowledge::ShareAcknowledgeResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`AddRaftVoterResponse`]'s view.
    AddRaftVoter(crate::add_raft_voter::AddRaftVoterResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`RemoveRaftVoterResponse`]'s view.
    RemoveRaftVoter(crate::remove_raft_voter::RemoveRaftVoterResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`UpdateRaftVoterResponse`]'s view.
    UpdateRaftVoter(crate::update_raft_voter::UpdateRaftVoterResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`InitializeShareGroupStateResponse`]'s view.
    InitializeShareGroupState(crate::initialize_share_group_state::InitializeShareGroupStateResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ReadShareGroupStateResponse`]'s view.
    ReadShareGroupState(crate::read_share_group_state::ReadShareGroupStateResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`WriteShareGroupStateResponse`]'s view.
    WriteShareGroupState(crate::write_share_group_state::WriteShareGroupStateResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`DeleteShareGroupStateResponse`]'s view.
    DeleteShareGroupState(crate::delete_share_group_state::DeleteShareGroupStateResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`ReadShareGroupStateSummaryResponse`]'s view.
    ReadShareGroupStateSummary(crate::read_share_group_state_summary::ReadShareGroupStateSummaryResponseView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupHeartbeatResponse`]'s view.
    StreamsGroupHeartbeat(crate::streams_group_heartbeat::StreamsGroupHeartbeatResponseView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupDescribeResponse`]'s view.
    StreamsGroupDescribe(crate::streams_group_describe::StreamsGroupDescribeResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`DescribeShareGroupOffsetsResponse`]'s view.
    DescribeShareGroupOffsets(crate::describe_share_group_offsets::DescribeShareGroupOffsetsResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`AlterShareGroupOffsetsResponse`]'s view.
    AlterShareGroupOffsets(crate::alter_share_group_offsets::AlterShareGroupOffsetsResponseView<'a>),
    #[cfg(feature = "share")]
    /// [`DeleteShareGroupOffsetsResponse`]'s view.
    DeleteShareGroupOffsets(crate::delete_share_group_offsets::DeleteShareGroupOffsetsResponseView<'a>),
    #[cfg(feature = "streams")]
    /// [`StreamsGroupTopologyDescriptionUpdateResponse`]'s view.
    StreamsGroupTopologyDescriptionUpdate(crate::streams_group_topology_description_update::StreamsGroupTopologyDescriptionUpdateResponseView<'a>),
    #[cfg(feature = "controller")]
    /// [`UnregisterControllerResponse`]'s view.
    UnregisterController(crate::unregister_controller::UnregisterControllerResponseView<'a>),
}

#[cfg(feature = "view")]
impl<'a> ResponseView<'a> {
    /// Reads the view of a response body of API `key` at `version`, leaving anything
    /// after it in `buf`: the checks and errors of
    /// [`ResponseKind::decode`], with strings and arrays left in `buf`.
    #[inline]
    pub fn view(
        key: i16,
        version: i16,
        buf: &mut &'a [u8],
    ) -> Result<ResponseView<'a>, DecodeError> {
        match key {
            #[cfg(feature = "producer")]
            0 => ProduceResponse::view(buf, version).map(ResponseView::Produce),
            #[cfg(feature = "consumer")]
            1 => FetchResponse::view(buf, version).map(ResponseView::Fetch),
            #[cfg(feature = "consumer")]
            2 => ListOffsetsResponse::view(buf, version).map(ResponseView::ListOffsets),
            3 => MetadataResponse::view(buf, version).map(ResponseView::Metadata),
            #[cfg(feature = "consumer")]
            8 => OffsetCommitResponse::view(buf, version).map(ResponseView::OffsetCommit),
            #[cfg(feature = "consumer")]
            9 => OffsetFetchResponse::view(buf, version).map(ResponseView::OffsetFetch),
            #[cfg(feature = "group")]
            10 => FindCoordinatorResponse::view(buf, version).map(ResponseView::FindCoordinator),
            #[cfg(feature = "group")]
            11 => JoinGroupResponse::view(buf, version).map(ResponseView::JoinGroup),
            #[cfg(feature = "group")]
            12 => HeartbeatResponse::view(buf, version).map(ResponseView::Heartbeat),
            #[cfg(feature = "group")]
            13 => LeaveGroupResponse::view(buf, version).map(ResponseView::LeaveGroup),
            #[cfg(feature = "group")]
            14 => SyncGroupResponse::view(buf, version).map(ResponseView::SyncGroup),
            #[cfg(feature = "group")]
            15 => DescribeGroupsResponse::view(buf, version).map(ResponseView::DescribeGroups),
            #[cfg(feature = "group")]
            16 => ListGroupsResponse::view(buf, version).map(ResponseView::ListGroups),
            17 => SaslHandshakeResponse::view(buf, version).map(ResponseView::SaslHandshake),
            18 => ApiVersionsResponse::view(buf, version).map(ResponseView::ApiVersions),
            19 => CreateTopicsResponse::view(buf, version).map(ResponseView::CreateTopics),
            #[cfg(feature = "admin")]
            20 => DeleteTopicsResponse::view(buf, version).map(ResponseView::DeleteTopics),
            #[cfg(feature = "admin")]
            21 => DeleteRecordsResponse::view(buf, version).map(ResponseView::DeleteRecords),
            #[cfg(feature = "producer")]
            22 => InitProducerIdResponse::view(buf, version).map(ResponseView::InitProducerId),
            #[cfg(feature = "consumer")]
            23 => OffsetForLeaderEpochResponse::view(buf, version)
                .map(ResponseView::OffsetForLeaderEpoch),
            #[cfg(feature = "producer")]
            24 => {
                AddPartitionsToTxnResponse::view(buf, version).map(ResponseView::AddPartitionsToTxn)
            }
            #[cfg(feature = "producer")]
            25 => AddOffsetsToTxnResponse::view(buf, version).map(ResponseView::AddOffsetsToTxn),
            #[cfg(feature = "producer")]
            26 => EndTxnResponse::view(buf, version).map(ResponseView::EndTxn),
            #[cfg(feature = "controller")]
            27 => WriteTxnMarkersResponse::view(buf, version).map(ResponseView::WriteTxnMarkers),
            #[cfg(feature = "producer")]
            28 => TxnOffsetCommitResponse::view(buf, version).map(ResponseView::TxnOffsetCommit),
            #[cfg(feature = "admin")]
            29 => DescribeAclsResponse::view(buf, version).map(ResponseView::DescribeAcls),
            30 => CreateAclsResponse::view(buf, version).map(ResponseView::CreateAcls),
            #[cfg(feature = "admin")]
            31 => DeleteAclsResponse::view(buf, version).map(ResponseView::DeleteAcls),
            #[cfg(feature = "admin")]
            32 => DescribeConfigsResponse::view(buf, version).map(ResponseView::DescribeConfigs),
            #[cfg(feature = "admin")]
            33 => AlterConfigsResponse::view(buf, version).map(ResponseView::AlterConfigs),
            #[cfg(feature = "admin")]
            34 => AlterReplicaLogDirsResponse::view(buf, version)
                .map(ResponseView::AlterReplicaLogDirs),
            #[cfg(feature = "admin")]
            35 => DescribeLogDirsResponse::view(buf, version).map(ResponseView::DescribeLogDirs),
            36 => SaslAuthenticateResponse::view(buf, version).map(ResponseView::SaslAuthenticate),
            #[cfg(feature = "admin")]
            37 => CreatePartitionsResponse::view(buf, version).map(ResponseView::CreatePartitions),
            #[cfg(feature = "admin")]
            38 => CreateDelegationTokenResponse::view(buf, version)
                .map(ResponseView::CreateDelegationToken),
            #[cfg(feature = "admin")]
            39 => RenewDelegationTokenResponse::view(buf, version)
                .map(ResponseView::RenewDelegationToken),
            #[cfg(feature = "admin")]
            40 => ExpireDelegationTokenResponse::view(buf, version)
                .map(ResponseView::ExpireDelegationToken),
            #[cfg(feature = "admin")]
            41 => DescribeDelegationTokenResponse::view(buf, version)
                .map(ResponseView::DescribeDelegationToken),
            #[cfg(feature = "group")]
            42 => DeleteGroupsResponse::view(buf, version).map(ResponseView::DeleteGroups),
            #[cfg(feature = "admin")]
            43 => ElectLeadersResponse::view(buf, version).map(ResponseView::ElectLeaders),
            #[cfg(feature = "admin")]
            44 => IncrementalAlterConfigsResponse::view(buf, version)
                .map(ResponseView::IncrementalAlterConfigs),
            #[cfg(feature = "admin")]
            45 => AlterPartitionReassignmentsResponse::view(buf, version)
                .map(ResponseView::AlterPartitionReassignments),
            #[cfg(feature = "admin")]
            46 => ListPartitionReassignmentsResponse::view(buf, version)
                .map(ResponseView::ListPartitionReassignments),
            #[cfg(feature = "group")]
            47 => OffsetDeleteResponse::view(buf, version).map(ResponseView::OffsetDelete),
            #[cfg(feature = "admin")]
            48 => DescribeClientQuotasResponse::view(buf, version)
                .map(ResponseView::DescribeClientQuotas),
            #[cfg(feature = "admin")]
            49 => {
                AlterClientQuotasResponse::view(buf, version).map(ResponseView::AlterClientQuotas)
            }
            #[cfg(feature = "admin")]
            50 => DescribeUserScramCredentialsResponse::view(buf, version)
                .map(ResponseView::DescribeUserScramCredentials),
            #[cfg(feature = "admin")]
            51 => AlterUserScramCredentialsResponse::view(buf, version)
                .map(ResponseView::AlterUserScramCredentials),
            #[cfg(feature = "controller")]
            52 => VoteResponse::view(buf, version).map(ResponseView::Vote),
            #[cfg(feature = "controller")]
            53 => BeginQuorumEpochResponse::view(buf, version).map(ResponseView::BeginQuorumEpoch),
            #[cfg(feature = "controller")]
            54 => EndQuorumEpochResponse::view(buf, version).map(ResponseView::EndQuorumEpoch),
            #[cfg(feature = "admin")]
            55 => DescribeQuorumResponse::view(buf, version).map(ResponseView::DescribeQuorum),
            #[cfg(feature = "controller")]
            56 => AlterPartitionResponse::view(buf, version).map(ResponseView::AlterPartition),
            #[cfg(feature = "admin")]
            57 => UpdateFeaturesResponse::view(buf, version).map(ResponseView::UpdateFeatures),
            #[cfg(feature = "controller")]
            58 => EnvelopeResponse::view(buf, version).map(ResponseView::Envelope),
            #[cfg(feature = "controller")]
            59 => FetchSnapshotResponse::view(buf, version).map(ResponseView::FetchSnapshot),
            #[cfg(feature = "admin")]
            60 => DescribeClusterResponse::view(buf, version).map(ResponseView::DescribeCluster),
            #[cfg(feature = "producer")]
            61 => {
                DescribeProducersResponse::view(buf, version).map(ResponseView::DescribeProducers)
            }
            #[cfg(feature = "controller")]
            62 => {
                BrokerRegistrationResponse::view(buf, version).map(ResponseView::BrokerRegistration)
            }
            #[cfg(feature = "controller")]
            63 => BrokerHeartbeatResponse::view(buf, version).map(ResponseView::BrokerHeartbeat),
            #[cfg(feature = "admin")]
            64 => UnregisterBrokerResponse::view(buf, version).map(ResponseView::UnregisterBroker),
            #[cfg(feature = "producer")]
            65 => DescribeTransactionsResponse::view(buf, version)
                .map(ResponseView::DescribeTransactions),
            #[cfg(feature = "producer")]
            66 => ListTransactionsResponse::view(buf, version).map(ResponseView::ListTransactions),
            #[cfg(feature = "controller")]
            67 => AllocateProducerIdsResponse::view(buf, version)
                .map(ResponseView::AllocateProducerIds),
            #[cfg(feature = "consumer")]
            68 => ConsumerGroupHeartbeatResponse::view(buf, version)
                .map(ResponseView::ConsumerGroupHeartbeat),
            #[cfg(feature = "consumer")]
            69 => ConsumerGroupDescribeResponse::view(buf, version)
                .map(ResponseView::ConsumerGroupDescribe),
            #[cfg(feature = "controller")]
            70 => ControllerRegistrationResponse::view(buf, version)
                .map(ResponseView::ControllerRegistration),
            #[cfg(feature = "consumer")]
            71 => GetTelemetrySubscriptionsResponse::view(buf, version)
                .map(ResponseView::GetTelemetrySubscriptions),
            #[cfg(feature = "consumer")]
            72 => PushTelemetryResponse::view(buf, version).map(ResponseView::PushTelemetry),
            #[cfg(feature = "controller")]
            73 => AssignReplicasToDirsResponse::view(buf, version)
                .map(ResponseView::AssignReplicasToDirs),
            #[cfg(feature = "admin")]
            74 => ListConfigResourcesResponse::view(buf, version)
                .map(ResponseView::ListConfigResources),
            #[cfg(feature = "admin")]
            75 => DescribeTopicPartitionsResponse::view(buf, version)
                .map(ResponseView::DescribeTopicPartitions),
            #[cfg(feature = "share")]
            76 => ShareGroupHeartbeatResponse::view(buf, version)
                .map(ResponseView::ShareGroupHeartbeat),
            #[cfg(feature = "share")]
            77 => {
                ShareGroupDescribeResponse::view(buf, version).map(ResponseView::ShareGroupDescribe)
            }
            #[cfg(feature = "share")]
            78 => ShareFetchResponse::view(buf, version).map(ResponseView::ShareFetch),
            #[cfg(feature = "share")]
            79 => ShareAcknowledgeResponse::view(buf, version).map(ResponseView::ShareAcknowledge),
            #[cfg(feature = "controller")]
            80 => AddRaftVoterResponse::view(buf, version).map(ResponseView::AddRaftVoter),
            #[cfg(feature = "controller")]
            81 => RemoveRaftVoterResponse::view(buf, version).map(ResponseView::RemoveRaftVoter),
            #[cfg(feature = "controller")]
            82 => UpdateRaftVoterResponse::view(buf, version).map(ResponseView::UpdateRaftVoter),
            #[cfg(feature = "share")]
            83 => InitializeShareGroupStateResponse::view(buf, version)
                .map(ResponseView::InitializeShareGroupState),
            #[cfg(feature = "share")]
            84 => ReadShareGroupStateResponse::view(buf, version)
                .map(ResponseView::ReadShareGroupState),
            #[cfg(feature = "share")]
            85 => WriteShareGroupStateResponse::view(buf, version)
                .map(ResponseView::WriteShareGroupState),
            #[cfg(feature = "share")]
            86 => DeleteShareGroupStateResponse::view(buf, version)
                .map(ResponseView::DeleteShareGroupState),
            #[cfg(feature = "share")]
            87 => ReadShareGroupStateSummaryResponse::view(buf, version)
                .map(ResponseView::ReadShareGroupStateSummary),
            #[cfg(feature = "streams")]
            88 => StreamsGroupHeartbeatResponse::view(buf, version)
                .map(ResponseView::StreamsGroupHeartbeat),
            #[cfg(feature = "streams")]
            89 => StreamsGroupDescribeResponse::view(buf, version)
                .map(ResponseView::StreamsGroupDescribe),
            #[cfg(feature = "share")]
            90 => DescribeShareGroupOffsetsResponse::view(buf, version)
                .map(ResponseView::DescribeShareGroupOffsets),
            #[cfg(feature = "share")]
            91 => AlterShareGroupOffsetsResponse::view(buf, version)
                .map(ResponseView::AlterShareGroupOffsets),
            #[cfg(feature = "share")]
            92 => DeleteShareGroupOffsetsResponse::view(buf, version)
                .map(ResponseView::DeleteShareGroupOffsets),
            #[cfg(feature = "streams")]
            93 => StreamsGroupTopologyDescriptionUpdateResponse::view(buf, version)
                .map(ResponseView::StreamsGroupTopologyDescriptionUpdate),
            #[cfg(feature = "controller")]
            94 => UnregisterControllerResponse::view(buf, version)
                .map(ResponseView::UnregisterController),
            _ => Err(kafka_wire::DecodeErrorKind::UnknownApiKey(key).into()),
        }
    }

    /// The API key of the body's API.
    pub fn api_key(&self) -> ApiKey {
        match self {
            #[cfg(feature = "producer")]
            ResponseView::Produce(_) => ApiKey::Produce,
            #[cfg(feature = "consumer")]
            ResponseView::Fetch(_) => ApiKey::Fetch,
            #[cfg(feature = "consumer")]
            ResponseView::ListOffsets(_) => ApiKey::ListOffsets,
            ResponseView::Metadata(_) => ApiKey::Metadata,
            #[cfg(feature = "consumer")]
            ResponseView::OffsetCommit(_) => ApiKey::OffsetCommit,
            #[cfg(feature = "consumer")]
            ResponseView::OffsetFetch(_) => ApiKey::OffsetFetch,
            #[cfg(feature = "group")]
            ResponseView::FindCoordinator(_) => ApiKey::FindCoordinator,
            #[cfg(feature = "group")]
            ResponseView::JoinGroup(_) => ApiKey::JoinGroup,
            #[cfg(feature = "group")]
            ResponseView::Heartbeat(_) => ApiKey::Heartbeat,
            #[cfg(feature = "group")]
            ResponseView::LeaveGroup(_) => ApiKey::LeaveGroup,
            #[cfg(feature = "group")]
            ResponseView::SyncGroup(_) => ApiKey::SyncGroup,
            #[cfg(feature = "group")]
            ResponseView::DescribeGroups(_) => ApiKey::DescribeGroups,
            #[cfg(feature = "group")]
            ResponseView::ListGroups(_) => ApiKey::ListGroups,
            ResponseView::SaslHandshake(_) => ApiKey::SaslHandshake,
            ResponseView::ApiVersions(_) => ApiKey::ApiVersions,
            ResponseView::CreateTopics(_) => ApiKey::CreateTopics,
            #[cfg(feature = "admin")]
            ResponseView::DeleteTopics(_) => ApiKey::DeleteTopics,
            #[cfg(feature = "admin")]
            ResponseView::DeleteRecords(_) => ApiKey::DeleteRecords,
            #[cfg(feature = "producer")]
            ResponseView::InitProducerId(_) => ApiKey::InitProducerId,
            #[cfg(feature = "consumer")]
            ResponseView::OffsetForLeaderEpoch(_) => ApiKey::OffsetForLeaderEpoch,
            #[cfg(feature = "producer")]
            ResponseView::AddPartitionsToTxn(_) => ApiKey::AddPartitionsToTxn,
            #[cfg(feature = "producer")]
            ResponseView::AddOffsetsToTxn(_) => ApiKey::AddOffsetsToTxn,
            #[cfg(feature = "producer")]
            ResponseView::EndTxn(_) => ApiKey::EndTxn,
            #[cfg(feature = "controller")]
            ResponseView::WriteTxnMarkers(_) => ApiKey::WriteTxnMarkers,
            #[cfg(feature = "producer")]
            ResponseView::TxnOffsetCommit(_) => ApiKey::TxnOffsetCommit,
            #[cfg(feature = "admin")]
            ResponseView::DescribeAcls(_) => ApiKey::DescribeAcls,
            ResponseView::CreateAcls(_) => ApiKey::CreateAcls,
            #[cfg(feature = "admin")]
            ResponseView::DeleteAcls(_) => ApiKey::DeleteAcls,
            #[cfg(feature = "admin")]
            ResponseView::DescribeConfigs(_) => ApiKey::DescribeConfigs,
            #[cfg(feature = "admin")]
            ResponseView::AlterConfigs(_) => ApiKey::AlterConfigs,
            #[cfg(feature = "admin")]
            ResponseView::AlterReplicaLogDirs(_) => ApiKey::AlterReplicaLogDirs,
            #[cfg(feature = "admin")]
            ResponseView::DescribeLogDirs(_) => ApiKey::DescribeLogDirs,
            ResponseView::SaslAuthenticate(_) => ApiKey::SaslAuthenticate,
            #[cfg(feature = "admin")]
            ResponseView::CreatePartitions(_) => ApiKey::CreatePartitions,
            #[cfg(feature = "admin")]
            ResponseView::CreateDelegationToken(_) => ApiKey::CreateDelegationToken,
            #[cfg(feature = "admin")]
            ResponseView::RenewDelegationToken(_) => ApiKey::RenewDelegationToken,
            #[cfg(feature = "admin")]
            ResponseView::ExpireDelegationToken(_) => ApiKey::ExpireDelegationToken,
            #[cfg(feature = "admin")]
            ResponseView::DescribeDelegationToken(_) => ApiKey::DescribeDelegationToken,
            #[cfg(feature = "group")]
            ResponseView::DeleteGroups(_) => ApiKey::DeleteGroups,
            #[cfg(feature = "admin")]
            ResponseView::ElectLeaders(_) => ApiKey::ElectLeaders,
            #[cfg(feature = "admin")]
            ResponseView::IncrementalAlterConfigs(_) => ApiKey::IncrementalAlterConfigs,
            #[cfg(feature = "admin")]
            ResponseView::AlterPartitionReassignments(_) => ApiKey::AlterPartitionReassignments,
            #[cfg(feature = "admin")]
            ResponseView::ListPartitionReassignments(_) => ApiKey::ListPartitionReassignments,
            #[cfg(feature = "group")]
            ResponseView::OffsetDelete(_) => ApiKey::OffsetDelete,
            #[cfg(feature = "admin")]
            ResponseView::DescribeClientQuotas(_) => ApiKey::DescribeClientQuotas,
            #[cfg(feature = "admin")]
            ResponseView::AlterClientQuotas(_) => ApiKey::AlterClientQuotas,
            #[cfg(feature = "admin")]
            ResponseView::DescribeUserScramCredentials(_) => ApiKey::DescribeUserScramCredentials,
            #[cfg(feature = "admin")]
            ResponseView::AlterUserScramCredentials(_) => ApiKey::AlterUserScramCredentials,
            #[cfg(feature = "controller")]
            ResponseView::Vote(_) => ApiKey::Vote,
            #[cfg(feature = "controller")]
            ResponseView::BeginQuorumEpoch(_) => ApiKey::BeginQuorumEpoch,
            #[cfg(feature = "controller")]
            ResponseView::EndQuorumEpoch(_) => ApiKey::EndQuorumEpoch,
            #[cfg(feature = "admin")]
            ResponseView::DescribeQuorum(_) => ApiKey::DescribeQuorum,
            #[cfg(feature = "controller")]
            ResponseView::AlterPartition(_) => ApiKey::AlterPartition,
            #[cfg(feature = "admin")]
            ResponseView::UpdateFeatures(_) => ApiKey::UpdateFeatures,
            #[cfg(feature = "controller")]
            ResponseView::Envelope(_) => ApiKey::Envelope,
            #[cfg(feature = "controller")]
            ResponseView::FetchSnapshot(_) => ApiKey::FetchSnapshot,
            #[cfg(feature = "admin")]
            ResponseView::DescribeCluster(_) => ApiKey::DescribeCluster,
            #[cfg(feature = "producer")]
            ResponseView::DescribeProducers(_) => ApiKey::DescribeProducers,
            #[cfg(feature = "controller")]
            ResponseView::BrokerRegistration(_) => ApiKey::BrokerRegistration,
            #[cfg(feature = "controller")]
            ResponseView::BrokerHeartbeat(_) => ApiKey::BrokerHeartbeat,
            #[cfg(feature = "admin")]
            ResponseView::UnregisterBroker(_) => ApiKey::UnregisterBroker,
            #[cfg(feature = "producer")]
            ResponseView::DescribeTransactions(_) => ApiKey::DescribeTransactions,
            #[cfg(feature = "producer")]
            ResponseView::ListTransactions(_) => ApiKey::ListTransactions,
            #[cfg(feature = "controller")]
            ResponseView::AllocateProducerIds(_) => ApiKey::AllocateProducerIds,
            #[cfg(feature = "consumer")]
            ResponseView::ConsumerGroupHeartbeat(_) => ApiKey::ConsumerGroupHeartbeat,
            #[cfg(feature = "consumer")]
            ResponseView::ConsumerGroupDescribe(_) => ApiKey::ConsumerGroupDescribe,
            #[cfg(feature = "controller")]
            ResponseView::ControllerRegistration(_) => ApiKey::ControllerRegistration,
            #[cfg(feature = "consumer")]
            ResponseView::GetTelemetrySubscriptions(_) => ApiKey::GetTelemetrySubscriptions,
            #[cfg(feature = "consumer")]
            ResponseView::PushTelemetry(_) => ApiKey::PushTelemetry,
            #[cfg(feature = "controller")]
            ResponseView::AssignReplicasToDirs(_) => ApiKey::AssignReplicasToDirs,
            #[cfg(feature = "admin")]
            ResponseView::ListConfigResources(_) => ApiKey::ListConfigResources,
            #[cfg(feature = "admin")]
            ResponseView::DescribeTopicPartitions(_) => ApiKey::DescribeTopicPartitions,
            #[cfg(feature = "share")]
            ResponseView::ShareGroupHeartbeat(_) => ApiKey::ShareGroupHeartbeat,
            #[cfg(feature = "share")]
            ResponseView::ShareGroupDescribe(_) => ApiKey::ShareGroupDescribe,
            #[cfg(feature = "share")]
            ResponseView::ShareFetch(_) => ApiKey::ShareFetch,
            #[cfg(feature = "share")]
            ResponseView::ShareAcknowledge(_) => ApiKey::ShareAcknowledge,
            #[cfg(feature = "controller")]
            ResponseView::AddRaftVoter(_) => ApiKey::AddRaftVoter,
            #[cfg(feature = "controller")]
            ResponseView::RemoveRaftVoter(_) => ApiKey::RemoveRaftVoter,
            #[cfg(feature = "controller")]
            ResponseView::UpdateRaftVoter(_) => ApiKey::UpdateRaftVoter,
            #[cfg(feature = "share")]
            ResponseView::InitializeShareGroupState(_) => ApiKey::InitializeShareGroupState,
            #[cfg(feature = "share")]
            ResponseView::ReadShareGroupState(_) => ApiKey::ReadShareGroupState,
            #[cfg(feature = "share")]
            ResponseView::WriteShareGroupState(_) => ApiKey::WriteShareGroupState,
            #[cfg(feature = "share")]
            ResponseView::DeleteShareGroupState(_) => ApiKey::DeleteShareGroupState,
            #[cfg(feature = "share")]
            ResponseView::ReadShareGroupStateSummary(_) => ApiKey::ReadShareGroupStateSummary,
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupHeartbeat(_) => ApiKey::StreamsGroupHeartbeat,
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupDescribe(_) => ApiKey::StreamsGroupDescribe,
            #[cfg(feature = "share")]
            ResponseView::DescribeShareGroupOffsets(_) => ApiKey::DescribeShareGroupOffsets,
            #[cfg(feature = "share")]
            ResponseView::AlterShareGroupOffsets(_) => ApiKey::AlterShareGroupOffsets,
            #[cfg(feature = "share")]
            ResponseView::DeleteShareGroupOffsets(_) => ApiKey::DeleteShareGroupOffsets,
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupTopologyDescriptionUpdate(_) => {
                ApiKey::StreamsGroupTopologyDescriptionUpdate
            }
            #[cfg(feature = "controller")]
            ResponseView::UnregisterController(_) => ApiKey::UnregisterController,
        }
    }

    /// The owned body this view stands for, as [`ResponseKind::decode`] reads it. Copies.
    #[inline]
    pub fn to_kind(&self) -> ResponseKind {
        match *self {
            #[cfg(feature = "producer")]
            ResponseView::Produce(v) => ResponseKind::Produce(ProduceResponse::from_view(v)),
            #[cfg(feature = "consumer")]
            ResponseView::Fetch(v) => ResponseKind::Fetch(FetchResponse::from_view(v)),
            #[cfg(feature = "consumer")]
            ResponseView::ListOffsets(v) => {
                ResponseKind::ListOffsets(ListOffsetsResponse::from_view(v))
            }
            ResponseView::Metadata(v) => ResponseKind::Metadata(MetadataResponse::from_view(v)),
            #[cfg(feature = "consumer")]
            ResponseView::OffsetCommit(v) => {
                ResponseKind::OffsetCommit(OffsetCommitResponse::from_view(v))
            }
            #[cfg(feature = "consumer")]
            ResponseView::OffsetFetch(v) => {
                ResponseKind::OffsetFetch(OffsetFetchResponse::from_view(v))
            }
            #[cfg(feature = "group")]
            ResponseView::FindCoordinator(v) => {
                ResponseKind::FindCoordinator(FindCoordinatorResponse::from_view(v))
            }
            #[cfg(feature = "group")]
            ResponseView::JoinGroup(v) => ResponseKind::JoinGroup(JoinGroupResponse::from_view(v)),
            #[cfg(feature = "group")]
            ResponseView::Heartbeat(v) => ResponseKind::Heartbeat(HeartbeatResponse::from_view(v)),
            #[cfg(feature = "group")]
            ResponseView::LeaveGroup(v) => {
                ResponseKind::LeaveGroup(LeaveGroupResponse::from_view(v))
            }
            #[cfg(feature = "group")]
            ResponseView::SyncGroup(v) => ResponseKind::SyncGroup(SyncGroupResponse::from_view(v)),
            #[cfg(feature = "group")]
            ResponseView::DescribeGroups(v) => {
                ResponseKind::DescribeGroups(DescribeGroupsResponse::from_view(v))
            }
            #[cfg(feature = "group")]
            ResponseView::ListGroups(v) => {
                ResponseKind::ListGroups(ListGroupsResponse::from_view(v))
            }
            ResponseView::SaslHandshake(v) => {
                ResponseKind::SaslHandshake(SaslHandshakeResponse::from_view(v))
            }
            ResponseView::ApiVersions(v) => {
                ResponseKind::ApiVersions(ApiVersionsResponse::from_view(v))
            }
            ResponseView::CreateTopics(v) => {
                ResponseKind::CreateTopics(CreateTopicsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DeleteTopics(v) => {
                ResponseKind::DeleteTopics(DeleteTopicsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DeleteRecords(v) => {
                ResponseKind::DeleteRecords(DeleteRecordsResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::InitProducerId(v) => {
                ResponseKind::InitProducerId(InitProducerIdResponse::from_view(v))
            }
            #[cfg(feature = "consumer")]
            ResponseView::OffsetForLeaderEpoch(v) => {
                ResponseKind::OffsetForLeaderEpoch(OffsetForLeaderEpochResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::AddPartitionsToTxn(v) => {
                ResponseKind::AddPartitionsToTxn(AddPartitionsToTxnResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::AddOffsetsToTxn(v) => {
                ResponseKind::AddOffsetsToTxn(AddOffsetsToTxnResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::EndTxn(v) => ResponseKind::EndTxn(EndTxnResponse::from_view(v)),
            #[cfg(feature = "controller")]
            ResponseView::WriteTxnMarkers(v) => {
                ResponseKind::WriteTxnMarkers(WriteTxnMarkersResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::TxnOffsetCommit(v) => {
                ResponseKind::TxnOffsetCommit(TxnOffsetCommitResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeAcls(v) => {
                ResponseKind::DescribeAcls(DescribeAclsResponse::from_view(v))
            }
            ResponseView::CreateAcls(v) => {
                ResponseKind::CreateAcls(CreateAclsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DeleteAcls(v) => {
                ResponseKind::DeleteAcls(DeleteAclsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeConfigs(v) => {
                ResponseKind::DescribeConfigs(DescribeConfigsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::AlterConfigs(v) => {
                ResponseKind::AlterConfigs(AlterConfigsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::AlterReplicaLogDirs(v) => {
                ResponseKind::AlterReplicaLogDirs(AlterReplicaLogDirsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeLogDirs(v) => {
                ResponseKind::DescribeLogDirs(DescribeLogDirsResponse::from_view(v))
            }
            ResponseView::SaslAuthenticate(v) => {
                ResponseKind::SaslAuthenticate(SaslAuthenticateResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::CreatePartitions(v) => {
                ResponseKind::CreatePartitions(CreatePartitionsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::CreateDelegationToken(v) => {
                ResponseKind::CreateDelegationToken(CreateDelegationTokenResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::RenewDelegationToken(v) => {
                ResponseKind::RenewDelegationToken(RenewDelegationTokenResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::ExpireDelegationToken(v) => {
                ResponseKind::ExpireDelegationToken(ExpireDelegationTokenResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeDelegationToken(v) => {
                ResponseKind::DescribeDelegationToken(DescribeDelegationTokenResponse::from_view(v))
            }
            #[cfg(feature = "group")]
            ResponseView::DeleteGroups(v) => {
                ResponseKind::DeleteGroups(DeleteGroupsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::ElectLeaders(v) => {
                ResponseKind::ElectLeaders(ElectLeadersResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::IncrementalAlterConfigs(v) => {
                ResponseKind::IncrementalAlterConfigs(IncrementalAlterConfigsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::AlterPartitionReassignments(v) => {
                ResponseKind::AlterPartitionReassignments(
                    AlterPartitionReassignmentsResponse::from_view(v),
                )
            }
            #[cfg(feature = "admin")]
            ResponseView::ListPartitionReassignments(v) => {
                ResponseKind::ListPartitionReassignments(
                    ListPartitionReassignmentsResponse::from_view(v),
                )
            }
            #[cfg(feature = "group")]
            ResponseView::OffsetDelete(v) => {
                ResponseKind::OffsetDelete(OffsetDeleteResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeClientQuotas(v) => {
                ResponseKind::DescribeClientQuotas(DescribeClientQuotasResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::AlterClientQuotas(v) => {
                ResponseKind::AlterClientQuotas(AlterClientQuotasResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeUserScramCredentials(v) => {
                ResponseKind::DescribeUserScramCredentials(
                    DescribeUserScramCredentialsResponse::from_view(v),
                )
            }
            #[cfg(feature = "admin")]
            ResponseView::AlterUserScramCredentials(v) => ResponseKind::AlterUserScramCredentials(
                AlterUserScramCredentialsResponse::from_view(v),
            ),
            #[cfg(feature = "controller")]
            ResponseView::Vote(v) => ResponseKind::Vote(VoteResponse::from_view(v)),
            #[cfg(feature = "controller")]
            ResponseView::BeginQuorumEpoch(v) => {
                ResponseKind::BeginQuorumEpoch(BeginQuorumEpochResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::EndQuorumEpoch(v) => {
                ResponseKind::EndQuorumEpoch(EndQuorumEpochResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeQuorum(v) => {
                ResponseKind::DescribeQuorum(DescribeQuorumResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::AlterPartition(v) => {
                ResponseKind::AlterPartition(AlterPartitionResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::UpdateFeatures(v) => {
                ResponseKind::UpdateFeatures(UpdateFeaturesResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::Envelope(v) => ResponseKind::Envelope(EnvelopeResponse::from_view(v)),
            #[cfg(feature = "controller")]
            ResponseView::FetchSnapshot(v) => {
                ResponseKind::FetchSnapshot(FetchSnapshotResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeCluster(v) => {
                ResponseKind::DescribeCluster(DescribeClusterResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::DescribeProducers(v) => {
                ResponseKind::DescribeProducers(DescribeProducersResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::BrokerRegistration(v) => {
                ResponseKind::BrokerRegistration(BrokerRegistrationResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::BrokerHeartbeat(v) => {
                ResponseKind::BrokerHeartbeat(BrokerHeartbeatResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::UnregisterBroker(v) => {
                ResponseKind::UnregisterBroker(UnregisterBrokerResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::DescribeTransactions(v) => {
                ResponseKind::DescribeTransactions(DescribeTransactionsResponse::from_view(v))
            }
            #[cfg(feature = "producer")]
            ResponseView::ListTransactions(v) => {
                ResponseKind::ListTransactions(ListTransactionsResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::AllocateProducerIds(v) => {
                ResponseKind::AllocateProducerIds(AllocateProducerIdsResponse::from_view(v))
            }
            #[cfg(feature = "consumer")]
            ResponseView::ConsumerGroupHeartbeat(v) => {
                ResponseKind::ConsumerGroupHeartbeat(ConsumerGroupHeartbeatResponse::from_view(v))
            }
            #[cfg(feature = "consumer")]
            ResponseView::ConsumerGroupDescribe(v) => {
                ResponseKind::ConsumerGroupDescribe(ConsumerGroupDescribeResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::ControllerRegistration(v) => {
                ResponseKind::ControllerRegistration(ControllerRegistrationResponse::from_view(v))
            }
            #[cfg(feature = "consumer")]
            ResponseView::GetTelemetrySubscriptions(v) => ResponseKind::GetTelemetrySubscriptions(
                GetTelemetrySubscriptionsResponse::from_view(v),
            ),
            #[cfg(feature = "consumer")]
            ResponseView::PushTelemetry(v) => {
                ResponseKind::PushTelemetry(PushTelemetryResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::AssignReplicasToDirs(v) => {
                ResponseKind::AssignReplicasToDirs(AssignReplicasToDirsResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::ListConfigResources(v) => {
                ResponseKind::ListConfigResources(ListConfigResourcesResponse::from_view(v))
            }
            #[cfg(feature = "admin")]
            ResponseView::DescribeTopicPartitions(v) => {
                ResponseKind::DescribeTopicPartitions(DescribeTopicPartitionsResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::ShareGroupHeartbeat(v) => {
                ResponseKind::ShareGroupHeartbeat(ShareGroupHeartbeatResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::ShareGroupDescribe(v) => {
                ResponseKind::ShareGroupDescribe(ShareGroupDescribeResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::ShareFetch(v) => {
                ResponseKind::ShareFetch(ShareFetchResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::ShareAcknowledge(v) => {
                ResponseKind::ShareAcknowledge(ShareAcknowledgeResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::AddRaftVoter(v) => {
                ResponseKind::AddRaftVoter(AddRaftVoterResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::RemoveRaftVoter(v) => {
                ResponseKind::RemoveRaftVoter(RemoveRaftVoterResponse::from_view(v))
            }
            #[cfg(feature = "controller")]
            ResponseView::UpdateRaftVoter(v) => {
                ResponseKind::UpdateRaftVoter(UpdateRaftVoterResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::InitializeShareGroupState(v) => ResponseKind::InitializeShareGroupState(
                InitializeShareGroupStateResponse::from_view(v),
            ),
            #[cfg(feature = "share")]
            ResponseView::ReadShareGroupState(v) => {
                ResponseKind::ReadShareGroupState(ReadShareGroupStateResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::WriteShareGroupState(v) => {
                ResponseKind::WriteShareGroupState(WriteShareGroupStateResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::DeleteShareGroupState(v) => {
                ResponseKind::DeleteShareGroupState(DeleteShareGroupStateResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::ReadShareGroupStateSummary(v) => {
                ResponseKind::ReadShareGroupStateSummary(
                    ReadShareGroupStateSummaryResponse::from_view(v),
                )
            }
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupHeartbeat(v) => {
                ResponseKind::StreamsGroupHeartbeat(StreamsGroupHeartbeatResponse::from_view(v))
            }
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupDescribe(v) => {
                ResponseKind::StreamsGroupDescribe(StreamsGroupDescribeResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::DescribeShareGroupOffsets(v) => ResponseKind::DescribeShareGroupOffsets(
                DescribeShareGroupOffsetsResponse::from_view(v),
            ),
            #[cfg(feature = "share")]
            ResponseView::AlterShareGroupOffsets(v) => {
                ResponseKind::AlterShareGroupOffsets(AlterShareGroupOffsetsResponse::from_view(v))
            }
            #[cfg(feature = "share")]
            ResponseView::DeleteShareGroupOffsets(v) => {
                ResponseKind::DeleteShareGroupOffsets(DeleteShareGroupOffsetsResponse::from_view(v))
            }
            #[cfg(feature = "streams")]
            ResponseView::StreamsGroupTopologyDescriptionUpdate(v) => {
                ResponseKind::StreamsGroupTopologyDescriptionUpdate(
                    StreamsGroupTopologyDescriptionUpdateResponse::from_view(v),
                )
            }
            #[cfg(feature = "controller")]
            ResponseView::UnregisterController(v) => {
                ResponseKind::UnregisterController(UnregisterControllerResponse::from_view(v))
            }
        }
    }
}
