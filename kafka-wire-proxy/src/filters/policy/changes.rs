//! The changes a client asks the broker for, read from their requests and
//! the broker's responses, for the audit log: topics created and deleted,
//! ACLs created and deleted, configs altered, groups and their offsets
//! deleted.

use kafka_messages::{
    AclOperation, AclPermissionType, AlterConfigOp, ApiKey, ConfigResourceType, PatternType,
    RequestKind, ResourceType, ResponseKind,
};
use kafka_wire::{ErrorCode, Str};

/// Whether a request of `api_key` changes topics, ACLs, configs or groups.
pub(super) fn audited(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::CreateTopics
            | ApiKey::DeleteTopics
            | ApiKey::CreateAcls
            | ApiKey::DeleteAcls
            | ApiKey::AlterConfigs
            | ApiKey::IncrementalAlterConfigs
            | ApiKey::DeleteGroups
            | ApiKey::OffsetDelete
    )
}

/// What a request asked for that its response does not repeat.
#[derive(Debug, Clone, Default)]
pub(super) struct Asked {
    /// The request only asked whether it would succeed.
    validate_only: bool,
    /// The ACLs of a CreateAcls, or the filters of a DeleteAcls, as text,
    /// in request order (their results come in that order).
    acls: Vec<String>,
    /// OffsetDelete's group.
    group: Option<Str>,
    /// The configs each resource of (Incremental)AlterConfigs changes, by
    /// resource type and name: names only, since values may be secrets.
    configs: Vec<(i8, Str, String)>,
}

/// What `request` (of an API [`audited`] names) asked for.
pub(super) fn asked(request: &RequestKind) -> Asked {
    let mut asked = Asked::default();
    match request {
        RequestKind::CreateTopics(create) => asked.validate_only = create.validate_only,
        RequestKind::CreateAcls(create) => {
            asked.acls = create
                .creations
                .iter()
                .map(|c| {
                    acl_text(
                        c.resource_type,
                        Some(&c.resource_name),
                        c.resource_pattern_type,
                        Some(&c.principal),
                        Some(&c.host),
                        c.operation,
                        c.permission_type,
                    )
                })
                .collect()
        }
        RequestKind::DeleteAcls(delete) => {
            asked.acls = delete
                .filters
                .iter()
                .map(|f| {
                    acl_text(
                        f.resource_type_filter,
                        f.resource_name_filter.as_deref(),
                        f.pattern_type_filter,
                        f.principal_filter.as_deref(),
                        f.host_filter.as_deref(),
                        f.operation,
                        f.permission_type,
                    )
                })
                .collect()
        }
        RequestKind::AlterConfigs(alter) => {
            asked.validate_only = alter.validate_only;
            asked.configs = alter
                .resources
                .iter()
                .map(|r| {
                    let names: Vec<&str> = r.configs.iter().map(|c| &*c.name).collect();
                    (r.resource_type, r.resource_name.clone(), names.join(", "))
                })
                .collect();
        }
        RequestKind::IncrementalAlterConfigs(alter) => {
            asked.validate_only = alter.validate_only;
            asked.configs = alter
                .resources
                .iter()
                .map(|r| {
                    let names: Vec<String> = r
                        .configs
                        .iter()
                        .map(|c| {
                            format!(
                                "{} {}",
                                c.name,
                                AlterConfigOp::from(c.config_operation).name()
                            )
                        })
                        .collect();
                    (r.resource_type, r.resource_name.clone(), names.join(", "))
                })
                .collect();
        }
        RequestKind::OffsetDelete(delete) => asked.group = Some(delete.group_id.clone()),
        _ => {}
    }
    asked
}

/// One change the broker made or refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Change {
    /// Kafka's name for the kind of resource (`TOPIC`, `ACL`, ...).
    pub(super) resource_type: &'static str,
    /// The resource, as the broker names it.
    pub(super) resource: String,
    /// The broker's error; none when it made the change.
    pub(super) error: Option<ErrorCode>,
    /// What was changed, and the broker's message.
    pub(super) reason: Option<String>,
}

