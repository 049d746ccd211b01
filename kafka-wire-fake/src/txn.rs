//! The transaction coordinator, as Kafka's `TransactionCoordinator` runs
//! it for clients (transaction version 1: the epoch is bumped by
//! InitProducerId and by fencing, not at every transaction's end):
//! transactional InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn,
//! TxnOffsetCommit, EndTxn (which writes the commit or abort markers into
//! every partition of the transaction at once), timeouts, and
//! ListTransactions and DescribeTransactions. The partitions' open
//! transactions and aborted lists are the logs' (`log.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::time::{SystemTime, UNIX_EPOCH};

use kafka_messages::add_partitions_to_txn::{
    AddPartitionsToTxnPartitionResult, AddPartitionsToTxnResult, AddPartitionsToTxnTopic,
    AddPartitionsToTxnTopicResult,
};
use kafka_messages::describe_transactions::TopicData;
use kafka_messages::txn_offset_commit::{
    TxnOffsetCommitResponsePartition, TxnOffsetCommitResponseTopic,
};
use kafka_messages::*;
use kafka_wire::records::ControlRecordType;
use kafka_wire::{ErrorCode, Str};
use tokio::time::{Duration, Instant};

use crate::broker::State;
use crate::groups::Committed;

/// Kafka's `transaction.max.timeout.ms`: the longest timeout a producer may
/// ask for (15 minutes).
const MAX_TIMEOUT_MS: i32 = 900_000;
/// How many partitions Kafka's `__consumer_offsets` has
/// (`offsets.topic.num.partitions`): a group's offsets join a transaction
/// as its partition of that topic.
const OFFSETS_PARTITIONS: i32 = 50;
/// The topic a group's transactional offsets are written to.
const OFFSETS_TOPIC: &str = "__consumer_offsets";

/// A transactional id's producer and its current transaction.
#[derive(Debug, Clone)]
pub(crate) struct Transaction {
    pub(crate) producer_id: i64,
    pub(crate) epoch: i16,
    timeout_ms: i32,
    pub(crate) state: TransactionState,
    /// The partitions of the open transaction.
    pub(crate) partitions: BTreeSet<(Str, i32)>,
    /// The groups whose offsets joined it (AddOffsetsToTxn).
    groups: BTreeSet<Str>,
    /// Offsets TxnOffsetCommit gave, by group, committed with it.
    pending_offsets: BTreeMap<Str, BTreeMap<(Str, i32), Committed>>,
    /// When it began, on tokio's clock (for its timeout).
    started: Option<Instant>,
    /// When it began, in milliseconds since the epoch (-1: never), as
    /// DescribeTransactions reports it.
    start_time_ms: i64,
}

/// Every transactional id the cluster knows, by id.
pub(crate) type Transactions = BTreeMap<Str, Transaction>;

/// Milliseconds since the Unix epoch, for markers' timestamps and
/// transactions' start times.
fn wall_clock_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// PRODUCER_FENCED came with KIP-588's versions; older clients are told
/// INVALID_PRODUCER_EPOCH, as Kafka tells them.
fn fenced(version: i16, since: i16) -> ErrorCode {
    if version >= since {
        ErrorCode::ProducerFenced
    } else {
        ErrorCode::InvalidProducerEpoch
    }
}

/// The partition of `__consumer_offsets` that holds `group`'s offsets:
/// Java's `String.hashCode` through Kafka's `Utils.abs` (`Integer.MIN_VALUE`
/// is 0), modulo the partitions (Kafka's `partitionFor`).
pub(crate) fn offsets_partition(group: &str) -> i32 {
    let hash = crate::java::string_hash(group);
    let abs = if hash == i32::MIN { 0 } else { hash.abs() };
    abs % OFFSETS_PARTITIONS
}

