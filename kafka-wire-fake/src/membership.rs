//! Classic group membership (JoinGroup, SyncGroup, Heartbeat, LeaveGroup)
//! as Kafka's `ClassicGroup` runs it: a rebalance gathers every member's
//! join (or waits out the longest rebalance timeout and drops the members
//! that did not rejoin), then a new generation is handed to all of them,
//! the leader with every member's metadata; the leader's SyncGroup carries
//! the assignments that every member's SyncGroup returns. Members whose
//! session times out are dropped at the group's next request. The waiting
//! is the broker's (`broker.rs`); this module holds the rules.

use std::collections::{BTreeMap, BTreeSet};

use bytes::Bytes;
use kafka_messages::consumer_protocol::ConsumerProtocol;
use kafka_messages::ConsumerProtocolSubscription;
use kafka_wire::{ErrorCode, Str};
use tokio::time::{Duration, Instant};

/// Kafka's `group.min.session.timeout.ms` and `group.max.session.timeout.ms`.
pub(crate) const SESSION_TIMEOUTS_MS: std::ops::RangeInclusive<i32> = 6_000..=1_800_000;

/// Where a group is in its life, as Kafka names the states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Phase {
    /// No members.
    #[default]
    Empty,
    /// Gathering joins until this deadline.
    PreparingRebalance(Instant),
    /// A generation is out; the leader's assignments are awaited.
    CompletingRebalance,
    /// Assigned.
    Stable,
}

/// A member of a classic group.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub(crate) instance_id: Option<Str>,
    /// The client id of its JoinGroup, and where it came from (`/127.0.0.1`,
    /// as Java prints an address), for DescribeGroups.
    pub(crate) client_id: Str,
    pub(crate) client_host: Str,
    pub(crate) session_timeout: Duration,
    pub(crate) rebalance_timeout: Duration,
    pub(crate) protocols: Vec<(Str, Bytes)>,
    /// Whether it joined the rebalance under way.
    pub(crate) rejoined: bool,
    pub(crate) last_seen: Instant,
}

/// A classic group.
#[derive(Debug, Default)]
pub(crate) struct Group {
    pub(crate) generation: i32,
    pub(crate) protocol_type: Option<Str>,
    pub(crate) protocol: Option<Str>,
    pub(crate) leader: Option<Str>,
    pub(crate) members: BTreeMap<Str, Member>,
    pub(crate) phase: Phase,
    pub(crate) assignments: BTreeMap<Str, Bytes>,
    /// Member ids handed out with MEMBER_ID_REQUIRED, not joined yet.
    pub(crate) pending: BTreeSet<Str>,
}

impl Group {
    /// Starts a rebalance, unless one is under way: joins are gathered
    /// until the longest rebalance timeout of the members passes.
    pub(crate) fn prepare_rebalance(&mut self, now: Instant) {
        if matches!(self.phase, Phase::PreparingRebalance(_)) {
            return;
        }
        let longest = self
            .members
            .values()
            .map(|m| m.rebalance_timeout)
            .max()
            .unwrap_or_default();
        for m in self.members.values_mut() {
            m.rejoined = false;
        }
        self.phase = Phase::PreparingRebalance(now + longest);
    }

    /// Ends the rebalance when every member rejoined, or when `now` is past
    /// its deadline (dropping those that did not): a new generation, its
    /// protocol the first of the leader's that every member has. True when
    /// it ended.
    pub(crate) fn try_complete(&mut self, now: Instant) -> bool {
        let Phase::PreparingRebalance(deadline) = self.phase else {
            return false;
        };
        let all = self.members.values().all(|m| m.rejoined);
        if !all && now < deadline {
            return false;
        }
        self.members.retain(|_, m| m.rejoined);
        self.assignments.clear();
        if self.members.is_empty() {
            self.phase = Phase::Empty;
            self.leader = None;
            self.generation += 1;
            return true;
        }
        self.generation += 1;
        if !self
            .leader
            .as_ref()
            .is_some_and(|l| self.members.contains_key(l))
        {
            self.leader = self.members.keys().next().cloned();
        }
        self.protocol = self.select_protocol();
        for m in self.members.values_mut() {
            m.rejoined = false;
            m.last_seen = now;
        }
        self.phase = Phase::CompletingRebalance;
        true
    }

