//! The derive on structs of our own, beyond the shipped messages: every wire
//! type, versions that span classic and flexible forms, exact bytes written out
//! by hand, generated round trips, split buffers, tagged fields, absent and null
//! values, error paths, and the schema as data.

#[path = "derive/support.rs"]
mod support;

use bytes::{Buf, Bytes};
use kafka_wire::schema::{self, KafkaType};
use kafka_wire::{
    DecodeErrorKind, EncodeErrorKind, KafkaMessage, KafkaStruct, Message, Records, Str,
    UnknownTaggedFields, Uuid, VersionRange, Versioned,
};
use support::{round_trip, split, Draws, Rng};

/// A message that uses every wire type the derive supports.
///
/// Valid in 0-3, flexible from 2: fields appear at 1+, null only at 2+, and
/// tagged fields at 3+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Everything {
    /// A boolean.
    #[kafka(versions = "0+")]
    pub flag: bool,
    #[kafka(versions = "0+", default = -1)]
    pub tiny: i8,
    #[kafka(versions = "0+")]
    pub short: i16,
    #[kafka(versions = "0+")]
    pub port: u16,
    #[kafka(versions = "0+", default = 60000)]
    pub int: i32,
    #[kafka(versions = "0+")]
    pub uint: u32,
    #[kafka(versions = "0+")]
    pub long: i64,
    #[kafka(versions = "0+", default = 0.5)]
    pub float: f64,
    #[kafka(versions = "0+", default = "hello")]
    pub name: Str,
    #[kafka(versions = "0+")]
    pub owned: String,
    #[kafka(versions = "0+")]
    pub blob: Bytes,
    /// Dropped silently in v0.
    #[kafka(versions = "1+", ignorable)]
    pub id: Uuid,
    #[kafka(versions = "0+")]
    pub records: Records,
    #[kafka(versions = "0+")]
    pub ints: Vec<i32>,
    #[kafka(versions = "1+")]
    pub strs: Vec<Str>,
    /// An array of structs that hold arrays of structs.
    #[kafka(versions = "0+")]
    pub items: Vec<Item>,
    #[kafka(versions = "0+")]
    pub nested: Inner,
    #[kafka(versions = "2+", nullable = "2+", default = None)]
    pub maybe_struct: Option<Inner>,
    #[kafka(versions = "0+", nullable = "2+")]
    pub maybe_str: Option<Str>,
    #[kafka(versions = "0+", nullable = "0+", default = None)]
    pub maybe_bytes: Option<Bytes>,
    #[kafka(versions = "1+", nullable = "2+")]
    pub maybe_ints: Option<Vec<i32>>,
    #[kafka(versions = "2+", nullable = "2+", default = None)]
    pub maybe_records: Option<Records>,
    /// Always in the classic form, like the request header's client_id.
    #[kafka(versions = "0+", flexible = "none")]
    pub classic_str: Str,
    #[kafka(versions = "3+", tag = 0, tagged = "3+")]
    pub tagged_int: i32,
    #[kafka(versions = "3+", tag = 2, tagged = "3+", default = "x")]
    pub tagged_str: Str,
    #[kafka(versions = "3+", tag = 5, tagged = "3+")]
    pub tagged_inner: Inner,
    #[kafka(unknown_tagged_fields)]
    pub unknown: UnknownTaggedFields,
}

/// An element of `Everything.items`.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Item {
    #[kafka(versions = "0+")]
    pub key: i16,
    #[kafka(versions = "0+")]
    pub inner: Vec<Inner>,
    #[kafka(versions = "3+", tag = 1, tagged = "3+", ignorable)]
    pub note: String,
    #[kafka(unknown_tagged_fields)]
    pub unknown: UnknownTaggedFields,
}

/// The innermost struct.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Inner {
    #[kafka(versions = "0+")]
    pub name: Str,
    #[kafka(versions = "1+", default = 7)]
    pub weight: i32,
    #[kafka(versions = "3+", tag = 0, tagged = "3+")]
    pub extra: i64,
    #[kafka(unknown_tagged_fields)]
    pub unknown: UnknownTaggedFields,
}

/// Two tagged fields with room for unknown tags around them.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1001, versions = "0-1", flexible = "1+")]
pub struct Tags {
    #[kafka(versions = "0+")]
    pub id: i32,
    #[kafka(versions = "1+", tag = 1, tagged = "1+")]
    pub a: i16,
    #[kafka(versions = "1+", tag = 4, tagged = "1+")]
    pub b: Str,
    #[kafka(unknown_tagged_fields)]
    pub unknown: UnknownTaggedFields,
}

/// Nullable from v1 only.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1002, versions = "0-2", flexible = "2+")]
pub struct Nulls {
    #[kafka(versions = "0+", nullable = "1+")]
    pub text: Option<Str>,
    #[kafka(versions = "0+", nullable = "1+")]
    pub list: Option<Vec<i16>>,
    #[kafka(versions = "0+", nullable = "1+")]
    pub inner: Option<Leaf>,
}

/// A nested struct for `Nulls`. (`Inner` would not do: its tagged field `extra`
/// exists only from v3, which `Nulls` never reaches, and the derive refuses a
/// message that nests a field it can never carry.)
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Leaf {
    #[kafka(versions = "0+")]
    pub name: Str,
    #[kafka(versions = "1+", default = 7)]
    pub weight: i32,
}

