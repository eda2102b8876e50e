"""Live games: one watcher per server process wakes the open streams of a game when it changes,
whichever process (worker) wrote the change, with no broker between them.

The watcher is a thread (under gunicorn's gevent worker a greenlet: gevent patches `threading`)
with its own connection to the database. Every 100 ms it reads SQLite's `PRAGMA data_version`, which
moves when any other connection, in any process, commits; only then does one query read the
versions of the games that have streams open here, and the streams of those that moved are woken.
It runs while this process has a stream open. See docs/performance.md for what it costs and how
the same design works past one machine."""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass

from scorepad.storage import store

CHECK_EVERY = 0.1               # seconds between two looks at data_version
RETRY_MS = 2000                 # how long a browser waits before opening a cut stream again


@dataclass
class Followed:
    """A game some stream of this process follows: its newest version seen and its hands played."""
    version: int
    hands: int
    woken: threading.Condition       # shares the watcher's lock
    streams: int = 0

    def said(self) -> str:
        """The game's state as an event: the data is what /version answers."""
        data = json.dumps({"version": self.version, "hands": self.hands})
        return f"id: {self.version}\ndata: {data}\n\n"


class Watcher:
    """The streams of one database in this process, and the thread that wakes them."""

    def __init__(self, path: str, read_only: bool) -> None:
        self.path, self.read_only = path, read_only
        self.lock = threading.Lock()
        self.games: dict[int, Followed] = {}
        self.running = False
        self.fresh = False           # a game was added: read the versions once more, whatever data_version says

    def streams(self) -> int:
        with self.lock:
            return sum(game.streams for game in self.games.values())

    def follow(self, game: int, version: int, hands: int, limit: int | None) -> Followed | None:
        """One more stream of `game` (as read by its request), or None when `limit` streams are open."""
        with self.lock:
            if limit is not None and sum(followed.streams for followed in self.games.values()) >= limit:
                return None
            followed = self.games.get(game)
            if followed is None:
                followed = self.games[game] = Followed(version, hands, threading.Condition(self.lock))
                self.fresh = True
            elif version > followed.version:        # read before the watcher saw it: the others hear it now
                followed.version, followed.hands = version, hands
                followed.woken.notify_all()
            followed.streams += 1
            if not self.running:
                self.running = True
                threading.Thread(target=self.watch, name=f"scorepad-live {self.path}", daemon=True).start()
            return followed

    def leave(self, game: int) -> None:
        with self.lock:
            followed = self.games[game]
            followed.streams -= 1
            if not followed.streams:
                del self.games[game]

    def events(self, followed: Followed, known: int | None, heartbeat: float):
        """What a stream sends: at once the game's state if the page has another version; then each
        change, and the state again at least every `heartbeat` seconds (so a proxy keeps the
        connection, and a page gone is noticed)."""
        yield f"retry: {RETRY_MS}\n\n"
        sent = known
        while True:
            sent, said = self.after(followed, sent, heartbeat)
            yield said

    def after(self, followed: Followed, sent: int | None, heartbeat: float) -> tuple[int, str]:
        """The game's version and event once its version is not `sent`, or after `heartbeat` seconds."""
        deadline = time.monotonic() + heartbeat
        with self.lock:
            while followed.version == sent and deadline > time.monotonic():
                followed.woken.wait(deadline - time.monotonic())
            return followed.version, followed.said()

    def watch(self) -> None:
        """Runs while streams are open; if it fails it says so and the next stream starts another."""
        try:
            self.watched()
        except Exception:
            store.LOG.exception("Live games not followed until the next stream opens")
        finally:
            with self.lock:
                self.running = False

    def watched(self) -> None:
        db = store.connect(self.path, read_only=self.read_only)
        try:
            seen = store.data_version(db)
            while True:
                time.sleep(CHECK_EVERY)
                with self.lock:
                    if not self.games:
                        return
                    games, fresh, self.fresh = list(self.games), self.fresh, False
                try:
                    now = store.data_version(db)
                    if now != seen or fresh:
                        seen = now
                        self.moved(db, games)
                except sqlite3.Error as error:   # a damaged or vanished file: said once a second at most
                    store.LOG.warning("Live games not followed for a moment: %s", error)
                    time.sleep(1)
        finally:
            db.close()

    def moved(self, db, games: list[int]) -> None:
        """Wake the streams of the games whose version moved."""
        with store.reading(db):                 # versions and hands of one state of the database
            versions = store.versions(db, games)
            with self.lock:
                changed = [game for game, version in versions.items()
                           if game in self.games and version > self.games[game].version]
            hands = {game: store.played_count(db, game) for game in changed}
        with self.lock:
            for game in changed:
                followed = self.games.get(game)
                if followed is not None and versions[game] > followed.version:
                    followed.version, followed.hands = versions[game], hands[game]
                    followed.woken.notify_all()


WATCHERS: dict[str, Watcher] = {}
WATCHERS_LOCK = threading.Lock()


def watcher(path: str, read_only: bool = False) -> Watcher:
    """This process's watcher of the database at `path`."""
    with WATCHERS_LOCK:
        if path not in WATCHERS:
            WATCHERS[path] = Watcher(path, read_only)
        return WATCHERS[path]
