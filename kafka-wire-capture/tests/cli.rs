//! The `kafka-capture` command as a user runs it, on the fixtures: its
//! formats, filters, report, exit codes and messages.

use std::process::{Command, Output};

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kafka-capture"))
        .args(args)
        .output()
        .expect("kafka-capture runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

const MATRIX: &str = "client-matrix-mock-broker.pcap";

#[test]
fn a_line_per_exchange_and_a_summary_on_stderr() {
    let out = run(&[&fixture(MATRIX)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 956);
    assert!(stderr(&out).ends_with(
        "kafka-capture: 2649 packets, 956 exchanges shown, 0 with a message that does not decode, 0 with a message the capture cut, 0 notices\n"
    ));
}

#[test]
fn filters_keep_what_they_name() {
    let path = fixture(MATRIX);
    let lines = |args: &[&str]| {
        let out = run(&[args, &[path.as_str()]].concat());
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        stdout(&out).lines().map(String::from).collect::<Vec<_>>()
    };
    let metadata = lines(&["--api", "metadata"]);
    assert!(!metadata.is_empty());
    assert!(
        metadata.iter().all(|l| l.contains(" Metadata v")),
        "{metadata:?}"
    );
    assert_eq!(lines(&["--api", "3"]), metadata);
    let two = lines(&["--api", "Metadata,CreateTopics"]);
    assert!(two.len() > metadata.len());
    let kafkajs = lines(&["--client-id", "matrix-kafkajs-k0"]);
    assert!(!kafkajs.is_empty() && kafkajs.iter().all(|l| l.contains("\"matrix-kafkajs-k0\"")));
    let third = lines(&["--connection", "#3"]);
    assert!(!third.is_empty() && third.iter().all(|l| l.contains(" #3 ")));
    let errors = lines(&["--errors"]);
    assert!(
        !errors.is_empty() && errors.iter().all(|l| l.contains(" errors: ")),
        "{errors:?}"
    );
}

#[test]
fn json_lines_and_the_stats_table() {
    let out = run(&["--format", "json", "--api", "ApiVersions", &fixture(MATRIX)]);
    let lines = stdout(&out);
    for line in lines.lines() {
        let x: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(x["requestHeader"]["requestApiKeyName"], "API_VERSIONS");
        assert!(x["response"]["apiKeys"].is_array(), "{line}");
    }
    let out = run(&["--stats", "--quiet", &fixture(MATRIX)]);
    let table = stdout(&out);
    assert!(table.starts_with("api "), "{table}");
    assert!(
        table.contains("\nApiVersions                         0 "),
        "{table}"
    );
}

#[test]
fn the_html_report_is_written_where_asked() {
    let dir = std::env::temp_dir().join(format!("kafka-capture-cli-{}", std::process::id()));
    let out = run(&[
        "--quiet",
        "--html",
        dir.to_str().unwrap(),
        "--html-pages",
        "3",
        &fixture("live-tests-kafka-3.9.pcap"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let files = std::fs::read_dir(&dir).unwrap().count();
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(files, 4);
    assert!(stderr(&out).contains("index.html"));
    // A latency chart per API and version answered, inline, no script.
    assert!(index.contains("<h2>Latency per API</h2>"));
    assert!(
        index.contains("<title>Fetch v0: 2 latencies</title>"),
        "{index}"
    );
    assert!(!index.contains("<script"));
}

#[test]
fn usage_mistakes_and_unreadable_files_are_exit_code_2_with_a_message() {
    let bad_api = run(&["--api", "Nope", &fixture(MATRIX)]);
    assert_eq!(bad_api.status.code(), Some(2));
    assert!(
        stderr(&bad_api).contains("no API named \"Nope\""),
        "{}",
        stderr(&bad_api)
    );
    let bad_assume = run(&["--assume", "Fetch", &fixture(MATRIX)]);
    assert_eq!(bad_assume.status.code(), Some(2));
    assert!(stderr(&bad_assume).contains("API:VERSION"));
    let missing = run(&["/nowhere/capture.pcap"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("/nowhere/capture.pcap"));
    let garbage =
        std::env::temp_dir().join(format!("kafka-capture-garbage-{}", std::process::id()));
    std::fs::write(&garbage, b"this is no capture at all").unwrap();
    let out = run(&[garbage.to_str().unwrap()]);
    std::fs::remove_file(&garbage).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not a pcap or pcapng file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_capture_cut_short_reads_up_to_the_cut_and_exits_1() {
    let bytes = std::fs::read(fixture("live-tests-kafka-3.9.pcap")).unwrap();
    let cut = std::env::temp_dir().join(format!("kafka-capture-cut-{}", std::process::id()));
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let out = run(&[cut.to_str().unwrap()]);
    std::fs::remove_file(&cut).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).lines().count() > 10);
    assert!(
        stderr(&out).contains("the capture stops after"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_capture_with_a_short_snap_length_shows_messages_to_their_cut_and_exits_3() {
    use pcap_file::pcap::{PcapReader, PcapWriter, RawPcapPacket};
    let bytes = std::fs::read(fixture("live-tests-kafka-3.9.pcap")).unwrap();
    let mut reader = PcapReader::new(&bytes[..]).unwrap();
    let mut header = reader.header();
    header.snaplen = 200;
    let mut writer = PcapWriter::with_header(Vec::new(), header).unwrap();
    let mut cut_packets = 0;
    while let Some(packet) = reader.next_raw_packet() {
        let p = packet.unwrap();
        let kept = &p.data[..p.data.len().min(200)];
        cut_packets += usize::from(kept.len() < p.data.len());
        writer
            .write_raw_packet(&RawPcapPacket {
                ts_sec: p.ts_sec,
                ts_frac: p.ts_frac,
                incl_len: kept.len() as u32,
                orig_len: p.orig_len,
                data: kept.into(),
            })
            .unwrap();
    }
    assert!(cut_packets > 10);
    let path = std::env::temp_dir().join(format!("kafka-capture-snap-{}", std::process::id()));
    std::fs::write(&path, writer.into_writer()).unwrap();
    let out = run(&[path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let lines = stdout(&out);
    let cut = lines
        .lines()
        .filter(|l| l.contains(" cut by the capture: "))
        .count();
    assert!(cut > 0, "{lines}");
    assert!(stderr(&out).contains(&format!(" {cut} with a message the capture cut")));
    assert!(stderr(&out).contains("never captured, at byte"));
}

#[test]
fn packet_order_shows_the_same_exchanges_by_their_first_packet() {
    let path = fixture("live-clients-kafka-4.4.pcap");
    let by_response = run(&[&path]);
    let by_packet = run(&["--order", "packet", &path]);
    assert_eq!(by_packet.status.code(), by_response.status.code());
    let (response, packet) = (stdout(&by_response), stdout(&by_packet));
    let mut response: Vec<&str> = response.lines().collect();
    let packet: Vec<&str> = packet.lines().collect();
    // Each line starts with its time of day (HH:MM:SS.micros), the capture
    // within one day: packet order is their order.
    let times: Vec<&str> = packet.iter().map(|l| &l[..15]).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
    assert_ne!(
        response, packet,
        "the fixture's responses come out of order"
    );
    let mut sorted = packet.clone();
    sorted.sort();
    response.sort();
    assert_eq!(response, sorted);
}

#[test]
fn the_analysis_of_the_live_clients_finds_each_topic_consumed_as_produced() {
    let out = run(&[
        "--quiet",
        "--analysis",
        "json",
        &fixture("live-clients-kafka-4.4.pcap"),
    ]);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let records = |way: &str, topic: &str| {
        json[way]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["topic"] == topic)
            .map(|r| r["records"].as_u64().unwrap())
            .sum::<u64>()
    };
    // Each client library produces to its own topic (named by topic id in
    // Produce v13 and Fetch v13+, named through the Metadata responses) and
    // consumes it whole.
    for topic in [
        "live-confluent",
        "live-kafka-python",
        "live-kafkajs",
        "live-librdkafka",
    ] {
        let produced = records("produced", topic);
        assert!(produced > 0, "{topic}");
        assert_eq!(records("fetched", topic), produced, "{topic}");
    }
    // What each scenario produced and read back, by its own constants
    // (scripts/live-clients/: CODECS x PER_CODEC): five codecs of 4
    // records, kafkajs three.
    for (topic, wrote) in [
        ("live-confluent", 20),
        ("live-kafka-python", 20),
        ("live-librdkafka", 20),
        ("live-kafkajs", 12),
    ] {
        assert_eq!(records("produced", topic), wrote, "{topic}");
        assert_eq!(records("fetched", topic), wrote, "{topic}");
    }
    // The producer- and consumer-to-topic map: each library's client id
    // both produced and fetched its topic, every record.
    for client in [
        "live-confluent",
        "live-kafka-python",
        "live-kafkajs",
        "live-librdkafka",
    ] {
        let row = json["clientTopics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["clientId"] == client && r["topic"] == client)
            .unwrap_or_else(|| panic!("{client}"));
        let produced = row["produced"]["records"].as_u64().unwrap();
        assert_eq!(produced, records("produced", client), "{client}");
        assert_eq!(
            row["fetched"]["records"].as_u64().unwrap(),
            produced,
            "{client}"
        );
    }
    assert!(
        json["clients"]["live-kafkajs"]["exchanges"]
            .as_u64()
            .unwrap()
            > 0
    );
}

#[test]
fn a_capture_read_from_stdin_as_it_is_written_reads_as_the_file_with_summaries() {
    use std::io::Write;
    use std::process::Stdio;
    let path = fixture("live-tests-kafka-3.9.pcap");
    let bytes = std::fs::read(&path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kafka-capture"))
        .args(["--summary-every", "0.02", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Ten pieces, cut inside records, written as tcpdump would: a pause
    // between them longer than the summary period.
    let writer = std::thread::spawn(move || {
        for piece in bytes.chunks(bytes.len() / 10 + 1) {
            stdin.write_all(piece).unwrap();
            stdin.flush().unwrap();
            std::thread::sleep(std::time::Duration::from_millis(60));
        }
    });
    let live = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let whole = run(&[&path]);
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    assert_eq!(stdout(&live), stdout(&whole));
    let summaries = stderr(&live)
        .lines()
        .filter(|l| l.starts_with("kafka-capture: so far "))
        .count();
    assert!(summaries >= 5, "{}", stderr(&live));
}

/// `synth-throttle-slow-broker.pcap`, written by `scripts/capture-synth.py
/// --connections 40 --exchanges 3 --produce-bytes 200 --throttle-ms 250
/// --slow-broker-ms 800`: every fourth connection's client id
/// `synth-throttled` throttled 250 ms on every response, every fourth
/// connection to broker 127.0.0.2:9092 answered 800 ms late. The expected
/// counts are the script's own (`synth-throttle-slow-broker.json`).
#[test]
fn the_analysis_finds_the_scripted_throttle_and_slow_broker() {
    let scenario: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("synth-throttle-slow-broker.json")).unwrap(),
    )
    .unwrap();
    let out = run(&[
        "--quiet",
        "--analysis",
        "json",
        &fixture("synth-throttle-slow-broker.pcap"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let throttled = &json["throttle"]["clients"]["synth-throttled"];
    let wrote = &scenario["clients"]["synth-throttled"];
    assert_eq!(throttled["responses"], wrote["exchanges"]);
    assert_eq!(throttled["throttled"], wrote["throttled"]);
    assert_eq!(throttled["totalMs"], wrote["throttle_ms"]);
    assert_eq!(throttled["maxMs"], 250);
    // The other client is never throttled, and no broker is more than the
    // other: both throttle the one client's connections.
    assert_eq!(json["throttle"]["clients"]["synth"]["throttled"], 0);
    assert_eq!(
        json["throttle"]["clients"]["synth"]["responses"],
        scenario["clients"]["synth"]["exchanges"]
    );
    let ms = |v: &serde_json::Value| v.as_f64().unwrap();
    for (broker, wrote) in scenario["brokers"].as_object().unwrap() {
        let latency = &json["brokerLatencies"][broker];
        assert_eq!(latency["count"], wrote["exchanges"], "{broker}");
        // Percentiles are within their bucket, about 3%.
        let (least, most) = (
            wrote["min_latency_us"].as_f64().unwrap() / 1e3,
            wrote["max_latency_us"].as_f64().unwrap() / 1e3,
        );
        assert!(ms(&latency["p50Ms"]) >= least * 0.97, "{broker}: {latency}");
        assert!(ms(&latency["p50Ms"]) <= most * 1.03, "{broker}: {latency}");
        assert_eq!(ms(&latency["maxMs"]), most, "{broker}");
    }
    let slow = &json["brokerLatencies"]["127.0.0.2:9092"];
    let fast = &json["brokerLatencies"]["127.0.0.1:9092"];
    assert!(ms(&slow["p50Ms"]) >= 800.0 * 0.97, "{slow}");
    assert!(ms(&fast["maxMs"]) < 1.0, "{fast}");
    // The slow broker serves some of synth's connections (none of
    // synth-throttled's): synth's p99 is the slow broker's.
    for client in ["synth", "synth-throttled"] {
        let latency = &json["clientLatencies"][client];
        assert_eq!(latency["count"], scenario["clients"][client]["exchanges"]);
    }
    assert!(ms(&json["clientLatencies"]["synth"]["p99Ms"]) >= 800.0 * 0.97);
    let text = run(&[
        "--quiet",
        "--analysis",
        "text",
        &fixture("synth-throttle-slow-broker.pcap"),
    ]);
    let text = stdout(&text);
    assert!(text.contains("latency per broker (ms)"), "{text}");
    // The HTML report holds the same tables, and charts as inline SVG.
    let dir = std::env::temp_dir().join(format!("kafka-capture-scenario-{}", std::process::id()));
    let html = run(&[
        "--quiet",
        "--html",
        dir.to_str().unwrap(),
        "--html-pages",
        "0",
        &fixture("synth-throttle-slow-broker.pcap"),
    ]);
    assert!(html.status.success(), "{}", stderr(&html));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        index.contains("<h3>throttled, per client id</h3>"),
        "{index}"
    );
    assert!(index.contains("<td>synth-throttled</td><td class=\"n\">30</td><td class=\"n\">30</td><td class=\"n\">7500</td>"), "{index}");
    assert!(
        index.contains("<title>127.0.0.2:9092: 30 latencies</title>"),
        "{index}"
    );
    assert!(
        index.contains("<title>synth-throttled: 7500</title>"),
        "{index}"
    );
    assert!(!index.contains("<script"));
    assert!(
        text.lines()
            .any(|l| l.starts_with("synth-throttled ") && l.contains(" 7500 ")),
        "{text}"
    );
}

/// The 3.9 fixture's Produce v0-2 carry magic 0 and 1 message sets of every
/// legacy codec: the tree lays each message out, field by field, a
/// compressed wrapper's value as its compressed messages, none unparsed.
#[test]
fn legacy_message_sets_are_laid_out_in_the_tree() {
    let out = run(&[
        "--format",
        "tree",
        "--api",
        "Produce",
        &fixture("live-tests-kafka-3.9.pcap"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains("unparsed"), "{text}");
    for line in [
        "LegacyMessage = v0, a message",
        "LegacyMessage = v1, a message",
        "LegacyMessage = v0, a wrapper of messages compressed with gzip",
        "LegacyMessage = v1, a wrapper of messages compressed with snappy",
        "bytes: messages compressed with lz4",
        "+-- timestamp int64 = 1700000000000",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
}
