//! Packets out of a capture file (pcap or pcapng, read by `pcap-file` as a
//! stream), and the TCP segments in them (parsed by `etherparse`).

use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use etherparse::{LaxNetSlice, LaxSlicedPacket, NetSlice, SlicedPacket, TransportSlice};
use pcap_file::pcap::PcapParser;
use pcap_file::pcapng::blocks::interface_description::InterfaceDescriptionOption;
use pcap_file::pcapng::{Block, PcapNgParser};
use pcap_file::DataLink;

/// Why a capture cannot be read on.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// The file is neither pcap nor pcapng.
    #[error("not a pcap or pcapng file (it starts with {0:02x?})")]
    UnknownFormat(Vec<u8>),
    /// The file's header does not read.
    #[error("reading the capture's header: {0}")]
    Read(#[from] pcap_file::PcapError),
    /// Reading the file failed.
    #[error("reading the capture: {0}")]
    Io(#[from] std::io::Error),
    /// A pcap packet record, or a pcapng block, does not read.
    #[error("the {} at byte {offset} (the {}th): {problem}", if *.pcapng { "block" } else { "packet record" }, index + 1)]
    Record {
        /// Where the record starts in the file.
        offset: u64,
        /// How many records come before it.
        index: u64,
        /// Whether it is a pcapng block (else a pcap packet record).
        pcapng: bool,
        /// What is wrong with it.
        problem: RecordProblem,
    },
}

/// What is wrong with a pcap packet record or a pcapng block.
#[derive(Debug, thiserror::Error)]
pub enum RecordProblem {
    /// The file ends inside it (a capture still being written, or cut).
    #[error("cut short: the file ends inside it")]
    CutShort,
    /// Its length says more bytes than a record may hold: the reader does
    /// not allocate for it.
    #[error("a length of {length} bytes, over the limit of {limit}")]
    TooLong {
        /// The length its header says.
        length: u64,
        /// [`MAX_RECORD`].
        limit: usize,
    },
    /// It does not parse, or reading it failed.
    #[error("{0}")]
    Other(pcap_file::PcapError),
}

/// The largest pcap packet record or pcapng block read (its header
/// included): a snap length is at most 256 KiB in libpcap, and loopback's
/// segments at most 64 KiB; a longer record is an error, never allocated.
pub const MAX_RECORD: usize = 16 << 20;

/// How much the reader asks its input for at once: its buffer's size,
/// but when a record is longer. Counted against the memory limit
/// ([`Packet::reader_bytes`]): 64 KiB, a read (a system call of a few
/// microseconds) per 64 KiB of the file.
pub const READ_CHUNK: usize = 64 << 10;

/// One captured packet: when, on which link, and the bytes captured.
#[derive(Debug, Clone, Copy)]
pub struct Packet<'a> {
    /// When it was captured, since the Unix epoch.
    pub time: Duration,
    /// The link layer its bytes start with.
    pub link: DataLink,
    /// The bytes captured.
    pub data: &'a [u8],
    /// Its length on the wire: more than `data` holds when the capture cut
    /// it (its snap length).
    pub original_len: u32,
    /// The reader's buffer, as allocated, while the packet is in it: what
    /// reading costs beside what the connections hold, counted against
    /// the memory limit with them.
    pub reader_bytes: usize,
}

/// The bytes of a capture file, read a piece at a time into a buffer sized
/// by need: 64 KiB, or the longest record (up to [`MAX_RECORD`]).
struct Source<R> {
    input: R,
    buf: Vec<u8>,
    /// The first byte not yet read as a record.
    start: usize,
    /// The end of the bytes read.
    end: usize,
    /// Where `buf[start]` is in the file.
    offset: u64,
    /// Records read.
    records: u64,
}

impl<R: Read> Source<R> {
    fn new(input: R) -> Self {
        Source {
            input,
            buf: Vec::new(),
            start: 0,
            end: 0,
            offset: 0,
            records: 0,
        }
    }

