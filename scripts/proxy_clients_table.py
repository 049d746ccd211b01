"""The table of scripts/proxy-clients.sh: per setup and client session, through the proxy with the
tenant filter and passing through, whether it passed, the exchanges the proxy logged, the APIs they
used and the listeners they came through (the bootstrap's and each broker's).

    python3 proxy_clients_table.py OUT SECONDS SETUP...
"""

import collections
import re
import sys

SESSIONS = ["java", "kafka-python", "confluent", "kafkajs", "librdkafka"]
NAMES = {
    "java": "Kafka's Java clients 4.4.0 (Workload.java)",
    "kafka-python": "kafka-python 3.0.12",
    "confluent": "confluent-kafka 2.16.1",
    "kafkajs": "kafkajs 2.2.4",
    "librdkafka": "librdkafka (Debian)",
}
SETUPS = {"single": "one broker", "cluster": "three brokers", "tls": "one broker, TLS on both sides"}
LINE = re.compile(r"^\d\d:\d\d:\d\d\.\d{3} #(\d+) \S+ \S+ (\w+) v(\d+) ")
OPENED = re.compile(r"^#(\d+) opened: \S+ -> \S+ \((.+)\)$")


def sessions_of(log):
    """Exchanges per session: (connection id, API, version) of each logged line."""
    out, session = collections.defaultdict(list), None
    for line in open(log):
        if line.startswith("=== "):
            session = line[4:].strip()
            continue
        m = LINE.match(line)
        if m and session:
            out[session].append((int(m.group(1)), m.group(2), int(m.group(3))))
    return out


def listeners_of(events):
    out = {}
    for line in open(events):
        m = OPENED.match(line.strip())
        if m:
            out[int(m.group(1))] = m.group(2)
    return out


def cell(out, setup, mode, session):
    rc, secs = open("%s/%s-%s-%s.rc" % (out, setup, mode, session)).read().split()
    exchanges = sessions_of("%s/%s-%s.log" % (out, setup, mode)).get(session, [])
    listeners = listeners_of("%s/%s-%s.events" % (out, setup, mode))
    reached = sorted({listeners.get(c, "?") for c, _, _ in exchanges})
    apis = {api for _, api, _ in exchanges}
    status = "ok" if rc == "0" else "FAILED (exit %s)" % rc
    return "%s, %s s: %d exchanges, %d APIs; %s" % (status, secs, len(exchanges), len(apis), ", ".join(reached)), rc == "0"


def main():
    out, seconds, setups = sys.argv[1], sys.argv[2], sys.argv[3:]
    ok = True
    print("Made by `scripts/proxy-clients.sh %s` in %s s." % (" ".join(setups), seconds))
    print()
    print("| setup | client | with the tenant filter | passing through |")
    print("|---|---|---|---|")
    per_api = collections.Counter()
    for setup in setups:
        for session in SESSIONS:
            row = [SETUPS[setup], NAMES[session]]
            for mode in ("tenant", "passthrough"):
                text, passed = cell(out, setup, mode, session)
                ok &= passed
                row.append(text)
            print("| " + " | ".join(row) + " |")
        for mode in ("tenant", "passthrough"):
            for exchanges in sessions_of("%s/%s-%s.log" % (out, setup, mode)).values():
                per_api.update("%s v%d" % (api, v) for _, api, v in exchanges)
    print()
    print("APIs and versions through the proxy, exchanges of every run above:")
    print()
    print(", ".join("%s (%d)" % (k, n) for k, n in sorted(per_api.items())))
    print()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
