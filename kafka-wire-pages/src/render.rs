//! The renderer: a message's value tree, as [`kafka_wire::dynamic`] read it,
//! turned into [`Node`]s over the input bytes.
//!
//! Every value's offset and size is its span in the tree. What the tree does
//! not hold as a value of its own (a length prefix, a tagged field's tag and
//! size, a nullable struct's marker, a tagged section's count) lies between
//! spans: the renderer takes its place from them and reads its raw value from
//! the input with `kafka_wire::codec`, to show it as it is on the wire. The
//! schema gives names, types and docs, and which fields a version holds.
//!
//! A tree read before an error ends where the error is: the value that
//! failed is absent. The error's path leads to it; the renderer marks every
//! node on that path failed and stands a `(error)` node where the value
//! would be.

use bytes::Buf;
use kafka_wire::codec::{self, LengthForm};
use kafka_wire::dynamic::{DynamicMessage, FieldValue, Span, StructValue, UnknownTag, Value};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::{DecodeErrorKind, PathSegment};

use crate::batch;
use crate::layout::{Category, Node};

/// How names, types and docs are written: the body's come from the schema as
/// Kafka's JSON writes them; the headers' as the protocol guide writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Body,
    RequestHeader,
    ResponseHeader,
}

/// Strings and byte arrays longer than this are shown cut, with their length.
const SHOWN_STRING_CHARS: usize = 64;
const SHOWN_BYTES: usize = 16;

/// Where a partial read stopped: the path below the message, outermost
/// first, what failed, and the offset of the value that failed.
pub(crate) struct Failure<'e> {
    pub(crate) path: Vec<PathSegment>,
    pub(crate) kind: &'e DecodeErrorKind,
    pub(crate) offset: usize,
}

/// The part of the failure path still ahead of a node: `Some` when the
/// failure is inside it.
type OnPath<'p> = Option<&'p [PathSegment]>;

pub(crate) struct Renderer<'a> {
    input: &'a [u8],
    version: i16,
    style: Style,
    category: Category,
    /// Sample pages say "one sample element follows".
    sample: bool,
    /// Kafka's `about` texts by field path, for a body of Kafka's own.
    abouts: Option<&'static [(&'static str, &'static str)]>,
    /// The JSON names of the fields being rendered, outermost first.
    path: Vec<&'static str>,
    /// The failure, when the tree is a partial one.
    failure: Option<Failure<'a>>,
}

impl<'a> Renderer<'a> {
    pub(crate) fn new(
        input: &'a [u8],
        style: Style,
        category: Category,
        sample: bool,
        abouts: Option<&'static [(&'static str, &'static str)]>,
        failure: Option<Failure<'a>>,
    ) -> Self {
        Renderer {
            input,
            version: 0,
            style,
            category,
            sample,
            abouts,
            path: Vec::new(),
            failure,
        }
    }

    /// The node of a header or body: `name type [span] doc`, with its fields;
    /// `None` when the tree holds nothing read (a version the message lacks).
    pub(crate) fn message(
        &mut self,
        message: &DynamicMessage,
        name: &str,
        type_name: String,
        doc: String,
    ) -> Option<Node> {
        let span = message.body.span?;
        self.version = message.version;
        let mut node = Node::new(
            name,
            type_name,
            None,
            span.offset,
            span.len,
            doc,
            self.category,
        );
        let schema = message.schema.body;
        let flexible = message.schema.flexible.contains(message.version);
        let path = self.failure.as_ref().map(|f| {
            let mut p = f.path.as_slice();
            if let [PathSegment::Message(_), rest @ ..] = p {
                p = rest;
            }
            p.to_vec()
        });
        node.failed = self.fields(
            schema,
            &message.body,
            flexible,
            span.offset,
            path.as_deref(),
            &mut node.children,
        );
        node.failed |= self.failure.is_some();
        Some(node)
    }

    fn fail_offset(&self) -> usize {
        self.failure.as_ref().map_or(0, |f| f.offset)
    }

    // -- structs and fields -----------------------------------------------

