#!/usr/bin/env bash
# The Java side of kafka-wire's differential test: Apache Kafka's own generated message classes
# (kafka-clients at kafka-messages/schemas/RELEASE, or at KAFKA_VERSION) encode random instances of
# every schema, and decode + re-encode what the Rust side wrote. Jars come from Maven Central via
# `mvn` only (first run); sources are compiled with plain javac. See tests/java-oracle/README.md for
# the file format. With --internal, the same for Kafka's internal records (coordinator and
# metadata records, quorum state: 78 schemas in five other jars; RELEASE only).
#
#   scripts/java-oracle.sh generate OUT.tsv [--count N] [--seed S] [--internal]
#   scripts/java-oracle.sh echo IN.tsv OUT.tsv [--internal]
#   scripts/java-oracle.sh schemas DIR
#   scripts/java-oracle.sh internal-schemas DIR                  # DIR/<artifact>/*.json
#   scripts/java-oracle.sh json IN.tsv OUT.tsv [--internal]
#   scripts/java-oracle.sh from-json IN.tsv OUT.tsv [--internal]
#   scripts/java-oracle.sh request-log IN.tsv OUT.tsv    # Kafka 4.x only
#   scripts/java-oracle.sh errors OUT.tsv
#   scripts/java-oracle.sh api-keys OUT.tsv
#   KAFKA_VERSION=3.9.1 scripts/java-oracle.sh generate OUT.tsv   # any of these against 3.9.1's classes
#
# Env: KAFKA_VERSION (kafka-messages/schemas/RELEASE), JAVA_ORACLE_CACHE_DIR (<repo>/.cache/java-oracle
#      for the RELEASE; another release uses <that dir>-<version>), JAVA_ORACLE_JAVA_OPTS
#      (-Xmx1g), JAVA_HOME (optional).
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

SRC_DIR="$REPO_ROOT/tests/java-oracle"
KAFKA_VERSION="${KAFKA_VERSION:-$KAFKA_RELEASE}"
[[ "$KAFKA_VERSION" =~ ^[0-9]+\.[0-9]+ ]] || die "KAFKA_VERSION='$KAFKA_VERSION' is not a release number such as 4.4.0 or 3.9.1"
# The RELEASE keeps the directory it always had; another release gets its own next to it,
# also when JAVA_ORACLE_CACHE_DIR names the directory (so that the two never refetch in turn).
CACHE_DIR="${JAVA_ORACLE_CACHE_DIR:-$CACHE_ROOT/java-oracle}"
if [[ "$KAFKA_VERSION" != "$KAFKA_RELEASE" ]]; then
    CACHE_DIR="$CACHE_DIR-$KAFKA_VERSION"
fi
JAVA_OPTS="${JAVA_ORACLE_JAVA_OPTS:--Xmx1g}"

LIBS_DIR="$CACHE_DIR/libs"
MARKER="$CACHE_DIR/libs.complete"      # written only after a successful fetch
CLASSES_DIR="$CACHE_DIR/classes"
STAMP="$CLASSES_DIR/.sources.sha256"   # what the classes were compiled from
# What pom.xml fetches besides its defaults depends on the release:
# - kafka-server (for request-log, RequestLog.java) only for 4.x: 3.x's kafka-server has no
#   org.apache.kafka.network.RequestConvertToJson (3.9.1's request log is Scala in kafka_2.13);
# - jackson-databind is the one the broker (kafka_2.13) of the release depends on: pom.xml holds
#   the RELEASE's, which a release not listed here gets too.
MVN_ARGS=()
REQUEST_LOG=1
if ((${KAFKA_VERSION%%.*} < 4)); then
    REQUEST_LOG=0
    MVN_ARGS+=(-Doracle.noRequestLog)
fi
if [[ "$KAFKA_VERSION" != "$KAFKA_RELEASE" ]]; then
    case "$KAFKA_VERSION" in
        3.9.*) MVN_ARGS+=(-Djackson.version=2.16.2) ;;
    esac
