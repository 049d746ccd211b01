//! The KRaft metadata image: a `__cluster_metadata` log directory (its
//! latest snapshot, then the log's records after it) replayed into the
//! cluster's state (brokers, topics and partitions with their leaders and
//! ISRs, configs, ACLs, client quotas, SCRAM users, features, producer ids),
//! as a tree to browse as `kafka-metadata-shell` browses its image (`ls`,
//! `cat`, `tree`, `find`), or to print as one JSON object.
//!
//! ```
//! use kafka_messages::internal::{MetadataRecord, TopicRecord};
//! use kafka_wire::Uuid;
//! use kafka_wire_dump::image::MetadataImage;
//!
//! let mut image = MetadataImage::default();
//! image.apply(&MetadataRecord::Topic(TopicRecord {
//!     name: "orders".into(),
//!     topic_id: Uuid([7; 16]),
//!     ..Default::default()
//! }), 0);
//! let tree = image.tree();
//! assert_eq!(tree.ls("/topics")?, ["orders"]);
//! assert_eq!(tree.cat("/topics/orders/id")?, "BwcHBwcHBwcHBwcHBwcHBw");
//! # Ok::<(), kafka_wire_dump::image::PathError>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::{Path, PathBuf};

use kafka_messages::internal::{
    ControlRecord, MetadataRecord, PartitionRecord, RegisterBrokerRecord,
};
use kafka_messages::ConfigResourceType;
use kafka_wire::json::RecordsAs;
use kafka_wire::records::{ReadOptions, RecordBatch};
use kafka_wire::{Uuid, Versioned};

use crate::segment::{Entry, Segment};
use crate::{Problem, ProblemKind, RecordError, DEFAULT_MAX_BATCH_BYTES};

/// A UUID as Kafka prints it: URL-safe base64 without padding.
pub fn uuid_text(id: &Uuid) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(22);
    let bits = u128::from_be_bytes(id.0);
    // 22 characters of 6 bits: 132 bits, the last 4 of them zero.
    for i in 0..22 {
        let shift = 128i32 - 6 * (i + 1);
        let six = if shift >= 0 {
            (bits >> shift) & 0x3f
        } else {
            (bits << -shift) & 0x3f
        };
        out.push(ALPHABET[six as usize] as char);
    }
    out
}

/// A record's JSON in Kafka's form, at `version`.
fn json<T: Versioned>(record: &T, version: i16) -> String {
    kafka_wire::json::to_string(record, version, RecordsAs::Base64)
        .unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
}

/// The SCRAM mechanism's name by id.
fn mechanism(id: i8) -> String {
    match id {
        1 => "SCRAM-SHA-256".into(),
        2 => "SCRAM-SHA-512".into(),
        other => format!("UNKNOWN({other})"),
    }
}

/// A partition's state, as its records left it.
#[derive(Debug, Clone, PartialEq)]
struct Partition {
    record: PartitionRecord,
    version: i16,
}

/// The cluster's state replayed from metadata records.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct MetadataImage {
    features: BTreeMap<String, i16>,
    brokers: BTreeMap<i32, (RegisterBrokerRecord, i16)>,
    /// Topic names by id, and each topic's partitions.
    topics: BTreeMap<[u8; 16], (String, BTreeMap<i32, Partition>)>,
    configs: BTreeMap<(String, String), BTreeMap<String, String>>,
    acls: BTreeMap<[u8; 16], String>,
    quotas: BTreeMap<String, BTreeMap<String, f64>>,
    scram: BTreeMap<(String, String), i32>,
    next_producer_id: Option<i64>,
    /// The offset of the last record applied.
    last_offset: Option<i64>,
}

