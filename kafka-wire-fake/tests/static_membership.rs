//! Static membership in classic groups (KIP-345), as Kafka's coordinator
//! runs it: a static member joins without MEMBER_ID_REQUIRED; joining again
//! under its instance id it gets a new member id that takes the old one's
//! place (assignment and all) without a rebalance while the group's
//! protocol stays, or with one when it changes; the old member id is
//! FENCED_INSTANCE_ID in JoinGroup, Heartbeat, SyncGroup and OffsetCommit;
//! LeaveGroup v3+ removes a member by its instance id alone.

mod common;

use bytes::Bytes;
use common::send;
use kafka_messages::join_group::JoinGroupRequestProtocol;
use kafka_messages::leave_group::MemberIdentity;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::sync_group::SyncGroupRequestAssignment;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

fn code(raw: i16) -> ErrorCode {
    ErrorCode::from(raw)
}

fn join(member: &str, instance: Option<&str>, protocol: &str) -> JoinGroupRequest {
    JoinGroupRequest {
        group_id: "g".into(),
        session_timeout_ms: 10_000,
        rebalance_timeout_ms: 10_000,
        member_id: member.into(),
        group_instance_id: instance.map(Str::from),
        protocol_type: "consumer".into(),
        protocols: vec![JoinGroupRequestProtocol {
            name: protocol.into(),
            metadata: Bytes::from_static(b"subscription"),
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn sync(member: &Str, instance: Option<&str>, generation: i32) -> SyncGroupRequest {
    SyncGroupRequest {
        group_id: "g".into(),
        generation_id: generation,
        member_id: member.clone(),
        group_instance_id: instance.map(Str::from),
        assignments: vec![SyncGroupRequestAssignment {
            member_id: member.clone(),
            assignment: Bytes::from_static(b"assigned"),
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn heartbeat(member: &Str, instance: Option<&str>, generation: i32) -> HeartbeatRequest {
    HeartbeatRequest {
        group_id: "g".into(),
        generation_id: generation,
        member_id: member.clone(),
        group_instance_id: instance.map(Str::from),
        ..Default::default()
    }
}

fn commit(member: &Str, instance: Option<&str>, generation: i32) -> OffsetCommitRequest {
    OffsetCommitRequest {
        group_id: "g".into(),
        generation_id_or_member_epoch: generation,
        member_id: member.clone(),
        group_instance_id: instance.map(Str::from),
        topics: vec![OffsetCommitRequestTopic {
            name: "t".into(),
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: 3,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// A cluster with topic `t` and the static member `i1` joined and synced
/// (generation 1, the assignment `assigned`): its member id.
async fn started() -> (Cluster, TcpStream, Str) {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut stream, &common::create_topic("t", 1, &[]), 7).await;
    // No MEMBER_ID_REQUIRED for a static member.
    let joined = send(&mut stream, &join("", Some("i1"), "range"), 9).await;
    assert_eq!(code(joined.error_code), ErrorCode::None);
    assert_eq!(joined.generation_id, 1);
    assert!(joined.member_id.starts_with("i1-"), "{}", joined.member_id);
    assert_eq!(joined.leader, joined.member_id);
    assert_eq!(joined.members[0].group_instance_id.as_deref(), Some("i1"));
    let synced = send(&mut stream, &sync(&joined.member_id, Some("i1"), 1), 5).await;
    assert_eq!(code(synced.error_code), ErrorCode::None);
    (cluster, stream, joined.member_id)
}

#[tokio::test]
async fn a_static_member_rejoining_takes_its_old_place_without_a_rebalance() {
    let (_cluster, mut s, old) = started().await;
    let again = send(&mut s, &join("", Some("i1"), "range"), 9).await;
    assert_eq!(code(again.error_code), ErrorCode::None);
    let new = again.member_id.clone();
    assert_ne!(new, old);
    // The same generation; the old leader id named, so that the new id does
    // not assign; no members listed.
    assert_eq!(again.generation_id, 1);
    assert_eq!(again.leader, old);
    assert!(again.members.is_empty());
    assert_eq!(again.protocol_name.as_deref(), Some("range"));
    // The group stayed Stable: the new id's heartbeat is answered NONE and
    // its sync gets the old id's assignment.
    let beat = send(&mut s, &heartbeat(&new, Some("i1"), 1), 4).await;
    assert_eq!(code(beat.error_code), ErrorCode::None);
    let synced = send(&mut s, &sync(&new, Some("i1"), 1), 5).await;
    assert_eq!(code(synced.error_code), ErrorCode::None);
    assert_eq!(&synced.assignment[..], b"assigned");
    let described = send(
        &mut s,
        &DescribeGroupsRequest {
            groups: vec!["g".into()],
            ..Default::default()
        },
        5,
    )
    .await;
    let group = &described.groups[0];
    assert_eq!(group.group_state, "Stable");
    let members: Vec<(&str, Option<&str>)> = group
        .members
        .iter()
        .map(|m| (m.member_id.as_str(), m.group_instance_id.as_deref()))
        .collect();
    assert_eq!(members, [(new.as_str(), Some("i1"))]);
}

#[tokio::test]
async fn the_old_member_id_is_fenced_everywhere() {
    let (_cluster, mut s, old) = started().await;
    let new = send(&mut s, &join("", Some("i1"), "range"), 9)
        .await
        .member_id;
    let fenced = ErrorCode::FencedInstanceId;
    let beat = send(&mut s, &heartbeat(&old, Some("i1"), 1), 4).await;
    assert_eq!(code(beat.error_code), fenced);
    // Without its instance id, the old id is simply unknown.
    let beat = send(&mut s, &heartbeat(&old, None, 1), 4).await;
    assert_eq!(code(beat.error_code), ErrorCode::UnknownMemberId);
    let synced = send(&mut s, &sync(&old, Some("i1"), 1), 5).await;
    assert_eq!(code(synced.error_code), fenced);
    let committed = send(&mut s, &commit(&old, Some("i1"), 1), 8).await;
    assert_eq!(code(committed.topics[0].partitions[0].error_code), fenced);
    let committed = send(&mut s, &commit(&new, Some("i1"), 1), 8).await;
    assert_eq!(
        code(committed.topics[0].partitions[0].error_code),
        ErrorCode::None
    );
    let joined = send(&mut s, &join(&old, Some("i1"), "range"), 9).await;
    assert_eq!(code(joined.error_code), fenced);
    assert_eq!(joined.generation_id, -1);
    // An instance the group does not have.
    let beat = send(&mut s, &heartbeat(&new, Some("i2"), 1), 4).await;
    assert_eq!(code(beat.error_code), ErrorCode::UnknownMemberId);
}

#[tokio::test]
async fn a_rejoin_that_changes_the_groups_protocol_rebalances() {
    let (_cluster, mut s, old) = started().await;
    let again = send(&mut s, &join("", Some("i1"), "roundrobin"), 9).await;
    assert_eq!(code(again.error_code), ErrorCode::None);
    // Alone in the group, the rebalance ends at once: a new generation,
    // led by the new member id.
    assert_eq!(again.generation_id, 2);
    assert_eq!(again.leader, again.member_id);
    assert_ne!(again.member_id, old);
    assert_eq!(again.protocol_name.as_deref(), Some("roundrobin"));
}

#[tokio::test]
async fn leave_group_removes_a_static_member_by_its_instance_id() {
    let (_cluster, mut s, old) = started().await;
    let leave = |members: Vec<(&str, Option<&str>)>| LeaveGroupRequest {
        group_id: "g".into(),
        members: members
            .into_iter()
            .map(|(id, instance)| MemberIdentity {
                member_id: id.into(),
                group_instance_id: instance.map(Str::from),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let new = send(&mut s, &join("", Some("i1"), "range"), 9)
        .await
        .member_id;
    let answer = send(
        &mut s,
        &leave(vec![(old.as_str(), Some("i1")), ("", Some("i2"))]),
        3,
    )
    .await;
    let codes: Vec<ErrorCode> = answer.members.iter().map(|m| code(m.error_code)).collect();
    assert_eq!(
        codes,
        [ErrorCode::FencedInstanceId, ErrorCode::UnknownMemberId]
    );
    let beat = send(&mut s, &heartbeat(&new, Some("i1"), 1), 4).await;
    assert_eq!(code(beat.error_code), ErrorCode::None);
    // An admin's removal: no member id, the instance id alone.
    let answer = send(&mut s, &leave(vec![("", Some("i1"))]), 3).await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    assert_eq!(code(answer.members[0].error_code), ErrorCode::None);
    assert_eq!(answer.members[0].group_instance_id.as_deref(), Some("i1"));
    let beat = send(&mut s, &heartbeat(&new, Some("i1"), 1), 4).await;
    assert_eq!(code(beat.error_code), ErrorCode::UnknownMemberId);
}

/// The group's state, as DescribeGroups names it.
async fn state(s: &mut TcpStream) -> Str {
    let request = DescribeGroupsRequest {
        groups: vec!["g".into()],
        ..Default::default()
    };
    send(s, &request, 5).await.groups[0].group_state.clone()
}

/// Waits (at most a second) until the group is PreparingRebalance: a
/// join sent from another task has arrived.
async fn rebalancing(s: &mut TcpStream) {
    for _ in 0..200 {
        if state(s).await == "PreparingRebalance" {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("the group is {}", state(s).await);
}

#[tokio::test]
async fn a_join_waiting_under_the_old_member_id_is_fenced() {
    let (cluster, mut s, old) = started().await;
    let connect = || TcpStream::connect(cluster.bootstrap());
    // A dynamic member joins: the rebalance waits for i1, which rejoins.
    let mut c = connect().await.unwrap();
    let required = send(&mut c, &join("", None, "range"), 9).await;
    assert_eq!(code(required.error_code), ErrorCode::MemberIdRequired);
    let c_id = required.member_id.clone();
    let c_join = tokio::spawn(async move {
        let joined = send(&mut c, &join(&c_id, None, "range"), 9).await;
        (c, joined)
    });
    rebalancing(&mut s).await;
    let rejoined = send(&mut s, &join(&old, Some("i1"), "range"), 9).await;
    assert_eq!(rejoined.generation_id, 2);
    let (mut c, c_joined) = c_join.await.unwrap();
    assert_eq!(c_joined.generation_id, 2);
    // i1's old member id joins again and waits for c.
    let mut a = connect().await.unwrap();
    let waiting = tokio::spawn({
        let old = old.clone();
        async move { send(&mut a, &join(&old, Some("i1"), "range"), 9).await }
    });
    rebalancing(&mut s).await;
    // i1 joins again without its id: the waiting join is fenced.
    let mut b = connect().await.unwrap();
    let replacing =
        tokio::spawn(async move { send(&mut b, &join("", Some("i1"), "range"), 9).await });
    let fenced = tokio::time::timeout(std::time::Duration::from_secs(5), waiting)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code(fenced.error_code), ErrorCode::FencedInstanceId);
    // c rejoins: the new member id is in generation 3.
    let c_again = send(&mut c, &join(&c_joined.member_id, None, "range"), 9).await;
    assert_eq!(c_again.generation_id, 3);
    let replaced = replacing.await.unwrap();
    assert_eq!(code(replaced.error_code), ErrorCode::None);
    assert_eq!(replaced.generation_id, 3);
    assert_ne!(replaced.member_id, old);
}
