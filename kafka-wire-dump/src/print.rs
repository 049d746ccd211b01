//! The printing of one segment: each batch and record as Kafka's
//! `kafka-dump-log` prints them, or as one JSON object per record, with the
//! decoders of Kafka's own topics; and what is wrong, reported as it is met.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use bytes::Bytes;
use kafka_messages::consumer_protocol;
use kafka_messages::internal::{
    split_coordinator_prefix, ControlRecord, CoordinatorKey, CoordinatorValue, GroupCoordinatorKey,
    GroupCoordinatorValue, GroupMetadataValue, MetadataFrame, MetadataRecord, RecordRole,
    RecordSchema, ShareCoordinatorKey, TransactionCoordinatorKey, TransactionCoordinatorValue,
};
use kafka_messages::{ConsumerProtocolAssignment, ConsumerProtocolSubscription, TransactionState};
use kafka_wire::dynamic::DynamicView;
use kafka_wire::json::RecordsAs;
use kafka_wire::records::{
    ControlRecordType, EndTxnMarker, ReadOptions, Record, RecordBatch, TimestampType,
};
use kafka_wire::schema::MessageSchema;
use kafka_wire::{DecodeError, DecodeErrorKind, Versioned};

use crate::remote::RemoteLogMetadata;
use crate::{Contents, Decoder, Format, Gaps, Options, Problem, ProblemKind, RecordError, Summary};

/// Writes the lines Kafka prints before a file's batches: `Dumping PATH`,
/// then what the file's name says ([`file_heading`]).
pub(crate) fn write_file_heading(out: &mut impl Write, path: &str) -> io::Result<()> {
    writeln!(out, "Dumping {path}")?;
    if let Some(heading) = file_heading(path) {
        writeln!(out, "{heading}")?;
    }
    Ok(())
}

/// The line Kafka prints after `Dumping FILE`: the segment's base offset,
/// from its name, or a snapshot's end offset and epoch.
fn file_heading(path: &str) -> Option<String> {
    let name = Path::new(path).file_name()?.to_str()?;
    if name == "bootstrap.checkpoint" {
        return Some("KRaft bootstrap snapshot".into());
    }
    if let Some(stem) = name.strip_suffix(".checkpoint") {
        let (offset, epoch) = stem.split_once('-')?;
        let (offset, epoch): (i64, i32) = (offset.parse().ok()?, epoch.parse().ok()?);
        return Some(format!("Snapshot end offset: {offset}, epoch: {epoch}"));
    }
    let (base, _) = name.split_once('.')?;
    name.ends_with(".log")
        .then(|| base.parse::<i64>().ok())
        .flatten()
        .map(|offset| format!("Log starting offset: {offset}"))
}

/// Prints one segment's batches and records to `out`, and counts what it
/// prints and what it finds wrong, each problem handed on as it is found.
pub(crate) struct SegmentPrinter<'a, W> {
    name: &'a str,
    options: &'a Options,
    out: &'a mut W,
    summary: Summary,
    /// The offset of the last record printed, -1 before the first (as
    /// Kafka starts it, whatever the segment's base offset).
    last_offset: i64,
    on_problem: &'a mut dyn FnMut(Problem),
    /// The line or object being written.
    line: String,
}

impl<'a, W: Write> SegmentPrinter<'a, W> {
    /// A printer of the segment `name` (the JSON objects' `file`).
    pub(crate) fn new(
        name: &'a str,
        options: &'a Options,
        out: &'a mut W,
        on_problem: &'a mut dyn FnMut(Problem),
    ) -> Self {
        SegmentPrinter {
            name,
            options,
            out,
            summary: Summary::default(),
            last_offset: -1,
            on_problem,
            line: String::new(),
        }
    }

    /// Counts and hands on a problem.
    pub(crate) fn problem(&mut self, problem: Problem) {
        self.summary.problems += 1;
        (self.on_problem)(problem);
    }

    /// A batch not read: counted, and its problem handed on.
    pub(crate) fn skipped(&mut self, problem: Problem) {
        self.summary.batches += 1;
        self.problem(problem);
    }

    /// Ends the segment, whose last `trailing` bytes are not a batch: in
    /// the text format, Kafka's line about them.
    pub(crate) fn finish(self, trailing: u64) -> io::Result<Summary> {
        let mut summary = self.summary;
        summary.trailing_bytes = trailing;
        if trailing > 0 && self.options.format == Format::Text {
            let name = self.name;
            let file = Path::new(name)
                .file_name()
                .map_or_else(|| name.into(), |n| n.to_string_lossy());
            writeln!(
                self.out,
                "Found {trailing} invalid bytes at the end of {file}"
            )?;
        }
        Ok(summary)
    }

