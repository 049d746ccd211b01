//! The sample instance of a message, as the seed pages show it: the
//! interpreted codec's [`DynamicMessage::sample`], encoded by it, so it exists
//! for every message and version.
//!
//! Numbers are zero, bools false, UUIDs zero, strings and byte arrays empty and
//! not null (nullable ones too), every array holds one element, nested structs
//! are filled the same way (a nullable struct is present), tagged fields are
//! absent, and a records field holds one empty 61-byte RecordBatch v2. This is
//! not `Default`: a field's `default` (CreateTopics' `timeoutMs` = 60000) does
//! not apply.

use kafka_wire::dynamic::{DynamicMessage, Value};
use kafka_wire::schema::{MessageSchema, StructSchema};
use kafka_wire::{RequestHeader, ResponseHeader, VersionRange};

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
///
/// # Panics
///
/// When the sample does not encode, which only a schema that breaks the
/// rules [`kafka_wire::schema::validate`] checks can make happen (a derived
/// schema is checked when it is compiled).
pub fn sample_body(schema: &'static StructSchema, version: i16, flexible: bool) -> Vec<u8> {
    let at = VersionRange::exactly(version);
    let schema = MessageSchema {
        body: schema,
        versions: at,
        flexible: if flexible { at } else { VersionRange::NONE },
        api_key: None,
    };
    DynamicMessage::sample(schema, version)
        .encode_to_vec()
        .unwrap_or_else(|e| panic!("the sample of {} does not encode: {e}", schema.body.name))
}

/// The sample frame of `spec` at `version`: size prefix, the sample header
/// (correlation id 0; a request's client id `""`, its API key and version
/// `spec`'s), then the sample body.
pub fn sample_frame(spec: MessageSpec, version: i16) -> Result<Vec<u8>, PageError> {
    if !spec.versions.contains(version) {
        return Err(PageError::UnsupportedVersion {
            message: spec.schema.json_name,
            version,
            supported: spec.versions,
        });
    }
    let hv = spec.header_version(version);
    let header = match spec.direction {
        Direction::Request => {
            let mut header = DynamicMessage::sample(MessageSchema::of::<RequestHeader>(), hv);
            let set = [
                ("RequestApiKey", Value::Int16(spec.api_key)),
                ("RequestApiVersion", Value::Int16(version)),
            ];
            for (name, value) in set {
                header
                    .body
                    .set(name, value)
                    .expect("a request header's key and version are int16s");
            }
            header
        }
        Direction::Response => DynamicMessage::sample(MessageSchema::of::<ResponseHeader>(), hv),
    };
    let mut out = vec![0; 4];
    for part in [
        header,
        DynamicMessage::sample(spec.message_schema(), version),
    ] {
        out.extend_from_slice(&part.encode_to_vec().map_err(PageError::Encode)?);
    }
    let size = i32::try_from(out.len() - 4).map_err(|_| PageError::TooLarge(out.len()))?;
    out[..4].copy_from_slice(&size.to_be_bytes());
    Ok(out)
}
