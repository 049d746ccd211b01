//! Reading Kafka's JSON, as strictly as Kafka's generated
//! `JsonConverter.read` and stricter where Java would drop a value, straight
//! into the message's bytes: a serde `DeserializeSeed` driven by the schema
//! writes each value in its wire form as the parser meets it, so no JSON
//! tree and no value tree is built. The bytes are then read by the typed or
//! the interpreted decoder.
//!
//! Fields come in any order: a regular field that comes before its turn is
//! written aside and put in place when its turn comes. A tagged field, and a
//! field the version lacks (which must hold its default), is read into a
//! value tree first, as both need a comparison with the default.

use core::cell::RefCell;
use core::fmt;

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use bytes::{BufMut, Bytes};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value as Json;

use super::{JsonError, JsonErrorKind};
use crate::codec::{self, LengthForm, MAX_STRING_LEN};
use crate::dynamic::{is_default, tagged_value_bytes, DynamicView, Element, Value};
use crate::schema::{FieldSchema, KafkaType, MessageSchema, StructSchema};
use crate::{tagged, Records, Str, Uuid, VersionRange};

/// Where a value is in the document, as a chain of steps from the root
/// that costs nothing until an error renders it.
#[derive(Clone, Copy)]
pub(super) enum At<'a> {
    Root,
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Root => f.write_str("$"),
            At::Key(parent, key) => write!(f, "{parent}.{key}"),
            At::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

/// The bytes of a body of `schema` at `version` (`flexible` there), read
/// from any serde deserializer of JSON: text, or a `serde_json::Value`.
pub(super) fn body_bytes<'de, D: Deserializer<'de>>(
    schema: &'static StructSchema,
    version: i16,
    flexible: bool,
    deserializer: D,
) -> Result<Vec<u8>, JsonError> {
    let cx = Cx {
        version,
        error: RefCell::new(None),
    };
    let mut out = Vec::new();
    let seed = ValueSeed {
        cx: &cx,
        ty: KafkaType::Struct(schema),
        nullable: false,
        flexible,
        out: &mut out,
        at: &At::Root,
    };
    match seed.deserialize(deserializer) {
        Ok(()) => Ok(out),
        Err(e) => Err(cx.error.take().unwrap_or_else(|| syntax(e))),
    }
}

/// A deserializer's own error (the text is not JSON), unless a typed error
/// was put aside first.
pub(super) fn syntax<E: fmt::Display>(e: E) -> JsonError {
    let kind = JsonErrorKind::Syntax {
        reason: e.to_string(),
    };
    JsonError::new("$".into(), kind)
}

/// What every seed shares: the version, and the typed error that stopped
/// the read (serde's error carries only a message; the typed error waits
/// here while serde unwinds).
struct Cx {
    version: i16,
    error: RefCell<Option<JsonError>>,
}

impl Cx {
    /// Keeps `kind` at `at` as the read's error, and returns the error
    /// that stops the deserializer.
    fn fail<E: de::Error>(&self, at: &At<'_>, kind: JsonErrorKind) -> E {
        self.fail_at(at.to_string(), kind)
    }

    fn fail_at<E: de::Error>(&self, path: String, kind: JsonErrorKind) -> E {
        let mut error = self.error.borrow_mut();
        if error.is_none() {
            *error = Some(JsonError::new(path, kind));
        }
        E::custom("stopped by a typed error")
    }
}

