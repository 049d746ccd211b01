//! The files of a partition's log directory beside its segments, as Kafka
//! writes them: offset indexes (`.index`), time indexes (`.timeindex`),
//! transaction indexes (`.txnindex`) and producer-state snapshots
//! (`.snapshot`), read entry by entry from any `Read + Seek`, with what is
//! wrong reported by the byte position it is at.
//!
//! ```
//! use std::io::Cursor;
//!
//! use kafka_wire_dump::index::{IndexFile, OffsetEntry};
//!
//! // Two entries of an offset index of the segment at base offset 100: relative offsets 0 and 7.
//! let bytes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 16, 0];
//! let mut index = IndexFile::offsets(Cursor::new(bytes), 100)?;
//! assert_eq!(index.entries(), 2);
//! assert_eq!(index.offset_entry(1)?, OffsetEntry { offset: 107, position: 4096 });
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fmt;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// What a file of a log directory is, by its name's last suffix, as Kafka's
/// `DumpLogSegments` picks how to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A log segment (`.log`).
    Log,
    /// A KRaft snapshot (`.checkpoint`): record batches, as a segment.
    Checkpoint,
    /// An offset index (`.index`): 8-byte entries, a relative offset and a
    /// byte position in the segment.
    OffsetIndex,
    /// A time index (`.timeindex`): 12-byte entries, a timestamp and a
    /// relative offset.
    TimeIndex,
    /// A transaction index (`.txnindex`): 34-byte aborted transactions.
    TxnIndex,
    /// A producer-state snapshot (`.snapshot`).
    ProducerSnapshot,
    /// Anything else: Kafka's tool ignores it.
    Unknown,
}

impl FileKind {
    /// The kind of the file at `path`, by the suffix after its name's last `.`.
    pub fn of(path: &Path) -> FileKind {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        match name.rfind('.').map(|at| &name[at..]) {
            Some(".log") => FileKind::Log,
            Some(".checkpoint") => FileKind::Checkpoint,
            Some(".index") => FileKind::OffsetIndex,
            Some(".timeindex") => FileKind::TimeIndex,
            Some(".txnindex") => FileKind::TxnIndex,
            Some(".snapshot") => FileKind::ProducerSnapshot,
            _ => FileKind::Unknown,
        }
    }
}

/// The base offset a file's name gives (`00000000000000000042.index`: 42).
pub fn base_offset_of(path: &Path) -> Option<i64> {
    let name = path.file_name()?.to_str()?;
    name.split('.').next()?.parse().ok()
}

/// The bytes of one offset index entry.
pub const OFFSET_ENTRY_SIZE: u64 = 8;
/// The bytes of one time index entry.
pub const TIME_ENTRY_SIZE: u64 = 12;
/// The bytes of one transaction index entry.
pub const ABORTED_TXN_SIZE: u64 = 34;

/// An offset index entry: the offset of a batch's last record, and the
/// batch's byte position in the segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffsetEntry {
    /// The absolute offset (the segment's base offset + the stored relative one).
    pub offset: i64,
    /// The byte position of the batch in the segment.
    pub position: i32,
}

/// A time index entry: a timestamp, and the offset of the batch's last
/// record where it was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeEntry {
    /// The largest timestamp up to the batch.
    pub timestamp: i64,
    /// The absolute offset.
    pub offset: i64,
}

/// An index file (offset or time) of fixed-size entries, read one entry at
/// a time: its entries are as many whole ones as its size holds, as Kafka
/// counts them (a partial entry at the end is not one).
#[derive(Debug)]
pub struct IndexFile<R> {
    input: R,
    len: u64,
    entry_size: u64,
    base_offset: i64,
    /// Where the input is: entries read in order are not sought, so that a
    /// buffered input reads ahead.
    at: Option<u64>,
}

