//! Where a flexible body's own tagged fields start, two ways: from a
//! [`DynamicView`]'s spans, and by [`TailScanner`] fed the body in parts,
//! as a proxy that passes the bytes read on feeds it.

use kafka_wire::dynamic::{DynamicView, TailScan, TailScanner};
use kafka_wire::DecodeError;

/// Where the view says its body's own tagged fields start: after the last
/// field that is not tagged (at 0 when every field is tagged).
pub fn tail_of(view: &DynamicView) -> usize {
    let version = view.version();
    view.body()
        .fields()
        .filter(|f| !f.field.tagged.contains(version))
        .map(|f| f.span.offset + f.span.len)
        .max()
        .unwrap_or(0)
}

/// Scans `wire` in parts of the sizes `next_part` gives (at least 1 byte
/// each), each part given with what the last scan left unread: where the
/// tail starts, or `None` if the scanner did not reach it.
pub fn scan_in_parts(
    scanner: &mut TailScanner,
    mut next_part: impl FnMut() -> usize,
    wire: &[u8],
) -> Result<Option<usize>, DecodeError> {
    let (mut from, mut to) = (0, 0);
    while to < wire.len() {
        to = (to + next_part().max(1)).min(wire.len());
        match scanner.scan(&wire[from..to])? {
            TailScan::Before(n) => from += n,
            TailScan::Tail(n) => return Ok(Some(from + n)),
        }
    }
    Ok(scanner.tail_at())
}
