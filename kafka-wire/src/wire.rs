//! [`Wire`]: how one value of a Kafka type is encoded, sized and decoded at a
//! version; implemented for every type a message field can have.
//!
//! Generated code calls these methods, about three per field, the way
//! prost-derive calls `prost::encoding`. Each impl here is written and tested once.

use bytes::{Buf, BufMut, Bytes};

use crate::codec::{self, LengthForm};
use crate::fast::{each_form, fixed_form, ElementLoop, Fast, FastPath, FixedForm};
use crate::schema::KafkaType;
use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Str, Uuid};

/// The version a value is encoded at, and whether that version is flexible
/// (compact lengths, tagged-field sections).
///
/// A top-level message makes one from the version it is asked for; nested structs
/// and fields receive it from the struct around them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ctx {
    /// The message version.
    pub version: i16,
    /// True in the message's flexible versions.
    pub flexible: bool,
}

impl Ctx {
    /// A context for `version`.
    #[inline(always)]
    pub const fn new(version: i16, flexible: bool) -> Self {
        Ctx { version, flexible }
    }

    /// The same version with flexibility narrowed by a per-field override
    /// (`#[kafka(flexible = "none")]` on the request header's `client_id`).
    #[inline(always)]
    pub const fn narrow_flexible(self, flexible: bool) -> Self {
        Ctx {
            version: self.version,
            flexible: self.flexible && flexible,
        }
    }
}

/// A value with a Kafka wire form: the field types of derived structs.
///
/// Implemented for `bool`, `i8`, `i16`, `u16`, `i32`, `u32`, `i64`, `f64`,
/// [`Str`], `String`, [`Bytes`], [`Uuid`], [`Records`], `Vec<T>` and every struct
/// that derives [`KafkaMessage`](crate::KafkaMessage). Nullable fields are
/// `Option<T>` of a [`Nullable`] type.
///
/// A type of your own implements the four methods and [`TYPE`](Wire::TYPE);
/// [`MIN_LEN`](Wire::MIN_LEN) is optional. `wire_len` must be the exact
/// number of bytes `encode_wire` writes.
///
/// ```
/// use bytes::{Buf, BufMut};
/// use kafka_wire::schema::KafkaType;
/// use kafka_wire::{Ctx, DecodeError, EncodeError, Wire};
///
/// /// A port number, sent as Kafka's int32.
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// struct Port(u16);
///
/// impl Wire for Port {
///     const TYPE: KafkaType = KafkaType::Int32;
///     fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
///         buf.put_i32(i32::from(self.0));
///         Ok(())
///     }
///     fn wire_len(&self, _: Ctx) -> usize {
///         4
///     }
///     fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
///         Ok(Port(buf.try_get_i32()? as u16))
///     }
///     fn is_default_value(&self) -> bool {
///         self.0 == 0
///     }
/// }
///
/// let ctx = Ctx::new(0, false);
/// let mut out = Vec::new();
/// vec![Port(9092)].encode_wire(&mut out, ctx)?;
/// assert_eq!(out, [0, 0, 0, 1, 0, 0, 0x23, 0x84]);
/// # Ok::<(), EncodeError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Kafka wire type",
    label = "this field's type has no Kafka wire form",
    note = "fields may be bool, i8, i16, u16, i32, u32, i64, f64, Str, String, Bytes, Uuid, Records, Vec<T>, Option<T> (nullable), or a struct deriving KafkaMessage"
)]
pub trait Wire: Sized {
    /// The Kafka type, for the schema.
    const TYPE: KafkaType;
    /// The fewest bytes a value takes in any form; bounds how many elements
    /// an array may claim before it is decoded. 0, the default, is always
    /// safe: an array of the type may then claim as many elements as bytes
    /// remain.
    const MIN_LEN: usize = 0;
    /// The fast paths of the built-in types and derived structs: set by the
    /// derive, for the arrays and structs of this crate to read. An impl of
    /// your own leaves it at its default, which claims nothing; its type
    /// cannot be named outside this crate, so no other value can be given.
    const FAST: FastPath<Self> = FastPath::NONE;

    /// Writes the value.
    fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError>;
    /// [`encode_wire`](Wire::encode_wire), always inlined: a derived
    /// struct's encoder is here, and its `encode_wire` calls it; arrays of
    /// flat derived structs (which [`FAST`](Wire::FAST) names) call it in
    /// their loops. An impl of your own leaves it at its default: this crate
    /// never calls an override of it.
    #[inline(always)]
    fn encode_in_line<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
        self.encode_wire(buf, ctx)
    }
    /// The exact number of bytes [`encode_wire`](Wire::encode_wire) writes.
    fn wire_len(&self, ctx: Ctx) -> usize;
    /// Reads a value.
    fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError>;
    /// Reads a value into `self`, reusing what it owns: arrays keep their
    /// capacity and decode into the elements they already hold, derived
    /// structs decode field by field in place. The default replaces `self`
    /// with [`decode_wire`](Wire::decode_wire)'s value. On error `self` holds
    /// a mix of old and new values: decode into it again, or drop it.
    #[inline]
    fn decode_in_place<B: Buf>(&mut self, buf: &mut B, ctx: Ctx) -> Result<(), DecodeError> {
        *self = Self::decode_wire(buf, ctx)?;
        Ok(())
    }
    /// True when the value equals the type's default (`0`, `false`, empty,
    /// a struct whose fields are all at their defaults).
    fn is_default_value(&self) -> bool;
}

/// A type that can also be null in a nullable version: strings, bytes, records,
/// arrays and structs.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a nullable Kafka field",
    label = "this type has no null form in Kafka",
    note = "nullable fields are Option<T> where T is Str, String, Bytes, Records, Vec<_>, or a struct deriving KafkaMessage"
)]
pub trait Nullable: Wire {
    /// Writes `value`, or null.
    fn encode_nullable<B: BufMut>(
        value: Option<&Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), EncodeError>;
    /// The exact size of `value`, or of null.
    fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize;
    /// Reads a value or null.
    fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError>;
    /// Reads a value or null into `slot`, reusing the value it holds (see
    /// [`Wire::decode_in_place`]). The default replaces it.
    #[inline]
    fn decode_nullable_in_place<B: Buf>(
        slot: &mut Option<Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), DecodeError> {
        *slot = Self::decode_nullable(buf, ctx)?;
        Ok(())
    }
}

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