impl<R: Read + Seek> IndexFile<R> {
    fn new(mut input: R, entry_size: u64, base_offset: i64) -> io::Result<Self> {
        let len = input.seek(SeekFrom::End(0))?;
        Ok(IndexFile {
            input,
            len,
            entry_size,
            base_offset,
            at: None,
        })
    }

    /// An offset index of the segment at `base_offset`.
    pub fn offsets(input: R, base_offset: i64) -> io::Result<Self> {
        Self::new(input, OFFSET_ENTRY_SIZE, base_offset)
    }

    /// A time index of the segment at `base_offset`.
    pub fn times(input: R, base_offset: i64) -> io::Result<Self> {
        Self::new(input, TIME_ENTRY_SIZE, base_offset)
    }

    /// The file's size in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The segment's base offset.
    pub fn base_offset(&self) -> i64 {
        self.base_offset
    }

    /// The bytes of one entry.
    pub fn entry_size(&self) -> u64 {
        self.entry_size
    }

    /// How many whole entries the file holds.
    pub fn entries(&self) -> u64 {
        self.len / self.entry_size
    }

    /// The bytes after the last whole entry.
    pub fn trailing_bytes(&self) -> u64 {
        self.len % self.entry_size
    }

    fn raw(&mut self, i: u64, buf: &mut [u8]) -> io::Result<()> {
        if i >= self.entries() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("entry {i} of {}", self.entries()),
            ));
        }
        let start = i * self.entry_size;
        if self.at.take() != Some(start) {
            self.input.seek(SeekFrom::Start(start))?;
        }
        self.input.read_exact(buf)?;
        self.at = Some(start + self.entry_size);
        Ok(())
    }

    /// The offset index entry `i`.
    pub fn offset_entry(&mut self, i: u64) -> io::Result<OffsetEntry> {
        let mut b = [0u8; 8];
        self.raw(i, &mut b)?;
        let relative = i32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        Ok(OffsetEntry {
            offset: self.base_offset.wrapping_add(i64::from(relative)),
            position: i32::from_be_bytes([b[4], b[5], b[6], b[7]]),
        })
    }

    /// The time index entry `i`.
    pub fn time_entry(&mut self, i: u64) -> io::Result<TimeEntry> {
        let mut b = [0u8; 12];
        self.raw(i, &mut b)?;
        let mut timestamp = [0u8; 8];
        timestamp.copy_from_slice(&b[..8]);
        let relative = i32::from_be_bytes([b[8], b[9], b[10], b[11]]);
        Ok(TimeEntry {
            timestamp: i64::from_be_bytes(timestamp),
            offset: self.base_offset.wrapping_add(i64::from(relative)),
        })
    }

    /// Kafka's `OffsetIndex.lookup`: the entry of the largest offset at most
    /// `target`, found as Kafka searches (the last 1024 entries first, then
    /// the rest, by bisection), or the base offset at position 0 when there
    /// is none.
    pub fn lookup(&mut self, target: i64) -> io::Result<OffsetEntry> {
        let none = OffsetEntry {
            offset: self.base_offset,
            position: 0,
        };
        let entries = self.entries();
        if entries == 0 {
            return Ok(none);
        }
        // Kafka's warm section: the last 8 KiB of entries.
        let warm = 8192 / self.entry_size;
        let first_hot = entries.saturating_sub(1).saturating_sub(warm);
        let (lo, hi) = if self.offset_entry(first_hot)?.offset < target {
            (first_hot, entries - 1)
        } else if self.offset_entry(0)?.offset > target {
            return Ok(none);
        } else {
            (0, first_hot)
        };
        let (mut lo, mut hi) = (lo, hi);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let found = self.offset_entry(mid)?.offset;
            if found > target {
                hi = mid - 1;
            } else if found < target {
                lo = mid;
            } else {
                return self.offset_entry(mid);
            }
        }
        self.offset_entry(lo)
    }
}

