"""A club evening, compressed: tables recording Pitch hands through the real forms while watchers follow
their games, against `gunicorn -w 4` (or `python app.py`, waitress), for a number of minutes.

Each table has two phones; a table saves a hand every --pace seconds or so, three hands in ten
tapped twice and two in ten raced by the other phone from the same form, and starts a new game after
--game-hands hands (its watchers then open the new game's watch link). Each watcher joined its
table's game by the watch link and does what the scoreboard page's script does: asks the game's
version once a second with the ETag it holds (a 304 while nothing changed) and reloads the page
when it changed.

Prints, every --every seconds and at the end: hands posted and acknowledged, responses of 500 or
more, connections refused, cut or timed out, the watchers' polls, the server processes' memory
(RSS from /proc), the WAL file's size; at the end also acknowledged hands lost, hands stored twice,
whether every watcher shows its game's last version, and SQLite's integrity check. Loopback only,
on a free port and a temporary instance folder; it stops by itself, and Ctrl+C stops it early,
with the report so far. Exit status 0 when nothing was lost, stored twice, refused or cut, 1
otherwise, 2 when the server did not start (one line says why), 130 after Ctrl+C.

    .venv/bin/python bench/soak.py [--server gunicorn|waitress] [--tables 20] [--watchers 60]
                                   [--minutes 20] [--workers 4] [--pace 2] [--game-hands 50] [--every S]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

from phones import (
    CUT,
    Counts,
    Phone,
    Refused,
    ServerFailed,
    Table,
    free_port,
    lost_and_doubled,
    new_game,
    play_round,
    start_server,
    stop_server,
    wait_until_up,
)

POLL_TIMEOUT = 4           # seconds: the page's script gives up on a poll after 4 s (static/app.js)


class SoakCounts(Counts):
    def __init__(self) -> None:
        super().__init__()
        self.hand_posts = self.doubled = self.raced = self.acknowledged = 0
        self.polls = self.not_modified = self.reloads = self.joins = self.polls_refused = self.polls_cut = 0
        self.unexpected = 0
        self.first_unexpected = ""
        self.times: dict[str, list[float]] = {"poll": [], "round": []}       # since the last report
        self.all_times: dict[str, list[float]] = {"poll": [], "round": []}

    def took(self, what: str, seconds: float) -> None:
        with self.lock:
            self.times[what].append(seconds)

    def odd(self, error: Exception) -> None:
        """Something no ordinary run meets (a page that is not what a phone expects): counted, and
        the first one said at the end."""
        with self.lock:
            self.unexpected += 1
            self.first_unexpected = self.first_unexpected or f"{type(error).__name__}: {error}"[:200]

    def drain(self, what: str) -> list[float]:
        with self.lock:
            taken, self.times[what] = self.times[what], []
            self.all_times[what] += taken
        return taken


class TableState:
    """One table: its current game (a new one every --game-hands hands) and what it acknowledged."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.acknowledged: dict[str, list[tuple[int, dict]]] = {table.game: []}


def run_table(state: TableState, base: str, counts: SoakCounts, stop: threading.Event, pace: float,
              game_hands: int, rng: random.Random) -> None:
    hands = 0
    while not stop.is_set():
        try:
            if hands >= game_hands:                  # the game is over: the same phones start another
                state.table = new_game(base, counts, state.table.phones)
                state.acknowledged[state.table.game] = []
                hands = 0
            started = time.monotonic()
            played = play_round(state.table.game, state.table.phones, counts, rng)
            counts.took("round", time.monotonic() - started)
            counts.add(hand_posts=played.posts, doubled=played.doubled, raced=played.raced,
                       acknowledged=len(played.acknowledged))
            state.acknowledged[state.table.game] += played.acknowledged
            hands = max([hands] + [number for number, _ in played.acknowledged])
        except CUT:
            counts.add(connection_errors=1)
            stop.wait(1)
        except Exception as error:                   # counted and said at the end, never a traceback
            counts.odd(error)
            stop.wait(1)
        stop.wait(pace * rng.uniform(0.5, 1.5))


