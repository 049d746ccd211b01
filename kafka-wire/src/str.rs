//! [`Str`]: an immutable UTF-8 string, stored inline when short and otherwise
//! sharing the buffer it was decoded from.

use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use bytes::{BufMut, Bytes};

use crate::encode::owns_spare_room;
use crate::{codec, DecodeError, DecodeErrorKind, EncodeError};

/// An immutable, cheaply cloneable UTF-8 string.
///
/// Decoded or built from text, strings of up to [`Str::INLINE_CAPACITY`] bytes
/// (topic names, config keys and values, principals, hosts: most strings in
/// Kafka messages) are stored inside the `Str` itself: decoding one copies its
/// bytes and never allocates or touches a reference count, and dropping it is
/// free. Longer strings are [`Bytes`]: decoded from `Bytes`, they are slices of
/// the input buffer, with no copy. [`Str::from_utf8`] and [`Str::from_static`]
/// keep the buffer they are given, whatever its length.
///
/// `Str` derefs to `&str`, compares with `str`, `&str` and `String`, and is
/// built from either:
///
/// ```
/// use kafka_wire::Str;
///
/// let name: Str = "orders".into();
/// assert_eq!(name, "orders");
/// assert_eq!(name.len(), 6);
/// assert!(name.is_inline());
/// let owned = Str::from(String::from("payments"));
/// assert!(owned.starts_with("pay"));
/// let long = Str::from("a topic name longer than twenty-three bytes");
/// assert!(!long.is_inline());
/// ```
#[derive(Clone)]
pub struct Str(Repr);

#[derive(Clone)]
enum Repr {
    Inline(Inline),
    Shared(Bytes),
}

/// Text stored in the `Str`: `buf[23]` is the length, at most 23, and the
/// text is `buf[..len]`; the bytes between are zero. Aligned to 8, so that a
/// decoded string is stored with two writes: the text's first 16 bytes, then
/// its last 7 with the length.
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct Inline {
    buf: [u8; Str::INLINE_CAPACITY + 1],
}

impl Inline {
    /// A copy of `text`, at most `INLINE_CAPACITY` bytes, and zeros after
    /// it: nothing but the string is kept, whatever followed it in the input.
    #[inline(always)]
    fn copy(text: &[u8]) -> Self {
        // A hard assert: `Str::put` relies on the bound (callers check the
        // length first, so it costs nothing once inlined).
        assert!(text.len() <= Str::INLINE_CAPACITY);
        let mut buf = [0; Str::INLINE_CAPACITY + 1];
        buf[..text.len()].copy_from_slice(text);
        buf[Str::INLINE_CAPACITY] = text.len() as u8;
        Inline { buf }
    }

    /// From the text's first 16 bytes and its bytes 15..23 as little-endian
    /// words, zero past the text.
    #[inline(always)]
    fn from_words(low: u128, high: u64, len: usize) -> Self {
        assert!(len <= Str::INLINE_CAPACITY);
        let mut buf = [0; Str::INLINE_CAPACITY + 1];
        buf[..16].copy_from_slice(&low.to_le_bytes());
        buf[16..].copy_from_slice(&(high >> 8 | (len as u64) << 56).to_le_bytes());
        Inline { buf }
    }

    /// At most `INLINE_CAPACITY`, as both constructors assert (their callers
    /// check the length first, so the asserts compile away); `Str::put`
    /// relies on the bound, and commits this many bytes of the buffer it
    /// copied.
    #[inline(always)]
    fn len(&self) -> usize {
        usize::from(self.buf[Str::INLINE_CAPACITY])
    }

    /// The text and the zeros after it.
    #[inline(always)]
    fn padded(&self) -> &[u8; Str::INLINE_CAPACITY] {
        self.buf.first_chunk().expect("INLINE_CAPACITY < buf.len()")
    }

    #[inline(always)]
    fn text(&self) -> &[u8] {
        &self.buf[..self.len().min(Str::INLINE_CAPACITY)]
    }
}

