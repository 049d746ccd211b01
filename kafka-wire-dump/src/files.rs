//! The dump of a log directory's files beside its segments: offset and time
//! indexes (checked against their segment as Kafka's tool checks them),
//! transaction indexes and producer-state snapshots, in Kafka's lines or as
//! one JSON object per entry.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use bytes::Bytes;
use kafka_wire::records::{EntryFrame, ReadOptions, RecordBatch, BATCH_HEADER_LEN, LOG_OVERHEAD};

use crate::index::{base_offset_of, AbortedTxn, IndexFile, ProducerSnapshot, ABORTED_TXN_SIZE};
use crate::{Error, ErrorKind, Format, Gaps, Options, Problem, ProblemKind, Summary};

/// Who hears of problems, and the summary they are counted in.
pub(crate) struct Report<'a> {
    pub(crate) on_problem: &'a mut dyn FnMut(Problem),
    pub(crate) summary: Summary,
}

impl Report<'_> {
    fn problem(&mut self, position: u64, kind: ProblemKind) {
        self.summary.problems += 1;
        (self.on_problem)(Problem { position, kind });
    }
}

/// Adds a pair to a bounded list.
fn push(pairs: &mut Gaps, pair: (i64, i64)) {
    if pairs.pairs.len() < Gaps::MAX_PAIRS {
        pairs.pairs.push(pair);
    } else {
        pairs.more += 1;
    }
}

/// The file beside `path` of the same base name with `suffix`
/// (`00000000000000000000.log` beside its `.index`).
fn companion(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = name.split('.').next().unwrap_or_default();
    path.with_file_name(format!("{base}{suffix}"))
}

fn open(path: &Path, name: &str) -> Result<BufReader<File>, Error> {
    File::open(path)
        .map(|f| BufReader::with_capacity(1 << 16, f))
        .map_err(|e| Error::new(name, None, ErrorKind::Read, e))
}

/// Opens a file the check needs beside the one dumped; a problem when it
/// cannot be.
fn open_companion(path: &Path, report: &mut Report<'_>) -> Option<(BufReader<File>, u64)> {
    let opened = File::open(path).and_then(|f| {
        let len = f.metadata()?.len();
        Ok((BufReader::with_capacity(1 << 12, f), len))
    });
    match opened {
        Ok(opened) => Some(opened),
        Err(e) => {
            report.problem(
                0,
                ProblemKind::MissingCompanion {
                    path: path.display().to_string(),
                    error: e.to_string(),
                },
            );
            None
        }
    }
}

/// `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    crate::print::json_string(&mut out, s);
    out
}

/// The last offset of the batch at `position` in `log` (of `log_len`
/// bytes), as Kafka's `FileLogInputStream` reads it: its header only.
fn batch_last_offset(
    log: &mut (impl Read + Seek),
    log_len: u64,
    position: u64,
) -> io::Result<Result<(i64, u64), &'static str>> {
    if position.saturating_add(LOG_OVERHEAD as u64) > log_len {
        return Ok(Err("past the log's end"));
    }
    log.seek(SeekFrom::Start(position))?;
    let available = (log_len - position).min(BATCH_HEADER_LEN as u64) as usize;
    let mut header = [0u8; BATCH_HEADER_LEN];
    log.read_exact(&mut header[..available])?;
    let Some(frame) = EntryFrame::read(&header) else {
        return Ok(Err("past the log's end"));
    };
    let Ok(size) = frame.size() else {
        return Ok(Err("at a batch whose length is invalid"));
    };
    if size > log_len - position {
        return Ok(Err("at a batch the log does not hold whole"));
    }
    let magic = header[16] as i8;
    let last = if magic >= 2 {
        if available < BATCH_HEADER_LEN {
            return Ok(Err("at a batch shorter than a batch header"));
        }
        let delta = i32::from_be_bytes([header[23], header[24], header[25], header[26]]);
        frame.offset.wrapping_add(i64::from(delta))
    } else {
        frame.offset
    };
    Ok(Ok((last, size)))
}

