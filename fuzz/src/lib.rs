//! The properties the fuzz targets check, one function per reader, each
//! taking the fuzzer's bytes and panicking when the property fails. The
//! targets in `fuzz_targets/` call them; the workspace's replay test
//! (`tests/fuzz_replay.rs`) includes this file and runs every seed in
//! `fuzz/seeds/<target>/` through the same function on stable, so that the
//! seeds and every input that ever failed are ordinary tests.
//!
//! Memory: each property reads with a stated limit ([`LIMIT`]); the smoke
//! run (`scripts/fuzz-smoke.sh`) adds libFuzzer's `-malloc_limit_mb`, so an
//! allocation sized by an untrusted length fails the run.

use std::io::Cursor;

use bytes::{Bytes, BytesMut};
use kafka_messages::{ApiKey, RequestKind, RequestView, ResponseKind, ResponseView};
use kafka_wire::frame::FrameDecoder;
use kafka_wire::records::{
    Compression, Header, NewRecord, ReadOptions, RecordBatch, RecordBatchBuilder,
};
use kafka_wire::Records;

/// The decompression limit and largest frame the properties read with.
pub const LIMIT: usize = 1 << 20;

/// A property: it panics when the input breaks it.
pub type Property = fn(&[u8]);

/// The readers with a property here, by the name of their fuzz target and
/// seed directory.
pub const TARGETS: &[(&str, Property)] = &[
    ("records", records),
    ("decompress", decompress),
    ("frames", frames),
    ("capture", capture),
    ("segment", segment),
    ("fake_connection", fake_connection),
    ("proxy_connection", proxy_connection),
    ("views", views),
];

/// The message a fuzz input's first two bytes pick, for the targets that
/// take any API: `api` is an index into every API, `pick` holds the
/// direction in its low bit (1: the response) and the version above it,
/// taken modulo the API's versions. Returns the API, whether it is the
/// response, and the version.
pub fn pick_message(api: u8, pick: u8) -> (ApiKey, bool, i16) {
    let key = ApiKey::ALL[usize::from(api) % ApiKey::ALL.len()];
    let versions = key.all_versions();
    let (lo, hi) = (versions.lowest().unwrap(), versions.highest().unwrap());
    (
        key,
        pick & 1 == 1,
        lo + i16::from(pick >> 1) % (hi - lo + 1),
    )
}

/// Borrowed views (kafka-messages' `view` feature) beside the owned decode,
/// for any API: the first two bytes pick the message ([`pick_message`]), the
/// rest is its body.
///
/// Properties: the view read in place (`RequestView::view`,
/// `ResponseView::view`) and the owned decode (`RequestKind::decode`,
/// `ResponseKind::decode`) agree: the view's owned value (`to_kind`) and
/// the decoded message encode to the same bytes (bit for bit: a NaN read
/// both ways agrees) and both consumed the same bytes, or both fail with
/// the same error (kind, field path, version). Nothing may panic.
pub fn views(data: &[u8]) {
    let [api, pick, body @ ..] = data else {
        return;
    };
    let (key, response, version) = pick_message(*api, *pick);
    let consumed = |rest: &[u8]| body.len() - rest.len();
    let mut owned = Bytes::copy_from_slice(body);
    let mut rest = body;
    let name = key.name();
    if response {
        let view = ResponseView::view(key.key(), version, &mut rest)
            .map(|v| (v.to_kind(), consumed(rest)))
            .map_err(|e| e.to_string());
        let decoded = ResponseKind::decode(key.key(), version, &mut owned)
            .map(|m| (m, body.len() - owned.len()))
            .map_err(|e| e.to_string());
        let encode = |m: &ResponseKind, out: &mut Vec<u8>| m.encode(out, version);
        assert!(
            agree(&view, &decoded, encode),
            "{name} response v{version}: view, then owned\n{view:?}\n{decoded:?}"
        );
    } else {
        let view = RequestView::view(key.key(), version, &mut rest)
            .map(|v| (v.to_kind(), consumed(rest)))
            .map_err(|e| e.to_string());
        let decoded = RequestKind::decode(key.key(), version, &mut owned)
            .map(|m| (m, body.len() - owned.len()))
            .map_err(|e| e.to_string());
        let encode = |m: &RequestKind, out: &mut Vec<u8>| m.encode(out, version);
        assert!(
            agree(&view, &decoded, encode),
            "{name} request v{version}: view, then owned\n{view:?}\n{decoded:?}"
        );
    }
}

