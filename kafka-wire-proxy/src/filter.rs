//! [`Filter`]: what a proxy does to the messages it decodes.

use std::error::Error;
use std::fmt;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use kafka_messages::{ApiKey, ResponseKind};
use kafka_wire::RequestHeader;

use crate::frame::{RequestFrame, ResponseFrame};
use crate::identity::{Authentication, Principal};

/// Where a client connected: the bootstrap listener, or the listener that
/// stands for one broker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Listener {
    /// The bootstrap listener, which forwards to the configured bootstrap
    /// servers.
    Bootstrap,
    /// The listener of the broker with this node id.
    Node(i32),
}

impl fmt::Display for Listener {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Listener::Bootstrap => f.write_str("bootstrap"),
            Listener::Node(id) => write!(f, "node {id}"),
        }
    }
}

/// A client connection through the proxy, as its filters see it.
#[derive(Debug, Clone)]
pub struct ClientConnection {
    /// The proxy's number for the connection, unique while it runs.
    pub id: u64,
    /// The client's address.
    pub client: SocketAddr,
    /// The listener the client connected to.
    pub listener: Listener,
    /// The broker the proxy connected to for it.
    pub upstream: SocketAddr,
    /// Whether the client speaks TLS to the proxy.
    pub tls: bool,
    /// Who the client is, once the proxy knows: from its certificate, or
    /// from a SASL exchange the broker answered with success (which takes
    /// the place of the certificate's).
    pub principal: Option<Principal>,
    /// Where the connection's SASL authentication stands.
    pub authentication: Authentication,
}

/// A request whose response a filter is about to see.
#[derive(Debug, Clone)]
pub struct RequestInfo {
    /// The request's header as the client sent it (its correlation id is
    /// the client's).
    pub header: RequestHeader,
    /// When the proxy read the request.
    pub received: Instant,
    /// The request frame's size as received, without the 4-byte size.
    pub size: usize,
}

/// A response a filter counts by its size
/// ([`Filter::on_response_size`]), seen as its first bytes arrive.
#[derive(Debug, Clone)]
pub struct ResponseSize {
    api_key: ApiKey,
    version: i16,
    size: usize,
    throttle: Option<Duration>,
}

impl ResponseSize {
    pub(crate) fn new(api_key: ApiKey, version: i16, size: usize) -> Self {
        ResponseSize {
            api_key,
            version,
            size,
            throttle: None,
        }
    }

    /// The API.
    pub fn api_key(&self) -> ApiKey {
        self.api_key
    }

    /// The version (the request's).
    pub fn version(&self) -> i16 {
        self.version
    }

    /// The response frame's size: its header and body, without the 4-byte
    /// size before them.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Slows the client for `duration`, as a broker slows a client over its
    /// quota: the response's `throttle_time_ms` says at least that long
    /// (where the response has the field), and a client that waits out a
    /// throttle itself (KIP-219: Produce v6+, Fetch v8+) has none of its
    /// requests read for that long once the response has gone; an older
    /// client gets the response that much later. Given twice, the longer
    /// holds.
    pub fn throttle_client(&mut self, duration: Duration) {
        self.throttle = self.throttle.max(Some(duration));
    }

    /// The throttle asked for.
    pub(crate) fn throttle(&self) -> Option<Duration> {
        self.throttle
    }
}

/// What a filter does with a request.
#[derive(Debug)]
#[non_exhaustive]
pub enum Verdict {
    /// Pass it on to the next filter, then the broker: as received, or as
    /// changed through [`Frame::decode_mut`](crate::Frame::decode_mut) or
    /// [`Frame::dynamic_mut`](crate::Frame::dynamic_mut).
    Forward,
    /// Answer it from the proxy with this body, written at the request's
    /// version; the broker never sees the request. The answer reaches the
    /// client in its turn, after the responses to the requests before it.
    /// (Boxed: a response body is large; [`Verdict::respond`] boxes it.)
    Respond(Box<ResponseKind>),
}

impl Verdict {
    /// [`Verdict::Respond`] with `body`.
    pub fn respond(body: ResponseKind) -> Self {
        Verdict::Respond(Box::new(body))
    }
}

/// Why a filter closes the connection: any error, or a message.
///
/// Built by `?` from any error (a [`FrameError`](crate::FrameError) of
/// a body that does not read, for one), or with [`FilterError::new`].
pub struct FilterError(Box<dyn Error + Send + Sync>);

