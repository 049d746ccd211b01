//! Fixed-size values: the integers, `f64`, `bool` and [`Uuid`], big-endian.

use bytes::{Buf, BufMut};

use super::{Ctx, Wire};
use crate::fast::FastPath;
#[cfg(feature = "json")]
use crate::json::{text, JsonCtx, JsonReader};
use crate::schema::KafkaType;
use crate::{DecodeError, EncodeError, Uuid};

macro_rules! fixed_wire {
    ($($ty:ty => $kafka:ident, $n:expr, $put:ident, $get:ident, $json:path, $read:ident;)*) => {$(
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

            #[cfg(feature = "json")]
            const WRITES_JSON: bool = true;

            #[cfg(feature = "json")]
            #[inline]
            fn write_json(&self, out: &mut Vec<u8>, _: JsonCtx) -> Result<(), EncodeError> {
                $json(out, *self);
                Ok(())
            }

            #[cfg(feature = "json")]
            #[inline(always)]
            fn read_json(reader: &mut JsonReader<'_>, _: Ctx) -> Option<Self> {
                reader.$read()
            }
        }
    )*};
}

fixed_wire! {
    i8 => Int8, 1, put_i8, try_get_i8, text::integer, integer;
    i16 => Int16, 2, put_i16, try_get_i16, text::integer, integer;
    u16 => Uint16, 2, put_u16, try_get_u16, text::integer, integer;
    i32 => Int32, 4, put_i32, try_get_i32, text::integer, integer;
    u32 => Uint32, 4, put_u32, try_get_u32, text::integer, integer;
    i64 => Int64, 8, put_i64, try_get_i64, text::integer, integer;
    f64 => Float64, 8, put_f64, try_get_f64, text::float64, float;
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

    #[cfg(feature = "json")]
    const WRITES_JSON: bool = true;

    #[cfg(feature = "json")]
    #[inline]
    fn write_json(&self, out: &mut Vec<u8>, _: JsonCtx) -> Result<(), EncodeError> {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
        Ok(())
    }

    #[cfg(feature = "json")]
    #[inline]
    fn read_json(reader: &mut JsonReader<'_>, _: Ctx) -> Option<Self> {
        reader.bool()
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

    #[cfg(feature = "json")]
    const WRITES_JSON: bool = true;

    #[cfg(feature = "json")]
    #[inline]
    fn write_json(&self, out: &mut Vec<u8>, _: JsonCtx) -> Result<(), EncodeError> {
        text::uuid(out, &self.0);
        Ok(())
    }

    #[cfg(feature = "json")]
    #[inline]
    fn read_json(reader: &mut JsonReader<'_>, _: Ctx) -> Option<Self> {
        reader.uuid()
    }
}
