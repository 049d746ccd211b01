//! `kafka-dump-log`: Kafka log segments dumped as Kafka's `kafka-dump-log`
//! prints them. A command line over the `kafka_wire_dump` library, whose
//! docs say what it prints and where it differs from Kafka's tool.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{ArgGroup, CommandFactory, FromArgMatches, Parser, ValueEnum};
use kafka_wire::records::BATCH_HEADER_LEN;
use kafka_wire_dump::{
    Contents, Decoder, Dump, FileKind, Format, Gaps, Options, DEFAULT_MAX_BATCH_BYTES,
};

/// Dumps the files of a Kafka log directory as Kafka's kafka-dump-log
/// --print-data-log prints them: log segments (.log) and KRaft snapshots
/// (.checkpoint), with the decoders of Kafka's own topics, which print their
/// records in Kafka's JSON form; offset and time indexes (.index,
/// .timeindex), checked against their segment; transaction indexes
/// (.txnindex) and producer-state snapshots (.snapshot).
///
///   kafka-dump-log --offsets-decoder /var/lib/kafka/__consumer_offsets-12/00000000000000000000.log
///   kafka-dump-log --cluster-metadata-decoder --format json \
///       /var/lib/kafka/__cluster_metadata-0/00000000000000000000.log | jq 'select(.value.type == "TOPIC_RECORD")'
///
/// Memory holds one batch at a time. Problems (a checksum that does not
/// match, a batch cut short, a record type Kafka does not define, bytes that
/// do not read) go to stderr with their byte position, and the dump goes on
/// with the next batch whose place is known; the exit code is then 1.
#[derive(Parser, Debug)]
#[command(
    name = "kafka-dump-log",
    version,
    verbatim_doc_comment,
    group(ArgGroup::new("input").required(true).multiple(true).args(["paths", "files"])),
    group(ArgGroup::new("decoder").args([
        "offsets_decoder",
        "transaction_log_decoder",
        "share_group_state_decoder",
        "cluster_metadata_decoder",
        "remote_log_metadata_decoder",
        "hex",
    ])),
)]
struct Args {
    /// A log segment (.log), KRaft snapshot (.checkpoint), index (.index,
    /// .timeindex, .txnindex) or producer snapshot (.snapshot).
    #[arg(value_name = "FILE")]
    paths: Vec<PathBuf>,

    /// Files, comma-separated (as kafka-dump-log takes them).
    #[arg(long, value_name = "FILE,...", value_delimiter = ',')]
    files: Vec<String>,

    /// Records of __consumer_offsets.
    #[arg(long)]
    offsets_decoder: bool,

    /// Records of __transaction_state.
    #[arg(long)]
    transaction_log_decoder: bool,

    /// Records of __share_group_state.
    #[arg(long)]
    share_group_state_decoder: bool,

    /// Records of __cluster_metadata.
    #[arg(long)]
    cluster_metadata_decoder: bool,

    /// Records of __remote_log_metadata (tiered storage).
    #[arg(long)]
    remote_log_metadata_decoder: bool,

    /// Keys and values in hex.
    #[arg(long)]
    hex: bool,

    /// Keys and values as UTF-8 text (without a decoder; with one, it adds
    /// nothing). Without either, keys' and values' sizes only.
    #[arg(long)]
    print_data_log: bool,

    /// Accepted as Kafka's tool takes it: records are always listed.
    #[arg(long)]
    deep_iteration: bool,

    /// Kafka's lines, or one JSON object per record.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,

    /// The most bytes one batch may take, stored or decompressed; larger
    /// ones are skipped. At least 61, a batch header's size.
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_BATCH_BYTES,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(BATCH_HEADER_LEN as u64..),
    )]
    max_batch_bytes: usize,

    /// Read only the batches within each segment's first N bytes.
    #[arg(long, value_name = "N")]
    max_bytes: Option<u64>,

    /// Print records without their metadata (keys and payloads only; an
    /// empty line for control records).
    #[arg(long)]
    skip_record_metadata: bool,

    /// For indexes: run the check the broker runs when it starts, and print
    /// only whether it passed.
    #[arg(long)]
    index_sanity_check: bool,

    /// For indexes: check their entries against the segment without
    /// printing them.
    #[arg(long)]
    verify_index_only: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Text,
    Json,
}

impl Args {
    fn options(&self) -> Options {
        let decoder = if self.offsets_decoder {
            Decoder::Offsets
        } else if self.transaction_log_decoder {
            Decoder::TransactionLog
        } else if self.share_group_state_decoder {
            Decoder::ShareGroupState
        } else if self.cluster_metadata_decoder {
            Decoder::ClusterMetadata
        } else if self.remote_log_metadata_decoder {
            Decoder::RemoteLogMetadata
        } else if self.hex {
            Decoder::Raw(Contents::Hex)
        } else if self.print_data_log {
            Decoder::Raw(Contents::Text)
        } else {
            Decoder::Raw(Contents::Sizes)
        };
        Options {
            decoder,
            format: match self.format {
                FormatArg::Text => Format::Text,
                FormatArg::Json => Format::Json,
            },
            max_batch_bytes: self.max_batch_bytes,
            max_bytes: self.max_bytes,
            skip_record_metadata: self.skip_record_metadata,
            index_sanity_check: self.index_sanity_check,
            verify_index_only: self.verify_index_only,
        }
    }
}

