//! The benchmark workloads, built once for each contender: this
//! workspace's `kafka-messages` and `kafka-protocol` 0.18. Shared by
//! `benches/codec.rs` (criterion) and `benches/callgrind.rs` (instruction counts).
//!
//! Every workload is checked before it is timed: both crates must encode the
//! instance to identical bytes, agree on the size, and decode each other's bytes
//! back to the instance.

#![allow(dead_code)]

use bytes::{Bytes, BytesMut};
use kafka_protocol::messages as kp;
use kafka_protocol::protocol::{Decodable, Encodable, StrBytes};
use kafka_wire::{Message, Records, Str, Uuid, Versioned};

/// The baseline of every ratio to memcpy: a copy of the same bytes into a
/// reused buffer, whose copy is placed half a page (mod 4096) from the
/// source. A destination a few bytes past the source's offset in its page
/// makes the copy's loads wait on its stores (4K aliasing): a 308 KB copy
/// took 10.2 µs there against 6.3 µs to 6.6 µs at any other offset tried,
/// so the baseline, and every ratio to it, hung on where the allocator had
/// put the two buffers (9.2 µs in one build, 6.5 µs in another).
pub struct Memcpy {
    source: Vec<u8>,
    room: Vec<u8>,
    at: usize,
}

impl Memcpy {
    /// A copy of `bytes`, to be copied again by [`run`](Memcpy::run).
    pub fn new(bytes: &[u8]) -> Self {
        const PAGE: usize = 4096;
        let source = bytes.to_vec();
        let room = vec![0u8; source.len() + PAGE];
        let want = (source.as_ptr() as usize + PAGE / 2) % PAGE;
        let at = (want + PAGE - room.as_ptr() as usize % PAGE) % PAGE;
        Memcpy { source, room, at }
    }

    /// Copies the bytes `n` times.
    #[inline(never)]
    pub fn run(&mut self, n: u64) {
        let len = self.source.len();
        let dst = &mut self.room[self.at..self.at + len];
        for _ in 0..n {
            dst.copy_from_slice(std::hint::black_box(&self.source));
            std::hint::black_box(&mut *dst);
        }
    }

    /// What a copy holds.
    pub fn copied(&self) -> &[u8] {
        &self.room[self.at..self.at + self.source.len()]
    }
}

/// Target length of one contender's batch within a round of [`interleaved`].
pub const BATCH: std::time::Duration = std::time::Duration::from_millis(10);

/// Seconds per call of `f` over `n` calls.
pub fn time(f: &mut dyn FnMut(u64), n: u64) -> f64 {
    let start = std::time::Instant::now();
    f(n);
    start.elapsed().as_secs_f64() / n as f64
}

/// Iterations of `f` that take about [`BATCH`].
pub fn calibrate(f: &mut dyn FnMut(u64)) -> u64 {
    let mut n = 1;
    loop {
        let start = std::time::Instant::now();
        f(n);
        let took = start.elapsed();
        if took >= BATCH / 4 || n >= 1 << 24 {
            let per = took.as_secs_f64() / n as f64;
            return ((BATCH.as_secs_f64() / per) as u64).max(1);
        }
        n *= 2;
    }
}

/// The contenders timed in `rounds` rounds, each round a batch of each back
/// to back, in an order that rotates every round (so that no contender
/// always runs first): per contender, its seconds per call in each round.
/// Load that lasts longer than a round hits every contender of the round
/// alike, and cancels out of their ratios.
pub fn interleaved(rounds: usize, contenders: &mut [&mut dyn FnMut(u64)]) -> Vec<Vec<f64>> {
    let counts: Vec<u64> = contenders.iter_mut().map(|f| calibrate(*f)).collect();
    let k = contenders.len();
    let mut times = vec![Vec::with_capacity(rounds); k];
    for round in 0..rounds {
        for slot in 0..k {
            let i = (round + slot) % k;
            times[i].push(time(contenders[i], counts[i]));
        }
    }
    times
}

/// Whether the command line asks for the workload `name`: `cargo bench`
/// passes `--bench`; names that are not flags select workloads, and none
/// selects every one.
pub fn wanted() -> impl Fn(&str) -> bool {
    let names: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    move |name| names.is_empty() || names.iter().any(|n| name.contains(n.as_str()))
}

