//! Legacy message sets (magic 0 and 1): each entry read as a
//! [`RecordBatch`], the messages of a compressed wrapper as [`Record`]s, and
//! [`LegacyRecordsBuilder`], which writes them as Kafka's Java
//! `MemoryRecordsBuilder` does.
//!
//! An entry is an offset (int64) and a size (int32), then the message:
//!
//! | field | type | |
//! |---|---|---|
//! | crc | uint32 | CRC-32 (zlib's, not CRC-32C) of the bytes from magic to the end |
//! | magic | int8 | 0 or 1 |
//! | attributes | int8 | bits 0-2 the codec, bit 3 (magic 1) log append time |
//! | timestamp | int64 | magic 1 only |
//! | key | int32 length, -1 for null, then the bytes | |
//! | value | int32 length, -1 for null, then the bytes | |
//!
//! A compressed entry (a *wrapper*) has a null key, and its value is a
//! compressed message set of uncompressed messages.

use bytes::Bytes;

use crate::records::batch::be;
use crate::records::builder::NewRecord;
use crate::records::record::Span;
use crate::records::{
    compress, Compression, ReadOptions, Record, RecordBatch, RecordIter, RecordsError,
    RecordsErrorKind, LOG_OVERHEAD, NO_PRODUCER_EPOCH, NO_PRODUCER_ID, NO_SEQUENCE, NO_TIMESTAMP,
};
use crate::Records;

/// The bytes before a message's magic byte in its entry: offset, size, CRC.
pub(crate) const PREFIX: usize = LOG_OVERHEAD + 4;

/// Where a message's fields start, from its first byte (the CRC): the
/// entry's layout ([`legacy_header`](crate::records::legacy_header)) less
/// its offset and size.
mod at {
    use crate::records::legacy_header as entry;
    pub const CRC: usize = 0;
    pub const MAGIC: usize = entry::MAGIC - entry::CRC;
    pub const ATTRIBUTES: usize = entry::ATTRIBUTES - entry::CRC;
    pub const TIMESTAMP: usize = entry::TIMESTAMP - entry::CRC;
}

/// Attributes bits of a legacy message.
const CODEC_MASK: i8 = 0x07;
const LOG_APPEND_TIME: i8 = 0x08;

/// The smallest message of `magic` (Java's `LegacyRecord.recordOverhead`):
/// CRC, magic, attributes, (timestamp,) and the two length fields.
const fn overhead(magic: i8) -> usize {
    if magic == 0 {
        14
    } else {
        22
    }
}

/// Where the key length is, from the message's first byte.
const fn key_at(magic: i8) -> usize {
    crate::records::legacy_header::key_length(magic) - crate::records::legacy_header::CRC
}

/// The fields of one message, its key and value as spans of the message.
struct Message {
    crc: u32,
    magic: i8,
    attributes: i8,
    timestamp: i64,
    key: Option<(usize, usize)>,
    value: Option<(usize, usize)>,
}

/// Reads the message `m` (from its CRC to its end), whose magic is 0 or 1
/// and which is at least [`overhead`] bytes long: its key and value must
/// fill it exactly.
fn parse(m: &[u8]) -> Result<Message, RecordsError> {
    let magic = m[at::MAGIC] as i8;
    debug_assert!(m.len() >= overhead(magic));
    let mut at = key_at(magic);
    let key = sized(m, &mut at, "key length", "key")?;
    if m.len() - at < 4 {
        return Err(RecordsError::truncated("value length", 4, m.len() - at));
    }
    let value = sized(m, &mut at, "value length", "value")?;
    if at != m.len() {
        return Err(RecordsErrorKind::RecordSizeMismatch {
            declared: m.len(),
            used: at,
        }
        .into());
    }
    Ok(Message {
        crc: u32::from_be_bytes(be(m, at::CRC)),
        magic,
        attributes: m[at::ATTRIBUTES] as i8,
        timestamp: if magic == 0 {
            NO_TIMESTAMP
        } else {
            i64::from_be_bytes(be(m, at::TIMESTAMP))
        },
        key,
        value,
    })
}

