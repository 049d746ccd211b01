//! What people capture Kafka traffic to learn: traffic per client id and
//! per broker, record sets per topic-partition (produced and fetched),
//! latency per API and version, errors per API and code, throttle times per
//! client id and per broker, consumer groups' timelines, and each
//! consumer's lag from its fetches; as text and JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::time::Duration;

use kafka_messages::ApiKey;
use kafka_wire::dynamic::{StructView, ValueView};
use kafka_wire::schema::{KafkaType, StructSchema};
use kafka_wire::Uuid;

use crate::exchange::{CapturedFrame, Exchange};
use crate::output::{error_name, time_of_day, Latencies};
use crate::walk::record_counts;
use kafka_wire_pages::html_escape as escape;

/// Exchanges and bytes on the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Exchanges.
    pub exchanges: u64,
    /// Bytes of requests, size prefixes included.
    pub request_bytes: u64,
    /// Bytes of responses, size prefixes included.
    pub response_bytes: u64,
}

/// Record sets of one topic-partition, one way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordTraffic {
    /// Bytes of record sets.
    pub bytes: u64,
    /// Batches read.
    pub batches: u64,
    /// Records read (decompressed).
    pub records: u64,
}

impl RecordTraffic {
    /// Adds a record set of `bytes` bytes, with its batches and records.
    fn add(&mut self, bytes: u64, batches: u64, records: u64) {
        self.bytes += bytes;
        self.batches += batches;
        self.records += records;
    }
}

/// What a client id produced to and fetched from one topic.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientTopic {
    /// Record sets it produced (Produce requests).
    pub produced: RecordTraffic,
    /// Record sets it fetched (Fetch responses).
    pub fetched: RecordTraffic,
}

/// Throttling a broker told of in its responses (`ThrottleTimeMs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Throttle {
    /// Responses read that carry a throttle time.
    pub responses: u64,
    /// Of them, those throttled (a time above 0).
    pub throttled: u64,
    /// Their throttle times summed, in milliseconds.
    pub total_ms: u64,
    /// The longest, in milliseconds.
    pub max_ms: i32,
}

impl Throttle {
    fn add(&mut self, ms: i32) {
        self.responses += 1;
        if ms > 0 {
            self.throttled += 1;
            self.total_ms += ms as u64;
            self.max_ms = self.max_ms.max(ms);
        }
    }
}

/// A consumer's position against its partition's end, at its last Fetch
/// answered with a high watermark: the offset it fetched from, and the high
/// watermark the response gave (the lag before the records that response
/// returned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lag {
    /// When the Fetch was answered.
    pub time: Duration,
    /// The offset the request fetched from.
    pub fetch_offset: i64,
    /// The partition's high watermark, as the response gave it.
    pub high_watermark: i64,
}

impl Lag {
    /// Records behind the end: the high watermark less the offset fetched
    /// from (0 when not behind).
    pub fn lag(&self) -> i64 {
        (self.high_watermark - self.fetch_offset).max(0)
    }
}

/// One event of a consumer group: a member's request to the coordinator
/// and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupEvent {
    /// When the response was captured (the request's time, without one).
    pub time: Duration,
    /// The group id.
    pub group: String,
    /// The API: JoinGroup, SyncGroup, Heartbeat, LeaveGroup,
    /// ConsumerGroupHeartbeat.
    pub api: &'static str,
    /// The member id (the one the response assigns, else the request's).
    pub member: String,
    /// The generation (classic groups) or the member epoch (KIP-848's), as
    /// the response gives it, else the request; -1 leaving.
    pub generation: i32,
    /// The client id of the request.
    pub client_id: String,
    /// The response's error code (0 without an error, or no response).
    pub error: i16,
}

/// One table of the analysis: its columns' names (the first, the table's
/// title, names the rows) and its rows of text, a cell per column (a row of
/// one cell is a note under the table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The columns' names, the title first.
    pub columns: Vec<String>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
}

