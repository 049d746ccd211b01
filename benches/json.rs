//! Kafka's JSON form (`kafka_wire::json`), stage by stage, on the workloads
//! that the cross-language run times against Kafka's Java converters
//! (`scripts/bench-peers.sh`): the time of each stage of writing and
//! reading, as a ratio to the typed decode of the same message (median
//! over interleaved rounds).
//!
//! Run: `cargo bench -p kafka-wire-benches --bench json` (about 30 s), or
//! name workloads: `cargo bench -p kafka-wire-benches --bench json -- metadata`.

use std::hint::black_box;

use bytes::Bytes;
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use kafka_wire::json::{self, RecordsAs};
use kafka_wire::schema::MessageSchema;
use kafka_wire::Message;

mod common;
#[path = "common/request_log.rs"]
mod request_log;

/// Rounds per workload.
const ROUNDS: usize = 21;

fn run<M: Message + PartialEq + std::fmt::Debug>(name: &str, message: &M, version: i16) {
    let schema = MessageSchema::of_message::<M>();
    let encoded = Bytes::from(message.encode_to_vec(version).unwrap());
    let view = DynamicView::decode_exact(schema, version, encoded.clone()).unwrap();
    let text = json::to_string(message, version, RecordsAs::Empty).unwrap();
    // The generated writer writes what the interpreted one writes.
    assert_eq!(text, view.to_json().records(RecordsAs::Empty).to_text());
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let tree = DynamicMessage::from_json(schema, version, &value).unwrap();
    let back: M = json::from_str(&text, version).unwrap();
    assert_eq!(
        back.encode_to_vec(version).unwrap(),
        tree.encode_to_vec().unwrap()
    );

    let stages: [&str; 10] = [
        "typed decode",
        "write: typed encode",
        "write: view of the bytes",
        "write: view to text",
        "write: interpreted (the three above)",
        "write: json::to_string (generated)",
        "write: json::write_message (reused)",
        "read: json::from_str (typed)",
        "read: DynamicMessage::from_json_str",
        "(scale: serde_json::Value of the text)",
    ];
    let times = common::interleaved(
        ROUNDS,
        &mut [
            &mut |n| {
                for _ in 0..n {
                    black_box(M::decode(&mut black_box(&encoded).clone(), version).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(black_box(message).encode_to_vec(version).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    let bytes = black_box(&encoded).clone();
                    black_box(DynamicView::decode_exact(schema, version, bytes).unwrap());
                }
            },
            &mut |n| {
                let mut out = Vec::new();
                for _ in 0..n {
                    out.clear();
                    let json = black_box(&view).to_json().records(RecordsAs::Empty);
                    json.to_writer(&mut out).unwrap();
                    black_box(&out);
                }
            },
            &mut |n| {
                for _ in 0..n {
                    let bytes = Bytes::from(black_box(message).encode_to_vec(version).unwrap());
                    let view = DynamicView::decode_exact(schema, version, bytes).unwrap();
                    black_box(view.to_json().records(RecordsAs::Empty).to_text());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(
                        json::to_string(black_box(message), version, RecordsAs::Empty).unwrap(),
                    );
                }
            },
            &mut |n| {
                let mut out = Vec::new();
                for _ in 0..n {
                    out.clear();
                    json::write_message(black_box(message), version, RecordsAs::Empty, &mut out)
                        .unwrap();
                    black_box(&out);
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(json::from_str::<M>(black_box(&text), version).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    let m = DynamicMessage::from_json_str(schema, version, black_box(&text));
                    black_box(m.unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap());
                }
            },
        ],
    );
    let base = &times[0];
    println!(
        "{name} v{version}: {} bytes, {} bytes of JSON",
        encoded.len(),
        text.len()
    );
    for (stage, t) in stages.iter().zip(&times) {
        let ratios: Vec<f64> = t.iter().zip(base).map(|(a, b)| a / b).collect();
        let (q1, median, q3) = common::quartiles(ratios);
        let ns = common::quartiles(t.clone()).1 * 1e9;
        println!("  {stage:<36} {ns:>12.0} ns  {median:>7.2}x typed decode ({q1:.2}-{q3:.2})");
    }
}

/// The request log's lines of a Produce and a Fetch exchange
/// (`common/request_log.rs`), as the proxy's logger makes them, against the
/// two messages with records written alone by the generated writer.
fn run_request_log() {
    let exchanges = request_log::exchanges();
    let mut out = Vec::new();
    request_log::write(&exchanges, &mut out);
    let (produce, fetch) = (common::produce_ours(), common::fetch_ours());
    let times = common::interleaved(
        ROUNDS,
        &mut [
            &mut |n| {
                let mut out = Vec::new();
                for _ in 0..n {
                    out.clear();
                    request_log::write(black_box(&exchanges), &mut out);
                    black_box(&out);
                }
            },
            &mut |n| {
                let mut out = Vec::new();
                for _ in 0..n {
                    out.clear();
                    let records = RecordsAs::SizeInBytes;
                    json::write_message(black_box(&produce), 9, records, &mut out).unwrap();
                    json::write_message(black_box(&fetch), 16, records, &mut out).unwrap();
                    black_box(&out);
                }
            },
        ],
    );
    println!("request_log: {} bytes of JSON in two lines", out.len());
    for (stage, t) in [
        "request log (two lines)",
        "(scale: the two bodies, generated)",
    ]
    .iter()
    .zip(&times)
    {
        let ns = common::quartiles(t.clone()).1 * 1e9;
        println!("  {stage:<36} {ns:>12.0} ns");
    }
}

fn main() {
    let wanted = common::wanted();
    if wanted("large_v7") {
        run("large_v7", &common::large_ours(), 7);
    }
    if wanted("metadata_v12") {
        run("metadata_v12", &common::metadata_ours(), 12);
    }
    if wanted("fetch_v16") {
        run("fetch_v16", &common::fetch_ours(), 16);
    }
    if wanted("produce_v9") {
        run("produce_v9", &common::produce_ours(), 9);
    }
    if wanted("request_log") {
        run_request_log();
    }
}