impl FilterError {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> Self {
        FilterError(message.into().into())
    }

    /// The error.
    pub fn get_ref(&self) -> &(dyn Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl<E: Into<Box<dyn Error + Send + Sync>>> From<E> for FilterError {
    fn from(e: E) -> Self {
        FilterError(e.into())
    }
}

impl fmt::Debug for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// What a proxy does to the messages a filter decodes.
///
/// A filter belongs to one client connection (a [`FilterFactory`] makes one
/// for each) and runs on its task, so it keeps its state in `&mut self`
/// without locks; work that waits belongs on a task of its own.
///
/// The proxy asks [`wants_request`](Filter::wants_request) and
/// [`wants_response`](Filter::wants_response) for each message of an API
/// and version this crate knows; a message no filter wants is forwarded as
/// its bytes, unread, whatever its API and version. For every API a filter
/// wants at any version, the proxy's answer to ApiVersions advertises only
/// the versions this crate knows, so that clients never send it a version it
/// cannot read.
///
/// Requests go through the filters in order, responses in reverse order. A
/// filter that returns an error closes the connection, and the message is
/// not forwarded.
pub trait Filter: Send + 'static {
    /// Whether [`on_request`](Filter::on_request) sees requests of `api_key`
    /// at `version`.
    fn wants_request(&self, api_key: ApiKey, version: i16) -> bool {
        let _ = (api_key, version);
        false
    }

    /// Whether [`on_response`](Filter::on_response) sees responses of
    /// `api_key` at `version` (the request's). Asked for each request once
    /// the filters have seen it, so that what a request taught a filter
    /// can decide; a response no filter (nor the proxy) reads is passed on
    /// as it arrives.
    fn wants_response(&self, api_key: ApiKey, version: i16) -> bool {
        let _ = (api_key, version);
        false
    }

    /// Whether [`on_response_size`](Filter::on_response_size) sees the
    /// size of responses of `api_key` at `version`: for a filter that
    /// counts responses by their size and reads none of their bytes (a
    /// byte-rate quota), so that a large one still passes on as it
    /// arrives. Asked with [`wants_response`](Filter::wants_response).
    fn counts_response(&self, api_key: ApiKey, version: i16) -> bool {
        let _ = (api_key, version);
        false
    }

    /// Whether a request this crate cannot read (an API or version it does
    /// not know) closes the connection instead of passing to the broker
    /// unread: say so for a filter that must see every request, one that
    /// walls tenants off or authorizes. Clients that follow the proxy's
    /// ApiVersions answer never send one for the APIs a filter wants.
    fn refuses_unread(&self) -> bool {
        false
    }

    /// Whether the filter refuses every request but ApiVersions and the
    /// SASL APIs until the connection's principal is known (as choosing
    /// the tenant by principal does). Until then the proxy holds the
    /// client's frames to `sasl_max_receive_size`, as a broker's SASL
    /// listener holds an unauthenticated client's: no frame the filter
    /// would let through can be larger.
    fn needs_principal(&self) -> bool {
        false
    }

    /// Sees a request: read it, change it, answer it, or close the
    /// connection.
    fn on_request(
        &mut self,
        connection: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let _ = (connection, request);
        Ok(Verdict::Forward)
    }

    /// Sees a response's size as its first bytes arrive (before the
    /// filters that read it whole see it): count it, slow the client
    /// ([`ResponseSize::throttle_client`]), or close the connection.
    /// `request` is its request, as the client sent it.
    fn on_response_size(
        &mut self,
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseSize,
    ) -> Result<(), FilterError> {
        let _ = (connection, request, response);
        Ok(())
    }

    /// Sees a response: read it, change it, or close the connection.
    /// `request` is its request, as the client sent it.
    fn on_response(
        &mut self,
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        let _ = (connection, request, response);
        Ok(())
    }
}

/// Makes the filters of each client connection, in the order requests go
/// through them. A closure `Fn(&ClientConnection) -> Vec<Box<dyn Filter>>` is one.
pub trait FilterFactory: Send + Sync + 'static {
    /// The filters of `connection`.
    fn filters(&self, connection: &ClientConnection) -> Vec<Box<dyn Filter>>;
}

impl<F> FilterFactory for F
where
    F: Fn(&ClientConnection) -> Vec<Box<dyn Filter>> + Send + Sync + 'static,
{
    fn filters(&self, connection: &ClientConnection) -> Vec<Box<dyn Filter>> {
        self(connection)
    }
}
