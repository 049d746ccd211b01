//! Attribute names, written once.

pub const KAFKA: &str = "kafka";
pub const API_KEY: &str = "api_key";
pub const VERSIONS: &str = "versions";
pub const FLEXIBLE: &str = "flexible";
pub const NULLABLE: &str = "nullable";
pub const TAG: &str = "tag";
pub const TAGGED: &str = "tagged";
pub const DEFAULT: &str = "default";
pub const IGNORABLE: &str = "ignorable";
pub const UNKNOWN_TAGGED_FIELDS: &str = "unknown_tagged_fields";
pub const CRATE: &str = "crate";
pub const NAME: &str = "name";
pub const MAP_KEY: &str = "map_key";
pub const ENTITY_TYPE: &str = "entity_type";
pub const VIEW: &str = "view";

pub const STRUCT_KEYS: &[&str] = &[API_KEY, VERSIONS, FLEXIBLE, NAME, VIEW, CRATE];
pub const FIELD_KEYS: &[&str] = &[
    VERSIONS,
    NULLABLE,
    TAG,
    TAGGED,
    FLEXIBLE,
    DEFAULT,
    IGNORABLE,
    NAME,
    MAP_KEY,
    ENTITY_TYPE,
    UNKNOWN_TAGGED_FIELDS,
];

/// Kafka's JSON schema keys: the attribute each one means (if any), and what
/// to write instead. A declaration translated from the JSON by habit is told
/// the attribute's name, and the checks then treat that attribute as given.
pub const JSON_KEYS: &[(&str, Option<&str>, &str)] = &[
    ("apiKey", Some(API_KEY), "api_key = N"),
    ("validVersions", Some(VERSIONS), "versions = \"…\""),
    ("flexibleVersions", Some(FLEXIBLE), "flexible = \"…\""),
    ("nullableVersions", Some(NULLABLE), "nullable = \"…\""),
    ("taggedVersions", Some(TAGGED), "tagged = \"…\""),
    ("mapKey", Some(MAP_KEY), "map_key"),
    ("entityType", Some(ENTITY_TYPE), "entity_type = \"…\""),
    ("about", None, "a doc comment (`/// …`)"),
    (
        "type",
        None,
        "the field's Rust type (it says the wire type)",
    ),
    ("fields", None, "a nested struct as the field's type"),
    (
        "zeroCopy",
        None,
        "nothing: `Str` and `Bytes` decode zero-copy from `Bytes` already",
    ),
];
