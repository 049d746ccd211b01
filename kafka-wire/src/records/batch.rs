//! A record batch: its header, read once and checked, and the iterator over
//! the batches of a record set. Magic 2 is read here; a legacy entry (magic 0
//! or 1) is handed to [`legacy`](crate::records::legacy).

use core::fmt;
use core::iter::FusedIterator;

use bytes::Bytes;

use crate::records::record::RecordIter;
use crate::records::{
    compress, header as at, legacy, EntryFrame, ReadOptions, RecordsError, RecordsErrorKind,
    BATCH_HEADER_LEN, LOG_OVERHEAD, MAGIC,
};

/// The codec of a batch's records (attributes bits 0-2).
///
/// Every codec can be named; reading or writing one needs its feature
/// (`gzip`, `snappy`, `lz4`, `zstd`, or `compression` for all four).
/// Non-exhaustive: ids 5 to 7 are unassigned, and Kafka may assign them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Compression {
    /// Records stored as they are (id 0).
    #[default]
    None,
    /// gzip (id 1).
    Gzip,
    /// snappy (id 2): raw, or in the xerial framing the Java client writes.
    Snappy,
    /// lz4 (id 3), in the LZ4 frame format.
    Lz4,
    /// zstd (id 4).
    Zstd,
}

impl Compression {
    /// Every codec, in id order.
    pub const ALL: [Compression; 5] = [
        Compression::None,
        Compression::Gzip,
        Compression::Snappy,
        Compression::Lz4,
        Compression::Zstd,
    ];

    /// The id in the attributes, 0 to 4.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The codec of an id, or `None` for 5 to 7 (and anything larger).
    pub const fn from_id(id: u8) -> Option<Self> {
        match id {
            0 => Some(Compression::None),
            1 => Some(Compression::Gzip),
            2 => Some(Compression::Snappy),
            3 => Some(Compression::Lz4),
            4 => Some(Compression::Zstd),
            _ => None,
        }
    }

    /// The name Kafka configures it by (`compression.type`), which is also
    /// the name of its feature: `none`, `gzip`, `snappy`, `lz4`, `zstd`.
    pub const fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
            Compression::Snappy => "snappy",
            Compression::Lz4 => "lz4",
            Compression::Zstd => "zstd",
        }
    }

    /// Whether this build can read and write it.
    pub const fn is_enabled(self) -> bool {
        compress::enabled(self)
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a batch's timestamps mean (attributes bit 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimestampType {
    /// Each record carries the time its producer created it.
    #[default]
    CreateTime,
    /// The broker stamped the batch when it appended it: every record's
    /// timestamp is the batch's max timestamp.
    LogAppendTime,
    /// No timestamps at all: a magic 0 message (Java's `NO_TIMESTAMP_TYPE`).
    /// Its timestamps read as -1 ([`NO_TIMESTAMP`](crate::records::NO_TIMESTAMP)).
    NoTimestampType,
}

/// Attribute bits of a batch.
pub(crate) mod attr {
    pub const COMPRESSION: i16 = 0x07;
    pub const LOG_APPEND_TIME: i16 = 0x08;
    pub const TRANSACTIONAL: i16 = 0x10;
    pub const CONTROL: i16 = 0x20;
    pub const DELETE_HORIZON: i16 = 0x40;
}

