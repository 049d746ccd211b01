//! One client connection and its broker connection: frames read from each
//! side, passed through the filters they want, and queued for the other
//! side's writer.
//!
//! One task owns a connection's state and filters, and never waits on a
//! write while it could read: each side's writes go through a queue to a
//! writer task. Each direction has a budget of bytes, taken by a frame when
//! it is queued and given back when it is written; the task reads no more
//! from a side while its last frame waits for budget (or the requests in
//! flight are at their limit). That is the backpressure: a slow broker slows
//! the client's reads, not the proxy's memory. A direction holds at most its
//! budget, the frame waiting for it and the frame being read.

use std::collections::{HashSet, VecDeque};
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::{BufMut, Bytes, BytesMut};
use kafka_messages::{api_versions, serve, ApiKey, RequestKind, ResponseKind};
use kafka_wire::dynamic::{TailScan, TailScanner, Value};
use kafka_wire::frame::{self, FrameCodec};
use kafka_wire::{DecodeError, RequestHeader, ResponseHeader, Versioned};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};
use tokio::time::sleep_until;
use tokio_util::codec::Decoder;

use crate::broker_sasl::{
    self, BrokerCredentials, BrokerSasl, Next, AUTHENTICATE_VERSION, HANDSHAKE_VERSION,
};
use crate::error::{ConnectionError, Peer};
use crate::filter::{
    ClientConnection, Filter, FilterError, Listener, RequestInfo, ResponseSize, Verdict,
};
use crate::frame::{Frame, FrameError, RequestFrame, ResponseFrame, Side, Throttle};
use crate::identity::{Authentication, Principal, PrincipalSource};
use crate::proxy::{ProxyEvent, Shared};
use crate::rewrite;
use crate::sasl::{Outcome, SaslInspector};
use crate::stream::{poll_fill, ReadHalf, WriteHalf};
use crate::termination::Terminator;

/// A frame to write: `head` holds a correlation id at `at`, which is
/// written as `correlation_id`; `body` follows. A frame passed on as it
/// arrives ([`Pump::pass_on`]) is written in parts: the first, with `follows`
/// bytes of its body still to come, then parts that are `body` alone
/// (`headless`).
pub(crate) struct OutFrame {
    head: Bytes,
    at: usize,
    correlation_id: i32,
    body: Bytes,
    /// The bytes of the frame's body that come in later parts.
    follows: usize,
    /// A later part of a frame: its bytes as they are.
    headless: bool,
    /// Its share of its direction's buffer budget, held until it is written.
    budget: Option<OwnedSemaphorePermit>,
    /// A response held back until then (a quota's throttle).
    hold_until: Option<tokio::time::Instant>,
    /// Once the response goes to the client, the client's requests are
    /// not read for this long (KIP-219).
    mute: Option<Duration>,
}

impl OutFrame {
    /// A frame's contents as received, with a new correlation id.
    fn whole(mut contents: Bytes, at: usize, correlation_id: i32) -> Self {
        let body = contents.split_off(at + 4);
        OutFrame {
            head: contents,
            at,
            correlation_id,
            body,
            follows: 0,
            headless: false,
            budget: None,
            hold_until: None,
            mute: None,
        }
    }

    /// A later part of a frame passed on as it arrives.
    fn part(body: Bytes) -> Self {
        OutFrame {
            head: Bytes::new(),
            at: 0,
            correlation_id: 0,
            body,
            follows: 0,
            headless: true,
            budget: None,
            hold_until: None,
            mute: None,
        }
    }

    fn len(&self) -> usize {
        self.head.len() + self.body.len()
    }

    /// Raises the `int32` at `offset` in the frame's contents (after its
    /// size, not in the correlation id) to at least `value`: the bytes up
    /// to it are copied, the rest still shared. False where this part of
    /// the frame ends before it.
    fn raise_i32(&mut self, offset: usize, value: i32) -> bool {
        let end = offset + 4;
        let in_id = offset < self.at + 4 && end > self.at;
        if self.headless || in_id || self.len() < end {
            return false;
        }
        let mut head = BytesMut::with_capacity(end.max(self.head.len()));
        head.extend_from_slice(&self.head);
        if let Some(more) = end.checked_sub(self.head.len()) {
            head.extend_from_slice(&self.body.split_to(more));
        }
        let was = i32::from_be_bytes(head[offset..end].try_into().expect("4 bytes"));
        head[offset..end].copy_from_slice(&was.max(value).to_be_bytes());
        self.head = head.freeze();
        true
    }

    /// Slows the client for `duration` with this response of `api_key` at
    /// `version`, whose body starts at `body_at`: its `throttle_time_ms`
    /// raised where it is the body's first field (elsewhere the caller
    /// raised it), and the response held back or the client muted after
    /// it ([`Throttle::of_client`]).
    fn throttle(
        &mut self,
        api_key: ApiKey,
        version: i16,
        body_at: usize,
        duration: Duration,
    ) -> Result<(), ConnectionError> {
        if api_key.throttle_time_first(version) && !self.raise_i32(body_at, millis(duration)) {
            let short = DecodeError::truncated(4, self.len().saturating_sub(body_at))
                .in_field("throttle_time_ms");
            return Err(ConnectionError::Response {
                api_key,
                version,
                source: short.into(),
            });
        }
        let throttle = Throttle::of_client(api_key, version, duration);
        let until = throttle
            .hold
            .and_then(|hold| tokio::time::Instant::now().checked_add(hold));
        self.hold_until = self.hold_until.max(until);
        self.mute = self.mute.max(throttle.mute);
        Ok(())
    }

    /// The size, the header with its correlation id replaced (nothing for
    /// a later part).
    fn put_head(&self, out: &mut BytesMut) {
        if self.headless {
            return;
        }
        let size = self.len() + self.follows;
        out.reserve(4 + self.head.len());
        out.put_u32(size as u32);
        out.extend_from_slice(&self.head[..self.at]);
        out.put_i32(self.correlation_id);
        out.extend_from_slice(&self.head[self.at + 4..]);
    }
}

/// `duration` in whole milliseconds, as `throttle_time_ms` says it.
fn millis(duration: Duration) -> i32 {
    i32::try_from(duration.as_millis()).unwrap_or(i32::MAX)
}

/// A body this large is written from its own buffer rather than copied.
const COPY_LIMIT: usize = 64 * 1024;

/// A response larger than this that nobody reads is passed on in parts of
/// this size as it arrives ([`Pump::pass_on`]).
const PART: usize = 64 * 1024;

/// Writes queued frames, gathering what is queued into one write, until the
/// queue closes; then ends the stream. What is written is flushed whenever
/// the queue is empty (TLS holds encrypted bytes a full socket did not
/// take until then), and the gathering buffer let go, so an idle
/// connection holds none.
/// A peer that takes no byte of a write for `stall` ends it (a client that
/// stops reading its socket holds nothing of the proxy's for longer), and
/// so does a flush or the stream's end that takes longer.
async fn write_frames(
    mut queue: mpsc::UnboundedReceiver<OutFrame>,
    mut out: WriteHalf,
    stall: Option<Duration>,
) -> io::Result<()> {
    let mut buf = BytesMut::new();
    while let Some(first) = queue.recv().await {
        buf.reserve(16 * 1024);
        let mut next = Some(first);
        while let Some(frame) = next.take() {
            if let Some(until) = frame.hold_until {
                // An answer held back until then (a refused authentication):
                // what is before it goes first.
                if !buf.is_empty() {
                    write_progressing(&mut out, &buf, stall).await?;
                    buf.clear();
                }
                within_stall(stall, out.flush()).await?;
                tokio::time::sleep_until(until).await;
            }
            frame.put_head(&mut buf);
            if frame.body.len() >= COPY_LIMIT {
                write_progressing(&mut out, &buf, stall).await?;
                buf.clear();
                write_progressing(&mut out, &frame.body, stall).await?;
            } else {
                buf.extend_from_slice(&frame.body);
            }
            if buf.len() < COPY_LIMIT {
                next = queue.try_recv().ok();
            }
        }
        if !buf.is_empty() {
            write_progressing(&mut out, &buf, stall).await?;
            buf.clear();
        }
        within_stall(stall, out.flush()).await?;
        if queue.is_empty() {
            buf = BytesMut::new();
        }
    }
    within_stall(stall, out.shutdown()).await
}

/// A write, flush or shutdown, failing when it takes longer than `stall`.
async fn within_stall<T>(
    stall: Option<Duration>,
    io: impl std::future::Future<Output = io::Result<T>>,
) -> io::Result<T> {
    let Some(limit) = stall else {
        return io.await;
    };
    tokio::time::timeout(limit, io).await.map_err(|_| {
        io::Error::new(
            io::ErrorKind::TimedOut,
            format!("the peer took no byte of a write for {limit:?}"),
        )
    })?
}

/// `write_all`, failing when a write takes no byte for `stall`.
async fn write_progressing(
    out: &mut WriteHalf,
    mut bytes: &[u8],
    stall: Option<Duration>,
) -> io::Result<()> {
    while !bytes.is_empty() {
        let written = within_stall(stall, out.write(bytes)).await?;
        if written == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        bytes = &bytes[written..];
    }
    Ok(())
}

/// A request sent to the broker, or an answer a filter gave, waiting for
/// its turn.
enum Waiting {
    Broker(Sent),
    Answered(OutFrame),
    /// A request of the proxy's own re-authentication (`api_key`:
    /// SaslHandshake or SaslAuthenticate), under the proxy's id.
    Proxy {
        upstream_id: i32,
        api_key: i16,
    },
}

