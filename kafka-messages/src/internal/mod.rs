//! Kafka's own records (feature `internal`): what its coordinators and its
//! KRaft controller write into their topics, each a message with a JSON schema
//! like the protocol's, from the jars beside `kafka-clients` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)).
//!
//! | topic | records | enum |
//! |---|---|---|
//! | `__consumer_offsets` | offset commits, classic groups, consumer (KIP-848), share (KIP-932) and streams (KIP-1071) groups | [`GroupCoordinatorKey`], [`GroupCoordinatorValue`] |
//! | `__transaction_state` | transactions | [`TransactionCoordinatorKey`], [`TransactionCoordinatorValue`] |
//! | `__share_group_state` | share-group state snapshots and updates | [`ShareCoordinatorKey`], [`ShareCoordinatorValue`] |
//! | `__cluster_metadata` | topics, partitions, brokers, configs, features, ACLs, ... | [`MetadataRecord`] |
//!
//! A coordinator's record is a key and a value, each framed as Kafka frames
//! them: the key is its record type (int16) then the key's fields (version
//! 0), the value its version (int16) then its fields, or null for a
//! tombstone ([`CoordinatorRecord`]; [`split_coordinator_prefix`] splits
//! either at its int16); code that reads any of the three
//! coordinators' topics is generic over their keys' trait,
//! [`CoordinatorKey`] (with [`CoordinatorValue`]). A metadata log record is
//! a frame version, an API key and a version (unsigned varints) then the
//! record ([`MetadataRecord`]; the frame alone is a [`MetadataFrame`]); the
//! KRaft control records of that log
//! (leader changes, snapshot header and footer, voters, kraft version) are
//! [`ControlRecord`]s. [`schemas()`] lists every schema, with its topic and
//! record type.
//!
//! ```
//! use kafka_messages::internal::{GroupCoordinatorKey, GroupCoordinatorRecord, GroupCoordinatorValue, OffsetCommitKey, OffsetCommitValue};
//!
//! let record = GroupCoordinatorRecord {
//!     key: GroupCoordinatorKey::OffsetCommit(OffsetCommitKey {
//!         group: "billing".into(),
//!         topic: "orders".into(),
//!         partition: 3,
//!     }),
//!     value: Some((3, GroupCoordinatorValue::OffsetCommit(OffsetCommitValue {
//!         offset: 42,
//!         leader_epoch: 7,
//!         metadata: "".into(),
//!         commit_timestamp: 1_700_000_000_000,
//!         ..Default::default()
//!     }))),
//! };
//! let (key, value) = record.encode()?;
//! assert_eq!(&key[..2], [0, 1]); // record type 1: an offset commit
//! assert_eq!(&value.as_deref().unwrap()[..2], [0, 3]); // its value at version 3
//! let read = GroupCoordinatorRecord::decode(key.into(), value.map(Into::into))?;
//! assert_eq!(read, record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each schema is a module here (`offset_commit_value`, ...), written by
//! `cargo xtask generate` from `kafka-messages/internal-schemas/`,
//! its struct re-exported at this module's root; the enums are written once,
//! by hand, over the tables the generator writes
//! (`src/generated/internal/table.rs`).

use bytes::{Buf, Bytes};
use kafka_wire::codec::{get_uvarint, put_uvarint};
use kafka_wire::records::Record;
use kafka_wire::{
    DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, KafkaStruct, Versioned,
};

use crate::{
    ControlRecordTypeSchema, EndTxnMarker, KRaftVersionRecord, LeaderChangeMessage,
    SnapshotFooterRecord, SnapshotHeaderRecord, VotersRecord,
};

// What `cargo xtask generate` writes for Kafka's own records, in
// `src/generated/internal/`: the tables (`table.rs`) and a module per schema,
// declared here from the tables and re-exported below, each struct at this
// module's root.
#[macro_use]
#[path = "../generated/internal"]
mod generated {
    #[macro_use]
    mod table;

