//! The typed form of a schema file: each JSON key a field of the same
//! meaning, one to one; a key not listed here is an error.

use std::fmt;

use kafka_wire_version::VersionRange;
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::Deserialize;

/// One schema file's declaration: a request, a response, a header, a data
/// schema, or one of Kafka's own records.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MessageSpec {
    /// `"name"`: the schema's name (`MetadataRequest`).
    pub name: String,
    /// `"type"`: what the schema is.
    #[serde(rename = "type")]
    pub kind: SpecType,
    /// `"apiKey"`: an API's key, or a record's type (Kafka's own records).
    #[serde(default)]
    pub api_key: Option<i16>,
    /// `"validVersions"`: every version the schema has (`none` for an API
    /// the release removed).
    #[serde(deserialize_with = "range")]
    pub valid_versions: VersionRange,
    /// `"flexibleVersions"`: the versions with tagged fields and compact
    /// encodings (`none` when absent).
    #[serde(default = "no_versions", deserialize_with = "range")]
    pub flexible_versions: VersionRange,
    /// `"deprecatedVersions"`: the versions Kafka deprecated.
    #[serde(default, deserialize_with = "optional_range")]
    pub deprecated_versions: Option<VersionRange>,
    /// `"latestVersionUnstable"`: the highest valid version is still being
    /// designed, and the release does not accept it by default (a request
    /// schema says it for its API).
    #[serde(default)]
    pub latest_version_unstable: bool,
    /// `"listeners"`: who accepts the request (`broker`, `controller`, ...).
    #[serde(default)]
    pub listeners: Vec<String>,
    /// `"fields"`: the top-level fields (none for an API a release removed).
    #[serde(default)]
    pub fields: Vec<FieldSpec>,
    /// `"commonStructs"`: structs that fields of this file name as their type.
    #[serde(default)]
    pub common_structs: Vec<StructSpec>,
}

/// What a schema file declares (its `"type"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpecType {
    /// `request`: an API's request body.
    Request,
    /// `response`: an API's response body.
    Response,
    /// `header`: a request or response header.
    Header,
    /// `data`: a versioned struct with no API key of its own.
    Data,
    /// `coordinator-key`: the key of a coordinator's record.
    CoordinatorKey,
    /// `coordinator-value`: the value of a coordinator's record.
    CoordinatorValue,
    /// `metadata`: a record of the KRaft metadata log.
    Metadata,
}

impl SpecType {
    /// The type as the schema writes it (`coordinator-key`).
    pub fn as_str(self) -> &'static str {
        match self {
            SpecType::Request => "request",
            SpecType::Response => "response",
            SpecType::Header => "header",
            SpecType::Data => "data",
            SpecType::CoordinatorKey => "coordinator-key",
            SpecType::CoordinatorValue => "coordinator-value",
            SpecType::Metadata => "metadata",
        }
    }
}

impl fmt::Display for SpecType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One of a file's `"commonStructs"`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StructSpec {
    /// `"name"`: the struct's name, which fields use as their type.
    pub name: String,
    /// `"versions"`: the versions the struct is used in.
    #[serde(deserialize_with = "range")]
    pub versions: VersionRange,
    /// `"fields"`: its fields.
    pub fields: Vec<FieldSpec>,
}

/// One field of a schema or of one of its structs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FieldSpec {
    /// `"name"`: the field's name (`TopicId`).
    pub name: String,
    /// `"type"`: a primitive (`int32`, `string`, ...), a struct's name, or
    /// either with `[]` in front for an array of them.
    #[serde(rename = "type")]
    pub ty: String,
    /// `"versions"`: the versions that have the field; absent on a tagged
    /// field whose versions are its tagged versions (see
    /// [`FieldSpec::versions`]).
    #[serde(default, rename = "versions", deserialize_with = "optional_range")]
    pub declared_versions: Option<VersionRange>,
    /// `"nullableVersions"`: the versions in which the field may be null.
    #[serde(default, deserialize_with = "optional_range")]
    pub nullable_versions: Option<VersionRange>,
    /// `"taggedVersions"`: the versions in which the field is a tagged field.
    #[serde(default, deserialize_with = "optional_range")]
    pub tagged_versions: Option<VersionRange>,
    /// `"tag"`: the tag of a tagged field (a number, or a string of one).
    #[serde(default, deserialize_with = "optional_tag")]
    pub tag: Option<u32>,
    /// `"flexibleVersions"`: the field's own flexible versions, overriding
    /// the schema's (a string that stays non-compact).
    #[serde(default, deserialize_with = "optional_range")]
    pub flexible_versions: Option<VersionRange>,
    /// `"default"`: the value of the field where a version does not have it
    /// (a JSON `null` is no default, as Kafka's generator reads it).
    #[serde(default)]
    pub default: Option<DefaultValue>,
    /// `"ignorable"`: a version without the field may drop a value that is
    /// not its default when writing.
    #[serde(default)]
    pub ignorable: bool,
    /// `"mapKey"`: the field is the key of the array it is an element of.
    #[serde(default)]
    pub map_key: bool,
    /// `"entityType"`: what the value names (`topicName`, `brokerId`, ...).
    #[serde(default)]
    pub entity_type: Option<String>,
    /// `"zeroCopy"`: Kafka's Java reads the bytes without copying them.
    #[serde(default)]
    pub zero_copy: bool,
    /// `"about"`: the field's documentation.
    #[serde(default)]
    pub about: Option<String>,
    /// `"fields"`: the fields of the struct the field holds, when it is
    /// declared in place (not one of the file's common structs).
    #[serde(default)]
    pub fields: Option<Vec<FieldSpec>>,
}

