//! [`Proxy`]: the listeners, and the registry of the brokers behind them.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::broker_sasl::BrokerCredentials;
use crate::connection;
use crate::error::ConnectionError;
use crate::filter::{ClientConnection, FilterFactory, Listener};
use crate::filters::TenantsByPrincipal;
use crate::stream::Tls;
use crate::termination::Credentials;

mod budget;
mod in_process;

/// What happened in a proxy: for logs and tests. Given to the function set
/// with [`ProxyBuilder::on_event`], on the task where it happened.
#[derive(Debug)]
#[non_exhaustive]
pub enum ProxyEvent<'a> {
    /// A listener is open.
    Listening {
        /// Which.
        listener: Listener,
        /// Where it listens.
        address: SocketAddr,
    },
    /// A client connected and the proxy reached its broker.
    Opened(&'a ClientConnection),
    /// A connection ended; `error` is `None` when a peer closed it between
    /// frames.
    Closed {
        /// The proxy's number for it.
        id: u64,
        /// The connection, if the broker was reached (and accepted the
        /// proxy's credentials, or refused them).
        connection: Option<&'a ClientConnection>,
        /// Why, unless it ended cleanly.
        error: Option<&'a ConnectionError>,
        /// Requests read from the client.
        requests: u64,
        /// Responses written to the client.
        responses: u64,
    },
    /// The broker answered a client's SASL exchange with success: the
    /// connection's [`principal`](ClientConnection::principal) is set.
    Authenticated(&'a ClientConnection),
    /// The broker refused a client's SASL mechanism or credentials (or
    /// accepted a token the proxy read no name from); the connection's
    /// [`authentication`](ClientConnection::authentication) says how.
    AuthenticationFailed(&'a ClientConnection),
    /// The proxy asked the brokers' listener whether it requires SASL (with
    /// SASL inspection, unless told by
    /// [`client_sasl_required`](ProxyBuilder::client_sasl_required)), as
    /// it starts: `Ok` with its answer, or `Err` with why none came, and
    /// the proxy asks again after a pause. Once the answer is that it
    /// does, clients are held as `client_sasl_required(true)` holds them.
    ListenerSasl {
        /// The answer, or why none came.
        requires: Result<bool, &'a str>,
    },
    /// Accepting a connection failed (too many open files, for one); the
    /// listener goes on after a pause.
    AcceptFailed {
        /// Which listener.
        listener: Listener,
        /// Why.
        error: &'a io::Error,
    },
}

/// Limits and timeouts of each proxied connection.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    pub max_frame_size: usize,
    pub max_in_flight: usize,
    pub max_buffered: usize,
    pub connect_timeout: Duration,
    pub idle_timeout: Option<Duration>,
    pub stall_timeout: Option<Duration>,
    pub response_timeout: Option<Duration>,
    /// `ProxyBuilder::request_budget`: client frames reserved before they are read.
    pub request_budget: Option<kafka_wire::frame::FrameBudget>,
    /// `ProxyBuilder::failed_authentication_delay`.
    pub failed_authentication_delay: Duration,
    /// `ProxyBuilder::sasl_max_receive_size`.
    pub sasl_max_receive_size: usize,
}

type EventFn = dyn Fn(&ProxyEvent<'_>) + Send + Sync;

/// What every connection task shares.
pub(crate) struct Shared {
    pub limits: Limits,
    pub tls: Tls,
    pub sasl: SaslSettings,
    pub factory: Box<dyn FilterFactory>,
    bootstrap: Vec<String>,
    node_host: IpAddr,
    advertised_host: String,
    node_port_base: Option<u16>,
    /// With SNI routing: the domain of the brokers' names
    /// (`broker-<id>.<domain>`), all on the bootstrap listener.
    sni_domain: Option<String>,
    /// The bootstrap listener's address.
    listen_addr: SocketAddr,
    max_brokers: usize,
    nodes: Mutex<HashMap<i32, Node>>,
    next_id: AtomicU64,
    events: Option<Box<EventFn>>,
    shutdown: watch::Receiver<bool>,
}

/// A broker behind the proxy: where it is, and where the proxy listens for
/// it.
struct Node {
    upstream: (String, u16),
    address: SocketAddr,
}

impl Shared {
    pub fn event(&self, event: ProxyEvent<'_>) {
        if let Some(f) = &self.events {
            f(&event);
        }
    }

    pub fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    pub fn shutdown(&self) -> watch::Receiver<bool> {
        self.shutdown.clone()
    }

    /// The host clients are told to reach broker `node` at: the
    /// advertised host, or with SNI routing `broker-<node>.<domain>`.
    pub fn host_of(&self, node: i32) -> String {
        match &self.sni_domain {
            Some(domain) => format!("broker-{node}.{domain}"),
            None => self.advertised_host.clone(),
        }
    }

    /// The broker a TLS server name stands for under SNI routing:
    /// `broker-<id>.<domain>`.
    pub fn node_of_server_name(&self, name: &str) -> Option<i32> {
        sni_node(self.sni_domain.as_deref()?, name)
    }

    /// The addresses a client of `listener` is forwarded to, in the order to
    /// try them.
    pub fn upstream(&self, listener: Listener) -> Vec<String> {
        match listener {
            Listener::Bootstrap => self.bootstrap.clone(),
            Listener::Node(id) => self
                .nodes
                .lock()
                .expect("the node registry is never left mid-change")
                .get(&id)
                .map(|n| vec![format!("{}:{}", n.upstream.0, n.upstream.1)])
                .unwrap_or_default(),
        }
    }

    /// The port of the listener that stands for broker `node`, which a
    /// response names at `host:port`: opened the first time the node is
    /// seen; its broker address follows the latest response.
    pub fn node_port(
        self: &Arc<Self>,
        node: i32,
        host: &str,
        port: u16,
    ) -> Result<u16, ConnectionError> {
        let mut nodes = self
            .nodes
            .lock()
            .expect("the node registry is never left mid-change");
        if let Some(n) = nodes.get_mut(&node) {
            if n.upstream.0 != host || n.upstream.1 != port {
                n.upstream = (host.to_owned(), port);
            }
            return Ok(n.address.port());
        }
        if nodes.len() >= self.max_brokers {
            return Err(ConnectionError::Listen {
                node,
                source: io::Error::other(format!(
                    "the responses named more than {} brokers (max_brokers)",
                    self.max_brokers
                )),
            });
        }
        if self.sni_domain.is_some() {
            // One port for all: the broker is told apart by its TLS name.
            nodes.insert(
                node,
                Node {
                    upstream: (host.to_owned(), port),
                    address: self.listen_addr,
                },
            );
            return Ok(self.listen_addr.port());
        }
        let listen_port = match self.node_port_base {
            None => 0,
            Some(base) => u16::try_from(node)
                .ok()
                .and_then(|id| base.checked_add(id))
                .ok_or_else(|| ConnectionError::Listen {
                    node,
                    source: io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!("node id {node} is past the ports after {base}"),
                    ),
                })?,
        };
        let listen = |port| -> io::Result<TcpListener> {
            let std = std::net::TcpListener::bind((self.node_host, port))?;
            std.set_nonblocking(true)?;
            TcpListener::from_std(std)
        };
        let listener =
            listen(listen_port).map_err(|source| ConnectionError::Listen { node, source })?;
        let address = listener
            .local_addr()
            .map_err(|source| ConnectionError::Listen { node, source })?;
        nodes.insert(
            node,
            Node {
                upstream: (host.to_owned(), port),
                address,
            },
        );
        drop(nodes);
        self.event(ProxyEvent::Listening {
            listener: Listener::Node(node),
            address,
        });
        tokio::spawn(accept(Arc::clone(self), listener, Listener::Node(node)));
        Ok(address.port())
    }

    fn node_address(&self, node: i32) -> Option<SocketAddr> {
        self.nodes
            .lock()
            .expect("the node registry is never left mid-change")
            .get(&node)
            .map(|n| n.address)
    }
}

/// The broker id of server name `broker-<id>.<domain>` (ASCII case
/// ignored, as DNS names compare), if `name` is one.
fn sni_node(domain: &str, name: &str) -> Option<i32> {
    let name = name.to_ascii_lowercase();
    let id = name
        .strip_prefix("broker-")?
        .strip_suffix(&domain.to_ascii_lowercase())?
        .strip_suffix('.')?;
    // Digits only: `+1`, `-0` and `01` name no broker.
    let canonical = !id.is_empty()
        && id.bytes().all(|b| b.is_ascii_digit())
        && !(id.len() > 1 && id.starts_with('0'));
    canonical.then(|| id.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::sni_node;

    #[test]
    fn a_server_name_names_a_broker_only_in_the_brokers_form() {
        assert_eq!(
            sni_node("kafka.example.com", "broker-0.kafka.example.com"),
            Some(0)
        );
        assert_eq!(
            sni_node("kafka.example.com", "BROKER-12.Kafka.Example.com"),
            Some(12)
        );
        for name in [
            "kafka.example.com",
            "bootstrap.kafka.example.com",
            "broker-.kafka.example.com",
            "broker-01.kafka.example.com",
            "broker-+1.kafka.example.com",
            "broker--1.kafka.example.com",
            "broker-1.kafka.example.org",
            "broker-1xkafka.example.com",
            "broker-1.evil.kafka.example.com",
            "broker-99999999999.kafka.example.com",
        ] {
            assert_eq!(sni_node("kafka.example.com", name), None, "{name}");
        }
    }
}

/// Accepts the connections of one listener until the proxy shuts down.
async fn accept(shared: Arc<Shared>, listener: TcpListener, which: Listener) {
    let mut shutdown = shared.shutdown();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, client)) => {
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection::serve(Arc::clone(&shared), which, stream, client));
                }
                Err(error) => {
                    shared.event(ProxyEvent::AcceptFailed { listener: which, error: &error });
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            _ = shutdown.changed() => return,
        }
    }
}

