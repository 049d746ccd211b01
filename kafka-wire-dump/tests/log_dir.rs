//! A log directory built here, file by file: segments, offset and time
//! indexes (right, and damaged), transaction indexes, producer snapshots,
//! a metadata log and `__consumer_offsets`, read by the dump, the image and
//! the groups' replay.

use std::path::{Path, PathBuf};

use kafka_messages::internal::{
    ConfigRecord, FeatureLevelRecord, GroupCoordinatorKey, GroupCoordinatorRecord,
    GroupCoordinatorValue, MetadataRecord, OffsetCommitKey, OffsetCommitValue,
    PartitionChangeRecord, PartitionRecord, TopicRecord,
};
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::Uuid;
use kafka_wire_dump::groups::Groups;
use kafka_wire_dump::image::MetadataImage;
use kafka_wire_dump::index::SnapshotError;
use kafka_wire_dump::{Contents, Decoder, Dump, FileKind, Options, Problem, ProblemKind, Summary};

const T0: i64 = 1_700_000_000_000;

/// A directory of its own for each test, removed when it ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "kafka-wire-dump-logdir-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A segment of `batches` batches of 2 records each from offset 0, their
/// timestamps rising; returns its bytes and each batch's position.
fn segment(batches: i64) -> (Vec<u8>, Vec<u64>) {
    let mut bytes = Vec::new();
    let mut positions = Vec::new();
    for b in 0..batches {
        let mut builder = RecordBatchBuilder::new().base_offset(2 * b);
        for r in 0..2 {
            let t = T0 + 10 * (2 * b + r);
            builder
                .append(NewRecord::new(t).key(b"k").value(b"v"))
                .unwrap();
        }
        positions.push(bytes.len() as u64);
        bytes.extend_from_slice(builder.build().unwrap().as_bytes());
    }
    (bytes, positions)
}

fn dump(path: &Path, options: Options) -> (String, Vec<Problem>, Summary) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let summary = Dump::new(options)
        .on_problem(|p| problems.push(p))
        .file(path, &mut out)
        .unwrap();
    (String::from_utf8(out).unwrap(), problems, summary)
}

/// An offset index of `(relative offset, position)` entries.
fn offset_index(entries: &[(i32, u64)]) -> Vec<u8> {
    entries
        .iter()
        .flat_map(|(o, p)| o.to_be_bytes().into_iter().chain((*p as i32).to_be_bytes()))
        .collect()
}

/// A time index of `(timestamp, relative offset)` entries.
fn time_index(entries: &[(i64, i32)]) -> Vec<u8> {
    entries
        .iter()
        .flat_map(|(t, o)| t.to_be_bytes().into_iter().chain(o.to_be_bytes()))
        .collect()
}

#[test]
fn indexes_print_as_kafka_prints_them_and_are_checked_against_their_segment() {
    let dir = TempDir::new("indexes");
    let (log, positions) = segment(3);
    std::fs::write(dir.path("00000000000000000000.log"), &log).unwrap();
    // Each batch's last offset and position; the second entry is wrong.
    let index = dir.path("00000000000000000000.index");
    std::fs::write(
        &index,
        offset_index(&[(1, positions[0]), (2, positions[1]), (5, positions[2])]),
    )
    .unwrap();
    let (out, problems, summary) = dump(&index, Options::default());
    let name = index.display();
    assert_eq!(
        out,
        format!(
            "Dumping {name}\noffset: 1 position: 0\noffset: 2 position: {}\noffset: 5 position: {}\n",
            positions[1], positions[2]
        )
    );
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(summary.kind, Some(FileKind::OffsetIndex));
    assert_eq!(summary.index.offset_mismatches.pairs, [(2, 3)]);

    // --verify-index-only: checked, not printed; --index-sanity-check: passed.
    let (out, _, summary) = dump(
        &index,
        Options {
            verify_index_only: true,
            ..Options::default()
        },
    );
    assert_eq!(out, format!("Dumping {name}\n"));
    assert_eq!(summary.index.offset_mismatches.pairs, [(2, 3)]);
    let (out, problems, _) = dump(
        &index,
        Options {
            index_sanity_check: true,
            ..Options::default()
        },
    );
    assert_eq!(
        out,
        format!("Dumping {name}\n{name} passed sanity check.\n")
    );
    assert!(problems.is_empty());

    // A time index: the second entry's timestamp is not its batch's, the
    // third goes back, and a sparse file's zeros end it.
    let times = dir.path("00000000000000000000.timeindex");
    std::fs::write(
        &times,
        time_index(&[(T0 + 10, 1), (T0 + 99, 3), (T0 + 50, 5), (0, 0)]),
    )
    .unwrap();
    let (out, problems, summary) = dump(&times, Options::default());
    assert_eq!(
        out,
        format!(
            "Dumping {}\ntimestamp: {} offset: 1\ntimestamp: {} offset: 3\ntimestamp: {} offset: 5\n",
            times.display(),
            T0 + 10,
            T0 + 99,
            T0 + 50
        )
    );
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(
        summary.index.timestamp_mismatches.pairs,
        [(T0 + 99, T0 + 30)]
    );
    assert_eq!(
        summary.index.out_of_order_timestamps.pairs,
        [(T0 + 50, T0 + 99)]
    );
}

