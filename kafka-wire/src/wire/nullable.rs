//! Null: `Option<T>` fields (null only in a nullable version) and nullable
//! structs, with their int8 marker.

use bytes::{Buf, BufMut};

use super::{Ctx, Nullable, Wire};
use crate::codec::{self, LengthForm};
use crate::{DecodeError, EncodeError, EncodeErrorKind};

/// Writes an `Option<T>` field: null only when `nullable` (the field is nullable
/// in this version); `None` otherwise is an error.
#[inline(always)]
pub fn encode_option<T: Nullable, B: BufMut>(
    value: &Option<T>,
    nullable: bool,
    buf: &mut B,
    ctx: Ctx,
) -> Result<(), EncodeError> {
    if nullable {
        T::encode_nullable(value.as_ref(), buf, ctx)
    } else {
        match value {
            Some(v) => v.encode_wire(buf, ctx),
            None => Err(EncodeErrorKind::UnexpectedNull.into()),
        }
    }
}

/// True when an `Option` field holds its implicit default, `Some(empty)`.
#[inline(always)]
pub fn option_is_default<T: Wire>(v: &Option<T>) -> bool {
    matches!(v, Some(x) if x.is_default_value())
}

/// The size [`encode_option`] writes.
#[inline]
pub fn option_len<T: Nullable>(value: &Option<T>, nullable: bool, ctx: Ctx) -> usize {
    if nullable {
        T::nullable_len(value.as_ref(), ctx)
    } else {
        // `None` here fails to encode; its size is never used.
        value.as_ref().map_or(0, |v| v.wire_len(ctx))
    }
}

/// Reads an `Option<T>` field: null is accepted only when `nullable`.
#[inline]
pub fn decode_option<T: Nullable, B: Buf>(
    buf: &mut B,
    nullable: bool,
    ctx: Ctx,
) -> Result<Option<T>, DecodeError> {
    if nullable {
        T::decode_nullable(buf, ctx)
    } else {
        T::decode_wire(buf, ctx).map(Some)
    }
}

/// Reads an `Option<T>` field into `slot`, reusing its value: null is
/// accepted only when `nullable`.
#[inline]
pub fn decode_option_in_place<T: Nullable, B: Buf>(
    slot: &mut Option<T>,
    buf: &mut B,
    nullable: bool,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    match slot {
        _ if nullable => T::decode_nullable_in_place(slot, buf, ctx),
        Some(value) => value.decode_in_place(buf, ctx),
        None => {
            *slot = Some(T::decode_wire(buf, ctx)?);
            Ok(())
        }
    }
}

/// `value` in its non-null form, or a null length prefix in `form`: the null
/// of strings, bytes, records and arrays.
#[inline(always)]
pub(super) fn encode_or_null<T: Wire, B: BufMut>(
    value: Option<&T>,
    buf: &mut B,
    ctx: Ctx,
    form: LengthForm,
) -> Result<(), EncodeError> {
    match value {
        Some(v) => v.encode_wire(buf, ctx),
        None => {
            codec::put_length(buf, None, form);
            Ok(())
        }
    }
}

/// The size [`encode_or_null`] writes.
#[inline(always)]
pub(super) fn len_or_null<T: Wire>(value: Option<&T>, ctx: Ctx, form: LengthForm) -> usize {
    match value {
        Some(v) => v.wire_len(ctx),
        None => codec::length_prefix_len(None, form),
    }
}

/// Strings: [`Str`](crate::Str) (inline or shared) and `String` (owned) share one codec.
/// Every derived struct is nullable, with an int8 marker (`-1` null, `1`
/// present) before it. One impl here rather than one per derived struct:
/// four forwarding functions per struct were a measurable part of the build
/// of every API.
#[diagnostic::do_not_recommend]
impl<T: crate::KafkaStruct> Nullable for T {
    #[inline]
    fn encode_nullable<B: BufMut>(
        value: Option<&Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), EncodeError> {
        encode_nullable_struct(value, buf, ctx)
    }

    #[inline]
    fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize {
        nullable_struct_len(value, ctx)
    }

