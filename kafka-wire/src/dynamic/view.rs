//! The read-only form of the interpreted codec: a body read once, checked
//! whole, into a flat list of nodes over its input; a value is read from
//! the input when it is asked for.

use core::fmt;

use bytes::Bytes;

use super::decode::{self, PartialDecode};
use super::value::{Element, FieldValue, Span, StructValue, UnknownTag, Value};
use super::DynamicMessage;
use crate::fast::Fixed;
use crate::schema::{FieldSchema, KafkaType, MessageSchema, StructSchema};
use crate::{DecodeError, DecodeErrorKind, Records, Str, Uuid};

/// A body read by its schema, without building a tree: the bytes it was
/// read from and where each value lies in them. Reading one checks every
/// value as [`DynamicMessage::decode`] does (the same errors, at the same
/// field paths) and allocates one list, a few words per value; walking it
/// reads the values from the bytes. For the tools that look at every
/// message and change few (a logger, a capture reader): a change is made on
/// [`to_message`](DynamicView::to_message)'s tree.
///
/// ```
/// use bytes::Bytes;
/// use kafka_wire::dynamic::{DynamicView, ValueView};
/// use kafka_wire::schema::MessageSchema;
/// use kafka_wire::{KafkaMessage, Versioned};
///
/// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
/// #[kafka(api_key = 1000, versions = "0")]
/// struct Sizes {
///     #[kafka(versions = "0+")]
///     name: kafka_wire::Str,
///     #[kafka(versions = "0+")]
///     sizes: Vec<i32>,
/// }
///
/// let wire = Bytes::from(Sizes { name: "a".into(), sizes: vec![7, 9] }.encode_to_vec(0)?);
/// let view = DynamicView::decode_exact(MessageSchema::of_message::<Sizes>(), 0, wire)?;
/// assert_eq!(view.body().get("name"), Some(ValueView::String("a")));
/// let sizes = view.body().get("sizes").unwrap();
/// let sizes: Vec<_> = sizes.as_array().unwrap().iter().map(|e| e.value).collect();
/// assert_eq!(sizes, [ValueView::Int32(7), ValueView::Int32(9)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct DynamicView {
    schema: MessageSchema,
    version: i16,
    input: Bytes,
    /// Where the body starts in `input`; node offsets are from here.
    base: usize,
    /// The body's struct first, then every value in the order it was read:
    /// a struct's or an array's values follow it, up to its `a`.
    nodes: Vec<Node>,
}

/// Where one value lies, and what is needed to read it. Its type comes from
/// the schema, by its field's slot in the struct around it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// The value's span, from the body's start: a nullable struct's marker
    /// included, or, for an unknown tagged field, its header.
    pub(super) offset: u32,
    pub(super) len: u32,
    /// With [`SUBTREE`](Node::SUBTREE), the node after the last of its
    /// values. For a string, bytes, records or an array of fixed-width
    /// values, where its content starts; for an unknown tagged field, its
    /// tag.
    pub(super) a: u32,
    /// The content's length in bytes, or an array's element count.
    pub(super) b: u32,
    /// The field's index in its struct's schema, or `ELEMENT`, or
    /// `UNKNOWN`.
    pub(super) slot: u16,
    pub(super) flags: u8,
    /// The length of a tagged field's tag and size before it.
    pub(super) header: u8,
}

impl Node {
    /// An array's element (and the body).
    pub(super) const ELEMENT: u16 = u16::MAX;
    /// The body's struct.
    pub(super) const ROOT: u16 = Node::ELEMENT;
    /// An undeclared tagged field.
    pub(super) const UNKNOWN: u16 = u16::MAX - 1;
    /// The value is null.
    pub(super) const NULL: u8 = 1;
    /// A nullable struct's marker byte comes first.
    pub(super) const MARKER: u8 = 2;
    /// Its values follow it, up to `a`.
    pub(super) const SUBTREE: u8 = 4;

    /// The index of the node after this one's values.
    fn next(&self, at: usize) -> usize {
        if self.flags & Node::SUBTREE != 0 {
            self.a as usize
        } else {
            at + 1
        }
    }

