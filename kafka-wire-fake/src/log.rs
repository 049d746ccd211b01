//! One partition's log in memory: batches stored as the producer sent them
//! (their base offset and partition leader epoch rewritten, which the CRC
//! does not cover), offsets assigned in order, and the idempotent
//! producer's sequence checks as Kafka's `ProducerStateManager` makes them.
//! The wire handlers in `broker.rs` call it; it knows nothing of requests.

use std::collections::{BTreeMap, HashMap, VecDeque};

use bytes::{Bytes, BytesMut};
use kafka_wire::records::{
    stamp_log_append_time, ControlRecordType, EndTxnMarker, RecordBatch, RecordBatchBuilder,
    RecordsError, RecordsErrorKind, NO_PRODUCER_ID,
};
use kafka_wire::ErrorCode;

/// How many batches per producer Kafka remembers to answer a retried one
/// (`ProducerStateEntry.NUM_BATCHES_TO_RETAIN`).
const RETAINED_BATCHES: usize = 5;

/// A refused append: Kafka's error code and its message.
pub(crate) type Refusal = (ErrorCode, String);

/// A batch in the log, with what a read needs of its header.
#[derive(Debug, Clone)]
struct StoredBatch {
    base_offset: i64,
    last_offset: i64,
    max_timestamp: i64,
    bytes: Bytes,
}

/// What the log remembers of one producer id: its epoch and its last
/// batches' sequences, for retries.
#[derive(Debug, Clone)]
struct ProducerEntry {
    epoch: i16,
    recent: VecDeque<SequencedBatch>,
}

#[derive(Debug, Clone, Copy)]
struct SequencedBatch {
    first_sequence: i32,
    last_sequence: i32,
    base_offset: i64,
    /// The batch's max timestamp as stored (Kafka's `BatchMetadata`
    /// timestamp), which a retry of it is answered with.
    max_timestamp: i64,
}

/// Where an append landed: the base offset given to the batch, and whether
/// it was a retry of a batch already in the log (answered with that batch's
/// offset, as Kafka answers it, and not stored twice) and then that batch's
/// max timestamp (Kafka answers a retry's append time with it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Appended {
    pub(crate) base_offset: i64,
    pub(crate) duplicate: Option<i64>,
}

/// The batches a fetch returns: `None` when there are none to return.
#[derive(Debug, Default)]
pub(crate) struct Read {
    pub(crate) bytes: Option<Bytes>,
    /// One past the last offset of the batches returned (the fetch offset
    /// when there are none): where the aborted transactions a
    /// read_committed fetch is told of stop.
    pub(crate) end: i64,
}

/// A transaction that ended with an abort marker in this partition: the
/// producer, its first offset here and the marker's offset (Kafka's
/// `AbortedTxn` in the transaction index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AbortedTxn {
    pub(crate) producer_id: i64,
    pub(crate) first_offset: i64,
    pub(crate) last_offset: i64,
}

/// What [`PartitionLog::append_all`] restores when a batch is refused:
/// the log's length, and each producer's entry and open transaction as
/// they were.
#[derive(Debug)]
struct Mark {
    batches: usize,
    next_offset: i64,
    held: usize,
    producers: Vec<(i64, Option<ProducerEntry>, Option<i64>)>,
}

/// One partition's log.
#[derive(Debug, Default)]
pub(crate) struct PartitionLog {
    batches: Vec<StoredBatch>,
    /// The first offset still held (`DeleteRecords` and retention move it).
    log_start: i64,
    /// The offset the next batch gets: the high watermark, as the one
    /// replica is the whole ISR.
    next_offset: i64,
    producers: HashMap<i64, ProducerEntry>,
    /// The first offset of each producer's open transaction here: the last
    /// stable offset is the lowest of them.
    open_transactions: BTreeMap<i64, i64>,
    /// The transactions aborted here, in the order of their markers.
    aborted: Vec<AbortedTxn>,
    /// Bytes held in `batches`.
    held: usize,
}