class Watcher:
    """One browser that opened a table's watch link and keeps its scoreboard open."""

    def __init__(self, base: str, counts: SoakCounts, state: TableState) -> None:
        self.phone, self.counts, self.state = Phone(base, counts), counts, state
        self.joined = self.game = self.page = self.live = self.version = self.etag = None

    def open_page(self, path: str) -> None:
        """The scoreboard (a join link lands there): where it polls and the version it shows."""
        status, url, page, _ = self.phone.open(path)
        if status != 200:
            raise Refused(f"GET {path}: {status}")
        live = re.search(r'data-live="([^"]+)" data-version="(\d+)"', page)
        if not live:
            raise ValueError(f"{url} has no data-live")
        self.page, (self.live, self.version) = url.removeprefix(self.phone.base), live.groups()

    def run(self, stop: threading.Event, rng: random.Random) -> None:
        tick = time.monotonic() + rng.random()                 # phones opened the page at different moments
        while not stop.is_set():
            try:
                table = self.state.table
                if table.links["Watch"] != self.joined:        # a new game at the table: its link passed round
                    self.open_page(table.links["Watch"])
                    self.joined, self.game, self.etag = table.links["Watch"], table.game, None
                    self.counts.add(joins=1)
                    tick = time.monotonic() + 1
                if stop.wait(max(0.0, tick - time.monotonic())):
                    break
                self.poll()
            except CUT:                                        # the page says it is offline and asks again
                self.counts.add(connection_errors=1, polls_cut=1)
            except Exception as error:                         # counted and said at the end
                self.counts.odd(error)
                stop.wait(1)
            now = time.monotonic()                             # setInterval: the next whole second, a
            tick += max(1, int(now - tick) + 1)                # tick that came while asking is skipped

    def poll(self) -> None:
        """GET the data-live URL, conditional on the ETag the browser's cache holds; reload the page
        when the version is not the one it shows."""
        started = time.monotonic()
        status, _, body, headers = self.phone.open(self.live, headers={"If-None-Match": self.etag} if self.etag else {},
                                                   timeout=POLL_TIMEOUT)
        self.counts.took("poll", time.monotonic() - started)
        self.counts.add(polls=1, not_modified=int(status == 304))
        if status == 200:
            self.etag = headers.get("ETag")
            if str(json.loads(body)["version"]) != self.version:
                self.open_page(self.page)                      # location.reload()
                self.counts.add(reloads=1)
        elif status != 304:
            self.counts.add(polls_refused=1)


# --- what the server holds -------------------------------------------------------------------------

def rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return sorted(found)


class Server:
    """The server's processes and its WAL file, sampled each second."""

    def __init__(self, pid: int, instance: Path) -> None:
        self.pid, self.wal_path = pid, instance / "scorepad.db-wal"
        self.workers_seen: set[int] = set()
        self.first: dict[int, float] = {}
        self.wal = self.wal_max = 0
        self.memory: tuple[float | None, dict[int, float | None]] = (None, {})

    def sample(self) -> None:
        workers = children(self.pid)
        self.workers_seen.update(workers)
        self.memory = (rss_mb(self.pid), {worker: rss_mb(worker) for worker in workers})
        for pid, mb in [(self.pid, self.memory[0]), *self.memory[1].items()]:
            if mb is not None:
                self.first.setdefault(pid, mb)
        try:
            self.wal = self.wal_path.stat().st_size
        except OSError:
            self.wal = 0
        self.wal_max = max(self.wal_max, self.wal)

    def rss_line(self) -> str:
        master, workers = self.memory
        said = "?" if master is None else f"{master:.0f}"
        return said + (" + " + " ".join("?" if mb is None else f"{mb:.0f}" for mb in workers.values()) if workers else "")

    def growth(self) -> str:
        """Each process's RSS when first seen (after the games were made) and now, in MB."""
        master, workers = self.memory
        said = [f"{label} {self.first.get(pid, 0):.0f} -> {'gone' if mb is None else f'{mb:.0f}'}"
                for label, pid, mb in [("server" if not workers else "master", self.pid, master),
                                       *((f"worker {pid}", pid, mb) for pid, mb in workers.items())]]
        return "; ".join(said)


def stored(database: Path) -> tuple[dict[str, list[dict]], dict[str, int], str]:
    """Every game's hands as the database holds them, its version, and SQLite's integrity check."""
    with sqlite3.connect(database) as db:
        hands: dict[str, list[dict]] = {}
        for key, data in db.execute("select games.key, hands.data from hands join games on games.id = hands.game_id "
                                    "order by games.key, hands.position"):
            hands.setdefault(key, []).append(json.loads(data))
        versions = dict(db.execute("select key, version from games"))
        integrity = db.execute("pragma integrity_check").fetchone()[0]
    db.close()
    return hands, versions, integrity


# --- the report --------------------------------------------------------------------------------------

def clock(seconds: float) -> str:
    return f"{int(seconds) // 60}:{int(seconds) % 60:02}"


def percentile(values: list[float], share: float) -> str:
    if not values:
        return "-"
    return f"{sorted(values)[min(len(values) - 1, int(share * len(values)))] * 1000:.0f} ms"


