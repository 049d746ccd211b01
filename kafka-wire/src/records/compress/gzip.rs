//! gzip: members (concatenated, as `java.util.zip.GZIPInputStream` reads
//! them) parsed here, each member's deflate stream inflated by miniz_oxide
//! (flate2's pure-Rust backend) straight into the output, which grows by
//! doubling from a few times the input and never past the limit.
//! Compression goes through flate2.
//!
//! The inflate state (miniz's `DecompressorOxide`, about 11 kB of tables)
//! is made once per thread and reset per member: made and dropped per
//! batch, it was most of the cost of a small batch. It keeps no window of
//! its own: a match reaches back only into the member's output, so nothing
//! of a batch inflated before shows through in the next.

use std::cell::RefCell;
use std::io::Write;

use miniz_oxide::inflate::core::{decompress as inflate, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

use super::bounded::{corrupt, grow, step, too_large};
use crate::records::{Compression, RecordsErrorKind};

const C: Compression = Compression::Gzip;

thread_local! {
    /// This thread's inflate state, reset for each member.
    static INFLATE: RefCell<Option<Box<DecompressorOxide>>> = const { RefCell::new(None) };
}

pub(super) fn decompress(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    INFLATE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut state) => members(state.get_or_insert_with(Box::default), input, limit),
        // Reached again while in use (nothing does so today): a state of
        // its own.
        Err(_) => members(&mut Box::default(), input, limit),
    })
}

/// Inflates every member of `input` onto one output of at most `limit`
/// bytes, each member's CRC-32 and size checked against its trailer.
fn members(
    state: &mut DecompressorOxide,
    input: &[u8],
    limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    // One byte past the limit is how a stream that goes over it is seen.
    let cap = limit.saturating_add(1);
    let mut out = Vec::new();
    let mut filled = 0;
    let mut pos = 0;
    loop {
        pos += header(&input[pos..])?;
        state.init();
        let start = filled;
        loop {
            if filled == out.len() {
                let len = filled.saturating_add(step(filled, input.len())).min(cap);
                grow(&mut out, len, cap);
            }
            // The member's output only: a match cannot reach into an
            // earlier member's (zlib refuses that as too far back).
            let (status, read, wrote) = inflate(
                state,
                &input[pos..],
                &mut out[start..],
                filled - start,
                inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
            );
            pos += read;
            filled += wrote;
            if filled > limit {
                return Err(too_large(C, limit));
            }
            match status {
                TINFLStatus::Done => break,
                TINFLStatus::HasMoreOutput if filled == out.len() => {}
                TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => {
                    return Err(corrupt(C, "the deflate stream is cut short"))
                }
                status => {
                    return Err(corrupt(
                        C,
                        format_args!("invalid deflate data ({status:?})"),
                    ))
                }
            }
        }
        let trailer: [u8; 8] = input
            .get(pos..pos + 8)
            .and_then(|t| t.try_into().ok())
            .ok_or_else(|| corrupt(C, "the member's trailer (CRC-32 and size) is cut short"))?;
        pos += 8;
        let [c0, c1, c2, c3, s0, s1, s2, s3] = trailer;
        let member = &out[start..filled];
        if crc32fast::hash(member) != u32::from_le_bytes([c0, c1, c2, c3]) {
            return Err(corrupt(C, "the member's CRC-32 does not match its data"));
        }
        // ISIZE: the size modulo 2^32.
        if member.len() as u32 != u32::from_le_bytes([s0, s1, s2, s3]) {
            return Err(corrupt(C, "the member's size does not match its data"));
        }
        if pos == input.len() {
            break;
        }
    }
    out.truncate(filled);
    Ok(out)
}