/// Room beyond an inline string's copy that `Str::put` asks for before it
/// takes its fast path: the writes of up to this many bytes after the string
/// (the integers between a topic's name and its arrays, say) then need no
/// room check of their own, the compiler knowing there is room left.
const PUT_SLACK: usize = 8;

impl Str {
    /// The longest string kept inline: as many bytes as fit beside a length
    /// in the space a [`Bytes`] takes, so `Str` is no larger than `Bytes`.
    pub const INLINE_CAPACITY: usize = 23;

    /// The empty string.
    pub const fn new() -> Self {
        Str(Repr::Inline(Inline {
            buf: [0; Str::INLINE_CAPACITY + 1],
        }))
    }

    /// A string that points at static text; no allocation.
    pub const fn from_static(s: &'static str) -> Self {
        Str(Repr::Shared(Bytes::from_static(s.as_bytes())))
    }

    /// Checks that `bytes` are UTF-8 and wraps them without copying.
    #[inline]
    pub fn from_utf8(bytes: Bytes) -> Result<Self, DecodeError> {
        check_utf8(&bytes)?;
        Ok(Str(Repr::Shared(bytes)))
    }

    /// Checks that `bytes` are UTF-8 and copies them: inline when they fit,
    /// else into a new allocation.
    #[inline]
    pub fn copy_from_utf8(bytes: &[u8]) -> Result<Self, DecodeError> {
        check_utf8(bytes)?;
        Ok(Str::copy_from_checked(bytes))
    }

    /// Copies `bytes`, known to be UTF-8.
    #[inline]
    fn copy_from_checked(bytes: &[u8]) -> Self {
        if bytes.len() <= Str::INLINE_CAPACITY {
            Str(Repr::Inline(Inline::copy(bytes)))
        } else {
            Str(Repr::Shared(Bytes::copy_from_slice(bytes)))
        }
    }

    /// Decodes the string of `len <= INLINE_CAPACITY` bytes at the start of
    /// `src` (which holds at least `len` bytes) into an inline `Str`. Only
    /// the string's bytes are kept. Short ASCII strings with a whole inline
    /// buffer's worth of input take [`Str::inline_ascii`] in `get_str`
    /// before they get here; this is the rest (text that is not ASCII, or
    /// close to the end of its chunk).
    #[inline]
    pub(crate) fn decode_inline(src: &[u8], len: usize) -> Result<Self, DecodeError> {
        match src.get(..len).filter(|_| len <= Str::INLINE_CAPACITY) {
            Some(text) => Str::copy_from_utf8(text),
            None => Err(DecodeError::truncated(len, src.len())),
        }
    }

    /// The ASCII string of `len <= INLINE_CAPACITY` bytes at the start of
    /// `window`, stored inline; `None` if it is not ASCII (or `len` is too
    /// large). Two fixed-size reads (bytes 0..16 and 15..23), the bytes past
    /// the string masked to zero, and the ASCII check on the masked words. A
    /// `memcpy` of the exact length and a byte-wise check branch on each
    /// string's length, which varies from string to string and mispredicts
    /// (in a message of many short strings, CreateAcls, that is most of its
    /// decode).
    #[inline(always)]
    pub(crate) fn inline_ascii(window: &[u8; Str::INLINE_CAPACITY], len: usize) -> Option<Self> {
        let (low, high) = short_ascii_words(window, len)?;
        Some(Str(Repr::Inline(Inline::from_words(low, high, len))))
    }

