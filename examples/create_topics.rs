//! Builds a CreateTopics request, frames it with its header at a chosen version,
//! prints the bytes, decodes it back as a broker would, then decodes a response
//! frame and prints each topic's result with its error name. No server needed.
//!
//! ```text
//! cargo run --example create_topics          # version 7
//! cargo run --example create_topics -- 4     # any of 2..=7
//! ```

use bytes::BytesMut;
use kafka_messages::{
    CreatableReplicaAssignment, CreatableTopic, CreatableTopicConfig, CreatableTopicConfigs,
    CreatableTopicResult, CreateTopicsRequest, CreateTopicsResponse,
};
use kafka_wire::{frame, ErrorCode, Message, RequestHeader, ResponseHeader, Uuid, Versioned};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let version: i16 = match std::env::args().nth(1) {
        Some(arg) => arg
            .parse()
            .map_err(|_| format!("version must be a number, got {arg:?}"))?,
        None => 7,
    };
    if !CreateTopicsRequest::VERSIONS.contains(version) {
        return Err(format!(
            "CreateTopics supports versions {}, not {version}",
            CreateTopicsRequest::VERSIONS
        )
        .into());
    }

    // 1. The request: one topic sized by the broker's rules, one placed by hand.
    let request = CreateTopicsRequest {
        topics: vec![
            CreatableTopic {
                name: "orders".into(),
                num_partitions: 3,
                replication_factor: 1,
                configs: vec![
                    CreatableTopicConfig::new("cleanup.policy", "compact"),
                    CreatableTopicConfig::new("retention.ms", "604800000"),
                ],
                ..Default::default()
            },
            CreatableTopic {
                name: "audit".into(),
                num_partitions: -1,
                replication_factor: -1,
                assignments: vec![
                    CreatableReplicaAssignment {
                        partition_index: 0,
                        broker_ids: vec![1].into(),
                        ..Default::default()
                    },
                    CreatableReplicaAssignment {
                        partition_index: 1,
                        broker_ids: vec![1].into(),
                        ..Default::default()
                    },
                ],
                ..Default::default()
            },
        ],
        timeout_ms: 30_000,
        ..Default::default()
    };

    // 2. Frame it: size, request header (v1 or v2, from the API's flexible versions), body.
    let header = RequestHeader::new(
        CreateTopicsRequest::API_KEY,
        version,
        1,
        Some("kafka-wire-example".into()),
    );
    let mut wire = BytesMut::new();
    let written = frame::encode_request(&mut wire, &header, &request)?;
    println!(
        "CreateTopicsRequest v{version}: {written} bytes (request header v{}, body {} bytes)",
        CreateTopicsRequest::request_header_version(version),
        request.encoded_len(version)
    );
    print_hex(&wire);

    // 3. Read it back the way a broker would: take a whole frame, then header and body.
    let mut decoder = frame::FrameDecoder::default();
    let body = decoder.decode(&mut wire)?.ok_or("incomplete frame")?;
    let (got_header, got) = frame::decode_request::<CreateTopicsRequest>(body)?;
    assert_eq!(got, request);
    println!(
        "\ndecoded: correlation id {}, client {:?}, {} topics, timeout {} ms",
        got_header.correlation_id,
        got_header.client_id.as_deref().unwrap_or("-"),
        got.topics.len(),
        got.timeout_ms
    );

    // 4. A response as a broker sends it: the first topic created, the second refused.
    let response = CreateTopicsResponse {
        topics: vec![
            CreatableTopicResult {
                name: "orders".into(),
                topic_id: "6f1b0f4e-8a43-4c35-9d8e-3b1f2e7c5a90".parse::<Uuid>()?,
                error_message: None,
                num_partitions: 3,
                replication_factor: 1,
                configs: Some(vec![CreatableTopicConfigs {
                    name: "cleanup.policy".into(),
                    value: Some("compact".into()),
                    config_source: 1,
                    ..Default::default()
                }]),
                ..Default::default()
            },
            CreatableTopicResult {
                name: "audit".into(),
                error_code: ErrorCode::TopicAlreadyExists.code(),
                error_message: Some("Topic 'audit' already exists.".into()),
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let mut wire = BytesMut::new();
    frame::encode_response(&mut wire, &ResponseHeader::new(1), version, &response)?;
    println!("\nCreateTopicsResponse v{version}: {} bytes", wire.len());
    print_hex(&wire);

    let body = decoder.decode(&mut wire)?.ok_or("incomplete frame")?;
    let (resp_header, decoded) = frame::decode_response::<CreateTopicsResponse>(body, version)?;
    println!(
        "\nresults for correlation id {}:",
        resp_header.correlation_id
    );
    for topic in &decoded.topics {
        let error = topic.error();
        match error.into_result() {
            Ok(()) => println!(
                "  {:<8} created: id {}, {} partitions x {} replicas, {} configs returned",
                topic.name,
                topic.topic_id,
                topic.num_partitions,
                topic.replication_factor,
                topic.configs.as_ref().map_or(0, Vec::len)
            ),
            Err(code) => println!(
                "  {:<8} failed: {} ({}){}",
                topic.name,
                code.name(),
                code.code(),
                topic
                    .error_message
                    .as_ref()
                    .map(|m| format!(": {m}"))
                    .unwrap_or_default()
            ),
        }
    }
    Ok(())
}

fn print_hex(bytes: &[u8]) {
    for (i, row) in bytes.chunks(16).enumerate() {
        let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
        let text: String = row
            .iter()
            .map(|&b| if b.is_ascii_graphic() { b as char } else { '.' })
            .collect();
        println!("  {:04x}  {:<47}  {text}", i * 16, hex.join(" "));
    }
}
