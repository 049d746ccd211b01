//! Kafka's own topics, live: a Kafka broker of this crate's release, started
//! here by `scripts/kafka-broker.sh`, runs a workload of Kafka's own clients
//! (`tests/java-internal-topics/Workload.java`: consumer groups of the classic
//! and the KIP-848 protocol, a transactional producer committing and
//! aborting, a share group, a streams group, and topic, config, ACL, SCRAM
//! and quota changes); the broker is stopped, and the segments of
//! `__consumer_offsets`, `__transaction_state`, `__share_group_state` and
//! `__cluster_metadata` (its snapshots too) are dumped by Kafka's
//! `org.apache.kafka.tools.DumpLogSegments` and by `kafka_wire_dump`,
//! decoder by decoder: the two print the same, line for line. Then every
//! record is read with `kafka_messages::internal`, and the record types the
//! workload reached are counted against the workload's list. Last, each
//! topic's largest segment is damaged (a batch's checksum, a cut tail): the
//! two tools still print the same, and `kafka_wire_dump` reports both problems.
//!
//! ```text
//! cargo test -p kafka-wire-tests --test live_internal_topics -- --ignored --nocapture
//! ```
//!
//! It needs Java 17 and Maven (the broker's jars, Kafka's tools with them,
//! are fetched once into `.cache/kafka-<release>/`). The broker listens on
//! 127.0.0.1:9292 (`INTERNAL_TOPICS_PORT`) and its controller on the port
//! after; its log directory is left in `target/live-internal-topics/logs`,
//! the record types counted in `report.txt` beside it (`docs/internal-topics.md`
//! holds a run's).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use bytes::Bytes;
use kafka_messages::internal::{
    ControlRecord, CoordinatorKey, CoordinatorRecord, GroupCoordinatorKey, MetadataRecord,
    RecordRole, ShareCoordinatorKey, TransactionCoordinatorKey,
};
use kafka_wire::Records;
use kafka_wire_dump::groups::Groups;
use kafka_wire_dump::image::MetadataImage;
use kafka_wire_dump::{Contents, Decoder, Dump, IndexFindings, Options, Problem, ProblemKind};