    fn is_null(&self) -> bool {
        self.flags & Node::NULL != 0
    }
}

impl DynamicView {
    pub(super) fn new(
        schema: MessageSchema,
        version: i16,
        input: Bytes,
        base: usize,
        nodes: Vec<Node>,
    ) -> Self {
        DynamicView {
            schema,
            version,
            input,
            base,
            nodes,
        }
    }

    /// Reads a body at `version` from the front of `buf`, leaving what
    /// follows it; spans are offsets from `buf`'s start. The errors are the
    /// typed decoder's, with the same field paths.
    pub fn decode(
        schema: MessageSchema,
        version: i16,
        buf: &mut Bytes,
    ) -> Result<Self, DecodeError> {
        let (view, end) = Self::read(schema, version, buf, 0).map_err(|p| p.error)?;
        let _ = buf.split_to(end);
        Ok(view)
    }

    /// Reads a body at `version` that must use all of `bytes`: trailing bytes
    /// are an error.
    pub fn decode_exact(
        schema: MessageSchema,
        version: i16,
        bytes: Bytes,
    ) -> Result<Self, DecodeError> {
        let (view, end) = Self::read(schema, version, &bytes, 0).map_err(|p| p.error)?;
        match bytes.len() - end {
            0 => Ok(view),
            n => Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
                .in_message(schema.body.name, version)),
        }
    }

    /// Reads a body at `version` starting at `offset` in `input`, and
    /// returns it with the offset where it ends. Spans are offsets in
    /// `input`. On error, the [`PartialDecode`] holds the tree of what was
    /// read before it and the offset where the failing value starts.
    pub fn read(
        schema: MessageSchema,
        version: i16,
        input: &Bytes,
        offset: usize,
    ) -> Result<(Self, usize), PartialDecode> {
        decode::read(schema, version, input, offset)
    }

    /// The schema it was read by.
    pub fn schema(&self) -> MessageSchema {
        self.schema
    }

    /// The version it was read at.
    pub fn version(&self) -> i16 {
        self.version
    }

    /// The top-level struct.
    pub fn body(&self) -> StructView<'_> {
        StructView {
            view: self,
            schema: self.schema.body,
            at: 0,
        }
    }

    /// The body's bytes: what it re-encodes to, unchanged.
    pub fn bytes(&self) -> Bytes {
        self.input.slice(self.body().span().range())
    }

    /// The body as an owned tree, to change and encode; its spans are the
    /// view's.
    pub fn to_message(&self) -> DynamicMessage {
        DynamicMessage {
            schema: self.schema,
            version: self.version,
            body: self.body().to_value(),
        }
    }

    /// The unknown tagged field at `node`; its value shares the input.
    fn unknown_tag(&self, node: &Node) -> UnknownTag {
        let span = self.span(node);
        UnknownTag {
            tag: node.a,
            value: self
                .input
                .slice(span.offset + usize::from(node.header)..span.end()),
            span: Some(span),
        }
    }

    fn span(&self, node: &Node) -> Span {
        Span {
            offset: self.base + node.offset as usize,
            len: node.len as usize,
        }
    }

    /// The content bytes of a string, bytes or records node, in the input.
    fn content(&self, node: &Node) -> core::ops::Range<usize> {
        let start = self.base + node.a as usize;
        start..start + node.b as usize
    }

    /// The value of type `ty` at node `at`.
    fn value(&self, ty: &'static KafkaType, at: usize) -> ValueView<'_> {
        let node = &self.nodes[at];
        if node.is_null() {
            return ValueView::Null;
        }
        match ty {
            KafkaType::String => ValueView::String(self.text(node)),
            KafkaType::Bytes => ValueView::Bytes(&self.input[self.content(node)]),
            KafkaType::Records => ValueView::Records(&self.input[self.content(node)]),
            KafkaType::Array(inner) => ValueView::Array(ArrayView {
                view: self,
                element: inner,
                at,
            }),
            KafkaType::Struct(schema) => ValueView::Struct(StructView {
                view: self,
                schema,
                at,
            }),
            fixed => self.scalar(fixed, self.base + node.offset as usize),
        }
    }

    fn text(&self, node: &Node) -> &str {
        match crate::str::utf8(&self.input[self.content(node)]) {
            Ok(text) => text,
            Err(_) => unreachable!("a view's strings are checked UTF-8 when it is read"),
        }
    }

    /// The fixed-width value of type `ty` at `offset` in the input, read by
    /// the typed codec's [`Fixed`] rule.
    fn scalar(&self, ty: &KafkaType, offset: usize) -> ValueView<'_> {
        fn read<T: Fixed>(bytes: &[u8]) -> T {
            match T::from_be(bytes) {
                Some(value) => value,
                None => unreachable!("a view's fixed-width values are counted in when it is read"),
            }
        }
        let bytes = &self.input[offset..];
        match ty {
            KafkaType::Bool => ValueView::Bool(read(bytes)),
            KafkaType::Int8 => ValueView::Int8(read(bytes)),
            KafkaType::Int16 => ValueView::Int16(read(bytes)),
            KafkaType::Uint16 => ValueView::Uint16(read(bytes)),
            KafkaType::Int32 => ValueView::Int32(read(bytes)),
            KafkaType::Uint32 => ValueView::Uint32(read(bytes)),
            KafkaType::Int64 => ValueView::Int64(read(bytes)),
            KafkaType::Float64 => ValueView::Float64(read(bytes)),
            KafkaType::Uuid => ValueView::Uuid(read(bytes)),
            _ => unreachable!("only fixed-width types are read in place"),
        }
    }

    /// The owned value of type `ty` at node `at`: strings, bytes and
    /// records share the input.
    fn owned(&self, ty: &'static KafkaType, at: usize) -> Value {
        let node = &self.nodes[at];
        if node.is_null() {
            return Value::Null;
        }
        match ty {
            KafkaType::String => {
                let range = self.content(node);
                let text = if range.len() <= Str::INLINE_CAPACITY {
                    Str::copy_from_utf8(&self.input[range])
                } else {
                    Str::from_utf8(self.input.slice(range))
                };
                match text {
                    Ok(text) => Value::String(text),
                    Err(_) => unreachable!("a view's strings are checked UTF-8 when it is read"),
                }
            }
            KafkaType::Bytes => Value::Bytes(self.input.slice(self.content(node))),
            KafkaType::Records => Value::Records(Records(self.input.slice(self.content(node)))),
            KafkaType::Array(inner) => Value::Array(
                ArrayView {
                    view: self,
                    element: inner,
                    at,
                }
                .to_value(),
            ),
            KafkaType::Struct(schema) => Value::Struct(
                StructView {
                    view: self,
                    schema,
                    at,
                }
                .to_value(),
            ),
            fixed => self
                .scalar(fixed, self.base + node.offset as usize)
                .to_scalar(),
        }
    }
}

