//! Writing a batch: records are encoded as they are appended, each length
//! computed once before it is written; `build` compresses (when asked),
//! fills in the header and computes the CRC-32C, once.

use bytes::Bytes;

use crate::codec::{put_varint, put_varlong, varint_len, varlong_len};
use crate::records::batch::{attr, batch_crc};
use crate::records::{
    compress, header as at, Compression, ControlRecordType, EndTxnMarker, Header, RecordBatch,
    RecordsError, RecordsErrorKind, BATCH_HEADER_LEN, DEFAULT_MAX_UNCOMPRESSED_SIZE, LOG_OVERHEAD,
    MAGIC, NO_PRODUCER_EPOCH, NO_PRODUCER_ID, NO_SEQUENCE, NO_TIMESTAMP,
};

/// A record to append: a timestamp, a nullable key and value, and headers,
/// all borrowed; the builder copies them into the batch.
///
/// ```
/// use kafka_wire::records::{Header, NewRecord};
///
/// let headers = [Header::new(b"trace-id", b"abc"), Header::without_value(b"flag")];
/// let record = NewRecord::new(1_700_000_000_000).key(b"user-7").value(b"{}").headers(&headers);
/// assert_eq!(record.key, Some(&b"user-7"[..]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NewRecord<'a> {
    /// Milliseconds since the epoch, or -1 ([`NO_TIMESTAMP`]).
    pub timestamp: i64,
    /// The key, `None` for null.
    pub key: Option<&'a [u8]>,
    /// The value, `None` for null.
    pub value: Option<&'a [u8]>,
    /// The headers, in order.
    pub headers: &'a [Header<'a>],
}

impl<'a> NewRecord<'a> {
    /// A record with this timestamp, a null key and value, and no headers.
    pub const fn new(timestamp: i64) -> Self {
        NewRecord {
            timestamp,
            key: None,
            value: None,
            headers: &[],
        }
    }

    /// Sets the key.
    pub const fn key(mut self, key: &'a [u8]) -> Self {
        self.key = Some(key);
        self
    }

    /// Sets the value.
    pub const fn value(mut self, value: &'a [u8]) -> Self {
        self.value = Some(value);
        self
    }

    /// Sets the headers.
    pub const fn headers(mut self, headers: &'a [Header<'a>]) -> Self {
        self.headers = headers;
        self
    }
}

/// Writes one record batch (magic 2), as Kafka's Java `MemoryRecordsBuilder`
/// does, byte for byte when uncompressed: the base timestamp is the first
/// record's (or the delete horizon), the max timestamp the largest record
/// timestamp (or the log append time), and the producer fields default to -1.
///
/// Configure it first (the methods taking `self`), then append.
///
/// ```
/// use kafka_wire::records::{Compression, NewRecord, RecordBatchBuilder};
/// use kafka_wire::Records;
///
/// let mut builder = RecordBatchBuilder::new().compression(Compression::None);
/// builder.append(NewRecord::new(1_700_000_000_000).key(b"k").value(b"v"))?;
/// builder.append(NewRecord::new(1_700_000_000_001).value(b"w"))?;
/// let batch = builder.build()?;
/// assert_eq!((batch.record_count(), batch.last_offset_delta()), (2, 1));
///
/// let records = Records::from(batch); // a `records` field of a Produce request
/// let read: Vec<_> = records.batches().next().unwrap()?.records()?.collect::<Result<_, _>>()?;
/// assert_eq!(read[1].value(), Some(&b"w"[..]));
/// # Ok::<(), kafka_wire::records::RecordsError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RecordBatchBuilder {
    /// `BATCH_HEADER_LEN` bytes for the header, then the records.
    buf: Vec<u8>,
    base_offset: i64,
    partition_leader_epoch: i32,
    compression: Compression,
    level: Option<i32>,
    log_append_time: Option<i64>,
    transactional: bool,
    control: bool,
    delete_horizon: bool,
    producer_id: i64,
    producer_epoch: i16,
    base_sequence: i32,
    base_timestamp: Option<i64>,
    max_timestamp: i64,
    last_offset: Option<i64>,
    count: i32,
}

impl Default for RecordBatchBuilder {
    fn default() -> Self {
        Self::new()
    }
}

