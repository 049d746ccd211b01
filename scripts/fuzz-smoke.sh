#!/usr/bin/env bash
# A smoke run of every fuzz target: one build of the fuzz crate (cargo-fuzz,
# nightly, without AddressSanitizer, as .ci/run's fuzz step), then each
# target for SECONDS (default 10) from its seeds (fuzz/seeds/TARGET) into a
# scratch corpus, with libFuzzer's per-allocation ceiling: an allocation
# over 64 MiB (the properties read with a 1 MiB limit) fails the run as a
# crash does.
#
#   bash scripts/fuzz-smoke.sh [SECONDS] [TARGET...]
#   bash scripts/fuzz-smoke.sh build     the build alone (.ci/run starts it early, in the background)
#
# A failing input is left in fuzz/artifacts/TARGET/; keep it as a seed
# (fuzz/seeds/TARGET/, named after what it found) so that the replay test
# (tests/fuzz_replay.rs) runs it on stable from then on.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
export CARGO_INCREMENTAL=0
# opt-level 1, not cargo-fuzz's 3: the build of every target takes ~30% less CPU (834 s of CPU
# from scratch on the loaded 2-core machine, against ~1,200 s), and a target runs 0.4-0.9x the
# inputs in the same seconds (records 0.40x, views 0.55x, agree 0.84x): the smoke checks that every
# target runs and holds its property, which the long runs (scripts/fuzz-long.sh, opt-level 3)
# search. Debug assertions and overflow checks are on either way (cargo-fuzz's default).
export CARGO_PROFILE_RELEASE_OPT_LEVEL="${CARGO_PROFILE_RELEASE_OPT_LEVEL:-1}"
secs="${1:-10}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(records decompress frames capture segment roundtrip agree json views fake_connection proxy_connection)
fi
start=$(date +%s)
cargo +nightly fuzz build -s none >/dev/null 2>"${TMPDIR:-/tmp}/fuzz-smoke-build.log" ||
  { tail -n 30 "${TMPDIR:-/tmp}/fuzz-smoke-build.log" >&2; exit 1; }
echo "fuzz-smoke: build $(( $(date +%s) - start )) s"
[ "$secs" = build ] && exit 0
for t in "${targets[@]}"; do
  corpus="$(mktemp -d)"
  seeds=()
  [ -d "seeds/$t" ] && seeds=("seeds/$t")
  t0=$(date +%s)
  if ! cargo +nightly fuzz run -s none "$t" "$corpus" "${seeds[@]}" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=64 \
    -print_final_stats=1 >"$corpus.log" 2>&1; then
    tail -n 40 "$corpus.log" >&2
    echo "fuzz-smoke: $t FAILED; the input is in fuzz/artifacts/$t/" >&2
    rm -rf "$corpus"
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$corpus.log")
  cov=$(grep -o 'cov: [0-9]*' "$corpus.log" | tail -n 1 || true)
  echo "fuzz-smoke: $t ok: ${runs:-?} runs, ${cov:-cov: ?} in $(( $(date +%s) - t0 )) s"
  rm -rf "$corpus" "$corpus.log"
done
echo "fuzz-smoke: ${#targets[@]} targets in $(( $(date +%s) - start )) s"
