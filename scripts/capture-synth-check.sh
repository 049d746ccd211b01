#!/usr/bin/env bash
# kafka-capture against captures written by scripts/capture-synth.py, whose
# own count of the exchanges it wrote is the expected one (issue 42):
#   - 1,000 connections open at once, 3 exchanges each: every exchange read,
#     no notice, exit status 0;
#   - the same with --max-memory 262144: connections closed to keep under
#     it (a notice), every request still shown (answered or not), exit 3;
#   - a scripted throttle and slow broker (--throttle-ms 250
#     --slow-broker-ms 800): --analysis json finds the throttled client's
#     responses and milliseconds, and each broker's exchanges and latency
#     (within the histogram's 3%), as the script counted them.
# Uses an existing kafka-capture build (BIN=..., else target/release, else
# target/debug); builds none. About 1 s with a release build.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
cd "$REPO_ROOT"

BIN="${BIN:-}"
for candidate in target/release/kafka-capture target/debug/kafka-capture; do
    [[ -z "$BIN" && -x "$candidate" ]] && BIN="$candidate"
done
[[ -n "$BIN" && -x "$BIN" ]] || die "no kafka-capture build: cargo build -p kafka-wire-capture"
need python3 "install Python 3"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT

expected="$(python3 scripts/capture-synth.py --connections 1000 "$tmp/syn.pcap" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["exchanges"])')"

# $1: expected exit status; the rest: kafka-capture's options.
check() {
    local want="$1"
    shift
    local status=0
    "$BIN" --quiet --stats "$@" "$tmp/syn.pcap" > "$tmp/out" 2> "$tmp/err" || status=$?
    local shown
    shown="$(sed -n 's/.* packets, \([0-9]*\) exchanges shown.*/\1/p' "$tmp/err")"
    [[ "$status" == "$want" ]] || die "kafka-capture $*: exit status $status, not $want"
    [[ "$shown" == "$expected" ]] || die "kafka-capture $*: $shown exchanges shown, $expected written"
    say "kafka-capture $*: $shown of $expected exchanges, exit status $status"
}
check 0
check 3 --max-memory 262144
grep -q "connections closed, to keep under the memory limit" "$tmp/err" ||
    die "--max-memory 262144: no connection closed"

python3 scripts/capture-synth.py --connections 400 --produce-bytes 100 --throttle-ms 250 \
    --slow-broker-ms 800 "$tmp/scenario.pcap" > "$tmp/scenario.json"
"$BIN" --quiet --analysis json "$tmp/scenario.pcap" > "$tmp/analysis.json" 2> "$tmp/err" ||
    die "kafka-capture --analysis json on the scenario: exit status $?: $(cat "$tmp/err")"
python3 - "$tmp/scenario.json" "$tmp/analysis.json" <<'PY' || die "the analysis does not match the scenario"
import json, sys
wrote, found = (json.load(open(p)) for p in sys.argv[1:])
for client, w in wrote["clients"].items():
    t = found["throttle"]["clients"][client]
    got = (t["responses"], t["throttled"], t["totalMs"])
    assert got == (w["exchanges"], w["throttled"], w["throttle_ms"]), (client, got, w)
for broker, w in wrote["brokers"].items():
    l = found["brokerLatencies"][broker]
    assert l["count"] == w["exchanges"], (broker, l, w)
    assert w["min_latency_us"] / 1e3 * 0.97 <= l["p50Ms"] <= w["max_latency_us"] / 1e3, (broker, l, w)
    assert abs(l["maxMs"] - w["max_latency_us"] / 1e3) < 1e-6, (broker, l, w)
PY
say "kafka-capture --analysis json: the scripted throttle and slow broker found as written"