impl MetadataImage {
    /// Applies one metadata record, read at `offset`; record types that
    /// change no state this image holds (delegation tokens, transactions'
    /// bounds, no-ops) are skipped.
    pub fn apply(&mut self, record: &MetadataRecord, offset: i64) {
        self.last_offset = Some(offset);
        match record {
            MetadataRecord::FeatureLevel(r) => {
                if r.feature_level == 0 {
                    self.features.remove(r.name.as_str());
                } else {
                    self.features
                        .insert(r.name.as_str().into(), r.feature_level);
                }
            }
            MetadataRecord::RegisterBroker(r) => {
                let version = RegisterBrokerRecord::VERSIONS.highest().unwrap_or(0);
                self.brokers.insert(r.broker_id, (r.clone(), version));
            }
            MetadataRecord::UnregisterBroker(r) => {
                self.brokers.remove(&r.broker_id);
            }
            MetadataRecord::FenceBroker(r) => {
                if let Some((b, _)) = self.brokers.get_mut(&r.id) {
                    b.fenced = true;
                }
            }
            MetadataRecord::UnfenceBroker(r) => {
                if let Some((b, _)) = self.brokers.get_mut(&r.id) {
                    b.fenced = false;
                }
            }
            MetadataRecord::BrokerRegistrationChange(r) => {
                if let Some((b, _)) = self.brokers.get_mut(&r.broker_id) {
                    // 0: unchanged, 1: yes, -1: no (Kafka's BrokerRegistrationFencingChange).
                    match r.fenced {
                        1 => b.fenced = true,
                        -1 => b.fenced = false,
                        _ => {}
                    }
                    match r.in_controlled_shutdown {
                        1 => b.in_controlled_shutdown = true,
                        -1 => b.in_controlled_shutdown = false,
                        _ => {}
                    }
                    if !r.log_dirs.is_empty() {
                        b.log_dirs = r.log_dirs.clone();
                    }
                }
            }
            MetadataRecord::Topic(r) => {
                self.topics
                    .entry(r.topic_id.0)
                    .or_insert_with(|| (r.name.as_str().into(), BTreeMap::new()))
                    .0 = r.name.as_str().into();
            }
            MetadataRecord::RemoveTopic(r) => {
                if let Some((name, _)) = self.topics.remove(&r.topic_id.0) {
                    self.configs.remove(&("TOPIC".into(), name));
                }
            }
            MetadataRecord::Partition(r) => {
                let version = PartitionRecord::VERSIONS.highest().unwrap_or(0);
                if let Some((_, partitions)) = self.topics.get_mut(&r.topic_id.0) {
                    partitions.insert(
                        r.partition_id,
                        Partition {
                            record: r.clone(),
                            version,
                        },
                    );
                }
            }
            MetadataRecord::PartitionChange(r) => {
                let Some(p) = self
                    .topics
                    .get_mut(&r.topic_id.0)
                    .and_then(|(_, ps)| ps.get_mut(&r.partition_id))
                else {
                    return;
                };
                let p = &mut p.record;
                // Kafka's PartitionRecord declares its Isr without the
                // brokerId entity type the change record gives it, so the
                // two are of different types.
                if let Some(isr) = &r.isr {
                    p.isr = isr.to_vec();
                }
                if let Some(replicas) = &r.replicas {
                    p.replicas = replicas.clone();
                }
                if let Some(x) = &r.removing_replicas {
                    p.removing_replicas = x.clone();
                }
                if let Some(x) = &r.adding_replicas {
                    p.adding_replicas = x.clone();
                }
                if let Some(x) = &r.directories {
                    p.directories = x.clone();
                }
                if let Some(x) = &r.eligible_leader_replicas {
                    p.eligible_leader_replicas = Some(x.clone());
                }
                if let Some(x) = &r.last_known_elr {
                    p.last_known_elr = Some(x.clone());
                }
                // -2: no change to the leader (Kafka's NO_LEADER_CHANGE);
                // a new leader starts a new leader epoch.
                if r.leader != -2 {
                    p.leader = r.leader;
                    p.leader_epoch += 1;
                }
                if r.leader_recovery_state != -1 {
                    p.leader_recovery_state = r.leader_recovery_state;
                }
                p.partition_epoch += 1;
            }
            MetadataRecord::Config(r) => {
                let key = (
                    ConfigResourceType::from(r.resource_type).to_string(),
                    r.resource_name.as_str().into(),
                );
                match &r.value {
                    Some(value) => {
                        self.configs
                            .entry(key)
                            .or_default()
                            .insert(r.name.as_str().into(), value.as_str().into());
                    }
                    None => {
                        if let Some(configs) = self.configs.get_mut(&key) {
                            configs.remove(r.name.as_str());
                            if configs.is_empty() {
                                self.configs.remove(&key);
                            }
                        }
                    }
                }
            }
            MetadataRecord::AccessControlEntry(r) => {
                let version = kafka_messages::internal::AccessControlEntryRecord::VERSIONS
                    .highest()
                    .unwrap_or(0);
                self.acls.insert(r.id.0, json(r, version));
            }
            MetadataRecord::RemoveAccessControlEntry(r) => {
                self.acls.remove(&r.id.0);
            }
            MetadataRecord::ClientQuota(r) => {
                let entity = r
                    .entity
                    .iter()
                    .map(|e| {
                        format!(
                            "{}={}",
                            e.entity_type.as_str(),
                            e.entity_name.as_ref().map_or("<default>", |n| n.as_str())
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(",");
                if r.remove {
                    if let Some(quotas) = self.quotas.get_mut(&entity) {
                        quotas.remove(r.key.as_str());
                        if quotas.is_empty() {
                            self.quotas.remove(&entity);
                        }
                    }
                } else {
                    self.quotas
                        .entry(entity)
                        .or_default()
                        .insert(r.key.as_str().into(), r.value);
                }
            }
            MetadataRecord::UserScramCredential(r) => {
                self.scram.insert(
                    (mechanism(r.mechanism), r.name.as_str().into()),
                    r.iterations,
                );
            }
            MetadataRecord::RemoveUserScramCredential(r) => {
                self.scram
                    .remove(&(mechanism(r.mechanism), r.name.as_str().into()));
            }
            MetadataRecord::ProducerIds(r) => {
                self.next_producer_id = Some(r.next_producer_id);
            }
            _ => {}
        }
    }

    fn set_feature(&mut self, name: &str, level: i16) {
        if level == 0 {
            self.features.remove(name);
        } else {
            self.features.insert(name.into(), level);
        }
    }

    /// The name of the topic of `id`.
    pub fn topic_name(&self, id: &[u8; 16]) -> Option<String> {
        self.topics.get(id).map(|(name, _)| name.clone())
    }

    /// The offset of the last record applied.
    pub fn last_offset(&self) -> Option<i64> {
        self.last_offset
    }

    /// The image as a tree of directories and files:
    ///
    /// | path | holds |
    /// |---|---|
    /// | `/features/NAME` | the finalized level |
    /// | `/cluster/ID` | the broker's registration (Kafka's JSON of its `RegisterBrokerRecord`, fencing applied) |
    /// | `/topics/NAME/id` | the topic id |
    /// | `/features/NAME` | the finalized level (`metadata.version` among them, and `kraft.version` from the quorum's control records, as the admin API lists it) |
    /// | `/configs/TYPE/NAME/KEY` | a config's value (`TYPE` as Kafka names it: `TOPIC`, `BROKER`, `GROUP`, ...; the cluster's brokers' default under an empty `NAME`, shown as `<default>`) |
    /// | `/acls/ID` | an ACL's `AccessControlEntryRecord` JSON |
    /// | `/clientQuotas/ENTITY/KEY` | a quota (`ENTITY` as `user=alice,client-id=<default>`) |
    /// | `/scram/MECHANISM/USER` | the credential's iterations |
    /// | `/producerIds/nextProducerId` | the next producer id block's start |
    pub fn tree(&self) -> Node {
        let mut root = Node::dir();
        for (name, level) in &self.features {
            root.put(&["features", name], level.to_string());
        }
        for (id, (broker, version)) in &self.brokers {
            root.put(&["cluster", &id.to_string()], json(broker, *version));
        }
        for (id, (name, partitions)) in &self.topics {
            root.put(&["topics", name, "id"], uuid_text(&Uuid(*id)));
            for (p, partition) in partitions {
                root.put(
                    &["topics", name, &p.to_string()],
                    json(&partition.record, partition.version),
                );
            }
        }
        for ((kind, name), configs) in &self.configs {
            let name = if name.is_empty() { "<default>" } else { name };
            for (key, value) in configs {
                root.put(&["configs", kind, name, key], value.clone());
            }
        }
        for (id, acl) in &self.acls {
            root.put(&["acls", &uuid_text(&Uuid(*id))], acl.clone());
        }
        for (entity, quotas) in &self.quotas {
            for (key, value) in quotas {
                root.put(&["clientQuotas", entity, key], java_double(*value));
            }
        }
        for ((mechanism, user), iterations) in &self.scram {
            root.put(&["scram", mechanism, user], iterations.to_string());
        }
        if let Some(next) = self.next_producer_id {
            root.put(&["producerIds", "nextProducerId"], next.to_string());
        }
        root
    }

    /// Reads a `__cluster_metadata` partition's directory: its latest
    /// snapshot (`.checkpoint`), then the records of its segments (`.log`)
    /// from the snapshot's end offset on. Each problem (a batch or record
    /// that does not read) is handed to `on_problem` with its file, and the
    /// replay goes on.
    pub fn read_dir(
        dir: &Path,
        mut on_problem: impl FnMut(&Path, Problem),
    ) -> std::io::Result<MetadataImage> {
        let mut snapshots = Vec::new();
        let mut segments = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if let Some(stem) = name.strip_suffix(".checkpoint") {
                if let Some((offset, epoch)) = stem.split_once('-') {
                    if let (Ok(o), Ok(e)) = (offset.parse::<i64>(), epoch.parse::<i32>()) {
                        snapshots.push(((o, e), path));
                    }
                }
            } else if let Some(stem) = name.strip_suffix(".log") {
                if let Ok(base) = stem.parse::<i64>() {
                    segments.push((base, path));
                }
            }
        }
        snapshots.sort();
        segments.sort();
        let mut image = MetadataImage::default();
        let mut from = 0;
        if let Some(((end, _), path)) = snapshots.last() {
            replay(&mut image, path, 0, &mut on_problem)?;
            from = *end;
        }
        for (_, path) in &segments {
            replay(&mut image, path, from, &mut on_problem)?;
        }
        Ok(image)
    }
}

/// Java's `Double.toString`, as the admin API prints a quota
/// (`1048576.0`, `1.0E7`): kafka-wire's one formatter of it.
fn java_double(v: f64) -> String {
    let mut out = Vec::new();
    kafka_wire::json::text::java_double(&mut out, v);
    String::from_utf8_lossy(&out).into_owned()
}

/// Applies the records of the segment or snapshot at `path` from offset
/// `from` on.
fn replay(
    image: &mut MetadataImage,
    path: &Path,
    from: i64,
    on_problem: &mut impl FnMut(&Path, Problem),
) -> std::io::Result<()> {
    let file = BufReader::with_capacity(1 << 16, File::open(path)?);
    replay_segment(image, file, from, &mut |p| on_problem(path, p))
}

fn replay_segment(
    image: &mut MetadataImage,
    input: impl Read + Seek,
    from: i64,
    on_problem: &mut dyn FnMut(Problem),
) -> std::io::Result<()> {
    let mut segment = Segment::new(input, DEFAULT_MAX_BATCH_BYTES, None)?;
    loop {
        match segment.next_entry()? {
            Entry::Batch { position, bytes } => {
                let options = ReadOptions::new().verify_crc(false);
                let batch = match RecordBatch::parse(bytes, options) {
                    Ok(batch) => batch,
                    Err(e) => {
                        on_problem(Problem {
                            position,
                            kind: ProblemKind::Batch(e),
                        });
                        continue;
                    }
                };
                if batch.last_offset() < from {
                    continue;
                }
                let records = match batch.records() {
                    Ok(records) => records,
                    Err(e) => {
                        on_problem(Problem {
                            position,
                            kind: ProblemKind::Batch(e),
                        });
                        continue;
                    }
                };
                for record in records {
                    let record = match record {
                        Ok(record) => record,
                        Err(e) => {
                            on_problem(Problem {
                                position,
                                kind: ProblemKind::Batch(e),
                            });
                            break;
                        }
                    };
                    if record.offset() < from {
                        continue;
                    }
                    if batch.is_control() {
                        // The KRaft version is a finalized feature too.
                        if let Ok((_, ControlRecord::KRaftVersion(v))) =
                            ControlRecord::from_record(&record)
                        {
                            image.set_feature("kraft.version", v.k_raft_version);
                        }
                        continue;
                    }
                    let Some(value) = record.value_bytes() else {
                        continue;
                    };
                    match MetadataRecord::decode(value) {
                        Ok((_, read)) => image.apply(&read, record.offset()),
                        Err(e) => on_problem(Problem {
                            position,
                            kind: ProblemKind::Record {
                                offset: record.offset(),
                                error: RecordError::Value(e),
                            },
                        }),
                    }
                }
            }
            Entry::Skipped(problem) => on_problem(problem),
            Entry::End(problem) => {
                if let Some(problem) = problem {
                    on_problem(problem);
                }
                return Ok(());
            }
        }
    }
}

/// A path the tree does not hold, or that is not what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError {
    /// The path.
    pub path: String,
    /// What is wrong: `"no such path"`, `"is a directory"`, `"is a file"`.
    pub what: &'static str,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.what)
    }
}

