//! Transactions against a running cluster, through this workspace's
//! blocking client: a transactional producer's InitProducerId,
//! AddPartitionsToTxn (a client's v0-3 and a broker's v4+),
//! AddOffsetsToTxn, TxnOffsetCommit and EndTxn, the commit and abort
//! markers written into the partitions, read_committed fetches stopping at
//! the last stable offset with the aborted transactions listed, fencing,
//! timeouts on a paused tokio clock, ListTransactions and
//! DescribeTransactions, each answer's fields exact.

mod common;

use std::time::Duration;

use bytes::Bytes;
use common::{create_topic, send, Fake};
use kafka_messages::add_partitions_to_txn::{
    AddPartitionsToTxnTopic, AddPartitionsToTxnTransaction,
};
use kafka_messages::client::Client;
use kafka_messages::fetch::{AbortedTransaction, FetchPartition, FetchTopic};
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::offset_fetch::{OffsetFetchRequestGroup, OffsetFetchRequestTopics};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::txn_offset_commit::{
    TxnOffsetCommitRequestPartition, TxnOffsetCommitRequestTopic,
};
use kafka_messages::*;
use kafka_wire::records::{ControlRecordType, EndTxnMarker, NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Str};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

const PRODUCE: i16 = 12;
const FETCH: i16 = 12;
const READ_COMMITTED: i8 = 1;
const READ_UNCOMMITTED: i8 = 0;

fn client(fake: &Fake) -> Client {
    fake.client("txn-test")
}

fn init(id: &str, timeout_ms: i32, producer: (i64, i16)) -> InitProducerIdRequest {
    InitProducerIdRequest {
        transactional_id: Some(id.into()),
        transaction_timeout_ms: timeout_ms,
        producer_id: producer.0,
        producer_epoch: producer.1,
        ..Default::default()
    }
}

/// InitProducerId's error, producer id and epoch.
fn init_at(c: &mut Client, request: &InitProducerIdRequest, version: i16) -> (ErrorCode, i64, i16) {
    let r = c.send(request, version).unwrap();
    (
        ErrorCode::from_code(r.error_code),
        r.producer_id,
        r.producer_epoch,
    )
}

