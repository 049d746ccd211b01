//! One generated Rust file: the structs of one or two schemas, each field
//! with the attributes of its JSON keys, one to one (see
//! `kafka_wire::attributes`).

use std::collections::{BTreeSet, HashMap, HashSet};

use kafka_wire_spec::{DefaultValue, FieldSpec, SpecType};

use crate::names::{doc_escape, rust_field, string_literal, upper_camel};
use crate::releases::Schema;
use crate::wrap::Wrap;
use crate::Error;

/// Kafka's primitive types and the Rust types that declare them.
const PRIMITIVES: &[(&str, &str)] = &[
    ("bool", "bool"),
    ("int8", "i8"),
    ("int16", "i16"),
    ("uint16", "u16"),
    ("int32", "i32"),
    ("uint32", "u32"),
    ("int64", "i64"),
    ("float64", "f64"),
    ("string", "Str"),
    ("bytes", "Bytes"),
    ("records", "Records"),
    ("uuid", "Uuid"),
];

/// The Rust type of Kafka's primitive `kafka_type`, if it is one.
pub fn primitive(kafka_type: &str) -> Option<&'static str> {
    PRIMITIVES
        .iter()
        .find(|(k, _)| *k == kafka_type)
        .map(|(_, r)| *r)
}

/// The lines of a doc comment of `text` (already escaped) at `indent`,
/// wrapped within 96 columns.
pub fn doc_lines(text: &str, indent: usize) -> Vec<String> {
    let prefix = format!("{}/// ", " ".repeat(indent));
    let lines = Wrap::plain(96 - prefix.len()).lines(text);
    if lines.is_empty() {
        return vec![prefix.trim_end().to_owned()];
    }
    lines.into_iter().map(|l| format!("{prefix}{l}")).collect()
}

/// The structs of a module, in order, and what they use of `kafka_wire`.
pub struct Module {
    /// Each item's lines; a struct goes before the structs nested in it.
    pub items: Vec<Vec<String>>,
    names: HashSet<String>,
    uses: BTreeSet<&'static str>,
}

