//! The classic consumer protocol's bytes: what a group of protocol type
//! `consumer` carries, opaque to the group protocol, in JoinGroup's
//! protocol metadata, SyncGroup's assignments, DescribeGroups' members and
//! the group coordinator's records. Each is an int16 version, then a
//! [`ConsumerProtocolSubscription`] or [`ConsumerProtocolAssignment`] at
//! that version.
//!
//! As Kafka's clients read them (Java's `ConsumerProtocol`): a negative
//! version is an error, and a version newer than the schema's is read at the
//! newest it has, whose fields a newer version only appends to; the bytes
//! after the struct are what the newer version added. [`ConsumerProtocol`]
//! keeps them, so that what is written back is what came, but for the
//! changes made.
//!
//! ```
//! use bytes::Bytes;
//! use kafka_messages::consumer_protocol::ConsumerProtocol;
//! use kafka_messages::ConsumerProtocolSubscription;
//!
//! let subscription = ConsumerProtocolSubscription {
//!     topics: vec!["orders".into()],
//!     ..Default::default()
//! };
//! let bytes = ConsumerProtocol::new(3, subscription).encode()?;
//! let mut read = ConsumerProtocol::<ConsumerProtocolSubscription>::decode(&bytes)?;
//! assert_eq!(read.value.topics[0].as_str(), "orders");
//! read.value.topics[0] = "acme.orders".into();
//! let renamed = read.encode()?;
//! assert_eq!(&renamed[..2], &[0, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`ConsumerProtocolSubscription`]: crate::ConsumerProtocolSubscription
//! [`ConsumerProtocolAssignment`]: crate::ConsumerProtocolAssignment

use bytes::{BufMut, Bytes, BytesMut};
use kafka_wire::{DecodeError, DecodeErrorKind, EncodeError, VersionRange, Versioned};

/// A struct of the consumer protocol as group bytes carry it.
#[derive(Debug, Clone, PartialEq)]
pub struct ConsumerProtocol<T> {
    /// The version written in front of it.
    pub version: i16,
    /// The struct, read at [`read_at`](Self::read_at).
    pub value: T,
    /// The bytes after the struct: what a version newer than this crate's
    /// added, written back after it.
    pub rest: Bytes,
}

impl<T: Versioned> ConsumerProtocol<T> {
    /// `value` at `version`, with nothing after it.
    pub fn new(version: i16, value: T) -> Self {
        ConsumerProtocol {
            version,
            value,
            rest: Bytes::new(),
        }
    }

    /// Reads the version, then the struct at [`read_at`](Self::read_at) it.
    pub fn decode(bytes: &Bytes) -> Result<Self, DecodeError> {
        let (version, read_at) = read_version(bytes, T::VERSIONS)?;
        let mut rest = bytes.slice(2..);
        let value = T::decode(&mut rest, read_at)?;
        Ok(ConsumerProtocol {
            version,
            value,
            rest,
        })
    }

    /// The version the struct is read and written at: its own, or the
    /// newest this crate has for a newer one.
    pub fn read_at(&self) -> i16 {
        read_at(self.version, T::VERSIONS)
    }

    /// The bytes: the version, the struct at [`read_at`](Self::read_at),
    /// then [`rest`](Self::rest).
    pub fn encode(&self) -> Result<Bytes, EncodeError> {
        let at = self.read_at();
        let mut out = BytesMut::with_capacity(2 + self.value.encoded_len(at) + self.rest.len());
        out.put_i16(self.version);
        self.value.encode(&mut out, at)?;
        out.extend_from_slice(&self.rest);
        Ok(out.freeze())
    }
}

/// The version group bytes start with, and the version a struct whose
/// schema has `versions` is read at for it: the same, or the newest of
/// `versions` for a newer one. A negative version, or bytes too short for
/// one, is an error, as it is to Kafka's clients. For a reader that reads
/// the struct its own way (by its schema, as a view).
pub fn read_version(bytes: &[u8], versions: VersionRange) -> Result<(i16, i16), DecodeError> {
    let version = bytes::Buf::try_get_i16(&mut &bytes[..])
        .map_err(|e| DecodeError::from(e).in_field("version"))?;
    if version < 0 {
        return Err(DecodeError::new(DecodeErrorKind::UnsupportedVersion {
            version,
            supported: versions,
        })
        .in_field("version"));
    }
    Ok((version, read_at(version, versions)))
}

fn read_at(version: i16, versions: VersionRange) -> i16 {
    versions
        .highest()
        .map_or(version, |newest| version.min(newest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ConsumerProtocolAssignment, ConsumerProtocolSubscription};

    #[test]
    fn a_newer_version_is_read_at_the_newest_and_its_additions_kept() {
        let subscription = ConsumerProtocolSubscription {
            topics: vec!["a".into()],
            ..Default::default()
        };
        let mut bytes = BytesMut::new();
        bytes.put_i16(9);
        subscription.encode(&mut bytes, 3).unwrap();
        bytes.extend_from_slice(b"more");
        let bytes = bytes.freeze();
        let read = ConsumerProtocol::<ConsumerProtocolSubscription>::decode(&bytes).unwrap();
        assert_eq!((read.version, read.read_at()), (9, 3));
        assert_eq!(&read.rest[..], b"more");
        assert_eq!(read.encode().unwrap(), bytes);
    }

    #[test]
    fn a_negative_or_missing_version_is_an_error() {
        for bad in [&[0xff, 0xff, 0, 0, 0, 0][..], &[0][..], &[][..]] {
            let err = ConsumerProtocol::<ConsumerProtocolAssignment>::decode(
                &Bytes::copy_from_slice(bad),
            )
            .unwrap_err();
            assert!(err.to_string().contains("version"), "{err}");
        }
    }
}