/// The body of a message valid in 2-7 and flexible from 5, declared without
/// `api_key` so that it compiles (as a message, the derive's const assertion
/// refuses it: see tests/ui/versions/nested_field_never_in_message.rs);
/// `schema::validate` finds what is wrong with `OldPart`.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Late {
    #[kafka(versions = "0+")]
    pub parts: Vec<OldPart>,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct OldPart {
    #[kafka(versions = "0+")]
    pub id: i32,
    /// Removed before the message's oldest version: can never appear.
    #[kafka(versions = "0-1")]
    pub removed: i32,
    /// Tagged in 3 and 4, which are not flexible.
    #[kafka(versions = "3+", tag = 0, tagged = "3+")]
    pub early_tag: i32,
}

fn encode<M: Message>(msg: &M, version: i16) -> Vec<u8> {
    let mut buf = Vec::new();
    msg.encode(&mut buf, version)
        .unwrap_or_else(|e| panic!("encode v{version}: {e}"));
    assert_eq!(
        msg.encoded_len(version),
        buf.len(),
        "encoded_len v{version}"
    );
    buf
}

fn uuid_0_to_15() -> Uuid {
    Uuid(core::array::from_fn(|i| i as u8))
}

// ---------------------------------------------------------------------------
// Exact bytes, written out by hand.
// ---------------------------------------------------------------------------

fn classic_instance() -> Everything {
    Everything {
        flag: true,
        tiny: -1,
        short: 0x0102,
        port: 0xfffe,
        int: 60000,
        uint: 0xdead_beef,
        long: -2,
        float: 1.5,
        name: "hello".into(),
        owned: String::new(),
        blob: Bytes::from_static(&[0xab]),
        records: Records(Bytes::from_static(b"RR")),
        ints: vec![1, -1],
        items: vec![Item {
            key: 5,
            inner: vec![Inner {
                name: "a".into(),
                ..Default::default()
            }],
            ..Default::default()
        }],
        nested: Inner::default(),
        maybe_str: Some("b".into()),
        maybe_bytes: None,
        classic_str: "c".into(),
        ..Default::default()
    }
}

#[test]
fn exact_bytes_v0_classic() {
    #[rustfmt::skip]
    let expected: &[u8] = &[
        0x01,                                           // flag: true
        0xff,                                           // tiny: -1
        0x01, 0x02,                                     // short: 0x0102
        0xff, 0xfe,                                     // port: 0xfffe
        0x00, 0x00, 0xea, 0x60,                         // int: 60000
        0xde, 0xad, 0xbe, 0xef,                         // uint
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, // long: -2
        0x3f, 0xf8, 0, 0, 0, 0, 0, 0,                   // float: 1.5
        0x00, 0x05, b'h', b'e', b'l', b'l', b'o',       // name: int16 length + "hello"
        0x00, 0x00,                                     // owned: ""
        0x00, 0x00, 0x00, 0x01, 0xab,                   // blob: int32 length + 1 byte
                                                        // id: not in v0
        0x00, 0x00, 0x00, 0x02, b'R', b'R',             // records: int32 length + "RR"
        0x00, 0x00, 0x00, 0x02,                         // ints: 2 elements
        0x00, 0x00, 0x00, 0x01,                         //   1
        0xff, 0xff, 0xff, 0xff,                         //   -1
                                                        // strs: not in v0
        0x00, 0x00, 0x00, 0x01,                         // items: 1 element
        0x00, 0x05,                                     //   key: 5
        0x00, 0x00, 0x00, 0x01,                         //   inner: 1 element
        0x00, 0x01, b'a',                               //     name: "a" (weight: not in v0)
        0x00, 0x00,                                     // nested.name: ""
                                                        // maybe_struct: not in v0
        0x00, 0x01, b'b',                               // maybe_str: "b" (not nullable in v0)
        0xff, 0xff, 0xff, 0xff,                         // maybe_bytes: null
                                                        // maybe_ints, maybe_records: not in v0
        0x00, 0x01, b'c',                               // classic_str: "c"
                                                        // no tagged section before v2
    ];
    let msg = classic_instance();
    assert_eq!(encode(&msg, 0), expected);
    assert_eq!(Everything::decode_exact(expected, 0).unwrap(), msg);
}

#[test]
fn exact_bytes_v1_fields_that_appear_at_1() {
    #[rustfmt::skip]
    let expected: &[u8] = &[
        0x01, 0xff, 0x01, 0x02, 0xff, 0xfe,             // flag, tiny, short, port
        0x00, 0x00, 0xea, 0x60, 0xde, 0xad, 0xbe, 0xef, // int, uint
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, // long
        0x3f, 0xf8, 0, 0, 0, 0, 0, 0,                   // float
        0x00, 0x05, b'h', b'e', b'l', b'l', b'o',       // name
        0x00, 0x00,                                     // owned
        0x00, 0x00, 0x00, 0x01, 0xab,                   // blob
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // id (1+): the zero UUID
        0x00, 0x00, 0x00, 0x02, b'R', b'R',             // records
        0x00, 0x00, 0x00, 0x02, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, // ints
        0x00, 0x00, 0x00, 0x00,                         // strs (1+): empty
        0x00, 0x00, 0x00, 0x01,                         // items: 1 element
        0x00, 0x05,                                     //   key
        0x00, 0x00, 0x00, 0x01,                         //   inner: 1 element
        0x00, 0x01, b'a',                               //     name
        0x00, 0x00, 0x00, 0x07,                         //     weight (1+): default 7
        0x00, 0x00,                                     // nested.name
        0x00, 0x00, 0x00, 0x07,                         // nested.weight
        0x00, 0x01, b'b',                               // maybe_str
        0xff, 0xff, 0xff, 0xff,                         // maybe_bytes: null
        0x00, 0x00, 0x00, 0x00,                         // maybe_ints (1+): [] (not nullable in v1)
        0x00, 0x01, b'c',                               // classic_str
    ];
    let msg = classic_instance();
    assert_eq!(encode(&msg, 1), expected);
    assert_eq!(Everything::decode_exact(expected, 1).unwrap(), msg);
}

