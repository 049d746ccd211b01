//! The primitive codecs every message is built from: varints, length prefixes,
//! strings and byte arrays in their classic and compact forms.
//!
//! Everything here is a small free function over [`bytes::Buf`] / [`bytes::BufMut`],
//! tested on its own, and called by the [`Wire`](crate::Wire) impls and by generated
//! code. Decoders never panic and never trust a length: a length is checked
//! against the bytes that remain before anything is sized by it.

use bytes::{Buf, BufMut, Bytes};

use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Str};

/// The longest string Kafka accepts, in bytes, in both the classic and compact forms
/// (Java's reader and writer refuse longer ones).
pub const MAX_STRING_LEN: usize = i16::MAX as usize;

/// The longest byte array or array, in bytes or elements.
pub const MAX_ARRAY_LEN: usize = i32::MAX as usize;

/// How a length prefix is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LengthForm {
    /// Classic int16 length, `-1` for null (strings in non-flexible versions).
    Int16,
    /// Classic int32 length, `-1` for null (bytes, records and arrays in
    /// non-flexible versions).
    Int32,
    /// Unsigned varint of `length + 1`, `0` for null (flexible versions).
    Compact,
}

impl LengthForm {
    /// The form strings use: compact when flexible, else int16.
    #[inline(always)]
    pub const fn string(flexible: bool) -> Self {
        if flexible {
            LengthForm::Compact
        } else {
            LengthForm::Int16
        }
    }

    /// The form bytes, records and arrays use: compact when flexible, else int32.
    #[inline(always)]
    pub const fn array(flexible: bool) -> Self {
        if flexible {
            LengthForm::Compact
        } else {
            LengthForm::Int32
        }
    }
}

// ---------------------------------------------------------------------------
// Varints
// ---------------------------------------------------------------------------

/// Bytes an unsigned varint of `v` takes (1 to 5).
#[inline(always)]
pub const fn uvarint_len(v: u32) -> usize {
    // Lengths, counts and tags are almost always below 128: one compare and a
    // well-predicted branch, where the general formula is a leading-zero
    // count, a multiply and a shift. Sizing a message is mostly this call.
    if v < 0x80 {
        return 1;
    }
    // One byte per started group of 7 significant bits.
    let bits = 32 - v.leading_zeros() as usize;
    bits.div_ceil(7)
}

/// Bytes an unsigned varlong of `v` takes (1 to 10).
#[inline(always)]
pub const fn uvarlong_len(v: u64) -> usize {
    let bits = 64 - (v | 1).leading_zeros() as usize;
    bits.div_ceil(7)
}

/// Bytes a zigzag varint of `v` takes.
#[inline(always)]
pub const fn varint_len(v: i32) -> usize {
    uvarint_len(zigzag32(v))
}

/// Bytes a zigzag varlong of `v` takes.
#[inline(always)]
pub const fn varlong_len(v: i64) -> usize {
    uvarlong_len(zigzag64(v))
}

