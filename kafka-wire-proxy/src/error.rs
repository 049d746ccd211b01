//! Why a proxied connection ended.

use std::fmt;
use std::io;
use std::time::Duration;

use kafka_messages::ApiKey;
use kafka_wire::DecodeError;

use crate::filter::FilterError;
use crate::frame::FrameError;

/// One side of a proxied connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Peer {
    /// The client that connected to the proxy.
    Client,
    /// The broker the proxy connected to.
    Broker,
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Peer::Client => "client",
            Peer::Broker => "broker",
        })
    }
}

/// Why the proxy ended a connection (or could not open one). Each ends the
/// client's connection and the broker's together: the frames already queued
/// are written (each write bounded by the stall timeout), responses still
/// owed are not (as when a broker closes), and a frame is never forwarded
/// half-changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConnectionError {
    /// The broker could not be reached.
    #[error("connecting to the broker at {upstream}: {source}")]
    Connect {
        /// The address tried last.
        upstream: String,
        /// Why.
        source: io::Error,
    },
    /// A TLS handshake failed: a certificate that is not trusted or does
    /// not name the peer, no protocol version or cipher in common, a peer
    /// that does not speak TLS, or a handshake longer than the connect
    /// timeout.
    #[error("TLS with the {peer} at {address}: {source}")]
    Tls {
        /// The side whose handshake failed.
        peer: Peer,
        /// Its address.
        address: String,
        /// Why.
        source: io::Error,
    },
    /// Reading from or writing to a peer failed: among others, a frame
    /// over the limit or with a negative size (`InvalidData`), and a stream
    /// that ended inside a frame (`UnexpectedEof`).
    #[error("{peer}: {source}")]
    Io {
        /// The side that failed.
        peer: Peer,
        /// The error.
        source: io::Error,
    },
    /// A request's header does not read.
    #[error("a request header that does not read: {0}")]
    RequestHeader(DecodeError),
    /// A response's header does not read, or it answers no request the
    /// proxy sent, or not the oldest one.
    #[error("the broker answered correlation id {found:?} where the oldest request waiting is {expected:?}")]
    UnexpectedResponse {
        /// The proxy's correlation id of the oldest request waiting, if any.
        expected: Option<i32>,
        /// The response's, if its 4 bytes arrived.
        found: Option<i32>,
    },
    /// A request of an API or version this crate cannot read, where a
    /// filter must see every request ([`Filter::refuses_unread`](crate::Filter::refuses_unread)).
    #[error(
        "a request of API {api_key} v{version}, which the proxy cannot read and its filters must"
    )]
    Unreadable {
        /// The request's API key.
        api_key: i16,
        /// Its version.
        version: i16,
    },
    /// A client that has not authenticated where clients must (SASL
    /// termination, or a brokers' listener that requires SASL,
    /// `ProxyBuilder::client_sasl_required`) sent a request
    /// other than ApiVersions and the SASL APIs.
    #[error("a request of API {api_key} before the client authenticated")]
    NotAuthenticated {
        /// The request's API key.
        api_key: i16,
    },
    /// A client that has not authenticated where clients must (SASL
    /// termination, a brokers' listener that requires SASL, or a filter that
    /// waits for the principal, `Filter::needs_principal`) sent a frame
    /// over the limit for it (`ProxyBuilder::sasl_max_receive_size`,
    /// Kafka's `sasl.server.max.receive.size`): the connection is closed as
    /// soon as the frame's size arrives, as Kafka's broker closes it.
    #[error(
        "a frame of {size} bytes before the client authenticated, over the limit of \
         {limit} (sasl.server.max.receive.size)"
    )]
    UnauthenticatedFrameSize {
        /// The size the frame claimed.
        size: i64,
        /// The limit before authentication.
        limit: usize,
    },
    /// A client's session with a proxy that terminates SASL ended
    /// (`Credentials::max_session`, KIP-368) and it sent a request other
    /// than a re-authentication's, as a broker closes such a connection.
    #[error("a request of API {api_key} after the client's SASL session ended")]
    SessionExpired {
        /// The request's API key.
        api_key: i16,
    },
    /// A proxy that terminates SASL refused the client's authentication:
    /// its answer (UNSUPPORTED_SASL_MECHANISM, SASL_AUTHENTICATION_FAILED
    /// with Kafka's message) is written, then the connection is closed, as
    /// a broker closes it; a re-authentication (KIP-368) naming another
    /// mechanism than its session's is closed at the round after its
    /// handshake, unanswered, as a broker closes it. `reason` is Kafka's
    /// message.
    #[error("the client's SASL authentication: {reason}")]
    ClientAuthentication {
        /// Why.
        reason: String,
    },
    /// The broker refused the proxy's own SASL authentication, or its
    /// answer did not read.
    #[error(
        "authenticating to the broker at {upstream} with {}{}: {reason}",
        mechanism.name(),
        tenant.as_deref().map(|t| format!(" for tenant {t}")).unwrap_or_default()
    )]
    BrokerAuthentication {
        /// The broker's address.
        upstream: String,
        /// The tenant whose credentials they were (`None`: the proxy's
        /// default credentials, no tenant known).
        tenant: Option<String>,
        /// The mechanism.
        mechanism: crate::SaslMechanism,
        /// Why.
        reason: String,
    },
    /// A request the proxy reads itself (SaslHandshake or
    /// SaslAuthenticate) does not read at its version.
    #[error("the {api_key:?} v{version} request: {source}")]
    Request {
        /// Its API.
        api_key: ApiKey,
        /// Its version.
        version: i16,
        /// Why.
        source: FrameError,
    },
    /// A response the proxy reads itself (ApiVersions, the SASL exchange,
    /// or one that names brokers) does not read, or its change does not
    /// write.
    #[error("the {api_key:?} v{version} response: {source}")]
    Response {
        /// Its API.
        api_key: ApiKey,
        /// Its version.
        version: i16,
        /// Why.
        source: FrameError,
    },
    /// A response passed on as it arrived names brokers in tagged fields
    /// that hold neither the proxy's names for them nor, without them, a
    /// filler to their size (the broker sent unknown tags above the
    /// fillers').
    #[error("the {api_key:?} v{version} response's {len} bytes of tagged fields cannot be renamed in place")]
    TailUnfilled {
        /// Its API.
        api_key: ApiKey,
        /// Its version.
        version: i16,
        /// The tagged fields' size.
        len: usize,
    },
    /// A listener for a broker the responses name could not be opened.
    #[error("a listener for node {node}: {source}")]
    Listen {
        /// The broker's node id.
        node: i32,
        /// Why.
        source: io::Error,
    },
    /// A filter closed the connection.
    #[error("a filter closed the connection at a {api_key:?} v{version} {side}: {error}")]
    Filter {
        /// The message's API.
        api_key: ApiKey,
        /// Its version.
        version: i16,
        /// `"request"` or `"response"`.
        side: &'static str,
        /// The filter's reason.
        error: FilterError,
    },
    /// A changed message does not write.
    #[error("a changed {api_key:?} v{version} {side} does not write: {source}")]
    Changed {
        /// The message's API.
        api_key: ApiKey,
        /// Its version.
        version: i16,
        /// `"request"` or `"response"`.
        side: &'static str,
        /// Why.
        source: FrameError,
    },
    /// A peer began a frame and sent nothing more of it for this long.
    #[error("the {peer} sent part of a frame, then nothing for {after:?}")]
    Stalled {
        /// The side that stalled.
        peer: Peer,
        /// The limit.
        after: Duration,
    },
    /// No request was waiting and no byte crossed for this long.
    #[error("idle for {0:?}")]
    Idle(Duration),
    /// The broker did not answer the oldest request in time.
    #[error("the broker did not answer a {api_key:?} v{version} request in {after:?}")]
    ResponseTimeout {
        /// The request's API (`None`: one this crate does not know).
        api_key: Option<ApiKey>,
        /// Its version.
        version: i16,
        /// The limit.
        after: Duration,
    },
    /// The broker closed its connection with requests still waiting.
    #[error("the broker closed the connection with {0} request(s) unanswered")]
    BrokerClosed(usize),
}