/// Configures and starts a [`Proxy`].
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// use kafka_wire_proxy::{filters::Logger, Filter, Proxy};
///
/// // Clients bootstrap from 127.0.0.1:19092; the broker with node id N is
/// // reached through 127.0.0.1:19100+N.
/// let proxy = Proxy::builder("127.0.0.1:9092")
///     .listen("127.0.0.1:19092".parse().unwrap())
///     .node_ports(19100)
///     .filters(|_: &_| vec![Box::new(Logger::stderr()) as Box<dyn Filter>])
///     .start()
///     .await?;
/// proxy.wait().await;
/// # Ok(())
/// # }
/// ```
pub struct ProxyBuilder {
    bootstrap: Vec<String>,
    listen: SocketAddr,
    node_host: Option<IpAddr>,
    advertised_host: Option<String>,
    node_port_base: Option<u16>,
    sni_domain: Option<String>,
    max_brokers: usize,
    limits: Limits,
    tls: Tls,
    sasl: SaslSettings,
    factory: Box<dyn FilterFactory>,
    events: Option<Box<EventFn>>,
}

/// SASL as the proxy does it itself: toward clients (termination), toward
/// brokers (its own credentials).
#[derive(Clone, Default)]
pub(crate) struct SaslSettings {
    /// The users the proxy authenticates, when it terminates SASL.
    pub clients: Option<Arc<Credentials>>,
    /// The credentials the proxy authenticates to brokers with: every
    /// connection's, or those of a tenant without its own.
    pub broker: Option<BrokerCredentials>,
    /// Each tenant's own credentials toward brokers.
    pub tenants: Option<Arc<TenantCredentials>>,
    /// `ProxyBuilder::client_sasl_required`, if called.
    pub required: Option<bool>,
    /// Whether the brokers' listener answered that it requires SASL
    /// ([`asks_listener`](Self::asks_listener)); false until it answered.
    pub listener_requires: Arc<AtomicBool>,
}

