//! zstd, through the zstd crate (libzstd, its reference implementation,
//! allocating through Rust's global allocator): a streaming decoder over
//! every frame of the input, writing straight into the output's spare
//! capacity, which grows by doubling up to the limit; its window is no
//! larger than the limit allows.

use zstd::stream::raw::{Decoder, InBuffer, Operation, OutBuffer};
use zstd::zstd_safe::DParameter;

use super::bounded::{corrupt, reserve, step, too_large};
use crate::records::{Compression, RecordsErrorKind};

const C: Compression = Compression::Zstd;

/// The smallest window the decoder accepts whatever the limit (8 MiB):
/// Java's zstd-jni declares up to this at levels 1 to 19 for batches of
/// unknown size.
const MIN_WINDOW_LOG: u32 = 23;

/// The largest window zstd has (2 GiB, on 64-bit targets).
const MAX_WINDOW_LOG: u32 = 31;

/// The window the decoder may keep for output of at most `limit` bytes:
/// the power of two at or above the limit, within the bounds above. The
/// decoder's memory is then at most about `max(limit, 8 MiB)`, whatever a
/// frame header declares.
fn window_log_max(limit: usize) -> u32 {
    let log = usize::BITS - limit.saturating_sub(1).leading_zeros();
    log.clamp(MIN_WINDOW_LOG, MAX_WINDOW_LOG)
}

pub(super) fn decompress(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    let mut decoder = Decoder::new().map_err(|e| corrupt(C, e))?;
    decoder
        .set_parameter(DParameter::WindowLogMax(window_log_max(limit)))
        .map_err(|e| corrupt(C, e))?;
    // One byte past the limit is how output that goes over it is seen.
    let cap = limit.saturating_add(1);
    let mut out = Vec::new();
    let mut src = InBuffer::around(input);
    loop {
        if out.len() == out.capacity() {
            let len = out
                .len()
                .saturating_add(step(out.len(), input.len()))
                .min(cap);
            reserve(&mut out, len, cap);
        }
        let (read, written) = (src.pos(), out.len());
        let pos = out.len();
        let frame_left = decoder
            .run(&mut src, &mut OutBuffer::around_pos(&mut out, pos))
            .map_err(|e| corrupt(C, e))?;
        if out.len() > limit {
            return Err(too_large(C, limit));
        }
        if frame_left == 0 && src.pos() == input.len() {
            // Every frame ended, and nothing follows.
            return Ok(out);
        }
        if src.pos() == read && out.len() == written && out.len() < out.capacity() {
            return Err(corrupt(C, "the data ends inside a frame"));
        }
    }
}

pub(super) fn compress(
    input: &[u8],
    level: Option<i32>,
    out: &mut Vec<u8>,
) -> Result<(), RecordsErrorKind> {
    let level = level.unwrap_or(zstd::DEFAULT_COMPRESSION_LEVEL);
    let range = zstd::compression_level_range();
    if !range.contains(&level) {
        return Err(RecordsErrorKind::InvalidCompressionLevel {
            compression: C,
            level,
            min: *range.start(),
            max: *range.end(),
        });
    }
    let start = out.len();
    out.resize(start + zstd::zstd_safe::compress_bound(input.len()), 0);
    let written = zstd::bulk::compress_to_buffer(input, &mut out[start..], level).map_err(|e| {
        RecordsErrorKind::Compress {
            compression: C,
            reason: e.to_string(),
        }
    })?;
    out.truncate(start + written);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_follows_the_limit() {
        assert_eq!(window_log_max(0), MIN_WINDOW_LOG);
        assert_eq!(window_log_max(1 << 20), MIN_WINDOW_LOG);
        assert_eq!(window_log_max(64 << 20), 26);
        assert_eq!(window_log_max((64 << 20) + 1), 27);
        assert_eq!(window_log_max(usize::MAX), MAX_WINDOW_LOG);
    }
}
