//! [`Policy`]: what clients may do through the proxy, refused as Kafka's
//! broker refuses it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use kafka_messages::produce::{PartitionProduceResponse, TopicProduceResponse};
use kafka_messages::{ApiKey, ProduceResponse, RequestKind, ResponseKind};
use kafka_wire::{ErrorCode, Str, Uuid};

use crate::audit::{AuditEvent, AuditKind, AuditLog};
use crate::filter::{ClientConnection, Filter, FilterError, RequestInfo, Verdict};
use crate::frame::{RequestFrame, ResponseFrame};

/// What clients may do through the proxy; each refusal is Kafka's own
/// answer:
///
/// - **Denied APIs** ([`deny_api`](Self::deny_api)) are left out of the
///   ApiVersions response, as a broker leaves out an API it does not have,
///   and a request of one closes the connection unforwarded, as a broker
///   closes a connection that sends an API it does not have.
/// - **Read-only topics** ([`read_only_topic`](Self::read_only_topic)): a
///   Produce to one is answered `TOPIC_AUTHORIZATION_FAILED` for each of its
///   partitions, as a broker answers a principal without WRITE on it, while
///   the request's other topics go on to the broker. A Produce by topic id
///   (v13+) is matched through the ids the broker's Metadata responses
///   named (shared by the clones of the policy); an id the proxy has not
///   seen is answered `UNKNOWN_TOPIC_ID`, so that the client refreshes its
///   metadata and retries.
/// - **A maximum batch size** ([`max_batch_bytes`](Self::max_batch_bytes)):
///   a partition's records over it are answered `MESSAGE_TOO_LARGE`, as a
///   broker answers records over its `max.message.bytes`.
/// - **Replica fetches refused**
///   ([`refuse_replica_fetches`](Self::refuse_replica_fetches)): a Fetch
///   that claims a replica id (CVE-2018-1288) is answered as a broker
///   answers a follower without ClusterAction: `TOPIC_AUTHORIZATION_FAILED`
///   for each partition asked for (high watermark, last stable offset, log
///   start offset and preferred read replica -1, no records), and never
///   forwarded.
/// - **`acks=0` refused** ([`refuse_acks_zero`](Self::refuse_acks_zero)):
///   such a Produce closes the connection, which is how a broker tells an
///   `acks=0` producer that a request failed (it gets no response).
///
/// An `acks=0` Produce of which any part is refused closes the connection
/// too, for the same reason. Names are the broker's: behind a tenant
/// filter, give the policy after it, with prefixed names. Each refusal is
/// audited when an [`AuditLog`] is given.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    denied: HashSet<ApiKey>,
    read_only: Arc<HashSet<String>>,
    max_batch_bytes: Option<usize>,
    refuse_acks_zero: bool,
    refuse_replica_fetches: bool,
    /// The broker's topic names by id, from Metadata responses (shared).
    names: Arc<Mutex<HashMap<Uuid, Str>>>,
    /// The partitions refused of each Produce forwarded and not yet
    /// answered, in request order.
    refused: VecDeque<Vec<TopicProduceResponse>>,
    audit: Option<AuditLog>,
}

impl Policy {
    /// A policy that allows everything.
    pub fn new() -> Self {
        Policy::default()
    }

    /// Denies `api_key`.
    pub fn deny_api(mut self, api_key: ApiKey) -> Self {
        self.denied.insert(api_key);
        self
    }

    /// Makes topic `name` (as the broker names it) read-only.
    pub fn read_only_topic(mut self, name: impl Into<String>) -> Self {
        Arc::make_mut(&mut self.read_only).insert(name.into());
        self
    }

    /// Refuses a partition's records over `bytes`.
    pub fn max_batch_bytes(mut self, bytes: usize) -> Self {
        self.max_batch_bytes = Some(bytes);
        self
    }

    /// Refuses Produce requests with `acks=0`.
    pub fn refuse_acks_zero(mut self) -> Self {
        self.refuse_acks_zero = true;
        self
    }

    /// Refuses a Fetch that claims a replica id (`ReplicaId` or
    /// `ReplicaState.ReplicaId` of 0 or more): only brokers fetch as
    /// replicas, and they do not go through the proxy.
    pub fn refuse_replica_fetches(mut self) -> Self {
        self.refuse_replica_fetches = true;
        self
    }

