//! KIP-848 consumer groups: ConsumerGroupHeartbeat, with the assignment
//! computed on the coordinator by the `uniform` or `range` assignor, as Kafka's
//! `GroupMetadataManager` runs it in outline: a join, a leave or a
//! subscription change bumps the group epoch; the target assignment is
//! computed again for the new epoch; each member moves to its target at its
//! heartbeats, first giving up the partitions it must revoke (its epoch stays
//! until it says it no longer owns them), then getting the ones no other
//! member still holds, and its epoch becomes the group's. Members whose
//! session (Kafka's `group.consumer.session.timeout.ms`, 45 s) runs out on
//! tokio's clock are dropped at the group's next heartbeat.

use std::collections::{BTreeMap, BTreeSet};

use kafka_messages::consumer_group_heartbeat::{Assignment, ResponseTopicPartitions};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};
use tokio::time::{Duration, Instant};

use crate::broker::State;

/// Kafka's `group.consumer.heartbeat.interval.ms`.
const HEARTBEAT_INTERVAL_MS: i32 = 5_000;
/// Kafka's `group.consumer.session.timeout.ms`.
const SESSION_TIMEOUT: Duration = Duration::from_secs(45);
/// The assignors served, the default first (Kafka's
/// `group.consumer.assignors` default, `uniform,range`).
const ASSIGNORS: &[&str] = &["uniform", "range"];

/// Partitions by topic id.
type Partitions = BTreeMap<Uuid, BTreeSet<i32>>;

/// A member of a consumer group.
#[derive(Debug, Clone)]
pub(crate) struct ConsumerMember {
    pub(crate) epoch: i32,
    instance_id: Option<Str>,
    rack_id: Option<Str>,
    /// The client id of its join, and where it came from (`/127.0.0.1`).
    client_id: Str,
    client_host: Str,
    subscribed: Vec<Str>,
    regex: Option<Str>,
    /// The server assignor it asked for, if any.
    assignor: Option<Str>,
    /// What the member was last told it has.
    assigned: Partitions,
    /// What it last said it owns.
    owned: Partitions,
    /// Whether `assigned` changed since the member was last told.
    changed: bool,
    last_seen: Instant,
}

/// A KIP-848 consumer group.
#[derive(Debug, Clone, Default)]
pub(crate) struct ConsumerGroup {
    pub(crate) epoch: i32,
    pub(crate) members: BTreeMap<Str, ConsumerMember>,
    /// The target assignment and the group epoch it was computed for.
    target: BTreeMap<Str, Partitions>,
    target_epoch: i32,
}

impl ConsumerGroup {
    /// A group its first member's heartbeat creates: at epoch 1, so that
    /// the join makes it 2, as Kafka 4.4's coordinator numbers a new group
    /// (its log: `Bumped group epoch to 2` at the first join).
    fn created() -> Self {
        ConsumerGroup {
            epoch: 1,
            target_epoch: 1,
            ..Default::default()
        }
    }

    /// Kafka's name of the group's state.
    pub(crate) fn state_name(&self) -> &'static str {
        if self.members.is_empty() {
            "Empty"
        } else if self.target_epoch < self.epoch {
            "Assigning"
        } else if self.members.values().any(|m| m.epoch != self.target_epoch) {
            "Reconciling"
        } else {
            "Stable"
        }
    }
}

impl ConsumerGroup {
    /// Kafka's `ConsumerGroup.validateOffsetCommit`: a member commits at
    /// its member epoch. Refused with UNKNOWN_MEMBER_ID for a member the
    /// group does not have, STALE_MEMBER_EPOCH for another epoch (which
    /// TxnOffsetCommit answers as ILLEGAL_GENERATION).
    pub(crate) fn check_commit(&self, member_id: &Str, epoch: i32) -> Result<(), ErrorCode> {
        match self.members.get(member_id) {
            None => Err(ErrorCode::UnknownMemberId),
            Some(m) if m.epoch != epoch => Err(ErrorCode::StaleMemberEpoch),
            Some(_) => Ok(()),
        }
    }

