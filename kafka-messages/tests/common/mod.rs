//! What the tests that walk every declaration share: the declaration of each
//! schema name, a decode-and-encode by name, and random wire bytes drawn from a
//! declaration's schema.

#![allow(dead_code)]

use bytes::Bytes;
use kafka_messages::*;
use kafka_wire::schema::StructSchema;
use kafka_wire::{RequestHeader, ResponseHeader, VersionRange, Versioned};
use kafka_wire_test_support::wire_instances::{self, Style};

// Like the rest of this module, not used by every test that includes it.
#[allow(unused_imports)]
pub use kafka_wire_test_support::hex::{decode as unhex, encode as hex};

/// The names of the schemas in `kafka-messages/schemas` that some version
/// of Kafka uses (`validVersions` other than `none` there, or in the older
/// release's file of the same name, as for ZooKeeper's APIs): what the tests
/// that walk every declaration count theirs against.
pub fn live_schema_names() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let older = std::fs::read_dir(root)
        .expect("kafka-messages")
        .map(|e| e.expect("a directory entry").path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("schemas-"))
        })
        .expect("the older release's schemas");
    let older = kafka_wire_spec::read_dir(older).unwrap_or_else(|e| panic!("{e}"));
    let mut names = Vec::new();
    for file in kafka_wire_spec::read_dir(root.join("schemas")).unwrap_or_else(|e| panic!("{e}")) {
        let live = |f: &kafka_wire_spec::SchemaFile| !f.spec.valid_versions.is_empty();
        let in_older = older.iter().find(|o| o.file_name() == file.file_name());
        if live(&file) || in_older.is_some_and(live) {
            names.push(file.spec.name);
        }
    }
    names.sort();
    names
}

/// Every declared schema name (every API's request and response, the data
/// schemas, the two headers) with its versions.
pub fn all_declarations() -> Vec<(String, &'static StructSchema, VersionRange, VersionRange)> {
    let mut out = Vec::new();
    for &key in ApiKey::ALL {
        for suffix in ["Request", "Response"] {
            let name = format!("{}{suffix}", key.name());
            let (schema, versions, flexible) = declaration(&name).expect("compiled in");
            out.push((name, schema, versions, flexible));
        }
    }
    for name in ["RequestHeader", "ResponseHeader"] {
        let (schema, versions, flexible) = declaration(name).unwrap();
        out.push((name.to_owned(), schema, versions, flexible));
    }
    for data in DATA_SCHEMAS {
        out.push((
            data.schema.json_name.to_owned(),
            data.schema,
            data.versions,
            data.flexible,
        ));
    }
    out
}

/// Decodes `T` at `version` from all of `bytes`, checks its size, and
/// returns its encoding.
pub fn round_trip<T: Versioned>(bytes: &[u8], version: i16) -> Result<Vec<u8>, String> {
    let value =
        T::decode_exact(Bytes::copy_from_slice(bytes), version).map_err(|e| e.to_string())?;
    let out = value
        .encode_to_vec(version)
        .map_err(|e| format!("encode: {e}"))?;
    if value.encoded_len(version) != out.len() {
        return Err(format!(
            "encoded_len {} but {} bytes written",
            value.encoded_len(version),
            out.len()
        ));
    }
    Ok(out)
}

/// What a request or response body's API is, from its schema name.
pub fn api_of(name: &str, suffix: &str) -> Option<ApiKey> {
    let api = name.strip_suffix(suffix)?;
    ApiKey::ALL.iter().copied().find(|k| k.name() == api)
}

/// The schema, versions and flexible versions of the declaration named `name`.
pub fn declaration(name: &str) -> Option<(&'static StructSchema, VersionRange, VersionRange)> {
    let schema = kafka_messages::schema_by_name(name)?;
    // Kafka's own records are `internal_declaration`'s.
    #[cfg(feature = "internal")]
    if kafka_messages::internal::data_schemas().any(|d| d.schema.json_name == name) {
        return None;
    }
    Some((schema.body, schema.versions, schema.flexible))
}

/// The schema, versions and flexible versions of Kafka's own record schema
/// named `name` (feature `internal`): a coordinator's key or value, a
/// metadata record, or the quorum-state file's.
#[cfg(feature = "internal")]
pub fn internal_declaration(
    name: &str,
) -> Option<(&'static StructSchema, VersionRange, VersionRange)> {
    kafka_messages::internal::data_schemas()
        .find(|d| d.schema.json_name == name)
        .map(|d| (d.schema, d.versions, d.flexible))
}

/// The bytes Kafka writes for internal schema `s`'s struct `body` at
/// `version`, framed as its role in its topic frames it, and the length of
/// that frame.
#[cfg(feature = "internal")]
pub fn frame_internal(
    s: &kafka_messages::internal::RecordSchema,
    version: i16,
    body: &[u8],
) -> (Vec<u8>, usize) {
    use kafka_messages::internal::{RecordRole, METADATA_FRAME_VERSION};
    let mut out = Vec::new();
    match s.role {
        RecordRole::Key => out.extend_from_slice(&s.record_type.to_be_bytes()),
        RecordRole::Value => out.extend_from_slice(&version.to_be_bytes()),
        _ => {
            for n in [METADATA_FRAME_VERSION, s.record_type as u32, version as u32] {
                kafka_wire::codec::put_uvarint(&mut out, n);
            }
        }
    }
    let frame = out.len();
    out.extend_from_slice(body);
    (out, frame)
}