    /// A struct's fields in this version from `start`, then (when flexible)
    /// its tagged section; true when the failure is inside.
    fn fields(
        &mut self,
        schema: &'static StructSchema,
        value: &StructValue,
        flexible: bool,
        start: usize,
        on_path: OnPath<'_>,
        out: &mut Vec<Node>,
    ) -> bool {
        let v = self.version;
        let mut cursor = start;
        for field in schema.fields {
            if !field.versions.contains(v) || field.tagged.contains(v) {
                continue;
            }
            let ahead = field_ahead(on_path, field);
            match held(value, field).filter(|f| f.tag_header.is_none()) {
                Some(held) => {
                    let span = held.span.unwrap_or(Span {
                        offset: cursor,
                        len: 0,
                    });
                    cursor = span.end();
                    if self.field(held, span, flexible, ahead, out) {
                        return true;
                    }
                }
                // Not read: the read stopped at this field.
                None if on_path.is_some() => {
                    self.failed_field(field, flexible, cursor, out);
                    return true;
                }
                None => {}
            }
        }
        if flexible {
            let end = value.span.map_or(cursor, |s| s.end()).max(cursor);
            return self.tagged_section(schema, value, flexible, (cursor, end), on_path, out);
        }
        false
    }

    /// One field read, its form narrowed by a field-level `flexible`
    /// override (the request header's `client_id`).
    fn field(
        &mut self,
        held: &FieldValue,
        span: Span,
        flexible: bool,
        on_path: OnPath<'_>,
        out: &mut Vec<Node>,
    ) -> bool {
        let field = held.field;
        let v = self.version;
        let flexible = field.flexible_at(v, flexible);
        let nullable = field.nullable.contains(v);
        let name = self.field_name(field);
        self.path.push(field.json_name);
        let doc = self.field_doc(field);
        let shape = Shape {
            ty: &field.kafka_type,
            nullable,
            flexible,
        };
        let failed = self.value(out, (name, doc), shape, (&held.value, span), on_path);
        self.path.pop();
        // The protocol guide names the API a request header's key stands for.
        if self.style == Style::RequestHeader && field.json_name == "RequestApiKey" {
            if let (Some(node), Value::Int16(key)) = (out.last_mut(), &held.value) {
                if let (false, Some(api)) = (node.failed, kafka_messages::ApiKey::from_i16(*key)) {
                    if let Some(value) = node.value.as_mut() {
                        value.push_str(&format!(" ({})", api.name()));
                    }
                }
            }
        }
        failed
    }

    /// The node of a field that was not read: decoding failed at it.
    fn failed_field(
        &mut self,
        field: &'static FieldSchema,
        flexible: bool,
        at: usize,
        out: &mut Vec<Node>,
    ) {
        let v = self.version;
        let name = self.field_name(field);
        self.path.push(field.json_name);
        let doc = self.field_doc(field);
        self.path.pop();
        let shape = Shape {
            ty: &field.kafka_type,
            nullable: field.nullable.contains(v),
            flexible: field.flexible_at(v, flexible),
        };
        out.push(self.failed_value(name, shape, doc, at));
    }

    /// A value that failed at `at`: an array shows its length, read but
    /// refused (more elements than the bytes left could hold), or `(error)`
    /// where the length did not read; anything else is `(error)`.
    fn failed_value(&self, name: String, shape: Shape, doc: String, at: usize) -> Node {
        let type_name = self.type_name(shape.ty, shape.nullable);
        let failed_at = self.fail_offset().max(at);
        let error = |name: String, type_name: String, doc: String| {
            let mut node = Node::new(
                name,
                type_name,
                Some("(error)".into()),
                failed_at,
                0,
                doc,
                self.category,
            );
            node.failed = true;
            node
        };
        if !matches!(shape.ty, KafkaType::Array(_)) {
            return error(name, type_name, doc);
        }
        let mut node = Node::new(
            name,
            type_name,
            None,
            at,
            failed_at - at,
            doc,
            self.category,
        );
        let form = LengthForm::array(shape.flexible);
        node.children.push(if failed_at > at {
            self.length(form, "elements", at, failed_at)
        } else {
            let length_type = match form {
                LengthForm::Compact => "uvarint",
                _ => "int32",
            };
            error("length".into(), length_type.into(), String::new())
        });
        node.failed = true;
        node
    }

    fn field_name(&self, field: &FieldSchema) -> String {
        match self.style {
            Style::Body => field.json_name.to_string(),
            _ => snake_case(field.json_name),
        }
    }

