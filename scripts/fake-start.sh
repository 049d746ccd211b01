#!/usr/bin/env bash
# How long kafka-fake takes from its launch to its first answered request: the process is started,
# and a client connects as soon as the port accepts and sends ApiVersions v0 (correlation id 1) until
# an answer comes; the time from launch to that answer is printed, once per run (median of RUNS).
# Kafka's own broker takes about 16 s to the same point on this machine (docs/fake.md).
#
#   scripts/fake-start.sh [RUNS]     RUNS: 20 by default; builds the debug kafka-fake first
#
# Everything on 127.0.0.1 at a port the OS picks (--port 0); each run bounded to 10 s.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

runs="${1:-20}"
(cd "$REPO_ROOT" && cargo build -q -p kafka-wire-fake --bin kafka-fake)
fake="$REPO_ROOT/target/debug/kafka-fake"
need python3 "it times the client side"

python3 - "$fake" "$runs" <<'PY'
import socket, struct, subprocess, sys, time, statistics
fake, runs = sys.argv[1], int(sys.argv[2])
# ApiVersions v0: api key 18, version 0, correlation id 1, client id "t".
body = struct.pack(">hhih", 18, 0, 1, 1) + b"t"
frame = struct.pack(">i", len(body)) + body
times = []
for _ in range(runs):
    t0 = time.monotonic()
    p = subprocess.Popen([fake, "--port", "0", "--exit-after-secs", "10"],
                         stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        port = int(line.rsplit(":", 1)[1])
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(frame)
        size = struct.unpack(">i", s.recv(4))[0]
        got = 0
        while got < size:
            got += len(s.recv(size - got))
        times.append((time.monotonic() - t0) * 1000)
        s.close()
    finally:
        p.kill()
        p.wait()
print(f"kafka-fake: launch to first ApiVersions answer: median {statistics.median(times):.1f} ms, "
      f"min {min(times):.1f} ms, max {max(times):.1f} ms over {runs} runs")
PY
