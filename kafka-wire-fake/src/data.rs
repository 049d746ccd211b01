//! The data APIs: Produce, Fetch, ListOffsets and InitProducerId, over the
//! partition logs of `log.rs`, with Kafka's errors per partition.

use bytes::Bytes;
use kafka_messages::delete_records::{DeleteRecordsPartitionResult, DeleteRecordsTopicResult};
use kafka_messages::fetch::{FetchableTopicResponse, PartitionData};
use kafka_messages::list_offsets::{ListOffsetsPartitionResponse, ListOffsetsTopicResponse};
use kafka_messages::produce::{PartitionProduceResponse, TopicProduceResponse};
use kafka_messages::*;
use kafka_wire::records::{Compression, ReadOptions};
use kafka_wire::{ErrorCode, Records, Str, Uuid};

use std::net::SocketAddr;

use crate::broker::{Leader, State, Topic};
use crate::log::{self, PartitionLog};
use crate::txn::{self, Transactions};

/// ListOffsets' special timestamps (Kafka's `ListOffsetsRequest`).
const LATEST: i64 = -1;
const EARLIEST: i64 = -2;
const MAX_TIMESTAMP: i64 = -3;
const EARLIEST_LOCAL: i64 = -4;
const LATEST_TIERED: i64 = -5;

/// Fetch's `isolation_level` for read_committed.
const READ_COMMITTED: i8 = 1;

/// The topic a request names: by id from the version that carries ids,
/// else by name. `Err` is the error each of its partitions gets.
fn find_topic<'s>(
    state: &'s State,
    name: &Str,
    id: Uuid,
    by_id: bool,
) -> Result<(&'s Str, &'s Topic), ErrorCode> {
    if by_id {
        state
            .topics
            .iter()
            .find(|(_, t)| t.id == id)
            .ok_or(ErrorCode::UnknownTopicId)
    } else {
        state
            .topics
            .get_key_value(name)
            .ok_or(ErrorCode::UnknownTopicOrPartition)
    }
}

fn find_topic_mut<'s>(
    state: &'s mut State,
    name: &Str,
    id: Uuid,
    by_id: bool,
) -> Result<&'s mut Topic, ErrorCode> {
    if by_id {
        state
            .topics
            .values_mut()
            .find(|t| t.id == id)
            .ok_or(ErrorCode::UnknownTopicId)
    } else {
        state
            .topics
            .get_mut(name)
            .ok_or(ErrorCode::UnknownTopicOrPartition)
    }
}

/// The partition's log and leader, if `node` leads it: else
/// NOT_LEADER_OR_FOLLOWER with the leader to try (KIP-951), or
/// UNKNOWN_TOPIC_OR_PARTITION.
fn log_of(
    topic: &Topic,
    partition: i32,
    node: i32,
) -> Result<(&PartitionLog, Leader), (ErrorCode, Option<Leader>)> {
    let p = usize::try_from(partition)
        .ok()
        .filter(|&p| p < topic.logs.len())
        .ok_or((ErrorCode::UnknownTopicOrPartition, None))?;
    let leader = topic.leaders[p];
    if leader.node != node {
        return Err((ErrorCode::NotLeaderOrFollower, Some(leader)));
    }
    Ok((&topic.logs[p], leader))
}

/// The endpoint of `leader`'s node, for the answers that carry one.
fn endpoint_of(endpoints: &[(i32, SocketAddr)], leader: Leader) -> Option<(i32, SocketAddr)> {
    endpoints.iter().copied().find(|&(id, _)| id == leader.node)
}

