//! Reading Kafka's JSON into a value tree, as strictly as Kafka's generated
//! `JsonConverter.read` and stricter where Java would drop a value.

use core::fmt;

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use bytes::Bytes;
use serde_json::{Map, Number, Value as Json};

use super::{JsonError, JsonErrorKind};
use crate::dynamic::{is_default, Element, StructValue, Value};
use crate::schema::{FieldSchema, KafkaType, StructSchema};
use crate::{Records, Str, Uuid};

/// Where a value is in the document, as a chain of steps from the root
/// that costs nothing until an error renders it.
#[derive(Clone, Copy)]
pub(super) enum At<'a> {
    Root,
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Root => f.write_str("$"),
            At::Key(parent, key) => write!(f, "{parent}.{key}"),
            At::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

pub(super) struct Reader {
    pub(super) version: i16,
}

impl Reader {
    fn error(&self, at: &At<'_>, kind: JsonErrorKind) -> JsonError {
        JsonError::new(at.to_string(), kind)
    }

    /// A struct of `schema` from a JSON object: every field of the version
    /// that is not tagged must be there; a field the version lacks may be
    /// there only at its default; no other key may be.
    pub(super) fn read_struct(
        &self,
        schema: &'static StructSchema,
        node: &Json,
        at: &At<'_>,
    ) -> Result<StructValue, JsonError> {
        let Json::Object(object) = node else {
            return Err(self.error(at, wrong_type("an object", node)));
        };
        self.check_keys(schema, object, at)?;
        let version = self.version;
        let mut out = StructValue::new(schema);
        for field in schema.fields {
            let in_version = field.versions.contains(version);
            let here = At::Key(at, field.json_key);
            let Some(node) = object.get(field.json_key) else {
                if in_version && !field.tagged.contains(version) {
                    let kind = if field.kafka_type == KafkaType::Records
                        && object.contains_key(&format!("{}SizeInBytes", field.json_key))
                    {
                        JsonErrorKind::RecordsAsSize
                    } else {
                        JsonErrorKind::Missing { version }
                    };
                    return Err(self.error(&here, kind));
                }
                continue;
            };
            let value = self.read_field(field, node, &here)?;
            if !in_version {
                if is_default(field, &value) {
                    continue;
                }
                return Err(self.error(&here, JsonErrorKind::NotInVersion { version }));
            }
            out.push_value(field, value);
        }
        Ok(out)
    }

    /// Every key of `object` names a field of `schema` (in some version).
    fn check_keys(
        &self,
        schema: &StructSchema,
        object: &Map<String, Json>,
        at: &At<'_>,
    ) -> Result<(), JsonError> {
        if object.len() <= schema.fields.len() {
            let known = object
                .keys()
                .all(|key| schema.fields.iter().any(|f| f.json_key == key));
            if known {
                return Ok(());
            }
        }
        for key in object.keys() {
            if !schema.fields.iter().any(|f| f.json_key == key) {
                let sized = key.strip_suffix("SizeInBytes").is_some_and(|name| {
                    let records = |f: &FieldSchema| f.kafka_type == KafkaType::Records;
                    schema
                        .fields
                        .iter()
                        .any(|f| f.json_key == name && records(f))
                });
                let kind = if sized {
                    JsonErrorKind::RecordsAsSize
                } else {
                    JsonErrorKind::UnknownField {
                        structure: schema.json_name,
                    }
                };
                return Err(self.error(&At::Key(at, key), kind));
            }
        }
        Ok(())
    }

    fn read_field(
        &self,
        field: &'static FieldSchema,
        node: &Json,
        at: &At<'_>,
    ) -> Result<Value, JsonError> {
        if node.is_null() {
            // Null only where the version makes the field nullable; a
            // field the version lacks may be null where some version allows.
            let nullable = if field.versions.contains(self.version) {
                field.nullable.contains(self.version)
            } else {
                !field.nullable.is_empty()
            };
            return if nullable {
                Ok(Value::Null)
            } else {
                Err(self.error(at, JsonErrorKind::NotNullable))
            };
        }
        self.read_value(&field.kafka_type, node, at)
    }