    #[inline]
    fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
        decode_nullable_struct(buf, ctx)
    }

    #[inline]
    fn decode_nullable_in_place<B: Buf>(
        slot: &mut Option<Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), DecodeError> {
        decode_nullable_struct_in_place(slot, buf, ctx)
    }

    #[inline]
    fn encode_nullable_tagged<B: BufMut>(
        value: Option<&Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), EncodeError> {
        buf.put_u8(struct_marker(value.is_some(), true) as u8);
        value.map_or(Ok(()), |v| v.encode_wire(buf, ctx))
    }

    #[inline]
    fn decode_nullable_tagged<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
        match read_struct_marker(buf, true)? {
            false => Ok(None),
            true => Self::decode_wire(buf, ctx).map(Some),
        }
    }
}

/// The one byte in front of a nullable struct, as Kafka's generator writes it:
/// an int8, `1` present and `-1` null; in a tagged field an unsigned varint,
/// `1` present and `0` null. (Read back, a negative int8 or a zero varint is
/// null, anything else present.)
pub(crate) const fn struct_marker(present: bool, tagged: bool) -> i8 {
    match (present, tagged) {
        (true, _) => 1,
        (false, false) => -1,
        (false, true) => 0,
    }
}

/// Reads the marker [`struct_marker`] writes: whether a struct follows.
#[inline]
pub(crate) fn read_struct_marker<B: Buf>(buf: &mut B, tagged: bool) -> Result<bool, DecodeError> {
    Ok(match tagged {
        false => buf.try_get_i8()? >= 0,
        true => codec::get_uvarint(buf)? != 0,
    })
}

/// [`encode_option`] of the value of a tagged field (see
/// [`Nullable::encode_nullable_tagged`]).
#[inline]
pub fn encode_tagged_option<T: Nullable, B: BufMut>(
    value: &Option<T>,
    nullable: bool,
    buf: &mut B,
    ctx: Ctx,
) -> Result<(), EncodeError> {
    if nullable {
        T::encode_nullable_tagged(value.as_ref(), buf, ctx)
    } else {
        encode_option(value, false, buf, ctx)
    }
}

/// [`decode_option`] of the value of a tagged field (see
/// [`Nullable::decode_nullable_tagged`]).
#[inline]
pub fn decode_tagged_option<T: Nullable, B: Buf>(
    buf: &mut B,
    nullable: bool,
    ctx: Ctx,
) -> Result<Option<T>, DecodeError> {
    if nullable {
        T::decode_nullable_tagged(buf, ctx)
    } else {
        decode_option(buf, false, ctx)
    }
}

/// Writes a nullable struct: an int8 marker (`-1` null, `1` present), then the struct.
#[inline]
pub fn encode_nullable_struct<T: Wire, B: BufMut>(
    value: Option<&T>,
    buf: &mut B,
    ctx: Ctx,
) -> Result<(), EncodeError> {
    match value {
        Some(v) => {
            buf.put_i8(struct_marker(true, false));
            v.encode_wire(buf, ctx)
        }
        None => {
            buf.put_i8(struct_marker(false, false));
            Ok(())
        }
    }
}

/// The size [`encode_nullable_struct`] writes.
#[inline]
pub fn nullable_struct_len<T: Wire>(value: Option<&T>, ctx: Ctx) -> usize {
    1 + value.map_or(0, |v| v.wire_len(ctx))
}

/// Reads a nullable struct: a negative marker is null, anything else present.
#[inline]
pub fn decode_nullable_struct<T: Wire, B: Buf>(
    buf: &mut B,
    ctx: Ctx,
) -> Result<Option<T>, DecodeError> {
    if buf.try_get_i8()? < 0 {
        Ok(None)
    } else {
        T::decode_wire(buf, ctx).map(Some)
    }
}

/// Reads a nullable struct into `slot`, decoding in place into the struct
/// it holds.
#[inline]
pub fn decode_nullable_struct_in_place<T: Wire, B: Buf>(
    slot: &mut Option<T>,
    buf: &mut B,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    if buf.try_get_i8()? < 0 {
        *slot = None;
        return Ok(());
    }
    match slot {
        Some(value) => value.decode_in_place(buf, ctx),
        None => {
            *slot = Some(T::decode_wire(buf, ctx)?);
            Ok(())
        }
    }
}
