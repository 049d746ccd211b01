//! The records of a batch: a lazy iterator, and each record a zero-copy view
//! of its bytes. Legacy messages (magic 0 and 1) are read by
//! [`legacy`](crate::records::legacy) into the same [`Record`].

use core::fmt;
use core::iter::FusedIterator;
use core::ops::Range;

use bytes::{Buf, Bytes};

use crate::codec::{get_varint, get_varlong};
use crate::records::legacy;
use crate::records::{RecordsError, RecordsErrorKind};

/// A record header: a key (a string to Kafka, bytes here) and a nullable
/// value. Borrowed, both when read from a [`Record`] and when given to
/// [`NewRecord::headers`](crate::records::NewRecord::headers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Header<'a> {
    /// The key; Kafka's clients write UTF-8 (see [`key_str`](Self::key_str)).
    pub key: &'a [u8],
    /// The value, `None` for null.
    pub value: Option<&'a [u8]>,
}

impl<'a> Header<'a> {
    /// A header with a value.
    pub const fn new(key: &'a [u8], value: &'a [u8]) -> Self {
        Header {
            key,
            value: Some(value),
        }
    }

    /// A header whose value is null.
    pub const fn without_value(key: &'a [u8]) -> Self {
        Header { key, value: None }
    }

    /// The key as text.
    pub fn key_str(&self) -> Result<&'a str, core::str::Utf8Error> {
        core::str::from_utf8(self.key)
    }
}

/// Where a nullable field lies in a record's body: `len` -1 is null.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    len: i32,
}

impl Span {
    pub(crate) const NULL: Span = Span { start: 0, len: -1 };

    /// `len` bytes from `start` of a body (both within an `i32`).
    pub(crate) fn new(start: usize, len: usize) -> Span {
        Span {
            start: start as u32,
            len: len as i32,
        }
    }

    #[inline]
    fn get(self, body: &[u8]) -> Option<&[u8]> {
        let start = self.start as usize;
        (self.len >= 0).then(|| &body[start..start + self.len as usize])
    }

    #[inline]
    fn slice(self, body: &Bytes) -> Option<Bytes> {
        let start = self.start as usize;
        (self.len >= 0).then(|| body.slice(start..start + self.len as usize))
    }
}

/// One record of a batch: its offset and timestamp, its attributes, a
/// nullable key and value, and headers, all read from (and borrowing) one
/// shared slice of the batch's bytes, or of its decompressed records.
///
/// A legacy message (magic 0 or 1) is a record too: its offset is absolute
/// (see [`RecordIter`]), its timestamp -1 for magic 0, its attributes the
/// message's attributes byte; it has no headers, and its offset and timestamp
/// deltas, which the legacy formats do not store, are 0.
///
/// Two records are equal when their contents are, wherever they were read.
#[derive(Clone)]
pub struct Record {
    /// From the attributes byte to the end of the headers.
    body: Bytes,
    /// Where the record starts in its [`RecordIter::data`]: its length varint.
    start: usize,
    /// The bytes of that varint (at most 5).
    prefix_len: u8,
    offset: i64,
    timestamp: i64,
    timestamp_delta: i64,
    offset_delta: i32,
    attributes: i8,
    key: Span,
    value: Span,
    headers_at: u32,
    header_count: u32,
}

impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.body,
            self.offset,
            self.timestamp,
            self.timestamp_delta,
            self.offset_delta,
            self.attributes,
            self.key,
            self.value,
            self.headers_at,
            self.header_count,
        ) == (
            &other.body,
            other.offset,
            other.timestamp,
            other.timestamp_delta,
            other.offset_delta,
            other.attributes,
            other.key,
            other.value,
            other.headers_at,
            other.header_count,
        )
    }
}

impl Eq for Record {}

