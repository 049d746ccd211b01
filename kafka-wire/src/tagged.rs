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
// One pointer wide, null when empty (almost always): every derived struct has
// one of these, so an empty one must cost nothing to create, size, encode and
// drop, and must not make the struct (and the arrays holding it) wider.
// (A `Box<Vec>` on purpose: a thin pointer, where a `Vec` would be 24 bytes.)
#[allow(clippy::box_collection)]
#[derive(Clone, Default)]
pub struct UnknownTaggedFields(Option<Box<Vec<(u32, Bytes)>>>);

impl UnknownTaggedFields {
    /// No fields.
    #[inline(always)]
    pub const fn new() -> Self {
        UnknownTaggedFields(None)
    }

    #[inline(always)]
    fn as_slice(&self) -> &[(u32, Bytes)] {
        match &self.0 {
            Some(fields) => fields,
            None => &[],
        }
    }

    /// Adds or replaces the raw value of `tag`; returns the old value.
    pub fn insert(&mut self, tag: u32, value: Bytes) -> Option<Bytes> {
        let fields = self.0.get_or_insert_with(Box::default);
        // Decoding pushes in ascending order: the common case is an append.
        match fields.last() {
            None => {
                fields.push((tag, value));
                None
            }
            Some(&(last, _)) if last < tag => {
                fields.push((tag, value));
                None
            }
            _ => match fields.binary_search_by_key(&tag, |(t, _)| *t) {
                Ok(i) => Some(core::mem::replace(&mut fields[i].1, value)),
                Err(i) => {
                    fields.insert(i, (tag, value));
                    None
                }
            },
        }
    }

    /// The raw value of `tag`.
    pub fn get(&self, tag: u32) -> Option<&Bytes> {
        let fields = self.as_slice();
        fields
            .binary_search_by_key(&tag, |(t, _)| *t)
            .ok()
            .map(|i| &fields[i].1)
    }

    /// Removes `tag`; returns its value.
    pub fn remove(&mut self, tag: u32) -> Option<Bytes> {
        let fields = self.0.as_mut()?;
        let i = fields.binary_search_by_key(&tag, |(t, _)| *t).ok()?;
        let (_, value) = fields.remove(i);
        if fields.is_empty() {
            self.0 = None;
        }
        Some(value)
    }

    /// `(tag, raw value)` in ascending tag order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &Bytes)> {
        self.as_slice().iter().map(|(t, v)| (*t, v))
    }

    /// How many fields are kept.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Some(fields) => fields.len(),
            None => 0,
        }
    }

    /// True when none are kept.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the kept fields take in a tagged section (not counting the count).
    #[inline]
    pub fn wire_len(&self) -> usize {
        match &self.0 {
            None => 0,
            Some(fields) => wire_len_slow(fields),
        }
    }

    /// Fails when this is not empty: a non-flexible version has nowhere to put them.
    #[inline]
    pub fn check_empty_for_classic(&self) -> Result<(), EncodeError> {
        match self.as_slice().first() {
            None => Ok(()),
            Some(&(tag, _)) => Err(tag_in_non_flexible(tag)),
        }
    }
}

// Dropping the (almost always empty) fields is a null check inline; the
// rest is out of line, so that the drop glue of every struct stays small
// enough to inline.
impl Drop for UnknownTaggedFields {
    #[inline(always)]
    fn drop(&mut self) {
        if let Some(fields) = self.0.take() {
            drop_fields(fields);
        }
    }
}

#[allow(clippy::box_collection)]
#[cold]
#[inline(never)]
fn drop_fields(fields: Box<Vec<(u32, Bytes)>>) {
    drop(fields);
}

#[cold]
#[inline(never)]
fn wire_len_slow(fields: &[(u32, Bytes)]) -> usize {
    fields.iter().map(|(tag, v)| field_len(*tag, v.len())).sum()
}

/// The error for a tagged field with a value to write, declared (generated
/// code adds the field's name) or kept unknown, in a non-flexible version.
#[cold]
#[inline(never)]
pub fn tag_in_non_flexible(tag: u32) -> EncodeError {
    EncodeError::new(EncodeErrorKind::TagInNonFlexible { tag })
}

// Equality, hashing and `Debug` see only the fields, as when this was a `Vec`:
// `remove` of the last field leaves the same value as `new`.
impl PartialEq for UnknownTaggedFields {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for UnknownTaggedFields {}

impl core::hash::Hash for UnknownTaggedFields {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for UnknownTaggedFields {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("UnknownTaggedFields")
            .field(&self.as_slice())
            .finish()
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
        TagWriter {
            rest: unknown.as_slice(),
        }
    }

    /// A writer with no unknown fields.
    #[inline(always)]
    pub const fn empty() -> Self {
        TagWriter { rest: &[] }
    }

    /// Writes the unknown fields whose tags come before `tag`; an unknown field
    /// with the same tag as a declared one is an error.
    ///
    /// This and the writers below are always inlined: a call that takes the
    /// buffer, however rarely made, forces the encode window out of registers
    /// into memory for the whole of the struct's writer.
    #[inline(always)]
    pub fn before<B: BufMut>(&mut self, buf: &mut B, tag: u32) -> Result<(), EncodeError> {
        while let Some(((t, value), rest)) = self.rest.split_first() {
            if *t > tag {
                break;
            }
            if *t == tag {
                return Err(EncodeError::new(EncodeErrorKind::TagCollision { tag }).in_tag(tag));
            }
            put_field(buf, *t, value)?;
            self.rest = rest;
        }
        Ok(())
    }

