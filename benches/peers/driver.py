#!/usr/bin/env python3
"""Interleaves the contender processes of scripts/bench-peers.sh and reports.

Each contender process (Rust, Go, Java) builds the workloads itself and answers
one line per command on stdin/stdout (benches/peers/README.md). This driver:

1. asks every process for the sha256 of what each of its contenders encodes
   (and of what it decodes, encoded again) and stops unless all agree;
2. warms every process up, then calibrates each (contender, operation,
   workload) to a batch of about BATCH_MS (the process's estimate, checked
   against the median of three batches of that size);
3. runs ROUNDS rounds (after WARMUP_ROUNDS that are thrown away). In each
   round, for each workload, it asks every contender of every process for one
   batch, in an order that rotates every round, so that load which lasts
   longer than a round hits all of them alike;
4. reports, per workload and operation, each contender's median ns/op, the
   median over rounds of (contender / kafka-wire) and of (contender / memcpy),
   with the interquartile range, and its CPU time per operation (the whole
   process, all threads: /proc/<pid>/task/*/schedstat around each batch), which
   shows work that a garbage collector does on the other core.

Standard library only. Every wait is bounded (a timeout per command and
MAX_SECONDS for the rounds).
"""

import argparse
import json
import os
import select
import shlex
import statistics
import subprocess
import sys
import time

BASELINE = "kafka-wire"
MEMCPY = "memcpy"
WORKLOAD_TITLES = {
    "small_v7": "small v7",
    "large_v7": "large v7",
    "large_v4": "large v4",
    "acls_v3": "CreateAcls v3",
    "response_v7": "response v7",
    "metadata_v12": "Metadata response v12, 1,000 partitions",
    "fetch_v16": "Fetch response v16, 100 partitions of 4 KiB records",
    "produce_v9": "Produce request v9, 100 partitions of 4 KiB records",
}
# Kafka's JSON form: "json-write" hashes the JSON text, which must be the same for every
# contender; "json-read" hashes the message read from that text, encoded again. The binary
# ops (encode, decode, memcpy) hash the message's bytes.
OPS = ("encode", "decode", "json-write", "json-read")


def hash_group(op):
    """Which hashes of a workload must agree: each JSON op's among themselves, the binary ops'."""
    return op if op.startswith("json-") else "bytes"


def say(msg):
    print(f"bench-peers: {msg}", file=sys.stderr, flush=True)


class Proc:
    """One contender process, spoken to line by line with a timeout."""

    def __init__(self, name, argv, log_dir):
        self.name = name
        self.argv = argv
        self.log_path = os.path.join(log_dir, f"{name}.stderr.log")
        self.log = open(self.log_path, "wb")
        self.p = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log
        )
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def readline(self, timeout):
        deadline = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"{self.name}: no answer within {timeout:.0f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise RuntimeError(
                        f"{self.name}: exited (status {self.p.wait()}); see {self.log_path}"
                    )
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        text = line.decode().strip()
        if text.startswith("error"):
            raise RuntimeError(f"{self.name}: {text}")
        return text

    def ask(self, line, timeout=120):
        self.send(line)
        return self.readline(timeout)

    def cpu_ns(self):
        """CPU time of every thread of the process so far (ns), from schedstat."""
        total = 0
        base = f"/proc/{self.p.pid}/task"
        try:
            tids = os.listdir(base)
        except FileNotFoundError:
            return 0
        for tid in tids:
            try:
                with open(f"{base}/{tid}/schedstat") as f:
                    total += int(f.read().split()[0])
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                pass  # a thread that ended in between
        return total

    def close(self):
        try:
            if self.p.poll() is None:
                self.send("quit")
                self.p.wait(timeout=10)
        except Exception:
            pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait(timeout=10)
        self.log.close()


def quartiles(values):
    v = sorted(values)
    if not v:
        return (float("nan"),) * 3
    at = lambda q: v[round((len(v) - 1) * q)]  # noqa: E731 (as benches/paired.rs)
    return at(0.25), at(0.5), at(0.75)


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def uptime():
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=10).stdout.strip()
    except Exception:
        return "load average: " + ", ".join(loadavg())


def fmt_ns(ns):
    if ns != ns:  # NaN
        return "—"
    if ns >= 100:
        return f"{ns:,.0f}"
    return f"{ns:.1f}"


def fmt_ratio(x, digits=2):
    return "—" if x != x else f"{x:.{digits}f}×"


