//! The bytes of a `records` field shown as what they are: RecordBatch v2
//! headers, then their records.
//!
//! Self-contained and minimal on purpose: a page needs a batch's header fields
//! and the place of each record, not a records codec. Anything that does not
//! parse as a v2 batch (an older message set, a cut-off batch, compressed
//! records) is shown as one raw node, never as an error: the codec itself takes
//! a records field as opaque bytes.

use crate::layout::{Category, Node};

/// The size of a RecordBatch v2 header, and so of an empty batch: 61 bytes.
pub const BATCH_HEADER_LEN: usize = 61;

/// Bytes before the `crc` field's coverage starts (base offset, batch length,
/// leader epoch, magic, crc).
const CRC_START: usize = 21;

/// CRC-32C (Castagnoli), the checksum of RecordBatch v2.
///
/// ```
/// assert_eq!(kafka_wire_pages::crc32c(b"123456789"), 0xe306_9283);
/// ```
pub fn crc32c(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = crc_table();
    let mut crc = !0u32;
    for &b in data {
        crc = TABLE[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

const fn crc_table() -> [u32; 256] {
    // The reflected Castagnoli polynomial.
    const POLY: u32 = 0x82f6_3b78;
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ POLY } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// One empty RecordBatch v2, the records of a sample instance: every number
/// zero except the batch length (49), the magic (2) and the CRC, which covers
/// the bytes after it.
///
/// ```
/// let batch = kafka_wire_pages::empty_record_batch();
/// assert_eq!(batch.len(), 61);
/// assert_eq!(batch[16], 2); // magic
/// ```
pub fn empty_record_batch() -> Vec<u8> {
    let mut b = Vec::with_capacity(BATCH_HEADER_LEN);
    b.extend_from_slice(&0i64.to_be_bytes()); // base offset
    b.extend_from_slice(&((BATCH_HEADER_LEN - 12) as i32).to_be_bytes()); // batch length
    b.extend_from_slice(&0i32.to_be_bytes()); // partition leader epoch
    b.push(2); // magic
    b.extend_from_slice(&[0; 4]); // crc, written below
    b.extend_from_slice(&0i16.to_be_bytes()); // attributes
    b.extend_from_slice(&0i32.to_be_bytes()); // last offset delta
    b.extend_from_slice(&0i64.to_be_bytes()); // base timestamp
    b.extend_from_slice(&0i64.to_be_bytes()); // max timestamp
    b.extend_from_slice(&0i64.to_be_bytes()); // producer id
    b.extend_from_slice(&0i16.to_be_bytes()); // producer epoch
    b.extend_from_slice(&0i32.to_be_bytes()); // base sequence
    b.extend_from_slice(&0i32.to_be_bytes()); // record count
    let crc = crc32c(&b[CRC_START..]);
    b[17..21].copy_from_slice(&crc.to_be_bytes());
    b
}

/// Lays out `bytes` (a records field's contents, at `offset` in the frame) as
/// batches. Never fails: what does not parse becomes a raw node.
pub(crate) fn batches(bytes: &[u8], offset: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut index = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let Some(len) = batch_len(rest) else {
            out.push(raw(
                "unparsed",
                rest,
                offset + at,
                "bytes that do not hold a whole RecordBatch v2",
                Category::RecordBatch,
            ));
            break;
        };
        out.push(batch(&rest[..len], offset + at, index));
        at += len;
        index += 1;
    }
    out
}

/// The size of the v2 batch at the start of `bytes`, when it is whole.
fn batch_len(bytes: &[u8]) -> Option<usize> {
    let length = i32::from_be_bytes(bytes.get(8..12)?.try_into().ok()?);
    let total = 12usize.checked_add(usize::try_from(length).ok()?)?;
    let magic = *bytes.get(16)?;
    (magic == 2 && total >= BATCH_HEADER_LEN && total <= bytes.len()).then_some(total)
}

/// A reader over one batch that names each field it takes.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
    base: usize,
    out: Vec<Node>,
}

impl Fields<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        s
    }

    fn int(&mut self, name: &str, n: usize, doc: &str) -> i64 {
        let start = self.at;
        let v = self
            .take(n)
            .iter()
            .fold(0i64, |acc, &b| (acc << 8) | i64::from(b));
        // Sign-extend what was read big-endian.
        let shift = 64 - 8 * n as u32;
        let v = (v << shift) >> shift;
        let type_name = match n {
            1 => "int8",
            2 => "int16",
            4 => "int32",
            _ => "int64",
        };
        self.push(name, type_name, v.to_string(), start, doc);
        v
    }

    fn push(&mut self, name: &str, type_name: &str, value: String, start: usize, doc: &str) {
        self.out.push(Node::new(
            name,
            type_name,
            Some(value),
            self.base + start,
            self.at - start,
            doc,
            Category::RecordBatch,
        ));
    }
}