/// The first quartile, the median and the third quartile.
pub fn quartiles(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.25), at(0.5), at(0.75))
}

/// The operations every workload is measured with.
pub trait Codec {
    /// `encoded_len` (ours) / `compute_size` (kafka-protocol).
    fn size(&self, version: i16) -> usize;
    /// The size computation a length-prefixed writer needs, then the encode,
    /// into a reused buffer that the caller has cleared.
    fn encode_sized(&self, buf: &mut BytesMut, version: i16) -> usize;
    /// Decodes from `Bytes` and drops the result.
    fn decode_drop(bytes: &mut Bytes, version: i16);
}

macro_rules! ours {
    ($($ty:ty),*) => {$(
        impl Codec for $ty {
            #[inline]
            fn size(&self, version: i16) -> usize {
                self.encoded_len(version)
            }
            #[inline]
            fn encode_sized(&self, buf: &mut BytesMut, version: i16) -> usize {
                // Everything a length-prefixed writer needs: `encode` returns
                // the length. In the reused buffer's spare room it writes in
                // one pass and counts the bytes; if the body does not fit, it
                // computes the size and writes again.
                Versioned::encode(self, buf, version).unwrap()
            }
            #[inline]
            fn decode_drop(bytes: &mut Bytes, version: i16) {
                let m = <$ty as Versioned>::decode(bytes, version).unwrap();
                std::hint::black_box(m);
            }
        }
    )*};
}

macro_rules! theirs {
    ($($ty:ty),*) => {$(
        impl Codec for $ty {
            #[inline]
            fn size(&self, version: i16) -> usize {
                self.compute_size(version).unwrap()
            }
            #[inline]
            fn encode_sized(&self, buf: &mut BytesMut, version: i16) -> usize {
                let n = self.compute_size(version).unwrap();
                buf.reserve(n);
                Encodable::encode(self, buf, version).unwrap();
                n
            }
            #[inline]
            fn decode_drop(bytes: &mut Bytes, version: i16) {
                let m = <$ty as Decodable>::decode(bytes, version).unwrap();
                std::hint::black_box(m);
            }
        }
    )*};
}

ours!(
    kafka_messages::CreateTopicsRequest,
    kafka_messages::CreateTopicsResponse,
    kafka_messages::CreateAclsRequest,
    kafka_messages::MetadataResponse,
    kafka_messages::FetchResponse,
    kafka_messages::ProduceRequest
);
theirs!(
    kp::CreateTopicsRequest,
    kp::CreateTopicsResponse,
    kp::CreateAclsRequest
);

// ---------------------------------------------------------------------------
// Instances
// ---------------------------------------------------------------------------

fn s(x: &str) -> StrBytes {
    StrBytes::from_string(x.to_owned())
}

/// The smallest seed CreateTopicsRequest (body 30 bytes at v7).
pub fn small_ours() -> kafka_messages::CreateTopicsRequest {
    use kafka_messages::*;
    CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: Str::new(),
            num_partitions: 0,
            replication_factor: 0,
            assignments: vec![CreatableReplicaAssignment {
                partition_index: 0,
                broker_ids: vec![0].into(),
                ..Default::default()
            }],
            configs: vec![CreatableTopicConfig::new("", "")],
            ..Default::default()
        }],
        timeout_ms: 0,
        validate_only: false,
        ..Default::default()
    }
}

pub fn small_theirs() -> kp::CreateTopicsRequest {
    use kp::create_topics_request::*;
    kp::CreateTopicsRequest::default()
        .with_topics(vec![CreatableTopic::default()
            .with_name(kp::TopicName(s("")))
            .with_num_partitions(0)
            .with_replication_factor(0)
            .with_assignments(vec![CreatableReplicaAssignment::default()
                .with_partition_index(0)
                .with_broker_ids(vec![kp::BrokerId(0)])])
            .with_configs(vec![CreatableTopicConfig::default()
                .with_name(s(""))
                .with_value(Some(s("")))])])
        .with_timeout_ms(0)
        .with_validate_only(false)
}

pub const TOPICS: usize = 1000;
pub const PARTITIONS: i32 = 12;
const REQUEST_CONFIGS: [(&str, &str); 3] = [
    ("cleanup.policy", "compact"),
    ("retention.ms", "604800000"),
    ("min.insync.replicas", "2"),
];
const RESPONSE_CONFIGS: [(&str, &str); 5] = [
    ("cleanup.policy", "compact"),
    ("retention.ms", "604800000"),
    ("min.insync.replicas", "2"),
    ("segment.bytes", "1073741824"),
    ("max.message.bytes", "1048588"),
];