/// The length of the gzip member header `b` starts with (RFC 1952 2.3),
/// checked: the magic, deflate as the method, no reserved flag, and the
/// header's CRC-16 when it has one.
fn header(b: &[u8]) -> Result<usize, RecordsErrorKind> {
    const FHCRC: u8 = 1 << 1;
    const FEXTRA: u8 = 1 << 2;
    const FNAME: u8 = 1 << 3;
    const FCOMMENT: u8 = 1 << 4;
    let cut = || corrupt(C, "the member's header is cut short");
    let fixed = b.get(..10).ok_or_else(cut)?;
    if fixed[..2] != [0x1f, 0x8b] {
        return Err(corrupt(C, "not a gzip member: its magic is not 1f 8b"));
    }
    if fixed[2] != 8 {
        return Err(corrupt(
            C,
            format_args!("compression method {} is not deflate (8)", fixed[2]),
        ));
    }
    let flags = fixed[3];
    if flags & 0xe0 != 0 {
        return Err(corrupt(C, "a reserved header flag is set"));
    }
    let mut len = 10;
    if flags & FEXTRA != 0 {
        let x = b.get(len..len + 2).ok_or_else(cut)?;
        len += 2 + usize::from(u16::from_le_bytes([x[0], x[1]]));
    }
    for flag in [FNAME, FCOMMENT] {
        if flags & flag != 0 {
            let rest = b.get(len..).ok_or_else(cut)?;
            len += rest.iter().position(|&c| c == 0).ok_or_else(cut)? + 1;
        }
    }
    if flags & FHCRC != 0 {
        let crc = b.get(len..len + 2).ok_or_else(cut)?;
        if crc32fast::hash(&b[..len]) as u16 != u16::from_le_bytes([crc[0], crc[1]]) {
            return Err(corrupt(C, "the header's CRC-16 does not match"));
        }
        len += 2;
    }
    if len > b.len() {
        return Err(cut());
    }
    Ok(len)
}

