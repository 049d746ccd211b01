//! Frames: an int32 size, then a header, then a message body.
//!
//! Writing fills a `Vec<u8>` or `BytesMut` with spare room (a reused one) in
//! a single pass and writes the size prefix from the count written;
//! otherwise, and into any other buffer, it computes the size from the
//! lengths, checks the buffer's room once, then writes exactly the frame (see
//! [`Versioned::encode`]). Reading takes whole frames off a byte
//! stream ([`FrameDecoder`], [`read_frame`] for blocking I/O, or
//! `FrameCodec` for tokio with the feature `tokio`) and refuses a
//! frame over a configurable limit before allocating anything for it. A
//! server bounds the frames all its connections hold at once with a
//! `FrameBudget` (feature `tokio`; Kafka's `queued.max.request.bytes`), read
//! through by each connection's `BudgetedRead`.
//!
//! A server reads a request header first ([`peek_request_header`],
//! [`decode_request_header`], [`decode_request_frame`]): the header's v1 part
//! is readable whatever the API and version, so an error can always name the
//! correlation id to answer ([`RequestFrameError`]). A proxy or a capture
//! reader peeks at less: [`peek_request_id`] (API key, version, correlation
//! id: the first 8 bytes of every request) and [`peek_correlation_id`] (the
//! first 4 of every response).
//!
//! Every writer comes in two forms: `encode_request` and `encode_response`
//! write the frame as it goes on the wire, its size first;
//! [`encode_request_contents`] and [`encode_response_contents`] write the
//! contents alone (header and body), what [`FrameDecoder`] yields and
//! `FrameCodec` takes.
//!
//! ```
//! use bytes::BytesMut;
//! use kafka_wire::{KafkaMessage, RequestHeader, Str, frame};
//!
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
//! struct Ping {
//!     #[kafka(versions = "0+")]
//!     text: Str,
//! }
//!
//! let header = RequestHeader::new(1000, 1, 42, Some("me".into()));
//! let mut wire = BytesMut::new();
//! frame::encode_request(&mut wire, &header, &Ping { text: "hi".into() })?;
//!
//! let mut decoder = frame::FrameDecoder::new(1 << 20);
//! let body = decoder.decode(&mut wire)?.expect("a whole frame");
//! let (h, ping) = frame::decode_request::<Ping>(body)?;
//! assert_eq!((h.correlation_id, ping.text.as_str()), (42, "hi"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bytes::{Buf, BufMut, Bytes, BytesMut};

#[cfg(feature = "tokio")]
mod budget;
#[cfg(feature = "tokio")]
mod codec;
mod request;

#[cfg(feature = "tokio")]
pub use budget::{BudgetedRead, FrameBudget, FrameReservation, OverBudget};
#[cfg(feature = "tokio")]
pub use codec::FrameCodec;
pub use request::{
    decode_request_frame, decode_request_header, peek_request_header, RequestFrameError,
    SplitRequest,
};

use crate::encode::{write_message, WriteExact};
use crate::header::check_api_key;
use crate::message::message_context;
use crate::{
    Ctx, DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Message, RequestHeader,
    ResponseHeader, Versioned,
};

/// The default largest frame [`FrameDecoder::default`] accepts: 100 MiB, the
/// broker's own default `socket.request.max.bytes`.
pub const DEFAULT_MAX_FRAME_SIZE: usize = 100 * 1024 * 1024;

/// What [`read_frame`] reserves before the body's bytes arrive.
const READ_CHUNK: usize = 64 * 1024;

/// A frame after its size: the header at its version, the body at its context.
struct Frame<'a, H, M> {
    header: &'a H,
    header_ctx: Ctx,
    body: &'a M,
    ctx: Ctx,
    version: i16,
}

impl<H: Versioned, M: Message> WriteExact for Frame<'_, H, M> {
    #[inline]
    fn len(&self) -> usize {
        self.header.wire_len(self.header_ctx) + self.body.wire_len(self.ctx)
    }

    #[inline(always)]
    fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError> {
        self.header
            .encode_wire(buf, self.header_ctx)
            .map_err(|e| e.in_message(H::SCHEMA.name, self.header_ctx.version))?;
        self.body
            .encode_wire(buf, self.ctx)
            .map_err(|e| e.in_message(M::SCHEMA.name, self.version))
    }
}