/// The repository's root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// Runs `cmd`, failing the test with its stderr unless it succeeds.
fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{cmd:?} did not start: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The broker this test starts; dropped, it is stopped (if the test did not
/// stop it first), so that a failing test leaves no broker behind.
struct Broker {
    port: u16,
}

impl Broker {
    fn script(&self) -> Command {
        let mut cmd = Command::new("bash");
        cmd.arg(repo().join("scripts/kafka-broker.sh"))
            .env("KAFKA_PORT", self.port.to_string())
            .env("KAFKA_CONTROLLER_PORT", (self.port + 1).to_string());
        cmd
    }

    /// Starts a fresh broker that snapshots its metadata log every two seconds
    /// (`.checkpoint` files to dump beside the log).
    fn start(port: u16) -> Broker {
        let broker = Broker { port };
        // Index entries every 64 bytes (every batch of the small workload
        // has one), and a cleaner that does not wait long to compact.
        run(broker.script().arg("start").env(
            "KAFKA_EXTRA_CONFIG",
            "metadata.log.max.snapshot.interval.ms=2000\n\
             log.index.interval.bytes=64\n\
             log.cleaner.backoff.ms=500",
        ));
        broker
    }

    /// Stops the broker, its log directory moved to `logs`.
    fn stop_keeping(self, logs: &Path) {
        run(self.script().arg("stop").env("KAFKA_KEEP_LOGS", logs));
        std::mem::forget(self);
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        let _ = self.script().arg("stop").output();
    }
}

/// The jars of the broker and its tools, as the broker script fetched them.
fn kafka_libs() -> PathBuf {
    let cache = std::env::var_os("KAFKA_CACHE_DIR").map_or_else(
        || repo().join(format!(".cache/kafka-{}", kafka_messages::KAFKA_RELEASE)),
        PathBuf::from,
    );
    cache.join("libs")
}

/// One of Kafka's own topics, and how each tool is told to decode it.
struct Topic {
    name: &'static str,
    kafka_decoder: &'static str,
    decoder: Decoder,
}

const TOPICS: [Topic; 4] = [
    Topic {
        name: "__consumer_offsets",
        kafka_decoder: "--offsets-decoder",
        decoder: Decoder::Offsets,
    },
    Topic {
        name: "__transaction_state",
        kafka_decoder: "--transaction-log-decoder",
        decoder: Decoder::TransactionLog,
    },
    Topic {
        name: "__share_group_state",
        kafka_decoder: "--share-group-state-decoder",
        decoder: Decoder::ShareGroupState,
    },
    Topic {
        name: "__cluster_metadata",
        kafka_decoder: "--cluster-metadata-decoder",
        decoder: Decoder::ClusterMetadata,
    },
];

/// The files of `topic`'s partitions in `logs` that Kafka's tool dumps:
/// segments and snapshots, by partition number and then by name.
fn files_of(logs: &Path, topic: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(logs).expect("the log dir") {
        let dir = dir.expect("an entry").path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Some(partition) = name
            .strip_prefix(topic)
            .and_then(|p| p.strip_prefix('-'))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        for file in std::fs::read_dir(&dir).expect("a partition's dir") {
            let file = file.expect("an entry").path();
            let ext = file.extension().and_then(|e| e.to_str());
            if matches!(ext, Some("log" | "checkpoint")) {
                files.push((partition, file));
            }
        }
    }
    files.sort();
    files.into_iter().map(|(_, f)| f).collect()
}

/// What Kafka's `DumpLogSegments` prints for `files` with `decoder`.
fn kafka_dump(files: &[PathBuf], decoder: &str) -> String {
    kafka_dump_with(files, &[decoder, "--print-data-log"]).0
}

/// What Kafka's `DumpLogSegments` prints for `files` with `flags`, on
/// stdout and on stderr; it may fail (it stops at what it cannot read).
fn kafka_dump_with(files: &[PathBuf], flags: &[&str]) -> (String, String) {
    let list: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let out = Command::new("java")
        .arg("-cp")
        .arg(kafka_libs().join("*"))
        .arg("org.apache.kafka.tools.DumpLogSegments")
        .args(["--files", &list.join(",")])
        .args(flags)
        .output()
        .expect("java runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// What `kafka_wire_dump` prints for `files` with `options`, its problems,
/// and what the index checks found.
fn our_dump_with(
    files: &[PathBuf],
    options: Options,
) -> (String, Vec<Problem>, Vec<IndexFindings>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut findings = Vec::new();
    for file in files {
        let summary = Dump::new(options)
            .on_problem(|p| problems.push(p))
            .file(file, &mut out)
            .expect("the file reads");
        findings.push(summary.index);
    }
    (String::from_utf8(out).expect("UTF-8"), problems, findings)
}

/// What `kafka_wire_dump` prints for `files` with `decoder`, and the
/// problems it reports.
fn our_dump(files: &[PathBuf], decoder: Decoder) -> (String, Vec<String>) {
    let options = Options {
        decoder,
        ..Options::default()
    };
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        Dump::new(options)
            .on_problem(|p| problems.push(format!("{}: {p}", file.display())))
            .file(file, &mut out)
            .expect("the file reads");
    }
    (String::from_utf8(out).expect("UTF-8"), problems)
}

/// Fails at the first line where the two dumps differ, showing it and the
/// lines before it.
fn assert_same_lines(kafka: &str, ours: &str, topic: &str) {
    let (k, o): (Vec<&str>, Vec<&str>) = (kafka.lines().collect(), ours.lines().collect());
    if let Some(at) = (0..k.len().max(o.len())).find(|&i| k.get(i) != o.get(i)) {
        let context = k[at.saturating_sub(3)..at.min(k.len())].join("\n");
        panic!(
            "{topic}: line {} differs\n{context}\nKafka: {}\nours:  {}",
            at + 1,
            k.get(at).unwrap_or(&"(end)"),
            o.get(at).unwrap_or(&"(end)")
        );
    }
}

/// How many records of each type `files` hold, read with
/// `kafka_messages::internal`: for a coordinator's topic by its key's name
/// (a tombstone's as `Name (tombstone)`), for the metadata log by record
/// name, and control records by their name in brackets.
fn record_types(files: &[PathBuf], topic: &str) -> BTreeMap<String, usize> {
    fn coordinator<K: CoordinatorKey>(record: &kafka_wire::records::Record) -> String {
        let read = CoordinatorRecord::<K>::from_record(record)
            .unwrap_or_else(|e| panic!("offset {}: {e}", record.offset()));
        match read.value {
            Some(_) => read.key.name().to_string(),
            None => format!("{} (tombstone)", read.key.name()),
        }
    }
    let mut counts = BTreeMap::new();
    for file in files {
        let bytes = Bytes::from(std::fs::read(file).expect("the file reads"));
        for batch in Records(bytes).batches() {
            let batch = batch.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for record in batch.records().expect("the batch's records") {
                let record = record.expect("a record");
                let name = if batch.is_control() {
                    let (_, control) = ControlRecord::from_record(&record)
                        .unwrap_or_else(|e| panic!("offset {}: {e}", record.offset()));
                    format!("[{}]", control.name())
                } else {
                    match topic {
                        GroupCoordinatorKey::TOPIC => coordinator::<GroupCoordinatorKey>(&record),
                        TransactionCoordinatorKey::TOPIC => {
                            coordinator::<TransactionCoordinatorKey>(&record)
                        }
                        ShareCoordinatorKey::TOPIC => coordinator::<ShareCoordinatorKey>(&record),
                        _ => {
                            let value = record.value_bytes().expect("a metadata record's value");
                            let (_, read) = MetadataRecord::decode(value)
                                .unwrap_or_else(|e| panic!("offset {}: {e}", record.offset()));
                            read.name().to_string()
                        }
                    }
                };
                *counts.entry(name).or_insert(0) += 1;
            }
        }
    }
    counts
}

/// The record types the workload makes the broker write, by topic: the
/// test fails if one is missing.
const REACHED: [(&str, &[&str]); 4] = [
    (
        "__consumer_offsets",
        &[
            "OffsetCommit",
            "OffsetCommit (tombstone)",
            "GroupMetadata",
            "GroupMetadata (tombstone)",
            "ConsumerGroupMetadata",
            "ConsumerGroupMetadata (tombstone)",
            "ConsumerGroupMemberMetadata",
            "ConsumerGroupTargetAssignmentMetadata",
            "ConsumerGroupTargetAssignmentMember",
            "ConsumerGroupCurrentMemberAssignment",
            "ConsumerGroupRegularExpression",
            // Kafka 4.4 writes no value of it: a group's deletion writes its tombstone.
            "ConsumerGroupPartitionMetadata (tombstone)",
            "ShareGroupMetadata",
            "ShareGroupMemberMetadata",
            "ShareGroupTargetAssignmentMetadata",
            "ShareGroupTargetAssignmentMember",
            "ShareGroupCurrentMemberAssignment",
            "ShareGroupStatePartitionMetadata",
            "StreamsGroupMetadata",
            "StreamsGroupTopology",
            "StreamsGroupMemberMetadata",
            "StreamsGroupTargetAssignmentMetadata",
            "StreamsGroupTargetAssignmentMember",
            "StreamsGroupCurrentMemberAssignment",
            "[Commit]",
            "[Abort]",
        ],
    ),
    ("__transaction_state", &["TransactionLog"]),
    ("__share_group_state", &["ShareSnapshot", "ShareUpdate"]),
    (
        "__cluster_metadata",
        &[
            "TopicRecord",
            "PartitionRecord",
            "PartitionChangeRecord",
            "RemoveTopicRecord",
            "ConfigRecord",
            "AccessControlEntryRecord",
            "RemoveAccessControlEntryRecord",
            "UserScramCredentialRecord",
            "RemoveUserScramCredentialRecord",
            "ClientQuotaRecord",
            "ProducerIdsRecord",
            "RegisterBrokerRecord",
            "RegisterControllerRecord",
            "BrokerRegistrationChangeRecord",
            "FeatureLevelRecord",
            "NoOpRecord",
            "BeginTransactionRecord",
            "EndTransactionRecord",
            "[LeaderChange]",
            "[SnapshotHeader]",
            "[SnapshotFooter]",
            "[KRaftVersion]",
            "[KRaftVoters]",
        ],
    ),
];

#[test]
#[ignore = "needs Java 17 and Maven; starts its own broker on 127.0.0.1:9292"]
fn kafka_wire_dump_prints_kafkas_own_topics_as_kafkas_dump_log_segments_does() {
    let port = std::env::var("INTERNAL_TOPICS_PORT")
        .map_or(9292, |p| p.parse().expect("INTERNAL_TOPICS_PORT is a port"));
    let work = repo().join("target/live-internal-topics");
    let _ = std::fs::remove_dir_all(&work);
    let (classes, logs) = (work.join("classes"), work.join("logs"));
    std::fs::create_dir_all(&classes).unwrap();

    let broker = Broker::start(port);
    let classpath = format!("{}:{}", classes.display(), kafka_libs().join("*").display());
    run(Command::new("javac")
        .args(["-cp", &classpath, "-d"])
        .arg(&classes)
        .arg(repo().join("tests/java-internal-topics/Workload.java"))
        .arg(repo().join("tests/java-internal-topics/RemoteLogMetadataSegment.java"))
        .arg(repo().join("tests/java-internal-topics/MetadataImageFacts.java")));
    let workload = run(Command::new("java").args([
        "-cp",
        &classpath,
        "Workload",
        &format!("127.0.0.1:{port}"),
    ]));
    let workload = String::from_utf8(workload.stdout).expect("UTF-8");
    eprint!(
        "{}",
        workload
            .lines()
            .filter(|l| !l.starts_with("admin: "))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    // The lag as Kafka's tool shows it on the running cluster, just before it stops.
    let describe = run(Command::new("java").args([
        "-cp",
        &classpath,
        "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
        "--bootstrap-server",
        &format!("127.0.0.1:{port}"),
        "--describe",
        "--group",
        "workload-lagging",
        "--group",
        "workload-transactional-group",
    ]));
    let describe = String::from_utf8(describe.stdout).expect("UTF-8");
    broker.stop_keeping(&logs);

    let mut report = String::new();
    for topic in &TOPICS {
        let files = files_of(&logs, topic.name);
        assert!(!files.is_empty(), "no files of {}", topic.name);
        let kafka = kafka_dump(&files, topic.kafka_decoder);
        let (ours, problems) = our_dump(&files, topic.decoder);
        assert_same_lines(&kafka, &ours, topic.name);
        assert!(problems.is_empty(), "{}: {problems:#?}", topic.name);

        let counts = record_types(&files, topic.name);
        let records: usize = counts.values().sum();
        report += &format!(
            "{}: {} files, {} lines alike, {records} records\n",
            topic.name,
            files.len(),
            kafka.lines().count()
        );
        for (name, count) in &counts {
            report += &format!("  {count:>5}  {name}\n");
        }
        let reached = |name: &str| {
            counts
                .keys()
                .any(|k| k == name || k.starts_with(&format!("{name} ")))
        };
        let schemas: Vec<_> = kafka_messages::internal::schemas()
            .filter(|s| s.topic == topic.name && s.role != RecordRole::Value)
            .map(|s| {
                let name = s.schema.schema.name;
                name.strip_suffix("Key").unwrap_or(name)
            })
            .filter(|name| !reached(name))
            .collect();
        report += &format!("  not reached: {}\n", schemas.join(", "));
        let (_, want) = REACHED.iter().find(|(t, _)| *t == topic.name).unwrap();
        let missing: Vec<_> = want.iter().filter(|w| !counts.contains_key(**w)).collect();
        assert!(
            missing.is_empty(),
            "{}: the workload did not reach {missing:?}\n{report}",
            topic.name
        );

        // The largest segment, damaged: its middle batch's checksum wrong,
        // its last batch cut short. Kafka's tool prints the first as
        // `isvalid: false` and the second as invalid bytes at the end: so
        // does kafka_wire_dump, which reports both, and nothing else.
        let largest = files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "log"))
            .max_by_key(|f| std::fs::metadata(f).unwrap().len())
            .unwrap();
        let damaged = work.join("damaged").join(topic.name);
        std::fs::create_dir_all(&damaged).unwrap();
        let damaged = damaged.join(largest.file_name().unwrap());
        let (bad_crc, cut) = damage(largest, &damaged);
        let kafka = kafka_dump(std::slice::from_ref(&damaged), topic.kafka_decoder);
        let (ours, problems) = our_dump_problems(&damaged, topic.decoder);
        assert_same_lines(&kafka, &ours, &format!("{} damaged", topic.name));
        assert!(
            matches!(
                &problems[..],
                [
                    Problem { position: p1, kind: ProblemKind::Batch(e) },
                    Problem { position: p2, kind: ProblemKind::TruncatedBatch { .. } },
                ] if *p1 == bad_crc && *p2 == cut
                    && matches!(e.kind(), kafka_wire::records::RecordsErrorKind::CrcMismatch { .. })
            ),
            "{}: {problems:#?}",
            topic.name
        );
        report += &format!(
            "  damaged (a checksum at byte {bad_crc}, cut at {cut}): alike, both reported\n"
        );
    }
    report += &remote_log_metadata(&work, &classpath);
    report += &every_file(&logs, &work);
    report += &offline_lag(&logs, &describe);
    report += &image_against_admin(&logs, &workload);
    report += &image_against_kafka(&logs, &classpath);
    eprint!("{report}");
    std::fs::write(work.join("report.txt"), &report).unwrap();
}

/// Every file of every partition's directory that Kafka's tool reads
/// besides segments (offset, time and transaction indexes, producer
/// snapshots), and the data topics' segments with the flags that change how
/// records print: both tools print the same, and neither finds anything
/// wrong. Then damaged copies: an index cut inside an entry, an index entry
/// past its segment, a corrupt producer snapshot.
fn every_file(logs: &Path, work: &Path) -> String {
    let mut by_kind: BTreeMap<&str, Vec<PathBuf>> = BTreeMap::new();
    let mut data_logs = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(logs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.to_string_lossy().ends_with("-delete"))
        .collect();
    dirs.sort();
    for dir in &dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let Some(ext) = file.extension().and_then(|e| e.to_str()) else {
                continue;
            };
            match ext {
                "index" | "timeindex" | "txnindex" | "snapshot" => {
                    let kind = match ext {
                        "index" => "index",
                        "timeindex" => "timeindex",
                        "txnindex" => "txnindex",
                        _ => "snapshot",
                    };
                    by_kind.entry(kind).or_default().push(file);
                }
                "log"
                    if dir
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("workload") =>
                {
                    data_logs.push(file)
                }
                _ => {}
            }
        }
    }
    for kind in ["index", "timeindex", "txnindex", "snapshot"] {
        assert!(
            by_kind.contains_key(kind),
            "the workload wrote no .{kind} file"
        );
    }
    let all: Vec<PathBuf> = by_kind.values().flatten().cloned().collect();
    let indexes: Vec<PathBuf> = by_kind["index"]
        .iter()
        .chain(&by_kind["timeindex"])
        .cloned()
        .collect();
    let mut report = String::from("every file of the log directory:\n");
    let mut compare = |what: &str, files: &[PathBuf], flags: &[&str], options: Options| {
        let (kafka, kafka_err) = kafka_dump_with(files, flags);
        let (ours, problems, findings) = our_dump_with(files, options);
        assert_same_lines(&kafka, &ours, what);
        assert!(problems.is_empty(), "{what}: {problems:#?}");
        assert!(
            findings.iter().all(IndexFindings::is_empty),
            "{what}: {findings:#?}"
        );
        // Kafka's stderr holds only its list of offsets that do not follow
        // (a compacted segment's): no index finding, no exception.
        assert!(
            kafka_err
                .lines()
                .all(|l| l.starts_with("Non-consecutive offsets in ")
                    || l.starts_with("  ") && l.contains(" is followed by ")),
            "{what}: Kafka's tool says {kafka_err}"
        );
        report += &format!(
            "  {what}: {} files, {} lines alike\n",
            files.len(),
            kafka.lines().count()
        );
    };
    let options = Options::default();
    compare(
        "indexes, transaction indexes, producer snapshots",
        &all,
        &[],
        options,
    );
    compare(
        "indexes --verify-index-only",
        &indexes,
        &["--verify-index-only"],
        Options {
            verify_index_only: true,
            ..options
        },
    );
    // Kafka's sanity check stops at the first index that fails it: the
    // metadata log's time index, preallocated and never trimmed, fails it
    // (its last entry is zeros). The data topics' pass.
    let data_indexes: Vec<PathBuf> = indexes
        .iter()
        .filter(|f| f.to_string_lossy().contains("/workload"))
        .cloned()
        .collect();
    compare(
        "data topics' indexes --index-sanity-check",
        &data_indexes,
        &["--index-sanity-check"],
        Options {
            index_sanity_check: true,
            ..options
        },
    );
    let text = Options {
        decoder: Decoder::Raw(Contents::Text),
        ..options
    };
    compare(
        "data topics' segments --print-data-log --skip-record-metadata",
        &data_logs,
        &["--print-data-log", "--skip-record-metadata"],
        Options {
            skip_record_metadata: true,
            ..text
        },
    );
    compare(
        "data topics' segments --print-data-log --max-bytes 500",
        &data_logs,
        &["--print-data-log", "--max-bytes", "500"],
        Options {
            max_bytes: Some(500),
            ..text
        },
    );

    // Damaged copies: the rest is read, each problem named by its byte.
    let damaged = work.join("damaged").join("workload-0");
    std::fs::create_dir_all(&damaged).unwrap();
    let source = logs.join("workload-0");
    for name in [
        "00000000000000000000.log",
        "00000000000000000000.index",
        "00000000000000000000.timeindex",
    ] {
        std::fs::copy(source.join(name), damaged.join(name)).unwrap();
    }
    let index = damaged.join("00000000000000000000.index");
    let mut bytes = std::fs::read(&index).unwrap();
    assert!(
        bytes.len() >= 16,
        "workload-0's index has {} bytes",
        bytes.len()
    );
    let log_len = std::fs::metadata(damaged.join("00000000000000000000.log"))
        .unwrap()
        .len() as i32;
    let last = bytes.len() - 8;
    bytes[last + 4..].copy_from_slice(&(log_len + 100).to_be_bytes());
    bytes.extend_from_slice(&[0, 0, 0]);
    std::fs::write(&index, &bytes).unwrap();
    let (kafka, _) = kafka_dump_with(std::slice::from_ref(&index), &[]);
    let (ours, problems, _) = our_dump_with(std::slice::from_ref(&index), options);
    // Kafka's tool stops with an exception at the entry past the log, after
    // printing the entries before it; this tool prints every entry.
    let kafka_lines: Vec<&str> = kafka.lines().collect();
    let our_lines: Vec<&str> = ours.lines().collect();
    assert_eq!(
        kafka_lines[..],
        our_lines[..kafka_lines.len()],
        "damaged index"
    );
    assert_eq!(our_lines.len(), 1 + bytes.len() / 8, "{ours}");
    assert!(
        matches!(
            &problems[..],
            [
                Problem { position: p1, kind: ProblemKind::IndexEntry { .. } },
                Problem { position: p2, kind: ProblemKind::PartialEntry { trailing: 3, .. } },
            ] if *p1 == last as u64 && *p2 == (last + 8) as u64
        ),
        "damaged index: {problems:#?}"
    );
    let snapshot = by_kind["snapshot"]
        .iter()
        .find(|f| std::fs::metadata(f).unwrap().len() > 10)
        .expect("a producer snapshot with a producer");
    let corrupt = damaged.join(snapshot.file_name().unwrap());
    let mut bytes = std::fs::read(snapshot).unwrap();
    let at = bytes.len() - 1;
    bytes[at] ^= 0xff;
    std::fs::write(&corrupt, &bytes).unwrap();
    let (kafka, kafka_err) = kafka_dump_with(std::slice::from_ref(&corrupt), &[]);
    let (ours, problems, _) = our_dump_with(std::slice::from_ref(&corrupt), options);
    assert_same_lines(&kafka, &ours, "corrupt producer snapshot");
    let [Problem {
        position: 2,
        kind: ProblemKind::Snapshot(e),
    }] = &problems[..]
    else {
        panic!("corrupt producer snapshot: {problems:#?}");
    };
    assert_eq!(kafka_err.trim(), e.to_string(), "corrupt producer snapshot");
    report += "  damaged: an index entry past the log and a cut entry, a corrupt producer snapshot: reported, the rest read\n";
    report
}

