//! Pages for every API of Kafka (`kafka_messages::KAFKA_RELEASE`), request and response, at every
//! version: the sample instance lays out whole, renders as text, HTML and
//! JSON, and the codec decodes the same bytes through the all-API dispatch and
//! writes them back identically.

mod common;

use kafka_messages::ApiKey;
use kafka_wire_pages::{Direction, Layout, MessageSpec, Page, SizePrefix};

#[test]
fn every_sample_page_generates_and_the_codec_agrees() {
    let mut pages = 0;
    for (api, spec, v) in common::every_message() {
        let at = format!("{} {} v{v}", api.name(), spec.direction.word());
        let layout = Layout::sample(spec, v).unwrap_or_else(|e| panic!("{at}: {e}"));
        // The interpreted codec read every byte of the sample it wrote...
        assert!(
            layout.error.is_none(),
            "{at}: {}",
            layout.error.as_ref().unwrap()
        );
        assert_eq!(layout.root.size, layout.bytes.len(), "{at}");
        // ...and the codec, given the same bytes, decodes them whole.
        match &layout.codec {
            Some(Ok(())) => {}
            other => panic!("{at}: codec {other:?}"),
        }
        // The typed codec writes back the very bytes: the page's view and
        // the typed codec's are one instance.
        let again = common::codec_rewrite(spec, v, &layout.bytes);
        assert_eq!(again, layout.bytes, "{at}: re-encoded");
        // Node sizes add up: every child lies inside its parent, in order.
        for (_, node) in layout.root.walk() {
            let mut at_byte = node.offset;
            for child in &node.children {
                assert!(child.offset >= at_byte, "{at}: {} overlaps", child.name);
                at_byte = child.offset + child.size;
            }
            assert!(
                at_byte <= node.offset + node.size,
                "{at}: {} overflows",
                node.name
            );
        }
        // Captured, the same bytes lay out the same way through the dispatch.
        let decoded = match spec.direction {
            Direction::Request => Layout::decode_request(&layout.bytes, SizePrefix::Detect),
            Direction::Response => {
                Layout::decode_response(&layout.bytes, SizePrefix::Detect, api.key(), v)
            }
        };
        assert!(decoded.error.is_none(), "{at}: {:?}", decoded.error);
        assert_eq!(
            decoded
                .to_text()
                .replace("1 element follows", "one sample element follows"),
            layout.to_text(),
            "{at}"
        );
        pages += 1;
    }
    assert!(pages > 600, "only {pages} messages laid out");
}

#[test]
fn every_page_renders_as_text_html_and_json() {
    for &api in ApiKey::ALL {
        if !api.is_compiled() {
            continue;
        }
        let range = api.all_versions();
        for v in range.lowest().unwrap()..=range.highest().unwrap() {
            let at = format!("{} v{v}", api.name());
            let page = Page::sample(api, v).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(page.sections.len(), 2);
            let text = page.to_text();
            assert!(
                text.contains(&format!("{}Request message v{v} [0x0000, ", api.name())),
                "{at}"
            );
            let html = page.to_html();
            assert!(
                html.contains("<table class=\"grid\">") && html.ends_with("</html>\n"),
                "{at}"
            );
            // Self-contained: nothing is loaded from anywhere.
            for fetch in ["src=", "href=", "<link", "@import", "url("] {
                assert!(!html.contains(fetch), "{at}: the page has {fetch}");
            }
            let json: serde_json::Value = serde_json::from_str(&page.to_json())
                .unwrap_or_else(|e| panic!("{at}: page JSON: {e}"));
            assert_eq!(json["sections"][0]["layout"]["version"], v, "{at}");
            for section in &page.sections {
                serde_json::from_str::<serde_json::Value>(&section.layout.to_json())
                    .unwrap_or_else(|e| panic!("{at}: layout JSON: {e}"));
                // Kafka's own schema text, with the message's name in it.
                assert!(
                    section
                        .schema_text
                        .contains(&format!("\"name\": \"{}\"", section.layout.root.name)),
                    "{at}: schema text"
                );
            }
        }
    }
}

#[test]
fn a_version_outside_the_range_is_an_error_not_a_page() {
    assert!(Page::sample(ApiKey::CreateTopics, 8).is_err());
    assert!(Page::sample(ApiKey::CreateTopics, -1).is_err());
    // Kafka 3.9's versions are pages too.
    assert!(Page::sample(ApiKey::CreateTopics, 1).is_ok());
    assert!(Page::sample(ApiKey::LeaderAndIsr, 0).is_ok());
    let spec = MessageSpec::kafka(ApiKey::CreateAcls, Direction::Request).unwrap();
    assert!(Layout::sample(spec, -1).is_err());
}