fn topic_name(i: usize) -> String {
    format!("topic-{i:05}")
}

fn brokers(p: i32) -> impl Iterator<Item = i32> {
    (0..3).map(move |r| (p + r) % 6)
}

/// 1000 topics, 12 partitions, RF 3, explicit assignments, 3 configs.
pub fn large_ours() -> kafka_messages::CreateTopicsRequest {
    use kafka_messages::*;
    CreateTopicsRequest {
        topics: (0..TOPICS)
            .map(|i| CreatableTopic {
                name: topic_name(i).into(),
                num_partitions: PARTITIONS,
                replication_factor: 3,
                assignments: (0..PARTITIONS)
                    .map(|p| CreatableReplicaAssignment {
                        partition_index: p,
                        broker_ids: brokers(p).collect(),
                        ..Default::default()
                    })
                    .collect(),
                configs: REQUEST_CONFIGS
                    .iter()
                    .map(|(k, v)| CreatableTopicConfig::new(*k, *v))
                    .collect(),
                ..Default::default()
            })
            .collect(),
        timeout_ms: 30_000,
        validate_only: false,
        ..Default::default()
    }
}

pub fn large_theirs() -> kp::CreateTopicsRequest {
    use kp::create_topics_request::*;
    kp::CreateTopicsRequest::default()
        .with_topics(
            (0..TOPICS)
                .map(|i| {
                    CreatableTopic::default()
                        .with_name(kp::TopicName(s(&topic_name(i))))
                        .with_num_partitions(PARTITIONS)
                        .with_replication_factor(3)
                        .with_assignments(
                            (0..PARTITIONS)
                                .map(|p| {
                                    CreatableReplicaAssignment::default()
                                        .with_partition_index(p)
                                        .with_broker_ids(brokers(p).map(kp::BrokerId).collect())
                                })
                                .collect(),
                        )
                        .with_configs(
                            REQUEST_CONFIGS
                                .iter()
                                .map(|(k, v)| {
                                    CreatableTopicConfig::default()
                                        .with_name(s(k))
                                        .with_value(Some(s(v)))
                                })
                                .collect(),
                        )
                })
                .collect(),
        )
        .with_timeout_ms(30_000)
        .with_validate_only(false)
}

