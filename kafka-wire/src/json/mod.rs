//! Kafka's own JSON form of its messages, both ways, for every message at
//! every version: what the `<Name>JsonConverter` classes that Kafka's
//! generator writes beside every `<Name>Data` class read and write, what the
//! broker's request log prints (KIP-673) and what `kafka-dump-log` prints.
//!
//! One implementation, driven by the schema the derive emits, so it serves
//! every message of `kafka-messages`, every header and data schema, and
//! every message you declare yourself:
//!
//! - Writing is a [`Serialize`] walk over a
//!   [`DynamicView`] ([`DynamicView::to_json`]): no tree is built. Typed
//!   messages are written through one ([`to_string`], [`to_value`]).
//! - Reading writes the message's bytes as the parser meets each value (a
//!   serde `DeserializeSeed` driven by the schema: no JSON tree and no value
//!   tree, but for tagged fields and fields a version lacks, which are
//!   compared with their default), and the typed decoder ([`from_str`],
//!   [`from_value`]) or the interpreted one ([`DynamicMessage::from_json`])
//!   then reads them.
//!
//! The form is Java's, field for field: keys are the schema's names with the
//! first letter lower-cased (`topics`, `timeoutMs`); a struct holds exactly
//! the fields its version has, in schema order, a tagged field only when it
//! holds more than its default; integers are JSON integers (64-bit ones
//! too), `float64` a JSON number with a fraction or exponent (`NaN` and the
//! infinities as Jackson writes them, as strings); UUIDs as Kafka's
//! `Uuid.toString` writes them (22 characters of URL-safe base64); bytes in
//! standard base64; null where the version makes a field nullable. Unknown
//! tagged fields are not part of Kafka's JSON. Records follow [`RecordsAs`].
//!
//! Reading is as strict as Java's, and stricter where Java would drop what it
//! was given: a missing field the version requires, a value of the wrong
//! type, an integer out of its type's range, a null where the version does
//! not allow one, a field the version lacks holding more than its default,
//! and a key the struct does not have are each a [`JsonError`] that names
//! the value's path in the document (`$.topics[2].name`).
//!
//! ```
//! use kafka_wire::json::{self, RecordsAs};
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
//! struct Greeting {
//!     #[kafka(versions = "0+")]
//!     name: Str,
//!     #[kafka(versions = "1+", default = 3)]
//!     repeat: i32,
//! }
//!
//! let greeting = Greeting { name: "kafka".into(), repeat: 5 };
//! let text = json::to_string(&greeting, 1, RecordsAs::Base64)?;
//! assert_eq!(text, r#"{"name":"kafka","repeat":5}"#);
//! // Version 0 has no `repeat`: Java's form leaves it out.
//! assert_eq!(json::to_string(&Greeting { repeat: 3, ..greeting.clone() }, 0, RecordsAs::Base64)?,
//!            r#"{"name":"kafka"}"#);
//!
//! let back: Greeting = json::from_str(&text, 1)?;
//! assert_eq!(back, greeting);
//!
//! let err = json::from_str::<Greeting>(r#"{"name":"kafka","repeat":"5"}"#, 1).unwrap_err();
//! assert_eq!(err.path(), "$.repeat");
//! assert_eq!(err.to_string(), "Greeting v1: at $.repeat: expected an integer, found a string");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod pull;
mod read;
pub mod text;
mod write;

pub use pull::JsonReader;
pub use text::JsonCtx;

use core::fmt;

use bytes::Bytes;
use serde::{Serialize, Serializer};

use crate::dynamic::{DynamicMessage, DynamicView, StructView};
use crate::schema::{KafkaType, MessageSchema};
use crate::{EncodeError, VersionRange, Versioned};

use write::TextWriter;