/// One record batch, a zero-copy view of its bytes with the header read and
/// checked: the length, the magic, the compression id and (unless
/// [`ReadOptions::verify_crc`] turned it off) the CRC-32C.
///
/// # Magic 0 and 1
///
/// A legacy entry (one message of a magic 0 or 1 message set) is a batch too,
/// as Kafka's Java client makes each such entry a `RecordBatch`
/// (`AbstractLegacyRecordBatch`): [`magic`](Self::magic) says which. An
/// uncompressed entry holds one record, the message itself; a compressed one
/// (a *wrapper*) holds the messages its value decompresses to. Its CRC is a
/// CRC-32 of the message from its magic byte to its end. What the legacy
/// formats do not have reads as Java's legacy batch returns it: a partition
/// leader epoch, producer id, producer epoch and base sequence of -1, not
/// transactional, not control, no delete horizon, a last offset delta of 0,
/// and the base and max timestamps both the message's own timestamp (-1 for
/// magic 0, whose [`timestamp_type`](Self::timestamp_type) is
/// [`NoTimestampType`](TimestampType::NoTimestampType)).
///
/// A compressed wrapper's offset field is that of its *last* inner message
/// ([`offset_field`](Self::offset_field) and [`last_offset`](Self::last_offset));
/// [`base_offset`](Self::base_offset) is its first inner message's, as Java's
/// `baseOffset()`, and like it decompresses the wrapper to find it. One
/// differs from Java, as it would cost a decompression in a view that
/// decompresses only when its records are asked for:
/// [`record_count`](Self::record_count) is 1 for an uncompressed entry and -1
/// (unknown) for a wrapper (Java's `countOrNull()` is null for both).
///
/// The records are read only when asked for, by [`records`](Self::records).
/// Get batches from [`Records::batches`](crate::Records::batches), from
/// [`RecordBatch::parse`], or from a
/// [`RecordBatchBuilder`](crate::records::RecordBatchBuilder).
#[derive(Clone)]
pub struct RecordBatch {
    // The builder fills these in directly: it wrote the header itself.
    pub(crate) bytes: Bytes,
    pub(crate) base_offset: i64,
    pub(crate) partition_leader_epoch: i32,
    pub(crate) crc: u32,
    pub(crate) attributes: i16,
    pub(crate) last_offset_delta: i32,
    pub(crate) base_timestamp: i64,
    pub(crate) max_timestamp: i64,
    pub(crate) producer_id: i64,
    pub(crate) producer_epoch: i16,
    pub(crate) base_sequence: i32,
    pub(crate) record_count: i32,
    pub(crate) compression: Compression,
    pub(crate) max_uncompressed_size: usize,
    /// The byte position in the record set it was read from, for errors.
    pub(crate) position: Option<usize>,
    /// 2, or 0 and 1 for a legacy entry.
    pub(crate) magic: i8,
    /// Whether it was read with CRC checks (a legacy wrapper's records are
    /// then checked too).
    pub(crate) verify_crc: bool,
}

/// Two batches are equal when their bytes are: the header is read from them.
impl PartialEq for RecordBatch {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for RecordBatch {}

/// The `N` bytes at `at`, for a big-endian read (the caller checked the length).
#[inline(always)]
pub(crate) fn be<const N: usize>(b: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&b[at..at + N]);
    out
}

impl RecordBatch {
    /// Reads exactly one batch: `bytes` must hold the whole batch and nothing
    /// after it (a shorter input is [`Truncated`](RecordsErrorKind::Truncated),
    /// a longer one [`TrailingBytes`](RecordsErrorKind::TrailingBytes)).
    ///
    /// To read the batches of a record set, which may end with a partial
    /// batch, use [`Records::batches`](crate::Records::batches).
    pub fn parse(bytes: Bytes, options: ReadOptions) -> Result<Self, RecordsError> {
        let length = match framed_length(&bytes)? {
            Some(length) => length,
            None => {
                return Err(RecordsError::truncated(
                    "batch length",
                    LOG_OVERHEAD,
                    bytes.len(),
                ))
            }
        };
        let total = LOG_OVERHEAD + length;
        if bytes.len() < total {
            return Err(RecordsError::truncated("batch", total, bytes.len()));
        }
        if bytes.len() > total {
            return Err(RecordsErrorKind::TrailingBytes {
                count: bytes.len() - total,
                after: "the batch",
            }
            .into());
        }
        Self::from_framed(bytes, options)
    }

