//! The request log's workload (`kafka_messages::json::RequestLog`): the two
//! lines the proxy's logger and the capture reader print for a Produce
//! exchange (the request carrying records, `common::produce_ours`) and a
//! Fetch exchange (the response carrying records, `common::fetch_ours`),
//! each completed with its response and the logger's metrics; records as the
//! broker's request log writes them (their size).
//!
//! Included by `json.rs` and `callgrind.rs` (not by `common/mod.rs`, which
//! the peers harness shares without kafka-messages' `json` feature).

use bytes::{Bytes, BytesMut};
use kafka_messages::dynamic::FrameView;
use kafka_messages::json::{RequestLog, RequestMetrics};
use kafka_messages::{FetchRequest, ProduceResponse};
use kafka_wire::{frame, Message, RequestHeader, ResponseHeader};

use crate::common;

/// The Produce and Fetch exchanges, framed and viewed as the logger views
/// them, and the metrics it prints.
pub struct Exchanges {
    /// Produce v9: the request (10 topics of 10 partitions of 4 KiB of
    /// records) and its response.
    pub produce: (FrameView, FrameView),
    /// Fetch v16: the request and its response (10 topics of 10 partitions
    /// of 4 KiB of records).
    pub fetch: (FrameView, FrameView),
    /// What the logger measured of each.
    pub metrics: RequestMetrics,
}

fn request<M: Message>(message: &M, version: i16, correlation_id: i32) -> FrameView {
    let mut wire = BytesMut::new();
    let header = RequestHeader::new(M::API_KEY, version, correlation_id, Some("bench".into()));
    frame::encode_request(&mut wire, &header, message).unwrap();
    FrameView::decode_request(wire.freeze().slice(4..)).unwrap()
}

fn response<M: Message>(message: &M, version: i16, correlation_id: i32) -> FrameView {
    let mut wire = BytesMut::new();
    frame::encode_response(
        &mut wire,
        &ResponseHeader::new(correlation_id),
        version,
        message,
    )
    .unwrap();
    let frame: Bytes = wire.freeze().slice(4..);
    FrameView::decode_response(frame, M::API_KEY, version).unwrap()
}

/// The workload.
pub fn exchanges() -> Exchanges {
    Exchanges {
        produce: (
            request(&common::produce_ours(), 9, 1),
            response(&ProduceResponse::default(), 9, 1),
        ),
        fetch: (
            request(&FetchRequest::default(), 16, 2),
            response(&common::fetch_ours(), 16, 2),
        ),
        metrics: RequestMetrics {
            connection: "127.0.0.1:9092-127.0.0.1:50000-0".into(),
            total_time_ms: 1.5,
            request_queue_time_ms: 0.25,
            local_time_ms: 0.5,
            remote_time_ms: 0.0,
            throttle_time_ms: 0,
            response_queue_time_ms: 0.125,
            send_time_ms: 0.625,
            security_protocol: "PLAINTEXT".into(),
            principal: "User:ANONYMOUS".into(),
            listener: "PLAINTEXT".into(),
            client_software_name: "kafka-wire".into(),
            client_software_version: "0.1".into(),
            temporary_memory_bytes: 0,
            message_conversions_time_ms: 0.0,
        },
    }
}

/// The two lines, each ended by a newline, appended to `out` as the proxy's
/// logger writes them (`RequestLog::write_to`).
pub fn write(exchanges: &Exchanges, out: &mut Vec<u8>) {
    for (request, response) in [&exchanges.produce, &exchanges.fetch] {
        RequestLog::new(request)
            .completed(Some(response), &exchanges.metrics)
            .write_to(out);
        out.push(b'\n');
    }
}
