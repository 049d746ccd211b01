//! Legacy message sets (magic 0 and 1): the exact bytes of a message of
//! each magic, checked by hand; reading them field by field; round trips
//! through every legacy codec; how compressed wrappers number and time
//! their messages; and what the builder refuses.
//!
//! Run every codec with `cargo test -p kafka-wire --features compression --test records_legacy`.

use bytes::Bytes;
use kafka_wire::records::{
    Compression, Header, LegacyRecordsBuilder, NewRecord, ReadOptions, RecordBatch,
    RecordBatchBuilder, RecordsErrorKind, TimestampType, NO_TIMESTAMP,
};
use kafka_wire::Records;

mod records_common;
use records_common::{random_records, records_of, Owned, Rng, T0};

/// A magic 0 message at offset 7, key "k", value "v", as Kafka's Java
/// `MemoryRecordsBuilder` writes it (magic 0, no compression).
const MAGIC_0: [u8; 28] = [
    // offset 7, size 16
    0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 16,
    // CRC-32 (zlib's) of the 12 bytes from the magic on: 0x1fecd70a
    0x1f, 0xec, 0xd7, 0x0a, // magic 0, attributes 0, key length 1, "k", value length 1, "v"
    0, 0, 0, 0, 0, 1, b'k', 0, 0, 0, 1, b'v',
];

/// A magic 1 message at offset 0, create time T0, a null key, value "hello".
const MAGIC_1: [u8; 39] = [
    // offset 0, size 27
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 27, // CRC-32 0x8ee30bba
    0x8e, 0xe3, 0x0b, 0xba, // magic 1, attributes 0, timestamp T0 = 0x18bcfe56800
    1, 0, 0, 0, 0x01, 0x8b, 0xcf, 0xe5, 0x68, 0,
    // key length -1 (null), value length 5, "hello"
    0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5, b'h', b'e', b'l', b'l', b'o',
];

#[test]
fn the_builder_writes_the_hand_checked_messages() {
    let mut b = LegacyRecordsBuilder::v0().base_offset(7);
    assert_eq!(
        b.append(NewRecord::new(NO_TIMESTAMP).key(b"k").value(b"v"))
            .unwrap(),
        7
    );
    assert_eq!(b.uncompressed_len(), MAGIC_0.len());
    assert_eq!(b.build().unwrap().0[..], MAGIC_0[..]);

    let mut b = LegacyRecordsBuilder::v1();
    b.append(NewRecord::new(T0).value(b"hello")).unwrap();
    assert_eq!(b.build().unwrap().0[..], MAGIC_1[..]);
}

#[test]
fn a_magic_0_message_reads_field_by_field() {
    let batch = RecordBatch::parse(Bytes::from_static(&MAGIC_0), ReadOptions::new()).unwrap();
    assert_eq!(batch.magic(), 0);
    assert_eq!(batch.crc(), 0x1fec_d70a);
    assert_eq!(
        batch.crc(),
        535_615_242,
        "the checksum() kafka-clients 3.9.1 reports for this message"
    );
    assert_eq!((batch.base_offset(), batch.last_offset()), (7, 7));
    assert_eq!(batch.batch_length(), 16);
    assert_eq!(batch.compression(), Compression::None);
    assert_eq!(batch.timestamp_type(), TimestampType::NoTimestampType);
    assert_eq!((batch.base_timestamp(), batch.max_timestamp()), (-1, -1));
    assert_eq!(batch.attributes(), 0);
    assert_eq!(batch.record_count(), 1);
    assert_eq!(batch.last_offset_delta(), 0);
    // What Java's legacy batch returns for what the format does not have.
    assert_eq!(
        (
            batch.partition_leader_epoch(),
            batch.producer_id(),
            batch.producer_epoch(),
            batch.base_sequence()
        ),
        (-1, -1, -1, -1)
    );
    assert!(!batch.is_transactional() && !batch.is_control());
    assert_eq!(batch.delete_horizon_ms(), None);
    batch.verify_crc().unwrap();

    let r = records_of(&batch);
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].offset(), r[0].timestamp()), (7, -1));
    assert_eq!(
        (r[0].key(), r[0].value()),
        (Some(&b"k"[..]), Some(&b"v"[..]))
    );
    assert_eq!(
        (
            r[0].header_count(),
            r[0].offset_delta(),
            r[0].timestamp_delta()
        ),
        (0, 0, 0)
    );
    assert_eq!(r[0].span(), 0..MAGIC_0.len());
    // Zero-copy: the value is a slice of the message.
    let range = batch.as_bytes().as_ptr_range();
    assert!(range.contains(&r[0].value_bytes().unwrap().as_ptr()));
}

