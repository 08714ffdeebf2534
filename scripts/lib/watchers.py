"""Live-stream watchers for scripts/bench-streams.sh and scripts/soak-night.sh.

bench: holds N watchers of one stream (as browsers ask: gzip accepted), appends
updates through the JSON API one at a time, and reports for each update how long
until every watcher had it; the server's memory (RSS) and open files after the
watchers connected and after chosen numbers of updates; /health timings throughout.

soak: T tables each appending a hand every few seconds, W watchers spread over the
tables' match streams and the event stream, R page readers; prints the server's
memory and open files every PERIOD seconds.
"""

import asyncio
import json
import os
import random
import statistics
import sys
import time
import zlib

# Browsers accept gzip; ACCEPT_GZIP=0 asks for streams as plain text.
ACCEPT_GZIP = os.environ.get("ACCEPT_GZIP", "1") != "0"


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def open_files(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


class Watcher:
    """One EventSource-like client: reads the stream and timestamps each `data:`."""

    def __init__(self, host, port, path, source):
        self.host, self.port, self.path, self.source = host, port, path, source
        self.seen = []  # (time, data) of each update after the first event
        self.started = False
        self.status = None
        self.error = None
        self.gzip = False

    async def run(self):
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
            self.writer = writer
            gzip = "Accept-Encoding: gzip, deflate, br\r\n" if ACCEPT_GZIP else ""
            writer.write(
                (f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\n"
                 f"Accept: text/event-stream\r\n{gzip}"
                 f"X-Forwarded-For: {self.source}\r\n\r\n").encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip().lower()
            if self.status != 200:
                writer.close()
                return
            chunked = headers.get("transfer-encoding") == "chunked"
            gzip = headers.get("content-encoding") == "gzip"
            self.gzip = gzip
            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if gzip else None
            pending = b""
            while True:
                if chunked:
                    size = int((await reader.readline()).strip() or b"0", 16)
                    if size == 0:
                        return
                    data = await reader.readexactly(size)
                    await reader.readexactly(2)
                else:
                    data = await reader.read(65536)
                    if not data:
                        return
                if inflate:
                    data = inflate.decompress(data)
                pending += data
                *complete, pending = pending.split(b"\n")
                now = time.monotonic()
                for line in complete:
                    if line.startswith(b"data: "):
                        value = line[6:].decode()
                        if not self.started:
                            self.started = True
                        else:
                            self.seen.append((now, value))
        except Exception as error:  # a watcher that fails is counted, not fatal
            self.error = repr(error)

    def close(self):
        try:
            self.writer.close()
        except Exception:
            pass


class Api:
    """Appends hands through the JSON API on one kept-alive connection."""

    def __init__(self, host, port, token):
        self.host, self.port, self.token = host, port, token
        self.seq = {}
        self.connection = None

    async def request(self, method, path, body=b"", headers=()):
        for attempt in range(2):
            try:
                if self.connection is None:
                    self.connection = await asyncio.open_connection(self.host, self.port)
                reader, writer = self.connection
                lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}",
                         f"Content-Length: {len(body)}"] + list(headers)
                writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                head = await reader.readuntil(b"\r\n\r\n")
                status = int(head.split()[1])
                length = 0
                for line in head.decode("latin-1").split("\r\n"):
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":")[1])
                text = await reader.readexactly(length) if length else b""
                return status, text
            except (ConnectionError, asyncio.IncompleteReadError):
                self.connection = None
                if attempt:
                    raise

    async def hand(self, public_id, winner):
        seq = self.seq.get(public_id, 0)
        body = json.dumps({"expected_seq": seq, "entry": {"type": "hand", "winner": winner}}).encode()
        status, text = await self.request(
            "POST", f"/api/v1/matches/{public_id}/entries", body,
            ["Content-Type: application/json", f"Authorization: Bearer {self.token}"])
        if status == 201:
            self.seq[public_id] = seq + 1
        return status, text


async def timed_get(host, port, path):
    started = time.monotonic()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
    answer = await reader.read()
    writer.close()
    return int(answer.split()[1]), time.monotonic() - started


def sources(count):
    """Client addresses for the watchers: the server sees them only if it trusts
    the loopback as a proxy; otherwise all come from 127.0.0.1."""
    return [f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256 + 1}" for i in range(count)]


