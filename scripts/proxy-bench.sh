#!/usr/bin/env bash
# Kafka's own load tools through kafka-wire-proxy, beside the broker itself, interleaved in one run:
#
#   scripts/proxy-bench.sh
#
# A broker (kafka-broker.sh on 127.0.0.1:$KAFKA_PORT, 9492, controller $KAFKA_CONTROLLER_PORT, 9493)
# and three proxies of it (the kafka-proxy binary: $KAFKA_PROXY, else a release build): passing
# through (127.0.0.1:$PROXY_PORT, 19092), with the logger writing every exchange to a file
# ($PROXY_PORT + 1) and with the tenant filter ($PROXY_PORT + 2); proxy P's brokers on 2P - 19000 + N. Each round runs, against the broker and through
# each proxy in turn, org.apache.kafka.tools.ProducerPerformance (kafka-tools, the broker's
# release) unthrottled for throughput, ConsumerPerformance reading those records back, and
# ProducerPerformance throttled for latency (no queueing: its p99 is the round trip). Prints the
# medians per target, their ratios to the broker's, the p99 added, and each proxy's CPU time per GB
# it carried (from /proc), as a markdown table on stdout.
# Env: ROUNDS (5, after a warm-up round), PROXY_ARGS (more kafka-proxy arguments; default
# "--threads 1", which leaves the other core of a 2-core machine to the broker and the tool), RECORDS (100000 of RECORD_SIZE 1024 bytes), LATENCY_RECORDS (20000 at 5000/s).
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

ROUNDS="${ROUNDS:-5}"
read -ra proxy_args <<<"${PROXY_ARGS---threads 1}"
RECORDS="${RECORDS:-100000}"
RECORD_SIZE="${RECORD_SIZE:-1024}"
LATENCY_RECORDS="${LATENCY_RECORDS:-20000}"
OUT="$CACHE_ROOT/proxy-bench"
libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
need_java 17 openjdk-17-jdk-headless "Kafka's load tools" "$JAVA"
rm -rf "$OUT"
mkdir -p "$OUT"

export KAFKA_PORT="${KAFKA_PORT:-9492}" KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9493}"
PROXY_PORT="${PROXY_PORT:-19092}"
broker() { bash "$SCRIPT_DIR/kafka-broker.sh" "$@"; }
pids=()
cleanup() {
    local p
    for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
    broker stop >/dev/null 2>&1 || true
}
trap cleanup EXIT
broker start
find_proxy

declare -A PORT=([direct]=$KAFKA_PORT [passthrough]=$PROXY_PORT [logger]=$((PROXY_PORT + 1)) [tenant]=$((PROXY_PORT + 2)))
declare -A PID
TARGETS=(direct passthrough logger tenant)
start_proxy() { # NAME PORT ARGS...
    local name=$1 port=$2
    "$PROXY" --bootstrap "127.0.0.1:$KAFKA_PORT" --listen "127.0.0.1:$port" \
        --node-ports $((port * 2 - 19000)) "${@:3}" >"$OUT/$name.log" 2>"$OUT/$name.events" &
    PID[$name]=$!
    pids+=($!)
    for _ in $(seq 100); do grep -q "listening on" "$OUT/$name.events" && return; sleep 0.1; done
    die "the $name proxy did not start"
}
start_proxy passthrough "${PORT[passthrough]}" "${proxy_args[@]}"
start_proxy logger "${PORT[logger]}" --log "${proxy_args[@]}"
start_proxy tenant "${PORT[tenant]}" --tenant t1. "${proxy_args[@]}"
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

java_tool() { "$JAVA" -Xmx512m -XX:TieredStopAtLevel=4 -cp "$libs/*" "$@"; }
produce() { # TARGET TOPIC RECORDS THROUGHPUT -> the tool's last line
    java_tool org.apache.kafka.tools.ProducerPerformance --topic "$2" --num-records "$3" \
        --record-size "$RECORD_SIZE" --throughput "$4" \
        --producer-props "bootstrap.servers=127.0.0.1:${PORT[$1]}" acks=1 linger.ms=5 2>&1 | tail -n 1
}
consume() { # TARGET TOPIC RECORDS -> the CSV line
    java_tool org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:${PORT[$1]}" \
        --topic "$2" --messages "$3" --timeout 60000 2>&1 | tail -n 1
}

declare -A CPU0
for t in passthrough logger tenant; do CPU0[$t]=$(cpu_ticks "${PID[$t]}"); done
# Round 0 warms the broker, the JVM's page cache and the proxies up, and is not counted.
for round in $(seq 0 "$ROUNDS"); do
    for t in "${TARGETS[@]}"; do
        topic="perf-$t-$round"
        p="$(produce "$t" "$topic" "$RECORDS" -1)"
        c="$(consume "$t" "$topic" "$RECORDS")"
        l="$(produce "$t" "latency-$t-$round" "$LATENCY_RECORDS" 5000)"
        echo "$round $t | $p | $c | $l" >>"$OUT/runs.txt"
        say "round $round, $t: $(sed -E 's/.*\(([0-9.]+) MB\/sec\).*/\1/' <<<"$p") MB/s produced"
    done
done
for t in passthrough logger tenant; do
    echo "$t $(($(cpu_ticks "${PID[$t]}") - CPU0[$t])) $(getconf CLK_TCK)" >>"$OUT/cpu.txt"
done

PYTHONPATH="$SCRIPT_DIR" python3 - "$OUT" "$ROUNDS" "$RECORDS" "$RECORD_SIZE" "$LATENCY_RECORDS" <<'PY'
import sys
from proxy_bench_table import table
out, rounds, records, size, lat_records = sys.argv[1], *map(int, sys.argv[2:])
table(out, rounds, records, size, lat_records,
      [("direct", "direct")] + [(t, "proxy, " + t) for t in ["passthrough", "logger", "tenant"]],
      "target",
      "Medians of %d interleaved rounds after a warm-up; a ratio is the median of the rounds' ratios to "
      "the broker's. %d records of %d bytes produced (acks=1, linger.ms=5) and consumed per run; latency "
      "from %d records at 5,000/s." % (rounds, records, size, lat_records))
PY
