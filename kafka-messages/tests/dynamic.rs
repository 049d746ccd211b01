//! The interpreted codec against the typed one, on every declaration of the
//! crate (the 91 APIs' requests and responses, the headers and the data
//! schemas) at every version:
//!
//! 1. on random legal bytes, the interpreted decode gives the values the
//!    typed decode gives (compared through the typed value's `Debug` text,
//!    which the tree is rendered to), and re-encodes them to the typed
//!    re-encoding (unknown tags included); from the typed encoding it
//!    re-encodes exactly that, and its `encoded_len` is exact;
//! 2. on those bytes cut short and with bytes changed, both decoders fail
//!    with the same error kind at the same field path, or both succeed with
//!    the same values;
//! 3. the sample instance of every message encodes, and the typed decoder
//!    reads it back to the same values;
//! 4. a `DynamicView` of those bytes shows, field by field and element by
//!    element, the values and spans of the tree built from it.

mod common;

use bytes::Bytes;
use common::{all_declarations, api_of, declaration, random_instances};
use kafka_messages::*;
use kafka_wire::dynamic::{
    DynamicMessage, DynamicView, StructValue, StructView, TailScan, TailScanner, Value, ValueView,
};
use kafka_wire::schema::{MessageSchema, StructSchema};
use kafka_wire::{KafkaStruct, RequestHeader, ResponseHeader, Versioned};
use kafka_wire_test_support::tail::{scan_in_parts, tail_of};
use kafka_wire_test_support::typed_debug::{debug_of, unwrap_variant, Outcome};
use kafka_wire_test_support::Rng;

/// Random instances per version.
const INSTANCES: usize = 6;
/// Damaged copies of each instance.
const DAMAGED: usize = 24;

/// The typed decode of the declaration `name` at `version` from all of
/// `bytes`.
fn typed(name: &str, version: i16, bytes: &[u8]) -> Outcome {
    let bytes = Bytes::copy_from_slice(bytes);
    macro_rules! exact {
        ($decoded:expr, $rest:expr) => {
            match ($decoded, $rest) {
                (Err(e), _) => Outcome::failed(&e),
                (Ok(_), rest) if rest > 0 => {
                    Outcome::trailing(rest, schema_of(name).body.name, version)
                }
                (Ok(body), _) => {
                    let mut encoded = Vec::new();
                    body.encode(&mut encoded, version).expect("typed re-encode");
                    Outcome::Decoded {
                        values: unwrap_variant(&format!("{body:?}")),
                        encoded,
                    }
                }
            }
        };
    }
    if let Some(key) = api_of(name, "Request") {
        let mut buf = bytes;
        let decoded = RequestKind::decode(key.key(), version, &mut buf);
        return exact!(decoded, buf.len());
    }
    if let Some(key) = api_of(name, "Response") {
        let mut buf = bytes;
        let decoded = ResponseKind::decode(key.key(), version, &mut buf);
        return exact!(decoded, buf.len());
    }
    macro_rules! by_name {
        ($($ty:ident),*) => {
            match name {
                $(stringify!($ty) => match $ty::decode_exact(bytes, version) {
                    Err(e) => Outcome::failed(&e),
                    Ok(value) => Outcome::Decoded {
                        values: format!("{value:?}"),
                        encoded: value.encode_to_vec(version).expect("typed re-encode"),
                    },
                },)*
                other => panic!("no declaration named {other}"),
            }
        };
    }
    common::with_headers_and_data_schemas!(by_name)
}

/// The schema of the declaration `name`.
fn schema_of(name: &str) -> MessageSchema {
    let (body, versions, flexible) = declaration(name).expect("declared");
    MessageSchema {
        body,
        versions,
        flexible,
        api_key: None,
    }
}

/// Cut short at a random length, or with one to three bytes changed.
fn damaged(rng: &mut Rng, wire: &[u8]) -> Vec<u8> {
    if wire.is_empty() {
        return vec![rng.next_u64() as u8];
    }
    if rng.one_in(3) {
        return wire[..rng.index(wire.len())].to_vec();
    }
    let mut out = wire.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.index(out.len());
        out[at] = match rng.below(4) {
            0 => 0xff,
            1 => 0x00,
            2 => out[at] ^ (1 << rng.below(8)),
            _ => rng.next_u64() as u8,
        };
    }
    out
}

