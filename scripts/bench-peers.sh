#!/usr/bin/env bash
# The cross-language benchmark, one command:
#
#   bash scripts/bench-peers.sh
#
# builds three contender processes and interleaves them on the workloads of
# benches/common/mod.rs:
#   rust  kafka-wire (owned, reused, borrowed), kafka-protocol 0.18, krabka-protocol 0.8
#         (owned, borrowed), memcpy
#         (benches/peers/rust, its own cargo project: krabka needs --ignore-rust-version)
#   go    franz-go kmsg (ReadFrom fresh, ReadFrom reused, UnsafeReadFrom), copy
#         (benches/peers/go; modules cached under .cache/go)
#   java  Apache Kafka's generated classes from kafka-clients (kafka-messages/schemas/RELEASE), System.arraycopy
#         (benches/peers/java; jars fetched once by mvn into .cache/bench-java/libs)
# then checks that every contender encodes, and decodes and re-encodes, the
# same bytes (sha256) before anything is timed, and prints markdown tables
# (also written to $OUT/results.md, raw rounds to $OUT/results.json).
# How it works and how to read it: benches/peers/README.md, BENCHMARKS.md.
#
# Env (defaults): ROUNDS (41) counted rounds; WARMUP_ROUNDS (3) rounds thrown away first;
#   BATCH_MS (20) length of one batch; JAVA_WARMUP_MS (20000) Java runs everything for this
#   long before calibration (C2); NATIVE_WARMUP_MS (1000) the same for Rust and Go;
#   WORKLOADS (small_v7,large_v7,large_v4,acls_v3,response_v7,metadata_v12,fetch_v16,produce_v9); LANGS (rust,go,java);
#   JAVA_OPTS (-Xms1g -Xmx1g); MAX_SECONDS (900) cap on the rounds; OUT (target/bench-peers);
#   JAVA_HOME (optional).
# A smoke run that only proves that everything builds and agrees:
#   ROUNDS=1 WARMUP_ROUNDS=0 BATCH_MS=1 JAVA_WARMUP_MS=0 NATIVE_WARMUP_MS=0 bash scripts/bench-peers.sh
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

PEERS="$REPO_ROOT/benches/peers"

ROUNDS="${ROUNDS:-41}"
WARMUP_ROUNDS="${WARMUP_ROUNDS:-3}"
BATCH_MS="${BATCH_MS:-20}"
JAVA_WARMUP_MS="${JAVA_WARMUP_MS:-20000}"
NATIVE_WARMUP_MS="${NATIVE_WARMUP_MS:-1000}"
WORKLOADS="${WORKLOADS:-small_v7,large_v7,large_v4,acls_v3,response_v7,metadata_v12,fetch_v16,produce_v9}"
LANGS="${LANGS:-rust,go,java}"
JAVA_OPTS="${JAVA_OPTS:--Xms1g -Xmx1g}"
MAX_SECONDS="${MAX_SECONDS:-900}"
OUT="${OUT:-$REPO_ROOT/target/bench-peers}"

TARGET="$REPO_ROOT/target/peers"            # cargo target dir of benches/peers/rust, and the Go binary
JAVA_CACHE="$CACHE_ROOT/bench-java"
LIBS_DIR="$JAVA_CACHE/libs"
MARKER="$JAVA_CACHE/libs.complete"           # written only after a successful fetch
CLASSES_DIR="$JAVA_CACHE/classes"
STAMP="$CLASSES_DIR/.sources.sha256"         # what the classes were compiled from

want() { [[ ",$LANGS," == *",$1,"* ]]; }

need python3 "the driver is benches/peers/driver.py (standard library only); e.g. 'apt-get install -y python3'"
want rust || die "LANGS must include rust: kafka-wire and memcpy, the baselines of every ratio, run there"
mkdir -p "$TARGET" "$OUT"
t0=$(now_s)

# ---------------------------------------------------------------- rust
need cargo "install Rust (rustup), e.g. from the rust-toolchain of this machine"
say "building benches/peers/rust (cargo build --release --ignore-rust-version)"
CARGO_TARGET_DIR="$TARGET" cargo build --quiet --release --ignore-rust-version \
    --manifest-path "$PEERS/rust/Cargo.toml"
