//! Record batches against a real Apache Kafka 4.4 broker: batches built by
//! this crate (every compression) produced with acks = -1 at every Produce
//! version the broker offers, then fetched back at every Fetch version and
//! read record by record. Ignored by default; with a broker running:
//!
//! ```text
//! bash scripts/kafka-broker.sh start
//! cargo test --test live_records -- --ignored --test-threads=1 --nocapture
//! ```

use std::time::{Duration, Instant};

use kafka_messages::client::Client;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{Compression, Header, NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Uuid};

mod live_common;
use live_common::{create_topic, eventually, fetch_request, send, unique, versions};

fn client() -> Client {
    live_common::client("kafka-wire-live-records")
}

/// Bytes, or null.
type Nullable = Option<Vec<u8>>;

/// The (key, value, header value) of record `i` of the batch made for `tag`.
fn expected(tag: &str, i: usize) -> (Nullable, Nullable, Nullable) {
    let key = (!i.is_multiple_of(3)).then(|| format!("{tag}-key-{i}").into_bytes());
    let value = (i % 4 != 1).then(|| format!("{tag}-value-{i}-{}", "x".repeat(i * 7)).into_bytes());
    let header = i.is_multiple_of(2).then(|| format!("h{i}").into_bytes());
    (key, value, header)
}

const RECORDS_PER_BATCH: usize = 6;

fn batch(tag: &str, compression: Compression) -> Records {
    let mut builder = RecordBatchBuilder::new().compression(compression);
    for i in 0..RECORDS_PER_BATCH {
        let (key, value, header) = expected(tag, i);
        let headers = [Header {
            key: b"trace",
            value: header.as_deref(),
        }];
        let mut record = NewRecord::new(1_700_000_000_000 + i as i64).headers(&headers);
        record.key = key.as_deref();
        record.value = value.as_deref();
        builder.append(record).unwrap();
    }
    builder.build().unwrap().into()
}

fn produce(c: &mut Client, topic: &str, id: Uuid, version: i16, records: Records) -> i64 {
    let mut data = TopicProduceData {
        partition_data: vec![PartitionProduceData {
            index: 0,
            records: Some(records),
            ..Default::default()
        }],
        ..Default::default()
    };
    if version >= 13 {
        data.topic_id = id;
    } else {
        data.name = topic.into();
    }
    let request = ProduceRequest {
        acks: -1,
        timeout_ms: 30_000,
        topic_data: vec![data],
        ..Default::default()
    };
    // A partition's leadership reaches the broker's replicas a moment after
    // its metadata shows the leader: until then a Produce meets
    // NOT_LEADER_OR_FOLLOWER (or LEADER_NOT_AVAILABLE), and appends nothing.
    let not_led = |r: &kafka_messages::ProduceResponse| {
        matches!(
            ErrorCode::from_code(r.responses[0].partition_responses[0].error_code),
            ErrorCode::NotLeaderOrFollower | ErrorCode::LeaderNotAvailable
        )
    };
    let response = eventually(30, || send(c, &request, version), |r| !not_led(r));
    let p = &response.responses[0].partition_responses[0];
    assert_eq!(
        ErrorCode::from_code(p.error_code),
        ErrorCode::None,
        "Produce v{version}: {:?}",
        p.error_message
    );
    p.base_offset
}

/// Every record of the partition from offset 0, fetched at `version`:
/// (offset, key, value, header value), batch by batch, with each batch's codec.
type Fetched = Vec<(
    i64,
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    Compression,
)>;

