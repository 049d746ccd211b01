//! Client quotas (`ClusterBuilder::client_quota`): a Produce over its byte
//! rate answered with Kafka's throttle time, exact on a paused clock; a
//! throttled Fetch answered empty and not counted; the most specific quota
//! holding for a user's client id.

mod common;

use common::{send, send_as};
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::{ClientQuota, Cluster};
use tokio::net::TcpStream;

/// A Produce to `t` of one record of `value_bytes` bytes.
fn produce(value_bytes: usize) -> ProduceRequest {
    let value = vec![7u8; value_bytes];
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(&value)).unwrap();
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(Records(b.build().unwrap().into_bytes())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

async fn cluster(quota: ClientQuota) -> (Cluster, TcpStream) {
    let cluster = Cluster::builder()
        .principal("User:alice")
        .client_quota(quota)
        .start()
        .await
        .unwrap();
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut stream, &common::create_topic("t", 1, &[]), 7).await;
    (cluster, stream)
}

#[tokio::test(start_paused = true)]
async fn a_produce_over_its_quota_gets_kafkas_throttle_time() {
    let (_cluster, mut s) =
        cluster(ClientQuota::client_id("app").produce_bytes_per_sec(100.0)).await;
    let request = produce(2_000);
    let (first, size) = send_as(&mut s, "app", &request, 9).await;
    assert!(size > 2_000);
    let p = &first.responses[0].partition_responses[0];
    assert_eq!(ErrorCode::from(p.error_code), ErrorCode::None);
    // `size` bytes in the first second: the window is 10 s (ten whole
    // windows assumed), the rate size / 10 B/s, and the throttle
    // (rate - 100) / 100 * 10,000 ms.
    let expected = |bytes: usize| ((bytes as f64 / 10.0 - 100.0) / 100.0 * 10_000.0).round() as i32;
    assert_eq!(first.throttle_time_ms, expected(size));
    // The second adds to the same rate.
    let (second, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(second.throttle_time_ms, expected(2 * size));
    // Another client id has no quota.
    let (other, _) = send_as(&mut s, "other", &request, 9).await;
    assert_eq!(other.throttle_time_ms, 0);
    // Eleven seconds on, both samples are gone.
    tokio::time::advance(std::time::Duration::from_secs(11)).await;
    let (later, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(later.throttle_time_ms, expected(size));
    // A small produce within the quota is not throttled.
    tokio::time::advance(std::time::Duration::from_secs(11)).await;
    let (small, size) = send_as(&mut s, "app", &produce(10), 9).await;
    assert!(size < 1_000);
    assert_eq!(small.throttle_time_ms, 0);
}

fn fetch() -> FetchRequest {
    FetchRequest {
        replica_id: -1,
        max_wait_ms: 0,
        max_bytes: 1 << 20,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition: 0,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[tokio::test(start_paused = true)]
async fn a_throttled_fetch_is_answered_empty_and_not_counted() {
    let (_cluster, mut s) =
        cluster(ClientQuota::client_id("reader").fetch_bytes_per_sec(100.0)).await;
    send_as(&mut s, "writer", &produce(2_000), 9).await;
    let (unlimited, _) = send_as(&mut s, "writer", &fetch(), 12).await;
    assert_eq!(unlimited.throttle_time_ms, 0);
    assert_eq!(unlimited.responses.len(), 1);
    let (first, _) = send_as(&mut s, "reader", &fetch(), 12).await;
    assert!(first.throttle_time_ms > 0);
    assert!(first.responses.is_empty());
    assert_eq!(ErrorCode::from(first.error_code), ErrorCode::None);
    // Its bytes were taken back: the next fetch is throttled as much.
    let (second, _) = send_as(&mut s, "reader", &fetch(), 12).await;
    assert_eq!(second.throttle_time_ms, first.throttle_time_ms);
}

#[tokio::test(start_paused = true)]
async fn a_users_client_id_quota_comes_before_the_users() {
    let cluster = Cluster::builder()
        .principal("User:alice")
        .client_quota(ClientQuota::user("alice").produce_bytes_per_sec(100.0))
        .client_quota(ClientQuota::user_and_client_id("alice", "app").produce_bytes_per_sec(1e9))
        .client_quota(ClientQuota::user("bob").produce_bytes_per_sec(1e9))
        .start()
        .await
        .unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut s, &common::create_topic("t", 1, &[]), 7).await;
    let (app, _) = send_as(&mut s, "app", &produce(2_000), 9).await;
    assert_eq!(app.throttle_time_ms, 0);
    let (other, _) = send_as(&mut s, "other", &produce(2_000), 9).await;
    assert!(other.throttle_time_ms > 0);
}

#[tokio::test]
async fn a_rate_that_is_not_positive_is_refused_at_start() {
    for rate in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let start = Cluster::builder()
            .client_quota(ClientQuota::client_id("app").fetch_bytes_per_sec(rate))
            .start()
            .await;
        let Err(err) = start else {
            panic!("started with a rate of {rate}")
        };
        assert!(
            err.to_string()
                .starts_with("a client quota's byte rate must be positive, not "),
            "{err}"
        );
    }
}

// AlterClientQuotas and DescribeClientQuotas (Kafka 4.4's
// `ClientQuotaControlManager` and `ClientQuotasImage`), on the table the
// builder fills.

use kafka_messages::alter_client_quotas::{EntityData, EntryData, OpData};
use kafka_messages::describe_client_quotas::ComponentData;

/// An entity of (type, name) pairs; a `None` name is the default.
fn entity(parts: &[(&str, Option<&str>)]) -> Vec<EntityData> {
    parts
        .iter()
        .map(|&(t, n)| EntityData {
            entity_type: t.into(),
            entity_name: n.map(Into::into),
            ..Default::default()
        })
        .collect()
}

/// Sets of `key` to `value`, or removals (`None`).
fn ops(parts: &[(&str, Option<f64>)]) -> Vec<OpData> {
    parts
        .iter()
        .map(|&(k, v)| OpData {
            key: k.into(),
            value: v.unwrap_or(0.0),
            remove: v.is_none(),
            ..Default::default()
        })
        .collect()
}

fn alter(
    entries: Vec<(Vec<EntityData>, Vec<OpData>)>,
    validate_only: bool,
) -> AlterClientQuotasRequest {
    AlterClientQuotasRequest {
        entries: entries
            .into_iter()
            .map(|(entity, ops)| EntryData {
                entity,
                ops,
                ..Default::default()
            })
            .collect(),
        validate_only,
        ..Default::default()
    }
}

/// The answer's entries: (error, message, the entity's (type, name) pairs).
type Altered = Vec<(ErrorCode, Option<String>, Vec<(String, Option<String>)>)>;

fn altered(r: &AlterClientQuotasResponse) -> Altered {
    r.entries
        .iter()
        .map(|e| {
            (
                ErrorCode::from(e.error_code),
                e.error_message.as_ref().map(|m| m.to_string()),
                e.entity
                    .iter()
                    .map(|c| {
                        (
                            c.entity_type.to_string(),
                            c.entity_name.as_ref().map(|n| n.to_string()),
                        )
                    })
                    .collect(),
            )
        })
        .collect()
}

/// An entity's (type, name) pairs.
type Pairs = Vec<(String, Option<String>)>;

fn pairs(parts: &[(&str, Option<&str>)]) -> Pairs {
    parts
        .iter()
        .map(|&(t, n)| (t.to_string(), n.map(str::to_string)))
        .collect()
}

/// A filter component: match type 0 (exact), 1 (default) or 2 (any).
fn component(ty: &str, match_type: i8, name: Option<&str>) -> ComponentData {
    ComponentData {
        entity_type: ty.into(),
        match_type,
        r#match: name.map(Into::into),
        ..Default::default()
    }
}

fn describe(components: Vec<ComponentData>, strict: bool) -> DescribeClientQuotasRequest {
    DescribeClientQuotasRequest {
        components,
        strict,
        ..Default::default()
    }
}

/// The entries described: each entity's pairs and its (key, value) pairs.
type Described = Vec<(Vec<(String, Option<String>)>, Vec<(String, f64)>)>;

fn described(r: &DescribeClientQuotasResponse) -> Described {
    assert_eq!(ErrorCode::from(r.error_code), ErrorCode::None, "{r:?}");
    // An empty message on success, as Kafka 4.4's broker answers.
    assert_eq!(r.error_message.as_deref(), Some(""));
    r.entries
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e.entity
                    .iter()
                    .map(|c| {
                        (
                            c.entity_type.to_string(),
                            c.entity_name.as_ref().map(|n| n.to_string()),
                        )
                    })
                    .collect(),
                e.values
                    .iter()
                    .map(|v| (v.key.to_string(), v.value))
                    .collect(),
            )
        })
        .collect()
}