    /// The key's and the value's module of each record type of a coordinator.
    macro_rules! declare_coordinator_modules {
        ([]; $((
            $type:literal, $variant:ident, $key_module:ident, $key:ident, $value_module:ident, $value:ident
        )),* $(,)?) => {
            $(
                pub mod $key_module;
                pub mod $value_module;
            )*
        };
    }

    /// The module of each metadata record.
    macro_rules! declare_metadata_modules {
        ([]; $(($key:literal, $variant:ident, $module:ident, $record:ident)),* $(,)?) => {
            $(pub mod $module;)*
        };
    }

    /// The module of each other schema.
    macro_rules! declare_data_modules {
        ($(($name:ident, $module:ident)),* $(,)?) => {
            $(pub mod $module;)*
        };
    }

    group_coordinator_records!(declare_coordinator_modules);
    transaction_coordinator_records!(declare_coordinator_modules);
    share_coordinator_records!(declare_coordinator_modules);
    metadata_records!(declare_metadata_modules);
    internal_data_schemas!(declare_data_modules);
}

/// What a schema of Kafka's own records is in its topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordRole {
    /// A coordinator's record key.
    Key,
    /// A coordinator's record value.
    Value,
    /// A whole record (of the metadata log).
    Record,
}

/// One schema of Kafka's own records, with where it is written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecordSchema {
    /// The topic its records are in (`__consumer_offsets`, ...).
    pub topic: &'static str,
    /// Its record type (a coordinator's) or API key (a metadata record's).
    pub record_type: i16,
    /// Key, value or record.
    pub role: RecordRole,
    /// The struct, its versions and flexible versions.
    pub schema: crate::DataSchema,
}

impl RecordSchema {
    const fn of<T: Versioned>(topic: &'static str, record_type: i16, role: RecordRole) -> Self {
        RecordSchema {
            topic,
            record_type,
            role,
            schema: crate::DataSchema {
                schema: &T::SCHEMA,
                versions: T::VERSIONS,
                flexible: T::FLEXIBLE,
            },
        }
    }
}

/// The key of a coordinator's records: one enum per coordinator topic
/// ([`GroupCoordinatorKey`], [`TransactionCoordinatorKey`],
/// [`ShareCoordinatorKey`]), read and written by record type, as Kafka
/// frames it: the record type (int16), then the key's fields (version 0).
///
/// [`CoordinatorRecord`] is generic over it, and so can be code that reads
/// any of the three topics.
pub trait CoordinatorKey: Sized {
    /// The values of the same topic's records.
    type Value: CoordinatorValue;
    /// The topic the records are in (`__consumer_offsets`, ...).
    const TOPIC: &'static str;
    /// The key and value schemas of every record type of the topic.
    const SCHEMAS: &'static [RecordSchema];

    /// Reads a key as Kafka writes it: its record type, then the key's
    /// fields, filling `key` exactly. A record type Kafka does not define is
    /// [`DecodeErrorKind::UnknownRecordType`].
    fn decode(key: Bytes) -> Result<Self, DecodeError>;
    /// The record type.
    fn record_type(&self) -> i16;
    /// The record type's name as Kafka's schemas name it, without `Key`
    /// (`"OffsetCommit"`).
    fn name(&self) -> &'static str;
    /// The key as Kafka writes it (see [`decode`](Self::decode)).
    fn encode(&self) -> Result<Vec<u8>, EncodeError>;
}

/// The value of a coordinator's records, by record type (see
/// [`CoordinatorKey`]): its version (int16), then the value's fields at that
/// version.
pub trait CoordinatorValue: Sized {
    /// Reads the value of a record of type `record_type`, filling `value`
    /// exactly. Returns the version and the value.
    fn decode(record_type: i16, value: Bytes) -> Result<(i16, Self), DecodeError>;
    /// The record type.
    fn record_type(&self) -> i16;
    /// The value as Kafka writes it at `version` (see [`decode`](Self::decode)).
    fn encode(&self, version: i16) -> Result<Vec<u8>, EncodeError>;
}

