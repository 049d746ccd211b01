//! One node of the cluster: in-memory topics and ACLs, one task per
//! connection, requests read header first and answered in order, errors as
//! Kafka 4.4 gives them. `cluster.rs` starts and stops it.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bytes::BytesMut;
use futures_util::{SinkExt, StreamExt};
use kafka_messages::create_partitions::CreatePartitionsTopicResult;
use kafka_messages::delete_acls::{
    DeleteAclsFilter, DeleteAclsFilterResult, DeleteAclsMatchingAcl,
};
use kafka_messages::delete_topics::DeletableTopicResult;
use kafka_messages::describe_acls::{AclDescription, DescribeAclsResource};
use kafka_messages::describe_cluster::DescribeClusterBroker;
use kafka_messages::metadata::{
    MetadataResponseBroker, MetadataResponsePartition, MetadataResponseTopic,
};
use kafka_messages::*;
use kafka_wire::frame::{FrameCodec, RequestFrameError};
use kafka_wire::{ErrorCode, RequestHeader, Str, Uuid, VersionRange};
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;
use tokio::time::Duration;
use tokio_util::codec::Framed;

use crate::authorizer::{self, Gate};
use crate::cluster::Fault;
use crate::configs;
use crate::consumer_group;
use crate::data;
use crate::error_answer;
use crate::fetch_session;
use crate::group_admin;
use crate::groups;
use crate::log::{LogClock, PartitionLog};
use crate::membership::{self, Group, Member, Phase};
use crate::request_log::{Outcome, RequestEvent};
use crate::sasl::Step;
use crate::topic_partitions;
use crate::txn;
use crate::SERVED_APIS;

/// The controller's node id, and the first node's: nodes are numbered
/// from 1.
pub(crate) const CONTROLLER_ID: i32 = 1;
/// What the broker's `num.partitions` and `default.replication.factor` would be.
const DEFAULT_PARTITIONS: i32 = 1;
const DEFAULT_REPLICATION: i16 = 1;
/// Kafka's controller's `MAX_PARTITIONS_PER_BATCH`: the most partitions one
/// CreateTopics or CreatePartitions may make, and its message.
const MAX_PARTITIONS_PER_REQUEST: i64 = 10_000;
const EXCESSIVE_PARTITIONS: &str = "Excessively large number of partitions per request.";
/// Kafka's log manager checks retention 30 s after it starts
/// (`InitialTaskDelayMs`), then every `log.retention.check.interval.ms`.
const RETENTION_CHECK_DELAY_MS: i64 = 30_000;
const RETENTION_CHECK_INTERVAL_MS: i64 = 300_000;
/// Kafka refuses frames over `socket.request.max.bytes`, 100 MiB by default.
const MAX_FRAME: usize = 100 << 20;

/// The APIs whose highest version Kafka 4.4's schemas mark unstable, which
/// its brokers neither advertise nor accept by default.
const UNSTABLE_LATEST: &[ApiKey] = &[ApiKey::InitProducerId];

/// What the cluster serves and how it calls itself: `ClusterBuilder`'s
/// settings, shared by every node.
pub(crate) struct Config {
    pub(crate) release: Release,
    pub(crate) max_versions: BTreeMap<ApiKey, i16>,
    pub(crate) cluster_id: String,
    pub(crate) on_request: Option<RequestHook>,
    /// Whether Metadata creates the topics it is asked about.
    pub(crate) auto_create_topics: bool,
    /// `ClusterBuilder::request_budget`: request frames reserved before they are read.
    pub(crate) request_budget: Option<kafka_wire::frame::FrameBudget>,
    /// `ClusterBuilder::consumer_group_max_size`.
    pub(crate) consumer_group_max_size: usize,
    /// `ClusterBuilder::authorizer`: `None` when ACLs are not enforced.
    pub(crate) authorizer: Option<authorizer::Settings>,
    /// `ClusterBuilder::principal`: each connection's principal.
    pub(crate) principal_of: authorizer::PrincipalOf,
    /// `ClusterBuilder::client_quota`: `None` when there are none.
    pub(crate) quotas: Option<crate::quota::Quotas>,
    /// `ClusterBuilder::sasl`: `None` on a listener without SASL.
    pub(crate) sasl: Option<Arc<kafka_wire_sasl::Credentials>>,
}

/// What `ClusterBuilder::on_request` was given.
pub(crate) type RequestHook = Box<dyn Fn(&RequestEvent<'_>) + Send + Sync>;

impl Config {
    /// The versions served of `key`, or `None` for an API the cluster lacks.
    pub(crate) fn served(&self, key: ApiKey) -> Option<VersionRange> {
        if !SERVED_APIS.contains(&key) {
            return None;
        }
        let mut all = key.versions_in(self.release);
        // A Kafka 4.4 broker leaves out the versions its schemas mark
        // unstable (`latestVersionUnstable`), which kafka-messages' ranges
        // keep: InitProducerId v6 (KIP-939's two-phase commit).
        if self.release == Release::Latest && UNSTABLE_LATEST.contains(&key) {
            if let Some(highest) = all.highest() {
                all = all.intersect(VersionRange::new(i16::MIN, highest - 1));
            }
        }
        Some(match self.max_versions.get(&key) {
            Some(&max) => all.intersect(VersionRange::new(i16::MIN, max)),
            None => all,
        })
    }
}

#[derive(Debug)]
pub(crate) struct Topic {
    pub(crate) id: Uuid,
    pub(crate) partitions: i32,
    /// The configs set on the topic (its overrides), as given.
    pub(crate) configs: BTreeMap<String, String>,
    /// What those configs (over the brokers' values) make of its logs.
    pub(crate) settings: configs::TopicSettings,
    /// One log per partition, by index: `partitions` of them.
    pub(crate) logs: Vec<PartitionLog>,
    /// Each partition's leader, by index.
    pub(crate) leaders: Vec<Leader>,
    /// How many nodes hold each partition: its first leader and the nodes
    /// after it.
    pub(crate) replication: i16,
    /// The topic's place among those created: where its partitions' first
    /// leaders go.
    pub(crate) spread: usize,
}

/// A partition's leader and its epoch, which every move bumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Leader {
    /// The leading node, or -1 when every replica's node is stopped.
    pub(crate) node: i32,
    /// The leader epoch.
    pub(crate) epoch: i32,
}

/// A partition as Metadata and DescribeTopicPartitions show it
/// ([`Broker::partition_view`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PartitionView {
    pub(crate) leader: Leader,
    pub(crate) replicas: Vec<i32>,
    /// The in-sync replicas: the replicas on running nodes.
    pub(crate) isr: Vec<i32>,
    /// The replicas on stopped nodes.
    pub(crate) offline: Vec<i32>,
}

/// Kafka's `Topic.isInternal`: the topics of group offsets, transactions
/// and share groups' state, named so whether they exist or not.
pub(crate) fn is_internal(name: &str) -> bool {
    matches!(
        name,
        "__consumer_offsets" | "__transaction_state" | "__share_group_state"
    )
}

/// An ACL binding, its codes as the wire has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Acl {
    pub(crate) resource_type: i8,
    pub(crate) name: Str,
    pub(crate) pattern: i8,
    pub(crate) principal: Str,
    pub(crate) host: Str,
    pub(crate) operation: i8,
    pub(crate) permission: i8,
}

/// An ACL filter (DescribeAcls, DeleteAcls): `None` matches anything.
struct AclFilter<'a> {
    resource_type: i8,
    name: Option<&'a str>,
    pattern: i8,
    principal: Option<&'a str>,
    host: Option<&'a str>,
    operation: i8,
    permission: i8,
}

#[derive(Debug, Default)]
pub(crate) struct State {
    pub(crate) topics: BTreeMap<Str, Topic>,
    pub(crate) acls: Vec<Acl>,
    /// The last producer id InitProducerId handed out.
    pub(crate) last_producer_id: i64,
    /// Topics created so far: where the next topic's first leader goes.
    created: usize,
    /// The nodes stopped by `Cluster::stop_node`.
    pub(crate) stopped: std::collections::BTreeSet<i32>,
    /// Every group's committed offsets.
    pub(crate) offsets: groups::Offsets,
    /// Classic groups' members and generations.
    pub(crate) groups: BTreeMap<Str, Group>,
    /// Member ids handed out so far.
    member_ids: u64,
    /// Every transactional id's producer and transaction.
    pub(crate) transactions: txn::Transactions,
    /// KIP-848 consumer groups.
    pub(crate) consumer_groups: consumer_group::ConsumerGroups,
    /// The brokers' dynamic config defaults (AlterConfigs of broker `""`).
    pub(crate) broker_configs: configs::BrokerConfigs,
    /// When the next retention check is due on the logs' clock (0: not
    /// scheduled yet).
    next_retention_check: i64,
    /// Incremental fetch sessions (KIP-227).
    pub(crate) fetch_sessions: fetch_session::Sessions,
}

/// The cluster's brokers in memory: one state shared by every node and
/// connection; each node serves it on its own listener, as itself.
pub(crate) struct Broker {
    config: Arc<Config>,
    /// Every node's id and address, in id order (1, 2, ...).
    nodes: Vec<(i32, SocketAddr)>,
    state: Mutex<State>,
    next_id: AtomicU64,
    connections: AtomicU64,
    /// Woken by every append, for fetches waiting out `max_wait_ms`.
    pub(crate) appended: Notify,
    /// Woken by every change of a group's membership or phase, for joins
    /// and syncs waiting on the others.
    group_changed: Notify,
    /// Faults `Cluster::inject` and `inject_while` armed, in order.
    faults: Mutex<Vec<ArmedFault>>,
    /// The logs' clock: log-append times and retention by time.
    clock: LogClock,
}

/// Which requests `Cluster::inject_while` spoils.
pub(crate) type FaultPredicate = Box<dyn Fn(&RequestHeader, &RequestKind) -> bool + Send + Sync>;

/// A fault armed for an API: for the next `left` requests (`None`: for
/// as long as it is armed), those for which `when` holds (all, without).
struct ArmedFault {
    api: ApiKey,
    left: Option<u32>,
    when: Option<FaultPredicate>,
    fault: Fault,
}

impl Broker {
    /// The brokers of `nodes` (id and where each listens), which Metadata
    /// reports.
    pub(crate) fn new(config: Arc<Config>, nodes: Vec<(i32, SocketAddr)>) -> Arc<Self> {
        Arc::new(Broker {
            config,
            nodes,
            state: Mutex::default(),
            next_id: AtomicU64::new(1),
            connections: AtomicU64::new(0),
            appended: Notify::new(),
            group_changed: Notify::new(),
            faults: Mutex::default(),
            clock: LogClock::start(),
        })
    }

    /// Arms `fault` for the next `times` requests of `api` (`None`: every
    /// one) for which `when` holds, after those already armed for it.
    pub(crate) fn inject(
        &self,
        api: ApiKey,
        times: Option<u32>,
        when: Option<FaultPredicate>,
        fault: Fault,
    ) {
        let mut faults = self.faults.lock().unwrap_or_else(|e| e.into_inner());
        if times != Some(0) {
            faults.push(ArmedFault {
                api,
                left: times,
                when,
                fault,
            });
        }
    }

