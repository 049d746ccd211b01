#!/usr/bin/env bash
# Apache Kafka's record classes (kafka-clients, MemoryRecordsBuilder / MemoryRecords) as an
# oracle for kafka-wire's records codec: tests/java-records/RecordsOracle.java, compiled with
# plain javac against jars that mvn fetches once from Maven Central.
#
#   scripts/java-records.sh write <batches.bin> <expected.tsv>
#   scripts/java-records.sh read <batches.bin> <dump.tsv> <rewritten.bin>
#   scripts/java-records.sh bench <results.tsv>   # the Java client on benches/records.rs's workloads
#   scripts/java-records.sh fetch        # only fetch the jars and compile
#
# Legacy message sets (magic 0 and 1), which Kafka 4's clients no longer write, with a 3.x
# kafka-clients (tests/java-records/LegacyRecordsOracle.java; its classes are where 3.x has them):
#
#   KAFKA_VERSION=3.9.1 scripts/java-records.sh legacy-write <sets.bin> <expected.tsv>
#   KAFKA_VERSION=3.9.1 scripts/java-records.sh legacy-read <sets.bin> <dump.tsv> <rewritten.bin>
#
# Env: JAVA_RECORDS_CACHE_DIR (<repo>/.cache/java-records-<KAFKA_VERSION>), KAFKA_VERSION
# (kafka-messages/schemas/RELEASE), JAVA_HOME (optional).
# Driven by `cargo test -p kafka-wire --features compression --test records_java -- --ignored`
# and (legacy) `cargo test -p kafka-wire --features compression --test legacy_records_java -- --ignored`.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

KAFKA_VERSION="${KAFKA_VERSION:-$KAFKA_RELEASE}"
# One cache per version: the 3.9.1 jars of the legacy oracle and the 4.x ones live side by side.
CACHE_DIR="${JAVA_RECORDS_CACHE_DIR:-$CACHE_ROOT/java-records-$KAFKA_VERSION}"
LIBS_DIR="$CACHE_DIR/libs"
CLASSES_DIR="$CACHE_DIR/classes"
MARKER="$CACHE_DIR/libs.complete"   # written only after a successful fetch
# The oracle of the command: the legacy commands have their own (3.x packages).
# (`fetch` compiles the oracle of the version: the legacy one for 3.x.)
case "${1:-}" in
    legacy-*) ORACLE=LegacyRecordsOracle ;;
    fetch) [[ "${KAFKA_VERSION%%.*}" == [0-3] ]] && ORACLE=LegacyRecordsOracle || ORACLE=RecordsOracle ;;
    *) ORACLE=RecordsOracle ;;
esac
SOURCE="$REPO_ROOT/tests/java-records/$ORACLE.java"

libs_complete() {
    jars_present "$MARKER" "$LIBS_DIR" || return 1
    grep -q "^# kafka_version=$KAFKA_VERSION\$" "$MARKER" || return 1
    grep -q '^kafka-clients-.*\.jar$' "$MARKER"
}

fetch() {
    libs_complete && return 0
    need "$JAVA" "Java 17 or newer is needed, e.g. 'apt-get install -y openjdk-17-jdk-headless', or set JAVA_HOME."
    need mvn "Maven fetches the kafka-clients jars once, e.g. 'apt-get install -y maven'."
    mkdir -p "$CACHE_DIR"
    local work t0
    t0=$(now_s)
    work="$(mktemp -d "$CACHE_DIR/fetch.XXXXXX")"
    cat >"$work/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local.kafka-wire</groupId><artifactId>java-records-libs</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId><version>$KAFKA_VERSION</version></dependency>
  </dependencies>
</project>
EOF
    say "fetching org.apache.kafka:kafka-clients:$KAFKA_VERSION and its runtime dependencies (zstd-jni, lz4-java, snappy-java) with mvn ..."
    if ! mvn_copy_deps "$work/pom.xml" "$work/libs" >"$work/mvn.log" 2>&1; then
        show_mvn_log "$work/mvn.log" 30
        die "mvn dependency:copy-dependencies failed (log: $work/mvn.log; is Maven Central reachable?)"
    fi
    [[ -s "$work/libs/kafka-clients-$KAFKA_VERSION.jar" ]] || die "kafka-clients-$KAFKA_VERSION.jar missing after the fetch"
    rm -rf "$LIBS_DIR" "$CLASSES_DIR"
    mv "$work/libs" "$LIBS_DIR"
    {
        echo "# kafka_version=$KAFKA_VERSION"
        echo "# fetched_at=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(($(now_s) - t0)) s"
        list_jars "$LIBS_DIR"
    } >"$MARKER.tmp"
    mv "$MARKER.tmp" "$MARKER"
    rm -rf "$work"
    say "fetched $(grep -c '\.jar$' "$MARKER") jars into $LIBS_DIR"
}

compile() {
    local class="$CLASSES_DIR/$ORACLE.class"
    [[ -f "$class" && "$class" -nt "$SOURCE" ]] && return 0
    need "$JAVAC" "a JDK (javac) 17 or newer is needed, e.g. 'apt-get install -y openjdk-17-jdk-headless'."
    mkdir -p "$CLASSES_DIR"
    "$JAVAC" -nowarn -d "$CLASSES_DIR" -cp "$LIBS_DIR/*" "$SOURCE" || die "javac failed on $SOURCE"
}

run() {
    fetch
    compile
    # slf4j-api without a binding prints a three-line NOP notice; the oracle logs nothing.
    "$JAVA" -Xmx1g -cp "$CLASSES_DIR:$LIBS_DIR/*" "$ORACLE" "$@" 2> >(grep -v '^SLF4J' >&2)
}

# Kafka 4 dropped the legacy formats (KIP-724): its MemoryRecordsBuilder refuses magic 0 and 1.
legacy_version() {
    [[ "${KAFKA_VERSION%%.*}" =~ ^[0-9]+$ && "${KAFKA_VERSION%%.*}" -lt 4 ]] ||
        die "$1 needs a kafka-clients that still writes magic 0 and 1: run it with KAFKA_VERSION=3.9.1 (not $KAFKA_VERSION)"
}

case "${1:-}" in
    write | read | bench) run "$@" ;;
    legacy-write | legacy-read) legacy_version "$1" && run "$@" ;;
    fetch) fetch && compile ;;
    *)
        # The header comment above, up to the line that sources common.sh.
        sed -n '2,/^# shellcheck source/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
        exit 2
        ;;
esac
