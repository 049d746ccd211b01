#!/usr/bin/env bash
# Kafka's own Java clients (kafka-clients 4.4.0) against kafka-fake and against a Kafka 4.4 broker,
# side by side (issue 41's proof): scripts/fake-java/JavaSession.java runs, unchanged against each,
# five timed scenarios, each failing on any missing, extra or reordered record or any answer that is
# not Kafka's:
#   admin          topics created with configs (and again: TopicExistsException), the cluster and the
#                  topics described, partitions added, configs described and altered incrementally,
#                  topics listed, one deleted, ACLs created, described and deleted
#   idempotent     idempotent acks=all producers of every codec (none gzip snappy lz4 zstd), 200
#                  records read back exactly (offset, key, value, header, timestamp) by an assigned
#                  consumer
#   transactional  a transactional producer commits, aborts (flushed first) and commits, sending its
#                  offsets to the group of a KIP-848 member (its groupMetadata()); read_committed reads
#                  exactly the 20 committed records, read_uncommitted all 30, the group's offsets
#                  (listConsumerGroupOffsets) are the last commit's, the transaction is described and
#                  listed as CompleteCommit
#   classic        two members of a classic group on four partitions, two partitions each, 40 records
#                  each read once by its partition's member, committed, described, left
#   consumer       the same in a KIP-848 group (group.protocol=consumer)
# and prints a markdown table, scenario x side (pass or FAIL, seconds), also into
# .cache/fake-java/fake-java.md; with FAKE_JAVA_DOC set (e.g. docs/fake.md) it replaces that file's
# `fake-java` block with it. Fails when any scenario fails on either side.
#
#   scripts/fake-java.sh [SCENARIO...]        (default: all five)
#
# The broker (kafka-broker.sh) listens on 127.0.0.1:$FAKE_JAVA_PORT (9950; its controller on the next
# port), kafka-fake on a port the OS picks. Needs Java 17 (javac too) and the jars
# `kafka-broker.sh fetch` brings (fetched here when missing); the session is compiled once into
# .cache/fake-java/classes and again only when its source changes. Each side's run is bounded to
# 240 s (each scenario to 60 s, each wait in it to 30 s). The clients' stderr (a trace of the groups'
# assignments, and any stack trace) is kept in .cache/fake-java/{kafka,fake}.err.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

port="${FAKE_JAVA_PORT:-9950}"
libs="$CACHE_ROOT/kafka-$KAFKA_RELEASE/libs"
out="$CACHE_ROOT/fake-java"
classes="$out/classes"
source="$SCRIPT_DIR/fake-java/JavaSession.java"
scenarios=("$@")
for s in "${scenarios[@]}"; do
    case "$s" in
        admin | idempotent | transactional | classic | consumer) ;;
        *) die "unknown scenario '$s' (one of: admin idempotent transactional classic consumer)" ;;
    esac
done

need_java 17 openjdk-17-jdk-headless "the Java session" "$JAVA" "$JAVAC"
need python3 "kafka-broker.sh and the doc block need it; e.g. 'apt-get install -y python3'"
bash "$SCRIPT_DIR/kafka-broker.sh" fetch
mkdir -p "$classes"
if [[ ! -s "$classes/JavaSession.class" || "$source" -nt "$classes/JavaSession.class" ]]; then
    say "compiling $(basename -- "$source")"
    "$JAVAC" -nowarn -cp "$libs/*" -d "$classes" "$source"
fi

t0=$(now_ms)
broker() { KAFKA_PORT="$port" KAFKA_CONTROLLER_PORT=$((port + 1)) bash "$SCRIPT_DIR/kafka-broker.sh" "$@"; }

# One side's run: SIDE BOOTSTRAP; its RESULT lines into $out/SIDE.txt, its seconds into
# $out/SIDE.secs. Returns the session's exit status.
session() {
    local side=$1 bootstrap=$2 t1 rc=0
    t1=$(now_ms)
    timeout 240 "$JAVA" -cp "$classes:$libs/*" JavaSession "$bootstrap" "${scenarios[@]}" \
        >"$out/$side.txt" 2>"$out/$side.err" || rc=$?
    secs_since "$t1" >"$out/$side.secs"
    grep -a '^RESULT' "$out/$side.txt" | cut -f2- | tr '\t' ' ' | sed "s/^/  $side: /" >&2 || true
    if ((rc != 0)); then
        say "the session against $side exited $rc (124: timed out); its last lines of stderr:"
        grep -av '^trace' "$out/$side.err" | tail -n 15 >&2 || true
    fi
    return "$rc"
}

failures=0
rm -f "$out"/{fake,kafka}.{txt,err,secs}
start_fake --exit-after-secs 300
trap 'broker stop || true; kill "$fake_pid" 2>/dev/null || true; rm -f "$fake_log"' EXIT
session fake "127.0.0.1:$fake_port" || failures=$((failures + 1))
kill "$fake_pid" 2>/dev/null || true
wait "$fake_pid" 2>/dev/null || true
broker start
session kafka "127.0.0.1:$port" || failures=$((failures + 1))
broker stop

# The table: a row per scenario that either side reported (in the session's order), a cell per side;
# a scenario whose RESULT line is missing on a side (the run died) is a failure there.
python3 - "$out" "$(secs_since "$t0")" "${scenarios[@]}" >"$out/fake-java.md" <<'PY' || failures=$((failures + 1))
import sys

out, total, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
results, order = {}, []
for side in ("kafka", "fake"):
    results[side] = {}
    with open(f"{out}/{side}.txt", errors="replace") as f:
        for line in f:
            if line.startswith("RESULT\t"):
                _, name, outcome, secs, detail = (line.rstrip("\n").split("\t", 4) + [""])[:5]
                results[side][name] = (outcome, secs, detail)
                if name not in order:
                    order.append(name)
for name in wanted:
    if name not in order:
        order.append(name)
secs = {side: "%.1f" % float(open(f"{out}/{side}.secs").read()) for side in ("kafka", "fake")}
failed = 0
print("| scenario | Kafka 4.4 | kafka-fake | what the clients saw |")
print("| --- | --- | --- | --- |")
for name in order:
    cells, details = [], {}
    for side in ("kafka", "fake"):
        outcome, s, detail = results[side].get(name, ("FAIL", "-", "no result: the run ended first"))
        failed += outcome != "pass"
        cells.append(f"{outcome}, {s} s" if s != "-" else outcome)
        details[side] = detail
    seen = details["kafka"] if details["kafka"] == details["fake"] else \
        f"Kafka: {details['kafka']}; kafka-fake: {details['fake']}"
    print(f"| {name} | {cells[0]} | {cells[1]} | {seen} |")
print(f"| whole run (one JVM) | {secs['kafka']} s | {secs['fake']} s | |")
print()
print(f"Made by `bash scripts/fake-java.sh` in {float(total):.0f} s (the broker's start, and cargo's "
      "check that kafka-fake is built, included).")
sys.exit(1 if failed else 0)
PY
cat "$out/fake-java.md"
if [[ -n "${FAKE_JAVA_DOC:-}" ]]; then
    python3 "$SCRIPT_DIR/doc_block.py" "$FAKE_JAVA_DOC" fake-java <"$out/fake-java.md"
    say "updated $FAKE_JAVA_DOC"
fi
((failures == 0)) || die "a scenario failed on one side or both: see the table above and $out/{kafka,fake}.{txt,err}"
say "every scenario passed against both in $(secs_since "$t0") s"
