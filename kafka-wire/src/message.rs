//! The traits the derive implements: [`KafkaStruct`] for every derived struct and
//! [`Message`] for top-level messages; [`Request`] pairs a request with its response.

use core::mem::MaybeUninit;

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

    /// Writes the message body at `version` and returns its length, which is
    /// [`encoded_len`](Message::encoded_len).
    ///
    /// The size is computed first and the buffer's room checked against it
    /// (a [`BufferTooSmall`](crate::EncodeErrorKind::BufferTooSmall) error, not a
    /// panic, for a full fixed-size buffer). When the buffer's current chunk
    /// already has room for the body (a reused buffer, or one given
    /// [`encoded_len`](Message::encoded_len) of capacity, as
    /// [`encode_to_vec`](Message::encode_to_vec) does), the body is written
    /// through a plain slice over that room, the fast path, and the buffer is
    /// left untouched on error. A growable buffer without that room still works:
    /// it grows as the bytes are written, and on error may hold part of the body.
    ///
    /// To write without sizing first, call [`Wire::encode_wire`] with
    /// [`Message::context`].
    #[inline]
    fn encode<B: BufMut>(&self, buf: &mut B, version: i16) -> Result<usize, EncodeError> {
        let ctx = encode_context::<Self>(version)?;
        let len = self.wire_len(ctx);
        if buf.remaining_mut() < len {
            return Err(EncodeError::new(EncodeErrorKind::BufferTooSmall {
                needed: len,
                remaining: buf.remaining_mut(),
            })
            .in_message(Self::SCHEMA.name, version));
        }
        write_exact(buf, len, &Body(self, ctx))
            .map_err(|e| e.in_message(Self::SCHEMA.name, version))?;
        Ok(len)
    }

    /// The message body at `version` in a new `Vec` of exactly its length.
    fn encode_to_vec(&self, version: i16) -> Result<Vec<u8>, EncodeError> {
        let mut out = Vec::with_capacity(self.encoded_len(version));
        self.encode(&mut out, version)?;
        Ok(out)
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
    /// From `Bytes`, byte fields and strings longer than [`Str::INLINE_CAPACITY`](crate::Str::INLINE_CAPACITY) are slices of the input.
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

/// Writes a known number of bytes into any [`BufMut`]; see [`write_exact`].
pub(crate) trait WriteExact {
    /// Writes the bytes.
    fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError>;
}

/// A struct body at a context.
struct Body<'a, T>(&'a T, Ctx);

impl<T: Wire> WriteExact for Body<'_, T> {
    #[inline]
    fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError> {
        self.0.encode_wire(buf, self.1)
    }
}

/// The spare room of a buffer, written front to back.
///
/// Unlike a plain `&mut [MaybeUninit<u8>]`, whose writes panic when full, a
/// write that does not fit marks the window overflowed and empties it, and
/// [`write_exact`] turns that into an error. No write path calls anything,
/// so the compiler may keep the cursor in registers: a write that can panic
/// must first store the cursor to memory, where an unwinding caller could
/// read it.
struct Window<'a> {
    room: &'a mut [MaybeUninit<u8>],
    overflowed: bool,
}

impl Window<'_> {
    #[inline(always)]
    fn overflow(&mut self) {
        self.overflowed = true;
        self.room = &mut [];
    }
}

// SAFETY: `chunk_mut` is the unwritten room; `advance_mut` and the writes
// move past bytes only after writing them (or empty the window, committing
// nothing, when they do not fit).
unsafe impl BufMut for Window<'_> {
    #[inline(always)]
    fn remaining_mut(&self) -> usize {
        self.room.len()
    }

    #[inline(always)]
    unsafe fn advance_mut(&mut self, cnt: usize) {
        if cnt > self.room.len() {
            return self.overflow();
        }
        let room = core::mem::take(&mut self.room);
        self.room = &mut room[cnt..];
    }

    #[inline(always)]
    fn chunk_mut(&mut self) -> &mut bytes::buf::UninitSlice {
        bytes::buf::UninitSlice::uninit(self.room)
    }

    #[inline(always)]
    fn put_slice(&mut self, src: &[u8]) {
        if src.len() > self.room.len() {
            return self.overflow();
        }
        let (head, tail) = core::mem::take(&mut self.room).split_at_mut(src.len());
        // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and a `&[u8]` is
        // initialised.
        head.copy_from_slice(unsafe { &*(src as *const [u8] as *const [MaybeUninit<u8>]) });
        self.room = tail;
    }

    #[inline]
    fn put_bytes(&mut self, val: u8, cnt: usize) {
        if cnt > self.room.len() {
            return self.overflow();
        }
        let (head, tail) = core::mem::take(&mut self.room).split_at_mut(cnt);
        head.fill(MaybeUninit::new(val));
        self.room = tail;
    }

    #[inline]
    fn put<T: bytes::Buf>(&mut self, mut src: T) {
        if src.remaining() > self.room.len() {
            return self.overflow();
        }
        while src.has_remaining() {
            let n = src.chunk().len();
            self.put_slice(src.chunk());
            src.advance(n);
        }
    }

    #[inline(always)]
    fn put_u8(&mut self, n: u8) {
        match core::mem::take(&mut self.room).split_first_mut() {
            Some((first, rest)) => {
                first.write(n);
                self.room = rest;
            }
            None => self.overflow(),
        }
    }
}