/// Dumps an offset index: each entry, each checked against the batch it
/// points at in its segment (Kafka's `dumpIndex`).
pub(crate) fn offset_index(
    options: &Options,
    name: &str,
    path: &Path,
    out: &mut impl Write,
    report: &mut Report<'_>,
) -> Result<(), Error> {
    let write_err = |e| Error::new(name, None, ErrorKind::Write, e);
    let read_err = |at: u64| move |e| Error::new(name, Some(at), ErrorKind::Read, e);
    let base = base_offset_of(path).unwrap_or(0);
    let mut index = IndexFile::offsets(open(path, name)?, base).map_err(read_err(0))?;
    let text = options.format == Format::Text;
    if index.entries() == 0 {
        if text {
            writeln!(out, "{name} is empty.").map_err(write_err)?;
        }
        partial_entry(&index, report);
        return Ok(());
    }
    if options.index_sanity_check {
        match offset_sanity(&mut index, path).map_err(read_err(0))? {
            None => {
                if text {
                    writeln!(out, "{name} passed sanity check.").map_err(write_err)?;
                }
            }
            Some((at, reason)) => report.problem(at, ProblemKind::SanityCheck { reason }),
        }
        return Ok(());
    }
    let mut log = open_companion(&companion(path, ".log"), report);
    for i in 0..index.entries() {
        let at = i * index.entry_size();
        let entry = index.offset_entry(i).map_err(read_err(at))?;
        // A sparse file's zeros after a crash: Kafka stops at the first.
        if entry.offset == base && i > 0 {
            break;
        }
        if let Some((log, log_len)) = log.as_mut() {
            let position = u64::try_from(entry.position).unwrap_or(u64::MAX);
            match batch_last_offset(log, *log_len, position).map_err(read_err(at))? {
                Ok((last, _)) if last != entry.offset => {
                    push(
                        &mut report.summary.index.offset_mismatches,
                        (entry.offset, last),
                    );
                }
                Ok(_) => {}
                Err(why) => report.problem(
                    at,
                    ProblemKind::IndexEntry {
                        offset: entry.offset,
                        position: i64::from(entry.position),
                        why,
                    },
                ),
            }
        }
        report.summary.records += 1;
        if options.verify_index_only {
            continue;
        }
        let line = if text {
            format!("offset: {} position: {}\n", entry.offset, entry.position)
        } else {
            format!(
                "{{\"file\":{},\"index\":{i},\"offset\":{},\"position\":{}}}\n",
                json_string(name),
                entry.offset,
                entry.position
            )
        };
        out.write_all(line.as_bytes()).map_err(write_err)?;
    }
    partial_entry(&index, report);
    Ok(())
}

/// The bytes after an index's last whole entry: a problem (Kafka's tool
/// ignores them; its sanity check fails on them).
fn partial_entry<R: Read + Seek>(index: &IndexFile<R>, report: &mut Report<'_>) {
    if index.trailing_bytes() > 0 {
        report.problem(
            index.entries() * index.entry_size(),
            ProblemKind::PartialEntry {
                entry_size: index.entry_size(),
                trailing: index.trailing_bytes(),
            },
        );
    }
}

/// Kafka's `OffsetIndex.sanityCheck`: the failure's byte position and
/// Kafka's words, or `None` when it passes.
fn offset_sanity<R: Read + Seek>(
    index: &mut IndexFile<R>,
    path: &Path,
) -> io::Result<Option<(u64, String)>> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let absolute = absolute.display();
    let entries = index.entries();
    if entries != 0 {
        let last = index.offset_entry(entries - 1)?.offset;
        if last < index.base_offset() {
            return Ok(Some((
                (entries - 1) * index.entry_size(),
                format!(
                    "Corrupt index found, index file ({absolute}) has non-zero size but the last \
                     offset is {last} which is less than the base offset {}.",
                    index.base_offset()
                ),
            )));
        }
    }
    Ok(index_length_check(index, "Index", &absolute.to_string()))
}

