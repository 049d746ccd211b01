//! Consumer groups offline: a broker's log directory read without the
//! broker, `__consumer_offsets` replayed into each group's committed offsets
//! and members, and each partition's log end offset read from its own
//! directory, so that each group's lag shows as `kafka-consumer-groups
//! --describe` shows it on a running cluster.
//!
//! Offsets committed in a transaction count once its commit marker is read,
//! and not at all when it aborts. A KIP-848 member's assignment names topics
//! by id: their names come from the metadata image
//! ([`crate::image::MetadataImage`]).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use bytes::Bytes;
use kafka_messages::consumer_protocol::ConsumerProtocol;
use kafka_messages::internal::{
    CoordinatorRecord, GroupCoordinatorKey, GroupCoordinatorRecord, GroupCoordinatorValue,
};
use kafka_messages::ConsumerProtocolAssignment;
use kafka_wire::records::{ControlRecordType, ReadOptions, RecordBatch};

use crate::segment::{Entry, Segment};
use crate::{Problem, ProblemKind, RecordError, DEFAULT_MAX_BATCH_BYTES};

/// A committed offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committed {
    /// The offset.
    pub offset: i64,
    /// The leader epoch it was committed with, -1 for none.
    pub leader_epoch: i32,
    /// The metadata string.
    pub metadata: String,
}

/// A member of a group, as its last records left it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Member {
    /// The client's id.
    pub client_id: String,
    /// The client's host, as the broker saw it (`/127.0.0.1`).
    pub host: String,
    /// The partitions assigned to it, by topic name.
    pub assignment: Vec<(String, i32)>,
    /// Topic ids of its assignment not named by the image.
    topic_ids: Vec<([u8; 16], i32)>,
}

/// One group's state.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Group {
    /// The group's protocol: `classic` (its `GroupMetadata` record) or
    /// `consumer` (KIP-848), empty when only offsets are known.
    pub protocol: String,
    /// Its members, by member id.
    pub members: BTreeMap<String, Member>,
    /// Its committed offsets, by topic and partition.
    pub offsets: BTreeMap<(String, i32), Committed>,
}

/// An offset committed in an open transaction: group, topic, partition,
/// and the offset (`None`: a tombstone).
type Pending = (String, String, i32, Option<Committed>);

/// The groups of a `__consumer_offsets` replay.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Groups {
    /// The groups by id.
    pub groups: BTreeMap<String, Group>,
    /// Offsets of open transactions, by producer id.
    pending: BTreeMap<i64, Vec<Pending>>,
}