impl Module {
    /// An empty module that uses `uses` of `kafka_wire` besides the derive.
    pub fn new(uses: &[&'static str]) -> Module {
        Module {
            items: Vec::new(),
            names: HashSet::new(),
            uses: uses.iter().copied().collect(),
        }
    }

    /// The struct of `schema`, then its nested structs; a nested struct
    /// named in `rename` gets the Rust name it maps to (its JSON name kept).
    pub fn add_message(
        &mut self,
        schema: &Schema,
        rename: &HashMap<String, String>,
    ) -> Result<(), Error> {
        let spec = &schema.spec;
        let doc = match spec.kind {
            SpecType::Request | SpecType::Response => format!(
                "The {} of {} (API key {}), versions {}{}, flexible {}.",
                spec.kind,
                api_name(&spec.name),
                api_key(schema)?,
                spec.valid_versions,
                release_ranges(schema),
                spec.flexible_versions
            ),
            _ => format!(
                "Kafka's `{}` {} schema, versions {}, flexible {}.",
                spec.name, spec.kind, spec.valid_versions, spec.flexible_versions
            ),
        };
        let mut attrs = Vec::new();
        // A record's `apiKey` is its type, in the tables.
        if matches!(spec.kind, SpecType::Request | SpecType::Response) {
            attrs.push(format!("api_key = {}", api_key(schema)?));
        }
        attrs.push(format!("versions = \"{}\"", spec.valid_versions));
        attrs.push(format!("flexible = \"{}\"", spec.flexible_versions));
        self.add_struct(
            schema,
            &spec.name,
            &spec.name,
            &spec.fields,
            &doc,
            attrs,
            rename,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn add_struct(
        &mut self,
        schema: &Schema,
        rust_name: &str,
        json_name: &str,
        fields: &[FieldSpec],
        doc: &str,
        mut attrs: Vec<String>,
        rename: &HashMap<String, String>,
    ) -> Result<(), Error> {
        // A struct goes before the structs nested in it: reserve its place.
        self.names.insert(rust_name.to_owned());
        let slot = self.items.len();
        self.items.push(Vec::new());
        let mut lines = doc_lines(doc, 0);
        lines.push("#[derive(Debug, Clone, PartialEq, KafkaMessage)]".to_owned());
        if rust_name != json_name {
            attrs.push(format!("name = \"{json_name}\""));
        }
        if !attrs.is_empty() {
            lines.push(format!("#[kafka({})]", attrs.join(", ")));
        }
        // The borrowed view (`<Name>View<'a>`), for routers and proxies,
        // behind a feature: checking the views' code is a fifth of the build.
        lines.push("#[cfg_attr(feature = \"view\", kafka(view))]".to_owned());
        lines.push(format!("pub struct {rust_name} {{"));
        for field in fields {
            lines.extend(self.field(schema, rust_name, field, rename)?);
        }
        if !schema.spec.flexible_versions.is_empty() {
            lines.push(
                "    /// Tagged fields this declaration does not know, kept for round trips."
                    .to_owned(),
            );
            lines.push("    #[kafka(unknown_tagged_fields)]".to_owned());
            lines.push("    pub unknown_tagged_fields: UnknownTaggedFields,".to_owned());
            self.uses.insert("UnknownTaggedFields");
        }
        lines.push("}".to_owned());
        self.items[slot] = lines;
        Ok(())
    }

    fn field(
        &mut self,
        schema: &Schema,
        parent: &str,
        field: &FieldSpec,
        rename: &HashMap<String, String>,
    ) -> Result<Vec<String>, Error> {
        let json_name = &field.name;
        let inner = field.element_type();
        let rust_inner = match primitive(inner) {
            Some(rust) => {
                if matches!(rust, "Str" | "Records" | "Uuid" | "Bytes") {
                    self.uses.insert(rust);
                }
                rust.to_owned()
            }
            None => {
                let rust = rename
                    .get(inner)
                    .cloned()
                    .unwrap_or_else(|| inner.to_owned());
                if !self.names.contains(&rust) {
                    let nested = match &field.fields {
                        Some(fields) => fields,
                        None => {
                            &schema
                                .spec
                                .common_struct(inner)
                                .ok_or_else(|| {
                                    format!(
                                        "{}: no struct {inner} for {parent}.{json_name}",
                                        schema.file
                                    )
                                })?
                                .fields
                        }
                    };
                    let about = doc_escape(field.about.as_deref().unwrap_or(""));
                    let doc = if field.is_array() {
                        format!("An element of `{parent}.{json_name}`: {about}")
                    } else {
                        format!("`{parent}.{json_name}`: {about}")
                    };
                    self.add_struct(schema, &rust, inner, nested, &doc, Vec::new(), rename)?;
                }
                rust
            }
        };
        // A partition's broker ids (replicas, ISR) hold a few ids: the type
        // CreateTopics declares them with, which keeps up to four in line,
        // so reading one (from bytes or JSON) allocates nothing.
        let broker_ids = field.is_array()
            && inner == "int32"
            && field.entity_type.as_deref() == Some("brokerId");
        let mut rust_type = if broker_ids {
            self.uses.insert("BrokerIds");
            "BrokerIds".to_owned()
        } else if field.is_array() {
            format!("Vec<{rust_inner}>")
        } else {
            rust_inner
        };
        if field.nullable_versions.is_some() {
            rust_type = format!("Option<{rust_type}>");
        }
        // A tagged field may leave its versions out: they are its tagged
        // versions, as Kafka's generator reads it (TransactionLogValue's).
        let mut attrs = vec![format!("versions = \"{}\"", field.versions())];
        if let Some(nullable) = field.nullable_versions {
            attrs.push(format!("nullable = \"{nullable}\""));
        }
        if let Some(tag) = field.tag {
            attrs.push(format!("tag = {tag}"));
        }
        if let Some(tagged) = field.tagged_versions {
            attrs.push(format!("tagged = \"{tagged}\""));
        }
        if let Some(flexible) = field.flexible_versions {
            attrs.push(format!("flexible = \"{flexible}\""));
        }
        // A JSON null default is no default, as Kafka's generator reads it (an
        // empty array or struct); the string "null" is a null default.
        if let Some(default) = &field.default {
            attrs.push(format!(
                "default = {}",
                default_value(schema, field, default)?
            ));
        }
        if field.ignorable {
            attrs.push("ignorable".to_owned());
        }
        let rust_name = rust_field(json_name);
        if upper_camel(rust_name.trim_start_matches("r#")) != *json_name {
            attrs.push(format!("name = \"{json_name}\""));
        }
        if field.map_key {
            attrs.push("map_key".to_owned());
        }
        if let Some(entity) = &field.entity_type {
            attrs.push(format!("entity_type = \"{entity}\""));
        }
        let mut lines = doc_lines(&doc_escape(field.about.as_deref().unwrap_or(json_name)), 4);
        lines.push(format!("    #[kafka({})]", attrs.join(", ")));
        lines.push(format!("    pub {rust_name}: {rust_type},"));
        Ok(lines)
    }

    /// The file: `header` (its module doc), the imports, then every item.
    pub fn render(&self, header: &[String]) -> String {
        let mut out: Vec<String> = header.to_vec();
        out.push(String::new());
        if self.uses.contains("BrokerIds") {
            out.push("use crate::BrokerIds;".to_owned());
        }
        if self.uses.contains("Bytes") {
            out.push("use kafka_wire::bytes::Bytes;".to_owned());
        }
        let mut names = vec!["KafkaMessage"];
        names.extend(
            self.uses
                .iter()
                .filter(|u| !matches!(**u, "Bytes" | "BrokerIds")),
        );
        if names.len() > 1 {
            out.push(format!("use kafka_wire::{{{}}};", names.join(", ")));
        } else {
            out.push("use kafka_wire::KafkaMessage;".to_owned());
        }
        for item in &self.items {
            out.push(String::new());
            out.extend(item.iter().cloned());
        }
        out.join("\n") + "\n"
    }
}

/// A field's default as the attribute writes it.
fn default_value(
    schema: &Schema,
    field: &FieldSpec,
    value: &DefaultValue,
) -> Result<String, Error> {
    if let DefaultValue::Bool(b) = value {
        return Ok(b.to_string());
    }
    let text = value.to_string();
    if text == "null" && field.nullable_versions.is_some() {
        return Ok("None".to_owned());
    }
    let rust = primitive(field.element_type())
        .filter(|_| !field.is_array())
        .ok_or_else(|| {
            format!(
                "{}: no default form for {text:?} of type {} ({})",
                schema.file, field.ty, field.name
            )
        })?;
    Ok(match rust {
        "Str" => string_literal(&text),
        "bool" => text.to_lowercase(),
        _ => text,
    })
}

/// An API's name: its request's or response's without the suffix.
pub fn api_name(schema_name: &str) -> &str {
    schema_name
        .strip_suffix("Request")
        .or_else(|| schema_name.strip_suffix("Response"))
        .unwrap_or(schema_name)
}

/// The API key of a request or response schema.
pub fn api_key(schema: &Schema) -> Result<i16, Error> {
    schema
        .spec
        .api_key
        .ok_or_else(|| format!("{}: a {} without an apiKey", schema.file, schema.spec.kind).into())
}

/// ` (Kafka 4.4.0: 3-13; Kafka 3.9.1: 0-11)` where the versions are not all
/// the newest release's.
pub fn release_ranges(schema: &Schema) -> String {
    match schema.releases.first() {
        Some((_, newest)) if *newest != schema.spec.valid_versions => {
            let each: Vec<String> = schema
                .releases
                .iter()
                .map(|(release, versions)| format!("Kafka {release}: {versions}"))
                .collect();
            format!(" ({})", each.join("; "))
        }
        _ => String::new(),
    }
}