    /// Prints the batch at `position`, of `bytes`, and its records.
    pub(crate) fn batch(&mut self, position: u64, bytes: Bytes) -> io::Result<()> {
        self.summary.batches += 1;
        let read = ReadOptions::new()
            .verify_crc(false)
            .max_uncompressed_size(self.options.max_batch_bytes);
        // Kafka reads a batch of magic 3 or more as one of magic 2 (its
        // `FileLogInputStream` tells only legacy entries apart), and prints
        // its magic as stored: so does this tool. The magic is outside the
        // checksum.
        let magic = bytes.get(16).map_or(2, |&m| m as i8);
        let bytes = if magic > 2 {
            let mut copy = bytes.to_vec();
            copy[16] = 2;
            Bytes::from(copy)
        } else {
            bytes
        };
        let batch = match RecordBatch::parse(bytes, read) {
            Ok(batch) => batch,
            Err(e) => {
                self.problem(Problem {
                    position,
                    kind: ProblemKind::Batch(e),
                });
                return Ok(());
            }
        };
        let crc = batch.verify_crc();
        let valid = crc.is_ok();
        if let Err(e) = crc {
            self.problem(Problem {
                position,
                kind: ProblemKind::Batch(e),
            });
        }
        // The batch's part of every record's JSON object, or its line.
        let mut head = String::new();
        match self.options.format {
            Format::Text => {
                batch_line(&mut head, &batch, magic, position, valid);
                self.out.write_all(head.as_bytes())?;
            }
            Format::Json => batch_json(&mut head, self.name, &batch, magic, position, valid),
        }
        // Records are read even from a batch whose checksum fails, as Kafka
        // reads them.
        let records = match batch.records() {
            Ok(records) => records,
            Err(e) => {
                self.problem(Problem {
                    position,
                    kind: ProblemKind::Batch(e),
                });
                return Ok(());
            }
        };
        let data = records.data().clone();
        for record in records {
            match record {
                Ok(record) => self.record(position, &batch, &head, &data, &record)?,
                Err(e) => {
                    self.problem(Problem {
                        position,
                        kind: ProblemKind::Batch(e),
                    });
                    break;
                }
            }
        }
        Ok(())
    }

    fn record(
        &mut self,
        position: u64,
        batch: &RecordBatch,
        head: &str,
        data: &Bytes,
        record: &Record,
    ) -> io::Result<()> {
        self.summary.records += 1;
        let offset = record.offset();
        if offset != self.last_offset.wrapping_add(1) {
            let gaps = &mut self.summary.gaps;
            if gaps.pairs.len() < Gaps::MAX_PAIRS {
                gaps.pairs.push((self.last_offset, offset));
            } else {
                gaps.more += 1;
            }
        }
        self.last_offset = offset;

        let (control, control_error) = if batch.is_control() {
            let (control, error) = control(record);
            (Some(control), error)
        } else {
            (None, None)
        };
        let mut decoded = match self.options.decoder {
            _ if control.is_some() => None,
            Decoder::Raw(Contents::Sizes) => None,
            decoder => Some(decode(decoder, record)),
        };
        let error = control_error.or_else(|| decoded.as_mut().and_then(|d| d.error.take()));
        let message = error.as_ref().map(ToString::to_string);
        if let Some(error) = error {
            self.problem(Problem {
                position,
                kind: ProblemKind::Record { offset, error },
            });
        }

        let printed = Printed {
            batch,
            data,
            record,
            control: control.as_ref(),
            decoded: decoded.as_ref(),
        };
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        match self.options.format {
            Format::Text if self.options.skip_record_metadata => {
                record_contents(&mut line, &printed)
            }
            Format::Text => record_line(&mut line, &printed),
            Format::Json => record_json(&mut line, head, &printed, message.as_deref()),
        }
        line.push('\n');
        let written = self.out.write_all(line.as_bytes());
        self.line = line;
        written
    }
}

// ---------------------------------------------------------------------------
// Kafka's text

fn timestamp_type(t: TimestampType) -> &'static str {
    match t {
        TimestampType::CreateTime => "CreateTime",
        TimestampType::LogAppendTime => "LogAppendTime",
        TimestampType::NoTimestampType => "NoTimestampType",
    }
}

/// Java's `DefaultRecordBatch.incrementSequence`: sequences wrap at
/// `i32::MAX` to 0.
fn increment_sequence(sequence: i32, increment: i32) -> i32 {
    if sequence > i32::MAX.wrapping_sub(increment) {
        sequence
            .wrapping_sub(i32::MAX)
            .wrapping_add(increment)
            .wrapping_sub(1)
    } else {
        sequence.wrapping_add(increment)
    }
}

fn last_sequence(batch: &RecordBatch) -> i32 {
    match batch.base_sequence() {
        -1 => -1,
        base => increment_sequence(base, batch.last_offset_delta()),
    }
}

fn record_sequence(batch: &RecordBatch, record: &Record) -> i32 {
    match batch.base_sequence() {
        base if base < 0 => -1,
        base => increment_sequence(base, record.offset_delta()),
    }
}

/// Java's `OptionalLong.toString`.
fn delete_horizon(batch: &RecordBatch) -> String {
    match batch.delete_horizon_ms() {
        None => "OptionalLong.empty".into(),
        Some(t) => format!("OptionalLong[{t}]"),
    }
}

/// A legacy message's stored CRC-32 and whether its bytes match it. Its
/// span in `data` runs from its offset field to its last byte: an entry of
/// a legacy message set, which reads as a batch of its own.
fn legacy_crc(data: &Bytes, record: &Record) -> Option<(bool, u32)> {
    let span = record.span();
    if span.end > data.len() {
        return None;
    }
    let entry = RecordBatch::parse(data.slice(span), ReadOptions::new().verify_crc(false)).ok()?;
    Some((entry.verify_crc().is_ok(), entry.crc()))
}