#[test]
fn interpreted_decode_agrees_with_typed_on_every_declaration() {
    let mut checked = 0;
    let mut agreed_errors = 0;
    for (name, _, versions, _) in all_declarations() {
        let schema = schema_of(&name);
        let mut rng = kafka_wire_test_support::wire_instances::stream_of(&name, -1);
        for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
            for wire in random_instances(&name, schema.body, version, schema.flexible, INSTANCES) {
                let what = format!("{name} v{version} {}", common::hex(&wire));
                let typed = typed(&name, version, &wire);
                let Outcome::Decoded { values, encoded } = &typed else {
                    panic!("{what}: the typed decoder refuses a legal instance: {typed:?}");
                };
                // The same values, and the same re-encoding (a tagged field
                // holding its default is dropped by both).
                let ours = DynamicMessage::decode_exact(schema, version, Bytes::from(wire.clone()))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(&debug_of(&ours.body), values, "{what}: values");
                assert_eq!(
                    &ours.encode_to_vec().unwrap(),
                    encoded,
                    "{what}: re-encoding"
                );
                // From the typed encoding, the typed encoding.
                assert_eq!(
                    Outcome::interpreted(schema, version, encoded),
                    typed,
                    "{what}: from the typed encoding"
                );
                for _ in 0..DAMAGED {
                    let bad = damaged(&mut rng, &wire);
                    let (t, i) = (
                        self::typed(&name, version, &bad),
                        Outcome::interpreted(schema, version, &bad),
                    );
                    match (&t, &i) {
                        (
                            Outcome::Decoded { values: a, .. },
                            Outcome::Decoded { values: b, .. },
                        ) => {
                            assert_eq!(a, b, "{name} v{version} {}: values", common::hex(&bad))
                        }
                        _ => {
                            assert_eq!(t, i, "{name} v{version} {}", common::hex(&bad));
                            agreed_errors += 1;
                        }
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked} instances");
    assert!(agreed_errors > 20_000, "{agreed_errors} errors compared");
}

/// Fails unless the view `view` shows the values and spans of `tree`.
fn assert_shows(view: StructView<'_>, tree: &StructValue, what: &str) {
    assert_eq!(view.span(), tree.span.unwrap(), "{what}: struct span");
    let mut count = 0;
    for field in view.fields() {
        let what = format!("{what}.{}", field.field.name);
        let held = tree
            .fields()
            .iter()
            .find(|f| f.field.name == field.field.name);
        let held = held.unwrap_or_else(|| panic!("{what}: not in the tree"));
        assert_eq!(Some(field.span), held.span, "{what}: span");
        assert_eq!(field.tag_header, held.tag_header, "{what}: tag header");
        assert_value(field.value, &held.value, &what);
        count += 1;
    }
    assert_eq!(count, tree.fields().len(), "{what}: fields");
    assert!(
        view.unknown_tags().eq(tree.unknown_tags().iter().cloned()),
        "{what}: unknown tags"
    );
}

fn assert_value(view: ValueView<'_>, tree: &Value, what: &str) {
    match (view, tree) {
        (ValueView::Struct(v), Value::Struct(t)) => assert_shows(v, t, what),
        (ValueView::Array(v), Value::Array(t)) => {
            assert_eq!(v.len(), t.len(), "{what}: length");
            for (i, (v, t)) in v.iter().zip(t).enumerate() {
                assert_eq!(Some(v.span), t.span, "{what}[{i}]: span");
                assert_value(v.value, &t.value, &format!("{what}[{i}]"));
            }
        }
        (ValueView::String(v), Value::String(t)) => assert_eq!(v, t.as_str(), "{what}"),
        (ValueView::Bytes(v), Value::Bytes(t)) => assert_eq!(v, &t[..], "{what}"),
        (ValueView::Records(v), Value::Records(t)) => assert_eq!(v, &t.0[..], "{what}"),
        (v, t) => {
            let scalar = match v {
                ValueView::Null => Value::Null,
                ValueView::Bool(x) => Value::Bool(x),
                ValueView::Int8(x) => Value::Int8(x),
                ValueView::Int16(x) => Value::Int16(x),
                ValueView::Uint16(x) => Value::Uint16(x),
                ValueView::Int32(x) => Value::Int32(x),
                ValueView::Uint32(x) => Value::Uint32(x),
                ValueView::Int64(x) => Value::Int64(x),
                ValueView::Float64(x) => Value::Float64(x),
                ValueView::Uuid(x) => Value::Uuid(x),
                other => panic!("{what}: {other:?} in the view, {t:?} in the tree"),
            };
            assert_eq!(&scalar, t, "{what}");
        }
    }
}

#[test]
fn the_view_shows_the_tree_built_from_it() {
    let mut checked = 0;
    for (name, _, versions, _) in all_declarations() {
        let schema = schema_of(&name);
        for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
            for wire in random_instances(&name, schema.body, version, schema.flexible, INSTANCES) {
                let what = format!("{name} v{version} {}", common::hex(&wire));
                let view = DynamicView::decode_exact(schema, version, Bytes::from(wire.clone()))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(view.bytes(), wire, "{what}: bytes");
                let tree = view.to_message();
                assert_shows(view.body(), &tree.body, &what);
                assert_eq!(view, view.clone(), "{what}: equal to itself");
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked} instances");
}

#[test]
fn every_sample_encodes_and_reads_back_typed() {
    for (name, _, versions, _) in all_declarations() {
        let schema = schema_of(&name);
        for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
            let sample = DynamicMessage::sample(schema, version);
            let wire = sample.encode_to_vec().unwrap();
            assert_eq!(sample.encoded_len(), wire.len());
            match typed(&name, version, &wire) {
                Outcome::Decoded { values, encoded } => {
                    assert_eq!(values, debug_of(&sample.body), "{name} v{version}");
                    assert_eq!(encoded, wire, "{name} v{version}");
                }
                failed => panic!("{name} v{version}: {failed:?}"),
            }
        }
    }
}

#[test]
fn min_len_is_the_derived_one_for_every_message() {
    fn check<T: KafkaStruct>(schema: &StructSchema) {
        assert_eq!(
            schema.min_len(),
            <T as kafka_wire::Wire>::MIN_LEN,
            "{}",
            schema.name
        );
    }
    check::<CreateTopicsRequest>(&CreateTopicsRequest::SCHEMA);
    check::<CreatableTopic>(&CreatableTopic::SCHEMA);
    check::<CreatableReplicaAssignment>(&CreatableReplicaAssignment::SCHEMA);
    check::<MetadataResponse>(&MetadataResponse::SCHEMA);
    check::<FetchResponse>(&FetchResponse::SCHEMA);
    check::<kafka_messages::fetch::FetchableTopicResponse>(
        &kafka_messages::fetch::FetchableTopicResponse::SCHEMA,
    );
}

#[test]
fn the_tail_scanner_finds_every_flexible_body_s_tagged_fields() {
    let mut checked = 0;
    let mut refused = 0;
    for (name, _, versions, flexible) in all_declarations() {
        let schema = schema_of(&name);
        let mut rng = kafka_wire_test_support::wire_instances::stream_of(&name, -2);
        for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
            if !flexible.contains(version) {
                assert!(
                    TailScanner::new(schema, version, 0).is_err(),
                    "{name} v{version}"
                );
                continue;
            }
            for wire in random_instances(&name, schema.body, version, schema.flexible, INSTANCES) {
                let what = format!("{name} v{version} {}", common::hex(&wire));
                let view = DynamicView::decode_exact(schema, version, Bytes::from(wire.clone()))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let tail = tail_of(&view);
                // At once, and a few bytes at a time.
                let mut whole = TailScanner::new(schema, version, wire.len()).unwrap();
                assert_eq!(whole.scan(&wire).unwrap(), TailScan::Tail(tail), "{what}");
                let mut parts = TailScanner::new(schema, version, wire.len()).unwrap();
                let found = scan_in_parts(&mut parts, || 1 + rng.index(40), &wire).unwrap();
                assert_eq!(found, Some(tail), "{what}: in parts");
                // Damaged: what the scanner refuses, the decoder refuses;
                // where the decoder reads the body, the scanner agrees.
                for _ in 0..DAMAGED {
                    let bad = damaged(&mut rng, &wire);
                    let mut scanner = TailScanner::new(schema, version, bad.len()).unwrap();
                    let scanned = scan_in_parts(&mut scanner, || 1 + rng.index(40), &bad);
                    match DynamicView::decode_exact(schema, version, Bytes::from(bad.clone())) {
                        Ok(view) => assert_eq!(
                            scanned.as_ref().ok(),
                            Some(&Some(tail_of(&view))),
                            "{name} v{version} {}",
                            common::hex(&bad)
                        ),
                        Err(_) => refused += usize::from(scanned.is_err()),
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} instances");
    assert!(refused > 5000, "{refused} refused by both");
}

#[test]
fn the_tail_scanner_names_the_field_of_a_length_past_the_body() {
    let response = FetchResponse {
        responses: vec![fetch::FetchableTopicResponse {
            partitions: vec![fetch::PartitionData {
                records: Some(kafka_wire::Records(Bytes::from(vec![1; 300]))),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let wire = response.encode_to_vec(17).unwrap();
    let schema = ApiKey::Fetch.response_message_schema().unwrap();
    // The body ends 100 bytes into the records.
    let cut = wire.len() - 200;
    let mut scanner = TailScanner::new(schema, 17, cut).unwrap();
    let error = scanner.scan(&wire[..cut]).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("FetchResponse"), "{text}");
    assert!(text.contains("records"), "{text}");
    assert!(text.contains("partitions"), "{text}");
}

#[test]
fn throttle_time_first_is_where_every_response_writes_its_throttle() {
    let mut first = 0;
    for &api_key in ApiKey::ALL {
        let schema = api_key.response_message_schema().expect("compiled in");
        let versions = api_key.all_versions();
        for version in versions.lowest().unwrap_or(0)..=versions.highest().unwrap_or(-1) {
            let mut message = DynamicMessage::sample(schema, version);
            let holds = message.body.get("ThrottleTimeMs").is_some();
            if holds {
                message
                    .body
                    .set("ThrottleTimeMs", Value::Int32(0x0102_0304))
                    .unwrap();
            }
            let wire = message.encode_to_vec().unwrap();
            let at_start = holds && wire.starts_with(&[1, 2, 3, 4]);
            assert_eq!(
                api_key.throttle_time_first(version),
                at_start,
                "{api_key:?} v{version}"
            );
            first += usize::from(at_start);
        }
    }
    // Most responses say it first; Produce, among others, does not.
    assert!(first > 200, "{first}");
    assert!(!ApiKey::Produce.throttle_time_first(9));
    assert!(ApiKey::Fetch.throttle_time_first(1) && !ApiKey::Fetch.throttle_time_first(0));
}