/// A response being passed on as it arrives: the bytes still to come, and
/// its request.
struct Passing {
    rest: usize,
    sent: Sent,
    /// For a response read only in its tail ([`Reads::Tail`]): its API
    /// and where its body's reading is.
    scan: Option<(ApiKey, TailScanner)>,
    /// The client's mute (a quota's throttle), which begins once the last
    /// part has gone.
    mute: Option<Duration>,
}

/// A response read only in its tail that fails to read.
fn tail_failed(
    api_key: ApiKey,
    version: i16,
) -> impl Fn(kafka_wire::DecodeError) -> ConnectionError + Copy {
    move |e| ConnectionError::Response {
        api_key,
        version,
        source: e.into(),
    }
}

/// What of a response the proxy or a filter reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reads {
    /// Nothing: a large one is passed on as it arrives.
    Nothing,
    /// Only its body's own tagged fields
    /// ([`rewrite::names_brokers_in_tail`]): a large one is passed on as it
    /// arrives, all but those, which are renamed in place.
    Tail,
    /// All of it, once whole.
    Whole,
}

struct Sent {
    /// The proxy's correlation id for it.
    upstream_id: i32,
    /// Its API, if this crate knows it at its version.
    api_key: Option<ApiKey>,
    /// What of its response the proxy or a filter reads.
    reads: Reads,
    /// Whether a filter counts its response by size
    /// ([`Filter::counts_response`]).
    counted: bool,
    info: RequestInfo,
}

/// One side's reading: bytes not yet framed, and when the last arrived.
struct Reader {
    half: ReadHalf,
    buf: BytesMut,
    codec: FrameCodec,
    progress: Instant,
    /// Whether the last turn of the loop read this side.
    reading: bool,
    ended: bool,
}

impl Reader {
    fn new(half: ReadHalf, max_frame_size: usize) -> Self {
        Reader {
            half,
            buf: BytesMut::new(),
            codec: FrameCodec::new(max_frame_size),
            progress: Instant::now(),
            reading: false,
            ended: false,
        }
    }

    fn frame(&mut self, peer: Peer) -> Result<Option<Bytes>, ConnectionError> {
        self.codec
            .decode(&mut self.buf)
            .map_err(|source| ConnectionError::Io { peer, source })
    }

    /// The next frame of a client that has not yet authenticated, where
    /// clients must (SASL termination, a broker's SASL listener, or a
    /// filter waiting for the principal): held
    /// to `limit`, Kafka's
    /// `sasl.server.max.receive.size`, rather than the frame limit.
    fn unauthenticated_frame(&mut self, limit: usize) -> Result<Option<Bytes>, ConnectionError> {
        let limit = limit.min(self.codec.max_frame_size());
        FrameCodec::new(limit)
            .decode(&mut self.buf)
            .map_err(|source| {
                match source
                    .get_ref()
                    .and_then(|e| e.downcast_ref::<kafka_wire::DecodeError>())
                    .map(kafka_wire::DecodeError::kind)
                {
                    Some(&kafka_wire::DecodeErrorKind::FrameSize { size, .. }) => {
                        ConnectionError::UnauthenticatedFrameSize { size, limit }
                    }
                    _ => ConnectionError::Io {
                        peer: Peer::Client,
                        source,
                    },
                }
            })
    }

    /// What a read of `peer`'s socket returned: bytes (progress) or the
    /// end of its stream.
    fn read(&mut self, read: io::Result<usize>, peer: Peer) -> Result<(), ConnectionError> {
        match read {
            // A TLS peer that closes without close_notify ends its stream as
            // a TCP one does (Kafka's clients do): the framing still tells
            // an end inside a frame.
            Ok(0) => self.ended = true,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => self.ended = true,
            Ok(_) => self.progress = Instant::now(),
            Err(source) => return Err(ConnectionError::Io { peer, source }),
        }
        Ok(())
    }

    /// Reads what the socket has ([`poll_fill`]), with room for at least
    /// `room` bytes (the rest of a part being passed on), or else at least
    /// 4 KiB, grown by 8 KiB.
    fn fill(
        &mut self,
        room: Option<usize>,
    ) -> impl std::future::Future<Output = io::Result<usize>> + '_ {
        std::future::poll_fn(move |cx| {
            let room = room.unwrap_or(if self.buf.capacity() - self.buf.len() < 4096 {
                8192
            } else {
                0
            });
            poll_fill(std::pin::Pin::new(&mut self.half), cx, &mut self.buf, room)
        })
    }
}

/// Serves one accepted client connection until either side ends it.
pub(crate) async fn serve(
    shared: Arc<Shared>,
    listener: Listener,
    client: TcpStream,
    client_addr: SocketAddr,
) {
    let id = shared.next_id();
    let mut listener = listener;
    let opened = match shared
        .tls
        .client(client, shared.limits.connect_timeout)
        .await
    {
        Ok((client, names)) => {
            // SNI routing: the server name says which broker.
            if let Some(node) = names
                .server
                .as_deref()
                .and_then(|name| shared.node_of_server_name(name))
            {
                listener = Listener::Node(node);
            }
            match connect(&shared, listener).await {
                Ok((broker, upstream, session)) => {
                    Ok((client, names.certificate, broker, upstream, session))
                }
                Err((error, reached)) => {
                    // A broker that refused the proxy's own credentials:
                    // the connection it was for is named in the event (and
                    // so in the audit log).
                    let connection = reached.map(|upstream| {
                        client_connection(
                            &shared,
                            id,
                            client_addr,
                            listener,
                            upstream,
                            names.certificate,
                        )
                    });
                    Err((error, connection))
                }
            }
        }
        Err(source) => Err((
            ConnectionError::Tls {
                peer: Peer::Client,
                address: client_addr.to_string(),
                source,
            },
            None,
        )),
    };
    let (client, certificate, broker, upstream, broker_session) = match opened {
        Ok(opened) => opened,
        Err((error, connection)) => {
            shared.event(ProxyEvent::Closed {
                id,
                connection: connection.as_ref(),
                error: Some(&error),
                requests: 0,
                responses: 0,
            });
            return;
        }
    };
    let opened = Opened {
        id,
        client_addr,
        listener,
        certificate,
        upstream,
        broker_session,
    };
    serve_opened(shared, opened, client, broker).await;
}

/// A client's connection as filters and events see it, before any
/// authentication but its certificate's.
fn client_connection(
    shared: &Shared,
    id: u64,
    client: SocketAddr,
    listener: Listener,
    upstream: SocketAddr,
    certificate: Option<String>,
) -> ClientConnection {
    ClientConnection {
        id,
        client,
        listener,
        upstream,
        tls: shared.tls.toward_clients(),
        principal: certificate.map(|name| Principal {
            name,
            source: PrincipalSource::Certificate,
        }),
        authentication: Authentication::None,
    }
}

/// What a connection is once both sides are open: its id, who the client
/// is and which listener it came to, the name of its certificate, where
/// its broker is, and how long the proxy's own SASL session with the
/// broker lasts when the broker limits it (KIP-368).
pub(crate) struct Opened {
    pub id: u64,
    pub client_addr: SocketAddr,
    pub listener: Listener,
    pub certificate: Option<String>,
    pub upstream: SocketAddr,
    pub broker_session: Option<Duration>,
}

/// Serves a connection whose client and broker streams are open (past
/// TLS, and the proxy's own SASL to the broker) until either side ends it.
pub(crate) async fn serve_opened(
    shared: Arc<Shared>,
    opened: Opened,
    (client_read, client_write): (ReadHalf, WriteHalf),
    (broker_read, broker_write): (ReadHalf, WriteHalf),
) {
    let Opened {
        id,
        client_addr,
        listener,
        certificate,
        upstream,
        broker_session,
    } = opened;
    let connection = client_connection(&shared, id, client_addr, listener, upstream, certificate);
    shared.event(ProxyEvent::Opened(&connection));
    let client_read: ReadHalf = match &shared.limits.request_budget {
        Some(budget) => Box::new(budget.read(client_read, shared.limits.max_frame_size)),
        None => client_read,
    };
    let filters = shared.factory.filters(&connection);
    let needs_principal = filters.iter().any(|f| f.needs_principal());
    let limits = &shared.limits;
    // Unbounded: what each queue holds is bounded by its direction's budget.
    let (to_broker, broker_queue) = mpsc::unbounded_channel();
    let (to_client, client_queue) = mpsc::unbounded_channel();
    let broker_writer = tokio::spawn(write_frames(
        broker_queue,
        broker_write,
        limits.stall_timeout,
    ));
    let client_writer = tokio::spawn(write_frames(
        client_queue,
        client_write,
        limits.stall_timeout,
    ));
    let mut pump = Pump {
        shared: Arc::clone(&shared),
        connection,
        filters,
        sasl: SaslInspector::default(),
        terminator: shared.sasl.clients.clone().map(Terminator::new),
        authenticated: false,
        needs_principal,
        capped: None,
        client: Reader::new(client_read, limits.max_frame_size),
        broker: Reader::new(broker_read, limits.max_frame_size),
        to_broker,
        to_client,
        requests_budget: Arc::new(Semaphore::new(limits.max_buffered)),
        responses_budget: Arc::new(Semaphore::new(limits.max_buffered)),
        for_broker: None,
        for_client: VecDeque::new(),
        waiting: VecDeque::new(),
        passing: None,
        closing: None,
        next_upstream_id: 0,
        reauth_at: broker_session.and_then(reauth_point),
        reauth: None,
        own: match shared.sasl.deferred() {
            true => None,
            false => shared.sasl.broker.clone(),
        },
        own_tenant: None,
        deferred: shared.sasl.deferred(),
        held: None,
        own_deadline: None,
        muted_until: None,
        activity: Instant::now(),
        requests: 0,
        responses: 0,
    };
    let mut result = pump.run().await;
    let Pump {
        connection,
        requests,
        responses,
        to_broker,
        to_client,
        ..
    } = pump;
    // The writers finish what is queued, then end their streams.
    drop((to_broker, to_client));
    for (peer, writer) in [(Peer::Client, client_writer), (Peer::Broker, broker_writer)] {
        if let Ok(Err(source)) = writer.await {
            if result.is_ok() && source.kind() != io::ErrorKind::NotConnected {
                result = Err(ConnectionError::Io { peer, source });
            }
        }
    }
    shared.event(ProxyEvent::Closed {
        id,
        connection: Some(&connection),
        error: result.as_ref().err(),
        requests,
        responses,
    });
}

