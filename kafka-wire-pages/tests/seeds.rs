//! The four seed trees (shared/seeds/: CreateTopics v7 and CreateAcls v3,
//! request and response) regenerated from the sample instances: the same
//! bytes as the seeds' README, and the same tree, node for node.
//!
//! The seeds' frames and pages are `kafka_wire_test_support::seeds`'s: the
//! byte checks always run; when shared/ is not beside the checkout, the
//! page comparisons say so and pass.
//!
//! The seed `.txt` files are the pages' text content, flattened: each tree is
//! one line, its lines joined by spaces. The comparison splits both trees at
//! their `+--` markers and compares every node's name, type, value, offset,
//! size and doc, then the drawing (`|`) between them.

use kafka_messages::*;
use kafka_wire_pages::{Layout, Page, SizePrefix};
use kafka_wire_test_support::seeds::{self, minimal, CREATE_TOPICS_V7};

/// The crate's own hex reader, which the command line's `--hex` uses.
fn hex(s: &str) -> Vec<u8> {
    kafka_wire_pages::parse_hex(s).unwrap()
}

/// A node of a flattened tree: name, type, value, offset, size, doc.
#[derive(Debug, PartialEq)]
struct Parsed {
    head: String,
    offset: usize,
    size: usize,
    doc: String,
}

/// Splits a flattened tree into its nodes, each with the drawing (`|`
/// marks) that stood before it.
fn nodes(flat: &str) -> Vec<(String, Parsed)> {
    let mut out = Vec::new();
    let mut drawing = String::new();
    for (i, part) in flat.split("+-- ").enumerate() {
        let part = part.trim_end();
        // What follows a node's text on its line is the next line's drawing.
        let (text, next) = match part.rfind(']') {
            Some(end) => {
                let after = &part[end + 1..];
                let split = after.trim_end_matches(['|', ' ']).len();
                (&part[..end + 1 + split], after[split..].trim().to_string())
            }
            None => (part, String::new()),
        };
        assert!(i == 0 || !text.is_empty(), "empty node in {flat:?}");
        out.push((std::mem::take(&mut drawing), parse(text)));
        drawing = next;
    }
    out
}

fn parse(text: &str) -> Parsed {
    let open = text
        .rfind(" [0x")
        .unwrap_or_else(|| panic!("no offset in {text:?}"));
    let close = open + text[open..].find(']').unwrap();
    let (offset, size) = text[open + 4..close].split_once(", ").unwrap();
    Parsed {
        head: text[..open].to_string(),
        offset: usize::from_str_radix(offset, 16).unwrap(),
        size: size.strip_suffix('B').unwrap().parse().unwrap(),
        doc: text[close + 1..].trim().to_string(),
    }
}

