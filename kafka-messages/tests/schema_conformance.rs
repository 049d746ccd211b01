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
use kafka_wire::{KafkaStruct, VersionRange};
use serde_json::Value;

use common::json_comments as json;

/// Every schema file of the crate's release (`schemas`), by its `name`.
fn kafka_schemas() -> HashMap<String, Value> {
    schemas_in("schemas")
}

/// The older release's schemas (`schemas-3.9.1`), by the name the crate's
/// release gives them: an API's request and response by their API key (key
/// 74 was ListClientMetricsResources), the rest by name.
fn older_schemas(newer: &HashMap<String, Value>) -> HashMap<String, Value> {
    let dir = std::fs::read_dir(env!("CARGO_MANIFEST_DIR"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|n| n.starts_with("schemas-"))
        .expect("the older release's schemas beside `schemas`");
    let by_key: HashMap<(u64, String), String> = newer
        .values()
        .filter_map(|j| {
            Some((
                (j.get("apiKey")?.as_u64()?, str_of(j, "type")?.to_owned()),
                str_of(j, "name")?.to_owned(),
            ))
        })
        .collect();
    schemas_in(&dir)
        .into_values()
        .map(|j| {
            let key = j.get("apiKey").and_then(Value::as_u64);
            let name = key
                .and_then(|k| by_key.get(&(k, str_of(&j, "type").unwrap().to_owned())))
                .cloned()
                .unwrap_or_else(|| str_of(&j, "name").unwrap().to_owned());
            (name, j)
        })
        .collect()
}

fn schemas_in(dir: &str) -> HashMap<String, Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out = HashMap::new();
    for entry in std::fs::read_dir(&dir).expect("a directory of schemas") {
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

/// A struct's fields as one release's JSON declares them, and that schema's
/// common structs (empty when the release does not have the struct).
#[derive(Clone, Copy)]
struct Json<'a> {
    fields: &'a [Value],
    common: &'a HashMap<String, &'a Value>,
}

impl<'a> Json<'a> {
    fn field(self, name: &str) -> Option<&'a Value> {
        self.fields.iter().find(|t| str_of(t, "name") == Some(name))
    }

    /// The fields of the struct that `field` (of this JSON) holds.
    fn nested(self, field: Option<&'a Value>) -> Json<'a> {
        let struct_name = field
            .and_then(|f| str_of(f, "type"))
            .map(|t| t.trim_start_matches("[]"));
        let fields = field
            .and_then(|f| f.get("fields"))
            .or_else(|| self.common.get(struct_name?).and_then(|c| c.get("fields")))
            .and_then(Value::as_array);
        Json {
            fields: fields.map_or(&[], Vec::as_slice),
            common: self.common,
        }
    }
}

/// The differences between a struct's declaration and its JSON: every field
/// of `newer` (the crate's release) declared, in its order, and every other
/// field declared the older release's (`older`): a field only the versions
/// Kafka 4.0 removed had.
fn compare_struct(
    path: &str,
    ours: &StructSchema,
    newer: Json<'_>,
    older: Json<'_>,
    flexible: VersionRange,
    out: &mut Vec<String>,
) {
    if ours.keeps_unknown_tags == flexible.is_empty() {
        out.push(format!(
            "{path}: keeps unknown tags {}, flexible {flexible}",
            ours.keeps_unknown_tags
        ));
    }
    let mut next = 0;
    for f in ours.fields {
        let in_newer = newer
            .fields
            .iter()
            .position(|t| str_of(t, "name") == Some(f.json_name));
        match (in_newer, older.field(f.json_name)) {
            (Some(i), theirs) => {
                if i < next {
                    out.push(format!("{path}.{}: out of the schema's order", f.json_name));
                }
                next = i + 1;
                // Ignorable in either release is ignorable (RequestHeader's
                // ClientId is not in Kafka 4, which has no header v0).
                let mut field = newer.fields[i].clone();
                if theirs.is_some_and(|t| t["ignorable"] == true) {
                    field["ignorable"] = true.into();
                }
                compare_field(path, f, &field, newer, older.nested(theirs), flexible, out);
            }
            (None, Some(theirs)) => {
                let none = Json {
                    fields: &[],
                    ..older
                };
                compare_field(path, f, theirs, older, none, flexible, out);
            }
            (None, None) => out.push(format!(
                "{path}.{}: in neither release's schema",
                f.json_name
            )),
        }
    }
    for t in newer.fields {
        let name = str_of(t, "name").unwrap();
        if !ours.fields.iter().any(|f| f.json_name == name) {
            out.push(format!("{path}.{name}: not declared"));
        }
    }
}

/// The differences between a field and its JSON (`theirs`, a field of
/// `json`); `older` is the older release's struct the field's own struct
/// stands for, if it has one.
fn compare_field(
    path: &str,
    f: &FieldSchema,
    theirs: &Value,
    json: Json<'_>,
    older: Json<'_>,
    flexible: VersionRange,
    out: &mut Vec<String>,
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
        // A tagged field may leave its versions out: they are its tagged
        // versions (Kafka's TransactionLogValue).
        range(
            str_of(theirs, "versions")
                .or_else(|| str_of(theirs, "taggedVersions"))
                .unwrap(),
        )
        .to_string(),
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
    // A JSON null default is no default, as Kafka's generator reads it.
    let kafka_default = theirs
        .get("default")
        .filter(|d| !d.is_null())
        .map(|d| match d {
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
        let fields = json.nested(Some(theirs));
        if fields.fields.is_empty() && theirs.get("fields").is_none() {
            out.push(format!(
                "{at}: no fields for struct {kafka_type} in the schema"
            ));
        }
        compare_struct(&at, nested, fields, older, flexible, out);
    }
}

fn common_structs(json: Option<&Value>) -> HashMap<String, &Value> {
    json.and_then(|j| j.get("commonStructs"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| (str_of(c, "name").unwrap().to_owned(), c))
        .collect()
}

/// The versions a schema's release accepts by default: its valid versions,
/// without the latest when its API's request says `latestVersionUnstable`.
fn stable(json: &Value, schemas: &HashMap<String, Value>) -> VersionRange {
    let valid = range(str_of(json, "validVersions").unwrap());
    let name = str_of(json, "name").unwrap();
    let request = name
        .strip_suffix("Response")
        .map(|api| format!("{api}Request"));
    let request = schemas
        .values()
        .find(|j| str_of(j, "name") == Some(request.as_deref().unwrap_or(name)));
    match (
        request.and_then(|r| r["latestVersionUnstable"].as_bool()),
        valid.highest(),
    ) {
        (Some(true), Some(highest)) => valid.intersect(VersionRange::new(0, highest - 1)),
        _ => valid,
    }
}

/// Every difference between one declaration and its JSON file (`json`), and
/// the older release's (`older`, with the versions that release accepts):
/// the declaration has every version of either, and where the crate's
/// release has none (ZooKeeper's APIs), the older release's schema is the one
/// compared.
fn differences(
    json: &Value,
    older: Option<(&Value, VersionRange)>,
    ours: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
) -> Vec<String> {
    let name = str_of(json, "name").unwrap();
    let mut out = Vec::new();
    if ours.json_name != name {
        out.push(format!("{name}: declared as {}", ours.json_name));
    }
    let newest = range(str_of(json, "validVersions").unwrap());
    // The older release counts where it has versions the crate's does not.
    let older = older.filter(|(_, accepted)| !accepted.is_subset_of(newest));
    let (json, older) = match older {
        Some((old, accepted)) if newest.is_empty() => ((old, accepted), None),
        other => ((json, newest), other),
    };
    let mut valid = json.1;
    if let Some((_, accepted)) = older {
        let low = valid.lowest().unwrap().min(accepted.lowest().unwrap());
        let high = valid.highest().unwrap().max(accepted.highest().unwrap());
        valid = VersionRange::new(low, high);
        if (low..=high).any(|v| !json.1.contains(v) && !accepted.contains(v)) {
            out.push(format!("{name}: the two releases' versions leave a gap"));
        }
    }
    if versions != valid {
        out.push(format!(
            "{name}: valid versions {versions}, schema says {valid}"
        ));
    }
    let json = json.0;
    let kafka_flexible = range(str_of(json, "flexibleVersions").unwrap_or("none"));
    if flexible != kafka_flexible {
        out.push(format!(
            "{name}: flexible versions {flexible}, schema says {kafka_flexible}"
        ));
    }
    let (common, older_common) = (
        common_structs(Some(json)),
        common_structs(older.map(|o| o.0)),
    );
    fn fields(json: Option<&Value>) -> &[Value] {
        json.map_or(&[], |j| j["fields"].as_array().unwrap())
    }
    let newer = Json {
        fields: fields(Some(json)),
        common: &common,
    };
    let older = Json {
        fields: fields(older.map(|o| o.0)),
        common: &older_common,
    };
    compare_struct(name, ours, newer, older, flexible, &mut out);
    out
}

#[test]
fn every_declaration_matches_kafkas_json_schema() {
    let schemas = kafka_schemas();
    let older = older_schemas(&schemas);
    let declared = common::all_declarations();
    let mut diffs = Vec::new();
    for (name, schema, versions, flexible) in &declared {
        let old = older.get(name).map(|j| (j, stable(j, &older)));
        match schemas.get(name) {
            Some(json) => diffs.extend(differences(json, old, schema, *versions, *flexible)),
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
        .iter()
        .filter(|(name, j)| {
            let live = |j: &Value| str_of(j, "validVersions") != Some("none");
            str_of(j, "type") == Some("request") && (live(j) || older.get(*name).is_some_and(live))
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
    let older = older_schemas(&schemas);
    let with_older = |name: &str| {
        let old = &older[name];
        (&schemas[name], Some((old, stable(old, &older))))
    };
    let (json, old) = with_older("CreateTopicsResponse");
    let key = ApiKey::CreateTopics;
    let root = key.response_schema().unwrap();
    let (v, flex) = (key.all_versions(), key.flexible_versions());
    assert_eq!(differences(json, old, root, v, flex), Vec::<String>::new());
    let wrong = changed(root, "throttle_time_ms", |f| f.versions = range("1+"));
    assert_eq!(
        differences(json, old, wrong, v, flex),
        ["CreateTopicsResponse.ThrottleTimeMs: versions is 1+, schema says 2+"]
    );
    let wrong = changed(root, "throttle_time_ms", |f| f.json_name = "throttleTimeMs");
    assert_eq!(
        differences(json, old, wrong, v, flex),
        [
            "CreateTopicsResponse.throttleTimeMs: in neither release's schema",
            "CreateTopicsResponse.ThrottleTimeMs: not declared"
        ]
    );
    let wrong = changed(root, "throttle_time_ms", |f| {
        f.entity_type = Some("brokerId")
    });
    assert_eq!(differences(json, old, wrong, v, flex).len(), 1);
    // The crate's release alone has versions 2-7.
    assert_eq!(
        differences(json, None, root, v, flex),
        ["CreateTopicsResponse: valid versions 0-7, schema says 2-7"]
    );
    assert_eq!(
        differences(json, old, root, VersionRange::new(0, 8), flex).len(),
        1
    );
    // A field only the older release has is compared with its JSON.
    let (json, old) = with_older("ListOffsetsResponse");
    let key = ApiKey::ListOffsets;
    let (v, flex) = (key.all_versions(), key.flexible_versions());
    let root = key.response_schema().unwrap();
    let partitions = |s: &'static StructSchema| {
        let topics = s.fields.iter().find(|f| f.name == "topics").unwrap();
        let topic = topics.kafka_type.nested_struct().unwrap();
        let partitions = topic
            .fields
            .iter()
            .find(|f| f.name == "partitions")
            .unwrap();
        partitions.kafka_type.nested_struct().unwrap()
    };
    assert_eq!(differences(json, old, root, v, flex), Vec::<String>::new());
    let old = old.unwrap().0;
    let (common, old_common) = (common_structs(Some(json)), common_structs(Some(old)));
    let in_partitions = |json: &'static Value, common| {
        let root = Json {
            fields: json["fields"].as_array().unwrap(),
            common,
        };
        let topics = root.nested(root.field("Topics"));
        topics.nested(topics.field("Partitions"))
    };
    let leak = |v: &Value| -> &'static Value { Box::leak(Box::new(v.clone())) };
    let (newer, older) = (
        in_partitions(leak(json), &common),
        in_partitions(leak(old), &old_common),
    );
    let compare = |s| {
        let mut out = Vec::new();
        compare_struct("Partitions", s, newer, older, flex, &mut out);
        out
    };
    assert_eq!(compare(partitions(root)), Vec::<String>::new());
    let wrong = changed(partitions(root), "old_style_offsets", |f| {
        f.versions = range("0-1")
    });
    assert_eq!(
        compare(wrong),
        ["Partitions.OldStyleOffsets: versions is 0-1, schema says 0"]
    );
}

/// Kafka's own records (feature `internal`): every schema of
/// `internal-schemas/` declared as its JSON says, fact by fact.
#[cfg(feature = "internal")]
#[test]
fn every_internal_record_matches_its_json_schema() {
    use kafka_messages::internal::*;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("internal-schemas");
    let mut schemas = HashMap::new();
    for artifact in std::fs::read_dir(&root).unwrap() {
        let dir = artifact.unwrap().path();
        if dir.is_dir() {
            let dir = dir.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
            schemas.extend(schemas_in(dir.to_str().unwrap()));
        }
    }
    let mut diffs = Vec::new();
    for s in kafka_messages::internal::schemas() {
        let name = s.schema.schema.json_name;
        match schemas.get(name) {
            Some(json) => {
                diffs.extend(differences(
                    json,
                    None,
                    s.schema.schema,
                    s.schema.versions,
                    s.schema.flexible,
                ));
                if json["apiKey"].as_i64() != Some(i64::from(s.record_type)) {
                    diffs.push(format!(
                        "{name}: record type {}, schema says {}",
                        s.record_type, json["apiKey"]
                    ));
                }
            }
            None => diffs.push(format!("{name}: no JSON schema")),
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    // Every schema is declared: the 77 records, and the quorum-state file's.
    assert_eq!(
        kafka_messages::internal::schemas().count() + 1,
        schemas.len()
    );
    assert!(schemas.contains_key(QuorumStateData::SCHEMA.json_name));
}
