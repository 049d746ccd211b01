//! The group admin APIs, as Kafka's group coordinator answers them for
//! classic groups: ListGroups (with state and type filters), DescribeGroups,
//! DeleteGroups and OffsetDelete. A group is known to the coordinator when
//! it has members or had (a `groups` entry), or committed offsets (an
//! `offsets` entry, an Empty group without protocol, as a consumer that
//! assigns its own partitions leaves behind).

use kafka_messages::delete_groups::DeletableGroupResult;
use kafka_messages::describe_groups::{DescribedGroup, DescribedGroupMember};
use kafka_messages::list_groups::ListedGroup;
use kafka_messages::offset_delete::{OffsetDeleteResponsePartition, OffsetDeleteResponseTopic};
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str};

use crate::broker::State;
use crate::membership::{Group, Phase};

/// KIP-848's group types: classic groups, and its own consumer groups.
const CLASSIC: &str = "classic";
const CONSUMER: &str = "consumer";

/// Whether the coordinator knows `group`.
fn known(state: &State, group: &Str) -> bool {
    state.groups.contains_key(group)
        || state.offsets.contains_key(group)
        || state.consumer_groups.contains_key(group)
}

/// A group's state name and protocol type: a group known only by its
/// offsets is Empty, without a protocol type.
fn state_and_type(group: Option<&Group>) -> (&'static str, Str) {
    match group {
        Some(g) => (g.state_name(), g.protocol_type.clone().unwrap_or_default()),
        None => ("Empty", Str::default()),
    }
}

/// ListGroups: the groups this node coordinates (`coordinates`), those in
/// a state of `states_filter` (v4+) and of a type of `types_filter` (v5+),
/// both compared without case as Kafka compares them.
pub(crate) fn list_groups(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: &ListGroupsRequest,
) -> ListGroupsResponse {
    let wanted = |filter: &[Str], value: &str| {
        filter.is_empty() || filter.iter().any(|f| f.eq_ignore_ascii_case(value))
    };
    let mut names: Vec<&Str> = state
        .groups
        .keys()
        .chain(state.offsets.keys())
        .chain(state.consumer_groups.keys())
        .collect();
    names.sort();
    names.dedup();
    let groups = names
        .into_iter()
        .filter(|name| coordinates(name))
        .filter_map(|name| {
            let (group_state, protocol_type, group_type) = match state.consumer_groups.get(name) {
                // KIP-848's groups: protocol type `consumer`, type `consumer`.
                Some(g) => (g.state_name(), Str::from(CONSUMER), CONSUMER),
                None => {
                    let (s, t) = state_and_type(state.groups.get(name));
                    (s, t, CLASSIC)
                }
            };
            if !wanted(&r.states_filter, group_state) || !wanted(&r.types_filter, group_type) {
                return None;
            }
            Some(ListedGroup {
                group_id: name.clone(),
                protocol_type,
                group_state: group_state.into(),
                group_type: group_type.into(),
                ..Default::default()
            })
        })
        .collect();
    ListGroupsResponse {
        groups,
        ..Default::default()
    }
}

/// DescribeGroups: each group's state, protocol and members (with their
/// metadata and assignment once Stable, as Kafka's `ClassicGroup.summary`);
/// a group the coordinator does not know is Dead, with GROUP_ID_NOT_FOUND
/// from v6 (KIP-1043) and no error before.
pub(crate) fn describe_groups(
    state: &State,
    coordinates: &dyn Fn(&Str) -> bool,
    r: &DescribeGroupsRequest,
    version: i16,
) -> DescribeGroupsResponse {
    let groups = r
        .groups
        .iter()
        .map(|id| {
            let error = |code: ErrorCode, group_state: &str, message: Option<Str>| DescribedGroup {
                error_code: code.code(),
                error_message: message,
                group_id: id.clone(),
                group_state: group_state.into(),
                ..Default::default()
            };
            if !coordinates(id) {
                return error(ErrorCode::NotCoordinator, "", None);
            }
            // DescribeGroups describes classic groups; a KIP-848 group is
            // not one (ConsumerGroupDescribe's).
            if !known(state, id) || state.consumer_groups.contains_key(id) {
                if version >= 6 {
                    let message = format!("Group {id} not found.").into();
                    return error(ErrorCode::GroupIdNotFound, "Dead", Some(message));
                }
                return error(ErrorCode::None, "Dead", None);
            }
            let group = state.groups.get(id);
            let (group_state, protocol_type) = state_and_type(group);
            let stable = group.is_some_and(|g| g.phase == Phase::Stable);
            let protocol = group
                .filter(|_| stable)
                .and_then(|g| g.protocol.clone())
                .unwrap_or_default();
            let members = group
                .map(|g| {
                    g.members
                        .iter()
                        .map(|(member_id, m)| {
                            let (metadata, assignment) = if stable {
                                let metadata = m
                                    .protocols
                                    .iter()
                                    .find(|(n, _)| *n == protocol)
                                    .map(|(_, b)| b.clone())
                                    .unwrap_or_default();
                                let assignment =
                                    g.assignments.get(member_id).cloned().unwrap_or_default();
                                (metadata, assignment)
                            } else {
                                Default::default()
                            };
                            DescribedGroupMember {
                                member_id: member_id.clone(),
                                group_instance_id: m.instance_id.clone(),
                                client_id: m.client_id.clone(),
                                client_host: m.client_host.clone(),
                                member_metadata: metadata,
                                member_assignment: assignment,
                                ..Default::default()
                            }
                        })
                        .collect()
                })
                .unwrap_or_default();
            DescribedGroup {
                error_message: None,
                group_id: id.clone(),
                group_state: group_state.into(),
                protocol_type,
                protocol_data: protocol,
                members,
                ..Default::default()
            }
        })
        .collect();
    let mut groups: Vec<DescribedGroup> = groups;
    // KIP-430 (v3+): each group answered without an error gets its
    // authorized operations, as without an authorizer (every one supported;
    // `.authorizer(true)` narrows them to the ACLs').
    if version >= 3 && r.include_authorized_operations {
        for g in groups.iter_mut().filter(|g| g.error_code == 0) {
            g.authorized_operations = crate::authorizer::authorized_operations(
                None,
                kafka_messages::ResourceType::Group,
                &g.group_id,
            );
        }
    }
    DescribeGroupsResponse {
        groups,
        ..Default::default()
    }
}