    /// Reads the header of `bytes`, which is exactly one entry of a record
    /// set: its length field says `bytes.len() - 12`, at least 14.
    pub(crate) fn from_framed(bytes: Bytes, options: ReadOptions) -> Result<Self, RecordsError> {
        let b = &bytes[..];
        // A legacy message's magic is at the same place as a batch's.
        let magic = b[at::MAGIC] as i8;
        if magic != MAGIC {
            if magic == 0 || magic == 1 {
                return legacy::read_entry(bytes, magic, options);
            }
            return Err(RecordsErrorKind::InvalidMagic { magic }.into());
        }
        let base_offset = i64::from_be_bytes(be(b, at::BASE_OFFSET));
        if b.len() < BATCH_HEADER_LEN {
            return Err(RecordsError::from(RecordsErrorKind::BatchLength {
                length: (b.len() - LOG_OVERHEAD) as i32,
                min: (BATCH_HEADER_LEN - LOG_OVERHEAD) as i32,
            })
            .in_batch(base_offset));
        }
        let attributes = i16::from_be_bytes(be(b, at::ATTRIBUTES));
        let id = (attributes & attr::COMPRESSION) as u8;
        let Some(compression) = Compression::from_id(id) else {
            return Err(
                RecordsError::from(RecordsErrorKind::UnknownCompression { id })
                    .in_batch(base_offset),
            );
        };
        let crc = u32::from_be_bytes(be(b, at::CRC));
        if options.verifies_crc() {
            check_crc(b, crc).map_err(|e| e.in_batch(base_offset))?;
        }
        Ok(RecordBatch {
            base_offset,
            partition_leader_epoch: i32::from_be_bytes(be(b, at::PARTITION_LEADER_EPOCH)),
            crc,
            attributes,
            last_offset_delta: i32::from_be_bytes(be(b, at::LAST_OFFSET_DELTA)),
            base_timestamp: i64::from_be_bytes(be(b, at::BASE_TIMESTAMP)),
            max_timestamp: i64::from_be_bytes(be(b, at::MAX_TIMESTAMP)),
            producer_id: i64::from_be_bytes(be(b, at::PRODUCER_ID)),
            producer_epoch: i16::from_be_bytes(be(b, at::PRODUCER_EPOCH)),
            base_sequence: i32::from_be_bytes(be(b, at::BASE_SEQUENCE)),
            record_count: i32::from_be_bytes(be(b, at::RECORD_COUNT)),
            compression,
            max_uncompressed_size: options.max_uncompressed(),
            position: None,
            magic: MAGIC,
            verify_crc: options.verifies_crc(),
            bytes,
        })
    }

    /// The batch's records, read lazily.
    ///
    /// Uncompressed records are slices of the batch. Compressed ones are
    /// decompressed here, into one buffer of at most
    /// [`ReadOptions::max_uncompressed_size`] bytes (more is
    /// [`UncompressedTooLarge`](RecordsErrorKind::UncompressedTooLarge)), and
    /// are slices of that buffer.
    ///
    /// A legacy entry (magic 0 or 1) yields its message, or, for a compressed
    /// wrapper, the messages its value decompresses to (within the same
    /// limit), each with its CRC-32 checked unless
    /// [`ReadOptions::verify_crc`] turned checks off; see
    /// [`RecordIter`] for their offsets and timestamps.
    pub fn records(&self) -> Result<RecordIter, RecordsError> {
        if self.magic != MAGIC {
            return legacy::records(self);
        }
        let in_batch = |e: RecordsError| self.locate(e);
        if self.record_count < 0 {
            return Err(in_batch(
                RecordsErrorKind::InvalidRecordCount {
                    count: self.record_count,
                }
                .into(),
            ));
        }
        let data = match self.compression {
            Compression::None => self.bytes.slice(BATCH_HEADER_LEN..),
            c => compress::decompress(
                c,
                &self.bytes[BATCH_HEADER_LEN..],
                self.max_uncompressed_size,
            )
            .map(Bytes::from)
            .map_err(|kind| in_batch(kind.into()))?,
        };
        let log_append_time =
            (self.attributes & attr::LOG_APPEND_TIME != 0).then_some(self.max_timestamp);
        Ok(RecordIter::new(
            data,
            self.record_count,
            self.base_offset,
            self.base_timestamp,
            log_append_time,
            self.position,
        ))
    }

    /// Adds where this batch is to an error about it.
    pub(crate) fn locate(&self, e: RecordsError) -> RecordsError {
        e.in_batch_at(self.base_offset, self.position)
    }

    /// Checks the CRC-32C (a legacy entry's CRC-32), for a batch read with
    /// [`ReadOptions::verify_crc`]`(false)`.
    pub fn verify_crc(&self) -> Result<(), RecordsError> {
        if self.magic != MAGIC {
            return legacy::check_crc(&self.bytes[LOG_OVERHEAD..]).map_err(|e| self.locate(e));
        }
        check_crc(&self.bytes, self.crc).map_err(|e| self.locate(e))
    }

    /// The whole batch, from its base offset to its last byte.
    pub fn as_bytes(&self) -> &Bytes {
        &self.bytes
    }

    /// The whole batch, from its base offset to its last byte.
    pub fn into_bytes(self) -> Bytes {
        self.bytes
    }

