//! Regression tests named after the CVEs and bugs of issue 43, each against
//! every component of this workspace it concerns: the codec (`kafka-wire`,
//! `kafka-messages`), record batches, the mock broker (`kafka-wire-fake`),
//! the proxy (`kafka-wire-proxy`), the capture analyzer
//! (`kafka-wire-capture`) and the log dump (`kafka-wire-dump`).
//!
//! Each test says, in a comment, which defence it holds: the check that,
//! removed, makes it fail. Allocations are counted per thread by
//! `kafka_wire_test_support::Counting`; the fake and the proxy run on a
//! current-thread runtime inside [`measure`], so that their connection
//! tasks allocate on the counted thread. Sockets: 127.0.0.1, ports the
//! system picks (port 0), every wait bounded by a timeout.

use std::io::Cursor;
use std::net::SocketAddr;
use std::time::Duration;

use bytes::{BufMut, Bytes, BytesMut};
use kafka_messages::{
    ApiVersionsResponse, CreateTopicsRequest, FetchRequest, MetadataRequest, MetadataResponse,
    ProduceRequest, RequestKind,
};
use kafka_wire::frame::{self, FrameDecoder};
use kafka_wire::records::{
    Compression, LegacyRecordsBuilder, NewRecord, ReadOptions, RecordBatch, RecordBatchBuilder,
    RecordsError, RecordsErrorKind,
};
use kafka_wire::{DecodeErrorKind, ErrorCode, Message, Records, RequestHeader, Versioned};
use kafka_wire_test_support::{measure, Counting};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[global_allocator]
static GLOBAL: Counting = Counting;

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

