//! The cluster: its settings, its nodes' tasks, and stopping them.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use kafka_messages::{ApiKey, Release, RequestKind};
use kafka_wire::{ErrorCode, RequestHeader, VersionRange};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::broker::{Broker, Config, RequestHook};
use crate::request_log::RequestEvent;
use crate::SERVED_APIS;

mod budget;
mod in_process;

/// A Kafka cluster in memory, serving on 127.0.0.1 (by default) from the
/// tokio runtime that started it.
///
/// It has [`nodes`](ClusterBuilder::nodes) nodes (one by default), ids 1,
/// 2, ..., each a broker on a listener of its own; node 1 is also the
/// controller. Partitions' leaders are spread over them round robin, and a
/// node answers requests for a partition it does not lead with
/// NOT_LEADER_OR_FOLLOWER and the leader to try (KIP-951). Tests can move a
/// leader ([`move_leader`](Cluster::move_leader)) and stop and restart a
/// node ([`stop_node`](Cluster::stop_node),
/// [`restart_node`](Cluster::restart_node)) while clients run.
///
/// Dropping it stops it, as [`shutdown`](Cluster::shutdown) does without
/// waiting: the listeners close and every connection is closed.
pub struct Cluster {
    config: Arc<Config>,
    broker: Arc<Broker>,
    nodes: Vec<Node>,
}

/// A node: where it listens, and the task that serves it while it runs.
struct Node {
    id: i32,
    addr: SocketAddr,
    running: Option<Running>,
}

/// A running node's task, and what stops it.
struct Running {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Running {
    /// Starts serving `listener` as node `id`.
    fn start(broker: &Arc<Broker>, id: i32, listener: TcpListener) -> Running {
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(Arc::clone(broker).serve(id, listener, stopped));
        Running { stop, task }
    }

    /// Stops the task and waits until its listener and connections are
    /// closed.
    async fn stop(self) {
        self.stop.send_replace(true);
        // An error here is the task's panic, which has nothing left to tell
        // a node that is done.
        let _ = self.task.await;
    }
}

impl Cluster {
    /// A cluster with the defaults of each [`ClusterBuilder`] method: Kafka
    /// 4.4's versions of every API in [`SERVED_APIS`], on 127.0.0.1 at a
    /// free port.
    pub fn builder() -> ClusterBuilder {
        ClusterBuilder {
            release: Release::Latest,
            max_versions: BTreeMap::new(),
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            nodes: 1,
            cluster_id: "kafka-wire-mock".into(),
            on_request: None,
            auto_create_topics: false,
            request_budget: None,
            consumer_group_max_size: CONSUMER_GROUP_MAX_SIZE,
            authorizer: false,
            super_users: Vec::new(),
            principal_of: None,
            sasl: None,
            max_reauth: None,
            client_quotas: Vec::new(),
        }
    }

    /// The `host:port` of every node, comma-separated: what a client's
    /// bootstrap servers setting takes (`127.0.0.1:40331`).
    pub fn bootstrap(&self) -> String {
        let addrs: Vec<String> = self.nodes.iter().map(|n| n.addr.to_string()).collect();
        addrs.join(",")
    }

    /// Where each node listens, by node id.
    pub fn bootstrap_addrs(&self) -> Vec<SocketAddr> {
        self.nodes.iter().map(|n| n.addr).collect()
    }

    /// The versions the cluster serves of `api`, or `None` for an API it
    /// does not serve. ApiVersions advertises them, unless the range is
    /// empty ([`ClusterBuilder::max_version`] below the release's lowest
    /// version), and a request at any other version closes its connection.
    pub fn versions(&self, api: ApiKey) -> Option<VersionRange> {
        self.config.served(api)
    }

    /// The bytes of record batches a partition holds (as produced: Kafka's
    /// own batch format, nothing added), or `None` for a partition that does
    /// not exist.
    pub fn stored_bytes(&self, topic: &str, partition: i32) -> Option<usize> {
        self.broker.stored_bytes(topic, partition)
    }