    /// Disarms every fault.
    pub(crate) fn clear_faults(&self) {
        self.faults
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// The first fault armed for this request, used up by one.
    fn take_fault(&self, header: &RequestHeader, request: &RequestKind) -> Option<Fault> {
        let mut faults = self.faults.lock().unwrap_or_else(|e| e.into_inner());
        let at = faults.iter().position(|f| {
            f.api.key() == header.api_key && f.when.as_ref().is_none_or(|w| w(header, request))
        })?;
        let armed = &mut faults[at];
        let fault = armed.fault;
        if let Some(left) = &mut armed.left {
            *left -= 1;
            if *left == 0 {
                faults.remove(at);
            }
        }
        Some(fault)
    }

    /// The bytes of batches `topic`'s `partition` holds.
    pub(crate) fn stored_bytes(&self, topic: &str, partition: i32) -> Option<usize> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let topic = state.topics.get(topic)?;
        let log = topic.logs.get(usize::try_from(partition).ok()?)?;
        Some(log.size())
    }

    /// The versions served of `key`, or `None` for an API the cluster lacks.
    fn served(&self, key: ApiKey) -> Option<VersionRange> {
        self.config.served(key)
    }

    /// Accepts connections until `stop` says true (or its sender is gone),
    /// then closes the listener and every connection, and returns.
    pub(crate) async fn serve(
        self: Arc<Self>,
        node: i32,
        listener: TcpListener,
        mut stop: watch::Receiver<bool>,
    ) {
        let mut connections = JoinSet::new();
        loop {
            let accepted = tokio::select! {
                _ = stop.wait_for(|stop| *stop) => break,
                // Reap the connections that ended, so that the set holds live ones.
                Some(_) = connections.join_next() => continue,
                accepted = listener.accept() => accepted,
            };
            let (stream, peer) = match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: wait instead of spinning.
                    eprintln!("accept: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let broker = Arc::clone(&self);
            connections.spawn(async move { broker.connection(node, stream, peer).await });
        }
        drop(listener);
        connections.shutdown().await;
    }

    /// Serves one connection of node `node` from `peer` until it ends.
    pub(crate) async fn connection<S>(&self, node: i32, stream: S, peer: SocketAddr)
    where
        S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    {
        let conn = self.connections.fetch_add(1, Ordering::Relaxed) + 1;
        let stream = match &self.config.request_budget {
            Some(budget) => tokio_util::either::Either::Right(budget.read(stream, MAX_FRAME)),
            None => tokio_util::either::Either::Left(stream),
        };
        // On a SASL listener, where the connection's authentication stands;
        // until it first succeeds, frames are held to Kafka's
        // sasl.server.max.receive.size.
        let mut sasl = self.config.sasl.clone().map(crate::sasl::Listener::new);
        let mut authenticated = sasl.is_none();
        let mut framed = match authenticated {
            true => Framed::new(stream, FrameCodec::new(MAX_FRAME)),
            false => Framed::new(stream, FrameCodec::new(kafka_wire_sasl::MAX_RECEIVE_SIZE)),
        };
        // Who the requests are from, for the authorizer: asked at the first.
        let mut session = None;
        while let Some(frame) = framed.next().await {
            let frame = match frame {
                Ok(frame) => frame,
                Err(e) => {
                    let before = match authenticated {
                        false => "before authentication (sasl.server.max.receive.size): ",
                        true => "",
                    };
                    let outcome = Outcome::Refused {
                        reason: format!("{before}{e}"),
                    };
                    self.note(node, conn, peer, None, &outcome);
                    return;
                }
            };
            let mut out = BytesMut::new();
            // Produce with acks 0 gets no answer.
            let mut silent = false;
            let served = |key| self.served(key);
            let (header, outcome) = match RequestKind::decode_frame_within(frame.clone(), served) {
                Ok((header, request)) => {
                    let version = header.api_version;
                    let request = match sasl.as_mut() {
                        None => request,
                        Some(listener) => {
                            let now = tokio::time::Instant::now().into_std();
                            let step = match listener.step(request, now) {
                                Ok(request) => Ok(request),
                                Err(Step::Answer {
                                    response,
                                    close,
                                    principal,
                                }) => {
                                    if let Some(principal) = principal {
                                        session = Some(authorizer::Session::named(principal, peer));
                                        if !authenticated {
                                            authenticated = true;
                                            *framed.codec_mut() = FrameCodec::new(MAX_FRAME);
                                        }
                                    }
                                    Err((Ok(*response), close))
                                }
                                Err(Step::Refuse(code, reason)) => Err((
                                    error_answer::error_answer(frame.clone(), code).map_err(
                                        |why| format!("{reason} (answer not built: {why})"),
                                    ),
                                    true,
                                )),
                                Err(Step::Close(reason)) => Err((Err(reason), true)),
                            };
                            match step {
                                Ok(request) => request,
                                Err((response, close)) => {
                                    let outcome = match response {
                                        Ok(response) => {
                                            self.encode_answer(&response, &header, &mut out)
                                        }
                                        Err(reason) => Outcome::Refused { reason },
                                    };
                                    self.note(node, conn, peer, Some(&header), &outcome);
                                    let answered = matches!(outcome, Outcome::Answered { .. });
                                    if answered && close {
                                        // Kafka's connection.failed.authentication.delay.ms.
                                        tokio::time::sleep(
                                            kafka_wire_sasl::FAILED_AUTHENTICATION_DELAY,
                                        )
                                        .await;
                                    }
                                    if answered {
                                        let _ = framed.send(out.freeze()).await;
                                    }
                                    if close || !answered {
                                        return;
                                    }
                                    continue;
                                }
                            }
                        }
                    };
                    silent = matches!(&request, RequestKind::Produce(p) if p.acks == 0);
                    // A follower's fetch counts in no client quota.
                    let follower = self.config.quotas.is_some()
                        && matches!(&request, RequestKind::Fetch(f)
                            if f.replica_id >= 0 || f.replica_state.replica_id >= 0);
                    let fault = self.take_fault(&header, &request);
                    let mut injected = None;
                    match fault {
                        Some(Fault::Disconnect) => {
                            let outcome = Outcome::Refused {
                                reason: "injected: connection dropped".into(),
                            };
                            self.note(node, conn, peer, Some(&header), &outcome);
                            return;
                        }
                        Some(Fault::Delay(delay)) => tokio::time::sleep(delay).await,
                        Some(Fault::Error(code)) => {
                            match error_answer::error_answer(frame.clone(), code) {
                                Ok(answer) => injected = Some(answer),
                                Err(why) => {
                                    let outcome = Outcome::Refused {
                                        reason: format!("injected error not built: {why}"),
                                    };
                                    self.note(node, conn, peer, Some(&header), &outcome);
                                    return;
                                }
                            }
                        }
                        None => {}
                    }
                    let mut finish = None;
                    let request = match (&self.config.authorizer, injected.is_some()) {
                        (None, _) | (_, true) => Some(request),
                        (Some(settings), false) => {
                            let session = session.get_or_insert_with(|| {
                                authorizer::Session::new(&self.config.principal_of, peer)
                            });
                            match self.authorize(settings, session, &header, &frame, request) {
                                Ok((request, f)) => {
                                    finish = f;
                                    Some(request)
                                }
                                Err(refused) => match *refused {
                                    Ok(answer) => {
                                        injected = Some(answer);
                                        None
                                    }
                                    Err(why) => {
                                        let outcome = Outcome::Refused {
                                            reason: format!("refusal not built: {why}"),
                                        };
                                        self.note(node, conn, peer, Some(&header), &outcome);
                                        return;
                                    }
                                },
                            }
                        }
                    };
                    let mut answer = match request {
                        None => injected,
                        Some(_) if injected.is_some() => injected,
                        Some(RequestKind::Fetch(r)) => {
                            Some(ResponseKind::Fetch(self.fetch(node, r, version).await))
                        }
                        Some(RequestKind::JoinGroup(r)) => {
                            let client = header.client_id.clone().unwrap_or_default();
                            Some(ResponseKind::JoinGroup(
                                self.join_group(node, r, version, &client, peer).await,
                            ))
                        }
                        Some(RequestKind::ConsumerGroupHeartbeat(r)) => {
                            let client = header.client_id.clone().unwrap_or_default();
                            let host = format!("/{}", peer.ip());
                            Some(ResponseKind::ConsumerGroupHeartbeat(
                                self.consumer_group_heartbeat(node, &r, version, (&client, &host)),
                            ))
                        }
                        Some(RequestKind::SyncGroup(r)) => {
                            Some(ResponseKind::SyncGroup(self.sync_group(node, r).await))
                        }
                        // With an authorizer, `session` was set by `authorize`.
                        Some(request) => self.handle(node, request, version, session.as_ref()),
                    };
                    if let (Some(finish), Some(answer), Some(settings), Some(session)) =
                        (finish, answer.as_mut(), &self.config.authorizer, &session)
                    {
                        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                        finish.apply(
                            answer,
                            &authorizer::Check::new(&state.acls, settings, session),
                        );
                    }
                    if let (Some(quotas), Some(answer)) = (&self.config.quotas, answer.as_mut()) {
                        let session = session.get_or_insert_with(|| {
                            authorizer::Session::new(&self.config.principal_of, peer)
                        });
                        throttle(quotas, session, &header, frame.len(), follower, answer);
                    }
                    let outcome = match answer {
                        None => Outcome::Refused {
                            reason: "not served".into(),
                        },
                        Some(response) => self.encode_answer(&response, &header, &mut out),
                    };
                    (Some(header), outcome)
                }
                Err(RequestFrameError::UnsupportedVersion { header, supported })
                    if header.api_key == ApiKey::ApiVersions.key() =>
                {
                    let answer = serve::encode_api_versions_unsupported_contents(
                        &mut out,
                        header.correlation_id,
                        supported,
                    );
                    match answer {
                        Ok(_) => (Some(header), Outcome::Unsupported { supported }),
                        Err(e) => {
                            let reason = format!("encode: {e}");
                            (Some(header), Outcome::Refused { reason })
                        }
                    }
                }
                Err(e) => {
                    let shown = &frame[..frame.len().min(64)];
                    let hex: String = shown.iter().map(|b| format!("{b:02x}")).collect();
                    let reason = format!("{e}; frame starts {hex}");
                    (e.header().cloned(), Outcome::Refused { reason })
                }
            };
            self.note(node, conn, peer, header.as_ref(), &outcome);
            if matches!(outcome, Outcome::Refused { .. }) {
                return;
            }
            if silent {
                continue;
            }
            if framed.send(out.freeze()).await.is_err() {
                return;
            }
        }
    }

    /// Writes `response` into `out` at the request's version under its
    /// correlation id: the outcome the request log records.
    fn encode_answer(
        &self,
        response: &ResponseKind,
        header: &RequestHeader,
        out: &mut BytesMut,
    ) -> Outcome {
        match response.encode_frame_contents(out, header.correlation_id, header.api_version) {
            Ok(_) => Outcome::Answered {
                errors: errors_of(response),
            },
            Err(e) => self.not_encoded(header, &e),
        }
    }

    /// The outcome of an answer the fake built but could not encode (a bug
    /// of the fake's, or a request echoing a name too long for its answer):
    /// the connection is closed, and the reason names the API, the version
    /// and the encoder's error, for the `on_request` hook, or on stderr
    /// when there is none (as a failed accept is reported).
    fn not_encoded(&self, header: &RequestHeader, e: &kafka_wire::EncodeError) -> Outcome {
        let api = ApiKey::from_i16(header.api_key)
            .map_or_else(|| format!("key{}", header.api_key), |k| k.name().to_owned());
        let reason = format!("answer not encoded: {api} v{}: {e}", header.api_version);
        if self.config.on_request.is_none() {
            eprintln!("kafka-fake: {reason}");
        }
        Outcome::Refused { reason }
    }

    /// The request checked against the ACLs for `session` (see
    /// `authorizer::gate`): what of it to handle and how to complete its
    /// answer, or `Err` with the answer that refuses it whole (or why that
    /// answer did not build).
    fn authorize(
        &self,
        settings: &authorizer::Settings,
        session: &authorizer::Session,
        header: &RequestHeader,
        frame: &bytes::Bytes,
        request: RequestKind,
    ) -> Result<(RequestKind, Option<authorizer::Finish>), authorizer::Refused> {
        let gated = {
            let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let check = authorizer::Check::new(&state.acls, settings, session);
            let auto_create = self.config.auto_create_topics;
            authorizer::gate(&check, &state, header, request, auto_create)
        };
        match gated {
            Gate::Pass(request, finish) => Ok((request, (!finish.is_empty()).then_some(finish))),
            Gate::Answer(answer) => Err(Box::new(Ok(*answer))),
            Gate::Refuse(code) => Err(Box::new(error_answer::error_answer(frame.clone(), code))),
        }
    }

    /// Hands the request's event to the `on_request` hook, if there is one.
    fn note(
        &self,
        node: i32,
        connection: u64,
        peer: SocketAddr,
        header: Option<&RequestHeader>,
        outcome: &Outcome,
    ) {
        if let Some(hook) = &self.config.on_request {
            hook(&RequestEvent {
                node,
                connection,
                peer,
                header,
                outcome,
            });
        }
    }

    /// JoinGroup: the member is added (a new one first gets its id with
    /// MEMBER_ID_REQUIRED, from v4, unless static) and a rebalance starts
    /// or goes on; the answer waits until it ends, on tokio's clock. A
    /// static member (KIP-345, v5+) whose instance is in the group takes
    /// the place of its old member id, without a rebalance when the group
    /// is Stable and its protocol would stay.
    async fn join_group(
        &self,
        node: i32,
        r: JoinGroupRequest,
        version: i16,
        client: &str,
        peer: SocketAddr,
    ) -> JoinGroupResponse {
        let refuse = |code: ErrorCode, member: Str| join_refusal(version, code, member);
        let member_id = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if self.coordinator(&state, &r.group_id).map(|(id, _)| id) != Some(node) {
                return refuse(ErrorCode::NotCoordinator, r.member_id);
            }
            if r.group_id.is_empty() {
                return refuse(ErrorCode::InvalidGroupId, r.member_id);
            }
            if !membership::SESSION_TIMEOUTS_MS.contains(&r.session_timeout_ms) {
                return refuse(ErrorCode::InvalidSessionTimeout, r.member_id);
            }
            state.member_ids += 1;
            let instance = r.group_instance_id.clone().filter(|_| version >= 5);
            // Kafka names a static member after its instance, a dynamic one
            // after its client.
            let fresh: Str = match &instance {
                Some(instance) => format!("{instance}-{:016x}", state.member_ids).into(),
                None => format!("{client}-{:016x}", state.member_ids).into(),
            };
            let now = tokio::time::Instant::now();
            let group = state.groups.entry(r.group_id.clone()).or_default();
            group.expire(now);
            let protocols: Vec<(Str, bytes::Bytes)> = r
                .protocols
                .iter()
                .map(|p| (p.name.clone(), p.metadata.clone()))
                .collect();
            let rebalance_ms = if r.rebalance_timeout_ms < 0 {
                r.session_timeout_ms
            } else {
                r.rebalance_timeout_ms
            };
            let rebalance_timeout = Duration::from_millis(u64::try_from(rebalance_ms).unwrap_or(0));
            let session_timeout =
                Duration::from_millis(u64::try_from(r.session_timeout_ms).unwrap_or(0));
            let returning = match &instance {
                Some(instance) if r.member_id.is_empty() => group.static_member(instance).cloned(),
                _ => None,
            };
            if let Some(old) = returning {
                // KIP-345: the instance joins again under a new member id.
                if !group.accepts(&old, &r.protocol_type, &protocols) {
                    return refuse(ErrorCode::InconsistentGroupProtocol, r.member_id);
                }
                let leader = group.leader.clone().unwrap_or_default();
                let protocol_before = group.protocol.clone();
                let member = group
                    .replace_static_member(&old, fresh.clone())
                    .expect("the instance's member is in the group");
                member.protocols = protocols;
                member.session_timeout = session_timeout;
                member.rebalance_timeout = rebalance_timeout;
                member.client_id = client.into();
                member.client_host = format!("/{}", peer.ip()).into();
                member.last_seen = now;
                match group.phase {
                    Phase::Stable if group.select_protocol() == protocol_before => {
                        // No rebalance: the old leader is named, so that the
                        // new member id does not think itself the leader.
                        self.group_changed.notify_waiters();
                        return JoinGroupResponse {
                            generation_id: group.generation,
                            protocol_type: group.protocol_type.clone(),
                            protocol_name: protocol_before,
                            leader,
                            member_id: fresh,
                            ..Default::default()
                        };
                    }
                    Phase::PreparingRebalance(_) => {}
                    _ => group.prepare_rebalance(now),
                }
                if let Some(member) = group.members.get_mut(&fresh) {
                    member.rejoined = true;
                }
                group.try_complete(now);
                self.group_changed.notify_waiters();
                fresh
            } else {
                let member_id = if r.member_id.is_empty() {
                    if version >= 4 && instance.is_none() {
                        group.pending.insert(fresh.clone());
                        return refuse(ErrorCode::MemberIdRequired, fresh);
                    }
                    fresh
                } else if let Some(instance) = &instance {
                    // Kafka's `isStaticMemberFenced`, then an unknown member.
                    if group
                        .static_member(instance)
                        .is_some_and(|m| *m != r.member_id)
                    {
                        return refuse(ErrorCode::FencedInstanceId, r.member_id);
                    }
                    if !group.members.contains_key(&r.member_id) {
                        return refuse(ErrorCode::UnknownMemberId, r.member_id);
                    }
                    r.member_id.clone()
                } else if group.members.contains_key(&r.member_id)
                    || group.pending.contains(&r.member_id)
                {
                    r.member_id.clone()
                } else {
                    return refuse(ErrorCode::UnknownMemberId, r.member_id);
                };
                if !group.accepts(&member_id, &r.protocol_type, &protocols) {
                    return refuse(ErrorCode::InconsistentGroupProtocol, member_id);
                }
                group.pending.remove(&member_id);
                group.protocol_type = Some(r.protocol_type.clone());
                // Any join, a new member's or a known one's, rebalances the group.
                group.prepare_rebalance(now);
                group.members.insert(
                    member_id.clone(),
                    Member {
                        instance_id: instance,
                        client_id: client.into(),
                        client_host: format!("/{}", peer.ip()).into(),
                        session_timeout,
                        rebalance_timeout,
                        protocols,
                        rejoined: true,
                        last_seen: now,
                    },
                );
                if let Phase::PreparingRebalance(deadline) = group.phase {
                    // The new member may extend the wait to its own timeout.
                    group.phase = Phase::PreparingRebalance(deadline.max(now + rebalance_timeout));
                }
                group.try_complete(now);
                self.group_changed.notify_waiters();
                member_id
            }
        };
        self.await_join(&r, version, member_id).await
    }