    /// A field's doc: Kafka's `about` text for Kafka's messages, the
    /// protocol guide's words for header fields, else the doc comment.
    fn field_doc(&self, field: &FieldSchema) -> String {
        if let (Style::Body, Some(abouts)) = (self.style, self.abouts) {
            let path = self.path.join(".");
            let about = abouts.iter().find(|(p, _)| *p == path);
            return about.map_or_else(String::new, |(_, a)| a.to_string());
        }
        let fixed = match (self.style, field.json_name) {
            (Style::Body, _) => None,
            (_, "RequestApiKey") => Some("numeric id of the API being invoked"),
            (_, "RequestApiVersion") => Some("version of the API being invoked"),
            (Style::RequestHeader, "CorrelationId") => {
                Some("echoed back by the broker in the response")
            }
            (Style::ResponseHeader, "CorrelationId") => {
                Some("matches the correlation_id of the request")
            }
            (_, "ClientId") => Some("always a non-flexible int16-prefixed string"),
            _ => None,
        };
        fixed.map_or_else(|| one_line(field.doc), str::to_string)
    }

    /// The type as a node shows it: the JSON schema's name (`[]CreatableTopic`,
    /// `string`); in headers, nullable strings are `nullable_string`.
    fn type_name(&self, ty: &KafkaType, nullable: bool) -> String {
        let base = type_name(ty);
        match (self.style, ty) {
            (Style::Body, _) => base,
            (_, KafkaType::String | KafkaType::Bytes) if nullable => format!("nullable_{base}"),
            _ => base,
        }
    }

    // -- values -----------------------------------------------------------

    /// One value read at `span`, pushed to `out` as a node with its name
    /// and doc; true when the failure is inside it.
    fn value(
        &mut self,
        out: &mut Vec<Node>,
        (name, doc): (String, String),
        shape: Shape,
        (value, span): (&Value, Span),
        on_path: OnPath<'_>,
    ) -> bool {
        let type_name = self.type_name(shape.ty, shape.nullable);
        let mut node = Node::new(
            name,
            type_name,
            None,
            span.offset,
            span.len,
            doc,
            self.category,
        );
        let text = match (shape.ty, value) {
            (KafkaType::Array(inner), _) => {
                let failed = self.array(&mut node, inner, shape.flexible, value, span, on_path);
                out.push(node);
                return failed;
            }
            (KafkaType::Struct(schema), _) => {
                let failed = self.structure(&mut node, schema, shape, value, span, on_path);
                out.push(node);
                return failed;
            }
            (KafkaType::Records, _) => {
                self.records(&mut node, shape.flexible, value, span);
                out.push(node);
                return false;
            }
            (KafkaType::String, Value::String(s)) => {
                let prefix = self.prefix_text(span.offset, LengthForm::string(shape.flexible));
                format!("{} {prefix}", quoted(s))
            }
            (KafkaType::String, Value::Null) => {
                let prefix = self.prefix_text(span.offset, LengthForm::string(shape.flexible));
                format!("null {prefix}")
            }
            (KafkaType::Bytes, Value::Bytes(data)) => {
                let prefix = self.prefix_text(span.offset, LengthForm::array(shape.flexible));
                format!("{} {prefix}", bytes_text(data))
            }
            (KafkaType::Bytes, Value::Null) => {
                let prefix = self.prefix_text(span.offset, LengthForm::array(shape.flexible));
                format!("null {prefix}")
            }
            (_, scalar) => scalar_text(scalar),
        };
        node.value = Some(text);
        out.push(node);
        false
    }

    /// A struct: its marker first when nullable, then its fields.
    fn structure(
        &mut self,
        node: &mut Node,
        schema: &'static StructSchema,
        shape: Shape,
        value: &Value,
        span: Span,
        on_path: OnPath<'_>,
    ) -> bool {
        let mut start = span.offset;
        if shape.nullable {
            let marker = self.input.get(span.offset).map_or(0, |&b| b as i8);
            let present = marker >= 0;
            let size = match value {
                Value::Struct(s) => s.span.map_or(1, |s| s.offset - span.offset),
                _ => span.len,
            };
            node.children.push(Node::new(
                "marker",
                "int8",
                Some(format!(
                    "{marker} ({})",
                    if present { "present" } else { "null" }
                )),
                span.offset,
                size,
                "-1 for null, 1 for a struct that follows",
                self.category,
            ));
            start += size;
        }
        let Value::Struct(inner) = value else {
            node.value = Some("null".into());
            return false;
        };
        node.value = Some("struct".into());
        let start = inner.span.map_or(start, |s| s.offset);
        let failed = self.fields(
            schema,
            inner,
            shape.flexible,
            start,
            on_path,
            &mut node.children,
        );
        node.failed = failed;
        failed
    }

