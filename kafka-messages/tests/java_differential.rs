//! Differential test against Apache Kafka's own generated Java classes
//! (kafka-clients at [`KAFKA_RELEASE`]), for every API, data schema and header, at every
//! version: `bash scripts/java-oracle.sh` (tests/java-oracle/) is the Java side.
//!
//! 1. Java writes seeded random instances of every schema (and each at its
//!    defaults); each decodes here, re-encodes byte-exact, and `encoded_len` is
//!    exact.
//!    The interpreted codec (`kafka_wire::dynamic`) reads each too, and
//!    re-encodes it byte-exact.
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

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{declaration, hex, random_instances, rust_round_trip, unhex};
use kafka_messages::KAFKA_RELEASE;

const INSTANCES_PER_VERSION: u32 = 20;

/// `Ok` when `again` is `bytes`.
fn same(again: Vec<u8>, bytes: &[u8], by: &str) -> Result<(), String> {
    if again == bytes {
        Ok(())
    } else {
        Err(format!("re-encoded by {by} as {}", hex(&again)))
    }
}

/// Reads the declaration `name` at `version` from all of `bytes` by its
/// schema alone and writes it again.
fn interpreted_round_trip(name: &str, version: i16, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let (body, versions, flexible) =
        declaration(name).ok_or_else(|| format!("no declaration named {name}"))?;
    let schema = kafka_wire::schema::MessageSchema {
        body,
        versions,
        flexible,
        api_key: None,
    };
    let message = kafka_wire::dynamic::DynamicMessage::decode_exact(
        schema,
        version,
        bytes::Bytes::copy_from_slice(bytes),
    )
    .map_err(|e| format!("interpreted decode: {e}"))?;
    message
        .encode_to_vec()
        .map_err(|e| format!("interpreted encode: {e}"))
}

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
        let result = rust_round_trip(&name, version, &bytes)
            .and_then(|again| same(again, &bytes, "the typed codec"))
            .and_then(|()| interpreted_round_trip(&name, version, &bytes))
            .and_then(|again| same(again, &bytes, "the interpreted codec"));
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
            for (i, wire) in random_instances(
                name,
                schema,
                version,
                flexible,
                INSTANCES_PER_VERSION as usize,
            )
            .into_iter()
            .enumerate()
            {
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
    assert_eq!(
        seen.len(),
        common::live_schema_names().len(),
        "every schema Kafka {KAFKA_RELEASE} uses"
    );
    let failed: Vec<String> = [from_java.failed, made.failed, from_rust.failed].concat();
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Kafka's error codes are `kafka_wire::ErrorCode`'s table: every code of
/// Java's `Errors` enum at this release, with its name and whether it is
/// retriable, and no other.
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn error_codes_are_kafkas() {
    let dir = repo().join("target/java-differential");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("errors.tsv");
    oracle(&["errors", path.to_str().unwrap()]);
    let java: Vec<(i16, String, bool)> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let [code, name, retriable] = cols[..] else {
                panic!("an error code line: {l:?}");
            };
            (code.parse().unwrap(), name.to_owned(), retriable == "true")
        })
        .collect();
    let ours: Vec<(i16, String, bool)> = kafka_wire::ErrorCode::ALL
        .iter()
        .map(|e| (e.code(), e.name().to_owned(), e.is_retriable()))
        .collect();
    let only_java: Vec<_> = java.iter().filter(|e| !ours.contains(e)).collect();
    let only_ours: Vec<_> = ours.iter().filter(|e| !java.contains(e)).collect();
    assert!(
        only_java.is_empty() && only_ours.is_empty(),
        "ErrorCode differs from Kafka {KAFKA_RELEASE}'s Errors: only in Java {only_java:?}; only here {only_ours:?}"
    );
    eprintln!(
        "{} error codes, as Kafka {KAFKA_RELEASE} has them",
        java.len()
    );
}
