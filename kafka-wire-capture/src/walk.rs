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

fn read_records(bytes: &[u8], path: &str, sets: &mut RecordSets) {
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