    /// The offset of the first record (and of the batch), as Java's
    /// `baseOffset()`: for a compressed legacy wrapper, its first inner
    /// message's, found by decompressing it (each call does; a wrapper
    /// whose messages cannot be read gives its
    /// [`offset_field`](Self::offset_field), the error being
    /// [`records`](Self::records)'); for any other batch or entry, its
    /// offset field (see [Magic 0 and 1](#magic-0-and-1)).
    pub fn base_offset(&self) -> i64 {
        if self.magic < MAGIC && self.compression != Compression::None {
            if let Some(Ok(first)) = self.records().ok().and_then(|mut r| r.next()) {
                return first.offset();
            }
        }
        self.base_offset
    }

    /// The offset field as stored, the first 8 bytes: a batch's base offset;
    /// a legacy entry's offset, which in a compressed wrapper is that of its
    /// *last* inner message (see [Magic 0 and 1](#magic-0-and-1)).
    pub fn offset_field(&self) -> i64 {
        self.base_offset
    }

    /// The length field: the bytes after the offset and the length, 12 fewer
    /// than [`as_bytes`](Self::as_bytes) holds.
    pub fn batch_length(&self) -> i32 {
        (self.bytes.len() - LOG_OVERHEAD) as i32
    }

    /// The leader epoch the broker stamped the batch with, -1 from a producer
    /// (and for a legacy entry, which has none).
    pub fn partition_leader_epoch(&self) -> i32 {
        self.partition_leader_epoch
    }

    /// The format: 2 for a record batch, 0 or 1 for a legacy entry.
    pub fn magic(&self) -> i8 {
        self.magic
    }

    /// The stored CRC-32C of the bytes from the attributes to the end (a
    /// legacy entry's: its CRC-32, of the message from its magic byte on).
    pub fn crc(&self) -> u32 {
        self.crc
    }

    /// The attributes, all 16 bits, as stored (a legacy message's one byte,
    /// sign-extended, as Java's `byte` reads).
    pub fn attributes(&self) -> i16 {
        self.attributes
    }

    /// The codec of the records.
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// What the timestamps mean: for magic 0, which has none,
    /// [`NoTimestampType`](TimestampType::NoTimestampType).
    pub fn timestamp_type(&self) -> TimestampType {
        if self.magic == 0 {
            TimestampType::NoTimestampType
        } else if self.attributes & attr::LOG_APPEND_TIME != 0 {
            TimestampType::LogAppendTime
        } else {
            TimestampType::CreateTime
        }
    }

    /// Whether the batch belongs to a transaction (never, for a legacy entry).
    pub fn is_transactional(&self) -> bool {
        self.magic == MAGIC && self.attributes & attr::TRANSACTIONAL != 0
    }

    /// Whether the batch holds control records (transaction markers and the
    /// like, see [`ControlRecordType`](crate::records::ControlRecordType));
    /// never, for a legacy entry.
    pub fn is_control(&self) -> bool {
        self.magic == MAGIC && self.attributes & attr::CONTROL != 0
    }

    /// The delete horizon a compacting broker set (attributes bit 6): it is
    /// then stored as the base timestamp. Never, for a legacy entry.
    pub fn delete_horizon_ms(&self) -> Option<i64> {
        (self.magic == MAGIC && self.attributes & attr::DELETE_HORIZON != 0)
            .then_some(self.base_timestamp)
    }

    /// The offset of the last record, relative to the base offset.
    pub fn last_offset_delta(&self) -> i32 {
        self.last_offset_delta
    }

    /// The offset of the last record: base offset + last offset delta.
    pub fn last_offset(&self) -> i64 {
        self.base_offset
            .wrapping_add(i64::from(self.last_offset_delta))
    }

    /// The timestamp the record timestamp deltas count from: the first
    /// record's, or the delete horizon.
    pub fn base_timestamp(&self) -> i64 {
        self.base_timestamp
    }

    /// The largest record timestamp, or the log append time.
    pub fn max_timestamp(&self) -> i64 {
        self.max_timestamp
    }

    /// The producer id, -1 for none.
    pub fn producer_id(&self) -> i64 {
        self.producer_id
    }

    /// The producer epoch, -1 for none.
    pub fn producer_epoch(&self) -> i16 {
        self.producer_epoch
    }

    /// The sequence number of the first record, -1 for none.
    pub fn base_sequence(&self) -> i32 {
        self.base_sequence
    }