/// The files to dump, in the order given: the file arguments and the
/// values of `--files` (empty ones dropped) as they come on the line.
fn files_in_order(args: &Args, matches: &clap::ArgMatches) -> Vec<PathBuf> {
    let indices = |id: &str| matches.indices_of(id).into_iter().flatten();
    let mut files: Vec<(usize, PathBuf)> = indices("paths")
        .zip(args.paths.iter().cloned())
        .chain(
            indices("files")
                .zip(&args.files)
                .filter(|(_, f)| !f.is_empty())
                .map(|(i, f)| (i, PathBuf::from(f))),
        )
        .collect();
    files.sort_by_key(|(i, _)| *i);
    files.into_iter().map(|(_, f)| f).collect()
}

/// Files above this size show their progress on a terminal.
const PROGRESS_ABOVE: u64 = 64 << 20;

/// How often the progress line changes.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

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

/// Dumps one file; its problems go to stderr as they are found, with the
/// progress line of a large one.
fn dump_file(
    path: &PathBuf,
    options: Options,
    out: &mut impl Write,
) -> Result<kafka_wire_dump::Summary, kafka_wire_dump::Error> {
    let name = path.display().to_string();
    let progress = RefCell::new(Progress::new(&name));
    let summary = Dump::new(options)
        .on_problem(|problem| {
            progress.borrow_mut().clear();
            eprintln!("kafka-dump-log: {name}: {problem}");
        })
        .on_progress(|position, len| progress.borrow_mut().update(position, len))
        .file(path, out);
    progress.borrow_mut().clear();
    summary
}

/// Kafka's closing report of what the checks of indexes found: offset
/// index entries that do not match their batch, then the time indexes'
/// timestamps that do not match, that go back, and offsets not found.
fn report_index(files: &[(&PathBuf, kafka_wire_dump::Summary)]) {
    let absolute = |path: &PathBuf| {
        std::path::absolute(path)
            .unwrap_or_else(|_| path.clone())
            .display()
            .to_string()
    };
    let more = |gaps: &Gaps| {
        if gaps.more > 0 {
            eprintln!("  and {} more", gaps.more);
        }
    };
    for (path, summary) in files {
        let found = &summary.index.offset_mismatches;
        if found.pairs.is_empty() {
            continue;
        }
        eprintln!("Mismatches in :{}", absolute(path));
        // Kafka keeps one per index offset, the last, from the highest down.
        let mut pairs: Vec<(i64, i64)> = Vec::with_capacity(found.pairs.len());
        for pair in found.pairs.iter().rev() {
            if !pairs.iter().any(|(o, _)| *o == pair.0) {
                pairs.push(*pair);
            }
        }
        pairs.sort_by_key(|b| std::cmp::Reverse(b.0));
        for (index, log) in pairs {
            eprintln!("  Index offset: {index}, log offset: {log}");
        }
        more(found);
    }
    for (path, summary) in files {
        let found = &summary.index.timestamp_mismatches;
        if !found.pairs.is_empty() {
            eprintln!("Found timestamp mismatch in :{}", absolute(path));
            for (index, log) in &found.pairs {
                eprintln!("  Index timestamp: {index}, log timestamp: {log}");
            }
            more(found);
        }
    }
    for (path, summary) in files {
        let found = &summary.index.out_of_order_timestamps;
        if !found.pairs.is_empty() {
            eprintln!("Found out of order timestamp in :{}", absolute(path));
            for (index, previous) in &found.pairs {
                eprintln!("  Index timestamp: {index}, Previously indexed timestamp: {previous}");
            }
            more(found);
        }
    }
    for (_, summary) in files {
        let found = &summary.index.offsets_not_found;
        if !found.pairs.is_empty() {
            eprintln!("The following indexed offsets are not found in the log.");
            for (index, log) in &found.pairs {
                eprintln!("Indexed offset: {index}, found log offset: {log}");
            }
            more(found);
        }
    }
}

/// Kafka's closing report of the record offsets that do not follow the one
/// before, for one file.
fn report_gaps(path: &PathBuf, gaps: &Gaps) {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.clone());
    eprintln!("Non-consecutive offsets in {}", absolute.display());
    for (previous, next) in &gaps.pairs {
        eprintln!("  {previous} is followed by {next}");
    }
    if gaps.more > 0 {
        eprintln!("  and {} more", gaps.more);
    }
}

fn main() -> ExitCode {
    let matches = Args::command().get_matches();
    let args = match Args::from_arg_matches(&matches) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    let options = args.options();
    let files = files_in_order(&args, &matches);
    if files.is_empty() {
        Args::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "no file to dump",
            )
            .exit();
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut problems = 0u64;
    let mut failed_files = 0usize;
    let mut gaps = Vec::new();
    for path in &files {
        match dump_file(path, options, &mut out) {
            Ok(summary) => {
                if summary.kind == Some(FileKind::Unknown) {
                    eprintln!("Ignoring unknown file {}", path.display());
                }
                problems += summary.problems;
                gaps.push((path, summary));
            }
            Err(e) if e.io_error().kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) => {
                let _ = out.flush();
                eprintln!("kafka-dump-log: {e}");
                failed_files += 1;
            }
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("kafka-dump-log: writing the output: {e}");
            return ExitCode::FAILURE;
        }
    }
    report_index(&gaps);
    for (path, summary) in gaps.iter().filter(|(_, s)| !s.gaps.pairs.is_empty()) {
        report_gaps(path, &summary.gaps);
    }
    if problems > 0 || failed_files > 0 {
        eprintln!("kafka-dump-log: {problems} problem(s) found, {failed_files} file(s) not read");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
