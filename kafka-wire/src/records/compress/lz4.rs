//! lz4 in the LZ4 frame format, as Kafka's `Lz4BlockOutputStream` writes and
//! `Lz4BlockInputStream` reads it: lz4_flex for the blocks, twox-hash for the
//! frame's xxHash32 checksums, and the frame itself here, so that every block
//! is decoded straight into the output and the output grows only with what
//! the blocks hold, never with the block size the header declares.
//!
//! As Kafka's reader does, this refuses dependent blocks, dictionaries and
//! nonzero reserved bits, checks the header checksum (Kafka's magic 1 and 2
//! use the correct one) and any block checksums; it also checks a content
//! checksum when present, and that nothing follows the frame.
//!
//! Magic 0 is the exception (KAFKA-3160): Kafka's writer hashed the frame
//! magic along with the descriptor, so its header checksum byte is not the
//! LZ4 format's. Kafka writes that broken byte for magic 0 and skips it
//! unread when reading magic 0; so do [`decompress_magic_0`] and
//! [`compress_magic_0`].

use twox_hash::XxHash32;

use super::bounded::{corrupt, grow, too_large};
use crate::records::{Compression, RecordsErrorKind};

const C: Compression = Compression::Lz4;

const MAGIC: u32 = 0x184D_2204;
/// FLG: version 01, independent blocks; no checksums, no content size.
const FLG: u8 = 0x60;
/// BD: 64 KiB blocks, as Kafka writes.
const BD: u8 = 0x40;
const BLOCK: usize = 64 * 1024;
/// The high bit of a block's size: the block is stored uncompressed.
const UNCOMPRESSED: u32 = 0x8000_0000;
/// More than an LZ4 block can expand to, per input byte (each 255 of a
/// match length takes one byte).
const MAX_EXPANSION: usize = 255;

fn header_checksum(descriptor: &[u8]) -> u8 {
    (XxHash32::oneshot(0, descriptor) >> 8) as u8
}

/// The header checksum Kafka writes for magic 0: of the frame magic and the
/// descriptor, not of the descriptor alone.
fn broken_header_checksum(descriptor: &[u8]) -> u8 {
    let mut hashed = MAGIC.to_le_bytes().to_vec();
    hashed.extend_from_slice(descriptor);
    header_checksum(&hashed)
}

/// Takes `n` bytes off the front of `input`.
fn take<'a>(input: &mut &'a [u8], n: usize, what: &str) -> Result<&'a [u8], RecordsErrorKind> {
    if input.len() < n {
        return Err(corrupt(
            C,
            format_args!("{what} truncated: needed {n} bytes, {} remain", input.len()),
        ));
    }
    let (head, tail) = input.split_at(n);
    *input = tail;
    Ok(head)
}

fn le32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

pub(super) fn decompress(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    decompress_frame::<true>(input, limit)
}

/// A magic 0 wrapper's frame: its header checksum byte is skipped unread,
/// as Kafka's reader skips it for magic 0.
pub(super) fn decompress_magic_0(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    decompress_frame::<false>(input, limit)
}

/// A const parameter, so that the magic 1 and 2 reader is compiled as it was
/// before magic 0's exception existed.
fn decompress_frame<const CHECK_HEADER: bool>(
    input: &[u8],
    limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    let mut rest = input;
    let magic = le32(take(&mut rest, 4, "frame magic")?);
    if magic != MAGIC {
        return Err(corrupt(
            C,
            format_args!("not an LZ4 frame (magic {magic:#010x})"),
        ));
    }
    let descriptor = take(&mut rest, 2, "frame descriptor")?;
    let (flg, bd) = (descriptor[0], descriptor[1]);
    if flg >> 6 != 1 {
        return Err(corrupt(
            C,
            format_args!("frame version {} (only 1 exists)", flg >> 6),
        ));
    }
    if flg & 0x03 != 0 || bd & 0x8f != 0 {
        return Err(corrupt(C, "reserved bits or a dictionary id are set"));
    }
    if flg & 0x20 == 0 {
        return Err(corrupt(C, "dependent blocks, which Kafka does not support"));
    }
    let block_checksums = flg & 0x10 != 0;
    let content_size = flg & 0x08 != 0;
    let content_checksum = flg & 0x04 != 0;
    let block_max = match bd >> 4 {
        id @ 4..=7 => 1usize << (8 + 2 * id),
        id => {
            return Err(corrupt(
                C,
                format_args!("block size id {id} (4 to 7 exist)"),
            ))
        }
    };
    if content_size {
        // Not trusted for anything: skipped, as Kafka's reader does.
        take(&mut rest, 8, "content size")?;
    }
    let described = &input[4..input.len() - rest.len()];
    let checksum = take(&mut rest, 1, "header checksum")?[0];
    if CHECK_HEADER && checksum != header_checksum(described) {
        return Err(corrupt(C, "frame header checksum mismatch"));
    }

    let mut out = Vec::new();
    loop {
        let word = le32(take(&mut rest, 4, "block size")?);
        if word == 0 {
            break; // the end mark
        }
        let len = (word & !UNCOMPRESSED) as usize;
        if len > block_max {
            return Err(corrupt(
                C,
                format_args!("a block of {len} bytes in a frame of {block_max}-byte blocks"),
            ));
        }
        let block = take(&mut rest, len, "block")?;
        if block_checksums {
            let stored = le32(take(&mut rest, 4, "block checksum")?);
            if stored != XxHash32::oneshot(0, block) {
                return Err(corrupt(C, "block checksum mismatch"));
            }
        }
        let start = out.len();
        if word & UNCOMPRESSED != 0 {
            if len > limit - start {
                return Err(too_large(C, limit));
            }
            out.extend_from_slice(block);
            continue;
        }
        // Room for what this block can hold, and no more than the limit.
        let can_hold = block_max.min(len.saturating_mul(MAX_EXPANSION));
        let room = can_hold.min(limit - start);
        grow(&mut out, start + room, limit);
        match lz4_flex::block::decompress_into(block, &mut out[start..]) {
            Ok(n) => out.truncate(start + n),
            Err(lz4_flex::block::DecompressError::OutputTooSmall { .. }) if room < can_hold => {
                return Err(too_large(C, limit))
            }
            Err(e) => return Err(corrupt(C, e)),
        }
    }
    if content_checksum {
        let stored = le32(take(&mut rest, 4, "content checksum")?);
        if stored != XxHash32::oneshot(0, &out) {
            return Err(corrupt(C, "content checksum mismatch"));
        }
    }
    if !rest.is_empty() {
        return Err(corrupt(
            C,
            format_args!("{} bytes follow the frame", rest.len()),
        ));
    }
    Ok(out)
}

