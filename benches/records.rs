//! Record batches, encode and decode, uncompressed and with every codec:
//! kafka-wire's `records` module next to kafka-protocol 0.18's
//! `RecordBatchEncoder` / `RecordBatchDecoder`, on the same records.
//!
//! - `encode`: from records held in memory (slices for us, the
//!   `kafka_protocol::records::Record`s it takes for kafka-protocol) to one
//!   finished batch in a fresh buffer: lengths, compression, CRC.
//! - `decode`: from the same batch bytes (written by kafka-wire, read by both)
//!   to every record's key, value and headers, CRC checked; kafka-protocol
//!   collects them into a `Vec<Record>`, kafka-wire iterates views, and both
//!   touch every byte count so that nothing is skipped.
//!
//! Throughput is the uncompressed size of the records, so the codecs compare.
//! Before timing, each crate must read what the other wrote, equal.
//!
//! Run: `cargo bench -p kafka-wire-benches --bench records` (a filter such as `-- small/zstd` runs
//! fewer). `RECORDS_PAIRED=1 cargo bench -p kafka-wire-benches --bench records` instead times the
//! two crates in interleaved rounds (as `benches/paired.rs` does for
//! messages), for ratios that hold on a loaded machine.
//! `RECORDS_LOOP=small/none/decode/kafka-wire` runs one operation 100 times,
//! for callgrind's instruction counts (see BENCHMARKS.md).
//! `bash scripts/bench-records.sh` runs both and the Java client's
//! `MemoryRecordsBuilder` / `MemoryRecords` on the same workloads, and prints
//! the BENCHMARKS.md tables.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bytes::{Bytes, BytesMut};
use criterion::{Criterion, Throughput};
use kafka_protocol::records as kp;
use kafka_wire::records::{Compression, Header, NewRecord, RecordBatchBuilder};
use kafka_wire::Records;

/// One record of a workload.
struct Rec {
    timestamp: i64,
    key: Vec<u8>,
    value: Vec<u8>,
    header: (&'static str, Vec<u8>),
}

/// `count` records of `value_len`-byte values of words (about 3:1 with gzip),
/// a 10-byte key and one header each. `RecordsOracle bench` builds the same.
fn workload(count: usize, value_len: usize) -> Vec<Rec> {
    const WORDS: [&str; 16] = [
        "kafka",
        "record",
        "batch",
        "offset",
        "topic",
        "partition",
        "leader",
        "epoch",
        "producer",
        "consumer",
        "commit",
        "fetch",
        "zstd",
        "lz4",
        "snappy",
        "gzip",
    ];
    let mut x: u64 = 42;
    (0..count)
        .map(|i| {
            let mut value = Vec::with_capacity(value_len + 10);
            while value.len() < value_len {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                value.extend_from_slice(WORDS[(x >> 60) as usize].as_bytes());
                value.push(b' ');
            }
            value.truncate(value_len);
            Rec {
                timestamp: 1_700_000_000_000 + i as i64,
                key: format!("key-{i:06}").into_bytes(),
                value,
                header: ("trace-id", format!("{:016x}", x).into_bytes()),
            }
        })
        .collect()
}

fn theirs(c: Compression) -> kp::Compression {
    match c {
        Compression::None => kp::Compression::None,
        Compression::Gzip => kp::Compression::Gzip,
        Compression::Snappy => kp::Compression::Snappy,
        Compression::Lz4 => kp::Compression::Lz4,
        Compression::Zstd => kp::Compression::Zstd,
        // `Compression` is non-exhaustive: a codec added later has no peer here.
        c => panic!("{c} is not a codec of kafka-protocol 0.18"),
    }
}

fn encode_ours(records: &[Rec], c: Compression, capacity: usize) -> Bytes {
    let mut b = RecordBatchBuilder::with_capacity(capacity).compression(c);
    for r in records {
        let headers = [Header::new(r.header.0.as_bytes(), &r.header.1)];
        b.append(
            NewRecord::new(r.timestamp)
                .key(&r.key)
                .value(&r.value)
                .headers(&headers),
        )
        .unwrap();
    }
    b.build().unwrap().into_bytes()
}

fn their_records(records: &[Rec]) -> Vec<kp::Record> {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut record = kp::Record {
                transactional: false,
                control: false,
                delete_horizon: false,
                partition_leader_epoch: -1,
                producer_id: -1,
                producer_epoch: -1,
                timestamp_type: kp::TimestampType::Creation,
                offset: i as i64,
                // kafka-protocol splits batches where offset - sequence changes.
                sequence: i as i32 - 1,
                timestamp: r.timestamp,
                key: Some(Bytes::copy_from_slice(&r.key)),
                value: Some(Bytes::copy_from_slice(&r.value)),
                headers: Default::default(),
            };
            record.headers.insert(
                r.header.0.to_string().into(),
                Some(Bytes::copy_from_slice(&r.header.1)),
            );
            record
        })
        .collect()
}

