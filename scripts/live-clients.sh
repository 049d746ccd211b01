#!/usr/bin/env bash
# Five client libraries' sessions against a live Kafka cluster (or a proxy of one), each bounded in
# time, for captures of real traffic (kafka-captures.sh) and the proxy's proof (proxy-clients.sh):
#
#   scripts/live-clients.sh install [SESSION...]
#   scripts/live-clients.sh run BOOTSTRAP SESSION      SESSION: java kafka-python confluent kafkajs librdkafka
#
#   java          tests/java-internal-topics/Workload.java: Kafka's own Java clients (an admin client:
#                 topics, partitions, configs, ACLs, SCRAM, quotas; producers of every codec; a
#                 transactional producer; consumer groups of the classic and the KIP-848 protocols; a
#                 share consumer; a Kafka Streams app), against kafka-broker.sh's jars
#   kafka-python  kafka-python 3.0.12 \  scripts/live-clients/scenario.py: a topic created, records
#   confluent     confluent-kafka 2.16.1 / produced in batches of every codec, consumed back in a group
#                                          that commits, the topic deleted
#   kafkajs       kafkajs 2.2.4 (scenario.js; none, gzip and snappy: its lz4 and zstd codecs are
#                 native modules that do not build here)
#   librdkafka    Debian's librdkafka-dev (scenario.c; every codec; the topic auto-created)
#
# `install` puts the libraries into .cache/live-clients/ (PyPI, npm; the C client needs Debian's
# librdkafka-dev and pkg-config, the Java session Java 17 and the jars `kafka-broker.sh fetch` brings)
# and builds the Java and C sessions there. Env: LIVE_CLIENTS_TIMEOUT (300 s for java, 120 s else),
# LIVE_CLIENTS_CA (a PEM file of certificate authorities: every session then speaks TLS, trusting them).
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

cache="$CACHE_ROOT/live-clients"
libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"

install() { # [SESSION...]: each session's client (default: all five)
    local sessions=("$@") s
    ((${#sessions[@]})) || sessions=(java kafka-python confluent kafkajs librdkafka)
    for s in "${sessions[@]}"; do
        case "$s" in
            kafka-python | confluent) install_python ;;
            kafkajs) install_kafkajs ;;
            librdkafka) install_librdkafka ;;
            java) install_java ;;
            *) die "unknown session '$s' (one of: java kafka-python confluent kafkajs librdkafka)" ;;
        esac
    done
}

install_python() {
    "$cache/venv/bin/python" -c 'import kafka, confluent_kafka, snappy, lz4, zstandard' 2>/dev/null && return
    need python3 "install it, e.g. 'apt-get install -y python3-venv'"
    say "installing kafka-python 3.0.12, confluent-kafka 2.16.1 and kafka-python's codecs into $cache/venv (PyPI)"
    python3 -m venv "$cache/venv"
    "$cache/venv/bin/pip" install -q --disable-pip-version-check kafka-python==3.0.12 \
        confluent-kafka==2.16.1 python-snappy lz4 zstandard
}

install_kafkajs() {
    [[ -f "$cache/node/node_modules/kafkajs-snappy/package.json" ]] && return
    need npm "install Node.js and npm"
    say "installing kafkajs 2.2.4 and kafkajs-snappy into $cache/node (npm)"
    mkdir -p "$cache/node"
    (cd "$cache/node" && npm install --silent --no-audit --no-fund kafkajs@2.2.4 kafkajs-snappy >/dev/null)
}

install_librdkafka() {
    pkg-config --exists rdkafka 2>/dev/null ||
        die "librdkafka's C client not found: install it, e.g. 'apt-get install -y librdkafka-dev pkg-config'"
    mkdir -p "$cache/c"
    # shellcheck disable=SC2046  # pkg-config prints a list of flags on purpose
    cc -O1 -Wall -Werror -o "$cache/c/scenario" "$SCRIPT_DIR/live-clients/scenario.c" $(pkg-config --cflags --libs rdkafka)
}

install_java() {
    need_java 17 openjdk-17-jdk-headless "the Java session" "$JAVA" "$JAVAC"
    [[ -d "$libs" ]] || bash "$SCRIPT_DIR/kafka-broker.sh" fetch
    mkdir -p "$cache/java"
    "$JAVAC" -nowarn -cp "$libs/*" -d "$cache/java" "$REPO_ROOT/tests/java-internal-topics/Workload.java"
}

run() { # BOOTSTRAP SESSION
    local bootstrap=$1 session=$2 limit="${LIVE_CLIENTS_TIMEOUT:-}"
    case "$session" in
        java) timeout "${limit:-300}" "$JAVA" -cp "$cache/java:$libs/*" Workload "$bootstrap" ;;
        kafka-python | confluent)
            timeout "${limit:-120}" "$cache/venv/bin/python" "$SCRIPT_DIR/live-clients/scenario.py" "$session" "$bootstrap" ;;
        kafkajs) NODE_PATH="$cache/node/node_modules" timeout "${limit:-120}" node "$SCRIPT_DIR/live-clients/scenario.js" "$bootstrap" ;;
        librdkafka) timeout "${limit:-120}" "$cache/c/scenario" "$bootstrap" ;;
        *) die "unknown session '$session' (one of: java kafka-python confluent kafkajs librdkafka)" ;;
    esac
}

case "${1:-}" in
    install) install "${@:2}" ;;
    run) [[ $# == 3 ]] || die "usage: live-clients.sh run BOOTSTRAP SESSION"; run "$2" "$3" ;;
    *) die "usage: live-clients.sh install [SESSION...] | run BOOTSTRAP SESSION" ;;
esac
