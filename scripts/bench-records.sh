#!/usr/bin/env bash
# Record batch benchmarks in one run (BENCHMARKS.md, "Record batches"): kafka-wire against
# kafka-protocol 0.18 with criterion, then in interleaved rounds, then the Java client
# (kafka-clients' MemoryRecordsBuilder / MemoryRecords) on the same workloads; prints the tables.
# About 5 minutes on 2 cores. Outputs in target/records-bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/records-bench
mkdir -p "$out"
echo "load before: $(uptime)"
cargo bench --bench records 2>&1 | tee "$out/criterion.log" | grep -E '^records/.*(wire|protocol)$|^ +time:' || true
RECORDS_PAIRED=1 cargo bench --bench records 2>/dev/null | tee "$out/paired.md"
java=""
if command -v java >/dev/null 2>&1; then
  bash scripts/java-records.sh bench "$out/java.tsv"
  java="$out/java.tsv"
else
  echo "!!!!! java not found: the Java column is left out !!!!!" >&2
fi
echo
python3 scripts/records_bench_table.py target/criterion $java | tee "$out/table.md"
echo "load after: $(uptime)"
