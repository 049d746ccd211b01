//! The data APIs against a running cluster, through this workspace's
//! blocking client: Produce (acks 0, 1 and all), Fetch (limits, long
//! polls woken by a produce), ListOffsets, DeleteRecords and the idempotent
//! producer, with Kafka's errors for what a hostile client sends.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};

use bytes::{Bytes, BytesMut};
use kafka_messages::client::Client;
use kafka_messages::delete_records::{DeleteRecordsPartition, DeleteRecordsTopic};
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatch, RecordBatchBuilder};
use kafka_wire::{frame, ErrorCode, Records, RequestHeader};
use kafka_wire_fake::Cluster;

/// Produce and Fetch versions used here unless a test says otherwise:
/// the highest that name topics (v13 of both names them by id).
const PRODUCE: i16 = 12;
const FETCH: i16 = 12;

struct Fake {
    addr: SocketAddr,
    cluster: Cluster,
    _runtime: tokio::runtime::Runtime,
}

/// A cluster with topic `t` of `partitions` partitions.
fn start(partitions: i32) -> Fake {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime.block_on(Cluster::builder().start()).unwrap();
    let fake = Fake {
        addr: cluster.bootstrap_addrs()[0],
        cluster,
        _runtime: runtime,
    };
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "t".into(),
            num_partitions: partitions,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let created = client(&fake).send(&request, 7).unwrap();
    assert_eq!(created.topics[0].error(), ErrorCode::None);
    fake
}

fn client(fake: &Fake) -> Client {
    Client::connect(fake.addr, "data-test").unwrap()
}

fn batch(values: &[&str], timestamp: i64) -> RecordBatch {
    let mut b = RecordBatchBuilder::new();
    for (i, v) in values.iter().enumerate() {
        b.append(NewRecord::new(timestamp + i as i64).value(v.as_bytes()))
            .unwrap();
    }
    b.build().unwrap()
}

fn idempotent(producer_id: i64, epoch: i16, sequence: i32, values: &[&str]) -> RecordBatch {
    let mut b = RecordBatchBuilder::new().producer(producer_id, epoch, sequence);
    for v in values {
        b.append(NewRecord::new(1_000).value(v.as_bytes())).unwrap();
    }
    b.build().unwrap()
}

