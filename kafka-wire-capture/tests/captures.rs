//! Captures built here, packet by packet (etherparse's builder, pcap-file's
//! writer), of conversations whose frames kafka-messages encodes: pairing,
//! reassembly (segments split, out of order, retransmitted, lost), what a
//! capture that starts mid-connection reads, and hostile input.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use bytes::BytesMut;
use etherparse::PacketBuilder;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::{
    ApiVersion, ApiVersionsRequest, ApiVersionsResponse, MetadataRequest, MetadataResponse,
    ProduceRequest,
};
use kafka_wire::records::{Compression, NewRecord, RecordBatchBuilder};
use kafka_wire::{frame, RequestHeader, ResponseHeader};
use kafka_wire_capture::exchange::{
    read_capture, Analyzer, Cut, Event, Exchange, Notice, NoticeKind, Options, Way,
};
use kafka_wire_capture::packets::CaptureReader;
use pcap_file::pcap::{PcapHeader, PcapPacket, PcapWriter};
use pcap_file::DataLink;

const CLIENT: u8 = 0;
const SERVER: u8 = 1;

/// A TCP connection's packets, written as a capture holds them.
struct Conversation {
    ends: [SocketAddr; 2],
    seq: [u32; 2],
    time: Duration,
    packets: Vec<(Duration, Vec<u8>)>,
}

impl Conversation {
    fn new(client_port: u16, server_port: u16) -> Self {
        Conversation {
            ends: [
                SocketAddr::from((Ipv4Addr::LOCALHOST, client_port)),
                SocketAddr::from((Ipv4Addr::LOCALHOST, server_port)),
            ],
            seq: [1_000, u32::MAX - 100], // the server's wraps
            time: Duration::from_secs(1_700_000_000),
            packets: Vec::new(),
        }
    }

    /// A packet from `side` at `seq`, not yet in the capture.
    fn packet(&self, side: u8, seq: u32, flags: &str, payload: &[u8]) -> Vec<u8> {
        let (from, to) = (self.ends[side as usize], self.ends[1 - side as usize]);
        let ip = |a: SocketAddr| match a.ip() {
            std::net::IpAddr::V4(v4) => v4.octets(),
            _ => unreachable!(),
        };
        let mut b = PacketBuilder::ethernet2([0; 6], [0; 6])
            .ipv4(ip(from), ip(to), 64)
            .tcp(from.port(), to.port(), seq, 65_535);
        if flags.contains('S') {
            b = b.syn();
        }
        if flags.contains('F') {
            b = b.fin();
        }
        if flags.contains('R') {
            b = b.rst();
        }
        if flags.contains('A') {
            b = b.ack(self.seq[1 - side as usize]);
        }
        let mut out = Vec::with_capacity(b.size(payload.len()));
        b.write(&mut out, payload).unwrap();
        out
    }

    fn push(&mut self, packet: Vec<u8>) {
        self.time += Duration::from_micros(100);
        self.packets.push((self.time, packet));
    }

    fn handshake(&mut self) {
        let syn = self.packet(CLIENT, self.seq[0], "S", &[]);
        self.push(syn);
        self.seq[0] += 1;
        let syn_ack = self.packet(SERVER, self.seq[1], "SA", &[]);
        self.push(syn_ack);
        self.seq[1] = self.seq[1].wrapping_add(1);
    }

    /// `bytes` from `side`, in segments of at most `mss` bytes, in order;
    /// returns the segments' (seq, payload) without adding them when `hold`.
    fn send(&mut self, side: u8, bytes: &[u8], mss: usize) {
        for chunk in bytes.chunks(mss) {
            let p = self.packet(side, self.seq[side as usize], "A", chunk);
            self.push(p);
            self.seq[side as usize] = self.seq[side as usize].wrapping_add(chunk.len() as u32);
        }
    }

    /// The segments `bytes` would be sent in, advancing the sequence number
    /// but not adding them: for a test to add in its own order.
    fn segments(&mut self, side: u8, bytes: &[u8], mss: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for chunk in bytes.chunks(mss) {
            out.push(self.packet(side, self.seq[side as usize], "A", chunk));
            self.seq[side as usize] = self.seq[side as usize].wrapping_add(chunk.len() as u32);
        }
        out
    }

    fn close(&mut self) {
        for side in [CLIENT, SERVER] {
            let fin = self.packet(side, self.seq[side as usize], "FA", &[]);
            self.push(fin);
            self.seq[side as usize] = self.seq[side as usize].wrapping_add(1);
        }
    }
}

/// A connection to Kafka's port from `client_port`, its handshake captured.
fn opened(client_port: u16) -> Conversation {
    let mut c = Conversation::new(client_port, 9092);
    c.handshake();
    c
}

fn pcap(packets: &[(Duration, Vec<u8>)]) -> Vec<u8> {
    let header = PcapHeader {
        datalink: DataLink::ETHERNET,
        ..PcapHeader::default()
    };
    let mut w = PcapWriter::with_header(Vec::new(), header).unwrap();
    for (time, data) in packets {
        w.write_packet(&PcapPacket::new(*time, data.len() as u32, data))
            .unwrap();
    }
    w.into_writer()
}

fn request<M: kafka_wire::Message>(api_version: i16, corr: i32, body: &M) -> Vec<u8> {
    let mut out = BytesMut::new();
    frame::encode_request(
        &mut out,
        &RequestHeader::new(M::API_KEY, api_version, corr, Some("tester".into())),
        body,
    )
    .unwrap();
    out.to_vec()
}

fn response<M: kafka_wire::Message>(api_version: i16, corr: i32, body: &M) -> Vec<u8> {
    let mut out = BytesMut::new();
    frame::encode_response(&mut out, &ResponseHeader::new(corr), api_version, body).unwrap();
    out.to_vec()
}

fn analyze(capture: &[u8], options: Options) -> (Vec<Exchange>, Vec<Notice>) {
    let (mut exchanges, mut notices) = (Vec::new(), Vec::new());
    read_capture(capture, options, &mut |e: Event| match e {
        Event::Exchange(x) => exchanges.push(*x),
        Event::Notice(n) => notices.push(n),
    })
    .unwrap();
    (exchanges, notices)
}

fn summary(x: &Exchange) -> String {
    let read = |m: &Option<kafka_wire_capture::exchange::CapturedFrame>| match m {
        None => "-".to_string(),
        Some(m) => match &m.read {
            Ok(_) => "ok".to_string(),
            Err(e) => format!("error: {e}"),
        },
    };
    format!(
        "{} v{} #{} {}/{}",
        x.api_name(),
        x.api_version,
        x.correlation_id,
        read(&x.request),
        read(&x.response)
    )
}

fn api_versions() -> (Vec<u8>, Vec<u8>) {
    let rq = request(
        4,
        1,
        &ApiVersionsRequest {
            client_software_name: "kafka-wire".into(),
            client_software_version: "1".into(),
            ..Default::default()
        },
    );
    let rs = response(
        4,
        1,
        &ApiVersionsResponse {
            api_keys: vec![ApiVersion {
                api_key: 3,
                min_version: 0,
                max_version: 13,
                ..Default::default()
            }],
            ..Default::default()
        },
    );
    (rq, rs)
}

