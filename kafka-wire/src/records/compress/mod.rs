//! The codecs, one file each behind its feature, and what they share: output
//! that grows with what was decoded, never with what the input declares, and
//! never past the caller's limit.

#[cfg(any(
    feature = "gzip",
    feature = "snappy",
    feature = "lz4",
    feature = "zstd"
))]
mod bounded;
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

/// Decompresses a legacy wrapper's value: as [`decompress`], but lz4 in a
/// magic 0 wrapper skips the header checksum byte (KAFKA-3160). (Legacy
/// entries with zstd, which magic 0 and 1 do not have, are refused before.)
#[cfg_attr(not(feature = "lz4"), allow(unused_variables))] // `magic` picks lz4's form
pub(crate) fn decompress_legacy(
    c: Compression,
    magic: i8,
    input: &[u8],
    limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    match c {
        #[cfg(feature = "lz4")]
        Compression::Lz4 if magic == 0 => lz4::decompress_magic_0(input, limit),
        c => decompress(c, input, limit),
    }
}

/// Compresses a legacy wrapper's inner messages onto the end of `out`: as
/// [`compress`], but lz4 in a magic 0 wrapper writes Kafka's broken header
/// checksum. (The builder refuses zstd before.)
#[cfg_attr(not(feature = "lz4"), allow(unused_variables))] // `magic` picks lz4's form
pub(crate) fn compress_legacy(
    c: Compression,
    magic: i8,
    level: Option<i32>,
    input: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), RecordsErrorKind> {
    match c {
        #[cfg(feature = "lz4")]
        Compression::Lz4 if magic == 0 => lz4::compress_magic_0(input, out),
        c => compress(c, level, input, out),
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
