//! A Kafka proxy kit on tokio: a proxy that passes every frame through as
//! bytes unless a [`Filter`] asks for its API and version, and then decodes
//! only what the filter reads.
//!
//! What each proxied connection does, filters or not:
//!
//! - **Frames as bytes.** A frame no filter wants is forwarded unread, its
//!   correlation id aside, whatever its API and version (one this crate does
//!   not know passes too).
//! - **Correlation ids.** The proxy numbers the requests it sends the broker
//!   itself and gives each response back under the client's number, so that
//!   a filter can answer a request from the proxy; answers reach the client
//!   in request order, as Kafka's clients require.
//! - **`acks=0`.** A Produce request's `acks` is read from its body: with 0,
//!   no response is waited for.
//! - **ApiVersions.** For each API that the proxy or a filter reads, the
//!   broker's versions are narrowed to those this crate reads (Kafka 4.4's
//!   and 3.9's), so that a client never sends a version the proxy cannot
//!   read; the rest pass as the broker says. A client's ApiVersions newer
//!   than this crate's is answered as Kafka answers it.
//! - **Broker addresses.** Metadata, FindCoordinator, DescribeCluster, and
//!   the leader endpoints of Produce, Fetch, ShareFetch and ShareAcknowledge
//!   (KIP-951, KIP-932) are rewritten to name the proxy's listener for each
//!   broker, one port per broker, opened as brokers are named: a client
//!   reaches every broker of a cluster through the proxy.
//! - **Limits.** A frame limit (checked as soon as the size arrives),
//!   bounded queues that stop reading a side when the other is slow, a cap
//!   on requests in flight, and timeouts for connecting, for a peer that
//!   stalls inside a frame, for idle connections and (optionally) for the
//!   broker's answers. See [`ProxyBuilder`].
//!
//! ```no_run
//! use kafka_wire_proxy::{filters, Filter, Proxy};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let logger = filters::Logger::stderr();
//! let tenant = filters::Tenant::new("acme.")?;
//! let proxy = Proxy::builder("127.0.0.1:9092")
//!     .listen("127.0.0.1:19092".parse()?)
//!     // Each connection's filters: requests go through them in order.
//!     .filters(move |_: &_| {
//!         vec![
//!             Box::new(logger.clone()) as Box<dyn Filter>,
//!             Box::new(tenant.clone()),
//!         ]
//!     })
//!     .start()
//!     .await?;
//! proxy.wait().await;
//! # Ok(())
//! # }
//! ```
//!
//! A filter sees a [`Frame`]: its header, and its body as bytes, as a
//! typed view, as the owned typed body, or as the interpreted tree, read in
//! the form it asks for; changed, it is written again, and unchanged it
//! goes out as the bytes that came in. Ready filters are in [`filters`].
//!
//! TLS and SASL: with feature `tls` (on by default), the proxy speaks TLS
//! to clients (`ProxyBuilder::client_tls`), to brokers
//! (`ProxyBuilder::broker_tls`), or both, with rustls (re-exported as
//! `kafka_wire_proxy::rustls`); each side's TLS ends at the proxy, which
//! reads the frames between. SASL between
//! client and broker passes through it, over TLS or not, and the proxy
//! follows the exchange: once the broker accepts it, the name the client
//! authenticated with (PLAIN, SCRAM, OAUTHBEARER's `sub`) is the
//! connection's [`Principal`], which every filter sees in
//! [`ClientConnection::principal`]; failures are in
//! [`ClientConnection::authentication`] and both are [`ProxyEvent`]s.

#![warn(missing_docs)]

mod audit;
mod broker_sasl;
#[cfg(feature = "config")]
pub mod config;
mod connection;
mod error;
mod filter;
pub mod filters;
mod frame;
mod identity;
mod proxy;
mod rewrite;
mod stream;
// The SASL server, the SCRAM client, the inspection of exchanges and the
// JWT checks are kafka-wire-sasl's (shared with kafka-wire-fake), named
// here by the modules' old names.
#[cfg(feature = "config")]
use kafka_wire_sasl::oauthbearer;
use kafka_wire_sasl::{inspect as sasl, server as termination};

/// rustls, the TLS library of [`ProxyBuilder::client_tls`] and
/// [`ProxyBuilder::broker_tls`]: build their configurations with this one.
#[cfg(feature = "tls")]
pub use tokio_rustls::rustls;

pub use audit::{AuditEvent, AuditKind, AuditLog};
pub use broker_sasl::BrokerCredentials;
pub use error::{ConnectionError, Peer};
pub use filter::{
    ClientConnection, Filter, FilterError, FilterFactory, Listener, RequestInfo, ResponseSize,
    Verdict,
};
pub use frame::{Frame, FrameError, RequestFrame, ResponseFrame, Side};
pub use identity::{
    Authentication, AuthenticationFailure, CertificateName, Principal, PrincipalSource,
    SaslMechanism,
};
pub use kafka_wire_sasl::{
    Credentials, JwksError, JwtValidator, FAILED_AUTHENTICATION_DELAY, MAX_RECEIVE_SIZE,
    SCRAM_ITERATIONS,
};
pub use proxy::{Proxy, ProxyBuilder, ProxyEvent};