/// Connects to the broker of `listener` (over TLS when the proxy speaks it
/// to brokers, authenticated when it has credentials for them): its
/// stream's halves, its address, and the lifetime of the proxy's SASL
/// session when the broker limits it. An error comes with the address of
/// the broker that refused the proxy's credentials, if one did.
async fn connect(
    shared: &Shared,
    listener: Listener,
) -> Result<
    ((ReadHalf, WriteHalf), SocketAddr, Option<Duration>),
    (ConnectionError, Option<SocketAddr>),
> {
    let mut last = ConnectionError::Connect {
        upstream: listener.to_string(),
        source: io::Error::new(io::ErrorKind::NotFound, "no broker address known for it"),
    };
    for upstream in shared.upstream(listener) {
        let attempt =
            tokio::time::timeout(shared.limits.connect_timeout, TcpStream::connect(&upstream))
                .await;
        match attempt {
            Ok(Ok(stream)) => {
                let _ = stream.set_nodelay(true);
                let Ok(address) = stream.peer_addr() else {
                    continue;
                };
                let timeout = shared.limits.connect_timeout;
                match shared.tls.broker(stream, &upstream, timeout).await {
                    Ok(mut halves) => {
                        let mut session = None;
                        // With credentials per tenant, the client's
                        // principal chooses them: the Pump authenticates
                        // once the client has.
                        let eager = shared
                            .sasl
                            .broker
                            .as_ref()
                            .filter(|_| !shared.sasl.deferred());
                        if let Some(credentials) = eager {
                            let exchange = broker_sasl(&mut halves, credentials, shared);
                            session = tokio::time::timeout(timeout, exchange)
                                .await
                                .unwrap_or_else(|_| Err(format!("no answer in {timeout:?}")))
                                .map_err(|reason| {
                                    let error = ConnectionError::BrokerAuthentication {
                                        upstream: upstream.clone(),
                                        tenant: None,
                                        mechanism: credentials.mechanism().clone(),
                                        reason,
                                    };
                                    (error, Some(address))
                                })?;
                        }
                        return Ok((halves, address, session));
                    }
                    Err(source) => {
                        last = ConnectionError::Tls {
                            peer: Peer::Broker,
                            address: upstream,
                            source,
                        }
                    }
                }
            }
            Ok(Err(source)) => last = ConnectionError::Connect { upstream, source },
            Err(_) => {
                last = ConnectionError::Connect {
                    upstream,
                    source: io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("no answer in {:?}", shared.limits.connect_timeout),
                    ),
                }
            }
        }
    }
    Err((last, None))
}

/// One request of the proxy's own to a broker, `body` at `version`, and its
/// answer, read as a client's frames are ([`FrameCodec`]: a size over
/// `max_frame_size` refused, at most 64 KiB reserved ahead of what came).
async fn exchange<Q: kafka_wire::Message, R: kafka_wire::Message>(
    (read, write): &mut (ReadHalf, WriteHalf),
    body: &Q,
    version: i16,
    correlation_id: i32,
    max_frame_size: usize,
) -> Result<R, String> {
    let contents = broker_sasl::request_contents(body, version, correlation_id)?;
    let mut out = BytesMut::with_capacity(4 + contents.len());
    out.put_u32(contents.len() as u32);
    out.extend_from_slice(&contents);
    write.write_all(&out).await.map_err(|e| e.to_string())?;
    write.flush().await.map_err(|e| e.to_string())?;
    let mut codec = FrameCodec::new(max_frame_size);
    let mut buf = BytesMut::new();
    let frame = loop {
        if let Some(frame) = codec.decode(&mut buf).map_err(|e| e.to_string())? {
            break frame;
        }
        if read.read_buf(&mut buf).await.map_err(|e| e.to_string())? == 0 {
            return Err("the broker closed the connection before it answered".into());
        }
    };
    broker_sasl::response_body(frame, version)
}

/// Asks the brokers' listener whether it requires SASL of its clients
/// ([`SaslSettings::asks_listener`](crate::proxy::SaslSettings::asks_listener)),
/// on a connection of the proxy's own, with a SaslHandshake
/// ([`broker_sasl::listener_requires_sasl`]). While no answer comes (the
/// brokers not up yet), it asks again after a pause, doubled each time up
/// to 8 s, until the proxy stops. Each try is a [`ProxyEvent::ListenerSasl`].
pub(crate) async fn ask_listener(shared: Arc<Shared>) {
    let mut shutdown = shared.shutdown();
    let mut pause = Duration::from_millis(250);
    loop {
        let answer = tokio::select! {
            answer = listener_requires_sasl(&shared) => answer,
            _ = shutdown.changed() => return,
        };
        shared.event(ProxyEvent::ListenerSasl {
            requires: answer.as_ref().copied().map_err(String::as_str),
        });
        if let Ok(requires) = answer {
            shared.sasl.learn_listener(requires);
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            _ = shutdown.changed() => return,
        }
        pause = (pause * 2).min(Duration::from_secs(8));
    }
}

/// One try of [`ask_listener`].
async fn listener_requires_sasl(shared: &Shared) -> Result<bool, String> {
    let (mut halves, _, _) = connect(shared, Listener::Bootstrap)
        .await
        .map_err(|(error, _)| error.to_string())?;
    let handshake = kafka_messages::SaslHandshakeRequest {
        mechanism: "PLAIN".into(),
    };
    let max = shared.limits.max_frame_size;
    let timeout = shared.limits.connect_timeout;
    let asked = exchange(&mut halves, &handshake, HANDSHAKE_VERSION, 0, max);
    let answer = tokio::time::timeout(timeout, asked)
        .await
        .map_err(|_| format!("no answer to a SaslHandshake in {timeout:?}"))??;
    broker_sasl::listener_requires_sasl(&answer)
}

/// The proxy's own SASL authentication to a broker ([`BrokerSasl`]):
/// SaslHandshake v1, then SaslAuthenticate v2 (one round for PLAIN, two for
/// SCRAM), each answered before the next is sent. Returns the session's
/// lifetime when the broker limits it.
async fn broker_sasl(
    halves: &mut (ReadHalf, WriteHalf),
    credentials: &BrokerCredentials,
    shared: &Shared,
) -> Result<Option<Duration>, String> {
    let max = shared.limits.max_frame_size;
    let (mut sasl, handshake) = BrokerSasl::start(credentials)?;
    let answer = exchange(halves, &handshake, HANDSHAKE_VERSION, 0, max).await?;
    let mut round = sasl.on_handshake(credentials, &answer)?;
    for correlation_id in 1..=2 {
        let answer = exchange(halves, &round, AUTHENTICATE_VERSION, correlation_id, max).await?;
        match sasl.on_authenticate(credentials, &answer)? {
            Next::Send(next) => round = next,
            Next::Done(lifetime) => return Ok(lifetime),
        }
    }
    Err("a third SaslAuthenticate round, which neither PLAIN, SCRAM nor OAUTHBEARER has".into())
}

struct Pump {
    shared: Arc<Shared>,
    connection: ClientConnection,
    filters: Vec<Box<dyn Filter>>,
    /// The client's SASL exchange with the broker, as far as it went.
    sasl: SaslInspector,
    /// The proxy's own SASL server, when it terminates SASL.
    terminator: Option<Terminator>,
    /// Whether a SASL exchange of the client's has succeeded: until then,
    /// with SASL termination, its frames are held to
    /// `Limits::sasl_max_receive_size` (a re-authentication is not held).
    authenticated: bool,
    /// Whether a filter refuses all but ApiVersions and SASL until the
    /// principal is known ([`Filter::needs_principal`]): until then the
    /// client's frames are held as an unauthenticated client's.
    needs_principal: bool,
    /// The APIs the proxy or a filter reads (computed at the first
    /// ApiVersions).
    capped: Option<HashSet<ApiKey>>,
    client: Reader,
    broker: Reader,
    to_broker: mpsc::UnboundedSender<OutFrame>,
    to_client: mpsc::UnboundedSender<OutFrame>,
    /// The bytes of requests read and not yet written (at least one frame).
    requests_budget: Arc<Semaphore>,
    /// The same for responses.
    responses_budget: Arc<Semaphore>,
    /// A request ready for the broker's queue.
    for_broker: Option<OutFrame>,
    /// Responses ready for the client's queue, in order.
    for_client: VecDeque<OutFrame>,
    /// Requests whose responses the client waits for, oldest first.
    waiting: VecDeque<Waiting>,
    /// A response being passed on as it arrives ([`Pump::pass_on`]).
    passing: Option<Passing>,
    /// An answer that ends the connection, and why, waiting until the
    /// response being passed on is whole.
    closing: Option<(OutFrame, ConnectionError)>,
    next_upstream_id: i32,
    /// When the proxy re-authenticates to the broker (KIP-368), when the
    /// broker limits the proxy's session: see [`reauth_point`].
    reauth_at: Option<tokio::time::Instant>,
    /// The proxy's own exchange with the broker in progress (a
    /// re-authentication, or the first authentication when it waited for
    /// the client's): the client's requests wait until it ends.
    reauth: Option<BrokerSasl>,
    /// The credentials of the proxy's own session with the broker, when it
    /// has one.
    own: Option<BrokerCredentials>,
    /// The tenant whose session with the broker this connection's is
    /// (with credentials per tenant, once the client has authenticated).
    own_tenant: Option<String>,
    /// With credentials per tenant: the proxy's SASL toward the broker
    /// waits for the client's authentication to choose them.
    deferred: bool,
    /// The client's successful SaslAuthenticate answer, held until the
    /// broker has accepted the tenant's credentials: the answer, its
    /// version and the client's correlation id.
    held: Option<(OutFrame, i16, i32)>,
    /// When the proxy's own exchange in progress must have ended.
    own_deadline: Option<tokio::time::Instant>,
    /// The client's requests are not read until then (KIP-219's muted
    /// channel).
    muted_until: Option<tokio::time::Instant>,
    activity: Instant,
    requests: u64,
    responses: u64,
}

