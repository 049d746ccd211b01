//! # kafka-wire-spec
//!
//! Reads Apache Kafka's JSON message schemas (the `common/message/*.json` of
//! `kafka-clients`, and those of Kafka's own records) into typed specs:
//! [`MessageSpec`] for a file, [`StructSpec`] for its common structs,
//! [`FieldSpec`] for a field, every version range a
//! [`VersionRange`](kafka_wire_version::VersionRange).
//!
//! Kafka's files carry `//` comments, which JSON does not allow:
//! [`strip_comments`] takes them out, and [`SchemaFile::history`] keeps the
//! ones above the first field (each version's changes, as Kafka writes them).
//! A key this crate does not know, a malformed range or a missing key is an
//! error that names the file and what is wrong (and the line, for text that
//! is not JSON).
//!
//! The facts derived from a spec that more than one reader needs live here
//! too: the versions a release accepts by default
//! ([`MessageSpec::stable_versions`]) and what a version lays on the wire
//! ([`MessageSpec::layout`]), which compares two releases' schemas.
//!
//! ```
//! use kafka_wire_spec::SchemaFile;
//!
//! let text = r#"// Version 1 adds Rack.
//! {
//!   "apiKey": 99, "type": "request", "name": "ExampleRequest",
//!   "validVersions": "0-1", "flexibleVersions": "1+",
//!   "fields": [
//!     { "name": "Rack", "type": "string", "versions": "1+", "nullableVersions": "1+",
//!       "about": "The rack." }
//!   ]
//! }"#;
//! let file = SchemaFile::parse("ExampleRequest.json", text)?;
//! assert_eq!(file.spec.name, "ExampleRequest");
//! assert_eq!(file.spec.valid_versions.to_string(), "0-1");
//! assert_eq!(file.spec.fields[0].versions().to_string(), "1+");
//! assert!(file.spec.layout(0).fields.is_empty());
//! # Ok::<(), kafka_wire_spec::SpecError>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod comments;
mod error;
mod layout;
mod spec;

pub use comments::strip_comments;
pub use error::SpecError;
pub use layout::{FieldLayout, MessageLayout, TypeLayout};
pub use spec::{DefaultValue, FieldSpec, MessageSpec, SpecType, StructSpec};

use std::path::{Path, PathBuf};

/// One schema file: where it was read from, its text, and its spec.
#[derive(Debug, Clone)]
pub struct SchemaFile {
    /// The path it was read from (or the name it was parsed under).
    pub path: PathBuf,
    /// The file's text, comments included.
    pub text: String,
    /// What the file declares.
    pub spec: MessageSpec,
}

impl SchemaFile {
    /// Reads and parses the schema file at `path`.
    pub fn read(path: impl AsRef<Path>) -> Result<SchemaFile, SpecError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| SpecError::io(path, e))?;
        Self::parse(path, text)
    }

    /// Parses `text` as the schema file at `path` (named in errors).
    pub fn parse(path: impl AsRef<Path>, text: impl Into<String>) -> Result<SchemaFile, SpecError> {
        let path = path.as_ref().to_path_buf();
        let text = text.into();
        // Through a tree: a key given twice counts once, with its last
        // value, as Kafka's reader (Jackson's defaults) reads it (3.9.1's
        // DescribeTopicPartitionsRequest.json gives a field's `versions` twice).
        let tree: serde_json::Value =
            serde_json::from_str(&strip_comments(&text)).map_err(|e| SpecError::json(&path, e))?;
        let spec = serde_json::from_value(tree).map_err(|e| SpecError::json(&path, e))?;
        Ok(SchemaFile { path, text, spec })
    }

    /// The file's name (`MetadataRequest.json`).
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The file's name without `.json` (`MetadataRequest`).
    pub fn stem(&self) -> String {
        self.path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The schema's own comments: those between the line that opens the
    /// schema's object and its first field, which Kafka writes as the
    /// history of its versions; each without its `//` and surrounding
    /// blanks, with no blank line first or last. The license above the
    /// object is not part of it.
    pub fn history(&self) -> Vec<&str> {
        comments::history(&self.text)
    }
}

/// Every `*.json` schema file of `dir`, by file name.
pub fn read_dir(dir: impl AsRef<Path>) -> Result<Vec<SchemaFile>, SpecError> {
    let dir = dir.as_ref();
    let entries = std::fs::read_dir(dir).map_err(|e| SpecError::io(dir, e))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| SpecError::io(dir, e))?.path();
        if path.extension().is_some_and(|e| e == "json") {
            paths.push(path);
        }
    }
    paths.sort();
    paths.into_iter().map(SchemaFile::read).collect()
}

/// A release's schemas: the release that `dir/RELEASE` names, and every
/// schema file of `dir`.
#[derive(Debug, Clone)]
pub struct Release {
    /// The release, as `RELEASE` writes it (`4.4.0`).
    pub name: String,
    /// Its schema files, by file name.
    pub files: Vec<SchemaFile>,
}

impl Release {
    /// Reads `dir/RELEASE` and every schema file of `dir`.
    pub fn read(dir: impl AsRef<Path>) -> Result<Release, SpecError> {
        let dir = dir.as_ref();
        let path = dir.join("RELEASE");
        let name = std::fs::read_to_string(&path)
            .map_err(|e| SpecError::io(&path, e))?
            .trim()
            .to_owned();
        Ok(Release {
            name,
            files: read_dir(dir)?,
        })
    }

    /// The request schema of API `key`.
    pub fn request(&self, key: i16) -> Option<&MessageSpec> {
        self.files
            .iter()
            .map(|f| &f.spec)
            .find(|s| s.kind == SpecType::Request && s.api_key == Some(key))
    }
}