fn flexible_instance() -> Everything {
    let mut unknown = UnknownTaggedFields::new();
    unknown.insert(3, Bytes::from_static(&[0xee]));
    Everything {
        flag: false,
        tiny: 0,
        short: -1,
        port: 1,
        int: 1,
        uint: 0,
        long: 1,
        float: 0.0,
        name: "".into(),
        owned: "é".into(),
        blob: Bytes::new(),
        id: uuid_0_to_15(),
        records: Records::default(),
        ints: vec![7],
        strs: vec!["a".into(), "".into()],
        items: vec![Item {
            key: 1,
            inner: vec![Inner {
                name: "n".into(),
                weight: 2,
                extra: 3,
                unknown: UnknownTaggedFields::new(),
            }],
            note: "z".into(),
            unknown: UnknownTaggedFields::new(),
        }],
        nested: Inner::default(),
        maybe_struct: None,
        maybe_str: None,
        maybe_bytes: Some(Bytes::from_static(&[0x01])),
        maybe_ints: None,
        maybe_records: Some(Records(Bytes::from_static(b"R"))),
        classic_str: "c".into(),
        tagged_int: 5,
        tagged_str: "x".into(),
        tagged_inner: Inner {
            name: "q".into(),
            ..Default::default()
        },
        unknown,
    }
}

#[test]
fn exact_bytes_v3_flexible_with_tags() {
    #[rustfmt::skip]
    let expected: &[u8] = &[
        0x00,                                           // flag: false
        0x00,                                           // tiny: 0
        0xff, 0xff,                                     // short: -1
        0x00, 0x01,                                     // port: 1
        0x00, 0x00, 0x00, 0x01,                         // int: 1
        0x00, 0x00, 0x00, 0x00,                         // uint: 0
        0, 0, 0, 0, 0, 0, 0, 0x01,                      // long: 1
        0, 0, 0, 0, 0, 0, 0, 0,                         // float: 0.0
        0x01,                                           // name: "" (compact: length + 1)
        0x03, 0xc3, 0xa9,                               // owned: "é", 2 bytes
        0x01,                                           // blob: empty
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, // id
        0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
        0x01,                                           // records: empty
        0x02, 0x00, 0x00, 0x00, 0x07,                   // ints: 1 element, 7
        0x03, 0x02, b'a', 0x01,                         // strs: ["a", ""]
        0x02,                                           // items: 1 element
        0x00, 0x01,                                     //   key: 1
        0x02,                                           //   inner: 1 element
        0x02, b'n',                                     //     name: "n"
        0x00, 0x00, 0x00, 0x02,                         //     weight: 2
        0x01,                                           //     1 tagged field
        0x00, 0x08, 0, 0, 0, 0, 0, 0, 0, 0x03,          //     tag 0, 8 bytes: extra = 3
        0x01,                                           //   1 tagged field
        0x01, 0x02, 0x02, b'z',                         //   tag 1, 2 bytes: note = "z"
        0x01,                                           // nested.name: ""
        0x00, 0x00, 0x00, 0x07,                         // nested.weight: 7
        0x00,                                           // nested: no tagged fields
        0xff,                                           // maybe_struct: null (int8 -1)
        0x00,                                           // maybe_str: null (compact)
        0x02, 0x01,                                     // maybe_bytes: [1]
        0x00,                                           // maybe_ints: null
        0x02, b'R',                                     // maybe_records: "R"
        0x00, 0x01, b'c',                               // classic_str: classic even at v3
        0x03,                                           // 3 tagged fields (tagged_str is default)
        0x00, 0x04, 0x00, 0x00, 0x00, 0x05,             // tag 0, 4 bytes: tagged_int = 5
        0x03, 0x01, 0xee,                               // tag 3, 1 byte: kept unknown field
        0x05, 0x07,                                     // tag 5, 7 bytes: tagged_inner
        0x02, b'q', 0x00, 0x00, 0x00, 0x07, 0x00,       //   name "q", weight 7, no tags
    ];
    let msg = flexible_instance();
    assert_eq!(encode(&msg, 3), expected);
    assert_eq!(Everything::decode_exact(expected, 3).unwrap(), msg);
}

