//! Record batches (magic 2) and legacy message sets (magic 0 and 1): the
//! data of Produce and Fetch, read lazily and without copies from the bytes
//! of a [`Records`] field, and written by builders that compute every length
//! and checksum once.
//!
//! # Reading
//!
//! [`Records::batches`] iterates the batches of a record set; each
//! [`RecordBatch`] has its header read and its CRC-32C checked, and
//! [`RecordBatch::records`] iterates its [`Record`]s. Keys, values and
//! headers borrow from the batch's bytes (or, when compressed, from one
//! buffer of decompressed records): [`Record::key`] is a `&[u8]`,
//! [`Record::key_bytes`] a `Bytes` sharing that memory.
//!
//! ```
//! use kafka_wire::records::{Compression, Header, NewRecord, RecordBatchBuilder};
//! use kafka_wire::Records;
//!
//! let headers = [Header::new(b"trace", b"7f3a"), Header::without_value(b"retry")];
//! let mut builder = RecordBatchBuilder::new().compression(Compression::None);
//! builder.append(NewRecord::new(1_700_000_000_000).key(b"user-1").value(b"hello").headers(&headers))?;
//! builder.append(NewRecord::new(1_700_000_000_005).key(b"user-2"))?; // a null value
//! let records = Records::from(builder.build()?);
//!
//! for batch in records.batches() {
//!     let batch = batch?;
//!     for record in batch.records()? {
//!         let record = record?;
//!         println!("{} {:?} {:?}", record.offset(), record.key(), record.value());
//!         for header in record.headers() {
//!             println!("  {:?} = {:?}", header.key_str(), header.value);
//!         }
//!     }
//! }
//! # Ok::<(), kafka_wire::records::RecordsError>(())
//! ```
//!
//! # Wiring into Produce and Fetch
//!
//! A message field of Kafka type `records` is a [`Records`] (raw bytes,
//! zero-copy from the decoded frame), so bytes that are not a batch still
//! round-trip exactly. The batches are one call away:
//!
//! ```
//! # use kafka_wire::records::{NewRecord, RecordBatchBuilder, RecordsError};
//! # use kafka_wire::Records;
//! # struct PartitionProduceData { records: Option<Records> }
//! # struct PartitionData { records: Option<Records> }
//! // Produce: build a batch and put it in the partition's `records` field.
//! let mut builder = RecordBatchBuilder::new().producer(4000, 0, 0);
//! builder.append(NewRecord::new(1_700_000_000_000).value(b"payload"))?;
//! let produce = PartitionProduceData { records: Some(builder.build()?.into()) };
//!
//! // Fetch: iterate the batches of a partition's `records` field.
//! # let fetched = PartitionData { records: produce.records.clone() };
//! let mut values = Vec::new();
//! for batch in fetched.records.iter().flat_map(Records::batches) {
//!     for record in batch?.records()? {
//!         values.push(record?.value_bytes()); // a slice of the response, no copy
//!     }
//! }
//! assert_eq!(values.len(), 1);
//! # Ok::<(), RecordsError>(())
//! ```
//!
//! A fetch response may end with a partial batch (the broker cuts at its
//! size limit); [`Batches`] stops before it, and [`Batches::remainder`]
//! returns it. [`Records::batches_with`] sets how far one compressed batch
//! may expand, and whether CRCs are checked (they are by default).
//!
//! # Writing
//!
//! [`RecordBatchBuilder`] encodes each record as it is appended and, in
//! `build`, compresses, fills in the header and computes the CRC-32C, once.
//! Uncompressed, it writes what Kafka's Java `MemoryRecordsBuilder` writes,
//! byte for byte. Several batches make one [`Records`] through
//! `FromIterator`.
//!
//! # Compression
//!
//! Each codec has a feature (`compression` enables all four):
//!
//! | codec | feature | crate |
//! |---|---|---|
//! | gzip | `gzip` | `flate2` to compress; `miniz_oxide` (its pure-Rust backend) to inflate, one state per thread reset per member |
//! | snappy | `snappy` | `snap`; raw, and the xerial framing Java writes (and reads) |
//! | lz4 | `lz4` | `lz4_flex` blocks in Kafka's LZ4 frame (here), `twox-hash` checksums |
//! | zstd | `zstd` | `zstd` (libzstd, allocating through Rust's global allocator) |
//!
//! Decompression is bounded by [`ReadOptions::max_uncompressed_size`]
//! (64 MiB by default), checked while the data is produced: output grows with
//! what the codec decoded, never with a size the input declares, and a batch
//! that would expand past the limit is
//! [`UncompressedTooLarge`](RecordsErrorKind::UncompressedTooLarge). (zstd's
//! own window is bounded the same way, to at most `max(limit, 8 MiB)`.)
//!
//! # Magic 0 and 1
//!
//! Legacy message sets (magic 0, Kafka 0.8 to 0.9, and magic 1, 0.10) are
//! read and written. Kafka 4 dropped them (KIP-724): its brokers take only
//! Produce v3 and up, which carry magic 2, and write nothing else; but a
//! Kafka 3 broker still takes Produce v0 to v2 (magic 0 and 1), and any
//! broker serves the legacy segments that 0.10-era clients wrote and nothing
//! rewrote since, which Kafka's Java consumer still reads.
//!
//! **Reading.** [`Records::batches`] yields a legacy entry (an offset, a
//! size, and one message) as a [`RecordBatch`] as it yields magic 2 ones,
//! as Kafka's Java client makes each such entry a batch
//! (`AbstractLegacyRecordBatch`); [`RecordBatch::magic`] says which it is,
//! and one record set may mix them. Its CRC-32 (zlib's, over the message
//! from its magic byte, where magic 2 has a CRC-32C) is checked unless
//! [`ReadOptions::verify_crc`] turns checks off. An uncompressed entry holds
//! one [`Record`]: its message. A compressed one (a *wrapper*, gzip, snappy
//! or lz4) holds a message set in its value, which [`RecordBatch::records`]
//! decompresses within [`ReadOptions::max_uncompressed_size`] and reads as
//! Java does: magic 1 inner offsets count back from the wrapper's (which is
//! its last message's), magic 0 ones are absolute; a log-append-time
//! wrapper's timestamp overrides its messages'; each inner message's CRC-32
//! is checked too. Legacy records have no headers, and magic 0 no
//! timestamps (-1, [`TimestampType::NoTimestampType`]). What the formats
//! lack reads as Java's legacy batch returns it (see [`RecordBatch`]'s own
//! section for the list, and the two places it differs).
//!
//! **Writing.** [`LegacyRecordsBuilder`] writes what Kafka's Java
//! `MemoryRecordsBuilder` writes for magic 0 and 1, byte for byte when
//! uncompressed: one message per record at its absolute offset, or one
//! compressed wrapper around them (for lz4 with magic 0, with the frame
//! header checksum that Kafka computes wrongly, KAFKA-3160, as its readers
//! expect). [`RecordBatchBuilder`] writes magic 2 only.
//!
//! **Refused**, with typed errors: zstd below magic 2 (it came with magic 2,
//! in Kafka 2.1; [`NotInMagic`](RecordsErrorKind::NotInMagic), reading or
//! writing); record headers, and with magic 0 timestamps and a log append
//! time, when writing ([`NotInMagic`](RecordsErrorKind::NotInMagic) too: the
//! formats have no place for them, and Java refuses headers and drops magic 0
//! timestamps unwritten; refused here rather than lost); a wrapper inside a
//! wrapper ([`NestedCompression`](RecordsErrorKind::NestedCompression), as
//! Java refuses it); a wrapper with a null value or no message
//! ([`InvalidWrapper`](RecordsErrorKind::InvalidWrapper)), or whose magic 1
//! offset is below its last inner offset
//! ([`WrapperOffset`](RecordsErrorKind::WrapperOffset)); inner messages whose
//! sizes lie ([`Truncated`](RecordsErrorKind::Truncated),
//! [`MessageSize`](RecordsErrorKind::MessageSize)) or whose fields do not fill
//! them exactly ([`RecordSizeMismatch`](RecordsErrorKind::RecordSizeMismatch);
//! Java stops silently at a truncated inner message, and ignores trailing
//! bytes). Producer ids, transactions, control batches, delete horizons and
//! partition leader epochs exist only in magic 2: [`LegacyRecordsBuilder`]
//! has no way to set them.
//!
//! ```
//! # #[cfg(feature = "snappy")]
//! # fn main() -> Result<(), kafka_wire::records::RecordsError> {
//! use kafka_wire::records::{Compression, LegacyRecordsBuilder, NewRecord, NO_TIMESTAMP};
//!
//! // Produce v0 (magic 0): no timestamps.
//! let mut builder = LegacyRecordsBuilder::v0().compression(Compression::Snappy);
//! builder.append(NewRecord::new(NO_TIMESTAMP).key(b"k").value(b"v0 payload"))?;
//! let records = builder.build()?;
//! for batch in records.batches() {
//!     let batch = batch?;
//!     assert_eq!(batch.magic(), 0);
//!     for record in batch.records()? {
//!         assert_eq!(record?.value(), Some(&b"v0 payload"[..]));
//!     }
//! }
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "snappy"))]
//! # fn main() {}
//! ```
//!
//! # Safety on hostile input
//!
//! Nothing here panics on input or allocates by a length or count read from
//! it: every length is checked against the bytes that remain, record counts
//! only bound loops that consume input, and decompressed output is capped as
//! above. Every error is a [`RecordsError`] that says which batch (byte
//! position, base offset) and which record.