def megabytes(size: int) -> str:
    return f"{size / 1_048_576:.1f}"


HEADER = (" time  hands posted  acknowledged  5xx  cut   polls   304  reloads  poll p95  round p95  WAL MB"
          "  RSS MB (master + workers)")


def interval_line(when: str, counts: SoakCounts, server: Server) -> str:
    polls, rounds = counts.drain("poll"), counts.drain("round")
    return (f"{when:>5}  {counts.hand_posts:>12}  {counts.acknowledged:>12}  {counts.errors_5xx:>3}  "
            f"{counts.connection_errors:>3}  {counts.polls:>6}  {counts.not_modified:>4}  {counts.reloads:>7}  "
            f"{percentile(polls, 0.95):>8}  {percentile(rounds, 0.95):>9}  {megabytes(server.wal):>6}  "
            f"{server.rss_line()}")


def server_log(path: Path) -> tuple[int, int, str]:
    """Tracebacks and worker timeouts in the server's log, and the last line of the first traceback."""
    text = path.read_text(errors="replace")
    tracebacks = text.count("Traceback (most recent call last)")
    first = ""
    if tracebacks:
        after = text.split("Traceback (most recent call last)", 1)[1].splitlines()
        first = next((line for line in after if line and not line.startswith((" ", "\t"))), "")
    return tracebacks, text.count("WORKER TIMEOUT"), first


def last_line(path: Path) -> str:
    lines = [line.strip() for line in path.read_text(errors="replace").splitlines() if line.strip()]
    return lines[-1] if lines else "(its log is empty)"


# --- the run -------------------------------------------------------------------------------------------

