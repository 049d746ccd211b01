//! The files of a Kafka log directory dumped as Kafka's `kafka-dump-log`
//! (`org.apache.kafka.tools.DumpLogSegments`) prints them: a segment (a
//! `.log` file, or a KRaft snapshot's `.checkpoint`: runs of record batches,
//! magic 2 or legacy 0 and 1, of every codec) read batch by batch, each batch
//! and record printed as Kafka's lines, or as one JSON object per record;
//! offset and time indexes checked against their segment, transaction
//! indexes and producer-state snapshots ([`index`], [`Dump::file`]).
//! The decoders of Kafka's own topics (`__consumer_offsets`,
//! `__transaction_state`, `__share_group_state`, `__cluster_metadata`) read
//! their records with `kafka_messages::internal` and print them in Kafka's
//! JSON form (`kafka_wire::json`); the records of `__remote_log_metadata`
//! (tiered storage) print as Kafka's objects print themselves ([`remote`]).
//!
//! The command `kafka-dump-log` (feature `cli`, on by default) is a command
//! line over this library: `cargo install kafka-wire-dump`, then
//! `kafka-dump-log --help`.
//!
//! # Example
//!
//! A segment of one batch, built in memory, dumped as Kafka prints it:
//!
//! ```
//! use std::io::Cursor;
//!
//! use kafka_wire::records::{NewRecord, RecordBatchBuilder};
//! use kafka_wire_dump::{Decoder, Contents, Dump, Options};
//!
//! let mut builder = RecordBatchBuilder::new();
//! builder.append(NewRecord::new(1_700_000_000_000).key(b"k").value(b"hello"))?;
//! let segment = builder.build()?.as_bytes().to_vec();
//!
//! let options = Options {
//!     decoder: Decoder::Raw(Contents::Text), // --print-data-log
//!     ..Options::default()
//! };
//! let mut problems = Vec::new();
//! let mut out = Vec::new();
//! let summary = Dump::new(options)
//!     .on_problem(|problem| problems.push(problem))
//!     .segment("00000000000000000000.log", Cursor::new(segment), &mut out)?;
//!
//! let out = String::from_utf8(out)?;
//! let record = out.lines().nth(1).unwrap();
//! assert_eq!(
//!     record,
//!     "| offset: 0 CreateTime: 1700000000000 keySize: 1 valueSize: 5 sequence: -1 \
//!      headerKeys: [] key: k payload: hello"
//! );
//! assert_eq!((summary.batches, summary.records, summary.problems), (1, 1, 0));
//! assert!(problems.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A file, with `--offsets-decoder`, to standard output, each problem to
//! standard error as it is found:
//!
//! ```no_run
//! use kafka_wire_dump::{Decoder, Dump, Options};
//!
//! let options = Options {
//!     decoder: Decoder::Offsets,
//!     ..Options::default()
//! };
//! let path = "/var/lib/kafka/__consumer_offsets-12/00000000000000000000.log";
//! let summary = Dump::new(options)
//!     .on_problem(|problem| eprintln!("{path}: {problem}"))
//!     .file(path, std::io::stdout().lock())?;
//! println!("{} records, {} problems", summary.records, summary.problems);
//! # Ok::<(), kafka_wire_dump::Error>(())
//! ```
//!
//! # Memory and problems
//!
//! Memory holds one batch at a time, of at most
//! [`Options::max_batch_bytes`] (64 MiB unless told): a batch that declares
//! more is skipped with a [`Problem`], and a compressed batch may not
//! decompress to more either. What is wrong (a checksum that does not match,
//! a batch cut short, a record type Kafka does not define, a version past its
//! schema's, bytes that do not read) is a [`Problem`] with its byte position,
//! handed to [`Dump::on_problem`]'s function as it is found, and the dump
//! goes on with the next batch whose place is known. A dump stops with an
//! [`Error`] only when its input cannot be read or its output written.
//!
//! # What differs from Kafka 4.4's `kafka-dump-log`
//!
//! The output is what Kafka's `org.apache.kafka.tools.DumpLogSegments`
//! (kafka-tools 4.4.0) prints, byte for byte, but where listed here: the
//! batch and record lines field for field, the decoders' records in Kafka's
//! JSON form, and Kafka's words for a record they cannot read.
//!
//! - Records are always listed (Kafka lists them with `--deep-iteration` or
//!   `--print-data-log`, both accepted by `kafka-dump-log`). Their keys and
//!   values are printed with a decoder, as UTF-8 text (invalid sequences
//!   replaced, as Kafka's `StringDecoder`: [`Contents::Text`],
//!   `--print-data-log`) or in hex ([`Contents::Hex`], `--hex`, this tool's);
//!   otherwise only their sizes.
//! - Where Kafka's words for an unreadable record quote a Java exception
//!   (`... from value's buffer due to: <message>.`), the message is this
//!   tool's.
//! - Where Kafka's tool stops with an exception, this one reports the
//!   problem and goes on: at a coordinator record without a key (printed
//!   with the words of Kafka's exception), a batch length below 14 (the rest
//!   of the file is then not read: the next batch cannot be found), an
//!   unknown magic, a batch that does not decompress, a control record that
//!   does not read, a batch whose record count is off by one or a record
//!   whose length runs past its batch (Kafka stops at both), an index entry
//!   that points past its segment or into a batch cut short, an index that
//!   fails `--index-sanity-check` (Kafka stops at the first, with the same
//!   words), a transaction index entry of a version past 0, a missing
//!   segment beside an index (its entries are then printed unchecked).
//! - A batch larger than [`Options::max_batch_bytes`] is not printed (Kafka
//!   has no limit).
//! - An index that ends with bytes that are not a whole entry, and a
//!   producer snapshot that does not read, are reported as problems (Kafka
//!   ignores the first; it prints the second's words on stderr, and so does
//!   this tool). Kafka's `--max-message-size` (the most bytes its index check
//!   reads of a batch) is not taken: the check reads a batch's header only.
//! - Kafka's decoder classes (`--key-decoder-class`, `--value-decoder-class`)
//!   are not taken.
//! - Record offsets that do not follow the one before are counted from -1
//!   as Kafka counts them (so a segment that does not start at offset 0
//!   lists its first record), at most [`Gaps::MAX_PAIRS`] per file
//!   ([`Summary::gaps`]); `kafka-dump-log` lists them on stderr at the end,
//!   as Kafka does.
//! - [`Format::Json`] (`--format json`) is this tool's: one object per
//!   record.
//!
//! What Kafka reads leniently is printed as Kafka prints it, and reported
//! too: a checksum that does not match (`isvalid: false`, the records still
//! printed), bytes after a key's, value's or control record's fields, a
//! metadata record at a version past its schema's (read as the latest, as
//! Kafka's readers do), a transaction marker of a later version (read as
//! version 0), a consumer protocol subscription or assignment of a later
//! version (the same).
//!
//! Kafka's tool has no JSON output; [`Format::Json`] is this tool's, for
//! every kind of file.
//!
//! # Beyond Kafka's tool
//!
//! [`image`] replays a KRaft metadata log directory into the cluster's
//! state, and [`groups`] replays `__consumer_offsets` into each group's
//! offsets, members and lag; the command `kafka-log-dir` (feature `cli`)
//! shows both.
//!
//! For large files, build it with `--release`.

