//! `Cluster::inject` with `Fault::Error` and `Cluster::inject_while`: an
//! error code answered in the shape of the request (every topic and
//! partition it names, their names and indexes copied), once, n times or
//! while a predicate holds, the request not handled; and the same for every
//! served API at every version, read back by the interpreted codec.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use bytes::{BufMut, Bytes, BytesMut};
use common::Fake;
use kafka_messages::add_partitions_to_txn::AddPartitionsToTxnTopic;
use kafka_messages::client::Client;
use kafka_messages::dynamic::DynamicFrame;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::dynamic::{DynamicMessage, StructValue, Value};
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, RequestHeader, Versioned};
use kafka_wire_fake::{Fault, SERVED_APIS};

fn client(fake: &Fake) -> Client {
    fake.client("inject-test")
}

fn produce_request() -> ProduceRequest {
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    let records = Records(b.build().unwrap().into_bytes());
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: [0, 1]
                .map(|index| PartitionProduceData {
                    index,
                    records: Some(records.clone()),
                    ..Default::default()
                })
                .to_vec(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Each partition's (topic, index, error, base offset) of a Produce.
fn produce(c: &mut Client) -> Vec<(String, i32, ErrorCode, i64)> {
    let r = c.send(&produce_request(), 12).unwrap();
    r.responses
        .iter()
        .flat_map(|t| {
            t.partition_responses.iter().map(|p| {
                let code = ErrorCode::from_code(p.error_code);
                (t.name.to_string(), p.index, code, p.base_offset)
            })
        })
        .collect()
}

#[test]
fn an_injected_error_answers_every_partition_once_and_stores_nothing() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let not_leader = ErrorCode::NotLeaderOrFollower;
    fake.cluster
        .inject(ApiKey::Produce, 1, Fault::Error(not_leader));
    assert_eq!(
        produce(&mut c),
        vec![
            ("t".into(), 0, not_leader, -1),
            ("t".into(), 1, not_leader, -1)
        ]
    );
    // Once: the next is served, and the refused records were not stored.
    assert_eq!(
        produce(&mut c),
        vec![
            ("t".into(), 0, ErrorCode::None, 0),
            ("t".into(), 1, ErrorCode::None, 0)
        ]
    );
    // Fetch: the top-level error (v7+) and each partition's, names copied
    // from the request though the request calls the index `Partition`.
    fake.cluster.inject(
        ApiKey::Fetch,
        2,
        Fault::Error(ErrorCode::UnknownServerError),
    );
    let fetch = FetchRequest {
        max_bytes: i32::MAX,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition: 1,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    for _ in 0..2 {
        let r = c.send(&fetch, 12).unwrap();
        assert_eq!(r.error_code, ErrorCode::UnknownServerError.code());
        let p = &r.responses[0].partitions[0];
        assert_eq!((r.responses[0].topic.as_str(), p.partition_index), ("t", 1));
        let no_records = p.records.as_ref().is_none_or(|r| r.0.is_empty());
        assert_eq!((p.error_code, p.high_watermark, no_records), (-1, -1, true));
    }
    let served = c.send(&fetch, 12).unwrap();
    assert_eq!(served.responses[0].partitions[0].high_watermark, 1);
}

#[test]
fn arrays_of_names_and_indexes_answer_as_their_results() {
    let fake = Fake::start();
    let mut c = client(&fake);
    // AddPartitionsToTxn v3 names partitions as int32s; its answer has a
    // result per partition, keyed by the index.
    fake.cluster.inject(
        ApiKey::AddPartitionsToTxn,
        1,
        Fault::Error(ErrorCode::ConcurrentTransactions),
    );
    let add = AddPartitionsToTxnRequest {
        v3_and_below_transactional_id: "tx".into(),
        v3_and_below_topics: vec![AddPartitionsToTxnTopic {
            name: "t".into(),
            partitions: vec![0, 1],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&add, 3).unwrap();
    let topic = &r.results_by_topic_v3_and_below[0];
    let parts: Vec<(i32, i16)> = topic
        .results_by_partition
        .iter()
        .map(|p| (p.partition_index, p.partition_error_code))
        .collect();
    let code = ErrorCode::ConcurrentTransactions.code();
    assert_eq!(
        (topic.name.as_str(), parts),
        ("t", vec![(0, code), (1, code)])
    );
    // Metadata: each topic asked about, with the error; no brokers.
    fake.cluster.inject(
        ApiKey::Metadata,
        1,
        Fault::Error(ErrorCode::LeaderNotAvailable),
    );
    let metadata = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("t".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let r = c.send(&metadata, 12).unwrap();
    assert_eq!(r.brokers.len(), 0);
    let t = &r.topics[0];
    assert_eq!(
        (t.name.as_deref(), t.error_code, t.partitions.len()),
        (Some("t"), ErrorCode::LeaderNotAvailable.code(), 0)
    );
}

#[test]
fn a_struct_null_by_default_stays_null_as_in_kafkas_error_answers() {
    let fake = Fake::start();
    let mut c = client(&fake);
    // ConsumerGroupHeartbeatRequest.getErrorResponse sets the error code
    // only: the member's assignment, nullable and null by default, stays
    // null (an empty assignment would tell the member it owns nothing).
    let code = ErrorCode::CoordinatorLoadInProgress;
    fake.cluster
        .inject(ApiKey::ConsumerGroupHeartbeat, 1, Fault::Error(code));
    let heartbeat = ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: "m".into(),
        rebalance_timeout_ms: 30_000,
        subscribed_topic_names: Some(vec!["t".into()]),
        ..Default::default()
    };
    let r = c.send(&heartbeat, 1).unwrap();
    assert_eq!(
        (ErrorCode::from_code(r.error_code), r.assignment),
        (code, None)
    );
}

#[test]
fn a_predicate_picks_the_requests_for_as_long_as_it_holds() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let down = Arc::new(AtomicBool::new(true));
    let flag = Arc::clone(&down);
    let enough = ErrorCode::NotEnoughReplicas;
    fake.cluster.inject_while(
        ApiKey::Produce,
        Fault::Error(enough),
        move |header, request| {
            let RequestKind::Produce(p) = request else {
                return false;
            };
            header.client_id.as_deref() == Some("inject-test")
                && flag.load(Ordering::Relaxed)
                && p.topic_data.iter().any(|t| t.name == "t")
        },
    );
    for _ in 0..3 {
        assert_eq!(produce(&mut c)[0].2, enough);
    }
    // Another client is not picked.
    let mut other = Client::connect(fake.addr, "other").unwrap();
    assert_eq!(produce(&mut other)[0].2, ErrorCode::None);
    down.store(false, Ordering::Relaxed);
    assert_eq!(produce(&mut c)[0].2, ErrorCode::None);
    down.store(true, Ordering::Relaxed);
    assert_eq!(produce(&mut c)[0].2, enough);
    fake.cluster.clear_faults();
    assert_eq!(produce(&mut c)[0].2, ErrorCode::None);
}

/// Sends `body` (API `api` at `version`) on `stream` and reads the answer's
/// frame (no size).
fn exchange(stream: &mut TcpStream, api: ApiKey, version: i16, body: &RequestKind) -> Bytes {
    let header = RequestHeader::new(api.key(), version, 9, Some("inject-test".into()));
    let mut contents = BytesMut::new();
    header
        .encode(&mut contents, api.request_header_version(version))
        .unwrap();
    body.encode(&mut contents, version).unwrap();
    let mut out = BytesMut::new();
    out.put_i32(i32::try_from(contents.len()).unwrap());
    out.extend_from_slice(&contents);
    stream.write_all(&out).unwrap();
    let mut size = [0; 4];
    stream.read_exact(&mut size).unwrap();
    let mut answer = vec![0; usize::try_from(i32::from_be_bytes(size)).unwrap()];
    stream.read_exact(&mut answer).unwrap();
    answer.into()
}

/// Every `...ErrorCode` field's value in `s`, depth first.
fn error_codes(s: &StructValue, out: &mut Vec<(String, i16)>) {
    for f in s.fields() {
        match &f.value {
            Value::Int16(code) if f.field.json_name.ends_with("ErrorCode") => {
                out.push((f.field.json_name.to_string(), *code));
            }
            Value::Struct(inner) => error_codes(inner, out),
            Value::Array(elements) => {
                for e in elements {
                    if let Value::Struct(inner) = &e.value {
                        error_codes(inner, out);
                    }
                }
            }
            _ => {}
        }
    }
}

#[test]
fn every_served_api_at_every_version_answers_an_injected_error_in_its_shape() {
    let fake = Fake::start();
    let mut stream = TcpStream::connect(fake.addr).unwrap();
    let code = ErrorCode::PolicyViolation;
    let mut answered = 0;
    for &api in SERVED_APIS {
        let versions = fake.cluster.versions(api).unwrap();
        for version in versions.lowest().unwrap()..=versions.highest().unwrap() {
            // One element in every array, as the wire pages' samples have.
            let schema = api.request_message_schema().unwrap();
            let sample = DynamicMessage::sample(schema, version);
            let mut bytes = Bytes::from(sample.encode_to_vec().unwrap());
            let mut request = RequestKind::decode(api.key(), version, &mut bytes).unwrap();
            // The sample's acks 0 would be answered by nothing.
            if let RequestKind::Produce(p) = &mut request {
                p.acks = -1;
            }
            fake.cluster.inject(api, 1, Fault::Error(code));
            let frame = exchange(&mut stream, api, version, &request);
            let read = DynamicFrame::decode_response(frame, api.key(), version)
                .unwrap_or_else(|e| panic!("{} v{version}: {e}", api.name()));
            let mut codes = Vec::new();
            error_codes(&read.body.body, &mut codes);
            assert!(
                !codes.is_empty(),
                "{} v{version}: no error code answered",
                api.name()
            );
            for (field, value) in codes {
                assert_eq!(value, code.code(), "{} v{version}: {field}", api.name());
            }
            answered += 1;
        }
    }
    let every: usize = SERVED_APIS
        .iter()
        .map(|&api| {
            let v = fake.cluster.versions(api).unwrap();
            usize::try_from(v.highest().unwrap() - v.lowest().unwrap() + 1).unwrap()
        })
        .sum();
    assert_eq!(answered, every);
}
