//! Incremental fetch sessions (KIP-227): a full fetch opens a session,
//! incremental fetches add, change and forget partitions and get only the
//! partitions that changed, bad ids and epochs get Kafka's errors, and the
//! session cache is bounded.

mod common;

use common::{create_topic, send};
use kafka_messages::fetch::{FetchPartition, FetchTopic, ForgottenTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

const FETCH: i16 = 12;

async fn start() -> (Cluster, TcpStream) {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let r = send(&mut s, &create_topic("t", 2, &[]), 7).await;
    assert_eq!(r.topics[0].error(), ErrorCode::None);
    (cluster, s)
}

async fn produce(s: &mut TcpStream, partition: i32) {
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(1_000).value(b"v")).unwrap();
    let request = ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: partition,
                records: Some(Records(b.build().unwrap().into_bytes())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = send(s, &request, 12).await;
    assert_eq!(r.responses[0].partition_responses[0].error_code, 0);
}

/// A fetch in session `id` at `epoch` of `partitions` (index, offset),
/// forgetting `forgotten`.
fn fetch(id: i32, epoch: i32, partitions: &[(i32, i64)], forgotten: &[i32]) -> FetchRequest {
    FetchRequest {
        max_wait_ms: 0,
        min_bytes: 0,
        max_bytes: i32::MAX,
        session_id: id,
        session_epoch: epoch,
        topics: if partitions.is_empty() {
            vec![]
        } else {
            vec![FetchTopic {
                topic: "t".into(),
                partitions: partitions
                    .iter()
                    .map(|&(partition, fetch_offset)| FetchPartition {
                        partition,
                        fetch_offset,
                        partition_max_bytes: 1 << 20,
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }]
        },
        forgotten_topics_data: if forgotten.is_empty() {
            vec![]
        } else {
            vec![ForgottenTopic {
                topic: "t".into(),
                partitions: forgotten.to_vec(),
                ..Default::default()
            }]
        },
        ..Default::default()
    }
}

/// The answer: top-level error, session id, and each partition returned
/// with its high watermark and how many record bytes.
async fn answer(s: &mut TcpStream, r: &FetchRequest) -> (i16, i32, Vec<(i32, i64, usize)>) {
    let r = send(s, r, FETCH).await;
    let partitions = r
        .responses
        .iter()
        .flat_map(|t| &t.partitions)
        .map(|p| {
            let bytes = p.records.as_ref().map_or(0, |r| r.0.len());
            (p.partition_index, p.high_watermark, bytes)
        })
        .collect();
    (r.error_code, r.session_id, partitions)
}

fn one_batch() -> usize {
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(1_000).value(b"v")).unwrap();
    b.build().unwrap().into_bytes().len()
}

#[tokio::test]
async fn a_session_answers_only_the_partitions_that_changed() {
    let (cluster, mut s) = start().await;
    let (code, id, partitions) = answer(&mut s, &fetch(0, 0, &[(0, 0), (1, 0)], &[])).await;
    assert_eq!((code, partitions), (0, vec![(0, 0, 0), (1, 0, 0)]));
    assert_ne!(id, 0);
    // Nothing changed: nothing answered.
    assert_eq!(
        answer(&mut s, &fetch(id, 1, &[], &[])).await,
        (0, id, vec![])
    );
    // A record in partition 1: it alone comes back, with the record.
    produce(&mut s, 1).await;
    assert_eq!(
        answer(&mut s, &fetch(id, 2, &[], &[])).await,
        (0, id, vec![(1, 1, one_batch())])
    );
    // The client moves partition 1 on: nothing new.
    assert_eq!(
        answer(&mut s, &fetch(id, 3, &[(1, 1)], &[])).await,
        (0, id, vec![])
    );
    // Partition 0 forgotten: its record is not answered.
    assert_eq!(
        answer(&mut s, &fetch(id, 4, &[], &[0])).await,
        (0, id, vec![])
    );
    produce(&mut s, 0).await;
    assert_eq!(
        answer(&mut s, &fetch(id, 5, &[], &[])).await,
        (0, id, vec![])
    );
    // Added again: its state is new to the session, so it is answered.
    assert_eq!(
        answer(&mut s, &fetch(id, 6, &[(0, 0)], &[])).await,
        (0, id, vec![(0, 1, one_batch())])
    );
    cluster.shutdown().await;
}

#[tokio::test]
async fn bad_session_ids_and_epochs_get_kafkas_errors() {
    let (cluster, mut s) = start().await;
    let (_, id, _) = answer(&mut s, &fetch(0, 0, &[(0, 0)], &[])).await;
    let not_found = ErrorCode::FetchSessionIdNotFound.code();
    let bad_epoch = ErrorCode::InvalidFetchSessionEpoch.code();
    assert_eq!(
        answer(&mut s, &fetch(id, 2, &[], &[])).await,
        (bad_epoch, 0, vec![])
    );
    assert_eq!(
        answer(&mut s, &fetch(id, -2, &[], &[])).await,
        (bad_epoch, 0, vec![])
    );
    assert_eq!(
        answer(&mut s, &fetch(id + 1, 1, &[], &[])).await,
        (not_found, 0, vec![])
    );
    assert_eq!(
        answer(&mut s, &fetch(0, 1, &[], &[])).await,
        (not_found, 0, vec![])
    );
    // The refused fetches did not move the epoch.
    assert_eq!(
        answer(&mut s, &fetch(id, 1, &[], &[])).await,
        (0, id, vec![])
    );
    // Epoch -1 closes the session and is answered in full, without one.
    assert_eq!(
        answer(&mut s, &fetch(id, -1, &[(0, 0)], &[])).await,
        (0, 0, vec![(0, 0, 0)])
    );
    assert_eq!(
        answer(&mut s, &fetch(id, 2, &[], &[])).await,
        (not_found, 0, vec![])
    );
    // Sessionless fetches (id 0, epoch -1) stay full.
    assert_eq!(
        answer(&mut s, &fetch(0, -1, &[(0, 0)], &[])).await,
        (0, 0, vec![(0, 0, 0)])
    );
    cluster.shutdown().await;
}

#[tokio::test]
async fn the_session_cache_holds_a_thousand_sessions() {
    let (cluster, mut s) = start().await;
    let mut ids = std::collections::HashSet::new();
    for _ in 0..1_000 {
        let (code, id, _) = answer(&mut s, &fetch(0, 0, &[(0, 0)], &[])).await;
        assert_eq!(code, 0);
        assert!(id != 0 && ids.insert(id), "{id}");
    }
    // Full: served in full without a session.
    assert_eq!(
        answer(&mut s, &fetch(0, 0, &[(0, 0)], &[])).await,
        (0, 0, vec![(0, 0, 0)])
    );
    // A session closed makes room.
    let first = *ids.iter().next().unwrap();
    answer(&mut s, &fetch(first, -1, &[(0, 0)], &[])).await;
    assert_ne!(answer(&mut s, &fetch(0, 0, &[(0, 0)], &[])).await.1, 0);
    cluster.shutdown().await;
}