/// When the proxy re-authenticates a session of `lifetime`: at 85% of it,
/// the earliest point Kafka's own clients pick (at random between 85% and
/// 95%), so that the exchange ends well before the broker would close the
/// connection at the next request after the session's end.
fn reauth_point(lifetime: Duration) -> Option<tokio::time::Instant> {
    let lead = lifetime.checked_mul(85)? / 100;
    tokio::time::Instant::now().checked_add(lead)
}

/// When `timeout` after `since` is, if there is a limit.
fn deadline(since: Instant, timeout: Option<Duration>) -> Option<tokio::time::Instant> {
    // A limit past the clock's range is no limit.
    timeout
        .and_then(|t| since.checked_add(t))
        .map(tokio::time::Instant::from_std)
}

async fn at(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(d) => sleep_until(d).await,
        None => std::future::pending().await,
    }
}

impl Pump {
    fn takes_requests(&self) -> bool {
        self.for_broker.is_none()
            && self.for_client.is_empty()
            && self.muted_until.is_none()
            && self.closing.is_none()
            && self.reauth.is_none()
            && !self.reauth_due()
            && self.waiting.len() < self.shared.limits.max_in_flight
    }

    /// Whether the proxy's session with the broker is due to be renewed
    /// and no renewal has started.
    fn reauth_due(&self) -> bool {
        self.reauth.is_none()
            && self
                .reauth_at
                .is_some_and(|at| at <= tokio::time::Instant::now())
    }

    fn takes_responses(&self) -> bool {
        self.for_client.is_empty()
    }

    /// The share of a direction's budget a frame of `len` bytes takes: all
    /// of it at most, so that a frame larger than the budget goes alone.
    fn share(&self, len: usize) -> u32 {
        len.clamp(1, self.shared.limits.max_buffered) as u32
    }

    /// Whether the client's frames are held to `sasl_max_receive_size`: it
    /// has not authenticated where it must (termination, or a listener
    /// that requires SASL), or a filter waits for its principal.
    fn held_unauthenticated(&self) -> bool {
        !self.authenticated
            && (self.shared.sasl.clients_authenticate()
                || (self.needs_principal && self.connection.principal.is_none()))
    }