impl std::error::Error for PathError {}

/// A node of the image's tree: a directory of named nodes, or a file's text.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Named children, in name order.
    Dir(BTreeMap<String, Node>),
    /// A value: a number, a name, or a record's JSON.
    File(String),
}

impl Node {
    fn dir() -> Node {
        Node::Dir(BTreeMap::new())
    }

    fn put(&mut self, path: &[&str], value: String) {
        let Node::Dir(children) = self else { return };
        match path {
            [] => {}
            [name] => {
                children.insert((*name).into(), Node::File(value));
            }
            [name, rest @ ..] => children
                .entry((*name).into())
                .or_insert_with(Node::dir)
                .put(rest, value),
        }
    }

    /// The node at `path` (`/`-separated, from this node; `/` is itself).
    pub fn get(&self, path: &str) -> Result<&Node, PathError> {
        let mut node = self;
        for part in path.split('/').filter(|p| !p.is_empty()) {
            node = match node {
                Node::Dir(children) => children.get(part),
                Node::File(_) => None,
            }
            .ok_or_else(|| PathError {
                path: path.into(),
                what: "no such path",
            })?;
        }
        Ok(node)
    }

    /// `ls`: the names in the directory at `path`, or a file's own name.
    pub fn ls(&self, path: &str) -> Result<Vec<String>, PathError> {
        match self.get(path)? {
            Node::Dir(children) => Ok(children.keys().cloned().collect()),
            Node::File(_) => Ok(vec![path.rsplit('/').next().unwrap_or(path).into()]),
        }
    }