    /// The answer to a join of `member_id` once its rebalance ends (or the
    /// refusal that ends its wait: FENCED_INSTANCE_ID when its static
    /// instance joined again under another id).
    async fn await_join(
        &self,
        r: &JoinGroupRequest,
        version: i16,
        member_id: Str,
    ) -> JoinGroupResponse {
        let refuse = |code: ErrorCode, member: Str| join_refusal(version, code, member);
        let instance = r.group_instance_id.as_ref().filter(|_| version >= 5);
        loop {
            let changed = self.group_changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            let deadline = {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                let now = tokio::time::Instant::now();
                let Some(group) = state.groups.get_mut(&r.group_id) else {
                    return refuse(ErrorCode::UnknownMemberId, member_id);
                };
                if group.try_complete(now) {
                    self.group_changed.notify_waiters();
                }
                if let Err(code) = group.validate_member(&member_id, instance) {
                    return refuse(code, member_id);
                }
                let Some(member) = group.members.get(&member_id) else {
                    return refuse(ErrorCode::UnknownMemberId, member_id);
                };
                match group.phase {
                    Phase::PreparingRebalance(deadline) if member.rejoined => deadline,
                    Phase::PreparingRebalance(_) => {
                        return refuse(ErrorCode::RebalanceInProgress, member_id)
                    }
                    Phase::Empty => return refuse(ErrorCode::UnknownMemberId, member_id),
                    Phase::CompletingRebalance | Phase::Stable => {
                        let leader = group.leader.clone().unwrap_or_default();
                        let protocol = group.protocol.clone().unwrap_or_default();
                        let members = if leader == member_id {
                            group
                                .members
                                .iter()
                                .map(|(id, m)| join_group::JoinGroupResponseMember {
                                    member_id: id.clone(),
                                    group_instance_id: m.instance_id.clone(),
                                    metadata: m
                                        .protocols
                                        .iter()
                                        .find(|(n, _)| *n == protocol)
                                        .map(|(_, meta)| meta.clone())
                                        .unwrap_or_default(),
                                    ..Default::default()
                                })
                                .collect()
                        } else {
                            Vec::new()
                        };
                        return JoinGroupResponse {
                            generation_id: group.generation,
                            protocol_type: group.protocol_type.clone(),
                            protocol_name: Some(protocol),
                            leader,
                            member_id,
                            members,
                            ..Default::default()
                        };
                    }
                }
            };
            let _ = tokio::time::timeout_at(deadline, changed).await;
        }
    }

    /// ConsumerGroupHeartbeat (KIP-848), on the group's coordinator.
    fn consumer_group_heartbeat(
        &self,
        node: i32,
        r: &ConsumerGroupHeartbeatRequest,
        version: i16,
        client: (&str, &str),
    ) -> ConsumerGroupHeartbeatResponse {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let here = self.coordinator(&state, &r.group_id).map(|(id, _)| id) == Some(node);
        let new_id = || Str::from(self.new_uuid().to_string());
        let max_size = self.config.consumer_group_max_size;
        consumer_group::heartbeat(&mut state, here, r, version, client, new_id, max_size)
    }