def steady() -> None:
    """From here on Ctrl+C and SIGTERM change nothing: the server is being stopped and the report made."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def join(threads: list[threading.Thread], seconds: float) -> None:
    """Wait for the threads to finish what they are doing, `seconds` at most for them all."""
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))

def soak(args: argparse.Namespace, folder: Path) -> int:
    instance, log_path = folder / "instance", folder / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    what = f"gunicorn -w {args.workers}" if args.server == "gunicorn" else "waitress (python app.py)"
    every = args.every or min(60.0, max(10.0, args.minutes * 60 / 6))
    with open(log_path, "w") as log:
        process = start_server(port, instance, args.workers, log, args.server)
    stop_tables, stop_watchers = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []
    interrupted = False
    try:
        try:
            wait_until_up(base + "/", process)
        except ServerFailed as error:
            raise ServerFailed(f"{error}: {last_line(log_path)}") from None
        counts = SoakCounts()
        try:
            states = [TableState(new_game(base, counts)) for _ in range(args.tables)]
        except (*CUT, Refused, KeyError, ValueError) as error:
            raise ServerFailed(f"the tables' games could not be made ({type(error).__name__}: {error})") from None
        watchers = [Watcher(base, counts, states[n % len(states)]) for n in range(args.watchers)] if states else []
        threads = [threading.Thread(target=run_table, daemon=True, args=(state, base, counts, stop_tables, args.pace,
                                                                         args.game_hands, random.Random(n)))
                   for n, state in enumerate(states)]
        threads += [threading.Thread(target=watcher.run, daemon=True, args=(stop_watchers, random.Random(1000 + n)))
                    for n, watcher in enumerate(watchers)]
        server = Server(process.pid, instance)
        server.sample()
        print(f"soak: {args.tables} tables (a hand every ~{args.pace:g} s each, a new game every {args.game_hands} "
              f"hands), {args.watchers} watchers polling once a second, {args.minutes:g} min, {what}, "
              f"port {port}; Ctrl+C stops it early", flush=True)
        print(HEADER, flush=True)
        began = time.monotonic()
        for thread in threads:
            thread.start()
        end, report = began + args.minutes * 60, began + every
        try:
            while time.monotonic() < end:
                time.sleep(max(0.0, min(1.0, end - time.monotonic())))
                server.sample()
                if process.poll() is not None:
                    print(f"soak: the server stopped by itself (status {process.returncode}): {last_line(log_path)}")
                    break
                if time.monotonic() >= report:
                    print(interval_line(clock(time.monotonic() - began), counts, server), flush=True)
                    report += every
        except KeyboardInterrupt:
            interrupted = True
        steady()                                            # winding down: a second Ctrl+C changes nothing
        elapsed = time.monotonic() - began
        if interrupted:
            print(f"soak: stopped by Ctrl+C after {clock(elapsed)}; finishing the hands under way", flush=True)
        stop_tables.set()
        join(threads[:len(states)], 40)
        time.sleep(2.5)                                     # the watchers' polls see the last hands
        stop_watchers.set()
        join(threads[len(states):], 10)
        server.sample()
        print(interval_line("end", counts, server), flush=True)
        wal_serving = server.wal
    finally:
        steady()
        stop_tables.set()
        stop_watchers.set()
        stop_server(process, args.server)
    database = instance / "scorepad.db"
    wal_stopped = (instance / "scorepad.db-wal").stat().st_size if (instance / "scorepad.db-wal").exists() else 0
    hands, versions, integrity = stored(database)
    lost = doubled = acknowledged = 0
    for state in states:
        for game, acked in state.acknowledged.items():
            game_lost, game_doubled = lost_and_doubled(hands.get(game, []), acked)
            lost, doubled, acknowledged = lost + game_lost, doubled + game_doubled, acknowledged + len(acked)
    following = sum(1 for watcher in watchers
                    if watcher.game == watcher.state.table.game and watcher.version == str(versions.get(watcher.game)))
    all_polls = counts.all_times["poll"]
    tracebacks, timeouts, first_traceback = server_log(log_path)
    replaced = len(server.workers_seen) - len(server.memory[1]) if args.server == "gunicorn" else 0

    print()
    print(f"soak: {clock(elapsed)} of {args.minutes:g} min, {args.tables} tables, {args.watchers} watchers, {what}"
          + (" (stopped by Ctrl+C)" if interrupted else ""))
    print(f"hands posted {counts.hand_posts} (taps doubled {counts.doubled}, raced by the other phone {counts.raced}), "
          f"acknowledged {acknowledged}, stored {sum(map(len, hands.values()))} in {len(versions)} games")
    print(f"acknowledged hands lost {lost}, hands stored twice {doubled}")
    print(f"responses 5xx {counts.errors_5xx}, connections refused, cut or timed out {counts.connection_errors} "
          f"(watchers' polls {counts.polls_cut}), pages not as expected {counts.unexpected}"
          + (f" (first: {counts.first_unexpected})" if counts.unexpected else ""))
    print(f"watchers: joins {counts.joins}, polls {counts.polls} ({counts.not_modified} answered 304), "
          f"refused {counts.polls_refused}, reloads {counts.reloads}; poll time p50 {percentile(all_polls, 0.5)}, "
          f"p95 {percentile(all_polls, 0.95)}, max {percentile(all_polls, 1.0)}; showing their game's last "
          f"version at the end {following} of {len(watchers)}")
    print(f"memory (RSS MB, first sample -> end): {server.growth()}; workers replaced {replaced}")
    print(f"WAL (scorepad.db-wal): largest {megabytes(server.wal_max)} MB, at the end while serving "
          f"{megabytes(wal_serving)} MB, after the server stopped {megabytes(wal_stopped)} MB; "
          f"database {megabytes(database.stat().st_size)} MB")
    print(f"server log: tracebacks {tracebacks}" + (f" (first: {first_traceback})" if tracebacks else "")
          + f", worker timeouts {timeouts}")
    print(f"integrity_check {integrity}")
    problems = {"lost": lost, "stored twice": doubled, "5xx": counts.errors_5xx, "cut": counts.connection_errors,
                "not as expected": counts.unexpected, "polls refused": counts.polls_refused,
                "tracebacks": tracebacks, "worker timeouts": timeouts, "watchers behind": len(watchers) - following,
                "integrity": int(integrity != "ok")}
    found = {name: number for name, number in problems.items() if number}
    print("result: " + ("ok" if not found else "PROBLEMS " + ", ".join(f"{name} {n}" for name, n in found.items())))
    return 130 if interrupted else 0 if not found else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=["gunicorn", "waitress"], default="gunicorn")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=60)
    parser.add_argument("--minutes", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's workers (default 4)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds between one table's hands, on average (default 2; 0: as fast as it can)")
    parser.add_argument("--game-hands", type=int, default=50, help="hands in a game before a table starts another")
    parser.add_argument("--every", type=float, help="seconds between reports (default: a sixth of the run, 10 to 60)")
    args = parser.parse_args()
    if args.tables < 1 or args.watchers < 0 or args.workers < 1 or args.minutes <= 0 or args.pace < 0 \
            or args.game_hands < 1:
        parser.error("needs a table, a worker, a hand a game, some minutes, and no negative watchers or pace")

    def terminated(_signal, _frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, terminated)
    try:
        with tempfile.TemporaryDirectory(prefix="scorepad-soak-") as folder:
            return soak(args, Path(folder))
    except ServerFailed as error:
        print(f"soak: the server did not start: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("soak: stopped by Ctrl+C before the tables began", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
