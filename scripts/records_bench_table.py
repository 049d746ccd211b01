#!/usr/bin/env python3
"""Prints the BENCHMARKS.md table of record batches from target/criterion after
`cargo bench -p kafka-wire-benches --bench records`, with the Java client's figures when a file of
them is given (`RecordsOracle bench` output).

Usage: python3 scripts/records_bench_table.py [target/criterion] [java.tsv]"""
import json, os, sys

root = sys.argv[1] if len(sys.argv) > 1 else "target/criterion"
java = {}
if len(sys.argv) > 2:
    for line in open(sys.argv[2]):
        w, codec, op, ns = line.split()
        java[(w, codec, op)] = float(ns)

def median(group, contender):
    d = os.path.join(root, group.replace("/", "_"), contender, "new")
    ns = json.load(open(os.path.join(d, "estimates.json")))["median"]["point_estimate"]
    n = json.load(open(os.path.join(d, "benchmark.json")))["throughput"]["Bytes"]
    return ns, n

head = "| workload | codec | op | kafka-wire µs | MB/s | kafka-protocol µs | kafka-wire speed-up |"
if java:
    head += " Java µs | speed-up vs Java |"
print(head)
print("|---|---|---|--:|--:|--:|--:|" + ("--:|--:|" if java else ""))
for w in ["small", "large"]:
    for codec in ["none", "gzip", "snappy", "lz4", "zstd"]:
        for op in ["encode", "decode"]:
            g = f"records/{w}/{codec}/{op}"
            ours, n = median(g, "kafka-wire")
            theirs, _ = median(g, "kafka-protocol")
            row = (f"| {w} | {codec} | {op} | {ours / 1e3:,.1f} | {n / ours * 1e3:,.0f} | "
                   f"{theirs / 1e3:,.1f} | {theirs / ours:.2f}× |")
            if java:
                j = java.get((w, codec, op))
                row += f" {j / 1e3:,.1f} | {j / ours:.2f}× |" if j else " — | — |"
            print(row)
