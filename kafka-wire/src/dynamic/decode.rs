//! Reading a value tree: the derived decoders' rules, by the schema.

use core::fmt;

use bytes::{Buf, Bytes};

use super::value::{Element, FieldValue, Span, StructValue, UnknownTag, Value};
use super::DynamicMessage;
use crate::codec::{self, LengthForm};
use crate::schema::{FieldSchema, KafkaType, MessageSchema, StructSchema};
use crate::{tagged, DecodeError, DecodeErrorKind, Records, Uuid};

/// A decode that failed, with what it read before the failure: for a tool
/// that shows a broken frame as far as it goes.
#[derive(Debug)]
pub struct PartialDecode {
    /// The tree up to the failing value: every value read before it, and the
    /// structs and arrays it is inside, with what they held so far.
    pub message: Box<DynamicMessage>,
    /// What failed, with its field path and version.
    pub error: DecodeError,
    /// Where the failing value starts in the input.
    pub offset: usize,
}

impl fmt::Display for PartialDecode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.error, self.offset)
    }
}

impl std::error::Error for PartialDecode {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

pub(super) fn read(
    schema: MessageSchema,
    version: i16,
    input: &Bytes,
    offset: usize,
) -> Result<(DynamicMessage, usize), PartialDecode> {
    let mut message = DynamicMessage {
        body: StructValue::with_room(schema.body),
        ..DynamicMessage::new(schema, version)
    };
    let offset = offset.min(input.len());
    if !schema.versions.contains(version) {
        let error = DecodeError::new(DecodeErrorKind::UnsupportedVersion {
            version,
            supported: schema.versions,
        })
        .in_message(schema.body.name, version);
        return Err(PartialDecode {
            message: Box::new(message),
            error,
            offset,
        });
    }
    let mut reader = Reader {
        input,
        pos: offset,
        end: input.len(),
        version,
        fail_at: None,
    };
    let result = reader.read_struct(
        schema.body,
        schema.flexible.contains(version),
        &mut message.body,
    );
    message.body.span = Some(Span::between(offset, reader.pos));
    match result {
        Ok(()) => Ok((message, reader.pos)),
        Err(error) => Err(PartialDecode {
            message: Box::new(message),
            error: error.in_message(schema.body.name, version),
            offset: reader.fail_at.unwrap_or(reader.pos),
        }),
    }
}

type Read = Result<(), DecodeError>;

struct Reader<'a> {
    input: &'a Bytes,
    pos: usize,
    /// Reads stop here: the input's end, or a tagged value's.
    end: usize,
    version: i16,
    /// Where the innermost failing read started.
    fail_at: Option<usize>,
}

