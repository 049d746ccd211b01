"""The Python half of scripts/proxy-sasl-clients.sh (run by the live-clients venv's python, which has
confluent-kafka):

    proxy_sasl_clients.py tokens DIR AUDIENCE ISSUER   an RSA key made with openssl, its JWKS
                                                       (DIR/jwks.json) and an RS256 JWT per user
                                                       (DIR/alice.jwt, DIR/bob.jwt), valid an hour
    proxy_sasl_clients.py setup DIRECT                 SCRAM-SHA-512 credentials of alice, bob and
                                                       proxy, and alice's and bob's ACLs (everything
                                                       over their tenant's prefix, a. and b.)
    proxy_sasl_clients.py check DIRECT PREFIX JSON     JSON, a session's output (the topics and
                                                       groups the client was shown through the
                                                       proxy), against the broker's names of the
                                                       tenant, asked directly
    proxy_sasl_clients.py final DIRECT NAME...         the broker holds each NAME (a session's
                                                       topic or group, ending in its user's name)
                                                       under its user's prefix only, none bare
    proxy_sasl_clients.py table OUT SECONDS            the markdown table of OUT/*.rc
    proxy_sasl_clients.py bench OUT ROUNDS RECORDS SIZE LATENCY_RECORDS
                                                       the load tools' table (OUT/runs.txt,
                                                       OUT/cpu.txt)

Everything talks to 127.0.0.1 only. Exit 1 on a failed check, with the reason on stderr.
"""

import base64
import glob
import json
import os
import statistics
import subprocess
import sys
import time

import proxy_bench_table

USERS = {"alice": "a.", "bob": "b."}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def tokens(directory, audience, issuer):
    key = os.path.join(directory, "jwt.key")
    subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
                    "-out", key], check=True, capture_output=True)
    modulus = subprocess.run(["openssl", "rsa", "-in", key, "-noout", "-modulus"], check=True,
                             capture_output=True, text=True).stdout.strip().split("=", 1)[1]
    n = bytes.fromhex(modulus)
    jwk = {"kty": "RSA", "kid": "proxy-sasl-clients", "alg": "RS256", "use": "sig",
           "n": b64url(n), "e": b64url((65537).to_bytes(3, "big"))}
    with open(os.path.join(directory, "jwks.json"), "w") as f:
        json.dump({"keys": [jwk]}, f)
    now = int(time.time())
    for user in USERS:
        header = b64url(json.dumps({"alg": "RS256", "typ": "JWT", "kid": jwk["kid"]}).encode())
        claims = {"sub": user, "iat": now, "exp": now + 3600, "aud": audience, "iss": issuer,
                  "scope": "kafka"}
        signing_input = header + "." + b64url(json.dumps(claims).encode())
        signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", key],
                                   input=signing_input.encode(), check=True,
                                   capture_output=True).stdout
        with open(os.path.join(directory, user + ".jwt"), "w") as f:
            f.write(signing_input + "." + b64url(signature) + "\n")


def admin_of(direct):
    from confluent_kafka.admin import AdminClient
    return AdminClient({"bootstrap.servers": direct, "client.id": "proxy-sasl-clients-check"})


def setup(direct):
    from confluent_kafka.admin import (AclBinding, AclOperation, AclPermissionType,
                                       ResourcePatternType, ResourceType, ScramCredentialInfo,
                                       ScramMechanism, UserScramCredentialUpsertion)
    admin = admin_of(direct)
    info = ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096)
    upserts = [UserScramCredentialUpsertion(user, info, (user + "-secret").encode())
               for user in list(USERS) + ["proxy"]]
    for f in admin.alter_user_scram_credentials(upserts).values():
        f.result(30)
    acls = [AclBinding(kind, prefix, ResourcePatternType.PREFIXED, "User:" + user, "*",
                       AclOperation.ALL, AclPermissionType.ALLOW)
            for user, prefix in USERS.items()
            for kind in (ResourceType.TOPIC, ResourceType.GROUP)]
    for f in admin.create_acls(acls).values():
        f.result(30)
    # The SCRAM credentials reach the broker's cache through the metadata log: wait for them.
    deadline = time.time() + 30
    while time.time() < deadline:
        described = admin.describe_user_scram_credentials(list(USERS) + ["proxy"])
        try:
            if all(f.result(10).scram_credential_infos for f in described.values()):
                return
        except Exception:  # noqa: BLE001 - not yet there
            pass
        time.sleep(0.2)
    sys.exit("setup: the SCRAM credentials did not appear")