    /// SyncGroup: the leader's assignments are kept and every member's
    /// answer is its own, once the leader has sent them (on tokio's clock,
    /// at most the member's rebalance timeout).
    async fn sync_group(&self, node: i32, r: SyncGroupRequest) -> SyncGroupResponse {
        let refuse = |code: ErrorCode| SyncGroupResponse {
            error_code: code.code(),
            ..Default::default()
        };
        let deadline = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if self.coordinator(&state, &r.group_id).map(|(id, _)| id) != Some(node) {
                return refuse(ErrorCode::NotCoordinator);
            }
            let now = tokio::time::Instant::now();
            let Some(group) = state.groups.get_mut(&r.group_id) else {
                return refuse(ErrorCode::UnknownMemberId);
            };
            group.expire(now);
            if let Err(code) =
                group.check_member(&r.member_id, r.group_instance_id.as_ref(), r.generation_id)
            {
                return refuse(code);
            }
            if matches!(group.phase, Phase::PreparingRebalance(_)) {
                return refuse(ErrorCode::RebalanceInProgress);
            }
            let wrong = |given: &Option<Str>, have: &Option<Str>| {
                given.as_ref().is_some_and(|g| Some(g) != have.as_ref())
            };
            if wrong(&r.protocol_type, &group.protocol_type)
                || wrong(&r.protocol_name, &group.protocol)
            {
                return refuse(ErrorCode::InconsistentGroupProtocol);
            }
            let member = group.members.get_mut(&r.member_id).expect("checked above");
            member.last_seen = now;
            let deadline = now + member.rebalance_timeout;
            if group.leader.as_ref() == Some(&r.member_id)
                && group.phase == Phase::CompletingRebalance
            {
                group.assignments = r
                    .assignments
                    .iter()
                    .map(|a| (a.member_id.clone(), a.assignment.clone()))
                    .collect();
                group.phase = Phase::Stable;
                self.group_changed.notify_waiters();
            }
            deadline
        };
        loop {
            let changed = self.group_changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            {
                let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                let Some(group) = state.groups.get(&r.group_id) else {
                    return refuse(ErrorCode::UnknownMemberId);
                };
                if let Err(code) =
                    group.check_member(&r.member_id, r.group_instance_id.as_ref(), r.generation_id)
                {
                    return refuse(code);
                }
                match group.phase {
                    Phase::Stable => {
                        return SyncGroupResponse {
                            protocol_type: group.protocol_type.clone(),
                            protocol_name: group.protocol.clone(),
                            assignment: group
                                .assignments
                                .get(&r.member_id)
                                .cloned()
                                .unwrap_or_default(),
                            ..Default::default()
                        }
                    }
                    Phase::CompletingRebalance if tokio::time::Instant::now() < deadline => {}
                    _ => return refuse(ErrorCode::RebalanceInProgress),
                }
            }
            let _ = tokio::time::timeout_at(deadline, changed).await;
        }
    }

    /// Heartbeat: the member is alive; REBALANCE_IN_PROGRESS tells it to
    /// join again.
    fn heartbeat(&self, state: &mut State, node: i32, r: HeartbeatRequest) -> HeartbeatResponse {
        let code = (|| {
            if self.coordinator(state, &r.group_id).map(|(id, _)| id) != Some(node) {
                return ErrorCode::NotCoordinator;
            }
            let now = tokio::time::Instant::now();
            let Some(group) = state.groups.get_mut(&r.group_id) else {
                return ErrorCode::UnknownMemberId;
            };
            group.expire(now);
            if group.try_complete(now) {
                self.group_changed.notify_waiters();
            }
            if let Err(code) =
                group.check_member(&r.member_id, r.group_instance_id.as_ref(), r.generation_id)
            {
                return code;
            }
            if let Some(m) = group.members.get_mut(&r.member_id) {
                m.last_seen = now;
            }
            match group.phase {
                Phase::PreparingRebalance(_) => ErrorCode::RebalanceInProgress,
                _ => ErrorCode::None,
            }
        })();
        HeartbeatResponse {
            error_code: code.code(),
            ..Default::default()
        }
    }

    /// LeaveGroup: the members go, and the others rebalance.
    fn leave_group(
        &self,
        state: &mut State,
        node: i32,
        r: LeaveGroupRequest,
        version: i16,
    ) -> LeaveGroupResponse {
        if self.coordinator(state, &r.group_id).map(|(id, _)| id) != Some(node) {
            return LeaveGroupResponse {
                error_code: ErrorCode::NotCoordinator.code(),
                ..Default::default()
            };
        }
        let leaving: Vec<(Str, Option<Str>)> = if version >= 3 {
            r.members
                .iter()
                .map(|m| (m.member_id.clone(), m.group_instance_id.clone()))
                .collect()
        } else {
            vec![(r.member_id.clone(), None)]
        };
        let now = tokio::time::Instant::now();
        let group = state.groups.get_mut(&r.group_id);
        let mut results = Vec::new();
        let mut group_error = ErrorCode::None;
        match group {
            None => group_error = ErrorCode::UnknownMemberId,
            Some(group) => {
                let before = group.members.len();
                for (id, instance) in leaving {
                    let code = leave_member(group, &id, instance.as_ref());
                    if code != ErrorCode::None && version < 3 {
                        group_error = code;
                    }
                    results.push(leave_group::MemberResponse {
                        member_id: id,
                        group_instance_id: instance,
                        error_code: code.code(),
                        ..Default::default()
                    });
                }
                // A pending member's leave changes no generation.
                if group.members.len() != before {
                    group.remove_changed(now);
                    group.try_complete(now);
                    self.group_changed.notify_waiters();
                }
            }
        }
        LeaveGroupResponse {
            error_code: group_error.code(),
            members: if version >= 3 { results } else { Vec::new() },
            ..Default::default()
        }
    }

    /// Kafka's retention check, when one is due: the first 30 s after the
    /// cluster starts, then every 5 min (`log.retention.check.interval.ms`)
    /// on the logs' clock; batches past their topic's retention go. Run
    /// before a request reads the logs, as Kafka's log manager runs it on a
    /// timer.
    fn check_retention(&self, state: &mut State) {
        if state.next_retention_check == 0 {
            state.next_retention_check = self.clock.started_ms() + RETENTION_CHECK_DELAY_MS;
        }
        let now_ms = self.clock.now_ms();
        if now_ms < state.next_retention_check {
            return;
        }
        // The last check due runs as at its time, as Kafka's timer would
        // have run it.
        let behind = (now_ms - state.next_retention_check) / RETENTION_CHECK_INTERVAL_MS;
        let due = state.next_retention_check + behind * RETENTION_CHECK_INTERVAL_MS;
        state.next_retention_check = due + RETENTION_CHECK_INTERVAL_MS;
        if data::apply_retention(state, due) {
            self.appended.notify_waiters();
        }
    }

    /// The answer to a Fetch, in its fetch session if it has one: at once
    /// when `min_bytes` are there or an error is, else when an append
    /// brings them or `max_wait_ms` passes (on tokio's clock, so a paused
    /// test clock holds it).
    async fn fetch(&self, node: i32, r: FetchRequest, version: i16) -> FetchResponse {
        let resolved = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            state.fetch_sessions.resolve(node, r, version)
        };
        let (r, session) = match resolved {
            Ok(resolved) => resolved,
            Err(code) => {
                return FetchResponse {
                    error_code: code.code(),
                    ..Default::default()
                }
            }
        };
        let mut response = self.read_fetch(node, r, version).await;
        if let Some(session) = session {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            state.fetch_sessions.answer(session, &mut response, version);
        }
        response
    }

    /// The partitions of a Fetch read, at once when `min_bytes` are there
    /// or an error is, else when an append brings them or `max_wait_ms`
    /// passes.
    async fn read_fetch(&self, node: i32, r: FetchRequest, version: i16) -> FetchResponse {
        let wait = u64::try_from(r.max_wait_ms).unwrap_or(0);
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(wait);
        loop {
            // Registered before the state is read, so no append is missed.
            let appended = self.appended.notified();
            tokio::pin!(appended);
            appended.as_mut().enable();
            let (response, ready) = {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                txn::expire(&mut state, tokio::time::Instant::now());
                self.check_retention(&mut state);
                data::fetch(&state, node, self.endpoints(), &r, version)
            };
            if ready || tokio::time::Instant::now() >= deadline {
                return response;
            }
            if tokio::time::timeout_at(deadline, appended).await.is_err() {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                txn::expire(&mut state, tokio::time::Instant::now());
                self.check_retention(&mut state);
                return data::fetch(&state, node, self.endpoints(), &r, version).0;
            }
        }
    }

    /// The answer to a decoded request at `version` from `session` (the
    /// connection's, for the APIs whose handler checks the ACLs itself), or
    /// `None` for an API the cluster does not serve.
    fn handle(
        &self,
        node: i32,
        request: RequestKind,
        version: i16,
        session: Option<&authorizer::Session>,
    ) -> Option<ResponseKind> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        // Transactions past their timeout are aborted before anything
        // reads the logs (Kafka's coordinator does it on a timer).
        if txn::expire(&mut state, tokio::time::Instant::now()) {
            self.appended.notify_waiters();
        }
        self.check_retention(&mut state);
        let now_ms = self.clock.now_ms();
        let coordinates =
            |state: &State, key: &Str| self.coordinator(state, key).map(|(id, _)| id) == Some(node);
        Some(match request {
            RequestKind::ApiVersions(_) => ResponseKind::ApiVersions(self.api_versions()),
            // What reaches here is past any SASL listener's exchange: a
            // listener without SASL, or a connection authenticated already.
            // Kafka's KafkaApis answers both so.
            RequestKind::SaslHandshake(_) => ResponseKind::SaslHandshake(SaslHandshakeResponse {
                error_code: ErrorCode::IllegalSaslState.code(),
                ..Default::default()
            }),
            RequestKind::SaslAuthenticate(_) => {
                ResponseKind::SaslAuthenticate(SaslAuthenticateResponse {
                    error_code: ErrorCode::IllegalSaslState.code(),
                    error_message: Some(
                        "SaslAuthenticate request received after successful authentication".into(),
                    ),
                    ..Default::default()
                })
            }
            RequestKind::Metadata(r) => {
                // Kafka's auto.create.topics.enable, which the request may
                // decline from v4.
                if self.config.auto_create_topics && (version < 4 || r.allow_auto_topic_creation) {
                    let missing: Vec<CreatableTopic> = r
                        .topics
                        .iter()
                        .flatten()
                        .filter_map(|t| t.name.clone())
                        .filter(|n| !state.topics.contains_key(n) && check_topic_name(n).is_ok())
                        .map(|name| CreatableTopic {
                            name,
                            num_partitions: -1,
                            replication_factor: -1,
                            ..Default::default()
                        })
                        .collect();
                    if !missing.is_empty() {
                        let create = CreateTopicsRequest {
                            topics: missing,
                            ..Default::default()
                        };
                        self.create_topics(&mut state, create, 7);
                    }
                }
                ResponseKind::Metadata(self.metadata(&state, r, version))
            }
            RequestKind::DescribeTopicPartitions(r) => {
                // Kafka's handler checks DESCRIBE on each topic as it pages,
                // so the refused ones count in no limit: it is done here.
                let check =
                    (self.config.authorizer.as_ref().zip(session)).map(|(settings, session)| {
                        authorizer::Check::new(&state.acls, settings, session)
                    });
                let view = |t: &Topic, p: i32| self.partition_view(&state, t, p);
                ResponseKind::DescribeTopicPartitions(topic_partitions::describe_topic_partitions(
                    &state,
                    &r,
                    &view,
                    check.as_ref(),
                ))
            }
            RequestKind::CreateTopics(r) => {
                ResponseKind::CreateTopics(self.create_topics(&mut state, r, version))
            }
            RequestKind::DeleteTopics(r) => {
                ResponseKind::DeleteTopics(delete_topics(&mut state, r, version))
            }
            RequestKind::CreatePartitions(r) => {
                ResponseKind::CreatePartitions(create_partitions(self, &mut state, r))
            }
            RequestKind::DescribeConfigs(r) => {
                let view = configs::View {
                    topics: &state.topics,
                    brokers: &state.broker_configs,
                    node,
                    auto_create_topics: self.config.auto_create_topics,
                };
                ResponseKind::DescribeConfigs(configs::describe_configs(&view, &r, version))
            }
            RequestKind::AlterConfigs(r) => {
                ResponseKind::AlterConfigs(configs::alter_configs(&mut state, node, &r))
            }
            RequestKind::IncrementalAlterConfigs(r) => ResponseKind::IncrementalAlterConfigs(
                configs::incremental_alter_configs(&mut state, node, &r),
            ),
            RequestKind::DescribeClientQuotas(r) => {
                ResponseKind::DescribeClientQuotas(self.config.quotas.as_ref().map_or_else(
                    || crate::quota::Quotas::new(Vec::new()).describe(&r),
                    |q| q.describe(&r),
                ))
            }
            RequestKind::AlterClientQuotas(r) => {
                ResponseKind::AlterClientQuotas(self.config.quotas.as_ref().map_or_else(
                    || crate::quota::Quotas::new(Vec::new()).alter(&r),
                    |q| q.alter(&r),
                ))
            }
            RequestKind::CreateAcls(r) => ResponseKind::CreateAcls(create_acls(&mut state, r)),
            RequestKind::DescribeAcls(r) => ResponseKind::DescribeAcls(describe_acls(&state, r)),
            RequestKind::DeleteAcls(r) => ResponseKind::DeleteAcls(delete_acls(&mut state, r)),
            RequestKind::Produce(r) => {
                let response =
                    data::produce(&mut state, node, self.endpoints(), r, version, now_ms);
                self.appended.notify_waiters();
                ResponseKind::Produce(response)
            }
            RequestKind::ListOffsets(r) => {
                ResponseKind::ListOffsets(data::list_offsets(&state, node, r, version))
            }
            RequestKind::DeleteRecords(r) => {
                ResponseKind::DeleteRecords(data::delete_records(&mut state, node, r))
            }
            RequestKind::Heartbeat(r) => {
                ResponseKind::Heartbeat(self.heartbeat(&mut state, node, r))
            }
            RequestKind::LeaveGroup(r) => {
                ResponseKind::LeaveGroup(self.leave_group(&mut state, node, r, version))
            }
            RequestKind::FindCoordinator(r) => {
                ResponseKind::FindCoordinator(self.find_coordinator(&state, r, version))
            }
            RequestKind::OffsetCommit(r) => {
                let coordinates =
                    self.coordinator(&state, &r.group_id).map(|(id, _)| id) == Some(node);
                ResponseKind::OffsetCommit(groups::offset_commit(
                    &mut state,
                    coordinates,
                    r,
                    version,
                ))
            }
            RequestKind::OffsetFetch(r) => {
                let coordinates =
                    |g: &Str| self.coordinator(&state, g).map(|(id, _)| id) == Some(node);
                ResponseKind::OffsetFetch(groups::offset_fetch(&state, &coordinates, r, version))
            }
            RequestKind::DescribeCluster(r) => {
                ResponseKind::DescribeCluster(self.describe_cluster(&state, r))
            }
            RequestKind::InitProducerId(r) => match r.transactional_id.clone() {
                Some(id) if !coordinates(&state, &id) => {
                    ResponseKind::InitProducerId(InitProducerIdResponse {
                        error_code: ErrorCode::NotCoordinator.code(),
                        producer_id: -1,
                        producer_epoch: -1,
                        ..Default::default()
                    })
                }
                Some(id) => {
                    let (answer, wrote) = txn::init_producer_id(&mut state, &id, &r, version);
                    if wrote {
                        self.appended.notify_waiters();
                    }
                    ResponseKind::InitProducerId(answer)
                }
                None => ResponseKind::InitProducerId(data::init_producer_id(&mut state, r)),
            },
            RequestKind::AddPartitionsToTxn(r) => ResponseKind::AddPartitionsToTxn(
                txn::add_partitions_to_txn(&mut state, &coordinates, r, version),
            ),
            RequestKind::AddOffsetsToTxn(r) => {
                let here = coordinates(&state, &r.transactional_id);
                ResponseKind::AddOffsetsToTxn(txn::add_offsets_to_txn(&mut state, here, r, version))
            }
            RequestKind::TxnOffsetCommit(r) => {
                let here = coordinates(&state, &r.group_id);
                ResponseKind::TxnOffsetCommit(txn::txn_offset_commit(&mut state, here, r, version))
            }
            RequestKind::EndTxn(r) => {
                let here = coordinates(&state, &r.transactional_id);
                let (answer, wrote) = txn::end_txn(&mut state, here, r, version);
                if wrote {
                    self.appended.notify_waiters();
                }
                ResponseKind::EndTxn(answer)
            }
            RequestKind::ListTransactions(r) => ResponseKind::ListTransactions(
                txn::list_transactions(&state, &|id| coordinates(&state, id), &r),
            ),
            RequestKind::ConsumerGroupDescribe(r) => ResponseKind::ConsumerGroupDescribe(
                consumer_group::describe(&state, &|id| coordinates(&state, id), &r),
            ),
            RequestKind::ListGroups(r) => ResponseKind::ListGroups(group_admin::list_groups(
                &state,
                &|id| coordinates(&state, id),
                &r,
            )),
            RequestKind::DescribeGroups(r) => ResponseKind::DescribeGroups(
                group_admin::describe_groups(&state, &|id| coordinates(&state, id), &r, version),
            ),
            RequestKind::DeleteGroups(r) => {
                ResponseKind::DeleteGroups(group_admin::delete_groups(&mut state, &coordinates, &r))
            }
            RequestKind::OffsetDelete(r) => {
                let here = coordinates(&state, &r.group_id);
                ResponseKind::OffsetDelete(group_admin::offset_delete(&mut state, here, r))
            }
            RequestKind::DescribeTransactions(r) => ResponseKind::DescribeTransactions(
                txn::describe_transactions(&state, &|id| coordinates(&state, id), &r),
            ),
            // decode_frame_within already refuses what `served` does not list.
            _ => return None,
        })
    }

    fn api_versions(&self) -> ApiVersionsResponse {
        let mut api_keys: Vec<ApiVersion> = SERVED_APIS
            .iter()
            .filter_map(|&key| {
                let r = self.served(key)?;
                // Kafka 4.x advertises Produce from v0 for librdkafka's
                // sake (KAFKA-18659) and closes the connection on v0-2, as
                // the fake does on a version it does not serve.
                let produce_from_0 =
                    key == ApiKey::Produce && self.config.release == Release::Latest;
                Some(ApiVersion {
                    api_key: key.key(),
                    min_version: if produce_from_0 { 0 } else { r.lowest()? },
                    max_version: r.highest()?,
                    ..Default::default()
                })
            })
            .collect();
        // Kafka lists them by key.
        api_keys.sort_by_key(|v| v.api_key);
        ApiVersionsResponse {
            api_keys,
            ..Default::default()
        }
    }

    /// Partition `p` of `t` as Metadata and DescribeTopicPartitions show
    /// it: its leader, its replicas, the running ones (the ISR: Kafka's
    /// controller drops a fenced broker from it) and the stopped ones (a
    /// fenced broker's, which Kafka lists as offline).
    pub(crate) fn partition_view(&self, state: &State, t: &Topic, p: i32) -> PartitionView {
        let replicas = self.replicas(t, p);
        let (isr, offline) = replicas.iter().partition(|n| !state.stopped.contains(n));
        let leader = usize::try_from(p)
            .ok()
            .and_then(|i| t.leaders.get(i))
            .copied()
            .unwrap_or(Leader { node: -1, epoch: 0 });
        PartitionView {
            leader,
            replicas,
            isr,
            offline,
        }
    }

    fn metadata(&self, state: &State, r: MetadataRequest, version: i16) -> MetadataResponse {
        let topic = |name: &Str, t: &Topic| MetadataResponseTopic {
            name: Some(name.clone()),
            topic_id: t.id,
            partitions: (0..t.partitions)
                .map(|p| {
                    let view = self.partition_view(state, t, p);
                    MetadataResponsePartition {
                        error_code: if view.leader.node < 0 {
                            ErrorCode::LeaderNotAvailable.code()
                        } else {
                            0
                        },
                        partition_index: p,
                        leader_id: view.leader.node,
                        leader_epoch: view.leader.epoch,
                        replica_nodes: view.replicas.into(),
                        isr_nodes: view.isr.into(),
                        offline_replicas: view.offline.into(),
                        ..Default::default()
                    }
                })
                .collect(),
            ..Default::default()
        };
        // Authorized operations (KIP-430), as without an authorizer: every
        // operation supported (`.authorizer(true)` narrows them to the
        // ACLs'); a topic by a name, found or not, gets its own; an
        // unknown topic id none.
        let topic_ops = version >= 8 && r.include_topic_authorized_operations;
        let cluster_ops = (8..=10).contains(&version) && r.include_cluster_authorized_operations;
        // v0: an empty list means every topic; v1+: null does.
        let wanted = match r.topics {
            Some(t) if !(t.is_empty() && version == 0) => Some(t),
            _ => None,
        };
        let topics = match wanted {
            None => state.topics.iter().map(|(n, t)| topic(n, t)).collect(),
            Some(wanted) => wanted
                .iter()
                .map(|w| {
                    let found = match &w.name {
                        Some(name) => state.topics.get_key_value(name),
                        None => state.topics.iter().find(|(_, t)| t.id == w.topic_id),
                    };
                    match (found, &w.name) {
                        (Some((n, t)), _) => topic(n, t),
                        (None, Some(name)) => MetadataResponseTopic {
                            error_code: ErrorCode::UnknownTopicOrPartition.code(),
                            name: Some(name.clone()),
                            ..Default::default()
                        },
                        (None, None) => MetadataResponseTopic {
                            error_code: ErrorCode::UnknownTopicId.code(),
                            name: None,
                            topic_id: w.topic_id,
                            ..Default::default()
                        },
                    }
                })
                .collect(),
        };
        let mut topics: Vec<MetadataResponseTopic> = topics;
        if topic_ops {
            for t in &mut topics {
                if let Some(name) = &t.name {
                    t.topic_authorized_operations =
                        authorizer::authorized_operations(None, ResourceType::Topic, name);
                }
            }
        }
        MetadataResponse {
            cluster_authorized_operations: if cluster_ops {
                authorizer::cluster_operations(None)
            } else {
                i32::MIN
            },
            brokers: self
                .live_nodes(state)
                .map(|(id, addr)| MetadataResponseBroker {
                    node_id: id,
                    host: addr.ip().to_string().into(),
                    port: i32::from(addr.port()),
                    rack: None,
                    ..Default::default()
                })
                .collect(),
            cluster_id: Some(self.config.cluster_id.as_str().into()),
            controller_id: CONTROLLER_ID,
            topics,
            ..Default::default()
        }
    }

    fn create_topics(
        &self,
        state: &mut State,
        r: CreateTopicsRequest,
        version: i16,
    ) -> CreateTopicsResponse {
        // Kafka's controller refuses a request of more than 10,000
        // partitions in all, every topic of it (and so no request makes the
        // fake allocate a log per partition of an untrusted count).
        let total: i64 = r
            .topics
            .iter()
            .map(|t| match (t.assignments.len(), t.num_partitions) {
                (0, -1) => i64::from(DEFAULT_PARTITIONS),
                (0, n) => i64::from(n.max(0)),
                (n, _) => i64::try_from(n).unwrap_or(i64::MAX),
            })
            .sum();
        if total > MAX_PARTITIONS_PER_REQUEST {
            let topics = r
                .topics
                .iter()
                .map(|t| CreatableTopicResult {
                    name: t.name.clone(),
                    error_code: ErrorCode::PolicyViolation.code(),
                    error_message: Some(EXCESSIVE_PARTITIONS.into()),
                    ..Default::default()
                })
                .collect();
            return CreateTopicsResponse {
                topics,
                ..Default::default()
            };
        }
        // One result per name, as Kafka keys them: a name given twice is one
        // INVALID_REQUEST.
        let counts = name_counts(r.topics.iter().map(|t| &t.name));
        let mut seen = std::collections::HashSet::new();
        let topics = r
            .topics
            .iter()
            .filter(|t| seen.insert(&t.name))
            .map(|t| {
                let duplicate = counts[&t.name] > 1;
                let mut result = CreatableTopicResult {
                    name: t.name.clone(),
                    error_message: None,
                    ..Default::default()
                };
                let checked = if duplicate {
                    Err((
                        ErrorCode::InvalidRequest,
                        "Duplicate topic name.".to_owned(),
                    ))
                } else {
                    check_new_topic(state, t, &self.node_ids())
                };
                let checked = checked.and_then(|layout| {
                    for c in &t.configs {
                        configs::check_topic_config(&c.name, c.value.as_deref())?;
                    }
                    Ok(layout)
                });
                match checked {
                    Err((code, message)) => {
                        result.error_code = code.code();
                        result.error_message = Some(message.into());
                    }
                    Ok((partitions, replication)) => {
                        let overrides: BTreeMap<String, String> = t
                            .configs
                            .iter()
                            .filter_map(|c| {
                                Some((c.name.to_string(), c.value.as_deref()?.to_owned()))
                            })
                            .collect();
                        let topic = Topic {
                            id: self.new_uuid(),
                            partitions,
                            settings: configs::TopicSettings::of(&overrides, &state.broker_configs),
                            configs: overrides,
                            logs: (0..partitions).map(|_| PartitionLog::default()).collect(),
                            leaders: (0..partitions)
                                .map(|p| self.first_leader(state.created, p))
                                .collect(),
                            replication,
                            spread: state.created,
                        };
                        if version >= 5 {
                            result.num_partitions = partitions;
                            result.replication_factor = replication;
                            // Every config of the topic, as DescribeConfigs
                            // lists them (KIP-525), by name as Kafka sorts
                            // them.
                            let mut described =
                                configs::describe_topic(&topic.configs, &state.broker_configs);
                            described.sort_by_key(|d| d.name);
                            result.configs = Some(
                                described
                                    .into_iter()
                                    .map(|d| CreatableTopicConfigs {
                                        name: d.name.into(),
                                        value: Some(d.value.into()),
                                        read_only: false,
                                        config_source: d.source.code(),
                                        is_sensitive: false,
                                        ..Default::default()
                                    })
                                    .collect(),
                            );
                        }
                        if version >= 7 {
                            result.topic_id = topic.id;
                        }
                        if !r.validate_only {
                            state.topics.insert(t.name.clone(), topic);
                            state.created += 1;
                        }
                    }
                }
                result
            })
            .collect();
        CreateTopicsResponse {
            topics,
            ..Default::default()
        }
    }

    /// Every node's id, in order.
    pub(crate) fn node_ids(&self) -> Vec<i32> {
        self.nodes.iter().map(|&(id, _)| id).collect()
    }

    /// The nodes not stopped, with their addresses.
    fn live_nodes<'a>(&'a self, state: &'a State) -> impl Iterator<Item = (i32, SocketAddr)> + 'a {
        self.nodes
            .iter()
            .copied()
            .filter(|(id, _)| !state.stopped.contains(id))
    }

    /// Every node's id and address, for the leader hints of KIP-951.
    pub(crate) fn endpoints(&self) -> &[(i32, SocketAddr)] {
        &self.nodes
    }

    /// Where partition `p` of the `k`-th topic created leads first: spread
    /// round robin, each topic starting one node on.
    fn first_leader(&self, k: usize, p: i32) -> Leader {
        let n = self.nodes.len();
        let at = (k + usize::try_from(p).unwrap_or(0)) % n;
        Leader {
            node: self.nodes[at].0,
            epoch: 0,
        }
    }

    /// The nodes holding partition `p` of `t`: its first leader and the
    /// `replication - 1` nodes after it.
    pub(crate) fn replicas(&self, t: &Topic, p: i32) -> Vec<i32> {
        let n = self.nodes.len();
        let start = (t.spread + usize::try_from(p).unwrap_or(0)) % n;
        let count = usize::try_from(t.replication).unwrap_or(1).clamp(1, n);
        (0..count).map(|i| self.nodes[(start + i) % n].0).collect()
    }

    /// Makes `node` the leader of `topic`'s `partition`, bumping its epoch.
    pub(crate) fn move_leader(&self, topic: &str, partition: i32, node: i32) -> Result<(), String> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !self.nodes.iter().any(|&(id, _)| id == node) {
            return Err(format!("no node {node}"));
        }
        let t = state
            .topics
            .get_mut(topic)
            .ok_or_else(|| format!("no topic {topic}"))?;
        let leader = usize::try_from(partition)
            .ok()
            .and_then(|p| t.leaders.get_mut(p))
            .ok_or_else(|| format!("no partition {topic}-{partition}"))?;
        leader.node = node;
        leader.epoch += 1;
        Ok(())
    }

    /// Marks `node` stopped (or running again), moving the partitions it
    /// led to the next running node among their replicas (or to no leader,
    /// -1, when none runs), as the controller would.
    pub(crate) fn set_stopped(&self, node: i32, stopped: bool) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !stopped {
            state.stopped.remove(&node);
            // Leaderless partitions get this node back if it holds them.
            let State { topics, .. } = &mut *state;
            for t in topics.values_mut() {
                for p in 0..t.partitions {
                    let replicas = self.replicas(t, p);
                    let leader = &mut t.leaders[p as usize];
                    if leader.node < 0 && replicas.contains(&node) {
                        leader.node = node;
                        leader.epoch += 1;
                    }
                }
            }
            return;
        }
        state.stopped.insert(node);
        let State {
            topics, stopped, ..
        } = &mut *state;
        for t in topics.values_mut() {
            for p in 0..t.partitions {
                if t.leaders[p as usize].node != node {
                    continue;
                }
                let next = self
                    .replicas(t, p)
                    .into_iter()
                    .find(|n| !stopped.contains(n))
                    .unwrap_or(-1);
                let leader = &mut t.leaders[p as usize];
                leader.node = next;
                leader.epoch += 1;
            }
        }
    }

    /// The node coordinating `key` (a group or transactional id): the
    /// running node at a hash of the key (FNV-1a), or the next running one.
    fn coordinator(&self, state: &State, key: &str) -> Option<(i32, SocketAddr)> {
        let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let n = self.nodes.len();
        let start = (hash % n as u64) as usize;
        (0..n)
            .map(|i| self.nodes[(start + i) % n])
            .find(|(id, _)| !state.stopped.contains(id))
    }

    fn find_coordinator(
        &self,
        state: &State,
        r: FindCoordinatorRequest,
        version: i16,
    ) -> FindCoordinatorResponse {
        // 0: a group, 1: a transactional id; share groups (2) are not served.
        let answer = |key: &Str| -> Result<(i32, SocketAddr), ErrorCode> {
            if !matches!(r.key_type, 0 | 1) {
                return Err(ErrorCode::InvalidRequest);
            }
            self.coordinator(state, key)
                .ok_or(ErrorCode::CoordinatorNotAvailable)
        };
        if version < 4 {
            // Kafka's message for no error: `Errors.NONE.message()` before
            // v4, an empty string in v4+'s list.
            return match answer(&r.key) {
                Ok((id, addr)) => FindCoordinatorResponse {
                    error_message: Some("NONE".into()),
                    node_id: id,
                    host: addr.ip().to_string().into(),
                    port: i32::from(addr.port()),
                    ..Default::default()
                },
                Err(code) => FindCoordinatorResponse {
                    error_code: code.code(),
                    error_message: None,
                    node_id: -1,
                    port: -1,
                    ..Default::default()
                },
            };
        }
        let coordinators = r
            .coordinator_keys
            .iter()
            .map(|key| match answer(key) {
                Ok((id, addr)) => find_coordinator::Coordinator {
                    key: key.clone(),
                    node_id: id,
                    host: addr.ip().to_string().into(),
                    port: i32::from(addr.port()),
                    error_message: Some("".into()),
                    ..Default::default()
                },
                Err(code) => find_coordinator::Coordinator {
                    key: key.clone(),
                    node_id: -1,
                    port: -1,
                    error_code: code.code(),
                    error_message: None,
                    ..Default::default()
                },
            })
            .collect();
        FindCoordinatorResponse {
            error_message: None,
            coordinators,
            ..Default::default()
        }
    }

    fn describe_cluster(
        &self,
        state: &State,
        r: DescribeClusterRequest,
    ) -> DescribeClusterResponse {
        DescribeClusterResponse {
            error_message: None,
            endpoint_type: r.endpoint_type,
            cluster_id: self.config.cluster_id.as_str().into(),
            controller_id: CONTROLLER_ID,
            brokers: self
                .nodes
                .iter()
                .filter(|(id, _)| r.include_fenced_brokers || !state.stopped.contains(id))
                .map(|&(id, addr)| DescribeClusterBroker {
                    broker_id: id,
                    host: addr.ip().to_string().into(),
                    port: i32::from(addr.port()),
                    rack: None,
                    is_fenced: state.stopped.contains(&id),
                    ..Default::default()
                })
                .collect(),
            // As without an authorizer (`.authorizer(true)` narrows them).
            cluster_authorized_operations: if r.include_cluster_authorized_operations {
                authorizer::cluster_operations(None)
            } else {
                i32::MIN
            },
            ..Default::default()
        }
    }

    /// A fresh, non-zero topic id.
    fn new_uuid(&self) -> Uuid {
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        Uuid::from_u64_pair(0x6b61_666b_612d_7769 ^ n.rotate_left(17), n)
    }
}

