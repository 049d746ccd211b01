//! The interpreted codec (`kafka_wire::dynamic`) beside the typed one, on the
//! same instances, interleaved in one run: decode and encode time as a ratio
//! to the typed code's (median over the rounds, interquartile range after
//! it), and allocations per decode. The interpreted decode is timed into a
//! `DynamicView` (the checked read, values read from the input when asked)
//! and into a `DynamicMessage` (that read, then the owned tree built from
//! it).
//!
//! Run: `cargo bench -p kafka-wire-benches --bench dynamic` (about 20 s), or name workloads:
//! `cargo bench -p kafka-wire-benches --bench dynamic -- large_v7`.

use std::hint::black_box;

use bytes::Bytes;
use kafka_wire::dynamic::{DynamicMessage, DynamicView};
use kafka_wire::schema::MessageSchema;
use kafka_wire::Message;
use kafka_wire_test_support::{measure, Counting};

mod common;

// Counts allocations for the table's last columns; the timed loops pay it
// alike (a thread-local add per allocation).
#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Rounds per workload and operation.
const ROUNDS: usize = 31;

fn run<M: Message>(name: &str, version: i16, encoded: &Bytes) {
    let schema = MessageSchema::of_message::<M>();
    let typed = M::decode_exact(encoded.clone(), version).expect("typed decode");
    let tree = DynamicMessage::decode_exact(schema, version, encoded.clone()).expect("decode");
    assert_eq!(tree.encode_to_vec().expect("encode"), encoded[..], "{name}");

    let times = common::interleaved(
        ROUNDS,
        &mut [
            &mut |n| {
                for _ in 0..n {
                    black_box(M::decode(&mut black_box(encoded).clone(), version).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    let mut buf = black_box(encoded).clone();
                    black_box(DynamicMessage::decode(schema, version, &mut buf).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    let mut buf = black_box(encoded).clone();
                    black_box(DynamicView::decode(schema, version, &mut buf).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(black_box(&typed).encode_to_vec(version).unwrap());
                }
            },
            &mut |n| {
                for _ in 0..n {
                    black_box(black_box(&tree).encode_to_vec().unwrap());
                }
            },
        ],
    );
    let ratio = |a: usize, b: usize| {
        common::quartiles(times[b].iter().zip(&times[a]).map(|(b, a)| b / a).collect())
    };
    let (d25, d50, d75) = ratio(0, 1);
    let (v25, v50, v75) = ratio(0, 2);
    let (e25, e50, e75) = ratio(3, 4);
    let (_, typed_allocs) = measure(|| M::decode(&mut encoded.clone(), version).unwrap());
    let (_, tree_allocs) =
        measure(|| DynamicMessage::decode(schema, version, &mut encoded.clone()).unwrap());
    let (_, view_allocs) =
        measure(|| DynamicView::decode(schema, version, &mut encoded.clone()).unwrap());
    let (_, typed_ns, _) = common::quartiles(times[0].iter().map(|t| t * 1e9).collect());
    println!(
        "| {name} | {} | {typed_ns:.0} | {v50:.2}× | {v25:.2}–{v75:.2} | {d50:.2}× | {d25:.2}–{d75:.2} | {e50:.2}× | {e25:.2}–{e75:.2} | {} | {} | {} |",
        encoded.len(),
        typed_allocs.count,
        view_allocs.count,
        tree_allocs.count,
    );
}

fn main() {
    let wanted = common::wanted();
    println!("interpreted / typed time: median over {ROUNDS} interleaved rounds (interquartile range after it)\n");
    println!("| workload | bytes | typed decode ns/op | view decode | IQR | tree decode | IQR | tree encode | IQR | typed allocs/decode | view allocs | tree allocs |");
    println!("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    if wanted("large_v7") {
        let w = common::large_v7();
        run::<kafka_messages::CreateTopicsRequest>(w.name, w.version, &w.encoded);
    }
    if wanted("acls_v3") {
        let w = common::acls_v3();
        run::<kafka_messages::CreateAclsRequest>(w.name, w.version, &w.encoded);
    }
    if wanted("response_v7") {
        let w = common::response_v7();
        run::<kafka_messages::CreateTopicsResponse>(w.name, w.version, &w.encoded);
    }
}