/// Each tenant's own broker credentials, and how a principal's tenant is
/// found (the same map as the tenant filter's).
pub(crate) struct TenantCredentials {
    pub tenants: TenantsByPrincipal,
    pub by_tenant: HashMap<String, BrokerCredentials>,
}

impl SaslSettings {
    /// Whether clients must authenticate with SASL before anything else:
    /// with termination, or as the broker's listener requires it (told,
    /// or as it answered when asked).
    pub fn clients_authenticate(&self) -> bool {
        self.required == Some(true)
            || self.clients.is_some()
            || self.listener_requires.load(Ordering::Relaxed)
    }

    /// Whether the proxy asks the brokers' listener if it requires SASL
    /// ([`connection::ask_listener`]): with SASL inspection (no
    /// termination), when the proxy was not told (`client_sasl_required`)
    /// and does not authenticate to brokers itself (then clients do not).
    pub fn asks_listener(&self) -> bool {
        self.required.is_none() && self.clients.is_none() && self.broker.is_none()
    }

    /// What the listener answered ([`asks_listener`](Self::asks_listener)).
    pub fn learn_listener(&self, requires: bool) {
        self.listener_requires.store(requires, Ordering::Relaxed);
    }

    /// Whether the proxy's own SASL toward the broker waits until the
    /// client has authenticated: with termination and credentials per
    /// tenant, the client's principal chooses them.
    pub fn deferred(&self) -> bool {
        self.clients.is_some() && self.tenants.is_some()
    }

