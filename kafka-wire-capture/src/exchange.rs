//! Kafka connections found in a capture: each direction put in order, cut
//! into frames, and each response paired with its request by correlation id
//! and read at its request's API key and version.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use kafka_messages::dynamic::FrameView;
use kafka_messages::ApiKey;
use kafka_wire::frame::FrameDecoder;
use kafka_wire::{DecodeError, DecodeErrorKind};

use crate::packets::{tcp_segment, NotTcp, Packet, Segment};
use crate::tcp::{Flow, StreamEvent};

/// Kafka's default port.
pub const KAFKA_PORT: u16 = 9092;

/// How a capture is read.
#[derive(Debug, Clone)]
pub struct Options {
    /// The ports Kafka listens on: a connection to one is Kafka's. A
    /// connection on other ports is Kafka's when its first bytes read as a
    /// request.
    pub ports: Vec<u16>,
    /// The most bytes a direction holds out of order before it gives up on
    /// the bytes missing (reported as a gap).
    pub max_held: usize,
    /// The largest frame read (Kafka's `socket.request.max.bytes` is 100
    /// MiB): a size above it is reported and the direction resynchronised.
    pub max_frame: usize,
    /// The most requests a connection keeps waiting for their responses;
    /// past it the oldest is reported unanswered.
    pub max_in_flight: usize,
    /// The most bytes all connections together hold (out of order, and of
    /// frames not yet whole): past it, the direction holding the most gives
    /// its bytes up (reported), until the total is under it again.
    pub max_memory: usize,
    /// The API key and version to read a response at whose request was not
    /// captured (else it is reported, not read).
    pub assume: Option<(i16, i16)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ports: vec![KAFKA_PORT],
            max_held: 16 << 20,
            max_frame: 100 << 20,
            max_in_flight: 4096,
            max_memory: 1 << 30,
            assume: None,
        }
    }
}

/// A connection: its number in the capture (from 1, in the order first
/// seen), its client and its server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Connection {
    /// Its number in the capture.
    pub id: u32,
    /// The client's address.
    pub client: SocketAddr,
    /// The server's address.
    pub server: SocketAddr,
}

impl fmt::Display for Connection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{} {} -> {}", self.id, self.client, self.server)
    }
}

/// A request or a response as captured: when its last byte was, its frame
/// (without the size) and what it reads as.
#[derive(Debug)]
pub struct CapturedFrame {
    /// When the packet that completed it was captured.
    pub time: Duration,
    /// The frame, without its size.
    pub frame: Bytes,
    /// The header and body read, or why they do not read.
    pub read: Result<FrameView, DecodeError>,
    /// Bytes after a request's body, which Kafka's broker does not read
    /// (librdkafka sends three after its Metadata request); 0 for a
    /// response, whose bytes after the body are an error.
    pub ignored: usize,
    /// What of the frame the capture did not hold, when it did not hold it
    /// all: `frame` is then the bytes before the first hole, and `read` says
    /// the field the bytes ran out in.
    pub cut: Option<Cut>,
}

impl CapturedFrame {
    /// Its size on the wire, its four bytes of size included (all of them,
    /// for a frame the capture cut).
    pub fn wire_len(&self) -> usize {
        4 + self.cut.as_ref().map_or(self.frame.len(), |c| c.size)
    }
}

/// The bytes of a frame a capture did not hold: a snap length, a lost
/// segment, or the capture's end cut it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The frame's size, as its four bytes of size say (without them).
    pub size: usize,
    /// How many of its bytes were captured.
    pub captured: usize,
    /// The bytes not captured: each hole's offset in the frame (after its
    /// size) and length, in order.
    pub holes: Vec<(usize, usize)>,
}

impl Cut {
    /// How many of its bytes were not captured.
    pub fn missing(&self) -> usize {
        self.size - self.captured
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cut by the capture: {} of {} bytes captured, missing",
            self.captured, self.size
        )?;
        for (i, (at, len)) in self.holes.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{len} at byte {at}")?;
        }
        Ok(())
    }
}

/// A request and its response.
#[derive(Debug)]
pub struct Exchange {
    /// The connection.
    pub connection: Connection,
    /// The API key of the request's header.
    pub api_key: i16,
    /// The version of the request's header.
    pub api_version: i16,
    /// The correlation id.
    pub correlation_id: i32,
    /// The request header's client id.
    pub client_id: Option<String>,
    /// The request, if it was captured.
    pub request: Option<CapturedFrame>,
    /// The response, if it was captured (none when the request asks for
    /// none: a Produce with `acks` 0).
    pub response: Option<CapturedFrame>,
    /// Whether a response was expected.
    pub expects_response: bool,
    /// The version the response was read at, when not the request's: an
    /// ApiVersions response read at version 0 (what a broker answers a
    /// version it does not support with), or `Options::assume`.
    pub response_version: Option<i16>,
    /// The error codes other than 0 in the response, in its order: found
    /// once, when the response is read ([`errors`](Self::errors)).
    pub error_codes: Vec<i16>,
}

impl Exchange {
    /// The API's name, or `api key N` for a key this crate does not know.
    pub fn api_name(&self) -> String {
        ApiKey::from_i16(self.api_key).map_or_else(
            || format!("api key {}", self.api_key),
            |a| a.name().to_string(),
        )
    }

    /// When it started: its request's time, or its response's when the
    /// request was not captured.
    pub fn time(&self) -> Duration {
        self.request
            .as_ref()
            .or(self.response.as_ref())
            .map_or(Duration::ZERO, |m| m.time)
    }

    /// The time from the request to the response, when both were captured.
    pub fn latency(&self) -> Option<Duration> {
        Some(
            self.response
                .as_ref()?
                .time
                .saturating_sub(self.request.as_ref()?.time),
        )
    }

    /// The error codes other than 0 in the response, in the response's
    /// order (none when it was not captured or does not read).
    pub fn errors(&self) -> &[i16] {
        &self.error_codes
    }
}

/// The error codes other than 0 in a response read: every field named
/// `...ErrorCode`, at any depth, in order.
fn response_error_codes(read: &Result<FrameView, DecodeError>) -> Vec<i16> {
    let mut codes = Vec::new();
    if let Ok(view) = read {
        view.body.body().error_codes(&mut codes);
    }
    codes
}

/// Something found in the capture that is not an exchange: what could not
/// be read, and why. (Packets that hold no TCP segment to read are counted
/// by [`Analyzer::skipped`], not reported one by one.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// When (the packet's time).
    pub time: Duration,
    /// The connection, when it is of one.
    pub connection: Option<Connection>,
    /// What.
    pub kind: NoticeKind,
}

/// Which way bytes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// From the client to the server: requests.
    Requests,
    /// From the server to the client: responses.
    Responses,
}

impl fmt::Display for Way {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Way::Requests => "requests",
            Way::Responses => "responses",
        })
    }
}