fi
# - the jars of Kafka's internal records (the pom's `internal` profile, off with -Doracle.noInternal)
#   only for the RELEASE: kafka-messages/internal-schemas is vendored from it, and the oracle's
#   table of their jars, directories and packages (Schemas.INTERNAL) is that release's.
INTERNAL_ARTIFACTS=(kafka-group-coordinator kafka-metadata kafka-raft kafka-share-coordinator kafka-transaction-coordinator)
INTERNAL=1
if [[ "$KAFKA_VERSION" != "$KAFKA_RELEASE" ]]; then
    INTERNAL=0
    MVN_ARGS+=(-Doracle.noInternal)
fi
# Jars the oracle cannot run without (regexes); the marker must list them.
REQUIRED_JARS=("kafka-clients-${KAFKA_VERSION//./\\.}\\.jar" 'jackson-databind-.*\.jar' 'jackson-core-.*\.jar')
((REQUEST_LOG)) && REQUIRED_JARS+=("kafka-server-${KAFKA_VERSION//./\\.}\\.jar")
if ((INTERNAL)); then
    for a in "${INTERNAL_ARTIFACTS[@]}"; do REQUIRED_JARS+=("$a-${KAFKA_VERSION//./\\.}\\.jar"); done
fi

usage() {
    cat >&2 <<EOF
usage: $(basename "$0") <command>      (Kafka $KAFKA_VERSION; set KAFKA_VERSION, e.g. 3.9.1, for another release)
  generate OUT.tsv [--count N] [--seed S] [--internal]
            for every schema with versions in kafka-clients-$KAFKA_VERSION.jar and every valid version:
            one line for new <Class>() and N (default 20) seeded random instances (seed default 1),
            each self-tested (read back, equals, re-encode, tag order); one line per instance:
            <SchemaName>\\t<version>\\t<lowercase hex>
  echo IN.tsv OUT.tsv [--internal]
            decode every line of IN.tsv with Kafka's class, re-encode it at the same version;
            writes the same format, or <SchemaName>\\t<version>\\tERROR\\t<exception> when Java refuses
  schemas DIR
            copy common/message/*.json out of the jar into DIR; prints the jar's path
  internal-schemas DIR
            the JSON schemas of Kafka's internal records, byte for byte, from the five jars that hold
            them into DIR/<artifact>/ (e.g. DIR/kafka-group-coordinator/OffsetCommitKey.json);
            prints the jars' paths. Kafka $KAFKA_RELEASE only (kafka-messages/schemas/RELEASE)
  json IN.tsv OUT.tsv [--internal]
            decode every line of IN.tsv with Kafka's class and write it with its JsonConverter
            (serializeRecords true and false, printed compact by Jackson), then read the first back:
            <SchemaName>\\t<version>\\t<json>\\t<json sized>\\t<hex of the JSON read back>
  from-json IN.tsv OUT.tsv [--internal]
            IN.tsv holds <SchemaName>\\t<version>\\t<json>: Kafka's JsonConverter reads each and its
            class encodes it, in the format of echo
  request-log IN.tsv OUT.tsv
            IN.tsv holds <request frame hex>\\t<response frame hex> (no size prefix): the broker's
            request-log line of each exchange (RequestConvertToJson.requestDescMetrics, fixed metrics);
            Kafka 4.x only: for 3.x it says that it is not available and exits 3
  api-keys OUT.tsv
            every constant of org.apache.kafka.common.protocol.ApiKeys: <id>\\t<NAME>
  errors OUT.tsv
            every error code of org.apache.kafka.common.protocol.Errors, one line each:
            <code>\\t<NAME>\\t<retriable: true|false>
  --internal
            (generate, echo, json, from-json; anywhere after the command) Kafka's internal records
            instead of kafka-clients' messages, in the same formats: the coordinator records (keys
            and values), the KRaft metadata records and QuorumStateData, whose classes are in
            kafka-{group-coordinator,metadata,raft,share-coordinator,transaction-coordinator}-$KAFKA_RELEASE.jar
            (bodies only: no version prefix). Kafka $KAFKA_RELEASE only; for another release it exits 3
env: KAFKA_VERSION=$KAFKA_VERSION JAVA_ORACLE_CACHE_DIR=$CACHE_DIR JAVA_ORACLE_JAVA_OPTS=$JAVA_OPTS
EOF
}

# ---------------------------------------------------------------- prerequisites
need_jdk() { need_java 11 openjdk-17-jdk-headless "the oracle (kafka-clients $KAFKA_VERSION; java and javac)" "$JAVA" "$JAVAC"; }
need_mvn() { need mvn "it is needed once to fetch kafka-clients and Jackson into $LIBS_DIR; install Maven, e.g. 'apt-get install -y maven'"; }

# Serialise the install steps of concurrent runs (fetch, compile); the runs themselves are independent.
LOCKED=0
lock_cache() {
    mkdir -p "$CACHE_DIR"
    command -v flock >/dev/null 2>&1 || return 0
    exec 9>"$CACHE_DIR/.lock"
    flock 9
    LOCKED=1
}

unlock_cache() {
    ((LOCKED)) || return 0
    exec 9>&-
    LOCKED=0
}

# ---------------------------------------------------------------- fetch
pom_sha() { sha256sum "$SRC_DIR/pom.xml" | cut -d' ' -f1; }

libs_complete() {
    jars_present "$MARKER" "$LIBS_DIR" || return 1
    grep -qx "# pom_sha256=$(pom_sha)" "$MARKER" || return 1   # pom.xml changed since the fetch
    local re
    for re in "${REQUIRED_JARS[@]}"; do
        grep -qxE "$re" "$MARKER" || return 1
    done
}

fetch() {
    libs_complete && return 0
    need_mvn
    local t0 work
    t0=$(now_ms)
    work="$(mktemp -d "$CACHE_DIR/fetch.XXXXXX")"
    say "fetching the dependencies of tests/java-oracle/pom.xml (kafka-clients $KAFKA_VERSION, jackson-databind$( ((INTERNAL)) && printf ', %s' "${INTERNAL_ARTIFACTS[@]}")${MVN_ARGS[*]:+; ${MVN_ARGS[*]}}) with mvn ..."
    # A copy of the pom, so mvn leaves nothing (target/) in the source tree.
    cp "$SRC_DIR/pom.xml" "$work/pom.xml"
    if ! mvn_copy_deps "$work/pom.xml" "$work/libs" "$KAFKA_VERSION" "${MVN_ARGS[@]}" >"$work/mvn-copy.log" 2>&1; then
        show_mvn_log "$work/mvn-copy.log" 30
        die "mvn dependency:copy-dependencies failed (is Maven Central reachable? log: $work/mvn-copy.log)"
    fi
    [[ -s "$work/libs/kafka-clients-$KAFKA_VERSION.jar" ]] || die "kafka-clients-$KAFKA_VERSION.jar missing after the fetch (log: $work/mvn-copy.log)"
    rm -rf "$LIBS_DIR"
    mv "$work/libs" "$LIBS_DIR"
    {
        echo "# pom_sha256=$(pom_sha)"
        echo "# kafka_version=$KAFKA_VERSION"
        echo "# mvn_args=${MVN_ARGS[*]}"
        echo "# fetched_at=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(secs_since "$t0") s"
        list_jars "$LIBS_DIR"
    } >"$MARKER.tmp"
    mv "$MARKER.tmp" "$MARKER"
    rm -rf "$work"
    libs_complete || die "the fetched jars lack one of: ${REQUIRED_JARS[*]} (see $MARKER)"
    say "fetched $(grep -c '\.jar$' "$MARKER") jars ($(du -sh "$LIBS_DIR" | cut -f1)) into $LIBS_DIR in $(secs_since "$t0") s"
}

# ---------------------------------------------------------------- compile
# SOURCES: the file names to compile, all of tests/java-oracle/*.java but RequestLog.java when the
# libs hold no kafka-server jar (Kafka 3.x); Oracle then says that request-log is not available.
SOURCES=()
find_sources() {
    local f
    SOURCES=()
    for f in "$SRC_DIR"/*.java; do
        f="${f##*/}"
        [[ "$f" == RequestLog.java ]] && ! compgen -G "$LIBS_DIR/kafka-server-*.jar" >/dev/null && continue
        SOURCES+=("$f")
    done
}