/// The first bytes of a TLS 1.2 ClientHello record: read as a Kafka frame
/// size, 0x16030102 = 369 295 618 bytes.
const TLS_CLIENT_HELLO: [u8; 11] = [
    0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03,
];
/// A TLS alert record (handshake failure), what a TLS server answers a
/// plaintext client with: read as a size, 0x15030300 = 352 518 912 bytes,
/// KIP-498's "352 MB".
const TLS_ALERT: [u8; 7] = [0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A request frame (with its size) of `body` at `version`.
fn request<M: Message>(version: i16, correlation_id: i32, body: &M) -> Vec<u8> {
    let mut out = BytesMut::new();
    let header = RequestHeader::new(M::API_KEY, version, correlation_id, Some("cve".into()));
    frame::encode_request(&mut out, &header, body).unwrap();
    out.to_vec()
}

/// A request frame of API `key` at `version` whose body is `body` as given:
/// header v1 (classic) or v2 (flexible), client id "cve".
fn raw_request(key: i16, version: i16, flexible: bool, body: &[u8]) -> Vec<u8> {
    let mut contents = BytesMut::new();
    contents.put_i16(key);
    contents.put_i16(version);
    contents.put_i32(7);
    contents.put_i16(3);
    contents.put_slice(b"cve");
    if flexible {
        contents.put_u8(0); // no tagged fields
    }
    contents.put_slice(body);
    let mut out = (contents.len() as i32).to_be_bytes().to_vec();
    out.extend_from_slice(&contents);
    out
}

/// A one-record batch of `codec` whose payload (after the 61-byte header) is
/// replaced by `payload`, its length and CRC fixed up so that a reader gets
/// to the decompressor.
fn batch_with_payload(codec: Compression, payload: &[u8]) -> Bytes {
    let mut b = RecordBatchBuilder::new().compression(codec);
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    let mut bytes = b.build().unwrap().as_bytes()[..61].to_vec();
    bytes.extend_from_slice(payload);
    let length = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&length.to_be_bytes());
    let crc = crc32c::crc32c(&bytes[21..]);
    bytes[17..21].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

/// A magic 1 wrapper message of `codec` whose compressed value is replaced
/// by `payload`, its sizes and CRC-32 fixed up.
fn legacy_wrapper_with_payload(codec: Compression, payload: &[u8]) -> Bytes {
    let mut b = LegacyRecordsBuilder::v1().compression(codec);
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    // offset 8, size 4, crc 4, magic 1, attributes 1, timestamp 8, key -1,
    // then the value's length at 30 and the value at 34.
    let mut bytes = b.build().unwrap().0[..30].to_vec();
    bytes.extend_from_slice(&(payload.len() as i32).to_be_bytes());
    bytes.extend_from_slice(payload);
    let size = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&size.to_be_bytes());
    let crc = crc32fast::hash(&bytes[16..]);
    bytes[12..16].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

/// Reads every batch and record of `records`, as a consumer does; the
/// first error.
fn consume(records: &Records, options: ReadOptions) -> Result<usize, RecordsError> {
    let mut n = 0;
    for batch in records.batches_with(options) {
        for record in batch?.records()? {
            n += record?.value().map_or(0, <[u8]>::len);
        }
    }
    Ok(n)
}

fn corrupt_of(r: Result<usize, RecordsError>) -> (Compression, String) {
    match r.expect_err("an error").kind().clone() {
        RecordsErrorKind::Corrupt {
            compression,
            reason,
        } => (compression, reason),
        other => panic!("not Corrupt: {other:?}"),
    }
}

/// The segment `bytes` dumped with kafka-dump-log's defaults and the
/// record values printed: (problems reported, output).
fn dump_segment(bytes: &[u8]) -> (u64, String) {
    let options = kafka_wire_dump::Options {
        decoder: kafka_wire_dump::Decoder::Raw(kafka_wire_dump::Contents::Text),
        ..Default::default()
    };
    let mut out = Vec::new();
    let summary = kafka_wire_dump::Dump::new(options)
        .segment("00000000000000000000.log", Cursor::new(bytes), &mut out)
        .expect("a dump reports a bad batch, it does not stop");
    (summary.problems, String::from_utf8(out).unwrap())
}

/// A pcap (Ethernet, IPv4) of one TCP connection from 127.0.0.1:40000 to
/// Kafka's port 9092: its handshake, then `requests` from the client in
/// segments of at most 1400 bytes.
fn pcap_of_requests(requests: &[u8]) -> Vec<u8> {
    pcap_of_segments(&requests.chunks(1400).collect::<Vec<_>>())
}

/// [`pcap_of_requests`] with the client's bytes in the segments given.
fn pcap_of_segments(segments: &[&[u8]]) -> Vec<u8> {
    fn packet(out: &mut Vec<u8>, t: u32, from_client: bool, seq: u32, flags: u8, data: &[u8]) {
        let (sport, dport) = if from_client {
            (40000u16, 9092u16)
        } else {
            (9092, 40000)
        };
        let mut p = vec![0u8; 12];
        p.extend_from_slice(&[0x08, 0x00]); // IPv4
        let total = (20 + 20 + data.len()) as u16;
        p.extend_from_slice(&[0x45, 0]);
        p.extend_from_slice(&total.to_be_bytes());
        p.extend_from_slice(&[0, 0, 0x40, 0, 64, 6, 0, 0]);
        p.extend_from_slice(&[127, 0, 0, 1, 127, 0, 0, 1]);
        p.extend_from_slice(&sport.to_be_bytes());
        p.extend_from_slice(&dport.to_be_bytes());
        p.extend_from_slice(&seq.to_be_bytes());
        p.extend_from_slice(&0u32.to_be_bytes());
        p.extend_from_slice(&[0x50, flags, 0xff, 0xff, 0, 0, 0, 0]);
        p.extend_from_slice(data);
        for v in [1_700_000_000 + t, 0, p.len() as u32, p.len() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&p);
    }
    let mut out = Vec::new();
    for v in [0xa1b2_c3d4u32, 0x0004_0002, 0, 0, 65535, 1] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    // The version is two u16s, little-endian: 2 then 4.
    out[4..8].copy_from_slice(&[2, 0, 4, 0]);
    packet(&mut out, 0, true, 999, 0x02, &[]);
    packet(&mut out, 0, false, 4999, 0x12, &[]);
    let mut seq = 1000u32;
    for (i, chunk) in segments.iter().enumerate() {
        packet(&mut out, 1 + i as u32, true, seq, 0x18, chunk);
        seq += chunk.len() as u32;
    }
    out
}

/// The notices and exchanges kafka-capture finds in `pcap`, as Debug text.
fn capture_events(pcap: &[u8]) -> (Vec<String>, usize) {
    let (mut notices, mut exchanges) = (Vec::new(), 0);
    kafka_wire_capture::exchange::read_capture(
        pcap,
        kafka_wire_capture::exchange::Options::default(),
        &mut |e| match e {
            kafka_wire_capture::exchange::Event::Notice(n) => notices.push(format!("{:?}", n.kind)),
            kafka_wire_capture::exchange::Event::Exchange(_) => exchanges += 1,
        },
    )
    .expect("the capture reads to its end");
    (notices, exchanges)
}

/// The largest allocation reading a clean capture (one ApiVersions
/// request) costs: the pcap reader's own buffer (8 MB, pcap-file's), a
/// constant whatever the input claims.
fn capture_baseline() -> usize {
    let pcap = pcap_of_requests(&api_versions_request());
    measure(|| capture_events(&pcap)).1.largest
}

/// What a peer got back for `bytes` sent on a fresh connection to `addr`:
/// the response frames' contents until the server closed, went quiet for
/// `quiet`, or 5 s passed; and whether it closed.
async fn exchange(addr: SocketAddr, bytes: &[u8], quiet: Duration) -> (Vec<Bytes>, bool) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    // A server that closes while we write is an answer too.
    let _ = s.write_all(bytes).await;
    let mut buf = BytesMut::new();
    let mut frames = Vec::new();
    let mut decoder = FrameDecoder::new(16 * MIB);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let closed = loop {
        let wait = quiet.min(deadline.saturating_duration_since(tokio::time::Instant::now()));
        match tokio::time::timeout(wait, s.read_buf(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break true,
            Ok(Ok(_)) => {
                while let Some(f) = decoder.decode(&mut buf).unwrap() {
                    frames.push(f);
                }
            }
            Err(_) => break false,
        }
    };
    (frames, closed)
}

/// Runs `f` against a fresh fake cluster (and, with `through_proxy`, a
/// proxy in front of it) on a current-thread runtime, under [`measure`]:
/// what `f` returns, and the largest allocation the servers and the client
/// made meanwhile (their tasks run on this thread while `f` is awaited).
fn against<F, Fut, R>(through_proxy: bool, f: F) -> (R, usize)
where
    F: FnOnce(SocketAddr) -> Fut,
    Fut: std::future::Future<Output = R>,
{
    against_listener(through_proxy, false, f)
}

/// [`against`], with `sasl`: the fake's SASL listener, or (with
/// `through_proxy`) a proxy terminating SASL in front of a plain fake.
fn against_listener<F, Fut, R>(through_proxy: bool, sasl: bool, f: F) -> (R, usize)
where
    F: FnOnce(SocketAddr) -> Fut,
    Fut: std::future::Future<Output = R>,
{
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (cluster, proxy) = rt.block_on(async {
        let fake = kafka_wire_fake::Cluster::builder();
        let fake = match sasl && !through_proxy {
            true => fake.sasl(
                kafka_wire_fake::Credentials::new()
                    .user("alice", "a")
                    .unwrap(),
            ),
            false => fake,
        };
        let cluster = fake.start().await.unwrap();
        let proxy = if through_proxy {
            let p = kafka_wire_proxy::Proxy::builder(cluster.bootstrap())
                .listen("127.0.0.1:0".parse().unwrap());
            let p = match sasl {
                true => p.sasl_termination(
                    kafka_wire_proxy::Credentials::new()
                        .user("alice", "a")
                        .unwrap(),
                ),
                false => p,
            };
            Some(p.start().await.unwrap())
        } else {
            None
        };
        (cluster, proxy)
    });
    let addr = proxy
        .as_ref()
        .map_or_else(|| cluster.bootstrap_addrs()[0], |p| p.local_addr());
    let (r, usage) = measure(|| rt.block_on(f(addr)));
    rt.block_on(async {
        if let Some(p) = proxy {
            p.shutdown();
        }
        cluster.shutdown().await;
    });
    (r, usage.largest)
}

/// A request every server answers: ApiVersions v3.
fn api_versions_request() -> Vec<u8> {
    request(3, 99, &kafka_messages::ApiVersionsRequest::default())
}

// ---------------------------------------------------------------------------
// KAFKA-14063: a tiny payload claiming a huge count
// ---------------------------------------------------------------------------

/// ProduceRequest v3 whose topic array claims 2^31-1 entries, in 12 bytes.
fn produce_claiming_a_huge_array() -> Vec<u8> {
    let mut body = Vec::new();
    body.extend_from_slice(&(-1i16).to_be_bytes()); // transactional id: null
    body.extend_from_slice(&1i16.to_be_bytes()); // acks
    body.extend_from_slice(&1000i32.to_be_bytes()); // timeout
    body.extend_from_slice(&i32::MAX.to_be_bytes()); // topic_data: 2^31-1 topics
    body
}

#[test]
fn kafka_14063_codec_a_huge_array_count_in_a_tiny_message_allocates_little() {
    // Defence: the array readers reserve no more than the input can hold
    // (kafka_wire::codec's capacity bound by the bytes remaining); without
    // it, 2^31-1 topics reserve gigabytes before the input ends.
    let body = produce_claiming_a_huge_array();
    let (r, usage) = measure(|| ProduceRequest::decode(&mut Bytes::from(body.clone()), 3));
    let e = r.expect_err("2^31-1 topics in 12 bytes");
    assert!(matches!(e.kind(), DecodeErrorKind::Truncated { .. }), "{e}");
    assert!(e.path().contains("topic_data"), "names the field: {e}");
    assert!(usage.largest < 4 * KIB, "{usage:?}");
    // Compact (v9): the count as an unsigned varint of 2^31.
    let mut compact = vec![0x00, 0x00, 0x01, 0x00, 0x00, 0x03, 0xe8];
    compact.extend_from_slice(&[0x80, 0x80, 0x80, 0x80, 0x08]);
    let (r, usage) = measure(|| ProduceRequest::decode(&mut Bytes::from(compact.clone()), 9));
    assert!(r.is_err());
    assert!(usage.largest < 4 * KIB, "{usage:?}");
    // The whole frame, dispatched by API key: the same.
    let frame = raw_request(0, 3, false, &body);
    let (r, usage) = measure(|| RequestKind::decode_frame(Bytes::from(frame[4..].to_vec())));
    assert!(r.is_err());
    assert!(usage.largest < 4 * KIB, "{usage:?}");
}

#[test]
fn kafka_14063_records_a_huge_record_count_in_a_tiny_batch_allocates_little() {
    // Defence: RecordBatch::records bounds its reservation by the bytes
    // that remain, never by the header's count; its iterator's size_hint
    // promises none of the count, so collecting it reserves nothing
    // for the claim.
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    let mut bytes = b.build().unwrap().as_bytes().to_vec();
    bytes[57..61].copy_from_slice(&i32::MAX.to_be_bytes());
    let crc = crc32c::crc32c(&bytes[21..]);
    bytes[17..21].copy_from_slice(&crc.to_be_bytes());
    let records = Records(Bytes::from(bytes.clone()));
    let (r, usage) = measure(|| consume(&records, ReadOptions::new()));
    let e = r.expect_err("2^31-1 records in one");
    assert!(
        matches!(
            e.kind(),
            RecordsErrorKind::RecordCountMismatch {
                declared: i32::MAX,
                found: 1
            }
        ),
        "{e}"
    );
    assert!(usage.largest < 4 * KIB, "{usage:?}");
    let (collected, usage) = measure(|| {
        let batch = records.batches().next().unwrap().unwrap();
        batch.records().unwrap().collect::<Vec<_>>()
    });
    assert_eq!(collected.len(), 2, "the record, then the count's error");
    assert!(collected[1].is_err());
    assert!(usage.largest < 4 * KIB, "{usage:?}");
    // The log dump reports the batch and goes on.
    let (problems, _) = dump_segment(&bytes);
    assert_eq!(problems, 1);
}

#[test]
fn kafka_14063_fake_and_proxy_a_huge_array_count_costs_no_memory() {
    // Defence: the fake decodes the requests it serves through the same
    // bounded array readers (kafka_wire::wire::array's element_capacity
    // and check_count); a CreateTopics v4 claiming 2^31-1 topics in 4
    // bytes closes the connection (Kafka's answer to a request it cannot
    // read). The proxy decodes nothing it passes through, and outlives it.
    for through_proxy in [false, true] {
        let frame = raw_request(19, 4, false, &i32::MAX.to_be_bytes());
        let ((_, closed), largest) = against(through_proxy, |addr| async move {
            exchange(addr, &frame, Duration::from_secs(3)).await
        });
        assert!(closed, "proxy {through_proxy}: the connection is closed");
        assert!(largest < MIB, "proxy {through_proxy}: {largest}");
    }
}

#[test]
fn kafka_14063_capture_a_huge_array_count_is_a_message_that_does_not_decode() {
    // Defence: the capture reads bodies as views, which check the count
    // against the bytes left before anything else (check_count), and
    // reports what does not decode instead of stopping.
    let mut requests = raw_request(0, 3, false, &produce_claiming_a_huge_array());
    requests.extend_from_slice(&api_versions_request());
    let pcap = pcap_of_requests(&requests);
    let ((notices, _), usage) = measure(|| capture_events(&pcap));
    assert!(usage.largest <= capture_baseline(), "{usage:?}");
    // Both requests read as frames (unanswered); none stops the capture.
    assert_eq!(
        notices
            .iter()
            .filter(|n| n.starts_with("Unanswered"))
            .count(),
        2,
        "{notices:?}"
    );
}

// ---------------------------------------------------------------------------
// CVE-2022-34917: an unauthenticated peer makes a server allocate huge buffers
// ---------------------------------------------------------------------------

#[test]
fn cve_2022_34917_codec_a_frame_size_is_checked_before_anything_is_allocated() {
    // Defence: FrameDecoder::check (size against the limit first) and
    // read_frame's body buffer growing with the bytes that arrive
    // (READ_CHUNK), not with the size claimed.
    let mut d = FrameDecoder::new(100 * MIB);
    let mut src = BytesMut::from(&i32::MAX.to_be_bytes()[..]);
    let (r, usage) = measure(|| d.decode(&mut src));
    assert!(matches!(
        r.unwrap_err().kind(),
        DecodeErrorKind::FrameSize { size, .. } if *size == i64::from(i32::MAX)
    ));
    assert_eq!(usage.total, usage.total.min(KIB), "{usage:?}");
    // A size at the limit, then 10 bytes and the end: read_frame holds
    // what arrived, not 100 MiB.
    let mut claim = ((100 * MIB) as i32).to_be_bytes().to_vec();
    claim.extend_from_slice(&[0; 10]);
    let (r, usage) = measure(|| frame::read_frame(&mut &claim[..], 100 * MIB));
    assert_eq!(r.unwrap_err().kind(), std::io::ErrorKind::UnexpectedEof);
    assert!(usage.largest <= 64 * KIB + KIB, "{usage:?}");
}

#[test]
fn cve_2022_34917_fake_and_proxy_a_claimed_100_mib_frame_allocates_under_1_mib() {
    // Defence: FrameCodec::decode reserves at most READ_CHUNK (64 KiB)
    // ahead of a frame it has begun; without the `.min(READ_CHUNK)` the
    // fake and the proxy each reserve the 100 MiB the peer claims.
    for through_proxy in [false, true] {
        let mut claim = ((100 * MIB) as i32).to_be_bytes().to_vec();
        claim.extend_from_slice(&[0; 1000]);
        let ((frames, _), largest) = against(through_proxy, |addr| async move {
            exchange(addr, &claim, Duration::from_millis(300)).await
        });
        assert!(frames.is_empty());
        println!("CVE-2022-34917: a claimed 100 MiB frame, proxy {through_proxy}: largest allocation {largest} bytes");
        assert!(
            largest < MIB,
            "proxy {through_proxy}: largest allocation {largest} bytes"
        );
        // Over the limit: the connection is closed at once.
        let over = i32::MAX.to_be_bytes();
        let ((_, closed), largest) = against(through_proxy, |addr| async move {
            exchange(addr, &over, Duration::from_secs(3)).await
        });
        assert!(closed, "proxy {through_proxy}");
        assert!(largest < MIB, "proxy {through_proxy}: {largest}");
    }
}

#[test]
fn cve_2022_34917_proxy_a_broker_claiming_100_mib_in_answer_to_the_proxys_own_request_allocates_under_1_mib(
) {
    // Defence: the proxy reads the answers to its own requests (the
    // SaslHandshake it asks a listener with, its own SASL exchange) with
    // FrameCodec, which reserves at most 64 KiB ahead; reading them into a
    // buffer of the claimed size allocates the 100 MiB.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let ((), usage) = measure(|| {
        rt.block_on(async {
            let broker = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let address = broker.local_addr().unwrap();
            let (asked, answered) = tokio::sync::oneshot::channel();
            let proxy = kafka_wire_proxy::Proxy::builder(address.to_string())
                .listen("127.0.0.1:0".parse().unwrap())
                .start()
                .await
                .unwrap();
            let (mut socket, _) = broker.accept().await.unwrap();
            tokio::spawn(async move {
                let mut size = [0; 4];
                socket.read_exact(&mut size).await.unwrap();
                let mut request = vec![0; i32::from_be_bytes(size) as usize];
                socket.read_exact(&mut request).await.unwrap();
                let mut claim = ((100 * MIB) as i32).to_be_bytes().to_vec();
                claim.extend_from_slice(&request[4..8]); // its correlation id
                claim.extend_from_slice(&[0; 1000]);
                socket.write_all(&claim).await.unwrap();
                let _ = asked.send(());
                // Held open: the proxy waits for the rest.
                tokio::time::sleep(Duration::from_secs(5)).await;
            });
            answered.await.unwrap();
            tokio::time::sleep(Duration::from_millis(300)).await;
            proxy.shutdown();
        })
    });
    println!(
        "CVE-2022-34917: a broker claiming 100 MiB in answer to the proxy's own request: largest \
         allocation {} bytes",
        usage.largest
    );
    assert!(usage.largest < MIB, "{usage:?}");
}

