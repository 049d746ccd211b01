//! The sample instance of a message, as the seed pages show it: written from
//! the schema alone, so it exists for every message and version.
//!
//! Numbers are zero, bools false, UUIDs zero, strings and byte arrays empty and
//! not null (nullable ones too), every array holds one element, nested structs
//! are filled the same way (a nullable struct is present), tagged fields are
//! absent, and a records field holds one empty 61-byte RecordBatch v2. This is
//! not `Default`: a field's `default` (CreateTopics' `timeoutMs` = 60000) does
//! not apply.

use kafka_wire::codec::{self, LengthForm};
use kafka_wire::schema::{KafkaType, StructSchema};
use kafka_wire::{RequestHeader, ResponseHeader, Str, Versioned};

use crate::batch::empty_record_batch;
use crate::layout::{Direction, MessageSpec};
use crate::PageError;

/// The sample body of `schema` at `version`, `flexible` or not.
///
/// ```
/// use kafka_messages::CreateAclsRequest;
/// use kafka_wire::KafkaStruct;
///
/// // v3: one creation (three int8s, four empty compact strings, a tag count),
/// // then the request's tag count.
/// let body = kafka_wire_pages::sample_body(&CreateAclsRequest::SCHEMA, 3, true);
/// assert_eq!(body, [2, 0, 1, 0, 1, 1, 0, 0, 0, 0]);
/// ```
pub fn sample_body(schema: &StructSchema, version: i16, flexible: bool) -> Vec<u8> {
    let mut out = Vec::new();
    write_struct(&mut out, schema, version, flexible);
    out
}

/// The sample frame of `spec` at `version`: size prefix, header (correlation
/// id 0; a request's client id `""`), then [`sample_body`].
pub fn sample_frame(spec: MessageSpec, version: i16) -> Result<Vec<u8>, PageError> {
    if !spec.versions.contains(version) {
        return Err(PageError::UnsupportedVersion {
            message: spec.schema.json_name,
            version,
            supported: spec.versions,
        });
    }
    let hv = spec.header_version(version);
    let mut out = vec![0; 4];
    match spec.direction {
        Direction::Request => {
            RequestHeader::new(spec.api_key, version, 0, Some(Str::new())).encode(&mut out, hv)
        }
        Direction::Response => ResponseHeader::new(0).encode(&mut out, hv),
    }
    .map_err(PageError::Encode)?;
    write_struct(
        &mut out,
        spec.schema,
        version,
        spec.flexible.contains(version),
    );
    let size = i32::try_from(out.len() - 4).map_err(|_| PageError::TooLarge(out.len()))?;
    out[..4].copy_from_slice(&size.to_be_bytes());
    Ok(out)
}

fn write_struct(out: &mut Vec<u8>, schema: &StructSchema, version: i16, flexible: bool) {
    for field in schema.fields {
        if field.versions.contains(version) && !field.tagged.contains(version) {
            let flexible = flexible && field.flexible.is_none_or(|r| r.contains(version));
            if matches!(field.kafka_type, KafkaType::Struct(_)) && field.nullable.contains(version)
            {
                out.push(1); // present
            }
            write_value(out, &field.kafka_type, version, flexible);
        }
    }
    if flexible {
        out.push(0); // no tagged fields
    }
}

fn write_value(out: &mut Vec<u8>, ty: &KafkaType, version: i16, flexible: bool) {
    let zeros = |out: &mut Vec<u8>, n: usize| out.resize(out.len() + n, 0);
    match ty {
        KafkaType::String => codec::put_length(out, Some(0), LengthForm::string(flexible)),
        KafkaType::Bytes => codec::put_length(out, Some(0), LengthForm::array(flexible)),
        KafkaType::Records => {
            let batch = empty_record_batch();
            codec::put_length(out, Some(batch.len()), LengthForm::array(flexible));
            out.extend_from_slice(&batch);
        }
        KafkaType::Array(inner) => {
            codec::put_length(out, Some(1), LengthForm::array(flexible));
            write_value(out, inner, version, flexible);
        }
        KafkaType::Struct(schema) => write_struct(out, schema, version, flexible),
        // Every other type has one size.
        fixed => zeros(out, fixed.fixed_size().unwrap_or(0)),
    }
}
