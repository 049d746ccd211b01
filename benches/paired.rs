//! Interleaved wall-clock ratios: kafka-wire against kafka-protocol 0.18 and
//! against memcpy, on the workloads of `benches/codec.rs`.
//!
//! Criterion times one contender's samples, then the next's. On a shared
//! machine a burst of load during one contender's turn shows up as a speed-up
//! or slow-down of that contender alone: the same kafka-protocol benchmark has
//! measured 312 µs and 507 µs in two runs minutes apart here. This benchmark
//! instead takes many short rounds, and in each round times a batch of
//! kafka-wire, one of kafka-protocol and one of memcpy back to back (in an
//! order that rotates every round), then keeps the ratios of that round. Load
//! that lasts longer than a round hits all three alike and cancels out of the
//! ratio. It prints the median ratio over the rounds and the interquartile
//! range.
//!
//! Load that competes for the core itself (a busy neighbour on a shared
//! host) does not cancel: it slows instruction-dense code such as a codec
//! more than a memcpy, so the median ratio to memcpy rises with it. The
//! "fastest" columns divide each contender's fastest round by the other's:
//! the least disturbed batches, an estimate of the ratio on a quiet machine.
//!
//! Run: `cargo bench -p kafka-wire-benches --bench paired` (about 25 s), or name workloads:
//! `cargo bench -p kafka-wire-benches --bench paired -- large_v7 acls_v3`. Criterion's tables in
//! `cargo bench -p kafka-wire-benches --bench codec` remain the source for absolute times.

use std::hint::black_box;

use bytes::BytesMut;

mod common;

// `cargo bench -p kafka-wire-benches --features bench-mimalloc`: the same runs under mimalloc, to
// separate the allocator's share of decode time from the codec's.
#[cfg(feature = "bench-mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use common::{Codec, Workload};

/// Rounds per workload and operation.
const ROUNDS: usize = 41;

/// The three contenders of one operation, each run `n` times per call.
struct Contenders<'a> {
    ours: &'a mut dyn FnMut(u64),
    theirs: &'a mut dyn FnMut(u64),
    memcpy: &'a mut dyn FnMut(u64),
}

fn measure(workload: &str, op: &str, c: Contenders<'_>) {
    let times = common::interleaved(ROUNDS, &mut [c.ours, c.theirs, c.memcpy]);
    let rounds = times[0].iter().zip(&times[1]).zip(&times[2]);
    let speedup: Vec<f64> = rounds.clone().map(|((a, b), _)| b / a).collect();
    let vs_memcpy: Vec<f64> = rounds.map(|((a, _), m)| a / m).collect();
    let ours_ns: Vec<f64> = times[0].iter().map(|a| a * 1e9).collect();
    // Each contender's fastest batch: the one least disturbed by other load.
    let best = |t: &[f64]| t.iter().copied().fold(f64::MAX, f64::min);
    let (best_a, best_b, best_m) = (best(&times[0]), best(&times[1]), best(&times[2]));
    let (s25, s50, s75) = common::quartiles(speedup);
    let (m25, m50, m75) = common::quartiles(vs_memcpy);
    let (_, ns, _) = common::quartiles(ours_ns);
    let (s_best, m_best) = (best_b / best_a, best_a / best_m);
    println!(
        "| {workload} | {op} | {ns:.0} | {s50:.2}× | {s25:.2}–{s75:.2} | {s_best:.2}× | {m50:.1}× | {m25:.1}–{m75:.1} | {m_best:.1}× |"
    );
}

fn run<O: Codec, T: Codec>(w: &Workload<O, T>) {
    let v = w.version;
    let len = w.encoded.len();
    let mut copy = common::Memcpy::new(&w.encoded);
    let mut memcpy = |n: u64| copy.run(n);

    let (mut buf_a, mut buf_b) = (BytesMut::with_capacity(len), BytesMut::with_capacity(len));
    measure(
        w.name,
        "encode",
        Contenders {
            ours: &mut |n| {
                for _ in 0..n {
                    buf_a.clear();
                    black_box(black_box(&w.ours).encode_sized(&mut buf_a, v));
                }
            },
            theirs: &mut |n| {
                for _ in 0..n {
                    buf_b.clear();
                    black_box(black_box(&w.theirs).encode_sized(&mut buf_b, v));
                }
            },
            memcpy: &mut memcpy,
        },
    );
    measure(
        w.name,
        "encoded_len",
        Contenders {
            ours: &mut |n| {
                for _ in 0..n {
                    black_box(black_box(&w.ours).size(v));
                }
            },
            theirs: &mut |n| {
                for _ in 0..n {
                    black_box(black_box(&w.theirs).size(v));
                }
            },
            memcpy: &mut memcpy,
        },
    );
    measure(
        w.name,
        "decode",
        Contenders {
            ours: &mut |n| {
                for _ in 0..n {
                    O::decode_drop(&mut black_box(&w.encoded).clone(), v);
                }
            },
            theirs: &mut |n| {
                for _ in 0..n {
                    T::decode_drop(&mut black_box(&w.encoded).clone(), v);
                }
            },
            memcpy: &mut memcpy,
        },
    );
}

fn main() {
    let wanted = common::wanted();
    println!(
        "kafka-wire: median over {ROUNDS} interleaved rounds (interquartile range after it), \
         and the ratio of each contender's fastest round (\"fastest\")\n"
    );
    println!("| workload | op | kafka-wire ns/op | speed-up vs kafka-protocol | IQR | fastest | × memcpy time | IQR | fastest |");
    println!("|---|---|--:|--:|--:|--:|--:|--:|--:|");
    if wanted("small_v7") {
        run(&common::small_v7());
    }
    if wanted("large_v7") {
        run(&common::large_v7());
    }
    if wanted("large_v4") {
        run(&common::large_v4());
    }
    if wanted("acls_v3") {
        run(&common::acls_v3());
    }
    if wanted("response_v7") {
        run(&common::response_v7());
    }
}