#![deny(missing_docs)]

use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read, Seek, Write};
use std::path::Path;

mod error;
mod files;
pub mod groups;
pub mod image;
pub mod index;
mod print;
pub mod remote;
mod segment;

pub use error::{Error, ErrorKind, Problem, ProblemKind, RecordError};
pub use index::FileKind;

use files::Report;
use print::SegmentPrinter;
use segment::{Entry, Segment};

/// The default of [`Options::max_batch_bytes`]: 64 MiB.
pub const DEFAULT_MAX_BATCH_BYTES: usize = 64 << 20;

/// How records' keys and values are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoder {
    /// As bytes: their sizes, and with [`Contents`] their text or hex.
    Raw(Contents),
    /// `__consumer_offsets` (`--offsets-decoder`).
    Offsets,
    /// `__transaction_state` (`--transaction-log-decoder`).
    TransactionLog,
    /// `__share_group_state` (`--share-group-state-decoder`).
    ShareGroupState,
    /// `__cluster_metadata` (`--cluster-metadata-decoder`).
    ClusterMetadata,
    /// `__remote_log_metadata` (`--remote-log-metadata-decoder`): each
    /// record as Kafka's object of it prints itself ([`remote`]).
    RemoteLogMetadata,
}

/// What [`Decoder::Raw`] prints of a key or value besides its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contents {
    /// Nothing.
    Sizes,
    /// The bytes as UTF-8 text, invalid sequences replaced (Kafka's
    /// `StringDecoder`, `--print-data-log`).
    Text,
    /// The bytes in hex (`--hex`).
    Hex,
}