fn index_length_check<R: Read + Seek>(
    index: &IndexFile<R>,
    what: &str,
    absolute: &str,
) -> Option<(u64, String)> {
    (index.trailing_bytes() != 0).then(|| {
        (
            index.entries() * index.entry_size(),
            format!(
                "{what} file {absolute} is corrupt, found {} bytes which is neither positive nor \
                 a multiple of {}.",
                index.len(),
                index.entry_size()
            ),
        )
    })
}

/// Kafka's `TimeIndex.sanityCheck`.
fn time_sanity<R: Read + Seek>(
    index: &mut IndexFile<R>,
    path: &Path,
) -> io::Result<Option<(u64, String)>> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let absolute = absolute.display().to_string();
    let entries = index.entries();
    if entries != 0 {
        let at = (entries - 1) * index.entry_size();
        let last = index.time_entry(entries - 1)?;
        let first = index.time_entry(0)?.timestamp;
        if last.timestamp < first {
            return Ok(Some((
                at,
                format!(
                    "Corrupt time index found, time index file ({absolute}) has non-zero size but \
                     the last timestamp is {} which is less than the first timestamp {first}",
                    last.timestamp
                ),
            )));
        }
        if last.offset < index.base_offset() {
            return Ok(Some((
                at,
                format!(
                    "Corrupt time index found, time index file ({absolute}) has non-zero size but \
                     the last offset is {} which is less than the first offset {}",
                    last.offset,
                    index.base_offset()
                ),
            )));
        }
    }
    Ok(index_length_check(index, "Time index", &absolute))
}

/// The first batch from `position` on whose last offset is at least
/// `target`: its last offset and bytes (when it is the target's and not
/// larger than `max`), reading only headers on the way.
fn find_batch(
    log: &mut (impl Read + Seek),
    log_len: u64,
    mut position: u64,
    target: i64,
    max: usize,
) -> io::Result<Option<(i64, Option<Bytes>)>> {
    loop {
        let Ok((last, size)) = batch_last_offset(log, log_len, position)? else {
            return Ok(None);
        };
        if last >= target {
            if last != target || size > max as u64 {
                return Ok(Some((last, None)));
            }
            log.seek(SeekFrom::Start(position))?;
            // At most `max`, and the log holds it whole (checked above).
            let mut bytes = vec![0u8; size as usize];
            log.read_exact(&mut bytes)?;
            return Ok(Some((last, Some(Bytes::from(bytes)))));
        }
        position += size;
    }
}

