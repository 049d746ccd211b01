//! KIP-848 consumer groups: two members join with ConsumerGroupHeartbeat,
//! the `uniform` assignor splits the partitions, the first member revokes
//! before the second gets its partition, epochs move as Kafka moves them,
//! commits are checked at the member epoch, a leave hands the partitions
//! back; and Kafka's refusals of a bad heartbeat. Fields are exact.

mod common;

use common::Fake;
use kafka_messages::client::Client;
use kafka_messages::consumer_group_heartbeat::TopicPartitions;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};
use kafka_wire_fake::Cluster;

fn client(fake: &Fake) -> Client {
    fake.client("848-test")
}

/// A heartbeat of `member` at `epoch`: a join (epoch 0) subscribes to `t`;
/// `owned` is what the member says it holds.
fn beat(
    member: &str,
    epoch: i32,
    topic: Uuid,
    owned: Option<&[i32]>,
) -> ConsumerGroupHeartbeatRequest {
    ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        member_epoch: epoch,
        rebalance_timeout_ms: if epoch == 0 { 30_000 } else { -1 },
        subscribed_topic_names: (epoch == 0).then(|| vec![Str::from("t")]),
        topic_partitions: owned.map(|ps| {
            if ps.is_empty() {
                Vec::new()
            } else {
                vec![TopicPartitions {
                    topic_id: topic,
                    partitions: ps.to_vec(),
                    ..Default::default()
                }]
            }
        }),
        ..Default::default()
    }
}

/// The answer's (error, member id, epoch, interval, assigned partitions of
/// `t`, or `None` when no assignment was sent).
fn send(
    c: &mut Client,
    r: &ConsumerGroupHeartbeatRequest,
    topic: Uuid,
) -> (ErrorCode, Option<String>, i32, i32, Option<Vec<i32>>) {
    let a = c.send(r, 1).unwrap();
    let assigned = a.assignment.map(|a| {
        a.topic_partitions
            .iter()
            .inspect(|t| assert_eq!(t.topic_id, topic))
            .flat_map(|t| t.partitions.clone())
            .collect()
    });
    (
        ErrorCode::from_code(a.error_code),
        a.member_id.map(|m| m.to_string()),
        a.member_epoch,
        a.heartbeat_interval_ms,
        assigned,
    )
}

fn ok(
    member: &str,
    epoch: i32,
    assigned: Option<Vec<i32>>,
) -> (ErrorCode, Option<String>, i32, i32, Option<Vec<i32>>) {
    (ErrorCode::None, Some(member.into()), epoch, 5_000, assigned)
}

fn commit(c: &mut Client, member: &str, epoch: i32) -> ErrorCode {
    let request = OffsetCommitRequest {
        group_id: "g".into(),
        generation_id_or_member_epoch: epoch,
        member_id: member.into(),
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
    };
    ErrorCode::from_code(c.send(&request, 9).unwrap().topics[0].partitions[0].error_code)
}