/// The struct of every schema of Kafka's own records ([`schemas`]), then the
/// quorum-state file's ([`QuorumStateData`]).
pub fn data_schemas() -> impl Iterator<Item = crate::DataSchema> {
    let quorum = crate::DataSchema {
        schema: &QuorumStateData::SCHEMA,
        versions: QuorumStateData::VERSIONS,
        flexible: QuorumStateData::FLEXIBLE,
    };
    schemas().map(|s| s.schema).chain([quorum])
}

/// Every schema of Kafka's own records: the key and value of each record
/// type of the three coordinators' topics, then each metadata record.
pub fn schemas() -> impl Iterator<Item = &'static RecordSchema> {
    [
        GroupCoordinatorKey::SCHEMAS,
        TransactionCoordinatorKey::SCHEMAS,
        ShareCoordinatorKey::SCHEMAS,
        MetadataRecord::SCHEMAS,
    ]
    .into_iter()
    .flatten()
}

/// A record of a coordinator's topic: its key, and its value with the version
/// it is written at, or `None` for a tombstone (the key's state deleted).
#[derive(Debug, Clone, PartialEq)]
pub struct CoordinatorRecord<K: CoordinatorKey> {
    /// The key.
    pub key: K,
    /// The value's version and the value, or `None` for a tombstone.
    pub value: Option<(i16, K::Value)>,
}

impl<K: CoordinatorKey> CoordinatorRecord<K> {
    /// Reads a record from its key and value (`None`: a tombstone), as a log
    /// segment or a fetch holds them. A value of another record type than its
    /// key's cannot be told apart: it is read as the key's type.
    pub fn decode(key: Bytes, value: Option<Bytes>) -> Result<Self, DecodeError> {
        let key = K::decode(key).map_err(|e| e.in_field("key"))?;
        let value = value
            .map(|v| K::Value::decode(key.record_type(), v))
            .transpose()
            .map_err(|e| e.in_field("value"))?;
        Ok(CoordinatorRecord { key, value })
    }

    /// Reads one record of a batch (see [`decode`](Self::decode)); a record
    /// without a key is an error.
    pub fn from_record(record: &Record) -> Result<Self, DecodeError> {
        let key = record
            .key_bytes()
            .ok_or_else(|| DecodeError::from(DecodeErrorKind::UnexpectedNull).in_field("key"))?;
        Self::decode(key, record.value_bytes())
    }

    /// The key and value as Kafka writes them (`None`: a tombstone). A value
    /// of another record type than its key's is an error.
    pub fn encode(&self) -> Result<(Vec<u8>, Option<Vec<u8>>), EncodeError> {
        if let Some((_, value)) = &self.value {
            if value.record_type() != self.key.record_type() {
                return Err(EncodeError::from(EncodeErrorKind::ApiKeyMismatch {
                    expected: self.key.record_type(),
                    found: value.record_type(),
                }));
            }
        }
        let value = self
            .value
            .as_ref()
            .map(|(version, v)| v.encode(*version))
            .transpose()?;
        Ok((self.key.encode()?, value))
    }
}

/// Splits a coordinator's key or value at its version prefix: the int16 in
/// front of the fields, which in a key is its record type and in a value its
/// version (the key's fields are always at version 0). Returns the prefix
/// and the fields after it, sharing `bytes`' memory. This is how Kafka's
/// `CoordinatorRecordSerde` reads both, before it picks the schema:
/// fewer than 2 bytes are [`DecodeErrorKind::Truncated`].
///
/// ```
/// use bytes::Bytes;
/// use kafka_messages::internal::split_coordinator_prefix;
///
/// let (record_type, fields) = split_coordinator_prefix(Bytes::from_static(&[0, 1, 0, 3, b'a']))?;
/// assert_eq!((record_type, &fields[..]), (1, &[0, 3, b'a'][..]));
/// assert!(split_coordinator_prefix(Bytes::from_static(&[0])).is_err());
/// # Ok::<(), kafka_wire::DecodeError>(())
/// ```
pub fn split_coordinator_prefix(mut bytes: Bytes) -> Result<(i16, Bytes), DecodeError> {
    let prefix = bytes.try_get_i16().map_err(DecodeError::from)?;
    Ok((prefix, bytes))
}

