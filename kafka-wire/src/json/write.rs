//! Writing Kafka's JSON: a [`Serialize`] walk over a [`StructView`], in the
//! order and forms of Kafka's generated `JsonConverter.write`.

use core::ptr;

use base64::display::Base64Display;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::RecordsAs;
use crate::dynamic::{is_default, ArrayView, FieldView, StructView, ValueView};
use crate::schema::{FieldSchema, KafkaType, StructSchema};
use crate::Uuid;

/// A struct of a message read at `version`, written as Kafka writes it.
#[derive(Clone, Copy)]
pub(super) struct StructJson<'a> {
    pub(super) view: StructView<'a>,
    pub(super) version: i16,
    pub(super) records: RecordsAs,
}

impl Serialize for StructJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_with(serializer, None)
    }
}

impl StructJson<'_> {
    /// Every field of the version in schema order (Java's), a tagged one
    /// only when it holds more than its default, then `extra`; unknown
    /// tagged fields are not part of Kafka's JSON.
    pub(super) fn serialize_with<S: Serializer>(
        &self,
        serializer: S,
        extra: Option<(&str, &str)>,
    ) -> Result<S::Ok, S::Error> {
        let schema: &StructSchema = self.view.schema();
        let version = self.version;
        let mut map = serializer.serialize_map(None)?;
        // The fields as read: the version's regular fields in schema order,
        // then the tagged ones present, in tag order.
        let mut read = self.view.fields().peekable();
        for field in schema.fields {
            if !field.versions.contains(version) {
                continue;
            }
            let found = if field.tagged.contains(version) {
                self.view.fields().find(|f| ptr::eq(f.field, field))
            } else {
                match read.peek() {
                    Some(f) if ptr::eq(f.field, field) => read.next(),
                    _ => self.view.fields().find(|f| ptr::eq(f.field, field)),
                }
            };
            let Some(found) = found else { continue };
            if field.tagged.contains(version) && is_default(field, &found.value.to_value()) {
                continue;
            }
            self.entry(&mut map, field, &found)?;
        }
        if let Some((key, value)) = extra {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }

    fn entry<M: SerializeMap>(
        &self,
        map: &mut M,
        field: &'static FieldSchema,
        found: &FieldView<'_>,
    ) -> Result<(), M::Error> {
        match (found.value, self.records) {
            (ValueView::Records(bytes), RecordsAs::SizeInBytes) => {
                let key = SizeInBytesKey(field.json_key);
                map.serialize_entry(&key, &bytes.len())
            }
            (value, _) => {
                map.serialize_entry(field.json_key, &self.value(&field.kafka_type, value))
            }
        }
    }

    fn value<'v>(&self, ty: &'static KafkaType, value: ValueView<'v>) -> ValueJson<'v> {
        ValueJson {
            ty,
            value,
            version: self.version,
            records: self.records,
        }
    }
}

/// The key Java writes a records field's size under: `<key>SizeInBytes`.
struct SizeInBytesKey(&'static str);

impl Serialize for SizeInBytesKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}SizeInBytes", self.0))
    }
}

/// One value, in Kafka's JSON form.
struct ValueJson<'a> {
    ty: &'static KafkaType,
    value: ValueView<'a>,
    version: i16,
    records: RecordsAs,
}

impl Serialize for ValueJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.value {
            ValueView::Null => serializer.serialize_unit(),
            ValueView::Bool(v) => serializer.serialize_bool(v),
            ValueView::Int8(v) => serializer.serialize_i8(v),
            ValueView::Int16(v) => serializer.serialize_i16(v),
            ValueView::Uint16(v) => serializer.serialize_u16(v),
            ValueView::Int32(v) => serializer.serialize_i32(v),
            ValueView::Uint32(v) => serializer.serialize_u32(v),
            ValueView::Int64(v) => serializer.serialize_i64(v),
            ValueView::Float64(v) => float(v, serializer),
            ValueView::Uuid(v) => serializer.collect_str(&uuid_text(&v)),
            ValueView::String(v) => serializer.serialize_str(v),
            ValueView::Bytes(v) => serializer.collect_str(&Base64Display::new(v, &STANDARD)),
            ValueView::Records(v) => match self.records {
                RecordsAs::Base64 => serializer.collect_str(&Base64Display::new(v, &STANDARD)),
                // SizeInBytes is written by the struct, under its own key.
                RecordsAs::Empty | RecordsAs::SizeInBytes => serializer.serialize_str(""),
            },
            ValueView::Array(array) => self.array(array, serializer),
            ValueView::Struct(body) => StructJson {
                view: body,
                version: self.version,
                records: self.records,
            }
            .serialize(serializer),
        }
    }
}

impl ValueJson<'_> {
    fn array<S: Serializer>(&self, array: ArrayView<'_>, serializer: S) -> Result<S::Ok, S::Error> {
        let element = match self.ty {
            KafkaType::Array(element) => element,
            _ => array.element_type(),
        };
        let mut seq = serializer.serialize_seq(Some(array.len()))?;
        for item in array.iter() {
            seq.serialize_element(&ValueJson {
                ty: element,
                value: item.value,
                version: self.version,
                records: self.records,
            })?;
        }
        seq.end()
    }
}

/// A float64 as Jackson writes a `DoubleNode`: a number, and `NaN`,
/// `Infinity` and `-Infinity` as strings.
fn float<S: Serializer>(v: f64, serializer: S) -> Result<S::Ok, S::Error> {
    if v.is_finite() {
        serializer.serialize_f64(v)
    } else if v.is_nan() {
        serializer.serialize_str("NaN")
    } else if v > 0.0 {
        serializer.serialize_str("Infinity")
    } else {
        serializer.serialize_str("-Infinity")
    }
}

/// A UUID as Kafka's `Uuid.toString` writes it: its 16 bytes in URL-safe
/// base64 without padding (22 characters).
pub(super) fn uuid_text(uuid: &Uuid) -> Base64Display<'_, 'static, base64::engine::GeneralPurpose> {
    Base64Display::new(uuid.as_bytes(), &URL_SAFE_NO_PAD)
}