/// 1000 ACL creations.
pub fn acls_ours() -> kafka_messages::CreateAclsRequest {
    use kafka_messages::*;
    CreateAclsRequest {
        creations: (0..TOPICS)
            .map(|i| AclCreation {
                resource_type: 2,
                resource_name: topic_name(i).into(),
                resource_pattern_type: 3,
                principal: "User:alice".into(),
                host: "*".into(),
                operation: 2,
                permission_type: 3,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

pub fn acls_theirs() -> kp::CreateAclsRequest {
    use kp::create_acls_request::*;
    kp::CreateAclsRequest::default().with_creations(
        (0..TOPICS)
            .map(|i| {
                AclCreation::default()
                    .with_resource_type(2)
                    .with_resource_name(s(&topic_name(i)))
                    .with_resource_pattern_type(3)
                    .with_principal(s("User:alice"))
                    .with_host(s("*"))
                    .with_operation(2)
                    .with_permission_type(3)
            })
            .collect(),
    )
}

/// splitmix64: the seeded "random" topic ids, identical for both crates.
fn topic_ids() -> impl Iterator<Item = [u8; 16]> {
    seeded_ids(0x5eed_0000_0000_0005)
}

/// Topic ids from splitmix64 seeded with `state` (each id two draws, big
/// endian), as the Java contender draws them.
fn seeded_ids(mut state: u64) -> impl Iterator<Item = [u8; 16]> {
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    std::iter::repeat_with(move || {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&next().to_be_bytes());
        b[8..].copy_from_slice(&next().to_be_bytes());
        b
    })
}

/// 1000 results: name, random id, error 0, null message, 12 partitions, RF 3, 5 configs.
pub fn response_ours() -> kafka_messages::CreateTopicsResponse {
    use kafka_messages::*;
    CreateTopicsResponse {
        throttle_time_ms: 0,
        topics: topic_ids()
            .take(TOPICS)
            .enumerate()
            .map(|(i, id)| CreatableTopicResult {
                name: topic_name(i).into(),
                topic_id: Uuid::from_bytes(id),
                error_code: 0,
                error_message: None,
                topic_config_error_code: 0,
                num_partitions: PARTITIONS,
                replication_factor: 3,
                configs: Some(
                    RESPONSE_CONFIGS
                        .iter()
                        .map(|(k, v)| CreatableTopicConfigs {
                            name: (*k).into(),
                            value: Some((*v).into()),
                            read_only: false,
                            config_source: 5,
                            is_sensitive: false,
                            ..Default::default()
                        })
                        .collect(),
                ),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

pub fn response_theirs() -> kp::CreateTopicsResponse {
    use kp::create_topics_response::*;
    kp::CreateTopicsResponse::default()
        .with_throttle_time_ms(0)
        .with_topics(
            topic_ids()
                .take(TOPICS)
                .enumerate()
                .map(|(i, id)| {
                    CreatableTopicResult::default()
                        .with_name(kp::TopicName(s(&topic_name(i))))
                        .with_topic_id(uuid::Uuid::from_bytes(id))
                        .with_error_code(0)
                        .with_error_message(None)
                        .with_topic_config_error_code(0)
                        .with_num_partitions(PARTITIONS)
                        .with_replication_factor(3)
                        .with_configs(Some(
                            RESPONSE_CONFIGS
                                .iter()
                                .map(|(k, v)| {
                                    CreatableTopicConfigs::default()
                                        .with_name(s(k))
                                        .with_value(Some(s(v)))
                                        .with_read_only(false)
                                        .with_config_source(5)
                                        .with_is_sensitive(false)
                                })
                                .collect(),
                        ))
                })
                .collect(),
        )
}

// ---------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------

/// One instance, built for both crates, at one version.
pub struct Workload<O, T> {
    /// Benchmark-group prefix, e.g. `create_topics_large_v7`.
    pub name: &'static str,
    pub version: i16,
    pub ours: O,
    pub theirs: T,
    /// The encoded body (identical for both crates; checked).
    pub encoded: Bytes,
}

impl<O, T> Workload<O, T>
where
    O: Codec + Message + PartialEq + std::fmt::Debug,
    T: Codec + Encodable + Decodable + PartialEq + std::fmt::Debug,
{
    /// Builds the workload and checks that both crates agree byte for byte.
    pub fn new(name: &'static str, version: i16, ours: O, theirs: T) -> Self {
        let mut a = BytesMut::new();
        let na = ours.encode_sized(&mut a, version);
        let mut b = BytesMut::new();
        let nb = theirs.encode_sized(&mut b, version);
        assert_eq!(
            na,
            a.len(),
            "{name}: our encoded_len is not what encode wrote"
        );
        assert_eq!(
            nb,
            b.len(),
            "{name}: kafka-protocol compute_size is not what encode wrote"
        );
        assert!(
            a[..] == b[..],
            "{name}: the two crates encode different bytes"
        );
        let encoded = a.freeze();
        // Each crate decodes the shared bytes back to its own instance, exactly.
        let mut src = encoded.clone();
        assert_eq!(
            O::decode(&mut src, version).unwrap(),
            ours,
            "{name}: our decode"
        );
        assert!(src.is_empty(), "{name}: our decode left bytes");
        let mut src = encoded.clone();
        assert_eq!(
            <T as Decodable>::decode(&mut src, version).unwrap(),
            theirs,
            "{name}: kafka-protocol decode"
        );
        assert!(src.is_empty(), "{name}: kafka-protocol decode left bytes");
        Workload {
            name,
            version,
            ours,
            theirs,
            encoded,
        }
    }
}

pub type CreateTopicsRequests =
    Workload<kafka_messages::CreateTopicsRequest, kp::CreateTopicsRequest>;

pub fn small_v7() -> CreateTopicsRequests {
    let w = Workload::new("create_topics_small_v7", 7, small_ours(), small_theirs());
    assert_eq!(
        w.encoded.len(),
        30,
        "the seed's smallest CreateTopicsRequest v7 body is 30 bytes"
    );
    w
}

pub fn large_v7() -> CreateTopicsRequests {
    Workload::new("create_topics_large_v7", 7, large_ours(), large_theirs())
}

pub fn large_v4() -> CreateTopicsRequests {
    Workload::new("create_topics_large_v4", 4, large_ours(), large_theirs())
}

pub fn acls_v3() -> Workload<kafka_messages::CreateAclsRequest, kp::CreateAclsRequest> {
    Workload::new("create_acls_v3", 3, acls_ours(), acls_theirs())
}

pub fn response_v7() -> Workload<kafka_messages::CreateTopicsResponse, kp::CreateTopicsResponse> {
    Workload::new(
        "create_topics_response_v7",
        7,
        response_ours(),
        response_theirs(),
    )
}

// ---------------------------------------------------------------------------
// The JSON workloads' other instances (kafka-wire and Kafka's Java classes
// only; benches/peers/java/src/PeersJava.java builds the same)
// ---------------------------------------------------------------------------

/// A Metadata response (v12) of 1,000 partitions: 3 brokers, 10 topics of
/// 100 partitions, each led by broker `p % 3` with 3 replicas all in sync.
pub fn metadata_ours() -> kafka_messages::MetadataResponse {
    use kafka_messages::metadata::*;
    let replicas = |p: i32| vec![p % 3, (p + 1) % 3, (p + 2) % 3];
    MetadataResponse {
        throttle_time_ms: 0,
        brokers: (0..3)
            .map(|b| MetadataResponseBroker {
                node_id: b,
                host: format!("broker-{b}").into(),
                port: 9092,
                rack: None,
                ..Default::default()
            })
            .collect(),
        cluster_id: Some("kafka-wire-cluster".into()),
        controller_id: 0,
        topics: seeded_ids(0x5eed_0000_0000_0006)
            .take(10)
            .enumerate()
            .map(|(t, id)| MetadataResponseTopic {
                error_code: 0,
                name: Some(topic_name(t).into()),
                topic_id: Uuid::from_bytes(id),
                is_internal: false,
                partitions: (0..100)
                    .map(|p| MetadataResponsePartition {
                        error_code: 0,
                        partition_index: p,
                        leader_id: p % 3,
                        leader_epoch: 0,
                        replica_nodes: replicas(p).into(),
                        isr_nodes: replicas(p).into(),
                        offline_replicas: kafka_messages::BrokerIds::new(),
                        ..Default::default()
                    })
                    .collect(),
                topic_authorized_operations: i32::MIN,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// The records of every partition of [`fetch_ours`]: 4 KiB of opaque bytes
/// (no codec here or in Java looks inside a records field).
pub fn fetch_records() -> Vec<u8> {
    (0..4096u32).map(|i| ((i * 31 + 7) % 251) as u8).collect()
}

/// A Produce request (v9, flexible, topics by name) of 10 topics of 10
/// partitions, each with the 4 KiB of records of [`fetch_records`], acks
/// -1 and no transactional id: the request the broker's request log prints
/// most.
pub fn produce_ours() -> kafka_messages::ProduceRequest {
    use kafka_messages::produce::*;
    let records = Records(Bytes::from(fetch_records()));
    ProduceRequest {
        transactional_id: None,
        acks: -1,
        timeout_ms: 30_000,
        topic_data: (0..10)
            .map(|t| TopicProduceData {
                name: topic_name(t).into(),
                partition_data: (0..10)
                    .map(|p| PartitionProduceData {
                        index: p,
                        records: Some(records.clone()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// A Fetch response (v16) of 10 topics of 10 partitions, each with 4 KiB
/// of records.
pub fn fetch_ours() -> kafka_messages::FetchResponse {
    use kafka_messages::fetch::*;
    let records = Records(Bytes::from(fetch_records()));
    FetchResponse {
        throttle_time_ms: 0,
        error_code: 0,
        session_id: 0,
        responses: seeded_ids(0x5eed_0000_0000_0007)
            .take(10)
            .map(|id| FetchableTopicResponse {
                topic_id: Uuid::from_bytes(id),
                partitions: (0..10)
                    .map(|p| PartitionData {
                        partition_index: p,
                        error_code: 0,
                        high_watermark: 1000,
                        last_stable_offset: 1000,
                        log_start_offset: 0,
                        aborted_transactions: Some(Vec::new()),
                        preferred_read_replica: -1,
                        records: Some(records.clone()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}
