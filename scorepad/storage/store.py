"""The database: game records (players, settings, hands, pending bids) and their edit history.

Never scores: those are always recomputed from the hands by the rules engine. Every change
bumps the game's `version`, which the forms carry so a stale or repeated submit is recognised."""
from __future__ import annotations

import errno
import json
import logging
import sqlite3
import time
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from sqlite_utils import Database

from rules_engine import FORMAT
from scorepad.storage.schema import random_key  # noqa: F401  (store.random_key: what a game's keys are made of)

BUSY_TIMEOUT_MS = 8000
MAX_ID = 2 ** 63 - 1          # SQLite's largest integer
LOG = logging.getLogger("scorepad")


class Busy(Exception):
    """The database stayed locked longer than the busy timeout: nothing was written."""


FAULT_WORDS = {"full": "its disk is full", "read-only": "it or its folder is read-only",
               "failing": "its disk can't be written"}


class CannotStore(Exception):
    """The database could not be written: its disk is full, or it or its folder is read-only.
    Nothing was written."""

    def __init__(self, path: str, fault: str, cause: str) -> None:
        super().__init__(f"Can't store changes in {path}: {FAULT_WORDS[fault]} ({cause})")
        self.path, self.fault = path, fault


def disk_fault(error: BaseException) -> str | None:
    """What a failed statement or file operation says of the disk: "full", "read-only" or
    "failing"; None when it is about something else (another writer holding the lock, a mistake)."""
    if isinstance(error, OSError):
        return {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read-only", errno.EACCES: "read-only",
                errno.EPERM: "read-only", errno.EIO: "failing"}.get(error.errno or 0)
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL"):
        return "full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return "read-only"
    if name.startswith("SQLITE_IOERR"):
        return "failing"
    return None


def why_not(error: BaseException) -> str:
    """A failed file or database operation in a few words: the disk's fault, else its own words."""
    fault = disk_fault(error)
    return FAULT_WORDS[fault] if fault else str(getattr(error, "strerror", None) or error)


FAULTS_SAID: set[tuple[str, str]] = set()        # (database, fault) logged since its last good write


def cannot_store(db: Database, error: sqlite3.Error) -> CannotStore | None:
    """The CannotStore a disk fault becomes (logged once, with the path, until a write succeeds
    again); None for any other error."""
    fault = disk_fault(error)
    if fault is None:
        return None
    problem = CannotStore(db.path, fault, str(error))
    if (db.path, fault) not in FAULTS_SAID:
        FAULTS_SAID.add((db.path, fault))
        LOG.error("%s. Phones keep their changes and send them again; nothing is lost.", problem)
    return problem


def read_only_connection(path: str | Path) -> sqlite3.Connection:
    """The database opened for reading only, whatever its name holds (# and ? are parts of a URI),
    also on a read-only or full disk, where SQLite can't make a WAL database's shared-memory file:
    then it is opened as a file nothing changes (nothing can write there), unless its WAL holds
    changes (they would be left out: sqlite3.OperationalError)."""
    uri = Path(path).resolve().as_uri()
    conn = sqlite3.connect(uri + "?mode=ro", uri=True, check_same_thread=False)
    try:
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError as error:
        conn.close()
        wal = Path(f"{path}-wal")
        if disk_fault(error) is None or (wal.exists() and wal.stat().st_size > 0):
            raise
    return sqlite3.connect(uri + "?immutable=1", uri=True, check_same_thread=False)


