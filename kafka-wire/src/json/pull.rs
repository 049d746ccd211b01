//! The reader the derive's generated `Wire::read_json` calls: a pull parser
//! over the text's bytes that builds no tree and allocates only the values
//! it returns (a string with escapes, base64's bytes), each grown as it is
//! read, never sized by a length the text claims.
//!
//! It is the fast path of [`from_str`](super::from_str) and says only
//! *whether* the text is a message it reads exactly as the strict reader
//! (`read.rs`) would: every method returns `None` at anything it does not
//! take (an error, or a form the writer never writes: a key with an escape,
//! a field the version lacks, `"NaN"`), and `from_str` then reads the text
//! again with the strict reader, whose typed error names the path. So a
//! value read here is always one the strict reader reads to the same
//! message; errors have one home.

use std::borrow::Cow;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;

use crate::codec::MAX_STRING_LEN;
use crate::Uuid;

/// A position in JSON text, read forward: the pull parser the derive's
/// generated [`Wire::read_json`](crate::Wire::read_json) calls, the fast path
/// of [`from_str`](super::from_str). It builds no tree and allocates only
/// the values it returns. Each method returns `None` at anything the strict
/// reader would not read to the same value (an error, or a form the writer
/// never writes, such as a key with an escape or `"NaN"`); `from_str` then
/// reads the text with the strict reader, whose error names the path.
#[derive(Debug)]
pub struct JsonReader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> JsonReader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        JsonReader {
            text,
            bytes: text.as_bytes(),
            at: 0,
        }
    }

    /// The next byte that is not whitespace, none read. The writer writes
    /// none, so the first byte looked at is the answer but in text of
    /// another writer's.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        if b > b' ' {
            return Some(b);
        }
        self.skip_whitespace()
    }

    /// [`peek`](Self::peek) past whitespace.
    #[cold]
    #[inline(never)]
    fn skip_whitespace(&mut self) -> Option<u8> {
        while let Some(&b) = self.bytes.get(self.at) {
            if matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                self.at += 1;
            } else {
                return Some(b);
            }
        }
        None
    }

    #[inline(always)]
    fn eat(&mut self, byte: u8) -> Option<()> {
        if self.peek()? == byte {
            self.at += 1;
            Some(())
        } else {
            None
        }
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// `{`, and whether a key follows (`false` for `{}`, read whole).
    #[inline]
    pub fn object_start(&mut self) -> Option<bool> {
        self.eat(b'{')?;
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(false);
        }
        Some(true)
    }

    /// The first byte of the key that comes next (the byte after its
    /// opening quote), none read; `0` at the end of the text. The derive's
    /// generated reader chooses by it which [`known_key`](Self::known_key)
    /// to try.
    #[inline(always)]
    pub fn key_start(&mut self) -> u8 {
        match self.peek() {
            Some(_) => self.bytes.get(self.at + 1).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Reads `key` if the text goes on with it: a field's key as the writer
    /// writes it, quotes and `:` included (`"partitionIndex":`), compared
    /// whole, the text's position at a key (after
    /// [`key_start`](Self::key_start)). A key written otherwise (with an
    /// escape, or space before its `:`) is left to [`key`](Self::key).
    #[inline(always)]
    pub fn known_key(&mut self, key: &'static [u8]) -> bool {
        if self.bytes[self.at..].starts_with(key) {
            self.at += key.len();
            true
        } else {
            false
        }
    }

    /// A key and its `:`; `None` for a key with an escape (no field's key
    /// has one).
    #[inline]
    pub fn key(&mut self) -> Option<&'a [u8]> {
        self.eat(b'"')?;
        let start = self.at;
        let rest = &self.bytes[start..];
        let len = special(rest)?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        self.eat(b':')?;
        Some(&rest[..len])
    }

    /// After a member: `,` (`true`, a key follows) or `}` (`false`).
    #[inline]
    pub fn object_next(&mut self) -> Option<bool> {
        self.separator(b'}')
    }

    /// `[`, and whether an element follows (`false` for `[]`, read whole).
    #[inline]
    pub fn array_start(&mut self) -> Option<bool> {
        self.eat(b'[')?;
        if self.peek()? == b']' {
            self.at += 1;
            return Some(false);
        }
        Some(true)
    }

    /// How many numbers an array goes on with after the element just read,
    /// up to its `]`, counted ahead so that a long array of numbers grows
    /// once: `None` when anything but numbers, commas and whitespace comes
    /// first, or no `]`. At most one per two bytes of the text (a comma and
    /// a digit), so never more than the text holds.
    #[inline]
    pub fn numbers_left(&self) -> Option<usize> {
        let rest = &self.bytes[self.at..];
        let mut commas = 0;
        for (i, &b) in rest.iter().enumerate() {
            if b.is_ascii_digit() {
                continue;
            }
            match b {
                b',' => commas += 1,
                b']' => return Some(commas.min(i / 2)),
                b'-' | b'+' | b'.' | b'e' | b'E' | b' ' | b'\n' | b'\r' | b'\t' => {}
                _ => return None,
            }
        }
        None
    }

    /// After an element: `,` (`true`) or `]` (`false`).
    #[inline]
    pub fn array_next(&mut self) -> Option<bool> {
        self.separator(b']')
    }

    #[inline(always)]
    fn separator(&mut self, close: u8) -> Option<bool> {
        match self.peek()? {
            b',' => {
                self.at += 1;
                Some(true)
            }
            b if b == close => {
                self.at += 1;
                Some(false)
            }
            _ => None,
        }
    }

    #[inline(always)]
    fn literal(&mut self, word: &[u8]) -> bool {
        if self.peek().is_some() && self.bytes[self.at..].starts_with(word) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    /// Reads `null` if it comes next.
    #[inline]
    pub fn null(&mut self) -> bool {
        self.literal(b"null")
    }

    /// `true` or `false`.
    #[inline]
    pub fn bool(&mut self) -> Option<bool> {
        if self.literal(b"true") {
            Some(true)
        } else if self.literal(b"false") {
            Some(false)
        } else {
            None
        }
    }

    /// An integer of type `T` in JSON's form (no fraction, exponent,
    /// leading zero or `-0`), in `T`'s range.
    #[inline(always)]
    pub fn integer<T: TryFrom<i64>>(&mut self) -> Option<T> {
        // One digit and no other: most of the integers Kafka's JSON holds
        // (error codes, indexes, broker ids, flags).
        if let Some(&[first, next]) = self.bytes.get(self.at..self.at + 2) {
            let digit = first.wrapping_sub(b'0');
            if digit <= 9 && !next.is_ascii_digit() {
                self.at += 1;
                return T::try_from(i64::from(digit)).ok();
            }
        }
        self.peek()?;
        let rest = &self.bytes[self.at..];
        let negative = rest[0] == b'-';
        let start = usize::from(negative);
        // One pass: digits summed as they are met (wrapping past 19 digits,
        // which are refused below).
        let mut end = start;
        let mut magnitude: u64 = 0;
        while let Some(&b) = rest.get(end) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(digit));
            end += 1;
        }
        let len = end - start;
        // 19 digits hold every i64; a leading zero only as `0` itself.
        if len == 0 || len > 19 || (rest[start] == b'0' && (len > 1 || negative)) {
            return None;
        }
        let value = if negative {
            0i64.checked_sub_unsigned(magnitude)?
        } else {
            i64::try_from(magnitude).ok()?
        };
        self.at += end;
        T::try_from(value).ok()
    }

    /// A floating-point number: JSON's form with a fraction or an exponent
    /// (an integer is not one, as Java's reader has it), finite.
    pub fn float(&mut self) -> Option<f64> {
        self.peek()?;
        let rest = &self.bytes[self.at..];
        let mut i = usize::from(rest[0] == b'-');
        let digits = |from: usize| {
            rest[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let int = digits(i);
        if int == 0 || (rest[i] == b'0' && int > 1) {
            return None;
        }
        i += int;
        let mut real = false;
        if rest.get(i) == Some(&b'.') {
            let frac = digits(i + 1);
            if frac == 0 {
                return None;
            }
            i += 1 + frac;
            real = true;
        }
        if matches!(rest.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(rest.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let exp = digits(i);
            if exp == 0 {
                return None;
            }
            i += exp;
            real = true;
        }
        if !real {
            return None;
        }
        let text = core::str::from_utf8(&rest[..i]).ok()?;
        let value: f64 = text.parse().ok()?;
        self.at += i;
        value.is_finite().then_some(value)
    }

    /// A string without escapes, as base64 and UUIDs are.
    #[inline]
    fn plain_string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        let rest = &self.bytes[start..];
        let len = special(rest)?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        // Cut at ASCII quotes, so at character boundaries.
        self.text.get(start..start + len)
    }

    /// A string of at most 32767 bytes, its escapes undone.
    #[inline]
    pub fn string(&mut self) -> Option<Cow<'a, str>> {
        self.eat(b'"')?;
        let start = self.at;
        let rest = &self.bytes[start..];
        let len = special(rest)?;
        let text = match rest[len] {
            b'"' => {
                self.at = start + len + 1;
                // Cut at ASCII quotes, so at character boundaries.
                Cow::Borrowed(self.text.get(start..start + len)?)
            }
            b'\\' => Cow::Owned(self.escaped_string()?),
            _ => return None,
        };
        (text.len() <= MAX_STRING_LEN).then_some(text)
    }

    /// The string from its opening quote (already read), escapes undone.
    #[cold]
    fn escaped_string(&mut self) -> Option<String> {
        let mut out = Vec::new();
        loop {
            let b = *self.bytes.get(self.at)?;
            self.at += 1;
            match b {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.bytes.get(self.at)?;
                    self.at += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                if !self.bytes[self.at..].starts_with(b"\\u") {
                                    return None;
                                }
                                self.at += 2;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return None;
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            char::from_u32(code)?
                        }
                        _ => return None,
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                b if b < 0x20 => return None,
                b => out.push(b),
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.at..self.at + 4)?;
        let text = core::str::from_utf8(digits).ok()?;
        let value = u32::from_str_radix(text, 16).ok()?;
        // `from_str_radix` takes a sign; JSON does not.
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        self.at += 4;
        Some(value)
    }

    /// Bytes in standard base64 (bytes and records), allocated once at
    /// their length (none for `""`, how Java's converters write records).
    #[inline]
    pub fn base64(&mut self) -> Option<Vec<u8>> {
        // `""` first: how Java's converters write records, in every
        // partition of a Produce request or Fetch response.
        if self.bytes.get(self.at..self.at + 2) == Some(b"\"\"") {
            self.at += 2;
            return Some(Vec::new());
        }
        let text = self.plain_string()?;
        if text.is_empty() {
            return Some(Vec::new());
        }
        // Padded text: three bytes per four characters, less one per `=`.
        let padding = text.bytes().rev().take(2).filter(|&b| b == b'=').count();
        let len = (text.len() / 4 * 3).checked_sub(padding)?;
        let mut out = vec![0; len];
        let written = STANDARD.decode_slice(text, &mut out).ok()?;
        out.truncate(written);
        Some(out)
    }

    /// A UUID as Kafka's `Uuid.toString` writes it.
    #[inline]
    pub fn uuid(&mut self) -> Option<Uuid> {
        super::read::parse_uuid(self.plain_string()?)
    }
}