fn encode_theirs(records: &[kp::Record], c: Compression, capacity: usize) -> Bytes {
    let mut buf = BytesMut::with_capacity(capacity);
    let options = kp::RecordEncodeOptions {
        version: 2,
        compression: theirs(c),
    };
    kp::RecordBatchEncoder::encode(&mut buf, records, &options).unwrap();
    buf.freeze()
}

/// Every record's key, value and header sizes, read with kafka-wire.
fn decode_ours(bytes: &Bytes) -> usize {
    let mut n = 0;
    for batch in Records(bytes.clone()).batches() {
        for r in batch.unwrap().records().unwrap() {
            let r = r.unwrap();
            n += r.key().map_or(0, <[u8]>::len) + r.value().map_or(0, <[u8]>::len);
            for h in r.headers() {
                n += h.key.len() + h.value.map_or(0, <[u8]>::len);
            }
        }
    }
    n
}

/// The same, read with kafka-protocol.
fn decode_theirs(bytes: &Bytes) -> usize {
    let mut buf = bytes.clone();
    let mut n = 0;
    for set in kp::RecordBatchDecoder::decode_all(&mut buf).unwrap() {
        for r in &set.records {
            n += r.key.as_ref().map_or(0, Bytes::len) + r.value.as_ref().map_or(0, Bytes::len);
            for (k, v) in &r.headers {
                n += k.len() + v.as_ref().map_or(0, Bytes::len);
            }
        }
    }
    n
}

/// Both crates read what each wrote, equal to the workload.
fn cross_check(records: &[Rec], ours_bytes: &Bytes, theirs_bytes: &Bytes) {
    let want: usize = records
        .iter()
        .map(|r| r.key.len() + r.value.len() + r.header.0.len() + r.header.1.len())
        .sum();
    for bytes in [ours_bytes, theirs_bytes] {
        assert_eq!(decode_ours(bytes), want);
        assert_eq!(decode_theirs(bytes), want);
        let mut buf = bytes.clone();
        let sets = kp::RecordBatchDecoder::decode_all(&mut buf).unwrap();
        assert_eq!(sets.len(), 1);
        for (r, theirs) in records.iter().zip(&sets[0].records) {
            assert_eq!(theirs.value.as_deref(), Some(&r.value[..]));
            assert_eq!(theirs.timestamp, r.timestamp);
        }
    }
}

/// One case: a workload with a codec, built and cross-checked.
struct Case {
    name: &'static str,
    codec: Compression,
    records: Vec<Rec>,
    kp_records: Vec<kp::Record>,
    uncompressed: usize,
    ours_bytes: Bytes,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (name, count, value_len) in [("small", 1000, 100), ("large", 100, 10_000)] {
        for codec in Compression::ALL {
            let records = workload(count, value_len);
            let kp_records = their_records(&records);
            let uncompressed = encode_ours(&records, Compression::None, 0).len();
            let ours_bytes = encode_ours(&records, codec, uncompressed);
            let theirs_bytes = encode_theirs(&kp_records, codec, uncompressed);
            cross_check(&records, &ours_bytes, &theirs_bytes);
            eprintln!(
                "{name}/{codec}: {count} records, {uncompressed} B uncompressed; \
                 batch {} B (kafka-wire), {} B (kafka-protocol)",
                ours_bytes.len(),
                theirs_bytes.len()
            );
            out.push(Case {
                name,
                codec,
                records,
                kp_records,
                uncompressed,
                ours_bytes,
            });
        }
    }
    out
}

type Op<'a> = Box<dyn FnMut() + 'a>;