#[test]
fn two_members_split_the_partitions_revoking_before_assigning() {
    let fake = Fake::start();
    let t = fake.topic_id;
    let mut c = client(&fake);
    // The first member gets both partitions at group epoch 2 (a new group
    // is at 1, as Kafka 4.4 numbers it).
    assert_eq!(
        send(&mut c, &beat("m1", 0, t, Some(&[])), t),
        ok("m1", 2, Some(vec![0, 1]))
    );
    // The second joins (epoch 3): its target is partition 1, still m1's
    // (m1 keeps its lowest partition, as Kafka's uniform assignor does).
    assert_eq!(
        send(&mut c, &beat("m2", 0, t, Some(&[])), t),
        ok("m2", 3, Some(vec![]))
    );
    // m1 is told to give up 1, at its old epoch until it has.
    assert_eq!(
        send(&mut c, &beat("m1", 2, t, Some(&[0, 1])), t),
        ok("m1", 2, Some(vec![0]))
    );
    // Until then m2 waits for 1.
    assert_eq!(
        send(&mut c, &beat("m2", 3, t, Some(&[])), t),
        ok("m2", 3, None)
    );
    // m1 no longer owns 1: it reaches epoch 3, its assignment unchanged.
    assert_eq!(
        send(&mut c, &beat("m1", 2, t, Some(&[0])), t),
        ok("m1", 3, None)
    );
    assert_eq!(
        send(&mut c, &beat("m2", 3, t, Some(&[])), t),
        ok("m2", 3, Some(vec![1]))
    );
    // ConsumerGroupDescribe: the epochs, each member's assignment and target.
    let describe = ConsumerGroupDescribeRequest {
        group_ids: vec!["g".into(), "nobody".into()],
        ..Default::default()
    };
    let r = c.send(&describe, 1).unwrap();
    let g = &r.groups[0];
    assert_eq!(
        (
            g.error_code,
            g.group_state.as_str(),
            g.group_epoch,
            g.assignment_epoch,
            g.assignor_name.as_str()
        ),
        (0, "Stable", 3, 3, "uniform")
    );
    let members: Vec<_> = g
        .members
        .iter()
        .map(|m| {
            let parts = |a: &consumer_group_describe::Assignment| -> Vec<(String, Vec<i32>)> {
                a.topic_partitions
                    .iter()
                    .inspect(|tp| assert_eq!(tp.topic_id, t))
                    .map(|tp| (tp.topic_name.to_string(), tp.partitions.clone()))
                    .collect()
            };
            (
                m.member_id.to_string(),
                m.member_epoch,
                m.client_id.to_string(),
                m.client_host.to_string(),
                m.subscribed_topic_names
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
                parts(&m.assignment),
                parts(&m.target_assignment),
                m.member_type,
            )
        })
        .collect();
    let member = |id: &str, p: i32| {
        let t = vec![("t".to_string(), vec![p])];
        (
            id.to_string(),
            3,
            "848-test".to_string(),
            "/127.0.0.1".to_string(),
            vec!["t".to_string()],
            t.clone(),
            t,
            1,
        )
    };
    assert_eq!(members, vec![member("m1", 0), member("m2", 1)]);
    let unknown = &r.groups[1];
    assert_eq!(
        (
            ErrorCode::from_code(unknown.error_code),
            unknown.error_message.as_deref()
        ),
        (ErrorCode::GroupIdNotFound, Some("Group nobody not found."))
    );
    // An old epoch is fenced.
    let fenced = send(&mut c, &beat("m1", 2, t, None), t);
    assert_eq!(
        (fenced.0, fenced.1, fenced.4),
        (ErrorCode::FencedMemberEpoch, None, None)
    );
    // Commits are at the member epoch.
    assert_eq!(commit(&mut c, "m2", 3), ErrorCode::None);
    assert_eq!(commit(&mut c, "m2", 2), ErrorCode::StaleMemberEpoch);
    assert_eq!(commit(&mut c, "nobody", 3), ErrorCode::UnknownMemberId);
    let listed = c.send(&ListGroupsRequest::default(), 5).unwrap();
    let g = &listed.groups[0];
    assert_eq!(
        (
            g.group_id.as_str(),
            g.protocol_type.as_str(),
            g.group_state.as_str(),
            g.group_type.as_str()
        ),
        ("g", "consumer", "Stable", "consumer")
    );
    let delete = DeleteGroupsRequest {
        groups_names: vec!["g".into()],
        ..Default::default()
    };
    assert_eq!(
        c.send(&delete, 2).unwrap().results[0].error_code,
        ErrorCode::NonEmptyGroup.code()
    );
    // m1 leaves (epoch -1): m2 gets partition 0 too, at group epoch 4.
    let left = send(&mut c, &beat("m1", -1, t, None), t);
    assert_eq!(left, (ErrorCode::None, Some("m1".into()), -1, 0, None));
    assert_eq!(
        send(&mut c, &beat("m2", 3, t, Some(&[1])), t),
        ok("m2", 4, Some(vec![0, 1]))
    );
}