/// How many times each name is given: a request's duplicates found in one
/// pass (a hostile request of a million names costs a million steps, not a
/// million squared).
fn name_counts<'a>(
    names: impl Iterator<Item = &'a Str>,
) -> std::collections::HashMap<&'a Str, usize> {
    let mut counts = std::collections::HashMap::new();
    for name in names {
        *counts.entry(name).or_insert(0) += 1;
    }
    counts
}

/// Kafka's checks of a new topic, in its order; the partition count and
/// replication factor it gets.
fn check_new_topic(
    state: &State,
    t: &CreatableTopic,
    nodes: &[i32],
) -> Result<(i32, i16), (ErrorCode, String)> {
    check_topic_name(&t.name)?;
    if state.topics.contains_key(&t.name) {
        return Err((
            ErrorCode::TopicAlreadyExists,
            format!("Topic '{}' already exists.", t.name),
        ));
    }
    if !t.assignments.is_empty() {
        if t.num_partitions != -1 || t.replication_factor != -1 {
            return Err((
                ErrorCode::InvalidRequest,
                "Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be used at the same time.".into(),
            ));
        }
        let replication = t.assignments[0].broker_ids.len();
        for a in &t.assignments {
            if let Some(b) = a.broker_ids.iter().find(|b| !nodes.contains(b)) {
                return Err((
                    ErrorCode::InvalidReplicaAssignment,
                    format!("The manual partition assignment includes broker {b}, but no broker with that ID is registered."),
                ));
            }
            if a.broker_ids.is_empty() || a.broker_ids.len() != replication {
                return Err((
                    ErrorCode::InvalidReplicaAssignment,
                    "All partitions in the manual partition assignment must have the same number of replicas.".into(),
                ));
            }
        }
        let replication = i16::try_from(replication).unwrap_or(i16::MAX);
        return Ok((t.assignments.len() as i32, replication));
    }
    let partitions = match t.num_partitions {
        -1 => DEFAULT_PARTITIONS,
        n if n <= 0 => {
            return Err((
                ErrorCode::InvalidPartitions,
                "Number of partitions was set to an invalid non-positive value.".into(),
            ))
        }
        n => n,
    };
    let replication = match t.replication_factor {
        -1 => DEFAULT_REPLICATION,
        n if n <= 0 => {
            return Err((
                ErrorCode::InvalidReplicationFactor,
                "Replication factor must be larger than 0, or -1 to use the default value.".into(),
            ))
        }
        n if usize::try_from(n).unwrap_or(0) > nodes.len() => {
            return Err((
                ErrorCode::InvalidReplicationFactor,
                format!("Unable to replicate the partition {n} time(s): The target replication factor of {n} cannot be reached because only {} broker(s) are registered.", nodes.len()),
            ))
        }
        n => n,
    };
    Ok((partitions, replication))
}

