#!/usr/bin/env bash
# The live-clients sessions (scripts/live-clients.sh: kafka-python, confluent-kafka, kafkajs and
# librdkafka each create or auto-create a topic, produce every codec they have, read it back in a
# consumer group that commits, and delete the topic) run unchanged against kafka-fake instead of a
# Kafka broker. Fails when any session fails. The Java workload is not run: it needs a share group
# and a Kafka Streams app, whose groups kafka-fake does not serve; scripts/fake-java.sh runs Kafka's
# Java clients (admin, idempotent and transactional producers, classic and KIP-848 groups) against
# kafka-fake beside a Kafka 4.4 broker instead.
#
#   scripts/fake-live-clients.sh [SESSION...]   SESSION: kafka-python confluent kafkajs librdkafka
#
# Needs `scripts/live-clients.sh install SESSION...` first. kafka-fake listens on 127.0.0.1 at a
# port the OS picks, with --auto-create-topics (librdkafka's session relies on it, as on Kafka's
# default); each session is bounded to 60 s.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

sessions=("$@")
((${#sessions[@]})) || sessions=(kafka-python confluent kafkajs librdkafka)

start_fake --auto-create-topics --log --exit-after-secs $((60 * ${#sessions[@]} + 10))

failures=0
for s in "${sessions[@]}"; do
    t0=$(now_ms)
    if LIVE_CLIENTS_TIMEOUT=60 bash "$SCRIPT_DIR/live-clients.sh" run "127.0.0.1:$fake_port" "$s"; then
        say "ok: $s in $(secs_since "$t0") s"
    else
        failures=$((failures + 1))
        say "FAILED: $s; kafka-fake's refusals:"
        grep -P '\trefused\t' "$fake_log" | tail -n 5 >&2 || true
    fi
done
((failures == 0))
