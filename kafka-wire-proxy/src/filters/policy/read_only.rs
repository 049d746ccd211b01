//! Read-only topics in the admin APIs: the items of a DeleteTopics,
//! DeleteRecords, AlterConfigs, IncrementalAlterConfigs or CreatePartitions
//! request that would change a read-only topic are taken out of it and
//! answered as Kafka's controller answers a principal without the ACL for
//! them.

use kafka_messages::alter_configs::AlterConfigsResourceResponse;
use kafka_messages::create_partitions::CreatePartitionsTopicResult;
use kafka_messages::delete_records::{DeleteRecordsPartitionResult, DeleteRecordsTopicResult};
use kafka_messages::delete_topics::DeletableTopicResult;
use kafka_messages::incremental_alter_configs::AlterConfigsResourceResponse as IncrementalResult;
use kafka_messages::{
    AlterConfigsResponse, ApiKey, CreatePartitionsResponse, DeleteRecordsResponse,
    DeleteTopicsResponse, IncrementalAlterConfigsResponse, RequestKind, ResponseKind,
};
use kafka_wire::{ErrorCode, Str, Uuid};

/// Kafka's message with `TOPIC_AUTHORIZATION_FAILED` in a DeleteTopics
/// answer (`ApiError(TOPIC_AUTHORIZATION_FAILED)`: the error's own message).
const TOPIC_AUTHORIZATION_FAILED: &str = "Topic authorization failed.";
/// Kafka's message with `UNKNOWN_TOPIC_ID` in a DeleteTopics answer.
const UNKNOWN_TOPIC_ID: &str = "This server does not host this topic ID.";
/// `ConfigResource.Type.TOPIC`.
const TOPIC_RESOURCE: i8 = 2;

/// Whether requests of `api_key` can change a topic other than by producing
/// to it.
pub(super) fn guards(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::DeleteTopics
            | ApiKey::DeleteRecords
            | ApiKey::AlterConfigs
            | ApiKey::IncrementalAlterConfigs
            | ApiKey::CreatePartitions
    )
}

/// What the policy took out of a request.
pub(super) struct Refusal {
    /// The answers to the items taken out, as a response of the request's
    /// API that holds only them.
    pub(super) answer: ResponseKind,
    /// Whether nothing is left of the request to forward.
    pub(super) emptied: bool,
    /// Each topic refused (its name, or its id when the request gave only
    /// that) and Kafka's error for it.
    pub(super) refused: Vec<(String, ErrorCode)>,
}