/// A field's `"default"`, as the JSON writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum DefaultValue {
    /// `true` or `false`.
    Bool(bool),
    /// A number (`-1`).
    Int(i64),
    /// A string: text, a number (`"0x7fffffff"`, `"-1"`), a bool, or `"null"`.
    Text(String),
}

impl fmt::Display for DefaultValue {
    /// The value as text: `true`, `-1`, or the string itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DefaultValue::Bool(b) => write!(f, "{b}"),
            DefaultValue::Int(n) => write!(f, "{n}"),
            DefaultValue::Text(t) => f.write_str(t),
        }
    }
}

impl FieldSpec {
    /// The versions that have the field: its `"versions"`, or, where a
    /// tagged field leaves them out, its tagged versions (as Kafka's
    /// generator reads it: TransactionLogValue's); none when it has neither.
    pub fn versions(&self) -> VersionRange {
        self.declared_versions
            .or(self.tagged_versions)
            .unwrap_or(VersionRange::NONE)
    }

    /// True when the type is an array (`[]int32`, `[]Topic`).
    pub fn is_array(&self) -> bool {
        self.ty.starts_with("[]")
    }

    /// The type without its `[]`: an array's element type, else the type.
    pub fn element_type(&self) -> &str {
        self.ty.strip_prefix("[]").unwrap_or(&self.ty)
    }

    /// The fields of the struct this field holds: declared in place, or the
    /// common struct of `spec` its type names; `None` for a primitive.
    pub fn struct_fields<'a>(&'a self, spec: &'a MessageSpec) -> Option<&'a [FieldSpec]> {
        match &self.fields {
            Some(fields) => Some(fields),
            None => spec
                .common_struct(self.element_type())
                .map(|s| s.fields.as_slice()),
        }
    }
}

impl MessageSpec {
    /// The common struct named `name`.
    pub fn common_struct(&self, name: &str) -> Option<&StructSpec> {
        self.common_structs.iter().find(|s| s.name == name)
    }

    /// The versions the schema's release accepts by default: its valid
    /// versions, without the highest when `request` (its API's request
    /// schema, the schema itself for a request) says
    /// `latestVersionUnstable`.
    pub fn stable_versions(&self, request: Option<&MessageSpec>) -> VersionRange {
        let valid = self.valid_versions;
        match (request.map(|r| r.latest_version_unstable), valid.highest()) {
            (Some(true), Some(highest)) => valid.intersect(VersionRange::new(0, highest - 1)),
            _ => valid,
        }
    }
}

fn no_versions() -> VersionRange {
    VersionRange::NONE
}

fn range<'de, D: Deserializer<'de>>(d: D) -> Result<VersionRange, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(de::Error::custom)
}

fn optional_range<'de, D: Deserializer<'de>>(d: D) -> Result<Option<VersionRange>, D::Error> {
    range(d).map(Some)
}

fn optional_tag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct Tag;
    impl Visitor<'_> for Tag {
        type Value = u32;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a tag: a number, or a string of one")
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<u32, E> {
            u32::try_from(n).map_err(|_| E::invalid_value(Unexpected::Unsigned(n), &self))
        }
        fn visit_i64<E: de::Error>(self, n: i64) -> Result<u32, E> {
            u32::try_from(n).map_err(|_| E::invalid_value(Unexpected::Signed(n), &self))
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<u32, E> {
            s.parse()
                .map_err(|_| E::invalid_value(Unexpected::Str(s), &self))
        }
    }
    d.deserialize_any(Tag).map(Some)
}

#[cfg(test)]
mod tests {
    use crate::SchemaFile;

    #[test]
    fn an_unknown_key_names_the_file_and_the_key() {
        let text = "{ \"name\": \"A\", \"type\": \"data\", \"validVersions\": \"0\",\n \"fields\": [],\n \"colour\": 1 }";
        let e = SchemaFile::parse("A.json", text).unwrap_err().to_string();
        assert!(e.starts_with("A.json: unknown field `colour`"), "{e}");
        let e = SchemaFile::parse("A.json", "{\n\"name\": }")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("A.json: ") && e.contains("line 2"), "{e}");
    }

    #[test]
    fn a_bad_range_names_the_text() {
        let text =
            "{ \"name\": \"A\", \"type\": \"data\", \"validVersions\": \"3-1\", \"fields\": [] }";
        let e = SchemaFile::parse("A.json", text).unwrap_err().to_string();
        assert!(e.contains("invalid version range \"3-1\""), "{e}");
    }

    #[test]
    fn tags_defaults_and_versions() {
        let text = r#"{ "name": "A", "type": "data", "validVersions": "0-2", "flexibleVersions": "0+",
          "fields": [
            { "name": "X", "type": "int32", "taggedVersions": "1+", "tag": "0", "default": -1 },
            { "name": "Y", "type": "[]B", "versions": "0+", "tag": 1, "default": null },
            { "name": "Z", "type": "bool", "versions": "2+", "default": true }
          ],
          "commonStructs": [ { "name": "B", "versions": "0+", "fields": [] } ] }"#;
        let spec = SchemaFile::parse("A.json", text).unwrap().spec;
        let [x, y, z] = &spec.fields[..] else {
            panic!("three fields")
        };
        assert_eq!((x.tag, x.versions().to_string()), (Some(0), "1+".into()));
        assert_eq!(x.default.as_ref().unwrap().to_string(), "-1");
        assert_eq!((y.tag, y.default.is_none()), (Some(1), true));
        assert_eq!((y.is_array(), y.element_type()), (true, "B"));
        assert_eq!(y.struct_fields(&spec), Some(&[][..]));
        assert_eq!(z.default.as_ref().unwrap().to_string(), "true");
        assert_eq!(spec.deprecated_versions, None);
    }
}
