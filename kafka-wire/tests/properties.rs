//! Property tests of the runtime codecs, driven by a tiny deterministic PRNG
//! (splitmix64; no `rand`), so every failure names a reproducible seed.
//!
//! For every codec (varints, lengths, strings, bytes, records, arrays, nullable
//! forms, Uuid, fixed-width numbers, nullable structs, headers, frames), in the
//! classic and the compact form:
//!
//! - the size function (`wire_len`, `str_len`, `uvarint_len`, ...) equals the
//!   bytes the encoder writes;
//! - `decode(encode(x)) == x` and the decoder consumes exactly what was written;
//! - decoding through a split buffer (a [`Buf`] that hands out one short chunk of
//!   1..=3 bytes at a time, 1-byte chunks, and a nested `bytes::Buf::chain`)
//!   gives the same result as one contiguous slice and as a `Bytes` source;
//! - on arbitrary bytes, the split and the contiguous decoders agree exactly
//!   (same value, or the same error kind and path).
//!
//! Exact bytes are covered by the unit tests in `src/`; the only exact-byte
//! tests here are the string length limit (32767 ok, 32768 refused).

use std::fmt::Debug;

use bytes::{Buf, Bytes, BytesMut};
use kafka_wire::codec::{self, LengthForm, MAX_STRING_LEN};
use kafka_wire::{
    frame, Ctx, DecodeError, DecodeErrorKind, EncodeErrorKind, KafkaMessage, Message, Nullable,
    Records, RequestHeader, ResponseHeader, Str, UnknownTaggedFields, Uuid, Versioned, Wire,
};
use kafka_wire_test_support::{Chunked, Rng};

// ---------------------------------------------------------------------------
// What the properties draw
// ---------------------------------------------------------------------------

/// The draws of these properties, on the workspace's seeded generator.
trait Draws {
    fn range(&mut self, lo: usize, hi_inclusive: usize) -> usize;
    fn coin(&mut self) -> bool;
    fn any_width(&mut self) -> u64;
    fn pick<T: Copy>(&mut self, items: &[T]) -> T;
    fn bytes(&mut self, len: usize) -> Vec<u8>;
    fn string(&mut self, len: usize) -> String;
    fn small_len(&mut self) -> usize;
    fn small_string(&mut self) -> String;
    fn small_bytes(&mut self) -> Vec<u8>;
    fn any_string(&mut self) -> String;
    fn string_len(&mut self) -> usize;
}

impl Draws for Rng {
    fn range(&mut self, lo: usize, hi_inclusive: usize) -> usize {
        lo + self.below((hi_inclusive - lo + 1) as u64) as usize
    }

    fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// A value with a random number of significant bits (0..=64), so that every
    /// varint length is exercised about equally often.
    fn any_width(&mut self) -> u64 {
        let bits = self.below(65) as u32;
        if bits == 0 {
            0
        } else {
            self.next_u64() >> (64 - bits)
        }
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }

    /// A valid UTF-8 string of exactly `len` bytes mixing 1-, 2-, 3- and 4-byte
    /// characters.
    fn string(&mut self, len: usize) -> String {
        let mut s = String::with_capacity(len);
        while s.len() < len {
            let left = len - s.len();
            let c = match self.below(4) {
                0 => char::from(b' ' + self.below(95) as u8),
                1 => char::from_u32(0x80 + self.below(0x800 - 0x80) as u32).unwrap(),
                2 => loop {
                    // Skip the surrogate range.
                    let v = 0x800 + self.below(0x1_0000 - 0x800) as u32;
                    if let Some(c) = char::from_u32(v) {
                        break c;
                    }
                },
                _ => char::from_u32(0x1_0000 + self.below(0x11_0000 - 0x1_0000) as u32).unwrap(),
            };
            if c.len_utf8() <= left {
                s.push(c);
            } else {
                s.push('x');
            }
        }
        s
    }

    /// Usually 0..12 bytes, sometimes 100..200.
    fn small_len(&mut self) -> usize {
        if self.below(16) == 0 {
            self.range(100, 200)
        } else {
            self.range(0, 12)
        }
    }

    fn small_string(&mut self) -> String {
        let n = self.small_len();
        self.string(n)
    }

    fn small_bytes(&mut self) -> Vec<u8> {
        let n = self.small_len();
        self.bytes(n)
    }

    fn any_string(&mut self) -> String {
        let n = self.string_len();
        self.string(n)
    }

    /// A string length: the edges of every prefix form, or something small.
    fn string_len(&mut self) -> usize {
        const EDGES: [usize; 9] = [0, 1, 126, 127, 128, 16382, 16383, 16384, 32767];
        if self.below(4) == 0 {
            self.pick(&EDGES)
        } else {
            self.range(0, 300)
        }
    }
}

// ---------------------------------------------------------------------------
// A buffer that hands out short chunks
// ---------------------------------------------------------------------------

/// Chunks of random sizes in `1..=max`.
fn random_chunks<'a>(data: &'a [u8], rng: &mut Rng, max: usize) -> Chunked<'a> {
    Chunked::with_sizes(data, || rng.range(1, max))
}

