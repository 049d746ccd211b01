//! `kafka-capture`: Kafka traffic out of a pcap or pcapng file, every
//! exchange paired and decoded. See `kafka-capture --help`.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use kafka_messages::ApiKey;
use kafka_wire_capture::exchange::{
    Analyzer, CapturedFrame, Event, Exchange, NoticeKind, Options, KAFKA_PORT,
};
use kafka_wire_capture::output::{
    summary_line, time_of_day, trees, write_json_line, HtmlReport, Stats,
};
use kafka_wire_capture::packets::CaptureReader;

/// Reads Kafka traffic from a packet capture: every TCP connection to Kafka
/// put back in order, cut into frames, each response paired with its
/// request by correlation id and decoded at the request's API and version,
/// for every API and version of Kafka 4.4 and 3.9.
///
/// Capture with, for example:
///   tcpdump -i lo -w kafka.pcap 'tcp port 9092'
///
/// Then:
///   kafka-capture kafka.pcap                     one line per exchange
///   kafka-capture --format json kafka.pcap | jq  Kafka's request-log JSON
///   kafka-capture --format tree --api Metadata kafka.pcap
///   kafka-capture --stats --quiet kafka.pcap     counts and latency percentiles per API
///   kafka-capture --quiet --html report kafka.pcap   report/index.html, a wire page per exchange
///   kafka-capture --errors --client-id my-app kafka.pcap
///
/// What cannot be read is said on stderr (bytes never captured, a response
/// whose request is missing, a frame that does not decode) and never
/// guessed at; a message the capture cut is shown to its cut, with what is
/// missing.
///
/// Exit status:
///   0  every byte of Kafka's connections in the capture was read
///   1  a message captured whole does not decode, or the file is cut or
///      broken (the exchanges before are shown)
///   2  the command line is wrong, or the file cannot be opened
///   3  all that was captured decoded, but the capture lacks traffic: bytes
///      never captured or skipped, messages cut, responses whose request is
///      missing
#[derive(Parser, Debug)]
#[command(name = "kafka-capture", version, verbatim_doc_comment)]
struct Args {
    /// The capture: pcap or pcapng (`-` reads stdin).
    capture: PathBuf,

    /// How exchanges are printed: `summary` (a line each), `json` (a JSON
    /// object a line, in Kafka's request-log form) or `tree` (the byte
    /// layout of each request and response, as the wire pages show it).
    #[arg(short, long, value_enum, default_value_t = Format::Summary)]
    format: Format,

    /// A port Kafka listens on, besides 9092 (repeat for more). A
    /// connection on other ports is read when its first bytes are a request.
    #[arg(short, long = "port", value_name = "PORT")]
    ports: Vec<u16>,

    /// Print a table of exchanges, errors and latency percentiles per API
    /// and version at the end.
    #[arg(long)]
    stats: bool,

    /// Also write an HTML report into DIR: `index.html`, a row per exchange
    /// with the counts per API, the analysis (as --analysis tells it: its
    /// tables, and charts drawn as inline SVG) and the notices, each row linked to the
    /// exchange's wire page (its bytes and trees, a file each).
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,

    /// The most exchange pages the HTML report writes (the index lists
    /// every exchange).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    html_pages: usize,

    /// The order exchanges are shown in: `response` (as each completes, the
    /// default) or `packet` (by the time of their first packet: each is held
    /// until no request older than it waits for its response).
    #[arg(long, value_enum, default_value_t = Order::Response)]
    order: Order,

    /// Print, at the end, traffic per client id and per broker, record sets
    /// per topic-partition (produced and fetched: batches, records, bytes),
    /// which client id produced to and fetched from which topic, latency per
    /// API and version, errors per API and code, throttle times
    /// per client id and per broker, each consumer's lag per partition at
    /// its last fetch, and consumer groups' events (joins, syncs, leaves,
    /// new generations and epochs, errors): as `text` tables or one `json`
    /// object (of the exchanges the filters keep).
    #[arg(long, value_enum, value_name = "FORMAT")]
    analysis: Option<AnalysisFormat>,

    /// Every SECONDS (wall clock), a summary line on stderr: packets,
    /// exchanges and notices so far, connections open, bytes held. For a
    /// capture read as it is written: `tcpdump -w - | kafka-capture
    /// --summary-every 10 -`.
    #[arg(long, value_name = "SECONDS")]
    summary_every: Option<f64>,