/// The bytes a nullable key, value or header value takes.
#[inline(always)]
fn nullable_len(b: Option<&[u8]>) -> usize {
    match b {
        Some(b) => varint_len(b.len() as i32) + b.len(),
        None => 1,
    }
}

#[inline(always)]
fn put_nullable(buf: &mut Vec<u8>, b: Option<&[u8]>) {
    match b {
        Some(b) => {
            put_varint(buf, b.len() as i32);
            buf.extend_from_slice(b);
        }
        None => put_varint(buf, -1),
    }
}

/// The most bytes a key, value, header or record may take: an int32 length.
const MAX_LEN: usize = i32::MAX as usize;

fn check_len(field: &'static str, length: usize) -> Result<(), RecordsError> {
    if length > MAX_LEN {
        Err(RecordsErrorKind::TooLong {
            field,
            length,
            max: MAX_LEN,
        }
        .into())
    } else {
        Ok(())
    }
}

fn invalid(reason: &'static str) -> RecordsError {
    RecordsErrorKind::InvalidBatch { reason }.into()
}

impl RecordBatchBuilder {
    /// An uncompressed create-time batch at base offset 0 (what a producer
    /// sends: the broker assigns the offsets), with no producer id.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// [`new`](Self::new), with room for `bytes` bytes of records.
    pub fn with_capacity(bytes: usize) -> Self {
        let mut buf = Vec::with_capacity(BATCH_HEADER_LEN.saturating_add(bytes));
        buf.resize(BATCH_HEADER_LEN, 0);
        RecordBatchBuilder {
            buf,
            base_offset: 0,
            partition_leader_epoch: -1,
            compression: Compression::None,
            level: None,
            log_append_time: None,
            transactional: false,
            control: false,
            delete_horizon: false,
            producer_id: NO_PRODUCER_ID,
            producer_epoch: NO_PRODUCER_EPOCH,
            base_sequence: NO_SEQUENCE,
            base_timestamp: None,
            max_timestamp: NO_TIMESTAMP,
            last_offset: None,
            count: 0,
        }
    }

    /// The offset of the first record (default 0).
    pub fn base_offset(mut self, base_offset: i64) -> Self {
        self.base_offset = base_offset;
        self
    }

    /// The codec of the records (default none). Building with a codec whose
    /// feature is off is [`CodecDisabled`](RecordsErrorKind::CodecDisabled).
    pub fn compression(mut self, compression: Compression) -> Self {
        self.compression = compression;
        self
    }

    /// The codec's level: gzip 0-9 (default 6, as Java's), zstd its levels
    /// (default 3, as Java's). snappy and lz4 (lz4_flex has one fast level,
    /// where Java defaults to lz4's high-compression level 9) ignore it.
    pub fn compression_level(mut self, level: i32) -> Self {
        self.level = Some(level);
        self
    }

    /// Makes this a log-append-time batch stamped `timestamp`: its max
    /// timestamp, and every record's timestamp to a reader.
    pub fn log_append_time(mut self, timestamp: i64) -> Self {
        self.log_append_time = Some(timestamp);
        self
    }

    /// The partition leader epoch (default -1; a broker stamps it).
    pub fn partition_leader_epoch(mut self, epoch: i32) -> Self {
        self.partition_leader_epoch = epoch;
        self
    }

    /// The idempotent or transactional producer's id, epoch and the
    /// sequence of the first record (default -1 each).
    pub fn producer(mut self, producer_id: i64, producer_epoch: i16, base_sequence: i32) -> Self {
        self.producer_id = producer_id;
        self.producer_epoch = producer_epoch;
        self.base_sequence = base_sequence;
        self
    }

    /// Marks the batch as part of a transaction.
    pub fn transactional(mut self, transactional: bool) -> Self {
        self.transactional = transactional;
        self
    }

    /// Makes this a control batch: it takes only control records
    /// ([`append_control`](Self::append_control),
    /// [`append_end_txn_marker`](Self::append_end_txn_marker)).
    pub fn control(mut self, control: bool) -> Self {
        self.control = control;
        self
    }

    /// Sets the delete horizon (what a compacting broker writes): it becomes
    /// the base timestamp that the record timestamps count from.
    pub fn delete_horizon_ms(mut self, delete_horizon_ms: i64) -> Self {
        self.delete_horizon = true;
        self.base_timestamp = Some(delete_horizon_ms);
        self
    }

