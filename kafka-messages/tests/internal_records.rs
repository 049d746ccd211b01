//! Kafka's own records (feature `internal`): exact bytes of each framing,
//! every schema at every version through its family's codec, and hostile
//! input (unknown record types, versions past a schema's, truncations).

mod common;

use bytes::Bytes;
use common::{frame_internal, random_instances, through_family};
use kafka_messages::internal::*;
use kafka_wire::{DecodeErrorKind, Uuid};

#[test]
fn an_offset_commit_is_framed_as_kafka_frames_it() {
    let record = GroupCoordinatorRecord {
        key: GroupCoordinatorKey::OffsetCommit(OffsetCommitKey {
            group: "g".into(),
            topic: "t".into(),
            partition: 1,
        }),
        value: Some((
            3,
            GroupCoordinatorValue::OffsetCommit(OffsetCommitValue {
                offset: 5,
                leader_epoch: 2,
                metadata: "m".into(),
                commit_timestamp: 9,
                ..Default::default()
            }),
        )),
    };
    let (key, value) = record.encode().unwrap();
    // Record type 1, then the key at version 0: classic strings, int32.
    assert_eq!(key, [0, 1, 0, 1, b'g', 0, 1, b't', 0, 0, 0, 1]);
    // Version 3, then offset, leader epoch, metadata, commit timestamp.
    let value = value.unwrap();
    assert_eq!(
        value,
        [0, 3, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 2, 0, 1, b'm', 0, 0, 0, 0, 0, 0, 0, 9]
    );
    let read = GroupCoordinatorRecord::decode(key.clone().into(), Some(value.into())).unwrap();
    assert_eq!(read, record);
    // A tombstone: the key alone.
    let tombstone = GroupCoordinatorRecord::decode(key.into(), None).unwrap();
    assert_eq!(tombstone.value, None);
    assert_eq!(tombstone.key, record.key);
}

#[test]
fn a_metadata_record_is_framed_as_kafka_frames_it() {
    let id: Uuid = "00000000-0000-0000-0000-000000000007".parse().unwrap();
    let record = MetadataRecord::Topic(TopicRecord {
        name: "t".into(),
        topic_id: id,
        ..Default::default()
    });
    let bytes = record.encode(0).unwrap();
    // Frame version 1, API key 2, version 0; compact string, UUID, no tags.
    let mut expected = vec![1, 2, 0, 2, b't'];
    expected.extend_from_slice(&[0; 15]);
    expected.extend_from_slice(&[7, 0]);
    assert_eq!(bytes, expected);
    assert_eq!(
        MetadataRecord::decode(bytes.into()).unwrap(),
        (0, record.clone())
    );
    assert_eq!((record.api_key(), record.name()), (2, "TopicRecord"));
}

#[test]
fn a_kraft_control_record_is_read_by_its_type() {
    // Key: version 0, type 3 (snapshot header); value: the header at version
    // 0, whose first field is its own `version`, with no version in front:
    // the bytes Kafka 4.4's `MessageUtil.toByteBufferAccessor(header, 0)`
    // writes, which `MemoryRecordsBuilder.appendSnapshotHeaderMessage` appends.
    let header = kafka_messages::SnapshotHeaderRecord {
        version: 0,
        last_contained_log_timestamp: 77,
        ..Default::default()
    };
    let value = [0u8, 0, 0, 0, 0, 0, 0, 0, 0, 0x4d, 0];
    let (version, read) = ControlRecord::decode(
        Bytes::from_static(&[0, 0, 0, 3]),
        Some(Bytes::copy_from_slice(&value)),
    )
    .unwrap();
    assert_eq!((version, read.record_type()), (0, 3));
    assert_eq!(read, ControlRecord::SnapshotHeader(header));
    // A leader change (type 2): leader 1, voters [1], granting voters [1], as
    // Kafka 4.4 writes it.
    let value = [0u8, 0, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0];
    let (_, read) = ControlRecord::decode(
        Bytes::from_static(&[0, 0, 0, 2]),
        Some(Bytes::copy_from_slice(&value)),
    )
    .unwrap();
    let ControlRecord::LeaderChange(change) = read else {
        panic!("{read:?}")
    };
    assert_eq!((change.version, change.leader_id), (0, 1));
    assert_eq!(
        (
            change.voters[0].voter_id,
            change.granting_voters[0].voter_id
        ),
        (1, 1)
    );
    // A commit marker: type 1, coordinator epoch 5.
    let (_, marker) = ControlRecord::decode(
        Bytes::from_static(&[0, 0, 0, 1]),
        Some(Bytes::from_static(&[0, 0, 0, 0, 0, 5])),
    )
    .unwrap();
    assert_eq!(
        marker,
        ControlRecord::Commit(kafka_messages::EndTxnMarker {
            coordinator_epoch: 5
        })
    );
}