fn metadata(corr: i32) -> (Vec<u8>, Vec<u8>) {
    (
        request(12, corr, &MetadataRequest::default()),
        response(12, corr, &MetadataResponse::default()),
    )
}

fn produce(corr: i32, acks: i16, compression: Compression) -> Vec<u8> {
    let mut builder = RecordBatchBuilder::new().compression(compression);
    builder
        .append(NewRecord::new(1_700_000_000_000).key(b"k").value(b"value"))
        .unwrap();
    builder
        .append(
            NewRecord::new(1_700_000_000_001)
                .key(b"k2")
                .value(b"value2"),
        )
        .unwrap();
    let batch = builder.build().unwrap();
    let body = ProduceRequest {
        acks,
        timeout_ms: 1000,
        topic_data: vec![TopicProduceData {
            name: "orders".into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(kafka_wire::Records(batch.into_bytes())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    request(9, corr, &body)
}

#[test]
fn requests_and_responses_pair_by_correlation_id_across_split_frames() {
    let mut c = opened(40_000);
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 7); // a frame over many segments
    c.send(SERVER, &rs, 1460);
    let (m1, r1) = metadata(2);
    let (m2, r2) = metadata(3);
    // Two requests in one segment, their responses in the other order.
    c.send(CLIENT, &[m1, m2].concat(), 1460);
    c.send(SERVER, &[r2, r1].concat(), 5);
    c.send(CLIENT, &produce(4, 0, Compression::Gzip), 1460); // acks=0: no response
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(
        got,
        [
            "ApiVersions v4 #1 ok/ok",
            "Metadata v12 #3 ok/ok",
            "Metadata v12 #2 ok/ok",
            "Produce v9 #4 ok/-"
        ]
    );
    let produce = &exchanges[3];
    assert!(!produce.expects_response);
    assert_eq!(produce.client_id.as_deref(), Some("tester"));
    let line = kafka_wire_capture::output::summary_line(produce);
    assert!(
        line.contains("request records: 2 in 1 batches (gzip)"),
        "{line}"
    );
    assert!(line.contains("no response asked (acks=0)"), "{line}");
    assert_eq!(exchanges[0].connection.client.port(), 40_000);
    assert!(exchanges[1].latency().unwrap() > Duration::ZERO);
}

#[test]
fn segments_out_of_order_and_retransmitted_are_put_back_in_order() {
    let mut c = opened(40_001);
    let (rq, rs) = api_versions();
    let mut segs = c.segments(CLIENT, &rq, 10);
    segs.swap(0, 2);
    segs.swap(1, 3);
    let again = segs[1].clone();
    for s in segs {
        c.push(s);
    }
    c.push(again); // a retransmission
    c.send(SERVER, &rs, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["ApiVersions v4 #1 ok/ok"]
    );
}

#[test]
fn a_capture_that_starts_mid_connection_reads_from_the_first_frame_start() {
    let mut c = opened(40_002);
    let (m1, r1) = metadata(7);
    let (m2, r2) = metadata(8);
    c.send(CLIENT, &m1, 1460);
    let first_response = c.segments(SERVER, &r1, 20); // a response cut in segments
    c.send(CLIENT, &m2, 1460);
    c.send(SERVER, &r2, 1460);
    // The capture starts at the first response's second segment.
    let mut packets = vec![(c.time, first_response[1].clone())];
    packets.extend(first_response[2..].iter().map(|p| (c.time, p.clone())));
    packets.extend(c.packets.split_off(3));
    let (exchanges, notices) = analyze(&pcap(&packets), Options::default());
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #8 ok/ok"]
    );
    assert!(
        matches!(
            notices[..],
            [Notice {
                kind: NoticeKind::Skipped {
                    way: Way::Responses,
                    ..
                },
                ..
            }]
        ),
        "{notices:#?}"
    );
}

#[test]
fn a_response_whose_request_was_not_captured_is_reported_or_read_as_assumed() {
    let mut c = opened(40_003);
    let (m, r) = metadata(9);
    let lost = c.segments(CLIENT, &m, 1460);
    drop(lost);
    c.send(SERVER, &r, 1460);
    c.close();
    let capture = pcap(&c.packets);
    let (exchanges, notices) = analyze(&capture, Options::default());
    assert!(exchanges.is_empty());
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    // The request's bytes are a gap, at the end.
    assert!(
        kinds.contains(&NoticeKind::UnmatchedResponse {
            correlation_id: 9,
            wire_len: r.len()
        }),
        "{kinds:#?}"
    );
    let options = Options {
        assume: Some((3, 12)),
        ..Options::default()
    };
    let (exchanges, _) = analyze(&capture, options);
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #9 -/ok"]
    );
    assert_eq!(exchanges[0].response_version, Some(12));
}

#[test]
fn an_api_versions_response_at_version_0_answers_a_version_the_broker_lacks() {
    let mut c = opened(40_004);
    let rq = request(5, 1, &ApiVersionsRequest::default());
    // The broker answers v0 with UNSUPPORTED_VERSION and its versions.
    let rs = response(
        0,
        1,
        &ApiVersionsResponse {
            error_code: 35,
            api_keys: vec![ApiVersion {
                api_key: 18,
                min_version: 0,
                max_version: 4,
                ..Default::default()
            }],
            ..Default::default()
        },
    );
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["ApiVersions v5 #1 ok/ok"]
    );
    assert_eq!(exchanges[0].response_version, Some(0));
    assert_eq!(exchanges[0].errors(), [35]);
}