/// The changes `response` tells of, one per resource, for a request that
/// asked `asked`.
pub(super) fn changes(response: &ResponseKind, asked: &Asked) -> Vec<Change> {
    let mut changes = Vec::new();
    let validate = asked.validate_only.then_some("validate only");
    let mut push = |resource_type, resource: String, code: i16, said: Vec<Option<&str>>| {
        let error = (code != 0).then(|| ErrorCode::from_code(code));
        let said: Vec<&str> = said
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .collect();
        changes.push(Change {
            resource_type,
            resource,
            error,
            reason: (!said.is_empty()).then(|| said.join("; ")),
        });
    };
    match response {
        ResponseKind::CreateTopics(created) => {
            for topic in &created.topics {
                let message = topic.error_message.as_deref();
                let said = vec![validate, message];
                push("TOPIC", topic.name.to_string(), topic.error_code, said);
            }
        }
        ResponseKind::DeleteTopics(deleted) => {
            for topic in &deleted.responses {
                let name = match &topic.name {
                    Some(name) => name.to_string(),
                    None => topic.topic_id.to_string(),
                };
                let said = vec![topic.error_message.as_deref()];
                push("TOPIC", name, topic.error_code, said);
            }
        }
        ResponseKind::CreateAcls(created) => {
            for (result, acl) in created.results.iter().zip(&asked.acls) {
                let said = vec![result.error_message.as_deref()];
                push("ACL", acl.clone(), result.error_code, said);
            }
        }
        ResponseKind::DeleteAcls(deleted) => {
            for (result, filter) in deleted.filter_results.iter().zip(&asked.acls) {
                if result.error_code != 0 {
                    let said = vec![Some("a filter"), result.error_message.as_deref()];
                    push("ACL", filter.clone(), result.error_code, said);
                    continue;
                }
                for acl in &result.matching_acls {
                    let text = acl_text(
                        acl.resource_type,
                        Some(&acl.resource_name),
                        acl.pattern_type,
                        Some(&acl.principal),
                        Some(&acl.host),
                        acl.operation,
                        acl.permission_type,
                    );
                    let said = vec![Some("deleted"), acl.error_message.as_deref()];
                    push("ACL", text, acl.error_code, said);
                }
            }
        }
        ResponseKind::AlterConfigs(altered) => {
            for r in &altered.responses {
                let configs = configs_of(asked, r.resource_type, &r.resource_name);
                let said = vec![validate, configs, r.error_message.as_deref()];
                let kind = ConfigResourceType::from(r.resource_type).name();
                push(kind, r.resource_name.to_string(), r.error_code, said);
            }
        }
        ResponseKind::IncrementalAlterConfigs(altered) => {
            for r in &altered.responses {
                let configs = configs_of(asked, r.resource_type, &r.resource_name);
                let said = vec![validate, configs, r.error_message.as_deref()];
                let kind = ConfigResourceType::from(r.resource_type).name();
                push(kind, r.resource_name.to_string(), r.error_code, said);
            }
        }
        ResponseKind::DeleteGroups(deleted) => {
            for group in &deleted.results {
                let said = vec![group.error_message.as_deref()];
                push("GROUP", group.group_id.to_string(), group.error_code, said);
            }
        }
        ResponseKind::OffsetDelete(deleted) => {
            let group = asked.group.as_deref().unwrap_or_default().to_owned();
            if deleted.error_code != 0 {
                push("GROUP", group, deleted.error_code, vec![Some("offsets")]);
                return changes;
            }
            for topic in &deleted.topics {
                for partition in &topic.partitions {
                    let what = format!("offsets of {}-{}", topic.name, partition.partition_index);
                    let said = vec![Some(what.as_str())];
                    push("GROUP", group.clone(), partition.error_code, said);
                }
            }
        }
        _ => {}
    }
    changes
}

