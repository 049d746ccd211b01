#!/usr/bin/env bash
# Captures of real Kafka traffic, for kafka-wire-capture's fixtures and its comparison with tshark,
# made with tcpdump on the loopback:
#
#   scripts/kafka-captures.sh java-clients OUT.pcap
#       Kafka's own Java clients (tests/java-internal-topics/Workload.java: an admin client,
#       producers, a transactional producer, consumers of the classic and the KIP-848 group
#       protocols, a share consumer, a Kafka Streams app) against a Kafka broker of this crate's
#       release started for the capture on 127.0.0.1:9392.
#   scripts/kafka-captures.sh live-clients OUT.pcap
#       The same Java session, then four more client libraries against the same broker, each
#       producing to a topic of its own in batches of every codec it has and consuming in a
#       consumer group that commits (scripts/live-clients/): kafka-python 3.0.12 and
#       confluent-kafka 2.16.1 (PyPI, every codec; each also creates and deletes its topic),
#       kafkajs 2.2.4 (npm; none, gzip and snappy: its lz4 and zstd codecs are native modules that
#       do not build here; it creates and deletes its topic) and librdkafka's C client (Debian's
#       librdkafka-dev, every codec), installed into .cache/live-clients/ (scripts/live-clients.sh).
#   scripts/kafka-captures.sh kafka-3.9 OUT.pcap
#       tests/live_kafka39.rs: this crate's codec at the versions Kafka 3.9.1 accepts and 4.x does
#       not (Produce v0-2 with magic 0 and 1 message sets of every codec, Fetch v0-17, ...)
#       against a Kafka 3.9.1 broker started for the capture on 127.0.0.1:9192.
#   scripts/kafka-captures.sh client-matrix OUT.pcap
#       scripts/client-matrix.sh: five client libraries (kafka-python, Java's AdminClient,
#       confluent-kafka, kafkajs, librdkafka) against kafka-fake (kafka-wire-fake's binary), at
#       every version each negotiates (kafka-fake listens on ports it picks: every TCP connection
#       on the loopback is captured, and kafka-capture finds Kafka's by their first bytes).
#
# Needs tcpdump (Debian: tcpdump; the capture needs root or CAP_NET_RAW) and what each session
# needs (Java 17 and Maven; python3, npm and librdkafka-dev for live-clients; the client matrix
# installs its clients into .cache/).
# kafka-wire-capture/tests/fixtures/live-clients-kafka-4.4.pcap, live-tests-kafka-3.9.pcap and
# client-matrix-mock-broker.pcap were made so.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

session="${1:-}"
out="${2:-}"
[[ "$session" =~ ^(java-clients|live-clients|kafka-3.9|client-matrix)$ && -n "$out" ]] ||
    die "usage: kafka-captures.sh java-clients|live-clients|kafka-3.9|client-matrix OUT.pcap"
need tcpdump "install it, e.g. 'apt-get install -y tcpdump'"
port=9392 version="$KAFKA_RELEASE"
[[ "$session" == kafka-3.9 ]] && port=9192 version=3.9.1
broker() {
    KAFKA_VERSION=$version KAFKA_PORT=$port KAFKA_CONTROLLER_PORT=$((port + 1)) \
        bash "$SCRIPT_DIR/kafka-broker.sh" "$@"
}
work="$(mktemp -d)"
pid=""
cleanup() {
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
    [[ "$session" != client-matrix ]] && broker stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

capture() { # FILTER: starts tcpdump, waits until it listens
    tcpdump -i lo -s 0 -U -w "$out" "$1" 2>"$work/tcpdump.log" &
    pid=$!
    for _ in $(seq 50); do grep -q listening "$work/tcpdump.log" && break; sleep 0.1; done
}

java_session() {
    broker start
    bash "$SCRIPT_DIR/live-clients.sh" install java
    capture "tcp port $port"
    bash "$SCRIPT_DIR/live-clients.sh" run "127.0.0.1:$port" java >&2
}

case "$session" in
    java-clients) java_session ;;
    live-clients)
        bash "$SCRIPT_DIR/live-clients.sh" install
        java_session
        for client in kafka-python confluent kafkajs librdkafka; do
            bash "$SCRIPT_DIR/live-clients.sh" run "127.0.0.1:$port" "$client" >&2
        done
        ;;
    kafka-3.9)
        broker start
        (cd "$REPO_ROOT" && cargo build -q --workspace --tests)
        capture "tcp port $port"
        (cd "$REPO_ROOT" && KAFKA39_BOOTSTRAP=127.0.0.1:$port cargo test -q --workspace --test live_kafka39 \
            -- --ignored --test-threads=1 >&2)
        ;;
    client-matrix)
        capture tcp
        bash "$SCRIPT_DIR/client-matrix.sh" kafka-python java confluent kafkajs librdkafka >&2
        ;;
esac
sleep 1 # the last responses
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=""
cat "$work/tcpdump.log" >&2
say "wrote $out ($(stat -c %s "$out") bytes)"
