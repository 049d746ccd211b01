//! The dump, run on log segments built here: batches of Kafka's own records
//! (encoded by `kafka_messages::internal`) written by `RecordBatchBuilder`,
//! then dumped from memory as a file is dumped.

use std::io::Cursor;

use bytes::Bytes;
use kafka_messages::consumer_protocol_assignment::TopicPartition;
use kafka_messages::internal::{
    GroupCoordinatorKey, GroupCoordinatorRecord, GroupCoordinatorValue, GroupMetadataKey,
    GroupMetadataValue, MetadataRecord, OffsetCommitKey, OffsetCommitValue, ShareCoordinatorKey,
    ShareCoordinatorRecord, ShareCoordinatorValue, ShareSnapshotKey, ShareSnapshotValue,
    TopicRecord, TransactionCoordinatorKey, TransactionCoordinatorRecord,
    TransactionCoordinatorValue, TransactionLogKey, TransactionLogValue,
};
use kafka_messages::{
    ConsumerProtocolAssignment, ConsumerProtocolSubscription, LeaderChangeMessage,
};
use kafka_wire::records::{
    Compression, ControlRecordType, EndTxnMarker, LegacyRecordsBuilder, NewRecord,
    RecordBatchBuilder, RecordsErrorKind,
};
use kafka_wire::{DecodeErrorKind, Uuid, Versioned};
use kafka_wire_dump::{
    Contents, Decoder, Dump, ErrorKind, Format, Options, Problem, ProblemKind, RecordError, Summary,
};

const T0: i64 = 1_700_000_000_000;

/// What a dump printed and reported.
struct Dumped {
    out: String,
    problems: Vec<Problem>,
    summary: Summary,
}

fn dump_with(segment: &[u8], options: Options) -> Dumped {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut positions = Vec::new();
    let summary = Dump::new(options)
        .on_problem(|p| problems.push(p))
        .on_progress(|position, _| positions.push(position))
        .segment(
            "/data/00000000000000000000.log",
            Cursor::new(segment),
            &mut out,
        )
        .unwrap();
    // Progress is told after every batch, and ends at the segment's end or
    // where reading stopped.
    assert!(positions.windows(2).all(|w| w[0] <= w[1]), "{positions:?}");
    assert_eq!(
        positions.last().copied().unwrap_or(0),
        segment.len() as u64 - summary.trailing_bytes
    );
    assert_eq!(summary.problems, problems.len() as u64);
    Dumped {
        out: String::from_utf8(out).unwrap(),
        problems,
        summary,
    }
}

fn dump(segment: &[u8], decoder: Decoder) -> Dumped {
    dump_with(
        segment,
        Options {
            decoder,
            ..Options::default()
        },
    )
}

/// One batch at `base_offset` of `(key, value)` records, one millisecond
/// apart from `T0`.
/// A record's key and value, `None` for null.
type KeyValue<'a> = (Option<&'a [u8]>, Option<&'a [u8]>);