#[test]
fn cve_2022_34917_fake_and_proxy_on_sasl_an_unauthenticated_peer_sending_100_mib_allocates_under_1_mib(
) {
    // Defence: on a SASL listener, frames before the first authentication
    // are held to sasl.server.max.receive.size (512 KiB), Kafka's own; the
    // frame limit (100 MiB) alone lets such a peer, sending the bytes it
    // claims, make the server's read buffer grow to 100 MiB.
    let mut frame = ((100 * MIB) as i32).to_be_bytes().to_vec();
    frame.resize(4 + 100 * MIB, 0);
    for through_proxy in [false, true] {
        let ((_, closed), largest) = against_listener(through_proxy, true, |addr| {
            let frame = &frame;
            async move { exchange(addr, frame, Duration::from_secs(3)).await }
        });
        println!(
            "CVE-2022-34917: 100 MiB sent before authentication on a SASL listener, proxy \
             {through_proxy}: largest allocation {largest} bytes"
        );
        assert!(closed, "proxy {through_proxy}");
        assert!(
            largest < MIB,
            "proxy {through_proxy}: largest allocation {largest} bytes"
        );
    }
}

/// Peers claiming a 100 MiB frame each, at once.
const CLAIMING_PEERS: usize = 24;
/// The body bytes each of them sends after its claim.
const CLAIMED_SENT: usize = 6 * MIB;

