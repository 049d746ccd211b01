//! The one error type of the records codec: what went wrong, and in which
//! batch and record.

use core::fmt;

use crate::records::Compression;
use crate::{DecodeError, DecodeErrorKind};

/// What went wrong while reading or writing record batches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordsErrorKind {
    /// The input ended inside a batch, a record or one of their fields.
    #[error("truncated {field}: needed {needed} bytes, {remaining} remain")]
    Truncated {
        /// What was being read, e.g. `"batch header"`, `"record"`, `"key"`.
        field: &'static str,
        /// Bytes it needs at least.
        needed: usize,
        /// Bytes that were left.
        remaining: usize,
    },
    /// A varint of a record was longer than its type allows or overflowed it.
    #[error("malformed {field}: {error}")]
    Varint {
        /// The field, e.g. `"timestamp delta"`.
        field: &'static str,
        /// What the varint decoder found.
        error: DecodeErrorKind,
    },
    /// A batch length too short for the entry it frames: below the 14 bytes of
    /// the smallest legacy message, below the 22 bytes of a magic 1 message,
    /// or below the 49 bytes a magic 2 batch header takes after its length
    /// field.
    #[error("batch length {length} is below the minimum of {min}")]
    BatchLength {
        /// The length field (bytes after the 12-byte offset and length prefix).
        length: i32,
        /// The smallest length allowed here.
        min: i32,
    },
    /// A magic byte no version of Kafka has written (or, inside a compressed
    /// legacy wrapper, a message that is not magic 0 or 1).
    #[error("invalid magic {magic}: not a record batch")]
    InvalidMagic {
        /// The byte at offset 16 (of the entry, or of the inner message).
        magic: i8,
    },
    /// The batch's CRC-32C does not match its bytes: the batch is corrupt.
    #[error("CRC-32C mismatch: the batch says {stored:#010x}, its bytes give {computed:#010x}")]
    CrcMismatch {
        /// The CRC in the batch header.
        stored: u32,
        /// The CRC of the bytes from the attributes to the end of the batch.
        computed: u32,
    },
    /// A legacy message's CRC-32 (not CRC-32C: magic 0 and 1 use the
    /// checksum of zlib) does not match its bytes: the message is corrupt.
    #[error("CRC-32 mismatch: the message says {stored:#010x}, its bytes give {computed:#010x}")]
    LegacyCrcMismatch {
        /// The CRC in the message.
        stored: u32,
        /// The CRC-32 of the message's bytes from its magic to its end.
        computed: u32,
    },
    /// What a legacy message set (magic 0 or 1) cannot hold: headers, zstd,
    /// producer ids, transactions, control records, or (magic 0) timestamps.
    /// Refused when writing, as Kafka's Java `MemoryRecordsBuilder` refuses
    /// it, and when reading a wrapper that claims zstd.
    #[error("magic {magic} cannot hold {what}")]
    NotInMagic {
        /// 0 or 1.
        magic: i8,
        /// What it cannot hold, e.g. `"record headers"`.
        what: &'static str,
    },
    /// A message inside a compressed legacy wrapper is itself compressed:
    /// wrappers do not nest (Kafka's Java reader refuses it too).
    #[error(
        "an inner message is {compression}-compressed: compressed legacy wrappers do not nest"
    )]
    NestedCompression {
        /// The inner message's codec.
        compression: Compression,
    },
    /// The size of a legacy message inside a compressed wrapper is below the
    /// smallest its magic allows (14 bytes for magic 0, 22 for magic 1).
    #[error("message size {size} is below the minimum of {min}")]
    MessageSize {
        /// The size field (bytes after the 12-byte offset and size prefix).
        size: i32,
        /// The smallest size allowed here.
        min: i32,
    },
    /// A compressed legacy wrapper that cannot be read: no value to
    /// decompress, or no message inside.
    #[error("invalid compressed wrapper: {reason}")]
    InvalidWrapper {
        /// What is wrong.
        reason: &'static str,
    },
    /// A compressed magic 1 wrapper whose offset (that of its last inner
    /// message) is neither 0 nor at least the last inner relative offset, so
    /// that the inner offsets cannot be made absolute (Kafka's Java reader
    /// refuses it too).
    #[error("wrapper offset {wrapper_offset} is below the last inner relative offset {last_inner_offset}")]
    WrapperOffset {
        /// The wrapper's offset field.
        wrapper_offset: i64,
        /// The relative offset of the last inner message.
        last_inner_offset: i64,
    },
    /// Compression bits (attributes bits 0-2) that name no codec.
    #[error("unknown compression codec id {id}")]
    UnknownCompression {
        /// The id, 5 to 7.
        id: u8,
    },
    /// The batch uses a codec this build of kafka-wire leaves out.
    #[error("the batch is {compression}-compressed, but kafka-wire was built without its `{compression}` feature")]
    CodecDisabled {
        /// The codec.
        compression: Compression,
    },
    /// The compressed records are not valid data of their codec.
    #[error("corrupt {compression} data: {reason}")]
    Corrupt {
        /// The codec.
        compression: Compression,
        /// What its decoder reported.
        reason: String,
    },
    /// Decompressing would produce more bytes than the limit allows.
    #[error("{compression} records expand past the limit of {limit} bytes (raise ReadOptions::max_uncompressed_size to read them)")]
    UncompressedTooLarge {
        /// The codec.
        compression: Compression,
        /// The limit in force.
        limit: usize,
    },
    /// A negative record count in the batch header.
    #[error("invalid record count {count}")]
    InvalidRecordCount {
        /// The count read.
        count: i32,
    },
    /// The records ended before the count the batch header declares.
    #[error("the batch declares {declared} records but holds {found}")]
    RecordCountMismatch {
        /// The record count of the header.
        declared: i32,
        /// The records found before the data ended.
        found: usize,
    },
    /// A length below -1, or below 0 where null is not allowed (a record
    /// length, a header count, a header key).
    #[error("invalid {field} {length}")]
    InvalidLength {
        /// The field, e.g. `"key length"`.
        field: &'static str,
        /// The length read.
        length: i64,
    },
    /// A record's fields do not fill exactly the length it declares.
    #[error("the record declares {declared} bytes but its fields take {used}")]
    RecordSizeMismatch {
        /// The record's length varint.
        declared: usize,
        /// The bytes its fields took.
        used: usize,
    },
    /// Bytes left over: after the last of the declared records, or after a
    /// batch given to [`RecordBatch::parse`](crate::records::RecordBatch::parse).
    #[error("{count} bytes follow {after}")]
    TrailingBytes {
        /// How many.
        count: usize,
        /// `"the last record"` or `"the batch"`.
        after: &'static str,
    },
    /// A control record key or end transaction marker that cannot be read.
    #[error("invalid control record: {reason}")]
    InvalidControlRecord {
        /// What is wrong.
        reason: &'static str,
    },
    /// A timestamp below -1 (-1 means "no timestamp"), refused as Kafka's
    /// Java builder refuses it.
    #[error("invalid timestamp {timestamp}: only -1 (none) may be negative")]
    InvalidTimestamp {
        /// The timestamp given.
        timestamp: i64,
    },
    /// An offset not above the previous record's: offsets in a batch increase.
    #[error("offset {offset} does not follow the previous offset {previous}")]
    OffsetNotIncreasing {
        /// The offset given.
        offset: i64,
        /// The last offset appended.
        previous: i64,
    },
    /// An offset whose delta to the base offset is negative or over `i32::MAX`.
    #[error("offset {offset} is outside 0..=i32::MAX of the base offset {base_offset}")]
    OffsetOutOfRange {
        /// The offset given.
        offset: i64,
        /// The batch's base offset.
        base_offset: i64,
    },
    /// A key, value, header, record or batch too long for its length field.
    #[error("{field} of {length} bytes exceeds the maximum of {max}")]
    TooLong {
        /// What is too long.
        field: &'static str,
        /// Its length.
        length: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A batch the builder cannot write as configured.
    #[error("invalid batch: {reason}")]
    InvalidBatch {
        /// What is wrong, and how to fix it.
        reason: &'static str,
    },
    /// A compression level the codec does not have.
    #[error("compression level {level} is outside {compression}'s range {min}..={max}")]
    InvalidCompressionLevel {
        /// The codec.
        compression: Compression,
        /// The level given.
        level: i32,
        /// The lowest level.
        min: i32,
        /// The highest level.
        max: i32,
    },
    /// The compressor failed.
    #[error("{compression} compression failed: {reason}")]
    Compress {
        /// The codec.
        compression: Compression,
        /// What it reported.
        reason: String,
    },
}