fn batch(base_offset: i64, records: &[KeyValue<'_>]) -> Vec<u8> {
    let mut builder = RecordBatchBuilder::new().base_offset(base_offset);
    for (i, (key, value)) in records.iter().enumerate() {
        builder
            .append(NewRecord {
                timestamp: T0 + i as i64,
                key: *key,
                value: *value,
                headers: &[],
            })
            .unwrap();
    }
    builder.build().unwrap().as_bytes().to_vec()
}

fn lines(out: &str) -> Vec<&str> {
    out.lines().collect()
}

fn offset_commit(group: &str, partition: i32, offset: i64) -> (Vec<u8>, Option<Vec<u8>>) {
    GroupCoordinatorRecord {
        key: GroupCoordinatorKey::OffsetCommit(OffsetCommitKey {
            group: group.into(),
            topic: "orders".into(),
            partition,
        }),
        value: Some((
            3,
            GroupCoordinatorValue::OffsetCommit(OffsetCommitValue {
                offset,
                leader_epoch: 7,
                metadata: "".into(),
                commit_timestamp: T0,
                ..Default::default()
            }),
        )),
    }
    .encode()
    .unwrap()
}

#[test]
fn offsets_decoder_prints_kafka_s_lines() {
    let (key, value) = offset_commit("billing", 3, 42);
    let tombstone = GroupCoordinatorRecord {
        key: GroupCoordinatorKey::OffsetCommit(OffsetCommitKey {
            group: "billing".into(),
            topic: "orders".into(),
            partition: 4,
        }),
        value: None,
    }
    .encode()
    .unwrap()
    .0;
    let segment = batch(
        0,
        &[(Some(&key), value.as_deref()), (Some(&tombstone), None)],
    );
    let d = dump(&segment, Decoder::Offsets);
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    let lines = lines(&d.out);
    assert_eq!(lines.len(), 3, "{}", d.out);
    assert!(
        lines[0].starts_with(
            "baseOffset: 0 lastOffset: 1 count: 2 baseSequence: -1 lastSequence: -1 producerId: -1 \
             producerEpoch: -1 partitionLeaderEpoch: -1 isTransactional: false isControl: false \
             deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000001 size: "
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains(&format!(
            " size: {} magic: 2 compresscodec: none crc: ",
            segment.len()
        )),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" isvalid: true"), "{}", lines[0]);
    assert_eq!(
        lines[1],
        format!(
            "| offset: 0 CreateTime: 1700000000000 keySize: {} valueSize: {} sequence: -1 headerKeys: [] \
             key: {{\"type\":\"1\",\"data\":{{\"group\":\"billing\",\"topic\":\"orders\",\"partition\":3}}}} \
             payload: {{\"version\":\"3\",\"data\":{{\"offset\":42,\"leaderEpoch\":7,\"metadata\":\"\",\
             \"commitTimestamp\":1700000000000}}}}",
            key.len(),
            value.as_ref().unwrap().len()
        )
    );
    assert_eq!(
        lines[2],
        format!(
            "| offset: 1 CreateTime: 1700000000001 keySize: {} valueSize: -1 sequence: -1 headerKeys: [] \
             key: {{\"type\":\"1\",\"data\":{{\"group\":\"billing\",\"topic\":\"orders\",\"partition\":4}}}} \
             payload: <DELETE>",
            tombstone.len()
        )
    );
}

#[test]
fn a_consumer_group_s_members_print_their_subscriptions_and_assignments() {
    let mut subscription = 1i16.to_be_bytes().to_vec();
    ConsumerProtocolSubscription {
        topics: vec!["orders".into()],
        ..Default::default()
    }
    .encode(&mut subscription, 1)
    .unwrap();
    let mut assignment = 0i16.to_be_bytes().to_vec();
    ConsumerProtocolAssignment {
        assigned_partitions: vec![TopicPartition {
            topic: "orders".into(),
            partitions: vec![0, 1],
        }],
        ..Default::default()
    }
    .encode(&mut assignment, 0)
    .unwrap();
    let member = |id: &str, subscription: &[u8]| {
        kafka_messages::internal::group_metadata_value::MemberMetadata {
            member_id: id.into(),
            client_id: "client".into(),
            client_host: "/10.0.0.1".into(),
            rebalance_timeout: 300_000,
            session_timeout: 45_000,
            subscription: Bytes::copy_from_slice(subscription),
            assignment: Bytes::copy_from_slice(&assignment),
            ..Default::default()
        }
    };
    let (key, value) = GroupCoordinatorRecord {
        key: GroupCoordinatorKey::GroupMetadata(GroupMetadataKey {
            group: "billing".into(),
        }),
        value: Some((
            3,
            GroupCoordinatorValue::GroupMetadata(GroupMetadataValue {
                protocol_type: "consumer".into(),
                generation: 5,
                protocol: Some("range".into()),
                leader: Some("m-1".into()),
                current_state_timestamp: T0,
                // The second member's subscription does not read (too short):
                // Kafka keeps its base64.
                members: vec![member("m-1", &subscription), member("m-2", &[0])],
                ..Default::default()
            }),
        )),
    }
    .encode()
    .unwrap();
    let d = dump(
        &batch(0, &[(Some(&key), value.as_deref())]),
        Decoder::Offsets,
    );
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    let record = lines(&d.out)[1];
    let payload = record.split_once(" payload: ").unwrap().1;
    assert_eq!(
        payload,
        "{\"version\":\"3\",\"data\":{\"protocolType\":\"consumer\",\"generation\":5,\"protocol\":\"range\",\
         \"leader\":\"m-1\",\"currentStateTimestamp\":1700000000000,\"members\":[\
         {\"memberId\":\"m-1\",\"groupInstanceId\":null,\"clientId\":\"client\",\"clientHost\":\"/10.0.0.1\",\
         \"rebalanceTimeout\":300000,\"sessionTimeout\":45000,\
         \"subscription\":{\"topics\":[\"orders\"],\"userData\":null,\"ownedPartitions\":[]},\
         \"assignment\":{\"assignedPartitions\":[{\"topic\":\"orders\",\"partitions\":[0,1]}],\"userData\":null}},\
         {\"memberId\":\"m-2\",\"groupInstanceId\":null,\"clientId\":\"client\",\"clientHost\":\"/10.0.0.1\",\
         \"rebalanceTimeout\":300000,\"sessionTimeout\":45000,\"subscription\":\"AA==\",\
         \"assignment\":{\"assignedPartitions\":[{\"topic\":\"orders\",\"partitions\":[0,1]}],\"userData\":null}}]}}"
    );
}

#[test]
fn transaction_log_decoder_names_the_status() {
    let (key, value) = TransactionCoordinatorRecord {
        key: TransactionCoordinatorKey::TransactionLog(TransactionLogKey {
            transactional_id: "tx-1".into(),
        }),
        value: Some((
            0,
            TransactionCoordinatorValue::TransactionLog(TransactionLogValue {
                producer_id: 4000,
                producer_epoch: 2,
                transaction_timeout_ms: 60_000,
                transaction_status: 4,
                transaction_partitions: Some(vec![]),
                transaction_last_update_timestamp_ms: T0,
                transaction_start_timestamp_ms: T0 - 5,
                ..Default::default()
            }),
        )),
    }
    .encode()
    .unwrap();
    let d = dump(
        &batch(7, &[(Some(&key), value.as_deref())]),
        Decoder::TransactionLog,
    );
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    let record = lines(&d.out)[1];
    assert!(
        record.ends_with(
            " key: {\"type\":\"0\",\"data\":{\"transactionalId\":\"tx-1\"}} \
             payload: {\"version\":\"0\",\"data\":{\"producerId\":4000,\"producerEpoch\":2,\
             \"transactionTimeoutMs\":60000,\"transactionStatus\":\"CompleteCommit\",\
             \"transactionPartitions\":[],\"transactionLastUpdateTimestampMs\":1700000000000,\
             \"transactionStartTimestampMs\":1699999999995}}"
        ),
        "{record}"
    );
    // Offsets from 7: Kafka counts from -1.
    assert_eq!(d.summary.gaps.pairs, [(-1, 7)]);
}

#[test]
fn share_group_state_decoder_prints_snapshots() {
    let topic_id = Uuid::from_bytes([7; 16]); // "BwcHBwcHBwcHBwcHBwcHBw" in Kafka's JSON
    let (key, value) = ShareCoordinatorRecord {
        key: ShareCoordinatorKey::ShareSnapshot(ShareSnapshotKey {
            group_id: "sg".into(),
            topic_id,
            partition: 0,
        }),
        value: Some((
            0,
            ShareCoordinatorValue::ShareSnapshot(ShareSnapshotValue {
                snapshot_epoch: 1,
                state_epoch: 2,
                leader_epoch: 3,
                start_offset: 100,
                create_timestamp: T0,
                write_timestamp: T0,
                ..Default::default()
            }),
        )),
    }
    .encode()
    .unwrap();
    let d = dump(
        &batch(0, &[(Some(&key), value.as_deref())]),
        Decoder::ShareGroupState,
    );
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    let record = lines(&d.out)[1];
    let key_json = record
        .split_once(" key: ")
        .unwrap()
        .1
        .split_once(" payload: ")
        .unwrap();
    assert_eq!(
        key_json.0,
        "{\"type\":\"0\",\"data\":{\"groupId\":\"sg\",\"topicId\":\"BwcHBwcHBwcHBwcHBwcHBw\",\"partition\":0}}"
    );
    assert!(
        key_json.1.starts_with("{\"version\":\"0\",\"data\":{\"snapshotEpoch\":1,\"stateEpoch\":2,\"leaderEpoch\":3,\"startOffset\":100,"),
        "{}",
        key_json.1
    );
}

#[test]
fn cluster_metadata_decoder_prints_type_version_and_data() {
    let topic_id = Uuid::from_bytes([1; 16]); // "AQEBAQEBAQEBAQEBAQEBAQ" in Kafka's JSON
    let value = MetadataRecord::Topic(TopicRecord {
        name: "orders".into(),
        topic_id,
        ..Default::default()
    })
    .encode(0)
    .unwrap();
    let d = dump(&batch(0, &[(None, Some(&value))]), Decoder::ClusterMetadata);
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    assert_eq!(
        lines(&d.out)[1],
        format!(
            "| offset: 0 CreateTime: 1700000000000 keySize: -1 valueSize: {} sequence: -1 headerKeys: [] \
             payload: {{\"type\":\"TOPIC_RECORD\",\"version\":0,\"data\":{{\"name\":\"orders\",\"topicId\":\"AQEBAQEBAQEBAQEBAQEBAQ\"}}}}",
            value.len()
        )
    );
    // An API key Kafka does not define, and trailing bytes: Kafka's words.
    let unknown = [1u8, 99, 0];
    let mut garbage = value.clone();
    garbage.push(0);
    let d = dump(
        &batch(1, &[(None, Some(&unknown)), (None, Some(&garbage))]),
        Decoder::ClusterMetadata,
    );
    let lines = lines(&d.out);
    assert!(
        lines[1].ends_with(
            " payload: Error at 1, skipping. \
             org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id 99"
        ),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with(" payload: Error at 2, skipping. Found 1 byte(s) of garbage after 2"),
        "{}",
        lines[2]
    );
    assert_eq!(d.problems.len(), 2);
    assert!(matches!(
        &d.problems[0].kind,
        ProblemKind::Record { offset: 1, error: RecordError::Value(e) }
            if matches!(e.kind(), DecodeErrorKind::UnknownRecordType(99))
    ));
}

#[test]
fn control_batches_print_markers_and_kraft_records() {
    let mut markers = RecordBatchBuilder::new()
        .base_offset(10)
        .producer(4000, 1, -1)
        .transactional(true)
        .control(true);
    markers
        .append_end_txn_marker(
            T0,
            ControlRecordType::Commit,
            EndTxnMarker {
                coordinator_epoch: 5,
            },
        )
        .unwrap();
    let markers = markers.build().unwrap();
    // A leader change as Kafka's MemoryRecordsBuilder writes it: the message
    // at version 0, unprefixed.
    let change = LeaderChangeMessage {
        version: 0,
        leader_id: 1,
        voters: vec![kafka_messages::leader_change_message::Voter {
            voter_id: 1,
            ..Default::default()
        }],
        granting_voters: vec![],
        ..Default::default()
    };
    let mut kraft = RecordBatchBuilder::new()
        .base_offset(11)
        .partition_leader_epoch(3)
        .control(true);
    kraft
        .append_control(
            T0,
            ControlRecordType::LeaderChange,
            &change.encode_to_vec(0).unwrap(),
        )
        .unwrap();
    kraft
        .append_control(T0, ControlRecordType::Unknown(9), &[0, 0])
        .unwrap();
    let kraft = kraft.build().unwrap();
    let segment = [markers.as_bytes().to_vec(), kraft.as_bytes().to_vec()].concat();

    let d = dump(&segment, Decoder::ClusterMetadata);
    let lines = lines(&d.out);
    assert_eq!(lines.len(), 5, "{}", d.out);
    assert!(
        lines[0].contains(" producerId: 4000 producerEpoch: 1 "),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains(" isTransactional: true isControl: true "),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "| offset: 10 CreateTime: 1700000000000 keySize: 4 valueSize: 6 sequence: -1 headerKeys: [] \
         endTxnMarker: COMMIT coordinatorEpoch: 5"
    );
    assert!(
        lines[2].contains(" partitionLeaderEpoch: 3 "),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].ends_with(
            " LeaderChange: {\"version\":0,\"leaderId\":1,\"voters\":[{\"voterId\":1}],\"grantingVoters\":[]}"
        ),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].ends_with(" controlType: UNKNOWN(9)"),
        "{}",
        lines[4]
    );
    // The unknown control type is reported.
    assert_eq!(d.problems.len(), 1, "{:?}", d.problems);
    assert_eq!(d.problems[0].position, markers.as_bytes().len() as u64);
}

