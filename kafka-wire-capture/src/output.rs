//! How exchanges are shown: one line each, Kafka's request-log JSON, the
//! wire pages' trees, and counts with latency percentiles per API.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use kafka_wire::json::RecordsAs;
use kafka_wire::ErrorCode;
use kafka_wire_pages::{html_escape as escape, Layout, Page, Section, SizePrefix};

use crate::analysis::Analysis;
use crate::exchange::{CapturedFrame, Connection, Exchange};
use crate::walk::record_sets;

/// `HH:MM:SS.micros` of a capture time, in UTC.
pub fn time_of_day(time: Duration) -> String {
    let secs = time.as_secs();
    format!(
        "{:02}:{:02}:{:02}.{:06}",
        secs / 3600 % 24,
        secs / 60 % 60,
        secs % 60,
        time.subsec_micros()
    )
}

fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// An error code as Kafka names it (`UNKNOWN_TOPIC_OR_PARTITION`), or its
/// number.
pub fn error_name(code: i16) -> String {
    let e = ErrorCode::from_code(code);
    if e.is_known() {
        e.name().to_string()
    } else {
        code.to_string()
    }
}

/// One line: time, connection, client id, API and version, correlation id,
/// latency, sizes, records, errors, and what did not read.
pub fn summary_line(x: &Exchange) -> String {
    let mut line = String::new();
    let time = x.time();
    let _ = write!(line, "{} {} ", time_of_day(time), x.connection);
    if let Some(client) = &x.client_id {
        let _ = write!(line, "{client:?} ");
    }
    let _ = write!(
        line,
        "{} v{} corr={}",
        x.api_name(),
        x.api_version,
        x.correlation_id
    );
    match (&x.request, &x.response) {
        (Some(rq), Some(rs)) => {
            let _ = write!(
                line,
                " {} {} B -> {} B",
                millis(x.latency().unwrap_or_default()),
                rq.wire_len(),
                rs.wire_len()
            );
        }
        (Some(rq), None) if !x.expects_response => {
            let _ = write!(line, " {} B, no response asked (acks=0)", rq.wire_len());
        }
        (Some(rq), None) => {
            let _ = write!(line, " {} B, no response captured", rq.wire_len());
        }
        (None, Some(rs)) => {
            let _ = write!(line, " request not captured, -> {} B", rs.wire_len());
        }
        (None, None) => {}
    }
    if let Some(v) = x.response_version.filter(|&v| v != x.api_version) {
        let _ = write!(line, " (response read at v{v})");
    }
    for (what, message) in [("request", &x.request), ("response", &x.response)] {
        let Some(CapturedFrame { read: Ok(view), .. }) = message else {
            continue;
        };
        let sets = record_sets(view.body.body());
        if !sets.is_empty() {
            let codecs: Vec<String> = sets
                .codecs
                .iter()
                .map(|c| format!("{c:?}").to_lowercase())
                .collect();
            let _ = write!(
                line,
                " {what} records: {} in {} batches ({})",
                sets.records,
                sets.batches,
                codecs.join(", ")
            );
            for e in &sets.errors {
                let _ = write!(line, " [{what} records not read: {e}]");
            }
        }
    }
    let errors = x.errors();
    if !errors.is_empty() {
        let mut counts: BTreeMap<i16, usize> = BTreeMap::new();
        for &e in errors {
            *counts.entry(e).or_insert(0) += 1;
        }
        let names: Vec<String> = counts
            .iter()
            .map(|(code, n)| {
                if *n > 1 {
                    format!("{} x{n}", error_name(*code))
                } else {
                    error_name(*code)
                }
            })
            .collect();
        let _ = write!(line, " errors: {}", names.join(", "));
    }
    for (what, message) in [("request", &x.request), ("response", &x.response)] {
        match message {
            Some(CapturedFrame {
                cut: Some(cut),
                read,
                ..
            }) => match read {
                Err(e) => {
                    let _ = write!(line, " [{what} {cut}; it reads up to {e}]");
                }
                Ok(_) => {
                    let _ = write!(line, " [{what} {cut}, after its body]");
                }
            },
            Some(CapturedFrame { read: Err(e), .. }) => {
                let _ = write!(line, " [{what} does not read: {e}]");
            }
            Some(CapturedFrame {
                ignored: n @ 1.., ..
            }) => {
                let _ = write!(
                    line,
                    " [{n} bytes after the {what} body, not read, as Kafka does not]"
                );
            }
            _ => {}
        }
    }
    line
}

