//! Kafka's JSON form of whole exchanges: a request and its response as the
//! broker's request log prints them (`RequestConvertToJson.requestDesc` and
//! `requestDescMetrics`, KIP-673), and frames encoded back from such a
//! document. The messages inside are [`kafka_wire::json`]'s form.
//!
//! ```
//! use bytes::{Bytes, BytesMut};
//! use kafka_messages::dynamic::FrameView;
//! use kafka_messages::json::{frame_from_json, RequestLog};
//! use kafka_messages::{CreatableTopic, CreateTopicsRequest};
//! use kafka_wire::{frame, RequestHeader};
//!
//! let request = CreateTopicsRequest {
//!     topics: vec![CreatableTopic { name: "orders".into(), num_partitions: 3, ..Default::default() }],
//!     timeout_ms: 500,
//!     ..Default::default()
//! };
//! let mut wire = BytesMut::new();
//! frame::encode_request(&mut wire, &RequestHeader::new(19, 7, 42, Some("cli".into())), &request)?;
//! let frame = wire.freeze().slice(4..);
//!
//! let view = FrameView::decode_request(frame.clone())?;
//! let line = RequestLog::new(&view).to_string();
//! assert_eq!(
//!     line,
//!     r#"{"isForwarded":false,"requestHeader":{"requestApiKey":19,"requestApiVersion":7,"correlationId":42,"clientId":"cli","requestApiKeyName":"CREATE_TOPICS"},"request":{"topics":[{"name":"orders","numPartitions":3,"replicationFactor":0,"assignments":[],"configs":[]}],"timeoutMs":500,"validateOnly":false}}"#
//! );
//!
//! // And back to the frame's bytes.
//! let document: serde_json::Value = serde_json::from_str(&line)?;
//! assert_eq!(frame_from_json(&document)?, frame);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use bytes::{BufMut, Bytes, BytesMut};
use kafka_wire::dynamic::DynamicMessage;
use kafka_wire::json::{text, JsonError, JsonErrorKind, RecordsAs};
use kafka_wire::schema::MessageSchema;
use kafka_wire::{RequestHeader, ResponseHeader};
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::dynamic::FrameView;
use crate::{ApiKey, RequestKind, ResponseKind};

/// The form the broker's request log writes `api`'s records in: their size
/// for Produce requests and Fetch responses, and Java's default (an empty
/// string) everywhere else.
pub fn request_log_records(api: ApiKey, response: bool) -> RecordsAs {
    match (api, response) {
        (ApiKey::Produce, false) | (ApiKey::Fetch, true) => RecordsAs::SizeInBytes,
        _ => RecordsAs::Empty,
    }
}

/// What the broker measured of a request, as `requestDescMetrics` prints
/// it: the caller supplies each (a proxy or a capture reader has its own
/// timings; a field it does not have stays at its default).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestMetrics {
    /// The connection's id (`127.0.0.1:9092-127.0.0.1:51234-0`).
    pub connection: String,
    /// From the request's arrival to its response's send, in milliseconds.
    pub total_time_ms: f64,
    /// Time in the request queue.
    pub request_queue_time_ms: f64,
    /// Time the API spent on the request locally.
    pub local_time_ms: f64,
    /// Time waiting on others (replicas, a purgatory).
    pub remote_time_ms: f64,
    /// Time throttled.
    pub throttle_time_ms: i64,
    /// Time in the response queue.
    pub response_queue_time_ms: f64,
    /// Time sending the response.
    pub send_time_ms: f64,
    /// `PLAINTEXT`, `SSL`, `SASL_PLAINTEXT`, `SASL_SSL`.
    pub security_protocol: String,
    /// The client's principal (`User:ANONYMOUS`).
    pub principal: String,
    /// The listener's name.
    pub listener: String,
    /// The client software's name, as ApiVersions told it.
    pub client_software_name: String,
    /// The client software's version.
    pub client_software_version: String,
    /// Memory held for the request, in bytes (printed when above 0).
    pub temporary_memory_bytes: i64,
    /// Time converting message formats (printed when above 0).
    pub message_conversions_time_ms: f64,
}

/// A request, and once it completed its response and metrics, as one line
/// of the broker's request log.
///
/// Without [`completed`](RequestLog::completed) it is `requestDesc`:
/// `isForwarded`, `requestHeader` (the header with `requestApiKeyName`
/// after its fields) and `request`. With it, `requestDescMetrics`: those,
/// then `response` (null when there is none, as for Produce with acks 0)
/// and the metrics. Records are written as the request log writes them
/// ([`request_log_records`]) unless [`records`](RequestLog::records) says.
/// Print it (compact, as Jackson prints) or serialize it.
///
/// It prints the messages as their bytes hold them. The broker prints its
/// request and response objects, which in one case hold other than the
/// bytes they read: from version 7, a `JoinGroupResponse` with an empty
/// `protocolName` holds null (what brokers send there). The Java
/// differential checks every API against `RequestConvertToJson` itself.
#[derive(Debug, Clone, Copy)]
pub struct RequestLog<'a> {
    request: &'a FrameView,
    is_forwarded: bool,
    completed: Option<(Option<&'a FrameView>, &'a RequestMetrics)>,
    records: Option<RecordsAs>,
}