impl RecordsErrorKind {
    /// The kind's stable name in snake_case (`truncated`): for logs,
    /// metrics, JSON reports and tests, which should not match on messages.
    pub const fn name(&self) -> &'static str {
        match self {
            RecordsErrorKind::Truncated { .. } => "truncated",
            RecordsErrorKind::Varint { .. } => "varint",
            RecordsErrorKind::BatchLength { .. } => "batch_length",
            RecordsErrorKind::InvalidMagic { .. } => "invalid_magic",
            RecordsErrorKind::CrcMismatch { .. } => "crc_mismatch",
            RecordsErrorKind::LegacyCrcMismatch { .. } => "legacy_crc_mismatch",
            RecordsErrorKind::NotInMagic { .. } => "not_in_magic",
            RecordsErrorKind::NestedCompression { .. } => "nested_compression",
            RecordsErrorKind::MessageSize { .. } => "message_size",
            RecordsErrorKind::InvalidWrapper { .. } => "invalid_wrapper",
            RecordsErrorKind::WrapperOffset { .. } => "wrapper_offset",
            RecordsErrorKind::UnknownCompression { .. } => "unknown_compression",
            RecordsErrorKind::CodecDisabled { .. } => "codec_disabled",
            RecordsErrorKind::Corrupt { .. } => "corrupt",
            RecordsErrorKind::UncompressedTooLarge { .. } => "uncompressed_too_large",
            RecordsErrorKind::InvalidRecordCount { .. } => "invalid_record_count",
            RecordsErrorKind::RecordCountMismatch { .. } => "record_count_mismatch",
            RecordsErrorKind::InvalidLength { .. } => "invalid_length",
            RecordsErrorKind::RecordSizeMismatch { .. } => "record_size_mismatch",
            RecordsErrorKind::TrailingBytes { .. } => "trailing_bytes",
            RecordsErrorKind::InvalidControlRecord { .. } => "invalid_control_record",
            RecordsErrorKind::InvalidTimestamp { .. } => "invalid_timestamp",
            RecordsErrorKind::OffsetNotIncreasing { .. } => "offset_not_increasing",
            RecordsErrorKind::OffsetOutOfRange { .. } => "offset_out_of_range",
            RecordsErrorKind::TooLong { .. } => "too_long",
            RecordsErrorKind::InvalidBatch { .. } => "invalid_batch",
            RecordsErrorKind::InvalidCompressionLevel { .. } => "invalid_compression_level",
            RecordsErrorKind::Compress { .. } => "compress",
        }
    }
}