/// The logs' clock: the wall-clock time when the cluster started, moved on
/// by tokio's clock, so that a test that pauses and advances tokio's time
/// moves log-append times and retention by time with it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LogClock {
    wall_ms: i64,
    start: tokio::time::Instant,
}

impl LogClock {
    /// A clock reading the wall-clock time now.
    pub(crate) fn start() -> Self {
        let wall_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        LogClock {
            wall_ms,
            start: tokio::time::Instant::now(),
        }
    }

    /// When the clock started, in milliseconds since the Unix epoch.
    pub(crate) fn started_ms(&self) -> i64 {
        self.wall_ms
    }

    /// Milliseconds since the Unix epoch.
    pub(crate) fn now_ms(&self) -> i64 {
        let elapsed = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.wall_ms.saturating_add(elapsed)
    }
}

impl PartitionLog {
    /// The first offset held.
    pub(crate) fn log_start(&self) -> i64 {
        self.log_start
    }

    /// The high watermark: one past the last offset written.
    pub(crate) fn high_watermark(&self) -> i64 {
        self.next_offset
    }

    /// The last stable offset: the first offset of the oldest transaction
    /// still open here, or the high watermark when none is.
    pub(crate) fn last_stable_offset(&self) -> i64 {
        self.open_transactions
            .values()
            .copied()
            .min()
            .unwrap_or(self.next_offset)
    }

    /// The aborted transactions a read_committed fetch of `[from, to)` is
    /// told of: those whose records reach `from` or later and start before
    /// `to` (Kafka's `collectAbortedTransactions`).
    pub(crate) fn aborted_between(&self, from: i64, to: i64) -> Vec<AbortedTxn> {
        self.aborted
            .iter()
            .filter(|a| a.last_offset >= from && a.first_offset < to)
            .copied()
            .collect()
    }

    /// Writes the commit or abort marker of `producer_id`'s transaction: a
    /// transactional control batch of one record, at the next offset, as
    /// Kafka's coordinator has the leader write it. The transaction is no
    /// longer open here; an abort is remembered for read_committed fetches
    /// when the transaction wrote records here. Returns the marker's
    /// offset.
    pub(crate) fn append_marker(
        &mut self,
        producer_id: i64,
        producer_epoch: i16,
        kind: ControlRecordType,
        leader_epoch: i32,
        timestamp: i64,
    ) -> Result<i64, RecordsError> {
        let offset = self.next_offset;
        let mut builder = RecordBatchBuilder::new()
            .base_offset(offset)
            .partition_leader_epoch(leader_epoch)
            .producer(producer_id, producer_epoch, -1)
            .transactional(true)
            .control(true);
        let marker = EndTxnMarker {
            coordinator_epoch: 0,
        };
        builder.append_end_txn_marker(timestamp, kind, marker)?;
        let batch = builder.build()?;
        self.held += batch.as_bytes().len();
        self.batches.push(StoredBatch {
            base_offset: offset,
            last_offset: offset,
            max_timestamp: batch.max_timestamp(),
            bytes: batch.into_bytes(),
        });
        self.next_offset += 1;
        // The marker's epoch is the producer's from now on: a fenced
        // producer's later batches are INVALID_PRODUCER_EPOCH.
        let entry = self
            .producers
            .entry(producer_id)
            .or_insert_with(|| ProducerEntry {
                epoch: producer_epoch,
                recent: VecDeque::new(),
            });
        if producer_epoch > entry.epoch {
            entry.epoch = producer_epoch;
            entry.recent.clear();
        }
        if let Some(first_offset) = self.open_transactions.remove(&producer_id) {
            if kind == ControlRecordType::Abort {
                self.aborted.push(AbortedTxn {
                    producer_id,
                    first_offset,
                    last_offset: offset,
                });
            }
        }
        Ok(offset)
    }

    /// Bytes held in batches.
    pub(crate) fn size(&self) -> usize {
        self.held
    }

