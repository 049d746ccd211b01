//! [`Frame`]: a request or response frame as a filter sees it, decoded only
//! when asked, re-encoded only when changed.

use std::fmt;

use bytes::{Buf, Bytes, BytesMut};
use kafka_messages::{ApiKey, RequestKind, RequestView, ResponseKind, ResponseView};
use kafka_wire::dynamic::DynamicMessage;
use kafka_wire::schema::MessageSchema;
use kafka_wire::{DecodeError, DecodeErrorKind, EncodeError};

mod sealed {
    pub trait Sealed {}
    impl Sealed for kafka_messages::RequestKind {}
    impl Sealed for kafka_messages::ResponseKind {}
}

/// The typed bodies of one side of the protocol: [`RequestKind`] or
/// [`ResponseKind`]. Sealed; it names what [`Frame`] decodes to.
pub trait Side: sealed::Sealed + fmt::Debug + Send + Sized + 'static {
    /// The borrowed view of a body ([`RequestView`] or [`ResponseView`]).
    type View<'a>;

    /// `"request"` or `"response"`.
    const NAME: &'static str;

    /// Whether the body must fill its frame (a response's does; a request
    /// may be followed by bytes the broker does not read).
    const FILLS_FRAME: bool;

    /// Where the correlation id lies in the header: after the API key and
    /// version in a request's, first in a response's.
    const CORRELATION_AT: usize;

    #[doc(hidden)]
    fn decode_body(api_key: ApiKey, version: i16, body: &Bytes) -> Result<Self, DecodeError>;

    #[doc(hidden)]
    fn view_body(api_key: ApiKey, version: i16, body: &[u8])
        -> Result<Self::View<'_>, DecodeError>;

    #[doc(hidden)]
    fn encode_body(&self, version: i16) -> Result<Bytes, EncodeError>;

    #[doc(hidden)]
    fn schema(api_key: ApiKey) -> Option<MessageSchema>;
}

/// A request's body: as Kafka's broker reads one, bytes after it are not read
/// (librdkafka sends three after its Metadata request).
impl Side for RequestKind {
    type View<'a> = RequestView<'a>;
    const NAME: &'static str = "request";
    const FILLS_FRAME: bool = false;
    const CORRELATION_AT: usize = 4;

    fn decode_body(api_key: ApiKey, version: i16, body: &Bytes) -> Result<Self, DecodeError> {
        RequestKind::decode(api_key.key(), version, &mut body.clone())
    }

    fn view_body(
        api_key: ApiKey,
        version: i16,
        body: &[u8],
    ) -> Result<RequestView<'_>, DecodeError> {
        RequestView::view(api_key.key(), version, &mut &body[..])
    }

    fn encode_body(&self, version: i16) -> Result<Bytes, EncodeError> {
        let mut out = BytesMut::with_capacity(self.encoded_len(version));
        self.encode(&mut out, version)?;
        Ok(out.freeze())
    }

    fn schema(api_key: ApiKey) -> Option<MessageSchema> {
        api_key.request_message_schema()
    }
}

/// A response's body: it fills its frame, as every client reads one.
impl Side for ResponseKind {
    type View<'a> = ResponseView<'a>;
    const NAME: &'static str = "response";
    const FILLS_FRAME: bool = true;
    const CORRELATION_AT: usize = 0;

    fn decode_body(api_key: ApiKey, version: i16, body: &Bytes) -> Result<Self, DecodeError> {
        let mut rest = body.clone();
        let kind = ResponseKind::decode(api_key.key(), version, &mut rest)?;
        whole(rest.remaining(), api_key, version)?;
        Ok(kind)
    }

    fn view_body(
        api_key: ApiKey,
        version: i16,
        body: &[u8],
    ) -> Result<ResponseView<'_>, DecodeError> {
        let mut rest = body;
        let view = ResponseView::view(api_key.key(), version, &mut rest)?;
        whole(rest.len(), api_key, version)?;
        Ok(view)
    }

    fn encode_body(&self, version: i16) -> Result<Bytes, EncodeError> {
        let mut out = BytesMut::with_capacity(self.encoded_len(version));
        self.encode(&mut out, version)?;
        Ok(out.freeze())
    }

    fn schema(api_key: ApiKey) -> Option<MessageSchema> {
        api_key.response_message_schema()
    }
}

fn whole(left: usize, api_key: ApiKey, version: i16) -> Result<(), DecodeError> {
    match left {
        0 => Ok(()),
        n => {
            Err(DecodeError::new(DecodeErrorKind::TrailingBytes(n))
                .in_message(api_key.name(), version))
        }
    }
}

/// A request as a filter sees it.
pub type RequestFrame = Frame<RequestKind>;

/// A response as a filter sees it.
pub type ResponseFrame = Frame<ResponseKind>;

