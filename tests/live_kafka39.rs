//! Against a real Apache Kafka 3.9.1 broker, the request versions it accepts
//! and 4.x brokers do not: CreateTopics v0-v1, Produce v0-v2 with magic 0 and
//! magic 1 message sets of every legacy codec, Fetch v0-v3 (answered with the
//! log down-converted to magic 0 and 1) beside every later Fetch version,
//! OffsetCommit and OffsetFetch v0-v1, and ListOffsets v0. Ignored by
//! default; with a 3.9.1 broker running (beside a 4.4 one on 9092, if any):
//!
//! ```text
//! KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start
//! cargo test -p kafka-wire-tests --test live_kafka39 -- --ignored --test-threads=1 --nocapture
//! ```
//!
//! The address comes from `KAFKA39_BOOTSTRAP` (default `127.0.0.1:9192`).

use std::time::{Duration, Instant};

use kafka_messages::client::Client;
use kafka_messages::create_topics::CreatableTopicResult;
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::OffsetFetchRequestTopic;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{Compression, LegacyRecordsBuilder, NewRecord, NO_TIMESTAMP};
use kafka_wire::{ErrorCode, Message, Records, Uuid};

mod live_common;
use live_common::{
    create_topic, eventually, fetch_request, ok, send, unique, versions_in, wait_for_leaders,
    KAFKA39,
};

fn client() -> Client {
    KAFKA39.client("kafka-wire-live-kafka39")
}

/// Fails unless the broker advertises `version` of `M`.
fn advertised<M: Message>(c: &mut Client, version: i16) {
    let theirs = c
        .api_versions()
        .expect("ApiVersions")
        .versions_of(M::API_KEY);
    assert!(
        theirs.is_some_and(|r| r.contains(version)),
        "{} v{version} is not among the broker's versions ({theirs:?})",
        M::SCHEMA.name
    );
}

/// The error of `code`, for comparisons that print names, not numbers.
fn error(code: i16) -> ErrorCode {
    ErrorCode::from_code(code)
}

// ---------------------------------------------------------------- CreateTopics

fn create_topics(
    c: &mut Client,
    version: i16,
    name: &str,
    partitions: i32,
    validate_only: bool,
) -> CreatableTopicResult {
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: name.into(),
            num_partitions: partitions,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 30_000,
        validate_only,
        ..Default::default()
    };
    let mut response = send(c, &request, version);
    assert_eq!(
        response.topics.len(),
        1,
        "CreateTopics v{version}: one answer"
    );
    let result = response.topics.remove(0);
    assert_eq!(
        result.name, name,
        "CreateTopics v{version}: the topic answered for"
    );
    result
}

/// Metadata for `names` at `version`, without creating them (from v4; before
/// it the request has no such flag, and only existing topics are asked for).
fn metadata(c: &mut Client, version: i16, names: &[&str]) -> MetadataResponse {
    let mut request = MetadataRequest {
        topics: Some(
            names
                .iter()
                .map(|name| MetadataRequestTopic {
                    name: Some((*name).into()),
                    ..Default::default()
                })
                .collect(),
        ),
        ..Default::default()
    };
    if version >= 4 {
        request.allow_auto_topic_creation = false;
    }
    send(c, &request, version)
}

