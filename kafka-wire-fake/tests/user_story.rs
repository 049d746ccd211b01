//! What a user's test looks like: the code under test is a small "send with
//! one retry" producer and a consumer that resumes from its committed
//! offset; the tests start a cluster, break the first produce with an
//! injected disconnect or a retriable error, and check that the code
//! recovers and that every record is read once.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use kafka_messages::client::Client;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::OffsetFetchRequestTopic;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::{Cluster, Fault, Outcome};

// ---- the code under test ---------------------------------------------------

/// Sends `values` to partition 0 of `topic`, reconnecting and retrying once
/// when the connection drops or the broker answers a retriable error: the
/// first offset written.
fn send_with_retry(addr: SocketAddr, topic: &str, values: &[&str]) -> i64 {
    let mut batch = RecordBatchBuilder::new();
    for v in values {
        batch.append(NewRecord::new(0).value(v.as_bytes())).unwrap();
    }
    let request = ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: topic.into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(batch.build().unwrap().into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    for _attempt in 0..2 {
        let mut c = Client::connect(addr, "app").unwrap();
        if let Ok(r) = c.send(&request, 11) {
            let p = &r.responses[0].partition_responses[0];
            match ErrorCode::from_code(p.error_code) {
                ErrorCode::None => return p.base_offset,
                e if e.is_retriable() => continue,
                e => panic!("the produce failed: {e:?}"),
            }
        }
    }
    panic!("the produce failed twice");
}

/// Reads partition 0 of `topic` from `group`'s committed offset and commits
/// past what it read: the values.
fn consume_new(addr: SocketAddr, group: &str, topic: &str) -> Vec<String> {
    let mut c = Client::connect(addr, "app").unwrap();
    let fetched = OffsetFetchRequest {
        group_id: group.into(),
        topics: Some(vec![OffsetFetchRequestTopic {
            name: topic.into(),
            partition_indexes: vec![0],
            ..Default::default()
        }]),
        ..Default::default()
    };
    let from = c.send(&fetched, 7).unwrap().topics[0].partitions[0]
        .committed_offset
        .max(0);
    let fetch = FetchRequest {
        max_bytes: 1 << 20,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic: topic.into(),
            partitions: vec![FetchPartition {
                partition: 0,
                fetch_offset: from,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer = c.send(&fetch, 12).unwrap();
    let records = answer.responses[0].partitions[0]
        .records
        .clone()
        .unwrap_or(Records(Default::default()));
    let mut values = Vec::new();
    let mut next = from;
    for batch in records.batches() {
        for r in batch.unwrap().records().unwrap() {
            let r = r.unwrap();
            if r.offset() >= from {
                values.push(String::from_utf8(r.value().unwrap().to_vec()).unwrap());
                next = r.offset() + 1;
            }
        }
    }
    let commit = OffsetCommitRequest {
        group_id: group.into(),
        topics: vec![OffsetCommitRequestTopic {
            name: topic.into(),
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: next,
                committed_metadata: None,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(
        c.send(&commit, 8).unwrap().topics[0].partitions[0].error_code,
        0
    );
    values
}

// ---- the test ----------------------------------------------------------------

#[test]
fn the_producer_survives_a_dropped_connection_and_the_consumer_reads_each_record_once() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime.block_on(Cluster::builder().start()).unwrap();
    let addr = cluster.bootstrap_addrs()[0];
    create_orders(addr);

    cluster.inject(ApiKey::Produce, 1, Fault::Disconnect);
    assert_eq!(send_with_retry(addr, "orders", &["a", "b"]), 0);
    assert_eq!(consume_new(addr, "app", "orders"), ["a", "b"]);
    assert_eq!(send_with_retry(addr, "orders", &["c"]), 2);
    assert_eq!(consume_new(addr, "app", "orders"), ["c"]);
    assert!(consume_new(addr, "app", "orders").is_empty());
}

#[test]
fn the_producer_retries_a_retriable_error_and_writes_once() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    // Each Produce's answered errors, as the request log has them.
    let produced = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&produced);
    let builder = Cluster::builder().on_request(move |e| {
        if let (Some(h), Outcome::Answered { errors }) = (e.header, e.outcome) {
            if h.api_key == ApiKey::Produce.key() {
                log.lock().unwrap().push(errors.clone());
            }
        }
    });
    let cluster = runtime.block_on(builder.start()).unwrap();
    let addr = cluster.bootstrap_addrs()[0];
    create_orders(addr);

    // The leader moved, says the broker, once: the answer comes, the
    // records are not stored, and the retry stores them.
    let moved = Fault::Error(ErrorCode::NotLeaderOrFollower);
    cluster.inject(ApiKey::Produce, 1, moved);
    assert_eq!(send_with_retry(addr, "orders", &["a", "b"]), 0);
    assert_eq!(consume_new(addr, "app", "orders"), ["a", "b"]);
    let moved = vec![ErrorCode::NotLeaderOrFollower];
    assert_eq!(*produced.lock().unwrap(), [moved, vec![]]);
}

/// Creates topic `orders`, of one partition.
fn create_orders(addr: SocketAddr) {
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    Client::connect(addr, "setup")
        .unwrap()
        .send(&create, 7)
        .unwrap();
}
