"""Who may do what with a game. One place decides: every page asks `allowed(role, action)`.

A browser carries a random id in its signed session cookie; the database remembers which games
that browser may watch or score (it joined with the game's watch or score link, or made the game).
The owner - whoever holds the owner link printed when the server starts - may do everything."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta, timezone

from flask import current_app, session

from scorepad.storage import store

ALLOWED = {
    "owner": {"read", "change", "shelve", "own"},
    "scorer": {"read", "change", "shelve"},
    "watcher": {"read"},
}
MOST_FAILURES = 20                   # wrong links from one address...
FAILURE_WINDOW = timedelta(minutes=10)   # ...within this long, then it must wait


def allowed(role: str | None, action: str) -> bool:
    """read: see the game, its history and exports; change: record, fix, delete, restore;
    shelve: archive a game, move it to the bin or bring it back; own: all that for every game."""
    return action in ALLOWED.get(role or "", set())


def browser(create: bool = False) -> str | None:
    """This browser's random id (made on first need and kept in the session cookie)."""
    if "browser" not in session and create:
        session["browser"] = secrets.token_urlsafe(16)
        session.permanent = True
    return session.get("browser")


def owner_mark(owner_key: str) -> str:
    return hmac.new(owner_key.encode(), b"scorepad owner", hashlib.sha256).hexdigest()


def is_owner() -> bool:
    mark = session.get("owner")
    return bool(mark) and hmac.compare_digest(mark, owner_mark(current_app.config["OWNER_KEY"]))


def become_owner(key: str) -> bool:
    if not hmac.compare_digest(key.encode(), current_app.config["OWNER_KEY"].encode()):
        return False
    session["owner"] = owner_mark(key)
    session.permanent = True
    return True


def role_in(db, game_id: int) -> str | None:
    return "owner" if is_owner() else store.role_of(db, browser(), game_id)


def game_and_role(db, key: str) -> tuple[dict | None, str | None]:
    """A game's row by its key, and this browser's role in it (None for both when there is no such game)."""
    row, member = store.row_and_role(db, key, browser())
    return (row, "owner" if is_owner() else member) if row else (None, None)


def key_role(row: dict, key: str) -> str | None:
    """The role a game's link key gives (compared in constant time)."""
    for role in ("scorer", "watcher"):
        if hmac.compare_digest(key.encode(), (row[f"{role}_key"] or "").encode()):
            return role
    return None


def too_many_failures(db, address: str) -> bool:
    since = (datetime.now(timezone.utc) - FAILURE_WINDOW).isoformat(timespec="milliseconds")
    return store.recent_failures(db, address, since) >= MOST_FAILURES