/// A case's two operations, each as (name, kafka-wire, kafka-protocol).
fn ops(case: &Case) -> [(&'static str, Op<'_>, Op<'_>); 2] {
    let Case {
        codec,
        ref records,
        ref kp_records,
        uncompressed,
        ref ours_bytes,
        ..
    } = *case;
    [
        (
            "encode",
            Box::new(move || drop(black_box(encode_ours(records, codec, uncompressed)))),
            Box::new(move || drop(black_box(encode_theirs(kp_records, codec, uncompressed)))),
        ),
        (
            "decode",
            Box::new(move || {
                black_box(decode_ours(ours_bytes));
            }),
            Box::new(move || {
                black_box(decode_theirs(ours_bytes));
            }),
        ),
    ]
}

fn benches(c: &mut Criterion) {
    for case in cases() {
        for (op, mut ours, mut theirs) in ops(&case) {
            let mut g = c.benchmark_group(format!("records/{}/{}/{op}", case.name, case.codec));
            g.throughput(Throughput::Bytes(case.uncompressed as u64));
            g.bench_function("kafka-wire", |b| b.iter(&mut ours));
            g.bench_function("kafka-protocol", |b| b.iter(&mut theirs));
            g.finish();
        }
    }
}

/// Interleaved rounds: in each, a batch of calls of one crate, then of the
/// other (the order alternating), so that load longer than a round slows
/// both alike and cancels out of their ratio.
fn paired(filter: &[String]) {
    const ROUNDS: usize = 21;
    const BATCH: Duration = Duration::from_millis(20);
    fn calls_per_batch(f: &mut dyn FnMut()) -> u32 {
        let start = Instant::now();
        f();
        (BATCH.as_secs_f64() / start.elapsed().as_secs_f64()).clamp(1.0, 1e6) as u32
    }
    fn per_call(f: &mut dyn FnMut(), n: u32) -> f64 {
        let start = Instant::now();
        for _ in 0..n {
            f();
        }
        start.elapsed().as_secs_f64() / f64::from(n)
    }
    println!(
        "| workload | codec | op | kafka-wire µs | speed-up vs kafka-protocol | IQR | fastest |"
    );
    println!("|---|---|---|--:|--:|--:|--:|");
    for case in cases() {
        for (op, mut ours, mut theirs) in ops(&case) {
            let label = format!("{}/{}/{op}", case.name, case.codec);
            if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
                continue;
            }
            let (n_ours, n_theirs) = (calls_per_batch(&mut ours), calls_per_batch(&mut theirs));
            let (mut ratios, mut times) = (Vec::new(), Vec::new());
            let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
            for round in 0..ROUNDS {
                let (a, b) = if round % 2 == 0 {
                    let a = per_call(&mut ours, n_ours);
                    (a, per_call(&mut theirs, n_theirs))
                } else {
                    let b = per_call(&mut theirs, n_theirs);
                    (per_call(&mut ours, n_ours), b)
                };
                ratios.push(b / a);
                times.push(a);
                (best_ours, best_theirs) = (best_ours.min(a), best_theirs.min(b));
            }
            ratios.sort_by(f64::total_cmp);
            times.sort_by(f64::total_cmp);
            let q = |v: &[f64], at: usize| v[(v.len() - 1) * at / 4];
            println!(
                "| {} | {} | {op} | {:.1} | {:.2}× | {:.2}–{:.2} | {:.2}× |",
                case.name,
                case.codec,
                q(&times, 2) * 1e6,
                q(&ratios, 2),
                q(&ratios, 1),
                q(&ratios, 3),
                best_theirs / best_ours
            );
        }
    }
}

/// 100 calls of `f`: what callgrind counts, with `--toggle-collect=*timed_loop*`.
#[inline(never)]
fn timed_loop(f: &mut dyn FnMut()) {
    for _ in 0..100 {
        f();
    }
}

/// `RECORDS_LOOP=<workload>/<codec>/<op>/<crate>`: that operation alone, 100
/// times, for `valgrind --tool=callgrind` (instruction counts repeat where
/// times on this machine do not).
fn fixed_loop(which: &str) {
    for case in cases() {
        for (op, mut ours, mut theirs) in ops(&case) {
            let label = format!("{}/{}/{op}", case.name, case.codec);
            let f: &mut dyn FnMut() = if which == format!("{label}/kafka-wire") {
                &mut ours
            } else if which == format!("{label}/kafka-protocol") {
                &mut theirs
            } else {
                continue;
            };
            timed_loop(f);
            return;
        }
    }
    panic!("RECORDS_LOOP={which}: no such case (e.g. small/none/decode/kafka-wire)");
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
}

fn main() {
    if let Ok(which) = std::env::var("RECORDS_LOOP") {
        fixed_loop(&which);
        return;
    }
    if std::env::var_os("RECORDS_PAIRED").is_some() {
        // `cargo bench` passes `--bench`; other arguments filter the cases.
        let filter: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| !a.starts_with("--"))
            .collect();
        paired(&filter);
        return;
    }
    let mut c = config().configure_from_args();
    benches(&mut c);
    c.final_summary();
}
