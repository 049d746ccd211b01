//! The four seed frames of shared/seeds/README.md, byte for byte, both ways:
//! the smallest instance (zeros, empty strings, one element per array) encodes
//! to exactly these bytes with its header and size prefix; the bytes decode to
//! that instance and re-encode identically.

use bytes::{Buf, Bytes, BytesMut};
use kafka_messages::*;
use kafka_wire::{frame, Message};
use kafka_wire_test_support::hex;
use kafka_wire_test_support::seeds::minimal::{self, empty};
use kafka_wire_test_support::seeds::{Seed, CREATE_ACLS_V3, CREATE_TOPICS_V7};

fn check_request<M: Message + PartialEq + std::fmt::Debug>(msg: &M, seed: &Seed) {
    let (version, expected_hex) = (seed.version, seed.request_hex);
    let expected = seed.request_frame();
    let header = minimal::request_header(seed);
    assert_eq!((header.api_key, header.api_version), (M::API_KEY, version));
    let mut wire = BytesMut::new();
    let written = frame::encode_request(&mut wire, &header, msg).unwrap();
    assert_eq!(written, expected.len());
    assert_eq!(
        hex::encode(&wire),
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

fn check_response<M: Message + PartialEq + std::fmt::Debug>(msg: &M, seed: &Seed) {
    let (version, expected_hex) = (seed.version, seed.response_hex);
    let expected = seed.response_frame();
    let header = minimal::response_header();
    let mut wire = BytesMut::new();
    frame::encode_response(&mut wire, &header, version, msg).unwrap();
    assert_eq!(
        hex::encode(&wire),
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

#[test]
fn create_topics_request_v7_seed() {
    assert_eq!(CREATE_TOPICS_V7.version, 7);
    check_request(&minimal::create_topics_request(), &CREATE_TOPICS_V7);
    assert_eq!(CREATE_TOPICS_V7.request_frame().len(), 45);
}

#[test]
fn create_topics_response_v7_seed() {
    check_response(&minimal::create_topics_response(), &CREATE_TOPICS_V7);
    assert_eq!(CREATE_TOPICS_V7.response_frame().len(), 49);
}

#[test]
fn create_acls_request_v3_seed() {
    assert_eq!(CREATE_ACLS_V3.version, 3);
    check_request(&minimal::create_acls_request(), &CREATE_ACLS_V3);
    assert_eq!(CREATE_ACLS_V3.request_frame().len(), 25);
}

#[test]
fn create_acls_response_v3_seed() {
    check_response(&minimal::create_acls_response(), &CREATE_ACLS_V3);
    assert_eq!(CREATE_ACLS_V3.response_frame().len(), 19);
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
        minimal::create_topics_request(),
        CreateTopicsRequest::default()
    );
}
