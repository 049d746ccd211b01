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

pub const STRUCT_KEYS: &[&str] = &[API_KEY, VERSIONS, FLEXIBLE, CRATE];
pub const FIELD_KEYS: &[&str] = &[
    VERSIONS,
    NULLABLE,
    TAG,
    TAGGED,
    FLEXIBLE,
    DEFAULT,
    IGNORABLE,
    UNKNOWN_TAGGED_FIELDS,
];