/// The int16 in front of a coordinator's key (its record type) or value (its
/// version), named for the error ([`split_coordinator_prefix`]).
fn read_i16(buf: &mut Bytes, field: &'static str) -> Result<i16, DecodeError> {
    let (prefix, rest) =
        split_coordinator_prefix(std::mem::take(buf)).map_err(|e| e.in_field(field))?;
    *buf = rest;
    Ok(prefix)
}

/// Bytes with `prefix` (an int16) in front of `message` at `version`.
fn prefixed<M: Versioned>(prefix: i16, message: &M, version: i16) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(2 + message.encoded_len(version));
    out.extend_from_slice(&prefix.to_be_bytes());
    message.encode(&mut out, version)?;
    Ok(out)
}

/// A module per record type's key and value schemas, their structs at the root.
macro_rules! coordinator_modules {
    ([]; $((
        $type:literal, $variant:ident, $key_module:ident, $key:ident, $value_module:ident, $value:ident
    )),* $(,)?) => {
        $(
            pub use generated::{$key_module, $value_module};
            #[doc(no_inline)]
            pub use $key_module::$key;
            #[doc(no_inline)]
            pub use $value_module::$value;
        )*
    };
}

group_coordinator_records!(coordinator_modules);
transaction_coordinator_records!(coordinator_modules);
share_coordinator_records!(coordinator_modules);

/// A coordinator's key and value enums, and their [`CoordinatorKey`] and
/// [`CoordinatorValue`] impls.
macro_rules! coordinator_family {
    ([$key_enum:ident, $value_enum:ident, $record:ident, $topic:literal]; $((
        $type:literal, $variant:ident, $key_module:ident, $key:ident, $value_module:ident, $value:ident
    )),* $(,)?) => {
        #[doc = concat!("The key of a record of `", $topic, "`, by its record type.")]
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum $key_enum {
            $(
                #[doc = concat!("Record type ", stringify!($type), ": [`", stringify!($key), "`].")]
                $variant($key),
            )*
        }

        impl CoordinatorKey for $key_enum {
            type Value = $value_enum;
            const TOPIC: &'static str = $topic;
            const SCHEMAS: &'static [RecordSchema] = &[
                $(
                    RecordSchema::of::<$key>($topic, $type, RecordRole::Key),
                    RecordSchema::of::<$value>($topic, $type, RecordRole::Value),
                )*
            ];

            fn decode(mut key: Bytes) -> Result<Self, DecodeError> {
                match read_i16(&mut key, "record_type")? {
                    $($type => $key::decode_exact(key, 0).map($key_enum::$variant),)*
                    other => Err(DecodeErrorKind::UnknownRecordType(other).into()),
                }
            }

            fn record_type(&self) -> i16 {
                match self {
                    $($key_enum::$variant(_) => $type,)*
                }
            }

            fn name(&self) -> &'static str {
                match self {
                    $($key_enum::$variant(_) => stringify!($variant),)*
                }
            }

            fn encode(&self) -> Result<Vec<u8>, EncodeError> {
                match self {
                    $($key_enum::$variant(k) => prefixed($type, k, 0),)*
                }
            }
        }

        #[doc = concat!("The value of a record of `", $topic, "`, by its record type.")]
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum $value_enum {
            $(
                #[doc = concat!("Record type ", stringify!($type), ": [`", stringify!($value), "`].")]
                $variant($value),
            )*
        }

        impl CoordinatorValue for $value_enum {
            fn decode(record_type: i16, mut value: Bytes) -> Result<(i16, Self), DecodeError> {
                let version = read_i16(&mut value, "version")?;
                let read = match record_type {
                    $($type => $value::decode_exact(value, version).map($value_enum::$variant),)*
                    other => Err(DecodeErrorKind::UnknownRecordType(other).into()),
                };
                read.map(|v| (version, v))
            }

            fn record_type(&self) -> i16 {
                match self {
                    $($value_enum::$variant(_) => $type,)*
                }
            }

            fn encode(&self, version: i16) -> Result<Vec<u8>, EncodeError> {
                match self {
                    $($value_enum::$variant(v) => prefixed(version, v, version),)*
                }
            }
        }

        #[doc = concat!("A record of `", $topic, "`.")]
        pub type $record = CoordinatorRecord<$key_enum>;
    };
}

