//! Hostile input to the runtime decoders, under a counting global allocator.
//!
//! What is proven here:
//!
//! - a 10-byte input that claims an array, a string or a byte array of about
//!   2^31 elements fails with a typed error (`Truncated`, `LengthTooLarge` or
//!   `InvalidLength`, asserted exactly) and allocates less than 1 KiB in total;
//! - overlong varints (6+ bytes for int32, 11+ for int64), varints that overflow
//!   their type, and lengths below -1 are typed errors, allocating < 1 KiB;
//! - a [`frame::FrameDecoder`] or [`frame::read_frame`] given a size of 2^31-1
//!   with a limit of 1 MiB fails before allocating (< 1 KiB in total);
//! - 100 000 seeded random inputs of 0..64 bytes fed to every decoder never
//!   panic (a panic is caught and reported with its seed and bytes) and stay
//!   within [`ALLOC_BOUND`]: largest single allocation <= 64 * len + 256 bytes,
//!   and all bytes allocated during the decode <= 96 * len + 1024.
//!
//! The allocator (`kafka_wire_test_support::Counting`) counts per thread,
//! switched on only inside `measure`, so the tests can run on the harness's
//! threads in parallel.

use bytes::{Bytes, BytesMut};
use kafka_wire::codec::{self, LengthForm};
use kafka_wire::{
    frame, Ctx, DecodeError, DecodeErrorKind, Nullable, Records, RequestHeader, ResponseHeader,
    Str, Uuid, Versioned, Wire,
};
use kafka_wire_test_support::hostile::{self, guarded, AllocBound};
use kafka_wire_test_support::{measure, Counting, Rng, Usage};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bound for "small": a few error boxes and a field path.
const SMALL: usize = 1024;

/// Decodes once under the allocator; the result must be an error of a kind
/// `expected` accepts, and the whole decode must allocate less than [`SMALL`].
#[track_caller]
fn refused<T: std::fmt::Debug>(
    what: &str,
    expected: &dyn Fn(&DecodeErrorKind) -> bool,
    decode: impl FnOnce() -> Result<T, DecodeError>,
) {
    let (result, usage) = measure(decode);
    match result {
        Ok(v) => panic!("{what}: decoded {v:?}, expected an error"),
        Err(e) => assert!(expected(e.kind()), "{what}: unexpected error {e:?}"),
    }
    assert!(
        usage.total < SMALL && usage.largest < SMALL,
        "{what}: allocated {usage:?}"
    );
}

const CLASSIC: Ctx = Ctx::new(0, false);
const FLEX: Ctx = Ctx::new(0, true);

/// `prefix` followed by zeros up to 10 bytes.
fn ten(prefix: &[u8]) -> Vec<u8> {
    let mut v = prefix.to_vec();
    v.resize(10, 0);
    v
}

const MAX_I32: u64 = i32::MAX as u64;

// ---------------------------------------------------------------------------
// Lengths that lie
// ---------------------------------------------------------------------------

