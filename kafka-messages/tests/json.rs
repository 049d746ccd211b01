//! Kafka's JSON form (`kafka_wire::json`): the exact text of a few messages,
//! every API and schema at every version read back to its bytes, and hostile
//! documents, each refused with its path. Java's own converters are the
//! oracle for every schema in `java_differential.rs`.

mod common;

use bytes::Bytes;
use kafka_messages::fetch::{FetchableTopicResponse, PartitionData};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::{
    ApiKey, CreatableTopic, CreatableTopicConfig, CreatableTopicResult, CreateTopicsRequest,
    CreateTopicsResponse, MetadataRequest,
};
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use kafka_wire::json::{self, JsonError, JsonErrorKind, RecordsAs};
use kafka_wire::schema::KafkaType;
use kafka_wire::schema::MessageSchema;
use kafka_wire::{Records, Uuid};

fn create_topics() -> CreateTopicsRequest {
    CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 3,
            replication_factor: -1,
            configs: vec![
                CreatableTopicConfig {
                    name: "cleanup.policy".into(),
                    value: Some("compact".into()),
                    ..Default::default()
                },
                CreatableTopicConfig {
                    name: "retention.ms".into(),
                    value: None,
                    ..Default::default()
                },
            ],
            ..Default::default()
        }],
        timeout_ms: 30_000,
        validate_only: true,
        ..Default::default()
    }
}

#[test]
fn create_topics_is_written_as_kafka_writes_it() {
    let text = json::to_string(&create_topics(), 7, RecordsAs::Base64).unwrap();
    assert_eq!(
        text,
        r#"{"topics":[{"name":"orders","numPartitions":3,"replicationFactor":-1,"assignments":[],"configs":[{"name":"cleanup.policy","value":"compact"},{"name":"retention.ms","value":null}]}],"timeoutMs":30000,"validateOnly":true}"#
    );
    // Version 7 is the last: there is no version 8 to write at.
    assert!(json::to_string(&create_topics(), 8, RecordsAs::Base64).is_err());
}

#[test]
fn a_field_the_version_lacks_is_left_out() {
    // Metadata's includeClusterAuthorizedOperations is in versions 8-10.
    let request = MetadataRequest {
        topics: None,
        allow_auto_topic_creation: true,
        include_cluster_authorized_operations: false,
        ..Default::default()
    };
    assert_eq!(
        json::to_string(&request, 10, RecordsAs::Base64).unwrap(),
        r#"{"topics":null,"allowAutoTopicCreation":true,"includeClusterAuthorizedOperations":false,"includeTopicAuthorizedOperations":false}"#
    );
    assert_eq!(
        json::to_string(&request, 11, RecordsAs::Base64).unwrap(),
        r#"{"topics":null,"allowAutoTopicCreation":true,"includeTopicAuthorizedOperations":false}"#
    );
    // A message that holds more than the default cannot be written there.
    let holds = MetadataRequest {
        include_cluster_authorized_operations: true,
        ..request
    };
    assert!(json::to_string(&holds, 11, RecordsAs::Base64).is_err());
}