group_coordinator_records!(
    coordinator_family,
    GroupCoordinatorKey,
    GroupCoordinatorValue,
    GroupCoordinatorRecord,
    "__consumer_offsets"
);
transaction_coordinator_records!(
    coordinator_family,
    TransactionCoordinatorKey,
    TransactionCoordinatorValue,
    TransactionCoordinatorRecord,
    "__transaction_state"
);
share_coordinator_records!(
    coordinator_family,
    ShareCoordinatorKey,
    ShareCoordinatorValue,
    ShareCoordinatorRecord,
    "__share_group_state"
);

/// The version of the frame around a metadata log record that Kafka writes.
pub const METADATA_FRAME_VERSION: u32 = 1;

/// The frame in front of a KRaft metadata log record (a record's value in
/// `__cluster_metadata`, or in a snapshot): the frame version, the record's
/// API key and its version, each an unsigned varint that must fit an int16,
/// as Kafka's `AbstractApiMessageSerde.read` reads them. The record's fields
/// follow ([`MetadataRecord::decode`] reads frame and record).
///
/// ```
/// use bytes::Bytes;
/// use kafka_messages::internal::MetadataFrame;
///
/// let mut value = Bytes::from_static(&[1, 2, 0, 0xaa]); // frame 1, TopicRecord (2) at version 0
/// let frame = MetadataFrame::read(&mut value)?;
/// assert_eq!(frame, MetadataFrame { frame_version: 1, api_key: 2, version: 0 });
/// assert_eq!(&value[..], [0xaa]); // the record's fields
/// # Ok::<(), kafka_wire::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetadataFrame {
    /// The frame's version; Kafka writes and reads [`METADATA_FRAME_VERSION`].
    pub frame_version: i16,
    /// The record's API key (`TopicRecord` is 2).
    pub api_key: i16,
    /// The record's version.
    pub version: i16,
}

impl MetadataFrame {
    /// Reads the frame from the front of `value`, leaving the record's
    /// fields. Whatever the frame version says, the three fields are read.
    /// The error names the field (`frame_version`, `api_key`, `version`):
    /// a varint cut short or too long, or a value past an int16
    /// ([`DecodeErrorKind::VarintOverflow`] of 16 bits).
    pub fn read(value: &mut Bytes) -> Result<Self, DecodeError> {
        Ok(MetadataFrame {
            frame_version: read_varint_i16(value, "frame_version")?,
            api_key: read_varint_i16(value, "api_key")?,
            version: read_varint_i16(value, "version")?,
        })
    }

    /// Writes the frame: the three unsigned varints. A negative field is
    /// [`EncodeErrorKind::UnsupportedVersion`] (no frame, key or version is).
    pub fn write(&self, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        for field in [self.frame_version, self.api_key, self.version] {
            let field = u32::try_from(field).map_err(|_| {
                EncodeError::from(EncodeErrorKind::UnsupportedVersion {
                    version: field,
                    supported: kafka_wire::VersionRange::from_lowest(0),
                })
            })?;
            put_uvarint(out, field);
        }
        Ok(())
    }
}