fn add_partitions(producer: (i64, i16), partitions: &[i32]) -> AddPartitionsToTxnRequest {
    AddPartitionsToTxnRequest {
        v3_and_below_transactional_id: "tx".into(),
        v3_and_below_producer_id: producer.0,
        v3_and_below_producer_epoch: producer.1,
        v3_and_below_topics: vec![AddPartitionsToTxnTopic {
            name: "t".into(),
            partitions: partitions.to_vec(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Each partition's (topic, partition, error) of a client's
/// AddPartitionsToTxn.
fn add_at(
    c: &mut Client,
    request: &AddPartitionsToTxnRequest,
    version: i16,
) -> Vec<(String, i32, ErrorCode)> {
    let r = c.send(request, version).unwrap();
    r.results_by_topic_v3_and_below
        .iter()
        .flat_map(|t| {
            t.results_by_partition.iter().map(|p| {
                (
                    t.name.to_string(),
                    p.partition_index,
                    ErrorCode::from_code(p.partition_error_code),
                )
            })
        })
        .collect()
}

fn end_at(c: &mut Client, producer: (i64, i16), committed: bool, version: i16) -> ErrorCode {
    let request = EndTxnRequest {
        transactional_id: "tx".into(),
        producer_id: producer.0,
        producer_epoch: producer.1,
        committed,
        ..Default::default()
    };
    ErrorCode::from_code(c.send(&request, version).unwrap().error_code)
}

fn txn_batch(producer: (i64, i16), sequence: i32, values: &[&str]) -> Bytes {
    let mut b = RecordBatchBuilder::new()
        .producer(producer.0, producer.1, sequence)
        .transactional(true);
    for v in values {
        b.append(NewRecord::new(1_000).value(v.as_bytes())).unwrap();
    }
    b.build().unwrap().into_bytes()
}

/// Produces `records` to `t`'s `partition`: the error and base offset.
fn produce(c: &mut Client, partition: i32, records: Bytes) -> (ErrorCode, i64) {
    let request = ProduceRequest {
        transactional_id: Some("tx".into()),
        acks: -1,
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
    };
    let r = c.send(&request, PRODUCE).unwrap();
    let p = &r.responses[0].partition_responses[0];
    (ErrorCode::from_code(p.error_code), p.base_offset)
}

/// A fetch of `t`'s `partition` from `offset`, at `isolation`.
struct Fetched {
    error: ErrorCode,
    high_watermark: i64,
    last_stable_offset: i64,
    aborted: Option<Vec<(i64, i64)>>,
    records: Bytes,
}

fn fetch(c: &mut Client, partition: i32, offset: i64, isolation: i8) -> Fetched {
    let request = FetchRequest {
        max_wait_ms: 0,
        min_bytes: 0,
        max_bytes: i32::MAX,
        isolation_level: isolation,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition,
                fetch_offset: offset,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&request, FETCH).unwrap();
    let p = &r.responses[0].partitions[0];
    Fetched {
        error: ErrorCode::from_code(p.error_code),
        high_watermark: p.high_watermark,
        last_stable_offset: p.last_stable_offset,
        aborted: p.aborted_transactions.as_ref().map(|a| {
            a.iter()
                .map(
                    |AbortedTransaction {
                         producer_id,
                         first_offset,
                         ..
                     }| (*producer_id, *first_offset),
                )
                .collect()
        }),
        records: p.records.clone().map(|r| r.0).unwrap_or_default(),
    }
}

/// Every record of `bytes`: offset, and its value, or for a control
/// record its type, producer id and epoch, and marker's coordinator epoch.
fn records(bytes: &Bytes) -> Vec<(i64, String)> {
    let mut out = Vec::new();
    for b in Records(bytes.clone()).batches() {
        let b = b.unwrap();
        for r in b.records().unwrap() {
            let r = r.unwrap();
            let shown = if b.is_control() {
                assert!(b.is_transactional());
                assert_eq!(b.base_sequence(), -1);
                let marker = r.end_txn_marker().unwrap();
                assert_eq!(
                    marker,
                    EndTxnMarker {
                        coordinator_epoch: 0
                    }
                );
                format!(
                    "{:?} by {}/{}",
                    r.control_type().unwrap(),
                    b.producer_id(),
                    b.producer_epoch()
                )
            } else {
                String::from_utf8(r.value().unwrap().to_vec()).unwrap()
            };
            out.push((r.offset(), shown));
        }
    }
    out
}

fn latest(c: &mut Client, partition: i32, isolation: i8) -> i64 {
    let request = ListOffsetsRequest {
        replica_id: -1,
        isolation_level: isolation,
        topics: vec![ListOffsetsTopic {
            name: "t".into(),
            partitions: vec![ListOffsetsPartition {
                partition_index: partition,
                timestamp: -1,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&request, 9).unwrap();
    let p = &r.topics[0].partitions[0];
    assert_eq!(p.error_code, 0);
    p.offset
}

fn describe(c: &mut Client, id: &str) -> describe_transactions::TransactionState {
    let request = DescribeTransactionsRequest {
        transactional_ids: vec![id.into()],
        ..Default::default()
    };
    c.send(&request, 0).unwrap().transaction_states.remove(0)
}

#[test]
fn a_committed_and_an_aborted_transaction_read_committed() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let producer = (1, 0);
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5),
        (ErrorCode::None, 1, 0)
    );
    // A transactional batch for a partition not in the transaction.
    assert_eq!(
        produce(&mut c, 0, txn_batch(producer, 0, &["early"])),
        (ErrorCode::InvalidTxnState, -1)
    );
    assert_eq!(
        add_at(&mut c, &add_partitions(producer, &[0, 1]), 3),
        vec![
            ("t".into(), 0, ErrorCode::None),
            ("t".into(), 1, ErrorCode::None)
        ]
    );
    assert_eq!(
        produce(&mut c, 0, txn_batch(producer, 0, &["a", "b"])),
        (ErrorCode::None, 0)
    );

    // Open: read_committed sees nothing past the last stable offset, 0.
    let open = fetch(&mut c, 0, 0, READ_COMMITTED);
    assert_eq!(
        (
            open.error,
            open.high_watermark,
            open.last_stable_offset,
            open.aborted
        ),
        (ErrorCode::None, 2, 0, Some(vec![]))
    );
    assert!(open.records.is_empty());
    let uncommitted = fetch(&mut c, 0, 0, READ_UNCOMMITTED);
    assert_eq!(
        (uncommitted.last_stable_offset, uncommitted.aborted),
        (0, None)
    );
    assert_eq!(
        records(&uncommitted.records),
        vec![(0, "a".into()), (1, "b".into())]
    );
    assert_eq!(latest(&mut c, 0, READ_COMMITTED), 0);
    assert_eq!(latest(&mut c, 0, READ_UNCOMMITTED), 2);

    let d = describe(&mut c, "tx");
    assert_eq!(
        (
            d.error_code,
            d.transaction_state.as_str(),
            d.transaction_timeout_ms,
            d.producer_id,
            d.producer_epoch
        ),
        (0, "Ongoing", 60_000, 1, 0)
    );
    assert!(d.transaction_start_time_ms > 1_600_000_000_000);
    assert_eq!(d.topics.len(), 1);
    assert_eq!(
        (d.topics[0].topic.as_str(), d.topics[0].partitions.clone()),
        ("t", vec![0, 1])
    );

    // Commit: a COMMIT marker in both partitions, the records readable.
    assert_eq!(end_at(&mut c, producer, true, 3), ErrorCode::None);
    let committed = fetch(&mut c, 0, 0, READ_COMMITTED);
    assert_eq!(
        (
            committed.high_watermark,
            committed.last_stable_offset,
            committed.aborted
        ),
        (3, 3, Some(vec![]))
    );
    assert_eq!(
        records(&committed.records),
        vec![
            (0, "a".into()),
            (1, "b".into()),
            (2, "Commit by 1/0".into())
        ]
    );
    assert_eq!(
        records(&fetch(&mut c, 1, 0, READ_COMMITTED).records),
        vec![(0, "Commit by 1/0".into())]
    );
    assert_eq!(
        describe(&mut c, "tx").transaction_state.as_str(),
        "CompleteCommit"
    );
    // A retried commit is answered as the first; an abort of it is not.
    assert_eq!(end_at(&mut c, producer, true, 3), ErrorCode::None);
    assert_eq!(
        end_at(&mut c, producer, false, 3),
        ErrorCode::InvalidTxnState
    );

    // Abort: the records stay, read_committed is told to drop them.
    assert_eq!(
        add_at(&mut c, &add_partitions(producer, &[0]), 3)[0].2,
        ErrorCode::None
    );
    assert_eq!(
        produce(&mut c, 0, txn_batch(producer, 2, &["c"])),
        (ErrorCode::None, 3)
    );
    assert_eq!(end_at(&mut c, producer, false, 3), ErrorCode::None);
    let aborted = fetch(&mut c, 0, 3, READ_COMMITTED);
    assert_eq!(
        (
            aborted.high_watermark,
            aborted.last_stable_offset,
            aborted.aborted
        ),
        (5, 5, Some(vec![(1, 3)]))
    );
    assert_eq!(
        records(&aborted.records),
        vec![(3, "c".into()), (4, "Abort by 1/0".into())]
    );
    assert_eq!(
        fetch(&mut c, 0, 0, READ_COMMITTED).aborted,
        Some(vec![(1, 3)])
    );
    // Not told of an abort after the records it returns: none from 5 on.
    assert_eq!(fetch(&mut c, 0, 5, READ_COMMITTED).aborted, Some(vec![]));
    // Partition 1 was not in the aborted transaction.
    assert_eq!(fetch(&mut c, 1, 0, READ_COMMITTED).high_watermark, 1);
    let d = describe(&mut c, "tx");
    assert_eq!(
        (d.transaction_state.as_str(), d.topics.len()),
        ("CompleteAbort", 0)
    );
}

#[test]
fn a_new_producer_fences_the_old_one() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let old = (1, 0);
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 4),
        (ErrorCode::None, 1, 0)
    );
    add_at(&mut c, &add_partitions(old, &[0]), 3);
    assert_eq!(
        produce(&mut c, 0, txn_batch(old, 0, &["a"])),
        (ErrorCode::None, 0)
    );
    // A second producer with the same id: the open transaction is aborted
    // at a bumped epoch, and it is told to retry.
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 4),
        (ErrorCode::ConcurrentTransactions, -1, -1)
    );
    let fenced = fetch(&mut c, 0, 0, READ_COMMITTED);
    assert_eq!(
        (fenced.last_stable_offset, fenced.aborted),
        (2, Some(vec![(1, 0)]))
    );
    assert_eq!(
        records(&fenced.records),
        vec![(0, "a".into()), (1, "Abort by 1/1".into())]
    );
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 4),
        (ErrorCode::None, 1, 2)
    );
    // The old producer, at every step, by each version's code.
    assert_eq!(end_at(&mut c, old, true, 2), ErrorCode::ProducerFenced);
    assert_eq!(
        end_at(&mut c, old, true, 1),
        ErrorCode::InvalidProducerEpoch
    );
    assert_eq!(
        add_at(&mut c, &add_partitions(old, &[0]), 2)[0].2,
        ErrorCode::ProducerFenced
    );
    assert_eq!(
        add_at(&mut c, &add_partitions(old, &[0]), 1)[0].2,
        ErrorCode::InvalidProducerEpoch
    );
    assert_eq!(
        produce(&mut c, 0, txn_batch(old, 1, &["late"])).0,
        ErrorCode::InvalidProducerEpoch
    );
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, old), 4).0,
        ErrorCode::ProducerFenced
    );
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, old), 3).0,
        ErrorCode::InvalidProducerEpoch
    );
    // The current producer re-initializing itself (KIP-360) gets the next epoch.
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (1, 2)), 4),
        (ErrorCode::None, 1, 3)
    );
    // Another producer id for the transactional id, and an end with nothing open.
    assert_eq!(
        end_at(&mut c, (7, 3), true, 3),
        ErrorCode::InvalidProducerIdMapping
    );
    assert_eq!(end_at(&mut c, (1, 3), true, 3), ErrorCode::InvalidTxnState);
    // Kafka's refusals of InitProducerId itself.
    assert_eq!(
        init_at(&mut c, &init("tx", 0, (-1, -1)), 4).0,
        ErrorCode::InvalidTransactionTimeout
    );
    assert_eq!(
        init_at(&mut c, &init("tx", 900_001, (-1, -1)), 4).0,
        ErrorCode::InvalidTransactionTimeout
    );
    assert_eq!(
        init_at(&mut c, &init("", 60_000, (-1, -1)), 4).0,
        ErrorCode::InvalidRequest
    );
    // A partition that does not exist: nothing is added.
    assert_eq!(
        add_at(&mut c, &add_partitions((1, 3), &[0, 9]), 3),
        vec![
            ("t".into(), 0, ErrorCode::OperationNotAttempted),
            ("t".into(), 9, ErrorCode::UnknownTopicOrPartition)
        ]
    );
    assert_eq!(describe(&mut c, "tx").transaction_state.as_str(), "Empty");
    assert_eq!(describe(&mut c, "tx").transaction_start_time_ms, -1);
    let unknown = describe(&mut c, "nobody");
    assert_eq!(
        (
            ErrorCode::from_code(unknown.error_code),
            unknown.producer_id
        ),
        (ErrorCode::TransactionalIdNotFound, -1)
    );
}