    /// Print no exchange (with --stats: the table alone).
    #[arg(short, long)]
    quiet: bool,

    /// Only these APIs (by name, as `Metadata` or `metadata`, or key; repeat
    /// or separate with commas).
    #[arg(long, value_delimiter = ',', value_name = "API")]
    api: Vec<String>,

    /// Only exchanges of this client id.
    #[arg(long, value_name = "ID")]
    client_id: Option<String>,

    /// Only this connection: its number (`3` or `#3`) or either end's
    /// address (`127.0.0.1:52114`).
    #[arg(long, value_name = "CONNECTION")]
    connection: Option<String>,

    /// Only exchanges whose response has an error code, or a message that
    /// does not decode.
    #[arg(long)]
    errors: bool,

    /// Read responses whose request was not captured at this API and
    /// version (`Fetch:17` or `1:17`), instead of only reporting them.
    #[arg(long, value_name = "API:VERSION")]
    assume: Option<String>,

    /// The largest frame read, in bytes; a larger size is reported as not a
    /// frame (Kafka's own limit is 100 MiB).
    #[arg(long, default_value_t = 100 << 20, value_name = "BYTES")]
    max_frame: usize,

    /// The most bytes held out of order per direction before the bytes
    /// missing are given up as a gap.
    #[arg(long, default_value_t = 16 << 20, value_name = "BYTES")]
    max_held: usize,

    /// The most bytes all open connections hold together (out of order, and
    /// of frames not yet whole); past it, the directions holding the most
    /// give theirs up, reported.
    #[arg(long, default_value_t = 1 << 30, value_name = "BYTES")]
    max_memory: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AnalysisFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Order {
    Response,
    Packet,
}

/// An exchange held for packet order: by its time, then as found.
struct Held(Duration, u64, Box<Exchange>);

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        (self.0, self.1) == (other.0, other.1)
    }
}
impl Eq for Held {}
impl PartialOrd for Held {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Held {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.0, self.1).cmp(&(other.0, other.1))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Summary,
    Json,
    Tree,
}

/// The filters of the command line.
struct Filter {
    apis: Vec<i16>,
    client_id: Option<String>,
    connection: Option<ConnectionFilter>,
    errors: bool,
}

enum ConnectionFilter {
    Id(u32),
    Address(SocketAddr),
}

fn api_key(text: &str) -> Result<i16, String> {
    if let Ok(key) = text.parse::<i16>() {
        return Ok(key);
    }
    let wanted: String = text
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .collect::<String>()
        .to_lowercase();
    ApiKey::ALL
        .iter()
        .find(|a| a.name().to_lowercase() == wanted)
        .map(|a| *a as i16)
        .ok_or_else(|| {
            format!(
                "no API named {text:?} (names as in `Metadata`, `CreateTopics`, or a key number)"
            )
        })
}

impl Filter {
    fn new(args: &Args) -> Result<Filter, String> {
        let apis = args
            .api
            .iter()
            .map(|a| api_key(a))
            .collect::<Result<_, _>>()?;
        let connection = args
            .connection
            .as_deref()
            .map(|c| {
                let id = c.strip_prefix('#').unwrap_or(c);
                id.parse()
                    .map(ConnectionFilter::Id)
                    .or_else(|_| c.parse().map(ConnectionFilter::Address))
                    .map_err(|_| {
                        format!("--connection {c}: a number or an address such as 127.0.0.1:52114")
                    })
            })
            .transpose()?;
        Ok(Filter {
            apis,
            client_id: args.client_id.clone(),
            connection,
            errors: args.errors,
        })
    }

    fn keeps(&self, x: &Exchange) -> bool {
        if !self.apis.is_empty() && !self.apis.contains(&x.api_key) {
            return false;
        }
        if self.client_id.is_some() && x.client_id != self.client_id {
            return false;
        }
        match self.connection {
            Some(ConnectionFilter::Id(id)) if x.connection.id != id => return false,
            Some(ConnectionFilter::Address(a))
                if x.connection.client != a && x.connection.server != a =>
            {
                return false
            }
            _ => {}
        }
        if self.errors {
            let unread = [&x.request, &x.response]
                .iter()
                .any(|m| matches!(m, Some(CapturedFrame { read: Err(_), .. })));
            return unread || !x.errors().is_empty();
        }
        true
    }
}

