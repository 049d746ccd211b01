//! Classic groups: a member joins (getting its id with MEMBER_ID_REQUIRED),
//! a second one makes the first rejoin, both get the new generation and
//! the leader's assignments, heartbeats say when to rejoin, commits need
//! the current generation, and a leave rebalances the rest.

mod common;

use std::net::SocketAddr;
use std::thread;

use bytes::Bytes;
use common::Fake;
use kafka_messages::client::Client;
use kafka_messages::join_group::JoinGroupRequestProtocol;
use kafka_messages::leave_group::MemberIdentity;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::sync_group::SyncGroupRequestAssignment;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str};

fn join(addr: SocketAddr, member: &str, metadata: &'static [u8]) -> JoinGroupResponse {
    let request = JoinGroupRequest {
        group_id: "g".into(),
        session_timeout_ms: 10_000,
        rebalance_timeout_ms: 30_000,
        member_id: member.into(),
        protocol_type: "consumer".into(),
        protocols: vec![JoinGroupRequestProtocol {
            name: "range".into(),
            metadata: Bytes::from_static(metadata),
            ..Default::default()
        }],
        ..Default::default()
    };
    Client::connect(addr, "member")
        .unwrap()
        .send(&request, 9)
        .unwrap()
}

/// Joins as a new member: MEMBER_ID_REQUIRED, then the join with that id.
fn join_new(addr: SocketAddr, metadata: &'static [u8]) -> JoinGroupResponse {
    let first = join(addr, "", metadata);
    assert_eq!(first.error_code, ErrorCode::MemberIdRequired.code());
    assert!(!first.member_id.is_empty());
    join(addr, &first.member_id, metadata)
}

fn sync(
    addr: SocketAddr,
    member: &Str,
    generation: i32,
    assignments: &[(&Str, &'static [u8])],
) -> SyncGroupResponse {
    let request = SyncGroupRequest {
        group_id: "g".into(),
        generation_id: generation,
        member_id: member.clone(),
        protocol_type: Some("consumer".into()),
        protocol_name: Some("range".into()),
        assignments: assignments
            .iter()
            .map(|(m, a)| SyncGroupRequestAssignment {
                member_id: (*m).clone(),
                assignment: Bytes::from_static(a),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    Client::connect(addr, "member")
        .unwrap()
        .send(&request, 5)
        .unwrap()
}

fn heartbeat(addr: SocketAddr, member: &Str, generation: i32) -> ErrorCode {
    let request = HeartbeatRequest {
        group_id: "g".into(),
        generation_id: generation,
        member_id: member.clone(),
        ..Default::default()
    };
    let r = Client::connect(addr, "member")
        .unwrap()
        .send(&request, 4)
        .unwrap();
    ErrorCode::from_code(r.error_code)
}

fn commit(addr: SocketAddr, member: &Str, generation: i32) -> ErrorCode {
    let request = OffsetCommitRequest {
        group_id: "g".into(),
        generation_id_or_member_epoch: generation,
        member_id: member.clone(),
        topics: vec![OffsetCommitRequestTopic {
            name: "t".into(),
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: 3,
                committed_metadata: None,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = Client::connect(addr, "member")
        .unwrap()
        .send(&request, 9)
        .unwrap();
    ErrorCode::from_code(r.topics[0].partitions[0].error_code)
}

#[test]
fn members_join_sync_rebalance_and_leave_as_in_kafka() {
    let fake = Fake::start();
    let addr = fake.addr;

    // Alone: generation 1, leader of itself, with its own metadata.
    let a = join_new(addr, b"meta-a");
    assert_eq!((a.error_code, a.generation_id), (0, 1));
    assert_eq!(a.leader, a.member_id);
    assert_eq!(a.protocol_name.as_deref(), Some("range"));
    assert_eq!(a.members.len(), 1);
    assert_eq!(&a.members[0].metadata[..], b"meta-a");
    let s = sync(addr, &a.member_id, 1, &[(&a.member_id, b"all")]);
    assert_eq!((s.error_code, &s.assignment[..]), (0, &b"all"[..]));
    assert_eq!(heartbeat(addr, &a.member_id, 1), ErrorCode::None);
    assert_eq!(commit(addr, &a.member_id, 1), ErrorCode::None);
    assert_eq!(commit(addr, &a.member_id, 0), ErrorCode::IllegalGeneration);
    assert_eq!(
        commit(addr, &"stranger".into(), 1),
        ErrorCode::UnknownMemberId
    );

    // b joins and waits; a's heartbeat says rebalance; a rejoins; both get
    // generation 2, and only the leader (a) sees the members.
    let b = thread::spawn(move || join_new(addr, b"meta-b"));
    let mut told = ErrorCode::None;
    for _ in 0..500 {
        told = heartbeat(addr, &a.member_id, 1);
        if told != ErrorCode::None {
            break;
        }
        thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(told, ErrorCode::RebalanceInProgress);
    assert_eq!(
        commit(addr, &a.member_id, 1),
        ErrorCode::RebalanceInProgress
    );
    let a2 = join(addr, &a.member_id, b"meta-a");
    let b = b.join().unwrap();
    assert_eq!((a2.generation_id, b.generation_id), (2, 2));
    assert_eq!(
        (a2.leader.clone(), b.leader.clone()),
        (a.member_id.clone(), a.member_id.clone())
    );
    let mut metadata: Vec<&[u8]> = a2.members.iter().map(|m| &m.metadata[..]).collect();
    metadata.sort();
    assert_eq!(metadata, [&b"meta-a"[..], &b"meta-b"[..]]);
    assert!(b.members.is_empty());

    // b's sync waits for the leader's assignments.
    let b_id = b.member_id.clone();
    let b_sync = thread::spawn(move || sync(addr, &b_id, 2, &[]));
    let a_sync = sync(
        addr,
        &a.member_id,
        2,
        &[(&a.member_id, b"p0"), (&b.member_id, b"p1")],
    );
    assert_eq!(&a_sync.assignment[..], b"p0");
    let b_sync = b_sync.join().unwrap();
    assert_eq!((b_sync.error_code, &b_sync.assignment[..]), (0, &b"p1"[..]));
    assert_eq!(heartbeat(addr, &b.member_id, 2), ErrorCode::None);
    assert_eq!(
        heartbeat(addr, &b.member_id, 1),
        ErrorCode::IllegalGeneration
    );

    // a leaves: b is told to rejoin, and is alone in generation 3.
    let leave = LeaveGroupRequest {
        group_id: "g".into(),
        members: vec![MemberIdentity {
            member_id: a.member_id.clone(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let left = Client::connect(addr, "member")
        .unwrap()
        .send(&leave, 5)
        .unwrap();
    assert_eq!(left.members[0].error_code, 0);
    assert_eq!(
        heartbeat(addr, &b.member_id, 2),
        ErrorCode::RebalanceInProgress
    );
    let b3 = join(addr, &b.member_id, b"meta-b");
    assert_eq!(
        (b3.generation_id, b3.leader.clone()),
        (3, b.member_id.clone())
    );
    // An id the group never gave is refused.
    assert_eq!(
        join(addr, "made-up", b"x").error_code,
        ErrorCode::UnknownMemberId.code()
    );
}