/// The line `kafka-dump-log` prints for a batch, with its newline.
fn batch_line(out: &mut String, batch: &RecordBatch, magic: i8, position: u64, valid: bool) {
    use fmt::Write as _;
    if magic >= 2 {
        let _ = write!(
            out,
            "baseOffset: {} lastOffset: {} count: {} baseSequence: {} lastSequence: {} \
             producerId: {} producerEpoch: {} partitionLeaderEpoch: {} isTransactional: {} \
             isControl: {} deleteHorizonMs: {}",
            batch.base_offset(),
            batch.last_offset(),
            batch.record_count(),
            batch.base_sequence(),
            last_sequence(batch),
            batch.producer_id(),
            batch.producer_epoch(),
            batch.partition_leader_epoch(),
            batch.is_transactional(),
            batch.is_control(),
            delete_horizon(batch),
        );
    } else {
        let _ = write!(out, "offset: {}", batch.last_offset());
    }
    let _ = writeln!(
        out,
        " position: {position} {}: {} size: {} magic: {} compresscodec: {} crc: {} isvalid: {valid}",
        timestamp_type(batch.timestamp_type()),
        batch.max_timestamp(),
        batch.as_bytes().len(),
        magic,
        batch.compression().name(),
        batch.crc(),
    );
}

fn size(field: Option<&[u8]>) -> i64 {
    field.map_or(-1, |b| b.len() as i64)
}

/// A record, and what was read of it, to print.
struct Printed<'a> {
    batch: &'a RecordBatch,
    /// The records' bytes it was read from (a legacy message's CRC is there).
    data: &'a Bytes,
    record: &'a Record,
    control: Option<&'a Control>,
    decoded: Option<&'a Decoded>,
}

/// The line `kafka-dump-log` prints for a record, without its newline.
fn record_line(out: &mut String, printed: &Printed<'_>) {
    use fmt::Write as _;
    let Printed {
        batch,
        data,
        record,
        control,
        decoded,
    } = *printed;
    let _ = write!(
        out,
        "| offset: {} {}: {} keySize: {} valueSize: {}",
        record.offset(),
        timestamp_type(batch.timestamp_type()),
        record.timestamp(),
        size(record.key()),
        size(record.value()),
    );
    if batch.magic() >= 2 {
        let _ = write!(
            out,
            " sequence: {} headerKeys: [",
            record_sequence(batch, record)
        );
        for (i, header) in record.headers().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&String::from_utf8_lossy(header.key));
        }
        out.push(']');
    } else if let Some((valid, crc)) = legacy_crc(data, record) {
        let _ = write!(out, " isValid: {valid} crc: {crc}");
    }
    if let Some(control) = control {
        control.text(out);
    }
    let Some(decoded) = decoded else { return };
    if let Some(failure) = &decoded.failure {
        let label = if failure.in_key { "key" } else { "payload" };
        let _ = write!(out, " {label}: {}", failure.text);
        return;
    }
    for (label, shown) in [("key", &decoded.key), ("payload", &decoded.value)] {
        match shown {
            Shown::Absent => {}
            Shown::Tombstone => {
                let _ = write!(out, " {label}: <DELETE>");
            }
            Shown::Json(text) | Shown::Text(text) => {
                let _ = write!(out, " {label}: {text}");
            }
        }
    }
}

/// The line `kafka-dump-log --skip-record-metadata` prints for a record,
/// without its newline: `| key: ... payload: ...` as decoded, nothing for a
/// control record or without a decoder.
fn record_contents(out: &mut String, printed: &Printed<'_>) {
    use fmt::Write as _;
    if printed.control.is_some() {
        return;
    }
    let Some(decoded) = printed.decoded else {
        return;
    };
    let mut prefix = "| ";
    if let Some(failure) = &decoded.failure {
        let label = if failure.in_key { "key" } else { "payload" };
        let _ = write!(out, "{prefix}{label}: {}", failure.text);
        return;
    }
    for (label, shown) in [("key", &decoded.key), ("payload", &decoded.value)] {
        let text = match shown {
            Shown::Absent => continue,
            Shown::Tombstone => "<DELETE>",
            Shown::Json(text) | Shown::Text(text) => text,
        };
        let _ = write!(out, "{prefix}{label}: {text}");
        prefix = " ";
    }
}

// ---------------------------------------------------------------------------
// One JSON object per record

