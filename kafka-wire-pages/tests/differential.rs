//! Pages against the typed codec: on random legal instances of every message
//! at every version, and on those bytes cut short and corrupted, a page
//! (the interpreted codec's read, rendered) and the typed decoder (through
//! the all-API dispatch) must agree on whether the bytes decode. A page that
//! shows whole what the typed codec refuses, or stops where it reads on,
//! fails here. And whatever the bytes, nothing panics, every node lies
//! within its parent, and an error names the field it happened in and keeps
//! the tree up to it.

mod common;

use common::{random_frame, Rng};
use kafka_wire_pages::{Direction, Layout, Node, SizePrefix};

fn decode(spec_direction: Direction, bytes: &[u8], key: i16, version: i16) -> Layout {
    match spec_direction {
        Direction::Request => Layout::decode_request(bytes, SizePrefix::Present),
        Direction::Response => Layout::decode_response(bytes, SizePrefix::Present, key, version),
    }
}

/// The page and the typed codec agree on `bytes`; returns whether they
/// decoded.
fn agree(direction: Direction, bytes: &[u8], key: i16, version: i16, what: &str) -> bool {
    let layout = decode(direction, bytes, key, version);
    check_tree(&layout, what);
    match &layout.codec {
        // The read stopped before it knew the message (an unknown key):
        // nothing to compare with.
        None => {
            assert!(
                layout.error.is_some(),
                "{what}: no codec verdict on a clean read"
            );
            false
        }
        Some(codec) => {
            assert_eq!(
                layout.error.is_none(),
                codec.is_ok(),
                "{what}: page {:?} / codec {:?}\n{}",
                layout.error,
                codec,
                layout.to_text()
            );
            codec.is_ok()
        }
    }
}

/// Every node lies within the input, children within their parents and in
/// wire order; a stopped read marks the path to the failure (a failed node's
/// parent failed too) and its error has a place.
fn check_tree(layout: &Layout, what: &str) {
    fn within(node: &Node, len: usize, what: &str) {
        assert!(
            node.offset + node.size <= len,
            "{what}: {} past the end",
            node.name
        );
        let mut at = node.offset;
        for child in &node.children {
            assert!(
                child.offset >= node.offset && child.offset + child.size <= node.offset + node.size,
                "{what}: {} outside {}",
                child.name,
                node.name
            );
            assert!(child.offset >= at, "{what}: {} overlaps", child.name);
            at = child.offset + child.size;
            assert!(
                !child.failed || node.failed,
                "{what}: {} failed, {} not",
                child.name,
                node.name
            );
            within(child, len, what);
        }
    }
    within(&layout.root, layout.bytes.len(), what);
    if let Some(e) = &layout.error {
        assert!(e.offset <= layout.bytes.len(), "{what}");
        assert!(layout.root.failed, "{what}: the root is marked");
        // Every node read before the failure ends at or before it.
        for (_, node) in layout.root.walk() {
            if !node.failed {
                assert!(
                    node.offset + node.size <= e.offset,
                    "{what}: {} ends past the error",
                    node.name
                );
            }
        }
        let text = layout.to_text();
        assert!(text.contains("error at 0x"), "{what}: the text says where");
    }
}

#[test]
fn random_instances_decode_both_ways_and_corruptions_agree() {
    let mut rng = Rng::new(18);
    let (mut clean, mut cut, mut flipped) = (0, 0, 0);
    for (api, spec, v) in common::every_message() {
        for round in 0..3 {
            let bytes = random_frame(spec, v, &mut rng);
            let what = format!("{} {} v{v} #{round}", api.name(), spec.direction.word());
            assert!(
                agree(spec.direction, &bytes, api.key(), v, &what),
                "{what}: a legal instance"
            );
            // What the codec writes for the value it decoded, the page reads
            // whole too (tags written in order, unknown tags kept).
            let written = common::codec_rewrite(spec, v, &bytes);
            let layout = decode(spec.direction, &written, api.key(), v);
            assert!(
                layout.error.is_none(),
                "{what}: rewritten: {:?}",
                layout.error
            );
            clean += 1;
            // Cut short anywhere: both refuse.
            for _ in 0..4 {
                let n = rng.below(bytes.len() as u64) as usize;
                assert!(!agree(
                    spec.direction,
                    &bytes[..n],
                    api.key(),
                    v,
                    &format!("{what} cut at {n}")
                ));
                cut += 1;
            }
            // A byte changed: both decode, or both refuse.
            for _ in 0..8 {
                let mut bad = bytes.clone();
                let i = rng.below(bad.len() as u64) as usize;
                bad[i] ^= 1 << rng.below(8);
                if rng.one_in(3) {
                    bad[i] = rng.next_u64() as u8;
                }
                agree(
                    spec.direction,
                    &bad,
                    api.key(),
                    v,
                    &format!("{what} byte {i} = {:#04x}", bad[i]),
                );
                flipped += 1;
            }
        }
    }
    assert!(
        clean > 1800 && cut > 7000 && flipped > 14000,
        "{clean} {cut} {flipped}"
    );
}