/// One JSON object, in the form of Kafka's request log
/// (`kafka.request.logger`): `requestHeader`, `request`, `response` in
/// Kafka's JSON (record sets by their size, as the log writes Produce
/// requests and Fetch responses), then the connection, `totalTimeMs`, the
/// capture time, sizes and error codes (and `requestIgnoredBytes`, the bytes
/// after a request's body that Kafka does not read); what does not read is
/// a `requestError` or `responseError` string instead, and a message the
/// capture cut has a `requestCut` or `responseCut` (`size`, `captured`, and
/// its `holes`, each an `offset` in the frame and the bytes `missing`).
pub fn json_line(x: &Exchange) -> String {
    let mut out = Vec::new();
    write_json_line(x, &mut out);
    String::from_utf8(out)
        .unwrap_or_else(|e| unreachable!("JSON text of UTF-8 strings is UTF-8: {e}"))
}

/// [`json_line`]'s text appended to `out`, without its newline: for a
/// caller that writes many lines through one buffer, grown once to the
/// longest line rather than allocated for each.
pub fn write_json_line(x: &Exchange, out: &mut Vec<u8>) {
    // The messages' JSON is written in place, through kafka-wire's JSON
    // text writers (no `fmt`), each message as the request log writes it.
    use kafka_wire::json::text::{integer, quoted};
    out.push(b'{');
    let mut first = true;
    let mut key = |out: &mut Vec<u8>, k: &str| {
        if !first {
            out.push(b',');
        }
        first = false;
        quoted(out, k);
        out.push(b':');
    };
    let name = api_key_name(x);
    let parts = [
        (
            &x.request,
            "requestHeader",
            "request",
            "requestError",
            Some(("requestApiKeyName", name.as_str())),
            false,
        ),
        (
            &x.response,
            "responseHeader",
            "response",
            "responseError",
            None,
            true,
        ),
    ];
    for (message, header_key, body_key, error_key, extra, response) in parts {
        let Some(message) = message else {
            continue;
        };
        match &message.read {
            Ok(view) => {
                key(out, header_key);
                let header = view.header.to_json();
                let header = match extra {
                    Some((k, v)) => header.with_entry(k, v),
                    None => header,
                };
                header.write_to(out);
                key(out, body_key);
                kafka_messages::json::write_body(out, view, response, RecordsAs::SizeInBytes);
            }
            Err(e) => {
                key(out, error_key);
                quoted(out, &e.to_string());
            }
        }
    }
    key(out, "connection");
    // A connection's text is a number and addresses: nothing to escape.
    out.push(b'"');
    connection_text(&x.connection, out);
    out.push(b'"');
    key(out, "apiKey");
    integer(out, x.api_key);
    key(out, "apiVersion");
    integer(out, x.api_version);
    key(out, "correlationId");
    integer(out, x.correlation_id);
    if let Some(latency) = x.latency() {
        key(out, "totalTimeMs");
        // Milliseconds to three decimals: microseconds, rounded.
        let micros = (latency.as_nanos() + 500) / 1000;
        integer(out, micros / 1000);
        out.push(b'.');
        let frac = (micros % 1000) as u16;
        out.extend_from_slice(&[
            b'0' + (frac / 100) as u8,
            b'0' + (frac / 10 % 10) as u8,
            b'0' + (frac % 10) as u8,
        ]);
    }
    let time = x.time();
    key(out, "captureTimeUs");
    integer(out, time.as_micros());
    if let Some(rq) = &x.request {
        key(out, "requestBytes");
        integer(out, rq.wire_len());
    }
    if let Some(rs) = &x.response {
        key(out, "responseBytes");
        integer(out, rs.wire_len());
    }
    for (k, message) in [("requestCut", &x.request), ("responseCut", &x.response)] {
        if let Some(cut) = message.as_ref().and_then(|m| m.cut.as_ref()) {
            key(out, k);
            out.extend_from_slice(b"{\"size\":");
            integer(out, cut.size);
            out.extend_from_slice(b",\"captured\":");
            integer(out, cut.captured);
            out.extend_from_slice(b",\"holes\":[");
            for (i, (at, len)) in cut.holes.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"offset\":");
                integer(out, *at);
                out.extend_from_slice(b",\"missing\":");
                integer(out, *len);
                out.push(b'}');
            }
            out.extend_from_slice(b"]}");
        }
    }
    if let Some(n @ 1..) = x.request.as_ref().map(|m| m.ignored) {
        key(out, "requestIgnoredBytes");
        integer(out, n);
    }
    if !x.expects_response {
        key(out, "responseExpected");
        out.extend_from_slice(b"false");
    }
    let errors = x.errors();
    if !errors.is_empty() {
        key(out, "errorCodes");
        out.push(b'[');
        for (i, code) in errors.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            integer(out, *code);
        }
        out.push(b']');
    }
    out.push(b'}');
}