fn produce_request(acks: i16, partition: i32, records: Bytes) -> ProduceRequest {
    ProduceRequest {
        transactional_id: None,
        acks,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: partition,
                records: Some(Records(records)),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// The partition's answer: error and base offset.
fn produce(c: &mut Client, acks: i16, partition: i32, records: Bytes) -> (ErrorCode, i64) {
    let r = c
        .send(&produce_request(acks, partition, records), PRODUCE)
        .unwrap();
    let p = &r.responses[0].partition_responses[0];
    (ErrorCode::from_code(p.error_code), p.base_offset)
}

fn fetch_request(offset: i64, min_bytes: i32, max_wait_ms: i32, max_bytes: i32) -> FetchRequest {
    FetchRequest {
        max_wait_ms,
        min_bytes,
        max_bytes: i32::MAX,
        isolation_level: 0,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition: 0,
                fetch_offset: offset,
                partition_max_bytes: max_bytes,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Partition 0's answer: error, high watermark, and the records' bytes.
fn fetch(c: &mut Client, request: &FetchRequest) -> (ErrorCode, i64, Bytes) {
    let r = c.send(request, FETCH).unwrap();
    let p = &r.responses[0].partitions[0];
    let records = p.records.clone().map(|r| r.0).unwrap_or_default();
    (
        ErrorCode::from_code(p.error_code),
        p.high_watermark,
        records,
    )
}

/// The values of every record in `bytes`, with their offsets.
fn values(bytes: &Bytes) -> Vec<(i64, String)> {
    let mut out = Vec::new();
    for b in Records(bytes.clone()).batches() {
        for r in b.unwrap().records().unwrap() {
            let r = r.unwrap();
            out.push((
                r.offset(),
                String::from_utf8(r.value().unwrap().to_vec()).unwrap(),
            ));
        }
    }
    out
}

fn list_offset(c: &mut Client, timestamp: i64) -> (ErrorCode, i64, i64) {
    list_offset_at(c, timestamp, 9)
}

fn list_offset_at(c: &mut Client, timestamp: i64, version: i16) -> (ErrorCode, i64, i64) {
    let request = ListOffsetsRequest {
        replica_id: -1,
        topics: vec![ListOffsetsTopic {
            name: "t".into(),
            partitions: vec![ListOffsetsPartition {
                partition_index: 0,
                timestamp,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&request, version).unwrap();
    let p = &r.topics[0].partitions[0];
    (ErrorCode::from_code(p.error_code), p.offset, p.timestamp)
}

#[test]
fn produced_batches_are_stored_as_sent_and_fetched_back() {
    let fake = start(2);
    let mut c = client(&fake);
    let first = batch(&["a", "b"], 1_000);
    let second = batch(&["c"], 2_000);
    assert_eq!(
        produce(&mut c, 1, 0, first.as_bytes().clone()),
        (ErrorCode::None, 0)
    );
    assert_eq!(
        produce(&mut c, -1, 0, second.as_bytes().clone()),
        (ErrorCode::None, 2)
    );
    // The other partition has its own offsets.
    assert_eq!(
        produce(&mut c, 1, 1, second.as_bytes().clone()),
        (ErrorCode::None, 0)
    );
    let (error, hw, bytes) = fetch(&mut c, &fetch_request(0, 1, 0, 1 << 20));
    assert_eq!((error, hw), (ErrorCode::None, 3));
    // Byte for byte what was produced, but for what the CRC does not cover
    // and the broker sets: the base offset and the partition leader epoch
    // (-1 from the producer, the leader's 0 in the log).
    let stored = |b: &RecordBatch, base_offset: i64| {
        let mut b = BytesMut::from(&b.as_bytes()[..]);
        b[0..8].copy_from_slice(&base_offset.to_be_bytes());
        b[12..16].copy_from_slice(&0i32.to_be_bytes());
        b
    };
    let mut expected = stored(&first, 0);
    expected.extend_from_slice(&stored(&second, 2));
    assert_eq!(bytes, expected.freeze());
    assert_eq!(
        values(&bytes),
        [(0, "a".into()), (1, "b".into()), (2, "c".into())]
    );
    // From the middle of a batch: the whole batch, as Kafka sends it.
    let (_, _, bytes) = fetch(&mut c, &fetch_request(1, 1, 0, 1 << 20));
    assert_eq!(values(&bytes).len(), 3);
    // At the end: nothing. Past it: OFFSET_OUT_OF_RANGE.
    assert_eq!(fetch(&mut c, &fetch_request(3, 0, 0, 1 << 20)).2.len(), 0);
    assert_eq!(
        fetch(&mut c, &fetch_request(4, 0, 0, 1 << 20)).0,
        ErrorCode::OffsetOutOfRange
    );
    // A partition limit of one byte still returns the first batch whole.
    let (_, _, bytes) = fetch(&mut c, &fetch_request(0, 1, 0, 1));
    assert_eq!(bytes, stored(&first, 0).freeze());
    assert_eq!(
        fake.cluster.stored_bytes("t", 0),
        Some(first.as_bytes().len() + second.as_bytes().len())
    );
}

#[test]
fn list_offsets_answers_earliest_latest_max_and_by_timestamp() {
    let fake = start(1);
    let mut c = client(&fake);
    produce(&mut c, 1, 0, batch(&["a", "b"], 1_000).as_bytes().clone());
    produce(&mut c, 1, 0, batch(&["c", "d"], 500).as_bytes().clone());
    assert_eq!(list_offset(&mut c, -2), (ErrorCode::None, 0, -1));
    assert_eq!(list_offset(&mut c, -1), (ErrorCode::None, 4, -1));
    assert_eq!(list_offset(&mut c, -3), (ErrorCode::None, 1, 1_001));
    assert_eq!(list_offset(&mut c, 1_001), (ErrorCode::None, 1, 1_001));
    assert_eq!(list_offset(&mut c, 501), (ErrorCode::None, 0, 1_000));
    assert_eq!(list_offset(&mut c, 5_000), (ErrorCode::None, -1, -1));
    // Every version answers, those before the leader epoch (v4) too.
    for version in 1..=10 {
        assert_eq!(
            list_offset_at(&mut c, -1, version),
            (ErrorCode::None, 4, -1),
            "v{version}"
        );
    }
    // DeleteRecords moves the earliest offset.
    let request = DeleteRecordsRequest {
        topics: vec![DeleteRecordsTopic {
            name: "t".into(),
            partitions: vec![DeleteRecordsPartition {
                partition_index: 0,
                offset: 2,
                ..Default::default()
            }],
            ..Default::default()
        }],
        timeout_ms: 1_000,
        ..Default::default()
    };
    let r = c.send(&request, 2).unwrap();
    assert_eq!(r.topics[0].partitions[0].low_watermark, 2);
    assert_eq!(list_offset(&mut c, -2), (ErrorCode::None, 2, -1));
    assert_eq!(
        fetch(&mut c, &fetch_request(0, 0, 0, 1 << 20)).0,
        ErrorCode::OffsetOutOfRange
    );
}

#[test]
fn acks_zero_is_stored_and_not_answered() {
    let fake = start(1);
    let mut raw = TcpStream::connect(fake.addr).unwrap();
    let request = produce_request(0, 0, batch(&["quiet"], 1).as_bytes().clone());
    let header = RequestHeader::new(ApiKey::Produce.key(), PRODUCE, 7, Some("raw".into()));
    let mut out = BytesMut::new();
    frame::encode_request(&mut out, &header, &request).unwrap();
    // Then a Metadata request on the same connection: its answer comes
    // first and alone, with its own correlation id.
    let header = RequestHeader::new(ApiKey::Metadata.key(), 12, 8, Some("raw".into()));
    frame::encode_request(&mut out, &header, &MetadataRequest::default()).unwrap();
    raw.write_all(&out).unwrap();
    let answer = frame::read_frame(&mut raw, 1 << 20).unwrap().unwrap();
    assert_eq!(frame::peek_correlation_id(&answer).unwrap(), 8);
    let mut c = client(&fake);
    let (_, hw, bytes) = fetch(&mut c, &fetch_request(0, 1, 0, 1 << 20));
    assert_eq!((hw, values(&bytes)), (1, vec![(0, "quiet".into())]));
}

#[test]
fn a_long_poll_is_woken_by_a_produce_and_ends_at_max_wait_without_one() {
    let fake = start(1);
    let mut c = client(&fake);
    // Nothing comes: the fetch waits its 50 ms and answers empty.
    let (error, _, bytes) = fetch(&mut c, &fetch_request(0, 1, 50, 1 << 20));
    assert_eq!((error, bytes.len()), (ErrorCode::None, 0));
    // A fetch that would wait 10 minutes answers as soon as a produce on
    // another connection brings its bytes: if the produce did not wake it,
    // this test would hang until the harness's timeout.
    let addr = fake.addr;
    let waiter = std::thread::spawn(move || {
        let mut c = Client::connect(addr, "waiter").unwrap();
        fetch(&mut c, &fetch_request(0, 1, 600_000, 1 << 20))
    });
    // The produce may land before the fetch is read: either way it answers.
    std::thread::sleep(std::time::Duration::from_millis(20));
    produce(&mut c, 1, 0, batch(&["wake"], 1).as_bytes().clone());
    let (error, hw, bytes) = waiter.join().unwrap();
    assert_eq!((error, hw), (ErrorCode::None, 1));
    assert_eq!(values(&bytes), [(0, "wake".into())]);
}

#[test]
fn the_idempotent_producer_gets_kafkas_sequence_answers() {
    let fake = start(1);
    let mut c = client(&fake);
    let init = InitProducerIdRequest {
        transactional_id: None,
        transaction_timeout_ms: 60_000,
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    let r = c.send(&init, 5).unwrap();
    assert_eq!((r.error_code, r.producer_id, r.producer_epoch), (0, 1, 0));
    let second = c.send(&init, 5).unwrap();
    assert_eq!(second.producer_id, 2);
    let id = r.producer_id;
    let first = idempotent(id, 0, 0, &["a", "b"]);
    assert_eq!(
        produce(&mut c, -1, 0, first.as_bytes().clone()),
        (ErrorCode::None, 0)
    );
    // The retry of a batch the log holds: its offset again, no copy stored.
    assert_eq!(
        produce(&mut c, -1, 0, first.as_bytes().clone()),
        (ErrorCode::None, 0)
    );
    assert_eq!(list_offset(&mut c, -1).1, 2);
    // A gap in the sequence.
    let gap = idempotent(id, 0, 5, &["x"]);
    assert_eq!(
        produce(&mut c, -1, 0, gap.as_bytes().clone()).0,
        ErrorCode::OutOfOrderSequenceNumber
    );
    let next = idempotent(id, 0, 2, &["c"]);
    assert_eq!(
        produce(&mut c, -1, 0, next.as_bytes().clone()),
        (ErrorCode::None, 2)
    );
}

#[test]
fn hostile_produces_get_kafkas_errors_and_the_connection_lives() {
    let fake = start(1);
    let mut c = client(&fake);
    let good = batch(&["ok"], 1);
    // A flipped bit in a record: the CRC-32C says so.
    let mut corrupt = BytesMut::from(&good.as_bytes()[..]);
    let last = corrupt.len() - 1;
    corrupt[last] ^= 0x40;
    assert_eq!(
        produce(&mut c, 1, 0, corrupt.freeze()).0,
        ErrorCode::CorruptMessage
    );
    // A batch cut short, and bytes that are no batch at all.
    let cut = good.as_bytes().slice(..good.as_bytes().len() - 3);
    assert_eq!(produce(&mut c, 1, 0, cut).0, ErrorCode::CorruptMessage);
    let junk = Bytes::from_static(&[0xff; 70]);
    assert_eq!(produce(&mut c, 1, 0, junk).0, ErrorCode::CorruptMessage);
    // acks 2, a partition and a topic that do not exist.
    assert_eq!(
        produce(&mut c, 2, 0, good.as_bytes().clone()).0,
        ErrorCode::InvalidRequiredAcks
    );
    assert_eq!(
        produce(&mut c, 1, 9, good.as_bytes().clone()).0,
        ErrorCode::UnknownTopicOrPartition
    );
    assert_eq!(
        produce(&mut c, 1, -1, good.as_bytes().clone()).0,
        ErrorCode::UnknownTopicOrPartition
    );
    // None of it was stored; the connection still answers.
    assert_eq!(list_offset(&mut c, -1), (ErrorCode::None, 0, -1));
    assert_eq!(
        produce(&mut c, 1, 0, good.as_bytes().clone()),
        (ErrorCode::None, 0)
    );
}

#[test]
fn metadata_creates_topics_when_asked_to_and_allowed() {
    use kafka_messages::metadata::MetadataRequestTopic;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime
        .block_on(Cluster::builder().auto_create_topics(true).start())
        .unwrap();
    let mut c = Client::connect(cluster.bootstrap_addrs()[0], "auto").unwrap();
    let mut ask = |allow: bool, name: &str| {
        let request = MetadataRequest {
            topics: Some(vec![MetadataRequestTopic {
                name: Some(name.into()),
                ..Default::default()
            }]),
            allow_auto_topic_creation: allow,
            ..Default::default()
        };
        let r = c.send(&request, 12).unwrap();
        (
            ErrorCode::from_code(r.topics[0].error_code),
            r.topics[0].partitions.len(),
        )
    };
    assert_eq!(
        ask(false, "declined"),
        (ErrorCode::UnknownTopicOrPartition, 0)
    );
    assert_eq!(ask(true, "auto"), (ErrorCode::None, 1));
    assert_eq!(
        ask(true, "bad name!"),
        (ErrorCode::UnknownTopicOrPartition, 0)
    );
    assert_eq!(ask(false, "auto"), (ErrorCode::None, 1));
}