    /// The group's assignor: the one most of its members ask for (the
    /// first by name among equals), else the default, `uniform` (Kafka's
    /// `preferredServerAssignor`).
    pub(crate) fn assignor(&self) -> &'static str {
        let mut votes: BTreeMap<&'static str, usize> = BTreeMap::new();
        for m in self.members.values() {
            if let Some(a) = m.assignor.as_deref() {
                if let Some(&served) = ASSIGNORS.iter().find(|&&s| s == a) {
                    *votes.entry(served).or_default() += 1;
                }
            }
        }
        let most = votes.values().copied().max().unwrap_or(0);
        votes
            .into_iter()
            .find(|&(_, n)| n == most && n > 0)
            .map_or(ASSIGNORS[0], |(a, _)| a)
    }

    /// The topic names its members subscribe to by name.
    pub(crate) fn subscribed_names(&self) -> BTreeSet<Str> {
        self.members
            .values()
            .flat_map(|m| m.subscribed.iter().cloned())
            .collect()
    }
}

/// Every consumer group, by id.
pub(crate) type ConsumerGroups = BTreeMap<Str, ConsumerGroup>;

/// The topics (by name, then id and partition count) a member's
/// subscription names: the names given that exist, and the topics whose
/// whole name its regular expression matches (RE2/J's `matches()`).
fn subscribed_topics(state: &State, m: &ConsumerMember) -> Vec<(Str, Uuid, i32)> {
    let regex = m
        .regex
        .as_deref()
        .and_then(|r| regex::Regex::new(&format!("^(?:{r})$")).ok());
    state
        .topics
        .iter()
        .filter(|(name, _)| {
            m.subscribed.contains(name) || regex.as_ref().is_some_and(|re| re.is_match(name))
        })
        .map(|(name, t)| (name.clone(), t.id, t.partitions))
        .collect()
}

/// The `uniform` assignor: every partition of the topics the members
/// subscribe to goes to one member subscribed to its topic; each member
/// keeps what it had in the previous target while that stays balanced
/// (sticky; a member over its share keeps its lowest partitions), and the
/// counts of any two members that could trade a partition differ by at
/// most one.
fn uniform(state: &State, group: &ConsumerGroup) -> BTreeMap<Str, Partitions> {
    let subscriptions: BTreeMap<&Str, Vec<(Str, Uuid, i32)>> = group
        .members
        .iter()
        .map(|(id, m)| (id, subscribed_topics(state, m)))
        .collect();
    let eligible =
        |member: &Str, topic: Uuid| subscriptions[member].iter().any(|(_, id, _)| *id == topic);
    let mut all: BTreeSet<(Uuid, i32)> = BTreeSet::new();
    for topics in subscriptions.values() {
        for (_, id, count) in topics {
            all.extend((0..*count).map(|p| (*id, p)));
        }
    }
    let mut owner: BTreeMap<(Uuid, i32), Str> = BTreeMap::new();
    let mut counts: BTreeMap<Str, usize> = group.members.keys().map(|m| (m.clone(), 0)).collect();
    // Sticky: the previous target, where it still holds.
    for (member, parts) in &group.target {
        if !group.members.contains_key(member) {
            continue;
        }
        for (topic, ps) in parts {
            for &p in ps {
                if all.contains(&(*topic, p)) && eligible(member, *topic) {
                    owner.insert((*topic, p), member.clone());
                    *counts.entry(member.clone()).or_default() += 1;
                }
            }
        }
    }
    // The rest, each to the eligible member with the fewest.
    for &(topic, p) in &all {
        if owner.contains_key(&(topic, p)) {
            continue;
        }
        let to = counts
            .iter()
            .filter(|(m, _)| eligible(m, topic))
            .min_by_key(|(m, c)| (**c, (*m).clone()))
            .map(|(m, _)| m.clone());
        if let Some(to) = to {
            *counts.entry(to.clone()).or_default() += 1;
            owner.insert((topic, p), to);
        }
    }
    // Balance: move a partition from a member with more than one over
    // another eligible member, until none can move (bounded by the
    // partitions' count, as each move lowers the spread). The highest
    // partition moves first, so that a member keeps its lowest ones, as
    // Kafka's `UniformHomogeneousAssignmentBuilder` keeps the first of a
    // member's partitions up to its quota and revokes the rest.
    for _ in 0..all.len() {
        let moved = owner.iter().rev().find_map(|(&(topic, p), from)| {
            let to = counts
                .iter()
                .filter(|(m, c)| eligible(m, topic) && **c + 1 < counts[from])
                .min_by_key(|(m, c)| (**c, (*m).clone()))?;
            Some(((topic, p), from.clone(), to.0.clone()))
        });
        let Some((at, from, to)) = moved else { break };
        *counts.get_mut(&from).expect("an owner") -= 1;
        *counts.get_mut(&to).expect("a member") += 1;
        owner.insert(at, to);
    }
    let mut target: BTreeMap<Str, Partitions> = group
        .members
        .keys()
        .map(|m| (m.clone(), Partitions::new()))
        .collect();
    for ((topic, p), member) in owner {
        target
            .entry(member)
            .or_default()
            .entry(topic)
            .or_default()
            .insert(p);
    }
    target
}

