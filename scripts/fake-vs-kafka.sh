#!/usr/bin/env bash
# kafka-wire-fake side by side with a Kafka 4.4 broker (issue 41's proof): starts a broker of its
# own (scripts/kafka-broker.sh), runs tests/live_fake_vs_kafka.rs against it and a one-node fake
# started in-process (one scripted sequence of requests, every answer compared field by field,
# the allowed differences listed in the test), and stops the broker, also when the test fails.
#
#   scripts/fake-vs-kafka.sh
#
# Env: FAKE_VS_KAFKA_PORT (9850; the broker's controller listens on the next port),
#      FAKE_VS_KAFKA_DUMP (a directory: both sides' answers, one JSON line each, kafka.jsonl and
#      fake.jsonl, for a closer look at a difference).
# Needs what kafka-broker.sh needs (Java 17, Maven once for the jars, python3). Everything listens
# on 127.0.0.1. Prints the broker's log when the test fails.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

port="${FAKE_VS_KAFKA_PORT:-9850}"
broker() { KAFKA_PORT="$port" KAFKA_CONTROLLER_PORT=$((port + 1)) bash "$SCRIPT_DIR/kafka-broker.sh" "$@"; }
trap 'broker stop || true' EXIT

t0=$(now_ms)
broker start
cd "$REPO_ROOT"
# --workspace, as .ci/run's live steps: the test binary is then the one `cargo test --workspace`
# built (`-p kafka-wire-tests` builds the crates with other features).
if ! KAFKA_BOOTSTRAP="127.0.0.1:$port" cargo test --workspace --test live_fake_vs_kafka \
    -- --ignored --nocapture; then
    say "the fake's answers differ from Kafka's (above); the broker's log follows"
    broker log >&2 || true
    exit 1
fi
say "ok in $(secs_since "$t0") s (broker start included)"
