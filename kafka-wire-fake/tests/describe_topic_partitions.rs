//! DescribeTopicPartitions (KIP-966, v0) as Kafka 4.4 answers it: every
//! topic sorted by name, named topics (unknown, invalid, internal, repeated),
//! each partition as Metadata shows it, paging with the limit and the cursor
//! (a topic cut short, a limit reached exactly, the broker's cap of 2000),
//! and hostile requests answered as Kafka's handler answers them. The
//! authorizer's part is in tests/acls.rs; the side-by-side run
//! (tests/live_fake_vs_kafka.rs) holds the same against a broker.

mod common;

use common::send;
use kafka_messages::describe_topic_partitions::{
    Cursor, DescribeTopicPartitionsResponsePartition, DescribeTopicPartitionsResponseTopic,
    ResponseCursor, TopicRequest,
};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

/// Every operation on a topic, as answered without an authorizer.
const TOPIC_OPS: i32 = 3576;
/// The schema's default of an answer's authorized operations.
const NO_OPS: i32 = i32::MIN;

fn request(
    names: &[&str],
    limit: i32,
    cursor: Option<(&str, i32)>,
) -> DescribeTopicPartitionsRequest {
    DescribeTopicPartitionsRequest {
        topics: names
            .iter()
            .map(|&n| TopicRequest {
                name: n.into(),
                ..Default::default()
            })
            .collect(),
        response_partition_limit: limit,
        cursor: cursor.map(|(topic, partition)| Cursor {
            topic_name: topic.into(),
            partition_index: partition,
            ..Default::default()
        }),
        ..Default::default()
    }
}

async fn describe(
    s: &mut TcpStream,
    names: &[&str],
    limit: i32,
    cursor: Option<(&str, i32)>,
) -> DescribeTopicPartitionsResponse {
    send(s, &request(names, limit, cursor), 0).await
}

/// Each topic's name, error and partition indexes, and the next cursor.
type Pages = (Vec<(String, ErrorCode, Vec<i32>)>, Option<(String, i32)>);

fn pages(r: &DescribeTopicPartitionsResponse) -> Pages {
    (
        r.topics
            .iter()
            .map(|t| {
                (
                    t.name.as_deref().unwrap_or("").to_owned(),
                    ErrorCode::from(t.error_code),
                    t.partitions.iter().map(|p| p.partition_index).collect(),
                )
            })
            .collect(),
        r.next_cursor
            .as_ref()
            .map(|c| (c.topic_name.to_string(), c.partition_index)),
    )
}

fn topic_row(name: &str, code: ErrorCode, partitions: &[i32]) -> (String, ErrorCode, Vec<i32>) {
    (name.to_owned(), code, partitions.to_vec())
}

fn cursor(topic: &str, partition: i32) -> Option<(String, i32)> {
    Some((topic.to_owned(), partition))
}

/// A one-node cluster with `a` (3 partitions), `b` (1) and `c` (2).
async fn abc() -> (Cluster, TcpStream) {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    for (name, partitions) in [("a", 3), ("b", 1), ("c", 2)] {
        let created = send(&mut s, &common::create_topic(name, partitions, &[]), 7).await;
        assert_eq!(
            ErrorCode::from(created.topics[0].error_code),
            ErrorCode::None
        );
    }
    (cluster, s)
}

/// Metadata of every topic (a null list).
fn every_topic() -> MetadataRequest {
    MetadataRequest {
        topics: None,
        ..Default::default()
    }
}

/// The ids Metadata gives the topics, by name.
async fn topic_ids(s: &mut TcpStream) -> std::collections::BTreeMap<String, Uuid> {
    let m = send(s, &every_topic(), 12).await;
    m.topics
        .iter()
        .map(|t| (t.name.as_deref().unwrap_or("").to_owned(), t.topic_id))
        .collect()
}