/// The `range` assignor as Kafka 4.4's server-side `RangeAssignor` lays it
/// out: the members in Kafka's `sortMemberIds` order (static members
/// first, by instance id, then the others by member id), and for each
/// topic its subscribers in that order each get a run of consecutive
/// partitions from the first, the first `partitions % subscribers` of them
/// one more than the others. Kafka 4.x keeps nothing of the previous target
/// (its first server-side assignor, in 3.x, kept each member's partitions up
/// to its quota): a static member keeps its run across member ids by its
/// instance id.
/// Rack-aware placement does not apply: the fake's brokers have no rack.
fn range(state: &State, group: &ConsumerGroup) -> BTreeMap<Str, Partitions> {
    let mut target: BTreeMap<Str, Partitions> = group
        .members
        .keys()
        .map(|m| (m.clone(), Partitions::new()))
        .collect();
    let mut order: Vec<(&Str, &ConsumerMember)> = group.members.iter().collect();
    order.sort_by(
        |(a_id, a), (b_id, b)| match (&a.instance_id, &b.instance_id) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a_id.cmp(b_id),
        },
    );
    let mut subscribers: BTreeMap<(Uuid, i32), Vec<Str>> = BTreeMap::new();
    for (id, m) in order {
        for (_, topic, count) in subscribed_topics(state, m) {
            subscribers
                .entry((topic, count))
                .or_default()
                .push(id.clone());
        }
    }
    for ((topic, count), members) in subscribers {
        // `members` is in Kafka's member order (above).
        let n = members.len() as i32;
        let (quota, extra) = (count / n, count % n);
        let mut next = 0;
        for (i, member) in members.into_iter().enumerate() {
            let take = quota + i32::from((i as i32) < extra);
            let parts: BTreeSet<i32> = (next..next + take).collect();
            next += take;
            if !parts.is_empty() {
                target.entry(member).or_default().insert(topic, parts);
            }
        }
    }
    target
}

/// The partitions of `a` not in `b`.
fn minus(a: &Partitions, b: &Partitions) -> Partitions {
    let mut out = Partitions::new();
    for (topic, ps) in a {
        let other = b.get(topic);
        let left: BTreeSet<i32> = ps
            .iter()
            .copied()
            .filter(|p| !other.is_some_and(|o| o.contains(p)))
            .collect();
        if !left.is_empty() {
            out.insert(*topic, left);
        }
    }
    out
}

/// The partitions in both.
fn both(a: &Partitions, b: &Partitions) -> Partitions {
    minus(a, &minus(a, b))
}

/// The union.
fn union(a: &mut Partitions, b: &Partitions) {
    for (topic, ps) in b {
        a.entry(*topic).or_default().extend(ps);
    }
}

fn read_partitions(given: &[consumer_group_heartbeat::TopicPartitions]) -> Partitions {
    let mut out = Partitions::new();
    for t in given {
        out.entry(t.topic_id).or_default().extend(&t.partitions);
    }
    out
}