mod batch;
mod builder;
mod compress;
mod control;
mod error;
mod legacy;
mod record;
mod stamp;

pub use batch::{Batches, Compression, RecordBatch, TimestampType};
pub use builder::{NewRecord, RecordBatchBuilder};
pub use control::{ControlRecordType, EndTxnMarker};
pub use error::{RecordsError, RecordsErrorKind};
pub use legacy::LegacyRecordsBuilder;
pub use record::{Header, HeaderIter, Record, RecordIter, RecordLayout, SizedLayout};
pub use stamp::stamp_log_append_time;

use bytes::{Bytes, BytesMut};

use crate::Records;

/// The magic byte of a record batch: 2.
pub const MAGIC: i8 = 2;

/// The bytes of a batch header, from the base offset to the record count.
pub const BATCH_HEADER_LEN: usize = 61;

/// The base offset and length that frame every entry of a record set.
pub const LOG_OVERHEAD: usize = 12;

/// The default of [`ReadOptions::max_uncompressed_size`]: 64 MiB.
pub const DEFAULT_MAX_UNCOMPRESSED_SIZE: usize = 64 << 20;

/// No producer id (-1).
pub const NO_PRODUCER_ID: i64 = -1;
/// No producer epoch (-1).
pub const NO_PRODUCER_EPOCH: i16 = -1;
/// No sequence number (-1).
pub const NO_SEQUENCE: i32 = -1;
/// No timestamp (-1).
pub const NO_TIMESTAMP: i64 = -1;

