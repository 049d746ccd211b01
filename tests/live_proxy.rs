//! Tenants walled off through the proxy, against a live Kafka 4.4 broker
//! (`--ignored`; start one with `bash scripts/kafka-broker.sh start`).
//!
//! Two tenants, `a.` and `b.`, each through a proxy of its own
//! (`kafka_wire_proxy::filters::Tenant`, sharing one `TopicIds`), try to
//! cross into each other's topics by name, by topic id and by pattern; the
//! broker, asked directly, shows what each reached.

#[path = "live_common/mod.rs"]
mod live_common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use kafka_messages::client::Client;
use kafka_messages::consumer_group_heartbeat::TopicPartitions;
use kafka_messages::delete_topics::DeleteTopicState;
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::{OffsetFetchRequestGroup, OffsetFetchRequestTopics};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::{
    ConsumerGroupHeartbeatRequest, DeleteTopicsRequest, FindCoordinatorRequest,
    InitProducerIdRequest, ListTransactionsRequest, MetadataRequest, OffsetCommitRequest,
    OffsetFetchRequest, ProduceRequest,
};
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Uuid};
use kafka_wire_proxy::filters::{Tenant, TopicIds};
use kafka_wire_proxy::{Filter, Proxy};
use live_common::*;

/// A runtime of one worker thread for the proxies a test starts.
fn proxy_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// Waits up to 10 s for `line` among `lines` (a proxy's events, as a test
/// records them).
fn wait_for_line(lines: &std::sync::Mutex<Vec<String>>, line: &str) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !lines.lock().unwrap().iter().any(|l| l == line) {
        let so_far = lines.lock().unwrap().clone();
        assert!(std::time::Instant::now() < deadline, "{so_far:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Proxies for tenants `a.` and `b.` on a runtime of their own.
struct Tenants {
    _runtime: tokio::runtime::Runtime,
    a: SocketAddr,
    b: SocketAddr,
}

impl Tenants {
    fn start() -> Tenants {
        let runtime = proxy_runtime();
        let ids = Arc::new(TopicIds::new());
        let start = |prefix: &'static str| {
            let tenant = Tenant::new(prefix)
                .unwrap()
                .with_topic_ids(Arc::clone(&ids));
            let proxy = runtime
                .block_on(
                    Proxy::builder(bootstrap())
                        .listen("127.0.0.1:0".parse().unwrap())
                        .filters(move |_: &_| vec![Box::new(tenant.clone()) as Box<dyn Filter>])
                        .start(),
                )
                .unwrap_or_else(|e| panic!("the proxy for {prefix} does not start: {e}"));
            let address = proxy.local_addr();
            runtime.spawn(async move { proxy.wait().await });
            address
        };
        let (a, b) = (start("a."), start("b."));
        Tenants {
            _runtime: runtime,
            a,
            b,
        }
    }

    fn client(address: SocketAddr, client_id: &str) -> Client {
        Client::connect(address, client_id).unwrap()
    }
}

/// Not told, a proxy asks Kafka's PLAINTEXT listener whether it requires
/// SASL; it answers that it does not, and a client is served without
/// authenticating.
#[test]
#[ignore]
fn a_listener_without_sasl_answers_the_proxy_that_it_does_not_require_it() {
    use kafka_wire_proxy::ProxyEvent;

    let runtime = proxy_runtime();
    let answers = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let seen = Arc::clone(&answers);
    let proxy = runtime
        .block_on(
            Proxy::builder(bootstrap())
                .listen("127.0.0.1:0".parse().unwrap())
                .on_event(move |e| {
                    if let ProxyEvent::ListenerSasl { requires } = e {
                        seen.lock().unwrap().push(format!("{requires:?}"));
                    }
                })
                .start(),
        )
        .unwrap();
    wait_for_line(&answers, "Ok(false)");
    let mut client = Client::connect(proxy.local_addr(), "live-proxy-no-sasl").unwrap();
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    assert!(!send(&mut client, &all, 12).brokers.is_empty());
    drop(proxy);
}

fn metadata_by_name(name: &str) -> MetadataRequest {
    MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some(name.into()),
            ..Default::default()
        }]),
        ..Default::default()
    }
}

