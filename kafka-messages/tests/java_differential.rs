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
//! The versions only Kafka 3.9.1 has (those Kafka 4.0 removed, ZooKeeper's
//! APIs, request header v0) are checked the same ways against kafka-clients
//! 3.9.1's classes (`KAFKA_VERSION=3.9.1 scripts/java-oracle.sh`).
//!
//! Needs Java 17 and Maven (the script fetches the jars once into `.cache/`):
//!
//! ```sh
//! cargo test -p kafka-messages --test java_differential -- --ignored --nocapture
//! ```
//!
//! Nothing is skipped: every schema and version the oracle writes is checked
//! (of 3.9.1's, those it alone has), and the test fails if any declared
//! version is missing from its release's output.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bytes::Bytes;
use common::{declaration, hex, random_instances, rust_round_trip, unhex};
use kafka_messages::{Release, KAFKA_RELEASE};
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use kafka_wire::json::{JsonErrorKind, RecordsAs};
use kafka_wire::schema::MessageSchema;
use kafka_wire::VersionRange;
use serde_json::Value as Json;

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
    let schema = message_schema(name)?;
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

/// The schema of the declaration `name`, for the interpreted codec: a
/// protocol schema's, or (feature `internal`) one of Kafka's own records'.
fn message_schema(name: &str) -> Result<MessageSchema, String> {
    #[cfg(feature = "internal")]
    let found = declaration(name).or_else(|| common::internal_declaration(name));
    #[cfg(not(feature = "internal"))]
    let found = declaration(name);
    let (body, versions, flexible) = found.ok_or_else(|| format!("no declaration named {name}"))?;
    Ok(MessageSchema {
        body,
        versions,
        flexible,
        api_key: None,
    })
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn oracle(args: &[&str]) {
    oracle_of(Release::Latest, args)
}

/// Runs the oracle on the Java classes of `release`'s kafka-clients.
fn oracle_of(release: Release, args: &[&str]) {
    let status = Command::new("bash")
        .arg(repo().join("scripts/java-oracle.sh"))
        .args(args)
        .env("KAFKA_VERSION", release.version())
        .status()
        .expect("bash runs");
    assert!(
        status.success(),
        "java-oracle.sh {args:?} (Kafka {}) failed: {status}",
        release.version()
    );
}

/// Java's seeded random instances of every schema at every version of
/// `release`'s Java classes (`generate`), written once for all the tests of
/// this file.
fn java_instances_of(release: Release) -> &'static Path {
    static DONE: [std::sync::OnceLock<PathBuf>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    DONE[usize::from(release == Release::Latest)].get_or_init(|| {
        let dir = repo().join("target/java-differential");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("instances-{}.tsv", release.version()));
        oracle_of(
            release,
            &[
                "generate",
                path.to_str().unwrap(),
                "--count",
                &INSTANCES_PER_VERSION.to_string(),
            ],
        );
        path
    })
}