/// Kafka's checks of a request naming a transaction's producer, in its
/// order: the transaction, its producer id, its epoch (`fenced_since`: the
/// API's first version that is told PRODUCER_FENCED).
fn check_producer<'t>(
    transactions: &'t mut Transactions,
    id: &Str,
    producer_id: i64,
    epoch: i16,
    version: i16,
    fenced_since: i16,
) -> Result<&'t mut Transaction, ErrorCode> {
    let txn = transactions
        .get_mut(id)
        .filter(|t| t.producer_id == producer_id)
        .ok_or(ErrorCode::InvalidProducerIdMapping)?;
    if txn.epoch != epoch {
        return Err(fenced(version, fenced_since));
    }
    Ok(txn)
}

/// Ends `id`'s open transaction: a marker in each of its partitions
/// (COMMIT or ABORT), its offsets committed to their groups or dropped.
/// Returns whether any marker was written (fetches waiting for the last
/// stable offset to move are woken by the caller).
fn complete(state: &mut State, id: &Str, commit: bool) -> bool {
    let Some(txn) = state.transactions.get_mut(id) else {
        return false;
    };
    let kind = if commit {
        ControlRecordType::Commit
    } else {
        ControlRecordType::Abort
    };
    let (producer_id, epoch) = (txn.producer_id, txn.epoch);
    let partitions = std::mem::take(&mut txn.partitions);
    let offsets = std::mem::take(&mut txn.pending_offsets);
    txn.groups.clear();
    txn.state = if commit {
        TransactionState::CompleteCommit
    } else {
        TransactionState::CompleteAbort
    };
    let now = wall_clock_ms();
    let mut wrote = false;
    for (topic, p) in partitions {
        // A partition deleted since it was added has nothing to mark.
        let Some(t) = state.topics.get_mut(&topic) else {
            continue;
        };
        let Ok(i) = usize::try_from(p) else { continue };
        let (Some(log), Some(leader)) = (t.logs.get_mut(i), t.leaders.get(i)) else {
            continue;
        };
        // The builder refuses nothing here: a commit or abort marker in a
        // transactional control batch with a producer id.
        if log
            .append_marker(producer_id, epoch, kind, leader.epoch, now)
            .is_ok()
        {
            wrote = true;
        }
    }
    if commit {
        for (group, offsets) in offsets {
            state.offsets.entry(group).or_default().extend(offsets);
        }
    }
    wrote
}

/// Aborts the transactions open longer than their timeout, on tokio's
/// clock, bumping their epochs so that their producers are fenced, as
/// Kafka's coordinator does. Returns whether any marker was written.
pub(crate) fn expire(state: &mut State, now: Instant) -> bool {
    let late: Vec<Str> = state
        .transactions
        .iter()
        .filter(|(_, t)| {
            t.state == TransactionState::Ongoing
                && t.started.is_some_and(|s| {
                    now >= s + Duration::from_millis(u64::try_from(t.timeout_ms).unwrap_or(0))
                })
        })
        .map(|(id, _)| id.clone())
        .collect();
    let mut wrote = false;
    for id in late {
        if let Some(t) = state.transactions.get_mut(&id) {
            t.epoch = t.epoch.saturating_add(1);
        }
        wrote |= complete(state, &id, false);
    }
    wrote
}

/// Whether an open transaction holds offsets of `group` for `topic`'s
/// `partition` not committed yet: OffsetFetch with `require_stable` answers
/// UNSTABLE_OFFSET_COMMIT for them (KIP-447).
pub(crate) fn pending_offset(state: &State, group: &Str, topic: &Str, partition: i32) -> bool {
    state.transactions.values().any(|t| {
        t.state == TransactionState::Ongoing
            && t.pending_offsets
                .get(group)
                .is_some_and(|o| o.contains_key(&(topic.clone(), partition)))
    })
}

/// Kafka's message for TRANSACTIONAL_ID_AUTHORIZATION_FAILED (its `Errors`
/// default, which `ProduceRequest.getErrorResponse` writes).
pub(crate) const TRANSACTIONAL_ID_DENIED: &str = "Transactional Id authorization failed.";

