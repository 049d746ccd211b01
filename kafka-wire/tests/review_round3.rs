//! Regression tests from a review of the fixed-size array fast paths and the
//! inlined short-string reader:
//!
//! - `get_str_inline_path_agrees_with_slow_path`: `get_str` on random input,
//!   read from one contiguous chunk (the inlined path for short ASCII strings)
//!   and one byte per chunk (the general path): same value or error, same
//!   bytes consumed.
//! - `user_reads_fixed_array_encodes_its_values`: a user type that opts into
//!   the fixed-size read path (hidden `READS_FIXED`) but not the write path
//!   encodes arrays through its own `encode_wire`. (Once, arrays of it were
//!   written as zeros.)
//! - `smallvec_fixed_run_refusal_drops_what_it_built`: when `from_fixed`
//!   refuses an element, both `Vec` and `SmallVec` drop the ones built.

use bytes::{Buf, BufMut};
use kafka_wire::codec;
use kafka_wire::Str;

fn chunked(input: &[u8]) -> impl Buf + '_ {
    // Every byte its own chunk: the slow path everywhere.
    struct OneByte<'a>(&'a [u8]);
    impl Buf for OneByte<'_> {
        fn remaining(&self) -> usize {
            self.0.len()
        }
        fn chunk(&self) -> &[u8] {
            &self.0[..self.0.len().min(1)]
        }
        fn advance(&mut self, n: usize) {
            self.0 = &self.0[n..];
        }
    }
    OneByte(input)
}

fn outcome<B: Buf>(mut b: B, flexible: bool) -> (Result<Option<String>, String>, usize) {
    let before = b.remaining();
    let r = codec::get_str(&mut b, flexible);
    let r = r
        .map(|o| {
            o.map(|s: Str| {
                assert!(s.len() <= 23 || !s.is_inline());
                s.to_string()
            })
        })
        .map_err(|e| format!("{:?}", e.kind()));
    (r, before - b.remaining())
}

#[test]
fn get_str_inline_path_agrees_with_slow_path() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
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
        let flexible = next() % 2 == 0;
        let mut input = Vec::new();
        let len = (next() % 30) as usize;
        match next() % 8 {
            0 => {
                input.push((next() % 256) as u8);
            }
            1 => {
                input.push((next() % 256) as u8);
                input.push((next() % 256) as u8);
            }
            _ => {
                if flexible {
                    input.push(len as u8 + 1)
                } else {
                    input.extend_from_slice(&(len as i16).to_be_bytes())
                }
            }
        }
        let body = (next() % 40) as usize;
        for _ in 0..body {
            let a = alphabet[(next() % alphabet.len() as u64) as usize];
            input.extend_from_slice(a);
        }
        let whole = outcome(&input[..], flexible);
        let slow = outcome(chunked(&input), flexible);
        match (&whole.0, &slow.0) {
            (Ok(_), _) | (_, Ok(_)) => assert_eq!(whole, slow, "{input:?} flex {flexible}"),
            (Err(a), Err(b)) => assert_eq!(a, b, "{input:?} flex {flexible}"),
        }
    }
}

use kafka_wire::schema::KafkaType;
use kafka_wire::{Ctx, DecodeError, EncodeError, Wire};

/// A user type that opts into the hidden fixed-size read path, written
/// against the API before `fixed_bytes` existed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Port(u32);

impl Wire for Port {
    const TYPE: KafkaType = KafkaType::Int32;
    const MIN_LEN: usize = 4;
    const FIXED_LEN: Option<usize> = Some(4);
    const READS_FIXED: bool = true;
    fn from_fixed(bytes: &[u8]) -> Option<Self> {
        bytes.first_chunk().map(|b| Port(u32::from_be_bytes(*b)))
    }
    fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
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

#[test]
fn user_reads_fixed_array_encodes_its_values() {
    let ctx = Ctx::new(0, false);
    let ports = vec![Port(9092), Port(9093)];
    let mut out = Vec::with_capacity(64);
    ports.encode_wire(&mut out, ctx).unwrap();
    let mut want = vec![0, 0, 0, 2];
    for p in &ports {
        want.extend_from_slice(&p.0.to_be_bytes());
    }
    assert_eq!(
        out, want,
        "array bytes differ from the elements' encode_wire"
    );
    assert_eq!(Vec::<Port>::decode_wire(&mut &out[..], ctx).unwrap(), ports);
}

use std::sync::atomic::{AtomicUsize, Ordering};

static LIVE: AtomicUsize = AtomicUsize::new(0);

/// A fixed-size user type that owns memory and whose `from_fixed` refuses the
/// byte 0xff (a validating enum-like type).
#[derive(Debug)]
struct Owned(Box<u8>);

impl Drop for Owned {
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Owned {
    fn make(b: u8) -> Option<Self> {
        (b != 0xff).then(|| {
            LIVE.fetch_add(1, Ordering::SeqCst);
            Owned(Box::new(b))
        })
    }
}

impl Wire for Owned {
    const TYPE: KafkaType = KafkaType::Int8;
    const MIN_LEN: usize = 1;
    const FIXED_LEN: Option<usize> = Some(1);
    const READS_FIXED: bool = true;
    fn from_fixed(bytes: &[u8]) -> Option<Self> {
        bytes.first().and_then(|&b| Owned::make(b))
    }
    fn fixed_bytes(&self) -> [u8; 16] {
        let mut o = [0; 16];
        o[0] = *self.0;
        o
    }
    fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
        buf.put_u8(*self.0);
        Ok(())
    }
    fn wire_len(&self, _: Ctx) -> usize {
        1
    }
    fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Owned::make(buf.try_get_u8()?)
            .ok_or_else(|| kafka_wire::DecodeErrorKind::UnexpectedNull.into())
    }
    fn is_default_value(&self) -> bool {
        false
    }
}

#[cfg(feature = "smallvec")]
#[test]
fn smallvec_fixed_run_refusal_drops_what_it_built() {
    // Vec drops the elements built before the refused one; SmallVec's inline
    // path must too.
    let ctx = Ctx::new(0, false);
    let input = [0u8, 0, 0, 3, 1, 2, 0xff];
    assert!(Vec::<Owned>::decode_wire(&mut &input[..], ctx).is_err());
    assert_eq!(LIVE.load(Ordering::SeqCst), 0, "Vec path");
    let r = kafka_wire::smallvec::SmallVec::<[Owned; 4]>::decode_wire(&mut &input[..], ctx);
    assert!(r.is_err());
    assert_eq!(
        LIVE.load(Ordering::SeqCst),
        0,
        "SmallVec inline path leaked elements"
    );
}