#[test]
fn exact_bytes_of_the_default_instance() {
    #[rustfmt::skip]
    let v0: &[u8] = &[
        0x00, 0xff, 0x00, 0x00, 0x00, 0x00,             // flag, tiny -1, short, port
        0x00, 0x00, 0xea, 0x60,                         // int: 60000
        0x00, 0x00, 0x00, 0x00,                         // uint
        0, 0, 0, 0, 0, 0, 0, 0,                         // long
        0x3f, 0xe0, 0, 0, 0, 0, 0, 0,                   // float: 0.5
        0x00, 0x05, b'h', b'e', b'l', b'l', b'o',       // name: "hello"
        0x00, 0x00,                                     // owned
        0x00, 0x00, 0x00, 0x00,                         // blob
        0x00, 0x00, 0x00, 0x00,                         // records
        0x00, 0x00, 0x00, 0x00,                         // ints
        0x00, 0x00, 0x00, 0x00,                         // items
        0x00, 0x00,                                     // nested.name
        0x00, 0x00,                                     // maybe_str: Some("")
        0xff, 0xff, 0xff, 0xff,                         // maybe_bytes: None
        0x00, 0x00,                                     // classic_str
    ];
    #[rustfmt::skip]
    let v2: &[u8] = &[
        0x00, 0xff, 0x00, 0x00, 0x00, 0x00,             // flag, tiny -1, short, port
        0x00, 0x00, 0xea, 0x60,                         // int: 60000
        0x00, 0x00, 0x00, 0x00,                         // uint
        0, 0, 0, 0, 0, 0, 0, 0,                         // long
        0x3f, 0xe0, 0, 0, 0, 0, 0, 0,                   // float: 0.5
        0x06, b'h', b'e', b'l', b'l', b'o',             // name: "hello", compact
        0x01,                                           // owned
        0x01,                                           // blob
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // id
        0x01,                                           // records
        0x01,                                           // ints
        0x01,                                           // strs
        0x01,                                           // items
        0x01, 0x00, 0x00, 0x00, 0x07, 0x00,             // nested: "", 7, no tags
        0xff,                                           // maybe_struct: None
        0x01,                                           // maybe_str: Some("")
        0x00,                                           // maybe_bytes: None
        0x01,                                           // maybe_ints: Some([])
        0x00,                                           // maybe_records: None
        0x00, 0x00,                                     // classic_str: classic ""
        0x00,                                           // no tagged fields
    ];
    let msg = Everything::default();
    assert_eq!(encode(&msg, 0), v0);
    assert_eq!(encode(&msg, 2), v2);
    assert_eq!(Everything::decode_exact(v0, 0).unwrap(), msg);
    assert_eq!(Everything::decode_exact(v2, 2).unwrap(), msg);
}

#[test]
fn default_honours_default_attributes() {
    let d = Everything::default();
    assert_eq!(d.tiny, -1);
    assert_eq!(d.int, 60000);
    assert_eq!(d.float, 0.5);
    assert_eq!(d.name, "hello");
    assert_eq!(d.tagged_str, "x");
    assert_eq!(d.owned, "");
    assert!(d.id.is_zero());
    // Nullable without `default`: the empty non-null value, as Kafka's Java has it.
    assert_eq!(d.maybe_str, Some(Str::new()));
    assert_eq!(d.maybe_ints, Some(vec![]));
    // `default = None`: null.
    assert_eq!(d.maybe_struct, None);
    assert_eq!(d.maybe_bytes, None);
    assert_eq!(d.maybe_records, None);
    // Structs take their own defaults.
    assert_eq!(d.nested.weight, 7);
    assert_eq!(d.tagged_inner, Inner::default());
    assert_eq!(Inner::default().weight, 7);
    assert!(d.unknown.is_empty());
    // Every version encodes the default instance.
    let mut rng = Rng::new(1);
    for version in 0..=3 {
        round_trip(&d, version, &mut rng);
    }
}

// ---------------------------------------------------------------------------
// Generated instances.
// ---------------------------------------------------------------------------

/// An instance valid at `version`: fields the version lacks hold their
/// defaults, and null appears only where the version allows it.
fn gen_everything(r: &mut Rng, version: i16) -> Everything {
    let (v1, flexible, v3) = (version >= 1, version >= 2, version >= 3);
    let maybe_null = |r: &mut Rng, nullable: bool| !(nullable && r.one_in(3));
    Everything {
        flag: r.one_in(2),
        tiny: r.next_u64() as i8,
        short: r.next_u64() as i16,
        port: r.next_u64() as u16,
        int: r.next_u64() as i32,
        uint: r.next_u64() as u32,
        long: r.next_u64() as i64,
        float: f64::from(r.next_u64() as i32) / 8.0,
        name: r.string().into(),
        owned: r.string(),
        blob: r.bytes(),
        id: if v1 { r.uuid() } else { Uuid::default() },
        records: Records(r.bytes()),
        ints: (0..r.below(4)).map(|_| r.next_u64() as i32).collect(),
        strs: match v1 {
            true => (0..r.below(4)).map(|_| r.string().into()).collect(),
            false => vec![],
        },
        items: (0..r.below(4)).map(|_| gen_item(r, version)).collect(),
        nested: gen_inner(r, version),
        maybe_struct: match flexible && maybe_null(r, true) {
            true => Some(gen_inner(r, version)),
            false => None,
        },
        maybe_str: maybe_null(r, flexible).then(|| r.string().into()),
        maybe_bytes: maybe_null(r, true).then(|| r.bytes()),
        maybe_ints: match v1 {
            true => maybe_null(r, flexible).then(|| vec![r.next_u64() as i32; r.below(3) as usize]),
            false => Some(vec![]),
        },
        maybe_records: match flexible && maybe_null(r, true) {
            true => Some(Records(r.bytes())),
            false => None,
        },
        classic_str: r.string().into(),
        tagged_int: if v3 && r.one_in(2) {
            r.next_u64() as i32
        } else {
            0
        },
        tagged_str: if v3 && r.one_in(2) {
            r.string().into()
        } else {
            "x".into()
        },
        tagged_inner: if v3 && r.one_in(2) {
            gen_inner(r, version)
        } else {
            Inner::default()
        },
        unknown: r.unknown_tags(flexible, &[0, 2, 5]),
    }
}

fn gen_item(r: &mut Rng, version: i16) -> Item {
    Item {
        key: r.next_u64() as i16,
        inner: (0..r.below(3)).map(|_| gen_inner(r, version)).collect(),
        note: if version >= 3 {
            r.string()
        } else {
            String::new()
        },
        unknown: r.unknown_tags(version >= 2, &[1]),
    }
}

