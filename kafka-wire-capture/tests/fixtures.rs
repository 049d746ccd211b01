//! Real captures kept as fixtures (`tests/fixtures/`, made by
//! `scripts/kafka-captures.sh`): every exchange paired and decoded, every
//! output form written for each.

use std::collections::BTreeMap;

use kafka_wire_capture::analysis::Analysis;
use kafka_wire_capture::exchange::{read_capture, Event, Exchange, Notice, NoticeKind, Options};
use kafka_wire_capture::output::{json_line, summary_line, trees, HtmlReport, Stats};

fn read(name: &str) -> (Vec<Exchange>, Vec<Notice>, BTreeMap<String, u64>) {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let (mut exchanges, mut notices) = (Vec::new(), Vec::new());
    let file = std::fs::File::open(path).unwrap();
    let analyzer = read_capture(file, Options::default(), &mut |e: Event| match e {
        Event::Exchange(x) => exchanges.push(*x),
        Event::Notice(n) => notices.push(n),
    })
    .unwrap();
    let skipped = analyzer.skipped().clone();
    (exchanges, notices, skipped)
}

/// Five client libraries against a Kafka 4.4 broker on 9392, not Kafka's
/// default port, so that each connection is found by its first bytes, a
/// request: Kafka 4.4's Java clients (tests/java-internal-topics/Workload.java:
/// an admin client, producers of every codec, a transactional producer,
/// consumer groups of both protocols, a share consumer, Kafka Streams), then
/// kafka-python, confluent-kafka, kafkajs and librdkafka's C client
/// (scripts/live-clients/: a topic, records of every codec each has, a
/// consumer group). The broker's own
/// requests to itself (transaction markers, share-group state) go over the
/// same port.
#[test]
fn five_client_libraries_against_kafka_4_4_every_exchange_decodes() {
    let (exchanges, notices, skipped) = read("live-clients-kafka-4.4.pcap");
    // librdkafka (in confluent-kafka, and in C) closes two connections with a
    // request sent and unanswered.
    let unanswered: Vec<_> = notices
        .iter()
        .filter(|n| matches!(n.kind, NoticeKind::Unanswered { .. }))
        .collect();
    assert_eq!((unanswered.len(), notices.len()), (2, 2), "{notices:#?}");
    assert!(skipped.is_empty(), "{skipped:?}");
    let mut stats = Stats::default();
    for x in &exchanges {
        stats.add(x);
        let request = x.request.as_ref().expect("every request captured");
        assert!(request.read.is_ok(), "{}", summary_line(x));
        let Some(response) = x.response.as_ref() else {
            let client = x.client_id.as_deref().unwrap_or_default();
            assert!(
                ["live-confluent", "live-librdkafka"].contains(&client),
                "{client}"
            );
            continue;
        };
        assert!(response.read.is_ok(), "{}", summary_line(x));
        let json: serde_json::Value = serde_json::from_str(&json_line(x)).expect("a JSON line");
        assert_eq!(json["requestHeader"]["correlationId"], x.correlation_id);
        assert_eq!(json["responseHeader"]["correlationId"], x.correlation_id);
        let tree = trees(x);
        assert!(!tree.lines().any(|l| l.starts_with("error ")), "{tree}");
        let layout = kafka_wire_pages::Layout::decode_response(
            &response.frame,
            kafka_wire_pages::SizePrefix::Absent,
            x.api_key,
            x.api_version,
        );
        assert!(layout.error.is_none(), "{}", summary_line(x));
    }
    assert_eq!(stats.exchanges(), 387);
    // Produced in batches of every codec, fetched back so.
    let mut codecs = Vec::new();
    for x in &exchanges {
        for m in [&x.request, &x.response].into_iter().flatten() {
            let sets = kafka_wire_capture::walk::record_sets(m.read.as_ref().unwrap().body.body());
            assert!(
                sets.errors.is_empty(),
                "{}: {:?}",
                summary_line(x),
                sets.errors
            );
            for c in sets.codecs {
                if !codecs.contains(&c) {
                    codecs.push(c);
                }
            }
        }
    }
    assert_eq!(codecs.len(), 5, "{codecs:?}");
    assert_eq!(stats.unread(), 0);
    let apis: Vec<String> = stats
        .counts()
        .iter()
        .map(|(name, v, _)| format!("{name} v{v}"))
        .collect();
    assert_eq!(apis.len(), 67, "{apis:?}");
    let clients: std::collections::BTreeSet<&str> = exchanges
        .iter()
        .filter_map(|x| x.client_id.as_deref())
        .filter(|c| c.starts_with("live-"))
        .collect();
    assert_eq!(
        Vec::from_iter(clients),
        [
            "live-confluent",
            "live-kafka-python",
            "live-kafkajs",
            "live-librdkafka"
        ]
    );
    for api in [
        "Produce v13",
        "Fetch v18",
        "ShareFetch v2",
        "ShareAcknowledge v2",
        "StreamsGroupHeartbeat v1",
        "ConsumerGroupHeartbeat v1",
        "WriteTxnMarkers v2",
        "AlterUserScramCredentials v0",
    ] {
        assert!(apis.contains(&api.to_string()), "{api}: {apis:?}");
    }
}