    /// Appends a record at the next offset (the base offset, then one past
    /// the last); returns that offset.
    pub fn append(&mut self, record: NewRecord<'_>) -> Result<i64, RecordsError> {
        let offset = self.next_offset();
        self.push(offset, &record, false)?;
        Ok(offset)
    }

    /// Appends a record at `offset`, which must be above the last one's and
    /// within `i32::MAX` of the base offset (gaps are allowed, as in a
    /// compacted log).
    pub fn append_with_offset(
        &mut self,
        offset: i64,
        record: NewRecord<'_>,
    ) -> Result<(), RecordsError> {
        self.push(offset, &record, false)
    }

    /// Appends a control record (to a [`control`](Self::control) batch) of
    /// `kind`, with `value`; returns its offset.
    pub fn append_control(
        &mut self,
        timestamp: i64,
        kind: ControlRecordType,
        value: &[u8],
    ) -> Result<i64, RecordsError> {
        let key = kind.encode_key();
        let offset = self.next_offset();
        let record = NewRecord::new(timestamp).key(&key).value(value);
        self.push(offset, &record, true)?;
        Ok(offset)
    }

    /// Appends the commit or abort marker of a transaction; the batch must be
    /// a transactional control batch with a producer id, as Kafka requires.
    pub fn append_end_txn_marker(
        &mut self,
        timestamp: i64,
        kind: ControlRecordType,
        marker: EndTxnMarker,
    ) -> Result<i64, RecordsError> {
        if !kind.ends_transaction() {
            return Err(invalid("an end transaction marker is a commit or an abort"));
        }
        if !self.transactional || self.producer_id == NO_PRODUCER_ID {
            return Err(invalid(
                "an end transaction marker needs a transactional batch with a producer id",
            ));
        }
        self.append_control(timestamp, kind, &marker.encode())
    }

    /// The records appended so far.
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// Whether no record was appended yet (such a batch cannot be built).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The bytes of the batch so far if it were built uncompressed: the
    /// header and the records. A producer compares it with its batch size.
    pub fn uncompressed_len(&self) -> usize {
        self.buf.len()
    }

    fn next_offset(&self) -> i64 {
        match self.last_offset {
            Some(last) => last.wrapping_add(1),
            None => self.base_offset,
        }
    }

