//! Kafka never changes a version's wire format once it is released: every
//! version that Kafka 3.9.1's schemas (`kafka-messages/schemas-3.9.1`) and
//! this crate's (`kafka-messages/schemas`) both have, and that neither marks
//! unstable, must lay out the same fields, field by field: types, versions,
//! nullability, tags and flexible overrides, through every nested struct.
//! Names and docs may differ (Kafka renames fields: `GenerationId` became
//! `GenerationIdOrMemberEpoch`). And every version the crate declares (the
//! union of both releases) lays out its fields as the release it comes from
//! says.

use std::collections::BTreeMap;
use std::path::Path;

use kafka_messages::{ApiKey, Release};
use kafka_wire::schema::{KafkaType, StructSchema};
use kafka_wire::VersionRange;
use kafka_wire_spec::{FieldLayout, MessageLayout, MessageSpec, SpecType, TypeLayout};

type Schemas = BTreeMap<String, MessageSpec>;

fn load(dir: &str) -> Schemas {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    kafka_wire_spec::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|f| (f.stem(), f.spec))
        .collect()
}

/// The versions a schema is valid in that its broker accepts by default
/// (its API's request, which may mark the latest unstable, found by name).
fn stable_versions(name: &str, schemas: &Schemas) -> VersionRange {
    let request = name
        .strip_suffix("Response")
        .map(|api| format!("{api}Request"));
    schemas[name].stable_versions(schemas.get(request.as_deref().unwrap_or(name)))
}

/// The versions both releases have of each schema, and those that differ.
fn compare(old: &Schemas, new: &Schemas, stable_only: bool) -> (usize, Vec<String>) {
    let (mut checked, mut differ) = (0, Vec::new());
    for (name, doc) in old {
        let Some(other) = new.get(name) else { continue };
        let versions = |set: &Schemas| match stable_only {
            true => stable_versions(name, set),
            false => set[name].valid_versions,
        };
        let theirs = versions(new);
        for v in versions(old).versions().filter(|&v| theirs.contains(v)) {
            checked += 1;
            if doc.layout(v) != other.layout(v) {
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
        let theirs = other.valid_versions;
        for v in stable_versions(name, &old)
            .versions()
            .filter(|&v| !theirs.contains(v))
        {
            if doc.layout(v) == other.layout(v) {
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
/// [`MessageSpec::layout`].
fn declared_layout(s: &StructSchema, version: i16) -> Vec<FieldLayout> {
    fn ty(t: &KafkaType, version: i16) -> TypeLayout {
        match t {
            KafkaType::Array(inner) => TypeLayout::Array(Box::new(ty(inner, version))),
            KafkaType::Struct(s) => TypeLayout::Struct(declared_layout(s, version)),
            other => TypeLayout::Primitive(other.to_string()),
        }
    }
    s.fields
        .iter()
        .filter(|f| f.versions.contains(version))
        .map(|f| {
            let tagged = f.tagged.contains(version);
            FieldLayout {
                ty: ty(&f.kafka_type, version),
                nullable: f.nullable.contains(version),
                tagged,
                tag: f.tag.filter(|_| tagged),
                flexible: f.flexible.map(|r| r.contains(version)),
            }
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
    let by_key = |set: &Schemas, key: i16, kind: SpecType| -> Option<MessageSpec> {
        set.values()
            .find(|s| s.api_key == Some(key) && s.kind == kind)
            .cloned()
    };
    let (mut checked, mut older, mut differ) = (0, 0, Vec::new());
    for &api in ApiKey::ALL {
        for (kind, schema) in [
            (SpecType::Request, api.request_schema()),
            (SpecType::Response, api.response_schema()),
        ] {
            let schema = schema.expect("every API compiled in");
            let (newer, older_doc) = (
                by_key(&new, api.key(), kind).unwrap(),
                by_key(&old, api.key(), kind),
            );
            let versions = api.all_versions();
            for v in versions.versions() {
                let doc = if api.valid_versions().contains(v) {
                    &newer
                } else {
                    older += 1;
                    assert!(api.versions_in(Release::Older).contains(v));
                    older_doc.as_ref().unwrap()
                };
                checked += 1;
                let ours = MessageLayout {
                    flexible: api.flexible_versions().contains(v),
                    fields: declared_layout(schema, v),
                };
                if ours != doc.layout(v) {
                    differ.push(format!("{} {kind} v{v}", api.name()));
                }
            }
        }
    }
    eprintln!("{checked} declared versions laid out as their release says, {older} of them only Kafka 3.9.1's");
    assert!(differ.is_empty(), "{differ:?}");
    assert!(older > 100, "{older}");
}
