//! What the generator knows beyond the JSON: the modules written by hand,
//! each API's Cargo feature, the coordinators of Kafka's own records, and
//! the headers the runtime declares.

/// APIs whose modules are written by hand (typed views, constructors, docs),
/// with their modules.
pub const CURATED: &[(&str, &str)] = &[
    ("CreateTopics", "create_topics"),
    ("CreateAcls", "create_acls"),
    ("ApiVersions", "api_versions"),
];

/// The schemas whose structs live in the runtime (`kafka_wire::RequestHeader`
/// and `ResponseHeader`): the only headers, and not generated.
pub const RUNTIME: &[&str] = &["RequestHeader", "ResponseHeader"];

/// The coordinators whose records are a key and a value, by artifact of
/// `internal-schemas/`: the table macro written for each (`internal/table.rs`)
/// and its topic.
pub const COORDINATORS: &[(&str, &str, &str)] = &[
    (
        "kafka-group-coordinator",
        "group_coordinator_records",
        "__consumer_offsets",
    ),
    (
        "kafka-transaction-coordinator",
        "transaction_coordinator_records",
        "__transaction_state",
    ),
    (
        "kafka-share-coordinator",
        "share_coordinator_records",
        "__share_group_state",
    ),
];

/// The artifact of `internal-schemas/` that holds the KRaft metadata log's records.
pub const METADATA_ARTIFACT: &str = "kafka-metadata";

/// The Cargo feature of each API: who needs it. Every live API is here
/// (the generator refuses a release with an API that is not, or without
/// one that is).
pub const ROLES: &[(&str, &[&str])] = &[
    // Always compiled: what every client sends, and the curated messages.
    (
        "core",
        &[
            "ApiVersions",
            "Metadata",
            "SaslHandshake",
            "SaslAuthenticate",
            "CreateTopics",
            "CreateAcls",
        ],
    ),
    (
        "producer",
        &[
            "Produce",
            "InitProducerId",
            "AddPartitionsToTxn",
            "AddOffsetsToTxn",
            "EndTxn",
            "TxnOffsetCommit",
            "DescribeProducers",
            "DescribeTransactions",
            "ListTransactions",
        ],
    ),
    (
        "consumer",
        &[
            "Fetch",
            "ListOffsets",
            "OffsetCommit",
            "OffsetFetch",
            "OffsetForLeaderEpoch",
            "ConsumerGroupHeartbeat",
            "ConsumerGroupDescribe",
            "GetTelemetrySubscriptions",
            "PushTelemetry",
        ],
    ),
    (
        "group",
        &[
            "FindCoordinator",
            "JoinGroup",
            "Heartbeat",
            "LeaveGroup",
            "SyncGroup",
            "DescribeGroups",
            "ListGroups",
            "DeleteGroups",
            "OffsetDelete",
        ],
    ),
    (
        "share",
        &[
            "ShareGroupHeartbeat",
            "ShareGroupDescribe",
            "ShareFetch",
            "ShareAcknowledge",
            "InitializeShareGroupState",
            "ReadShareGroupState",
            "WriteShareGroupState",
            "DeleteShareGroupState",
            "ReadShareGroupStateSummary",
            "DescribeShareGroupOffsets",
            "AlterShareGroupOffsets",
            "DeleteShareGroupOffsets",
        ],
    ),
    (
        "streams",
        &[
            "StreamsGroupHeartbeat",
            "StreamsGroupDescribe",
            "StreamsGroupTopologyDescriptionUpdate",
        ],
    ),
    (
        "admin",
        &[
            "DeleteTopics",
            "DeleteRecords",
            "DescribeAcls",
            "DeleteAcls",
            "DescribeConfigs",
            "AlterConfigs",
            "AlterReplicaLogDirs",
            "DescribeLogDirs",
            "CreatePartitions",
            "CreateDelegationToken",
            "RenewDelegationToken",
            "ExpireDelegationToken",
            "DescribeDelegationToken",
            "ElectLeaders",
            "IncrementalAlterConfigs",
            "AlterPartitionReassignments",
            "ListPartitionReassignments",
            "DescribeClientQuotas",
            "AlterClientQuotas",
            "DescribeUserScramCredentials",
            "AlterUserScramCredentials",
            "DescribeCluster",
            "UpdateFeatures",
            "DescribeQuorum",
            "UnregisterBroker",
            "DescribeTopicPartitions",
            "ListConfigResources",
        ],
    ),
    (
        "controller",
        &[
            "Vote",
            "BeginQuorumEpoch",
            "EndQuorumEpoch",
            "AlterPartition",
            "Envelope",
            "FetchSnapshot",
            "BrokerRegistration",
            "BrokerHeartbeat",
            "AllocateProducerIds",
            "ControllerRegistration",
            "AssignReplicasToDirs",
            "AddRaftVoter",
            "RemoveRaftVoter",
            "UpdateRaftVoter",
            "WriteTxnMarkers",
            "UnregisterController",
            // Kafka 3.9's ZooKeeper-era inter-broker APIs.
            "LeaderAndIsr",
            "StopReplica",
            "UpdateMetadata",
            "ControlledShutdown",
        ],
    ),
];

/// The feature of `api`, if it has one.
pub fn role_of(api: &str) -> Option<&'static str> {
    ROLES
        .iter()
        .find(|(_, apis)| apis.contains(&api))
        .map(|(role, _)| *role)
}

/// The hand-written module of `api`, if it is curated.
pub fn curated_module(api: &str) -> Option<&'static str> {
    CURATED.iter().find(|(a, _)| *a == api).map(|(_, m)| *m)
}