/// Writes size (when `sized`), header and body; see `encode::write_message`
/// for when the size is computed first and when it is counted as the frame
/// is written.
fn encode_frame<M: Message, H: Versioned, B: BufMut>(
    buf: &mut B,
    header: &H,
    header_version: i16,
    version: i16,
    body: &M,
    sized: bool,
) -> Result<usize, EncodeError> {
    // The versions are checked once; header and body are written at them.
    let header_ctx = message_context::<H, EncodeError>(header_version)?;
    let ctx = message_context::<M, EncodeError>(version)?;
    let frame = Frame {
        header,
        header_ctx,
        body,
        ctx,
        version,
    };
    write_message(buf, &frame, sized)
}

/// Writes a request frame: size, `header` (at the header version the message's
/// API uses at `header.api_version`), then `body` at that version. Returns the
/// bytes written.
///
/// A reused `Vec` or `BytesMut` (or one given room) is written in one pass,
/// any other buffer sized first and written exactly, as described at
/// [`Versioned::encode`]; on error nothing is committed to a buffer whose
/// current chunk had room for the frame.
pub fn encode_request<M: Message, B: BufMut>(
    buf: &mut B,
    header: &RequestHeader,
    body: &M,
) -> Result<usize, EncodeError> {
    request_frame(buf, header, body, true)
}

/// [`encode_request`] without the size: the frame's contents, header then
/// body, as [`FrameDecoder`] yields them and `FrameCodec` takes them.
pub fn encode_request_contents<M: Message, B: BufMut>(
    buf: &mut B,
    header: &RequestHeader,
    body: &M,
) -> Result<usize, EncodeError> {
    request_frame(buf, header, body, false)
}

fn request_frame<M: Message, B: BufMut>(
    buf: &mut B,
    header: &RequestHeader,
    body: &M,
    sized: bool,
) -> Result<usize, EncodeError> {
    if header.api_key != M::API_KEY {
        return Err(EncodeErrorKind::ApiKeyMismatch {
            expected: M::API_KEY,
            found: header.api_key,
        }
        .into());
    }
    let version = header.api_version;
    encode_frame(
        buf,
        header,
        M::request_header_version(version),
        version,
        body,
        sized,
    )
}

/// Writes a response frame: size, `header`, then `body` at `version` (the
/// version of the request it answers). Returns the bytes written.
pub fn encode_response<M: Message, B: BufMut>(
    buf: &mut B,
    header: &ResponseHeader,
    version: i16,
    body: &M,
) -> Result<usize, EncodeError> {
    let header_version = M::response_header_version(version);
    encode_frame(buf, header, header_version, version, body, true)
}

/// [`encode_response`] without the size: the frame's contents, header then
/// body, as [`FrameDecoder`] yields them and `FrameCodec` takes them.
pub fn encode_response_contents<M: Message, B: BufMut>(
    buf: &mut B,
    header: &ResponseHeader,
    version: i16,
    body: &M,
) -> Result<usize, EncodeError> {
    let header_version = M::response_header_version(version);
    encode_frame(buf, header, header_version, version, body, false)
}

/// What every request header starts with, whatever its version: the API
/// key, its version and the correlation id; what says how to read a request
/// and which response answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RequestId {
    /// The API key.
    pub api_key: i16,
    /// The API version.
    pub api_version: i16,
    /// The correlation id its response carries.
    pub correlation_id: i32,
}