/// Writes the elements of an array of fixed-size values (broker ids,
/// partition indexes) with one check of the room for all of them and one
/// cursor update; `false`, having committed nothing, when the buffer's chunk
/// is too small, so that the caller writes them one by one.
#[inline(always)]
fn put_fixed_run<T: Wire, B: BufMut>(items: &[T], buf: &mut B) -> bool {
    let Some(form) = fixed_form::<T>() else {
        return false;
    };
    let k = form.len;
    let Some(total) = items.len().checked_mul(k) else {
        return false;
    };
    let chunk = buf.chunk_mut();
    if chunk.len() < total {
        return false;
    }
    // SAFETY: only written to, never read.
    let room = unsafe { chunk.as_uninit_slice_mut() };
    let mut put = |i: usize| {
        let bytes = (form.write)(&items[i]);
        for (d, &b) in room[i * k..(i + 1) * k].iter_mut().zip(&bytes[..k]) {
            d.write(b);
        }
    };
    // The usual arrays (a partition's replicas) written straight, without
    // a loop's setup and its remainder.
    match items.len() {
        0 => {}
        1 => put(0),
        2 => {
            put(0);
            put(1);
        }
        3 => {
            put(0);
            put(1);
            put(2);
        }
        n => (0..n).for_each(&mut put),
    }
    // The room checked again, after the writes: past the `match`, the
    // compiler no longer knows it was, and a window clamped its room at the
    // commit. The same test as the window's own, it takes the clamp's place
    // at no cost. (Only a buffer whose chunk is longer than its room, which
    // `BufMut` forbids, fails it, and then gets the writes one by one.)
    if total > buf.remaining_mut() {
        return false;
    }
    // SAFETY: `items.len()` chunks of `k` bytes, `total` in all, were each
    // written in full above.
    unsafe { buf.advance_mut(total) };
    true
}

macro_rules! fixed_wire {
    ($($ty:ty => $kafka:ident, $n:expr, $put:ident, $get:ident;)*) => {$(
        impl Wire for $ty {
            const TYPE: KafkaType = KafkaType::$kafka;
            const MIN_LEN: usize = $n;
            const FAST: FastPath<Self> = FastPath::fixed();

            #[inline(always)]
            fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
                buf.$put(*self);
                Ok(())
            }

            #[inline(always)]
            fn wire_len(&self, _: Ctx) -> usize {
                $n
            }

            #[inline(always)]
            fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
                Ok(buf.$get()?)
            }

            #[inline(always)]
            fn is_default_value(&self) -> bool {
                *self == <$ty>::default()
            }
        }
    )*};
}

fixed_wire! {
    i8 => Int8, 1, put_i8, try_get_i8;
    i16 => Int16, 2, put_i16, try_get_i16;
    u16 => Uint16, 2, put_u16, try_get_u16;
    i32 => Int32, 4, put_i32, try_get_i32;
    u32 => Uint32, 4, put_u32, try_get_u32;
    i64 => Int64, 8, put_i64, try_get_i64;
    f64 => Float64, 8, put_f64, try_get_f64;
}

impl Wire for bool {
    const TYPE: KafkaType = KafkaType::Bool;
    const MIN_LEN: usize = 1;
    const FAST: FastPath<Self> = FastPath::fixed();

    #[inline(always)]
    fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
        buf.put_u8(u8::from(*self));
        Ok(())
    }

    #[inline(always)]
    fn wire_len(&self, _: Ctx) -> usize {
        1
    }

    /// Any non-zero byte is `true`, as Kafka's Java reader has it.
    #[inline(always)]
    fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Ok(buf.try_get_u8()? != 0)
    }

    #[inline(always)]
    fn is_default_value(&self) -> bool {
        !*self
    }
}

impl Wire for Uuid {
    const TYPE: KafkaType = KafkaType::Uuid;
    const MIN_LEN: usize = 16;
    const FAST: FastPath<Self> = FastPath::fixed();

    #[inline(always)]
    fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
        buf.put_slice(&self.0);
        Ok(())
    }

    #[inline(always)]
    fn wire_len(&self, _: Ctx) -> usize {
        16
    }

    #[inline]
    fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Ok(Uuid(buf.try_get_u128()?.to_be_bytes()))
    }

    #[inline(always)]
    fn is_default_value(&self) -> bool {
        self.is_zero()
    }
}

