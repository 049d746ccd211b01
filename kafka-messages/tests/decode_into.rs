//! Decoding into an existing message (`Versioned::decode_into`): the result
//! always equals a fresh `decode`, whatever the value held before (another
//! message's arrays, tagged fields, nulls, unknown tags), and a message
//! decoded again and again into one value allocates nothing after the first.

mod common;

use std::fmt::Debug;

use bytes::Bytes;
use common::{declaration, hex, random_instances};
use kafka_messages::*;
use kafka_wire::Versioned;
use kafka_wire_test_support::{measure, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Decodes random instances of `T` at every version one after another into
/// one value, checking each against a fresh decode.
fn reuse_matches_decode<T: Versioned + PartialEq + Debug>() -> usize {
    let name = T::SCHEMA.json_name;
    let (schema, versions, flexible) = declaration(name).expect("declared");
    let mut checked = 0;
    let mut reused = T::default();
    for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
        for wire in random_instances(name, schema, version, flexible, 24) {
            let fresh = T::decode_exact(Bytes::copy_from_slice(&wire), version).expect("own bytes");
            let mut buf = Bytes::copy_from_slice(&wire);
            reused
                .decode_into(&mut buf, version)
                .unwrap_or_else(|e| panic!("{name} v{version} {}: {e}", hex(&wire)));
            assert!(
                buf.is_empty(),
                "{name} v{version}: decode_into reads it all"
            );
            assert_eq!(reused, fresh, "{name} v{version} {}", hex(&wire));
            checked += 1;
        }
    }
    checked
}

#[test]
fn decoding_into_a_used_message_equals_a_fresh_decode() {
    let checked = [
        reuse_matches_decode::<CreateTopicsRequest>(),
        reuse_matches_decode::<CreateTopicsResponse>(),
        reuse_matches_decode::<MetadataRequest>(),
        reuse_matches_decode::<MetadataResponse>(),
        reuse_matches_decode::<ProduceRequest>(),
        reuse_matches_decode::<FetchRequest>(),
        reuse_matches_decode::<FetchResponse>(),
        reuse_matches_decode::<DescribeConfigsResponse>(),
        reuse_matches_decode::<ConsumerGroupHeartbeatResponse>(),
        reuse_matches_decode::<StreamsGroupHeartbeatRequest>(),
        reuse_matches_decode::<ApiVersionsResponse>(),
        reuse_matches_decode::<ConsumerProtocolSubscription>(),
    ]
    .iter()
    .sum::<usize>();
    assert!(checked > 1000, "{checked}");
}

#[test]
fn a_message_decoded_again_into_one_value_allocates_nothing() {
    // A large CreateTopics v7: 200 topics, each with assignments and configs.
    let request = CreateTopicsRequest {
        topics: (0..200)
            .map(|t| CreatableTopic {
                name: format!("topic-{t:05}-with-a-longer-name").as_str().into(),
                num_partitions: 6,
                replication_factor: 3,
                assignments: (0..6)
                    .map(|p| CreatableReplicaAssignment {
                        partition_index: p,
                        broker_ids: vec![p, p + 1, p + 2].into(),
                        ..Default::default()
                    })
                    .collect(),
                configs: vec![
                    CreatableTopicConfig::new("cleanup.policy", "compact"),
                    CreatableTopicConfig::new("retention.ms", "604800000"),
                ],
                ..Default::default()
            })
            .collect(),
        timeout_ms: 30_000,
        ..Default::default()
    };
    for version in [4, 7] {
        let wire = Bytes::from(request.encode_to_vec(version).unwrap());
        let mut reused = CreateTopicsRequest::default();
        let (_, first) = measure(|| reused.decode_into(&mut wire.clone(), version).unwrap());
        let (_, fresh) =
            measure(|| CreateTopicsRequest::decode_exact(wire.clone(), version).unwrap());
        assert!(first.count > 0, "the first decode allocates");
        for round in 0..3 {
            let (_, again) = measure(|| reused.decode_into(&mut wire.clone(), version).unwrap());
            assert_eq!(again.count, 0, "v{version} round {round}: {again:?}");
        }
        assert_eq!(reused, request);
        eprintln!(
            "CreateTopics v{version}, {} bytes: decode {} allocations, decode_into {} then 0",
            wire.len(),
            fresh.count,
            first.count
        );
    }
}
