//! What the codecs share: their errors, and output that grows with what was
//! decoded, by doubling, never past the caller's limit and never by a size
//! the input declares.

use crate::records::{Compression, RecordsErrorKind};

/// The error for data that is not valid `c` data.
#[cold]
#[inline(never)]
pub(super) fn corrupt(c: Compression, reason: impl core::fmt::Display) -> RecordsErrorKind {
    RecordsErrorKind::Corrupt {
        compression: c,
        reason: reason.to_string(),
    }
}

/// The error for output that would pass the limit.
#[cold]
#[inline(never)]
pub(super) fn too_large(c: Compression, limit: usize) -> RecordsErrorKind {
    RecordsErrorKind::UncompressedTooLarge {
        compression: c,
        limit,
    }
}

/// Makes room in `out` for `len` bytes, growing its capacity by doubling, but
/// never past `cap` (at least `len`): a buffer bounded by the limit stays
/// bounded by it.
#[inline]
pub(super) fn reserve(out: &mut Vec<u8>, len: usize, cap: usize) {
    if len > out.capacity() {
        let target = out.capacity().saturating_mul(2).clamp(len, cap.max(len));
        out.reserve_exact(target - out.len());
    }
}

/// [`reserve`], then makes `out` `len` bytes long, zero-filled.
#[cfg(any(feature = "gzip", feature = "snappy", feature = "lz4"))]
#[inline]
pub(super) fn grow(out: &mut Vec<u8>, len: usize, cap: usize) {
    reserve(out, len, cap);
    out.resize(len, 0);
}

/// The room a streaming decoder's output gets first, then at each step: a
/// few times the input, as compressed records expand, and at least what it
/// holds, so that it doubles.
#[cfg(any(feature = "gzip", feature = "zstd"))]
#[inline]
pub(super) fn step(filled: usize, input_len: usize) -> usize {
    filled.max(input_len.saturating_mul(4)).max(512)
}

/// Reads a streaming decoder to its end: at most `limit` bytes, else
/// [`UncompressedTooLarge`](RecordsErrorKind::UncompressedTooLarge) with at
/// most `limit + 1` bytes of output in memory. The buffer starts at a few
/// times the input and doubles.
#[cfg(feature = "gzip")]
pub(super) fn read_bounded(
    c: Compression,
    mut reader: impl std::io::Read,
    input_len: usize,
    limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    // One byte past the limit is how a stream that goes over it is seen.
    let cap = limit.saturating_add(1);
    let mut out = Vec::new();
    let mut filled = 0;
    loop {
        if filled == out.len() {
            let len = filled.saturating_add(step(filled, input_len)).min(cap);
            grow(&mut out, len, cap);
        }
        match reader.read(&mut out[filled..]) {
            Ok(0) => break,
            Ok(n) => {
                filled += n;
                if filled > limit {
                    return Err(too_large(c, limit));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(corrupt(c, e)),
        }
    }
    out.truncate(filled);
    Ok(out)
}