/// Reading or writing record batches failed: [`kind`](Self::kind) says what,
/// and, when known, [`position`](Self::position),
/// [`base_offset`](Self::base_offset) and [`record`](Self::record) say where.
///
/// One pointer wide, so a `Result<Record, RecordsError>` costs the success
/// path nothing extra.
///
/// ```
/// use bytes::Bytes;
/// use kafka_wire::records::{ReadOptions, RecordBatch, RecordsErrorKind};
///
/// let err = RecordBatch::parse(Bytes::from_static(&[0; 20]), ReadOptions::new()).unwrap_err();
/// assert!(matches!(err.kind(), RecordsErrorKind::BatchLength { length: 0, min: 14 }));
/// ```
pub struct RecordsError(Box<Inner>);

struct Inner {
    kind: RecordsErrorKind,
    position: Option<usize>,
    base_offset: Option<i64>,
    record: Option<usize>,
}

impl RecordsError {
    /// An error of `kind` with no location yet.
    #[cold]
    pub fn new(kind: RecordsErrorKind) -> Self {
        Self(Box::new(Inner {
            kind,
            position: None,
            base_offset: None,
            record: None,
        }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &RecordsErrorKind {
        &self.0.kind
    }

    /// The byte position of the batch in the record set it was read from.
    pub fn position(&self) -> Option<usize> {
        self.0.position
    }

    /// The base offset of the batch, once its header was read.
    pub fn base_offset(&self) -> Option<i64> {
        self.0.base_offset
    }

    /// The index of the record in its batch (0 is the first).
    pub fn record(&self) -> Option<usize> {
        self.0.record
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn at_position(mut self, position: usize) -> Self {
        self.0.position.get_or_insert(position);
        self
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn in_batch(mut self, base_offset: i64) -> Self {
        self.0.base_offset.get_or_insert(base_offset);
        self
    }

    /// Adds the batch (its base offset) and, when known, its position.
    #[cold]
    #[inline(never)]
    pub(crate) fn in_batch_at(self, base_offset: i64, position: Option<usize>) -> Self {
        let e = self.in_batch(base_offset);
        match position {
            Some(p) => e.at_position(p),
            None => e,
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn at_record(mut self, index: usize) -> Self {
        self.0.record.get_or_insert(index);
        self
    }

    /// The error for a varint of `field` that failed to decode.
    #[cold]
    #[inline(never)]
    pub(crate) fn varint(field: &'static str, e: DecodeError) -> Self {
        match *e.kind() {
            DecodeErrorKind::Truncated { needed, remaining } => RecordsErrorKind::Truncated {
                field,
                needed,
                remaining,
            },
            ref other => RecordsErrorKind::Varint {
                field,
                error: other.clone(),
            },
        }
        .into()
    }

    /// The error for `field` needing `needed` bytes of the `remaining`.
    #[cold]
    #[inline(never)]
    pub(crate) fn truncated(field: &'static str, needed: usize, remaining: usize) -> Self {
        RecordsErrorKind::Truncated {
            field,
            needed,
            remaining,
        }
        .into()
    }
}

impl From<RecordsErrorKind> for RecordsError {
    #[cold]
    fn from(kind: RecordsErrorKind) -> Self {
        Self::new(kind)
    }
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &*self.0;
        let mut sep = "";
        if let Some(p) = inner.position {
            write!(f, "batch at byte {p}")?;
            sep = ", ";
        }
        if let Some(o) = inner.base_offset {
            let lead = if sep.is_empty() { "batch with " } else { sep };
            write!(f, "{lead}base offset {o}")?;
            sep = ", ";
        }
        if let Some(r) = inner.record {
            write!(f, "{sep}record {r}")?;
            sep = ", ";
        }
        if sep.is_empty() {
            write!(f, "{}", inner.kind)
        } else {
            write!(f, ": {}", inner.kind)
        }
    }
}

impl fmt::Debug for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordsError")
            .field("kind", &self.0.kind)
            .field("position", &self.0.position)
            .field("base_offset", &self.0.base_offset)
            .field("record", &self.0.record)
            .finish()
    }
}

impl std::error::Error for RecordsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pointer_wide() {
        assert_eq!(
            core::mem::size_of::<RecordsError>(),
            core::mem::size_of::<usize>()
        );
    }

    #[test]
    fn display_says_where() {
        let e = RecordsError::from(RecordsErrorKind::InvalidLength {
            field: "key length",
            length: -7,
        });
        assert_eq!(e.to_string(), "invalid key length -7");
        let e = e.at_record(3).in_batch(42).at_position(120);
        assert_eq!(
            e.to_string(),
            "batch at byte 120, base offset 42, record 3: invalid key length -7"
        );
        let e = RecordsError::from(RecordsErrorKind::InvalidRecordCount { count: -1 }).in_batch(7);
        assert_eq!(
            e.to_string(),
            "batch with base offset 7: invalid record count -1"
        );
    }
}