/// Reads the first 8 bytes of a request frame's contents (after the size):
/// the API key, the version and the correlation id, for any key and any
/// version, known or not; nothing after them is read.
///
/// ```
/// use kafka_wire::frame::{peek_request_id, RequestId};
///
/// let contents = [0, 18, 0, 127, 0, 0, 0, 7, 0xde, 0xad];
/// let id = peek_request_id(&contents)?;
/// assert_eq!(id, RequestId { api_key: 18, api_version: 127, correlation_id: 7 });
/// assert!(peek_request_id(&contents[..7]).is_err());
/// # Ok::<(), kafka_wire::DecodeError>(())
/// ```
pub fn peek_request_id(contents: &[u8]) -> Result<RequestId, DecodeError> {
    let mut peek = contents;
    let at = |field| move |e| DecodeError::from(e).in_field(field);
    let api_key = peek.try_get_i16().map_err(at("api_key"))?;
    let api_version = peek.try_get_i16().map_err(at("api_version"))?;
    let correlation_id = peek.try_get_i32().map_err(at("correlation_id"))?;
    Ok(RequestId {
        api_key,
        api_version,
        correlation_id,
    })
}

/// Reads the correlation id a response frame's contents (after the size)
/// start with, in every response header version; nothing after it is read.
pub fn peek_correlation_id(contents: &[u8]) -> Result<i32, DecodeError> {
    (&mut &contents[..])
        .try_get_i32()
        .map_err(|e| DecodeError::from(e).in_field("correlation_id"))
}

/// Reads a request frame's contents (after the size): the header, then a body
/// of type `M` at the version the header names. The frame must be used exactly.
pub fn decode_request<M: Message>(mut frame: Bytes) -> Result<(RequestHeader, M), DecodeError> {
    // The key and version come first in every request header version: read
    // them without consuming, so that the header is then decoded whole.
    let RequestId {
        api_key,
        api_version: version,
        ..
    } = peek_request_id(&frame)?;
    check_api_key(M::API_KEY, api_key)?;
    message_context::<M, DecodeError>(version)?;
    let header = RequestHeader::decode(&mut frame, M::request_header_version(version))?;
    let body = M::decode_exact(frame, version)?;
    Ok((header, body))
}

/// Reads a response frame's contents (after the size): the header, then a body
/// of type `M` at `version` (the version of the request it answers). The frame
/// must be used exactly.
pub fn decode_response<M: Message>(
    mut frame: Bytes,
    version: i16,
) -> Result<(ResponseHeader, M), DecodeError> {
    let header = ResponseHeader::decode(&mut frame, M::response_header_version(version))?;
    let body = M::decode_exact(frame, version)?;
    Ok((header, body))
}

/// Takes whole frames off a byte stream; the size prefix is removed.
#[derive(Debug, Clone, Copy)]
pub struct FrameDecoder {
    max_frame_size: usize,
}

impl Default for FrameDecoder {
    fn default() -> Self {
        FrameDecoder::new(DEFAULT_MAX_FRAME_SIZE)
    }
}

impl FrameDecoder {
    /// A decoder that refuses frames over `max_frame_size` bytes (not counting
    /// the 4-byte size).
    pub const fn new(max_frame_size: usize) -> Self {
        FrameDecoder { max_frame_size }
    }

    /// The limit.
    pub const fn max_frame_size(&self) -> usize {
        self.max_frame_size
    }

    /// The size of the frame `bytes` start with (not counting its 4-byte
    /// size), checked against the limit; `Ok(None)` when fewer than 4 bytes
    /// are there. A negative size or one over the limit is the error
    /// [`decode`](Self::decode) gives.
    pub fn peek_size(&self, bytes: &[u8]) -> Result<Option<usize>, DecodeError> {
        match bytes {
            [a, b, c, d, ..] => self.check(i32::from_be_bytes([*a, *b, *c, *d])).map(Some),
            _ => Ok(None),
        }
    }

    /// The next whole frame from `src`, or `Ok(None)` when more bytes are needed
    /// (nothing is consumed then). A negative size or one over the limit is an
    /// error as soon as the 4 size bytes have arrived, before anything is
    /// allocated or reserved for it.
    pub fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Bytes>, DecodeError> {
        let Some(size) = self.peek_size(src)? else {
            return Ok(None);
        };
        if src.len() < 4 + size {
            return Ok(None);
        }
        src.advance(4);
        Ok(Some(src.split_to(size).freeze()))
    }

