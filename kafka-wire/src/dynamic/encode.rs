//! Writing a value tree: the derived encoders' rules and checks, by the
//! schema.

use bytes::BufMut;

use super::value::{default_value, is_default, StructValue, Value};
use super::DynamicMessage;
use crate::codec::{self, LengthForm, MAX_ARRAY_LEN};
use crate::schema::{FieldSchema, KafkaType, StructSchema};
use crate::tagged::{self, TagWriter};
use crate::wire::struct_marker;
use crate::{EncodeError, EncodeErrorKind, UnknownTaggedFields};

pub(super) fn message(message: &DynamicMessage) -> Result<Vec<u8>, EncodeError> {
    let (schema, version) = (message.schema, message.version);
    let located = |e: EncodeError| e.in_message(schema.body.name, version);
    if !schema.versions.contains(version) {
        return Err(located(EncodeError::new(
            EncodeErrorKind::UnsupportedVersion {
                version,
                supported: schema.versions,
            },
        )));
    }
    let writer = Writer { version };
    let flexible = schema.flexible.contains(version);
    let mut out = Vec::with_capacity(writer.struct_len(&message.body, flexible));
    writer
        .write_struct(&mut out, &message.body, flexible)
        .map_err(located)?;
    Ok(out)
}

pub(super) fn message_len(message: &DynamicMessage) -> usize {
    let (schema, version) = (message.schema, message.version);
    if !schema.versions.contains(version) {
        return 0;
    }
    Writer { version }.struct_len(&message.body, schema.flexible.contains(version))
}

/// The bytes of a tagged field's value of type `ty` at `version`, as a
/// field that is `nullable` and `flexible` there writes it (for the JSON
/// reader).
#[cfg(feature = "json")]
pub(crate) fn tagged_value_bytes(
    ty: &KafkaType,
    value: &Value,
    (nullable, flexible): (bool, bool),
    version: i16,
) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    Writer { version }.write_value(&mut out, ty, value, nullable, flexible, true)?;
    Ok(out)
}

struct Writer {
    version: i16,
}

/// A field of a struct as the writer sees it: its value, or its default.
enum Held<'a> {
    Set(&'a Value),
    Default(Value),
}

impl Held<'_> {
    fn get(&self) -> &Value {
        match self {
            Held::Set(v) => v,
            Held::Default(v) => v,
        }
    }
}

