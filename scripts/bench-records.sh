#!/usr/bin/env bash
# Record batch benchmarks in one run (BENCHMARKS.md, "Record batches"): kafka-wire against
# kafka-protocol 0.18 with criterion, then in interleaved rounds, then the Java client
# (kafka-clients' MemoryRecordsBuilder / MemoryRecords) on the same workloads; prints the tables.
# About 5 minutes on 2 cores. Outputs in target/records-bench/.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
cd "$REPO_ROOT"
need cargo "install Rust (https://rustup.rs)"
need python3 "records_bench_table.py prints the table; e.g. 'apt-get install -y python3'"
out=target/records-bench
mkdir -p "$out"
echo "load before: $(uptime)"
cargo bench -p kafka-wire-benches --bench records 2>&1 | tee "$out/criterion.log" | grep -E '^records/.*(wire|protocol)$|^ +time:' || true
RECORDS_PAIRED=1 cargo bench -p kafka-wire-benches --bench records 2>/dev/null | tee "$out/paired.md"
java=""
if have java; then
  bash "$SCRIPT_DIR/java-records.sh" bench "$out/java.tsv"
  java="$out/java.tsv"
else
  echo "!!!!! java not found: the Java column is left out !!!!!" >&2
fi
echo
python3 scripts/records_bench_table.py target/criterion $java | tee "$out/table.md"
echo "load after: $(uptime)"
