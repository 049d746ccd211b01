//! Kafka's JSON form read from any text, for every API: never a panic.
//!
//! The first byte picks the API, the second the direction and the version;
//! the rest is the text. When it reads, the bytes it reads into decode with
//! the typed decoder, and the JSON written of them reads back to the same
//! bytes.
#![no_main]

use bytes::Bytes;
use kafka_messages::{RequestKind, ResponseKind};
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use libfuzzer_sys::fuzz_target;

mod choose;

fuzz_target!(|data: &[u8]| {
    let [api, pick, text @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let (key, response, version, schema) = choose::message(*api, *pick);

    let Ok(message) = DynamicMessage::from_json_str(schema, version, text) else {
        return;
    };
    let bytes = Bytes::from(message.encode_to_vec().expect("what JSON read encodes"));
    let mut buf = bytes.clone();
    let typed = if response {
        ResponseKind::decode(key.key(), version, &mut buf).map(drop)
    } else {
        RequestKind::decode(key.key(), version, &mut buf).map(drop)
    };
    assert!(
        typed.is_ok() && buf.is_empty(),
        "{} v{version}: {typed:?}",
        schema.body.name
    );
    let view = DynamicView::decode_exact(schema, version, bytes.clone())
        .expect("the interpreted decoder reads them");
    let again = DynamicMessage::from_json_str(schema, version, &view.to_json().to_text())
        .expect("the JSON written reads back");
    assert_eq!(
        again.encode_to_vec().unwrap(),
        bytes,
        "{} v{version}",
        schema.body.name
    );
});