/// Whether two reads of one body agree: the same error, or messages that
/// consumed the same bytes and encode to the same bytes. The encodings are
/// compared, not the values: a float read as NaN is not equal to itself
/// under `PartialEq`, though both reads hold the same bits.
fn agree<M, E>(
    a: &Result<(M, usize), String>,
    b: &Result<(M, usize), String>,
    encode: impl Fn(&M, &mut Vec<u8>) -> Result<usize, E>,
) -> bool {
    let bytes = |m: &M| {
        let mut out = Vec::new();
        encode(m, &mut out).ok().map(|_| out)
    };
    match (a, b) {
        (Ok((a, used_a)), Ok((b, used_b))) => {
            used_a == used_b && bytes(a).is_some() && bytes(a) == bytes(b)
        }
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// Record batches of every magic (v2, and legacy message sets read as
/// batches): the first byte chooses whether CRCs are checked (bit 0: off,
/// so that mutations reach the records); the rest is a record set.
///
/// Properties: the batches are read in order, each at least 12 bytes (the
/// iteration ends within the input); what one batch's records hold is
/// within [`LIMIT`] (compressed) or its own bytes; and a magic 2 batch
/// whose records all read is rebuilt from them, with its codec, into a
/// batch that reads back to the same records.
pub fn records(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let options = ReadOptions::new()
        .verify_crc(mode & 1 == 0)
        .max_uncompressed_size(LIMIT);
    let set = Records(Bytes::copy_from_slice(rest));
    let mut batches = set.batches_with(options);
    let mut read = 0usize;
    for batch in batches.by_ref() {
        read += 1;
        assert!(read * 12 <= rest.len(), "more batches than the input holds");
        let Ok(batch) = batch else { continue };
        check_batch(&batch);
    }
    assert!(batches.position() <= rest.len());
}

/// One batch: its records within bounds, and rebuilt when they all read.
fn check_batch(batch: &RecordBatch) {
    let Ok(iter) = batch.records() else { return };
    let mut records = Vec::new();
    let mut held = 0usize;
    for record in iter {
        let Ok(record) = record else { return };
        held += record.key().map_or(0, <[u8]>::len) + record.value().map_or(0, <[u8]>::len);
        held += record
            .headers()
            .map(|h| h.key.len() + h.value.map_or(0, <[u8]>::len))
            .sum::<usize>();
        records.push(record);
    }
    let bound = match batch.compression() {
        Compression::None => batch.as_bytes().len(),
        _ => LIMIT,
    };
    assert!(held <= bound, "records hold {held} bytes, over {bound}");
    if batch.magic() != 2 || batch.is_control() || records.is_empty() {
        return;
    }
    // Rebuilt with the same codec from what was read: the same records.
    let mut b = RecordBatchBuilder::new()
        .base_offset(batch.base_offset())
        .compression(batch.compression());
    for r in &records {
        let headers: Vec<Header<'_>> = r.headers().collect();
        let mut new = NewRecord::new(r.timestamp()).headers(&headers);
        if let Some(k) = r.key() {
            new = new.key(k);
        }
        if let Some(v) = r.value() {
            new = new.value(v);
        }
        if b.append_with_offset(r.offset(), new).is_err() {
            return; // offsets out of order or too far apart: not buildable
        }
    }
    let Ok(rebuilt) = b.build() else { return };
    let again: Vec<_> = rebuilt
        .records()
        .expect("a rebuilt batch reads")
        .map(|r| r.expect("a rebuilt record reads"))
        .collect();
    assert_eq!(again.len(), records.len());
    for (a, b) in again.iter().zip(&records) {
        assert_eq!(a.offset(), b.offset());
        assert_eq!(a.key(), b.key());
        assert_eq!(a.value(), b.value());
        assert!(a.headers().eq(b.headers()), "headers");
        if batch.timestamp_type() == kafka_wire::records::TimestampType::CreateTime {
            assert_eq!(a.timestamp(), b.timestamp());
        }
    }
}

/// Each decompressor alone: the first byte picks the codec (gzip, snappy,
/// lz4, zstd) and the container (a magic 2 batch, or a magic 0 or 1
/// wrapper); the rest is the compressed payload, framed (lengths and CRCs
/// set) so that the reader gets to the decompressor.
///
/// Properties: no panic; an error is the codec's own (Corrupt or
/// UncompressedTooLarge naming it) or a record error after it; what
/// decompresses is within [`LIMIT`]; a batch that reads is rebuilt as
/// [`records`] checks.
pub fn decompress(data: &[u8]) {
    let Some((&pick, payload)) = data.split_first() else {
        return;
    };
    let codec = [
        Compression::Gzip,
        Compression::Snappy,
        Compression::Lz4,
        Compression::Zstd,
    ][usize::from(pick & 3)];
    let framed = match (pick >> 2) % 3 {
        0 => batch_with_payload(codec, payload),
        magic => legacy_wrapper_with_payload(magic as i8 - 1, codec, payload),
    };
    let set = Records(framed);
    for batch in set.batches_with(ReadOptions::new().max_uncompressed_size(LIMIT)) {
        match batch {
            Ok(batch) => check_batch(&batch),
            Err(e) => check_codec_error(codec, e.kind()),
        }
    }
}

fn check_codec_error(codec: Compression, kind: &kafka_wire::records::RecordsErrorKind) {
    use kafka_wire::records::RecordsErrorKind as K;
    match kind {
        K::Corrupt { compression, .. } | K::UncompressedTooLarge { compression, .. } => {
            assert_eq!(*compression, codec, "{kind}")
        }
        _ => {}
    }
}

/// A one-record magic 2 batch of `codec` whose records (after the 61-byte
/// header) are `payload`, its length and CRC-32C set.
pub fn batch_with_payload(codec: Compression, payload: &[u8]) -> Bytes {
    let mut b = RecordBatchBuilder::new().compression(codec);
    b.append(NewRecord::new(0).value(b"v")).expect("one record");
    let mut bytes = b.build().expect("a batch").as_bytes()[..61].to_vec();
    bytes.extend_from_slice(payload);
    let length = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&length.to_be_bytes());
    let crc = crc32c::crc32c(&bytes[21..]);
    bytes[17..21].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

/// A magic 0 or 1 wrapper message marked `codec` (zstd too, which no legacy
/// set may hold) whose compressed value is `payload`, its size and CRC-32
/// set.
pub fn legacy_wrapper_with_payload(magic: i8, codec: Compression, payload: &[u8]) -> Bytes {
    let builder = if magic == 0 {
        kafka_wire::records::LegacyRecordsBuilder::v0()
    } else {
        kafka_wire::records::LegacyRecordsBuilder::v1()
    };
    // Built with gzip, then marked `codec`: legacy sets have no zstd, and a
    // reader must refuse one that says it is zstd.
    let mut b = builder.compression(Compression::Gzip);
    // Magic 0 has no timestamps: its records are appended with -1.
    let timestamp = if magic == 0 { -1 } else { 0 };
    b.append(NewRecord::new(timestamp).value(b"v"))
        .expect("one record");
    // offset 8, size 4, crc 4, magic 1, attributes 1, (v1: timestamp 8),
    // key length -1, then the value's length and the value.
    let value_length_at = if magic == 0 { 22 } else { 30 };
    let mut bytes = b.build().expect("a wrapper").0[..value_length_at].to_vec();
    bytes.extend_from_slice(&(payload.len() as i32).to_be_bytes());
    bytes.extend_from_slice(payload);
    let size = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&size.to_be_bytes());
    bytes[17] = (bytes[17] & !7) | codec.id();
    let crc = crc32fast::hash(&bytes[16..]);
    bytes[12..16].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

/// The frame splitter: the input fed to [`FrameDecoder`] in chunks whose
/// sizes the first byte seeds, and read whole by `read_frame`.
///
/// Properties: the frames taken, each with its size before it, are exactly
/// a prefix of the input (nothing dropped, nothing invented), and the same
/// in chunks as read whole; none is over the limit; a refused size is
/// refused by both at the same frame; each frame's header peeks and reads
/// through Kafka's dispatch without a panic, and agrees with its peek.
/// Read through a connection's [`BudgetedRead`](kafka_wire::frame::BudgetedRead)
/// (the fake's and the proxy's request budget) under a budget of half the
/// limit, the same frames come, up to the first one over the budget, which
/// is refused; no byte past a frame reaches the caller before it has the
/// frame; one connection never waits for budget it holds itself; and every
/// byte reserved is given back when the reader is dropped.
pub fn frames(data: &[u8]) {
    let Some((&seed, input)) = data.split_first() else {
        return;
    };
    let limit = 1 << 16;
    let decoder = FrameDecoder::new(limit);
    // Chunked.
    let mut chunked = Vec::new();
    let mut refused_chunked = false;
    let mut buf = BytesMut::new();
    let mut d = decoder;
    let mut step = usize::from(seed % 7) + 1;
    for chunk in input.chunks(step.max(1)) {
        buf.extend_from_slice(chunk);
        loop {
            match d.decode(&mut buf) {
                Ok(Some(f)) => chunked.push(f),
                Ok(None) => break,
                Err(_) => {
                    refused_chunked = true;
                    break;
                }
            }
        }
        if refused_chunked {
            break;
        }
        step = step % 5 + 1;
    }
    // Whole, by the blocking reader.
    let mut whole = Vec::new();
    let mut reader = input;
    let refused_whole = loop {
        match kafka_wire::frame::read_frame(&mut reader, limit) {
            Ok(Some(f)) => whole.push(f),
            Ok(None) => break false,
            Err(e) => break e.kind() == std::io::ErrorKind::InvalidData,
        }
    };
    assert_eq!(chunked, whole, "chunked and whole split alike");
    assert_eq!(refused_chunked, refused_whole, "both refuse the same size");
    let mut prefix = Vec::new();
    for f in &chunked {
        assert!(f.len() <= limit);
        prefix.extend_from_slice(&(f.len() as u32).to_be_bytes());
        prefix.extend_from_slice(f);
    }
    assert_eq!(&input[..prefix.len()], &prefix[..], "frames are the input");
    budgeted_frames(input, limit, seed, &whole, refused_whole);
    for f in chunked {
        let peeked = kafka_wire::frame::peek_request_id(&f);
        if let Ok((header, _)) = kafka_messages::RequestKind::decode_frame(f.clone()) {
            let peeked = peeked.expect("a frame that reads peeks");
            assert_eq!(peeked.api_key, header.api_key);
            assert_eq!(peeked.api_version, header.api_version);
            assert_eq!(peeked.correlation_id, header.correlation_id);
        }
    }
}

/// The `frames` property's budgeted half: `input` read through a
/// [`BudgetedRead`](kafka_wire::frame::BudgetedRead) under a budget of half
/// `limit`, by a [`FrameDecoder`], in reads
/// whose sizes `seed` picks, against `whole` (the frames the blocking reader
/// took) and whether it refused a size.
fn budgeted_frames(input: &[u8], limit: usize, seed: u8, whole: &[Bytes], refused_whole: bool) {
    use std::pin::Pin;
    use std::task::{Context, Poll, Waker};
    use tokio::io::{AsyncRead, ReadBuf};

    let budget = kafka_wire::frame::FrameBudget::new(limit / 2);
    // What the budget lets through: the frames before the first one over it;
    // refused if the blocking reader refused, or a size over the budget came
    // (a whole frame's, or the size of the frame the input ends in).
    let over = |n: usize| n > budget.bytes() && n <= limit;
    let kept = whole.iter().take_while(|f| !over(f.len())).count();
    let after: usize = whole[..kept].iter().map(|f| 4 + f.len()).sum();
    let trailing_over = kept == whole.len()
        && input.len() >= after + 4
        && i32::from_be_bytes(input[after..after + 4].try_into().expect("4 bytes"))
            .try_into()
            .is_ok_and(over);
    let expect_refused = kept < whole.len() || trailing_over || refused_whole;

    let mut cx = Context::from_waker(Waker::noop());
    let mut reader = budget.read(input, limit);
    let mut decoder = FrameDecoder::new(limit);
    let mut buf = BytesMut::new();
    let mut got = Vec::new();
    let mut scratch = [0u8; 8];
    let mut step = usize::from(seed % 7) + 1;
    let refused = 'read: loop {
        loop {
            match decoder.decode(&mut buf) {
                Ok(Some(f)) => {
                    assert!(buf.is_empty(), "bytes past a frame reached the caller");
                    got.push(f);
                }
                Ok(None) => break,
                Err(_) => break 'read true,
            }
        }
        let mut read = ReadBuf::new(&mut scratch[..step]);
        match Pin::new(&mut reader).poll_read(&mut cx, &mut read) {
            Poll::Pending => panic!("a connection waited for budget it holds itself"),
            Poll::Ready(Err(_)) => break true,
            // The end of the input (inside a frame or not): nothing refused.
            Poll::Ready(Ok(())) if read.filled().is_empty() => break false,
            Poll::Ready(Ok(())) => buf.extend_from_slice(read.filled()),
        }
        step = step % 5 + 1;
    };
    assert_eq!(got, whole[..kept], "budgeted and whole split alike");
    assert_eq!(refused, expect_refused, "the budget refuses what it must");
    drop(reader);
    assert_eq!(
        budget.available(),
        budget.bytes(),
        "every reservation given back"
    );
}

/// pcap and pcapng files into the capture analyzer: the first byte picks
/// whether the rest is a capture file (even) or the client's bytes of one
/// TCP connection to Kafka's port (odd), wrapped in a pcap here.
///
/// Properties: no panic; the analyzer holds at most its memory limit; the
/// request frames it pairs hold no more bytes than the input.
pub fn capture(data: &[u8]) {
    use kafka_wire_capture::exchange::{read_capture, Event, Options};
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let file = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        pcap_of_client_bytes(rest)
    };
    let options = Options {
        max_held: 1 << 16,
        max_frame: LIMIT,
        max_in_flight: 64,
        max_memory: LIMIT,
        ..Options::default()
    };
    let mut framed = 0usize;
    let mut sink = |e: Event| {
        if let Event::Exchange(x) = e {
            framed += x.request.as_ref().map_or(0, |m| m.frame.len());
        }
    };
    if let Ok(analyzer) = read_capture(&file[..], options, &mut sink) {
        assert!(analyzer.held_bytes() <= LIMIT, "held over the limit");
    }
    assert!(
        framed <= file.len(),
        "{framed} bytes of frames from {}",
        file.len()
    );
}

