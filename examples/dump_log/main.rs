//! Dumps Kafka log segments (`.log` files, and KRaft snapshots' `.checkpoint`
//! files: runs of record batches, magic 2 or legacy 0 and 1) as Kafka's
//! `kafka-dump-log --files F --print-data-log` does, with the decoders of
//! Kafka's own topics, reading the records with `kafka_messages::internal`
//! and printing them in Kafka's JSON form (`kafka_wire::json`).
//!
//! ```text
//! cargo run --features dump-log --example dump_log -- --offsets-decoder /var/kafka/__consumer_offsets-7/00000000000000000000.log
//! cargo run --features dump-log --example dump_log -- --cluster-metadata-decoder --format json \
//!     /var/kraft/__cluster_metadata-0/00000000000000000000.log | jq 'select(.value.type == "TOPIC_RECORD")'
//! ```
//!
//! Memory holds one batch at a time, of at most `--max-batch-bytes` (64 MiB
//! unless told): a batch that declares more is skipped with an error. What
//! is wrong (a checksum that does not match, a batch cut short, a record
//! type Kafka does not define, a version past its schema's, bytes that do
//! not read) goes to stderr with its byte position, and the dump goes on
//! with the next batch whose place is known; the exit code is then 1.
//!
//! For large files, build it with `--release`. The example needs the root
//! package's feature `dump-log` (Kafka's JSON form and every codec).
//!
//! # What differs from Kafka 4.4's `kafka-dump-log`
//!
//! Stdout is what Kafka's `org.apache.kafka.tools.DumpLogSegments`
//! (kafka-tools 4.4.0) prints, byte for byte, but where listed here: the
//! batch and record lines field for field, the decoders' records in Kafka's
//! JSON form, and Kafka's words for a record they cannot read.
//!
//! - Records are always listed (Kafka lists them with `--deep-iteration` or
//!   `--print-data-log`, both accepted here). Their keys and values are
//!   printed with a decoder, with `--print-data-log` (UTF-8 text, invalid
//!   sequences replaced, as Kafka's `StringDecoder`) or with `--hex` (this
//!   tool's); otherwise only their sizes.
//! - Where Kafka's words for an unreadable record quote a Java exception
//!   (`... from value's buffer due to: <message>.`), the message is this
//!   tool's.
//! - Where Kafka's tool stops with an exception, this one reports the
//!   problem and goes on: at a coordinator record without a key (printed
//!   with the words of Kafka's exception), a batch length below 14 (the rest
//!   of the file is then not read: the next batch cannot be found), an
//!   unknown magic, a batch that does not decompress, a control record that
//!   does not read.
//! - A batch larger than `--max-batch-bytes` is not printed (Kafka has no
//!   limit).
//! - Every file given is read as a log; Kafka skips names without a `.log`
//!   or `.checkpoint` suffix, and reads index, time index, producer snapshot
//!   and transaction index files, which this tool does not. `--max-bytes`,
//!   `--skip-record-metadata` and decoder classes are not taken.
//! - Record offsets that do not follow the one before are listed on stderr
//!   at the end as Kafka lists them (counting from -1, so a segment that
//!   does not start at offset 0 lists its first record), at most 1000 per
//!   file.
//! - `--format json` is this tool's: one object per record.
//!
//! What Kafka reads leniently is printed as Kafka prints it, and reported
//! too: a checksum that does not match (`isvalid: false`, the records still
//! printed), bytes after a key's, value's or control record's fields, a
//! metadata record at a version past its schema's (read as the latest, as
//! Kafka's readers do), a transaction marker of a later version (read as
//! version 0), a consumer protocol subscription or assignment of a later
//! version (the same).

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod dump;

use dump::{Contents, Decoder, Format, Gaps, Options};

const USAGE: &str = "\
usage: dump_log [DECODER] [--format text|json] [--max-batch-bytes N] FILE... | --files FILE,...

  FILE                          a log segment (.log) or KRaft snapshot (.checkpoint)
  DECODER, one of:
    --offsets-decoder           records of __consumer_offsets
    --transaction-log-decoder   records of __transaction_state
    --share-group-state-decoder records of __share_group_state
    --cluster-metadata-decoder  records of __cluster_metadata
    --print-data-log            keys and values as UTF-8 text
    --hex                       keys and values in hex
    (none: keys' and values' sizes only)
  --format text|json            Kafka's lines (the default), or one JSON object per record
  --max-batch-bytes N           the most bytes one batch may take, stored or
                                decompressed; larger ones are skipped (default 67108864)
  --files FILE,...              files, comma-separated (as kafka-dump-log takes them)

Problems go to stderr with their byte position; the exit code is then 1.";

/// Files above this size show their progress on a terminal.
const PROGRESS_ABOVE: u64 = 64 << 20;

/// How often the progress line changes.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

struct Args {
    files: Vec<String>,
    options: Options,
}