/// One whole v2 batch (`batch_len` checked the size and the magic).
fn batch(bytes: &[u8], offset: usize, index: usize) -> Node {
    let mut f = Fields {
        bytes,
        at: 0,
        base: offset,
        out: Vec::new(),
    };
    f.int("baseOffset", 8, "offset of the first record");
    f.int("batchLength", 4, "bytes that follow this field");
    f.int("partitionLeaderEpoch", 4, "leader epoch of the writer");
    f.int("magic", 1, "record format version: 2");
    let start = f.at;
    let crc = u32::from_be_bytes(f.take(4).try_into().unwrap_or_default());
    let computed = crc32c(&bytes[CRC_START..]);
    let verdict = if crc == computed {
        format!("0x{crc:08x} (valid)")
    } else {
        format!("0x{crc:08x} (computed 0x{computed:08x})")
    };
    f.push(
        "crc",
        "uint32",
        verdict,
        start,
        "CRC-32C of the bytes from attributes to the end",
    );
    let attributes = f.int(
        "attributes",
        2,
        "compression, timestamp type, transactional, control",
    );
    f.int(
        "lastOffsetDelta",
        4,
        "offset of the last record, from baseOffset",
    );
    f.int("baseTimestamp", 8, "timestamp of the first record");
    f.int("maxTimestamp", 8, "largest timestamp in the batch");
    f.int(
        "producerId",
        8,
        "idempotent or transactional producer, or -1",
    );
    f.int("producerEpoch", 2, "epoch of the producer id");
    f.int("baseSequence", 4, "sequence number of the first record");
    let count = f.int("recordCount", 4, "records that follow");
    let records = &bytes[BATCH_HEADER_LEN..];
    let records_at = offset + BATCH_HEADER_LEN;
    if !records.is_empty() {
        let codec = attributes & 0x07;
        if codec != 0 {
            let name = match codec {
                1 => "gzip",
                2 => "snappy",
                3 => "lz4",
                4 => "zstd",
                _ => "unknown codec",
            };
            f.out.push(raw(
                "records",
                records,
                records_at,
                &format!("{count} records, compressed with {name}"),
                Category::Record,
            ));
        } else {
            f.out.extend(record_nodes(records, records_at));
        }
    }
    let mut node = Node::new(
        format!("RecordBatch[{index}]"),
        "RecordBatch",
        Some(format!("v2, {count} records")),
        offset,
        bytes.len(),
        "",
        Category::RecordBatch,
    );
    node.children = f.out;
    node
}

/// The records of an uncompressed batch, one node each; what does not parse
/// as records is one raw node.
fn record_nodes(bytes: &[u8], offset: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let mut r = VarReader { bytes, at: 0 };
    let mut index = 0;
    while r.at < bytes.len() {
        let start = r.at;
        match record(&mut r, offset, index) {
            Some(node) => out.push(node),
            None => {
                out.push(raw(
                    "unparsed",
                    &bytes[start..],
                    offset + start,
                    "bytes that do not parse as a record",
                    Category::Record,
                ));
                break;
            }
        }
        index += 1;
    }
    out
}

struct VarReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl VarReader<'_> {
    /// A zigzag varlong (records use signed varints throughout).
    fn varlong(&mut self) -> Option<i64> {
        let mut v: u64 = 0;
        for i in 0..10 {
            let b = *self.bytes.get(self.at)?;
            self.at += 1;
            v |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                return Some((v >> 1) as i64 ^ -((v & 1) as i64));
            }
        }
        None
    }

    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
}