/// A pcap (Ethernet, IPv4) of one TCP connection from 127.0.0.1:40000 to
/// 127.0.0.1:9092: its handshake, then `bytes` from the client in segments
/// of at most 1400 bytes.
pub fn pcap_of_client_bytes(bytes: &[u8]) -> Vec<u8> {
    fn packet(out: &mut Vec<u8>, t: u32, from_client: bool, seq: u32, flags: u8, data: &[u8]) {
        let (sport, dport) = if from_client {
            (40000u16, 9092u16)
        } else {
            (9092, 40000)
        };
        let mut p = vec![0u8; 12];
        p.extend_from_slice(&[0x08, 0x00]);
        let total = (40 + data.len()) as u16;
        p.extend_from_slice(&[0x45, 0]);
        p.extend_from_slice(&total.to_be_bytes());
        p.extend_from_slice(&[0, 0, 0x40, 0, 64, 6, 0, 0, 127, 0, 0, 1, 127, 0, 0, 1]);
        p.extend_from_slice(&sport.to_be_bytes());
        p.extend_from_slice(&dport.to_be_bytes());
        p.extend_from_slice(&seq.to_be_bytes());
        p.extend_from_slice(&[0, 0, 0, 0, 0x50, flags, 0xff, 0xff, 0, 0, 0, 0]);
        p.extend_from_slice(data);
        for v in [1_700_000_000 + t, 0, p.len() as u32, p.len() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&p);
    }
    let mut out = Vec::new();
    out.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    out.extend_from_slice(&[2, 0, 4, 0]);
    for v in [0u32, 0, 65535, 1] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    packet(&mut out, 0, true, 999, 0x02, &[]);
    packet(&mut out, 0, false, 4999, 0x12, &[]);
    let mut seq = 1000u32;
    for (i, chunk) in bytes.chunks(1400).enumerate() {
        packet(&mut out, 1 + i as u32, true, seq, 0x18, chunk);
        seq = seq.wrapping_add(chunk.len() as u32);
    }
    out
}