/// ConsumerGroupHeartbeat on the group's coordinator (`coordinates`):
/// joins (epoch 0), leaves (epoch -1, or -2 for a static member's
/// temporary leave), and heartbeats that carry the member toward its
/// target assignment. `client` is the request's client id and host, kept
/// for ConsumerGroupDescribe; `new_member_id` names a v0 member (v1+
/// members name themselves, KIP-1082).
pub(crate) fn heartbeat(
    state: &mut State,
    coordinates: bool,
    r: &ConsumerGroupHeartbeatRequest,
    version: i16,
    client: (&str, &str),
    new_member_id: impl FnOnce() -> Str,
    max_size: usize,
) -> ConsumerGroupHeartbeatResponse {
    let refuse = |code: ErrorCode, message: Option<String>| ConsumerGroupHeartbeatResponse {
        error_code: code.code(),
        error_message: message.map(Str::from),
        member_id: None,
        member_epoch: 0,
        heartbeat_interval_ms: 0,
        assignment: None,
        ..Default::default()
    };
    if !coordinates {
        return refuse(ErrorCode::NotCoordinator, None);
    }
    // Kafka's `throwIfConsumerGroupHeartbeatRequestIsInvalid`, in its order.
    let invalid = |m: &str| refuse(ErrorCode::InvalidRequest, Some(m.into()));
    if version >= 1 && r.member_id.is_empty() {
        return invalid("MemberId can't be empty.");
    }
    if r.group_id.is_empty() {
        return invalid("GroupId can't be empty.");
    }
    if r.member_epoch == 0 {
        if r.rebalance_timeout_ms == -1 {
            return invalid("RebalanceTimeoutMs must be provided in first request.");
        }
        if r.topic_partitions.as_ref().is_none_or(|t| !t.is_empty()) {
            return invalid("TopicPartitions must be empty when (re-)joining.");
        }
        if r.subscribed_topic_names.is_none() && r.subscribed_topic_regex.is_none() {
            return invalid(
                "SubscribedTopicNames or SubscribedTopicRegex must be set in first request.",
            );
        }
    }
    if let Some(assignor) = r.server_assignor.as_deref() {
        if !ASSIGNORS.contains(&assignor) {
            return refuse(
                ErrorCode::UnsupportedAssignor,
                Some(format!(
                    "Assignor {assignor} is not supported. Supported assignors: uniform, range."
                )),
            );
        }
    }
    if let Some(re) = r.subscribed_topic_regex.as_deref() {
        if regex::Regex::new(re).is_err() {
            return refuse(
                ErrorCode::InvalidRegularExpression,
                Some(format!(
                    "SubscribedTopicRegex `{re}` is not a valid regular expression."
                )),
            );
        }
    }
    if state
        .groups
        .get(&r.group_id)
        .is_some_and(|g| !g.members.is_empty())
    {
        return refuse(
            ErrorCode::GroupIdNotFound,
            Some(format!("Group {} is not a consumer group.", r.group_id)),
        );
    }
    let now = Instant::now();
    let exists = state.consumer_groups.contains_key(&r.group_id);
    if !exists && r.member_epoch != 0 {
        return refuse(
            ErrorCode::GroupIdNotFound,
            Some(format!("Consumer group {} not found.", r.group_id)),
        );
    }
    let mut group = state
        .consumer_groups
        .remove(&r.group_id)
        .unwrap_or_else(ConsumerGroup::created);
    // Members whose session ran out leave first.
    let before = group.members.len();
    group
        .members
        .retain(|_, m| now < m.last_seen + SESSION_TIMEOUT);
    if group.members.len() != before {
        group.epoch += 1;
    }
    let answer = beat(state, &mut group, r, (now, max_size), client, new_member_id);
    state.consumer_groups.insert(r.group_id.clone(), group);
    answer
}

