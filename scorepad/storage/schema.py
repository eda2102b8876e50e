"""The database's tables, as sqlite-utils migrations: each runs once, in this order, at start.

The schema's version is the number of steps: a database that has a step this release doesn't know
was written by a newer release, and is refused (instance.migrate)."""
from __future__ import annotations

import secrets
from typing import Callable

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorepad")
STEPS: list[str] = []          # every step's name, in order


def step(change: Callable[[Database], None]) -> Callable[[Database], None]:
    """A migration of this schema (kept in STEPS too: Migrations doesn't list its steps publicly)."""
    STEPS.append(change.__name__)
    return migrations()(change)


@step
def create_tables(db: Database) -> None:
    db["games"].create({"id": int, "game": str, "players": str, "first_dealer": int, "first_captain": int,
                        "settings": str, "pending": str, "created": str, "updated": str}, pk="id")
    db["hands"].create({"game_id": int, "position": int, "data": str}, pk=("game_id", "position"),
                       foreign_keys=[("game_id", "games", "id")])
    db["history"].create({"id": int, "game_id": int, "at": str, "hand": int, "action": str,
                          "before": str, "after": str}, pk="id", foreign_keys=[("game_id", "games", "id")])
    db["history"].create_index(["game_id"])


@step
def add_version(db: Database) -> None:
    db["games"].add_column("version", int, not_null_default=1)


@step
def add_form_key(db: Database) -> None:
    """The new-game form's one-time key: a second tap on "Start the game" finds the first game."""
    db["games"].add_column("form_key", str)
    db["games"].create_index(["form_key"], unique=True)


def random_key() -> str:
    """128 random bits, URL-safe: a game's id in links, and its scorer and watcher keys."""
    return secrets.token_urlsafe(16)


@step
def add_sharing(db: Database) -> None:
    """Games are reached by a random id; scorer and watcher keys let a browser join; members
    remember which browser may do what; archived and deleted games leave the home page."""
    for column in ("key", "scorer_key", "watcher_key", "deleted"):
        db["games"].add_column(column, str)
    db["games"].add_column("archived", int, not_null_default=0)
    for (game_id,) in db.execute("select id from games").fetchall():
        db["games"].update(game_id, {"key": random_key(), "scorer_key": random_key(), "watcher_key": random_key()})
    db["games"].create_index(["key"], unique=True)
    db["members"].create({"browser": str, "game_id": int, "role": str, "at": str}, pk=("browser", "game_id"),
                         foreign_keys=[("game_id", "games", "id")])
    db["members"].create_index(["game_id"])
    db["key_failures"].create({"address": str, "at": str})
    db["key_failures"].create_index(["address", "at"])


@step
def add_summaries(db: Database) -> None:
    """What the home page shows of a game (hand count, leader, winners), kept beside the records so
    the home page never re-scores a game. Derived, never the source of truth: rebuilt from the
    records whenever `summary_version` is behind `version`."""
    db["games"].add_column("hands", int, not_null_default=0)
    db["games"].add_column("summary", str)
    db["games"].add_column("summary_version", int, not_null_default=0)
    db["games"].create_index(["updated"])


@step
def add_member_order(db: Database) -> None:
    """Each browser's games in the order they were last played, so its home page reads only the
    newest few however many games the server holds."""
    db["members"].add_column("updated", str)
    db.execute("update members set updated = (select updated from games where games.id = members.game_id)")
    db["members"].create_index(["browser", "updated"])


@step
def add_note(db: Database) -> None:
    """A game's note (place, occasion): kept as the record's `note` extra, which scoring ignores."""
    db["games"].add_column("note", str)


@step
def add_renames(db: Database) -> None:
    """Renames and merges of a player across games: which seats of which games each one changed, so
    it can be undone exactly (only those seats, and only while they still carry the new name)."""
    db["renames"].create({"id": int, "at": str, "browser": str, "old": str, "new": str, "seats": str,
                          "undone": str}, pk="id")
    db["renames"].create_index(["browser", "id"])


@step
def add_hand_versions(db: Database) -> None:
    """The game version that last wrote each hand: a worker that scored an earlier version reads and
    scores only the hands added since (0: written before this column, so before any worker started)."""
    db["hands"].add_column("version", int, not_null_default=0)


@step
def add_history_pending(db: Database) -> None:
    """The bids that were waiting for their tricks when a change dropped them (recording or deleting
    a hand), so undoing the change brings them back as they stood."""
    db["history"].add_column("pending", str)


@step
def add_colours(db: Database) -> None:
    """A colour per seat (the record's `colours` extra, which scoring ignores): a game stored before
    has none and shows the set in seat order."""
    db["games"].add_column("colours", str)


@step
def add_instance(db: Database) -> None:
    """What belongs to the installation rather than to a game, kept in the database so a backup or
    replica carries it: the keys that sign phones' sessions and the owner link (before this step
    they were files in the instance folder, read once), and which release and schema wrote it."""
    db["instance"].create({"name": str, "value": str}, pk="name")