/// How a `records` field is written. Java's `JsonConverter.write` takes a
/// `serializeRecords` switch; neither of its forms keeps the records' bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RecordsAs {
    /// The records' bytes in base64, which Java's `read` reads back: the
    /// form that round-trips.
    #[default]
    Base64,
    /// An empty string: what Java's `write` prints with `serializeRecords =
    /// true` (its default, and the request log's for every API but two).
    Empty,
    /// The size in bytes, under the key `<field>SizeInBytes`: what Java
    /// prints with `serializeRecords = false` (the request log's Produce
    /// requests and Fetch responses). It cannot be read back.
    SizeInBytes,
}

/// A message, or a struct of one, in Kafka's JSON form: print it (compact,
/// as Kafka's tools print it), write it ([`to_writer`](Json::to_writer),
/// [`write_to`](Json::write_to)), or serialize it with `serde_json` (as
/// its JSON text, embedded verbatim: a raw value).
///
/// Made by [`DynamicView::to_json`] and [`StructView::to_json`].
#[derive(Clone, Copy)]
pub struct Json<'a> {
    view: StructView<'a>,
    version: i16,
    records: RecordsAs,
    /// One more entry after the struct's fields.
    extra: Option<(&'a str, &'a str)>,
}

impl<'a> Json<'a> {
    /// Appends one more string entry after the fields, as the broker's
    /// request log appends `requestApiKeyName` to a request header.
    pub fn with_entry(mut self, key: &'a str, value: &'a str) -> Self {
        self.extra = Some((key, value));
        self
    }

    /// Writes `records` fields as `records` says (base64 unless told).
    pub fn records(mut self, records: RecordsAs) -> Self {
        self.records = records;
        self
    }

    /// Appends the compact text to `out`, as Jackson prints it (the printer
    /// of Kafka's tools): the same text byte for byte but where a `float64`
    /// is written (Jackson prints Java's `Double.toString`, `1.0E10`; this
    /// prints the shortest form, `10000000000.0`: the same number).
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let mut writer = TextWriter {
            out,
            version: self.version,
            records: self.records,
        };
        writer.write_struct(self.view, self.extra);
    }

    /// Room for the text: about what Kafka's JSON takes of a message's bytes
    /// (twice, and more for records in base64), to grow once or never.
    fn capacity(&self) -> usize {
        (self.view.span().len * 2 + 64).min(1 << 24)
    }

    /// The compact text, as [`write_to`](Self::write_to) writes it.
    pub fn to_text(&self) -> String {
        let mut out = Vec::with_capacity(self.capacity());
        self.write_to(&mut out);
        match String::from_utf8(out) {
            Ok(text) => text,
            Err(e) => unreachable!("JSON text of UTF-8 strings is UTF-8: {e}"),
        }
    }

    /// Writes the compact text to `writer`.
    pub fn to_writer<W: std::io::Write>(&self, mut writer: W) -> std::io::Result<()> {
        let mut out = Vec::with_capacity(self.capacity());
        self.write_to(&mut out);
        writer.write_all(&out)
    }

    /// As a `serde_json::Value`. Its objects keep Java's key order only if
    /// `serde_json`'s `preserve_order` feature is on; the text always does.
    pub fn to_value(&self) -> serde_json::Value {
        match serde_json::from_str(&self.to_text()) {
            Ok(value) => value,
            Err(e) => unreachable!("the text written is JSON: {e}"),
        }
    }
}

/// Writes `value` as compact JSON the way Jackson prints it (the printer of
/// Kafka's tools): serde_json's compact form, with a control character
/// that has no short escape written `\u001F`, in upper case. A [`Json`]
/// inside it is written as its text.
pub fn to_writer<W: std::io::Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
) -> std::io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(writer, Jackson);
    value
        .serialize(&mut serializer)
        .map_err(std::io::Error::from)
}

/// serde_json's compact form with Jackson's escapes: a control character
/// without a short escape is `\u001F`, in upper case.
struct Jackson;

impl serde_json::ser::Formatter for Jackson {
    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        match escape {
            serde_json::ser::CharEscape::AsciiControl(byte) => {
                writer.write_all(&write::control_escape(byte))
            }
            other => serde_json::ser::CompactFormatter.write_char_escape(writer, other),
        }
    }
}

