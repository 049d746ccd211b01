//! Hostile record batches, under a counting global allocator: typed errors,
//! memory bounded, never a panic.
//!
//! What is proven here:
//!
//! - a batch cut at every byte is `Truncated` to [`RecordBatch::parse`] and a
//!   partial tail to [`Records::batches`]; a batch cut at every byte *and
//!   framed again* (length and CRC fixed up) fails while its records are
//!   read, with a typed error;
//! - a flipped bit anywhere the CRC covers is a `CrcMismatch`, for every byte
//!   of a batch;
//! - record counts and lengths that lie (up to 2^31-1, negative, short) are
//!   typed errors, and allocate under 1 KiB;
//! - a decompression bomb of every codec (16 MiB of zeros, read with a 1 MiB
//!   limit) is `UncompressedTooLarge` with at most the limit in memory (zstd:
//!   plus its window), and frames that declare more than they hold (a snappy
//!   length of 4 GiB, a zstd window of 1 GiB) fail before allocating it;
//! - magic 0 and 1 entries are `UnsupportedMagic`, and reading goes on;
//! - 20 000 seeded random batches (random bytes, framed with a valid length,
//!   magic and CRC, every codec id) never panic and stay within a bound on
//!   memory per input byte.
//!
//! The allocator counts per thread, only inside [`measure`], so the tests can
//! run in parallel. With the `zstd` feature, libzstd allocates through it too.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use bytes::Bytes;
use kafka_wire::records::{
    Compression, NewRecord, ReadOptions, RecordBatch, RecordBatchBuilder, RecordsError,
    RecordsErrorKind,
};
use kafka_wire::Records;

mod records_common;
use records_common::{build, random_records, Rng, T0};

// ---------------------------------------------------------------------------
// A counting allocator: live bytes and their peak, per thread
// ---------------------------------------------------------------------------