impl Record {
    /// Where the record lies in the data it was read from
    /// ([`RecordIter::data`]), from the first byte of its length varint to
    /// the last byte of its headers. In an uncompressed batch that data is
    /// the batch's bytes after its header, so the record starts
    /// [`BATCH_HEADER_LEN`](crate::records::BATCH_HEADER_LEN)` + span.start`
    /// bytes into the batch; in a compressed one, it is the decompressed
    /// records. A legacy message's span is its whole entry, from its offset
    /// field to its value's last byte.
    ///
    /// ```
    /// use kafka_wire::records::{NewRecord, RecordBatchBuilder, BATCH_HEADER_LEN};
    ///
    /// let mut builder = RecordBatchBuilder::new();
    /// builder.append(NewRecord::new(0).value(b"a"))?;
    /// builder.append(NewRecord::new(0).value(b"bc"))?;
    /// let batch = builder.build()?;
    /// let spans: Vec<_> = batch.records()?.map(|r| r.map(|r| r.span())).collect::<Result<_, _>>()?;
    /// // Each: its length, attributes, two deltas, a null key, the value's
    /// // length and bytes, a header count.
    /// assert_eq!(spans, [0..8, 8..17]);
    /// assert_eq!(batch.as_bytes().len(), BATCH_HEADER_LEN + 17);
    /// # Ok::<(), kafka_wire::records::RecordsError>(())
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.start..self.start + usize::from(self.prefix_len) + self.body.len()
    }

    /// The record's offset: the batch's base offset + its offset delta.
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The record's timestamp, as Kafka's Java client reports it: the batch's
    /// max timestamp in a log-append-time batch, else the base timestamp +
    /// the timestamp delta.
    pub fn timestamp(&self) -> i64 {
        self.timestamp
    }

    /// The offset relative to the batch's base offset, as stored (0 for a
    /// legacy message).
    pub fn offset_delta(&self) -> i32 {
        self.offset_delta
    }

    /// The timestamp relative to the batch's base timestamp, as stored
    /// (a varlong on the wire; 0 for a legacy message).
    pub fn timestamp_delta(&self) -> i64 {
        self.timestamp_delta
    }

    /// The attributes byte (unused by Kafka so far; 0 in what it writes). For
    /// a legacy message, its attributes: compression (0 for a record) and,
    /// for magic 1, the timestamp type (bit 3).
    pub fn attributes(&self) -> i8 {
        self.attributes
    }

    /// The key, `None` for null.
    pub fn key(&self) -> Option<&[u8]> {
        self.key.get(&self.body)
    }

    /// The value, `None` for null (a tombstone in a compacted topic).
    pub fn value(&self) -> Option<&[u8]> {
        self.value.get(&self.body)
    }

    /// The key as `Bytes` sharing the batch's memory: no copy.
    pub fn key_bytes(&self) -> Option<Bytes> {
        self.key.slice(&self.body)
    }

    /// The value as `Bytes` sharing the batch's memory: no copy.
    pub fn value_bytes(&self) -> Option<Bytes> {
        self.value.slice(&self.body)
    }

    /// The number of headers.
    pub fn header_count(&self) -> usize {
        self.header_count as usize
    }

    /// The headers in order, borrowed from the record. Checked when the
    /// record was read, so iterating cannot fail.
    pub fn headers(&self) -> HeaderIter<'_> {
        HeaderIter {
            data: &self.body[self.headers_at as usize..],
            remaining: self.header_count as usize,
        }
    }
}

/// Where each field of a record (magic 2) lies, in the coordinates of its
/// [`span`](Record::span): offsets into the data the record was read from.
/// Read from the record's own bytes, so it is exact whatever length its
/// varints were written at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordLayout {
    /// The length varint: the bytes that follow it.
    pub length: Range<usize>,
    /// The attributes byte.
    pub attributes: Range<usize>,
    /// The timestamp delta (a varlong).
    pub timestamp_delta: Range<usize>,
    /// The offset delta (a varint).
    pub offset_delta: Range<usize>,
    /// The key: its length varint, and its bytes (`None` for null).
    pub key: SizedLayout,
    /// The value: its length varint, and its bytes (`None` for null).
    pub value: SizedLayout,
    /// The header count varint.
    pub header_count: Range<usize>,
    /// Each header's key and value.
    pub headers: Vec<(SizedLayout, SizedLayout)>,
}

/// Where a varint-sized field of a record lies: its length varint, then
/// that many bytes (none for null, a length of -1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedLayout {
    /// The length varint.
    pub length: Range<usize>,
    /// The bytes, `None` for null.
    pub data: Option<Range<usize>>,
}