fn gen_inner(r: &mut Rng, version: i16) -> Inner {
    Inner {
        name: r.string().into(),
        weight: if version >= 1 { r.next_u64() as i32 } else { 7 },
        extra: if version >= 3 && r.one_in(2) {
            r.next_u64() as i64
        } else {
            0
        },
        unknown: r.unknown_tags(version >= 2, &[0]),
    }
}

#[test]
fn generated_instances_round_trip_in_every_version() {
    let mut r = Rng::new(0x6b61_666b);
    for version in 0..=3 {
        for _ in 0..300 {
            let msg = gen_everything(&mut r, version);
            round_trip(&msg, version, &mut r);
        }
    }
}

#[test]
fn hand_built_instances_round_trip_through_split_buffers() {
    let mut r = Rng::new(7);
    for (msg, version) in [
        (classic_instance(), 0),
        (classic_instance(), 1),
        (flexible_instance(), 3),
    ] {
        let bytes = encode(&msg, version);
        // Many different splits of the same bytes.
        for _ in 0..50 {
            let mut pieces = split(&bytes, &mut r);
            assert_eq!(Everything::decode(&mut pieces, version).unwrap(), msg);
            assert_eq!(pieces.remaining(), 0);
        }
    }
}

#[test]
fn every_truncated_prefix_is_an_error() {
    for (msg, version) in [(classic_instance(), 0), (flexible_instance(), 3)] {
        let bytes = encode(&msg, version);
        for n in 0..bytes.len() {
            let err = Everything::decode(&mut &bytes[..n], version).unwrap_err();
            assert!(
                matches!(err.kind(), DecodeErrorKind::Truncated { .. }),
                "prefix of {n} bytes: {err}"
            );
            assert_eq!(err.location().version(), Some(version));
        }
    }
}

// ---------------------------------------------------------------------------
// Tagged fields.
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const TAGS_V1: &[u8] = &[
    0x00, 0x00, 0x00, 0x2a,         // id: 42
    0x06,                           // 6 tagged fields
    0x00, 0x01, 0xaa,               // tag 0 (unknown), 1 byte
    0x01, 0x02, 0x00, 0x07,         // tag 1, 2 bytes: a = 7
    0x02, 0x00,                     // tag 2 (unknown), empty
    0x04, 0x02, 0x02, b'b',         // tag 4, 2 bytes: b = "b"
    0x09, 0x01, 0xff,               // tag 9 (unknown), 1 byte
    0xac, 0x02, 0x02, 0xbe, 0xef,   // tag 300 (uvarint ac 02, unknown), 2 bytes
];

#[test]
fn unknown_tags_survive_decode_then_encode_byte_for_byte() {
    let msg = Tags::decode_exact(TAGS_V1, 1).unwrap();
    assert_eq!((msg.id, msg.a, msg.b.as_str()), (42, 7, "b"));
    let kept: Vec<(u32, &[u8])> = msg.unknown.iter().map(|(t, v)| (t, &v[..])).collect();
    assert_eq!(
        kept,
        [
            (0, &[0xaa][..]),
            (2, &[][..]),
            (9, &[0xff][..]),
            (300, &[0xbe, 0xef][..])
        ]
    );
    assert_eq!(encode(&msg, 1), TAGS_V1);
    // And through a split buffer.
    let mut r = Rng::new(3);
    for _ in 0..20 {
        assert_eq!(Tags::decode(&mut split(TAGS_V1, &mut r), 1).unwrap(), msg);
    }
}

#[test]
fn unknown_tags_of_nested_structs_survive_too() {
    let mut msg = flexible_instance();
    msg.items[0]
        .unknown
        .insert(0, Bytes::from_static(b"before"));
    msg.items[0].unknown.insert(7, Bytes::from_static(b"after"));
    msg.items[0].inner[0]
        .unknown
        .insert(1, Bytes::from_static(b"i"));
    msg.nested.unknown.insert(9, Bytes::new());
    let bytes = round_trip(&msg, 3, &mut Rng::new(5));
    let back = Everything::decode_exact(&bytes[..], 3).unwrap();
    assert_eq!(back.items[0].unknown.get(7).unwrap(), &b"after"[..]);
}

#[test]
fn non_minimal_tag_varints_are_accepted_and_reencoded_minimally() {
    #[rustfmt::skip]
    let input: &[u8] = &[
        0x00, 0x00, 0x00, 0x2a,
        0x81, 0x00,                     // 1 tagged field, count as a 2-byte varint
        0x81, 0x00, 0x82, 0x00, 0x00, 0x07, // tag 1, size 2, both 2-byte varints: a = 7
    ];
    let msg = Tags::decode_exact(input, 1).unwrap();
    assert_eq!(msg.a, 7);
    assert_eq!(
        encode(&msg, 1),
        [0, 0, 0, 0x2a, 0x01, 0x01, 0x02, 0x00, 0x07]
    );
}