/// DeleteGroups: each group and its offsets gone, unless it has members
/// (NON_EMPTY_GROUP) or the coordinator does not know it
/// (GROUP_ID_NOT_FOUND).
pub(crate) fn delete_groups(
    state: &mut State,
    coordinates: &dyn Fn(&State, &Str) -> bool,
    r: &DeleteGroupsRequest,
) -> DeleteGroupsResponse {
    let results = r
        .groups_names
        .iter()
        .map(|id| {
            let code = if !coordinates(state, id) {
                ErrorCode::NotCoordinator
            } else if id.is_empty() {
                ErrorCode::InvalidGroupId
            } else if !known(state, id) {
                ErrorCode::GroupIdNotFound
            } else if state.groups.get(id).is_some_and(|g| !g.members.is_empty())
                || state
                    .consumer_groups
                    .get(id)
                    .is_some_and(|g| !g.members.is_empty())
            {
                ErrorCode::NonEmptyGroup
            } else {
                state.groups.remove(id);
                state.offsets.remove(id);
                state.consumer_groups.remove(id);
                ErrorCode::None
            };
            DeletableGroupResult {
                group_id: id.clone(),
                error_code: code.code(),
                error_message: None,
                ..Default::default()
            }
        })
        .collect();
    DeleteGroupsResponse {
        results,
        ..Default::default()
    }
}

/// OffsetDelete: the group's offsets of the partitions named, gone; a topic
/// the members subscribe to keeps its offsets (GROUP_SUBSCRIBED_TO_TOPIC),
/// and a group with members whose subscriptions are not known (not a
/// consumer group, or no protocol chosen yet) is NON_EMPTY_GROUP, as
/// Kafka's `validateDeleteOffsets` says. A topic the cluster does not have
/// is UNKNOWN_TOPIC_OR_PARTITION.
pub(crate) fn offset_delete(
    state: &mut State,
    coordinates: bool,
    r: OffsetDeleteRequest,
) -> OffsetDeleteResponse {
    let refuse = |code: ErrorCode| OffsetDeleteResponse {
        error_code: code.code(),
        ..Default::default()
    };
    if !coordinates {
        return refuse(ErrorCode::NotCoordinator);
    }
    if r.group_id.is_empty() {
        return refuse(ErrorCode::InvalidGroupId);
    }
    if !known(state, &r.group_id) {
        return refuse(ErrorCode::GroupIdNotFound);
    }
    let subscribed = match (
        state.groups.get(&r.group_id),
        state.consumer_groups.get(&r.group_id),
    ) {
        (Some(g), _) if !g.members.is_empty() => match g.subscribed_topics() {
            Some(topics) => topics,
            None => return refuse(ErrorCode::NonEmptyGroup),
        },
        (_, Some(g)) => g.subscribed_names(),
        _ => Default::default(),
    };
    let topics = r
        .topics
        .into_iter()
        .map(|t| {
            let exists = state.topics.contains_key(&t.name);
            let partitions = t
                .partitions
                .iter()
                .map(|p| {
                    let code = if !exists {
                        ErrorCode::UnknownTopicOrPartition
                    } else if subscribed.contains(&t.name) {
                        ErrorCode::GroupSubscribedToTopic
                    } else {
                        if let Some(offsets) = state.offsets.get_mut(&r.group_id) {
                            offsets.remove(&(t.name.clone(), p.partition_index));
                        }
                        ErrorCode::None
                    };
                    OffsetDeleteResponsePartition {
                        partition_index: p.partition_index,
                        error_code: code.code(),
                    }
                })
                .collect();
            OffsetDeleteResponseTopic {
                name: t.name,
                partitions,
            }
        })
        .collect();
    OffsetDeleteResponse {
        topics,
        ..Default::default()
    }
}