/// Writes what `w` writes, which must be exactly `len` bytes, into `buf`.
///
/// When `buf`'s current chunk has room for all of them (a buffer with `len`
/// bytes of spare capacity), they are written through a plain slice over that
/// room and committed at the end, only if exactly `len` were written. Each
/// write is then a bounds check, a copy and a pointer bump, which the compiler
/// keeps in registers; a `BytesMut` or `Vec` write must also reload and store
/// the buffer's length and check its capacity, because it might reallocate.
/// That halves the cost of encoding. Otherwise `buf` takes the writes directly.
pub(crate) fn write_exact<B: BufMut, W: WriteExact>(
    buf: &mut B,
    len: usize,
    w: &W,
) -> Result<(), EncodeError> {
    let chunk = buf.chunk_mut();
    let room = chunk.len();
    let written = if room >= len {
        // SAFETY: the slice is written only through its `BufMut` impl, which
        // writes initialised bytes and never de-initialises any.
        let mut window = Window {
            room: unsafe { chunk.as_uninit_slice_mut() },
            overflowed: false,
        };
        w.write_to(&mut window)?;
        if window.overflowed {
            return Err(EncodeErrorKind::Overrun { computed: len }.into());
        }
        let written = room - window.room.len();
        if written == len {
            // SAFETY: the chunk's first `len` bytes were just written.
            unsafe { buf.advance_mut(len) };
        }
        written
    } else {
        let before = buf.remaining_mut();
        w.write_to(buf)?;
        before - buf.remaining_mut()
    };
    if written != len {
        return Err(EncodeErrorKind::LengthMismatch {
            computed: len,
            written,
        }
        .into());
    }
    Ok(())
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

#[cfg(all(test, feature = "derive"))]
mod tests {
    use super::*;
    use crate::{KafkaMessage, Str};

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
    struct Note {
        #[kafka(versions = "0+")]
        id: i32,
        #[kafka(versions = "0+")]
        text: Str,
    }

    fn note() -> Note {
        Note {
            id: 7,
            text: "hello".into(),
        }
    }

    /// Says it writes `claimed` bytes but writes `actual`.
    struct Liar {
        actual: usize,
    }

    impl WriteExact for Liar {
        fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError> {
            buf.put_bytes(0xab, self.actual);
            Ok(())
        }
    }

    #[test]
    fn encode_returns_the_length_on_every_path() {
        for version in [0, 1] {
            let n = note().encoded_len(version);
            let exact = note().encode_to_vec(version).unwrap();
            assert_eq!(exact.len(), n);
            assert_eq!(exact.capacity(), n, "allocated once, exactly");
            // A growable buffer without room takes the direct path.
            let mut grown = Vec::new();
            assert_eq!(note().encode(&mut grown, version).unwrap(), n);
            assert_eq!(grown, exact);
            // After other bytes, into a reused buffer (the window path).
            let mut reused = Vec::with_capacity(64);
            reused.push(0xff);
            assert_eq!(note().encode(&mut reused, version).unwrap(), n);
            assert_eq!(&reused[1..], &exact[..]);
            // A fixed-size buffer of exactly the length.
            let mut fixed = vec![0u8; n];
            assert_eq!(note().encode(&mut &mut fixed[..], version).unwrap(), n);
            assert_eq!(fixed, exact);
        }
    }

    #[test]
    fn a_full_fixed_buffer_is_an_error_and_left_untouched() {
        let n = note().encoded_len(1);
        let mut fixed = vec![0u8; n - 1];
        let mut window = &mut fixed[..];
        let err = note().encode(&mut window, 1).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::BufferTooSmall {
                needed: n,
                remaining: n - 1
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "Note (version 1): buffer too small: needed {n} bytes, {} available",
                n - 1
            )
        );
        assert_eq!(window.len(), n - 1);
        assert!(fixed.iter().all(|&b| b == 0));
    }

    #[test]
    fn a_full_window_never_panics() {
        let mut room = [MaybeUninit::new(0u8); 6];
        let mut w = Window {
            room: &mut room,
            overflowed: false,
        };
        w.put_u8(1);
        w.put_slice(&[2, 3]);
        w.put_bytes(4, 1);
        w.put(&b"\x05"[..]);
        assert_eq!((w.remaining_mut(), w.overflowed), (1, false));
        w.put_i16(6); // two bytes into one
        assert_eq!((w.remaining_mut(), w.overflowed), (0, true));
        w.put_u8(7);
        w.put_bytes(8, 3);
        w.put(&b"more"[..]);
        unsafe { w.advance_mut(2) };
        assert!(w.overflowed);
        let written: Vec<u8> = room[..5]
            .iter()
            .map(|b| unsafe { b.assume_init() })
            .collect();
        assert_eq!(written, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_wrong_size_is_an_error_and_commits_nothing_on_the_window_path() {
        for actual in [3, 5] {
            let mut buf = Vec::with_capacity(16);
            buf.push(1);
            let err = write_exact(&mut buf, 4, &Liar { actual }).unwrap_err();
            assert_eq!(
                err.kind(),
                &EncodeErrorKind::LengthMismatch {
                    computed: 4,
                    written: actual
                }
            );
            assert_eq!(buf, [1], "nothing committed");
            // More than the room holds: the window empties, nothing committed.
            let mut exact = Vec::with_capacity(4);
            let err = write_exact(&mut exact, 4, &Liar { actual: 7 }).unwrap_err();
            assert_eq!(err.kind(), &EncodeErrorKind::Overrun { computed: 4 });
            assert!(exact.is_empty());
            // Without room, the direct path still reports it.
            let mut tight = Vec::new();
            let err = write_exact(&mut tight, 4, &Liar { actual }).unwrap_err();
            assert!(
                matches!(err.kind(), EncodeErrorKind::LengthMismatch { written, .. } if *written == actual)
            );
        }
        let mut buf = Vec::with_capacity(16);
        write_exact(&mut buf, 4, &Liar { actual: 4 }).unwrap();
        assert_eq!(buf, [0xab; 4]);
    }
}
