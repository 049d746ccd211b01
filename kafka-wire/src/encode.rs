//! Writing a message body or a frame into a buffer: in one pass where the
//! buffer's spare room is its own to write into, and sized, checked and
//! exact everywhere else.
//!
//! Two kinds of buffer are told apart, by type, at no cost at run time
//! ([`owns_spare_room`]):
//!
//! - `Vec<u8>` and `BytesMut` (and `&mut` of them): the bytes past their
//!   length are spare capacity that nobody reads. A body is written in one
//!   pass through a [`Window`] over that room, without computing its size,
//!   and is committed only when it fits; inline strings are copied with their
//!   padding ([`Str`](crate::Str)'s writer), which lands in the room past the
//!   committed bytes.
//! - Every other `BufMut` (a `&mut [u8]`, a chain, a user's type): the bytes
//!   past the cursor belong to the caller. The size is computed first, the
//!   room checked against it (nothing is written to a buffer that is too
//!   small), and exactly the body's bytes are written, through a window of
//!   exactly that length when the buffer's chunk holds it, so that nothing
//!   is committed on error and nothing past the body is ever touched.
//!
//! A one-pass attempt stops early when a derived struct or an array finds
//! less room than it writes at least, with the error of
//! [`short_of_room`](crate::error::short_of_room). That error, and a write
//! that does not fit the window, are the only signals to size the body and
//! write it again: an error a user's `Wire` impl returns, `BufferTooSmall`
//! included, is the encode's error.

use core::any::TypeId;
use core::mem::MaybeUninit;

use bytes::{BufMut, BytesMut};

use crate::error::short_of_room;
use crate::{Ctx, EncodeError, EncodeErrorKind, Wire};

/// Writes a known number of bytes into any [`BufMut`]; see [`write_exact`].
pub(crate) trait WriteExact {
    /// How many bytes [`write_to`](WriteExact::write_to) writes.
    fn len(&self) -> usize;
    /// Writes the bytes.
    fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError>;
}

/// A struct body at a context.
pub(crate) struct Body<'a, T>(pub(crate) &'a T, pub(crate) Ctx);

impl<T: Wire> WriteExact for Body<'_, T> {
    #[inline]
    fn len(&self) -> usize {
        self.0.wire_len(self.1)
    }

    #[inline(always)]
    fn write_to<W: BufMut>(&self, buf: &mut W) -> Result<(), EncodeError> {
        self.0.encode_wire(buf, self.1)
    }
}

/// True when the spare room of a `B` (its chunk past what it has committed)
/// is the buffer's own, to write into and leave uncommitted: `Vec<u8>`,
/// `BytesMut`, `&mut` of either, and the one-pass [`Window`] over their room.
/// A constant once inlined.
///
/// A type test rather than a trait: every encoder takes any `B: BufMut`
/// (the `Wire` trait's methods, the user's impls among them), and without
/// specialization a bound cannot ask a question of an arbitrary `B`. The
/// `typeid` crate gives the `TypeId` of a type that is not `'static`
/// (lifetimes play no part in the answer).
#[inline(always)]
pub(crate) fn owns_spare_room<B: BufMut + ?Sized>() -> bool {
    let id = typeid::of::<B>();
    id == TypeId::of::<Vec<u8>>()
        || id == TypeId::of::<BytesMut>()
        || id == typeid::of::<&mut Vec<u8>>()
        || id == typeid::of::<&mut BytesMut>()
        || id == TypeId::of::<Window<'static, true>>()
}

/// How writing into a [`Window`] ended.
enum Attempt {
    /// Everything fitted: this many bytes were written.
    Written(usize),
    /// The room ran out: a write did not fit, or a derived struct or array
    /// found less room than it writes at least.
    OutOfRoom,
    /// The writer failed.
    Failed(EncodeError),
}