/// Starts the fake (and the proxy in front of it, with `through_proxy`)
/// with a request budget of 100 MiB on a current-thread runtime; then
/// [`CLAIMING_PEERS`] peers each claim a 100 MiB frame and send
/// [`CLAIMED_SENT`] bytes of it, all at once. Returns what the servers and
/// the peers allocated on this thread meanwhile, and what was left of the
/// budget with every peer still connected.
fn claims_against_a_budget(through_proxy: bool) -> (kafka_wire_test_support::Usage, usize) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let budget = frame::FrameBudget::new(100 * MIB);
    let (cluster, proxy) = rt.block_on(async {
        let fake = kafka_wire_fake::Cluster::builder();
        // The budget is the proxy's when it is in front: the fake behind it
        // then sees nothing of the peers' frames, which never complete.
        let fake = match through_proxy {
            false => fake.request_budget(budget.clone()),
            true => fake,
        };
        let cluster = fake.start().await.unwrap();
        let proxy = match through_proxy {
            false => None,
            true => Some(
                kafka_wire_proxy::Proxy::builder(cluster.bootstrap())
                    .listen("127.0.0.1:0".parse().unwrap())
                    .request_budget(budget.clone())
                    .start()
                    .await
                    .unwrap(),
            ),
        };
        (cluster, proxy)
    });
    let addr = proxy
        .as_ref()
        .map_or_else(|| cluster.bootstrap_addrs()[0], |p| p.local_addr());
    let mut claim = ((100 * MIB) as i32).to_be_bytes().to_vec();
    claim.resize(4 + CLAIMED_SENT, 0x5a);
    let claim: &'static [u8] = Vec::leak(claim);
    let (left, usage) = measure(|| {
        rt.block_on(async {
            let mut peers = tokio::task::JoinSet::new();
            for _ in 0..CLAIMING_PEERS {
                peers.spawn(async move {
                    let mut s = TcpStream::connect(addr).await.unwrap();
                    // Blocks once the server stops reading: bounded.
                    let _ = tokio::time::timeout(Duration::from_secs(1), s.write_all(claim)).await;
                    s
                });
            }
            let mut streams = Vec::new();
            while let Some(s) = peers.join_next().await {
                streams.push(s.unwrap());
            }
            // The servers read what they may (bounded wait).
            tokio::time::sleep(Duration::from_millis(500)).await;
            let left = budget.available();
            drop(streams);
            left
        })
    });
    rt.block_on(async {
        if let Some(p) = proxy {
            p.shutdown();
        }
        cluster.shutdown().await;
    });
    (usage, left)
}

