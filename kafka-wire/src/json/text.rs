//! The pieces of Kafka's JSON text, each written once: numbers, strings
//! with Jackson's escapes, base64, UUIDs, `float64` as Java prints it, and
//! the braces of an object whose entries each start with a comma. The
//! interpreted writer (`write.rs`) and the derive's generated writers
//! ([`Wire::write_json`](crate::Wire::write_json)) both call these, so the
//! two agree byte for byte.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;

use super::RecordsAs;
use crate::codec::MAX_STRING_LEN;
use crate::{EncodeError, EncodeErrorKind};

/// What a value's JSON form depends on besides the value: the version of
/// the message it is written at, and how its `records` fields are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonCtx {
    /// The message version.
    pub version: i16,
    /// How `records` fields are written.
    pub records: RecordsAs,
}

/// An integer, in decimal (no `fmt`).
#[inline]
pub fn integer<I: itoa::Integer>(out: &mut Vec<u8>, value: I) {
    let mut buffer = itoa::Buffer::new();
    out.extend_from_slice(buffer.format(value).as_bytes());
}

/// A `float64` as Jackson writes Java's double: Java's `Double.toString`
/// ([`java_double`]) for a finite number, the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"` otherwise.
pub fn float64(out: &mut Vec<u8>, value: f64) {
    if value.is_finite() {
        java_double(out, value);
    } else {
        out.push(b'"');
        java_double(out, value);
        out.push(b'"');
    }
}

/// Java's `Double.toString` of `v`: plain decimals from 10^-3 up to 10^7
/// (`1048576.0`, `0.001`), else the shortest digits in Java's scientific
/// form (`1.0E7`, `2.5E-4`); `NaN`, `Infinity`, `-Infinity`.
pub fn java_double(out: &mut Vec<u8>, v: f64) {
    use std::io::Write as _;
    if v.is_nan() {
        return out.extend_from_slice(b"NaN");
    }
    if v.is_infinite() {
        return out.extend_from_slice(if v > 0.0 { b"Infinity" } else { b"-Infinity" });
    }
    let start = out.len();
    let written = if v == 0.0 || (1e-3..1e7).contains(&v.abs()) {
        write!(out, "{v}")
    } else {
        write!(out, "{v:e}")
    };
    if let Err(e) = written {
        unreachable!("writing into a Vec does not fail: {e}");
    }
    // Rust's shortest digits, in Java's dress: `1e7` is `1.0E7`, `5` is `5.0`.
    let text = &out[start..];
    let exponent = text.iter().position(|&b| b == b'e');
    let mantissa_end = exponent.unwrap_or(text.len());
    let has_point = text[..mantissa_end].contains(&b'.');
    match (exponent, has_point) {
        (None, true) => {}
        (None, false) => out.extend_from_slice(b".0"),
        (Some(at), point) => {
            let exp: Vec<u8> = out[start + at + 1..].to_vec();
            out.truncate(start + at);
            if !point {
                out.extend_from_slice(b".0");
            }
            out.push(b'E');
            out.extend_from_slice(&exp);
        }
    }
}

/// A string in quotes with Jackson's escapes; longer than Kafka's strings
/// may be (32767 bytes) is the encoder's error, as in the binary form.
#[inline]
pub fn string(out: &mut Vec<u8>, text: &str) -> Result<(), EncodeError> {
    if text.len() > MAX_STRING_LEN {
        return Err(EncodeErrorKind::TooLong {
            length: text.len(),
            max: MAX_STRING_LEN,
        }
        .into());
    }
    quoted(out, text);
    Ok(())
}

/// `text` in quotes with Jackson's escapes, whatever its length.
#[inline]
pub fn quoted(out: &mut Vec<u8>, text: &str) {
    out.reserve(text.len() + 2);
    out.push(b'"');
    super::write::escaped(out, text);
    out.push(b'"');
}