/// A partition led by `leader` at `epoch`, as a cluster without ELR answers it.
fn partition(
    index: i32,
    leader: i32,
    epoch: i32,
    replicas: &[i32],
    isr: &[i32],
    offline: &[i32],
) -> DescribeTopicPartitionsResponsePartition {
    DescribeTopicPartitionsResponsePartition {
        error_code: 0,
        partition_index: index,
        leader_id: leader,
        leader_epoch: epoch,
        replica_nodes: replicas.iter().copied().collect(),
        isr_nodes: isr.iter().copied().collect(),
        eligible_leader_replicas: Some(Default::default()),
        last_known_elr: Some(Default::default()),
        offline_replicas: offline.iter().copied().collect(),
        ..Default::default()
    }
}

fn found(
    name: &str,
    id: Uuid,
    partitions: Vec<DescribeTopicPartitionsResponsePartition>,
) -> DescribeTopicPartitionsResponseTopic {
    DescribeTopicPartitionsResponseTopic {
        error_code: 0,
        name: Some(name.into()),
        topic_id: id,
        is_internal: false,
        partitions,
        topic_authorized_operations: TOPIC_OPS,
        ..Default::default()
    }
}

fn missing(name: &str, code: ErrorCode, internal: bool) -> DescribeTopicPartitionsResponseTopic {
    DescribeTopicPartitionsResponseTopic {
        error_code: code.code(),
        name: Some(name.into()),
        topic_id: Uuid::default(),
        is_internal: internal,
        partitions: Vec::new(),
        topic_authorized_operations: TOPIC_OPS,
        ..Default::default()
    }
}

#[tokio::test]
async fn is_advertised_at_v0_and_its_request_defaults_to_kafkas_limit() {
    let (cluster, _s) = abc().await;
    assert_eq!(
        cluster.versions(ApiKey::DescribeTopicPartitions),
        Some(kafka_wire::VersionRange::new(0, 0))
    );
    assert_eq!(
        DescribeTopicPartitionsRequest::default().response_partition_limit,
        2000
    );
}

#[tokio::test]
async fn every_topic_sorted_each_partition_as_metadata_shows_it() {
    let cluster = Cluster::builder().nodes(3).start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap_addrs()[0])
        .await
        .unwrap();
    // Created out of name order: the answer is by name all the same.
    for (name, partitions) in [("c", 2), ("a", 3), ("b", 1)] {
        let mut create = common::create_topic(name, partitions, &[]);
        create.topics[0].replication_factor = 2;
        let created = send(&mut s, &create, 7).await;
        assert_eq!(
            ErrorCode::from(created.topics[0].error_code),
            ErrorCode::None
        );
    }
    let ids = topic_ids(&mut s).await;
    let r = describe(&mut s, &[], 2000, None).await;
    // The k-th topic created has partition p first led by node
    // (k + p) mod 3, its replicas that node and the next: c is the 0th.
    let expected = DescribeTopicPartitionsResponse {
        topics: vec![
            found(
                "a",
                ids["a"],
                vec![
                    partition(0, 2, 0, &[2, 3], &[2, 3], &[]),
                    partition(1, 3, 0, &[3, 1], &[3, 1], &[]),
                    partition(2, 1, 0, &[1, 2], &[1, 2], &[]),
                ],
            ),
            found(
                "b",
                ids["b"],
                vec![partition(0, 3, 0, &[3, 1], &[3, 1], &[])],
            ),
            found(
                "c",
                ids["c"],
                vec![
                    partition(0, 1, 0, &[1, 2], &[1, 2], &[]),
                    partition(1, 2, 0, &[2, 3], &[2, 3], &[]),
                ],
            ),
        ],
        next_cursor: None,
        ..Default::default()
    };
    assert_eq!(r, expected);

    // A stopped node: its replicas offline and out of the ISR, the
    // partitions it led moved to the next replica at the next epoch; as
    // Metadata shows them, partition by partition.
    let mut cluster = cluster;
    cluster.stop_node(3).await.unwrap();
    let r = describe(&mut s, &[], 2000, None).await;
    let a = &r.topics[0].partitions;
    assert_eq!(a[0], partition(0, 2, 0, &[2, 3], &[2], &[3]));
    assert_eq!(a[1], partition(1, 1, 1, &[3, 1], &[1], &[3]));
    let m = send(&mut s, &every_topic(), 12).await;
    let described: Vec<_> = r
        .topics
        .iter()
        .flat_map(|t| t.partitions.iter().map(move |p| (t.name.clone(), p)))
        .map(|(name, p)| {
            let facts = (
                p.leader_id,
                p.leader_epoch,
                p.replica_nodes.to_vec(),
                p.isr_nodes.to_vec(),
                p.offline_replicas.to_vec(),
            );
            (name, p.partition_index, facts)
        })
        .collect();
    let listed: Vec<_> = m
        .topics
        .iter()
        .flat_map(|t| t.partitions.iter().map(move |p| (t.name.clone(), p)))
        .map(|(name, p)| {
            let facts = (
                p.leader_id,
                p.leader_epoch,
                p.replica_nodes.to_vec(),
                p.isr_nodes.to_vec(),
                p.offline_replicas.to_vec(),
            );
            (name, p.partition_index, facts)
        })
        .collect();
    assert_eq!(described, listed);
    cluster.shutdown().await;
}