/// Kafka's topic name rules (`Topic.validate`).
pub(crate) fn check_topic_name(name: &str) -> Result<(), (ErrorCode, String)> {
    let invalid = |why: String| Err((ErrorCode::InvalidTopicException, why));
    if name.is_empty() {
        return invalid("Topic name is illegal, it can't be empty".into());
    }
    if name == "." || name == ".." {
        return invalid("Topic name cannot be \".\" or \"..\"".into());
    }
    if name.len() > 249 {
        return invalid(format!(
            "Topic name is illegal, it can't be longer than 249 characters, topic name: {name}"
        ));
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
    {
        return invalid(format!("Topic name \"{name}\" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'"));
    }
    Ok(())
}

fn delete_topics(state: &mut State, r: DeleteTopicsRequest, version: i16) -> DeleteTopicsResponse {
    // v6 names topics by name or id; earlier versions by name only.
    let wanted: Vec<(Option<Str>, Uuid)> = if version >= 6 {
        r.topics.into_iter().map(|t| (t.name, t.topic_id)).collect()
    } else {
        r.topic_names
            .into_iter()
            .map(|n| (Some(n), Uuid::ZERO))
            .collect()
    };
    let responses = wanted
        .into_iter()
        .map(|(name, id)| {
            let found = match &name {
                Some(n) => state
                    .topics
                    .get_key_value(n)
                    .map(|(n, t)| (n.clone(), t.id)),
                None => state
                    .topics
                    .iter()
                    .find(|(_, t)| t.id == id)
                    .map(|(n, t)| (n.clone(), t.id)),
            };
            match found {
                Some((name, id)) => {
                    state.topics.remove(&name);
                    DeletableTopicResult {
                        name: Some(name),
                        topic_id: id,
                        error_message: None,
                        ..Default::default()
                    }
                }
                None => {
                    let (code, message) = if name.is_some() {
                        (
                            ErrorCode::UnknownTopicOrPartition,
                            "This server does not host this topic-partition.",
                        )
                    } else {
                        (
                            ErrorCode::UnknownTopicId,
                            "This server does not host this topic ID.",
                        )
                    };
                    DeletableTopicResult {
                        name,
                        topic_id: id,
                        error_code: code.code(),
                        error_message: Some(message.into()),
                        ..Default::default()
                    }
                }
            }
        })
        .collect();
    DeleteTopicsResponse {
        responses,
        ..Default::default()
    }
}

fn create_partitions(
    broker: &Broker,
    state: &mut State,
    r: CreatePartitionsRequest,
) -> CreatePartitionsResponse {
    let nodes = broker.node_ids();
    // The same cap as CreateTopics', on the partitions the topics would have.
    let total: i64 = r.topics.iter().map(|t| i64::from(t.count.max(0))).sum();
    if total > MAX_PARTITIONS_PER_REQUEST {
        let results = r
            .topics
            .iter()
            .map(|t| CreatePartitionsTopicResult {
                name: t.name.clone(),
                error_code: ErrorCode::PolicyViolation.code(),
                error_message: Some(EXCESSIVE_PARTITIONS.into()),
                ..Default::default()
            })
            .collect();
        return CreatePartitionsResponse {
            results,
            ..Default::default()
        };
    }
    let counts = name_counts(r.topics.iter().map(|t| &t.name));
    let mut seen = std::collections::HashSet::new();
    let results = r
        .topics
        .iter()
        .filter(|t| seen.insert(&t.name))
        .map(|t| {
            let duplicate = counts[&t.name] > 1;
            let checked = match state.topics.get(&t.name) {
                _ if duplicate => Err((ErrorCode::InvalidRequest, "Duplicate topic name.".to_owned())),
                None => Err((
                    ErrorCode::UnknownTopicOrPartition,
                    "This server does not host this topic-partition.".to_owned(),
                )),
                Some(topic) if t.count < topic.partitions => Err((
                    ErrorCode::InvalidPartitions,
                    format!("Topic currently has {} partitions, which is higher than the requested {}.", topic.partitions, t.count),
                )),
                Some(topic) if t.count == topic.partitions => Err((
                    ErrorCode::InvalidPartitions,
                    format!("Topic already has {} partitions.", topic.partitions),
                )),
                Some(topic) => match &t.assignments {
                    Some(a) if a.len() as i64 != i64::from(t.count - topic.partitions) => Err((
                        ErrorCode::InvalidReplicaAssignment,
                        format!("Attempted to add {} additional partition(s), but only {} assignment(s) were specified.", t.count - topic.partitions, a.len()),
                    )),
                    Some(a) if a.iter().flat_map(|a| &a.broker_ids).any(|b| !nodes.contains(b)) => Err((
                        ErrorCode::InvalidReplicaAssignment,
                        "The manual partition assignment includes a broker that is not registered.".to_owned(),
                    )),
                    _ => Ok(()),
                },
            };
            let mut result = CreatePartitionsTopicResult {
                name: t.name.clone(),
                ..Default::default()
            };
            match checked {
                Ok(()) if r.validate_only => {}
                Ok(()) => {
                    if let Some(topic) = state.topics.get_mut(&t.name) {
                        topic.partitions = t.count;
                        topic.logs.resize_with(t.count as usize, PartitionLog::default);
                        let spread = topic.spread;
                        topic.leaders.extend(
                            (topic.leaders.len() as i32..t.count)
                                .map(|p| broker.first_leader(spread, p)),
                        );
                    }
                }
                Err((code, message)) => {
                    result.error_code = code.code();
                    result.error_message = Some(message.into());
                }
            }
            result
        })
        .collect();
    CreatePartitionsResponse {
        results,
        ..Default::default()
    }
}

/// A string filter: `None` matches anything, else the same text.
fn any_or(filter: Option<&str>, value: &str) -> bool {
    match filter {
        None => true,
        Some(f) => f == value,
    }
}

/// Kafka's checks of a new ACL (`AclControlManager.validateNewAcl`).
fn check_new_acl(a: &AclCreation) -> Result<(), String> {
    match a.resource_type() {
        ResourceType::UnknownType | ResourceType::Any | ResourceType::Unknown(_) => {
            return Err(format!("Invalid resourceType {}", a.resource_type()))
        }
        _ => {}
    }
    if !matches!(
        a.pattern_type(),
        PatternType::Literal | PatternType::Prefixed
    ) {
        return Err(format!("Invalid patternType {}", a.pattern_type()));
    }
    match a.operation() {
        AclOperation::UnknownType | AclOperation::Any | AclOperation::Unknown(_) => {
            return Err(format!("Invalid operation {}", a.operation()))
        }
        _ => {}
    }
    if !matches!(
        a.permission_type(),
        AclPermissionType::Allow | AclPermissionType::Deny
    ) {
        return Err(format!("Invalid permissionType {}", a.permission_type()));
    }
    if a.resource_name.is_empty() {
        return Err("Resource name should not be empty".into());
    }
    if !a.principal.contains(':') {
        return Err(format!("Could not parse principal from `{}` (no colon is present separating the principal type from the principal name)", a.principal));
    }
    Ok(())
}

fn create_acls(state: &mut State, r: CreateAclsRequest) -> CreateAclsResponse {
    let results = r
        .creations
        .iter()
        .map(|a| match check_new_acl(a) {
            Err(message) => AclCreationResult {
                error_code: ErrorCode::InvalidRequest.code(),
                error_message: Some(message.into()),
                ..Default::default()
            },
            Ok(()) => {
                let acl = Acl {
                    resource_type: a.resource_type,
                    name: a.resource_name.clone(),
                    pattern: a.resource_pattern_type,
                    principal: a.principal.clone(),
                    host: a.host.clone(),
                    operation: a.operation,
                    permission: a.permission_type,
                };
                if !state.acls.contains(&acl) {
                    state.acls.push(acl);
                }
                AclCreationResult {
                    error_message: None,
                    ..Default::default()
                }
            }
        })
        .collect();
    CreateAclsResponse {
        results,
        ..Default::default()
    }
}

impl AclFilter<'_> {
    /// Kafka's `AclBindingFilter.matches`.
    fn matches(&self, acl: &Acl) -> bool {
        let any = |code: i8, want: i8| code == 1 || code == want; // 1 = ANY
        let (literal, prefixed) = (PatternType::Literal.code(), PatternType::Prefixed.code());
        let pattern_ok = match self.pattern {
            p if p == PatternType::Any.code() || p == PatternType::Match.code() => true,
            p => p == acl.pattern,
        };
        let name_ok = match self.name {
            None => true,
            Some(n) if self.pattern == PatternType::Any.code() || self.pattern == acl.pattern => {
                n == acl.name.as_str()
            }
            Some(n) if acl.pattern == literal => n == acl.name.as_str() || acl.name == "*",
            Some(n) if acl.pattern == prefixed => n.starts_with(acl.name.as_str()),
            Some(_) => false,
        };
        any(self.resource_type, acl.resource_type)
            && pattern_ok
            && name_ok
            && any_or(self.principal, &acl.principal)
            && any_or(self.host, &acl.host)
            && any(self.operation, acl.operation)
            && any(self.permission, acl.permission)
    }

    /// Kafka refuses filters with UNKNOWN codes.
    fn check(&self) -> Result<(), String> {
        if self.resource_type == 0
            || self.pattern == 0
            || self.operation == 0
            || self.permission == 0
        {
            return Err("The filter contains an UNKNOWN element".into());
        }
        Ok(())
    }
}