struct Counting;

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn track(grow: isize) {
    // `try_with`: the allocator may run while a thread's locals are torn down.
    let _ = ACTIVE.try_with(|active| {
        if active.get() {
            let _ = LIVE.try_with(|live| {
                let now = live.get() + grow;
                live.set(now);
                let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
            });
            if grow > 0 {
                let _ = TOTAL.try_with(|t| t.set(t.get() + grow as usize));
            }
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What one scope allocated on this thread.
#[derive(Debug, Clone, Copy)]
struct Usage {
    /// The most bytes live at once, above what was live on entry.
    peak: usize,
    /// All bytes allocated (a growth counts its increase).
    total: usize,
}

fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    LIVE.with(|c| c.set(0));
    PEAK.with(|c| c.set(0));
    TOTAL.with(|c| c.set(0));
    ACTIVE.with(|a| a.set(true));
    let r = f();
    ACTIVE.with(|a| a.set(false));
    let usage = Usage {
        peak: PEAK.with(Cell::get).max(0) as usize,
        total: TOTAL.with(Cell::get),
    };
    (r, usage)
}

#[test]
fn the_allocator_counts() {
    let (v, usage) = measure(|| vec![0u8; 4096]);
    drop(v);
    assert!(usage.peak >= 4096 && usage.total >= 4096, "{usage:?}");
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const KIB: usize = 1024;
const MIB: usize = 1024 * 1024;

/// Reads every batch and every record, as a consumer would; the first error.
fn consume(records: &Records, options: ReadOptions) -> Result<usize, RecordsError> {
    let mut n = 0;
    for batch in records.batches_with(options) {
        for record in batch?.records()? {
            let record = record?;
            n += record.key().map_or(0, <[u8]>::len) + record.value().map_or(0, <[u8]>::len);
            n += record.headers().map(|h| h.key.len()).sum::<usize>();
        }
    }
    Ok(n)
}

/// Reads one batch and its records; the first error.
fn consume_batch(bytes: Bytes, options: ReadOptions) -> Result<usize, RecordsError> {
    let batch = RecordBatch::parse(bytes, options)?;
    let mut n = 0;
    for record in batch.records()? {
        n += record?.header_count() + 1;
    }
    Ok(n)
}

/// `bytes` framed again as one batch: its length field set to what it holds,
/// and its CRC recomputed, so that a reader gets past the header.
fn reframe(mut bytes: Vec<u8>) -> Bytes {
    let length = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&length.to_be_bytes());
    let crc = crc32c::crc32c(&bytes[21..]);
    bytes[17..21].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

/// A batch with its header field at `at` (and the CRC) rewritten.
fn patch(batch: &RecordBatch, at: usize, value: &[u8]) -> Bytes {
    let mut b = batch.as_bytes().to_vec();
    b[at..at + value.len()].copy_from_slice(value);
    reframe(b)
}

fn kind(r: Result<usize, RecordsError>) -> RecordsErrorKind {
    r.expect_err("an error").kind().clone()
}

fn small() -> RecordBatch {
    let mut b = RecordBatchBuilder::new();
    let headers = [
        kafka_wire::records::Header::new(b"h", b"1"),
        kafka_wire::records::Header::without_value(b"n"),
    ];
    b.append(NewRecord::new(T0).key(b"k").value(b"v").headers(&headers))
        .unwrap();
    b.append(NewRecord::new(T0 + 5).value(b"no key")).unwrap();
    b.append(NewRecord::new(T0 - 2).key(b"tombstone")).unwrap();
    b.build().unwrap()
}

fn batches_of_every_codec() -> Vec<RecordBatch> {
    let mut rng = Rng::new(11);
    let records = random_records(&mut rng, 0, 12);
    Compression::ALL
        .into_iter()
        .filter(|c| c.is_enabled())
        .map(|c| build(c, 0, &records).unwrap())
        .collect()
}

// ---------------------------------------------------------------------------
// Truncation
// ---------------------------------------------------------------------------

#[test]
fn a_batch_cut_at_every_byte_is_truncated() {
    for batch in std::iter::once(small()).chain(batches_of_every_codec()) {
        let bytes = batch.as_bytes();
        for cut in 0..bytes.len() {
            let prefix = bytes.slice(..cut);
            let (r, usage) = measure(|| RecordBatch::parse(prefix.clone(), ReadOptions::new()));
            let e = r.expect_err("a cut batch");
            let expected = if cut < 12 {
                ("batch length", 12)
            } else {
                ("batch", bytes.len())
            };
            assert_eq!(
                *e.kind(),
                RecordsErrorKind::Truncated {
                    field: expected.0,
                    needed: expected.1,
                    remaining: cut
                },
                "{} cut at {cut}",
                batch.compression()
            );
            assert!(usage.peak < KIB, "{usage:?}");
            // In a record set, a cut batch is a partial tail: no batch, no error.
            let records = Records(prefix.clone());
            let mut it = records.batches();
            assert!(it.next().is_none(), "cut at {cut}");
            assert_eq!(it.remainder(), &prefix[..]);
        }
    }
}

#[test]
fn a_batch_cut_and_framed_again_fails_in_its_records() {
    for batch in std::iter::once(small()).chain(batches_of_every_codec()) {
        let c = batch.compression();
        let bytes = batch.as_bytes();
        for cut in 61..bytes.len() {
            let framed = reframe(bytes[..cut].to_vec());
            let limit = ReadOptions::new().max_uncompressed_size(MIB);
            let (r, usage) = measure(|| consume_batch(framed, limit));
            match kind(r) {
                RecordsErrorKind::Truncated { .. }
                | RecordsErrorKind::RecordCountMismatch { .. }
                | RecordsErrorKind::RecordSizeMismatch { .. }
                | RecordsErrorKind::InvalidLength { .. }
                | RecordsErrorKind::Varint { .. }
                | RecordsErrorKind::Corrupt { .. } => {}
                other => panic!("{c} cut at {cut}: {other}"),
            }
            assert!(usage.peak < 2 * MIB, "{c} cut at {cut}: {usage:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// CRC
// ---------------------------------------------------------------------------

#[test]
fn a_flipped_bit_anywhere_the_crc_covers_is_a_crc_mismatch() {
    for batch in std::iter::once(small()).chain(batches_of_every_codec()) {
        let len = batch.as_bytes().len();
        // Every byte of the small batch; a spread of bytes of the others.
        let step = if len < 200 { 1 } else { len / 97 };
        for at in (17..len).step_by(step) {
            let mut b = batch.as_bytes().to_vec();
            b[at] ^= 1 << (at % 8);
            let (r, usage) = measure(|| RecordBatch::parse(Bytes::from(b), ReadOptions::new()));
            let e = r.expect_err("a flipped bit");
            assert!(
                matches!(e.kind(), RecordsErrorKind::CrcMismatch { .. }),
                "byte {at}: {e}"
            );
            assert!(usage.peak < KIB);
        }
    }
}

// ---------------------------------------------------------------------------
// Counts and lengths that lie
// ---------------------------------------------------------------------------

/// Where the first record of `small()` starts (its length varint).
const FIRST_RECORD: usize = 61;

#[test]
fn record_counts_that_lie() {
    let batch = small();
    let count = |n: i32| patch(&batch, 57, &n.to_be_bytes());
    let read = |b: Bytes| measure(|| consume(&Records(b), ReadOptions::new()));

    let (r, usage) = read(count(i32::MAX));
    assert_eq!(
        kind(r),
        RecordsErrorKind::RecordCountMismatch {
            declared: i32::MAX,
            found: 3
        }
    );
    assert!(usage.peak < KIB && usage.total < KIB, "{usage:?}");

    let (r, _) = read(count(-1));
    assert_eq!(kind(r), RecordsErrorKind::InvalidRecordCount { count: -1 });
    let (r, _) = read(count(1));
    assert!(matches!(
        kind(r),
        RecordsErrorKind::TrailingBytes {
            after: "the last record",
            ..
        }
    ));
    let (r, _) = read(count(0));
    assert!(matches!(kind(r), RecordsErrorKind::TrailingBytes { .. }));
}

#[test]
fn record_and_field_lengths_that_lie() {
    let batch = small();
    let b = batch.as_bytes();
    // The first record: length 15 (0x1e), attributes, deltas, key length 1
    // at FIRST_RECORD + 4, value length at + 6, header count at + 8.
    assert_eq!(
        &b[FIRST_RECORD..FIRST_RECORD + 9],
        &[0x1e, 0, 0, 0, 2, b'k', 2, b'v', 4]
    );
    let with = |at: usize, bytes: &[u8]| {
        // Replaces one byte with `bytes` and frames the batch again.
        let mut v = b[..FIRST_RECORD + at].to_vec();
        v.extend_from_slice(bytes);
        v.extend_from_slice(&b[FIRST_RECORD + at + 1..]);
        reframe(v)
    };
    let max_varint = [0xfe, 0xff, 0xff, 0xff, 0x0f]; // zigzag i32::MAX
    type Expect = fn(&RecordsErrorKind) -> bool;
    let cases: [(&str, Bytes, Expect); 9] = [
        ("record length 2^31-1", with(0, &max_varint), |k| {
            matches!(
                k,
                RecordsErrorKind::Truncated {
                    field: "record",
                    needed: 2147483647,
                    ..
                }
            )
        }),
        ("record length -1", with(0, &[0x01]), |k| {
            matches!(
                k,
                RecordsErrorKind::InvalidLength {
                    field: "record length",
                    length: -1
                }
            )
        }),
        ("record length too short", with(0, &[0x1c]), |k| {
            matches!(
                k,
                RecordsErrorKind::Truncated {
                    field: "header value length",
                    ..
                }
            )
        }),
        ("record length too long", with(0, &[0x20]), |k| {
            matches!(
                k,
                RecordsErrorKind::RecordSizeMismatch {
                    declared: 16,
                    used: 15
                }
            )
        }),
        ("key length 2^31-1", with(4, &max_varint), |k| {
            matches!(
                k,
                RecordsErrorKind::Truncated {
                    field: "key",
                    needed: 2147483647,
                    ..
                }
            )
        }),
        ("key length -2", with(4, &[0x03]), |k| {
            matches!(
                k,
                RecordsErrorKind::InvalidLength {
                    field: "key length",
                    length: -2
                }
            )
        }),
        ("header count 2^31-1", with(8, &max_varint), |k| {
            matches!(k, RecordsErrorKind::Truncated { .. })
        }),
        ("header count -1", with(8, &[0x01]), |k| {
            matches!(
                k,
                RecordsErrorKind::InvalidLength {
                    field: "header count",
                    length: -1
                }
            )
        }),
        ("an 11-byte varlong delta", with(2, &[0xff; 11]), |k| {
            matches!(
                k,
                RecordsErrorKind::Varint {
                    field: "timestamp delta",
                    ..
                }
            )
        }),
    ];
    for (what, bytes, expected) in cases {
        let (r, usage) = measure(|| consume(&Records(bytes), ReadOptions::new()));
        let e = r.expect_err(what);
        assert!(expected(e.kind()), "{what}: {e}");
        assert_eq!(
            (e.base_offset(), e.record(), e.position()),
            (Some(0), Some(0), Some(0)),
            "{what}"
        );
        assert!(usage.peak < KIB && usage.total < KIB, "{what}: {usage:?}");
    }
}

#[test]
fn batch_lengths_that_lie() {
    let batch = small();
    let with_length = |n: i32| {
        let mut b = batch.as_bytes().to_vec();
        b[8..12].copy_from_slice(&n.to_be_bytes());
        Records(Bytes::from(b))
    };
    // Longer than the input: a partial batch, nothing allocated for it.
    let records = with_length(i32::MAX);
    let ((), usage) = measure(|| {
        let mut it = records.batches();
        assert!(it.next().is_none());
        assert_eq!(it.remainder().len(), batch.as_bytes().len());
    });
    assert!(usage.total < KIB);
    // Shorter than any entry: an error that ends the iteration.
    for n in [-1, 0, 13] {
        let e = with_length(n).batches().next().unwrap().unwrap_err();
        assert_eq!(
            *e.kind(),
            RecordsErrorKind::BatchLength { length: n, min: 14 }
        );
    }
    // A legacy entry's size with magic 2: too short for a batch header.
    let e = with_length(30).batches().next().unwrap().unwrap_err();
    assert_eq!(
        *e.kind(),
        RecordsErrorKind::BatchLength {
            length: 30,
            min: 49
        }
    );
    // Shorter than the batch: the CRC no longer matches.
    let e = with_length(80).batches().next().unwrap().unwrap_err();
    assert!(matches!(e.kind(), RecordsErrorKind::CrcMismatch { .. }));
}

#[test]
fn unknown_codecs_and_magics() {
    let batch = small();
    let e = consume_batch(patch(&batch, 21, &[0, 5]), ReadOptions::new()).unwrap_err();
    assert_eq!(*e.kind(), RecordsErrorKind::UnknownCompression { id: 5 });
    for magic in [3u8, 0xff] {
        let e = consume_batch(patch(&batch, 16, &[magic]), ReadOptions::new()).unwrap_err();
        assert_eq!(
            *e.kind(),
            RecordsErrorKind::InvalidMagic { magic: magic as i8 }
        );
    }
}

// ---------------------------------------------------------------------------
// Magic 0 and 1
// ---------------------------------------------------------------------------

/// A legacy message (magic 0 or 1), as Kafka 0.10 wrote it: offset, size,
/// CRC-32, magic, attributes, [timestamp,] key, value.
fn legacy(offset: i64, magic: u8, key: &[u8], value: &[u8]) -> Vec<u8> {
    let mut body = vec![magic, 0];
    if magic == 1 {
        body.extend_from_slice(&T0.to_be_bytes());
    }
    for b in [key, value] {
        body.extend_from_slice(&(b.len() as i32).to_be_bytes());
        body.extend_from_slice(b);
    }
    let mut m = offset.to_be_bytes().to_vec();
    m.extend_from_slice(&(4 + body.len() as i32).to_be_bytes());
    m.extend_from_slice(&[0; 4]); // a CRC-32 nobody checks here
    m.extend_from_slice(&body);
    m
}

#[test]
fn magic_0_and_1_are_refused_and_reading_goes_on() {
    let v2 = small();
    let mut set = legacy(5, 0, b"k", b"v0");
    set.extend(legacy(6, 1, b"k", b"v1"));
    set.extend_from_slice(v2.as_bytes());
    let records = Records(Bytes::from(set));
    let got: Vec<_> = records.batches().collect();
    assert_eq!(got.len(), 3);
    for (i, magic) in [0i8, 1].into_iter().enumerate() {
        let e = got[i].as_ref().unwrap_err();
        assert_eq!(*e.kind(), RecordsErrorKind::UnsupportedMagic { magic });
        assert!(e.to_string().contains("only magic 2 record batches"), "{e}");
    }
    assert_eq!(
        got[1].as_ref().unwrap_err().position(),
        Some(12 + 4 + 2 + 4 + 1 + 4 + 2)
    );
    assert_eq!(got[2].as_ref().unwrap(), &v2);
    let e =
        RecordBatch::parse(Bytes::from(legacy(0, 1, b"", b"")), ReadOptions::new()).unwrap_err();
    assert_eq!(*e.kind(), RecordsErrorKind::UnsupportedMagic { magic: 1 });
}

// ---------------------------------------------------------------------------
// Decompression bombs
// ---------------------------------------------------------------------------

/// One record holding `size` zero bytes, compressed with `c`.
fn bomb(c: Compression, size: usize) -> Bytes {
    let zeros = vec![0u8; size];
    let mut b = RecordBatchBuilder::new().compression(c);
    b.append(NewRecord::new(T0).value(&zeros)).unwrap();
    b.build().unwrap().into_bytes()
}

#[test]
fn a_decompression_bomb_of_every_codec_stays_within_the_limit() {
    for c in Compression::ALL
        .into_iter()
        .skip(1)
        .filter(|c| c.is_enabled())
    {
        let bytes = bomb(c, 16 * MIB);
        let ratio = 16 * MIB / bytes.len();
        let options = ReadOptions::new().max_uncompressed_size(MIB);
        let (r, usage) = measure(|| consume(&Records(bytes.clone()), options));
        assert_eq!(
            kind(r),
            RecordsErrorKind::UncompressedTooLarge {
                compression: c,
                limit: MIB
            },
            "{c}"
        );
        // The output never passes the limit; zstd also keeps its window
        // (here 2 MiB, what its encoder chose for 16 MiB at level 3).
        let bound = match c {
            Compression::Zstd => MIB + 4 * MIB,
            _ => MIB + 128 * KIB,
        };
        println!(
            "{c}: {} bytes, ratio {ratio}:1, peak {} KiB",
            bytes.len(),
            usage.peak / KIB
        );
        assert!(usage.peak <= bound, "{c}: {usage:?}");
        // Within the limit it reads.
        let options = ReadOptions::new().max_uncompressed_size(17 * MIB);
        assert_eq!(consume(&Records(bytes), options).unwrap(), 16 * MIB, "{c}");
    }
}

#[cfg(feature = "snappy")]
#[test]
fn a_snappy_length_of_4_gib_allocates_nothing() {
    // A raw snappy block declaring 2^32 - 1 bytes, framed as a batch.
    let mut b = bomb(Compression::Snappy, 10).to_vec();
    b.truncate(61);
    b.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0x0f, 0x00]);
    let (r, usage) = measure(|| {
        consume(
            &Records(reframe(b)),
            ReadOptions::new().max_uncompressed_size(usize::MAX),
        )
    });
    assert!(matches!(
        kind(r),
        RecordsErrorKind::Corrupt {
            compression: Compression::Snappy,
            ..
        }
    ));
    assert!(usage.total < KIB, "{usage:?}");
}

#[cfg(feature = "zstd")]
#[test]
fn a_zstd_window_of_1_gib_is_refused_before_it_is_allocated() {
    use std::io::Write;
    // A streamed frame (no content size) that declares a 1 GiB window.
    let mut enc = zstd::stream::write::Encoder::new(Vec::new(), 1).unwrap();
    enc.window_log(30).unwrap();
    enc.write_all(&[7u8; 100]).unwrap();
    let frame = enc.finish().unwrap();
    let mut b = bomb(Compression::Zstd, 10).to_vec();
    b.truncate(61);
    b.extend_from_slice(&frame);
    let records = Records(reframe(b));
    let (r, usage) = measure(|| consume(&records, ReadOptions::new().max_uncompressed_size(MIB)));
    let e = kind(r);
    assert!(
        matches!(
            e,
            RecordsErrorKind::Corrupt {
                compression: Compression::Zstd,
                ..
            }
        ),
        "{e}"
    );
    assert!(usage.peak < 2 * MIB, "{usage:?}");
    // A limit of 2 GiB allows such a window: the frame then reads.
    let options = ReadOptions::new().max_uncompressed_size(2 << 30);
    assert!(
        consume(&records, options).is_err(),
        "the record inside is not a record"
    );
}

// ---------------------------------------------------------------------------
// Random batches
// ---------------------------------------------------------------------------

#[test]
fn random_batches_never_panic_and_stay_bounded() {
    let mut rng = Rng::new(0x0bad_5eed);
    let limit = 64 * KIB;
    let options = ReadOptions::new().max_uncompressed_size(limit);
    let templates = batches_of_every_codec();
    let (mut max_peak, mut errors) = (0, 0);
    for i in 0..20_000u32 {
        // A valid header, then random bytes or a mutated real batch.
        let mut b = if i % 2 == 0 {
            let mut b = templates[i as usize % templates.len()].as_bytes().to_vec();
            for _ in 0..1 + rng.below(4) {
                let at = 61 + rng.below((b.len() - 61) as u64) as usize;
                b[at] = rng.next_u64() as u8;
            }
            b
        } else {
            let mut b = small().as_bytes()[..61].to_vec();
            b.extend((0..rng.below(200)).map(|_| rng.next_u64() as u8));
            b
        };
        // Any codec id, including unknown ones; any record count.
        b[22] = (b[22] & !7) | rng.below(8) as u8;
        if rng.below(4) == 0 {
            b[57..61].copy_from_slice(&(rng.next_u64() as i32).to_be_bytes());
        }
        let len = b.len();
        let bytes = reframe(b);
        let copy = bytes.clone();
        let (r, usage) =
            measure(|| catch_unwind(AssertUnwindSafe(|| consume(&Records(copy), options))));
        match r {
            Err(_) => panic!("panicked on input {i}: {:02x?}", &bytes[..]),
            Ok(r) => errors += usize::from(r.is_err()),
        }
        max_peak = max_peak.max(usage.peak);
        // Nothing sized by the input beyond the limit: the decompressed
        // buffer (at most the limit), codec state, error boxes.
        assert!(
            usage.peak <= limit + 300 * KIB + 16 * len,
            "input {i} ({len} bytes): {usage:?}"
        );
    }
    println!(
        "20000 random batches: {errors} errors, no panic, peak memory at most {max_peak} bytes"
    );
}