    /// Checks and encodes one record; nothing changes unless it succeeds.
    fn push(
        &mut self,
        offset: i64,
        r: &NewRecord<'_>,
        control_record: bool,
    ) -> Result<(), RecordsError> {
        if control_record != self.control {
            return Err(invalid(if self.control {
                "a control batch takes only control records (append_control)"
            } else {
                "control records go in a control batch (RecordBatchBuilder::control)"
            }));
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
        let offset_delta = match offset.checked_sub(self.base_offset) {
            Some(d @ 0..=0x7fff_ffff) => d as i32,
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
        let base_timestamp = self.base_timestamp.unwrap_or(r.timestamp);
        let timestamp_delta = r.timestamp.wrapping_sub(base_timestamp);

        // Every length once, checked before anything is written.
        let key = r.key;
        let value = r.value;
        check_len("key", key.map_or(0, <[u8]>::len))?;
        check_len("value", value.map_or(0, <[u8]>::len))?;
        check_len("header count", r.headers.len())?;
        let mut body = 1
            + varlong_len(timestamp_delta)
            + varint_len(offset_delta)
            + nullable_len(key)
            + nullable_len(value)
            + varint_len(r.headers.len() as i32);
        for h in r.headers {
            check_len("header key", h.key.len())?;
            check_len("header value", h.value.map_or(0, <[u8]>::len))?;
            body = body
                .saturating_add(nullable_len(Some(h.key)))
                .saturating_add(nullable_len(h.value));
        }
        check_len("record", body)?;
        let total = varint_len(body as i32) + body;
        let records = self.buf.len() - BATCH_HEADER_LEN;
        check_len(
            "batch",
            (BATCH_HEADER_LEN - LOG_OVERHEAD)
                .saturating_add(records)
                .saturating_add(total),
        )?;

        let buf = &mut self.buf;
        buf.reserve(total);
        put_varint(buf, body as i32);
        buf.push(0); // attributes
        put_varlong(buf, timestamp_delta);
        put_varint(buf, offset_delta);
        put_nullable(buf, key);
        put_nullable(buf, value);
        put_varint(buf, r.headers.len() as i32);
        for h in r.headers {
            put_nullable(buf, Some(h.key));
            put_nullable(buf, h.value);
        }
        debug_assert_eq!(self.buf.len(), BATCH_HEADER_LEN + records + total);

        self.base_timestamp = Some(base_timestamp);
        self.max_timestamp = self.max_timestamp.max(r.timestamp);
        self.last_offset = Some(offset);
        self.count += 1;
        Ok(())
    }

    /// Compresses the records (if a codec was set), writes the header and
    /// the CRC-32C, and returns the batch. A batch needs at least one record.
    pub fn build(self) -> Result<RecordBatch, RecordsError> {
        let Some(last_offset) = self.last_offset else {
            return Err(invalid(
                "a batch needs at least one record (Kafka's builder writes nothing for none)",
            ));
        };
        let records_len = self.buf.len() - BATCH_HEADER_LEN;
        let mut buf = match self.compression {
            Compression::None => self.buf,
            c => {
                let mut out = Vec::with_capacity(BATCH_HEADER_LEN + records_len / 2 + 64);
                out.resize(BATCH_HEADER_LEN, 0);
                compress::compress(c, self.level, &self.buf[BATCH_HEADER_LEN..], &mut out)?;
                out
            }
        };
        let length = buf.len() - LOG_OVERHEAD;
        check_len("batch", length)?;

        let mut attributes = i16::from(self.compression.id());
        for (set, bit) in [
            (self.log_append_time.is_some(), attr::LOG_APPEND_TIME),
            (self.transactional, attr::TRANSACTIONAL),
            (self.control, attr::CONTROL),
            (self.delete_horizon, attr::DELETE_HORIZON),
        ] {
            if set {
                attributes |= bit;
            }
        }
        let last_offset_delta = (last_offset - self.base_offset) as i32;
        let base_timestamp = self.base_timestamp.unwrap_or(NO_TIMESTAMP);
        let max_timestamp = self.log_append_time.unwrap_or(self.max_timestamp);

        let h = &mut buf[..BATCH_HEADER_LEN];
        let mut put = |at: usize, bytes: &[u8]| h[at..at + bytes.len()].copy_from_slice(bytes);
        put(at::BASE_OFFSET, &self.base_offset.to_be_bytes());
        put(at::LENGTH, &(length as i32).to_be_bytes());
        put(
            at::PARTITION_LEADER_EPOCH,
            &self.partition_leader_epoch.to_be_bytes(),
        );
        put(at::MAGIC, &[MAGIC as u8]);
        put(at::ATTRIBUTES, &attributes.to_be_bytes());
        put(at::LAST_OFFSET_DELTA, &last_offset_delta.to_be_bytes());
        put(at::BASE_TIMESTAMP, &base_timestamp.to_be_bytes());
        put(at::MAX_TIMESTAMP, &max_timestamp.to_be_bytes());
        put(at::PRODUCER_ID, &self.producer_id.to_be_bytes());
        put(at::PRODUCER_EPOCH, &self.producer_epoch.to_be_bytes());
        put(at::BASE_SEQUENCE, &self.base_sequence.to_be_bytes());
        put(at::RECORD_COUNT, &self.count.to_be_bytes());
        let crc = batch_crc(&buf);
        buf[at::CRC..at::CRC + 4].copy_from_slice(&crc.to_be_bytes());

        Ok(RecordBatch {
            bytes: Bytes::from(buf),
            base_offset: self.base_offset,
            partition_leader_epoch: self.partition_leader_epoch,
            crc,
            attributes,
            last_offset_delta,
            base_timestamp,
            max_timestamp,
            producer_id: self.producer_id,
            producer_epoch: self.producer_epoch,
            base_sequence: self.base_sequence,
            record_count: self.count,
            compression: self.compression,
            // What it was built from can be read back whatever its size.
            max_uncompressed_size: records_len.max(DEFAULT_MAX_UNCOMPRESSED_SIZE),
            position: None,
            magic: MAGIC,
            verify_crc: true,
        })
    }
}