sources_sha() { # the sources, the compiler and the jars: a change of any recompiles
    {
        "$JAVAC" -version 2>&1
        cat "$MARKER"
        (cd "$SRC_DIR" && sha256sum -- "${SOURCES[@]}")
    } | sha256sum | cut -d' ' -f1
}

compile() {
    local sha t0 tmp
    find_sources
    sha="$(sources_sha)"
    [[ -f "$STAMP" && "$(cat "$STAMP")" == "$sha" ]] && return 0
    t0=$(now_ms)
    tmp="$(mktemp -d "$CACHE_DIR/classes.XXXXXX")"
    if ! "$JAVAC" -encoding UTF-8 -Xlint:all,-serial -d "$tmp" -cp "$LIBS_DIR/*" "${SOURCES[@]/#/$SRC_DIR/}"; then
        rm -rf "$tmp"
        die "javac failed on ${SOURCES[*]} in $SRC_DIR"
    fi
    echo "$sha" >"$tmp/.sources.sha256"
    rm -rf "$CLASSES_DIR"
    mv "$tmp" "$CLASSES_DIR"
    say "compiled ${SOURCES[*]} of $SRC_DIR against Kafka $KAFKA_VERSION into $CLASSES_DIR in $(secs_since "$t0") s"
}

install() {
    need_jdk
    lock_cache
    fetch
    compile
    unlock_cache
}

