//! What the tests that walk every declaration share: the declaration of each
//! schema name, a decode-and-encode by name, and random wire bytes drawn from a
//! declaration's schema.

#![allow(dead_code)]

use bytes::{BufMut, Bytes};
use kafka_messages::*;
use kafka_wire::codec::{put_length, put_uvarint, LengthForm};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::{KafkaStruct, RequestHeader, ResponseHeader, VersionRange, Versioned};

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Every declared schema name (91 requests and responses, the data schemas,
/// the two headers) with its versions.
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
    if let Some(key) = api_of(name, "Request") {
        return Some((
            key.request_schema()?,
            key.valid_versions(),
            key.flexible_versions(),
        ));
    }
    if let Some(key) = api_of(name, "Response") {
        return Some((
            key.response_schema()?,
            key.valid_versions(),
            key.flexible_versions(),
        ));
    }
    match name {
        "RequestHeader" => Some((
            &RequestHeader::SCHEMA,
            RequestHeader::VERSIONS,
            RequestHeader::FLEXIBLE,
        )),
        "ResponseHeader" => Some((
            &ResponseHeader::SCHEMA,
            ResponseHeader::VERSIONS,
            ResponseHeader::FLEXIBLE,
        )),
        _ => DATA_SCHEMAS
            .iter()
            .find(|d| d.schema.json_name == name)
            .map(|d| (d.schema, d.versions, d.flexible)),
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

/// SplitMix64: small, seeded, the same everywhere.
pub struct Rng(pub u64);

impl Rng {
    /// A stream of its own for each schema and version.
    pub fn for_schema(name: &str, version: i16) -> Rng {
        let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        Rng(seed ^ (u64::from(version as u16) << 48))
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn text(&mut self) -> String {
        const PIECES: &[&str] = &["a", "z", "0", "-", ".", "_", "é", "語", "🦀", " "];
        (0..self.below(8))
            .map(|_| PIECES[self.below(PIECES.len() as u64) as usize])
            .collect()
    }
}

/// `count` random wire forms of `schema` at `version`, from a stream of
/// their own (the same on every run).
pub fn random_instances(
    name: &str,
    schema: &StructSchema,
    version: i16,
    flexible: VersionRange,
    count: usize,
) -> Vec<Vec<u8>> {
    let mut rng = Rng::for_schema(name, version);
    (0..count)
        .map(|_| {
            let mut wire = Vec::new();
            random_struct(
                &mut rng,
                schema,
                version,
                flexible.contains(version),
                &mut wire,
                0,
            );
            wire
        })
        .collect()
}

/// Random wire bytes of `schema` at `version`: every field present in the
/// version, nulls where nullable, some tagged fields, some unknown tags above
/// the declared ones (where Java writes its raw tags too).
pub fn random_struct(
    rng: &mut Rng,
    schema: &StructSchema,
    version: i16,
    flexible: bool,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let mut tagged: Vec<(u32, Vec<u8>)> = Vec::new();
    for f in schema
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
    {
        let mut value = Vec::new();
        random_field(rng, f, version, flexible, &mut value, depth);
        if f.tagged.contains(version) {
            if rng.below(2) == 0 {
                tagged.push((f.tag.expect("tagged fields have a tag"), value));
            }
        } else {
            out.extend_from_slice(&value);
        }
    }
    if flexible {
        let highest = schema
            .fields
            .iter()
            .filter_map(|f| f.tag)
            .max()
            .map_or(0, |t| t + 1);
        if rng.below(4) == 0 {
            let tag = highest + rng.below(300) as u32;
            let len = rng.below(4) as usize;
            tagged.push((tag, (0..len).map(|_| rng.next() as u8).collect()));
        }
        put_uvarint(out, tagged.len() as u32);
        for (tag, value) in tagged {
            put_uvarint(out, tag);
            put_uvarint(out, value.len() as u32);
            out.extend_from_slice(&value);
        }
    }
}

fn random_field(
    rng: &mut Rng,
    f: &FieldSchema,
    version: i16,
    flexible: bool,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let flexible = flexible && f.flexible.is_none_or(|r| r.contains(version));
    if f.nullable.contains(version) && rng.below(6) == 0 {
        let form = match f.kafka_type {
            KafkaType::String => LengthForm::Int16,
            KafkaType::Struct(_) => {
                out.put_i8(-1);
                return;
            }
            _ => LengthForm::Int32,
        };
        put_length(out, None, if flexible { LengthForm::Compact } else { form });
        return;
    }
    if let KafkaType::Struct(_) = f.kafka_type {
        if f.nullable.contains(version) {
            out.put_i8(1);
        }
    }
    random_value(rng, &f.kafka_type, version, flexible, out, depth);
}

fn random_value(
    rng: &mut Rng,
    t: &KafkaType,
    version: i16,
    flexible: bool,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let form = |classic| {
        if flexible {
            LengthForm::Compact
        } else {
            classic
        }
    };
    match t {
        KafkaType::Bool => out.put_u8(rng.below(2) as u8),
        KafkaType::Int8 => out.put_u8(rng.next() as u8),
        KafkaType::Int16 | KafkaType::Uint16 => out.put_u16(rng.next() as u16),
        KafkaType::Int32 | KafkaType::Uint32 => out.put_u32(rng.next() as u32),
        KafkaType::Int64 => out.put_u64(rng.next()),
        KafkaType::Float64 => out.put_f64((rng.next() >> 11) as f64 / 7.0 - 1e15),
        KafkaType::Uuid => out.put_u128(u128::from(rng.next()) << 64 | u128::from(rng.next())),
        KafkaType::String => {
            let text = rng.text();
            put_length(out, Some(text.len()), form(LengthForm::Int16));
            out.extend_from_slice(text.as_bytes());
        }
        KafkaType::Bytes | KafkaType::Records => {
            let len = rng.below(9) as usize;
            put_length(out, Some(len), form(LengthForm::Int32));
            out.extend((0..len).map(|_| rng.next() as u8));
        }
        KafkaType::Array(inner) => {
            let n = if depth > 3 { 0 } else { rng.below(4) as usize };
            put_length(out, Some(n), form(LengthForm::Int32));
            for _ in 0..n {
                random_value(rng, inner, version, flexible, out, depth + 1);
            }
        }
        KafkaType::Struct(s) => random_struct(rng, s, version, flexible, out, depth + 1),
    }
}