/// A connection's text, as its `Display` writes it, appended to `out`:
/// IPv4 addresses written digit by digit (`fmt` took 3% of a JSON run).
fn connection_text(c: &Connection, out: &mut Vec<u8>) {
    use kafka_wire::json::text::integer;
    let address = |out: &mut Vec<u8>, a: std::net::SocketAddr| match a {
        std::net::SocketAddr::V4(v4) => {
            for (i, octet) in v4.ip().octets().into_iter().enumerate() {
                if i > 0 {
                    out.push(b'.');
                }
                integer(out, octet);
            }
            out.push(b':');
            integer(out, v4.port());
        }
        std::net::SocketAddr::V6(_) => {
            use std::io::Write as _;
            let _ = write!(out, "{a}");
        }
    };
    out.push(b'#');
    integer(out, c.id);
    out.push(b' ');
    address(out, c.client);
    out.extend_from_slice(b" -> ");
    address(out, c.server);
}

/// The name Kafka's request log gives the API (`CREATE_TOPICS`).
fn api_key_name(x: &Exchange) -> String {
    let name = x.api_name();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The byte layouts of the request and the response captured, as the wire
/// pages read them.
fn layouts(x: &Exchange) -> Vec<Layout> {
    let mut layouts = Vec::new();
    if let Some(rq) = &x.request {
        layouts.push(Layout::decode_request(&rq.frame, SizePrefix::Absent));
    }
    if let Some(rs) = &x.response {
        let version = x.response_version.unwrap_or(x.api_version);
        layouts.push(Layout::decode_response(
            &rs.frame,
            SizePrefix::Absent,
            x.api_key,
            version,
        ));
    }
    layouts
}

/// The wire pages' trees of the request and the response.
pub fn trees(x: &Exchange) -> String {
    layouts(x).iter().map(Layout::to_text).collect()
}

/// An exchange's wire page: the request's and the response's byte layouts
/// and trees (`kafka_wire_pages`), headed by the exchange's summary.
pub fn exchange_page(x: &Exchange) -> Page {
    let sections = layouts(x).into_iter().map(Section::new).collect();
    let mut summary = vec![
        ("Connection".to_string(), x.connection.to_string()),
        ("Time".to_string(), time_of_day(x.time())),
        ("Correlation id".to_string(), x.correlation_id.to_string()),
    ];
    if let Some(client) = &x.client_id {
        summary.push(("Client id".to_string(), client.clone()));
    }
    if let Some(latency) = x.latency() {
        summary.push(("Latency".to_string(), millis(latency)));
    }
    let errors = x.errors();
    if !errors.is_empty() {
        let names: Vec<String> = errors.iter().map(|&c| error_name(c)).collect();
        summary.push(("Errors".to_string(), names.join(", ")));
    }
    Page {
        title: format!("{} v{}", x.api_name(), x.api_version),
        intro: format!("One exchange of the capture: {}.", summary_line(x)),
        summary,
        sections,
    }
}

/// An HTML report of a session, written as exchanges are found: an index
/// with a row per exchange (linked to its wire page, one file each, up to a
/// limit) and the counts per API at the end.
pub struct HtmlReport {
    dir: std::path::PathBuf,
    index: String,
    pages: usize,
    max_pages: usize,
}

impl HtmlReport {
    /// A report in `dir` (made if missing), with at most `max_pages` pages.
    pub fn new(
        dir: &std::path::Path,
        title: &str,
        max_pages: usize,
    ) -> std::io::Result<HtmlReport> {
        std::fs::create_dir_all(dir)?;
        let mut index = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">");
        let _ = write!(
            index,
            "<title>{0}</title><style>body{{font-family:sans-serif;margin:1em}}\
             table{{border-collapse:collapse;font-size:13px}}td,th{{padding:2px 8px;text-align:left;\
             border-bottom:1px solid #ddd}}td.n{{text-align:right}}tr.error td{{background:#fde8e8}}\
             pre{{font-size:12px}}</style></head><body><h1>{0}</h1>\n<table><tr><th>#</th><th>time</th>\
             <th>connection</th><th>client id</th><th>API</th><th>corr</th><th>latency</th>\
             <th>bytes</th><th>errors</th></tr>\n",
            escape(title)
        );
        Ok(HtmlReport {
            dir: dir.to_path_buf(),
            index,
            pages: 0,
            max_pages,
        })
    }

    /// Adds an exchange: its row, and its page while under the limit.
    pub fn add(&mut self, x: &Exchange) -> std::io::Result<()> {
        let n = self.pages + 1;
        let api = format!("{} v{}", x.api_name(), x.api_version);
        let api = if self.pages < self.max_pages {
            let name = format!("exchange-{n}.html");
            std::fs::write(self.dir.join(&name), exchange_page(x).to_html())?;
            format!("<a href=\"{name}\">{}</a>", escape(&api))
        } else {
            escape(&api)
        };
        self.pages += 1;
        let unread = [&x.request, &x.response]
            .iter()
            .any(|m| matches!(m, Some(CapturedFrame { read: Err(_), .. })));
        let errors: Vec<String> = x.errors().iter().map(|&c| error_name(c)).collect();
        let class = if unread || !errors.is_empty() {
            " class=\"error\""
        } else {
            ""
        };
        let bytes = |m: &Option<CapturedFrame>| {
            m.as_ref()
                .map_or("-".to_string(), |m| m.wire_len().to_string())
        };
        let _ = writeln!(
            self.index,
            "<tr{class}><td class=\"n\">{n}</td><td>{}</td><td>{}</td><td>{}</td><td>{api}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{} / {}</td><td>{}{}</td></tr>",
            time_of_day(x.time()),
            escape(&x.connection.to_string()),
            escape(x.client_id.as_deref().unwrap_or("")),
            x.correlation_id,
            x.latency().map_or("-".to_string(), millis),
            bytes(&x.request),
            bytes(&x.response),
            escape(&errors.join(", ")),
            if unread { " (does not decode)" } else { "" },
        );
        Ok(())
    }

    /// Writes the index, with `stats`, the `analysis` (its tables and
    /// charts, [`Analysis::to_html`]) and the notices' text under the table.
    pub fn finish(
        mut self,
        stats: &Stats,
        analysis: &Analysis,
        notices: &[String],
    ) -> std::io::Result<std::path::PathBuf> {
        self.index.push_str("</table>\n");
        if self.pages > self.max_pages {
            let _ = writeln!(
                self.index,
                "<p>Pages were written for the first {} exchanges of {}.</p>",
                self.max_pages, self.pages
            );
        }
        let _ = writeln!(
            self.index,
            "<h2>Per API</h2><pre>{}</pre>",
            escape(&stats.table())
        );
        let charts = stats.latency_charts();
        if !charts.is_empty() {
            let _ = writeln!(self.index, "<h2>Latency per API</h2>\n<div>{charts}</div>");
        }
        self.index.push_str(&analysis.to_html());
        if !notices.is_empty() {
            let _ = writeln!(
                self.index,
                "<h2>Notices</h2><pre>{}</pre>",
                escape(&notices.join("\n"))
            );
        }
        self.index.push_str("</body></html>\n");
        let path = self.dir.join("index.html");
        std::fs::write(&path, &self.index)?;
        Ok(path)
    }
}

