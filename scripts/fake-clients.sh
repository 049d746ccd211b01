#!/usr/bin/env bash
# Real client libraries' data sessions against kafka-fake: kafka-python and confluent-kafka
# (librdkafka) create a topic, produce every codec with idempotent producers, read every record back
# (assigned, committing), and again in a classic consumer group (scripts/fake-clients/data_session.py);
# confluent-txn: confluent-kafka's transactional producer commits two transactions (with its group's
# offsets) and aborts one, and read_committed reads only the committed records
# (scripts/fake-clients/txn_session.py), kafka-python-txn the same with kafka-python (not a
# default: 3 s); confluent-848 (not a default: 5.5 s, most of it the 5 s
# heartbeat interval a revocation waits for): two members of a KIP-848 consumer group
# (scripts/fake-clients/consumer_group_session.py); kafka-python-sasl, confluent-sasl and
# kafkajs-sasl: against a second kafka-fake with a SASL listener (--sasl-user) and ACLs, each client
# authenticates with PLAIN and SCRAM-SHA-512, produces 100 records and reads them back in a group as
# User:alice (a super user), User:bob (no ACL) is not shown the topic, a wrong password is refused,
# and a producer's connection re-authenticates (KIP-368, --sasl-max-reauth-ms 3000: a second
# SaslHandshake on it in kafka-fake's log) while it waits 3.5 s between two records
# (scripts/fake-clients/sasl_session.py, sasl_session.js; kafka-python 9.3 s, confluent 4.7 s,
# kafkajs 6.6 s, most of it that wait and kafka-python's bootstrap retrying the wrong password for up
# to 2 s per mechanism). Fails on any missing, extra or reordered record. About 38 s for the
# defaults once kafka-fake is built (21 s of it the SASL runs).
#
#   scripts/fake-clients.sh [CLIENT...]    CLIENT: kafka-python confluent confluent-txn
#                                          kafka-python-sasl confluent-sasl kafkajs-sasl
#                                          kafka-python-txn confluent-848 (default: the first six)
#
# Uses the venv and the node modules scripts/live-clients.sh installs (.cache/live-clients/venv
# and node; run `scripts/live-clients.sh install kafka-python kafkajs` first). kafka-fake listens
# on 127.0.0.1 at a port the OS picks; each session is bounded to 60 s.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

python="$CACHE_ROOT/live-clients/venv/bin/python"
[[ -x "$python" ]] || die "no $python: run scripts/live-clients.sh install kafka-python"
clients=("$@")
((${#clients[@]})) || clients=(kafka-python confluent confluent-txn kafka-python-sasl confluent-sasl kafkajs-sasl)

# The SASL sessions need a kafka-fake of their own (a SASL listener refuses what the others send
# unauthenticated), started after the others' is stopped.
plain=() sasl=()
for c in "${clients[@]}"; do
    case "$c" in
        *-sasl) sasl+=("$c") ;;
        *) plain+=("$c") ;;
    esac
done

failures=0
run_sessions() {
    local c t0 session
    for c in "$@"; do
        t0=$(now_ms)
        case "$c" in
            confluent-txn) session=("$SCRIPT_DIR/fake-clients/txn_session.py") ;;
            kafka-python-txn) session=("$SCRIPT_DIR/fake-clients/txn_session.py" --client kafka-python) ;;
            confluent-848) session=("$SCRIPT_DIR/fake-clients/consumer_group_session.py") ;;
            kafkajs-sasl) session=("$SCRIPT_DIR/fake-clients/sasl_session.js") ;;
            *-sasl) session=("$SCRIPT_DIR/fake-clients/sasl_session.py" "${c%-sasl}") ;;
            *) session=("$SCRIPT_DIR/fake-clients/data_session.py" "$c") ;;
        esac
        local run=("$python")
        [[ "${session[0]}" == *.js ]] && run=(env NODE_PATH="$CACHE_ROOT/live-clients/node/node_modules" node)
        if timeout 60 "${run[@]}" "${session[@]}" "127.0.0.1:$fake_port"; then
            say "ok: $c in $(secs_since "$t0") s"
        else
            failures=$((failures + 1))
            say "FAILED: $c"
        fi
    done
}

if ((${#plain[@]})); then
    start_fake --exit-after-secs $((60 * ${#plain[@]} + 10))
    run_sessions "${plain[@]}"
    kill "$fake_pid" 2>/dev/null || true
    wait "$fake_pid" 2>/dev/null || true
    rm -f "$fake_log"
fi
if ((${#sasl[@]})); then
    start_fake --exit-after-secs $((60 * ${#sasl[@]} + 10)) --authorizer --super-user User:alice \
        --sasl-user alice:alice-secret --sasl-user bob:bob-secret --sasl-max-reauth-ms 3000 --log
    run_sessions "${sasl[@]}"
    # KIP-368: each client's reauth-CLIENT producer re-authenticated on its connection (a second
    # SaslHandshake on one connection), and kafka-fake closed none for an expired session.
    for c in "${sasl[@]}"; do
        handshakes="$(awk -F'\t' -v id="reauth-${c%-sasl}" \
            '$1 == "REQ" && $4 == id && $5 == "SaslHandshake" { n[$2]++ }
             END { m = 0; for (k in n) if (n[k] > m) m = n[k]; print m }' "$fake_log")"
        if ((handshakes >= 2)) && ! grep -aq "SASL session expired" "$fake_log"; then
            say "ok: $c re-authenticated on one connection ($handshakes handshakes)"
        else
            failures=$((failures + 1))
            say "FAILED: $c did not re-authenticate ($handshakes handshakes on one connection at most)"
        fi
    done
fi
((failures == 0))
