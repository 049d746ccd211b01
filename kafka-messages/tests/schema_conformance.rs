//! Schema conformance: every declaration's schema as data (what the derive read
//! from the attributes) against Kafka's own JSON schema, fact by fact: every
//! API's request and response (curated and generated alike), the data
//! schemas, and the runtime's request and response headers.
//!
//! `a_wrong_fact_fails_the_comparison` shows that a declaration with one wrong
//! fact does not pass.

mod common;

use std::collections::HashMap;

use kafka_messages::ApiKey;
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::VersionRange;
use serde_json::Value;

use common::json_comments as json;

/// Every schema file, by its `name`.
fn kafka_schemas() -> HashMap<String, Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/schemas");
    let mut out = HashMap::new();
    for entry in std::fs::read_dir(dir).expect("kafka-messages/schemas") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let json: Value = serde_json::from_str(&json::strip_json_comments(&text))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.insert(json["name"].as_str().unwrap().to_owned(), json);
        }
    }
    out
}

fn range(text: &str) -> VersionRange {
    text.parse()
        .unwrap_or_else(|e| panic!("range {text:?}: {e}"))
}

fn str_of<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// A default as the JSON writes it, normalised: numbers in decimal.
fn normal_default(text: &str) -> String {
    if let Some(hex) = text.strip_prefix("0x") {
        if let Ok(n) = i64::from_str_radix(hex, 16) {
            return n.to_string();
        }
    }
    text.to_ascii_lowercase()
}

/// The Kafka type name of our field's type, with structs by their JSON name.
fn type_name(t: &KafkaType) -> String {
    match t {
        KafkaType::Array(inner) => format!("[]{}", type_name(inner)),
        KafkaType::Struct(s) => s.json_name.to_owned(),
        other => other.to_string(),
    }
}

/// The differences between a struct's declaration and its JSON `fields`.
fn compare_struct(
    path: &str,
    ours: &StructSchema,
    fields: &[Value],
    flexible: VersionRange,
    out: &mut Vec<String>,
    common: &HashMap<String, &Value>,
) {
    if ours.fields.len() != fields.len() {
        out.push(format!(
            "{path}: {} fields, schema has {}",
            ours.fields.len(),
            fields.len()
        ));
    }
    if ours.keeps_unknown_tags == flexible.is_empty() {
        out.push(format!(
            "{path}: keeps unknown tags {}, flexible {flexible}",
            ours.keeps_unknown_tags
        ));
    }
    for (f, theirs) in ours.fields.iter().zip(fields) {
        compare_field(path, f, theirs, flexible, out, common);
    }
}

fn compare_field(
    path: &str,
    f: &FieldSchema,
    theirs: &Value,
    flexible: VersionRange,
    out: &mut Vec<String>,
    common: &HashMap<String, &Value>,
) {
    let name = str_of(theirs, "name").unwrap();
    let at = format!("{path}.{name}");
    let mut differ = |what: &str, ours: String, kafka: String| {
        if ours != kafka {
            out.push(format!("{at}: {what} is {ours}, schema says {kafka}"));
        }
    };
    differ("name", f.json_name.to_owned(), name.to_owned());
    let kafka_type = str_of(theirs, "type").unwrap();
    differ("type", type_name(&f.kafka_type), kafka_type.to_owned());
    differ(
        "versions",
        f.versions.to_string(),
        range(str_of(theirs, "versions").unwrap()).to_string(),
    );
    let opt_range = |key| {
        str_of(theirs, key)
            .map_or(VersionRange::NONE, range)
            .to_string()
    };
    differ(
        "nullable",
        f.nullable.to_string(),
        opt_range("nullableVersions"),
    );
    differ("tagged", f.tagged.to_string(), opt_range("taggedVersions"));
    differ(
        "tag",
        format!("{:?}", f.tag),
        format!(
            "{:?}",
            theirs.get("tag").and_then(Value::as_u64).map(|t| t as u32)
        ),
    );
    let kafka_default = theirs.get("default").map(|d| match d {
        Value::String(s) => normal_default(s),
        other => normal_default(&other.to_string()),
    });
    differ(
        "default",
        format!("{:?}", f.default.map(normal_default)),
        format!("{kafka_default:?}"),
    );
    differ(
        "ignorable",
        f.ignorable.to_string(),
        theirs
            .get("ignorable")
            .and_then(Value::as_bool)
            .unwrap_or(false)
            .to_string(),
    );
    differ(
        "flexible override",
        format!("{:?}", f.flexible.map(|r| r.to_string())),
        format!(
            "{:?}",
            str_of(theirs, "flexibleVersions").map(|r| range(r).to_string())
        ),
    );
    differ(
        "mapKey",
        f.map_key.to_string(),
        theirs
            .get("mapKey")
            .and_then(Value::as_bool)
            .unwrap_or(false)
            .to_string(),
    );
    differ(
        "entityType",
        format!("{:?}", f.entity_type),
        format!("{:?}", str_of(theirs, "entityType")),
    );
    if let Some(nested) = f.kafka_type.nested_struct() {
        let struct_name = kafka_type.trim_start_matches("[]");
        let fields = theirs
            .get("fields")
            .or_else(|| common.get(struct_name).and_then(|c| c.get("fields")))
            .and_then(Value::as_array);
        match fields {
            Some(fields) => compare_struct(&at, nested, fields, flexible, out, common),
            None => out.push(format!(
                "{at}: no fields for struct {struct_name} in the schema"
            )),
        }
    }
}