#[test]
fn cve_2022_34917_fake_and_proxy_many_peers_claiming_100_mib_wait_within_the_request_budget() {
    // Defence: the request budget (kafka_wire::frame::FrameBudget, through
    // ClusterBuilder::request_budget and ProxyBuilder::request_budget): a
    // connection reserves a frame's size before it reads any of its body;
    // the first claim takes the whole 100 MiB, the other peers wait with
    // their bytes unread. Without it each connection reads what its peer
    // sends: 24 x 6 MiB = 144 MiB held, over the budget.
    for through_proxy in [false, true] {
        let (usage, left) = claims_against_a_budget(through_proxy);
        println!(
            "CVE-2022-34917: {CLAIMING_PEERS} peers claiming 100 MiB and sending {} MiB each, \
             proxy {through_proxy}: {} bytes allocated in all, budget left {left}",
            CLAIMED_SENT / MIB,
            usage.total
        );
        // One claim holds the whole budget; nobody else got any of it.
        assert_eq!(left, 0, "proxy {through_proxy}");
        // Everything the servers allocated meanwhile (not only what they
        // still hold) is well under the budget: about one peer's bytes, in
        // buffers that grew by doubling (17-19 MB measured; 452 MB without
        // the budget).
        assert!(usage.total < 32 * MIB, "proxy {through_proxy}: {usage:?}");
    }
}

#[test]
fn cve_2022_34917_capture_a_huge_size_is_a_notice_and_the_stream_resynchronises() {
    // Defence: the analyzer checks each size against Options::max_frame and
    // resynchronises on the next frame start, holding nothing for the claim.
    // (In a segment of its own: kafka-capture drops the rest of a segment
    // whose frame size is refused, a frame start in it included.)
    let pcap = pcap_of_segments(&[&i32::MAX.to_be_bytes(), &api_versions_request()]);
    let ((notices, _), usage) = measure(|| capture_events(&pcap));
    assert!(usage.largest <= capture_baseline(), "{usage:?}");
    assert!(
        notices.iter().any(|n| n.starts_with("FrameSize")),
        "{notices:?}"
    );
    assert!(
        notices.iter().any(|n| n.starts_with("Unanswered")),
        "the ApiVersions after it is found: {notices:?}"
    );
}

// ---------------------------------------------------------------------------
// CVE-2023-34455 and CVE-2023-43642: snappy chunk lengths negative, then huge
// ---------------------------------------------------------------------------

/// snappy-java's xerial header, then one block length and a few bytes.
fn xerial_block_of_length(len: i32) -> Vec<u8> {
    let mut p = vec![
        0x82, b'S', b'N', b'A', b'P', b'P', b'Y', 0, 0, 0, 0, 1, 0, 0, 0, 1,
    ];
    p.extend_from_slice(&len.to_be_bytes());
    p.extend_from_slice(&[0x01, 0x00, b'x']);
    p
}

#[test]
fn cve_2023_34455_and_43642_snappy_chunk_lengths_that_lie_in_batches_and_legacy_sets() {
    // Defences (compress/snappy.rs): a negative xerial block length is
    // refused (`usize::try_from`), a length past the input is refused
    // before slicing, and a raw block's declared length is trusted only
    // within MAX_EXPANSION times its input and the caller's limit.
    let raw_4_gib = vec![0xff, 0xff, 0xff, 0xff, 0x0f, 0x00];
    let cases: [(&str, Vec<u8>); 4] = [
        ("negative", xerial_block_of_length(-1)),
        ("i32::MIN", xerial_block_of_length(i32::MIN)),
        ("huge", xerial_block_of_length(i32::MAX)),
        ("raw 4 GiB", raw_4_gib),
    ];
    for (what, payload) in cases {
        for records in [
            Records(batch_with_payload(Compression::Snappy, &payload)),
            Records(legacy_wrapper_with_payload(Compression::Snappy, &payload)),
        ] {
            let options = ReadOptions::new().max_uncompressed_size(usize::MAX);
            let (r, usage) = measure(|| consume(&records, options));
            let (c, reason) = corrupt_of(r);
            assert_eq!(c, Compression::Snappy, "{what}");
            if what == "negative" || what == "i32::MIN" {
                assert!(reason.contains("negative xerial block length"), "{reason}");
            }
            assert!(usage.largest < 4 * KIB, "{what}: {usage:?}");
        }
    }
    // The log dump reports such a batch and reads on.
    let (problems, _) = dump_segment(&batch_with_payload(
        Compression::Snappy,
        &xerial_block_of_length(-1),
    ));
    assert_eq!(problems, 1);
}

