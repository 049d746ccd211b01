#!/usr/bin/env python3
"""Writes a synthetic pcap of Kafka traffic, streamed (never held in memory),
and prints an independent count of what it wrote, for measuring kafka-capture's
time and memory at scale (issue 42).

Every frame is built here by hand from Kafka's schemas (no kafka-wire code):
ApiVersions v3, Metadata v12 and Produce v9 (a record batch of magic 2, its
CRC32C computed here) requests, each with its response. Connections open with
a SYN and SYN-ACK and close with a FIN each way; `--open W` connections are
open at once, their packets interleaved round-robin, so the number of open
connections is what the run stresses; `--produce-bytes` makes each Produce
request's batch that large, for captures of a few GB.

    python3 scripts/capture-synth.py --connections 100000 --open 100000 out.pcap
    python3 scripts/capture-synth.py --connections 64 --open 64 --exchanges 2000 \\
        --produce-bytes 60000 big.pcap          # about 8 GB

Scenarios for the analysis (`kafka-capture --analysis`): `--throttle-ms MS`
gives every fourth connection (the second of each four) the client id
`synth-throttled`, and every response it gets a ThrottleTimeMs of MS;
`--slow-broker-ms MS` sends every fourth connection (the third of each four)
to a second broker, 127.0.0.2:9092, whose responses come MS later than the
other broker's:

    python3 scripts/capture-synth.py --connections 40 --throttle-ms 250 \
        --slow-broker-ms 800 scenario.pcap

The count (JSON on stdout) is the generator's own: connections, packets,
exchanges (requests written, each answered), bytes of the file; per client
id its exchanges, responses throttled and their throttle time summed; per
broker its exchanges and the least and most time from a request's last
packet to its response's last.
"""

import argparse
import json
import struct
import sys

KAFKA_PORT = 9092


def crc32c_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