    /// Makes `node` the leader of `topic`'s `partition` and bumps the
    /// partition's leader epoch, as a reassignment or an election would:
    /// the old leader answers NOT_LEADER_OR_FOLLOWER from then on.
    pub fn move_leader(&self, topic: &str, partition: i32, node: i32) -> Result<(), HookError> {
        self.broker
            .move_leader(topic, partition, node)
            .map_err(|reason| HookError { reason })
    }

    /// Stops `node`: its listener and connections close, Metadata leaves it
    /// out, and the partitions it led move to the next running node among
    /// their replicas (with replication factor 1, to none: leader -1,
    /// LEADER_NOT_AVAILABLE). Returns once it is closed.
    pub async fn stop_node(&mut self, node: i32) -> Result<(), HookError> {
        let n = self.node_mut(node)?;
        if let Some(running) = n.running.take() {
            running.stop().await;
        }
        self.broker.set_stopped(node, true);
        Ok(())
    }

    /// Starts a stopped `node` again, on the address it had; it takes back
    /// the partitions left without a leader that it holds.
    pub async fn restart_node(&mut self, node: i32) -> Result<(), HookError> {
        let broker = Arc::clone(&self.broker);
        let n = self.node_mut(node)?;
        if n.running.is_none() {
            let listener = TcpListener::bind(n.addr).await.map_err(|e| HookError {
                reason: format!("cannot listen on {} again: {e}", n.addr),
            })?;
            n.running = Some(Running::start(&broker, node, listener));
        }
        self.broker.set_stopped(node, false);
        Ok(())
    }

    fn node_mut(&mut self, node: i32) -> Result<&mut Node, HookError> {
        self.nodes
            .iter_mut()
            .find(|n| n.id == node)
            .ok_or_else(|| HookError {
                reason: format!("no node {node}"),
            })
    }

    /// Spoils the answers to the next `times` requests of `api`, on any
    /// node and connection, with `fault`; faults armed for the same API
    /// are used in the order they were armed. Callable while clients run.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use kafka_messages::ApiKey;
    /// use kafka_wire::ErrorCode;
    /// use kafka_wire_fake::{Cluster, Fault};
    ///
    /// let cluster = Cluster::builder().start().await?;
    /// // The next two Produce requests close their connections unanswered,
    /// // then Metadata answers a second late, once, and the next
    /// // OffsetCommit is answered COORDINATOR_LOAD_IN_PROGRESS for every
    /// // partition it names.
    /// cluster.inject(ApiKey::Produce, 2, Fault::Disconnect);
    /// cluster.inject(ApiKey::Metadata, 1, Fault::Delay(std::time::Duration::from_secs(1)));
    /// cluster.inject(ApiKey::OffsetCommit, 1, Fault::Error(ErrorCode::CoordinatorLoadInProgress));
    /// # Ok(())
    /// # }
    /// ```
    pub fn inject(&self, api: ApiKey, times: u32, fault: Fault) {
        self.broker.inject(api, Some(times), None, fault);
    }

    /// Spoils with `fault` every request of `api` for which `when` (given
    /// the request's header and body) holds, until
    /// [`clear_faults`](Cluster::clear_faults): a fault for as long as a
    /// test says (a flag it flips), or for the requests it picks (one
    /// topic's, one client's). Armed after those armed before it for the
    /// same API, which are used first.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use kafka_messages::{ApiKey, RequestKind};
    /// use kafka_wire::ErrorCode;
    /// use kafka_wire_fake::{Cluster, Fault};
    ///
    /// let cluster = Cluster::builder().start().await?;
    /// // Produce to "orders" fails with NOT_ENOUGH_REPLICAS while `down` is set.
    /// let down = Arc::new(AtomicBool::new(true));
    /// let flag = Arc::clone(&down);
    /// cluster.inject_while(ApiKey::Produce, Fault::Error(ErrorCode::NotEnoughReplicas), move |_, request| {
    ///     let RequestKind::Produce(p) = request else { return false };
    ///     flag.load(Ordering::Relaxed) && p.topic_data.iter().any(|t| t.name == "orders")
    /// });
    /// // ... later, the replicas are back:
    /// down.store(false, Ordering::Relaxed);
    /// # Ok(())
    /// # }
    /// ```
    pub fn inject_while(
        &self,
        api: ApiKey,
        fault: Fault,
        when: impl Fn(&RequestHeader, &RequestKind) -> bool + Send + Sync + 'static,
    ) {
        self.broker.inject(api, None, Some(Box::new(when)), fault);
    }