/// What a [`Notice`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoticeKind {
    /// Bytes of a direction were never captured.
    Gap {
        /// Which direction.
        way: Way,
        /// Where, from the direction's first byte seen.
        offset: u64,
        /// How many.
        missing: u64,
        /// The sequence number of its first byte, when known.
        seq: Option<u32>,
    },
    /// A retransmitted segment differs from the bytes already captured
    /// there (the first copy is kept).
    Conflict {
        /// Which direction.
        way: Way,
        /// Where.
        offset: u64,
    },
    /// A direction held its limit of bytes out of order.
    HeldLimit {
        /// Which direction.
        way: Way,
        /// The limit.
        limit: usize,
    },
    /// A frame's size is negative or above the limit: the bytes are not a
    /// frame start, and the direction waits for one.
    FrameSize {
        /// Which direction.
        way: Way,
        /// The size read.
        size: i64,
        /// The limit.
        limit: usize,
    },
    /// Bytes skipped until a frame start was found: the connection started
    /// before the capture, or after a gap.
    Skipped {
        /// Which direction.
        way: Way,
        /// How many.
        bytes: u64,
    },
    /// A response whose request was not captured.
    UnmatchedResponse {
        /// Its correlation id.
        correlation_id: i32,
        /// Its size on the wire.
        wire_len: usize,
    },
    /// A request whose response was not captured (at the end, or when too
    /// many waited).
    Unanswered {
        /// The API key.
        api_key: i16,
        /// The version.
        api_version: i16,
        /// The correlation id.
        correlation_id: i32,
    },
    /// A direction ended inside a frame.
    CutFrame {
        /// Which direction.
        way: Way,
        /// The frame's size, when its four bytes were captured.
        size: Option<usize>,
        /// The bytes of it captured after its size.
        captured: usize,
    },
    /// The bytes held by every connection passed `Options::max_memory`:
    /// the directions holding the most gave theirs up (each gap and dropped
    /// frame reported too).
    MemoryLimit {
        /// The limit.
        limit: usize,
        /// The bytes held when it was passed.
        held: usize,
    },
    /// A connection's direction gave up what it held to keep under the
    /// memory limit (its frame not yet whole, its bytes out of order, its
    /// bytes kept to check retransmissions): the connection named.
    Evicted {
        /// Which direction.
        way: Way,
        /// The bytes it held, as allocated.
        held: usize,
    },
    /// Connections were closed to keep under the memory limit, those whose
    /// last packet is the oldest first: what they held is read as at the
    /// end of the capture (their cut frames and unanswered requests
    /// reported), and a later packet of one starts it anew, as a
    /// connection the capture joined mid-stream.
    ConnectionsEvicted {
        /// How many.
        count: usize,
        /// The newest last packet among them.
        idle_since: Duration,
    },
    /// A frame not yet whole was given up to keep under the memory limit:
    /// read with what of it was captured (a cut frame), and the direction
    /// looks for the next frame start.
    FrameDropped {
        /// Which direction.
        way: Way,
        /// The bytes of it held.
        held: usize,
    },
}

impl fmt::Display for NoticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoticeKind::Gap { way, offset, missing, seq: Some(seq) } => write!(
                f,
                "{missing} bytes of {way} never captured, at byte {offset} (sequence numbers {seq} to {})",
                seq.wrapping_add(*missing as u32).wrapping_sub(1)
            ),
            NoticeKind::Gap { way, offset, missing, seq: None } => {
                write!(f, "{missing} bytes of {way} never captured, at byte {offset}")
            }
            NoticeKind::Conflict { way, offset } => write!(
                f,
                "a retransmitted segment of {way} differs from the bytes captured at byte {offset}; the first copy is kept"
            ),
            NoticeKind::HeldLimit { way, limit } => write!(
                f,
                "{way}: {limit} bytes held out of order, the limit: the bytes missing before them are given up"
            ),
            NoticeKind::FrameSize { way, size, limit } => write!(
                f,
                "{way}: a frame size of {size} bytes (the limit is {limit}): not a frame; looking for the next one"
            ),
            NoticeKind::Skipped { way, bytes } => write!(
                f,
                "{way}: {bytes} bytes skipped, not known to start a frame (the connection began before the capture, or bytes before them were lost)"
            ),
            NoticeKind::UnmatchedResponse { correlation_id, wire_len } => write!(
                f,
                "a response of {wire_len} bytes with correlation id {correlation_id} whose request was not captured (read it with --assume API:VERSION)"
            ),
            NoticeKind::Unanswered { api_key, api_version, correlation_id } => {
                let api = ApiKey::from_i16(*api_key).map_or_else(|| format!("api key {api_key}"), |a| a.name().to_string());
                write!(f, "no response captured to {api} v{api_version}, correlation id {correlation_id}")
            }
            NoticeKind::CutFrame { way, size: Some(size), captured } => {
                write!(f, "{way}: the capture ends inside a frame of {size} bytes, {captured} of them captured")
            }
            NoticeKind::CutFrame { way, size: None, .. } => {
                write!(f, "{way}: the capture ends inside a frame's size")
            }
            NoticeKind::MemoryLimit { limit, held } => write!(
                f,
                "{held} bytes held by the open connections, over the limit of {limit}: the directions holding the most give theirs up"
            ),
            NoticeKind::Evicted { way, held } => write!(
                f,
                "{way}: {held} bytes held given up, to keep under the memory limit"
            ),
            NoticeKind::ConnectionsEvicted { count, idle_since } => write!(
                f,
                "{count} connections closed, to keep under the memory limit: those idle the longest (no packet since {:.6} s or before)",
                idle_since.as_secs_f64()
            ),
            NoticeKind::FrameDropped { way, held } => write!(
                f,
                "{way}: a frame not yet whole dropped ({held} bytes held), to keep under the memory limit"
            ),
        }
    }
}

/// What reading a capture gives, as it is found.
#[derive(Debug)]
pub enum Event {
    /// A request and its response (or a request that asks for none).
    Exchange(Box<Exchange>),
    /// Something that could not be read.
    Notice(Notice),
}

/// One side of a connection: the bytes it sends, in order, and cut into
/// frames.
struct Side {
    stream: Flow,
    /// Bytes delivered and not yet cut into frames.
    buf: Vec<u8>,
    /// Whether `buf` starts at a frame start.
    synced: bool,
    /// Bytes skipped while looking for a frame start.
    skipped: u64,
    /// Whether no byte was delivered yet, nor a gap found.
    fresh: bool,
    /// The frame a gap cut, while the bytes after the gap are its own.
    cutting: Option<Cutting>,
}

/// A frame a gap cut, until its size is accounted for.
struct Cutting {
    /// What is missing so far.
    cut: Cut,
    /// Its bytes before the first hole.
    prefix: Vec<u8>,
    /// Its bytes captured or missing so far.
    accounted: usize,
}

impl Side {
    /// The bytes it holds: out of order, of a frame not yet whole, and of
    /// a frame a gap cut.
    fn held_bytes(&self) -> usize {
        self.stream.memory()
            + self.buf.capacity()
            + self.cutting.as_ref().map_or(0, |c| c.prefix.capacity())
    }

    fn new(max_held: usize) -> Side {
        Side {
            stream: Flow::new(max_held),
            buf: Vec::new(),
            synced: false,
            skipped: 0,
            fresh: true,
            cutting: None,
        }
    }
}

/// A request waiting for its response.
struct Pending {
    api_key: i16,
    api_version: i16,
    client_id: Option<String>,
    request: CapturedFrame,
}