fn values(parts: &[(&str, f64)]) -> Vec<(String, f64)> {
    parts.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

#[tokio::test]
async fn altered_quotas_are_described_with_the_builders_as_kafka_lists_them() {
    let cluster = Cluster::builder()
        .client_quota(ClientQuota::client_id("app").produce_bytes_per_sec(100.0))
        .start()
        .await
        .unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let request = alter(
        vec![
            (
                entity(&[("user", Some("alice"))]),
                ops(&[
                    ("producer_byte_rate", Some(1024.0)),
                    ("consumer_byte_rate", Some(2048.0)),
                ]),
            ),
            (
                entity(&[("user", Some("alice")), ("client-id", Some("app"))]),
                ops(&[("request_percentage", Some(50.5))]),
            ),
            (
                entity(&[("user", None)]),
                ops(&[("producer_byte_rate", Some(500.0))]),
            ),
            (
                entity(&[("client-id", None)]),
                ops(&[("consumer_byte_rate", Some(300.0))]),
            ),
        ],
        false,
    );
    let answer = send(&mut s, &request, 1).await;
    // One answer per entity, its client id first (Kafka's HashMap order).
    assert_eq!(
        altered(&answer),
        vec![
            (ErrorCode::None, None, pairs(&[("user", Some("alice"))])),
            (
                ErrorCode::None,
                None,
                pairs(&[("client-id", Some("app")), ("user", Some("alice"))])
            ),
            (ErrorCode::None, None, pairs(&[("user", None)])),
            (ErrorCode::None, None, pairs(&[("client-id", None)])),
        ]
    );
    let e_default_user = pairs(&[("user", None)]);
    let e_alice = pairs(&[("user", Some("alice"))]);
    let e_default_client = pairs(&[("client-id", None)]);
    let e_app = pairs(&[("client-id", Some("app"))]);
    let e_alice_app = pairs(&[("client-id", Some("app")), ("user", Some("alice"))]);
    // Everything (not strict, no component), at both versions.
    let all = vec![
        (
            e_default_user.clone(),
            values(&[("producer_byte_rate", 500.0)]),
        ),
        (
            e_alice.clone(),
            // Kafka 4.4's order (its broker's answer to the same alter).
            values(&[
                ("consumer_byte_rate", 2048.0),
                ("producer_byte_rate", 1024.0),
            ]),
        ),
        (
            e_default_client.clone(),
            values(&[("consumer_byte_rate", 300.0)]),
        ),
        (e_app.clone(), values(&[("producer_byte_rate", 100.0)])),
        (e_alice_app.clone(), values(&[("request_percentage", 50.5)])),
    ];
    for version in [0, 1] {
        let d = send(&mut s, &describe(vec![], false), version).await;
        assert_eq!(described(&d), all);
    }
    let names = |d: &DescribeClientQuotasResponse| -> Vec<Vec<(String, Option<String>)>> {
        described(d).into_iter().map(|(e, _)| e).collect()
    };
    let cases: Vec<(Vec<ComponentData>, bool, Vec<Pairs>)> = vec![
        // Exactly alice: with the client ids of hers unless strict.
        (
            vec![component("user", 0, Some("alice"))],
            false,
            vec![e_alice.clone(), e_alice_app.clone()],
        ),
        (
            vec![component("user", 0, Some("alice"))],
            true,
            vec![e_alice.clone()],
        ),
        // The default user.
        (
            vec![component("user", 1, None)],
            false,
            vec![e_default_user.clone()],
        ),
        // Any client id, the default among them.
        (
            vec![component("client-id", 2, None)],
            true,
            vec![e_default_client.clone(), e_app.clone()],
        ),
        (
            vec![component("client-id", 2, None)],
            false,
            vec![e_default_client.clone(), e_app.clone(), e_alice_app.clone()],
        ),
        (
            vec![
                component("user", 2, None),
                component("client-id", 0, Some("app")),
            ],
            true,
            vec![e_alice_app.clone()],
        ),
        // Strict and nothing named: nothing.
        (vec![], true, vec![]),
        // A name no entity has.
        (vec![component("user", 0, Some("bob"))], false, vec![]),
    ];
    for (components, strict, expected) in cases {
        let d = send(&mut s, &describe(components.clone(), strict), 1).await;
        assert_eq!(names(&d), expected, "{components:?} strict {strict}");
    }
    // Removing every value of an entity removes it; removing what is not
    // there is no error.
    let removal = alter(
        vec![(
            entity(&[("user", Some("alice"))]),
            ops(&[
                ("producer_byte_rate", None),
                ("consumer_byte_rate", None),
                ("request_percentage", None),
            ]),
        )],
        false,
    );
    let answer = send(&mut s, &removal, 0).await;
    assert_eq!(
        altered(&answer),
        vec![(ErrorCode::None, None, e_alice.clone())]
    );
    let d = send(
        &mut s,
        &describe(vec![component("user", 0, Some("alice"))], false),
        1,
    )
    .await;
    assert_eq!(names(&d), vec![e_alice_app]);
}

#[tokio::test(start_paused = true)]
async fn a_quota_altered_holds_from_the_next_produce() {
    let cluster = Cluster::builder()
        .principal("User:alice")
        .start()
        .await
        .unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut s, &common::create_topic("t", 1, &[]), 7).await;
    let request = produce(2_000);
    let expected = |bytes: usize| ((bytes as f64 / 10.0 - 100.0) / 100.0 * 10_000.0).round() as i32;
    let (before, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(before.throttle_time_ms, 0);
    let set = |rate: f64, validate_only: bool| {
        alter(
            vec![(
                entity(&[("client-id", Some("app"))]),
                ops(&[("producer_byte_rate", Some(rate))]),
            )],
            validate_only,
        )
    };
    let answer = send(&mut s, &set(100.0, false), 1).await;
    assert_eq!(
        ErrorCode::from(answer.entries[0].error_code),
        ErrorCode::None
    );
    // Measured from the quota on (nothing was before it, as in Kafka).
    let (first, size) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(first.throttle_time_ms, expected(size));
    // validate_only changes nothing.
    let answer = send(&mut s, &set(1e9, true), 1).await;
    assert_eq!(
        ErrorCode::from(answer.entries[0].error_code),
        ErrorCode::None
    );
    let (second, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(second.throttle_time_ms, expected(2 * size));
    // A higher bound holds at once, over the same rate.
    send(&mut s, &set(1e9, false), 1).await;
    let (third, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(third.throttle_time_ms, 0);
    // Removed: no quota.
    let removal = alter(
        vec![(
            entity(&[("client-id", Some("app"))]),
            ops(&[("producer_byte_rate", None)]),
        )],
        false,
    );
    send(&mut s, &removal, 1).await;
    let d = send(&mut s, &describe(vec![], false), 1).await;
    assert_eq!(described(&d), vec![]);
    let (fourth, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(fourth.throttle_time_ms, 0);
    // The default user's quota: alice's clients share one rate of their own.
    let default_user = alter(
        vec![(
            entity(&[("user", None)]),
            ops(&[("producer_byte_rate", Some(100.0))]),
        )],
        false,
    );
    send(&mut s, &default_user, 1).await;
    let (one, size) = send_as(&mut s, "one", &request, 9).await;
    assert_eq!(one.throttle_time_ms, expected(size));
    let (two, _) = send_as(&mut s, "two", &request, 9).await;
    assert_eq!(two.throttle_time_ms, expected(2 * size));
}

#[tokio::test]
async fn bad_quota_alterations_get_kafkas_errors_and_change_nothing() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let rate = |key: &str, value: f64| ops(&[(key, Some(value))]);
    let request = alter(
        vec![
            (entity(&[]), rate("producer_byte_rate", 1.0)),
            (
                entity(&[("foo", Some("x"))]),
                rate("producer_byte_rate", 1.0),
            ),
            (
                entity(&[("user", Some(""))]),
                rate("producer_byte_rate", 1.0),
            ),
            (
                entity(&[("ip", Some("10.0.0.1")), ("user", Some("a"))]),
                rate("connection_creation_rate", 1.0),
            ),
            (
                entity(&[("ip", Some("not an ip"))]),
                rate("connection_creation_rate", 1.0),
            ),
            (
                entity(&[("user", Some("a"))]),
                rate("producer_byte_ratex", 1.0),
            ),
            (
                entity(&[("user", Some("b"))]),
                rate("producer_byte_rate", 0.0),
            ),
            (
                entity(&[("user", Some("c"))]),
                rate("producer_byte_rate", 1.5),
            ),
            (
                entity(&[("user", Some("d"))]),
                rate("consumer_byte_rate", 1e19),
            ),
            (
                entity(&[("ip", None)]),
                rate("connection_creation_rate", 3e9),
            ),
            (
                entity(&[("user", Some("e"))]),
                rate("connection_creation_rate", 5.0),
            ),
            (
                entity(&[("client-id", Some("f"))]),
                ops(&[
                    ("producer_byte_rate", Some(1.0)),
                    ("producer_byte_rate", Some(2.0)),
                ]),
            ),
            // g twice: the first is kept, the answer says it was ignored.
            (
                entity(&[("user", Some("g"))]),
                rate("producer_byte_rate", 7.0),
            ),
            (
                entity(&[("user", Some("g"))]),
                rate("producer_byte_rate", 8.0),
            ),
            (
                entity(&[("user", Some("h")), ("client-id", Some("i"))]),
                rate("request_percentage", 12.5),
            ),
        ],
        false,
    );
    let answer = send(&mut s, &request, 1).await;
    let bad = |m: &str, e: &[(&str, Option<&str>)]| {
        (ErrorCode::InvalidRequest, Some(m.to_string()), pairs(e))
    };
    assert_eq!(
        altered(&answer),
        vec![
            bad("Invalid empty client quota entity", &[]),
            bad("Unhandled client quota entity type: foo", &[("foo", Some("x"))]),
            bad("Empty user not supported", &[("user", Some(""))]),
            bad(
                "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId",
                &[("user", Some("a")), ("ip", Some("10.0.0.1"))]
            ),
            bad(
                "not an ip is not a valid IP or resolvable host.",
                &[("ip", Some("not an ip"))]
            ),
            bad("Invalid configuration key producer_byte_ratex", &[("user", Some("a"))]),
            bad("Quota producer_byte_rate must be greater than 0", &[("user", Some("b"))]),
            bad("producer_byte_rate cannot be a fractional value.", &[("user", Some("c"))]),
            bad(
                "Proposed value for consumer_byte_rate is too large for a LONG.",
                &[("user", Some("d"))]
            ),
            bad(
                "Proposed value for connection_creation_rate is too large for an INT.",
                &[("ip", None)]
            ),
            bad("Invalid configuration key connection_creation_rate", &[("user", Some("e"))]),
            bad(
                "Ignoring duplicate entity ClientQuotaEntity(entries={client-id=f})",
                &[("client-id", Some("f"))]
            ),
            bad(
                "Ignoring duplicate entity ClientQuotaEntity(entries={user=g})",
                &[("user", Some("g"))]
            ),
            (
                ErrorCode::None,
                None,
                pairs(&[("client-id", Some("i")), ("user", Some("h"))])
            ),
        ]
    );
    // Only g's first and (h, i) changed anything.
    let d = send(&mut s, &describe(vec![], false), 1).await;
    assert_eq!(
        described(&d),
        vec![
            (
                pairs(&[("user", Some("g"))]),
                values(&[("producer_byte_rate", 7.0)])
            ),
            (
                pairs(&[("client-id", Some("i")), ("user", Some("h"))]),
                values(&[("request_percentage", 12.5)])
            ),
        ]
    );
    // An IP's own key is taken.
    let ip = alter(
        vec![(
            entity(&[("ip", Some("10.0.0.1"))]),
            rate("connection_creation_rate", 5.0),
        )],
        false,
    );
    assert_eq!(
        altered(&send(&mut s, &ip, 1).await),
        vec![(ErrorCode::None, None, pairs(&[("ip", Some("10.0.0.1"))]))]
    );
}

#[tokio::test]
async fn bad_quota_filters_get_kafkas_errors() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let invalid = ErrorCode::InvalidRequest;
    let cases = vec![
        (vec![component("", 0, Some("x"))], invalid, "Invalid empty entity type."),
        (
            vec![component("user", 0, Some("x")), component("user", 2, None)],
            invalid,
            "Entity type user cannot appear more than once in the filter.",
        ),
        (
            vec![component("foo", 0, Some("x"))],
            ErrorCode::UnsupportedVersion,
            "Unsupported entity type foo",
        ),
        (
            vec![component("user", 0, None)],
            invalid,
            "Request specified MATCH_TYPE_EXACT, but set match string to null.",
        ),
        (
            vec![component("user", 1, Some("x"))],
            invalid,
            "Request specified MATCH_TYPE_DEFAULT, but also specified a match string.",
        ),
        (
            vec![component("client-id", 2, Some("x"))],
            invalid,
            "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string.",
        ),
        (vec![component("user", 7, None)], invalid, "Unknown match type 7"),
        (
            vec![component("ip", 2, None), component("user", 2, None)],
            invalid,
            "Invalid entity filter component combination. IP filter component should not be used with user or clientId filter component.",
        ),
    ];
    for (components, code, message) in cases {
        let d = send(&mut s, &describe(components, false), 1).await;
        assert_eq!(
            (
                ErrorCode::from(d.error_code),
                d.error_message.as_deref(),
                d.entries
            ),
            (code, Some(message), None)
        );
    }
}

#[tokio::test]
async fn quotas_need_the_clusters_config_acls_under_the_authorizer() {
    let cluster = Cluster::builder().authorizer(true).start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let d = send(&mut s, &describe(vec![], false), 1).await;
    assert_eq!(
        ErrorCode::from(d.error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
    let request = alter(
        vec![(
            entity(&[("user", Some("a"))]),
            ops(&[("producer_byte_rate", Some(1.0))]),
        )],
        false,
    );
    let a = send(&mut s, &request, 1).await;
    assert_eq!(
        ErrorCode::from(a.entries[0].error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
}
