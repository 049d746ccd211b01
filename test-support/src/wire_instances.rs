//! Random legal wire bytes of a schema, written from the runtime's
//! description of it ([`StructSchema`]) and its codecs alone: independent of
//! the derived code under test, so that a test can decode them with it (and
//! with Kafka's Java classes, or a wire page) and compare.
//!
//! Every field present at the version is written, nulls where nullable,
//! some of the tagged fields, and now and then an unknown tag above the
//! declared ones. What the values look like is a [`Style`]: the tests of
//! the messages want text of every width and records as opaque bytes; the
//! wire pages want ASCII names and real record batches.

use bytes::BufMut;
use kafka_wire::codec::{put_length, put_uvarint, LengthForm};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};

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
    schema: &StructSchema,
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
    schema: &StructSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let mut tagged: Vec<(u32, Vec<u8>)> = Vec::new();
    for f in schema
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
    {
        let mut value = Vec::new();
        write_field(rng, f, version, flexible, style, &mut value, depth);
        if f.tagged.contains(version) {
            if rng.one_in(2) {
                tagged.push((f.tag.expect("tagged fields have a tag"), value));
            }
        } else {
            out.extend_from_slice(&value);
        }
    }
    if !flexible {
        return;
    }
    tagged.sort_by_key(|&(tag, _)| tag);
    if rng.one_in(4) {
        let above = schema
            .fields
            .iter()
            .filter_map(|f| f.tag)
            .max()
            .map_or(0, |t| t + 1);
        let tag = above + rng.below(style.unknown_tags_within) as u32;
        tagged.push((tag, short_bytes(rng, 4)));
    }
    put_uvarint(out, tagged.len() as u32);
    for (tag, value) in tagged {
        put_uvarint(out, tag);
        put_uvarint(out, value.len() as u32);
        out.extend_from_slice(&value);
    }
}

fn write_field(
    rng: &mut Rng,
    f: &FieldSchema,
    version: i16,
    flexible: bool,
    style: &Style,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let flexible = flexible && f.flexible.is_none_or(|r| r.contains(version));
    let nullable = f.nullable.contains(version);
    if nullable && rng.one_in(style.null_one_in) {
        let classic = match f.kafka_type {
            KafkaType::String => LengthForm::Int16,
            KafkaType::Struct(_) => {
                out.put_i8(-1);
                return;
            }
            _ => LengthForm::Int32,
        };
        put_length(out, None, length_form(flexible, classic));
        return;
    }
    if nullable && matches!(f.kafka_type, KafkaType::Struct(_)) {
        out.put_i8(1);
    }
    write_value(rng, &f.kafka_type, version, flexible, style, out, depth);
}

fn length_form(flexible: bool, classic: LengthForm) -> LengthForm {
    if flexible {
        LengthForm::Compact
    } else {
        classic
    }
}

fn write_value(
    rng: &mut Rng,
    t: &KafkaType,
    version: i16,
    flexible: bool,
    style: &Style,
    out: &mut Vec<u8>,
    depth: u32,
) {
    let with_length = |out: &mut Vec<u8>, bytes: &[u8], classic| {
        put_length(out, Some(bytes.len()), length_form(flexible, classic));
        out.extend_from_slice(bytes);
    };
    match t {
        KafkaType::Bool => out.put_u8(rng.below(2) as u8),
        KafkaType::Int8 => out.put_u8(rng.next_u64() as u8),
        KafkaType::Int16 | KafkaType::Uint16 => out.put_u16(rng.next_u64() as u16),
        KafkaType::Int32 | KafkaType::Uint32 => out.put_u32(rng.next_u64() as u32),
        KafkaType::Int64 => out.put_u64(rng.next_u64()),
        // A finite value: a NaN is not equal to itself after a round trip.
        KafkaType::Float64 => out.put_f64((rng.next_u64() >> 11) as f64 / 7.0 - 1e15),
        KafkaType::Uuid => {
            out.put_u128(u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
        }
        KafkaType::String => with_length(out, (style.text)(rng).as_bytes(), LengthForm::Int16),
        KafkaType::Bytes => {
            with_length(out, &short_bytes(rng, style.bytes_below), LengthForm::Int32)
        }
        KafkaType::Records => with_length(out, &(style.records)(rng), LengthForm::Int32),
        KafkaType::Array(inner) => {
            let n = if depth > 3 {
                0
            } else {
                rng.below(style.elements_below) as usize
            };
            put_length(out, Some(n), length_form(flexible, LengthForm::Int32));
            for _ in 0..n {
                write_value(rng, inner, version, flexible, style, out, depth + 1);
            }
        }
        KafkaType::Struct(s) => random_struct(rng, s, version, flexible, style, out, depth + 1),
    }
}
