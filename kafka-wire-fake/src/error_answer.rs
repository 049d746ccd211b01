//! An answer to any request that carries one error code, built from the
//! request's own shape by the interpreted codec (`kafka_wire::dynamic`):
//! the response schema of the request's API at its version, every error
//! code field (`ErrorCode`, `PartitionErrorCode`, ...) set to the code,
//! every array holding one element per element of the request's matching
//! array (topics, partitions, groups, ...), with the request's names,
//! indexes and ids copied in, offsets, times and leader epochs -1 (as
//! Kafka's error answers write them), and every other field at its
//! default. It is
//! what `Cluster::inject` answers with for `Fault::Error`.
//!
//! No layer below has this rule (Kafka's Java classes write one
//! `getErrorResponse` per request): it lives here until another tool needs
//! it, when `kafka-messages` is its home.

use bytes::{Bytes, BytesMut};
use kafka_messages::dynamic::DynamicFrame;
use kafka_messages::ResponseKind;
use kafka_wire::dynamic::{default_value, DynamicMessage, Element, StructValue, Value};
use kafka_wire::schema::{KafkaType, StructSchema};
use kafka_wire::ErrorCode;

/// Field names Kafka's schemas give a partition's index, and a topic's
/// name, in requests and responses: a response field of one of them takes
/// the request's field of another.
const PARTITION_NAMES: &[&str] = &["PartitionIndex", "Partition", "Index", "PartitionId"];
const TOPIC_NAMES: &[&str] = &["Name", "Topic", "TopicName"];

/// The answer to the request `frame` (its header and body, no size)
/// carrying `code` everywhere it can; `Err` says why the request or the
/// answer would not read or write.
pub(crate) fn error_answer(frame: Bytes, code: ErrorCode) -> Result<ResponseKind, String> {
    let request = DynamicFrame::decode_request(frame).map_err(|e| e.to_string())?;
    let version = request.body.version;
    let schema = request
        .api_key
        .response_message_schema()
        .ok_or_else(|| format!("no response schema for {}", request.api_key.name()))?;
    let body = mirror(schema.body, Some(&request.body.body), version, code);
    let answer = DynamicMessage {
        schema,
        version,
        body,
    };
    let mut bytes = BytesMut::new();
    answer.encode(&mut bytes).map_err(|e| e.to_string())?;
    ResponseKind::decode(request.api_key.key(), version, &mut bytes.freeze())
        .map_err(|e| e.to_string())
}

/// The other names a field of the request may go by for `name` in the
/// answer (none but its own for most fields).
fn aliases(name: &str) -> &'static [&'static str] {
    if PARTITION_NAMES.contains(&name) {
        PARTITION_NAMES
    } else if TOPIC_NAMES.contains(&name) {
        TOPIC_NAMES
    } else {
        &[]
    }
}

/// The request's value of the field an answer's field `name` mirrors.
fn source<'r>(request: Option<&'r StructValue>, name: &'static str) -> Option<&'r Value> {
    let request = request?;
    if let Some(v) = request.get(name) {
        return Some(v);
    }
    aliases(name).iter().find_map(|n| request.get(n))
}

/// What Kafka's error answers put in an offset, a time or a leader epoch
/// they do not know (`-1`: `INVALID_OFFSET`, `NO_TIMESTAMP`,
/// `NO_PARTITION_LEADER_EPOCH`), for a field whose schema gives no default.
fn unknown(name: &str, ty: &KafkaType, has_default: bool) -> Option<Value> {
    if has_default {
        return None;
    }
    let time = ["Offset", "Watermark", "TimeMs", "Timestamp"];
    match ty {
        KafkaType::Int64 if time.iter().any(|s| name.ends_with(s)) => Some(Value::Int64(-1)),
        KafkaType::Int32 if name.ends_with("LeaderEpoch") => Some(Value::Int32(-1)),
        _ => None,
    }
}

