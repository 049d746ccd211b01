//! Fixed-count encode/decode loops for instruction counting under callgrind;
//! `scripts/callgrind.sh` builds and runs this. Not a criterion benchmark.
//!
//! Usage: `callgrind <encode|size|decode|decode_into|view> <kafka-wire|kafka-protocol> [iterations] [workload]`,
//! `callgrind <decode|view> interpreted [iterations] [workload]` for the interpreted codec's
//! value tree and view,
//! or `callgrind memcpy std [iterations] [workload]` for a copy of the body (the baseline of the
//! cache counts of `CACHE=1 scripts/callgrind.sh`)
//! where workload is `large_v7` (default), `large_v4`, `acls_v3`, `response_v7` or `small_v7`,
//! or `callgrind <json-write|json-read> kafka-wire [iterations] [workload]` for Kafka's JSON
//! text written and read (`measure_json_write`, `measure_json_read`), where workload is
//! `large_v7`, `metadata_v12`, `fetch_v16` or `produce_v9`, the JSON workloads of `scripts/bench-peers.sh`,
//! or `callgrind json-write kafka-wire [iterations] request_log` for the broker's request log
//! of a Produce and a Fetch exchange (`measure_json_write_request_log`, `common/request_log.rs`).
//!
//! The timed work lives in `#[inline(never)]` functions named `measure_encode`,
//! `measure_size` and `measure_decode`, so that `valgrind --tool=callgrind --toggle-collect='*measure_*'`
//! counts exactly those loops and nothing of the setup. `encode` is an encode
//! into a cleared, reused `BytesMut` that also yields the length a prefix needs
//! (`Versioned::encode`; `compute_size` + `encode`); `size` is the
//! size computation alone (`encoded_len` / `compute_size`); `decode` is a
//! decode from a clone of a prebuilt `Bytes`, dropping the result.

use std::hint::black_box;

use bytes::{Bytes, BytesMut};
use kafka_wire::json::{self, RecordsAs};

mod common;
use common::{Codec, Workload};
#[path = "common/request_log.rs"]
mod request_log;

#[inline(never)]
fn measure_encode<C: Codec>(msg: &C, version: i16, buf: &mut BytesMut, iterations: u64) {
    for _ in 0..iterations {
        buf.clear();
        black_box(black_box(msg).encode_sized(buf, version));
        black_box(&*buf);
    }
}

#[inline(never)]
fn measure_size<C: Codec>(msg: &C, version: i16, iterations: u64) {
    for _ in 0..iterations {
        black_box(black_box(msg).size(version));
    }
}

#[inline(never)]
fn measure_decode<C: Codec>(encoded: &Bytes, version: i16, iterations: u64) {
    for _ in 0..iterations {
        let mut src = black_box(encoded).clone();
        C::decode_drop(&mut src, version);
    }
}

/// Decodes into one message kept across iterations (`Versioned::decode_into`).
#[inline(never)]
fn measure_decode_into<M: kafka_wire::Versioned>(encoded: &Bytes, version: i16, iterations: u64) {
    let mut m = M::default();
    for _ in 0..iterations {
        let mut src = black_box(encoded).clone();
        m.decode_into(&mut src, version).unwrap();
        black_box(&m);
    }
}

/// Decodes into the interpreted codec's value tree (`kafka_wire::dynamic`).
#[inline(never)]
fn measure_interpreted<M: kafka_wire::Message>(encoded: &Bytes, version: i16, iterations: u64) {
    let schema = kafka_wire::schema::MessageSchema::of_message::<M>();
    for _ in 0..iterations {
        let mut src = black_box(encoded).clone();
        black_box(kafka_wire::dynamic::DynamicMessage::decode(schema, version, &mut src).unwrap());
    }
}

/// Reads the interpreted codec's view (`kafka_wire::dynamic::DynamicView`).
#[inline(never)]
fn measure_interpreted_view<M: kafka_wire::Message>(
    encoded: &Bytes,
    version: i16,
    iterations: u64,
) {
    let schema = kafka_wire::schema::MessageSchema::of_message::<M>();
    for _ in 0..iterations {
        let mut src = black_box(encoded).clone();
        black_box(kafka_wire::dynamic::DynamicView::decode(schema, version, &mut src).unwrap());
    }
}

/// Reads the borrowed view of the body (`Versioned::view_exact`) and drops it.
#[inline(never)]
fn measure_view<M: kafka_wire::Versioned + kafka_wire::WireView>(
    encoded: &Bytes,
    version: i16,
    iterations: u64,
) {
    for _ in 0..iterations {
        black_box(M::view_exact(black_box(&encoded[..]), version).unwrap());
    }
}

/// Writes Kafka's JSON text of the message (`json::to_string`, records as
/// Java's converters print them), as `scripts/bench-peers.sh` times it.
#[inline(never)]
fn measure_json_write<M: kafka_wire::Versioned>(msg: &M, version: i16, iterations: u64) {
    for _ in 0..iterations {
        black_box(json::to_string(black_box(msg), version, RecordsAs::Empty).unwrap());
    }
}

/// Reads the typed message from Kafka's JSON text (`json::from_str`), as
/// `scripts/bench-peers.sh` times it.
#[inline(never)]
fn measure_json_read<M: kafka_wire::Versioned>(text: &str, version: i16, iterations: u64) {
    for _ in 0..iterations {
        black_box(json::from_str::<M>(black_box(text), version).unwrap());
    }
}

/// Writes the request log's two lines (a Produce and a Fetch exchange) into
/// a cleared, reused buffer, as the proxy's logger makes them.
#[inline(never)]
fn measure_json_write_request_log(exchanges: &request_log::Exchanges, iterations: u64) {
    let mut out = Vec::new();
    for _ in 0..iterations {
        out.clear();
        request_log::write(black_box(exchanges), &mut out);
        black_box(&out);
    }
}

