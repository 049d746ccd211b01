//! [`FrameCodec`]: frames for tokio's `Framed`, `FramedRead` and `FramedWrite`.

use std::io;

use bytes::{BufMut, Bytes, BytesMut};
use tokio_util::codec::{Decoder, Encoder};

use super::{stream_ended, FrameDecoder, READ_CHUNK};

/// Kafka's framing as a `tokio_util` codec: an int32 size, then that many
/// bytes (feature `tokio`).
///
/// Decoding yields each frame's contents without the size (a header and a
/// body: give them to [`decode_request_frame`](super::decode_request_frame),
/// [`decode_response`](super::decode_response), ...), built on
/// [`FrameDecoder`]: a negative size or one over the limit is an
/// [`InvalidData`](io::ErrorKind::InvalidData) error wrapping the
/// [`DecodeError`](crate::DecodeError) as soon as its 4 bytes arrive, and the
/// read buffer grows with the bytes that arrive (at most 64 KiB ahead of
/// them), never by the size a peer claims. A stream that ends inside a frame
/// is an [`UnexpectedEof`](io::ErrorKind::UnexpectedEof) error; one that ends
/// between frames ends the stream.
///
/// Encoding takes a frame's contents (header and body, as a decoded frame
/// holds them) as [`Bytes`] and writes the size in front; contents over the
/// limit are an [`InvalidInput`](io::ErrorKind::InvalidInput) error, so that
/// nothing is sent that the peer's reader would refuse.
///
/// ```
/// use bytes::{Bytes, BytesMut};
/// use kafka_wire::frame::FrameCodec;
/// use tokio_util::codec::{Decoder, Encoder};
///
/// let mut codec = FrameCodec::new(1 << 20);
/// let mut wire = BytesMut::new();
/// codec.encode(Bytes::from_static(b"abc"), &mut wire)?;
/// assert_eq!(&wire[..], b"\0\0\0\x03abc");
/// assert_eq!(codec.decode(&mut wire)?.as_deref(), Some(&b"abc"[..]));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct FrameCodec {
    decoder: FrameDecoder,
}

impl FrameCodec {
    /// A codec that refuses frames over `max_frame_size` bytes (not counting
    /// the 4-byte size), both ways.
    pub const fn new(max_frame_size: usize) -> Self {
        FrameCodec {
            decoder: FrameDecoder::new(max_frame_size),
        }
    }

    /// The limit.
    pub const fn max_frame_size(&self) -> usize {
        self.decoder.max_frame_size()
    }
}

impl Decoder for FrameCodec {
    type Item = Bytes;
    type Error = io::Error;

    fn decode(&mut self, src: &mut BytesMut) -> io::Result<Option<Bytes>> {
        let frame = self
            .decoder
            .decode(src)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        if frame.is_none() && src.len() >= 4 {
            // The size is known and within the limit: make room for what is
            // missing, but no more than a chunk ahead of what has arrived.
            let size = u32::from_be_bytes([src[0], src[1], src[2], src[3]]) as usize;
            src.reserve((4 + size - src.len()).min(READ_CHUNK));
        }
        Ok(frame)
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> io::Result<Option<Bytes>> {
        match self.decode(src)? {
            Some(frame) => Ok(Some(frame)),
            None if src.is_empty() => Ok(None),
            None if src.len() < 4 => Err(stream_ended(src.len(), 4, "size")),
            None => {
                let size = u32::from_be_bytes([src[0], src[1], src[2], src[3]]) as usize;
                Err(stream_ended(src.len() - 4, size, "body"))
            }
        }
    }
}

impl Encoder<Bytes> for FrameCodec {
    type Error = io::Error;

    fn encode(&mut self, contents: Bytes, dst: &mut BytesMut) -> io::Result<()> {
        let size = i32::try_from(contents.len())
            .ok()
            .filter(|_| contents.len() <= self.max_frame_size())
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "frame of {} bytes is over the limit of {}",
                        contents.len(),
                        self.max_frame_size()
                    ),
                )
            })?;
        dst.reserve(4 + contents.len());
        dst.put_i32(size);
        dst.extend_from_slice(&contents);
        Ok(())
    }
}
