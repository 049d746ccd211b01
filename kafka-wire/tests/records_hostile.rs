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
//! - legacy message sets (magic 0 and 1): a flipped bit anywhere their CRC-32
//!   covers is a `LegacyCrcMismatch`; an entry cut at every byte is
//!   truncated, and cut and framed again a typed error; inner messages whose
//!   sizes lie (past the decompressed data, below the minimum, a partial
//!   offset and size), nested wrappers, unknown magics, null and empty
//!   wrappers and zstd wrappers are typed errors naming the batch (position,
//!   offset) and the inner message; a legacy bomb of every codec stays
//!   within the limit; 10 000 random wrappers never panic;
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
    Compression, LegacyRecordsBuilder, NewRecord, ReadOptions, RecordBatch, RecordBatchBuilder,
    RecordsError, RecordsErrorKind,
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

/// A legacy message (magic 0 or 1) from its CRC-32 on: magic, attributes,
/// [timestamp,] key, value, as Kafka 0.10 wrote it.
fn message(magic: u8, attributes: u8, key: Option<&[u8]>, value: Option<&[u8]>) -> Vec<u8> {
    let mut body = vec![magic, attributes];
    if magic == 1 {
        body.extend_from_slice(&T0.to_be_bytes());
    }
    for b in [key, value] {
        match b {
            Some(b) => {
                body.extend_from_slice(&(b.len() as i32).to_be_bytes());
                body.extend_from_slice(b);
            }
            None => body.extend_from_slice(&(-1i32).to_be_bytes()),
        }
    }
    let mut m = crc32fast::hash(&body).to_be_bytes().to_vec();
    m.extend_from_slice(&body);
    m
}

/// `message` with its CRC-32 computed again (after a change).
#[cfg(feature = "gzip")]
fn recrc(mut message: Vec<u8>) -> Vec<u8> {
    let crc = crc32fast::hash(&message[4..]);
    message[..4].copy_from_slice(&crc.to_be_bytes());
    message
}

/// An entry: offset, size, then `message`.
fn entry(offset: i64, message: &[u8]) -> Vec<u8> {
    let mut e = offset.to_be_bytes().to_vec();
    e.extend_from_slice(&(message.len() as i32).to_be_bytes());
    e.extend_from_slice(message);
    e
}

/// A legacy entry framed again: its size set to what it holds and its
/// CRC-32 recomputed, so that a reader gets past them.
fn reframe_legacy(mut bytes: Vec<u8>) -> Bytes {
    let size = (bytes.len() - 12) as i32;
    bytes[8..12].copy_from_slice(&size.to_be_bytes());
    let crc = crc32fast::hash(&bytes[16..]);
    bytes[12..16].copy_from_slice(&crc.to_be_bytes());
    Bytes::from(bytes)
}

fn legacy_small(magic: u8) -> Bytes {
    Bytes::from(entry(5, &message(magic, 0, Some(b"k"), Some(b"value"))))
}

/// Legacy sets of every legacy codec this build has, both magics.
fn legacy_wrappers() -> Vec<Bytes> {
    let mut out = Vec::new();
    for magic in [0, 1] {
        for c in [Compression::Gzip, Compression::Snappy, Compression::Lz4] {
            if !c.is_enabled() {
                continue;
            }
            let mut b = if magic == 0 {
                LegacyRecordsBuilder::v0()
            } else {
                LegacyRecordsBuilder::v1()
            }
            .compression(c)
            .base_offset(30);
            let ts = if magic == 0 { -1 } else { T0 };
            for i in 0..12u8 {
                let value = vec![i; 20 + usize::from(i) * 3];
                b.append(NewRecord::new(ts).key(&[b'k', i]).value(&value))
                    .unwrap();
            }
            out.push(b.build().unwrap().0);
        }
    }
    out
}

#[test]
fn magic_0_and_1_are_read_and_a_bad_one_does_not_stop_the_rest() {
    let v2 = small();
    let mut set = legacy_small(0).to_vec();
    let mut bad = legacy_small(1).to_vec();
    bad[12] ^= 0xff; // its CRC-32
    set.extend_from_slice(&bad);
    set.extend_from_slice(v2.as_bytes());
    let records = Records(Bytes::from(set));
    let got: Vec<_> = records.batches().collect();
    assert_eq!(got.len(), 3);
    let first = got[0].as_ref().unwrap();
    assert_eq!((first.magic(), first.base_offset()), (0, 5));
    let e = got[1].as_ref().unwrap_err();
    assert!(
        matches!(e.kind(), RecordsErrorKind::LegacyCrcMismatch { .. }),
        "{e}"
    );
    assert_eq!(
        (e.position(), e.base_offset()),
        (Some(legacy_small(0).len()), Some(5))
    );
    assert_eq!(got[2].as_ref().unwrap(), &v2);
}

