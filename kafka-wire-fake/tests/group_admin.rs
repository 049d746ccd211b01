//! The group admin APIs against a running cluster: ListGroups with its
//! state and type filters, DescribeGroups of a Stable consumer group (its
//! members' metadata and assignments), of a group known by its offsets only
//! and of an unknown one (each version's answer), OffsetDelete
//! (GROUP_SUBSCRIBED_TO_TOPIC for a topic the members read, NON_EMPTY_GROUP,
//! GROUP_ID_NOT_FOUND) and DeleteGroups (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND,
//! the offsets gone with the group). Fields are checked exactly.

use std::net::SocketAddr;

use bytes::Bytes;
use kafka_messages::client::Client;
use kafka_messages::consumer_protocol::ConsumerProtocol;
use kafka_messages::join_group::JoinGroupRequestProtocol;
use kafka_messages::leave_group::MemberIdentity;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_delete::{OffsetDeleteRequestPartition, OffsetDeleteRequestTopic};
use kafka_messages::sync_group::SyncGroupRequestAssignment;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str};
use kafka_wire_fake::Cluster;

struct Fake {
    addr: SocketAddr,
    _cluster: Cluster,
    _runtime: tokio::runtime::Runtime,
}

/// A cluster with topics `t` and `u`.
fn start() -> Fake {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime.block_on(Cluster::builder().start()).unwrap();
    let fake = Fake {
        addr: cluster.bootstrap_addrs()[0],
        _cluster: cluster,
        _runtime: runtime,
    };
    let topic = |name: &str| CreatableTopic {
        name: name.into(),
        num_partitions: 1,
        replication_factor: 1,
        ..Default::default()
    };
    let create = CreateTopicsRequest {
        topics: vec![topic("t"), topic("u")],
        timeout_ms: 5_000,
        ..Default::default()
    };
    client(&fake).send(&create, 7).unwrap();
    fake
}

fn client(fake: &Fake) -> Client {
    Client::connect(fake.addr, "admin-test").unwrap()
}

/// The consumer protocol's subscription to `t`, at version 3.
fn subscription() -> Bytes {
    let s = ConsumerProtocolSubscription {
        topics: vec!["t".into()],
        ..Default::default()
    };
    ConsumerProtocol::new(3, s).encode().unwrap()
}

fn join(c: &mut Client, group: &str, protocol_type: &str, member: &Str) -> JoinGroupResponse {
    let request = JoinGroupRequest {
        group_id: group.into(),
        session_timeout_ms: 10_000,
        rebalance_timeout_ms: 30_000,
        member_id: member.clone(),
        group_instance_id: Some("instance-1".into()),
        protocol_type: protocol_type.into(),
        protocols: vec![JoinGroupRequestProtocol {
            name: "range".into(),
            metadata: subscription(),
            ..Default::default()
        }],
        ..Default::default()
    };
    c.send(&request, 9).unwrap()
}