    /// The tenant of `principal` and the credentials its broker session
    /// uses: the tenant's own, or the default.
    pub fn broker_credentials_of(
        &self,
        principal: &str,
    ) -> (Option<String>, Option<BrokerCredentials>) {
        let Some(tenants) = &self.tenants else {
            return (None, self.broker.clone());
        };
        let tenant = tenants.tenants.prefix_of(principal).map(str::to_owned);
        let own = tenant.as_ref().and_then(|t| tenants.by_tenant.get(t));
        (tenant, own.or(self.broker.as_ref()).cloned())
    }
}

impl ProxyBuilder {
    /// TLS toward clients (feature `tls`): every listener of the proxy,
    /// the bootstrap one and each broker's, accepts TLS only, with this
    /// configuration (its certificate must name the advertised host).
    /// Without it, clients speak plain TCP.
    #[cfg(feature = "tls")]
    pub fn client_tls(mut self, config: Arc<crate::rustls::ServerConfig>) -> Self {
        self.tls.clients = Some(tokio_rustls::TlsAcceptor::from(config));
        self
    }

    /// One TLS port for all brokers (feature `tls`): responses name broker
    /// N as `broker-N.<domain>` at the bootstrap listener's port, and a
    /// client whose TLS server name (SNI) is `broker-N.<domain>` reaches
    /// broker N; any other name reaches the bootstrap servers. No listener
    /// per broker is opened. The clients' TLS certificate must hold those
    /// names (`*.<domain>`), and clients must resolve them to the proxy.
    /// Needs [`client_tls`](Self::client_tls): without TLS there is no
    /// server name, and every connection reaches the bootstrap servers.
    #[cfg(feature = "tls")]
    pub fn sni_routing(mut self, domain: impl Into<String>) -> Self {
        self.sni_domain = Some(domain.into());
        self
    }

    /// Which name of a client's certificate is the connection's
    /// [`Principal`](crate::Principal) (feature `tls`; the subject's
    /// common name unless set). A certificate is read only when the
    /// configuration of [`client_tls`](Self::client_tls) asks clients for
    /// one and checks it (rustls' `WebPkiClientVerifier`); a SASL exchange
    /// the broker accepts takes its place.
    #[cfg(feature = "tls")]
    pub fn certificate_principal(mut self, name: crate::CertificateName) -> Self {
        self.tls.client_name = name;
        self
    }

    /// TLS toward brokers (feature `tls`): the proxy connects to every
    /// broker with TLS, checking its certificate as `config` says against
    /// the host the proxy knows it by (the bootstrap server's, then each
    /// broker's as Metadata names it). Without it, the proxy speaks plain
    /// TCP to brokers.
    #[cfg(feature = "tls")]
    pub fn broker_tls(mut self, config: Arc<crate::rustls::ClientConfig>) -> Self {
        self.tls.brokers = Some(tokio_rustls::TlsConnector::from(config));
        self
    }

