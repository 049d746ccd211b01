//! Read-only topics in the admin APIs: the items of a DeleteTopics,
//! DeleteRecords, AlterConfigs, IncrementalAlterConfigs or CreatePartitions
//! request that would change a read-only topic are taken out of it and
//! answered as Kafka's controller answers a principal without the ACL for
//! them.

use kafka_messages::alter_configs::{AlterConfigsResource, AlterConfigsResourceResponse};
use kafka_messages::create_partitions::{CreatePartitionsTopic, CreatePartitionsTopicResult};
use kafka_messages::delete_records::{
    DeleteRecordsPartitionResult, DeleteRecordsTopic, DeleteRecordsTopicResult,
};
use kafka_messages::delete_topics::DeletableTopicResult;
use kafka_messages::incremental_alter_configs::AlterConfigsResource as IncrementalResource;
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
            let names = &mut delete.topic_names;
            let mut results = take_read_only(
                names,
                |n| Some(n),
                read_only,
                &mut refused,
                |name| DeletableTopicResult {
                    name: Some(name.clone()),
                    error_code: denied.code(),
                    error_message: Some(TOPIC_AUTHORIZATION_FAILED.into()),
                    ..Default::default()
                },
            );
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
            fn name(t: &DeleteRecordsTopic) -> Option<&str> {
                Some(&t.name)
            }
            let results = take_read_only(&mut delete.topics, name, read_only, &mut refused, |t| {
                DeleteRecordsTopicResult {
                    name: t.name.clone(),
                    partitions: t
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
                }
            });
            let answer = ResponseKind::DeleteRecords(DeleteRecordsResponse {
                topics: results,
                ..Default::default()
            });
            (answer, delete.topics.is_empty())
        }
        RequestKind::AlterConfigs(alter) => {
            fn topic(r: &AlterConfigsResource) -> Option<&str> {
                (r.resource_type == TOPIC_RESOURCE).then_some(&r.resource_name)
            }
            let resources = &mut alter.resources;
            let results = take_read_only(resources, topic, read_only, &mut refused, |r| {
                // Kafka's `configsAuthorizationApiError`: no message.
                AlterConfigsResourceResponse {
                    error_code: denied.code(),
                    error_message: None,
                    resource_type: r.resource_type,
                    resource_name: r.resource_name.clone(),
                    ..Default::default()
                }
            });
            let answer = ResponseKind::AlterConfigs(AlterConfigsResponse {
                responses: results,
                ..Default::default()
            });
            (answer, alter.resources.is_empty())
        }
        RequestKind::IncrementalAlterConfigs(alter) => {
            fn topic(r: &IncrementalResource) -> Option<&str> {
                (r.resource_type == TOPIC_RESOURCE).then_some(&r.resource_name)
            }
            let resources = &mut alter.resources;
            let results = take_read_only(resources, topic, read_only, &mut refused, |r| {
                IncrementalResult {
                    error_code: denied.code(),
                    error_message: None,
                    resource_type: r.resource_type,
                    resource_name: r.resource_name.clone(),
                    ..Default::default()
                }
            });
            let answer = ResponseKind::IncrementalAlterConfigs(IncrementalAlterConfigsResponse {
                responses: results,
                ..Default::default()
            });
            (answer, alter.resources.is_empty())
        }
        RequestKind::CreatePartitions(create) => {
            fn name(t: &CreatePartitionsTopic) -> Option<&str> {
                Some(&t.name)
            }
            let results = take_read_only(&mut create.topics, name, read_only, &mut refused, |t| {
                CreatePartitionsTopicResult {
                    name: t.name.clone(),
                    error_code: denied.code(),
                    error_message: None,
                    ..Default::default()
                }
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

/// Takes the items of `items` that name a read-only topic (`name` gives an
/// item's topic, or `None` for an item that is not a topic's) out, each
/// refused with `TOPIC_AUTHORIZATION_FAILED` in `refused`: their answers,
/// each made by `answer`.
fn take_read_only<T, R>(
    items: &mut Vec<T>,
    name: impl Fn(&T) -> Option<&str>,
    read_only: &dyn Fn(&str) -> bool,
    refused: &mut Vec<(String, ErrorCode)>,
    answer: impl Fn(&T) -> R,
) -> Vec<R> {
    let mut answers = Vec::new();
    items.retain(|item| match name(item) {
        Some(topic) if read_only(topic) => {
            refused.push((topic.to_owned(), ErrorCode::TopicAuthorizationFailed));
            answers.push(answer(item));
            false
        }
        _ => true,
    });
    answers
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