    /// Drops the members whose session ran out (a member waiting in a
    /// join is alive), and starts a rebalance if any went.
    pub(crate) fn expire(&mut self, now: Instant) {
        let joining = matches!(self.phase, Phase::PreparingRebalance(_));
        let before = self.members.len();
        self.members
            .retain(|_, m| (joining && m.rejoined) || m.last_seen + m.session_timeout > now);
        if self.members.len() != before {
            self.remove_changed(now);
        }
    }

    /// After members left: a rebalance for those who remain, or Empty.
    pub(crate) fn remove_changed(&mut self, now: Instant) {
        if self.members.is_empty() {
            self.phase = Phase::Empty;
            self.leader = None;
            self.generation += 1;
            self.assignments.clear();
        } else {
            self.prepare_rebalance(now);
        }
    }

    /// The protocol a generation of the members as they are would have:
    /// the first of the leader's that every member has.
    pub(crate) fn select_protocol(&self) -> Option<Str> {
        let leader = self.members.get(self.leader.as_ref()?)?;
        leader
            .protocols
            .iter()
            .map(|(name, _)| name)
            .find(|name| {
                self.members
                    .values()
                    .all(|m| m.protocols.iter().any(|(n, _)| n == *name))
            })
            .cloned()
    }

    /// The member id of the static member `instance` (KIP-345).
    pub(crate) fn static_member(&self, instance: &Str) -> Option<&Str> {
        self.members
            .iter()
            .find(|(_, m)| m.instance_id.as_ref() == Some(instance))
            .map(|(id, _)| id)
    }

    /// Kafka's `ClassicGroup.validateMember`: a request naming a static
    /// instance must come from its current member id (FENCED_INSTANCE_ID
    /// for an older one, UNKNOWN_MEMBER_ID for an instance not in the
    /// group); one naming none, from a member.
    pub(crate) fn validate_member(
        &self,
        member: &Str,
        instance: Option<&Str>,
    ) -> Result<(), ErrorCode> {
        match instance {
            Some(instance) => match self.static_member(instance) {
                None => Err(ErrorCode::UnknownMemberId),
                Some(current) if current != member => Err(ErrorCode::FencedInstanceId),
                Some(_) => Ok(()),
            },
            None if self.members.contains_key(member) => Ok(()),
            None => Err(ErrorCode::UnknownMemberId),
        }
    }

    /// The static member `old` (a member id) under its new id `new`, as
    /// Kafka's `replaceStaticMember` does when the instance joins again
    /// without its member id: the same member, assignment and leadership.
    /// Returns the member, for its join to update.
    pub(crate) fn replace_static_member(&mut self, old: &Str, new: Str) -> Option<&mut Member> {
        let member = self.members.remove(old)?;
        if let Some(assignment) = self.assignments.remove(old) {
            self.assignments.insert(new.clone(), assignment);
        }
        if self.leader.as_ref() == Some(old) {
            self.leader = Some(new.clone());
        }
        Some(self.members.entry(new).or_insert(member))
    }

    /// Whether a request from `member` (the static `instance`, if it
    /// names one) at `generation` may go on: Kafka's checks, in its order.
    pub(crate) fn check_member(
        &self,
        member: &Str,
        instance: Option<&Str>,
        generation: i32,
    ) -> Result<(), ErrorCode> {
        self.validate_member(member, instance)?;
        if generation != self.generation {
            return Err(ErrorCode::IllegalGeneration);
        }
        Ok(())
    }

