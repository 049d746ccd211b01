//! Helpers for `tests/derive.rs`: what its instances draw, a split buffer,
//! and the round-trip check every generated instance goes through.

use std::fmt::Debug;

use bytes::{Buf, Bytes};
use kafka_wire::{Message, UnknownTaggedFields, Uuid};

pub use kafka_wire_test_support::Rng;

/// What the derive tests draw, on the workspace's seeded generator.
pub trait Draws {
    /// Short text, sometimes empty, with multi-byte characters.
    fn string(&mut self) -> String;
    /// Up to five random bytes.
    fn bytes(&mut self) -> Bytes;
    /// Sixteen random bytes.
    fn uuid(&mut self) -> Uuid;
    /// Up to three unknown tagged fields whose tags are not in `known`.
    fn unknown_tags(&mut self, flexible: bool, known: &[u32]) -> UnknownTaggedFields;
}

impl Draws for Rng {
    fn string(&mut self) -> String {
        const CHARS: &[&str] = &["a", "b", "z", "0", "-", ".", "é", "ü", "€", "𝄞"];
        let len = self.below(8);
        (0..len)
            .map(|_| CHARS[self.below(CHARS.len() as u64) as usize])
            .collect()
    }

    fn bytes(&mut self) -> Bytes {
        let len = self.below(6);
        (0..len)
            .map(|_| self.next_u64() as u8)
            .collect::<Vec<u8>>()
            .into()
    }

    fn uuid(&mut self) -> Uuid {
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&self.next_u64().to_be_bytes());
        out[8..].copy_from_slice(&self.next_u64().to_be_bytes());
        Uuid(out)
    }

    fn unknown_tags(&mut self, flexible: bool, known: &[u32]) -> UnknownTaggedFields {
        const TAGS: &[u32] = &[0, 1, 2, 3, 4, 5, 6, 7, 100, 300, 20_000];
        let mut out = UnknownTaggedFields::new();
        if flexible {
            for _ in 0..self.below(4) {
                let tag = TAGS[self.below(TAGS.len() as u64) as usize];
                if !known.contains(&tag) {
                    let value = self.bytes();
                    out.insert(tag, value);
                }
            }
        }
        out
    }
}

/// `data` as a `Buf` made of 1 to 3 byte pieces joined with `Buf::chain`
/// (balanced, so that the nesting stays shallow), so that every multi-byte read
/// crosses piece boundaries somewhere.
pub fn split<'a>(data: &'a [u8], rng: &mut Rng) -> Box<dyn Buf + 'a> {
    let mut pieces = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let n = (1 + rng.below(3) as usize).min(rest.len());
        let (piece, tail) = rest.split_at(n);
        pieces.push(piece);
        rest = tail;
    }
    chain(&pieces)
}

fn chain<'a>(pieces: &[&'a [u8]]) -> Box<dyn Buf + 'a> {
    match pieces {
        [] => Box::new(&[][..]),
        [one] => Box::new(*one),
        _ => {
            let (left, right) = pieces.split_at(pieces.len() / 2);
            Box::new(chain(left).chain(chain(right)))
        }
    }
}

/// Encodes `msg` at `version` and checks everything a valid instance must
/// satisfy: the size is exact, and decoding from one slice, from `Bytes`, and
/// from a split buffer all give `msg` back, with nothing left over; encoding
/// the decoded value gives the same bytes. Returns the bytes.
pub fn round_trip<M: Message + PartialEq + Debug>(msg: &M, version: i16, rng: &mut Rng) -> Vec<u8> {
    let mut buf = Vec::new();
    msg.encode(&mut buf, version)
        .unwrap_or_else(|e| panic!("encode v{version}: {e}\n{msg:#?}"));
    assert_eq!(
        msg.encoded_len(version),
        buf.len(),
        "encoded_len v{version}"
    );

    let from_slice = M::decode_exact(&buf[..], version).expect("decode from a slice");
    assert_eq!(&from_slice, msg, "decode from a slice, v{version}");
    let from_bytes =
        M::decode_exact(Bytes::copy_from_slice(&buf), version).expect("decode from Bytes");
    assert_eq!(&from_bytes, msg, "decode from Bytes, v{version}");
    let mut pieces = split(&buf, rng);
    let from_pieces = M::decode(&mut pieces, version).expect("decode from pieces");
    assert_eq!(pieces.remaining(), 0, "decode from pieces leaves bytes");
    assert_eq!(&from_pieces, msg, "decode from pieces, v{version}");
    drop(pieces);

    let mut again = Vec::new();
    from_slice.encode(&mut again, version).expect("re-encode");
    assert_eq!(again, buf, "re-encode v{version}");
    buf
}