def names_at_broker(direct):
    admin = admin_of(direct)
    topics = set(admin.list_topics(timeout=30).topics)
    groups = {g.group_id for g in admin.list_consumer_groups(request_timeout=30).result(30).valid}
    return topics, groups


def check(direct, prefix, session_json):
    with open(session_json) as f:
        lines = [line for line in f if line.startswith("{")]
    if not lines:
        sys.exit("check: no JSON line in %s" % session_json)
    shown = json.loads(lines[-1])
    topics, groups = names_at_broker(direct)
    want_topics = {t[len(prefix):] for t in topics if t.startswith(prefix)}
    want_groups = {g[len(prefix):] for g in groups if g.startswith(prefix)}
    problems = []
    # The client's own names are the tenant's exactly: every one of them, no other tenant's, no
    # internal topic. (Groups: the broker's list may have grown by a group another session of the
    # same tenant made since; none runs at the same time.)
    if set(shown["topics"]) != want_topics:
        problems.append("topics shown %s, the tenant's at the broker %s"
                        % (sorted(shown["topics"]), sorted(want_topics)))
    if set(shown["groups"]) != want_groups:
        problems.append("groups shown %s, the tenant's at the broker %s"
                        % (sorted(shown["groups"]), sorted(want_groups)))
    if problems:
        sys.exit("check %s (%s): %s" % (session_json, prefix, "; ".join(problems)))
    print("%d topics, %d groups, all the tenant's" % (len(want_topics), len(want_groups)))


def final(direct, names):
    topics, groups = names_at_broker(direct)
    missing, bare = [], []
    for name in names:
        # A session's names end with its user's (before "-group"): the broker must hold them
        # under that user's tenant's prefix.
        user = name[:-len("-group")] if name.endswith("-group") else name
        prefix = USERS[user.rsplit("-", 1)[1]]
        if prefix + name not in topics and prefix + name not in groups:
            missing.append(prefix + name)
        if any(p + name in topics or p + name in groups for p in USERS.values() if p != prefix):
            bare.append("%s under the other tenant" % name)
        if name in topics or name in groups:
            bare.append(name)
    if missing or bare:
        sys.exit("final: missing at the broker %s; unprefixed or misplaced %s" % (missing, bare))
    print("the broker holds %d topics and %d groups of a. and %d topics and %d groups of b., none unprefixed"
          % tuple(len([n for n in s if n.startswith(p)]) for p in USERS.values() for s in (topics, groups)))


def table(out, seconds):
    results = {}
    for path in sorted(glob.glob(os.path.join(out, "*.rc"))):
        mode, client, user = os.path.basename(path)[:-3].split("--")
        rc, secs = open(path).read().split()
        results.setdefault(client, {}).setdefault(mode, []).append((user, int(rc), int(secs)))
    modes = ["inspection", "termination", "oauthbearer", "accounts"]
    clients = ["java", "kafka-python", "confluent", "kafkajs", "librdkafka"]
    print("| client | " + " | ".join(modes) + " |")
    print("| --- |" + " --- |" * len(modes))
    for client in clients:
        cells = []
        for mode in modes:
            runs = results.get(client, {}).get(mode)
            if not runs:
                cells.append("not run")
            elif all(rc == 0 for _, rc, _ in runs):
                cells.append("pass, %d s" % max(s for _, _, s in runs))
            else:
                cells.append("**FAIL** " + ", ".join(u for u, rc, _ in runs if rc))
        print("| %s | %s |" % (client, " | ".join(cells)))
    print()
    print("Made by `bash scripts/proxy-sasl-clients.sh` in %s s (the broker's start included); each cell"
          " gives the seconds of alice's and bob's sessions, run at the same time." % seconds)


