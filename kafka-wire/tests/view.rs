//! Borrowed views (`#[kafka(view)]`): exact fields read in place, no
//! allocation, and agreement with the owned decode on every input: the same
//! value (through `from_view`) or the same error at the same path.

use bytes::Bytes;
use kafka_wire::{
    ArrayView, KafkaMessage, RequestHeader, Str, UnknownTaggedFields, Uuid, Versioned, WireView,
};
use kafka_wire_test_support::{measure, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

/// Every kind of field a view handles: values, strings, bytes, arrays of
/// values and of structs, nullable fields, a nullable struct, fields absent
/// in some versions with defaults, tagged fields (one a struct) and kept
/// unknown tags.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+", view)]
struct Everything {
    #[kafka(versions = "0+")]
    id: i32,
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "0+", nullable = "0+")]
    note: Option<String>,
    #[kafka(versions = "0+")]
    topic_id: Uuid,
    #[kafka(versions = "1+", default = 3)]
    repeat: i16,
    #[kafka(versions = "1+", default = "none")]
    mode: Str,
    #[kafka(versions = "0+")]
    ids: Vec<i32>,
    #[kafka(versions = "0+")]
    parts: Vec<Part>,
    #[kafka(versions = "1+", nullable = "1+", default = None)]
    maybe_parts: Option<Vec<Part>>,
    #[kafka(versions = "3+", nullable = "3+")]
    leader: Option<Part>,
    #[kafka(versions = "0+")]
    blob: Bytes,
    #[kafka(versions = "2+", tag = 0, tagged = "2+", default = -1)]
    epoch: i32,
    #[kafka(versions = "2+", tag = 1, tagged = "2+")]
    extra: Part,
    #[kafka(unknown_tagged_fields)]
    unknown_tagged_fields: UnknownTaggedFields,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(view)]
struct Part {
    #[kafka(versions = "0+")]
    index: i32,
    #[kafka(versions = "0+")]
    replicas: Vec<i32>,
    #[kafka(versions = "0+")]
    label: Str,
    #[kafka(unknown_tagged_fields)]
    unknown_tagged_fields: UnknownTaggedFields,
}

fn part(index: i32) -> Part {
    Part {
        index,
        replicas: vec![index, index + 1, index + 2],
        label: format!("a label long enough not to be inline, {index}").into(),
        unknown_tagged_fields: UnknownTaggedFields::new(),
    }
}

fn sample(version: i16) -> Everything {
    let flexible = version >= 2;
    let mut unknown = UnknownTaggedFields::new();
    if flexible {
        unknown.insert(7, Bytes::from_static(b"seven"));
        unknown.insert(40, Bytes::from_static(b""));
    }
    Everything {
        id: 42,
        name: "orders".into(),
        note: Some("ünïcödé".into()),
        topic_id: Uuid([7; 16]),
        repeat: if version >= 1 { 9 } else { 3 },
        mode: if version >= 1 { "fast" } else { "none" }.into(),
        ids: vec![1, 2, 3, 4],
        parts: (0..3)
            .map(|i| {
                let mut p = part(i);
                // A struct that declares no tagged field, with a section of
                // kept tags: read apart from the usual empty one.
                if flexible && i == 1 {
                    p.unknown_tagged_fields
                        .insert(2, Bytes::from_static(b"two"));
                    p.unknown_tagged_fields
                        .insert(9, Bytes::from_static(b"nine"));
                }
                p
            })
            .collect(),
        maybe_parts: if version >= 1 {
            Some(vec![part(10)])
        } else {
            None
        },
        leader: if version >= 3 {
            Some(part(20))
        } else {
            Some(Part::default())
        },
        blob: Bytes::from_static(b"\x00\x01\x02"),
        epoch: if flexible { 17 } else { -1 },
        extra: if flexible { part(30) } else { Part::default() },
        unknown_tagged_fields: unknown,
    }
}

/// The view of `bytes` and the owned decode agree: the same value and
/// bytes consumed, or the same error (kind, field path, version).
fn agree(bytes: &[u8], version: i16) {
    let mut buf = bytes;
    let viewed = Everything::view(&mut buf, version)
        .map(|v| (Everything::from_view(v), bytes.len() - buf.len()))
        .map_err(|e| format!("{e:?}"));
    let mut buf = bytes;
    let owned = Everything::decode(&mut buf, version)
        .map(|m| (m, bytes.len() - buf.len()))
        .map_err(|e| format!("{e:?}"));
    assert_eq!(viewed, owned, "v{version}: {bytes:02x?}");
}