fn describe_acls(state: &State, r: DescribeAclsRequest) -> DescribeAclsResponse {
    let filter = AclFilter {
        resource_type: r.resource_type_filter,
        name: r.resource_name_filter.as_deref(),
        pattern: r.pattern_type_filter,
        principal: r.principal_filter.as_deref(),
        host: r.host_filter.as_deref(),
        operation: r.operation,
        permission: r.permission_type,
    };
    if let Err(message) = filter.check() {
        return DescribeAclsResponse {
            error_code: ErrorCode::InvalidRequest.code(),
            error_message: Some(message.into()),
            ..Default::default()
        };
    }
    let mut resources: Vec<DescribeAclsResource> = Vec::new();
    for acl in state.acls.iter().filter(|a| filter.matches(a)) {
        let description = AclDescription {
            principal: acl.principal.clone(),
            host: acl.host.clone(),
            operation: acl.operation,
            permission_type: acl.permission,
            ..Default::default()
        };
        let same = |r: &&mut DescribeAclsResource| {
            (r.resource_type, &r.resource_name, r.pattern_type)
                == (acl.resource_type, &acl.name, acl.pattern)
        };
        match resources.iter_mut().find(same) {
            Some(r) => r.acls.push(description),
            None => resources.push(DescribeAclsResource {
                resource_type: acl.resource_type,
                resource_name: acl.name.clone(),
                pattern_type: acl.pattern,
                acls: vec![description],
                ..Default::default()
            }),
        }
    }
    DescribeAclsResponse {
        error_message: None,
        resources,
        ..Default::default()
    }
}

