#!/usr/bin/env bash
# Instruction counts (callgrind Ir) of kafka-wire vs kafka-protocol 0.18 on the
# large CreateTopicsRequest v7 workload (issue #5; see BENCHMARKS.md).
#
# Builds the `callgrind` bench target (bench profile, benches/callgrind.rs), then
# runs it under `valgrind --tool=callgrind` once per operation and crate. Only the
# measured loop is counted (--toggle-collect on `measure_<op>`),
# so setup and the pre-timing cross-check are excluded. Instruction counts do not
# depend on machine load, unlike wall time.
#
#   bash scripts/callgrind.sh                 # large_v7, 10 iterations
#   ITERATIONS=20 bash scripts/callgrind.sh   # more iterations
#   WORKLOAD=acls_v3 bash scripts/callgrind.sh  # large_v4, acls_v3, response_v7, small_v7
#   KEEP=1 bash scripts/callgrind.sh          # keep callgrind.out files (for callgrind_annotate)
#
# "encode"  = into a cleared, reused BytesMut, with the length a prefix needs:
#             Message::encode (one pass in the spare room, counting the bytes)
#             vs kafka-protocol's compute_size + encode.
# "size"    = encoded_len/compute_size alone.
# "decode"  = decode from a clone of a prebuilt Bytes, dropping the result.
# "enc+dec" = encode + decode, the round trip.
set -euo pipefail

cd "$(dirname "$0")/.."

ITERATIONS="${ITERATIONS:-10}"
WORKLOAD="${WORKLOAD:-large_v7}"
OUT_DIR="${OUT_DIR:-target/callgrind}"

if ! command -v valgrind >/dev/null 2>&1; then
    echo "error: valgrind is not installed." >&2
    echo "Install it with:  apt-get install -y valgrind   (Debian/Ubuntu, as root)" >&2
    echo "               or dnf install -y valgrind       (Fedora/RHEL)" >&2
    exit 1
fi

echo "Building the callgrind bench target (bench profile)..." >&2
BIN="$(cargo bench --bench callgrind --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)"
if [[ -z "$BIN" || ! -x "$BIN" ]]; then
    echo "error: could not build benches/callgrind.rs; rerun to see the errors:" >&2
    echo "  cargo bench --bench callgrind --no-run" >&2
    exit 1
fi
mkdir -p "$OUT_DIR"

# Ir collected inside measure_<op>, for one crate; prints the total.
count() {
    local op="$1" krate="$2"
    local out="$OUT_DIR/callgrind.out.$WORKLOAD.$op.$krate"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect="*measure_${op}*" \
        "$BIN" "$op" "$krate" "$ITERATIONS" "$WORKLOAD" >/dev/null 2>"$out.log" || {
        echo "error: valgrind run failed, see $out.log" >&2
        exit 1
    }
    local total
    total="$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out" | tail -n 1)"
    if [[ -z "$total" ]]; then
        total="$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out" | tail -n 1)"
    fi
    [[ -n "${KEEP:-}" ]] || rm -f "$out" "$out.log"
    echo "$total"
}

echo "Workload: $WORKLOAD, $ITERATIONS iterations per run; Ir = instructions per operation" >&2
printf '%-8s %18s %18s %10s\n' "op" "kafka-wire Ir" "kafka-protocol Ir" "kw/kp"
declare -A PER
for op in encode size decode; do
    ours="$(count "$op" kafka-wire)"
    theirs="$(count "$op" kafka-protocol)"
    PER[$op.ours]=$((ours / ITERATIONS))
    PER[$op.theirs]=$((theirs / ITERATIONS))
    printf '%-8s %18d %18d %10s\n' "$op" "${PER[$op.ours]}" "${PER[$op.theirs]}" \
        "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')"
done
# Decoding into one message kept across iterations (Versioned::decode_into),
# against kafka-protocol's fresh decode (it has no reused form).
reused="$(count decode_into kafka-wire)"
PER[decode_into.ours]=$((reused / ITERATIONS))
printf '%-8s %18d %18d %10s
' "reused" "${PER[decode_into.ours]}" "${PER[decode.theirs]}" \
    "$(awk -v a="${PER[decode_into.ours]}" -v b="${PER[decode.theirs]}" 'BEGIN { printf "%.3f", a / b }')"
# The borrowed view (Versioned::view_exact from a slice), against the same.
borrowed="$(count view kafka-wire)"
PER[view.ours]=$((borrowed / ITERATIONS))
printf '%-8s %18d %18d %10s\n' "borrowed" "${PER[view.ours]}" "${PER[decode.theirs]}" \
    "$(awk -v a="${PER[view.ours]}" -v b="${PER[decode.theirs]}" 'BEGIN { printf "%.3f", a / b }')"
ours=$((PER[encode.ours] + PER[decode.ours]))
theirs=$((PER[encode.theirs] + PER[decode.theirs]))
printf '%-8s %18d %18d %10s\n' "enc+dec" "$ours" "$theirs" \
    "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')"