/// The smallest length field an entry of a record set or log segment can
/// have: a magic 0 message's (Kafka's `LegacyRecord.RECORD_OVERHEAD_V0`).
pub const MIN_ENTRY_LENGTH: i32 = 14;

/// The offset and length in front of every entry of a record set or a log
/// segment (a batch, or a legacy message): [`LOG_OVERHEAD`] bytes, the
/// offset (int64) then the length (int32) of the bytes after them. This is
/// how the entries of a segment are split: each one's length says where the
/// next starts, so an entry can be skipped unread.
///
/// ```
/// use kafka_wire::records::{EntryFrame, NewRecord, RecordBatchBuilder, LOG_OVERHEAD};
///
/// let mut builder = RecordBatchBuilder::new().base_offset(42);
/// builder.append(NewRecord::new(1_700_000_000_000).value(b"v"))?;
/// let batch = builder.build()?;
/// let frame = EntryFrame::read(batch.as_bytes()).expect("12 bytes");
/// assert_eq!(frame.offset, 42);
/// assert_eq!(frame.size()?, batch.as_bytes().len() as u64);
/// assert_eq!(EntryFrame::read(&batch.as_bytes()[..LOG_OVERHEAD - 1]), None);
/// # Ok::<(), kafka_wire::records::RecordsError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryFrame {
    /// The offset field: a batch's base offset, a legacy message's offset
    /// (a compressed wrapper's: its last inner message's).
    pub offset: i64,
    /// The length field: the entry's bytes after these [`LOG_OVERHEAD`].
    pub length: i32,
}