    /// SASL termination: the proxy authenticates clients itself against
    /// `credentials` (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512) and answers their
    /// SaslHandshake and SaslAuthenticate; the broker never sees them.
    /// Until a client has authenticated, it may send only ApiVersions and
    /// the SASL APIs; any other request closes the connection
    /// ([`ConnectionError::NotAuthenticated`](crate::ConnectionError::NotAuthenticated)),
    /// as Kafka's broker closes it. The proxy reaches the brokers as
    /// itself ([`broker_sasl_plain`](Self::broker_sasl_plain), or a
    /// listener without SASL).
    pub fn sasl_termination(mut self, credentials: Credentials) -> Self {
        self.sasl.clients = Some(Arc::new(credentials));
        self
    }

    /// Whether clients must authenticate with SASL before anything else,
    /// as on a broker's SASL listener (SASL_PLAINTEXT or SASL_SSL), with
    /// SASL inspection: whether the brokers' listener the proxy reaches is
    /// one. Until the broker has accepted a client's first exchange, such a
    /// client may send only ApiVersions and the SASL APIs (any other
    /// request closes the connection,
    /// [`ConnectionError::NotAuthenticated`](crate::ConnectionError::NotAuthenticated)),
    /// and its frames are held to
    /// [`sasl_max_receive_size`](Self::sasl_max_receive_size). The broker
    /// would refuse both; the proxy refuses them before it has read a
    /// large frame, so that a peer without credentials makes it hold at
    /// most that much.
    ///
    /// Unless told, the proxy asks the listener when it starts, with a
    /// SaslHandshake of its own on a connection of its own (a SASL listener
    /// answers it, any other answers ILLEGAL_SASL_STATE), and again after a
    /// pause while no answer comes; each try is a
    /// [`ProxyEvent::ListenerSasl`]. Until the answer comes, clients are
    /// not held. It is not asked with
    /// [`sasl_termination`](Self::sasl_termination) (where clients always
    /// authenticate, to the proxy) or with the proxy's own credentials
    /// toward brokers (where clients do not).
    pub fn client_sasl_required(mut self, required: bool) -> Self {
        self.sasl.required = Some(required);
        self
    }

    /// The proxy authenticates to every broker with SASL/PLAIN as `user`
    /// (SaslHandshake v1 and SaslAuthenticate v2, before any client frame
    /// is forwarded, or with [`tenant_broker_sasl`](Self::tenant_broker_sasl)
    /// once the client has authenticated); a refusal fails the connection
    /// ([`ConnectionError::BrokerAuthentication`](crate::ConnectionError::BrokerAuthentication)).
    pub fn broker_sasl_plain(
        mut self,
        user: impl Into<String>,
        password: impl Into<String>,
    ) -> Self {
        self.sasl.broker = Some(BrokerCredentials::plain(user, password));
        self
    }

    /// The proxy authenticates to every broker with SASL/SCRAM-SHA-512
    /// (RFC 5802, RFC 7677) as `user`, as it does with
    /// [`broker_sasl_plain`](Self::broker_sasl_plain): a client nonce of 18
    /// random bytes, the broker's nonce checked to extend it, its iteration
    /// count to lie within Kafka's 4096 to 16384, and its server signature
    /// (`v=`) checked, so that a broker that does not know the password
    /// fails the connection too.
    pub fn broker_sasl_scram_sha512(
        mut self,
        user: impl Into<String>,
        password: impl Into<String>,
    ) -> Self {
        self.sasl.broker = Some(BrokerCredentials::scram_sha512(user, password));
        self
    }

    /// The same with SCRAM-SHA-256.
    pub fn broker_sasl_scram_sha256(
        mut self,
        user: impl Into<String>,
        password: impl Into<String>,
    ) -> Self {
        self.sasl.broker = Some(BrokerCredentials::scram_sha256(user, password));
        self
    }

    /// The proxy authenticates to every broker with `credentials` (PLAIN,
    /// SCRAM or OAUTHBEARER; see [`BrokerCredentials`]), as with
    /// [`broker_sasl_plain`](Self::broker_sasl_plain). With
    /// [`tenant_broker_sasl`](Self::tenant_broker_sasl), these are the
    /// credentials of a tenant without its own.
    pub fn broker_sasl(mut self, credentials: BrokerCredentials) -> Self {
        self.sasl.broker = Some(credentials);
        self
    }

