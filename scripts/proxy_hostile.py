"""Hostile and failing peers against the kafka-proxy binary, with its memory measured:

    python3 scripts/proxy_hostile.py PROXY_BINARY

An upstream of our own on 127.0.0.1 (it answers API key 999, which no Kafka release has, by
echoing a small body, and closes the connection on API key 998) stands for the broker, so that
every frame passes the proxy unread. Then, one phase after another:

  many       200 clients at once, each 20 requests of 64 KiB pipelined: every response comes,
             in order, under the client's correlation ids
  large      50 clients at once, each 4 frames of 2 MiB
  oversized  50 clients sending a frame size of 2 GiB - 1: each connection is closed
  garbage    50 clients sending frames too short for a header: each is closed
  stalled    20 clients sending part of a frame, then nothing: each is closed after the stall
             timeout (4 s here)
  unread     10 clients sending 40 requests of 1 MiB whose responses echo them, and reading
             nothing for 8 s: the proxy's writes to them make no progress, and each is closed
             (fewer than 40 responses, then the end of the stream)
  restart    20 clients with a request in flight when the upstream goes away (it closes every
             connection and stops listening): each is closed; the upstream comes back on its
             port, and 20 new clients are answered
Prints each phase's result and the proxy's resident memory (VmRSS; VmHWM, the peak) after it,
and exits 1 when a phase does not go as described or the peak is over 512 MiB. With
PROXY_HOSTILE_DOC=FILE (e.g. docs/proxy.md), the printout replaces FILE's generated block.
"""

import asyncio
import os
import re
import struct
import subprocess
import sys
import time

import doc_block  # beside this script

UNKNOWN, CLOSE, ECHO = 999, 998, 997
PEAK_LIMIT_MB = 512


def request(api, corr, body=b""):
    frame = struct.pack(">hhih", api, 0, corr, -1) + body
    return struct.pack(">i", len(frame)) + frame


async def read_frame(reader):
    size = struct.unpack(">i", await reader.readexactly(4))[0]
    return await reader.readexactly(size)


class Upstream:
    def __init__(self):
        self.server, self.port, self.writers = None, 0, set()

    async def start(self, port=0):
        self.server = await asyncio.start_server(self.serve, "127.0.0.1", port, reuse_address=True)
        self.port = self.server.sockets[0].getsockname()[1]

    async def serve(self, reader, writer):
        self.writers.add(writer)
        try:
            while True:
                frame = await read_frame(reader)
                api, _, corr = struct.unpack(">hhi", frame[:8])
                if api == CLOSE:
                    break
                body = frame[10:] if api == ECHO else b"ok"
                writer.write(struct.pack(">ii", 4 + len(body), corr) + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.writers.discard(writer)
            writer.close()

    async def go_away(self):
        self.server.close()
        for w in list(self.writers):
            w.close()
        await self.server.wait_closed()


def memory(pid):
    status = open("/proc/%d/status" % pid).read()
    get = lambda k: int(re.search(r"^%s:\s+(\d+) kB" % k, status, re.M).group(1)) / 1024
    return get("VmRSS"), get("VmHWM")


async def closed(reader, within):
    """True when the proxy closes the connection within `within` seconds."""
    try:
        return await asyncio.wait_for(reader.read(), within) == b""
    except (ConnectionError, asyncio.TimeoutError):
        return False


async def client_many(port, i, count, size):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = os.urandom(size)
    for n in range(count):
        writer.write(request(UNKNOWN, i * 1000 + n, body))
    await writer.drain()
    for n in range(count):
        frame = await read_frame(reader)
        if struct.unpack(">i", frame[:4])[0] != i * 1000 + n or frame[4:] != b"ok":
            return False
    writer.close()
    return True


async def client_hostile(port, data, within):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    ok = await closed(reader, within)
    writer.close()
    return ok


async def main(binary):
    upstream = Upstream()
    await upstream.start()
    proxy = subprocess.Popen(
        [binary, "--bootstrap", "127.0.0.1:%d" % upstream.port, "--listen", "127.0.0.1:0",
         "--max-frame-size", str(16 << 20), "--stall-timeout", "4"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = await asyncio.get_running_loop().run_in_executor(None, proxy.stderr.readline)
        port = int(re.search(r"listening on 127\.0\.0\.1:(\d+)", line).group(1))
        failures = []

        report = []

        def say(line):
            print(line)
            report.append(line)

        async def phase(name, coros, describe):
            t0 = time.monotonic()
            results = await asyncio.gather(*coros, return_exceptions=True)
            good = sum(1 for r in results if r is True)
            rss, hwm = memory(proxy.pid)
            say("%-9s %3d/%-3d %s in %.1f s; proxy RSS %.1f MB, peak %.1f MB" % (
                name, good, len(results), describe, time.monotonic() - t0, rss, hwm))
            if good != len(results):
                failures.append(name)
                print("          not as described: %s" % [r for r in results if r is not True][:3])

        say("idle      proxy RSS %.1f MB" % memory(proxy.pid)[0])
        await phase("many", [client_many(port, i, 20, 64 << 10) for i in range(200)], "answered in order")
        await phase("large", [client_many(port, i, 4, 2 << 20) for i in range(50)], "answered in order")
        await phase("oversized", [client_hostile(port, struct.pack(">i", 2**31 - 1), 5) for _ in range(50)], "closed")
        await phase("garbage", [client_hostile(port, b"\0\0\0\x02\0\x03", 5) for _ in range(50)], "closed")
        await phase("stalled", [client_hostile(port, b"\0\0\0\x40\0\x03\0", 9) for _ in range(20)],
                    "closed after the stall timeout")

        async def not_reading():
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            body = os.urandom(1 << 20)
            for n in range(40):
                writer.write(request(ECHO, n, body))
            await asyncio.sleep(8)
            got = 0
            try:
                while True:
                    await asyncio.wait_for(read_frame(reader), 5)
                    got += 1
            except (asyncio.IncompleteReadError, ConnectionError):
                pass
            except asyncio.TimeoutError:
                return "no end after %d responses" % got
            writer.close()
            return got < 40 or "all %d answered" % got

        await phase("unread", [not_reading() for _ in range(10)], "closed, their writes stalled")

        async def in_flight_when_upstream_goes():
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request(UNKNOWN, 1, b"x" * 100))
            await writer.drain()
            await read_frame(reader)  # connected through
            await gone.wait()
            writer.write(request(UNKNOWN, 2))
            await writer.drain()
            ok = await closed(reader, 5)
            writer.close()
            return ok

        gone = asyncio.Event()
        waiting = [asyncio.ensure_future(in_flight_when_upstream_goes()) for _ in range(20)]
        await asyncio.sleep(1)
        await upstream.go_away()
        gone.set()
        await phase("restart", waiting, "closed when the upstream went away")
        await upstream.start(upstream.port)
        await phase("back", [client_many(port, i, 5, 1024) for i in range(20)], "answered after it came back")
        rss, hwm = memory(proxy.pid)
        say("after     proxy RSS %.1f MB, peak %.1f MB (limit %d MB)" % (rss, hwm, PEAK_LIMIT_MB))
        if os.environ.get("PROXY_HOSTILE_DOC"):
            doc_block.replace(os.environ["PROXY_HOSTILE_DOC"], "proxy-hostile", "```text\n" + "\n".join(report) + "\n```\n")
        if hwm > PEAK_LIMIT_MB:
            failures.append("memory")
        if failures:
            print("FAILED: %s" % ", ".join(failures))
            return 1
        return 0
    finally:
        proxy.terminate()
        proxy.wait(10)
        await upstream.go_away()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
