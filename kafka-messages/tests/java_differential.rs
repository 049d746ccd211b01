//! Differential test against Apache Kafka's own generated Java classes
//! (kafka-clients 4.4.0), for every API, data schema and header, at every
//! version: `bash scripts/java-oracle.sh` (tests/java-oracle/) is the Java side.
//!
//! 1. Java writes seeded random instances of every schema (and each at its
//!    defaults); each decodes here, re-encodes byte-exact, and `encoded_len` is
//!    exact.
//! 2. Random instances made here (random wire bytes drawn from each
//!    declaration's schema, decoded, then encoded by this crate) are read by
//!    Java and written back; Java's bytes must equal ours.
//!
//! Needs Java 17 and Maven (the script fetches the jars once into `.cache/`):
//!
//! ```sh
//! cargo test -p kafka-messages --test java_differential -- --ignored --nocapture
//! ```
//!
//! Nothing is skipped: every schema and version the oracle writes is checked,
//! and the test fails if any of the 195 schemas is missing from its output.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bytes::{BufMut, Bytes};
use kafka_messages::*;
use kafka_wire::codec::{put_length, put_uvarint, LengthForm};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::{KafkaStruct, RequestHeader, ResponseHeader, VersionRange, Versioned};

const INSTANCES_PER_VERSION: u32 = 20;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn oracle(args: &[&str]) {
    let status = Command::new("bash")
        .arg(repo().join("scripts/java-oracle.sh"))
        .args(args)
        .status()
        .expect("bash runs");
    assert!(status.success(), "java-oracle.sh {args:?} failed: {status}");
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Decodes `T` at `version` from all of `bytes`, checks its size, and
/// returns its encoding.
fn round_trip<T: Versioned>(bytes: &[u8], version: i16) -> Result<Vec<u8>, String> {
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
fn api_of(name: &str, suffix: &str) -> Option<ApiKey> {
    let api = name.strip_suffix(suffix)?;
    ApiKey::ALL.iter().copied().find(|k| k.name() == api)
}

/// The schema, versions and flexible versions of the declaration named `name`.
fn declaration(name: &str) -> Option<(&'static StructSchema, VersionRange, VersionRange)> {
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

/// Decodes the schema named `name` from all of `bytes` and encodes it again.
fn rust_round_trip(name: &str, version: i16, bytes: &[u8]) -> Result<Vec<u8>, String> {
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
    by_name!(
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
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn text(&mut self) -> String {
        const PIECES: &[&str] = &["a", "z", "0", "-", ".", "_", "é", "語", "🦀", " "];
        (0..self.below(8))
            .map(|_| PIECES[self.below(PIECES.len() as u64) as usize])
            .collect()
    }
}

/// Random wire bytes of `schema` at `version`: every field present in the
/// version, nulls where nullable, some tagged fields, some unknown tags above
/// the declared ones (where Java writes its raw tags too).
fn random_struct(
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
    let flexible = flexible && f.flexible.map_or(true, |r| r.contains(version));
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

#[derive(Default)]
struct Tally {
    checked: usize,
    failed: Vec<String>,
}

impl Tally {
    fn check(&mut self, what: String, result: Result<(), String>) {
        self.checked += 1;
        if let Err(e) = result {
            if self.failed.len() < 40 {
                self.failed.push(format!("{what}: {e}"));
            } else {
                self.failed.push(String::new());
            }
        }
    }
}

fn lines(path: &Path) -> Vec<(String, i16, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut cols = l.splitn(3, '\t');
            let name = cols.next().unwrap().to_owned();
            let version = cols.next().unwrap().parse().unwrap();
            (name, version, cols.next().unwrap_or("").to_owned())
        })
        .collect()
}

#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn every_schema_matches_kafkas_java_classes() {
    let dir = repo().join("target/java-differential");
    std::fs::create_dir_all(&dir).unwrap();
    let (java, ours, echoed) = (
        dir.join("java.tsv"),
        dir.join("rust.tsv"),
        dir.join("echo.tsv"),
    );

    // 1. Java writes; this crate reads and writes back the same bytes.
    oracle(&[
        "generate",
        java.to_str().unwrap(),
        "--count",
        &INSTANCES_PER_VERSION.to_string(),
    ]);
    let mut from_java = Tally::default();
    let mut seen: BTreeMap<String, Vec<i16>> = BTreeMap::new();
    for (i, (name, version, hexed)) in lines(&java).into_iter().enumerate() {
        let bytes = unhex(&hexed);
        let result = rust_round_trip(&name, version, &bytes).and_then(|again| {
            if again == bytes {
                Ok(())
            } else {
                Err(format!("re-encoded as {}", hex(&again)))
            }
        });
        from_java.check(format!("line {} {name} v{version} {hexed}", i + 1), result);
        let versions = seen.entry(name).or_default();
        if versions.last() != Some(&version) {
            versions.push(version);
        }
    }

    // 2. This crate writes random instances of every declaration at every
    //    version; Java reads them and writes them back.
    let mut rows = String::new();
    let mut made = Tally::default();
    for (name, versions) in &seen {
        let (schema, valid, flexible) =
            declaration(name).unwrap_or_else(|| panic!("no declaration for {name}"));
        assert_eq!(
            versions.first().copied()..=versions.last().copied(),
            valid.lowest()..=valid.highest(),
            "{name}: the oracle covers every version"
        );
        for &version in versions {
            let mut rng = Rng(u64::from(version as u16) << 32 ^ name.len() as u64 ^ 0x5eed);
            for i in 0..INSTANCES_PER_VERSION {
                let mut wire = Vec::new();
                random_struct(
                    &mut rng,
                    schema,
                    version,
                    flexible.contains(version),
                    &mut wire,
                    0,
                );
                match rust_round_trip(name, version, &wire) {
                    Ok(encoded) => {
                        rows.push_str(&format!("{name}\t{version}\t{}\n", hex(&encoded)))
                    }
                    Err(e) => made.check(
                        format!("{name} v{version} #{i} from {}", hex(&wire)),
                        Err(e),
                    ),
                }
            }
        }
    }
    std::fs::write(&ours, &rows).unwrap();
    oracle(&["echo", ours.to_str().unwrap(), echoed.to_str().unwrap()]);
    let mut from_rust = Tally::default();
    for ((name, version, sent), (_, _, back)) in lines(&ours).into_iter().zip(lines(&echoed)) {
        let result = if back == sent {
            Ok(())
        } else {
            Err(format!("Java wrote back {back}"))
        };
        from_rust.check(format!("{name} v{version} {sent}"), result);
    }

    let versions: usize = seen.values().map(Vec::len).sum();
    eprintln!(
        "Java -> Rust: {} instances of {} schemas at {versions} versions, {} failed",
        from_java.checked,
        seen.len(),
        from_java.failed.len()
    );
    eprintln!(
        "Rust -> Java: {} instances, {} failed (and {} not made)",
        from_rust.checked,
        from_rust.failed.len(),
        made.failed.len()
    );
    assert_eq!(seen.len(), 195, "every versioned schema of Kafka 4.4.0");
    let failed: Vec<String> = [from_java.failed, made.failed, from_rust.failed].concat();
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
