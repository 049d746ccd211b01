#!/usr/bin/env bash
# Real clients through kafka-wire-proxy (its kafka-proxy binary) against live Kafka:
#
#   scripts/proxy-clients.sh [SETUP...]      SETUP: single, cluster, tls (default: all three)
#
#   single   one broker (kafka-broker.sh on 127.0.0.1:9492); the proxy on 19092, brokers on 19100+N
#   cluster  three (kafka-cluster.sh on 127.0.0.1:9592-9597); the proxy on 19192, brokers on 19200+N:
#            partition leaders and group coordinators fall on every node, so that each is reached
#            through its own listener of the proxy; then a rolling restart under load (below)
#   tls      TLS on both sides of the proxy: one broker with a TLS listener (127.0.0.1:9494, its
#            plain one on 9492), the proxy speaking TLS to it (--broker-tls) and to the clients
#            (--tls-cert, on 19292, brokers on 19300+N), which speak TLS (LIVE_CLIENTS_CA); the
#            certificates come from openssl, made for the run
#
# In each setup the five sessions of scripts/live-clients.sh (Kafka's Java clients with admin,
# producers of every codec, transactions, classic, KIP-848, share and streams groups; kafka-python,
# confluent-kafka, kafkajs and librdkafka producing and consuming in groups) run through the proxy
# twice: first with the tenant filter (--tenant t1.), after which the broker, asked directly, must
# hold the sessions' topics, groups and ACLs with the prefix and none without; then passing
# everything through. The proxy logs every exchange (--log) and every connection (--verbose).
# Writes $OUT/proxy-clients.md (exchanges, APIs and the brokers' listeners reached per session),
# replaces the generated block of PROXY_CLIENTS_DOC (e.g. docs/proxy.md) with it when set, and
# fails on any failure. KAFKA_PROXY: a kafka-proxy binary to run instead of building the release
# one. Everything listens on 127.0.0.1.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

