#!/usr/bin/env bash
# Captures of real Kafka traffic, for kafka-wire-capture's fixtures and its comparison with tshark:
# tcpdump on the loopback while Kafka's own Java clients (tests/java-internal-topics/Workload.java:
# an admin client, producers, a transactional producer, consumers of the classic and the KIP-848
# group protocols, a share consumer, a Kafka Streams app) run against a Kafka broker of this
# crate's release started for the capture on 127.0.0.1:9392.
#
#   scripts/kafka-captures.sh OUT.pcap
#
# Needs tcpdump (Debian: tcpdump; the capture needs root or CAP_NET_RAW), Java 17 and Maven.
# kafka-wire-capture/tests/fixtures/java-clients-kafka-4.4.pcap was made so.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

out="${1:?usage: kafka-captures.sh OUT.pcap}"
need tcpdump "install it, e.g. 'apt-get install -y tcpdump'"
need_java 17 openjdk-17-jdk-headless "the workload" "$JAVA" "$JAVAC"
port=9392
broker() { KAFKA_PORT=$port KAFKA_CONTROLLER_PORT=$((port + 1)) bash "$SCRIPT_DIR/kafka-broker.sh" "$@"; }
work="$(mktemp -d)"
pid=""
cleanup() {
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
    broker stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

broker start
libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
"$JAVAC" -cp "$libs/*" -d "$work" "$REPO_ROOT/tests/java-internal-topics/Workload.java"
tcpdump -i lo -s 0 -U -w "$out" "tcp port $port" 2>"$work/tcpdump.log" &
pid=$!
for _ in $(seq 50); do grep -q listening "$work/tcpdump.log" && break; sleep 0.1; done
timeout 300 "$JAVA" -cp "$work:$libs/*" Workload "127.0.0.1:$port" >&2
sleep 1 # the last responses
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=""
cat "$work/tcpdump.log" >&2
say "wrote $out ($(stat -c %s "$out") bytes)"
