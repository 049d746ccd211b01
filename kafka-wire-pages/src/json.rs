//! JSON for tools, written by serde_json. Each document is a small private
//! struct whose fields are its keys, in the order written; serde_json does
//! the quoting.
//!
//! A layout is an object: `message`, `api_key`, `version`, `header_version`,
//! `direction`, `size`, `hex`, `error` (`null` or `{offset, path, message}`),
//! `codec` (`null`, `"ok"` or the codec's error) and `tree`, whose nodes are
//! `{name, type, value, offset, size, category, doc, failed, children}`. A
//! page is `{title, summary, sections}`, each section `{heading, caption,
//! layout}`. A message's schema as data has the keys of Kafka's schema files
//! and their layout ([`KafkaFileStyle`]).

use std::io;

use kafka_wire::schema::{FieldSchema, StructSchema};
use serde::{Serialize, Serializer};
use serde_json::ser::Formatter;

use crate::layout::{Layout, MessageSpec, Node};
use crate::page::Page;
use crate::render::type_name;

/// `value` as compact JSON, then a newline.
fn compact_line(value: &impl Serialize) -> String {
    // Infallible: these documents hold only strings, numbers, booleans, nulls
    // and objects with string keys, and a String takes every byte written.
    let mut out = serde_json::to_string(value).expect("a page document serializes");
    out.push('\n');
    out
}

/// A layout (`Layout::to_json`).
#[derive(Serialize)]
struct LayoutJson<'a> {
    message: &'a str,
    api_key: Option<i16>,
    version: i16,
    header_version: Option<i16>,
    direction: Option<&'static str>,
    size: usize,
    hex: String,
    error: Option<ErrorJson>,
    /// `"ok"`, or what the typed codec said of the bytes.
    codec: Option<String>,
    tree: NodeJson<'a>,
}

/// Where and why decoding stopped.
#[derive(Serialize)]
struct ErrorJson {
    offset: usize,
    path: String,
    message: String,
}

/// A tree node and its children.
#[derive(Serialize)]
struct NodeJson<'a> {
    name: &'a str,
    #[serde(rename = "type")]
    type_name: &'a str,
    value: Option<&'a str>,
    offset: usize,
    size: usize,
    category: &'static str,
    doc: &'a str,
    failed: bool,
    children: Vec<NodeJson<'a>>,
}

impl<'a> LayoutJson<'a> {
    fn new(layout: &'a Layout) -> Self {
        let spec = layout.spec.as_ref();
        LayoutJson {
            message: &layout.root.name,
            api_key: spec.map(|s| s.api_key),
            version: layout.version,
            header_version: layout.header_version,
            direction: spec.map(|s| s.direction.word()),
            size: layout.bytes.len(),
            hex: layout.bytes.iter().map(|b| format!("{b:02x}")).collect(),
            error: layout.error.as_ref().map(|e| ErrorJson {
                offset: e.offset,
                path: e.error.path(),
                message: e.error.to_string(),
            }),
            codec: layout.codec.as_ref().map(|codec| match codec {
                Ok(()) => "ok".to_string(),
                Err(e) => e.to_string(),
            }),
            tree: NodeJson::new(&layout.root),
        }
    }
}

impl<'a> NodeJson<'a> {
    fn new(n: &'a Node) -> Self {
        NodeJson {
            name: &n.name,
            type_name: &n.type_name,
            value: n.value.as_deref(),
            offset: n.offset,
            size: n.size,
            category: n.category.id(),
            doc: &n.doc,
            failed: n.failed,
            children: n.children.iter().map(NodeJson::new).collect(),
        }
    }
}

pub(crate) fn layout_json(layout: &Layout) -> String {
    compact_line(&LayoutJson::new(layout))
}

