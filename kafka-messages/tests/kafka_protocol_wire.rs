//! Byte-level differential with the `kafka-protocol` crate (0.18, generated
//! from Kafka 4.1's schemas) for every message both crates have: random
//! instances encoded here are decoded by kafka-protocol and encoded again, at
//! every version both support; its bytes must equal ours. (`differential.rs`
//! compares the curated messages field by field, both ways.)

mod common;

use bytes::{Bytes, BytesMut};
use common::{hex, random_instances, rust_round_trip};
use kafka_messages::ApiKey;
use kafka_protocol::messages::{self as kp, RequestKind, ResponseKind};

/// kafka-protocol's encoding of `bytes` read at `version`.
fn theirs(key: kp::ApiKey, request: bool, version: i16, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut input = Bytes::copy_from_slice(bytes);
    let mut out = BytesMut::new();
    if request {
        RequestKind::decode(key, &mut input, version)
            .and_then(|m| m.encode(&mut out, version))
            .map_err(|e| e.to_string())?;
    } else {
        ResponseKind::decode(key, &mut input, version)
            .and_then(|m| m.encode(&mut out, version))
            .map_err(|e| e.to_string())?;
    }
    if !input.is_empty() {
        return Err(format!("kafka-protocol left {} bytes", input.len()));
    }
    Ok(out.to_vec())
}

/// Request versions kafka-protocol 0.18 leaves out although its `ApiKey`
/// lists them: they were unstable in Kafka 4.1 (`latestVersionUnstable`), so
/// its generator wrote the request types one version short (its decode
/// refuses them); the responses have them.
const UNSTABLE_IN_KAFKA_4_1: &[(ApiKey, i16)] = &[
    (ApiKey::OffsetCommit, 10),
    (ApiKey::OffsetFetch, 10),
    (ApiKey::InitProducerId, 6),
];

#[test]
fn every_shared_message_matches_kafka_protocol() {
    let (mut checked, mut apis) = (0, 0);
    let mut failed = Vec::new();
    for &key in ApiKey::ALL {
        let Ok(their_key) = kp::ApiKey::try_from(key.key()) else {
            continue; // an API kafka-protocol 0.18 does not have
        };
        apis += 1;
        let theirs_range = their_key.valid_versions();
        let ours = key.valid_versions();
        let low = ours.lowest().unwrap().max(theirs_range.min);
        let high = ours.highest().unwrap().min(theirs_range.max);
        for (request, suffix) in [(true, "Request"), (false, "Response")] {
            let name = format!("{}{suffix}", key.name());
            let (schema, _, flexible) = common::declaration(&name).unwrap();
            for version in low..=high {
                if request && UNSTABLE_IN_KAFKA_4_1.contains(&(key, version)) {
                    continue;
                }
                for (i, wire) in random_instances(&name, schema, version, flexible, 16)
                    .into_iter()
                    .enumerate()
                {
                    let ours = rust_round_trip(&name, version, &wire).expect("our own bytes");
                    let result = theirs(their_key, request, version, &ours).and_then(|t| {
                        if t == ours {
                            Ok(())
                        } else {
                            Err(format!("kafka-protocol wrote {}", hex(&t)))
                        }
                    });
                    checked += 1;
                    if let Err(e) = result {
                        failed.push(format!("{name} v{version} #{i} {}: {e}", hex(&ours)));
                    }
                }
            }
        }
    }
    eprintln!("{checked} instances of {apis} APIs compared with kafka-protocol");
    assert!(apis >= 85, "{apis}");
    let mut by_version = std::collections::BTreeMap::<String, usize>::new();
    for f in &failed {
        let at: Vec<&str> = f.split(' ').take(2).collect();
        *by_version.entry(at.join(" ")).or_default() += 1;
    }
    assert!(
        failed.is_empty(),
        "{} of {checked} differ, in {by_version:?}:\n{}",
        failed.len(),
        failed[..failed.len().min(30)].join("\n")
    );
}