/// `s` as a JSON string.
pub(crate) fn json_string(out: &mut String, s: &str) {
    use fmt::Write as _;
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The start of every JSON object of the batch's records: the file, the
/// position and the batch's fields, without the closing brace.
fn batch_json(
    out: &mut String,
    name: &str,
    batch: &RecordBatch,
    magic: i8,
    position: u64,
    valid: bool,
) {
    use fmt::Write as _;
    out.push_str("{\"file\":");
    json_string(out, name);
    let _ = write!(
        out,
        ",\"position\":{position},\"batch\":{{\"baseOffset\":{},\"lastOffset\":{},\"count\":{},\
         \"baseSequence\":{},\"lastSequence\":{},\"producerId\":{},\"producerEpoch\":{},\
         \"partitionLeaderEpoch\":{},\"isTransactional\":{},\"isControl\":{},\"deleteHorizonMs\":{},\
         \"timestampType\":\"{}\",\"maxTimestamp\":{},\"size\":{},\"magic\":{},\
         \"compresscodec\":\"{}\",\"crc\":{},\"isValid\":{valid}}}",
        batch.base_offset(),
        batch.last_offset(),
        batch.record_count(),
        batch.base_sequence(),
        last_sequence(batch),
        batch.producer_id(),
        batch.producer_epoch(),
        batch.partition_leader_epoch(),
        batch.is_transactional(),
        batch.is_control(),
        batch
            .delete_horizon_ms()
            .map_or_else(|| "null".into(), |t| t.to_string()),
        timestamp_type(batch.timestamp_type()),
        batch.max_timestamp(),
        batch.as_bytes().len(),
        magic,
        batch.compression().name(),
        batch.crc(),
    );
}

fn shown_json(out: &mut String, shown: &Shown) {
    match shown {
        Shown::Absent | Shown::Tombstone => out.push_str("null"),
        Shown::Json(text) => out.push_str(text),
        Shown::Text(text) => json_string(out, text),
    }
}

/// A record's JSON object: the batch's `head`, then the record's fields,
/// then `error`, what is wrong with it.
fn record_json(out: &mut String, head: &str, printed: &Printed<'_>, error: Option<&str>) {
    use fmt::Write as _;
    let Printed {
        batch,
        data,
        record,
        control,
        decoded,
    } = *printed;
    out.push_str(head);
    let _ = write!(
        out,
        ",\"offset\":{},\"timestamp\":{},\"keySize\":{},\"valueSize\":{}",
        record.offset(),
        record.timestamp(),
        size(record.key()),
        size(record.value()),
    );
    if batch.magic() >= 2 {
        let _ = write!(
            out,
            ",\"sequence\":{},\"headerKeys\":[",
            record_sequence(batch, record)
        );
        for (i, header) in record.headers().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_string(out, &String::from_utf8_lossy(header.key));
        }
        out.push(']');
    } else if let Some((valid, crc)) = legacy_crc(data, record) {
        let _ = write!(out, ",\"isValid\":{valid},\"crc\":{crc}");
    }
    if let Some(control) = control {
        out.push_str(",\"control\":");
        control.json(out);
    }
    if let Some(decoded) = decoded {
        out.push_str(",\"key\":");
        shown_json(out, &decoded.key);
        out.push_str(",\"value\":");
        shown_json(out, &decoded.value);
    }
    if let Some(error) = error {
        out.push_str(",\"error\":");
        json_string(out, error);
    }
    out.push('}');
}

// ---------------------------------------------------------------------------
// Control records

/// A control record as `kafka-dump-log` prints it.
enum Control {
    /// A transaction marker.
    Marker {
        /// `COMMIT` or `ABORT`.
        kind: &'static str,
        coordinator_epoch: i32,
    },
    /// A KRaft control record: its label in Kafka's text, its
    /// `ControlRecordType` name, and its JSON.
    KRaft {
        label: &'static str,
        kind: &'static str,
        json: String,
    },
    /// A type Kafka does not define: Kafka prints `controlType: UNKNOWN(7)`.
    Unknown(i16),
    /// A control record that does not read (Kafka's tool stops there), and why.
    Invalid(String),
}

impl Control {
    fn text(&self, out: &mut String) {
        use fmt::Write as _;
        let _ = match self {
            Control::Marker {
                kind,
                coordinator_epoch,
            } => write!(
                out,
                " endTxnMarker: {kind} coordinatorEpoch: {coordinator_epoch}"
            ),
            Control::KRaft { label, json, .. } => write!(out, " {label}{json}"),
            Control::Unknown(t) => write!(out, " controlType: UNKNOWN({t})"),
            Control::Invalid(why) => write!(out, " invalid control record: {why}"),
        };
    }

    fn json(&self, out: &mut String) {
        use fmt::Write as _;
        let _ = match self {
            Control::Marker {
                kind,
                coordinator_epoch,
            } => write!(
                out,
                "{{\"type\":\"{kind}\",\"coordinatorEpoch\":{coordinator_epoch}}}"
            ),
            Control::KRaft { kind, json, .. } => {
                write!(out, "{{\"type\":\"{kind}\",\"data\":{json}}}")
            }
            Control::Unknown(t) => write!(out, "{{\"type\":\"UNKNOWN\",\"typeId\":{t}}}"),
            Control::Invalid(_) => write!(out, "null"),
        };
    }
}

/// A KRaft control record's JSON as Kafka prints it: written at the version
/// its own `version` field names (Kafka's `write(record, record.version())`),
/// or at version 0, at which it was read, when its schema has no such version.
fn kraft_json<T: Versioned>(record: &T, named: i16) -> Result<String, RecordError> {
    let version = if T::VERSIONS.contains(named) {
        named
    } else {
        0
    };
    kafka_wire::json::to_string(record, version, RecordsAs::Base64).map_err(RecordError::Json)
}

/// A transaction marker read as Kafka's `EndTransactionMarker` reads it.
fn lenient_marker(record: &Record) -> Option<Control> {
    let kind = match ControlRecordType::decode_key(record.key()?).ok()? {
        ControlRecordType::Abort => "ABORT",
        ControlRecordType::Commit => "COMMIT",
        _ => return None,
    };
    let marker = EndTxnMarker::decode(record.value()?).ok()?;
    Some(Control::Marker {
        kind,
        coordinator_epoch: marker.coordinator_epoch,
    })
}