/// What went wrong reading or writing a [`Frame`]'s body.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The body does not read at its API and version.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// A changed body does not write at its version.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The crate has no schema for the API (its feature is off).
    #[error("{0:?} is not compiled into kafka-messages (its feature is off)")]
    NotCompiled(ApiKey),
}

/// A request or response frame of a known API and version, as a filter sees
/// it: its header as received, and its body, read only when a filter asks
/// and in the form it asks for.
///
/// - [`view`](Self::view): the typed borrowed view, allocating nothing;
/// - [`decode`](Self::decode) / [`decode_mut`](Self::decode_mut): the owned
///   typed body ([`RequestKind`] or [`ResponseKind`]);
/// - [`dynamic`](Self::dynamic) / [`dynamic_mut`](Self::dynamic_mut): the
///   interpreted tree, for a filter that works from the schemas (by field
///   names or entity types) rather than by type.
///
/// A body borrowed mutably counts as changed and is written again at the
/// message's version before it is sent, or before another form of it is
/// read; a message whose body nobody changed goes out as the bytes that
/// came in.
pub struct Frame<K: Side> {
    api_key: ApiKey,
    version: i16,
    correlation_id: i32,
    /// The frame as received (empty for a message the proxy built).
    received: Bytes,
    header: Bytes,
    body: Bytes,
    decoded: Decoded<K>,
    /// `decoded` was lent mutably: `body` may be stale.
    dirty: bool,
    /// `body` is not the one received.
    changed: bool,
    /// How the client is slowed after this message (responses only).
    throttle: Throttle,
}

/// How a response slows its client, as a broker slows a client over its
/// quota.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Throttle {
    /// The response waits this long before it goes to the client.
    pub(crate) hold: Option<std::time::Duration>,
    /// Once the response goes to the client, no request of the client's
    /// is read for this long.
    pub(crate) mute: Option<std::time::Duration>,
}

impl Throttle {
    /// How a client of `api_key` at `version` is slowed for `duration`:
    /// muted once the response has gone, if it waits out a throttle itself
    /// (KIP-219), else by the response held back.
    pub(crate) fn of_client(api_key: ApiKey, version: i16, duration: std::time::Duration) -> Self {
        match api_key.client_waits_out_throttle(version) {
            Some(true) => Throttle {
                hold: None,
                mute: Some(duration),
            },
            _ => Throttle {
                hold: Some(duration),
                mute: None,
            },
        }
    }
}

enum Decoded<K> {
    None,
    Typed(K),
    Dynamic(DynamicMessage),
}

impl<K: Side> fmt::Debug for Frame<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(K::NAME)
            .field("api_key", &self.api_key)
            .field("version", &self.version)
            .field("correlation_id", &self.correlation_id)
            .field("body_len", &self.body.len())
            .field("changed", &(self.changed || self.dirty))
            .finish()
    }
}

impl<K: Side> Frame<K> {
    /// A message of `api_key` at `version` from a frame's contents (after
    /// the size) split at `header_len`. `correlation_id` is the one its
    /// client knows.
    pub(crate) fn new(
        api_key: ApiKey,
        version: i16,
        correlation_id: i32,
        mut frame: Bytes,
        header_len: usize,
    ) -> Self {
        let received = frame.clone();
        let body = frame.split_off(header_len);
        Frame {
            api_key,
            version,
            correlation_id,
            received,
            header: frame,
            body,
            decoded: Decoded::None,
            dirty: false,
            changed: false,
            throttle: Throttle::default(),
        }
    }

    /// A message built by the proxy (an answer a filter gives).
    pub(crate) fn built(
        api_key: ApiKey,
        version: i16,
        correlation_id: i32,
        header: Bytes,
        body: K,
    ) -> Self {
        Frame {
            api_key,
            version,
            correlation_id,
            received: Bytes::new(),
            header,
            body: Bytes::new(),
            decoded: Decoded::Typed(body),
            dirty: true,
            changed: true,
            throttle: Throttle::default(),
        }
    }

    /// The API.
    pub fn api_key(&self) -> ApiKey {
        self.api_key
    }

    /// The version the body is read and written at.
    pub fn version(&self) -> i16 {
        self.version
    }

    /// The correlation id, as the client knows it (the proxy numbers the
    /// requests it sends the broker itself).
    pub fn correlation_id(&self) -> i32 {
        self.correlation_id
    }

    /// The whole frame (without its 4-byte size) as it stands: as
    /// received, or its header followed by the changed body. What
    /// [`FrameView`](kafka_messages::dynamic::FrameView) reads, for one.
    pub fn frame(&mut self) -> Result<Bytes, FrameError> {
        self.sync()?;
        if !self.changed {
            return Ok(self.received.clone());
        }
        let mut out = BytesMut::with_capacity(self.header.len() + self.body.len());
        out.extend_from_slice(&self.header);
        out.extend_from_slice(&self.body);
        Ok(out.freeze())
    }