#[test]
fn a_kept_unknown_tag_colliding_with_a_known_tag_is_an_encode_error() {
    for a in [0, 7] {
        let mut msg = Tags {
            a,
            ..Default::default()
        };
        msg.unknown.insert(1, Bytes::from_static(&[0x00, 0x09]));
        let err = msg.encode(&mut Vec::new(), 1).unwrap_err();
        assert!(
            matches!(err.kind(), EncodeErrorKind::TagCollision { tag: 1 }),
            "{err}"
        );
        assert_eq!(err.location().version(), Some(1));
        assert_eq!(err.path(), "Tags.<tag 1>");
        assert_eq!(
            err.to_string(),
            "Tags.<tag 1> (version 1): unknown tagged field 1 collides with a declared tagged field"
        );
    }
    // Inside a nested struct, at a version that declares the tag.
    let mut nested = Everything::default();
    nested.nested.unknown.insert(0, Bytes::from_static(&[1]));
    let err = nested.encode(&mut Vec::new(), 3).unwrap_err();
    assert!(matches!(
        err.kind(),
        EncodeErrorKind::TagCollision { tag: 0 }
    ));
    assert_eq!(err.path(), "Everything.nested.<tag 0>");
    // In v2 the struct does not declare tag 0 yet: no collision.
    round_trip(&nested, 2, &mut Rng::new(2));
}

#[test]
fn tags_out_of_order_or_repeated_on_the_wire_are_decode_errors() {
    #[rustfmt::skip]
    let cases: &[(&[u8], u32, u32)] = &[
        // tag 4 then tag 1
        (&[0, 0, 0, 1, 0x02, 0x04, 0x02, 0x02, b'b', 0x01, 0x02, 0x00, 0x07], 1, 4),
        // known tag 1 twice
        (&[0, 0, 0, 1, 0x02, 0x01, 0x02, 0x00, 0x07, 0x01, 0x02, 0x00, 0x08], 1, 1),
        // unknown tag 3 twice
        (&[0, 0, 0, 1, 0x02, 0x03, 0x00, 0x03, 0x00], 3, 3),
        // unknown 9 then unknown 2
        (&[0, 0, 0, 1, 0x02, 0x09, 0x00, 0x02, 0x00], 2, 9),
    ];
    for (input, tag, previous) in cases {
        let err = Tags::decode(&mut &input[..], 1).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::TagOutOfOrder {
                tag: *tag,
                previous: *previous
            },
            "{input:02x?}"
        );
        assert_eq!(err.location().version(), Some(1));
    }
}

#[test]
fn a_known_tag_must_fill_exactly_its_declared_size() {
    // a (int16) declared as 3 bytes.
    let input = [0, 0, 0, 1, 0x01, 0x01, 0x03, 0x00, 0x07, 0xee];
    let err = Tags::decode(&mut &input[..], 1).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::TagSizeMismatch {
            tag: 1,
            declared: 3,
            used: 2
        }
    );
    assert_eq!(err.path(), "Tags.a");
    // b declared as 3 bytes, its string takes 2.
    let input = [0, 0, 0, 1, 0x01, 0x04, 0x03, 0x02, b'b', b'!'];
    let err = Tags::decode(&mut &input[..], 1).unwrap_err();
    assert!(matches!(
        err.kind(),
        DecodeErrorKind::TagSizeMismatch { tag: 4, .. }
    ));
    // a declared as 1 byte: the value runs out within its size.
    let input = [0, 0, 0, 1, 0x01, 0x01, 0x01, 0x07, 0x00];
    let err = Tags::decode(&mut &input[..], 1).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::Truncated { .. }),
        "{err}"
    );
    assert_eq!(err.path(), "Tags.a");
    // A size larger than what remains.
    let input = [0, 0, 0, 1, 0x01, 0x01, 0x05, 0x00, 0x07];
    let err = Tags::decode(&mut &input[..], 1).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::Truncated { .. }),
        "{err}"
    );
}

#[test]
fn nothing_tagged_can_be_written_in_a_classic_version() {
    let mut msg = Tags::default();
    msg.unknown.insert(3, Bytes::new());
    let err = msg.encode(&mut Vec::new(), 0).unwrap_err();
    assert!(matches!(
        err.kind(),
        EncodeErrorKind::TagInNonFlexible { tag: 3 }
    ));
}

// ---------------------------------------------------------------------------
// Absent fields and nulls.
// ---------------------------------------------------------------------------

#[test]
fn an_absent_non_default_field_is_an_encode_error_naming_path_and_version() {
    let msg = Everything {
        strs: vec!["s".into()],
        ..Default::default()
    };
    let err = msg.encode(&mut Vec::new(), 0).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
    assert_eq!(err.path(), "Everything.strs");
    assert_eq!(err.location().version(), Some(0));
    assert_eq!(
        err.to_string(),
        "Everything.strs (version 0): field is absent in this version but holds a \
         non-default value (and is not ignorable)"
    );

    // Deep inside arrays of structs.
    let mut msg = classic_instance();
    msg.items[0].inner.push(Inner {
        weight: 8,
        ..Default::default()
    });
    let err = msg.encode(&mut Vec::new(), 0).unwrap_err();
    assert_eq!(err.path(), "Everything.items[0].inner[1].weight");
    assert_eq!(
        err.to_string(),
        "Everything.items[0].inner[1].weight (version 0): field is absent in this version \
         but holds a non-default value (and is not ignorable)"
    );

    // A tagged field in a version before it exists.
    let msg = Everything {
        tagged_int: 5,
        ..Default::default()
    };
    let err = msg.encode(&mut Vec::new(), 2).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
    assert_eq!(err.path(), "Everything.tagged_int");

    // A nullable field absent in v0-1 whose default is null.
    let msg = Everything {
        maybe_struct: Some(Inner::default()),
        ..Default::default()
    };
    let err = msg.encode(&mut Vec::new(), 1).unwrap_err();
    assert_eq!(err.path(), "Everything.maybe_struct");
}

