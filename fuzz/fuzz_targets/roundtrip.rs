//! Decode -> encode -> decode for every shipped message and version.
//!
//! The first input byte picks the message and version; the rest is a body.
//! Whatever decodes must encode again, to exactly `encoded_len` bytes, and
//! decode to the same value. Nothing may panic.
#![no_main]

use bytes::Bytes;
use kafka_messages::*;
use kafka_wire::Message;
use libfuzzer_sys::fuzz_target;

fn round_trip<M: Message + PartialEq + std::fmt::Debug>(body: &[u8], pick: u8) {
    let (lo, hi) = (
        M::VERSIONS.lowest().unwrap(),
        M::VERSIONS.highest().unwrap(),
    );
    let version = lo + (i16::from(pick) % (hi - lo + 1));
    let Ok(first) = M::decode(&mut Bytes::copy_from_slice(body), version) else {
        return;
    };
    let mut out = Vec::new();
    first.encode(&mut out, version).unwrap_or_else(|e| {
        panic!(
            "{} v{version}: decoded but does not encode: {e}",
            M::SCHEMA.name
        )
    });
    assert_eq!(out.len(), first.encoded_len(version), "encoded_len");
    // With room to spare, written in one pass without sizing: the same bytes.
    let mut roomy = Vec::with_capacity(out.len() + 4096);
    first.encode(&mut roomy, version).expect("one-pass encode");
    assert_eq!(roomy, out, "one-pass encode");
    let second = M::decode_exact(Bytes::from(out), version).expect("re-decode");
    assert_eq!(first, second);
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    match pick % 6 {
        0 => round_trip::<CreateTopicsRequest>(body, pick / 6),
        1 => round_trip::<CreateTopicsResponse>(body, pick / 6),
        2 => round_trip::<CreateAclsRequest>(body, pick / 6),
        3 => round_trip::<CreateAclsResponse>(body, pick / 6),
        4 => round_trip::<ApiVersionsRequest>(body, pick / 6),
        _ => round_trip::<ApiVersionsResponse>(body, pick / 6),
    }
});