    /// The header's bytes as received (with the correlation id of the side
    /// they came from).
    pub fn header_bytes(&self) -> &Bytes {
        &self.header
    }

    /// The body's bytes as they stand: as received, or as written after a
    /// change.
    pub fn body_bytes(&mut self) -> Result<&Bytes, FrameError> {
        self.sync()?;
        Ok(&self.body)
    }

    /// Whether the body will go out changed.
    pub fn is_changed(&self) -> bool {
        self.changed || self.dirty
    }

    /// The body's typed view, read in place.
    pub fn view(&mut self) -> Result<K::View<'_>, FrameError> {
        self.sync()?;
        Ok(K::view_body(self.api_key, self.version, &self.body)?)
    }

    /// The owned typed body, read once.
    pub fn decode(&mut self) -> Result<&K, FrameError> {
        self.typed().map(|k| &*k)
    }

    /// The owned typed body, to change: it is written again before it is
    /// sent.
    pub fn decode_mut(&mut self) -> Result<&mut K, FrameError> {
        self.typed()?;
        self.dirty = true;
        self.typed()
    }

    /// Replaces the body with `body`, written at the message's version.
    pub fn replace(&mut self, body: K) {
        self.decoded = Decoded::Typed(body);
        self.dirty = true;
    }

    /// The interpreted tree of the body, read once.
    pub fn dynamic(&mut self) -> Result<&DynamicMessage, FrameError> {
        self.tree().map(|m| &*m)
    }

    /// The interpreted tree of the body, to change: it is written again
    /// before it is sent.
    pub fn dynamic_mut(&mut self) -> Result<&mut DynamicMessage, FrameError> {
        self.tree()?;
        self.dirty = true;
        self.tree()
    }

    /// Says that the body lent mutably was not changed after all, so that
    /// it goes out as the bytes it was read from, not written again.
    pub(crate) fn unchanged(&mut self) {
        self.dirty = false;
    }

    fn typed(&mut self) -> Result<&mut K, FrameError> {
        if !matches!(self.decoded, Decoded::Typed(_)) {
            self.sync()?;
            self.decoded = Decoded::Typed(K::decode_body(self.api_key, self.version, &self.body)?);
        }
        match &mut self.decoded {
            Decoded::Typed(k) => Ok(k),
            _ => unreachable!("decoded just above"),
        }
    }

    fn tree(&mut self) -> Result<&mut DynamicMessage, FrameError> {
        if !matches!(self.decoded, Decoded::Dynamic(_)) {
            self.sync()?;
            let schema = K::schema(self.api_key).ok_or(FrameError::NotCompiled(self.api_key))?;
            let mut body = self.body.clone();
            let tree = DynamicMessage::decode(schema, self.version, &mut body)?;
            if K::FILLS_FRAME {
                whole(body.len(), self.api_key, self.version)?;
            }
            self.decoded = Decoded::Dynamic(tree);
        }
        match &mut self.decoded {
            Decoded::Dynamic(m) => Ok(m),
            _ => unreachable!("decoded just above"),
        }
    }

    /// Writes a body lent mutably back to `body`.
    fn sync(&mut self) -> Result<(), FrameError> {
        if self.dirty {
            self.body = match &self.decoded {
                Decoded::Typed(k) => k.encode_body(self.version)?,
                Decoded::Dynamic(m) => Bytes::from(m.encode_to_vec()?),
                Decoded::None => unreachable!("only a decoded body is lent mutably"),
            };
            self.dirty = false;
            self.changed = true;
        }
        Ok(())
    }

    /// How the client is slowed after this message.
    pub(crate) fn throttle(&self) -> Throttle {
        self.throttle
    }

    /// The header as received and the body to send.
    pub(crate) fn into_parts(mut self) -> Result<(Bytes, Bytes), FrameError> {
        self.sync()?;
        Ok((self.header, self.body))
    }
}

impl Frame<ResponseKind> {
    /// Holds this response back for `duration` before it goes to the client,
    /// as a broker holds the response of a client over its quota (before
    /// KIP-219). The responses after it wait too, since a client reads them
    /// in order, and no request of the client's is read meanwhile. Given
    /// twice, the longer holds.
    pub fn hold_back(&mut self, duration: std::time::Duration) {
        self.throttle.hold = self.throttle.hold.max(Some(duration));
    }

    /// Once this response goes to the client, reads no request of the
    /// client's for `duration`: KIP-219's muted channel, for a client that
    /// itself waits the `throttle_time_ms` the response says. Given twice,
    /// the longer holds.
    pub fn mute_client(&mut self, duration: std::time::Duration) {
        self.throttle.mute = self.throttle.mute.max(Some(duration));
    }
}