impl Groups {
    /// Applies one record of `__consumer_offsets`; `producer` is the
    /// producer id of a transactional batch's record.
    pub fn apply(&mut self, record: &GroupCoordinatorRecord, producer: Option<i64>) {
        use GroupCoordinatorKey as K;
        use GroupCoordinatorValue as V;
        let value = record.value.as_ref().map(|(_, v)| v);
        match (&record.key, value) {
            (K::OffsetCommit(k), v) => {
                let committed = match v {
                    Some(V::OffsetCommit(v)) => Some(Committed {
                        offset: v.offset,
                        leader_epoch: v.leader_epoch,
                        metadata: v.metadata.as_str().into(),
                    }),
                    _ => None,
                };
                self.commit(
                    k.group.as_str(),
                    k.topic.as_str(),
                    k.partition,
                    committed,
                    producer,
                );
            }
            (K::LegacyOffsetCommit(k), v) => {
                let committed = match v {
                    Some(V::LegacyOffsetCommit(v)) => Some(Committed {
                        offset: v.offset,
                        leader_epoch: -1,
                        metadata: v.metadata.as_str().into(),
                    }),
                    _ => None,
                };
                self.commit(
                    k.group.as_str(),
                    k.topic.as_str(),
                    k.partition,
                    committed,
                    producer,
                );
            }
            (K::GroupMetadata(k), Some(V::GroupMetadata(v))) => {
                let group = self.groups.entry(k.group.as_str().into()).or_default();
                group.protocol = "classic".into();
                group.members.clear();
                for m in &v.members {
                    let mut member = Member {
                        client_id: m.client_id.as_str().into(),
                        host: m.client_host.as_str().into(),
                        ..Member::default()
                    };
                    if v.protocol_type.as_str() == "consumer" {
                        let read =
                            ConsumerProtocol::<ConsumerProtocolAssignment>::decode(&m.assignment);
                        if let Ok(assignment) = read {
                            for tp in &assignment.value.assigned_partitions {
                                for p in &tp.partitions {
                                    member.assignment.push((tp.topic.as_str().into(), *p));
                                }
                            }
                        }
                    }
                    group.members.insert(m.member_id.as_str().into(), member);
                }
            }
            (K::GroupMetadata(k), None) => {
                if let Some(group) = self.groups.get_mut(k.group.as_str()) {
                    group.members.clear();
                    group.protocol.clear();
                }
            }
            (K::ConsumerGroupMetadata(k), v) => {
                let group = self.groups.entry(k.group_id.as_str().into()).or_default();
                if v.is_some() {
                    group.protocol = "consumer".into();
                } else {
                    group.protocol.clear();
                    group.members.clear();
                }
            }
            (K::ConsumerGroupMemberMetadata(k), v) => {
                let group = self.groups.entry(k.group_id.as_str().into()).or_default();
                match v {
                    Some(V::ConsumerGroupMemberMetadata(v)) => {
                        let member = group
                            .members
                            .entry(k.member_id.as_str().into())
                            .or_default();
                        member.client_id = v.client_id.as_str().into();
                        member.host = v.client_host.as_str().into();
                    }
                    _ => {
                        group.members.remove(k.member_id.as_str());
                    }
                }
            }
            (K::ConsumerGroupCurrentMemberAssignment(k), v) => {
                let group = self.groups.entry(k.group_id.as_str().into()).or_default();
                if let Some(V::ConsumerGroupCurrentMemberAssignment(v)) = v {
                    let member = group
                        .members
                        .entry(k.member_id.as_str().into())
                        .or_default();
                    member.topic_ids = v
                        .assigned_partitions
                        .iter()
                        .flat_map(|tp| tp.partitions.iter().map(|p| (tp.topic_id.0, *p)))
                        .collect();
                }
            }
            _ => {}
        }
    }

    fn commit(
        &mut self,
        group: &str,
        topic: &str,
        partition: i32,
        committed: Option<Committed>,
        producer: Option<i64>,
    ) {
        if let Some(producer) = producer {
            self.pending.entry(producer).or_default().push((
                group.into(),
                topic.into(),
                partition,
                committed,
            ));
            return;
        }
        let offsets = &mut self.groups.entry(group.into()).or_default().offsets;
        match committed {
            Some(c) => {
                offsets.insert((topic.into(), partition), c);
            }
            None => {
                offsets.remove(&(topic.into(), partition));
            }
        }
    }

    /// Ends `producer`'s transaction: its offsets count when it commits.
    pub fn end_transaction(&mut self, producer: i64, commit: bool) {
        for (group, topic, partition, committed) in
            self.pending.remove(&producer).unwrap_or_default()
        {
            if commit {
                self.commit(&group, &topic, partition, committed, None);
            }
        }
    }

    /// Names the topics of KIP-848 assignments by their ids.
    pub fn name_topics(&mut self, name: impl Fn(&[u8; 16]) -> Option<String>) {
        for group in self.groups.values_mut() {
            for member in group.members.values_mut() {
                for (id, p) in std::mem::take(&mut member.topic_ids) {
                    match name(&id) {
                        Some(topic) => member.assignment.push((topic, p)),
                        None => member.topic_ids.push((id, p)),
                    }
                }
                member.assignment.sort();
            }
        }
    }