/// A segment of `__remote_log_metadata` as a broker with tiered storage
/// writes it (every kind of its records, serialized by Kafka's own
/// `RemoteLogMetadataSerde`: `RemoteLogMetadataSegment.java`), dumped by
/// both tools with `--remote-log-metadata-decoder`: the same lines.
fn remote_log_metadata(work: &Path, classpath: &str) -> String {
    let dir = work.join("remote").join("__remote_log_metadata-0");
    std::fs::create_dir_all(&dir).unwrap();
    let segment = dir.join("00000000000000000000.log");
    run(Command::new("java")
        .args(["-cp", classpath, "RemoteLogMetadataSegment"])
        .arg(&segment));
    let files = [segment];
    let kafka = kafka_dump(&files, "--remote-log-metadata-decoder");
    let (ours, problems) = our_dump(&files, Decoder::RemoteLogMetadata);
    assert_same_lines(&kafka, &ours, "__remote_log_metadata");
    assert!(problems.is_empty(), "__remote_log_metadata: {problems:#?}");
    let records = ours.lines().filter(|l| l.starts_with("| offset: ")).count();
    assert_eq!(records, 9, "{ours}");
    let lines = kafka.lines().count();
    // Values that do not read: an API key Kafka does not define, frame
    // version 0, a record cut short. Kafka's words, one problem each.
    let mut builder = kafka_wire::records::RecordBatchBuilder::new();
    for value in [&[1u8, 9, 0][..], &[0, 2, 0], &[1, 2, 0, 1]] {
        builder
            .append(kafka_wire::records::NewRecord::new(1_700_000_000_000).value(value))
            .unwrap();
    }
    let bad = work
        .join("remote")
        .join("bad")
        .join("00000000000000000000.log");
    std::fs::create_dir_all(bad.parent().unwrap()).unwrap();
    std::fs::write(&bad, builder.build().unwrap().as_bytes()).unwrap();
    let bad = [bad];
    let kafka = kafka_dump(&bad, "--remote-log-metadata-decoder");
    let (ours, problems) = our_dump(&bad, Decoder::RemoteLogMetadata);
    assert_same_lines(
        &kafka,
        &ours,
        "__remote_log_metadata, values that do not read",
    );
    assert_eq!(problems.len(), 3, "{problems:#?}");
    format!(
        "__remote_log_metadata (written by Kafka's serde): {records} records, {lines} lines alike\n"
    )
}

