//! Incremental fetch sessions (KIP-227), as Kafka's `FetchSessionCache`
//! keeps them: a full fetch at epoch 0 opens a session and the answer names
//! it; each later fetch at the session's next epoch says only which
//! partitions it adds, changes or forgets, and is answered only with the
//! partitions whose records, error, high watermark, last stable offset or
//! log start changed. The cache holds at most
//! `max.incremental.fetch.session.cache.slots` (1,000) sessions; a full
//! fetch that finds it full is served without a session (session id 0).

use std::collections::{BTreeMap, HashMap};

use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::{FetchRequest, FetchResponse};
use kafka_wire::{ErrorCode, Str, Uuid};

/// Kafka's `max.incremental.fetch.session.cache.slots` default.
pub(crate) const CACHE_SLOTS: usize = 1_000;

/// A fetch's session epoch that closes its session (`FINAL_EPOCH`), and
/// the one that opens a new one (`INITIAL_EPOCH`).
const FINAL_EPOCH: i32 = -1;
const INITIAL_EPOCH: i32 = 0;

/// A partition as a fetch names it: its topic's name before Fetch v13,
/// its id from v13, and its index.
type Key = (Str, Uuid, i32);

/// What a session remembers of a partition: how it is fetched, and what
/// its last answer said.
#[derive(Debug, Clone)]
struct Cached {
    fetch: FetchPartition,
    high_watermark: i64,
    last_stable_offset: i64,
    log_start_offset: i64,
}

#[derive(Debug)]
struct Session {
    /// The node that opened it: the others do not know it.
    node: i32,
    /// The epoch the next fetch must carry.
    next_epoch: i32,
    partitions: BTreeMap<Key, Cached>,
}

/// Every node's fetch sessions.
#[derive(Debug, Default)]
pub(crate) struct Sessions {
    by_id: HashMap<i32, Session>,
    last_id: i32,
}

/// How a fetch is answered once its partitions are read: in a session
/// (its id, and whether the fetch was full), or without one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InSession {
    id: i32,
    full: bool,
}

fn key(topic: &FetchTopic, partition: i32, by_id: bool) -> Key {
    if by_id {
        (Str::default(), topic.topic_id, partition)
    } else {
        (topic.topic.clone(), Uuid::ZERO, partition)
    }
}

impl Sessions {
    /// Opens, uses or closes the session `r` names (Fetch v7+): the
    /// request to read (an incremental fetch becomes the session's whole
    /// set of partitions) and how to answer it; `Err` is the fetch's
    /// top-level error (FETCH_SESSION_ID_NOT_FOUND,
    /// INVALID_FETCH_SESSION_EPOCH).
    pub(crate) fn resolve(
        &mut self,
        node: i32,
        mut r: FetchRequest,
        version: i16,
    ) -> Result<(FetchRequest, Option<InSession>), ErrorCode> {
        if version < 7 {
            return Ok((r, None));
        }
        let by_id = version >= 13;
        let (id, epoch) = (r.session_id, r.session_epoch);
        match epoch {
            FINAL_EPOCH | INITIAL_EPOCH => {
                if id != 0 && self.by_id.get(&id).is_some_and(|s| s.node == node) {
                    self.by_id.remove(&id);
                }
                if epoch == FINAL_EPOCH || self.by_id.len() >= CACHE_SLOTS {
                    return Ok((r, None));
                }
                let mut partitions = BTreeMap::new();
                for t in &r.topics {
                    for p in &t.partitions {
                        partitions.insert(key(t, p.partition, by_id), cached(p));
                    }
                }
                let id = self.new_id();
                self.by_id.insert(
                    id,
                    Session {
                        node,
                        next_epoch: 1,
                        partitions,
                    },
                );
                Ok((r, Some(InSession { id, full: true })))
            }
            e if e < FINAL_EPOCH => Err(ErrorCode::InvalidFetchSessionEpoch),
            _ => {
                let session = self
                    .by_id
                    .get_mut(&id)
                    .filter(|s| s.node == node)
                    .ok_or(ErrorCode::FetchSessionIdNotFound)?;
                if session.next_epoch != epoch {
                    return Err(ErrorCode::InvalidFetchSessionEpoch);
                }
                session.next_epoch = if epoch == i32::MAX { 1 } else { epoch + 1 };
                for f in &r.forgotten_topics_data {
                    for &p in &f.partitions {
                        let k = if by_id {
                            (Str::default(), f.topic_id, p)
                        } else {
                            (f.topic.clone(), Uuid::ZERO, p)
                        };
                        session.partitions.remove(&k);
                    }
                }
                for t in &r.topics {
                    for p in &t.partitions {
                        let k = key(t, p.partition, by_id);
                        match session.partitions.get_mut(&k) {
                            Some(c) => c.fetch = p.clone(),
                            None => {
                                session.partitions.insert(k, cached(p));
                            }
                        }
                    }
                }
                // The session's partitions, by topic, as a full fetch
                // would name them.
                let mut topics: Vec<FetchTopic> = Vec::new();
                for ((name, topic_id, _), c) in &session.partitions {
                    match topics.last_mut() {
                        Some(t) if t.topic == *name && t.topic_id == *topic_id => {
                            t.partitions.push(c.fetch.clone());
                        }
                        _ => topics.push(FetchTopic {
                            topic: name.clone(),
                            topic_id: *topic_id,
                            partitions: vec![c.fetch.clone()],
                            ..Default::default()
                        }),
                    }
                }
                r.topics = topics;
                r.forgotten_topics_data = Vec::new();
                Ok((r, Some(InSession { id, full: false })))
            }
        }
    }

    /// Writes what the session remembers of each partition's answer and,
    /// for an incremental fetch, leaves out the partitions that did not
    /// change; names the session in the answer.
    pub(crate) fn answer(&mut self, at: InSession, response: &mut FetchResponse, version: i16) {
        let by_id = version >= 13;
        let Some(session) = self.by_id.get_mut(&at.id) else {
            return;
        };
        response.session_id = at.id;
        for t in &mut response.responses {
            t.partitions.retain(|p| {
                let k = if by_id {
                    (Str::default(), t.topic_id, p.partition_index)
                } else {
                    (t.topic.clone(), Uuid::ZERO, p.partition_index)
                };
                let Some(c) = session.partitions.get_mut(&k) else {
                    return true;
                };
                let changed = (c.high_watermark, c.last_stable_offset, c.log_start_offset)
                    != (p.high_watermark, p.last_stable_offset, p.log_start_offset);
                c.high_watermark = p.high_watermark;
                c.last_stable_offset = p.last_stable_offset;
                c.log_start_offset = p.log_start_offset;
                let has_records = p.records.as_ref().is_some_and(|r| !r.0.is_empty());
                at.full || changed || has_records || p.error_code != 0
            });
        }
        if !at.full {
            response.responses.retain(|t| !t.partitions.is_empty());
        }
    }

    /// A session id not in use: positive, never 0.
    fn new_id(&mut self) -> i32 {
        loop {
            self.last_id = if self.last_id == i32::MAX {
                1
            } else {
                self.last_id + 1
            };
            if !self.by_id.contains_key(&self.last_id) {
                return self.last_id;
            }
        }
    }
}

fn cached(p: &FetchPartition) -> Cached {
    Cached {
        fetch: p.clone(),
        high_watermark: -1,
        last_stable_offset: -1,
        log_start_offset: -1,
    }
}