fn delete_acls(state: &mut State, r: DeleteAclsRequest) -> DeleteAclsResponse {
    let filter_results = r
        .filters
        .iter()
        .map(|f: &DeleteAclsFilter| {
            let filter = AclFilter {
                resource_type: f.resource_type_filter,
                name: f.resource_name_filter.as_deref(),
                pattern: f.pattern_type_filter,
                principal: f.principal_filter.as_deref(),
                host: f.host_filter.as_deref(),
                operation: f.operation,
                permission: f.permission_type,
            };
            if let Err(message) = filter.check() {
                return DeleteAclsFilterResult {
                    error_code: ErrorCode::InvalidRequest.code(),
                    error_message: Some(message.into()),
                    ..Default::default()
                };
            }
            let (gone, kept): (Vec<Acl>, Vec<Acl>) =
                state.acls.drain(..).partition(|a| filter.matches(a));
            state.acls = kept;
            DeleteAclsFilterResult {
                error_message: None,
                matching_acls: gone
                    .into_iter()
                    .map(|a| DeleteAclsMatchingAcl {
                        error_message: None,
                        resource_type: a.resource_type,
                        resource_name: a.name,
                        pattern_type: a.pattern,
                        principal: a.principal,
                        host: a.host,
                        operation: a.operation,
                        permission_type: a.permission,
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }
        })
        .collect();
    DeleteAclsResponse {
        filter_results,
        ..Default::default()
    }
}

/// One member of a LeaveGroup removed, as Kafka's `classicGroupLeave`
/// removes it: by instance id alone (an empty member id, v3+: an admin's
/// removal of a static member), a pending member by id, else a member
/// whose id and instance agree (`validateMember`: FENCED_INSTANCE_ID for an
/// instance's old id).
fn leave_member(group: &mut Group, id: &Str, instance: Option<&Str>) -> ErrorCode {
    if id.is_empty() {
        let Some(current) = instance.and_then(|i| group.static_member(i)).cloned() else {
            return ErrorCode::UnknownMemberId;
        };
        group.members.remove(&current);
        return ErrorCode::None;
    }
    if group.pending.remove(id) {
        return ErrorCode::None;
    }
    match group.validate_member(id, instance) {
        Ok(()) => {
            group.members.remove(id);
            ErrorCode::None
        }
        Err(code) => code,
    }
}

/// Kafka's client quotas on an answer: a Produce's request bytes and a
/// consumer's Fetch answer's bytes recorded for the connection's user and
/// client id, and the throttle time set (Produce and Fetch v1+, where the
/// field is); a throttled Fetch is answered with no partitions, its bytes
/// taken back, as `KafkaApis.handleFetchRequest` answers it.
fn throttle(
    quotas: &crate::quota::Quotas,
    session: &authorizer::Session,
    header: &RequestHeader,
    request_bytes: usize,
    follower: bool,
    answer: &mut ResponseKind,
) {
    use crate::quota::Kind;
    let version = header.api_version;
    let user = crate::quota::user_of(&session.principal);
    let client = header.client_id.as_deref().unwrap_or("");
    match answer {
        ResponseKind::Produce(p) if version >= 1 => {
            let ms = quotas.record(Kind::Produce, user, client, request_bytes, true);
            p.throttle_time_ms = p.throttle_time_ms.max(ms);
        }
        ResponseKind::Fetch(_) if version >= 1 && !follower && quotas.active(Kind::Fetch) => {
            let mut sized = BytesMut::new();
            let bytes = answer
                .encode_frame_contents(&mut sized, header.correlation_id, version)
                .unwrap_or(0);
            let ms = quotas.record(Kind::Fetch, user, client, bytes, false);
            if let (true, ResponseKind::Fetch(f)) = (ms > 0, answer) {
                *f = FetchResponse {
                    throttle_time_ms: ms,
                    session_id: f.session_id,
                    ..Default::default()
                };
            }
        }
        _ => {}
    }
}

/// A JoinGroup refused with `code`: generation -1, the protocol name
/// empty before v7 (null from v7, as Kafka answers).
fn join_refusal(version: i16, code: ErrorCode, member_id: Str) -> JoinGroupResponse {
    JoinGroupResponse {
        error_code: code.code(),
        generation_id: -1,
        protocol_name: if version >= 7 {
            None
        } else {
            Some(Str::default())
        },
        member_id,
        ..Default::default()
    }
}

/// The non-zero error codes in an answer, for the log.
fn errors_of(response: &ResponseKind) -> Vec<ErrorCode> {
    let codes: Vec<i16> = match response {
        ResponseKind::ApiVersions(r) => vec![r.error_code],
        ResponseKind::SaslHandshake(r) => vec![r.error_code],
        ResponseKind::SaslAuthenticate(r) => vec![r.error_code],
        ResponseKind::Metadata(r) => r.topics.iter().map(|t| t.error_code).collect(),
        ResponseKind::DescribeTopicPartitions(r) => r.topics.iter().map(|t| t.error_code).collect(),
        ResponseKind::CreateTopics(r) => r.topics.iter().map(|t| t.error_code).collect(),
        ResponseKind::DeleteTopics(r) => r.responses.iter().map(|t| t.error_code).collect(),
        ResponseKind::CreatePartitions(r) => r.results.iter().map(|t| t.error_code).collect(),
        ResponseKind::CreateAcls(r) => r.results.iter().map(|t| t.error_code).collect(),
        ResponseKind::DescribeAcls(r) => vec![r.error_code],
        ResponseKind::DeleteAcls(r) => r.filter_results.iter().map(|t| t.error_code).collect(),
        ResponseKind::Produce(r) => r
            .responses
            .iter()
            .flat_map(|t| t.partition_responses.iter().map(|p| p.error_code))
            .collect(),
        ResponseKind::Fetch(r) => std::iter::once(r.error_code)
            .chain(
                r.responses
                    .iter()
                    .flat_map(|t| t.partitions.iter().map(|p| p.error_code)),
            )
            .collect(),
        ResponseKind::ListOffsets(r) => r
            .topics
            .iter()
            .flat_map(|t| t.partitions.iter().map(|p| p.error_code))
            .collect(),
        ResponseKind::InitProducerId(r) => vec![r.error_code],
        ResponseKind::JoinGroup(r) => vec![r.error_code],
        ResponseKind::SyncGroup(r) => vec![r.error_code],
        ResponseKind::Heartbeat(r) => vec![r.error_code],
        ResponseKind::LeaveGroup(r) => std::iter::once(r.error_code)
            .chain(r.members.iter().map(|m| m.error_code))
            .collect(),
        ResponseKind::FindCoordinator(r) => std::iter::once(r.error_code)
            .chain(r.coordinators.iter().map(|c| c.error_code))
            .collect(),
        ResponseKind::OffsetCommit(r) => r
            .topics
            .iter()
            .flat_map(|t| t.partitions.iter().map(|p| p.error_code))
            .collect(),
        ResponseKind::OffsetFetch(r) => std::iter::once(r.error_code)
            .chain(r.groups.iter().map(|g| g.error_code))
            .collect(),
        ResponseKind::DeleteRecords(r) => r
            .topics
            .iter()
            .flat_map(|t| t.partitions.iter().map(|p| p.error_code))
            .collect(),
        ResponseKind::AddPartitionsToTxn(r) => std::iter::once(r.error_code)
            .chain(
                r.results_by_topic_v3_and_below
                    .iter()
                    .chain(
                        r.results_by_transaction
                            .iter()
                            .flat_map(|t| &t.topic_results),
                    )
                    .flat_map(|t| {
                        t.results_by_partition
                            .iter()
                            .map(|p| p.partition_error_code)
                    }),
            )
            .collect(),
        ResponseKind::AddOffsetsToTxn(r) => vec![r.error_code],
        ResponseKind::EndTxn(r) => vec![r.error_code],
        ResponseKind::TxnOffsetCommit(r) => r
            .topics
            .iter()
            .flat_map(|t| t.partitions.iter().map(|p| p.error_code))
            .collect(),
        ResponseKind::ListTransactions(r) => vec![r.error_code],
        ResponseKind::ListGroups(r) => vec![r.error_code],
        ResponseKind::ConsumerGroupHeartbeat(r) => vec![r.error_code],
        ResponseKind::ConsumerGroupDescribe(r) => r.groups.iter().map(|g| g.error_code).collect(),
        ResponseKind::DescribeGroups(r) => r.groups.iter().map(|g| g.error_code).collect(),
        ResponseKind::DeleteGroups(r) => r.results.iter().map(|g| g.error_code).collect(),
        ResponseKind::OffsetDelete(r) => std::iter::once(r.error_code)
            .chain(
                r.topics
                    .iter()
                    .flat_map(|t| t.partitions.iter().map(|p| p.error_code)),
            )
            .collect(),
        ResponseKind::DescribeTransactions(r) => {
            r.transaction_states.iter().map(|t| t.error_code).collect()
        }
        _ => Vec::new(),
    };
    codes
        .into_iter()
        .filter(|&c| c != 0)
        .map(ErrorCode::from_code)
        .collect()
}