    /// Appends a partition's checked batches of one Produce whole or not at
    /// all, as Kafka validates every batch of a partition before it appends
    /// any (`UnifiedLog.append`): when a batch is refused, the log is left as
    /// it was before the first. Returns where the first batch landed.
    pub(crate) fn append_all(
        &mut self,
        batches: &[RecordBatch],
        leader_epoch: i32,
        log_append_time: Option<i64>,
    ) -> Result<Appended, Refusal> {
        // One batch (every idempotent or transactional Produce): `append`
        // refuses before it changes anything.
        if let [batch] = batches {
            return self.append(batch, leader_epoch, log_append_time);
        }
        let mark = self.mark(batches);
        let mut first = None;
        for batch in batches {
            match self.append(batch, leader_epoch, log_append_time) {
                Ok(appended) => {
                    first.get_or_insert(appended);
                }
                Err(refusal) => {
                    self.roll_back(mark);
                    return Err(refusal);
                }
            }
        }
        first.ok_or_else(|| (ErrorCode::CorruptMessage, "No batch to append".into()))
    }

    /// What an append of `batches` may change, to undo it.
    fn mark(&self, batches: &[RecordBatch]) -> Mark {
        let mut producers: Vec<(i64, Option<ProducerEntry>, Option<i64>)> = Vec::new();
        for id in batches.iter().map(RecordBatch::producer_id) {
            if id != NO_PRODUCER_ID && !producers.iter().any(|(p, _, _)| *p == id) {
                let entry = self.producers.get(&id).cloned();
                producers.push((id, entry, self.open_transactions.get(&id).copied()));
            }
        }
        Mark {
            batches: self.batches.len(),
            next_offset: self.next_offset,
            held: self.held,
            producers,
        }
    }

    /// The log as it was at `mark`.
    fn roll_back(&mut self, mark: Mark) {
        self.batches.truncate(mark.batches);
        self.next_offset = mark.next_offset;
        self.held = mark.held;
        for (id, entry, open) in mark.producers {
            match entry {
                Some(entry) => self.producers.insert(id, entry),
                None => self.producers.remove(&id),
            };
            match open {
                Some(first) => self.open_transactions.insert(id, first),
                None => self.open_transactions.remove(&id),
            };
        }
    }

    /// Appends one checked batch (see [`check_batch`]) with the producer's
    /// sequence checks, giving it the next offsets and `leader_epoch`, and,
    /// for a topic of log-append time, `log_append_time` as its max
    /// timestamp (its timestamp type set, its CRC computed again, as
    /// Kafka's `LogValidator` stamps it).
    pub(crate) fn append(
        &mut self,
        batch: &RecordBatch,
        leader_epoch: i32,
        log_append_time: Option<i64>,
    ) -> Result<Appended, Refusal> {
        let producer_id = batch.producer_id();
        if producer_id != NO_PRODUCER_ID {
            if let Some(seen) = self.check_sequence(batch)? {
                return Ok(Appended {
                    base_offset: seen.base_offset,
                    duplicate: Some(seen.max_timestamp),
                });
            }
        }
        let base_offset = self.next_offset;
        let count = i64::from(batch.last_offset_delta()) + 1;
        let mut bytes = BytesMut::from(&batch.as_bytes()[..]);
        bytes[0..8].copy_from_slice(&base_offset.to_be_bytes());
        bytes[12..16].copy_from_slice(&leader_epoch.to_be_bytes());
        let mut max_timestamp = batch.max_timestamp();
        if let Some(now) = log_append_time {
            // A checked batch is magic 2 with a whole header.
            stamp_log_append_time(&mut bytes, now).map_err(refusal)?;
            max_timestamp = now;
        }
        self.held += bytes.len();
        self.batches.push(StoredBatch {
            base_offset,
            last_offset: base_offset + count - 1,
            max_timestamp,
            bytes: bytes.freeze(),
        });
        self.next_offset += count;
        if batch.is_transactional() {
            self.open_transactions
                .entry(producer_id)
                .or_insert(base_offset);
        }
        if producer_id != NO_PRODUCER_ID {
            let entry = self
                .producers
                .entry(producer_id)
                .or_insert_with(|| ProducerEntry {
                    epoch: batch.producer_epoch(),
                    recent: VecDeque::new(),
                });
            if entry.epoch != batch.producer_epoch() {
                entry.epoch = batch.producer_epoch();
                entry.recent.clear();
            }
            if entry.recent.len() == RETAINED_BATCHES {
                entry.recent.pop_front();
            }
            entry.recent.push_back(SequencedBatch {
                first_sequence: batch.base_sequence(),
                last_sequence: last_sequence(batch),
                base_offset,
                max_timestamp,
            });
        }
        Ok(Appended {
            base_offset,
            duplicate: None,
        })
    }