#[test]
fn a_flipped_bit_anywhere_a_legacy_crc_covers_is_a_crc_mismatch() {
    let mut cases = vec![legacy_small(0), legacy_small(1)];
    cases.extend(legacy_wrappers());
    for bytes in cases {
        // The CRC-32 itself, and every byte from the magic to the end.
        let step = if bytes.len() < 200 {
            1
        } else {
            bytes.len() / 97
        };
        for at in (12..bytes.len()).step_by(step) {
            let mut b = bytes.to_vec();
            b[at] ^= 1 << (at % 8);
            let (r, usage) = measure(|| RecordBatch::parse(Bytes::from(b), ReadOptions::new()));
            let e = r.expect_err("a flipped bit");
            assert!(
                matches!(e.kind(), RecordsErrorKind::LegacyCrcMismatch { .. }),
                "byte {at}: {e}"
            );
            assert!(usage.peak < KIB);
        }
    }
}

#[test]
fn a_legacy_entry_cut_at_every_byte_is_truncated() {
    let mut cases = vec![legacy_small(0), legacy_small(1)];
    cases.extend(legacy_wrappers());
    for bytes in cases {
        for cut in 0..bytes.len() {
            let prefix = bytes.slice(..cut);
            let e = RecordBatch::parse(prefix.clone(), ReadOptions::new()).unwrap_err();
            assert!(
                matches!(e.kind(), RecordsErrorKind::Truncated { .. }),
                "cut at {cut}: {e}"
            );
            let records = Records(prefix.clone());
            let mut it = records.batches();
            assert!(it.next().is_none(), "cut at {cut}");
            assert_eq!(it.remainder(), &prefix[..]);
        }
        // Cut, then framed again (size and CRC made right): every cut past
        // the smallest message fails in a field, with a typed error.
        for cut in 26..bytes.len() {
            let framed = reframe_legacy(bytes[..cut].to_vec());
            let limit = ReadOptions::new().max_uncompressed_size(MIB);
            let (r, usage) = measure(|| consume(&Records(framed), limit));
            match kind(r) {
                RecordsErrorKind::Truncated { .. }
                | RecordsErrorKind::BatchLength { .. }
                | RecordsErrorKind::RecordSizeMismatch { .. }
                | RecordsErrorKind::InvalidLength { .. }
                | RecordsErrorKind::Corrupt { .. } => {}
                other => panic!("cut at {cut}: {other}"),
            }
            assert!(usage.peak < 2 * MIB, "cut at {cut}: {usage:?}");
        }
    }
}

#[test]
fn legacy_sizes_and_lengths_that_lie() {
    let read = |b: Vec<u8>| kind(consume(&Records(Bytes::from(b)), ReadOptions::new()));
    // A magic 1 entry of a magic 0 message's size: below its 22 bytes.
    let m = message(1, 0, None, None);
    let short = entry(3, &m[..16]);
    assert_eq!(
        read(reframe_legacy(short).to_vec()),
        RecordsErrorKind::BatchLength {
            length: 16,
            min: 22
        }
    );
    // Key and value lengths past the message, or below -1.
    let mut m = message(0, 0, Some(b"k"), Some(b"v"));
    m[6..10].copy_from_slice(&i32::MAX.to_be_bytes());
    let (r, usage) = measure(|| read(reframe_legacy(entry(0, &m)).to_vec()));
    assert!(
        matches!(
            r,
            RecordsErrorKind::Truncated {
                field: "key",
                needed: 0x7fff_ffff,
                ..
            }
        ),
        "{r}"
    );
    assert!(usage.total < KIB, "{usage:?}");
    m[6..10].copy_from_slice(&(-2i32).to_be_bytes());
    assert_eq!(
        read(reframe_legacy(entry(0, &m)).to_vec()),
        RecordsErrorKind::InvalidLength {
            field: "key length",
            length: -2
        }
    );
    // A value shorter than the message: bytes left over.
    let mut m = message(0, 0, None, Some(b"abc"));
    m.push(0);
    assert_eq!(
        read(reframe_legacy(entry(0, &m)).to_vec()),
        RecordsErrorKind::RecordSizeMismatch {
            declared: 18,
            used: 17
        }
    );
    // Magics no Kafka wrote; a zstd wrapper (zstd needs magic 2); codec 6.
    let mut m = message(1, 0, None, None);
    m[4] = 7;
    assert_eq!(
        read(entry(0, &m)),
        RecordsErrorKind::InvalidMagic { magic: 7 }
    );
    assert_eq!(
        read(entry(0, &message(1, 4, None, Some(b"x")))),
        RecordsErrorKind::NotInMagic {
            magic: 1,
            what: "zstd compression"
        }
    );
    assert_eq!(
        read(entry(0, &message(0, 6, None, Some(b"x")))),
        RecordsErrorKind::UnknownCompression { id: 6 }
    );
}

