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
use kafka_wire_spec::{FieldSpec, MessageSpec, SpecType};

/// Every schema file of the crate's release (`schemas`), by its `name`.
fn kafka_schemas() -> HashMap<String, MessageSpec> {
    schemas_in("schemas")
}

/// The older release's schemas (`schemas-3.9.1`), by the name the crate's
/// release gives them: an API's request and response by their API key (key
/// 74 was ListClientMetricsResources), the rest by name.
fn older_schemas(newer: &HashMap<String, MessageSpec>) -> HashMap<String, MessageSpec> {
    let dir = std::fs::read_dir(env!("CARGO_MANIFEST_DIR"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|n| n.starts_with("schemas-"))
        .expect("the older release's schemas beside `schemas`");
    let by_key: HashMap<(i16, SpecType), &str> = newer
        .values()
        .filter_map(|s| Some(((s.api_key?, s.kind), s.name.as_str())))
        .collect();
    schemas_in(&dir)
        .into_values()
        .map(|s| {
            let name = s
                .api_key
                .and_then(|k| by_key.get(&(k, s.kind)))
                .map_or_else(|| s.name.clone(), |n| (*n).to_owned());
            (name, s)
        })
        .collect()
}

fn schemas_in(dir: &str) -> HashMap<String, MessageSpec> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    kafka_wire_spec::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|f| (f.spec.name.clone(), f.spec))
        .collect()
}

fn range(text: &str) -> VersionRange {
    text.parse()
        .unwrap_or_else(|e| panic!("range {text:?}: {e}"))
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

/// A struct's fields as one release's JSON declares them, and that schema
/// (whose common structs its fields may name; none when the release does
/// not have the struct).
#[derive(Clone, Copy)]
struct Json<'a> {
    fields: &'a [FieldSpec],
    spec: Option<&'a MessageSpec>,
}

impl<'a> Json<'a> {
    /// A schema's top-level fields.
    fn of(spec: Option<&'a MessageSpec>) -> Json<'a> {
        Json {
            fields: spec.map_or(&[], |s| &s.fields),
            spec,
        }
    }

    fn field(self, name: &str) -> Option<&'a FieldSpec> {
        self.fields.iter().find(|t| t.name == name)
    }