    /// Kafka's sequence rules for an idempotent batch: `Ok(Some(batch))`
    /// for a retry of one of the producer's last five batches, `Ok(None)` for
    /// the next batch in sequence.
    fn check_sequence(&self, batch: &RecordBatch) -> Result<Option<SequencedBatch>, Refusal> {
        let (id, epoch, first) = (
            batch.producer_id(),
            batch.producer_epoch(),
            batch.base_sequence(),
        );
        let Some(entry) = self.producers.get(&id) else {
            // No state (a new producer, or its batches are gone): Kafka
            // takes any sequence and starts from it.
            return Ok(None);
        };
        if epoch < entry.epoch {
            return Err((
                ErrorCode::InvalidProducerEpoch,
                format!(
                    "Epoch of producer {id} at offset {} in {} is {epoch}, which is smaller than the last seen epoch {}",
                    self.next_offset, "the partition", entry.epoch
                ),
            ));
        }
        if epoch > entry.epoch {
            if first != 0 {
                return Err((
                    ErrorCode::OutOfOrderSequenceNumber,
                    format!("Invalid sequence number for new epoch of producer {id} at offset {} in partition: {epoch} (request epoch), {first} (seq. number), {} (current producer epoch)", self.next_offset, entry.epoch),
                ));
            }
            return Ok(None);
        }
        let last = last_sequence(batch);
        if let Some(seen) = entry
            .recent
            .iter()
            .find(|b| b.first_sequence == first && b.last_sequence == last)
        {
            return Ok(Some(*seen));
        }
        let current_last = entry.recent.back().map_or(-1, |b| b.last_sequence);
        let in_sequence = first == current_last.wrapping_add(1) && first >= 0
            || (first == 0 && current_last == i32::MAX);
        if !in_sequence {
            return Err((
                ErrorCode::OutOfOrderSequenceNumber,
                format!("Out of order sequence number for producer {id} at offset {} in partition: {first} (incoming seq. number), {current_last} (current end sequence number)", self.next_offset),
            ));
        }
        Ok(None)
    }

    /// The batches from the one holding `offset`, whole, until adding the
    /// next would pass `max_bytes` (the first is returned whatever its size
    /// when `at_least_one`, as KIP-74 says), and none at or past `end`
    /// (the high watermark or the last stable offset). `Err` is
    /// OFFSET_OUT_OF_RANGE.
    pub(crate) fn read(
        &self,
        offset: i64,
        end: i64,
        max_bytes: usize,
        at_least_one: bool,
    ) -> Result<Read, ErrorCode> {
        if offset < self.log_start || offset > self.next_offset {
            return Err(ErrorCode::OffsetOutOfRange);
        }
        let first = self.batches.partition_point(|b| b.last_offset < offset);
        let mut read_end = offset;
        let mut out = BytesMut::new();
        let mut pieces: Vec<&Bytes> = Vec::new();
        let mut size = 0usize;
        for b in &self.batches[first..] {
            if b.base_offset >= end {
                break;
            }
            let fits = size + b.bytes.len() <= max_bytes;
            let first_anyway = pieces.is_empty() && at_least_one;
            if !(fits || first_anyway) {
                break;
            }
            size += b.bytes.len();
            pieces.push(&b.bytes);
            read_end = b.last_offset + 1;
        }
        match pieces.as_slice() {
            [] => Ok(Read {
                bytes: None,
                end: read_end,
            }),
            [one] => Ok(Read {
                bytes: Some((*one).clone()),
                end: read_end,
            }),
            many => {
                out.reserve(size);
                for p in many {
                    out.extend_from_slice(p);
                }
                Ok(Read {
                    bytes: Some(out.freeze()),
                    end: read_end,
                })
            }
        }
    }