    /// An array: its length, then its elements, named `Type[i]`.
    fn array(
        &mut self,
        node: &mut Node,
        inner: &'static KafkaType,
        flexible: bool,
        value: &Value,
        span: Span,
        on_path: OnPath<'_>,
    ) -> bool {
        let form = LengthForm::array(flexible);
        let Value::Array(elements) = value else {
            node.children
                .push(self.length(form, "elements", span.offset, span.end()));
            node.value = Some("null".into());
            return false;
        };
        let first = elements.first().and_then(|e| e.span);
        let prefix_end = first.map_or(span.end(), |s| s.offset);
        node.children
            .push(self.length(form, "elements", span.offset, prefix_end));
        let n = self
            .length_of(span.offset, form)
            .unwrap_or(elements.len())
            .max(elements.len());
        node.value = Some(match n {
            1 => "1 element".into(),
            n => format!("{n} elements"),
        });
        let element = type_name(inner);
        let shape = Shape {
            ty: inner,
            nullable: false,
            flexible,
        };
        let mut cursor = prefix_end;
        for (i, e) in elements.iter().enumerate() {
            let ahead = match on_path {
                Some([PathSegment::Index(j), rest @ ..]) if *j == i => Some(rest),
                _ => None,
            };
            let span = e.span.unwrap_or(Span {
                offset: cursor,
                len: 0,
            });
            cursor = span.end();
            let name = format!("{element}[{i}]");
            let label = (name, String::new());
            if self.value(&mut node.children, label, shape, (&e.value, span), ahead) {
                node.failed = true;
                return true;
            }
        }
        if on_path.is_some() {
            // The element that failed was not read.
            let name = format!("{element}[{}]", elements.len());
            let failed = self.failed_value(name, shape, String::new(), cursor);
            node.children.push(failed);
            node.failed = true;
            return true;
        }
        false
    }

    /// A records field: its length, then its bytes as RecordBatches.
    fn records(&mut self, node: &mut Node, flexible: bool, value: &Value, span: Span) {
        let form = LengthForm::array(flexible);
        let Value::Records(records) = value else {
            node.children
                .push(self.length(form, "bytes", span.offset, span.end()));
            node.value = Some("null".into());
            return;
        };
        let len = records.0.len();
        let data_at = span.end().saturating_sub(len).max(span.offset);
        node.children
            .push(self.length(form, "bytes", span.offset, data_at));
        let batches = batch::batches(records, data_at);
        let whole = batches
            .iter()
            .filter(|b| b.type_name == "RecordBatch")
            .count();
        node.value = Some(match (whole, len) {
            (_, 0) => "empty".into(),
            (1, _) => format!("1 batch, {len} bytes"),
            (n, _) => format!("{n} batches, {len} bytes"),
        });
        node.children.extend(batches);
    }

    /// The `length` node of the prefix at `start..end`, of `unit`s.
    fn length(&self, form: LengthForm, unit: &str, start: usize, end: usize) -> Node {
        let raw = self.raw_length(start, form);
        let (type_name, value) = match form {
            LengthForm::Compact => ("uvarint", format!("{raw} (compact, n+1)")),
            LengthForm::Int16 => ("int16", raw.to_string()),
            LengthForm::Int32 => ("int32", raw.to_string()),
        };
        let doc = match (self.length_of(start, form), unit) {
            (None, _) => "null".into(),
            (Some(1), "elements") if self.sample => "one sample element follows".into(),
            (Some(1), "elements") => "1 element follows".into(),
            (Some(n), "elements") => format!("{n} elements follow"),
            (Some(n), _) => format!("{n} {unit} follow"),
        };
        Node::new(
            "length",
            type_name,
            Some(value),
            start,
            end.saturating_sub(start),
            doc,
            self.category,
        )
    }

    /// The length the prefix at `at` says (`None` for null).
    fn length_of(&self, at: usize, form: LengthForm) -> Option<usize> {
        let mut b = self.input.get(at..).unwrap_or_default();
        codec::get_length(&mut b, form).ok().flatten()
    }