fn metadata_by_id(id: Uuid) -> MetadataRequest {
    MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: None,
            topic_id: id,
            ..Default::default()
        }]),
        ..Default::default()
    }
}

/// Waits until the broker coordinates `key` (a group with `key_type` 0, a
/// transactional id with 1): Kafka makes its internal topic on the first
/// FindCoordinator, and answers NOT_COORDINATOR until then.
fn find_coordinator(c: &mut Client, key: &str, key_type: i8) {
    let find = FindCoordinatorRequest {
        key_type,
        coordinator_keys: vec![key.into()],
        ..Default::default()
    };
    let found = eventually(
        30,
        || send(c, &find, 4),
        |f| f.coordinators[0].error_code == 0,
    );
    ok(found.coordinators[0].error_code, "FindCoordinator");
}

fn unknown_id(code: i16, what: &str) {
    assert_eq!(
        ErrorCode::from_code(code),
        ErrorCode::UnknownTopicId,
        "{what}"
    );
}

#[test]
#[ignore]
fn a_tenant_cannot_reach_another_tenants_topic_by_id() {
    let tenants = Tenants::start();
    let mut direct = client("live-proxy-direct");
    let mut a = Tenants::client(tenants.a, "tenant-a");
    let mut b = Tenants::client(tenants.b, "tenant-b");
    let secret = unique("secret");

    // Tenant b's topic, with a record in it.
    let id = create_topic(&mut b, &secret, 1);
    let broker_name = format!("b.{secret}");
    assert_eq!(wait_for_leaders(&mut direct, &broker_name, 1), id);
    let mut builder = RecordBatchBuilder::new();
    builder
        .append(NewRecord::new(1_700_000_000_000).value(b"b's record"))
        .unwrap();
    let records = Records::from(builder.build().unwrap());
    let produce = |topic_id| ProduceRequest {
        acks: -1,
        timeout_ms: 10_000,
        topic_data: vec![TopicProduceData {
            topic_id,
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(records.clone()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let produced = send(&mut b, &produce(id), 13);
    ok(
        produced.responses[0].partition_responses[0].error_code,
        "b produces to its own topic by id",
    );

    // Tenant a, by b's id, after listing everything it may see.
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    let listed = send(&mut a, &all, 12);
    assert!(listed.topics.iter().all(|t| t.topic_id != id));

    let fetched = send(&mut a, &fetch_request("", id, 0, 17), 17);
    assert_eq!(fetched.responses[0].topic_id, id);
    unknown_id(
        fetched.responses[0].partitions[0].error_code,
        "a's Fetch by b's id",
    );
    assert!(fetched.responses[0].partitions[0]
        .records
        .as_ref()
        .is_none_or(|r| r.0.is_empty()));

    let produced = send(&mut a, &produce(id), 13);
    assert_eq!(produced.responses[0].topic_id, id);
    unknown_id(
        produced.responses[0].partition_responses[0].error_code,
        "a's Produce by b's id",
    );

    let looked_up = send(&mut a, &metadata_by_id(id), 12);
    let t = &looked_up.topics[0];
    unknown_id(t.error_code, "a's Metadata by b's id");
    assert_eq!((t.name.as_deref(), t.topic_id), (None, id));
    assert!(t.partitions.is_empty());

    let group = unique("group");
    find_coordinator(&mut a, &group, 0);
    let commit = OffsetCommitRequest {
        group_id: group.as_str().into(),
        generation_id_or_member_epoch: -1,
        topics: vec![OffsetCommitRequestTopic {
            topic_id: id,
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: 1,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let committed = eventually(
        30,
        || send(&mut a, &commit, 10),
        |r| {
            !matches!(
                ErrorCode::from_code(r.topics[0].partitions[0].error_code),
                ErrorCode::CoordinatorLoadInProgress | ErrorCode::NotCoordinator
            )
        },
    );
    assert_eq!(committed.topics[0].topic_id, id);
    unknown_id(
        committed.topics[0].partitions[0].error_code,
        "a's OffsetCommit by b's id",
    );
    let fetch_offsets = OffsetFetchRequest {
        groups: vec![OffsetFetchRequestGroup {
            group_id: group.as_str().into(),
            topics: Some(vec![OffsetFetchRequestTopics {
                topic_id: id,
                partition_indexes: vec![0],
                ..Default::default()
            }]),
            ..Default::default()
        }],
        ..Default::default()
    };
    let offsets = eventually(
        30,
        || send(&mut a, &fetch_offsets, 10),
        |r| r.groups[0].error_code == 0,
    );
    let t = &offsets.groups[0].topics[0];
    assert_eq!(t.topic_id, id);
    unknown_id(t.partitions[0].error_code, "a's OffsetFetch by b's id");

    let delete = DeleteTopicsRequest {
        topics: vec![DeleteTopicState {
            name: None,
            topic_id: id,
            ..Default::default()
        }],
        timeout_ms: 10_000,
        ..Default::default()
    };
    let deleted = send(&mut a, &delete, 6);
    let r = &deleted.responses[0];
    unknown_id(r.error_code, "a's DeleteTopics by b's id");
    assert_eq!((r.name.as_deref(), r.topic_id), (None, id));

    // b's topic is whole: still at the broker, its record unread by a.
    std::thread::sleep(Duration::from_millis(500));
    let still = send(&mut direct, &metadata_by_name(&broker_name), 12);
    ok(still.topics[0].error_code, "b's topic after a's deletion");
    assert_eq!(still.topics[0].topic_id, id);
    let fetched = send(&mut b, &fetch_request("", id, 0, 17), 17);
    ok(
        fetched.responses[0].partitions[0].error_code,
        "b's Fetch by its own id",
    );
    assert_eq!(fetched.responses[0].partitions[0].high_watermark, 1);
    let mine = send(&mut b, &metadata_by_id(id), 12);
    assert_eq!(mine.topics[0].name.as_deref(), Some(secret.as_str()));

    // a, by name: b's topic under a's prefix does not exist.
    let by_name = send(&mut a, &metadata_by_name(&broker_name), 12);
    assert_ne!(by_name.topics[0].topic_id, id);
}

#[test]
#[ignore]
fn anchored_patterns_match_the_tenants_names_at_the_broker() {
    let tenants = Tenants::start();
    let mut b = Tenants::client(tenants.b, "tenant-b");
    let topic = unique("orders");
    let id = create_topic(&mut b, &topic, 1);

    // KIP-848: `^name$`, as franz-go users write an exact subscription.
    let group = unique("regex-group");
    find_coordinator(&mut b, &group, 0);
    let member = Uuid::from_u64_pair(0x1848, 7).to_string();
    let mut epoch = 0;
    let assigned = eventually(
        30,
        || {
            let heartbeat = ConsumerGroupHeartbeatRequest {
                group_id: group.as_str().into(),
                member_id: member.as_str().into(),
                member_epoch: epoch,
                rebalance_timeout_ms: 30_000,
                subscribed_topic_regex: Some(format!("^{topic}$").into()),
                subscribed_topic_names: (epoch == 0).then(Vec::new),
                topic_partitions: (epoch == 0).then(Vec::<TopicPartitions>::new),
                ..Default::default()
            };
            let answer = send(&mut b, &heartbeat, 1);
            if answer.error_code == 0 {
                epoch = answer.member_epoch;
            }
            answer
        },
        |answer| {
            answer
                .assignment
                .as_ref()
                .is_some_and(|a| a.topic_partitions.iter().any(|t| t.topic_id == id))
        },
    );
    ok(assigned.error_code, "the anchored regex heartbeat");
    assert!(
        assigned
            .assignment
            .as_ref()
            .is_some_and(|a| a.topic_partitions.iter().any(|t| t.topic_id == id)),
        "the group of `^{topic}$` was never assigned {topic}: {assigned:?}"
    );

    // ListTransactions v2: a pattern over the tenant's transactional ids.
    let transactional_id = unique("tx");
    find_coordinator(&mut b, &transactional_id, 1);
    let init = InitProducerIdRequest {
        transactional_id: Some(transactional_id.as_str().into()),
        transaction_timeout_ms: 60_000,
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    let initialized = eventually(30, || send(&mut b, &init, 5), |r| r.error_code == 0);
    ok(initialized.error_code, "InitProducerId through the tenant");
    for pattern in [format!("^{transactional_id}$"), "tx-.*".to_owned()] {
        let list = ListTransactionsRequest {
            transactional_id_pattern: Some(pattern.as_str().into()),
            ..Default::default()
        };
        let listed = send(&mut b, &list, 2);
        ok(listed.error_code, "ListTransactions");
        let ids: Vec<_> = listed
            .transaction_states
            .iter()
            .map(|s| s.transactional_id.as_str())
            .collect();
        assert!(
            ids.contains(&transactional_id.as_str()),
            "{pattern}: {ids:?}"
        );
    }
}

/// The broker's SASL_PLAINTEXT listener (PLAIN users alice and bob, and
/// SCRAM-SHA-512 enabled), as `scripts/proxy-sasl.sh` starts it; the test
/// below says it skips without it.
fn sasl_bootstrap() -> Option<String> {
    std::env::var("KAFKA_SASL_BOOTSTRAP").ok()
}

/// The broker's second SASL_PLAINTEXT listener (PLAIN user alice), whose
/// sessions last 2 s (`connections.max.reauth.ms`, KIP-368): the broker
/// closes a connection at its first request after its session ended.
fn sasl_reauth_bootstrap() -> Option<String> {
    std::env::var("KAFKA_SASL_REAUTH_BOOTSTRAP").ok()
}

/// Authenticates `c` with `mechanism` and one token: the broker's answer's
/// error code.
fn sasl(c: &mut Client, mechanism: &str, token: &[u8]) -> i16 {
    let handshake = kafka_messages::SaslHandshakeRequest {
        mechanism: mechanism.into(),
    };
    ok(send(c, &handshake, 1).error_code, "SaslHandshake");
    let round = kafka_messages::SaslAuthenticateRequest {
        auth_bytes: token.to_vec().into(),
        ..Default::default()
    };
    send(c, &round, 2).error_code
}

#[test]
#[ignore]
fn sasl_principals_choose_each_connections_tenant_through_one_proxy() {
    use kafka_wire_proxy::filters::TenantsByPrincipal;
    use kafka_wire_proxy::{Authentication, ProxyEvent};

    let Some(sasl_address) = sasl_bootstrap() else {
        eprintln!(
            "skipped: KAFKA_SASL_BOOTSTRAP is not set (bash scripts/proxy-sasl.sh runs this)"
        );
        return;
    };
    let runtime = proxy_runtime();
    let outcomes = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let seen = Arc::clone(&outcomes);
    let tenants = TenantsByPrincipal::new([("alice", "sa."), ("bob", "sb.")]).unwrap();
    let proxy = runtime
        .block_on(
            Proxy::builder(sasl_address.clone())
                .listen("127.0.0.1:0".parse().unwrap())
                .filters(move |_: &_| vec![Box::new(tenants.clone()) as Box<dyn Filter>])
                .on_event(move |e| {
                    let line = match e {
                        ProxyEvent::Authenticated(c) => {
                            format!("ok {}", c.principal.as_ref().unwrap())
                        }
                        ProxyEvent::ListenerSasl { requires } => {
                            format!("listener requires SASL: {requires:?}")
                        }
                        ProxyEvent::AuthenticationFailed(c) => match &c.authentication {
                            Authentication::Failed(f) => {
                                format!(
                                    "failed {:?} {:?} {}",
                                    f.mechanism,
                                    f.claimed,
                                    f.error.name()
                                )
                            }
                            other => format!("failed {other:?}"),
                        },
                        _ => return,
                    };
                    seen.lock().unwrap().push(line);
                })
                .start(),
        )
        .unwrap_or_else(|e| panic!("the proxy to {sasl_address} does not start: {e}"));
    let address = proxy.local_addr();
    runtime.spawn(async move { proxy.wait().await });
    let connect = |id: &str| Client::connect(address, id).unwrap();

    // Not told, the proxy asked the SASL_PLAINTEXT listener, which answered
    // that it requires SASL.
    let asked = "listener requires SASL: Ok(true)";
    wait_for_line(&outcomes, asked);
    outcomes
        .lock()
        .unwrap()
        .retain(|o| !o.starts_with("listener requires SASL"));

    // Two principals through one proxy, each in its own tenant.
    let topic = unique("sasl");
    let mut alice = connect("alice");
    assert_eq!(sasl(&mut alice, "PLAIN", b"\0alice\0alice-secret"), 0);
    let mut bob = connect("bob");
    assert_eq!(sasl(&mut bob, "PLAIN", b"\0bob\0bob-secret"), 0);
    create_topic(&mut alice, &topic, 1);
    create_topic(&mut bob, &topic, 1);
    let mut direct = client("live-proxy-sasl-direct");
    for prefix in ["sa.", "sb."] {
        wait_for_leaders(&mut direct, &format!("{prefix}{topic}"), 1);
    }
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    let only_own = send(&mut alice, &all, 12);
    let names: Vec<_> = only_own
        .topics
        .iter()
        .filter_map(|t| t.name.as_deref())
        .filter(|n| n.contains(&topic))
        .collect();
    assert_eq!(
        names,
        [topic.as_str()],
        "alice sees her topic only, unprefixed"
    );

    // A wrong password, and a SCRAM user the broker does not have: refused
    // by the broker, recorded with the name claimed, never served.
    let mut wrong = connect("wrong");
    let refused = sasl(&mut wrong, "PLAIN", b"\0alice\0guess");
    assert_eq!(
        ErrorCode::from_code(refused),
        ErrorCode::SaslAuthenticationFailed
    );
    let mut carol = connect("carol");
    let refused = sasl(
        &mut carol,
        "SCRAM-SHA-512",
        b"n,,n=carol,r=rOprNGfwEbeRWgbNEkqO",
    );
    assert_eq!(
        ErrorCode::from_code(refused),
        ErrorCode::SaslAuthenticationFailed
    );

    // Before authentication the proxy closes the connection, as the broker would.
    let mut early = connect("early");
    assert!(early.send(&MetadataRequest::default(), 12).is_err());

    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        *outcomes.lock().unwrap(),
        [
            "ok User:alice",
            "ok User:bob",
            "failed Some(Plain) Some(\"alice\") SASL_AUTHENTICATION_FAILED",
            "failed Some(ScramSha512) Some(\"carol\") SASL_AUTHENTICATION_FAILED",
        ]
    );
}

#[test]
#[ignore]
fn sasl_terminated_at_the_proxy_reaches_the_broker_as_the_proxys_own_user() {
    use kafka_wire_proxy::Credentials;

    let Some(sasl_address) = sasl_bootstrap() else {
        eprintln!(
            "skipped: KAFKA_SASL_BOOTSTRAP is not set (bash scripts/proxy-sasl.sh runs this)"
        );
        return;
    };
    let runtime = proxy_runtime();
    let start = |password: &'static str| {
        let credentials = Credentials::new().user("carol", "carol-secret").unwrap();
        let proxy = runtime
            .block_on(
                Proxy::builder(sasl_address.clone())
                    .listen("127.0.0.1:0".parse().unwrap())
                    .sasl_termination(credentials)
                    .broker_sasl_plain("alice", password)
                    .start(),
            )
            .unwrap();
        let address = proxy.local_addr();
        runtime.spawn(async move { proxy.wait().await });
        address
    };
    let address = start("alice-secret");

    // carol is the proxy's user, unknown to the broker; the broker sees alice.
    let mut carol = Client::connect(address, "carol").unwrap();
    assert_eq!(sasl(&mut carol, "PLAIN", b"\0carol\0carol-secret"), 0);
    let topic = unique("terminated");
    create_topic(&mut carol, &topic, 1);
    wait_for_leaders(&mut client("live-proxy-terminated-direct"), &topic, 1);
    let mut wrong = Client::connect(address, "wrong").unwrap();
    let refused = sasl(&mut wrong, "PLAIN", b"\0carol\0guess");
    assert_eq!(
        ErrorCode::from_code(refused),
        ErrorCode::SaslAuthenticationFailed
    );
    assert!(
        wrong.send(&MetadataRequest::default(), 12).is_err(),
        "not served"
    );

    // The broker refuses the proxy's own credentials: no client is served.
    let refused = start("not-alices");
    let mut client = Client::connect(refused, "refused").unwrap();
    assert!(client.send(&MetadataRequest::default(), 12).is_err());

    // A listener whose sessions last 2 s: the proxy renews its own session
    // between carol's requests, which span three of them on one connection.
    let Some(reauth_address) = sasl_reauth_bootstrap() else {
        return;
    };
    let credentials = Credentials::new().user("carol", "carol-secret").unwrap();
    let proxy = runtime
        .block_on(
            Proxy::builder(reauth_address)
                .listen("127.0.0.1:0".parse().unwrap())
                .sasl_termination(credentials)
                .broker_sasl_plain("alice", "alice-secret")
                .start(),
        )
        .unwrap();
    let address = proxy.local_addr();
    runtime.spawn(async move { proxy.wait().await });
    let mut carol = Client::connect(address, "carol").unwrap();
    assert_eq!(sasl(&mut carol, "PLAIN", b"\0carol\0carol-secret"), 0);
    let metadata = MetadataRequest {
        topics: Some(vec![]),
        ..Default::default()
    };
    for _ in 0..3 {
        carol
            .send(&metadata, 12)
            .expect("served across the broker's sessions");
        std::thread::sleep(std::time::Duration::from_millis(2_500));
    }
    carol
        .send(&metadata, 12)
        .expect("served after three sessions");
}

/// The OAUTHBEARER token of tenant `tc.`'s service account `svc-tc` (an
/// unsecured JWT, which the broker's default validator accepts), as
/// `scripts/proxy-sasl.sh` makes it.
fn sasl_tenant_token() -> Option<String> {
    std::env::var("KAFKA_SASL_TENANT_TOKEN").ok()
}

/// A proxy that terminates SASL (users anna, ben and cleo) with tenants by
/// principal (anna → `ta.`, ben → `tb.`, cleo → `tc.`), each tenant
/// reaching the broker with the credentials `by_tenant` gives it.
fn tenant_credentials_proxy(
    runtime: &tokio::runtime::Runtime,
    sasl_address: &str,
    by_tenant: Vec<(String, kafka_wire_proxy::BrokerCredentials)>,
    events: Arc<std::sync::Mutex<Vec<String>>>,
) -> SocketAddr {
    use kafka_wire_proxy::filters::TenantsByPrincipal;
    use kafka_wire_proxy::{Credentials, ProxyEvent};

    let tenants =
        TenantsByPrincipal::new([("anna", "ta."), ("ben", "tb."), ("cleo", "tc.")]).unwrap();
    let users = Credentials::new()
        .user("anna", "anna-secret")
        .unwrap()
        .user("ben", "ben-secret")
        .unwrap()
        .user("cleo", "cleo-secret")
        .unwrap();
    let filter = tenants.clone();
    let proxy = runtime
        .block_on(
            Proxy::builder(sasl_address)
                .listen("127.0.0.1:0".parse().unwrap())
                .sasl_termination(users)
                .tenant_broker_sasl(tenants, by_tenant)
                .filters(move |_: &_| vec![Box::new(filter.clone()) as Box<dyn Filter>])
                .on_event(move |e| {
                    if let ProxyEvent::Closed {
                        error: Some(error), ..
                    } = e
                    {
                        events.lock().unwrap().push(error.to_string());
                    }
                })
                .start(),
        )
        .unwrap_or_else(|e| panic!("the proxy to {sasl_address} does not start: {e}"));
    let address = proxy.local_addr();
    runtime.spawn(async move { proxy.wait().await });
    address
}

/// A session of `user` through the proxy at `address`: authenticates,
/// creates `topic` (its tenant's, at the broker), produces a record to it
/// and fetches it back.
fn produce_and_consume(address: SocketAddr, user: &str, topic: &str) {
    let mut c = Client::connect(address, user).unwrap();
    let password = format!("{user}-secret");
    let token = format!("\0{user}\0{password}");
    assert_eq!(sasl(&mut c, "PLAIN", token.as_bytes()), 0, "{user}");
    let id = create_topic(&mut c, topic, 1);
    let value = format!("{user}'s record");
    let mut builder = RecordBatchBuilder::new();
    builder
        .append(NewRecord::new(1_700_000_000_000).value(value.as_bytes()))
        .unwrap();
    let produce = ProduceRequest {
        acks: -1,
        timeout_ms: 10_000,
        topic_data: vec![TopicProduceData {
            topic_id: id,
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(Records::from(builder.build().unwrap())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let produced = send(&mut c, &produce, 13);
    ok(
        produced.responses[0].partition_responses[0].error_code,
        &format!("{user} produces to {topic}"),
    );
    let fetched = send(&mut c, &fetch_request(topic, id, 0, 17), 17);
    let partition = &fetched.responses[0].partitions[0];
    ok(partition.error_code, &format!("{user} fetches {topic}"));
    let records = partition.records.as_ref().expect("records");
    let batch = records.batches().next().expect("a batch").unwrap();
    let record = batch.records().unwrap().next().expect("a record").unwrap();
    assert_eq!(record.value(), Some(value.as_bytes()), "{user}");
}

#[test]
#[ignore]
fn sasl_each_tenant_reaches_the_broker_with_its_own_service_account() {
    use kafka_wire_proxy::BrokerCredentials;

    let Some(sasl_address) = sasl_bootstrap() else {
        eprintln!(
            "skipped: KAFKA_SASL_BOOTSTRAP is not set (bash scripts/proxy-sasl.sh runs this)"
        );
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // The script made svc-ta and svc-tb (SCRAM-SHA-512), whose ACLs allow
    // everything over names prefixed ta. and tb. respectively, and svc-tc's
    // token (OAUTHBEARER), whose ACLs allow tc.
    let ta = || BrokerCredentials::scram_sha512("svc-ta", "svc-ta-secret");
    let tb = || BrokerCredentials::scram_sha512("svc-tb", "svc-tb-secret");
    let mut by_tenant = vec![("ta.".to_owned(), ta()), ("tb.".to_owned(), tb())];
    let token = sasl_tenant_token();
    if let Some(token) = &token {
        by_tenant.push(("tc.".to_owned(), BrokerCredentials::oauthbearer(token)));
    }
    let events = Arc::new(std::sync::Mutex::new(Vec::new()));
    let address = tenant_credentials_proxy(&runtime, &sasl_address, by_tenant, events.clone());

    // The accounts reach the broker's SCRAM cache through its metadata log
    // a moment after the script made them.
    let accepted = eventually(
        30,
        || {
            let mut c = Client::connect(address, "warm-up").unwrap();
            sasl(&mut c, "PLAIN", b"\0anna\0anna-secret")
        },
        |&code| code == 0,
    );
    ok(accepted, "anna's tenant's account");
    events.lock().unwrap().clear();

    // anna (ta.) and ben (tb.) through the one proxy at the same time, each
    // producing to and consuming its own topic under its service account.
    let topic = unique("own-account");
    // The rows of docs/proxy.md's table of this run.
    let row = |tenant: &str, client: &str, account: &str, outcome: &str, took: Duration| {
        eprintln!(
            "| {tenant} | {client} | {account} | {outcome} | {:.2} s |",
            took.as_secs_f64()
        )
    };
    std::thread::scope(|s| {
        let sessions: Vec<_> = [("anna", "ta.", "svc-ta, SCRAM-SHA-512"), ("ben", "tb.", "svc-tb, SCRAM-SHA-512")]
            .into_iter()
            .map(|(user, tenant, account)| {
                let topic = &topic;
                s.spawn(move || {
                    let started = std::time::Instant::now();
                    produce_and_consume(address, user, topic);
                    let outcome = "own topic created, a record produced and fetched back (at the same time as the other)";
                    row(tenant, user, account, outcome, started.elapsed());
                })
            })
            .collect();
        for session in sessions {
            session.join().unwrap();
        }
    });
    let mut direct = client("live-proxy-tenant-accounts-direct");
    for prefix in ["ta.", "tb."] {
        wait_for_leaders(&mut direct, &format!("{prefix}{topic}"), 1);
    }
    // cleo (tc.) through the same proxy, the proxy reaching the broker with
    // the token.
    if token.is_some() {
        let started = std::time::Instant::now();
        produce_and_consume(address, "cleo", &topic);
        let outcome = "own topic created, a record produced and fetched back";
        row(
            "tc.",
            "cleo",
            "svc-tc, OAUTHBEARER (unsecured JWT)",
            outcome,
            started.elapsed(),
        );
        wait_for_leaders(&mut direct, &format!("tc.{topic}"), 1);
    } else {
        eprintln!("no OAUTHBEARER tenant: KAFKA_SASL_TENANT_TOKEN is not set");
    }
    assert!(
        events.lock().unwrap().is_empty(),
        "{:?}",
        events.lock().unwrap()
    );

    // Defence in depth: a proxy that sent tb.'s traffic on ta.'s service
    // account (a misconfiguration) meets the broker's ACLs, which deny ta.'s
    // account every name of tb.'s.
    let crossed = tenant_credentials_proxy(
        &runtime,
        &sasl_address,
        vec![("ta.".to_owned(), ta()), ("tb.".to_owned(), ta())],
        Arc::default(),
    );
    let started = std::time::Instant::now();
    let mut ben = Client::connect(crossed, "ben").unwrap();
    assert_eq!(sasl(&mut ben, "PLAIN", b"\0ben\0ben-secret"), 0);
    let create = kafka_messages::CreateTopicsRequest {
        topics: vec![kafka_messages::CreatableTopic {
            name: unique("crossed").as_str().into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 30_000,
        ..Default::default()
    };
    let refused = send(&mut ben, &create, 7);
    assert_eq!(
        ErrorCode::from_code(refused.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed,
        "tb.'s name on ta.'s account"
    );
    let existing = send(&mut ben, &metadata_by_name(&topic), 12);
    assert_eq!(
        ErrorCode::from_code(existing.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed,
        "tb.'s own topic on ta.'s account"
    );
    let outcome =
        "CreateTopics and Metadata of tb.'s names: TOPIC_AUTHORIZATION_FAILED (the broker's ACLs)";
    row(
        "tb.",
        "ben",
        "svc-ta (misconfigured: ta.'s account)",
        outcome,
        started.elapsed(),
    );

    // A tenant whose account the broker refuses: its client is answered as
    // Kafka answers refused credentials, and the proxy names the tenant and
    // the mechanism.
    let events = Arc::new(std::sync::Mutex::new(Vec::new()));
    let wrong = tenant_credentials_proxy(
        &runtime,
        &sasl_address,
        vec![(
            "ta.".to_owned(),
            BrokerCredentials::scram_sha512("svc-ta", "not-its-password"),
        )],
        events.clone(),
    );
    let started = std::time::Instant::now();
    let mut anna = Client::connect(wrong, "anna").unwrap();
    let refused = sasl(&mut anna, "PLAIN", b"\0anna\0anna-secret");
    assert_eq!(
        ErrorCode::from_code(refused),
        ErrorCode::SaslAuthenticationFailed
    );
    assert!(anna.send(&MetadataRequest::default(), 12).is_err());
    std::thread::sleep(Duration::from_millis(200));
    let outcome = "SaslAuthenticate answered SASL_AUTHENTICATION_FAILED, connection closed";
    row(
        "ta.",
        "anna",
        "svc-ta, a wrong password",
        outcome,
        started.elapsed(),
    );
    let reported = events.lock().unwrap().join("\n");
    eprintln!("reported: {reported}");
    assert!(
        reported.contains("with SCRAM-SHA-512 for tenant ta.: SASL_AUTHENTICATION_FAILED"),
        "{reported}"
    );
}