CRC32C = crc32c_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = CRC32C[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def uvarint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def varint(n):
    return uvarint((n << 1) ^ (n >> 63))


def compact_str(s):
    b = s.encode()
    return uvarint(len(b) + 1) + b


def request_header(api_key, version, corr, client_id):
    # Request header v2: key, version, correlation id, client id (a
    # classic nullable string), no tagged fields.
    cid = client_id.encode()
    return struct.pack(">hhih", api_key, version, corr, len(cid)) + cid + b"\x00"


def frame(contents):
    return struct.pack(">i", len(contents)) + contents


def record_batch(value_bytes):
    """A magic 2 batch of one record whose value is `value_bytes` long."""
    value = bytes((i * 7) & 0xFF for i in range(value_bytes))
    record = b"\x00" + varint(0) + varint(0) + varint(-1) + varint(len(value)) + value + varint(0)
    records = varint(len(record)) + record
    after_crc = struct.pack(">hiqqqhii", 0, 0, 1_700_000_000_000, 1_700_000_000_000, -1, -1, -1, 1) + records
    crc = crc32c(after_crc)
    after_length = struct.pack(">ibI", -1, 2, crc) + after_crc
    return struct.pack(">qi", 0, len(after_length)) + after_length


def api_versions(corr, client_id="synth", throttle_ms=0):
    rq = request_header(18, 3, corr, client_id) + compact_str("synth") + compact_str("1.0") + b"\x00"
    keys = [(0, 0, 11), (3, 0, 12), (18, 0, 4)]
    body = struct.pack(">h", 0) + uvarint(len(keys) + 1)
    for k, lo, hi in keys:
        body += struct.pack(">hhh", k, lo, hi) + b"\x00"
    body += struct.pack(">i", throttle_ms) + b"\x00"
    # ApiVersions responses keep header v0: the correlation id alone.
    return frame(rq), frame(struct.pack(">i", corr) + body)


def metadata(corr, client_id="synth", throttle_ms=0):
    # Topics null (every topic), allow auto-creation, no authorized ops.
    rq = request_header(3, 12, corr, client_id) + b"\x00" + b"\x01\x00" + b"\x00"
    broker = struct.pack(">i", 1) + compact_str("127.0.0.1") + struct.pack(">i", KAFKA_PORT) + b"\x00" + b"\x00"
    body = struct.pack(">i", throttle_ms) + uvarint(2) + broker + compact_str("synth-cluster") + struct.pack(">i", 1)
    body += uvarint(1) + b"\x00"  # no topics; tagged fields
    return frame(rq), frame(struct.pack(">i", corr) + b"\x00" + body)


def produce(corr, batch, client_id="synth", throttle_ms=0):
    rq = request_header(0, 9, corr, client_id)
    rq += b"\x00" + struct.pack(">hi", 1, 30_000)  # no transactional id, acks 1
    rq += uvarint(2) + compact_str("synth") + uvarint(2) + struct.pack(">i", 0)
    rq += uvarint(len(batch) + 1) + batch + b"\x00" + b"\x00" + b"\x00"
    part = struct.pack(">ihqqq", 0, 0, corr, -1, 0) + uvarint(1) + b"\x00" + b"\x00"
    body = uvarint(2) + compact_str("synth") + uvarint(2) + part + b"\x00"
    body += struct.pack(">i", throttle_ms) + b"\x00"
    return frame(rq), frame(struct.pack(">i", corr) + b"\x00" + body)


class Writer:
    """A pcap (microseconds, Ethernet) written packet by packet."""

    def __init__(self, out):
        self.out = out
        self.packets = 0
        self.bytes = 24
        self.usec = 0
        out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, 1))

    def packet(self, src, dst, seq, ack, flags, payload):
        # Ethernet, IPv4 (checksum 0: captures of loopback offload it), TCP.
        ip_len = 20 + 20 + len(payload)
        eth = b"\x00" * 12 + b"\x08\x00"
        ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, ip_len, 0, 0x4000, 64, 6, 0, src[0], dst[0])
        tcp = struct.pack(">HHIIBBHHH", src[1], dst[1], seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, 5 << 4, flags, 65535, 0, 0)
        data = eth + ip + tcp
        self.usec += 10
        n = len(data) + len(payload)
        self.out.write(struct.pack("<IIII", self.usec // 1_000_000, self.usec % 1_000_000, n, n))
        self.out.write(data)
        self.out.write(payload)
        self.packets += 1
        self.bytes += 16 + n


SYN, FIN, ACK, PSH = 0x02, 0x01, 0x10, 0x08


class Conn:
    def __init__(self, n, throttled=False, slow=False):
        # 10.x.y.z clients; ports cycle so every key is new.
        client_ip = bytes([10, (n >> 16) & 0xFF, (n >> 8) & 0xFF, n & 0xFF])
        self.client = (client_ip, 10000 + (n >> 24))
        self.server = (bytes([127, 0, 0, 2 if slow else 1]), KAFKA_PORT)
        self.seq = [1000, 500_000]  # client, server: next sequence number
        self.throttled = throttled
        self.slow = slow
        self.client_id = "synth-throttled" if throttled else "synth"
        self.broker = "127.0.0.%d:%d" % (self.server[0][3], KAFKA_PORT)
        self.sent = 0  # the time of the last packet sent, in microseconds

    def send(self, w, side, data, mss):
        src, dst = (self.client, self.server) if side == 0 else (self.server, self.client)
        for at in range(0, len(data), mss):
            chunk = data[at:at + mss]
            w.packet(src, dst, self.seq[side], self.seq[1 - side], ACK | PSH, chunk)
            self.seq[side] += len(chunk)
        self.sent = w.usec


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", help="the pcap to write ('-' for stdout)")
    p.add_argument("--connections", type=int, default=1000)
    p.add_argument("--open", type=int, default=None, help="connections open at once (default: all)")
    p.add_argument("--exchanges", type=int, default=3, help="exchanges per connection")
    p.add_argument("--produce-bytes", type=int, default=0,
                   help="every third exchange a Produce of a batch this large (0: none)")
    p.add_argument("--mss", type=int, default=1460)
    p.add_argument("--throttle-ms", type=int, default=0,
                   help="client id synth-throttled on every fourth connection, its responses throttled this long")
    p.add_argument("--slow-broker-ms", type=int, default=0,
                   help="every fourth connection to broker 127.0.0.2, its responses this much later")
    a = p.parse_args()
    open_at_once = a.open or a.connections
    batch = record_batch(a.produce_bytes) if a.produce_bytes else None
    out = sys.stdout.buffer if a.out == "-" else open(a.out, "wb", buffering=1 << 20)
    w = Writer(out)
    exchanges = 0
    by_api = {}
    # Frames per kind are built once; only the correlation id differs, and
    # it is patched in (the request's at 8, the response's at 4).
    def templates_of(client_id, throttle_ms):
        return ([api_versions(0, client_id, throttle_ms), metadata(0, client_id, throttle_ms)]
                + ([produce(0, batch, client_id, throttle_ms)] if batch else []))

    templates = {False: templates_of("synth", 0)}
    if a.throttle_ms:
        templates[True] = templates_of("synth-throttled", a.throttle_ms)
    kinds = len(templates[False])
    names = ["ApiVersions", "Metadata", "Produce"]
    clients, brokers = {}, {}

    def with_corr(f, at, corr):
        b = bytearray(f)
        struct.pack_into(">i", b, at, corr)
        return bytes(b)

    for first in range(0, a.connections, open_at_once):
        conns = [Conn(n, throttled=a.throttle_ms > 0 and n % 4 == 1,
                      slow=a.slow_broker_ms > 0 and n % 4 == 2)
                 for n in range(first, min(first + open_at_once, a.connections))]
        for c in conns:
            w.packet(c.client, c.server, c.seq[0] - 1, 0, SYN, b"")
        for c in conns:
            w.packet(c.server, c.client, c.seq[1] - 1, c.seq[0], SYN | ACK, b"")
        for k in range(a.exchanges):
            kind = k % kinds
            frames = {t: (with_corr(f[kind][0], 8, k + 1), with_corr(f[kind][1], 4, k + 1))
                      for t, f in templates.items()}
            asked = {}
            for c in conns:
                c.send(w, 0, frames[c.throttled][0], a.mss)
                asked[id(c)] = c.sent
            # The other broker's responses first, then the slow one's, later.
            for slow in (False, True):
                if slow:
                    w.usec += a.slow_broker_ms * 1000
                for c in conns:
                    if c.slow != slow:
                        continue
                    c.send(w, 1, frames[c.throttled][1], a.mss)
                    took = c.sent - asked[id(c)]
                    b = brokers.setdefault(c.broker, {"exchanges": 0, "min_latency_us": took, "max_latency_us": took})
                    b["exchanges"] += 1
                    b["min_latency_us"] = min(b["min_latency_us"], took)
                    b["max_latency_us"] = max(b["max_latency_us"], took)
                    cl = clients.setdefault(c.client_id, {"exchanges": 0, "throttled": 0, "throttle_ms": 0})
                    cl["exchanges"] += 1
                    if c.throttled:
                        cl["throttled"] += 1
                        cl["throttle_ms"] += a.throttle_ms
            exchanges += len(conns)
            by_api[names[kind]] = by_api.get(names[kind], 0) + len(conns)
        for c in conns:
            w.packet(c.client, c.server, c.seq[0], c.seq[1], FIN | ACK, b"")
            w.packet(c.server, c.client, c.seq[1], c.seq[0] + 1, FIN | ACK, b"")
    out.flush()
    if out is not sys.stdout.buffer:
        out.close()
    json.dump({"connections": a.connections, "open_at_once": open_at_once, "packets": w.packets,
               "exchanges": exchanges, "by_api": by_api, "bytes": w.bytes,
               "clients": clients, "brokers": brokers},
              sys.stderr if a.out == "-" else sys.stdout)
    print(file=sys.stderr if a.out == "-" else sys.stdout)


if __name__ == "__main__":
    main()
