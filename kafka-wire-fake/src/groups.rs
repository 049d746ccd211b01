//! The group coordinator's offsets: FindCoordinator, and OffsetCommit and
//! OffsetFetch, for a classic group's current generation and for groups
//! without members (the "simple" consumers that assign partitions
//! themselves and commit with generation -1). Membership is
//! `membership.rs`'s.

use std::collections::BTreeMap;

use kafka_messages::offset_commit::{OffsetCommitResponsePartition, OffsetCommitResponseTopic};
use kafka_messages::offset_fetch::{
    OffsetFetchResponseGroup, OffsetFetchResponsePartition, OffsetFetchResponsePartitions,
    OffsetFetchResponseTopic, OffsetFetchResponseTopics,
};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};

use crate::broker::State;
use crate::membership::Phase;
use crate::txn;

/// A committed offset, as OffsetFetch returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Committed {
    offset: i64,
    leader_epoch: i32,
    metadata: Option<Str>,
}

impl Committed {
    /// An offset committed with its leader epoch and metadata.
    pub(crate) fn new(offset: i64, leader_epoch: i32, metadata: Option<Str>) -> Self {
        Committed {
            offset,
            leader_epoch,
            metadata,
        }
    }
}

/// Every group's committed offsets, by topic name and partition.
pub(crate) type Offsets = BTreeMap<Str, BTreeMap<(Str, i32), Committed>>;

/// The topic a request names, by id from the versions that carry ids.
pub(crate) fn topic_name(state: &State, name: &Str, id: Uuid, by_id: bool) -> Option<Str> {
    if by_id {
        state
            .topics
            .iter()
            .find(|(_, t)| t.id == id)
            .map(|(n, _)| n.clone())
    } else {
        state.topics.contains_key(name).then(|| name.clone())
    }
}

/// OffsetCommit, on the group's coordinator (`coordinates`): a group
/// without members takes commits at generation -1 from no member, as
/// Kafka's does; anything else names a member it does not have.
pub(crate) fn offset_commit(
    state: &mut State,
    coordinates: bool,
    r: OffsetCommitRequest,
    version: i16,
) -> OffsetCommitResponse {
    let by_id = version >= 10;
    let members = state
        .groups
        .get(&r.group_id)
        .filter(|g| !g.members.is_empty());
    let consumer_group = state
        .consumer_groups
        .get(&r.group_id)
        .filter(|g| !g.members.is_empty());
    let group_error = if !coordinates {
        Some(ErrorCode::NotCoordinator)
    } else if r.group_id.is_empty() {
        Some(ErrorCode::InvalidGroupId)
    } else if let Some(group) = consumer_group {
        group
            .check_commit(&r.member_id, r.generation_id_or_member_epoch)
            .err()
    } else if let Some(group) = members {
        // A group with members takes commits from its current generation.
        let instance = r.group_instance_id.as_ref();
        match group.check_member(&r.member_id, instance, r.generation_id_or_member_epoch) {
            Err(code) => Some(code),
            Ok(()) if matches!(group.phase, Phase::PreparingRebalance(_)) => {
                Some(ErrorCode::RebalanceInProgress)
            }
            Ok(()) => None,
        }
    } else if !r.member_id.is_empty() {
        Some(ErrorCode::UnknownMemberId)
    } else if r.generation_id_or_member_epoch >= 0 {
        Some(ErrorCode::IllegalGeneration)
    } else {
        None
    };
    let topics = r
        .topics
        .into_iter()
        .map(|t| {
            let name = topic_name(state, &t.name, t.topic_id, by_id);
            let partitions = t
                .partitions
                .into_iter()
                .map(|p| {
                    let known = name
                        .as_ref()
                        .and_then(|n| state.topics.get(n))
                        .is_some_and(|topic| (0..topic.partitions).contains(&p.partition_index));
                    let error = match (group_error, known) {
                        (Some(e), _) => e,
                        (None, false) => ErrorCode::UnknownTopicOrPartition,
                        (None, true) => {
                            let topic = name.clone().unwrap_or_default();
                            state.offsets.entry(r.group_id.clone()).or_default().insert(
                                (topic, p.partition_index),
                                Committed {
                                    offset: p.committed_offset,
                                    leader_epoch: p.committed_leader_epoch,
                                    metadata: p.committed_metadata,
                                },
                            );
                            ErrorCode::None
                        }
                    };
                    OffsetCommitResponsePartition {
                        partition_index: p.partition_index,
                        error_code: error.code(),
                        ..Default::default()
                    }
                })
                .collect();
            OffsetCommitResponseTopic {
                name: t.name,
                topic_id: t.topic_id,
                partitions,
                ..Default::default()
            }
        })
        .collect();
    OffsetCommitResponse {
        topics,
        ..Default::default()
    }
}

/// A topic's rows in an OffsetFetch answer: its name, its id, and each
/// partition's commit (`None`: never committed).
type TopicRows = (Str, Uuid, Vec<(i32, Option<Committed>)>);