async def bench(args):
    host, port, pid, token, path = args["host"], int(args["port"]), int(args["pid"]), args["token"], args["path"]
    matches = args["matches"].split(",")
    count, updates = int(args["watchers"]), int(args["updates"])
    marks = [int(m) for m in args["marks"].split(",")]
    baseline = rss_mb(pid)
    files_before = open_files(pid)
    watchers = [Watcher(host, port, path, source) for source in sources(count)]
    tasks = [asyncio.create_task(w.run()) for w in watchers]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and sum(w.started or w.status not in (None, 200) or w.error is not None for w in watchers) < count:
        await asyncio.sleep(0.1)
    connected = sum(w.started for w in watchers)
    refused = sum(w.status not in (None, 200) for w in watchers)
    await asyncio.sleep(1)
    rows = [("connected", 0, rss_mb(pid), open_files(pid))]
    print(f"server before watchers: {baseline:.1f} MB RSS, {files_before} open files", flush=True)
    print(f"watchers: {connected} of {count} connected, {refused} refused; "
          f"Accept-Encoding gzip {'sent' if ACCEPT_GZIP else 'not sent'}, "
          f"{sum(w.gzip for w in watchers)} streams came gzipped", flush=True)
    api = Api(host, port, token)
    all_seen, health, failed_appends = [], [], 0
    for number in range(1, updates + 1):
        public_id = matches[(number - 1) % len(matches)]
        winner = "AB"[(number - 1) // len(matches) % 2]
        sent = time.monotonic()
        status, text = await api.hand(public_id, winner)
        if status != 201:
            failed_appends += 1
            print(f"update {number}: append answered {status} {text[:200]!r}", file=sys.stderr, flush=True)
            continue
        limit = time.monotonic() + 30
        while time.monotonic() < limit:
            if all(len(w.seen) >= number for w in watchers if w.started):
                break
            await asyncio.sleep(0.002)
        last = max((w.seen[number - 1][0] for w in watchers if w.started and len(w.seen) >= number), default=sent)
        all_seen.append(last - sent)
        status, took = await timed_get(host, port, "/health")
        health.append((status, took))
        if number in marks:
            await asyncio.sleep(0.5)
            rows.append((f"after {number} updates", number, rss_mb(pid), open_files(pid)))
    missing = sum(max(0, updates - failed_appends - len(w.seen)) for w in watchers if w.started)
    print(f"updates: {updates} ({failed_appends} appends failed); update events missing across watchers: {missing}")
    if all_seen:
        ordered = sorted(all_seen)
        print(f"time for every watcher to see an update: median {statistics.median(ordered) * 1000:.0f} ms, "
              f"worst {ordered[-1] * 1000:.0f} ms")
    bad_health = sum(s != 200 for s, _ in health)
    print(f"/health after each update: {len(health) - bad_health} of {len(health)} answered 200, "
          f"worst {max(t for _, t in health) * 1000:.0f} ms" if health else "/health: not asked")
    print(f"{'moment':<20} {'RSS MB':>8} {'per watcher KB':>15} {'open files':>11}")
    for label, _, rss, files in rows:
        per = (rss - baseline) * 1024 / max(connected, 1)
        print(f"{label:<20} {rss:8.1f} {per:15.1f} {files:11d}")
    for w in watchers:
        w.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    errors = [w.error for w in watchers if w.error]
    if errors:
        print(f"{len(errors)} watchers failed, e.g. {errors[0]}", file=sys.stderr)


async def soak(args):
    host, port, pid, token = args["host"], int(args["port"]), int(args["pid"]), args["token"]
    event = args["event"]
    matches = args["matches"].split(",")
    minutes, watchers_count, readers = float(args["minutes"]), int(args["watchers"]), int(args["readers"])
    period = float(args.get("period", 30))
    hand_every = float(args.get("hand_every", 20))
    end = time.monotonic() + minutes * 60
    paths = [f"/e/{event}/events"] + [f"/m/{m}/events" for m in matches]
    watchers = [Watcher(host, port, paths[i % len(paths)], s) for i, s in enumerate(sources(watchers_count))]
    tasks = [asyncio.create_task(w.run()) for w in watchers]
    api = Api(host, port, token)
    counts = {"appends": 0, "refused": 0, "pages": 0, "bad_pages": 0}
    # A full match is over: its table starts counting again on the next match in the list.
    finished = set()

    async def table(public_id):
        await asyncio.sleep(random.uniform(0, hand_every))
        while time.monotonic() < end and public_id not in finished:
            status, _ = await api_for[public_id].hand(public_id, random.choice("AB"))
            if status == 201:
                counts["appends"] += 1
            else:
                counts["refused"] += 1
                finished.add(public_id)
            await asyncio.sleep(random.uniform(hand_every * 0.5, hand_every * 1.5))

    async def reader_loop():
        pages = [f"/e/{event}", f"/e/{event}/live", f"/e/{event}/standings"] + [f"/m/{m}" for m in matches[:20]]
        while time.monotonic() < end:
            try:
                status, _ = await timed_get(host, port, random.choice(pages))
                counts["pages"] += 1
                counts["bad_pages"] += status not in (200, 304)
            except Exception:
                counts["bad_pages"] += 1
            await asyncio.sleep(random.uniform(1, 4))

    api_for = {m: Api(host, port, token) for m in matches}
    work = [asyncio.create_task(table(m)) for m in matches] + [asyncio.create_task(reader_loop()) for _ in range(readers)]
    started = time.monotonic()
    print(f"{'minute':>7} {'RSS MB':>8} {'open files':>11} {'watching':>9} {'appends':>8} {'pages':>6} {'bad':>4} {'health ms':>10}", flush=True)
    while True:
        status, took = await timed_get(host, port, "/health")
        watching = sum(w.started and w.error is None for w in watchers)
        print(f"{(time.monotonic() - started) / 60:7.1f} {rss_mb(pid):8.1f} {open_files(pid):11d} {watching:9d} "
              f"{counts['appends']:8d} {counts['pages']:6d} {counts['bad_pages']:4d} "
              f"{took * 1000 if status == 200 else -1:10.0f}", flush=True)
        if time.monotonic() >= end:
            break
        await asyncio.sleep(min(period, max(0.0, end - time.monotonic())) or period)
    for w in watchers:
        w.close()
    for task in tasks + work:
        task.cancel()
    await asyncio.gather(*tasks, *work, return_exceptions=True)
    print(f"matches that ended (further hands refused): {len(finished)}")


if __name__ == "__main__":
    mode = sys.argv[1]
    arguments = dict(item.split("=", 1) for item in sys.argv[2:])
    asyncio.run(bench(arguments) if mode == "bench" else soak(arguments))