/// A struct of `schema` at `version` mirroring `request` (when there is
/// one): error codes `code`, arrays matched to the request's, the
/// request's fields of the same name and type copied.
fn mirror(
    schema: &'static StructSchema,
    request: Option<&StructValue>,
    version: i16,
    code: ErrorCode,
) -> StructValue {
    let mut out = StructValue::new(schema);
    for field in schema
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
    {
        let name = field.json_name;
        let value = match &field.kafka_type {
            _ if field.is_error_code() => Some(Value::Int16(code.code())),
            KafkaType::Array(inner) => {
                let elements = matching_array(request, name, inner, version)
                    .map(|elements| {
                        elements
                            .iter()
                            .filter_map(|e| element(inner, &e.value, version, code))
                            .map(Element::new)
                            .collect()
                    })
                    .unwrap_or_default();
                Some(Value::Array(elements))
            }
            KafkaType::Struct(nested) => {
                let from = source(request, name).and_then(Value::as_struct);
                // A struct that may be null and is by default (a KIP-848
                // member's assignment, a next cursor) stays null unless the
                // request has it, as Kafka's `getErrorResponse` leaves it.
                let null_by_default =
                    field.nullable.contains(version) && default_value(field).is_null();
                match from {
                    None if null_by_default => None,
                    from => Some(Value::Struct(mirror(nested, from, version, code))),
                }
            }
            ty => source(request, name)
                .filter(|v| !v.is_null() && v.fits(ty))
                .cloned()
                .or_else(|| unknown(name, ty, field.default.is_some())),
        };
        if let Some(value) = value {
            // A value that does not fit is left at the field's default.
            let _ = out.set(name, value);
        }
    }
    out
}

/// One element of an answer's array of `inner` for the request's element
/// `value`: a struct mirroring the request's struct, or one keyed by the
/// request's scalar (a partition index, a topic name).
fn element(inner: &KafkaType, value: &Value, version: i16, code: ErrorCode) -> Option<Value> {
    match (inner, value) {
        (KafkaType::Struct(s), Value::Struct(from)) => {
            Some(Value::Struct(mirror(s, Some(from), version, code)))
        }
        (KafkaType::Struct(s), scalar) => {
            let mut out = mirror(s, None, version, code);
            let key = s
                .fields
                .iter()
                .filter(|f| f.versions.contains(version) && scalar.fits(&f.kafka_type))
                .min_by_key(|f| !f.map_key)?;
            out.set(key.json_name, scalar.clone()).ok()?;
            Some(Value::Struct(out))
        }
        (ty, scalar) if scalar.fits(ty) => Some(scalar.clone()),
        _ => None,
    }
}

/// The request's array an answer's array field `name` (of `inner`
/// elements) mirrors: the one of the same name, else the one whose
/// elements share the most field names with the answer's (so a Produce's
/// `TopicData` answers as `Responses`, and no request array is mirrored
/// into an answer's list of nodes).
fn matching_array<'r>(
    request: Option<&'r StructValue>,
    name: &'static str,
    inner: &KafkaType,
    version: i16,
) -> Option<&'r [Element]> {
    let request = request?;
    if let Some(same) = request.get(name).and_then(Value::as_array) {
        return Some(same);
    }
    let KafkaType::Struct(answer) = inner else {
        return None;
    };
    let answer_names: Vec<&str> = answer
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
        .map(|f| f.json_name)
        .collect();
    let shared = |candidate: &KafkaType| -> usize {
        match candidate {
            KafkaType::Struct(s) => s
                .fields
                .iter()
                .filter(|f| f.versions.contains(version))
                .filter(|f| {
                    answer_names
                        .iter()
                        .any(|n| *n == f.json_name || aliases(n).contains(&f.json_name))
                })
                .count(),
            // An array of scalars (partition indexes, names) answers as
            // structs keyed by them.
            scalar => usize::from(answer.fields.iter().any(|f| {
                f.map_key && f.versions.contains(version) && Value::zero(scalar).fits(&f.kafka_type)
            })),
        }
    };
    let candidates: Vec<(usize, &str)> = request
        .schema()
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
        .filter_map(|f| match &f.kafka_type {
            KafkaType::Array(candidate) => Some((shared(candidate), f.json_name)),
            _ => None,
        })
        .collect();
    // The first of equals (`max_by_key` keeps the last): Fetch's `Topics`,
    // not its `ForgottenTopicsData` of the same shape.
    let best = candidates
        .iter()
        .rev()
        .filter(|(score, _)| *score > 0)
        .max_by_key(|(score, _)| *score)
        .or_else(|| {
            // Results that name nothing but carry an error (CreateAcls'
            // `Results` for its `Creations`) answer the request's first
            // array, element for element.
            let carries_error = answer
                .fields
                .iter()
                .any(|f| f.versions.contains(version) && f.is_error_code());
            candidates.first().filter(|_| carries_error)
        })?;
    request.get(best.1).and_then(Value::as_array)
}