/// Latencies in buckets of about 3% width: memory stays bounded however
/// many exchanges are counted (the buckets up to the largest latency's,
/// grown by need: 2.5 KiB up to 16 ms, 4 KiB up to 1 s, at most 15 KiB),
/// and a percentile is within 3% of the true one.
#[derive(Debug, Clone, Default)]
pub struct Latencies {
    /// Counts by bucket: 32 buckets per power of two of microseconds, up
    /// to the largest counted.
    buckets: Vec<u64>,
    count: u64,
    max: Duration,
}

const SUB_BUCKETS: u32 = 32;

impl Latencies {
    fn bucket(micros: u64) -> usize {
        if micros < u64::from(SUB_BUCKETS) {
            return micros as usize;
        }
        let exp = 63 - micros.leading_zeros(); // >= 5
        let sub = (micros >> (exp - 5)) & u64::from(SUB_BUCKETS - 1);
        ((exp - 4) * SUB_BUCKETS) as usize + sub as usize
    }

    fn lower_bound(bucket: usize) -> u64 {
        let (group, sub) = (
            bucket as u32 / SUB_BUCKETS,
            bucket as u64 % u64::from(SUB_BUCKETS),
        );
        if group == 0 {
            return sub;
        }
        let exp = group + 4;
        (1 << exp) | (sub << (exp - 5))
    }

