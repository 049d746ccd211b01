//! The codecs, one file each behind its feature, and what they share: output
//! that grows with what was decoded, never with what the input declares, and
//! never past the caller's limit.

#[cfg(feature = "gzip")]
mod gzip;
#[cfg(feature = "lz4")]
mod lz4;
#[cfg(feature = "snappy")]
mod snappy;
#[cfg(feature = "zstd")]
mod zstd;

use crate::records::{Compression, RecordsErrorKind};

/// Whether this build has the codec.
pub(crate) const fn enabled(c: Compression) -> bool {
    match c {
        Compression::None => true,
        Compression::Gzip => cfg!(feature = "gzip"),
        Compression::Snappy => cfg!(feature = "snappy"),
        Compression::Lz4 => cfg!(feature = "lz4"),
        Compression::Zstd => cfg!(feature = "zstd"),
    }
}

/// Decompresses a batch's records: at most `limit` bytes, else
/// [`UncompressedTooLarge`](RecordsErrorKind::UncompressedTooLarge).
pub(crate) fn decompress(
    c: Compression,
    input: &[u8],
    limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    #[allow(unused_variables)]
    let (input, limit) = (input, limit);
    match c {
        Compression::None => Ok(input.to_vec()),
        #[cfg(feature = "gzip")]
        Compression::Gzip => gzip::decompress(input, limit),
        #[cfg(feature = "snappy")]
        Compression::Snappy => snappy::decompress(input, limit),
        #[cfg(feature = "lz4")]
        Compression::Lz4 => lz4::decompress(input, limit),
        #[cfg(feature = "zstd")]
        Compression::Zstd => zstd::decompress(input, limit),
        #[allow(unreachable_patterns)]
        c => Err(RecordsErrorKind::CodecDisabled { compression: c }),
    }
}

/// Compresses `input` (the records) onto the end of `out`.
pub(crate) fn compress(
    c: Compression,
    level: Option<i32>,
    input: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), RecordsErrorKind> {
    #[allow(unused_variables)]
    let (level, input, out) = (level, input, out);
    match c {
        Compression::None => {
            out.extend_from_slice(input);
            Ok(())
        }
        #[cfg(feature = "gzip")]
        Compression::Gzip => gzip::compress(input, level, out),
        #[cfg(feature = "snappy")]
        Compression::Snappy => snappy::compress(input, out),
        #[cfg(feature = "lz4")]
        Compression::Lz4 => lz4::compress(input, out),
        #[cfg(feature = "zstd")]
        Compression::Zstd => zstd::compress(input, level, out),
        #[allow(unreachable_patterns)]
        c => Err(RecordsErrorKind::CodecDisabled { compression: c }),
    }
}

/// The error for data that is not valid `c` data.
#[cfg(any(
    feature = "gzip",
    feature = "snappy",
    feature = "lz4",
    feature = "zstd"
))]
#[cold]
#[inline(never)]
fn corrupt(c: Compression, reason: impl core::fmt::Display) -> RecordsErrorKind {
    RecordsErrorKind::Corrupt {
        compression: c,
        reason: reason.to_string(),
    }
}

/// The error for output that would pass the limit.
#[cfg(any(
    feature = "gzip",
    feature = "snappy",
    feature = "lz4",
    feature = "zstd"
))]
#[cold]
#[inline(never)]
fn too_large(c: Compression, limit: usize) -> RecordsErrorKind {
    RecordsErrorKind::UncompressedTooLarge {
        compression: c,
        limit,
    }
}

/// Makes room in `out` for `len` bytes, growing its capacity by doubling, but
/// never past `cap` (at least `len`): a buffer bounded by the limit stays
/// bounded by it.
#[cfg(any(
    feature = "gzip",
    feature = "snappy",
    feature = "lz4",
    feature = "zstd"
))]
#[inline]
fn reserve(out: &mut Vec<u8>, len: usize, cap: usize) {
    if len > out.capacity() {
        let target = out.capacity().saturating_mul(2).clamp(len, cap.max(len));
        out.reserve_exact(target - out.len());
    }
}

/// [`reserve`], then makes `out` `len` bytes long, zero-filled.
#[cfg(any(feature = "gzip", feature = "snappy", feature = "lz4"))]
#[inline]
fn grow(out: &mut Vec<u8>, len: usize, cap: usize) {
    reserve(out, len, cap);
    out.resize(len, 0);
}

/// The room a streaming decoder's output gets first, then at each step: a
/// few times the input, as compressed records expand, and at least what it
/// holds, so that it doubles.
#[cfg(any(feature = "gzip", feature = "zstd"))]
#[inline]
fn step(filled: usize, input_len: usize) -> usize {
    filled.max(input_len.saturating_mul(4)).max(512)
}

/// Reads a streaming decoder to its end: at most `limit` bytes, else
/// [`UncompressedTooLarge`](RecordsErrorKind::UncompressedTooLarge) with at
/// most `limit + 1` bytes of output in memory. The buffer starts at a few
/// times the input and doubles.
#[cfg(feature = "gzip")]
fn read_bounded(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disabled_codecs_say_which_feature() {
        for c in Compression::ALL {
            let got = decompress(c, b"", 10);
            if enabled(c) {
                continue;
            }
            assert_eq!(
                got.unwrap_err(),
                RecordsErrorKind::CodecDisabled { compression: c }
            );
            let e = compress(c, None, b"x", &mut Vec::new()).unwrap_err();
            assert_eq!(e, RecordsErrorKind::CodecDisabled { compression: c });
            assert!(e.to_string().contains(&format!("`{c}` feature")), "{e}");
        }
    }
}
