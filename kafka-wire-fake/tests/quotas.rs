//! Client quotas (`ClusterBuilder::client_quota`): a Produce over its byte
//! rate answered with Kafka's throttle time, exact on a paused clock; a
//! throttled Fetch answered empty and not counted; the most specific quota
//! holding for a user's client id.

mod common;

use common::{send, send_as};
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::{ClientQuota, Cluster};
use tokio::net::TcpStream;

/// A Produce to `t` of one record of `value_bytes` bytes.
fn produce(value_bytes: usize) -> ProduceRequest {
    let value = vec![7u8; value_bytes];
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(&value)).unwrap();
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(Records(b.build().unwrap().into_bytes())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

async fn cluster(quota: ClientQuota) -> (Cluster, TcpStream) {
    let cluster = Cluster::builder()
        .principal("User:alice")
        .client_quota(quota)
        .start()
        .await
        .unwrap();
    let mut stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut stream, &common::create_topic("t", 1, &[]), 7).await;
    (cluster, stream)
}

#[tokio::test(start_paused = true)]
async fn a_produce_over_its_quota_gets_kafkas_throttle_time() {
    let (_cluster, mut s) =
        cluster(ClientQuota::client_id("app").produce_bytes_per_sec(100.0)).await;
    let request = produce(2_000);
    let (first, size) = send_as(&mut s, "app", &request, 9).await;
    assert!(size > 2_000);
    let p = &first.responses[0].partition_responses[0];
    assert_eq!(ErrorCode::from(p.error_code), ErrorCode::None);
    // `size` bytes in the first second: the window is 10 s (ten whole
    // windows assumed), the rate size / 10 B/s, and the throttle
    // (rate - 100) / 100 * 10,000 ms.
    let expected = |bytes: usize| ((bytes as f64 / 10.0 - 100.0) / 100.0 * 10_000.0).round() as i32;
    assert_eq!(first.throttle_time_ms, expected(size));
    // The second adds to the same rate.
    let (second, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(second.throttle_time_ms, expected(2 * size));
    // Another client id has no quota.
    let (other, _) = send_as(&mut s, "other", &request, 9).await;
    assert_eq!(other.throttle_time_ms, 0);
    // Eleven seconds on, both samples are gone.
    tokio::time::advance(std::time::Duration::from_secs(11)).await;
    let (later, _) = send_as(&mut s, "app", &request, 9).await;
    assert_eq!(later.throttle_time_ms, expected(size));
    // A small produce within the quota is not throttled.
    tokio::time::advance(std::time::Duration::from_secs(11)).await;
    let (small, size) = send_as(&mut s, "app", &produce(10), 9).await;
    assert!(size < 1_000);
    assert_eq!(small.throttle_time_ms, 0);
}

fn fetch() -> FetchRequest {
    FetchRequest {
        replica_id: -1,
        max_wait_ms: 0,
        max_bytes: 1 << 20,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition: 0,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[tokio::test(start_paused = true)]
async fn a_throttled_fetch_is_answered_empty_and_not_counted() {
    let (_cluster, mut s) =
        cluster(ClientQuota::client_id("reader").fetch_bytes_per_sec(100.0)).await;
    send_as(&mut s, "writer", &produce(2_000), 9).await;
    let (unlimited, _) = send_as(&mut s, "writer", &fetch(), 12).await;
    assert_eq!(unlimited.throttle_time_ms, 0);
    assert_eq!(unlimited.responses.len(), 1);
    let (first, _) = send_as(&mut s, "reader", &fetch(), 12).await;
    assert!(first.throttle_time_ms > 0);
    assert!(first.responses.is_empty());
    assert_eq!(ErrorCode::from(first.error_code), ErrorCode::None);
    // Its bytes were taken back: the next fetch is throttled as much.
    let (second, _) = send_as(&mut s, "reader", &fetch(), 12).await;
    assert_eq!(second.throttle_time_ms, first.throttle_time_ms);
}

#[tokio::test(start_paused = true)]
async fn a_users_client_id_quota_comes_before_the_users() {
    let cluster = Cluster::builder()
        .principal("User:alice")
        .client_quota(ClientQuota::user("alice").produce_bytes_per_sec(100.0))
        .client_quota(ClientQuota::user_and_client_id("alice", "app").produce_bytes_per_sec(1e9))
        .client_quota(ClientQuota::user("bob").produce_bytes_per_sec(1e9))
        .start()
        .await
        .unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut s, &common::create_topic("t", 1, &[]), 7).await;
    let (app, _) = send_as(&mut s, "app", &produce(2_000), 9).await;
    assert_eq!(app.throttle_time_ms, 0);
    let (other, _) = send_as(&mut s, "other", &produce(2_000), 9).await;
    assert!(other.throttle_time_ms > 0);
}

#[tokio::test]
async fn a_rate_that_is_not_positive_is_refused_at_start() {
    for rate in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let start = Cluster::builder()
            .client_quota(ClientQuota::client_id("app").fetch_bytes_per_sec(rate))
            .start()
            .await;
        let Err(err) = start else {
            panic!("started with a rate of {rate}")
        };
        assert!(
            err.to_string()
                .starts_with("a client quota's byte rate must be positive, not "),
            "{err}"
        );
    }
}
