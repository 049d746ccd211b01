# shellcheck shell=bash
# scripts/common.sh: the preamble every shell script in scripts/ sources, so that finding the
# repository, the cache, the Java and Maven settings and the checks for missing tools are written
# once instead of once per script. Not a command: each script sources it, after its header comment:
#
#   # shellcheck source-path=SCRIPTDIR source=common.sh
#   . "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
#
# which works from any directory and however the script is called (`bash scripts/x.sh`,
# `scripts/x.sh`, `cd scripts && ./x.sh`): the path is the script's own, not the caller's
# directory. (`|| exit 1`: before this file has run, `set -e` is not on yet.)
#
# Sourcing it
#   - turns on `set -euo pipefail`;
#   - sets these variables (none of them is read from the environment, except through JAVA_HOME):
#       SCRIPT_DIR   scripts/, as a physical path (symlinks resolved)
#       REPO_ROOT    the repository root, its parent
#       CACHE_ROOT   $REPO_ROOT/.cache: what the scripts download or build and keep between runs
#                    (jars, venvs, node modules, Go modules), one directory per script; git ignores it
#       SCRIPT_NAME  the sourcing script's file name without .sh: the prefix of `say`
#       JAVA, JAVAC  $JAVA_HOME/bin/java(c) when JAVA_HOME is set, else java(c) from PATH
#       DEP_PLUGIN   maven-dependency-plugin, pinned (3.6.1) so that what a fetch brings does not
#                    depend on the default plugin of the local mvn
#       KAFKA_RELEASE  the Apache Kafka release the messages are declared from, as
#                    kafka-messages/schemas/RELEASE (the one place it is written) names it: the
#                    release of every Kafka jar the scripts fetch (the poms say ${kafka.version})
#                    unless a script's KAFKA_VERSION asks for another (kafka-broker.sh,
#                    java-oracle.sh and java-records.sh read it, e.g. 3.9.1)
#   - defines these functions:
#       say MSG...             "<script>: MSG" on stderr (progress and notes; stdout stays the result)
#       die MSG...             "<script>: ERROR: MSG" on stderr, exit 1
#       have CMD               CMD (a name or a path) can be run
#       need CMD HINT          die "CMD not found: HINT" unless CMD can be run; HINT says how to
#                              install it, or what to set instead
#       java_major TOOL        the major version that `TOOL -version` reports (java or javac; 1.8 -> 8)
#       need_java MIN PKG WHO TOOL...
#                              each TOOL (e.g. "$JAVA" "$JAVAC") exists and is Java >= MIN, else
#                              die, naming WHO needs it and the Debian package PKG that provides it
#       now_s, now_ms          the clock, in seconds / milliseconds
#       secs_since T0_MS       seconds since now_ms gave T0_MS, as 1.234
#       mvn_copy_deps POM DIR [VERSION [MVN_ARG...]]
#                              mvn copies the runtime dependencies of POM's project (jars) into DIR,
#                              with kafka.version set to VERSION (default KAFKA_RELEASE) and the
#                              further MVN_ARGs (e.g. -Dname=value); mvn's output goes wherever
#                              the caller sends it
#       show_mvn_log FILE N    the last N lines of an mvn log, without colour codes or blank lines,
#                              on stderr
#       list_jars DIR          the *.jar file names in DIR, one a line (what a cache marker lists)
#       jars_present MARKER DIR
#                              every *.jar line of the marker file MARKER names a non-empty file in
#                              DIR: the jars of a completed fetch are all still there
#
# It does not cd: the scripts that take paths on their command line (java-oracle.sh, java-records.sh,
# ...) resolve them against the caller's directory, and those that work from the root say
# `cd "$REPO_ROOT"` themselves. Every environment-variable override (KAFKA_PORT, ROUNDS, ...) stays
# in the script it belongs to, next to its default. See scripts/README.md.

# The variables are set here for the scripts that source this file, not used in it.
# shellcheck disable=SC2034

set -euo pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
REPO_ROOT="$(cd -- "$SCRIPT_DIR/.." && pwd -P)"
CACHE_ROOT="$REPO_ROOT/.cache"
KAFKA_RELEASE="$(tr -d '[:space:]' <"$REPO_ROOT/kafka-messages/schemas/RELEASE")"
SCRIPT_NAME="$(basename -- "${BASH_SOURCE[1]:-$0}" .sh)"

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAVAC="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
DEP_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.6.1"

say() { printf '%s: %s\n' "$SCRIPT_NAME" "$*" >&2; }
die() { say "ERROR: $*"; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }
need() { have "$1" || die "$1 not found: $2"; }

