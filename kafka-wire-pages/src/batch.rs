//! The bytes of a `records` field shown as what they are: RecordBatch v2
//! headers, then their records, as `kafka_wire::records` reads them.
//!
//! The batches come from [`Records::batches`] (CRCs checked afterwards, so
//! that a bad one is shown, not hidden), each header field at its offset in
//! [`kafka_wire::records::header`], each record at its [`Record::span`] and its fields where
//! [`Record::layout`] puts them.
//! A legacy message (magic 0 or 1, which `kafka_wire::records` reads as a
//! batch too) is laid out at [`kafka_wire::records::legacy_header`]'s
//! offsets: offset, size, CRC-32, magic, attributes, timestamp (magic 1),
//! key and value; a compressed wrapper's value is one node of its messages,
//! compressed. What `kafka_wire::records` refuses (a batch cut short,
//! records that do not parse) is one raw node with the reason, never an
//! error of the page: the message codec takes a records field as opaque
//! bytes.

use core::ops::Range;

use kafka_wire::records::{
    header, legacy_header, Compression, ReadOptions, Record, RecordBatch, RecordsError,
    RecordsErrorKind, SizedLayout,
};
use kafka_wire::Records;

use crate::layout::{Category, Node};
use crate::render::bytes_text;

/// The size of a RecordBatch v2 header, and so of an empty batch: 61 bytes.
pub use kafka_wire::records::BATCH_HEADER_LEN;

/// One empty RecordBatch v2, the records of a sample instance:
/// [`Records::empty_batch`]'s bytes (every number zero except the batch
/// length, 49, the magic, 2, and the CRC-32C of the bytes after it).
///
/// ```
/// let batch = kafka_wire_pages::empty_record_batch();
/// assert_eq!(batch.len(), 61);
/// assert_eq!(batch[16], 2); // magic
/// ```
pub fn empty_record_batch() -> Vec<u8> {
    Records::empty_batch().0.to_vec()
}

/// Lays out `records` (a records field's contents, at `offset` in the frame)
/// as batches. Never fails: what does not read becomes a raw node.
pub(crate) fn batches(records: &Records, offset: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let mut batches = records.batches_with(ReadOptions::new().verify_crc(false));
    let (mut index, mut legacy) = (0, 0);
    loop {
        let at = batches.position();
        match batches.next() {
            None => break,
            Some(Ok(batch)) if batch.magic() < 2 => {
                out.push(legacy_node(&batch, offset + at, legacy));
                legacy += 1;
            }
            Some(Ok(batch)) => {
                out.push(batch_node(&batch, offset + at, index));
                index += 1;
            }
            // One entry refused; its length says where the next starts.
            Some(Err(e)) if batches.position() > at => out.push(raw(
                "unparsed",
                batches.position() - at,
                offset + at,
                &format!("not a RecordBatch v2: {}", e.kind()),
                Category::RecordBatch,
            )),
            Some(Err(e)) => {
                out.push(raw(
                    "unparsed",
                    batches.remainder().len(),
                    offset + at,
                    &format!("not a RecordBatch v2: {}", e.kind()),
                    Category::RecordBatch,
                ));
                return out;
            }
        }
    }
    let rest = batches.remainder().len();
    if rest > 0 {
        out.push(raw(
            "unparsed",
            rest,
            offset + batches.position(),
            "bytes that do not hold a whole RecordBatch v2",
            Category::RecordBatch,
        ));
    }
    out
}

/// The header fields of a batch: name, type, offset in the batch, doc.
#[rustfmt::skip]
const HEADER: [(&str, &str, usize, &str); 13] = [
    ("baseOffset", "int64", header::BASE_OFFSET, "offset of the first record"),
    ("batchLength", "int32", header::LENGTH, "bytes that follow this field"),
    ("partitionLeaderEpoch", "int32", header::PARTITION_LEADER_EPOCH, "leader epoch of the writer"),
    ("magic", "int8", header::MAGIC, "record format version: 2"),
    ("crc", "uint32", header::CRC, "CRC-32C of the bytes from attributes to the end"),
    ("attributes", "int16", header::ATTRIBUTES, "compression, timestamp type, transactional, control"),
    ("lastOffsetDelta", "int32", header::LAST_OFFSET_DELTA, "offset of the last record, from baseOffset"),
    ("baseTimestamp", "int64", header::BASE_TIMESTAMP, "timestamp of the first record"),
    ("maxTimestamp", "int64", header::MAX_TIMESTAMP, "largest timestamp in the batch"),
    ("producerId", "int64", header::PRODUCER_ID, "idempotent or transactional producer, or -1"),
    ("producerEpoch", "int16", header::PRODUCER_EPOCH, "epoch of the producer id"),
    ("baseSequence", "int32", header::BASE_SEQUENCE, "sequence number of the first record"),
    ("recordCount", "int32", header::RECORD_COUNT, "records that follow"),
];