#[inline(always)]
const fn zigzag32(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

#[inline(always)]
const fn zigzag64(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

/// Writes an unsigned varint (7 bits a byte, low groups first).
#[inline(always)]
pub fn put_uvarint<B: BufMut>(buf: &mut B, mut v: u32) {
    if v < 0x80 {
        buf.put_u8(v as u8);
        return;
    }
    let mut tmp = [0u8; 5];
    let mut i = 0;
    while v >= 0x80 {
        tmp[i] = (v as u8) | 0x80;
        v >>= 7;
        i += 1;
    }
    tmp[i] = v as u8;
    // Byte by byte, not `put_slice`: a copy of a variable length compiles
    // to a call to `memcpy`, and the registers a call clobbers cost the
    // loops it sits in more than these few bytes do, even where the call
    // is never made.
    for &b in &tmp[..=i] {
        buf.put_u8(b);
    }
}

/// Writes an unsigned varlong.
#[inline]
pub fn put_uvarlong<B: BufMut>(buf: &mut B, mut v: u64) {
    let mut tmp = [0u8; 10];
    let mut i = 0;
    while v >= 0x80 {
        tmp[i] = (v as u8) | 0x80;
        v >>= 7;
        i += 1;
    }
    tmp[i] = v as u8;
    buf.put_slice(&tmp[..=i]);
}

/// Writes a zigzag-encoded signed varint.
#[inline]
pub fn put_varint<B: BufMut>(buf: &mut B, v: i32) {
    put_uvarint(buf, zigzag32(v));
}

/// Writes a zigzag-encoded signed varlong.
#[inline]
pub fn put_varlong<B: BufMut>(buf: &mut B, v: i64) {
    put_uvarlong(buf, zigzag64(v));
}

/// Reads an unsigned varint of at most 5 bytes whose value fits a `u32`.
///
/// A non-minimal encoding within 5 bytes is accepted, as Kafka's Java reader does.
#[inline]
pub fn get_uvarint<B: Buf>(buf: &mut B) -> Result<u32, DecodeError> {
    if let Some(&b) = buf.chunk().first() {
        if b < 0x80 {
            buf.advance(1);
            return Ok(u32::from(b));
        }
    }
    get_uvarint_slow(buf)
}

#[cold]
#[inline(never)]
fn get_uvarint_slow<B: Buf>(buf: &mut B) -> Result<u32, DecodeError> {
    let v = get_varint_bytes(buf, 5)?;
    u32::try_from(v).map_err(|_| DecodeErrorKind::VarintOverflow { bits: 32 }.into())
}

/// Reads an unsigned varlong of at most 10 bytes whose value fits a `u64`.
#[inline]
pub fn get_uvarlong<B: Buf>(buf: &mut B) -> Result<u64, DecodeError> {
    if let Some(&b) = buf.chunk().first() {
        if b < 0x80 {
            buf.advance(1);
            return Ok(u64::from(b));
        }
    }
    get_varint_bytes(buf, 10)
}

/// Reads a zigzag varint (at most 5 bytes).
#[inline]
pub fn get_varint<B: Buf>(buf: &mut B) -> Result<i32, DecodeError> {
    let u = get_uvarint(buf)?;
    Ok(((u >> 1) as i32) ^ -((u & 1) as i32))
}

/// Reads a zigzag varlong (at most 10 bytes).
#[inline]
pub fn get_varlong<B: Buf>(buf: &mut B) -> Result<i64, DecodeError> {
    let u = get_uvarlong(buf)?;
    Ok(((u >> 1) as i64) ^ -((u & 1) as i64))
}

/// Reads up to `max_bytes` varint bytes; checks overflow of 64 bits and length.
fn get_varint_bytes<B: Buf>(buf: &mut B, max_bytes: u8) -> Result<u64, DecodeError> {
    let mut value: u64 = 0;
    for i in 0..max_bytes {
        let b = buf.try_get_u8()?;
        let part = u64::from(b & 0x7f);
        let shift = 7 * u32::from(i);
        // The 10th byte of a varlong may carry one bit only.
        if shift == 63 && part > 1 {
            return Err(DecodeErrorKind::VarintOverflow { bits: 64 }.into());
        }
        value |= part << shift;
        if b < 0x80 {
            return Ok(value);
        }
    }
    Err(DecodeErrorKind::VarintTooLong { max_bytes }.into())
}

// ---------------------------------------------------------------------------
// Length prefixes
// ---------------------------------------------------------------------------

/// Bytes the length prefix of `len` (or of null) takes in `form`.
#[inline(always)]
pub const fn length_prefix_len(len: Option<usize>, form: LengthForm) -> usize {
    match form {
        LengthForm::Int16 => 2,
        LengthForm::Int32 => 4,
        LengthForm::Compact => match len {
            None => 1,
            // Lengths over u32::MAX - 1 cannot be encoded; encode reports it.
            Some(n) => uvarint_len((n as u32).wrapping_add(1)),
        },
    }
}

/// Writes the length prefix of `len`, or of null. The caller has checked the
/// length against the form's maximum (see [`put_length_checked`]).
#[inline(always)]
pub fn put_length<B: BufMut>(buf: &mut B, len: Option<usize>, form: LengthForm) {
    match (form, len) {
        (LengthForm::Int16, Some(n)) => buf.put_slice(&int16_length(n)),
        (LengthForm::Int16, None) => buf.put_i16(-1),
        (LengthForm::Int32, Some(n)) => buf.put_i32(n as i32),
        (LengthForm::Int32, None) => buf.put_i32(-1),
        (LengthForm::Compact, Some(n)) => put_uvarint(buf, n as u32 + 1),
        (LengthForm::Compact, None) => buf.put_u8(0),
    }
}

/// Writes the length prefix of `len` in `form` after checking it against
/// `max`: what strings, byte arrays and arrays call. A compact length under
/// 127, nearly every one, is one byte, with no check against `max` (every
/// maximum is larger).
#[inline(always)]
pub fn put_length_checked<B: BufMut>(
    buf: &mut B,
    len: usize,
    max: usize,
    form: LengthForm,
) -> Result<(), EncodeError> {
    match form {
        LengthForm::Compact if len < SHORT_COMPACT => buf.put_u8(compact_length_byte(len)),
        _ => {
            check_len(len, max)?;
            put_length(buf, Some(len), form);
        }
    }
    Ok(())
}

/// Lengths below this take one byte in the compact form.
pub(crate) const SHORT_COMPACT: usize = 0x7f;

/// The one byte of the compact length of `len < SHORT_COMPACT`.
#[inline(always)]
pub(crate) const fn compact_length_byte(len: usize) -> u8 {
    len as u8 + 1
}

/// The two bytes of the int16 length of `len <= MAX_STRING_LEN`.
#[inline(always)]
pub(crate) const fn int16_length(len: usize) -> [u8; 2] {
    (len as i16).to_be_bytes()
}

/// Reads a length prefix; `None` is null. Lengths below -1 and compact lengths
/// over `i32::MAX` are errors. The length is not yet checked against the input.
#[inline]
pub fn get_length<B: Buf>(buf: &mut B, form: LengthForm) -> Result<Option<usize>, DecodeError> {
    let n: i64 = match form {
        LengthForm::Int16 => i64::from(buf.try_get_i16()?),
        LengthForm::Int32 => i64::from(buf.try_get_i32()?),
        LengthForm::Compact => i64::from(get_uvarint(buf)?) - 1,
    };
    match n {
        -1 => Ok(None),
        n if n < -1 => Err(DecodeErrorKind::InvalidLength(n).into()),
        n if n > MAX_ARRAY_LEN as i64 => Err(DecodeErrorKind::LengthTooLarge {
            length: n as u64,
            max: MAX_ARRAY_LEN as u64,
        }
        .into()),
        n => Ok(Some(n as usize)),
    }
}

/// Fails unless `needed` bytes remain.
#[inline(always)]
pub fn ensure_remaining<B: Buf>(buf: &B, needed: usize) -> Result<(), DecodeError> {
    if buf.remaining() < needed {
        Err(DecodeError::truncated(needed, buf.remaining()))
    } else {
        Ok(())
    }
}

/// Checks a length before it is written.
#[inline(always)]
pub fn check_len(len: usize, max: usize) -> Result<(), EncodeError> {
    if len > max {
        Err(EncodeErrorKind::TooLong { length: len, max }.into())
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Strings and bytes
// ---------------------------------------------------------------------------

/// Bytes a string of `len` bytes takes (prefix included).
#[inline(always)]
pub const fn str_len(len: usize, flexible: bool) -> usize {
    length_prefix_len(Some(len), LengthForm::string(flexible)) + len
}

/// Writes a string: int16 length (classic) or compact length, then UTF-8 bytes.
/// Strings over 32767 bytes are an error in both forms.
#[inline(always)]
pub fn put_str<B: BufMut>(buf: &mut B, s: &str, flexible: bool) -> Result<(), EncodeError> {
    put_length_checked(buf, s.len(), MAX_STRING_LEN, LengthForm::string(flexible))?;
    buf.put_slice(s.as_bytes());
    Ok(())
}

/// The inlined case of [`get_str`] and [`get_str_slice`]: the prefix's
/// size, the length it gives (`usize::MAX` for a null, a negative or a
/// multi-byte one, which no inline buffer holds), and the whole inline
/// buffer's worth of input after the prefix, if `chunk` has it.
#[inline(always)]
fn short_string(
    chunk: &[u8],
    flexible: bool,
) -> Option<(usize, usize, &[u8; Str::INLINE_CAPACITY])> {
    let (prefix, len) = if flexible {
        (
            1,
            usize::from(chunk.first().copied().unwrap_or(0)).wrapping_sub(1),
        )
    } else {
        match chunk.first_chunk::<2>() {
            Some(&[0, n]) => (2, usize::from(n)),
            _ => (2, usize::MAX),
        }
    };
    let window = chunk.get(prefix..)?.first_chunk()?;
    Some((prefix, len, window))
}

/// Reads a string, or `None` for null. Strings of up to
/// [`Str::INLINE_CAPACITY`] bytes are copied inline; longer ones from a `Bytes`
/// source are slices of the input, not copies.
#[inline(always)]
pub fn get_str<B: Buf>(buf: &mut B, flexible: bool) -> Result<Option<Str>, DecodeError> {
    // Inlined into the caller: a short ASCII string (nearly every name in a
    // Kafka message) with a whole inline buffer's worth of input in the
    // chunk. Everything else is a call.
    let chunk = buf.chunk();
    if let Some((prefix, len, window)) = short_string(chunk, flexible) {
        if let Some(s) = Str::inline_ascii(window, len) {
            buf.advance(prefix + len);
            return Ok(Some(s));
        }
    }
    get_str_general(buf, flexible)
}

/// [`get_str`] past its inlined case.
#[inline(never)]
fn get_str_general<B: Buf>(buf: &mut B, flexible: bool) -> Result<Option<Str>, DecodeError> {
    // Fast path: the length prefix and the whole string are in the current
    // chunk (always, for `Bytes` and slices) and a compact length fits in one
    // byte (strings under 127 bytes). The prefix is read from the chunk once,
    // without the general path's re-checks of `remaining()` and of the i32
    // and string maximums, which a one-byte or non-negative int16 length meets.
    let chunk = buf.chunk();
    let (prefix, len) = if flexible {
        match chunk.first() {
            Some(0) => {
                buf.advance(1);
                return Ok(None);
            }
            Some(&b) if b < 0x80 => (1, usize::from(b - 1)),
            _ => return get_str_slow(buf, flexible),
        }
    } else {
        match chunk.first_chunk::<2>().map(|b| i16::from_be_bytes(*b)) {
            Some(n) if n >= 0 => (2, n as usize),
            Some(-1) => {
                buf.advance(2);
                return Ok(None);
            }
            _ => return get_str_slow(buf, flexible),
        }
    };
    if prefix + len > chunk.len() {
        return get_str_slow(buf, flexible);
    }
    if len <= Str::INLINE_CAPACITY {
        // Copied inline: no allocation, no reference count. The string is
        // consumed even when it is not UTF-8, as on every other path.
        let s = Str::decode_inline(&chunk[prefix..], len);
        buf.advance(prefix + len);
        return s.map(Some);
    }
    buf.advance(prefix);
    Str::from_utf8(buf.copy_to_bytes(len)).map(Some)
}

/// A string's length prefix, or `None` for null: [`get_length`] in the
/// string form, and at most [`MAX_STRING_LEN`]. Not yet checked against the
/// input.
#[inline]
fn get_str_length<B: Buf>(buf: &mut B, flexible: bool) -> Result<Option<usize>, DecodeError> {
    match get_length(buf, LengthForm::string(flexible))? {
        Some(len) if len > MAX_STRING_LEN => Err(DecodeErrorKind::LengthTooLarge {
            length: len as u64,
            max: MAX_STRING_LEN as u64,
        }
        .into()),
        len => Ok(len),
    }
}

/// [`get_str`] when its fast path does not apply: a multi-byte compact length,
/// an invalid or too large length, or a string that is truncated or spans
/// chunks.
#[inline(never)]
fn get_str_slow<B: Buf>(buf: &mut B, flexible: bool) -> Result<Option<Str>, DecodeError> {
    let Some(len) = get_str_length(buf, flexible)? else {
        return Ok(None);
    };
    ensure_remaining(buf, len)?;
    if len <= Str::INLINE_CAPACITY {
        let mut text = [0; Str::INLINE_CAPACITY];
        buf.copy_to_slice(&mut text[..len]);
        return Str::copy_from_utf8(&text[..len]).map(Some);
    }
    Str::from_utf8(buf.copy_to_bytes(len)).map(Some)
}

/// Reads a string as a slice of `buf`, or `None` for null: the checks and
/// errors of [`get_str`], with nothing copied.
#[inline(always)]
pub fn get_str_slice<'a>(
    buf: &mut &'a [u8],
    flexible: bool,
) -> Result<Option<&'a str>, DecodeError> {
    // Inlined, as in `get_str`: a short ASCII string with a whole inline
    // buffer's worth of input after it. Everything else is a call.
    let bytes: &'a [u8] = buf;
    if let Some((prefix, len, window)) = short_string(bytes, flexible) {
        if crate::str::short_ascii_words(window, len).is_some() {
            // `len` is at most the window's size, so both are in bounds.
            let (text, rest) = bytes[prefix..].split_at(len);
            *buf = rest;
            // SAFETY: ASCII is UTF-8, and `short_ascii_words` found these
            // `len` bytes ASCII.
            return Ok(Some(unsafe { core::str::from_utf8_unchecked(text) }));
        }
    }
    let (read, rest) = out_of_line(buf, move |buf| get_str_slice_general(buf, flexible));
    *buf = rest;
    read
}

/// Runs `read` out of line on a copy of `bytes`, and returns what it read
/// and the bytes after. A slow path called this way is given the slice by
/// value: one that took the caller's `&mut &[u8]` would force that cursor
/// out of registers into memory for the whole of the caller, every fast
/// path included (a view of a large message is one function, all inlined).
/// For the same reason `read` captures what it needs by value (`move`): a
/// captured `flexible` flag was stored to the stack on every fast path too.
#[inline(never)]
pub(crate) fn out_of_line<'a, T>(
    bytes: &'a [u8],
    read: impl FnOnce(&mut &'a [u8]) -> Result<T, DecodeError>,
) -> (Result<T, DecodeError>, &'a [u8]) {
    let mut rest = bytes;
    let value = read(&mut rest);
    (value, rest)
}

/// [`get_str_slice`] past its inlined case.
#[inline(never)]
fn get_str_slice_general<'a>(
    buf: &mut &'a [u8],
    flexible: bool,
) -> Result<Option<&'a str>, DecodeError> {
    let Some(len) = get_str_length(buf, flexible)? else {
        return Ok(None);
    };
    let Some((text, rest)) = buf.split_at_checked(len) else {
        return Err(DecodeError::truncated(len, buf.len()));
    };
    *buf = rest;
    crate::str::utf8(text).map(Some)
}