fn parse_args() -> Result<Args, String> {
    let mut files = Vec::new();
    let mut options = Options::default();
    let mut decoder_flag: Option<String> = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        let decoder = match arg.as_str() {
            "--offsets-decoder" => Some(Decoder::Offsets),
            "--transaction-log-decoder" => Some(Decoder::TransactionLog),
            "--share-group-state-decoder" => Some(Decoder::ShareGroupState),
            "--cluster-metadata-decoder" => Some(Decoder::ClusterMetadata),
            "--print-data-log" => Some(Decoder::Raw(Contents::Text)),
            "--hex" => Some(Decoder::Raw(Contents::Hex)),
            _ => None,
        };
        if let Some(decoder) = decoder {
            if let Some(other) = &decoder_flag {
                // `--print-data-log` with a decoder is how Kafka's users
                // write it; it adds nothing to one.
                let data = |f: &str| f == "--print-data-log";
                if data(&arg) {
                    continue;
                }
                if !data(other) {
                    return Err(format!("{other} and {arg}: give one decoder"));
                }
            }
            decoder_flag = Some(arg.clone());
            options.decoder = decoder;
            continue;
        }
        match arg.as_str() {
            "--format" => {
                options.format = match value()?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    other => return Err(format!("--format {other}: expected text or json")),
                }
            }
            "--max-batch-bytes" => {
                let v = value()?;
                options.max_batch_bytes = v.parse().ok().filter(|&n: &usize| n >= 61).ok_or(
                    format!("--max-batch-bytes {v}: expected a byte count of at least 61"),
                )?;
            }
            "--files" => files.extend(
                value()?
                    .split(',')
                    .filter(|f| !f.is_empty())
                    .map(String::from),
            ),
            "--deep-iteration" => {}
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with("--") => return Err(format!("unknown argument {other:?}")),
            file => files.push(file.into()),
        }
    }
    if files.is_empty() {
        return Err("no file to dump".into());
    }
    Ok(Args { files, options })
}

/// A progress line on stderr for a large file, when stderr is a terminal.
struct Progress {
    name: String,
    /// Whether the line is shown, decided at the first update, which knows
    /// the file's size.
    enabled: Option<bool>,
    last: Option<Instant>,
    shown: bool,
}

impl Progress {
    fn new(name: &str) -> Self {
        Progress {
            name: name.into(),
            enabled: None,
            last: None,
            shown: false,
        }
    }

    fn update(&mut self, position: u64, len: u64) {
        let enabled = *self
            .enabled
            .get_or_insert_with(|| len > PROGRESS_ABOVE && io::stderr().is_terminal());
        if !enabled || self.last.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        let mib = |n: u64| n as f64 / f64::from(1 << 20);
        let percent = position.saturating_mul(100).checked_div(len).unwrap_or(100);
        eprint!(
            "\r{}: {percent}% ({:.0} of {:.0} MiB)\x1b[K",
            self.name,
            mib(position),
            mib(len)
        );
        self.shown = true;
    }

    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

/// Dumps one file; returns its problems and offset gaps, or why it could not
/// be read.
fn dump_file(
    path: &str,
    options: &Options,
    out: &mut impl Write,
) -> Result<(u64, Gaps), io::Error> {
    let progress = RefCell::new(Progress::new(path));
    let summary = dump::dump_file(
        path,
        options,
        out,
        &mut |problem: dump::Problem| {
            progress.borrow_mut().clear();
            eprintln!("dump_log: {path}: {problem}");
        },
        &mut |position, len| progress.borrow_mut().update(position, len),
    );
    progress.borrow_mut().clear();
    let summary = summary?;
    Ok((summary.problems, summary.gaps))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut problems = 0u64;
    let mut failed_files = 0usize;
    let mut gaps = Vec::new();
    for path in &args.files {
        match dump_file(path, &args.options, &mut out) {
            Ok((found, file_gaps)) => {
                problems += found;
                gaps.push((path, file_gaps));
            }
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) => {
                let _ = out.flush();
                eprintln!("dump_log: {path}: {e}");
                failed_files += 1;
            }
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("dump_log: writing the output: {e}");
            return ExitCode::FAILURE;
        }
    }
    for (path, gaps) in gaps.iter().filter(|(_, g)| !g.pairs.is_empty()) {
        let absolute = std::path::absolute(path)
            .map_or_else(|_| path.to_string(), |p| p.display().to_string());
        eprintln!("Non-consecutive offsets in {absolute}");
        for (previous, next) in &gaps.pairs {
            eprintln!("  {previous} is followed by {next}");
        }
        if gaps.more > 0 {
            eprintln!("  and {} more", gaps.more);
        }
    }
    if problems > 0 || failed_files > 0 {
        eprintln!("dump_log: {problems} problem(s) found, {failed_files} file(s) not read");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
