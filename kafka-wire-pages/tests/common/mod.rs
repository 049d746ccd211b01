//! What the tests share: every compiled message at every version, and random
//! legal frames of them, written from their schemas by the workspace's
//! random instance writer (`kafka_wire_test_support::wire_instances`).

#![allow(dead_code)]

use kafka_messages::{ApiKey, RequestKind, ResponseKind};
use kafka_wire::{RequestHeader, ResponseHeader, Str, Versioned};
use kafka_wire_pages::{empty_record_batch, Direction, MessageSpec};
pub use kafka_wire_test_support::wire_instances::{random_struct, short_bytes, Style};
pub use kafka_wire_test_support::Rng;

/// Every compiled API, direction and version.
pub fn every_message() -> Vec<(ApiKey, MessageSpec, i16)> {
    let mut out = Vec::new();
    for &api in ApiKey::ALL {
        for direction in [Direction::Request, Direction::Response] {
            let Some(spec) = MessageSpec::kafka(api, direction) else {
                continue;
            };
            let range = api.all_versions();
            for v in range.lowest().unwrap()..=range.highest().unwrap() {
                out.push((api, spec, v));
            }
        }
    }
    out
}

/// Random values as a wire page shows them: short ASCII names, and records
/// empty, one real batch, or arbitrary bytes (the codec takes records as
/// opaque bytes).
pub const PAGE_STYLE: Style = Style {
    null_one_in: 4,
    elements_below: 3,
    bytes_below: 5,
    unknown_tags_within: 3,
    text: |rng| {
        (0..rng.below(6))
            .map(|_| char::from(b'a' + rng.below(26) as u8))
            .collect()
    },
    records: |rng| match rng.below(3) {
        0 => Vec::new(),
        1 => empty_record_batch(),
        _ => short_bytes(rng, 20),
    },
};

/// A random legal frame of `spec` at `version`: a header (its client id
/// null now and then) and a body in [`PAGE_STYLE`].
pub fn random_frame(spec: MessageSpec, version: i16, rng: &mut Rng) -> Vec<u8> {
    let hv = spec.header_version(version);
    let mut out = vec![0; 4];
    let client: Option<Str> = if rng.one_in(3) {
        None
    } else {
        Some("client-1".into())
    };
    match spec.direction {
        Direction::Request => {
            RequestHeader::new(spec.api_key, version, rng.next_u64() as i32, client)
                .encode(&mut out, hv)
                .unwrap()
        }
        Direction::Response => ResponseHeader::new(rng.next_u64() as i32)
            .encode(&mut out, hv)
            .unwrap(),
    };
    let flexible = spec.flexible.contains(version);
    random_struct(
        rng,
        spec.schema,
        version,
        flexible,
        &PAGE_STYLE,
        &mut out,
        0,
    );
    let size = (out.len() - 4) as i32;
    out[..4].copy_from_slice(&size.to_be_bytes());
    out
}

/// The frame the codec writes for the message it decodes from the frame
/// `bytes` (size prefix included), which it must use whole.
pub fn codec_rewrite(spec: MessageSpec, version: i16, bytes: &[u8]) -> Vec<u8> {
    let (hv, key) = (spec.header_version(version), spec.api_key);
    let mut rest = &bytes[4..];
    let mut out = vec![0; 4];
    match spec.direction {
        Direction::Request => {
            let header = RequestHeader::decode(&mut rest, hv).unwrap();
            let body = RequestKind::decode(key, version, &mut rest).unwrap();
            header.encode(&mut out, hv).unwrap();
            body.encode(&mut out, version).unwrap();
        }
        Direction::Response => {
            let header = ResponseHeader::decode(&mut rest, hv).unwrap();
            let body = ResponseKind::decode(key, version, &mut rest).unwrap();
            header.encode(&mut out, hv).unwrap();
            body.encode(&mut out, version).unwrap();
        }
    }
    assert!(rest.is_empty(), "the codec left {} bytes", rest.len());
    let size = (out.len() - 4) as i32;
    out[..4].copy_from_slice(&size.to_be_bytes());
    out
}