/// The configs a resource's request changed, as [`asked`] noted them.
fn configs_of<'a>(asked: &'a Asked, resource_type: i8, name: &str) -> Option<&'a str> {
    asked
        .configs
        .iter()
        .find(|(t, n, _)| *t == resource_type && &**n == name)
        .map(|(_, _, configs)| configs.as_str())
}

/// An ACL, or an ACL filter (`None` for any), as one line of text:
/// `TOPIC LITERAL orders: User:alice ALLOW READ from *`.
fn acl_text(
    resource_type: i8,
    name: Option<&str>,
    pattern_type: i8,
    principal: Option<&str>,
    host: Option<&str>,
    operation: i8,
    permission_type: i8,
) -> String {
    format!(
        "{} {} {}: {} {} {} from {}",
        ResourceType::from(resource_type),
        PatternType::from(pattern_type),
        name.unwrap_or("(any)"),
        principal.unwrap_or("(any)"),
        AclPermissionType::from(permission_type),
        AclOperation::from(operation),
        host.unwrap_or("(any)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_messages::delete_acls::{
        DeleteAclsFilter, DeleteAclsFilterResult, DeleteAclsMatchingAcl,
    };
    use kafka_messages::incremental_alter_configs::{
        AlterConfigsResource, AlterConfigsResourceResponse, AlterableConfig,
    };
    use kafka_messages::offset_delete::{OffsetDeleteResponsePartition, OffsetDeleteResponseTopic};
    use kafka_messages::{
        AclCreation, AclCreationResult, CreateAclsRequest, CreateAclsResponse, DeleteAclsRequest,
        DeleteAclsResponse, IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse,
        OffsetDeleteRequest, OffsetDeleteResponse,
    };

    fn summary(changes: &[Change]) -> Vec<String> {
        changes
            .iter()
            .map(|c| {
                format!(
                    "{} {} {} {}",
                    c.resource_type,
                    c.resource,
                    c.error.map_or("-", ErrorCode::name),
                    c.reason.as_deref().unwrap_or("-")
                )
            })
            .collect()
    }

    #[test]
    fn acls_created_are_named_from_the_request_and_their_outcome_from_the_response() {
        let request = RequestKind::CreateAcls(CreateAclsRequest {
            creations: vec![
                AclCreation::new(
                    ResourceType::Topic,
                    "acme.orders",
                    PatternType::Literal,
                    "User:alice",
                    "*",
                    AclOperation::Read,
                    AclPermissionType::Allow,
                ),
                AclCreation::new(
                    ResourceType::Cluster,
                    "kafka-cluster",
                    PatternType::Literal,
                    "User:bob",
                    "*",
                    AclOperation::Alter,
                    AclPermissionType::Allow,
                ),
            ],
            ..Default::default()
        });
        let response = ResponseKind::CreateAcls(CreateAclsResponse {
            results: vec![
                AclCreationResult::default(),
                AclCreationResult {
                    error_code: ErrorCode::ClusterAuthorizationFailed.code(),
                    error_message: Some("not yours".into()),
                    ..Default::default()
                },
            ],
            ..Default::default()
        });
        assert_eq!(
            summary(&changes(&response, &asked(&request))),
            [
                "ACL TOPIC LITERAL acme.orders: User:alice ALLOW READ from * - -",
                "ACL CLUSTER LITERAL kafka-cluster: User:bob ALLOW ALTER from * CLUSTER_AUTHORIZATION_FAILED not yours",
            ]
        );
    }

    #[test]
    fn acls_deleted_are_each_acl_the_broker_deleted_or_the_filter_it_refused() {
        let filter = DeleteAclsFilter {
            resource_type_filter: ResourceType::Topic.code(),
            resource_name_filter: None,
            pattern_type_filter: PatternType::Any.code(),
            principal_filter: Some("User:alice".into()),
            host_filter: None,
            operation: AclOperation::Any.code(),
            permission_type: AclPermissionType::Any.code(),
            ..Default::default()
        };
        let request = RequestKind::DeleteAcls(DeleteAclsRequest {
            filters: vec![filter.clone(), filter],
            ..Default::default()
        });
        let deleted = DeleteAclsMatchingAcl {
            resource_type: ResourceType::Topic.code(),
            resource_name: "acme.a".into(),
            pattern_type: PatternType::Literal.code(),
            principal: "User:alice".into(),
            host: "*".into(),
            operation: AclOperation::Write.code(),
            permission_type: AclPermissionType::Allow.code(),
            error_message: None,
            ..Default::default()
        };
        let response = ResponseKind::DeleteAcls(DeleteAclsResponse {
            filter_results: vec![
                DeleteAclsFilterResult {
                    matching_acls: vec![deleted],
                    error_message: None,
                    ..Default::default()
                },
                DeleteAclsFilterResult {
                    error_code: ErrorCode::SecurityDisabled.code(),
                    error_message: None,
                    ..Default::default()
                },
            ],
            ..Default::default()
        });
        assert_eq!(
            summary(&changes(&response, &asked(&request))),
            [
                "ACL TOPIC LITERAL acme.a: User:alice ALLOW WRITE from * - deleted",
                "ACL TOPIC ANY (any): User:alice ANY ANY from (any) SECURITY_DISABLED a filter",
            ]
        );
    }

    #[test]
    fn configs_name_what_changed_never_the_values() {
        let request = RequestKind::IncrementalAlterConfigs(IncrementalAlterConfigsRequest {
            resources: vec![AlterConfigsResource {
                resource_type: 2,
                resource_name: "acme.orders".into(),
                configs: vec![
                    AlterableConfig {
                        name: "retention.ms".into(),
                        config_operation: 0,
                        value: Some("1000".into()),
                        ..Default::default()
                    },
                    AlterableConfig {
                        name: "cleanup.policy".into(),
                        config_operation: 1,
                        value: None,
                        ..Default::default()
                    },
                ],
                ..Default::default()
            }],
            validate_only: true,
            ..Default::default()
        });
        let response = ResponseKind::IncrementalAlterConfigs(IncrementalAlterConfigsResponse {
            responses: vec![AlterConfigsResourceResponse {
                resource_type: 2,
                resource_name: "acme.orders".into(),
                error_message: None,
                ..Default::default()
            }],
            ..Default::default()
        });
        assert_eq!(
            summary(&changes(&response, &asked(&request))),
            ["TOPIC acme.orders - validate only; retention.ms SET, cleanup.policy DELETE"]
        );
    }

    #[test]
    fn offsets_deleted_name_their_group_and_partitions() {
        let request = RequestKind::OffsetDelete(OffsetDeleteRequest {
            group_id: "acme.app".into(),
            ..Default::default()
        });
        let response = ResponseKind::OffsetDelete(OffsetDeleteResponse {
            topics: vec![OffsetDeleteResponseTopic {
                name: "acme.orders".into(),
                partitions: vec![
                    OffsetDeleteResponsePartition {
                        partition_index: 0,
                        error_code: 0,
                    },
                    OffsetDeleteResponsePartition {
                        partition_index: 1,
                        error_code: ErrorCode::GroupSubscribedToTopic.code(),
                    },
                ],
            }],
            ..Default::default()
        });
        assert_eq!(
            summary(&changes(&response, &asked(&request))),
            [
                "GROUP acme.app - offsets of acme.orders-0",
                "GROUP acme.app GROUP_SUBSCRIBED_TO_TOPIC offsets of acme.orders-1",
            ]
        );
        let whole = ResponseKind::OffsetDelete(OffsetDeleteResponse {
            error_code: ErrorCode::GroupIdNotFound.code(),
            ..Default::default()
        });
        assert_eq!(
            summary(&changes(&whole, &asked(&request))),
            ["GROUP acme.app GROUP_ID_NOT_FOUND offsets"]
        );
    }
}
