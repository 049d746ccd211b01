//! The Rust contenders of `scripts/bench-peers.sh`, in one process:
//! kafka-wire, kafka-protocol 0.18, krabka-protocol 0.8 (owned and borrowed
//! decode), and memcpy, the baseline of every ratio.
//!
//! The workloads are those of `benches/common/mod.rs`, included as they are
//! (so kafka-wire's and kafka-protocol's instances, and the check that the two
//! encode identical bytes, are the ones `cargo bench` uses); the krabka
//! instances below mirror them and are checked against them byte for byte.
//!
//! The driver speaks to this process over stdin/stdout, one line per command
//! (benches/peers/README.md):
//!
//! ```text
//! hello                                       -> hello rust <facts>
//! check                                       -> check <workload> <contender> <op> <len> <sha256> <allocs/op> <bytes/op> ... end
//! calibrate <workload> <contender> <op> <ns>  -> <iterations that take about ns>
//! warmup <ms>                                 -> ok
//! bench <workload> <contender> <op> <n>       -> <wall ns for n operations>
//! quit
//! ```
//!
//! The contenders of each workload are one table, in [`contenders`]; that is
//! with kafka-wire's owned, reused and borrowed decode. Kafka's JSON form
//! (`json-write`, `json-read`) is timed for kafka-wire only, in
//! [`json_contenders`], against Kafka's Java converters.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use bytes::{Bytes, BytesMut};
use kafka_protocol::protocol::{Decodable, Encodable};
use kafka_wire::json::{self, RecordsAs};
use kafka_wire::{Message, Versioned, WireView};
use krabka_protocol::{borrowed as kb, owned as ko, Decode, DecodeBorrow, Encode};
use sha2::{Digest, Sha256};

#[path = "../../../common/mod.rs"]
mod common;
use common::{Codec, Workload};

// ---------------------------------------------------------------------------
// Allocation counts (reported by `check`, never while timing)
// ---------------------------------------------------------------------------

/// glibc malloc (the system allocator, with its default settings), counting
/// allocations only while `check` asks it to. Outside `check` the cost is one
/// relaxed load and a branch per allocation.
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static ALLOC_BYTES: AtomicU64 = AtomicU64::new(0);