/// Writes what `w` writes into `room` through a [`Window`].
///
/// Both one-pass writes and sized writes into room come here, so that each
/// message type has one window writer per kind of buffer and the compiler
/// inlines the whole of `w`'s writing into it. The window is then a local
/// whose address nothing takes, and its cursor lives in registers instead of
/// being stored after every write.
#[inline(never)]
fn write_window<W: WriteExact, const SPARE: bool>(w: &W, room: &mut [MaybeUninit<u8>]) -> Attempt {
    let room_len = room.len();
    let mut window = Window::<SPARE>::new(room);
    match w.write_to(&mut window) {
        _ if window.overflowed => Attempt::OutOfRoom,
        Err(e) if e.is_out_of_room() => Attempt::OutOfRoom,
        Err(e) => Attempt::Failed(e),
        Ok(()) => Attempt::Written(room_len - window.room.len()),
    }
}

/// Writes what `w` writes, after an int32 size prefix when `prefixed` (a
/// frame), and returns the number of bytes written, prefix included.
///
/// Into a buffer that [owns its spare room](owns_spare_room), the bytes
/// first go through a [`Window`] over the room of its current chunk, without
/// computing their size: if they fit, the prefix is filled in from the count
/// written and everything is committed. An attempt that cannot fit (a fresh
/// `Vec` offers 64 bytes) stops at the first struct or array that finds
/// less room than it writes at least, so it costs about as much as writing
/// the room's worth of bytes. Otherwise, and for every other buffer, the size
/// is computed and checked against the buffer's room, and [`write_exact`]
/// writes.
pub(crate) fn write_message<B: BufMut, W: WriteExact>(
    buf: &mut B,
    w: &W,
    prefixed: bool,
) -> Result<usize, EncodeError> {
    let prefix_len = if prefixed { 4 } else { 0 };
    if owns_spare_room::<B>() {
        // A chunk is never longer than the room left (`BufMut`'s contract).
        let room_left = buf.remaining_mut();
        let chunk = buf.chunk_mut();
        let room_len = chunk.len().min(room_left);
        if room_len > prefix_len {
            // SAFETY: the slice is written only through `Window` and through
            // `MaybeUninit::write`, which write initialised bytes.
            let room = unsafe { &mut chunk.as_uninit_slice_mut()[..room_len] };
            let (prefix, rest) = room.split_at_mut(prefix_len);
            match write_window::<W, true>(w, rest) {
                Attempt::Written(written) => {
                    if prefixed {
                        put_frame_size(prefix, written)?;
                    }
                    // SAFETY: the prefix and the next `written` bytes were
                    // just written.
                    unsafe { buf.advance_mut(prefix_len + written) };
                    return Ok(prefix_len + written);
                }
                Attempt::Failed(e) => return Err(e),
                Attempt::OutOfRoom => {}
            }
        }
    }
    let len = w.len();
    let size = match prefixed {
        false => None,
        true => Some(frame_size(len)?),
    };
    let total = prefix_len + len;
    if buf.remaining_mut() < total {
        // Marked as a room check's, so that a window this buffer is itself
        // (a `Wire` impl that nests `Message::encode`) sizes and retries.
        return Err(short_of_room(total, buf.remaining_mut()));
    }
    write_exact(buf, size, len, w)?;
    Ok(total)
}

/// The int32 size of a frame of `len` bytes.
#[inline]
fn frame_size(len: usize) -> Result<i32, EncodeError> {
    i32::try_from(len).map_err(|_| too_long_for_a_frame(len))
}

/// Writes the int32 size of a frame of `len` bytes into its 4-byte slot.
#[inline]
fn put_frame_size(slot: &mut [MaybeUninit<u8>], len: usize) -> Result<(), EncodeError> {
    for (slot, byte) in slot.iter_mut().zip(frame_size(len)?.to_be_bytes()) {
        slot.write(byte);
    }
    Ok(())
}

#[cold]
fn too_long_for_a_frame(len: usize) -> EncodeError {
    EncodeErrorKind::TooLong {
        length: len,
        max: i32::MAX as usize,
    }
    .into()
}