fn committed_offset(c: &mut Client, group: &str) -> i64 {
    let (error, offset) = fetch_offset(c, group, false);
    assert_eq!(error, ErrorCode::None);
    offset
}

/// OffsetFetch v9 of `t`-0 for `group`: the partition's error and offset.
fn fetch_offset(c: &mut Client, group: &str, require_stable: bool) -> (ErrorCode, i64) {
    let request = OffsetFetchRequest {
        require_stable,
        groups: vec![OffsetFetchRequestGroup {
            group_id: group.into(),
            topics: Some(vec![OffsetFetchRequestTopics {
                name: "t".into(),
                partition_indexes: vec![0],
                ..Default::default()
            }]),
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = c.send(&request, 9).unwrap();
    let p = &r.groups[0].topics[0].partitions[0];
    (ErrorCode::from_code(p.error_code), p.committed_offset)
}

fn txn_commit(
    producer: (i64, i16),
    member: &str,
    generation: i32,
    offset: i64,
) -> TxnOffsetCommitRequest {
    TxnOffsetCommitRequest {
        transactional_id: "tx".into(),
        group_id: "g".into(),
        producer_id: producer.0,
        producer_epoch: producer.1,
        generation_id_or_member_epoch: generation,
        member_id: member.into(),
        topics: vec![TxnOffsetCommitRequestTopic {
            name: "t".into(),
            partitions: vec![TxnOffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: offset,
                committed_metadata: Some("m".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn txn_commit_at(c: &mut Client, request: &TxnOffsetCommitRequest) -> ErrorCode {
    let r = c.send(request, 4).unwrap();
    ErrorCode::from_code(r.topics[0].partitions[0].error_code)
}

fn add_offsets(c: &mut Client, producer: (i64, i16)) -> ErrorCode {
    let request = AddOffsetsToTxnRequest {
        transactional_id: "tx".into(),
        producer_id: producer.0,
        producer_epoch: producer.1,
        group_id: "g".into(),
        ..Default::default()
    };
    ErrorCode::from_code(c.send(&request, 3).unwrap().error_code)
}

#[test]
fn offsets_are_committed_with_the_transaction_and_dropped_with_its_abort() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let p = (1, 0);
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5).0,
        ErrorCode::None
    );
    // The group has not joined the transaction.
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "", -1, 5)),
        ErrorCode::InvalidTxnState
    );
    assert_eq!(add_offsets(&mut c, (1, 1)), ErrorCode::ProducerFenced);
    assert_eq!(add_offsets(&mut c, p), ErrorCode::None);
    // "g" is partition 3 of __consumer_offsets: Java's "g".hashCode() is 103.
    let d = describe(&mut c, "tx");
    assert_eq!(
        (d.topics[0].topic.as_str(), d.topics[0].partitions.clone()),
        ("__consumer_offsets", vec![3])
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "nobody", -1, 5)),
        ErrorCode::UnknownMemberId
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "", 3, 5)),
        ErrorCode::IllegalGeneration
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "", -1, 5)),
        ErrorCode::None
    );
    assert_eq!(committed_offset(&mut c, "g"), -1);
    // A consumer that wants stable offsets is told to wait (KIP-447).
    assert_eq!(
        fetch_offset(&mut c, "g", true),
        (ErrorCode::UnstableOffsetCommit, -1)
    );
    assert_eq!(end_at(&mut c, p, true, 3), ErrorCode::None);
    assert_eq!(committed_offset(&mut c, "g"), 5);
    assert_eq!(fetch_offset(&mut c, "g", true), (ErrorCode::None, 5));

    assert_eq!(add_offsets(&mut c, p), ErrorCode::None);
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "", -1, 9)),
        ErrorCode::None
    );
    assert_eq!(end_at(&mut c, p, false, 3), ErrorCode::None);
    assert_eq!(committed_offset(&mut c, "g"), 5);
}