/// A member over its share keeps its lowest partitions and gives up the
/// others, as Kafka 4.4's `UniformHomogeneousAssignmentBuilder` keeps the
/// first of a member's partitions up to its quota: four partitions held by
/// one member, a second joins, the first keeps 0 and 1 and the second gets
/// 2 and 3 (what two Java consumers of `group.protocol=consumer` were
/// given by a Kafka 4.4 broker, scripts/fake-java.sh).
#[test]
fn the_uniform_assignor_keeps_a_members_lowest_partitions() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let created = c.send(&common::create_topic("four", 4, &[]), 7).unwrap();
    let f = created.topics[0].topic_id;
    let join = |member: &str| {
        let mut b = beat(member, 0, f, Some(&[]));
        b.subscribed_topic_names = Some(vec![Str::from("four")]);
        b
    };
    assert_eq!(
        send(&mut c, &join("m1"), f),
        ok("m1", 2, Some(vec![0, 1, 2, 3]))
    );
    assert_eq!(send(&mut c, &join("m2"), f), ok("m2", 3, Some(vec![])));
    assert_eq!(
        send(&mut c, &beat("m1", 2, f, Some(&[0, 1, 2, 3])), f),
        ok("m1", 2, Some(vec![0, 1]))
    );
    assert_eq!(
        send(&mut c, &beat("m1", 2, f, Some(&[0, 1])), f),
        ok("m1", 3, None)
    );
    assert_eq!(
        send(&mut c, &beat("m2", 3, f, Some(&[])), f),
        ok("m2", 3, Some(vec![2, 3]))
    );
}

#[test]
fn bad_heartbeats_get_kafkas_refusals() {
    let fake = Fake::start();
    let t = fake.topic_id;
    let mut c = client(&fake);
    let refused = |c: &mut Client, r: &ConsumerGroupHeartbeatRequest, version: i16| {
        let a = c.send(r, version).unwrap();
        (
            ErrorCode::from_code(a.error_code),
            a.error_message.map(|m| m.to_string()),
        )
    };
    let invalid = |m: &str| (ErrorCode::InvalidRequest, Some(m.to_string()));
    assert_eq!(
        refused(&mut c, &beat("", 0, t, Some(&[])), 1),
        invalid("MemberId can't be empty.")
    );
    let mut no_subscription = beat("m", 0, t, Some(&[]));
    no_subscription.subscribed_topic_names = None;
    assert_eq!(
        refused(&mut c, &no_subscription, 1),
        invalid("SubscribedTopicNames or SubscribedTopicRegex must be set in first request.")
    );
    let mut sticky = beat("m", 0, t, Some(&[]));
    sticky.server_assignor = Some("sticky".into());
    assert_eq!(
        refused(&mut c, &sticky, 1),
        (
            ErrorCode::UnsupportedAssignor,
            Some("Assignor sticky is not supported. Supported assignors: uniform, range.".into())
        )
    );
    let mut bad_regex = beat("m", 0, t, Some(&[]));
    bad_regex.subscribed_topic_regex = Some("(".into());
    assert_eq!(
        refused(&mut c, &bad_regex, 1).0,
        ErrorCode::InvalidRegularExpression
    );
    assert_eq!(
        refused(&mut c, &beat("m", 5, t, None), 1),
        (
            ErrorCode::GroupIdNotFound,
            Some("Consumer group g not found.".into())
        )
    );
    // v0: the coordinator names the member (before KIP-1082).
    let joined = c.send(&beat("", 0, t, Some(&[])), 0).unwrap();
    assert_eq!((joined.error_code, joined.member_epoch), (0, 2));
    assert!(joined.member_id.is_some_and(|m| !m.is_empty()));
    let unknown = refused(&mut c, &beat("stranger", 2, t, None), 1);
    assert_eq!(unknown.0, ErrorCode::UnknownMemberId);
}

#[test]
fn a_regular_expression_subscribes_to_the_topics_it_matches_whole() {
    let fake = Fake::start();
    let t = fake.topic_id;
    let mut c = client(&fake);
    let mut join = beat("m", 0, t, Some(&[]));
    join.subscribed_topic_names = None;
    join.subscribed_topic_regex = Some("t|u.*".into());
    assert_eq!(send(&mut c, &join, t), ok("m", 2, Some(vec![0, 1])));
    let mut other = beat("n", 0, t, Some(&[]));
    other.group_id = "h".into();
    other.subscribed_topic_names = None;
    other.subscribed_topic_regex = Some("x|".into());
    // "x|" matches "x" or "", never all of "t".
    assert_eq!(send(&mut c, &other, t), ok("n", 2, Some(vec![])));
}