impl Reader<'_> {
    /// Runs `read` on the bytes left; advances past what it used on
    /// success, and marks the failure's offset on error.
    fn take<T>(
        &mut self,
        read: impl FnOnce(&mut &[u8]) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let mut cur = &self.input[self.pos..self.end];
        let before = cur.len();
        match read(&mut cur) {
            Ok(v) => {
                self.pos += before - cur.len();
                Ok(v)
            }
            Err(e) => self.fail(e),
        }
    }

    /// [`take`](Self::take) over a `Bytes` of the bytes left, so that what
    /// `read` keeps of them is a slice of the input, not a copy.
    fn take_shared<T>(
        &mut self,
        read: impl FnOnce(&mut Bytes) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let mut cur = self.input.slice(self.pos..self.end);
        let before = cur.len();
        match read(&mut cur) {
            Ok(v) => {
                self.pos += before - cur.remaining();
                Ok(v)
            }
            Err(e) => self.fail(e),
        }
    }

    fn fail<T>(&mut self, error: impl Into<DecodeError>) -> Result<T, DecodeError> {
        self.fail_at.get_or_insert(self.pos);
        Err(error.into())
    }

    /// A struct's fields at this version, then (when flexible) its tagged
    /// section, into `out`, which keeps what was read if a read fails.
    fn read_struct(
        &mut self,
        schema: &'static StructSchema,
        flexible: bool,
        out: &mut StructValue,
    ) -> Read {
        let v = self.version;
        for field in schema.fields {
            if field.versions.contains(v) && !field.tagged.contains(v) {
                let start = self.pos;
                let mut slot = None;
                let result = self.read_value(
                    &field.kafka_type,
                    field.nullable.contains(v),
                    field_flexible(field, flexible, v),
                    &mut slot,
                );
                if let Some(value) = slot {
                    out.push_read(FieldValue {
                        field,
                        value,
                        span: Some(Span::between(start, self.pos)),
                        tag_header: None,
                    });
                }
                result.map_err(|e| e.in_field(field.name))?;
            }
        }
        if flexible {
            self.read_tagged_section(schema, flexible, out)?;
        }
        Ok(())
    }

    /// One value of type `ty` into `slot`: set once the value is known, or,
    /// for an array or struct, with what was read of it when a read inside
    /// it fails.
    fn read_value(
        &mut self,
        ty: &'static KafkaType,
        nullable: bool,
        flexible: bool,
        slot: &mut Option<Value>,
    ) -> Read {
        let value = match ty {
            KafkaType::Bool => Value::Bool(self.take(|b| Ok(b.try_get_u8()? != 0))?),
            KafkaType::Int8 => Value::Int8(self.take(|b| Ok(b.try_get_i8()?))?),
            KafkaType::Int16 => Value::Int16(self.take(|b| Ok(b.try_get_i16()?))?),
            KafkaType::Uint16 => Value::Uint16(self.take(|b| Ok(b.try_get_u16()?))?),
            KafkaType::Int32 => Value::Int32(self.take(|b| Ok(b.try_get_i32()?))?),
            KafkaType::Uint32 => Value::Uint32(self.take(|b| Ok(b.try_get_u32()?))?),
            KafkaType::Int64 => Value::Int64(self.take(|b| Ok(b.try_get_i64()?))?),
            KafkaType::Float64 => Value::Float64(self.take(|b| Ok(b.try_get_f64()?))?),
            KafkaType::Uuid => {
                Value::Uuid(self.take(|b| Ok(Uuid(b.try_get_u128()?.to_be_bytes())))?)
            }
            KafkaType::String => self.take_shared(|b| {
                non_null(codec::get_str(b, flexible)?.map(Value::String), nullable)
            })?,
            KafkaType::Bytes => self.take_shared(|b| {
                non_null(codec::get_bytes(b, flexible)?.map(Value::Bytes), nullable)
            })?,
            KafkaType::Records => self.take_shared(|b| {
                let records = codec::get_bytes(b, flexible)?.map(|r| Value::Records(Records(r)));
                non_null(records, nullable)
            })?,
            KafkaType::Array(inner) => return self.read_array(inner, nullable, flexible, slot),
            KafkaType::Struct(schema) => {
                if nullable && self.take(|b| Ok(b.try_get_i8()?))? < 0 {
                    Value::Null
                } else {
                    let mut value = StructValue::with_room(schema);
                    let start = self.pos;
                    let result = self.read_struct(schema, flexible, &mut value);
                    value.span = Some(Span::between(start, self.pos));
                    *slot = Some(Value::Struct(value));
                    return result;
                }
            }
        };
        *slot = Some(value);
        Ok(())
    }

    /// An array: its length, then its elements.
    fn read_array(
        &mut self,
        inner: &'static KafkaType,
        nullable: bool,
        flexible: bool,
        slot: &mut Option<Value>,
    ) -> Read {
        let Some(n) = self.take(|b| {
            let n = codec::get_length(b, LengthForm::array(flexible))?;
            match n {
                None if !nullable => Err(DecodeErrorKind::UnexpectedNull.into()),
                n => Ok(n),
            }
        })?
        else {
            *slot = Some(Value::Null);
            return Ok(());
        };
        // As the typed decoder does: no more elements than the bytes left
        // could hold, each taking at least its type's fewest bytes.
        let min = inner.min_len();
        let remaining = self.end - self.pos;
        if n > remaining / min.max(1) {
            return self.fail(DecodeError::truncated(
                n.saturating_mul(min).max(n),
                remaining,
            ));
        }
        let mut elements = Vec::with_capacity(n.min(MAX_PREALLOCATED));
        let mut result = Ok(());
        for i in 0..n {
            let start = self.pos;
            let mut element = None;
            let read = self.read_value(inner, false, flexible, &mut element);
            if let Some(value) = element {
                let span = Some(Span::between(start, self.pos));
                elements.push(Element { value, span });
            }
            if let Err(e) = read {
                result = Err(e.at_index(i));
                break;
            }
        }
        *slot = Some(Value::Array(elements));
        result
    }

    /// A flexible struct's tagged section: declared fields by their type,
    /// from exactly their size; other tags kept raw.
    fn read_tagged_section(
        &mut self,
        schema: &'static StructSchema,
        flexible: bool,
        out: &mut StructValue,
    ) -> Read {
        let v = self.version;
        let count = self.take(|b| tagged::get_count(b))?;
        let mut previous = None;
        for _ in 0..count {
            let header_start = self.pos;
            let (tag, size) = self.take(|b| tagged::get_header(b, &mut previous))?;
            let start = self.pos;
            let declared = schema
                .fields
                .iter()
                .find(|f| f.tag == Some(tag) && f.tagged.contains(v));
            let Some(field) = declared else {
                self.pos += size;
                out.push_unknown(UnknownTag {
                    tag,
                    value: self.input.slice(start..self.pos),
                    span: Some(Span::between(header_start, self.pos)),
                });
                continue;
            };
            let outer_end = self.end;
            self.end = start + size;
            let mut slot = None;
            let mut result = self.read_value(
                &field.kafka_type,
                field.nullable.contains(v),
                field_flexible(field, flexible, v),
                &mut slot,
            );
            if result.is_ok() && self.pos != self.end {
                result = self.fail(DecodeErrorKind::TagSizeMismatch {
                    tag,
                    declared: size,
                    used: self.pos - start,
                });
            }
            self.end = outer_end;
            if let Some(value) = slot {
                out.push_read(FieldValue {
                    field,
                    value,
                    span: Some(Span::between(start, self.pos)),
                    tag_header: Some(Span::between(header_start, start)),
                });
            }
            result.map_err(|e| e.in_field(field.name))?;
        }
        Ok(())
    }
}

/// Elements reserved up front at most: an array's count is checked against
/// the bytes left, and beyond this the vector grows as elements decode.
const MAX_PREALLOCATED: usize = 1024;

/// The form of `field`'s value: the struct's, narrowed by a field-level
/// `flexible` override (the request header's `client_id`).
pub(super) fn field_flexible(field: &FieldSchema, flexible: bool, version: i16) -> bool {
    flexible && field.flexible.is_none_or(|r| r.contains(version))
}

/// `value`, or null where `nullable`, or the typed decoder's error.
fn non_null(value: Option<Value>, nullable: bool) -> Result<Value, DecodeError> {
    match value {
        Some(v) => Ok(v),
        None if nullable => Ok(Value::Null),
        None => Err(DecodeErrorKind::UnexpectedNull.into()),
    }
}