now_s() { date +%s; }
now_ms() { date +%s%3N; }
secs_since() { local t0=$1 t1; t1=$(now_ms); printf '%d.%03d' $(((t1 - t0) / 1000)) $(((t1 - t0) % 1000)); }

java_major() {
    local line major
    line="$("$1" -version 2>&1 | grep -m1 -Eo '(version "[^"]+"|javac [0-9][^ ]*)' || true)"
    major="${line#version \"}"; major="${major#javac }"; major="${major%%[.\"]*}"
    [[ "$major" == 1 ]] && major="$(sed -E 's/.*1\.([0-9]+).*/\1/' <<<"$line")"
    printf '%s' "$major"
}

need_java() {
    local min=$1 pkg=$2 who=$3 tool major
    shift 3
    for tool in "$@"; do
        have "$tool" ||
            die "$(basename -- "$tool") not found${JAVA_HOME:+ in JAVA_HOME=$JAVA_HOME}: $who needs Java >= $min; e.g. 'apt-get install -y $pkg', or set JAVA_HOME."
        major="$(java_major "$tool")"
        [[ "$major" =~ ^[0-9]+$ ]] || die "cannot parse the Java version from '$tool -version'."
        ((major >= min)) ||
            die "$tool is Java $major, but $who needs Java >= $min: install e.g. $pkg or point JAVA_HOME to a JDK >= $min."
    done
}

mvn_copy_deps() {
    local pom=$1 dir=$2 version=${3:-$KAFKA_RELEASE}
    shift 2
    (($# == 0)) || shift
    mvn -B -q -Dstyle.color=never -f "$pom" "$DEP_PLUGIN:copy-dependencies" -DincludeScope=runtime \
        -Dkafka.version="$version" -DoutputDirectory="$dir" "$@"
}

show_mvn_log() {
    sed -e 's/\x1b\[[0-9;]*m//g' "$1" | grep -v '^[[:space:]]*$' | tail -n "$2" | sed 's/^/  mvn: /' >&2 || true
}

list_jars() { (cd -- "$1" && ls -1 -- *.jar); }

jars_present() {
    [[ -f "$1" && -d "$2" ]] || return 1
    local jar
    while IFS= read -r jar; do
        [[ "$jar" == *.jar ]] || continue
        [[ -s "$2/$jar" ]] || return 1
    done <"$1"
}

# A certificate authority named CA_NAME, and certificates it signs for 127.0.0.1 in DIR: the
# broker's (with its key in one PEM file, broker-keystore.pem, as Kafka's PEM key store takes it)
# and the proxy's; ca.pem is what either side trusts. Needs openssl.
make_certificates() { # DIR CA_NAME
    local dir=$1 ca_name=$2 name
    mkdir -p "$dir"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$ca_name" \
        -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
    for name in broker proxy; do
        openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
            -keyout "$dir/$name.key" -out "$dir/$name.csr" 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n' >"$dir/$name.ext"
        openssl x509 -req -days 2 -in "$dir/$name.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" \
            -CAcreateserial -extfile "$dir/$name.ext" -out "$dir/$name.pem" 2>/dev/null
    done
    cat "$dir/broker.key" "$dir/broker.pem" >"$dir/broker-keystore.pem"
}

# Sets PROXY to the kafka-proxy binary to run: $KAFKA_PROXY when set (CI passes the debug one its
# test step built), else the release one, built here.
find_proxy() {
    PROXY="${KAFKA_PROXY:-}"
    if [[ -z "$PROXY" ]]; then
        say "building kafka-proxy (release)"
        (cd "$REPO_ROOT" && cargo build -q --release -p kafka-wire-proxy --bin kafka-proxy)
        PROXY="$REPO_ROOT/target/release/kafka-proxy"
    fi
}

# Builds and starts kafka-fake in the background on a port the OS picks, with ARGS added, and
# waits for its listening line: sets fake_pid, fake_port and fake_log (its output), and stops it
# and removes the log on exit.
start_fake() {
    (cd "$REPO_ROOT" && cargo build -q -p kafka-wire-fake --bin kafka-fake)
    fake_log="$(mktemp)"
    "$REPO_ROOT/target/debug/kafka-fake" --port 0 "$@" >"$fake_log" 2>&1 &
    fake_pid=$!
    trap 'kill "$fake_pid" 2>/dev/null || true; rm -f "$fake_log"' EXIT
    fake_port=""
    for _ in $(seq 1 100); do
        fake_port="$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$fake_log")"
        [[ -n "$fake_port" ]] && return 0
        sleep 0.1
    done
    cat "$fake_log" >&2
    die "kafka-fake did not start"
}