    /// The prefix at `at` as it is on the wire.
    fn raw_length(&self, at: usize, form: LengthForm) -> i64 {
        let mut b = self.input.get(at..).unwrap_or_default();
        match form {
            LengthForm::Int16 => b.try_get_i16().map_or(0, i64::from),
            LengthForm::Int32 => b.try_get_i32().map_or(0, i64::from),
            LengthForm::Compact => codec::get_uvarint(&mut b).map_or(0, i64::from),
        }
    }

    /// How a string's or byte array's prefix at `at` is shown:
    /// `(compact, len+1=1)`, `(int16 len=0)`, `(int32 len=3)`.
    fn prefix_text(&self, at: usize, form: LengthForm) -> String {
        length_prefix(self.raw_length(at, form), form)
    }

    /// The uvarint at `at` and the offset after it.
    fn uvarint(&self, at: usize) -> (u32, usize) {
        let mut b = self.input.get(at..).unwrap_or_default();
        let before = b.len();
        let v = codec::get_uvarint(&mut b).unwrap_or(0);
        (v, at + before - b.len())
    }

    // -- tagged fields ----------------------------------------------------

    /// A flexible struct's tagged section over `start..end`: the count, then
    /// each field in wire order.
    fn tagged_section(
        &mut self,
        schema: &'static StructSchema,
        value: &StructValue,
        flexible: bool,
        (start, end): (usize, usize),
        on_path: OnPath<'_>,
        out: &mut Vec<Node>,
    ) -> bool {
        let doc = match self.style {
            Style::Body => "number of tagged fields in this struct",
            _ => "number of tagged fields in the header",
        };
        let outer = self.category;
        self.category = Category::TaggedFields;
        let mut node = Node::new(
            "tagged_fields",
            "uvarint",
            None,
            start,
            end - start,
            doc,
            Category::TaggedFields,
        );
        let failed = self.tagged_fields(schema, value, flexible, start, on_path, &mut node);
        node.failed = failed;
        out.push(node);
        self.category = outer;
        failed
    }

