//! The cluster: its settings, its nodes' tasks, and stopping them.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use kafka_messages::{ApiKey, Release};
use kafka_wire::VersionRange;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::broker::{Broker, Config, RequestHook, NODE_ID};
use crate::request_log::RequestEvent;
use crate::SERVED_APIS;

/// A Kafka cluster in memory, serving on 127.0.0.1 (by default) from the
/// tokio runtime that started it.
///
/// It has one node, id 1, both broker and controller; Metadata names it,
/// with the address it listens on, as the leader of every partition.
///
/// Dropping it stops it, as [`shutdown`](Cluster::shutdown) does without
/// waiting: the listeners close and every connection is closed.
pub struct Cluster {
    config: Arc<Config>,
    broker: Arc<Broker>,
    nodes: Vec<Node>,
    stop: watch::Sender<bool>,
}

/// A node: where it listens, and the task that serves it.
struct Node {
    id: i32,
    addr: SocketAddr,
    task: JoinHandle<()>,
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
            cluster_id: "kafka-wire-mock".into(),
            on_request: None,
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

    /// Stops the cluster, and returns once every listener and connection is
    /// closed.
    pub async fn shutdown(mut self) {
        self.stop.send_replace(true);
        for node in std::mem::take(&mut self.nodes) {
            // A node's task returns when told to stop; an error here is its
            // panic, which has nothing left to tell a cluster that is done.
            let _ = node.task.await;
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop.send_replace(true);
    }
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

/// The settings of a [`Cluster`], from [`Cluster::builder`]; `start` runs it.
pub struct ClusterBuilder {
    release: Release,
    max_versions: BTreeMap<ApiKey, i16>,
    listen: SocketAddr,
    cluster_id: String,
    on_request: Option<RequestHook>,
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
        let cannot_listen = |source| StartError::Listen {
            addr: listen,
            source,
        };
        let listener = TcpListener::bind(listen).await.map_err(cannot_listen)?;
        let addr = listener.local_addr().map_err(cannot_listen)?;
        let config = Arc::new(Config {
            release: self.release,
            max_versions: self.max_versions,
            cluster_id: self.cluster_id,
            on_request: self.on_request,
        });
        let (stop, stopped) = watch::channel(false);
        let broker = Broker::new(Arc::clone(&config), addr);
        let task = tokio::spawn(Arc::clone(&broker).serve(listener, stopped));
        Ok(Cluster {
            config,
            broker,
            nodes: vec![Node {
                id: NODE_ID,
                addr,
                task,
            }],
            stop,
        })
    }
}

impl fmt::Debug for ClusterBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClusterBuilder")
            .field("release", &self.release)
            .field("max_versions", &self.max_versions)
            .field("listen", &self.listen)
            .field("cluster_id", &self.cluster_id)
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