#[test]
#[ignore = "needs a Kafka 3.9.1 broker: KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start"]
fn create_topics_v0_and_v1_create_refuse_duplicates_and_validate_only_creates_nothing() {
    let mut c = client();
    advertised::<CreateTopicsRequest>(&mut c, 0);
    advertised::<CreateTopicsRequest>(&mut c, 1);
    let (v0, v1, checked) = (
        unique("ct39-v0"),
        unique("ct39-v1"),
        unique("ct39-validate"),
    );

    let created = create_topics(&mut c, 0, &v0, 2, false);
    ok(created.error_code, &format!("CreateTopics v0 {v0}"));
    let created = create_topics(&mut c, 1, &v1, 3, false);
    ok(created.error_code, &format!("CreateTopics v1 {v1}"));
    assert_eq!(
        created.error_message, None,
        "CreateTopics v1 {v1}: no message"
    );
    let validated = create_topics(&mut c, 1, &checked, 4, true);
    ok(
        validated.error_code,
        &format!("CreateTopics v1 validate_only {checked}"),
    );
    assert_eq!(
        validated.error_message, None,
        "CreateTopics v1 validate_only: no message"
    );

    // A second creation of each is refused: v0 with the code alone, v1 with a message.
    let again = create_topics(&mut c, 0, &v1, 3, false);
    assert_eq!(
        error(again.error_code),
        ErrorCode::TopicAlreadyExists,
        "CreateTopics v0 {v1} again"
    );
    let again = create_topics(&mut c, 1, &v0, 2, false);
    assert_eq!(
        error(again.error_code),
        ErrorCode::TopicAlreadyExists,
        "CreateTopics v1 {v0} again"
    );
    let message = again.error_message.as_deref().unwrap_or_default();
    assert!(
        message.contains(v0.as_str()),
        "CreateTopics v1 {v0} again: message {message:?}"
    );

    // Metadata shows both, with a leader for every partition, at its oldest
    // and its newest version; the validated topic does not exist.
    wait_for_leaders(&mut c, &v0, 2);
    wait_for_leaders(&mut c, &v1, 3);
    let newest = c.negotiate::<MetadataRequest>().unwrap();
    for version in [0, newest] {
        let m = metadata(&mut c, version, &[&v0, &v1]);
        assert_eq!(m.topics.len(), 2, "Metadata v{version}: two topics");
        for (name, partitions) in [(&v0, 2), (&v1, 3)] {
            let t = m
                .topics
                .iter()
                .find(|t| t.name.as_deref() == Some(name.as_str()))
                .unwrap_or_else(|| panic!("Metadata v{version}: no {name}"));
            ok(t.error_code, &format!("Metadata v{version} {name}"));
            assert_eq!(
                t.partitions.len(),
                partitions,
                "Metadata v{version} {name}: partitions"
            );
            assert!(
                t.partitions
                    .iter()
                    .all(|p| p.error_code == 0 && p.leader_id >= 0),
                "Metadata v{version} {name}: a leader for every partition"
            );
        }
    }
    let m = metadata(&mut c, newest, &[&checked]);
    assert_eq!(
        error(m.topics[0].error_code),
        ErrorCode::UnknownTopicOrPartition,
        "Metadata v{newest}: {checked} was only validated"
    );
    eprintln!("CreateTopics v0 and v1 created {v0} and {v1}; v1 validate_only created nothing");
}

// ---------------------------------------------------------------- Produce and Fetch

/// A record as produced, and as every Fetch version must give it back.
#[derive(Debug, Clone, PartialEq)]
struct Expected {
    key: Option<Vec<u8>>,
    value: Option<Vec<u8>>,
    /// [`NO_TIMESTAMP`] in a magic 0 set.
    timestamp: i64,
}

const RECORDS_PER_SET: usize = 5;

/// The records of set `n` (`tag` names it), of `magic`: null keys, null and
/// empty values among them, and in magic 1 a timestamp each.
fn records_of(n: usize, tag: &str, magic: i8) -> Vec<Expected> {
    (0..RECORDS_PER_SET)
        .map(|i| Expected {
            key: (i % 3 != 1).then(|| format!("{tag}-key-{i}").into_bytes()),
            value: match i {
                2 => None,
                3 => Some(Vec::new()),
                _ => Some(format!("{tag}-value-{i}-{}", "x".repeat(40 * i)).into_bytes()),
            },
            timestamp: if magic == 0 {
                NO_TIMESTAMP
            } else {
                1_700_000_000_000 + (n * 1000 + i) as i64
            },
        })
        .collect()
}