/// tests/live_kafka39.rs against a Kafka 3.9.1 broker: the versions 4.x no
/// longer accepts, Produce v0-2 with magic 0 and 1 message sets of every
/// legacy codec, Fetch at every version 0-17, ApiVersions v5 answered at v0.
#[test]
fn kafka_3_9_s_old_versions_and_message_sets_decode() {
    let (exchanges, notices, _) = read("live-tests-kafka-3.9.pcap");
    assert!(notices.is_empty(), "{notices:#?}");
    let mut stats = Stats::default();
    let mut records = 0;
    for x in &exchanges {
        stats.add(x);
        for m in [&x.request, &x.response] {
            let m = m.as_ref().expect("both captured");
            let view = m
                .read
                .as_ref()
                .unwrap_or_else(|e| panic!("{}: {e}", summary_line(x)));
            let sets = kafka_wire_capture::walk::record_sets(view.body.body());
            assert!(
                sets.errors.is_empty(),
                "{}: {:?}",
                summary_line(x),
                sets.errors
            );
            records += sets.records;
        }
    }
    assert_eq!(exchanges.len(), 90);
    let versions: Vec<String> = stats
        .counts()
        .iter()
        .map(|(n, v, _)| format!("{n} v{v}"))
        .collect();
    for old in [
        "Produce v0",
        "Produce v1",
        "Produce v2",
        "Fetch v0",
        "Fetch v3",
        "ListOffsets v0",
        "OffsetCommit v0",
        "CreateTopics v0",
    ] {
        assert!(versions.contains(&old.to_string()), "{old}: {versions:?}");
    }
    assert!(records > 300, "{records}");
}

/// scripts/client-matrix.sh: kafka-python, Java's AdminClient,
/// confluent-kafka, kafkajs and librdkafka against kafka-fake (an in-memory
/// broker), restarted with lower advertised versions, on ports it picks (each
/// connection found by its first bytes). ApiVersions answered at version 0
/// to the versions a profile lacks; librdkafka's Metadata requests with
/// three bytes after their body.
#[test]
fn five_client_libraries_against_the_mock_broker_every_exchange_decodes() {
    let (exchanges, notices, _) = read("client-matrix-mock-broker.pcap");
    assert!(notices.is_empty(), "{notices:#?}");
    let mut clients: BTreeMap<String, usize> = BTreeMap::new();
    let (mut fallbacks, mut ignored) = (0, 0);
    let mut stats = Stats::default();
    for x in &exchanges {
        stats.add(x);
        let request = x.request.as_ref().expect("every request captured");
        let response = x.response.as_ref().expect("every response captured");
        assert!(
            request.read.is_ok() && response.read.is_ok(),
            "{}",
            summary_line(x)
        );
        let client = x.client_id.as_deref().unwrap_or_default();
        let library = client
            .trim_start_matches("matrix-")
            .rsplit_once('-')
            .map_or(client, |(l, _)| l);
        *clients.entry(library.to_string()).or_insert(0) += 1;
        fallbacks += usize::from(x.response_version == Some(0) && x.api_version > 0);
        ignored += usize::from(request.ignored > 0);
    }
    assert_eq!(exchanges.len(), 956);
    let libraries: Vec<&str> = clients.keys().map(String::as_str).collect();
    assert_eq!(
        libraries,
        ["confluent", "java", "kafka-python", "kafkajs", "librdkafka"]
    );
    assert_eq!((fallbacks, ignored), (26, 5));
    // Every version the profiles made the clients negotiate.
    let versions: Vec<String> = stats
        .counts()
        .iter()
        .filter(|(name, _, _)| name == "ApiVersions" || name == "Metadata")
        .map(|(name, v, _)| format!("{name} v{v}"))
        .collect();
    assert_eq!(versions.len(), 6 + 10, "{versions:?}");
}