#[test]
fn a_tagged_field_is_written_only_when_it_is_not_its_default() {
    let topic_id =
        Uuid::from_bytes(*b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10");
    let mut response = CreateTopicsResponse {
        topics: vec![CreatableTopicResult {
            name: "orders".into(),
            topic_id,
            error_code: 0,
            error_message: None,
            num_partitions: 3,
            replication_factor: 1,
            configs: None,
            ..Default::default()
        }],
        ..Default::default()
    };
    let text = json::to_string(&response, 7, RecordsAs::Base64).unwrap();
    assert_eq!(
        text,
        r#"{"throttleTimeMs":0,"topics":[{"name":"orders","topicId":"AQIDBAUGBwgJCgsMDQ4PEA","errorCode":0,"errorMessage":null,"numPartitions":3,"replicationFactor":1,"configs":null}]}"#
    );
    // In schema order, as Java writes it (on the wire, tagged fields come
    // last).
    response.topics[0].topic_config_error_code = 44;
    let text = json::to_string(&response, 7, RecordsAs::Base64).unwrap();
    assert!(
        text.contains(r#""errorMessage":null,"topicConfigErrorCode":44,"numPartitions""#),
        "{text}"
    );
    let back: CreateTopicsResponse = json::from_str(&text, 7).unwrap();
    assert_eq!(back, response);
}

#[test]
fn typed_messages_read_back_from_their_json() {
    let request = create_topics();
    for version in 2..=7 {
        let text = json::to_string(&request, version, RecordsAs::Base64).unwrap();
        let back: CreateTopicsRequest = json::from_str(&text, version).unwrap();
        assert_eq!(back, request, "v{version}: {text}");
        let value = json::to_value(&request, version, RecordsAs::Base64).unwrap();
        let back: CreateTopicsRequest = json::from_value(&value, version).unwrap();
        assert_eq!(back, request, "v{version}");
    }
}

/// Every API's request and response, and every header and data schema,
/// at every version: the sample instance written as JSON reads back to the
/// same bytes.
#[test]
fn every_schema_at_every_version_reads_back_from_its_json() {
    let names = common::live_schema_names();
    let mut checked = 0;
    for name in &names {
        let (body, versions, flexible) = common::declaration(name).expect("a declaration");
        let schema = MessageSchema {
            body,
            versions,
            flexible,
            api_key: None,
        };
        checked += 1;
        let (Some(lowest), Some(highest)) = (versions.lowest(), versions.highest()) else {
            continue;
        };
        for version in lowest..=highest {
            let sample = DynamicMessage::sample(schema, version);
            let bytes = Bytes::from(sample.encode_to_vec().unwrap());
            let view = DynamicView::decode_exact(schema, version, bytes.clone()).unwrap();
            let text = view.to_json().to_string();
            let back = DynamicMessage::from_json_str(schema, version, &text)
                .unwrap_or_else(|e| panic!("{name} v{version}: {e}\n{text}"));
            assert_eq!(
                back.encode_to_vec().unwrap(),
                bytes,
                "{name} v{version}: {text}"
            );
        }
    }
    assert_eq!(checked, names.len());
}

#[test]
fn records_are_written_as_asked() {
    use kafka_messages::FetchResponse;
    let records = Records::empty_batch();
    let size = records.0.len();
    let response = FetchResponse {
        responses: vec![FetchableTopicResponse {
            partitions: vec![PartitionData {
                records: Some(records.clone()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let base64 = json::to_string(&response, 4, RecordsAs::Base64).unwrap();
    let empty = json::to_string(&response, 4, RecordsAs::Empty).unwrap();
    let sized = json::to_string(&response, 4, RecordsAs::SizeInBytes).unwrap();
    // The batch's base offset (8 zero bytes), then its length (49).
    assert!(
        base64.contains(r#""records":"AAAAAAAAAAAAAAAx"#),
        "{base64}"
    );
    assert!(empty.ends_with(r#""records":""}]}]}"#), "{empty}");
    assert!(
        sized.ends_with(&format!(r#""recordsSizeInBytes":{size}}}]}}]}}"#)),
        "{sized}"
    );

    let back: FetchResponse = json::from_str(&base64, 4).unwrap();
    assert_eq!(back, response);
    let err = json::from_str::<FetchResponse>(&sized, 4).unwrap_err();
    assert_eq!(
        err.path(),
        "$.responses[0].partitions[0].recordsSizeInBytes"
    );
    assert!(matches!(err.kind(), JsonErrorKind::RecordsAsSize), "{err}");
}

// ---------------------------------------------------------------- hostile

fn read(name: &str, version: i16, text: &str) -> Result<DynamicMessage, JsonError> {
    let (body, versions, flexible) = common::declaration(name).expect("a declaration");
    let schema = MessageSchema {
        body,
        versions,
        flexible,
        api_key: None,
    };
    DynamicMessage::from_json_str(schema, version, text)
}

/// Reads `text` as `name` at `version`, expects an error at `path`, and
/// returns its kind and message.
fn refused(name: &str, version: i16, text: &str, path: &str) -> (JsonErrorKind, String) {
    let err = read(name, version, text).expect_err(text);
    assert_eq!(err.path(), path, "{err}");
    let message = err.to_string();
    assert!(message.contains(path), "{message}");
    (into_kind(err), message)
}

fn into_kind(err: JsonError) -> JsonErrorKind {
    match err.kind() {
        JsonErrorKind::Syntax { reason } => JsonErrorKind::Syntax {
            reason: reason.clone(),
        },
        JsonErrorKind::WrongType { expected, found } => {
            JsonErrorKind::WrongType { expected, found }
        }
        JsonErrorKind::OutOfRange { ty, value } => JsonErrorKind::OutOfRange {
            ty: *ty,
            value: value.clone(),
        },
        JsonErrorKind::Missing { version } => JsonErrorKind::Missing { version: *version },
        JsonErrorKind::NotInVersion { version } => {
            JsonErrorKind::NotInVersion { version: *version }
        }
        JsonErrorKind::UnknownField { structure } => JsonErrorKind::UnknownField { structure },
        JsonErrorKind::NotNullable => JsonErrorKind::NotNullable,
        JsonErrorKind::RecordsAsSize => JsonErrorKind::RecordsAsSize,
        JsonErrorKind::InvalidBase64 { reason } => JsonErrorKind::InvalidBase64 {
            reason: reason.clone(),
        },
        JsonErrorKind::InvalidUuid { text } => JsonErrorKind::InvalidUuid { text: text.clone() },
        JsonErrorKind::StringTooLong { len } => JsonErrorKind::StringTooLong { len: *len },
        JsonErrorKind::UnsupportedVersion { supported } => JsonErrorKind::UnsupportedVersion {
            supported: *supported,
        },
        other => panic!("unexpected kind {other:?}"),
    }
}

const TOPIC: &str =
    r#"{"name":"t","numPartitions":1,"replicationFactor":1,"assignments":[],"configs":[]}"#;

fn create(topic: &str, rest: &str) -> String {
    format!(r#"{{"topics":[{topic}],"timeoutMs":1000{rest}}}"#)
}

#[test]
fn hostile_syntax_and_shape() {
    let (kind, _) = refused("CreateTopicsRequest", 7, r#"{"topics":["#, "$");
    assert!(matches!(kind, JsonErrorKind::Syntax { .. }));
    let (kind, _) = refused("CreateTopicsRequest", 7, "[]", "$");
    assert!(matches!(
        kind,
        JsonErrorKind::WrongType {
            expected: "an object",
            found: "an array"
        }
    ));
    let (kind, message) = refused("CreateTopicsRequest", 99, "{}", "$");
    assert!(
        matches!(kind, JsonErrorKind::UnsupportedVersion { .. }),
        "{message}"
    );
    assert_eq!(
        message,
        "CreateTopicsRequest v99: at $: the version is not in 0-7"
    );
}

#[test]
fn hostile_missing_and_unknown_fields() {
    let (kind, message) = refused("CreateTopicsRequest", 7, r#"{"topics":[]}"#, "$.timeoutMs");
    assert!(matches!(kind, JsonErrorKind::Missing { version: 7 }));
    assert_eq!(
        message,
        "CreateTopicsRequest v7: at $.timeoutMs: missing, and version 7 requires it"
    );
    let topic = r#"{"name":"t","numPartitions":1,"replicationFactor":1,"assignments":[]}"#;
    let (kind, _) = refused(
        "CreateTopicsRequest",
        7,
        &create(topic, ""),
        "$.topics[0].configs",
    );
    assert!(matches!(kind, JsonErrorKind::Missing { version: 7 }));
    // A key the struct does not have (Java would ignore it: a typo would be
    // a silent drop).
    let text = create(TOPIC, r#","timeoutMS":5"#);
    let (kind, _) = refused("CreateTopicsRequest", 7, &text, "$.timeoutMS");
    assert!(matches!(
        kind,
        JsonErrorKind::UnknownField {
            structure: "CreateTopicsRequest"
        }
    ));
    // A version that lacks a field: its default is let through, anything
    // else refused.
    let metadata = |operations: bool| {
        format!(
            r#"{{"topics":null,"allowAutoTopicCreation":true,"includeClusterAuthorizedOperations":{operations},"includeTopicAuthorizedOperations":false}}"#
        )
    };
    read("MetadataRequest", 11, &metadata(false)).unwrap();
    let (kind, _) = refused(
        "MetadataRequest",
        11,
        &metadata(true),
        "$.includeClusterAuthorizedOperations",
    );
    assert!(matches!(kind, JsonErrorKind::NotInVersion { version: 11 }));
}

#[test]
fn hostile_types() {
    let cases: &[(&str, &str, &str)] = &[
        (r#","validateOnly":1"#, "$.validateOnly", "a boolean"),
        (r#","validateOnly":"true""#, "$.validateOnly", "a boolean"),
    ];
    for (rest, path, expected) in cases {
        let (kind, _) = refused("CreateTopicsRequest", 7, &create(TOPIC, rest), path);
        assert!(
            matches!(kind, JsonErrorKind::WrongType { expected: e, .. } if e == *expected),
            "{rest}: {kind:?}"
        );
    }
    let topics = |topic: &str| format!(r#"{{"topics":[{topic}],"timeoutMs":1}}"#);
    for (topic, path, expected) in [
        (
            r#"{"name":7,"numPartitions":1,"replicationFactor":1,"assignments":[],"configs":[]}"#,
            "$.topics[0].name",
            "a string",
        ),
        (
            r#"{"name":"t","numPartitions":"1","replicationFactor":1,"assignments":[],"configs":[]}"#,
            "$.topics[0].numPartitions",
            "an integer",
        ),
        (
            r#"{"name":"t","numPartitions":1.0,"replicationFactor":1,"assignments":[],"configs":[]}"#,
            "$.topics[0].numPartitions",
            "an integer",
        ),
        (
            r#"{"name":"t","numPartitions":1,"replicationFactor":1,"assignments":{},"configs":[]}"#,
            "$.topics[0].assignments",
            "an array",
        ),
        (
            r#"{"name":"t","numPartitions":1,"replicationFactor":1,"assignments":[7],"configs":[]}"#,
            "$.topics[0].assignments[0]",
            "an object",
        ),
        (
            r#"{"name":"t","numPartitions":1,"replicationFactor":1,"assignments":[{"partitionIndex":0,"brokerIds":[1,"2"]}],"configs":[]}"#,
            "$.topics[0].assignments[0].brokerIds[1]",
            "an integer",
        ),
    ] {
        let (kind, message) = refused("CreateTopicsRequest", 7, &topics(topic), path);
        assert!(
            matches!(kind, JsonErrorKind::WrongType { expected: e, .. } if e == expected),
            "{message}"
        );
    }
}

#[test]
fn hostile_numbers_out_of_range() {
    let topic = |partitions: &str, factor: &str| {
        format!(
            r#"{{"topics":[{{"name":"t","numPartitions":{partitions},"replicationFactor":{factor},"assignments":[],"configs":[]}}],"timeoutMs":1,"validateOnly":false}}"#
        )
    };
    for (partitions, factor, path, ty) in [
        (
            "2147483648",
            "1",
            "$.topics[0].numPartitions",
            KafkaType::Int32,
        ),
        (
            "-2147483649",
            "1",
            "$.topics[0].numPartitions",
            KafkaType::Int32,
        ),
        (
            "18446744073709551616",
            "1",
            "$.topics[0].numPartitions",
            KafkaType::Int32,
        ),
        (
            "1",
            "32768",
            "$.topics[0].replicationFactor",
            KafkaType::Int16,
        ),
        (
            "1",
            "-32769",
            "$.topics[0].replicationFactor",
            KafkaType::Int16,
        ),
    ] {
        let text = topic(partitions, factor);
        let err = read("CreateTopicsRequest", 7, &text).expect_err(&text);
        assert_eq!(err.path(), path, "{err}");
        match err.kind() {
            JsonErrorKind::OutOfRange { ty: t, .. } => assert_eq!(*t, ty, "{err}"),
            // Beyond u64, serde_json reads a float.
            JsonErrorKind::WrongType { .. } => assert!(partitions.len() > 19, "{err}"),
            other => panic!("{other:?}"),
        }
    }
    read("CreateTopicsRequest", 7, &topic("2147483647", "-32768")).unwrap();
    // 64-bit integers at their limits.
    let producer = |id: &str| {
        format!(
            r#"{{"transactionalId":null,"transactionTimeoutMs":1,"producerId":{id},"producerEpoch":-1}}"#
        )
    };
    read(
        "InitProducerIdRequest",
        3,
        &producer("-9223372036854775808"),
    )
    .unwrap();
    read("InitProducerIdRequest", 3, &producer("9223372036854775807")).unwrap();
    let (kind, _) = refused(
        "InitProducerIdRequest",
        3,
        &producer("9223372036854775808"),
        "$.producerId",
    );
    assert!(matches!(
        kind,
        JsonErrorKind::OutOfRange {
            ty: KafkaType::Int64,
            ..
        }
    ));
}

#[test]
fn hostile_nulls() {
    // Not nullable at any version.
    let (kind, _) = refused(
        "CreateTopicsRequest",
        7,
        r#"{"topics":null,"timeoutMs":1}"#,
        "$.topics",
    );
    assert!(matches!(kind, JsonErrorKind::NotNullable));
    let (kind, _) = refused(
        "CreateTopicsRequest",
        7,
        r#"{"topics":[null],"timeoutMs":1}"#,
        "$.topics[0]",
    );
    assert!(matches!(kind, JsonErrorKind::NotNullable));
    // Metadata's topics are nullable from version 1 only.
    read("MetadataRequest", 1, r#"{"topics":null}"#).unwrap();
    let (kind, _) = refused("MetadataRequest", 0, r#"{"topics":null}"#, "$.topics");
    assert!(matches!(kind, JsonErrorKind::NotNullable));
}

#[test]
fn hostile_bytes_uuids_and_strings() {
    let metadata = |topic_id: &str| {
        format!(
            r#"{{"topics":[{{"topicId":{topic_id},"name":"t"}}],"allowAutoTopicCreation":true,"includeTopicAuthorizedOperations":false}}"#
        )
    };
    let typed = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            topic_id: Uuid::from_bytes([7; 16]),
            name: Some("t".into()),
            ..Default::default()
        }]),
        allow_auto_topic_creation: true,
        ..Default::default()
    };
    let text = json::to_string(&typed, 12, RecordsAs::Base64).unwrap();
    assert_eq!(text, metadata(r#""BwcHBwcHBwcHBwcHBwcHBw""#));
    // Kafka's Uuid.fromString takes the padded form too.
    read(
        "MetadataRequest",
        12,
        &metadata(r#""BwcHBwcHBwcHBwcHBwcHBw==""#),
    )
    .unwrap();
    for bad in [
        r#""BwcHBwcHBwcHBwcHBwcH""#,
        r#""BwcHBwcHBwcHBwcHBwcHBwcH""#,
        r#""07070707-0707-0707-0707-070707070707""#,
        r#""BwcHBwcHBwcHBwcHBwcHB+""#,
    ] {
        let (kind, _) = refused("MetadataRequest", 12, &metadata(bad), "$.topics[0].topicId");
        assert!(
            matches!(kind, JsonErrorKind::InvalidUuid { .. }),
            "{bad}: {kind:?}"
        );
    }
    let (kind, _) = refused("MetadataRequest", 12, &metadata("7"), "$.topics[0].topicId");
    assert!(matches!(
        kind,
        JsonErrorKind::WrongType {
            expected: "a string",
            ..
        }
    ));

    // Bytes: standard base64, padded.
    let sasl = |bytes: &str| format!(r#"{{"authBytes":{bytes}}}"#);
    read("SaslAuthenticateRequest", 2, &sasl(r#""aGk=""#)).unwrap();
    for bad in [r#""aGk""#, r#""a-k=""#, r#""!!!!""#] {
        let (kind, _) = refused("SaslAuthenticateRequest", 2, &sasl(bad), "$.authBytes");
        assert!(
            matches!(kind, JsonErrorKind::InvalidBase64 { .. }),
            "{bad}: {kind:?}"
        );
    }

    // A string longer than Kafka's strings may be.
    let long = "x".repeat(32_768);
    let text = create(
        &format!(
            r#"{{"name":"{long}","numPartitions":1,"replicationFactor":1,"assignments":[],"configs":[]}}"#
        ),
        "",
    );
    let (kind, _) = refused("CreateTopicsRequest", 7, &text, "$.topics[0].name");
    assert!(matches!(kind, JsonErrorKind::StringTooLong { len: 32_768 }));
}

#[test]
fn hostile_floats() {
    let quota = |value: &str| {
        format!(
            r#"{{"throttleTimeMs":0,"errorCode":0,"errorMessage":null,"entries":[{{"entity":[],"values":[{{"key":"k","value":{value}}}]}}]}}"#
        )
    };
    read("DescribeClientQuotasResponse", 1, &quota("1.5")).unwrap();
    read("DescribeClientQuotasResponse", 1, &quota("1e300")).unwrap();
    read("DescribeClientQuotasResponse", 1, &quota(r#""NaN""#)).unwrap();
    // Java's jsonNodeToDouble takes floating-point numbers only.
    let (kind, _) = refused(
        "DescribeClientQuotasResponse",
        1,
        &quota("1"),
        "$.entries[0].values[0].value",
    );
    assert!(matches!(
        kind,
        JsonErrorKind::WrongType {
            expected: "a floating-point number",
            ..
        }
    ));
    let (kind, _) = refused(
        "DescribeClientQuotasResponse",
        1,
        &quota(r#""1.5""#),
        "$.entries[0].values[0].value",
    );
    assert!(matches!(kind, JsonErrorKind::WrongType { .. }));
}

#[test]
fn the_api_table_has_a_json_form_for_every_request_and_response() {
    // Every API's request and response schema is a derived message, so the
    // one implementation reaches each (checked value by value above).
    for key in ApiKey::ALL {
        assert!(
            key.request_schema().is_some() && key.response_schema().is_some(),
            "{key:?}"
        );
    }
}

// ---------------------------------------------------------------- request log

#[cfg(feature = "json")]
mod request_log {
    use super::*;
    use bytes::BytesMut;
    use kafka_messages::dynamic::FrameView;
    use kafka_messages::json::{frame_from_json, java_name, RequestLog, RequestMetrics};
    use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
    use kafka_messages::{ApiVersionsRequest, ApiVersionsResponse, ProduceRequest};
    use kafka_wire::{frame, RequestHeader, ResponseHeader};

    fn request_frame<M: kafka_wire::Message>(
        message: &M,
        version: i16,
        correlation_id: i32,
    ) -> Bytes {
        let mut wire = BytesMut::new();
        let header = RequestHeader::new(M::API_KEY, version, correlation_id, Some("cli".into()));
        frame::encode_request(&mut wire, &header, message).unwrap();
        wire.freeze().slice(4..)
    }

    fn response_frame<M: kafka_wire::Message>(
        message: &M,
        version: i16,
        correlation_id: i32,
    ) -> Bytes {
        let mut wire = BytesMut::new();
        frame::encode_response(
            &mut wire,
            &ResponseHeader::new(correlation_id),
            version,
            message,
        )
        .unwrap();
        wire.freeze().slice(4..)
    }

    #[test]
    fn a_completed_request_is_one_line_in_java_s_order() {
        let request = request_frame(&ApiVersionsRequest::default(), 3, 7);
        let response = response_frame(&ApiVersionsResponse::default(), 3, 7);
        let request = FrameView::decode_request(request).unwrap();
        let response = FrameView::decode_response(response, 18, 3).unwrap();
        let metrics = RequestMetrics {
            connection: "127.0.0.1:9092-127.0.0.1:50000-0".into(),
            total_time_ms: 1.5,
            throttle_time_ms: 0,
            security_protocol: "PLAINTEXT".into(),
            principal: "User:ANONYMOUS".into(),
            listener: "PLAINTEXT".into(),
            client_software_name: "kafka-wire".into(),
            client_software_version: "0.1".into(),
            ..Default::default()
        };
        let line = RequestLog::new(&request)
            .completed(Some(&response), &metrics)
            .to_string();
        assert_eq!(
            line,
            concat!(
                r#"{"isForwarded":false,"requestHeader":{"requestApiKey":18,"requestApiVersion":3,"correlationId":7,"clientId":"cli","requestApiKeyName":"API_VERSIONS"},"#,
                r#""request":{"clientSoftwareName":"","clientSoftwareVersion":""},"#,
                r#""response":{"errorCode":0,"apiKeys":[],"throttleTimeMs":0},"#,
                r#""connection":"127.0.0.1:9092-127.0.0.1:50000-0","totalTimeMs":1.5,"requestQueueTimeMs":0.0,"localTimeMs":0.0,"remoteTimeMs":0.0,"throttleTimeMs":0,"responseQueueTimeMs":0.0,"sendTimeMs":0.0,"#,
                r#""securityProtocol":"PLAINTEXT","principal":"User:ANONYMOUS","listener":"PLAINTEXT","clientInformation":{"softwareName":"kafka-wire","softwareVersion":"0.1"}}"#
            )
        );
        // No response (Produce with acks 0): null.
        let line = RequestLog::new(&request)
            .completed(None, &metrics)
            .to_string();
        assert!(line.contains(r#""response":null,"connection""#), "{line}");
    }

    /// A Produce (acks -1) of one empty batch to partition 0 of `t`.
    fn produce_of_an_empty_batch() -> ProduceRequest {
        ProduceRequest {
            acks: -1,
            timeout_ms: 100,
            topic_data: vec![TopicProduceData {
                name: "t".into(),
                partition_data: vec![PartitionProduceData {
                    index: 0,
                    records: Some(Records::empty_batch()),
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn produce_records_are_logged_by_their_size() {
        let produce = produce_of_an_empty_batch();
        let frame = request_frame(&produce, 9, 1);
        let request = FrameView::decode_request(frame.clone()).unwrap();
        let line = RequestLog::new(&request).to_string();
        let size = Records::empty_batch().0.len();
        assert!(
            line.contains(&format!(r#""recordsSizeInBytes":{size}"#)),
            "{line}"
        );
        // Written as base64 when asked, which reads back to the frame.
        let line = RequestLog::new(&request)
            .records(RecordsAs::Base64)
            .to_string();
        let document: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(frame_from_json(&document).unwrap(), frame);
    }

    /// A forwarded Produce exchange as the proxy's logger writes it, byte
    /// for byte: the request's records by their size, every metric (the
    /// two printed only above 0 included), strings with Jackson's escapes,
    /// and doubles as Java's `Double.toString` prints them (`2.5E-4`,
    /// `1.0E7`), as the broker's log does.
    #[test]
    fn a_produce_exchange_is_written_byte_for_byte() {
        use kafka_messages::ProduceResponse;
        let produce = produce_of_an_empty_batch();
        let request = FrameView::decode_request(request_frame(&produce, 9, 5)).unwrap();
        let response =
            FrameView::decode_response(response_frame(&ProduceResponse::default(), 9, 5), 0, 9)
                .unwrap();
        let metrics = RequestMetrics {
            connection: "127.0.0.1:9092-127.0.0.1:50000-0".into(),
            total_time_ms: 12.0,
            request_queue_time_ms: 2.5e-4,
            local_time_ms: 1e7,
            remote_time_ms: 0.0,
            throttle_time_ms: 3,
            response_queue_time_ms: 0.125,
            send_time_ms: 0.625,
            security_protocol: "SASL_SSL".into(),
            principal: "User:\"alice\"\n".into(),
            listener: "EXTERNAL".into(),
            client_software_name: "librdkafka".into(),
            client_software_version: "2.3.0".into(),
            temporary_memory_bytes: 4096,
            message_conversions_time_ms: 0.5,
        };
        let line = RequestLog::new(&request)
            .forwarded(true)
            .completed(Some(&response), &metrics)
            .to_string();
        let size = Records::empty_batch().0.len();
        assert_eq!(
            line,
            format!(
                concat!(
                    r#"{{"isForwarded":true,"requestHeader":{{"requestApiKey":0,"requestApiVersion":9,"correlationId":5,"clientId":"cli","requestApiKeyName":"PRODUCE"}},"#,
                    r#""request":{{"transactionalId":null,"acks":-1,"timeoutMs":100,"topicData":[{{"name":"t","partitionData":[{{"index":0,"recordsSizeInBytes":{size}}}]}}]}},"#,
                    r#""response":{{"responses":[],"throttleTimeMs":0}},"#,
                    r#""connection":"127.0.0.1:9092-127.0.0.1:50000-0","totalTimeMs":12.0,"requestQueueTimeMs":2.5E-4,"localTimeMs":1.0E7,"remoteTimeMs":0.0,"throttleTimeMs":3,"responseQueueTimeMs":0.125,"sendTimeMs":0.625,"#,
                    r#""securityProtocol":"SASL_SSL","principal":"User:\"alice\"\n","listener":"EXTERNAL","clientInformation":{{"softwareName":"librdkafka","softwareVersion":"2.3.0"}},"#,
                    r#""temporaryMemoryBytes":4096,"messageConversionsTime":0.5}}"#
                ),
                size = size
            )
        );
        // `write_to` appends the same text to a buffer of the caller's.
        let mut out = b"[".to_vec();
        RequestLog::new(&request)
            .forwarded(true)
            .completed(Some(&response), &metrics)
            .write_to(&mut out);
        assert_eq!(&out[1..], line.as_bytes());
    }

    /// Every API's sample request and response at every version, logged as
    /// an exchange: each message is the interpreted writer's text of its
    /// bytes, byte for byte (the line writes it by the generated writer),
    /// with the request log's records and with base64.
    #[test]
    fn every_exchange_holds_the_interpreted_text_of_its_messages() {
        use kafka_wire::Versioned;
        let metrics = RequestMetrics::default();
        let tail = concat!(
            r#","connection":"","totalTimeMs":0.0,"requestQueueTimeMs":0.0,"localTimeMs":0.0,"remoteTimeMs":0.0,"#,
            r#""throttleTimeMs":0,"responseQueueTimeMs":0.0,"sendTimeMs":0.0,"securityProtocol":"","principal":"","#,
            r#""listener":"","clientInformation":{"softwareName":"","softwareVersion":""}}"#
        );
        let mut checked = 0;
        for &api in ApiKey::ALL {
            let (Some(request_schema), Some(response_schema)) =
                (api.request_message_schema(), api.response_message_schema())
            else {
                continue;
            };
            for version in api.all_versions().versions() {
                if !request_schema.versions.contains(version)
                    || !response_schema.versions.contains(version)
                {
                    continue;
                }
                let body = |schema| {
                    DynamicMessage::sample(schema, version)
                        .encode_to_vec()
                        .unwrap()
                };
                let mut request = RequestHeader::new(api.key(), version, 1, Some("cli".into()))
                    .encode_to_vec(api.request_header_version(version))
                    .unwrap();
                request.extend_from_slice(&body(request_schema));
                let mut response = ResponseHeader::new(1)
                    .encode_to_vec(api.response_header_version(version))
                    .unwrap();
                response.extend_from_slice(&body(response_schema));
                let request = FrameView::decode_request(Bytes::from(request)).unwrap();
                let response =
                    FrameView::decode_response(Bytes::from(response), api.key(), version).unwrap();
                for records in [None, Some(RecordsAs::Base64)] {
                    let mut log = RequestLog::new(&request).completed(Some(&response), &metrics);
                    if let Some(records) = records {
                        log = log.records(records);
                    }
                    let as_logged = |response| {
                        records.unwrap_or(kafka_messages::json::request_log_records(api, response))
                    };
                    let name = java_name(api.name());
                    let expected = format!(
                        r#"{{"isForwarded":false,"requestHeader":{},"request":{},"response":{}{tail}"#,
                        request
                            .header
                            .to_json()
                            .with_entry("requestApiKeyName", &name),
                        request.body.to_json().records(as_logged(false)),
                        response.body.to_json().records(as_logged(true)),
                    );
                    assert_eq!(log.to_string(), expected, "{api:?} v{version} {records:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn frames_come_back_from_their_documents() {
        let request = request_frame(&create_topics(), 7, 9);
        let response = response_frame(&CreateTopicsResponse::default(), 7, 9);
        let request_view = FrameView::decode_request(request.clone()).unwrap();
        let response_view = FrameView::decode_response(response.clone(), 19, 7).unwrap();
        let metrics = RequestMetrics::default();
        let line = RequestLog::new(&request_view)
            .completed(Some(&response_view), &metrics)
            .to_string();
        let mut document: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(frame_from_json(&document).unwrap(), request);
        document.as_object_mut().unwrap().remove("request");
        assert_eq!(frame_from_json(&document).unwrap(), response);
    }

    #[test]
    fn hostile_documents() {
        let request = FrameView::decode_request(request_frame(&create_topics(), 7, 9)).unwrap();
        let line = RequestLog::new(&request).to_string();
        let good: serde_json::Value = serde_json::from_str(&line).unwrap();
        type Change = Box<dyn Fn(&mut serde_json::Value)>;
        let cases: Vec<(Change, &str)> = vec![
            (
                Box::new(|d| d["requestHeader"] = serde_json::Value::Null),
                "$",
            ),
            (
                Box::new(|d| d["requestHeader"]["requestApiKey"] = 999.into()),
                "$.requestHeader.requestApiKey",
            ),
            (
                Box::new(|d| d["requestHeader"]["requestApiKey"] = "19".into()),
                "$.requestHeader.requestApiKey",
            ),
            (
                Box::new(|d| d["requestHeader"]["requestApiKeyName"] = "METADATA".into()),
                "$.requestHeader.requestApiKeyName",
            ),
            (
                Box::new(|d| d["requestHeader"]["correlationId"] = "x".into()),
                "$.requestHeader.correlationId",
            ),
            (
                Box::new(|d| d["request"]["topics"][0]["name"] = 1.into()),
                "$.request.topics[0].name",
            ),
            (
                Box::new(|d| d["requestHeader"]["requestApiVersion"] = 99.into()),
                "$.request",
            ),
            (
                Box::new(|d| {
                    d.as_object_mut().unwrap().remove("request");
                }),
                "$",
            ),
        ];
        for (change, path) in cases {
            let mut document = good.clone();
            change(&mut document);
            let err = frame_from_json(&document).expect_err(&document.to_string());
            assert_eq!(err.path(), path, "{err}");
        }
    }

    #[test]
    fn api_key_names_are_java_s() {
        assert_eq!(java_name("CreateTopics"), "CREATE_TOPICS");
        assert_eq!(java_name("OffsetForLeaderEpoch"), "OFFSET_FOR_LEADER_EPOCH");
        assert_eq!(
            java_name("StreamsGroupTopologyDescriptionUpdate"),
            "STREAMS_GROUP_TOPOLOGY_DESCRIPTION_UPDATE"
        );
    }
}

/// A declaration the decoders bound: an array of structs that take no
/// bytes at version 0. The generated writer writes it as Java would (it
/// reads no bytes); reading it from JSON is an error, not a panic.
#[test]
fn a_message_the_decoders_refuse_is_an_error_both_ways() {
    use kafka_wire::{KafkaMessage, Str};

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    struct Item {
        #[kafka(versions = "1+")]
        name: Str,
    }

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1000, versions = "0-1", flexible = "none")]
    struct Items {
        #[kafka(versions = "0+")]
        items: Vec<Item>,
    }

    let two = Items {
        items: vec![Item::default(), Item::default()],
    };
    assert_eq!(
        json::to_string(&two, 0, RecordsAs::Base64).unwrap(),
        r#"{"items":[{},{}]}"#
    );
    let err = json::from_str::<Items>(r#"{"items":[{},{}]}"#, 0).unwrap_err();
    assert!(matches!(err.kind(), JsonErrorKind::Decode(_)), "{err}");
    // At version 1 the items have a name, and all is well.
    let text = json::to_string(&two, 1, RecordsAs::Base64).unwrap();
    assert_eq!(json::from_str::<Items>(&text, 1).unwrap(), two);
}

/// Typed bodies by API key: every API's sample request and response at its
/// newest version, written by `to_json` and read back by `from_json`.
#[test]
fn typed_bodies_go_to_json_and_back_by_api_key() {
    use kafka_messages::{RequestKind, ResponseKind};
    let mut checked = 0;
    for &api in ApiKey::ALL {
        let Some(version) = api.all_versions().highest() else {
            continue;
        };
        if let Some(schema) = api.request_message_schema() {
            let bytes = DynamicMessage::sample(schema, version)
                .encode_to_vec()
                .unwrap();
            let typed = RequestKind::decode(api.key(), version, &mut &bytes[..]).unwrap();
            let json = typed.to_json(version, RecordsAs::Base64).unwrap();
            assert_eq!(
                RequestKind::from_json(api.key(), version, &json).unwrap(),
                typed,
                "{api:?}"
            );
            checked += 1;
        }
        if let Some(schema) = api.response_message_schema() {
            let bytes = DynamicMessage::sample(schema, version)
                .encode_to_vec()
                .unwrap();
            let typed = ResponseKind::decode(api.key(), version, &mut &bytes[..]).unwrap();
            let json = typed.to_json(version, RecordsAs::Base64).unwrap();
            assert_eq!(
                ResponseKind::from_json(api.key(), version, &json).unwrap(),
                typed,
                "{api:?}"
            );
        }
    }
    assert!(checked > 80, "{checked}");
    let err = RequestKind::from_json(999, 0, &serde_json::json!({})).unwrap_err();
    assert!(matches!(
        err.kind(),
        JsonErrorKind::UnknownApiKey { key: 999 }
    ));
}

/// The writer the derive generates for each typed body and the interpreted
/// writer over its bytes write the same text, byte for byte: every API's
/// request and response, at every version, the sample instance and one with
/// every field at its default, each way of writing records.
#[test]
fn typed_and_interpreted_writers_agree_byte_for_byte() {
    use kafka_messages::{RequestKind, ResponseKind};
    let mut checked = 0;
    for &api in ApiKey::ALL {
        for version in api.all_versions().versions() {
            for request in [true, false] {
                let schema = if request {
                    api.request_message_schema()
                } else {
                    api.response_message_schema()
                };
                let Some(schema) = schema else { continue };
                if !schema.versions.contains(version) {
                    continue;
                }
                let bytes = DynamicMessage::sample(schema, version)
                    .encode_to_vec()
                    .unwrap();
                let view =
                    DynamicView::decode_exact(schema, version, Bytes::from(bytes.clone())).unwrap();
                for records in [RecordsAs::Base64, RecordsAs::Empty, RecordsAs::SizeInBytes] {
                    let mut typed = Vec::new();
                    if request {
                        RequestKind::decode(api.key(), version, &mut &bytes[..])
                            .unwrap()
                            .write_json(version, records, &mut typed)
                            .unwrap();
                    } else {
                        ResponseKind::decode(api.key(), version, &mut &bytes[..])
                            .unwrap()
                            .write_json(version, records, &mut typed)
                            .unwrap();
                    }
                    let interpreted = view.to_json().records(records).to_string();
                    assert_eq!(
                        String::from_utf8(typed).unwrap(),
                        interpreted,
                        "{api:?} v{version} request={request} {records:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The reader the derive generates (behind `json::from_str`) against the
/// strict reader (`from_value`): on every API's sample request and response
/// at every version, written by the generated writer, and on texts cut and
/// changed from them, both read the same message or both refuse the text
/// with the same error.
#[test]
fn generated_and_strict_readers_agree() {
    use kafka_messages::{RequestKind, ResponseKind};
    let mut read = 0;
    let mut refused = 0;
    for &api in ApiKey::ALL {
        for version in api.all_versions().versions() {
            for request in [true, false] {
                let schema = if request {
                    api.request_message_schema()
                } else {
                    api.response_message_schema()
                };
                let Some(schema) = schema else { continue };
                if !schema.versions.contains(version) {
                    continue;
                }
                let bytes = DynamicMessage::sample(schema, version)
                    .encode_to_vec()
                    .unwrap();
                let mut text = Vec::new();
                if request {
                    let m = RequestKind::decode(api.key(), version, &mut &bytes[..]).unwrap();
                    m.write_json(version, RecordsAs::Base64, &mut text).unwrap();
                } else {
                    let m = ResponseKind::decode(api.key(), version, &mut &bytes[..]).unwrap();
                    m.write_json(version, RecordsAs::Base64, &mut text).unwrap();
                }
                let text = String::from_utf8(text).unwrap();
                let mut texts = vec![text.clone(), format!(" {text}\n")];
                // Cut, changed and grown texts: a byte in turn at a few
                // places each (bounded: at most 24 per message).
                let step = (text.len() / 8).max(1);
                for at in (1..text.len()).step_by(step).take(8) {
                    if !text.is_char_boundary(at) {
                        continue;
                    }
                    texts.push(format!("{}{}", &text[..at], &text[at + 1..]));
                    texts.push(format!("{}1{}", &text[..at], &text[at..]));
                    texts.push(format!("{}null{}", &text[..at], &text[at..]));
                }
                for t in &texts {
                    let strict = serde_json::from_str::<serde_json::Value>(t).ok().map(|v| {
                        if request {
                            RequestKind::from_json(api.key(), version, &v).map(|m| format!("{m:?}"))
                        } else {
                            ResponseKind::from_json(api.key(), version, &v)
                                .map(|m| format!("{m:?}"))
                        }
                    });
                    let fast = if request {
                        RequestKind::from_json_str(api.key(), version, t).map(|m| format!("{m:?}"))
                    } else {
                        ResponseKind::from_json_str(api.key(), version, t).map(|m| format!("{m:?}"))
                    };
                    let what = format!("{api:?} v{version} request={request}: {t}");
                    match (strict, fast) {
                        (Some(Ok(a)), Ok(b)) => {
                            assert_eq!(a, b, "{what}");
                            read += 1;
                        }
                        (Some(Err(a)), Err(b)) => {
                            assert_eq!(a.to_string(), b.to_string(), "{what}");
                            refused += 1;
                        }
                        // Not JSON: refused as the strict reader of text
                        // refuses it (which may meet a wrong value first).
                        (None, Err(b)) => {
                            let a = DynamicMessage::from_json_str(schema, version, t).unwrap_err();
                            assert_eq!(
                                (a.kind().name(), a.path()),
                                (b.kind().name(), b.path()),
                                "{what}"
                            );
                            refused += 1;
                        }
                        (a, b) => panic!("{what}: strict {a:?}, generated {b:?}"),
                    }
                }
            }
        }
    }
    assert!(
        read > 1000 && refused > 1000,
        "{read} read, {refused} refused"
    );
}