/// Writes what `w` writes, which must be exactly `len` bytes, into `buf`,
/// after `size` as an int32 when there is one. The caller has checked that
/// `buf` has room for them.
///
/// When `buf`'s current chunk has room for all of them, they are written
/// through a [`Window`] over that room and committed at the end, only if
/// exactly `len` were written. Each write is then a bounds check, a copy and
/// a pointer bump, which the compiler keeps in registers; a `BytesMut` or
/// `Vec` write must also reload and store the buffer's length and check its
/// capacity, because it might reallocate. That halves the cost of encoding.
/// The window covers the whole chunk of a buffer that owns its spare room,
/// and exactly the bytes to write of any other. Otherwise `buf` takes the
/// writes directly (and may then hold part of the body on error).
pub(crate) fn write_exact<B: BufMut, W: WriteExact>(
    buf: &mut B,
    size: Option<i32>,
    len: usize,
    w: &W,
) -> Result<(), EncodeError> {
    let prefix_len = if size.is_some() { 4 } else { 0 };
    let total = prefix_len + len;
    let spare = owns_spare_room::<B>();
    let chunk = buf.chunk_mut();
    let written = if chunk.len() >= total {
        // SAFETY: the slice is written only through `Window` and through
        // `MaybeUninit::write`, which write initialised bytes.
        let room = unsafe { chunk.as_uninit_slice_mut() };
        let room = if spare { room } else { &mut room[..total] };
        let (prefix, rest) = room.split_at_mut(prefix_len);
        if let Some(size) = size {
            for (slot, byte) in prefix.iter_mut().zip(size.to_be_bytes()) {
                slot.write(byte);
            }
        }
        let attempt = if spare {
            write_window::<W, true>(w, rest)
        } else {
            write_window::<W, false>(w, rest)
        };
        let written = match attempt {
            Attempt::Written(written) => written,
            // The room was sized for the body: it wrote more than it said.
            Attempt::OutOfRoom => return Err(EncodeErrorKind::Overrun { computed: total }.into()),
            Attempt::Failed(e) => return Err(e),
        };
        if written == len {
            // SAFETY: the prefix and the next `len` bytes were just written.
            unsafe { buf.advance_mut(total) };
        }
        written
    } else {
        if let Some(size) = size {
            buf.put_i32(size);
        }
        let before = buf.remaining_mut();
        w.write_to(buf)?;
        match before.checked_sub(buf.remaining_mut()) {
            Some(written) => written,
            // A buffer whose room grew as it was written cannot say how
            // much was; take the size as given.
            None => len,
        }
    };
    if written != len {
        // Counted with the prefix, as `BufferTooSmall` counts what it needs.
        return Err(EncodeErrorKind::LengthMismatch {
            computed: total,
            written: prefix_len + written,
        }
        .into());
    }
    Ok(())
}

/// The room of a buffer, written front to back: the spare room of a buffer
/// that owns it (`SPARE`), or exactly the bytes to write of any other.
///
/// Unlike a plain `&mut [MaybeUninit<u8>]`, whose writes panic when full, a
/// write that does not fit marks the window overflowed and empties it, and
/// [`write_window`] turns that into [`Attempt::OutOfRoom`]. No write path
/// calls anything, so the compiler may keep the cursor in registers: a write
/// that can panic must first store the cursor to memory, where an unwinding
/// caller could read it. The same holds for the writers that take the
/// window: each is inlined into [`write_window`], because a call that
/// receives the window's address keeps it in memory, and its cursor is then
/// stored after every write.
pub(crate) struct Window<'a, const SPARE: bool> {
    room: &'a mut [MaybeUninit<u8>],
    overflowed: bool,
}

impl<'a, const SPARE: bool> Window<'a, SPARE> {
    #[inline(always)]
    fn new(room: &'a mut [MaybeUninit<u8>]) -> Self {
        Window {
            room,
            overflowed: false,
        }
    }

    #[inline(always)]
    fn overflow(&mut self) {
        self.overflowed = true;
        self.room = &mut [];
    }
}

// SAFETY: `chunk_mut` is the unwritten room, `remaining_mut` its length;
// `advance_mut` and the writes move past bytes only after writing them (or
// empty the window, committing nothing, when they do not fit), so the window
// never reports room it does not have.
unsafe impl<const SPARE: bool> BufMut for Window<'_, SPARE> {
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

#[cfg(test)]
mod tests {
    use bytes::Buf;