    /// The first offset whose record's timestamp is at least `timestamp`,
    /// with that timestamp; `None` when no record is that late.
    pub(crate) fn offset_for_timestamp(&self, timestamp: i64) -> Option<(i64, i64)> {
        let batch = self.batches.iter().find(|b| b.max_timestamp >= timestamp)?;
        // The batch was checked when appended, so its records read.
        let parsed = RecordBatch::parse(batch.bytes.clone(), Default::default()).ok()?;
        parsed
            .records()
            .ok()?
            .filter_map(Result::ok)
            .find(|r| r.timestamp() >= timestamp && r.offset() >= self.log_start)
            .map(|r| (r.offset(), r.timestamp()))
    }

    /// The offset and timestamp of the record with the largest timestamp
    /// (the first of equals), as ListOffsets' MAX_TIMESTAMP (-3) answers.
    pub(crate) fn max_timestamp(&self) -> Option<(i64, i64)> {
        let batch = self.batches.iter().rev().max_by_key(|b| b.max_timestamp)?;
        let parsed = RecordBatch::parse(batch.bytes.clone(), Default::default()).ok()?;
        parsed
            .records()
            .ok()?
            .filter_map(Result::ok)
            .find(|r| r.timestamp() == batch.max_timestamp)
            .map(|r| (r.offset(), r.timestamp()))
    }

    /// Drops whole batches below `offset` and moves the log start there
    /// (DeleteRecords); `offset` must be at most the high watermark.
    pub(crate) fn delete_before(&mut self, offset: i64) {
        let keep = self.batches.partition_point(|b| b.last_offset < offset);
        self.drop_front(keep);
        self.log_start = self.log_start.max(offset);
        let start = self.log_start;
        self.aborted.retain(|a| a.last_offset >= start);
    }

    /// Drops the first `n` batches.
    fn drop_front(&mut self, n: usize) {
        self.held -= self.batches[..n]
            .iter()
            .map(|b| b.bytes.len())
            .sum::<usize>();
        self.batches.drain(..n);
    }

    /// Kafka's retention, with whole batches for segments: by size, the
    /// oldest batches dropped while what is left stays at least
    /// `retention_bytes` (the last batch, the active segment, always kept);
    /// by time, the batches whose max timestamp is more than `retention_ms`
    /// before `now_ms`. The log start moves to the first batch left (the
    /// high watermark when none is). -1 is no limit. Whether any went.
    pub(crate) fn apply_retention(
        &mut self,
        retention_bytes: i64,
        retention_ms: i64,
        now_ms: i64,
    ) -> bool {
        let mut drop = 0;
        if let Ok(limit) = usize::try_from(retention_bytes) {
            let mut left = self.held;
            while drop + 1 < self.batches.len() && left - self.batches[drop].bytes.len() >= limit {
                left -= self.batches[drop].bytes.len();
                drop += 1;
            }
        }
        if retention_ms >= 0 {
            let oldest = now_ms.saturating_sub(retention_ms);
            while drop < self.batches.len() && self.batches[drop].max_timestamp < oldest {
                drop += 1;
            }
        }
        if drop == 0 {
            return false;
        }
        let start = self
            .batches
            .get(drop)
            .map_or(self.next_offset, |b| b.base_offset);
        self.delete_before(start);
        true
    }
}

/// The last sequence of an idempotent batch, wrapping past `i32::MAX` as
/// Kafka's `DefaultRecordBatch.incrementSequence` does.
fn last_sequence(batch: &RecordBatch) -> i32 {
    let first = i64::from(batch.base_sequence());
    let last = first + i64::from(batch.last_offset_delta());
    (last % (i64::from(i32::MAX) + 1)) as i32
}

