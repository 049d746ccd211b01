//! The value tree: values, struct values and the fields they hold.

use core::fmt;
use core::ops::Range;

use bytes::Bytes;

use crate::schema::{FieldSchema, KafkaType, StructSchema};
use crate::{Records, Str, Uuid};

/// Where a value lies in the bytes it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Its first byte's offset.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub const fn between(start: usize, end: usize) -> Self {
        Span {
            offset: start,
            len: end - start,
        }
    }

    /// The offset just past it.
    pub const fn end(&self) -> usize {
        self.offset + self.len
    }

    /// As a range of offsets, to index the input with.
    pub const fn range(&self) -> Range<usize> {
        self.offset..self.offset + self.len
    }
}

/// One value of a Kafka type.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
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
    String(Str),
    /// `bytes`
    Bytes(Bytes),
    /// `records`: the raw record set; [`Records::batches`] reads its batches.
    Records(Records),
    /// `[]T`: its elements, never null.
    Array(Vec<Element>),
    /// A nested struct.
    Struct(StructValue),
}

impl Value {
    /// The type's zero: `0`, `false`, empty, a struct of defaults. What a
    /// field with no `default` holds when it is not set.
    pub fn zero(ty: &KafkaType) -> Value {
        match ty {
            KafkaType::Bool => Value::Bool(false),
            KafkaType::Int8 => Value::Int8(0),
            KafkaType::Int16 => Value::Int16(0),
            KafkaType::Uint16 => Value::Uint16(0),
            KafkaType::Int32 => Value::Int32(0),
            KafkaType::Uint32 => Value::Uint32(0),
            KafkaType::Int64 => Value::Int64(0),
            KafkaType::Float64 => Value::Float64(0.0),
            KafkaType::Uuid => Value::Uuid(Uuid::ZERO),
            KafkaType::String => Value::String(Str::new()),
            KafkaType::Bytes => Value::Bytes(Bytes::new()),
            KafkaType::Records => Value::Records(Records::default()),
            KafkaType::Array(_) => Value::Array(Vec::new()),
            KafkaType::Struct(schema) => Value::Struct(StructValue::new(schema)),
        }
    }

    /// The value's kind, as Kafka's schemas name types (`int32`, `string`,
    /// `array`, `struct`, `null`).
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Int8(_) => "int8",
            Value::Int16(_) => "int16",
            Value::Uint16(_) => "uint16",
            Value::Int32(_) => "int32",
            Value::Uint32(_) => "uint32",
            Value::Int64(_) => "int64",
            Value::Float64(_) => "float64",
            Value::Uuid(_) => "uuid",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::Records(_) => "records",
            Value::Array(_) => "array",
            Value::Struct(_) => "struct",
        }
    }

    /// True for [`Value::Null`].
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// An integer of any width, widened.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Value::Int8(v) => Some(v.into()),
            Value::Int16(v) => Some(v.into()),
            Value::Uint16(v) => Some(v.into()),
            Value::Int32(v) => Some(v.into()),
            Value::Uint32(v) => Some(v.into()),
            Value::Int64(v) => Some(v),
            _ => None,
        }
    }

    /// A string's text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// An array's elements.
    pub fn as_array(&self) -> Option<&[Element]> {
        match self {
            Value::Array(elements) => Some(elements),
            _ => None,
        }
    }

    /// An array's elements, to change.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Element>> {
        match self {
            Value::Array(elements) => Some(elements),
            _ => None,
        }
    }

    /// A nested struct.
    pub fn as_struct(&self) -> Option<&StructValue> {
        match self {
            Value::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// A nested struct, to change.
    pub fn as_struct_mut(&mut self) -> Option<&mut StructValue> {
        match self {
            Value::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// True when the value is of type `ty` (null aside), down through
    /// arrays' elements and structs' fields.
    pub fn fits(&self, ty: &KafkaType) -> bool {
        match (self, ty) {
            (Value::Bool(_), KafkaType::Bool)
            | (Value::Int8(_), KafkaType::Int8)
            | (Value::Int16(_), KafkaType::Int16)
            | (Value::Uint16(_), KafkaType::Uint16)
            | (Value::Int32(_), KafkaType::Int32)
            | (Value::Uint32(_), KafkaType::Uint32)
            | (Value::Int64(_), KafkaType::Int64)
            | (Value::Float64(_), KafkaType::Float64)
            | (Value::Uuid(_), KafkaType::Uuid)
            | (Value::String(_), KafkaType::String)
            | (Value::Bytes(_), KafkaType::Bytes)
            | (Value::Records(_), KafkaType::Records) => true,
            (Value::Array(elements), KafkaType::Array(inner)) => {
                elements.iter().all(|e| e.value.fits(inner))
            }
            (Value::Struct(value), KafkaType::Struct(schema)) => value.is_of(schema),
            _ => false,
        }
    }

    /// Equality that also holds between a struct that sets a field to its
    /// default and one that leaves it unset.
    pub(crate) fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Struct(a), Value::Struct(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.value.same(&y.value))
            }
            _ => self == other,
        }
    }
}