#[test]
fn json_format_writes_one_object_per_record() {
    let (key, value) = offset_commit("billing", 3, 42);
    let segment = [
        batch(0, &[(Some(&key), value.as_deref())]),
        batch(1, &[(Some(&[0, 99, 0]), None), (Some(&key), None)]),
    ]
    .concat();
    let d = dump_with(
        &segment,
        Options {
            decoder: Decoder::Offsets,
            format: Format::Json,
            ..Options::default()
        },
    );
    let objects: Vec<serde_json::Value> = d
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(objects.len(), 3);
    let first = &objects[0];
    assert_eq!(first["file"], "/data/00000000000000000000.log");
    assert_eq!(first["position"], 0);
    assert_eq!(first["batch"]["baseOffset"], 0);
    assert_eq!(first["batch"]["isValid"], true);
    assert_eq!(first["batch"]["deleteHorizonMs"], serde_json::Value::Null);
    assert_eq!(first["offset"], 0);
    assert_eq!(first["key"]["type"], "1");
    assert_eq!(first["key"]["data"]["group"], "billing");
    assert_eq!(first["value"]["version"], "3");
    assert_eq!(first["value"]["data"]["offset"], 42);
    // An unknown record type: no key, an error.
    assert_eq!(objects[1]["key"], serde_json::Value::Null);
    assert_eq!(objects[1]["error"], "key: unknown record type 99");
    assert_eq!(objects[1]["batch"]["count"], 2);
    // A tombstone: the value is null.
    assert_eq!(objects[2]["value"], serde_json::Value::Null);
    assert_eq!(objects[2]["key"]["data"]["partition"], 3);
    assert!(objects[2].get("error").is_none());
    assert_eq!(d.problems.len(), 1);
}