impl Record {
    /// Where each of the record's fields lies, in the coordinates of
    /// [`span`](Self::span); `None` for a legacy message, whose fields are
    /// the legacy layout's.
    ///
    /// ```
    /// use kafka_wire::records::{NewRecord, RecordBatchBuilder};
    ///
    /// let mut builder = RecordBatchBuilder::new();
    /// builder.append(NewRecord::new(0).key(b"k").value(b"vv"))?;
    /// let record = builder.build()?.records()?.next().unwrap()?;
    /// let layout = record.layout().unwrap();
    /// assert_eq!((layout.length, layout.attributes), (0..1, 1..2));
    /// assert_eq!(layout.key.data, Some(5..6));
    /// assert_eq!(layout.value.data, Some(7..9));
    /// assert_eq!(layout.header_count, 9..10);
    /// # Ok::<(), kafka_wire::records::RecordsError>(())
    /// ```
    pub fn layout(&self) -> Option<RecordLayout> {
        // A legacy message's prefix (offset, size, CRC) is longer than any
        // varint.
        if usize::from(self.prefix_len) == legacy::PREFIX {
            return None;
        }
        // The body was checked whole when the record was read: every read
        // below succeeds.
        let base = self.start + usize::from(self.prefix_len);
        let mut c = &self.body[..];
        let at = |c: &[u8]| base + self.body.len() - c.len();
        let attributes = at(c)..at(c) + 1;
        c = &c[1..];
        let mark = at(c);
        get_varlong(&mut c).ok()?;
        let timestamp_delta = mark..at(c);
        let mark = at(c);
        get_varint(&mut c).ok()?;
        let offset_delta = mark..at(c);
        let sized = |c: &mut &[u8]| -> Option<SizedLayout> {
            let mark = at(c);
            let len = get_varint(c).ok()?;
            let length = mark..at(c);
            let data = match usize::try_from(len) {
                Ok(n) => {
                    let start = at(c);
                    *c = c.get(n..)?;
                    Some(start..start + n)
                }
                Err(_) => None,
            };
            Some(SizedLayout { length, data })
        };
        let key = sized(&mut c)?;
        let value = sized(&mut c)?;
        let mark = at(c);
        get_varint(&mut c).ok()?;
        let header_count = mark..at(c);
        let mut headers = Vec::with_capacity(self.header_count as usize);
        for _ in 0..self.header_count {
            headers.push((sized(&mut c)?, sized(&mut c)?));
        }
        Some(RecordLayout {
            length: self.start..base,
            attributes,
            timestamp_delta,
            offset_delta,
            key,
            value,
            header_count,
            headers,
        })
    }
}

impl Record {
    /// A legacy message: `body` its bytes from the magic to the end, which
    /// start `16` bytes (offset, size, CRC) after `start` in the iterator's
    /// data; `key` and `value` lie in `body`.
    pub(crate) fn legacy(
        body: Bytes,
        start: usize,
        offset: i64,
        timestamp: i64,
        attributes: i8,
        key: Span,
        value: Span,
    ) -> Record {
        Record {
            headers_at: body.len() as u32,
            body,
            start,
            prefix_len: legacy::PREFIX as u8,
            offset,
            timestamp,
            timestamp_delta: 0,
            offset_delta: 0,
            attributes,
            key,
            value,
            header_count: 0,
        }
    }
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("offset", &self.offset)
            .field("timestamp", &self.timestamp)
            .field("attributes", &self.attributes)
            .field("key", &self.key().map(Bytes::copy_from_slice))
            .field("value", &self.value().map(Bytes::copy_from_slice))
            .field("headers", &self.headers().collect::<Vec<_>>())
            .finish()
    }
}

/// The headers of a [`Record`], from [`Record::headers`].
#[derive(Debug, Clone)]
pub struct HeaderIter<'a> {
    data: &'a [u8],
    remaining: usize,
}

impl<'a> Iterator for HeaderIter<'a> {
    type Item = Header<'a>;