    /// Each tenant reaches the brokers with credentials of its own (with
    /// SASL termination, which [`start`](Self::start) requires): a
    /// connection's tenant is its principal's in `tenants` (give it the
    /// map the tenant filter uses), and its broker session is authenticated
    /// with `by_tenant`'s credentials for that tenant's prefix, or the
    /// default of [`broker_sasl`](Self::broker_sasl) (none: no SASL toward
    /// the broker) for a tenant without its own.
    ///
    /// The proxy's SASL toward the broker then waits until the client has
    /// authenticated: before, the client may send only ApiVersions (passed
    /// to the broker, which answers it before SASL as it answers a client)
    /// and the SASL APIs (answered by the proxy). The client's last
    /// SaslAuthenticate is answered once the broker has accepted the
    /// tenant's credentials; a refusal is answered with
    /// `SASL_AUTHENTICATION_FAILED` and ends the connection
    /// ([`ConnectionError::BrokerAuthentication`](crate::ConnectionError::BrokerAuthentication),
    /// naming the tenant and the mechanism). Each client connection has a
    /// broker connection of its own, authenticated once for its tenant: a
    /// re-authentication must keep the principal (and so the tenant), and
    /// the proxy renews its broker session (KIP-368) with the same
    /// credentials.
    pub fn tenant_broker_sasl(
        mut self,
        tenants: TenantsByPrincipal,
        by_tenant: impl IntoIterator<Item = (String, BrokerCredentials)>,
    ) -> Self {
        self.sasl.tenants = Some(Arc::new(TenantCredentials {
            tenants,
            by_tenant: by_tenant.into_iter().collect(),
        }));
        self
    }

    /// Adds a bootstrap server (`host:port`) to try after the first.
    pub fn bootstrap(mut self, server: impl Into<String>) -> Self {
        self.bootstrap.push(server.into());
        self
    }

    /// Where the bootstrap listener listens (`127.0.0.1:9092` by default;
    /// port 0 picks a free one, see [`Proxy::local_addr`]).
    pub fn listen(mut self, address: SocketAddr) -> Self {
        self.listen = address;
        self
    }

    /// The address the brokers' listeners bind (the bootstrap listener's by
    /// default).
    pub fn node_bind(mut self, host: IpAddr) -> Self {
        self.node_host = Some(host);
        self
    }

    /// The host the proxy gives clients in place of each broker's (the
    /// bootstrap listener's IP by default; needed when that is `0.0.0.0`).
    pub fn advertised_host(mut self, host: impl Into<String>) -> Self {
        self.advertised_host = Some(host.into());
        self
    }

    /// The broker with node id N gets the listener on port `base + N`. By
    /// default each gets a port the system picks.
    pub fn node_ports(mut self, base: u16) -> Self {
        self.node_port_base = Some(base);
        self
    }

    /// The brokers the proxy opens listeners for at most (default 1,024):
    /// a response naming more ends its connection, so that a broker cannot
    /// make the proxy open listeners without end.
    pub fn max_brokers(mut self, brokers: usize) -> Self {
        self.max_brokers = brokers;
        self
    }

    /// The largest frame taken from either side, without its 4-byte size
    /// (default: 100 MiB, Kafka's `socket.request.max.bytes`). A larger one
    /// ends the connection as soon as its size arrives.
    pub fn max_frame_size(mut self, bytes: usize) -> Self {
        self.limits.max_frame_size = bytes;
        self
    }

    /// The requests a connection may have waiting for the broker (default
    /// 100); past it, the proxy reads no more from the client until a
    /// response comes.
    pub fn max_in_flight(mut self, requests: usize) -> Self {
        self.limits.max_in_flight = requests.max(1);
        self
    }