#[test]
fn views_read_every_field_in_place() {
    for version in 0..=3 {
        let m = sample(version);
        let wire = m.encode_to_vec(version).unwrap();
        let (view, usage) = measure(|| Everything::view_exact(&wire, version).unwrap());
        assert_eq!(usage.count, 0, "v{version}: a view allocates nothing");

        assert_eq!(view.id, 42);
        assert_eq!(view.name, "orders");
        assert_eq!(view.note, Some("ünïcödé"));
        assert_eq!(view.topic_id, m.topic_id);
        assert_eq!((view.repeat, view.mode), (m.repeat, m.mode.as_str()));
        assert_eq!(view.ids.iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
        let parts: Vec<_> = view.parts.iter().map(|p| (p.index, p.label)).collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[2].0, 2);
        assert_eq!(parts[2].1, m.parts[2].label.as_str());
        let second = view.parts.iter().nth(1).unwrap();
        let kept: Vec<_> = second.unknown_tagged_fields.iter().collect();
        if version >= 2 {
            assert_eq!(kept, [(2, &b"two"[..]), (9, &b"nine"[..])]);
        } else {
            assert!(kept.is_empty());
        }
        let label = second.label;
        let within = wire.as_ptr_range();
        assert!(
            within.contains(&label.as_ptr()),
            "strings are slices of the input"
        );
        assert_eq!(
            view.maybe_parts.map(|p| p.len()),
            m.maybe_parts.as_ref().map(Vec::len)
        );
        assert_eq!(
            view.leader.map(|p| p.index),
            m.leader.as_ref().map(|p| p.index)
        );
        assert_eq!(view.blob, b"\x00\x01\x02");
        assert_eq!(view.epoch, m.epoch);
        assert_eq!(view.extra.index, m.extra.index);
        let unknown: Vec<_> = view.unknown_tagged_fields.iter().collect();
        if version >= 2 {
            assert_eq!(unknown, [(7, &b"seven"[..]), (40, &b""[..])]);
        } else {
            assert!(unknown.is_empty());
        }

        assert_eq!(Everything::from_view(view), m, "v{version}");
        assert_eq!(Everything::decode_exact(&wire[..], version).unwrap(), m);
    }
}

#[test]
fn absent_fields_view_as_their_defaults() {
    let wire = sample(0).encode_to_vec(0).unwrap();
    let view = Everything::view_exact(&wire, 0).unwrap();
    assert_eq!((view.repeat, view.mode), (3, "none"));
    assert!(view.maybe_parts.is_none());
    assert_eq!(view.leader.map(|p| p.replicas.len()), Some(0));
    assert_eq!((view.epoch, view.extra.index), (-1, 0));
    // Tagged fields not sent read as their defaults too.
    let mut m = sample(2);
    m.epoch = -1;
    m.extra = Part::default();
    let wire = m.encode_to_vec(2).unwrap();
    let view = Everything::view_exact(&wire, 2).unwrap();
    assert_eq!((view.epoch, view.extra.label), (-1, ""));
    assert_eq!(Everything::from_view(view), m);
}

#[test]
fn every_cut_and_every_flipped_byte_fails_as_the_owned_decode_fails() {
    for version in 0..=3 {
        let wire = sample(version).encode_to_vec(version).unwrap();
        for cut in 0..=wire.len() {
            agree(&wire[..cut], version);
        }
        for i in 0..wire.len() {
            for flip in [0x01, 0x80, 0xff] {
                let mut bad = wire.clone();
                bad[i] ^= flip;
                agree(&bad, version);
            }
        }
    }
}

#[test]
fn view_exact_refuses_trailing_bytes_and_unknown_versions() {
    let mut wire = sample(1).encode_to_vec(1).unwrap();
    wire.push(0);
    let e = Everything::view_exact(&wire, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        Everything::decode_exact(&wire[..], 1)
            .unwrap_err()
            .to_string()
    );
    let e = Everything::view(&mut &wire[..], 9).unwrap_err();
    assert_eq!(
        e.to_string(),
        Everything::decode(&mut &wire[..], 9)
            .unwrap_err()
            .to_string()
    );
}

#[test]
fn array_views_iterate_and_print_their_elements() {
    let wire = sample(3).encode_to_vec(3).unwrap();
    let view = Everything::view_exact(&wire, 3).unwrap();
    let ids: ArrayView<'_, i32> = view.ids;
    assert_eq!(ids.iter().len(), 4);
    assert_eq!(
        ids.as_bytes(),
        [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4]
    );
    assert_eq!(format!("{ids:?}"), "[1, 2, 3, 4]");
    let printed = format!("{view:?}");
    assert!(
        printed.starts_with("EverythingView { id: 42, name: \"orders\""),
        "{printed}"
    );
    assert_eq!(
        <Vec<Part> as WireView>::from_view(view.parts),
        sample(3).parts
    );
}