/// One batch at `offset`: its header fields, then its records.
fn batch_node(batch: &RecordBatch, offset: usize, index: usize) -> Node {
    let crc = batch.crc();
    let crc = match batch.verify_crc().as_ref().map_err(RecordsError::kind) {
        Err(RecordsErrorKind::CrcMismatch { computed, .. }) => {
            format!("0x{crc:08x} (computed 0x{computed:08x})")
        }
        _ => format!("0x{crc:08x} (valid)"),
    };
    let values = [
        batch.base_offset().to_string(),
        batch.batch_length().to_string(),
        batch.partition_leader_epoch().to_string(),
        batch.magic().to_string(),
        crc,
        batch.attributes().to_string(),
        batch.last_offset_delta().to_string(),
        batch.base_timestamp().to_string(),
        batch.max_timestamp().to_string(),
        batch.producer_id().to_string(),
        batch.producer_epoch().to_string(),
        batch.base_sequence().to_string(),
        batch.record_count().to_string(),
    ];
    let mut children = Vec::with_capacity(HEADER.len() + 1);
    for (i, ((name, type_name, at, doc), value)) in HEADER.iter().zip(values).enumerate() {
        // Each field ends where the next starts, the last at the records.
        let end = HEADER.get(i + 1).map_or(BATCH_HEADER_LEN, |next| next.2);
        children.push(Node::new(
            *name,
            *type_name,
            Some(value),
            offset + at,
            end - at,
            *doc,
            Category::RecordBatch,
        ));
    }
    let len = batch.as_bytes().len();
    let records_at = offset + BATCH_HEADER_LEN;
    if len > BATCH_HEADER_LEN {
        match batch.compression() {
            Compression::None => children.extend(record_nodes(batch, records_at)),
            codec => children.push(raw(
                "records",
                len - BATCH_HEADER_LEN,
                records_at,
                &format!(
                    "{} records, compressed with {}",
                    batch.record_count(),
                    codec.name()
                ),
                Category::Record,
            )),
        }
    }
    let mut node = Node::new(
        format!("RecordBatch[{index}]"),
        "RecordBatch",
        Some(format!("v2, {} records", batch.record_count())),
        offset,
        len,
        "",
        Category::RecordBatch,
    );
    node.children = children;
    node
}