    use super::*;
    use crate::{DecodeError, KafkaMessage, Str, Versioned};

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

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1001, versions = "0-1", flexible = "1+")]
    struct Notes {
        #[kafka(versions = "0+")]
        notes: Vec<Note>,
        /// Absent in version 0: a value there cannot be encoded.
        #[kafka(versions = "1+")]
        extra: i32,
    }

    /// `n` notes: 15 bytes each at v0, 14 at v1, plus the array prefix.
    fn notes(n: usize, extra: i32) -> Notes {
        Notes {
            notes: vec![note(); n],
            extra,
        }
    }

    /// Room that holds any of these tests' messages.
    const ROOMY: usize = 256;

    #[test]
    fn one_pass_and_sized_writes_agree() {
        for version in [0, 1] {
            for n in [0, 1, 16, 17, 18, 100] {
                let msg = notes(n, 0);
                let len = msg.encoded_len(version);
                // Sized first, into exactly its length.
                let sized = msg.encode_to_vec(version).unwrap();
                assert_eq!(sized.len(), len);
                // Rooms from none (a `Vec` then offers 64 bytes) to plenty,
                // and around the length.
                for room in [0, 1, 63, 64, 65, len.saturating_sub(1), len, len + 1, 4096] {
                    let mut buf = Vec::with_capacity(room);
                    assert_eq!(
                        msg.encode(&mut buf, version).unwrap(),
                        len,
                        "n {n} room {room}"
                    );
                    assert_eq!(buf, sized, "n {n} room {room}");
                    // After other bytes in a reused buffer.
                    buf.clear();
                    buf.push(0xee);
                    assert_eq!(msg.encode(&mut buf, version).unwrap(), len);
                    assert_eq!(&buf[1..], &sized[..]);
                }
            }
        }
    }

    #[test]
    fn a_fixed_buffer_too_small_for_a_one_pass_write_is_refused() {
        // 100 notes take more than the 512 bytes of a slice: sized first, it
        // is refused before anything is written.
        let msg = notes(100, 0);
        let len = msg.encoded_len(1);
        let mut fixed = vec![0u8; 512];
        let mut window = &mut fixed[..];
        let err = msg.encode(&mut window, 1).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::BufferTooSmall {
                needed: len,
                remaining: 512
            }
        );
        // Nothing committed, nothing written.
        assert_eq!(window.len(), 512);
        assert!(fixed.iter().all(|&b| b == 0));
    }

    #[test]
    fn an_error_in_a_one_pass_write_commits_nothing() {
        // `extra` does not exist at v0: a non-default value there is an error,
        // found after all the notes were written into the room.
        let msg = notes(40, 5);
        let mut buf = Vec::with_capacity(4096);
        buf.push(0xee);
        let err = msg.encode(&mut buf, 0).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
        assert_eq!(err.to_string(), "Notes.extra (version 0): field is absent in this version but holds a non-default value (and is not ignorable)");
        assert_eq!(buf, [0xee]);
    }

    #[test]
    fn a_frame_prefix_counts_what_was_written() {
        // In one pass the prefix is the count written, even for a writer
        // whose `len` is wrong; a sized write catches the disagreement.
        let mut roomy = Vec::with_capacity(ROOMY);
        assert_eq!(
            write_message(&mut roomy, &Liar { actual: 9 }, true).unwrap(),
            13
        );
        assert_eq!(&roomy[..4], &9i32.to_be_bytes());
        let err = write_exact(&mut Vec::new(), Some(4), 4, &Liar { actual: 9 }).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::LengthMismatch {
                computed: 8,
                written: 13
            }
        );
    }

    /// A hand-written field that embeds a whole message with `Message::encode`.
    #[derive(Debug, Clone, PartialEq, Default)]
    struct Embedded(Note);

    impl Wire for Embedded {
        const TYPE: crate::schema::KafkaType = crate::schema::KafkaType::Bytes;
        const MIN_LEN: usize = 0;
        fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
            self.0.encode(buf, 0).map(|_| ())
        }
        fn wire_len(&self, _: Ctx) -> usize {
            self.0.encoded_len(0)
        }
        fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
            Note::decode(buf, 0).map(Embedded)
        }
        fn is_default_value(&self) -> bool {
            false
        }
    }

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1002, versions = "0", flexible = "none")]
    struct Outer {
        #[kafka(versions = "0+")]
        pad: Str,
        #[kafka(versions = "0+")]
        inner: Embedded,
    }

    #[test]
    fn a_nested_encode_that_outgrows_the_window_falls_back() {
        // The inner `encode` sees the window's room, not the Vec's, and
        // refuses it; the outer encode then sizes and writes into the Vec.
        let msg = Outer {
            pad: "p".repeat(200).into(),
            inner: Embedded(Note {
                id: 1,
                text: "n".repeat(100).into(),
            }),
        };
        let mut sized = Vec::new();
        msg.encode(&mut sized, 0).unwrap();
        let mut roomy = Vec::with_capacity(ROOMY);
        assert_eq!(msg.encode(&mut roomy, 0).unwrap(), sized.len());
        assert_eq!(roomy, sized);
    }

    #[test]
    fn the_error_does_not_depend_on_the_room() {
        // Too small and not encodable at v0: too small, whatever the room.
        let msg = notes(100, 5);
        let len = msg.encoded_len(0);
        for room in [0, 1, 5, 255, 256, 1024] {
            let mut fixed = vec![0u8; room];
            let err = msg.encode(&mut &mut fixed[..], 0).unwrap_err();
            assert_eq!(
                err.kind(),
                &EncodeErrorKind::BufferTooSmall {
                    needed: len,
                    remaining: room
                },
                "room {room}"
            );
        }
        // With room enough, the encode error.
        let mut fixed = vec![0u8; len];
        let err = msg.encode(&mut &mut fixed[..], 0).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
    }

    #[test]
    fn an_empty_body_allocates_nothing() {
        #[derive(Debug, Clone, PartialEq, KafkaMessage)]
        #[kafka(api_key = 1003, versions = "0")]
        struct Nothing {}
        let v = Nothing {}.encode_to_vec(0).unwrap();
        assert_eq!((v.len(), v.capacity()), (0, 0));
    }

    /// Says it writes 4 bytes but writes `actual`.
    struct Liar {
        actual: usize,
    }

    impl WriteExact for Liar {
        fn len(&self) -> usize {
            4
        }

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
    fn a_struct_refuses_less_room_than_its_smallest_form_up_front() {
        // Note writes at least 5 bytes (an int32 and a compact string's
        // length). Written directly with less room, it is an error, not a
        // panic of the buffer, and nothing is written.
        let mut fixed = [0u8; 4];
        let mut window = &mut fixed[..];
        let ctx = Note::context(1).unwrap();
        let err = note().encode_wire(&mut window, ctx).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::BufferTooSmall {
                needed: 5,
                remaining: 4
            }
        );
        assert_eq!(window.len(), 4);
        assert_eq!(fixed, [0; 4]);
        // With room for the smallest form, the struct is written as before.
        let mut roomy = Vec::new();
        note().encode_wire(&mut roomy, ctx).unwrap();
        assert_eq!(roomy, b"\x00\x00\x00\x07\x06hello\x00");
    }

    #[test]
    fn a_full_fixed_buffer_is_an_error_and_nothing_is_committed() {
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
        // Nothing committed, nothing written.
        assert_eq!(window.len(), n - 1);
        assert!(fixed.iter().all(|&b| b == 0));
    }

    #[test]
    fn an_attempt_that_cannot_fit_stops_at_the_first_element_past_the_room() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static WRITES: AtomicUsize = AtomicUsize::new(0);

        /// An int32 that counts its writes.
        #[derive(Debug, Clone, PartialEq, Default)]
        struct Counted(i32);
        impl Wire for Counted {
            const TYPE: crate::schema::KafkaType = crate::schema::KafkaType::Int32;
            const MIN_LEN: usize = 4;
            fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
                WRITES.fetch_add(1, Ordering::Relaxed);
                buf.put_i32(self.0);
                Ok(())
            }
            fn wire_len(&self, _: Ctx) -> usize {
                4
            }
            fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
                Ok(Counted(buf.try_get_i32()?))
            }
            fn is_default_value(&self) -> bool {
                self.0 == 0
            }
        }
        /// At least 5 bytes (the int32 and a string's length), 17 here.
        #[derive(Debug, Clone, PartialEq, KafkaMessage)]
        struct Element {
            #[kafka(versions = "0+")]
            counted: Counted,
            #[kafka(versions = "0+")]
            id: i32,
            #[kafka(versions = "0+")]
            name: Str,
        }
        #[derive(Debug, Clone, PartialEq, KafkaMessage)]
        #[kafka(api_key = 1003, versions = "0", flexible = "none")]
        struct Elements {
            #[kafka(versions = "0+")]
            elements: Vec<Element>,
        }
        let elements = |n| Elements {
            elements: vec![
                Element {
                    counted: Counted(1),
                    id: 2,
                    name: "abcdefg".into(),
                };
                n
            ],
        };
        // The writes of an attempt into a fresh `Vec`, whose 64 bytes of
        // room cannot hold the message, beyond those of the sized write.
        let attempt_writes = |msg: &Elements| {
            let before = WRITES.load(Ordering::Relaxed);
            let sized = msg.encode_to_vec(0).unwrap();
            let between = WRITES.load(Ordering::Relaxed);
            let mut fresh = Vec::new();
            assert_eq!(msg.encode(&mut fresh, 0).unwrap(), sized.len());
            assert_eq!(fresh, sized);
            let after = WRITES.load(Ordering::Relaxed);
            (after - between) - (between - before)
        };
        // Ten elements pass the array's check (at least 50 bytes), and the
        // attempt writes those that fit; the first element that finds less
        // room than its 5 bytes ends it, before the rest are walked.
        let n = attempt_writes(&elements(10));
        assert!((1..10).contains(&n), "{n} writes in the attempt");
        // A thousand fail the array's check (at least 5,000 bytes): nothing
        // is walked.
        assert_eq!(attempt_writes(&elements(1000)), 0);
        // An array of fixed-size values that cannot fit stops before its
        // elements: an error from `encode_wire` rather than the panic of a
        // full slice.
        let mut small = [0u8; 10];
        let err = vec![7i32; 100]
            .encode_wire(&mut &mut small[..], Ctx::new(0, true))
            .unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::BufferTooSmall {
                needed: 400,
                remaining: 9
            }
        );
    }

    #[test]
    fn a_full_window_never_panics() {
        let mut room = [MaybeUninit::new(0u8); 6];
        let mut w = Window::<true>::new(&mut room);
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
        // SAFETY: a window checks `cnt` against its room (the contract it
        // relaxes), so advancing past it only marks it overflowed.
        unsafe { w.advance_mut(2) };
        assert!(w.overflowed);
        let written: Vec<u8> = room[..5]
            .iter()
            // SAFETY: the first five bytes were written, and all six were
            // initialised before the window took them.
            .map(|b| unsafe { b.assume_init() })
            .collect();
        assert_eq!(written, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_wrong_size_is_an_error_and_commits_nothing_on_the_window_path() {
        for actual in [3, 5] {
            let mut buf = Vec::with_capacity(16);
            buf.push(1);
            let err = write_exact(&mut buf, None, 4, &Liar { actual }).unwrap_err();
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
            let err = write_exact(&mut exact, None, 4, &Liar { actual: 7 }).unwrap_err();
            assert_eq!(err.kind(), &EncodeErrorKind::Overrun { computed: 4 });
            assert!(exact.is_empty());
            // Without room, the direct path still reports it.
            let mut tight = Vec::new();
            let err = write_exact(&mut tight, None, 4, &Liar { actual }).unwrap_err();
            assert!(
                matches!(err.kind(), EncodeErrorKind::LengthMismatch { written, .. } if *written == actual)
            );
        }
        let mut buf = Vec::with_capacity(16);
        write_exact(&mut buf, None, 4, &Liar { actual: 4 }).unwrap();
        assert_eq!(buf, [0xab; 4]);
    }
}