/// One record: length, attributes, deltas, key, value, headers.
fn record(r: &mut VarReader<'_>, base: usize, index: usize) -> Option<Node> {
    let start = r.at;
    let mut children = Vec::new();
    let field = |r: &mut VarReader<'_>,
                 name: &str,
                 value: String,
                 from: usize,
                 doc: &str,
                 children: &mut Vec<Node>| {
        children.push(Node::new(
            name,
            "varint",
            Some(value),
            base + from,
            r.at - from,
            doc,
            Category::Record,
        ));
    };
    let length = r.varlong()?;
    field(
        r,
        "length",
        length.to_string(),
        start,
        "bytes in the record after this field",
        &mut children,
    );
    let body_end = r.at.checked_add(usize::try_from(length).ok()?)?;
    if body_end > r.bytes.len() {
        return None;
    }
    let at = r.at;
    let attributes = r.take(1)?[0];
    children.push(Node::new(
        "attributes",
        "int8",
        Some(attributes.to_string()),
        base + at,
        1,
        "unused",
        Category::Record,
    ));
    for (name, doc) in [
        ("timestampDelta", "from the batch's baseTimestamp"),
        ("offsetDelta", "from the batch's baseOffset"),
    ] {
        let at = r.at;
        let v = r.varlong()?;
        field(r, name, v.to_string(), at, doc, &mut children);
    }
    for name in ["key", "value"] {
        children.push(sized(r, name, base)?);
    }
    let at = r.at;
    let headers = r.varlong()?;
    field(
        r,
        "headerCount",
        headers.to_string(),
        at,
        "record headers that follow",
        &mut children,
    );
    for i in 0..headers.max(0) {
        let at = r.at;
        let key = sized(r, "headerKey", base)?;
        let value = sized(r, "headerValue", base)?;
        let mut header = Node::new(
            format!("header[{i}]"),
            "Header",
            None,
            base + at,
            r.at - at,
            "",
            Category::Record,
        );
        header.children = vec![key, value];
        children.push(header);
        if r.at > body_end {
            return None;
        }
    }
    if r.at != body_end {
        return None;
    }
    let mut node = Node::new(
        format!("Record[{index}]"),
        "Record",
        None,
        base + start,
        r.at - start,
        "",
        Category::Record,
    );
    node.children = children;
    Some(node)
}

/// A varint length (-1 for null), then that many bytes.
fn sized(r: &mut VarReader<'_>, name: &str, base: usize) -> Option<Node> {
    let at = r.at;
    let len = r.varlong()?;
    let value = if len < 0 {
        "null".to_string()
    } else {
        let data = r.take(usize::try_from(len).ok()?)?;
        crate::walk::bytes_text(data)
    };
    Some(Node::new(
        name,
        "varbytes",
        Some(value),
        base + at,
        r.at - at,
        "",
        Category::Record,
    ))
}

fn raw(name: &str, bytes: &[u8], offset: usize, doc: &str, category: Category) -> Node {
    Node::new(
        name,
        "bytes",
        Some(format!("{} bytes", bytes.len())),
        offset,
        bytes.len(),
        doc,
        category,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32c_check_values() {
        assert_eq!(crc32c(b""), 0);
        assert_eq!(crc32c(b"123456789"), 0xe306_9283);
        assert_eq!(crc32c(&[0u8; 32]), 0x8a91_36aa);
    }

    #[test]
    fn the_empty_batch_lays_out_as_its_header() {
        let b = empty_record_batch();
        let nodes = batches(&b, 100);
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
    fn a_record_is_parsed_and_a_broken_one_is_raw() {
        let mut b = empty_record_batch();
        // length 7: attributes, timestamp delta 0, offset delta 0, key null
        // (-1 = 1), value "a" (len 1 = 2), no headers.
        let rec = [14u8, 0, 0, 0, 1, 2, b'a', 0];
        b.extend_from_slice(&rec);
        let len = (b.len() - 12) as i32;
        b[8..12].copy_from_slice(&len.to_be_bytes());
        b[57..61].copy_from_slice(&1i32.to_be_bytes());
        let nodes = batches(&b, 0);
        let record = nodes[0].children.last().unwrap();
        assert_eq!(record.name, "Record[0]");
        assert_eq!(record.size, rec.len());
        assert_eq!(record.children[4].value.as_deref(), Some("null"));
        // The same bytes cut short: the batch no longer parses and is raw.
        let nodes = batches(&b[..b.len() - 1], 0);
        assert_eq!(nodes[0].name, "unparsed");
        // A record whose length overruns the batch is raw inside the batch.
        let mut bad = b.clone();
        bad[61] = 40;
        let nodes = batches(&bad, 0);
        assert_eq!(nodes[0].children.last().unwrap().name, "unparsed");
    }
}