#[tokio::test]
async fn named_topics_once_each_sorted_with_unknown_invalid_and_internal_ones() {
    let (_cluster, mut s) = abc().await;
    let ids = topic_ids(&mut s).await;
    let r = describe(
        &mut s,
        &["c", "nope", "a", "bad/name", "__consumer_offsets", "c"],
        2000,
        None,
    )
    .await;
    let one = |index| partition(index, 1, 0, &[1], &[1], &[]);
    let expected = DescribeTopicPartitionsResponse {
        topics: vec![
            // `_` sorts before the letters; a name of Kafka's internal
            // topics is internal whether the topic exists or not.
            missing(
                "__consumer_offsets",
                ErrorCode::UnknownTopicOrPartition,
                true,
            ),
            found("a", ids["a"], vec![one(0), one(1), one(2)]),
            missing("bad/name", ErrorCode::InvalidTopicException, false),
            found("c", ids["c"], vec![one(0), one(1)]),
            missing("nope", ErrorCode::UnknownTopicOrPartition, false),
        ],
        next_cursor: None,
        ..Default::default()
    };
    assert_eq!(r, expected);
}

#[tokio::test]
async fn pages_follow_the_cursor_until_it_is_null() {
    let (_cluster, mut s) = abc().await;
    // Every topic, two partitions a page: `a` is cut short at 2; then its
    // last partition and `b` fill the page exactly, and the cursor is `c`
    // from its start; then `c` whole, and no cursor.
    let r = describe(&mut s, &[], 2, None).await;
    assert_eq!(
        pages(&r),
        (
            vec![topic_row("a", ErrorCode::None, &[0, 1])],
            cursor("a", 2)
        )
    );
    let r = describe(&mut s, &[], 2, Some(("a", 2))).await;
    assert_eq!(
        pages(&r),
        (
            vec![
                topic_row("a", ErrorCode::None, &[2]),
                topic_row("b", ErrorCode::None, &[0])
            ],
            cursor("c", 0)
        )
    );
    let r = describe(&mut s, &[], 2, Some(("c", 0))).await;
    assert_eq!(
        pages(&r),
        (vec![topic_row("c", ErrorCode::None, &[0, 1])], None)
    );

    // Named, one partition a page: the limit reached at the end of `c`, the
    // cursor names the unknown topic after it, which the last page answers
    // (it takes no partition of the limit).
    let names = ["c", "a", "nope"];
    let mut next = None;
    let mut seen = Vec::new();
    for _ in 0..10 {
        let at = next.as_ref().map(|(t, p): &(String, i32)| (t.as_str(), *p));
        let r = describe(&mut s, &names, 1, at).await;
        let (topics, cursor) = pages(&r);
        seen.push(topics);
        next = cursor;
        if next.is_none() {
            break;
        }
    }
    let ok = ErrorCode::None;
    let unknown = ErrorCode::UnknownTopicOrPartition;
    assert_eq!(
        seen,
        vec![
            vec![topic_row("a", ok, &[0])],
            vec![topic_row("a", ok, &[1])],
            vec![topic_row("a", ok, &[2])],
            vec![topic_row("c", ok, &[0])],
            vec![topic_row("c", ok, &[1])],
            vec![topic_row("nope", unknown, &[])],
        ]
    );

    // A cursor past a topic's last partition answers it with none; one
    // naming a topic that is gone starts from the names after it.
    let r = describe(&mut s, &["b"], 5, Some(("b", 7))).await;
    assert_eq!(pages(&r), (vec![topic_row("b", ok, &[])], None));
    let r = describe(&mut s, &[], 5, Some(("bb", 1))).await;
    assert_eq!(pages(&r), (vec![topic_row("c", ok, &[0, 1])], None));
}