/// Kafka's checks of a produced batch (`LogValidator`): magic 2, CRC,
/// every record readable (decompressed), offset deltas 0, 1, 2, ... and as
/// many records as the header says; no control batch from a client.
pub(crate) fn check_batch(batch: &RecordBatch) -> Result<(), Refusal> {
    if batch.magic() != 2 {
        return Err((
            ErrorCode::InvalidRecord,
            format!(
                "Produce requests to this broker must hold magic 2 batches, not magic {}",
                batch.magic()
            ),
        ));
    }
    if batch.is_control() {
        return Err((
            ErrorCode::InvalidRecord,
            "Clients are not allowed to write control records".into(),
        ));
    }
    if batch.record_count() < 1 || batch.last_offset_delta() != batch.record_count() - 1 {
        return Err((
            ErrorCode::InvalidRecord,
            format!(
                "Record batch has {} records and last offset delta {}",
                batch.record_count(),
                batch.last_offset_delta()
            ),
        ));
    }
    let records = batch.records().map_err(refusal)?;
    for (expected, record) in records.enumerate() {
        let record = record.map_err(refusal)?;
        if i64::from(record.offset_delta()) != expected as i64 {
            return Err((
                ErrorCode::InvalidRecord,
                format!(
                    "Invalid offset delta {} of record {expected}: expected {expected}",
                    record.offset_delta()
                ),
            ));
        }
    }
    Ok(())
}

