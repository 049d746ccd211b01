//! Borrowed views (feature `view`) of every declaration at every version:
//! on random wire bytes drawn from its schema, on every cut of them and on
//! flipped bytes, the view and the owned decode agree: the same value
//! (through `from_view`), the same bytes consumed, or the same error at the
//! same field path.

mod common;

use bytes::Bytes;
use kafka_messages::*;
use kafka_wire::{RequestHeader, ResponseHeader, Versioned, WireView};

use common::{all_declarations, api_of, hex, random_instances, with_headers_and_data_schemas};

/// The owned decode of `bytes` and the view's owned value, with the bytes
/// each consumed; errors as text (kind, path, version).
type Outcome<T> = Result<(T, usize), String>;

fn compare<T: PartialEq + std::fmt::Debug>(
    view: Outcome<T>,
    owned: Outcome<T>,
) -> Result<(), String> {
    if view == owned {
        Ok(())
    } else {
        Err(format!("view {view:?}\n  owned {owned:?}"))
    }
}

fn agree_as<T: Versioned + WireView + PartialEq + std::fmt::Debug>(
    bytes: &[u8],
    version: i16,
) -> Result<(), String> {
    let mut buf = bytes;
    let view = T::view(&mut buf, version)
        .map(|v| (T::from_view(v), bytes.len() - buf.len()))
        .map_err(|e| e.to_string());
    let mut owned = Bytes::copy_from_slice(bytes);
    let decoded = T::decode(&mut owned, version)
        .map(|m| (m, bytes.len() - owned.len()))
        .map_err(|e| e.to_string());
    compare(view, decoded)
}

/// The masks a byte is flipped with.
static FLIPS: [u8; 3] = [0x01, 0x80, 0xff];

/// `wire` whole, every cut of it, and for each position `at`, `wire` with
/// the byte there flipped by each mask of `flips(at)`.
fn damaged(wire: &[u8], flips: impl Fn(usize) -> &'static [u8]) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = (0..wire.len()).map(|cut| wire[..cut].to_vec()).collect();
    inputs.push(wire.to_vec());
    for at in 0..wire.len() {
        for flip in flips(at) {
            let mut bad = wire.to_vec();
            bad[at] ^= flip;
            inputs.push(bad);
        }
    }
    inputs
}

/// The view of any body of a request or response API (`$view::view`, then
/// `to_kind`) agrees with its decode (`$kind::decode`) on `bytes`.
macro_rules! body_agrees {
    ($view:ident, $kind:ident, $key:expr, $version:expr, $bytes:expr) => {{
        let (key, version, bytes): (i16, i16, &[u8]) = ($key, $version, $bytes);
        let mut buf = bytes;
        let view = $view::view(key, version, &mut buf)
            .map(|v| (v.to_kind(), bytes.len() - buf.len()))
            .map_err(|e| e.to_string());
        let mut owned = Bytes::copy_from_slice(bytes);
        let decoded = $kind::decode(key, version, &mut owned)
            .map(|m| (m, bytes.len() - owned.len()))
            .map_err(|e| e.to_string());
        compare(view, decoded)
    }};
}

/// The view of the declaration named `name` agrees with its decode on `bytes`.
fn agree(name: &str, version: i16, bytes: &[u8]) -> Result<(), String> {
    if let Some(key) = api_of(name, "Request") {
        return body_agrees!(RequestView, RequestKind, key.key(), version, bytes);
    }
    if let Some(key) = api_of(name, "Response") {
        return body_agrees!(ResponseView, ResponseKind, key.key(), version, bytes);
    }
    macro_rules! by_name {
        ($($ty:ident),*) => {
            match name {
                $(stringify!($ty) => agree_as::<$ty>(bytes, version),)*
                other => Err(format!("no declaration named {other}")),
            }
        };
    }
    with_headers_and_data_schemas!(by_name)
}

#[test]
fn every_view_agrees_with_the_owned_decode_at_every_version() {
    let (mut checked, mut failed) = (0, Vec::new());
    let declarations = all_declarations();
    for (name, schema, versions, flexible) in &declarations {
        let (Some(low), Some(high)) = (versions.lowest(), versions.highest()) else {
            panic!("{name} has no versions");
        };
        for version in low..=high {
            for (i, wire) in random_instances(name, schema, version, *flexible, 4)
                .into_iter()
                .enumerate()
            {
                // One flip a position, in turn.
                for input in damaged(&wire, |at| &FLIPS[at % 3..][..1]) {
                    checked += 1;
                    if let Err(e) = agree(name, version, &input) {
                        failed.push(format!("{name} v{version} #{i} ({}):\n  {e}", hex(&input)));
                    }
                }
            }
        }
    }
    assert_eq!(declarations.len(), common::live_schema_names().len());
    assert!(checked > 100_000, "{checked}");
    assert!(
        failed.is_empty(),
        "{} of {checked} failed; the first:\n{}",
        failed.len(),
        failed
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_view_of_create_topics_reads_its_topics_in_place() {
    let request = CreateTopicsRequest {
        topics: ["orders", "payments"]
            .map(|name| CreatableTopic {
                name: name.into(),
                num_partitions: 3,
                replication_factor: 2,
                ..Default::default()
            })
            .into(),
        timeout_ms: 30_000,
        ..Default::default()
    };
    let wire = request.encode_to_vec(7).unwrap();
    let view = CreateTopicsRequest::view_exact(&wire, 7).unwrap();
    let names: Vec<&str> = view.topics.iter().map(|t| t.name).collect();
    assert_eq!(names, ["orders", "payments"]);
    assert_eq!(view.timeout_ms, 30_000);
    match RequestView::view(19, 7, &mut &wire[..]).unwrap() {
        RequestView::CreateTopics(v) => assert_eq!(v.topics.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        RequestView::view(19, 7, &mut &wire[..]).unwrap().to_kind(),
        RequestKind::CreateTopics(request)
    );
}

/// A topic's replica assignments are read by the view's in-line loop for
/// flat structs. Among usual ones (three broker ids, an empty tagged
/// section) stand one of each other kind: no broker ids, an unknown tagged
/// field, 200 broker ids (a two-byte count). On the whole body, every cut of
/// it and every byte flipped, the view agrees with the owned decode.
#[test]
fn a_view_of_mixed_assignments_agrees_with_the_decode() {
    let usual = |partition: i32| CreatableReplicaAssignment {
        partition_index: partition,
        broker_ids: vec![1, 2, 3].into(),
        ..Default::default()
    };
    let mut tagged = usual(2);
    tagged
        .unknown_tagged_fields
        .insert(7, Bytes::from_static(b"kept"));
    let assignments = vec![
        usual(0),
        CreatableReplicaAssignment {
            partition_index: 1,
            ..Default::default()
        },
        tagged,
        usual(3),
        CreatableReplicaAssignment {
            partition_index: 4,
            broker_ids: (0..200).collect::<Vec<i32>>().into(),
            ..Default::default()
        },
        usual(5),
    ];
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: -1,
            replication_factor: -1,
            assignments,
            ..Default::default()
        }],
        ..Default::default()
    };
    for version in 5..=7 {
        let wire = request.encode_to_vec(version).unwrap();
        let view = CreateTopicsRequest::view_exact(&wire, version).unwrap();
        assert_eq!(CreateTopicsRequest::from_view(view), request, "v{version}");
        for input in damaged(&wire, |_| &FLIPS) {
            if let Err(e) = agree_as::<CreateTopicsRequest>(&input, version) {
                panic!("v{version} ({}):\n  {e}", hex(&input));
            }
        }
    }
}