    /// Counts one latency.
    pub fn add(&mut self, latency: Duration) {
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        let bucket = Self::bucket(micros);
        if bucket >= self.buckets.len() {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
        self.count += 1;
        self.max = self.max.max(latency);
    }

    /// How many were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The latency below which `p` (0 to 1) of them fall: its bucket's
    /// lower bound.
    pub fn percentile(&self, p: f64) -> Duration {
        if self.count == 0 {
            return Duration::ZERO;
        }
        let rank = ((p * self.count as f64).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen = n.saturating_add(seen);
            if seen >= rank {
                return Duration::from_micros(Self::lower_bound(i)).min(self.max);
            }
        }
        self.max
    }

    /// The largest.
    pub fn max(&self) -> Duration {
        self.max
    }

    /// The counts by power of two of microseconds, from the first counted
    /// to the last: each the range's lower bound (0, then 32, 64, 128 ...
    /// microseconds) and how many fell from it to the next.
    pub fn histogram(&self) -> Vec<(u64, u64)> {
        let groups: Vec<(u64, u64)> = self
            .buckets
            .chunks(SUB_BUCKETS as usize)
            .enumerate()
            .map(|(g, counts)| {
                (
                    Self::lower_bound(g * SUB_BUCKETS as usize),
                    counts.iter().fold(0u64, |sum, n| sum.saturating_add(*n)),
                )
            })
            .collect();
        let first = groups.iter().position(|g| g.1 > 0);
        let last = groups.iter().rposition(|g| g.1 > 0);
        match (first, last) {
            (Some(first), Some(last)) => groups[first..=last].to_vec(),
            _ => Vec::new(),
        }
    }

    /// The histogram as an inline SVG bar chart (no script, no file of its
    /// own): a bar per power of two of microseconds, its height the count,
    /// each with its range and count as a tooltip; `title` above.
    pub fn svg(&self, title: &str) -> String {
        let bars = self.histogram();
        let (bar, gap, height, top, bottom) = (28usize, 4usize, 80usize, 18usize, 30usize);
        let width = (bars.len().max(1) * (bar + gap)).max(200);
        let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{}\" role=\"img\"><title>{}</title><text x=\"0\" y=\"12\" font-size=\"12\">{}</text>",
            top + height + bottom,
            escape(title),
            escape(title)
        );
        for (i, &(from, n)) in bars.iter().enumerate() {
            // In u128: a count times the height passes u64 past 2^57
            // latencies, and the last range's end (2^64 us) is past u64.
            let h = (u128::from(n) * height as u128).div_ceil(u128::from(most)) as usize;
            let x = i * (bar + gap);
            let to = if from == 0 { 32 } else { u128::from(from) * 2 };
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{}\" width=\"{bar}\" height=\"{h}\" fill=\"#4a7ab5\"><title>{n} from {} to {}</title></rect><text x=\"{x}\" y=\"{}\" font-size=\"9\">{}</text>",
                top + height - h,
                micros_text(from),
                micros_text(to),
                top + height + 12,
                micros_text(from)
            );
        }
        out.push_str("</svg>");
        out
    }
}

/// Microseconds as a short text: `512us`, `2ms`, `1.0s`.
fn micros_text(micros: impl Into<u128>) -> String {
    let micros: u128 = micros.into();
    if micros < 1_000 {
        format!("{micros}us")
    } else if micros < 1_000_000 {
        format!("{}ms", micros / 1_000)
    } else {
        format!("{:.1}s", micros as f64 / 1e6)
    }
}

/// Counts per API and version: exchanges, responses with an error,
/// messages that did not read, and latencies.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    rows: BTreeMap<(i16, i16), Row>,
}