    fn pending(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// Reads more bytes, keeping those not yet read as a record: `false` at
    /// the end of the input.
    fn fill(&mut self, want: usize) -> std::io::Result<bool> {
        let kept = self.end - self.start;
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.start = 0;
            self.end = kept;
        }
        let size = want.max(READ_CHUNK);
        if self.buf.len() < size {
            self.buf.resize(size, 0);
        } else if self.buf.len() > size.max(2 * READ_CHUNK) && kept <= READ_CHUNK {
            // A long record read: its room given back.
            self.buf.truncate(size);
            self.buf.shrink_to_fit();
        }
        loop {
            match self.input.read(&mut self.buf[self.end..]) {
                Ok(0) => return Ok(false),
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The next record's length, once its bytes are all in the buffer:
    /// `length` says it from the bytes at hand (`None`: more are needed to
    /// know). `Ok(None)` at the end of the input between two records.
    fn next_record(
        &mut self,
        pcapng: bool,
        length: impl Fn(&[u8]) -> Option<u64>,
    ) -> Result<Option<usize>, CaptureError> {
        loop {
            let known = length(self.pending());
            if let Some(len) = known {
                if len > MAX_RECORD as u64 {
                    return Err(self.error(
                        pcapng,
                        RecordProblem::TooLong {
                            length: len,
                            limit: MAX_RECORD,
                        },
                    ));
                }
                if self.end - self.start >= len as usize {
                    return Ok(Some(len as usize));
                }
            }
            let want = known.map_or(0, |l| l as usize);
            let more = self.fill(want).map_err(|e| {
                self.error(
                    pcapng,
                    RecordProblem::Other(pcap_file::PcapError::IoError(e)),
                )
            })?;
            if !more {
                return if self.start == self.end {
                    Ok(None)
                } else {
                    Err(self.error(pcapng, RecordProblem::CutShort))
                };
            }
        }
    }

    /// The record of `len` bytes at hand, counted as read: where it is in
    /// the buffer.
    fn take(&mut self, len: usize) -> std::ops::Range<usize> {
        let at = self.start;
        self.start += len;
        self.offset += len as u64;
        self.records += 1;
        at..at + len
    }

    fn error(&self, pcapng: bool, problem: RecordProblem) -> CaptureError {
        CaptureError::Record {
            offset: self.offset,
            index: self.records,
            pcapng,
            problem,
        }
    }
}

/// A pcap or pcapng file, read packet by packet through pcap-file's
/// parsers; memory stays that of the reader's buffer (256 KiB, or the
/// longest record) whatever the file's size.
pub struct CaptureReader<R: Read> {
    source: Source<R>,
    format: Format,
}

/// The format of a capture, and what its headers said so far.
enum Format {
    Pcap(PcapParser),
    PcapNg {
        parser: Box<PcapNgParser>,
        /// Each interface's link type and time unit, by interface id.
        interfaces: Vec<(DataLink, TimeUnit)>,
        /// The byte order of the section's blocks.
        big_endian: bool,
    },
}

/// The unit of a pcapng interface's timestamps.
#[derive(Debug, Clone, Copy)]
pub enum TimeUnit {
    /// Ticks of this many nanoseconds.
    Nanos(u64),
    /// Ticks of 1 / this many seconds, finer than a nanosecond.
    PerSecond(u128),
}

impl TimeUnit {
    /// The unit an `if_tsresol` option says: 10^-n seconds, or 2^-n when its
    /// top bit is set; microseconds without one.
    fn of(resolution: Option<u8>) -> TimeUnit {
        let Some(r) = resolution else {
            return TimeUnit::Nanos(1_000);
        };
        let per_second: u128 = if r & 0x80 == 0 {
            10u128.checked_pow(u32::from(r)).unwrap_or(u128::MAX)
        } else {
            1u128.checked_shl(u32::from(r & 0x7f)).unwrap_or(u128::MAX)
        };
        if per_second <= 1_000_000_000 && 1_000_000_000 % per_second == 0 {
            TimeUnit::Nanos((1_000_000_000 / per_second) as u64)
        } else {
            TimeUnit::PerSecond(per_second)
        }
    }

    fn duration(self, ticks: u128) -> Duration {
        let nanos = match self {
            TimeUnit::Nanos(n) => ticks.saturating_mul(u128::from(n)),
            TimeUnit::PerSecond(per) => ticks.saturating_mul(1_000_000_000) / per,
        };
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }
}

/// A pcapng section header block's type: the same in either byte order.
const SECTION_HEADER: [u8; 4] = [0x0a, 0x0d, 0x0d, 0x0a];

/// The length of the pcapng block `bytes` start with, in the section's
/// byte order (a section header says its own).
fn block_length(bytes: &[u8], big_endian: bool) -> Option<u64> {
    let field = |at: usize| bytes.get(at..at + 4).map(|b| [b[0], b[1], b[2], b[3]]);
    let len = field(4)?;
    let big = if bytes.get(..4)? == SECTION_HEADER {
        field(8)? == [0x1a, 0x2b, 0x3c, 0x4d]
    } else {
        big_endian
    };
    Some(u64::from(if big {
        u32::from_be_bytes(len)
    } else {
        u32::from_le_bytes(len)
    }))
}

impl<R: Read> CaptureReader<R> {
    /// Opens a capture: its first bytes say pcap or pcapng.
    pub fn new(input: R) -> Result<Self, CaptureError> {
        let mut source = Source::new(input);
        while source.end < 24 && source.fill(READ_CHUNK)? {}
        let head = source.pending();
        let magic = head.get(..4).map(|m| [m[0], m[1], m[2], m[3]]);
        let format = match magic {
            Some(SECTION_HEADER) => {
                let big_endian = head.get(8..12) == Some(&[0x1a, 0x2b, 0x3c, 0x4d][..]);
                let len = source
                    .next_record(true, |b| block_length(b, big_endian))?
                    .ok_or(pcap_file::PcapError::IncompleteBuffer)?;
                let range = source.take(len);
                let (_, parser) = PcapNgParser::new(&source.buf[range])?;
                Format::PcapNg {
                    parser: Box::new(parser),
                    interfaces: Vec::new(),
                    big_endian,
                }
            }
            Some(m)
                if [0xa1b2c3d4u32, 0xa1b23c4d]
                    .iter()
                    .any(|magic| m == magic.to_be_bytes() || m == magic.to_le_bytes()) =>
            {
                let (rest, parser) = PcapParser::new(head)?;
                let len = head.len() - rest.len();
                source.take(len);
                source.records = 0;
                Format::Pcap(parser)
            }
            _ => {
                return Err(CaptureError::UnknownFormat(
                    head[..head.len().min(4)].to_vec(),
                ))
            }
        };
        Ok(CaptureReader { source, format })
    }

    /// The bytes its buffer holds, as allocated: what reading costs beside
    /// what the connections hold.
    pub fn buffer_capacity(&self) -> usize {
        self.source.buf.capacity()
    }

    /// The next packet, `None` at the end of the file.
    pub fn next_packet(&mut self) -> Option<Result<Packet<'_>, CaptureError>> {
        match self.read_next() {
            Ok(Some(p)) => Some(Ok(p)),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        }
    }

    fn read_next(&mut self) -> Result<Option<Packet<'_>>, CaptureError> {
        match &mut self.format {
            Format::Pcap(parser) => {
                let header = parser.header();
                let big = header.endianness == pcap_file::Endianness::Big;
                let Some(len) = self.source.next_record(false, |b| {
                    let l = b.get(8..12).map(|l| [l[0], l[1], l[2], l[3]])?;
                    let l = if big {
                        u32::from_be_bytes(l)
                    } else {
                        u32::from_le_bytes(l)
                    };
                    Some(16 + u64::from(l))
                })?
                else {
                    return Ok(None);
                };
                let (offset, index) = (self.source.offset, self.source.records);
                // The raw record: pcap-file 2.0.0 refuses a packet whose
                // original length passes the snap length, which is a packet
                // the capture cut (tcp_segment says so), not a broken file.
                let range = self.source.take(len);
                let p = match parser.next_raw_packet(&self.source.buf[range]) {
                    Ok((_, p)) => p,
                    Err(e) => {
                        return Err(CaptureError::Record {
                            offset,
                            index,
                            pcapng: false,
                            problem: RecordProblem::Other(e),
                        })
                    }
                };
                let std::borrow::Cow::Borrowed(data) = p.data else {
                    unreachable!("pcap-file lends its packets")
                };
                let frac = match header.ts_resolution {
                    pcap_file::TsResolution::MicroSecond => u64::from(p.ts_frac) * 1_000,
                    pcap_file::TsResolution::NanoSecond => u64::from(p.ts_frac),
                };
                Ok(Some(Packet {
                    time: Duration::from_secs(u64::from(p.ts_sec)) + Duration::from_nanos(frac),
                    link: header.datalink,
                    data,
                    original_len: p.orig_len,
                    reader_bytes: self.source.buf.capacity(),
                }))
            }
            Format::PcapNg {
                parser,
                interfaces,
                big_endian,
            } => {
                // Blocks are parsed until a packet's; its bytes are then
                // lent out of the buffer (where the block held them).
                let (time, link, original_len, data) = loop {
                    let order = *big_endian;
                    let Some(len) = self.source.next_record(true, |b| block_length(b, order))?
                    else {
                        return Ok(None);
                    };
                    let (offset, index) = (self.source.offset, self.source.records);
                    let range = self.source.take(len);
                    let bytes = &self.source.buf[range.clone()];
                    let block = match parser.next_block(bytes) {
                        Ok((_, block)) => block,
                        Err(e) => {
                            return Err(CaptureError::Record {
                                offset,
                                index,
                                pcapng: true,
                                problem: RecordProblem::Other(e),
                            })
                        }
                    };
                    let (time, link, original_len, data) = match block {
                        Block::SectionHeader(shb) => {
                            interfaces.clear();
                            *big_endian = shb.endianness == pcap_file::Endianness::Big;
                            continue;
                        }
                        Block::InterfaceDescription(idb) => {
                            let resolution = idb.options.iter().find_map(|o| match o {
                                InterfaceDescriptionOption::IfTsResol(r) => Some(*r),
                                _ => None,
                            });
                            interfaces.push((idb.linktype, TimeUnit::of(resolution)));
                            continue;
                        }
                        // A packet of no interface described cannot be read.
                        Block::EnhancedPacket(epb) => {
                            match interfaces.get(epb.interface_id as usize) {
                                // pcap-file gives the raw ticks as nanoseconds.
                                Some(&(link, unit)) => (
                                    unit.duration(epb.timestamp.as_nanos()),
                                    link,
                                    epb.original_len,
                                    epb.data,
                                ),
                                None => continue,
                            }
                        }
                        Block::SimplePacket(spb) => match interfaces.first() {
                            Some(&(link, _)) => (Duration::ZERO, link, spb.original_len, spb.data),
                            None => continue,
                        },
                        _ => continue,
                    };
                    let std::borrow::Cow::Borrowed(data) = data else {
                        unreachable!("pcap-file lends its packets")
                    };
                    // Where the packet's bytes are in the block.
                    let at = range.start + (data.as_ptr() as usize - bytes.as_ptr() as usize);
                    break (time, link, original_len, at..at + data.len());
                };
                Ok(Some(Packet {
                    time,
                    link,
                    data: &self.source.buf[data],
                    original_len,
                    reader_bytes: self.source.buf.capacity(),
                }))
            }
        }
    }
}

/// A TCP segment: its endpoints, sequence number, flags and payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment<'a> {
    /// The sender.
    pub source: SocketAddr,
    /// The receiver.
    pub destination: SocketAddr,
    /// The sequence number of its first byte (or of its SYN).
    pub seq: u32,
    /// Whether it opens a connection.
    pub syn: bool,
    /// Whether its ACK flag is set.
    pub ack: bool,
    /// The acknowledgment number (with `ack`).
    pub ack_number: u32,
    /// Whether it closes its direction.
    pub fin: bool,
    /// Whether it resets the connection.
    pub rst: bool,
    /// The payload: the bytes captured of it.
    pub payload: &'a [u8],
    /// Bytes of the payload the capture did not keep (its snap length cut
    /// the packet): they follow `payload` in the stream, and were sent.
    pub cut: u32,
}