/// Produce: each partition's batches checked and appended, or all of the
/// partition's refused with the first batch's error (Kafka appends a
/// partition's records whole or not at all); `now_ms` is the logs' clock.
pub(crate) fn produce(
    state: &mut State,
    node: i32,
    endpoints: &[(i32, SocketAddr)],
    r: ProduceRequest,
    version: i16,
    now_ms: i64,
) -> ProduceResponse {
    if txn::transactional_without_id(&r) {
        return refused_whole(
            r,
            ErrorCode::TransactionalIdAuthorizationFailed,
            txn::TRANSACTIONAL_ID_DENIED,
        );
    }
    let mut hinted: Vec<(i32, SocketAddr)> = Vec::new();
    let by_id = version >= 13;
    let acks_ok = matches!(r.acks, -1..=1);
    // Transactional batches are checked against the coordinator's
    // transactions, which the topics' borrow below would otherwise hide.
    let transactions = std::mem::take(&mut state.transactions);
    let responses = r
        .topic_data
        .into_iter()
        .map(|t| {
            let name = find_topic(state, &t.name, t.topic_id, by_id)
                .map(|(n, _)| n.clone())
                .unwrap_or_default();
            let mut topic = find_topic_mut(state, &t.name, t.topic_id, by_id);
            let partition_responses = t
                .partition_data
                .into_iter()
                .map(|p| {
                    let mut answer = PartitionProduceResponse {
                        index: p.index,
                        base_offset: -1,
                        log_start_offset: -1,
                        log_append_time_ms: -1,
                        ..Default::default()
                    };
                    let appended = if acks_ok {
                        match &mut topic {
                            Err(code) => Err((*code, None)),
                            Ok(topic) => append(
                                topic,
                                &name,
                                &transactions,
                                node,
                                p.index,
                                p.records.as_ref(),
                                ProduceAt { version, now_ms },
                            ),
                        }
                    } else {
                        Err((ErrorCode::InvalidRequiredAcks, None))
                    };
                    match appended {
                        Ok(appended) => {
                            answer.base_offset = appended.base_offset;
                            answer.log_start_offset = appended.log_start;
                            answer.log_append_time_ms = appended.log_append_time;
                        }
                        Err((code, message)) => {
                            answer.error_code = code.code();
                            answer.error_message = message.map(Str::from);
                            if let (Ok(topic), true) = (&topic, is_sequence_refusal(code)) {
                                if let Some(log) = usize::try_from(p.index)
                                    .ok()
                                    .and_then(|i| topic.logs.get(i))
                                {
                                    answer.log_start_offset = log.log_start();
                                }
                            }
                            // KIP-951's hints came with Produce v10.
                            if let (Ok(topic), true) = (&topic, version >= 10) {
                                hint_leader(topic, p.index, code, endpoints, &mut hinted, |l| {
                                    answer.current_leader.leader_id = l.node;
                                    answer.current_leader.leader_epoch = l.epoch;
                                });
                            }
                        }
                    }
                    answer
                })
                .collect();
            TopicProduceResponse {
                name: t.name,
                topic_id: t.topic_id,
                partition_responses,
                ..Default::default()
            }
        })
        .collect();
    state.transactions = transactions;
    ProduceResponse {
        responses,
        node_endpoints: hinted
            .into_iter()
            .map(|(id, addr)| produce::NodeEndpoint {
                node_id: id,
                host: addr.ip().to_string().into(),
                port: i32::from(addr.port()),
                rack: None,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// For NOT_LEADER_OR_FOLLOWER: tells `set` the partition's leader, and adds
/// its node to `hinted` (KIP-951's hints).
fn hint_leader(
    topic: &Topic,
    partition: i32,
    code: ErrorCode,
    endpoints: &[(i32, SocketAddr)],
    hinted: &mut Vec<(i32, SocketAddr)>,
    set: impl FnOnce(Leader),
) {
    if code != ErrorCode::NotLeaderOrFollower {
        return;
    }
    let Some(&leader) = usize::try_from(partition)
        .ok()
        .and_then(|p| topic.leaders.get(p))
    else {
        return;
    };
    set(leader);
    if let Some(e) = endpoint_of(endpoints, leader) {
        if !hinted.contains(&e) {
            hinted.push(e);
        }
    }
}

/// The Produce's version, and the time on the logs' clock.
#[derive(Debug, Clone, Copy)]
struct ProduceAt {
    version: i16,
    now_ms: i64,
}

/// One partition's records checked and appended (stamped at `at.now_ms`
/// for a topic of log-append time, then the topic's retention by size
/// applied): the base offset of the first batch, the log start offset and
/// the append time.
fn append(
    topic: &mut Topic,
    name: &str,
    transactions: &Transactions,
    node: i32,
    partition: i32,
    records: Option<&Records>,
    at: ProduceAt,
) -> Result<Appended, (ErrorCode, Option<String>)> {
    let ProduceAt { version, now_ms } = at;
    let (_, leader) = log_of(topic, partition, node).map_err(|(code, _)| (code, None))?;
    let settings = topic.settings.on(node);
    let log = &mut topic.logs[partition as usize];
    let Some(records) = records else {
        return Err((
            ErrorCode::InvalidRecord,
            Some("Produce request has no records".into()),
        ));
    };
    let mut batches = Vec::new();
    let mut read = records.batches_with(ReadOptions::new());
    for batch in read.by_ref() {
        let batch = batch.map_err(|e| {
            let (code, message) = log::refusal(e);
            (code, Some(message))
        })?;
        // zstd came with Produce v7 (KIP-110).
        if batch.compression() == Compression::Zstd && version < 7 {
            return Err((ErrorCode::UnsupportedCompressionType, None));
        }
        log::check_batch(&batch).map_err(|(c, m)| (c, Some(m)))?;
        if batch.is_transactional() {
            let (id, epoch) = (batch.producer_id(), batch.producer_epoch());
            txn::check_produce(transactions, id, epoch, name, partition).map_err(|code| {
                let why = format!("Producer {id} at epoch {epoch} has no open transaction holding partition {partition} of {name}");
                (code, Some(why))
            })?;
        }
        batches.push(batch);
    }
    if !read.remainder().is_empty() || batches.is_empty() {
        return Err((
            ErrorCode::CorruptMessage,
            Some(format!(
                "The records end with {} bytes that are not a whole batch",
                read.remainder().len()
            )),
        ));
    }
    // Kafka's idempotent produce takes one batch per partition.
    if batches.len() > 1 && batches.iter().any(|b| b.producer_id() >= 0) {
        return Err((
            ErrorCode::InvalidRecord,
            Some("Compressed outer record has more than one batch".into()),
        ));
    }
    // Kafka's `max.message.bytes`, checked against each whole batch.
    let max = settings.max_message_bytes;
    if let Some(b) = batches.iter().find(|b| b.as_bytes().len() as i64 > max) {
        return Err((
            ErrorCode::MessageTooLarge,
            Some(format!(
                "The record batch size in the append to {name}-{partition} is {} bytes which exceeds the maximum configured value of {max}.",
                b.as_bytes().len()
            )),
        ));
    }
    let stamp = settings.log_append_time.then_some(now_ms);
    let first = log
        .append_all(&batches, leader.epoch, stamp)
        .map_err(|(c, m)| (c, sequence_refusal_message(c, m)))?;
    // Kafka answers a retry with the stored batch's timestamp as its
    // append time (`UnifiedLog`'s duplicate `LogAppendInfo`); a retry is
    // one batch (an idempotent producer's).
    let log_append_time = first.duplicate.unwrap_or(stamp.unwrap_or(-1));
    // Retention by size at every append, so that memory stays bounded
    // (Kafka waits for its next retention check); by time at the checks.
    log.apply_retention(settings.retention_bytes, -1, now_ms);
    Ok(Appended {
        base_offset: first.base_offset,
        log_start: log.log_start(),
        log_append_time,
    })
}

/// The errors of a producer's sequence and epoch checks, which Kafka's
/// `ReplicaManager` answers without a message and with the log start offset
/// (its `processFailedRecord` case); the log's other refusals keep theirs.
fn is_sequence_refusal(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::OutOfOrderSequenceNumber | ErrorCode::InvalidProducerEpoch
    )
}

/// The message a refusal of the log is answered with: none for
/// [`is_sequence_refusal`].
fn sequence_refusal_message(code: ErrorCode, message: String) -> Option<String> {
    (!is_sequence_refusal(code)).then_some(message)
}

/// Every partition's retention by time and by size at `now_ms`, on the
/// logs' clock (Kafka's log manager's retention check): whether any batch
/// went.
pub(crate) fn apply_retention(state: &mut State, now_ms: i64) -> bool {
    let mut dropped = false;
    for topic in state.topics.values_mut() {
        for (log, leader) in topic.logs.iter_mut().zip(&topic.leaders) {
            // The leader's configs hold for its log.
            let s = topic.settings.on(leader.node);
            if s.retention_ms < 0 && s.retention_bytes < 0 {
                continue;
            }
            dropped |= log.apply_retention(s.retention_bytes, s.retention_ms, now_ms);
        }
    }
    dropped
}

/// What a produce answers for a partition it appended to.
struct Appended {
    base_offset: i64,
    log_start: i64,
    /// The time the batches were stamped with, or -1 (CreateTime).
    log_append_time: i64,
}

/// Fetch, read once: the answer, and whether it is ready to send (it holds
/// `min_bytes`, or an error).
pub(crate) fn fetch(
    state: &State,
    node: i32,
    endpoints: &[(i32, SocketAddr)],
    r: &FetchRequest,
    version: i16,
) -> (FetchResponse, bool) {
    let mut hinted: Vec<(i32, SocketAddr)> = Vec::new();
    let by_id = version >= 13;
    let committed = r.isolation_level == READ_COMMITTED;
    let follower = r.replica_id >= 0 || r.replica_state.replica_id >= 0;
    let mut budget = usize::try_from(r.max_bytes).unwrap_or(0);
    let mut total = 0usize;
    let mut any_error = false;
    let responses = r
        .topics
        .iter()
        .map(|t| {
            let topic = find_topic(state, &t.topic, t.topic_id, by_id);
            let partitions = t
                .partitions
                .iter()
                .map(|p| {
                    let mut answer = PartitionData {
                        partition_index: p.partition,
                        high_watermark: -1,
                        last_stable_offset: -1,
                        log_start_offset: -1,
                        aborted_transactions: committed.then(Vec::new),
                        records: None,
                        ..Default::default()
                    };
                    let read = topic.map_err(|c| (c, None)).and_then(|(_, topic)| {
                        let (log, leader) = log_of(topic, p.partition, node)?;
                        // Kafka's epoch checks: a client ahead of the leader
                        // has news the leader lacks; one behind is stale.
                        if p.current_leader_epoch > leader.epoch {
                            return Err((ErrorCode::UnknownLeaderEpoch, Some(leader)));
                        }
                        if p.current_leader_epoch >= 0 && p.current_leader_epoch < leader.epoch {
                            return Err((ErrorCode::FencedLeaderEpoch, Some(leader)));
                        }
                        // A follower's fetch (a replica id, CVE-2018-1288's
                        // door): the fake's nodes have no follower replicas,
                        // so, as Kafka's leader answers a replica id that is
                        // not a follower it knows, UNKNOWN_LEADER_EPOCH with
                        // an epoch given, NOT_LEADER_OR_FOLLOWER without;
                        // nothing is read.
                        if follower {
                            return Err(if p.current_leader_epoch >= 0 {
                                (ErrorCode::UnknownLeaderEpoch, None)
                            } else {
                                (ErrorCode::NotLeaderOrFollower, None)
                            });
                        }
                        // read_committed stops at the last stable offset.
                        let end = if committed {
                            log.last_stable_offset()
                        } else {
                            log.high_watermark()
                        };
                        let max = budget.min(usize::try_from(p.partition_max_bytes).unwrap_or(0));
                        let read = log
                            .read(p.fetch_offset, end, max, total == 0)
                            .map_err(|c| (c, None))?;
                        Ok((log, read))
                    });
                    match read {
                        Ok((log, read)) => {
                            answer.high_watermark = log.high_watermark();
                            answer.last_stable_offset = log.last_stable_offset();
                            answer.log_start_offset = log.log_start();
                            if committed && read.bytes.is_some() {
                                answer.aborted_transactions = Some(
                                    log.aborted_between(p.fetch_offset, read.end)
                                        .into_iter()
                                        .map(|a| fetch::AbortedTransaction {
                                            producer_id: a.producer_id,
                                            first_offset: a.first_offset,
                                            ..Default::default()
                                        })
                                        .collect(),
                                );
                            }
                            let size = read.bytes.as_ref().map_or(0, Bytes::len);
                            total += size;
                            budget = budget.saturating_sub(size);
                            answer.records = Some(Records(read.bytes.unwrap_or_default()));
                        }
                        Err((code, leader)) => {
                            any_error = true;
                            answer.error_code = code.code();
                            // Kafka answers every partition with records,
                            // empty on an error. A topic it does not know is
                            // answered before the read (`KafkaApis`'s
                            // erroneous partitions: the schema's default, an
                            // empty list of aborted transactions); a read's
                            // error from the log has none (null).
                            answer.records = Some(Records(Bytes::new()));
                            answer.aborted_transactions = topic.is_err().then(Vec::new);
                            // KIP-951's hints came with Fetch v12 (the
                            // leader) and v16 (its endpoint).
                            if let (Some(leader), true) = (leader, version >= 12) {
                                answer.current_leader.leader_id = leader.node;
                                answer.current_leader.leader_epoch = leader.epoch;
                                if let Some(e) = endpoint_of(endpoints, leader) {
                                    if !hinted.contains(&e) {
                                        hinted.push(e);
                                    }
                                }
                            }
                        }
                    }
                    answer
                })
                .collect();
            FetchableTopicResponse {
                topic: t.topic.clone(),
                topic_id: t.topic_id,
                partitions,
                ..Default::default()
            }
        })
        .collect();
    let min = usize::try_from(r.min_bytes).unwrap_or(0);
    let ready = any_error || total >= min || r.topics.is_empty();
    let response = FetchResponse {
        responses,
        node_endpoints: hinted
            .into_iter()
            .filter(|_| version >= 16)
            .map(|(id, addr)| fetch::NodeEndpoint {
                node_id: id,
                host: addr.ip().to_string().into(),
                port: i32::from(addr.port()),
                rack: None,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    (response, ready)
}

/// ListOffsets: the earliest, latest or max-timestamp offset, or the first
/// at or after a timestamp.
pub(crate) fn list_offsets(
    state: &State,
    node: i32,
    r: ListOffsetsRequest,
    version: i16,
) -> ListOffsetsResponse {
    let topics = r
        .topics
        .into_iter()
        .map(|t| {
            let topic = state.topics.get(&t.name);
            let partitions = t
                .partitions
                .into_iter()
                .map(|p| {
                    let mut answer = ListOffsetsPartitionResponse {
                        partition_index: p.partition_index,
                        timestamp: -1,
                        offset: -1,
                        leader_epoch: -1,
                        ..Default::default()
                    };
                    let found = topic
                        .ok_or(ErrorCode::UnknownTopicOrPartition)
                        .and_then(|topic| {
                            log_of(topic, p.partition_index, node).map_err(|(code, _)| code)
                        })
                        .map(|(log, leader)| {
                            (
                                leader,
                                match p.timestamp {
                                    // read_committed's latest is the last stable offset (v2+).
                                    LATEST if r.isolation_level == READ_COMMITTED => {
                                        Some((log.last_stable_offset(), -1))
                                    }
                                    LATEST => Some((log.high_watermark(), -1)),
                                    EARLIEST | EARLIEST_LOCAL => Some((log.log_start(), -1)),
                                    MAX_TIMESTAMP => log.max_timestamp(),
                                    // No tiered storage: nothing is tiered.
                                    LATEST_TIERED => None,
                                    ts => log.offset_for_timestamp(ts),
                                },
                            )
                        });
                    match found {
                        Ok((leader, found)) => {
                            let (offset, timestamp) = found.unwrap_or((-1, -1));
                            answer.offset = offset;
                            answer.timestamp = timestamp;
                            // The leader epoch came with v4; no offset found
                            // (a timestamp past every record) has none, as
                            // Kafka answers it.
                            if version >= 4 && found.is_some() {
                                answer.leader_epoch = leader.epoch;
                            }
                            if version == 0 && offset >= 0 {
                                answer.old_style_offsets = vec![offset];
                            }
                        }
                        Err(code) => answer.error_code = code.code(),
                    }
                    answer
                })
                .collect();
            ListOffsetsTopicResponse {
                name: t.name,
                partitions,
                ..Default::default()
            }
        })
        .collect();
    ListOffsetsResponse {
        topics,
        ..Default::default()
    }
}

/// Kafka's answer to a Produce refused whole (`ProduceRequest.getErrorResponse`):
/// every partition asked for gets `code` and `message`, offsets and times -1.
fn refused_whole(r: ProduceRequest, code: ErrorCode, message: &str) -> ProduceResponse {
    let responses = r
        .topic_data
        .into_iter()
        .map(|t| TopicProduceResponse {
            partition_responses: t
                .partition_data
                .iter()
                .map(|p| PartitionProduceResponse {
                    index: p.index,
                    error_code: code.code(),
                    error_message: Some(Str::from(message)),
                    base_offset: -1,
                    log_start_offset: -1,
                    log_append_time_ms: -1,
                    ..Default::default()
                })
                .collect(),
            name: t.name,
            topic_id: t.topic_id,
            ..Default::default()
        })
        .collect();
    ProduceResponse {
        responses,
        ..Default::default()
    }
}

/// InitProducerId for an idempotent producer: a new id at epoch 0. A
/// transactional id is not served yet: TRANSACTIONAL_ID_AUTHORIZATION is
/// not what Kafka would say, so it gets COORDINATOR_NOT_AVAILABLE, which
/// clients retry and report.
pub(crate) fn init_producer_id(
    state: &mut State,
    r: InitProducerIdRequest,
) -> InitProducerIdResponse {
    if r.transactional_id.is_some() {
        return InitProducerIdResponse {
            error_code: ErrorCode::CoordinatorNotAvailable.code(),
            producer_id: -1,
            producer_epoch: -1,
            ..Default::default()
        };
    }
    // A producer bumping its own epoch (KIP-360) keeps its id.
    if r.producer_id >= 0 && r.producer_id <= state.last_producer_id && r.producer_epoch >= 0 {
        return InitProducerIdResponse {
            producer_id: r.producer_id,
            producer_epoch: r.producer_epoch.saturating_add(1),
            ..Default::default()
        };
    }
    state.last_producer_id += 1;
    InitProducerIdResponse {
        producer_id: state.last_producer_id,
        producer_epoch: 0,
        ..Default::default()
    }
}

/// DeleteRecords: each partition's log start moved to the offset given
/// (-1: the high watermark), the batches wholly below it dropped.
pub(crate) fn delete_records(
    state: &mut State,
    node: i32,
    r: DeleteRecordsRequest,
) -> DeleteRecordsResponse {
    let topics = r
        .topics
        .into_iter()
        .map(|t| {
            let mut topic = state.topics.get_mut(&t.name);
            let partitions = t
                .partitions
                .into_iter()
                .map(|p| {
                    let mut answer = DeleteRecordsPartitionResult {
                        partition_index: p.partition_index,
                        low_watermark: -1,
                        ..Default::default()
                    };
                    let log = match topic.as_mut() {
                        None => Err(ErrorCode::UnknownTopicOrPartition),
                        Some(topic) => match log_of(topic, p.partition_index, node) {
                            Err((code, _)) => Err(code),
                            Ok(_) => Ok(&mut topic.logs[p.partition_index as usize]),
                        },
                    };
                    match log {
                        Err(code) => answer.error_code = code.code(),
                        Ok(log) => {
                            let offset = if p.offset == -1 {
                                log.high_watermark()
                            } else {
                                p.offset
                            };
                            if offset < 0 || offset > log.high_watermark() {
                                answer.error_code = ErrorCode::OffsetOutOfRange.code();
                            } else {
                                log.delete_before(offset);
                                answer.low_watermark = log.log_start();
                            }
                        }
                    }
                    answer
                })
                .collect();
            DeleteRecordsTopicResult {
                name: t.name,
                partitions,
                ..Default::default()
            }
        })
        .collect();
    DeleteRecordsResponse {
        topics,
        ..Default::default()
    }
}