impl<'a> RequestLog<'a> {
    /// The entry of a request.
    pub fn new(request: &'a FrameView) -> Self {
        RequestLog {
            request,
            is_forwarded: false,
            completed: None,
            records: None,
        }
    }

    /// Whether the request came in an Envelope from a controller.
    pub fn forwarded(mut self, is_forwarded: bool) -> Self {
        self.is_forwarded = is_forwarded;
        self
    }

    /// The request completed with `response` (none for Produce with acks
    /// 0) and `metrics`.
    pub fn completed(
        mut self,
        response: Option<&'a FrameView>,
        metrics: &'a RequestMetrics,
    ) -> Self {
        self.completed = Some((response, metrics));
        self
    }

    /// Writes every records field as `records` says instead.
    pub fn records(mut self, records: RecordsAs) -> Self {
        self.records = Some(records);
        self
    }
}

impl RequestLog<'_> {
    /// Appends the line to `out`, compact, as Jackson prints it (no
    /// newline). Each message is written by the writer the derive generates
    /// for its type (`RequestKind::write_json`, the interpreted writer's
    /// text byte for byte) from the message its bytes decode to, or, where
    /// they do not decode to one, by the interpreted writer from the bytes;
    /// numbers by `kafka_wire::json::text` (a metric in milliseconds as
    /// Java's `Double.toString`, as the broker's log prints it). One buffer,
    /// no tree.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        let api = self.request.api_key;
        let records = |response| self.records.unwrap_or(request_log_records(api, response));
        out.extend_from_slice(match self.is_forwarded {
            true => b"{\"isForwarded\":true,\"requestHeader\":",
            false => b"{\"isForwarded\":false,\"requestHeader\":",
        });
        let name = java_name(api.name());
        self.request
            .header
            .to_json()
            .with_entry("requestApiKeyName", &name)
            .write_to(out);
        out.extend_from_slice(b",\"request\":");
        write_body(out, self.request, false, records(false));
        if let Some((response, metrics)) = self.completed {
            out.extend_from_slice(b",\"response\":");
            match response {
                Some(response) => write_body(out, response, true, records(true)),
                None => out.extend_from_slice(b"null"),
            }
            write_metrics(out, metrics);
        }
        out.push(b'}');
    }
}

/// Appends a frame's body in Kafka's JSON form to `out`, as [`RequestLog`]
/// writes its messages: by the generated writer of the message its bytes
/// decode to (all of them), else by the interpreted writer from the bytes;
/// the same text either way. `response` says which side of its API the
/// frame is.
pub fn write_body(out: &mut Vec<u8>, frame: &FrameView, response: bool, records: RecordsAs) {
    let (key, version) = (frame.api_key.key(), frame.body.version());
    let start = out.len();
    let mut bytes = frame.body.bytes();
    let typed = if response {
        ResponseKind::decode(key, version, &mut bytes)
            .map(|body| body.write_json(version, records, out))
    } else {
        RequestKind::decode(key, version, &mut bytes)
            .map(|body| body.write_json(version, records, out))
    };
    if matches!(typed, Ok(Ok(()))) && bytes.is_empty() {
        return;
    }
    out.truncate(start);
    frame.body.to_json().records(records).write_to(out);
}

/// `requestDescMetrics`' entries after the response, in Java's order.
fn write_metrics(out: &mut Vec<u8>, metrics: &RequestMetrics) {
    let string = |out: &mut Vec<u8>, key: &[u8], value: &str| {
        out.extend_from_slice(key);
        text::quoted(out, value);
    };
    let double = |out: &mut Vec<u8>, key: &[u8], value: f64| {
        out.extend_from_slice(key);
        text::float64(out, value);
    };
    string(out, b",\"connection\":", &metrics.connection);
    double(out, b",\"totalTimeMs\":", metrics.total_time_ms);
    double(
        out,
        b",\"requestQueueTimeMs\":",
        metrics.request_queue_time_ms,
    );
    double(out, b",\"localTimeMs\":", metrics.local_time_ms);
    double(out, b",\"remoteTimeMs\":", metrics.remote_time_ms);
    out.extend_from_slice(b",\"throttleTimeMs\":");
    text::integer(out, metrics.throttle_time_ms);
    double(
        out,
        b",\"responseQueueTimeMs\":",
        metrics.response_queue_time_ms,
    );
    double(out, b",\"sendTimeMs\":", metrics.send_time_ms);
    string(out, b",\"securityProtocol\":", &metrics.security_protocol);
    string(out, b",\"principal\":", &metrics.principal);
    string(out, b",\"listener\":", &metrics.listener);
    string(
        out,
        b",\"clientInformation\":{\"softwareName\":",
        &metrics.client_software_name,
    );
    string(
        out,
        b",\"softwareVersion\":",
        &metrics.client_software_version,
    );
    out.push(b'}');
    if metrics.temporary_memory_bytes > 0 {
        out.extend_from_slice(b",\"temporaryMemoryBytes\":");
        text::integer(out, metrics.temporary_memory_bytes);
    }
    if metrics.message_conversions_time_ms > 0.0 {
        double(
            out,
            b",\"messageConversionsTime\":",
            metrics.message_conversions_time_ms,
        );
    }
}

