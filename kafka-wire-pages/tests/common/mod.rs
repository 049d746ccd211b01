//! What the tests share: every compiled message at every version, and random
//! legal instances written from a schema (independently of the crate's own
//! sample writer).

#![allow(dead_code)]

use kafka_messages::{ApiKey, RequestKind, ResponseKind};
use kafka_wire::codec::{self, LengthForm};
use kafka_wire::schema::{KafkaType, StructSchema};
use kafka_wire::{RequestHeader, ResponseHeader, Str, Versioned};
use kafka_wire_pages::{empty_record_batch, Direction, MessageSpec};

/// Every compiled API, direction and version.
pub fn every_message() -> Vec<(ApiKey, MessageSpec, i16)> {
    let mut out = Vec::new();
    for &api in ApiKey::ALL {
        for direction in [Direction::Request, Direction::Response] {
            let Some(spec) = MessageSpec::kafka(api, direction) else {
                continue;
            };
            let range = api.valid_versions();
            for v in range.lowest().unwrap()..=range.highest().unwrap() {
                out.push((api, spec, v));
            }
        }
    }
    out
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, in_n: u64) -> bool {
        self.below(in_n) == 0
    }
}

/// A random legal frame of `spec` at `version`: random numbers, short ASCII
/// strings, nulls where nullable, 0-2 elements per array, tagged fields
/// present or not, now and then an unknown tag, records empty, one batch or
/// arbitrary bytes (the codec takes records as opaque bytes).
pub fn random_frame(spec: MessageSpec, version: i16, rng: &mut Rng) -> Vec<u8> {
    let hv = spec.header_version(version);
    let mut out = vec![0; 4];
    let client: Option<Str> = if rng.chance(3) {
        None
    } else {
        Some("client-1".into())
    };
    match spec.direction {
        Direction::Request => RequestHeader::new(spec.api_key, version, rng.next() as i32, client)
            .encode(&mut out, hv)
            .unwrap(),
        Direction::Response => ResponseHeader::new(rng.next() as i32)
            .encode(&mut out, hv)
            .unwrap(),
    };
    let flexible = spec.flexible.contains(version);
    random_struct(&mut out, spec.schema, version, flexible, rng, 0);
    let size = (out.len() - 4) as i32;
    out[..4].copy_from_slice(&size.to_be_bytes());
    out
}

fn random_struct(
    out: &mut Vec<u8>,
    schema: &StructSchema,
    version: i16,
    flexible: bool,
    rng: &mut Rng,
    depth: usize,
) {
    for f in schema.fields {
        if f.versions.contains(version) && !f.tagged.contains(version) {
            let flexible = flexible && f.flexible.is_none_or(|r| r.contains(version));
            random_field(
                out,
                &f.kafka_type,
                f.nullable.contains(version),
                version,
                flexible,
                rng,
                depth,
            );
        }
    }
    if !flexible {
        return;
    }
    let mut tagged: Vec<_> = schema
        .fields
        .iter()
        .filter(|f| f.tagged.contains(version) && rng.chance(2))
        .collect();
    tagged.sort_by_key(|f| f.tag);
    let highest = schema
        .fields
        .iter()
        .filter_map(|f| f.tag)
        .max()
        .unwrap_or(0);
    let unknown = rng.chance(4).then(|| highest + 1 + rng.below(3) as u32);
    codec::put_uvarint(out, (tagged.len() + usize::from(unknown.is_some())) as u32);
    for f in tagged {
        let mut value = Vec::new();
        random_field(
            &mut value,
            &f.kafka_type,
            f.nullable.contains(version),
            version,
            flexible,
            rng,
            depth,
        );
        codec::put_uvarint(out, f.tag.unwrap());
        codec::put_uvarint(out, value.len() as u32);
        out.extend_from_slice(&value);
    }
    if let Some(tag) = unknown {
        let n = rng.below(4) as usize;
        codec::put_uvarint(out, tag);
        codec::put_uvarint(out, n as u32);
        out.extend((0..n).map(|_| rng.next() as u8));
    }
}

fn random_field(
    out: &mut Vec<u8>,
    ty: &KafkaType,
    nullable: bool,
    version: i16,
    flexible: bool,
    rng: &mut Rng,
    depth: usize,
) {
    let null = nullable && rng.chance(4);
    let put = |out: &mut Vec<u8>, n: usize, rng: &mut Rng| {
        for _ in 0..n {
            out.push(rng.next() as u8);
        }
    };
    match ty {
        KafkaType::Bool | KafkaType::Int8 => put(out, 1, rng),
        KafkaType::Int16 | KafkaType::Uint16 => put(out, 2, rng),
        KafkaType::Int32 | KafkaType::Uint32 => put(out, 4, rng),
        KafkaType::Int64 | KafkaType::Float64 => put(out, 8, rng),
        KafkaType::Uuid => put(out, 16, rng),
        KafkaType::String => {
            if null {
                codec::put_length(out, None, LengthForm::string(flexible));
            } else {
                let s: String = (0..rng.below(6))
                    .map(|_| (b'a' + rng.below(26) as u8) as char)
                    .collect();
                codec::put_str(out, &s, flexible).unwrap();
            }
        }
        KafkaType::Bytes => {
            if null {
                codec::put_length(out, None, LengthForm::array(flexible));
            } else {
                let b: Vec<u8> = (0..rng.below(5)).map(|_| rng.next() as u8).collect();
                codec::put_bytes(out, &b, flexible).unwrap();
            }
        }
        KafkaType::Records => {
            let form = LengthForm::array(flexible);
            match (null, rng.below(3)) {
                (true, _) => codec::put_length(out, None, form),
                (false, 0) => codec::put_length(out, Some(0), form),
                (false, 1) => {
                    let batch = empty_record_batch();
                    codec::put_length(out, Some(batch.len()), form);
                    out.extend_from_slice(&batch);
                }
                (false, _) => {
                    let b: Vec<u8> = (0..rng.below(20)).map(|_| rng.next() as u8).collect();
                    codec::put_bytes(out, &b, flexible).unwrap();
                }
            }
        }
        KafkaType::Array(inner) => {
            if null {
                codec::put_length(out, None, LengthForm::array(flexible));
                return;
            }
            let n = if depth > 3 { 0 } else { rng.below(3) as usize };
            codec::put_length(out, Some(n), LengthForm::array(flexible));
            for _ in 0..n {
                random_field(out, inner, false, version, flexible, rng, depth + 1);
            }
        }
        KafkaType::Struct(schema) => {
            if nullable {
                if null {
                    out.push(0xff);
                    return;
                }
                out.push(1);
            }
            random_struct(out, schema, version, flexible, rng, depth + 1);
        }
    }
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