    fn tagged_fields(
        &mut self,
        schema: &'static StructSchema,
        value: &StructValue,
        flexible: bool,
        start: usize,
        on_path: OnPath<'_>,
        node: &mut Node,
    ) -> bool {
        enum Item<'t> {
            Known(&'t FieldValue),
            Unknown(&'t UnknownTag),
        }
        let mut items: Vec<(usize, Item<'_>)> = value
            .fields()
            .iter()
            .filter_map(|f| Some((f.tag_header?.offset, Item::Known(f))))
            .chain(
                value
                    .unknown_tags()
                    .iter()
                    .filter_map(|t| Some((t.span?.offset, Item::Unknown(t)))),
            )
            .collect();
        items.sort_by_key(|(at, _)| *at);
        if on_path.is_some() && items.is_empty() && self.fail_offset() == start {
            // The count itself did not read.
            node.value = Some("(error)".into());
            node.size = 0;
            return true;
        }
        let (count, mut cursor) = self.uvarint(start);
        node.value = Some(count.to_string());
        for (_, item) in items {
            match item {
                Item::Known(held) => {
                    let ahead = field_ahead(on_path, held.field);
                    let end = held.span.map_or(cursor, |s| s.end());
                    if self.tagged_field(held, flexible, ahead, &mut node.children) {
                        return true;
                    }
                    cursor = end;
                }
                Item::Unknown(tag) => {
                    node.children.push(self.unknown_tag(schema, tag));
                    cursor = tag.span.map_or(cursor, |s| s.end());
                }
            }
        }
        let Some(on_path) = on_path else {
            return false;
        };
        // A field the read stopped in before it held a value.
        let declared = match on_path {
            [PathSegment::Field(name), ..] => schema.fields.iter().find(|f| f.name == *name),
            _ => None,
        };
        node.children
            .push(self.failed_tagged_field(declared, flexible, cursor));
        true
    }

    /// One declared tagged field: tag, size, value.
    fn tagged_field(
        &mut self,
        held: &FieldValue,
        flexible: bool,
        on_path: OnPath<'_>,
        out: &mut Vec<Node>,
    ) -> bool {
        let field = held.field;
        let v = self.version;
        let header = held.tag_header.unwrap_or_default();
        let span = held.span.unwrap_or(Span {
            offset: header.end(),
            len: 0,
        });
        let mut node = Node::new(
            self.field_name(field),
            self.type_name(&field.kafka_type, field.nullable.contains(v)),
            None,
            header.offset,
            span.end() - header.offset,
            "",
            Category::TaggedFields,
        );
        self.path.push(field.json_name);
        node.doc = self.field_doc(field);
        node.children = self.tag_and_size(header.offset);
        // The value read, but not filling the size its tag declared.
        let own_error = on_path == Some(&[][..])
            && matches!(
                self.failure.as_ref().map(|f| f.kind),
                Some(DecodeErrorKind::TagSizeMismatch { tag, .. }) if Some(*tag) == field.tag
            );
        let shape = Shape {
            ty: &field.kafka_type,
            nullable: field.nullable.contains(v),
            flexible: field.flexible_at(v, flexible),
        };
        let inside = if own_error { None } else { on_path };
        let label = ("value".to_string(), String::new());
        let failed = self.value(
            &mut node.children,
            label,
            shape,
            (&held.value, span),
            inside,
        ) || own_error;
        self.path.pop();
        node.value = node.children.last().and_then(|c| c.value.clone());
        node.failed = failed;
        out.push(node);
        failed
    }

    /// The tagged field the read stopped in: its tag and size when they
    /// were read, then `(error)`.
    fn failed_tagged_field(
        &mut self,
        field: Option<&'static FieldSchema>,
        flexible: bool,
        at: usize,
    ) -> Node {
        let failed_at = self.fail_offset();
        let Some(field) = field.filter(|_| failed_at > at) else {
            let mut node = Node::new(
                "tagged_field",
                "",
                Some("(error)".into()),
                failed_at.max(at),
                0,
                "",
                Category::TaggedFields,
            );
            node.failed = true;
            return node;
        };
        let v = self.version;
        let mut node = Node::new(
            self.field_name(field),
            self.type_name(&field.kafka_type, field.nullable.contains(v)),
            None,
            at,
            failed_at - at,
            "",
            Category::TaggedFields,
        );
        self.path.push(field.json_name);
        node.doc = self.field_doc(field);
        self.path.pop();
        node.children = self.tag_and_size(at);
        let shape = Shape {
            ty: &field.kafka_type,
            nullable: field.nullable.contains(v),
            flexible: field.flexible_at(v, flexible),
        };
        let value = self.failed_value("value".into(), shape, String::new(), failed_at);
        node.value = value.value.clone();
        node.children.push(value);
        node.failed = true;
        node
    }

    /// An undeclared tagged field, shown raw.
    fn unknown_tag(&self, schema: &StructSchema, tag: &UnknownTag) -> Node {
        let v = self.version;
        let span = tag.span.unwrap_or_default();
        let size = tag.value.len();
        let mut node = Node::new(
            format!("unknown_tag_{}", tag.tag),
            "raw",
            Some(format!("{size} bytes")),
            span.offset,
            span.len,
            if schema.keeps_unknown_tags {
                format!("tag {} is not declared at v{v}: kept raw", tag.tag)
            } else {
                format!("tag {} is not declared at v{v}: skipped", tag.tag)
            },
            Category::TaggedFields,
        );
        node.children = self.tag_and_size(span.offset);
        node.children.push(Node::new(
            "value",
            "bytes",
            Some(format!("{} ({size} bytes)", bytes_text(&tag.value))),
            span.end() - size,
            size,
            "",
            Category::TaggedFields,
        ));
        node
    }

    /// The `tag` and `size` nodes of the tagged-field header at `at`.
    fn tag_and_size(&self, at: usize) -> Vec<Node> {
        let (tag, size_at) = self.uvarint(at);
        let (size, end) = self.uvarint(size_at);
        vec![
            Node::new(
                "tag",
                "uvarint",
                Some(tag.to_string()),
                at,
                size_at - at,
                "",
                Category::TaggedFields,
            ),
            Node::new(
                "size",
                "uvarint",
                Some(size.to_string()),
                size_at,
                end - size_at,
                "bytes in the value",
                Category::TaggedFields,
            ),
        ]
    }
}

/// A value's type and form.
#[derive(Clone, Copy)]
struct Shape {
    ty: &'static KafkaType,
    nullable: bool,
    flexible: bool,
}

/// The field the struct holds for `field`.
fn held<'v>(value: &'v StructValue, field: &FieldSchema) -> Option<&'v FieldValue> {
    value
        .fields()
        .iter()
        .find(|f| core::ptr::eq(f.field, field) || f.field.name == field.name)
}