/// The groups' lag read offline from the log directory against what
/// `kafka-consumer-groups --describe` showed just before the broker stopped:
/// the same rows (group, topic, partition, offsets, lag).
fn offline_lag(logs: &Path, describe: &str) -> String {
    let kafka: Vec<Vec<String>> = describe
        .lines()
        .filter(|l| l.starts_with("workload-"))
        .map(|l| l.split_whitespace().take(6).map(String::from).collect())
        .collect();
    assert!(
        !kafka.is_empty(),
        "kafka-consumer-groups printed no row:\n{describe}"
    );
    let image = MetadataImage::read_dir(&logs.join("__cluster_metadata-0"), |f, p| {
        panic!("{}: {p}", f.display())
    })
    .unwrap();
    let mut groups = Groups::read_log_dir(logs, |f, p| panic!("{}: {p}", f.display())).unwrap();
    groups.name_topics(|id| image.topic_name(id));
    let mut ours: Vec<Vec<String>> = Vec::new();
    for id in ["workload-lagging", "workload-transactional-group"] {
        for row in groups.groups[id].describe(id, logs).unwrap() {
            let dash = |v: Option<i64>| v.map_or("-".into(), |v| v.to_string());
            ours.push(vec![
                row.group.clone(),
                row.topic.clone(),
                row.partition.to_string(),
                dash(row.current_offset),
                dash(row.log_end_offset),
                dash(row.lag()),
            ]);
        }
    }
    let (mut kafka, mut ours) = (kafka, ours);
    kafka.sort();
    ours.sort();
    assert_eq!(
        kafka, ours,
        "offline lag against kafka-consumer-groups --describe"
    );
    format!(
        "offline lag: {} rows alike with kafka-consumer-groups --describe\n",
        ours.len()
    )
}

