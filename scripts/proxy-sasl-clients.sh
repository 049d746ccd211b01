#!/usr/bin/env bash
# Five client libraries through kafka-wire-proxy with SASL over TLS, against a Kafka broker with a
# SASL_SSL listener (PLAIN and SCRAM-SHA-512) and the standard authorizer:
#
#   scripts/proxy-sasl-clients.sh           the client sessions (below)
#   scripts/proxy-sasl-clients.sh bench     Kafka's load tools instead (at the end)
#
# The broker (kafka-broker.sh): PLAINTEXT on $KAFKA_PORT (9720; the checks' direct way in, as the
# super user ANONYMOUS), its controller on 9721, SASL_SSL on $SASL_SSL_PORT (9722) with users alice,
# bob (PLAIN in the listener's JAAS, SCRAM-SHA-512 credentials made through the admin API) and proxy
# (a super user: the proxy's own account when it terminates SASL). alice may do everything over
# names prefixed `a.`, bob over `b.` (ACLs, the standard authorizer). The certificates come from
# openssl, made for the run; the JWTs are RS256, signed with a key made for the run, whose JWKS file
# the proxy reads.
#
# The proxy (release kafka-proxy, one TOML file) listens with TLS on 9725 (broker N on 9726 + N),
# speaks TLS to the SASL_SSL listener, and chooses each connection's tenant from its principal
# (alice -> a., bob -> b.), in four modes:
#   inspection   clients authenticate to the broker through the proxy: alice with SCRAM-SHA-512,
#                bob with PLAIN (librdkafka both with PLAIN: see session()); the proxy learns who
#                they are from the exchange, and holds them as the SASL listener does until it
#                has: it is not told the listener requires SASL, it asks the listener as it starts,
#                and must print the answer within 10 s
#   termination  the proxy authenticates them itself (its own passwords for them), and reaches the
#                broker as proxy with SCRAM-SHA-512
#   oauthbearer  the same proxy: alice and bob present signed JWTs, checked against the JWKS
#   accounts     termination as above, but the proxy has no account of its own: it reaches the
#                broker as each client's tenant's account (a. as alice with SCRAM-SHA-512, b. as bob
#                with PLAIN), whose ACLs cover that tenant's names only
# In each mode each client (java, kafka-python, confluent, kafkajs, librdkafka) runs one session as
# alice and one as bob at the same time, with names of their own (scripts/proxy-sasl-clients/): a
# topic created, records produced and consumed back by a group that commits, then the topics and
# groups listed. After each pair, what each client was shown must be exactly its tenant's names as
# the broker, asked directly, holds them prefixed; at the end the broker must hold every session's
# names under both prefixes and none unprefixed. Writes $OUT/proxy-sasl-clients.md (a table client x
# mode) and, with PROXY_SASL_CLIENTS_DOC set (e.g. docs/proxy.md), replaces that file's generated
# block with it. Env: KAFKA_PORT, KAFKA_CONTROLLER_PORT, SASL_SSL_PORT, PROXY_PORT (the proxy's
# ports are PROXY_PORT and PROXY_PORT + 1 + N), KAFKA_PROXY (a kafka-proxy binary to run instead of
# building the release one). Everything listens on 127.0.0.1.
#
# bench: on the same broker, Kafka's ProducerPerformance (unthrottled, for throughput; then at
# 5,000 records/s, for latency) and ConsumerPerformance (kafka-tools, the broker's release), as
# alice with SCRAM-SHA-512 over TLS: directly to the SASL_SSL listener, and through the proxy with
# TLS and SASL termination (reaching the broker with TLS and SCRAM as proxy; ports 9730 and 9735),
# with the quota filter off and on (a.'s rates too high to throttle: the filter's own cost),
# interleaved, ROUNDS rounds (3) after a warm-up one. Prints the medians, the ratios to direct, the
# p99 added, the proxy's CPU seconds per GB carried (from /proc; and per GB consumed, while only a
# consumer ran through it), each round's consume ratios (whole run and fetching alone), the
# consumer's fetches (their round trip and size, from its metrics) and, where perf can count them,
# its socket reads, writes, epoll waits, context switches and page faults per GB, as markdown on
# stdout and in $OUT/bench.md. Env: ROUNDS, RECORDS (300000 of 1024 bytes, so that the
# consumer's group join, about 0.7 s, is a small part of its run), LATENCY_RECORDS (20000), PIN (1:
# the broker and the load tools on CPU 0, each proxy on CPU 1, as a proxy runs beside a cluster on
# cores of its own; unset: everything shares every core), BASELINE_PROXY (another kafka-proxy
# binary, an earlier build say: a fourth target, terminating as the first does, on port 9740), NICE
# (a niceness to run each proxy at, -10 say: its scheduling priority on cores it shares), THREADS
# (each proxy's runtime threads; unset: kafka-proxy's default, one per CPU; 1 is its narrowest).
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