/// The failure path below `field`, when it leads through it.
fn field_ahead<'p>(on_path: OnPath<'p>, field: &FieldSchema) -> OnPath<'p> {
    match on_path {
        Some([PathSegment::Field(name), rest @ ..]) if *name == field.name => Some(rest),
        _ => None,
    }
}

/// A number, bool or UUID as a page shows it.
fn scalar_text(value: &Value) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::Int8(v) => v.to_string(),
        Value::Int16(v) => v.to_string(),
        Value::Uint16(v) => v.to_string(),
        Value::Int32(v) => v.to_string(),
        Value::Uint32(v) => v.to_string(),
        Value::Int64(v) => v.to_string(),
        Value::Float64(v) => v.to_string(),
        Value::Uuid(v) => v.to_string(),
        other => other.kind().to_string(),
    }
}

/// The JSON schema's name of a type: `int32`, `[]CreatableTopic`.
pub(crate) fn type_name(ty: &KafkaType) -> String {
    match ty {
        KafkaType::Array(inner) => format!("[]{}", type_name(inner)),
        KafkaType::Struct(s) => s.json_name.to_string(),
        other => other.to_string(),
    }
}

/// A string's or byte array's prefix as shown: `(compact, len+1=1)`,
/// `(int16 len=0)`, `(int32 len=3)`.
fn length_prefix(raw: i64, form: LengthForm) -> String {
    match form {
        LengthForm::Compact => format!("(compact, len+1={raw})"),
        LengthForm::Int16 => format!("(int16 len={raw})"),
        LengthForm::Int32 => format!("(int32 len={raw})"),
    }
}

/// A string as a page shows it: quoted, escaped, long ones cut.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for (i, c) in s.chars().enumerate() {
        if i == SHOWN_STRING_CHARS {
            out.push_str("...");
            break;
        }
        push_escaped(&mut out, c);
    }
    out.push('"');
    out
}

/// `c` as a page's text writes it inside quotes: quotes, backslashes,
/// newlines, returns and tabs as JSON writes them (`\"`, `\\`, `\n`), and
/// every other control character (C0, DEL and C1) as `\u00XX`, so that no
/// string read off the wire puts a control character on a terminal. (The
/// pages' JSON quotes these strings again, by serde_json.)
fn push_escaped(out: &mut String, c: char) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
        c => out.push(c),
    }
}

/// Bytes as a page shows them: `[01 02 03]`, long ones cut.
pub(crate) fn bytes_text(data: &[u8]) -> String {
    let mut out = String::from("[");
    for (i, b) in data.iter().take(SHOWN_BYTES).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&format!("{b:02x}"));
    }
    if data.len() > SHOWN_BYTES {
        out.push_str(" ...");
    }
    out.push(']');
    out
}

/// `RequestApiKey` → `request_api_key`.
pub(crate) fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A doc comment on one line.
fn one_line(doc: &str) -> String {
    doc.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values_as_pages_write_them() {
        assert_eq!(snake_case("RequestApiKey"), "request_api_key");
        assert_eq!(snake_case("ClientId"), "client_id");
        assert_eq!(quoted("a\"b"), "\"a\\\"b\"");
        // Every control character escaped, C1 and DEL too (JSON would not).
        assert_eq!(quoted("\u{8}\u{7f}\u{9b}\n"), r#""\u0008\u007f\u009b\n""#);
        assert_eq!(quoted(&"x".repeat(70)).len(), 64 + 5);
        assert_eq!(bytes_text(&[]), "[]");
        assert_eq!(bytes_text(&[1, 0xab]), "[01 ab]");
        assert!(bytes_text(&[0; 20]).ends_with(" ...]"));
        assert_eq!(length_prefix(1, LengthForm::Compact), "(compact, len+1=1)");
        assert_eq!(length_prefix(0, LengthForm::Int16), "(int16 len=0)");
        assert_eq!(length_prefix(-1, LengthForm::Int16), "(int16 len=-1)");
    }
}