/// One value of type `ty`, written in its wire form into `out`.
struct ValueSeed<'a, 'p> {
    cx: &'a Cx,
    ty: KafkaType,
    nullable: bool,
    flexible: bool,
    out: &'a mut Vec<u8>,
    at: &'a At<'p>,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl ValueSeed<'_, '_> {
    fn wrong<E: de::Error>(&self, found: &'static str) -> E {
        let expected = expected(&self.ty);
        self.cx
            .fail(self.at, JsonErrorKind::WrongType { expected, found })
    }

    fn integer<E: de::Error>(self, v: Integer) -> Result<(), E> {
        let out = self.out;
        let written = match self.ty {
            KafkaType::Int8 => v.fit().map(|v: i8| out.put_i8(v)),
            KafkaType::Int16 => v.fit().map(|v: i16| out.put_i16(v)),
            KafkaType::Uint16 => v.fit().map(|v: u16| out.put_u16(v)),
            KafkaType::Int32 => v.fit().map(|v: i32| out.put_i32(v)),
            KafkaType::Uint32 => v.fit().map(|v: u32| out.put_u32(v)),
            KafkaType::Int64 => v.fit().map(|v: i64| out.put_i64(v)),
            _ => {
                let expected = expected(&self.ty);
                let kind = JsonErrorKind::WrongType {
                    expected,
                    found: "an integer",
                };
                return Err(self.cx.fail(self.at, kind));
            }
        };
        written.ok_or_else(|| {
            let kind = JsonErrorKind::OutOfRange {
                ty: self.ty,
                value: v.to_string(),
            };
            self.cx.fail(self.at, kind)
        })
    }

    /// Bytes or records from base64: the length, then the bytes decoded
    /// in place.
    fn base64<E: de::Error>(self, text: &str) -> Result<(), E> {
        let form = LengthForm::array(self.flexible);
        let start = self.out.len();
        let prefix = placeholder(form);
        self.out.extend_from_slice(prefix);
        match STANDARD.decode_vec(text, self.out) {
            Ok(()) => {
                let len = self.out.len() - start - prefix.len();
                patch_length(self.out, start, prefix.len(), len, form)
                    .map_err(|e| self.cx.fail(self.at, JsonErrorKind::Encode(e)))
            }
            Err(e) => {
                let kind = JsonErrorKind::InvalidBase64 {
                    reason: e.to_string(),
                };
                Err(self.cx.fail(self.at, kind))
            }
        }
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", expected(&self.ty))
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        if !self.nullable {
            return Err(self.cx.fail(self.at, JsonErrorKind::NotNullable));
        }
        match self.ty {
            KafkaType::String => {
                codec::put_length(self.out, None, LengthForm::string(self.flexible))
            }
            KafkaType::Bytes | KafkaType::Records | KafkaType::Array(_) => {
                codec::put_length(self.out, None, LengthForm::array(self.flexible))
            }
            KafkaType::Struct(_) => self.out.put_i8(-1),
            _ => return Err(self.wrong("null")),
        }
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        match self.ty {
            KafkaType::Bool => {
                self.out.put_u8(u8::from(v));
                Ok(())
            }
            _ => Err(self.wrong("a boolean")),
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.integer(Integer::Signed(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.integer(Integer::Unsigned(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        match self.ty {
            KafkaType::Float64 => {
                self.out.put_f64(v);
                Ok(())
            }
            _ => Err(self.wrong("a floating-point number")),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        match self.ty {
            KafkaType::String => {
                if text.len() > MAX_STRING_LEN {
                    let kind = JsonErrorKind::StringTooLong { len: text.len() };
                    return Err(self.cx.fail(self.at, kind));
                }
                codec::put_length(
                    self.out,
                    Some(text.len()),
                    LengthForm::string(self.flexible),
                );
                self.out.put_slice(text.as_bytes());
                Ok(())
            }
            KafkaType::Uuid => match parse_uuid(text) {
                Some(uuid) => {
                    self.out.put_slice(uuid.as_bytes());
                    Ok(())
                }
                None => {
                    let kind = JsonErrorKind::InvalidUuid { text: clip(text) };
                    Err(self.cx.fail(self.at, kind))
                }
            },
            KafkaType::Bytes | KafkaType::Records => self.base64(text),
            KafkaType::Float64 => match special_float(text) {
                Some(v) => {
                    self.out.put_f64(v);
                    Ok(())
                }
                None => Err(self.wrong("a string")),
            },
            _ => Err(self.wrong("a string")),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let KafkaType::Array(element) = self.ty else {
            return Err(self.wrong("an array"));
        };
        let form = LengthForm::array(self.flexible);
        let start = self.out.len();
        let prefix = placeholder(form);
        self.out.extend_from_slice(prefix);
        let mut count = 0;
        loop {
            let at = At::Index(self.at, count);
            let seed = ValueSeed {
                cx: self.cx,
                ty: *element,
                nullable: false,
                flexible: self.flexible,
                out: &mut *self.out,
                at: &at,
            };
            if seq.next_element_seed(seed)?.is_none() {
                break;
            }
            count += 1;
        }
        patch_length(self.out, start, prefix.len(), count, form)
            .map_err(|e| self.cx.fail(self.at, JsonErrorKind::Encode(e)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let KafkaType::Struct(schema) = self.ty else {
            return Err(self.wrong("an object"));
        };
        if self.nullable {
            self.out.put_i8(1);
        }
        StructReader {
            cx: self.cx,
            schema,
            flexible: self.flexible,
            at: self.at,
        }
        .read(map, self.out)
    }
}

/// A struct's fields, from a JSON object, in schema order.
struct StructReader<'a, 'p> {
    cx: &'a Cx,
    schema: &'static StructSchema,
    flexible: bool,
    at: &'a At<'p>,
}

/// A field's value, from a JSON object: which field, or why the key is
/// not one.
enum Key {
    Field(usize),
    Unknown(String),
    RecordsAsSize(String),
}

struct KeySeed(&'static StructSchema);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field's name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        let fields = self.0.fields;
        if let Some(i) = fields.iter().position(|f| f.json_key == key) {
            return Ok(Key::Field(i));
        }
        let sized = key.strip_suffix("SizeInBytes").is_some_and(|name| {
            fields
                .iter()
                .any(|f| f.json_key == name && f.kafka_type == KafkaType::Records)
        });
        Ok(match sized {
            true => Key::RecordsAsSize(key.to_string()),
            false => Key::Unknown(key.to_string()),
        })
    }
}

impl StructReader<'_, '_> {
    /// The version's regular fields in schema order, each written when its
    /// turn comes (parked until then when it comes early); then the tagged
    /// section of a flexible struct.
    fn read<'de, A: MapAccess<'de>>(self, mut map: A, out: &mut Vec<u8>) -> Result<(), A::Error> {
        let (schema, v) = (self.schema, self.cx.version);
        let fields = schema.fields;
        let regular = |i: usize| fields[i].versions.contains(v) && !fields[i].tagged.contains(v);
        let mut seen = Seen::new(fields.len());
        // The next regular field to write, and the early ones written aside.
        let mut next = (0..fields.len()).find(|&i| regular(i));
        let mut parked: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut tagged: Vec<(u32, Vec<u8>)> = Vec::new();
        while let Some(key) = map.next_key_seed(KeySeed(schema))? {
            let i = match key {
                Key::Field(i) => i,
                Key::Unknown(key) => {
                    let kind = JsonErrorKind::UnknownField {
                        structure: schema.json_name,
                    };
                    return Err(self.cx.fail_at(format!("{}.{key}", self.at), kind));
                }
                Key::RecordsAsSize(key) => {
                    let path = format!("{}.{key}", self.at);
                    return Err(self.cx.fail_at(path, JsonErrorKind::RecordsAsSize));
                }
            };
            let field = &fields[i];
            let at = At::Key(self.at, field.json_key);
            if !seen.insert(i) {
                return Err(self.cx.fail(&at, JsonErrorKind::DuplicateKey));
            }
            if !regular(i) {
                // Tagged, or not in the version: read as a value, compared
                // with the default.
                let node: Json = map.next_value()?;
                let value = self.tree_value(field, &node, &at)?;
                if is_default(field, &value) {
                    continue;
                }
                if !field.versions.contains(v) {
                    let kind = JsonErrorKind::NotInVersion { version: v };
                    return Err(self.cx.fail(&at, kind));
                }
                let form = (
                    field.nullable.contains(v),
                    field.flexible_at(v, self.flexible),
                );
                let bytes = tagged_value_bytes(&field.kafka_type, &value, form, v)
                    .map_err(|e| self.cx.fail(&at, JsonErrorKind::Encode(e)))?;
                tagged.push((field.tag.unwrap_or_default(), bytes));
                continue;
            }
            if Some(i) == next {
                map.next_value_seed(self.seed(field, out, &at))?;
                next = self.advance(i, &mut parked, out, &regular);
            } else {
                let mut aside = Vec::new();
                map.next_value_seed(self.seed(field, &mut aside, &at))?;
                parked.push((i, aside));
            }
        }
        if let Some(missing) = next {
            let at = At::Key(self.at, fields[missing].json_key);
            return Err(self.cx.fail(&at, JsonErrorKind::Missing { version: v }));
        }
        if self.flexible {
            tagged.sort_unstable_by_key(|(tag, _)| *tag);
            codec::put_uvarint(out, tagged.len() as u32);
            for (tag, bytes) in &tagged {
                tagged::put_header(out, *tag, bytes.len())
                    .map_err(|e| self.cx.fail(self.at, JsonErrorKind::Encode(e)))?;
                out.put_slice(bytes);
            }
        } else if let Some((tag, _)) = tagged.first() {
            let kind = JsonErrorKind::Encode(tagged::tag_in_non_flexible(*tag));
            return Err(self.cx.fail(self.at, kind));
        }
        Ok(())
    }

    /// After the regular field `done` is written: the parked fields whose
    /// turn has come are written, and the next regular field not yet
    /// written is returned.
    fn advance(
        &self,
        done: usize,
        parked: &mut Vec<(usize, Vec<u8>)>,
        out: &mut Vec<u8>,
        regular: &impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let mut i = done + 1;
        loop {
            while i < self.schema.fields.len() && !regular(i) {
                i += 1;
            }
            if i == self.schema.fields.len() {
                return None;
            }
            match parked.iter().position(|(p, _)| *p == i) {
                Some(at) => {
                    out.extend_from_slice(&parked.swap_remove(at).1);
                    i += 1;
                }
                None => return Some(i),
            }
        }
    }

    fn seed<'s>(
        &'s self,
        field: &'static FieldSchema,
        out: &'s mut Vec<u8>,
        at: &'s At<'s>,
    ) -> ValueSeed<'s, 's> {
        let v = self.cx.version;
        ValueSeed {
            cx: self.cx,
            ty: field.kafka_type,
            nullable: field.nullable.contains(v),
            flexible: field.flexible_at(v, self.flexible),
            out,
            at,
        }
    }

    /// A tagged field's value, or one of a field the version lacks, as a
    /// value tree (read by the same rules: its bytes, read back).
    fn tree_value<E: de::Error>(
        &self,
        field: &'static FieldSchema,
        node: &Json,
        at: &At<'_>,
    ) -> Result<Value, E> {
        let v = self.cx.version;
        // A field the version lacks may be null where some version allows.
        let nullable = match field.versions.contains(v) {
            true => field.nullable.contains(v),
            false => !field.nullable.is_empty(),
        };
        let flexible = field.flexible_at(v, self.flexible);
        TreeReader {
            cx: self.cx,
            flexible,
        }
        .value(&field.kafka_type, nullable, node, at)
    }
}

/// Reads a `serde_json::Value` into a value tree, by the rules the seeds
/// follow, for the few values that must be compared with a default.
struct TreeReader<'a> {
    cx: &'a Cx,
    /// Whether the value is in its flexible form.
    flexible: bool,
}

impl TreeReader<'_> {
    fn value<E: de::Error>(
        &self,
        ty: &'static KafkaType,
        nullable: bool,
        node: &Json,
        at: &At<'_>,
    ) -> Result<Value, E> {
        let wrong = |found| {
            let kind = JsonErrorKind::WrongType {
                expected: expected(ty),
                found,
            };
            self.cx.fail(at, kind)
        };
        Ok(match (ty, node) {
            (_, Json::Null) if nullable => Value::Null,
            (_, Json::Null) => return Err(self.cx.fail(at, JsonErrorKind::NotNullable)),
            (KafkaType::Bool, Json::Bool(b)) => Value::Bool(*b),
            (KafkaType::Float64, Json::Number(n)) if n.is_f64() => {
                Value::Float64(n.as_f64().unwrap_or_default())
            }
            (KafkaType::Float64, Json::String(s)) => match special_float(s) {
                Some(f) => Value::Float64(f),
                None => return Err(wrong("a string")),
            },
            (KafkaType::Struct(schema), Json::Object(_)) => {
                // The struct's bytes, by the seeds' rules, read back.
                let (version, flexible) = (self.cx.version, self.flexible);
                let bytes =
                    body_bytes(schema, version, flexible, node).map_err(|e| self.nested(e, at))?;
                let form = MessageSchema {
                    body: schema,
                    versions: VersionRange::ALL,
                    flexible: match flexible {
                        true => VersionRange::ALL,
                        false => VersionRange::NONE,
                    },
                    api_key: None,
                };
                match DynamicView::decode_exact(form, version, Bytes::from(bytes)) {
                    Ok(view) => Value::Struct(view.body().to_value()),
                    Err(e) => return Err(self.cx.fail(at, JsonErrorKind::Decode(e))),
                }
            }
            (KafkaType::Array(element), Json::Array(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    let here = At::Index(at, i);
                    out.push(Element::new(self.value(element, false, item, &here)?));
                }
                Value::Array(out)
            }
            (_, Json::Number(n)) => {
                let v = match (n.as_i64(), n.as_u64()) {
                    (Some(v), _) => Integer::Signed(v),
                    (None, Some(v)) => Integer::Unsigned(v),
                    (None, None) => return Err(wrong("a floating-point number")),
                };
                let range = || {
                    let kind = JsonErrorKind::OutOfRange {
                        ty: *ty,
                        value: v.to_string(),
                    };
                    self.cx.fail(at, kind)
                };
                match ty {
                    KafkaType::Int8 => Value::Int8(v.fit().ok_or_else(range)?),
                    KafkaType::Int16 => Value::Int16(v.fit().ok_or_else(range)?),
                    KafkaType::Uint16 => Value::Uint16(v.fit().ok_or_else(range)?),
                    KafkaType::Int32 => Value::Int32(v.fit().ok_or_else(range)?),
                    KafkaType::Uint32 => Value::Uint32(v.fit().ok_or_else(range)?),
                    KafkaType::Int64 => Value::Int64(v.fit().ok_or_else(range)?),
                    _ => return Err(wrong(kind(node))),
                }
            }
            (KafkaType::String, Json::String(s)) if s.len() > MAX_STRING_LEN => {
                let kind = JsonErrorKind::StringTooLong { len: s.len() };
                return Err(self.cx.fail(at, kind));
            }
            (KafkaType::String, Json::String(s)) => Value::String(Str::from(s.as_str())),
            (KafkaType::Uuid, Json::String(s)) => match parse_uuid(s) {
                Some(uuid) => Value::Uuid(uuid),
                None => {
                    let kind = JsonErrorKind::InvalidUuid { text: clip(s) };
                    return Err(self.cx.fail(at, kind));
                }
            },
            (KafkaType::Bytes | KafkaType::Records, Json::String(s)) => {
                let bytes = STANDARD.decode(s).map_err(|e| {
                    let kind = JsonErrorKind::InvalidBase64 {
                        reason: e.to_string(),
                    };
                    self.cx.fail(at, kind)
                })?;
                match ty {
                    KafkaType::Records => Value::Records(Records(Bytes::from(bytes))),
                    _ => Value::Bytes(Bytes::from(bytes)),
                }
            }
            _ => return Err(wrong(kind(node))),
        })
    }

    /// An error found inside a nested struct read on its own: its path
    /// under `at`.
    fn nested<E: de::Error>(&self, e: JsonError, at: &At<'_>) -> E {
        let rest = e.path().strip_prefix('$').unwrap_or(e.path());
        let path = format!("{at}{rest}");
        self.cx.fail_at(path, e.kind)
    }
}

/// Which fields of a struct a JSON object has given: a bit each, in four
/// words on the stack (Kafka's structs have a few dozen fields at most),
/// and on the heap past 256.
struct Seen {
    bits: [u64; 4],
    more: Vec<u64>,
}

impl Seen {
    fn new(fields: usize) -> Self {
        Seen {
            bits: [0; 4],
            more: vec![0; fields.saturating_sub(256).div_ceil(64)],
        }
    }

    /// Marks field `i`; false when it was given already.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let slot = match self.bits.get_mut(word) {
            Some(slot) => slot,
            None => &mut self.more[word - 4],
        };
        let new = *slot & bit == 0;
        *slot |= bit;
        new
    }
}

/// A JSON integer, as the parser gave it.
#[derive(Clone, Copy)]
enum Integer {
    Signed(i64),
    Unsigned(u64),
}

impl Integer {
    /// The integer as a `T`, if it is in `T`'s range.
    fn fit<T: TryFrom<i64> + TryFrom<u64>>(self) -> Option<T> {
        match self {
            Integer::Signed(v) => T::try_from(v).ok(),
            Integer::Unsigned(v) => T::try_from(v).ok(),
        }
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Integer::Signed(v) => v.fmt(f),
            Integer::Unsigned(v) => v.fmt(f),
        }
    }
}

/// The bytes a length of `form` starts as, before its count is known: one
/// byte of a compact length (most arrays and byte fields are short), two or
/// four of a classic one.
fn placeholder(form: LengthForm) -> &'static [u8] {
    match form {
        LengthForm::Compact => &[0],
        LengthForm::Int16 => &[0; 2],
        LengthForm::Int32 => &[0; 4],
    }
}

/// Writes the length `len` over the placeholder at `start`, moving what
/// follows when a compact length takes more than its byte. A length past
/// Kafka's (`i32::MAX`) is an error.
fn patch_length(
    out: &mut Vec<u8>,
    start: usize,
    placeholder: usize,
    len: usize,
    form: LengthForm,
) -> Result<(), crate::EncodeError> {
    codec::check_len(len, codec::MAX_ARRAY_LEN)?;
    let mut prefix = Vec::with_capacity(5);
    codec::put_length(&mut prefix, Some(len), form);
    if prefix.len() == placeholder {
        out[start..start + placeholder].copy_from_slice(&prefix);
    } else {
        out.splice(start..start + placeholder, prefix);
    }
    Ok(())
}

/// What Kafka's `Uuid.fromString` reads: 16 bytes in URL-safe base64, with
/// or without padding.
pub(super) fn parse_uuid(text: &str) -> Option<Uuid> {
    const URL_SAFE_ANY_PAD: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    if text.len() > 24 {
        return None;
    }
    let mut bytes = [0u8; 18];
    match URL_SAFE_ANY_PAD.decode_slice(text, &mut bytes) {
        Ok(16) => Some(Uuid::from_bytes(bytes[..16].try_into().ok()?)),
        _ => None,
    }
}

/// `NaN` and the infinities, as Jackson writes a double that is not a
/// number.
fn special_float(text: &str) -> Option<f64> {
    match text {
        "NaN" => Some(f64::NAN),
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

/// What a value of `ty` is read from, for errors.
fn expected(ty: &KafkaType) -> &'static str {
    match ty {
        KafkaType::Bool => "a boolean",
        KafkaType::Int8
        | KafkaType::Int16
        | KafkaType::Uint16
        | KafkaType::Int32
        | KafkaType::Uint32
        | KafkaType::Int64 => "an integer",
        KafkaType::Float64 => "a floating-point number",
        KafkaType::String | KafkaType::Uuid => "a string",
        KafkaType::Bytes | KafkaType::Records => "a base64 string",
        KafkaType::Array(_) => "an array",
        KafkaType::Struct(_) => "an object",
    }
}

/// A JSON value's kind, for errors.
fn kind(node: &Json) -> &'static str {
    match node {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(n) if n.is_f64() => "a floating-point number",
        Json::Number(_) => "an integer",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// At most 40 characters of `text`, for an error message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}