export KAFKA_PORT="${KAFKA_PORT:-9720}" KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9721}"
SASL_SSL_PORT="${SASL_SSL_PORT:-9722}"
PROXY_PORT="${PROXY_PORT:-9725}"
OUT="$CACHE_ROOT/proxy-sasl-clients/out"
BUILD="$CACHE_ROOT/proxy-sasl-clients"
DRIVERS="$SCRIPT_DIR/proxy-sasl-clients"
CLIENTS=(java kafka-python confluent kafkajs librdkafka)
WHAT="${1:-clients}"
[[ "$WHAT" == clients || "$WHAT" == bench ]] || die "usage: proxy-sasl-clients.sh [bench]"
AUDIENCE=kafka
ISSUER=proxy-sasl-clients
LIBS="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
PY="$CACHE_ROOT/live-clients/venv/bin/python"
direct="127.0.0.1:$KAFKA_PORT"

t0=$(now_s)
rm -rf "$OUT"
mkdir -p "$OUT/tls" "$BUILD/java"
need openssl "install it, e.g. 'apt-get install -y openssl'"
bash "$SCRIPT_DIR/live-clients.sh" install kafka-python kafkajs
[[ -d "$LIBS" ]] || bash "$SCRIPT_DIR/kafka-broker.sh" fetch
need_java 17 openjdk-17-jdk-headless "the Java session" "$JAVA" "$JAVAC"
"$JAVAC" -nowarn -cp "$LIBS/*" -d "$BUILD/java" "$DRIVERS/SaslSession.java"
pkg-config --exists rdkafka 2>/dev/null ||
    die "librdkafka's C client not found: install it, e.g. 'apt-get install -y librdkafka-dev pkg-config'"
# shellcheck disable=SC2046  # pkg-config prints a list of flags on purpose
cc -O1 -Wall -Werror -o "$BUILD/session" "$DRIVERS/session.c" $(pkg-config --cflags --libs rdkafka)
find_proxy

# The broker's and the proxy's certificates (common.sh), and the OAUTHBEARER tokens.
tls="$OUT/tls"
make_certificates "$tls" "proxy-sasl-clients CA"
"$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" tokens "$tls" "$AUDIENCE" "$ISSUER"

proxy_pid="" bench_pids=()
stop_proxy() {
    if [[ -n "$proxy_pid" ]]; then
        kill -INT "$proxy_pid" 2>/dev/null || true
        wait "$proxy_pid" 2>/dev/null || true
        proxy_pid=""
    fi
}
trap 'stop_proxy; for p in "${bench_pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
bash "$SCRIPT_DIR/kafka-broker.sh" stop >/dev/null 2>&1 || true' EXIT

KAFKA_EXTRA_CONFIG="\
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,SASL_SSL://127.0.0.1:$SASL_SSL_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,SASL_SSL://127.0.0.1:$SASL_SSL_PORT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL
ssl.keystore.type=PEM
ssl.keystore.location=$tls/broker-keystore.pem
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-512
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\" user_bob=\"bob-secret\" user_proxy=\"proxy-secret\";
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
super.users=User:ANONYMOUS;User:proxy" bash "$SCRIPT_DIR/kafka-broker.sh" start
"$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" setup "$direct"