/// Writes a byte array: int32 length (classic) or compact length, then the bytes.
#[inline]
pub fn put_bytes<B: BufMut>(buf: &mut B, b: &[u8], flexible: bool) -> Result<(), EncodeError> {
    put_length_checked(buf, b.len(), MAX_ARRAY_LEN, LengthForm::array(flexible))?;
    buf.put_slice(b);
    Ok(())
}

/// Bytes a byte array of `len` bytes takes (prefix included).
#[inline(always)]
pub const fn bytes_len(len: usize, flexible: bool) -> usize {
    length_prefix_len(Some(len), LengthForm::array(flexible)) + len
}

/// Reads a byte array, or `None` for null; zero-copy from a `Bytes` source.
#[inline]
pub fn get_bytes<B: Buf>(buf: &mut B, flexible: bool) -> Result<Option<Bytes>, DecodeError> {
    let Some(len) = get_length(buf, LengthForm::array(flexible))? else {
        return Ok(None);
    };
    ensure_remaining(buf, len)?;
    Ok(Some(buf.copy_to_bytes(len)))
}

/// Reads a byte array as a slice of `buf`, or `None` for null: the checks
/// and errors of [`get_bytes`].
#[inline]
pub fn get_bytes_slice<'a>(
    buf: &mut &'a [u8],
    flexible: bool,
) -> Result<Option<&'a [u8]>, DecodeError> {
    let Some(len) = get_length(buf, LengthForm::array(flexible))? else {
        return Ok(None);
    };
    let Some((bytes, rest)) = buf.split_at_checked(len) else {
        return Err(DecodeError::truncated(len, buf.len()));
    };
    *buf = rest;
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uv(v: u32) -> Vec<u8> {
        let mut out = Vec::new();
        put_uvarint(&mut out, v);
        assert_eq!(out.len(), uvarint_len(v), "uvarint_len({v})");
        out
    }

    fn uvl(v: u64) -> Vec<u8> {
        let mut out = Vec::new();
        put_uvarlong(&mut out, v);
        assert_eq!(out.len(), uvarlong_len(v), "uvarlong_len({v})");
        out
    }

    #[test]
    fn uvarint_exact_bytes_at_edges() {
        assert_eq!(uv(0), [0x00]);
        assert_eq!(uv(1), [0x01]);
        assert_eq!(uv(127), [0x7f]);
        assert_eq!(uv(128), [0x80, 0x01]);
        assert_eq!(uv(300), [0xac, 0x02]);
        assert_eq!(uv(16383), [0xff, 0x7f]);
        assert_eq!(uv(16384), [0x80, 0x80, 0x01]);
        assert_eq!(uv((1 << 21) - 1), [0xff, 0xff, 0x7f]);
        assert_eq!(uv(1 << 21), [0x80, 0x80, 0x80, 0x01]);
        assert_eq!(uv((1 << 28) - 1), [0xff, 0xff, 0xff, 0x7f]);
        assert_eq!(uv(1 << 28), [0x80, 0x80, 0x80, 0x80, 0x01]);
        assert_eq!(uv(i32::MAX as u32), [0xff, 0xff, 0xff, 0xff, 0x07]);
        assert_eq!(uv(u32::MAX), [0xff, 0xff, 0xff, 0xff, 0x0f]);
    }

    #[test]
    fn uvarlong_exact_bytes_at_edges() {
        assert_eq!(uvl(0), [0x00]);
        assert_eq!(uvl(127), [0x7f]);
        assert_eq!(uvl(128), [0x80, 0x01]);
        assert_eq!(uvl(1 << 35), [0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
        assert_eq!(
            uvl(i64::MAX as u64),
            [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]
        );
        assert_eq!(
            uvl(u64::MAX),
            [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
        );
    }

    #[test]
    fn zigzag_exact_bytes() {
        let enc = |v: i32| {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            assert_eq!(out.len(), varint_len(v));
            out
        };
        assert_eq!(enc(0), [0x00]);
        assert_eq!(enc(-1), [0x01]);
        assert_eq!(enc(1), [0x02]);
        assert_eq!(enc(-64), [0x7f]);
        assert_eq!(enc(64), [0x80, 0x01]);
        assert_eq!(enc(i32::MAX), [0xfe, 0xff, 0xff, 0xff, 0x0f]);
        assert_eq!(enc(i32::MIN), [0xff, 0xff, 0xff, 0xff, 0x0f]);
        let encl = |v: i64| {
            let mut out = Vec::new();
            put_varlong(&mut out, v);
            assert_eq!(out.len(), varlong_len(v));
            out
        };
        assert_eq!(encl(-1), [0x01]);
        assert_eq!(
            encl(i64::MIN),
            [0xff; 9].iter().copied().chain([0x01]).collect::<Vec<_>>()
        );
        assert_eq!(encl(i64::MAX), {
            let mut v = vec![0xfe];
            v.extend([0xff; 8]);
            v.push(0x01);
            v
        });
    }

    #[test]
    fn varints_round_trip_whole_and_split() {
        let values: Vec<i64> = vec![
            0,
            1,
            -1,
            63,
            -64,
            64,
            127,
            128,
            16383,
            16384,
            1 << 21,
            1 << 28,
            i32::MAX as i64,
            i32::MIN as i64,
            i64::MAX,
            i64::MIN,
        ];
        for &v in &values {
            let mut out = Vec::new();
            put_varlong(&mut out, v);
            assert_eq!(get_varlong(&mut &out[..]).unwrap(), v);
            // One byte per chunk: the slow path.
            let (a, b) = out.split_at(1);
            let mut split = a.chain(b);
            assert_eq!(get_varlong(&mut split).unwrap(), v);
            if let Ok(v32) = i32::try_from(v) {
                let mut out = Vec::new();
                put_varint(&mut out, v32);
                assert_eq!(get_varint(&mut &out[..]).unwrap(), v32);
                let (a, b) = out.split_at(out.len() / 2);
                assert_eq!(get_varint(&mut a.chain(b)).unwrap(), v32);
            }
        }
    }

    #[test]
    fn hostile_varints_are_typed_errors() {
        let too_long = [0x80, 0x80, 0x80, 0x80, 0x80, 0x01];
        assert!(matches!(
            get_uvarint(&mut &too_long[..]).unwrap_err().kind(),
            DecodeErrorKind::VarintTooLong { max_bytes: 5 }
        ));
        let overflow32 = [0xff, 0xff, 0xff, 0xff, 0x1f];
        assert!(matches!(
            get_uvarint(&mut &overflow32[..]).unwrap_err().kind(),
            DecodeErrorKind::VarintOverflow { bits: 32 }
        ));
        let too_long64 = [0x80; 11];
        assert!(matches!(
            get_uvarlong(&mut &too_long64[..]).unwrap_err().kind(),
            DecodeErrorKind::VarintTooLong { max_bytes: 10 }
        ));
        let overflow64 = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02];
        assert!(matches!(
            get_uvarlong(&mut &overflow64[..]).unwrap_err().kind(),
            DecodeErrorKind::VarintOverflow { bits: 64 }
        ));
        let truncated = [0x80, 0x80];
        assert!(matches!(
            get_uvarint(&mut &truncated[..]).unwrap_err().kind(),
            DecodeErrorKind::Truncated { .. }
        ));
        // Non-minimal but within 5 bytes: accepted, as Java does.
        let non_minimal = [0x81, 0x80, 0x00];
        assert_eq!(get_uvarint(&mut &non_minimal[..]).unwrap(), 1);
    }

    #[test]
    fn lengths_below_minus_one_are_errors() {
        assert!(matches!(
            get_length(&mut &[0xff, 0xfe][..], LengthForm::Int16)
                .unwrap_err()
                .kind(),
            DecodeErrorKind::InvalidLength(-2)
        ));
        assert!(matches!(
            get_length(&mut &[0x80, 0, 0, 0][..], LengthForm::Int32)
                .unwrap_err()
                .kind(),
            DecodeErrorKind::InvalidLength(-2147483648)
        ));
        assert_eq!(
            get_length(&mut &[0u8][..], LengthForm::Compact).unwrap(),
            None
        );
        assert_eq!(
            get_length(&mut &[0xff, 0xff][..], LengthForm::Int16).unwrap(),
            None
        );
        // Compact length 0xffffffff - 1 is larger than any Java array.
        let huge = [0xff, 0xff, 0xff, 0xff, 0x0f];
        assert!(matches!(
            get_length(&mut &huge[..], LengthForm::Compact)
                .unwrap_err()
                .kind(),
            DecodeErrorKind::LengthTooLarge { .. }
        ));
    }

    #[test]
    fn strings_exact_bytes() {
        let enc = |s: &str, flexible: bool| {
            let mut out = Vec::new();
            put_str(&mut out, s, flexible).unwrap();
            assert_eq!(out.len(), str_len(s.len(), flexible));
            out
        };
        assert_eq!(enc("", false), [0, 0]);
        assert_eq!(enc("", true), [1]);
        assert_eq!(enc("ab", false), [0, 2, b'a', b'b']);
        assert_eq!(enc("ab", true), [3, b'a', b'b']);
        let mut null = Vec::new();
        put_length(&mut null, None, LengthForm::Int16);
        put_length(&mut null, None, LengthForm::Compact);
        assert_eq!(null, [0xff, 0xff, 0x00]);
        // 127 bytes compact: length+1 = 128 takes two varint bytes.
        let long = "x".repeat(127);
        assert_eq!(&enc(&long, true)[..2], &[0x80, 0x01]);
    }

    #[test]
    fn string_length_limit_both_ways() {
        let max = "a".repeat(MAX_STRING_LEN);
        for flexible in [false, true] {
            let mut out = Vec::new();
            put_str(&mut out, &max, flexible).unwrap();
            let back = get_str(&mut &out[..], flexible).unwrap().unwrap();
            assert_eq!(back.len(), MAX_STRING_LEN);
            let over = "a".repeat(MAX_STRING_LEN + 1);
            let err = put_str(&mut Vec::new(), &over, flexible).unwrap_err();
            assert!(matches!(
                err.kind(),
                EncodeErrorKind::TooLong {
                    length: 32768,
                    max: 32767
                }
            ));
        }
        // A compact prefix claiming 32768 bytes is refused before reading them.
        let mut input = Vec::new();
        put_uvarint(&mut input, 32769);
        assert!(matches!(
            get_str(&mut &input[..], true).unwrap_err().kind(),
            DecodeErrorKind::LengthTooLarge { length: 32768, .. }
        ));
    }

    #[test]
    fn strings_reject_bad_utf8_and_truncation() {
        let bad = [0, 2, 0xc3, 0x28];
        assert!(matches!(
            get_str(&mut &bad[..], false).unwrap_err().kind(),
            DecodeErrorKind::InvalidUtf8 { valid_up_to: 0 }
        ));
        let short = [0, 9, b'a'];
        assert!(matches!(
            get_str(&mut &short[..], false).unwrap_err().kind(),
            DecodeErrorKind::Truncated {
                needed: 9,
                remaining: 1
            }
        ));
    }

    #[test]
    fn bytes_from_bytes_source_are_zero_copy() {
        let mut out = Vec::new();
        put_bytes(&mut out, b"payload", true).unwrap();
        let input = Bytes::from(out);
        let base = input.as_ptr();
        let mut src = input.clone();
        let got = get_bytes(&mut src, true).unwrap().unwrap();
        assert_eq!(&got[..], b"payload");
        assert_eq!(
            got.as_ptr(),
            base.wrapping_add(1),
            "expected a slice of the input"
        );
    }

    #[test]
    fn short_strings_decode_inline_long_ones_as_slices() {
        let long = "y".repeat(Str::INLINE_CAPACITY + 1);
        for flexible in [true, false] {
            let mut out = Vec::new();
            put_str(&mut out, &long, flexible).unwrap();
            put_str(&mut out, "topic-00001", flexible).unwrap();
            put_str(&mut out, "end", flexible).unwrap(); // fewer bytes left than an inline buffer
            let input = Bytes::from(out);
            let mut src = input.clone();
            let a = get_str(&mut src, flexible).unwrap().unwrap();
            let b = get_str(&mut src, flexible).unwrap().unwrap();
            let c = get_str(&mut src, flexible).unwrap().unwrap();
            assert_eq!(
                (a.as_str(), b.as_str(), c.as_str()),
                (long.as_str(), "topic-00001", "end")
            );
            assert!(!a.is_inline() && b.is_inline() && c.is_inline());
            let prefix = if flexible { 1 } else { 2 };
            assert_eq!(
                a.as_bytes().as_ptr(),
                input.as_ptr().wrapping_add(prefix),
                "a slice of the input"
            );
            assert!(src.is_empty());
        }
    }

    #[test]
    fn a_decoded_short_string_keeps_nothing_of_what_followed_it() {
        // A short string is copied inline; the input after it (a later
        // field, another message) must neither be kept nor written out.
        for flexible in [true, false] {
            let mut input = Vec::new();
            put_str(&mut input, "ab", flexible).unwrap();
            input.extend_from_slice(b"SECRET-PASSWORD-12345");
            let s = get_str(&mut Bytes::from(input), flexible).unwrap().unwrap();
            assert!(s.is_inline());
            let mut out = [0u8; 64];
            let mut window = &mut out[..];
            // Through `Wire`, as generated code writes it (a fixed-size copy).
            let ctx = crate::Ctx::new(0, flexible);
            crate::Wire::encode_wire(&s, &mut window, ctx).unwrap();
            let prefix = if flexible { 1 } else { 2 };
            assert_eq!(window.len(), 64 - prefix - 2);
            assert_eq!(&out[prefix..prefix + 2], b"ab");
            assert!(out[prefix + 2..].iter().all(|&b| b == 0), "{out:?}");
            assert_eq!(s.clone().into_bytes(), &b"ab"[..]);
        }
    }

    #[test]
    fn get_str_fast_and_general_paths_agree() {
        // Every form, whole (the inlined case for short ASCII strings with
        // 23 bytes after them, then the general path's fast case) and split
        // at every byte (the slow path): same value, same bytes consumed.
        let long = "x".repeat(200); // a two-byte compact length
        let (fits, over) = ("i".repeat(23), "o".repeat(24));
        let texts = [
            "",
            "a",
            "topic-00001",
            "é-topic", // short, not ASCII
            fits.as_str(),
            over.as_str(),
            long.as_str(),
            "last", // fewer than 23 bytes follow it
        ];
        for flexible in [true, false] {
            let mut input = Vec::new();
            for s in texts {
                put_str(&mut input, s, flexible).unwrap();
            }
            put_length(&mut input, None, LengthForm::string(flexible));
            input.push(0xab); // a trailing byte that must stay unread
            let mut want: Vec<Option<String>> = texts.iter().map(|s| Some(s.to_string())).collect();
            want.push(None);
            let read_all = |buf: &mut dyn FnMut() -> Option<Str>| -> Vec<Option<String>> {
                (0..want.len())
                    .map(|_| buf().map(|s| s.to_string()))
                    .collect()
            };
            let mut whole = Bytes::from(input.clone());
            assert_eq!(
                read_all(&mut || get_str(&mut whole, flexible).unwrap()),
                want
            );
            assert_eq!(&whole[..], &[0xab]);
            // Every cut, or under Miri (which checks the unsafe writes and
            // reads these paths share, not the splitting) every seventh.
            let step = if cfg!(miri) { 7 } else { 1 };
            for cut in (1..input.len()).step_by(step) {
                let (a, b) = input.split_at(cut);
                let mut split = a.chain(b);
                assert_eq!(
                    read_all(&mut || get_str(&mut split, flexible).unwrap()),
                    want,
                    "split at {cut}, flexible {flexible}"
                );
                assert_eq!(split.remaining(), 1);
            }
        }
        // Invalid UTF-8 in a short string is refused on every path, however
        // much input follows it.
        for flexible in [true, false] {
            let mut input = Vec::new();
            put_length(&mut input, Some(3), LengthForm::string(flexible));
            input.extend_from_slice(b"a\xffb");
            input.extend_from_slice(&[b'z'; 30]);
            let err = get_str(&mut &input[..], flexible).unwrap_err();
            assert!(matches!(
                err.kind(),
                DecodeErrorKind::InvalidUtf8 { valid_up_to: 1 }
            ));
        }
        // A one-byte compact length whose string is cut short is truncation.
        let err = get_str(&mut &[4u8, b'a', b'b'][..], true).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::Truncated {
                needed: 3,
                remaining: 2
            }
        ));
    }
}
