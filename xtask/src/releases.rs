//! Two releases' schemas as one.
//!
//! Kafka 4.0 removed the oldest versions of many APIs (KIP-896) and the
//! ZooKeeper-era inter-broker APIs; brokers of the 3.x line still accept them.
//! Each schema is generated with the union of the versions both releases
//! accept by default: the newer release's valid versions and the older one's
//! stable ones (a release's latest version is not accepted by default when
//! its request schema says `latestVersionUnstable`). Kafka never changes a
//! released version, so where both have a version they agree (checked here,
//! and field by field in kafka-messages' `tests/schema_releases.rs`); the
//! newer JSON still declares most fields of the removed versions, and the few
//! it dropped are taken from the older one. A union that does not lay out
//! each version as the release it comes from does is refused.

use std::collections::HashMap;

use kafka_wire_spec::{FieldSpec, MessageSpec, Release, SchemaFile, SpecType, StructSpec};
use kafka_wire_version::VersionRange;

use crate::Error;

/// One schema as the generator writes it: its spec (two releases' merged,
/// where the older adds versions), and where it comes from.
#[derive(Debug, Clone)]
pub struct Schema {
    /// The schema file's name (`MetadataRequest.json`).
    pub file: String,
    /// The file's comments on its versions.
    pub history: Vec<String>,
    /// The release the file is of.
    pub release: String,
    /// What is declared: the file's spec, or the union of two releases'.
    pub spec: MessageSpec,
    /// Each release's versions of the schema, newest release first: its
    /// valid versions there, then the older release's stable ones.
    pub releases: Vec<(String, VersionRange)>,
    /// The fields taken from the older release's JSON (`Struct.Field`, or
    /// `Field` at the top), which the newer one dropped.
    pub taken: Vec<String>,
}

impl Schema {
    /// The schema of `file`, of `release`.
    pub fn new(file: &SchemaFile, release: &str) -> Schema {
        Schema {
            file: file.file_name(),
            history: file.history().into_iter().map(str::to_owned).collect(),
            release: release.to_owned(),
            spec: file.spec.clone(),
            releases: vec![(release.to_owned(), file.spec.valid_versions)],
            taken: Vec::new(),
        }
    }

    /// The schema's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }
}

/// A release's schemas, each as [`Schema::new`] makes it.
pub fn schemas(release: &Release) -> Vec<Schema> {
    release
        .files
        .iter()
        .map(|f| Schema::new(f, &release.name))
        .collect()
}

/// `newer`'s schemas with `older`'s versions added: the union of each
/// schema, matched by API key and type (a name may change: 3.9's
/// ListClientMetricsResources is 4.4's ListConfigResources), else by name.
pub fn widen(newer: &Release, older: &Release) -> Result<Vec<Schema>, Error> {
    fn ident(s: &MessageSpec) -> (Option<i16>, Option<String>, SpecType) {
        match s.api_key {
            Some(key) => (Some(key), None, s.kind),
            None => (None, Some(s.name.clone()), s.kind),
        }
    }
    let older_schemas = schemas(older);
    let mut by_ident: HashMap<_, &Schema> =
        older_schemas.iter().map(|s| (ident(&s.spec), s)).collect();
    let mut out = Vec::new();
    for s in schemas(newer) {
        let old = by_ident.remove(&ident(&s.spec));
        if s.spec.kind == SpecType::Header {
            out.push(s);
            continue;
        }
        let older_request = s.spec.api_key.and_then(|k| older.request(k));
        let merged = match old {
            Some(old) => union(&s, old, older_request)?,
            None => None,
        };
        let theirs = old.map_or(VersionRange::NONE, |o| {
            o.spec.stable_versions(older_request)
        });
        let mut merged = merged.unwrap_or_else(|| s.clone());
        merged.releases = vec![
            (s.release.clone(), s.spec.valid_versions),
            (older.name.clone(), theirs),
        ];
        out.push(merged);
    }
    let mut leftover: Vec<&str> = by_ident
        .values()
        .filter(|s| s.spec.kind != SpecType::Header)
        .map(|s| s.name())
        .collect();
    if !leftover.is_empty() {
        leftover.sort_unstable();
        return Err(format!("schemas only the older release has: {leftover:?}").into());
    }
    Ok(out)
}