/// Log segments and Kafka's internal records through the log dump: the
/// first byte picks the decoder (raw, `__consumer_offsets`,
/// `__transaction_state`, `__share_group_state`, `__cluster_metadata`,
/// `__remote_log_metadata`) and the format (text or JSON); the rest is a
/// segment.
///
/// Properties: no panic and no error but a write error (a bad batch is a
/// problem reported, not the end); the batches counted fit in the input
/// (each at least 12 bytes); the trailing bytes reported are within it.
pub fn segment(data: &[u8]) {
    use kafka_wire_dump::{Contents, Decoder, Dump, Format, Options};
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let decoder = match pick % 6 {
        0 => Decoder::Raw(Contents::Hex),
        1 => Decoder::Offsets,
        2 => Decoder::TransactionLog,
        3 => Decoder::ShareGroupState,
        4 => Decoder::ClusterMetadata,
        _ => Decoder::RemoteLogMetadata,
    };
    let format = if pick & 0x80 == 0 {
        Format::Text
    } else {
        Format::Json
    };
    let options = Options {
        decoder,
        format,
        max_batch_bytes: LIMIT,
        ..Options::default()
    };
    let mut problems = 0u64;
    let summary = Dump::new(options)
        .on_problem(|_| problems += 1)
        .segment(
            "00000000000000000000.log",
            Cursor::new(rest),
            std::io::sink(),
        )
        .expect("a segment in memory dumps to its end");
    assert!(summary.batches * 12 <= rest.len() as u64, "{summary:?}");
    assert!(summary.trailing_bytes <= rest.len() as u64, "{summary:?}");
}