    /// Writes the string at `flexible` (compact) or classic form.
    ///
    /// Into a buffer that owns its spare room (`Vec<u8>`, `BytesMut`, the
    /// one-pass window over theirs), an inline string goes out as one
    /// fixed-size copy of its whole inline buffer when the chunk has room for
    /// it, instead of a call to `memcpy` for its exact length. The buffer's
    /// bytes past the string are zero (every constructor zeroes them), so the
    /// spare room after the string receives up to 22 zero bytes, which are
    /// not committed and are written over by whatever comes next. Any other
    /// buffer gets exactly the string's bytes.
    #[inline(always)]
    pub(crate) fn put<B: BufMut>(&self, buf: &mut B, flexible: bool) -> Result<(), EncodeError> {
        if let (Repr::Inline(inline), true) = (&self.0, owns_spare_room::<B>()) {
            // One branch per form, each with its prefix length a constant:
            // a shared tail would check the room again for a computed one.
            let chunk = buf.chunk_mut();
            let len = inline.len();
            if len > Str::INLINE_CAPACITY {
                // SAFETY: both constructors of `Inline` assert that its length
                // is at most `INLINE_CAPACITY`. Said here, the bound spares the
                // commits below a check that the length fits the room checked.
                unsafe { core::hint::unreachable_unchecked() }
            }
            if flexible {
                if chunk.len() >= 1 + Str::INLINE_CAPACITY + PUT_SLACK {
                    chunk.write_byte(0, codec::compact_length_byte(len));
                    chunk[1..=Str::INLINE_CAPACITY].copy_from_slice(inline.padded());
                    // SAFETY: the chunk's first `1 + INLINE_CAPACITY` bytes,
                    // at least `1 + len`, were just written.
                    unsafe { buf.advance_mut(1 + len) };
                    return Ok(());
                }
            } else if chunk.len() >= 2 + Str::INLINE_CAPACITY + PUT_SLACK {
                chunk[..2].copy_from_slice(&codec::int16_length(len));
                chunk[2..2 + Str::INLINE_CAPACITY].copy_from_slice(inline.padded());
                // SAFETY: the chunk's first `2 + INLINE_CAPACITY` bytes, at
                // least `2 + len`, were just written.
                unsafe { buf.advance_mut(2 + len) };
                return Ok(());
            }
        }
        codec::put_str(buf, self.as_str(), flexible)
    }

    /// The length in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Inline(inline) => inline.len(),
            Repr::Shared(b) => b.len(),
        }
    }

    /// Whether the string is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Replaces the text with `new`'s. An inline string written over an
    /// inline one is a plain copy: the old one has nothing to drop, so it is
    /// not moved out of its place first (which `*self = new` does, and which
    /// made decoding into a message of short strings slower than decoding a
    /// fresh one).
    #[inline(always)]
    pub(crate) fn set(&mut self, new: Str) {
        match (&mut self.0, new.0) {
            (Repr::Inline(old), Repr::Inline(text)) => *old = text,
            (slot, repr) => *slot = repr,
        }
    }

    /// Whether the text is stored inline (see [`Str::INLINE_CAPACITY`]).
    pub fn is_inline(&self) -> bool {
        matches!(self.0, Repr::Inline(_))
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: every constructor checks UTF-8 or takes a `str`.
        unsafe { core::str::from_utf8_unchecked(self.as_bytes()) }
    }

    /// The text's bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline(inline) => inline.text(),
            Repr::Shared(b) => b,
        }
    }

    /// The text as [`Bytes`]: the shared buffer, or a copy of an inline string.
    pub fn into_bytes(self) -> Bytes {
        match self.0 {
            Repr::Inline(_) => Bytes::copy_from_slice(self.as_bytes()),
            Repr::Shared(b) => b,
        }
    }
}

/// The first `len <= INLINE_CAPACITY` bytes of `window`, as the two
/// little-endian words of an inline buffer (bytes 0..16 and 15..23, the
/// bytes past `len` masked to zero), if they are ASCII; `None` if they are
/// not (or `len` is too large). Two fixed-size reads and one check, with no
/// branch on the length: what decodes short strings, owned and viewed.
#[inline(always)]
pub(crate) fn short_ascii_words(
    window: &[u8; Str::INLINE_CAPACITY],
    len: usize,
) -> Option<(u128, u64)> {
    let (low_keep, high_keep) = *KEEP_FIRST.get(len)?;
    let mut low = [0; 16];
    let mut high = [0; 8];
    low.copy_from_slice(&window[..16]);
    high.copy_from_slice(&window[15..]);
    let low = u128::from_le_bytes(low) & low_keep;
    let high = u64::from_le_bytes(high) & high_keep;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    if (low as u64 | (low >> 64) as u64 | high) & HIGH_BITS != 0 {
        return None;
    }
    Some((low, high))
}