/// Views compare by schema, version and values.
impl PartialEq for DynamicView {
    fn eq(&self, other: &Self) -> bool {
        self.schema == other.schema && self.version == other.version && self.body() == other.body()
    }
}

impl fmt::Debug for DynamicView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynamicView")
            .field("version", &self.version)
            .field("body", &self.body())
            .finish()
    }
}

/// One value of a Kafka type, as a [`DynamicView`] holds it: scalars read
/// from the input, strings and bytes borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ValueView<'a> {
    /// Null, of a nullable string, bytes, records, array or struct.
    Null,
    /// `bool`
    Bool(bool),
    /// `int8`
    Int8(i8),
    /// `int16`
    Int16(i16),
    /// `uint16`
    Uint16(u16),
    /// `int32`
    Int32(i32),
    /// `uint32`
    Uint32(u32),
    /// `int64`
    Int64(i64),
    /// `float64`
    Float64(f64),
    /// `uuid`
    Uuid(Uuid),
    /// `string`
    String(&'a str),
    /// `bytes`
    Bytes(&'a [u8]),
    /// `records`: the raw record set.
    Records(&'a [u8]),
    /// `[]T`
    Array(ArrayView<'a>),
    /// A nested struct.
    Struct(StructView<'a>),
}

impl<'a> ValueView<'a> {
    /// True for [`ValueView::Null`].
    pub fn is_null(&self) -> bool {
        matches!(self, ValueView::Null)
    }

    /// An integer of any width, widened.
    pub fn as_i64(&self) -> Option<i64> {
        self.to_scalar().as_i64()
    }

    /// A string's text.
    pub fn as_str(&self) -> Option<&'a str> {
        match *self {
            ValueView::String(s) => Some(s),
            _ => None,
        }
    }

    /// An array.
    pub fn as_array(&self) -> Option<ArrayView<'a>> {
        match *self {
            ValueView::Array(a) => Some(a),
            _ => None,
        }
    }

    /// A nested struct.
    pub fn as_struct(&self) -> Option<StructView<'a>> {
        match *self {
            ValueView::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The value as an owned [`Value`], its strings, bytes and records
    /// copied.
    pub fn to_value(&self) -> Value {
        match *self {
            ValueView::String(text) => Value::String(Str::from(text)),
            ValueView::Bytes(bytes) => Value::Bytes(Bytes::copy_from_slice(bytes)),
            ValueView::Records(bytes) => Value::Records(Records(Bytes::copy_from_slice(bytes))),
            ValueView::Array(array) => Value::Array(array.to_value()),
            ValueView::Struct(body) => Value::Struct(body.to_value()),
            scalar => scalar.to_scalar(),
        }
    }

    /// A null or fixed-width value as a [`Value`]; anything else is
    /// [`Value::Null`] (the owned tree of the others comes from
    /// [`StructView::to_value`] and [`ArrayView::to_value`], which share
    /// the input's bytes).
    fn to_scalar(self) -> Value {
        match self {
            ValueView::Bool(v) => Value::Bool(v),
            ValueView::Int8(v) => Value::Int8(v),
            ValueView::Int16(v) => Value::Int16(v),
            ValueView::Uint16(v) => Value::Uint16(v),
            ValueView::Int32(v) => Value::Int32(v),
            ValueView::Uint32(v) => Value::Uint32(v),
            ValueView::Int64(v) => Value::Int64(v),
            ValueView::Float64(v) => Value::Float64(v),
            ValueView::Uuid(v) => Value::Uuid(v),
            _ => Value::Null,
        }
    }
}

/// A struct in a [`DynamicView`].
#[derive(Clone, Copy)]
pub struct StructView<'a> {
    view: &'a DynamicView,
    schema: &'static StructSchema,
    /// Its node.
    at: usize,
}

/// A field a struct was read with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldView<'a> {
    /// Its schema.
    pub field: &'static FieldSchema,
    /// Its value.
    pub value: ValueView<'a>,
    /// Where the value lies (a nullable struct's marker included).
    pub span: Span,
    /// For a tagged field, where its tag and size lie.
    pub tag_header: Option<Span>,
}

impl<'a> StructView<'a> {
    /// Its schema.
    pub fn schema(&self) -> &'static StructSchema {
        self.schema
    }

    /// The version of the message it belongs to.
    pub fn version(&self) -> i16 {
        self.view.version
    }

    /// Where it lies (after a nullable struct's marker).
    pub fn span(&self) -> Span {
        let node = &self.view.nodes[self.at];
        let marker = usize::from(node.flags & Node::MARKER != 0);
        let span = self.view.span(node);
        Span {
            offset: span.offset + marker,
            len: span.len - marker,
        }
    }

    /// The fields it was read with, as they lie in the input: those of its
    /// version in schema order, then its tagged fields in tag order.
    pub fn fields(&self) -> impl Iterator<Item = FieldView<'a>> + 'a {
        let this = *self;
        self.children()
            .filter(move |&at| this.view.nodes[at].slot != Node::UNKNOWN)
            .map(move |at| this.field_at(at))
    }

    /// The field called `name` (its Rust or its JSON name), if it was read.
    pub fn field(&self, name: &str) -> Option<FieldView<'a>> {
        self.fields()
            .find(|f| f.field.name == name || f.field.json_name == name)
    }

    /// The value of the field called `name` (its Rust or its JSON name), if
    /// it was read.
    pub fn get(&self, name: &str) -> Option<ValueView<'a>> {
        self.field(name).map(|f| f.value)
    }

    /// The declared fields it was read with, as their schema index and
    /// value, in the order of [`fields`](Self::fields), without their spans.
    #[cfg(feature = "json")]
    pub(crate) fn values(&self) -> impl Iterator<Item = (usize, ValueView<'a>)> + 'a {
        let this = *self;
        self.children().filter_map(move |at| {
            let slot = this.view.nodes[at].slot;
            (slot != Node::UNKNOWN).then(|| {
                let index = usize::from(slot);
                (
                    index,
                    this.view.value(&this.schema.fields[index].kafka_type, at),
                )
            })
        })
    }

    /// True when it was read with a tagged field (declared or not).
    #[cfg(feature = "json")]
    pub(crate) fn has_tagged_fields(&self) -> bool {
        let nodes = &self.view.nodes;
        self.children().any(|at| nodes[at].header > 0)
    }

    /// The undeclared tagged fields it was read with, in tag order; their
    /// values share the input's bytes.
    pub fn unknown_tags(&self) -> impl Iterator<Item = UnknownTag> + 'a {
        let view = self.view;
        self.children()
            .filter(|&at| view.nodes[at].slot == Node::UNKNOWN)
            .map(move |at| view.unknown_tag(&view.nodes[at]))
    }

    /// The struct as an owned tree, with the view's spans.
    pub fn to_value(&self) -> StructValue {
        let view = self.view;
        let mut out = StructValue::with_room(self.schema);
        out.span = Some(self.span());
        for at in self.children() {
            let node = &view.nodes[at];
            if node.slot == Node::UNKNOWN {
                out.push_unknown(view.unknown_tag(node));
                continue;
            }
            let field = &self.schema.fields[usize::from(node.slot)];
            let span = view.span(node);
            out.push_read(FieldValue {
                field,
                value: view.owned(&field.kafka_type, at),
                span: Some(span),
                tag_header: tag_header(node, span),
            });
        }
        out
    }

    /// The field whose value is node `at`.
    fn field_at(&self, at: usize) -> FieldView<'a> {
        let view = self.view;
        let node = &view.nodes[at];
        let field = &self.schema.fields[usize::from(node.slot)];
        let span = view.span(node);
        FieldView {
            field,
            value: view.value(&field.kafka_type, at),
            span,
            tag_header: tag_header(node, span),
        }
    }

    /// The indices of its values' nodes.
    fn children(&self) -> impl Iterator<Item = usize> + 'a {
        let nodes = &self.view.nodes;
        let end = nodes[self.at].a as usize;
        let mut at = self.at + 1;
        core::iter::from_fn(move || {
            (at < end).then(|| {
                let this = at;
                at = nodes[this].next(this);
                this
            })
        })
    }
}