// ---------------------------------------------------------------------------
// Malformed LZ4 escaping a consumer's error handling
// ---------------------------------------------------------------------------

#[test]
fn malformed_lz4_is_a_typed_error_in_batches_and_legacy_sets() {
    // Defences (compress/lz4.rs): every field read through `take` (a
    // truncation is an error, not a slice panic), a block longer than the
    // frame's block size refused, lz4_flex's decompress_into bounded by
    // the room given, checksums checked.
    let header = [0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x82];
    let mut cases: Vec<(&str, Vec<u8>)> = vec![("magic only", header[..4].to_vec())];
    cases.push(("no end mark", header.to_vec()));
    let mut big = header.to_vec();
    big.extend_from_slice(&0x7fff_ffffu32.to_le_bytes());
    cases.push(("block of 2 GiB", big));
    let mut bad_block = header.to_vec();
    bad_block.extend_from_slice(&4u32.to_le_bytes());
    bad_block.extend_from_slice(&[0xf0, 0xff, 0xff, 0xff]); // a literal run past the block
    bad_block.extend_from_slice(&0u32.to_le_bytes());
    cases.push(("literal run past the block", bad_block));
    let mut offset_zero = header.to_vec();
    offset_zero.extend_from_slice(&7u32.to_le_bytes());
    offset_zero.extend_from_slice(&[0x14, b'a', 0x00, 0x00, 0x00, 0x00, 0x00]); // match offset 0
    offset_zero.extend_from_slice(&0u32.to_le_bytes());
    cases.push(("match offset 0", offset_zero));
    for (what, payload) in cases {
        for records in [
            Records(batch_with_payload(Compression::Lz4, &payload)),
            Records(legacy_wrapper_with_payload(Compression::Lz4, &payload)),
        ] {
            let (r, usage) = measure(|| consume(&records, ReadOptions::new()));
            let (c, _) = corrupt_of(r);
            assert_eq!(c, Compression::Lz4, "{what}");
            assert!(usage.largest < 5 * MIB, "{what}: {usage:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// KIP-498: a TLS record read as a 352 MB size field
// ---------------------------------------------------------------------------

#[test]
fn kip_498_codec_a_tls_record_is_a_frame_size_error_before_any_allocation() {
    // Defence: the frame limit (FrameDecoder::check): 0x15030300 is 352 MB,
    // over Kafka's 100 MiB, refused before anything is allocated.
    for (tls, size) in [
        (&TLS_ALERT[..], 0x1503_0300i64),
        (&TLS_CLIENT_HELLO[..], 0x1603_0102),
    ] {
        let mut src = BytesMut::from(tls);
        let (r, usage) = measure(|| FrameDecoder::default().decode(&mut src));
        let e = r.unwrap_err();
        assert_eq!(
            e.kind(),
            &DecodeErrorKind::FrameSize {
                size,
                limit: frame::DEFAULT_MAX_FRAME_SIZE
            }
        );
        assert!(usage.largest < KIB, "{usage:?}");
        let (r, usage) =
            measure(|| frame::read_frame(&mut &tls[..], frame::DEFAULT_MAX_FRAME_SIZE));
        assert_eq!(r.unwrap_err().kind(), std::io::ErrorKind::InvalidData);
        assert!(usage.largest < KIB, "{usage:?}");
    }
}

#[test]
fn kip_498_fake_and_proxy_a_tls_client_hello_on_a_plaintext_port_is_closed() {
    // Defence: the same limit in FrameCodec; without it the fake and the
    // proxy would wait for (and reserve toward) 369 MB.
    for through_proxy in [false, true] {
        let ((frames, closed), largest) = against(through_proxy, |addr| async move {
            exchange(addr, &TLS_CLIENT_HELLO, Duration::from_secs(3)).await
        });
        assert!(frames.is_empty() && closed, "proxy {through_proxy}");
        assert!(largest < MIB, "proxy {through_proxy}: {largest}");
    }
}

#[test]
fn kip_498_capture_tls_bytes_on_kafkas_port_are_reported_not_read() {
    // Defence: the capture's max_frame check, then resynchronisation.
    let mut bytes = TLS_CLIENT_HELLO.to_vec();
    bytes.extend_from_slice(&TLS_ALERT);
    let pcap = pcap_of_requests(&bytes);
    let ((notices, exchanges), usage) = measure(|| capture_events(&pcap));
    assert!(usage.largest <= capture_baseline(), "{usage:?}");
    assert_eq!(exchanges, 0);
    assert!(
        notices.iter().any(|n| n.starts_with("FrameSize")),
        "{notices:?}"
    );
}

// ---------------------------------------------------------------------------
// A nullable compact array of -1 (librdkafka, 2026)
// ---------------------------------------------------------------------------

#[test]
fn nullable_compact_array_of_minus_one_codec() {
    // Defence: a compact array's length N-1 = -1 is null, accepted only
    // where the field is nullable at that version (UnexpectedNull naming
    // the field otherwise), never a length of usize::MAX.
    // Metadata v12 (flexible): topics is nullable: null reads as None.
    let null_topics: &'static [u8] = &[0x00, 0x01, 0x00, 0x00];
    let m = MetadataRequest::decode_exact(Bytes::from_static(null_topics), 12).unwrap();
    assert_eq!(m.topics, None);
    // CreateTopics v5: topics is not nullable.
    let mut body = vec![0x00]; // topics: compact null
    body.extend_from_slice(&[0, 0, 0x75, 0x30, 0, 0]);
    let e = CreateTopicsRequest::decode_exact(Bytes::from(body), 5).unwrap_err();
    assert_eq!(e.kind(), &DecodeErrorKind::UnexpectedNull, "{e}");
    assert!(e.path().contains("topics"), "{e}");
    // What a client reads before authenticating: ApiVersions v3 and
    // Metadata v12 responses whose arrays are null.
    let api_versions: &'static [u8] = &[0x00, 0x00, 0x00];
    let e = ApiVersionsResponse::decode_exact(Bytes::from_static(api_versions), 3).unwrap_err();
    assert_eq!(e.kind(), &DecodeErrorKind::UnexpectedNull, "{e}");
    assert!(e.path().contains("api_keys"), "{e}");
    let metadata: &'static [u8] = &[0, 0, 0, 0, 0x00];
    let e = MetadataResponse::decode_exact(Bytes::from_static(metadata), 12).unwrap_err();
    assert_eq!(e.kind(), &DecodeErrorKind::UnexpectedNull, "{e}");
    assert!(e.path().contains("brokers"), "{e}");
    // The interpreted codec agrees.
    let schema = kafka_messages::schema_by_name("ApiVersionsResponse").unwrap();
    let dynamic = kafka_wire::dynamic::DynamicMessage::decode_exact(
        schema,
        3,
        Bytes::from_static(api_versions),
    );
    assert_eq!(
        dynamic.unwrap_err().kind(),
        &DecodeErrorKind::UnexpectedNull
    );
}

#[test]
fn nullable_compact_array_of_minus_one_fake_and_proxy() {
    // Defence: the fake decodes through the codec above: a null where none
    // is allowed closes the connection (Kafka's answer to a request it
    // cannot read); a null where it is allowed is answered. The proxy
    // passes both through and outlives them.
    for through_proxy in [false, true] {
        let mut body = vec![0x00];
        body.extend_from_slice(&[0, 0, 0x75, 0x30, 0, 0]);
        let create = raw_request(19, 5, true, &body);
        let metadata = raw_request(3, 12, true, &[0x00, 0x01, 0x00, 0x00]);
        let ((closed, answered), largest) = against(through_proxy, |addr| async move {
            let (_, closed) = exchange(addr, &create, Duration::from_secs(3)).await;
            let (answered, _) = exchange(addr, &metadata, Duration::from_millis(500)).await;
            (closed, answered)
        });
        assert!(closed, "proxy {through_proxy}: null topics closes");
        assert_eq!(
            answered.len(),
            1,
            "proxy {through_proxy}: null Metadata topics answered"
        );
        let corr = frame::peek_correlation_id(&answered[0]).unwrap();
        assert_eq!(corr, 7);
        assert!(largest < MIB, "proxy {through_proxy}: {largest}");
    }
}

// ---------------------------------------------------------------------------
// CVE-2018-1288: a client's Fetch carrying a replica id
// ---------------------------------------------------------------------------

#[test]
fn cve_2018_1288_codec_a_fetchs_replica_id_is_read_where_a_server_can_check_it() {
    // Defence: the replica id is a field of the decoded request at every
    // version (v0-14 in the body, v15+ in the ReplicaState tagged field),
    // so a server can refuse a client that claims to be a follower; a
    // codec that skipped it would decode both as a consumer's.
    for version in [4i16, 12, 14, 15, 17] {
        let mut fetch = FetchRequest::default();
        if version < 15 {
            fetch.replica_id = 3;
        } else {
            fetch.replica_state.replica_id = 3;
        }
        let frame = request(version, 1, &fetch);
        let (header, kind) = RequestKind::decode_frame(Bytes::from(frame[4..].to_vec())).unwrap();
        assert_eq!(header.api_version, version);
        let RequestKind::Fetch(read) = kind else {
            panic!("not a Fetch")
        };
        let replica = if version < 15 {
            read.replica_id
        } else {
            read.replica_state.replica_id
        };
        assert_eq!(replica, 3, "v{version}");
        let consumer = FetchRequest::decode_exact(
            Bytes::from(FetchRequest::default().encode_to_vec(version).unwrap()),
            version,
        )
        .unwrap();
        assert_eq!(
            if version < 15 {
                consumer.replica_id
            } else {
                consumer.replica_state.replica_id
            },
            -1,
            "v{version}: a consumer's"
        );
    }
}

#[test]
fn cve_2018_1288_fake_a_fetch_with_a_replica_id_is_refused_partition_by_partition() {
    // Defence: a Fetch with a replica id (a follower's) reads nothing: the
    // fake's nodes have no follower replicas, so each partition it leads is
    // answered as Kafka's leader answers a replica id that is not a follower
    // it knows, NOT_LEADER_OR_FOLLOWER (UNKNOWN_LEADER_EPOCH with a current
    // leader epoch), and no records, while the same fetch from a consumer
    // (replica id -1) gets the record (kafka-wire-fake/src/data.rs, `fetch`).
    use kafka_messages::fetch::{FetchPartition, FetchTopic};
    use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
    use kafka_messages::{FetchResponse, ProduceRequest};
    let create = CreateTopicsRequest {
        topics: vec![kafka_messages::CreatableTopic {
            name: "t".into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 1000,
        ..Default::default()
    };
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    let produce = ProduceRequest {
        acks: 1,
        timeout_ms: 1000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(Records::from(b.build().unwrap())),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let fetch = |replica_id: i32, epoch: i32, version: i16| {
        let mut f = FetchRequest {
            max_bytes: 1 << 20,
            topics: vec![FetchTopic {
                topic: "t".into(),
                partitions: vec![FetchPartition {
                    partition: 0,
                    current_leader_epoch: epoch,
                    partition_max_bytes: 1 << 20,
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        if version < 15 {
            f.replica_id = replica_id;
        } else {
            f.replica_state.replica_id = replica_id;
        }
        f
    };
    let mut bytes = request(4, 1, &create);
    bytes.extend(request(8, 2, &produce));
    let asks = [(1, -1, 12), (1, 0, 12), (2, -1, 4), (-1, -1, 12)];
    for (i, &(replica, epoch, version)) in asks.iter().enumerate() {
        bytes.extend(request(
            version,
            3 + i as i32,
            &fetch(replica, epoch, version),
        ));
    }
    let ((frames, _), _) = against(false, |addr| async move {
        exchange(addr, &bytes, Duration::from_secs(3)).await
    });
    assert_eq!(frames.len(), 2 + asks.len(), "every request answered");
    let expected = [
        ErrorCode::NotLeaderOrFollower,
        ErrorCode::UnknownLeaderEpoch,
        ErrorCode::NotLeaderOrFollower,
        ErrorCode::None,
    ];
    for ((f, &(_, _, version)), want) in frames[2..].iter().zip(&asks).zip(expected) {
        let (_, r): (_, FetchResponse) = frame::decode_response(f.clone(), version).unwrap();
        let p = &r.responses[0].partitions[0];
        assert_eq!(p.error_code, want.code(), "v{version}");
        let records = p.records.as_ref().map_or(0, |r| r.0.len());
        assert_eq!(
            records > 0,
            want == ErrorCode::None,
            "records read: {records}"
        );
    }
}

// ---------------------------------------------------------------------------
// CVE-2018-17196: a Produce request bypassing the transactional checks
// ---------------------------------------------------------------------------

#[test]
fn cve_2018_17196_codec_a_produces_batches_say_whether_they_are_transactional() {
    // Defence: a Produce request's records read as batches whose
    // transactional flag and producer id are the header's, so a server can
    // hold a transactional batch against the request's (null)
    // transactional id, as Kafka's fix does.
    let mut b = RecordBatchBuilder::new()
        .transactional(true)
        .producer(42, 0, 0);
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    let batch: RecordBatch = b.build().unwrap();
    let mut produce = ProduceRequest {
        transactional_id: None,
        acks: -1,
        ..Default::default()
    };
    let mut topic = kafka_messages::produce::TopicProduceData {
        name: "t".into(),
        ..Default::default()
    };
    topic
        .partition_data
        .push(kafka_messages::produce::PartitionProduceData {
            records: Some(Records::from(batch)),
            ..Default::default()
        });
    produce.topic_data.push(topic);
    let read =
        ProduceRequest::decode_exact(Bytes::from(produce.encode_to_vec(9).unwrap()), 9).unwrap();
    assert_eq!(read.transactional_id, None);
    let records = read.topic_data[0].partition_data[0]
        .records
        .clone()
        .unwrap();
    let batch = records.batches().next().unwrap().unwrap();
    assert!(batch.is_transactional());
    assert_eq!(batch.producer_id(), 42);
}

/// Through the fake (and, with `through_proxy`, the proxy in front of it):
/// a transaction `tx` opened on topic `t`'s partition 0, then the same
/// transactional batch produced without a transactional id and with it.
/// Returns the two Produce answers' partitions.
fn transactional_produce_with_and_without_its_id(
    through_proxy: bool,
) -> Vec<kafka_messages::produce::PartitionProduceResponse> {
    use kafka_messages::add_partitions_to_txn::AddPartitionsToTxnTopic;
    use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
    use kafka_messages::{
        AddPartitionsToTxnRequest, InitProducerIdRequest, InitProducerIdResponse, ProduceResponse,
    };
    let create = CreateTopicsRequest {
        topics: vec![kafka_messages::CreatableTopic {
            name: "t".into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        timeout_ms: 1000,
        ..Default::default()
    };
    let init = InitProducerIdRequest {
        transactional_id: Some("tx".into()),
        transaction_timeout_ms: 60_000,
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    let ((frames, _), _) = against(through_proxy, |addr| async move {
        let mut bytes = request(4, 1, &create);
        bytes.extend(request(4, 2, &init));
        let (frames, _) = exchange(addr, &bytes, Duration::from_secs(3)).await;
        let (_, id): (_, InitProducerIdResponse) =
            frame::decode_response(frames[1].clone(), 4).unwrap();
        assert_eq!(id.error_code, 0, "InitProducerId: {id:?}");
        let add = AddPartitionsToTxnRequest {
            v3_and_below_transactional_id: "tx".into(),
            v3_and_below_producer_id: id.producer_id,
            v3_and_below_producer_epoch: id.producer_epoch,
            v3_and_below_topics: vec![AddPartitionsToTxnTopic {
                name: "t".into(),
                partitions: vec![0],
                ..Default::default()
            }],
            ..Default::default()
        };
        let mut b = RecordBatchBuilder::new().transactional(true).producer(
            id.producer_id,
            id.producer_epoch,
            0,
        );
        b.append(NewRecord::new(0).value(b"v")).unwrap();
        let batch = Records::from(b.build().unwrap());
        let produce = |transactional_id: Option<&str>| ProduceRequest {
            transactional_id: transactional_id.map(Into::into),
            acks: -1,
            timeout_ms: 1000,
            topic_data: vec![TopicProduceData {
                name: "t".into(),
                partition_data: vec![PartitionProduceData {
                    index: 0,
                    records: Some(batch.clone()),
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let mut bytes = request(3, 3, &add);
        bytes.extend(request(9, 4, &produce(None)));
        bytes.extend(request(9, 5, &produce(Some("tx"))));
        exchange(addr, &bytes, Duration::from_secs(3)).await
    });
    assert_eq!(frames.len(), 3, "every request answered");
    frames[1..]
        .iter()
        .map(|f| {
            let (_, r): (_, ProduceResponse) = frame::decode_response(f.clone(), 9).unwrap();
            r.responses[0].partition_responses[0].clone()
        })
        .collect()
}

#[test]
fn cve_2018_17196_fake_and_proxy_transactional_records_need_the_transactional_id() {
    // Defence: a Produce whose batches are transactional but whose
    // transactional id is null is refused whole with
    // TRANSACTIONAL_ID_AUTHORIZATION_FAILED before anything else, as
    // Kafka's `handleProduceRequest` does since its fix, even while the
    // batches' producer has an open transaction holding the partition
    // (`txn::transactional_without_id`, kafka-wire-fake/src/txn.rs). The
    // same batch with its transactional id is written.
    for through_proxy in [false, true] {
        let answers = transactional_produce_with_and_without_its_id(through_proxy);
        let (without, with) = (&answers[0], &answers[1]);
        assert_eq!(
            (without.error_code, without.base_offset),
            (ErrorCode::TransactionalIdAuthorizationFailed.code(), -1),
            "without the transactional id (through the proxy: {through_proxy}): {without:?}"
        );
        assert_eq!(
            without.error_message.as_deref(),
            Some("Transactional Id authorization failed.")
        );
        assert_eq!(
            (with.error_code, with.base_offset),
            (0, 0),
            "with it (through the proxy: {through_proxy}): {with:?}"
        );
    }
}

#[test]
fn the_message_traits_used_here_are_the_runtimes() {
    // Keeps `Versioned` and `Message` in use for the helpers above on
    // every feature set.
    fn is_message<M: Message + Versioned>() {}
    is_message::<ProduceRequest>();
}