fn columns(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

impl Table {
    /// Whether a column holds numbers only (`-` for none), to be aligned
    /// right.
    pub fn is_numeric(&self, column: usize) -> bool {
        column > 0
            && self.rows.iter().filter(|r| r.len() > 1).all(|r| {
                r.get(column)
                    .is_some_and(|c| c == "-" || c.parse::<f64>().is_ok())
            })
    }

    /// Appends the table as text: each column as wide as its widest cell,
    /// numbers aligned right.
    pub fn write_text(&self, out: &mut String) {
        let mut widths: Vec<usize> = self.columns.iter().map(|c| c.chars().count()).collect();
        widths[0] = widths[0].max(40);
        for w in widths.iter_mut().skip(1) {
            *w = (*w).max(10);
        }
        for row in self.rows.iter().filter(|r| r.len() > 1) {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let numeric: Vec<bool> = (0..self.columns.len())
            .map(|c| self.is_numeric(c))
            .collect();
        let line = |out: &mut String, cells: &[String]| {
            let mut text = String::new();
            if cells.len() == 1 {
                text.push_str(&cells[0]);
            }
            for (i, cell) in cells.iter().enumerate().filter(|_| cells.len() > 1) {
                if i > 0 {
                    text.push(' ');
                }
                let w = widths[i];
                if numeric[i] {
                    let _ = write!(text, "{cell:>w$}");
                } else {
                    let _ = write!(text, "{cell:<w$}");
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        line(out, &self.columns);
        for row in &self.rows {
            line(out, row);
        }
    }
}

impl Table {
    /// Appends the table as HTML: a heading (its title), then the table,
    /// numbers aligned right.
    pub fn write_html(&self, out: &mut String) {
        let numeric: Vec<bool> = (0..self.columns.len())
            .map(|c| self.is_numeric(c))
            .collect();
        let _ = write!(out, "<h3>{}</h3>\n<table><tr>", escape(&self.columns[0]));
        for c in &self.columns {
            let _ = write!(out, "<th>{}</th>", escape(c));
        }
        out.push_str("</tr>\n");
        for row in &self.rows {
            out.push_str("<tr>");
            if row.len() == 1 {
                let _ = write!(
                    out,
                    "<td colspan=\"{}\">{}</td>",
                    self.columns.len(),
                    escape(&row[0])
                );
            } else {
                for (i, cell) in row.iter().enumerate() {
                    let class = if numeric[i] { " class=\"n\"" } else { "" };
                    let _ = write!(out, "<td{class}>{}</td>", escape(cell));
                }
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
}

/// A horizontal bar chart as inline SVG: a bar per row, its length the
/// value, each labelled with its name and value (and a tooltip); `title`
/// above. At most 50 rows, the largest; the rest counted under it.
pub fn bar_chart(title: &str, rows: &[(String, u64)]) -> String {
    const MAX_ROWS: usize = 50;
    let mut shown: Vec<&(String, u64)> = rows.iter().collect();
    shown.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let hidden = shown.len().saturating_sub(MAX_ROWS);
    shown.truncate(MAX_ROWS);
    let (label, bar, row, top) = (260usize, 300usize, 16usize, 18usize);
    let most = shown.iter().map(|r| r.1).max().unwrap_or(1).max(1);
    let height = top + row * (shown.len() + usize::from(hidden > 0)) + 4;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" role=\"img\"><title>{}</title><text x=\"0\" y=\"12\" font-size=\"12\">{}</text>",
        label + bar + 80,
        escape(title),
        escape(title)
    );
    for (i, (name, n)) in shown.iter().enumerate() {
        let y = top + i * row;
        let w = (u128::from(*n) * bar as u128).div_ceil(u128::from(most)) as usize;
        let _ = write!(
            out,
            "<text x=\"0\" y=\"{}\" font-size=\"10\">{}</text><rect x=\"{label}\" y=\"{y}\" width=\"{w}\" height=\"{}\" fill=\"#4a7ab5\"><title>{}: {n}</title></rect><text x=\"{}\" y=\"{}\" font-size=\"10\">{n}</text>",
            y + 11,
            escape(name),
            row - 3,
            escape(name),
            label + w + 4,
            y + 11
        );
    }
    if hidden > 0 {
        let _ = write!(
            out,
            "<text x=\"0\" y=\"{}\" font-size=\"10\">({hidden} more)</text>",
            top + shown.len() * row + 11
        );
    }
    out.push_str("</svg>");
    out
}

/// The most group events kept; the rest are counted.
pub const MAX_GROUP_EVENTS: usize = 10_000;

/// A topic-partition: the topic's name (or `id:UUID` when only its id was
/// seen, with no Metadata response naming it before) and the partition.
pub type TopicPartition = (String, i32);

/// The APIs whose responses name topics by id and name together, which
/// the analysis learns names from (walking every response cost more than
/// reading it).
const NAMING_TOPIC_IDS: [i16; 4] = [
    ApiKey::Metadata as i16,
    ApiKey::CreateTopics as i16,
    ApiKey::DeleteTopics as i16,
    ApiKey::DescribeTopicPartitions as i16,
];

/// The consumer groups' APIs whose events make a group's timeline.
const GROUP_APIS: [ApiKey; 5] = [
    ApiKey::JoinGroup,
    ApiKey::SyncGroup,
    ApiKey::Heartbeat,
    ApiKey::LeaveGroup,
    ApiKey::ConsumerGroupHeartbeat,
];

/// The analysis of a capture's exchanges, added one by one.
#[derive(Debug, Default)]
pub struct Analysis {
    /// Traffic per client id (`-` for none).
    pub clients: BTreeMap<String, Traffic>,
    /// Traffic per broker address.
    pub brokers: BTreeMap<SocketAddr, Traffic>,
    /// Record sets produced (Produce requests) per topic-partition.
    pub produced: BTreeMap<TopicPartition, RecordTraffic>,
    /// Record sets fetched (Fetch responses) per topic-partition.
    pub fetched: BTreeMap<TopicPartition, RecordTraffic>,
    /// Latencies per API name and version.
    pub latencies: BTreeMap<(String, i16), Latencies>,
    /// Latencies per broker address, every API together (buckets by need, at most 15 KiB each).
    pub broker_latencies: BTreeMap<SocketAddr, Latencies>,
    /// Latencies per client id, every API together (buckets by need, at most 15 KiB each).
    pub client_latencies: BTreeMap<String, Latencies>,
    /// Error codes other than 0 in responses, per API name and code.
    pub errors: BTreeMap<(String, i16), u64>,
    /// Which client id produced to and fetched from which topic: the
    /// producer- and consumer-to-topic map.
    pub client_topics: BTreeMap<(String, String), ClientTopic>,
    /// Throttle times per client id.
    pub throttle_clients: BTreeMap<String, Throttle>,
    /// Throttle times per broker address.
    pub throttle_brokers: BTreeMap<SocketAddr, Throttle>,
    /// Each consumer's lag per topic-partition, by client id, at its last
    /// Fetch answered.
    pub lag: BTreeMap<(String, TopicPartition), Lag>,
    /// Consumer groups' events in the order answered: joins, syncs and
    /// leaves, and heartbeats that change a member's generation or epoch
    /// or carry an error (at most [`MAX_GROUP_EVENTS`]).
    pub group_events: Vec<GroupEvent>,
    /// Group events past [`MAX_GROUP_EVENTS`], not kept.
    pub group_events_dropped: u64,
    /// Each member's last generation or epoch seen, by group and member.
    generations: BTreeMap<(String, String), i32>,
    /// Topic names by id, from the responses that carry both.
    names: BTreeMap<Uuid, String>,
}

impl Analysis {
    /// Adds an exchange.
    pub fn add(&mut self, x: &Exchange) {
        let bytes = |m: &Option<CapturedFrame>| m.as_ref().map_or(0, |m| m.wire_len() as u64);
        let (rq, rs) = (bytes(&x.request), bytes(&x.response));
        for t in [
            self.clients
                .entry(x.client_id.clone().unwrap_or_else(|| "-".into()))
                .or_default(),
            self.brokers.entry(x.connection.server).or_default(),
        ] {
            t.exchanges += 1;
            t.request_bytes += rq;
            t.response_bytes += rs;
        }
        let api = x.api_name();
        let client = x.client_id.as_deref().unwrap_or("-");
        if let Some(latency) = x.latency() {
            self.latencies
                .entry((api.clone(), x.api_version))
                .or_default()
                .add(latency);
            self.broker_latencies
                .entry(x.connection.server)
                .or_default()
                .add(latency);
            match self.client_latencies.get_mut(client) {
                Some(l) => l.add(latency),
                None => {
                    let mut l = Latencies::default();
                    l.add(latency);
                    self.client_latencies.insert(client.to_string(), l);
                }
            }
        }
        for &code in x.errors() {
            *self.errors.entry((api.clone(), code)).or_insert(0) += 1;
        }
        if let Some(Ok(view)) = x.response.as_ref().map(|m| &m.read) {
            let throttle = view.body.body().fields().find_map(|f| match f.value {
                ValueView::Int32(ms) if f.field.json_name == "ThrottleTimeMs" => Some(ms),
                _ => None,
            });
            if let Some(ms) = throttle {
                self.throttle_clients
                    .entry(client.to_string())
                    .or_default()
                    .add(ms);
                self.throttle_brokers
                    .entry(x.connection.server)
                    .or_default()
                    .add(ms);
            }
        }
        if let Some(api) = GROUP_APIS.iter().find(|a| **a as i16 == x.api_key) {
            self.group_event(x, api.name(), client);
        }
        if x.api_key == ApiKey::Fetch.key() {
            self.fetch_lag(x, client);
        }
        if NAMING_TOPIC_IDS.contains(&x.api_key) {
            if let Some(Ok(view)) = x.response.as_ref().map(|m| &m.read) {
                self.learn_names(view.body.body());
            }
        }
        let produce = x.api_key == ApiKey::Produce.key();
        let fetch = x.api_key == ApiKey::Fetch.key();
        let (message, produced) = match () {
            _ if produce => (&x.request, true),
            _ if fetch => (&x.response, false),
            _ => return,
        };
        let Some(Ok(view)) = message.as_ref().map(|m| &m.read) else {
            return;
        };
        let mut sets = Vec::new();
        partitions(view.body.body(), None, &mut sets);
        for (topic, partition, records) in sets {
            let topic = match topic {
                Topic::Name(name) => name,
                Topic::Id(id) => self
                    .names
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| format!("id:{id}")),
                Topic::Unknown => "-".into(),
            };
            let sets = record_counts(records);
            let (bytes, batches, count) = (records.len() as u64, sets.batches, sets.records);
            let of_client = self
                .client_topics
                .entry((client.to_string(), topic.clone()))
                .or_default();
            let (map, of_client) = if produced {
                (&mut self.produced, &mut of_client.produced)
            } else {
                (&mut self.fetched, &mut of_client.fetched)
            };
            of_client.add(bytes, batches, count);
            map.entry((topic, partition))
                .or_default()
                .add(bytes, batches, count);
        }
    }

    /// A consumer group's event, from a group API's request and response.
    fn group_event(&mut self, x: &Exchange, api: &'static str, client: &str) {
        let Some(Ok(request)) = x.request.as_ref().map(|m| &m.read) else {
            return;
        };
        let response = match x.response.as_ref().map(|m| &m.read) {
            Some(Ok(view)) => Some(view.body.body()),
            _ => None,
        };
        let text = |v: Option<ValueView<'_>>| match v {
            Some(ValueView::String(s)) if !s.is_empty() => Some(s.to_string()),
            _ => None,
        };
        let number = |v: Option<ValueView<'_>>| match v {
            Some(ValueView::Int32(n)) => Some(n),
            _ => None,
        };
        let request = request.body.body();
        let Some(group) = text(top(request, "GroupId")) else {
            return;
        };
        // LeaveGroup v3+ names its members in an array: the first.
        let leaving = || match top(request, "Members") {
            Some(ValueView::Array(a)) => a.iter().find_map(|e| match e.value {
                ValueView::Struct(s) => text(top(s, "MemberId")),
                _ => None,
            }),
            _ => None,
        };
        let member = response
            .and_then(|r| text(top(r, "MemberId")))
            .or_else(|| text(top(request, "MemberId")))
            .or_else(leaving)
            .unwrap_or_default();
        let generation =
            |v: StructView<'_>| number(top(v, "GenerationId")).or(number(top(v, "MemberEpoch")));
        let generation = if api == ApiKey::LeaveGroup.name() {
            -1
        } else {
            response
                .and_then(generation)
                .or_else(|| generation(request))
                .unwrap_or(-1)
        };
        let error = response
            .and_then(|r| match top(r, "ErrorCode") {
                Some(ValueView::Int16(code)) => Some(code),
                _ => None,
            })
            .unwrap_or(0);
        let last = self
            .generations
            .insert((group.clone(), member.clone()), generation);
        let heartbeat =
            api == ApiKey::Heartbeat.name() || api == ApiKey::ConsumerGroupHeartbeat.name();
        if heartbeat && error == 0 && last == Some(generation) {
            return;
        }
        if self.group_events.len() >= MAX_GROUP_EVENTS {
            self.group_events_dropped += 1;
            return;
        }
        self.group_events.push(GroupEvent {
            time: x.response.as_ref().map_or(x.time(), |m| m.time),
            group,
            api,
            member,
            generation,
            client_id: client.to_string(),
            error,
        });
    }

    /// A consumer's lag from a Fetch: each partition's offset fetched from
    /// (the request) against its high watermark (the response).
    fn fetch_lag(&mut self, x: &Exchange, client: &str) {
        let (Some(Ok(request)), Some(response)) =
            (x.request.as_ref().map(|m| &m.read), x.response.as_ref())
        else {
            return;
        };
        let Ok(read) = &response.read else {
            return;
        };
        let (mut offsets, mut ends) = (Vec::new(), Vec::new());
        partition_numbers(request.body.body(), None, "FetchOffset", &mut offsets);
        partition_numbers(read.body.body(), None, "HighWatermark", &mut ends);
        for (topic, partition, fetch_offset) in offsets {
            // A partition answered with an error has no high watermark (-1).
            let Some(&(_, _, high_watermark)) = ends
                .iter()
                .find(|(t, p, hw)| *p == partition && *hw >= 0 && same_topic(t, &topic))
            else {
                continue;
            };
            let name = self.topic_name(topic);
            self.lag.insert(
                (client.to_string(), (name, partition)),
                Lag {
                    time: response.time,
                    fetch_offset,
                    high_watermark,
                },
            );
        }
    }

    /// A topic's name, from its id when a response named it before.
    fn topic_name(&self, topic: Topic) -> String {
        match topic {
            Topic::Name(name) => name,
            Topic::Id(id) => self
                .names
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("id:{id}")),
            Topic::Unknown => "-".into(),
        }
    }

    /// Topic names by id, from any struct holding a `Name` and a `TopicId`
    /// (Metadata, CreateTopics, DescribeTopicPartitions responses).
    fn learn_names(&mut self, view: StructView<'_>) {
        let (mut name, mut id) = (None, None);
        for field in view.fields() {
            match (field.field.json_name, field.value) {
                ("Name", ValueView::String(n)) => name = Some(n),
                ("TopicId", ValueView::Uuid(u)) => id = Some(u),
                // A topic's name and id come before its partitions, which
                // name no topic: not walked.
                _ if name.is_some() && id.is_some() => {}
                (_, ValueView::Struct(s)) if names_topics(s.schema()) => self.learn_names(s),
                (_, ValueView::Array(a)) => {
                    // An array of structs that name no topic (a Metadata
                    // response's brokers) is passed over.
                    if let KafkaType::Struct(schema) = a.element_type() {
                        if !names_topics(schema) {
                            continue;
                        }
                    }
                    for e in a.iter() {
                        if let ValueView::Struct(s) = e.value {
                            self.learn_names(s);
                        }
                    }
                }
                _ => {}
            }
        }
        if let (Some(name), Some(id)) = (name, id) {
            if id != Uuid::default() && self.names.get(&id).map(String::as_str) != Some(name) {
                self.names.insert(id, name.to_string());
            }
        }
    }

    /// The analysis's tables, in the order the text and the HTML report
    /// show them: traffic per client id and per broker, record sets
    /// produced and fetched per topic-partition, latencies per API, broker
    /// and client id, errors, the client-to-topic map, throttling per
    /// client id and per broker, consumer lag and group events.
    pub fn tables(&self) -> Vec<Table> {
        let mut tables = Vec::new();
        let traffic = |title: &str, rows: Vec<(String, &Traffic)>| Table {
            columns: columns(&[title, "exchanges", "request bytes", "response bytes"]),
            rows: rows
                .into_iter()
                .map(|(k, t)| {
                    vec![
                        k,
                        t.exchanges.to_string(),
                        t.request_bytes.to_string(),
                        t.response_bytes.to_string(),
                    ]
                })
                .collect(),
        };
        tables.push(traffic(
            "client id",
            self.clients.iter().map(|(k, t)| (k.clone(), t)).collect(),
        ));
        tables.push(traffic(
            "broker",
            self.brokers
                .iter()
                .map(|(k, t)| (k.to_string(), t))
                .collect(),
        ));
        for (title, map) in [
            ("produced to", &self.produced),
            ("fetched from", &self.fetched),
        ] {
            tables.push(Table {
                columns: columns(&[title, "batches", "records", "bytes"]),
                rows: map
                    .iter()
                    .map(|((topic, partition), r)| {
                        vec![
                            format!("{topic}-{partition}"),
                            r.batches.to_string(),
                            r.records.to_string(),
                            r.bytes.to_string(),
                        ]
                    })
                    .collect(),
            });
        }
        let latencies = |title: &str, rows: Vec<(String, &Latencies)>| {
            let ms = |d: std::time::Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
            Table {
                columns: columns(&[title, "count", "p50", "p99", "max"]),
                rows: rows
                    .into_iter()
                    .map(|(k, l)| {
                        vec![
                            k,
                            l.count().to_string(),
                            ms(l.percentile(0.5)),
                            ms(l.percentile(0.99)),
                            ms(l.max()),
                        ]
                    })
                    .collect(),
            }
        };
        tables.push(latencies(
            "latency (ms)",
            self.latencies
                .iter()
                .map(|((api, version), l)| (format!("{api} v{version}"), l))
                .collect(),
        ));
        tables.push(latencies(
            "latency per broker (ms)",
            self.broker_latencies
                .iter()
                .map(|(k, l)| (k.to_string(), l))
                .collect(),
        ));
        tables.push(latencies(
            "latency per client id (ms)",
            self.client_latencies
                .iter()
                .map(|(k, l)| (k.clone(), l))
                .collect(),
        ));
        tables.push(Table {
            columns: columns(&["errors", "count"]),
            rows: self
                .errors
                .iter()
                .map(|((api, code), n)| vec![format!("{api} {}", error_name(*code)), n.to_string()])
                .collect(),
        });
        tables.push(Table {
            columns: columns(&["client id -> topic", "records produced", "records fetched"]),
            rows: self
                .client_topics
                .iter()
                .map(|((client, topic), t)| {
                    vec![
                        format!("{client} -> {topic}"),
                        t.produced.records.to_string(),
                        t.fetched.records.to_string(),
                    ]
                })
                .collect(),
        });
        let throttle = |title: &str, rows: Vec<(String, &Throttle)>| Table {
            columns: columns(&[title, "responses", "throttled", "total (ms)", "max (ms)"]),
            rows: rows
                .into_iter()
                .map(|(k, t)| {
                    vec![
                        k,
                        t.responses.to_string(),
                        t.throttled.to_string(),
                        t.total_ms.to_string(),
                        t.max_ms.to_string(),
                    ]
                })
                .collect(),
        };
        tables.push(throttle(
            "throttled, per client id",
            self.throttle_clients
                .iter()
                .map(|(k, t)| (k.clone(), t))
                .collect(),
        ));
        tables.push(throttle(
            "throttled, per broker",
            self.throttle_brokers
                .iter()
                .map(|(k, t)| (k.to_string(), t))
                .collect(),
        ));
        tables.push(Table {
            columns: columns(&[
                "consumer lag (client id, partition)",
                "fetch offset",
                "high watermark",
                "lag",
            ]),
            rows: self
                .lag
                .iter()
                .map(|((client, (topic, partition)), l)| {
                    vec![
                        format!("{client} {topic}-{partition}"),
                        l.fetch_offset.to_string(),
                        l.high_watermark.to_string(),
                        l.lag().to_string(),
                    ]
                })
                .collect(),
        });
        let mut events = Table {
            columns: columns(&[
                "group events",
                "group",
                "event",
                "member",
                "generation",
                "error",
            ]),
            rows: self
                .group_events
                .iter()
                .map(|e| {
                    let error = if e.error == 0 {
                        "-".to_string()
                    } else {
                        error_name(e.error)
                    };
                    vec![
                        time_of_day(e.time),
                        e.group.clone(),
                        e.api.to_string(),
                        e.member.clone(),
                        e.generation.to_string(),
                        error,
                    ]
                })
                .collect(),
        };
        if self.group_events_dropped > 0 {
            events.rows.push(vec![format!(
                "({} more group events not kept)",
                self.group_events_dropped
            )]);
        }
        tables.push(events);
        tables
    }

    /// The analysis as text: its [`tables`](Self::tables), aligned, a
    /// blank line between them.
    pub fn to_text(&self) -> String {
        let tables = self.tables();
        let mut out = String::new();
        for (i, table) in tables.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            table.write_text(&mut out);
        }
        out
    }

    /// The analysis as HTML, for the report's index: every table of
    /// [`tables`](Self::tables), and charts drawn as inline SVG (no script,
    /// no file of its own): latency histograms per broker and per client
    /// id, records produced and fetched per topic-partition, and the
    /// throttle time per client id.
    pub fn to_html(&self) -> String {
        let mut out = String::from("<h2>Analysis</h2>\n");
        let charts = |out: &mut String, title: &str, svgs: Vec<String>| {
            if !svgs.is_empty() {
                let _ = writeln!(
                    out,
                    "<h3>{}</h3>\n<div>{}</div>",
                    escape(title),
                    svgs.join("\n")
                );
            }
        };
        charts(
            &mut out,
            "Latency per broker",
            self.broker_latencies
                .iter()
                .map(|(k, l)| l.svg(&format!("{k}: {} latencies", l.count())))
                .collect(),
        );
        charts(
            &mut out,
            "Latency per client id",
            self.client_latencies
                .iter()
                .map(|(k, l)| l.svg(&format!("{k}: {} latencies", l.count())))
                .collect(),
        );
        let records = |map: &BTreeMap<TopicPartition, RecordTraffic>| -> Vec<(String, u64)> {
            map.iter()
                .map(|((topic, partition), r)| (format!("{topic}-{partition}"), r.records))
                .collect()
        };
        let mut bars = Vec::new();
        for (title, rows) in [
            (
                "records produced per topic-partition",
                records(&self.produced),
            ),
            (
                "records fetched per topic-partition",
                records(&self.fetched),
            ),
            (
                "throttle time per client id (ms)",
                self.throttle_clients
                    .iter()
                    .filter(|(_, t)| t.throttled > 0)
                    .map(|(k, t)| (k.clone(), t.total_ms))
                    .collect(),
            ),
        ] {
            if !rows.is_empty() {
                bars.push(bar_chart(title, &rows));
            }
        }
        charts(&mut out, "Records and throttling", bars);
        for table in self.tables() {
            table.write_html(&mut out);
        }
        out
    }

    /// The analysis as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        let traffic = |t: &Traffic| json!({"exchanges": t.exchanges, "requestBytes": t.request_bytes, "responseBytes": t.response_bytes});
        let latency = |l: &Latencies| {
            json!({
                "count": l.count(),
                "p50Ms": l.percentile(0.5).as_secs_f64() * 1e3,
                "p99Ms": l.percentile(0.99).as_secs_f64() * 1e3,
                "maxMs": l.max().as_secs_f64() * 1e3,
            })
        };
        let throttle = |t: &Throttle| json!({"responses": t.responses, "throttled": t.throttled, "totalMs": t.total_ms, "maxMs": t.max_ms});
        let records = |map: &BTreeMap<TopicPartition, RecordTraffic>| {
            map.iter()
                .map(|((topic, partition), r)| json!({"topic": topic, "partition": partition, "batches": r.batches, "records": r.records, "bytes": r.bytes}))
                .collect::<Vec<_>>()
        };
        json!({
            "clients": self.clients.iter().map(|(k, t)| (k.clone(), traffic(t))).collect::<serde_json::Map<_, _>>(),
            "brokers": self.brokers.iter().map(|(k, t)| (k.to_string(), traffic(t))).collect::<serde_json::Map<_, _>>(),
            "produced": records(&self.produced),
            "fetched": records(&self.fetched),
            "latencies": self.latencies.iter().map(|((api, version), l)| {
                let mut row = latency(l);
                row["api"] = json!(api);
                row["version"] = json!(version);
                row
            }).collect::<Vec<_>>(),
            "brokerLatencies": self.broker_latencies.iter().map(|(k, l)| (k.to_string(), latency(l))).collect::<serde_json::Map<_, _>>(),
            "clientLatencies": self.client_latencies.iter().map(|(k, l)| (k.clone(), latency(l))).collect::<serde_json::Map<_, _>>(),
            "errors": self.errors.iter().map(|((api, code), n)| json!({"api": api, "code": code, "name": error_name(*code), "count": n})).collect::<Vec<_>>(),
            "clientTopics": self.client_topics.iter().map(|((client, topic), t)| json!({
                "clientId": client, "topic": topic,
                "produced": {"batches": t.produced.batches, "records": t.produced.records, "bytes": t.produced.bytes},
                "fetched": {"batches": t.fetched.batches, "records": t.fetched.records, "bytes": t.fetched.bytes},
            })).collect::<Vec<_>>(),
            "throttle": {
                "clients": self.throttle_clients.iter().map(|(k, t)| (k.clone(), throttle(t))).collect::<serde_json::Map<_, _>>(),
                "brokers": self.throttle_brokers.iter().map(|(k, t)| (k.to_string(), throttle(t))).collect::<serde_json::Map<_, _>>(),
            },
            "lag": self.lag.iter().map(|((client, (topic, partition)), l)| json!({
                "clientId": client, "topic": topic, "partition": partition,
                "fetchOffset": l.fetch_offset, "highWatermark": l.high_watermark, "lag": l.lag(),
                "timeUs": l.time.as_micros() as u64,
            })).collect::<Vec<_>>(),
            "groupEvents": self.group_events.iter().map(|e| json!({
                "timeUs": e.time.as_micros() as u64, "group": e.group, "api": e.api,
                "member": e.member, "generation": e.generation, "clientId": e.client_id,
                "errorCode": e.error,
            })).collect::<Vec<_>>(),
            "groupEventsDropped": self.group_events_dropped,
        })
    }
}

/// Whether a struct of `schema` may name a topic by name and id: it, or a
/// struct in it at some depth, has a `Name` or a `TopicId` field.
fn names_topics(schema: &StructSchema) -> bool {
    schema.fields.iter().any(|f| match f.kafka_type {
        _ if matches!(f.json_name, "Name" | "TopicId") => true,
        KafkaType::Struct(s) | KafkaType::Array(&KafkaType::Struct(s)) => names_topics(s),
        _ => false,
    })
}

/// The value of `view`'s field of JSON name `name`, when it has one.
fn top<'a>(view: StructView<'a>, name: &str) -> Option<ValueView<'a>> {
    view.fields()
        .find(|f| f.field.json_name == name)
        .map(|f| f.value)
}