/// Every source a decoder is run on, behind one concrete type (decoders take
/// a sized `B: Buf`); each variant delegates, `copy_to_bytes` included, so
/// `Bytes` keeps its zero-copy path and `Chunked` its short chunks.
enum Src<'a> {
    Slice(&'a [u8]),
    Whole(Bytes),
    Split(Chunked<'a>),
    Chain(bytes::buf::Chain<bytes::buf::Chain<&'a [u8], &'a [u8]>, &'a [u8]>),
}

macro_rules! delegate {
    ($self:ident, $b:ident => $e:expr) => {
        match $self {
            Src::Slice($b) => $e,
            Src::Whole($b) => $e,
            Src::Split($b) => $e,
            Src::Chain($b) => $e,
        }
    };
}

impl Buf for Src<'_> {
    fn remaining(&self) -> usize {
        delegate!(self, b => b.remaining())
    }

    fn chunk(&self) -> &[u8] {
        delegate!(self, b => b.chunk())
    }

    fn advance(&mut self, cnt: usize) {
        delegate!(self, b => b.advance(cnt))
    }

    fn copy_to_bytes(&mut self, len: usize) -> Bytes {
        delegate!(self, b => b.copy_to_bytes(len))
    }
}

// ---------------------------------------------------------------------------
// The property harness
// ---------------------------------------------------------------------------

/// Decodes `encoded` from one slice, from `Bytes`, from random 1..=3-byte
/// chunks, from 1-byte chunks and from a nested `Buf::chain` of three pieces;
/// each must give `expected` and consume every byte.
fn decodes_everywhere<T: PartialEq + Debug>(
    what: &str,
    rng: &mut Rng,
    encoded: &[u8],
    expected: &T,
    dec: impl Fn(&mut Src) -> Result<T, DecodeError>,
) {
    let a = rng.range(0, encoded.len());
    let b = rng.range(a, encoded.len());
    let sources = [
        ("one slice", Src::Slice(encoded)),
        ("Bytes", Src::Whole(Bytes::copy_from_slice(encoded))),
        (
            "1..=3-byte chunks",
            Src::Split(random_chunks(encoded, rng, 3)),
        ),
        ("1-byte chunks", Src::Split(Chunked::bytewise(encoded))),
        (
            "Buf::chain",
            Src::Chain(encoded[..a].chain(&encoded[a..b]).chain(&encoded[b..])),
        ),
    ];
    for (how, mut src) in sources {
        let got = dec(&mut src).unwrap_or_else(|e| panic!("{what}: decode from {how} failed: {e}"));
        assert_eq!(&got, expected, "{what}: decode from {how}");
        assert_eq!(src.remaining(), 0, "{what}: bytes left over from {how}");
    }
}

/// The `Wire` properties of one value at `ctx`; returns its encoding.
fn wire_props<T: Wire + PartialEq + Debug>(what: &str, rng: &mut Rng, v: &T, ctx: Ctx) -> Vec<u8> {
    let mut out = Vec::new();
    v.encode_wire(&mut out, ctx)
        .unwrap_or_else(|e| panic!("{what}: encode failed: {e}"));
    assert_eq!(out.len(), v.wire_len(ctx), "{what}: wire_len at {ctx:?}");
    assert!(out.len() >= T::MIN_LEN, "{what}: MIN_LEN");
    decodes_everywhere(what, rng, &out, v, |b| T::decode_wire(b, ctx));
    out
}

/// The `Nullable` properties of one optional value at `ctx`, through the trait
/// and through `encode_option`/`decode_option`/`option_len` (nullable).
fn nullable_props<T: Nullable + Clone + PartialEq + Debug>(
    what: &str,
    rng: &mut Rng,
    v: Option<&T>,
    ctx: Ctx,
) {
    let mut out = Vec::new();
    T::encode_nullable(v, &mut out, ctx).unwrap_or_else(|e| panic!("{what}: encode failed: {e}"));
    assert_eq!(out.len(), T::nullable_len(v, ctx), "{what}: nullable_len");
    let expected = v.cloned();
    decodes_everywhere(what, rng, &out, &expected, |b| T::decode_nullable(b, ctx));

    use kafka_wire::__private::{decode_option, encode_option, option_len};
    let owned: Option<T> = v.cloned();
    let mut via = Vec::new();
    encode_option(&owned, true, &mut via, ctx).unwrap();
    assert_eq!(
        via, out,
        "{what}: encode_option(nullable) == encode_nullable"
    );
    assert_eq!(option_len(&owned, true, ctx), via.len());
    decodes_everywhere(what, rng, &via, &owned, |b| decode_option(b, true, ctx));
    if let Some(x) = v {
        // Not nullable in this version: the plain form.
        let mut plain = Vec::new();
        encode_option(&owned, false, &mut plain, ctx).unwrap();
        assert_eq!(plain.len(), option_len(&owned, false, ctx));
        assert_eq!(plain.len(), x.wire_len(ctx));
        decodes_everywhere(what, rng, &plain, &owned, |b| decode_option(b, false, ctx));
    } else {
        let err = encode_option(&owned, false, &mut Vec::new(), ctx).unwrap_err();
        assert!(
            matches!(err.kind(), EncodeErrorKind::UnexpectedNull),
            "{what}"
        );
    }
}

const CLASSIC: Ctx = Ctx::new(0, false);
const FLEX: Ctx = Ctx::new(0, true);
const FORMS: [Ctx; 2] = [CLASSIC, FLEX];

// ---------------------------------------------------------------------------
// Varints
// ---------------------------------------------------------------------------

const U32_EDGES: [u32; 16] = [
    0,
    1,
    127,
    128,
    16383,
    16384,
    (1 << 21) - 1,
    1 << 21,
    (1 << 28) - 1,
    1 << 28,
    i32::MAX as u32,
    1 << 31,
    u32::MAX - 1,
    u32::MAX,
    300,
    0x7f7f_7f7f,
];

#[test]
fn uvarint_and_varint_round_trip() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut values: Vec<u32> = U32_EDGES.to_vec();
    values.extend((0..4000).map(|_| rng.any_width() as u32));
    for (i, &u) in values.iter().enumerate() {
        let what = format!("uvarint #{i} = {u}");
        let mut out = Vec::new();
        codec::put_uvarint(&mut out, u);
        assert_eq!(out.len(), codec::uvarint_len(u), "{what}: uvarint_len");
        assert!((1..=5).contains(&out.len()));
        decodes_everywhere(&what, &mut rng, &out, &u, |b| codec::get_uvarint(b));

        let s = u as i32;
        let what = format!("varint #{i} = {s}");
        let mut out = Vec::new();
        codec::put_varint(&mut out, s);
        assert_eq!(out.len(), codec::varint_len(s), "{what}: varint_len");
        decodes_everywhere(&what, &mut rng, &out, &s, |b| codec::get_varint(b));
    }
    for s in [i32::MIN, i32::MIN + 1, -1, 0, 1, -64, 63, 64, -65, i32::MAX] {
        let mut out = Vec::new();
        codec::put_varint(&mut out, s);
        assert_eq!(out.len(), codec::varint_len(s));
        decodes_everywhere("varint edge", &mut rng, &out, &s, |b| codec::get_varint(b));
    }
}

