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
use kafka_wire::json::{JsonError, JsonErrorKind, RecordsAs};
use kafka_wire::schema::MessageSchema;
use kafka_wire::{RequestHeader, ResponseHeader};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::dynamic::FrameView;
use crate::ApiKey;

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

impl Serialize for RequestLog<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let api = self.request.api_key;
        let records = |response| self.records.unwrap_or(request_log_records(api, response));
        let name = java_name(api.name());
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("isForwarded", &self.is_forwarded)?;
        let header = self
            .request
            .header
            .to_json()
            .with_entry("requestApiKeyName", &name);
        map.serialize_entry("requestHeader", &header)?;
        map.serialize_entry(
            "request",
            &self.request.body.to_json().records(records(false)),
        )?;
        if let Some((response, metrics)) = self.completed {
            let response = response.map(|r| r.body.to_json().records(records(true)));
            map.serialize_entry("response", &response)?;
            map.serialize_entry("connection", &metrics.connection)?;
            map.serialize_entry("totalTimeMs", &metrics.total_time_ms)?;
            map.serialize_entry("requestQueueTimeMs", &metrics.request_queue_time_ms)?;
            map.serialize_entry("localTimeMs", &metrics.local_time_ms)?;
            map.serialize_entry("remoteTimeMs", &metrics.remote_time_ms)?;
            map.serialize_entry("throttleTimeMs", &metrics.throttle_time_ms)?;
            map.serialize_entry("responseQueueTimeMs", &metrics.response_queue_time_ms)?;
            map.serialize_entry("sendTimeMs", &metrics.send_time_ms)?;
            map.serialize_entry("securityProtocol", &metrics.security_protocol)?;
            map.serialize_entry("principal", &metrics.principal)?;
            map.serialize_entry("listener", &metrics.listener)?;
            let client = ClientInformation(metrics);
            map.serialize_entry("clientInformation", &client)?;
            if metrics.temporary_memory_bytes > 0 {
                map.serialize_entry("temporaryMemoryBytes", &metrics.temporary_memory_bytes)?;
            }
            if metrics.message_conversions_time_ms > 0.0 {
                map.serialize_entry(
                    "messageConversionsTime",
                    &metrics.message_conversions_time_ms,
                )?;
            }
        }
        map.end()
    }
}

struct ClientInformation<'a>(&'a RequestMetrics);

impl Serialize for ClientInformation<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("softwareName", &self.0.client_software_name)?;
        map.serialize_entry("softwareVersion", &self.0.client_software_version)?;
        map.end()
    }
}

/// Compact, one line, as Jackson prints it ([`kafka_wire::json::to_writer`]).
impl fmt::Display for RequestLog<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::new();
        kafka_wire::json::to_writer(&mut out, self).map_err(|_| fmt::Error)?;
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