/// The text, as a raw JSON value: serde_json writes it verbatim (and
/// `serde_json::to_value` parses it).
impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_text())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// Compact JSON, as [`write_to`](Json::write_to) writes it.
impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl fmt::Debug for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl DynamicView {
    /// The message in Kafka's JSON form, at the version it was read at.
    ///
    /// ```
    /// use bytes::Bytes;
    /// use kafka_wire::dynamic::DynamicView;
    /// use kafka_wire::schema::MessageSchema;
    /// use kafka_wire::{KafkaMessage, Versioned};
    ///
    /// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    /// #[kafka(api_key = 1000, versions = "0", flexible = "none")]
    /// struct Ping {
    ///     #[kafka(versions = "0+")]
    ///     payload: bytes::Bytes,
    /// }
    ///
    /// let wire = Bytes::from(Ping { payload: Bytes::from_static(b"hi") }.encode_to_vec(0)?);
    /// let view = DynamicView::decode_exact(MessageSchema::of_message::<Ping>(), 0, wire)?;
    /// assert_eq!(view.to_json().to_string(), r#"{"payload":"aGk="}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> Json<'_> {
        json_of(self.body(), self.version())
    }
}

impl<'a> StructView<'a> {
    /// This struct in Kafka's JSON form, as it appears inside its message
    /// (at the version the message was read at).
    pub fn to_json(&self) -> Json<'a> {
        json_of(*self, self.version())
    }
}