/// A control record, and what is wrong with it.
fn control(record: &Record) -> (Control, Option<RecordError>) {
    // Kafka reads a KRaft control record's fields and ignores what follows.
    let (read, _, trailing) = match (record.key_bytes(), record.value_bytes()) {
        (Some(key), Some(value)) => {
            lenient(&value, |v| ControlRecord::decode(key.clone(), Some(v)))
        }
        _ => (ControlRecord::from_record(record), Bytes::new(), None),
    };
    let trailing = trailing.map(RecordError::Control);
    let read = match read {
        Ok((_, read)) => read,
        Err(e) => {
            let control = match e.kind() {
                DecodeErrorKind::UnknownRecordType(t) => Control::Unknown(*t),
                // Kafka reads a marker of a later version as version 0,
                // ignoring what follows its fields (as kafka-wire's own
                // marker reader does); this tool prints it so, and reports it.
                _ => match lenient_marker(record) {
                    Some(marker) => marker,
                    None => Control::Invalid(e.to_string()),
                },
            };
            return (control, Some(RecordError::Control(e)));
        }
    };
    let (label, kind, json) = match read {
        ControlRecord::Abort(ref marker) | ControlRecord::Commit(ref marker) => {
            let kind = if read.record_type() == 0 {
                "ABORT"
            } else {
                "COMMIT"
            };
            let control = Control::Marker {
                kind,
                coordinator_epoch: marker.coordinator_epoch,
            };
            return (control, trailing);
        }
        ControlRecord::LeaderChange(ref r) => {
            ("LeaderChange: ", "LEADER_CHANGE", kraft_json(r, r.version))
        }
        ControlRecord::SnapshotHeader(ref r) => (
            "SnapshotHeader ",
            "SNAPSHOT_HEADER",
            kraft_json(r, r.version),
        ),
        ControlRecord::SnapshotFooter(ref r) => (
            "SnapshotFooter ",
            "SNAPSHOT_FOOTER",
            kraft_json(r, r.version),
        ),
        ControlRecord::KRaftVersion(ref r) => {
            ("KRaftVersion ", "KRAFT_VERSION", kraft_json(r, r.version))
        }
        ControlRecord::KRaftVoters(ref r) => {
            ("KRaftVoters ", "KRAFT_VOTERS", kraft_json(r, r.version))
        }
        // A type kafka-messages reads and this tool does not print yet: not
        // wrong input, and Kafka 4.4 has none.
        ref other => return (Control::Unknown(other.record_type()), trailing),
    };
    match json {
        Ok(json) => (Control::KRaft { label, kind, json }, trailing),
        Err(e) => (Control::Invalid(e.to_string()), Some(e)),
    }
}

// ---------------------------------------------------------------------------
// Keys and values

/// A key or a value as a decoder shows it.
enum Shown {
    /// Nothing (a null key, a metadata record's key).
    Absent,
    /// A coordinator's tombstone: Kafka prints `<DELETE>`, JSON `null`.
    Tombstone,
    /// Kafka's JSON, as text.
    Json(String),
    /// Text: a key or value as a string, or in hex.
    Text(String),
}

/// A record's key and value as the decoder read them.
struct Decoded {
    key: Shown,
    value: Shown,
    /// What Kafka prints in place of the key or the payload of a record it
    /// cannot read.
    failure: Option<Failure>,
    /// What is wrong with the record, until reported; also when Kafka
    /// prints the record as read (bytes after its fields, a metadata record
    /// at a version past its schema's).
    error: Option<RecordError>,
}

/// Kafka's words for a record it cannot read.
struct Failure {
    text: String,
    /// In place of the key (a coordinator record), or of the payload (a
    /// metadata record).
    in_key: bool,
}

fn decode(decoder: Decoder, record: &Record) -> Decoded {
    match decoder {
        Decoder::Raw(contents) => raw(contents, record),
        Decoder::Offsets => coordinator::<GroupCoordinatorKey>(record, offsets_value_json),
        Decoder::TransactionLog => {
            coordinator::<TransactionCoordinatorKey>(record, transaction_value_json)
        }
        Decoder::ShareGroupState => coordinator::<ShareCoordinatorKey>(record, |_, json| json),
        Decoder::ClusterMetadata => metadata(record),
        Decoder::RemoteLogMetadata => remote_log_metadata(record),
    }
}

fn raw(contents: Contents, record: &Record) -> Decoded {
    let show = |field: Option<&[u8]>| match (field, contents) {
        (None, _) | (_, Contents::Sizes) => Shown::Absent,
        (Some(b), Contents::Text) => Shown::Text(String::from_utf8_lossy(b).into_owned()),
        (Some(b), Contents::Hex) => {
            let mut hex = String::with_capacity(b.len() * 2);
            for byte in b {
                use fmt::Write as _;
                let _ = write!(hex, "{byte:02x}");
            }
            Shown::Text(hex)
        }
    };
    Decoded {
        key: show(record.key()),
        value: show(record.value()),
        failure: None,
        error: None,
    }
}

/// The schema of a record type's key or value (or metadata record) in a
/// family's table.
fn schema_of(
    schemas: &[RecordSchema],
    record_type: i16,
    role: RecordRole,
) -> Option<MessageSchema> {
    schemas
        .iter()
        .find(|s| s.record_type == record_type && s.role == role)
        .map(|s| MessageSchema {
            body: s.schema.schema,
            versions: s.schema.versions,
            flexible: s.schema.flexible,
            api_key: None,
        })
}