#[test]
fn a_lost_segment_is_a_gap_and_the_stream_resumes_at_the_next_frame() {
    let mut c = opened(40_005);
    let (m1, r1) = metadata(1);
    let (m2, r2) = metadata(2);
    let (m3, r3) = metadata(3);
    c.send(CLIENT, &m1, 1460);
    c.send(SERVER, &r1, 1460);
    let lost = c.segments(CLIENT, &m2, 1460); // never captured
    drop(lost);
    c.send(SERVER, &r2, 1460);
    c.send(CLIENT, &m3, 1460);
    c.send(SERVER, &r3, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(got, ["Metadata v12 #1 ok/ok", "Metadata v12 #3 ok/ok"]);
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert!(
        kinds.contains(&NoticeKind::Gap {
            way: Way::Requests,
            offset: m1.len() as u64,
            missing: m2.len() as u64,
            // The client's first byte is sequence number 1001.
            seq: Some(1001 + m1.len() as u32),
        }),
        "{kinds:#?}"
    );
    assert!(
        kinds.contains(&NoticeKind::UnmatchedResponse {
            correlation_id: 2,
            wire_len: r2.len()
        }),
        "{kinds:#?}"
    );
}

#[test]
fn overlapping_segments_that_disagree_are_reported() {
    let mut c = opened(40_006);
    let (rq, rs) = api_versions();
    let segs = c.segments(CLIENT, &rq, 16);
    let mut forged = rq[..16].to_vec();
    forged[10] ^= 0xff;
    let forged = c.packet(CLIENT, 1_001, "A", &forged);
    c.push(segs[0].clone());
    c.push(forged);
    for s in &segs[1..] {
        c.push(s.clone());
    }
    c.send(SERVER, &rs, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["ApiVersions v4 #1 ok/ok"]
    );
    assert_eq!(notices.len(), 1, "{notices:#?}");
    assert_eq!(
        notices[0].kind,
        NoticeKind::Conflict {
            way: Way::Requests,
            offset: 10
        }
    );
}

#[test]
fn a_frame_size_of_2_gib_is_reported_not_allocated() {
    let mut c = opened(40_007);
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    c.send(CLIENT, &[0x7f, 0xff, 0xff, 0xff, 0, 18, 0, 4], 1460);
    c.send(CLIENT, &[0; 3000], 1000);
    let (m, r) = metadata(5);
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(got, ["ApiVersions v4 #1 ok/ok", "Metadata v12 #5 ok/ok"]);
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert!(
        matches!(
            kinds[..],
            [
                NoticeKind::FrameSize {
                    way: Way::Requests,
                    size: 2_147_483_647,
                    ..
                },
                // The bogus frame start's 8 bytes and the 3000 after them.
                NoticeKind::Skipped {
                    way: Way::Requests,
                    bytes: 3008
                }
            ]
        ),
        "{kinds:#?}"
    );
}

#[test]
fn half_open_connections_and_requests_without_responses_are_reported_at_the_end() {
    let mut c = opened(40_008);
    let (m, _) = metadata(1);
    c.send(CLIENT, &m[..m.len() - 3], 1460); // the request cut short
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    // The request is shown with what was captured, and what is missing.
    let size = m.len() - 4;
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            NoticeKind::CutFrame {
                way: Way::Requests,
                size: Some(size),
                captured: size - 3
            },
            NoticeKind::Unanswered {
                api_key: 3,
                api_version: 12,
                correlation_id: 1
            }
        ]
    );
    assert_eq!(exchanges.len(), 1);
    let request = exchanges[0].request.as_ref().unwrap();
    assert_eq!(
        request.cut,
        Some(Cut {
            size,
            captured: size - 3,
            holes: vec![(size - 3, 3)]
        })
    );
    assert_eq!(request.wire_len(), m.len());
    assert_eq!(&request.frame[..], &m[4..m.len() - 3]);
    assert!(request.read.is_err());

    let mut c = opened(40_009);
    c.send(CLIENT, &m, 1460);
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #1 ok/-"]
    );
    assert_eq!(
        notices[0].kind,
        NoticeKind::Unanswered {
            api_key: 3,
            api_version: 12,
            correlation_id: 1
        }
    );
}

#[test]
fn a_connection_on_another_port_is_kafka_when_its_first_bytes_are_a_request() {
    let mut c = Conversation::new(40_010, 19092);
    c.handshake();
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    let mut other = Conversation::new(40_011, 8080);
    other.handshake();
    other.send(CLIENT, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", 1460);
    c.packets.extend(other.packets);
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["ApiVersions v4 #1 ok/ok"]
    );
    assert!(notices.is_empty(), "{notices:#?}");
}

#[test]
fn hostile_files_are_errors_not_panics() {
    assert!(CaptureReader::new(&b"garbage that is no capture"[..]).is_err());
    assert!(CaptureReader::new(&b""[..]).is_err());
    let mut c = opened(40_012);
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    let file = pcap(&c.packets);
    // Cut anywhere: the packets before the cut read, then an error.
    for cut in [24, 30, 60, file.len() - 1] {
        let mut reader = CaptureReader::new(&file[..cut]).unwrap();
        let mut analyzer = Analyzer::new(Options::default());
        let mut failed = false;
        while let Some(p) = reader.next_packet() {
            match p {
                Ok(p) => analyzer.packet(&p, &mut |_| {}),
                Err(_) => {
                    failed = true;
                    break;
                }
            }
        }
        analyzer.finish(&mut |_| {});
        assert!(failed || cut == 24, "cut at {cut}");
    }
    // The error names the record and where it starts.
    let last = 24
        + c.packets[..c.packets.len() - 1]
            .iter()
            .map(|(_, p)| 16 + p.len())
            .sum::<usize>();
    let mut reader = CaptureReader::new(&file[..file.len() - 1]).unwrap();
    let mut error = None;
    while let Some(p) = reader.next_packet() {
        if let Err(e) = p {
            error = Some(e.to_string());
            break;
        }
    }
    assert_eq!(
        error.as_deref(),
        Some(
            format!(
                "the packet record at byte {last} (the {}th): cut short: the file ends inside it",
                c.packets.len()
            )
            .as_str()
        )
    );
    // Random bytes as packets: no panic.
    let mut seed = 0x2545f491u32;
    let mut packets = Vec::new();
    for i in 0..2000 {
        let mut p = c.packets[i % c.packets.len()].1.clone();
        for _ in 0..4 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let at = seed as usize % p.len();
            p[at] = (seed >> 8) as u8;
        }
        packets.push((Duration::from_millis(i as u64), p));
    }
    let _ = analyze(&pcap(&packets), Options::default());
}

#[test]
fn a_response_that_does_not_decode_keeps_its_bytes_and_error() {
    let mut c = opened(40_013);
    let (m, mut r) = metadata(4);
    r.extend_from_slice(&[1, 2, 3]);
    let size = (r.len() - 4) as i32;
    r[..4].copy_from_slice(&size.to_be_bytes());
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    c.close();
    let (exchanges, _) = analyze(&pcap(&c.packets), Options::default());
    let s = summary(&exchanges[0]);
    assert!(s.starts_with("Metadata v12 #4 ok/error:"), "{s}");
    assert!(s.contains("3 trailing bytes"), "{s}");
    assert_eq!(
        exchanges[0].response.as_ref().unwrap().frame.len(),
        r.len() - 4
    );
}