OUT="$CACHE_ROOT/proxy-clients/out"
SESSIONS=(java kafka-python confluent kafkajs librdkafka)
TENANT="t1."
setups=("$@")
((${#setups[@]})) || setups=(single cluster tls)

t0=$(now_s)
rm -rf "$OUT"
mkdir -p "$OUT"
bash "$SCRIPT_DIR/live-clients.sh" install
find_proxy

proxy_pid=""
stop_proxy() {
    if [[ -n "$proxy_pid" ]]; then
        kill -INT "$proxy_pid" 2>/dev/null || true
        wait "$proxy_pid" 2>/dev/null || true
        proxy_pid=""
    fi
}
current=""
stop_setup() {
    case "$current" in
        single | tls) KAFKA_PORT=9492 KAFKA_CONTROLLER_PORT=9493 bash "$SCRIPT_DIR/kafka-broker.sh" stop >/dev/null 2>&1 || true ;;
        cluster) bash "$SCRIPT_DIR/kafka-cluster.sh" stop >/dev/null 2>&1 || true ;;
    esac
    current=""
}
trap 'stop_proxy; stop_setup' EXIT

# Asks the broker directly for its topics, groups and ACLs: the tenant's sessions' names are there
# with the prefix, and none without. Workload.java creates a topic's ACL and a group prefix's, and
# deletes the topic's: the broker holds the group prefix's ACL prefixed, and no topic ACL.
check_tenant() { # BOOTSTRAP
    "$CACHE_ROOT/live-clients/venv/bin/python" - "$1" "$TENANT" <<'PY'
import sys
from kafka.admin import (ACLFilter, ACLOperation, ACLPermissionType, ACLResourcePatternType,
                         KafkaAdminClient, ResourcePatternFilter, ResourceType)
bootstrap, prefix = sys.argv[1], sys.argv[2]
admin = KafkaAdminClient(bootstrap_servers=bootstrap, client_id="proxy-clients-check")
topics = set(admin.list_topics())
groups = {g["group_id"] for g in admin.list_groups()}
every = ResourcePatternFilter(ResourceType.ANY, None, ACLResourcePatternType.ANY)
acls, error = admin.describe_acls(ACLFilter(None, None, ACLOperation.ANY, ACLPermissionType.ANY, every))
admin.close()
patterns = {(a.resource_pattern.resource_type.name, a.resource_pattern.pattern_type.name,
             a.resource_pattern.resource_name) for a in acls}
want_topics = {"workload", "workload-transactions", "workload-streams-out", "live-librdkafka"}
want_groups = {"live-kafka-python-group", "live-confluent-group", "live-kafkajs-group", "live-librdkafka-group"}
want_acls = {("GROUP", "PREFIXED", "workload-")}
gone_acls = {("TOPIC", "LITERAL", "workload")}
missing = sorted(prefix + t for t in want_topics if prefix + t not in topics)
missing += sorted(prefix + g for g in want_groups if prefix + g not in groups)
missing += sorted("%s %s %s" % (t, p, prefix + n) for t, p, n in want_acls if (t, p, prefix + n) not in patterns)
unprefixed = sorted(n for n in (want_topics & topics) | (want_groups & groups))
unprefixed += sorted("%s %s %s" % acl for acl in (want_acls | gone_acls) & patterns)
undeleted = sorted("%s %s %s" % (t, p, prefix + n) for t, p, n in gone_acls if (t, p, prefix + n) in patterns)
print("broker holds %d topics, %d groups and %d ACL patterns of the tenant %r" % (
    len([t for t in topics if t.startswith(prefix)]), len([g for g in groups if g.startswith(prefix)]),
    len([p for p in patterns if p[2].startswith(prefix)]), prefix))
if missing or unprefixed or undeleted or error.errno != 0:
    print("missing: %s; without the prefix: %s; not deleted: %s; DescribeAcls: %s" % (
        missing, unprefixed, undeleted, error))
    sys.exit(1)
PY
}

# A rolling restart under load, on the cluster: through the proxy (passing everything through),
# Kafka's ProducerPerformance writes records idempotently with acks=all to a topic of three replicas
# while nodes 2 and 3 restart one after the other on their data dirs. Every record must be
# acknowledged, the broker must hold exactly that many, and a consumer through the proxy must read
# them all back.
rolling_restart() { # DIRECT LISTEN NODES
    local direct=$1 listen=$2 nodes=$3 records=100000 node producer rc=0
    local py="$CACHE_ROOT/live-clients/venv/bin/python"
    "$py" - "$direct" <<'PY' || return 1
import sys
from kafka.admin import KafkaAdminClient, NewTopic
admin = KafkaAdminClient(bootstrap_servers=sys.argv[1], client_id="proxy-clients-restart")
admin.create_topics([NewTopic("rolling", 6, 3, topic_configs={"min.insync.replicas": "2"})])
admin.close()
PY
    "$PROXY" --bootstrap "$direct" --listen "127.0.0.1:$listen" --node-ports "$nodes" --verbose \
        >/dev/null 2>"$OUT/cluster-restart.events" &
    proxy_pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$OUT/cluster-restart.events" && break; sleep 0.1; done
    "$JAVA" -Xmx256m -cp "$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs/*" org.apache.kafka.tools.ProducerPerformance \
        --topic rolling --num-records "$records" --record-size 100 --throughput 3000 \
        --producer-props "bootstrap.servers=127.0.0.1:$listen" acks=all enable.idempotence=true \
        delivery.timeout.ms=120000 >"$OUT/cluster-restart.producer" 2>&1 &
    producer=$!
    sleep 4
    for node in 2 3; do
        bash "$SCRIPT_DIR/kafka-cluster.sh" restart "$node" >>"$OUT/cluster-restart.nodes" 2>&1 || rc=1
        sleep 3 # its replicas back in sync before the next node goes
    done
    wait "$producer" || rc=1
    "$py" - "$direct" "127.0.0.1:$listen" "$records" <<'PY' >"$OUT/cluster-restart.check" 2>&1 || rc=1
import sys, time
from kafka import KafkaConsumer, TopicPartition
direct, proxied, records = sys.argv[1], sys.argv[2], int(sys.argv[3])
parts = [TopicPartition("rolling", p) for p in range(6)]
held = sum(KafkaConsumer(bootstrap_servers=direct).end_offsets(parts).values())
consumer = KafkaConsumer(bootstrap_servers=proxied, auto_offset_reset="earliest", enable_auto_commit=False)
consumer.assign(parts)
read, deadline = 0, time.time() + 60
while read < records and time.time() < deadline:
    read += sum(len(r) for r in consumer.poll(timeout_ms=500).values())
print("the broker holds %d records of %d sent; %d read back through the proxy" % (held, records, read))
sys.exit(0 if held == records and read == records else 1)
PY
    stop_proxy
    grep -q "^$records records sent" "$OUT/cluster-restart.producer" || rc=1
    grep -qi "exception" "$OUT/cluster-restart.producer" && rc=1
    if ((rc != 0)); then
        say "FAILED: a rolling restart of nodes 2 and 3 under load through the proxy:"
        tail -n 5 "$OUT/cluster-restart.producer" "$OUT/cluster-restart.check" "$OUT/cluster-restart.nodes" >&2
        return 1
    fi
    say "cluster: nodes 2 and 3 restarted under load through the proxy: $(tail -n 1 "$OUT/cluster-restart.producer" | cut -d, -f1-2);" \
        "$(cat "$OUT/cluster-restart.check")"
}

failures=0
for setup in "${setups[@]}"; do
    # direct: where the checks ask the broker, not through the proxy.
    tls_args=() ca=""
    case "$setup" in
        single)
            KAFKA_PORT=9492 KAFKA_CONTROLLER_PORT=9493 bash "$SCRIPT_DIR/kafka-broker.sh" start
            bootstrap=127.0.0.1:9492 direct=127.0.0.1:9492 listen=19092 nodes=19100
            ;;
        cluster)
            bash "$SCRIPT_DIR/kafka-cluster.sh" start
            bootstrap=127.0.0.1:9592 direct=127.0.0.1:9592 listen=19192 nodes=19200
            ;;
        tls)
            command -v openssl >/dev/null || die "the tls setup needs openssl"
            make_certificates "$OUT/tls" "proxy-clients CA"
            KAFKA_PORT=9492 KAFKA_CONTROLLER_PORT=9493 KAFKA_EXTRA_CONFIG="\
listeners=PLAINTEXT://127.0.0.1:9492,SSL://127.0.0.1:9494,CONTROLLER://127.0.0.1:9493
advertised.listeners=PLAINTEXT://127.0.0.1:9492,SSL://127.0.0.1:9494,CONTROLLER://127.0.0.1:9493
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL
ssl.keystore.type=PEM
ssl.keystore.location=$OUT/tls/broker-keystore.pem" bash "$SCRIPT_DIR/kafka-broker.sh" start
            bootstrap=127.0.0.1:9494 direct=127.0.0.1:9492 listen=19292 nodes=19300
            tls_args=(--broker-tls --broker-ca "$OUT/tls/ca.pem" --tls-cert "$OUT/tls/proxy.pem" --tls-key "$OUT/tls/proxy.key")
            ca="$OUT/tls/ca.pem"
            ;;
        *) die "unknown setup '$setup' (single, cluster or tls)" ;;
    esac
    current=$setup
    for mode in tenant passthrough; do
        args=(--bootstrap "$bootstrap" --listen "127.0.0.1:$listen" --node-ports "$nodes" --log --verbose "${tls_args[@]}")
        [[ "$mode" == tenant ]] && args+=(--tenant "$TENANT")
        log="$OUT/$setup-$mode.log" events="$OUT/$setup-$mode.events"
        : >"$log"
        "$PROXY" "${args[@]}" >>"$log" 2>"$events" &
        proxy_pid=$!
        for _ in $(seq 100); do grep -q "listening on" "$events" && break; sleep 0.1; done
        for session in "${SESSIONS[@]}"; do
            echo "=== $session" >>"$log"
            t1=$(now_s) rc=0
            LIVE_CLIENTS_CA="$ca" bash "$SCRIPT_DIR/live-clients.sh" run "127.0.0.1:$listen" "$session" \
                >"$OUT/$setup-$mode-$session.out" 2>&1 || rc=$?
            echo "$rc $(($(now_s) - t1))" >"$OUT/$setup-$mode-$session.rc"
            if ((rc != 0)); then
                failures=$((failures + 1))
                say "FAILED: $session through the proxy ($setup, $mode), exit $rc"
                tail -n 15 "$OUT/$setup-$mode-$session.out" >&2
            else
                say "ok: $session through the proxy ($setup, $mode) in $(($(now_s) - t1)) s"
            fi
        done
        sleep 1 # the last exchanges of closing clients
        echo "=== end" >>"$log"
        stop_proxy
        if [[ "$mode" == tenant ]]; then
            if check_tenant "$direct" >"$OUT/$setup-tenant.check" 2>&1; then
                say "$setup: $(cat "$OUT/$setup-tenant.check")"
            else
                failures=$((failures + 1))
                say "FAILED: the broker's names after the tenant sessions ($setup):"
                cat "$OUT/$setup-tenant.check" >&2
            fi
        fi
    done
    if [[ "$setup" == cluster ]]; then
        rolling_restart "$direct" "$listen" "$nodes" || failures=$((failures + 1))
    fi
    stop_setup
done

python3 "$SCRIPT_DIR/proxy_clients_table.py" "$OUT" "$(($(now_s) - t0))" "${setups[@]}" >"$OUT/proxy-clients.md" ||
    failures=$((failures + 1))
say "table: $OUT/proxy-clients.md"
if [[ -n "${PROXY_CLIENTS_DOC:-}" ]]; then
    python3 "$SCRIPT_DIR/doc_block.py" "$PROXY_CLIENTS_DOC" proxy-clients <"$OUT/proxy-clients.md"
fi
((failures == 0)) || die "$failures failure(s); see $OUT"
say "every session passed through the proxy in $(($(now_s) - t0)) s"