#[test]
fn uvarlong_and_varlong_round_trip() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut values: Vec<u64> = vec![0, 1, 127, 128, u64::MAX, u64::MAX - 1, 1 << 63];
    values.extend((0..64).map(|b| 1u64 << b));
    values.extend((1..64).map(|b| (1u64 << b) - 1));
    values.extend((0..4000).map(|_| rng.any_width()));
    for (i, &u) in values.iter().enumerate() {
        let what = format!("uvarlong #{i} = {u}");
        let mut out = Vec::new();
        codec::put_uvarlong(&mut out, u);
        assert_eq!(out.len(), codec::uvarlong_len(u), "{what}: uvarlong_len");
        assert!((1..=10).contains(&out.len()));
        decodes_everywhere(&what, &mut rng, &out, &u, |b| codec::get_uvarlong(b));

        let s = u as i64;
        let what = format!("varlong #{i} = {s}");
        let mut out = Vec::new();
        codec::put_varlong(&mut out, s);
        assert_eq!(out.len(), codec::varlong_len(s), "{what}: varlong_len");
        decodes_everywhere(&what, &mut rng, &out, &s, |b| codec::get_varlong(b));
    }
    for s in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX, i64::MAX - 1] {
        let mut out = Vec::new();
        codec::put_varlong(&mut out, s);
        assert_eq!(out.len(), codec::varlong_len(s));
        decodes_everywhere("varlong edge", &mut rng, &out, &s, |b| {
            codec::get_varlong(b)
        });
    }
}

/// Pads a minimal varint with redundant continuation groups up to `len` bytes.
fn pad_varint(minimal: &[u8], len: usize) -> Vec<u8> {
    let mut out = minimal.to_vec();
    while out.len() < len {
        *out.last_mut().unwrap() |= 0x80;
        out.push(0);
    }
    out
}

#[test]
fn non_minimal_varints_within_the_limit_decode_and_reencode_minimally() {
    let mut rng = Rng::new(0x5eed_0003);
    for _ in 0..2000 {
        let u = rng.any_width() as u32;
        let mut minimal = Vec::new();
        codec::put_uvarint(&mut minimal, u);
        let padded = pad_varint(&minimal, rng.range(minimal.len(), 5));
        decodes_everywhere("padded uvarint", &mut rng, &padded, &u, |b| {
            codec::get_uvarint(b)
        });
        let mut again = Vec::new();
        codec::put_uvarint(&mut again, u);
        assert_eq!(again, minimal);

        let ul = rng.any_width();
        let mut minimal = Vec::new();
        codec::put_uvarlong(&mut minimal, ul);
        let padded = pad_varint(&minimal, rng.range(minimal.len(), 10));
        decodes_everywhere("padded uvarlong", &mut rng, &padded, &ul, |b| {
            codec::get_uvarlong(b)
        });
    }
}

// ---------------------------------------------------------------------------
// Length prefixes
// ---------------------------------------------------------------------------

#[test]
fn length_prefixes_round_trip() {
    let mut rng = Rng::new(0x5eed_0004);
    for i in 0..3000 {
        let form = rng.pick(&[LengthForm::Int16, LengthForm::Int32, LengthForm::Compact]);
        let max = match form {
            LengthForm::Int16 => i16::MAX as u64,
            _ => i32::MAX as u64,
        };
        let len = match rng.below(5) {
            0 => None,
            1 => Some(max as usize),
            _ => Some((rng.any_width() % (max + 1)) as usize),
        };
        let what = format!("length #{i} {len:?} as {form:?}");
        let mut out = Vec::new();
        codec::put_length(&mut out, len, form);
        assert_eq!(out.len(), codec::length_prefix_len(len, form), "{what}");
        decodes_everywhere(&what, &mut rng, &out, &len, |b| codec::get_length(b, form));
    }
}

// ---------------------------------------------------------------------------
// Strings, bytes, records
// ---------------------------------------------------------------------------

#[test]
fn strings_round_trip_in_both_forms() {
    let mut rng = Rng::new(0x5eed_0005);
    // Every edge length once in each form, then random ones.
    let mut lens = vec![
        0, 1, 126, 127, 128, 129, 16382, 16383, 16384, 16385, 32766, 32767,
    ];
    lens.extend((0..600).map(|_| rng.string_len()));
    for (i, &len) in lens.iter().enumerate() {
        let text = rng.string(len);
        assert_eq!(text.len(), len);
        for flexible in [false, true] {
            let ctx = Ctx::new(0, flexible);
            let what = format!("string #{i} of {len} bytes, flexible={flexible}");

            // The free functions.
            let mut out = Vec::new();
            codec::put_str(&mut out, &text, flexible).unwrap();
            assert_eq!(out.len(), codec::str_len(len, flexible), "{what}: str_len");
            let prefix = out.len() - len;
            let expected_prefix = if flexible {
                codec::uvarint_len(len as u32 + 1)
            } else {
                2
            };
            assert_eq!(prefix, expected_prefix, "{what}: prefix length");
            let expected = Some(Str::from(text.as_str()));
            decodes_everywhere(&what, &mut rng, &out, &expected, |b| {
                codec::get_str(b, flexible)
            });

            // The Wire impls of Str and String agree with the free functions.
            let as_str = wire_props(&what, &mut rng, &Str::from(text.as_str()), ctx);
            assert_eq!(as_str, out, "{what}: Str");
            let as_string = wire_props(&what, &mut rng, &text, ctx);
            assert_eq!(as_string, out, "{what}: String");
            if i % 8 == 0 {
                nullable_props(&what, &mut rng, Some(&Str::from(text.as_str())), ctx);
                nullable_props(&what, &mut rng, Some(&text), ctx);
            }
        }
    }
    for ctx in FORMS {
        nullable_props::<Str>("null Str", &mut rng, None, ctx);
        nullable_props::<String>("null String", &mut rng, None, ctx);
    }
}

