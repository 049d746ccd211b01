//! FindCoordinator, and committed offsets of groups without members
//! (consumers that assign partitions themselves): OffsetCommit and
//! OffsetFetch in both shapes, on the coordinator and off it.

use std::net::SocketAddr;

use kafka_messages::client::Client;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::{OffsetFetchRequestGroup, OffsetFetchRequestTopic};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str};
use kafka_wire_fake::Cluster;

struct Fake {
    addrs: Vec<SocketAddr>,
    _cluster: Cluster,
    _runtime: tokio::runtime::Runtime,
}

fn start(nodes: i32) -> Fake {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime
        .block_on(Cluster::builder().nodes(nodes).start())
        .unwrap();
    let fake = Fake {
        addrs: cluster.bootstrap_addrs(),
        _cluster: cluster,
        _runtime: runtime,
    };
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "t".into(),
            num_partitions: 2,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let mut c = Client::connect(fake.addrs[0], "offsets-test").unwrap();
    assert_eq!(c.send(&request, 7).unwrap().topics[0].error_code, 0);
    fake
}

/// The coordinator of `group` as v3 and v4 name it: they must agree.
fn coordinator(c: &mut Client, group: &str) -> i32 {
    let v3 = c
        .send(
            &FindCoordinatorRequest {
                key: group.into(),
                ..Default::default()
            },
            3,
        )
        .unwrap();
    let v4 = c
        .send(
            &FindCoordinatorRequest {
                coordinator_keys: vec![group.into()],
                ..Default::default()
            },
            4,
        )
        .unwrap();
    assert_eq!(v3.error_code, 0);
    assert_eq!(
        (v4.coordinators[0].node_id, v4.coordinators[0].port),
        (v3.node_id, v3.port)
    );
    v3.node_id
}

fn commit(
    c: &mut Client,
    group: &str,
    generation: i32,
    member: &str,
    rows: &[(&str, i32, i64)],
) -> Vec<ErrorCode> {
    let request = OffsetCommitRequest {
        group_id: group.into(),
        generation_id_or_member_epoch: generation,
        member_id: member.into(),
        topics: rows
            .iter()
            .map(|&(topic, p, offset)| OffsetCommitRequestTopic {
                name: topic.into(),
                partitions: vec![OffsetCommitRequestPartition {
                    partition_index: p,
                    committed_offset: offset,
                    committed_metadata: Some(format!("at {offset}").into()),
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    c.send(&request, 9)
        .unwrap()
        .topics
        .iter()
        .flat_map(|t| &t.partitions)
        .map(|p| ErrorCode::from_code(p.error_code))
        .collect()
}

#[test]
fn offsets_are_committed_and_fetched_on_the_coordinator_only() {
    let fake = start(3);
    let mut any = Client::connect(fake.addrs[0], "offsets-test").unwrap();
    let node = coordinator(&mut any, "g");
    assert_eq!(coordinator(&mut any, "g"), node);
    let other = if node == 1 { 2 } else { 1 };
    let mut wrong = Client::connect(fake.addrs[other as usize - 1], "x").unwrap();
    let mut c = Client::connect(fake.addrs[node as usize - 1], "x").unwrap();

    assert_eq!(
        commit(&mut wrong, "g", -1, "", &[("t", 0, 5)]),
        [ErrorCode::NotCoordinator]
    );
    assert_eq!(
        commit(
            &mut c,
            "g",
            -1,
            "",
            &[("t", 0, 5), ("t", 1, 7), ("nope", 0, 1)]
        ),
        [
            ErrorCode::None,
            ErrorCode::None,
            ErrorCode::UnknownTopicOrPartition
        ]
    );
    // The group has no members: a generation or a member id is refused.
    assert_eq!(
        commit(&mut c, "g", 1, "", &[("t", 0, 9)]),
        [ErrorCode::IllegalGeneration]
    );
    assert_eq!(
        commit(&mut c, "g", -1, "m-1", &[("t", 0, 9)]),
        [ErrorCode::UnknownMemberId]
    );

    // v7: one group; partition 5 was never committed: -1, no error.
    let v7 = c
        .send(
            &OffsetFetchRequest {
                group_id: "g".into(),
                topics: Some(vec![OffsetFetchRequestTopic {
                    name: "t".into(),
                    partition_indexes: vec![0, 5],
                    ..Default::default()
                }]),
                ..Default::default()
            },
            7,
        )
        .unwrap();
    let rows: Vec<(i32, i64, Option<Str>, i16)> = v7.topics[0]
        .partitions
        .iter()
        .map(|p| {
            (
                p.partition_index,
                p.committed_offset,
                p.metadata.clone(),
                p.error_code,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [(0, 5, Some("at 5".into()), 0), (5, -1, Some("".into()), 0)]
    );
    // v9: a list of groups, null topics meaning every committed partition.
    let v9 = OffsetFetchRequest {
        groups: vec![OffsetFetchRequestGroup {
            group_id: "g".into(),
            topics: None,
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer = c.send(&v9, 9).unwrap();
    let rows: Vec<(Str, i32, i64)> = answer.groups[0]
        .topics
        .iter()
        .flat_map(|t| {
            t.partitions
                .iter()
                .map(|p| (t.name.clone(), p.partition_index, p.committed_offset))
        })
        .collect();
    assert_eq!(rows, [("t".into(), 0, 5), ("t".into(), 1, 7)]);
    let refused = wrong.send(&v9, 9).unwrap();
    assert_eq!(
        refused.groups[0].error_code,
        ErrorCode::NotCoordinator.code()
    );
}
