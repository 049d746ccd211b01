//! The typed and the interpreted decoder on the same bytes, for every API.
//!
//! The first byte picks the API, the second the direction and the version;
//! the rest is a body. Both decoders must agree: both succeed with equal
//! values (the tree rendered as the typed struct's `Debug`) and equal
//! re-encodings, or both fail with the same error kind at the same field
//! path. In a flexible version, the tail scanner fed the body in parts
//! finds its own tagged fields where the interpreted view does, whenever
//! the view reads it. Nothing may panic.
#![no_main]

use bytes::Bytes;
use kafka_messages::{RequestKind, ResponseKind};
use kafka_wire::dynamic::{DynamicView, TailScanner};
use kafka_wire_test_support::tail::{scan_in_parts, tail_of};
use kafka_wire_test_support::typed_debug::{unwrap_variant, Outcome};
use libfuzzer_sys::fuzz_target;

mod choose;

fuzz_target!(|data: &[u8]| {
    let [api, pick, body @ ..] = data else {
        return;
    };
    let (key, response, version, schema) = choose::message(*api, *pick);

    let mut buf = Bytes::copy_from_slice(body);
    let decoded = if response {
        ResponseKind::decode(key.key(), version, &mut buf).map(|m| {
            let mut encoded = Vec::new();
            m.encode(&mut encoded, version).expect("typed re-encode");
            (format!("{m:?}"), encoded)
        })
    } else {
        RequestKind::decode(key.key(), version, &mut buf).map(|m| {
            let mut encoded = Vec::new();
            m.encode(&mut encoded, version).expect("typed re-encode");
            (format!("{m:?}"), encoded)
        })
    };
    let typed = match decoded {
        Err(e) => Outcome::failed(&e),
        Ok(_) if !buf.is_empty() => Outcome::trailing(buf.len(), schema.body.name, version),
        Ok((debug, encoded)) => Outcome::Decoded {
            values: unwrap_variant(&debug),
            encoded,
        },
    };
    let interpreted = Outcome::interpreted(schema, version, body);
    assert_eq!(typed, interpreted, "{} v{version}", schema.body.name);

    // The tail scanner, fed the body in parts (of sizes the body's bytes
    // choose), finds the tagged fields where the view does; what it
    // refuses, the decoder refuses.
    if !schema.flexible.contains(version) {
        return;
    }
    let mut scanner = TailScanner::new(schema, version, body.len()).expect("a flexible version");
    let mut sizes = body.iter().rev().cycle();
    let scanned = scan_in_parts(&mut scanner, || usize::from(*sizes.next().unwrap_or(&1)), body);
    if let Ok(view) = DynamicView::decode_exact(schema, version, Bytes::copy_from_slice(body)) {
        assert_eq!(
            scanned.as_ref().ok(),
            Some(&Some(tail_of(&view))),
            "{} v{version}",
            schema.body.name
        );
    }
});