/// An int32 length at `*at` (-1 for null) and that many bytes; moves `*at`
/// past them. Four bytes for the length must remain.
fn sized(
    m: &[u8],
    at: &mut usize,
    len_field: &'static str,
    field: &'static str,
) -> Result<Option<(usize, usize)>, RecordsError> {
    let len = i32::from_be_bytes(be(m, *at));
    *at += 4;
    if len < 0 {
        if len == -1 {
            return Ok(None);
        }
        return Err(RecordsErrorKind::InvalidLength {
            field: len_field,
            length: i64::from(len),
        }
        .into());
    }
    let len = len as usize;
    let remaining = m.len() - *at;
    if len > remaining {
        return Err(RecordsError::truncated(field, len, remaining));
    }
    let start = *at;
    *at += len;
    Ok(Some((start, len)))
}

/// The CRC-32 of a message from its magic byte to its end.
fn crc32(m: &[u8]) -> u32 {
    crc32fast::hash(&m[at::MAGIC..])
}

/// Checks the CRC-32 of the message `m` (from its CRC field to its end).
pub(crate) fn check_crc(m: &[u8]) -> Result<(), RecordsError> {
    let stored = u32::from_be_bytes(be(m, at::CRC));
    let computed = crc32(m);
    if stored == computed {
        Ok(())
    } else {
        Err(RecordsErrorKind::LegacyCrcMismatch { stored, computed }.into())
    }
}

/// Reads a legacy entry (`bytes` is exactly one, at least 26 bytes long) as
/// a batch: its size, its CRC-32 (unless `options` turn checks off), its
/// codec and its fields.
#[cold]
#[inline(never)]
pub(crate) fn read_entry(
    bytes: Bytes,
    magic: i8,
    options: ReadOptions,
) -> Result<RecordBatch, RecordsError> {
    let offset = i64::from_be_bytes(be(&bytes, 0));
    let in_batch = |e: RecordsError| e.in_batch(offset);
    let m = &bytes[LOG_OVERHEAD..];
    // First the CRC (at least 14 bytes are there), as Java's ensureValid:
    // a corrupt magic byte is then a CRC mismatch, not a short message.
    if options.verifies_crc() {
        check_crc(m).map_err(in_batch)?;
    }
    let min = overhead(magic);
    if m.len() < min {
        return Err(in_batch(
            RecordsErrorKind::BatchLength {
                length: m.len() as i32,
                min: min as i32,
            }
            .into(),
        ));
    }
    let message = parse(m).map_err(in_batch)?;
    let id = (message.attributes & CODEC_MASK) as u8;
    let compression = match Compression::from_id(id) {
        None => return Err(in_batch(RecordsErrorKind::UnknownCompression { id }.into())),
        Some(c) => {
            check_codec(magic, c).map_err(in_batch)?;
            c
        }
    };
    Ok(RecordBatch {
        base_offset: offset,
        partition_leader_epoch: -1,
        crc: message.crc,
        attributes: i16::from(message.attributes),
        last_offset_delta: 0,
        base_timestamp: message.timestamp,
        max_timestamp: message.timestamp,
        producer_id: NO_PRODUCER_ID,
        producer_epoch: NO_PRODUCER_EPOCH,
        base_sequence: NO_SEQUENCE,
        record_count: if compression == Compression::None {
            1
        } else {
            -1
        },
        compression,
        max_uncompressed_size: options.max_uncompressed(),
        verify_crc: options.verifies_crc(),
        position: None,
        magic,
        bytes,
    })
}

/// How the messages of a [`RecordIter`] over legacy data are read.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Inner {
    /// Added to each inner offset (a magic 1 wrapper's); `None` when the
    /// offsets are absolute.
    relative_to: Option<i64>,
    /// Whether each message's CRC-32 is checked (not the entry of an
    /// uncompressed batch, checked with the batch).
    verify_crc: bool,
}