    /// Disarms every fault armed by [`inject`](Cluster::inject) and
    /// [`inject_while`](Cluster::inject_while).
    pub fn clear_faults(&self) {
        self.broker.clear_faults();
    }

    /// Stops the cluster, and returns once every listener and connection is
    /// closed.
    pub async fn shutdown(mut self) {
        for node in &mut self.nodes {
            if let Some(running) = node.running.take() {
                running.stop().await;
            }
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for node in &self.nodes {
            if let Some(running) = &node.running {
                running.stop.send_replace(true);
            }
        }
    }
}

/// What [`Cluster::inject`] does to a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// Close the connection without answering, as a broker that dies
    /// mid-request does (the request is not handled).
    Disconnect,
    /// Handle the request and answer it this much later, on tokio's clock
    /// (the connection's later requests wait too, as Kafka answers a
    /// connection's requests in order).
    Delay(std::time::Duration),
    /// Do not handle the request: answer it with this error code in every
    /// error field of its API's response, one entry per topic, partition,
    /// group, ... the request names (with their names and indexes), every
    /// other field at its default. A Produce with acks 0 stays unanswered.
    Error(ErrorCode),
}

/// A test hook ([`Cluster::move_leader`], [`Cluster::stop_node`], ...)
/// named something the cluster does not have, or could not listen again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct HookError {
    reason: String,
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nodes: BTreeMap<i32, SocketAddr> = self.nodes.iter().map(|n| (n.id, n.addr)).collect();
        f.debug_struct("Cluster")
            .field("nodes", &nodes)
            .field("release", &self.config.release)
            .field("max_versions", &self.config.max_versions)
            .field("cluster_id", &self.config.cluster_id)
            .finish_non_exhaustive()
    }
}

/// Kafka's `group.consumer.max.size` default.
const CONSUMER_GROUP_MAX_SIZE: usize = i32::MAX as usize;

/// The settings of a [`Cluster`], from [`Cluster::builder`]; `start` runs it.
pub struct ClusterBuilder {
    release: Release,
    max_versions: BTreeMap<ApiKey, i16>,
    listen: SocketAddr,
    nodes: i32,
    cluster_id: String,
    on_request: Option<RequestHook>,
    auto_create_topics: bool,
    request_budget: Option<kafka_wire::frame::FrameBudget>,
    consumer_group_max_size: usize,
    authorizer: bool,
    super_users: Vec<String>,
    principal_of: Option<crate::authorizer::PrincipalOf>,
    client_quotas: Vec<crate::quota::ClientQuota>,
    sasl: Option<crate::Credentials>,
    max_reauth: Option<std::time::Duration>,
}

impl ClusterBuilder {
    /// Serve and advertise the versions of Kafka `release`:
    /// [`Release::Latest`] (Kafka 4.4, the default) or [`Release::Older`]
    /// (Kafka 3.9, whose brokers still accept the versions Kafka 4.0
    /// removed).
    pub fn release(mut self, release: Release) -> Self {
        self.release = release;
        self
    }

    /// Serve and advertise `api` up to `version` only, below the release's
    /// highest, so that clients negotiate older versions; a `version` below
    /// the release's lowest leaves `api` out of ApiVersions. Called again for
    /// the same API, the last call holds. [`start`](ClusterBuilder::start)
    /// refuses an API not in [`SERVED_APIS`] and a version Kafka never had.
    pub fn max_version(mut self, api: ApiKey, version: i16) -> Self {
        self.max_versions.insert(api, version);
        self
    }

    /// Where node 1 listens: 127.0.0.1 at a free port (port 0) by default.
    /// Metadata names this address, so it must be one clients reach:
    /// [`start`](ClusterBuilder::start) refuses an unspecified one
    /// (`0.0.0.0`, `[::]`).
    pub fn listen(mut self, addr: SocketAddr) -> Self {
        self.listen = addr;
        self
    }