/// A group of one member, Stable with its assignment: the member's id.
fn stable_group(c: &mut Client, group: &str, protocol_type: &str) -> Str {
    // A static member (its instance id given) joins without
    // MEMBER_ID_REQUIRED (KIP-345).
    let joined = join(c, group, protocol_type, &Str::default());
    assert_eq!(joined.error_code, 0);
    let sync = SyncGroupRequest {
        group_id: group.into(),
        generation_id: joined.generation_id,
        member_id: joined.member_id.clone(),
        assignments: vec![SyncGroupRequestAssignment {
            member_id: joined.member_id.clone(),
            assignment: Bytes::from_static(b"assigned"),
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(c.send(&sync, 5).unwrap().error_code, 0);
    joined.member_id
}

/// Commits offset `offset` of `topic`-0 for `group`, without members.
fn commit(c: &mut Client, group: &str, topic: &str, offset: i64) {
    let request = OffsetCommitRequest {
        group_id: group.into(),
        generation_id_or_member_epoch: -1,
        topics: vec![OffsetCommitRequestTopic {
            name: topic.into(),
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: offset,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&request, 8).unwrap();
    assert_eq!(r.topics[0].partitions[0].error_code, 0);
}

fn list(c: &mut Client, states: &[&str], types: &[&str]) -> Vec<(String, String, String, String)> {
    let request = ListGroupsRequest {
        states_filter: states.iter().map(|&s| s.into()).collect(),
        types_filter: types.iter().map(|&s| s.into()).collect(),
        ..Default::default()
    };
    let r = c.send(&request, 5).unwrap();
    assert_eq!(r.error_code, 0);
    r.groups
        .iter()
        .map(|g| {
            (
                g.group_id.to_string(),
                g.protocol_type.to_string(),
                g.group_state.to_string(),
                g.group_type.to_string(),
            )
        })
        .collect()
}

fn row(id: &str, protocol_type: &str, state: &str) -> (String, String, String, String) {
    (
        id.into(),
        protocol_type.into(),
        state.into(),
        "classic".into(),
    )
}

#[test]
fn list_groups_filters_by_state_and_type() {
    let fake = start();
    let mut c = client(&fake);
    stable_group(&mut c, "members", "consumer");
    commit(&mut c, "offsets-only", "t", 3);
    let all = vec![
        row("members", "consumer", "Stable"),
        row("offsets-only", "", "Empty"),
    ];
    assert_eq!(list(&mut c, &[], &[]), all);
    assert_eq!(list(&mut c, &["stable"], &[]), vec![all[0].clone()]);
    assert_eq!(
        list(&mut c, &["Empty", "Dead"], &["Classic"]),
        vec![all[1].clone()]
    );
    assert_eq!(list(&mut c, &[], &["consumer"]), vec![]);
    // Before v4, no state is told.
    let r = c.send(&ListGroupsRequest::default(), 3).unwrap();
    assert_eq!((r.groups.len(), r.groups[0].group_state.as_str()), (2, ""));
}

#[test]
fn describe_groups_tells_members_once_stable() {
    let fake = start();
    let mut c = client(&fake);
    let member = stable_group(&mut c, "g", "consumer");
    commit(&mut c, "offsets-only", "t", 3);
    let request = DescribeGroupsRequest {
        groups: vec!["g".into(), "offsets-only".into(), "nobody".into()],
        ..Default::default()
    };
    let r = c.send(&request, 6).unwrap();
    let g = &r.groups[0];
    assert_eq!(
        (
            g.error_code,
            g.group_id.as_str(),
            g.group_state.as_str(),
            g.protocol_type.as_str(),
            g.protocol_data.as_str()
        ),
        (0, "g", "Stable", "consumer", "range")
    );
    assert_eq!(g.authorized_operations, i32::MIN);
    let m = &g.members[..];
    assert_eq!(m.len(), 1);
    assert_eq!(
        (
            &m[0].member_id,
            m[0].group_instance_id.as_deref(),
            m[0].client_id.as_str(),
            m[0].client_host.as_str()
        ),
        (&member, Some("instance-1"), "admin-test", "/127.0.0.1")
    );
    assert_eq!(m[0].member_metadata, subscription());
    assert_eq!(&m[0].member_assignment[..], b"assigned");
    let o = &r.groups[1];
    assert_eq!(
        (
            o.error_code,
            o.group_state.as_str(),
            o.protocol_type.as_str(),
            o.members.len()
        ),
        (0, "Empty", "", 0)
    );
    let unknown = &r.groups[2];
    assert_eq!(
        (
            ErrorCode::from_code(unknown.error_code),
            unknown.error_message.as_deref(),
            unknown.group_state.as_str()
        ),
        (
            ErrorCode::GroupIdNotFound,
            Some("Group nobody not found."),
            "Dead"
        )
    );
    // Before v6, an unknown group is Dead without an error.
    let r = c.send(&request, 5).unwrap();
    assert_eq!(
        (r.groups[2].error_code, r.groups[2].group_state.as_str()),
        (0, "Dead")
    );
}

fn offset_delete(
    c: &mut Client,
    group: &str,
    topics: &[&str],
) -> (ErrorCode, Vec<(String, ErrorCode)>) {
    let request = OffsetDeleteRequest {
        group_id: group.into(),
        topics: topics
            .iter()
            .map(|&t| OffsetDeleteRequestTopic {
                name: t.into(),
                partitions: vec![OffsetDeleteRequestPartition { partition_index: 0 }],
            })
            .collect(),
    };
    let r = c.send(&request, 0).unwrap();
    let parts = r
        .topics
        .iter()
        .map(|t| {
            (
                t.name.to_string(),
                ErrorCode::from_code(t.partitions[0].error_code),
            )
        })
        .collect();
    (ErrorCode::from_code(r.error_code), parts)
}

fn fetch_offset(c: &mut Client, group: &str, topic: &str) -> i64 {
    let request = OffsetFetchRequest {
        group_id: group.into(),
        topics: Some(vec![offset_fetch::OffsetFetchRequestTopic {
            name: topic.into(),
            partition_indexes: vec![0],
            ..Default::default()
        }]),
        ..Default::default()
    };
    c.send(&request, 7).unwrap().topics[0].partitions[0].committed_offset
}

#[test]
fn offset_delete_keeps_what_members_read() {
    let fake = start();
    let mut c = client(&fake);
    let member = stable_group(&mut c, "g", "consumer");
    let commit_in_group = |c: &mut Client, topic: &str| {
        let request = OffsetCommitRequest {
            group_id: "g".into(),
            generation_id_or_member_epoch: 1,
            member_id: member.clone(),
            topics: vec![OffsetCommitRequestTopic {
                name: topic.into(),
                partitions: vec![OffsetCommitRequestPartition {
                    partition_index: 0,
                    committed_offset: 7,
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        assert_eq!(
            c.send(&request, 8).unwrap().topics[0].partitions[0].error_code,
            0
        );
    };
    commit_in_group(&mut c, "t");
    commit_in_group(&mut c, "u");
    assert_eq!(
        offset_delete(&mut c, "g", &["t", "u", "missing"]),
        (
            ErrorCode::None,
            vec![
                ("t".into(), ErrorCode::GroupSubscribedToTopic),
                ("u".into(), ErrorCode::None),
                ("missing".into(), ErrorCode::UnknownTopicOrPartition)
            ]
        )
    );
    assert_eq!(
        (
            fetch_offset(&mut c, "g", "t"),
            fetch_offset(&mut c, "g", "u")
        ),
        (7, -1)
    );
    assert_eq!(
        offset_delete(&mut c, "nobody", &["t"]),
        (ErrorCode::GroupIdNotFound, vec![])
    );
    // A group whose members' subscriptions are not the consumer protocol's.
    stable_group(&mut c, "connect", "connect");
    assert_eq!(
        offset_delete(&mut c, "connect", &["t"]),
        (ErrorCode::NonEmptyGroup, vec![])
    );
}

#[test]
fn delete_groups_refuses_groups_with_members_and_drops_offsets() {
    let fake = start();
    let mut c = client(&fake);
    let member = stable_group(&mut c, "g", "consumer");
    commit(&mut c, "offsets-only", "t", 3);
    let delete = |c: &mut Client, names: &[&str]| -> Vec<(String, ErrorCode)> {
        let request = DeleteGroupsRequest {
            groups_names: names.iter().map(|&n| n.into()).collect(),
            ..Default::default()
        };
        c.send(&request, 2)
            .unwrap()
            .results
            .iter()
            .map(|r| (r.group_id.to_string(), ErrorCode::from_code(r.error_code)))
            .collect()
    };
    assert_eq!(
        delete(&mut c, &["g", "offsets-only", "nobody"]),
        vec![
            ("g".into(), ErrorCode::NonEmptyGroup),
            ("offsets-only".into(), ErrorCode::None),
            ("nobody".into(), ErrorCode::GroupIdNotFound)
        ]
    );
    assert_eq!(fetch_offset(&mut c, "offsets-only", "t"), -1);
    assert_eq!(list(&mut c, &[], &[]), vec![row("g", "consumer", "Stable")]);
    // Once its member leaves, the group is Empty and may go.
    let leave = LeaveGroupRequest {
        group_id: "g".into(),
        members: vec![MemberIdentity {
            member_id: member,
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(c.send(&leave, 5).unwrap().error_code, 0);
    assert_eq!(delete(&mut c, &["g"]), vec![("g".into(), ErrorCode::None)]);
    assert_eq!(list(&mut c, &[], &[]), vec![]);
}