/// Kafka's JSON of `bytes`, the body of a struct of `schema` at `version`.
fn view_json(
    schema: Option<MessageSchema>,
    record_type: i16,
    version: i16,
    bytes: Bytes,
) -> Result<String, DecodeError> {
    let schema =
        schema.ok_or_else(|| DecodeError::from(DecodeErrorKind::UnknownRecordType(record_type)))?;
    Ok(DynamicView::decode_exact(schema, version, bytes)?
        .to_json()
        .to_text())
}

/// A coordinator's family of records: its typed codec, which checks a record
/// and says what is wrong with it, and its schemas, by which the same bytes
/// are printed.
/// A classic group of the consumer protocol has its members' subscriptions
/// and assignments printed as their JSON, as Kafka's `OffsetsMessageParser`
/// prints them.
fn offsets_value_json(value: &GroupCoordinatorValue, json: String) -> String {
    match value {
        GroupCoordinatorValue::GroupMetadata(group)
            if group.protocol_type.as_str() == "consumer" =>
        {
            with_consumer_protocol(group, json)
        }
        _ => json,
    }
}

/// The transaction's status by its name, as Kafka's
/// `TransactionLogMessageParser` prints it.
fn transaction_value_json(value: &TransactionCoordinatorValue, json: String) -> String {
    match value {
        TransactionCoordinatorValue::TransactionLog(log) => {
            with_status_name(json, log.transaction_status)
        }
        _ => json,
    }
}

/// The int16 a coordinator's key or value starts with, if it has one
/// ([`split_coordinator_prefix`]).
fn prefix(bytes: &Bytes) -> Option<i16> {
    split_coordinator_prefix(bytes.clone()).ok().map(|(p, _)| p)
}

/// The fields after a coordinator's key or value's prefix.
fn after_prefix(bytes: &Bytes) -> Bytes {
    split_coordinator_prefix(bytes.clone()).map_or_else(|_| Bytes::new(), |(_, rest)| rest)
}

/// Reads `bytes` with `decode`, and when only bytes after the fields are
/// wrong, reads the bytes before them, as Kafka (which does not look past a
/// key's or value's fields) reads them. Returns what was read, the bytes it
/// was read from, and the error about the bytes after them.
fn lenient<T>(
    bytes: &Bytes,
    decode: impl Fn(Bytes) -> Result<T, DecodeError>,
) -> (Result<T, DecodeError>, Bytes, Option<DecodeError>) {
    match decode(bytes.clone()) {
        Err(e) => match *e.kind() {
            DecodeErrorKind::TrailingBytes(n) if n <= bytes.len() => {
                let fields = bytes.slice(..bytes.len() - n);
                match decode(fields.clone()) {
                    Ok(read) => (Ok(read), fields, Some(e)),
                    Err(_) => (Err(e), bytes.clone(), None),
                }
            }
            _ => (Err(e), bytes.clone(), None),
        },
        read => (read, bytes.clone(), None),
    }
}

/// A coordinator record as Kafka's `CoordinatorRecordMessageParser` prints
/// it: the key `{"type":"1","data":{...}}`, the value
/// `{"version":"3","data":{...}}` or `<DELETE>`; what it cannot read, in
/// place of the key, in its words. `value_json` turns a value's JSON into
/// what Kafka's parser of its topic prints.
fn coordinator<K: CoordinatorKey>(
    record: &Record,
    value_json: fn(&K::Value, String) -> String,
) -> Decoded {
    let offset = record.offset();
    let failed = |key: Shown, text: String, error: RecordError| Decoded {
        key,
        value: Shown::Absent,
        failure: Some(Failure { text, in_key: true }),
        error: Some(error),
    };
    let error_text = |what: String| format!("Error at offset {offset}, skipping. {what}");
    let Some(key) = record.key_bytes() else {
        let text = format!(
            "Failed to decode message at offset {offset} using the specified decoder \
             (message had a missing key)"
        );
        return failed(Shown::Absent, text, RecordError::MissingKey);
    };
    let (read, key_fields, key_trailing) = lenient(&key, |k| K::decode(k).map(|k| k.record_type()));
    let key_json = read.and_then(|record_type| {
        let schema = schema_of(K::SCHEMAS, record_type, RecordRole::Key);
        let json = view_json(schema, record_type, 0, after_prefix(&key_fields))?;
        Ok((record_type, json))
    });
    let (record_type, key_json) = match key_json {
        Ok((record_type, json)) => (
            record_type,
            Shown::Json(format!("{{\"type\":\"{record_type}\",\"data\":{json}}}")),
        ),
        Err(e) => {
            let text = match (e.kind(), prefix(&key)) {
                (DecodeErrorKind::UnknownRecordType(t), _) => {
                    format!("Unknown record type {t} at offset {offset}, skipping.")
                }
                (_, None) => error_text("Could not read version from key's buffer.".into()),
                (_, Some(t)) => error_text(format!(
                    "Could not read record with version {t} from key's buffer due to: {e}."
                )),
            };
            return failed(Shown::Absent, text, RecordError::Key(e));
        }
    };
    let key_trailing = key_trailing.map(RecordError::Key);
    let Some(value) = record.value_bytes() else {
        return Decoded {
            key: key_json,
            value: Shown::Tombstone,
            failure: None,
            error: key_trailing,
        };
    };
    let (read, value_fields, value_trailing) =
        lenient(&value, |v| K::Value::decode(record_type, v));
    let value_json = read.and_then(|(version, typed)| {
        let schema = schema_of(K::SCHEMAS, record_type, RecordRole::Value);
        let json = view_json(schema, record_type, version, after_prefix(&value_fields))?;
        Ok((version, value_json(&typed, json)))
    });
    match value_json {
        Ok((version, json)) => Decoded {
            key: key_json,
            value: Shown::Json(format!("{{\"version\":\"{version}\",\"data\":{json}}}")),
            failure: None,
            error: key_trailing.or(value_trailing.map(RecordError::Value)),
        },
        Err(e) => {
            let text = match (e.kind(), prefix(&value)) {
                (DecodeErrorKind::UnsupportedVersion { version, .. }, _) => error_text(format!(
                    "Found an unknown record version {version} for {record_type} type"
                )),
                (_, None) => error_text("Could not read version from value's buffer.".into()),
                (_, Some(version)) => error_text(format!(
                    "Could not read record with version {version} from value's buffer due to: {e}."
                )),
            };
            failed(key_json, text, RecordError::Value(e))
        }
    }
}

