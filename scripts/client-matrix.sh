#!/usr/bin/env bash
# Real Kafka clients against kafka-fake (the kafka-wire-fake crate's binary), at every version each
# can be made to negotiate: kafka-fake is restarted with lower advertised maxima (profiles k0-k9
# below), and every client runs the same admin scenario (topics, partitions, ACLs, expected errors)
# against each profile. Writes a markdown table (client x API x version: decoded by kafka-fake,
# accepted by the client, how each client negotiated ApiVersions) and fails on any failure.
#
#   scripts/client-matrix.sh [CLIENT...]      CLIENT: kafka-python java confluent kafkajs librdkafka
#                                             (default: every client whose install step works)
#
# Env: CLIENT_MATRIX_CACHE (<repo>/.cache/client-matrix), CLIENT_MATRIX_TIMEOUT (60 s per client run),
#      CLIENT_MATRIX_DOC (a markdown file whose generated block is replaced with the new table,
#      e.g. docs/clients.md), CLIENT_MATRIX_APT=1 to apt-get install librdkafka-dev when missing.
# Installs into the cache: a venv (kafka-python 3.0.12, confluent-kafka 2.16.1, PyPI),
# kafkajs 2.2.4 (npm), kafka-clients at the release of kafka-messages/schemas/RELEASE (Maven Central, via mvn); librdkafka's C client comes
# from Debian's librdkafka-dev. Everything listens on 127.0.0.1; each client run is bounded.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

DRIVERS="$SCRIPT_DIR/client-matrix"
CACHE="${CLIENT_MATRIX_CACHE:-$CACHE_ROOT/client-matrix}"
RUN_TIMEOUT="${CLIENT_MATRIX_TIMEOUT:-60}"
OUT="$CACHE/out"

# kafka-fake's advertised maxima per profile: API=max pairs (empty: every version kafka-messages has).
# k0 serves everything; each later profile lowers every API by about one version, down to the
# lowest versions Kafka 4.4 has (Metadata stops at v4: Java's AdminClient needs v4+).
# k6-k9 lower Metadata alone, to the versions k0-k5 skip (v0-3 stay out: Java needs v4+).
PROFILES=(k0 k1 k2 k3 k4 k5 k6 k7 k8 k9)
declare -A CAPS=(
    [k0]=""
    [k1]="ApiVersions=4 Metadata=12 CreateTopics=6 DeleteTopics=5 CreatePartitions=2 CreateAcls=2 DescribeAcls=2 DeleteAcls=2"
    [k2]="ApiVersions=3 Metadata=9 CreateTopics=5 DeleteTopics=4 CreatePartitions=1 CreateAcls=1 DescribeAcls=1 DeleteAcls=1"
    [k3]="ApiVersions=2 Metadata=6 CreateTopics=4 DeleteTopics=3 CreatePartitions=0 CreateAcls=1 DescribeAcls=1 DeleteAcls=1"
    [k4]="ApiVersions=1 Metadata=5 CreateTopics=3 DeleteTopics=2 CreatePartitions=0 CreateAcls=1 DescribeAcls=1 DeleteAcls=1"
    [k5]="ApiVersions=0 Metadata=4 CreateTopics=2 DeleteTopics=1 CreatePartitions=0 CreateAcls=1 DescribeAcls=1 DeleteAcls=1"
    [k6]="Metadata=11"
    [k7]="Metadata=10"
    [k8]="Metadata=8"
    [k9]="Metadata=7"
)

# ---------------------------------------------------------------- installs (each: 0 = ready)
install_python() {
    local venv="$CACHE/venv"
    if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c 'import kafka, confluent_kafka' 2>/dev/null; then
        return 0
    fi
    have python3 || { say "python3 not found"; return 1; }
    say "installing kafka-python 3.0.12 and confluent-kafka 2.16.1 into $venv (PyPI)"
    python3 -m venv "$venv" &&
        "$venv/bin/pip" install -q --disable-pip-version-check kafka-python==3.0.12 confluent-kafka==2.16.1
}

install_kafkajs() {
    [[ -f "$CACHE/node/node_modules/kafkajs/package.json" ]] && return 0
    have npm || { say "npm not found"; return 1; }
    say "installing kafkajs 2.2.4 into $CACHE/node (npm)"
    mkdir -p "$CACHE/node" && (cd "$CACHE/node" && npm install --silent --no-audit --no-fund kafkajs@2.2.4 >/dev/null)
}

install_java() {
    local dir="$CACHE/java"
    have javac || { say "javac not found (a JDK 17 is needed)"; return 1; }
    if ! ls "$dir/libs/kafka-clients-$KAFKA_RELEASE.jar" >/dev/null 2>&1; then
        have mvn || { say "mvn not found"; return 1; }
        say "fetching kafka-clients $KAFKA_RELEASE and its runtime dependencies into $dir/libs (Maven Central)"
        mvn_copy_deps "$DRIVERS/pom.xml" "$dir/libs" >"$CACHE/mvn.log" 2>&1 ||
            { tail -n 20 "$CACHE/mvn.log" >&2; return 1; }
    fi
    if [[ ! -f "$dir/classes/AdminDriver.class" || "$DRIVERS/AdminDriver.java" -nt "$dir/classes/AdminDriver.class" ]]; then
        mkdir -p "$dir/classes" && javac -nowarn -d "$dir/classes" -cp "$dir/libs/*" "$DRIVERS/AdminDriver.java"
    fi
}