fn beat(
    state: &State,
    group: &mut ConsumerGroup,
    r: &ConsumerGroupHeartbeatRequest,
    (now, max_size): (Instant, usize),
    client: (&str, &str),
    new_member_id: impl FnOnce() -> Str,
) -> ConsumerGroupHeartbeatResponse {
    let error = |code: ErrorCode, message: String| ConsumerGroupHeartbeatResponse {
        error_code: code.code(),
        error_message: Some(message.into()),
        member_id: None,
        ..Default::default()
    };
    if r.member_epoch < 0 {
        // -1 leaves; -2 is a static member's temporary leave (kept out of
        // the group here too: no static membership yet).
        if group.members.remove(&r.member_id).is_some() {
            group.epoch += 1;
        } else {
            return error(
                ErrorCode::UnknownMemberId,
                format!(
                    "Member {} is not a member of group {}.",
                    r.member_id, r.group_id
                ),
            );
        }
        return ConsumerGroupHeartbeatResponse {
            member_id: Some(r.member_id.clone()),
            member_epoch: r.member_epoch,
            heartbeat_interval_ms: 0,
            assignment: None,
            error_message: None,
            ..Default::default()
        };
    }
    let member_id = if r.member_id.is_empty() {
        new_member_id()
    } else {
        r.member_id.clone()
    };
    // One epoch bump for whatever this heartbeat changes, as Kafka makes.
    let mut changed_group = false;
    if r.member_epoch == 0 {
        let known = group.members.contains_key(&member_id);
        // Kafka's `group.consumer.max.size`.
        if !known && group.members.len() >= max_size {
            return error(
                ErrorCode::GroupMaxSizeReached,
                format!(
                    "The consumer group has reached its maximum capacity of {max_size} members."
                ),
            );
        }
        let m = group
            .members
            .entry(member_id.clone())
            .or_insert_with(|| ConsumerMember {
                epoch: 0,
                instance_id: r.instance_id.clone(),
                rack_id: r.rack_id.clone(),
                client_id: client.0.into(),
                client_host: client.1.into(),
                subscribed: Vec::new(),
                regex: None,
                assignor: None,
                assigned: Partitions::new(),
                owned: Partitions::new(),
                changed: true,
                last_seen: now,
            });
        if known {
            // A member joining again starts over, as Kafka fences it.
            m.assigned.clear();
            m.epoch = 0;
        }
        m.changed = true;
        changed_group |= !known;
    }
    let Some(m) = group.members.get_mut(&member_id) else {
        return error(
            ErrorCode::UnknownMemberId,
            format!(
                "Member {member_id} is not a member of group {}.",
                r.group_id
            ),
        );
    };
    if r.member_epoch > 0 && r.member_epoch != m.epoch {
        // Kafka's `throwIfMemberEpochIsInvalid`: each side of the epoch
        // has its own word.
        let side = if r.member_epoch > m.epoch {
            "greater"
        } else {
            "smaller"
        };
        return error(
            ErrorCode::FencedMemberEpoch,
            format!(
                "The consumer group member has a {side} member epoch ({}) than the one known by the group coordinator ({}). The member must abandon all its partitions and rejoin.",
                r.member_epoch, m.epoch
            ),
        );
    }
    m.last_seen = now;
    if let Some(names) = &r.subscribed_topic_names {
        if *names != m.subscribed {
            m.subscribed = names.clone();
            changed_group = true;
        }
    }
    if r.subscribed_topic_regex.is_some() && r.subscribed_topic_regex != m.regex {
        m.regex = r.subscribed_topic_regex.clone();
        changed_group = true;
    }
    if r.server_assignor.is_some() && r.server_assignor != m.assignor {
        m.assignor = r.server_assignor.clone();
        changed_group = true;
    }
    if let Some(owned) = &r.topic_partitions {
        m.owned = read_partitions(owned);
    }
    if changed_group {
        group.epoch += 1;
    }
    if group.target_epoch < group.epoch {
        group.target = if group.assignor() == "range" {
            range(state, group)
        } else {
            uniform(state, group)
        };
        group.target_epoch = group.epoch;
    }
    // Reconcile: revoke first; once the member owns none of the revoked,
    // add what no other member still holds, at the group's epoch.
    let target = group.target.get(&member_id).cloned().unwrap_or_default();
    let held_by_others = {
        let mut held = Partitions::new();
        for (id, other) in &group.members {
            if *id != member_id {
                union(&mut held, &other.assigned);
                union(&mut held, &other.owned);
            }
        }
        held
    };
    let m = group.members.get_mut(&member_id).expect("present above");
    let revoked = minus(&m.assigned, &target);
    if !revoked.is_empty() {
        m.assigned = both(&m.assigned, &target);
        m.changed = true;
    }
    let still_owned =
        !both(&m.owned, &revoked).is_empty() || !minus(&m.owned, &m.assigned).is_empty();
    if !still_owned {
        let gained = minus(&minus(&target, &m.assigned), &held_by_others);
        if !gained.is_empty() {
            union(&mut m.assigned, &gained);
            m.changed = true;
        }
        m.epoch = group.target_epoch;
    }
    let assignment = std::mem::take(&mut m.changed).then(|| Assignment {
        topic_partitions: m
            .assigned
            .iter()
            .map(|(topic, ps)| ResponseTopicPartitions {
                topic_id: *topic,
                partitions: ps.iter().copied().collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    });
    ConsumerGroupHeartbeatResponse {
        error_message: None,
        member_id: Some(member_id),
        member_epoch: m.epoch,
        heartbeat_interval_ms: HEARTBEAT_INTERVAL_MS,
        assignment,
        ..Default::default()
    }
}

/// ConsumerGroupDescribe: each group's state, epochs, assignor and members
/// (their subscriptions, current and target assignments, by topic id and
/// name); GROUP_ID_NOT_FOUND for a group that is not a consumer group.
pub(crate) fn describe(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: &ConsumerGroupDescribeRequest,
) -> ConsumerGroupDescribeResponse {
    use kafka_messages::consumer_group_describe::{
        Assignment as Described, DescribedGroup, Member, TopicPartitions as Described_,
    };
    let name_of = |id: &Uuid| {
        state
            .topics
            .iter()
            .find(|(_, t)| t.id == *id)
            .map(|(n, _)| n.clone())
            .unwrap_or_default()
    };
    let described = |parts: &Partitions| Described {
        topic_partitions: parts
            .iter()
            .map(|(id, ps)| Described_ {
                topic_id: *id,
                topic_name: name_of(id),
                partitions: ps.iter().copied().collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let groups = r
        .group_ids
        .iter()
        .map(|id| {
            let refuse = |code: ErrorCode, message: Option<String>| DescribedGroup {
                error_code: code.code(),
                error_message: message.map(Str::from),
                group_id: id.clone(),
                ..Default::default()
            };
            if !coordinates(id) {
                return refuse(ErrorCode::NotCoordinator, None);
            }
            let Some(g) = state.consumer_groups.get(id) else {
                let why = if state.groups.contains_key(id) || state.offsets.contains_key(id) {
                    format!("Group {id} is not a consumer group.")
                } else {
                    format!("Group {id} not found.")
                };
                return refuse(ErrorCode::GroupIdNotFound, Some(why));
            };
            let empty = Partitions::new();
            DescribedGroup {
                error_message: None,
                group_id: id.clone(),
                group_state: g.state_name().into(),
                group_epoch: g.epoch,
                assignment_epoch: g.target_epoch,
                assignor_name: g.assignor().into(),
                members: g
                    .members
                    .iter()
                    .map(|(member_id, m)| Member {
                        member_id: member_id.clone(),
                        instance_id: m.instance_id.clone(),
                        rack_id: m.rack_id.clone(),
                        member_epoch: m.epoch,
                        client_id: m.client_id.clone(),
                        client_host: m.client_host.clone(),
                        subscribed_topic_names: m.subscribed.clone(),
                        subscribed_topic_regex: m.regex.clone(),
                        assignment: described(&m.assigned),
                        target_assignment: described(g.target.get(member_id).unwrap_or(&empty)),
                        // KIP-1099: 1, a member of the consumer protocol.
                        member_type: 1,
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }
        })
        .collect();
    let mut groups: Vec<DescribedGroup> = groups;
    // Each group answered without an error gets its authorized operations
    // when asked, as without an authorizer (`.authorizer(true)` narrows
    // them to the ACLs').
    if r.include_authorized_operations {
        for g in groups.iter_mut().filter(|g| g.error_code == 0) {
            g.authorized_operations = crate::authorizer::authorized_operations(
                None,
                kafka_messages::ResourceType::Group,
                &g.group_id,
            );
        }
    }
    ConsumerGroupDescribeResponse {
        groups,
        ..Default::default()
    }
}