/// The most request frames of an input a connection target feeds: each may
/// wait on tokio's clock up to the longest timeout a request carries
/// (`i32::MAX` ms), and all of them must fit in the connection's bound.
pub const MAX_REQUESTS: usize = 16;

/// `input` cut after its first [`MAX_REQUESTS`] frames (whatever follows
/// them, a partial frame or a bad size, kept when fewer), and the
/// [`RequestId`](kafka_wire::frame::RequestId) of each whole frame that
/// peeks (`None` for one that does not).
fn requests_of(input: &[u8]) -> (&[u8], Vec<Option<kafka_wire::frame::RequestId>>) {
    let mut decoder = FrameDecoder::new(LIMIT);
    let mut buf = BytesMut::from(input);
    let mut ids = Vec::new();
    let mut used = 0;
    while ids.len() < MAX_REQUESTS {
        match decoder.decode(&mut buf) {
            Ok(Some(frame)) => {
                used += 4 + frame.len();
                let id = kafka_wire::frame::peek_request_id(&frame).ok();
                ids.push(id.filter(|&id| answered(&frame, id)));
            }
            Ok(None) | Err(_) => return (input, ids),
        }
    }
    (&input[..used], ids)
}

/// Whether a request frame gets a response: all but a Produce with
/// `acks` 0 (so that another request under its correlation id is not taken
/// for it). A frame whose header does not read counts as answered.
fn answered(frame: &Bytes, id: kafka_wire::frame::RequestId) -> bool {
    use kafka_wire::Versioned;
    let Some(key) = ApiKey::from_i16(id.api_key) else {
        return true;
    };
    let mut body = frame.clone();
    let header = key.request_header_version(id.api_version);
    if kafka_wire::RequestHeader::decode(&mut body, header).is_err() {
        return true;
    }
    key.expects_response(id.api_version, &body)
}

