//! JSON for tools, written by hand: the shapes are small and fixed, and a
//! page needs no JSON parser (so the crate has no serde dependency).
//!
//! A layout is an object: `message`, `api_key`, `version`, `header_version`,
//! `direction`, `size`, `hex`, `error` (`null` or `{offset, path, message}`),
//! `codec` (`null`, `"ok"` or the codec's error) and `tree`, whose nodes are
//! `{name, type, value, offset, size, category, doc, failed, children}`.

use core::fmt::Write as _;

use kafka_wire::schema::{FieldSchema, StructSchema};

use crate::layout::{Layout, MessageSpec, Node};
use crate::render::type_name;

/// `s` as a JSON string literal (`<` escaped too, so that it can sit in an
/// HTML `<script>`).
pub(crate) fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            c => push_escaped(&mut out, c),
        }
    }
    out.push('"');
    out
}

/// `c` as it is written inside a quoted string: quotes, backslashes and
/// control characters escaped as JSON escapes them.
pub(crate) fn push_escaped(out: &mut String, c: char) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() => {
            let _ = write!(out, "\\u{:04x}", c as u32);
        }
        c => out.push(c),
    }
}

fn opt_string(s: Option<&str>) -> String {
    s.map_or_else(|| "null".into(), string)
}

/// A tree node and its children.
pub(crate) fn node(n: &Node, out: &mut String) {
    let _ = write!(
        out,
        "{{\"name\":{},\"type\":{},\"value\":{},\"offset\":{},\"size\":{},\"category\":{},\"doc\":{},\"failed\":{},\"children\":[",
        string(&n.name),
        string(&n.type_name),
        opt_string(n.value.as_deref()),
        n.offset,
        n.size,
        string(n.category.id()),
        string(&n.doc),
        n.failed,
    );
    for (i, child) in n.children.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        node(child, out);
    }
    out.push_str("]}");
}

pub(crate) fn layout_json(layout: &Layout) -> String {
    let mut out = String::new();
    layout_into(layout, &mut out);
    out.push('\n');
    out
}

pub(crate) fn layout_into(layout: &Layout, out: &mut String) {
    let spec = layout.spec.as_ref();
    let error = match &layout.error {
        None => "null".to_string(),
        Some(e) => format!(
            "{{\"offset\":{},\"path\":{},\"message\":{}}}",
            e.offset,
            string(&e.error.path()),
            string(&e.error.to_string())
        ),
    };
    let codec = match &layout.codec {
        None => "null".to_string(),
        Some(Ok(())) => string("ok"),
        Some(Err(e)) => string(&e.to_string()),
    };
    let hex: String = layout.bytes.iter().map(|b| format!("{b:02x}")).collect();
    let _ = write!(
        out,
        "{{\"message\":{},\"api_key\":{},\"version\":{},\"header_version\":{},\"direction\":{},\"size\":{},\"hex\":{},\"error\":{},\"codec\":{},\"tree\":",
        string(&layout.root.name),
        spec.map_or_else(|| "null".into(), |s| s.api_key.to_string()),
        layout.version,
        layout
            .header_version
            .map_or_else(|| "null".into(), |v| v.to_string()),
        opt_string(spec.map(|s| s.direction.word())),
        layout.bytes.len(),
        string(&hex),
        error,
        codec,
    );
    node(&layout.root, out);
    out.push('}');
}

/// A message's schema as data, in the shape of Kafka's JSON schema files
/// (`name`, `type`, `validVersions`, `flexibleVersions`, `fields`, each field
/// with `name`, `type`, `versions`, and `nullableVersions`, `taggedVersions`,
/// `tag`, `default`, `ignorable`, `flexibleVersions`, `mapKey`, `entityType`,
/// `about` when set), for messages that are not Kafka's own.
pub fn schema_json(spec: &MessageSpec) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\n  \"apiKey\": {},\n  \"type\": {},\n  \"name\": {},\n  \"validVersions\": {},\n  \"flexibleVersions\": {},\n  \"fields\": ",
        spec.api_key,
        string(spec.direction.word()),
        string(spec.schema.json_name),
        string(&spec.versions.to_string()),
        string(&spec.flexible.to_string()),
    );
    fields(spec.schema, 1, &mut out);
    out.push_str("\n}\n");
    out
}

fn fields(schema: &StructSchema, depth: usize, out: &mut String) {
    if schema.fields.is_empty() {
        out.push_str("[]");
        return;
    }
    let pad = "  ".repeat(depth + 1);
    out.push_str("[\n");
    for (i, f) in schema.fields.iter().enumerate() {
        out.push_str(&pad);
        field(f, depth + 1, out);
        out.push_str(if i + 1 < schema.fields.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    out.push_str(&"  ".repeat(depth));
    out.push(']');
}

fn field(f: &FieldSchema, depth: usize, out: &mut String) {
    let mut parts = vec![
        format!("\"name\": {}", string(f.json_name)),
        format!("\"type\": {}", string(&type_name(&f.kafka_type))),
        format!("\"versions\": {}", string(&f.versions.to_string())),
    ];
    if !f.nullable.is_empty() {
        parts.push(format!(
            "\"nullableVersions\": {}",
            string(&f.nullable.to_string())
        ));
    }
    if !f.tagged.is_empty() {
        parts.push(format!(
            "\"taggedVersions\": {}",
            string(&f.tagged.to_string())
        ));
    }
    if let Some(tag) = f.tag {
        parts.push(format!("\"tag\": {tag}"));
    }
    if let Some(default) = f.default {
        parts.push(format!("\"default\": {}", string(default)));
    }
    if f.ignorable {
        parts.push("\"ignorable\": true".into());
    }
    if let Some(flexible) = f.flexible {
        parts.push(format!(
            "\"flexibleVersions\": {}",
            string(&flexible.to_string())
        ));
    }
    if f.map_key {
        parts.push("\"mapKey\": true".into());
    }
    if let Some(entity) = f.entity_type {
        parts.push(format!("\"entityType\": {}", string(entity)));
    }
    if !f.doc.is_empty() {
        let about = f.doc.split_whitespace().collect::<Vec<_>>().join(" ");
        parts.push(format!("\"about\": {}", string(&about)));
    }
    out.push_str("{ ");
    out.push_str(&parts.join(", "));
    if let Some(nested) = f.kafka_type.nested_struct() {
        out.push_str(", \"fields\": ");
        fields(nested, depth, out);
    }
    out.push_str(" }");
}