impl Writer {
    fn held<'a>(&self, value: &'a StructValue, field: &FieldSchema) -> Held<'a> {
        match value.get_field(field) {
            Some(v) => Held::Set(v),
            None => Held::Default(default_value(field)),
        }
    }

    /// True when the field is written at this version as a regular field.
    fn regular(&self, field: &FieldSchema) -> bool {
        field.versions.contains(self.version) && !field.tagged.contains(self.version)
    }

    /// The declared fields tagged at this version, in tag order.
    fn tagged_fields(&self, schema: &'static StructSchema) -> Vec<&'static FieldSchema> {
        let mut fields: Vec<_> = schema
            .fields
            .iter()
            .filter(|f| f.tagged.contains(self.version))
            .collect();
        fields.sort_by_key(|f| f.tag);
        fields
    }

    fn write_struct(
        &self,
        out: &mut Vec<u8>,
        value: &StructValue,
        flexible: bool,
    ) -> Result<(), EncodeError> {
        let schema = value.schema();
        let v = self.version;
        for field in schema.fields {
            if self.regular(field) {
                let held = self.held(value, field);
                self.write_value(
                    out,
                    &field.kafka_type,
                    held.get(),
                    field.nullable.contains(v),
                    field.flexible_at(v, flexible),
                    false,
                )
                .map_err(|e| e.in_field(field.name))?;
            } else if !field.versions.contains(v) && !field.ignorable {
                if let Some(held) = value.get_field(field) {
                    if !is_default(field, held) {
                        return Err(crate::error::non_default_absent(field.name));
                    }
                }
            }
        }
        let tagged = self.tagged_fields(schema);
        let written = |field: &FieldSchema| {
            value
                .get_field(field)
                .is_some_and(|held| !is_default(field, held))
        };
        let unknown = unknown_fields(value);
        if flexible {
            let count = unknown.len() + tagged.iter().filter(|f| written(f)).count();
            codec::put_uvarint(out, count as u32);
            let mut tags = TagWriter::new(&unknown);
            for field in tagged {
                let tag = field.tag.unwrap_or_default();
                tags.before(out, tag)?;
                if let Some(held) = value.get_field(field).filter(|_| written(field)) {
                    let (nullable, flexible) =
                        (field.nullable.contains(v), field.flexible_at(v, flexible));
                    let size = self.value_len(&field.kafka_type, held, nullable, flexible);
                    tagged::put_header(out, tag, size)?;
                    self.write_value(out, &field.kafka_type, held, nullable, flexible, true)
                        .map_err(|e| e.in_field(field.name))?;
                }
            }
            tags.finish(out)?;
        } else {
            if let Some(field) = tagged.into_iter().find(|f| written(f)) {
                let tag = field.tag.unwrap_or_default();
                return Err(tagged::tag_in_non_flexible(tag).in_field(field.name));
            }
            unknown.check_empty_for_classic()?;
        }
        Ok(())
    }

    fn write_value(
        &self,
        out: &mut Vec<u8>,
        ty: &KafkaType,
        value: &Value,
        nullable: bool,
        flexible: bool,
        tagged: bool,
    ) -> Result<(), EncodeError> {
        match (ty, value) {
            (_, Value::Null) if !nullable => {
                return Err(EncodeErrorKind::UnexpectedNull.into());
            }
            (KafkaType::String, Value::Null) => {
                codec::put_length(out, None, LengthForm::string(flexible))
            }
            (KafkaType::Bytes | KafkaType::Records | KafkaType::Array(_), Value::Null) => {
                codec::put_length(out, None, LengthForm::array(flexible))
            }
            (KafkaType::Struct(_), Value::Null) => out.put_i8(struct_marker(false, tagged)),
            (KafkaType::Bool, Value::Bool(v)) => out.put_u8(u8::from(*v)),
            (KafkaType::Int8, Value::Int8(v)) => out.put_i8(*v),
            (KafkaType::Int16, Value::Int16(v)) => out.put_i16(*v),
            (KafkaType::Uint16, Value::Uint16(v)) => out.put_u16(*v),
            (KafkaType::Int32, Value::Int32(v)) => out.put_i32(*v),
            (KafkaType::Uint32, Value::Uint32(v)) => out.put_u32(*v),
            (KafkaType::Int64, Value::Int64(v)) => out.put_i64(*v),
            (KafkaType::Float64, Value::Float64(v)) => out.put_f64(*v),
            (KafkaType::Uuid, Value::Uuid(v)) => out.put_slice(&v.0),
            (KafkaType::String, Value::String(s)) => codec::put_str(out, s, flexible)?,
            (KafkaType::Bytes, Value::Bytes(b)) => codec::put_bytes(out, b, flexible)?,
            (KafkaType::Records, Value::Records(r)) => codec::put_bytes(out, &r.0, flexible)?,
            (KafkaType::Array(inner), Value::Array(elements)) => {
                codec::put_length_checked(
                    out,
                    elements.len(),
                    MAX_ARRAY_LEN,
                    LengthForm::array(flexible),
                )?;
                for (i, element) in elements.iter().enumerate() {
                    self.write_value(out, inner, &element.value, false, flexible, false)
                        .map_err(|e| e.at_index(i))?;
                }
            }
            (KafkaType::Struct(schema), Value::Struct(s)) if s.is_of(schema) => {
                if nullable {
                    out.put_i8(struct_marker(true, tagged));
                }
                self.write_struct(out, s, flexible)?;
            }
            (ty, value) => {
                return Err(EncodeErrorKind::WrongType {
                    expected: *ty,
                    found: value.kind(),
                }
                .into())
            }
        }
        Ok(())
    }

    fn struct_len(&self, value: &StructValue, flexible: bool) -> usize {
        let schema = value.schema();
        let v = self.version;
        let mut len = 0;
        for field in schema.fields {
            if self.regular(field) {
                let held = self.held(value, field);
                len += self.value_len(
                    &field.kafka_type,
                    held.get(),
                    field.nullable.contains(v),
                    field.flexible_at(v, flexible),
                );
            }
        }
        if flexible {
            let mut count = 0;
            for tag in value.unknown_tags() {
                len += tagged::field_len(tag.tag, tag.value.len());
                count += 1;
            }
            for field in self.tagged_fields(schema) {
                if let Some(held) = value.get_field(field).filter(|h| !is_default(field, h)) {
                    let size = self.value_len(
                        &field.kafka_type,
                        held,
                        field.nullable.contains(v),
                        field.flexible_at(v, flexible),
                    );
                    len += tagged::field_len(field.tag.unwrap_or_default(), size);
                    count += 1;
                }
            }
            len += codec::uvarint_len(count);
        }
        len
    }

    /// The bytes `value` takes as a `ty` (a value of another type, which
    /// fails to encode, counts as its length prefix or nothing).
    fn value_len(&self, ty: &KafkaType, value: &Value, nullable: bool, flexible: bool) -> usize {
        match (ty, value) {
            (KafkaType::String, Value::Null) => {
                codec::length_prefix_len(None, LengthForm::string(flexible))
            }
            (KafkaType::Bytes | KafkaType::Records | KafkaType::Array(_), Value::Null) => {
                codec::length_prefix_len(None, LengthForm::array(flexible))
            }
            (KafkaType::Struct(_), Value::Null) => 1,
            (KafkaType::String, Value::String(s)) => codec::str_len(s.len(), flexible),
            (KafkaType::Bytes, Value::Bytes(b)) => codec::bytes_len(b.len(), flexible),
            (KafkaType::Records, Value::Records(r)) => codec::bytes_len(r.0.len(), flexible),
            (KafkaType::Array(inner), Value::Array(elements)) => {
                let prefix =
                    codec::length_prefix_len(Some(elements.len()), LengthForm::array(flexible));
                prefix
                    + elements
                        .iter()
                        .map(|e| self.value_len(inner, &e.value, false, flexible))
                        .sum::<usize>()
            }
            (KafkaType::Struct(_), Value::Struct(s)) => {
                usize::from(nullable) + self.struct_len(s, flexible)
            }
            (ty, _) => ty.fixed_size().unwrap_or(0),
        }
    }
}

/// The struct's unknown tags in the runtime's own holder, so that they are
/// merged with the declared ones by the typed encoders' [`TagWriter`].
fn unknown_fields(value: &StructValue) -> UnknownTaggedFields {
    let mut fields = UnknownTaggedFields::new();
    for tag in value.unknown_tags() {
        fields.insert(tag.tag, tag.value.clone());
    }
    fields
}