#[test]
fn a_corrupt_batch_is_reported_and_the_next_one_read() {
    let (key, value) = offset_commit("billing", 3, 42);
    let one = batch(0, &[(Some(&key), value.as_deref())]);
    let mut two = batch(1, &[(Some(&key), value.as_deref())]);
    // A bit of the value's offset flipped: the CRC-32C no longer matches.
    let at = two.len() - 20;
    two[at] ^= 0x01;
    let three = batch(2, &[(Some(&key), value.as_deref())]);
    let segment = [one.clone(), two, three].concat();
    let d = dump(&segment, Decoder::Offsets);
    assert_eq!(d.problems.len(), 1, "{:?}", d.problems);
    let problem = &d.problems[0];
    assert_eq!(problem.position, one.len() as u64);
    assert!(
        matches!(&problem.kind, ProblemKind::Batch(e) if matches!(e.kind(), RecordsErrorKind::CrcMismatch { .. })),
        "{problem}"
    );
    assert!(
        problem
            .to_string()
            .starts_with(&format!("at byte {}: ", one.len())),
        "{problem}"
    );
    let lines = lines(&d.out);
    assert_eq!(lines.len(), 6, "{}", d.out);
    assert!(lines[2].ends_with(" isvalid: false"), "{}", lines[2]);
    // Its records are still printed, as Kafka prints them; the next batch is read.
    assert!(lines[3].starts_with("| offset: 1 "), "{}", lines[3]);
    assert!(lines[4].starts_with("baseOffset: 2 "), "{}", lines[4]);
    assert!(lines[4].ends_with(" isvalid: true"), "{}", lines[4]);
    assert_eq!(d.summary.batches, 3);
}

