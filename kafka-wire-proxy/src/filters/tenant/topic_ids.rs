//! Topic ids through a [`Tenant`](super::Tenant): a tenant reaches its own
//! topics by id, and no other tenant's.
//!
//! Topic ids are not secrets (they appear in logs, tools and error
//! messages), and the broker gives every principal the same id for a topic,
//! whoever's it is. So an id in a request is the tenant's only when the
//! proxy has seen the broker pair it with one of the tenant's names: every
//! response that names a topic and gives its id (Metadata, CreateTopics,
//! DescribeTopicPartitions, DeleteTopics, ConsumerGroupDescribe, ...)
//! teaches [`TopicIds`] the pair, for every connection of the proxy.
//!
//! Any other id (another tenant's, or one the proxy has not seen) goes to
//! the broker as a *stand-in*: a random id of the proxy's that names no
//! topic, remembered so that the broker's answer about it goes back to the
//! client under the id it sent. The broker then answers exactly as Kafka
//! answers an unknown topic id, at every version of every API: Fetch and
//! Produce with `UNKNOWN_TOPIC_ID` on each partition, DeleteTopics with
//! `UNKNOWN_TOPIC_ID` and no name, OffsetCommit and the share APIs alike.
//! The same id gets the same stand-in while it is remembered, so a fetch
//! session (KIP-227) that holds it stays consistent.
//!
//! Metadata is the one API that looks an id up: an id the proxy has not
//! seen goes to the broker as it is, so that a tenant learns its own topics
//! by id, and a topic the broker names in answer that is not the tenant's is
//! answered as Kafka answers an unknown id (`UNKNOWN_TOPIC_ID`, no name, no
//! partitions). Metadata reads nothing and changes nothing, so the broker
//! seeing the id is harmless; the pair it answers is learned.
//!
//! A legitimate client meets a stand-in only for an id the proxy has not
//! seen (after the proxy restarted, say): Kafka's clients answer
//! `UNKNOWN_TOPIC_ID` by refreshing their metadata, which teaches the proxy
//! the id, and retry.

use std::collections::HashMap;
use std::sync::Mutex;

use kafka_wire::{Str, Uuid};

/// How many topic ids a [`TopicIds`] holds before it forgets them all and
/// learns again (about 100 bytes each: 26 MB at most). A cluster with more
/// topics than that makes clients refresh their metadata once in a while.
const MAX_TOPICS: usize = 1 << 18;

/// How many stand-ins a [`TopicIds`] holds before it forgets them. Only ids
/// that are not the sender's take stand-ins; forgetting one gives its id a
/// new stand-in, and the broker's answer about the old one reaches the
/// client under the old stand-in (an id that names nothing).
const MAX_STAND_INS: usize = 1 << 16;

/// What a proxy knows of the broker's topic ids: which topic each id names,
/// learned from the broker's responses, and the stand-ins it sends in place
/// of ids that are not the sender's. Shared by every connection of the
/// tenants that use it.
#[derive(Debug, Default)]
pub struct TopicIds {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The broker's name of each topic id it named.
    names: HashMap<Uuid, Str>,
    /// The stand-in sent for each id.
    stand_ins: HashMap<Uuid, Uuid>,
    /// The id each stand-in stands for.
    originals: HashMap<Uuid, Uuid>,
}

impl TopicIds {
    /// A registry that knows no id yet.
    pub fn new() -> Self {
        TopicIds::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // The maps are consistent after every statement: a panic elsewhere
        // while the lock was held leaves nothing half done.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Learns that the broker names topic `id` `name` (its name at the
    /// broker, with any tenant's prefix).
    pub(super) fn learn(&self, id: Uuid, name: &Str) {
        if id.is_zero() || name.is_empty() {
            return;
        }
        let mut inner = self.lock();
        if inner.names.get(&id) == Some(name) {
            return;
        }
        if inner.names.len() >= MAX_TOPICS {
            inner.names.clear();
        }
        inner.names.insert(id, name.clone());
    }

    /// The broker's name for `id`, when the proxy has seen it.
    pub(super) fn name(&self, id: Uuid) -> Option<Str> {
        self.lock().names.get(&id).cloned()
    }

    /// The id to send the broker in place of `id`: a random one that names
    /// no topic, the same each time while it is remembered.
    pub(super) fn stand_in(&self, id: Uuid) -> Uuid {
        let mut inner = self.lock();
        if let Some(&stand_in) = inner.stand_ins.get(&id) {
            return stand_in;
        }
        if inner.stand_ins.len() >= MAX_STAND_INS {
            inner.stand_ins.clear();
            inner.originals.clear();
        }
        let stand_in = loop {
            let candidate = random_id();
            if !candidate.is_zero()
                && !inner.names.contains_key(&candidate)
                && !inner.originals.contains_key(&candidate)
            {
                break candidate;
            }
        };
        inner.stand_ins.insert(id, stand_in);
        inner.originals.insert(stand_in, id);
        stand_in
    }

    /// The id a stand-in stands for; `None` for an id that is not one.
    pub(super) fn original(&self, stand_in: Uuid) -> Option<Uuid> {
        self.lock().originals.get(&stand_in).copied()
    }
}

/// A random version-4 UUID from the operating system's generator, as
/// Kafka's `Uuid.randomUuid` makes topic ids.
fn random_id() -> Uuid {
    let mut bytes = [0u8; 16];
    // The operating system's generator does not fail on the systems tokio
    // runs on; if it did, the time and a counter still make ids that name no
    // topic, which is all a stand-in needs (it is never a secret: the client
    // never sees it).
    if getrandom::getrandom(&mut bytes).is_err() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or_default();
        bytes[..8].copy_from_slice(&nanos.to_be_bytes());
        bytes[8..].copy_from_slice(&COUNTER.fetch_add(1, Ordering::Relaxed).to_be_bytes());
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    Uuid::from_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stand_in_is_stable_and_maps_back() {
        let ids = TopicIds::new();
        let foreign = Uuid::from_u64_pair(1, 2);
        let s = ids.stand_in(foreign);
        assert_ne!(s, foreign);
        assert!(!s.is_zero());
        assert_eq!(ids.stand_in(foreign), s);
        assert_eq!(ids.original(s), Some(foreign));
        assert_eq!(ids.original(foreign), None);
        assert_ne!(ids.stand_in(Uuid::from_u64_pair(3, 4)), s);
    }

    #[test]
    fn learned_names_are_kept_and_bounded() {
        let ids = TopicIds::new();
        let id = Uuid::from_u64_pair(7, 7);
        ids.learn(id, &Str::from("acme.orders"));
        assert_eq!(ids.name(id).as_deref(), Some("acme.orders"));
        ids.learn(Uuid::ZERO, &Str::from("x"));
        assert_eq!(ids.name(Uuid::ZERO), None);
        for n in 0..MAX_TOPICS as u64 + 1 {
            ids.learn(Uuid::from_u64_pair(100, n), &Str::from("t"));
        }
        assert!(ids.lock().names.len() <= MAX_TOPICS);
    }
}
