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
#       librdkafka-dev, every codec), installed into .cache/live-clients/.
#   scripts/kafka-captures.sh kafka-3.9 OUT.pcap
#       tests/live_kafka39.rs: this crate's codec at the versions Kafka 3.9.1 accepts and 4.x does
#       not (Produce v0-2 with magic 0 and 1 message sets of every codec, Fetch v0-17, ...)
#       against a Kafka 3.9.1 broker started for the capture on 127.0.0.1:9192.
#   scripts/kafka-captures.sh client-matrix OUT.pcap
#       scripts/client-matrix.sh: five client libraries (kafka-python, Java's AdminClient,
#       confluent-kafka, kafkajs, librdkafka) against the mock broker example, at every version
#       each negotiates (the mock listens on ports it picks: every TCP connection on the loopback
#       is captured, and kafka-capture finds Kafka's by their first bytes).
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

# The client libraries of the live-clients session, into .cache/live-clients (once).
install_live_clients() {
    local cache="$CACHE_ROOT/live-clients"
    if ! "$cache/venv/bin/python" -c 'import kafka, confluent_kafka, snappy, lz4, zstandard' 2>/dev/null; then
        need python3 "install it, e.g. 'apt-get install -y python3-venv'"
        say "installing kafka-python 3.0.12, confluent-kafka 2.16.1 and kafka-python's codecs into $cache/venv (PyPI)"
        python3 -m venv "$cache/venv"
        "$cache/venv/bin/pip" install -q --disable-pip-version-check kafka-python==3.0.12 \
            confluent-kafka==2.16.1 python-snappy lz4 zstandard
    fi
    pkg-config --exists rdkafka 2>/dev/null ||
        die "librdkafka's C client not found: install it, e.g. 'apt-get install -y librdkafka-dev pkg-config'"
    if [[ ! -f "$cache/node/node_modules/kafkajs-snappy/package.json" ]]; then
        need npm "install Node.js and npm"
        say "installing kafkajs 2.2.4 and kafkajs-snappy into $cache/node (npm)"
        mkdir -p "$cache/node"
        (cd "$cache/node" && npm install --silent --no-audit --no-fund kafkajs@2.2.4 kafkajs-snappy >/dev/null)
    fi
}

java_session() {
    need_java 17 openjdk-17-jdk-headless "the workload" "$JAVA" "$JAVAC"
    broker start
    libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
    "$JAVAC" -cp "$libs/*" -d "$work" "$REPO_ROOT/tests/java-internal-topics/Workload.java"
    capture "tcp port $port"
    timeout 300 "$JAVA" -cp "$work:$libs/*" Workload "127.0.0.1:$port" >&2
}

case "$session" in
    java-clients) java_session ;;
    live-clients)
        install_live_clients
        java_session
        cache="$CACHE_ROOT/live-clients"
        for client in kafka-python confluent; do
            timeout 120 "$cache/venv/bin/python" "$SCRIPT_DIR/live-clients/scenario.py" "$client" "127.0.0.1:$port" >&2
        done
        NODE_PATH="$cache/node/node_modules" timeout 120 node "$SCRIPT_DIR/live-clients/scenario.js" "127.0.0.1:$port" >&2
        # shellcheck disable=SC2046  # pkg-config prints a list of flags on purpose
        cc -O1 -Wall -Werror -o "$work/scenario" "$SCRIPT_DIR/live-clients/scenario.c" $(pkg-config --cflags --libs rdkafka)
        timeout 120 "$work/scenario" "127.0.0.1:$port" >&2
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