#[derive(Debug, Clone, Default)]
struct Row {
    name: String,
    exchanges: u64,
    with_errors: u64,
    unread: u64,
    unanswered: u64,
    latencies: Latencies,
}

impl Stats {
    /// Counts one exchange.
    pub fn add(&mut self, x: &Exchange) {
        let row = self.rows.entry((x.api_key, x.api_version)).or_default();
        if row.name.is_empty() {
            row.name = x.api_name();
        }
        row.exchanges += 1;
        if !x.errors().is_empty() {
            row.with_errors += 1;
        }
        let unread = [&x.request, &x.response]
            .iter()
            .any(|m| matches!(m, Some(CapturedFrame { read: Err(_), .. })));
        if unread {
            row.unread += 1;
        }
        if x.expects_response && x.response.is_none() {
            row.unanswered += 1;
        }
        if let Some(latency) = x.latency() {
            row.latencies.add(latency);
        }
    }

    /// A latency histogram per API and version with a latency measured,
    /// each an inline SVG chart ([`Latencies::svg`]).
    pub fn latency_charts(&self) -> String {
        let mut out = String::new();
        for ((_, version), r) in &self.rows {
            if r.latencies.count() > 0 {
                let title = format!("{} v{version}: {} latencies", r.name, r.latencies.count());
                out.push_str(&r.latencies.svg(&title));
                out.push('\n');
            }
        }
        out
    }

    /// Exchanges counted.
    pub fn exchanges(&self) -> u64 {
        self.rows.values().map(|r| r.exchanges).sum()
    }

    /// Exchanges with a message that did not read.
    pub fn unread(&self) -> u64 {
        self.rows.values().map(|r| r.unread).sum()
    }

    /// (API name, version, exchanges) per row, in API key order.
    pub fn counts(&self) -> Vec<(String, i16, u64)> {
        self.rows
            .iter()
            .map(|((_, v), r)| (r.name.clone(), *v, r.exchanges))
            .collect()
    }

