#!/usr/bin/env bash
# Instruction counts (callgrind Ir) of kafka-wire vs kafka-protocol 0.18 on the
# large CreateTopicsRequest v7 workload (see BENCHMARKS.md).
#
# Builds the `callgrind` bench target of the kafka-wire-benches package (bench
# profile, benches/callgrind.rs), then
# runs it under `valgrind --tool=callgrind` once per operation and crate. Only the
# measured loop is counted (--toggle-collect on `measure_<op>`),
# so setup and the pre-timing cross-check are excluded. Instruction counts do not
# depend on machine load, unlike wall time.
#
#   bash scripts/callgrind.sh                 # large_v7, 10 iterations
#   ITERATIONS=20 bash scripts/callgrind.sh   # more iterations
#   WORKLOAD=acls_v3 bash scripts/callgrind.sh  # large_v4, acls_v3, response_v7, small_v7
#   KEEP=1 bash scripts/callgrind.sh          # keep callgrind.out files (for callgrind_annotate)
#   CACHE=1 bash scripts/callgrind.sh         # cache misses instead (see below)
#   JSON_WORKLOAD=fetch_v16 bash scripts/callgrind.sh  # the JSON table's workload (below)
#   JSON_ONLY=1 JSON_WORKLOAD=request_log bash scripts/callgrind.sh  # the request log
#   JSON_ONLY=1 bash scripts/callgrind.sh     # only the JSON table
#
# "encode"  = into a cleared, reused BytesMut, with the length a prefix needs:
#             Message::encode (one pass in the spare room, counting the bytes)
#             vs kafka-protocol's compute_size + encode.
# "size"    = encoded_len/compute_size alone.
# "decode"  = decode from a clone of a prebuilt Bytes, dropping the result.
# "enc+dec" = encode + decode, the round trip.
#
# Then Kafka's JSON of one workload (JSON_WORKLOAD: metadata_v12 by default,
# large_v7, fetch_v16 or produce_v9, the JSON workloads of scripts/bench-peers.sh; none
# skips it): "json-write" = json::to_string, "json-read" = json::from_str of
# that text, each checked to give the text back before counting. JSON_WORKLOAD=
# request_log counts the broker's request log instead (json-write only): the
# lines of a Produce and a Fetch exchange (benches/common/request_log.rs).
#
# CACHE=1 prints, instead of instructions, the cache lines each kafka-wire
# operation and a memcpy of the body (what `scripts/bench-peers.sh` divides
# by) miss in the steady state, from callgrind's cache simulation with this
# machine's L1d and L2 as its two levels (read from /sys, or L1D= and L2= as
# "size,ways,line"). Steady state: the misses of 2N iterations less those of
# N, over N, so that the first pass's cold misses drop out. An operation with
# L2 misses left there streams its working set from L3 on every pass, and
# its time follows the L3's load (the other tenants'); one with none does not.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
cd "$REPO_ROOT"

ITERATIONS="${ITERATIONS:-10}"
WORKLOAD="${WORKLOAD:-large_v7}"
JSON_WORKLOAD="${JSON_WORKLOAD:-metadata_v12}"
OUT_DIR="${OUT_DIR:-target/callgrind}"

need valgrind "install it with 'apt-get install -y valgrind' (Debian/Ubuntu, as root) or 'dnf install -y valgrind' (Fedora/RHEL)"
need cargo "install Rust (https://rustup.rs)"

say "building the callgrind bench target (bench profile)..."
# The JSON messages name every artifact cargo built; the bench's own is the one with an
# "executable" (one bench selected, so the last such line).
BIN="$(cargo bench -p kafka-wire-benches --bench callgrind --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)"
[[ -n "$BIN" && -x "$BIN" ]] ||
    die "could not build benches/callgrind.rs; rerun to see the errors:
  cargo bench -p kafka-wire-benches --bench callgrind --no-run"
mkdir -p "$OUT_DIR"

# Runs measure_<op> of one crate for $3 iterations under callgrind, with the
# valgrind options after them, and prints the counts of its totals line, in
# the order of its `events:` line. The workload is $WORKLOAD unless $RUN_WORKLOAD
# says.
totals() {
    local op="$1" krate="$2" iterations="$3"
    shift 3
    local workload="${RUN_WORKLOAD:-$WORKLOAD}"
    local out="$OUT_DIR/callgrind.out.$workload.$op.$krate.$iterations"
    valgrind --tool=callgrind "$@" --callgrind-out-file="$out" \
        --toggle-collect="*measure_${op//-/_}*" \
        "$BIN" "$op" "$krate" "$iterations" "$workload" >/dev/null 2>"$out.log" ||
        die "valgrind run failed, see $out.log"
    awk '/^(totals|summary):/ { t = $0 } END { sub(/^[a-z]+: */, "", t); print t }' "$out"
    [[ -n "${KEEP:-}" ]] || rm -f "$out" "$out.log"
}