/// A KIP-848 member of group `g` joins (ConsumerGroupHeartbeat v1,
/// subscribed to `t`): its epoch.
fn join_848(c: &mut Client, member: &str) -> i32 {
    let request = ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_id: member.into(),
        member_epoch: 0,
        rebalance_timeout_ms: 30_000,
        subscribed_topic_names: Some(vec![Str::from("t")]),
        topic_partitions: Some(Vec::new()),
        ..Default::default()
    };
    let r = c.send(&request, 1).unwrap();
    assert_eq!(ErrorCode::from_code(r.error_code), ErrorCode::None);
    r.member_epoch
}

/// TxnOffsetCommit to a KIP-848 group, as Kafka 4.4's
/// `ConsumerGroup.validateOffsetCommit` checks it: a member commits at its
/// member epoch (what a Java consumer's `groupMetadata()` carries into
/// `sendOffsetsToTransaction`); another member is UNKNOWN_MEMBER_ID, a
/// newer epoch ILLEGAL_GENERATION (Kafka's STALE_MEMBER_EPOCH, which
/// TxnOffsetCommit answers as ILLEGAL_GENERATION); no member and no epoch
/// passes, as from a producer that names the group alone.
#[test]
fn a_kip_848_member_commits_offsets_in_a_transaction_at_its_epoch() {
    let fake = Fake::start();
    let mut c = client(&fake);
    let p = (1, 0);
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5).0,
        ErrorCode::None
    );
    let epoch = join_848(&mut c, "member-1");
    assert_eq!(epoch, 2);
    assert_eq!(add_offsets(&mut c, p), ErrorCode::None);
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "member-2", epoch, 5)),
        ErrorCode::UnknownMemberId
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "member-1", epoch + 1, 5)),
        ErrorCode::IllegalGeneration
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "", -1, 6)),
        ErrorCode::None
    );
    assert_eq!(
        txn_commit_at(&mut c, &txn_commit(p, "member-1", epoch, 7)),
        ErrorCode::None
    );
    assert_eq!(end_at(&mut c, p, true, 3), ErrorCode::None);
    assert_eq!(committed_offset(&mut c, "g"), 7);
}