    /// Writes the remaining unknown fields.
    #[inline(always)]
    pub fn finish<B: BufMut>(self, buf: &mut B) -> Result<(), EncodeError> {
        for (t, value) in self.rest {
            put_field(buf, *t, value)?;
        }
        Ok(())
    }
}

#[inline(always)]
fn put_field<B: BufMut>(buf: &mut B, tag: u32, value: &[u8]) -> Result<(), EncodeError> {
    put_header(buf, tag, value.len())?;
    buf.put_slice(value);
    Ok(())
}

/// Writes a field's tag and size header. A size is a uvarint: values over
/// `u32::MAX` bytes cannot be tagged fields.
#[inline(always)]
pub fn put_header<B: BufMut>(buf: &mut B, tag: u32, size: usize) -> Result<(), EncodeError> {
    let Ok(size) = u32::try_from(size) else {
        return Err(EncodeError::new(EncodeErrorKind::TooLong {
            length: size,
            max: u32::MAX as usize,
        })
        .in_tag(tag));
    };
    put_uvarint(buf, tag);
    put_uvarint(buf, size);
    Ok(())
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
    check_order(tag, previous)?;
    let size = get_uvarint(buf)? as usize;
    codec::ensure_remaining(buf, size).map_err(|e| e.in_tag(tag))?;
    Ok((tag, size))
}

/// Fails unless `tag` comes after `previous` (tags ascend strictly);
/// `previous` becomes `tag`.
#[inline]
pub fn check_order(tag: u32, previous: &mut Option<u32>) -> Result<(), DecodeError> {
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
    Ok(())
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

/// Reads the tagged section of a struct that declares no tagged field at
/// its version: every field in it is kept in `keep` (or, with `None`,
/// skipped), with the order and size checks of [`get_header`]. A classic
/// (non-flexible) version has no section. Generated code calls it, rather
/// than spelling the loop out in every struct.
#[inline(always)]
pub fn read_unknown_section<B: Buf>(
    buf: &mut B,
    flexible: bool,
    keep: Option<&mut UnknownTaggedFields>,
) -> Result<(), DecodeError> {
    if !flexible {
        return Ok(());
    }
    // Nearly every section is empty: a zero count, read in line.
    if buf.chunk().first() == Some(&0) {
        buf.advance(1);
        return Ok(());
    }
    read_unknown_fields(buf, keep)
}

/// [`read_unknown_section`] of a section that is not one zero byte: out of
/// line, and one copy per buffer type rather than one per struct.
#[inline(never)]
fn read_unknown_fields<B: Buf>(
    buf: &mut B,
    keep: Option<&mut UnknownTaggedFields>,
) -> Result<(), DecodeError> {
    let count = get_count(buf)?;
    read_unknown_after_count(buf, count, keep)
}

/// The `count` fields of a section whose count has been read, none of them
/// declared: each kept in `keep` (or skipped), with [`get_header`]'s checks.
/// The owned decode's and the view's out-of-line reading of a section.
#[inline]
pub(crate) fn read_unknown_after_count<B: Buf>(
    buf: &mut B,
    count: u32,
    mut keep: Option<&mut UnknownTaggedFields>,
) -> Result<(), DecodeError> {
    let mut previous = None;
    for _ in 0..count {
        let (tag, size) = get_header(buf, &mut previous)?;
        keep_unknown(buf, tag, size, keep.as_deref_mut());
    }
    Ok(())
}

/// The type of an `unknown_tagged_fields` field: [`UnknownTaggedFields`],
/// under whatever alias it is spelled. Generated code reaches the field
/// through it, so that any other type is one error at the field's type.
#[diagnostic::on_unimplemented(
    message = "the `unknown_tagged_fields` field must be a `kafka_wire::UnknownTaggedFields`, not `{Self}`",
    label = "not `UnknownTaggedFields`"
)]
pub trait UnknownTagsField {
    /// The kept tags.
    fn get(&self) -> &UnknownTaggedFields;
    /// The field holding `tags`.
    fn from_tags(tags: UnknownTaggedFields) -> Self;
}

impl UnknownTagsField for UnknownTaggedFields {
    #[inline(always)]
    fn get(&self) -> &UnknownTaggedFields {
        self
    }

    #[inline(always)]
    fn from_tags(tags: UnknownTaggedFields) -> Self {
        tags
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
        put_header(&mut out, 3, 1).unwrap();
        out.push(0x33);
        w.finish(&mut out).unwrap();
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

    #[test]
    fn unknown_fields_compare_and_print_by_content() {
        let mut unknown = UnknownTaggedFields::new();
        assert_eq!(unknown.wire_len(), 0);
        assert!(unknown.check_empty_for_classic().is_ok());
        assert_eq!(format!("{unknown:?}"), "UnknownTaggedFields([])");
        unknown.insert(4, Bytes::from_static(b"\x01\x02"));
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown.wire_len(), 4);
        assert_eq!(
            format!("{unknown:?}"),
            "UnknownTaggedFields([(4, b\"\\x01\\x02\")])"
        );
        assert_ne!(unknown, UnknownTaggedFields::new());
        let copy = unknown.clone();
        assert_eq!(copy, unknown);
        // Removing the last field gives back a value equal to `new()`, with
        // the same hash.
        assert_eq!(unknown.remove(4), Some(Bytes::from_static(b"\x01\x02")));
        assert_eq!(unknown, UnknownTaggedFields::new());
        let hash = |u: &UnknownTaggedFields| {
            use core::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            u.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&unknown), hash(&UnknownTaggedFields::new()));
        assert_eq!(copy.get(4).map(|b| b.len()), Some(2));
        // Structs stay one pointer wider, not three.
        assert_eq!(
            core::mem::size_of::<UnknownTaggedFields>(),
            core::mem::size_of::<usize>()
        );
    }
}
