//! The traits the derive implements: [`KafkaStruct`] for every derived struct and
//! [`Message`] for top-level messages; [`Request`] pairs a request with its response.

use bytes::{Buf, BufMut};

use crate::encode::{write_exact, write_message, Body, WriteExact};
use crate::error::MessageError;
use crate::schema::StructSchema;
use crate::{Ctx, DecodeError, DecodeErrorKind, EncodeError, VersionRange, Wire, WireView};

/// A struct that derives [`KafkaMessage`](crate::KafkaMessage): its wire form and
/// its schema as data.
pub trait KafkaStruct: Wire + Default {
    /// Every field's schema facts, as declared.
    const SCHEMA: StructSchema;
}

/// A struct with versions of its own: a top-level message, or one of Kafka's
/// `header` and `data` schemas (the request and response headers,
/// ConsumerProtocolSubscription, the KRaft snapshot records, ...), derived with
/// `#[kafka(versions = "…", flexible = "…")]`. It is encoded, sized and decoded
/// at a version on its own; [`Message`] adds an API key.
///
/// ```
/// use kafka_wire::{KafkaMessage, Str, Versioned};
///
/// /// A data schema: versioned, no API key (like Kafka's `"type": "data"`).
/// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
/// #[kafka(versions = "0-1", flexible = "none")]
/// struct Subscription {
///     #[kafka(versions = "0+")]
///     topics: Vec<Str>,
///     #[kafka(versions = "1+", default = -1, ignorable)]
///     generation_id: i32,
/// }
///
/// let sub = Subscription { topics: vec!["orders".into()], generation_id: 4 };
/// let bytes = sub.encode_to_vec(1)?;
/// assert_eq!(bytes, b"\0\0\0\x01\0\x06orders\0\0\0\x04");
/// assert_eq!(Subscription::decode_exact(&bytes[..], 1)?, sub);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Versioned: KafkaStruct {
    /// The versions this struct is valid in.
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
    /// Writes the message body at `version` and returns its length, which is
    /// [`encoded_len`](Versioned::encoded_len) (for fields whose `Wire` impls
    /// size themselves exactly, as the built-in and derived ones do).
    ///
    /// Into a `Vec<u8>` or a `BytesMut`, whose spare capacity is theirs to
    /// write into, the body is first written in one pass over the spare room
    /// of the buffer's current chunk, without computing its size: the length
    /// is what was written. A reused buffer, or one given capacity, takes
    /// nearly every body this way. If the body does not fit there, the
    /// attempt stops where it runs out of room (at the next struct or array
    /// that cannot fit), the size is computed and the body written again from
    /// the start. Only bytes in the spare room are written past the body.
    ///
    /// Into any other buffer (a `&mut [u8]`, a chain, a type of your own) the
    /// size is computed first and checked against
    /// [`remaining_mut`](BufMut::remaining_mut): a buffer too small gets a
    /// [`BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall) error and
    /// nothing is written to it. Then exactly the body's bytes are written,
    /// nothing past them, whatever room is left over.
    ///
    /// On error nothing is committed: the buffer's length (a slice's
    /// position) is as it was. A value the version cannot carry (a
    /// non-default value of an absent field, say) is found while writing, so
    /// the bytes before it may have been written, within the room the body
    /// would have taken. The exception is a buffer whose current chunk is
    /// smaller than the body (a `Vec` that must grow, a chain of buffers): it
    /// takes the bytes as they are written and may then hold part of the body.
    ///
    /// [`encode_to_vec`](Versioned::encode_to_vec) allocates exactly once. To
    /// write straight into `buf`, with no size computed and no check of its
    /// room for the whole body, call [`Wire::encode_wire`] with
    /// [`Versioned::context`].
    #[inline]
    fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<usize, EncodeError> {
        let ctx = message_context::<Self, EncodeError>(version)?;
        write_message(buf, &Body(self, ctx), false)
            .map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// The message body at `version` in a new `Vec` of exactly its length:
    /// sized once, allocated once, written once.
    fn encode_to_vec(&self, version: i16) -> Result<Vec<u8>, EncodeError> {
        let ctx = message_context::<Self, EncodeError>(version)?;
        let body = Body(self, ctx);
        let len = body.len();
        let mut out = Vec::with_capacity(len);
        let written = if len == 0 {
            // Still written, so that its checks run (a value in a version
            // without its field, unknown tags in a classic version), but
            // into an empty slice: an empty `Vec` would reserve 64 bytes
            // when asked for room.
            let mut nowhere: &mut [u8] = &mut [];
            write_exact(&mut nowhere, None, 0, &body)
        } else {
            write_exact(&mut out, None, len, &body)
        };
        written.map_err(|e| e.in_message(Self::SCHEMA.name, version))?;
        Ok(out)
    }

    /// Exactly the number of bytes [`encode`](Versioned::encode) writes at
    /// `version` (0 for an unsupported version, where encode fails).
    #[inline]
    fn encoded_len(&self, version: i16) -> usize {
        match Self::context(version) {
            Ok(ctx) => self.wire_len(ctx),
            Err(_) => 0,
        }
    }

    /// Reads a message body at `version`, leaving anything after it in `buf`.
    /// From `Bytes`, byte fields and strings longer than [`Str::INLINE_CAPACITY`](crate::Str::INLINE_CAPACITY) are slices of the input.
    #[inline]
    fn decode<B: Buf>(buf: &mut B, version: i16) -> Result<Self, DecodeError> {
        let ctx = message_context::<Self, DecodeError>(version)?;
        Self::decode_wire(buf, ctx).map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// Reads a message body at `version` into `self`, reusing what it owns:
    /// its arrays keep their capacity and the elements they hold are decoded
    /// into (down to the nested structs), so a server or consumer that
    /// decodes message after message into one value allocates nothing once
    /// it has seen the largest. From `Bytes`, strings and byte fields are
    /// slices of the input, as with [`decode`](Versioned::decode). The result
    /// equals what `decode` returns. On error `self` holds a mix of old and
    /// new values: decode into it again, or drop it.
    ///
    /// ```
    /// use kafka_wire::{KafkaMessage, Str, Versioned};
    ///
    /// #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    /// #[kafka(versions = "0", flexible = "none")]
    /// struct Batch {
    ///     #[kafka(versions = "0+")]
    ///     names: Vec<Str>,
    /// }
    ///
    /// let wire = Batch { names: vec!["a".into(), "b".into()] }.encode_to_vec(0)?;
    /// let mut reused = Batch::default();
    /// for _ in 0..3 {
    ///     reused.decode_into(&mut &wire[..], 0)?;   // allocates only the first time
    /// }
    /// assert_eq!(reused, Batch::decode_exact(&wire[..], 0)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn decode_into<B: Buf>(&mut self, buf: &mut B, version: i16) -> Result<(), DecodeError> {
        let ctx = message_context::<Self, DecodeError>(version)?;
        self.decode_in_place(buf, ctx)
            .map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// Reads a borrowed view of a message body at `version`, leaving
    /// anything after it in `buf`: one pass over the bytes, with every check
    /// and error of [`decode`](Versioned::decode), and no allocation.
    /// Strings and byte fields are slices of `buf`, arrays are
    /// [`ArrayView`](crate::ArrayView)s iterated in place. For a struct
    /// derived with `#[kafka(view)]`; see the [`view`](crate::view) module.
    #[inline]
    fn view<'a>(buf: &mut &'a [u8], version: i16) -> Result<Self::View<'a>, DecodeError>
    where
        Self: WireView + 'a,
    {
        let ctx = message_context::<Self, DecodeError>(version)?;
        Self::view_wire(buf, ctx).map_err(|e| e.in_message(Self::SCHEMA.name, version))
    }

    /// [`view`](Versioned::view) of a body that must use all of `bytes`:
    /// trailing bytes are an error.
    fn view_exact(bytes: &[u8], version: i16) -> Result<Self::View<'_>, DecodeError>
    where
        Self: WireView,
    {
        let mut buf = bytes;
        let view = Self::view(&mut buf, version)?;
        match buf.len() {
            0 => Ok(view),
            n => Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
                .in_message(Self::SCHEMA.name, version)),
        }
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
}

