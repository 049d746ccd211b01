//! The codecs. This build has none yet: only uncompressed batches are read
//! and written, and the others say that their codec is missing.

use crate::records::{Compression, RecordsErrorKind};

/// Whether this build has the codec.
pub(crate) const fn enabled(c: Compression) -> bool {
    matches!(c, Compression::None)
}

/// Decompresses a batch's records: at most `limit` bytes.
pub(crate) fn decompress(
    c: Compression,
    input: &[u8],
    _limit: usize,
) -> Result<Vec<u8>, RecordsErrorKind> {
    match c {
        Compression::None => Ok(input.to_vec()),
        c => Err(RecordsErrorKind::CodecDisabled { compression: c }),
    }
}

/// Compresses `input` (the records) onto the end of `out`.
pub(crate) fn compress(
    c: Compression,
    _level: Option<i32>,
    input: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), RecordsErrorKind> {
    match c {
        Compression::None => {
            out.extend_from_slice(input);
            Ok(())
        }
        c => Err(RecordsErrorKind::CodecDisabled { compression: c }),
    }
}
