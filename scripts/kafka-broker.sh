#!/usr/bin/env bash
# Single-node Apache Kafka broker (KRaft, one JVM as broker+controller) for local tests.
# Jars come from Maven Central via `mvn` only; no tarball, no bin/*.sh.
#
#   scripts/kafka-broker.sh start|stop|status|log|versions|fetch
#   KAFKA_VERSION=3.9.1 KAFKA_PORT=9192 KAFKA_CONTROLLER_PORT=9193 scripts/kafka-broker.sh start
#   KAFKA_KEEP_LOGS=/tmp/logs scripts/kafka-broker.sh stop     (keep the stopped broker's log dir)
#   KAFKA_NODE_ID=2 KAFKA_VOTERS=1@127.0.0.1:9593,2@127.0.0.1:9595,3@127.0.0.1:9597 \
#     KAFKA_CLUSTER_ID=... KAFKA_PORT=9594 KAFKA_CONTROLLER_PORT=9595 scripts/kafka-broker.sh start
#                                     (one node of a three-node cluster: start the nodes together,
#                                      since each waits for a quorum; see scripts/kafka-cluster.sh)
#
# Env: KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (9093), KAFKA_CACHE_DIR (<repo>/.cache/kafka-<version>),
#      KAFKA_VERSION (kafka-messages/schemas/RELEASE), KAFKA_HEAP_OPTS (-Xmx512m -Xms512m), KAFKA_START_TIMEOUT (120 s),
#      KAFKA_STOP_TIMEOUT (30 s), KAFKA_EXTRA_CONFIG (lines added to server.properties at start),
#      KAFKA_KEEP_LOGS (at stop: a new directory to move the broker's log dir, its segments, to),
#      KAFKA_NODE_ID (1), KAFKA_VOTERS (a cluster's static quorum, id@host:port,...; default: this
#      node alone), KAFKA_CLUSTER_ID (the same for every node of a cluster; default: a new one),
#      JAVA_HOME (optional).
# The jars are those of Kafka's tarball's libs/: the broker's, and its tools' (kafka-tools, with
# kafka.tools' DumpLogSegments, ProducerPerformance, ...) and Kafka Streams'.
# KAFKA_VERSION picks the release: 4.x (Log4j 2, a dynamic quorum formatted with --standalone) or
# 3.x, e.g. 3.9.1, the last release with the protocol versions 4.0 removed (reload4j, a static
# controller.quorum.voters). Each version has its own cache dir, and each port its own state file:
# brokers run side by side on different ports, and each one's `stop` stops only its own.
# Everything listens on 127.0.0.1 only. See scripts/README.md.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

KAFKA_VERSION="${KAFKA_VERSION:-$KAFKA_RELEASE}"
[[ "$KAFKA_VERSION" =~ ^[0-9]+\.[0-9]+ ]] || die "KAFKA_VERSION='$KAFKA_VERSION' is not a release number such as 4.4.0 or 3.9.1"
KAFKA_PORT_GIVEN="${KAFKA_PORT:-}"
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
KAFKA_CACHE_DIR="${KAFKA_CACHE_DIR:-$CACHE_ROOT/kafka-$KAFKA_VERSION}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xmx512m -Xms512m}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-120}"
KAFKA_STOP_TIMEOUT="${KAFKA_STOP_TIMEOUT:-30}"
KAFKA_NODE_ID="${KAFKA_NODE_ID:-1}"
KAFKA_VOTERS="${KAFKA_VOTERS:-}"

LIBS_DIR="$KAFKA_CACHE_DIR/libs"
MARKER="$KAFKA_CACHE_DIR/libs.complete"   # written only after a successful fetch
STATE_FILE="$KAFKA_CACHE_DIR/broker-$KAFKA_PORT.state"
LAST_LOG="$KAFKA_CACHE_DIR/last-broker-$KAFKA_PORT.log"