run() {
    local t0 rc=0
    t0=$(now_ms)
    # shellcheck disable=SC2086
    "$JAVA" $JAVA_OPTS -cp "$CLASSES_DIR:$LIBS_DIR/*" Oracle "$@" || rc=$?
    ((rc == 0)) && say "$1${INTERNAL_FLAG[*]:+ ${INTERNAL_FLAG[*]}} (Kafka $KAFKA_VERSION): $(secs_since "$t0") s including JVM start"
    return "$rc"
}

# --internal (anywhere after the command) selects the internal records; internal-schemas is
# `schemas --internal`. Both are for the RELEASE only: another release's jars are not fetched.
CMD="${1:-}"
(($#)) && shift
ARGS=()
INTERNAL_FLAG=()
for a in "$@"; do
    if [[ "$a" == --internal ]]; then INTERNAL_FLAG=(--internal); else ARGS+=("$a"); fi
done
if [[ "$CMD" == internal-schemas ]]; then
    CMD=schemas
    INTERNAL_FLAG=(--internal)
fi
if ((${#INTERNAL_FLAG[@]})); then
    case "$CMD" in
        generate | echo | json | from-json | schemas) ;;
        *) say "$CMD does not take --internal"; usage; exit 2 ;;
    esac
    if ((!INTERNAL)); then
        say "Kafka's internal records (--internal, internal-schemas) are covered for Kafka $KAFKA_RELEASE only, the release of kafka-messages/schemas/RELEASE and of kafka-messages/internal-schemas; not for KAFKA_VERSION=$KAFKA_VERSION"
        exit 3
    fi
fi

case "$CMD" in
    generate)
        [[ ${#ARGS[@]} -ge 1 ]] || { usage; exit 2; }
        install; run "$CMD" "${ARGS[@]}" "${INTERNAL_FLAG[@]}" ;;
    echo | json | from-json | request-log)
        [[ ${#ARGS[@]} -eq 2 ]] || { usage; exit 2; }
        [[ -f "${ARGS[0]}" ]] || die "input file '${ARGS[0]}' not found"
        install; run "$CMD" "${ARGS[@]}" "${INTERNAL_FLAG[@]}" ;;
    schemas | errors | api-keys)
        [[ ${#ARGS[@]} -eq 1 ]] || { usage; exit 2; }
        install; run "$CMD" "${ARGS[@]}" "${INTERNAL_FLAG[@]}" ;;
    -h | --help | help) usage ;;
    *) usage; exit 2 ;;
esac