/// A `TransactionLogValue`'s JSON with its `transactionStatus` a string: the
/// state's name, or the id as text when it names none. Every field before it
/// is a number, so the first `"transactionStatus":` is the field's key.
fn with_status_name(json: String, status: i8) -> String {
    const KEY: &str = "\"transactionStatus\":";
    let Some(at) = json.find(KEY) else {
        return json;
    };
    let start = at + KEY.len();
    let end = json[start..]
        .find([',', '}'])
        .map_or(json.len(), |n| start + n);
    let name = match TransactionState::from(status) {
        TransactionState::Unknown(id) => id.to_string(),
        known => known.name().to_owned(),
    };
    format!("{}\"{name}\"{}", &json[..start], &json[end..])
}

/// A consumer protocol struct's JSON from its bytes (an int16 version, then
/// the struct), as Kafka reads it there ([`consumer_protocol::read_version`]),
/// ignoring bytes after it. `None` when it does not read; Kafka then keeps
/// the bytes.
fn consumer_protocol_json<T: Versioned>(bytes: &Bytes) -> Option<String> {
    let schema = MessageSchema::of::<T>();
    let (_, read_at) = consumer_protocol::read_version(bytes, schema.versions).ok()?;
    let view = DynamicView::decode(schema, read_at, &mut bytes.slice(2..)).ok()?;
    Some(view.to_json().to_text())
}

/// [`consumer_protocol_json`] of one struct.
type ProtocolJson = fn(&Bytes) -> Option<String>;