#[test]
fn pcapng_with_nanosecond_timestamps_reads_as_pcap_does() {
    use pcap_file::pcapng::blocks::enhanced_packet::EnhancedPacketBlock;
    use pcap_file::pcapng::blocks::interface_description::{
        InterfaceDescriptionBlock, InterfaceDescriptionOption,
    };
    use pcap_file::pcapng::PcapNgWriter;
    let mut c = opened(40_014);
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    c.close();
    let mut w = PcapNgWriter::new(Vec::new()).unwrap();
    let mut idb = InterfaceDescriptionBlock::new(DataLink::ETHERNET, 0);
    idb.options.push(InterfaceDescriptionOption::IfTsResol(9));
    w.write_pcapng_block(idb).unwrap();
    for (time, data) in &c.packets {
        w.write_pcapng_block(EnhancedPacketBlock {
            interface_id: 0,
            // Written as raw ticks: nanoseconds, as the option says.
            timestamp: *time,
            original_len: data.len() as u32,
            data: data.as_slice().into(),
            options: vec![],
        })
        .unwrap();
    }
    let ng = w.into_inner();
    let (exchanges, notices) = analyze(&ng, Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    let (from_pcap, _) = analyze(&pcap(&c.packets), Options::default());
    assert_eq!(exchanges.len(), 1);
    assert_eq!(
        exchanges[0].request.as_ref().unwrap().time,
        from_pcap[0].request.as_ref().unwrap().time
    );
    assert_eq!(exchanges[0].latency(), from_pcap[0].latency());
}

#[test]
fn record_lengths_over_the_limit_are_errors_naming_the_record_not_allocations() {
    use kafka_wire_capture::packets::MAX_RECORD;
    let mut c = opened(40_032);
    let (rq, _) = api_versions();
    c.send(CLIENT, &rq, 1460);
    let mut file = pcap(&c.packets);
    // A third record that says 4 GiB - 1 bytes follow.
    let third = file.len();
    file.extend_from_slice(&[0; 8]);
    file.extend_from_slice(&u32::MAX.to_le_bytes());
    file.extend_from_slice(&u32::MAX.to_le_bytes());
    file.extend_from_slice(&[0; 64]);
    let mut reader = CaptureReader::new(&file[..]).unwrap();
    let mut read = 0;
    let error = loop {
        match reader.next_packet() {
            Some(Ok(_)) => read += 1,
            Some(Err(e)) => break e.to_string(),
            None => panic!("no error"),
        }
    };
    assert_eq!(read, c.packets.len());
    assert_eq!(
        error,
        format!(
            "the packet record at byte {third} (the {}th): a length of {} bytes, over the limit of {MAX_RECORD}",
            c.packets.len() + 1,
            16 + u64::from(u32::MAX)
        )
    );
    assert!(
        reader.buffer_capacity() <= 1 << 20,
        "{}",
        reader.buffer_capacity()
    );

    // A pcapng block cut short is named by its offset too.
    use pcap_file::pcapng::blocks::enhanced_packet::EnhancedPacketBlock;
    use pcap_file::pcapng::blocks::interface_description::InterfaceDescriptionBlock;
    use pcap_file::pcapng::PcapNgWriter;
    let mut w = PcapNgWriter::new(Vec::new()).unwrap();
    w.write_pcapng_block(InterfaceDescriptionBlock::new(DataLink::ETHERNET, 0))
        .unwrap();
    let (time, data) = &c.packets[2];
    w.write_pcapng_block(EnhancedPacketBlock {
        interface_id: 0,
        timestamp: *time,
        original_len: data.len() as u32,
        data: data.as_slice().into(),
        options: vec![],
    })
    .unwrap();
    let ng = w.into_inner();
    let mut reader = CaptureReader::new(&ng[..ng.len() - 3]).unwrap();
    let error = match reader.next_packet() {
        Some(Err(e)) => e.to_string(),
        other => panic!("the only packet is cut: {:?}", other.map(|p| p.is_ok())),
    };
    // The section header (28 bytes) and the interface block (20) before it.
    assert_eq!(
        error,
        "the block at byte 48 (the 3th): cut short: the file ends inside it"
    );
}

#[test]
fn a_capture_read_in_pieces_of_one_byte_reads_as_the_whole() {
    // The reader asks for more whenever a record is not whole.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut c = opened(40_033);
    let (rq, rs) = api_versions();
    c.send(CLIENT, &rq, 7);
    c.send(SERVER, &rs, 1460);
    c.close();
    let file = pcap(&c.packets);
    let mut whole = Vec::new();
    let mut reader = CaptureReader::new(&file[..]).unwrap();
    while let Some(p) = reader.next_packet() {
        whole.push(p.unwrap().data.to_vec());
    }
    let mut pieces = Vec::new();
    let mut reader = CaptureReader::new(Trickle(&file)).unwrap();
    while let Some(p) = reader.next_packet() {
        pieces.push(p.unwrap().data.to_vec());
    }
    assert_eq!(whole.len(), c.packets.len());
    assert_eq!(whole, pieces);
}

#[test]
fn past_the_memory_limit_the_directions_holding_most_give_their_bytes_up() {
    // One connection holds a frame that is not yet whole (it declares 200 kB).
    let mut big = opened(40_015);
    let mut frame = 200_000i32.to_be_bytes().to_vec();
    frame.extend_from_slice(&request(12, 1, &MetadataRequest::default())[4..]);
    frame.resize(100_000, 0);
    big.send(CLIENT, &frame, 1000);
    // Another holds segments out of order: its first one is never captured.
    let mut holes = opened(40_016);
    let (m, _) = metadata(2);
    let mut bytes = m.clone();
    bytes.resize(60_000, 7);
    let segs = holes.segments(CLIENT, &bytes, 1000);
    for s in &segs[1..] {
        holes.push(s.clone());
    }
    let mut packets = big.packets;
    packets.extend(holes.packets);
    packets.sort_by_key(|(t, _)| *t);
    // 20 kB for the connections, beside the reader's buffer.
    let limit = kafka_wire_capture::packets::READ_CHUNK + 20_000;
    let options = Options {
        max_memory: limit,
        ..Options::default()
    };
    let (_, notices) = analyze(&pcap(&packets), options);
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, NoticeKind::MemoryLimit { limit: l, .. } if *l == limit)),
        "{kinds:#?}"
    );
    assert!(
        kinds.iter().any(|k| matches!(
            k,
            NoticeKind::FrameDropped {
                way: Way::Requests,
                ..
            }
        )),
        "{kinds:#?}"
    );
    assert!(
        kinds.iter().any(|k| matches!(
            k,
            NoticeKind::Gap {
                way: Way::Requests,
                offset: 0,
                missing: 1000,
                ..
            }
        )),
        "{kinds:#?}"
    );
}

#[test]
fn bytes_after_a_request_body_are_not_read_as_kafka_does_not() {
    // librdkafka sends `01 00 00` after its Metadata request; Kafka answers.
    let mut c = opened(40_017);
    let (mut m, r) = metadata(6);
    m.extend_from_slice(&[1, 0, 0]);
    let size = (m.len() - 4) as i32;
    m[..4].copy_from_slice(&size.to_be_bytes());
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #6 ok/ok"]
    );
    assert_eq!(exchanges[0].request.as_ref().unwrap().ignored, 3);
    let line = kafka_wire_capture::output::summary_line(&exchanges[0]);
    assert!(
        line.ends_with("[3 bytes after the request body, not read, as Kafka does not]"),
        "{line}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&kafka_wire_capture::output::json_line(&exchanges[0])).unwrap();
    assert_eq!(json["requestIgnoredBytes"], 3);
}

