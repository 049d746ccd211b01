#!/usr/bin/env bash
# Long fuzz runs, one target at a time at the lowest priority (nice 19), each
# SECONDS (default 300) from its seeds into a corpus kept under
# fuzz/corpus/TARGET (not committed), with the smoke's limits; prints a row of
# docs/hostile-input.md's long-run table per target. Builds the fuzz crate
# first at cargo-fuzz's full optimization (the smoke builds at opt-level 1;
# cargo rebuilds what differs), unless FUZZ_LONG_OPT_LEVEL says another.
#
#   bash scripts/fuzz-long.sh [SECONDS] [TARGET...]
#
# A failing input is left in fuzz/artifacts/TARGET/; keep it as a seed
# (fuzz/seeds/TARGET/, named after what it found).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-300}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(records decompress frames capture segment roundtrip agree json views fake_connection proxy_connection)
fi
bin=target/x86_64-unknown-linux-gnu/release
CARGO_INCREMENTAL=0 CARGO_PROFILE_RELEASE_OPT_LEVEL="${FUZZ_LONG_OPT_LEVEL:-3}" \
  cargo +nightly fuzz build -s none >/dev/null
for t in "${targets[@]}"; do
  [ -x "$bin/$t" ] || { echo "fuzz-long: $bin/$t not built" >&2; exit 1; }
  mkdir -p "corpus/$t" "artifacts/$t"
  seeds=()
  [ -d "seeds/$t" ] && seeds=("seeds/$t")
  log="$(mktemp)"
  t0=$(date +%s)
  status=ok
  nice -n 19 "$bin/$t" "corpus/$t" "${seeds[@]}" -artifact_prefix="artifacts/$t/" \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=64 \
    -print_final_stats=1 >"$log" 2>&1 || status="FAILED (fuzz/artifacts/$t/)"
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | cut -d' ' -f2 || true)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | cut -d' ' -f2 || true)
  corp=$(grep -o 'corp: [0-9]*' <<<"$last" | cut -d' ' -f2 || true)
  echo "| $t | $(( $(date +%s) - t0 )) s | ${runs:-?} | ${cov:-?} | ${ft:-?} | ${corp:-?} | ${rss:-?} MB | $status |"
  [ "$status" = ok ] || tail -n 30 "$log" >&2
  rm -f "$log"
done
