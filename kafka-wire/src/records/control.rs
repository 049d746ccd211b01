//! Control records: the records of a control batch, whose key says what they
//! control (Kafka's `ControlRecordTypeSchema`) and, for a transaction's
//! commit or abort, whose value is an `EndTxnMarker`.
//!
//! Both are tiny fixed-layout structs, so they are written by hand here: a
//! key is an int16 version and an int16 type; an end transaction marker is an
//! int16 version and an int32 coordinator epoch. Version 0 is written; a
//! later version is read as version 0, ignoring any bytes after the fields,
//! as Kafka's Java client does.

use crate::records::{Record, RecordsError, RecordsErrorKind};

/// What a control record is (the `Type` of Kafka's `ControlRecordTypeSchema`).
/// Non-exhaustive: a type Kafka adds later reads as `Unknown` until this
/// crate names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ControlRecordType {
    /// 0: a transaction was aborted; its value is an [`EndTxnMarker`].
    Abort,
    /// 1: a transaction was committed; its value is an [`EndTxnMarker`].
    Commit,
    /// 2: a KRaft leader change (`LeaderChangeMessage`).
    LeaderChange,
    /// 3: the header of a KRaft snapshot.
    SnapshotHeader,
    /// 4: the footer of a KRaft snapshot.
    SnapshotFooter,
    /// 5: a KRaft version record.
    KRaftVersion,
    /// 6: a KRaft voters record.
    KRaftVoters,
    /// A type this crate does not know, with its id.
    Unknown(i16),
}

/// The size of a version 0 control record key.
const KEY_LEN: usize = 4;
/// The size of a version 0 end transaction marker.
const MARKER_LEN: usize = 6;

fn invalid(reason: &'static str) -> RecordsError {
    RecordsErrorKind::InvalidControlRecord { reason }.into()
}

/// Reads the int16 version at the start of `b`, which must hold `len` bytes.
fn version(b: &[u8], len: usize, short: &'static str) -> Result<(), RecordsError> {
    if b.len() < len {
        return Err(invalid(short));
    }
    if i16::from_be_bytes([b[0], b[1]]) < 0 {
        return Err(invalid("negative version"));
    }
    Ok(())
}

impl ControlRecordType {
    /// The type id.
    pub const fn id(self) -> i16 {
        match self {
            ControlRecordType::Abort => 0,
            ControlRecordType::Commit => 1,
            ControlRecordType::LeaderChange => 2,
            ControlRecordType::SnapshotHeader => 3,
            ControlRecordType::SnapshotFooter => 4,
            ControlRecordType::KRaftVersion => 5,
            ControlRecordType::KRaftVoters => 6,
            ControlRecordType::Unknown(id) => id,
        }
    }

    /// The type of an id; ids this crate does not know are kept in `Unknown`.
    pub const fn from_id(id: i16) -> Self {
        match id {
            0 => ControlRecordType::Abort,
            1 => ControlRecordType::Commit,
            2 => ControlRecordType::LeaderChange,
            3 => ControlRecordType::SnapshotHeader,
            4 => ControlRecordType::SnapshotFooter,
            5 => ControlRecordType::KRaftVersion,
            6 => ControlRecordType::KRaftVoters,
            id => ControlRecordType::Unknown(id),
        }
    }

    /// Reads a control record's key: version (at least 0) and type.
    ///
    /// ```
    /// use kafka_wire::records::ControlRecordType;
    ///
    /// assert_eq!(ControlRecordType::decode_key(&[0, 0, 0, 1])?, ControlRecordType::Commit);
    /// assert_eq!(ControlRecordType::Commit.encode_key(), [0, 0, 0, 1]);
    /// # Ok::<(), kafka_wire::records::RecordsError>(())
    /// ```
    pub fn decode_key(key: &[u8]) -> Result<Self, RecordsError> {
        version(key, KEY_LEN, "key shorter than its 4 bytes")?;
        Ok(Self::from_id(i16::from_be_bytes([key[2], key[3]])))
    }

    /// The key of a control record of this type, at version 0.
    pub const fn encode_key(self) -> [u8; KEY_LEN] {
        let [a, b] = self.id().to_be_bytes();
        [0, 0, a, b]
    }

    /// Whether the type ends a transaction (commit or abort).
    pub const fn ends_transaction(self) -> bool {
        matches!(self, ControlRecordType::Abort | ControlRecordType::Commit)
    }
}

/// The value of a commit or abort control record (Kafka's `EndTxnMarker`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndTxnMarker {
    /// The epoch of the transaction coordinator that wrote the marker.
    pub coordinator_epoch: i32,
}

impl EndTxnMarker {
    /// Reads a marker: version (at least 0) and coordinator epoch.
    ///
    /// ```
    /// use kafka_wire::records::EndTxnMarker;
    ///
    /// let marker = EndTxnMarker { coordinator_epoch: 7 };
    /// assert_eq!(marker.encode(), [0, 0, 0, 0, 0, 7]);
    /// assert_eq!(EndTxnMarker::decode(&marker.encode())?, marker);
    /// # Ok::<(), kafka_wire::records::RecordsError>(())
    /// ```
    pub fn decode(value: &[u8]) -> Result<Self, RecordsError> {
        version(
            value,
            MARKER_LEN,
            "end transaction marker shorter than its 6 bytes",
        )?;
        Ok(EndTxnMarker {
            coordinator_epoch: i32::from_be_bytes([value[2], value[3], value[4], value[5]]),
        })
    }

    /// The marker at version 0.
    pub const fn encode(&self) -> [u8; MARKER_LEN] {
        let [a, b, c, d] = self.coordinator_epoch.to_be_bytes();
        [0, 0, a, b, c, d]
    }
}

impl Record {
    /// The type of a control record (a record of a batch whose
    /// [`is_control`](crate::records::RecordBatch::is_control) is true),
    /// read from its key.
    pub fn control_type(&self) -> Result<ControlRecordType, RecordsError> {
        ControlRecordType::decode_key(self.key().ok_or_else(|| invalid("null key"))?)
    }

    /// The end transaction marker of a commit or abort control record,
    /// read from its value.
    pub fn end_txn_marker(&self) -> Result<EndTxnMarker, RecordsError> {
        EndTxnMarker::decode(self.value().ok_or_else(|| invalid("null value"))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_every_type() {
        for id in -1..8 {
            let t = ControlRecordType::from_id(id);
            assert_eq!(t.id(), id);
            assert_eq!(ControlRecordType::decode_key(&t.encode_key()).unwrap(), t);
        }
        assert!(ControlRecordType::Abort.ends_transaction());
        assert!(!ControlRecordType::LeaderChange.ends_transaction());
    }

    #[test]
    fn later_versions_read_as_version_0() {
        assert_eq!(
            ControlRecordType::decode_key(&[0, 3, 0, 0, 9, 9]).unwrap(),
            ControlRecordType::Abort
        );
        assert_eq!(
            EndTxnMarker::decode(&[0, 1, 0, 0, 1, 0, 42]).unwrap(),
            EndTxnMarker {
                coordinator_epoch: 256
            }
        );
    }

    #[test]
    fn short_or_negative_versions_are_errors() {
        for bad in [&[0u8, 0, 0][..], &[0xff, 0xff, 0, 1]] {
            assert!(matches!(
                ControlRecordType::decode_key(bad).unwrap_err().kind(),
                RecordsErrorKind::InvalidControlRecord { .. }
            ));
        }
        assert!(EndTxnMarker::decode(&[0, 0, 0, 0, 1]).is_err());
        assert!(EndTxnMarker::decode(&[0x80, 0, 0, 0, 0, 1]).is_err());
    }
}