#[test]
fn packets_cut_by_the_snap_length_are_gaps_not_the_end_of_the_file() {
    let mut c = opened(40_018);
    let (m1, r1) = metadata(1);
    let (m2, r2) = metadata(2);
    c.send(CLIENT, &m1, 1460);
    c.send(SERVER, &r1, 1460);
    let cut_at = c.packets.len();
    c.send(CLIENT, &m2, 1460);
    c.send(SERVER, &r2, 1460);
    let (m3, r3) = metadata(3);
    c.send(CLIENT, &m3, 1460);
    c.send(SERVER, &r3, 1460);
    c.close();
    // A snap length of 60 bytes: the second request's packet is cut.
    let header = PcapHeader {
        datalink: DataLink::ETHERNET,
        snaplen: 60,
        ..PcapHeader::default()
    };
    let mut w = PcapWriter::with_header(Vec::new(), header).unwrap();
    for (i, (time, data)) in c.packets.iter().enumerate() {
        let kept = if i == cut_at { &data[..60] } else { &data[..] };
        let raw = pcap_file::pcap::RawPcapPacket {
            ts_sec: time.as_secs() as u32,
            ts_frac: time.subsec_micros(),
            incl_len: kept.len() as u32,
            orig_len: data.len() as u32,
            data: kept.into(),
        };
        w.write_raw_packet(&raw).unwrap();
    }
    let (mut exchanges, mut notices) = (Vec::new(), Vec::new());
    let analyzer = read_capture(
        &w.into_writer()[..],
        Options::default(),
        &mut |e: Event| match e {
            Event::Exchange(x) => exchanges.push(*x),
            Event::Notice(n) => notices.push(n),
        },
    )
    .expect("the whole file reads");
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    // Six bytes of the second request were kept: its size and API key, not
    // its whole header; the response to it cannot be paired.
    assert_eq!(
        got,
        [
            "Metadata v12 #1 ok/ok",
            "Metadata v12 #3 ok/ok",
            "api key -1 v-1 #-1 error: RequestHeader.api_version (version 0): truncated input: needed 2 bytes, 0 remain/-"
        ]
    );
    assert_eq!(
        exchanges[2].request.as_ref().unwrap().cut,
        Some(Cut {
            size: m2.len() - 4,
            captured: 2,
            holes: vec![(2, m2.len() - 6)]
        })
    );
    // The cut packet is read, not skipped.
    assert!(analyzer.skipped().is_empty(), "{:?}", analyzer.skipped());
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds[..2],
        [
            NoticeKind::Gap {
                way: Way::Requests,
                offset: m1.len() as u64 + 6,
                missing: m2.len() as u64 - 6,
                seq: Some(1001 + m1.len() as u32 + 6),
            },
            NoticeKind::UnmatchedResponse {
                correlation_id: 2,
                wire_len: r2.len()
            },
        ],
        "{kinds:#?}"
    );
}

/// A capture whose packets of one direction are cut at `snaplen` bytes.
fn snapped(packets: &[(Duration, Vec<u8>)], snaplen: usize, cut: &[usize]) -> Vec<u8> {
    let header = PcapHeader {
        datalink: DataLink::ETHERNET,
        snaplen: snaplen as u32,
        ..PcapHeader::default()
    };
    let mut w = PcapWriter::with_header(Vec::new(), header).unwrap();
    for (i, (time, data)) in packets.iter().enumerate() {
        let kept = if cut.contains(&i) {
            &data[..snaplen.min(data.len())]
        } else {
            &data[..]
        };
        let raw = pcap_file::pcap::RawPcapPacket {
            ts_sec: time.as_secs() as u32,
            ts_frac: time.subsec_micros(),
            incl_len: kept.len() as u32,
            orig_len: data.len() as u32,
            data: kept.into(),
        };
        w.write_raw_packet(&raw).unwrap();
    }
    w.into_writer()
}

#[test]
fn a_request_cut_by_the_snap_length_is_shown_to_its_cut_and_paired_with_its_response() {
    let mut c = opened(40_020);
    let rq = produce(7, 1, Compression::None);
    let rs = response(9, 7, &kafka_messages::ProduceResponse::default());
    let (m, r) = metadata(8);
    let cut_at = c.packets.len();
    c.send(CLIENT, &rq, 1460);
    c.send(SERVER, &rs, 1460);
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    c.close();
    // 54 bytes of headers: 46 of the Produce request kept: its size and 42 bytes of its frame.
    let capture = snapped(&c.packets, 100, &[cut_at]);
    let (exchanges, notices) = analyze(&capture, Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(
        got,
        [
            // The header and fields up to the records captured: the record
            // set's 89 bytes (two records) cut after 4.
            "Produce v9 #7 error: ProduceRequest.topic_data[0].partition_data[0].records (version 9): truncated input: needed 89 bytes, 4 remain/ok",
            "Metadata v12 #8 ok/ok"
        ],
    );
    let x = &exchanges[0];
    assert_eq!(x.client_id.as_deref(), Some("tester"));
    let request = x.request.as_ref().unwrap();
    assert_eq!(request.wire_len(), rq.len());
    assert_eq!(&request.frame[..], &rq[4..46]);
    let cut = request.cut.as_ref().unwrap();
    assert_eq!(
        cut.to_string(),
        format!(
            "cut by the capture: 42 of {} bytes captured, missing {} at byte 42",
            rq.len() - 4,
            rq.len() - 46
        )
    );
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [NoticeKind::Gap {
            way: Way::Requests,
            offset: 46,
            missing: rq.len() as u64 - 46,
            seq: Some(1001 + 46),
        }]
    );
    let line = kafka_wire_capture::output::summary_line(x);
    assert!(
        line.contains(&format!("[request {cut}; it reads up to")),
        "{line}"
    );
}

#[test]
fn a_lost_segment_inside_a_frame_keeps_the_frame_and_the_next_frame_in_sync() {
    let mut c = opened(40_021);
    let rq = produce(7, 1, Compression::None);
    let rs = response(9, 7, &kafka_messages::ProduceResponse::default());
    let (m, r) = metadata(8);
    // The request in three segments of 60: the middle one is lost.
    let segments = c.segments(CLIENT, &rq, 60);
    assert!(segments.len() >= 3);
    for (i, p) in segments.into_iter().enumerate() {
        if i != 1 {
            c.push(p);
        }
    }
    c.send(SERVER, &rs, 1460);
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(got[0].ends_with("/ok"), "{got:#?}");
    assert_eq!(got[1], "Metadata v12 #8 ok/ok");
    let request = exchanges[0].request.as_ref().unwrap();
    assert_eq!(
        request.cut,
        Some(Cut {
            size: rq.len() - 4,
            captured: rq.len() - 4 - 60,
            holes: vec![(56, 60)]
        })
    );
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    // No bytes skipped: the frame's size says where the next one starts.
    assert_eq!(
        kinds,
        [NoticeKind::Gap {
            way: Way::Requests,
            offset: 60,
            missing: 60,
            seq: Some(1001 + 60),
        }]
    );
}

#[test]
fn a_hole_at_the_end_of_a_direction_is_reported() {
    let mut c = opened(40_022);
    let (m, r) = metadata(1);
    c.send(CLIENT, &m, 1460);
    c.send(SERVER, &r, 1460);
    // The client's next request is lost; the server acknowledges it.
    let (m2, _) = metadata(2);
    drop(c.segments(CLIENT, &m2, 1460));
    let ack = c.packet(SERVER, c.seq[1], "A", &[]);
    c.push(ack);
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #1 ok/ok"]
    );
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [NoticeKind::Gap {
            way: Way::Requests,
            offset: m.len() as u64,
            missing: m2.len() as u64,
            seq: Some(1001 + m.len() as u32),
        }]
    );
}

