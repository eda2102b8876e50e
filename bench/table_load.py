"""Tables recording Pitch hands at once through the real forms, against `gunicorn -w 4`, with the
server killed (SIGKILL) and restarted half-way. Two phones per table; some taps are doubled, some
phones save a different hand from a stale form at the same moment.

Prints posts, responses of 500 or more, acknowledged hands lost, hands stored twice, games that no
longer score, and SQLite's integrity check. Loopback only; it stops by itself.

    .venv/bin/python bench/table_load.py [--tables 8] [--seconds 40] [--workers 4]
"""
from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
PLAYERS = ["Ann", "Ben", "Cy"]


class Counts:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.posts = self.errors_5xx = self.refused_connections = 0

    def add(self, **values: int) -> None:
        with self.lock:
            for name, value in values.items():
                setattr(self, name, getattr(self, name) + value)


class Phone:
    """One browser: its own cookies (session, CSRF token)."""

    def __init__(self, base: str, counts: Counts) -> None:
        self.base, self.counts = base, counts
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str, str]:
        """(status, final URL, page) after following the redirect."""
        self.counts.add(posts=1)
        request = urllib.request.Request(self.base + path, urllib.parse.urlencode(data).encode())
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            if error.code >= 500:
                self.counts.add(errors_5xx=1)
            return error.code, path, error.read().decode(errors="replace")


def hidden(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input[^>]*name="(csrf_token|version|number|step|key)"[^>]*value="([^"]*)"', page))


def pitch_hand(number: int, variant: int) -> dict:
    """A legal hand whatever happened before: everyone passes and the dealer must bid 2."""
    dealer = (number - 1) % 3
    bids = [2 if seat == dealer else "pass" for seat in range(3)]
    if variant == 0:
        return {"bids": bids, "high": dealer, "low": dealer, "jack": None, "game": (dealer + 1) % 3}
    return {"bids": bids, "high": (dealer + 1) % 3, "low": (dealer + 2) % 3, "jack": dealer, "game": None}


def fields(hand: dict) -> dict[str, str]:
    data = {f"bid_{seat}": str(bid) for seat, bid in enumerate(hand["bids"])}
    return data | {point: "none" if hand[point] is None else str(hand[point]) for point in ("high", "low", "jack", "game")}


def table(base: str, game: str, phones: list[Phone], counts: Counts, deadline: float, acknowledged: list,
          rng: random.Random) -> None:
    url = f"/games/{game}/hands/new"
    while time.time() < deadline:
        try:
            forms = [hidden(phone.get(url)) for phone in phones]
            number = int(forms[0]["number"])
            mine = pitch_hand(number, number % 2)
            sends = [(phones[0], forms[0] | fields(mine), mine)]
            roll = rng.random()
            if roll < 0.3:                                   # a double tap
                sends.append((phones[0], forms[0] | fields(mine), mine))
            elif roll < 0.5:                                 # the other phone saves another hand meanwhile
                other = pitch_hand(number, 1 - number % 2)
                sends.append((phones[1], forms[1] | fields(other), other))
            results: list = [None] * len(sends)

            def send(index: int) -> None:
                phone, data, _ = sends[index]
                try:
                    results[index] = phone.post(url, data)
                except (OSError, http.client.HTTPException):       # the server was killed meanwhile
                    counts.add(refused_connections=1)
            threads = [threading.Thread(target=send, args=(n,)) for n in range(len(sends))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for (_, _, hand), result in zip(sends, results):
                if result and result[0] == 200 and re.search(rf"/games/{game}$", result[1]) \
                        and "already saved" not in result[2] and "meanwhile" not in result[2]:
                    acknowledged.append((number, hand))
        except (OSError, http.client.HTTPException):
            counts.add(refused_connections=1)
            time.sleep(0.2)


def start_server(port: int, instance: Path, workers: int, log) -> subprocess.Popen:
    return subprocess.Popen([str(GUNICORN), "-w", str(workers), "-b", f"127.0.0.1:{port}", "app:create_app()"],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, "SCOREPAD_INSTANCE": str(instance)})


def wait_until_up(url: str) -> None:
    for _ in range(400):
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not come up")


def new_game(base: str, counts: Counts) -> tuple[str, list[Phone]]:
    """A game made on one phone, and a second phone that opened its score-with-us link."""
    phone, other = Phone(base, counts), Phone(base, counts)
    form = hidden(phone.get("/games/new/pitch"))
    data = form | {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0",
                   "setting_target": "100000"}
    _, url, _ = phone.post("/games/new/pitch", data)
    game = url.rstrip("/").rsplit("/", 1)[1]
    invite = phone.get(f"/games/{game}/invite")
    link = re.search(r'<h2>Score with us</h2>.*?<a href="([^"]+)" class="link-text"', invite, re.S).group(1)
    other.get(link.replace("&amp;", "&").removeprefix(base))             # the link names this server
    return game, [phone, other]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, open(Path(folder) / "server.log", "w") as log:
        instance = Path(folder) / "instance"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, instance, args.workers, log)
        wait_until_up(base + "/")
        counts = Counts()
        tables = dict(new_game(base, counts) for _ in range(args.tables))
        games = list(tables)
        acknowledged = {game: [] for game in games}
        deadline = time.time() + args.seconds
        threads = [threading.Thread(target=table, args=(base, game, tables[game], counts, deadline, acknowledged[game],
                                                        random.Random(n))) for n, game in enumerate(games)]
        for thread in threads:
            thread.start()
        time.sleep(args.seconds / 2)
        os.killpg(server.pid, signal.SIGKILL)                 # kill -9, mid-run, workers and all
        server.wait()
        time.sleep(1)
        server = start_server(port, instance, args.workers, log)
        for thread in threads:
            thread.join()
        try:
            lost = duplicated = broken = stored_total = 0
            for game in games:
                hands = json.loads(tables[game][0].get(f"/games/{game}/record.json"))["hands"]
                broken += "can't be scored" in tables[game][0].get(f"/games/{game}")
                stored_total += len(hands)
                lost += sum(1 for number, hand in acknowledged[game]
                            if number > len(hands) or hands[number - 1] != hand)
                duplicated += sum(1 for a, b in zip(hands, hands[1:]) if a == b)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(20)
        with sqlite3.connect(instance / "scorepad.db") as db:
            integrity = db.execute("pragma integrity_check").fetchone()[0]
    acknowledged_total = sum(len(hands) for hands in acknowledged.values())
    print(f"tables {args.tables}, {args.seconds:g} s, gunicorn -w {args.workers}, one SIGKILL and restart half-way")
    print(f"posts {counts.posts}, responses 5xx {counts.errors_5xx}, connections cut or refused while down "
          f"{counts.refused_connections}")
    print(f"hands stored {stored_total}, acknowledged {acknowledged_total}, lost {lost}, duplicated {duplicated}, "
          f"games that no longer score {broken}, integrity_check {integrity}")
    sys.exit(0 if (counts.errors_5xx, lost, duplicated, broken, integrity) == (0, 0, 0, 0, "ok") else 1)


if __name__ == "__main__":
    main()