fn json_of(view: StructView<'_>, version: i16) -> Json<'_> {
    Json {
        view,
        version,
        records: RecordsAs::default(),
        extra: None,
    }
}

impl DynamicMessage {
    /// Reads a message of `schema` at `version` from Kafka's JSON form; see
    /// the [module docs](crate::json) for what is refused.
    pub fn from_json(
        schema: MessageSchema,
        version: i16,
        json: &serde_json::Value,
    ) -> Result<Self, JsonError> {
        let decode = |bytes| Self::decode_exact(schema, version, bytes);
        read_value(schema, version, json, decode)
    }

    /// [`from_json`](Self::from_json) from JSON text.
    pub fn from_json_str(
        schema: MessageSchema,
        version: i16,
        text: &str,
    ) -> Result<Self, JsonError> {
        let bytes = bytes_of_text(schema, version, text)?;
        decoded(
            schema,
            version,
            |bytes| Self::decode_exact(schema, version, bytes),
            bytes,
        )
    }

    /// The message in Kafka's JSON form: encoded, then written from its
    /// view, so that it is what [`DynamicView::to_json`] writes of its bytes.
    pub fn to_json_string(&self, records: RecordsAs) -> Result<String, JsonError> {
        let (schema, version) = (self.schema, self.version);
        let bytes = self
            .encode_to_vec()
            .map_err(|e| encode_error(schema, version, e))?;
        Ok(view_of(schema, version, bytes)?
            .to_json()
            .records(records)
            .to_text())
    }
}

/// The bytes of a message of `schema` at `version`, read from JSON by `read`
/// (given whether the version is flexible).
fn message_bytes(
    schema: MessageSchema,
    version: i16,
    read: impl FnOnce(bool) -> Result<Vec<u8>, JsonError>,
) -> Result<Vec<u8>, JsonError> {
    let located = |e: JsonError| e.in_message(schema.body.name, version);
    if !schema.versions.contains(version) {
        let kind = JsonErrorKind::UnsupportedVersion {
            supported: schema.versions,
        };
        return Err(located(JsonError::new("$".into(), kind)));
    }
    read(schema.flexible.contains(version)).map_err(located)
}

/// The bytes of a message read from JSON text, which must hold nothing
/// after the message.
fn bytes_of_text(schema: MessageSchema, version: i16, text: &str) -> Result<Vec<u8>, JsonError> {
    message_bytes(schema, version, |flexible| {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let bytes = read::body_bytes(schema.body, version, flexible, &mut deserializer)?;
        deserializer.end().map_err(read::syntax)?;
        Ok(bytes)
    })
}

/// The message the bytes read from JSON hold, by `decode`.
fn decoded<T>(
    schema: MessageSchema,
    version: i16,
    decode: impl FnOnce(Bytes) -> Result<T, crate::DecodeError>,
    bytes: Vec<u8>,
) -> Result<T, JsonError> {
    decode(Bytes::from(bytes)).map_err(|e| {
        JsonError::new("$".into(), JsonErrorKind::Decode(e)).in_message(schema.body.name, version)
    })
}

/// `value` at `version` in Kafka's JSON form, as compact text: the text
/// [`DynamicView::to_json`] writes of its bytes; a message that does not
/// encode at `version` is an error.
///
/// A derived message writes itself ([`Wire::write_json`](crate::Wire::write_json), generated by the
/// derive); one with a field of a type of its own `Wire` impl is encoded,
/// and its bytes written by the interpreted writer.
pub fn to_string<T: Versioned>(
    value: &T,
    version: i16,
    records: RecordsAs,
) -> Result<String, JsonError> {
    let mut out = Vec::new();
    write_message(value, version, records, &mut out)?;
    match String::from_utf8(out) {
        Ok(text) => Ok(text),
        Err(e) => unreachable!("JSON text of UTF-8 strings is UTF-8: {e}"),
    }
}

/// Appends `value` at `version` in Kafka's JSON form to `out`, as
/// [`to_string`] writes it; on error `out` is as it was.
pub fn write_message<T: Versioned>(
    value: &T,
    version: i16,
    records: RecordsAs,
    out: &mut Vec<u8>,
) -> Result<(), JsonError> {
    let schema = MessageSchema::of::<T>();
    if !T::WRITES_JSON {
        let view = typed_view(value, version)?;
        view.to_json().records(records).write_to(out);
        return Ok(());
    }
    // The encoder's errors, said as it says them.
    crate::message::message_context::<T, EncodeError>(version)
        .map_err(|e| encode_error(schema, version, e))?;
    let start = out.len();
    let ctx = JsonCtx { version, records };
    value.write_json(out, ctx).map_err(|e| {
        out.truncate(start);
        let e = e.in_message(schema.body.name, version);
        encode_error(schema, version, e)
    })
}

/// `value` at `version` in Kafka's JSON form, as a `serde_json::Value`.
pub fn to_value<T: Versioned>(
    value: &T,
    version: i16,
    records: RecordsAs,
) -> Result<serde_json::Value, JsonError> {
    let text = to_string(value, version, records)?;
    match serde_json::from_str(&text) {
        Ok(value) => Ok(value),
        Err(e) => unreachable!("the text written is JSON: {e}"),
    }
}

/// The view of `value`'s bytes at `version`.
fn typed_view<T: Versioned>(value: &T, version: i16) -> Result<DynamicView, JsonError> {
    let schema = MessageSchema::of::<T>();
    let bytes = value
        .encode_to_vec(version)
        .map_err(|e| encode_error(schema, version, e))?;
    view_of(schema, version, bytes)
}

/// A `T` at `version` from Kafka's JSON form.
pub fn from_value<T: Versioned>(json: &serde_json::Value, version: i16) -> Result<T, JsonError> {
    let decode = |bytes| T::decode_exact(bytes, version);
    read_value(MessageSchema::of::<T>(), version, json, decode)
}

/// A message of `schema` at `version` read from a `serde_json::Value`, by
/// `decode` from the bytes the JSON holds.
fn read_value<T>(
    schema: MessageSchema,
    version: i16,
    json: &serde_json::Value,
    decode: impl FnOnce(Bytes) -> Result<T, crate::DecodeError>,
) -> Result<T, JsonError> {
    let bytes = message_bytes(schema, version, |flexible| {
        read::body_bytes(schema.body, version, flexible, json)
    })?;
    decoded(schema, version, decode, bytes)
}

/// A `T` at `version` from Kafka's JSON form, as text: by the reader the
/// derive generates (`Wire::read_json`, no tree, no bytes in between), or,
/// for what that one does not take, read straight into its bytes by the
/// strict reader and decoded; errors are the strict reader's.
pub fn from_str<T: Versioned>(text: &str, version: i16) -> Result<T, JsonError> {
    // The reader the derive generates takes the text it reads exactly as
    // the strict reader below would; anything else (an error above all) is
    // read again by that one, whose error names the path.
    if let Ok(ctx) = T::context(version) {
        let mut reader = JsonReader::new(text);
        if let Some(value) = T::read_json(&mut reader, ctx) {
            if reader.at_end() {
                return Ok(value);
            }
        }
    }
    let schema = MessageSchema::of::<T>();
    let bytes = bytes_of_text(schema, version, text)?;
    decoded(
        schema,
        version,
        |bytes| T::decode_exact(bytes, version),
        bytes,
    )
}

/// A view of bytes just encoded at `version`. Encoders write what the
/// decoders read, but a declaration's own `Wire` impls may not; that is an
/// error, not a panic.
fn view_of(schema: MessageSchema, version: i16, bytes: Vec<u8>) -> Result<DynamicView, JsonError> {
    DynamicView::decode_exact(schema, version, Bytes::from(bytes)).map_err(|e| {
        JsonError::new("$".into(), JsonErrorKind::Decode(e)).in_message(schema.body.name, version)
    })
}

fn encode_error(schema: MessageSchema, version: i16, e: EncodeError) -> JsonError {
    JsonError::new("$".into(), JsonErrorKind::Encode(e)).in_message(schema.body.name, version)
}

/// JSON that does not hold a message of the schema at the version asked:
/// where in the document, and what is wrong.
#[derive(Debug)]
pub struct JsonError {
    message: &'static str,
    version: i16,
    path: String,
    kind: JsonErrorKind,
}

/// `Message vN: at $.path: what`, or `at $.path: what` for an error in a
/// document that is not one message (a request-log entry).
impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.message.is_empty() {
            write!(f, "{} v{}: ", self.message, self.version)?;
        }
        write!(f, "at {}: {}", self.path, self.kind)
    }
}