    /// The table: one row per API and version.
    pub fn table(&self) -> String {
        let mut out = String::from(
            "api                           version  exchanges  errors  unread  unanswered      p50      p90      p99      max\n",
        );
        for ((_, version), r) in &self.rows {
            let l = &r.latencies;
            // No latency measured (no response captured, or none asked
            // for): said so, not printed as 0.
            let ms = |d: Duration| {
                if l.count() == 0 {
                    "-".to_string()
                } else {
                    format!("{:.3}", d.as_secs_f64() * 1e3)
                }
            };
            let _ = writeln!(
                out,
                "{:<29} {:>7}  {:>9}  {:>6}  {:>6}  {:>10}  {:>7}  {:>7}  {:>7}  {:>7}",
                r.name,
                version,
                r.exchanges,
                r.with_errors,
                r.unread,
                r.unanswered,
                ms(l.percentile(0.5)),
                ms(l.percentile(0.9)),
                ms(l.percentile(0.99)),
                ms(l.max()),
            );
        }
        out.push_str("(latencies in ms, from the request's last packet to the response's; - where no response was captured)\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buckets a u64 of microseconds can fall in.
    const BUCKETS: usize = 60 * SUB_BUCKETS as usize;

    #[test]
    fn percentiles_are_within_their_bucket() {
        let mut l = Latencies::default();
        for us in 1..=1000u64 {
            l.add(Duration::from_micros(us * 100));
        }
        for (p, want) in [(0.5, 50_000u64), (0.9, 90_000), (0.99, 99_000)] {
            let got = l.percentile(p).as_micros() as u64;
            assert!(
                got <= want && got * 100 >= want * 96,
                "p{p}: {got} for {want}"
            );
        }
        assert_eq!(l.max(), Duration::from_millis(100));
        for us in [0, 1, 31, 32, 33, 1000, 123_456, u64::MAX / 2, u64::MAX] {
            let b = Latencies::bucket(us);
            assert!(b < BUCKETS, "{us}");
            assert!(Latencies::lower_bound(b) <= us, "{us}");
            assert!(
                b + 1 >= BUCKETS || Latencies::lower_bound(b + 1) > us,
                "{us}"
            );
        }
        // Buckets up to the largest latency's only: 100 ms is in the
        // group of 2^16 us, 32 buckets each from group 0.
        assert_eq!(l.buckets.len(), Latencies::bucket(100_000) + 1);
        assert!(l.buckets.len() <= 13 * SUB_BUCKETS as usize);
    }

    #[test]
    fn a_connection_is_written_as_displayed() {
        for (client, server) in [
            ("10.0.255.1:52114", "127.0.0.1:9092"),
            ("[fe80::1%2]:52114", "[::1]:9092"),
        ] {
            let c = Connection {
                id: 4_000_000_001,
                client: client.parse().unwrap(),
                server: server.parse().unwrap(),
            };
            let mut out = Vec::new();
            connection_text(&c, &mut out);
            assert_eq!(String::from_utf8(out).unwrap(), c.to_string());
        }
    }

    #[test]
    fn times_and_names() {
        assert_eq!(
            time_of_day(Duration::new(86_400 + 3_723, 4_005_000)),
            "01:02:03.004005"
        );
        assert_eq!(error_name(3), "UNKNOWN_TOPIC_OR_PARTITION");
        assert_eq!(error_name(-2000), "-2000");
    }

    #[test]
    fn a_latency_histogram_is_drawn_as_inline_svg() {
        let mut l = Latencies::default();
        for micros in [40, 50, 100, 1_500, 1_600, 1_700] {
            l.add(Duration::from_micros(micros));
        }
        // 32-63 us: 2; 64-127: 1; 128-1023: none; 1024-2047: 3.
        assert_eq!(
            l.histogram(),
            [(32, 2), (64, 1), (128, 0), (256, 0), (512, 0), (1024, 3)]
        );
        let svg = l.svg("Produce v9 <all>");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("<title>Produce v9 &lt;all&gt;</title>"));
        assert_eq!(svg.matches("<rect ").count(), 6);
        assert!(svg.contains("<title>3 from 1ms to 2ms</title>"), "{svg}");
        // The tallest bar is the chart's height; the others in proportion.
        assert!(svg.contains("height=\"80\" fill"), "{svg}");
        assert!(svg.contains("height=\"54\" fill"), "{svg}");
        assert!(!svg.contains("<script"));
        assert!(Latencies::default().histogram().is_empty());
    }

    #[test]
    fn a_latency_histogram_of_extreme_values_is_drawn() {
        // The longest latency a Duration holds lands in the last range,
        // 2^63 us up: its end, 2^64 us, is past u64.
        let mut l = Latencies::default();
        l.add(Duration::MAX);
        l.add(Duration::from_micros(u64::MAX));
        l.add(Duration::ZERO);
        let bars = l.histogram();
        assert_eq!(bars.first(), Some(&(0, 1)));
        assert_eq!(bars.last(), Some(&(1 << 63, 2)));
        let svg = l.svg("extreme");
        assert!(
            svg.contains("<title>2 from 9223372036854.8s to 18446744073709.6s</title>"),
            "{svg}"
        );
        assert!(svg.contains("height=\"80\" fill"), "{svg}");
        // Counts whose product with the chart's height passes u64.
        let mut buckets = vec![0; 2 * SUB_BUCKETS as usize];
        buckets[0] = u64::MAX;
        buckets[SUB_BUCKETS as usize] = u64::MAX / 2;
        let many = Latencies {
            buckets,
            count: u64::MAX,
            max: Duration::ZERO,
        };
        let svg = many.svg("many");
        assert!(svg.contains("height=\"80\" fill"), "{svg}");
        assert!(svg.contains("height=\"40\" fill"), "{svg}");
        assert!(svg.contains(&format!("<title>{} from", u64::MAX)), "{svg}");
    }

    #[test]
    fn a_row_without_a_latency_says_so() {
        let end = std::net::SocketAddr::from(([127, 0, 0, 1], 9092));
        let mut stats = Stats::default();
        stats.add(&Exchange {
            connection: crate::exchange::Connection {
                id: 1,
                client: end,
                server: end,
            },
            api_key: 0,
            api_version: 9,
            correlation_id: 1,
            client_id: None,
            request: None,
            response: None,
            expects_response: false,
            response_version: None,
            error_codes: Vec::new(),
        });
        let table = stats.table();
        let row = table.lines().nth(1).unwrap();
        assert!(row.starts_with("Produce "), "{table}");
        assert!(row.ends_with("  -        -        -        -"), "{row:?}");
    }
}
