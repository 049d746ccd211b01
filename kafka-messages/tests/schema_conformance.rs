//! Schema conformance: every message's schema-as-data (what the derive read from
//! the attributes) compared field by field and struct by struct with Kafka's JSON
//! schemas, transcribed into `fixtures/schemas.txt`.
//!
//! `a_wrong_range_fails_the_comparison` shows that a declaration with one wrong
//! range does not pass.

use std::collections::HashMap;

use kafka_messages::*;
use kafka_wire::schema::{self, FieldSchema, KafkaType, StructSchema};
use kafka_wire::{Message, VersionRange, Versioned};

#[derive(Debug, Clone)]
struct FixtureField {
    name: String,
    kafka_type: String,
    versions: String,
    nullable: String,
    tagged: String,
    tag: String,
    default: String,
    ignorable: bool,
}

#[derive(Debug, Default)]
struct FixtureMessage {
    api_key: i16,
    valid: String,
    flexible: String,
    /// Struct name -> fields, and the order structs appear in.
    structs: Vec<(String, Vec<FixtureField>)>,
}

fn load_fixture() -> HashMap<String, FixtureMessage> {
    let text = include_str!("fixtures/schemas.txt");
    let mut messages: HashMap<String, FixtureMessage> = HashMap::new();
    let mut current: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let kind = words.next().unwrap();
        let name = words
            .next()
            .unwrap_or_else(|| panic!("line {}: no name", n + 1))
            .to_owned();
        let kv: HashMap<&str, &str> = words
            .map(|w| w.split_once('=').expect("key=value"))
            .collect();
        match kind {
            "message" => {
                messages.insert(
                    name.clone(),
                    FixtureMessage {
                        api_key: kv["api_key"].parse().unwrap(),
                        valid: kv["valid"].to_owned(),
                        flexible: kv["flexible"].to_owned(),
                        structs: Vec::new(),
                    },
                );
                current = Some(name);
            }
            "struct" => {
                let m = messages.get_mut(current.as_ref().unwrap()).unwrap();
                m.structs.push((name, Vec::new()));
            }
            "field" => {
                let m = messages.get_mut(current.as_ref().unwrap()).unwrap();
                m.structs.last_mut().unwrap().1.push(FixtureField {
                    name,
                    kafka_type: kv["type"].to_owned(),
                    versions: kv["versions"].to_owned(),
                    nullable: kv["nullable"].to_owned(),
                    tagged: kv["tagged"].to_owned(),
                    tag: kv["tag"].to_owned(),
                    default: kv["default"].to_owned(),
                    ignorable: kv["ignorable"] == "true",
                });
            }
            other => panic!("line {}: unknown record {other}", n + 1),
        }
    }
    messages
}