/// `KEEP_FIRST[n]` keeps the first `n` bytes of an inline buffer read as two
/// little-endian words, bytes 0..16 and 15..23: all ones there, zero after.
const KEEP_FIRST: [(u128, u64); Str::INLINE_CAPACITY + 1] = {
    let mut masks = [(0, 0); Str::INLINE_CAPACITY + 1];
    let mut n = 0;
    while n <= Str::INLINE_CAPACITY {
        let low = if n >= 16 {
            u128::MAX
        } else {
            (1 << (8 * n)) - 1
        };
        let high_n = n.saturating_sub(15);
        let high = if high_n >= 8 {
            u64::MAX
        } else {
            (1 << (8 * high_n)) - 1
        };
        masks[n] = (low, high);
        n += 1;
    }
    masks
};

/// UTF-8 validation with an ASCII fast path (most names are ASCII).
#[inline]
fn check_utf8(bytes: &[u8]) -> Result<(), DecodeError> {
    utf8(bytes).map(|_| ())
}

/// `bytes` as text, or the error that says where they stop being UTF-8.
#[inline]
pub(crate) fn utf8(bytes: &[u8]) -> Result<&str, DecodeError> {
    // Kafka's strings are nearly all ASCII, which a word-at-a-time check
    // confirms faster than the general validator.
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes).map_err(|e| {
        DecodeErrorKind::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        }
        .into()
    })
}

impl Default for Str {
    fn default() -> Self {
        Str::new()
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    fn partial_cmp(&self, other: &Str) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    fn cmp(&self, other: &Str) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Str {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // As `str` hashes, so that `Borrow<str>` lookups work.
        self.as_str().hash(state)
    }
}

impl Deref for Str {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Str {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Str {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for Str {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Self {
        Str::copy_from_checked(s.as_bytes())
    }
}

impl From<String> for Str {
    /// Short strings move inline (and the `String`'s allocation is freed);
    /// longer ones keep the `String`'s allocation.
    fn from(s: String) -> Self {
        if s.len() <= Str::INLINE_CAPACITY {
            Str::copy_from_checked(s.as_bytes())
        } else {
            Str(Repr::Shared(Bytes::from(s.into_bytes())))
        }
    }
}

impl From<&String> for Str {
    fn from(s: &String) -> Self {
        Str::from(s.as_str())
    }
}

impl From<Str> for String {
    fn from(s: Str) -> Self {
        s.as_str().to_owned()
    }
}

impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Str {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Str> for str {
    fn eq(&self, other: &Str) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Str> for &str {
    fn eq(&self, other: &Str) -> bool {
        *self == other.as_str()
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_invalid_utf8() {
        let err = Str::from_utf8(Bytes::from_static(b"ok\xff")).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::InvalidUtf8 { valid_up_to: 2 }
        ));
    }

    #[test]
    fn short_strings_are_inline_longer_ones_shared() {
        let at_cap = "a".repeat(Str::INLINE_CAPACITY);
        let over = "a".repeat(Str::INLINE_CAPACITY + 1);
        assert!(Str::from(at_cap.as_str()).is_inline());
        assert!(Str::from(at_cap.clone()).is_inline());
        assert!(!Str::from(over.as_str()).is_inline());
        assert!(!Str::from(over.clone()).is_inline());
        assert!(Str::new().is_inline());
        assert!(Str::copy_from_utf8(b"orders").unwrap().is_inline());
        // `from_utf8` and `from_static` wrap what they are given.
        assert!(!Str::from_utf8(Bytes::from_static(b"ab"))
            .unwrap()
            .is_inline());
        assert!(!Str::from_static("ab").is_inline());
        assert_eq!(core::mem::size_of::<Str>(), core::mem::size_of::<Bytes>());
    }

    #[test]
    fn equal_hash_and_order_do_not_depend_on_storage() {
        use std::collections::hash_map::DefaultHasher;
        use std::collections::HashMap;

        fn hash(s: &Str) -> u64 {
            let mut h = DefaultHasher::new();
            s.hash(&mut h);
            h.finish()
        }
        let inline = Str::from("orders");
        let shared = Str::from_utf8(Bytes::from_static(b"orders")).unwrap();
        assert!(inline.is_inline() && !shared.is_inline());
        assert_eq!(inline, shared);
        assert_eq!(hash(&inline), hash(&shared));
        assert_eq!(inline.cmp(&shared), Ordering::Equal);
        assert_eq!(Str::from("a").cmp(&Str::from_static("b")), Ordering::Less);
        assert_ne!(Str::from("ab"), Str::from("abc"));

        // `Borrow<str>` lookups find keys of either storage.
        let mut map = HashMap::new();
        map.insert(inline, 1);
        map.insert(Str::from("x".repeat(40)), 2);
        assert_eq!(map.get("orders"), Some(&1));
        assert_eq!(map.get("x".repeat(40).as_str()), Some(&2));
    }

    #[test]
    fn into_bytes_and_views() {
        let inline = Str::from("héllo");
        assert_eq!(inline.len(), 6);
        assert_eq!(inline.as_bytes(), "héllo".as_bytes());
        assert_eq!(&inline.clone().into_bytes()[..], "héllo".as_bytes());
        let shared = Bytes::from("x".repeat(30));
        let s = Str::from_utf8(shared.clone()).unwrap();
        assert_eq!(s.clone().into_bytes().as_ptr(), shared.as_ptr(), "no copy");
        assert!(Str::new().is_empty() && !s.is_empty());
        assert_eq!(AsRef::<[u8]>::as_ref(&s), &shared[..]);
    }

    #[test]
    fn copy_from_utf8_checks() {
        let err = Str::copy_from_utf8(b"\xc3").unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::InvalidUtf8 { valid_up_to: 0 }
        ));
    }