def connect(path: str, read_only: bool = False) -> Database:
    """One connection (per request): waits for a busy database instead of failing at once."""
    db = Database(read_only_connection(path) if read_only else path, execute_plugins=False)
    db.path = path
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = NORMAL")     # with WAL: survives a killed server; see docs/user-guide.md
    db.touched = set()                   # games changed by this connection's open transaction
    return db


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction that holds the write lock from its first read (BEGIN IMMEDIATE),
    so what is checked is what is written. Raises Busy when the lock can't be had in time, and
    CannotStore when the disk won't take it; either way nothing is written."""
    try:
        begin_immediate(db)
    except sqlite3.Error as error:
        raise cannot_store(db, error) or error
    try:
        yield db
    except sqlite3.Error as error:
        db.rollback()
        raise cannot_store(db, error) or error
    except BaseException:
        db.rollback()
        raise
    try:
        db.conn.execute("COMMIT")
    except sqlite3.OperationalError as error:
        db.rollback()
        raise cannot_store(db, error) or Busy() from error
    if FAULTS_SAID:
        FAULTS_SAID.difference_update({(db.path, fault) for fault in FAULT_WORDS})


def begin_immediate(db: Database) -> None:
    """BEGIN IMMEDIATE, waiting for another writer in short steps (SQLite's own wait sleeps a
    millisecond or more at a time, longer than most of our write transactions last); Busy after
    the busy timeout."""
    deadline, pause = time.monotonic() + BUSY_TIMEOUT_MS / 1000, 0.0002
    db.conn.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                db.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if time.monotonic() > deadline:
                    raise Busy() from error
            time.sleep(pause)
            pause = min(pause * 1.5, 0.01)
    finally:
        db.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


@contextmanager
def reading(db: Database) -> Iterator[Database]:
    """Several reads that see one state of the database."""
    if db.conn.in_transaction:
        yield db
        return
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        db.rollback()


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def log(db: Database, game_id: int, action: str, hand: int | None = None,
        before: Any = None, after: Any = None, keeps_pending: bool = False) -> None:
    """A history entry; with `keeps_pending`, the bids waiting for their tricks as the change found
    them (call it before the change drops them), so an undo can put them back."""
    pending = "(select pending from games where id = ?)" if keeps_pending else "null"
    db.conn.execute("insert into history (game_id, at, hand, action, before, after, pending) "
                    f"values (?, ?, ?, ?, ?, ?, {pending})",
                    [game_id, now(), hand, action, dump(before), dump(after), *([game_id] if keeps_pending else [])])


GAME_FIELDS = ("pending", "archived", "deleted")        # what `changed` may set besides the version


def changed(db: Database, game_id: int, **values: Any) -> None:
    """Mark a game as changed: a new version and time, so every other phone refreshes."""
    stamp = now()
    assert set(values) <= set(GAME_FIELDS)
    sets = "".join(f", {name} = ?" for name in values)
    db.conn.execute(f"update games set version = version + 1, updated = ?{sets} where id = ?",
                    [stamp, *values.values(), game_id])
    db.conn.execute("update members set updated = ? where game_id = ?", [stamp, game_id])
    db.touched.add(game_id)


def created_stamp(record: dict[str, Any], stamp: str) -> str:
    created = record.get("created")
    return created if isinstance(created, str) and 0 < len(created) <= 40 else stamp


def create_game(db: Database, record: dict[str, Any], action: str = "created", key: str | None = None) -> int:
    """Store a checked record as a new game; return its id."""
    stamp, colours = now(), record.get("colours")
    with db.atomic():
        game_id = db["games"].insert({
            "game": record["game"], "players": dump(record["players"]),
            "first_dealer": record.get("first_dealer") or 0, "first_captain": record.get("first_captain"),
            "settings": dump(record.get("settings") or {}), "pending": None, "version": 1,
            "key": random_key(), "scorer_key": random_key(), "watcher_key": random_key(),
            "created": created_stamp(record, stamp), "updated": stamp, "form_key": key,
            "note": note_of(record), "colours": dump(colours) if isinstance(colours, list) else None}).last_pk
        db["hands"].insert_all({"game_id": game_id, "position": n, "data": dump(hand), "version": 1}
                               for n, hand in enumerate(record.get("hands") or [], start=1))
        log(db, game_id, action)
    db.touched.add(game_id)
    return game_id


def game_made_by(db: Database, key: str | None) -> int | None:
    row = db.execute("select id from games where form_key = ?", [key]).fetchone() if key else None
    return row[0] if row else None