    async fn run(&mut self) -> Result<(), ConnectionError> {
        let mut shutdown = self.shared.shutdown();
        let limits = self.shared.limits.clone();
        loop {
            // The proxy's session with the broker renewed between two of
            // the client's requests, once the last one is queued.
            if self.for_broker.is_none() && self.reauth_due() {
                self.start_reauth()?;
            }
            // Frames already read, as far as there is room for them.
            while self.takes_requests() {
                let frame = match self.held_unauthenticated() {
                    true => self
                        .client
                        .unauthenticated_frame(self.shared.limits.sasl_max_receive_size)?,
                    false => self.client.frame(Peer::Client)?,
                };
                match frame {
                    Some(frame) => self.on_request(frame)?,
                    None => break,
                }
            }
            while self.takes_responses() {
                if self.pass_on()? {
                    continue;
                }
                if self.passing.is_some() {
                    break;
                }
                match self.broker.frame(Peer::Broker)? {
                    Some(frame) => self.on_response(frame)?,
                    None => break,
                }
            }
            if self.client.ended && self.for_broker.is_none() {
                return match self.client.buf.is_empty() {
                    true => Ok(()),
                    false => Err(ConnectionError::Io {
                        peer: Peer::Client,
                        source: io::Error::new(
                            io::ErrorKind::UnexpectedEof,
                            "the client ended its stream inside a frame",
                        ),
                    }),
                };
            }
            // Ended before the rest of a response passed on.
            if self.passing.is_none() {
                if let Some((out, error)) = self.closing.take() {
                    self.answer_and_close(out);
                    return Err(error);
                }
            }
            if self.broker.ended
                && self
                    .passing
                    .as_ref()
                    .is_some_and(|p| self.broker.buf.len() < p.rest)
            {
                return Err(ConnectionError::Io {
                    peer: Peer::Broker,
                    source: io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the broker ended its stream inside a frame",
                    ),
                });
            }
            if self.broker.ended && self.for_client.is_empty() {
                let unanswered = self
                    .waiting
                    .iter()
                    .filter(|w| !matches!(w, Waiting::Answered(_)))
                    .count();
                return match (unanswered, self.broker.buf.is_empty()) {
                    (0, true) => Ok(()),
                    (0, false) => Err(ConnectionError::Io {
                        peer: Peer::Broker,
                        source: io::Error::new(
                            io::ErrorKind::UnexpectedEof,
                            "the broker ended its stream inside a frame",
                        ),
                    }),
                    (n, _) => Err(ConnectionError::BrokerClosed(n)),
                };
            }

            let read_client = self.takes_requests() && !self.client.ended;
            let read_broker = self.takes_responses() && !self.broker.ended;
            // A side read again after backpressure has not stalled meanwhile.
            if read_client && !self.client.reading {
                self.client.progress = Instant::now();
            }
            if read_broker && !self.broker.reading {
                self.broker.progress = Instant::now();
            }
            self.client.reading = read_client;
            self.broker.reading = read_broker;
            // Room for the next part being passed on at once.
            let broker_room = self.passing.as_ref().map(|p| p.rest.min(PART));
            let client_stall = (read_client && !self.client.buf.is_empty())
                .then(|| deadline(self.client.progress, limits.stall_timeout))
                .flatten();
            let broker_stall = (read_broker
                && (!self.broker.buf.is_empty() || self.passing.is_some()))
            .then(|| deadline(self.broker.progress, limits.stall_timeout))
            .flatten();
            let oldest = self.passing.as_ref().map(|p| &p.sent).or_else(|| {
                self.waiting.iter().find_map(|w| match w {
                    Waiting::Broker(sent) => Some(sent),
                    Waiting::Answered(_) | Waiting::Proxy { .. } => None,
                })
            });
            // Idle: nothing waits for the broker and nothing is being written.
            let writing = self.requests_budget.available_permits() < limits.max_buffered
                || self.responses_budget.available_permits() < limits.max_buffered;
            let idle = (oldest.is_none() && !writing)
                .then(|| deadline(self.activity, limits.idle_timeout))
                .flatten();
            let response_due =
                oldest.and_then(|s| deadline(s.info.received, limits.response_timeout));
            let oldest_api = oldest.map(|s| (s.api_key, s.info.header.api_version));
            // A response held back (a quota's throttle), and a client muted.
            let held = self.for_client.front().and_then(|f| f.hold_until);
            let muted = self.muted_until;
            // Woken to renew the proxy's session once nothing waits to go
            // to the broker (the top of the loop starts it).
            let reauth = self
                .reauth_at
                .filter(|_| self.reauth.is_none() && self.for_broker.is_none());
            let own_deadline = self.own_deadline;
            let request_share = self.for_broker.as_ref().map_or(1, |f| self.share(f.len()));
            let response_share = self.for_client.front().map_or(1, |f| self.share(f.len()));

            tokio::select! {
                read = self.client.fill(None), if read_client => {
                    self.client.read(read, Peer::Client)?;
                    self.activity = Instant::now();
                }
                read = self.broker.fill(broker_room), if read_broker => {
                    self.broker.read(read, Peer::Broker)?;
                    self.activity = Instant::now();
                }
                budget = Arc::clone(&self.requests_budget).acquire_many_owned(request_share), if self.for_broker.is_some() => {
                    let mut out = self.for_broker.take().expect("checked by the branch");
                    out.budget = budget.ok();
                    // The writer ended: its error says why.
                    if self.to_broker.send(out).is_err() {
                        return Ok(());
                    }
                }
                budget = Arc::clone(&self.responses_budget).acquire_many_owned(response_share), if !self.for_client.is_empty() && held.is_none() => {
                    let mut out = self.for_client.pop_front().expect("checked by the branch");
                    out.budget = budget.ok();
                    if let Some(mute) = out.mute {
                        let until = tokio::time::Instant::now().checked_add(mute);
                        self.muted_until = self.muted_until.max(until);
                    }
                    // A frame counts once, at its first part.
                    let counted = u64::from(!out.headless);
                    if self.to_client.send(out).is_err() {
                        return Ok(());
                    }
                    self.responses += counted;
                }
                () = at(held), if held.is_some() => {
                    if let Some(front) = self.for_client.front_mut() {
                        front.hold_until = None;
                    }
                }
                () = at(muted), if muted.is_some() => self.muted_until = None,
                () = at(reauth), if reauth.is_some() => {}
                () = at(own_deadline), if own_deadline.is_some() => {
                    let reason = format!("no answer in {:?}", limits.connect_timeout);
                    return Err(self.own_failed(reason));
                }
                () = at(client_stall), if client_stall.is_some() => {
                    return Err(ConnectionError::Stalled { peer: Peer::Client, after: limits.stall_timeout.unwrap_or_default() });
                }
                () = at(broker_stall), if broker_stall.is_some() => {
                    return Err(ConnectionError::Stalled { peer: Peer::Broker, after: limits.stall_timeout.unwrap_or_default() });
                }
                () = at(idle), if idle.is_some() => {
                    return Err(ConnectionError::Idle(limits.idle_timeout.unwrap_or_default()));
                }
                () = at(response_due), if response_due.is_some() => {
                    let (api_key, version) = oldest_api.expect("a request waits");
                    return Err(ConnectionError::ResponseTimeout { api_key, version, after: limits.response_timeout.unwrap_or_default() });
                }
                _ = shutdown.changed() => return Ok(()),
            }
        }
    }

    /// The APIs the proxy or a filter reads some version of: those whose
    /// versions ApiVersions narrows to this crate's.
    fn capped(&mut self) -> &HashSet<ApiKey> {
        let filters = &self.filters;
        self.capped.get_or_insert_with(|| {
            ApiKey::ALL
                .iter()
                .copied()
                .filter(|&key| {
                    rewrite::read_by_proxy(key)
                        || (key.is_compiled()
                            && versions(key).any(|v| {
                                filters.iter().any(|f| {
                                    f.wants_request(key, v)
                                        || f.wants_response(key, v)
                                        || f.counts_response(key, v)
                                })
                            }))
                })
                .collect()
        })
    }

    fn on_request(&mut self, frame: Bytes) -> Result<(), ConnectionError> {
        self.requests += 1;
        let header = frame::peek_request_header(&frame).map_err(ConnectionError::RequestHeader)?;
        let info = RequestInfo {
            received: Instant::now(),
            size: frame.len(),
            header,
        };
        let version = info.header.api_version;
        if self.shared.sasl.clients_authenticate() {
            let key = info.header.api_key;
            let sasl_key =
                key == ApiKey::SaslHandshake.key() || key == ApiKey::SaslAuthenticate.key();
            if self.terminator.is_some()
                && sasl_key
                && ApiKey::from_i16(key).is_some_and(|k| k.all_versions().contains(version))
            {
                return self.terminate(frame, info);
            }
            let authenticated =
                matches!(self.connection.authentication, Authentication::Succeeded(_));
            if !authenticated && !sasl_key && key != ApiKey::ApiVersions.key() {
                return Err(ConnectionError::NotAuthenticated { api_key: key });
            }
            let ended = |t: &Terminator| t.session_ended(info.received);
            if authenticated && self.terminator.as_ref().is_some_and(ended) {
                return Err(ConnectionError::SessionExpired { api_key: key });
            }
        }
        let api_key = ApiKey::from_i16(info.header.api_key)
            .filter(|k| k.is_compiled() && k.all_versions().contains(version));
        let Some(api_key) = api_key else {
            if info.header.api_key == ApiKey::ApiVersions.key() {
                // Newer than this crate: answered as Kafka answers it, so
                // that the client retries at a version the proxy reads.
                let mut out = BytesMut::new();
                serve::encode_api_versions_unsupported_contents(
                    &mut out,
                    info.header.correlation_id,
                    ApiKey::ApiVersions.all_versions(),
                )
                .expect("a v0 ApiVersions response always writes");
                let answer = OutFrame::whole(out.freeze(), 0, info.header.correlation_id);
                return self.answered(answer);
            }
            // A filter that must see every request does not let one pass
            // that it cannot read.
            if self.filters.iter().any(|f| f.refuses_unread()) {
                return Err(ConnectionError::Unreadable {
                    api_key: info.header.api_key,
                    version,
                });
            }
            // An API or version this crate does not know: passed through.
            // A newer Produce is read as the newest layout this crate has,
            // so that acks=0 still waits for nothing.
            let answered = match ApiKey::from_i16(info.header.api_key) {
                Some(known) => {
                    let mut rest = frame.clone();
                    let header_version = known.request_header_version(version);
                    RequestHeader::decode(&mut rest, header_version).is_err()
                        || known.expects_response(version, &rest)
                }
                None => true,
            };
            return self.send(
                OutFrame::whole(frame, 4, 0),
                None,
                answered,
                Reads::Nothing,
                info,
            );
        };

        let header_len = header_len_of_request(&frame, api_key, version)?;
        let is_sasl = matches!(api_key, ApiKey::SaslHandshake | ApiKey::SaslAuthenticate);
        if is_sasl {
            self.inspect_request(api_key, version, frame.slice(header_len..))?;
        }
        let mut acks_zero = !api_key.expects_response(version, &frame[header_len..]);
        if !self
            .filters
            .iter()
            .any(|f| f.wants_request(api_key, version))
        {
            let reads = self.reads(api_key, version);
            return self.send(
                OutFrame::whole(frame, 4, 0),
                Some(api_key),
                !acks_zero,
                reads,
                info,
            );
        }

        let mut request = RequestFrame::new(
            api_key,
            version,
            info.header.correlation_id,
            frame,
            header_len,
        );
        for at in 0..self.filters.len() {
            if !self.filters[at].wants_request(api_key, version) {
                continue;
            }
            match self.filters[at].on_request(&self.connection, &mut request) {
                Ok(Verdict::Forward) => {}
                // A Produce with acks=0 gets no answer, from the proxy either.
                Ok(Verdict::Respond(_)) if acks_zero => return Ok(()),
                Ok(Verdict::Respond(body)) => {
                    let mut answer = ResponseFrame::built(
                        api_key,
                        version,
                        info.header.correlation_id,
                        response_header(api_key, version),
                        *body,
                    );
                    // The filters the request went through see the answer,
                    // as they would the broker's.
                    let before = &mut self.filters[..at];
                    through_filters(before, &self.connection, &info, &mut answer)?;
                    return self.answered(out_frame(answer, info.header.correlation_id)?);
                }
                Err(error) => {
                    return Err(ConnectionError::Filter {
                        api_key,
                        version,
                        side: "request",
                        error,
                    })
                }
            }
        }
        let changed = request.is_changed();
        let out = out_frame(request, 0)?;
        if changed {
            acks_zero = !api_key.expects_response(version, &out.body);
        }
        // After the filters: what a request changed can decide whether its
        // response is read.
        let reads = self.reads(api_key, version);
        self.send(out, Some(api_key), !acks_zero, reads, info)
    }

    /// What of a response to a request of `api_key` at `version` the proxy
    /// or a filter reads.
    /// A response counted by size is read whole where its
    /// `throttle_time_ms` is not its body's first field (it is raised in
    /// the body read).
    fn reads(&self, api_key: ApiKey, version: i16) -> Reads {
        let whole = matches!(
            api_key,
            ApiKey::ApiVersions | ApiKey::SaslHandshake | ApiKey::SaslAuthenticate
        ) || self
            .filters
            .iter()
            .any(|f| f.wants_response(api_key, version))
            || (self.counts(api_key, version) && !api_key.throttle_time_first(version));
        if whole {
            Reads::Whole
        } else if rewrite::names_brokers_in_tail(api_key, version) {
            Reads::Tail
        } else if rewrite::names_brokers(api_key, version) {
            Reads::Whole
        } else {
            Reads::Nothing
        }
    }

    /// Whether a filter counts responses of `api_key` at `version` by
    /// their size.
    fn counts(&self, api_key: ApiKey, version: i16) -> bool {
        self.filters
            .iter()
            .any(|f| f.counts_response(api_key, version))
    }

    /// Answers a SASL request from the proxy's own credentials (see
    /// [`crate::termination`]).
    fn terminate(&mut self, frame: Bytes, info: RequestInfo) -> Result<(), ConnectionError> {
        let version = info.header.api_version;
        let api_key = ApiKey::from_i16(info.header.api_key).expect("checked by the caller");
        let header_len = header_len_of_request(&frame, api_key, version)?;
        let mut body = frame.slice(header_len..);
        let request = RequestKind::decode(api_key.key(), version, &mut body).map_err(|e| {
            ConnectionError::Request {
                api_key,
                version,
                source: e.into(),
            }
        })?;
        let terminator = self.terminator.as_mut().expect("checked by the caller");
        let mut asked = None;
        let mut succeeded = false;
        let (answer, outcome) = match request {
            RequestKind::SaslHandshake(handshake) => {
                asked = Some(crate::identity::SaslMechanism::from_name(
                    &handshake.mechanism,
                ));
                let (answer, outcome) = terminator.handshake(&handshake);
                (ResponseKind::SaslHandshake(answer), Some(outcome))
            }
            RequestKind::SaslAuthenticate(round) => {
                let unanswered = terminator.unanswered().map(str::to_owned);
                let (answer, outcome) = terminator.authenticate(&round);
                if let Some(reason) = unanswered {
                    // Kafka's REAUTH_BAD_MECHANISM: recorded as a failed
                    // authentication, and closed without an answer.
                    self.settle(outcome);
                    return Err(ConnectionError::ClientAuthentication { reason });
                }
                (ResponseKind::SaslAuthenticate(answer), outcome)
            }
            _ => unreachable!("a SASL API, checked by the caller"),
        };
        succeeded |= matches!(outcome, Some(Outcome::Succeeded(_)));
        // A refusal (not an OAUTHBEARER challenge, answered under no error
        // code) ends the exchange and the connection, as Kafka ends it.
        let refusal = match &answer {
            ResponseKind::SaslHandshake(a) if a.error_code != 0 => Some(format!(
                "Unsupported SASL mechanism {}",
                asked.as_ref().map_or("", |m| m.name())
            )),
            ResponseKind::SaslAuthenticate(a) if a.error_code != 0 => Some(
                a.error_message
                    .as_deref()
                    .unwrap_or("SASL_AUTHENTICATION_FAILED")
                    .to_owned(),
            ),
            _ => None,
        };
        match (outcome, asked) {
            (Some(Outcome::Started), Some(mechanism)) => {
                self.connection.authentication = Authentication::InProgress {
                    mechanism,
                    claimed: None,
                }
            }
            (outcome, _) => self.settle(outcome),
        }
        let correlation_id = info.header.correlation_id;
        let answer = ResponseFrame::built(
            api_key,
            version,
            correlation_id,
            response_header(api_key, version),
            answer,
        );
        let mut answer = out_frame(answer, correlation_id)?;
        if succeeded {
            return self.on_client_authenticated(answer, version, correlation_id);
        }
        if let Some(reason) = refusal {
            // Answered late, as Kafka answers a refused authentication.
            let delay = self.shared.limits.failed_authentication_delay;
            answer.hold_until = tokio::time::Instant::now().checked_add(delay);
            let error = ConnectionError::ClientAuthentication { reason };
            if self.passing.is_some() {
                // After the response being passed on.
                self.closing = Some((answer, error));
                return Ok(());
            }
            self.answer_and_close(answer);
            return Err(error);
        }
        self.answered(answer)
    }

    /// A client has authenticated to the proxy (SASL termination). With
    /// credentials per tenant, the first time, the proxy authenticates to
    /// the broker with its tenant's (or the default), and `answer` waits
    /// until the broker has accepted them.
    fn on_client_authenticated(
        &mut self,
        answer: OutFrame,
        version: i16,
        correlation_id: i32,
    ) -> Result<(), ConnectionError> {
        if !self.shared.sasl.deferred() {
            return self.answered(answer);
        }
        let principal = self.connection.principal.as_ref().map(|p| p.name.as_str());
        let (tenant, credentials) = self
            .shared
            .sasl
            .broker_credentials_of(principal.unwrap_or_default());
        if !self.deferred {
            // A re-authentication (KIP-368): the terminator keeps the
            // principal, so its tenant is the broker session's; checked
            // all the same, so that no tenant's requests ever travel on
            // another's session.
            if tenant != self.own_tenant {
                return Err(self.own_failed(format!(
                    "the client re-authenticated as a principal of tenant {tenant:?}, not the session's"
                )));
            }
            return self.answered(answer);
        }
        self.deferred = false;
        self.own_tenant = tenant;
        let Some(credentials) = credentials else {
            // No credentials for it, and no default: no SASL toward the
            // broker.
            return self.answered(answer);
        };
        self.own = Some(credentials);
        self.held = Some((answer, version, correlation_id));
        self.start_own_exchange()
    }

    /// Follows a SASL request on its way to the broker (see [`crate::sasl`]).
    fn inspect_request(
        &mut self,
        api_key: ApiKey,
        version: i16,
        mut body: Bytes,
    ) -> Result<(), ConnectionError> {
        let request = RequestKind::decode(api_key.key(), version, &mut body).map_err(|e| {
            ConnectionError::Request {
                api_key,
                version,
                source: e.into(),
            }
        })?;
        match request {
            RequestKind::SaslHandshake(handshake) => self.sasl.handshake_request(&handshake),
            RequestKind::SaslAuthenticate(authenticate) => {
                self.sasl.authenticate_request(&authenticate);
                if let Some(progress) = self.sasl.in_progress() {
                    self.connection.authentication = progress;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Records what a SASL response came to on the connection, and tells
    /// the proxy's events.
    fn settle(&mut self, outcome: Option<Outcome>) {
        let connection = &mut self.connection;
        match outcome {
            None => {}
            Some(Outcome::Started) => {
                if let Some(progress) = self.sasl.in_progress() {
                    connection.authentication = progress;
                }
            }
            Some(Outcome::Succeeded(principal)) => {
                self.authenticated = true;
                connection.principal = Some(principal.clone());
                connection.authentication = Authentication::Succeeded(principal);
                self.shared.event(ProxyEvent::Authenticated(connection));
            }
            Some(Outcome::Failed(failure)) => {
                // A name a SASL exchange gave no longer holds (a failed
                // re-authentication); a certificate's does.
                if matches!(
                    connection.principal.as_ref().map(|p| &p.source),
                    Some(PrincipalSource::SaslInspection(_) | PrincipalSource::SaslTermination(_))
                ) {
                    connection.principal = None;
                }
                connection.authentication = Authentication::Failed(failure);
                self.shared
                    .event(ProxyEvent::AuthenticationFailed(connection));
            }
        }
    }

    /// Queues `out` for the broker under the proxy's next correlation id,
    /// and its response, if one comes, for the client.
    fn send(
        &mut self,
        mut out: OutFrame,
        api_key: Option<ApiKey>,
        answered: bool,
        reads: Reads,
        info: RequestInfo,
    ) -> Result<(), ConnectionError> {
        let upstream_id = self.next_upstream_id;
        self.next_upstream_id = self.next_upstream_id.wrapping_add(1);
        out.correlation_id = upstream_id;
        self.for_broker = Some(out);
        if answered {
            let version = info.header.api_version;
            let counted = api_key.is_some_and(|k| self.counts(k, version));
            self.waiting.push_back(Waiting::Broker(Sent {
                upstream_id,
                api_key,
                reads,
                counted,
                info,
            }));
        }
        Ok(())
    }

    /// Starts renewing the proxy's own SASL session with the broker: its
    /// SaslHandshake goes out now, and the client's requests wait until
    /// the exchange ends.
    fn start_reauth(&mut self) -> Result<(), ConnectionError> {
        self.reauth_at = None;
        self.start_own_exchange()
    }

    /// Starts an exchange of the proxy's own with the broker, with the
    /// session's credentials: its SaslHandshake goes out now.
    fn start_own_exchange(&mut self) -> Result<(), ConnectionError> {
        let Some(credentials) = &self.own else {
            return Ok(());
        };
        let (sasl, handshake) = match BrokerSasl::start(credentials) {
            Ok(started) => started,
            Err(reason) => return Err(self.own_failed(reason)),
        };
        self.reauth = Some(sasl);
        self.own_deadline =
            tokio::time::Instant::now().checked_add(self.shared.limits.connect_timeout);
        self.send_own(&handshake, HANDSHAKE_VERSION)
    }

    /// A request of the proxy's own to the broker, under the proxy's next
    /// correlation id; its answer is the proxy's.
    fn send_own<M: kafka_wire::Message>(
        &mut self,
        body: &M,
        version: i16,
    ) -> Result<(), ConnectionError> {
        let upstream_id = self.next_upstream_id;
        self.next_upstream_id = self.next_upstream_id.wrapping_add(1);
        let contents = match broker_sasl::request_contents(body, version, upstream_id) {
            Ok(contents) => contents,
            Err(reason) => return Err(self.own_failed(reason)),
        };
        self.for_broker = Some(OutFrame::whole(contents, 4, upstream_id));
        self.waiting.push_back(Waiting::Proxy {
            upstream_id,
            api_key: M::API_KEY,
        });
        Ok(())
    }

    /// The broker's answer to a request of the proxy's re-authentication:
    /// the next round, or the end of the exchange, after which the client's
    /// requests flow again.
    fn on_reauth_response(&mut self, api_key: i16, frame: Bytes) -> Result<(), ConnectionError> {
        use kafka_messages::{SaslAuthenticateResponse, SaslHandshakeResponse};

        let (Some(credentials), Some(sasl)) = (&self.own, self.reauth.as_mut()) else {
            return Err(self.own_failed("an answer to no exchange of the proxy's".into()));
        };
        let next = if api_key == ApiKey::SaslHandshake.key() {
            broker_sasl::response_body::<SaslHandshakeResponse>(frame, HANDSHAKE_VERSION)
                .and_then(|answer| sasl.on_handshake(credentials, &answer))
                .map(Next::Send)
        } else {
            broker_sasl::response_body::<SaslAuthenticateResponse>(frame, AUTHENTICATE_VERSION)
                .and_then(|answer| sasl.on_authenticate(credentials, &answer))
        };
        match next {
            Err(reason) => Err(self.own_failed(reason)),
            Ok(Next::Send(round)) => self.send_own(&round, AUTHENTICATE_VERSION),
            Ok(Next::Done(lifetime)) => {
                self.reauth = None;
                self.own_deadline = None;
                self.reauth_at = lifetime.and_then(reauth_point);
                // The client's authentication, held for the broker's
                // acceptance, is answered.
                if let Some((answer, _, _)) = self.held.take() {
                    self.waiting.push_back(Waiting::Answered(answer));
                }
                self.release();
                Ok(())
            }
        }
    }

    /// Why the proxy's own exchange with the broker failed, naming the
    /// tenant and the mechanism. When it was the first authentication,
    /// held for the client's, the client's SaslAuthenticate is answered
    /// as Kafka answers refused credentials before the connection ends.
    fn own_failed(&mut self, reason: String) -> ConnectionError {
        let mechanism = self
            .own
            .as_ref()
            .map(|c| c.mechanism().clone())
            .unwrap_or_else(|| crate::SaslMechanism::Other(String::new()));
        let reason = match self.held.take() {
            Some((_, version, correlation_id)) => {
                self.refuse_client(version, correlation_id);
                reason
            }
            None => format!("re-authenticating: {reason}"),
        };
        ConnectionError::BrokerAuthentication {
            upstream: self.connection.upstream.to_string(),
            tenant: self.own_tenant.clone(),
            mechanism,
            reason,
        }
    }

    /// Answers the client's SaslAuthenticate (`version`, `correlation_id`)
    /// with SASL_AUTHENTICATION_FAILED, after what is queued for it: the
    /// connection ends after it is written, as Kafka ends one whose
    /// authentication failed.
    fn refuse_client(&mut self, version: i16, correlation_id: i32) {
        let refusal = kafka_messages::SaslAuthenticateResponse {
            error_code: kafka_wire::ErrorCode::SaslAuthenticationFailed.code(),
            error_message: Some(
                "Authentication failed: the broker refused the proxy's credentials for this tenant"
                    .into(),
            ),
            ..Default::default()
        };
        let api_key = ApiKey::SaslAuthenticate;
        let answer = ResponseFrame::built(
            api_key,
            version,
            correlation_id,
            response_header(api_key, version),
            ResponseKind::SaslAuthenticate(refusal),
        );
        if let Ok(out) = out_frame(answer, correlation_id) {
            self.answer_and_close(out);
        }
    }

    /// Writes `out` after what is queued for the client, for a connection
    /// about to end (the error the caller returns ends it once written);
    /// not before its `hold_until`, if it has one.
    fn answer_and_close(&mut self, out: OutFrame) {
        for earlier in self.for_client.drain(..) {
            let _ = self.to_client.send(earlier);
        }
        let _ = self.to_client.send(out);
        self.responses += 1;
    }

    /// An answer from the proxy: to the client in its turn.
    fn answered(&mut self, out: OutFrame) -> Result<(), ConnectionError> {
        self.waiting.push_back(Waiting::Answered(out));
        self.release();
        Ok(())
    }

    /// Moves the answers at the front of the line to the client's queue
    /// (after the response being passed on, if one is).
    fn release(&mut self) {
        if self.passing.is_some() {
            return;
        }
        while let Some(Waiting::Answered(_)) = self.waiting.front() {
            if let Some(Waiting::Answered(out)) = self.waiting.pop_front() {
                self.for_client.push_back(out);
            }
        }
    }

    /// Passes on a large response that neither the proxy nor a filter
    /// reads as it arrives, [`PART`] bytes at a time (cut-through), rather
    /// than once all of it has: a consumer waits for one fetch before it
    /// sends the next, so holding a fetch's megabyte until it is whole
    /// would add the time of its arrival to every round. A response read
    /// only in its tail ([`Reads::Tail`]) is passed on as far as its body's
    /// reading has gone, and its tail once whole, renamed in place.
    /// Whether the broker's buffered bytes made a part (of one started, or
    /// the first of one).
    fn pass_on(&mut self) -> Result<bool, ConnectionError> {
        let buf = &mut self.broker.buf;
        if let Some(passing) = &mut self.passing {
            let version = passing.sent.info.header.api_version;
            let part = match &mut passing.scan {
                Some((api_key, scan)) if scan.tail_at().is_some() => {
                    if buf.len() < passing.rest {
                        return Ok(false);
                    }
                    let tail = buf.split_to(passing.rest).freeze();
                    rewrite::tail(*api_key, version, tail, &self.shared)?
                }
                _ if buf.len() < passing.rest.min(PART) => return Ok(false),
                None => buf.split_to(buf.len().min(passing.rest)).freeze(),
                Some((api_key, scan)) => {
                    let (TailScan::Before(n) | TailScan::Tail(n)) = scan
                        .scan(&buf[..buf.len().min(passing.rest)])
                        .map_err(tail_failed(*api_key, version))?;
                    if n == 0 {
                        // The tail reached (taken next), or a value cut at
                        // the end of what came (read with what follows).
                        return Ok(scan.tail_at().is_some());
                    }
                    buf.split_to(n).freeze()
                }
            };
            passing.rest -= part.len();
            let mut out = OutFrame::part(part);
            if passing.rest == 0 {
                out.mute = passing.mute;
                self.passing = None;
            }
            self.for_client.push_back(out);
            self.release();
            return Ok(true);
        }
        if buf.len() < 4 + PART {
            return Ok(false);
        }
        let size = i32::from_be_bytes([buf[0], buf[1], buf[2], buf[3]]);
        let Some(size) = usize::try_from(size)
            .ok()
            .filter(|&n| n > buf.len() - 4 && n <= self.shared.limits.max_frame_size)
        else {
            // Whole already, or refused by the framing.
            return Ok(false);
        };
        let id = i32::from_be_bytes([buf[4], buf[5], buf[6], buf[7]]);
        let sent = match self.waiting.front() {
            Some(Waiting::Broker(sent)) if sent.upstream_id == id && sent.reads != Reads::Whole => {
                sent
            }
            _ => return Ok(false),
        };
        let (first, scan) = match (sent.reads, sent.api_key) {
            (Reads::Tail, Some(api_key)) => {
                let version = sent.info.header.api_version;
                let failed = tail_failed(api_key, version);
                let header_len =
                    header_len_of_response(&buf[4..], api_key, version).map_err(failed)?;
                let schema = api_key
                    .response_message_schema()
                    .expect("an API this crate reads");
                let mut scan =
                    TailScanner::new(schema, version, size - header_len).map_err(failed)?;
                let body = 4 + header_len;
                let (TailScan::Before(n) | TailScan::Tail(n)) =
                    scan.scan(&buf[body..]).map_err(failed)?;
                (body + n, Some((api_key, scan)))
            }
            _ => (buf.len(), None),
        };
        let Some(Waiting::Broker(sent)) = self.waiting.pop_front() else {
            unreachable!("matched above")
        };
        let throttle = counted(&mut self.filters, &self.connection, &sent, size)?;
        let first = buf.split_to(first).freeze().slice(4..);
        let mut out = OutFrame::whole(first.clone(), 0, sent.info.header.correlation_id);
        out.follows = size - out.len();
        if let Some((api_key, duration)) = throttle {
            // Counted responses pass on only where throttle_time_ms comes
            // first (Pump::reads): written in this part.
            let version = sent.info.header.api_version;
            let body_at = header_len_of_response(&first, api_key, version)
                .map_err(tail_failed(api_key, version))?;
            out.throttle(api_key, version, body_at, duration)?;
        }
        let mute = out.mute.take();
        self.passing = Some(Passing {
            rest: out.follows,
            sent,
            scan,
            mute,
        });
        self.for_client.push_back(out);
        Ok(true)
    }

    fn on_response(&mut self, frame: Bytes) -> Result<(), ConnectionError> {
        let found = frame::peek_correlation_id(&frame).ok();
        let sent = match self.waiting.front() {
            Some(Waiting::Broker(sent)) if Some(sent.upstream_id) == found => {
                match self.waiting.pop_front() {
                    Some(Waiting::Broker(sent)) => sent,
                    _ => unreachable!("matched above"),
                }
            }
            Some(&Waiting::Proxy {
                upstream_id,
                api_key,
            }) if Some(upstream_id) == found => {
                self.waiting.pop_front();
                return self.on_reauth_response(api_key, frame);
            }
            front => {
                let expected = match front {
                    Some(Waiting::Broker(sent)) => Some(sent.upstream_id),
                    Some(Waiting::Proxy { upstream_id, .. }) => Some(*upstream_id),
                    _ => None,
                };
                return Err(ConnectionError::UnexpectedResponse { expected, found });
            }
        };
        let client_id = sent.info.header.correlation_id;
        let version = sent.info.header.api_version;
        let throttle = counted(&mut self.filters, &self.connection, &sent, frame.len())?;
        let body_at = match throttle {
            Some((api_key, _)) => header_len_of_response(&frame, api_key, version)
                .map_err(tail_failed(api_key, version))?,
            None => 0,
        };
        let mut out = match sent.api_key.filter(|_| sent.reads != Reads::Nothing) {
            None => OutFrame::whole(frame, 0, client_id),
            Some(api_key) => self.read_response(api_key, sent, frame, throttle.map(|(_, d)| d))?,
        };
        if let Some((api_key, duration)) = throttle {
            out.throttle(api_key, version, body_at, duration)?;
        }
        self.for_client.push_back(out);
        self.release();
        Ok(())
    }

    /// Reads a response through the proxy and the filters that want it;
    /// a `throttle` raises its `throttle_time_ms` where that is not the
    /// body's first field ([`OutFrame::throttle`] does the rest).
    fn read_response(
        &mut self,
        api_key: ApiKey,
        sent: Sent,
        frame: Bytes,
        throttle: Option<Duration>,
    ) -> Result<OutFrame, ConnectionError> {
        let client_id = sent.info.header.correlation_id;
        let mut version = sent.info.header.api_version;
        let failed = |version, source| ConnectionError::Response {
            api_key,
            version,
            source,
        };
        let header_len = header_len_of_response(&frame[..], api_key, version)
            .map_err(|e| failed(version, e.into()))?;
        let mut response =
            ResponseFrame::new(api_key, version, client_id, frame.clone(), header_len);
        if api_key == ApiKey::ApiVersions {
            let read_at = |v| {
                let mut read = ResponseFrame::new(api_key, v, client_id, frame.clone(), header_len);
                read.decode()?;
                Ok::<_, FrameError>(read)
            };
            // The response header is v0 at every version: the body starts
            // at the same place.
            if let Ok((read, at)) = api_versions::read_response(version, read_at) {
                (response, version) = (read, at);
            }
            let capped = self.capped();
            rewrite::api_versions(&mut response, |k| capped.contains(&k))
                .map_err(|e| failed(version, e))?;
        }
        if rewrite::names_brokers(api_key, version) {
            rewrite::broker_addresses(&mut response, &self.shared)?;
        }
        if matches!(api_key, ApiKey::SaslHandshake | ApiKey::SaslAuthenticate) {
            let outcome = match response.decode().map_err(|e| failed(version, e))? {
                ResponseKind::SaslHandshake(answer) => Some(self.sasl.handshake_response(answer)),
                ResponseKind::SaslAuthenticate(answer) => self.sasl.authenticate_response(answer),
                _ => None,
            };
            self.settle(outcome);
        }
        through_filters(
            &mut self.filters,
            &self.connection,
            &sent.info,
            &mut response,
        )?;
        if let Some(duration) = throttle.filter(|_| !api_key.throttle_time_first(version)) {
            raise_throttle_time(&mut response, millis(duration)).map_err(|e| failed(version, e))?;
        }
        out_frame(response, client_id)
    }
}

/// The throttle the filters that count `sent`'s response by its `size`
/// ask for, with its API.
fn counted(
    filters: &mut [Box<dyn Filter>],
    connection: &ClientConnection,
    sent: &Sent,
    size: usize,
) -> Result<Option<(ApiKey, Duration)>, ConnectionError> {
    let Some(api_key) = sent.api_key.filter(|_| sent.counted) else {
        return Ok(None);
    };
    let version = sent.info.header.api_version;
    let mut response = ResponseSize::new(api_key, version, size);
    for filter in filters.iter_mut().rev() {
        if filter.counts_response(api_key, version) {
            filter
                .on_response_size(connection, &sent.info, &mut response)
                .map_err(response_filter_failed(api_key, version))?;
        }
    }
    Ok(response.throttle().map(|d| (api_key, d)))
}

/// Raises a response's `throttle_time_ms` to at least `ms` where the field
/// is not the body's first (a Produce's is its last), through its read
/// body; a version without the field is left as it is.
fn raise_throttle_time(response: &mut ResponseFrame, ms: i32) -> Result<(), FrameError> {
    const FIELD: &str = "ThrottleTimeMs";
    if response.dynamic()?.body.get(FIELD).is_none() {
        return Ok(());
    }
    if let Some(Value::Int32(was)) = response.dynamic_mut()?.body.get_mut(FIELD) {
        *was = (*was).max(ms);
    }
    Ok(())
}

/// A filter's error on a response of `api_key` at `version`, which closes
/// the connection.
fn response_filter_failed(
    api_key: ApiKey,
    version: i16,
) -> impl Fn(FilterError) -> ConnectionError {
    move |error| ConnectionError::Filter {
        api_key,
        version,
        side: "response",
        error,
    }
}

/// A response through `filters` in reverse order, each that wants it.
fn through_filters(
    filters: &mut [Box<dyn Filter>],
    connection: &ClientConnection,
    info: &RequestInfo,
    response: &mut ResponseFrame,
) -> Result<(), ConnectionError> {
    let (api_key, version) = (response.api_key(), response.version());
    for filter in filters.iter_mut().rev() {
        if filter.wants_response(api_key, version) {
            filter
                .on_response(connection, info, response)
                .map_err(response_filter_failed(api_key, version))?;
        }
    }
    Ok(())
}

/// A message as it goes out: its header as received (the correlation id in
/// it written as `correlation_id`) and its body, written again if changed.
fn out_frame<K: Side>(message: Frame<K>, correlation_id: i32) -> Result<OutFrame, ConnectionError> {
    let (api_key, version) = (message.api_key(), message.version());
    let throttle = message.throttle();
    let (head, body) = message
        .into_parts()
        .map_err(|source| ConnectionError::Changed {
            api_key,
            version,
            side: K::NAME,
            source,
        })?;
    Ok(OutFrame {
        head,
        at: K::CORRELATION_AT,
        correlation_id,
        body,
        follows: 0,
        headless: false,
        budget: None,
        hold_until: throttle
            .hold
            .and_then(|hold| tokio::time::Instant::now().checked_add(hold)),
        mute: throttle.mute,
    })
}

/// The versions of `api_key` this crate reads.
fn versions(api_key: ApiKey) -> impl Iterator<Item = i16> {
    let all = api_key.all_versions();
    all.lowest().unwrap_or(0)..=all.highest().unwrap_or(-1)
}

/// Where a request's body begins.
fn header_len_of_request(
    frame: &Bytes,
    api_key: ApiKey,
    version: i16,
) -> Result<usize, ConnectionError> {
    let mut rest = frame.clone();
    RequestHeader::decode(&mut rest, api_key.request_header_version(version))
        .map_err(ConnectionError::RequestHeader)?;
    Ok(frame.len() - rest.len())
}

/// Where a response's body begins.
fn header_len_of_response(
    frame: &[u8],
    api_key: ApiKey,
    version: i16,
) -> Result<usize, kafka_wire::DecodeError> {
    let mut rest = frame;
    ResponseHeader::decode(&mut rest, api_key.response_header_version(version))?;
    Ok(frame.len() - rest.len())
}

/// A response header for an answer from the proxy (its correlation id is
/// written when it is sent).
fn response_header(api_key: ApiKey, version: i16) -> Bytes {
    let mut out = BytesMut::new();
    ResponseHeader::new(0)
        .encode(&mut out, api_key.response_header_version(version))
        .expect("a response header always writes");
    out.freeze()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(out: &OutFrame) -> Vec<u8> {
        let mut bytes = BytesMut::new();
        out.put_head(&mut bytes);
        bytes.extend_from_slice(&out.body);
        bytes.to_vec()
    }

    #[test]
    fn a_throttle_time_is_raised_in_place_and_the_rest_still_shared() {
        // Correlation id 7, a tagged-fields byte, throttle_time_ms 50, then
        // the rest of a body.
        let contents = Bytes::from_static(&[0, 0, 0, 7, 0, 0, 0, 0, 50, 0xaa, 0xbb]);
        let mut out = OutFrame::whole(contents.clone(), 0, 9);
        assert!(out.raise_i32(5, 300));
        assert_eq!(
            written(&out),
            [0, 0, 0, 11, 0, 0, 0, 9, 0, 0, 0, 1, 44, 0xaa, 0xbb]
        );
        assert_eq!(out.body.as_ptr(), contents[9..].as_ptr(), "shared");
        // Never lowered: the broker's own throttle stands when longer.
        assert!(out.raise_i32(5, 20));
        assert_eq!(&written(&out)[8..13], [0, 0, 0, 1, 44]);
        // Not past the bytes this part has, nor in its correlation id.
        let mut out = OutFrame::whole(contents.slice(..7), 0, 9);
        assert!(!out.raise_i32(5, 300));
        assert!(!out.raise_i32(2, 300));
        assert!(!OutFrame::part(contents).raise_i32(5, 300));
    }

    #[tokio::test]
    async fn a_reader_holds_no_buffer_while_its_peer_is_quiet_but_keeps_a_begun_frame() {
        use tokio::io::AsyncWriteExt;
        let (mut peer, socket) = tokio::io::duplex(1 << 16);
        let mut reader = Reader::new(Box::new(socket), 1 << 20);
        let wait = Duration::from_millis(10);
        // Nothing has come: the read waits, holding no buffer.
        assert!(tokio::time::timeout(wait, reader.fill(None)).await.is_err());
        assert_eq!(reader.buf.capacity(), 0);
        // A frame's first bytes are kept while the rest is awaited.
        peer.write_all(&[0, 0, 0, 6, 1, 2]).await.unwrap();
        assert_eq!(reader.fill(None).await.unwrap(), 6);
        assert!(tokio::time::timeout(wait, reader.fill(None)).await.is_err());
        assert_eq!(&reader.buf[..], [0, 0, 0, 6, 1, 2]);
        // Room for the rest of a part being passed on, at once.
        assert!(tokio::time::timeout(wait, reader.fill(Some(PART)))
            .await
            .is_err());
        assert!(reader.buf.capacity() - reader.buf.len() >= PART);
        peer.write_all(&[3, 4, 5, 6]).await.unwrap();
        reader.fill(None).await.unwrap();
        let frame = reader.frame(Peer::Client).unwrap().unwrap();
        assert_eq!(&frame[..], [1, 2, 3, 4, 5, 6]);
        // The frame taken, the buffer is let go at the next wait.
        assert!(tokio::time::timeout(wait, reader.fill(None)).await.is_err());
        assert_eq!(reader.buf.capacity(), 0);
        // The peer's end is the reader's.
        drop(peer);
        assert_eq!(reader.fill(None).await.unwrap(), 0);
    }

    #[test]
    fn a_throttle_on_a_response_too_short_for_it_names_the_field() {
        let mut out = OutFrame::whole(Bytes::from_static(&[0, 0, 0, 7, 0, 1]), 0, 9);
        let error = out
            .throttle(ApiKey::Fetch, 17, 5, Duration::from_millis(300))
            .unwrap_err();
        assert!(error.to_string().contains("throttle_time_ms"), "{error}");
        // A Fetch v17 client waits itself: muted, not held.
        let contents = Bytes::from_static(&[0, 0, 0, 7, 0, 0, 0, 0, 0]);
        let mut out = OutFrame::whole(contents.clone(), 0, 9);
        out.throttle(ApiKey::Fetch, 17, 5, Duration::from_millis(300))
            .unwrap();
        assert_eq!(out.mute, Some(Duration::from_millis(300)));
        assert!(out.hold_until.is_none());
        let mut out = OutFrame::whole(contents, 0, 9);
        out.throttle(ApiKey::Fetch, 7, 4, Duration::from_millis(300))
            .unwrap();
        assert_eq!(out.mute, None);
        assert!(out.hold_until.is_some());
    }
}