    /// Kafka's name of the group's state.
    pub(crate) fn state_name(&self) -> &'static str {
        match self.phase {
            Phase::Empty => "Empty",
            Phase::PreparingRebalance(_) => "PreparingRebalance",
            Phase::CompletingRebalance => "CompletingRebalance",
            Phase::Stable => "Stable",
        }
    }

    /// The topics the members subscribe to, read from their consumer
    /// protocol metadata of the group's protocol; `None` when the group is
    /// not a consumer group with a protocol chosen, or a member's metadata
    /// does not read (Kafka's `ClassicGroup.computeSubscribedTopics`).
    pub(crate) fn subscribed_topics(&self) -> Option<BTreeSet<Str>> {
        if self.protocol_type.as_deref() != Some("consumer") {
            return None;
        }
        let protocol = self.protocol.as_ref()?;
        let mut topics = BTreeSet::new();
        for m in self.members.values() {
            let (_, metadata) = m.protocols.iter().find(|(n, _)| n == protocol)?;
            let read = ConsumerProtocol::<ConsumerProtocolSubscription>::decode(metadata).ok()?;
            topics.extend(read.value.topics);
        }
        Some(topics)
    }

    /// The protocols of a join agree with the group's: same type, and one
    /// name in common with every member's.
    pub(crate) fn accepts(
        &self,
        member: &Str,
        protocol_type: &Str,
        protocols: &[(Str, Bytes)],
    ) -> bool {
        if protocols.is_empty() || protocol_type.is_empty() {
            return false;
        }
        let others: Vec<&Member> = self
            .members
            .iter()
            .filter(|(id, _)| *id != member)
            .map(|(_, m)| m)
            .collect();
        if others.is_empty() {
            return true;
        }
        if self.protocol_type.as_ref() != Some(protocol_type) {
            return false;
        }
        protocols.iter().any(|(name, _)| {
            others
                .iter()
                .all(|m| m.protocols.iter().any(|(n, _)| n == name))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(rebalance_ms: u64, now: Instant) -> Member {
        Member {
            instance_id: None,
            client_id: Str::default(),
            client_host: Str::default(),
            session_timeout: Duration::from_secs(10),
            rebalance_timeout: Duration::from_millis(rebalance_ms),
            protocols: vec![
                ("range".into(), Bytes::new()),
                ("sticky".into(), Bytes::new()),
            ],
            rejoined: true,
            last_seen: now,
        }
    }

    #[test]
    fn a_rebalance_waits_for_every_member_or_drops_the_late_ones() {
        let now = Instant::now();
        let mut g = Group::default();
        g.members.insert("a".into(), member(1_000, now));
        g.prepare_rebalance(now);
        g.members.get_mut("a").unwrap().rejoined = true;
        assert!(g.try_complete(now));
        assert_eq!((g.generation, g.leader.as_deref()), (1, Some("a")));
        assert_eq!(g.protocol.as_deref(), Some("range"));
        // b joins: a must rejoin, or be dropped at the deadline.
        g.prepare_rebalance(now);
        let mut b = member(1_000, now);
        b.protocols.remove(0);
        g.members.insert("b".into(), b);
        assert!(!g.try_complete(now));
        assert!(g.try_complete(now + Duration::from_millis(1_000)));
        assert_eq!(g.members.keys().collect::<Vec<_>>(), ["b"]);
        assert_eq!((g.generation, g.leader.as_deref()), (2, Some("b")));
        assert_eq!(g.protocol.as_deref(), Some("sticky"));
    }

    #[test]
    fn sessions_expire_and_members_are_checked() {
        let now = Instant::now();
        let mut g = Group::default();
        g.members.insert("a".into(), member(0, now));
        g.members.insert("b".into(), member(0, now));
        g.prepare_rebalance(now);
        for m in g.members.values_mut() {
            m.rejoined = true;
        }
        assert!(g.try_complete(now));
        g.phase = Phase::Stable;
        g.members.get_mut("b").unwrap().last_seen = now + Duration::from_secs(5);
        g.expire(now + Duration::from_secs(11));
        assert_eq!(g.members.keys().collect::<Vec<_>>(), ["b"]);
        assert!(matches!(g.phase, Phase::PreparingRebalance(_)));
        assert_eq!(
            g.check_member(&"a".into(), None, 1),
            Err(ErrorCode::UnknownMemberId)
        );
        assert_eq!(
            g.check_member(&"b".into(), None, 0),
            Err(ErrorCode::IllegalGeneration)
        );
        assert_eq!(g.check_member(&"b".into(), None, 1), Ok(()));
        assert!(!g.accepts(
            &"c".into(),
            &"consumer".into(),
            &[("other".into(), Bytes::new())]
        ));
    }
}