def hands_of(db: Database, game_id: int) -> list[dict[str, Any]]:
    return [load(row["data"]) for row in
            db["hands"].rows_where("game_id = ?", [game_id], order_by="position")]


def hands_since(db: Database, game_id: int, version: int, count: int) -> list[tuple[int, str]] | None:
    """The hands written after `version` when they are only new ones after the first `count` (as
    (position, data)); None when an earlier hand was changed or deleted since."""
    rows = db.conn.execute("select position, data from hands where game_id = ? and (version > ? or position > ?) "
                           "order by position", [game_id, version, count]).fetchall()
    if any(position <= count for position, _ in rows) or hand_count(db, game_id) != count + len(rows):
        return None
    return rows


def one_row(db: Database, sql: str, args: list[Any]) -> dict[str, Any] | None:
    """One row as a dict, in plain SQL (the pages ask for one game on every request)."""
    cursor = db.conn.execute(sql, args)
    row = cursor.fetchone()
    return None if row is None else dict(zip((column[0] for column in cursor.description), row))


def get_row(db: Database, game_id: int) -> dict[str, Any] | None:
    return one_row(db, "select * from games where id = ?", [game_id]) if 0 < game_id <= MAX_ID else None




def record_from(db: Database, row: dict[str, Any], hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The game's record as stored (`hands`, when the caller already has them all)."""
    record = {"format": FORMAT, "game": row["game"], "players": load(row["players"]),
              "first_dealer": row["first_dealer"], "settings": load(row["settings"]),
              "hands": hands_of(db, row["id"]) if hands is None else hands, "created": row["created"]}
    if row["first_captain"] is not None:
        record["first_captain"] = row["first_captain"]
    if row.get("note"):
        record["note"] = row["note"]
    if row.get("colours"):
        record["colours"] = load(row["colours"])
    return record




def pending_bids(db: Database, game_id: int) -> list[Any] | None:
    row = get_row(db, game_id)
    return load(row["pending"]) if row else None


def hand_count(db: Database, game_id: int) -> int:
    """How many entries (hands and adjustments) a game's record holds."""
    return db.conn.execute("select count(*) from hands where game_id = ?", [game_id]).fetchone()[0]


def played_count(db: Database, game_id: int) -> int:
    """How many hands a game's record holds, not counting its adjustments."""
    return db.conn.execute("select count(*) from hands where game_id = ? and json_extract(data, '$.adjustment') is null",
                           [game_id]).fetchone()[0]


def data_version(db: Database) -> int:
    """A number SQLite moves whenever another connection (of any process) commits to the database."""
    return db.conn.execute("PRAGMA data_version").fetchone()[0]


def versions(db: Database, game_ids: list[int]) -> dict[int, int]:
    """The stored version of each of these games (a game deleted for good is left out)."""
    return dict(db.conn.execute("select id, version from games where id in (select value from json_each(?))",
                                [json.dumps(game_ids)]).fetchall())


def set_pending(db: Database, game_id: int, bids: list[Any] | None, action: str | None = None) -> None:
    """Keep bids made for the next hand until its tricks are known."""
    before = pending_bids(db, game_id)
    with db.atomic():
        changed(db, game_id, pending=dump(bids))
        log(db, game_id, action or ("bids" if bids is not None else "bids cleared"), hand_count(db, game_id) + 1,
            {"bids": before} if before else None, {"bids": bids} if bids else None)


def hand_data(db: Database, game_id: int, number: int) -> dict[str, Any]:
    return load(db.conn.execute("select data from hands where game_id = ? and position = ?",
                                [game_id, number]).fetchone()[0])


def add_hand(db: Database, game_id: int, hand: dict[str, Any], action: str = "recorded",
             pending: list[Any] | None = None) -> int:
    """Append a hand, dropping the pending bids it completes (or leaving `pending` waiting, when an
    undo puts back bids a deletion dropped); return its number."""
    with db.atomic():
        number = hand_count(db, game_id) + 1
        log(db, game_id, action, number, None, hand, keeps_pending=True)      # before the bids are dropped
        changed(db, game_id, pending=dump(pending))
        db.conn.execute("insert into hands (game_id, position, data, version) values "
                        "(?, ?, ?, (select version from games where id = ?))", [game_id, number, dump(hand), game_id])
    return number


def replace_hand(db: Database, game_id: int, number: int, hand: dict[str, Any], action: str = "edited") -> None:
    before = hand_data(db, game_id, number)
    with db.atomic():
        changed(db, game_id)
        db.conn.execute("update hands set data = ?, version = (select version from games where id = ?) "
                        "where game_id = ? and position = ?", [dump(hand), game_id, game_id, number])
        log(db, game_id, action, number, before, hand)


def delete_last_hand(db: Database, game_id: int, action: str = "deleted", pending: list[Any] | None = None) -> None:
    """Delete the last hand, dropping bids made for the next one (or leaving `pending` waiting for
    its tricks, when an undo takes back the recording of a hand whose bids were waiting)."""
    number = hand_count(db, game_id)
    if not number:
        return
    before = hand_data(db, game_id, number)
    with db.atomic():
        log(db, game_id, action, number, before, None, keeps_pending=True)    # before the bids are dropped
        db.conn.execute("delete from hands where game_id = ? and position = ?", [game_id, number])
        changed(db, game_id, pending=dump(pending))


SHELVES = {"home": "g.archived = 0 and g.deleted is null", "archived": "g.archived = 1 and g.deleted is null",
           "found": "g.deleted is null", "bin": "g.deleted is not null"}     # found: a search, archived too
BIN_DAYS = 30


def empty_bin(db: Database, days: int = BIN_DAYS) -> int:
    """Delete for good the games that have been in the bin longer than `days`; how many."""
    since = (datetime.now(timezone.utc) - timedelta(days=days)).isoformat(timespec="milliseconds")
    old = [row[0] for row in db.conn.execute("select id from games where deleted < ?", [since]).fetchall()]
    for game_id in old:
        for table in ("hands", "history", "members"):
            db.conn.execute(f"delete from {table} where game_id = ?", [game_id])
        db.conn.execute("delete from games where id = ?", [game_id])
    return len(old)


def list_games(db: Database, browser: str | None = None, owner: bool = False,
               shelf: str = "home") -> list[dict[str, Any]]:
    """Games a browser may see (every game for the owner), newest first, with their records.
    shelf: "home" (in play and finished), "archived" or "bin" (deleted, owner only)."""
    rows = game_rows(db, browser, owner, shelf)
    with reading(db):
        return [{"id": row["id"], "key": row["key"], "record": record_from(db, row), "updated": row["updated"]}
                for row in rows]


def game_rows(db: Database, browser: str | None, owner: bool, shelf: str = "home", search: str = "",
              offset: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    """One page of the games a browser may see, newest first, without their hands (for the home page)."""
    where, args = [SHELVES[shelf]], []
    if owner:                                      # walks the index on games.updated
        source, order = "games g", "g.updated desc, g.id desc"
    else:                                          # walks this browser's members by updated
        source, order = "members m join games g on g.id = m.game_id", "m.updated desc, m.game_id desc"
        where.insert(0, "m.browser = ?")
        args.append(browser or "")
    if search:
        where.append("g.players like ? escape '\\'")
        args.append("%" + search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    sql = f"select g.* from {source} where {' and '.join(where)} order by {order}"
    if limit is not None:
        sql += f" limit {int(limit)} offset {int(offset)}"
    return list(db.query(sql, args))


def home_stamp(db: Database, browser: str | None, owner: bool) -> tuple[Any, ...]:
    """Changes whenever a browser's home page would: a game it sees changed, joined or left."""
    if owner:                        # every change (and the bin) moves games.updated
        return tuple(db.conn.execute("select max(updated) from games").fetchone())
    return tuple(db.conn.execute("select max(updated) from members where browser = ?",   # joining too
                                 [browser or ""]).fetchone())


def stale_summaries(db: Database) -> list[int]:
    return [row[0] for row in db.execute("select id from games where summary_version != version").fetchall()]


def save_summary(db: Database, game_id: int, hands: int, summary: dict[str, Any]) -> None:
    db.execute("update games set hands = ?, summary = ?, summary_version = version where id = ?",
               [hands, dump(summary), game_id])


ROLES = ("watcher", "scorer")          # in order of what they may do


def row_by_key(db: Database, key: str) -> dict[str, Any] | None:
    return row_and_role(db, key, None)[0]


def row_and_role(db: Database, key: str, browser: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """A game's row by its key and `browser`'s role in it, in one query (every page asks for both)."""
    row = one_row(db, "select games.*, (select role from members where browser = ? and game_id = games.id) "
                      "as member_role from games where key = ?", [browser, key]) if 10 <= len(key) <= 64 else None
    return (None, None) if row is None else (row, row.pop("member_role"))


def role_of(db: Database, browser: str | None, game_id: int) -> str | None:
    row = db.conn.execute("select role from members where browser = ? and game_id = ?", [browser, game_id]
                          ).fetchone() if browser else None
    return row[0] if row else None


def add_member(db: Database, browser: str, game_id: int, role: str) -> None:
    """Let a browser into a game; a scorer who opens the watch link stays a scorer."""
    current = role_of(db, browser, game_id)
    if current is None or ROLES.index(role) > ROLES.index(current):
        stamp = now()                 # a game just joined comes first on this browser's home page
        db["members"].upsert({"browser": browser, "game_id": game_id, "role": role, "at": stamp, "updated": stamp},
                             pk=("browser", "game_id"))


def failed_key(db: Database, address: str) -> None:
    db["key_failures"].insert({"address": address, "at": now()})


def recent_failures(db: Database, address: str, since: str) -> int:
    return db.execute("select count(*) from key_failures where address = ? and at > ?", [address, since]).fetchone()[0]


def shelve(db: Database, game_id: int, archived: bool | None = None, deleted: bool | None = None) -> None:
    """Archive or unarchive, delete (to the bin) or bring back a game; each is a history entry."""
    with db.atomic():
        if archived is not None:
            changed(db, game_id, archived=int(archived))
            log(db, game_id, "archived" if archived else "unarchived")
        if deleted is not None:
            changed(db, game_id, deleted=now() if deleted else None)
            log(db, game_id, "deleted game" if deleted else "brought back")


def known_names(db: Database, games: int = 300) -> list[str]:
    """Names typed in the most recent games, for suggestions on the new-game form."""
    names: dict[str, str] = {}
    for row in db.query("select players from games order by updated desc limit ?", [games]):
        for name in load(row["players"]) or []:
            if isinstance(name, str) and name.strip():
                names.setdefault(name.strip().casefold(), name.strip())
    return sorted(names.values(), key=str.casefold)


def recent_colours(db: Database, games: int = 300) -> Iterator[tuple[Any, Any]]:
    """The players and colours of the most recently played games, newest first (for the colour a
    name had last)."""
    for row in db.query("select players, colours from games order by updated desc limit ?", [games]):
        yield load(row["players"]), load(row["colours"])


def newest_entries(db: Database, game_id: int) -> Iterator[dict[str, Any]]:
    """The game's history, newest first, read only as far as it is asked for."""
    for row in db["history"].rows_where("game_id = ?", [game_id], order_by="id desc"):
        yield entry_from(row)


def history(db: Database, game_id: int) -> list[dict[str, Any]]:
    return [entry_from(row) for row in db["history"].rows_where("game_id = ?", [game_id], order_by="id desc")]


def entry_from(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "before": load(row["before"]), "after": load(row["after"]), "pending": load(row["pending"])}


def find_same_game(db: Database, record: dict[str, Any]) -> int | None:
    """An existing game with the same players, settings, start and hands (for imports)."""
    for row in db["games"].rows_where("game = ? and players = ?", [record["game"], dump(record["players"])]):
        mine = record_from(db, row)
        if (mine["settings"] == (record.get("settings") or {}) and mine["hands"] == (record.get("hands") or [])
                and mine["first_dealer"] == (record.get("first_dealer") or 0)
                and mine.get("first_captain") == record.get("first_captain")):
            return row["id"]
    return None


# --- players: renames across games ---------------------------------------------------------------

def game_roles(db: Database, browser: str | None) -> dict[int, str]:
    """Every game this browser is a member of, with its role there (scorer or watcher)."""
    return {row[0]: row[1] for row in db.execute("select game_id, role from members where browser = ?",
                                                 [browser or ""]).fetchall()}


def set_players(db: Database, game_id: int, players: list[str], action: str = "renamed") -> None:
    """Give a game's seats new names (same seats, same hands): a new version and a history entry."""
    before = load(db.conn.execute("select players from games where id = ?", [game_id]).fetchone()[0])
    with db.atomic():
        db.conn.execute("update games set players = ? where id = ?", [dump(players), game_id])
        changed(db, game_id)
        log(db, game_id, action, None, {"players": before}, {"players": players})     # the whole game


def add_rename(db: Database, browser: str, old: str, new: str, seats: list[tuple[int, int, str]]) -> int:
    """seats: (game id, seat, the name it had) for every seat renamed."""
    return db.conn.execute("insert into renames (at, browser, old, new, seats) values (?, ?, ?, ?, ?)",
                           [now(), browser, old, new, dump([list(pair) for pair in seats])]).lastrowid


def renames_by(db: Database, browser: str | None, limit: int = 5) -> list[dict[str, Any]]:
    """The newest renames a browser made, newest first."""
    rows = db.query("select * from renames where browser = ? order by id desc limit ?", [browser or "", limit])
    return [{**row, "seats": [tuple(pair) for pair in load(row["seats"])]} for row in rows]


def rename_entry(db: Database, rename_id: int) -> dict[str, Any] | None:
    row = one_row(db, "select * from renames where id = ?", [rename_id]) if 0 < rename_id <= MAX_ID else None
    return None if row is None else {**row, "seats": [tuple(pair) for pair in load(row["seats"])]}


def rename_undone(db: Database, rename_id: int) -> None:
    db.conn.execute("update renames set undone = ? where id = ?", [now(), rename_id])


def players_stamp(db: Database, browser: str | None, owner: bool) -> tuple[Any, ...]:
    """Changes whenever a browser's players pages would: a game it sees changed (home_stamp), its role
    in one changed, or it renamed or undid a rename."""
    roles = db.conn.execute("select count(*), sum(role = 'scorer') from members where browser = ?",
                            [browser or ""]).fetchone()
    renames = db.conn.execute("select max(id), count(undone) from renames where browser = ?",
                              [browser or ""]).fetchone()
    return (*home_stamp(db, browser, owner), *roles, *renames)

NOTE_MAX = 200           # characters in a game's note


def note_of(record: dict[str, Any]) -> str | None:
    """A record's note (the `note` extra: place, occasion), trimmed and at most NOTE_MAX characters;
    None when it has none or it is not text."""
    note = record.get("note")
    if not isinstance(note, str) or not note.strip():
        return None
    return " ".join(note.split())[:NOTE_MAX]


def recent_tables(db: Database, browser: str | None, most: int = 5, look_at: int = 200) -> list[dict[str, Any]]:
    """The last `most` different tables (game, players in seat order, settings) a browser played,
    newest first, each with the key of its latest game: for "Play again" on the New game page."""
    if not browser:
        return []
    tables: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in db.query("select g.key, g.game, g.players, g.settings from members m join games g on g.id = m.game_id"
                        " where m.browser = ? and g.deleted is null order by m.updated desc, m.game_id desc limit ?",
                        [browser, look_at]):
        settings = load(row["settings"]) or {}
        same = (row["game"], row["players"], dump(dict(sorted(settings.items()))))
        if same not in tables:
            tables[same] = {"key": row["key"], "game": row["game"], "players": load(row["players"]),
                            "settings": settings}
            if len(tables) == most:
                break
    return list(tables.values())
