//! The four seed frames of shared/seeds/README.md, byte for byte, both ways:
//! the smallest instance (zeros, empty strings, one element per array) encodes
//! to exactly these bytes with its header and size prefix; the bytes decode to
//! that instance and re-encode identically.

use bytes::{Buf, Bytes, BytesMut};
use kafka_messages::*;
use kafka_wire::{frame, Message, RequestHeader, ResponseHeader, Str};

const CREATE_TOPICS_REQUEST_V7: &str =
    "000000290013000700000000000000020100000000000002000000000200000000000201010000000000000000";
const CREATE_TOPICS_RESPONSE_V7: &str =
    "0000002d000000000000000000020100000000000000000000000000000000000001000000000000020101000000000000";
const CREATE_ACLS_REQUEST_V3: &str = "00000015001e00030000000000000002000100010100000000";
const CREATE_ACLS_RESPONSE_V3: &str = "0000000f000000000000000000020000010000";

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn empty() -> Option<Str> {
    Some(Str::new())
}

fn minimal_create_topics_request() -> CreateTopicsRequest {
    CreateTopicsRequest {
        topics: vec![CreatableTopic {
            assignments: vec![CreatableReplicaAssignment {
                broker_ids: vec![0].into(),
                ..Default::default()
            }],
            configs: vec![CreatableTopicConfig {
                value: empty(),
                ..Default::default()
            }],
            ..Default::default()
        }],
        timeout_ms: 0,
        ..Default::default()
    }
}

fn minimal_create_topics_response() -> CreateTopicsResponse {
    CreateTopicsResponse {
        topics: vec![CreatableTopicResult {
            error_message: empty(),
            num_partitions: 0,
            replication_factor: 0,
            configs: Some(vec![CreatableTopicConfigs {
                value: empty(),
                config_source: 0,
                ..Default::default()
            }]),
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn minimal_create_acls_request() -> CreateAclsRequest {
    CreateAclsRequest {
        creations: vec![AclCreation {
            resource_pattern_type: 0,
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn minimal_create_acls_response() -> CreateAclsResponse {
    CreateAclsResponse {
        results: vec![AclCreationResult {
            error_message: empty(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn check_request<M: Message + PartialEq + std::fmt::Debug>(
    msg: &M,
    version: i16,
    expected_hex: &str,
) {
    let expected = hex(expected_hex);
    let header = RequestHeader::new(M::API_KEY, version, 0, empty());
    let mut wire = BytesMut::new();
    let written = frame::encode_request(&mut wire, &header, msg).unwrap();
    assert_eq!(written, expected.len());
    assert_eq!(
        hex_of(&wire),
        expected_hex,
        "{} v{version} encode",
        M::SCHEMA.name
    );

    let mut decoder = frame::FrameDecoder::default();
    let mut src = BytesMut::from(&expected[..]);
    let body = decoder.decode(&mut src).unwrap().unwrap();
    let (h, decoded) = frame::decode_request::<M>(body).unwrap();
    assert_eq!(h, header);
    assert_eq!(&decoded, msg);
    let mut again = BytesMut::new();
    frame::encode_request(&mut again, &h, &decoded).unwrap();
    assert_eq!(&again[..], &expected[..], "re-encode");
}

fn check_response<M: Message + PartialEq + std::fmt::Debug>(
    msg: &M,
    version: i16,
    expected_hex: &str,
) {
    let expected = hex(expected_hex);
    let header = ResponseHeader::new(0);
    let mut wire = BytesMut::new();
    frame::encode_response(&mut wire, &header, version, msg).unwrap();
    assert_eq!(
        hex_of(&wire),
        expected_hex,
        "{} v{version} encode",
        M::SCHEMA.name
    );

    let mut src = Bytes::from(expected.clone());
    let size = src.get_i32() as usize;
    assert_eq!(size, src.len());
    let (h, decoded) = frame::decode_response::<M>(src, version).unwrap();
    assert_eq!(h, header);
    assert_eq!(&decoded, msg);
    let mut again = BytesMut::new();
    frame::encode_response(&mut again, &h, version, &decoded).unwrap();
    assert_eq!(&again[..], &expected[..], "re-encode");
}

fn hex_of(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn create_topics_request_v7_seed() {
    check_request(
        &minimal_create_topics_request(),
        7,
        CREATE_TOPICS_REQUEST_V7,
    );
    assert_eq!(hex(CREATE_TOPICS_REQUEST_V7).len(), 45);
}

#[test]
fn create_topics_response_v7_seed() {
    check_response(
        &minimal_create_topics_response(),
        7,
        CREATE_TOPICS_RESPONSE_V7,
    );
    assert_eq!(hex(CREATE_TOPICS_RESPONSE_V7).len(), 49);
}

#[test]
fn create_acls_request_v3_seed() {
    check_request(&minimal_create_acls_request(), 3, CREATE_ACLS_REQUEST_V3);
    assert_eq!(hex(CREATE_ACLS_REQUEST_V3).len(), 25);
}

#[test]
fn create_acls_response_v3_seed() {
    check_response(&minimal_create_acls_response(), 3, CREATE_ACLS_RESPONSE_V3);
    assert_eq!(hex(CREATE_ACLS_RESPONSE_V3).len(), 19);
}

#[test]
fn the_minimal_instance_is_not_default() {
    // The seeds hold zeros where Kafka's defaults are not zero.
    assert_eq!(CreateTopicsRequest::default().timeout_ms, 60000);
    assert_eq!(CreatableTopicResult::default().num_partitions, -1);
    assert_eq!(CreatableTopicResult::default().replication_factor, -1);
    assert_eq!(CreatableTopicConfigs::default().config_source, -1);
    assert_eq!(AclCreation::default().resource_pattern_type, 3);
    // Nullable strings default to the empty non-null string, as in Kafka's Java classes.
    assert_eq!(CreatableTopicConfig::default().value, empty());
    assert_ne!(
        minimal_create_topics_request(),
        CreateTopicsRequest::default()
    );
}