/// `records` as one message set of `magic` with `codec`.
fn message_set(magic: i8, codec: Compression, records: &[Expected]) -> Records {
    let builder = if magic == 0 {
        LegacyRecordsBuilder::v0()
    } else {
        LegacyRecordsBuilder::v1()
    };
    let mut builder = builder.compression(codec);
    for r in records {
        let mut record = NewRecord::new(r.timestamp);
        record.key = r.key.as_deref();
        record.value = r.value.as_deref();
        builder.append(record).unwrap();
    }
    builder.build().unwrap()
}

/// Produces `records` to partition 0 of `topic` at `version` with acks = -1;
/// returns the base offset the broker assigned.
fn produce(c: &mut Client, topic: &str, version: i16, records: Records, what: &str) -> i64 {
    let request = ProduceRequest {
        acks: -1,
        timeout_ms: 30_000,
        topic_data: vec![TopicProduceData {
            name: topic.into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(records),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let response = send(c, &request, version);
    assert_eq!(
        response.responses.len(),
        1,
        "Produce v{version} {what}: one topic"
    );
    let t = &response.responses[0];
    assert_eq!(
        t.name, topic,
        "Produce v{version} {what}: the topic answered for"
    );
    assert_eq!(
        t.partition_responses.len(),
        1,
        "Produce v{version} {what}: one partition"
    );
    let p = &t.partition_responses[0];
    assert_eq!(p.index, 0, "Produce v{version} {what}: the partition");
    ok(p.error_code, &format!("Produce v{version} {what}"));
    if version >= 2 {
        assert_eq!(
            p.log_append_time_ms, -1,
            "Produce v{version} {what}: a create-time topic has no log append time"
        );
    }
    p.base_offset
}

/// A record as fetched, with the magic and codec of the batch it came in.
#[derive(Debug)]
struct Fetched {
    offset: i64,
    record: Expected,
    magic: i8,
    codec: Compression,
}

/// Every record of partition 0 from offset 0, fetched at `version` until
/// `wanted` have come (for at most 20 s).
fn fetch_all(c: &mut Client, topic: &str, id: Uuid, version: i16, wanted: usize) -> Vec<Fetched> {
    let mut out: Vec<Fetched> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while out.len() < wanted {
        assert!(
            Instant::now() < deadline,
            "Fetch v{version}: {} of {wanted} records after 20 s",
            out.len()
        );
        let next = out.last().map_or(0, |r| r.offset + 1);
        let request = fetch_request(topic, id, next, version);
        let response = send(c, &request, version);
        ok(response.error_code, &format!("Fetch v{version}"));
        let p = &response.responses[0].partitions[0];
        ok(
            p.error_code,
            &format!("Fetch v{version} from offset {next}"),
        );
        for batch in p.records.iter().flat_map(Records::batches) {
            let batch = batch.unwrap_or_else(|e| panic!("Fetch v{version} from {next}: {e}"));
            let records = batch.records().unwrap_or_else(|e| {
                panic!(
                    "Fetch v{version}: the batch at {}: {e}",
                    batch.base_offset()
                )
            });
            for record in records {
                let record = record.unwrap_or_else(|e| panic!("Fetch v{version}: a record: {e}"));
                if record.offset() < next {
                    continue; // a compressed set starts before the offset asked for
                }
                out.push(Fetched {
                    offset: record.offset(),
                    record: Expected {
                        key: record.key().map(<[u8]>::to_vec),
                        value: record.value().map(<[u8]>::to_vec),
                        timestamp: record.timestamp(),
                    },
                    magic: batch.magic(),
                    codec: batch.compression(),
                });
            }
        }
    }
    out
}

/// The magic a Fetch of `version` answers with: the broker down-converts for
/// versions that cannot carry magic 2.
fn magic_of_fetch(version: i16) -> i8 {
    match version {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    }
}

#[test]
#[ignore = "needs a Kafka 3.9.1 broker: KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start"]
fn magic_0_and_1_sets_of_every_codec_produce_at_v0_to_v2_and_fetch_back_at_every_version() {
    let mut c = client();
    for version in 0..=2 {
        advertised::<ProduceRequest>(&mut c, version);
    }
    let topic = unique("legacy39");
    let id = create_topic(&mut c, &topic, 1);

    // Magic 0 at Produce v0 and v1, magic 1 at v2: every codec of each magic.
    let sets = [
        (0, 0, Compression::None),
        (0, 0, Compression::Gzip),
        (1, 0, Compression::Snappy),
        (1, 0, Compression::Lz4),
        (2, 1, Compression::None),
        (2, 1, Compression::Gzip),
        (2, 1, Compression::Snappy),
        (2, 1, Compression::Lz4),
    ];
    let mut sent: Vec<(String, Compression, Expected)> = Vec::new();
    for (n, &(version, magic, codec)) in sets.iter().enumerate() {
        let tag = format!("v{version}-magic{magic}-{}", codec.name());
        let records = records_of(n, &tag, magic);
        let base = produce(
            &mut c,
            &topic,
            version,
            message_set(magic, codec, &records),
            &tag,
        );
        assert_eq!(
            base,
            sent.len() as i64,
            "Produce v{version} {tag}: the base offset follows the last set"
        );
        sent.extend(records.into_iter().map(|r| (tag.clone(), codec, r)));
    }
    eprintln!(
        "produced {} sets ({} records) at Produce v0-v2: magic 0 and 1, every legacy codec",
        sets.len(),
        sent.len()
    );

    let fetch_versions = versions_in::<FetchRequest>(&mut c, Release::Older);
    assert_eq!(
        fetch_versions.first(),
        Some(&0),
        "the broker offers Fetch v0"
    );
    for version in fetch_versions {
        let fetched = fetch_all(&mut c, &topic, id, version, sent.len());
        assert_eq!(
            fetched.len(),
            sent.len(),
            "Fetch v{version}: the record count"
        );
        let magic = magic_of_fetch(version);
        for (n, (got, (tag, codec, want))) in fetched.iter().zip(&sent).enumerate() {
            let what = format!("Fetch v{version}: record {n} ({tag})");
            assert_eq!(got.offset, n as i64, "{what}: offset");
            assert_eq!(got.magic, magic, "{what}: the batch's magic");
            assert_eq!(got.codec, *codec, "{what}: the batch keeps its codec");
            // Magic 0 has no timestamp: the crate reads one as NO_TIMESTAMP.
            let timestamp = if magic == 0 {
                NO_TIMESTAMP
            } else {
                want.timestamp
            };
            assert_eq!(
                got.record,
                Expected {
                    timestamp,
                    ..want.clone()
                },
                "{what}"
            );
        }
        eprintln!(
            "Fetch v{version}: {} records read back, magic {magic}",
            fetched.len()
        );
    }
}

// ---------------------------------------------------------------- OffsetCommit and OffsetFetch

/// Waits until the broker is the coordinator of `group` (FindCoordinator v0),
/// which also has it create the offsets topic.
fn coordinator_ready(c: &mut Client, group: &str) {
    advertised::<FindCoordinatorRequest>(c, 0);
    let request = FindCoordinatorRequest {
        key: group.into(),
        ..Default::default()
    };
    let found = eventually(30, || send(c, &request, 0), |r| r.error_code == 0);
    ok(
        found.error_code,
        &format!("FindCoordinator v0 {group} after 30 s"),
    );
    assert_eq!(
        found.port,
        KAFKA39.port(),
        "FindCoordinator v0: the broker itself"
    );
}

/// Whether `code` is an error a client retries while the coordinator loads.
fn coordinator_busy(code: i16) -> bool {
    matches!(
        error(code),
        ErrorCode::CoordinatorLoadInProgress
            | ErrorCode::CoordinatorNotAvailable
            | ErrorCode::NotCoordinator
    )
}

/// Commits `offsets` (partition, offset, commit timestamp, metadata) of
/// `topic` for `group` at `version`, as a simple commit (no generation, no
/// member); returns each partition's (index, error) by index, retrying while
/// the coordinator is busy.
fn commit(
    c: &mut Client,
    version: i16,
    group: &str,
    topic: &str,
    offsets: &[(i32, i64, i64, Option<&str>)],
) -> Vec<(i32, ErrorCode)> {
    let request = OffsetCommitRequest {
        group_id: group.into(),
        generation_id_or_member_epoch: -1,
        member_id: "".into(),
        topics: vec![OffsetCommitRequestTopic {
            name: topic.into(),
            partitions: offsets
                .iter()
                .map(
                    |&(partition, offset, timestamp, metadata)| OffsetCommitRequestPartition {
                        partition_index: partition,
                        committed_offset: offset,
                        commit_timestamp: timestamp,
                        committed_metadata: metadata.map(Into::into),
                        ..Default::default()
                    },
                )
                .collect(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let busy = |r: &OffsetCommitResponse| {
        r.topics
            .iter()
            .flat_map(|t| &t.partitions)
            .any(|p| coordinator_busy(p.error_code))
    };
    let response = eventually(30, || send(c, &request, version), |r| !busy(r));
    assert_eq!(
        response.topics.len(),
        1,
        "OffsetCommit v{version}: one topic"
    );
    assert_eq!(
        response.topics[0].name, topic,
        "OffsetCommit v{version}: the topic"
    );
    let mut answers: Vec<_> = response.topics[0]
        .partitions
        .iter()
        .map(|p| (p.partition_index, error(p.error_code)))
        .collect();
    answers.sort_by_key(|a| a.0);
    answers
}

/// The offsets of `group` for partitions 0 and 1 of `topic`, fetched at
/// `version`: each partition's (index, offset, metadata, error), by index.
fn fetch_offsets(
    c: &mut Client,
    version: i16,
    group: &str,
    topic: &str,
) -> Vec<(i32, i64, Option<String>, ErrorCode)> {
    let request = OffsetFetchRequest {
        group_id: group.into(),
        topics: Some(vec![OffsetFetchRequestTopic {
            name: topic.into(),
            partition_indexes: vec![0, 1],
            ..Default::default()
        }]),
        ..Default::default()
    };
    let response = send(c, &request, version);
    assert_eq!(
        response.topics.len(),
        1,
        "OffsetFetch v{version}: one topic"
    );
    assert_eq!(
        response.topics[0].name, topic,
        "OffsetFetch v{version}: the topic"
    );
    let mut answers: Vec<_> = response.topics[0]
        .partitions
        .iter()
        .map(|p| {
            (
                p.partition_index,
                p.committed_offset,
                p.metadata.as_deref().map(str::to_owned),
                error(p.error_code),
            )
        })
        .collect();
    answers.sort_by_key(|a| a.0);
    answers
}

/// Milliseconds since the epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[test]
#[ignore = "needs a Kafka 3.9.1 broker: KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start"]
fn offset_commit_v1_with_a_commit_timestamp_and_offset_fetch_v1_round_trip_a_simple_commit() {
    let mut c = client();
    advertised::<OffsetCommitRequest>(&mut c, 1);
    advertised::<OffsetFetchRequest>(&mut c, 1);
    let topic = unique("commit39");
    create_topic(&mut c, &topic, 2);
    let group = unique("group39-v1");
    coordinator_ready(&mut c, &group);

    // Partition 0 with a commit timestamp and metadata; partition 1 with -1
    // (the broker's clock) and null metadata.
    let committed = commit(
        &mut c,
        1,
        &group,
        &topic,
        &[(0, 42, now_ms(), Some("meta-v1")), (1, 7, -1, None)],
    );
    assert_eq!(
        committed,
        [(0, ErrorCode::None), (1, ErrorCode::None)],
        "OffsetCommit v1 {group}"
    );
    let fetched = fetch_offsets(&mut c, 1, &group, &topic);
    assert_eq!(
        fetched,
        [
            (0, 42, Some("meta-v1".to_owned()), ErrorCode::None),
            // A null metadata is stored, and answered, as "".
            (1, 7, Some(String::new()), ErrorCode::None),
        ],
        "OffsetFetch v1 {group}"
    );
    eprintln!("OffsetCommit v1 and OffsetFetch v1: {group} committed and read back");
}

#[test]
#[ignore = "needs a Kafka 3.9.1 broker: KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start"]
fn offset_commit_and_offset_fetch_v0_are_advertised_but_answer_unsupported_version_per_partition() {
    // Version 0 keeps offsets in ZooKeeper, which a KRaft broker has not:
    // it advertises v0 and answers every partition UNSUPPORTED_VERSION.
    let mut c = client();
    advertised::<OffsetCommitRequest>(&mut c, 0);
    advertised::<OffsetFetchRequest>(&mut c, 0);
    let topic = unique("commit39");
    create_topic(&mut c, &topic, 2);
    let group = unique("group39-v0");
    coordinator_ready(&mut c, &group);

    let committed = commit(
        &mut c,
        0,
        &group,
        &topic,
        &[(0, 42, -1, Some("meta-v0")), (1, 7, -1, None)],
    );
    assert_eq!(
        committed,
        [
            (0, ErrorCode::UnsupportedVersion),
            (1, ErrorCode::UnsupportedVersion)
        ],
        "OffsetCommit v0 {group}"
    );

    // What v1 committed is not visible through v0 either.
    let committed = commit(
        &mut c,
        1,
        &group,
        &topic,
        &[(0, 42, -1, None), (1, 7, -1, None)],
    );
    assert_eq!(
        committed,
        [(0, ErrorCode::None), (1, ErrorCode::None)],
        "OffsetCommit v1 {group}"
    );
    let fetched = fetch_offsets(&mut c, 0, &group, &topic);
    assert_eq!(
        fetched,
        [
            (0, -1, Some(String::new()), ErrorCode::UnsupportedVersion),
            (1, -1, Some(String::new()), ErrorCode::UnsupportedVersion),
        ],
        "OffsetFetch v0 {group}"
    );
    eprintln!("OffsetCommit v0 and OffsetFetch v0: UNSUPPORTED_VERSION for every partition");
}

// ---------------------------------------------------------------- ListOffsets

fn list_offsets_v0(c: &mut Client, topic: &str, timestamp: i64, max: i32) -> Vec<i64> {
    let request = ListOffsetsRequest {
        replica_id: -1,
        topics: vec![ListOffsetsTopic {
            name: topic.into(),
            partitions: vec![ListOffsetsPartition {
                partition_index: 0,
                timestamp,
                max_num_offsets: max,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let response = send(c, &request, 0);
    let what = format!("ListOffsets v0 {topic} at {timestamp}");
    assert_eq!(response.topics.len(), 1, "{what}: one topic");
    assert_eq!(response.topics[0].name, topic, "{what}: the topic");
    let p = &response.topics[0].partitions[0];
    assert_eq!(p.partition_index, 0, "{what}: the partition");
    ok(p.error_code, &what);
    p.old_style_offsets.clone()
}

#[test]
#[ignore = "needs a Kafka 3.9.1 broker: KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 bash scripts/kafka-broker.sh start"]
fn list_offsets_v0_answers_old_style_offsets_for_latest_and_earliest() {
    let mut c = client();
    advertised::<ListOffsetsRequest>(&mut c, 0);
    let topic = unique("offsets39");
    create_topic(&mut c, &topic, 1);

    assert_eq!(
        list_offsets_v0(&mut c, &topic, -1, 1),
        [0],
        "latest of an empty partition"
    );
    let records = records_of(0, "offsets", 1);
    produce(
        &mut c,
        &topic,
        2,
        message_set(1, Compression::None, &records),
        "5 records",
    );
    let end = records.len() as i64;

    assert_eq!(
        list_offsets_v0(&mut c, &topic, -1, 1),
        [end],
        "latest, one offset"
    );
    // More offsets than one: the end, then each segment's base (one segment).
    assert_eq!(
        list_offsets_v0(&mut c, &topic, -1, 10),
        [end, 0],
        "latest, up to 10 offsets"
    );
    assert_eq!(list_offsets_v0(&mut c, &topic, -2, 10), [0], "earliest");
    eprintln!("ListOffsets v0 {topic}: latest {end}, earliest 0");
}