#[test]
fn damaged_indexes_are_reported_by_position_and_the_rest_is_read() {
    let dir = TempDir::new("damaged");
    let (log, positions) = segment(2);
    std::fs::write(dir.path("00000000000000000000.log"), &log).unwrap();
    let index = dir.path("00000000000000000000.index");
    // An entry past the log, then 3 bytes that are not an entry.
    let mut bytes = offset_index(&[(1, positions[0]), (3, log.len() as u64 + 100)]);
    bytes.extend_from_slice(&[0, 0, 1]);
    std::fs::write(&index, &bytes).unwrap();
    let (out, problems, _) = dump(&index, Options::default());
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(
        matches!(
            &problems[..],
            [
                Problem {
                    position: 8,
                    kind: ProblemKind::IndexEntry { offset: 3, .. }
                },
                Problem {
                    position: 16,
                    kind: ProblemKind::PartialEntry {
                        entry_size: 8,
                        trailing: 3
                    }
                },
            ]
        ),
        "{problems:#?}"
    );
    // The sanity check fails on the partial entry, in Kafka's words.
    let (_, problems, _) = dump(
        &index,
        Options {
            index_sanity_check: true,
            ..Options::default()
        },
    );
    let [Problem {
        kind: ProblemKind::SanityCheck { reason },
        ..
    }] = &problems[..]
    else {
        panic!("{problems:#?}");
    };
    assert!(
        reason
            .ends_with("is corrupt, found 19 bytes which is neither positive nor a multiple of 8."),
        "{reason}"
    );

    // An index without its segment: printed unchecked, reported.
    let lonely = dir.path("00000000000000000100.index");
    std::fs::write(&lonely, offset_index(&[(1, 0)])).unwrap();
    let (out, problems, _) = dump(&lonely, Options::default());
    assert!(out.ends_with("offset: 101 position: 0\n"), "{out}");
    assert!(matches!(
        &problems[..],
        [Problem {
            kind: ProblemKind::MissingCompanion { .. },
            ..
        }]
    ));
}

#[test]
fn transaction_indexes_and_producer_snapshots_print_as_kafka_prints_them() {
    let dir = TempDir::new("txn");
    let txn = dir.path("00000000000000000000.txnindex");
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&0i16.to_be_bytes());
    for x in [5i64, 10, 14, 15] {
        bytes.extend_from_slice(&x.to_be_bytes());
    }
    std::fs::write(&txn, &bytes).unwrap();
    let (out, problems, _) = dump(&txn, Options::default());
    assert_eq!(
        out.lines().nth(1),
        Some("version: 0 producerId: 5 firstOffset: 10 lastOffset: 14 lastStableOffset: 15")
    );
    assert!(problems.is_empty());

    // A snapshot of two producers: one in a transaction without batches.
    let mut body = Vec::new();
    body.extend_from_slice(&2i32.to_be_bytes());
    let entry = |pid: i64, seq: i32, offset: i64, delta: i32, epoch: i32, txn: i64| {
        let mut e = Vec::new();
        e.extend_from_slice(&pid.to_be_bytes());
        e.extend_from_slice(&0i16.to_be_bytes());
        e.extend_from_slice(&seq.to_be_bytes());
        e.extend_from_slice(&offset.to_be_bytes());
        e.extend_from_slice(&delta.to_be_bytes());
        e.extend_from_slice(&T0.to_be_bytes());
        e.extend_from_slice(&epoch.to_be_bytes());
        e.extend_from_slice(&txn.to_be_bytes());
        e
    };
    body.extend(entry(7, 9, 42, 4, -1, -1));
    body.extend(entry(8, -1, -1, 0, 3, 40));
    let mut snapshot = vec![0, 1];
    snapshot.extend_from_slice(&crc32c::crc32c(&body).to_be_bytes());
    snapshot.extend_from_slice(&body);
    let path = dir.path("00000000000000000043.snapshot");
    std::fs::write(&path, &snapshot).unwrap();
    let (out, problems, _) = dump(&path, Options::default());
    assert!(problems.is_empty(), "{problems:#?}");
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(
        lines,
        [
            format!("producerId: 7 producerEpoch: 0 coordinatorEpoch: -1 currentTxnFirstOffset: OptionalLong.empty lastTimestamp: {T0} firstSequence: 5 lastSequence: 9 lastOffset: 42 offsetDelta: 4 timestamp: {T0}"),
            format!("producerId: 8 producerEpoch: 0 coordinatorEpoch: 3 currentTxnFirstOffset: OptionalLong[40] lastTimestamp: {T0}"),
        ]
    );
    // Corrupt: Kafka's words, no producer printed.
    let last = snapshot.len() - 1;
    snapshot[last] ^= 1;
    std::fs::write(&path, &snapshot).unwrap();
    let (out, problems, _) = dump(&path, Options::default());
    assert_eq!(out.lines().count(), 1);
    let [Problem {
        position: 2,
        kind: ProblemKind::Snapshot(SnapshotError::Crc { .. }),
    }] = &problems[..]
    else {
        panic!("{problems:#?}");
    };
    assert!(problems[0]
        .to_string()
        .contains("Snapshot is corrupt (CRC is no longer valid). Stored crc: "));
}