#[test]
fn the_html_report_links_a_page_per_exchange_up_to_its_limit() {
    let (exchanges, _, _) = read("live-clients-kafka-4.4.pcap");
    let dir = std::env::temp_dir().join(format!("kafka-capture-report-{}", std::process::id()));
    let mut report = HtmlReport::new(&dir, "a <session>", 5).unwrap();
    let mut stats = Stats::default();
    let mut analysis = Analysis::default();
    for x in &exchanges {
        report.add(x).unwrap();
        stats.add(x);
        analysis.add(x);
    }
    let index = report
        .finish(&stats, &analysis, &["a notice".into()])
        .unwrap();
    let html = std::fs::read_to_string(&index).unwrap();
    let pages = std::fs::read_dir(&dir).unwrap().count() - 1;
    let page = std::fs::read_to_string(dir.join("exchange-1.html")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(pages, 5);
    // The exchanges' table, then the analysis's.
    let (rows, analysis_html) = html.split_once("</table>").unwrap();
    assert_eq!(
        rows.matches("<tr>").count() + rows.matches("<tr class").count(),
        exchanges.len() + 1
    );
    assert_eq!(html.matches("href=\"exchange-").count(), 5);
    assert!(html.contains("<title>a &lt;session&gt;</title>"));
    assert!(html.contains("Pages were written for the first 5 exchanges of 387."));
    assert!(html.contains("a notice"));
    assert!(analysis_html.contains("<h3>client id -&gt; topic</h3>"));
    assert!(analysis_html.contains("<title>127.0.0.1:9392: "));
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..100]);
    assert!(page.contains("ApiVersionsRequest") && page.contains("ApiVersionsResponse"));
}

/// Every error code other than 0 in `view`, found by reading every field at
/// every depth: what `StructView::error_codes` finds reading only the
/// fields the schema says are error codes.
fn every_error_code(view: kafka_wire::dynamic::StructView<'_>, out: &mut Vec<i16>) {
    use kafka_wire::dynamic::ValueView;
    for f in view.fields() {
        match f.value {
            ValueView::Int16(code) if code != 0 && f.field.json_name.ends_with("ErrorCode") => {
                out.push(code)
            }
            ValueView::Struct(s) => every_error_code(s, out),
            ValueView::Array(a) => {
                for e in a.iter() {
                    if let ValueView::Struct(s) = e.value {
                        every_error_code(s, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Responses with an error and the error codes, per fixture.
#[test]
fn error_codes_are_those_a_walk_of_every_field_finds() {
    for (name, responses, codes) in [
        ("live-clients-kafka-4.4.pcap", 18, 18),
        ("live-tests-kafka-3.9.pcap", 20, 23),
        ("client-matrix-mock-broker.pcap", 236, 236),
    ] {
        let (exchanges, _, _) = read(name);
        let (mut with_errors, mut total) = (0, 0);
        for x in &exchanges {
            let mut every = Vec::new();
            if let Some(Ok(view)) = x.response.as_ref().map(|m| &m.read) {
                every_error_code(view.body.body(), &mut every);
            }
            assert_eq!(x.errors(), every.as_slice(), "{name}: {}", summary_line(x));
            with_errors += usize::from(!every.is_empty());
            total += every.len();
        }
        assert_eq!((with_errors, total), (responses, codes), "{name}");
    }
}