impl EntryFrame {
    /// The frame at the start of `bytes`; `None` when they are fewer than
    /// [`LOG_OVERHEAD`].
    pub fn read(bytes: &[u8]) -> Option<Self> {
        let frame: &[u8; LOG_OVERHEAD] = bytes.get(..LOG_OVERHEAD)?.try_into().ok()?;
        let (offset, length) = frame.split_at(8);
        Some(EntryFrame {
            offset: i64::from_be_bytes(offset.try_into().ok()?),
            length: i32::from_be_bytes(length.try_into().ok()?),
        })
    }

    /// The whole entry's size, frame included: [`LOG_OVERHEAD`] + the
    /// length. A length below [`MIN_ENTRY_LENGTH`] frames no entry, and
    /// where the next one starts is lost:
    /// [`BatchLength`](RecordsErrorKind::BatchLength).
    pub fn size(&self) -> Result<u64, RecordsError> {
        if self.length < MIN_ENTRY_LENGTH {
            return Err(RecordsErrorKind::BatchLength {
                length: self.length,
                min: MIN_ENTRY_LENGTH,
            }
            .into());
        }
        // Both terms are non-negative and far below u64::MAX.
        Ok(LOG_OVERHEAD as u64 + self.length as u64)
    }
}

/// The layout of a batch header: where each field starts, as a byte offset
/// from the batch's first byte. Each field ends where the next starts; the
/// record count ends at [`BATCH_HEADER_LEN`], where the records begin.
///
/// ```
/// use kafka_wire::records::{header, BATCH_HEADER_LEN};
/// use kafka_wire::Records;
///
/// let batch = Records::empty_batch();
/// assert_eq!(batch.0[header::MAGIC], 2);
/// assert_eq!(header::RECORD_COUNT + 4, BATCH_HEADER_LEN);
/// ```
pub mod header {
    /// The base offset (int64): the offset of the first record.
    pub const BASE_OFFSET: usize = 0;
    /// The batch length (int32): the bytes after this field.
    pub const LENGTH: usize = 8;
    /// The partition leader epoch (int32).
    pub const PARTITION_LEADER_EPOCH: usize = 12;
    /// The magic byte (int8): 2.
    pub const MAGIC: usize = 16;
    /// The CRC-32C (uint32) of the bytes from [`ATTRIBUTES`] to the end.
    pub const CRC: usize = 17;
    /// The attributes (int16); the CRC-32C covers the bytes from here to
    /// the end of the batch.
    pub const ATTRIBUTES: usize = 21;
    /// The last offset delta (int32).
    pub const LAST_OFFSET_DELTA: usize = 23;
    /// The base timestamp (int64).
    pub const BASE_TIMESTAMP: usize = 27;
    /// The max timestamp (int64).
    pub const MAX_TIMESTAMP: usize = 35;
    /// The producer id (int64).
    pub const PRODUCER_ID: usize = 43;
    /// The producer epoch (int16).
    pub const PRODUCER_EPOCH: usize = 51;
    /// The base sequence (int32).
    pub const BASE_SEQUENCE: usize = 53;
    /// The record count (int32).
    pub const RECORD_COUNT: usize = 57;
}

/// Where the fields of a legacy message-set entry (magic 0 or 1) start, from
/// the entry's first byte (its offset), as [`header`] for a RecordBatch v2.
/// The key and the value are each an int32 length (-1 for null) and its
/// bytes, the value right after the key.
pub mod legacy_header {
    /// The offset (int64): the message's, or a compressed wrapper's last
    /// inner message's.
    pub const OFFSET: usize = 0;
    /// The message size (int32): the bytes after this field.
    pub const SIZE: usize = 8;
    /// The CRC-32 (uint32) of the bytes from [`MAGIC`] to the end.
    pub const CRC: usize = 12;
    /// The magic byte (int8): 0 or 1.
    pub const MAGIC: usize = 16;
    /// The attributes (int8): the codec (bits 0-2), and for magic 1 the
    /// timestamp type (bit 3).
    pub const ATTRIBUTES: usize = 17;
    /// The timestamp (int64), magic 1 only.
    pub const TIMESTAMP: usize = 18;