#[tokio::test(start_paused = true)]
async fn a_member_silent_past_its_session_leaves_and_its_partitions_move() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = tokio::net::TcpStream::connect(cluster.bootstrap())
        .await
        .unwrap();
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "t".into(),
            num_partitions: 2,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let t = common::send(&mut s, &create, 7).await.topics[0].topic_id;
    let epoch = |r: &ConsumerGroupHeartbeatResponse| (r.error_code, r.member_epoch);
    assert_eq!(
        epoch(&common::send(&mut s, &beat("m1", 0, t, Some(&[])), 1).await),
        (0, 2)
    );
    tokio::time::advance(std::time::Duration::from_secs(44)).await;
    assert_eq!(
        epoch(&common::send(&mut s, &beat("m2", 0, t, Some(&[])), 1).await),
        (0, 3)
    );
    // m1's 45 s session runs out; at m2's next heartbeat it is gone.
    tokio::time::advance(std::time::Duration::from_secs(2)).await;
    let r = common::send(&mut s, &beat("m2", 3, t, Some(&[])), 1).await;
    assert_eq!(epoch(&r), (0, 4));
    let assigned: Vec<i32> = r.assignment.unwrap().topic_partitions[0].partitions.clone();
    assert_eq!(assigned, vec![0, 1]);
    let gone = common::send(&mut s, &beat("m1", 2, t, None), 1).await;
    assert_eq!(
        ErrorCode::from_code(gone.error_code),
        ErrorCode::UnknownMemberId
    );
    cluster.shutdown().await;
}

#[test]
fn the_range_assignor_gives_each_member_a_run_of_partitions() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let created = c.send(&common::create_topic("r", 5, &[]), 7).unwrap();
    let r = created.topics[0].topic_id;
    let join = |member: &str, assignor: &str| {
        let mut b = beat(member, 0, r, Some(&[]));
        b.subscribed_topic_names = Some(vec![Str::from("r")]);
        b.server_assignor = Some(assignor.into());
        b
    };
    assert_eq!(send(&mut c, &join("m1", "range"), r).0, ErrorCode::None);
    assert_eq!(send(&mut c, &join("m2", "range"), r).0, ErrorCode::None);
    let describe = |c: &mut Client| {
        let d = c
            .send(
                &ConsumerGroupDescribeRequest {
                    group_ids: vec!["g".into()],
                    ..Default::default()
                },
                0,
            )
            .unwrap();
        let g = &d.groups[0];
        let targets: Vec<(String, Vec<i32>)> = g
            .members
            .iter()
            .map(|m| {
                let parts = m.target_assignment.topic_partitions.iter();
                (
                    m.member_id.to_string(),
                    parts.flat_map(|t| t.partitions.clone()).collect(),
                )
            })
            .collect();
        (g.assignor_name.to_string(), targets)
    };
    // Five partitions over two members: a run of three, then two.
    assert_eq!(
        describe(&mut c),
        (
            "range".into(),
            vec![("m1".into(), vec![0, 1, 2]), ("m2".into(), vec![3, 4])]
        )
    );
    // A third member asking for `uniform` leaves `range` the most asked for.
    assert_eq!(send(&mut c, &join("m3", "uniform"), r).0, ErrorCode::None);
    assert_eq!(
        describe(&mut c),
        (
            "range".into(),
            vec![
                ("m1".into(), vec![0, 1]),
                ("m2".into(), vec![2, 3]),
                ("m3".into(), vec![4])
            ]
        )
    );
}

#[tokio::test]
async fn a_full_group_refuses_another_member() {
    let cluster = Cluster::builder()
        .consumer_group_max_size(1)
        .start()
        .await
        .unwrap();
    let mut s = tokio::net::TcpStream::connect(cluster.bootstrap())
        .await
        .unwrap();
    let t = common::send(&mut s, &common::create_topic("t", 2, &[]), 7)
        .await
        .topics[0]
        .topic_id;
    let answer =
        |r: ConsumerGroupHeartbeatResponse| (r.error_code, r.error_message, r.member_epoch);
    assert_eq!(
        answer(common::send(&mut s, &beat("m1", 0, t, Some(&[])), 1).await),
        (0, None, 2)
    );
    assert_eq!(
        answer(common::send(&mut s, &beat("m2", 0, t, Some(&[])), 1).await),
        (
            ErrorCode::GroupMaxSizeReached.code(),
            Some("The consumer group has reached its maximum capacity of 1 members.".into()),
            0
        )
    );
    // Once m1 leaves, there is room.
    common::send(&mut s, &beat("m1", -1, t, None), 1).await;
    assert_eq!(
        answer(common::send(&mut s, &beat("m2", 0, t, Some(&[])), 1).await).0,
        0
    );
    cluster.shutdown().await;
}

