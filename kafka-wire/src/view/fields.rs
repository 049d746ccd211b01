//! What a derived struct's view reader calls for its fields: optional and
//! tagged values, tagged sections and text defaults. Generated code reaches
//! these through `__private`; they are not API. Each reads as its owned
//! twin in `tagged.rs` and `wire.rs` does, with the same checks and errors.

use crate::codec::{self, out_of_line};
use crate::schema::StructSchema;
use crate::view::{NullableView, UnknownTagsView, WireView};
use crate::{Ctx, DecodeError, DecodeErrorKind};

/// Reads an `Option<T>` field's view: null is accepted only when `nullable`,
/// as [`decode_option`](crate::wire::decode_option) has it.
#[inline]
pub fn view_option<'a, T: NullableView>(
    buf: &mut &'a [u8],
    nullable: bool,
    ctx: Ctx,
) -> Result<Option<T::View<'a>>, DecodeError> {
    if nullable {
        T::view_nullable(buf, ctx)
    } else {
        T::view_wire(buf, ctx).map(Some)
    }
}

/// [`view_option`] of a tagged field's value (see
/// [`NullableView::view_nullable_tagged`]).
#[inline]
pub fn view_tagged_option<'a, T: NullableView>(
    buf: &mut &'a [u8],
    nullable: bool,
    ctx: Ctx,
) -> Result<Option<T::View<'a>>, DecodeError> {
    if nullable {
        T::view_nullable_tagged(buf, ctx)
    } else {
        T::view_wire(buf, ctx).map(Some)
    }
}

/// The owned value of an `Option<T>` field's view.
#[inline]
pub fn option_from_view<T: WireView>(view: Option<T::View<'_>>) -> Option<T> {
    view.map(T::from_view)
}

/// The view of a `default = "text"`: the text itself for a string field,
/// its bytes for a bytes field (as the owned default is `From::from("text")`).
pub trait TextDefault {
    /// The view of `text`.
    fn from_text(text: &'static str) -> Self;
}

impl TextDefault for &str {
    #[inline(always)]
    fn from_text(text: &'static str) -> Self {
        text
    }
}

impl TextDefault for &[u8] {
    #[inline(always)]
    fn from_text(text: &'static str) -> Self {
        text.as_bytes()
    }
}

/// Reads a declared tagged field's view from exactly `size` bytes (which
/// [`get_header`](crate::tagged::get_header) has checked are there), as
/// [`decode_value`](crate::tagged::decode_value) does.
#[inline]
pub fn view_value<'a, T>(
    buf: &mut &'a [u8],
    tag: u32,
    size: usize,
    view: impl FnOnce(&mut &'a [u8]) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let Some((mut value, rest)) = buf.split_at_checked(size) else {
        return Err(DecodeError::truncated(size, buf.len()).in_tag(tag));
    };
    *buf = rest;
    let v = view(&mut value)?;
    if !value.is_empty() {
        return Err(DecodeErrorKind::TagSizeMismatch {
            tag,
            declared: size,
            used: size - value.len(),
        }
        .into());
    }
    Ok(v)
}

/// The count of a tagged-field section, as
/// [`get_count`](crate::tagged::get_count) reads it, with the usual
/// empty section (one zero byte) read in line.
#[inline(always)]
pub fn tagged_count(buf: &mut &[u8]) -> Result<u32, DecodeError> {
    if let Some((&b, rest)) = buf.split_first() {
        if b < 0x80 {
            *buf = rest;
            return Ok(u32::from(b));
        }
    }
    let (count, rest) = out_of_line(buf, codec::get_uvarint);
    *buf = rest;
    count
}

/// One tagged field's tag and size, as
/// [`get_header`](crate::tagged::get_header) reads them, out of line
/// (see `codec::out_of_line`). The tag before it, `previous`, is passed by
/// value, so that the caller keeps it in a register: a `&mut` to it was a
/// store to the stack in every struct's view, sections empty or not.
#[inline]
pub fn tagged_header(buf: &mut &[u8], previous: Option<u32>) -> Result<(u32, usize), DecodeError> {
    let (header, rest) = out_of_line(buf, move |buf| {
        crate::tagged::get_header(buf, &mut { previous })
    });
    *buf = rest;
    header
}

/// The tagged section of a struct's view that declares no tagged field:
/// every field in it is unknown, and kept in the view of a struct with an
/// `unknown_tagged_fields` field (the others drop the result). As
/// [`read_unknown_section`](crate::tagged::read_unknown_section) reads
/// it for the owned decode: nothing in a classic version, the usual empty
/// section (one zero byte) in line, the rest out of line.
#[inline(always)]
pub fn view_unknown_section<'a>(
    buf: &mut &'a [u8],
    ctx: Ctx,
    schema: &'static StructSchema,
) -> Result<UnknownTagsView<'a>, DecodeError> {
    if !ctx.flexible {
        return Ok(UnknownTagsView::empty());
    }
    if let Some((0, rest)) = buf.split_first() {
        *buf = rest;
        return Ok(UnknownTagsView::empty());
    }
    let (section, rest) = out_of_line(buf, move |buf| {
        let count = crate::tagged::get_count(buf)?;
        let fields: &'a [u8] = buf;
        crate::tagged::read_unknown_after_count(buf, count, None)?;
        Ok(UnknownTagsView::new(
            fields,
            buf,
            count,
            ctx.version,
            schema,
        ))
    });
    *buf = rest;
    section
}

/// The view of a tagged section of `count` fields, which were read (and
/// checked) from `section` up to `rest`, of a struct of `schema` at
/// `version`: what a view keeps in its `unknown_tagged_fields` field.
#[inline]
pub fn unknown_tags_view<'a>(
    section: &'a [u8],
    rest: &'a [u8],
    count: u32,
    version: i16,
    schema: &'static StructSchema,
) -> UnknownTagsView<'a> {
    UnknownTagsView::new(section, rest, count, version, schema)
}