#[test]
fn an_ack_captured_before_the_data_it_acknowledges_loses_nothing() {
    let mut c = opened(40_019);
    let (m, r) = metadata(1);
    let request = c.segments(CLIENT, &m, 1460);
    // The server's ACK of the request comes first in the capture.
    let ack = c.packet(SERVER, c.seq[1], "A", &[]);
    c.push(ack);
    for p in request {
        c.push(p);
    }
    c.send(SERVER, &r, 1460);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(
        exchanges.iter().map(summary).collect::<Vec<_>>(),
        ["Metadata v12 #1 ok/ok"]
    );
}

#[test]
fn connections_are_numbered_one_after_the_other_and_a_closed_one_stays_closed() {
    let mut packets = Vec::new();
    for port in [40_020, 40_021] {
        let mut c = opened(port);
        let (m, r) = metadata(1);
        c.send(CLIENT, &m, 1460);
        c.send(SERVER, &r, 1460);
        c.close();
        let last_ack = c.packet(CLIENT, c.seq[0], "A", &[]);
        c.push(last_ack);
        packets.extend(c.packets);
    }
    let (exchanges, notices) = analyze(&pcap(&packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    let ids: Vec<u32> = exchanges.iter().map(|x| x.connection.id).collect();
    assert_eq!(ids, [1, 2]);
}

#[test]
fn a_frame_start_inside_a_segment_is_found_and_checked_by_a_whole_decode() {
    let mut c = opened(40_022);
    let (m1, r1) = metadata(7);
    let (m2, r2) = metadata(8);
    c.send(CLIENT, &m1, 1460);
    c.send(CLIENT, &m2, 1460);
    // The end of one response and the whole next one in one segment.
    let last = c.segments(SERVER, &[r1.clone(), r2].concat(), 1460);
    let from = r1.len() - 5;
    let tail = [&r1[from..], &metadata(8).1[..]].concat();
    // The capture begins with that segment: its first bytes are not a frame.
    let seq = (u32::MAX - 100).wrapping_add(1 + from as u32);
    let p = c.packet(SERVER, seq, "A", &tail);
    drop(last);
    let packets: Vec<_> = c.packets[2..]
        .iter()
        .cloned()
        .chain([(c.time, p)])
        .collect();
    let (exchanges, notices) = analyze(&pcap(&packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(
        got,
        ["Metadata v12 #8 ok/ok", "Metadata v12 #7 ok/-"],
        "{notices:#?}"
    );
    assert!(
        notices.iter().any(|n| n.kind
            == NoticeKind::Skipped {
                way: Way::Responses,
                bytes: 5
            }),
        "{notices:#?}"
    );
}

#[test]
fn requests_waiting_for_responses_count_against_the_memory_limit() {
    // A capture of one direction only: requests, no responses.
    let mut c = opened(40_023);
    for corr in 0..200 {
        c.send(CLIENT, &metadata(corr).0, 1460);
    }
    let options = Options {
        max_memory: 2_000,
        ..Options::default()
    };
    let (exchanges, notices) = analyze(&pcap(&c.packets), options);
    assert_eq!(exchanges.len(), 200);
    assert!(notices
        .iter()
        .any(|n| matches!(n.kind, NoticeKind::MemoryLimit { .. })));
    // Evicted as the limit was passed, not only at the end.
    let first_unanswered = notices
        .iter()
        .position(|n| matches!(n.kind, NoticeKind::Unanswered { .. }))
        .unwrap();
    assert!(
        notices[first_unanswered].time < c.time,
        "{:?}",
        notices[first_unanswered]
    );
}

#[test]
fn memory_stays_under_the_limit_after_every_packet_whatever_the_connections() {
    // 100 busy connections, interleaved: each sends 20 kB of requests (their
    // bytes kept to check retransmissions) and 8 kB of a frame not yet whole.
    let mut packets = Vec::new();
    for i in 0..100u16 {
        let mut c = opened(41_000 + i);
        let mut bytes = Vec::new();
        for corr in 0..20 {
            let (m, _) = metadata(corr);
            let mut m = m;
            // Padding after the body, which Kafka does not read: 1 kB each.
            m.resize(1000, 0);
            m[..4].copy_from_slice(&996i32.to_be_bytes());
            bytes.extend_from_slice(&m);
        }
        let mut partial = 100_000i32.to_be_bytes().to_vec();
        partial.extend_from_slice(&request(12, 99, &MetadataRequest::default())[4..]);
        partial.resize(8_000, 0);
        bytes.extend_from_slice(&partial);
        c.send(CLIENT, &bytes, 1000);
        packets.extend(c.packets);
    }
    packets.sort_by_key(|(t, _)| *t);
    let file = pcap(&packets);
    let most_held = |max_memory: usize| {
        let mut reader = CaptureReader::new(&file[..]).unwrap();
        let mut analyzer = Analyzer::new(Options {
            max_memory,
            ..Options::default()
        });
        let (mut most, mut evicted, mut closed) = (0, Vec::new(), 0);
        while let Some(p) = reader.next_packet() {
            analyzer.packet(&p.unwrap(), &mut |e| match e {
                Event::Notice(Notice {
                    connection: Some(c),
                    kind: NoticeKind::Evicted { .. },
                    ..
                }) => evicted.push(c.id),
                Event::Notice(Notice {
                    kind: NoticeKind::ConnectionsEvicted { count, .. },
                    ..
                }) => closed += count,
                _ => {}
            });
            // The reader's buffer counts with the connections.
            let held = analyzer.held_bytes();
            assert!(held >= kafka_wire_capture::packets::READ_CHUNK, "{held}");
            most = most.max(held);
        }
        analyzer.finish(&mut |_| {});
        (most, evicted, closed)
    };
    // Unbounded, the capture holds more than 2 MB at once.
    let (unbounded, evicted, closed) = most_held(1 << 30);
    assert!(unbounded > 2_000_000, "{unbounded}");
    assert!(evicted.is_empty() && closed == 0);
    // Bounded at 500 kB: never above it after a packet. The connections
    // grow together, a few kB each at a time: the idle ones are closed
    // (counted in a notice), none gives its few bytes up alone.
    let (bounded, evicted, closed) = most_held(500_000);
    assert!(bounded <= 500_000, "{bounded}");
    assert!(closed > 0 && evicted.is_empty(), "{closed} {evicted:?}");
}

#[test]
fn open_connections_count_against_the_memory_limit_and_the_idle_are_closed() {
    // 3000 connections open at once, each a request waiting: only their
    // state holds memory.
    let mut packets = Vec::new();
    for i in 0..3000u32 {
        let mut c = opened(10_000 + (i % 50_000) as u16);
        c.ends[0] = SocketAddr::from((Ipv4Addr::from(0x0a00_0000 + i), 10_000));
        c.packets.clear();
        c.handshake();
        c.send(CLIENT, &metadata(1).0, 1460);
        packets.extend(c.packets);
    }
    packets.sort_by_key(|(t, _)| *t);
    let file = pcap(&packets);
    let run = |max_memory: usize| {
        let mut reader = CaptureReader::new(&file[..]).unwrap();
        let mut analyzer = Analyzer::new(Options {
            max_memory,
            ..Options::default()
        });
        let (mut most, mut closed, mut exchanges) = (0, 0, 0);
        let mut sink = |e: Event| match e {
            Event::Exchange(x) => {
                assert!(x.request.is_some() && x.response.is_none());
                exchanges += 1;
            }
            Event::Notice(Notice {
                kind: NoticeKind::ConnectionsEvicted { count, .. },
                ..
            }) => closed += count,
            Event::Notice(_) => {}
        };
        while let Some(p) = reader.next_packet() {
            analyzer.packet(&p.unwrap(), &mut sink);
            most = most.max(analyzer.held_bytes());
        }
        analyzer.finish(&mut sink);
        (most, closed, exchanges)
    };
    let (unbounded, closed, exchanges) = run(1 << 30);
    assert!(unbounded > 3_000_000, "{unbounded}");
    assert_eq!((closed, exchanges), (0, 3000));
    // Bounded at 1 MB: never above it, the oldest closed, each request
    // still shown (unanswered), none lost.
    let (bounded, closed, exchanges) = run(1_000_000);
    assert!(bounded <= 1_000_000, "{bounded}");
    assert!(closed >= 2000, "{closed}");
    assert_eq!(exchanges, 3000);
}

#[test]
fn the_analysis_counts_what_the_capture_holds() {
    use kafka_wire_capture::analysis::{Analysis, RecordTraffic, Traffic};
    let mut c = opened(40_030);
    let mut expected_request_bytes = 0;
    let mut expected_response_bytes = 0;
    // Three Produce requests of one batch of two records each to orders-0,
    // one answered with NOT_LEADER_OR_FOLLOWER (6).
    for corr in 0..3 {
        let rq = produce(corr, 1, Compression::None);
        let rs_body = kafka_messages::ProduceResponse {
            responses: vec![kafka_messages::produce::TopicProduceResponse {
                name: "orders".into(),
                partition_responses: vec![kafka_messages::produce::PartitionProduceResponse {
                    index: 0,
                    error_code: if corr == 1 { 6 } else { 0 },
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let rs = response(9, corr, &rs_body);
        expected_request_bytes += rq.len() as u64;
        expected_response_bytes += rs.len() as u64;
        c.send(CLIENT, &rq, 1460);
        c.send(SERVER, &rs, 1460);
    }
    c.close();
    // The batch's size, from the request's own bytes: the records field is
    // the last thing before three tagged-field counts (partition, topic,
    // body), its length a varint of one byte just before it.
    let rq = produce(0, 1, Compression::None);
    let batch_len = {
        let batch_end = rq.len() - 3;
        // Walk back: the compact length is N + 1, one byte, N < 127.
        (1..127)
            .find(|n| rq[batch_end - n - 1] as usize == n + 1)
            .expect("the records length")
    };
    let (exchanges, _) = analyze(&pcap(&c.packets), Options::default());
    let mut analysis = Analysis::default();
    for x in &exchanges {
        analysis.add(x);
    }
    assert_eq!(
        analysis.clients["tester"],
        Traffic {
            exchanges: 3,
            request_bytes: expected_request_bytes,
            response_bytes: expected_response_bytes
        }
    );
    assert_eq!(analysis.brokers.len(), 1);
    assert_eq!(
        analysis.produced[&("orders".to_string(), 0)],
        RecordTraffic {
            bytes: 3 * batch_len as u64,
            batches: 3,
            records: 6
        }
    );
    assert!(analysis.fetched.is_empty());
    // The producer-to-topic map: tester produced the same to orders.
    let to_orders = &analysis.client_topics[&("tester".to_string(), "orders".to_string())];
    assert_eq!(
        to_orders.produced,
        analysis.produced[&("orders".to_string(), 0)]
    );
    assert_eq!(to_orders.fetched, RecordTraffic::default());
    assert_eq!(analysis.client_topics.len(), 1);
    assert_eq!(analysis.errors[&("Produce".to_string(), 6)], 1);
    assert_eq!(analysis.latencies[&("Produce".to_string(), 9)].count(), 3);
    let json = analysis.to_json();
    assert_eq!(json["produced"][0]["records"], 6);
    assert_eq!(json["errors"][0]["name"], "NOT_LEADER_OR_FOLLOWER");
    assert!(analysis.to_text().contains("orders-0"));
}

#[test]
fn a_refused_frame_size_resynchronises_on_the_rest_of_its_segment() {
    // One segment: a whole request, a bogus frame start (a size over the
    // limit and 4 bytes), then the next request whole. The frames around
    // the bogus size are read; exactly its 8 bytes are skipped.
    let mut c = opened(40_030);
    let (rq, rs) = api_versions();
    let (m, r) = metadata(5);
    let mut segment = rq.clone();
    segment.extend_from_slice(&[0x7f, 0xff, 0xff, 0xff, 0, 18, 0, 4]);
    segment.extend_from_slice(&m);
    c.send(CLIENT, &segment, 65_000);
    // The responses in one segment too, a refused (negative) size between.
    let mut segment = rs.clone();
    segment.extend_from_slice(&[0xff, 0xff, 0xff, 0xf0, 0, 0, 0, 9, 1, 2]);
    segment.extend_from_slice(&r);
    c.send(SERVER, &segment, 65_000);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(got, ["ApiVersions v4 #1 ok/ok", "Metadata v12 #5 ok/ok"]);
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            NoticeKind::FrameSize {
                way: Way::Requests,
                size: 2_147_483_647,
                limit: 100 << 20,
            },
            NoticeKind::Skipped {
                way: Way::Requests,
                bytes: 8
            },
            NoticeKind::FrameSize {
                way: Way::Responses,
                size: -16,
                limit: 100 << 20,
            },
            NoticeKind::Skipped {
                way: Way::Responses,
                bytes: 10
            },
        ]
    );
}

#[test]
fn a_refused_frame_size_then_a_frame_split_across_segments_is_read() {
    // The bogus size and the first half of the next request in one
    // segment, its second half in the next: the frame start is waited for.
    let mut c = opened(40_031);
    let (m, r) = metadata(7);
    let mut bytes = vec![0x7f, 0xff, 0xff, 0xff, 0, 3, 0, 12, 0];
    bytes.extend_from_slice(&m);
    let half = 9 + m.len() / 2;
    c.send(CLIENT, &bytes[..half], 65_000);
    c.send(CLIENT, &bytes[half..], 65_000);
    c.send(SERVER, &r, 65_000);
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    let got: Vec<String> = exchanges.iter().map(summary).collect();
    assert_eq!(got, ["Metadata v12 #7 ok/ok"]);
    let kinds: Vec<_> = notices.iter().map(|n| n.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            NoticeKind::FrameSize {
                way: Way::Requests,
                size: 2_147_483_647,
                limit: 100 << 20,
            },
            NoticeKind::Skipped {
                way: Way::Requests,
                bytes: 9
            },
        ]
    );
}

#[test]
fn the_analysis_tells_throttling_lag_and_group_timelines() {
    use kafka_messages::fetch::{
        FetchPartition, FetchTopic, FetchableTopicResponse, PartitionData,
    };
    use kafka_messages::leave_group::MemberIdentity;
    use kafka_messages::{
        ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse, FetchRequest, FetchResponse,
        HeartbeatRequest, HeartbeatResponse, JoinGroupRequest, JoinGroupResponse,
        LeaveGroupRequest, LeaveGroupResponse, SyncGroupRequest, SyncGroupResponse,
    };
    use kafka_wire_capture::analysis::{Analysis, GroupEvent, Lag, Throttle};
    let mut c = opened(40_040);
    let mut corr = 0;
    let exchange = |c: &mut Conversation, rq: Vec<u8>, rs: Vec<u8>| {
        c.send(CLIENT, &rq, 1460);
        c.send(SERVER, &rs, 1460);
    };
    // Two fetches: orders-0 from 10 (end 25) then from 20 (end 30); orders-1
    // from 5 (end 5). The first answer throttled 120 ms.
    let fetch = |corr: i32, offsets: &[(i32, i64)]| {
        request(
            12,
            corr,
            &FetchRequest {
                topics: vec![FetchTopic {
                    topic: "orders".into(),
                    partitions: offsets
                        .iter()
                        .map(|&(partition, fetch_offset)| FetchPartition {
                            partition,
                            fetch_offset,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }],
                ..Default::default()
            },
        )
    };
    let fetched = |corr: i32, throttle_time_ms: i32, ends: &[(i32, i64)]| {
        response(
            12,
            corr,
            &FetchResponse {
                throttle_time_ms,
                responses: vec![FetchableTopicResponse {
                    topic: "orders".into(),
                    partitions: ends
                        .iter()
                        .map(|&(partition_index, high_watermark)| PartitionData {
                            partition_index,
                            high_watermark,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }],
                ..Default::default()
            },
        )
    };
    corr += 1;
    exchange(
        &mut c,
        fetch(corr, &[(0, 10), (1, 5)]),
        fetched(corr, 120, &[(0, 25), (1, 5)]),
    );
    corr += 1;
    exchange(
        &mut c,
        fetch(corr, &[(0, 20)]),
        fetched(corr, 0, &[(0, 30)]),
    );
    // A classic group: join (generation 3), sync, a heartbeat (no event),
    // a heartbeat told of a rebalance (27), a leave.
    corr += 1;
    let join = request(
        5,
        corr,
        &JoinGroupRequest {
            group_id: "g".into(),
            protocol_type: "consumer".into(),
            ..Default::default()
        },
    );
    let joined = response(
        5,
        corr,
        &JoinGroupResponse {
            generation_id: 3,
            member_id: "m-1".into(),
            leader: "m-1".into(),
            ..Default::default()
        },
    );
    exchange(&mut c, join, joined);
    corr += 1;
    let sync = request(
        3,
        corr,
        &SyncGroupRequest {
            group_id: "g".into(),
            generation_id: 3,
            member_id: "m-1".into(),
            ..Default::default()
        },
    );
    exchange(
        &mut c,
        sync,
        response(3, corr, &SyncGroupResponse::default()),
    );
    for error_code in [0, 27] {
        corr += 1;
        let hb = request(
            3,
            corr,
            &HeartbeatRequest {
                group_id: "g".into(),
                generation_id: 3,
                member_id: "m-1".into(),
                ..Default::default()
            },
        );
        let answer = response(
            3,
            corr,
            &HeartbeatResponse {
                error_code,
                ..Default::default()
            },
        );
        exchange(&mut c, hb, answer);
    }
    corr += 1;
    let leave = request(
        3,
        corr,
        &LeaveGroupRequest {
            group_id: "g".into(),
            members: vec![MemberIdentity {
                member_id: "m-1".into(),
                ..Default::default()
            }],
            ..Default::default()
        },
    );
    exchange(
        &mut c,
        leave,
        response(3, corr, &LeaveGroupResponse::default()),
    );
    // A KIP-848 group: epochs 1, 1 (no event), 2.
    for (member, epoch) in [("", 1), ("c-1", 1), ("c-1", 2)] {
        corr += 1;
        let hb = request(
            0,
            corr,
            &ConsumerGroupHeartbeatRequest {
                group_id: "g2".into(),
                member_id: member.into(),
                member_epoch: if member.is_empty() { 0 } else { 1 },
                ..Default::default()
            },
        );
        let answer = response(
            0,
            corr,
            &ConsumerGroupHeartbeatResponse {
                member_id: Some("c-1".into()),
                member_epoch: epoch,
                ..Default::default()
            },
        );
        exchange(&mut c, hb, answer);
    }
    c.close();
    let (exchanges, notices) = analyze(&pcap(&c.packets), Options::default());
    assert!(notices.is_empty(), "{notices:#?}");
    assert_eq!(exchanges.len(), 10);
    let mut analysis = Analysis::default();
    for x in &exchanges {
        analysis.add(x);
    }
    // Every response here carries a throttle time but the v0 ones.
    assert_eq!(
        analysis.throttle_clients["tester"],
        Throttle {
            responses: 10,
            throttled: 1,
            total_ms: 120,
            max_ms: 120
        }
    );
    assert_eq!(analysis.throttle_brokers.len(), 1);
    let lag = |p: i32| analysis.lag[&("tester".to_string(), ("orders".to_string(), p))].clone();
    assert_eq!(
        (lag(0).fetch_offset, lag(0).high_watermark, lag(0).lag()),
        (20, 30, 10)
    );
    assert_eq!(
        (lag(1).fetch_offset, lag(1).high_watermark, lag(1).lag()),
        (5, 5, 0)
    );
    assert_eq!(analysis.lag.len(), 2);
    let _: &Lag = &lag(0);
    let events: Vec<(String, &str, String, i32, i16)> = analysis
        .group_events
        .iter()
        .map(|e: &GroupEvent| {
            (
                e.group.clone(),
                e.api,
                e.member.clone(),
                e.generation,
                e.error,
            )
        })
        .collect();
    let expected: Vec<(String, &str, String, i32, i16)> = [
        ("g", "JoinGroup", "m-1", 3, 0),
        ("g", "SyncGroup", "m-1", 3, 0),
        ("g", "Heartbeat", "m-1", 3, 27),
        ("g", "LeaveGroup", "m-1", -1, 0),
        ("g2", "ConsumerGroupHeartbeat", "c-1", 1, 0),
        ("g2", "ConsumerGroupHeartbeat", "c-1", 2, 0),
    ]
    .iter()
    .map(|&(g, a, m, n, e)| (g.to_string(), a, m.to_string(), n, e))
    .collect();
    assert_eq!(events, expected);
    let json = analysis.to_json();
    assert_eq!(json["throttle"]["clients"]["tester"]["totalMs"], 120);
    assert_eq!(json["lag"][0]["lag"], 10);
    assert_eq!(json["groupEvents"][2]["errorCode"], 27);
    let text = analysis.to_text();
    assert!(text.contains("REBALANCE_IN_PROGRESS"), "{text}");
    assert!(text.contains("tester orders-0"), "{text}");
}