/// A top-level Kafka message: a [`Versioned`] struct with an API key, derived
/// with `#[kafka(api_key = N, versions = "…", flexible = "…")]`.
///
/// ```
/// use kafka_wire::{KafkaMessage, Message, Str, Versioned};
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
/// assert_eq!(Hello::API_KEY, 1000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Message: Versioned {
    /// The API key.
    const API_KEY: i16;

    /// The request header version a request of this API uses at `version`.
    fn request_header_version(version: i16) -> i16 {
        request_header_version(Self::API_KEY, version, Self::FLEXIBLE.contains(version))
    }

    /// The response header version a response of this API uses at `version`.
    fn response_header_version(version: i16) -> i16 {
        response_header_version(Self::API_KEY, Self::FLEXIBLE.contains(version))
    }
}

/// The context of `M` at `version`, or the error (of encoding or decoding)
/// that says the version is not supported, naming the message.
pub(crate) fn message_context<M: Versioned, E: MessageError>(version: i16) -> Result<Ctx, E> {
    M::context(version).map_err(|supported| {
        E::unsupported_version(version, supported).in_message(M::SCHEMA.name, version)
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

/// The API key of ControlledShutdown, whose version 0 (a ZooKeeper-era
/// inter-broker request, Kafka 3.x and older) uses request header v0, which has
/// no client id.
pub const CONTROLLED_SHUTDOWN_KEY: i16 = 7;

/// Request header version of API `api_key` at `api_version`: v2 in flexible
/// versions, v1 otherwise, and v0 for ControlledShutdown v0.
pub const fn request_header_version(api_key: i16, api_version: i16, flexible: bool) -> i16 {
    if flexible {
        2
    } else if api_key == CONTROLLED_SHUTDOWN_KEY && api_version == 0 {
        0
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