/// Whether a Produce carries transactional records without a transactional
/// id. Kafka's `handleProduceRequest` refuses such a request whole with
/// TRANSACTIONAL_ID_AUTHORIZATION_FAILED before anything else, authorizer
/// or not (its fix of CVE-2018-17196). As Kafka's `RequestUtils.flags`,
/// each partition's first batch says whether its records are
/// transactional.
pub(crate) fn transactional_without_id(r: &ProduceRequest) -> bool {
    r.transactional_id.is_none()
        && r.topic_data.iter().any(|t| {
            t.partition_data.iter().any(|p| {
                p.records.as_ref().is_some_and(|records| {
                    matches!(records.batches().next(), Some(Ok(b)) if b.is_transactional())
                })
            })
        })
}

/// The producer of a transactional batch may write to `topic`'s
/// `partition`: its transaction is open and holds the partition (Kafka's
/// verification of transactional produce, KIP-890 part 1). `Err`:
/// INVALID_PRODUCER_EPOCH for a fenced producer, INVALID_TXN_STATE else.
pub(crate) fn check_produce(
    transactions: &Transactions,
    producer_id: i64,
    epoch: i16,
    topic: &str,
    partition: i32,
) -> Result<(), ErrorCode> {
    let Some(txn) = transactions.values().find(|t| t.producer_id == producer_id) else {
        return Err(ErrorCode::InvalidTxnState);
    };
    if epoch < txn.epoch {
        return Err(ErrorCode::InvalidProducerEpoch);
    }
    let member = txn
        .partitions
        .iter()
        .any(|(t, p)| t.as_str() == topic && *p == partition);
    if txn.state != TransactionState::Ongoing || !member {
        return Err(ErrorCode::InvalidTxnState);
    }
    Ok(())
}

