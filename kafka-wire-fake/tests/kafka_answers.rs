//! Answers in which the side-by-side comparison with a Kafka 4.4 broker
//! (tests/live_fake_vs_kafka.rs in kafka-wire-tests) found the fake
//! different, each as Kafka 4.4 gives it: exact values, without a broker.

mod common;

use bytes::Bytes;
use common::Fake;
use kafka_messages::client::Client;
use kafka_messages::consumer_group_heartbeat::TopicPartitions;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Str, Uuid};

const PRODUCE: i16 = 13;
const FETCH: i16 = 18;

fn client(fake: &Fake) -> Client {
    fake.client("kafka-answers")
}

/// Records `values` at 1,000 ms + 10 ms each, of `producer` (id, epoch,
/// first sequence).
fn batch(values: &[&str], producer: (i64, i16, i32)) -> Records {
    let mut b = RecordBatchBuilder::new().producer(producer.0, producer.1, producer.2);
    for (i, v) in values.iter().enumerate() {
        b.append(NewRecord::new(1_000 + 10 * i as i64).value(v.as_bytes()))
            .unwrap();
    }
    Records(b.build().unwrap().into_bytes())
}

fn produce(topic: Uuid, partition: i32, records: Records) -> ProduceRequest {
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            topic_id: topic,
            partition_data: vec![PartitionProduceData {
                index: partition,
                records: Some(records),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// (error, message, base offset, append time, log start) of the one
/// partition answered.
fn produced(
    c: &mut Client,
    request: &ProduceRequest,
) -> (ErrorCode, Option<String>, i64, i64, i64) {
    let r = c.send(request, PRODUCE).unwrap();
    let p = &r.responses[0].partition_responses[0];
    (
        ErrorCode::from_code(p.error_code),
        p.error_message.as_ref().map(|m| m.to_string()),
        p.base_offset,
        p.log_append_time_ms,
        p.log_start_offset,
    )
}

#[test]
fn a_retried_batch_is_answered_with_its_timestamp_and_a_gap_without_a_message() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let t = fake.topic_id;
    let pid = c
        .send(
            &InitProducerIdRequest {
                transactional_id: None,
                transaction_timeout_ms: -1,
                producer_id: -1,
                producer_epoch: -1,
                ..Default::default()
            },
            5,
        )
        .unwrap()
        .producer_id;
    let first = batch(&["a", "b"], (pid, 0, 0));
    assert_eq!(
        produced(&mut c, &produce(t, 0, first.clone())),
        (ErrorCode::None, None, 0, -1, 0)
    );
    // The retry: the first offset, and the stored batch's max timestamp as
    // its append time (1,010), as Kafka's `UnifiedLog` answers a duplicate.
    assert_eq!(
        produced(&mut c, &produce(t, 0, first)),
        (ErrorCode::None, None, 0, 1_010, 0)
    );
    // A gap: no message, and the log start offset.
    assert_eq!(
        produced(&mut c, &produce(t, 0, batch(&["c"], (pid, 0, 5)))),
        (ErrorCode::OutOfOrderSequenceNumber, None, -1, -1, 0)
    );
    // An unknown partition keeps -1 for the log start.
    assert_eq!(
        produced(&mut c, &produce(t, 9, batch(&["c"], (pid, 0, 2)))).4,
        -1
    );
}

fn fetch(topic: Uuid, partition: i32, offset: i64) -> FetchRequest {
    FetchRequest {
        max_wait_ms: 10,
        max_bytes: 1 << 20,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic_id: topic,
            partitions: vec![FetchPartition {
                partition,
                fetch_offset: offset,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn fetch_errors_carry_empty_records_and_an_unknown_topic_an_empty_aborted_list() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let answer = |c: &mut Client, request: &FetchRequest| {
        let r = c.send(request, FETCH).unwrap();
        let p = r.responses[0].partitions[0].clone();
        (
            ErrorCode::from_code(p.error_code),
            p.aborted_transactions.map(|a| a.len()),
            p.records.map(|r| r.0),
        )
    };
    // A read's error (Kafka's `ReplicaManager`): empty records, no list.
    assert_eq!(
        answer(&mut c, &fetch(fake.topic_id, 0, 99)),
        (ErrorCode::OffsetOutOfRange, None, Some(Bytes::new()))
    );
    // A topic Kafka does not know, answered before any read (`KafkaApis`):
    // the schema's defaults, an empty list and empty records.
    assert_eq!(
        answer(&mut c, &fetch(Uuid::from_bytes([7; 16]), 0, 0)),
        (ErrorCode::UnknownTopicId, Some(0), Some(Bytes::new()))
    );
}

#[test]
fn list_offsets_past_every_record_has_no_leader_epoch() {
    let fake = Fake::start();
    let mut c = client(&fake);
    c.send(
        &produce(fake.topic_id, 0, batch(&["a"], (-1, -1, -1))),
        PRODUCE,
    )
    .unwrap();
    let request = |timestamp| ListOffsetsRequest {
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
    let answer = |c: &mut Client, timestamp| {
        let r = c.send(&request(timestamp), 10).unwrap();
        let p = &r.topics[0].partitions[0];
        (p.offset, p.timestamp, p.leader_epoch)
    };
    assert_eq!(answer(&mut c, 1_000), (0, 1_000, 0));
    assert_eq!(answer(&mut c, 5_000), (-1, -1, -1));
}

#[test]
fn find_coordinator_says_none_as_kafka_does() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let old = c
        .send(
            &FindCoordinatorRequest {
                key: "g".into(),
                ..Default::default()
            },
            3,
        )
        .unwrap();
    assert_eq!(
        (old.error_code, old.error_message.as_deref()),
        (0, Some("NONE"))
    );
    let new = c
        .send(
            &FindCoordinatorRequest {
                coordinator_keys: vec!["g".into()],
                ..Default::default()
            },
            6,
        )
        .unwrap();
    let g = &new.coordinators[0];
    assert_eq!((g.error_code, g.error_message.as_deref()), (0, Some("")));
}

#[test]
fn api_versions_are_listed_by_key() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let keys: Vec<i16> = c
        .api_versions()
        .unwrap()
        .api_keys
        .iter()
        .map(|k| k.api_key)
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(keys, sorted);
}

#[test]
fn create_topics_lists_the_configs_by_name() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let r = c.send(&common::create_topic("u", 1, &[]), 7).unwrap();
    let names: Vec<String> = r.topics[0]
        .configs
        .as_ref()
        .unwrap()
        .iter()
        .map(|c| c.name.to_string())
        .collect();
    assert_eq!(names.len(), 37);
    assert_eq!(names[0], "cleanup.policy");
    assert_eq!(names[36], "unclean.leader.election.enable");
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    // min.insync.replicas: the cluster-wide default Kafka 4.4's controller
    // writes (source 3).
    let min_isr = r.topics[0]
        .configs
        .as_ref()
        .unwrap()
        .iter()
        .find(|c| c.name.as_str() == "min.insync.replicas")
        .map(|c| (c.value.as_deref().map(str::to_owned), c.config_source));
    assert_eq!(min_isr, Some((Some("1".to_owned()), 3)));
}

#[test]
fn a_consumer_group_starts_at_epoch_two_and_fencing_says_which_side() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let beat = |member: &str, epoch: i32| ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        member_epoch: epoch,
        rebalance_timeout_ms: if epoch == 0 { 30_000 } else { -1 },
        subscribed_topic_names: (epoch == 0).then(|| vec![Str::from("t")]),
        topic_partitions: (epoch == 0).then(Vec::<TopicPartitions>::new),
        ..Default::default()
    };
    let answer = |c: &mut Client, r: &ConsumerGroupHeartbeatRequest| {
        let a = c.send(r, 1).unwrap();
        (
            ErrorCode::from_code(a.error_code),
            a.error_message.map(|m| m.to_string()),
            a.member_epoch,
        )
    };
    assert_eq!(answer(&mut c, &beat("m", 0)), (ErrorCode::None, None, 2));
    let fenced = |side: &str, epoch: i32| {
        (
            ErrorCode::FencedMemberEpoch,
            Some(format!("The consumer group member has a {side} member epoch ({epoch}) than the one known by the group coordinator (2). The member must abandon all its partitions and rejoin.")),
            0,
        )
    };
    assert_eq!(answer(&mut c, &beat("m", 9)), fenced("greater", 9));
    assert_eq!(answer(&mut c, &beat("m", 1)), fenced("smaller", 1));
    let mut unknown = beat("m", 3);
    unknown.group_id = "nobody".into();
    assert_eq!(
        answer(&mut c, &unknown),
        (
            ErrorCode::GroupIdNotFound,
            Some("Consumer group nobody not found.".into()),
            0
        )
    );
    // Leaving bumps the group to 3; the next join makes it 4.
    assert_eq!(answer(&mut c, &beat("m", -1)).2, -1);
    assert_eq!(answer(&mut c, &beat("n", 0)).2, 4);
}