/// An element of an array.
#[derive(Debug, Clone)]
pub struct Element {
    /// The value.
    pub value: Value,
    /// Where it was read from; `None` for a value built in memory.
    pub span: Option<Span>,
}

impl Element {
    /// An element built in memory.
    pub fn new(value: Value) -> Self {
        Element { value, span: None }
    }
}

/// Elements compare by value; their spans are where they were read.
impl PartialEq for Element {
    fn eq(&self, other: &Self) -> bool {
        self.value.same(&other.value)
    }
}

/// A field a struct holds.
#[derive(Debug, Clone)]
pub struct FieldValue {
    /// Its schema.
    pub field: &'static FieldSchema,
    /// Its value.
    pub value: Value,
    /// Where the value was read from (a nullable struct's marker included);
    /// `None` for a value built in memory.
    pub span: Option<Span>,
    /// For a field read from a tagged section, where its tag and size
    /// were.
    pub tag_header: Option<Span>,
}

/// An undeclared tagged field, kept raw.
#[derive(Debug, Clone)]
pub struct UnknownTag {
    /// Its tag.
    pub tag: u32,
    /// Its value's bytes.
    pub value: Bytes,
    /// Where the whole field (tag, size, value) was read from.
    pub span: Option<Span>,
}

/// Unknown tags compare by tag and value.
impl PartialEq for UnknownTag {
    fn eq(&self, other: &Self) -> bool {
        (self.tag, &self.value) == (other.tag, &other.value)
    }
}

/// A struct's values: the fields it holds, in schema order, and the unknown
/// tagged fields it was read with, in tag order. A field it does not hold
/// has its [default](default_value).
#[derive(Debug, Clone)]
pub struct StructValue {
    schema: &'static StructSchema,
    fields: Vec<FieldValue>,
    unknown_tags: Vec<UnknownTag>,
    /// Where the struct was read from; `None` when built in memory.
    pub span: Option<Span>,
}

/// Structs compare by the value of every field, set or default, and their
/// unknown tags; spans are not compared.
impl PartialEq for StructValue {
    fn eq(&self, other: &Self) -> bool {
        self.is_of(other.schema)
            && self.unknown_tags == other.unknown_tags
            && self.schema.fields.iter().all(|field| {
                match (self.get_field(field), other.get_field(field)) {
                    (Some(a), Some(b)) => a.same(b),
                    (Some(v), None) | (None, Some(v)) => is_default(field, v),
                    (None, None) => true,
                }
            })
    }
}

/// A value that does not fit where it was put.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValueError {
    /// The struct has no field of that name.
    #[error("{structure} has no field `{name}`")]
    NoSuchField {
        /// The struct's name.
        structure: &'static str,
        /// The name asked for.
        name: String,
    },
    /// The value is not of the field's type, or null where the field is
    /// never nullable.
    #[error("{structure}.{field} is {expected}: a {found} value does not fit")]
    WrongType {
        /// The struct's name.
        structure: &'static str,
        /// The field's name.
        field: &'static str,
        /// The field's type.
        expected: KafkaType,
        /// The value's [kind](Value::kind).
        found: &'static str,
    },
}

impl StructValue {
    /// A struct of `schema` that holds no field: every field at its default.
    pub fn new(schema: &'static StructSchema) -> Self {
        StructValue {
            schema,
            fields: Vec::new(),
            unknown_tags: Vec::new(),
            span: None,
        }
    }

    /// The sample instance of `schema` at `version`; see
    /// [`DynamicMessage::sample`](super::DynamicMessage::sample).
    pub fn sample(schema: &'static StructSchema, version: i16) -> Self {
        let fields = schema
            .fields
            .iter()
            .filter(|f| f.versions.contains(version) && !f.tagged.contains(version))
            .map(|field| FieldValue {
                field,
                value: sample_value(&field.kafka_type, version),
                span: None,
                tag_header: None,
            })
            .collect();
        StructValue {
            schema,
            fields,
            unknown_tags: Vec::new(),
            span: None,
        }
    }