    #[inline]
    fn next(&mut self) -> Option<Header<'a>> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        // Read once already, when the record was: this cannot fail.
        let header = read_header(&mut self.data).ok();
        if header.is_none() {
            self.remaining = 0;
        }
        header
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for HeaderIter<'_> {}
impl FusedIterator for HeaderIter<'_> {}

/// The records of a batch, from [`RecordBatch::records`](crate::records::RecordBatch::records).
///
/// Each record is checked as it is read: varints, lengths against the bytes
/// that remain, header structure, and that its fields fill exactly the length
/// it declares. The iteration ends with an error if the records end before
/// the batch's record count ([`RecordCountMismatch`](RecordsErrorKind::RecordCountMismatch))
/// or bytes follow the last of them ([`TrailingBytes`](RecordsErrorKind::TrailingBytes)),
/// and after any error. Nothing is allocated by a count or a length read
/// from the input.
///
/// # Legacy messages
///
/// The records of a legacy entry (magic 0 or 1) are its message, or the
/// messages inside a compressed wrapper, as Kafka's Java client reads them:
///
/// - offsets: a magic 0 wrapper's inner messages carry absolute offsets; a
///   magic 1 wrapper's carry offsets relative to its first, and the wrapper's
///   own offset is that of the last, so each is made absolute as
///   `wrapper offset - last inner offset + inner offset` (a wrapper offset of
///   0, as a producer may send, leaves them as they are);
/// - timestamps: a magic 1 message's own, unless its wrapper is
///   log-append-time, whose timestamp then overrides every inner one; -1 for
///   magic 0;
/// - no headers; keys and values may be null.
///
/// Each inner message's framing (offset, size) is checked before the first
/// is returned (the offsets need the last); its CRC-32, its fields, and that
/// it is not itself compressed, as it is read. Inner messages nest no
/// further ([`NestedCompression`](RecordsErrorKind::NestedCompression)).
#[derive(Debug, Clone)]
pub struct RecordIter {
    data: Bytes,
    pos: usize,
    index: usize,
    count: usize,
    base_offset: i64,
    base_timestamp: i64,
    log_append_time: Option<i64>,
    position: Option<usize>,
    /// Set after the last magic 2 record or an error; and from the start
    /// when reading legacy messages, so that the magic 2 path checks this
    /// one flag per record, as it did before legacy messages were read, and
    /// legacy reading goes by [`legacy`](Self::legacy) behind it.
    done: bool,
    /// `Some` while legacy messages (magic 0 or 1) are read.
    legacy: Option<legacy::Inner>,
}

impl RecordIter {
    pub(crate) fn new(
        data: Bytes,
        count: i32,
        base_offset: i64,
        base_timestamp: i64,
        log_append_time: Option<i64>,
        position: Option<usize>,
    ) -> Self {
        RecordIter {
            data,
            pos: 0,
            index: 0,
            count: count.max(0) as usize,
            base_offset,
            base_timestamp,
            log_append_time,
            position,
            done: false,
            legacy: None,
        }
    }

    /// The legacy messages (magic 0 or 1) of `data`, `count` entries whose
    /// framing was checked; `base_offset` and `position` say where the batch
    /// is, for errors, and `log_append_time` overrides magic 1 timestamps.
    pub(crate) fn legacy(
        data: Bytes,
        count: usize,
        base_offset: i64,
        log_append_time: Option<i64>,
        position: Option<usize>,
        inner: legacy::Inner,
    ) -> Self {
        RecordIter {
            data,
            pos: 0,
            index: 0,
            count,
            base_offset,
            base_timestamp: -1,
            log_append_time,
            position,
            done: true,
            legacy: Some(inner),
        }
    }

    /// The records' bytes: the batch's after its header, or the
    /// decompressed buffer. For a legacy entry, the entry itself, or the
    /// message set its wrapper decompresses to.
    pub fn data(&self) -> &Bytes {
        &self.data
    }