#[test]
fn request_headers_have_views() {
    let mut h = RequestHeader::new(3, 12, 7, Some("client".into()));
    h.unknown_tagged_fields.insert(5, Bytes::from_static(b"x"));
    let wire = h.encode_to_vec(2).unwrap();
    let view = RequestHeader::view_exact(&wire, 2).unwrap();
    assert_eq!(
        (view.api_key, view.api_version, view.correlation_id),
        (3, 12, 7)
    );
    assert_eq!(view.client_id, Some("client"));
    assert_eq!(
        view.unknown_tagged_fields.iter().collect::<Vec<_>>(),
        [(5, &b"x"[..])]
    );
    assert_eq!(RequestHeader::from_view(view), h);
}

/// An element that takes no bytes in v0: its arrays' counts are checked
/// against the bytes that follow the array, which the reads of iteration
/// must see too.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(view)]
struct Ghost {
    #[kafka(versions = "1+")]
    x: i32,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(view)]
struct Ghosts {
    #[kafka(versions = "0+")]
    ghosts: Vec<Ghost>,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-1", flexible = "none", view)]
struct Haunted {
    #[kafka(versions = "0+")]
    rooms: Vec<Ghosts>,
    #[kafka(versions = "0+")]
    tail: i64,
    #[kafka(versions = "0+", default = "abc")]
    blob: Bytes,
    #[kafka(versions = "1+", default = "abc")]
    absent_blob: Bytes,
}

/// A struct with no fields has a view too.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none", view)]
struct Nothing {}

#[test]
fn arrays_of_empty_elements_iterate_as_they_were_checked() {
    let m = Haunted {
        rooms: vec![Ghosts {
            ghosts: vec![Ghost { x: 0 }; 5],
        }],
        tail: 7,
        blob: Bytes::from_static(b"xyz"),
        absent_blob: Bytes::from_static(b"abc"),
    };
    let wire = m.encode_to_vec(0).unwrap();
    assert_eq!(wire.len(), 4 + 4 + 8 + 4 + 3);
    let view = Haunted::view_exact(&wire, 0).unwrap();
    assert_eq!(view.rooms.iter().len(), 1);
    assert_eq!(
        view.rooms
            .iter()
            .map(|r| r.ghosts.len())
            .collect::<Vec<_>>(),
        [5]
    );
    assert_eq!(view.absent_blob, b"abc");
    assert_eq!(Haunted::from_view(view), m);
    assert_eq!(Haunted::decode_exact(&wire[..], 0).unwrap(), m);
    for cut in 0..=wire.len() {
        let mut a = &wire[..cut];
        let mut b = &wire[..cut];
        let viewed = Haunted::view(&mut a, 0)
            .map(Haunted::from_view)
            .map_err(|e| e.to_string());
        let owned = Haunted::decode(&mut b, 0).map_err(|e| e.to_string());
        assert_eq!(viewed, owned, "cut at {cut}");
    }
}

#[test]
fn a_struct_with_no_fields_views_as_nothing() {
    let view = Nothing::view_exact(&[], 0).unwrap();
    assert_eq!(Nothing::from_view(view), Nothing {});
    assert!(Nothing::view_exact(&[0], 0).is_err());
}

/// Arrays of fixed-size values at the edges of the compact count's one-byte
/// form (126 elements is the last, 127 the first of two bytes), and null,
/// each whole and cut at every byte: the view agrees with the owned decode.
#[test]
fn fixed_size_arrays_at_every_count_form_agree_with_the_owned_decode() {
    for version in 0..=3 {
        for n in [0, 1, 2, 125, 126, 127, 128, 300] {
            let mut m = sample(version);
            m.ids = (0..n).collect();
            let wire = m.encode_to_vec(version).unwrap();
            for cut in 0..=wire.len() {
                agree(&wire[..cut], version);
            }
            let view = Everything::view_exact(&wire, version).unwrap();
            assert_eq!(view.ids.len(), n as usize, "v{version}, {n} ids");
            assert!(view.ids.iter().eq(0..n), "v{version}, {n} ids");
        }
        // A null count (0 compact, -1 classic) for a field that is not
        // nullable fails alike. The count is where the bodies of no ids and
        // of one id first differ (its last byte, in the classic form).
        let mut m = sample(version);
        m.ids.clear();
        let none = m.encode_to_vec(version).unwrap();
        m.ids.push(7);
        let one = m.encode_to_vec(version).unwrap();
        let last = (0..none.len()).find(|&i| none[i] != one[i]).unwrap();
        let mut null = none.clone();
        if version >= 2 {
            null[last] = 0;
        } else {
            null[last - 3..=last].copy_from_slice(&(-1i32).to_be_bytes());
        }
        agree(&null, version);
        assert!(
            Everything::view_exact(&null, version).is_err(),
            "v{version}"
        );
    }
}
