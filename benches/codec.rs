//! Criterion benchmarks: this workspace's codec against
//! kafka-protocol 0.18 and against a plain memcpy of the same bytes.
//!
//! One group per workload × operation (`<workload>/<op>`), each with three
//! contenders: `kafka-wire`, `kafka-protocol` and `memcpy`.
//!
//! - `encode`: what a length-prefixed writer needs (the bytes and their count),
//!   into a cleared, reused `BytesMut`: our `Versioned::encode`, which writes the
//!   reused buffer's spare room in one pass and counts what it wrote (it sizes
//!   first only when the room may be too small), and kafka-protocol's
//!   `compute_size` + `encode`.
//! - `encoded_len`: the size computation alone.
//! - `decode`: decode from a clone of a prebuilt `Bytes`; the result is dropped
//!   inside the timed loop.
//! - `memcpy`: a copy of the encoded bytes into a reused buffer
//!   (`common::Memcpy`), the same baseline in every group.
//!
//! Run: `cargo bench -p kafka-wire-benches --bench codec` (add a filter, e.g. `-- large_v7`, to run fewer).

use std::hint::black_box;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod common;

// `cargo bench -p kafka-wire-benches --features bench-mimalloc`: the same runs under mimalloc, to
// separate the allocator's share of decode time from the codec's.
#[cfg(feature = "bench-mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use common::{Codec, Workload};

fn bench_workload<O: Codec, T: Codec>(c: &mut Criterion, w: &Workload<O, T>) {
    let v = w.version;
    let len = w.encoded.len();
    let throughput = Throughput::Bytes(len as u64);

    let memcpy = |b: &mut criterion::Bencher| {
        let mut copy = common::Memcpy::new(&w.encoded);
        b.iter(|| copy.run(1))
    };

    {
        let mut g = c.benchmark_group(format!("{}/encode", w.name));
        g.throughput(throughput.clone());
        let mut buf = BytesMut::with_capacity(len);
        g.bench_function("kafka-wire", |b| {
            b.iter(|| {
                buf.clear();
                black_box(black_box(&w.ours).encode_sized(&mut buf, v));
                black_box(&buf);
            })
        });
        let mut buf = BytesMut::with_capacity(len);
        g.bench_function("kafka-protocol", |b| {
            b.iter(|| {
                buf.clear();
                black_box(black_box(&w.theirs).encode_sized(&mut buf, v));
                black_box(&buf);
            })
        });
        g.bench_function("memcpy", memcpy);
        g.finish();
    }

    {
        let mut g = c.benchmark_group(format!("{}/encoded_len", w.name));
        g.throughput(throughput.clone());
        g.bench_function("kafka-wire", |b| {
            b.iter(|| black_box(black_box(&w.ours).size(v)))
        });
        g.bench_function("kafka-protocol", |b| {
            b.iter(|| black_box(black_box(&w.theirs).size(v)))
        });
        g.bench_function("memcpy", memcpy);
        g.finish();
    }

    {
        let mut g = c.benchmark_group(format!("{}/decode", w.name));
        g.throughput(throughput);
        let encoded: &Bytes = &w.encoded;
        g.bench_function("kafka-wire", |b| {
            b.iter(|| {
                let mut src = black_box(encoded).clone();
                O::decode_drop(&mut src, v);
            })
        });
        g.bench_function("kafka-protocol", |b| {
            b.iter(|| {
                let mut src = black_box(encoded).clone();
                T::decode_drop(&mut src, v);
            })
        });
        g.bench_function("memcpy", memcpy);
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    // Every workload is built and cross-checked (identical bytes, sizes and
    // decodes in both crates) before anything is timed.
    let small = common::small_v7();
    let large_v7 = common::large_v7();
    let large_v4 = common::large_v4();
    let acls = common::acls_v3();
    let response = common::response_v7();

    bench_workload(c, &small);
    bench_workload(c, &large_v7);
    bench_workload(c, &large_v4);
    bench_workload(c, &acls);
    bench_workload(c, &response);
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

criterion_group! {
    name = codec;
    config = config();
    targets = benches
}
criterion_main!(codec);