/// Reads `bytes` (framed as [`frame_internal`] frames them) with the codec of
/// `s`'s family, checks it read `s`'s record type, and writes it back.
#[cfg(feature = "internal")]
pub fn through_family(
    s: &kafka_messages::internal::RecordSchema,
    bytes: Bytes,
) -> Result<Vec<u8>, String> {
    use kafka_messages::internal::*;
    fn coordinator<K: CoordinatorKey>(s: &RecordSchema, bytes: Bytes) -> Result<Vec<u8>, String> {
        let text = |e: &dyn std::fmt::Display| e.to_string();
        if s.role == RecordRole::Key {
            let k = K::decode(bytes).map_err(|e| text(&e))?;
            assert_eq!(k.record_type(), s.record_type);
            return k.encode().map_err(|e| text(&e));
        }
        let (version, v) = K::Value::decode(s.record_type, bytes).map_err(|e| text(&e))?;
        assert_eq!(v.record_type(), s.record_type);
        v.encode(version).map_err(|e| text(&e))
    }
    match s.topic {
        GroupCoordinatorKey::TOPIC => coordinator::<GroupCoordinatorKey>(s, bytes),
        TransactionCoordinatorKey::TOPIC => coordinator::<TransactionCoordinatorKey>(s, bytes),
        ShareCoordinatorKey::TOPIC => coordinator::<ShareCoordinatorKey>(s, bytes),
        _ => {
            let (version, r) = MetadataRecord::decode(bytes).map_err(|e| e.to_string())?;
            assert_eq!(r.api_key(), s.record_type);
            r.encode(version).map_err(|e| e.to_string())
        }
    }
}

/// Calls `$m!` with the type of every declaration that is neither a request
/// nor a response: the headers and the data schemas.
macro_rules! with_headers_and_data_schemas {
    ($m:ident) => {
        $m!(
            RequestHeader,
            ResponseHeader,
            AbortedTxn,
            ConsumerProtocolAssignment,
            ConsumerProtocolSubscription,
            ControlRecordTypeSchema,
            DefaultPrincipalData,
            EndTxnMarker,
            KRaftVersionRecord,
            LeaderChangeMessage,
            SnapshotFooterRecord,
            SnapshotHeaderRecord,
            VotersRecord
        )
    };
}
#[allow(unused_imports)] // not every test binary that includes this module names it
pub(crate) use with_headers_and_data_schemas;

/// Decodes the schema named `name` from all of `bytes` and encodes it again.
pub fn rust_round_trip(name: &str, version: i16, bytes: &[u8]) -> Result<Vec<u8>, String> {
    if let Some(key) = api_of(name, "Request") {
        let mut buf = Bytes::copy_from_slice(bytes);
        let body = RequestKind::decode(key.key(), version, &mut buf).map_err(|e| e.to_string())?;
        return finish(body.encode_to_vec(version), body.encoded_len(version), &buf);
    }
    if let Some(key) = api_of(name, "Response") {
        let mut buf = Bytes::copy_from_slice(bytes);
        let body = ResponseKind::decode(key.key(), version, &mut buf).map_err(|e| e.to_string())?;
        return finish(body.encode_to_vec(version), body.encoded_len(version), &buf);
    }
    macro_rules! by_name {
        ($($ty:ident),*) => {
            match name {
                $(stringify!($ty) => round_trip::<$ty>(bytes, version),)*
                other => Err(format!("no declaration named {other}")),
            }
        };
    }
    with_headers_and_data_schemas!(by_name)
}

fn finish(
    out: Result<Vec<u8>, kafka_wire::EncodeError>,
    len: usize,
    rest: &Bytes,
) -> Result<Vec<u8>, String> {
    if !rest.is_empty() {
        return Err(format!("{} trailing bytes", rest.len()));
    }
    let out = out.map_err(|e| format!("encode: {e}"))?;
    if out.len() != len {
        return Err(format!("encoded_len {len} but {} bytes written", out.len()));
    }
    Ok(out)
}

/// `encode_to_vec` for the dispatch enums.
trait EncodeToVec {
    fn encode_to_vec(&self, version: i16) -> Result<Vec<u8>, kafka_wire::EncodeError>;
}

impl EncodeToVec for RequestKind {
    fn encode_to_vec(&self, version: i16) -> Result<Vec<u8>, kafka_wire::EncodeError> {
        let mut out = Vec::new();
        self.encode(&mut out, version)?;
        Ok(out)
    }
}

impl EncodeToVec for ResponseKind {
    fn encode_to_vec(&self, version: i16) -> Result<Vec<u8>, kafka_wire::EncodeError> {
        let mut out = Vec::new();
        self.encode(&mut out, version)?;
        Ok(out)
    }
}

/// `count` random wire forms of `schema` at `version`, from a stream of
/// their own (the same on every run): text of every width, records as
/// opaque bytes.
pub fn random_instances(
    name: &str,
    schema: &'static StructSchema,
    version: i16,
    flexible: VersionRange,
    count: usize,
) -> Vec<Vec<u8>> {
    wire_instances::random_instances(
        name,
        schema,
        version,
        flexible.contains(version),
        &Style::ANY_TEXT,
        count,
    )
}