#[inline]
fn count(size: usize) {
    if COUNTING.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        ALLOC_BYTES.fetch_add(size as u64, Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to `System`.
unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc_zeroed(layout)
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        System.realloc(ptr, layout, new_size)
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

// ---------------------------------------------------------------------------
// krabka-protocol instances: the same messages as benches/common/mod.rs
// ---------------------------------------------------------------------------

/// krabka's owned type of a workload, with its borrowed twin.
trait Krabka: Encode + for<'de> Decode<'de> + PartialEq + std::fmt::Debug + 'static {
    /// Decodes the borrowed form from `src` and drops it.
    fn decode_borrowed_drop(src: &[u8], version: i16);
    /// Decodes the borrowed form, checks that it read everything, and encodes
    /// it again (the borrowed types implement `Encode` too).
    fn borrowed_reencoded(src: &[u8], version: i16) -> Vec<u8>;
}

macro_rules! krabka {
    ($($owned:ty => $borrowed:ident),* $(,)?) => {$(
        impl Krabka for $owned {
            #[inline]
            fn decode_borrowed_drop(src: &[u8], version: i16) {
                let mut s = src;
                let m = <$borrowed<'_> as DecodeBorrow>::decode_borrow(&mut s, version).unwrap();
                black_box(m);
            }
            fn borrowed_reencoded(src: &[u8], version: i16) -> Vec<u8> {
                let mut s = src;
                let m = <$borrowed<'_> as DecodeBorrow>::decode_borrow(&mut s, version).unwrap();
                assert!(s.is_empty(), "krabka borrowed decode left bytes");
                encode_krabka(&m, version)
            }
        }
    )*};
}

use kb::create_acls_request::CreateAclsRequest as KbCreateAclsRequest;
use kb::create_topics_request::CreateTopicsRequest as KbCreateTopicsRequest;
use kb::create_topics_response::CreateTopicsResponse as KbCreateTopicsResponse;
krabka!(
    ko::create_topics_request::CreateTopicsRequest => KbCreateTopicsRequest,
    ko::create_acls_request::CreateAclsRequest => KbCreateAclsRequest,
    ko::create_topics_response::CreateTopicsResponse => KbCreateTopicsResponse,
);

fn encode_krabka<M: Encode>(m: &M, version: i16) -> Vec<u8> {
    let mut buf = BytesMut::new();
    m.encode(&mut buf, version).unwrap();
    assert_eq!(
        buf.len(),
        m.encoded_len(version),
        "krabka encoded_len is not what encode wrote"
    );
    buf.to_vec()
}

fn krabka_small() -> ko::create_topics_request::CreateTopicsRequest {
    use ko::create_topics_request::*;
    CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: String::new(),
            num_partitions: 0,
            replication_factor: 0,
            assignments: vec![CreatableReplicaAssignment {
                partition_index: 0,
                broker_ids: vec![0],
                ..Default::default()
            }],
            configs: vec![CreatableTopicConfig {
                name: String::new(),
                value: Some(String::new()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        timeout_ms: 0,
        validate_only: false,
        ..Default::default()
    }
}

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

fn krabka_large() -> ko::create_topics_request::CreateTopicsRequest {
    use ko::create_topics_request::*;
    CreateTopicsRequest {
        topics: (0..common::TOPICS)
            .map(|i| CreatableTopic {
                name: topic_name(i),
                num_partitions: common::PARTITIONS,
                replication_factor: 3,
                assignments: (0..common::PARTITIONS)
                    .map(|p| CreatableReplicaAssignment {
                        partition_index: p,
                        broker_ids: (0..3).map(|r| (p + r) % 6).collect(),
                        ..Default::default()
                    })
                    .collect(),
                configs: REQUEST_CONFIGS
                    .iter()
                    .map(|(k, v)| CreatableTopicConfig {
                        name: (*k).to_owned(),
                        value: Some((*v).to_owned()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        timeout_ms: 30_000,
        validate_only: false,
        ..Default::default()
    }
}

fn krabka_acls() -> ko::create_acls_request::CreateAclsRequest {
    use ko::create_acls_request::*;
    CreateAclsRequest {
        creations: (0..common::TOPICS)
            .map(|i| AclCreation {
                resource_type: 2,
                resource_name: topic_name(i),
                resource_pattern_type: 3,
                principal: "User:alice".to_owned(),
                host: "*".to_owned(),
                operation: 2,
                permission_type: 3,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

fn krabka_response() -> ko::create_topics_response::CreateTopicsResponse {
    use ko::create_topics_response::*;
    // The topic ids come from the kafka-wire instance, which draws them from
    // the seeded splitmix64 of benches/common/mod.rs.
    let ours = common::response_ours();
    CreateTopicsResponse {
        throttle_time_ms: 0,
        topics: ours
            .topics
            .iter()
            .enumerate()
            .map(|(i, t)| CreatableTopicResult {
                name: topic_name(i),
                topic_id: krabka_protocol::primitives::uuid::Uuid(*t.topic_id.as_bytes()),
                error_code: 0,
                error_message: None,
                topic_config_error_code: 0,
                num_partitions: common::PARTITIONS,
                replication_factor: 3,
                configs: Some(
                    RESPONSE_CONFIGS
                        .iter()
                        .map(|(k, v)| CreatableTopicConfigs {
                            name: (*k).to_owned(),
                            value: Some((*v).to_owned()),
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

// ---------------------------------------------------------------------------
// Contenders
// ---------------------------------------------------------------------------

/// One contender at one operation of one workload.
struct Contender {
    workload: &'static str,
    name: &'static str,
    /// `encode`, `decode` or `memcpy`.
    op: &'static str,
    /// Runs the operation `n` times.
    run: Box<dyn FnMut(u64)>,
    /// The bytes `check` hashes: what encode wrote, decode's result encoded
    /// again by the same crate (after checking it equals the instance), or
    /// memcpy's copy.
    output: Box<dyn FnMut() -> Vec<u8>>,
}

impl Contender {
    fn new(
        workload: &'static str,
        name: &'static str,
        op: &'static str,
        run: impl FnMut(u64) + 'static,
        output: impl FnMut() -> Vec<u8> + 'static,
    ) -> Self {
        Contender {
            workload,
            name,
            op,
            run: Box::new(run),
            output: Box::new(output),
        }
    }
}

/// Every Rust contender of one workload. The instances live for the whole
/// process (leaked), so that the closures can borrow them.
fn contenders<O, T, K>(short: &'static str, w: Workload<O, T>, krabka: K) -> Vec<Contender>
where
    O: Codec + Message + WireView + PartialEq + std::fmt::Debug,
    T: Codec + Encodable + Decodable + PartialEq + std::fmt::Debug + 'static,
    K: Krabka,
{
    let w: &'static Workload<O, T> = Box::leak(Box::new(w));
    let krabka: &'static K = Box::leak(Box::new(krabka));
    let v = w.version;
    let body: &'static Bytes = &w.encoded;
    let len = body.len();
    assert_eq!(
        encode_krabka(krabka, v),
        body[..],
        "{short}: krabka-protocol encodes other bytes than kafka-wire"
    );

    let mut buf_kp = BytesMut::with_capacity(len);
    let mut buf_kr = BytesMut::with_capacity(len);
    let mut all = kafka_wire_and_memcpy(short, &w.ours, body, v);
    all.extend([
        // ---- encode: the bytes and their count, into a cleared, reused buffer
        // with room for them (what a length-prefixed writer needs). As in
        // benches/common/mod.rs: kafka-wire writes in one pass and counts;
        // kafka-protocol and krabka compute the size, then encode.
        Contender::new(
            short,
            "kafka-protocol",
            "encode",
            move |n| {
                for _ in 0..n {
                    buf_kp.clear();
                    black_box(black_box(&w.theirs).encode_sized(&mut buf_kp, v));
                }
            },
            move || {
                let mut b = BytesMut::new();
                w.theirs.encode_sized(&mut b, v);
                b.to_vec()
            },
        ),
        Contender::new(
            short,
            "krabka",
            "encode",
            move |n| {
                for _ in 0..n {
                    buf_kr.clear();
                    let k = black_box(krabka);
                    let size = k.encoded_len(v);
                    buf_kr.reserve(size);
                    k.encode(&mut buf_kr, v).unwrap();
                    black_box(size);
                }
            },
            move || encode_krabka(krabka, v),
        ),
        // ---- decode: from the shared body, the result dropped inside the loop.
        //
        // kafka-wire "owned": `Versioned::decode` from a clone of the `Bytes`
        // (strings of more than 23 bytes share it; shorter ones are inline).
        // kafka-wire "reused": `Versioned::decode_into` one message kept
        // across iterations, reusing its vectors' capacity (no allocation
        // after the first); its output is decoded twice into one message
        // and checked against the instance.
        Contender::new(
            short,
            "kafka-wire/reused",
            "decode",
            {
                let mut m = O::default();
                move |n| {
                    for _ in 0..n {
                        m.decode_into(&mut black_box(body).clone(), v).unwrap();
                        black_box(&m);
                    }
                }
            },
            move || {
                let mut m = O::default();
                m.decode_into(&mut body.clone(), v).unwrap();
                m.decode_into(&mut body.clone(), v).unwrap();
                assert_eq!(m, w.ours, "{short}: kafka-wire decode_into");
                Versioned::encode_to_vec(&m, v).unwrap()
            },
        ),
        // kafka-wire "borrowed": `Versioned::view_exact` from the body's
        // slice, dropped. The view is not lazy about checking: making it
        // reads and validates every field (lengths, UTF-8, tagged sections)
        // and every element of every array, as the owned decoders do; only
        // the arrays' elements are read again when iterated. Its output is
        // the owned message the view stands for, encoded again.
        Contender::new(
            short,
            "kafka-wire/borrowed",
            "decode",
            move |n| {
                for _ in 0..n {
                    black_box(O::view_exact(black_box(&body[..]), v).unwrap());
                }
            },
            move || {
                let view = O::view_exact(&body[..], v).unwrap();
                let m = O::from_view(view);
                assert_eq!(m, w.ours, "{short}: kafka-wire view");
                Versioned::encode_to_vec(&m, v).unwrap()
            },
        ),
        Contender::new(
            short,
            "kafka-protocol",
            "decode",
            move |n| {
                for _ in 0..n {
                    T::decode_drop(&mut black_box(body).clone(), v);
                }
            },
            move || {
                let mut src = body.clone();
                let m = <T as Decodable>::decode(&mut src, v).unwrap();
                assert!(src.is_empty(), "{short}: kafka-protocol decode left bytes");
                assert_eq!(m, w.theirs, "{short}: kafka-protocol decode");
                let mut b = BytesMut::new();
                m.encode_sized(&mut b, v);
                b.to_vec()
            },
        ),
        // krabka owned: `Decode` from `&[u8]` (its strings are `String`s, so
        // the source type costs nothing either way).
        Contender::new(
            short,
            "krabka",
            "decode",
            move |n| {
                for _ in 0..n {
                    let mut src: &[u8] = black_box(&body[..]);
                    black_box(K::decode(&mut src, v).unwrap());
                }
            },
            move || {
                let mut src: &[u8] = &body[..];
                let m = K::decode(&mut src, v).unwrap();
                assert!(src.is_empty(), "{short}: krabka decode left bytes");
                assert_eq!(&m, krabka, "{short}: krabka decode");
                encode_krabka(&m, v)
            },
        ),
        // krabka borrowed: `DecodeBorrow`, strings as `&str` into the input.
        Contender::new(
            short,
            "krabka/borrowed",
            "decode",
            move |n| {
                for _ in 0..n {
                    K::decode_borrowed_drop(black_box(&body[..]), v);
                }
            },
            move || K::borrowed_reencoded(&body[..], v),
        ),
    ]);
    all
}

/// kafka-wire's owned encode and decode of `msg` (whose bytes are `body`)
/// at `v`, and memcpy of the same bytes: the baselines of every ratio.
fn kafka_wire_and_memcpy<O>(
    short: &'static str,
    msg: &'static O,
    body: &'static Bytes,
    v: i16,
) -> Vec<Contender>
where
    O: Codec + Message + PartialEq + std::fmt::Debug + 'static,
{
    let mut buf = BytesMut::with_capacity(body.len());
    let mut copy = common::Memcpy::new(body);
    vec![
        // Encode: the bytes and their count, into a cleared, reused buffer
        // with room for them (what a length-prefixed writer needs). As in
        // benches/common/mod.rs: kafka-wire writes in one pass and counts.
        Contender::new(
            short,
            "kafka-wire",
            "encode",
            move |n| {
                for _ in 0..n {
                    buf.clear();
                    black_box(black_box(msg).encode_sized(&mut buf, v));
                }
            },
            move || Versioned::encode_to_vec(msg, v).unwrap(),
        ),
        // Decode "owned": `Versioned::decode` from a clone of the `Bytes`
        // (strings of more than 23 bytes share it; shorter ones are inline),
        // the result dropped inside the loop.
        Contender::new(
            short,
            "kafka-wire",
            "decode",
            move |n| {
                for _ in 0..n {
                    O::decode_drop(&mut black_box(body).clone(), v);
                }
            },
            move || {
                let mut src = body.clone();
                let m = <O as Versioned>::decode(&mut src, v).unwrap();
                assert!(src.is_empty(), "{short}: kafka-wire decode left bytes");
                assert_eq!(&m, msg, "{short}: kafka-wire decode");
                Versioned::encode_to_vec(&m, v).unwrap()
            },
        ),
        // memcpy: the same bytes copied into a reused buffer, half a page
        // from the source (`common::Memcpy`, as in benches/paired.rs).
        Contender::new(
            short,
            "memcpy",
            "memcpy",
            move |n| copy.run(n),
            move || {
                let mut check = common::Memcpy::new(body);
                check.run(1);
                check.copied().to_vec()
            },
        ),
    ]
}

/// kafka-wire's Kafka JSON of `msg` at `v`, against Kafka's generated
/// `JsonConverter` classes (the Java contender):
///
/// - `json-write`: the message to JSON text, records as Java's
///   `write(message, version)` prints them (an empty string): the check
///   hashes the text, which must be Jackson's byte for byte;
/// - `json-read`: that text to the typed message (Java: Jackson's tree,
///   then the converter's `read`); the check hashes the message read,
///   encoded again.
///
/// With `binary`, also kafka-wire's encode and decode and memcpy, for the
/// workloads that only kafka-wire and Java have.
fn json_contenders<O>(short: &'static str, msg: O, v: i16, binary: bool) -> Vec<Contender>
where
    O: Codec + Message + PartialEq + std::fmt::Debug + 'static,
{
    let msg: &'static O = Box::leak(Box::new(msg));
    let text: &'static str = json::to_string(msg, v, RecordsAs::Empty).unwrap().leak();
    let mut all = vec![
        Contender::new(
            short,
            "kafka-wire",
            "json-write",
            move |n| {
                for _ in 0..n {
                    black_box(json::to_string(black_box(msg), v, RecordsAs::Empty).unwrap());
                }
            },
            move || text.as_bytes().to_vec(),
        ),
        Contender::new(
            short,
            "kafka-wire",
            "json-read",
            move |n| {
                for _ in 0..n {
                    black_box(json::from_str::<O>(black_box(text), v).unwrap());
                }
            },
            move || {
                let m: O = json::from_str(text, v).unwrap();
                Versioned::encode_to_vec(&m, v).unwrap()
            },
        ),
    ];
    if binary {
        let body: &'static Bytes = Box::leak(Box::new(Bytes::from(
            Versioned::encode_to_vec(msg, v).unwrap(),
        )));
        all.extend(kafka_wire_and_memcpy(short, msg, body, v));
    }
    all
}

fn all_contenders() -> Vec<Contender> {
    let mut all = Vec::new();
    all.extend(contenders("small_v7", common::small_v7(), krabka_small()));
    all.extend(contenders("large_v7", common::large_v7(), krabka_large()));
    all.extend(contenders("large_v4", common::large_v4(), krabka_large()));
    all.extend(contenders("acls_v3", common::acls_v3(), krabka_acls()));
    all.extend(contenders(
        "response_v7",
        common::response_v7(),
        krabka_response(),
    ));
    all.extend(json_contenders("large_v7", common::large_ours(), 7, false));
    all.extend(json_contenders(
        "metadata_v12",
        common::metadata_ours(),
        12,
        true,
    ));
    all.extend(json_contenders("fetch_v16", common::fetch_ours(), 16, true));
    all.extend(json_contenders(
        "produce_v9",
        common::produce_ours(),
        9,
        true,
    ));
    all
}

// ---------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------

/// Wall-clock nanoseconds for `n` operations. (The driver measures the
/// process's CPU time around the command, from /proc.)
fn time(c: &mut Contender, n: u64) -> u64 {
    let start = Instant::now();
    (c.run)(n);
    start.elapsed().as_nanos() as u64
}

/// Iterations of `c` that take about `target` (doubling from 1; at most
/// 2^24 iterations and 2 s of trying).
fn calibrate(c: &mut Contender, target: Duration) -> u64 {
    let began = Instant::now();
    let mut n = 1;
    loop {
        let wall = time(c, n);
        if Duration::from_nanos(wall) >= target / 4
            || n >= 1 << 24
            || began.elapsed() > Duration::from_secs(2)
        {
            let per = (wall as f64 / n as f64).max(1.0);
            return ((target.as_nanos() as f64 / per) as u64).max(1);
        }
        n *= 2;
    }
}

/// Allocations and bytes allocated per operation, after one operation.
fn allocations(c: &mut Contender) -> (u64, u64) {
    const REPS: u64 = 4;
    (c.run)(1);
    ALLOCS.store(0, Relaxed);
    ALLOC_BYTES.store(0, Relaxed);
    COUNTING.store(true, Relaxed);
    (c.run)(REPS);
    COUNTING.store(false, Relaxed);
    (
        ALLOCS.load(Relaxed) / REPS,
        ALLOC_BYTES.load(Relaxed) / REPS,
    )
}

fn find<'a>(all: &'a mut [Contender], w: &str, name: &str, op: &str) -> &'a mut Contender {
    all.iter_mut()
        .find(|c| c.workload == w && c.name == name && c.op == op)
        .unwrap_or_else(|| panic!("peers-rust: no contender {w} {name} {op}"))
}

fn main() {
    let mut all = all_contenders();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let f: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = f.first() else { continue };
        match cmd {
            "hello" => writeln!(
                out,
                "hello rust allocator=glibc-malloc(counting-wrapper) profile=release"
            ),
            "check" => {
                for c in all.iter_mut() {
                    let bytes = (c.output)();
                    let sha = Sha256::digest(&bytes);
                    let hex: String = sha.iter().map(|b| format!("{b:02x}")).collect();
                    let (allocs, alloc_bytes) = allocations(c);
                    writeln!(
                        out,
                        "check {} {} {} {} {hex} {allocs} {alloc_bytes}",
                        c.workload,
                        c.name,
                        c.op,
                        bytes.len()
                    )
                    .unwrap();
                }
                writeln!(out, "end")
            }
            "calibrate" => {
                let ns: u64 = f[4].parse().expect("calibrate: ns");
                let n = calibrate(find(&mut all, f[1], f[2], f[3]), Duration::from_nanos(ns));
                writeln!(out, "{n}")
            }
            "warmup" => {
                let ms: u64 = f[1].parse().expect("warmup: ms");
                let deadline = Instant::now() + Duration::from_millis(ms);
                while Instant::now() < deadline {
                    for c in all.iter_mut() {
                        (c.run)(1);
                    }
                }
                writeln!(out, "ok")
            }
            "bench" => {
                let n: u64 = f[4].parse().expect("bench: iterations");
                let wall = time(find(&mut all, f[1], f[2], f[3]), n);
                writeln!(out, "{wall}")
            }
            "quit" => break,
            _ => writeln!(out, "error unknown command {cmd:?}"),
        }
        .unwrap();
        out.flush().unwrap();
    }
}