/// The response frames of a server's whole output: each complete, within
/// [`LIMIT`], and together exactly the output; with `passed_on`, the last
/// may be cut short if it claims more than that many bytes (a response the
/// proxy was passing on as it arrived when the broker's bytes stopped
/// reading: the proxy can only end the connection then, as a broken broker
/// connection would).
fn response_frames(output: &[u8], passed_on: Option<usize>) -> Vec<Bytes> {
    let mut decoder = FrameDecoder::new(LIMIT);
    let mut buf = BytesMut::from(output);
    let mut frames = Vec::new();
    while let Some(frame) = decoder
        .decode(&mut buf)
        .expect("a response frame within the limit")
    {
        assert!(
            frame.len() >= 4,
            "a response frame without a correlation id"
        );
        frames.push(frame);
    }
    let cut = |claimed: usize| passed_on.is_some_and(|part| claimed > part);
    assert!(
        buf.is_empty()
            || (buf.len() >= 4
                && cut(u32::from_be_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize)),
        "the output ends inside a response frame"
    );
    frames
}

/// Each response matched to the request it answers, in request order
/// (requests may go unanswered: acks 0, or the connection closed): the
/// requests answered, by index.
fn correlate(requests: &[Option<kafka_wire::frame::RequestId>], responses: &[Bytes]) -> Vec<usize> {
    let mut next = 0;
    let mut answered = Vec::new();
    for r in responses {
        let id = i32::from_be_bytes(r[..4].try_into().expect("4 bytes"));
        let at = requests[next..]
            .iter()
            .position(|q| q.is_some_and(|q| q.correlation_id == id))
            .unwrap_or_else(|| panic!("a response with correlation id {id} answers no request"));
        answered.push(next + at);
        next += at + 1;
    }
    answered
}

/// A runtime on one thread, its clock paused (it jumps to the next timer
/// when every task waits), as the connection targets run the servers.
fn paused_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .expect("a runtime")
}

/// How long, on the paused clock, a connection fed `requests` requests may
/// take to end once its client has sent everything: each request's wait at
/// most `i32::MAX` ms (a fetch's `max_wait_ms`, a group's rebalance), and
/// an hour more.
fn connection_bound(requests: usize) -> std::time::Duration {
    std::time::Duration::from_millis(i32::MAX as u64 * requests as u64 + 3_600_000)
}

/// How long, on the paused clock, the client of a connection target waits
/// for more output once it has sent everything before it ends its stream:
/// longer than any wait of the servers' that a test would sit out (a
/// fetch's `max_wait_ms` as clients send it, a session's timeout).
const QUIET: std::time::Duration = std::time::Duration::from_secs(600);

/// The client of a connection target: writes `input`, reads the server's
/// output until none has come for [`QUIET`] (or the server ends its
/// stream), then ends its own stream and reads the output to its end. A
/// client that ended its stream at once would have its requests in flight
/// dropped, as a broker drops a connection whose client closed: the
/// responses would go unchecked.
async fn client_session(stream: tokio::io::DuplexStream, input: &[u8]) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut read, mut write) = tokio::io::split(stream);
    let mut output = Vec::new();
    let ended = {
        // The server may close before it read everything: not an error here.
        let send = async {
            let _ = write.write_all(input).await;
        };
        tokio::pin!(send);
        let mut sent = false;
        loop {
            tokio::select! {
                () = &mut send, if !sent => sent = true,
                read = read.read_buf(&mut output) => {
                    if !matches!(read, Ok(n) if n > 0) {
                        break true;
                    }
                }
                () = tokio::time::sleep(QUIET), if sent => break false,
            }
        }
    };
    let _ = write.shutdown().await;
    if !ended {
        let _ = read.read_to_end(&mut output).await;
    }
    output
}

