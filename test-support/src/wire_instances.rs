//! Random legal instances of a schema: value trees of the runtime's
//! interpreted codec ([`kafka_wire::dynamic`]), drawn from the schema alone
//! and written by that codec, independent of the derived code under test, so
//! that a test can decode them with it (and with Kafka's Java classes, or a
//! wire page) and compare.
//!
//! Every field present at the version has a value, null now and then where
//! nullable, some of the tagged fields are set, and now and then an unknown
//! tag above the declared ones. What the values look like is a [`Style`]:
//! the tests of the messages want text of every width and records as opaque
//! bytes; the wire pages want ASCII names and real record batches.

use bytes::Bytes;
use kafka_wire::dynamic::{DynamicMessage, Element, StructValue, Value};
use kafka_wire::schema::{FieldSchema, KafkaType, MessageSchema, StructSchema};
use kafka_wire::{Records, Str, Uuid, VersionRange};

use crate::Rng;

/// What random values look like.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// One nullable field in this many is null.
    pub null_one_in: u64,
    /// Arrays hold fewer elements than this (none below the fourth level).
    pub elements_below: u64,
    /// Byte fields hold fewer bytes than this.
    pub bytes_below: u64,
    /// An unknown tag is this many tags or fewer above the highest declared.
    pub unknown_tags_within: u64,
    /// A string's text.
    pub text: fn(&mut Rng) -> String,
    /// A records field's bytes (without its length prefix).
    pub records: fn(&mut Rng) -> Vec<u8>,
}

impl Style {
    /// Text of one- to four-byte characters, records as any short bytes.
    pub const ANY_TEXT: Style = Style {
        null_one_in: 6,
        elements_below: 4,
        bytes_below: 9,
        unknown_tags_within: 300,
        text: any_text,
        records: |rng| short_bytes(rng, 9),
    };
}

/// Up to seven pieces of one to four bytes each, a space among them.
pub fn any_text(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &["a", "z", "0", "-", ".", "_", "é", "語", "🦀", " "];
    (0..rng.below(8))
        .map(|_| PIECES[rng.below(PIECES.len() as u64) as usize])
        .collect()
}

/// Fewer than `below` random bytes.
pub fn short_bytes(rng: &mut Rng, below: u64) -> Vec<u8> {
    (0..rng.below(below))
        .map(|_| rng.next_u64() as u8)
        .collect()
}

/// `count` random wire forms of `schema` at `version`, from a stream of
/// their own for `name` and `version` (the same on every run).
pub fn random_instances(
    name: &str,
    schema: &'static StructSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    count: usize,
) -> Vec<Vec<u8>> {
    let mut rng = stream_of(name, version);
    (0..count)
        .map(|_| {
            let mut wire = Vec::new();
            random_struct(&mut rng, schema, version, flexible, style, &mut wire, 0);
            wire
        })
        .collect()
}

/// The stream of `name` at `version`: its name's FNV-1a hash, the version
/// in its top bits.
pub fn stream_of(name: &str, version: i16) -> Rng {
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    Rng::new(seed ^ (u64::from(version as u16) << 48))
}

/// Appends random wire bytes of `schema` at `version` to `out`, in the
/// flexible form when `flexible`. `depth` is how deep the struct is nested
/// (0 for a message's body): arrays from the fourth level on are empty.
pub fn random_struct(
    rng: &mut Rng,
    schema: &'static StructSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let at = VersionRange::exactly(version);
    let message = DynamicMessage {
        schema: MessageSchema {
            body: schema,
            versions: at,
            flexible: if flexible { at } else { VersionRange::NONE },
            api_key: None,
        },
        version,
        body: random_value_struct(rng, schema, version, flexible, style, depth),
    };
    let wire = message
        .encode_to_vec()
        .unwrap_or_else(|e| panic!("a random {} does not encode: {e}", schema.name));
    out.extend_from_slice(&wire);
}

/// A random tree of `schema` at `version`: every field present at the
/// version set, tagged ones half the time, and in a flexible version now
/// and then an unknown tag above the declared ones.
pub fn random_value_struct(
    rng: &mut Rng,
    schema: &'static StructSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    depth: u32,
) -> StructValue {
    let mut value = StructValue::new(schema);
    for f in schema
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
    {
        let field = random_field(rng, f, version, flexible, style, depth);
        if !f.tagged.contains(version) || rng.one_in(2) {
            value
                .set(f.name, field)
                .expect("a value of the field's type");
        }
    }
    if flexible && rng.one_in(4) {
        let above = schema
            .fields
            .iter()
            .filter_map(|f| f.tag)
            .max()
            .map_or(0, |t| t + 1);
        let tag = above + rng.below(style.unknown_tags_within) as u32;
        value.set_unknown_tag(tag, Bytes::from(short_bytes(rng, 4)));
    }
    value
}

fn random_field(
    rng: &mut Rng,
    f: &'static FieldSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    depth: u32,
) -> Value {
    if f.nullable.contains(version) && rng.one_in(style.null_one_in) {
        return Value::Null;
    }
    random_value(rng, &f.kafka_type, version, flexible, style, depth)
}

fn random_value(
    rng: &mut Rng,
    t: &'static KafkaType,
    version: i16,
    flexible: bool,
    style: &Style,
    depth: u32,
) -> Value {
    match t {
        KafkaType::Bool => Value::Bool(rng.below(2) == 1),
        KafkaType::Int8 => Value::Int8(rng.next_u64() as i8),
        KafkaType::Int16 => Value::Int16(rng.next_u64() as i16),
        KafkaType::Uint16 => Value::Uint16(rng.next_u64() as u16),
        KafkaType::Int32 => Value::Int32(rng.next_u64() as i32),
        KafkaType::Uint32 => Value::Uint32(rng.next_u64() as u32),
        KafkaType::Int64 => Value::Int64(rng.next_u64() as i64),
        // A finite value: a NaN is not equal to itself after a round trip.
        KafkaType::Float64 => Value::Float64((rng.next_u64() >> 11) as f64 / 7.0 - 1e15),
        KafkaType::Uuid => Value::Uuid(Uuid::from_u64_pair(rng.next_u64(), rng.next_u64())),
        KafkaType::String => Value::String(Str::from((style.text)(rng))),
        KafkaType::Bytes => Value::Bytes(Bytes::from(short_bytes(rng, style.bytes_below))),
        KafkaType::Records => Value::Records(Records(Bytes::from((style.records)(rng)))),
        KafkaType::Array(inner) => {
            let n = if depth > 3 {
                0
            } else {
                rng.below(style.elements_below) as usize
            };
            let elements = (0..n)
                .map(|_| {
                    let value = random_value(rng, inner, version, flexible, style, depth + 1);
                    Element::new(value)
                })
                .collect();
            Value::Array(elements)
        }
        KafkaType::Struct(s) => Value::Struct(random_value_struct(
            rng,
            s,
            version,
            flexible,
            style,
            depth + 1,
        )),
    }
}