#[test]
fn an_absent_ignorable_field_is_dropped() {
    let with_id = Everything {
        id: uuid_0_to_15(),
        ..classic_instance()
    };
    assert_eq!(encode(&with_id, 0), encode(&classic_instance(), 0));
    let back = Everything::decode_exact(&encode(&with_id, 0)[..], 0).unwrap();
    assert!(back.id.is_zero());

    // Item.note is ignorable and tagged from v3.
    let mut with_note = flexible_instance();
    with_note.tagged_int = 0;
    with_note.tagged_inner = Inner::default();
    with_note.items[0].inner[0].extra = 0;
    let mut without_note = with_note.clone();
    without_note.items[0].note.clear();
    assert_eq!(encode(&with_note, 2), encode(&without_note, 2));
}

#[test]
fn null_only_in_nullable_versions_when_encoding() {
    let cases: Vec<(i16, Box<dyn EncodeDyn>, &str)> = vec![
        (
            1,
            Box::new(Everything {
                maybe_str: None,
                ..Default::default()
            }),
            "Everything.maybe_str",
        ),
        (
            1,
            Box::new(Everything {
                maybe_ints: None,
                ..Default::default()
            }),
            "Everything.maybe_ints",
        ),
        (
            0,
            Box::new(Nulls {
                inner: None,
                ..Default::default()
            }),
            "Nulls.inner",
        ),
    ];
    for (version, msg, path) in cases {
        let err = msg.encode_dyn(version).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::UnexpectedNull, "{path}");
        assert_eq!(err.path(), path);
        assert_eq!(err.location().version(), Some(version));
    }
    // The same values are fine where null is allowed.
    let msg = Everything {
        maybe_str: None,
        maybe_ints: None,
        ..Default::default()
    };
    round_trip(&msg, 2, &mut Rng::new(9));
}

/// Lets one table hold messages of different types.
trait EncodeDyn {
    fn encode_dyn(&self, version: i16) -> Result<Vec<u8>, kafka_wire::EncodeError>;
}

impl<M: Message> EncodeDyn for M {
    fn encode_dyn(&self, version: i16) -> Result<Vec<u8>, kafka_wire::EncodeError> {
        let mut buf = Vec::new();
        self.encode(&mut buf, version).map(|_| buf)
    }
}

#[test]
fn null_only_in_nullable_versions_when_decoding() {
    #[rustfmt::skip]
    let cases: &[(&[u8], &str)] = &[
        // text null (int16 -1), list [], inner {name ""}
        (&[0xff, 0xff, 0, 0, 0, 0, 0, 0], "Nulls.text"),
        // text "", list null (int32 -1), inner {name ""}
        (&[0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0], "Nulls.list"),
    ];
    for (input, path) in cases {
        let err = Nulls::decode(&mut &input[..], 0).unwrap_err();
        assert_eq!(err.kind(), &DecodeErrorKind::UnexpectedNull);
        assert_eq!(err.path(), *path);
        assert_eq!(err.location().version(), Some(0));
    }

    // v1 (classic) and v2 (flexible) accept null.
    let all_null = Nulls {
        text: None,
        list: None,
        inner: None,
    };
    #[rustfmt::skip]
    let v1: &[u8] = &[
        0xff, 0xff,             // text: null
        0xff, 0xff, 0xff, 0xff, // list: null
        0xff,                   // inner: null marker
    ];
    let v2: &[u8] = &[0x00, 0x00, 0xff, 0x00]; // compact nulls, null marker, no tags
    assert_eq!(Nulls::decode_exact(v1, 1).unwrap(), all_null);
    assert_eq!(Nulls::decode_exact(v2, 2).unwrap(), all_null);
    assert_eq!(encode(&all_null, 1), v1);
    assert_eq!(encode(&all_null, 2), v2);

    // A present nullable struct at v1: marker 1, then the struct.
    #[rustfmt::skip]
    let present: &[u8] = &[
        0x00, 0x01, b't',       // text: "t"
        0x00, 0x00, 0x00, 0x01, 0x00, 0x02, // list: [2]
        0x01,                   // inner: present
        0x00, 0x00,             //   name ""
        0x00, 0x00, 0x00, 0x07, //   weight 7
    ];
    let msg = Nulls {
        text: Some("t".into()),
        list: Some(vec![2]),
        inner: Some(Leaf::default()),
    };
    assert_eq!(encode(&msg, 1), present);
    assert_eq!(Nulls::decode_exact(present, 1).unwrap(), msg);
}

// ---------------------------------------------------------------------------
// Error paths.
// ---------------------------------------------------------------------------

#[test]
fn a_truncated_input_names_the_field_path() {
    let mut msg = Everything::default();
    for key in 0..4 {
        msg.items.push(Item {
            key,
            inner: vec![Inner {
                name: format!("NAME{key}X").into(),
                ..Default::default()
            }],
            ..Default::default()
        });
    }
    for version in [0, 3] {
        let bytes = encode(&msg, version);
        let at = bytes
            .windows(6)
            .position(|w| w == b"NAME3X")
            .expect("the name is in the bytes");
        // Cut two bytes into items[3].inner[0].name.
        let err = Everything::decode(&mut &bytes[..at + 2], version).unwrap_err();
        assert_eq!(err.path(), "Everything.items[3].inner[0].name");
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::Truncated {
                needed: 6,
                remaining: 2
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "Everything.items[3].inner[0].name (version {version}): \
                 truncated input: needed 6 bytes, 2 remain"
            )
        );
    }
}

#[test]
fn unsupported_versions_are_errors_both_ways() {
    let msg = Everything::default();
    let err = msg.encode(&mut Vec::new(), 4).unwrap_err();
    assert!(matches!(
        err.kind(),
        EncodeErrorKind::UnsupportedVersion { version: 4, .. }
    ));
    assert_eq!(msg.encoded_len(4), 0);
    let err = Everything::decode(&mut &[][..], -1).unwrap_err();
    assert!(matches!(
        err.kind(),
        DecodeErrorKind::UnsupportedVersion { version: -1, .. }
    ));
}