/// The mock broker's request handling (`kafka_wire_fake`), in-process: the
/// first byte picks the cluster (bit 0: three nodes, else one; bit 1:
/// topics auto-created; bit 2: a request budget of [`LIMIT`]); the rest is
/// a client's bytes, up to [`MAX_REQUESTS`] frames, sent to node 1 over a
/// `tokio::io::duplex` pair on a paused clock.
///
/// Properties: no panic; the connection ends within [`connection_bound`]
/// once the client has sent everything (the fake closes on a request it
/// refuses); its output is whole response frames, each answering a request
/// in order (by correlation id), under the response header of that
/// request's API and version, its body decoding at that version (v0 for an
/// ApiVersions version not served) to its last byte.
pub fn fake_connection(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (input, requests) = requests_of(rest);
    let runtime = paused_runtime();
    let output = runtime.block_on(async {
        let mut builder = kafka_wire_fake::Cluster::builder()
            .nodes(if pick & 1 == 1 { 3 } else { 1 })
            .auto_create_topics(pick & 2 == 2);
        if pick & 4 == 4 {
            builder = builder.request_budget(kafka_wire::frame::FrameBudget::new(LIMIT));
        }
        let cluster = builder.build_in_process().expect("a cluster");
        let (client, server) = tokio::io::duplex(1 << 16);
        let peer = std::net::SocketAddr::from(([127, 0, 0, 1], 40000));
        let serve = cluster.serve_io(1, server, peer).expect("node 1");
        let session = async { tokio::join!(serve, client_session(client, input)).1 };
        tokio::time::timeout(connection_bound(requests.len()), session)
            .await
            .expect("the connection ends once its client has sent everything")
    });
    let responses = response_frames(&output, None);
    for (frame, at) in responses.iter().zip(correlate(&requests, &responses)) {
        let id = requests[at].expect("an answered request peeks");
        check_response(frame, id);
    }
}

/// A response frame's header and body, at the version of the request `id`.
fn check_response(frame: &Bytes, id: kafka_wire::frame::RequestId) {
    use bytes::Buf;
    use kafka_wire::Versioned;
    let key =
        kafka_messages::ApiKey::from_i16(id.api_key).expect("a request served has a known API");
    let read = |version: i16| -> Result<(), String> {
        let mut buf = frame.clone();
        kafka_wire::ResponseHeader::decode(&mut buf, key.response_header_version(version))
            .map_err(|e| format!("its header: {e}"))?;
        kafka_messages::ResponseKind::decode(id.api_key, version, &mut buf)
            .map_err(|e| e.to_string())?;
        match buf.remaining() {
            0 => Ok(()),
            n => Err(format!("{n} bytes after its body")),
        }
    };
    let v0 = key == kafka_messages::ApiKey::ApiVersions && read(0).is_ok();
    if let (Err(why), false) = (read(id.api_version), v0) {
        panic!(
            "a response to {key:?} v{} that does not read at its version: {why}",
            id.api_version
        );
    }
}