/// Dumps a time index: each entry, each checked against its segment's
/// batches as Kafka's `dumpTimeIndex` checks them.
pub(crate) fn time_index(
    options: &Options,
    name: &str,
    path: &Path,
    out: &mut impl Write,
    report: &mut Report<'_>,
) -> Result<(), Error> {
    let write_err = |e| Error::new(name, None, ErrorKind::Write, e);
    let read_err = |at: u64| move |e| Error::new(name, Some(at), ErrorKind::Read, e);
    let base = base_offset_of(path).unwrap_or(0);
    let mut index = IndexFile::times(open(path, name)?, base).map_err(read_err(0))?;
    let text = options.format == Format::Text;
    if options.index_sanity_check {
        match time_sanity(&mut index, path).map_err(read_err(0))? {
            None => {
                if text {
                    writeln!(out, "{name} passed sanity check.").map_err(write_err)?;
                }
            }
            Some((at, reason)) => report.problem(at, ProblemKind::SanityCheck { reason }),
        }
        return Ok(());
    }
    let mut log = open_companion(&companion(path, ".log"), report);
    let mut offsets = match open_companion(&companion(path, ".index"), report) {
        Some((file, _)) => Some(IndexFile::offsets(file, base).map_err(read_err(0))?),
        None => None,
    };
    let mut previous = -1i64;
    for i in 0..index.entries() {
        let at = i * index.entry_size();
        let entry = index.time_entry(i).map_err(read_err(at))?;
        if entry.offset == base && i > 0 {
            break;
        }
        if let (Some((log, log_len)), Some(offsets)) = (log.as_mut(), offsets.as_mut()) {
            let from = offsets.lookup(entry.offset).map_err(read_err(at))?;
            let from = u64::try_from(from.position).unwrap_or(u64::MAX);
            let found = find_batch(log, *log_len, from, entry.offset, options.max_batch_bytes)
                .map_err(read_err(at))?;
            let findings = &mut report.summary.index;
            match found {
                None => push(&mut findings.offsets_not_found, (entry.offset, -1)),
                Some((last, _)) if last != entry.offset => {
                    push(&mut findings.offsets_not_found, (entry.offset, last))
                }
                Some((_, bytes)) => {
                    let max = bytes.and_then(|b| max_timestamp(b, options.max_batch_bytes));
                    match max {
                        Some(max) if max != entry.timestamp => {
                            push(&mut findings.timestamp_mismatches, (entry.timestamp, max))
                        }
                        Some(_) => {}
                        None => report.problem(
                            at,
                            ProblemKind::IndexEntry {
                                offset: entry.offset,
                                position: i64::try_from(from).unwrap_or(i64::MAX),
                                why: "at a batch whose records do not read",
                            },
                        ),
                    }
                    if previous >= entry.timestamp {
                        push(
                            &mut report.summary.index.out_of_order_timestamps,
                            (entry.timestamp, previous),
                        );
                    }
                }
            }
        }
        previous = entry.timestamp;
        report.summary.records += 1;
        if options.verify_index_only {
            continue;
        }
        let line = if text {
            format!("timestamp: {} offset: {}\n", entry.timestamp, entry.offset)
        } else {
            format!(
                "{{\"file\":{},\"index\":{i},\"timestamp\":{},\"offset\":{}}}\n",
                json_string(name),
                entry.timestamp,
                entry.offset
            )
        };
        out.write_all(line.as_bytes()).map_err(write_err)?;
    }
    partial_entry(&index, report);
    Ok(())
}

/// The largest record timestamp of a batch, from -1, as Kafka computes it
/// for a time index entry; `None` when its records do not read.
fn max_timestamp(bytes: Bytes, max: usize) -> Option<i64> {
    let mut bytes = bytes.to_vec();
    // A batch of magic 3 or more reads as magic 2, as Kafka reads it.
    if bytes.get(16).is_some_and(|&m| (m as i8) > 2) {
        bytes[16] = 2;
    }
    let options = ReadOptions::new()
        .verify_crc(false)
        .max_uncompressed_size(max);
    let batch = RecordBatch::parse(Bytes::from(bytes), options).ok()?;
    let mut latest = -1i64;
    for record in batch.records().ok()? {
        latest = latest.max(record.ok()?.timestamp());
    }
    Some(latest)
}

/// Dumps a transaction index: each aborted transaction (Kafka's `dumpTxnIndex`).
pub(crate) fn txn_index(
    options: &Options,
    name: &str,
    path: &Path,
    out: &mut impl Write,
    report: &mut Report<'_>,
) -> Result<(), Error> {
    let write_err = |e| Error::new(name, None, ErrorKind::Write, e);
    let mut input = open(path, name)?;
    let len = input
        .seek(SeekFrom::End(0))
        .and_then(|len| input.seek(SeekFrom::Start(0)).map(|_| len))
        .map_err(|e| Error::new(name, Some(0), ErrorKind::Read, e))?;
    let entries = len / ABORTED_TXN_SIZE;
    for i in 0..entries {
        let at = i * ABORTED_TXN_SIZE;
        let mut b = [0u8; ABORTED_TXN_SIZE as usize];
        input
            .read_exact(&mut b)
            .map_err(|e| Error::new(name, Some(at), ErrorKind::Read, e))?;
        let txn = AbortedTxn::read(&b);
        if txn.version > AbortedTxn::CURRENT_VERSION {
            // Kafka's tool stops here; the entries after it are still read.
            report.problem(
                at,
                ProblemKind::TxnIndexVersion {
                    version: txn.version,
                },
            );
        }
        report.summary.records += 1;
        let line = if options.format == Format::Text {
            format!(
                "version: {} producerId: {} firstOffset: {} lastOffset: {} lastStableOffset: {}\n",
                txn.version,
                txn.producer_id,
                txn.first_offset,
                txn.last_offset,
                txn.last_stable_offset
            )
        } else {
            format!(
                "{{\"file\":{},\"position\":{at},\"version\":{},\"producerId\":{},\"firstOffset\":{},\
                 \"lastOffset\":{},\"lastStableOffset\":{}}}\n",
                json_string(name),
                txn.version,
                txn.producer_id,
                txn.first_offset,
                txn.last_offset,
                txn.last_stable_offset
            )
        };
        out.write_all(line.as_bytes()).map_err(write_err)?;
    }
    if len % ABORTED_TXN_SIZE != 0 {
        report.problem(
            entries * ABORTED_TXN_SIZE,
            ProblemKind::PartialEntry {
                entry_size: ABORTED_TXN_SIZE,
                trailing: len % ABORTED_TXN_SIZE,
            },
        );
    }
    Ok(())
}