    /// Reads the segments of every `__consumer_offsets-N` directory under
    /// the log directory `logs`. Each problem is handed to `on_problem` with
    /// its file, and the replay goes on.
    pub fn read_log_dir(
        logs: &Path,
        mut on_problem: impl FnMut(&Path, Problem),
    ) -> std::io::Result<Groups> {
        let mut groups = Groups::default();
        let mut dirs: Vec<_> = std::fs::read_dir(logs)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.strip_prefix("__consumer_offsets-"))
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .collect();
        dirs.sort();
        for dir in dirs {
            for (_, path) in segments(&dir)? {
                let file = BufReader::with_capacity(1 << 16, File::open(&path)?);
                groups.replay(file, &mut |p| on_problem(&path, p))?;
            }
        }
        Ok(groups)
    }

    fn replay(
        &mut self,
        input: impl std::io::Read + std::io::Seek,
        on_problem: &mut dyn FnMut(Problem),
    ) -> std::io::Result<()> {
        let mut segment = Segment::new(input, DEFAULT_MAX_BATCH_BYTES, None)?;
        loop {
            let (position, bytes) = match segment.next_entry()? {
                Entry::Batch { position, bytes } => (position, bytes),
                Entry::Skipped(problem) => {
                    on_problem(problem);
                    continue;
                }
                Entry::End(problem) => {
                    if let Some(problem) = problem {
                        on_problem(problem);
                    }
                    return Ok(());
                }
            };
            let batch_problem = |e| Problem {
                position,
                kind: ProblemKind::Batch(e),
            };
            let batch = match RecordBatch::parse(bytes, ReadOptions::new().verify_crc(false)) {
                Ok(batch) => batch,
                Err(e) => {
                    on_problem(batch_problem(e));
                    continue;
                }
            };
            let records = match batch.records() {
                Ok(records) => records,
                Err(e) => {
                    on_problem(batch_problem(e));
                    continue;
                }
            };
            let producer = batch.is_transactional().then_some(batch.producer_id());
            for record in records {
                let record = match record {
                    Ok(record) => record,
                    Err(e) => {
                        on_problem(batch_problem(e));
                        break;
                    }
                };
                if batch.is_control() {
                    let kind = record.key().map(ControlRecordType::decode_key);
                    match kind {
                        Some(Ok(ControlRecordType::Commit)) => {
                            self.end_transaction(batch.producer_id(), true)
                        }
                        Some(Ok(ControlRecordType::Abort)) => {
                            self.end_transaction(batch.producer_id(), false)
                        }
                        _ => {}
                    }
                    continue;
                }
                match CoordinatorRecord::<GroupCoordinatorKey>::from_record(&record) {
                    Ok(read) => self.apply(&read, producer),
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
    }
}

/// The `.log` segments of a partition's directory, by base offset.
fn segments(dir: &Path) -> std::io::Result<Vec<(i64, std::path::PathBuf)>> {
    let mut segments = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let base = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".log"))
            .and_then(|n| n.parse::<i64>().ok());
        if let Some(base) = base {
            segments.push((base, path));
        }
    }
    segments.sort();
    Ok(segments)
}

/// A partition's log end offset: one past the last offset of the last
/// batch of its last segment (the segment's base offset when it is empty),
/// read from its directory `logs/TOPIC-PARTITION`; `None` when there is no
/// such directory or segment.
pub fn log_end_offset(logs: &Path, topic: &str, partition: i32) -> std::io::Result<Option<i64>> {
    let dir = logs.join(format!("{topic}-{partition}"));
    if !dir.is_dir() {
        return Ok(None);
    }
    let Some((base, path)) = segments(&dir)?.pop() else {
        return Ok(None);
    };
    let file = BufReader::with_capacity(1 << 16, File::open(path)?);
    let mut segment = Segment::new(file, DEFAULT_MAX_BATCH_BYTES, None)?;
    let mut end = base;
    loop {
        match segment.next_entry()? {
            Entry::Batch { bytes, .. } => {
                if let Some(last) = last_offset(&bytes) {
                    end = last + 1;
                }
            }
            Entry::Skipped(_) => {}
            Entry::End(_) => return Ok(Some(end)),
        }
    }
}