#[test]
fn a_magic_1_message_reads_field_by_field() {
    let batch = RecordBatch::parse(Bytes::from_static(&MAGIC_1), ReadOptions::new()).unwrap();
    assert_eq!((batch.magic(), batch.crc()), (1, 0x8ee3_0bba));
    assert_eq!(batch.timestamp_type(), TimestampType::CreateTime);
    assert_eq!((batch.base_timestamp(), batch.max_timestamp()), (T0, T0));
    let r = records_of(&batch);
    assert_eq!((r[0].offset(), r[0].timestamp()), (0, T0));
    assert_eq!((r[0].key(), r[0].value()), (None, Some(&b"hello"[..])));
    assert_eq!(r[0].attributes(), 0);
}

#[test]
fn legacy_and_v2_batches_iterate_together() {
    let mut v2 = RecordBatchBuilder::new().base_offset(8);
    v2.append(NewRecord::new(T0).value(b"two")).unwrap();
    let v2 = v2.build().unwrap();
    let mut set = MAGIC_0.to_vec();
    set.extend_from_slice(&MAGIC_1);
    set.extend_from_slice(v2.as_bytes());
    let records = Records(Bytes::from(set));
    let batches: Vec<RecordBatch> = records.batches().map(Result::unwrap).collect();
    assert_eq!(
        batches.iter().map(RecordBatch::magic).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    let values: Vec<Vec<u8>> = batches
        .iter()
        .flat_map(records_of)
        .map(|r| r.value().unwrap().to_vec())
        .collect();
    assert_eq!(values, [&b"v"[..], b"hello", b"two"]);
}

/// `records` without headers, with magic 0's timestamps (none).
fn legacy_records(rng: &mut Rng, magic: i8, base: i64, n: usize) -> Vec<Owned> {
    random_records(rng, base, n)
        .into_iter()
        .map(|o| Owned {
            timestamp: if magic == 0 || o.timestamp == -1 {
                -1
            } else {
                T0 + (o.timestamp - T0).abs()
            },
            headers: vec![],
            ..o
        })
        .collect()
}

fn append_all(b: &mut LegacyRecordsBuilder, records: &[Owned]) {
    for r in records {
        let rec = NewRecord {
            timestamp: r.timestamp,
            key: r.key.as_deref(),
            value: r.value.as_deref(),
            headers: &[],
        };
        b.append_with_offset(r.offset, rec).unwrap();
    }
}

fn legacy_codecs() -> impl Iterator<Item = Compression> {
    [
        Compression::None,
        Compression::Gzip,
        Compression::Snappy,
        Compression::Lz4,
    ]
    .into_iter()
    .filter(|c| c.is_enabled())
}

#[test]
fn every_legacy_codec_round_trips_random_sets() {
    let mut rng = Rng::new(0x1e9a);
    for magic in [0i8, 1] {
        for c in legacy_codecs() {
            for lat in [None, Some(T0 + 12_345)]
                .into_iter()
                .take(1 + magic as usize)
            {
                let base = 1000 * i64::from(magic) + 3;
                let records = legacy_records(&mut rng, magic, base, 150);
                let builder = match magic {
                    0 => LegacyRecordsBuilder::v0(),
                    _ => LegacyRecordsBuilder::v1(),
                };
                let mut b = builder.compression(c).base_offset(base);
                if let Some(t) = lat {
                    b = b.log_append_time(t);
                }
                append_all(&mut b, &records);
                let set = b.build().unwrap();
                let batches: Vec<RecordBatch> = set.batches().map(Result::unwrap).collect();
                let what = format!("magic {magic}, {c}, lat {lat:?}");
                if c == Compression::None {
                    assert_eq!(batches.len(), records.len(), "{what}");
                } else {
                    assert_eq!(batches.len(), 1, "{what}");
                    let w = &batches[0];
                    assert_eq!(w.compression(), c);
                    assert_eq!(w.last_offset(), records.last().unwrap().offset, "{what}");
                    assert_eq!(w.record_count(), -1);
                    let max = records.iter().map(|r| r.timestamp).max().unwrap();
                    let expected = if magic == 0 { -1 } else { lat.unwrap_or(max) };
                    assert_eq!(w.max_timestamp(), expected, "{what}");
                }
                for b in &batches {
                    assert_eq!(b.magic(), magic);
                    let tt = match (magic, lat) {
                        (0, _) => TimestampType::NoTimestampType,
                        (_, Some(_)) => TimestampType::LogAppendTime,
                        _ => TimestampType::CreateTime,
                    };
                    assert_eq!(b.timestamp_type(), tt, "{what}");
                }
                let got: Vec<Owned> = batches
                    .iter()
                    .flat_map(records_of)
                    .map(|r| Owned::read(&r))
                    .collect();
                let want: Vec<Owned> = records
                    .iter()
                    .map(|r| Owned {
                        timestamp: lat.unwrap_or(r.timestamp),
                        ..r.clone()
                    })
                    .collect();
                assert_eq!(got, want, "{what}");
            }
        }
    }
}

/// A magic 1 wrapper around messages at relative offsets 0, 1 and 2.
fn wrapper_v1(c: Compression, base: i64) -> Vec<u8> {
    let mut b = LegacyRecordsBuilder::v1().compression(c).base_offset(base);
    for v in [&b"a"[..], b"b", b"c"] {
        b.append(NewRecord::new(T0).value(v)).unwrap();
    }
    b.build().unwrap().0.to_vec()
}

/// The entry with its offset field set to `offset` (the CRC does not cover it).
fn at_offset(mut entry: Vec<u8>, offset: i64) -> Records {
    entry[..8].copy_from_slice(&offset.to_be_bytes());
    Records(Bytes::from(entry))
}

fn offsets(records: &Records) -> Result<Vec<i64>, RecordsErrorKind> {
    let batch = records
        .batches()
        .next()
        .unwrap()
        .map_err(|e| e.kind().clone())?;
    let iter = batch.records().map_err(|e| e.kind().clone())?;
    iter.map(|r| r.map(|r| r.offset()).map_err(|e| e.kind().clone()))
        .collect()
}

#[test]
fn magic_1_inner_offsets_count_back_from_the_wrapper() {
    let Some(c) = legacy_codecs().nth(1) else {
        return;
    };
    // Written at base 40: inner 0, 1, 2; the wrapper at 42.
    let w = wrapper_v1(c, 40);
    assert_eq!(offsets(&at_offset(w.clone(), 42)).unwrap(), [40, 41, 42]);
    // A broker that assigned other offsets rewrote only the wrapper's.
    assert_eq!(
        offsets(&at_offset(w.clone(), 1002)).unwrap(),
        [1000, 1001, 1002]
    );
    // A producer's wrapper at 0: the inner offsets as they are.
    assert_eq!(offsets(&at_offset(w.clone(), 0)).unwrap(), [0, 1, 2]);
    // Below the last inner offset and not 0: refused, as Java does.
    assert_eq!(
        offsets(&at_offset(w, 1)).unwrap_err(),
        RecordsErrorKind::WrapperOffset {
            wrapper_offset: 1,
            last_inner_offset: 2
        }
    );
    // Magic 0 inner offsets are absolute, whatever the wrapper's.
    let mut b = LegacyRecordsBuilder::v0().compression(c).base_offset(70);
    b.append(NewRecord::new(-1).value(b"x")).unwrap();
    b.append_with_offset(75, NewRecord::new(-1).value(b"y"))
        .unwrap();
    let set = b.build().unwrap();
    let wrapper = set.batches().next().unwrap().unwrap();
    // The offset field is the last message's; the base offset the first's, as Java's.
    assert_eq!((wrapper.offset_field(), wrapper.base_offset()), (75, 70));
    assert_eq!(offsets(&set).unwrap(), [70, 75]);
    assert_eq!(offsets(&at_offset(set.0.to_vec(), 9)).unwrap(), [70, 75]);
}

#[test]
fn a_log_append_time_wrapper_overrides_inner_timestamps() {
    let Some(c) = legacy_codecs().nth(1) else {
        return;
    };
    let mut b = LegacyRecordsBuilder::v1()
        .compression(c)
        .log_append_time(T0 + 500);
    b.append(NewRecord::new(T0).value(b"a")).unwrap();
    b.append(NewRecord::new(T0 + 1).value(b"b")).unwrap();
    let set = b.build().unwrap();
    let w = set.batches().next().unwrap().unwrap();
    assert_eq!(w.timestamp_type(), TimestampType::LogAppendTime);
    assert_eq!(w.max_timestamp(), T0 + 500);
    let r = records_of(&w);
    assert_eq!((r[0].timestamp(), r[1].timestamp()), (T0 + 500, T0 + 500));
    // The inner messages carry the log append time and its attribute bit
    // too, as Java writes them.
    assert_eq!((r[0].attributes(), r[1].attributes()), (8, 8));
}

#[test]
fn the_legacy_builder_refuses_what_kafka_refuses() {
    let refused = |b: LegacyRecordsBuilder, r: NewRecord<'_>| {
        let mut b = b;
        b.append(r).unwrap_err().kind().clone()
    };
    let headers = [Header::new(b"h", b"1")];
    for (b, magic) in [
        (LegacyRecordsBuilder::v0(), 0),
        (LegacyRecordsBuilder::v1(), 1),
    ] {
        let ts = if magic == 0 { -1 } else { T0 };
        assert_eq!(
            refused(b.clone(), NewRecord::new(ts).headers(&headers)),
            RecordsErrorKind::NotInMagic {
                magic,
                what: "record headers"
            }
        );
        assert_eq!(
            refused(b.clone().compression(Compression::Zstd), NewRecord::new(ts)),
            RecordsErrorKind::NotInMagic {
                magic,
                what: "zstd compression"
            }
        );
        assert_eq!(
            refused(b.clone(), NewRecord::new(-5)),
            if magic == 0 {
                RecordsErrorKind::NotInMagic {
                    magic: 0,
                    what: "timestamps (append with NO_TIMESTAMP, -1)",
                }
            } else {
                RecordsErrorKind::InvalidTimestamp { timestamp: -5 }
            }
        );
        let e = b.clone().build().unwrap_err();
        assert!(matches!(e.kind(), RecordsErrorKind::InvalidBatch { .. }));
        let mut b = b.base_offset(10);
        b.append(NewRecord::new(ts)).unwrap();
        assert_eq!(
            b.append_with_offset(10, NewRecord::new(ts))
                .unwrap_err()
                .kind(),
            &RecordsErrorKind::OffsetNotIncreasing {
                offset: 10,
                previous: 10
            }
        );
        assert!(matches!(
            b.append_with_offset(10 + (1 << 31), NewRecord::new(ts))
                .unwrap_err()
                .kind(),
            RecordsErrorKind::OffsetOutOfRange { .. }
        ));
        assert_eq!(b.len(), 1, "nothing changes on a refusal");
    }
    assert_eq!(
        refused(LegacyRecordsBuilder::v0(), NewRecord::new(T0)),
        RecordsErrorKind::NotInMagic {
            magic: 0,
            what: "timestamps (append with NO_TIMESTAMP, -1)"
        }
    );
    assert_eq!(
        refused(
            LegacyRecordsBuilder::v0().log_append_time(T0),
            NewRecord::new(-1)
        ),
        RecordsErrorKind::NotInMagic {
            magic: 0,
            what: "a log append time"
        }
    );
}

#[test]
fn crc_checks_can_be_turned_off() {
    let mut bad = MAGIC_1.to_vec();
    *bad.last_mut().unwrap() ^= 1;
    let records = Records(Bytes::from(bad));
    let e = records.batches().next().unwrap().unwrap_err();
    assert!(
        matches!(
            e.kind(),
            RecordsErrorKind::LegacyCrcMismatch {
                stored: 0x8ee3_0bba,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!((e.position(), e.base_offset()), (Some(0), Some(0)));
    assert!(e.to_string().contains("CRC-32 mismatch"), "{e}");
    let unchecked = records
        .batches_with(ReadOptions::new().verify_crc(false))
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(records_of(&unchecked)[0].value(), Some(&b"helln"[..]));
    assert!(matches!(
        unchecked.verify_crc().unwrap_err().kind(),
        RecordsErrorKind::LegacyCrcMismatch { .. }
    ));
}
