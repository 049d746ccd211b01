//! The tagged-field section of flexible versions, and [`UnknownTaggedFields`].
//!
//! A flexible struct ends with a uvarint count, then for each field a uvarint
//! tag, a uvarint size and the value. Tags are strictly ascending. The functions
//! here are what generated code calls for that section.

use bytes::{Buf, BufMut, Bytes};

use crate::codec::{self, get_uvarint, put_uvarint, uvarint_len};
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};

/// Tagged fields a struct does not declare, kept raw so that a
/// decode → encode round trip loses nothing. Sorted by tag, tags unique.
///
/// ```
/// use bytes::Bytes;
/// use kafka_wire::UnknownTaggedFields;
///
/// let mut unknown = UnknownTaggedFields::new();
/// unknown.insert(7, Bytes::from_static(b"\x01"));
/// unknown.insert(3, Bytes::from_static(b""));
/// assert_eq!(unknown.iter().map(|(tag, _)| tag).collect::<Vec<_>>(), [3, 7]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UnknownTaggedFields(Vec<(u32, Bytes)>);

impl UnknownTaggedFields {
    /// No fields.
    pub const fn new() -> Self {
        UnknownTaggedFields(Vec::new())
    }

    /// Adds or replaces the raw value of `tag`; returns the old value.
    pub fn insert(&mut self, tag: u32, value: Bytes) -> Option<Bytes> {
        // Decoding pushes in ascending order: the common case is an append.
        match self.0.last() {
            None => {
                self.0.push((tag, value));
                None
            }
            Some(&(last, _)) if last < tag => {
                self.0.push((tag, value));
                None
            }
            _ => match self.0.binary_search_by_key(&tag, |(t, _)| *t) {
                Ok(i) => Some(core::mem::replace(&mut self.0[i].1, value)),
                Err(i) => {
                    self.0.insert(i, (tag, value));
                    None
                }
            },
        }
    }

    /// The raw value of `tag`.
    pub fn get(&self, tag: u32) -> Option<&Bytes> {
        self.0
            .binary_search_by_key(&tag, |(t, _)| *t)
            .ok()
            .map(|i| &self.0[i].1)
    }

    /// Removes `tag`; returns its value.
    pub fn remove(&mut self, tag: u32) -> Option<Bytes> {
        let i = self.0.binary_search_by_key(&tag, |(t, _)| *t).ok()?;
        Some(self.0.remove(i).1)
    }

    /// `(tag, raw value)` in ascending tag order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &Bytes)> {
        self.0.iter().map(|(t, v)| (*t, v))
    }

    /// How many fields are kept.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when none are kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Bytes the kept fields take in a tagged section (not counting the count).
    pub fn wire_len(&self) -> usize {
        self.0.iter().map(|(tag, v)| field_len(*tag, v.len())).sum()
    }

    /// Fails when this is not empty: a non-flexible version has nowhere to put them.
    pub fn check_empty_for_classic(&self) -> Result<(), EncodeError> {
        match self.0.first() {
            None => Ok(()),
            Some(&(tag, _)) => Err(EncodeError::new(EncodeErrorKind::TagInNonFlexible { tag })),
        }
    }
}

/// Bytes one tagged field takes: tag, size and a value of `size` bytes.
#[inline(always)]
pub const fn field_len(tag: u32, size: usize) -> usize {
    uvarint_len(tag) + uvarint_len(size as u32) + size
}

/// Writes the unknown fields interleaved with the declared ones, in tag order.
///
/// Generated code calls [`TagWriter::before`] with each declared tag of the
/// version (ascending) and then [`TagWriter::finish`].
#[derive(Debug)]
pub struct TagWriter<'a> {
    rest: &'a [(u32, Bytes)],
}

impl<'a> TagWriter<'a> {
    /// Starts over the kept unknown fields.
    #[inline(always)]
    pub fn new(unknown: &'a UnknownTaggedFields) -> Self {
        TagWriter { rest: &unknown.0 }
    }

    /// A writer with no unknown fields.
    #[inline(always)]
    pub const fn empty() -> Self {
        TagWriter { rest: &[] }
    }

    /// Writes the unknown fields whose tags come before `tag`; an unknown field
    /// with the same tag as a declared one is an error.
    #[inline]
    pub fn before<B: BufMut>(&mut self, buf: &mut B, tag: u32) -> Result<(), EncodeError> {
        while let Some(((t, value), rest)) = self.rest.split_first() {
            if *t > tag {
                break;
            }
            if *t == tag {
                return Err(EncodeError::new(EncodeErrorKind::TagCollision { tag }).in_tag(tag));
            }
            put_field(buf, *t, value);
            self.rest = rest;
        }
        Ok(())
    }