    /// The bytes of frames each direction of a connection holds between
    /// reading them and writing them (default 1 MiB; a larger frame goes
    /// alone); past it, the proxy reads no more from that side's peer until
    /// its writes catch up. A direction holds this budget, a frame waiting
    /// for it and the frame being read: with `max_frame_size` it bounds a
    /// connection's memory, at most `max_buffered + 2 * max_frame_size` each
    /// way.
    pub fn max_buffered(mut self, bytes: usize) -> Self {
        self.limits.max_buffered = bytes.clamp(
            1,
            tokio::sync::Semaphore::MAX_PERMITS.min(u32::MAX as usize),
        );
        self
    }

    /// How long connecting to a broker may take (default 10 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.limits.connect_timeout = timeout;
        self
    }

    /// Ends a connection with no request waiting and nothing sent either
    /// way for this long (default: 10 minutes, the broker's
    /// `connections.max.idle.ms`; `None`: never).
    pub fn idle_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.limits.idle_timeout = timeout;
        self
    }

    /// Ends a connection whose client or broker began a frame and sent
    /// nothing more for this long (default 30 s; `None`: never).
    pub fn stall_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.limits.stall_timeout = timeout;
        self
    }

    /// How long the answer to a client's refused SASL authentication (SASL
    /// termination) waits before it is written and the connection closed:
    /// Kafka's `connection.failed.authentication.delay.ms`, 100 ms by
    /// default as in Kafka ([`FAILED_AUTHENTICATION_DELAY`]), which slows a
    /// client trying passwords.
    ///
    /// [`FAILED_AUTHENTICATION_DELAY`]: crate::FAILED_AUTHENTICATION_DELAY
    pub fn failed_authentication_delay(mut self, delay: Duration) -> Self {
        self.limits.failed_authentication_delay = delay;
        self
    }

    /// The largest frame a client may send before and during its first
    /// authentication when the proxy terminates SASL (or
    /// [`client_sasl_required`](Self::client_sasl_required)), without the 4-byte
    /// size: Kafka's `sasl.server.max.receive.size`, 512 KiB by default as
    /// in Kafka ([`MAX_RECEIVE_SIZE`]; never more than
    /// [`max_frame_size`](Self::max_frame_size)). A larger one closes the
    /// connection as soon as its size arrives
    /// ([`ConnectionError::UnauthenticatedFrameSize`](crate::ConnectionError::UnauthenticatedFrameSize)),
    /// so that a peer who has not authenticated makes the proxy hold at
    /// most this much; once it has, `max_frame_size` applies.
    ///
    /// [`MAX_RECEIVE_SIZE`]: crate::MAX_RECEIVE_SIZE
    pub fn sasl_max_receive_size(mut self, bytes: usize) -> Self {
        self.limits.sasl_max_receive_size = bytes;
        self
    }

    /// Ends a connection whose broker has not answered its oldest request
    /// in this long (default `None`: clients time their requests
    /// themselves, and a JoinGroup may wait minutes).
    pub fn response_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.limits.response_timeout = timeout;
        self
    }

    /// The filters of each connection (none by default: every frame passes
    /// through).
    pub fn filters(mut self, factory: impl FilterFactory) -> Self {
        self.factory = Box::new(factory);
        self
    }

    /// Calls `f` with each [`ProxyEvent`].
    pub fn on_event(mut self, f: impl Fn(&ProxyEvent<'_>) + Send + Sync + 'static) -> Self {
        self.events = Some(Box::new(f));
        self
    }

    /// Opens the bootstrap listener and starts accepting, on the current
    /// tokio runtime.
    ///
    /// Listening on an unspecified address (`0.0.0.0`, `[::]`) needs an
    /// [`advertised_host`](ProxyBuilder::advertised_host): clients cannot
    /// connect to the one the listener has.
    ///
    /// Credentials per tenant ([`tenant_broker_sasl`](Self::tenant_broker_sasl))
    /// need SASL termination: without it the proxy does not know the
    /// principal before the broker connection is used.
    pub async fn start(self) -> io::Result<Proxy> {
        if self.sasl.tenants.is_some() && self.sasl.clients.is_none() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "broker credentials per tenant need SASL termination (sasl_termination)",
            ));
        }
        if self.advertised_host.is_none() && self.listen.ip().is_unspecified() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "listening on {} needs an advertised host, the one clients reach the proxy at",
                    self.listen
                ),
            ));
        }
        let listener = TcpListener::bind(self.listen).await?;
        let local_addr = listener.local_addr()?;
        let (shutdown, watch) = watch::channel(false);
        let shared = Arc::new(self.shared(local_addr, watch));
        shared.event(ProxyEvent::Listening {
            listener: Listener::Bootstrap,
            address: local_addr,
        });
        tokio::spawn(accept(Arc::clone(&shared), listener, Listener::Bootstrap));
        if shared.sasl.asks_listener() {
            tokio::spawn(connection::ask_listener(Arc::clone(&shared)));
        }
        Ok(Proxy {
            local_addr,
            shared,
            shutdown,
        })
    }

    /// What every connection shares, for a proxy whose bootstrap listener
    /// is at `local_addr` and which stops when `shutdown` says true.
    fn shared(self, local_addr: SocketAddr, shutdown: watch::Receiver<bool>) -> Shared {
        Shared {
            limits: self.limits,
            tls: self.tls,
            sasl: self.sasl,
            factory: self.factory,
            bootstrap: self.bootstrap,
            node_host: self.node_host.unwrap_or(local_addr.ip()),
            advertised_host: self
                .advertised_host
                .unwrap_or_else(|| local_addr.ip().to_string()),
            node_port_base: self.node_port_base,
            sni_domain: self.sni_domain,
            listen_addr: local_addr,
            max_brokers: self.max_brokers,
            nodes: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            events: self.events,
            shutdown,
        }
    }
}