/// The metadata image read offline against what the admin API reported
/// before the broker stopped: topics and their ids, partition counts and
/// replicas, the topic's configs, ACLs, quotas, SCRAM users, features.
fn image_against_admin(logs: &Path, workload: &str) -> String {
    let image = MetadataImage::read_dir(&logs.join("__cluster_metadata-0"), |f, p| {
        panic!("{}: {p}", f.display())
    })
    .unwrap();
    let tree = image.tree();
    let mut checked = 0;
    for line in workload.lines().filter_map(|l| l.strip_prefix("admin: ")) {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[..] {
            ["topic", name, id, partitions] => {
                assert_eq!(
                    tree.cat(&format!("/topics/{name}/id")).unwrap(),
                    id,
                    "{line}"
                );
                let count = tree.ls(&format!("/topics/{name}")).unwrap().len() - 1;
                assert_eq!(count.to_string(), partitions, "{line}");
            }
            ["replicas", partition, replicas] => {
                let (topic, p) = partition.rsplit_once('-').unwrap();
                let json = tree.cat(&format!("/topics/{topic}/{p}")).unwrap();
                assert!(
                    json.contains(&format!("\"replicas\":[{replicas}]")),
                    "{line}: {json}"
                );
            }
            ["config", path, value] => {
                assert_eq!(
                    tree.cat(&format!("/configs/{path}")).unwrap(),
                    value,
                    "{line}"
                )
            }
            ["acl", resource, principal] => {
                let acls = tree.get("/acls").unwrap().to_json();
                assert!(
                    acls.contains(&format!("\"resourceName\":\"{resource}\"")),
                    "{line}"
                );
                assert!(
                    acls.contains(&format!("\"principal\":\"{principal}\"")),
                    "{line}"
                );
            }
            ["quota", ..] => {
                // "{user=alice} producer_byte_rate 1048576.0"
                let (entity, rest) = line["quota ".len()..].split_once("} ").unwrap();
                let entity = entity.trim_start_matches('{').replace(", ", ",");
                let (key, value) = rest.split_once(' ').unwrap();
                assert_eq!(
                    tree.cat(&format!("/clientQuotas/{entity}/{key}")).unwrap(),
                    value,
                    "{line}"
                );
            }
            ["scram", mechanism, user, iterations] => {
                assert_eq!(
                    tree.cat(&format!("/scram/{mechanism}/{user}")).unwrap(),
                    iterations,
                    "{line}"
                )
            }
            ["feature", name, level] => {
                assert_eq!(
                    tree.cat(&format!("/features/{name}")).unwrap(),
                    level,
                    "{line}"
                )
            }
            _ => panic!("an admin line this test does not read: {line}"),
        }
        checked += 1;
    }
    assert!(
        checked > 0,
        "the workload reported nothing of the admin API"
    );
    format!("metadata image: {checked} facts alike with the admin API's\n")
}