    fn read_value(
        &self,
        ty: &'static KafkaType,
        node: &Json,
        at: &At<'_>,
    ) -> Result<Value, JsonError> {
        let wrong = |expected: &'static str| self.error(at, wrong_type(expected, node));
        Ok(match ty {
            KafkaType::Bool => Value::Bool(node.as_bool().ok_or_else(|| wrong("a boolean"))?),
            KafkaType::Int8 => Value::Int8(self.integer(ty, node, at)?),
            KafkaType::Int16 => Value::Int16(self.integer(ty, node, at)?),
            KafkaType::Uint16 => Value::Uint16(self.integer(ty, node, at)?),
            KafkaType::Int32 => Value::Int32(self.integer(ty, node, at)?),
            KafkaType::Uint32 => Value::Uint32(self.integer(ty, node, at)?),
            KafkaType::Int64 => Value::Int64(self.integer(ty, node, at)?),
            KafkaType::Float64 => Value::Float64(match node {
                Json::Number(n) if n.is_f64() => n.as_f64().ok_or_else(|| wrong("a float"))?,
                Json::String(s) if s == "NaN" => f64::NAN,
                Json::String(s) if s == "Infinity" => f64::INFINITY,
                Json::String(s) if s == "-Infinity" => f64::NEG_INFINITY,
                _ => return Err(wrong("a floating-point number")),
            }),
            KafkaType::Uuid => {
                let text = node.as_str().ok_or_else(|| wrong("a string"))?;
                Value::Uuid(parse_uuid(text).ok_or_else(|| {
                    self.error(at, JsonErrorKind::InvalidUuid { text: clip(text) })
                })?)
            }
            KafkaType::String => {
                let text = node.as_str().ok_or_else(|| wrong("a string"))?;
                if text.len() > i16::MAX as usize {
                    let kind = JsonErrorKind::StringTooLong { len: text.len() };
                    return Err(self.error(at, kind));
                }
                Value::String(Str::from(text))
            }
            KafkaType::Bytes => Value::Bytes(self.base64(node, at)?),
            KafkaType::Records => Value::Records(Records(self.base64(node, at)?)),
            KafkaType::Array(element) => {
                let items = node.as_array().ok_or_else(|| wrong("an array"))?;
                let mut out = Vec::with_capacity(items.len());
                for (index, item) in items.iter().enumerate() {
                    let here = At::Index(at, index);
                    if item.is_null() {
                        return Err(self.error(&here, JsonErrorKind::NotNullable));
                    }
                    out.push(Element::new(self.read_value(element, item, &here)?));
                }
                Value::Array(out)
            }
            KafkaType::Struct(schema) => Value::Struct(self.read_struct(schema, node, at)?),
        })
    }

    /// An integer of `ty`'s width: a JSON number without fraction or
    /// exponent, in range.
    fn integer<T: TryFrom<i64> + TryFrom<u64>>(
        &self,
        ty: &KafkaType,
        node: &Json,
        at: &At<'_>,
    ) -> Result<T, JsonError> {
        let Json::Number(number) = node else {
            return Err(self.error(at, wrong_type("an integer", node)));
        };
        let fits = match (number.as_i64(), number.as_u64()) {
            (Some(v), _) => T::try_from(v).ok(),
            (None, Some(v)) => T::try_from(v).ok(),
            (None, None) => return Err(self.error(at, wrong_type("an integer", node))),
        };
        fits.ok_or_else(|| {
            self.error(
                at,
                JsonErrorKind::OutOfRange {
                    ty: *ty,
                    value: number_text(number),
                },
            )
        })
    }

    /// Bytes from base64 text (standard alphabet, padded), as Jackson reads
    /// a binary node.
    fn base64(&self, node: &Json, at: &At<'_>) -> Result<Bytes, JsonError> {
        let text = node
            .as_str()
            .ok_or_else(|| self.error(at, wrong_type("a base64 string", node)))?;
        STANDARD.decode(text).map(Bytes::from).map_err(|e| {
            self.error(
                at,
                JsonErrorKind::InvalidBase64 {
                    reason: e.to_string(),
                },
            )
        })
    }
}

/// What Kafka's `Uuid.fromString` reads: 16 bytes in URL-safe base64, with
/// or without padding.
pub(super) fn parse_uuid(text: &str) -> Option<Uuid> {
    const URL_SAFE_ANY_PAD: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    if text.len() > 24 {
        return None;
    }
    let mut bytes = [0u8; 18];
    match URL_SAFE_ANY_PAD.decode_slice(text, &mut bytes) {
        Ok(16) => Some(Uuid::from_bytes(bytes[..16].try_into().ok()?)),
        _ => None,
    }
}

fn wrong_type(expected: &'static str, node: &Json) -> JsonErrorKind {
    JsonErrorKind::WrongType {
        expected,
        found: kind(node),
    }
}

/// A JSON value's kind, for errors.
fn kind(node: &Json) -> &'static str {
    match node {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(n) if n.is_f64() => "a floating-point number",
        Json::Number(_) => "an integer",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

fn number_text(number: &Number) -> String {
    number.to_string()
}

/// At most 40 characters of `text`, for an error message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}
