//! A message's schema as data: every field's Kafka type, versions, nullability,
//! tags, default and docs, as the derive read them from the attributes.
//!
//! Tools and tests walk it without knowing a message in advance, for example to
//! compare a declaration with Kafka's JSON schema, or to list which fields a
//! version carries.
//!
//! ```
//! use kafka_wire::{KafkaMessage, KafkaStruct, Str};
//! use kafka_wire::schema::KafkaType;
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! struct Item {
//!     /// The item's name.
//!     #[kafka(versions = "0+")]
//!     name: Str,
//!     #[kafka(versions = "1+", default = -1)]
//!     count: i32,
//! }
//!
//! let schema = Item::SCHEMA;
//! assert_eq!(schema.name, "Item");
//! assert_eq!(schema.fields[0].kafka_type, KafkaType::String);
//! assert_eq!(schema.fields[0].doc, "The item's name.");
//! assert_eq!(schema.fields[1].versions.to_string(), "1+");
//! assert_eq!(schema.fields[1].default, Some("-1"));
//! ```

use core::fmt;

use crate::VersionRange;

/// A Kafka schema type, as the JSON schemas name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KafkaType {
    /// `bool`
    Bool,
    /// `int8`
    Int8,
    /// `int16`
    Int16,
    /// `uint16`
    Uint16,
    /// `int32`
    Int32,
    /// `uint32`
    Uint32,
    /// `int64`
    Int64,
    /// `float64`
    Float64,
    /// `string`
    String,
    /// `bytes`
    Bytes,
    /// `uuid`
    Uuid,
    /// `records`
    Records,
    /// `[]T`
    Array(&'static KafkaType),
    /// A nested struct.
    Struct(&'static StructSchema),
}

impl fmt::Display for KafkaType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            KafkaType::Bool => "bool",
            KafkaType::Int8 => "int8",
            KafkaType::Int16 => "int16",
            KafkaType::Uint16 => "uint16",
            KafkaType::Int32 => "int32",
            KafkaType::Uint32 => "uint32",
            KafkaType::Int64 => "int64",
            KafkaType::Float64 => "float64",
            KafkaType::String => "string",
            KafkaType::Bytes => "bytes",
            KafkaType::Uuid => "uuid",
            KafkaType::Records => "records",
            KafkaType::Array(inner) => return write!(f, "[]{inner}"),
            KafkaType::Struct(s) => s.name,
        };
        f.write_str(name)
    }
}

