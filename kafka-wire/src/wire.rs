//! [`Wire`]: how one value of a Kafka type is encoded, sized and decoded at a
//! version; implemented for every type a message field can have.
//!
//! Generated code calls these methods, about three per field, the way
//! prost-derive calls `prost::encoding`. Each impl here is written and tested once,
//! in the file of its concern:
//!
//! - `scalar.rs`: the integers, `f64`, `bool` and `Uuid`;
//! - `text.rs`: strings, bytes and record sets (length-prefixed);
//! - `array.rs`: arrays and their containers, the bounded reservation before
//!   decoding, and the fixed-size runs written through the buffer's chunk
//!   (the only `unsafe` code of the `Wire` impls, each block with its
//!   argument beside it);
//! - `nullable.rs`: `Option` fields, nullable structs, and the null of every
//!   length-prefixed type.

use bytes::{Buf, BufMut};

use crate::fast::FastPath;
use crate::schema::KafkaType;
use crate::{DecodeError, EncodeError};

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
/// [`Str`](crate::Str), `String`, [`Bytes`](bytes::Bytes), [`Uuid`](crate::Uuid), [`Records`], `Vec<T>` and every struct
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

    /// True when [`write_json`](Wire::write_json) writes the value's JSON
    /// text itself: the built-in types, and derived structs whose fields'
    /// types all do. An impl of your own leaves it `false`, and
    /// [`json::to_string`](crate::json::to_string) then writes the message
    /// from its bytes.
    #[cfg(feature = "json")]
    const WRITES_JSON: bool = false;

    /// Appends the value in Kafka's JSON form (compact, as Java's
    /// `JsonConverter` and Jackson write it), as the interpreted writer
    /// writes it from the value's bytes. The derive writes it for every
    /// struct; the errors are the encoder's where the JSON shows what it
    /// refuses (a field the version lacks holding more than its default,
    /// a null where the version allows none, a string too long). The
    /// default, for an impl of your own, is the error
    /// [`NoJsonForm`](crate::EncodeErrorKind::NoJsonForm).
    #[cfg(feature = "json")]
    fn write_json(&self, out: &mut Vec<u8>, ctx: crate::json::JsonCtx) -> Result<(), EncodeError> {
        let _ = (out, ctx);
        Err(crate::EncodeErrorKind::NoJsonForm.into())
    }

    /// Reads the value from Kafka's JSON form, on the fast path of
    /// [`json::from_str`](crate::json::from_str): `None` for anything this
    /// reader does not take exactly as the strict reader would, which then
    /// reads the text again and reports the error with its path (see
    /// `kafka_wire::json::JsonReader`). The derive writes it for every
    /// struct; the default, for an impl of your own, always leaves the text
    /// to the strict reader.
    #[cfg(feature = "json")]
    #[inline]
    fn read_json(reader: &mut crate::json::JsonReader<'_>, ctx: Ctx) -> Option<Self> {
        let _ = (reader, ctx);
        None
    }

    /// The end of the key a field of this type is written under, after the
    /// field's name: `":` but for records written as their size
    /// (`SizeInBytes":`).
    #[cfg(feature = "json")]
    #[inline(always)]
    fn json_key_end(&self, ctx: crate::json::JsonCtx) -> &'static [u8] {
        let _ = ctx;
        b"\":"
    }
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
    /// [`encode_nullable`](Self::encode_nullable) as the value of a tagged
    /// field. The same bytes but for a struct, whose null marker is then an
    /// unsigned varint (see [`encode_nullable_struct`]); the size is the same.
    #[inline]
    fn encode_nullable_tagged<B: BufMut>(
        value: Option<&Self>,
        buf: &mut B,
        ctx: Ctx,
    ) -> Result<(), EncodeError> {
        Self::encode_nullable(value, buf, ctx)
    }
    /// [`decode_nullable`](Self::decode_nullable) of the value of a tagged field.
    #[inline]
    fn decode_nullable_tagged<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
        Self::decode_nullable(buf, ctx)
    }
}

mod array;
mod nullable;
mod scalar;
#[cfg(test)]
mod tests;
mod text;

pub(crate) use array::check_count;
pub use nullable::{
    decode_nullable_struct, decode_nullable_struct_in_place, decode_option, decode_option_in_place,
    decode_tagged_option, encode_nullable_struct, encode_option, encode_tagged_option,
    nullable_struct_len, option_is_default, option_len,
};
pub(crate) use nullable::{read_struct_marker, struct_marker};
pub use text::Records;