# The proxy's configuration for MODE (inspection; termination, which serves oauthbearer too; quotas,
# termination with the quota filter; accounts, termination reaching the broker with each tenant's
# own account), listening on PORT (PROXY_PORT).
proxy_config() { # MODE [PORT]
    cat <<EOF
bootstrap = ["127.0.0.1:$SASL_SSL_PORT"]
listen = "127.0.0.1:${2:-$PROXY_PORT}"
node_ports = $((${2:-$PROXY_PORT} + 1))

[tls.clients]
cert = "$tls/proxy.pem"
key = "$tls/proxy.key"

[tls.brokers]
ca = "$tls/ca.pem"

[audit]
path = "$OUT/$1.audit.jsonl"

[tenants.by_principal]
alice = "a."
bob = "b."
EOF
    [[ "$1" == inspection ]] && return 0
    [[ "$1" == quotas ]] && cat <<EOF

[quotas.tenants."a."]
produce_bytes_per_sec = 100000000000
fetch_bytes_per_sec = 100000000000
EOF
    cat <<EOF

[sasl.users]
alice = "alice-at-the-proxy"
bob = "bob-at-the-proxy"

[sasl.oauthbearer]
jwks = "$tls/jwks.json"
algorithms = ["RS256"]
audience = ["$AUDIENCE"]
issuer = ["$ISSUER"]
EOF
    # accounts: no account of the proxy's own, so a session that works used its tenant's.
    if [[ "$1" == accounts ]]; then
        cat <<EOF

[sasl.broker_tenants."a."]
mechanism = "SCRAM-SHA-512"
user = "alice"
password = "alice-secret"

[sasl.broker_tenants."b."]
mechanism = "PLAIN"
user = "bob"
password = "bob-secret"
EOF
        return 0
    fi
    cat <<EOF

[sasl.broker_scram]
mechanism = "SCRAM-SHA-512"
user = "proxy"
password = "proxy-secret"
EOF
}

# One client's session as USER: MECHANISM and the secret the mode gives it.
session() { # MODE CLIENT USER
    local mode=$1 client=$2 user=$3 mechanism secret
    local topic="$client-$mode-$user" group="$client-$mode-$user-group" bootstrap="127.0.0.1:$PROXY_PORT"
    # Debian's librdkafka (2.0.2) fails SCRAM-SHA-512 against the broker itself (inspection passes
    # its exchange through unchanged, and the broker refuses it; confluent-kafka's newer librdkafka
    # passes): it authenticates with PLAIN as both users.
    case "$client:$user" in
        librdkafka:* | *:bob) mechanism=PLAIN ;;
        *:alice) mechanism=SCRAM-SHA-512 ;;
    esac
    case "$mode" in
        inspection) secret="$user-secret" ;;
        termination | accounts) secret="$user-at-the-proxy" ;;
        oauthbearer) mechanism=OAUTHBEARER secret="$tls/$user.jwt" ;;
    esac
    local args=("$bootstrap" "$tls/ca.pem" "$mechanism" "$user" "$secret" "$topic" "$group")
    case "$client" in
        java) timeout 120 "$JAVA" -Xmx256m "-Dorg.apache.kafka.sasl.oauthbearer.allowed.urls=file://$tls/$user.jwt" \
            -cp "$BUILD/java:$LIBS/*" SaslSession "${args[@]}" ;;
        kafka-python | confluent) timeout 90 "$PY" "$DRIVERS/session.py" "$client" "${args[@]}" ;;
        kafkajs) NODE_PATH="$CACHE_ROOT/live-clients/node/node_modules" timeout 90 node "$DRIVERS/session.js" "${args[@]}" ;;
        librdkafka) timeout 90 "$BUILD/session" "${args[@]}" ;;
    esac
}