/// Every difference between one declaration and its JSON file.
fn differences(
    json: &Value,
    ours: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
) -> Vec<String> {
    let name = str_of(json, "name").unwrap();
    let mut out = Vec::new();
    if ours.json_name != name {
        out.push(format!("{name}: declared as {}", ours.json_name));
    }
    let valid = range(str_of(json, "validVersions").unwrap());
    if versions != valid {
        out.push(format!(
            "{name}: valid versions {versions}, schema says {valid}"
        ));
    }
    let kafka_flexible = range(str_of(json, "flexibleVersions").unwrap_or("none"));
    if flexible != kafka_flexible {
        out.push(format!(
            "{name}: flexible versions {flexible}, schema says {kafka_flexible}"
        ));
    }
    let common: HashMap<String, &Value> = json
        .get("commonStructs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| (str_of(c, "name").unwrap().to_owned(), c))
        .collect();
    let fields = json["fields"].as_array().unwrap();
    compare_struct(name, ours, fields, flexible, &mut out, &common);
    out
}

#[test]
fn every_declaration_matches_kafkas_json_schema() {
    let schemas = kafka_schemas();
    let declared = common::all_declarations();
    let mut diffs = Vec::new();
    for (name, schema, versions, flexible) in &declared {
        match schemas.get(name) {
            Some(json) => diffs.extend(differences(json, schema, *versions, *flexible)),
            None => diffs.push(format!("{name}: no JSON schema")),
        }
    }
    assert!(
        diffs.is_empty(),
        "{} declarations differ from the schemas:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
    // Every live schema is declared, and every request's API has a key.
    let live = common::live_schema_names();
    let mut declared_names: Vec<&str> = declared.iter().map(|(n, ..)| n.as_str()).collect();
    declared_names.sort_unstable();
    assert_eq!(declared_names, live);
    let requests = schemas
        .values()
        .filter(|j| {
            str_of(j, "type") == Some("request") && str_of(j, "validVersions") != Some("none")
        })
        .count();
    assert_eq!(ApiKey::ALL.len(), requests);
}

/// A copy of `s` with one field changed by `f`, leaked to get `'static`.
fn changed(
    s: &'static StructSchema,
    field: &str,
    f: impl Fn(&mut FieldSchema),
) -> &'static StructSchema {
    let fields: Vec<FieldSchema> = s
        .fields
        .iter()
        .map(|x| {
            let mut x = *x;
            if x.name == field {
                f(&mut x);
            }
            x
        })
        .collect();
    Box::leak(Box::new(StructSchema {
        fields: Box::leak(fields.into_boxed_slice()),
        ..*s
    }))
}

#[test]
fn a_wrong_fact_fails_the_comparison() {
    let schemas = kafka_schemas();
    let json = &schemas["CreateTopicsResponse"];
    let key = ApiKey::CreateTopics;
    let root = key.response_schema().unwrap();
    let (v, flex) = (key.valid_versions(), key.flexible_versions());
    assert_eq!(differences(json, root, v, flex), Vec::<String>::new());
    let wrong = changed(root, "throttle_time_ms", |f| f.versions = range("1+"));
    assert_eq!(
        differences(json, wrong, v, flex),
        ["CreateTopicsResponse.ThrottleTimeMs: versions is 1+, schema says 2+"]
    );
    let wrong = changed(root, "throttle_time_ms", |f| f.json_name = "throttleTimeMs");
    assert_eq!(differences(json, wrong, v, flex).len(), 1);
    let wrong = changed(root, "throttle_time_ms", |f| {
        f.entity_type = Some("brokerId")
    });
    assert_eq!(differences(json, wrong, v, flex).len(), 1);
    assert_eq!(
        differences(json, root, VersionRange::new(2, 8), flex).len(),
        1
    );
}