def fmt_iqr(lo, hi, digits=2):
    return "—" if lo != lo else f"{lo:.{digits}f}–{hi:.{digits}f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--proc", action="append", default=[], metavar="NAME=COMMAND",
                    help="a contender process; COMMAND is split like a shell would")
    ap.add_argument("--rounds", type=int, default=41)
    ap.add_argument("--warmup-rounds", type=int, default=3)
    ap.add_argument("--batch-ms", type=float, default=20.0)
    ap.add_argument("--warmup-ms", action="append", default=[], metavar="NAME=MS",
                    help="time each process runs all its contenders before calibration")
    ap.add_argument("--workloads", default="small_v7,large_v7,large_v4,acls_v3,response_v7,metadata_v12,fetch_v16,produce_v9")
    ap.add_argument("--max-seconds", type=float, default=900.0,
                    help="stop the rounds after this long and report what was measured")
    ap.add_argument("--out", required=True, help="directory for results.md, results.json and logs")
    ap.add_argument("--header", action="append", default=[], help="a line for the report's header")
    args = ap.parse_args()

    os.makedirs(args.out, exist_ok=True)
    workloads = [w for w in args.workloads.split(",") if w]
    warmup_ms = dict(kv.split("=", 1) for kv in args.warmup_ms)
    started = time.monotonic()
    load_start, uptime_start = loadavg(), uptime()
    procs = []
    try:
        for spec in args.proc:
            name, cmd = spec.split("=", 1)
            procs.append(Proc(name, shlex.split(cmd), args.out))
        hello = {p.name: p.ask("hello", timeout=300) for p in procs}
        for p in procs:
            say(hello[p.name])

        # ---- 1. identical bodies, by hash, before anything is timed
        checks = []  # (proc, workload, contender, op, len, sha, allocs, bytes)
        for p in procs:
            p.send("check")
            while True:
                line = p.readline(timeout=600)
                if line == "end":
                    break
                _, w, c, op, n, sha, allocs, nbytes = line.split()
                checks.append((p.name, w, c, op, int(n), sha, int(allocs), int(nbytes)))
        bad = []
        reference = {}
        for (pn, w, c, op, n, sha, _, _) in checks:
            if w not in workloads:
                continue
            ref = reference.setdefault((w, hash_group(op)), (n, sha, f"{pn}:{c} {op}"))
            if (n, sha) != ref[:2]:
                bad.append(f"{w}: {pn}:{c} {op} gives {n} B sha256 {sha}, but {ref[2]} gives {ref[0]} B {ref[1]}")
        for w in workloads:
            if (w, "bytes") not in reference:
                bad.append(f"{w}: no process knows this workload")
        if bad:
            for b in bad:
                say("MISMATCH " + b)
            say("the contenders do not agree on the bytes; nothing was timed")
            return 1
        say("identical bodies: " + ", ".join(f"{w} {reference[(w, 'bytes')][0]} B sha256 {reference[(w, 'bytes')][1][:16]}…" for w in workloads)
            + f" ({len([c for c in checks if c[1] in workloads])} encodings and re-encodings of decodes agree)")

        # ---- 2. warm-up and calibration
        for p in procs:
            ms = int(float(warmup_ms.get(p.name, "1000")))
            if ms > 0:
                say(f"warming up {p.name} for {ms} ms")
                p.ask(f"warmup {ms}", timeout=ms / 1000 + 600)
        items = {w: [] for w in workloads}  # workload -> [(proc, contender, op, iterations)]
        batch_ns = int(args.batch_ms * 1e6)
        for (pn, w, c, op, *_rest) in checks:
            if w in workloads:
                p = next(q for q in procs if q.name == pn)
                n = int(p.ask(f"calibrate {w} {c} {op} {batch_ns}", timeout=120))
                # The process's own estimate rests on one batch, which a garbage collection
                # or a burst of load can stretch (Go then chose 2 iterations where 10 fit):
                # take the median of three batches of that size and size again from it.
                per = statistics.median(
                    int(p.ask(f"bench {w} {c} {op} {n}", timeout=120)) / n for _ in range(3))
                n = max(1, round(batch_ns / max(per, 1.0)))
                items[w].append((p, c, op, n))
        for w in workloads:
            have = {(c, op) for (_, c, op, _) in items[w]}
            for need in ((BASELINE, "encode"), (BASELINE, "decode"), (MEMCPY, "memcpy")):
                if need not in have:
                    say(f"{w}: no {need[0]} {need[1]} among the contenders; ratios need it")
                    return 1

        # ---- 3. interleaved rounds
        total_rounds = args.warmup_rounds + args.rounds
        # samples[(w, proc, contender, op)] = list of (round, wall ns/op, cpu ns/op, iterations)
        samples = {}
        loads = []
        round_started = time.monotonic()
        done_rounds = 0
        stopped_early = False
        for r in range(total_rounds):
            if time.monotonic() - round_started > args.max_seconds:
                stopped_early = True
                say(f"MAX_SECONDS={args.max_seconds:.0f} reached after {done_rounds} rounds; reporting those")
                break
            for wi in range(len(workloads)):
                w = workloads[(wi + r) % len(workloads)]
                todo = items[w]
                k = r % len(todo)
                for (p, c, op, n) in todo[k:] + todo[:k]:
                    cpu0 = p.cpu_ns()
                    wall = int(p.ask(f"bench {w} {c} {op} {n}", timeout=120))
                    cpu = p.cpu_ns() - cpu0
                    if r >= args.warmup_rounds:
                        samples.setdefault((w, p.name, c, op), []).append((r, wall / n, cpu / n, n))
            loads.append(float(loadavg()[0]))
            if r >= args.warmup_rounds:
                done_rounds += 1
            if r == 0 or (r + 1) % 10 == 0 or r + 1 == total_rounds:
                say(f"round {r + 1}/{total_rounds} ({time.monotonic() - round_started:.0f} s, load {loads[-1]:.2f})")
        load_end, uptime_end = loadavg(), uptime()
    finally:
        for p in procs:
            p.close()

    # ---- 4. report
    def series(w, pn, c, op):
        return {r: (ns, cpu) for (r, ns, cpu, _) in samples.get((w, pn, c, op), [])}

    rows = []  # dicts for results.json and the tables
    for w in workloads:
        base = {}
        for (p, c, op, _) in items[w]:
            if c == BASELINE and p.name == "rust":
                base[op] = series(w, p.name, c, op)
            if c == MEMCPY and p.name == "rust":
                mem = series(w, p.name, c, op)
        for (p, c, op, n) in items[w]:
            s = series(w, p.name, c, op)
            if not s:
                continue
            rounds = sorted(s)
            kw = base.get(op, {})
            vs_kw = [s[r][0] / kw[r][0] for r in rounds if r in kw] if op != "memcpy" else []
            vs_mem = [s[r][0] / mem[r][0] for r in rounds if r in mem]
            walls = [s[r][0] for r in rounds]
            cpus = [s[r][1] for r in rounds]
            raw = samples[(w, p.name, c, op)]
            mean_ns = sum(ns * it for (_, ns, _, it) in raw) / sum(it for (*_, it) in raw)
            mean_cpu = sum(cpu * it for (_, _, cpu, it) in raw) / sum(it for (*_, it) in raw)
            kw_raw = samples.get((w, "rust", BASELINE, op), [])
            kw_cpu = (sum(cpu * it for (_, _, cpu, it) in kw_raw) / sum(it for (*_, it) in kw_raw)) if kw_raw else float("nan")
            alloc = next(((a, b) for (pn, ww, cc, oo, _, _, a, b) in checks
                          if pn == p.name and ww == w and cc == c and oo == op), (-1, -1))
            rows.append({
                "workload": w, "op": op, "process": p.name, "contender": c, "iterations": n,
                "rounds": len(rounds),
                "median_ns": quartiles(walls)[1], "mean_ns": mean_ns,
                "vs_kafka_wire": quartiles(vs_kw), "vs_memcpy": quartiles(vs_mem),
                "cpu_ns": mean_cpu, "cpu_vs_kafka_wire": (mean_cpu / kw_cpu) if op != "memcpy" else float("nan"),
                "cpu_over_wall": mean_cpu / mean_ns,
                "allocs": alloc[0], "alloc_bytes": alloc[1],
                "min_ns": min(walls),
            })

    out = []
    out.append("# Across languages: `scripts/bench-peers.sh`")
    out.append("")
    for h in args.header:
        out.append(f"- {h}")
    for pn, line in hello.items():
        out.append(f"- `{pn}` process: `{line}`")
    out.append(f"- {done_rounds} rounds counted (after {args.warmup_rounds} thrown away), batches of about "
               f"{args.batch_ms:g} ms, workloads rotating and contenders rotating within each round"
               + (" (stopped early by MAX_SECONDS)" if stopped_early else ""))
    out.append(f"- host load before: `{uptime_start}`")
    out.append(f"- host load after: `{uptime_end}`")
    if loads:
        out.append(f"- 1-minute load average over the rounds: min {min(loads):.2f}, median "
                   f"{statistics.median(loads):.2f}, max {max(loads):.2f} (2 cores)")
    out.append(f"- wall time of the whole run (from the first process start): {time.monotonic() - started:.0f} s")
    out.append("")

    # Summary: kafka-wire's speed-up over each contender (their time / ours, median over rounds).
    # kafka-wire's other decode forms ("kafka-wire/reused", "kafka-wire/borrowed") get a column
    # of their own ratio to memcpy instead.
    forms, others = [], []
    for r_ in rows:
        c = r_["contender"]
        if r_["op"] == "memcpy" or c == BASELINE:
            continue
        lst = forms if c.startswith(BASELINE + "/") else others
        if c not in lst:
            lst.append(c)
    out.append("## kafka-wire's speed-up over each contender")
    out.append("")
    out.append("Median over rounds of (contender's time / kafka-wire's time) in the same round; above 1 means "
               "kafka-wire is faster. `× memcpy` is kafka-wire's time over memcpy's (Rust "
               "copy of the same bytes, half a page from them) in the same round. Decode compares every "
               "decode form against kafka-wire's owned decode.")
    out.append("")
    out.append("| workload | op | kafka-wire ns/op | × memcpy | " + "".join(f"{f} × memcpy | " for f in forms)
               + " | ".join(f"vs {o}" for o in others) + " |")
    out.append("|---|---|--:|--:|" + "--:|" * (len(forms) + len(others)))
    slower = []
    for w in workloads:
        for op in OPS:
            kw = next((x for x in rows if x["workload"] == w and x["op"] == op and x["contender"] == BASELINE), None)
            if kw is None:
                continue
            cells = []
            for f in forms:
                x = next((x for x in rows if x["workload"] == w and x["op"] == op and x["contender"] == f), None)
                cells.append(fmt_ratio(x["vs_memcpy"][1], 1) if x else "")
            for o in others:
                x = next((x for x in rows if x["workload"] == w and x["op"] == op and x["contender"] == o), None)
                cells.append(fmt_ratio(x["vs_kafka_wire"][1]) if x else "")
                if x and x["vs_kafka_wire"][1] < 1:
                    slower.append(f"{WORKLOAD_TITLES.get(w, w)} {op}: {o} ({x['vs_kafka_wire'][1]:.2f}×)")
            out.append(f"| {WORKLOAD_TITLES.get(w, w)} | {op} | {fmt_ns(kw['median_ns'])} | "
                       f"{fmt_ratio(kw['vs_memcpy'][1], 1)} | " + " | ".join(cells) + " |")
    out.append("")
    if slower:
        out.append("**kafka-wire is slower than a contender in:** " + "; ".join(slower) + ".")
    else:
        out.append("kafka-wire's median time is below every other contender's, on every workload, in both "
                   "directions.")
    out.append("")

    out.append("## Every contender")
    out.append("")
    out.append("ns/op: median over rounds, and the mean (all time over all operations, which counts a "
               "garbage collection's pause in full even when most batches miss one). `× kafka-wire` and "
               "`× memcpy`: median over rounds of this contender's time over kafka-wire's (same op) and "
               "over memcpy's, with the interquartile range. CPU: the process's CPU time per operation, "
               "all threads (a collector working on the other core counts), and its ratio to "
               "kafka-wire's. Allocations per operation after the first (Java: bytes only).")
    out.append("")
    out.append("| workload | op | contender | ns/op median | mean | × kafka-wire | IQR | × memcpy | IQR | "
               "CPU ns/op | CPU × kafka-wire | allocs/op | bytes/op |")
    out.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for w in workloads:
        for op in OPS + ("memcpy",):
            for x in rows:
                if x["workload"] != w or x["op"] != op:
                    continue
                a = x["vs_kafka_wire"]
                m = x["vs_memcpy"]
                allocs = "—" if x["allocs"] < 0 else f"{x['allocs']:,}"
                out.append(
                    f"| {WORKLOAD_TITLES.get(w, w)} | {op} | {x['contender']} | {fmt_ns(x['median_ns'])} | "
                    f"{fmt_ns(x['mean_ns'])} | {fmt_ratio(a[1])} | {fmt_iqr(a[0], a[2])} | "
                    f"{fmt_ratio(m[1], 1)} | {fmt_iqr(m[0], m[2], 1)} | {fmt_ns(x['cpu_ns'])} | "
                    f"{fmt_ratio(x['cpu_vs_kafka_wire'])} | {allocs} | {x['alloc_bytes']:,} |")
    out.append("")
    report = "\n".join(out)
    print(report)
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(report + "\n")
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({
            "hello": hello, "header": args.header, "load_start": load_start, "load_end": load_end,
            "uptime_start": uptime_start, "uptime_end": uptime_end, "loads": loads,
            "rows": rows,
            "samples": {" ".join(k): v for k, v in samples.items()},
        }, f, indent=1)
    say(f"wrote {os.path.join(args.out, 'results.md')} and results.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
