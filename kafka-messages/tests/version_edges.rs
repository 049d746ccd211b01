//! Version edges of the shipped messages, one test each.

use bytes::{BufMut, Bytes, BytesMut};
use kafka_messages::*;
use kafka_wire::{
    frame, Ctx, DecodeErrorKind, EncodeErrorKind, KafkaMessage, Message, RequestHeader, Str,
    UnknownTaggedFields, Uuid, Versioned, Wire,
};

fn encode<M: Message>(m: &M, v: i16) -> Vec<u8> {
    let mut out = Vec::new();
    m.encode(&mut out, v).unwrap();
    assert_eq!(out.len(), m.encoded_len(v));
    out
}

fn result_with_id() -> CreateTopicsResponse {
    CreateTopicsResponse {
        topics: vec![CreatableTopicResult {
            name: "t".into(),
            topic_id: "11111111-2222-3333-4444-555555555555".parse().unwrap(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn ignorable_topic_id_is_dropped_before_v7() {
    let msg = result_with_id();
    let v6 = encode(&msg, 6);
    let v7 = encode(&msg, 7);
    assert_eq!(
        v7.len(),
        v6.len() + 16,
        "v7 carries the 16-byte id, v6 does not"
    );
    let back = CreateTopicsResponse::decode_exact(&v6[..], 6).unwrap();
    assert_eq!(
        back.topics[0].topic_id,
        Uuid::ZERO,
        "absent field decodes as its default"
    );
    assert_eq!(CreateTopicsResponse::decode_exact(&v7[..], 7).unwrap(), msg);
}

/// The same result struct with `topic_id` not ignorable: encoding it where it is
/// absent must fail instead of losing the value.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 19, versions = "2-7", flexible = "5+")]
struct StrictResponse {
    #[kafka(versions = "0+")]
    topics: Vec<StrictResult>,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct StrictResult {
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "7+")]
    topic_id: Uuid,
}

#[test]
fn non_ignorable_absent_field_is_an_encode_error() {
    let msg = StrictResponse {
        topics: vec![
            StrictResult::default(),
            StrictResult {
                name: "t".into(),
                topic_id: Uuid::from_u64_pair(1, 2),
            },
        ],
    };
    let err = msg.encode(&mut Vec::new(), 6).unwrap_err();
    assert!(matches!(err.kind(), EncodeErrorKind::NonDefaultAbsent));
    assert_eq!(err.path(), "StrictResponse.topics[1].topic_id");
    assert_eq!(err.location().version(), Some(6));
    assert!(
        err.to_string()
            .starts_with("StrictResponse.topics[1].topic_id (version 6): "),
        "{err}"
    );
    assert!(msg.encode(&mut Vec::new(), 7).is_ok());

    // A shipped struct, encoded on its own at a version before its fields exist.
    let config = CreatableTopicConfigs {
        read_only: true,
        ..Default::default()
    };
    let err = config
        .encode_wire(&mut Vec::new(), Ctx::new(4, false))
        .unwrap_err();
    assert_eq!(err.path(), "read_only");
}

#[test]
fn null_error_message_where_nullable_and_null_name_where_not() {
    let mut msg = result_with_id();
    msg.topics[0].error_message = None;
    for v in 2..=7 {
        let bytes = encode(&msg, v);
        let back = CreateTopicsResponse::decode_exact(&bytes[..], v).unwrap();
        assert_eq!(back.topics[0].error_message, None, "v{v}");
    }
    // `name` is not nullable: a null on the wire is an error with the field path.
    let mut body = BytesMut::new();
    body.put_i32(0); // throttle_time_ms
    body.put_i32(1); // one topic
    body.put_i16(-1); // name: null
    body.put_bytes(0, 8); // the rest of the topic
    let err = CreateTopicsResponse::decode(&mut body.freeze(), 2).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::UnexpectedNull));
    assert_eq!(err.path(), "CreateTopicsResponse.topics[0].name");

    // And a `None` in a version where a field is not nullable is an encode error.
    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1000, versions = "0-2", flexible = "2+")]
    struct LateNull {
        #[kafka(versions = "0+", nullable = "1+")]
        message: Option<Str>,
    }
    let none = LateNull { message: None };
    let err = none.encode(&mut Vec::new(), 0).unwrap_err();
    assert!(matches!(err.kind(), EncodeErrorKind::UnexpectedNull));
    assert_eq!(err.path(), "LateNull.message");
    assert_eq!(encode(&none, 1), [0xff, 0xff]);
    assert_eq!(encode(&none, 2), [0x00, 0x00]);
    let err = LateNull::decode(&mut &[0xffu8, 0xff][..], 0).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::UnexpectedNull));
}

#[test]
fn topic_config_error_code_is_tag_zero_and_skipped_when_zero() {
    let mut msg = result_with_id();
    let plain = encode(&msg, 5);
    msg.topics[0].topic_config_error_code = 40; // INVALID_CONFIG
    for v in 5..=7 {
        let bytes = encode(&msg, v);
        let back = CreateTopicsResponse::decode_exact(&bytes[..], v).unwrap();
        assert_eq!(back.topics[0].topic_config_error_code, 40, "v{v}");
    }
    let tagged = encode(&msg, 5);
    // The topic's tagged section grows from [0] to [1, tag 0, size 2, 0x00, 0x28].
    assert_eq!(tagged.len(), plain.len() + 4);
    let tail = &tagged[tagged.len() - 6..];
    assert_eq!(
        tail,
        [1, 0, 2, 0x00, 0x28, 0],
        "topic tags, then the response's empty tag section"
    );
    assert_eq!(&plain[plain.len() - 2..], [0, 0]);
    // Below v5 the field does not exist; it is ignorable, so it is dropped.
    let v4 = encode(&msg, 4);
    assert_eq!(
        CreateTopicsResponse::decode_exact(&v4[..], 4)
            .unwrap()
            .topics[0]
            .topic_config_error_code,
        0
    );
}