#[test]
fn bytes_and_records_round_trip_in_both_forms() {
    let mut rng = Rng::new(0x5eed_0006);
    let mut lens = vec![0, 1, 126, 127, 128, 16383, 16384, 32767, 32768, 70_000];
    lens.extend((0..600).map(|_| rng.range(0, 300)));
    for (i, &len) in lens.iter().enumerate() {
        let data = Bytes::from(rng.bytes(len));
        for flexible in [false, true] {
            let ctx = Ctx::new(0, flexible);
            let what = format!("bytes #{i} of {len}, flexible={flexible}");
            let mut out = Vec::new();
            codec::put_bytes(&mut out, &data, flexible).unwrap();
            assert_eq!(
                out.len(),
                codec::bytes_len(len, flexible),
                "{what}: bytes_len"
            );
            let prefix = if flexible {
                codec::uvarint_len(len as u32 + 1)
            } else {
                4
            };
            assert_eq!(out.len(), prefix + len, "{what}: prefix length");
            decodes_everywhere(&what, &mut rng, &out, &Some(data.clone()), |b| {
                codec::get_bytes(b, flexible)
            });
            assert_eq!(wire_props(&what, &mut rng, &data, ctx), out, "{what}");
            let records = Records(data.clone());
            assert_eq!(wire_props(&what, &mut rng, &records, ctx), out, "{what}");
            if i % 8 == 0 {
                nullable_props(&what, &mut rng, Some(&data), ctx);
                nullable_props(&what, &mut rng, Some(&records), ctx);
            }
        }
    }
    for ctx in FORMS {
        nullable_props::<Bytes>("null Bytes", &mut rng, None, ctx);
        nullable_props::<Records>("null Records", &mut rng, None, ctx);
    }
}

/// The longest string Kafka allows, 32767 bytes, encodes with the exact
/// prefixes; one byte more is `TooLong` in both forms and writes nothing.
#[test]
fn string_of_32767_bytes_is_accepted_and_32768_refused_exactly() {
    let max = "é".repeat(MAX_STRING_LEN / 2) + "z"; // 2 * 16383 + 1 = 32767 bytes
    assert_eq!(max.len(), 32767);

    let mut classic = Vec::new();
    codec::put_str(&mut classic, &max, false).unwrap();
    assert_eq!(classic.len(), 2 + 32767);
    assert_eq!(&classic[..2], &[0x7f, 0xff]);
    assert_eq!(&classic[2..], max.as_bytes());
    assert_eq!(
        codec::get_str(&mut &classic[..], false).unwrap().unwrap(),
        max.as_str()
    );

    let mut compact = Vec::new();
    codec::put_str(&mut compact, &max, true).unwrap();
    // 32768 = 0b10_0000000_0000000 -> 0x80 0x80 0x02
    assert_eq!(&compact[..3], &[0x80, 0x80, 0x02]);
    assert_eq!(compact.len(), 3 + 32767);
    assert_eq!(
        codec::get_str(&mut &compact[..], true).unwrap().unwrap(),
        max.as_str()
    );

    let over = max.clone() + "!";
    assert_eq!(over.len(), 32768);
    for flexible in [false, true] {
        let mut out = Vec::new();
        let err = codec::put_str(&mut out, &over, flexible).unwrap_err();
        assert!(
            matches!(
                err.kind(),
                EncodeErrorKind::TooLong {
                    length: 32768,
                    max: 32767
                }
            ),
            "{err:?}"
        );
        assert!(out.is_empty(), "nothing written on TooLong");
        let ctx = Ctx::new(0, flexible);
        for err in [
            Str::from(over.as_str())
                .encode_wire(&mut Vec::new(), ctx)
                .unwrap_err(),
            over.encode_wire(&mut Vec::new(), ctx).unwrap_err(),
            Str::encode_nullable(Some(&Str::from(over.as_str())), &mut Vec::new(), ctx)
                .unwrap_err(),
        ] {
            assert!(matches!(
                err.kind(),
                EncodeErrorKind::TooLong {
                    length: 32768,
                    max: 32767
                }
            ));
        }
    }

    // On the way in: int16 0x8000 is -32768, an invalid length; a compact
    // prefix of 32769 (= 32768 bytes) is too large, even with the bytes present.
    let mut input = vec![0x80, 0x00];
    input.extend_from_slice(over.as_bytes());
    assert!(matches!(
        codec::get_str(&mut &input[..], false).unwrap_err().kind(),
        DecodeErrorKind::InvalidLength(-32768)
    ));
    let mut input = vec![0x81, 0x80, 0x02];
    input.extend_from_slice(over.as_bytes());
    assert!(matches!(
        codec::get_str(&mut &input[..], true).unwrap_err().kind(),
        DecodeErrorKind::LengthTooLarge {
            length: 32768,
            max: 32767
        }
    ));
}

