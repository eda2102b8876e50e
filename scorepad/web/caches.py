"""Every memory a worker keeps between requests, in one place.

Each is a bounded least-recently-used cache whose key holds everything its value depends on, so an
entry is never wrong, only unused: a game's entries are keyed by its version, which every change
moves (each request reads it from the database, so several workers stay right). Each says its key,
its bound and what makes an entry unused once, here; `clear_all()` empties every one (tests).
Values are never None (None is "not kept"). The rules engine keeps its own few memories of pure
functions (lru_cache in its modules): it knows nothing of the web."""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import Any, Callable


class LRUCache:
    """A small least-recently-used cache shared by a worker's threads."""

    def __init__(self, size: int) -> None:
        self.size, self.entries, self.lock = size, OrderedDict(), threading.Lock()
        EVERY.append(self)

    def get(self, key: Any) -> Any:
        try:                                    # each step is atomic: no lock for the most frequent call
            value = self.entries[key]
            self.entries.move_to_end(key)
        except KeyError:                        # not kept, or dropped by another thread meanwhile
            return None
        return value

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def discard(self, key: Any) -> None:
        with self.lock:
            self.entries.pop(key, None)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)


EVERY: list[LRUCache] = []


def clear_all() -> None:
    """Forget everything every cache keeps (a test's app starts from nothing kept)."""
    for cache in EVERY:
        cache.clear()


def memoized(cache: LRUCache) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A function of hashable arguments whose results are kept in `cache`, by its arguments."""
    def wrap(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any) -> Any:
            found = cache.get(args)
            if found is None:
                found = function(*args)
                cache.put(args, found)
            return found
        return call
    return wrap


# --- a game's score ------------------------------------------------------------------------------

# (database, game row, version) -> (record, scored game, rule error): a version never changes, so
# only versions never committed (a failed write) are dropped, by pages.forget.
SCORED = LRUCache(128)
# (database, game row) -> (version, record, scored game): the newest version this worker scored, to
# score only the hands added since; replaced by a newer one, dropped with an uncommitted one.
NEWEST = LRUCache(128)

# --- pages and their parts -----------------------------------------------------------------------

# (database, path and query, scheme, host, script root, asset version, language, the page's stamp:
# reader's role, game row and version, or the home page's games) -> pages.PageText, the rendered
# page with a placeholder for its reader's form token. Any change moves the version in the stamp.
PAGES = LRUCache(256)
# a response's bytes -> the same gzipped: only responses with an ETag (kept pages, assets), which
# the same reader gets byte for byte again; bytes never change meaning.
GZIPPED = LRUCache(128)
# (macro of _chrome.html, language, script root, asset version, its arguments) -> its HTML: the
# head, header and a game's links and form ends; nothing of a game's version or a reader in it.
FRAGMENTS = LRUCache(1024)
# (database, game row, language, link, players, id of the scored hand) -> (the scored
# hand, its scoreboard row): the entry holds its hand, so a hand scored anew (a new object) is a new row.
ROWS = LRUCache(4096)
# (language, form class, field name, value, names, attributes) -> a hand form's radio group as
# rendered; one with errors or help is never kept. A form class is made per labels and options.
FIELDSETS = LRUCache(2048)
# (language, game id, the settings' items) -> the settings in a line on the scoreboard.
SETTINGS_LINES = LRUCache(256)

# --- made once per worker ------------------------------------------------------------------------

# (base form class, the fields as plain values: names, labels, options, defaults) -> the hand form
# class (WTForms walks a new class on its first use); plain values, so two forms never mix.
FORM_CLASSES = LRUCache(512)
# (secret key, fallback keys) -> the session cookies' itsdangerous serializer (no signature in it).
SESSION_SERIALIZERS = LRUCache(8)
# (marker shape, radius) -> the rest of a chart marker's SVG path.
MARKER_PATHS = LRUCache(64)
# a script's source -> minified (each script in static/ is read once at start).
MINIFIED = LRUCache(8)