#[test]
fn every_record_schema_at_every_version_round_trips_through_its_family() {
    let schemas: Vec<_> = schemas().collect();
    // 44 + 2 + 4 coordinator schemas, 27 metadata records (and QuorumStateData,
    // which is not a log record).
    assert_eq!(schemas.len(), 77);
    let mut checked = 0;
    for s in &schemas {
        let versions = s.schema.versions;
        for v in versions.lowest().unwrap()..=versions.highest().unwrap() {
            for body in random_instances(
                s.schema.schema.name,
                s.schema.schema,
                v,
                s.schema.flexible,
                20,
            ) {
                let (bytes, _) = frame_internal(s, v, &body);
                // Random wire bytes may hold what a re-encode normalises
                // (tags out of order are refused; defaults of tagged fields are
                // dropped): the second pass must be exact.
                let once = through_family(s, bytes.into())
                    .unwrap_or_else(|e| panic!("{} v{v}: {e}", s.schema.schema.name));
                let twice = through_family(s, once.clone().into()).unwrap();
                assert_eq!(twice, once, "{} v{v}", s.schema.schema.name);
                checked += 1;
            }
        }
    }
    assert!(checked > 1500, "{checked}");
}

#[test]
fn hostile_records_are_typed_errors() {
    let kind = |r: Result<GroupCoordinatorKey, kafka_wire::DecodeError>| r.unwrap_err();
    // A record type the group coordinator does not define.
    let e = kind(GroupCoordinatorKey::decode(Bytes::from_static(&[0, 9])));
    assert!(
        matches!(e.kind(), DecodeErrorKind::UnknownRecordType(9)),
        "{e}"
    );
    // Truncated: no record type, then a key cut short.
    let e = kind(GroupCoordinatorKey::decode(Bytes::from_static(&[0])));
    assert!(e.to_string().contains("record_type"), "{e}");
    let e = kind(GroupCoordinatorKey::decode(Bytes::from_static(&[
        0, 1, 0, 5, b'g',
    ])));
    assert!(matches!(e.kind(), DecodeErrorKind::Truncated { .. }), "{e}");
    assert!(e.to_string().contains("OffsetCommitKey.group"), "{e}");
    // Bytes after the key.
    let e = kind(GroupCoordinatorKey::decode(Bytes::from_static(&[
        0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0xff,
    ])));
    assert!(matches!(e.kind(), DecodeErrorKind::TrailingBytes(1)), "{e}");
    // A value version past the schema's (OffsetCommitValue has 0-4).
    let e = GroupCoordinatorValue::decode(1, Bytes::from_static(&[0, 5, 0])).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            DecodeErrorKind::UnsupportedVersion { version: 5, .. }
        ),
        "{e}"
    );
    // A value of a type the key did not name is read as the key's type.
    let e = GroupCoordinatorRecord::decode(
        Bytes::from_static(&[0, 2, 0, 1, b'g']),
        Some(Bytes::from_static(&[0, 0, 1])),
    )
    .unwrap_err();
    assert!(e.to_string().contains("value"), "{e}");
    // Metadata: a frame version Kafka does not write, an unknown API key, a
    // varint API key past int16, a record cut short.
    for (bytes, what) in [
        (&[2u8, 2, 0][..], "frame_version"),
        (&[1, 99, 0][..], "unknown record type 99"),
        (&[1, 0xff, 0xff, 0x7f, 0][..], "api_key"),
        (&[1, 2, 0, 5, b't'][..], "TopicRecord.name"),
    ] {
        let e = MetadataRecord::decode(Bytes::copy_from_slice(bytes)).unwrap_err();
        assert!(e.to_string().contains(what), "{bytes:?}: {e}");
    }
    // An unknown control record type, and a control key cut short.
    let e = ControlRecord::decode(
        Bytes::from_static(&[0, 0, 0, 9]),
        Some(Bytes::from_static(&[0, 0])),
    )
    .unwrap_err();
    assert!(
        matches!(e.kind(), DecodeErrorKind::UnknownRecordType(9)),
        "{e}"
    );
    assert!(ControlRecord::decode(Bytes::from_static(&[0, 0, 0]), None).is_err());
}