/// The metadata image read offline against the image Kafka's own code
/// (`MetadataDelta` and `MetadataImage`, what kafka-metadata-shell renders)
/// replays from the same directory (`MetadataImageFacts.java`): every fact
/// of both, a line each, equal as sets. kafka-metadata-shell itself is not
/// run: Kafka 4.4.0's is not served here, and 4.3.0's cannot
/// read a 4.4 image (it loads none of it, metadata version 33 being newer
/// than any it knows).
fn image_against_kafka(logs: &Path, classpath: &str) -> String {
    let dir = logs.join("__cluster_metadata-0");
    let kafka = run(Command::new("java")
        .args(["-cp", classpath, "MetadataImageFacts"])
        .arg(&dir));
    let kafka: std::collections::BTreeSet<String> = String::from_utf8(kafka.stdout)
        .expect("UTF-8")
        .lines()
        .map(String::from)
        .collect();
    let image = MetadataImage::read_dir(&dir, |f, p| panic!("{}: {p}", f.display())).unwrap();
    let mut ours = image_facts(&image.tree());
    // The one accepted difference: `kraft.version` is the quorum's (its
    // control records), which Kafka's image leaves out and its admin API
    // lists among the finalized features, as ours does.
    let kraft = ours
        .iter()
        .find(|f| f.starts_with("feature kraft.version "))
        .cloned();
    ours.remove(&kraft.expect("kraft.version among the image's features"));
    let missing: Vec<_> = kafka.difference(&ours).collect();
    let extra: Vec<_> = ours.difference(&kafka).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "the image against Kafka's: only in Kafka's {missing:#?}\nonly in ours {extra:#?}"
    );
    let partitions = ours.iter().filter(|f| f.starts_with("partition ")).count();
    assert!(partitions > 0, "no partition in the image: {ours:#?}");
    format!(
        "metadata image: {} facts alike with Kafka's MetadataImage ({partitions} partitions with leaders and ISRs)\n",
        ours.len()
    )
}