/// The records of a legacy batch: its message, or its wrapper's messages.
pub(crate) fn records(batch: &RecordBatch) -> Result<RecordIter, RecordsError> {
    let in_batch = |e: RecordsError| batch.locate(e);
    if batch.compression == Compression::None {
        return Ok(RecordIter::legacy(
            batch.bytes.clone(),
            1,
            batch.base_offset,
            None,
            batch.position,
            Inner::default(),
        ));
    }
    let m = &batch.bytes[LOG_OVERHEAD..];
    let wrapper = parse(m).map_err(in_batch)?;
    let Some((start, len)) = wrapper.value else {
        return Err(in_batch(
            RecordsErrorKind::InvalidWrapper {
                reason: "its value (the compressed messages) is null",
            }
            .into(),
        ));
    };
    let data = compress::decompress_legacy(
        batch.compression,
        batch.magic,
        &m[start..start + len],
        batch.max_uncompressed_size,
    )
    .map_err(|kind| in_batch(kind.into()))?;
    let (count, last) = frame(&data).map_err(in_batch)?;
    if count == 0 {
        return Err(in_batch(
            RecordsErrorKind::InvalidWrapper {
                reason: "it holds no message",
            }
            .into(),
        ));
    }
    let relative_to = if batch.magic == 0 {
        None
    } else if batch.base_offset == 0 {
        // As Java: a wrapper at offset 0 (a producer's) leaves them as stored.
        Some(0)
    } else if batch.base_offset < last {
        return Err(in_batch(
            RecordsErrorKind::WrapperOffset {
                wrapper_offset: batch.base_offset,
                last_inner_offset: last,
            }
            .into(),
        ));
    } else {
        Some(batch.base_offset - last)
    };
    let log_append_time = (wrapper.magic == 1 && wrapper.attributes & LOG_APPEND_TIME != 0)
        .then_some(wrapper.timestamp);
    Ok(RecordIter::legacy(
        Bytes::from(data),
        count,
        batch.base_offset,
        log_append_time,
        batch.position,
        Inner {
            relative_to,
            verify_crc: batch.verify_crc,
        },
    ))
}

/// Walks the entries of a wrapper's decompressed message set by their
/// offsets and sizes, which must tile it exactly: returns how many there are
/// and the last one's offset. Nothing is allocated.
fn frame(data: &[u8]) -> Result<(usize, i64), RecordsError> {
    let (mut pos, mut count, mut last) = (0, 0, 0);
    while pos < data.len() {
        let rest = &data[pos..];
        let at_record = |e: RecordsError| e.at_record(count);
        if rest.len() < LOG_OVERHEAD {
            return Err(at_record(RecordsError::truncated(
                "inner message offset and size",
                LOG_OVERHEAD,
                rest.len(),
            )));
        }
        let size = i32::from_be_bytes(be(rest, 8));
        if size < overhead(0) as i32 {
            return Err(at_record(
                RecordsErrorKind::MessageSize {
                    size,
                    min: overhead(0) as i32,
                }
                .into(),
            ));
        }
        let size = size as usize;
        if size > rest.len() - LOG_OVERHEAD {
            return Err(at_record(RecordsError::truncated(
                "inner message",
                size,
                rest.len() - LOG_OVERHEAD,
            )));
        }
        last = i64::from_be_bytes(be(rest, 0));
        count += 1;
        pos += LOG_OVERHEAD + size;
    }
    Ok((count, last))
}