impl std::error::Error for JsonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
    }
}

impl JsonError {
    /// An error at `path` in a document (`$`, `$.key`, `$.key[3]`), for
    /// readers of documents that hold messages (a request-log entry).
    pub fn new(path: String, kind: JsonErrorKind) -> Self {
        JsonError {
            message: "",
            version: 0,
            path,
            kind,
        }
    }

    /// The error, said of `message` at `version`.
    pub fn in_message(mut self, message: &'static str, version: i16) -> Self {
        self.message = message;
        self.version = version;
        self
    }

    /// The error as found in a document that holds the one it was found in
    /// under `key`: `$.name` becomes `$.key.name`.
    pub fn under(mut self, key: &str) -> Self {
        let rest = self.path.strip_prefix('$').unwrap_or(&self.path);
        self.path = format!("$.{key}{rest}");
        self
    }

    /// The value's path in the document: `$` for the root, `.key` for a
    /// field and `[i]` for an element (`$.topics[2].name`).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong.
    pub fn kind(&self) -> &JsonErrorKind {
        &self.kind
    }

    /// The message (its Rust name) that was being read.
    pub fn message(&self) -> &'static str {
        self.message
    }

    /// The version it was read at.
    pub fn version(&self) -> i16 {
        self.version
    }
}

/// What is wrong with a value; see [`JsonError`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JsonErrorKind {
    /// The text is not JSON.
    #[error("not JSON: {reason}")]
    Syntax {
        /// serde_json's message, with the line and column.
        reason: String,
    },
    /// The schema does not have the version.
    #[error("the version is not in {supported}")]
    UnsupportedVersion {
        /// The schema's versions.
        supported: VersionRange,
    },
    /// A field the version requires is not there.
    #[error("missing, and version {version} requires it")]
    Missing {
        /// The version.
        version: i16,
    },
    /// A records field written as `<field>SizeInBytes` (Java's
    /// `serializeRecords = false`): the size does not say the bytes.
    #[error("records written as their size in bytes cannot be read back")]
    RecordsAsSize,
    /// A value of another JSON type than the field's.
    #[error("expected {expected}, found {found}")]
    WrongType {
        /// What the field's type reads from.
        expected: &'static str,
        /// What the document holds.
        found: &'static str,
    },
    /// An integer outside its type's range.
    #[error("{value} is out of range for {ty}")]
    OutOfRange {
        /// The field's type.
        ty: KafkaType,
        /// The number as written.
        value: String,
    },
    /// Null, where the version does not allow it.
    #[error("null, and the field is not nullable at this version")]
    NotNullable,
    /// A field the version does not have, holding more than its default
    /// (which could not be written at this version).
    #[error("the field is not in version {version}, and holds a value other than its default")]
    NotInVersion {
        /// The version.
        version: i16,
    },
    /// A key given twice in one object.
    #[error("the key is given twice")]
    DuplicateKey,
    /// A key the struct has no field for.
    #[error("{structure} has no such field")]
    UnknownField {
        /// The struct, by its schema name.
        structure: &'static str,
    },
    /// Bytes or records that are not standard base64.
    #[error("not base64: {reason}")]
    InvalidBase64 {
        /// Why.
        reason: String,
    },
    /// A UUID that is not Kafka's 22 characters of URL-safe base64.
    #[error("`{text}` is not a UUID as Kafka writes one (22 characters of URL-safe base64)")]
    InvalidUuid {
        /// The text (at most 40 characters of it).
        text: String,
    },
    /// A string longer than Kafka's strings may be (32767 bytes).
    #[error("a string of {len} bytes: Kafka's strings hold at most 32767")]
    StringTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A value read does not encode (a tagged field's, or a tagged field
    /// in a version that is not flexible).
    #[error("the message does not encode: {0}")]
    Encode(EncodeError),
    /// A document that holds messages (a request-log entry) without what it
    /// needs.
    #[error("{reason}")]
    Envelope {
        /// What is missing or wrong.
        reason: &'static str,
    },
    /// An API key this build does not know.
    #[error("no API has the key {key}")]
    UnknownApiKey {
        /// The key.
        key: i64,
    },
    /// The decoder refuses the bytes a message's JSON was read into, or that
    /// a message was encoded into before being written as JSON: a
    /// declaration whose `Wire` impls of its own disagree with its schema,
    /// or a value the decoders bound (an array of structs that take no
    /// bytes at the version).
    #[error("the typed message does not read what its schema wrote: {0}")]
    Decode(crate::DecodeError),
}