#[test]
fn unsupported_versions_are_errors_both_ways() {
    let req = CreateTopicsRequest::default();
    for v in [8, -1, i16::MAX] {
        let err = req.encode(&mut Vec::new(), v).unwrap_err();
        assert!(
            matches!(err.kind(), EncodeErrorKind::UnsupportedVersion { version, .. } if *version == v),
            "{err}"
        );
        assert!(err.to_string().contains("supported: 0-7"), "{err}");
        let err = CreateTopicsRequest::decode(&mut Bytes::from_static(&[0; 64]), v).unwrap_err();
        assert!(
            matches!(err.kind(), DecodeErrorKind::UnsupportedVersion { .. }),
            "{err}"
        );
        let header = RequestHeader::new(19, v, 1, None);
        assert!(frame::encode_request(&mut BytesMut::new(), &header, &req).is_err());
    }
    // A request frame whose header names v8 is refused before the body is read.
    let mut body = BytesMut::new();
    body.put_i16(19);
    body.put_i16(8);
    body.put_i32(1);
    body.put_i16(-1);
    let err = frame::decode_request::<CreateTopicsRequest>(body.freeze()).unwrap_err();
    assert!(matches!(
        err.kind(),
        DecodeErrorKind::UnsupportedVersion { version: 8, .. }
    ));
}

#[test]
fn unknown_tags_survive_a_round_trip() {
    let mut msg = result_with_id();
    msg.topics[0]
        .unknown_tagged_fields
        .insert(9, Bytes::from_static(b"\x01\x02"));
    msg.topics[0].topic_config_error_code = 1;
    let bytes = encode(&msg, 7);
    let back = CreateTopicsResponse::decode_exact(Bytes::from(bytes.clone()), 7).unwrap();
    assert_eq!(back, msg);
    assert_eq!(encode(&back, 7), bytes);
    // Tag 0 is declared: keeping an unknown tag 0 would write it twice.
    let mut clash = msg.clone();
    clash.topics[0].unknown_tagged_fields = UnknownTaggedFields::new();
    clash.topics[0]
        .unknown_tagged_fields
        .insert(0, Bytes::from_static(b"\x00\x01"));
    let err = clash.encode(&mut Vec::new(), 7).unwrap_err();
    assert!(
        matches!(err.kind(), EncodeErrorKind::TagCollision { tag: 0 }),
        "{err}"
    );
}

#[test]
fn api_versions_response_header_is_always_v0() {
    for v in 0..=4 {
        assert_eq!(ApiVersionsResponse::response_header_version(v), 0);
    }
    assert_eq!(ApiVersionsRequest::request_header_version(3), 2);
    assert_eq!(ApiVersionsRequest::request_header_version(2), 1);
    assert_eq!(CreateTopicsResponse::response_header_version(5), 1);
    assert_eq!(CreateTopicsResponse::response_header_version(4), 0);
    assert_eq!(CreateAclsRequest::request_header_version(2), 2);
    // ControlledShutdown v0 alone uses header v0, without a client id.
    assert_eq!(ControlledShutdownRequest::request_header_version(0), 0);
    assert_eq!(ControlledShutdownRequest::request_header_version(1), 1);
    assert_eq!(ControlledShutdownRequest::request_header_version(3), 2);
    assert_eq!(ApiKey::ControlledShutdown.request_header_version(0), 0);
}

#[test]
fn a_controlled_shutdown_v0_frame_has_no_client_id() {
    let request = ControlledShutdownRequest {
        broker_id: 7,
        ..Default::default()
    };
    let header = RequestHeader::new(7, 0, 42, Some("ignored".into()));
    let mut wire = BytesMut::new();
    frame::encode_request(&mut wire, &header, &request).unwrap();
    // Size, key 7, version 0, correlation id 42, then the broker id: no client id.
    assert_eq!(wire[..], [0, 0, 0, 12, 0, 7, 0, 0, 0, 0, 0, 42, 0, 0, 0, 7]);
    let contents = wire.freeze().slice(4..);
    let peeked = frame::peek_request_header(&contents).unwrap();
    // An absent string reads as Kafka's default, "" (Java's RequestHeaderData too).
    let no_client = Some(kafka_wire::Str::new());
    assert_eq!(
        (peeked.api_key, peeked.correlation_id, &peeked.client_id),
        (7, 42, &no_client)
    );
    let (header, body) =
        frame::decode_request::<ControlledShutdownRequest>(contents.clone()).unwrap();
    assert_eq!((header.correlation_id, body), (42, request));
    let (header, kind) =
        RequestKind::decode_frame_within(contents, |k| Some(k.versions_in(Release::Older)))
            .unwrap();
    assert_eq!(header.client_id, no_client);
    assert_eq!(kind.api_key(), ApiKey::ControlledShutdown);
}