impl KafkaType {
    /// The struct inside this type, through arrays: `Some` for a struct and
    /// for `[]Struct`.
    pub const fn nested_struct(&self) -> Option<&'static StructSchema> {
        let mut inner = self;
        while let KafkaType::Array(t) = inner {
            inner = t;
        }
        match inner {
            KafkaType::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The size of every value of the type, for the types of one size in
    /// every form: `bool`, the integers, `float64` and `uuid`.
    pub const fn fixed_size(&self) -> Option<usize> {
        match self {
            KafkaType::Bool | KafkaType::Int8 => Some(1),
            KafkaType::Int16 | KafkaType::Uint16 => Some(2),
            KafkaType::Int32 | KafkaType::Uint32 => Some(4),
            KafkaType::Int64 | KafkaType::Float64 => Some(8),
            KafkaType::Uuid => Some(16),
            _ => None,
        }
    }

    /// The fewest bytes a value of the type takes in any form: its fixed
    /// size; 1 for strings, bytes, records and arrays (a compact length);
    /// a struct's [`min_len`](StructSchema::min_len).
    pub const fn min_len(&self) -> usize {
        match self {
            KafkaType::String | KafkaType::Bytes | KafkaType::Records | KafkaType::Array(_) => 1,
            KafkaType::Struct(schema) => schema.min_len(),
            fixed => match fixed.fixed_size() {
                Some(n) => n,
                None => 0,
            },
        }
    }

    /// True when the type holds no array but of fixed-size values, at any
    /// depth: every type but an array of strings, bytes, records, arrays or
    /// structs, and a struct that holds one. Such a type's encoder is short,
    /// straight code; see [`StructSchema::is_flat`].
    pub const fn is_flat(&self) -> bool {
        match self {
            KafkaType::Array(element) => element.fixed_size().is_some(),
            KafkaType::Struct(schema) => schema.is_flat(),
            _ => true,
        }
    }

    /// True for the types a field-level `flexible` override applies to:
    /// strings, bytes and records.
    pub const fn takes_flexible_override(&self) -> bool {
        matches!(
            self,
            KafkaType::String | KafkaType::Bytes | KafkaType::Records
        )
    }
}

/// One declared field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSchema {
    /// The Rust field name (Kafka's name in snake_case).
    pub name: &'static str,
    /// The name as Kafka's JSON schema writes it (`Topics`, `timeoutMs`):
    /// `#[kafka(name = "…")]`, or else the Rust name in UpperCamelCase.
    pub json_name: &'static str,
    /// The key Kafka's JSON form of a message (its generated
    /// `<Name>JsonConverter` classes, the broker's request log) writes the
    /// field under: the JSON name with its first letter lower-cased
    /// (`topics`, `timeoutMs`). It holds no quote, backslash or control
    /// character (the derive refuses a `name` that would), so it is written
    /// as it is.
    pub json_key: &'static str,
    /// The wire type.
    pub kafka_type: KafkaType,
    /// Versions the field exists in.
    pub versions: VersionRange,
    /// Versions in which it may be null.
    pub nullable: VersionRange,
    /// Versions in which it is a tagged field.
    pub tagged: VersionRange,
    /// Its tag, when it is tagged in some version.
    pub tag: Option<u32>,
    /// The `default = …` expression as written, when one is given.
    pub default: Option<&'static str>,
    /// Whether it may be dropped silently in versions that lack it.
    pub ignorable: bool,
    /// A per-field override of the flexible versions (strings and bytes only).
    pub flexible: Option<VersionRange>,
    /// Whether the field is the key of its struct in a map-like array
    /// (Kafka's `mapKey`; no effect on the wire).
    pub map_key: bool,
    /// What kind of entity the value names (Kafka's `entityType`: `topicName`,
    /// `brokerId`, `transactionalId`, ...; no effect on the wire).
    pub entity_type: Option<&'static str>,
    /// The field's doc comment.
    pub doc: &'static str,
}

impl FieldSchema {
    /// Whether the field is an error code: an `int16` whose Kafka name is
    /// `ErrorCode` or ends so (`TopicErrorCode`, `PartitionErrorCode`).
    pub fn is_error_code(&self) -> bool {
        matches!(self.kafka_type, KafkaType::Int16) && self.json_name.ends_with("ErrorCode")
    }

    /// The struct whose error codes the field's value may hold: its own
    /// (a struct field) or its elements' (an array of structs), when that
    /// struct [holds error codes](StructSchema::holds_error_codes).
    pub fn error_code_struct(&self) -> Option<&'static StructSchema> {
        match self.kafka_type {
            KafkaType::Struct(s) | KafkaType::Array(&KafkaType::Struct(s))
                if s.holds_error_codes() =>
            {
                Some(s)
            }
            _ => None,
        }
    }

    /// The one rule both [`is_consistent`] and [`validate`] check of a
    /// field: within `versions` (the message's, or the struct's around it),
    /// the field is tagged only in `flexible` versions.
    pub const fn tagged_only_in_flexible(
        &self,
        versions: VersionRange,
        flexible: VersionRange,
    ) -> bool {
        self.tagged.intersect(versions).is_subset_of(flexible)
    }

    /// Whether the field's value is written in the flexible form (compact
    /// lengths) at `version`, in a message whose form there is `flexible`:
    /// the message's form, narrowed by the field's own
    /// [`flexible`](Self::flexible) override (the request header's
    /// `client_id`, never compact).
    pub fn flexible_at(&self, version: i16, flexible: bool) -> bool {
        flexible
            && match self.flexible {
                Some(own) => own.contains(version),
                None => true,
            }
    }
}