#[test]
fn ten_bytes_claiming_2_pow_31_elements_fail_fast_and_small() {
    // Classic int32 count 2^31-1, 6 bytes of body.
    let classic = ten(&[0x7f, 0xff, 0xff, 0xff]);
    // Compact uvarint 2^31 = 2^31-1 elements, 5 bytes of body.
    let compact = ten(&[0x80, 0x80, 0x80, 0x80, 0x08]);
    // Compact uvarint 2^31+1 = 2^31 elements: over any Java array.
    let compact_over = ten(&[0x81, 0x80, 0x80, 0x80, 0x08]);
    // Compact uvarint u32::MAX = u32::MAX-1 elements.
    let compact_max = ten(&[0xff, 0xff, 0xff, 0xff, 0x0f]);

    let truncated = |remaining: usize| {
        move |k: &DecodeErrorKind| {
            matches!(k, DecodeErrorKind::Truncated { needed, remaining: r }
                if *r == remaining && *needed >= i32::MAX as usize)
        }
    };
    let too_large = |length: u64, max: u64| {
        move |k: &DecodeErrorKind| *k == DecodeErrorKind::LengthTooLarge { length, max }
    };

    for (input, ctx, rem) in [(&classic, CLASSIC, 6), (&compact, FLEX, 5)] {
        let what = format!("array of 2^31-1 at {ctx:?}");
        refused(&what, &truncated(rem), || {
            Vec::<i32>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<i64>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<Str>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<String>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<Str>::decode_nullable(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<Uuid>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<Vec<i32>>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<Bytes>::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Vec::<bool>::decode_wire(&mut &input[..], ctx)
        });
        // From a Bytes source as well.
        let src = Bytes::copy_from_slice(input);
        refused(&what, &truncated(rem), || {
            Vec::<Str>::decode_wire(&mut src.clone(), ctx)
        });
        // Byte arrays and records of 2^31-1 bytes.
        refused(&what, &truncated(rem), || {
            Bytes::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Bytes::decode_nullable(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            Records::decode_wire(&mut &input[..], ctx)
        });
        refused(&what, &truncated(rem), || {
            codec::get_bytes(&mut &input[..], ctx.flexible)
        });
    }

    // A compact string of 2^31-1 bytes: over the string limit, said before the
    // input is even looked at.
    let str_too_large = too_large(MAX_I32, codec::MAX_STRING_LEN as u64);
    refused("compact string 2^31-1", &str_too_large, || {
        Str::decode_wire(&mut &compact[..], FLEX)
    });
    refused("compact string 2^31-1", &str_too_large, || {
        String::decode_wire(&mut &compact[..], FLEX)
    });
    refused("compact string 2^31-1", &str_too_large, || {
        Str::decode_nullable(&mut &compact[..], FLEX)
    });
    // A classic string can claim at most 32767 bytes.
    let classic_str = ten(&[0x7f, 0xff]);
    refused("classic string 32767", &truncated_exactly(32767, 8), || {
        Str::decode_wire(&mut &classic_str[..], CLASSIC)
    });

    // 2^31 and u32::MAX-1 elements or bytes: LengthTooLarge, for every codec.
    for (input, length) in [
        (&compact_over, MAX_I32 + 1),
        (&compact_max, u32::MAX as u64 - 1),
    ] {
        let k = too_large(length, MAX_I32);
        let what = format!("compact length {length}");
        refused(&what, &k, || Vec::<i32>::decode_wire(&mut &input[..], FLEX));
        refused(&what, &k, || {
            Vec::<Str>::decode_nullable(&mut &input[..], FLEX)
        });
        refused(&what, &k, || Bytes::decode_wire(&mut &input[..], FLEX));
        refused(&what, &k, || {
            Records::decode_nullable(&mut &input[..], FLEX)
        });
        refused(&what, &k, || Str::decode_wire(&mut &input[..], FLEX));
        refused(&what, &k, || {
            codec::get_length(&mut &input[..], LengthForm::Compact)
        });
    }
}

fn truncated_exactly(needed: usize, remaining: usize) -> impl Fn(&DecodeErrorKind) -> bool {
    move |k| *k == DecodeErrorKind::Truncated { needed, remaining }
}

#[test]
fn lengths_below_minus_one_are_invalid() {
    let invalid = |n: i64| move |k: &DecodeErrorKind| *k == DecodeErrorKind::InvalidLength(n);
    // Every int16 below -1 as a string length.
    for n in i16::MIN..=-2 {
        let input = ten(&n.to_be_bytes());
        let what = format!("int16 length {n}");
        refused(&what, &invalid(n.into()), || {
            Str::decode_nullable(&mut &input[..], CLASSIC)
        });
        if n % 97 == 0 || n >= -3 || n == i16::MIN {
            refused(&what, &invalid(n.into()), || {
                String::decode_wire(&mut &input[..], CLASSIC)
            });
            refused(&what, &invalid(n.into()), || {
                codec::get_length(&mut &input[..], LengthForm::Int16)
            });
        }
    }
    // int32 lengths below -1: the edges and a spread.
    let mut ns: Vec<i32> = vec![-2, -3, i32::MIN, i32::MIN + 1, -65536, -32769];
    let mut x: i32 = -2;
    while let Some(next) = x.checked_mul(3) {
        ns.push(next);
        x = next;
    }
    for n in ns {
        let input = ten(&n.to_be_bytes());
        let what = format!("int32 length {n}");
        let k = invalid(n.into());
        refused(&what, &k, || {
            Vec::<i32>::decode_wire(&mut &input[..], CLASSIC)
        });
        refused(&what, &k, || {
            Vec::<Str>::decode_nullable(&mut &input[..], CLASSIC)
        });
        refused(&what, &k, || Bytes::decode_wire(&mut &input[..], CLASSIC));
        refused(&what, &k, || {
            Records::decode_nullable(&mut &input[..], CLASSIC)
        });
    }
    // -1 is null: an error only where null is not allowed.
    let null16 = ten(&[0xff, 0xff]);
    let null32 = ten(&[0xff, 0xff, 0xff, 0xff]);
    let unexpected_null = |k: &DecodeErrorKind| *k == DecodeErrorKind::UnexpectedNull;
    refused("null string", &unexpected_null, || {
        Str::decode_wire(&mut &null16[..], CLASSIC)
    });
    refused("null array", &unexpected_null, || {
        Vec::<i32>::decode_wire(&mut &null32[..], CLASSIC)
    });
    refused("null bytes", &unexpected_null, || {
        Bytes::decode_wire(&mut &[0u8][..], FLEX)
    });
    assert_eq!(
        Str::decode_nullable(&mut &null16[..], CLASSIC).unwrap(),
        None
    );
    assert_eq!(
        Vec::<i32>::decode_nullable(&mut &null32[..], CLASSIC).unwrap(),
        None
    );
}

// ---------------------------------------------------------------------------
// Varints that lie
// ---------------------------------------------------------------------------

#[test]
fn overlong_and_overflowing_varints_are_typed_errors() {
    let too_long = |max: u8| {
        move |k: &DecodeErrorKind| *k == DecodeErrorKind::VarintTooLong { max_bytes: max }
    };
    let overflow =
        |bits: u8| move |k: &DecodeErrorKind| *k == DecodeErrorKind::VarintOverflow { bits };

    // 6..=16 bytes with continuation bits, then a terminator: int32 varints
    // refuse at the 5th byte, whatever the payload bits.
    for len in 6..=16 {
        for fill in [0x80u8, 0xff, 0x81] {
            let mut input = vec![fill; len - 1];
            input.push(0x00);
            let what = format!("{len}-byte varint of {fill:#x}");
            let k = too_long(5);
            refused(&what, &k, || codec::get_uvarint(&mut &input[..]));
            refused(&what, &k, || codec::get_varint(&mut &input[..]));
            // As a compact length, an array count and a tag header.
            refused(&what, &k, || Str::decode_wire(&mut &input[..], FLEX));
            refused(&what, &k, || Bytes::decode_wire(&mut &input[..], FLEX));
            refused(&what, &k, || Vec::<i32>::decode_wire(&mut &input[..], FLEX));
            refused(&what, &k, || {
                Vec::<Str>::decode_nullable(&mut &input[..], FLEX)
            });
            let mut header = vec![0, 0, 0, 1];
            header.extend_from_slice(&input);
            refused(&what, &k, || ResponseHeader::decode(&mut &header[..], 1));
            // One known tag count, then an overlong tag number.
            let mut tagged = vec![0, 0, 0, 1, 1];
            tagged.extend_from_slice(&input);
            refused(&what, &k, || ResponseHeader::decode(&mut &tagged[..], 1));
            if len >= 11 {
                // With 0xff the 10th byte already carries more than the one
                // bit left of 64: overflow is found first; either is right.
                let k = |k: &DecodeErrorKind| too_long(10)(k) || (fill == 0xff && overflow(64)(k));
                refused(&what, &k, || codec::get_uvarlong(&mut &input[..]));
                refused(&what, &k, || codec::get_varlong(&mut &input[..]));
            }
        }
    }
    // Exactly 5 bytes whose value does not fit 32 bits: every last byte 0x10..=0x7f.
    for last in 0x10..=0x7fu8 {
        let input = [0xff, 0xff, 0xff, 0xff, last, 0, 0];
        let what = format!("5-byte varint ending {last:#x}");
        refused(&what, &overflow(32), || codec::get_uvarint(&mut &input[..]));
        refused(&what, &overflow(32), || codec::get_varint(&mut &input[..]));
        refused(&what, &overflow(32), || {
            Str::decode_wire(&mut &input[..], FLEX)
        });
        refused(&what, &overflow(32), || {
            Vec::<Str>::decode_wire(&mut &input[..], FLEX)
        });
        refused(&what, &overflow(32), || {
            codec::get_length(&mut &input[..], LengthForm::Compact)
        });
    }
    // Exactly 10 bytes whose value does not fit 64 bits: every last byte 0x02..=0x7f.
    for last in 0x02..=0x7fu8 {
        let mut input = vec![0x80; 9];
        input.push(last);
        let what = format!("10-byte varlong ending {last:#x}");
        refused(&what, &overflow(64), || {
            codec::get_uvarlong(&mut &input[..])
        });
        refused(&what, &overflow(64), || codec::get_varlong(&mut &input[..]));
    }
    // A 10th byte that continues is too long, even carrying only one bit.
    let mut input = vec![0xff; 9];
    input.push(0x81);
    input.push(0);
    refused("10-byte varlong that continues", &too_long(10), || {
        codec::get_uvarlong(&mut &input[..])
    });
    // A varint cut short is a truncation.
    for len in 1..=4 {
        let input = vec![0x80u8; len];
        refused("cut varint", &truncated_exactly(1, 0), || {
            codec::get_uvarint(&mut &input[..])
        });
    }
}

// ---------------------------------------------------------------------------
// Frames that lie
// ---------------------------------------------------------------------------

const MIB: usize = 1 << 20;

#[test]
fn frame_decoder_refuses_a_2_pow_31_frame_before_allocating() {
    let mut decoder = frame::FrameDecoder::new(MIB);
    for size in [i32::MAX, MIB as i32 + 1, -1, i32::MIN] {
        let mut src = BytesMut::from(&ten(&size.to_be_bytes())[..]);
        let (result, usage) = measure(|| decoder.decode(&mut src));
        let err = result.expect_err("must refuse");
        assert_eq!(
            *err.kind(),
            DecodeErrorKind::FrameSize {
                size: size.into(),
                limit: MIB
            }
        );
        assert!(usage.total < SMALL, "size {size}: allocated {usage:?}");
        assert_eq!(src.len(), 10, "size {size}: nothing consumed");
    }
    // A size within the limit but not yet arrived: wait, allocate nothing,
    // consume nothing.
    let mut src = BytesMut::from(&ten(&(MIB as i32).to_be_bytes())[..]);
    let (result, usage) = measure(|| decoder.decode(&mut src));
    assert_eq!(result.unwrap(), None);
    assert_eq!(usage.total, 0, "{usage:?}");
    assert_eq!(src.len(), 10);
}

#[test]
fn read_frame_refuses_a_2_pow_31_frame_before_allocating() {
    for size in [i32::MAX, MIB as i32 + 1, -1, i32::MIN] {
        let input = ten(&size.to_be_bytes());
        let (result, usage) = measure(|| frame::read_frame(&mut &input[..], MIB));
        let err = result.expect_err("must refuse");
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
        let inner = err
            .get_ref()
            .and_then(|e| e.downcast_ref::<DecodeError>())
            .expect("a DecodeError inside");
        assert_eq!(
            *inner.kind(),
            DecodeErrorKind::FrameSize {
                size: size.into(),
                limit: MIB
            }
        );
        assert!(usage.total < SMALL, "size {size}: allocated {usage:?}");
    }
    // Within the limit, a blocking reader cannot know how much will arrive:
    // the body buffer is sized by the (checked) size prefix, never beyond the limit.
    let input = ten(&(MIB as i32).to_be_bytes());
    let (result, usage) = measure(|| frame::read_frame(&mut &input[..], MIB));
    assert_eq!(
        result.unwrap_err().kind(),
        std::io::ErrorKind::UnexpectedEof
    );
    assert!(usage.largest <= MIB, "{usage:?}");
}

// ---------------------------------------------------------------------------
// Random garbage
// ---------------------------------------------------------------------------

/// Garbage of 0..64 bytes for `seed` ([`hostile::garbage`]: half uniform
/// bytes, half from a small alphabet, so that lengths and counts are often
/// small enough for decoding to go deep).
fn garbage(seed: u64) -> Vec<u8> {
    hostile::garbage(&mut Rng::new(seed), 64)
}

/// The bound every garbage decode here is held to: largest single allocation
/// <= 64 * len + 256 bytes, all bytes allocated <= 96 * len + 1024.
const ALLOC_BOUND: AllocBound = AllocBound {
    largest_per_byte: 64,
    largest_base: 256,
    total_per_byte: 96,
    total_base: 1024,
};

/// Runs one decoder on one input: it must not panic, and must stay within
/// [`ALLOC_BOUND`]. Returns the usage, for the statistics.
#[track_caller]
fn probe<T>(name: &str, seed: u64, input: &[u8], decode: impl FnOnce() -> T) -> Usage {
    guarded(
        format_args!("{name} on seed {seed:#x}"),
        input,
        &ALLOC_BOUND,
        decode,
    )
    .1
}

/// How close the decoders came to the bound: the largest fraction of each
/// bound used by any case (1.0 = at the bound), printed with `--nocapture`.
#[derive(Default, Debug)]
struct Worst {
    largest_of_bound: f64,
    total_of_bound: f64,
}

impl Worst {
    fn note(&mut self, len: usize, usage: Usage) {
        let l = usage.largest as f64 / ALLOC_BOUND.largest(len) as f64;
        let t = usage.total as f64 / ALLOC_BOUND.total(len) as f64;
        self.largest_of_bound = self.largest_of_bound.max(l);
        self.total_of_bound = self.total_of_bound.max(t);
    }
}

const CASES: u64 = 100_000;

/// Seeds are `base + i`, so a failure names a case that `garbage(seed)` rebuilds.
fn fuzz(base: u64, mut each: impl FnMut(u64, &[u8], &mut Worst)) -> Worst {
    let mut worst = Worst::default();
    for i in 0..CASES {
        let seed = base + i;
        let input = garbage(seed);
        each(seed, &input, &mut worst);
    }
    worst
}

#[test]
fn garbage_to_value_decoders_never_panics_nor_overallocates() {
    let worst = fuzz(0x1_0000_0000, |seed, input, worst| {
        for ctx in [CLASSIC, FLEX] {
            let mut note = |name: &str, u: Usage| {
                let _ = name;
                worst.note(input.len(), u)
            };
            let u = probe("Vec<i32>", seed, input, || {
                Vec::<i32>::decode_wire(&mut &input[..], ctx)
            });
            note("Vec<i32>", u);
            let u = probe("Vec<Str>", seed, input, || {
                Vec::<Str>::decode_wire(&mut &input[..], ctx)
            });
            note("Vec<Str>", u);
            let u = probe("Option<Vec<Str>>", seed, input, || {
                Vec::<Str>::decode_nullable(&mut &input[..], ctx)
            });
            note("Option<Vec<Str>>", u);
            let u = probe("Str", seed, input, || {
                Str::decode_wire(&mut &input[..], ctx)
            });
            note("Str", u);
            let u = probe("Option<Str>", seed, input, || {
                Str::decode_nullable(&mut &input[..], ctx)
            });
            note("Option<Str>", u);
            let u = probe("Bytes", seed, input, || {
                Bytes::decode_wire(&mut &input[..], ctx)
            });
            note("Bytes", u);
            let u = probe("Uuid", seed, input, || {
                Uuid::decode_wire(&mut &input[..], ctx)
            });
            note("Uuid", u);
        }
    });
    eprintln!("value decoders, closest to the bound: {worst:?}");
}

#[test]
fn garbage_to_nested_and_varint_decoders_never_panics_nor_overallocates() {
    let worst = fuzz(0x2_0000_0000, |seed, input, worst| {
        let ctx = if seed & 1 == 0 { CLASSIC } else { FLEX };
        let mut run = |name: &str, f: &dyn Fn() -> bool| {
            let u = probe(name, seed, input, f);
            worst.note(input.len(), u);
        };
        run("Vec<Vec<i32>>", &|| {
            Vec::<Vec<i32>>::decode_wire(&mut &input[..], ctx).is_ok()
        });
        run("Vec<String>", &|| {
            Vec::<String>::decode_wire(&mut &input[..], ctx).is_ok()
        });
        run("Vec<Bytes>", &|| {
            Vec::<Bytes>::decode_nullable(&mut &input[..], ctx).is_ok()
        });
        run("Records", &|| {
            Records::decode_nullable(&mut &input[..], ctx).is_ok()
        });
        run("varlong", &|| codec::get_varlong(&mut &input[..]).is_ok());
        run("Vec<Str> from Bytes", &|| {
            Vec::<Str>::decode_wire(&mut Bytes::copy_from_slice(input), ctx).is_ok()
        });
    });
    eprintln!("nested decoders, closest to the bound: {worst:?}");
}

#[test]
fn garbage_to_headers_and_frames_never_panics_nor_overallocates() {
    let worst = fuzz(0x3_0000_0000, |seed, input, worst| {
        for hv in 0..=2 {
            let u = probe("RequestHeader", seed, input, || {
                RequestHeader::decode(&mut &input[..], hv)
            });
            worst.note(input.len(), u);
        }
        for hv in 0..=1 {
            let u = probe("ResponseHeader", seed, input, || {
                ResponseHeader::decode(&mut &input[..], hv)
            });
            worst.note(input.len(), u);
        }
        // A frame decoder over the garbage as a stream (the BytesMut is
        // allocated outside the measured scope): frames until it waits or fails.
        let mut src = BytesMut::from(input);
        let mut decoder = frame::FrameDecoder::new(MIB);
        let u = probe("FrameDecoder", seed, input, || {
            let mut frames = 0;
            while let Ok(Some(f)) = decoder.decode(&mut src) {
                frames += 1;
                assert!(f.len() <= MIB);
            }
            frames
        });
        worst.note(input.len(), u);
        let u = probe("read_frame", seed, input, || {
            frame::read_frame(&mut &input[..], 64).map(|b| b.map_or(0, |b| b.len()))
        });
        worst.note(input.len(), u);
    });
    eprintln!("headers and frames, closest to the bound: {worst:?}");
}