/// Each member's target assignment, by topic name, from ConsumerGroupDescribe.
type Targets = Vec<(String, Vec<(String, Vec<i32>)>)>;

fn targets(c: &mut Client) -> Targets {
    let d = c
        .send(
            &ConsumerGroupDescribeRequest {
                group_ids: vec!["g".into()],
                ..Default::default()
            },
            0,
        )
        .unwrap();
    let g = &d.groups[0];
    assert_eq!(g.assignor_name.as_str(), "range");
    g.members
        .iter()
        .map(|m| {
            let mut topics: Vec<(String, Vec<i32>)> = m
                .target_assignment
                .topic_partitions
                .iter()
                .map(|t| {
                    let mut ps = t.partitions.clone();
                    ps.sort_unstable();
                    (t.topic_name.to_string(), ps)
                })
                .collect();
            topics.sort();
            (m.member_id.to_string(), topics)
        })
        .collect()
}

/// A range join of `member` (static as `instance`, if given) to `topics`.
fn range_join(
    member: &str,
    instance: Option<&str>,
    topics: &[&str],
) -> ConsumerGroupHeartbeatRequest {
    ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        instance_id: instance.map(Str::from),
        member_epoch: 0,
        rebalance_timeout_ms: 30_000,
        subscribed_topic_names: Some(topics.iter().map(|&t| Str::from(t)).collect()),
        server_assignor: Some("range".into()),
        topic_partitions: Some(Vec::new()),
        ..Default::default()
    }
}

fn range_leave(member: &str) -> ConsumerGroupHeartbeatRequest {
    ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        member_epoch: -1,
        ..Default::default()
    }
}

/// A heartbeat of `member` at its current epoch (read from
/// ConsumerGroupDescribe), saying nothing new.
fn heartbeat_of(c: &mut Client, member: &str) -> ConsumerGroupHeartbeatRequest {
    let d = c
        .send(
            &ConsumerGroupDescribeRequest {
                group_ids: vec!["g".into()],
                ..Default::default()
            },
            0,
        )
        .unwrap();
    let epoch = d.groups[0]
        .members
        .iter()
        .find(|m| m.member_id.as_str() == member)
        .map(|m| m.member_epoch)
        .unwrap();
    ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        member_epoch: epoch,
        rebalance_timeout_ms: -1,
        ..Default::default()
    }
}

/// A member's expected runs: (topic, partitions).
type Runs<'a> = &'a [(&'a str, &'a [i32])];