/// A gzip wrapper (offset 100) around `inner`, which need not be valid.
#[cfg(feature = "gzip")]
fn gzip_wrapper(magic: u8, inner: &[u8]) -> Records {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(inner).unwrap();
    let value = gz.finish().unwrap();
    let mut set = entry(100, &message(magic, 1, None, Some(&value)));
    set.extend(legacy_small(1).to_vec()); // reading goes on after it
    Records(Bytes::from(set))
}

#[cfg(feature = "gzip")]
#[test]
fn wrappers_whose_inner_messages_lie() {
    let good = |offset: i64, v: &[u8]| entry(offset, &message(1, 0, None, Some(v)));
    let two = [good(0, b"a"), good(1, b"b")].concat();
    type Expect = fn(&RecordsErrorKind) -> bool;
    let mut magic_9 = message(1, 0, None, Some(b"b"));
    magic_9[4] = 9;
    let inner_magic_9 = [good(0, b"a"), entry(1, &recrc(magic_9))].concat();
    let mut inner_crc = two.clone();
    *inner_crc.last_mut().unwrap() ^= 1;
    let mut size_lies = two.clone();
    size_lies[8..12].copy_from_slice(&i32::MAX.to_be_bytes());
    let mut size_small = two.clone();
    size_small[two.len() / 2 + 8..two.len() / 2 + 12].copy_from_slice(&10i32.to_be_bytes());
    let v1_short = recrc(message(1, 0, None, None)[..16].to_vec());
    let v0_in_v1_small = [good(0, b"a"), entry(1, &v1_short)].concat();
    let nested = {
        // A whole gzip wrapper as an inner message.
        let mut b = LegacyRecordsBuilder::v1().compression(Compression::Gzip);
        b.append(NewRecord::new(T0).value(b"deep")).unwrap();
        [good(0, b"a"), b.build().unwrap().0.to_vec()].concat()
    };
    let cases: Vec<(&str, Vec<u8>, Option<usize>, Expect)> = vec![
        ("a size past the data", size_lies, Some(0), |k| {
            matches!(
                k,
                RecordsErrorKind::Truncated {
                    field: "inner message",
                    needed: 0x7fff_ffff,
                    ..
                }
            )
        }),
        ("a size below 14", size_small, Some(1), |k| {
            *k == RecordsErrorKind::MessageSize { size: 10, min: 14 }
        }),
        (
            "a magic 1 message of 16 bytes",
            v0_in_v1_small,
            Some(1),
            |k| *k == RecordsErrorKind::MessageSize { size: 16, min: 22 },
        ),
        (
            "a partial offset and size",
            [two.clone(), vec![0; 7]].concat(),
            Some(2),
            |k| {
                matches!(
                    k,
                    RecordsErrorKind::Truncated {
                        field: "inner message offset and size",
                        needed: 12,
                        remaining: 7
                    }
                )
            },
        ),
        ("an inner magic 9", inner_magic_9, Some(1), |k| {
            *k == RecordsErrorKind::InvalidMagic { magic: 9 }
        }),
        ("an inner CRC", inner_crc, Some(1), |k| {
            matches!(k, RecordsErrorKind::LegacyCrcMismatch { .. })
        }),
        ("a nested wrapper", nested, Some(1), |k| {
            *k == RecordsErrorKind::NestedCompression {
                compression: Compression::Gzip,
            }
        }),
        ("no message", vec![], None, |k| {
            matches!(k, RecordsErrorKind::InvalidWrapper { .. })
        }),
    ];
    for (what, inner, record, expected) in cases {
        let records = gzip_wrapper(1, &inner);
        let (r, usage) = measure(|| consume(&records, ReadOptions::new()));
        let e = r.expect_err(what);
        assert!(expected(e.kind()), "{what}: {e}");
        assert_eq!(
            (e.position(), e.base_offset(), e.record()),
            (Some(0), Some(100), record),
            "{what}: {e}"
        );
        // The gzip decoder's state and the few bytes decompressed; never
        // the 2 GiB a size claims.
        assert!(usage.peak < 64 * KIB, "{what}: {usage:?}");
        // The wrapper failed, not the set: the next entry reads.
        let mut it = records.batches();
        it.next();
        assert_eq!(it.next().unwrap().unwrap().magic(), 1, "{what}");
    }
    // A null value to decompress.
    let records = Records(Bytes::from(entry(100, &message(0, 1, None, None))));
    assert!(matches!(
        kind(consume(&records, ReadOptions::new())),
        RecordsErrorKind::InvalidWrapper { .. }
    ));
    // Without CRC checks, neither the wrapper's nor the inner ones are.
    let mut inner = two.clone();
    *inner.last_mut().unwrap() ^= 1;
    let records = gzip_wrapper(1, &inner);
    let unchecked = ReadOptions::new().verify_crc(false);
    assert_eq!(consume(&records, unchecked).unwrap(), 2 + 6);
}