#[test]
fn segment_flags_and_a_batch_of_magic_3() {
    let dir = TempDir::new("flags");
    let (mut log, positions) = segment(2);
    // The second batch says magic 3: Kafka prints it as a batch of magic 2.
    log[positions[1] as usize + 16] = 3;
    let path = dir.path("00000000000000000000.log");
    std::fs::write(&path, &log).unwrap();
    let text = Options {
        decoder: Decoder::Raw(Contents::Text),
        ..Options::default()
    };
    let (out, problems, _) = dump(&path, text);
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(out.contains("magic: 3 compresscodec: none"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("| offset: ")).count(),
        4,
        "{out}"
    );

    let (out, _, _) = dump(
        &path,
        Options {
            skip_record_metadata: true,
            ..text
        },
    );
    assert_eq!(
        out.lines().filter(|l| *l == "| key: k payload: v").count(),
        4,
        "{out}"
    );

    // --max-bytes: the batches within, and nothing of the rest.
    let (out, problems, summary) = dump(
        &path,
        Options {
            max_bytes: Some(positions[1] + 10),
            ..text
        },
    );
    assert_eq!(summary.batches, 1);
    assert!(problems.is_empty());
    assert!(!out.contains("invalid bytes"), "{out}");

    // A file of another kind is only named.
    let other = dir.path("leader-epoch-checkpoint");
    std::fs::write(&other, "0\n1\n0 0\n").unwrap();
    let (out, _, summary) = dump(&other, Options::default());
    assert_eq!(out, format!("Dumping {}\n", other.display()));
    assert_eq!(summary.kind, Some(FileKind::Unknown));
}

/// A batch of metadata records from `base`.
fn metadata_batch(base: i64, records: &[MetadataRecord]) -> Vec<u8> {
    let mut builder = RecordBatchBuilder::new().base_offset(base);
    for r in records {
        let value = r.encode(0).unwrap();
        builder.append(NewRecord::new(T0).value(&value)).unwrap();
    }
    builder.build().unwrap().as_bytes().to_vec()
}

