use bytes::{Buf, BufMut, Bytes};

use super::*;
use crate::codec::{self, LengthForm};
use crate::{DecodeErrorKind, EncodeErrorKind, Str, Uuid};

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
                let inline_or_spilled: smallvec::SmallVec<[i32; 4]> = ids.iter().copied().collect();
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
