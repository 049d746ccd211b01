//! What an exchange's read messages hold that a summary shows: their record
//! sets, read through `kafka_wire::records`.

use bytes::Bytes;
use kafka_wire::dynamic::{StructView, ValueView};
use kafka_wire::records::Compression;
use kafka_wire::Records;

/// The record sets of a message, read: batches, records and codecs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordSets {
    /// Batches read.
    pub batches: u64,
    /// Records read (decompressed).
    pub records: u64,
    /// The codecs met, in id order.
    pub codecs: Vec<Compression>,
    /// What did not read, and where (`Topics[0].Partitions[1].Records`).
    pub errors: Vec<String>,
}

impl RecordSets {
    /// Whether there were none.
    pub fn is_empty(&self) -> bool {
        self.batches == 0 && self.errors.is_empty()
    }
}

/// Reads every record set of `view` (a Produce request's, a Fetch
/// response's, ...): each batch checked, decompressed and its records read.
pub fn record_sets(view: StructView<'_>) -> RecordSets {
    let mut sets = RecordSets::default();
    walk_records(view, &mut String::new(), &mut sets);
    sets.codecs.sort_by_key(|c| *c as u8);
    sets
}

fn walk_records(view: StructView<'_>, path: &mut String, sets: &mut RecordSets) {
    for field in view.fields() {
        let len = path.len();
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(field.field.json_name);
        match field.value {
            ValueView::Records(bytes) => read_records(bytes, path, sets),
            ValueView::Struct(s) => walk_records(s, path, sets),
            ValueView::Array(a) => {
                for (i, element) in a.iter().enumerate() {
                    if let ValueView::Struct(s) = element.value {
                        let len = path.len();
                        path.push_str(&format!("[{i}]"));
                        walk_records(s, path, sets);
                        path.truncate(len);
                    }
                }
            }
            _ => {}
        }
        path.truncate(len);
    }
}

/// Reads one record set (a `records` field's bytes): its batches checked,
/// decompressed and their records counted.
pub fn record_set(bytes: &[u8]) -> RecordSets {
    let mut sets = RecordSets::default();
    read_records(bytes, "records", &mut sets);
    sets
}

/// Counts one record set's batches and records as their headers declare
/// them: each batch's CRC checked, a RecordBatch v2's `recordCount` taken
/// without decompressing its records; a legacy message is one record, a
/// legacy compressed wrapper (which declares no count) is decompressed and
/// its messages counted. What [`record_set`] reads in full, for a fraction
/// of the cost on compressed batches.
pub fn record_counts(bytes: &[u8]) -> RecordSets {
    let mut sets = RecordSets::default();
    walk_batches(bytes, "records", &mut sets, Count::Declared);
    sets
}

/// How a batch's records are counted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Count {
    /// Each record read (decompressed).
    Read,
    /// The header's count, where it has one.
    Declared,
}

fn read_records(bytes: &[u8], path: &str, sets: &mut RecordSets) {
    walk_batches(bytes, path, sets, Count::Read)
}

fn walk_batches(bytes: &[u8], path: &str, sets: &mut RecordSets, count: Count) {
    // A fetch may end with a batch cut short: Kafka sends what fits, and a
    // client reads the whole batches before it.
    for batch in Records(Bytes::copy_from_slice(bytes)).batches() {
        let batch = match batch {
            Ok(batch) => batch,
            Err(e)
                if matches!(
                    e.kind(),
                    kafka_wire::records::RecordsErrorKind::Truncated { .. }
                ) =>
            {
                break
            }
            Err(e) => {
                sets.errors.push(format!("{path}: {e}"));
                break;
            }
        };
        sets.batches += 1;
        if !sets.codecs.contains(&batch.compression()) {
            sets.codecs.push(batch.compression());
        }
        // A legacy compressed wrapper declares -1: its messages are read.
        if count == Count::Declared && batch.record_count() >= 0 {
            sets.records += batch.record_count() as u64;
            continue;
        }
        match batch.records() {
            Ok(records) => {
                for record in records {
                    match record {
                        Ok(_) => sets.records += 1,
                        Err(e) => {
                            sets.errors.push(format!("{path}: {e}"));
                            break;
                        }
                    }
                }
            }
            Err(e) => sets.errors.push(format!("{path}: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_wire::records::{LegacyRecordsBuilder, NewRecord, RecordBatchBuilder};

    fn three(append: &mut dyn FnMut(NewRecord<'_>)) {
        for value in [&b"a"[..], b"bb", b"ccc"] {
            append(NewRecord::new(1_700_000_000_000).value(value));
        }
    }

    #[test]
    fn declared_counts_are_the_records_read() {
        let mut set = Vec::new();
        for compression in [Compression::None, Compression::Gzip, Compression::Zstd] {
            let mut batch = RecordBatchBuilder::new().compression(compression);
            three(&mut |r| {
                batch.append(r).unwrap();
            });
            set.extend_from_slice(batch.build().unwrap().as_bytes());
        }
        for compression in [Compression::None, Compression::Snappy] {
            let mut legacy = LegacyRecordsBuilder::v1().compression(compression);
            three(&mut |r| {
                legacy.append(r).unwrap();
            });
            set.extend_from_slice(&legacy.build().unwrap().0);
        }
        let read = record_set(&set);
        let declared = record_counts(&set);
        // Three v2 batches, then a legacy set of three messages and a
        // legacy compressed wrapper of three.
        assert_eq!((read.batches, read.records), (7, 15));
        assert_eq!(declared, read);
    }

    #[test]
    fn a_negative_declared_count_is_an_error_not_a_count() {
        let mut batch = RecordBatchBuilder::new();
        batch.append(NewRecord::new(0).value(b"v")).unwrap();
        let mut bytes = batch.build().unwrap().as_bytes().to_vec();
        bytes[57..61].copy_from_slice(&(-5i32).to_be_bytes());
        // The CRC covers the count: recomputed, so that only the count is wrong.
        let crc = crc32c(&bytes[21..]);
        bytes[17..21].copy_from_slice(&crc.to_be_bytes());
        let declared = record_counts(&bytes);
        assert_eq!((declared.batches, declared.records), (1, 0));
        assert_eq!(declared.errors.len(), 1, "{:?}", declared.errors);
    }

    /// CRC-32C, bit by bit (a test's few bytes).
    fn crc32c(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0x82F6_3B78
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
}