/// Why a packet holds no TCP segment to read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotTcp {
    /// A link layer this reader does not know.
    #[error("link type {0:?} is not read")]
    Link(DataLink),
    /// Not IP, or not TCP.
    #[error("not TCP over IP")]
    Other,
    /// A fragment of an IP packet (not reassembled).
    #[error("an IP fragment")]
    Fragment,
    /// The capture kept fewer bytes than the packet had (its snap length),
    /// and its TCP header is not whole among them.
    #[error("cut by the capture inside its headers: {captured} of {original} bytes kept")]
    Cut {
        /// Bytes kept.
        captured: usize,
        /// Bytes on the wire.
        original: u32,
    },
    /// The headers do not parse.
    #[error("malformed: {0}")]
    Malformed(String),
}

/// The TCP segment a packet carries. A packet the capture cut (its snap
/// length) gives the bytes of payload kept and how many were not
/// ([`Segment::cut`]), as long as its TCP header was kept whole.
pub fn tcp_segment<'a>(packet: &Packet<'a>) -> Result<Segment<'a>, NotTcp> {
    let data = packet.data;
    let missing = u64::from(packet.original_len).saturating_sub(data.len() as u64);
    if missing > 0 {
        return cut_segment(packet, missing);
    }
    let sliced = match packet.link {
        DataLink::ETHERNET => SlicedPacket::from_ethernet(data),
        DataLink::RAW | DataLink::IPV4 | DataLink::IPV6 => SlicedPacket::from_ip(data),
        // BSD loopback: a 4-byte address family, then IP.
        DataLink::NULL | DataLink::LOOP => SlicedPacket::from_ip(data.get(4..).unwrap_or_default()),
        DataLink::LINUX_SLL => SlicedPacket::from_linux_sll(data),
        // Linux "any" device, v2: a 20-byte header that starts with the
        // protocol (an EtherType), then the packet.
        DataLink::LINUX_SLL2 => match data.get(..2) {
            Some([0x08, 0x00]) | Some([0x86, 0xdd]) => {
                SlicedPacket::from_ip(&data[20.min(data.len())..])
            }
            _ => return Err(NotTcp::Other),
        },
        other => return Err(NotTcp::Link(other)),
    };
    let sliced = sliced.map_err(|e| NotTcp::Malformed(e.to_string()))?;
    let (source, destination): (IpAddr, IpAddr) = match &sliced.net {
        Some(NetSlice::Ipv4(ip)) => (
            ip.header().source_addr().into(),
            ip.header().destination_addr().into(),
        ),
        Some(NetSlice::Ipv6(ip)) => (
            ip.header().source_addr().into(),
            ip.header().destination_addr().into(),
        ),
        _ => return Err(NotTcp::Other),
    };
    if sliced.is_ip_payload_fragmented() {
        return Err(NotTcp::Fragment);
    }
    let Some(TransportSlice::Tcp(tcp)) = &sliced.transport else {
        return Err(NotTcp::Other);
    };
    Ok(segment(source, destination, tcp, 0))
}