impl StructView<'_> {
    /// Appends every error code other than 0 in the struct, at any depth,
    /// to `out`, in wire order: the fields that [are error
    /// codes](FieldSchema::is_error_code). Only they are read, and only the
    /// structs that [hold some](StructSchema::holds_error_codes) are
    /// entered: an array of structs without one is passed in a step.
    pub fn error_codes(&self, out: &mut Vec<i16>) {
        if !self.schema.holds_error_codes() {
            return;
        }
        self.error_codes_within(out);
    }

    /// [`error_codes`](Self::error_codes), the struct known to hold some.
    fn error_codes_within(&self, out: &mut Vec<i16>) {
        let view = self.view;
        for at in self.children() {
            let node = &view.nodes[at];
            if node.slot == Node::UNKNOWN || node.is_null() {
                continue;
            }
            let field = &self.schema.fields[usize::from(node.slot)];
            if field.is_error_code() {
                if let ValueView::Int16(code) =
                    view.scalar(&field.kafka_type, view.base + node.offset as usize)
                {
                    if code != 0 {
                        out.push(code);
                    }
                }
                continue;
            }
            let Some(schema) = field.error_code_struct() else {
                continue;
            };
            if let KafkaType::Struct(_) = field.kafka_type {
                StructView { view, schema, at }.error_codes_within(out);
                continue;
            }
            // An array of structs: each element's node, one after another.
            let mut element = at + 1;
            for _ in 0..node.b {
                if !view.nodes[element].is_null() {
                    StructView {
                        view,
                        schema,
                        at: element,
                    }
                    .error_codes_within(out);
                }
                element = view.nodes[element].next(element);
            }
        }
    }
}

