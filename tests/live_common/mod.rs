//! What the live tests (`live.rs`, `live_apis.rs`, `live_records.rs`,
//! `live_kafka39.rs`) share: the brokers' addresses, a client, names no
//! earlier run used, the versions both sides have, a send that names what
//! failed, an error-code check, a wait for what the broker applies a moment
//! after it answers, and a topic ready for use.

#![allow(dead_code)]

use std::thread::sleep;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use kafka_messages::client::Client;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::{
    ApiKey, CreatableTopic, CreateTopicsRequest, FetchRequest, MetadataRequest, Release,
};
use kafka_wire::{ErrorCode, Message, Request, Uuid};

/// A broker the live tests talk to: its address is the environment variable
/// `var`, else `default`; `start` is the command that starts one there.
pub struct Broker {
    pub var: &'static str,
    pub default: &'static str,
    pub start: &'static str,
}

/// The Kafka 4.4 broker of `live.rs`, `live_apis.rs` and `live_records.rs`.
pub const KAFKA: Broker = Broker {
    var: "KAFKA_BOOTSTRAP",
    default: "127.0.0.1:9092",
    start: "bash scripts/kafka-broker.sh start",
};

/// The Kafka 3.9.1 broker of `live_kafka39.rs`, beside the 4.4 one.
pub const KAFKA39: Broker = Broker {
    var: "KAFKA39_BOOTSTRAP",
    default: "127.0.0.1:9192",
    start: "KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start",
};

impl Broker {
    /// Its address, host:port.
    pub fn address(&self) -> String {
        std::env::var(self.var).unwrap_or_else(|_| self.default.into())
    }

    /// The port of its address, which the broker advertises for itself.
    pub fn port(&self) -> i32 {
        self.address()
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("{} is host:port", self.var))
    }

    /// A client of it that names itself `client_id`.
    pub fn client(&self, client_id: &str) -> Client {
        let addr = self.address();
        Client::connect(addr.as_str(), client_id).unwrap_or_else(|e| {
            panic!(
                "cannot reach a broker at {addr} ({}): {e} (start one with {})",
                self.var, self.start
            )
        })
    }
}

/// The address of [`KAFKA`].
pub fn bootstrap() -> String {
    KAFKA.address()
}

/// The port of [`bootstrap`], which the broker advertises for itself.
pub fn bootstrap_port() -> i32 {
    KAFKA.port()
}

/// A client of [`KAFKA`] that names itself `client_id`.
pub fn client(client_id: &str) -> Client {
    KAFKA.client(client_id)
}

/// A name no earlier run used, so tests can be re-run against the same broker.
pub fn unique(prefix: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}-{:x}", nanos & 0xffff_ffff_ffff)
}

/// Every version of `R` that the broker advertises and a broker of Kafka's
/// release [`KAFKA_RELEASE`](kafka_messages::KAFKA_RELEASE) accepts, lowest
/// first: [`versions_in`] for the 4.4 broker.
pub fn versions<R: Message>(c: &mut Client) -> Vec<i16> {
    versions_in::<R>(c, Release::Latest)
}

/// Every version of `R` that the broker advertises and a broker of `release`
/// accepts (this crate reads and writes them all), lowest first. Not the
/// advertised range alone: a 4.x broker advertises Produce v0-2 for
/// librdkafka's sake (KAFKA-18659) and closes the connection on them.
pub fn versions_in<R: Message>(c: &mut Client, release: Release) -> Vec<i16> {
    let theirs = c
        .api_versions()
        .expect("ApiVersions")
        .versions_of(R::API_KEY)
        .unwrap_or_else(|| panic!("the broker lacks API {}", R::API_KEY));
    let accepted = ApiKey::from_i16(R::API_KEY)
        .expect("a Kafka API")
        .versions_in(release);
    let both = theirs.intersect(R::VERSIONS).intersect(accepted);
    let (lo, hi) = (
        both.lowest().expect("a common version"),
        both.highest().unwrap(),
    );
    eprintln!("{}: versions {lo}-{hi}", R::SCHEMA.name);
    (lo..=hi).collect()
}

/// Sends `request` at `version`; a failure panics with the message and version.
pub fn send<R: Request>(c: &mut Client, request: &R, version: i16) -> R::Response {
    c.send(request, version)
        .unwrap_or_else(|e| panic!("{} v{version}: {e}", R::SCHEMA.name))
}

/// Checks that `code` is no error; a failure names `what` and the error.
pub fn ok(code: i16, what: &str) {
    assert_eq!(ErrorCode::from_code(code), ErrorCode::None, "{what}");
}

/// Calls `f` until `done` holds of its result, for at most `secs` seconds,
/// and returns the last result: the broker applies some changes (metadata,
/// ACLs, coordinators) a moment after it acknowledges them.
pub fn eventually<T>(secs: u64, mut f: impl FnMut() -> T, done: impl Fn(&T) -> bool) -> T {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let value = f();
        if done(&value) || Instant::now() > deadline {
            return value;
        }
        sleep(Duration::from_millis(200));
    }
}

/// Creates `name` with `partitions` partitions (CreateTopics at its highest
/// version), then [`wait_for_leaders`], and returns the topic's id.
pub fn create_topic(c: &mut Client, name: &str, partitions: i32) -> Uuid {
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: name.into(),
            num_partitions: partitions,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 30_000,
        ..Default::default()
    };
    let version = c.negotiate::<CreateTopicsRequest>().unwrap();
    let created = send(c, &request, version);
    assert_eq!(created.topics[0].error_code, 0, "CreateTopics {name}");
    wait_for_leaders(c, name, partitions)
}

/// Waits until the broker's metadata (at its highest version) shows every one
/// of the `partitions` of `name` with a leader, and returns the topic's id. A
/// CreateTopics answer comes before the broker has made itself leader, and a
/// request in between meets `LEADER_NOT_AVAILABLE` or
/// `UNKNOWN_TOPIC_OR_PARTITION`.
pub fn wait_for_leaders(c: &mut Client, name: &str, partitions: i32) -> Uuid {
    let metadata = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some(name.into()),
            ..Default::default()
        }]),
        allow_auto_topic_creation: false,
        ..Default::default()
    };
    let version = c.negotiate::<MetadataRequest>().unwrap();
    let ready = |m: &kafka_messages::MetadataResponse| {
        let t = &m.topics[0];
        t.error_code == 0
            && t.partitions.len() == partitions as usize
            && t.partitions.iter().all(|p| p.leader_id >= 0)
    };
    let m = eventually(30, || send(c, &metadata, version), ready);
    assert!(
        ready(&m),
        "{name}: no leader for every partition after 30 s"
    );
    m.topics[0].topic_id
}

/// A Fetch of partition 0 of `topic` (id `id`, which Fetch v13 and up name
/// it by) from `offset`, up to 1 MiB, waiting at most 100 ms.
pub fn fetch_request(topic: &str, id: Uuid, offset: i64, version: i16) -> FetchRequest {
    let mut t = FetchTopic {
        partitions: vec![FetchPartition {
            partition: 0,
            fetch_offset: offset,
            partition_max_bytes: 1 << 20,
            ..Default::default()
        }],
        ..Default::default()
    };
    if version >= 13 {
        t.topic_id = id;
    } else {
        t.topic = topic.into();
    }
    FetchRequest {
        max_wait_ms: 100,
        min_bytes: 1,
        topics: vec![t],
        ..Default::default()
    }
}