    /// Its schema.
    pub fn schema(&self) -> &'static StructSchema {
        self.schema
    }

    /// True when it is a struct of `schema` (by name, as a schema has one
    /// struct of each name).
    pub fn is_of(&self, schema: &StructSchema) -> bool {
        core::ptr::eq(self.schema, schema) || self.schema.name == schema.name
    }

    /// The fields it holds, in schema order.
    pub fn fields(&self) -> &[FieldValue] {
        &self.fields
    }

    /// The field it holds called `name` (its Rust or its JSON name).
    pub fn field(&self, name: &str) -> Option<&FieldValue> {
        self.fields
            .iter()
            .find(|f| f.field.name == name || f.field.json_name == name)
    }

    /// The value of the field called `name` (its Rust or its JSON name), if
    /// it holds it.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.field(name).map(|f| &f.value)
    }

    /// The value it holds for `field`.
    pub fn get_field(&self, field: &FieldSchema) -> Option<&Value> {
        self.fields
            .iter()
            .find(|f| core::ptr::eq(f.field, field) || f.field.name == field.name)
            .map(|f| &f.value)
    }

    /// The value of the field called `name`, to change in place. A change
    /// that does not fit the field's type is found when encoding.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.fields
            .iter_mut()
            .find(|f| f.field.name == name || f.field.json_name == name)
            .map(|f| &mut f.value)
    }

    /// The value of the field called `name`, or its default when it is not
    /// held.
    pub fn value_or_default(&self, name: &str) -> Result<Value, ValueError> {
        let field = self.schema_field(name)?;
        Ok(self
            .get_field(field)
            .cloned()
            .unwrap_or_else(|| default_value(field)))
    }

    /// Sets the field called `name` (its Rust or its JSON name) and returns
    /// the value it held. The value must be of the field's type, and null
    /// only for a field nullable in some version.
    pub fn set(&mut self, name: &str, value: Value) -> Result<Option<Value>, ValueError> {
        let field = self.schema_field(name)?;
        let fits = match &value {
            Value::Null => !field.nullable.is_empty(),
            v => v.fits(&field.kafka_type),
        };
        if !fits {
            return Err(ValueError::WrongType {
                structure: self.schema.name,
                field: field.name,
                expected: field.kafka_type,
                found: value.kind(),
            });
        }
        Ok(self.put(field, value, None, None))
    }

    /// [`set`](Self::set), for building a struct in one expression.
    pub fn with(mut self, name: &str, value: Value) -> Result<Self, ValueError> {
        self.set(name, value)?;
        Ok(self)
    }

    /// Stops holding the field called `name` (it returns to its default)
    /// and returns the value it held.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let at = self
            .fields
            .iter()
            .position(|f| f.field.name == name || f.field.json_name == name)?;
        Some(self.fields.remove(at).value)
    }

    /// The unknown tagged fields, in tag order.
    pub fn unknown_tags(&self) -> &[UnknownTag] {
        &self.unknown_tags
    }

    /// Keeps `value` as the unknown tagged field `tag` (in tag order), and
    /// returns the value it replaces. A tag that the struct declares at the
    /// version it is encoded at fails to encode, as with typed structs.
    pub fn set_unknown_tag(&mut self, tag: u32, value: Bytes) -> Option<Bytes> {
        match self.unknown_tags.binary_search_by_key(&tag, |t| t.tag) {
            Ok(at) => Some(core::mem::replace(&mut self.unknown_tags[at].value, value)),
            Err(at) => {
                let field = UnknownTag {
                    tag,
                    value,
                    span: None,
                };
                self.unknown_tags.insert(at, field);
                None
            }
        }
    }

    /// Removes the unknown tagged field `tag`, returning its value.
    pub fn remove_unknown_tag(&mut self, tag: u32) -> Option<Bytes> {
        let at = self
            .unknown_tags
            .binary_search_by_key(&tag, |t| t.tag)
            .ok()?;
        Some(self.unknown_tags.remove(at).value)
    }

    /// True when every field holds its default and no unknown tag is kept:
    /// what a typed struct's `is_default_value` says.
    pub fn is_default(&self) -> bool {
        self.unknown_tags.is_empty() && self.fields.iter().all(|f| is_default(f.field, &f.value))
    }

    fn schema_field(&self, name: &str) -> Result<&'static FieldSchema, ValueError> {
        self.schema
            .fields
            .iter()
            .find(|f| f.name == name || f.json_name == name)
            .ok_or_else(|| ValueError::NoSuchField {
                structure: self.schema.name,
                name: name.to_string(),
            })
    }

    /// Puts `value` in `field`'s place in schema order; returns the old one.
    fn put(
        &mut self,
        field: &'static FieldSchema,
        value: Value,
        span: Option<Span>,
        tag_header: Option<Span>,
    ) -> Option<Value> {
        let order = |f: &FieldSchema| self.schema.fields.iter().position(|s| s.name == f.name);
        let index = order(field);
        let at = self.fields.iter().position(|f| order(f.field) >= index);
        let new = FieldValue {
            field,
            value,
            span,
            tag_header,
        };
        match at {
            Some(at) if self.fields[at].field.name == field.name => {
                Some(core::mem::replace(&mut self.fields[at], new).value)
            }
            Some(at) => {
                self.fields.insert(at, new);
                None
            }
            None => {
                self.fields.push(new);
                None
            }
        }
    }

    /// Appends a field read from the input (the decoder reads in schema
    /// order, tagged fields after the regular ones, in tag order).
    pub(crate) fn push_read(&mut self, field: FieldValue) {
        if field.tag_header.is_some() {
            // A tagged field: put in schema order among the rest.
            let FieldValue {
                field,
                value,
                span,
                tag_header,
            } = field;
            self.put(field, value, span, tag_header);
        } else {
            self.fields.push(field);
        }
    }

    /// A struct of `schema` with room for its fields, to read into.
    pub(crate) fn with_room(schema: &'static StructSchema) -> Self {
        StructValue {
            fields: Vec::with_capacity(schema.fields.len()),
            ..StructValue::new(schema)
        }
    }

    pub(crate) fn push_unknown(&mut self, tag: UnknownTag) {
        self.unknown_tags.push(tag);
    }
}