/// The facts of kafka-wire-dump's image, in `MetadataImageFacts.java`'s form.
fn image_facts(tree: &kafka_wire_dump::image::Node) -> std::collections::BTreeSet<String> {
    let ls = |path: &str| tree.ls(path).unwrap_or_default();
    let cat = |path: &str| tree.cat(path).unwrap().to_string();
    let json = |path: &str| -> serde_json::Value { serde_json::from_str(&cat(path)).unwrap() };
    let list = |v: &serde_json::Value| {
        let items: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.to_string())
            .collect();
        format!("[{}]", items.join(","))
    };
    let mut facts = std::collections::BTreeSet::new();
    for name in ls("/features") {
        facts.insert(format!(
            "feature {name} {}",
            cat(&format!("/features/{name}"))
        ));
    }
    for id in ls("/cluster") {
        let broker = json(&format!("/cluster/{id}"));
        facts.insert(format!("broker {id} fenced={}", broker["fenced"]));
    }
    for topic in ls("/topics") {
        let partitions: Vec<String> = ls(&format!("/topics/{topic}"))
            .into_iter()
            .filter(|p| p != "id")
            .collect();
        let id = cat(&format!("/topics/{topic}/id"));
        facts.insert(format!("topic {topic} {id} {}", partitions.len()));
        for p in partitions {
            let r = json(&format!("/topics/{topic}/{p}"));
            facts.insert(format!(
                "partition {topic}-{p} replicas={} isr={} leader={} leaderEpoch={} partitionEpoch={}",
                list(&r["replicas"]),
                list(&r["isr"]),
                r["leader"],
                r["leaderEpoch"],
                r["partitionEpoch"]
            ));
        }
    }
    for kind in ls("/configs") {
        for name in ls(&format!("/configs/{kind}")) {
            for key in ls(&format!("/configs/{kind}/{name}")) {
                let value = cat(&format!("/configs/{kind}/{name}/{key}"));
                facts.insert(format!("config {kind}/{name}/{key} {value}"));
            }
        }
    }
    for id in ls("/acls") {
        let a = json(&format!("/acls/{id}"));
        facts.insert(format!(
            "acl {id} resourceType={} resourceName={} patternType={} principal={} host={} operation={} permissionType={}",
            a["resourceType"],
            a["resourceName"].as_str().unwrap(),
            a["patternType"],
            a["principal"].as_str().unwrap(),
            a["host"].as_str().unwrap(),
            a["operation"],
            a["permissionType"]
        ));
    }
    for entity in ls("/clientQuotas") {
        let mut parts: Vec<&str> = entity.split(',').collect();
        parts.sort_unstable();
        for key in ls(&format!("/clientQuotas/{entity}")) {
            let value = cat(&format!("/clientQuotas/{entity}/{key}"));
            facts.insert(format!("quota {} {key} {value}", parts.join(",")));
        }
    }
    for mechanism in ls("/scram") {
        for user in ls(&format!("/scram/{mechanism}")) {
            let iterations = cat(&format!("/scram/{mechanism}/{user}"));
            facts.insert(format!("scram {mechanism} {user} {iterations}"));
        }
    }
    if let Ok(next) = tree.cat("/producerIds/nextProducerId") {
        facts.insert(format!("nextProducerId {next}"));
    }
    facts
}