// ---------------------------------------------------------------------------
// The schema as data.
// ---------------------------------------------------------------------------

#[test]
fn schema_reports_types_versions_tags_defaults_and_docs() {
    let s = Everything::SCHEMA;
    assert_eq!(s.name, "Everything");
    assert_eq!(
        s.doc,
        "A message that uses every wire type the derive supports.\n\n\
         Valid in 0-3, flexible from 2: fields appear at 1+, null only at 2+, and\n\
         tagged fields at 3+."
    );
    assert!(s.keeps_unknown_tags);
    assert_eq!(
        (
            Everything::API_KEY,
            Everything::VERSIONS,
            Everything::FLEXIBLE
        ),
        (1000, VersionRange::new(0, 3), VersionRange::from_lowest(2))
    );

    // Declared order, without the unknown-tags holder; Kafka's type names.
    let types: Vec<(&str, String)> = s
        .fields
        .iter()
        .map(|f| (f.name, f.kafka_type.to_string()))
        .collect();
    let expected = [
        ("flag", "bool"),
        ("tiny", "int8"),
        ("short", "int16"),
        ("port", "uint16"),
        ("int", "int32"),
        ("uint", "uint32"),
        ("long", "int64"),
        ("float", "float64"),
        ("name", "string"),
        ("owned", "string"),
        ("blob", "bytes"),
        ("id", "uuid"),
        ("records", "records"),
        ("ints", "[]int32"),
        ("strs", "[]string"),
        ("items", "[]Item"),
        ("nested", "Inner"),
        ("maybe_struct", "Inner"),
        ("maybe_str", "string"),
        ("maybe_bytes", "bytes"),
        ("maybe_ints", "[]int32"),
        ("maybe_records", "records"),
        ("classic_str", "string"),
        ("tagged_int", "int32"),
        ("tagged_str", "string"),
        ("tagged_inner", "Inner"),
    ];
    let expected: Vec<(&str, String)> = expected.iter().map(|(n, t)| (*n, t.to_string())).collect();
    assert_eq!(types, expected);

    let field = |name| s.field(name).unwrap();
    let range = |text: &str| text.parse::<VersionRange>().unwrap();
    assert_eq!(field("flag").doc, "A boolean.");
    assert_eq!(field("id").doc, "Dropped silently in v0.");
    assert!(field("id").ignorable);
    assert!(!field("strs").ignorable);
    assert_eq!(field("strs").versions, range("1+"));
    assert_eq!(field("maybe_ints").versions, range("1+"));
    assert_eq!(field("maybe_ints").nullable, range("2+"));
    assert_eq!(field("maybe_bytes").nullable, range("0+"));
    assert_eq!(field("flag").nullable, VersionRange::NONE);
    assert_eq!(field("classic_str").flexible, Some(VersionRange::NONE));
    assert_eq!(field("name").flexible, None);

    let tags: Vec<(&str, Option<u32>, VersionRange)> = s
        .fields
        .iter()
        .filter(|f| f.tag.is_some())
        .map(|f| (f.name, f.tag, f.tagged))
        .collect();
    assert_eq!(
        tags,
        [
            ("tagged_int", Some(0), range("3+")),
            ("tagged_str", Some(2), range("3+")),
            ("tagged_inner", Some(5), range("3+")),
        ]
    );

    let defaults: Vec<(&str, &str)> = s
        .fields
        .iter()
        .filter_map(|f| Some((f.name, f.default?)))
        .collect();
    assert_eq!(
        defaults,
        [
            ("tiny", "-1"),
            ("int", "60000"),
            ("float", "0.5"),
            ("name", "hello"),
            ("maybe_struct", "null"),
            ("maybe_bytes", "null"),
            ("maybe_records", "null"),
            ("tagged_str", "x"),
        ]
    );

    // Nested structs are reachable through the types.
    let KafkaType::Array(KafkaType::Struct(item)) = field("items").kafka_type else {
        panic!("items is an array of structs");
    };
    assert_eq!(item.name, "Item");
    assert_eq!(item.doc, "An element of `Everything.items`.");
    assert_eq!(
        item.field("inner").unwrap().kafka_type.to_string(),
        "[]Inner"
    );
    assert_eq!(item.field("note").unwrap().tag, Some(1));
    assert_eq!(Inner::SCHEMA.field("weight").unwrap().default, Some("7"));
    assert_eq!(Inner::SCHEMA.fields.len(), 3);

    assert_eq!(
        schema::validate(&s, Everything::VERSIONS, Everything::FLEXIBLE),
        []
    );
}

#[test]
fn validate_catches_nested_tags_outside_flexible_versions() {
    let issues = schema::validate(
        &Late::SCHEMA,
        VersionRange::new(2, 7),
        VersionRange::from_lowest(5),
    );
    let text: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    assert_eq!(
        text,
        [
            "OldPart.early_tag: tagged versions 3+ include versions outside the flexible \
          versions 5+"
        ]
    );
    assert_eq!(issues[0].field, "OldPart.early_tag");
}

#[test]
fn dead_fields_lists_fields_the_message_never_carries() {
    // Kept as Kafka keeps the fields of removed versions: allowed, and listed.
    assert_eq!(
        schema::dead_fields(&Late::SCHEMA, VersionRange::new(2, 7)),
        ["OldPart.removed"]
    );
}
