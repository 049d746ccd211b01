//! Kafka's JSON form read from any text, for every API: never a panic.
//!
//! The first byte picks the API, the second the direction and the version;
//! the rest is the text. When it reads, the bytes it reads into decode with
//! the typed decoder, the JSON written of them reads back to the same
//! bytes, and the typed message's JSON, by the writer the derive generates,
//! is the interpreted writer's text byte for byte (each way of writing
//! records) and reads back, typed, to the same message; the typed reader the
//! derive generates reads any text as the strict reader does.
#![no_main]

use bytes::Bytes;
use kafka_messages::{RequestKind, ResponseKind};
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use kafka_wire::json::RecordsAs;
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

    // The reader the derive generates (behind `from_json_str`) reads the
    // text as the strict reader of the same text does: the same message, or
    // the same error at the same path.
    let fast = if response {
        ResponseKind::from_json_str(key.key(), version, text).map(|m| format!("{m:?}"))
    } else {
        RequestKind::from_json_str(key.key(), version, text).map(|m| format!("{m:?}"))
    };
    let strict = DynamicMessage::from_json_str(schema, version, text);
    match (&fast, &strict) {
        (Ok(_), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(
            (a.kind().name(), a.path()),
            (b.kind().name(), b.path()),
            "{} v{version}",
            schema.body.name
        ),
        _ => panic!(
            "{} v{version}: generated {fast:?}, strict {:?}",
            schema.body.name,
            strict.as_ref().map(|_| ())
        ),
    }
    let Ok(message) = strict else {
        return;
    };
    let bytes = Bytes::from(message.encode_to_vec().expect("what JSON read encodes"));
    let mut buf = bytes.clone();
    let typed = if response {
        ResponseKind::decode(key.key(), version, &mut buf).map(Typed::Response)
    } else {
        RequestKind::decode(key.key(), version, &mut buf).map(Typed::Request)
    };
    assert!(
        typed.is_ok() && buf.is_empty(),
        "{} v{version}: {typed:?}",
        schema.body.name
    );
    let typed = typed.unwrap();
    let inner = match &typed {
        Typed::Request(m) => format!("{m:?}"),
        Typed::Response(m) => format!("{m:?}"),
    };
    assert_eq!(
        fast.as_ref().ok(),
        Some(&inner),
        "{} v{version}: the generated reader's message",
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

    for records in [RecordsAs::Base64, RecordsAs::Empty, RecordsAs::SizeInBytes] {
        let mut text = Vec::new();
        typed
            .write_json(version, records, &mut text)
            .expect("a decoded message writes");
        let text = String::from_utf8(text).expect("JSON text is UTF-8");
        assert_eq!(
            text,
            view.to_json().records(records).to_text(),
            "{} v{version} {records:?}",
            schema.body.name
        );
        if records == RecordsAs::Base64 {
            let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let back = match &typed {
                Typed::Request(_) => {
                    RequestKind::from_json(key.key(), version, &value).map(Typed::Request)
                }
                Typed::Response(_) => {
                    ResponseKind::from_json(key.key(), version, &value).map(Typed::Response)
                }
            };
            let back = back.expect("the generated JSON reads back");
            let mut again = Vec::new();
            back.write_json(version, records, &mut again).unwrap();
            assert_eq!(again, text.as_bytes(), "{} v{version}", schema.body.name);
        }
    }
});

/// A typed body of either direction.
#[derive(Debug)]
enum Typed {
    Request(RequestKind),
    Response(ResponseKind),
}

impl Typed {
    fn write_json(
        &self,
        version: i16,
        records: RecordsAs,
        out: &mut Vec<u8>,
    ) -> Result<(), kafka_wire::json::JsonError> {
        match self {
            Typed::Request(m) => m.write_json(version, records, out),
            Typed::Response(m) => m.write_json(version, records, out),
        }
    }
}