#[test]
fn a_brokers_add_partitions_adds_and_verifies_each_transaction() {
    let fake = Fake::start();
    let mut c = client(&fake);
    assert_eq!(
        init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5),
        (ErrorCode::None, 1, 0)
    );
    assert_eq!(
        init_at(&mut c, &init("ty", 60_000, (-1, -1)), 5),
        (ErrorCode::None, 2, 0)
    );
    let topic = |partitions: Vec<i32>| AddPartitionsToTxnTopic {
        name: "t".into(),
        partitions,
        ..Default::default()
    };
    let transaction =
        |id: &str, producer: i64, verify_only, partitions| AddPartitionsToTxnTransaction {
            transactional_id: id.into(),
            producer_id: producer,
            producer_epoch: 0,
            verify_only,
            topics: vec![topic(partitions)],
            ..Default::default()
        };
    let request = AddPartitionsToTxnRequest {
        transactions: vec![
            transaction("tx", 1, false, vec![0]),
            transaction("ty", 2, false, vec![1]),
        ],
        ..Default::default()
    };
    let r = c.send(&request, 5).unwrap();
    assert_eq!(r.error_code, 0);
    let codes = |r: &AddPartitionsToTxnResponse| -> Vec<(String, Vec<(i32, i16)>)> {
        r.results_by_transaction
            .iter()
            .map(|t| {
                let parts = t.topic_results[0]
                    .results_by_partition
                    .iter()
                    .map(|p| (p.partition_index, p.partition_error_code))
                    .collect();
                (t.transactional_id.to_string(), parts)
            })
            .collect()
    };
    assert_eq!(
        codes(&r),
        vec![("tx".into(), vec![(0, 0)]), ("ty".into(), vec![(1, 0)])]
    );
    let verify = AddPartitionsToTxnRequest {
        transactions: vec![
            transaction("tx", 1, true, vec![0, 1]),
            transaction("ty", 9, true, vec![1]),
        ],
        ..Default::default()
    };
    let r = c.send(&verify, 4).unwrap();
    let invalid = ErrorCode::InvalidTxnState.code();
    let mapping = ErrorCode::InvalidProducerIdMapping.code();
    assert_eq!(
        codes(&r),
        vec![
            ("tx".into(), vec![(0, 0), (1, invalid)]),
            ("ty".into(), vec![(1, mapping)])
        ]
    );
    // Verifying added nothing.
    assert_eq!(describe(&mut c, "tx").topics[0].partitions, vec![0]);
}

