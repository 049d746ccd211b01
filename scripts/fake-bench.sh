#!/usr/bin/env bash
# Kafka's own load tools against kafka-fake and against a Kafka broker, interleaved in one run:
#
#   scripts/fake-bench.sh
#
# A Kafka broker (kafka-broker.sh on 127.0.0.1:9750, controller 9751) and kafka-fake (release
# build, --auto-create-topics, 127.0.0.1:9740). Each round runs, against each in turn,
# org.apache.kafka.tools.ProducerPerformance (kafka-tools, the broker's release; acks=1,
# unthrottled) and ConsumerPerformance reading those records back. Prints the medians per target
# and the fake's ratios to the broker's (records/s and MB/s), and the fake's resident memory per
# million records held (VmRSS from /proc before the first round and after the last, over the
# records it holds then), as a markdown table on stdout.
# Env: ROUNDS (3, after a warm-up round), RECORDS (100000 of RECORD_SIZE 512 bytes).
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

ROUNDS="${ROUNDS:-3}"
RECORDS="${RECORDS:-100000}"
RECORD_SIZE="${RECORD_SIZE:-512}"
OUT="$CACHE_ROOT/fake-bench"
libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
need_java 17 openjdk-17-jdk-headless "Kafka's load tools" "$JAVA"
rm -rf "$OUT"
mkdir -p "$OUT"

broker() { KAFKA_PORT=9750 KAFKA_CONTROLLER_PORT=9751 bash "$SCRIPT_DIR/kafka-broker.sh" "$@"; }
fake_pid=
cleanup() {
    [[ -n "$fake_pid" ]] && kill -INT "$fake_pid" 2>/dev/null
    broker stop >/dev/null 2>&1 || true
}
trap cleanup EXIT
say "building kafka-fake (release)"
(cd "$REPO_ROOT" && cargo build -q --release -p kafka-wire-fake --bin kafka-fake)
broker start
"$REPO_ROOT/target/release/kafka-fake" --port 9740 --auto-create-topics >"$OUT/fake.log" 2>&1 &
fake_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$OUT/fake.log" && break; sleep 0.1; done
grep -q "listening on" "$OUT/fake.log" || die "kafka-fake did not start"

declare -A PORT=([kafka]=9750 [fake]=9740)
TARGETS=(kafka fake)
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
java_tool() { "$JAVA" -Xmx512m -cp "$libs/*" "$@"; }
produce() { # TARGET TOPIC -> the tool's last line
    java_tool org.apache.kafka.tools.ProducerPerformance --topic "$2" --num-records "$RECORDS" \
        --record-size "$RECORD_SIZE" --throughput -1 \
        --producer-props "bootstrap.servers=127.0.0.1:${PORT[$1]}" acks=1 linger.ms=5 2>&1 | tail -n 1
}
consume() { # TARGET TOPIC -> the CSV line
    java_tool org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "127.0.0.1:${PORT[$1]}" \
        --topic "$2" --messages "$RECORDS" --timeout 60000 2>&1 | tail -n 1
}

rss0=$(rss_kb "$fake_pid")
# Round 0 warms the JVMs and the broker up, and is not counted.
for round in $(seq 0 "$ROUNDS"); do
    for t in "${TARGETS[@]}"; do
        topic="perf-$t-$round"
        p="$(produce "$t" "$topic")"
        c="$(consume "$t" "$topic")"
        echo "$round $t | $p | $c" >>"$OUT/runs.txt"
        say "round $round, $t: $p"
    done
done
echo "$rss0 $(rss_kb "$fake_pid")" >"$OUT/rss.txt"

python3 - "$OUT" "$ROUNDS" "$RECORDS" "$RECORD_SIZE" <<'PY'
import re, statistics, sys
out, rounds, records, size = sys.argv[1], *map(int, sys.argv[2:])
runs = {}
for line in open(out + "/runs.txt"):
    head, p, c = [x.strip() for x in line.split("|")]
    round_, target = head.split()
    if round_ == "0":
        continue
    rec_p = float(re.search(r"([0-9.]+) records/sec", p).group(1))
    mb_p = float(re.search(r"\(([0-9.]+) MB/sec\)", p).group(1))
    fields = c.split(",")
    mb_c, rec_c = float(fields[3]), float(fields[5])
    runs.setdefault(target, {})[round_] = (rec_p, mb_p, rec_c, mb_c)
med = statistics.median
k = runs["kafka"]
print("| target | produce records/s | MB/s | consume records/s | MB/s |")
print("|---|---|---|---|---|")
for t in ["kafka", "fake"]:
    m = [med(x[i] for x in runs[t].values()) for i in range(4)]
    print("| %s | %.0f | %.1f | %.0f | %.1f |" % (t, *m))
f = runs["fake"]
ratios = [med(f[r][i] / k[r][i] for r in f) for i in range(4)]
print("| fake / kafka | %.2f | %.2f | %.2f | %.2f |" % tuple(ratios))
rss0, rss1 = map(int, open(out + "/rss.txt").read().split())
held = (rounds + 1) * records
print()
print("Medians of %d interleaved rounds after a warm-up (%d records of %d bytes each way); a ratio is "
      "the median of the rounds' ratios. kafka-fake's resident memory grew %.1f MiB for the %d "
      "records it held: %.0f MiB per million records of %d bytes." % (
          rounds, records, size, (rss1 - rss0) / 1024, held, (rss1 - rss0) / 1024 / held * 1e6, size))
PY