/// The request log's lines, checked to be JSON documents of a request and
/// its response before the measured loop.
fn run_request_log(op: &str, iterations: u64) {
    let exchanges = request_log::exchanges();
    let mut out = Vec::new();
    request_log::write(&exchanges, &mut out);
    let text = std::str::from_utf8(&out).unwrap();
    for line in text.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(entry["request"].is_object() && entry["response"].is_object());
    }
    match op {
        "json-write" => measure_json_write_request_log(&exchanges, iterations),
        _ => usage(),
    }
    println!(
        "request_log {op} kafka-wire: {iterations} iterations of {} bytes of JSON",
        out.len()
    );
}

/// The JSON operations on one message: its text is written once before the
/// measured loop, and read back and written again to the same text first, so
/// a loop that counts a failure's instructions cannot pass for a fast one.
fn run_json<M: kafka_wire::Versioned>(name: &str, msg: M, version: i16, op: &str, iterations: u64) {
    let text = json::to_string(&msg, version, RecordsAs::Empty).unwrap();
    let back: M = json::from_str(&text, version).unwrap();
    assert_eq!(
        json::to_string(&back, version, RecordsAs::Empty).unwrap(),
        text
    );
    match op {
        "json-write" => measure_json_write(&msg, version, iterations),
        "json-read" => measure_json_read::<M>(&text, version, iterations),
        _ => usage(),
    }
    println!(
        "{name} {op} kafka-wire: {iterations} iterations of {} bytes of JSON",
        text.len()
    );
}

/// Copies the body into a reused buffer, as the cross-language benchmark's
/// memcpy does (`common::Memcpy`).
#[inline(never)]
fn measure_memcpy(copy: &mut common::Memcpy, iterations: u64) {
    copy.run(iterations);
}

fn run<O: Codec + kafka_wire::Message + kafka_wire::WireView, T: Codec>(
    w: Workload<O, T>,
    op: &str,
    krate: &str,
    iterations: u64,
) {
    // Warm the reused buffer to full size so no iteration pays for growth.
    let mut buf = BytesMut::with_capacity(w.encoded.len());
    match (op, krate) {
        ("encode", "kafka-wire") => measure_encode(&w.ours, w.version, &mut buf, iterations),
        ("encode", "kafka-protocol") => measure_encode(&w.theirs, w.version, &mut buf, iterations),
        ("size", "kafka-wire") => measure_size(&w.ours, w.version, iterations),
        ("size", "kafka-protocol") => measure_size(&w.theirs, w.version, iterations),
        ("decode", "kafka-wire") => measure_decode::<O>(&w.encoded, w.version, iterations),
        ("decode", "kafka-protocol") => measure_decode::<T>(&w.encoded, w.version, iterations),
        ("decode_into", "kafka-wire") => {
            measure_decode_into::<O>(&w.encoded, w.version, iterations)
        }
        ("decode", "interpreted") => measure_interpreted::<O>(&w.encoded, w.version, iterations),
        ("view", "interpreted") => measure_interpreted_view::<O>(&w.encoded, w.version, iterations),
        ("view", "kafka-wire") => measure_view::<O>(&w.encoded, w.version, iterations),
        ("memcpy", "std") => measure_memcpy(&mut common::Memcpy::new(&w.encoded), iterations),
        _ => usage(),
    }
    println!(
        "{} {op} {krate}: {iterations} iterations of {} bytes",
        w.name,
        w.encoded.len()
    );
}

fn usage() -> ! {
    eprintln!(
        "usage: callgrind <encode|size|decode|decode_into|view> <kafka-wire|kafka-protocol|interpreted> [iterations] \
         [large_v7|large_v4|acls_v3|response_v7|small_v7], or callgrind memcpy std [iterations] [workload], \
         or callgrind <json-write|json-read> kafka-wire [iterations] [large_v7|metadata_v12|fetch_v16|produce_v9], \
         or callgrind json-write kafka-wire [iterations] request_log"
    );
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` runs every bench target with `--bench`: nothing to do here.
    if args.is_empty() || args.iter().any(|a| a.starts_with("--")) {
        println!("callgrind: run through scripts/callgrind.sh (see benches/callgrind.rs)");
        return;
    }
    let op = args[0].as_str();
    let krate = args.get(1).map_or("", String::as_str);
    let iterations: u64 = match args.get(2) {
        None => 10,
        Some(n) => n.parse().unwrap_or_else(|_| usage()),
    };
    let workload = args.get(3).map_or("large_v7", String::as_str);
    if op.starts_with("json-") {
        if krate != "kafka-wire" {
            usage();
        }
        match workload {
            "large_v7" => run_json(workload, common::large_ours(), 7, op, iterations),
            "metadata_v12" => run_json(workload, common::metadata_ours(), 12, op, iterations),
            "fetch_v16" => run_json(workload, common::fetch_ours(), 16, op, iterations),
            "produce_v9" => run_json(workload, common::produce_ours(), 9, op, iterations),
            "request_log" => run_request_log(op, iterations),
            _ => usage(),
        }
        return;
    }
    match workload {
        "large_v7" => run(common::large_v7(), op, krate, iterations),
        "large_v4" => run(common::large_v4(), op, krate, iterations),
        "acls_v3" => run(common::acls_v3(), op, krate, iterations),
        "response_v7" => run(common::response_v7(), op, krate, iterations),
        "small_v7" => run(common::small_v7(), op, krate, iterations),
        _ => usage(),
    }
}