#[test]
fn a_legacy_decompression_bomb_of_every_codec_stays_within_the_limit() {
    let zeros = vec![0u8; 16 * MIB];
    for magic in [0, 1] {
        for c in [Compression::Gzip, Compression::Snappy, Compression::Lz4] {
            if !c.is_enabled() {
                continue;
            }
            let mut b = if magic == 0 {
                LegacyRecordsBuilder::v0()
            } else {
                LegacyRecordsBuilder::v1()
            }
            .compression(c);
            b.append(NewRecord::new(-1).value(&zeros)).unwrap();
            let records = b.build().unwrap();
            let options = ReadOptions::new().max_uncompressed_size(MIB);
            let (r, usage) = measure(|| consume(&records, options));
            let e = r.expect_err("a bomb");
            assert_eq!(
                *e.kind(),
                RecordsErrorKind::UncompressedTooLarge {
                    compression: c,
                    limit: MIB
                },
                "magic {magic} {c}"
            );
            assert_eq!((e.position(), e.base_offset()), (Some(0), Some(0)));
            assert!(
                usage.peak <= MIB + 128 * KIB,
                "magic {magic} {c}: {usage:?}"
            );
            let options = ReadOptions::new().max_uncompressed_size(17 * MIB);
            assert_eq!(consume(&records, options).unwrap(), 16 * MIB);
        }
    }
}

#[test]
fn random_legacy_wrappers_never_panic_and_stay_bounded() {
    let mut rng = Rng::new(0x001e_6ac7);
    let limit = 64 * KIB;
    let options = ReadOptions::new().max_uncompressed_size(limit);
    let mut templates = vec![legacy_small(0), legacy_small(1)];
    templates.extend(legacy_wrappers());
    let (mut max_peak, mut errors) = (0, 0);
    for i in 0..10_000u32 {
        let mut b = templates[i as usize % templates.len()].to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = 16 + rng.below((b.len() - 16) as u64) as usize;
            b[at] = rng.next_u64() as u8;
        }
        if rng.below(4) == 0 {
            b[16] = rng.below(2) as u8; // either magic
        }
        if rng.below(4) == 0 {
            b[17] = rng.below(16) as u8; // any codec, either timestamp type
        }
        let len = b.len();
        let bytes = reframe_legacy(b);
        let copy = bytes.clone();
        let (r, usage) =
            measure(|| catch_unwind(AssertUnwindSafe(|| consume(&Records(copy), options))));
        match r {
            Err(_) => panic!("panicked on input {i}: {:02x?}", &bytes[..]),
            Ok(r) => errors += usize::from(r.is_err()),
        }
        max_peak = max_peak.max(usage.peak);
        assert!(
            usage.peak <= limit + 300 * KIB + 16 * len,
            "input {i} ({len} bytes): {usage:?}"
        );
    }
    println!(
        "10000 random legacy entries: {errors} errors, no panic, peak memory at most {max_peak} bytes"
    );
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