#[test]
fn the_image_and_the_groups_lag_come_from_a_log_dir() {
    let dir = TempDir::new("image");
    let metadata = dir.path("__cluster_metadata-0");
    std::fs::create_dir_all(&metadata).unwrap();
    let id = Uuid([3; 16]);
    let mut log = metadata_batch(
        0,
        &[
            MetadataRecord::FeatureLevel(FeatureLevelRecord {
                name: "metadata.version".into(),
                feature_level: 33,
                ..Default::default()
            }),
            MetadataRecord::Topic(TopicRecord {
                name: "orders".into(),
                topic_id: id,
                ..Default::default()
            }),
            MetadataRecord::Partition(PartitionRecord {
                partition_id: 0,
                topic_id: id,
                replicas: vec![1, 2].into(),
                isr: vec![1, 2],
                leader: 1,
                leader_epoch: 0,
                partition_epoch: 0,
                ..Default::default()
            }),
        ],
    );
    log.extend(metadata_batch(
        3,
        &[
            MetadataRecord::PartitionChange(PartitionChangeRecord {
                partition_id: 0,
                topic_id: id,
                isr: Some(vec![2].into()),
                leader: 2,
                leader_recovery_state: -1,
                ..Default::default()
            }),
            MetadataRecord::Config(ConfigRecord {
                resource_type: 2,
                resource_name: "orders".into(),
                name: "retention.ms".into(),
                value: Some("1000".into()),
                ..Default::default()
            }),
        ],
    ));
    std::fs::write(metadata.join("00000000000000000000.log"), &log).unwrap();
    let image = MetadataImage::read_dir(&metadata, |f, p| panic!("{}: {p}", f.display())).unwrap();
    let tree = image.tree();
    assert_eq!(tree.ls("/topics/orders").unwrap(), ["0", "id"]);
    let partition = tree.cat("/topics/orders/0").unwrap();
    assert!(
        partition.contains("\"isr\":[2]") && partition.contains("\"leader\":2"),
        "{partition}"
    );
    assert!(partition.contains("\"leaderEpoch\":1"), "{partition}");
    assert_eq!(
        tree.cat("/configs/TOPIC/orders/retention.ms").unwrap(),
        "1000"
    );
    assert_eq!(tree.cat("/features/metadata.version").unwrap(), "33");
    assert!(tree
        .find("/")
        .unwrap()
        .contains(&"/topics/orders/id".to_string()));
    assert!(tree
        .to_json()
        .starts_with("{\"configs\":{\"TOPIC\":{\"orders\":{\"retention.ms\":1000}}}"));
    assert!(tree.cat("/topics").is_err() && tree.cat("/nowhere").is_err());

    // A group's offset, and its partition's log: 8 records, so a lag of 5.
    let offsets = dir.path("__consumer_offsets-0");
    std::fs::create_dir_all(&offsets).unwrap();
    let record = GroupCoordinatorRecord {
        key: GroupCoordinatorKey::OffsetCommit(OffsetCommitKey {
            group: "billing".into(),
            topic: "orders".into(),
            partition: 0,
        }),
        value: Some((
            3,
            GroupCoordinatorValue::OffsetCommit(OffsetCommitValue {
                offset: 3,
                leader_epoch: -1,
                ..Default::default()
            }),
        )),
    };
    let (key, value) = record.encode().unwrap();
    let mut builder = RecordBatchBuilder::new();
    builder
        .append(
            NewRecord::new(T0)
                .key(&key)
                .value(value.as_deref().unwrap()),
        )
        .unwrap();
    std::fs::write(
        offsets.join("00000000000000000000.log"),
        builder.build().unwrap().as_bytes(),
    )
    .unwrap();
    let data = dir.path("orders-0");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("00000000000000000000.log"), segment(4).0).unwrap();
    let groups = Groups::read_log_dir(&dir.0, |f, p| panic!("{}: {p}", f.display())).unwrap();
    let rows = groups.groups["billing"]
        .describe("billing", &dir.0)
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (
            rows[0].current_offset,
            rows[0].log_end_offset,
            rows[0].lag()
        ),
        (Some(3), Some(8), Some(5))
    );
}

#[test]
fn remote_log_metadata_prints_as_kafka_s_objects_print_themselves() {
    use kafka_messages::internal::MetadataFrame;
    use kafka_wire::{UnknownTaggedFields, Versioned};
    use kafka_wire_dump::remote::{RemotePartitionDeleteMetadataRecord, TopicIdPartitionEntry};

    let record = RemotePartitionDeleteMetadataRecord {
        topic_id_partition: TopicIdPartitionEntry {
            name: "tiered".into(),
            id: Uuid([0; 16]),
            partition: 3,
            unknown_tagged_fields: UnknownTaggedFields::default(),
        },
        broker_id: 0,
        event_timestamp_ms: T0,
        remote_partition_delete_state: 1,
        unknown_tagged_fields: UnknownTaggedFields::default(),
    };
    let mut value = Vec::new();
    MetadataFrame {
        frame_version: 1,
        api_key: 2,
        version: 0,
    }
    .write(&mut value)
    .unwrap();
    record.encode(&mut value, 0).unwrap();
    let mut builder = RecordBatchBuilder::new();
    builder.append(NewRecord::new(T0).value(&value)).unwrap();
    // A value whose frame names an API key Kafka does not define.
    builder
        .append(NewRecord::new(T0).value(&[1, 9, 0]))
        .unwrap();
    let dir = TempDir::new("remote");
    let path = dir.path("00000000000000000000.log");
    std::fs::write(&path, builder.build().unwrap().as_bytes()).unwrap();
    let options = Options {
        decoder: Decoder::RemoteLogMetadata,
        ..Options::default()
    };
    let (out, problems, _) = dump(&path, options);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[3].ends_with(&format!(
            " payload: RemotePartitionDeleteMetadata{{topicPartition=AAAAAAAAAAAAAAAAAAAAAA:tiered-3, \
             state=DELETE_PARTITION_STARTED, eventTimestampMs={T0}, brokerId=0}}"
        )),
        "{out}"
    );
    assert!(
        lines[4].ends_with(
            " payload: Error at offset 1, skipping. \
             org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id 9"
        ),
        "{out}"
    );
    assert!(matches!(
        &problems[..],
        [Problem {
            kind: ProblemKind::Record { offset: 1, .. },
            ..
        }]
    ));
}
