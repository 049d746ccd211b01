#!/usr/bin/env python3
"""Writes the hostile files docs/hostile-input.md measures the tools' memory on, into DIR:

- 00000000000000000000.log: a log segment of two gzip batches of one record each, its value
  60 MiB and then 200 MiB of zeros (about 130 KiB each compressed), CRCs correct;
- claim-100-mib.pcap: one TCP connection to 127.0.0.1:9092 whose client sends a frame size of
  100 MiB and then 80 MiB of it, never completing it.

usage: python3 scripts/hostile-files.py DIR
"""
import gzip
import os
import struct
import sys

TABLE = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    TABLE.append(c)


def crc32c(data):
    c = 0xFFFFFFFF
    for x in data:
        c = TABLE[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def varint(n):
    n = (n << 1) ^ (n >> 63)
    out = b""
    while True:
        b, n = n & 0x7F, n >> 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def gzip_batch(value_size):
    value = bytes(value_size)
    record = bytes([0]) + varint(0) + varint(0) + varint(-1) + varint(len(value)) + value + varint(0)
    payload = gzip.compress(varint(len(record)) + record, 9, mtime=0)
    after_crc = struct.pack(">hiqqqhii", 1, 0, 0, 0, -1, -1, -1, 1) + payload
    body = struct.pack(">ib", 0, 2) + struct.pack(">I", crc32c(after_crc)) + after_crc
    return struct.pack(">qi", 0, len(body)) + body


def pcap_of_client_bytes(data):
    def packet(t, from_client, seq, flags, chunk):
        sport, dport = (40000, 9092) if from_client else (9092, 40000)
        p = bytes(12) + b"\x08\x00" + bytes([0x45, 0]) + struct.pack(">H", 40 + len(chunk))
        p += bytes([0, 0, 0x40, 0, 64, 6, 0, 0, 127, 0, 0, 1, 127, 0, 0, 1])
        p += struct.pack(">HHI", sport, dport, seq) + bytes([0, 0, 0, 0, 0x50, flags, 0xFF, 0xFF, 0, 0, 0, 0])
        p += chunk
        return struct.pack("<IIII", 1_700_000_000 + t, 0, len(p), len(p)) + p

    parts = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    parts += [packet(0, True, 999, 0x02, b""), packet(0, False, 4999, 0x12, b"")]
    seq = 1000
    for i in range(0, len(data), 60000):
        chunk = data[i : i + 60000]
        parts.append(packet(1 + i // 60000, True, seq, 0x18, chunk))
        seq = (seq + len(chunk)) & 0xFFFFFFFF
    return b"".join(parts)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "00000000000000000000.log"), "wb") as f:
        f.write(gzip_batch(60 << 20) + gzip_batch(200 << 20))
    with open(os.path.join(out, "claim-100-mib.pcap"), "wb") as f:
        f.write(pcap_of_client_bytes(struct.pack(">i", 100 << 20) + bytes(80 << 20)))


if __name__ == "__main__":
    main()