# Ir collected inside measure_<op>, for one crate; prints the total.
count() {
    totals "$1" "$2" "$ITERATIONS" | awk '{ print $1 }'
}

# "size,ways,line" of cpu0's level-$1 cache of type $2 (Data, Unified), or
# $3 where /sys does not say.
geometry() {
    local d size
    for d in /sys/devices/system/cpu/cpu0/cache/index*; do
        [[ "$(cat "$d/level" 2>/dev/null)" == "$1" && "$(cat "$d/type" 2>/dev/null)" == "$2" ]] || continue
        size="$(cat "$d/size")"
        case "$size" in *K) size=$((${size%K} * 1024)) ;; *M) size=$((${size%M} * 1048576)) ;; esac
        echo "$size,$(cat "$d/ways_of_associativity"),$(cat "$d/coherency_line_size")"
        return
    done
    echo "$3"
}

# "<D1 misses> <LL misses>" over the run of $1 $2 for $3 iterations, with
# the events Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
misses() {
    totals "$1" "$2" "$3" --cache-sim=yes --D1="$L1D" --LL="$L2" |
        awk '{ print $5 + $6, $8 + $9 }'
}

if [[ -n "${CACHE:-}" ]]; then
    L1D="${L1D:-$(geometry 1 Data 32768,8,64)}"
    L2="${L2:-$(geometry 2 Unified 1048576,8,64)}"
    say "Workload: $WORKLOAD; cache lines missed per operation in the steady state (L1d $L1D, L2 $L2)"
    printf '%-10s %12s %12s\n' "op" "L1d misses" "L2 misses"
    for pair in "encode kafka-wire" "decode_into kafka-wire" "view kafka-wire" "memcpy std"; do
        read -r op krate <<<"$pair"
        # Assigned first: `set -e` stops the script when a run fails, which
        # it would not inside `read`'s here-string.
        once="$(misses "$op" "$krate" "$ITERATIONS")"
        twice="$(misses "$op" "$krate" $((2 * ITERATIONS)))"
        read -r d1a lla <<<"$once"
        read -r d1b llb <<<"$twice"
        printf '%-10s %12d %12d\n' "${op/decode_into/reused}" \
            $(((d1b - d1a) / ITERATIONS)) $(((llb - lla) / ITERATIONS))
    done
    exit 0
fi

# Kafka's JSON of $JSON_WORKLOAD, written and read by kafka-wire (the
# generated writer and reader), per operation.
json_table() {
    [[ "$JSON_WORKLOAD" != none ]] || return 0
    say "Kafka's JSON of $JSON_WORKLOAD, $ITERATIONS iterations per run; Ir = instructions per operation"
    printf '%-10s %18s\n' "op" "kafka-wire Ir"
    local op
    local ops=(json-write json-read)
    [[ "$JSON_WORKLOAD" != request_log ]] || ops=(json-write)
    for op in "${ops[@]}"; do
        printf '%-10s %18d\n' "$op" $(($(RUN_WORKLOAD="$JSON_WORKLOAD" count "$op" kafka-wire) / ITERATIONS))
    done
}

if [[ -n "${JSON_ONLY:-}" ]]; then
    json_table
    exit 0
fi

say "Workload: $WORKLOAD, $ITERATIONS iterations per run; Ir = instructions per operation"
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
printf '%-8s %18d %18d %10s\n' "reused" "${PER[decode_into.ours]}" "${PER[decode.theirs]}" \
    "$(awk -v a="${PER[decode_into.ours]}" -v b="${PER[decode.theirs]}" 'BEGIN { printf "%.3f", a / b }')"
# The borrowed view (Versioned::view_exact from a slice), against the same.
borrowed="$(count view kafka-wire)"
PER[view.ours]=$((borrowed / ITERATIONS))
printf '%-8s %18d %18d %10s\n' "borrowed" "${PER[view.ours]}" "${PER[decode.theirs]}" \
    "$(awk -v a="${PER[view.ours]}" -v b="${PER[decode.theirs]}" 'BEGIN { printf "%.3f", a / b }')"
ours=$((${PER[encode.ours]} + ${PER[decode.ours]}))
theirs=$((${PER[encode.theirs]} + ${PER[decode.theirs]}))
printf '%-8s %18d %18d %10s\n' "enc+dec" "$ours" "$theirs" \
    "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')"
json_table