/// Reads the entry at `pos` of `data`, framed already (see [`frame`]): its
/// CRC-32 (if asked), its magic, its fields, and that it is not compressed.
/// Returns the record and where the next entry starts.
pub(crate) fn read_message(
    data: &Bytes,
    pos: usize,
    log_append_time: Option<i64>,
    inner: Inner,
) -> Result<(Record, usize), RecordsError> {
    let offset = i64::from_be_bytes(be(data, pos));
    let size = i32::from_be_bytes(be(data, pos + 8)) as usize;
    let end = pos + LOG_OVERHEAD + size;
    let m = &data[pos + LOG_OVERHEAD..end];
    if inner.verify_crc {
        check_crc(m)?;
    }
    let magic = m[at::MAGIC] as i8;
    if magic != 0 && magic != 1 {
        return Err(RecordsErrorKind::InvalidMagic { magic }.into());
    }
    if size < overhead(magic) {
        return Err(RecordsErrorKind::MessageSize {
            size: size as i32,
            min: overhead(magic) as i32,
        }
        .into());
    }
    let message = parse(m)?;
    let id = (message.attributes & CODEC_MASK) as u8;
    if id != 0 {
        return Err(match Compression::from_id(id) {
            Some(compression) => RecordsErrorKind::NestedCompression { compression },
            None => RecordsErrorKind::UnknownCompression { id },
        }
        .into());
    }
    let timestamp = match (magic, log_append_time) {
        (0, _) => NO_TIMESTAMP,
        (_, Some(t)) => t,
        (_, None) => message.timestamp,
    };
    // Spans of the body, which starts at the magic byte.
    let span = |f: Option<(usize, usize)>| match f {
        Some((start, len)) => Span::new(start - at::MAGIC, len),
        None => Span::NULL,
    };
    let record = Record::legacy(
        data.slice(pos + PREFIX..end),
        pos,
        inner
            .relative_to
            .map_or(offset, |base| base.wrapping_add(offset)),
        timestamp,
        message.attributes,
        span(message.key),
        span(message.value),
    );
    Ok((record, end))
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/// The most bytes a key, value or message may take: an int32 size.
const MAX_LEN: usize = i32::MAX as usize;

fn not_in(magic: i8, what: &'static str) -> RecordsError {
    RecordsErrorKind::NotInMagic { magic, what }.into()
}

/// Refuses zstd, which came with magic 2 (Kafka 2.1), reading or writing.
fn check_codec(magic: i8, compression: Compression) -> Result<(), RecordsError> {
    match compression {
        Compression::Zstd => Err(not_in(magic, "zstd compression")),
        _ => Ok(()),
    }
}

/// Appends one entry: `offset`, the size, then the message with its CRC-32.
/// The lengths were checked.
fn put_entry(
    buf: &mut Vec<u8>,
    offset: i64,
    magic: i8,
    attributes: i8,
    timestamp: i64,
    key: Option<&[u8]>,
    value: Option<&[u8]>,
) {
    let size = overhead(magic) + key.map_or(0, <[u8]>::len) + value.map_or(0, <[u8]>::len);
    buf.reserve(LOG_OVERHEAD + size);
    buf.extend_from_slice(&offset.to_be_bytes());
    buf.extend_from_slice(&(size as i32).to_be_bytes());
    let crc_at = buf.len();
    buf.extend_from_slice(&[0; 4]);
    buf.extend_from_slice(&[magic as u8, attributes as u8]);
    if magic == 1 {
        buf.extend_from_slice(&timestamp.to_be_bytes());
    }
    for field in [key, value] {
        match field {
            Some(b) => {
                buf.extend_from_slice(&(b.len() as i32).to_be_bytes());
                buf.extend_from_slice(b);
            }
            None => buf.extend_from_slice(&(-1i32).to_be_bytes()),
        }
    }
    let crc = crc32fast::hash(&buf[crc_at + 4..]);
    buf[crc_at..crc_at + 4].copy_from_slice(&crc.to_be_bytes());
}

/// Writes a legacy message set (magic 0 or 1), as Kafka's Java
/// `MemoryRecordsBuilder` does for those magics, byte for byte when
/// uncompressed: what Produce v0 to v2 carry.
///
/// Uncompressed, each record becomes one message at its absolute offset (so
/// that the set reads back as one [`RecordBatch`] per record). Compressed,
/// the records become inner messages (at offsets relative to the base
/// offset for magic 1, absolute for magic 0) in one wrapper message, whose
/// offset is the last record's and whose timestamp (magic 1) is the largest
/// record timestamp, or the log append time.
///
/// What the legacy formats cannot hold is refused, as Java refuses it
/// ([`NotInMagic`](RecordsErrorKind::NotInMagic)): record headers and zstd
/// with either magic; with magic 0, timestamps (append with
/// [`NO_TIMESTAMP`], -1) and a log append time. (Java drops the timestamps
/// of magic 0 unwritten; here they are refused rather than lost.) Producer
/// ids, transactions, control records, a delete horizon and a partition
/// leader epoch, which magic 0 and 1 do not have either, cannot be set on
/// this builder at all: they are [`RecordBatchBuilder`] options
/// ([`RecordBatchBuilder`] writes magic 2 only).
///
/// [`RecordBatchBuilder`]: crate::records::RecordBatchBuilder
///
/// ```
/// # #[cfg(feature = "gzip")]
/// # fn main() -> Result<(), kafka_wire::records::RecordsError> {
/// use kafka_wire::records::{Compression, LegacyRecordsBuilder, NewRecord, TimestampType};
///
/// let mut builder = LegacyRecordsBuilder::v1().compression(Compression::Gzip).base_offset(100);
/// builder.append(NewRecord::new(1_700_000_000_000).key(b"k").value(b"v"))?;
/// builder.append(NewRecord::new(1_700_000_000_009).value(b"w"))?; // a null key
/// let records = builder.build()?; // one gzip wrapper
///
/// let wrapper = records.batches().next().unwrap()?;
/// assert_eq!((wrapper.magic(), wrapper.compression()), (1, Compression::Gzip));
/// assert_eq!(wrapper.last_offset(), 101); // a wrapper's offset is its last message's
/// assert_eq!((wrapper.offset_field(), wrapper.base_offset()), (101, 100)); // the first's, as Java's
/// assert_eq!(wrapper.max_timestamp(), 1_700_000_000_009);
/// assert_eq!(wrapper.timestamp_type(), TimestampType::CreateTime);
/// let read: Vec<_> = wrapper.records()?.collect::<Result<_, _>>()?;
/// assert_eq!((read[0].offset(), read[0].key(), read[0].value()), (100, Some(&b"k"[..]), Some(&b"v"[..])));
/// assert_eq!((read[1].offset(), read[1].timestamp(), read[1].key()), (101, 1_700_000_000_009, None));
/// assert_eq!(read[1].header_count(), 0);
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "gzip"))]
/// # fn main() {}
/// ```
#[derive(Debug, Clone)]
pub struct LegacyRecordsBuilder {
    magic: i8,
    /// The entries: the message set itself, or the wrapper's inner messages.
    buf: Vec<u8>,
    base_offset: i64,
    compression: Compression,
    level: Option<i32>,
    log_append_time: Option<i64>,
    max_timestamp: i64,
    last_offset: Option<i64>,
    count: i32,
}

