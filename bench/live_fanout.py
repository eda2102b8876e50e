"""Open streams of live games against a club server (`gunicorn -k gevent -w 2`, reading
./gunicorn.conf.py) on loopback: N streams spread over several games, then hands saved in one game
after another. Prints how long each change took to reach every stream of its game, counted from
the answer to the change (p50, p99, max), the workers' memory per 1,000 streams, their CPU while
the streams are idle, and how fast a scoreboard answers before and while the streams are open.

    .venv/bin/python bench/live_fanout.py [--streams 10000] [--games 50] [--changes 10] [--workers 2]

One asyncio loop holds the streams (raw sockets, one each). The open-files limit is raised to
its hard limit for this process and the server it starts (ulimit -n).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from phones import Counts, Phone, fields, free_port, hidden, new_game, pitch_hand, start_server, stop_server, wait_until_up

CLOCK = os.sysconf("SC_CLK_TCK")


def worker_pids(server_pid: int) -> list[int]:
    """gunicorn's workers: the children of its master."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == server_pid:
                found.append(int(entry.name))
    return found


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(parts[11]) + int(parts[12])            # utime, stime
    return total / CLOCK


class Streams:
    """The open streams: when each heard each version of its game."""

    def __init__(self) -> None:
        self.heard: dict[tuple[str, int], list[float]] = {}     # (game, version) -> arrival times
        self.open = 0
        self.failed = 0

    async def follow(self, port: int, game: str, cookie: str, version: int, opened: asyncio.Event) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            self.failed += 1
            opened.set()
            return
        writer.write(f"GET /games/{game}/events?version={version} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Accept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode())
        status = await reader.readline()
        if b" 200 " not in status:
            self.failed += 1
            opened.set()
            writer.close()
            return
        self.open += 1
        opened.set()
        try:
            while line := await reader.readline():
                if line.startswith(b"data: "):
                    key = (game, json.loads(line[6:])["version"])
                    self.heard.setdefault(key, []).append(time.perf_counter())
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


def save_hand(phone: Phone, game: str) -> tuple[float, int]:
    """A Pitch hand saved through the forms: when its answer came, and the game's version after it."""
    form = hidden(phone.get(f"/games/{game}/hands/new"))
    status, _, _ = phone.post(f"/games/{game}/hands/new", form | fields(pitch_hand(int(form["number"]), 0)))
    answered = time.perf_counter()
    assert status == 200, status
    return answered, int(form["version"]) + 1


def page_times(phone: Phone, game: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        phone.get(f"/games/{game}")
        times.append((time.perf_counter() - started) * 1000)
    return times


def ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(args: argparse.Namespace, port: int, server_pid: int) -> None:
    counts = Counts()
    base = f"http://127.0.0.1:{port}"
    scorer = Phone(base, counts)
    games = [new_game(base, counts, [scorer, Phone(base, counts)]).game for _ in range(args.games)]
    cookie = cookie_of(scorer)
    workers = worker_pids(server_pid)
    loop = asyncio.get_running_loop()
    before_pages = await loop.run_in_executor(None, page_times, scorer, games[0], args.pages)
    rss_before = rss_mb(workers)

    streams, tasks = Streams(), []
    started = time.perf_counter()
    for batch in range(0, args.streams, 500):
        events = []
        for n in range(batch, min(batch + 500, args.streams)):
            opened = asyncio.Event()
            events.append(opened)
            tasks.append(asyncio.create_task(streams.follow(port, games[n % len(games)], cookie, 1, opened)))
        await asyncio.gather(*(event.wait() for event in events))
    opening = time.perf_counter() - started
    await asyncio.sleep(2)                               # the first events (each game as it is) are read
    rss_open = rss_mb(workers)

    idle_from = cpu_seconds(workers + [server_pid])
    await asyncio.sleep(args.idle)
    idle_cpu = (cpu_seconds(workers + [server_pid]) - idle_from) / args.idle * 100

    delays, missing = [], 0
    during_pages = []
    for change in range(args.changes):
        game = games[change % len(games)]
        answered, version = await loop.run_in_executor(None, save_hand, scorer, game)
        expected = len(range(games.index(game), args.streams, len(games)))
        deadline = answered + 10
        while len(streams.heard.get((game, version), [])) < expected and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        arrivals = streams.heard.get((game, version), [])
        missing += expected - len(arrivals)
        delays += [(when - answered) * 1000 for when in arrivals]
        during_pages += await loop.run_in_executor(None, page_times, scorer, games[-1], args.pages // args.changes or 1)

    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

    print(f"gunicorn -k gevent -w {args.workers}: {streams.open} streams open over {len(games)} games "
          f"({streams.failed} refused or failed), opened in {opening:.1f} s")
    print(f"delivery of {args.changes} changes, from the change's answer to each stream of its game "
          f"({len(delays)} deliveries, {missing} missing): p50 {ms(delays, 0.5):.0f} ms, p99 {ms(delays, 0.99):.0f} ms, "
          f"max {max(delays):.0f} ms")
    print(f"workers' memory: {rss_before:.0f} MB before, {rss_open:.0f} MB with the streams open: "
          f"{(rss_open - rss_before) / max(streams.open, 1) * 1000:.1f} MB per 1,000 streams")
    print(f"CPU while the streams were idle ({args.idle} s, heartbeats aside): {idle_cpu:.1f}% of one core "
          "(master and workers)")
    print(f"scoreboard answered in (ms) before the streams: median {statistics.median(before_pages):.1f}, "
          f"p99 {ms(before_pages, 0.99):.1f}; while open and changing: median {statistics.median(during_pages):.1f}, "
          f"p99 {ms(during_pages, 0.99):.1f}")


def cookie_of(phone: Phone) -> str:
    for handler in phone.opener.handlers:
        if hasattr(handler, "cookiejar"):
            return "; ".join(f"{c.name}={c.value}" for c in handler.cookiejar)
    raise LookupError("no cookies")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--idle", type=int, default=10, help="seconds the idle CPU is measured over")
    parser.add_argument("--pages", type=int, default=100, help="scoreboards asked for before, and while changing")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < args.streams + 1000:
        sys.exit(f"the open-files limit is {hard}: too few for {args.streams} streams (raise it: ulimit -Hn)")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder, open(Path(folder) / "server.log", "w") as log:
        server = start_server(port, Path(folder) / "instance", args.workers, log, worker_class="gevent")
        try:
            wait_until_up(f"http://127.0.0.1:{port}/", server)
            asyncio.run(run(args, port, server.pid))
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