/// The schema of every version `newer` (or, where it has none, `older`) is
/// valid in and `older` accepts by default (`older_request`: its API's
/// request schema in the older release), or `None` when `older` adds nothing.
fn union(
    newer: &Schema,
    older: &Schema,
    older_request: Option<&MessageSpec>,
) -> Result<Option<Schema>, Error> {
    let mine = newer.spec.valid_versions;
    let theirs = older.spec.stable_versions(older_request);
    for range in [mine, theirs] {
        if range.is_open() {
            return Err(format!("{}: validVersions {range} has no end", newer.name()).into());
        }
    }
    for v in mine.intersect(theirs).versions() {
        if newer.spec.layout(v) != older.spec.layout(v) {
            return Err(format!(
                "{} v{v} differs between {} and {}",
                newer.name(),
                newer.release,
                older.release
            )
            .into());
        }
    }
    if theirs.is_subset_of(mine) {
        return Ok(None);
    }
    if mine.is_empty() {
        let mut merged = older.clone();
        merged.spec.valid_versions = theirs;
        return Ok(Some(merged));
    }
    if older.spec.flexible_versions != newer.spec.flexible_versions {
        return Err(format!(
            "{}: flexible {}, {} says {}",
            newer.name(),
            newer.spec.flexible_versions,
            older.release,
            older.spec.flexible_versions
        )
        .into());
    }
    let valid = mine.union(theirs).ok_or_else(|| {
        format!(
            "{}: versions {mine} and {theirs} are not one range",
            newer.name()
        )
    })?;
    let mut merged = newer.clone();
    merged.spec.valid_versions = valid;
    merged.taken = Vec::new();
    merged.spec.fields = merge_fields(
        &newer.spec.fields,
        &older.spec.fields,
        mine,
        &mut merged.taken,
        "",
    );
    for struct_spec in &older.spec.common_structs {
        let merged_struct = match newer.spec.common_struct(&struct_spec.name) {
            Some(mine_struct) => StructSpec {
                fields: merge_fields(
                    &mine_struct.fields,
                    &struct_spec.fields,
                    mine,
                    &mut merged.taken,
                    &format!("{}.", struct_spec.name),
                ),
                ..struct_spec.clone()
            },
            None => struct_spec.clone(),
        };
        let common = &mut merged.spec.common_structs;
        match common.iter_mut().find(|s| s.name == struct_spec.name) {
            Some(slot) => *slot = merged_struct,
            None => common.push(merged_struct),
        }
    }
    for v in valid.versions() {
        let source = if mine.contains(v) { newer } else { older };
        if merged.spec.layout(v) != source.spec.layout(v) {
            return Err(format!(
                "{} v{v}: the union does not lay out {}'s version",
                merged.name(),
                source.release
            )
            .into());
        }
    }
    Ok(Some(merged))
}

/// `newer`'s fields, with the fields of `older` that the newer release
/// dropped (no version the newer schema has: `newer_versions`) put back
/// after the field they followed; their paths are added to `taken`. A field
/// ignorable in either release is ignorable.
fn merge_fields(
    newer: &[FieldSpec],
    older: &[FieldSpec],
    newer_versions: VersionRange,
    taken: &mut Vec<String>,
    path: &str,
) -> Vec<FieldSpec> {
    let mut out = newer.to_vec();
    for (i, field) in older.iter().enumerate() {
        if let Some(mine) = out.iter_mut().find(|f| f.name == field.name) {
            // The newer release may drop it with the versions that needed it.
            if field.ignorable {
                mine.ignorable = true;
            }
            if let (Some(mine_fields), Some(their_fields)) = (&mine.fields, &field.fields) {
                mine.fields = Some(merge_fields(
                    mine_fields,
                    their_fields,
                    newer_versions,
                    taken,
                    &format!("{path}{}.", field.name),
                ));
            }
            continue;
        }
        if !field.versions().intersect(newer_versions).is_empty() {
            continue; // renamed, not dropped: the newer schema has it under its new name
        }
        let after = older[..i]
            .iter()
            .rev()
            .find_map(|f| out.iter().position(|o| o.name == f.name));
        out.insert(after.map_or(0, |a| a + 1), field.clone());
        taken.push(format!("{path}{}", field.name));
    }
    out
}
