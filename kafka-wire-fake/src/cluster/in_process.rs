//! A cluster served over any byte stream rather than from its listeners:
//! a test or a fuzz target drives a connection in-process (a
//! `tokio::io::duplex` pair), with no socket.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};

use super::{node_addr, Cluster, ClusterBuilder, HookError, Node, StartError};
use crate::broker::Broker;

impl ClusterBuilder {
    /// Checks the settings as [`start`](ClusterBuilder::start) does and
    /// makes the cluster without opening a listener: its connections are
    /// only those given to [`Cluster::serve_io`]. Metadata and
    /// FindCoordinator name its nodes at the addresses `start` would listen
    /// at ([`listen`](ClusterBuilder::listen), the next ports; port 0 stays
    /// 0). [`Cluster::restart_node`] opens a node's listener there.
    pub fn build_in_process(self) -> Result<Cluster, StartError> {
        let (config, listen, nodes) = self.checked()?;
        let addrs: Vec<(i32, SocketAddr)> =
            (0..nodes).map(|i| (i + 1, node_addr(listen, i))).collect();
        let broker = Broker::new(Arc::clone(&config), addrs.clone());
        let nodes = addrs
            .into_iter()
            .map(|(id, addr)| Node {
                id,
                addr,
                running: None,
            })
            .collect();
        Ok(Cluster {
            config,
            broker,
            nodes,
        })
    }
}

impl Cluster {
    /// Serves one connection from `peer` over `stream` as node `node`
    /// serves one accepted on its listener: requests read and answered in
    /// order until the peer ends the stream, a request is refused (the
    /// connection closes, as Kafka closes it) or the stream fails. The
    /// future runs on the caller's runtime; the cluster's state is shared
    /// with its other connections. Refused: a node the cluster does not have.
    pub fn serve_io<S>(
        &self,
        node: i32,
        stream: S,
        peer: SocketAddr,
    ) -> Result<impl Future<Output = ()> + Send + 'static, HookError>
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        if !self.nodes.iter().any(|n| n.id == node) {
            return Err(HookError {
                reason: format!("no node {node} in the cluster"),
            });
        }
        let broker = Arc::clone(&self.broker);
        Ok(async move { broker.connection(node, stream, peer).await })
    }
}