    #[test]
    fn decode_inline_reads_only_its_length() {
        // With a whole inline buffer's worth of input and with exactly the
        // string's bytes.
        let input = b"abcdefghijklmnopqrstuvwxyz0123456789";
        for len in [0, 1, 5, Str::INLINE_CAPACITY] {
            let s = Str::decode_inline(input, len).unwrap();
            assert_eq!(s.as_bytes(), &input[..len]);
            let t = Str::decode_inline(&input[..len], len).unwrap();
            assert_eq!(s, t);
            assert_eq!(s, core::str::from_utf8(&input[..len]).unwrap());
        }
        // Every length, ASCII and not, with and without a whole inline
        // buffer's worth of input after it.
        let text = "héllo wörld ünïcod!"; // 23 bytes
        let mut long = text.as_bytes().to_vec();
        long.extend_from_slice(&[0xff; 30]);
        for len in 0..=text.len() {
            let Ok(expected) = core::str::from_utf8(&text.as_bytes()[..len]) else {
                // A cut inside a character: invalid on both paths.
                assert!(Str::decode_inline(&long, len).is_err(), "len {len}");
                assert!(Str::decode_inline(&text.as_bytes()[..len], len).is_err());
                continue;
            };
            let masked = Str::decode_inline(&long, len).unwrap();
            let exact = Str::decode_inline(&text.as_bytes()[..len], len).unwrap();
            assert_eq!((masked.as_str(), exact.as_str()), (expected, expected));
            let Repr::Inline(inline) = &masked.0 else {
                panic!("not inline")
            };
            let bytes = inline.padded();
            assert_eq!(inline.len(), len);
            assert!(bytes[len..].iter().all(|&b| b == 0), "len {len}: {bytes:?}");
        }
        // Invalid UTF-8 inside the string fails; after it, it does not matter.
        assert!(Str::decode_inline(b"ok\xff and more text after it", 3).is_err());
        assert_eq!(
            Str::decode_inline(b"ok\xff and more text after it", 2).unwrap(),
            "ok"
        );
    }

    #[test]
    fn compares_and_prints_like_str() {
        let s = Str::from_static("héllo");
        assert_eq!(s, "héllo");
        assert_eq!("héllo", s);
        assert_eq!(s, String::from("héllo"));
        assert_eq!(format!("{s} {s:?}"), "héllo \"héllo\"");
        assert_eq!(String::from(s.clone()), "héllo");
        assert!(Str::new().is_empty());
    }
}