impl JsonErrorKind {
    /// The kind's stable name in snake_case (`syntax`): for logs,
    /// metrics, JSON reports and tests, which should not match on messages.
    pub const fn name(&self) -> &'static str {
        match self {
            JsonErrorKind::Syntax { .. } => "syntax",
            JsonErrorKind::UnsupportedVersion { .. } => "unsupported_version",
            JsonErrorKind::Missing { .. } => "missing",
            JsonErrorKind::RecordsAsSize => "records_as_size",
            JsonErrorKind::WrongType { .. } => "wrong_type",
            JsonErrorKind::OutOfRange { .. } => "out_of_range",
            JsonErrorKind::NotNullable => "not_nullable",
            JsonErrorKind::NotInVersion { .. } => "not_in_version",
            JsonErrorKind::DuplicateKey => "duplicate_key",
            JsonErrorKind::UnknownField { .. } => "unknown_field",
            JsonErrorKind::InvalidBase64 { .. } => "invalid_base64",
            JsonErrorKind::InvalidUuid { .. } => "invalid_uuid",
            JsonErrorKind::StringTooLong { .. } => "string_too_long",
            JsonErrorKind::Encode(..) => "encode",
            JsonErrorKind::Envelope { .. } => "envelope",
            JsonErrorKind::UnknownApiKey { .. } => "unknown_api_key",
            JsonErrorKind::Decode(..) => "decode",
        }
    }
}
