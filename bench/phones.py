"""Phones at card tables against a real Scorepad server on loopback: what bench/table_load.py and
bench/soak.py share (a browser's cookies, the forms' hidden fields, a round of Pitch hands with
doubled and raced taps, starting and stopping the server, counting hands lost or stored twice)."""
from __future__ import annotations

import gzip
import http.client
import http.cookiejar
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
CUT = (OSError, http.client.HTTPException)       # the connection refused, cut or timed out


class Counts:
    """Totals that many threads add to."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.posts = self.errors_5xx = self.connection_errors = 0

    def add(self, **values: int) -> None:
        with self.lock:
            for name, value in values.items():
                setattr(self, name, getattr(self, name) + value)


class Refused(Exception):
    """A page answered with an error status (a 5xx is counted where it is seen)."""


class Phone:
    """One browser: its own cookies (session, CSRF token); asks for gzip, as every browser does."""

    def __init__(self, base: str, counts: Counts) -> None:
        self.base, self.counts = base, counts
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.addheaders = [("Accept-Encoding", "gzip")]

    def open(self, path: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None,
             timeout: float = 30) -> tuple[int, str, str, Message]:
        """(status, final URL, page, headers) after following redirects; an error status or a 304 is
        returned, not raised. A refused or cut connection raises one of CUT."""
        body = None if data is None else urllib.parse.urlencode(data).encode()
        try:
            response = self.opener.open(urllib.request.Request(self.base + path, body, headers or {}), timeout=timeout)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            status, url, raw = response.status, response.url, response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        page = raw.decode(errors="replace")
        if status >= 500:
            self.counts.add(errors_5xx=1)
        return status, url, page, response.headers

    def get(self, path: str) -> str:
        status, _, page, _ = self.open(path)
        if status >= 400:
            raise Refused(f"GET {path}: {status}")
        return page

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str, str]:
        """(status, final URL, page) after following the redirect."""
        self.counts.add(posts=1)
        return self.open(path, data)[:3]


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


@dataclass
class Round:
    """One hand played at a table: the taps sent and the hands the server acknowledged."""
    posts: int = 0
    doubled: int = 0                 # a double tap on Save
    raced: int = 0                   # the other phone saved another hand from the same form meanwhile
    acknowledged: list[tuple[int, dict]] | None = None


def play_round(game: str, phones: list[Phone], counts: Counts, rng: random.Random) -> Round:
    """Both phones open the new-hand form; the first saves a hand, sometimes twice (a double tap),
    sometimes while the second saves another one from its same form. A hand is acknowledged when
    its post lands on the scoreboard without "already saved" or "meanwhile". A refused or cut
    connection raises one of CUT; a page that answers with an error status ends the round."""
    url = f"/games/{game}/hands/new"
    try:
        forms = [hidden(phone.get(url)) for phone in phones]
    except Refused:
        return Round(acknowledged=[])
    number = int(forms[0]["number"])
    mine = pitch_hand(number, number % 2)
    sends = [(phones[0], forms[0] | fields(mine), mine)]
    roll = rng.random()
    doubled, raced = roll < 0.3, 0.3 <= roll < 0.5
    if doubled:
        sends.append((phones[0], forms[0] | fields(mine), mine))
    elif raced:
        other = pitch_hand(number, 1 - number % 2)
        sends.append((phones[1], forms[1] | fields(other), other))
    results: list = [None] * len(sends)

    def send(index: int) -> None:
        phone, data, _ = sends[index]
        try:
            results[index] = phone.post(url, data)
        except CUT:
            counts.add(connection_errors=1)
    threads = [threading.Thread(target=send, args=(n,)) for n in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    acknowledged = [(number, hand) for (_, _, hand), result in zip(sends, results)
                    if result and result[0] == 200 and re.search(rf"/games/{game}$", result[1])
                    and "already saved" not in result[2] and "meanwhile" not in result[2]]
    return Round(len(sends), int(doubled), int(raced), acknowledged)


def lost_and_doubled(stored: list[dict], acknowledged: list[tuple[int, dict]]) -> tuple[int, int]:
    """Acknowledged hands that are not stored at their number, and hands stored twice in a row
    (consecutive hands of `pitch_hand` always differ, so two equal ones are one tap saved twice)."""
    lost = sum(1 for number, hand in acknowledged if number > len(stored) or stored[number - 1] != hand)
    return lost, sum(1 for a, b in zip(stored, stored[1:]) if a == b)


@dataclass
class Table:
    game: str
    phones: list[Phone]
    links: dict[str, str]            # the invite page's links ("Score with us", "Watch", "Big screen"), as paths


def invite_links(phone: Phone, game: str) -> dict[str, str]:
    page = phone.get(f"/games/{game}/invite")
    found = re.findall(r'<h2>([^<]+)</h2>.*?<a href="([^"]+)" class="link-text"', page, re.S)
    return {what: link.replace("&amp;", "&").removeprefix(phone.base) for what, link in found}   # links name this server


def new_game(base: str, counts: Counts, phones: list[Phone] | None = None) -> Table:
    """A game made on the first phone, and the second phone that opened its score-with-us link
    (two new phones unless given)."""
    phone, other = phones or [Phone(base, counts), Phone(base, counts)]
    form = hidden(phone.get("/games/new/pitch"))
    data = form | {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0",
                   "setting_target": "500"}
    _, url, _ = phone.post("/games/new/pitch", data)
    game = url.rstrip("/").rsplit("/", 1)[1]
    links = invite_links(phone, game)
    other.get(links["Score with us"])
    return Table(game, [phone, other], links)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServerFailed(Exception):
    """The server did not start or did not answer: one line says why."""


def start_server(port: int, instance: Path, workers: int, log, kind: str = "gunicorn",
                 worker_class: str = "sync") -> subprocess.Popen:
    """`gunicorn -k CLASS -w N 'app:create_app()'` (reading ./gunicorn.conf.py as a club server does)
    or `python app.py` (waitress), on 127.0.0.1:port, in a session of its own (a Ctrl+C in the
    terminal reaches only the caller, which stops it with `stop_server`)."""
    if kind == "gunicorn":
        command = [str(GUNICORN), "-k", worker_class, "-w", str(workers), "-b", f"127.0.0.1:{port}", "app:create_app()"]
    else:
        command = [sys.executable, "app.py", "--host", "127.0.0.1", "--port", str(port), "--no-qr"]
    try:
        return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "SCOREPAD_INSTANCE": str(instance)})
    except OSError as error:
        raise ServerFailed(f"{command[0]} could not be run: {error.strerror}") from None


def wait_until_up(url: str, server: subprocess.Popen | None = None, seconds: float = 20) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if server is not None and server.poll() is not None:
            raise ServerFailed(f"the server exited at start (status {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise ServerFailed(f"the server did not answer {url} within {seconds:g} s")


def stop_server(server: subprocess.Popen, kind: str = "gunicorn") -> None:
    """As its keeper would: SIGTERM to gunicorn (it finishes the requests it has), Ctrl+C to
    waitress; SIGKILL if it is still there 20 s later."""
    try:
        os.killpg(server.pid, signal.SIGTERM if kind == "gunicorn" else signal.SIGINT)
        server.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    except ProcessLookupError:
        server.wait()