/// The proxy's connection (`kafka_wire_proxy`), in-process: client and
/// broker sides are `tokio::io::duplex` pairs on a paused clock, the
/// client's bytes and the broker's from the input. The first byte picks
/// (bit 0) the broker: the mock broker in-process, the rest of the input
/// being the client's bytes; or a broker scripted by the input, read as
/// chunks (a tag byte, a big-endian u16 length, that many bytes): tag bit 0
/// clear, the client's bytes; set, the broker's answer to the next request
/// the proxy sends it, as a frame's contents whose first 4 bytes are given
/// the request's correlation id (tag bit 1 clear) or as raw bytes (set).
/// An answer with tag bit 2 set begins with a big-endian u16 position and
/// u24 count: that many zero bytes (at most [`LIMIT`], and twice that over
/// all the answers) are inserted at the
/// position in the rest, so that a short input makes a response larger than
/// the proxy's part (64 KiB), passed on as it arrives (a Fetch's records of
/// zeros, say). Tag bits 3 to 7, `n`: the answer is written in parts of
/// `n` x 4 KiB, each after the proxy has taken the one before (all at once
/// for 0).
/// Bit 1 of the first byte: a request budget of [`LIMIT`]. Bit 2: a quota
/// filter of 1 byte a second for produce and fetch over two windows of
/// 1 ms, so that every Produce and Fetch response is throttled (its
/// `throttle_time_ms` raised, in place or through the read body, and the
/// client muted or the response held).
///
/// Properties: no panic; the connection ends within [`connection_bound`]
/// once the client has sent everything and the scripted broker has no more
/// to say; what the client gets is whole frames within the frame limit,
/// each answering one of its requests in order (by correlation id), and
/// with the mock broker behind it every answer also reads as the fake's
/// target checks.
pub fn proxy_connection(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let scripted = pick & 1 == 1;
    let (client_bytes, answers) = if scripted {
        let mut client = Vec::new();
        let mut answers = Vec::new();
        let mut zeros_left = 2 * LIMIT;
        let mut rest = rest;
        while let [tag, hi, lo, tail @ ..] = rest {
            let len = usize::from(u16::from_be_bytes([*hi, *lo])).min(tail.len());
            let (chunk, tail) = tail.split_at(len);
            if tag & 1 == 0 {
                client.extend_from_slice(chunk);
            } else {
                let answer = match (tag & 4 == 4, chunk) {
                    (true, [a, b, x, y, z, content @ ..]) => {
                        let at = usize::from(u16::from_be_bytes([*a, *b])).min(content.len());
                        let zeros =
                            (usize::from(*x) << 16 | usize::from(*y) << 8 | usize::from(*z))
                                .min(LIMIT)
                                .min(zeros_left);
                        zeros_left -= zeros;
                        let mut answer = Vec::with_capacity(content.len() + zeros);
                        answer.extend_from_slice(&content[..at]);
                        answer.resize(at + zeros, 0);
                        answer.extend_from_slice(&content[at..]);
                        answer
                    }
                    _ => chunk.to_vec(),
                };
                answers.push((tag & 2 == 0, usize::from(tag >> 3) << 12, answer));
            }
            rest = tail;
        }
        (client, answers)
    } else {
        (rest.to_vec(), Vec::new())
    };
    let (input, requests) = requests_of(&client_bytes);
    let runtime = paused_runtime();
    let output = runtime.block_on(async {
        let mut builder = kafka_wire_proxy::Proxy::builder("127.0.0.1:9092").max_frame_size(LIMIT);
        if pick & 2 == 2 {
            builder = builder.request_budget(kafka_wire::frame::FrameBudget::new(LIMIT));
        }
        if pick & 4 == 4 {
            use kafka_wire_proxy::filters::{ByteRates, Quotas};
            let every = ByteRates {
                produce: Some(1),
                fetch: Some(1),
            };
            let quotas = Quotas::new(|_| Some(String::new()))
                .tenant("", every)
                .window(std::time::Duration::from_millis(1), 2);
            builder = builder.filters(move |_: &kafka_wire_proxy::ClientConnection| {
                vec![Box::new(quotas.clone()) as Box<dyn kafka_wire_proxy::Filter>]
            });
        }
        let (client, proxy_client) = tokio::io::duplex(1 << 16);
        let (proxy_broker, broker) = tokio::io::duplex(1 << 16);
        let client_addr = std::net::SocketAddr::from(([127, 0, 0, 1], 40000));
        let upstream = std::net::SocketAddr::from(([127, 0, 0, 1], 9092));
        let serve = builder.serve_io(proxy_client, proxy_broker, client_addr, upstream);
        let cluster = kafka_wire_fake::Cluster::builder()
            .build_in_process()
            .expect("a cluster");
        let broker_side = async {
            if scripted {
                scripted_broker(broker, answers).await;
            } else {
                cluster.serve_io(1, broker, upstream).expect("node 1").await;
            }
        };
        let session = async { tokio::join!(serve, broker_side, client_session(client, input)).2 };
        tokio::time::timeout(connection_bound(requests.len() + 1), session)
            .await
            .expect("the connection ends once its client and broker have sent everything")
    });
    let responses = response_frames(&output, scripted.then_some(64 * 1024));
    let answered = correlate(&requests, &responses);
    if !scripted {
        for (frame, at) in responses.iter().zip(answered) {
            check_response(frame, requests[at].expect("an answered request peeks"));
        }
    }
}

/// A broker that answers each request frame the proxy sends with the next
/// of `answers` (`true`: frame contents given the request's correlation id;
/// `false`: raw bytes; written in parts of the size given, after a pause
/// between them, or at once for 0), then ends its stream.
async fn scripted_broker(stream: tokio::io::DuplexStream, answers: Vec<(bool, usize, Vec<u8>)>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut read, mut write) = tokio::io::split(stream);
    let mut decoder = FrameDecoder::new(LIMIT);
    let mut buf = BytesMut::new();
    let mut answers = answers.into_iter();
    'serve: loop {
        let frame = loop {
            match decoder.decode(&mut buf) {
                Ok(Some(frame)) => break frame,
                Ok(None) => {}
                Err(_) => break 'serve,
            }
            match read.read_buf(&mut buf).await {
                Ok(0) | Err(_) => break 'serve,
                Ok(_) => {}
            }
        };
        let Some((framed, part, mut answer)) = answers.next() else {
            break;
        };
        if framed {
            if answer.len() >= 4 && frame.len() >= 8 {
                answer[..4].copy_from_slice(&frame[4..8]);
            }
            answer.splice(0..0, (answer.len() as u32).to_be_bytes());
        }
        let part = if part == 0 { answer.len().max(1) } else { part };
        for (i, piece) in answer.chunks(part).enumerate() {
            if i > 0 {
                // The proxy takes what came before the next part comes.
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
            if write.write_all(piece).await.is_err() {
                break 'serve;
            }
        }
    }
    let _ = write.shutdown().await;
}