impl LegacyRecordsBuilder {
    fn new(magic: i8) -> Self {
        LegacyRecordsBuilder {
            magic,
            buf: Vec::new(),
            base_offset: 0,
            compression: Compression::None,
            level: None,
            log_append_time: None,
            max_timestamp: NO_TIMESTAMP,
            last_offset: None,
            count: 0,
        }
    }

    /// A magic 0 message set: no timestamps. Uncompressed, at base offset 0.
    pub fn v0() -> Self {
        Self::new(0)
    }

    /// A magic 1 message set: create-time timestamps (or a log append time).
    /// Uncompressed, at base offset 0.
    pub fn v1() -> Self {
        Self::new(1)
    }

    /// 0 or 1.
    pub fn magic(&self) -> i8 {
        self.magic
    }

    /// The offset of the first record (default 0).
    pub fn base_offset(mut self, base_offset: i64) -> Self {
        self.base_offset = base_offset;
        self
    }

    /// The codec (default none): gzip, snappy or lz4 make one compressed
    /// wrapper of every record; zstd, which needs magic 2, is refused when a
    /// record is appended. A codec whose feature is off is
    /// [`CodecDisabled`](RecordsErrorKind::CodecDisabled) at `build`.
    pub fn compression(mut self, compression: Compression) -> Self {
        self.compression = compression;
        self
    }

    /// The codec's level, as [`RecordBatchBuilder::compression_level`](crate::records::RecordBatchBuilder::compression_level).
    pub fn compression_level(mut self, level: i32) -> Self {
        self.level = Some(level);
        self
    }

    /// Makes this a log-append-time set stamped `timestamp` (magic 1 only):
    /// every message (and the wrapper) carries it instead of the record's.
    pub fn log_append_time(mut self, timestamp: i64) -> Self {
        self.log_append_time = Some(timestamp);
        self
    }

    /// Appends a record at the next offset (the base offset, then one past
    /// the last); returns that offset.
    pub fn append(&mut self, record: NewRecord<'_>) -> Result<i64, RecordsError> {
        let offset = match self.last_offset {
            Some(last) => last.wrapping_add(1),
            None => self.base_offset,
        };
        self.push(offset, &record)?;
        Ok(offset)
    }

    /// Appends a record at `offset`, which must be above the last one's and
    /// within `i32::MAX` of the base offset, as Java requires.
    pub fn append_with_offset(
        &mut self,
        offset: i64,
        record: NewRecord<'_>,
    ) -> Result<(), RecordsError> {
        self.push(offset, &record)
    }

    /// The records appended so far.
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// Whether no record was appended yet (such a set cannot be built).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The bytes of the set so far, uncompressed: the messages, and for a
    /// compressed set the wrapper's own entry around them (Java's
    /// `uncompressedBytesWritten`).
    pub fn uncompressed_len(&self) -> usize {
        match self.compression {
            Compression::None => self.buf.len(),
            _ => LOG_OVERHEAD + overhead(self.magic) + self.buf.len(),
        }
    }

