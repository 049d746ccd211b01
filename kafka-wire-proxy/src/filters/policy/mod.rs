//! [`Policy`]: what clients may do through the proxy, refused as Kafka's
//! broker refuses it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use kafka_messages::produce::{PartitionProduceResponse, TopicProduceResponse};
use kafka_messages::{ApiKey, ProduceResponse, RequestKind, ResponseKind};
use kafka_wire::{ErrorCode, Str, Uuid};

mod changes;
mod read_only;

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
/// - **Read-only topics in the admin APIs**: DeleteTopics, DeleteRecords,
///   AlterConfigs and IncrementalAlterConfigs (a topic resource) and
///   CreatePartitions are refused for a read-only topic with
///   `TOPIC_AUTHORIZATION_FAILED` per topic or resource, each with Kafka's
///   message for it, while the request's other items go on to the broker
///   and their answers are joined. A DeleteTopics by an id the proxy has
///   not seen named is answered `UNKNOWN_TOPIC_ID`. A request refused whole
///   is answered by the proxy.
/// - **`acks=0` refused** ([`refuse_acks_zero`](Self::refuse_acks_zero)):
///   such a Produce closes the connection, which is how a broker tells an
///   `acks=0` producer that a request failed (it gets no response).
///
/// An `acks=0` Produce of which any part is refused closes the connection
/// too, for the same reason. Names are the broker's: behind a tenant
/// filter, give the policy after it, with prefixed names. Each refusal is
/// audited when an [`AuditLog`] is given, and so is each change the broker
/// makes or refuses (topics created and deleted, ACLs created and deleted,
/// configs altered, groups and group offsets deleted), one line per
/// resource with the broker's outcome; [`audit_tenant`](Self::audit_tenant)
/// says each connection's tenant for those lines.
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
    /// What each admin request forwarded left for its response, by the
    /// client's correlation id.
    pending: HashMap<i32, Pending>,
    audit: Option<AuditLog>,
    tenant_of: Option<TenantOf>,
}

/// What names a connection's tenant.
type TenantFn = dyn Fn(&ClientConnection) -> Option<String> + Send + Sync;

/// A connection's tenant, for audit lines.
#[derive(Clone)]
struct TenantOf(Arc<TenantFn>);

impl std::fmt::Debug for TenantOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TenantOf")
    }
}

/// What an admin request the policy forwarded leaves for its response.
#[derive(Debug, Clone, Default)]
struct Pending {
    /// The answers to the items the policy took out, joined to the
    /// broker's.
    refused: Option<ResponseKind>,
    /// What the request asked for, for the audit of its changes.
    asked: Option<changes::Asked>,
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

    /// Audits each refusal to `log`, and each change of topics, ACLs,
    /// configs and groups the broker makes or refuses.
    pub fn audit(mut self, log: AuditLog) -> Self {
        self.audit = Some(log);
        self
    }

    /// Names each connection's tenant in the audit lines: `tenant_of` is
    /// asked at each line (a fixed prefix, or
    /// [`TenantsByPrincipal::prefix_of`](super::TenantsByPrincipal::prefix_of)
    /// the connection's principal).
    pub fn audit_tenant(
        mut self,
        tenant_of: impl Fn(&ClientConnection) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        self.tenant_of = Some(TenantOf(Arc::new(tenant_of)));
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
            let tenant = self.tenant_of.as_ref().and_then(|t| (t.0)(connection));
            let mut event = AuditEvent::new(AuditKind::PolicyRefused, connection);
            event.tenant = tenant.as_deref();
            event.api = Some(api);
            event.resource_type = resource.map(|_| match api {
                ApiKey::DeleteGroups | ApiKey::OffsetDelete => "GROUP",
                _ => "TOPIC",
            });
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

impl Policy {
    /// An admin request: the items that would change a read-only topic
    /// taken out and answered, and what the request asks for noted for the
    /// audit of its response.
    fn admin_request(
        &mut self,
        connection: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let api_key = request.api_key();
        let correlation_id = request.correlation_id();
        let guarded = read_only::guards(api_key) && !self.read_only.is_empty();
        // A filter before this one may have changed it already.
        let changed_before = request.is_changed();
        let body = request.decode_mut()?;
        let refusal = match guarded {
            true => {
                let read_only = |name: &str| self.read_only.contains(name);
                let name_of = |id: Uuid| self.name_of(id);
                read_only::refuse(body, &read_only, &name_of)
            }
            false => None,
        };
        let asked =
            (self.audit.is_some() && changes::audited(api_key)).then(|| changes::asked(body));
        let Some(refusal) = refusal else {
            if !changed_before {
                request.unchanged();
            }
            if asked.is_some() {
                let pending = Pending {
                    refused: None,
                    asked,
                };
                self.pending.insert(correlation_id, pending);
            }
            return Ok(Verdict::Forward);
        };
        for (resource, error) in &refusal.refused {
            let reason = match error {
                ErrorCode::UnknownTopicId => "a topic id the proxy has not seen named",
                _ => "a read-only topic",
            };
            self.record(connection, api_key, Some(resource), Some(*error), reason);
        }
        if refusal.emptied {
            return Ok(Verdict::respond(refusal.answer));
        }
        let pending = Pending {
            refused: Some(refusal.answer),
            asked,
        };
        self.pending.insert(correlation_id, pending);
        Ok(Verdict::Forward)
    }

    /// The broker's response to an admin request: its changes audited,
    /// and the answers to the items the policy took out joined to it.
    fn admin_response(
        &mut self,
        connection: &ClientConnection,
        pending: Pending,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        let api_key = response.api_key();
        if let (Some(asked), Some(log)) = (&pending.asked, &self.audit) {
            let tenant = self.tenant_of.as_ref().and_then(|t| (t.0)(connection));
            for change in changes::changes(response.decode()?, asked) {
                let kind = match change.error {
                    None => AuditKind::Changed,
                    Some(_) => AuditKind::ChangeFailed,
                };
                let mut event = AuditEvent::new(kind, connection);
                event.tenant = tenant.as_deref();
                event.api = Some(api_key);
                event.resource_type = Some(change.resource_type);
                event.resource = Some(&change.resource);
                event.error = change.error;
                event.reason = change.reason.as_deref();
                log.record(&event);
            }
        }
        if let Some(refused) = pending.refused {
            read_only::merge(response.decode_mut()?, refused);
        }
        Ok(())
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
            || (read_only::guards(api_key) && !self.read_only.is_empty())
            || (changes::audited(api_key) && self.audit.is_some())
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
            || (read_only::guards(api_key) && !self.read_only.is_empty())
            || (changes::audited(api_key) && self.audit.is_some())
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
        if api_key != ApiKey::Produce {
            return self.admin_request(connection, request);
        }
        let changed_before = request.is_changed();
        let RequestKind::Produce(produce) = request.decode_mut()? else {
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
            if !changed_before {
                request.unchanged();
            }
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
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        if let Some(pending) = self.pending.remove(&request.header.correlation_id) {
            return self.admin_response(connection, pending, response);
        }
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