fn segment<'a>(
    source: IpAddr,
    destination: IpAddr,
    tcp: &etherparse::TcpSlice<'a>,
    cut: u32,
) -> Segment<'a> {
    Segment {
        source: SocketAddr::new(source, tcp.source_port()),
        destination: SocketAddr::new(destination, tcp.destination_port()),
        seq: tcp.sequence_number(),
        syn: tcp.syn(),
        ack: tcp.ack(),
        ack_number: tcp.acknowledgment_number(),
        fin: tcp.fin(),
        rst: tcp.rst(),
        payload: tcp.payload(),
        cut,
    }
}

/// The segment of a packet the capture cut `missing` bytes short: read
/// leniently (the IP length is past the bytes kept), its TCP header whole.
fn cut_segment<'a>(packet: &Packet<'a>, missing: u64) -> Result<Segment<'a>, NotTcp> {
    let data = packet.data;
    let cut = || NotTcp::Cut {
        captured: data.len(),
        original: packet.original_len,
    };
    let ip = match packet.link {
        DataLink::ETHERNET => LaxSlicedPacket::from_ethernet(data).map_err(|_| cut())?,
        DataLink::RAW | DataLink::IPV4 | DataLink::IPV6 => {
            LaxSlicedPacket::from_ip(data).map_err(|_| cut())?
        }
        DataLink::NULL | DataLink::LOOP => {
            LaxSlicedPacket::from_ip(data.get(4..).unwrap_or_default()).map_err(|_| cut())?
        }
        // Linux cooked capture: 16 bytes (v1) or 20 (v2), then IP.
        DataLink::LINUX_SLL => {
            LaxSlicedPacket::from_ip(data.get(16..).unwrap_or_default()).map_err(|_| cut())?
        }
        DataLink::LINUX_SLL2 => {
            LaxSlicedPacket::from_ip(data.get(20..).unwrap_or_default()).map_err(|_| cut())?
        }
        other => return Err(NotTcp::Link(other)),
    };
    let (source, destination, fragmented): (IpAddr, IpAddr, bool) = match &ip.net {
        Some(LaxNetSlice::Ipv4(ip)) => (
            ip.header().source_addr().into(),
            ip.header().destination_addr().into(),
            ip.is_payload_fragmented(),
        ),
        Some(LaxNetSlice::Ipv6(ip)) => (
            ip.header().source_addr().into(),
            ip.header().destination_addr().into(),
            ip.is_payload_fragmented(),
        ),
        _ => return Err(cut()),
    };
    if fragmented {
        return Err(NotTcp::Fragment);
    }
    let Some(TransportSlice::Tcp(tcp)) = &ip.transport else {
        return Err(cut());
    };
    Ok(segment(
        source,
        destination,
        tcp,
        u32::try_from(missing).unwrap_or(u32::MAX),
    ))
}
