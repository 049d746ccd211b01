//! The schema walker: reads a frame's bytes by a [`StructSchema`] alone, as
//! the derived decoders read them, and records every value as a [`Node`].
//!
//! It follows the derive's decode rule for rule: a field is read when the
//! version has it and it is not tagged there; a flexible struct ends with its
//! tagged section (count, then tag, size and value, tags strictly ascending, a
//! declared tag's value filling exactly its size, other tags kept raw); a
//! field-level `flexible` override narrows the form of strings and bytes (the
//! request header's `client_id`); null only in nullable versions; a nullable
//! struct is an int8 marker; an array may not claim more elements than the
//! bytes left could hold. The primitive reads are `kafka_wire::codec`'s own.
//! A walk that stops keeps every node it read, and the failing one marked.

use bytes::Buf;
use kafka_wire::codec::{self, LengthForm};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::{DecodeError, DecodeErrorKind, RequestHeader, ResponseHeader, Uuid, Versioned};

use crate::batch;
use crate::layout::{Category, MessageSpec, Node};

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

pub(crate) struct Walker<'a> {
    input: &'a [u8],
    pos: usize,
    /// Reads stop here: the frame's end, or a tagged value's.
    end: usize,
    version: i16,
    style: Style,
    category: Category,
    /// Sample pages say "one sample element follows".
    sample: bool,
    /// Where the innermost failing read started.
    fail_at: Option<usize>,
    /// Kafka's `about` texts by field path, for a body of Kafka's own.
    abouts: Option<&'static [(&'static str, &'static str)]>,
    /// The JSON names of the fields being read, outermost first.
    path: Vec<&'static str>,
}

type Walked = Result<(), DecodeError>;

impl<'a> Walker<'a> {
    pub(crate) fn new(input: &'a [u8], sample: bool) -> Self {
        Walker {
            input,
            pos: 0,
            end: input.len(),
            version: 0,
            style: Style::Body,
            category: Category::Frame,
            sample,
            fail_at: None,
            abouts: None,
            path: Vec::new(),
        }
    }

    /// The offset of the innermost failing read (the position, if none failed).
    pub(crate) fn fail_offset(&self) -> usize {
        self.fail_at.unwrap_or(self.pos)
    }