/// A page (`Page::to_json`).
#[derive(Serialize)]
struct PageJson<'a> {
    title: &'a str,
    /// An object of the summary's lines, in the page's order.
    #[serde(serialize_with = "object_of_pairs")]
    summary: &'a [(String, String)],
    sections: Vec<SectionJson<'a>>,
}

#[derive(Serialize)]
struct SectionJson<'a> {
    heading: &'a str,
    caption: &'a str,
    layout: LayoutJson<'a>,
}

fn object_of_pairs<S: Serializer>(
    pairs: &&[(String, String)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(pairs.iter().map(|(key, value)| (key, value)))
}

pub(crate) fn page_json(page: &Page) -> String {
    compact_line(&PageJson {
        title: &page.title,
        summary: &page.summary,
        sections: page
            .sections
            .iter()
            .map(|s| SectionJson {
                heading: &s.heading,
                caption: &s.caption,
                layout: LayoutJson::new(&s.layout),
            })
            .collect(),
    })
}

/// A message's schema in the shape of Kafka's schema files.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SchemaJson {
    api_key: i16,
    #[serde(rename = "type")]
    direction: &'static str,
    name: &'static str,
    valid_versions: String,
    flexible_versions: String,
    fields: Vec<FieldJson>,
}

/// A field; the keys Kafka's files leave out when unset are left out.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FieldJson {
    name: &'static str,
    #[serde(rename = "type")]
    type_name: String,
    versions: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nullable_versions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tagged_versions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<&'static str>,
    #[serde(skip_serializing_if = "is_false")]
    ignorable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    flexible_versions: Option<String>,
    #[serde(skip_serializing_if = "is_false")]
    map_key: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    entity_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    about: Option<String>,
    /// A struct's or an array of structs' own fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<Vec<FieldJson>>,
}

fn is_false(b: &bool) -> bool {
    !b
}

fn fields(schema: &StructSchema) -> Vec<FieldJson> {
    schema.fields.iter().map(field).collect()
}

fn field(f: &FieldSchema) -> FieldJson {
    FieldJson {
        name: f.json_name,
        type_name: type_name(&f.kafka_type),
        versions: f.versions.to_string(),
        nullable_versions: (!f.nullable.is_empty()).then(|| f.nullable.to_string()),
        tagged_versions: (!f.tagged.is_empty()).then(|| f.tagged.to_string()),
        tag: f.tag,
        default: f.default,
        ignorable: f.ignorable,
        flexible_versions: f.flexible.map(|v| v.to_string()),
        map_key: f.map_key,
        entity_type: f.entity_type,
        about: (!f.doc.is_empty()).then(|| f.doc.split_whitespace().collect::<Vec<_>>().join(" ")),
        fields: f.kafka_type.nested_struct().map(fields),
    }
}

/// A message's schema as data, in the shape of Kafka's JSON schema files
/// (`name`, `type`, `validVersions`, `flexibleVersions`, `fields`, each field
/// with `name`, `type`, `versions`, and `nullableVersions`, `taggedVersions`,
/// `tag`, `default`, `ignorable`, `flexibleVersions`, `mapKey`, `entityType`,
/// `about` when set), for messages that are not Kafka's own.
pub fn schema_json(spec: &MessageSpec) -> String {
    let schema = SchemaJson {
        api_key: spec.api_key,
        direction: spec.direction.word(),
        name: spec.schema.json_name,
        valid_versions: spec.versions.to_string(),
        flexible_versions: spec.flexible.to_string(),
        fields: fields(spec.schema),
    };
    let mut out = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut out, KafkaFileStyle::default());
    // Infallible: as in `compact_line`, and a Vec takes every byte written.
    schema
        .serialize(&mut serializer)
        .expect("a schema document serializes");
    let mut out = String::from_utf8(out).expect("serde_json writes UTF-8");
    out.push('\n');
    out
}