fn expect(rows: &[(&str, Runs<'_>)]) -> Targets {
    rows.iter()
        .map(|(m, ts)| {
            (
                (*m).to_string(),
                ts.iter()
                    .map(|(t, ps)| ((*t).to_string(), ps.to_vec()))
                    .collect(),
            )
        })
        .collect()
}

/// Kafka 4.4's server-side `RangeAssignor` (group coordinator, 4.x) keeps no
/// partitions from the previous target: each epoch it lays the ranges out
/// afresh over the members sorted by instance id (static members first),
/// then member id. The first server-side assignor (Kafka 3.x) kept each
/// member's partitions up to its quota; these are 4.x's answers, worked out
/// from its source: `sortMemberIds` and `addPartitionsToAssignment`.
#[test]
fn the_range_assignor_lays_out_ranges_as_kafka_4_does_when_members_join_and_leave() {
    let fake = Fake::start();
    let mut c = client(&fake);
    c.send(&common::create_topic("r", 5, &[]), 7).unwrap();
    let joined = |c: &mut Client, r: &ConsumerGroupHeartbeatRequest| {
        let a = c.send(r, 1).unwrap();
        assert_eq!(ErrorCode::from_code(a.error_code), ErrorCode::None, "{a:?}");
    };
    joined(&mut c, &range_join("m1", None, &["r"]));
    joined(&mut c, &range_join("m3", None, &["r"]));
    assert_eq!(
        targets(&mut c),
        expect(&[("m1", &[("r", &[0, 1, 2])]), ("m3", &[("r", &[3, 4])])])
    );
    // m2 joins between them: the runs move with the order, m3 gives up 3.
    joined(&mut c, &range_join("m2", None, &["r"]));
    assert_eq!(
        targets(&mut c),
        expect(&[
            ("m1", &[("r", &[0, 1])]),
            ("m2", &[("r", &[2, 3])]),
            ("m3", &[("r", &[4])])
        ])
    );
    // m1 leaves: at m2's next heartbeat (the target follows the group
    // epoch there, as Kafka's does) m2 takes the first run, not [0, 2, 3]
    // (3.x's sticky answer, keeping its 2 and 3), and m3 [3, 4].
    joined(&mut c, &range_leave("m1"));
    let beat = heartbeat_of(&mut c, "m2");
    joined(&mut c, &beat);
    assert_eq!(
        targets(&mut c),
        expect(&[("m2", &[("r", &[0, 1, 2])]), ("m3", &[("r", &[3, 4])])])
    );
}

/// Static members (an instance id) come first in the ranges, by instance id,
/// whatever their member ids: a static member that comes back under a new
/// member id gets its run back.
#[test]
fn the_range_assignor_orders_static_members_by_instance_id_first() {
    let fake = Fake::start();
    let mut c = client(&fake);
    c.send(&common::create_topic("r", 5, &[]), 7).unwrap();
    let joined = |c: &mut Client, r: &ConsumerGroupHeartbeatRequest| {
        let a = c.send(r, 1).unwrap();
        assert_eq!(ErrorCode::from_code(a.error_code), ErrorCode::None, "{a:?}");
    };
    joined(&mut c, &range_join("a", None, &["r"]));
    joined(&mut c, &range_join("b", Some("i2"), &["r"]));
    joined(&mut c, &range_join("c", Some("i1"), &["r"]));
    // c (i1), b (i2), then the dynamic a.
    assert_eq!(
        targets(&mut c),
        expect(&[
            ("a", &[("r", &[4])]),
            ("b", &[("r", &[2, 3])]),
            ("c", &[("r", &[0, 1])])
        ])
    );
    joined(&mut c, &range_leave("c"));
    let beat = heartbeat_of(&mut c, "a");
    joined(&mut c, &beat);
    assert_eq!(
        targets(&mut c),
        expect(&[("a", &[("r", &[3, 4])]), ("b", &[("r", &[0, 1, 2])])])
    );
    // i1 comes back as member z: the first run is its again.
    joined(&mut c, &range_join("z", Some("i1"), &["r"]));
    assert_eq!(
        targets(&mut c),
        expect(&[
            ("a", &[("r", &[4])]),
            ("b", &[("r", &[2, 3])]),
            ("z", &[("r", &[0, 1])])
        ])
    );
}

/// Members subscribed to different topics: each topic's partitions are
/// split over its own subscribers, in the same member order, the first
/// `partitions % subscribers` one more (Kafka's `assignHeterogeneousGroup`).
#[test]
fn the_range_assignor_splits_each_topic_over_its_subscribers() {
    let fake = Fake::start();
    let mut c = client(&fake);
    c.send(&common::create_topic("x", 3, &[]), 7).unwrap();
    c.send(&common::create_topic("y", 2, &[]), 7).unwrap();
    let joined = |c: &mut Client, r: &ConsumerGroupHeartbeatRequest| {
        let a = c.send(r, 1).unwrap();
        assert_eq!(ErrorCode::from_code(a.error_code), ErrorCode::None, "{a:?}");
    };
    joined(&mut c, &range_join("m1", None, &["x", "y"]));
    joined(&mut c, &range_join("m2", None, &["x"]));
    joined(&mut c, &range_join("m3", None, &["y"]));
    assert_eq!(
        targets(&mut c),
        expect(&[
            ("m1", &[("x", &[0, 1]), ("y", &[0])]),
            ("m2", &[("x", &[2])]),
            ("m3", &[("y", &[1])])
        ])
    );
    // More subscribers than partitions: the last get none of the topic;
    // the static m4 comes first for `y`.
    joined(&mut c, &range_join("m4", Some("s"), &["y"]));
    assert_eq!(
        targets(&mut c),
        expect(&[
            ("m1", &[("x", &[0, 1]), ("y", &[1])]),
            ("m2", &[("x", &[2])]),
            ("m3", &[]),
            ("m4", &[("y", &[0])])
        ])
    );
    // A subscription to a topic the cluster does not have adds nothing.
    joined(&mut c, &range_join("m5", None, &["nope"]));
    assert_eq!(targets(&mut c).last().unwrap(), &("m5".to_string(), vec![]));
}