    #[inline]
    fn read(&mut self) -> Result<Record, RecordsError> {
        let data = &self.data[..];
        let at = self.pos;
        let mut cur = &data[at..];
        let len = get_varint(&mut cur).map_err(|e| RecordsError::varint("record length", e))?;
        if len < 0 {
            return Err(RecordsErrorKind::InvalidLength {
                field: "record length",
                length: i64::from(len),
            }
            .into());
        }
        let len = len as usize;
        if len > cur.len() {
            return Err(RecordsError::truncated("record", len, cur.len()));
        }
        let start = data.len() - cur.len();
        let end = start + len;
        let body = &data[start..end];
        let mut c = body;
        let attributes = c
            .try_get_i8()
            .map_err(|_| RecordsError::truncated("attributes", 1, 0))?;
        let timestamp_delta =
            get_varlong(&mut c).map_err(|e| RecordsError::varint("timestamp delta", e))?;
        let offset_delta =
            get_varint(&mut c).map_err(|e| RecordsError::varint("offset delta", e))?;
        let key = span(body, &mut c, "key length", "key")?;
        let value = span(body, &mut c, "value length", "value")?;
        let header_count =
            get_varint(&mut c).map_err(|e| RecordsError::varint("header count", e))?;
        if header_count < 0 {
            return Err(RecordsErrorKind::InvalidLength {
                field: "header count",
                length: i64::from(header_count),
            }
            .into());
        }
        let headers_at = (len - c.len()) as u32;
        // Each header takes at least two bytes, so this loop is bounded by
        // the input, whatever the count says.
        for _ in 0..header_count {
            read_header(&mut c)?;
        }
        if !c.is_empty() {
            return Err(RecordsErrorKind::RecordSizeMismatch {
                declared: len,
                used: len - c.len(),
            }
            .into());
        }
        self.pos = end;
        let timestamp = match self.log_append_time {
            Some(t) => t,
            None => self.base_timestamp.wrapping_add(timestamp_delta),
        };
        Ok(Record {
            body: self.data.slice(start..end),
            start: at,
            // A varint is at most 5 bytes.
            prefix_len: (start - at) as u8,
            offset: self.base_offset.wrapping_add(i64::from(offset_delta)),
            timestamp,
            timestamp_delta,
            offset_delta,
            attributes,
            key,
            value,
            headers_at,
            header_count: header_count as u32,
        })
    }
}

impl Iterator for RecordIter {
    type Item = Result<Record, RecordsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return match self.legacy {
                Some(inner) => self.next_legacy(inner),
                None => None,
            };
        }
        let err = if self.index == self.count {
            self.done = true;
            let left = self.data.len() - self.pos;
            if left == 0 {
                return None;
            }
            RecordsError::from(RecordsErrorKind::TrailingBytes {
                count: left,
                after: "the last record",
            })
        } else if self.pos == self.data.len() {
            self.done = true;
            RecordsError::from(RecordsErrorKind::RecordCountMismatch {
                declared: self.count as i32,
                found: self.index,
            })
        } else {
            match self.read() {
                Ok(record) => {
                    self.index += 1;
                    return Some(Ok(record));
                }
                Err(e) => {
                    self.done = true;
                    e.at_record(self.index)
                }
            }
        };
        Some(Err(err.in_batch_at(self.base_offset, self.position)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match (self.done, self.legacy) {
            // The framing was checked: each is a record or the last error.
            (_, Some(_)) => (0, Some(self.count - self.index)),
            (true, None) => (0, Some(0)),
            // One more for a final error.
            (false, None) => (0, Some(self.count - self.index + 1)),
        }
    }
}

impl RecordIter {
    /// The next legacy message; `self.legacy` is set to `None` at the end.
    #[inline(never)]
    fn next_legacy(&mut self, inner: legacy::Inner) -> Option<Result<Record, RecordsError>> {
        if self.index == self.count {
            self.legacy = None;
            return None;
        }
        match legacy::read_message(&self.data, self.pos, self.log_append_time, inner) {
            Ok((record, end)) => {
                self.pos = end;
                self.index += 1;
                Some(Ok(record))
            }
            Err(e) => {
                self.legacy = None;
                Some(Err(e
                    .at_record(self.index)
                    .in_batch_at(self.base_offset, self.position)))
            }
        }
    }
}

impl FusedIterator for RecordIter {}

/// Reads a nullable length and the bytes it covers from `c`, a suffix of
/// `body`; returns where they lie in `body`.
#[inline(always)]
fn span(
    body: &[u8],
    c: &mut &[u8],
    len_field: &'static str,
    field: &'static str,
) -> Result<Span, RecordsError> {
    Ok(match take_nullable(c, len_field, field)? {
        Some(b) => Span {
            start: (body.len() - c.len() - b.len()) as u32,
            len: b.len() as i32,
        },
        None => Span::NULL,
    })
}

/// A varint length (-1 for null) and that many bytes.
#[inline(always)]
fn take_nullable<'a>(
    c: &mut &'a [u8],
    len_field: &'static str,
    field: &'static str,
) -> Result<Option<&'a [u8]>, RecordsError> {
    let len = get_varint(c).map_err(|e| RecordsError::varint(len_field, e))?;
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
    if len > c.len() {
        return Err(RecordsError::truncated(field, len, c.len()));
    }
    let (taken, rest) = c.split_at(len);
    *c = rest;
    Ok(Some(taken))
}