    /// `cat`: the file at `path`.
    pub fn cat(&self, path: &str) -> Result<&str, PathError> {
        match self.get(path)? {
            Node::File(text) => Ok(text),
            Node::Dir(_) => Err(PathError {
                path: path.into(),
                what: "is a directory",
            }),
        }
    }

    /// `find`: every path under `path` (itself first), one a line.
    pub fn find(&self, path: &str) -> Result<Vec<String>, PathError> {
        fn walk(node: &Node, at: String, out: &mut Vec<String>) {
            out.push(at.clone());
            if let Node::Dir(children) = node {
                for (name, child) in children {
                    let sep = if at.ends_with('/') { "" } else { "/" };
                    walk(child, format!("{at}{sep}{name}"), out);
                }
            }
        }
        let mut out = Vec::new();
        let start = if path.is_empty() { "/" } else { path };
        walk(self.get(path)?, start.into(), &mut out);
        Ok(out)
    }

    /// `tree`: the node at `path` and everything under it, indented, each
    /// file with its text.
    pub fn tree(&self, path: &str) -> Result<String, PathError> {
        fn walk(node: &Node, name: &str, depth: usize, out: &mut String) {
            let indent = "  ".repeat(depth);
            match node {
                Node::Dir(children) => {
                    out.push_str(&format!("{indent}{name}:\n"));
                    for (child_name, child) in children {
                        walk(child, child_name, depth + 1, out);
                    }
                }
                Node::File(text) => out.push_str(&format!("{indent}{name} {text}\n")),
            }
        }
        let mut out = String::new();
        let name = path.rsplit('/').find(|p| !p.is_empty()).unwrap_or("/");
        walk(self.get(path)?, name, 0, &mut out);
        Ok(out)
    }

