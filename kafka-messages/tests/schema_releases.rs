//! Kafka never changes a version's wire format once it is released: every
//! version that Kafka 3.9.1's schemas (`kafka-messages/schemas-3.9.1`) and
//! this crate's (`kafka-messages/schemas`) both have, and that neither marks
//! unstable, must lay out the same fields, field by field: types, versions,
//! nullability, tags and flexible overrides, through every nested struct.
//! Names and docs may differ (Kafka renames fields: `GenerationId` became
//! `GenerationIdOrMemberEpoch`). And every version the crate declares (the
//! union of both releases) lays out its fields as the release it comes from
//! says.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::json_comments::strip_json_comments;
use kafka_messages::{ApiKey, Release};
use kafka_wire::schema::{KafkaType, StructSchema};
use serde_json::Value;

type Schemas = BTreeMap<String, Value>;

fn load(dir: &str) -> Schemas {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let json = serde_json::from_str(&strip_json_comments(&text))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.insert(
                path.file_stem().unwrap().to_string_lossy().into_owned(),
                json,
            );
        }
    }
    out
}

/// Whether `version` is in the range Kafka's schemas write as `text`
/// (`"3+"`, `"0-4"`, `"7"`, `"none"`; absent is none).
fn contains(text: Option<&Value>, version: i64) -> bool {
    let Some(text) = text.and_then(Value::as_str) else {
        return false;
    };
    if text == "none" {
        return false;
    }
    if let Some(low) = text.strip_suffix('+') {
        return version >= low.parse::<i64>().unwrap();
    }
    match text.split_once('-') {
        Some((low, high)) => (low.parse().unwrap()..=high.parse().unwrap()).contains(&version),
        None => version == text.parse::<i64>().unwrap(),
    }
}

/// The versions a schema is valid in that its broker accepts by default:
/// its `validVersions`, without the last one when its API marks it
/// unstable (`latestVersionUnstable`, on the request's schema).
fn stable_versions(name: &str, schemas: &Schemas) -> Vec<i64> {
    let doc = &schemas[name];
    let request = name
        .strip_suffix("Response")
        .map(|api| format!("{api}Request"));
    let unstable = schemas
        .get(request.as_deref().unwrap_or(name))
        .and_then(|r| r["latestVersionUnstable"].as_bool())
        .unwrap_or(false);
    let mut versions: Vec<i64> = (0..100)
        .filter(|&v| contains(doc.get("validVersions"), v))
        .collect();
    if unstable {
        versions.pop();
    }
    versions
}

/// What the fields of a struct lay on the wire at `version`: per field
/// present there, its type (a nested struct's layout in place of its name),
/// whether it is nullable, tagged (and its tag), and its flexible override.
fn layout(fields: Option<&Value>, version: i64, common: &BTreeMap<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    for f in fields.and_then(Value::as_array).into_iter().flatten() {
        if !contains(f.get("versions"), version) {
            continue;
        }
        let ty = f["type"].as_str().unwrap();
        let element = ty.strip_prefix("[]").unwrap_or(ty);
        let nested = match f.get("fields") {
            Some(fields) => Some(layout(Some(fields), version, common)),
            None => common
                .get(element)
                .map(|c| layout(c.get("fields"), version, common)),
        };
        let ty = match nested {
            Some(inner) => format!(
                "{}{{{}}}",
                if ty.starts_with("[]") { "[]" } else { "" },
                inner.join(", ")
            ),
            None => ty.to_string(),
        };
        let tagged = contains(f.get("taggedVersions"), version);
        // Tags are written as numbers or as strings of them.
        let tag = f
            .get("tag")
            .map(|t| t.to_string().trim_matches('"').to_string());
        out.push(format!(
            "{ty} nullable={} tagged={} tag={} flexible={:?}",
            contains(f.get("nullableVersions"), version),
            tagged,
            if tagged {
                tag.unwrap_or_default()
            } else {
                String::new()
            },
            f.get("flexibleVersions")
                .map(|r| contains(Some(r), version)),
        ));
    }
    out
}