/// A transactional InitProducerId on `id`'s coordinator: a new id at epoch
/// 0 for a new transactional id, else the epoch bumped (a new id when the
/// epoch is spent); an open transaction is aborted first, fencing its
/// producer, and the caller told CONCURRENT_TRANSACTIONS to retry.
/// Returns the answer and whether markers were written.
pub(crate) fn init_producer_id(
    state: &mut State,
    id: &Str,
    r: &InitProducerIdRequest,
    version: i16,
) -> (InitProducerIdResponse, bool) {
    let refuse = |code: ErrorCode| InitProducerIdResponse {
        error_code: code.code(),
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    if id.is_empty() {
        return (refuse(ErrorCode::InvalidRequest), false);
    }
    if !(1..=MAX_TIMEOUT_MS).contains(&r.transaction_timeout_ms) {
        return (refuse(ErrorCode::InvalidTransactionTimeout), false);
    }
    let Some(txn) = state.transactions.get_mut(id) else {
        state.last_producer_id += 1;
        let txn = Transaction {
            producer_id: state.last_producer_id,
            epoch: 0,
            timeout_ms: r.transaction_timeout_ms,
            state: TransactionState::Empty,
            partitions: BTreeSet::new(),
            groups: BTreeSet::new(),
            pending_offsets: BTreeMap::new(),
            started: None,
            start_time_ms: -1,
        };
        let answer = InitProducerIdResponse {
            producer_id: txn.producer_id,
            producer_epoch: 0,
            ..Default::default()
        };
        state.transactions.insert(id.clone(), txn);
        return (answer, false);
    };
    // KIP-360: a producer that names itself must be the current one.
    let names_itself = r.producer_id >= 0 || r.producer_epoch >= 0;
    if names_itself && (r.producer_id, r.producer_epoch) != (txn.producer_id, txn.epoch) {
        return (refuse(fenced(version, 4)), false);
    }
    if txn.state == TransactionState::Ongoing {
        txn.epoch = txn.epoch.saturating_add(1);
        let wrote = complete(state, id, false);
        return (refuse(ErrorCode::ConcurrentTransactions), wrote);
    }
    // Kafka's `isProducerEpochExhausted`: a new id once the epoch reaches
    // `Short.MAX_VALUE - 1`.
    if txn.epoch >= i16::MAX - 1 {
        state.last_producer_id += 1;
        txn.producer_id = state.last_producer_id;
        txn.epoch = 0;
    } else {
        txn.epoch += 1;
    }
    txn.timeout_ms = r.transaction_timeout_ms;
    txn.state = TransactionState::Empty;
    txn.start_time_ms = -1;
    txn.started = None;
    let answer = InitProducerIdResponse {
        producer_id: txn.producer_id,
        producer_epoch: txn.epoch,
        ..Default::default()
    };
    (answer, false)
}

/// Opens the transaction if it is not: it begins now.
fn begin(txn: &mut Transaction) {
    if txn.state != TransactionState::Ongoing {
        txn.state = TransactionState::Ongoing;
        txn.started = Some(Instant::now());
        txn.start_time_ms = wall_clock_ms();
    }
}

/// One transaction's AddPartitionsToTxn: each partition's error, Kafka's
/// order of checks: partitions that do not exist
/// (UNKNOWN_TOPIC_OR_PARTITION, the others OPERATION_NOT_ATTEMPTED), the
/// coordinator, the producer, then the partitions added (or, for a
/// broker's `verify_only`, checked: INVALID_TXN_STATE for one not in the
/// transaction).
#[allow(clippy::too_many_arguments)]
fn add_partitions(
    state: &mut State,
    coordinates: bool,
    id: &Str,
    producer_id: i64,
    epoch: i16,
    topics: &[AddPartitionsToTxnTopic],
    verify_only: bool,
    version: i16,
) -> Vec<AddPartitionsToTxnTopicResult> {
    let exists = |state: &State, topic: &Str, p: i32| {
        state
            .topics
            .get(topic)
            .is_some_and(|t| (0..t.partitions).contains(&p))
    };
    let any_missing = topics
        .iter()
        .any(|t| t.partitions.iter().any(|&p| !exists(state, &t.name, p)));
    let whole: Result<(), ErrorCode> = if any_missing {
        Err(ErrorCode::OperationNotAttempted)
    } else if !coordinates {
        Err(ErrorCode::NotCoordinator)
    } else {
        check_producer(&mut state.transactions, id, producer_id, epoch, version, 2).map(|_| ())
    };
    let mut missing_in_txn = BTreeSet::new();
    if whole.is_ok() {
        if let Some(txn) = state.transactions.get_mut(id) {
            for t in topics {
                for &p in &t.partitions {
                    let key = (t.name.clone(), p);
                    if verify_only {
                        let open = txn.state == TransactionState::Ongoing;
                        if !open || !txn.partitions.contains(&key) {
                            missing_in_txn.insert(key);
                        }
                    } else {
                        txn.partitions.insert(key);
                    }
                }
            }
            if !verify_only {
                begin(txn);
            }
        }
    }
    topics
        .iter()
        .map(|t| AddPartitionsToTxnTopicResult {
            name: t.name.clone(),
            results_by_partition: t
                .partitions
                .iter()
                .map(|&p| {
                    let code = match whole {
                        Err(ErrorCode::OperationNotAttempted) if !exists(state, &t.name, p) => {
                            ErrorCode::UnknownTopicOrPartition
                        }
                        Err(code) => code,
                        Ok(()) if missing_in_txn.contains(&(t.name.clone(), p)) => {
                            ErrorCode::InvalidTxnState
                        }
                        Ok(()) => ErrorCode::None,
                    };
                    AddPartitionsToTxnPartitionResult {
                        partition_index: p,
                        partition_error_code: code.code(),
                        ..Default::default()
                    }
                })
                .collect(),
            ..Default::default()
        })
        .collect()
}

/// AddPartitionsToTxn: a client's one transaction (v0-3), or a broker's
/// list of them (v4+; Kafka asks for CLUSTER_ACTION there, which a cluster
/// without an authorizer, as this one is, grants everyone).
pub(crate) fn add_partitions_to_txn(
    state: &mut State,
    coordinates: &dyn Fn(&State, &Str) -> bool,
    r: AddPartitionsToTxnRequest,
    version: i16,
) -> AddPartitionsToTxnResponse {
    if version < 4 {
        let here = coordinates(state, &r.v3_and_below_transactional_id);
        let results = add_partitions(
            state,
            here,
            &r.v3_and_below_transactional_id,
            r.v3_and_below_producer_id,
            r.v3_and_below_producer_epoch,
            &r.v3_and_below_topics,
            false,
            version,
        );
        return AddPartitionsToTxnResponse {
            results_by_topic_v3_and_below: results,
            ..Default::default()
        };
    }
    let results_by_transaction = r
        .transactions
        .iter()
        .map(|t| {
            let here = coordinates(state, &t.transactional_id);
            AddPartitionsToTxnResult {
                transactional_id: t.transactional_id.clone(),
                topic_results: add_partitions(
                    state,
                    here,
                    &t.transactional_id,
                    t.producer_id,
                    t.producer_epoch,
                    &t.topics,
                    t.verify_only,
                    version,
                ),
                ..Default::default()
            }
        })
        .collect();
    AddPartitionsToTxnResponse {
        results_by_transaction,
        ..Default::default()
    }
}

/// AddOffsetsToTxn: the group's offsets partition joins the transaction.
pub(crate) fn add_offsets_to_txn(
    state: &mut State,
    coordinates: bool,
    r: AddOffsetsToTxnRequest,
    version: i16,
) -> AddOffsetsToTxnResponse {
    let code = (|| {
        if !coordinates {
            return ErrorCode::NotCoordinator;
        }
        let txn = match check_producer(
            &mut state.transactions,
            &r.transactional_id,
            r.producer_id,
            r.producer_epoch,
            version,
            2,
        ) {
            Ok(txn) => txn,
            Err(code) => return code,
        };
        txn.groups.insert(r.group_id.clone());
        txn.partitions
            .insert((OFFSETS_TOPIC.into(), offsets_partition(&r.group_id)));
        begin(txn);
        ErrorCode::None
    })();
    AddOffsetsToTxnResponse {
        error_code: code.code(),
        ..Default::default()
    }
}

/// TxnOffsetCommit, on the group's coordinator: the offsets wait in the
/// transaction and are committed with it. The group must have joined the
/// transaction (INVALID_TXN_STATE); a member and generation given are
/// checked as Kafka's `doTxnCommitOffsets` checks them, a KIP-848 member at
/// its member epoch.
pub(crate) fn txn_offset_commit(
    state: &mut State,
    coordinates: bool,
    r: TxnOffsetCommitRequest,
    version: i16,
) -> TxnOffsetCommitResponse {
    let by_id = version >= 6;
    let group_error = (|| {
        if !coordinates {
            return Some(ErrorCode::NotCoordinator);
        }
        let txn = match check_producer(
            &mut state.transactions,
            &r.transactional_id,
            r.producer_id,
            r.producer_epoch,
            version,
            3,
        ) {
            Ok(txn) => txn,
            Err(code) => return Some(code),
        };
        if txn.state != TransactionState::Ongoing || !txn.groups.contains(&r.group_id) {
            return Some(ErrorCode::InvalidTxnState);
        }
        let group = state.groups.get(&r.group_id);
        // A KIP-848 group (Kafka's `ConsumerGroup.validateOffsetCommit`, its
        // STALE_MEMBER_EPOCH answered as ILLEGAL_GENERATION by
        // `OffsetMetadataManager`): no member and no epoch commit as the
        // producer's own; a member commits at its member epoch.
        let classic_members = group.is_some_and(|g| !g.members.is_empty());
        if let Some(consumer_group) = state
            .consumer_groups
            .get(&r.group_id)
            .filter(|_| !classic_members)
        {
            let epoch = r.generation_id_or_member_epoch;
            if (epoch < 0 && consumer_group.members.is_empty())
                || (epoch == -1 && r.member_id.is_empty() && r.group_instance_id.is_none())
            {
                return None;
            }
            // An older epoch is checked by Kafka 4.4 per partition, against
            // the epoch each was assigned at (KIP-1251), which the fake does
            // not keep: refused as a newer one is.
            return match consumer_group.check_commit(&r.member_id, epoch) {
                Err(ErrorCode::StaleMemberEpoch) => Some(ErrorCode::IllegalGeneration),
                result => result.err(),
            };
        }
        let has = |m: &Str| group.is_some_and(|g| g.members.contains_key(m));
        // A static member's instance id must be the member's (KIP-345).
        if let (Some(group), Some(instance)) = (group, r.group_instance_id.as_ref()) {
            if let Err(code) = group.validate_member(&r.member_id, Some(instance)) {
                return Some(code);
            }
        }
        if !r.member_id.is_empty() && !has(&r.member_id) {
            return Some(ErrorCode::UnknownMemberId);
        }
        let generation = group.map_or(-1, |g| g.generation);
        if r.generation_id_or_member_epoch >= 0 && r.generation_id_or_member_epoch != generation {
            return Some(ErrorCode::IllegalGeneration);
        }
        None
    })();
    let topics = r
        .topics
        .into_iter()
        .map(|t| {
            let name = super::groups::topic_name(state, &t.name, t.topic_id, by_id);
            let partitions = t
                .partitions
                .into_iter()
                .map(|p| {
                    let known = name
                        .as_ref()
                        .and_then(|n| state.topics.get(n))
                        .is_some_and(|topic| (0..topic.partitions).contains(&p.partition_index));
                    let code = match (group_error, known) {
                        (Some(code), _) => code,
                        (None, false) if by_id => ErrorCode::UnknownTopicId,
                        (None, false) => ErrorCode::UnknownTopicOrPartition,
                        (None, true) => {
                            let topic = name.clone().unwrap_or_default();
                            if let Some(txn) = state.transactions.get_mut(&r.transactional_id) {
                                txn.pending_offsets
                                    .entry(r.group_id.clone())
                                    .or_default()
                                    .insert(
                                        (topic, p.partition_index),
                                        Committed::new(
                                            p.committed_offset,
                                            p.committed_leader_epoch,
                                            p.committed_metadata,
                                        ),
                                    );
                            }
                            ErrorCode::None
                        }
                    };
                    TxnOffsetCommitResponsePartition {
                        partition_index: p.partition_index,
                        error_code: code.code(),
                        ..Default::default()
                    }
                })
                .collect();
            TxnOffsetCommitResponseTopic {
                name: t.name,
                topic_id: t.topic_id,
                partitions,
                ..Default::default()
            }
        })
        .collect();
    TxnOffsetCommitResponse {
        topics,
        ..Default::default()
    }
}

/// EndTxn: the transaction committed or aborted, its markers written. A
/// retry of the end just made is answered NONE; an end with no transaction
/// open, or the other end of one just made, INVALID_TXN_STATE. Returns the
/// answer and whether markers were written.
pub(crate) fn end_txn(
    state: &mut State,
    coordinates: bool,
    r: EndTxnRequest,
    version: i16,
) -> (EndTxnResponse, bool) {
    let mut wrote = false;
    let checked = (|| {
        if !coordinates {
            return Err(ErrorCode::NotCoordinator);
        }
        let current = check_producer(
            &mut state.transactions,
            &r.transactional_id,
            r.producer_id,
            r.producer_epoch,
            version,
            2,
        )?
        .state;
        match (current, r.committed) {
            (TransactionState::Ongoing, commit) => {
                wrote = complete(state, &r.transactional_id, commit);
                Ok(())
            }
            (TransactionState::CompleteCommit, true) | (TransactionState::CompleteAbort, false) => {
                Ok(())
            }
            _ => Err(ErrorCode::InvalidTxnState),
        }
    })();
    let (producer_id, producer_epoch) = match state.transactions.get(&r.transactional_id) {
        Some(t) if checked.is_ok() => (t.producer_id, t.epoch),
        _ => (-1, -1),
    };
    let answer = EndTxnResponse {
        error_code: checked.err().map_or(0, ErrorCode::code),
        producer_id,
        producer_epoch,
        ..Default::default()
    };
    (answer, wrote)
}

/// ListTransactions: the transactions this node coordinates, filtered by
/// state (names Kafka does not have come back in `unknown_state_filters`),
/// producer id, how long they have run (v1+) and a regular expression
/// their id must match whole (v2+; INVALID_REGULAR_EXPRESSION for one that
/// does not compile).
pub(crate) fn list_transactions(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: &ListTransactionsRequest,
) -> ListTransactionsResponse {
    let pattern = match r.transactional_id_pattern.as_deref() {
        None | Some("") => None,
        Some(p) => match regex::Regex::new(&format!("^(?:{p})$")) {
            Ok(re) => Some(re),
            Err(_) => {
                return ListTransactionsResponse {
                    error_code: ErrorCode::InvalidRegularExpression.code(),
                    ..Default::default()
                }
            }
        },
    };
    let unknown_state_filters: Vec<Str> = r
        .state_filters
        .iter()
        .filter(|s| !TransactionState::ALL.iter().any(|k| k.name() == s.as_str()))
        .cloned()
        .collect();
    let now = wall_clock_ms();
    let transaction_states = state
        .transactions
        .iter()
        .filter(|(id, _)| coordinates(id))
        .filter(|(_, t)| {
            r.state_filters.is_empty() || r.state_filters.iter().any(|s| s == t.state.name())
        })
        .filter(|(_, t)| {
            r.producer_id_filters.is_empty() || r.producer_id_filters.contains(&t.producer_id)
        })
        .filter(|(_, t)| {
            r.duration_filter < 0
                || (t.start_time_ms >= 0 && now - t.start_time_ms > r.duration_filter)
        })
        .filter(|(id, _)| pattern.as_ref().is_none_or(|re| re.is_match(id)))
        .map(|(id, t)| list_transactions::TransactionState {
            transactional_id: id.clone(),
            producer_id: t.producer_id,
            transaction_state: t.state.name().into(),
            ..Default::default()
        })
        .collect();
    ListTransactionsResponse {
        unknown_state_filters,
        transaction_states,
        ..Default::default()
    }
}

/// DescribeTransactions: each id's producer, state, timeout, start and
/// partitions; NOT_COORDINATOR on another node,
/// TRANSACTIONAL_ID_NOT_FOUND for an id never initialized.
pub(crate) fn describe_transactions(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: &DescribeTransactionsRequest,
) -> DescribeTransactionsResponse {
    let transaction_states = r
        .transactional_ids
        .iter()
        .map(|id| {
            let refuse = |code: ErrorCode| describe_transactions::TransactionState {
                error_code: code.code(),
                transactional_id: id.clone(),
                transaction_start_time_ms: -1,
                producer_id: -1,
                producer_epoch: -1,
                ..Default::default()
            };
            if !coordinates(id) {
                return refuse(ErrorCode::NotCoordinator);
            }
            let Some(t) = state.transactions.get(id) else {
                return refuse(ErrorCode::TransactionalIdNotFound);
            };
            let mut topics: Vec<TopicData> = Vec::new();
            for (topic, p) in &t.partitions {
                match topics.iter_mut().find(|d| d.topic == *topic) {
                    Some(d) => d.partitions.push(*p),
                    None => topics.push(TopicData {
                        topic: topic.clone(),
                        partitions: vec![*p],
                        ..Default::default()
                    }),
                }
            }
            describe_transactions::TransactionState {
                transactional_id: id.clone(),
                transaction_state: t.state.name().into(),
                transaction_timeout_ms: t.timeout_ms,
                transaction_start_time_ms: if t.state == TransactionState::Empty {
                    -1
                } else {
                    t.start_time_ms
                },
                producer_id: t.producer_id,
                producer_epoch: t.epoch,
                topics,
                ..Default::default()
            }
        })
        .collect();
    DescribeTransactionsResponse {
        transaction_states,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_land_on_javas_hash_partition() {
        // "my-group".hashCode() is -1_906_497_762 in Java; its abs % 50 is 12.
        assert_eq!(offsets_partition("my-group"), 12);
        // A negative hash: "polygenelubricants".hashCode() is Integer.MIN_VALUE,
        // whose sign bit cleared is 0.
        assert_eq!(offsets_partition("polygenelubricants"), 0);
        assert_eq!(offsets_partition(""), 0);
    }
}
