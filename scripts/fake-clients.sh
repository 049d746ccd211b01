#!/usr/bin/env bash
# Real client libraries' data sessions against kafka-fake: kafka-python and confluent-kafka
# (librdkafka) create a topic, produce every codec with idempotent producers, read every record back
# (assigned, committing), and again in a classic consumer group (scripts/fake-clients/data_session.py).
# Fails on any missing or reordered record. About 10 s once kafka-fake is built.
#
#   scripts/fake-clients.sh [CLIENT...]    CLIENT: kafka-python confluent (default: both)
#
# Uses the venv scripts/live-clients.sh installs (.cache/live-clients/venv; run
# `scripts/live-clients.sh install kafka-python` first). kafka-fake listens on 127.0.0.1 at a port
# the OS picks; each session is bounded to 60 s.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

python="$CACHE_ROOT/live-clients/venv/bin/python"
[[ -x "$python" ]] || die "no $python: run scripts/live-clients.sh install kafka-python"
clients=("$@")
((${#clients[@]})) || clients=(kafka-python confluent)

(cd "$REPO_ROOT" && cargo build -q -p kafka-wire-fake --bin kafka-fake)
log="$(mktemp)"
"$REPO_ROOT/target/debug/kafka-fake" --port 0 --exit-after-secs $((60 * ${#clients[@]} + 10)) >"$log" 2>&1 &
fake_pid=$!
trap 'kill "$fake_pid" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 100); do
    port="$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$log")"
    [[ -n "$port" ]] && break
    sleep 0.1
done
[[ -n "$port" ]] || { cat "$log" >&2; die "kafka-fake did not start"; }

failures=0
for c in "${clients[@]}"; do
    t0=$(now_ms)
    if timeout 60 "$python" "$SCRIPT_DIR/fake-clients/data_session.py" "$c" "127.0.0.1:$port"; then
        say "ok: $c in $(secs_since "$t0") s"
    else
        failures=$((failures + 1))
        say "FAILED: $c"
    fi
done
((failures == 0))