/// A reader that counts the bytes read, for the progress line.
struct Counted<R> {
    inner: R,
    read: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kafka-capture: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<ExitCode, String> {
    let filter = Filter::new(args)?;
    let assume = args
        .assume
        .as_deref()
        .map(|a| {
            let (api, version) = a
                .split_once(':')
                .ok_or(format!("--assume {a}: API:VERSION, as Fetch:17"))?;
            let version = version
                .parse()
                .map_err(|_| format!("--assume {a}: the version is a number"))?;
            Ok::<_, String>((api_key(api)?, version))
        })
        .transpose()?;
    let mut ports = vec![KAFKA_PORT];
    ports.extend(&args.ports);
    let options = Options {
        ports,
        max_held: args.max_held,
        max_frame: args.max_frame,
        max_memory: args.max_memory,
        assume,
        ..Options::default()
    };

    let read = Rc::new(Cell::new(0u64));
    let (input, len): (Box<dyn Read>, u64) = if args.capture.as_os_str() == "-" {
        (Box::new(io::stdin().lock()), 0)
    } else {
        let file =
            File::open(&args.capture).map_err(|e| format!("{}: {e}", args.capture.display()))?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        (Box::new(file), len)
    };
    let mut capture = CaptureReader::new(Counted {
        inner: input,
        read: read.clone(),
    })
    .map_err(|e| format!("{}: {e}", args.capture.display()))?;

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut stats = Stats::default();
    let mut analysis = kafka_wire_capture::analysis::Analysis::default();
    let mut unread = 0u64;
    let mut notices = 0u64;
    // Notices of traffic the capture lacks, and messages it cut.
    let mut damage = 0u64;
    let mut cut = 0u64;
    let mut failure: Option<io::Error> = None;
    let mut html = args
        .html
        .as_deref()
        .map(|dir| {
            HtmlReport::new(
                dir,
                &format!("kafka-capture: {}", args.capture.display()),
                args.html_pages,
            )
        })
        .transpose()
        .map_err(|e| format!("--html: {e}"))?;
    let mut notice_lines = Vec::new();
    // Each exchange's text, written through one buffer.
    let mut line = Vec::new();
    let progress = io::stderr().is_terminal() && len > 64 << 20;
    let mut shown = Instant::now();
    let mut analyzer = Analyzer::new(options);
    let mut sink = |event: Event| match event {
        Event::Exchange(x) => {
            if !filter.keeps(&x) {
                return;
            }
            stats.add(&x);
            if args.analysis.is_some() || html.is_some() {
                analysis.add(&x);
            }
            if let Some(report) = html.as_mut() {
                if let Err(e) = report.add(&x) {
                    failure = Some(e);
                }
            }
            let frames = [&x.request, &x.response];
            if frames.iter().any(|m| {
                matches!(
                    m,
                    Some(CapturedFrame {
                        read: Err(_),
                        cut: None,
                        ..
                    })
                )
            }) {
                unread += 1;
            }
            if frames
                .iter()
                .any(|m| m.as_ref().is_some_and(|m| m.cut.is_some()))
            {
                cut += 1;
            }
            if args.quiet || failure.is_some() {
                return;
            }
            line.clear();
            match args.format {
                Format::Summary => line.extend_from_slice(summary_line(&x).as_bytes()),
                Format::Json => write_json_line(&x, &mut line),
                Format::Tree => line
                    .extend_from_slice(format!("{}\n{}", summary_line(&x), trees(&x)).as_bytes()),
            }
            line.push(b'\n');
            if let Err(e) = out.write_all(&line) {
                failure = Some(e);
            }
        }
        Event::Notice(n) => {
            notices += 1;
            if !matches!(n.kind, NoticeKind::Unanswered { .. }) {
                damage += 1;
            }
            let connection = n.connection.map(|c| format!(" {c}")).unwrap_or_default();
            let line = format!("{}{connection}: {}", time_of_day(n.time), n.kind);
            eprintln!("kafka-capture: {line}");
            if html.is_some() && notice_lines.len() < 1000 {
                notice_lines.push(line);
            }
        }
    };
    let mut capture_error = None;
    let mut packets = 0u64;
    let mut found = Vec::new();
    let summary_every = args
        .summary_every
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .map_err(|_| format!("--summary-every {s}: a number of seconds"))
        })
        .transpose()?;
    let mut summarised = Instant::now();
    let (mut seen_exchanges, mut seen_notices) = (0u64, 0u64);
    let mut held = std::collections::BinaryHeap::new();
    let mut seq = 0u64;
    // The oldest request waiting is looked for over every open connection:
    // every 64 packets, or every as many packets as connections are open
    // (time stays linear in packets however many are open).
    let mut next_look = 0u64;
    // Events found are shown at once, but for exchanges in packet order:
    // held until no older request waits (checked every 64 packets).
    let mut show = |found: &mut Vec<Event>,
                    held: &mut std::collections::BinaryHeap<std::cmp::Reverse<Held>>,
                    until: Option<Option<Duration>>| {
        for event in found.drain(..) {
            match event {
                Event::Exchange(x) if args.order == Order::Packet => {
                    seq += 1;
                    held.push(std::cmp::Reverse(Held(x.time(), seq, x)));
                }
                event => sink(event),
            }
        }
        if let Some(until) = until {
            while held
                .peek()
                .is_some_and(|h| until.is_none_or(|t| h.0 .0 < t))
            {
                let std::cmp::Reverse(Held(_, _, x)) = held.pop().expect("one held");
                sink(Event::Exchange(x));
            }
        }
    };
    while let Some(packet) = capture.next_packet() {
        match packet {
            Ok(packet) => {
                analyzer.packet(&packet, &mut |e| found.push(e));
                for e in &found {
                    match e {
                        Event::Exchange(_) => seen_exchanges += 1,
                        Event::Notice(_) => seen_notices += 1,
                    }
                }
                let look = args.order == Order::Packet && packets >= next_look;
                if look {
                    next_look = packets + 64.max(analyzer.open_connections() as u64);
                }
                let until = look.then(|| analyzer.oldest_waiting());
                show(&mut found, &mut held, until);
                // A pass that closed connections by the thousand sent as
                // many events: their room is given back.
                if found.capacity() > 64 {
                    found.shrink_to(64);
                }
            }
            Err(e) => {
                capture_error = Some(e);
                break;
            }
        }
        packets += 1;
        if summary_every.is_some_and(|every| summarised.elapsed() >= every) {
            summarised = Instant::now();
            eprintln!(
                "kafka-capture: so far {packets} packets, {seen_exchanges} exchanges found, {seen_notices} notices, {} connections open, {} bytes held",
                analyzer.open_connections(),
                analyzer.held_bytes()
            );
        }
        if progress && shown.elapsed() > Duration::from_millis(250) {
            shown = Instant::now();
            eprint!(
                "\r{}: {}% ({} MiB), {} connections open, {} KiB held\x1b[K",
                args.capture.display(),
                read.get() * 100 / len.max(1),
                read.get() >> 20,
                analyzer.open_connections(),
                analyzer.held_bytes() >> 10
            );
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    analyzer.finish(&mut |e| found.push(e));
    show(&mut found, &mut held, Some(None));
    if let Some(e) = failure {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(format!("writing the output: {e}"));
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.stats {
        let _ = write!(out, "{}", stats.table());
    }
    match args.analysis {
        Some(AnalysisFormat::Text) => {
            let _ = write!(out, "{}", analysis.to_text());
        }
        Some(AnalysisFormat::Json) => {
            let _ = writeln!(out, "{}", analysis.to_json());
        }
        None => {}
    }
    if let Some(report) = html {
        let index = report
            .finish(&stats, &analysis, &notice_lines)
            .map_err(|e| format!("--html: {e}"))?;
        eprintln!("kafka-capture: wrote {}", index.display());
    }
    let _ = out.flush();
    for (why, n) in analyzer.skipped() {
        eprintln!("kafka-capture: {n} packets not read: {why}");
    }
    if let Some(e) = &capture_error {
        eprintln!(
            "kafka-capture: {}: the capture stops after {packets} packets: {e}",
            args.capture.display()
        );
    }
    eprintln!(
        "kafka-capture: {packets} packets, {} exchanges shown, {unread} with a message that does not decode, {cut} with a message the capture cut, {notices} notices",
        stats.exchanges()
    );
    Ok(if unread > 0 || capture_error.is_some() {
        ExitCode::FAILURE
    } else if damage > 0 || cut > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}