def bench(out, rounds, records, size, lat_records):
    rounds, records, size, lat_records = map(int, (rounds, records, size, lat_records))
    labels = [("direct", "direct, SCRAM-SHA-512"), ("termination", "proxy terminating SCRAM-SHA-512"),
              ("quotas", "the same, with the quota filter")]
    counts = {}
    for name in ("termination", "quotas", "baseline"):
        path = os.path.join(out, "perf-%s.csv" % name)
        if os.path.exists(path):
            events = {}
            for line in open(path):
                fields = line.split(",")
                if len(fields) > 2 and fields[0].isdigit():
                    events[fields[2].split(":")[-1]] = int(fields[0])
            counts[name] = events
    if os.path.exists(os.path.join(out, "bench-baseline.toml")):
        labels.append(("baseline", "the same as the first, the baseline build (`BASELINE_PROXY`)"))
    proxy_bench_table.table(
        out, rounds, records, size, lat_records,
        labels,
        "target (TLS, SASL)",
        "Medians of %d interleaved rounds after a warm-up (`bash scripts/proxy-sasl-clients.sh bench`); "
        "a ratio is the median of the rounds' ratios to direct. %d records of %d bytes produced "
        "(acks=1, linger.ms=5) and consumed per run; latency from %d records at 5,000/s. The proxy "
        "runs %s." % (rounds, records, size, lat_records,
                      "with `--threads %s`" % os.environ["THREADS"] if os.environ.get("THREADS")
                      else "with its default threads, one per CPU"))
    fetches(out, rounds, [name for name, _ in labels])
    gb = (rounds + 1) * (2 * records * size + lat_records * size) / 1e9
    if counts:
        print()
        print("| proxy (perf, per GB carried) | socket reads | socket writes | epoll waits "
              "| context switches | page faults |")
        print("|---|---|---|---|---|---|")
        for name, e in counts.items():
            get = lambda *keys: sum(e.get(k, 0) for k in keys) / gb
            print("| %s | %.0f | %.0f | %.0f | %.0f | %.0f |" % (
                name, get("sys_enter_recvfrom", "sys_enter_read"),
                get("sys_enter_sendto", "sys_enter_write", "sys_enter_writev", "sys_enter_sendmsg"),
                get("sys_enter_epoll_wait"), get("context-switches"), get("page-faults")))


def fetches(out, rounds, targets):
    """Prints the medians over the rounds of the consumer's own fetch-latency-avg (a fetch's round
    trip, request sent to response read) and fetch-size-avg, from its --print-metrics in
    OUT/consume-TARGET-ROUND.txt."""
    def metric(path, name):
        for line in open(path):
            if line.startswith("consumer-fetch-manager-metrics:%s:" % name) and "topic=" not in line:
                return float(line.rsplit(":", 1)[1])
        return None
    parts = []
    for target in targets:
        latency, size = [], []
        for round_ in range(1, rounds + 1):
            path = os.path.join(out, "consume-%s-%d.txt" % (target, round_))
            if not os.path.exists(path):
                continue
            l, s = metric(path, "fetch-latency-avg"), metric(path, "fetch-size-avg")
            if l is not None and s is not None:
                latency.append(l)
                size.append(s)
        if latency:
            parts.append("%s %.1f ms for %.0f KB" % (
                target, statistics.median(latency), statistics.median(size) / 1e3))
    if parts:
        print()
        print("The consumer's fetches (its fetch-latency-avg and fetch-size-avg, medians of the "
              "rounds): " + "; ".join(parts))


def main():
    command, args = sys.argv[1], sys.argv[2:]
    {"tokens": tokens, "setup": setup, "check": check, "table": table, "bench": bench,
     "final": lambda direct, *names: final(direct, names)}[command](*args)


if __name__ == "__main__":
    main()
