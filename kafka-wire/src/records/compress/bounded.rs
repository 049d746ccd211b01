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