/// `get_str` on random input: read from one contiguous chunk (the inlined
/// path for short ASCII strings) and from one byte per chunk (the general
/// path), it gives the same value or error and consumes the same bytes.
#[test]
fn get_str_inline_path_agrees_with_slow_path() {
    fn outcome<B: Buf>(mut b: B, flexible: bool) -> (Result<Option<String>, String>, usize) {
        let before = b.remaining();
        let r = codec::get_str(&mut b, flexible)
            .map(|o| {
                o.map(|s: Str| {
                    assert!(s.len() <= Str::INLINE_CAPACITY || !s.is_inline());
                    s.to_string()
                })
            })
            .map_err(|e| format!("{:?}", e.kind()));
        (r, before - b.remaining())
    }
    let mut rng = Rng::new(0x1234_5678_9abc_def0);
    let alphabet: &[&[u8]] = &[
        b"a",
        b"Z",
        b"\x00",
        b"\x7f",
        b"\x80",
        b"\xff",
        "é".as_bytes(),
        "€".as_bytes(),
        b"\xc3",
        b"\xe2\x82",
    ];
    let rounds = if cfg!(miri) { 300 } else { 200_000 };
    for _ in 0..rounds {
        let flexible = rng.coin();
        let mut input = Vec::new();
        let len = rng.below(30) as usize;
        match rng.below(8) {
            0 => input.push(rng.below(256) as u8),
            1 => {
                input.push(rng.below(256) as u8);
                input.push(rng.below(256) as u8);
            }
            _ => codec::put_length(&mut input, Some(len), LengthForm::string(flexible)),
        }
        for _ in 0..rng.below(40) {
            input.extend_from_slice(alphabet[rng.below(alphabet.len() as u64) as usize]);
        }
        let whole = outcome(&input[..], flexible);
        let slow = outcome(Chunked::bytewise(&input), flexible);
        match (&whole.0, &slow.0) {
            (Ok(_), _) | (_, Ok(_)) => assert_eq!(whole, slow, "{input:?} flex {flexible}"),
            (Err(a), Err(b)) => assert_eq!(a, b, "{input:?} flex {flexible}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Fixed-width values and Uuid
// ---------------------------------------------------------------------------

/// `f64` compared by bits, so NaNs round-trip too.
#[derive(Debug)]
struct Bits(f64);

impl PartialEq for Bits {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

#[test]
fn fixed_width_values_and_uuids_round_trip() {
    let mut rng = Rng::new(0x5eed_0007);
    for i in 0..1500 {
        let r = rng.next_u64();
        let ctx = rng.pick(&FORMS);
        let what = format!("fixed #{i} from {r:#x}");
        wire_props(&what, &mut rng, &(r & 1 == 1), ctx);
        wire_props(&what, &mut rng, &(r as i8), ctx);
        wire_props(&what, &mut rng, &(r as i16), ctx);
        wire_props(&what, &mut rng, &(r as u16), ctx);
        wire_props(&what, &mut rng, &(r as i32), ctx);
        wire_props(&what, &mut rng, &(r as u32), ctx);
        wire_props(&what, &mut rng, &(r as i64), ctx);
        let f = f64::from_bits(r);
        let mut out = Vec::new();
        f.encode_wire(&mut out, ctx).unwrap();
        assert_eq!(out.len(), f.wire_len(ctx));
        decodes_everywhere(&what, &mut rng, &out, &Bits(f), |b| {
            f64::decode_wire(b, ctx).map(Bits)
        });
        let u = Uuid::from_u64_pair(rng.next_u64(), r);
        let bytes = wire_props(&what, &mut rng, &u, ctx);
        assert_eq!(&bytes[..], u.as_bytes());
        assert_eq!(u.is_default_value(), u.is_zero());
    }
    for f in [
        0.0,
        -0.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
    ] {
        let mut out = Vec::new();
        f.encode_wire(&mut out, CLASSIC).unwrap();
        decodes_everywhere("f64 edge", &mut rng, &out, &Bits(f), |b| {
            f64::decode_wire(b, CLASSIC).map(Bits)
        });
    }
    // Any non-zero bool byte decodes as true and re-encodes as 1.
    for b in 0..=255u8 {
        let v = bool::decode_wire(&mut &[b][..], CLASSIC).unwrap();
        assert_eq!(v, b != 0);
    }
    wire_props("Uuid::ZERO", &mut rng, &Uuid::ZERO, FLEX);
}

// ---------------------------------------------------------------------------
// Arrays
// ---------------------------------------------------------------------------

/// A user's own `Wire` type: the five items a user writes, nothing else.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Port(u32);

impl Wire for Port {
    const TYPE: kafka_wire::schema::KafkaType = kafka_wire::schema::KafkaType::Int32;
    fn encode_wire<B: bytes::BufMut>(
        &self,
        buf: &mut B,
        _: Ctx,
    ) -> Result<(), kafka_wire::EncodeError> {
        buf.put_u32(self.0);
        Ok(())
    }
    fn wire_len(&self, _: Ctx) -> usize {
        4
    }
    fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Ok(Port(buf.try_get_u32()?))
    }
    fn is_default_value(&self) -> bool {
        self.0 == 0
    }
}

/// Arrays of a user's type are written and read through its own methods,
/// whatever fast paths the built-in element types take. (Once, arrays of a
/// user type that opted into only one of them were written as zeros.)
#[test]
fn arrays_of_a_user_type_use_its_own_codec() {
    let mut rng = Rng::new(0x5eed_0009);
    for ctx in FORMS {
        for n in [0, 1, 2, 5, 130] {
            let ports: Vec<Port> = (0..n).map(|i| Port(9092 + i)).collect();
            let out = wire_props("ports", &mut rng, &ports, ctx);
            let mut want = Vec::new();
            codec::put_length(
                &mut want,
                Some(ports.len()),
                LengthForm::array(ctx.flexible),
            );
            for p in &ports {
                want.extend_from_slice(&p.0.to_be_bytes());
            }
            assert_eq!(out, want, "n {n} at {ctx:?}");
        }
    }
}

fn array_len(rng: &mut Rng) -> usize {
    if rng.below(8) == 0 {
        rng.pick(&[0, 1, 126, 127, 128, 129, 300])
    } else {
        rng.range(0, 20)
    }
}

#[test]
fn arrays_round_trip_in_both_forms() {
    let mut rng = Rng::new(0x5eed_0008);
    for i in 0..800 {
        let ctx = rng.pick(&FORMS);
        let what = format!("array #{i} at {ctx:?}");

        let n = array_len(&mut rng);
        let ints: Vec<i32> = (0..n).map(|_| rng.next_u64() as i32).collect();
        let out = wire_props(&what, &mut rng, &ints, ctx);
        let prefix = codec::length_prefix_len(Some(n), LengthForm::array(ctx.flexible));
        assert_eq!(out.len(), prefix + 4 * n, "{what}: Vec<i32> size");

        let n = array_len(&mut rng).min(40);
        let strs: Vec<Str> = (0..n).map(|_| Str::from(rng.small_string())).collect();
        wire_props(&what, &mut rng, &strs, ctx);
        let strings: Vec<String> = strs.iter().map(|s| s.to_string()).collect();
        wire_props(&what, &mut rng, &strings, ctx);

        let n = rng.range(0, 6);
        let nested: Vec<Vec<i32>> = (0..n)
            .map(|_| {
                (0..rng.range(0, 5))
                    .map(|_| rng.next_u64() as i32)
                    .collect()
            })
            .collect();
        wire_props(&what, &mut rng, &nested, ctx);

        let n = rng.range(0, 5);
        let uuids: Vec<Uuid> = (0..n)
            .map(|_| Uuid::from_u64_pair(rng.next_u64(), rng.next_u64()))
            .collect();
        wire_props(&what, &mut rng, &uuids, ctx);
        let bools: Vec<bool> = (0..rng.range(0, 9)).map(|_| rng.coin()).collect();
        wire_props(&what, &mut rng, &bools, ctx);
        let blobs: Vec<Bytes> = (0..rng.range(0, 4))
            .map(|_| Bytes::from(rng.small_bytes()))
            .collect();
        wire_props(&what, &mut rng, &blobs, ctx);

        // Nullable arrays, and null.
        if rng.coin() {
            nullable_props(&what, &mut rng, Some(&strs), ctx);
        } else {
            nullable_props::<Vec<Str>>(&what, &mut rng, None, ctx);
        }
        if rng.coin() {
            nullable_props(&what, &mut rng, Some(&ints), ctx);
        } else {
            nullable_props::<Vec<i32>>(&what, &mut rng, None, ctx);
        }
    }
}

// ---------------------------------------------------------------------------
// Nullable structs (and a derived struct in all its versions)
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
struct Sample {
    #[kafka(versions = "0+")]
    id: i32,
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "0+", nullable = "0+")]
    note: Option<Str>,
    #[kafka(versions = "1+", ignorable)]
    ids: Vec<i32>,
    #[kafka(versions = "2+", tag = 0, tagged = "2+", ignorable)]
    tagged_value: i64,
    #[kafka(versions = "3+", nullable = "3+", ignorable)]
    inner: Option<Vec<Inner>>,
    #[kafka(unknown_tagged_fields)]
    unknown_tagged_fields: UnknownTaggedFields,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Inner {
    #[kafka(versions = "0+")]
    key: Str,
    #[kafka(versions = "0+")]
    blob: Bytes,
    #[kafka(unknown_tagged_fields)]
    unknown_tagged_fields: UnknownTaggedFields,
}

fn random_unknown_tags(rng: &mut Rng, first_tag: u32) -> UnknownTaggedFields {
    let mut unknown = UnknownTaggedFields::new();
    for _ in 0..rng.range(0, 3) {
        let tag = first_tag + rng.below(200) as u32;
        unknown.insert(tag, Bytes::from(rng.small_bytes()));
    }
    unknown
}

fn random_sample(rng: &mut Rng, version: i16) -> Sample {
    let flexible = version >= 2;
    Sample {
        id: rng.next_u64() as i32,
        name: Str::from(rng.small_string()),
        note: if rng.coin() {
            None
        } else {
            Some(Str::from(rng.small_string()))
        },
        ids: if version >= 1 {
            (0..rng.range(0, 5))
                .map(|_| rng.next_u64() as i32)
                .collect()
        } else {
            Vec::new()
        },
        tagged_value: if flexible && rng.coin() {
            rng.next_u64() as i64
        } else {
            0
        },
        inner: if version < 3 {
            Some(Vec::new())
        } else if rng.below(3) == 0 {
            None
        } else {
            Some(
                (0..rng.range(0, 3))
                    .map(|_| Inner {
                        key: Str::from(rng.small_string()),
                        blob: Bytes::from(rng.small_bytes()),
                        unknown_tagged_fields: if flexible {
                            random_unknown_tags(rng, 0)
                        } else {
                            UnknownTaggedFields::new()
                        },
                    })
                    .collect(),
            )
        },
        unknown_tagged_fields: if flexible {
            random_unknown_tags(rng, 1)
        } else {
            UnknownTaggedFields::new()
        },
    }
}

#[test]
fn nullable_structs_and_a_derived_struct_round_trip() {
    let mut rng = Rng::new(0x5eed_0009);
    use kafka_wire::__private::{decode_nullable_struct, encode_nullable_struct};
    for i in 0..600 {
        let version = rng.range(0, 3) as i16;
        let ctx = <Sample as Versioned>::context(version).unwrap();
        let what = format!("Sample #{i} v{version}");
        let s = random_sample(&mut rng, version);

        // As a top-level message.
        let mut out = Vec::new();
        s.encode(&mut out, version).unwrap();
        assert_eq!(out.len(), s.encoded_len(version), "{what}: encoded_len");
        decodes_everywhere(&what, &mut rng, &out, &s, |b| Sample::decode(b, version));
        // As a field value.
        assert_eq!(wire_props(&what, &mut rng, &s, ctx), out);

        // As a nullable struct: an int8 marker, then the struct.
        let v = if rng.coin() { Some(&s) } else { None };
        let mut out = Vec::new();
        encode_nullable_struct(v, &mut out, ctx).unwrap();
        assert_eq!(out.len(), Sample::nullable_len(v, ctx), "{what}");
        let mut via_trait = Vec::new();
        Sample::encode_nullable(v, &mut via_trait, ctx).unwrap();
        assert_eq!(via_trait, out);
        let expected = v.cloned();
        decodes_everywhere(&what, &mut rng, &out, &expected, |b| {
            decode_nullable_struct::<Sample, _>(b, ctx)
        });
        decodes_everywhere(&what, &mut rng, &out, &expected, |b| {
            Sample::decode_nullable(b, ctx)
        });

        // Arrays of structs.
        let list: Vec<Sample> = (0..rng.range(0, 3))
            .map(|_| random_sample(&mut rng, version))
            .collect();
        wire_props(&what, &mut rng, &list, ctx);
    }
}

// ---------------------------------------------------------------------------
// Headers and frames
// ---------------------------------------------------------------------------

fn random_request_header(rng: &mut Rng, header_version: i16) -> RequestHeader {
    let mut h = RequestHeader::new(
        rng.next_u64() as i16,
        rng.next_u64() as i16,
        rng.next_u64() as i32,
        None,
    );
    if header_version >= 1 && rng.below(4) != 0 {
        h.client_id = Some(Str::from(rng.any_string()));
    }
    if header_version >= 2 {
        h.unknown_tagged_fields = random_unknown_tags(rng, 0);
    }
    h
}

#[test]
fn headers_round_trip_at_every_version() {
    let mut rng = Rng::new(0x5eed_000a);
    for i in 0..600 {
        let hv = rng.range(1, 2) as i16;
        let what = format!("request header #{i} v{hv}");
        let h = random_request_header(&mut rng, hv);
        let mut out = Vec::new();
        h.encode(&mut out, hv).unwrap();
        assert_eq!(out.len(), h.encoded_len(hv), "{what}: encoded_len");
        decodes_everywhere(&what, &mut rng, &out, &h, |b| RequestHeader::decode(b, hv));

        let hv = rng.range(0, 1) as i16;
        let what = format!("response header #{i} v{hv}");
        let mut h = ResponseHeader::new(rng.next_u64() as i32);
        if hv == 1 {
            h.unknown_tagged_fields = random_unknown_tags(&mut rng, 0);
        }
        let mut out = Vec::new();
        h.encode(&mut out, hv).unwrap();
        assert_eq!(out.len(), h.encoded_len(hv), "{what}: encoded_len");
        decodes_everywhere(&what, &mut rng, &out, &h, |b| ResponseHeader::decode(b, hv));
    }
}

/// A stream of frames fed to a [`frame::FrameDecoder`] in random pieces yields
/// the same frames as the whole stream at once, and each decodes to its message.
#[test]
fn frames_split_anywhere_decode_the_same() {
    let mut rng = Rng::new(0x5eed_000b);
    for round in 0..150 {
        // Room or none: frames are written in one pass or sized first.
        let mut stream = BytesMut::with_capacity(rng.pick(&[0, 100, 256, 600, 4096]));
        let mut sent = Vec::new();
        for _ in 0..rng.range(1, 4) {
            let version = rng.range(0, 3) as i16;
            let body = random_sample(&mut rng, version);
            let header = RequestHeader::new(1000, version, rng.next_u64() as i32, None);
            let mut header = header;
            if rng.coin() {
                header.client_id = Some(Str::from(rng.small_string()));
            }
            let start = stream.len();
            let written = frame::encode_request(&mut stream, &header, &body).unwrap();
            let hv = Sample::request_header_version(version);
            assert_eq!(
                written,
                4 + header.encoded_len(hv) + body.encoded_len(version)
            );
            // The same bytes whether written in one pass or sized first.
            let (mut sized, mut roomy) = (Vec::new(), Vec::with_capacity(8192));
            frame::encode_request(&mut sized, &header, &body).unwrap();
            frame::encode_request(&mut roomy, &header, &body).unwrap();
            assert_eq!(sized, roomy, "round {round}");
            assert_eq!(&stream[start..], &sized[..], "round {round}");
            sent.push((header, body));
        }
        let all = stream.freeze();

        // Whole stream at once.
        let mut decoder = frame::FrameDecoder::new(1 << 20);
        let mut src = BytesMut::from(&all[..]);
        let mut whole = Vec::new();
        while let Some(f) = decoder.decode(&mut src).unwrap() {
            whole.push(f);
        }
        assert!(src.is_empty(), "round {round}: bytes left");
        assert_eq!(whole.len(), sent.len());

        // In pieces of 1..=7 bytes.
        let mut src = BytesMut::new();
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < all.len() {
            let end = (at + rng.range(1, 7)).min(all.len());
            src.extend_from_slice(&all[at..end]);
            at = end;
            while let Some(f) = decoder.decode(&mut src).unwrap() {
                pieces.push(f);
            }
        }
        assert_eq!(pieces, whole, "round {round}");

        for (f, (header, body)) in whole.into_iter().zip(&sent) {
            let (h, b) = frame::decode_request::<Sample>(f).unwrap();
            assert_eq!((&h, &b), (header, body), "round {round}");
        }
    }
}

// ---------------------------------------------------------------------------
// Split and contiguous decoding agree on arbitrary bytes, errors included
// ---------------------------------------------------------------------------

/// Runs `dec` on `input` from a slice and from 1..=3-byte chunks: the results,
/// Ok or Err (kind, path and version), and the bytes consumed must be equal.
fn agree<T: Debug>(
    what: &str,
    rng: &mut Rng,
    input: &[u8],
    dec: impl Fn(&mut Src) -> Result<T, DecodeError>,
) {
    let mut slice = Src::Slice(input);
    let a = format!("{:?}", dec(&mut slice));
    let mut split = Src::Split(random_chunks(input, rng, 3));
    let b = format!("{:?}", dec(&mut split));
    assert_eq!(a, b, "{what}: slice vs split on {input:02x?}");
    assert_eq!(
        slice.remaining(),
        split.remaining(),
        "{what}: consumed on {input:02x?}"
    );
}

#[test]
fn split_and_contiguous_agree_on_arbitrary_bytes() {
    let mut rng = Rng::new(0x5eed_000c);
    for case in 0..6000 {
        let len = rng.range(0, 48);
        let input = rng.bytes(len);
        let ctx = rng.pick(&FORMS);
        let what = format!("case {case} at {ctx:?}");
        agree(&what, &mut rng, &input, |b| codec::get_uvarint(b));
        agree(&what, &mut rng, &input, |b| codec::get_varlong(b));
        agree(&what, &mut rng, &input, |b| codec::get_str(b, ctx.flexible));
        agree(&what, &mut rng, &input, |b| {
            codec::get_bytes(b, ctx.flexible)
        });
        agree(&what, &mut rng, &input, |b| Vec::<i32>::decode_wire(b, ctx));
        // Arrays of fixed-size values read from one slice when contiguous.
        agree(&what, &mut rng, &input, |b| {
            Vec::<i64>::decode_nullable(b, ctx)
        });
        agree(&what, &mut rng, &input, |b| {
            Vec::<bool>::decode_wire(b, ctx)
        });
        agree(&what, &mut rng, &input, |b| {
            Vec::<Uuid>::decode_wire(b, ctx)
        });
        #[cfg(feature = "smallvec")]
        agree(&what, &mut rng, &input, |b| {
            kafka_wire::smallvec::SmallVec::<[i32; 4]>::decode_wire(b, ctx)
        });
        agree(&what, &mut rng, &input, |b| {
            Vec::<Str>::decode_nullable(b, ctx)
        });
        agree(&what, &mut rng, &input, |b| Uuid::decode_wire(b, ctx));
        agree(&what, &mut rng, &input, |b| {
            RequestHeader::decode(b, rng_version(len, 3))
        });
        agree(&what, &mut rng, &input, |b| {
            ResponseHeader::decode(b, rng_version(len, 2))
        });
        agree(&what, &mut rng, &input, |b| {
            Sample::decode(b, rng_version(len, 4))
        });
    }
}

/// A version derived from the input, so the closure stays `Fn`.
fn rng_version(len: usize, versions: usize) -> i16 {
    (len % versions) as i16
}

// ---------------------------------------------------------------------------
// Arrays decoded into a used container equal a fresh decode
// ---------------------------------------------------------------------------

/// Decodes `input` fresh and into a copy of `held`, from one slice and from
/// 1..=3-byte chunks: the results, Ok (the value) or Err (kind and path),
/// and the bytes consumed must be equal.
fn in_place_agrees<T: Wire + Clone + PartialEq + Debug>(
    what: &str,
    rng: &mut Rng,
    input: &[u8],
    ctx: Ctx,
    held: &T,
) {
    let split = random_chunks(input, rng, 3);
    for (form, fresh_src, reused_src) in [
        ("one slice", Src::Slice(input), Src::Slice(input)),
        ("split", Src::Split(split.clone()), Src::Split(split)),
    ] {
        let (mut fresh_src, mut reused_src) = (fresh_src, reused_src);
        let fresh = T::decode_wire(&mut fresh_src, ctx);
        let mut reused = held.clone();
        let result = reused.decode_in_place(&mut reused_src, ctx);
        let what = format!("{what}, {form}, holding {held:?}, on {input:02x?}");
        match (fresh, result) {
            (Ok(fresh), Ok(())) => assert_eq!(reused, fresh, "{what}"),
            (Err(a), Err(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}"), "{what}"),
            (fresh, result) => panic!("{what}: fresh {fresh:?}, in place {result:?}"),
        }
        assert_eq!(
            fresh_src.remaining(),
            reused_src.remaining(),
            "{what}: consumed"
        );
    }
}

#[test]
fn arrays_decoded_in_place_equal_a_fresh_decode() {
    let mut rng = Rng::new(0x5eed_0010);
    for case in 0..4000 {
        let ctx = rng.pick(&FORMS);
        // Half are arrays encoded here, cut at random; half arbitrary bytes.
        let input = if rng.range(0, 1) == 0 {
            let items: Vec<i32> = (0..rng.range(0, 9))
                .map(|_| rng.next_u64() as i32)
                .collect();
            let mut out = BytesMut::new();
            items.encode_wire(&mut out, ctx).unwrap();
            let keep = rng.range(out.len().saturating_sub(3), out.len());
            out[..keep].to_vec()
        } else {
            let len = rng.range(0, 48);
            rng.bytes(len)
        };
        // What the container held: nothing, a short list, or a spilled one.
        let held: Vec<i32> = (0..rng.range(0, 9) as i32).collect();
        let what = format!("case {case} at {ctx:?}");
        in_place_agrees(&what, &mut rng, &input, ctx, &held);
        let held_ids: Vec<Uuid> = held
            .iter()
            .map(|&i| Uuid::from_u64_pair(0, i as u64))
            .collect();
        in_place_agrees(&what, &mut rng, &input, ctx, &held_ids);
        let held_names: Vec<Str> = held.iter().map(|i| Str::from(i.to_string())).collect();
        in_place_agrees(&what, &mut rng, &input, ctx, &held_names);
        #[cfg(feature = "smallvec")]
        in_place_agrees(
            &what,
            &mut rng,
            &input,
            ctx,
            &kafka_wire::smallvec::SmallVec::<[i32; 4]>::from_vec(held.clone()),
        );
    }
}