/// Whether two topics a request and its response name are the same.
fn same_topic(a: &Topic, b: &Topic) -> bool {
    match (a, b) {
        (Topic::Name(x), Topic::Name(y)) => x == y,
        (Topic::Id(x), Topic::Id(y)) => x == y,
        (Topic::Unknown, Topic::Unknown) => true,
        _ => false,
    }
}

/// Every partition of `view` with an int64 field `field` (a Fetch
/// request's `FetchOffset`, a response's `HighWatermark`): its topic, its
/// index and the value, as [`partitions`] finds record sets.
fn partition_numbers(
    view: StructView<'_>,
    topic: Option<&Topic>,
    field: &str,
    out: &mut Vec<(Topic, i32, i64)>,
) {
    let mut here = topic.cloned();
    let (mut index, mut value) = (None, None);
    for f in view.fields() {
        match (f.field.json_name, f.value) {
            ("Name" | "Topic", ValueView::String(n)) => here = Some(Topic::Name(n.to_string())),
            ("TopicId", ValueView::Uuid(u)) if !matches!(here, Some(Topic::Name(_))) => {
                here = Some(Topic::Id(u))
            }
            ("Index" | "PartitionIndex" | "Partition", ValueView::Int32(i)) => index = Some(i),
            (name, ValueView::Int64(v)) if name == field => value = Some(v),
            _ => {}
        }
    }
    if let (Some(index), Some(value)) = (index, value) {
        out.push((here.clone().unwrap_or(Topic::Unknown), index, value));
    }
    for f in view.fields() {
        match f.value {
            ValueView::Struct(s) => partition_numbers(s, here.as_ref(), field, out),
            ValueView::Array(a) => {
                for e in a.iter() {
                    if let ValueView::Struct(s) = e.value {
                        partition_numbers(s, here.as_ref(), field, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// A topic as a message names it.
#[derive(Debug, Clone)]
enum Topic {
    Name(String),
    Id(Uuid),
    Unknown,
}

/// Every record set of `view` with its topic and partition: a struct with
/// a `Records` field and a partition index (`Index`, `PartitionIndex`,
/// `Partition`), under the struct that names its topic (`Name`, `Topic`,
/// `TopicId`).
fn partitions<'a>(
    view: StructView<'a>,
    topic: Option<&Topic>,
    out: &mut Vec<(Topic, i32, &'a [u8])>,
) {
    let mut here = topic.cloned();
    let (mut index, mut records) = (None, None);
    for field in view.fields() {
        match (field.field.json_name, field.value) {
            ("Name" | "Topic", ValueView::String(n)) => here = Some(Topic::Name(n.to_string())),
            ("TopicId", ValueView::Uuid(u)) if !matches!(here, Some(Topic::Name(_))) => {
                here = Some(Topic::Id(u))
            }
            ("Index" | "PartitionIndex" | "Partition", ValueView::Int32(i)) => index = Some(i),
            (_, ValueView::Records(r)) => records = Some(r),
            _ => {}
        }
    }
    if let (Some(index), Some(records)) = (index, records) {
        out.push((here.clone().unwrap_or(Topic::Unknown), index, records));
    }
    for field in view.fields() {
        match field.value {
            ValueView::Struct(s) => partitions(s, here.as_ref(), out),
            ValueView::Array(a) => {
                for e in a.iter() {
                    if let ValueView::Struct(s) = e.value {
                        partitions(s, here.as_ref(), out);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_chart_draws_the_largest_fifty_and_counts_the_rest() {
        let mut rows: Vec<(String, u64)> = (0..60).map(|i| (format!("t-{i}"), i)).collect();
        rows.push(("<huge>".into(), u64::MAX));
        let svg = bar_chart("records", &rows);
        assert_eq!(svg.matches("<rect").count(), 50);
        assert!(svg.contains("<title>&lt;huge&gt;: 18446744073709551615</title>"));
        assert!(svg.contains("width=\"300\""), "{svg}");
        assert!(svg.contains("(11 more)"));
        assert!(!svg.contains("t-0<"));
    }

    #[test]
    fn text_tables_align_numbers_right_and_names_left() {
        let table = Table {
            columns: columns(&["client id", "exchanges"]),
            rows: vec![vec!["a".into(), "7".into()], vec!["(a note)".into()]],
        };
        let mut text = String::new();
        table.write_text(&mut text);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("{:<40} {:>10}", "client id", "exchanges"));
        assert_eq!(lines[1], format!("{:<40} {:>10}", "a", "7"));
        assert_eq!(lines[2], "(a note)");
        let mut html = String::new();
        table.write_html(&mut html);
        assert!(html.contains("<td>a</td><td class=\"n\">7</td>"), "{html}");
        assert!(html.contains("<td colspan=\"2\">(a note)</td>"), "{html}");
    }
}