/// An aborted transaction of a transaction index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbortedTxn {
    /// The entry's version (Kafka writes 0).
    pub version: i16,
    /// The producer.
    pub producer_id: i64,
    /// The transaction's first offset.
    pub first_offset: i64,
    /// The offset of its abort marker.
    pub last_offset: i64,
    /// The last stable offset when it was aborted.
    pub last_stable_offset: i64,
}

impl AbortedTxn {
    /// The newest entry version Kafka reads.
    pub const CURRENT_VERSION: i16 = 0;

    /// Reads one entry of [`ABORTED_TXN_SIZE`] bytes.
    pub fn read(b: &[u8; ABORTED_TXN_SIZE as usize]) -> Self {
        let long = |at: usize| {
            let mut x = [0u8; 8];
            x.copy_from_slice(&b[at..at + 8]);
            i64::from_be_bytes(x)
        };
        AbortedTxn {
            version: i16::from_be_bytes([b[0], b[1]]),
            producer_id: long(2),
            first_offset: long(10),
            last_offset: long(18),
            last_stable_offset: long(26),
        }
    }
}

/// One producer's state in a producer-state snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProducerEntry {
    /// The producer id.
    pub producer_id: i64,
    /// Its epoch.
    pub producer_epoch: i16,
    /// The last sequence number written.
    pub last_sequence: i32,
    /// The offset of its last batch's last record, -1 for none.
    pub last_offset: i64,
    /// That batch's last offset delta.
    pub offset_delta: i32,
    /// That batch's max timestamp.
    pub timestamp: i64,
    /// The epoch of the transaction coordinator of its last marker.
    pub coordinator_epoch: i32,
    /// The first offset of its open transaction, -1 for none.
    pub current_txn_first_offset: i64,
}

impl ProducerEntry {
    /// The bytes of one entry.
    pub const SIZE: usize = 46;

    /// The first sequence of the last batch: Java's
    /// `DefaultRecordBatch.decrementSequence(lastSeq, offsetDelta)`.
    pub fn first_sequence(&self) -> i32 {
        let (sequence, decrement) = (self.last_sequence, self.offset_delta);
        if sequence < decrement {
            i32::MAX
                .wrapping_sub(decrement.wrapping_sub(sequence))
                .wrapping_add(1)
        } else {
            sequence.wrapping_sub(decrement)
        }
    }
}

/// Why a producer-state snapshot does not read; its `Display` is the
/// message of Kafka's `CorruptSnapshotException` where Kafka has one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The file ends before a field: its name and byte position.
    Truncated {
        /// The field.
        field: &'static str,
        /// Where it starts.
        position: u64,
    },
    /// A negative producer count.
    Count {
        /// The count.
        count: i32,
    },
    /// A version other than 1.
    Version {
        /// The version.
        version: i16,
    },
    /// The CRC-32C does not match the bytes after it.
    Crc {
        /// The stored CRC.
        stored: u32,
        /// The CRC of the bytes.
        computed: u32,
    },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Truncated { field, position } => write!(
                f,
                "Snapshot failed schema validation: the file ends inside {field} at byte {position}"
            ),
            SnapshotError::Count { count } => write!(
                f,
                "Snapshot failed schema validation: producer_entries has negative length {count}"
            ),
            SnapshotError::Version { version } => {
                write!(f, "Snapshot contained an unknown file version {version}")
            }
            SnapshotError::Crc { stored, computed } => write!(
                f,
                "Snapshot is corrupt (CRC is no longer valid). Stored crc: {stored}. Computed crc: {computed}"
            ),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// A producer-state snapshot: its version, CRC-32C and producers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProducerSnapshot {
    /// The format's version (Kafka writes 1).
    pub version: i16,
    /// The stored CRC-32C of the bytes after it.
    pub crc: u32,
    /// The producers.
    pub entries: Vec<ProducerEntry>,
}

impl ProducerSnapshot {
    /// The version Kafka writes and reads.
    pub const VERSION: i16 = 1;