/// The line's text ([`write_to`](RequestLog::write_to)), as a raw JSON
/// value: serde_json writes it verbatim.
impl Serialize for RequestLog<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// Compact, one line, as Jackson prints it ([`write_to`](RequestLog::write_to)).
impl fmt::Display for RequestLog<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        self.write_to(&mut out);
        f.write_str(core::str::from_utf8(&out).map_err(|_| fmt::Error)?)
    }
}

/// The name of Java's `ApiKeys` constant for an API (`CREATE_TOPICS`):
/// its schema name in upper snake case.
pub fn java_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.char_indices() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The frame (no size prefix) a request-log document holds: with a
/// `request`, the request frame; with a `response` (and no `request`), the
/// response frame to the request its `requestHeader` describes. The header
/// may carry `requestApiKeyName` (it is checked against the key).
pub fn frame_from_json(document: &Value) -> Result<Bytes, JsonError> {
    let envelope = |reason| JsonError::new("$".into(), JsonErrorKind::Envelope { reason });
    let Value::Object(entry) = document else {
        return Err(envelope("a request-log entry is an object"));
    };
    let Some(Value::Object(header)) = entry.get("requestHeader") else {
        return Err(envelope("a request-log entry has a requestHeader object"));
    };
    let number = |key: &'static str| -> Result<i16, JsonError> {
        let at = || format!("$.requestHeader.{key}");
        let Some(value) = header.get(key) else {
            return Err(JsonError::new(
                at(),
                JsonErrorKind::Envelope { reason: "missing" },
            ));
        };
        value
            .as_i64()
            .and_then(|v| i16::try_from(v).ok())
            .ok_or_else(|| {
                JsonError::new(
                    at(),
                    JsonErrorKind::Envelope {
                        reason: "expected a 16-bit integer",
                    },
                )
            })
    };
    let (key, version) = (number("requestApiKey")?, number("requestApiVersion")?);
    let api = ApiKey::from_i16(key).ok_or_else(|| {
        JsonError::new(
            "$.requestHeader.requestApiKey".into(),
            JsonErrorKind::UnknownApiKey { key: key.into() },
        )
    })?;
    let mut header = header.clone();
    if let Some(name) = header.remove("requestApiKeyName") {
        if name.as_str() != Some(&java_name(api.name())) {
            return Err(JsonError::new(
                "$.requestHeader.requestApiKeyName".into(),
                JsonErrorKind::Envelope {
                    reason: "not the name of the header's requestApiKey",
                },
            ));
        }
    }
    header.remove("requestApiVersionDeprecated");
    let header = DynamicMessage::from_json(
        MessageSchema::of::<RequestHeader>(),
        api.request_header_version(version),
        &Value::Object(header),
    )
    .map_err(|e| e.under("requestHeader"))?;

    let mut out = BytesMut::new();
    let encode = |m: &DynamicMessage, out: &mut BytesMut| {
        m.encode(out)
            .map(drop)
            .map_err(|e| JsonError::new("$".into(), JsonErrorKind::Encode(e)))
    };
    match (entry.get("request"), entry.get("response")) {
        (Some(request), _) if !request.is_null() => {
            let schema = api.request_message_schema().ok_or_else(|| unknown(key))?;
            let body = DynamicMessage::from_json(schema, version, request)
                .map_err(|e| e.under("request"))?;
            encode(&header, &mut out)?;
            encode(&body, &mut out)?;
        }
        (_, Some(response)) if !response.is_null() => {
            let schema = api.response_message_schema().ok_or_else(|| unknown(key))?;
            let body = DynamicMessage::from_json(schema, version, response)
                .map_err(|e| e.under("response"))?;
            let correlation_id = header
                .body
                .get("CorrelationId")
                .and_then(|v| v.as_i64())
                .unwrap_or_default() as i32;
            let response_header = kafka_wire::Versioned::encode_to_vec(
                &ResponseHeader::new(correlation_id),
                api.response_header_version(version),
            )
            .map_err(|e| JsonError::new("$".into(), JsonErrorKind::Encode(e)))?;
            out.put_slice(&response_header);
            encode(&body, &mut out)?;
        }
        _ => return Err(envelope("a request-log entry has a request or a response")),
    }
    Ok(out.freeze())
}

fn unknown(key: i16) -> JsonError {
    JsonError::new(
        "$.requestHeader.requestApiKey".into(),
        JsonErrorKind::UnknownApiKey { key: key.into() },
    )
}