    /// The fields of the struct that `field` (of this JSON) holds.
    fn nested(self, field: Option<&'a FieldSpec>) -> Json<'a> {
        let fields = match (field, self.spec) {
            (Some(f), Some(spec)) => f.struct_fields(spec),
            (Some(f), None) => f.fields.as_deref(),
            (None, _) => None,
        };
        Json {
            fields: fields.unwrap_or(&[]),
            spec: self.spec,
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
        let in_newer = newer.fields.iter().position(|t| t.name == f.json_name);
        match (in_newer, older.field(f.json_name)) {
            (Some(i), theirs) => {
                if i < next {
                    out.push(format!("{path}.{}: out of the schema's order", f.json_name));
                }
                next = i + 1;
                // Ignorable in either release is ignorable (RequestHeader's
                // ClientId is not in Kafka 4, which has no header v0).
                let mut field = newer.fields[i].clone();
                if theirs.is_some_and(|t| t.ignorable) {
                    field.ignorable = true;
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
        if !ours.fields.iter().any(|f| f.json_name == t.name) {
            out.push(format!("{path}.{}: not declared", t.name));
        }
    }
}

/// The differences between a field and its JSON (`theirs`, a field of
/// `json`); `older` is the older release's struct the field's own struct
/// stands for, if it has one.
fn compare_field(
    path: &str,
    f: &FieldSchema,
    theirs: &FieldSpec,
    json: Json<'_>,
    older: Json<'_>,
    flexible: VersionRange,
    out: &mut Vec<String>,
) {
    let name = &theirs.name;
    let at = format!("{path}.{name}");
    let mut differ = |what: &str, ours: String, kafka: String| {
        if ours != kafka {
            out.push(format!("{at}: {what} is {ours}, schema says {kafka}"));
        }
    };
    differ("name", f.json_name.to_owned(), name.to_owned());
    differ("type", type_name(&f.kafka_type), theirs.ty.clone());
    // A tagged field may leave its versions out: they are its tagged
    // versions (Kafka's TransactionLogValue).
    differ(
        "versions",
        f.versions.to_string(),
        theirs.versions().to_string(),
    );
    let opt_range = |r: Option<VersionRange>| r.unwrap_or(VersionRange::NONE).to_string();
    differ(
        "nullable",
        f.nullable.to_string(),
        opt_range(theirs.nullable_versions),
    );
    differ(
        "tagged",
        f.tagged.to_string(),
        opt_range(theirs.tagged_versions),
    );
    differ("tag", format!("{:?}", f.tag), format!("{:?}", theirs.tag));
    // A JSON null default is no default, as Kafka's generator reads it.
    let kafka_default = theirs
        .default
        .as_ref()
        .map(|d| normal_default(&d.to_string()));
    differ(
        "default",
        format!("{:?}", f.default.map(normal_default)),
        format!("{kafka_default:?}"),
    );
    differ(
        "ignorable",
        f.ignorable.to_string(),
        theirs.ignorable.to_string(),
    );
    differ(
        "flexible override",
        format!("{:?}", f.flexible.map(|r| r.to_string())),
        format!("{:?}", theirs.flexible_versions.map(|r| r.to_string())),
    );
    differ("mapKey", f.map_key.to_string(), theirs.map_key.to_string());
    differ(
        "entityType",
        format!("{:?}", f.entity_type),
        format!("{:?}", theirs.entity_type.as_deref()),
    );
    if let Some(nested) = f.kafka_type.nested_struct() {
        let fields = json.nested(Some(theirs));
        if fields.fields.is_empty() && theirs.fields.is_none() {
            out.push(format!(
                "{at}: no fields for struct {} in the schema",
                theirs.ty
            ));
        }
        compare_struct(&at, nested, fields, older, flexible, out);
    }
}

/// The versions a schema's release accepts by default (`schemas`: that
/// release's, where its API's request is found by name).
fn stable(spec: &MessageSpec, schemas: &HashMap<String, MessageSpec>) -> VersionRange {
    let request = spec
        .name
        .strip_suffix("Response")
        .map(|api| format!("{api}Request"));
    let request_name = request.as_deref().unwrap_or(&spec.name);
    spec.stable_versions(schemas.values().find(|s| s.name == request_name))
}

/// Every difference between one declaration and its JSON file (`json`), and
/// the older release's (`older`, with the versions that release accepts):
/// the declaration has every version of either, and where the crate's
/// release has none (ZooKeeper's APIs), the older release's schema is the one
/// compared.
fn differences(
    json: &MessageSpec,
    older: Option<(&MessageSpec, VersionRange)>,
    ours: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
) -> Vec<String> {
    let name = &json.name;
    let mut out = Vec::new();
    if ours.json_name != name {
        out.push(format!("{name}: declared as {}", ours.json_name));
    }
    let newest = json.valid_versions;
    // The older release counts where it has versions the crate's does not.
    let older = older.filter(|(_, accepted)| !accepted.is_subset_of(newest));
    let (json, older) = match older {
        Some((old, accepted)) if newest.is_empty() => ((old, accepted), None),
        other => ((json, newest), other),
    };
    let mut valid = json.1;
    if let Some((_, accepted)) = older {
        match valid.union(accepted) {
            Some(both) => valid = both,
            None => {
                out.push(format!("{name}: the two releases' versions leave a gap"));
                valid = VersionRange::new(
                    valid.lowest().unwrap().min(accepted.lowest().unwrap()),
                    valid.highest().unwrap().max(accepted.highest().unwrap()),
                );
            }
        }
    }
    if versions != valid {
        out.push(format!(
            "{name}: valid versions {versions}, schema says {valid}"
        ));
    }
    let json = json.0;
    if flexible != json.flexible_versions {
        out.push(format!(
            "{name}: flexible versions {flexible}, schema says {}",
            json.flexible_versions
        ));
    }
    compare_struct(
        name,
        ours,
        Json::of(Some(json)),
        Json::of(older.map(|o| o.0)),
        flexible,
        &mut out,
    );
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
        .filter(|(name, s)| {
            let live = |s: &MessageSpec| !s.valid_versions.is_empty();
            s.kind == SpecType::Request && (live(s) || older.get(*name).is_some_and(live))
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
    let in_partitions = |spec| {
        let root = Json::of(Some(spec));
        let topics = root.nested(root.field("Topics"));
        topics.nested(topics.field("Partitions"))
    };
    let (newer, older) = (in_partitions(json), in_partitions(old));
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
    use kafka_wire::KafkaStruct;
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
                if json.api_key != Some(s.record_type) {
                    diffs.push(format!(
                        "{name}: record type {}, schema says {:?}",
                        s.record_type, json.api_key
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
