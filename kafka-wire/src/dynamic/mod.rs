//! The interpreted codec: any message read and written from its schema
//! alone, as a tree of values, for the tools that meet messages they do not
//! know in advance (a traffic logger, a capture reader, a JSON dump).
//!
//! A [`DynamicMessage`] is a [`MessageSchema`] (what the derive emits for
//! every message, header and data schema), a version and a body: a
//! [`StructValue`] whose fields are [`Value`]s by their schema names. It
//! follows the derived code rule for rule, and a test holds the two to it on
//! every message of `kafka-messages`: the same bytes decode to the same
//! values and encode back to the same bytes, and the same hostile bytes fail
//! with the same error kind at the same field path.
//!
//! - Two forms, as the typed code has owned messages and borrowed views. A
//!   [`DynamicView`] is the fast one: reading it checks the whole body and
//!   keeps one flat list of where each value lies (a few allocations per
//!   body; about 2.5 times the typed decode's time on a large CreateTopics
//!   request), and its [`StructView`]s and [`ValueView`]s read values from
//!   the input when asked. A [`DynamicMessage`] is the owned tree, built
//!   from a view, to change and encode (a `Vec` per struct and array:
//!   15 to 55 times the typed decode's time). Both are read by the one decoder.
//! - Decoding records where each value lies: every field, element and
//!   tagged field has its [`Span`] in the input. [`DynamicMessage::read`]
//!   keeps what it read before an error, for tools that show a broken frame.
//! - Strings, byte fields, records and unknown tagged fields are slices of
//!   the input `Bytes`, not copies; no allocation is sized by a length read
//!   from the input.
//! - A struct holds the fields it was given or read; a field it does not
//!   hold has its default (its schema's `default`, or the type's zero).
//!   Encoding applies the typed rules: a field the version lacks must hold
//!   its default unless ignorable, null only where nullable, strings at most
//!   32767 bytes, tagged fields only when not default, in tag order with the
//!   unknown ones.
//! - Unlike a typed struct, a tree always keeps unknown tagged fields, so
//!   that it re-encodes to the bytes it was read from.
//! - [`DynamicMessage::sample`] builds the sample instance of any message.
//!
//! ```
//! use bytes::Bytes;
//! use kafka_wire::dynamic::{DynamicMessage, Value};
//! use kafka_wire::schema::MessageSchema;
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
//! // Bytes from anywhere: here, the typed encoder's.
//! let typed = Greeting { name: "kafka".into(), repeat: 5 };
//! let wire = Bytes::from(typed.encode_to_vec(1)?);
//!
//! // Read them knowing only the schema, walk the tree, change a value.
//! let schema = MessageSchema::of_message::<Greeting>();
//! let mut message = DynamicMessage::decode_exact(schema, 1, wire.clone())?;
//! assert_eq!(message.body.get("name"), Some(&Value::String("kafka".into())));
//! let repeat = message.body.field("repeat").unwrap();
//! // After the name: a one-byte compact length and five bytes of text.
//! assert_eq!((repeat.value.clone(), repeat.span.unwrap().offset), (Value::Int32(5), 6));
//! assert_eq!(message.encode_to_vec()?, wire); // byte-exact
//!
//! message.body.set("repeat", Value::Int32(9))?;
//! let changed = Greeting::decode_exact(&message.encode_to_vec()?[..], 1)?;
//! assert_eq!(changed.repeat, 9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod decode;
mod encode;
mod tail;
mod value;
mod view;

pub use decode::PartialDecode;
#[cfg(feature = "json")]
pub(crate) use encode::tagged_value_bytes;
pub use tail::{TailScan, TailScanner};
#[cfg(feature = "json")]
pub(crate) use value::is_default;
pub use value::{
    default_value, Element, FieldValue, Span, StructValue, UnknownTag, Value, ValueError,
};
pub use view::{ArrayView, DynamicView, ElementView, FieldView, StructView, ValueView};

use bytes::{BufMut, Bytes};

use crate::schema::MessageSchema;
use crate::{DecodeError, EncodeError};

/// A message read or built from its schema alone: the schema, the version
/// it is at, and its body.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicMessage {
    /// What the body is read and written by.
    pub schema: MessageSchema,
    /// The version: the one it was read at, and the one
    /// [`encode`](DynamicMessage::encode) writes.
    pub version: i16,
    /// The top-level struct.
    pub body: StructValue,
}

impl DynamicMessage {
    /// A message with every field at its default.
    pub fn new(schema: MessageSchema, version: i16) -> Self {
        DynamicMessage {
            schema,
            version,
            body: StructValue::new(schema.body),
        }
    }