# Without KAFKA_PORT, the commands but start act on this version's broker whatever its port, when it
# runs only one.
state_of_the_one_broker() {
    [[ -z "$KAFKA_PORT_GIVEN" ]] || return 0
    local states
    shopt -s nullglob
    states=("$KAFKA_CACHE_DIR"/broker-*.state)
    shopt -u nullglob
    if ((${#states[@]} == 1)); then
        STATE_FILE="${states[0]}"
        KAFKA_PORT="${STATE_FILE##*/broker-}"
        KAFKA_PORT="${KAFKA_PORT%.state}"
        LAST_LOG="$KAFKA_CACHE_DIR/last-broker-$KAFKA_PORT.log"
    fi
}
# Kafka 3.x's POMs bring no logging backend (its tarball ships these two in libs/); 4.x's bring Log4j 2.
RELOAD4J="ch.qos.reload4j:reload4j:1.2.25"   # the reload4j of the 3.6-3.9 tarballs

usage() {
    cat >&2 <<EOF
usage: $(basename "$0") <command>      (Kafka $KAFKA_VERSION; set KAFKA_VERSION, e.g. 3.9.1, for another release)
  start     fetch jars if needed, format a fresh data dir, start the broker, wait for ApiVersions
  stop      stop the broker started by 'start' (idempotent)
  restart   stop the broker and start it again on the same data dir (a rolling restart's step)
  status    print whether it runs (exit 0) or not (exit 1)
  log       print the broker log (the running broker's, else the last one's)
  versions  print (api_key, min, max) for ApiVersions(18), CreateTopics(19), CreateAcls(30);
            'versions all' prints every advertised key
  fetch     only fetch the jars into $LIBS_DIR
env: KAFKA_VERSION=$KAFKA_VERSION KAFKA_PORT=$KAFKA_PORT KAFKA_CONTROLLER_PORT=$KAFKA_CONTROLLER_PORT
     KAFKA_CACHE_DIR=$KAFKA_CACHE_DIR
EOF
}

# ---------------------------------------------------------------- prerequisites
need_python() { need python3 "the script speaks the Kafka protocol with it; install it, e.g. 'apt-get install -y python3'"; }
major_of() { printf '%s' "${1%%.*}"; }
# Kafka 4.x needs Java 17; 3.x brokers run on 11 and 17.
need_broker_java() {
    if (($(major_of "$KAFKA_VERSION") >= 4)); then
        need_java 17 openjdk-17-jre-headless "Kafka $KAFKA_VERSION" "$JAVA"
    else
        need_java 11 openjdk-17-jre-headless "Kafka $KAFKA_VERSION" "$JAVA"
    fi
}
need_mvn() { need mvn "it is needed once to fetch the Kafka jars into $LIBS_DIR; install Maven, e.g. 'apt-get install -y maven'"; }

# ---------------------------------------------------------------- fetch
# The jars beside the broker's, as the tarball's libs/ has them: its tools and Kafka Streams.
TOOL_ARTIFACTS=(kafka-tools kafka-streams)

libs_complete() {
    jars_present "$MARKER" "$LIBS_DIR" && grep -q '^kafka_2.13-.*\.jar$' "$MARKER" || return 1
    for a in "${TOOL_ARTIFACTS[@]}"; do grep -q "^$a-[0-9].*\.jar\$" "$MARKER" || return 1; done
}

fetched_version() { sed -n 's/^# kafka_version=//p' "$MARKER" 2>/dev/null | head -n1; }

# The logging backend in libs/: log4j2 (4.x) or reload4j (3.x). Markers written before this line
# existed are all of 4.x fetches, hence the default.
fetched_logging() {
    local l
    l="$(sed -n 's/^# logging=//p' "$MARKER" 2>/dev/null | head -n1)"
    printf '%s' "${l:-log4j2}"
}

write_pom() { # dir kafka-version-or-range [group:artifact:version ...]: kafka_2.13 and the extra jars
    local dir=$1 ver=$2 extra="" dep g a v
    shift 2
    for dep in "$@"; do
        IFS=: read -r g a v <<<"$dep"
        extra+="<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"
    done
    cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local.kafka-wire</groupId><artifactId>kafka-broker-libs</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$ver</version></dependency>
    $extra
  </dependencies>
</project>
EOF
}

resolve_tree() { # dir version-or-range -> writes dir/tree.txt; fails unless kafka_2.13's POM was found
    write_pom "$1" "$2"
    rm -f "$1/tree.txt"
    mvn -B -q -Dstyle.color=never -f "$1/pom.xml" "$DEP_PLUGIN:tree" -DoutputFile="$1/tree.txt" >"$1/mvn-tree.log" 2>&1 || return 1
    # A missing POM is only a warning to dependency:tree (it prints kafka_2.13 without children), so
    # require a transitive dependency as proof that the version is really served.
    grep -q 'org\.apache\.kafka:kafka-clients:jar:' "$1/tree.txt"
}

fetch() {
    if libs_complete; then
        say "jars cached: $LIBS_DIR (Kafka $(fetched_version)), no fetch"
        [[ "$(fetched_version)" == "$KAFKA_VERSION" ]] ||
            say "NOTE: Kafka $KAFKA_VERSION is not served; the cache holds the nearest served version $(fetched_version)"
        return 0
    fi
    need_broker_java
    need_mvn
    mkdir -p "$KAFKA_CACHE_DIR"
    local t0 work ver range log4j slf4j binding logging extra a
    t0=$(now_ms)
    work="$(mktemp -d "$KAFKA_CACHE_DIR/fetch.XXXXXX")"
    say "fetching org.apache.kafka:kafka_2.13:$KAFKA_VERSION and its runtime dependencies with mvn ..."
    if resolve_tree "$work" "$KAFKA_VERSION"; then
        ver="$KAFKA_VERSION"
    else
        # Not served (or the network failed): take the nearest lower version Maven Central serves.
        range="[${KAFKA_VERSION%%.*}.0.0,$KAFKA_VERSION]"
        say "kafka_2.13:$KAFKA_VERSION could not be resolved; trying the nearest served version in $range"
        show_mvn_log "$work/mvn-tree.log" 15
        resolve_tree "$work" "$range" || {
            show_mvn_log "$work/mvn-tree.log" 30
            die "mvn could not resolve kafka_2.13 $KAFKA_VERSION nor $range (is Maven Central reachable?)"
        }
        ver="$(grep -m1 -Eo 'org\.apache\.kafka:kafka_2\.13:jar:[^:]+' "$work/tree.txt" | cut -d: -f4)"
        [[ -n "$ver" ]] || die "could not read the resolved Kafka version from $work/tree.txt"
        say "NOTE: Kafka $KAFKA_VERSION is not served; using the nearest served version $ver"
    fi
    log4j="$(grep -m1 -Eo 'org\.apache\.logging\.log4j:log4j-core:jar:[^:]+' "$work/tree.txt" | cut -d: -f4 || true)"
    slf4j="$(grep -m1 -Eo 'org\.slf4j:slf4j-api:jar:[^:]+' "$work/tree.txt" | cut -d: -f4 || true)"
    if [[ -n "$log4j" ]]; then
        # Kafka 4.x: Log4j 2 comes with kafka-server; SLF4J 1.7 needs log4j-slf4j-impl, SLF4J 2
        # needs log4j-slf4j2-impl.
        logging=log4j2
        binding="log4j-slf4j-impl"
        [[ "${slf4j%%.*}" =~ ^[0-9]+$ ]] && ((${slf4j%%.*} >= 2)) && binding="log4j-slf4j2-impl"
        say "Kafka $ver: log4j-core $log4j, slf4j-api ${slf4j:-?} -> adding $binding $log4j"
        extra=("org.apache.logging.log4j:$binding:$log4j")
    elif (($(major_of "$ver") < 4)) && [[ -n "$slf4j" ]]; then
        # Kafka 3.x logs through the Log4j 1.2 API (kafka.utils.Log4jController too), which its
        # tarball provides with reload4j and slf4j-reload4j; its POMs declare neither.
        logging=reload4j
        extra=("$RELOAD4J" "org.slf4j:slf4j-reload4j:$slf4j")
        say "Kafka $ver: slf4j-api $slf4j, no Log4j 2 -> adding ${RELOAD4J#*:} and slf4j-reload4j:$slf4j"
    else
        die "neither log4j-core nor (for 3.x) slf4j-api in the dependency tree of kafka_2.13:$ver (see $work/tree.txt)"
    fi
    for a in "${TOOL_ARTIFACTS[@]}"; do extra+=("org.apache.kafka:$a:$ver"); done
    write_pom "$work" "$ver" "${extra[@]}"
    rm -rf "$work/libs"
    if ! mvn_copy_deps "$work/pom.xml" "$work/libs" >"$work/mvn-copy.log" 2>&1; then
        show_mvn_log "$work/mvn-copy.log" 30
        die "mvn dependency:copy-dependencies failed (log: $work/mvn-copy.log)"
    fi
    [[ -s "$work/libs/kafka_2.13-$ver.jar" ]] || die "kafka_2.13-$ver.jar missing after the fetch"
    rm -rf "$LIBS_DIR"
    mv "$work/libs" "$LIBS_DIR"
    {
        echo "# kafka_version=$ver"
        echo "# logging=$logging"
        echo "# log4j_version=${log4j:-none}"
        echo "# slf4j_version=${slf4j:-unknown}"
        echo "# fetched_at=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(secs_since "$t0") s"
        list_jars "$LIBS_DIR"
    } >"$MARKER.tmp"
    mv "$MARKER.tmp" "$MARKER"
    cp "$work/tree.txt" "$KAFKA_CACHE_DIR/dependency-tree.txt"
    rm -rf "$work"
    say "fetched $(grep -c '\.jar$' "$MARKER") jars ($(du -sh "$LIBS_DIR" | cut -f1)) into $LIBS_DIR in $(secs_since "$t0") s"
}

# ---------------------------------------------------------------- protocol (python3, stdlib only)
# apiversions HOST PORT MODE: sends ApiVersions v0, checks the reply; MODE=check|keys|all.
apiversions() {
    python3 - "$@" <<'PY'
import socket, struct, sys
host, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
CORR = 0x4B57  # arbitrary correlation id
client = b"kafka-broker.sh"
# Request header v1: api_key=18 (ApiVersions), api_version=0, correlation_id, client_id (int16 len + bytes); empty v0 body.
body = struct.pack(">hhih", 18, 0, CORR, len(client)) + client
req = struct.pack(">i", len(body)) + body
def recv_exact(s, n):
    buf = b""
    while len(buf) < n:
        chunk = s.recv(n - len(buf))
        if not chunk:
            raise EOFError("connection closed after %d of %d bytes" % (len(buf), n))
        buf += chunk
    return buf
try:
    with socket.create_connection((host, port), timeout=3) as s:
        s.settimeout(5)
        s.sendall(req)
        (size,) = struct.unpack(">i", recv_exact(s, 4))
        if not 10 <= size <= 1 << 20:
            raise ValueError("implausible response size %d" % size)
        resp = recv_exact(s, size)
except (OSError, EOFError, ValueError) as e:
    print("no valid ApiVersions reply from %s:%d: %s" % (host, port, e), file=sys.stderr)
    sys.exit(2)
# Response header v0 (correlation id), body v0: error_code int16, [api_key int16, min int16, max int16] (int32 count).
corr, err, n = struct.unpack_from(">ihi", resp, 0)
if corr != CORR or err != 0 or n < 1 or size != 10 + 6 * n:
    print("malformed ApiVersions reply: corr=%d err=%d count=%d size=%d" % (corr, err, n, size), file=sys.stderr)
    sys.exit(3)
keys = [struct.unpack_from(">hhh", resp, 10 + 6 * i) for i in range(n)]
if mode == "check":
    print("ApiVersions v0 ok: error_code=0, %d api keys" % n)
else:
    want = None if mode == "all" else {18: "ApiVersions", 19: "CreateTopics", 30: "CreateAcls"}
    for k, lo, hi in keys:
        if want is None or k in want:
            print("%d %d %d%s" % (k, lo, hi, "  # " + want[k] if want else ""))
    if want:
        for k in sorted(set(want) - {k for k, _, _ in keys}):
            print("%d - -  # %s not advertised" % (k, want[k]))
PY
}

port_open() { python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()' "$1" 2>/dev/null; }

new_cluster_id() { # base64url of 16 random bytes, not starting with '-' (like Uuid.randomUuid)
    python3 -c '
import base64, os
while True:
    s = base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("=")
    if not s.startswith("-"): print(s); break'
}

# ---------------------------------------------------------------- state
PID="" DATA_DIR="" PORT="" CONTROLLER_PORT="" VERSION="" STARTED_AT=""
load_state() {
    [[ -f "$STATE_FILE" ]] || return 1
    PID="$(sed -n 's/^PID=//p' "$STATE_FILE")"
    DATA_DIR="$(sed -n 's/^DATA_DIR=//p' "$STATE_FILE")"
    PORT="$(sed -n 's/^PORT=//p' "$STATE_FILE")"
    CONTROLLER_PORT="$(sed -n 's/^CONTROLLER_PORT=//p' "$STATE_FILE")"
    VERSION="$(sed -n 's/^VERSION=//p' "$STATE_FILE")"
    STARTED_AT="$(sed -n 's/^STARTED_AT=//p' "$STATE_FILE")"
    [[ "$PID" =~ ^[0-9]+$ ]]
}

# The recorded PID is alive AND is still our kafka.Kafka (not a recycled PID).
pid_is_broker() {
    [[ -n "${1:-}" && -r "/proc/$1/cmdline" ]] || return 1
    tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka .*/server\.properties'
}

rss_mb() { awk '/^VmRSS:/ {printf "%d", $2 / 1024}' "/proc/$1/status" 2>/dev/null || echo "?"; }

# ---------------------------------------------------------------- commands
cmd_start() {
    need_python
    need_broker_java
    if load_state && pid_is_broker "$PID"; then
        say "already running: PID $PID on 127.0.0.1:$PORT (data dir $DATA_DIR); 'stop' first to restart"
        return 0
    fi
    [[ -f "$STATE_FILE" ]] && { say "removing stale state of a broker that is gone"; cleanup_state; }
    fetch
    local ver logging; ver="$(fetched_version)"; logging="$(fetched_logging)"
    local p
    for p in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
        port_open "$p" && die "127.0.0.1:$p is already in use; stop that process or set KAFKA_PORT / KAFKA_CONTROLLER_PORT"
    done

    local t0 data conf
    t0=$(now_ms)
    data="$(mktemp -d "${TMPDIR:-/tmp}/kafka-broker.XXXXXX")"
    conf="$data/config"
    mkdir -p "$conf" "$data/logs"
    # The quorum: 4.x formats a dynamic one (KIP-853) with --standalone; 3.x, where
    # controller.quorum.voters is the usual (and before 3.9 the only) way, gets a static one, whose
    # voters are found through that key, so only the broker listener is advertised.
    # A node of a cluster (KAFKA_VOTERS) gets the static quorum of its voters, whatever the release.
    local quorum advertised="PLAINTEXT://127.0.0.1:$KAFKA_PORT" share="" standalone=()
    if (($(major_of "$ver") >= 4)); then
        share=$'share.coordinator.state.topic.replication.factor=1\nshare.coordinator.state.topic.min.isr=1\n'
    fi
    if [[ -n "$KAFKA_VOTERS" ]]; then
        quorum="controller.quorum.voters=$KAFKA_VOTERS"
    elif (($(major_of "$ver") >= 4)); then
        quorum="controller.quorum.bootstrap.servers=127.0.0.1:$KAFKA_CONTROLLER_PORT"
        advertised+=",CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT"
        standalone=(--standalone)
    else
        quorum="controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT"
    fi
    cat >"$conf/server.properties" <<EOF
# written by scripts/kafka-broker.sh; KRaft combined mode, loopback only
process.roles=broker,controller
node.id=$KAFKA_NODE_ID
$quorum
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=$advertised
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$data/kraft-combined-logs
num.partitions=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
${share}group.initial.rebalance.delay.ms=0
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:ANONYMOUS
${KAFKA_EXTRA_CONFIG:-}
EOF
    local log4j
    if [[ "$logging" == reload4j ]]; then
        # Kafka 3.x: Log4j 1.2 syntax, read by reload4j.
        cat >"$conf/log4j.properties" <<'EOF'
log4j.rootLogger=INFO, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
EOF
        log4j="-Dlog4j.configuration=file:$conf/log4j.properties"
    else
        # Kafka 4.x: Log4j 2. shutdownHook=disable: else Log4j2's own JVM shutdown hook stops
        # logging while Kafka's hook still runs.
        cat >"$conf/log4j2.properties" <<'EOF'
shutdownHook=disable
rootLogger.level=INFO
rootLogger.appenderRef.out.ref=OUT
appender.out.type=Console
appender.out.name=OUT
appender.out.target=SYSTEM_ERR
appender.out.layout.type=PatternLayout
appender.out.layout.pattern=[%d] %p %m (%c)%n
logger.request.name=kafka.request.logger
logger.request.level=WARN
EOF
        log4j="-Dlog4j2.configurationFile=$conf/log4j2.properties"
    fi
    local cp="$LIBS_DIR/*"
    local log="$data/broker.log" cluster_id
    cluster_id="${KAFKA_CLUSTER_ID:-$(new_cluster_id)}"
    say "Kafka $ver: formatting $data (cluster id $cluster_id)"
    # The format tool gets kafka-run-class.sh's default tool heap, not the broker's.
    if ! "$JAVA" -Xmx256m "$log4j" -cp "$cp" kafka.tools.StorageTool format "${standalone[@]}" \
        -t "$cluster_id" -c "$conf/server.properties" >"$data/format.log" 2>&1; then
        cat "$data/format.log" >&2
        rm -rf "$data"
        die "kafka.tools.StorageTool format failed"
    fi
    launch "$data" "$ver" "$t0" "format $(secs_since "$t0")s, "
}

# Starts the JVM on DATA's config and waits for ApiVersions: what `start` does after formatting, and
# `restart` after stopping.
launch() { # data ver t0 what-came-before (for the ready line)
    local data=$1 ver=$2 t0=$3 before=$4
    local conf="$data/config" cp="$LIBS_DIR/*" log="$data/broker.log" log4j
    if [[ -f "$conf/log4j2.properties" ]]; then
        log4j="-Dlog4j2.configurationFile=$conf/log4j2.properties"
    else
        log4j="-Dlog4j.configuration=file:$conf/log4j.properties"
    fi
    rm -f "$data/broker.pid" "$data/broker.exit"

    # Own session (setsid) so the broker outlives this shell and no terminal signal reaches it; a small
    # bash wrapper records the JVM's PID and, when it ends, its exit status.
    # shellcheck disable=SC2086,SC2016
    setsid bash -c '
        data=$1; shift
        "$@" </dev/null >>"$data/broker.log" 2>&1 &
        echo $! >"$data/broker.pid"
        wait $! && rc=0 || rc=$?
        echo "$rc" >"$data/broker.exit"
    ' kafka-broker "$data" "$JAVA" $KAFKA_HEAP_OPTS -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
        -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent \
        -Djava.awt.headless=true "$log4j" -Dkafka.logs.dir="$data/logs" \
        -cp "$cp" kafka.Kafka "$conf/server.properties" </dev/null >/dev/null 2>&1 &
    local i pid=""
    for ((i = 0; i < 100; i++)); do
        [[ -s "$data/broker.pid" ]] && { pid="$(cat "$data/broker.pid")"; break; }
        sleep 0.1
    done
    [[ -n "$pid" ]] || { rm -rf "$data"; die "the broker JVM did not start"; }
    mkdir -p "$KAFKA_CACHE_DIR"
    PID="$pid" DATA_DIR="$data"   # for cleanup_state
    printf 'PID=%s\nDATA_DIR=%s\nPORT=%s\nCONTROLLER_PORT=%s\nVERSION=%s\nSTARTED_AT=%s\n' \
        "$pid" "$data" "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT" "$ver" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$STATE_FILE"
    say "started kafka.Kafka PID $pid (heap: $KAFKA_HEAP_OPTS), log $log; waiting up to ${KAFKA_START_TIMEOUT}s for ApiVersions on 127.0.0.1:$KAFKA_PORT"

    local deadline=$(($(date +%s) + KAFKA_START_TIMEOUT)) out
    while :; do
        if ! kill -0 "$pid" 2>/dev/null; then
            sleep 0.5
            say "the broker died during startup (exit status $(cat "$data/broker.exit" 2>/dev/null || echo '?')); last 100 log lines:"
            tail -n 100 "$log" >&2 || true
            cp -f "$log" "$LAST_LOG" 2>/dev/null || true
            cleanup_state
            exit 1
        fi
        if port_open "$KAFKA_PORT" && out="$(apiversions 127.0.0.1 "$KAFKA_PORT" check 2>&1)"; then
            break
        fi
        if (($(date +%s) >= deadline)); then
            say "no ApiVersions answer on 127.0.0.1:$KAFKA_PORT within ${KAFKA_START_TIMEOUT}s; last 100 log lines:"
            tail -n 100 "$log" >&2 || true
            stop_pid "$pid" "$data"
            cleanup_state
            exit 1
        fi
        sleep 0.5
    done
    say "$out"
    say "ready: Kafka $ver PID $pid on 127.0.0.1:$KAFKA_PORT (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)," \
        "${before}total start $(secs_since "$t0")s, RSS $(rss_mb "$pid") MB"
}

cmd_restart() {
    need_python
    need_broker_java
    if ! { load_state && pid_is_broker "$PID"; }; then
        die "no broker of this port runs to restart ('start' one first)"
    fi
    local data=$DATA_DIR ver=$VERSION t0
    stop_pid "$PID" "$data"
    t0=$(now_ms)
    launch "$data" "$ver" "$t0" "restarted on its data dir, "
}

stop_pid() { # pid data-dir: SIGTERM, bounded wait, SIGKILL
    local pid=$1 data=$2 t0 i
    t0=$(now_ms)
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < KAFKA_STOP_TIMEOUT * 10; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        say "PID $pid still alive after ${KAFKA_STOP_TIMEOUT}s, sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    for ((i = 0; i < 20; i++)); do [[ -s "$data/broker.exit" ]] && break; sleep 0.1; done
    say "stopped PID $pid in $(secs_since "$t0")s (JVM exit status $(cat "$data/broker.exit" 2>/dev/null || echo unknown))"
}

cleanup_state() { # keep the last log (and with KAFKA_KEEP_LOGS the log dir), remove the temp dir and the state file
    if [[ -n "$DATA_DIR" && -d "$DATA_DIR" ]]; then
        [[ -f "$DATA_DIR/broker.log" ]] && cp -f "$DATA_DIR/broker.log" "$LAST_LOG"
        if [[ -n "${KAFKA_KEEP_LOGS:-}" && -d "$DATA_DIR/kraft-combined-logs" ]]; then
            if [[ -e "$KAFKA_KEEP_LOGS" ]]; then
                say "KAFKA_KEEP_LOGS=$KAFKA_KEEP_LOGS exists: not moving the log dir there (it is removed)"
            else
                mv -- "$DATA_DIR/kraft-combined-logs" "$KAFKA_KEEP_LOGS"
                say "kept the log dir in $KAFKA_KEEP_LOGS"
            fi
        fi
        case "$DATA_DIR" in
            */kafka-broker.*) rm -rf -- "$DATA_DIR" ;;
            *) say "not removing unexpected data dir '$DATA_DIR'" ;;
        esac
    fi
    rm -f "$STATE_FILE"
}

cmd_stop() {
    if ! load_state; then
        say "not running (no state file $STATE_FILE)"
        return 0
    fi
    if pid_is_broker "$PID"; then
        stop_pid "$PID" "$DATA_DIR"
    else
        say "PID $PID is not running any more; cleaning up"
    fi
    cleanup_state
    say "removed $DATA_DIR; log kept in $LAST_LOG"
}

cmd_status() {
    if load_state && pid_is_broker "$PID"; then
        local api="ApiVersions: no answer"
        have python3 && api="$(apiversions 127.0.0.1 "$PORT" check 2>&1 || true)"
        echo "running: Kafka $VERSION PID $PID on 127.0.0.1:$PORT (controller $CONTROLLER_PORT), RSS $(rss_mb "$PID") MB, since $STARTED_AT, data $DATA_DIR; $api"
        return 0
    fi
    if [[ -f "$STATE_FILE" ]]; then
        echo "not running (recorded PID ${PID:-?} is gone; 'log' shows why, 'stop' cleans up)"
    else
        echo "not running"
    fi
    return 1
}

cmd_log() {
    if load_state && [[ -f "$DATA_DIR/broker.log" ]]; then
        cat "$DATA_DIR/broker.log"
    elif [[ -f "$LAST_LOG" ]]; then
        say "broker not running; last log ($LAST_LOG):"
        cat "$LAST_LOG"
    else
        die "no broker log yet"
    fi
}

cmd_versions() {
    need_python
    local port="$KAFKA_PORT"
    load_state && port="$PORT"
    apiversions 127.0.0.1 "$port" "${1:-keys}" || die "no broker answering ApiVersions on 127.0.0.1:$port ('start' first)"
}

[[ "${1:-}" == start ]] || state_of_the_one_broker
case "${1:-}" in
    start) cmd_start ;;
    restart) cmd_restart ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    log) cmd_log ;;
    versions) cmd_versions "${2:-keys}" ;;
    fetch) fetch ;;
    -h | --help | help) usage ;;
    *) usage; exit 2 ;;
esac