/// A `GroupMetadataValue`'s JSON with each member's `subscription` and
/// `assignment` (base64 strings) replaced by their JSON when they read. In
/// Kafka's JSON text a `"` outside a string starts or ends one, and a string
/// followed by `:` is a key, so `"subscription":"` is that key; the members'
/// come in their order, each subscription before its assignment, and base64
/// holds no `"`.
fn with_consumer_protocol(group: &GroupMetadataValue, json: String) -> String {
    let mut out = String::with_capacity(json.len() * 2);
    let mut rest = json.as_str();
    'members: for member in &group.members {
        let fields: [(&str, ProtocolJson, &Bytes); 2] = [
            (
                "\"subscription\":\"",
                consumer_protocol_json::<ConsumerProtocolSubscription>,
                &member.subscription,
            ),
            (
                "\"assignment\":\"",
                consumer_protocol_json::<ConsumerProtocolAssignment>,
                &member.assignment,
            ),
        ];
        for (key, to_json, bytes) in fields {
            let Some(at) = rest.find(key) else {
                break 'members;
            };
            // The value's opening quote, and one past its closing one.
            let start = at + key.len() - 1;
            let Some(len) = rest[start + 1..].find('"') else {
                break 'members;
            };
            let end = start + len + 2;
            out.push_str(&rest[..start]);
            match to_json(bytes) {
                Some(json) => out.push_str(&json),
                None => out.push_str(&rest[start..end]),
            }
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// `TopicRecord` as Kafka's `MetadataRecordType` names it: `TOPIC_RECORD`
/// (its generator's `toSnakeCase`, upper-cased).
fn metadata_type_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    let mut previous_upper = true;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if !previous_upper {
                out.push('_');
            }
            previous_upper = true;
        } else {
            previous_upper = false;
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The frame of a metadata record's value ([`MetadataFrame`]), with Kafka's
/// words (`AbstractApiMessageSerde.read`) for what is wrong with it. Returns
/// the key and the body after the frame.
fn metadata_frame(value: &Bytes) -> Result<(i16, Bytes), String> {
    let mut rest = value.clone();
    let frame = MetadataFrame::read(&mut rest).map_err(|e| {
        let name = match e.path().as_str() {
            "frame_version" => "frame version",
            "api_key" => "type",
            _ => "version",
        };
        match e.kind() {
            DecodeErrorKind::VarintOverflow { bits: 16 } => {
                format!("Value for {name} was too large.")
            }
            _ => format!("Error while reading {name}"),
        }
    })?;
    match frame.frame_version {
        1 => Ok((frame.api_key, rest)),
        0 => Err(
            "Could not deserialize metadata record with frame version 0. Note that \
                  upgrades from the preview release of KRaft in 2.8 to newer versions are \
                  not supported."
                .into(),
        ),
        other => Err(format!(
            "Could not deserialize metadata record due to unknown frame version \
             {other}(only frame version 1 is supported)"
        )),
    }
}

/// Kafka's words for a metadata record of `api_key` whose frame reads and
/// whose body does not.
fn metadata_error_text(api_key: i16, e: &DecodeError) -> String {
    match e.kind() {
        DecodeErrorKind::UnknownRecordType(k) => format!(
            "org.apache.kafka.common.errors.UnsupportedVersionException: Unknown metadata id {k}"
        ),
        DecodeErrorKind::TrailingBytes(n) => {
            format!("Found {n} byte(s) of garbage after {api_key}")
        }
        _ => format!("Failed to deserialize record with type {api_key}"),
    }
}

/// A record of `__remote_log_metadata` as Kafka's
/// `RemoteMetadataLogMessageParser` prints it: no key, the payload the
/// record's object as it prints itself; what it cannot read, in place of the
/// payload, in its words.
fn remote_log_metadata(record: &Record) -> Decoded {
    let offset = record.offset();
    let failed = |what: String, error: RecordError| Decoded {
        key: Shown::Absent,
        value: Shown::Absent,
        failure: Some(Failure {
            text: format!("Error at offset {offset}, skipping. {what}"),
            in_key: false,
        }),
        error: Some(error),
    };
    let Some(value) = record.value_bytes() else {
        return failed("null".into(), RecordError::MissingValue);
    };
    match RemoteLogMetadata::decode(value.clone()) {
        Ok(read) => Decoded {
            key: Shown::Absent,
            value: Shown::Text(read.to_kafka_string()),
            failure: None,
            error: None,
        },
        Err(e) => {
            // The frame and the errors are the metadata log's (Kafka's
            // `AbstractApiMessageSerde`), and so are its words.
            let what = match metadata_frame(&value) {
                Err(text) => text,
                Ok((api_key, _)) => metadata_error_text(api_key, &e),
            };
            failed(what, RecordError::Value(e))
        }
    }
}

/// A metadata record as Kafka's `ClusterMetadataLogMessageParser` prints it:
/// no key, the payload `{"type":"TOPIC_RECORD","version":0,"data":{...}}`;
/// what it cannot read, in place of the payload, in its words.
fn metadata(record: &Record) -> Decoded {
    let offset = record.offset();
    let printed = |name: &str, version: i16, json: String| {
        let name = metadata_type_name(name);
        Shown::Json(format!(
            "{{\"type\":\"{name}\",\"version\":{version},\"data\":{json}}}"
        ))
    };
    let failed = |what: String, error: RecordError| Decoded {
        key: Shown::Absent,
        value: Shown::Absent,
        failure: Some(Failure {
            text: format!("Error at {offset}, skipping. {what}"),
            in_key: false,
        }),
        error: Some(error),
    };
    let Some(value) = record.value_bytes() else {
        // Kafka reads a null value as no bytes.
        return failed(
            "Error while reading frame version".into(),
            RecordError::MissingValue,
        );
    };
    let frame = metadata_frame(&value);
    let e = match MetadataRecord::decode(value.clone()) {
        Ok((version, typed)) => {
            let api_key = typed.api_key();
            let body = frame.map_or_else(|_| Bytes::new(), |(_, body)| body);
            let schema = schema_of(MetadataRecord::SCHEMAS, api_key, RecordRole::Record);
            return match view_json(schema, api_key, version, body) {
                Ok(json) => Decoded {
                    key: Shown::Absent,
                    value: printed(typed.name(), version, json),
                    failure: None,
                    error: None,
                },
                Err(e) => failed(metadata_error_text(api_key, &e), RecordError::Value(e)),
            };
        }
        Err(e) => e,
    };
    let (api_key, body) = match frame {
        Ok(frame) => frame,
        Err(text) => return failed(text, RecordError::Value(e)),
    };
    // Kafka reads a version past the schema's as the schema's latest (its
    // readers test `version >= N` for each field), and prints it so; this
    // tool does too, and reports it.
    if let DecodeErrorKind::UnsupportedVersion { version, supported } = *e.kind() {
        let schema = schema_of(MetadataRecord::SCHEMAS, api_key, RecordRole::Record);
        if let (Some(schema), Some(latest)) = (schema, supported.highest()) {
            if version > latest {
                return match view_json(Some(schema), api_key, latest, body) {
                    Ok(json) => Decoded {
                        key: Shown::Absent,
                        value: printed(schema.body.name, version, json),
                        failure: None,
                        error: Some(RecordError::Value(e)),
                    },
                    Err(read) => failed(metadata_error_text(api_key, &read), RecordError::Value(e)),
                };
            }
        }
    }
    failed(metadata_error_text(api_key, &e), RecordError::Value(e))
}

#[cfg(test)]
mod tests {
    use super::file_heading;

    #[test]
    fn a_file_s_name_gives_its_heading() {
        assert_eq!(
            file_heading("/logs/t-0/00000000000000000042.log").as_deref(),
            Some("Log starting offset: 42")
        );
        assert_eq!(
            file_heading("00000000000000000103-0000000001.checkpoint").as_deref(),
            Some("Snapshot end offset: 103, epoch: 1")
        );
        assert_eq!(
            file_heading("bootstrap.checkpoint").as_deref(),
            Some("KRaft bootstrap snapshot")
        );
        for other in ["00000000000000000042.index", "x.log", "1-x.checkpoint"] {
            assert_eq!(file_heading(other), None, "{other}");
        }
    }
}