#[test]
fn truncated_frames_show_the_tree_up_to_the_failing_field() {
    let page = kafka_wire_pages::Page::sample(kafka_messages::ApiKey::CreateTopics, 7).unwrap();
    let full = &page.sections[0].layout.bytes;
    // Cut before validateOnly (at 0x2b).
    let layout = Layout::decode_request(&full[..0x2b], SizePrefix::Present);
    let e = layout.error.as_ref().expect("a cut frame does not decode");
    assert_eq!(e.offset, 0x2b);
    assert_eq!(e.error.path(), "CreateTopicsRequest.validate_only");
    let text = layout.to_text();
    assert!(
        text.contains("+-- timeoutMs int32 = 0 [0x0027, 4B] How long to wait"),
        "{text}"
    );
    assert!(
        text.contains("+-- validateOnly bool = (error) [0x002b, 0B] If true"),
        "{text}"
    );
    assert!(text.ends_with(
        "error at 0x002b: CreateTopicsRequest.validate_only (version 7): truncated input: needed 1 bytes, 0 remain\n"
    ), "{text}");
    // Cut inside the configs: as the codec does, the array's count is
    // refused before an element is read, as more than the bytes left hold.
    let cut = Layout::decode_request(&full[..0x24], SizePrefix::Present);
    let e = cut.error.as_ref().unwrap();
    assert_eq!(
        (e.offset, e.error.path().as_str()),
        (0x23, "CreateTopicsRequest.topics[0].configs")
    );
    assert!(cut
        .to_text()
        .contains("+-- length uvarint = 2 (compact, n+1) [0x0022, 1B] 1 element follows"));
    // The HTML page says the same, and marks the bytes nobody read.
    let html = kafka_wire_pages::Page::of_layout(layout).to_html();
    assert!(html.contains("decoding stopped at 0x002b, in CreateTopicsRequest.validate_only"));
    // Bytes after the body: an error at the first of them, shown unread.
    let mut long = full[4..].to_vec();
    long.extend_from_slice(&[7, 7]);
    let layout = Layout::decode_request(&long, SizePrefix::Absent);
    let e = layout.error.as_ref().unwrap();
    assert_eq!(e.offset, long.len() - 2);
    assert!(e.error.to_string().contains("2 trailing bytes"), "{e}");
    let html = kafka_wire_pages::Page::of_layout(layout).to_html();
    assert_eq!(
        html.matches("class=\"c-none\"").count(),
        2,
        "the unread bytes are shown"
    );
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(7);
    for (api, spec, v) in common::every_message() {
        for len in [0usize, 1, 3, 4, 5, 8, 16, 64] {
            let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            let what = format!("{} v{v} {len} random bytes", api.name());
            let _ = decode(spec.direction, &bytes, api.key(), v);
            let _ = Layout::decode_request(&bytes, SizePrefix::Detect);
            // With a plausible header in front, so that the body is reached.
            if len >= 8 {
                bytes[..2].copy_from_slice(&api.key().to_be_bytes());
                bytes[2..4].copy_from_slice(&v.to_be_bytes());
                bytes[6..8].copy_from_slice(&[0xff, 0xff]);
                let layout = Layout::decode_request(&bytes, SizePrefix::Absent);
                check_tree(&layout, &what);
                let _ = layout.to_json();
                let _ = kafka_wire_pages::Page::of_layout(layout).to_html();
            }
        }
    }
}

#[test]
fn hostile_counts_are_refused_before_anything_is_read() {
    // A Metadata v0 request claiming 2^31-1 topics in 4 bytes.
    let mut bytes = vec![0, 3, 0, 0, 0, 0, 0, 1, 0xff, 0xff];
    bytes.extend_from_slice(&i32::MAX.to_be_bytes());
    let layout = Layout::decode_request(&bytes, SizePrefix::Absent);
    let e = layout.error.expect("refused");
    assert_eq!(e.error.path(), "MetadataRequest.topics");
    assert!(matches!(layout.codec, Some(Err(_))));
}

#[test]
fn unknown_keys_and_versions_stop_at_the_body() {
    // Key 999: the header is read, the body is not.
    let layout = Layout::decode_request(
        &[0x03, 0xe7, 0, 1, 0, 0, 0, 9, 0xff, 0xff],
        SizePrefix::Absent,
    );
    assert_eq!(layout.root.name, "Request");
    assert!(layout.to_text().contains("unknown API key 999"));
    // CreateTopics v8 (no release has it).
    let layout = Layout::decode_request(
        &[0, 19, 0, 8, 0, 0, 0, 9, 0xff, 0xff, 0],
        SizePrefix::Absent,
    );
    assert!(
        layout.to_text().contains("unsupported version 8"),
        "{}",
        layout.to_text()
    );
    // A response of an unknown API.
    let layout = Layout::decode_response(&[0, 0, 0, 1], SizePrefix::Absent, 999, 0);
    assert!(layout.error.is_some());
}