fn fetch_all(c: &mut Client, topic: &str, id: Uuid, version: i16, wanted: usize) -> Fetched {
    let mut out = Fetched::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while out.len() < wanted {
        assert!(
            Instant::now() < deadline,
            "Fetch v{version}: {} of {wanted} records",
            out.len()
        );
        let next = out.last().map_or(0, |r| r.0 + 1);
        let request = fetch_request(topic, id, next, version);
        let response = send(c, &request, version);
        let p = &response.responses[0].partitions[0];
        assert_eq!(
            ErrorCode::from_code(p.error_code),
            ErrorCode::None,
            "Fetch v{version}"
        );
        for batch in p.records.iter().flat_map(Records::batches) {
            let batch = batch.unwrap_or_else(|e| panic!("Fetch v{version}: {e}"));
            for record in batch.records().unwrap() {
                let record = record.unwrap();
                if record.offset() < next {
                    continue; // a batch starts before the offset asked for
                }
                let header = record
                    .headers()
                    .next()
                    .and_then(|h| h.value.map(<[u8]>::to_vec));
                out.push((
                    record.offset(),
                    record.key().map(<[u8]>::to_vec),
                    record.value().map(<[u8]>::to_vec),
                    header,
                    batch.compression(),
                ));
            }
        }
    }
    out
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn batches_of_every_codec_produce_and_fetch_at_every_version() {
    let mut c = client();
    let topic = unique("records");
    let id = create_topic(&mut c, &topic, 1);

    // Every codec at the highest Produce version, then every Produce version
    // uncompressed: one batch each, in this order.
    let produce_versions = versions::<ProduceRequest>(&mut c);
    let highest = *produce_versions.last().unwrap();
    let mut sent: Vec<(String, Compression)> = Vec::new();
    for compression in Compression::ALL {
        sent.push((format!("{compression:?}"), compression));
    }
    for &v in &produce_versions {
        sent.push((format!("v{v}"), Compression::None));
    }
    let mut next_offset = 0;
    for (i, (tag, compression)) in sent.iter().enumerate() {
        let version = if i < Compression::ALL.len() {
            highest
        } else {
            produce_versions[i - Compression::ALL.len()]
        };
        let base = produce(&mut c, &topic, id, version, batch(tag, *compression));
        assert_eq!(base, next_offset, "Produce v{version} {tag}: base offset");
        next_offset += RECORDS_PER_BATCH as i64;
    }
    eprintln!(
        "produced {} batches ({} records): every codec at v{highest}, then v{}-v{highest} uncompressed",
        sent.len(),
        next_offset,
        produce_versions[0]
    );

    for version in versions::<FetchRequest>(&mut c) {
        let fetched = fetch_all(&mut c, &topic, id, version, next_offset as usize);
        assert_eq!(fetched.len(), next_offset as usize, "Fetch v{version}");
        for (n, (offset, key, value, header, compression)) in fetched.iter().enumerate() {
            let (tag, codec) = &sent[n / RECORDS_PER_BATCH];
            let want = expected(tag, n % RECORDS_PER_BATCH);
            assert_eq!(*offset, n as i64, "Fetch v{version}");
            assert_eq!(
                (key, value, header),
                (&want.0, &want.1, &want.2),
                "Fetch v{version} {tag} record {n}"
            );
            assert_eq!(
                compression, codec,
                "Fetch v{version}: the batch keeps its codec"
            );
        }
        eprintln!("Fetch v{version}: {} records read back", fetched.len());
    }
}

/// A Python with kafka-python 3.0.12: `KAFKA_PYTHON`, or the venv that
/// `scripts/client-matrix.sh` installs (CI runs it before the live tests).
fn kafka_python() -> std::path::PathBuf {
    std::env::var_os("KAFKA_PYTHON").map(Into::into).unwrap_or_else(|| {
        let venv = concat!(env!("CARGO_MANIFEST_DIR"), "/../.cache/client-matrix/venv/bin/python");
        assert!(
            std::path::Path::new(venv).exists(),
            "no kafka-python: set KAFKA_PYTHON, or run scripts/client-matrix.sh once (it installs it)"
        );
        venv.into()
    })
}

/// Runs `script` under kafka-python's Python; its standard output and error.
fn python(script: &str, args: &[&str]) -> (String, String) {
    let out = std::process::Command::new(kafka_python())
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "kafka-python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Reads the topic `argv[2]` from the start until it has `argv[3]` records,
/// for at most 60 s (a slow machine's consumer may take some seconds to find
/// the partition's leader and reset its offset), one line per record.
const CONSUME: &str = r#"
import sys, time
from kafka import KafkaConsumer
want = int(sys.argv[3])
consumer = KafkaConsumer(sys.argv[2], bootstrap_servers=sys.argv[1], auto_offset_reset="earliest",
                         enable_auto_commit=False)
seen = 0
deadline = time.monotonic() + 60
while seen < want and time.monotonic() < deadline:
    for records in consumer.poll(timeout_ms=1000).values():
        for m in records:
            print(m.offset, (m.key or b"").hex() if m.key is not None else "-", m.value.hex() if m.value is not None else "-")
            seen += 1
print("kafka-python read %d of %d records" % (seen, want), file=sys.stderr)
consumer.close()
"#;

const PRODUCE: &str = r#"
import sys
from kafka import KafkaProducer
for codec in (None, "gzip"):
    producer = KafkaProducer(bootstrap_servers=sys.argv[1], acks="all", compression_type=codec, linger_ms=50)
    for i in range(5):
        producer.send(sys.argv[2], key=("py-%s-%d" % (codec, i)).encode(), value=("value-%d" % i).encode())
    producer.flush()
    producer.close()
"#;

#[test]
#[ignore = "needs a live broker and kafka-python (scripts/client-matrix.sh installs it)"]
fn kafka_python_reads_our_batches_and_we_read_its() {
    let addr = live_common::bootstrap();
    let mut c = client();
    let produce_version = *versions::<ProduceRequest>(&mut c).last().unwrap();
    let fetch_version = *versions::<FetchRequest>(&mut c).last().unwrap();

    // Ours, every codec kafka-python 3.0.12 can read without extra modules
    // (none and gzip), consumed by kafka-python.
    let ours = unique("ours");
    let id = create_topic(&mut c, &ours, 1);
    let codecs = [Compression::None, Compression::Gzip];
    for codec in codecs {
        produce(
            &mut c,
            &ours,
            id,
            produce_version,
            batch(&format!("{codec:?}"), codec),
        );
    }
    let total = codecs.len() * RECORDS_PER_BATCH;
    let (seen, log) = python(CONSUME, &[&addr, &ours, &total.to_string()]);
    let lines: Vec<&str> = seen.lines().collect();
    assert_eq!(lines.len(), total, "kafka-python read: {seen}\n{log}");
    let hex = |b: &Option<Vec<u8>>| {
        b.as_ref().map_or("-".to_owned(), |b| {
            b.iter().map(|x| format!("{x:02x}")).collect()
        })
    };
    for (n, line) in lines.iter().enumerate() {
        let (key, value, _) = expected(
            &format!("{:?}", codecs[n / RECORDS_PER_BATCH]),
            n % RECORDS_PER_BATCH,
        );
        // kafka-python shows a null key as None and an empty one as b"".
        assert_eq!(
            *line,
            format!("{n} {} {}", hex(&key), hex(&value)),
            "record {n}"
        );
    }

    // Theirs: kafka-python produces, uncompressed and gzip; we fetch.
    let theirs = unique("theirs");
    let id = create_topic(&mut c, &theirs, 1);
    python(PRODUCE, &[&addr, &theirs]);
    let fetched = fetch_all(&mut c, &theirs, id, fetch_version, 10);
    let keys: Vec<String> = fetched
        .iter()
        .map(|r| String::from_utf8(r.1.clone().unwrap()).unwrap())
        .collect();
    let want: Vec<String> = ["None", "gzip"]
        .iter()
        .flat_map(|codec| (0..5).map(move |i| format!("py-{codec}-{i}")))
        .collect();
    assert_eq!(keys, want);
    assert!(
        fetched[5..].iter().all(|r| r.4 == Compression::Gzip),
        "kafka-python's gzip batches"
    );
    eprintln!(
        "kafka-python read {total} of our records; we read its {}, {} of them from gzip batches",
        fetched.len(),
        5
    );
}

/// Compiles and runs `tests/java-producer/Produce.java` with kafka-clients
/// and its codecs, the jars `scripts/java-oracle.sh` fetches.
fn java_produce(addr: &str, topic: &str) {
    let repo = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let run = |cmd: &mut std::process::Command| {
        let out = cmd.output().expect("runs");
        assert!(
            out.status.success(),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    // Any oracle command fetches the jars once (into .cache/java-oracle/libs).
    let scratch = format!("{repo}/target/java-producer");
    run(std::process::Command::new("bash")
        .arg(format!("{repo}/scripts/java-oracle.sh"))
        .args(["schemas", &format!("{scratch}/schemas")]));
    let classpath = format!("{repo}/.cache/java-oracle/libs/*");
    run(std::process::Command::new("javac")
        .args(["-cp", &classpath, "-d", &scratch])
        .arg(format!("{repo}/tests/java-producer/Produce.java")));
    run(std::process::Command::new("java").args([
        "-cp",
        &format!("{scratch}:{classpath}"),
        "Produce",
        addr,
        topic,
    ]));
}

#[test]
#[ignore = "needs a live broker, Java 17 and Maven"]
fn we_read_what_the_java_client_produces_with_every_codec() {
    let addr = live_common::bootstrap();
    let mut c = client();
    let fetch_version = *versions::<FetchRequest>(&mut c).last().unwrap();
    let topic = unique("java");
    let id = create_topic(&mut c, &topic, 1);
    java_produce(&addr, &topic);
    let fetched = fetch_all(&mut c, &topic, id, fetch_version, 20);
    let codecs = [
        ("none", Compression::None),
        ("gzip", Compression::Gzip),
        ("snappy", Compression::Snappy),
        ("lz4", Compression::Lz4),
        ("zstd", Compression::Zstd),
    ];
    for (n, record) in fetched.iter().enumerate() {
        let (name, codec) = codecs[n / 4];
        let key = String::from_utf8(record.1.clone().unwrap()).unwrap();
        assert_eq!(key, format!("java-{name}-{}", n % 4));
        assert_eq!(
            record.2.as_deref(),
            Some(format!("value-{}", n % 4).as_bytes())
        );
        assert_eq!(record.3.as_deref(), Some(name.as_bytes()), "the header");
        assert_eq!(record.4, codec, "record {n}: the batch's codec");
    }
    eprintln!(
        "read the Java client's {} records, in batches of every codec",
        fetched.len()
    );
}