/// Where the first `"`, `\\` or control character of `bytes` is: eight
/// bytes at a time with the word tricks of the writer's escape check (the
/// lowest flagged byte of a word is exact: a borrow runs only upwards).
#[inline]
fn special(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut words = bytes.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let x = u64::from_le_bytes(word.try_into().ok()?);
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
        let quote = has_zero(x ^ (ONES * u64::from(b'"')));
        let backslash = has_zero(x ^ (ONES * u64::from(b'\\')));
        let flags = control | quote | backslash;
        if flags != 0 {
            return Some(offset + (flags.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    let rest = words.remainder();
    rest.iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map(|i| offset + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_json_s_form_and_the_type_s_range() {
        let int = |t: &str| JsonReader::new(t).integer::<i64>();
        assert_eq!(int("0"), Some(0));
        assert_eq!(int(" -12"), Some(-12));
        assert_eq!(int("9223372036854775807"), Some(i64::MAX));
        assert_eq!(int("-9223372036854775808"), Some(i64::MIN));
        for bad in [
            "9223372036854775808",
            "-0",
            "01",
            "-",
            "",
            "x",
            "12345678901234567890",
        ] {
            assert_eq!(int(bad), None, "{bad}");
        }
        assert_eq!(JsonReader::new("128").integer::<i8>(), None);
        assert_eq!(JsonReader::new("-1").integer::<u16>(), None);
        assert_eq!(JsonReader::new("65535").integer::<u16>(), Some(u16::MAX));
    }

    #[test]
    fn known_keys_are_read_whole_or_not_at_all() {
        let mut r = JsonReader::new(r#" "partitionIndex":1,"partitionIndexes":2,"p" :3}"#);
        assert_eq!(r.key_start(), b'p');
        assert!(!r.known_key(br#""partition":"#));
        assert!(!r.known_key(br#""partitionIndexe":"#));
        assert!(r.known_key(br#""partitionIndex":"#));
        assert_eq!(r.integer::<i32>(), Some(1));
        assert_eq!(r.object_next(), Some(true));
        // A key that is a known key and more is not that key.
        assert!(!r.known_key(br#""partitionIndex":"#));
        assert_eq!(r.key(), Some(&b"partitionIndexes"[..]));
        assert_eq!(r.integer::<i32>(), Some(2));
        assert_eq!(r.object_next(), Some(true));
        // Space before the `:`: only `key` reads it.
        assert_eq!(r.key_start(), b'p');
        assert!(!r.known_key(br#""p":"#));
        assert_eq!(r.key(), Some(&b"p"[..]));
        assert_eq!(r.integer::<i32>(), Some(3));
        assert_eq!(r.object_next(), Some(false));
        assert_eq!(r.key_start(), 0);
        assert!(!r.known_key(br#""p":"#));
        assert_eq!(JsonReader::new(r#"""#).key_start(), 0);
    }

    #[test]
    fn numbers_left_are_counted_up_to_the_array_s_end() {
        let left = |t: &str| JsonReader::new(t).numbers_left();
        assert_eq!(left("]"), Some(0));
        assert_eq!(left(",1]"), Some(1));
        assert_eq!(left(",0,1,2]"), Some(3));
        assert_eq!(left(" ,-12, 3 ,\n4]"), Some(3));
        assert_eq!(left(",1.5E-4,2e+3]"), Some(2));
        // Never more than one per two bytes: commas alone hold no numbers.
        assert_eq!(left(",,,,,,]"), Some(3));
        assert_eq!(left(",]"), Some(0));
        // Anything but numbers, or no end: no count.
        assert_eq!(left(r#","a"]"#), None);
        assert_eq!(left(",{}]"), None);
        assert_eq!(left(",2,3"), None);
        assert_eq!(left(""), None);
        let long = format!("{}]", ",1".repeat(10_000));
        assert_eq!(left(&long), Some(10_000));
    }

    #[test]
    fn base64_as_the_standard_engine_reads_it() {
        let read = |t: &str| JsonReader::new(t).base64();
        for bytes in [&b""[..], b"a", b"ab", b"abc", b"abcd", b"\0\x01binary\xff"] {
            let text = format!("\"{}\"", STANDARD.encode(bytes));
            let read = read(&text).unwrap();
            assert_eq!(read, bytes, "{text}");
            assert_eq!(read.capacity(), bytes.len(), "{text}");
        }
        // What the standard engine refuses (unpadded, bad padding, bad
        // characters) is refused.
        for bad in [
            r#""YQ""#,
            r#""YQ=""#,
            r#""Y===""#,
            r#""=""#,
            r#""YWJj!""#,
            r#""YW Jj""#,
        ] {
            assert_eq!(read(bad), None, "{bad}");
            assert!(STANDARD.decode(bad.trim_matches('"')).is_err(), "{bad}");
        }
    }

    #[test]
    fn floats_need_a_fraction_or_an_exponent() {
        let float = |t: &str| JsonReader::new(t).float();
        assert_eq!(float("1.5"), Some(1.5));
        assert_eq!(float("-2.5E-4"), Some(-2.5e-4));
        assert_eq!(float("1e10"), Some(1e10));
        for bad in ["1", "1.", ".5", "01.5", "1e", "1e400", "NaN"] {
            assert_eq!(float(bad), None, "{bad}");
        }
    }

    #[test]
    fn strings_with_and_without_escapes() {
        let s = |t: &str| JsonReader::new(t).string().map(Cow::into_owned);
        assert_eq!(s(r#""plain""#).as_deref(), Some("plain"));
        assert_eq!(
            s(r#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#).as_deref(),
            Some("a\"\\/\u{8}\u{c}\n\r\té😀")
        );
        for bad in [
            r#""\ud83d""#,
            r#""\x""#,
            "\"a\u{1}\"",
            r#""open"#,
            r#""\u00g0""#,
            r#""\u+0e9""#,
        ] {
            assert_eq!(s(bad), None, "{bad}");
        }
        let long = format!("\"{}\"", "x".repeat(MAX_STRING_LEN + 1));
        assert_eq!(s(&long), None);
    }

    #[test]
    fn the_first_special_byte_is_found_in_any_word() {
        for len in 0..40 {
            for special_byte in [b'"', b'\\', 0, 0x1f] {
                let mut bytes = vec![b'a'; len];
                // Bytes that the word tricks could confuse, before it.
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = [b'a', 0x21, 0x7f, 0x80, 0xff, b'#', b']'][i % 7];
                }
                assert_eq!(special(&bytes), None, "{len}");
                for at in 0..len {
                    let mut with = bytes.clone();
                    with[at] = special_byte;
                    if at + 1 < len {
                        with[at + 1] = b'"';
                    }
                    assert_eq!(special(&with), Some(at), "{len} {at} {special_byte}");
                }
            }
        }
    }

    #[test]
    fn structure() {
        let mut r = JsonReader::new(r#" { "a" : [ ] , "b":{}, "c":null } "#);
        assert_eq!(r.object_start(), Some(true));
        assert_eq!(r.key(), Some(&b"a"[..]));
        assert_eq!(r.array_start(), Some(false));
        assert_eq!(r.object_next(), Some(true));
        assert_eq!(r.key(), Some(&b"b"[..]));
        assert_eq!(r.object_start(), Some(false));
        assert_eq!(r.object_next(), Some(true));
        assert_eq!(r.key(), Some(&b"c"[..]));
        assert!(r.null());
        assert_eq!(r.object_next(), Some(false));
        assert!(r.at_end());
        assert_eq!(
            JsonReader::new(r#"{"a\n":1}"#)
                .object_start()
                .and(None::<()>),
            None
        );
        let mut escaped = JsonReader::new(r#""a\"b":1"#);
        assert_eq!(escaped.key(), None);
    }
}