struct Conn {
    id: u32,
    /// The endpoint that sent first in `key` order: `sides[0]` sends from
    /// `ends[0]`.
    ends: [SocketAddr; 2],
    sides: [Side; 2],
    /// Which side is the client, once known (by its SYN, the port it
    /// connects to, or the request it sends).
    client: Option<usize>,
    /// Whether the connection is Kafka's: to one of its ports, or its first
    /// bytes a request.
    kafka: bool,
    /// The side that sent the SYN, and its sequence number.
    syn_seq: Option<(usize, u32)>,
    /// The bytes of the requests waiting.
    pending_bytes: usize,
    /// Requests waiting, with their correlation ids, in the order sent:
    /// Kafka answers a connection's requests in that order, so the one
    /// answered is almost always the first (boxed: a slot is two words,
    /// and a request costs its own size alone).
    pending: VecDeque<(i32, Box<Pending>)>,
    /// When its last packet was captured.
    last_seen: Duration,
}

/// What an open connection costs beside its buffers: its state (boxed;
/// its entry in the map of connections is counted with the map), and what
/// the count does not see of it: the allocator's header of each of its
/// allocations (its box, its queue, its two directions' buffers). Measured
/// with massif on 10,000 connections open, each a request waiting: the
/// heap held 340 bytes per connection more than counted without these two
/// allowances.
const CONNECTION_COST: usize = std::mem::size_of::<Conn>() + UNSEEN_PER_CONNECTION;

/// The allocator's headers of a connection's allocations (16 bytes each,
/// glibc's header and alignment, for about eight).
const UNSEEN_PER_CONNECTION: usize = 128;

/// What a request waiting holds that the count does not see: the values
/// its parsed view found (kafka-wire's `DynamicView` keeps them in a list
/// of its own), its client id, and their allocations' headers.
const UNSEEN_PER_REQUEST: usize = 256;

/// What an entry of the map of connections costs: its key, its box, and
/// the map's control byte.
const CONNECTION_ENTRY: usize = std::mem::size_of::<((SocketAddr, SocketAddr), Box<Conn>)>() + 1;

/// The bytes a hash map (hashbrown's) allocates to hold `capacity`
/// entries of `entry` bytes: a power of two of buckets, at most 7/8 full
/// (3/4 below 8 buckets... rounded up here), and a control byte each.
fn map_bytes(capacity: usize, entry: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8 / 7 + 1).next_power_of_two().max(4);
    buckets * (entry + 1) + 16
}

impl Conn {
    /// The bytes it holds (see [`Analyzer::held_bytes`]).
    fn held_bytes(&self) -> usize {
        CONNECTION_COST
            + self.pending_held()
            + self.sides.iter().map(Side::held_bytes).sum::<usize>()
    }

    /// The bytes its requests waiting hold: their frames, their state,
    /// and the queue's slots as allocated.
    fn pending_held(&self) -> usize {
        self.pending_bytes
            + self.pending.len() * (std::mem::size_of::<Pending>() + UNSEEN_PER_REQUEST)
            + self.pending.capacity() * std::mem::size_of::<(i32, Box<Pending>)>()
    }

    /// Keeps a request waiting for its response; returns the one it
    /// replaces, of the same correlation id.
    fn wait(&mut self, correlation_id: i32, request: Pending) -> Option<Pending> {
        let old = self.answer(correlation_id);
        self.pending_bytes += request.request.frame.len();
        if self.pending.capacity() == 0 {
            // Most connections have one request in flight: room for one.
            self.pending.reserve_exact(1);
        }
        self.pending.push_back((correlation_id, Box::new(request)));
        old
    }

    /// The request waiting with `correlation_id`, no longer waiting.
    fn answer(&mut self, correlation_id: i32) -> Option<Pending> {
        let at = self
            .pending
            .iter()
            .position(|(c, _)| *c == correlation_id)?;
        let (_, p) = self.pending.remove(at)?;
        self.pending_bytes -= p.request.frame.len();
        Some(*p)
    }

    /// The request waiting longest, no longer waiting.
    fn oldest(&mut self) -> Option<(i32, Pending)> {
        let (correlation_id, p) = self.pending.pop_front()?;
        self.pending_bytes -= p.request.frame.len();
        Some((correlation_id, *p))
    }

    fn connection(&self) -> Option<Connection> {
        let c = self.client.filter(|_| self.kafka)?;
        Some(Connection {
            id: self.id,
            client: self.ends[c],
            server: self.ends[1 - c],
        })
    }
}

/// Hashes a connection's key as std's maps do (SipHash with random keys:
/// a capture is untrusted, and its addresses may be chosen to collide),
/// but in one pass over its bytes gathered first: a key's many small
/// writes (address family, octets, port, for each end) each cost SipHash
/// a round of its own.
#[derive(Default, Clone)]
struct KeyHashing(std::hash::RandomState);

impl std::hash::BuildHasher for KeyHashing {
    type Hasher = GatheredHasher;

    fn build_hasher(&self) -> GatheredHasher {
        GatheredHasher {
            inner: self.0.build_hasher(),
            bytes: [0; 64],
            len: 0,
        }
    }
}

/// The bytes written, gathered (two socket addresses fit), then hashed at
/// once.
struct GatheredHasher {
    inner: std::hash::DefaultHasher,
    bytes: [u8; 64],
    len: usize,
}