/// The versions of the schema `name` in Kafka's release [`KAFKA_RELEASE`]
/// (its JSON's `validVersions`; none for a schema it does not have).
fn latest_versions(name: &str) -> VersionRange {
    let path = repo().join(format!("kafka-messages/schemas/{name}.json"));
    if !path.exists() {
        return VersionRange::NONE;
    }
    kafka_wire_spec::SchemaFile::read(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .spec
        .valid_versions
}

/// Whether the differential against `release`'s Java classes checks
/// `version` of `name`: each declared version is checked against the newest
/// release that has it, so the two runs cover every version once.
fn checked_against(release: Release, name: &str, version: i16) -> bool {
    let declared = declaration(name).is_some_and(|(_, versions, _)| versions.contains(version));
    declared && latest_versions(name).contains(version) == (release == Release::Latest)
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

/// Whether Java wrote back (`echoed`) each line this crate wrote (`ours`)
/// byte for byte.
fn written_back(ours: &Path, echoed: &Path) -> Tally {
    let mut tally = Tally::default();
    for ((name, version, sent), (_, _, back)) in lines(ours).into_iter().zip(lines(echoed)) {
        let result = if back == sent {
            Ok(())
        } else {
            Err(format!("Java wrote back {back}"))
        };
        tally.check(format!("{name} v{version} {sent}"), result);
    }
    tally
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
    matches_java_classes(Release::Latest);
}

/// The versions only Kafka 3.9.1 has (Kafka 4.0 removed them; ZooKeeper's
/// APIs, request header v0), against kafka-clients 3.9.1's classes.
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn every_older_version_matches_the_older_releases_java_classes() {
    matches_java_classes(Release::Older);
}

/// Both ways, every schema at every version [`checked_against`] `release`.
fn matches_java_classes(release: Release) {
    let dir = repo().join(format!("target/java-differential/{}", release.version()));
    std::fs::create_dir_all(&dir).unwrap();
    let (java, ours, echoed) = (
        dir.join("java.tsv"),
        dir.join("rust.tsv"),
        dir.join("echo.tsv"),
    );

    // 1. Java writes; this crate reads and writes back the same bytes.
    std::fs::copy(java_instances_of(release), &java).unwrap();
    let mut from_java = Tally::default();
    let mut seen: BTreeMap<String, Vec<i16>> = BTreeMap::new();
    for (i, (name, version, hexed)) in lines(&java).into_iter().enumerate() {
        if release == Release::Older && !checked_against(release, &name, version) {
            continue; // checked against the crate's release, or not declared (unstable in 3.9)
        }
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
    // Every declared version the release has is in its oracle's output.
    let mut expected: BTreeMap<String, Vec<i16>> = BTreeMap::new();
    for (name, _, versions, _) in common::all_declarations() {
        for v in versions.lowest().unwrap()..=versions.highest().unwrap() {
            if checked_against(release, &name, v) {
                expected.entry(name.clone()).or_default().push(v);
            }
        }
    }
    assert_eq!(
        seen,
        expected,
        "the schemas and versions of Kafka {}",
        release.version()
    );

    // 2. This crate writes random instances of every declaration at every
    //    version; Java reads them and writes them back.
    let mut rows = String::new();
    let mut made = Tally::default();
    for (name, versions) in &seen {
        let (schema, _, flexible) =
            declaration(name).unwrap_or_else(|| panic!("no declaration for {name}"));
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
    oracle_of(
        release,
        &["echo", ours.to_str().unwrap(), echoed.to_str().unwrap()],
    );
    let from_rust = written_back(&ours, &echoed);

    let versions: usize = seen.values().map(Vec::len).sum();
    eprintln!(
        "Kafka {}: Java -> Rust: {} instances of {} schemas at {versions} versions, {} failed",
        release.version(),
        from_java.checked,
        seen.len(),
        from_java.failed.len()
    );
    eprintln!(
        "Kafka {}: Rust -> Java: {} instances, {} failed (and {} not made)",
        release.version(),
        from_rust.checked,
        from_rust.failed.len(),
        made.failed.len()
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

/// Kafka's JSON, both ways, against Java's generated `JsonConverter` classes,
/// for Java's random instances of every schema at every version:
///
/// 1. this crate writes each as Java does (records as Java's
///    `serializeRecords = true` and `false` write them): equal as JSON
///    values, and byte for byte to Jackson's compact printing but where
///    a `float64` is printed (Java's `Double.toString` and Rust's shortest
///    form write some numbers differently, the same number either way);
/// 2. this crate reads Java's JSON to the bytes Java reads it to;
/// 3. Java reads this crate's JSON (records in base64) to the bytes this
///    crate reads it to, and those are the instance's bytes but for its
///    unknown tagged fields, which Kafka's JSON leaves out.
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn json_is_kafkas_json() {
    json_matches_java(Release::Latest);
}

/// [`json_is_kafkas_json`] for the versions only Kafka 3.9.1 has, against its
/// `JsonConverter`s.
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --features json --test java_differential -- --ignored"]
fn json_of_older_versions_is_the_older_releases_json() {
    json_matches_java(Release::Older);
}

/// Kafka's JSON of every instance `release`'s oracle writes of the versions
/// [`checked_against`] it, both ways.
fn json_matches_java(release: Release) {
    json_matches(Classes::Release(release));
}

/// Whose generated Java classes a differential runs against.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Classes {
    /// A release's kafka-clients, for the versions [`checked_against`] it.
    Release(Release),
    /// The five jars of Kafka's own records (`--internal`).
    #[cfg(feature = "internal")]
    Internal,
}

impl Classes {
    fn dir(self) -> PathBuf {
        let name = match self {
            Classes::Release(release) => release.version(),
            #[cfg(feature = "internal")]
            Classes::Internal => "internal",
        };
        let dir = repo().join("target/java-differential").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn oracle(self, args: &[&str]) {
        match self {
            Classes::Release(release) => oracle_of(release, args),
            #[cfg(feature = "internal")]
            Classes::Internal => oracle(&[args, &["--internal"]].concat()),
        }
    }

    /// Java's instances of what this run checks.
    fn instances(self) -> Vec<(String, i16, String)> {
        match self {
            Classes::Release(release) => lines(java_instances_of(release))
                .into_iter()
                .filter(|(name, v, _)| {
                    release == Release::Latest || checked_against(release, name, *v)
                })
                .collect(),
            #[cfg(feature = "internal")]
            Classes::Internal => lines(internal_instances()),
        }
    }
}

/// Java's seeded random instances of Kafka's own records (`generate
/// --internal`), written once for the tests of this file.
#[cfg(feature = "internal")]
fn internal_instances() -> &'static Path {
    static DONE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        let path = Classes::Internal.dir().join("instances.tsv");
        let count = INSTANCES_PER_VERSION.to_string();
        Classes::Internal.oracle(&["generate", path.to_str().unwrap(), "--count", &count]);
        path
    })
}

/// Kafka's JSON of every instance of `classes`, both ways.
fn json_matches(classes: Classes) {
    let dir = classes.dir();
    let (instances_file, written, ours, echoed) = (
        dir.join("json-instances.tsv"),
        dir.join("json-java.tsv"),
        dir.join("json-rust.tsv"),
        dir.join("json-echo.tsv"),
    );
    let instances = classes.instances();
    let rows: String = instances
        .iter()
        .map(|(name, v, hexed)| format!("{name}\t{v}\t{hexed}\n"))
        .collect();
    std::fs::write(&instances_file, rows).unwrap();
    classes.oracle(&[
        "json",
        instances_file.to_str().unwrap(),
        written.to_str().unwrap(),
    ]);
    let java: Vec<String> = std::fs::read_to_string(&written)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(java.len(), instances.len(), "a line of JSON per instance");

    let (mut writes, mut reads) = (Tally::default(), Tally::default());
    let mut typed = Tally::default();
    let mut byte_exact = 0;
    let mut rows = String::new();
    let mut ours_read: Vec<Vec<u8>> = Vec::new();
    for ((name, version, hexed), line) in instances.iter().zip(&java) {
        let version = *version;
        let what = format!("{name} v{version} {hexed}");
        let cols: Vec<&str> = line.split('\t').collect();
        let [_, _, text, sized, again] = cols[..] else {
            writes.check(what, Err(format!("Java could not write it: {line}")));
            continue;
        };
        let schema = message_schema(name).unwrap();
        let view = DynamicView::decode_exact(schema, version, Bytes::from(unhex(hexed))).unwrap();

        // 1. Written as Java writes it.
        let mine = view.to_json().records(RecordsAs::Empty).to_string();
        let mine_sized = view.to_json().records(RecordsAs::SizeInBytes).to_string();
        let result = same_json(&mine, text)
            .and_then(|()| same_json(&mine_sized, sized))
            .and_then(|()| {
                if mine == text && mine_sized == sized {
                    byte_exact += 1;
                    Ok(())
                } else if has_float(schema) {
                    Ok(())
                } else {
                    Err(format!(
                        "equal as values, but printed\n  {mine}\n  where Java prints\n  {text}"
                    ))
                }
            });
        writes.check(what.clone(), result);

        // 1b. The writer the derive generates for a typed request or
        // response writes what the interpreted writer wrote, byte for byte.
        if let Some(result) = typed_json(name, version, &unhex(hexed), &mine, &mine_sized) {
            typed.check(what.clone(), result);
        }

        // 2. Java's JSON read here, to the bytes Java reads it to.
        let result = DynamicMessage::from_json_str(schema, version, text)
            .map_err(|e| format!("reading Java's JSON {text}: {e}"))
            .and_then(|m| m.encode_to_vec().map_err(|e| e.to_string()))
            .and_then(|bytes| same(bytes, &unhex(again), "reading Java's JSON"))
            .and_then(
                |()| match DynamicMessage::from_json_str(schema, version, sized) {
                    Err(e) if matches!(e.kind(), JsonErrorKind::RecordsAsSize) => Ok(()),
                    Err(e) => Err(format!("reading Java's sized JSON {sized}: {e}")),
                    Ok(_) if mine_sized == mine => Ok(()),
                    Ok(_) => Err(format!("read records from their size: {sized}")),
                },
            );
        reads.check(what.clone(), result);

        // 2b. Java's JSON read by the reader the derive generates (a typed
        // request or response), to the bytes Java reads it to.
        if let Some(result) = typed_read(name, version, text) {
            let result = result.and_then(|bytes| same(bytes, &unhex(again), "the typed reader"));
            typed.check(what.clone(), result);
        }

        // 3. This crate's JSON, records in base64, for Java to read.
        let base64 = view.to_json().to_string();
        let read_back = DynamicMessage::from_json_str(schema, version, &base64)
            .map_err(|e| e.to_string())
            .and_then(|m| m.encode_to_vec().map_err(|e| e.to_string()))
            .and_then(|bytes| {
                let again = DynamicView::decode_exact(schema, version, Bytes::from(bytes.clone()))
                    .map_err(|e| e.to_string())?;
                let text = again.to_json().to_string();
                // Unknown tagged fields are not in Kafka's JSON: a tagged
                // struct that held only those is written at its default,
                // and left out once read back.
                if text == base64 || has_unknown_tags(view.body()) {
                    Ok(bytes)
                } else {
                    Err(format!("our JSON read back writes {text}"))
                }
            });
        match read_back {
            Ok(bytes) => {
                rows.push_str(&format!("{name}\t{version}\t{base64}\n"));
                ours_read.push(bytes);
            }
            Err(e) => reads.check(what, Err(format!("reading our own JSON {base64}: {e}"))),
        }
    }
    std::fs::write(&ours, &rows).unwrap();
    classes.oracle(&[
        "from-json",
        ours.to_str().unwrap(),
        echoed.to_str().unwrap(),
    ]);
    let mut by_java = Tally::default();
    for (((name, version, sent), (_, _, back)), bytes) in
        lines(&ours).into_iter().zip(lines(&echoed)).zip(&ours_read)
    {
        let result = if unhex_or_error(&back).as_deref() == Ok(&bytes[..]) {
            Ok(())
        } else {
            Err(format!(
                "Java read it to {back}, this crate to {}",
                hex(bytes)
            ))
        };
        by_java.check(format!("{name} v{version} {sent}"), result);
    }
    // The bytes of our JSON read back are the instance's without its
    // unknown tagged fields: Java's JSON of both is the same text.
    eprintln!(
        "JSON ({classes:?}): {} instances written as Java writes them ({byte_exact} byte for byte, the rest equal as values), \
         {} failed; {} typed bodies written by the generated writer as by the interpreted one and \
         Java's read by the generated reader as Java reads them, {} failed; \
         {} of Java's read here, {} failed; {} of ours read by Java, {} failed",
        writes.checked,
        writes.failed.len(),
        typed.checked,
        typed.failed.len(),
        reads.checked,
        reads.failed.len(),
        by_java.checked,
        by_java.failed.len()
    );
    let failed: Vec<String> = [writes.failed, typed.failed, reads.failed, by_java.failed].concat();
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// For a request or response body (`<Api>Request`, `<Api>Response`): its
/// typed form's JSON by the writer the derive generates, records empty and
/// as their size, compared with the interpreted writer's `empty` and
/// `sized` texts; `None` for a header or a data schema.
fn typed_json(
    name: &str,
    version: i16,
    bytes: &[u8],
    empty: &str,
    sized: &str,
) -> Option<Result<(), String>> {
    use kafka_messages::{ApiKey, RequestKind, ResponseKind};
    let (api, request) = match (name.strip_suffix("Request"), name.strip_suffix("Response")) {
        (Some(api), _) => (ApiKey::from_name(api)?, true),
        (_, Some(api)) => (ApiKey::from_name(api)?, false),
        _ => return None,
    };
    let write = |records: RecordsAs| -> Result<String, String> {
        let mut out = Vec::new();
        let written = if request {
            RequestKind::decode(api.key(), version, &mut &bytes[..])
                .map_err(|e| e.to_string())?
                .write_json(version, records, &mut out)
        } else {
            ResponseKind::decode(api.key(), version, &mut &bytes[..])
                .map_err(|e| e.to_string())?
                .write_json(version, records, &mut out)
        };
        written.map_err(|e| e.to_string())?;
        String::from_utf8(out).map_err(|e| e.to_string())
    };
    Some((|| {
        for (records, expected) in [(RecordsAs::Empty, empty), (RecordsAs::SizeInBytes, sized)] {
            let text = write(records)?;
            if text != expected {
                return Err(format!(
                    "the generated writer wrote\n  {text}\n  the interpreted one\n  {expected}"
                ));
            }
        }
        Ok(())
    })())
}

/// For a request or response body: Java's JSON text read by
/// `RequestKind`/`ResponseKind::from_json_str` (the reader the derive
/// generates), encoded again; `None` for a header or a data schema.
fn typed_read(name: &str, version: i16, text: &str) -> Option<Result<Vec<u8>, String>> {
    use kafka_messages::{ApiKey, RequestKind, ResponseKind};
    let (api, request) = match (name.strip_suffix("Request"), name.strip_suffix("Response")) {
        (Some(api), _) => (ApiKey::from_name(api)?, true),
        (_, Some(api)) => (ApiKey::from_name(api)?, false),
        _ => return None,
    };
    let mut out = Vec::new();
    let encoded = if request {
        RequestKind::from_json_str(api.key(), version, text)
            .map_err(|e| e.to_string())
            .and_then(|m| m.encode(&mut out, version).map_err(|e| e.to_string()))
    } else {
        ResponseKind::from_json_str(api.key(), version, text)
            .map_err(|e| e.to_string())
            .and_then(|m| m.encode(&mut out, version).map_err(|e| e.to_string()))
    };
    Some(
        encoded
            .map(|_| out)
            .map_err(|e| format!("reading Java's JSON {text}: {e}")),
    )
}

/// `Ok` when two JSON texts hold the same value (numbers compared as
/// numbers: `1.0E10` is `10000000000.0`).
fn same_json(mine: &str, java: &str) -> Result<(), String> {
    let (a, b): (Json, Json) = (
        serde_json::from_str(mine).map_err(|e| format!("{e}: {mine}"))?,
        serde_json::from_str(java).map_err(|e| format!("{e}: {java}"))?,
    );
    if equal(&a, &b) {
        Ok(())
    } else {
        Err(format!("wrote\n  {mine}\n  where Java writes\n  {java}"))
    }
}

fn equal(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) if x.is_f64() || y.is_f64() => x.as_f64() == y.as_f64(),
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| equal(x, y))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len()
                && x.keys().eq(y.keys())
                && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

/// True when the schema holds a `float64` anywhere.
fn has_float(schema: MessageSchema) -> bool {
    fn walk(s: &kafka_wire::schema::StructSchema) -> bool {
        s.fields.iter().any(|f| {
            let mut ty = &f.kafka_type;
            while let kafka_wire::schema::KafkaType::Array(inner) = ty {
                ty = inner;
            }
            match ty {
                kafka_wire::schema::KafkaType::Float64 => true,
                kafka_wire::schema::KafkaType::Struct(inner) => walk(inner),
                _ => false,
            }
        })
    }
    walk(schema.body)
}

/// True when the struct or anything in it was read with unknown tagged fields.
fn has_unknown_tags(body: kafka_wire::dynamic::StructView<'_>) -> bool {
    fn value(v: kafka_wire::dynamic::ValueView<'_>) -> bool {
        match v {
            kafka_wire::dynamic::ValueView::Struct(s) => has_unknown_tags(s),
            kafka_wire::dynamic::ValueView::Array(a) => a.iter().any(|e| value(e.value)),
            _ => false,
        }
    }
    body.unknown_tags().next().is_some() || body.fields().any(|f| value(f.value))
}

fn unhex_or_error(text: &str) -> Result<Vec<u8>, &str> {
    if text.starts_with("ERROR") || text.len() % 2 != 0 {
        Err(text)
    } else {
        Ok(unhex(text))
    }
}

/// The request log's `requestApiKeyName` is the name of Java's `ApiKeys`
/// constant: `java_name` gives it for every API this crate has.
#[cfg(feature = "json")]
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn api_key_names_are_kafkas() {
    let path = repo().join("target/java-differential/api-keys.tsv");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    oracle(&["api-keys", path.to_str().unwrap()]);
    let java: BTreeMap<i16, String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| {
            let (id, name) = l.split_once('\t').expect("id and name");
            (id.parse().unwrap(), name.to_owned())
        })
        .collect();
    for key in kafka_messages::ApiKey::ALL {
        let ours = kafka_messages::json::java_name(key.name());
        assert_eq!(java.get(&key.key()), Some(&ours), "{key:?}");
    }
}

/// What Kafka's request and response classes change in the messages they
/// wrap, which the request log prints and the wire does not carry: from
/// version 7, `JoinGroupResponse` turns an empty `protocolName` into null
/// (what a broker sends there). `(API, from version, ours, Java's)`.
#[cfg(feature = "json")]
const JAVA_NORMALIZES: &[(kafka_messages::ApiKey, i16, &str, &str)] = &[(
    kafka_messages::ApiKey::JoinGroup,
    7,
    r#""protocolName":"""#,
    r#""protocolName":null"#,
)];

/// The broker's request log, against Java's own (`RequestConvertToJson.
/// requestDescMetrics` in kafka-server): for every API at every version, up
/// to three exchanges made of Java's random requests and responses, framed
/// here, printed by `kafka_messages::json::RequestLog` and by Java with the
/// same metrics, must be the same line (equal as values where a `float64`
/// is printed).
#[cfg(feature = "json")]
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --test java_differential -- --ignored"]
fn request_log_is_kafkas() {
    use kafka_messages::dynamic::FrameView;
    use kafka_messages::json::{RequestLog, RequestMetrics};
    use kafka_wire::{RequestHeader, ResponseHeader, Versioned};

    let mut bodies: BTreeMap<(String, i16), Vec<Vec<u8>>> = BTreeMap::new();
    for (name, version, hexed) in lines(java_instances_of(Release::Latest)) {
        let list = bodies.entry((name, version)).or_default();
        if list.len() < 3 {
            list.push(unhex(&hexed));
        }
    }
    let metrics = RequestMetrics {
        connection: "127.0.0.1:9092-127.0.0.1:50000-0".into(),
        total_time_ms: 1.5,
        request_queue_time_ms: 0.25,
        local_time_ms: 0.5,
        remote_time_ms: 0.0,
        throttle_time_ms: 0,
        response_queue_time_ms: 0.125,
        send_time_ms: 0.625,
        security_protocol: "PLAINTEXT".into(),
        principal: "User:ANONYMOUS".into(),
        listener: "PLAINTEXT".into(),
        client_software_name: "kafka-wire".into(),
        client_software_version: "0.1".into(),
        temporary_memory_bytes: 4096,
        message_conversions_time_ms: 0.0,
    };
    let mut rows = String::new();
    let mut ours = Vec::new();
    let mut correlation_id = 0;
    for api in kafka_messages::ApiKey::ALL {
        let (Some(low), Some(high)) = (
            api.valid_versions().lowest(),
            api.valid_versions().highest(),
        ) else {
            continue;
        };
        for version in low..=high {
            let requests = &bodies[&(format!("{}Request", api.name()), version)];
            let responses = &bodies[&(format!("{}Response", api.name()), version)];
            for (request, response) in requests.iter().zip(responses) {
                correlation_id += 1;
                let header =
                    RequestHeader::new(api.key(), version, correlation_id, Some("oracle".into()));
                let mut request_frame = header
                    .encode_to_vec(api.request_header_version(version))
                    .unwrap();
                request_frame.extend_from_slice(request);
                let mut response_frame = ResponseHeader::new(correlation_id)
                    .encode_to_vec(api.response_header_version(version))
                    .unwrap();
                response_frame.extend_from_slice(response);
                let request_view =
                    FrameView::decode_request(Bytes::from(request_frame.clone())).unwrap();
                let response_view = FrameView::decode_response(
                    Bytes::from(response_frame.clone()),
                    api.key(),
                    version,
                )
                .unwrap();
                let line = RequestLog::new(&request_view)
                    .completed(Some(&response_view), &metrics)
                    .to_string();
                let floats = has_float(api.request_message_schema().unwrap())
                    || has_float(api.response_message_schema().unwrap());
                rows.push_str(&format!(
                    "{}\t{}\n",
                    hex(&request_frame),
                    hex(&response_frame)
                ));
                ours.push((*api, version, line, floats));
            }
        }
    }
    let dir = repo().join("target/java-differential");
    let (sent, back) = (
        dir.join("request-log-in.tsv"),
        dir.join("request-log-java.tsv"),
    );
    std::fs::write(&sent, rows).unwrap();
    oracle(&[
        "request-log",
        sent.to_str().unwrap(),
        back.to_str().unwrap(),
    ]);
    let java: Vec<String> = std::fs::read_to_string(&back)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(java.len(), ours.len(), "a line per exchange");

    let mut tally = Tally::default();
    let (mut byte_exact, mut refused) = (0, Vec::new());
    let mut checked_apis = std::collections::BTreeSet::new();
    for ((api, version, line, floats), java) in ours.iter().zip(&java) {
        if let Some(why) = java.strip_prefix("ERROR\t") {
            refused.push(format!("{} v{version}: {why}", api.name()));
            continue;
        }
        checked_apis.insert(api.key());
        let normalized = JAVA_NORMALIZES
            .iter()
            .find(|(a, from, _, _)| a == api && version >= from)
            .map(|(_, _, ours, theirs)| line.replace(ours, theirs));
        let result = if line == java {
            byte_exact += 1;
            Ok(())
        } else if normalized.as_deref() == Some(java.as_str()) {
            Ok(())
        } else if *floats {
            same_json(line, java)
        } else {
            Err(format!("printed\n  {line}\n  where Java prints\n  {java}"))
        };
        tally.check(format!("{} v{version}", api.name()), result);
    }
    eprintln!(
        "request log: {} exchanges as Java prints them ({byte_exact} byte for byte), {} failed; Java refused {} ({})",
        tally.checked,
        tally.failed.len(),
        refused.len(),
        refused.iter().take(3).cloned().collect::<Vec<_>>().join("; ")
    );
    let missing: Vec<&str> = kafka_messages::ApiKey::ALL
        .iter()
        .filter(|a| !a.valid_versions().is_empty() && !checked_apis.contains(&a.key()))
        .map(|a| a.name())
        .collect();
    assert!(
        missing.is_empty(),
        "no exchange of {missing:?} was compared"
    );
    assert!(
        tally.failed.is_empty(),
        "{} failures:\n{}",
        tally.failed.len(),
        tally.failed.join("\n")
    );
}

/// Kafka's own records (feature `internal`): every schema of the five jars
/// beside kafka-clients at every version, both ways, against their generated
/// Java classes (`java-oracle.sh generate --internal`): Java's bytes read
/// through each family's codec (framed as Kafka frames them) and written back
/// exact, and this crate's random instances read and written back by Java.
#[cfg(feature = "internal")]
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --features internal --test java_differential -- --ignored"]
fn every_internal_record_matches_kafkas_java_classes() {
    use kafka_messages::internal::*;
    let dir = Classes::Internal.dir();
    let (ours, echoed) = (dir.join("rust.tsv"), dir.join("echo.tsv"));
    let java = internal_instances();
    let schemas: BTreeMap<&str, &RecordSchema> =
        schemas().map(|s| (s.schema.schema.json_name, s)).collect();

    // The body's bytes read through the family's codec and written back,
    // the framing taken off again.
    let round_trip = |name: &str, version: i16, body: &[u8]| -> Result<Vec<u8>, String> {
        use kafka_wire::Versioned;
        let Some(s) = schemas.get(name) else {
            let q = QuorumStateData::decode_exact(Bytes::copy_from_slice(body), version)
                .map_err(|e| e.to_string())?;
            return q.encode_to_vec(version).map_err(|e| e.to_string());
        };
        let (framed, prefix) = common::frame_internal(s, version, body);
        let again = common::through_family(s, framed.into())?;
        Ok(again[prefix..].to_vec())
    };

    let mut from_java = Tally::default();
    let mut seen: BTreeMap<String, Vec<i16>> = BTreeMap::new();
    for (i, (name, version, hexed)) in lines(java).into_iter().enumerate() {
        let bytes = unhex(&hexed);
        let result = round_trip(&name, version, &bytes)
            .and_then(|again| same(again, &bytes, "the family's codec"));
        from_java.check(format!("line {} {name} v{version} {hexed}", i + 1), result);
        let versions = seen.entry(name).or_default();
        if versions.last() != Some(&version) {
            versions.push(version);
        }
    }
    assert_eq!(
        seen.len(),
        schemas.len() + 1,
        "every schema, and QuorumStateData"
    );

    let mut rows = String::new();
    let mut made = Tally::default();
    for (name, versions) in &seen {
        let (schema, flexible) = match schemas.get(name.as_str()) {
            Some(s) => (s.schema.schema, s.schema.flexible),
            None => (
                &<QuorumStateData as kafka_wire::KafkaStruct>::SCHEMA,
                <QuorumStateData as kafka_wire::Versioned>::FLEXIBLE,
            ),
        };
        for &version in versions {
            for wire in random_instances(
                name,
                schema,
                version,
                flexible,
                INSTANCES_PER_VERSION as usize,
            ) {
                match round_trip(name, version, &wire) {
                    Ok(encoded) => {
                        rows.push_str(&format!("{name}\t{version}\t{}\n", hex(&encoded)))
                    }
                    Err(e) => made.check(format!("{name} v{version} from {}", hex(&wire)), Err(e)),
                }
            }
        }
    }
    std::fs::write(&ours, &rows).unwrap();
    Classes::Internal.oracle(&["echo", ours.to_str().unwrap(), echoed.to_str().unwrap()]);
    let from_rust = written_back(&ours, &echoed);
    eprintln!(
        "internal records: Java -> Rust {} instances of {} schemas, {} failed; Rust -> Java {} instances, {} failed ({} not made)",
        from_java.checked,
        seen.len(),
        from_java.failed.len(),
        from_rust.checked,
        from_rust.failed.len(),
        made.failed.len()
    );
    let failed: Vec<String> = [from_java.failed, made.failed, from_rust.failed].concat();
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Kafka's JSON of its own records (feature `internal`), both ways, against
/// their `JsonConverter`s: what `kafka-dump-log`'s decoders print.
#[cfg(feature = "internal")]
#[test]
#[ignore = "needs Java 17 and Maven: cargo test -p kafka-messages --features internal --test java_differential -- --ignored"]
fn json_of_internal_records_is_kafkas_json() {
    json_matches(Classes::Internal);
}