    /// Reads a snapshot's bytes as Kafka's `ProducerStateManager.readSnapshot`
    /// does: the schema first, then the version, then the CRC-32C of the
    /// bytes after it (so bytes after the entries fail the CRC). The entries
    /// are allocated as the bytes hold them, never by the count alone.
    pub fn read(bytes: &[u8]) -> Result<Self, SnapshotError> {
        let truncated = |field, position: usize| SnapshotError::Truncated {
            field,
            position: position as u64,
        };
        let get = |at: usize, n: usize, field| bytes.get(at..at + n).ok_or(truncated(field, at));
        let version = i16::from_be_bytes(get(0, 2, "version")?.try_into().unwrap_or_default());
        let crc = u32::from_be_bytes(get(2, 4, "crc")?.try_into().unwrap_or_default());
        let count = i32::from_be_bytes(
            get(6, 4, "producer_entries")?
                .try_into()
                .unwrap_or_default(),
        );
        if count < 0 {
            return Err(SnapshotError::Count { count });
        }
        let count = count as usize;
        let body = &bytes[10..];
        if body.len() / ProducerEntry::SIZE < count {
            let position = 10 + body.len() / ProducerEntry::SIZE * ProducerEntry::SIZE;
            return Err(truncated("a producer entry", position));
        }
        let mut entries = Vec::with_capacity(count);
        for e in body.chunks_exact(ProducerEntry::SIZE).take(count) {
            let long = |at: usize| {
                let mut x = [0u8; 8];
                x.copy_from_slice(&e[at..at + 8]);
                i64::from_be_bytes(x)
            };
            let int = |at: usize| i32::from_be_bytes([e[at], e[at + 1], e[at + 2], e[at + 3]]);
            entries.push(ProducerEntry {
                producer_id: long(0),
                producer_epoch: i16::from_be_bytes([e[8], e[9]]),
                last_sequence: int(10),
                last_offset: long(14),
                offset_delta: int(22),
                timestamp: long(26),
                coordinator_epoch: int(34),
                current_txn_first_offset: long(38),
            });
        }
        if version != Self::VERSION {
            return Err(SnapshotError::Version { version });
        }
        let computed = crc32c::crc32c(&bytes[6..]);
        if computed != crc {
            return Err(SnapshotError::Crc {
                stored: crc,
                computed,
            });
        }
        Ok(ProducerSnapshot {
            version,
            crc,
            entries,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_suffix() {
        for (name, kind) in [
            ("00000000000000000000.log", FileKind::Log),
            (
                "00000000000000000010-0000000001.checkpoint",
                FileKind::Checkpoint,
            ),
            ("00000000000000000000.index", FileKind::OffsetIndex),
            ("00000000000000000000.timeindex", FileKind::TimeIndex),
            ("00000000000000000000.txnindex", FileKind::TxnIndex),
            ("00000000000000000010.snapshot", FileKind::ProducerSnapshot),
            ("leader-epoch-checkpoint", FileKind::Unknown),
            ("00000000000000000000.log.deleted", FileKind::Unknown),
        ] {
            assert_eq!(FileKind::of(Path::new(name)), kind, "{name}");
        }
    }

    #[test]
    fn first_sequence_wraps_as_java_s() {
        let entry = |last_sequence, offset_delta| ProducerEntry {
            producer_id: 0,
            producer_epoch: 0,
            last_sequence,
            last_offset: 0,
            offset_delta,
            timestamp: 0,
            coordinator_epoch: 0,
            current_txn_first_offset: -1,
        };
        assert_eq!(entry(9, 4).first_sequence(), 5);
        assert_eq!(entry(1, 3).first_sequence(), i32::MAX - 1);
    }

    #[test]
    fn a_snapshot_whose_count_lies_is_truncated_not_allocated() {
        let mut bytes = vec![0, 1, 0, 0, 0, 0];
        bytes.extend_from_slice(&i32::MAX.to_be_bytes());
        assert!(matches!(
            ProducerSnapshot::read(&bytes),
            Err(SnapshotError::Truncated { position: 10, .. })
        ));
    }
}