impl std::hash::Hasher for GatheredHasher {
    fn write(&mut self, bytes: &[u8]) {
        if self.len + bytes.len() > self.bytes.len() {
            self.inner.write(&self.bytes[..self.len]);
            self.len = 0;
            if bytes.len() > self.bytes.len() {
                self.inner.write(bytes);
                return;
            }
        }
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    fn finish(&self) -> u64 {
        let mut inner = self.inner.clone();
        inner.write(&self.bytes[..self.len]);
        inner.finish()
    }
}

/// The buffers a stream delivers into, kept between packets.
#[derive(Default)]
struct Scratch {
    out: Vec<u8>,
    events: Vec<StreamEvent>,
}

/// Reads a whole capture: every packet through an [`Analyzer`] reading with
/// `options`, then the capture's end; what is found goes to `sink`. Returns
/// the analyzer (its counts of packets not read), or why the capture could
/// not be read to its end (what was found before is read and reported).
pub fn read_capture<R: std::io::Read>(
    input: R,
    options: Options,
    sink: &mut dyn FnMut(Event),
) -> Result<Analyzer, crate::packets::CaptureError> {
    let mut capture = crate::packets::CaptureReader::new(input)?;
    let mut analyzer = Analyzer::new(options);
    let mut failed = None;
    while let Some(packet) = capture.next_packet() {
        match packet {
            Ok(packet) => analyzer.packet(&packet, sink),
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    analyzer.finish(sink);
    failed.map_or(Ok(analyzer), Err)
}

/// Reads a capture's packets into exchanges and notices.
pub struct Analyzer {
    options: Options,
    /// Boxed: the map's table, which grows by doubling and keeps its
    /// room, holds a key and a pointer each.
    connections: HashMap<(SocketAddr, SocketAddr), Box<Conn>, KeyHashing>,
    next_id: u32,
    /// Packets that hold no TCP, by why (counted, not reported one by one).
    skipped: BTreeMap<String, u64>,
    scratch: Scratch,
    /// The last packet's time: the end of the capture's, at its end.
    last_time: Duration,
    /// The bytes the open connections hold, kept up to date packet by
    /// packet (a connection's count is taken before and after its packet).
    held: usize,
    /// Passes of `keep_under_limit` so far: a pass during a packet
    /// recounts `held`, so the packet's own before-and-after is stale.
    passes: u64,
    /// The reader's buffer, as the last packet gave it
    /// ([`Packet::reader_bytes`]).
    reader_bytes: usize,
}

impl Analyzer {
    /// An analyzer reading with `options`.
    pub fn new(options: Options) -> Analyzer {
        Analyzer {
            options,
            connections: HashMap::default(),
            next_id: 1,
            skipped: BTreeMap::new(),
            scratch: Scratch::default(),
            last_time: Duration::ZERO,
            held: 0,
            passes: 0,
            reader_bytes: 0,
        }
    }

    /// Packets that were not TCP or not read, by why.
    pub fn skipped(&self) -> &BTreeMap<String, u64> {
        &self.skipped
    }

    /// Bytes held by the open connections, as allocated: out of order,
    /// kept to check retransmissions, delivered but not yet a whole frame,
    /// of a frame a gap cut, and of the requests waiting for responses;
    /// and what reading them costs besides: the reader's buffer
    /// ([`Packet::reader_bytes`]) and the lists a pass that keeps under
    /// the limit allocates, an entry per open connection. What
    /// [`Options::max_memory`] bounds (counted afresh here; the analyzer
    /// keeps a running count).
    pub fn held_bytes(&self) -> usize {
        let held = self.connections_bytes();
        held + self.beside(held)
    }

    /// What the open connections and the map of them hold.
    fn connections_bytes(&self) -> usize {
        self.table_bytes()
            + self
                .connections
                .values()
                .map(|c| c.held_bytes())
                .sum::<usize>()
    }

    /// What reading costs beside the `held` bytes of the open connections,
    /// counted against the limit with them: the reader's buffer, and the
    /// lists a pass of [`keep_under_limit`](Self::keep_under_limit)
    /// allocates: an entry per open connection, sorted by idleness, and
    /// one per buffer worth giving up alone (at most one per
    /// [`SMALL_BUFFER`] of `held`); each list as a `Vec` grown by doubling
    /// may hold twice its entries.
    fn beside(&self, held: usize) -> usize {
        self.reader_bytes
            + self.connections.len() * PASS_ENTRY
            + held / SMALL_BUFFER * 2 * BUFFER_ENTRY
    }

    /// What the map of connections' table holds, as allocated.
    fn table_bytes(&self) -> usize {
        map_bytes(self.connections.capacity(), CONNECTION_ENTRY)
    }

    /// When the oldest request still waiting for its response was
    /// captured: an exchange that starts before it will not be completed by
    /// a later packet (for showing exchanges in packet order).
    pub fn oldest_waiting(&self) -> Option<Duration> {
        self.connections
            .values()
            .filter_map(|c| Some(c.pending.front()?.1.request.time))
            .min()
    }

    /// Connections open.
    pub fn open_connections(&self) -> usize {
        self.connections.len()
    }

    /// Reads one packet; what it completes goes to `sink`.
    pub fn packet(&mut self, packet: &Packet<'_>, sink: &mut dyn FnMut(Event)) {
        self.last_time = self.last_time.max(packet.time);
        self.reader_bytes = packet.reader_bytes;
        match tcp_segment(packet) {
            Ok(segment) => {
                self.segment(packet.time, &segment, sink);
                if self.held + self.beside(self.held) > self.options.max_memory {
                    self.keep_under_limit(packet.time, 0, sink);
                }
            }
            Err(why) => {
                let key = match &why {
                    NotTcp::Malformed(_) => "malformed".to_string(),
                    other => other.to_string(),
                };
                *self.skipped.entry(key).or_insert(0) += 1;
            }
        }
    }

    /// When the bytes held pass the limit: the directions holding the most
    /// give up their holes (what they held out of order is read after a
    /// gap), the frames they are cutting and the bytes kept to check
    /// retransmissions, and the connections holding the most requests
    /// waiting report the oldest unanswered; then, if that is not enough,
    /// the connections idle the longest are closed. Down to seven eighths
    /// of the limit, so that a capture of many connections passes the
    /// limit again only after as many bytes again: each pass sorts the
    /// connections once, and time stays linear in packets.
    ///
    /// `room` is kept free under the limit besides: the bytes the table of
    /// connections is about to grow by.
    fn keep_under_limit(&mut self, time: Duration, room: usize, sink: &mut dyn FnMut(Event)) {
        self.passes += 1;
        let limit = self.options.max_memory;
        let mut held = self.connections_bytes();
        self.held = held;
        // What is counted beside the connections: the reader's buffer and
        // this pass's lists, as they are before any connection is closed.
        let bound = limit.saturating_sub(room + self.beside(held));
        if held <= bound {
            return;
        }
        sink(Event::Notice(Notice {
            time,
            connection: None,
            kind: NoticeKind::MemoryLimit {
                limit,
                held: held + room,
            },
        }));
        let target = bound - bound / 8;
        // Buffers, the largest first: a direction's (side 0 or 1), or a
        // connection's requests waiting (side 2). Only those worth a notice:
        // many small ones are better given up by closing idle connections.
        let mut buffers: Vec<BufferEntry> = self
            .connections
            .iter()
            .flat_map(|(key, c)| {
                let sides = (0..2).map(move |side| (c.sides[side].held_bytes(), *key, side));
                sides.chain([(c.pending_held(), *key, 2)])
            })
            .filter(|&(bytes, _, _)| bytes >= SMALL_BUFFER)
            .collect();
        buffers.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
        for (_, key, side) in buffers {
            if held <= target {
                break;
            }
            let conn = self.connections.get_mut(&key).expect("a connection");
            let before = conn.held_bytes();
            Self::give_up(&self.options, conn, side, time, &mut self.scratch, sink);
            held = (held + conn.held_bytes()).saturating_sub(before);
        }
        if held > target {
            let mut idle: Vec<IdleEntry> = self
                .connections
                .iter()
                .map(|(key, c)| (c.last_seen, c.id, *key))
                .collect();
            idle.sort_unstable();
            let mut closed = Vec::new();
            // The table keeps its room (counted as allocated) until a
            // quarter or less of it is used: shrunk at every pass, it would
            // grow again at the next connection, a rehash each time.
            for (last_seen, _, key) in idle {
                if held <= target {
                    break;
                }
                let conn = self.connections.remove(&key).expect("a connection");
                held = held.saturating_sub(conn.held_bytes());
                closed.push((last_seen, conn));
            }
            if let Some((idle_since, _)) = closed.last() {
                sink(Event::Notice(Notice {
                    time,
                    connection: None,
                    kind: NoticeKind::ConnectionsEvicted {
                        count: closed.len(),
                        idle_since: *idle_since,
                    },
                }));
            }
            for (_, mut conn) in closed {
                self.close(&mut conn, time, sink);
            }
            // Once the connections closed are freed: the table shrunk is
            // allocated while the old one is alive.
            if self.connections.len() <= self.connections.capacity() / 4 {
                self.connections.shrink_to_fit();
            }
        }
        self.held = self.connections_bytes();
    }

    /// One buffer given up to keep under the memory limit: `side` 0 or 1 a
    /// direction's (its holes, its frame being cut, its bytes kept to check
    /// retransmissions), 2 the connection's oldest requests waiting (each
    /// reported unanswered) until they hold less than [`SMALL_BUFFER`].
    fn give_up(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        scratch: &mut Scratch,
        sink: &mut dyn FnMut(Event),
    ) {
        if side == 2 {
            let Some(connection) = conn.connection() else {
                return;
            };
            while conn.pending_held() >= SMALL_BUFFER {
                let Some((correlation_id, p)) = conn.oldest() else {
                    break;
                };
                Self::unanswered(connection, correlation_id, p, sink);
            }
            conn.pending.shrink_to_fit();
            return;
        }
        if conn.kafka {
            // The connection is named: its direction gives its bytes up.
            sink(Event::Notice(Notice {
                time,
                connection: conn.connection(),
                kind: NoticeKind::Evicted {
                    way: Self::way(conn, side),
                    held: conn.sides[side].held_bytes(),
                },
            }));
        }
        if conn.sides[side].stream.held_bytes() > 0 {
            Self::step(options, conn, side, time, scratch, sink, |d, out, ev| {
                d.finish(out, ev)
            });
        }
        let s = &conn.sides[side];
        let frame = s.buf.len() + s.cutting.as_ref().map_or(0, |c| c.prefix.len());
        if frame > 0 {
            let (way, connection) = (Self::way(conn, side), conn.connection());
            sink(Event::Notice(Notice {
                time,
                connection,
                kind: NoticeKind::FrameDropped { way, held: frame },
            }));
            Self::give_up_frame(options, conn, side, time, sink);
        }
        let s = &mut conn.sides[side];
        s.stream.release_tail();
        s.buf = Vec::new();
    }

    /// Ends the capture: what is held is read, and what waits is reported.
    pub fn finish(&mut self, sink: &mut dyn FnMut(Event)) {
        let mut keys: Vec<_> = self.connections.keys().copied().collect();
        keys.sort_by_key(|k| self.connections[k].id);
        for key in keys {
            let mut conn = self.connections.remove(&key).expect("a connection");
            self.close(&mut conn, self.last_time, sink);
        }
        self.held = 0;
    }

    fn segment(&mut self, time: Duration, segment: &Segment<'_>, sink: &mut dyn FnMut(Event)) {
        let (a, b) = (segment.source, segment.destination);
        let key = if a <= b { (a, b) } else { (b, a) };
        let before = self.table_bytes() + self.connections.get(&key).map_or(0, |c| c.held_bytes());
        // The connection's share after, as segment_of leaves it (a second
        // look-up of the key here cost a SipHash a packet).
        let passes = self.passes;
        let held = self.segment_of(key, a, time, segment, sink);
        if self.passes == passes {
            let after = self.table_bytes() + held;
            self.held = (self.held + after).saturating_sub(before);
        } else {
            // A pass ran for this packet (a new connection in a full table)
            // after `before` was taken, and may have shrunk the table:
            // counted again, once per pass, which is linear already.
            self.held = self.connections_bytes();
        }
    }

    /// Reads `segment` on the connection `key`; returns what the connection
    /// holds after it ([`Conn::held_bytes`]; 0 when it is closed or none).
    fn segment_of(
        &mut self,
        key: (SocketAddr, SocketAddr),
        a: SocketAddr,
        time: Duration,
        segment: &Segment<'_>,
        sink: &mut dyn FnMut(Event),
    ) -> usize {
        let side = usize::from(a != key.0);
        let opening = segment.syn && !segment.ack;
        if opening {
            // A new connection on the same ports ends the old one; the same
            // SYN again (a retransmission) does not.
            if let Some(mut old) = self.connections.remove(&key) {
                let retransmitted = old.syn_seq == Some((side, segment.seq));
                if retransmitted {
                    self.connections.insert(key, old);
                } else {
                    self.close(&mut old, time, sink);
                }
            }
        } else if segment.payload.is_empty()
            && segment.cut == 0
            && !segment.syn
            && !self.connections.contains_key(&key)
        {
            // An ACK, FIN or RST of a connection closed already (or begun
            // before the capture, with nothing to read yet): no connection.
            return 0;
        }
        if self.connections.len() == self.connections.capacity()
            && !self.connections.contains_key(&key)
        {
            // A new connection in a full table doubles it (its buckets, as
            // many bytes again), counted only once grown: room is made
            // first, so that the growth does not pass the limit for a
            // packet (massif's peak on 20,000 connections at 4 MiB).
            let growth = self.table_bytes();
            if self.held + self.beside(self.held) + growth > self.options.max_memory {
                self.keep_under_limit(time, growth, sink);
            }
        }
        let options = &self.options;
        let conn = self.connections.entry(key).or_insert_with(|| {
            let id = self.next_id;
            self.next_id += 1;
            let client = if options.ports.contains(&key.1.port()) {
                Some(0)
            } else if options.ports.contains(&key.0.port()) {
                Some(1)
            } else {
                None
            };
            Box::new(Conn {
                id,
                ends: [key.0, key.1],
                sides: [Side::new(options.max_held), Side::new(options.max_held)],
                kafka: client.is_some(),
                client,
                syn_seq: None,
                pending: VecDeque::new(),
                pending_bytes: 0,
                last_seen: time,
            })
        });
        conn.last_seen = time;
        if opening {
            // The SYN's sender is the client, whatever the ports say.
            conn.client = Some(side);
            conn.syn_seq = Some((side, segment.seq));
        }
        if segment.ack {
            // What the other direction sent and this one acknowledges, and
            // was not captured, is a gap now.
            let ack = segment.ack_number;
            Self::step(
                &self.options,
                conn,
                1 - side,
                time,
                &mut self.scratch,
                sink,
                |d, out, ev| d.acknowledged(ack, out, ev),
            );
        }
        Self::step(
            &self.options,
            conn,
            side,
            time,
            &mut self.scratch,
            sink,
            |d, out, ev| {
                d.push_cut(
                    segment.seq,
                    segment.syn,
                    segment.fin,
                    segment.payload,
                    segment.cut,
                    out,
                    ev,
                )
            },
        );
        if segment.rst || conn.sides.iter().all(|s| s.stream.finished) {
            let mut conn = self.connections.remove(&key).expect("a connection");
            self.close(&mut conn, time, sink);
            return 0;
        }
        conn.held_bytes()
    }

    /// Runs `step` on `side`'s stream, then reads what it delivered.
    fn step(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        scratch: &mut Scratch,
        sink: &mut dyn FnMut(Event),
        step: impl FnOnce(&mut Flow, &mut Vec<u8>, &mut Vec<StreamEvent>),
    ) {
        scratch.out.clear();
        scratch.events.clear();
        step(
            &mut conn.sides[side].stream,
            &mut scratch.out,
            &mut scratch.events,
        );
        Self::deliver(
            options,
            conn,
            side,
            time,
            &scratch.out,
            &scratch.events,
            sink,
        );
    }

    fn way(conn: &Conn, side: usize) -> Way {
        if conn.client == Some(side) {
            Way::Requests
        } else {
            Way::Responses
        }
    }

    /// What a direction delivered in order, with what it found: the bytes
    /// before each gap read, the frame the gap cuts kept with its hole (the
    /// bytes after the gap still its own up to its size), the bytes after it
    /// read from a frame start.
    fn deliver(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        data: &[u8],
        events: &[StreamEvent],
        sink: &mut dyn FnMut(Event),
    ) {
        let mut read = 0;
        for event in events {
            let way = Self::way(conn, side);
            let kind = match *event {
                StreamEvent::Gap {
                    offset,
                    missing,
                    delivered_before,
                } => {
                    Self::data(
                        options,
                        conn,
                        side,
                        time,
                        &data[read..delivered_before],
                        sink,
                    );
                    read = delivered_before;
                    let seq = conn.sides[side].stream.sequence_number(offset);
                    if conn.kafka {
                        sink(Event::Notice(Notice {
                            time,
                            connection: conn.connection(),
                            kind: NoticeKind::Gap {
                                way,
                                offset,
                                missing,
                                seq,
                            },
                        }));
                    }
                    Self::gap(options, conn, side, time, missing, sink);
                    continue;
                }
                StreamEvent::Conflict { offset } => NoticeKind::Conflict { way, offset },
                StreamEvent::LimitReached { limit } => NoticeKind::HeldLimit { way, limit },
            };
            if conn.kafka {
                sink(Event::Notice(Notice {
                    time,
                    connection: conn.connection(),
                    kind,
                }));
            }
        }
        Self::data(options, conn, side, time, &data[read..], sink);
    }

    /// `missing` bytes of `side` never captured, after those delivered: the
    /// frame they cut keeps its hole (and stays in sync when the gap ends
    /// inside it: its size says where the next frame starts); bytes not
    /// known to start a frame are counted as skipped.
    fn gap(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        missing: u64,
        sink: &mut dyn FnMut(Event),
    ) {
        let s = &mut conn.sides[side];
        s.fresh = false;
        let mut rest = missing;
        if s.cutting.is_none() && s.synced && s.buf.len() >= 4 {
            // In sync, the size was read before and is within the limit.
            if let Ok(Some(size)) = FrameDecoder::new(options.max_frame).peek_size(&s.buf) {
                let have = s.buf.len() - 4;
                // The frame's bytes move (a copy would hold them twice).
                let mut prefix = std::mem::take(&mut s.buf);
                prefix.drain(..4);
                s.cutting = Some(Cutting {
                    cut: Cut {
                        size,
                        captured: have,
                        holes: Vec::new(),
                    },
                    prefix,
                    accounted: have,
                });
            }
        }
        if let Some(c) = s.cutting.as_mut() {
            let take = ((c.cut.size - c.accounted) as u64).min(rest) as usize;
            c.cut.holes.push((c.accounted, take));
            c.accounted += take;
            rest -= take as u64;
        } else {
            // Not in sync, or a frame's size cut: its bytes are skipped.
            s.skipped += s.buf.len() as u64;
            s.buf.clear();
        }
        // The gap ends inside the frame it cut: the next frame starts where
        // its size says. Else the next frame start is lost with the gap.
        s.synced = s.synced && rest == 0;
        Self::cut_done(options, conn, side, time, sink);
    }

    /// Reads the frame a gap cut, once its size is accounted for.
    fn cut_done(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        sink: &mut dyn FnMut(Event),
    ) {
        let s = &mut conn.sides[side];
        if s.cutting.as_ref().is_none_or(|c| c.accounted != c.cut.size) {
            return;
        }
        let c = s.cutting.take().expect("a frame cut");
        let mut prefix = c.prefix;
        // Kept while its response is awaited: its room given back first.
        prefix.shrink_to_fit();
        Self::frame(
            options,
            conn,
            side,
            time,
            Bytes::from(prefix),
            Some(c.cut),
            sink,
        );
    }

    /// Gives up the frame `side` is cutting (the capture ends, or memory
    /// runs short): read with what of it was captured, the rest a hole;
    /// bytes not known to start a frame counted as skipped. The direction
    /// then looks for a frame start.
    fn give_up_frame(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        sink: &mut dyn FnMut(Event),
    ) {
        let s = &conn.sides[side];
        let rest = match (&s.cutting, s.synced) {
            (Some(c), _) => c.cut.size - c.accounted,
            (None, true) => FrameDecoder::new(options.max_frame)
                .peek_size(&s.buf)
                .ok()
                .flatten()
                .map_or(0, |size| size - (s.buf.len() - 4)),
            (None, false) => 0,
        };
        if rest > 0 {
            Self::gap(options, conn, side, time, rest as u64, sink);
        }
        let s = &mut conn.sides[side];
        s.skipped += s.buf.len() as u64;
        s.buf.clear();
        s.synced = false;
    }

    /// A whole frame, or one a gap cut, read as a request or a response.
    fn frame(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        frame: Bytes,
        cut: Option<Cut>,
        sink: &mut dyn FnMut(Event),
    ) {
        if conn.client == Some(side) {
            Self::request(options, conn, time, frame, cut, sink);
        } else {
            Self::response(options, conn, time, frame, cut, sink);
        }
    }

    /// Bytes delivered in order on `side`: the frame a gap cut completed,
    /// then cut into frames, each read.
    fn data(
        options: &Options,
        conn: &mut Conn,
        side: usize,
        time: Duration,
        data: &[u8],
        sink: &mut dyn FnMut(Event),
    ) {
        if data.is_empty() {
            return;
        }
        let mut data = data;
        if let Some(c) = conn.sides[side].cutting.as_mut() {
            // The bytes after a gap inside a frame: its own, up to its size.
            let n = (c.cut.size - c.accounted).min(data.len());
            c.accounted += n;
            c.cut.captured += n;
            data = &data[n..];
            Self::cut_done(options, conn, side, time, sink);
            if data.is_empty() {
                return;
            }
        }
        let fresh = std::mem::replace(&mut conn.sides[side].fresh, false);
        if !conn.kafka {
            // Neither port is Kafka's: the connection is when its client's
            // first bytes are a whole request that reads.
            let may_be_client = conn.client.is_none_or(|c| c == side);
            if fresh && may_be_client && whole_request_at(data, 0, options.max_frame) {
                conn.kafka = true;
                conn.client = Some(side);
            } else {
                return;
            }
        }
        let (way, connection) = (Self::way(conn, side), conn.connection());
        let s = &mut conn.sides[side];
        if fresh && s.stream.from_syn() {
            // Captured from the connection's start: a frame starts here.
            s.synced = true;
        }
        let mut frames = Vec::new();
        let sizes = FrameDecoder::new(options.max_frame);
        if s.synced && s.buf.is_empty() {
            // Frames wholly inside the bytes delivered are read from them,
            // not through the buffer; what follows (a frame not yet whole,
            // or a size refused, reported below) goes to the buffer.
            let mut at = 0;
            while let Ok(Some(size)) = sizes.peek_size(&data[at..]) {
                let Some(frame) = data.get(at + 4..at + 4 + size) else {
                    break;
                };
                frames.push(Bytes::copy_from_slice(frame));
                at += 4 + size;
            }
            data = &data[at..];
        }
        s.buf.extend_from_slice(data);
        let client = conn.client == Some(side);
        // Each round either cuts frames to the end of the buffer, or drops
        // at least one byte: bounded by the buffer's length.
        loop {
            let s = &mut conn.sides[side];
            if !s.synced {
                match find_frame_start(&s.buf, client, options.max_frame, &conn.pending) {
                    Scan::Found(at) => {
                        s.skipped += at as u64;
                        s.buf.drain(..at);
                        s.synced = true;
                        if s.skipped > 0 {
                            let bytes = std::mem::take(&mut s.skipped);
                            sink(Event::Notice(Notice {
                                time,
                                connection,
                                kind: NoticeKind::Skipped { way, bytes },
                            }));
                        }
                    }
                    Scan::Wait(at) => {
                        s.skipped += at as u64;
                        s.buf.drain(..at);
                        break;
                    }
                    Scan::None => {
                        // The last bytes may begin a frame the next ones end.
                        let keep = s.buf.len().min(7);
                        let skip = s.buf.len() - keep;
                        s.skipped += skip as u64;
                        s.buf.drain(..skip);
                        break;
                    }
                }
            }
            let mut at = 0;
            let mut lost_sync = false;
            loop {
                let size = match sizes.peek_size(&s.buf[at..]) {
                    Ok(Some(size)) => size,
                    Ok(None) => break,
                    Err(too_large) => {
                        let size = match too_large.kind() {
                            DecodeErrorKind::FrameSize { size, .. } => *size,
                            _ => -1,
                        };
                        sink(Event::Notice(Notice {
                            time,
                            connection,
                            kind: NoticeKind::FrameSize {
                                way,
                                size,
                                limit: options.max_frame,
                            },
                        }));
                        lost_sync = true;
                        break;
                    }
                };
                let end = at + 4 + size;
                if end > s.buf.len() {
                    break;
                }
                if at == 0 && end == s.buf.len() && size >= MOVED_FRAME {
                    // A large frame that fills the buffer: the buffer is
                    // the frame (a copy would hold it twice).
                    let mut whole = std::mem::take(&mut s.buf);
                    whole.shrink_to_fit();
                    frames.push(Bytes::from(whole).slice(4..));
                    break;
                }
                frames.push(Bytes::copy_from_slice(&s.buf[at + 4..end]));
                at = end;
            }
            if !lost_sync {
                s.buf.drain(..at);
                // Buffers sized by need: a large frame's room given back.
                if s.buf.capacity() > 2 * s.buf.len().max(4096) {
                    s.buf.shrink_to(s.buf.len().max(4096));
                }
                break;
            }
            // Not a frame start: its first byte is skipped, and the rest
            // searched for one.
            s.buf.drain(..at + 1);
            s.skipped += 1;
            s.synced = false;
        }
        for frame in frames {
            Self::frame(options, conn, side, time, frame, None, sink);
        }
    }

    fn request(
        options: &Options,
        conn: &mut Conn,
        time: Duration,
        frame: Bytes,
        cut: Option<Cut>,
        sink: &mut dyn FnMut(Event),
    ) {
        let header = kafka_wire::frame::peek_request_header(&frame);
        let (api_key, api_version, correlation_id, client_id) = match &header {
            Ok(h) => (
                h.api_key,
                h.api_version,
                h.correlation_id,
                h.client_id.as_deref().map(String::from),
            ),
            Err(_) => match kafka_wire::frame::peek_request_id(&frame) {
                Ok(id) => (id.api_key, id.api_version, id.correlation_id, None),
                Err(_) => (-1, -1, -1, None),
            },
        };
        let (read, ignored) = match FrameView::read_request(frame.clone()) {
            // A frame cut after its body: the bytes after it are not known.
            Ok((view, end)) if cut.is_none() => (Ok(view), frame.len() - end),
            Ok((view, _)) => (Ok(view), 0),
            Err(e) => (Err(e), 0),
        };
        let expects_response = match &read {
            Ok(view) => view
                .api_key
                .expects_response(view.body.version(), &view.body.bytes()),
            Err(_) => true,
        };
        let request = CapturedFrame {
            time,
            frame,
            read,
            ignored,
            cut,
        };
        let connection = conn.connection().expect("a Kafka connection");
        if !expects_response {
            sink(Event::Exchange(Box::new(Exchange {
                connection,
                api_key,
                api_version,
                correlation_id,
                client_id,
                request: Some(request),
                response: None,
                expects_response,
                response_version: None,
                error_codes: Vec::new(),
            })));
            return;
        }
        let waiting = Pending {
            api_key,
            api_version,
            client_id,
            request,
        };
        if let Some(old) = conn.wait(correlation_id, waiting) {
            // The same correlation id again before its response: the first
            // is unanswered.
            Self::unanswered(connection, correlation_id, old, sink);
        }
        while conn.pending.len() > options.max_in_flight {
            let Some((oldest, old)) = conn.oldest() else {
                break;
            };
            Self::unanswered(connection, oldest, old, sink);
        }
    }

    fn unanswered(
        connection: Connection,
        correlation_id: i32,
        p: Pending,
        sink: &mut dyn FnMut(Event),
    ) {
        sink(Event::Notice(Notice {
            time: p.request.time,
            connection: Some(connection),
            kind: NoticeKind::Unanswered {
                api_key: p.api_key,
                api_version: p.api_version,
                correlation_id,
            },
        }));
        sink(Event::Exchange(Box::new(Exchange {
            connection,
            api_key: p.api_key,
            api_version: p.api_version,
            correlation_id,
            client_id: p.client_id,
            request: Some(p.request),
            response: None,
            expects_response: true,
            response_version: None,
            error_codes: Vec::new(),
        })));
    }

    fn response(
        options: &Options,
        conn: &mut Conn,
        time: Duration,
        frame: Bytes,
        cut: Option<Cut>,
        sink: &mut dyn FnMut(Event),
    ) {
        let connection = conn.connection().expect("a Kafka connection");
        let correlation_id = kafka_wire::frame::peek_correlation_id(&frame).unwrap_or(-1);
        let pending = conn.answer(correlation_id);
        let (api_key, api_version, client_id, request) = match pending {
            Some(p) => (p.api_key, p.api_version, p.client_id, Some(p.request)),
            None => {
                sink(Event::Notice(Notice {
                    time,
                    connection: Some(connection),
                    kind: NoticeKind::UnmatchedResponse {
                        correlation_id,
                        wire_len: 4 + cut.as_ref().map_or(frame.len(), |c| c.size),
                    },
                }));
                let Some((api_key, api_version)) = options.assume else {
                    return;
                };
                (api_key, api_version, None, None)
            }
        };
        let mut response_version = request.is_none().then_some(api_version);
        let read = match read_response(&frame, api_key, api_version) {
            Ok((view, at)) => {
                if at != api_version {
                    response_version = Some(at);
                }
                Ok(view)
            }
            Err(e) => Err(e),
        };
        let error_codes = response_error_codes(&read);
        sink(Event::Exchange(Box::new(Exchange {
            connection,
            api_key,
            api_version,
            correlation_id,
            client_id,
            request,
            error_codes,
            response: Some(CapturedFrame {
                time,
                frame,
                read,
                ignored: 0,
                cut,
            }),
            expects_response: true,
            response_version,
        })));
    }

    fn close(&mut self, conn: &mut Conn, time: Duration, sink: &mut dyn FnMut(Event)) {
        for side in 0..2 {
            Self::step(
                &self.options,
                conn,
                side,
                time,
                &mut self.scratch,
                sink,
                |d, out, ev| d.finish(out, ev),
            );
            if !conn.kafka {
                continue;
            }
            let (way, connection) = (Self::way(conn, side), conn.connection());
            let s = &conn.sides[side];
            let inside = match &s.cutting {
                Some(c) => Some((Some(c.cut.size), c.cut.captured)),
                None if s.synced && !s.buf.is_empty() => Some((
                    // In sync, every size in the buffer was within the limit.
                    FrameDecoder::new(self.options.max_frame)
                        .peek_size(&s.buf)
                        .ok()
                        .flatten(),
                    s.buf.len().saturating_sub(4),
                )),
                None => None,
            };
            if let Some((size, captured)) = inside {
                sink(Event::Notice(Notice {
                    time,
                    connection,
                    kind: NoticeKind::CutFrame {
                        way,
                        size,
                        captured,
                    },
                }));
            }
            Self::give_up_frame(&self.options, conn, side, time, sink);
            let s = &mut conn.sides[side];
            let bytes = std::mem::take(&mut s.skipped);
            if bytes > 0 {
                sink(Event::Notice(Notice {
                    time,
                    connection,
                    kind: NoticeKind::Skipped { way, bytes },
                }));
            }
        }
        let Some(connection) = conn.connection() else {
            return;
        };
        while let Some((correlation_id, p)) = conn.oldest() {
            Self::unanswered(connection, correlation_id, p, sink);
        }
    }
}

/// The request waiting in `pending` with `correlation_id`.
fn waiting(pending: &VecDeque<(i32, Box<Pending>)>, correlation_id: i32) -> Option<&Pending> {
    let (_, p) = pending.iter().find(|(c, _)| *c == correlation_id)?;
    Some(p)
}

/// What a look for a frame start in bytes not known to start one found.
enum Scan {
    /// A whole frame that reads starts at this offset.
    Found(usize),
    /// A frame may start at this offset; it is not whole yet.
    Wait(usize),
    /// No frame starts in the bytes (but for the last few, which may begin
    /// one).
    None,
}

/// A frame at least this large that fills its direction's buffer is
/// moved out of it, not copied.
const MOVED_FRAME: usize = 64 << 10;

/// A buffer smaller than this is not given up alone to keep under the
/// memory limit (its connection may be closed instead, when idle).
const SMALL_BUFFER: usize = 16 << 10;

/// A connection in a pass's list sorted by idleness: when its last packet
/// was captured, its number, its key.
type IdleEntry = (Duration, u32, (SocketAddr, SocketAddr));

/// A buffer in a pass's list of those worth giving up alone: its bytes,
/// its connection, and which (a direction, or the requests waiting).
type BufferEntry = (usize, (SocketAddr, SocketAddr), usize);

/// What an entry of a pass's list of buffers worth giving up costs.
const BUFFER_ENTRY: usize = std::mem::size_of::<BufferEntry>();

/// What a pass of `keep_under_limit` allocates per open connection: its
/// entry in the list sorted by idleness (collected at its exact length),
/// and in the list of those closed; and the event its closing sends (its
/// request unanswered), which the reader may keep until the packet's end
/// (kafka-capture gathers a packet's events in a `Vec`). The lists grown
/// by doubling count twice.
const PASS_ENTRY: usize = std::mem::size_of::<IdleEntry>()
    + 2 * std::mem::size_of::<(Duration, Box<Conn>)>()
    + 2 * std::mem::size_of::<Event>();

/// The most a frame that may start after a gap is waited for; a larger
/// candidate is passed over (the next frame start is found instead).
const RESYNC_WAIT: usize = 1 << 20;

/// The first offset in `buf` where a frame starts (a whole frame that reads
/// is preferred to an earlier candidate not yet whole): a size within the limit,
/// then a request header of an API and version this crate knows (`client`),
/// or a correlation id a request waits for; and the whole frame reads as
/// that request, or as that request's response.
fn find_frame_start(
    buf: &[u8],
    client: bool,
    max_frame: usize,
    pending: &VecDeque<(i32, Box<Pending>)>,
) -> Scan {
    let sizes = FrameDecoder::new(max_frame);
    // The first candidate not yet whole: waited for unless a whole frame
    // that reads is found after it (which is trusted more).
    let mut wait = None;
    for at in 0..buf.len().saturating_sub(7) {
        let Ok(Some(size)) = sizes.peek_size(&buf[at..]) else {
            continue;
        };
        if size < 8 {
            continue;
        }
        let contents = &buf[at + 4..];
        let candidate = if client {
            ApiKey::peek_request(contents).is_some()
        } else {
            kafka_wire::frame::peek_correlation_id(contents)
                .is_ok_and(|corr| waiting(pending, corr).is_some())
        };
        if !candidate {
            continue;
        }
        let Some(frame) = buf.get(at + 4..at + 4 + size) else {
            if size <= RESYNC_WAIT && wait.is_none() {
                wait = Some(at);
            }
            continue;
        };
        let frame = Bytes::copy_from_slice(frame);
        let reads = if client {
            FrameView::read_request(frame).is_ok()
        } else {
            let corr = kafka_wire::frame::peek_correlation_id(contents).unwrap_or_default();
            let Some(p) = waiting(pending, corr) else {
                continue;
            };
            read_response(&frame, p.api_key, p.api_version).is_ok()
        };
        if reads {
            return Scan::Found(at);
        }
    }
    wait.map_or(Scan::None, Scan::Wait)
}

/// A response frame to a request of `api_key` at `version` as views, and
/// the version it reads at (an ApiVersions response may be the broker's
/// version-0 answer to a version it does not support).
fn read_response(
    frame: &Bytes,
    api_key: i16,
    version: i16,
) -> Result<(FrameView, i16), kafka_wire::DecodeError> {
    let read = |v| FrameView::decode_response(frame.clone(), api_key, v);
    if api_key == ApiKey::ApiVersions.key() {
        kafka_messages::api_versions::read_response(version, read)
    } else {
        read(version).map(|view| (view, version))
    }
}

/// Whether `data` starts with a whole request frame that reads exactly (no
/// bytes after its body: a connection on no Kafka port is taken for Kafka's
/// on this evidence alone).
fn whole_request_at(data: &[u8], at: usize, max_frame: usize) -> bool {
    let Ok(Some(size)) = FrameDecoder::new(max_frame).peek_size(data.get(at..).unwrap_or_default())
    else {
        return false;
    };
    if size < 8 {
        return false;
    }
    data.get(at + 4..at + 4 + size)
        .is_some_and(|frame| FrameView::decode_request(Bytes::copy_from_slice(frame)).is_ok())
}