/// A batch's last offset from its header.
fn last_offset(bytes: &Bytes) -> Option<i64> {
    let offset = i64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    if (*bytes.get(16)? as i8) < 2 {
        return Some(offset);
    }
    let delta = i32::from_be_bytes(bytes.get(23..27)?.try_into().ok()?);
    Some(offset + i64::from(delta))
}

/// One row of `kafka-consumer-groups --describe`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The group.
    pub group: String,
    /// The topic.
    pub topic: String,
    /// The partition.
    pub partition: i32,
    /// The committed offset, if any.
    pub current_offset: Option<i64>,
    /// The partition's log end offset, if its directory is there.
    pub log_end_offset: Option<i64>,
    /// The member it is assigned to: (member id, host, client id).
    pub member: Option<(String, String, String)>,
}

impl Row {
    /// The lag: log end offset - committed offset, when both are known.
    pub fn lag(&self) -> Option<i64> {
        Some(self.log_end_offset? - self.current_offset?)
    }
}

impl Group {
    /// The rows `kafka-consumer-groups --describe` shows for the group:
    /// every partition it has an offset for or a member is assigned, by
    /// topic and partition, the log end offsets read under `logs`.
    pub fn describe(&self, id: &str, logs: &Path) -> std::io::Result<Vec<Row>> {
        let mut rows: BTreeMap<(String, i32), Row> = BTreeMap::new();
        let mut wanted: Vec<(String, i32)> = self.offsets.keys().cloned().collect();
        for member in self.members.values() {
            wanted.extend(member.assignment.iter().cloned());
        }
        for (topic, partition) in wanted {
            if rows.contains_key(&(topic.clone(), partition)) {
                continue;
            }
            let end = log_end_offset(logs, &topic, partition)?;
            let row = Row {
                group: id.into(),
                topic: topic.clone(),
                partition,
                current_offset: self
                    .offsets
                    .get(&(topic.clone(), partition))
                    .map(|c| c.offset),
                log_end_offset: end,
                member: None,
            };
            rows.insert((topic, partition), row);
        }
        for (member_id, member) in &self.members {
            for key in &member.assignment {
                if let Some(row) = rows.get_mut(key) {
                    row.member = Some((
                        member_id.clone(),
                        member.host.clone(),
                        member.client_id.clone(),
                    ));
                }
            }
        }
        Ok(rows.into_values().collect())
    }
}

/// Rows as `kafka-consumer-groups --describe` prints them: a header, then
/// one line a row, in columns as wide as their widest value; an unknown
/// value is `-`.
pub fn format_rows(rows: &[Row]) -> String {
    let dash = |v: Option<i64>| v.map_or("-".to_string(), |v| v.to_string());
    let cells: Vec<[String; 9]> = rows
        .iter()
        .map(|r| {
            let (member, host, client) = r
                .member
                .clone()
                .unwrap_or_else(|| ("-".into(), "-".into(), "-".into()));
            [
                r.group.clone(),
                r.topic.clone(),
                r.partition.to_string(),
                dash(r.current_offset),
                dash(r.log_end_offset),
                dash(r.lag()),
                member,
                host,
                client,
            ]
        })
        .collect();
    let header = [
        "GROUP",
        "TOPIC",
        "PARTITION",
        "CURRENT-OFFSET",
        "LOG-END-OFFSET",
        "LAG",
        "CONSUMER-ID",
        "HOST",
        "CLIENT-ID",
    ];
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.len());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            if i + 1 == cells.len() {
                out.push_str(cell);
            } else {
                out.push_str(&format!("{cell:<w$} "));
            }
        }
        out.push('\n');
        out
    };
    let mut out = line(header.to_vec());
    for row in &cells {
        out += &line(row.iter().map(String::as_str).collect());
    }
    out
}