/// Takes the items that would change a topic `read_only` says is read-only
/// out of `request`, a request of an API [`guards`] names. A topic given by
/// id is named by `name_of`; an id it does not know is refused with
/// `UNKNOWN_TOPIC_ID`, since it could be a read-only topic's. `None` when
/// nothing is refused.
pub(super) fn refuse(
    request: &mut RequestKind,
    read_only: &dyn Fn(&str) -> bool,
    name_of: &dyn Fn(Uuid) -> Option<Str>,
) -> Option<Refusal> {
    let denied = ErrorCode::TopicAuthorizationFailed;
    let mut refused = Vec::new();
    let (answer, emptied) = match request {
        RequestKind::DeleteTopics(delete) => {
            let mut results = Vec::new();
            delete.topic_names.retain(|name| {
                if !read_only(name) {
                    return true;
                }
                refused.push((name.to_string(), denied));
                results.push(DeletableTopicResult {
                    name: Some(name.clone()),
                    error_code: denied.code(),
                    error_message: Some(TOPIC_AUTHORIZATION_FAILED.into()),
                    ..Default::default()
                });
                false
            });
            delete.topics.retain(|topic| {
                let by_id = topic.name.is_none() && !topic.topic_id.is_zero();
                let name = match by_id {
                    true => name_of(topic.topic_id),
                    false => topic.name.clone(),
                };
                let (error, message) = match &name {
                    Some(name) if read_only(name) => (denied, TOPIC_AUTHORIZATION_FAILED),
                    None if by_id => (ErrorCode::UnknownTopicId, UNKNOWN_TOPIC_ID),
                    _ => return true,
                };
                let shown = match by_id {
                    true => topic.topic_id.to_string(),
                    false => name.as_deref().unwrap_or_default().to_owned(),
                };
                refused.push((shown, error));
                // By id, the answer does not name the topic (Kafka's does not).
                results.push(DeletableTopicResult {
                    name: if by_id { None } else { name },
                    topic_id: topic.topic_id,
                    error_code: error.code(),
                    error_message: Some(message.into()),
                    ..Default::default()
                });
                false
            });
            let emptied = delete.topic_names.is_empty() && delete.topics.is_empty();
            let answer = ResponseKind::DeleteTopics(DeleteTopicsResponse {
                responses: results,
                ..Default::default()
            });
            (answer, emptied)
        }
        RequestKind::DeleteRecords(delete) => {
            let mut results = Vec::new();
            delete.topics.retain(|topic| {
                if !read_only(&topic.name) {
                    return true;
                }
                refused.push((topic.name.to_string(), denied));
                results.push(DeleteRecordsTopicResult {
                    name: topic.name.clone(),
                    partitions: topic
                        .partitions
                        .iter()
                        .map(|p| DeleteRecordsPartitionResult {
                            partition_index: p.partition_index,
                            // DeleteRecordsResponse.INVALID_LOW_WATERMARK
                            low_watermark: -1,
                            error_code: denied.code(),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                });
                false
            });
            let answer = ResponseKind::DeleteRecords(DeleteRecordsResponse {
                topics: results,
                ..Default::default()
            });
            (answer, delete.topics.is_empty())
        }
        RequestKind::AlterConfigs(alter) => {
            let mut results = Vec::new();
            alter.resources.retain(|resource| {
                let name = &resource.resource_name;
                if resource.resource_type != TOPIC_RESOURCE || !read_only(name) {
                    return true;
                }
                refused.push((name.to_string(), denied));
                // Kafka's `configsAuthorizationApiError`: no message.
                results.push(AlterConfigsResourceResponse {
                    error_code: denied.code(),
                    error_message: None,
                    resource_type: resource.resource_type,
                    resource_name: name.clone(),
                    ..Default::default()
                });
                false
            });
            let answer = ResponseKind::AlterConfigs(AlterConfigsResponse {
                responses: results,
                ..Default::default()
            });
            (answer, alter.resources.is_empty())
        }
        RequestKind::IncrementalAlterConfigs(alter) => {
            let mut results = Vec::new();
            alter.resources.retain(|resource| {
                let name = &resource.resource_name;
                if resource.resource_type != TOPIC_RESOURCE || !read_only(name) {
                    return true;
                }
                refused.push((name.to_string(), denied));
                results.push(IncrementalResult {
                    error_code: denied.code(),
                    error_message: None,
                    resource_type: resource.resource_type,
                    resource_name: name.clone(),
                    ..Default::default()
                });
                false
            });
            let answer = ResponseKind::IncrementalAlterConfigs(IncrementalAlterConfigsResponse {
                responses: results,
                ..Default::default()
            });
            (answer, alter.resources.is_empty())
        }
        RequestKind::CreatePartitions(create) => {
            let mut results = Vec::new();
            create.topics.retain(|topic| {
                if !read_only(&topic.name) {
                    return true;
                }
                refused.push((topic.name.to_string(), denied));
                results.push(CreatePartitionsTopicResult {
                    name: topic.name.clone(),
                    error_code: denied.code(),
                    error_message: None,
                    ..Default::default()
                });
                false
            });
            let answer = ResponseKind::CreatePartitions(CreatePartitionsResponse {
                results,
                ..Default::default()
            });
            (answer, create.topics.is_empty())
        }
        _ => return None,
    };
    (!refused.is_empty()).then_some(Refusal {
        answer,
        emptied,
        refused,
    })
}

/// Adds the answers of a [`Refusal`] to the broker's response to the rest
/// of its request.
pub(super) fn merge(response: &mut ResponseKind, refused: ResponseKind) {
    match (response, refused) {
        (ResponseKind::DeleteTopics(to), ResponseKind::DeleteTopics(from)) => {
            to.responses.extend(from.responses)
        }
        (ResponseKind::DeleteRecords(to), ResponseKind::DeleteRecords(from)) => {
            to.topics.extend(from.topics)
        }
        (ResponseKind::AlterConfigs(to), ResponseKind::AlterConfigs(from)) => {
            to.responses.extend(from.responses)
        }
        (
            ResponseKind::IncrementalAlterConfigs(to),
            ResponseKind::IncrementalAlterConfigs(from),
        ) => to.responses.extend(from.responses),
        (ResponseKind::CreatePartitions(to), ResponseKind::CreatePartitions(from)) => {
            to.results.extend(from.results)
        }
        _ => {}
    }
}