    /// Audits each refusal to `log`.
    pub fn audit(mut self, log: AuditLog) -> Self {
        self.audit = Some(log);
        self
    }

    fn record(
        &self,
        connection: &ClientConnection,
        api: ApiKey,
        resource: Option<&str>,
        error: Option<ErrorCode>,
        reason: &str,
    ) {
        if let Some(log) = &self.audit {
            let mut event = AuditEvent::new(AuditKind::PolicyRefused, connection);
            event.api = Some(api);
            event.resource = resource;
            event.error = error;
            event.reason = Some(reason);
            log.record(&event);
        }
    }

    fn name_of(&self, id: Uuid) -> Option<Str> {
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names.get(&id).cloned()
    }

    /// Takes the refused partitions out of a Produce request: what each
    /// refused partition is answered, by topic.
    fn produce(
        &self,
        connection: &ClientConnection,
        request: &mut kafka_messages::ProduceRequest,
    ) -> Vec<TopicProduceResponse> {
        let mut refused = Vec::new();
        for topic in &mut request.topic_data {
            let by_id = topic.name.is_empty() && topic.topic_id != Uuid::ZERO;
            let name = match by_id {
                true => self.name_of(topic.topic_id),
                false => Some(topic.name.clone()),
            };
            let topic_error = match &name {
                None if !self.read_only.is_empty() => Some(ErrorCode::UnknownTopicId),
                Some(name) if self.read_only.contains(name.as_str()) => {
                    Some(ErrorCode::TopicAuthorizationFailed)
                }
                _ => None,
            };
            let mut answers = Vec::new();
            topic.partition_data.retain(|partition| {
                let size = partition.records.as_ref().map_or(0, |r| r.0.len());
                let error = topic_error.or(match self.max_batch_bytes {
                    Some(max) if size > max => Some(ErrorCode::MessageTooLarge),
                    _ => None,
                });
                let Some(error) = error else {
                    return true;
                };
                answers.push(PartitionProduceResponse {
                    index: partition.index,
                    error_code: error.code(),
                    base_offset: -1,
                    log_append_time_ms: -1,
                    log_start_offset: -1,
                    ..Default::default()
                });
                false
            });
            if answers.is_empty() {
                continue;
            }
            let shown = name
                .as_deref()
                .map_or_else(|| topic.topic_id.to_string(), str::to_owned);
            for answer in &answers {
                let error = ErrorCode::from_code(answer.error_code);
                let reason = match error {
                    ErrorCode::MessageTooLarge => "records over the policy's maximum batch size",
                    ErrorCode::UnknownTopicId => "a topic id the proxy has not seen named",
                    _ => "a read-only topic",
                };
                self.record(
                    connection,
                    ApiKey::Produce,
                    Some(&shown),
                    Some(error),
                    reason,
                );
            }
            refused.push(TopicProduceResponse {
                name: topic.name.clone(),
                topic_id: topic.topic_id,
                partition_responses: answers,
                ..Default::default()
            });
        }
        request.topic_data.retain(|t| !t.partition_data.is_empty());
        refused
    }
}

