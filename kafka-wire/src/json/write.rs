//! Writing Kafka's JSON: a walk over a [`StructView`] that writes the text
//! straight into a buffer, in the order and forms of Kafka's generated
//! `JsonConverter.write` and with Jackson's escapes. Each value's text is
//! written by `text.rs`, which the derive's generated writers call too.

use super::{text, RecordsAs};
use crate::dynamic::{is_default, ArrayView, StructView, ValueView};
use crate::schema::{FieldSchema, StructSchema};

/// Writes the text of structs read at `version`.
pub(super) struct TextWriter<'o> {
    pub(super) out: &'o mut Vec<u8>,
    pub(super) version: i16,
    pub(super) records: RecordsAs,
}

impl TextWriter<'_> {
    /// Every field of the version in schema order (Java's), a tagged one
    /// only when it holds more than its default, then `extra`; unknown
    /// tagged fields are not part of Kafka's JSON.
    pub(super) fn write_struct(&mut self, view: StructView<'_>, extra: Option<(&str, &str)>) {
        let schema: &StructSchema = view.schema();
        let version = self.version;
        self.out.push(b'{');
        let mut first = true;
        // The fields as read: the version's regular fields in schema order,
        // then the tagged ones present, in tag order.
        let mut read = view.values();
        let mut pending = read.next();
        let mut any_tagged = None;
        for (index, field) in schema.fields.iter().enumerate() {
            if !field.versions.contains(version) {
                continue;
            }
            let value = if field.tagged.contains(version) {
                // Most structs were read without a tagged field: one look
                // says so for all of them.
                if !*any_tagged.get_or_insert_with(|| view.has_tagged_fields()) {
                    continue;
                }
                match view.values().find(|(i, _)| *i == index) {
                    Some((_, v)) if !tagged_default(field, v) => v,
                    _ => continue,
                }
            } else {
                match pending {
                    Some((i, v)) if i == index => {
                        pending = read.next();
                        v
                    }
                    // A view holds every regular field of its version.
                    _ => match view.values().find(|(i, _)| *i == index) {
                        Some((_, v)) => v,
                        None => continue,
                    },
                }
            };
            if !first {
                self.out.push(b',');
            }
            first = false;
            self.entry(field, value);
        }
        if let Some((key, value)) = extra {
            if !first {
                self.out.push(b',');
            }
            self.string(key);
            self.out.push(b':');
            self.string(value);
        }
        self.out.push(b'}');
    }

    fn entry(&mut self, field: &FieldSchema, value: ValueView<'_>) {
        // Keys are written as they are: the derive refuses one that would
        // need an escape.
        self.out.push(b'"');
        self.out.extend_from_slice(field.json_key.as_bytes());
        match (value, self.records) {
            (ValueView::Records(bytes), RecordsAs::SizeInBytes) => {
                self.out
                    .extend_from_slice(text::records_key_end(RecordsAs::SizeInBytes));
                text::records(self.out, bytes, RecordsAs::SizeInBytes);
            }
            (value, _) => {
                self.out.extend_from_slice(b"\":");
                self.value(value);
            }
        }
    }

    fn value(&mut self, value: ValueView<'_>) {
        let out = &mut *self.out;
        match value {
            ValueView::Null => out.extend_from_slice(b"null"),
            ValueView::Bool(true) => out.extend_from_slice(b"true"),
            ValueView::Bool(false) => out.extend_from_slice(b"false"),
            ValueView::Int8(v) => text::integer(out, v),
            ValueView::Int16(v) => text::integer(out, v),
            ValueView::Uint16(v) => text::integer(out, v),
            ValueView::Int32(v) => text::integer(out, v),
            ValueView::Uint32(v) => text::integer(out, v),
            ValueView::Int64(v) => text::integer(out, v),
            ValueView::Float64(v) => text::float64(out, v),
            ValueView::Uuid(v) => text::uuid(out, v.as_bytes()),
            ValueView::String(v) => text::quoted(out, v),
            ValueView::Bytes(v) => text::bytes(out, v),
            ValueView::Records(v) => text::records(out, v, self.records),
            ValueView::Array(array) => self.array(array),
            ValueView::Struct(body) => self.write_struct(body, None),
        }
    }

    fn array(&mut self, array: ArrayView<'_>) {
        self.out.push(b'[');
        for (i, item) in array.iter().enumerate() {
            if i > 0 {
                self.out.push(b',');
            }
            self.value(item.value);
        }
        self.out.push(b']');
    }

    fn string(&mut self, text: &str) {
        text::quoted(self.out, text);
    }
}

/// Whether any byte of `bytes` is a control character, `"` or `\\`: eight
/// bytes at a time with the classic word tricks (a byte below `n` and a
/// zero byte each set its high bit in the result).
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let flagged = |word: [u8; 8]| {
        let x = u64::from_le_bytes(word);
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
        let quote = has_zero(x ^ (ONES * u64::from(b'"')));
        let backslash = has_zero(x ^ (ONES * u64::from(b'\\')));
        control | quote | backslash != 0
    };
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        if flagged(word.try_into().expect("eight bytes")) {
            return true;
        }
    }
    // The last bytes, padded with a letter to a word.
    let rest = words.remainder();
    let mut last = [b'a'; 8];
    last[..rest.len()].copy_from_slice(rest);
    flagged(last)
}

/// A control character as Jackson escapes one without a short escape:
/// `\u00XX`, in upper case.
pub(super) fn control_escape(byte: u8) -> [u8; 6] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let hex = |nibble: u8| HEX[usize::from(nibble)];
    [b'\\', b'u', b'0', b'0', hex(byte >> 4), hex(byte & 0xf)]
}

/// `text` with Jackson's escapes: `\"`, `\\`, the short escapes of
/// backspace, form feed, line feed, carriage return and tab, and any other
/// control character as `\u00XX` in upper case; everything else as it is.
pub(super) fn escaped(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    let needs = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    // Nearly every key and string needs no escape: a check eight bytes at
    // a time, then a copy.
    if !needs_escape(bytes) {
        out.extend_from_slice(bytes);
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !needs(b) {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => out.extend_from_slice(&control_escape(b)),
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// Whether a tagged field read with `value` holds its default, which
/// Kafka's JSON leaves out: [`is_default`] of the value, but a non-empty
/// array is no array's default (a schema's default for one is null or
/// empty) and is not made an owned tree to learn so (an ApiVersions
/// response's features, in every JSON line of one).
fn tagged_default(field: &FieldSchema, value: ValueView<'_>) -> bool {
    match value {
        ValueView::Array(a) if !a.is_empty() => false,
        v => is_default(field, &v.to_value()),
    }
}