pub(super) fn compress(
    input: &[u8],
    level: Option<i32>,
    out: &mut Vec<u8>,
) -> Result<(), RecordsErrorKind> {
    let level = match level {
        None => flate2::Compression::default(),
        Some(l @ 0..=9) => flate2::Compression::new(l as u32),
        Some(level) => {
            return Err(RecordsErrorKind::InvalidCompressionLevel {
                compression: C,
                level,
                min: 0,
                max: 9,
            })
        }
    };
    let mut encoder = flate2::write::GzEncoder::new(out, level);
    encoder
        .write_all(input)
        .and_then(|()| encoder.try_finish())
        .map_err(|e| RecordsErrorKind::Compress {
            compression: C,
            reason: e.to_string(),
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        compress(data, None, &mut out).unwrap();
        out
    }

    fn reason(e: RecordsErrorKind) -> String {
        match e {
            RecordsErrorKind::Corrupt { reason, .. } => reason,
            e => panic!("not corrupt: {e}"),
        }
    }

    #[test]
    fn members_inflate_one_after_another_with_the_state_reused() {
        let a: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let mut two = gzip(&a);
        two.extend_from_slice(&gzip(b"second member"));
        let mut want = a.clone();
        want.extend_from_slice(b"second member");
        // Twice on this thread: the second call reuses the state the first
        // left after a member's end.
        for _ in 0..2 {
            assert_eq!(decompress(&two, usize::MAX).unwrap(), want);
        }
        // After a failure too.
        assert!(decompress(&two[..two.len() / 2], usize::MAX).is_err());
        assert_eq!(decompress(&two, usize::MAX).unwrap(), want);
        // flate2's reader agrees.
        let mut flate = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::MultiGzDecoder::new(&two[..]), &mut flate)
            .unwrap();
        assert_eq!(flate, want);
    }

    #[test]
    fn every_header_field_is_read() {
        let data = b"with a name, a comment, an extra field and a header CRC";
        let mut member = Vec::new();
        flate2::GzBuilder::new()
            .filename("records.bin")
            .comment("a comment")
            .extra(vec![1, 2, 3])
            .write(&mut member, flate2::Compression::fast())
            .write_all(data)
            .unwrap();
        assert_eq!(decompress(&member, usize::MAX).unwrap(), data);
        // The header CRC (FHCRC), set by hand: CRC-32's low 16 bits.
        let plain = gzip(data);
        let mut with_crc = plain[..10].to_vec();
        with_crc[3] |= 2;
        let crc = crc32fast::hash(&with_crc) as u16;
        with_crc.extend_from_slice(&crc.to_le_bytes());
        with_crc.extend_from_slice(&plain[10..]);
        assert_eq!(decompress(&with_crc, usize::MAX).unwrap(), data);
        with_crc[10] ^= 1;
        assert_eq!(
            reason(decompress(&with_crc, usize::MAX).unwrap_err()),
            "the header's CRC-16 does not match"
        );
    }

    #[test]
    fn damage_is_named() {
        let good = gzip(b"some records, some records, some records");
        let n = good.len();
        let damaged = |at: usize, xor: u8| {
            let mut b = good.clone();
            b[at] ^= xor;
            reason(decompress(&b, usize::MAX).unwrap_err())
        };
        assert_eq!(damaged(0, 1), "not a gzip member: its magic is not 1f 8b");
        assert_eq!(damaged(2, 1), "compression method 9 is not deflate (8)");
        assert_eq!(damaged(3, 0x80), "a reserved header flag is set");
        assert_eq!(
            damaged(n - 8, 1),
            "the member's CRC-32 does not match its data"
        );
        assert_eq!(
            damaged(n - 4, 1),
            "the member's size does not match its data"
        );
        let cut = |len: usize| reason(decompress(&good[..len], usize::MAX).unwrap_err());
        assert_eq!(cut(0), "the member's header is cut short");
        assert_eq!(cut(5), "the member's header is cut short");
        assert_eq!(cut(12), "the deflate stream is cut short");
        assert_eq!(
            cut(n - 3),
            "the member's trailer (CRC-32 and size) is cut short"
        );
        // A name never ended.
        let mut open_name = good[..10].to_vec();
        open_name[3] |= 8;
        open_name.extend_from_slice(b"records.bin");
        assert_eq!(
            reason(decompress(&open_name, usize::MAX).unwrap_err()),
            "the member's header is cut short"
        );
        // Bytes after the last member that are not one.
        let mut trailing = good.clone();
        trailing.push(0);
        assert_eq!(
            reason(decompress(&trailing, usize::MAX).unwrap_err()),
            "the member's header is cut short"
        );
    }

    #[test]
    fn a_match_cannot_reach_into_the_member_before() {
        // A member of one fixed-Huffman block (checked with zlib): with
        // `literal`, the literal then a match of 3 at distance 1
        // ("aaaa"); without, the match alone, reaching before the
        // member's first byte.
        let member = |deflate: &[u8], data: &[u8]| {
            let mut m = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
            m.extend_from_slice(deflate);
            m.extend_from_slice(&crc32fast::hash(data).to_le_bytes());
            m.extend_from_slice(&(data.len() as u32).to_le_bytes());
            m
        };
        let literal = member(&[0x4b, 0x04, 0x02, 0x00], b"aaaa");
        assert_eq!(decompress(&literal, usize::MAX).unwrap(), b"aaaa");
        let mut input = gzip(b"abc");
        input.extend_from_slice(&member(&[0x03, 0x02, 0x00], b"ccc"));
        let e = reason(decompress(&input, usize::MAX).unwrap_err());
        assert!(e.starts_with("invalid deflate data"), "{e}");
    }

    #[test]
    fn the_limit_holds() {
        let zeros = gzip(&[0; 100_000]);
        assert_eq!(decompress(&zeros, 100_000).unwrap().len(), 100_000);
        assert_eq!(
            decompress(&zeros, 99_999).unwrap_err(),
            RecordsErrorKind::UncompressedTooLarge {
                compression: C,
                limit: 99_999
            }
        );
    }
}
