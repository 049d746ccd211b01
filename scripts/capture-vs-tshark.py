#!/usr/bin/env python3
"""kafka-capture and tshark on the same capture, side by side.

    scripts/capture-vs-tshark.py CAPTURE [--port 9392] [--bin target/release/kafka-capture]
                                 [--copies 40] [--rounds 3]

1. Decoding: every Kafka message (request or response) each tool reads, per API and version.
   tshark is told to read as Kafka the ports of every Kafka connection kafka-capture finds (those
   it finds by their first bytes too).
   kafka-capture: its JSON lines (a message is decoded when it has no requestError or
   responseError). tshark: its PDML, one `kafka` protocol element per message; a message is
   decoded when the element holds no expert item of severity warning or above (malformed,
   undecoded: "Unsupported ... version", "Unknown API key", "does not end at the pdu length",
   "Request missing") and no `_ws.malformed`.
2. Speed: the capture repeated --copies times (each copy's packets shifted in time after the
   last's) read by `kafka-capture --format json` and by `tshark -T json`, interleaved, --rounds
   rounds each, both writing to /dev/null: MB of capture per second, the median.

Exits 1 when kafka-capture leaves a message undecoded.

Needs tshark (Debian: tshark). Python's standard library only.
"""

import argparse
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ours(binary, capture, port):
    """(api, version, 'request'|'response') -> [messages, decoded], and the servers' ports."""
    out = subprocess.run([binary, "--format", "json", "--port", str(port), capture],
                         check=False, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("kafka-capture failed: " + out.stderr)
    rows = defaultdict(lambda: [0, 0])
    ports = {port}
    for line in out.stdout.splitlines():
        x = json.loads(line)
        ports.add(int(x["connection"].rsplit(":", 1)[1]))
        key = (x["apiKey"], x["apiVersion"])
        for what in ("request", "response"):
            if what in x or what + "Error" in x:
                row = rows[key + (what,)]
                row[0] += 1
                row[1] += what in x
    return rows, sorted(ports)


def tshark_version():
    out = subprocess.run(["tshark", "--version"], capture_output=True, text=True, check=True)
    m = re.search(r"(\d+\.\d+\.\d+)", out.stdout)
    return m.group(1) if m else "?"


def as_kafka(ports):
    """tshark's arguments that read `ports` as Kafka."""
    return [arg for p in ports for arg in ("-d", "tcp.port==%d,kafka" % p)]


def theirs(capture, ports):
    """(api, version, 'request'|'response') -> [messages, decoded], from tshark's PDML."""
    proc = subprocess.Popen(["tshark", "-r", capture] + as_kafka(ports) + ["-T", "pdml"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    rows = defaultdict(lambda: [0, 0])
    for _, elem in ET.iterparse(proc.stdout, events=("end",)):
        if elem.tag != "proto" or elem.get("name") != "kafka":
            if elem.tag == "packet":
                elem.clear()
            continue
        m = re.match(r"Kafka \((.*) v(\d+) (Request|Response)\)", elem.get("showname", ""))
        key = None
        for f in elem.iter("field"):
            if f.get("name") in ("kafka.api_key", "kafka.response_key", "kafka.request_key") and key is None:
                key = int(f.get("show"))
        version = int(m.group(2)) if m else -1
        what = (m.group(3).lower() if m else "request")
        bad = any(p.get("name") == "_ws.malformed" for p in elem.iter("proto"))
        for f in elem.iter("field"):
            if f.get("name") == "_ws.expert.severity" and int(f.get("show")) >= 6291456:
                bad = True
        row = rows[(key if key is not None else -1, version, what)]
        row[0] += 1
        row[1] += not bad
    proc.wait()
    return rows


def api_names():
    """API key -> name, from the vendored schemas' file names."""
    names = {}
    schemas = os.path.join(REPO, "kafka-messages", "schemas")
    for name in os.listdir(schemas):
        if name.endswith("Request.json"):
            text = open(os.path.join(schemas, name)).read()
            text = re.sub(r"//.*", "", text)
            data = json.loads(text)
            names[data["apiKey"]] = name[: -len("Request.json")]
    return names


def repeat(capture, copies, path):
    """Writes the pcap `capture` `copies` times over, each copy after the last in time."""
    data = open(capture, "rb").read()
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    nanos = magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
    packets, at = [], 24
    while at + 16 <= len(data):
        sec, frac, incl, orig = struct.unpack(endian + "IIII", data[at:at + 16])
        packets.append((sec, frac, data[at + 16:at + 16 + incl], orig))
        at += 16 + incl
    span = packets[-1][0] - packets[0][0] + 1
    with open(path, "wb") as out:
        out.write(data[:24])
        for k in range(copies):
            for sec, frac, body, orig in packets:
                out.write(struct.pack(endian + "IIII", sec + k * span, frac, len(body), orig))
                out.write(body)
    return os.path.getsize(path)


def timed(cmd):
    t0 = time.perf_counter()
    with open(os.devnull, "wb") as null:
        subprocess.run(cmd, stdout=null, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("capture")
    p.add_argument("--port", type=int, default=9092)
    p.add_argument("--bin", default=os.path.join(REPO, "target", "release", "kafka-capture"))
    p.add_argument("--copies", type=int, default=40, help="0: no speed comparison")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--no-analysis", dest="analysis", action="store_false",
                   help="time kafka-capture without --analysis json (on by default: the issue's measure)")
    a = p.parse_args()

    names = api_names()
    mine, ports = ours(a.bin, a.capture, a.port)
    tshark = theirs(a.capture, ports)
    version = tshark_version()
    print("| API | version | messages | decoded by kafka-capture | decoded by tshark %s |" % version)
    print("| --- | ---: | ---: | ---: | ---: |")
    per_api = defaultdict(lambda: [0, 0, 0])
    for (key, ver) in sorted({(k, v) for k, v, _ in mine}):
        counts = [0, 0, 0]
        for what in ("request", "response"):
            n, d = mine.get((key, ver, what), [0, 0])
            counts[0] += n
            counts[1] += d
            counts[2] += tshark.get((key, ver, what), [0, 0])[1]
        print("| %s | %d | %d | %d | %d |" % (names.get(key, key), ver, *counts))
        for i in range(3):
            per_api[0][i] += counts[i]
    total = per_api[0]
    print("| **all** | | **%d** | **%d** | **%d** |" % tuple(total))
    unmatched = sum(n for (k, _, _), (n, _) in tshark.items() if k == -1)
    if unmatched:
        print("\n(tshark also shows %d messages it could not tell the API of)" % unmatched)

    if total[1] < total[0]:
        sys.exit("kafka-capture decoded %d of %d messages" % (total[1], total[0]))

    if a.copies == 0:
        return
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, "repeated.pcap")
        size = repeat(a.capture, a.copies, big)
        ours_t, theirs_t = [], []
        for _ in range(a.rounds):
            ours_t.append(timed([a.bin, "--format", "json", "--port", str(a.port)]
                                + (["--analysis", "json"] if a.analysis else []) + [big]))
            theirs_t.append(timed(["tshark", "-r", big] + as_kafka(ports) + ["-T", "json"]))
        mb = size / 1e6
        o, t = statistics.median(ours_t), statistics.median(theirs_t)
        print("\nSpeed, %.1f MB of capture (%d copies), JSON out, median of %d interleaved rounds:" % (mb, a.copies, a.rounds))
        print("| tool | seconds | MB/s |")
        print("| --- | ---: | ---: |")
        print("| kafka-capture --format json%s | %.3f | %.1f |" % (" --analysis json" if a.analysis else "", o, mb / o))
        print("| tshark -T json | %.3f | %.1f |" % (t, mb / t))
        print("\nkafka-capture reads the capture %.1fx as fast as tshark." % (t / o))


if __name__ == "__main__":
    main()
