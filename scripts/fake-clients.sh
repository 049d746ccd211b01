#!/usr/bin/env bash
# Real client libraries' data sessions against kafka-fake: kafka-python and confluent-kafka
# (librdkafka) create a topic, produce every codec with idempotent producers, read every record back
# (assigned, committing), and again in a classic consumer group (scripts/fake-clients/data_session.py);
# confluent-txn: confluent-kafka's transactional producer commits two transactions (with its group's
# offsets) and aborts one, and read_committed reads only the committed records
# (scripts/fake-clients/txn_session.py), kafka-python-txn the same with kafka-python (not a
# default: 3 s); confluent-848 (not a default: 5.5 s, most of it the 5 s
# heartbeat interval a revocation waits for): two members of a KIP-848 consumer group
# (scripts/fake-clients/consumer_group_session.py). Fails on any missing, extra or reordered record.
# About 12 s for the defaults once kafka-fake is built.
#
#   scripts/fake-clients.sh [CLIENT...]    CLIENT: kafka-python confluent confluent-txn
#                                          kafka-python-txn confluent-848 (default: the first three)
#
# Uses the venv scripts/live-clients.sh installs (.cache/live-clients/venv; run
# `scripts/live-clients.sh install kafka-python` first). kafka-fake listens on 127.0.0.1 at a port
# the OS picks; each session is bounded to 60 s.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

python="$CACHE_ROOT/live-clients/venv/bin/python"
[[ -x "$python" ]] || die "no $python: run scripts/live-clients.sh install kafka-python"
clients=("$@")
((${#clients[@]})) || clients=(kafka-python confluent confluent-txn)

start_fake --exit-after-secs $((60 * ${#clients[@]} + 10))

failures=0
for c in "${clients[@]}"; do
    t0=$(now_ms)
    case "$c" in
        confluent-txn) session=("$SCRIPT_DIR/fake-clients/txn_session.py") ;;
        kafka-python-txn) session=("$SCRIPT_DIR/fake-clients/txn_session.py" --client kafka-python) ;;
        confluent-848) session=("$SCRIPT_DIR/fake-clients/consumer_group_session.py") ;;
        *) session=("$SCRIPT_DIR/fake-clients/data_session.py" "$c") ;;
    esac
    if timeout 60 "$python" "${session[@]}" "127.0.0.1:$fake_port"; then
        say "ok: $c in $(secs_since "$t0") s"
    else
        failures=$((failures + 1))
        say "FAILED: $c"
    fi
done
((failures == 0))
