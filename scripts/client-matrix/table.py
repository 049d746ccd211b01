"""Markdown tables from one client-matrix run (scripts/client-matrix.sh).

usage: table.py OUT_DIR ELAPSED_S PROFILE=CAPS...
Reads OUT_DIR/fake-<profile>.log (kafka-fake's REQ lines), <client>-<profile>.jsonl (the
driver's steps) and <client>-<profile>.rc; prints the tables; exits 1 if anything failed.
"""
import collections
import datetime
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "kafka-messages", "schemas", "RELEASE"), encoding="utf-8") as f:
    KAFKA_RELEASE = f.read().strip()

CLIENTS = {
    "kafka-python": "kafka-python 3.0.12 (PyPI)",
    "java": f"Java AdminClient, kafka-clients {KAFKA_RELEASE} (Maven Central)",
    "confluent": "confluent-kafka 2.16.1 with its librdkafka 2.16.0 (PyPI)",
    "kafkajs": "kafkajs 2.2.4 (npm)",
    "librdkafka": "librdkafka 2.0.2, C API (Debian librdkafka-dev)",
}
APIS = ["ApiVersions", "Metadata", "CreateTopics", "CreatePartitions", "DeleteTopics",
        "CreateAcls", "DescribeAcls", "DeleteAcls"]
# Kafka 4.4's (and kafka-messages') highest version of each: what an uncapped kafka-fake serves.
MAX = {"ApiVersions": "5", "Metadata": "13", "CreateTopics": "7", "CreatePartitions": "3",
       "DeleteTopics": "6", "CreateAcls": "3", "DescribeAcls": "3", "DeleteAcls": "3"}

out_dir, elapsed = sys.argv[1], sys.argv[2]
profiles = collections.OrderedDict(p.split("=", 1) for p in sys.argv[3:])
problems = []

# (client, profile) -> list of REQ records
reqs = collections.defaultdict(list)
for k in profiles:
    for line in open(os.path.join(out_dir, "fake-%s.log" % k)):
        if not line.startswith("REQ\t"):
            continue
        _, conn, _peer, client_id, api, version, corr, outcome, detail = (line.rstrip("\n").split("\t") + [""])[:9]
        parts = client_id.split("-")
        client = "-".join(parts[1:-1]) if client_id.startswith("matrix-") else client_id
        reqs[(client, k)].append(dict(conn=conn, api=api, version=version, outcome=outcome, detail=detail))

ran = [c for c in CLIENTS if any(os.path.exists(os.path.join(out_dir, "%s-%s.rc" % (c, k))) for k in profiles)]
steps, rcs = {}, {}
for c in ran:
    for k in profiles:
        path = os.path.join(out_dir, "%s-%s.jsonl" % (c, k))
        steps[(c, k)] = [json.loads(l) for l in open(path) if l.startswith("{")] if os.path.exists(path) else []
        rc_path = os.path.join(out_dir, "%s-%s.rc" % (c, k))
        rcs[(c, k)] = open(rc_path).read().split() if os.path.exists(rc_path) else ["?", "?"]
        if rcs[(c, k)][0] != "0":
            problems.append("%s against %s exited %s" % (c, k, rcs[(c, k)][0]))
        for s in steps[(c, k)]:
            if not s["ok"]:
                problems.append("%s against %s: step %r (%s) failed: %s" % (c, k, s["step"], s["api"], s["detail"]))
        for r in reqs[(c, k)]:
            if r["outcome"] == "refused":
                problems.append("%s against %s: kafka-fake refused %s v%s: %s" % (c, k, r["api"], r["version"], r["detail"]))


def api_versions_path(records):
    """ApiVersions exchanges of one connection, e.g. 'v5 → 35 (0-3) → v3'."""
    hops = []
    for r in records:
        if r["api"] != "ApiVersions":
            continue
        if r["outcome"] == "unsupported":
            hops.append("v%s → UNSUPPORTED_VERSION, 18: %s" % (r["version"], r["detail"].rsplit("18:", 1)[-1]))
        else:
            hops.append("v%s %s" % (r["version"], "ok" if r["outcome"] == "ok" else r["outcome"]))
    return " → ".join(hops)


