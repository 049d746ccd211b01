//! A value tree of the interpreted codec ([`kafka_wire::dynamic`]) written
//! as the derived `Debug` of its typed struct writes that struct: the text
//! through which the tests (and the `agree` fuzz target) compare the values
//! of the two decoders, and the [`Outcome`] they compare.

use std::fmt::Write as _;

use bytes::Bytes;
use kafka_wire::dynamic::{default_value, DynamicMessage, StructValue, Value};
use kafka_wire::schema::MessageSchema;
use kafka_wire::{DecodeError, DecodeErrorKind};

/// What a decoder made of some bytes: the values as the typed `Debug` shows
/// them and the re-encoding, or the error's kind and path.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// Decoded.
    Decoded {
        /// The values, as the typed struct's `Debug` writes them.
        values: String,
        /// The value encoded again at the same version.
        encoded: Vec<u8>,
    },
    /// Failed.
    Failed {
        /// What failed.
        kind: DecodeErrorKind,
        /// Where.
        path: String,
    },
}

impl Outcome {
    /// The outcome of a decode that failed with `e`.
    pub fn failed(e: &DecodeError) -> Outcome {
        Outcome::Failed {
            kind: e.kind().clone(),
            path: e.path(),
        }
    }

    /// The outcome of a typed decode that left `rest` bytes of `message`
    /// (the typed struct's name) at `version` unread: trailing bytes, as
    /// `decode_exact` reports them.
    pub fn trailing(rest: usize, message: &'static str, version: i16) -> Outcome {
        Outcome::failed(
            &DecodeError::new(DecodeErrorKind::TrailingBytes(rest)).in_message(message, version),
        )
    }

    /// The interpreted decode of all of `bytes`: values rendered as the typed
    /// `Debug` writes them (so without the unknown tags of a struct that does
    /// not keep them), re-encoded as they are, its `encoded_len` checked.
    pub fn interpreted(schema: MessageSchema, version: i16, bytes: &[u8]) -> Outcome {
        match DynamicMessage::decode_exact(schema, version, Bytes::copy_from_slice(bytes)) {
            Err(e) => Outcome::failed(&e),
            Ok(message) => {
                let encoded = message.encode_to_vec().expect("interpreted re-encode");
                assert_eq!(message.encoded_len(), encoded.len(), "encoded_len");
                Outcome::Decoded {
                    values: debug_of(&message.body),
                    encoded,
                }
            }
        }
    }
}

/// The `Debug` of a dispatch enum's variant without the variant:
/// `Produce(ProduceRequest { .. })` → `ProduceRequest { .. }`.
pub fn unwrap_variant(debug: &str) -> String {
    match debug.find('(') {
        Some(open) => debug[open + 1..debug.len() - 1].to_string(),
        None => debug.to_string(),
    }
}

/// A tree as the derived `Debug` of its typed struct shows it: every field
/// in declaration order (defaults for those the tree does not hold), a
/// nullable field as an `Option`, the unknown tags if the struct keeps them.
pub fn debug_of(value: &StructValue) -> String {
    let schema = value.schema();
    let mut out = format!("{} {{ ", schema.name);
    let mut first = true;
    for field in schema.fields {
        let held = value
            .get_field(field)
            .cloned()
            .unwrap_or_else(|| default_value(field));
        if !first {
            out.push_str(", ");
        }
        first = false;
        let text = value_debug(&held);
        if field.nullable.is_empty() {
            write!(out, "{}: {text}", field.name).unwrap();
        } else if held.is_null() {
            write!(out, "{}: None", field.name).unwrap();
        } else {
            write!(out, "{}: Some({text})", field.name).unwrap();
        }
    }
    if schema.keeps_unknown_tags {
        let tags: Vec<(u32, Bytes)> = value
            .unknown_tags()
            .iter()
            .map(|t| (t.tag, t.value.clone()))
            .collect();
        if !first {
            out.push_str(", ");
        }
        first = false;
        write!(out, "unknown_tagged_fields: UnknownTaggedFields({tags:?})").unwrap();
    }
    if first {
        return schema.name.to_string();
    }
    out.push_str(" }");
    out
}

fn value_debug(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(v) => format!("{v:?}"),
        Value::Int8(v) => format!("{v:?}"),
        Value::Int16(v) => format!("{v:?}"),
        Value::Uint16(v) => format!("{v:?}"),
        Value::Int32(v) => format!("{v:?}"),
        Value::Uint32(v) => format!("{v:?}"),
        Value::Int64(v) => format!("{v:?}"),
        Value::Float64(v) => format!("{v:?}"),
        Value::Uuid(v) => format!("{v:?}"),
        Value::String(v) => format!("{v:?}"),
        Value::Bytes(v) => format!("{v:?}"),
        Value::Records(v) => format!("{v:?}"),
        Value::Array(elements) => {
            let items: Vec<String> = elements.iter().map(|e| value_debug(&e.value)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Struct(s) => debug_of(s),
    }
}