/// Where a tagged field's tag and size lie, before its value at `span`.
fn tag_header(node: &Node, span: Span) -> Option<Span> {
    (node.header > 0).then(|| Span {
        offset: span.offset - usize::from(node.header),
        len: usize::from(node.header),
    })
}

/// Structs compare by schema and the values they were read with.
impl PartialEq for StructView<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.schema.name == other.schema.name
            && self
                .fields()
                .map(|f| (f.field.name, f.value))
                .eq(other.fields().map(|f| (f.field.name, f.value)))
            && self.unknown_tags().eq(other.unknown_tags())
    }
}

impl fmt::Debug for StructView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct(self.schema.name);
        for field in self.fields() {
            out.field(field.field.name, &field.value);
        }
        for tag in self.unknown_tags() {
            out.field("unknown tag", &(tag.tag, tag.value));
        }
        out.finish()
    }
}

/// An array in a [`DynamicView`].
#[derive(Clone, Copy)]
pub struct ArrayView<'a> {
    view: &'a DynamicView,
    element: &'static KafkaType,
    /// Its node.
    at: usize,
}

/// An element of an array in a [`DynamicView`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ElementView<'a> {
    /// Its value.
    pub value: ValueView<'a>,
    /// Where it lies.
    pub span: Span,
}

