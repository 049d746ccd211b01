//! A value tree of the interpreted codec ([`kafka_wire::dynamic`]) written
//! as the derived `Debug` of its typed struct writes that struct: the text
//! through which the tests compare the values of the two decoders.

use std::fmt::Write as _;

use bytes::Bytes;
use kafka_wire::dynamic::{default_value, StructValue, Value};

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