/// One legacy message-set entry (magic 0 or 1) at `offset`: its fields at
/// [`legacy_header`]'s offsets, the key and the value each a length and its
/// bytes; a compressed wrapper's value one node, its messages compressed.
fn legacy_node(batch: &RecordBatch, offset: usize, index: usize) -> Node {
    let bytes = batch.as_bytes();
    let magic = batch.magic();
    let crc = batch.crc();
    let crc = match batch.verify_crc().as_ref().map_err(RecordsError::kind) {
        Err(RecordsErrorKind::CrcMismatch { computed, .. }) => {
            format!("0x{crc:08x} (computed 0x{computed:08x})")
        }
        _ => format!("0x{crc:08x} (valid)"),
    };
    let field = |name: &str, type_name: &str, at: usize, len: usize, value: String, doc: &str| {
        Node::new(
            name,
            type_name,
            Some(value),
            offset + at,
            len,
            doc,
            Category::RecordBatch,
        )
    };
    let key_at = legacy_header::key_length(magic);
    let mut children = vec![
        field(
            "offset",
            "int64",
            legacy_header::OFFSET,
            8,
            batch.offset_field().to_string(),
            "the message's offset (a compressed wrapper's: its last message's)",
        ),
        field(
            "messageSize",
            "int32",
            legacy_header::SIZE,
            4,
            batch.batch_length().to_string(),
            "bytes that follow this field",
        ),
        field(
            "crc",
            "uint32",
            legacy_header::CRC,
            4,
            crc,
            "CRC-32 of the bytes from magic to the end",
        ),
        field(
            "magic",
            "int8",
            legacy_header::MAGIC,
            1,
            magic.to_string(),
            "message format version: 0 or 1",
        ),
        field(
            "attributes",
            "int8",
            legacy_header::ATTRIBUTES,
            1,
            batch.attributes().to_string(),
            "codec (bits 0-2), timestamp type (bit 3, magic 1)",
        ),
    ];
    let stored = bytes
        .get(legacy_header::TIMESTAMP..legacy_header::TIMESTAMP + 8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map(i64::from_be_bytes);
    if let (1, Some(timestamp)) = (magic, stored) {
        children.push(field(
            "timestamp",
            "int64",
            legacy_header::TIMESTAMP,
            8,
            timestamp.to_string(),
            "create or log append time, by the timestamp type",
        ));
    }
    // The key and the value: an int32 length (-1 null) and the bytes. The
    // entry read whole, so both are within it; a length past its end is
    // shown as what is there.
    let length = |at: usize| -> Option<i32> {
        bytes
            .get(at..at + 4)
            .map(|b| i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    let mut at = key_at;
    for name in ["key", "value"] {
        let Some(n) = length(at) else { break };
        let data = usize::try_from(n).ok().map(|n| n.min(bytes.len() - at - 4));
        let len = 4 + data.unwrap_or(0);
        let value = match data {
            None => "null".to_string(),
            Some(n) if name == "value" && batch.compression() != Compression::None => format!(
                "{n} bytes: messages compressed with {}",
                batch.compression().name()
            ),
            Some(n) => bytes_text(&bytes[at + 4..at + 4 + n]),
        };
        children.push(field(name, "bytes", at, len, value, ""));
        at += len;
    }
    let what = match batch.compression() {
        Compression::None => "a message".to_string(),
        codec => format!("a wrapper of messages compressed with {}", codec.name()),
    };
    let mut node = Node::new(
        format!("LegacyMessage[{index}]"),
        "LegacyMessage",
        Some(format!("v{magic}, {what}")),
        offset,
        bytes.len(),
        "",
        Category::RecordBatch,
    );
    node.children = children;
    node
}

/// The records of an uncompressed batch whose records start at `offset`, one
/// node each; from the first that does not read, one raw node.
fn record_nodes(batch: &RecordBatch, offset: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let data_len = batch.as_bytes().len() - BATCH_HEADER_LEN;
    let mut read = 0;
    let records = match batch.records() {
        Ok(records) => records,
        Err(e) => return vec![unparsed_records(&e, offset, data_len)],
    };
    for (index, record) in records.enumerate() {
        match record {
            Ok(record) => {
                let span = record.span();
                read = span.end;
                out.push(record_node(&record, offset, index));
            }
            Err(e) => {
                if read < data_len {
                    out.push(unparsed_records(&e, offset + read, data_len - read));
                }
                break;
            }
        }
    }
    out
}

fn unparsed_records(e: &RecordsError, offset: usize, len: usize) -> Node {
    raw(
        "unparsed",
        len,
        offset,
        &format!("bytes that do not read as records: {}", e.kind()),
        Category::Record,
    )
}

/// One record of the records data that starts at `data_at`: its fields,
/// each where [`Record::layout`] says it lies.
fn record_node(record: &Record, data_at: usize, index: usize) -> Node {
    let span = record.span();
    let mut node = Node::new(
        format!("Record[{index}]"),
        "Record",
        None,
        data_at + span.start,
        span.len(),
        "",
        Category::Record,
    );
    let Some(layout) = record.layout() else {
        return node;
    };
    let field = |name: &str, type_name: &str, at: &Range<usize>, value: String, doc: &str| {
        Node::new(
            name,
            type_name,
            Some(value),
            data_at + at.start,
            at.len(),
            doc,
            Category::Record,
        )
    };
    let sized = |name: &str, at: &SizedLayout, data: Option<&[u8]>| {
        let end = at.data.as_ref().map_or(at.length.end, |d| d.end);
        let value = data.map_or_else(|| "null".to_string(), bytes_text);
        field(name, "varbytes", &(at.length.start..end), value, "")
    };
    let length = span.len() - layout.length.len();
    node.children = vec![
        field(
            "length",
            "varint",
            &layout.length,
            length.to_string(),
            "bytes in the record after this field",
        ),
        field(
            "attributes",
            "int8",
            &layout.attributes,
            record.attributes().to_string(),
            "unused",
        ),
        field(
            "timestampDelta",
            "varint",
            &layout.timestamp_delta,
            record.timestamp_delta().to_string(),
            "from the batch's baseTimestamp",
        ),
        field(
            "offsetDelta",
            "varint",
            &layout.offset_delta,
            record.offset_delta().to_string(),
            "from the batch's baseOffset",
        ),
        sized("key", &layout.key, record.key()),
        sized("value", &layout.value, record.value()),
        field(
            "headerCount",
            "varint",
            &layout.header_count,
            record.header_count().to_string(),
            "record headers that follow",
        ),
    ];
    for (i, ((key_at, value_at), h)) in layout.headers.iter().zip(record.headers()).enumerate() {
        let end = value_at
            .data
            .as_ref()
            .map_or(value_at.length.end, |d| d.end);
        let mut header = Node::new(
            format!("header[{i}]"),
            "Header",
            None,
            data_at + key_at.length.start,
            end - key_at.length.start,
            "",
            Category::Record,
        );
        header.children = vec![
            sized("headerKey", key_at, Some(h.key)),
            sized("headerValue", value_at, h.value),
        ];
        node.children.push(header);
    }
    node
}

fn raw(name: &str, len: usize, offset: usize, doc: &str, category: Category) -> Node {
    Node::new(
        name,
        "bytes",
        Some(format!("{len} bytes")),
        offset,
        len,
        doc,
        category,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(bytes: &[u8], offset: usize) -> Vec<Node> {
        batches(&Records(bytes::Bytes::copy_from_slice(bytes)), offset)
    }

    #[test]
    fn the_empty_batch_lays_out_as_its_header() {
        let b = empty_record_batch();
        let nodes = nodes(&b, 100);
        assert_eq!(nodes.len(), 1);
        let batch = &nodes[0];
        assert_eq!((batch.offset, batch.size), (100, 61));
        assert_eq!(batch.children.len(), 13);
        assert!(batch.children[4]
            .value
            .as_deref()
            .unwrap()
            .ends_with("(valid)"));
        let sum: usize = batch.children.iter().map(|c| c.size).sum();
        assert_eq!(sum, 61);
    }

    #[test]
    fn a_record_is_shown_and_a_broken_one_is_raw() {
        let mut b = empty_record_batch();
        // length 7: attributes, timestamp delta 0, offset delta 0, key null
        // (-1 = 1), value "a" (len 1 = 2), no headers.
        let rec = [14u8, 0, 0, 0, 1, 2, b'a', 0];
        b.extend_from_slice(&rec);
        let len = (b.len() - 12) as i32;
        b[header::LENGTH..header::LENGTH + 4].copy_from_slice(&len.to_be_bytes());
        b[header::RECORD_COUNT..header::RECORD_COUNT + 4].copy_from_slice(&1i32.to_be_bytes());
        let shown = nodes(&b, 0);
        let record = shown[0].children.last().unwrap();
        assert_eq!(record.name, "Record[0]");
        assert_eq!(record.size, rec.len());
        assert_eq!(record.children[4].value.as_deref(), Some("null"));
        let sum: usize = record.children.iter().map(|c| c.size).sum();
        assert_eq!(sum, rec.len());
        // The CRC was not recomputed: it is shown, with the right one.
        assert!(shown[0].children[4]
            .value
            .as_deref()
            .unwrap()
            .contains("(computed 0x"));
        // The same bytes cut short: the batch is not whole, and is raw.
        let shown = nodes(&b[..b.len() - 1], 0);
        assert_eq!(shown[0].name, "unparsed");
        // A record whose length overruns the batch is raw inside the batch.
        let mut bad = b.clone();
        bad[61] = 40;
        let shown = nodes(&bad, 0);
        let last = shown[0].children.last().unwrap();
        assert_eq!(
            (last.name.as_str(), last.offset, last.size),
            ("unparsed", 61, 8)
        );
        // A length written longer than needed: laid out as written.
        let mut long = empty_record_batch();
        long.extend_from_slice(&[0x8e, 0x00, 0, 0, 0, 1, 2, b'a', 0]);
        let len = (long.len() - 12) as i32;
        long[header::LENGTH..header::LENGTH + 4].copy_from_slice(&len.to_be_bytes());
        long[header::RECORD_COUNT..header::RECORD_COUNT + 4].copy_from_slice(&1i32.to_be_bytes());
        let shown = nodes(&long, 0);
        let record = shown[0].children.last().unwrap();
        assert_eq!((record.name.as_str(), record.size), ("Record[0]", 9));
        let fields: Vec<_> = record
            .children
            .iter()
            .map(|f| (f.name.as_str(), f.offset - record.offset, f.size))
            .collect();
        assert_eq!(
            fields,
            [
                ("length", 0, 2),
                ("attributes", 2, 1),
                ("timestampDelta", 3, 1),
                ("offsetDelta", 4, 1),
                ("key", 5, 1),
                ("value", 6, 2),
                ("headerCount", 8, 1)
            ]
        );
    }
}