# Kafka's load tools as alice, directly and through two terminating proxies (see the header).
bench() {
    local rounds="${ROUNDS:-3}" records="${RECORDS:-300000}" lat="${LATENCY_RECORDS:-20000}" t round
    local -A port=([direct]=$SASL_SSL_PORT [termination]=9730 [quotas]=9735 [baseline]=9740) pid cpu0 perf
    local -A binary=([termination]="$PROXY" [quotas]="$PROXY" [baseline]="${BASELINE_PROXY:-}")
    local proxies=(termination quotas)
    [[ -n "${BASELINE_PROXY:-}" ]] && proxies+=(baseline)
    printf '%s\n' security.protocol=SASL_SSL ssl.truststore.type=PEM "ssl.truststore.location=$tls/ca.pem" \
        sasl.mechanism=SCRAM-SHA-512 \
        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"alice\" password=\"alice-secret\";" \
        >"$OUT/direct.properties"
    sed 's/alice-secret/alice-at-the-proxy/' "$OUT/direct.properties" >"$OUT/proxy.properties"
    for t in "${proxies[@]}"; do
        # The baseline is another build of the proxy, terminating as the first does.
        proxy_config "${t/baseline/termination}" "${port[$t]}" | sed "s/termination\.audit/$t.audit/" \
            >"$OUT/bench-$t.toml"
        ${PIN:+taskset -c 1} ${NICE:+nice -n "$NICE"} "${binary[$t]}" --config "$OUT/bench-$t.toml" ${THREADS:+--threads "$THREADS"} \
            >/dev/null 2>"$OUT/bench-$t.events" &
        pid[$t]=$!
        bench_pids+=($!)
        for _ in $(seq 100); do grep -q "listening on" "$OUT/bench-$t.events" && break; sleep 0.1; done
    done
    if [[ -n "${PIN:-}" ]]; then
        local broker
        for broker in $(pgrep -f 'kafka\.Kafka .*server\.properties') ; do
            taskset -a -p -c 0 "$broker" >/dev/null
        done
        [[ -n "${broker:-}" ]] || die "PIN: no broker process"
    fi
    for t in "${proxies[@]}"; do
        cpu0[$t]=$(cpu_ticks "${pid[$t]}")
        # The proxy's system calls and context switches, where perf can count them.
        if perf stat -e "$PERF_EVENTS" true >/dev/null 2>&1; then
            perf stat -x, -o "$OUT/perf-$t.csv" -e "$PERF_EVENTS" -p "${pid[$t]}" &
            perf[$t]=$!
        fi
    done
    for round in $(seq 0 "$rounds"); do
        for t in direct "${proxies[@]}"; do
            # Directly, alice's names need her prefix; through the proxy, the tenant filter adds it.
            local name="perf-$t-$round" group="perf-group-$t-$round" config="$OUT/proxy.properties"
            [[ "$t" == direct ]] && name="a.$name" group="a.$group" config="$OUT/direct.properties"
            local bootstrap="127.0.0.1:${port[$t]}" p c l before=
            p="$(tool org.apache.kafka.tools.ProducerPerformance --topic "$name" --num-records "$records" \
                --record-size 1024 --throughput -1 --command-config "$config" \
                --producer-props "bootstrap.servers=$bootstrap" acks=1 linger.ms=5 2>&1 | tail -n 1)"
            [[ "$t" != direct ]] && before=$(cpu_ticks "${pid[$t]}")
            # With the consumer's metrics (its fetches' round trip and size) in consume-TARGET-ROUND.txt.
            tool org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$bootstrap" --topic "$name" \
                --group "$group" --messages "$records" --timeout 60000 --command-config "$config" \
                --print-metrics >"$OUT/consume-$t-$round.txt" 2>&1 || true
            c="$(grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2} ' "$OUT/consume-$t-$round.txt" | tail -n 1)"
            # The proxy's CPU while the consumer ran alone: what consuming costs it.
            [[ -n "$before" && "$round" != 0 ]] &&
                echo "$t $(($(cpu_ticks "${pid[$t]}") - before)) $(getconf CLK_TCK)" >>"$OUT/cpu-consume.txt"
            l="$(tool org.apache.kafka.tools.ProducerPerformance --topic "$name-latency" --num-records "$lat" \
                --record-size 1024 --throughput 5000 --command-config "$config" \
                --producer-props "bootstrap.servers=$bootstrap" acks=1 linger.ms=5 2>&1 | tail -n 1)"
            echo "$round $t | $p | $c | $l" >>"$OUT/runs.txt"
            say "round $round, $t: $(sed -E 's/.*\(([0-9.]+) MB\/sec\).*/\1/' <<<"$p") MB/s produced"
        done
    done
    for t in "${proxies[@]}"; do
        echo "$t $(($(cpu_ticks "${pid[$t]}") - cpu0[$t])) $(getconf CLK_TCK)" >>"$OUT/cpu.txt"
        if [[ -n "${perf[$t]:-}" ]]; then
            kill -INT "${perf[$t]}"
            wait "${perf[$t]}" || true
        fi
    done
    "$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" bench "$OUT" "$rounds" "$records" 1024 "$lat" | tee "$OUT/bench.md"
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# What perf counts of each proxy in the bench (perf_events: Debian's linux-perf).
PERF_EVENTS=syscalls:sys_enter_recvfrom,syscalls:sys_enter_read,syscalls:sys_enter_sendto,\
syscalls:sys_enter_write,syscalls:sys_enter_writev,syscalls:sys_enter_sendmsg,\
syscalls:sys_enter_epoll_wait,context-switches,page-faults
tool() { ${PIN:+taskset -c 0} "$JAVA" -Xmx512m -cp "$LIBS/*" "$@"; }
if [[ "$WHAT" == bench ]]; then
    bench
    exit 0
fi

failures=0
names=()
for mode in inspection termination oauthbearer accounts; do
    if [[ "$mode" != oauthbearer ]]; then
        stop_proxy
        proxy_config "$mode" >"$OUT/$mode.toml"
        "$PROXY" --config "$OUT/$mode.toml" --verbose >/dev/null 2>"$OUT/$mode.events" &
        proxy_pid=$!
        for _ in $(seq 100); do grep -q "listening on" "$OUT/$mode.events" && break; sleep 0.1; done
    fi
    if [[ "$mode" == inspection ]]; then
        for _ in $(seq 100); do grep -q "listener requires SASL" "$OUT/$mode.events" && break; sleep 0.1; done
        if grep -q "listener requires SASL" "$OUT/$mode.events"; then
            say "ok: asked, the SASL_SSL listener answered that it requires SASL"
        else
            failures=$((failures + 1))
            say "FAILED: the proxy did not learn that the SASL_SSL listener requires SASL"
            cat "$OUT/$mode.events" >&2
        fi
    fi
    for client in "${CLIENTS[@]}"; do
        t1=$(now_s) pids=()
        for user in alice bob; do
            session "$mode" "$client" "$user" >"$OUT/$mode--$client--$user.out" 2>"$OUT/$mode--$client--$user.err" &
            pids+=($!)
        done
        rcs=()
        for pid in "${pids[@]}"; do
            rc=0
            wait "$pid" || rc=$?
            rcs+=("$rc")
        done
        names+=("$client-$mode-alice" "$client-$mode-bob" "$client-$mode-alice-group" "$client-$mode-bob-group")
        for i in 0 1; do
            user=$([[ $i == 0 ]] && echo alice || echo bob)
            prefix=$([[ $i == 0 ]] && echo a. || echo b.)
            rc=${rcs[$i]}
            base="$OUT/$mode--$client--$user"
            if ((rc == 0)) && ! "$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" check "$direct" "$prefix" "$base.out" \
                >"$base.check" 2>&1; then
                rc=100
            fi
            echo "$rc $(($(now_s) - t1))" >"$base.rc"
            if ((rc != 0)); then
                failures=$((failures + 1))
                say "FAILED: $client as $user ($mode), exit $rc"
                tail -n 15 "$base.err" "$base.check" >&2 2>/dev/null || true
            else
                say "ok: $client as $user ($mode) in $(($(now_s) - t1)) s: $(cat "$base.check")"
            fi
        done
    done
done
stop_proxy

if "$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" final "$direct" "${names[@]}" >"$OUT/final.check" 2>&1; then
    say "$(cat "$OUT/final.check")"
else
    failures=$((failures + 1))
    say "FAILED: $(cat "$OUT/final.check")"
fi
"$PY" "$SCRIPT_DIR/proxy_sasl_clients.py" table "$OUT" "$(($(now_s) - t0))" >"$OUT/proxy-sasl-clients.md"
say "table: $OUT/proxy-sasl-clients.md"
if [[ -n "${PROXY_SASL_CLIENTS_DOC:-}" ]]; then
    python3 "$SCRIPT_DIR/doc_block.py" "$PROXY_SASL_CLIENTS_DOC" proxy-sasl-clients <"$OUT/proxy-sasl-clients.md"
fi
((failures == 0)) || die "$failures failure(s); see $OUT"
say "every session passed through the proxy in $(($(now_s) - t0)) s"
