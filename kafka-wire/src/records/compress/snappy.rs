//! snappy, through the snap crate: raw snappy, and the xerial framing that
//! Kafka's Java client writes (snappy-java's `SnappyOutputStream`: a 16-byte
//! header, then blocks of an int32 length and raw snappy data).
//!
//! Raw snappy declares its uncompressed length up front. It is trusted only
//! within two bounds: the caller's limit, and what snappy can expand to (a
//! 3-byte copy element makes at most 64 bytes, so under 22 times its input).

use super::bounded::{corrupt, grow, too_large};
use crate::records::{Compression, RecordsErrorKind};

const C: Compression = Compression::Snappy;

/// snappy-java's magic, then its version and minimum compatible version (1, 1).
const XERIAL_HEADER: [u8; 16] = [
    0x82, b'S', b'N', b'A', b'P', b'P', b'Y', 0, 0, 0, 0, 1, 0, 0, 0, 1,
];

/// The input each xerial block holds, as snappy-java's default.
const XERIAL_BLOCK: usize = 32 * 1024;

/// More than any snappy data can expand to, per input byte.
const MAX_EXPANSION: usize = 22;

pub(super) fn decompress(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    let mut out = Vec::new();
    if input.len() < XERIAL_HEADER.len() || input[..8] != XERIAL_HEADER[..8] {
        // Not xerial-framed: raw snappy, which snappy-java reads too.
        raw_block(input, &mut out, limit)?;
        return Ok(out);
    }
    let mut rest = &input[XERIAL_HEADER.len()..];
    while !rest.is_empty() {
        let Some((len, tail)) = rest.split_first_chunk::<4>() else {
            return Err(corrupt(C, "xerial block length truncated"));
        };
        let len = i32::from_be_bytes(*len);
        let len = usize::try_from(len)
            .map_err(|_| corrupt(C, format_args!("negative xerial block length {len}")))?;
        if len > tail.len() {
            return Err(corrupt(
                C,
                format_args!("xerial block of {len} bytes, {} remain", tail.len()),
            ));
        }
        let (block, tail) = tail.split_at(len);
        raw_block(block, &mut out, limit)?;
        rest = tail;
    }
    Ok(out)
}

/// Decompresses one raw snappy block onto the end of `out`.
fn raw_block(block: &[u8], out: &mut Vec<u8>, limit: usize) -> Result<(), RecordsErrorKind> {
    let len = snap::raw::decompress_len(block).map_err(|e| corrupt(C, e))?;
    if len > block.len().saturating_mul(MAX_EXPANSION) {
        return Err(corrupt(
            C,
            format_args!(
                "{} bytes declare {len} uncompressed, more than snappy can expand to",
                block.len()
            ),
        ));
    }
    let start = out.len();
    if len > limit - start {
        return Err(too_large(C, limit));
    }
    grow(out, start + len, limit);
    let n = snap::raw::Decoder::new()
        .decompress(block, &mut out[start..])
        .map_err(|e| corrupt(C, e))?;
    out.truncate(start + n);
    Ok(())
}

pub(super) fn compress(input: &[u8], out: &mut Vec<u8>) -> Result<(), RecordsErrorKind> {
    out.extend_from_slice(&XERIAL_HEADER);
    let mut encoder = snap::raw::Encoder::new();
    for chunk in input.chunks(XERIAL_BLOCK) {
        let at = out.len();
        out.resize(at + 4 + snap::raw::max_compress_len(chunk.len()), 0);
        let n = encoder.compress(chunk, &mut out[at + 4..]).map_err(|e| {
            RecordsErrorKind::Compress {
                compression: C,
                reason: e.to_string(),
            }
        })?;
        out[at..at + 4].copy_from_slice(&(n as i32).to_be_bytes());
        out.truncate(at + 4 + n);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_xerial_read_alike() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let mut framed = Vec::new();
        compress(&data, &mut framed).unwrap();
        assert_eq!(framed[..16], XERIAL_HEADER);
        assert_eq!(decompress(&framed, data.len()).unwrap(), data);
        let raw = snap::raw::Encoder::new().compress_vec(&data).unwrap();
        assert_eq!(decompress(&raw, data.len()).unwrap(), data);
        assert!(matches!(
            decompress(&raw, data.len() - 1),
            Err(RecordsErrorKind::UncompressedTooLarge { .. })
        ));
    }

    #[test]
    fn a_lying_length_allocates_nothing() {
        // Declares 2^32-1 bytes in five bytes.
        let e = decompress(&[0xff, 0xff, 0xff, 0xff, 0x0f], usize::MAX).unwrap_err();
        assert!(matches!(e, RecordsErrorKind::Corrupt { .. }), "{e}");
    }
}