    /// The node as one JSON object: a directory an object of its children,
    /// a file its text when that is JSON (a record, a number), else a string.
    pub fn to_json(&self) -> String {
        match self {
            Node::Dir(children) => {
                let fields: Vec<String> = children
                    .iter()
                    .map(|(name, child)| {
                        let mut key = String::new();
                        crate::print::json_string(&mut key, name);
                        format!("{key}:{}", child.to_json())
                    })
                    .collect();
                format!("{{{}}}", fields.join(","))
            }
            Node::File(text) => {
                let is_json = text.starts_with('{')
                    || (!text.is_empty()
                        && text.parse::<f64>().is_ok()
                        && !text.ends_with('.')
                        && !text.starts_with('+'));
                if is_json {
                    text.clone()
                } else {
                    let mut out = String::new();
                    crate::print::json_string(&mut out, text);
                    out
                }
            }
        }
    }
}

/// The `__cluster_metadata-0` directory under a broker's log directory, or
/// `dir` itself when it is one.
pub fn metadata_dir(dir: &Path) -> PathBuf {
    let inner = dir.join("__cluster_metadata-0");
    if inner.is_dir() {
        inner
    } else {
        dir.to_path_buf()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_print_as_kafka_s_base64() {
        assert_eq!(uuid_text(&Uuid([0; 16])), "AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(uuid_text(&Uuid([0xff; 16])), "_____________________w");
    }
}