/// Lays JSON out as Kafka's schema files do: the outer object one key a
/// line, every array one element a line, and each object inside an array
/// (a field) on one line, `{ "name": "Topics", "type": "[]CreatableTopic",
/// ... }`, but for the array of its own fields, which goes on a line an
/// element, indented one step further. Indentation is two spaces per open
/// line-by-line container.
#[derive(Default)]
struct KafkaFileStyle {
    /// The containers open, innermost last.
    open: Vec<Open>,
}

struct Open {
    /// Written on one line (an object inside an array).
    inline: bool,
    /// Has a key or an element yet.
    written: bool,
}

impl KafkaFileStyle {
    /// Opens a container, written on one line when `inline`.
    fn open(&mut self, inline: bool) {
        self.open.push(Open {
            inline,
            written: false,
        });
    }

    /// Marks the innermost container as holding something; `true` when it is
    /// written on one line.
    fn write_into(&mut self) -> bool {
        let open = self.open.last_mut().expect("inside a container");
        open.written = true;
        open.inline
    }

    /// A new line, indented for the containers open.
    fn new_line<W: ?Sized + io::Write>(&self, w: &mut W) -> io::Result<()> {
        let depth = self.open.iter().filter(|o| !o.inline).count();
        w.write_all(b"\n")?;
        w.write_all("  ".repeat(depth).as_bytes())
    }

    /// Closes the innermost container with `close` (on its own line when the
    /// container is written line by line and holds something).
    fn close<W: ?Sized + io::Write>(&mut self, w: &mut W, close: &[u8]) -> io::Result<()> {
        let open = self.open.pop().expect("a container to close");
        if open.written {
            if open.inline {
                w.write_all(b" ")?;
            } else {
                self.new_line(w)?;
            }
        }
        w.write_all(close)
    }
}

impl Formatter for KafkaFileStyle {
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        // Every object but the outermost is a field, on one line.
        let inline = !self.open.is_empty();
        self.open(inline);
        w.write_all(b"{")
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.write_into() {
            w.write_all(b" ")
        } else {
            self.new_line(w)
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(false);
        w.write_all(b"[")
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.write_into();
        self.new_line(w)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kafka_style(value: &serde_json::Value) -> String {
        let mut out = Vec::new();
        let mut serializer =
            serde_json::Serializer::with_formatter(&mut out, KafkaFileStyle::default());
        value.serialize(&mut serializer).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn kafka_file_style_is_the_layout_of_kafkas_files() {
        // `json!` sorts keys (serde_json without `preserve_order`): the
        // layout, not the order, is what this checks.
        let schema = json!({
            "apiKey": 19,
            "fields": [
                { "name": "Topics", "fields": [
                    { "name": "Name" },
                    { "name": "Configs", "fields": [] }
                ] },
                { "name": "timeoutMs" }
            ]
        });
        assert_eq!(
            kafka_style(&schema),
            r#"{
  "apiKey": 19,
  "fields": [
    { "fields": [
      { "name": "Name" },
      { "fields": [], "name": "Configs" }
    ], "name": "Topics" },
    { "name": "timeoutMs" }
  ]
}"#
        );
        assert_eq!(kafka_style(&json!({})), "{}");
        assert_eq!(
            kafka_style(&json!({ "fields": [{}] })),
            "{\n  \"fields\": [\n    {}\n  ]\n}"
        );
    }

    #[test]
    fn strings_are_quoted_by_serde_json() {
        let node = Node {
            name: "a\"b\\c\n\u{1}".into(),
            type_name: "<script>".into(),
            value: None,
            offset: 0,
            size: 0,
            doc: "é語🦀".into(),
            category: crate::Category::Frame,
            failed: false,
            children: vec![],
        };
        let text = serde_json::to_string(&NodeJson::new(&node)).unwrap();
        assert!(
            text.starts_with(r#"{"name":"a\"b\\c\n\u0001","type":"<script>","value":null,"#),
            "{text}"
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["name"], node.name);
        assert_eq!(back["doc"], node.doc);
    }
}