    /// How many nodes the cluster has (1 by default): node 1 listens where
    /// [`listen`](ClusterBuilder::listen) says, each next one on the same
    /// address at the next port (or a free port, for port 0).
    /// [`start`](ClusterBuilder::start) refuses fewer than 1 or more than
    /// 64.
    pub fn nodes(mut self, nodes: i32) -> Self {
        self.nodes = nodes;
        self
    }

    /// Whether Metadata creates the topics it names that do not exist
    /// (with one partition, replication factor 1), as Kafka's
    /// `auto.create.topics.enable` does, unless the request declines (v4+).
    /// Off by default: Kafka's default is on, but a test usually wants an
    /// unknown topic to be an error.
    pub fn auto_create_topics(mut self, on: bool) -> Self {
        self.auto_create_topics = on;
        self
    }

    /// The most members a KIP-848 consumer group may have (Kafka's
    /// `group.consumer.max.size`, 2,147,483,647 by default): a member
    /// joining a full group gets GROUP_MAX_SIZE_REACHED, so that hostile
    /// clients cannot grow a group without end.
    pub fn consumer_group_max_size(mut self, members: usize) -> Self {
        self.consumer_group_max_size = members;
        self
    }

    /// Whether ACLs are enforced (off by default, as on a broker without
    /// `authorizer.class.name`): when on, every request is checked against
    /// the ACLs CreateAcls made, as Kafka's `StandardAuthorizer` checks
    /// them, for the connection's principal
    /// ([`principal`](ClusterBuilder::principal)) and address; what is
    /// refused gets TOPIC_AUTHORIZATION_FAILED, GROUP_AUTHORIZATION_FAILED,
    /// CLUSTER_AUTHORIZATION_FAILED or TRANSACTIONAL_ID_AUTHORIZATION_FAILED
    /// as Kafka answers, and Metadata leaves out the topics the principal
    /// may not describe. With no ACLs, only super users may do anything.
    pub fn authorizer(mut self, on: bool) -> Self {
        self.authorizer = on;
        self
    }

    /// Principals allowed everything when ACLs are enforced (Kafka's
    /// `super.users`), e.g. `["User:admin"]`; the last call holds.
    pub fn super_users<I, S>(mut self, principals: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.super_users = principals.into_iter().map(Into::into).collect();
        self
    }

    /// The principal of every connection, e.g. `User:alice`
    /// (`User:ANONYMOUS` by default, as on Kafka's PLAINTEXT listener).
    pub fn principal(self, principal: impl Into<String>) -> Self {
        let principal = principal.into();
        self.principal_of(move |_| principal.clone())
    }

    /// The principal of each connection, from its client's address: `f`
    /// is called once per connection, when its first request arrives, so
    /// that a test may act as several principals (one connection each).
    pub fn principal_of(
        mut self,
        f: impl Fn(SocketAddr) -> String + Send + Sync + 'static,
    ) -> Self {
        self.principal_of = Some(Arc::new(f));
        self
    }

