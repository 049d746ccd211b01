//! DescribeTopicPartitions (KIP-966, API key 75), as Kafka 4.4's
//! `DescribeTopicPartitionsRequestHandler` and `KRaftMetadataCache`
//! (`describeTopicResponse`, `partitionMetadataForDescribeTopicResponse`)
//! answer it, in their order:
//!
//! - the topics: the request's (once each), or every topic when it names
//!   none, less those before the cursor's topic (Java's `compareTo`);
//! - a cursor naming a topic the request does not list, or a negative
//!   partition, is INVALID_REQUEST for every topic of the request;
//! - the topics the principal may not DESCRIBE are left out, and when
//!   named answered TOPIC_AUTHORIZATION_FAILED after the others, in the
//!   order of Kafka's `HashSet` of them;
//! - the rest sorted by name, the cursor's topic from the cursor's
//!   partition, the others from 0, until `response_partition_limit`
//!   partitions (at least 1, at most `max.request.partition.size.limit`,
//!   2000) are answered: a topic cut short sets the next cursor at its
//!   next partition, and a topic reached with nothing left at its
//!   partition 0;
//! - a named topic that does not exist is UNKNOWN_TOPIC_OR_PARTITION (or
//!   INVALID_TOPIC_EXCEPTION for a name Kafka's `Topic.validate` refuses),
//!   its id zero;
//! - every topic answered but the refused ones gets its authorized
//!   operations.
//!
//! A partition is what Metadata shows of it (`Broker::partition_view`):
//! leader, epoch, replicas, ISR, offline replicas; no error, and empty
//! eligible leader replicas (ELR), as a cluster without them answers.

use std::cmp::Ordering;
use std::collections::HashSet;

use kafka_messages::describe_topic_partitions::{
    DescribeTopicPartitionsResponsePartition, DescribeTopicPartitionsResponseTopic, ResponseCursor,
};
use kafka_messages::{
    AclOperation, DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse, ResourceType,
};
use kafka_wire::{ErrorCode, Str, Uuid};

use crate::authorizer::{self, Check};
use crate::broker::{check_topic_name, is_internal, PartitionView, State, Topic};
use crate::java;

/// Kafka's broker config `max.request.partition.size.limit` (its default):
/// the most partitions one answer holds, whatever the request asks.
pub(crate) const MAX_REQUEST_PARTITION_SIZE_LIMIT: i32 = 2000;

/// Why Kafka answers a request with an error for each of its topics
/// (`DescribeTopicPartitionsRequest.getErrorResponse`) instead of
/// describing them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Refusal {
    /// The request names topics, and not the cursor's (INVALID_REQUEST).
    #[error("DescribeTopicPartitionsRequest topic list should contain the cursor topic: {0}")]
    CursorTopicNotListed(Str),
    /// The cursor's partition is negative (INVALID_REQUEST).
    #[error("DescribeTopicPartitionsRequest cursor partition must be valid: Cursor(topicName='{0}', partitionIndex={1})")]
    CursorPartitionNegative(Str, i32),
    /// The request names the topic `""` and has no cursor: Kafka's handler
    /// reads the cursor's partition for the topic whose name equals the
    /// cursor's (`""` without one) and fails on the null cursor
    /// (a `NullPointerException`: UNKNOWN_SERVER_ERROR).
    #[error(
        "the topic \"\" is asked for without a cursor: Kafka reads the null cursor's partition"
    )]
    EmptyNameWithoutCursor,
}

impl Refusal {
    /// The code every topic of the request is answered with.
    pub(crate) fn code(&self) -> ErrorCode {
        match self {
            Refusal::CursorTopicNotListed(_) | Refusal::CursorPartitionNegative(..) => {
                ErrorCode::InvalidRequest
            }
            Refusal::EmptyNameWithoutCursor => ErrorCode::UnknownServerError,
        }
    }
}

/// The answer to `r` from `state`, each partition as `view` shows it, the
/// topics checked against the ACLs by `check` (`None`: no authorizer,
/// everything allowed).
pub(crate) fn describe_topic_partitions(
    state: &State,
    r: &DescribeTopicPartitionsRequest,
    view: &dyn Fn(&Topic, i32) -> PartitionView,
    check: Option<&Check<'_>>,
) -> DescribeTopicPartitionsResponse {
    match describe(state, r, view, check) {
        Ok(answer) => answer,
        Err(refusal) => refused(r, &refusal),
    }
}