/// `value` in its non-null form, or a null length prefix in `form`: the null
/// of strings, bytes, records and arrays.
#[inline(always)]
fn encode_or_null<T: Wire, B: BufMut>(
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
fn len_or_null<T: Wire>(value: Option<&T>, ctx: Ctx, form: LengthForm) -> usize {
    match value {
        Some(v) => v.wire_len(ctx),
        None => codec::length_prefix_len(None, form),
    }
}

/// Strings: [`Str`] (inline or shared) and `String` (owned) share one codec.
macro_rules! string_wire {
    ($ty:ty, $from_str:expr, $put:expr, $set:expr) => {
        impl Wire for $ty {
            const TYPE: KafkaType = KafkaType::String;
            const MIN_LEN: usize = 1;
            const FAST: FastPath<Self> = FastPath::at_least(1);

            #[inline]
            fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
                $put(self, buf, ctx.flexible)
            }

            #[inline]
            fn wire_len(&self, ctx: Ctx) -> usize {
                codec::str_len(self.len(), ctx.flexible)
            }

            #[inline]
            fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError> {
                match codec::get_str(buf, ctx.flexible)? {
                    Some(s) => Ok($from_str(s)),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }

            #[inline]
            fn decode_in_place<B: Buf>(
                &mut self,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), DecodeError> {
                match codec::get_str(buf, ctx.flexible)? {
                    Some(s) => {
                        $set(self, s);
                        Ok(())
                    }
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }

            #[inline(always)]
            fn is_default_value(&self) -> bool {
                self.is_empty()
            }
        }

        impl Nullable for $ty {
            #[inline(always)]
            fn encode_nullable<B: BufMut>(
                value: Option<&Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), EncodeError> {
                encode_or_null(value, buf, ctx, LengthForm::string(ctx.flexible))
            }

            #[inline]
            fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize {
                len_or_null(value, ctx, LengthForm::string(ctx.flexible))
            }

            #[inline]
            fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
                Ok(codec::get_str(buf, ctx.flexible)?.map($from_str))
            }
        }
    };
}

string_wire!(Str, |s: Str| s, Str::put, Str::set);
string_wire!(
    String,
    |s: Str| String::from(s.as_str()),
    |s: &String, buf: &mut B, flexible| { codec::put_str(buf, s, flexible) },
    // Into the capacity the string has: no allocation once it is large enough.
    |old: &mut String, s: Str| {
        old.clear();
        old.push_str(s.as_str());
    }
);

/// A record set, kept as the raw bytes of its record batches (Kafka's `records`
/// type). Decoding from `Bytes` keeps it a slice of the input.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Records(pub Bytes);

/// Byte arrays: [`Bytes`] and [`Records`] share one codec.
macro_rules! bytes_wire {
    ($ty:ty, $kafka:ident, $as_slice:expr, $wrap:expr) => {
        impl Wire for $ty {
            const TYPE: KafkaType = KafkaType::$kafka;
            const MIN_LEN: usize = 1;
            const FAST: FastPath<Self> = FastPath::at_least(1);

            #[inline]
            fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
                codec::put_bytes(buf, $as_slice(self), ctx.flexible)
            }

            #[inline]
            fn wire_len(&self, ctx: Ctx) -> usize {
                codec::bytes_len($as_slice(self).len(), ctx.flexible)
            }

            #[inline]
            fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError> {
                match codec::get_bytes(buf, ctx.flexible)? {
                    Some(b) => Ok($wrap(b)),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }

            #[inline(always)]
            fn is_default_value(&self) -> bool {
                $as_slice(self).is_empty()
            }
        }

        impl Nullable for $ty {
            #[inline]
            fn encode_nullable<B: BufMut>(
                value: Option<&Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), EncodeError> {
                encode_or_null(value, buf, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize {
                len_or_null(value, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
                Ok(codec::get_bytes(buf, ctx.flexible)?.map($wrap))
            }
        }
    };
}

fn bytes_slice(b: &Bytes) -> &[u8] {
    b
}

fn records_slice(r: &Records) -> &[u8] {
    &r.0
}

bytes_wire!(Bytes, Bytes, bytes_slice, |b| b);
bytes_wire!(Records, Records, records_slice, Records);

/// The most memory an array reserves before decoding, per byte of input left.
const PREALLOC_FACTOR: usize = 32;

/// How many of `n` claimed elements an array may reserve room for. The count is
/// checked against the bytes that remain before anything is allocated, so a
/// short input that claims 2^31 elements fails fast and allocates nothing; and
/// at most PREALLOC_FACTOR bytes of memory are reserved per input byte, so a
/// hostile count gets a container that grows only as elements really decode.
#[inline(always)]
fn element_capacity<T: Wire, B: Buf>(buf: &B, n: usize) -> Result<usize, DecodeError> {
    let remaining = buf.remaining();
    check_count::<T>(remaining, n)?;
    Ok(n.min(remaining.saturating_mul(PREALLOC_FACTOR) / core::mem::size_of::<T>().max(1)))
}

/// Fails unless `n` elements of `T` can fit in `remaining` bytes, each
/// taking at least [`Wire::MIN_LEN`] of them. Elements that take no bytes at
/// all (an empty struct) still may not be claimed beyond the input's size,
/// as Kafka's generated Java readers refuse "a collection of size N, but
/// there are only M bytes remaining": an array of structs with no field in
/// some version cannot hold more elements than bytes follow it there. The
/// owned decode and the view both check this first.
#[inline(always)]
pub(crate) fn check_count<T: Wire>(remaining: usize, n: usize) -> Result<(), DecodeError> {
    if n > remaining / T::MIN_LEN.max(1) {
        return Err(DecodeError::truncated(
            n.saturating_mul(T::MIN_LEN).max(n),
            remaining,
        ));
    }
    Ok(())
}

/// The containers arrays decode into.
trait Elements<T> {
    fn with_capacity(n: usize) -> Self;
    fn push(&mut self, value: T);
    /// The container of one `read` element per `k`-byte chunk of `run`, or
    /// the index of the element `read` refused.
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize>
    where
        Self: Sized;
    /// Drops the elements, keeping the capacity, and makes room for `n`:
    /// where to write them.
    fn clear_for(&mut self, n: usize) -> *mut T;
    /// Takes the first `len` elements as initialised.
    ///
    /// # Safety
    /// Those `len` elements are initialised, and `len` is within the room
    /// [`clear_for`](Elements::clear_for) made.
    unsafe fn set_initialised(&mut self, len: usize);
    /// Replaces the elements with one `read` element per `k`-byte chunk of
    /// `run`, in the container's room; on `Err(i)`, `read` refused element
    /// `i` and the container holds valid elements, old or new (a decode in
    /// place that fails leaves a mix, as `Wire::decode_in_place` says).
    /// The built-in fixed-size types never refuse a whole chunk.
    #[inline(always)]
    fn refill_fixed_run(
        &mut self,
        run: &[u8],
        k: usize,
        read: fn(&[u8]) -> Option<T>,
    ) -> Result<(), usize> {
        refill_run(self, run, k, read)
    }
    /// Decodes `n` elements into `self`, replacing those it holds.
    #[inline(always)]
    fn decode_n_in_place<B: Buf>(
        &mut self,
        buf: &mut B,
        n: usize,
        ctx: Ctx,
    ) -> Result<(), DecodeError>
    where
        Self: Sized,
        T: Wire,
    {
        let cap = element_capacity::<T, B>(buf, n)?;
        *self = Self::decode_n(buf, n, cap, ctx)?;
        Ok(())
    }
    /// Decodes `n` elements, having room reserved for `cap <= n` of them.
    #[inline(always)]
    fn decode_n<B: Buf>(buf: &mut B, n: usize, cap: usize, ctx: Ctx) -> Result<Self, DecodeError>
    where
        Self: Sized,
        T: Wire,
    {
        let mut out = Self::with_capacity(cap);
        for i in 0..n {
            out.push(T::decode_wire(buf, ctx).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// [`Elements::refill_fixed_run`] in the container's own room.
#[inline(always)]
fn refill_run<T, C: Elements<T> + ?Sized>(
    items: &mut C,
    run: &[u8],
    k: usize,
    read: fn(&[u8]) -> Option<T>,
) -> Result<(), usize> {
    let n = run.len() / k;
    let dst = items.clear_for(n);
    // SAFETY: `clear_for` made room for `n` elements at `dst`.
    let written = unsafe { write_fixed_run(dst, run, k, read) };
    // SAFETY: `written <= n` elements were initialised.
    unsafe { items.set_initialised(written) };
    if written < n {
        Err(written)
    } else {
        Ok(())
    }
}

/// Elements `from..n` of an array, past the room reserved for it: grown as
/// they really decode. Out of line, as only a count larger than the input
/// makes plausible gets here.
#[inline(never)]
#[cold]
fn decode_rest<T: Wire, B: Buf>(
    buf: &mut B,
    out: &mut Vec<T>,
    from: usize,
    n: usize,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    for i in from..n {
        out.push(T::decode_wire(buf, ctx).map_err(|e| e.at_index(i))?);
    }
    Ok(())
}

/// Writes one `read` element per `k`-byte chunk of `run` to `dst` onwards,
/// without a capacity check or a length update per element, and returns how
/// many it wrote: fewer than `run.len() / k` only if `read` refused one.
///
/// # Safety
/// `dst` is valid for writes of `run.len() / k` elements of `T`.
#[inline(always)]
unsafe fn write_fixed_run<T>(
    dst: *mut T,
    run: &[u8],
    k: usize,
    read: fn(&[u8]) -> Option<T>,
) -> usize {
    let mut written = 0;
    for bytes in run.chunks_exact(k) {
        let Some(v) = read(bytes) else { break };
        // SAFETY: `chunks_exact` yields `run.len() / k` chunks, so
        // `written < run.len() / k`, for which the caller vouches.
        unsafe { dst.add(written).write(v) };
        written += 1;
    }
    written
}

/// The [`Elements`] methods that both containers answer with their own
/// methods of the same names (`$ty` is the container's type).
macro_rules! elements_by_inherent_methods {
    ($ty:ty) => {
        #[inline(always)]
        fn with_capacity(n: usize) -> Self {
            <$ty>::with_capacity(n)
        }
        #[inline(always)]
        fn push(&mut self, value: T) {
            <$ty>::push(self, value)
        }
        #[inline(always)]
        fn clear_for(&mut self, n: usize) -> *mut T {
            <$ty>::clear(self);
            <$ty>::reserve(self, n);
            <$ty>::as_mut_ptr(self)
        }
        #[inline(always)]
        unsafe fn set_initialised(&mut self, len: usize) {
            // SAFETY: the caller vouches for the `len` elements.
            unsafe { <$ty>::set_len(self, len) }
        }
    };
}

impl<T: Wire> Elements<T> for Vec<T> {
    elements_by_inherent_methods!(Vec<T>);
    #[inline(always)]
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize> {
        let n = run.len() / k;
        let mut out = Vec::with_capacity(n);
        // SAFETY: the capacity is at least `n`.
        let written = unsafe { write_fixed_run(out.as_mut_ptr(), run, k, read) };
        // SAFETY: `written <= n` elements were initialised. (A panic in
        // `read` leaks those written instead.)
        unsafe { out.set_len(written) };
        if written < n {
            Err(written)
        } else {
            Ok(out)
        }
    }
    /// The elements the vector holds are decoded in place, and room beyond
    /// them is reserved only as far as the bytes that remain cover.
    #[inline(always)]
    fn decode_n_in_place<B: Buf>(
        &mut self,
        buf: &mut B,
        n: usize,
        ctx: Ctx,
    ) -> Result<(), DecodeError> {
        let cap = element_capacity::<T, B>(buf, n)?;
        self.truncate(n);
        for (i, item) in self.iter_mut().enumerate() {
            item.decode_in_place(buf, ctx).map_err(|e| e.at_index(i))?;
        }
        let reused = self.len();
        if reused < n {
            self.reserve(cap.saturating_sub(reused));
            decode_rest(buf, self, reused, n, ctx)?;
        }
        Ok(())
    }
    /// The reserved elements are written in place, with no capacity check
    /// and no call to grow the vector inside the loop.
    #[inline(always)]
    fn decode_n<B: Buf>(buf: &mut B, n: usize, cap: usize, ctx: Ctx) -> Result<Self, DecodeError> {
        let cap = cap.min(n);
        let mut out: Vec<T> = Vec::with_capacity(cap);
        let dst = out.as_mut_ptr();
        for i in 0..cap {
            match T::decode_wire(buf, ctx) {
                // SAFETY: `i < cap`, and the vector has room for `cap`.
                Ok(v) => unsafe { dst.add(i).write(v) },
                Err(e) => {
                    // SAFETY: the first `i` elements were written.
                    unsafe { out.set_len(i) };
                    return Err(e.at_index(i));
                }
            }
        }
        // SAFETY: all `cap` were written. (A panic in `decode_wire` leaks
        // those written so far instead.)
        unsafe { out.set_len(cap) };
        if cap < n {
            decode_rest(buf, &mut out, cap, n, ctx)?;
        }
        Ok(out)
    }
}

#[cfg(feature = "smallvec")]
impl<T: Wire, const N: usize> Elements<T> for smallvec::SmallVec<[T; N]>
where
    [T; N]: smallvec::Array<Item = T>,
{
    elements_by_inherent_methods!(smallvec::SmallVec<[T; N]>);
    #[inline(always)]
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize> {
        let n = run.len() / k;
        if n > N {
            return Vec::from_fixed_run(run, k, read).map(smallvec::SmallVec::from_vec);
        }
        // Short lists (broker ids) are built in place in the inline array.
        let mut inline = core::mem::MaybeUninit::<[T; N]>::uninit();
        // SAFETY: the array has room for `N >= n` elements.
        let written = unsafe { write_fixed_run(inline.as_mut_ptr().cast::<T>(), run, k, read) };
        if written < n {
            // `read` refused one: drop those built before it.
            // SAFETY: the first `written <= N` elements are initialised, and
            // the `SmallVec` owns exactly those.
            drop(unsafe { smallvec::SmallVec::from_buf_and_len_unchecked(inline, written) });
            return Err(written);
        }
        // SAFETY: all `n <= N` elements are initialised (`written == n`).
        Ok(unsafe { smallvec::SmallVec::from_buf_and_len_unchecked(inline, n) })
    }
    /// An inline vector is replaced by one built for the run (inline when
    /// it fits, through a `Vec` when it does not): each of the vector's own
    /// calls checks again whether it has spilled, which took a third of a
    /// reused large CreateTopics decode in its broker ids. A spilled one is
    /// refilled in its own room.
    #[inline(always)]
    fn refill_fixed_run(
        &mut self,
        run: &[u8],
        k: usize,
        read: fn(&[u8]) -> Option<T>,
    ) -> Result<(), usize> {
        if !self.spilled() {
            *self = Self::from_fixed_run(run, k, read)?;
            return Ok(());
        }
        refill_run(self, run, k, read)
    }
}

/// The `n` elements of an array of fixed-size values (broker ids,
/// partition indexes, topic ids) when all of them are in the current chunk:
/// their bytes, and the form that reads each. One check then covers them
/// all, and the container is sized by bytes that are really there (at most
/// PREALLOC_FACTOR bytes of memory per byte, as elsewhere).
#[inline(always)]
fn fixed_run<T: Wire, B: Buf>(buf: &B, n: usize) -> Option<(&[u8], FixedForm<T>)> {
    let form =
        fixed_form::<T>().filter(|form| core::mem::size_of::<T>() <= form.len * PREALLOC_FACTOR)?;
    let run = buf.chunk().get(..n.checked_mul(form.len)?)?;
    Some((run, form))
}

/// The error of element `i` of a fixed run that `read` refused. It refuses
/// only too few bytes, which a whole chunk never has.
#[cold]
fn refused_element(k: usize, i: usize) -> DecodeError {
    DecodeError::truncated(k, k).at_index(i)
}

/// Reads the `n` elements of an array whose length prefix has been read.
#[inline(always)]
fn decode_elements<T: Wire, B: Buf, C: Elements<T>>(
    buf: &mut B,
    n: usize,
    ctx: Ctx,
) -> Result<C, DecodeError> {
    if let Some((run, form)) = fixed_run::<T, B>(buf, n) {
        let total = run.len();
        let out = C::from_fixed_run(run, form.len, form.read)
            .map_err(|i| refused_element(form.len, i))?;
        buf.advance(total);
        return Ok(out);
    }
    let cap = element_capacity::<T, B>(buf, n)?;
    C::decode_n(buf, n, cap, ctx)
}

/// Reads the `n` elements of an array whose length prefix has been read
/// into `items`. A run of fixed-size values is written in the container's
/// room; other elements are decoded into those a `Vec` holds, each in place
/// (a `SmallVec` of them is decoded afresh).
#[inline(always)]
fn decode_elements_in_place<T: Wire, B: Buf, C: Elements<T>>(
    items: &mut C,
    buf: &mut B,
    n: usize,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    if let Some((run, form)) = fixed_run::<T, B>(buf, n) {
        let total = run.len();
        items
            .refill_fixed_run(run, form.len, form.read)
            .map_err(|i| refused_element(form.len, i))?;
        buf.advance(total);
        return Ok(());
    }
    items.decode_n_in_place(buf, n, ctx)
}

/// Writes each of an array's `items` into `buf`, through
/// [`Wire::encode_in_line`] when `IN_LINE`, an error located at the failing
/// element's index.
struct EncodeElements<'a, T, B> {
    items: &'a [T],
    buf: &'a mut B,
}

impl<T: Wire, B: BufMut> ElementLoop for EncodeElements<'_, T, B> {
    type Output = Result<(), EncodeError>;

    #[inline(always)]
    fn run<const IN_LINE: bool>(self, ctx: Ctx) -> Self::Output {
        let EncodeElements { items, buf } = self;
        // The failing element's index is worked out from what is left, only
        // on error: a counter beside the loop is one more value to keep, and
        // the loop over assignments in a large CreateTopics ran out of
        // registers for it (1.5% of encode).
        let mut rest = items.iter();
        while let Some(item) = rest.next() {
            let written = match IN_LINE {
                true => item.encode_in_line(buf, ctx),
                false => item.encode_wire(buf, ctx),
            };
            if let Err(e) = written {
                return Err(e.at_index(items.len() - 1 - rest.len()));
            }
        }
        Ok(())
    }
}

/// `Wire` and `Nullable` for an array container: `Vec<T>`, and with the
/// `smallvec` feature `SmallVec<[T; N]>`, whose short arrays need no allocation.
macro_rules! array_wire {
    ($(#[$attr:meta])* [$($generics:tt)*] $ty:ty where [$($bounds:tt)*]) => {
        $(#[$attr])*
        impl<$($generics)*> Wire for $ty where $($bounds)* {
            const TYPE: KafkaType = KafkaType::Array(&T::TYPE);
            const MIN_LEN: usize = 1;
            const FAST: FastPath<Self> = FastPath::at_least(1);

            // Always in line: an array of a flat struct holds two loops, one
            // per form, and without the attribute the compiler sees their
            // size and keeps the whole array out of line, where the window
            // lives in memory (a large CreateTopics' encode took 41% more
            // instructions).
            #[inline(always)]
            fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
                // Found once: a `SmallVec` tests where its elements are at
                // every length or pointer asked of it.
                let items: &[T] = self;
                if ctx.flexible && items.len() < codec::SHORT_COMPACT {
                    // Tested here, on the flag, rather than on the form
                    // inside the call: the same test, but the call's form
                    // made a large encode 4% slower.
                    buf.put_u8(codec::compact_length_byte(items.len()));
                } else {
                    codec::put_length_checked(
                        buf,
                        items.len(),
                        codec::MAX_ARRAY_LEN,
                        LengthForm::array(ctx.flexible),
                    )?;
                }
                if put_fixed_run(items, buf) {
                    return Ok(());
                }
                // An array that cannot fit stops here, rather than walking
                // its elements into a full buffer (where a one-pass attempt
                // would write nothing, and any other buffer would panic).
                let at_least = items.len().saturating_mul(<T as Fast>::WRITES_AT_LEAST);
                if buf.remaining_mut() < at_least {
                    return Err(crate::error::short_of_room(at_least, buf.remaining_mut()));
                }
                each_form::<T, _>(EncodeElements { items, buf }, ctx)
            }

            #[inline]
            fn wire_len(&self, ctx: Ctx) -> usize {
                let prefix = codec::length_prefix_len(Some(self.len()), LengthForm::array(ctx.flexible));
                match <T as Fast>::FIXED_LEN {
                    Some(n) => prefix + n * self.len(),
                    None => prefix + self.iter().map(|item| item.wire_len(ctx)).sum::<usize>(),
                }
            }

            #[inline]
            fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError> {
                match codec::get_length(buf, LengthForm::array(ctx.flexible))? {
                    Some(n) => decode_elements::<T, B, Self>(buf, n, ctx),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }

            #[inline(always)]
            fn is_default_value(&self) -> bool {
                self.is_empty()
            }

            #[inline]
            fn decode_in_place<B: Buf>(&mut self, buf: &mut B, ctx: Ctx) -> Result<(), DecodeError> {
                match codec::get_length(buf, LengthForm::array(ctx.flexible))? {
                    Some(n) => decode_elements_in_place(self, buf, n, ctx),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }
        }

        $(#[$attr])*
        impl<$($generics)*> Nullable for $ty where $($bounds)* {
            #[inline]
            fn encode_nullable<B: BufMut>(
                value: Option<&Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), EncodeError> {
                encode_or_null(value, buf, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize {
                len_or_null(value, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
                let Some(n) = codec::get_length(buf, LengthForm::array(ctx.flexible))? else {
                    return Ok(None);
                };
                decode_elements::<T, B, Self>(buf, n, ctx).map(Some)
            }

            #[inline]
            fn decode_nullable_in_place<B: Buf>(
                slot: &mut Option<Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), DecodeError> {
                let Some(n) = codec::get_length(buf, LengthForm::array(ctx.flexible))? else {
                    *slot = None;
                    return Ok(());
                };
                match slot {
                    Some(items) => decode_elements_in_place(items, buf, n, ctx),
                    None => {
                        *slot = Some(decode_elements::<T, B, Self>(buf, n, ctx)?);
                        Ok(())
                    }
                }
            }
        }
    };
}

array_wire!([T] Vec<T> where [T: Wire]);

// Not listed among "other types that implement Wire" in compile errors, so
// those read the same with and without the feature.
#[cfg(feature = "smallvec")]
array_wire!(#[diagnostic::do_not_recommend] [T, const N: usize] smallvec::SmallVec<[T; N]> where [T: Wire, [T; N]: smallvec::Array<Item = T>]);

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
            buf.put_i8(1);
            v.encode_wire(buf, ctx)
        }
        None => {
            buf.put_i8(-1);
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

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: Ctx = Ctx::new(0, false);
    const FLEX: Ctx = Ctx::new(0, true);

    fn enc<T: Wire>(v: &T, ctx: Ctx) -> Vec<u8> {
        let mut out = Vec::new();
        v.encode_wire(&mut out, ctx).unwrap();
        assert_eq!(out.len(), v.wire_len(ctx), "wire_len");
        let back = T::decode_wire(&mut &out[..], ctx).unwrap();
        let mut again = Vec::new();
        back.encode_wire(&mut again, ctx).unwrap();
        assert_eq!(again, out, "round trip");
        out
    }

    #[test]
    fn fixed_width_exact_bytes() {
        assert_eq!(enc(&true, CLASSIC), [1]);
        assert_eq!(enc(&false, CLASSIC), [0]);
        assert_eq!(enc(&-1i8, CLASSIC), [0xff]);
        assert_eq!(enc(&i16::MIN, CLASSIC), [0x80, 0]);
        assert_eq!(enc(&u16::MAX, CLASSIC), [0xff, 0xff]);
        assert_eq!(enc(&i32::MAX, CLASSIC), [0x7f, 0xff, 0xff, 0xff]);
        assert_eq!(enc(&i32::MIN, CLASSIC), [0x80, 0, 0, 0]);
        assert_eq!(enc(&0xdead_beefu32, CLASSIC), [0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(enc(&i64::MIN, CLASSIC), [0x80, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(enc(&1.5f64, CLASSIC), [0x3f, 0xf8, 0, 0, 0, 0, 0, 0]);
        // Any non-zero byte is true.
        assert!(bool::decode_wire(&mut &[7u8][..], CLASSIC).unwrap());
    }

    #[test]
    fn uuid_exact_bytes() {
        let u: Uuid = "00010203-0405-0607-0809-0a0b0c0d0e0f".parse().unwrap();
        assert_eq!(enc(&u, CLASSIC), (0u8..16).collect::<Vec<_>>());
    }

    /// Every count the run writer spells out (0 to 3) and past them, into
    /// room of its own (`Vec` grows) and into an exact window, whose one
    /// chunk takes the run in one write.
    #[test]
    fn fixed_size_arrays_of_every_short_count_exact_bytes() {
        fn expected<T: Wire>(items: &[T], be: impl Fn(&T) -> Vec<u8>, ctx: Ctx) -> Vec<u8> {
            let mut out = if ctx.flexible {
                vec![items.len() as u8 + 1]
            } else {
                (items.len() as i32).to_be_bytes().to_vec()
            };
            items.iter().for_each(|v| out.extend(be(v)));
            out
        }
        for ctx in [CLASSIC, FLEX] {
            for n in 0..=6 {
                let ids: Vec<i32> = (0..n).map(|i| -7 - i).collect();
                let want = expected(&ids, |v| v.to_be_bytes().to_vec(), ctx);
                assert_eq!(enc(&ids, ctx), want, "{n} i32s, {ctx:?}");
                let mut window = vec![0u8; want.len()];
                ids.encode_wire(&mut &mut window[..], ctx).unwrap();
                assert_eq!(window, want, "{n} i32s in an exact window, {ctx:?}");
                #[cfg(feature = "smallvec")]
                {
                    let inline_or_spilled: smallvec::SmallVec<[i32; 4]> =
                        ids.iter().copied().collect();
                    assert_eq!(
                        enc(&inline_or_spilled, ctx),
                        want,
                        "{n} i32s in a SmallVec, {ctx:?}"
                    );
                }
                let offsets: Vec<i64> = (0..n).map(|i| i64::MIN + i64::from(i)).collect();
                let want = expected(&offsets, |v| v.to_be_bytes().to_vec(), ctx);
                assert_eq!(enc(&offsets, ctx), want, "{n} i64s, {ctx:?}");
                let flags: Vec<bool> = (0..n).map(|i| i % 2 == 0).collect();
                let want = expected(&flags, |v| vec![u8::from(*v)], ctx);
                assert_eq!(enc(&flags, ctx), want, "{n} bools, {ctx:?}");
            }
        }
    }

    #[test]
    fn arrays_exact_bytes() {
        assert_eq!(enc(&Vec::<i32>::new(), CLASSIC), [0, 0, 0, 0]);
        assert_eq!(enc(&Vec::<i32>::new(), FLEX), [1]);
        assert_eq!(enc(&vec![7i32], CLASSIC), [0, 0, 0, 1, 0, 0, 0, 7]);
        assert_eq!(enc(&vec![7i32], FLEX), [2, 0, 0, 0, 7]);
        let many: Vec<i16> = (0..200).collect();
        let bytes = enc(&many, FLEX);
        assert_eq!(&bytes[..2], &[0xc9, 0x01]); // 201 as a uvarint
        assert_eq!(bytes.len(), 2 + 400);
        let strings = vec![Str::from("a"), Str::from("")];
        assert_eq!(enc(&strings, FLEX), [3, 2, b'a', 1]);
        assert_eq!(enc(&strings, CLASSIC), [0, 0, 0, 2, 0, 1, b'a', 0, 0]);
    }

    #[test]
    fn null_arrays_and_strings() {
        let mut out = Vec::new();
        Vec::<i32>::encode_nullable(None, &mut out, CLASSIC).unwrap();
        Vec::<i32>::encode_nullable(None, &mut out, FLEX).unwrap();
        Str::encode_nullable(None, &mut out, CLASSIC).unwrap();
        Str::encode_nullable(None, &mut out, FLEX).unwrap();
        Bytes::encode_nullable(None, &mut out, CLASSIC).unwrap();
        assert_eq!(
            out,
            [0xff, 0xff, 0xff, 0xff, 0, 0xff, 0xff, 0, 0xff, 0xff, 0xff, 0xff]
        );
        let mut src = &out[..];
        assert_eq!(
            Vec::<i32>::decode_nullable(&mut src, CLASSIC).unwrap(),
            None
        );
        assert_eq!(Vec::<i32>::decode_nullable(&mut src, FLEX).unwrap(), None);
        assert_eq!(Str::decode_nullable(&mut src, CLASSIC).unwrap(), None);
        assert_eq!(Str::decode_nullable(&mut src, FLEX).unwrap(), None);
        assert_eq!(Bytes::decode_nullable(&mut src, CLASSIC).unwrap(), None);
        // Null where the type is not nullable.
        let err = Vec::<i32>::decode_wire(&mut &[0u8][..], FLEX).unwrap_err();
        assert!(matches!(err.kind(), DecodeErrorKind::UnexpectedNull));
        let err = encode_option::<Str, _>(&None, false, &mut Vec::new(), FLEX).unwrap_err();
        assert!(matches!(err.kind(), EncodeErrorKind::UnexpectedNull));
    }

    #[test]
    fn huge_array_count_fails_before_allocating() {
        // int32 count 2^31-1 followed by 6 bytes.
        let input = [0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0];
        let err = Vec::<i32>::decode_wire(&mut &input[..], CLASSIC).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::Truncated { remaining: 6, .. }
        ));
        let err = Vec::<Str>::decode_wire(&mut &input[..], CLASSIC).unwrap_err();
        assert!(matches!(err.kind(), DecodeErrorKind::Truncated { .. }));
    }

    /// Arrays of fixed-size values are built in place from one slice: every
    /// length around a `SmallVec`'s inline capacity, and a `Vec`, read back
    /// what was written and consume exactly their bytes.
    #[test]
    fn fixed_runs_fill_containers_in_place() {
        for n in 0..=6i32 {
            let values: Vec<i32> = (0..n).map(|i| i * 0x0102_0304 - 7).collect();
            for ctx in [CLASSIC, FLEX] {
                let mut bytes = enc(&values, ctx);
                bytes.push(0xee); // what follows the array stays unread
                let mut src = &bytes[..];
                assert_eq!(Vec::<i32>::decode_wire(&mut src, ctx).unwrap(), values);
                assert_eq!(src, [0xee]);
                #[cfg(feature = "smallvec")]
                {
                    type Ids = smallvec::SmallVec<[i32; 4]>;
                    let mut src = &bytes[..];
                    let ids = Ids::decode_wire(&mut src, ctx).unwrap();
                    assert_eq!(&ids[..], &values[..]);
                    assert_eq!(ids.spilled(), n > 4);
                    assert_eq!(src, [0xee]);
                    let mut src = &bytes[..];
                    let ids = Ids::decode_nullable(&mut src, ctx).unwrap().unwrap();
                    assert_eq!(&ids[..], &values[..]);
                    // Elements bigger than the bytes that encode them.
                    let uuids: Vec<Uuid> = (0..n as u8).map(|i| Uuid([i; 16])).collect();
                    let bytes = enc(&uuids, ctx);
                    let got = smallvec::SmallVec::<[Uuid; 2]>::decode_wire(&mut &bytes[..], ctx);
                    assert_eq!(&got.unwrap()[..], &uuids[..]);
                }
            }
        }
    }

    /// Arrays of fixed-size values are written with one room check when the
    /// chunk has room for all of them, else one by one: the same bytes.
    #[test]
    fn fixed_runs_write_the_same_bytes_with_and_without_room() {
        fn both<T: Wire + Clone>(values: &[T], ctx: Ctx) -> Vec<u8> {
            let values = values.to_vec();
            let whole = enc(&values, ctx);
            // A first chunk of 3 bytes: too small for any run but the empty one.
            let mut head = [0u8; 3];
            let mut tail = Vec::new();
            let mut split = (&mut head[..]).chain_mut(&mut tail);
            values.encode_wire(&mut split, ctx).unwrap();
            let joined = [&head[..], &tail[..]].concat();
            // Shorter than the head: the rest of the head stays zero.
            assert_eq!(joined.len(), whole.len().max(head.len()));
            assert_eq!(&joined[..whole.len()], &whole[..]);
            assert_eq!(whole.len(), values.wire_len(ctx));
            whole
        }
        for n in 0..6i32 {
            for ctx in [CLASSIC, FLEX] {
                let ints: Vec<i32> = (0..n).map(|i| i * -0x0102_0305).collect();
                let mut want = Vec::new();
                codec::put_length(&mut want, Some(ints.len()), LengthForm::array(ctx.flexible));
                for v in &ints {
                    want.extend_from_slice(&v.to_be_bytes());
                }
                assert_eq!(both(&ints, ctx), want);
                let longs: Vec<i64> = (0..n).map(|i| i64::from(i) << 40 | 7).collect();
                assert_eq!(
                    Vec::<i64>::decode_wire(&mut &both(&longs, ctx)[..], ctx).unwrap(),
                    longs
                );
                let flags: Vec<bool> = (0..n).map(|i| i % 2 == 0).collect();
                assert_eq!(
                    Vec::<bool>::decode_wire(&mut &both(&flags, ctx)[..], ctx).unwrap(),
                    flags
                );
                let ids: Vec<Uuid> = (0..n as u8).map(|i| Uuid([i + 1; 16])).collect();
                assert_eq!(
                    Vec::<Uuid>::decode_wire(&mut &both(&ids, ctx)[..], ctx).unwrap(),
                    ids
                );
            }
        }
    }

    /// An element far larger in memory than on the wire (one byte each), so
    /// that an array of them reserves room for fewer than its count, and one
    /// that owns memory, so that Miri sees every drop. A byte of 0xff fails.
    #[derive(Debug, PartialEq)]
    struct Fat {
        data: Vec<u8>,
        pad: [u64; 13],
    }

    impl Wire for Fat {
        const TYPE: KafkaType = KafkaType::Int8;
        const MIN_LEN: usize = 1;
        fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
            buf.put_u8(self.data[0]);
            Ok(())
        }
        fn wire_len(&self, _: Ctx) -> usize {
            1
        }
        fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
            match buf.try_get_u8()? {
                0xff => Err(DecodeErrorKind::UnexpectedNull.into()),
                b => Ok(Fat {
                    data: vec![b],
                    pad: [0; 13],
                }),
            }
        }
        fn is_default_value(&self) -> bool {
            false
        }
    }

    /// Elements are written in place into the room reserved (a bounded share
    /// of the count) and pushed past it; an error in either part drops what
    /// was decoded and names the index.
    #[test]
    fn arrays_past_their_reserved_room() {
        assert_eq!(core::mem::size_of::<Fat>(), 128);
        // Ten elements of one byte each: room is reserved for 10 * 32 / 128 = 2.
        let count = [0, 0, 0, 10];
        let mut input = count.to_vec();
        input.extend(0..10u8);
        let mut src = &input[..];
        let got = Vec::<Fat>::decode_wire(&mut src, CLASSIC).unwrap();
        assert_eq!(
            got.iter().map(|f| f.data[0]).collect::<Vec<_>>(),
            (0..10).collect::<Vec<_>>()
        );
        assert!(src.is_empty());
        for bad in [0, 1, 2, 5, 9] {
            let mut input = input.clone();
            input[4 + bad] = 0xff;
            let err = Vec::<Fat>::decode_wire(&mut &input[..], CLASSIC).unwrap_err();
            assert_eq!(err.path(), format!("[{bad}]"));
        }
        // A count beyond the bytes left fails before anything is reserved.
        for len in [5, 9] {
            let err = Vec::<Fat>::decode_wire(&mut &input[..len], CLASSIC).unwrap_err();
            assert!(
                matches!(err.kind(), DecodeErrorKind::Truncated { .. }),
                "{err}"
            );
        }
    }

    #[test]
    fn element_errors_name_the_index() {
        // Two strings claimed, the second truncated.
        let input = [3, 1, 5, b'x'];
        let err = Vec::<Str>::decode_wire(&mut &input[..], FLEX).unwrap_err();
        assert_eq!(err.path(), "[1]");
    }

    /// A fixed-size element that owns memory and whose fixed-size read
    /// refuses the byte 0xff, as no built-in type does: the refusal paths of
    /// `Vec` and of `SmallVec`'s inline array must drop what they built.
    #[derive(Debug)]
    struct Owned(Box<u8>);

    std::thread_local! {
        static LIVE: core::cell::Cell<isize> = const { core::cell::Cell::new(0) };
    }

    impl Owned {
        fn make(b: u8) -> Option<Self> {
            (b != 0xff).then(|| {
                LIVE.with(|n| n.set(n.get() + 1));
                Owned(Box::new(b))
            })
        }
    }

    impl Drop for Owned {
        fn drop(&mut self) {
            LIVE.with(|n| n.set(n.get() - 1));
        }
    }

    impl crate::fast::Fixed for Owned {
        const LEN: usize = 1;
        fn from_be(bytes: &[u8]) -> Option<Self> {
            bytes.first().and_then(|&b| Owned::make(b))
        }
        fn to_be(&self) -> [u8; 16] {
            let mut out = [0; 16];
            out[0] = *self.0;
            out
        }
    }

    impl Wire for Owned {
        const TYPE: KafkaType = KafkaType::Int8;
        const MIN_LEN: usize = 1;
        const FAST: FastPath<Self> = FastPath::fixed();
        fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
            buf.put_u8(*self.0);
            Ok(())
        }
        fn wire_len(&self, _: Ctx) -> usize {
            1
        }
        fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
            Owned::make(buf.try_get_u8()?).ok_or_else(|| DecodeErrorKind::UnexpectedNull.into())
        }
        fn is_default_value(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_refused_fixed_run_drops_what_it_built() {
        let input = [0u8, 0, 0, 3, 1, 2, 0xff];
        let err = Vec::<Owned>::decode_wire(&mut &input[..], CLASSIC).unwrap_err();
        assert_eq!(err.path(), "[2]");
        assert_eq!(LIVE.with(|n| n.get()), 0, "Vec path");
        #[cfg(feature = "smallvec")]
        {
            let r = smallvec::SmallVec::<[Owned; 4]>::decode_wire(&mut &input[..], CLASSIC);
            assert_eq!(r.unwrap_err().path(), "[2]");
            assert_eq!(LIVE.with(|n| n.get()), 0, "SmallVec inline path");
            let good = [0u8, 0, 0, 2, 1, 2];
            let ok = smallvec::SmallVec::<[Owned; 4]>::decode_wire(&mut &good[..], CLASSIC);
            assert_eq!(ok.unwrap().len(), 2);
            assert_eq!(LIVE.with(|n| n.get()), 0);
        }
    }

    #[test]
    fn nullable_struct_marker() {
        let mut out = Vec::new();
        encode_nullable_struct::<i32, _>(None, &mut out, CLASSIC).unwrap();
        encode_nullable_struct(Some(&5i32), &mut out, CLASSIC).unwrap();
        assert_eq!(out, [0xff, 1, 0, 0, 0, 5]);
        assert_eq!(nullable_struct_len(Some(&5i32), CLASSIC), 5);
        let mut src = &out[..];
        assert_eq!(
            decode_nullable_struct::<i32, _>(&mut src, CLASSIC).unwrap(),
            None
        );
        assert_eq!(
            decode_nullable_struct::<i32, _>(&mut src, CLASSIC).unwrap(),
            Some(5)
        );
    }
}