    /// Makes every node's listener a SASL one (Kafka's SASL_PLAINTEXT):
    /// each connection authenticates as one of `credentials`' users (PLAIN,
    /// SCRAM-SHA-256, SCRAM-SHA-512) or with an OAUTHBEARER token its
    /// validator accepts, before any request but ApiVersions, SaslHandshake
    /// and SaslAuthenticate; the name authenticated is the connection's
    /// principal, `User:<name>` (in place of
    /// [`principal`](ClusterBuilder::principal)'s), for the authorizer and
    /// quotas. As a broker, the listener closes a connection that sends
    /// another request first, that asks for a mechanism not offered
    /// (after UNSUPPORTED_SASL_MECHANISM), or whose credentials are refused
    /// (after SASL_AUTHENTICATION_FAILED and Kafka's message).
    ///
    /// ```no_run
    /// use kafka_wire_fake::{Cluster, Credentials};
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let users = Credentials::new()
    ///     .user("alice", "alice-secret")?
    ///     .user("admin", "admin-secret")?;
    /// let cluster = Cluster::builder().sasl(users).authorizer(true).start().await?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn sasl(mut self, credentials: crate::Credentials) -> Self {
        self.sasl = Some(credentials);
        self
    }

    /// How long an authenticated SASL session lasts (KIP-368, Kafka's
    /// `connections.max.reauth.ms`; by default, as in Kafka, sessions do
    /// not end): SaslAuthenticate v1+ tells the client the lifetime
    /// (`session_lifetime_ms`), the client re-authenticates on the same
    /// connection (under the same principal) before it ends, and any other
    /// request after its end closes the connection. Time is tokio's clock,
    /// which tests may pause and advance. It needs
    /// [`sasl`](ClusterBuilder::sasl) ([`StartError::ReauthWithoutSasl`]).
    pub fn connections_max_reauth(mut self, lifetime: std::time::Duration) -> Self {
        self.max_reauth = Some(lifetime);
        self
    }

    /// Adds a produce or fetch byte-rate quota (none by default): a
    /// Produce or a consumer's Fetch over it is answered with the throttle
    /// time Kafka computes (`throttle_time_ms`), a throttled Fetch with no
    /// records, as Kafka answers it. The user a quota names is the
    /// connection's principal's name ([`principal`](ClusterBuilder::principal)).
    /// The quotas are the table AlterClientQuotas changes and
    /// DescribeClientQuotas lists; a later quota for the same entity
    /// replaces an earlier one's value.
    pub fn client_quota(mut self, quota: crate::quota::ClientQuota) -> Self {
        self.client_quotas.push(quota);
        self
    }

    /// The cluster id Metadata reports: `kafka-wire-mock` by default.
    pub fn cluster_id(mut self, id: impl Into<String>) -> Self {
        self.cluster_id = id.into();
        self
    }

    /// Calls `f` with each request a node reads and how the node answered,
    /// on the connection's task, before the answer is sent (so the
    /// connection waits while `f` runs). A [`RequestEvent`] displays as a
    /// line of a request log: `.on_request(|r| println!("{r}"))`.
    pub fn on_request(mut self, f: impl Fn(&RequestEvent<'_>) + Send + Sync + 'static) -> Self {
        self.on_request = Some(Box::new(f));
        self
    }

    /// Checks the settings, opens each node's listener and starts serving,
    /// on the current tokio runtime (outside one it panics, as
    /// `tokio::spawn` does). Serving stops when the [`Cluster`] is shut down
    /// or dropped, or when the runtime stops.
    pub async fn start(self) -> Result<Cluster, StartError> {
        let (config, listen, nodes) = self.checked()?;
        let mut listeners = Vec::new();
        for i in 0..nodes {
            let at = node_addr(listen, i);
            let cannot_listen = |source| StartError::Listen { addr: at, source };
            let listener = TcpListener::bind(at).await.map_err(cannot_listen)?;
            let addr = listener.local_addr().map_err(cannot_listen)?;
            listeners.push((i + 1, addr, listener));
        }
        let addrs = listeners.iter().map(|(id, addr, _)| (*id, *addr)).collect();
        let broker = Broker::new(Arc::clone(&config), addrs);
        let nodes = listeners
            .into_iter()
            .map(|(id, addr, listener)| Node {
                id,
                addr,
                running: Some(Running::start(&broker, id, listener)),
            })
            .collect();
        Ok(Cluster {
            config,
            broker,
            nodes,
        })
    }

    /// The settings checked (what [`start`](ClusterBuilder::start) refuses)
    /// and made the nodes' configuration, with where node 1 listens and how
    /// many nodes there are.
    fn checked(self) -> Result<(Arc<Config>, SocketAddr, i32), StartError> {
        for (&api, &version) in &self.max_versions {
            if !SERVED_APIS.contains(&api) {
                return Err(StartError::NotServed { api });
            }
            if !api.all_versions().contains(version) {
                return Err(StartError::NoSuchVersion { api, version });
            }
        }
        let listen = self.listen;
        if listen.ip().is_unspecified() {
            return Err(StartError::UnspecifiedAddress { addr: listen });
        }
        if !(1..=64).contains(&self.nodes) {
            return Err(StartError::Nodes { nodes: self.nodes });
        }
        if let Some(rate) = self.client_quotas.iter().find_map(|q| q.invalid_rate()) {
            return Err(StartError::QuotaRate { rate });
        }
        let sasl = match (self.sasl, self.max_reauth) {
            (None, Some(_)) => return Err(StartError::ReauthWithoutSasl),
            (Some(credentials), Some(lifetime)) => Some(credentials.max_session(lifetime)),
            (credentials, None) => credentials,
        };
        let config = Arc::new(Config {
            release: self.release,
            max_versions: self.max_versions,
            cluster_id: self.cluster_id,
            on_request: self.on_request,
            auto_create_topics: self.auto_create_topics,
            request_budget: self.request_budget,
            consumer_group_max_size: self.consumer_group_max_size,
            authorizer: self.authorizer.then_some(crate::authorizer::Settings {
                super_users: self.super_users,
            }),
            principal_of: self
                .principal_of
                .unwrap_or_else(|| Arc::new(|_| crate::authorizer::ANONYMOUS.to_owned())),
            quotas: Some(crate::quota::Quotas::new(self.client_quotas)),
            sasl: sasl.map(Arc::new),
        });
        Ok((config, listen, self.nodes))
    }
}