/// A broker's answer to a replica fetch without ClusterAction: every
/// partition asked for `TOPIC_AUTHORIZATION_FAILED`, as Kafka's
/// `FetchResponse.partitionResponse(partition, error)` writes it.
fn replica_refused(fetch: &kafka_messages::FetchRequest) -> kafka_messages::FetchResponse {
    use kafka_messages::fetch::{FetchableTopicResponse, PartitionData};
    kafka_messages::FetchResponse {
        responses: fetch
            .topics
            .iter()
            .map(|topic| FetchableTopicResponse {
                topic: topic.topic.clone(),
                topic_id: topic.topic_id,
                partitions: topic
                    .partitions
                    .iter()
                    .map(|p| PartitionData {
                        partition_index: p.partition,
                        error_code: ErrorCode::TopicAuthorizationFailed.code(),
                        high_watermark: -1,
                        last_stable_offset: -1,
                        log_start_offset: -1,
                        preferred_read_replica: -1,
                        records: Some(kafka_wire::Records(bytes::Bytes::new())),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

impl Filter for Policy {
    fn wants_request(&self, api_key: ApiKey, _: i16) -> bool {
        self.denied.contains(&api_key)
            || (api_key == ApiKey::Fetch && self.refuse_replica_fetches)
            || (api_key == ApiKey::Produce
                && (self.refuse_acks_zero
                    || !self.read_only.is_empty()
                    || self.max_batch_bytes.is_some()))
    }

    /// A denied API at a version the proxy cannot read is refused too.
    fn refuses_unread(&self) -> bool {
        !self.denied.is_empty()
    }

    fn wants_response(&self, api_key: ApiKey, _: i16) -> bool {
        (api_key == ApiKey::ApiVersions && !self.denied.is_empty())
            || (api_key == ApiKey::Metadata && !self.read_only.is_empty())
            || (api_key == ApiKey::Produce
                && (!self.read_only.is_empty() || self.max_batch_bytes.is_some()))
    }

    fn on_request(
        &mut self,
        connection: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let api_key = request.api_key();
        if self.denied.contains(&api_key) {
            let why = format!("{} is denied by the proxy's policy", api_key.name());
            self.record(connection, api_key, None, None, &why);
            return Err(FilterError::new(why));
        }
        if api_key == ApiKey::Fetch {
            let RequestKind::Fetch(fetch) = request.decode()? else {
                return Ok(Verdict::Forward);
            };
            let replica = fetch.replica_id.max(fetch.replica_state.replica_id);
            if replica < 0 {
                return Ok(Verdict::Forward);
            }
            let reason = format!("a Fetch that claims replica id {replica}");
            self.record(
                connection,
                api_key,
                None,
                Some(ErrorCode::TopicAuthorizationFailed),
                &reason,
            );
            return Ok(Verdict::respond(ResponseKind::Fetch(replica_refused(
                fetch,
            ))));
        }
        let RequestKind::Produce(produce) = request.decode_mut()? else {
            request.unchanged();
            return Ok(Verdict::Forward);
        };
        let acks_zero = produce.acks == 0;
        if acks_zero && self.refuse_acks_zero {
            let why = "a Produce with acks=0 is refused by the proxy's policy";
            self.record(connection, api_key, None, None, why);
            return Err(FilterError::new(why));
        }
        let refused = self.produce(connection, produce);
        let all_refused = produce.topic_data.is_empty();
        if refused.is_empty() {
            request.unchanged();
        } else if acks_zero {
            return Err(FilterError::new(
                "a Produce with acks=0 of which the proxy's policy refused a part",
            ));
        } else if all_refused {
            return Ok(Verdict::respond(ResponseKind::Produce(ProduceResponse {
                responses: refused,
                ..Default::default()
            })));
        }
        // Every Produce forwarded that gets a response has its entry, so
        // that each response finds its own.
        if !acks_zero && self.wants_response(ApiKey::Produce, request.version()) {
            self.refused.push_back(refused);
        }
        Ok(Verdict::Forward)
    }

    fn on_response(
        &mut self,
        _: &ClientConnection,
        _: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        match response.api_key() {
            ApiKey::ApiVersions => {
                let ResponseKind::ApiVersions(versions) = response.decode_mut()? else {
                    return Ok(());
                };
                let denied = &self.denied;
                versions
                    .api_keys
                    .retain(|v| !ApiKey::from_i16(v.api_key).is_some_and(|k| denied.contains(&k)));
            }
            ApiKey::Metadata => {
                let ResponseKind::Metadata(metadata) = response.decode()? else {
                    return Ok(());
                };
                let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
                for topic in &metadata.topics {
                    if let (Some(name), false) = (&topic.name, topic.topic_id == Uuid::ZERO) {
                        names.insert(topic.topic_id, name.clone());
                    }
                }
            }
            ApiKey::Produce => {
                // One it answered itself has no broker response, and one
                // forwarded whole has nothing to add.
                let refused = self.refused.pop_front().unwrap_or_default();
                if refused.is_empty() {
                    response.unchanged();
                    return Ok(());
                }
                let ResponseKind::Produce(produce) = response.decode_mut()? else {
                    return Ok(());
                };
                for topic in refused {
                    let same = produce
                        .responses
                        .iter_mut()
                        .find(|t| t.name == topic.name && t.topic_id == topic.topic_id);
                    match same {
                        Some(t) => t.partition_responses.extend(topic.partition_responses),
                        None => produce.responses.push(topic),
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
