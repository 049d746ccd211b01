//! [`Str`]: an immutable UTF-8 string that shares the buffer it was decoded from.

use core::borrow::Borrow;
use core::fmt;
use core::ops::Deref;

use bytes::Bytes;

use crate::{DecodeError, DecodeErrorKind};

/// An immutable, cheaply cloneable UTF-8 string backed by [`Bytes`].
///
/// Decoding a message from `Bytes` makes every `Str` field a slice of the input
/// buffer: no allocation and no copy per string. `Str` derefs to `&str`, compares
/// with `str`, `&str` and `String`, and is built from either:
///
/// ```
/// use kafka_wire::Str;
///
/// let name: Str = "orders".into();
/// assert_eq!(name, "orders");
/// assert_eq!(name.len(), 6);
/// let owned = Str::from(String::from("payments"));
/// assert!(owned.starts_with("pay"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Str(Bytes);

impl Str {
    /// The empty string.
    pub const fn new() -> Self {
        Str(Bytes::new())
    }

    /// A string that points at static text; no allocation.
    pub const fn from_static(s: &'static str) -> Self {
        Str(Bytes::from_static(s.as_bytes()))
    }

    /// Checks that `bytes` are UTF-8 and wraps them without copying.
    #[inline]
    pub fn from_utf8(bytes: Bytes) -> Result<Self, DecodeError> {
        // Most names are ASCII: a check the compiler vectorises, then done.
        if bytes.is_ascii() {
            return Ok(Str(bytes));
        }
        match core::str::from_utf8(&bytes) {
            Ok(_) => Ok(Str(bytes)),
            Err(e) => Err(DecodeErrorKind::InvalidUtf8 {
                valid_up_to: e.valid_up_to(),
            }
            .into()),
        }
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: every constructor checks UTF-8 or takes a `str`.
        unsafe { core::str::from_utf8_unchecked(&self.0) }
    }

    /// The underlying bytes (a cheap clone).
    pub fn as_bytes(&self) -> &Bytes {
        &self.0
    }

    /// Unwraps the underlying bytes.
    pub fn into_bytes(self) -> Bytes {
        self.0
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
        &self.0
    }
}

impl Borrow<str> for Str {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Self {
        Str(Bytes::copy_from_slice(s.as_bytes()))
    }
}

impl From<String> for Str {
    fn from(s: String) -> Self {
        Str(Bytes::from(s.into_bytes()))
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