    fn check(&self, size: i32) -> Result<usize, DecodeError> {
        match usize::try_from(size) {
            Ok(n) if n <= self.max_frame_size => Ok(n),
            _ => Err(DecodeErrorKind::FrameSize {
                size: i64::from(size),
                limit: self.max_frame_size,
            }
            .into()),
        }
    }
}

/// Reads one frame from a blocking reader: the size, then exactly that many
/// bytes; the frame's contents are returned without the size.
///
/// `Ok(None)` is a clean end of stream: the reader ended before the first
/// byte of a frame (the peer closed between frames). A stream that ends
/// inside the size or the body is an [`UnexpectedEof`](std::io::ErrorKind::UnexpectedEof)
/// error that says how far it got. A size over `max_frame_size` (or negative)
/// is an [`InvalidData`](std::io::ErrorKind::InvalidData) error wrapping a
/// [`DecodeError`], refused before any buffer is allocated; the body buffer
/// grows with the bytes that arrive (at most 64 KiB is reserved ahead of them).
///
/// ```
/// use kafka_wire::frame::read_frame;
///
/// let mut two_frames: &[u8] = &[0, 0, 0, 2, b'h', b'i', 0, 0, 0, 0];
/// assert_eq!(read_frame(&mut two_frames, 1024)?.as_deref(), Some(&b"hi"[..]));
/// assert_eq!(read_frame(&mut two_frames, 1024)?.as_deref(), Some(&b""[..]));
/// assert_eq!(read_frame(&mut two_frames, 1024)?, None); // closed between frames
///
/// let mut cut: &[u8] = &[0, 0];
/// let err = read_frame(&mut cut, 1024).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_frame<R: std::io::Read>(
    reader: &mut R,
    max_frame_size: usize,
) -> std::io::Result<Option<Bytes>> {
    let mut size = [0u8; 4];
    let mut got = 0;
    while got < size.len() {
        match reader.read(&mut size[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(stream_ended(got, size.len(), "size")),
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let size = FrameDecoder::new(max_frame_size)
        .check(i32::from_be_bytes(size))
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
    // Grow with the bytes that really arrive: a peer that claims a large frame
    // and sends nothing gets no large buffer.
    let mut body = Vec::with_capacity(size.min(READ_CHUNK));
    std::io::Read::read_to_end(&mut std::io::Read::take(reader, size as u64), &mut body)?;
    if body.len() != size {
        return Err(stream_ended(body.len(), size, "body"));
    }
    Ok(Some(Bytes::from(body)))
}

/// The error for a stream that ended after `got` of the `of` bytes of a
/// frame's `part` (its size or its body).
fn stream_ended(got: usize, of: usize, part: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::UnexpectedEof,
        format!("stream ended inside a frame: {got} of the {of} bytes of its {part}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_waits_for_whole_frames() {
        let mut d = FrameDecoder::new(16);
        let mut src = BytesMut::from(&[0u8, 0, 0][..]);
        assert_eq!(d.decode(&mut src).unwrap(), None);
        src.extend_from_slice(&[3, b'a', b'b']);
        assert_eq!(d.decode(&mut src).unwrap(), None);
        assert_eq!(src.len(), 6, "nothing consumed on a partial frame");
        src.extend_from_slice(&[b'c', 0, 0, 0, 0]);
        assert_eq!(d.decode(&mut src).unwrap().unwrap(), &b"abc"[..]);
        assert_eq!(d.decode(&mut src).unwrap().unwrap(), &b""[..]);
        assert!(src.is_empty());
    }

    #[test]
    fn decoder_refuses_oversized_and_negative_sizes() {
        let mut d = FrameDecoder::new(16);
        let mut src = BytesMut::from(&[0u8, 0, 0, 17][..]);
        let err = d.decode(&mut src).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::FrameSize {
                size: 17,
                limit: 16
            }
        ));
        let mut src = BytesMut::from(&[0xffu8, 0xff, 0xff, 0xff][..]);
        assert!(d.decode(&mut src).is_err());
        let mut reader = &[0x7fu8, 0xff, 0xff, 0xff, 1, 2][..];
        let err = read_frame(&mut reader, 1024).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    }
}