#[test]
fn a_truncated_tail_ends_the_file_with_a_message() {
    let (key, value) = offset_commit("billing", 3, 42);
    let one = batch(0, &[(Some(&key), value.as_deref())]);
    let two = batch(1, &[(Some(&key), value.as_deref())]);
    let cut = two.len() - 10;
    let segment = [one.clone(), two[..cut].to_vec()].concat();
    let d = dump(&segment, Decoder::Offsets);
    assert_eq!(d.summary.trailing_bytes, cut as u64);
    assert!(
        d.out.ends_with(&format!(
            "Found {cut} invalid bytes at the end of 00000000000000000000.log\n"
        )),
        "{}",
        d.out
    );
    assert_eq!(d.problems.len(), 1);
    assert_eq!(d.problems[0].position, one.len() as u64);
    assert!(matches!(
        d.problems[0].kind,
        ProblemKind::TruncatedBatch { size, remaining } if size == two.len() as u64 && remaining == cut as u64
    ));
    // Fewer bytes than a batch's offset and length.
    let d = dump(&[one.clone(), vec![0; 5]].concat(), Decoder::Offsets);
    assert!(matches!(
        d.problems[0].kind,
        ProblemKind::TruncatedFrame { remaining: 5 }
    ));
    // A length below any entry's: the framing is lost, reading stops.
    let mut bad = two.clone();
    bad[8..12].copy_from_slice(&3i32.to_be_bytes());
    let d = dump(&[one.clone(), bad, one.clone()].concat(), Decoder::Offsets);
    assert!(matches!(
        d.problems[0].kind,
        ProblemKind::InvalidLength { length: 3 }
    ));
    assert_eq!(d.summary.batches, 1);
}