/// Where node `i + 1` listens when node 1 listens at `listen`: the next
/// ports, or a free one each for port 0.
fn node_addr(listen: SocketAddr, i: i32) -> SocketAddr {
    let mut at = listen;
    if listen.port() != 0 {
        let port = u16::try_from(i32::from(listen.port()) + i).unwrap_or(0);
        at.set_port(port);
    }
    at
}

impl fmt::Debug for ClusterBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClusterBuilder")
            .field("release", &self.release)
            .field("max_versions", &self.max_versions)
            .field("listen", &self.listen)
            .field("nodes", &self.nodes)
            .field("auto_create_topics", &self.auto_create_topics)
            .field("consumer_group_max_size", &self.consumer_group_max_size)
            .field("cluster_id", &self.cluster_id)
            .field("authorizer", &self.authorizer)
            .field("super_users", &self.super_users)
            .field("client_quotas", &self.client_quotas)
            .field("sasl", &self.sasl)
            .field("max_reauth", &self.max_reauth)
            .field("on_request", &self.on_request.is_some())
            .finish()
    }
}

/// Why [`ClusterBuilder::start`] could not start a cluster.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// [`ClusterBuilder::max_version`] named an API not in [`SERVED_APIS`].
    #[error("{} is not an API the cluster serves: {}", api.name(), served_names())]
    NotServed {
        /// The API.
        api: ApiKey,
    },
    /// [`ClusterBuilder::max_version`] named a version that no release of
    /// Kafka here has of the API ([`ApiKey::all_versions`]).
    #[error("{} has no version {version} (it has {})", api.name(), api.all_versions())]
    NoSuchVersion {
        /// The API.
        api: ApiKey,
        /// The version.
        version: i16,
    },
    /// [`ClusterBuilder::listen`] gave an unspecified address, which
    /// Metadata would name and clients cannot connect to.
    #[error("cannot listen on {addr}: clients cannot connect to an unspecified address, which Metadata would name")]
    UnspecifiedAddress {
        /// The address.
        addr: SocketAddr,
    },
    /// [`ClusterBuilder::nodes`] asked for fewer than 1 or more than 64.
    #[error("a cluster has 1 to 64 nodes, not {nodes}")]
    Nodes {
        /// What was asked for.
        nodes: i32,
    },
    /// [`ClusterBuilder::client_quota`] gave a byte rate that is not a
    /// positive number (Kafka's `producer_byte_rate` and
    /// `consumer_byte_rate` are at least 1).
    #[error("a client quota's byte rate must be positive, not {rate}")]
    QuotaRate {
        /// The rate given.
        rate: f64,
    },
    /// [`ClusterBuilder::connections_max_reauth`] without
    /// [`ClusterBuilder::sasl`]: a session lifetime on a listener without
    /// SASL.
    #[error("connections_max_reauth needs a SASL listener (ClusterBuilder::sasl)")]
    ReauthWithoutSasl,
    /// A node's listener could not be opened (the port is taken, say).
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address asked for.
        addr: SocketAddr,
        /// What the operating system said.
        source: io::Error,
    },
}

/// The names of [`SERVED_APIS`], for [`StartError::NotServed`].
fn served_names() -> String {
    let names: Vec<&str> = SERVED_APIS.iter().map(|k| k.name()).collect();
    names.join(", ")
}