/// Bytes in standard base64, in quotes: Kafka's JSON of `bytes` and of
/// records written whole.
#[inline]
pub fn bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    base64(out, bytes, &STANDARD);
}

/// A UUID as Kafka's `Uuid.toString` writes it: 22 characters of URL-safe
/// base64 without padding, in quotes.
#[inline]
pub fn uuid(out: &mut Vec<u8>, uuid: &[u8; 16]) {
    base64(out, uuid, &URL_SAFE_NO_PAD);
}

fn base64<E: Engine>(out: &mut Vec<u8>, bytes: &[u8], engine: &E) {
    use base64::engine::Config;
    let padding = engine.config().encode_padding();
    let len = base64::encoded_len(bytes.len(), padding).expect("a slice's base64 fits in memory");
    out.reserve(len + 2);
    out.push(b'"');
    let start = out.len();
    out.resize(start + len, 0);
    match engine.encode_slice(bytes, &mut out[start..]) {
        Ok(written) => debug_assert_eq!(written, len),
        Err(e) => unreachable!("room for base64 was made: {e}"),
    }
    out.push(b'"');
}

/// A `records` field's value: as `records` says; [`RecordsAs::SizeInBytes`]
/// writes the size, under the key that [`records_key_end`] ends.
#[inline]
pub fn records(out: &mut Vec<u8>, data: &[u8], records: RecordsAs) {
    match records {
        RecordsAs::Base64 => bytes(out, data),
        RecordsAs::Empty => out.extend_from_slice(b"\"\""),
        RecordsAs::SizeInBytes => integer(out, data.len() as u64),
    }
}

/// The end of a non-null `records` field's key, after its name:
/// `SizeInBytes":` when written as its size, else `":`.
#[inline]
pub fn records_key_end(records: RecordsAs) -> &'static [u8] {
    match records {
        RecordsAs::SizeInBytes => b"SizeInBytes\":",
        RecordsAs::Base64 | RecordsAs::Empty => b"\":",
    }
}

/// Closes an object begun at `start` whose entries were each written with
/// a comma first (`,"key":value`): the first comma becomes the `{`, or the
/// object is `{}` when it has no entry. No entry needs to know whether it is
/// the first.
#[inline]
pub fn close_object(out: &mut Vec<u8>, start: usize) {
    if out.len() == start {
        out.extend_from_slice(b"{}");
    } else {
        out[start] = b'{';
        out.push(b'}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn double(v: f64) -> String {
        let mut out = Vec::new();
        java_double(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn doubles_print_as_java_s() {
        for (v, java) in [
            (1_048_576.0, "1048576.0"),
            (1e7, "1.0E7"),
            (2.5e-4, "2.5E-4"),
            (0.5, "0.5"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (0.001, "0.001"),
            (-3.0, "-3.0"),
            (12_345_678.9, "1.23456789E7"),
            (1e10, "1.0E10"),
            (1.5e300, "1.5E300"),
            (f64::MIN_POSITIVE, "2.2250738585072014E-308"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(double(v), java, "{v}");
        }
    }

    #[test]
    fn objects_close_with_or_without_entries() {
        let mut out = b"[".to_vec();
        close_object(&mut out, 1);
        out.push(b',');
        let start = out.len();
        out.extend_from_slice(b",\"a\":1,\"b\":2");
        close_object(&mut out, start);
        assert_eq!(out, br#"[{},{"a":1,"b":2}"#);
    }

    #[test]
    fn integers_and_strings() {
        let mut out = Vec::new();
        integer(&mut out, i64::MIN);
        out.push(b' ');
        integer(&mut out, -1i8);
        out.push(b' ');
        string(&mut out, "a\"\\\u{1}\n").unwrap();
        assert_eq!(out, b"-9223372036854775808 -1 \"a\\\"\\\\\\u0001\\n\"");
        let long = "x".repeat(MAX_STRING_LEN + 1);
        let err = string(&mut Vec::new(), &long).unwrap_err();
        assert_eq!(err.kind().name(), "too_long");
    }
}