#[test]
fn a_file_is_headed_by_its_path_and_what_its_name_says() {
    let (key, value) = offset_commit("billing", 3, 42);
    let dir = std::env::temp_dir().join(format!("kafka-wire-dump-segments-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("00000000000000000007.log");
    std::fs::write(&path, batch(7, &[(Some(&key), value.as_deref())])).unwrap();
    let path = path.display().to_string();
    let mut out = Vec::new();
    let options = Options {
        decoder: Decoder::Offsets,
        ..Options::default()
    };
    let summary = Dump::new(options)
        .on_problem(|p| panic!("{p}"))
        .file(&path, &mut out)
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let out = String::from_utf8(out).unwrap();
    let from_memory = dump(
        &batch(7, &[(Some(&key), value.as_deref())]),
        Decoder::Offsets,
    )
    .out;
    assert_eq!(
        out,
        format!("Dumping {path}\nLog starting offset: 7\n{from_memory}")
    );
    assert_eq!(summary.records, 1);
    // A file that is not there is an error that names it, after its heading.
    let mut out = Vec::new();
    let missing = Dump::new(options)
        .file("/nowhere/0.log", &mut out)
        .unwrap_err();
    assert_eq!(missing.file(), "/nowhere/0.log");
    assert_eq!(missing.position(), None);
    assert_eq!(missing.kind(), ErrorKind::Read);
    assert_eq!(missing.io_error().kind(), std::io::ErrorKind::NotFound);
    assert!(
        missing.to_string().starts_with("/nowhere/0.log: "),
        "{missing}"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "Dumping /nowhere/0.log\nLog starting offset: 0\n"
    );
}

#[test]
fn a_batch_over_the_limit_is_skipped() {
    let (key, value) = offset_commit("billing", 3, 42);
    let small = batch(0, &[(Some(&key), value.as_deref())]);
    let large_value = vec![b'x'; 500];
    let large = batch(1, &[(Some(b"k"), Some(&large_value))]);
    let segment = [small.clone(), large.clone(), small.clone()].concat();
    let d = dump_with(
        &segment,
        Options {
            max_batch_bytes: 200,
            ..Options::default()
        },
    );
    assert_eq!(d.problems.len(), 1, "{:?}", d.problems);
    assert_eq!(d.problems[0].position, small.len() as u64);
    assert!(matches!(
        d.problems[0].kind,
        ProblemKind::BatchTooLarge { size, max: 200 } if size == large.len() as u64
    ));
    assert!(d.problems[0].to_string().contains("over the limit of 200"));
    // The batch after it is read.
    assert_eq!(lines(&d.out).len(), 4, "{}", d.out);
    assert_eq!(d.summary.batches, 3);
    assert_eq!(d.summary.trailing_bytes, 0);
}

#[test]
fn an_unknown_record_type_or_version_is_reported_in_kafka_s_words() {
    let (key, value) = offset_commit("billing", 3, 42);
    let mut unknown_type = key.clone();
    unknown_type[..2].copy_from_slice(&99i16.to_be_bytes());
    let mut future_version = value.clone().unwrap();
    future_version[..2].copy_from_slice(&9i16.to_be_bytes());
    let segment = batch(
        0,
        &[
            (Some(&unknown_type), value.as_deref()),
            (Some(&key), Some(&future_version)),
            (None, value.as_deref()),
        ],
    );
    let d = dump(&segment, Decoder::Offsets);
    let lines = lines(&d.out);
    assert!(
        lines[1].ends_with(" key: Unknown record type 99 at offset 0, skipping."),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with(
            " key: Error at offset 1, skipping. Found an unknown record version 9 for 1 type"
        ),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].ends_with(
            " key: Failed to decode message at offset 2 using the specified decoder (message had a missing key)"
        ),
        "{}",
        lines[3]
    );
    assert_eq!(d.problems.len(), 3);
    assert!(matches!(
        &d.problems[1].kind,
        ProblemKind::Record { offset: 1, error: RecordError::Value(e) }
            if matches!(e.kind(), DecodeErrorKind::UnsupportedVersion { version: 9, .. })
    ));
    assert!(matches!(
        d.problems[2].kind,
        ProblemKind::Record {
            offset: 2,
            error: RecordError::MissingKey
        }
    ));
}

#[test]
fn without_a_decoder_records_print_their_sizes_text_or_hex() {
    let segment = batch(0, &[(Some(b"k1"), Some(b"caf\xc3\xa9")), (None, None)]);
    let d = dump(&segment, Decoder::Raw(Contents::Sizes));
    assert_eq!(
        lines(&d.out)[1],
        "| offset: 0 CreateTime: 1700000000000 keySize: 2 valueSize: 5 sequence: -1 headerKeys: []"
    );
    let d = dump(&segment, Decoder::Raw(Contents::Text));
    assert!(
        lines(&d.out)[1].ends_with(" key: k1 payload: café"),
        "{}",
        d.out
    );
    assert!(lines(&d.out)[2].ends_with("headerKeys: []"), "{}", d.out);
    let d = dump(&segment, Decoder::Raw(Contents::Hex));
    assert!(
        lines(&d.out)[1].ends_with(" key: 6b31 payload: 636166c3a9"),
        "{}",
        d.out
    );
    assert!(d.problems.is_empty());
}

#[test]
fn legacy_and_compressed_batches_are_read() {
    let mut legacy = LegacyRecordsBuilder::v1().base_offset(0);
    legacy
        .append(NewRecord::new(T0).key(b"k").value(b"v"))
        .unwrap();
    let legacy = legacy.build().unwrap().0.to_vec();
    let mut gzip = RecordBatchBuilder::new()
        .base_offset(1)
        .compression(Compression::Gzip);
    gzip.append(NewRecord::new(T0).key(b"k").value(b"zipped"))
        .unwrap();
    let gzip = gzip.build().unwrap().as_bytes().to_vec();
    let d = dump(
        &[legacy.clone(), gzip].concat(),
        Decoder::Raw(Contents::Text),
    );
    assert!(d.problems.is_empty(), "{:?}", d.problems);
    let lines = lines(&d.out);
    assert!(
        lines[0].starts_with(&format!(
            "offset: 0 position: 0 CreateTime: 1700000000000 size: {} magic: 1 compresscodec: none crc: ",
            legacy.len()
        )),
        "{}",
        lines[0]
    );
    let crc = u32::from_be_bytes(legacy[12..16].try_into().unwrap());
    assert_eq!(
        lines[1],
        format!("| offset: 0 CreateTime: 1700000000000 keySize: 1 valueSize: 1 isValid: true crc: {crc} key: k payload: v")
    );
    assert!(lines[2].contains(" compresscodec: gzip "), "{}", lines[2]);
    assert!(
        lines[3].ends_with(" key: k payload: zipped"),
        "{}",
        lines[3]
    );
}

#[test]
fn what_kafka_reads_leniently_is_printed_as_kafka_prints_it_and_reported() {
    // Bytes after an offset commit's value: Kafka reads the fields and
    // ignores them.
    let (key, value) = offset_commit("billing", 3, 42);
    let mut longer = value.clone().unwrap();
    longer.push(0);
    // A topic record whose frame says version 5, past the schema's 0: Kafka
    // reads it as the latest version.
    let topic = MetadataRecord::Topic(TopicRecord {
        name: "orders".into(),
        ..Default::default()
    })
    .encode(0)
    .unwrap();
    let mut future = vec![1u8, 2, 5];
    future.extend_from_slice(&topic[3..]);
    let d = dump(&batch(0, &[(Some(&key), Some(&longer))]), Decoder::Offsets);
    assert!(
        lines(&d.out)[1].ends_with(
            " payload: {\"version\":\"3\",\"data\":{\"offset\":42,\"leaderEpoch\":7,\"metadata\":\"\",\
             \"commitTimestamp\":1700000000000}}"
        ),
        "{}",
        d.out
    );
    assert!(matches!(
        &d.problems[0].kind,
        ProblemKind::Record { offset: 0, error: RecordError::Value(e) }
            if matches!(e.kind(), DecodeErrorKind::TrailingBytes(1))
    ));
    let d = dump(
        &batch(0, &[(None, Some(&future)), (None, None)]),
        Decoder::ClusterMetadata,
    );
    let printed = lines(&d.out);
    assert!(
        printed[1].ends_with(
            " payload: {\"type\":\"TOPIC_RECORD\",\"version\":5,\"data\":{\"name\":\"orders\",\
             \"topicId\":\"AAAAAAAAAAAAAAAAAAAAAA\"}}"
        ),
        "{}",
        printed[1]
    );
    // A null value reads as no bytes to Kafka.
    assert!(
        printed[2].ends_with(" payload: Error at 1, skipping. Error while reading frame version"),
        "{}",
        printed[2]
    );
    assert_eq!(d.problems.len(), 2);
    assert!(matches!(
        &d.problems[0].kind,
        ProblemKind::Record { offset: 0, error: RecordError::Value(e) }
            if matches!(e.kind(), DecodeErrorKind::UnsupportedVersion { version: 5, .. })
    ));
    assert!(matches!(
        d.problems[1].kind,
        ProblemKind::Record {
            offset: 1,
            error: RecordError::MissingValue
        }
    ));

    // A commit marker at version 1 with a byte after its epoch: Kafka reads
    // it as version 0.
    let mut marker = RecordBatchBuilder::new()
        .producer(4000, 1, -1)
        .transactional(true)
        .control(true);
    marker
        .append_control(T0, ControlRecordType::Commit, &[0, 1, 0, 0, 0, 5, 9])
        .unwrap();
    let d = dump(
        marker.build().unwrap().as_bytes(),
        Decoder::Raw(Contents::Sizes),
    );
    assert!(
        lines(&d.out)[1].ends_with(" endTxnMarker: COMMIT coordinatorEpoch: 5"),
        "{}",
        d.out
    );
    assert!(matches!(
        d.problems[0].kind,
        ProblemKind::Record {
            offset: 0,
            error: RecordError::Control(_)
        }
    ));
}

/// A writer that takes `room` bytes, then fails.
struct FullWriter {
    room: usize,
}

impl std::io::Write for FullWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() > self.room {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        self.room -= buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn an_output_that_fails_stops_the_dump_at_the_batch_being_printed() {
    let (key, value) = offset_commit("billing", 3, 42);
    let one = batch(0, &[(Some(&key), value.as_deref())]);
    let segment = [one.clone(), batch(1, &[(Some(&key), value.as_deref())])].concat();
    let first = dump(&one, Decoder::Offsets).out;
    let e = Dump::new(Options {
        decoder: Decoder::Offsets,
        ..Options::default()
    })
    .segment(
        "00000000000000000000.log",
        Cursor::new(&segment),
        FullWriter { room: first.len() },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Write);
    assert_eq!(e.position(), Some(one.len() as u64));
    assert_eq!(e.io_error().kind(), std::io::ErrorKind::WriteZero);
    assert_eq!(
        e.to_string(),
        format!(
            "00000000000000000000.log: at byte {}: writing the dump: {}",
            one.len(),
            e.io_error()
        )
    );
}