    /// Runs `read` over the bytes left; advances past what it used on success.
    fn read<T>(
        &mut self,
        read: impl FnOnce(&mut &'a [u8]) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let mut cur = &self.input[self.pos..self.end];
        let before = cur.len();
        match read(&mut cur) {
            Ok(v) => {
                self.pos += before - cur.len();
                Ok(v)
            }
            Err(e) => {
                self.fail_at.get_or_insert(self.pos);
                Err(e)
            }
        }
    }

    /// Fails at the current position with `error`.
    fn fail<T>(&mut self, error: impl Into<DecodeError>) -> Result<T, DecodeError> {
        self.fail_at.get_or_insert(self.pos);
        Err(error.into())
    }

    /// Reads one value and pushes it as a leaf (marked failed, with the value
    /// `(error)`, if the read fails).
    fn leaf(
        &mut self,
        out: &mut Vec<Node>,
        name: String,
        type_name: String,
        doc: String,
        read: impl FnOnce(&mut &'a [u8]) -> Result<String, DecodeError>,
    ) -> Walked {
        let start = self.pos;
        let result = self.read(read);
        let mut node = Node::new(
            name,
            type_name,
            None,
            start,
            self.pos - start,
            doc,
            self.category,
        );
        let outcome = match result {
            Ok(value) => {
                node.value = Some(value);
                Ok(())
            }
            Err(e) => {
                node.value = Some("(error)".into());
                node.failed = true;
                Err(e)
            }
        };
        out.push(node);
        outcome
    }

    /// Pushes `node` with the children `fill` reads; its size is what they
    /// used, and it is marked failed if they failed.
    fn group(
        &mut self,
        out: &mut Vec<Node>,
        mut node: Node,
        fill: impl FnOnce(&mut Self, &mut Node) -> Walked,
    ) -> Walked {
        node.offset = self.pos;
        let result = fill(self, &mut node);
        node.size = self.pos - node.offset;
        node.failed = result.is_err();
        out.push(node);
        result
    }

    // -- the frame --------------------------------------------------------

    /// The size prefix, as the `Frame` node; returns the size it says.
    pub(crate) fn frame(&mut self, out: &mut Vec<Node>) -> Result<i32, DecodeError> {
        self.category = Category::Frame;
        let mut size = 0;
        let node = Node::new(
            "Frame",
            "",
            None,
            0,
            0,
            "length-delimited framing",
            Category::Frame,
        );
        self.group(out, node, |w, node| {
            w.leaf(
                &mut node.children,
                "size".into(),
                "int32".into(),
                "number of bytes that follow, patched after encoding".into(),
                |b| {
                    size = b.try_get_i32()?;
                    Ok(size.to_string())
                },
            )
        })?;
        let available = self.input.len() - self.pos;
        match usize::try_from(size) {
            // A frame cut short is walked as far as it goes, so that the
            // error lands on the field its bytes end in.
            Ok(n) => self.end = self.pos + n.min(available),
            Err(_) => {
                return self.fail(DecodeErrorKind::FrameSize {
                    size: i64::from(size),
                    limit: available,
                })
            }
        }
        Ok(size)
    }

    /// The API key and version a request header starts with, not consumed;
    /// `None` when the bytes end first.
    pub(crate) fn peek_request_key(&self) -> Option<(i16, i16)> {
        let mut cur = &self.input[self.pos..self.end];
        Some((cur.try_get_i16().ok()?, cur.try_get_i16().ok()?))
    }

    /// A request or response header at header version `hv`.
    pub(crate) fn header(&mut self, style: Style, hv: i16, out: &mut Vec<Node>) -> Walked {
        let (schema, flexible, name, doc) = match style {
            Style::ResponseHeader => (
                &<ResponseHeader as kafka_wire::KafkaStruct>::SCHEMA,
                <ResponseHeader as Versioned>::FLEXIBLE.contains(hv),
                "ResponseHeader",
                "common response header",
            ),
            _ => (
                &<RequestHeader as kafka_wire::KafkaStruct>::SCHEMA,
                <RequestHeader as Versioned>::FLEXIBLE.contains(hv),
                "RequestHeader",
                "common request header",
            ),
        };
        self.version = hv;
        self.style = style;
        self.category = Category::RpcHeader;
        let node = Node::new(name, format!("v{hv}"), None, 0, 0, doc, Category::RpcHeader);
        self.group(out, node, |w, node| {
            w.fields(schema, flexible, &mut node.children)
        })
        .map_err(|e| e.in_message(schema.name, hv))
    }

    /// The body of `spec` at `version`.
    pub(crate) fn body(&mut self, spec: MessageSpec, version: i16, out: &mut Vec<Node>) -> Walked {
        self.version = version;
        self.style = Style::Body;
        self.category = spec.direction.body_category();
        let schema = spec.schema;
        let flexible = spec.flexible.contains(version);
        self.abouts = spec
            .kafka_api()
            .and(crate::page::kafka_abouts(schema.json_name));
        let node = Node::new(
            schema.json_name,
            "struct",
            None,
            0,
            0,
            format!("message body, version {version}"),
            self.category,
        );
        self.group(out, node, |w, node| {
            w.fields(schema, flexible, &mut node.children)
        })
        .map_err(|e| e.in_message(schema.name, version))
    }

    /// After the body: the frame must end exactly there, and hold as many
    /// bytes as its size said.
    pub(crate) fn finish(&mut self, declared: Option<i32>) -> Walked {
        if self.pos < self.end {
            return self.fail(DecodeErrorKind::TrailingBytes(self.end - self.pos));
        }
        if let Some(size) = declared {
            let available = self.input.len() - 4;
            let size = size as usize;
            if size > available {
                return self.fail(DecodeError::truncated(size, available));
            }
        }
        if self.end < self.input.len() {
            return self.fail(DecodeErrorKind::TrailingBytes(self.input.len() - self.end));
        }
        Ok(())
    }

    // -- structs and fields -----------------------------------------------

    /// A struct's fields in this version, then (when flexible) its tagged section.
    fn fields(
        &mut self,
        schema: &'static StructSchema,
        flexible: bool,
        out: &mut Vec<Node>,
    ) -> Walked {
        let v = self.version;
        for field in schema.fields {
            if field.versions.contains(v) && !field.tagged.contains(v) {
                self.field(field, flexible, out)
                    .map_err(|e| e.in_field(field.name))?;
            }
        }
        if flexible {
            self.tagged_section(schema, flexible, out)?;
        }
        Ok(())
    }

    /// One field, its form narrowed by a field-level `flexible` override.
    fn field(
        &mut self,
        field: &'static FieldSchema,
        flexible: bool,
        out: &mut Vec<Node>,
    ) -> Walked {
        let v = self.version;
        let flexible = flexible && field.flexible.is_none_or(|r| r.contains(v));
        let nullable = field.nullable.contains(v);
        let name = self.field_name(field);
        self.path.push(field.json_name);
        let doc = self.field_doc(field);
        let result = self.value(out, name, &field.kafka_type, nullable, flexible, doc);
        self.path.pop();
        // The protocol guide names the API a request header's key stands for.
        if self.style == Style::RequestHeader && field.json_name == "RequestApiKey" {
            if let Some(node) = out.last_mut().filter(|n| !n.failed) {
                let api = node
                    .value
                    .as_deref()
                    .and_then(|v| v.parse().ok())
                    .and_then(kafka_messages::ApiKey::from_i16);
                if let (Some(api), Some(value)) = (api, node.value.as_mut()) {
                    value.push_str(&format!(" ({})", api.name()));
                }
            }
        }
        result
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

    /// One value of type `ty`, pushed to `out` as a node named `name`.
    fn value(
        &mut self,
        out: &mut Vec<Node>,
        name: String,
        ty: &'static KafkaType,
        nullable: bool,
        flexible: bool,
        doc: String,
    ) -> Walked {
        let tn = self.type_name(ty, nullable);
        match ty {
            KafkaType::Bool => self.leaf(out, name, tn, doc, |b| {
                Ok(if b.try_get_u8()? != 0 {
                    "true"
                } else {
                    "false"
                }
                .into())
            }),
            KafkaType::Int8 => self.leaf(out, name, tn, doc, |b| Ok(b.try_get_i8()?.to_string())),
            KafkaType::Int16 => self.leaf(out, name, tn, doc, |b| Ok(b.try_get_i16()?.to_string())),
            KafkaType::Uint16 => {
                self.leaf(out, name, tn, doc, |b| Ok(b.try_get_u16()?.to_string()))
            }
            KafkaType::Int32 => self.leaf(out, name, tn, doc, |b| Ok(b.try_get_i32()?.to_string())),
            KafkaType::Uint32 => {
                self.leaf(out, name, tn, doc, |b| Ok(b.try_get_u32()?.to_string()))
            }
            KafkaType::Int64 => self.leaf(out, name, tn, doc, |b| Ok(b.try_get_i64()?.to_string())),
            KafkaType::Float64 => {
                self.leaf(out, name, tn, doc, |b| Ok(b.try_get_f64()?.to_string()))
            }
            KafkaType::Uuid => self.leaf(out, name, tn, doc, |b| {
                Ok(Uuid(b.try_get_u128()?.to_be_bytes()).to_string())
            }),
            KafkaType::String => self.leaf(out, name, tn, doc, |b| {
                let prefix = length_prefix(b, LengthForm::string(flexible));
                match codec::get_str(b, flexible)? {
                    Some(s) => Ok(format!("{} {prefix}", quoted(&s))),
                    None if nullable => Ok(format!("null {prefix}")),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }),
            KafkaType::Bytes => self.leaf(out, name, tn, doc, |b| {
                let prefix = length_prefix(b, LengthForm::array(flexible));
                match codec::get_bytes(b, flexible)? {
                    Some(data) => Ok(format!("{} {prefix}", bytes_text(&data))),
                    None if nullable => Ok(format!("null {prefix}")),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }),
            KafkaType::Records => {
                let node = Node::new(name, tn, None, 0, 0, doc, self.category);
                self.records(out, node, nullable, flexible)
            }
            KafkaType::Array(inner) => {
                let node = Node::new(name, tn, None, 0, 0, doc, self.category);
                self.array(out, node, inner, nullable, flexible)
            }
            KafkaType::Struct(schema) => {
                let node = Node::new(name, tn, None, 0, 0, doc, self.category);
                self.group(out, node, |w, node| {
                    if nullable {
                        let mut present = true;
                        w.leaf(
                            &mut node.children,
                            "marker".into(),
                            "int8".into(),
                            "-1 for null, 1 for a struct that follows".into(),
                            |b| {
                                let m = b.try_get_i8()?;
                                present = m >= 0;
                                Ok(format!(
                                    "{m} ({})",
                                    if present { "present" } else { "null" }
                                ))
                            },
                        )?;
                        if !present {
                            node.value = Some("null".into());
                            return Ok(());
                        }
                    }
                    node.value = Some("struct".into());
                    w.fields(schema, flexible, &mut node.children)
                })
            }
        }
    }

    /// A records field: its length, then its bytes as RecordBatches.
    fn records(
        &mut self,
        out: &mut Vec<Node>,
        node: Node,
        nullable: bool,
        flexible: bool,
    ) -> Walked {
        self.counted(out, node, nullable, flexible, "bytes", |w, node, len| {
            let data = w.read(|b| {
                codec::ensure_remaining(b, len)?;
                let (data, rest) = b.split_at(len);
                *b = rest;
                Ok(data)
            })?;
            let batches = batch::batches(data, w.pos - len);
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
            Ok(())
        })
    }

    /// An array: its length, then its elements, named `Type[i]`.
    fn array(
        &mut self,
        out: &mut Vec<Node>,
        node: Node,
        inner: &'static KafkaType,
        nullable: bool,
        flexible: bool,
    ) -> Walked {
        self.counted(out, node, nullable, flexible, "elements", |w, node, n| {
            // As the codec does: no more elements than the bytes left could
            // hold, before any is read.
            let min = min_len(inner, flexible, w.version).max(1);
            let remaining = w.end - w.pos;
            if n > remaining / min {
                return w.fail(DecodeError::truncated(n.saturating_mul(min), remaining));
            }
            node.value = Some(match n {
                1 => "1 element".into(),
                n => format!("{n} elements"),
            });
            let element = self::type_name(inner);
            for i in 0..n {
                w.value(
                    &mut node.children,
                    format!("{element}[{i}]"),
                    inner,
                    false,
                    flexible,
                    String::new(),
                )
                .map_err(|e| e.at_index(i))?;
            }
            Ok(())
        })
    }

    /// `node` with an int32 or compact length first (of `unit`s), then what
    /// `fill` reads for a non-null length; null only when `nullable`.
    fn counted(
        &mut self,
        out: &mut Vec<Node>,
        node: Node,
        nullable: bool,
        flexible: bool,
        unit: &str,
        fill: impl FnOnce(&mut Self, &mut Node, usize) -> Walked,
    ) -> Walked {
        self.group(out, node, |w, node| {
            match w.length(&mut node.children, LengthForm::array(flexible), unit)? {
                Some(n) => fill(w, node, n),
                None if nullable => {
                    node.value = Some("null".into());
                    Ok(())
                }
                None => w.fail(DecodeErrorKind::UnexpectedNull),
            }
        })
    }

    /// A length prefix as a `length` node; `None` is null.
    fn length(
        &mut self,
        out: &mut Vec<Node>,
        form: LengthForm,
        unit: &str,
    ) -> Result<Option<usize>, DecodeError> {
        let mut len = None;
        let sample = self.sample;
        let (type_name, doc_of) = match form {
            LengthForm::Compact => ("uvarint", "compact, n+1"),
            LengthForm::Int16 => ("int16", ""),
            LengthForm::Int32 => ("int32", ""),
        };
        let mut doc = String::new();
        self.leaf(out, "length".into(), type_name.into(), String::new(), |b| {
            let raw = length_raw(b, form);
            len = codec::get_length(b, form)?;
            doc = match (len, unit) {
                (None, _) => "null".into(),
                (Some(1), "elements") if sample => "one sample element follows".into(),
                (Some(1), "elements") => "1 element follows".into(),
                (Some(n), "elements") => format!("{n} elements follow"),
                (Some(n), _) => format!("{n} {unit} follow"),
            };
            Ok(match form {
                LengthForm::Compact => format!("{raw} ({doc_of})"),
                _ => raw.to_string(),
            })
        })?;
        if let Some(node) = out.last_mut() {
            node.doc = doc;
        }
        Ok(len)
    }

    // -- tagged fields ----------------------------------------------------

    /// A flexible struct's tagged section: the count, then each field.
    fn tagged_section(
        &mut self,
        schema: &'static StructSchema,
        flexible: bool,
        out: &mut Vec<Node>,
    ) -> Walked {
        let doc = match self.style {
            Style::Body => "number of tagged fields in this struct",
            _ => "number of tagged fields in the header",
        };
        let outer = self.category;
        self.category = Category::TaggedFields;
        let node = Node::new(
            "tagged_fields",
            "uvarint",
            None,
            0,
            0,
            doc,
            Category::TaggedFields,
        );
        let result = self.group(out, node, |w, node| {
            let count = match w.read(codec::get_uvarint) {
                Ok(n) => n,
                Err(e) => {
                    node.value = Some("(error)".into());
                    return Err(e);
                }
            };
            node.value = Some(count.to_string());
            let mut previous = None;
            for _ in 0..count {
                w.tagged_field(schema, flexible, &mut previous, &mut node.children)?;
            }
            Ok(())
        });
        self.category = outer;
        result
    }

    /// One tagged field: tag, size, value; a declared tag's value read by its
    /// field's type from exactly `size` bytes, any other tag shown raw.
    fn tagged_field(
        &mut self,
        schema: &'static StructSchema,
        flexible: bool,
        previous: &mut Option<u32>,
        out: &mut Vec<Node>,
    ) -> Walked {
        let v = self.version;
        let node = Node::new("tagged_field", "", None, 0, 0, "", Category::TaggedFields);
        self.group(out, node, |w, node| {
            let mut tag = 0;
            let prev = *previous;
            w.leaf(
                &mut node.children,
                "tag".into(),
                "uvarint".into(),
                String::new(),
                |b| {
                    tag = codec::get_uvarint(b)?;
                    match prev {
                        Some(p) if tag <= p => {
                            Err(DecodeErrorKind::TagOutOfOrder { tag, previous: p }.into())
                        }
                        _ => Ok(tag.to_string()),
                    }
                },
            )?;
            *previous = Some(tag);
            let known = schema
                .fields
                .iter()
                .find(|f| f.tag == Some(tag) && f.tagged.contains(v));
            let mut size = 0;
            w.leaf(
                &mut node.children,
                "size".into(),
                "uvarint".into(),
                "bytes in the value".into(),
                |b| {
                    size = codec::get_uvarint(b)? as usize;
                    codec::ensure_remaining(b, size).map_err(|e| e.in_tag(tag))?;
                    Ok(size.to_string())
                },
            )?;
            let start = w.pos;
            let Some(field) = known else {
                node.name = format!("unknown_tag_{tag}");
                node.type_name = "raw".into();
                node.doc = if schema.keeps_unknown_tags {
                    format!("tag {tag} is not declared at v{v}: kept raw")
                } else {
                    format!("tag {tag} is not declared at v{v}: skipped")
                };
                return w
                    .leaf(
                        &mut node.children,
                        "value".into(),
                        "bytes".into(),
                        String::new(),
                        |b| {
                            let (data, rest) = b.split_at(size);
                            *b = rest;
                            Ok(format!("{} ({size} bytes)", bytes_text(data)))
                        },
                    )
                    .map(|()| node.value = Some(format!("{size} bytes")));
            };
            node.name = w.field_name(field);
            node.type_name = w.type_name(&field.kafka_type, field.nullable.contains(v));
            w.path.push(field.json_name);
            node.doc = w.field_doc(field);
            let outer_end = w.end;
            w.end = start + size;
            let flexible = flexible && field.flexible.is_none_or(|r| r.contains(v));
            let result = w
                .value(
                    &mut node.children,
                    "value".into(),
                    &field.kafka_type,
                    field.nullable.contains(v),
                    flexible,
                    String::new(),
                )
                .and_then(|()| match w.pos - start {
                    used if used == size => Ok(()),
                    used => w.fail(DecodeErrorKind::TagSizeMismatch {
                        tag,
                        declared: size,
                        used,
                    }),
                })
                .map_err(|e| e.in_field(field.name));
            w.end = outer_end;
            w.path.pop();
            node.value = node.children.last().and_then(|c| c.value.clone());
            result
        })
    }
}

/// The bytes a value of `ty` takes at the least at `version` (what an array
/// may claim per element): a true lower bound, never below the codec's.
fn min_len(ty: &KafkaType, flexible: bool, version: i16) -> usize {
    match ty {
        KafkaType::String => {
            if flexible {
                1
            } else {
                2
            }
        }
        KafkaType::Bytes | KafkaType::Records | KafkaType::Array(_) => {
            if flexible {
                1
            } else {
                4
            }
        }
        KafkaType::Struct(schema) => {
            let fields: usize = schema
                .fields
                .iter()
                .filter(|f| f.versions.contains(version) && !f.tagged.contains(version))
                .map(|f| {
                    let nullable = f.nullable.contains(version);
                    let flexible = flexible && f.flexible.is_none_or(|r| r.contains(version));
                    match f.kafka_type {
                        // A null struct is its one marker byte.
                        KafkaType::Struct(_) if nullable => 1,
                        _ => min_len(&f.kafka_type, flexible, version),
                    }
                })
                .sum();
            fields + usize::from(flexible)
        }
        // Every other type has one size (0 would be a bound too, if not).
        fixed => fixed.fixed_size().unwrap_or(0),
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

/// The raw length prefix, as it is on the wire, without consuming it.
fn length_raw(b: &[u8], form: LengthForm) -> i64 {
    let mut peek = b;
    match form {
        LengthForm::Int16 => peek.try_get_i16().map_or(0, i64::from),
        LengthForm::Int32 => peek.try_get_i32().map_or(0, i64::from),
        LengthForm::Compact => codec::get_uvarint(&mut peek).map_or(0, i64::from),
    }
}

/// How a string's or byte array's length prefix is shown:
/// `(compact, len+1=1)`, `(int16 len=0)`, `(int32 len=3)`.
fn length_prefix(b: &[u8], form: LengthForm) -> String {
    let raw = length_raw(b, form);
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
        crate::json::push_escaped(&mut out, c);
    }
    out.push('"');
    out
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
        assert_eq!(quoted(&"x".repeat(70)).len(), 64 + 5);
        assert_eq!(bytes_text(&[]), "[]");
        assert_eq!(bytes_text(&[1, 0xab]), "[01 ab]");
        assert!(bytes_text(&[0; 20]).ends_with(" ...]"));
        assert_eq!(
            length_prefix(&[1], LengthForm::Compact),
            "(compact, len+1=1)"
        );
        assert_eq!(length_prefix(&[0, 0], LengthForm::Int16), "(int16 len=0)");
        assert_eq!(
            length_prefix(&[0xff, 0xff], LengthForm::Int16),
            "(int16 len=-1)"
        );
    }
}