/// The output's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Lines as `kafka-dump-log` prints them.
    Text,
    /// One JSON object per record.
    Json,
}

/// How to dump: the flags of `kafka-dump-log`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How keys and values are read.
    pub decoder: Decoder,
    /// Text or JSON (`--format`).
    pub format: Format,
    /// The most bytes one batch may take, as stored and decompressed
    /// (`--max-batch-bytes`).
    pub max_batch_bytes: usize,
    /// Read only the batches that end within a segment's first this many
    /// bytes, and say nothing of bytes after them (`--max-bytes`).
    pub max_bytes: Option<u64>,
    /// Print records without their metadata: only the key and payload
    /// decoded, and an empty line for a control record or without a
    /// decoder (`--skip-record-metadata`).
    pub skip_record_metadata: bool,
    /// For an index: check it as the broker does when it starts (Kafka's
    /// `sanityCheck`), and print only whether it passed
    /// (`--index-sanity-check`).
    pub index_sanity_check: bool,
    /// For an index: check its entries against the segment without
    /// printing them (`--verify-index-only`).
    pub verify_index_only: bool,
}

impl Default for Options {
    /// Sizes only, Kafka's text, batches of at most
    /// [`DEFAULT_MAX_BATCH_BYTES`].
    fn default() -> Self {
        Options {
            decoder: Decoder::Raw(Contents::Sizes),
            format: Format::Text,
            max_batch_bytes: DEFAULT_MAX_BATCH_BYTES,
            max_bytes: None,
            skip_record_metadata: false,
            index_sanity_check: false,
            verify_index_only: false,
        }
    }
}

/// Record offsets that do not follow the one before, as Kafka reports them:
/// (previous, next) pairs, the first [`Gaps::MAX_PAIRS`] kept.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Gaps {
    /// The pairs kept, in the order met.
    pub pairs: Vec<(i64, i64)>,
    /// How many more there were.
    pub more: u64,
}

impl Gaps {
    /// The most pairs kept per segment.
    pub const MAX_PAIRS: usize = 1000;
}

/// What the checks of an offset or time index found that Kafka's tool
/// reports at its end: each a list of pairs, the first [`Gaps::MAX_PAIRS`]
/// kept.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct IndexFindings {
    /// Offset index entries whose offset is not the last offset of the
    /// batch they point at: (the entry's offset, the batch's last offset).
    pub offset_mismatches: Gaps,
    /// Time index entries whose timestamp is not the largest of the batch
    /// of their offset: (the entry's timestamp, the batch's).
    pub timestamp_mismatches: Gaps,
    /// Time index entries whose timestamp is not above the entry's before:
    /// (the entry's timestamp, the one before).
    pub out_of_order_timestamps: Gaps,
    /// Time index entries whose offset is no batch's last offset: (the
    /// entry's offset, the last offset of the first batch past it, or -1).
    pub offsets_not_found: Gaps,
}

impl IndexFindings {
    /// Whether nothing was found.
    pub fn is_empty(&self) -> bool {
        *self == IndexFindings::default()
    }
}

/// What a dump of one file found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// What the file was read as, by its name.
    pub kind: Option<FileKind>,
    /// Batches read (skipped ones included).
    pub batches: u64,
    /// Records printed; for an index, a transaction index or a producer
    /// snapshot, its entries.
    pub records: u64,
    /// Problems reported.
    pub problems: u64,
    /// Bytes after the last batch that are not one.
    pub trailing_bytes: u64,
    /// Record offsets that do not follow the one before.
    pub gaps: Gaps,
    /// What an index's checks found.
    pub index: IndexFindings,
}

/// A dump: its [`Options`], and who hears of its problems and progress.
/// One `Dump` may dump any number of segments, one at a time.
pub struct Dump<'a> {
    options: Options,
    on_problem: Box<dyn FnMut(Problem) + 'a>,
    on_progress: Box<dyn FnMut(u64, u64) + 'a>,
}

