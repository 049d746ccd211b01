//! What goes wrong: a [`Problem`] in a segment, after which the dump goes
//! on, and an [`Error`], reading the input or writing the output, which
//! stops it.

use std::fmt;
use std::io;

use kafka_wire::records::{RecordsError, LOG_OVERHEAD, MIN_ENTRY_LENGTH};
use kafka_wire::DecodeError;

/// Something wrong in a segment, at the byte position of the batch it is in
/// (or of the bytes that are not a batch).
#[derive(Debug)]
pub struct Problem {
    /// The byte position in the file.
    pub position: u64,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// What is wrong; see [`Problem`].
#[derive(Debug)]
#[non_exhaustive]
pub enum ProblemKind {
    /// The batch cannot be read, or its checksum does not match its bytes,
    /// or one of its records cannot be read (the error says which).
    Batch(RecordsError),
    /// A batch that declares more bytes than [`Options::max_batch_bytes`](crate::Options::max_batch_bytes):
    /// skipped, as its length says where the next batch starts.
    BatchTooLarge {
        /// Its size: the 12 bytes of offset and length, and the length.
        size: u64,
        /// The limit.
        max: usize,
    },
    /// The file ends inside a batch.
    TruncatedBatch {
        /// The size the batch declares.
        size: u64,
        /// The bytes left in the file.
        remaining: u64,
    },
    /// The file ends with fewer bytes than the offset and length that frame
    /// a batch.
    TruncatedFrame {
        /// The bytes left in the file.
        remaining: u64,
    },
    /// A batch length below the smallest entry's: where the next batch
    /// starts is lost, and the rest of the file is not read.
    InvalidLength {
        /// The length field.
        length: i32,
    },
    /// A file the check of an index needs (its segment, or for a time
    /// index its offset index) cannot be opened: the entries are printed
    /// unchecked.
    MissingCompanion {
        /// The file.
        path: String,
        /// Why it cannot be opened.
        error: String,
    },
    /// An index fails the check the broker makes when it starts
    /// (`--index-sanity-check`): Kafka's words for it.
    SanityCheck {
        /// Kafka's `CorruptIndexException` message.
        reason: String,
    },
    /// An index entry that points where no whole batch is: past the
    /// segment's end, into a batch cut short (Kafka's tool stops there).
    IndexEntry {
        /// The entry's offset.
        offset: i64,
        /// The byte position in the segment it points at (for a time
        /// index, the one its offset index gives).
        position: i64,
        /// What is there.
        why: &'static str,
    },
    /// An index ends with bytes that are not a whole entry (Kafka's tool
    /// ignores them).
    PartialEntry {
        /// The bytes of one entry.
        entry_size: u64,
        /// The bytes after the last whole one.
        trailing: u64,
    },
    /// A transaction index entry of a version Kafka does not read (its tool
    /// stops there).
    TxnIndexVersion {
        /// The version.
        version: i16,
    },
    /// A producer-state snapshot that does not read: Kafka prints the same
    /// words, and no producer.
    Snapshot(crate::index::SnapshotError),
    /// A record whose key or value the decoder cannot read.
    Record {
        /// The record's offset.
        offset: i64,
        /// Why.
        error: RecordError,
    },
}

/// Why a decoder cannot read a record.
#[derive(Debug)]
#[non_exhaustive]
pub enum RecordError {
    /// A coordinator record without a key.
    MissingKey,
    /// A metadata record without a value.
    MissingValue,
    /// The key does not read as its schema (an unknown record type, bytes
    /// that do not fit it).
    Key(DecodeError),
    /// The value does not read as its schema (an unknown record type, a
    /// version past the schema's, bytes that do not fit it).
    Value(DecodeError),
    /// A control record's key or value does not read (an unknown control
    /// record type, bytes that do not fit its schema).
    Control(DecodeError),
    /// A record read, whose JSON cannot be written.
    Json(kafka_wire::json::JsonError),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.position, self.kind)
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemKind::Batch(e) => write!(f, "{e}"),
            ProblemKind::BatchTooLarge { size, max } => write!(
                f,
                "a batch of {size} bytes, over the limit of {max} (--max-batch-bytes): skipped"
            ),
            ProblemKind::TruncatedBatch { size, remaining } => write!(
                f,
                "the file ends inside a batch: it declares {size} bytes, {remaining} remain"
            ),
            ProblemKind::TruncatedFrame { remaining } => write!(
                f,
                "the file ends with {remaining} bytes, fewer than the {LOG_OVERHEAD} of a batch's offset and length"
            ),
            ProblemKind::InvalidLength { length } => write!(
                f,
                "batch length {length} is below the minimum of {MIN_ENTRY_LENGTH}: \
                 the batches after it cannot be found"
            ),
            ProblemKind::Record { offset, error } => write!(f, "record at offset {offset}: {error}"),
            ProblemKind::MissingCompanion { path, error } => write!(
                f,
                "{path} cannot be opened, so the entries are not checked: {error}"
            ),
            ProblemKind::SanityCheck { reason } => write!(f, "{reason}"),
            ProblemKind::IndexEntry {
                offset,
                position,
                why,
            } => write!(
                f,
                "the entry of offset {offset} points at byte {position} of the segment, {why}"
            ),
            ProblemKind::PartialEntry {
                entry_size,
                trailing,
            } => write!(
                f,
                "{trailing} bytes after the last whole entry of {entry_size} bytes"
            ),
            ProblemKind::TxnIndexVersion { version } => write!(
                f,
                "an aborted transaction of version {version}, past the {} Kafka reads",
                crate::index::AbortedTxn::CURRENT_VERSION
            ),
            ProblemKind::Snapshot(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::MissingKey => f.write_str("no key, and a coordinator record needs one"),
            RecordError::MissingValue => f.write_str("no value, and a metadata record needs one"),
            RecordError::Key(e) => write!(f, "key: {e}"),
            RecordError::Value(e) => write!(f, "value: {e}"),
            RecordError::Control(e) => write!(f, "control record: {e}"),
            RecordError::Json(e) => write!(f, "its JSON cannot be written: {e}"),
        }
    }
}

impl std::error::Error for Problem {}

/// Why a dump stopped: its input could not be opened or read, or its output
/// written. It names the file and, past the start, the byte position of the
/// batch being read or printed.
#[derive(Debug)]
pub struct Error {
    file: String,
    position: Option<u64>,
    kind: ErrorKind,
    source: io::Error,
}

/// Which side of a dump failed; see [`Error::kind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Opening or reading the input.
    Read,
    /// Writing the output.
    Write,
}

impl Error {
    pub(crate) fn new(
        file: &str,
        position: Option<u64>,
        kind: ErrorKind,
        source: io::Error,
    ) -> Self {
        Error {
            file: file.into(),
            position,
            kind,
            source,
        }
    }

    /// The file: the path given to [`Dump::file`](crate::Dump::file) as
    /// displayed, or the name given to [`Dump::segment`](crate::Dump::segment).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The byte position of the batch being read or printed; `None` before
    /// the first (opening the file, or writing its heading).
    pub fn position(&self) -> Option<u64> {
        self.position
    }

    /// Whether reading the input or writing the output failed.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The I/O error (a broken pipe, for an output whose reader went away,
    /// is [`io::ErrorKind::BrokenPipe`]).
    pub fn io_error(&self) -> &io::Error {
        &self.source
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if let Some(position) = self.position {
            write!(f, "at byte {position}: ")?;
        }
        if self.kind == ErrorKind::Write {
            f.write_str("writing the dump: ")?;
        }
        write!(f, "{}", self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}
