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
use kafka_wire_dump::{Decoder, Dump, Options, Problem, ProblemKind};

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
        run(broker.script().arg("start").env(
            "KAFKA_EXTRA_CONFIG",
            "metadata.log.max.snapshot.interval.ms=2000",
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
    let list: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let out = run(Command::new("java")
        .arg("-cp")
        .arg(kafka_libs().join("*"))
        .arg("org.apache.kafka.tools.DumpLogSegments")
        .args(["--files", &list.join(","), decoder, "--print-data-log"]));
    String::from_utf8(out.stdout).expect("UTF-8")
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
        .arg(repo().join("tests/java-internal-topics/Workload.java")));
    let workload = run(Command::new("java").args([
        "-cp",
        &classpath,
        "Workload",
        &format!("127.0.0.1:{port}"),
    ]));
    eprint!("{}", String::from_utf8_lossy(&workload.stdout));
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
    eprint!("{report}");
    std::fs::write(work.join("report.txt"), &report).unwrap();
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
