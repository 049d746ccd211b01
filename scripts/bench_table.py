#!/usr/bin/env python3
"""Prints the BENCHMARKS.md results table from target/criterion after
`cargo bench -p kafka-wire-benches --bench codec`.
Usage: python3 scripts/bench_table.py [target/criterion]"""
import json, os, sys
root = sys.argv[1] if len(sys.argv) > 1 else "target/criterion"
rows = [("create_topics_small_v7", "small v7"), ("create_topics_large_v7", "large v7"),
        ("create_topics_large_v4", "large v4"), ("create_acls_v3", "CreateAcls v3"),
        ("create_topics_response_v7", "response v7")]
print("| workload | op | contender | ns/op | MB/s | speed-up vs kafka-protocol | × memcpy time |")
print("|---|---|---|--:|--:|--:|--:|")
for w, label in rows:
    for op in ["encode", "encoded_len", "decode"]:
        t = {}
        for c in ["kafka-wire", "kafka-protocol", "memcpy"]:
            d = os.path.join(root, f"{w}_{op}", c, "new")
            ns = json.load(open(os.path.join(d, "estimates.json")))["median"]["point_estimate"]
            n = json.load(open(os.path.join(d, "benchmark.json")))["throughput"]["Bytes"]
            t[c] = (ns, n)
        for c in ["kafka-wire", "kafka-protocol", "memcpy"]:
            ns, n = t[c]
            vs = {"kafka-wire": f"{t['kafka-protocol'][0] / ns:.2f}×", "kafka-protocol": "1.00×", "memcpy": "—"}[c]
            xm = f"{ns / t['memcpy'][0]:.1f}×"
            nsf = f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"
            print(f"| {label} ({n:,} B) | {op} | {c} | {nsf} | {n / ns * 1e3:,.0f} | {vs} | {xm} |")
