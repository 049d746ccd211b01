//! Authorized operations (KIP-430) without an authorizer: every operation
//! supported on the resource, as a Kafka 4.4 broker without an authorizer
//! answered the same requests (topic 3576, group 3400, cluster 8096), and
//! `i32::MIN` where they were not asked for, not in the version, or the
//! resource was answered with an error. tests/acls.rs holds them under
//! `.authorizer(true)`.

mod common;

use common::send;
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

const TOPIC: i32 = 3576;
const GROUP: i32 = 3400;
const CLUSTER: i32 = 8096;
const NOT_ASKED: i32 = i32::MIN;

fn metadata(names: &[&str], asked: bool, version: i16) -> MetadataRequest {
    MetadataRequest {
        topics: Some(
            names
                .iter()
                .map(|&n| MetadataRequestTopic {
                    name: Some(n.into()),
                    ..Default::default()
                })
                .collect(),
        ),
        allow_auto_topic_creation: false,
        include_cluster_authorized_operations: asked && version <= 10,
        include_topic_authorized_operations: asked,
        ..Default::default()
    }
}

/// (cluster operations, each topic's (name, error, operations)).
type Ops = (i32, Vec<(String, ErrorCode, i32)>);

fn ops(m: &MetadataResponse) -> Ops {
    (
        m.cluster_authorized_operations,
        m.topics
            .iter()
            .map(|t| {
                (
                    t.name.as_deref().unwrap_or("").to_owned(),
                    ErrorCode::from(t.error_code),
                    t.topic_authorized_operations,
                )
            })
            .collect(),
    )
}

#[tokio::test]
async fn without_an_authorizer_every_supported_operation_is_authorized() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut s, &common::create_topic("t", 1, &[]), 7).await;
    let found = |ops: i32| {
        vec![
            ("t".to_string(), ErrorCode::None, ops),
            ("nope".to_string(), ErrorCode::UnknownTopicOrPartition, ops),
        ]
    };
    // Metadata: the cluster's at v8-10 only; a topic's, found or not.
    for version in [8, 10] {
        let m = send(&mut s, &metadata(&["t", "nope"], true, version), version).await;
        assert_eq!(ops(&m), (CLUSTER, found(TOPIC)), "v{version}");
        let m = send(&mut s, &metadata(&["t", "nope"], false, version), version).await;
        assert_eq!(ops(&m), (NOT_ASKED, found(NOT_ASKED)), "v{version}");
    }
    let m = send(&mut s, &metadata(&["t", "nope"], true, 12), 12).await;
    assert_eq!(ops(&m), (NOT_ASKED, found(TOPIC)));
    // An unknown topic id has no name to authorize: none.
    let by_id = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: None,
            topic_id: Uuid::from_u64_pair(7, 7),
            ..Default::default()
        }]),
        include_topic_authorized_operations: true,
        ..Default::default()
    };
    let m = send(&mut s, &by_id, 12).await;
    assert_eq!(
        ops(&m),
        (
            NOT_ASKED,
            vec![(String::new(), ErrorCode::UnknownTopicId, NOT_ASKED)]
        )
    );
    // DescribeCluster.
    for (asked, expected) in [(true, CLUSTER), (false, NOT_ASKED)] {
        let d = DescribeClusterRequest {
            include_cluster_authorized_operations: asked,
            ..Default::default()
        };
        assert_eq!(
            send(&mut s, &d, 1).await.cluster_authorized_operations,
            expected
        );
    }
    // DescribeGroups: a group known by its offsets, and an unknown one
    // (Dead without an error before v6, GROUP_ID_NOT_FOUND from v6: none).
    let commit = OffsetCommitRequest {
        group_id: "g".into(),
        generation_id_or_member_epoch: -1,
        member_id: "".into(),
        topics: vec![OffsetCommitRequestTopic {
            name: "t".into(),
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: 0,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let c = send(&mut s, &commit, 8).await;
    assert_eq!(c.topics[0].partitions[0].error_code, 0);
    let describe = |asked: bool| DescribeGroupsRequest {
        groups: vec!["g".into(), "nope".into()],
        include_authorized_operations: asked,
        ..Default::default()
    };
    let groups = |d: DescribeGroupsResponse| -> Vec<(String, ErrorCode, String, i32)> {
        d.groups
            .iter()
            .map(|g| {
                (
                    g.group_id.to_string(),
                    ErrorCode::from(g.error_code),
                    g.group_state.to_string(),
                    g.authorized_operations,
                )
            })
            .collect()
    };
    let row = |g: &str, e: ErrorCode, st: &str, ops: i32| (g.to_string(), e, st.to_string(), ops);
    assert_eq!(
        groups(send(&mut s, &describe(true), 5).await),
        vec![
            row("g", ErrorCode::None, "Empty", GROUP),
            row("nope", ErrorCode::None, "Dead", GROUP)
        ]
    );
    assert_eq!(
        groups(send(&mut s, &describe(true), 6).await),
        vec![
            row("g", ErrorCode::None, "Empty", GROUP),
            row("nope", ErrorCode::GroupIdNotFound, "Dead", NOT_ASKED)
        ]
    );
    assert_eq!(
        groups(send(&mut s, &describe(false), 5).await),
        vec![
            row("g", ErrorCode::None, "Empty", NOT_ASKED),
            row("nope", ErrorCode::None, "Dead", NOT_ASKED)
        ]
    );
    // ConsumerGroupDescribe: a KIP-848 group, and a classic one (an error).
    let join = ConsumerGroupHeartbeatRequest {
        group_id: "cg".into(),
        member_id: "m".into(),
        member_epoch: 0,
        rebalance_timeout_ms: 30_000,
        subscribed_topic_names: Some(vec![Str::from("t")]),
        topic_partitions: Some(Vec::new()),
        ..Default::default()
    };
    assert_eq!(send(&mut s, &join, 1).await.error_code, 0);
    let cgd = |asked: bool| ConsumerGroupDescribeRequest {
        group_ids: vec!["cg".into(), "g".into()],
        include_authorized_operations: asked,
        ..Default::default()
    };
    let described = |d: ConsumerGroupDescribeResponse| -> Vec<(ErrorCode, i32)> {
        d.groups
            .iter()
            .map(|g| (ErrorCode::from(g.error_code), g.authorized_operations))
            .collect()
    };
    assert_eq!(
        described(send(&mut s, &cgd(true), 0).await),
        vec![
            (ErrorCode::None, GROUP),
            (ErrorCode::GroupIdNotFound, NOT_ASKED)
        ]
    );
    assert_eq!(
        described(send(&mut s, &cgd(false), 0).await),
        vec![
            (ErrorCode::None, NOT_ASKED),
            (ErrorCode::GroupIdNotFound, NOT_ASKED)
        ]
    );
    cluster.shutdown().await;
}