    /// The number of records the header declares; for a legacy entry, which
    /// declares none, 1 when uncompressed and -1 (unknown until decompressed)
    /// for a compressed wrapper.
    pub fn record_count(&self) -> i32 {
        self.record_count
    }
}

impl fmt::Debug for RecordBatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordBatch")
            .field("base_offset", &self.base_offset)
            .field("magic", &self.magic)
            .field("batch_length", &self.batch_length())
            .field("partition_leader_epoch", &self.partition_leader_epoch)
            .field("crc", &format_args!("{:#010x}", self.crc))
            .field("compression", &self.compression)
            .field("timestamp_type", &self.timestamp_type())
            .field("transactional", &self.is_transactional())
            .field("control", &self.is_control())
            .field("delete_horizon_ms", &self.delete_horizon_ms())
            .field("last_offset_delta", &self.last_offset_delta)
            .field("base_timestamp", &self.base_timestamp)
            .field("max_timestamp", &self.max_timestamp)
            .field("producer_id", &self.producer_id)
            .field("producer_epoch", &self.producer_epoch)
            .field("base_sequence", &self.base_sequence)
            .field("record_count", &self.record_count)
            .finish()
    }
}

/// The CRC-32C Kafka stores: of the bytes from the attributes to the end.
#[inline]
pub(crate) fn batch_crc(batch: &[u8]) -> u32 {
    crc32c::crc32c(&batch[at::ATTRIBUTES..])
}

fn check_crc(batch: &[u8], stored: u32) -> Result<(), RecordsError> {
    let computed = batch_crc(batch);
    if computed == stored {
        Ok(())
    } else {
        Err(RecordsErrorKind::CrcMismatch { stored, computed }.into())
    }
}

/// The length field of the entry `rest` starts with, checked against the
/// smallest entry; `None` when fewer than 12 bytes remain.
#[inline]
fn framed_length(rest: &[u8]) -> Result<Option<usize>, RecordsError> {
    let Some(frame) = EntryFrame::read(rest) else {
        return Ok(None);
    };
    // At most LOG_OVERHEAD + i32::MAX: it fits a usize on every target
    // kafka-wire builds for (32 bits and up).
    Ok(Some(frame.size()? as usize - LOG_OVERHEAD))
}

/// The batches of a record set, from
/// [`Records::batches`](crate::Records::batches).
///
/// Yields every complete batch, then stops at the end or at a partial batch
/// (a broker may cut the last batch of a fetch response short, as Kafka's
/// Java consumer expects): [`remainder`](Self::remainder) holds what was left.
/// Legacy entries (magic 0 and 1) come out as batches too, one per message.
/// An error about one batch (a bad CRC, an unknown magic or codec) does not
/// end the iteration, since its length says where the next one starts; a
/// length that cannot be right (below 14) does.
#[derive(Debug, Clone)]
pub struct Batches {
    data: Bytes,
    pos: usize,
    options: ReadOptions,
    done: bool,
}

impl Batches {
    pub(crate) fn new(data: Bytes, options: ReadOptions) -> Self {
        Batches {
            data,
            pos: 0,
            options,
            done: false,
        }
    }

    /// The bytes not read yet; after the iteration ended, the partial batch
    /// at the end (empty when the record set ended with a whole batch), or
    /// everything from the entry whose length was invalid.
    pub fn remainder(&self) -> &[u8] {
        &self.data[self.pos..]
    }

    /// The byte position of the next batch in the record set.
    pub fn position(&self) -> usize {
        self.pos
    }
}

impl Iterator for Batches {
    type Item = Result<RecordBatch, RecordsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let at = self.pos;
        let rest = &self.data[at..];
        let length = match framed_length(rest) {
            Ok(Some(length)) => length,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(e) => {
                self.done = true;
                return Some(Err(e.at_position(at)));
            }
        };
        let total = LOG_OVERHEAD + length;
        if rest.len() < total {
            self.done = true;
            return None;
        }
        self.pos = at + total;
        let bytes = self.data.slice(at..at + total);
        Some(
            RecordBatch::from_framed(bytes, self.options)
                .map(|batch| RecordBatch {
                    position: Some(at),
                    ..batch
                })
                .map_err(|e| e.at_position(at)),
        )
    }
}

impl FusedIterator for Batches {}