/// A running proxy: a bootstrap listener forwarding to the bootstrap
/// servers, and a listener per broker that the responses name, opened as
/// they are named. Every response that names brokers (Metadata,
/// FindCoordinator, DescribeCluster, and the endpoints of Produce, Fetch,
/// ShareFetch and ShareAcknowledge) is rewritten to name their listeners, so
/// that clients reach every broker through the proxy.
///
/// Dropping it (or [`shutdown`](Proxy::shutdown)) closes the listeners and
/// every connection.
pub struct Proxy {
    local_addr: SocketAddr,
    shared: Arc<Shared>,
    shutdown: watch::Sender<bool>,
}

impl Proxy {
    /// A proxy of the cluster whose bootstrap server is `bootstrap`
    /// (`host:port`), with the defaults of each [`ProxyBuilder`] method.
    pub fn builder(bootstrap: impl Into<String>) -> ProxyBuilder {
        ProxyBuilder {
            bootstrap: vec![bootstrap.into()],
            listen: SocketAddr::from(([127, 0, 0, 1], 9092)),
            node_host: None,
            advertised_host: None,
            node_port_base: None,
            sni_domain: None,
            max_brokers: 1024,
            limits: Limits {
                max_frame_size: kafka_wire::frame::DEFAULT_MAX_FRAME_SIZE,
                max_in_flight: 100,
                max_buffered: 1 << 20,
                connect_timeout: Duration::from_secs(10),
                idle_timeout: Some(Duration::from_secs(600)),
                stall_timeout: Some(Duration::from_secs(30)),
                response_timeout: None,
                request_budget: None,
                failed_authentication_delay: crate::FAILED_AUTHENTICATION_DELAY,
                sasl_max_receive_size: crate::MAX_RECEIVE_SIZE,
            },
            tls: Tls::default(),
            sasl: SaslSettings::default(),
            factory: Box::new(|_: &ClientConnection| Vec::new()),
            events: None,
        }
    }

    /// Where the bootstrap listener listens.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Where the listener of broker `node` listens, once a response has
    /// named it.
    pub fn node_addr(&self, node: i32) -> Option<SocketAddr> {
        self.shared.node_address(node)
    }

    /// Closes the listeners and every connection.
    pub fn shutdown(&self) {
        let _ = self.shutdown.send(true);
    }

    /// Waits until [`shutdown`](Proxy::shutdown) is called from another
    /// task (for a proxy that runs until it is told to stop).
    pub async fn wait(&self) {
        let mut watch = self.shutdown.subscribe();
        let _ = watch.wait_for(|stop| *stop).await;
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.shutdown();
    }
}
