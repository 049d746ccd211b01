//! What people capture Kafka traffic to learn: traffic per client id and
//! per broker, record sets per topic-partition (produced and fetched),
//! latency per API and version, and errors per API and code; as text and
//! JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::net::SocketAddr;

use kafka_messages::ApiKey;
use kafka_wire::dynamic::{StructView, ValueView};
use kafka_wire::Uuid;

use crate::exchange::{CapturedFrame, Exchange};
use crate::output::{error_name, Latencies};
use crate::walk::record_set;

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
    fn add(&mut self, bytes: &[u8]) {
        let sets = record_set(bytes);
        self.bytes += bytes.len() as u64;
        self.batches += sets.batches;
        self.records += sets.records;
    }
}

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
    /// Error codes other than 0 in responses, per API name and code.
    pub errors: BTreeMap<(String, i16), u64>,
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
        if let Some(latency) = x.latency() {
            self.latencies
                .entry((api.clone(), x.api_version))
                .or_default()
                .add(latency);
        }
        for &code in x.errors() {
            *self.errors.entry((api.clone(), code)).or_insert(0) += 1;
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
            let map = if produced {
                &mut self.produced
            } else {
                &mut self.fetched
            };
            map.entry((topic, partition)).or_default().add(records);
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
                (_, ValueView::Struct(s)) => self.learn_names(s),
                (_, ValueView::Array(a)) => {
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
            if id != Uuid::default() {
                self.names.insert(id, name.to_string());
            }
        }
    }

    /// The analysis as text: a table each.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let traffic = |out: &mut String, title: &str, rows: Vec<(String, &Traffic)>| {
            let _ = writeln!(
                out,
                "{title:<40} {:>10} {:>14} {:>14}",
                "exchanges", "request bytes", "response bytes"
            );
            for (k, t) in rows {
                let _ = writeln!(
                    out,
                    "{k:<40} {:>10} {:>14} {:>14}",
                    t.exchanges, t.request_bytes, t.response_bytes
                );
            }
            out.push('\n');
        };
        traffic(
            &mut out,
            "client id",
            self.clients.iter().map(|(k, t)| (k.clone(), t)).collect(),
        );
        traffic(
            &mut out,
            "broker",
            self.brokers
                .iter()
                .map(|(k, t)| (k.to_string(), t))
                .collect(),
        );
        for (title, map) in [
            ("produced to", &self.produced),
            ("fetched from", &self.fetched),
        ] {
            let _ = writeln!(
                out,
                "{title:<40} {:>10} {:>10} {:>14}",
                "batches", "records", "bytes"
            );
            for ((topic, partition), r) in map {
                let tp = format!("{topic}-{partition}");
                let _ = writeln!(
                    out,
                    "{tp:<40} {:>10} {:>10} {:>14}",
                    r.batches, r.records, r.bytes
                );
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{:<40} {:>10} {:>10} {:>10} {:>10}",
            "latency (ms)", "count", "p50", "p99", "max"
        );
        let ms = |d: std::time::Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
        for ((api, version), l) in &self.latencies {
            let k = format!("{api} v{version}");
            let _ = writeln!(
                out,
                "{k:<40} {:>10} {:>10} {:>10} {:>10}",
                l.count(),
                ms(l.percentile(0.5)),
                ms(l.percentile(0.99)),
                ms(l.max())
            );
        }
        out.push('\n');
        let _ = writeln!(out, "{:<40} {:>10}", "errors", "count");
        for ((api, code), n) in &self.errors {
            let k = format!("{api} {}", error_name(*code));
            let _ = writeln!(out, "{k:<40} {n:>10}");
        }
        out
    }

    /// The analysis as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        let traffic = |t: &Traffic| json!({"exchanges": t.exchanges, "requestBytes": t.request_bytes, "responseBytes": t.response_bytes});
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
            "latencies": self.latencies.iter().map(|((api, version), l)| json!({
                "api": api, "version": version, "count": l.count(),
                "p50Ms": l.percentile(0.5).as_secs_f64() * 1e3,
                "p99Ms": l.percentile(0.99).as_secs_f64() * 1e3,
                "maxMs": l.max().as_secs_f64() * 1e3,
            })).collect::<Vec<_>>(),
            "errors": self.errors.iter().map(|((api, code), n)| json!({"api": api, "code": code, "name": error_name(*code), "count": n})).collect::<Vec<_>>(),
        })
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