    /// Where the key's length (int32) is: after the attributes (magic 0) or
    /// the timestamp (magic 1).
    pub const fn key_length(magic: i8) -> usize {
        if magic == 0 {
            TIMESTAMP
        } else {
            TIMESTAMP + 8
        }
    }
}

/// How batches are read: whether to check the CRC-32C, and how far a
/// compressed batch may expand.
///
/// ```
/// use kafka_wire::records::ReadOptions;
///
/// let options = ReadOptions::new().max_uncompressed_size(8 << 20);
/// assert!(options.verifies_crc());
/// assert_eq!(options.max_uncompressed(), 8 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    verify_crc: bool,
    max_uncompressed_size: usize,
}

impl ReadOptions {
    /// Check the CRC, and allow 64 MiB of records per compressed batch.
    pub const fn new() -> Self {
        ReadOptions {
            verify_crc: true,
            max_uncompressed_size: DEFAULT_MAX_UNCOMPRESSED_SIZE,
        }
    }

    /// Whether to check each batch's CRC-32C (on by default, as Kafka's Java
    /// consumer's `check.crcs`). A proxy that forwards batches it trusts can
    /// turn it off, and check one with [`RecordBatch::verify_crc`].
    pub const fn verify_crc(mut self, verify: bool) -> Self {
        self.verify_crc = verify;
        self
    }

    /// The most bytes the records of one compressed batch may decompress to.
    pub const fn max_uncompressed_size(mut self, bytes: usize) -> Self {
        self.max_uncompressed_size = bytes;
        self
    }

    /// Whether the CRC-32C is checked.
    pub const fn verifies_crc(&self) -> bool {
        self.verify_crc
    }

    /// The decompression limit, in bytes.
    pub const fn max_uncompressed(&self) -> usize {
        self.max_uncompressed_size
    }
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl Records {
    /// The batches of this record set, checked with the default
    /// [`ReadOptions`]. No bytes are copied.
    pub fn batches(&self) -> Batches {
        self.batches_with(ReadOptions::new())
    }

    /// The batches of this record set, read with `options`.
    pub fn batches_with(&self, options: ReadOptions) -> Batches {
        Batches::new(self.0.clone(), options)
    }
}

impl Records {
    /// One batch of no records, every header field zero but its length,
    /// magic and CRC-32C: the 61 bytes a sample instance of a message holds in
    /// a `records` field ([`RecordBatchBuilder`] needs a record, as Kafka's
    /// builder writes nothing for none).
    ///
    /// ```
    /// use kafka_wire::Records;
    ///
    /// let records = Records::empty_batch();
    /// assert_eq!(records.0.len(), 61);
    /// let batch = records.batches().next().unwrap()?; // its CRC checks out
    /// assert_eq!((batch.magic(), batch.record_count(), batch.producer_id()), (2, 0, 0));
    /// # Ok::<(), kafka_wire::records::RecordsError>(())
    /// ```
    pub fn empty_batch() -> Records {
        let mut b = [0u8; BATCH_HEADER_LEN];
        let length = (BATCH_HEADER_LEN - LOG_OVERHEAD) as i32;
        b[header::LENGTH..header::LENGTH + 4].copy_from_slice(&length.to_be_bytes());
        b[header::MAGIC] = MAGIC as u8;
        let crc = batch::batch_crc(&b);
        b[header::CRC..header::CRC + 4].copy_from_slice(&crc.to_be_bytes());
        Records(Bytes::copy_from_slice(&b))
    }
}

impl From<RecordBatch> for Records {
    /// The batch's bytes, not copied.
    fn from(batch: RecordBatch) -> Self {
        Records(batch.into_bytes())
    }
}

impl FromIterator<RecordBatch> for Records {
    /// The batches one after another; one batch is not copied.
    fn from_iter<I: IntoIterator<Item = RecordBatch>>(iter: I) -> Self {
        let mut iter = iter.into_iter();
        let Some(first) = iter.next() else {
            return Records::default();
        };
        let Some(second) = iter.next() else {
            return first.into();
        };
        let mut buf = BytesMut::new();
        for batch in [first, second].into_iter().chain(iter) {
            buf.extend_from_slice(batch.as_bytes());
        }
        Records(Bytes::from(buf))
    }
}