#[test]
fn list_transactions_filters_by_state_producer_and_pattern() {
    let fake = Fake::start();
    let mut c = client(&fake);
    init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5);
    init_at(&mut c, &init("other", 60_000, (-1, -1)), 5);
    add_at(&mut c, &add_partitions((1, 0), &[0]), 3);
    let list = |c: &mut Client, states: &[&str], producers: Vec<i64>, pattern: Option<&str>| {
        let request = ListTransactionsRequest {
            state_filters: states.iter().map(|&s| Str::from(s)).collect(),
            producer_id_filters: producers,
            duration_filter: -1,
            transactional_id_pattern: pattern.map(Str::from),
            ..Default::default()
        };
        let r = c.send(&request, 2).unwrap();
        let found: Vec<(String, i64, String)> = r
            .transaction_states
            .iter()
            .map(|t| {
                (
                    t.transactional_id.to_string(),
                    t.producer_id,
                    t.transaction_state.to_string(),
                )
            })
            .collect();
        let unknown: Vec<String> = r
            .unknown_state_filters
            .iter()
            .map(|s| s.to_string())
            .collect();
        (ErrorCode::from_code(r.error_code), found, unknown)
    };
    let tx = ("tx".to_string(), 1, "Ongoing".to_string());
    let other = ("other".to_string(), 2, "Empty".to_string());
    assert_eq!(
        list(&mut c, &[], vec![], None),
        (ErrorCode::None, vec![other.clone(), tx.clone()], vec![])
    );
    assert_eq!(
        list(&mut c, &["Ongoing", "Bogus"], vec![], None),
        (ErrorCode::None, vec![tx.clone()], vec!["Bogus".into()])
    );
    assert_eq!(
        list(&mut c, &[], vec![2], None),
        (ErrorCode::None, vec![other.clone()], vec![])
    );
    assert_eq!(
        list(&mut c, &[], vec![], Some("t.")),
        (ErrorCode::None, vec![tx], vec![])
    );
    // Matched whole, as Java's `Matcher.matches`.
    assert_eq!(list(&mut c, &[], vec![], Some("t")).1, vec![]);
    assert_eq!(
        list(&mut c, &[], vec![], Some("(")).0,
        ErrorCode::InvalidRegularExpression
    );
}