/// A module per metadata record, its struct at the root; and [`MetadataRecord`].
macro_rules! metadata_family {
    ([]; $(($key:literal, $variant:ident, $module:ident, $record:ident)),* $(,)?) => {
        $(
            pub use generated::$module;
            #[doc(no_inline)]
            pub use $module::$record;
        )*

        /// A record of the KRaft metadata log (`__cluster_metadata`), by its API key.
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum MetadataRecord {
            $(
                #[doc = concat!("API key ", stringify!($key), ": [`", stringify!($record), "`].")]
                $variant($record),
            )*
        }

        impl MetadataRecord {
            /// The schema of every record of the metadata log.
            pub const SCHEMAS: &'static [RecordSchema] = &[
                $(RecordSchema::of::<$record>("__cluster_metadata", $key, RecordRole::Record),)*
            ];

            /// Reads a record's value as Kafka writes it: the frame version
            /// ([`METADATA_FRAME_VERSION`]), the API key and the version
            /// (unsigned varints), then the record's fields at that version,
            /// filling `value` exactly. Returns the version and the record.
            pub fn decode(mut value: Bytes) -> Result<(i16, Self), DecodeError> {
                let MetadataFrame { frame_version, api_key, version } = MetadataFrame::read(&mut value)?;
                if frame_version as u32 != METADATA_FRAME_VERSION {
                    return Err(DecodeError::from(DecodeErrorKind::UnsupportedVersion {
                        version: frame_version,
                        supported: kafka_wire::VersionRange::exactly(METADATA_FRAME_VERSION as i16),
                    })
                    .in_field("frame_version"));
                }
                let read = match api_key {
                    $($key => $record::decode_exact(value, version).map(MetadataRecord::$variant),)*
                    other => Err(DecodeErrorKind::UnknownRecordType(other).into()),
                };
                read.map(|r| (version, r))
            }

            /// The record's API key.
            pub fn api_key(&self) -> i16 {
                match self {
                    $(MetadataRecord::$variant(_) => $key,)*
                }
            }

            /// The record's name as Kafka's schemas write it (`TopicRecord`).
            pub fn name(&self) -> &'static str {
                match self {
                    $(MetadataRecord::$variant(_) => stringify!($record),)*
                }
            }

            /// The record as Kafka writes it at `version` (see [`decode`](Self::decode)).
            pub fn encode(&self, version: i16) -> Result<Vec<u8>, EncodeError> {
                let mut out = Vec::new();
                MetadataFrame {
                    frame_version: METADATA_FRAME_VERSION as i16,
                    api_key: self.api_key(),
                    version,
                }
                .write(&mut out)?;
                match self {
                    $(MetadataRecord::$variant(r) => r.encode(&mut out, version)?,)*
                };
                Ok(out)
            }
        }
    };
}

metadata_records!(metadata_family);

/// An unsigned varint that must fit an int16 (an API key, a version).
fn read_varint_i16(buf: &mut Bytes, field: &'static str) -> Result<i16, DecodeError> {
    let n = get_uvarint(buf).map_err(|e| e.in_field(field))?;
    i16::try_from(n).map_err(|_| {
        DecodeError::from(DecodeErrorKind::VarintOverflow { bits: 16 }).in_field(field)
    })
}

/// One module per other schema of Kafka's own, its struct at the root.
macro_rules! internal_data_modules {
    ($(($name:ident, $module:ident)),* $(,)?) => {
        $(
            pub use generated::$module;
            #[doc(no_inline)]
            pub use $module::$name;
        )*
    };
}

internal_data_schemas!(internal_data_modules);

/// A control record of a batch (its attributes' control flag set): a
/// transaction marker of any topic, or one of the KRaft log's own, by the
/// type its key names.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ControlRecord {
    /// Type 0: a transaction's end, aborted.
    Abort(EndTxnMarker),
    /// Type 1: a transaction's end, committed.
    Commit(EndTxnMarker),
    /// Type 2: a new KRaft leader and its voters.
    LeaderChange(LeaderChangeMessage),
    /// Type 3: the first record of a KRaft snapshot.
    SnapshotHeader(SnapshotHeaderRecord),
    /// Type 4: the last record of a KRaft snapshot.
    SnapshotFooter(SnapshotFooterRecord),
    /// Type 5: the KRaft version in use.
    KRaftVersion(KRaftVersionRecord),
    /// Type 6: the KRaft voters.
    KRaftVoters(VotersRecord),
}