pub(super) fn compress(input: &[u8], out: &mut Vec<u8>) -> Result<(), RecordsErrorKind> {
    compress_frame(input, out, header_checksum(&[FLG, BD]))
}

/// A magic 0 wrapper's frame, with the broken header checksum Kafka writes.
pub(super) fn compress_magic_0(input: &[u8], out: &mut Vec<u8>) -> Result<(), RecordsErrorKind> {
    compress_frame(input, out, broken_header_checksum(&[FLG, BD]))
}

fn compress_frame(input: &[u8], out: &mut Vec<u8>, checksum: u8) -> Result<(), RecordsErrorKind> {
    out.extend_from_slice(&MAGIC.to_le_bytes());
    out.extend_from_slice(&[FLG, BD, checksum]);
    for chunk in input.chunks(BLOCK) {
        let at = out.len();
        out.resize(
            at + 4 + lz4_flex::block::get_maximum_output_size(chunk.len()),
            0,
        );
        let n = lz4_flex::block::compress_into(chunk, &mut out[at + 4..]).map_err(|e| {
            RecordsErrorKind::Compress {
                compression: C,
                reason: e.to_string(),
            }
        })?;
        let word = if n < chunk.len() {
            out.truncate(at + 4 + n);
            n as u32
        } else {
            // Incompressible: stored as it is, as Kafka's writer does.
            out.truncate(at + 4);
            out.extend_from_slice(chunk);
            chunk.len() as u32 | UNCOMPRESSED
        };
        out[at..at + 4].copy_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        compress(data, &mut out).unwrap();
        out
    }

    #[test]
    fn round_trips_and_stores_incompressible_blocks() {
        let text: Vec<u8> = b"kafka ".repeat(30_000);
        assert_eq!(decompress(&frame(&text), text.len()).unwrap(), text);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let noise: Vec<u8> = (0..70_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect();
        let f = frame(&noise);
        assert_ne!(le32(&f[7..11]) & UNCOMPRESSED, 0, "first block stored raw");
        assert_eq!(decompress(&f, noise.len()).unwrap(), noise);
        assert_eq!(decompress(&frame(b""), 0).unwrap(), b"");
    }

    #[test]
    fn the_header_is_what_kafka_writes() {
        // Magic, FLG 0x60, BD 0x40 and the checksum byte Java computes.
        assert_eq!(
            &frame(b"")[..],
            &[0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x82, 0, 0, 0, 0]
        );
    }

    #[test]
    fn magic_0_writes_and_skips_the_broken_header_checksum() {
        // Kafka's magic 0 writer hashes the frame magic too: 0x1a (what
        // kafka-clients 3.9.1's Lz4BlockOutputStream writes for an empty
        // magic 0 frame), where the LZ4 format (and magic 1 and 2) has 0x82.
        let mut broken = Vec::new();
        compress_magic_0(b"", &mut broken).unwrap();
        assert_eq!(
            &broken[..],
            &[0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x1a, 0, 0, 0, 0]
        );
        let text = b"kafka ".repeat(1000);
        let mut f = Vec::new();
        compress_magic_0(&text, &mut f).unwrap();
        assert!(matches!(
            decompress(&f, usize::MAX),
            Err(RecordsErrorKind::Corrupt { .. })
        ));
        assert_eq!(decompress_magic_0(&f, usize::MAX).unwrap(), text);
        // Skipped unread, as Kafka skips it: a correct byte reads too.
        assert_eq!(decompress_magic_0(&frame(&text), usize::MAX).unwrap(), text);
    }

    #[test]
    fn limits_and_corruption() {
        let zeros = vec![0u8; 200_000];
        let f = frame(&zeros);
        assert!(matches!(
            decompress(&f, 100_000),
            Err(RecordsErrorKind::UncompressedTooLarge { limit: 100_000, .. })
        ));
        let mut bad = f.clone();
        bad[6] ^= 1;
        assert!(matches!(
            decompress(&bad, usize::MAX),
            Err(RecordsErrorKind::Corrupt { .. })
        ));
        let mut dependent = f.clone();
        dependent[4] = 0x40;
        dependent[6] = header_checksum(&[0x40, BD]);
        assert!(matches!(
            decompress(&dependent, usize::MAX),
            Err(RecordsErrorKind::Corrupt { .. })
        ));
        let mut trailing = f;
        trailing.push(0);
        assert!(matches!(
            decompress(&trailing, usize::MAX),
            Err(RecordsErrorKind::Corrupt { .. })
        ));
    }
}