/// Kafka's error for a batch that does not read.
pub(crate) fn refusal(e: RecordsError) -> Refusal {
    let code = match e.kind() {
        RecordsErrorKind::CodecDisabled { .. } => ErrorCode::UnsupportedCompressionType,
        RecordsErrorKind::RecordCountMismatch { .. }
        | RecordsErrorKind::InvalidRecordCount { .. }
        | RecordsErrorKind::InvalidControlRecord { .. } => ErrorCode::InvalidRecord,
        _ => ErrorCode::CorruptMessage,
    };
    (code, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_wire::records::{
        ControlRecordType, EndTxnMarker, NewRecord, ReadOptions, RecordBatchBuilder,
    };

    fn batch(values: &[&[u8]], producer: Option<(i64, i16, i32)>, ts: i64) -> RecordBatch {
        let mut b = RecordBatchBuilder::new();
        if let Some((id, epoch, seq)) = producer {
            b = b.producer(id, epoch, seq);
        }
        for (i, v) in values.iter().enumerate() {
            b.append(NewRecord::new(ts + i as i64).value(v)).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn appends_assign_offsets_and_rewrite_only_the_uncovered_header() {
        let mut log = PartitionLog::default();
        let first = batch(&[b"a", b"b"], None, 1000);
        let second = batch(&[b"c"], None, 2000);
        assert_eq!(log.append(&first, 0, None).unwrap().base_offset, 0);
        assert_eq!(log.append(&second, 3, None).unwrap().base_offset, 2);
        assert_eq!(log.high_watermark(), 3);
        let read = log.read(2, 3, 1 << 20, true).unwrap().bytes.unwrap();
        let stored = RecordBatch::parse(read.clone(), Default::default()).unwrap();
        assert_eq!(stored.base_offset(), 2);
        assert_eq!(stored.partition_leader_epoch(), 3);
        // Everything after the leader epoch is the producer's bytes.
        assert_eq!(read[16..], second.as_bytes()[16..]);
        assert_eq!(log.size(), first.as_bytes().len() + second.as_bytes().len());
    }

    #[test]
    fn reads_stop_at_max_bytes_but_return_one_batch_at_least() {
        let mut log = PartitionLog::default();
        let b = batch(&[b"0123456789"], None, 0);
        let len = b.as_bytes().len();
        for _ in 0..3 {
            log.append(&b, 0, None).unwrap();
        }
        let whole = |r: Read| r.bytes.map_or(0, |b| b.len());
        assert_eq!(whole(log.read(0, 3, 2 * len, true).unwrap()), 2 * len);
        assert_eq!(whole(log.read(0, 3, 1, true).unwrap()), len);
        assert_eq!(whole(log.read(0, 3, 1, false).unwrap()), 0);
        // The batch holding the offset is returned from its start.
        assert_eq!(whole(log.read(1, 3, 1 << 20, true).unwrap()), 2 * len);
        // Nothing at or past `end`.
        assert_eq!(whole(log.read(0, 1, 1 << 20, true).unwrap()), len);
        assert_eq!(whole(log.read(3, 3, 1 << 20, true).unwrap()), 0);
        assert_eq!(
            log.read(4, 3, 1, true).unwrap_err(),
            ErrorCode::OffsetOutOfRange
        );
        log.delete_before(2);
        assert_eq!(log.log_start(), 2);
        assert_eq!(
            log.read(1, 3, 1, true).unwrap_err(),
            ErrorCode::OffsetOutOfRange
        );
    }

    #[test]
    fn a_partitions_batches_are_appended_whole_or_not_at_all() {
        let mut log = PartitionLog::default();
        let p = |seq, n: usize| batch(&vec![&b"v"[..]; n], Some((7, 0, seq)), 0);
        log.append(&batch(&[b"x"], None, 0), 0, None).unwrap();
        let before = log.size();
        // The second batch leaves a gap after the first: neither is stored.
        let refused = log.append_all(&[p(0, 2), p(5, 1)], 0, None).unwrap_err();
        assert_eq!(refused.0, ErrorCode::OutOfOrderSequenceNumber);
        assert_eq!((log.high_watermark(), log.size()), (1, before));
        assert_eq!(log.last_stable_offset(), 1);
        // The producer's state went with them: sequence 0 is new, not a retry.
        let appended = log.append_all(&[p(0, 2), p(2, 1)], 0, None).unwrap();
        assert_eq!(
            appended,
            Appended {
                base_offset: 1,
                duplicate: None
            }
        );
        assert_eq!(log.high_watermark(), 4);
        // A refusal after a producer was known restores its last batches.
        let refused = log.append_all(&[p(3, 1), p(9, 1)], 0, None).unwrap_err();
        assert_eq!(refused.0, ErrorCode::OutOfOrderSequenceNumber);
        assert_eq!(log.high_watermark(), 4);
        let next = log.append_all(&[p(3, 1)], 0, None).unwrap();
        assert_eq!((next.base_offset, next.duplicate), (4, None));
    }

    #[test]
    fn sequences_are_checked_as_kafka_checks_them() {
        let mut log = PartitionLog::default();
        let p = |seq, n: usize| batch(&vec![&b"v"[..]; n], Some((7, 0, seq)), 500);
        assert_eq!(log.append(&p(0, 2), 0, None).unwrap().base_offset, 0);
        assert_eq!(log.append(&p(2, 1), 0, None).unwrap().base_offset, 2);
        // A retry of a batch still remembered: its first offset and max
        // timestamp (501: records at 500 and 501), not stored again.
        let retry = log.append(&p(0, 2), 0, None).unwrap();
        assert_eq!(
            retry,
            Appended {
                base_offset: 0,
                duplicate: Some(501)
            }
        );
        assert_eq!(log.high_watermark(), 3);
        // A gap.
        assert_eq!(
            log.append(&p(5, 1), 0, None).unwrap_err().0,
            ErrorCode::OutOfOrderSequenceNumber
        );
        // An older epoch.
        let stale = batch(&[b"v"], Some((8, 1, 0)), 0);
        log.append(&stale, 0, None).unwrap();
        let fenced = batch(&[b"v"], Some((8, 0, 1)), 0);
        assert_eq!(
            log.append(&fenced, 0, None).unwrap_err().0,
            ErrorCode::InvalidProducerEpoch
        );
        // A new epoch starts at sequence 0.
        let bumped = batch(&[b"v"], Some((8, 2, 4)), 0);
        assert_eq!(
            log.append(&bumped, 0, None).unwrap_err().0,
            ErrorCode::OutOfOrderSequenceNumber
        );
        log.append(&batch(&[b"v"], Some((8, 2, 0)), 0), 0, None)
            .unwrap();
    }

    #[test]
    fn open_transactions_hold_the_last_stable_offset_and_aborts_are_listed() {
        let mut log = PartitionLog::default();
        let txn = |id, seq| {
            let mut b = RecordBatchBuilder::new()
                .producer(id, 0, seq)
                .transactional(true);
            b.append(NewRecord::new(0).value(b"v")).unwrap();
            b.build().unwrap()
        };
        log.append(&batch(&[b"plain"], None, 0), 0, None).unwrap();
        log.append(&txn(5, 0), 0, None).unwrap(); // offset 1
        log.append(&txn(6, 0), 0, None).unwrap(); // offset 2
        log.append(&txn(5, 1), 0, None).unwrap(); // offset 3
        assert_eq!((log.high_watermark(), log.last_stable_offset()), (4, 1));
        // 5 aborts: 6's transaction, from offset 2, still holds the LSO.
        let abort = ControlRecordType::Abort;
        assert_eq!(log.append_marker(5, 0, abort, 0, 9).unwrap(), 4);
        assert_eq!(log.last_stable_offset(), 2);
        let aborted = AbortedTxn {
            producer_id: 5,
            first_offset: 1,
            last_offset: 4,
        };
        assert_eq!(log.aborted_between(0, 5), vec![aborted]);
        assert_eq!(log.aborted_between(5, 9), vec![]);
        assert_eq!(log.aborted_between(0, 1), vec![]);
        // 6 commits: nothing is open; a commit is not listed.
        let commit = ControlRecordType::Commit;
        assert_eq!(log.append_marker(6, 0, commit, 0, 9).unwrap(), 5);
        assert_eq!((log.high_watermark(), log.last_stable_offset()), (6, 6));
        assert_eq!(log.aborted_between(0, 6), vec![aborted]);
        // A marker at a bumped epoch fences the producer's older batches.
        log.append_marker(5, 1, abort, 0, 9).unwrap();
        let stale = txn(5, 2);
        assert_eq!(
            log.append(&stale, 0, None).unwrap_err().0,
            ErrorCode::InvalidProducerEpoch
        );
        // Only the first transaction wrote records: the second abort of 5
        // had none here, so it is not listed.
        assert_eq!(log.aborted_between(0, 9).len(), 1);
        log.delete_before(5);
        assert_eq!(log.aborted_between(0, 9), vec![]);
    }

    #[test]
    fn timestamps_find_the_first_record_at_or_after() {
        let mut log = PartitionLog::default();
        log.append(&batch(&[b"a", b"b"], None, 100), 0, None)
            .unwrap();
        log.append(&batch(&[b"c", b"d"], None, 50), 0, None)
            .unwrap();
        assert_eq!(log.offset_for_timestamp(101), Some((1, 101)));
        assert_eq!(log.offset_for_timestamp(0), Some((0, 100)));
        assert_eq!(log.offset_for_timestamp(102), None);
        assert_eq!(log.max_timestamp(), Some((1, 101)));
    }

    #[test]
    fn hostile_batches_get_kafkas_codes() {
        let good = batch(&[b"a"], None, 0);
        let mut bytes = BytesMut::from(&good.as_bytes()[..]);
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let bad = RecordBatch::parse(bytes.freeze(), Default::default());
        assert_eq!(refusal(bad.unwrap_err()).0, ErrorCode::CorruptMessage);
        assert!(check_batch(&good).is_ok());
        // A count the records do not fill.
        let mut bytes = BytesMut::from(&good.as_bytes()[..]);
        bytes[57..61].copy_from_slice(&2i32.to_be_bytes());
        // Read without its CRC checked, so that the count is what is wrong.
        let unchecked = ReadOptions::new().verify_crc(false);
        let short = RecordBatch::parse(bytes.freeze(), unchecked).unwrap();
        assert_eq!(check_batch(&short).unwrap_err().0, ErrorCode::InvalidRecord);
        // A commit marker is the coordinator's to write, never a client's.
        let mut marker = RecordBatchBuilder::new()
            .producer(9, 0, 0)
            .transactional(true)
            .control(true);
        let end = EndTxnMarker {
            coordinator_epoch: 0,
        };
        marker
            .append_end_txn_marker(0, ControlRecordType::Commit, end)
            .unwrap();
        let marker = marker.build().unwrap();
        assert_eq!(
            check_batch(&marker).unwrap_err().0,
            ErrorCode::InvalidRecord
        );
    }
}