impl ControlRecord {
    /// Reads a control record as Kafka writes it: the key is a version and a
    /// [`ControlRecordTypeSchema`]; a transaction marker's value is a version
    /// and an [`EndTxnMarker`] at that version; a KRaft control record's value
    /// is its schema's struct at version 0, with no version in front (its
    /// first field, `version`, is the struct's own), as Kafka's
    /// `ControlRecordUtils` reads it. Each fills its bytes exactly. Returns
    /// the version the value was read at (0 for the KRaft records) and the
    /// record.
    pub fn decode(mut key: Bytes, value: Option<Bytes>) -> Result<(i16, Self), DecodeError> {
        let key_version = read_i16(&mut key, "key.version")?;
        let kind = ControlRecordTypeSchema::decode_exact(key, key_version)
            .map_err(|e| e.in_field("key"))?
            .r#type;
        let mut value = value
            .ok_or_else(|| DecodeError::from(DecodeErrorKind::UnexpectedNull).in_field("value"))?;
        let version = match kind {
            0 | 1 => read_i16(&mut value, "value.version")?,
            _ => 0,
        };
        let record = match kind {
            0 => EndTxnMarker::decode_exact(value, version).map(ControlRecord::Abort),
            1 => EndTxnMarker::decode_exact(value, version).map(ControlRecord::Commit),
            2 => LeaderChangeMessage::decode_exact(value, 0).map(ControlRecord::LeaderChange),
            3 => SnapshotHeaderRecord::decode_exact(value, 0).map(ControlRecord::SnapshotHeader),
            4 => SnapshotFooterRecord::decode_exact(value, 0).map(ControlRecord::SnapshotFooter),
            5 => KRaftVersionRecord::decode_exact(value, 0).map(ControlRecord::KRaftVersion),
            6 => VotersRecord::decode_exact(value, 0).map(ControlRecord::KRaftVoters),
            other => Err(DecodeErrorKind::UnknownRecordType(other).into()),
        };
        record
            .map(|r| (version, r))
            .map_err(|e| e.in_field("value"))
    }

    /// Reads one control record of a batch (see [`decode`](Self::decode)).
    pub fn from_record(record: &Record) -> Result<(i16, Self), DecodeError> {
        let key = record
            .key_bytes()
            .ok_or_else(|| DecodeError::from(DecodeErrorKind::UnexpectedNull).in_field("key"))?;
        Self::decode(key, record.value_bytes())
    }

    /// The control record type (Kafka's `ControlRecordType` id).
    pub fn record_type(&self) -> i16 {
        match self {
            ControlRecord::Abort(_) => 0,
            ControlRecord::Commit(_) => 1,
            ControlRecord::LeaderChange(_) => 2,
            ControlRecord::SnapshotHeader(_) => 3,
            ControlRecord::SnapshotFooter(_) => 4,
            ControlRecord::KRaftVersion(_) => 5,
            ControlRecord::KRaftVoters(_) => 6,
        }
    }

    /// The control record type's name (`"Commit"`, `"LeaderChange"`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            ControlRecord::Abort(_) => "Abort",
            ControlRecord::Commit(_) => "Commit",
            ControlRecord::LeaderChange(_) => "LeaderChange",
            ControlRecord::SnapshotHeader(_) => "SnapshotHeader",
            ControlRecord::SnapshotFooter(_) => "SnapshotFooter",
            ControlRecord::KRaftVersion(_) => "KRaftVersion",
            ControlRecord::KRaftVoters(_) => "KRaftVoters",
        }
    }
}
