"""The markdown table of a proxy benchmark run, shared by proxy-bench.sh and proxy-sasl-clients.sh
(bench): reads OUT/runs.txt (a line per run, `ROUND TARGET | producer's summary | consumer's CSV
line | latency producer's summary`; round 0 is the warm-up) and OUT/cpu.txt (`TARGET TICKS HZ`, the
proxy's CPU for the whole run; with OUT/cpu-consume.txt, the same while the consumer ran alone),
and prints medians, each target's ratios to `direct` (medians of
the rounds' ratios), the p99 added and the proxy's CPU seconds per GB carried. Consuming is shown
twice: over the consumer's whole run (ConsumerPerformance's MB.sec, its group join included) and
over its fetching alone (fetch.MB.sec, the join left out)."""

import os
import re
import statistics


def table(out, rounds, records, size, lat_records, labels, first_column, footnote):
    """Prints the table. `labels`: (target, its row's label) in row order, `direct` first;
    `first_column`: the first column's heading; `footnote`: the line under the table."""
    runs = {}
    for line in open(os.path.join(out, "runs.txt")):
        head, p, c, l = [x.strip() for x in line.split("|")]
        round_, target = head.split()
        if round_ == "0":
            continue
        mb_p = float(re.search(r"\(([0-9.]+) MB/sec\)", p).group(1))
        fields = c.split(",")
        mb_c, mb_fetch = float(fields[3]), float(fields[8])
        p99 = float(re.search(r"([0-9.]+) ms 99th", l).group(1))
        runs.setdefault(target, {})[round_] = (mb_p, mb_c, p99, mb_fetch)
    gb = (rounds + 1) * (2 * records * size + lat_records * size) / 1e9
    cpu = {}
    for line in open(os.path.join(out, "cpu.txt")):
        name, ticks, hz = line.split()[:3]
        cpu[name] = int(ticks) / int(hz) / gb
    # With OUT/cpu-consume.txt (a line per consumer run after the warm-up, `TARGET TICKS HZ`): the
    # proxy's CPU per GB while only a consumer ran through it.
    consuming = {}
    path = os.path.join(out, "cpu-consume.txt")
    if os.path.exists(path):
        ticks = {}
        for line in open(path):
            name, t, hz = line.split()[:3]
            ticks[name] = ticks.get(name, 0) + int(t) / int(hz)
        consumed = rounds * records * size / 1e9
        consuming = {name: s / consumed for name, s in ticks.items()}
    med = statistics.median
    d = runs["direct"]
    print("| %s | produce MB/s | vs direct | consume MB/s | vs direct | fetching MB/s | vs direct "
          "| p99 at 5,000 records/s | added | proxy CPU s per GB |" % first_column)
    print("|---|---|---|---|---|---|---|---|---|---|")
    for t, label in labels:
        r = runs[t]
        m = [med([x[i] for x in r.values()]) for i in range(4)]
        if t == "direct":
            print("| %s | %.1f | | %.1f | | %.1f | | %.0f ms | | |" % (
                label, m[0], m[1], m[3], m[2]))
            continue
        ratio = lambda i: med([r[k][i] / d[k][i] for k in r])
        added = med([r[k][2] - d[k][2] for k in r])
        print("| %s | %.1f | %.0f%% | %.1f | %.0f%% | %.1f | %.0f%% | %.0f ms | %+.0f ms | %s |" % (
            label, m[0], 100 * ratio(0), m[1], 100 * ratio(1), m[3], 100 * ratio(3), m[2], added,
            "%.2f" % cpu[t] + (" (consuming: %.2f)" % consuming[t] if t in consuming else "")))
    print()
    print(footnote)
    print()
    print("Each round's consume ratios (whole run / fetching alone): " + "; ".join(
        "%s %s" % (t, ", ".join("%.0f/%.0f%%" % (100 * runs[t][k][1] / d[k][1],
                                                 100 * runs[t][k][3] / d[k][3])
                                for k in sorted(runs[t], key=int)))
        for t, _ in labels if t != "direct"))