install_librdkafka() {
    local bin="$CACHE/c/librdkafka_driver"
    if ! pkg-config --exists rdkafka 2>/dev/null; then
        if [[ "${CLIENT_MATRIX_APT:-0}" == 1 ]] && have apt-get; then
            say "installing librdkafka-dev (Debian)"
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq librdkafka-dev pkg-config; } \
                >"$CACHE/apt.log" 2>&1 || { tail -n 20 "$CACHE/apt.log" >&2; return 1; }
        else
            say "librdkafka-dev is not installed (CLIENT_MATRIX_APT=1 installs it)"
            return 1
        fi
    fi
    if [[ ! -x "$bin" || "$DRIVERS/librdkafka_driver.c" -nt "$bin" ]]; then
        # shellcheck disable=SC2046  # pkg-config prints a list of flags on purpose
        mkdir -p "$CACHE/c" && cc -O1 -Wall -Werror -o "$bin" "$DRIVERS/librdkafka_driver.c" $(pkg-config --cflags --libs rdkafka)
    fi
}

# ---------------------------------------------------------------- the clients' commands
client_cmd() { # client: sets CMD to the command that runs its driver
    case "$1" in
        kafka-python) CMD=("$CACHE/venv/bin/python" "$DRIVERS/kafka_python_driver.py") ;;
        confluent) CMD=("$CACHE/venv/bin/python" "$DRIVERS/confluent_driver.py") ;;
        kafkajs) CMD=(env NODE_PATH="$CACHE/node/node_modules" node "$DRIVERS/kafkajs_driver.js") ;;
        java) CMD=(java -XX:TieredStopAtLevel=1 -cp "$CACHE/java/libs/*:$CACHE/java/classes" AdminDriver) ;;
        librdkafka) CMD=("$CACHE/c/librdkafka_driver") ;;
    esac
}

installer_of() {
    case "$1" in
        kafka-python | confluent) echo install_python ;;
        kafkajs) echo install_kafkajs ;;
        java) echo install_java ;;
        librdkafka) echo install_librdkafka ;;
        *) die "unknown client '$1' (one of: kafka-python java confluent kafkajs librdkafka)" ;;
    esac
}

# ---------------------------------------------------------------- main
t0=$(now_s)
mkdir -p "$CACHE"
rm -rf "$OUT"
mkdir -p "$OUT"

explicit=1
clients=("$@")
if ((${#clients[@]} == 0)); then
    explicit=0
    clients=(kafka-python java confluent kafkajs librdkafka)
fi
ready=()
for c in "${clients[@]}"; do
    if "$(installer_of "$c")"; then
        ready+=("$c")
    elif ((explicit)); then
        die "could not install $c"
    else
        say "SKIPPING $c: its install step failed"
        echo "$c" >>"$OUT/skipped"
    fi
done
((${#ready[@]})) || die "no client could be installed"
say "installs done in $(($(now_s) - t0)) s; clients: ${ready[*]}"

say "building kafka-fake"
(cd "$REPO_ROOT" && cargo build -q -p kafka-wire-fake --bin kafka-fake)
FAKE="$REPO_ROOT/target/debug/kafka-fake"

fake_pid=""
stop_fake() {
    if [[ -n "$fake_pid" ]]; then
        kill "$fake_pid" 2>/dev/null || true
        wait "$fake_pid" 2>/dev/null || true
        fake_pid=""
    fi
}
trap stop_fake EXIT

failures=0
for k in "${PROFILES[@]}"; do
    args=(--port 0 --log --exit-after-secs $((RUN_TIMEOUT * (${#ready[@]} + 1))))
    for cap in ${CAPS[$k]}; do args+=(--max-version "$cap"); done
    : >"$OUT/fake-$k.log" # exists before kafka-fake writes to it: the port is read from it below
    "$FAKE" "${args[@]}" >"$OUT/fake-$k.log" 2>&1 &
    fake_pid=$!
    port=""
    for _ in $(seq 1 100); do
        port="$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$OUT/fake-$k.log")"
        [[ -n "$port" ]] && break
        kill -0 "$fake_pid" 2>/dev/null || break
        sleep 0.1
    done
    [[ -n "$port" ]] || { cat "$OUT/fake-$k.log" >&2; die "kafka-fake did not start"; }
    for c in "${ready[@]}"; do
        t1=$(now_s)
        rc=0
        client_cmd "$c"
        timeout "$RUN_TIMEOUT" "${CMD[@]}" "127.0.0.1:$port" "matrix-$c-$k" "m$k-$c" \
            >"$OUT/$c-$k.jsonl" 2>"$OUT/$c-$k.err" || rc=$?
        echo "$rc $(($(now_s) - t1))" >"$OUT/$c-$k.rc"
        if ((rc != 0)); then
            failures=$((failures + 1))
            say "FAILED: $c against profile $k (exit $rc$( ((rc == 124)) && echo ", timed out after ${RUN_TIMEOUT}s"))"
            grep '"ok": *false' "$OUT/$c-$k.jsonl" | head -n 5 >&2 || true
            tail -n 5 "$OUT/$c-$k.err" >&2 || true
        else
            say "ok: $c against profile $k in $(($(now_s) - t1)) s"
        fi
    done
    stop_fake
done

table_args=("$OUT" "$(($(now_s) - t0))")
for k in "${PROFILES[@]}"; do table_args+=("$k=${CAPS[$k]}"); done
python3 "$DRIVERS/table.py" "${table_args[@]}" >"$OUT/clients.md" || failures=$((failures + 1))
say "table: $OUT/clients.md"
if [[ -n "${CLIENT_MATRIX_DOC:-}" ]]; then
    python3 "$SCRIPT_DIR/doc_block.py" "$CLIENT_MATRIX_DOC" client-matrix <"$OUT/clients.md"
    say "updated $CLIENT_MATRIX_DOC"
fi
say "done in $(($(now_s) - t0)) s with $failures failure(s)"
((failures == 0))
