//! gzip, through flate2 on its pure-Rust miniz_oxide backend: a streaming
//! decoder (members may be concatenated, as `java.util.zip.GZIPInputStream`
//! reads them), bounded by [`read_bounded`](super::bounded::read_bounded).

use std::io::Write;

use super::bounded::read_bounded;
use crate::records::{Compression, RecordsErrorKind};

const C: Compression = Compression::Gzip;

pub(super) fn decompress(input: &[u8], limit: usize) -> Result<Vec<u8>, RecordsErrorKind> {
    read_bounded(
        C,
        flate2::bufread::MultiGzDecoder::new(input),
        input.len(),
        limit,
    )
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