fn wire(doc: &Value, version: i64) -> (bool, Vec<String>) {
    let common: BTreeMap<String, Value> = doc["commonStructs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| (c["name"].as_str().unwrap().to_owned(), c.clone()))
        .collect();
    (
        contains(doc.get("flexibleVersions"), version),
        layout(doc.get("fields"), version, &common),
    )
}

/// The versions both releases have of each schema, and those that differ.
fn compare(old: &Schemas, new: &Schemas, stable_only: bool) -> (usize, Vec<String>) {
    let (mut checked, mut differ) = (0, Vec::new());
    for (name, doc) in old {
        let Some(other) = new.get(name) else { continue };
        let versions = |set: &Schemas| -> Vec<i64> {
            match stable_only {
                true => stable_versions(name, set),
                false => (0..100)
                    .filter(|&v| contains(set[name].get("validVersions"), v))
                    .collect(),
            }
        };
        let theirs = versions(new);
        for v in versions(old).into_iter().filter(|v| theirs.contains(v)) {
            checked += 1;
            if wire(doc, v) != wire(other, v) {
                differ.push(format!("{name} v{v}"));
            }
        }
    }
    (checked, differ)
}

#[test]
fn every_version_both_releases_accept_is_the_same_on_the_wire() {
    let (old, new) = (load("schemas-3.9.1"), load("schemas"));
    let (checked, differ) = compare(&old, &new, true);
    eprintln!(
        "{checked} versions of {} schemas in both releases compared",
        old.len()
    );
    assert!(differ.is_empty(), "differ on the wire: {differ:?}");
    assert!(checked > 500, "{checked} versions compared");
}

/// The comparison sees a change where there is one: Kafka 4 added a field
/// to version 0 of ReadShareGroupStateSummaryResponse, which 3.9 shipped
/// unstable (share groups in early access).
#[test]
fn an_unstable_version_that_changed_is_seen() {
    let (old, new) = (load("schemas-3.9.1"), load("schemas"));
    let (_, differ) = compare(&old, &new, false);
    assert!(
        differ.contains(&"ReadShareGroupStateSummaryResponse v0".to_string()),
        "{differ:?}"
    );
    assert!(stable_versions("ReadShareGroupStateSummaryResponse", &old).is_empty());
}

/// Of the versions only Kafka 3.9.1 has (stable there), which Kafka 4.4's
/// JSON still describes as they were, and which need 3.9.1's own fields
/// (Kafka 4 dropped fields that only those versions had, and the
/// ZooKeeper-era APIs' JSON keeps no versions at all): what generating the
/// union of the two releases must take from each.
#[test]
fn the_versions_only_3_9_has_and_where_their_fields_are() {
    let (old, new) = (load("schemas-3.9.1"), load("schemas"));
    let (mut as_they_were, mut need_old) = (0, std::collections::BTreeSet::new());
    for (name, doc) in &old {
        let Some(other) = new.get(name) else { continue };
        let theirs: Vec<i64> = (0..100)
            .filter(|&v| contains(other.get("validVersions"), v))
            .collect();
        for v in stable_versions(name, &old)
            .into_iter()
            .filter(|v| !theirs.contains(v))
        {
            if wire(doc, v) == wire(other, v) {
                as_they_were += 1;
            } else {
                need_old.insert(name.as_str());
            }
        }
    }
    eprintln!("{as_they_were} versions only 3.9.1 has read as they were from 4.4's JSON; need 3.9.1's fields: {need_old:?}");
    let expected = [
        "AlterPartitionRequest",     // TopicName (v0-1; topic ids since)
        "AlterPartitionResponse",    // TopicName
        "ControlledShutdownRequest", // ZooKeeper era: "none" in 4.4
        "ControlledShutdownResponse",
        "DescribeConfigsResponse", // IsDefault (v0)
        "LeaderAndIsrRequest",     // ZooKeeper era
        "LeaderAndIsrResponse",
        "ListOffsetsRequest",  // MaxNumOffsets (v0)
        "ListOffsetsResponse", // OldStyleOffsets (v0)
        "OffsetCommitRequest", // CommitTimestamp (v1)
        "StopReplicaRequest",  // ZooKeeper era
        "StopReplicaResponse",
        "UpdateMetadataRequest", // ZooKeeper era
        "UpdateMetadataResponse",
    ];
    assert_eq!(need_old.into_iter().collect::<Vec<_>>(), expected);
    assert_eq!(as_they_were, 51);
}

/// What a declaration's fields lay on the wire at `version`, in the form of
/// [`layout`].
fn declared_layout(s: &StructSchema, version: i16) -> Vec<String> {
    fn ty(t: &KafkaType, version: i16) -> String {
        match t {
            KafkaType::Array(inner) => format!("[]{}", ty(inner, version)),
            KafkaType::Struct(s) => format!("{{{}}}", declared_layout(s, version).join(", ")),
            other => other.to_string(),
        }
    }
    s.fields
        .iter()
        .filter(|f| f.versions.contains(version))
        .map(|f| {
            let tagged = f.tagged.contains(version);
            format!(
                "{} nullable={} tagged={tagged} tag={} flexible={:?}",
                ty(&f.kafka_type, version),
                f.nullable.contains(version),
                match (tagged, f.tag) {
                    (true, Some(tag)) => tag.to_string(),
                    _ => String::new(),
                },
                f.flexible.map(|r| r.contains(version)),
            )
        })
        .collect()
}

/// Independently of how the generator merged the two releases: every
/// version of every declaration lays out its fields as the release that
/// has the version says, Kafka 4.4's JSON where it has the version, else
/// 3.9.1's (by API key: key 74 was ListClientMetricsResources).
#[test]
fn every_declared_version_is_laid_out_as_its_release_says() {
    let (old, new) = (load("schemas-3.9.1"), load("schemas"));
    let by_key = |set: &Schemas, key: i16, kind: &str| -> Option<Value> {
        set.values()
            .find(|j| j["apiKey"] == key && j["type"] == kind)
            .cloned()
    };
    let (mut checked, mut older, mut differ) = (0, 0, Vec::new());
    for &api in ApiKey::ALL {
        for (kind, schema) in [
            ("request", api.request_schema()),
            ("response", api.response_schema()),
        ] {
            let schema = schema.expect("every API compiled in");
            let (newer, older_doc) = (
                by_key(&new, api.key(), kind).unwrap(),
                by_key(&old, api.key(), kind),
            );
            let versions = api.all_versions();
            for v in versions.lowest().unwrap()..=versions.highest().unwrap() {
                let doc = if api.valid_versions().contains(v) {
                    &newer
                } else {
                    older += 1;
                    assert!(api.versions_in(Release::Older).contains(v));
                    older_doc.as_ref().unwrap()
                };
                checked += 1;
                let ours = (
                    api.flexible_versions().contains(v),
                    declared_layout(schema, v),
                );
                if ours != wire(doc, i64::from(v)) {
                    differ.push(format!("{} {kind} v{v}", api.name()));
                }
            }
        }
    }
    eprintln!("{checked} declared versions laid out as their release says, {older} of them only Kafka 3.9.1's");
    assert!(differ.is_empty(), "{differ:?}");
    assert!(older > 100, "{older}");
}