impl fmt::Debug for Dump<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dump")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl<'a> Dump<'a> {
    /// A dump with `options` whose problems are only counted
    /// ([`Summary::problems`]).
    pub fn new(options: Options) -> Self {
        Dump {
            options,
            on_problem: Box::new(|_| {}),
            on_progress: Box::new(|_, _| {}),
        }
    }

    /// Hands each [`Problem`] to `f` as it is found; the dump goes on.
    pub fn on_problem(mut self, f: impl FnMut(Problem) + 'a) -> Self {
        self.on_problem = Box::new(f);
        self
    }

    /// Tells `f` the byte position reached and the segment's size after
    /// each batch.
    pub fn on_progress(mut self, f: impl FnMut(u64, u64) + 'a) -> Self {
        self.on_progress = Box::new(f);
        self
    }

    /// The options it dumps with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Dumps the file at `path` to `out` as Kafka's tool does, by its name's
    /// suffix ([`FileKind`]): in the text format, `Dumping PATH`, then for a
    /// segment (`.log`) or KRaft snapshot (`.checkpoint`) the line its name
    /// gives (`Log starting offset: N`, the end offset and epoch of a
    /// snapshot) and its batches as [`Dump::segment`] dumps them; for an
    /// offset or time index its entries, checked against the segment beside
    /// it (the findings in [`Summary::index`]); for a transaction index its
    /// aborted transactions; for a producer snapshot its producers. Any
    /// other file is only named ([`Summary::kind`] is
    /// [`FileKind::Unknown`]). The file is read through a buffer. `out` is
    /// not flushed.
    pub fn file(&mut self, path: impl AsRef<Path>, mut out: impl Write) -> Result<Summary, Error> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let kind = FileKind::of(path);
        let text = self.options.format == Format::Text;
        if text {
            let heading = if matches!(kind, FileKind::Log | FileKind::Checkpoint) {
                print::write_file_heading(&mut out, &name)
            } else {
                writeln!(out, "Dumping {name}")
            };
            heading.map_err(|e| Error::new(&name, None, ErrorKind::Write, e))?;
        }
        let mut report = Report {
            on_problem: &mut *self.on_problem,
            summary: Summary::default(),
        };
        let options = &self.options;
        match kind {
            FileKind::Log | FileKind::Checkpoint => {
                let file =
                    File::open(path).map_err(|e| Error::new(&name, None, ErrorKind::Read, e))?;
                let mut summary =
                    self.segment(&name, BufReader::with_capacity(1 << 16, file), out)?;
                summary.kind = Some(kind);
                return Ok(summary);
            }
            FileKind::OffsetIndex => {
                files::offset_index(options, &name, path, &mut out, &mut report)?
            }
            FileKind::TimeIndex => files::time_index(options, &name, path, &mut out, &mut report)?,
            FileKind::TxnIndex => files::txn_index(options, &name, path, &mut out, &mut report)?,
            FileKind::ProducerSnapshot => {
                files::producer_snapshot(options, &name, path, &mut out, &mut report)?
            }
            FileKind::Unknown => {}
        }
        let mut summary = report.summary;
        summary.kind = Some(kind);
        Ok(summary)
    }

    /// Dumps the segment `input` (all of it, from its start) to `out`;
    /// `name` is the file it came from, which the JSON objects and the line
    /// about bytes after the last batch name. For a segment in memory, give
    /// a [`Cursor`](std::io::Cursor) of its bytes. `out` is not flushed.
    pub fn segment(
        &mut self,
        name: &str,
        input: impl Read + Seek,
        mut out: impl Write,
    ) -> Result<Summary, Error> {
        let mut segment = Segment::new(input, self.options.max_batch_bytes, self.options.max_bytes)
            .map_err(|e| Error::new(name, None, ErrorKind::Read, e))?;
        let mut printer = SegmentPrinter::new(name, &self.options, &mut out, &mut *self.on_problem);
        loop {
            let at = segment.position();
            let entry = segment
                .next_entry()
                .map_err(|e| Error::new(name, Some(at), ErrorKind::Read, e))?;
            match entry {
                Entry::Batch { position, bytes } => printer
                    .batch(position, bytes)
                    .map_err(|e| Error::new(name, Some(position), ErrorKind::Write, e))?,
                Entry::Skipped(problem) => printer.skipped(problem),
                Entry::End(problem) => {
                    // With --max-bytes, a batch the limit cuts is not read,
                    // as Kafka does not read it.
                    if let Some(problem) = problem.filter(|_| self.options.max_bytes.is_none()) {
                        printer.problem(problem);
                    }
                    break;
                }
            }
            (self.on_progress)(segment.position(), segment.len());
        }
        let at = segment.position();
        // With --max-bytes, Kafka says nothing of the bytes not read.
        let trailing = if self.options.max_bytes.is_some() {
            0
        } else {
            segment.len() - at
        };
        printer
            .finish(trailing)
            .map_err(|e| Error::new(name, Some(at), ErrorKind::Write, e))
    }
}
