//! Length-prefixed values: strings ([`Str`], `String`), bytes ([`Bytes`])
//! and record sets ([`Records`]), and the null of each.

use bytes::{Buf, BufMut, Bytes};

use super::nullable::{encode_or_null, len_or_null};
use super::{Ctx, Nullable, Wire};
use crate::codec::{self, LengthForm};
use crate::fast::FastPath;
#[cfg(feature = "json")]
use crate::json::{text, JsonCtx, JsonReader};
use crate::schema::KafkaType;
use crate::{DecodeError, DecodeErrorKind, EncodeError, Str};

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

            #[cfg(feature = "json")]
            const WRITES_JSON: bool = true;

            #[cfg(feature = "json")]
            #[inline]
            fn write_json(&self, out: &mut Vec<u8>, _: JsonCtx) -> Result<(), EncodeError> {
                text::string(out, self)
            }

            #[cfg(feature = "json")]
            #[inline]
            fn read_json(reader: &mut JsonReader<'_>, _: Ctx) -> Option<Self> {
                // Text without escapes is copied once from the input (a
                // short `Str` inline, no allocation); text with escapes
                // keeps the string its escapes were undone into.
                reader.string().map(|s| match s {
                    ::std::borrow::Cow::Borrowed(s) => <$ty>::from(s),
                    ::std::borrow::Cow::Owned(s) => <$ty>::from(s),
                })
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
    ($ty:ty, $kafka:ident, $as_slice:expr, $wrap:expr, $json:expr, $key_end:expr) => {
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

            #[cfg(feature = "json")]
            const WRITES_JSON: bool = true;

            #[cfg(feature = "json")]
            #[inline]
            fn write_json(&self, out: &mut Vec<u8>, ctx: JsonCtx) -> Result<(), EncodeError> {
                $json(out, $as_slice(self), ctx);
                Ok(())
            }

            #[cfg(feature = "json")]
            #[inline(always)]
            fn json_key_end(&self, ctx: JsonCtx) -> &'static [u8] {
                $key_end(ctx)
            }

            #[cfg(feature = "json")]
            #[inline]
            fn read_json(reader: &mut JsonReader<'_>, _: Ctx) -> Option<Self> {
                reader.base64().map(|b| {
                    // No conversion for none (records written as `""`).
                    $wrap(if b.is_empty() {
                        Bytes::new()
                    } else {
                        Bytes::from(b)
                    })
                })
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

bytes_wire!(
    Bytes,
    Bytes,
    bytes_slice,
    |b| b,
    |out: &mut Vec<u8>, b: &[u8], _| text::bytes(out, b),
    |_| b"\":"
);
bytes_wire!(
    Records,
    Records,
    records_slice,
    Records,
    |out: &mut Vec<u8>, b: &[u8], ctx: JsonCtx| text::records(out, b, ctx.records),
    |ctx: JsonCtx| text::records_key_end(ctx.records)
);