#[tokio::test]
async fn a_limit_is_at_most_the_brokers_2000_and_at_least_1() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let created = send(&mut s, &common::create_topic("big", 2001, &[]), 7).await;
    assert_eq!(
        ErrorCode::from(created.topics[0].error_code),
        ErrorCode::None
    );
    let r = describe(&mut s, &["big"], i32::MAX, None).await;
    assert_eq!(r.topics[0].partitions.len(), 2000);
    assert_eq!(r.topics[0].partitions[1999].partition_index, 1999);
    assert_eq!(pages(&r).1, cursor("big", 2000));
    let r = describe(&mut s, &["big"], i32::MAX, Some(("big", 2000))).await;
    assert_eq!(
        pages(&r),
        (vec![topic_row("big", ErrorCode::None, &[2000])], None)
    );
    // Kafka takes a limit of 0 or less as 1.
    for limit in [0, -5, i32::MIN] {
        let r = describe(&mut s, &[], limit, None).await;
        assert_eq!(
            pages(&r),
            (
                vec![topic_row("big", ErrorCode::None, &[0])],
                cursor("big", 1)
            ),
            "limit {limit}"
        );
    }
}

#[tokio::test]
async fn hostile_requests_are_answered_as_kafkas_handler_answers_them() {
    let (_cluster, mut s) = abc().await;
    // Kafka's getErrorResponse: every topic of the request as listed
    // (repeats too), the code, nothing else.
    let refused = |names: &[&str], code: ErrorCode| {
        let topics = names
            .iter()
            .map(|&n| DescribeTopicPartitionsResponseTopic {
                error_code: code.code(),
                name: Some(n.into()),
                topic_authorized_operations: NO_OPS,
                ..Default::default()
            })
            .collect();
        DescribeTopicPartitionsResponse {
            topics,
            next_cursor: None,
            ..Default::default()
        }
    };
    // A negative cursor partition, named topics or every topic.
    let r = describe(&mut s, &["a", "a"], 5, Some(("a", -1))).await;
    assert_eq!(r, refused(&["a", "a"], ErrorCode::InvalidRequest));
    let r = describe(&mut s, &[], 5, Some(("a", i32::MIN))).await;
    assert_eq!(r, refused(&[], ErrorCode::InvalidRequest));
    // A cursor naming a topic the request does not list (checked first).
    let r = describe(&mut s, &["a", "b"], 5, Some(("c", -1))).await;
    assert_eq!(r, refused(&["a", "b"], ErrorCode::InvalidRequest));
    // A cursor before every named topic is not among them either.
    let r = describe(&mut s, &["b"], 5, Some(("a", 0))).await;
    assert_eq!(r, refused(&["b"], ErrorCode::InvalidRequest));
    // The topic "" without a cursor: Kafka reads the null cursor's
    // partition for it (a NullPointerException, UNKNOWN_SERVER_ERROR).
    let r = describe(&mut s, &["b", ""], 5, None).await;
    assert_eq!(r, refused(&["b", ""], ErrorCode::UnknownServerError));
    // With a cursor at "", the name is only invalid.
    let r = describe(&mut s, &["", "b"], 5, Some(("", 0))).await;
    assert_eq!(
        pages(&r),
        (
            vec![
                topic_row("", ErrorCode::InvalidTopicException, &[]),
                topic_row("b", ErrorCode::None, &[0])
            ],
            None
        )
    );
    // A cursor at i32::MAX: Kafka's int arithmetic wraps, and its next
    // cursor is one it would itself refuse.
    let r = describe(&mut s, &["a"], 2000, Some(("a", i32::MAX))).await;
    let wrapped = i32::MAX.wrapping_add(2000);
    assert_eq!(
        pages(&r),
        (
            vec![topic_row("a", ErrorCode::None, &[])],
            cursor("a", wrapped)
        )
    );
    let r = describe(&mut s, &["a"], 2000, Some(("a", wrapped))).await;
    assert_eq!(r, refused(&["a"], ErrorCode::InvalidRequest));
    // A name longer than any topic's, and one of non-ASCII characters.
    let long = "x".repeat(300);
    let r = describe(&mut s, &[long.as_str(), "é"], 5, None).await;
    assert_eq!(
        pages(&r).0,
        vec![
            topic_row(&long, ErrorCode::InvalidTopicException, &[]),
            topic_row("é", ErrorCode::InvalidTopicException, &[]),
        ]
    );
    // The connection still answers.
    let r = describe(&mut s, &["b"], 5, None).await;
    assert_eq!(
        pages(&r),
        (vec![topic_row("b", ErrorCode::None, &[0])], None)
    );
}

