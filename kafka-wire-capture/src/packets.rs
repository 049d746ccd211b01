//! Packets out of a capture file (pcap or pcapng, read by `pcap-file` as a
//! stream), and the TCP segments in them (parsed by `etherparse`).

use std::io::{BufRead, BufReader, Read};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use etherparse::{LaxNetSlice, LaxSlicedPacket, NetSlice, SlicedPacket, TransportSlice};
use pcap_file::pcap::PcapReader;
use pcap_file::pcapng::blocks::interface_description::InterfaceDescriptionOption;
use pcap_file::pcapng::{Block, PcapNgReader};
use pcap_file::DataLink;

/// Why a capture cannot be read on.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// The file is neither pcap nor pcapng.
    #[error("not a pcap or pcapng file (it starts with {0:02x?})")]
    UnknownFormat(Vec<u8>),
    /// Reading the file failed, or the reader refused what it read (a cut
    /// file, a block that does not parse).
    #[error("reading the capture: {0}")]
    Read(#[from] pcap_file::PcapError),
    /// Reading the file failed before its format was known.
    #[error("reading the capture: {0}")]
    Io(#[from] std::io::Error),
    /// A pcap packet record does not read.
    #[error("the packet record at byte {offset} (the {}th): {problem}", index + 1)]
    Record {
        /// Where the record starts in the file.
        offset: u64,
        /// How many records come before it.
        index: u64,
        /// What is wrong with it.
        problem: RecordProblem,
    },
}

/// What is wrong with a pcap packet record.
#[derive(Debug, thiserror::Error)]
pub enum RecordProblem {
    /// The file ends inside it (a capture still being written, or cut).
    #[error("cut short: the file ends inside it")]
    CutShort,
    /// Its header does not read (its captured length past what the reader
    /// accepts), or reading failed.
    #[error("{0}")]
    Other(pcap_file::PcapError),
}

impl RecordProblem {
    fn of(e: pcap_file::PcapError) -> RecordProblem {
        match e {
            pcap_file::PcapError::IncompleteBuffer => RecordProblem::CutShort,
            pcap_file::PcapError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
                RecordProblem::CutShort
            }
            other => RecordProblem::Other(other),
        }
    }
}

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
}

/// A pcap or pcapng file, read packet by packet; memory stays that of the
/// reader's buffer (8 MB) whatever the file's size.
pub enum CaptureReader<R: Read> {
    /// A pcap file.
    Pcap {
        /// The reader.
        reader: Box<PcapReader<BufReader<R>>>,
        /// Where the next packet record starts in the file.
        offset: u64,
        /// How many packet records were read.
        records: u64,
    },
    /// A pcapng file, and what its interface blocks said so far.
    PcapNg {
        /// The reader.
        reader: Box<PcapNgReader<BufReader<R>>>,
        /// Each interface's link type and time unit, by interface id.
        interfaces: Vec<(DataLink, TimeUnit)>,
        /// The last packet's bytes (copied out of the reader's buffer).
        data: Vec<u8>,
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

impl<R: Read> CaptureReader<R> {
    /// Opens a capture: its first bytes say pcap or pcapng.
    pub fn new(input: R) -> Result<Self, CaptureError> {
        let mut input = BufReader::with_capacity(1 << 16, input);
        let head = input.fill_buf()?;
        let magic = head.get(..4).map(|m| [m[0], m[1], m[2], m[3]]);
        match magic {
            Some([0x0a, 0x0d, 0x0d, 0x0a]) => Ok(CaptureReader::PcapNg {
                reader: Box::new(PcapNgReader::new(input)?),
                interfaces: Vec::new(),
                data: Vec::new(),
            }),
            Some(m)
                if [0xa1b2c3d4u32, 0xa1b23c4d]
                    .iter()
                    .any(|magic| m == magic.to_be_bytes() || m == magic.to_le_bytes()) =>
            {
                Ok(CaptureReader::Pcap {
                    reader: Box::new(PcapReader::new(input)?),
                    offset: 24,
                    records: 0,
                })
            }
            _ => Err(CaptureError::UnknownFormat(
                head[..head.len().min(4)].to_vec(),
            )),
        }
    }

    /// The next packet, `None` at the end of the file.
    pub fn next_packet(&mut self) -> Option<Result<Packet<'_>, CaptureError>> {
        match self {
            CaptureReader::Pcap {
                reader,
                offset,
                records,
            } => {
                let header = reader.header();
                let at = *offset;
                let index = *records;
                // The raw record: pcap-file 2.0.0 refuses a packet whose
                // original length passes the snap length, which is a packet
                // the capture cut (tcp_segment says so), not a broken file.
                Some(
                    reader
                        .next_raw_packet()?
                        .map_err(|e| CaptureError::Record {
                            offset: at,
                            index,
                            problem: RecordProblem::of(e),
                        })
                        .map(|p| {
                            *offset += 16 + u64::from(p.incl_len);
                            *records += 1;
                            let std::borrow::Cow::Borrowed(data) = p.data else {
                                unreachable!("pcap-file lends its packets")
                            };
                            let frac = match header.ts_resolution {
                                pcap_file::TsResolution::MicroSecond => {
                                    u64::from(p.ts_frac) * 1_000
                                }
                                pcap_file::TsResolution::NanoSecond => u64::from(p.ts_frac),
                            };
                            Packet {
                                time: Duration::from_secs(u64::from(p.ts_sec))
                                    + Duration::from_nanos(frac),
                                link: header.datalink,
                                data,
                                original_len: p.orig_len,
                            }
                        }),
                )
            }
            CaptureReader::PcapNg {
                reader,
                interfaces,
                data,
            } => {
                let (time, link, original_len) = loop {
                    let block = match reader.next_block()? {
                        Ok(block) => block,
                        Err(e) => return Some(Err(e.into())),
                    };
                    match block {
                        Block::SectionHeader(_) => interfaces.clear(),
                        Block::InterfaceDescription(idb) => {
                            let resolution = idb.options.iter().find_map(|o| match o {
                                InterfaceDescriptionOption::IfTsResol(r) => Some(*r),
                                _ => None,
                            });
                            interfaces.push((idb.linktype, TimeUnit::of(resolution)));
                        }
                        Block::EnhancedPacket(epb) => {
                            // A packet of no interface described cannot be read.
                            if let Some(&(link, unit)) = interfaces.get(epb.interface_id as usize) {
                                data.clear();
                                data.extend_from_slice(&epb.data);
                                // pcap-file gives the raw ticks as nanoseconds.
                                break (
                                    unit.duration(epb.timestamp.as_nanos()),
                                    link,
                                    epb.original_len,
                                );
                            }
                        }
                        Block::SimplePacket(spb) => {
                            if let Some(&(link, _)) = interfaces.first() {
                                data.clear();
                                data.extend_from_slice(&spb.data);
                                break (Duration::ZERO, link, spb.original_len);
                            }
                        }
                        _ => {}
                    }
                };
                Some(Ok(Packet {
                    time,
                    link,
                    data,
                    original_len,
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