/// A struct: a message body or a nested struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructSchema {
    /// The Rust type name.
    pub name: &'static str,
    /// The name as Kafka's JSON schema writes it: `#[kafka(name = "…")]` on
    /// the struct, or else the Rust name.
    pub json_name: &'static str,
    /// The struct's doc comment.
    pub doc: &'static str,
    /// Declared fields in wire order (the unknown-tagged-fields holder is not one).
    pub fields: &'static [FieldSchema],
    /// Whether it keeps unknown tagged fields.
    pub keeps_unknown_tags: bool,
}

impl StructSchema {
    /// Whether a field of the struct, at any depth, [is an error
    /// code](FieldSchema::is_error_code): what a walk for error codes
    /// descends into (an ApiVersions response's `ApiKeys` holds none).
    pub fn holds_error_codes(&self) -> bool {
        self.fields
            .iter()
            .any(|f| f.is_error_code() || f.error_code_struct().is_some())
    }

    /// True when every field's type [is flat](KafkaType::is_flat): the
    /// struct holds no array but of fixed-size values, at any depth (a
    /// partition's replica assignment, a topic's config). An array of a flat
    /// derived struct is encoded by one loop per form, flexible or not, with
    /// the struct's encoder in line in each.
    pub const fn is_flat(&self) -> bool {
        let mut i = 0;
        while i < self.fields.len() {
            if !self.fields[i].kafka_type.is_flat() {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The fewest bytes the struct takes in any version and form: the sum,
    /// over the fields present in every version and never tagged, of the
    /// fewest bytes each takes (a nullable one at most 1, its null). It
    /// bounds how many elements an array of the struct may claim before any
    /// is read. For a struct of the built-in types it is the derive's
    /// [`Wire::MIN_LEN`](crate::Wire::MIN_LEN); a field of a type of your own
    /// counts there as 0, as the derive cannot know its size.
    pub const fn min_len(&self) -> usize {
        let mut total = 0;
        let mut i = 0;
        while i < self.fields.len() {
            let field = &self.fields[i];
            let always = matches!(field.versions.lowest(), Some(0))
                && field.versions.is_open()
                && field.tagged.is_empty();
            if always {
                let min = field.kafka_type.min_len();
                total += if !field.nullable.is_empty() && min > 1 {
                    1
                } else {
                    min
                };
            }
            i += 1;
        }
        total
    }

    /// The field called `name` (its Rust name).
    pub fn field(&self, name: &str) -> Option<&'static FieldSchema> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The field whose JSON name is `json_name`.
    pub fn json_field(&self, json_name: &str) -> Option<&'static FieldSchema> {
        self.fields.iter().find(|f| f.json_name == json_name)
    }
}

/// A schema with versions of its own: a message body, a request or response
/// header, or one of Kafka's data schemas. What the interpreted codec
/// ([`dynamic`](crate::dynamic)) reads and writes by, without the Rust type.
///
/// ```
/// use kafka_wire::schema::MessageSchema;
/// use kafka_wire::RequestHeader;
///
/// let header = MessageSchema::of::<RequestHeader>();
/// assert_eq!(header.body.name, "RequestHeader");
/// assert!(header.flexible.contains(2));
/// assert_eq!(header.api_key, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageSchema {
    /// The top-level struct.
    pub body: &'static StructSchema,
    /// The versions it is valid in.
    pub versions: VersionRange,
    /// The versions that use compact lengths and tagged fields.
    pub flexible: VersionRange,
    /// The API key of a request or response body; `None` for a header or a
    /// data schema.
    pub api_key: Option<i16>,
}

impl MessageSchema {
    /// The schema of a derived [`Versioned`](crate::Versioned) struct (a
    /// header or data schema: no API key).
    pub const fn of<T: crate::Versioned>() -> Self {
        MessageSchema {
            body: &T::SCHEMA,
            versions: T::VERSIONS,
            flexible: T::FLEXIBLE,
            api_key: None,
        }
    }