/// One group's offsets for `wanted` (`None`: every partition it
/// committed), in OffsetFetch v8's shape; partitions without a commit get
/// offset -1 and no error, as Kafka answers.
fn fetch_group(
    state: &State,
    group: &Str,
    wanted: Option<Vec<(Str, Uuid, Vec<i32>)>>,
) -> Vec<TopicRows> {
    let committed = state.offsets.get(group);
    let id_of = |name: &Str| state.topics.get(name).map_or(Uuid::ZERO, |t| t.id);
    match wanted {
        Some(wanted) => wanted
            .into_iter()
            .map(|(name, id, partitions)| {
                let rows = partitions
                    .into_iter()
                    .map(|p| {
                        let c = committed.and_then(|c| c.get(&(name.clone(), p))).cloned();
                        (p, c)
                    })
                    .collect();
                (name, id, rows)
            })
            .collect(),
        None => {
            let mut out: Vec<TopicRows> = Vec::new();
            for ((topic, p), c) in committed.into_iter().flatten() {
                match out.last_mut() {
                    Some((t, _, rows)) if t == topic => rows.push((*p, Some(c.clone()))),
                    _ => out.push((topic.clone(), id_of(topic), vec![(*p, Some(c.clone()))])),
                }
            }
            out
        }
    }
}

/// A partition's commit as OffsetFetch answers it: none (offset -1) when
/// never committed, and none with UNSTABLE_OFFSET_COMMIT when the request
/// wants stable offsets (`require_stable`, v7+) and an open transaction
/// holds one for it.
fn stable(
    state: &State,
    require_stable: bool,
    group: &Str,
    topic: &Str,
    partition: i32,
    committed: Option<Committed>,
) -> (Committed, ErrorCode) {
    let none = Committed {
        offset: -1,
        leader_epoch: -1,
        metadata: Some(Str::default()),
    };
    if require_stable && txn::pending_offset(state, group, topic, partition) {
        return (none, ErrorCode::UnstableOffsetCommit);
    }
    (committed.unwrap_or(none), ErrorCode::None)
}

/// OffsetFetch, on the group's coordinator (`coordinates`), in both shapes:
/// one group (v0-7) and a list of groups (v8+).
pub(crate) fn offset_fetch(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: OffsetFetchRequest,
    version: i16,
) -> OffsetFetchResponse {
    if version >= 8 {
        let by_id = version >= 10;
        let groups = r
            .groups
            .into_iter()
            .map(|g| {
                if !coordinates(&g.group_id) {
                    return OffsetFetchResponseGroup {
                        group_id: g.group_id,
                        error_code: ErrorCode::NotCoordinator.code(),
                        ..Default::default()
                    };
                }
                let wanted = g.topics.map(|ts| {
                    ts.into_iter()
                        .map(|t| {
                            let name = topic_name(state, &t.name, t.topic_id, by_id)
                                .unwrap_or_else(|| t.name.clone());
                            (name, t.topic_id, t.partition_indexes)
                        })
                        .collect()
                });
                let topics = fetch_group(state, &g.group_id, wanted)
                    .into_iter()
                    .map(|(name, id, rows)| OffsetFetchResponseTopics {
                        partitions: rows
                            .into_iter()
                            .map(|(p, c)| {
                                let (c, error) =
                                    stable(state, r.require_stable, &g.group_id, &name, p, c);
                                OffsetFetchResponsePartitions {
                                    partition_index: p,
                                    committed_offset: c.offset,
                                    committed_leader_epoch: c.leader_epoch,
                                    metadata: c.metadata,
                                    error_code: error.code(),
                                    ..Default::default()
                                }
                            })
                            .collect(),
                        name,
                        topic_id: id,
                        ..Default::default()
                    })
                    .collect();
                OffsetFetchResponseGroup {
                    group_id: g.group_id,
                    topics,
                    ..Default::default()
                }
            })
            .collect();
        return OffsetFetchResponse {
            groups,
            ..Default::default()
        };
    }
    if !coordinates(&r.group_id) {
        // v2+ say it once for the group; v0-1 have only the partitions' codes.
        return OffsetFetchResponse {
            error_code: if version >= 2 {
                ErrorCode::NotCoordinator.code()
            } else {
                0
            },
            topics: r
                .topics
                .into_iter()
                .flatten()
                .filter(|_| version < 2)
                .map(|t| OffsetFetchResponseTopic {
                    name: t.name,
                    partitions: t
                        .partition_indexes
                        .into_iter()
                        .map(|p| OffsetFetchResponsePartition {
                            partition_index: p,
                            committed_offset: -1,
                            error_code: ErrorCode::NotCoordinator.code(),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
    }
    let wanted = r.topics.map(|ts| {
        ts.into_iter()
            .map(|t| (t.name, Uuid::ZERO, t.partition_indexes))
            .collect()
    });
    let topics = fetch_group(state, &r.group_id, wanted)
        .into_iter()
        .map(|(name, _, rows)| OffsetFetchResponseTopic {
            partitions: rows
                .into_iter()
                .map(|(p, c)| {
                    let (c, error) = stable(state, r.require_stable, &r.group_id, &name, p, c);
                    OffsetFetchResponsePartition {
                        partition_index: p,
                        committed_offset: c.offset,
                        committed_leader_epoch: c.leader_epoch,
                        metadata: c.metadata,
                        error_code: error.code(),
                        ..Default::default()
                    }
                })
                .collect(),
            name,
            ..Default::default()
        })
        .collect();
    OffsetFetchResponse {
        topics,
        ..Default::default()
    }
}