RUST_BIN="$TARGET/release/peers-rust"
lock_version() { # crate name -> version in benches/peers/rust/Cargo.lock
    awk -v n="$1" '$0 == "name = \"" n "\"" { getline; gsub(/version = |"/, ""); print; exit }' \
        "$PEERS/rust/Cargo.lock"
}
PROCS=(--proc "rust=$RUST_BIN")
HEADER=(
    --header "command: \`ROUNDS=$ROUNDS WARMUP_ROUNDS=$WARMUP_ROUNDS BATCH_MS=$BATCH_MS JAVA_WARMUP_MS=$JAVA_WARMUP_MS bash scripts/bench-peers.sh\`"
    --header "kafka-wire $(lock_version kafka-wire) as of commit $(git -C "$REPO_ROOT" log -1 --format=%h -- kafka-wire kafka-wire-derive kafka-messages 2>/dev/null || echo '?') (the last to touch kafka-wire/, kafka-wire-derive/, kafka-messages/)$(git -C "$REPO_ROOT" diff --quiet HEAD -- kafka-wire kafka-wire-derive kafka-messages 2>/dev/null || echo ', with uncommitted changes'), kafka-protocol $(lock_version kafka-protocol), krabka-protocol $(lock_version krabka-protocol); $(rustc --version)"
)

# ---------------------------------------------------------------- go
if want go; then
    need go "install Go >= 1.26 (the kmsg module's go.mod asks for it), or run with LANGS=rust,java"
    export GOPATH="$CACHE_ROOT/go" GOMODCACHE="$CACHE_ROOT/go/mod" GOCACHE="$CACHE_ROOT/go/build"
    say "building benches/peers/go (go build; modules from the Go module proxy into .cache/go)"
    (cd "$PEERS/go" && go build -trimpath -o "$TARGET/peers-go" .)
    PROCS+=(--proc "go=$TARGET/peers-go")
    HEADER+=(--header "franz-go kmsg $(awk '$1 == "require" && $2 ~ /kmsg$/ { print $3 }' "$PEERS/go/go.mod"); $(go version)")
fi

# ---------------------------------------------------------------- java
libs_complete() {
    jars_present "$MARKER" "$LIBS_DIR" && grep -qxF "kafka-clients-$KAFKA_RELEASE.jar" "$MARKER"
}
if want java; then
    need "$JAVA" "the Java contender needs a JDK >= 17 (java and javac), e.g. 'apt-get install -y openjdk-17-jdk-headless', or set JAVA_HOME, or run with LANGS=rust,go"
    need "$JAVAC" "the Java contender needs javac (a JDK, not only a JRE)"
    if ! libs_complete; then
        need mvn "mvn is needed once, to fetch kafka-clients $KAFKA_RELEASE into $LIBS_DIR; e.g. 'apt-get install -y maven'"
        say "fetching kafka-clients $KAFKA_RELEASE and its runtime dependencies (mvn, Maven Central)"
        rm -rf "$LIBS_DIR" "$MARKER"
        mkdir -p "$LIBS_DIR"
        mvn_copy_deps "$PEERS/java/pom.xml" "$LIBS_DIR" >&2
        list_jars "$LIBS_DIR" >"$MARKER.tmp"
        mv "$MARKER.tmp" "$MARKER"
        libs_complete || die "the fetch did not bring kafka-clients-$KAFKA_RELEASE.jar; see $LIBS_DIR"
    fi
    sources_sha="$(cat "$PEERS/java/src/"*.java "$MARKER" | sha256sum | cut -d' ' -f1)"
    if [[ ! -f "$STAMP" || "$(cat "$STAMP")" != "$sources_sha" ]]; then
        say "compiling benches/peers/java (javac)"
        rm -rf "$CLASSES_DIR"
        mkdir -p "$CLASSES_DIR"
        "$JAVAC" -nowarn -d "$CLASSES_DIR" -cp "$LIBS_DIR/*" "$PEERS/java/src/"*.java
        printf '%s\n' "$sources_sha" >"$STAMP"
    fi
    # shellcheck disable=SC2206  # JAVA_OPTS is a list of words on purpose
    PROCS+=(--proc "java=$JAVA $JAVA_OPTS -cp $CLASSES_DIR:$LIBS_DIR/* PeersJava")
    HEADER+=(--header "Apache Kafka kafka-clients $KAFKA_RELEASE generated classes; $("$JAVA" -version 2>&1 | head -1); JAVA_OPTS=\`$JAVA_OPTS\`")
fi
say "built in $(( $(now_s) - t0 )) s"

HEADER+=(--header "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), glibc malloc with default settings")
python3 "$PEERS/driver.py" "${PROCS[@]}" "${HEADER[@]}" \
    --rounds "$ROUNDS" --warmup-rounds "$WARMUP_ROUNDS" --batch-ms "$BATCH_MS" \
    --warmup-ms "java=$JAVA_WARMUP_MS" --warmup-ms "rust=$NATIVE_WARMUP_MS" --warmup-ms "go=$NATIVE_WARMUP_MS" \
    --workloads "$WORKLOADS" --max-seconds "$MAX_SECONDS" --out "$OUT"
say "total $(( $(now_s) - t0 )) s"