impl<'a> ArrayView<'a> {
    /// The elements' type.
    pub fn element_type(&self) -> &'static KafkaType {
        self.element
    }

    /// Where it lies, its length included.
    pub fn span(&self) -> Span {
        self.view.span(&self.view.nodes[self.at])
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.view.nodes[self.at].b as usize
    }

    /// True when it has no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at `index`, found by passing the ones before it (a
    /// step each: a struct or array is passed without reading its values).
    pub fn get(&self, index: usize) -> Option<ElementView<'a>> {
        self.iter().nth(index)
    }

    /// Its elements, in order.
    pub fn iter(&self) -> impl Iterator<Item = ElementView<'a>> + 'a {
        let (view, element) = (self.view, self.element);
        let node = view.nodes[self.at];
        let fixed = element.fixed_size();
        let mut index = 0;
        let mut at = self.at + 1;
        core::iter::from_fn(move || {
            if index == node.b as usize {
                return None;
            }
            index += 1;
            if let Some(width) = fixed {
                let offset = view.base + node.a as usize + (index - 1) * width;
                return Some(ElementView {
                    value: view.scalar(element, offset),
                    span: Span { offset, len: width },
                });
            }
            let this = at;
            at = view.nodes[this].next(this);
            Some(ElementView {
                value: view.value(element, this),
                span: view.span(&view.nodes[this]),
            })
        })
    }

    /// The elements as owned values, with the view's spans.
    pub fn to_value(&self) -> Vec<Element> {
        let view = self.view;
        let node = &view.nodes[self.at];
        let mut elements = Vec::with_capacity(node.b as usize);
        if self.element.fixed_size().is_some() {
            elements.extend(self.iter().map(|e| Element {
                value: e.value.to_scalar(),
                span: Some(e.span),
            }));
            return elements;
        }
        let end = node.a as usize;
        let mut at = self.at + 1;
        while at < end {
            elements.push(Element {
                value: view.owned(self.element, at),
                span: Some(view.span(&view.nodes[at])),
            });
            at = view.nodes[at].next(at);
        }
        elements
    }
}

/// Arrays compare by their elements' values.
impl PartialEq for ArrayView<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.iter()
            .map(|e| e.value)
            .eq(other.iter().map(|e| e.value))
    }
}

impl fmt::Debug for ArrayView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|e| e.value))
            .finish()
    }
}