print("<!-- written by scripts/client-matrix.sh on %s in %s s -->" % (
    datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), elapsed))
print()
print("Clients: " + "; ".join(CLIENTS[c] for c in ran) + ".")
skipped = os.path.join(out_dir, "skipped")
if os.path.exists(skipped):
    print("Skipped (install step failed): " + ", ".join(open(skipped).read().split()) + ".")
print()
print("kafka-fake's advertised maxima per profile (every API starts at Kafka 4.4's lowest version):")
print()
print("| profile | " + " | ".join(APIS) + " |")
print("|---|" + "---|" * len(APIS))
for k, caps in profiles.items():
    cap = dict(c.split("=") for c in caps.split())
    print("| %s | %s |" % (k, " | ".join(cap.get(a, MAX[a]) for a in APIS)))
print()
print("### Client x API x version")
print()
print("Decoded: requests kafka-fake read and answered at that version (refused ones are failures).")
print("Accepted: scenario steps of that API the client completed as expected (success, or the")
print("expected error such as TOPIC_ALREADY_EXISTS, surfaced as the client's own exception).")
print()
print("| client | API | version | profiles | decoded by kafka-fake | accepted by the client |")
print("|---|---|---|---|---|---|")
for c in ran:
    rows = collections.OrderedDict()
    for api in APIS:
        for k in profiles:
            for outcome in ("ok", "unsupported"):
                used = sorted({int(r["version"]) for r in reqs[(c, k)] if r["api"] == api and r["outcome"] == outcome})
                for v in used:
                    row = rows.setdefault((api, v, outcome), {"profiles": [], "decoded": 0, "ok": 0, "total": 0})
                    row["profiles"].append(k)
                    row["decoded"] += sum(1 for r in reqs[(c, k)] if r["api"] == api
                                          and r["version"] == str(v) and r["outcome"] == outcome)
                    if outcome == "ok":
                        api_steps = [s for s in steps[(c, k)] if s["api"] == api]
                        row["ok"] += sum(1 for s in api_steps if s["ok"])
                        row["total"] += len(api_steps)
    for (api, v, outcome), row in sorted(rows.items(), key=lambda i: (APIS.index(i[0][0]), i[0][1], i[0][2])):
        if outcome == "unsupported":
            decoded = "%d: header read, answered v0 UNSUPPORTED_VERSION" % row["decoded"]
            accepted = "yes: retried lower"
        else:
            decoded = str(row["decoded"])
            accepted = ("%d/%d steps" % (row["ok"], row["total"])) if row["total"] else "yes (handshake)"
        print("| %s | %s | v%d | %s | %s | %s |" % (c, api, v, " ".join(row["profiles"]), decoded, accepted))
print()
print("### How each client negotiated")
print()
print("ApiVersions exchanges on each connection (distinct paths), then the versions it chose.")
print()
print("| client | profile | ApiVersions | versions used | steps ok | run time |")
print("|---|---|---|---|---|---|")
for c in ran:
    for k in profiles:
        by_conn = collections.OrderedDict()
        for r in reqs[(c, k)]:
            by_conn.setdefault(r["conn"], []).append(r)
        paths = list(collections.OrderedDict.fromkeys(api_versions_path(rs) for rs in by_conn.values()))
        used = []
        for api in APIS[1:]:
            vs = sorted({int(r["version"]) for r in reqs[(c, k)] if r["api"] == api and r["outcome"] == "ok"})
            if vs:
                used.append("%s %s" % (api, "/".join("v%d" % v for v in vs)))
        s = steps[(c, k)]
        print("| %s | %s | %s | %s | %d/%d | %s s |" % (
            c, k, "; ".join(p for p in paths if p) or "-", ", ".join(used) or "-",
            sum(1 for x in s if x["ok"]), len(s), rcs[(c, k)][1]))
print()
if problems:
    print("**Failures (%d):**" % len(problems))
    print()
    for p in problems:
        print("- " + p.replace("|", "\\|"))
    print()
    for p in problems:
        print("FAILED: " + p, file=sys.stderr)
    sys.exit(1)
print("No failures: every run exited 0, every step was accepted, kafka-fake refused nothing.")