/// Copies the segment `from` to `to` with its middle batch's CRC-32C flipped
/// and its last batch's last 7 bytes cut off; returns where the two batches
/// start.
fn damage(from: &Path, to: &Path) -> (u64, u64) {
    let mut bytes = std::fs::read(from).unwrap();
    let mut starts = Vec::new();
    let mut at = 0;
    while at + 12 <= bytes.len() {
        starts.push(at);
        at += 12 + i32::from_be_bytes(bytes[at + 8..at + 12].try_into().unwrap()) as usize;
    }
    assert!(
        starts.len() >= 3,
        "{}: {} batches",
        from.display(),
        starts.len()
    );
    let middle = starts[starts.len() / 2];
    // The CRC-32C follows the base offset, length, leader epoch and magic.
    bytes[middle + 17] ^= 0xff;
    bytes.truncate(bytes.len() - 7);
    std::fs::write(to, bytes).unwrap();
    (middle as u64, *starts.last().unwrap() as u64)
}

/// What `kafka_wire_dump` prints for `file` with `decoder`, and its
/// problems as they were reported.
fn our_dump_problems(file: &Path, decoder: Decoder) -> (String, Vec<Problem>) {
    let options = Options {
        decoder,
        ..Options::default()
    };
    let mut out = Vec::new();
    let mut problems = Vec::new();
    Dump::new(options)
        .on_problem(|p| problems.push(p))
        .file(file, &mut out)
        .expect("the file reads");
    (String::from_utf8(out).expect("UTF-8"), problems)
}