    /// Checks and writes one record; nothing changes unless it succeeds.
    fn push(&mut self, offset: i64, r: &NewRecord<'_>) -> Result<(), RecordsError> {
        let magic = self.magic;
        if !r.headers.is_empty() {
            return Err(not_in(magic, "record headers"));
        }
        check_codec(magic, self.compression)?;
        if magic == 0 {
            if self.log_append_time.is_some() {
                return Err(not_in(0, "a log append time"));
            }
            if r.timestamp != NO_TIMESTAMP {
                return Err(not_in(0, "timestamps (append with NO_TIMESTAMP, -1)"));
            }
        }
        if r.timestamp < NO_TIMESTAMP {
            return Err(RecordsErrorKind::InvalidTimestamp {
                timestamp: r.timestamp,
            }
            .into());
        }
        if let Some(previous) = self.last_offset {
            if offset <= previous {
                return Err(RecordsErrorKind::OffsetNotIncreasing { offset, previous }.into());
            }
        }
        let delta = match offset.checked_sub(self.base_offset) {
            Some(d @ 0..=0x7fff_ffff) => d,
            _ => {
                return Err(RecordsErrorKind::OffsetOutOfRange {
                    offset,
                    base_offset: self.base_offset,
                }
                .into())
            }
        };
        if self.count == i32::MAX {
            return Err(RecordsErrorKind::TooLong {
                field: "record count",
                length: self.len() + 1,
                max: MAX_LEN,
            }
            .into());
        }
        let (key, value) = (r.key, r.value);
        let size = overhead(magic)
            .saturating_add(key.map_or(0, <[u8]>::len))
            .saturating_add(value.map_or(0, <[u8]>::len));
        if size > MAX_LEN {
            return Err(RecordsErrorKind::TooLong {
                field: "message",
                length: size,
                max: MAX_LEN,
            }
            .into());
        }
        let lat = magic == 1 && self.log_append_time.is_some();
        let timestamp = match self.log_append_time {
            Some(t) if magic == 1 => t,
            _ => r.timestamp,
        };
        let stored_offset = if magic == 1 && self.compression != Compression::None {
            delta
        } else {
            offset
        };
        let attributes = if lat { LOG_APPEND_TIME } else { 0 };
        put_entry(
            &mut self.buf,
            stored_offset,
            magic,
            attributes,
            timestamp,
            key,
            value,
        );
        if magic == 1 {
            self.max_timestamp = self.max_timestamp.max(timestamp);
        }
        self.last_offset = Some(offset);
        self.count += 1;
        Ok(())
    }

    /// The message set: the messages as appended, or one wrapper holding
    /// them compressed. It needs at least one record.
    pub fn build(self) -> Result<Records, RecordsError> {
        let Some(last_offset) = self.last_offset else {
            return Err(RecordsErrorKind::InvalidBatch {
                reason: "a message set needs at least one record (Kafka's builder writes nothing for none)",
            }
            .into());
        };
        let c = self.compression;
        if c == Compression::None {
            return Ok(Records(Bytes::from(self.buf)));
        }
        let magic = self.magic;
        // The wrapper: offset, size, CRC, magic, attributes, (timestamp,)
        // a null key and the value's length, then the value compressed in
        // place after them.
        let head = LOG_OVERHEAD + overhead(magic);
        let mut out = Vec::with_capacity(head + self.buf.len() / 2 + 64);
        out.resize(head, 0);
        compress::compress_legacy(c, magic, self.level, &self.buf, &mut out)?;
        let value_len = out.len() - head;
        let size = overhead(magic) + value_len;
        if size > MAX_LEN {
            return Err(RecordsErrorKind::TooLong {
                field: "compressed wrapper",
                length: size,
                max: MAX_LEN,
            }
            .into());
        }
        let mut attributes = c.id() as i8;
        if magic == 1 && self.log_append_time.is_some() {
            attributes |= LOG_APPEND_TIME;
        }
        let timestamp = match self.log_append_time {
            Some(t) => t,
            None => self.max_timestamp,
        };
        let mut h = Vec::with_capacity(head);
        h.extend_from_slice(&last_offset.to_be_bytes());
        h.extend_from_slice(&(size as i32).to_be_bytes());
        h.extend_from_slice(&[0; 4]);
        h.extend_from_slice(&[magic as u8, attributes as u8]);
        if magic == 1 {
            h.extend_from_slice(&timestamp.to_be_bytes());
        }
        h.extend_from_slice(&(-1i32).to_be_bytes());
        h.extend_from_slice(&(value_len as i32).to_be_bytes());
        debug_assert_eq!(h.len(), head);
        out[..head].copy_from_slice(&h);
        let crc = crc32fast::hash(&out[PREFIX..]);
        out[LOG_OVERHEAD..PREFIX].copy_from_slice(&crc.to_be_bytes());
        Ok(Records(Bytes::from(out)))
    }
}