/// What `field` holds when a struct does not set it: its schema's `default`
/// (`null` for a nullable field's `default = None`; numbers, bools and
/// strings as the schema writes them), or else the
/// type's [zero](Value::zero) (a nullable field's default, as Kafka's, is
/// the empty value, not null). A `default` that is not a literal (a
/// constant's name) cannot be read from the schema, and counts as the zero.
pub fn default_value(field: &FieldSchema) -> Value {
    match field.default {
        Some("null") if !field.nullable.is_empty() => Value::Null,
        Some(text) => {
            parse_default(text, &field.kafka_type).unwrap_or_else(|| Value::zero(&field.kafka_type))
        }
        None => Value::zero(&field.kafka_type),
    }
}

/// True when `value` is `field`'s default: what the typed encoder asks of a
/// tagged field before writing it, and of a field its version lacks.
pub(crate) fn is_default(field: &FieldSchema, value: &Value) -> bool {
    match (field.default, value) {
        (Some("null"), v) if !field.nullable.is_empty() => v.is_null(),
        (_, Value::Null) => false,
        (Some(text), v) => match parse_default(text, &field.kafka_type) {
            Some(d) => v.same(&d),
            None => is_zero(v),
        },
        (None, v) => is_zero(v),
    }
}

/// True for a type's zero; a struct is zero when it is all defaults.
fn is_zero(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(v) => !v,
        Value::Int8(v) => *v == 0,
        Value::Int16(v) => *v == 0,
        Value::Uint16(v) => *v == 0,
        Value::Int32(v) => *v == 0,
        Value::Uint32(v) => *v == 0,
        Value::Int64(v) => *v == 0,
        Value::Float64(v) => *v == 0.0,
        Value::Uuid(v) => v.is_zero(),
        Value::String(v) => v.is_empty(),
        Value::Bytes(v) => v.is_empty(),
        Value::Records(v) => v.0.is_empty(),
        Value::Array(v) => v.is_empty(),
        Value::Struct(v) => v.is_default(),
    }
}

/// A literal `default`, as the schema writes it, as a value of `ty`: an
/// integer (decimal, or `0x` hex), `true` / `false`, a float, a string's
/// text.
fn parse_default(text: &str, ty: &KafkaType) -> Option<Value> {
    let int = || -> Option<i128> {
        let t = text.replace('_', "");
        let (negative, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest.to_string()),
            None => (false, t),
        };
        let magnitude = match digits.strip_prefix("0x") {
            Some(hex) => i128::from_str_radix(hex, 16).ok()?,
            None => digits.parse::<i128>().ok()?,
        };
        Some(if negative { -magnitude } else { magnitude })
    };
    Some(match ty {
        KafkaType::Bool => Value::Bool(text.parse().ok()?),
        KafkaType::Int8 => Value::Int8(int()?.try_into().ok()?),
        KafkaType::Int16 => Value::Int16(int()?.try_into().ok()?),
        KafkaType::Uint16 => Value::Uint16(int()?.try_into().ok()?),
        KafkaType::Int32 => Value::Int32(int()?.try_into().ok()?),
        KafkaType::Uint32 => Value::Uint32(int()?.try_into().ok()?),
        KafkaType::Int64 => Value::Int64(int()?.try_into().ok()?),
        KafkaType::Float64 => Value::Float64(text.replace('_', "").parse().ok()?),
        KafkaType::String => Value::String(Str::from(text)),
        _ => return None,
    })
}

fn sample_value(ty: &'static KafkaType, version: i16) -> Value {
    match ty {
        KafkaType::Records => Value::Records(Records::empty_batch()),
        KafkaType::Array(inner) => Value::Array(vec![Element::new(sample_value(inner, version))]),
        KafkaType::Struct(schema) => Value::Struct(StructValue::sample(schema, version)),
        other => Value::zero(other),
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.offset, self.end())
    }
}
