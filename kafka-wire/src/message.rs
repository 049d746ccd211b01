//! The traits the derive implements: [`KafkaStruct`] for every derived struct and
//! [`Message`] for top-level messages; [`Request`] pairs a request with its response.

use bytes::{Buf, BufMut};

use crate::schema::StructSchema;
use crate::{Ctx, DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, VersionRange, Wire};

/// A struct that derives [`KafkaMessage`](crate::KafkaMessage): its wire form and
/// its schema as data.
pub trait KafkaStruct: Wire + Default {
    /// Every field's schema facts, as declared.
    const SCHEMA: StructSchema;
}

/// A top-level Kafka message: a struct derived with
/// `#[kafka(api_key = N, versions = "…", flexible = "…")]`.
///
/// ```
/// use kafka_wire::{KafkaMessage, Message, Str};
///
/// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
/// #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
/// struct Hello {
///     #[kafka(versions = "0+")]
///     name: Str,
/// }
///
/// let msg = Hello { name: "kafka".into() };
/// let mut buf = Vec::new();
/// msg.encode(&mut buf, 1)?;
/// assert_eq!(buf, b"\x06kafka\x00"); // compact string, empty tagged section
/// assert_eq!(msg.encoded_len(1), buf.len());
/// assert_eq!(Hello::decode(&mut &buf[..], 1)?, msg);
/// assert!(msg.encode(&mut buf, 2).is_err()); // unsupported version
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Message: KafkaStruct {
    /// The API key.
    const API_KEY: i16;
    /// The versions this message is valid in.
    const VERSIONS: VersionRange;
    /// The versions that use compact lengths and tagged fields.
    const FLEXIBLE: VersionRange;

    /// The encoding context for `version`, or an error if it is not supported.
    #[inline]
    fn context(version: i16) -> Result<Ctx, VersionRange> {
        if Self::VERSIONS.contains(version) {
            Ok(Ctx::new(version, Self::FLEXIBLE.contains(version)))
        } else {
            Err(Self::VERSIONS)
        }
    }

    /// Writes the message body at `version`.
    ///
    /// On error the buffer may hold part of the message. A fixed-size buffer
    /// must have room for [`encoded_len`](Message::encode) bytes (as with any
    /// `BufMut`); the framing functions in [`crate::frame`] check that for you.
    #[inline]
    fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<(), EncodeError> {
        let ctx = encode_context::<Self>(version)?;
        self.encode_wire(buf, ctx)
            .map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// Exactly the number of bytes [`encode`](Message::encode) writes at
    /// `version` (0 for an unsupported version, where encode fails).
    #[inline]
    fn encoded_len(&self, version: i16) -> usize {
        match Self::context(version) {
            Ok(ctx) => self.wire_len(ctx),
            Err(_) => 0,
        }
    }

    /// Reads a message body at `version`, leaving anything after it in `buf`.
    /// From `Bytes`, strings and byte fields are slices of the input.
    #[inline]
    fn decode<B: Buf>(buf: &mut B, version: i16) -> Result<Self, DecodeError> {
        let ctx = decode_context::<Self>(version)?;
        Self::decode_wire(buf, ctx).map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// Reads a message body that must use all of `buf`: trailing bytes are an error.
    fn decode_exact<B: Buf>(mut buf: B, version: i16) -> Result<Self, DecodeError> {
        let msg = Self::decode(&mut buf, version)?;
        match buf.remaining() {
            0 => Ok(msg),
            n => Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
                .in_message(Self::SCHEMA.name, version)),
        }
    }

    /// The request header version a request of this API uses at `version`.
    fn request_header_version(version: i16) -> i16 {
        request_header_version(Self::FLEXIBLE.contains(version))
    }

    /// The response header version a response of this API uses at `version`.
    fn response_header_version(version: i16) -> i16 {
        response_header_version(Self::API_KEY, Self::FLEXIBLE.contains(version))
    }
}

/// The context for encoding `M` at `version`, or an unsupported-version error.
pub(crate) fn encode_context<M: Message>(version: i16) -> Result<Ctx, EncodeError> {
    M::context(version).map_err(|supported| {
        EncodeError::new(EncodeErrorKind::UnsupportedVersion { version, supported })
            .in_message(M::SCHEMA.name, version)
    })
}

/// The context for decoding `M` at `version`, or an unsupported-version error.
pub(crate) fn decode_context<M: Message>(version: i16) -> Result<Ctx, DecodeError> {
    M::context(version).map_err(|supported| {
        DecodeError::new(DecodeErrorKind::UnsupportedVersion { version, supported })
            .in_message(M::SCHEMA.name, version)
    })
}

/// A request, and the response a broker answers it with, so that a client can
/// write `fn send<R: Request>(req: &R) -> R::Response`.
pub trait Request: Message {
    /// The response type.
    type Response: Message;
}

/// The API key of ApiVersions, whose responses always use header v0 so that a
/// client that does not yet know the broker's versions can read them.
pub const API_VERSIONS_KEY: i16 = 18;

/// Request header version: v2 in flexible versions, v1 otherwise.
pub const fn request_header_version(flexible: bool) -> i16 {
    if flexible {
        2
    } else {
        1
    }
}

/// Response header version: v1 in flexible versions, v0 otherwise, and always
/// v0 for ApiVersions.
pub const fn response_header_version(api_key: i16, flexible: bool) -> i16 {
    if flexible && api_key != API_VERSIONS_KEY {
        1
    } else {
        0
    }
}