    /// The schema of a derived [`Message`](crate::Message), with its API key.
    pub const fn of_message<T: crate::Message>() -> Self {
        MessageSchema {
            api_key: Some(T::API_KEY),
            ..Self::of::<T>()
        }
    }
}

/// A rule a schema breaks once the message's versions are known (nested structs
/// cannot check these at their own definition).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaIssue {
    /// `Struct.field`.
    pub field: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for SchemaIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

/// The compile-time form of [`validate`]: true when no rule is broken. The
/// derive asserts it (through [`type_is_consistent`]) for every field of a
/// versioned struct, so a nested struct with a field tagged in a non-flexible
/// version fails the build at that field; [`validate`] says which nested
/// field. A field that never appears in the message's versions is allowed:
/// Kafka keeps the fields of the versions it removed, and so may a
/// declaration (never on the wire; decoding gives its default).
pub const fn is_consistent(
    schema: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
) -> bool {
    let mut i = 0;
    while i < schema.fields.len() {
        let field = &schema.fields[i];
        // A field whose versions never meet `versions` is kept, as Kafka
        // keeps the fields of removed versions: it is never on the wire.
        let live = field.versions.intersect(versions);
        if !field.tagged_only_in_flexible(versions, flexible) {
            return false;
        }
        if let Some(nested) = field.kafka_type.nested_struct() {
            if !is_consistent(nested, live, flexible) {
                return false;
            }
        }
        i += 1;
    }
    true
}

/// [`is_consistent`] for the structs inside a field's type (through arrays);
/// true for types that hold no struct.
pub const fn type_is_consistent(
    kafka_type: &KafkaType,
    versions: VersionRange,
    flexible: VersionRange,
) -> bool {
    match kafka_type.nested_struct() {
        Some(nested) => is_consistent(nested, versions, flexible),
        None => true,
    }
}

/// Checks a message schema and every struct nested in it against the message's
/// valid and flexible versions: a field's tagged versions must be flexible, and
/// within one struct the tags must be unique. (A field that never appears in
/// the valid versions is allowed, as Kafka allows it; see [`dead_fields`].)
pub fn validate(
    schema: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
) -> Vec<SchemaIssue> {
    let mut issues = Vec::new();
    validate_into(schema, versions, flexible, &mut issues);
    issues
}

fn validate_into(
    schema: &StructSchema,
    versions: VersionRange,
    flexible: VersionRange,
    issues: &mut Vec<SchemaIssue>,
) {
    let mut tags: Vec<u32> = Vec::new();
    for field in schema.fields {
        let mut report = |problem: String| {
            issues.push(SchemaIssue {
                field: format!("{}.{}", schema.name, field.name),
                problem,
            })
        };
        let live = field.versions.intersect(versions);
        if !field.tagged_only_in_flexible(versions, flexible) {
            report(format!(
                "tagged versions {} include versions outside the flexible versions {flexible}",
                field.tagged
            ));
        }
        if let Some(tag) = field.tag {
            if tags.contains(&tag) {
                report(format!("tag {tag} is used twice"));
            }
            tags.push(tag);
        }
        if let Some(nested) = field.kafka_type.nested_struct() {
            validate_into(nested, live, flexible, issues);
        }
    }
}

/// The fields of `schema` and the structs nested in it that never appear in
/// `versions` (as `Struct.field`): fields Kafka kept from versions it removed,
/// such as ShareFetchRequest's `PartitionMaxBytes`. Never on the wire: decoding
/// gives their default, encoding refuses another value unless ignorable.
pub fn dead_fields(schema: &StructSchema, versions: VersionRange) -> Vec<String> {
    let mut out = Vec::new();
    dead_fields_into(schema, versions, &mut out);
    out
}

fn dead_fields_into(schema: &StructSchema, versions: VersionRange, out: &mut Vec<String>) {
    for field in schema.fields {
        let live = field.versions.intersect(versions);
        if live.is_empty() {
            out.push(format!("{}.{}", schema.name, field.name));
        }
        if let Some(nested) = field.kafka_type.nested_struct() {
            dead_fields_into(nested, live, out);
        }
    }
}