/// One header: a key (never null) and a nullable value.
#[inline]
fn read_header<'a>(c: &mut &'a [u8]) -> Result<Header<'a>, RecordsError> {
    let Some(key) = take_nullable(c, "header key length", "header key")? else {
        return Err(RecordsErrorKind::InvalidLength {
            field: "header key length",
            length: -1,
        }
        .into());
    };
    let value = take_nullable(c, "header value length", "header value")?;
    Ok(Header { key, value })
}

#[cfg(test)]
mod tests {
    use bytes::{Bytes, BytesMut};

    use crate::records::{
        header, NewRecord, ReadOptions, RecordBatch, RecordBatchBuilder, BATCH_HEADER_LEN,
        LOG_OVERHEAD,
    };
    use crate::Records;

    #[test]
    fn spans_tile_the_records_data() {
        let long = [7u8; 200]; // a body over 127 bytes: a two-byte length varint
        let mut builder = RecordBatchBuilder::new();
        builder.append(NewRecord::new(0).key(b"k")).unwrap();
        builder.append(NewRecord::new(1).value(&long)).unwrap();
        builder.append(NewRecord::new(2)).unwrap();
        let batch = builder.build().unwrap();
        let records = batch.records().unwrap();
        let data = records.data().clone();
        let spans: Vec<_> = records.map(|r| r.unwrap().span()).collect();
        assert_eq!(spans[0].start, 0);
        assert_eq!(spans[1].start, spans[0].end);
        assert_eq!(spans[2].start, spans[1].end);
        assert_eq!(spans[2].end, data.len());
        // Attributes, two one-byte deltas, a null key, a two-byte value length
        // and the value, no headers: 207 bytes, after a two-byte length.
        assert_eq!(spans[1].len(), 2 + 207);
        assert_eq!(BATCH_HEADER_LEN + data.len(), batch.as_bytes().len());
    }

    #[test]
    fn a_span_counts_the_bytes_of_a_non_minimal_length_varint() {
        // Length 7 written in two bytes (0x8e 0x00): attributes, timestamp
        // delta 0, offset delta 0, null key, value "a", no headers.
        let record = [0x8e, 0x00, 0, 0, 0, 1, 2, b'a', 0];
        let mut b = BytesMut::from(&Records::empty_batch().0[..]);
        b.extend_from_slice(&record);
        let length = (b.len() - LOG_OVERHEAD) as i32;
        b[header::LENGTH..header::LENGTH + 4].copy_from_slice(&length.to_be_bytes());
        b[header::RECORD_COUNT..header::RECORD_COUNT + 4].copy_from_slice(&1i32.to_be_bytes());
        let options = ReadOptions::new().verify_crc(false);
        let batch = RecordBatch::parse(Bytes::from(b), options).unwrap();
        let read = batch.records().unwrap().next().unwrap().unwrap();
        assert_eq!(read.span(), 0..record.len());
        assert_eq!(read.value(), Some(&b"a"[..]));
        // Its fields are laid out as written, the longer varint included.
        let layout = read.layout().unwrap();
        assert_eq!(layout.length, 0..2);
        assert_eq!(layout.attributes, 2..3);
        assert_eq!((layout.timestamp_delta, layout.offset_delta), (3..4, 4..5));
        assert_eq!(
            layout.key,
            super::SizedLayout {
                length: 5..6,
                data: None
            }
        );
        assert_eq!(layout.value.data, Some(7..8));
        assert_eq!(layout.header_count, 8..9);
    }

    #[test]
    fn a_records_headers_are_laid_out_and_a_legacy_message_has_no_layout() {
        let mut builder = RecordBatchBuilder::new();
        let headers = [crate::records::Header::new(b"h", b"xy")];
        builder
            .append(NewRecord::new(0).value(b"v").headers(&headers))
            .unwrap();
        let record = builder
            .build()
            .unwrap()
            .records()
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        let layout = record.layout().unwrap();
        let (key, value) = &layout.headers[0];
        assert_eq!(key.data.as_ref().map(|r| r.len()), Some(1));
        assert_eq!(value.data.clone().map(|r| r.end), Some(record.span().end));
        let mut legacy = crate::records::LegacyRecordsBuilder::v1();
        legacy.append(NewRecord::new(0).value(b"v")).unwrap();
        let batch = legacy.build().unwrap().batches().next().unwrap().unwrap();
        let message = batch.records().unwrap().next().unwrap().unwrap();
        assert_eq!(message.layout(), None);
    }
}