#[tokio::test]
async fn a_request_naming_many_topics_answers_each_name_once_in_order() {
    let (_cluster, mut s) = abc().await;
    // 200,000 names (3 MB of request), half of them twice: each answered
    // once, sorted, from the cursor's. (Repeats are dropped with a set, as
    // Kafka's HashSet drops them: a check against the names before each one
    // was quadratic in a hostile request's size.)
    let names: Vec<String> = (0..200_000)
        .map(|i| format!("n{:06}", i % 100_000))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let answer = describe(&mut s, &names, 2000, Some(("n050000", 0))).await;
    assert_eq!(answer.topics.len(), 50_000);
    assert_eq!(answer.topics[0].name.as_deref(), Some("n050000"));
    assert_eq!(answer.topics[49_999].name.as_deref(), Some("n099999"));
    assert!(answer
        .topics
        .iter()
        .all(|t| ErrorCode::from(t.error_code) == ErrorCode::UnknownTopicOrPartition));
}

#[tokio::test]
async fn names_sort_as_java_compares_them() {
    let (_cluster, mut s) = abc().await;
    // U+1F600 is two UTF-16 code units from 0xD83D, which Java's
    // compareTo puts before U+FF21 (one unit, 0xFF21); Rust's byte order
    // would put it after.
    let r = describe(&mut s, &["\u{FF21}", "😀"], 5, None).await;
    let names: Vec<Option<Str>> = r.topics.iter().map(|t| t.name.clone()).collect();
    assert_eq!(names, [Some("😀".into()), Some("\u{FF21}".into())]);
    // And a cursor at "😀" keeps "\u{FF21}", which Java puts after it.
    let r = describe(&mut s, &["\u{FF21}", "😀"], 5, Some(("😀", 0))).await;
    assert_eq!(r.topics.len(), 2);
    assert_eq!(r.next_cursor, None::<ResponseCursor>);
}