#[tokio::test(start_paused = true)]
async fn a_transaction_past_its_timeout_is_aborted_and_its_producer_fenced() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut s = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    send(&mut s, &create_topic("t", 2, &[]), 7).await;
    let r = send(&mut s, &init("tx", 1_000, (-1, -1)), 5).await;
    assert_eq!((r.error_code, r.producer_id, r.producer_epoch), (0, 1, 0));
    send(&mut s, &add_partitions((1, 0), &[0]), 3).await;
    let state = |r: DescribeTransactionsResponse| {
        let t = &r.transaction_states[0];
        (t.transaction_state.to_string(), t.producer_epoch)
    };
    let describe = DescribeTransactionsRequest {
        transactional_ids: vec!["tx".into()],
        ..Default::default()
    };
    tokio::time::advance(Duration::from_millis(999)).await;
    assert_eq!(
        state(send(&mut s, &describe, 0).await),
        ("Ongoing".into(), 0)
    );
    tokio::time::advance(Duration::from_millis(1)).await;
    assert_eq!(
        state(send(&mut s, &describe, 0).await),
        ("CompleteAbort".into(), 1)
    );
    let end = EndTxnRequest {
        transactional_id: "tx".into(),
        producer_id: 1,
        producer_epoch: 0,
        committed: true,
        ..Default::default()
    };
    let r = send(&mut s, &end, 3).await;
    assert_eq!(
        ErrorCode::from_code(r.error_code),
        ErrorCode::ProducerFenced
    );
    cluster.shutdown().await;
}

#[test]
fn control_markers_are_the_coordinators_and_read_as_kafkas() {
    // The marker the fake writes is what kafka_wire's builder writes for
    // Kafka's EndTxnMarker: a one-record transactional control batch.
    let fake = Fake::start();
    let mut c = client(&fake);
    init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5);
    add_at(&mut c, &add_partitions((1, 0), &[1]), 3);
    end_at(&mut c, (1, 0), false, 3);
    let got = fetch(&mut c, 1, 0, READ_UNCOMMITTED).records;
    let batch = Records(got.clone()).batches().next().unwrap().unwrap();
    assert!(batch.is_control() && batch.is_transactional());
    assert_eq!(
        (
            batch.base_offset(),
            batch.record_count(),
            batch.partition_leader_epoch()
        ),
        (0, 1, 0)
    );
    let record = batch.records().unwrap().next().unwrap().unwrap();
    assert_eq!(record.control_type().unwrap(), ControlRecordType::Abort);
    assert_eq!(record.key().unwrap(), &[0, 0, 0, 0][..]);
    assert_eq!(record.value().unwrap(), &[0, 0, 0, 0, 0, 0][..]);
    // No records were written, so no aborted transaction is listed.
    assert_eq!(fetch(&mut c, 1, 0, READ_COMMITTED).aborted, Some(vec![]));
}

#[test]
fn only_the_transaction_coordinator_serves_a_transactional_id() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime
        .block_on(Cluster::builder().nodes(3).start())
        .unwrap();
    let addrs = cluster.bootstrap_addrs();
    let find = FindCoordinatorRequest {
        key_type: 1,
        coordinator_keys: vec!["tx".into()],
        ..Default::default()
    };
    let mut any = Client::connect(addrs[0], "txn-test").unwrap();
    let found = any.send(&find, 4).unwrap().coordinators.remove(0);
    assert_eq!(found.error_code, 0);
    let at = |node: i32| usize::try_from(node - 1).unwrap();
    for node in 1..=3 {
        let mut c = Client::connect(addrs[at(node)], "txn-test").unwrap();
        let (code, id, epoch) = init_at(&mut c, &init("tx", 60_000, (-1, -1)), 5);
        if node == found.node_id {
            assert_eq!((code, id, epoch), (ErrorCode::None, 1, 0));
        } else {
            assert_eq!((code, id, epoch), (ErrorCode::NotCoordinator, -1, -1));
            assert_eq!(end_at(&mut c, (1, 0), true, 3), ErrorCode::NotCoordinator);
            let d = describe(&mut c, "tx");
            assert_eq!(
                ErrorCode::from_code(d.error_code),
                ErrorCode::NotCoordinator
            );
        }
    }
    drop(cluster);
}