    /// Writes the remaining unknown fields.
    #[inline]
    pub fn finish<B: BufMut>(self, buf: &mut B) {
        for (t, value) in self.rest {
            put_field(buf, *t, value);
        }
    }
}

fn put_field<B: BufMut>(buf: &mut B, tag: u32, value: &[u8]) {
    put_uvarint(buf, tag);
    put_uvarint(buf, value.len() as u32);
    buf.put_slice(value);
}

/// Writes a declared field's tag and size header.
#[inline]
pub fn put_header<B: BufMut>(buf: &mut B, tag: u32, size: usize) {
    put_uvarint(buf, tag);
    put_uvarint(buf, size as u32);
}

/// Reads the tagged-field count.
#[inline]
pub fn get_count<B: Buf>(buf: &mut B) -> Result<u32, DecodeError> {
    get_uvarint(buf)
}

/// Reads one field's tag and size, checking that tags ascend strictly and that
/// the size fits in what remains. `previous` is updated.
#[inline]
pub fn get_header<B: Buf>(
    buf: &mut B,
    previous: &mut Option<u32>,
) -> Result<(u32, usize), DecodeError> {
    let tag = get_uvarint(buf)?;
    if let Some(prev) = *previous {
        if tag <= prev {
            return Err(DecodeErrorKind::TagOutOfOrder {
                tag,
                previous: prev,
            }
            .into());
        }
    }
    *previous = Some(tag);
    let size = get_uvarint(buf)? as usize;
    codec::ensure_remaining(buf, size).map_err(|e| e.in_tag(tag))?;
    Ok((tag, size))
}

/// Decodes a declared tagged field's value from exactly `size` bytes; a value
/// that does not fill them is an error.
#[inline]
pub fn decode_value<B: Buf, T>(
    buf: &mut B,
    tag: u32,
    size: usize,
    decode: impl FnOnce(&mut Bytes) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let mut value = buf.copy_to_bytes(size);
    let v = decode(&mut value)?;
    if value.has_remaining() {
        return Err(DecodeErrorKind::TagSizeMismatch {
            tag,
            declared: size,
            used: size - value.remaining(),
        }
        .into());
    }
    Ok(v)
}

/// Keeps (or, with `keep` = `None`, skips) an undeclared field's raw value.
#[inline]
pub fn keep_unknown<B: Buf>(
    buf: &mut B,
    tag: u32,
    size: usize,
    keep: Option<&mut UnknownTaggedFields>,
) {
    match keep {
        Some(unknown) => {
            unknown.insert(tag, buf.copy_to_bytes(size));
        }
        None => buf.advance(size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writer_interleaves_and_detects_collisions() {
        let mut unknown = UnknownTaggedFields::new();
        unknown.insert(5, Bytes::from_static(b"\xaa"));
        unknown.insert(1, Bytes::from_static(b""));
        let mut out = Vec::new();
        let mut w = TagWriter::new(&unknown);
        w.before(&mut out, 3).unwrap();
        put_header(&mut out, 3, 1);
        out.push(0x33);
        w.finish(&mut out);
        assert_eq!(out, [1, 0, 3, 1, 0x33, 5, 1, 0xaa]);
        assert_eq!(unknown.wire_len() + field_len(3, 1), out.len());

        let err = TagWriter::new(&unknown)
            .before(&mut Vec::new(), 5)
            .unwrap_err();
        assert!(matches!(
            err.kind(),
            EncodeErrorKind::TagCollision { tag: 5 }
        ));
    }

    #[test]
    fn headers_must_ascend_and_fit() {
        let mut prev = None;
        let input = [2u8, 0, 2, 0];
        let mut src = &input[..];
        assert_eq!(get_header(&mut src, &mut prev).unwrap(), (2, 0));
        let err = get_header(&mut src, &mut prev).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::TagOutOfOrder {
                tag: 2,
                previous: 2
            }
        ));
        let mut prev = None;
        let err = get_header(&mut &[4u8, 9, 1][..], &mut prev).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::Truncated {
                needed: 9,
                remaining: 1
            }
        ));
    }

    #[test]
    fn value_must_fill_its_size() {
        let input = [0u8, 1, 2];
        let err = decode_value(&mut &input[..], 0, 3, |b| Ok(b.get_u8())).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::TagSizeMismatch {
                declared: 3,
                used: 1,
                ..
            }
        ));
    }
}