fn flatten(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_sample_frames_are_the_seed_bytes() {
    for case in &seeds::ALL {
        let page = Page::sample(case.api(), case.version).unwrap();
        assert_eq!(
            page.sections[0].layout.bytes,
            hex(case.request_hex),
            "{:?} request",
            case.api()
        );
        assert_eq!(
            page.sections[1].layout.bytes,
            hex(case.response_hex),
            "{:?} response",
            case.api()
        );
        // The crate's hex reader reads the frames as the shared one does.
        assert_eq!(hex(case.request_hex), case.request_frame());
        assert_eq!(hex(case.response_hex), case.response_frame());
    }
}

#[test]
fn the_sample_trees_are_the_seed_trees_node_for_node() {
    for case in &seeds::ALL {
        let Some(seed) = case.page_text() else {
            continue;
        };
        let trees: Vec<&str> = seed
            .lines()
            .filter(|l| l.contains(" +-- Frame ["))
            .collect();
        assert_eq!(
            trees.len(),
            2,
            "{}: a request tree and a response tree",
            case.file
        );
        let page = Page::sample(case.api(), case.version).unwrap();
        for (section, seed_tree) in page.sections.iter().zip(&trees) {
            let layout = &section.layout;
            let ours = flatten(&layout.to_text());
            let expected = nodes(seed_tree);
            let got = nodes(&ours);
            assert!(
                expected.len() > 10,
                "{}: the seed tree parsed into nodes",
                section.caption
            );
            assert_eq!(got.len(), expected.len(), "{}: node count", section.caption);
            for (i, ((gd, g), (ed, e))) in got.iter().zip(&expected).enumerate() {
                let at = format!("{}, node {i} ({})", section.caption, e.head);
                assert_eq!(g.head, e.head, "{at}: name, type and value");
                assert_eq!(g.offset, e.offset, "{at}: offset");
                assert_eq!(g.size, e.size, "{at}: size");
                assert_eq!(g.doc, e.doc, "{at}: doc");
                assert_eq!(gd, ed, "{at}: tree drawing before it");
            }
            // And the whole line, character for character.
            assert_eq!(&ours, seed_tree, "{}", section.caption);
            // Each node's bytes are within the frame, and its offset and size
            // are those of the value read there.
            for (_, node) in layout.root.walk() {
                assert!(node.offset + node.size <= layout.bytes.len());
            }
        }
    }
}

/// A wrong offset must fail the comparison: the parser reads offsets, not
/// just text.
#[test]
fn the_comparison_catches_a_wrong_offset() {
    let page = Page::sample(ApiKey::CreateAcls, 3).unwrap();
    let good = flatten(&page.sections[0].layout.to_text());
    let bad = good.replacen("[0x0011, 1B]", "[0x0012, 1B]", 1);
    assert_ne!(good, bad);
    let (g, b) = (nodes(&good), nodes(&bad));
    assert!(g
        .iter()
        .zip(&b)
        .any(|((_, x), (_, y))| x.offset != y.offset));
}

/// The same trees from values built by hand and encoded by the typed codec:
/// the page shows what the codec wrote, and the codec agrees.
#[test]
fn values_encoded_by_the_codec_lay_out_as_the_seeds() {
    let seed = CREATE_TOPICS_V7;
    assert_eq!((seed.api(), seed.version), (ApiKey::CreateTopics, 7));
    let header = minimal::request_header(&seed);
    let req = Layout::of_request(&header, &minimal::create_topics_request()).unwrap();
    let resp = Layout::of_response(
        &minimal::response_header(),
        seed.version,
        &minimal::create_topics_response(),
    )
    .unwrap();
    let page = Page::sample(ApiKey::CreateTopics, 7).unwrap();
    for (ours, sample) in [
        (&req, &page.sections[0].layout),
        (&resp, &page.sections[1].layout),
    ] {
        assert_eq!(ours.bytes, sample.bytes);
        assert!(ours.error.is_none(), "{:?}", ours.error);
        assert!(matches!(ours.codec, Some(Ok(()))));
        // A value's page is no sample page: its lengths say "1 element follows".
        let text = ours
            .to_text()
            .replace("1 element follows", "one sample element follows");
        assert_eq!(text, sample.to_text());
    }
}

/// The captured seed frames, decoded through the all-API dispatch, give the
/// same trees.
#[test]
fn the_seed_frames_decode_to_the_seed_trees() {
    for case in &seeds::ALL {
        let page = Page::sample(case.api(), case.version).unwrap();
        let req = Layout::decode_request(&hex(case.request_hex), SizePrefix::Detect);
        let resp = Layout::decode_response(
            &hex(case.response_hex),
            SizePrefix::Detect,
            case.api().key(),
            case.version,
        );
        for (decoded, sample) in [
            (&req, &page.sections[0].layout),
            (&resp, &page.sections[1].layout),
        ] {
            assert!(decoded.error.is_none(), "{:?}", decoded.error);
            assert!(matches!(decoded.codec, Some(Ok(()))));
            let text = decoded
                .to_text()
                .replace("1 element follows", "one sample element follows");
            assert_eq!(text, sample.to_text());
        }
        // Without the size prefix: the same tree, minus the frame, 4 bytes on.
        let bare = Layout::decode_request(&hex(case.request_hex)[4..], SizePrefix::Absent);
        assert!(bare.error.is_none(), "{:?}", bare.error);
        assert_eq!(bare.root.children[0].name, "RequestHeader");
        assert_eq!(bare.root.children[0].offset, 0);
    }
}

/// The page's text content holds every line of the seed page, in order:
/// title, summary, legend, captions, grid labels, trees and JSON schemas.
#[test]
fn the_html_page_holds_the_seed_page_text() {
    for case in &seeds::ALL {
        let Some(seed) = case.page_text() else {
            continue;
        };
        let html = Page::sample(case.api(), case.version).unwrap().to_html();
        let text = squeeze(&text_content(&html));
        let mut from = 0;
        for line in seed.lines() {
            // The seed's extractor wrote list items as "- item".
            let line = squeeze(line.strip_prefix("- ").unwrap_or(line));
            match text[from..].find(&line) {
                Some(at) => from += at + line.len(),
                None => panic!("{}: {line:?} not found (in order) in the page", case.file),
            }
        }
    }
}

/// All whitespace out, for comparing text content across line breaks.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The text a browser would show: no tags, no style or script, entities decoded.
fn text_content(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        rest = &rest[open..];
        let element = ["style", "script"]
            .into_iter()
            .find(|name| rest.starts_with(&format!("<{name}")));
        let end = match element {
            Some(name) => {
                let close = format!("</{name}>");
                rest.find(&close).unwrap() + close.len()
            }
            None => rest.find('>').map_or(rest.len(), |i| i + 1),
        };
        rest = &rest[end..];
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