    /// The sample instance of `schema` at `version`, as the wire pages show
    /// it: numbers zero, bools false, UUIDs zero, strings and byte arrays
    /// empty and not null, one element in every array, nested structs filled
    /// the same way (a nullable one present), tagged fields absent, and a
    /// records field holding [`Records::empty_batch`](crate::Records::empty_batch).
    /// A field's `default` does not apply: this is not [`new`](Self::new).
    pub fn sample(schema: MessageSchema, version: i16) -> Self {
        DynamicMessage {
            schema,
            version,
            body: StructValue::sample(schema.body, version),
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
        DynamicView::decode(schema, version, buf).map(|view| view.to_message())
    }

    /// Reads a body at `version` that must use all of `bytes`: trailing bytes
    /// are an error.
    pub fn decode_exact(
        schema: MessageSchema,
        version: i16,
        bytes: Bytes,
    ) -> Result<Self, DecodeError> {
        DynamicView::decode_exact(schema, version, bytes).map(|view| view.to_message())
    }

    /// Reads a body at `version` starting at `offset` in `input`, and
    /// returns it with the offset where it ends. Spans are offsets in
    /// `input`, so a frame's header and body read from one buffer share one
    /// coordinate. On error, what was read before it is kept: the
    /// [`PartialDecode`] holds the tree up to the failing value and the
    /// offset where that value starts.
    pub fn read(
        schema: MessageSchema,
        version: i16,
        input: &Bytes,
        offset: usize,
    ) -> Result<(Self, usize), PartialDecode> {
        DynamicView::read(schema, version, input, offset)
            .map(|(view, end)| (view.to_message(), end))
    }

    /// Writes the body at [`version`](DynamicMessage::version) and returns its
    /// length. On error nothing is written to `buf`.
    pub fn encode<B: BufMut>(&self, buf: &mut B) -> Result<usize, EncodeError> {
        let bytes = self.encode_to_vec()?;
        let room = buf.remaining_mut();
        if room < bytes.len() {
            return Err(EncodeError::new(crate::EncodeErrorKind::BufferTooSmall {
                needed: bytes.len(),
                remaining: room,
            })
            .in_message(self.schema.body.name, self.version));
        }
        buf.put_slice(&bytes);
        Ok(bytes.len())
    }

    /// The body at [`version`](DynamicMessage::version) in a new `Vec`.
    pub fn encode_to_vec(&self) -> Result<Vec<u8>, EncodeError> {
        encode::message(self)
    }

    /// The number of bytes [`encode`](DynamicMessage::encode) writes (0 for
    /// an unsupported version, where it fails).
    pub fn encoded_len(&self) -> usize {
        encode::message_len(self)
    }
}

/// Reads a frame's contents (after its size) at `offset` in `input` by
/// schemas: the header by `header`'s schema at its version, then the body by
/// `body`'s; returns both and the offset where the body ends, which a reader
/// that tolerates bytes after the body (as Kafka's broker does with requests)
/// compares with the frame's end. Spans are offsets in `input`. For the
/// frames of Kafka's APIs, `kafka_messages::dynamic` picks the schemas from
/// the header.
pub fn read_frame(
    input: &Bytes,
    offset: usize,
    (header_schema, header_version): (MessageSchema, i16),
    (body_schema, version): (MessageSchema, i16),
) -> Result<(DynamicMessage, DynamicMessage, usize), PartialFrame> {
    let (header, at) = DynamicMessage::read(header_schema, header_version, input, offset)
        .map_err(|p| PartialFrame::new(None, p))?;
    match DynamicMessage::read(body_schema, version, input, at) {
        Ok((body, end)) => Ok((header, body, end)),
        Err(p) => Err(PartialFrame::new(Some(Box::new(header)), p)),
    }
}

/// A frame that failed to read, with what was read of it.
#[derive(Debug)]
pub struct PartialFrame {
    /// The header, if it was read whole.
    pub header: Option<Box<DynamicMessage>>,
    /// The part that failed, header or body, as far as it was read.
    pub failed: Option<Box<DynamicMessage>>,
    /// What failed, with its field path and version.
    pub error: DecodeError,
    /// Where the failing value starts in the input.
    pub offset: usize,
}

impl PartialFrame {
    /// The frame whose `header` was read (`None`: the header failed) and
    /// whose next part failed as `failed` says.
    pub fn new(header: Option<Box<DynamicMessage>>, failed: PartialDecode) -> Self {
        PartialFrame {
            header,
            failed: Some(failed.message),
            error: failed.error,
            offset: failed.offset,
        }
    }

    /// A frame that failed before any part was read: `error` at `offset`.
    pub fn unread(error: DecodeError, offset: usize) -> Self {
        PartialFrame {
            header: None,
            failed: None,
            error,
            offset,
        }
    }
}

impl core::fmt::Display for PartialFrame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} (at byte {})", self.error, self.offset)
    }
}

impl std::error::Error for PartialFrame {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