/// `timeoutMs` / `NumPartitions` -> `timeout_ms` / `num_partitions`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Structs reachable from `root`, in order of first appearance (depth first, in
/// field order), as Kafka's JSON nests them.
fn structs_in_order(root: &'static StructSchema) -> Vec<&'static StructSchema> {
    fn walk(s: &'static StructSchema, out: &mut Vec<&'static StructSchema>) {
        out.push(s);
        for f in s.fields {
            let mut t = &f.kafka_type;
            while let KafkaType::Array(inner) = t {
                t = inner;
            }
            if let KafkaType::Struct(nested) = t {
                if !out.iter().any(|seen| seen.name == nested.name) {
                    walk(nested, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out
}

fn range(text: &str) -> VersionRange {
    text.parse().unwrap_or_else(|e| panic!("fixture: {e}"))
}

fn compare_field(at: &str, ours: &FieldSchema, theirs: &FixtureField, out: &mut Vec<String>) {
    let field = &theirs.name;
    let mut diff = |what: &str, ours: String, theirs: String| {
        if ours != theirs {
            out.push(format!(
                "{at}.{field}: {what} is {ours}, schema says {theirs}"
            ));
        }
    };
    diff("name", ours.name.to_owned(), snake_case(&theirs.name));
    diff(
        "type",
        ours.kafka_type.to_string(),
        theirs.kafka_type.clone(),
    );
    diff(
        "versions",
        ours.versions.to_string(),
        range(&theirs.versions).to_string(),
    );
    diff(
        "nullable versions",
        ours.nullable.to_string(),
        range(&theirs.nullable).to_string(),
    );
    diff(
        "tagged versions",
        ours.tagged.to_string(),
        range(&theirs.tagged).to_string(),
    );
    diff(
        "tag",
        ours.tag.map_or("-".to_owned(), |t| t.to_string()),
        theirs.tag.clone(),
    );
    diff(
        "default",
        ours.default.unwrap_or("-").to_owned(),
        theirs.default.clone(),
    );
    diff(
        "ignorable",
        ours.ignorable.to_string(),
        theirs.ignorable.to_string(),
    );
}

/// Every difference between a message's declaration and the fixture.
fn differences(
    name: &str,
    api_key: i16,
    versions: VersionRange,
    flexible: VersionRange,
    root: &'static StructSchema,
    fixture: &FixtureMessage,
) -> Vec<String> {
    let mut out = Vec::new();
    if api_key != fixture.api_key {
        out.push(format!(
            "{name}: api key {api_key}, schema says {}",
            fixture.api_key
        ));
    }
    if versions != range(&fixture.valid) {
        out.push(format!(
            "{name}: valid versions {versions}, schema says {}",
            fixture.valid
        ));
    }
    if flexible != range(&fixture.flexible) {
        out.push(format!(
            "{name}: flexible versions {flexible}, schema says {}",
            fixture.flexible
        ));
    }
    let ours = structs_in_order(root);
    let ours_names: Vec<&str> = ours.iter().map(|s| s.name).collect();
    let theirs_names: Vec<&str> = fixture.structs.iter().map(|(n, _)| n.as_str()).collect();
    if ours_names != theirs_names {
        out.push(format!(
            "{name}: structs {ours_names:?}, schema has {theirs_names:?}"
        ));
    }
    for (s, (sname, fields)) in ours.iter().zip(&fixture.structs) {
        if s.fields.len() != fields.len() {
            out.push(format!(
                "{sname}: {} fields, schema has {}",
                s.fields.len(),
                fields.len()
            ));
        }
        for (f, theirs) in s.fields.iter().zip(fields) {
            compare_field(sname, f, theirs, &mut out);
        }
        if !s.keeps_unknown_tags {
            out.push(format!("{sname}: does not keep unknown tagged fields"));
        }
    }
    out
}

fn check<M: Message>(fixture: &HashMap<String, FixtureMessage>) -> Vec<String> {
    let name = M::SCHEMA.name;
    let Some(f) = fixture.get(name) else {
        return vec![format!("{name}: not in the fixture")];
    };
    let root: &'static StructSchema = match <M as kafka_wire::Wire>::TYPE {
        KafkaType::Struct(s) => s,
        other => panic!("{name} is a {other}"),
    };
    let mut diffs = differences(name, M::API_KEY, M::VERSIONS, M::FLEXIBLE, root, f);
    diffs.extend(
        schema::validate(root, M::VERSIONS, M::FLEXIBLE)
            .iter()
            .map(|i| i.to_string()),
    );
    diffs
}

#[test]
fn every_message_matches_kafkas_json_schema() {
    let fixture = load_fixture();
    let mut diffs = Vec::new();
    diffs.extend(check::<CreateTopicsRequest>(&fixture));
    diffs.extend(check::<CreateTopicsResponse>(&fixture));
    diffs.extend(check::<CreateAclsRequest>(&fixture));
    diffs.extend(check::<CreateAclsResponse>(&fixture));
    diffs.extend(check::<ApiVersionsRequest>(&fixture));
    diffs.extend(check::<ApiVersionsResponse>(&fixture));
    assert!(
        diffs.is_empty(),
        "declarations differ from the schemas:\n{}",
        diffs.join("\n")
    );
    assert_eq!(fixture.len(), 6, "every message in the fixture is checked");
}

/// A copy of `s` with `field`'s versions replaced, leaked to get `'static`.
fn with_versions(s: &'static StructSchema, field: &str, versions: &str) -> &'static StructSchema {
    let fields: Vec<FieldSchema> = s
        .fields
        .iter()
        .map(|f| {
            let mut f = *f;
            if f.name == field {
                f.versions = versions.parse().unwrap();
            }
            f
        })
        .collect();
    Box::leak(Box::new(StructSchema {
        fields: Box::leak(fields.into_boxed_slice()),
        ..*s
    }))
}

#[test]
fn a_wrong_range_fails_the_comparison() {
    let fixture = load_fixture();
    let f = &fixture["CreateTopicsResponse"];
    let KafkaType::Struct(root) = <CreateTopicsResponse as kafka_wire::Wire>::TYPE else {
        unreachable!()
    };
    // The real declaration passes ...
    assert!(differences(
        "CreateTopicsResponse",
        19,
        CreateTopicsResponse::VERSIONS,
        CreateTopicsResponse::FLEXIBLE,
        root,
        f
    )
    .is_empty());
    // ... and one with throttle_time_ms at "1+" instead of "2+" does not.
    let wrong = with_versions(root, "throttle_time_ms", "1+");
    let diffs = differences(
        "CreateTopicsResponse",
        19,
        CreateTopicsResponse::VERSIONS,
        CreateTopicsResponse::FLEXIBLE,
        wrong,
        f,
    );
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(
        diffs[0].contains("versions is 1+, schema says 2+"),
        "{diffs:?}"
    );
    // A wrong message-level range is caught too.
    let diffs = differences(
        "CreateTopicsResponse",
        19,
        VersionRange::new(2, 8),
        CreateTopicsResponse::FLEXIBLE,
        root,
        f,
    );
    assert_eq!(diffs.len(), 1, "{diffs:?}");
}