/// Dumps a producer-state snapshot: each producer (Kafka's
/// `dumpProducerIdSnapshot`).
pub(crate) fn producer_snapshot(
    options: &Options,
    name: &str,
    path: &Path,
    out: &mut impl Write,
    report: &mut Report<'_>,
) -> Result<(), Error> {
    let write_err = |e| Error::new(name, None, ErrorKind::Write, e);
    let mut input = open(path, name)?;
    let mut bytes = Vec::new();
    // Read whole, within the batch limit: a snapshot is 46 bytes a producer.
    let limit = options.max_batch_bytes as u64;
    (&mut input)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::new(name, Some(0), ErrorKind::Read, e))?;
    if bytes.len() as u64 > limit {
        report.problem(
            0,
            ProblemKind::BatchTooLarge {
                size: bytes.len() as u64,
                max: options.max_batch_bytes,
            },
        );
        return Ok(());
    }
    let snapshot = match ProducerSnapshot::read(&bytes) {
        Ok(snapshot) => snapshot,
        Err(e) => {
            let at = match e {
                crate::index::SnapshotError::Truncated { position, .. } => position,
                crate::index::SnapshotError::Crc { .. } => 2,
                _ => 0,
            };
            report.problem(at, ProblemKind::Snapshot(e));
            return Ok(());
        }
    };
    for entry in &snapshot.entries {
        report.summary.records += 1;
        let txn = if entry.current_txn_first_offset >= 0 {
            format!("OptionalLong[{}]", entry.current_txn_first_offset)
        } else {
            "OptionalLong.empty".into()
        };
        let line = if options.format == Format::Text {
            let mut line = format!(
                "producerId: {} producerEpoch: {} coordinatorEpoch: {} currentTxnFirstOffset: {txn} \
                 lastTimestamp: {}",
                entry.producer_id, entry.producer_epoch, entry.coordinator_epoch, entry.timestamp
            );
            if entry.last_offset >= 0 {
                line += &format!(
                    " firstSequence: {} lastSequence: {} lastOffset: {} offsetDelta: {} timestamp: {}",
                    entry.first_sequence(),
                    entry.last_sequence,
                    entry.last_offset,
                    entry.offset_delta,
                    entry.timestamp
                );
            }
            line + "\n"
        } else {
            format!(
                "{{\"file\":{},\"producerId\":{},\"producerEpoch\":{},\"coordinatorEpoch\":{},\
                 \"currentTxnFirstOffset\":{},\"lastTimestamp\":{},\"firstSequence\":{},\
                 \"lastSequence\":{},\"lastOffset\":{},\"offsetDelta\":{}}}\n",
                json_string(name),
                entry.producer_id,
                entry.producer_epoch,
                entry.coordinator_epoch,
                if entry.current_txn_first_offset >= 0 {
                    entry.current_txn_first_offset.to_string()
                } else {
                    "null".into()
                },
                entry.timestamp,
                entry.first_sequence(),
                entry.last_sequence,
                entry.last_offset,
                entry.offset_delta
            )
        };
        out.write_all(line.as_bytes()).map_err(write_err)?;
    }
    Ok(())
}