/// Kafka's `getErrorResponse`: every topic of the request (as listed,
/// repeats too) with the refusal's code, nothing else.
fn refused(
    r: &DescribeTopicPartitionsRequest,
    refusal: &Refusal,
) -> DescribeTopicPartitionsResponse {
    let code = refusal.code().code();
    DescribeTopicPartitionsResponse {
        topics: r
            .topics
            .iter()
            .map(|t| DescribeTopicPartitionsResponseTopic {
                error_code: code,
                name: Some(t.name.clone()),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

fn describe(
    state: &State,
    r: &DescribeTopicPartitionsRequest,
    view: &dyn Fn(&Topic, i32) -> PartitionView,
    check: Option<&Check<'_>>,
) -> Result<DescribeTopicPartitionsResponse, Refusal> {
    let every_topic = r.topics.is_empty();
    let cursor = r.cursor.as_ref();
    let cursor_topic = cursor.map_or("", |c| c.topic_name.as_str());
    let from_cursor = |name: &&str| java::compare(name, cursor_topic) != Ordering::Less;
    // Kafka's `HashSet` of the topics: filled in this order, iterated in
    // `java::hash_order`'s.
    // (A set beside the list: a request may name millions of topics.)
    let mut wanted: Vec<&str> = Vec::new();
    if every_topic {
        wanted.extend(state.topics.keys().map(Str::as_str).filter(from_cursor));
    } else {
        let mut seen = HashSet::new();
        for t in &r.topics {
            let name = t.name.as_str();
            if from_cursor(&name) && seen.insert(name) {
                wanted.push(name);
            }
        }
        if let Some(c) = cursor {
            if !seen.contains(c.topic_name.as_str()) {
                return Err(Refusal::CursorTopicNotListed(c.topic_name.clone()));
            }
        }
    }
    if let Some(c) = cursor {
        if c.partition_index < 0 {
            return Err(Refusal::CursorPartitionNegative(
                c.topic_name.clone(),
                c.partition_index,
            ));
        }
    }
    let may_describe = |name: &str| {
        check.is_none_or(|c| c.allows(AclOperation::Describe, ResourceType::Topic, name))
    };
    let (mut allowed, denied): (Vec<&str>, Vec<&str>) = java::hash_order(wanted.into_iter(), 16)
        .into_iter()
        .partition(|name| may_describe(name));
    allowed.sort_by(|a, b| java::compare(a, b));
    // Named topics refused: a second `HashSet`, filled in the first's order.
    let denied = if every_topic {
        Vec::new()
    } else {
        java::hash_order(denied.into_iter(), 16)
    };

    // Kafka's `Math.max(Math.min(limit config, request), 1)`: a limit of 0
    // or less is 1.
    let limit = r
        .response_partition_limit
        .clamp(1, MAX_REQUEST_PARTITION_SIZE_LIMIT);
    let mut remaining = limit;
    let mut topics = Vec::new();
    let mut next_cursor = None;
    for name in allowed {
        if remaining <= 0 {
            // The limit is reached exactly: the next topic from its start.
            next_cursor = Some(ResponseCursor {
                topic_name: name.into(),
                partition_index: 0,
                ..Default::default()
            });
            break;
        }
        let start = match cursor {
            Some(c) if c.topic_name.as_str() == name => c.partition_index,
            None if name == cursor_topic => return Err(Refusal::EmptyNameWithoutCursor),
            _ => 0,
        };
        let Some((stored, topic)) = state.topics.get_key_value(name) else {
            if !every_topic {
                topics.push(unknown(name));
            }
            continue;
        };
        // Kafka's arithmetic: an int, wrapping past i32::MAX (a cursor
        // there gives a next cursor Kafka itself would refuse).
        let upper = topic.partitions.min(start.wrapping_add(remaining));
        let partitions: Vec<DescribeTopicPartitionsResponsePartition> = (start..upper)
            .map(|p| partition(p, view(topic, p)))
            .collect();
        let next = if upper < topic.partitions { upper } else { -1 };
        let answered = i32::try_from(partitions.len()).unwrap_or(i32::MAX);
        topics.push(DescribeTopicPartitionsResponseTopic {
            error_code: 0,
            name: Some(stored.clone()),
            topic_id: topic.id,
            is_internal: is_internal(name),
            partitions,
            ..Default::default()
        });
        if next != -1 {
            next_cursor = Some(ResponseCursor {
                topic_name: stored.clone(),
                partition_index: next,
                ..Default::default()
            });
            break;
        }
        remaining -= answered;
    }
    for t in &mut topics {
        if let Some(name) = &t.name {
            t.topic_authorized_operations =
                authorizer::authorized_operations(check, ResourceType::Topic, name);
        }
    }
    topics.extend(
        denied
            .into_iter()
            .map(|name| DescribeTopicPartitionsResponseTopic {
                error_code: ErrorCode::TopicAuthorizationFailed.code(),
                name: Some(name.into()),
                topic_id: Uuid::default(),
                is_internal: false,
                ..Default::default()
            }),
    );
    Ok(DescribeTopicPartitionsResponse {
        topics,
        next_cursor,
        ..Default::default()
    })
}

/// A named topic the cluster does not hold.
fn unknown(name: &str) -> DescribeTopicPartitionsResponseTopic {
    let code = match check_topic_name(name) {
        Ok(()) => ErrorCode::UnknownTopicOrPartition,
        Err((code, _)) => code,
    };
    DescribeTopicPartitionsResponseTopic {
        error_code: code.code(),
        name: Some(name.into()),
        topic_id: Uuid::default(),
        is_internal: is_internal(name),
        ..Default::default()
    }
}

/// Partition `index` as `view` shows it.
fn partition(index: i32, view: PartitionView) -> DescribeTopicPartitionsResponsePartition {
    DescribeTopicPartitionsResponsePartition {
        error_code: 0,
        partition_index: index,
        leader_id: view.leader.node,
        leader_epoch: view.leader.epoch,
        replica_nodes: view.replicas.into(),
        isr_nodes: view.isr.into(),
        // A cluster without ELR: Kafka answers its empty lists, not null.
        eligible_leader_replicas: Some(Vec::new().into()),
        last_known_elr: Some(Vec::new().into()),
        offline_replicas: view.offline.into(),
        ..Default::default()
    }
}
