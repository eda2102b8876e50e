"""Backups, and a restore that can't leave a club worse off: it checks the backup is a Scorepad
database of this release's schema or an older one whose every record can be read, refuses while a
server is serving the database, and keeps the database it replaces beside it, named by the time."""
from __future__ import annotations

import os
import shutil
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from rules_engine import RuleError, score
from scorepad.storage import instance, store
from scorepad.storage.instance import Declined
from scorepad.storage.schema import STEPS

# Every column holding JSON text, and what a player calls the thing it belongs to.
JSON_COLUMNS = (("games", "players", "its players"), ("games", "settings", "its settings"),
                ("games", "pending", "its bids waiting for tricks"), ("games", "colours", "its colours"),
                ("hands", "data", "a hand"), ("history", "before", "its history"),
                ("history", "after", "its history"), ("history", "pending", "its history"))


def read_only_uri(path: str | Path) -> str:
    """A file opened read-only, whatever its name holds (# and ? are parts of a URI)."""
    return Path(path).resolve().as_uri() + "?mode=ro"


def timed_name(folder: Path, stem: str) -> Path:
    """A file in `folder` named by the time, never one that is there already."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    path, n = folder / f"{stem}-{stamp}.db", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{stamp}-{n}.db"
    return path


def disk_words(error: OSError | sqlite3.Error) -> str:
    fault = store.disk_fault(error) if isinstance(error, sqlite3.Error) else \
        {28: "full", 30: "read-only", 13: "read-only", 1: "read-only"}.get(error.errno or 0)
    return store.FAULT_WORDS[fault] if fault else str(getattr(error, "strerror", None) or error)


# --- a backup ------------------------------------------------------------------------------------

def backup(path: str, target: str) -> Path:
    """A consistent copy of the database, taken while the app may be serving (SQLite's online
    backup), written whole or not at all. `target` may be a folder: the copy is named by the time
    there. Returns the file written."""
    if not Path(path).is_file():
        raise Declined(f"There is no database at {path}: nothing to back up.")
    wanted = Path(target)
    if wanted.is_dir():
        wanted = timed_name(wanted, "scorepad-backup")
    if not wanted.parent.is_dir():
        raise Declined(f"{wanted.parent} is not a folder: the backup {wanted.name} can't be written there.")
    if wanted.exists() and wanted.resolve() == Path(path).resolve():
        raise Declined(f"{target} is the database itself: choose another file for the backup.")
    partial = wanted.with_name(f".{wanted.name}.partial")
    try:
        source = sqlite3.connect(read_only_uri(path), uri=True)
        try:
            source.execute(f"PRAGMA busy_timeout = {store.BUSY_TIMEOUT_MS}")
            copy = sqlite3.connect(partial)
            try:
                with copy:
                    source.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")    # one file, whatever the database used
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, wanted)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        raise Declined(f"The backup {wanted} could not be written: {disk_words(error)}. "
                      "The database is untouched.") from None
    return wanted


# --- a restore -----------------------------------------------------------------------------------

@dataclass
class Restored:
    kept: Path | None                     # the database it replaced, kept beside it
    games: int
    hands: int
    keys_kept: list[str] = field(default_factory=list)        # keys the backup lacked, kept from before
    unscored: list[str] = field(default_factory=list)         # games shown up to a hand the rules reject


def restore(source: str, path: str) -> Restored:
    """Put the backup `source` in place of the database at `path`, or refuse (Declined, one line,
    nothing changed)."""
    given = Path(source)
    if not given.exists():
        raise Declined(f"There is no file {source}: nothing was restored.")
    if given.is_dir():
        raise Declined(f"{source} is a folder: give the backup file in it. Nothing was restored.")
    folder = Path(path).parent
    if not folder.is_dir():
        raise Declined(f"{folder} is not a folder: there is no instance to restore into.")
    scratch = folder / f".{Path(path).name}.restoring"
    try:
        copy_in(given, scratch)
        found = checked(scratch, source)
        with instance.nobody_serving(path):
            if Path(path).exists():
                found.keys_kept = keys_from(path, scratch)
                found.kept = keep_beside(path)
            os.replace(scratch, path)
    except OSError as error:
        raise Declined(f"{path} could not be replaced: {disk_words(error)}. Nothing was restored.") from None
    finally:
        for leftover in ("", "-wal", "-shm", "-journal"):
            Path(f"{scratch}{leftover}").unlink(missing_ok=True)
    return found


def copy_in(source: Path, scratch: Path) -> None:
    """The backup, copied as SQLite reads it (so a damaged file is found out here)."""
    scratch.unlink(missing_ok=True)
    try:
        backup_file = sqlite3.connect(read_only_uri(source), uri=True)
        try:
            if backup_file.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise Declined(f"{source} is damaged (SQLite's check fails): nothing was restored.")
            copy = sqlite3.connect(scratch)
            try:
                with copy:
                    backup_file.backup(copy)
            finally:
                copy.close()
        finally:
            backup_file.close()
    except sqlite3.DatabaseError as error:
        fault = store.disk_fault(error)
        if fault and scratch.exists():
            raise Declined(f"The backup could not be copied beside the database: {store.FAULT_WORDS[fault]}. "
                          "Nothing was restored.") from None
        if (getattr(error, "sqlite_errorname", "") or "").startswith("SQLITE_CORRUPT"):
            raise Declined(f"{source} is damaged ({error}): nothing was restored.") from None
        raise Declined(f"{source} is not a Scorepad backup ({error}): nothing was restored.") from None


def checked(scratch: Path, source: str) -> Restored:
    """The copy brought up to this release's schema and every record read and scored; Declined when
    it is not Scorepad's, is newer, or holds a record that can't be read."""
    conn = sqlite3.connect(scratch)
    try:
        if instance.steps_applied(conn)[:1] != STEPS[:1]:
            raise Declined(f"{source} is an SQLite database but not Scorepad's: nothing was restored.")
        try:
            instance.refuse_newer(conn, source)
        except Declined as newer:
            raise Declined(str(newer).replace("Nothing was changed.", "Nothing was restored.")) from None
    finally:
        conn.close()
    fault = instance.migrate(str(scratch))
    if fault:
        raise Declined(f"The backup could not be prepared beside the database: {store.FAULT_WORDS[fault]}. "
                      "Nothing was restored.")
    db = store.connect(str(scratch))
    try:
        damaged = damaged_text(db)
        games = db.execute("select * from games order by id").fetchall()
        columns = [column[0] for column in db.execute("select * from games limit 0").description]
        found, unreadable = Restored(kept=None, games=len(games), hands=0), []
        for values in games:
            row = dict(zip(columns, values))
            if row["id"] in damaged:
                unreadable.append(f"{label(row)}: {damaged[row['id']]} is damaged text")
                continue
            try:
                record = store.record_from(db, row)
                found.hands += len(record["hands"])
                score(record)
            except RuleError as error:
                found.unscored.append(f"{label(row)}: {error}")
            except Exception as error:              # whatever a damaged record makes the engine trip on
                unreadable.append(f"{label(row)}: its record can't be read ({type(error).__name__}: {error})")
        if unreadable:
            raise Declined(f"{source} holds {len(unreadable)} game(s) whose record can't be read, so nothing was "
                          "restored: " + "; ".join(unreadable))
        db.execute("PRAGMA journal_mode = DELETE")          # one file to move into place
    finally:
        db.close()
    return found


def damaged_text(db) -> dict[int, str]:
    """Games with a column of JSON text that is not JSON, and what that column is."""
    damaged: dict[int, str] = {}
    for table, column, words in JSON_COLUMNS:
        game = "id" if table == "games" else "game_id"
        for (game_id,) in db.execute(f"select distinct {game} from {table} "
                                     f"where {column} is not null and not json_valid({column})"):
            damaged.setdefault(game_id, words)
    return damaged


def label(row: dict) -> str:
    """A game as its keeper would find it: its kind, players, start and link id."""
    try:
        players = ", ".join(map(str, store.load(row["players"])))
    except ValueError:
        players = "players unreadable"
    return f"{row['game']} game of {(row['created'] or '')[:10]} ({players}; /games/{row['key']})"


def keys_from(path: str, scratch: Path) -> list[str]:
    """The installation's keys the backup lacks, carried over from the database it replaces."""
    try:
        current = sqlite3.connect(read_only_uri(path), uri=True)
    except sqlite3.Error:
        return []
    target = sqlite3.connect(scratch)
    try:
        return instance.copy_keys(current, target)
    except sqlite3.DatabaseError:                   # the database being replaced is past reading
        return []
    finally:
        target.close()
        current.close()


def keep_beside(path: str) -> Path:
    """The database about to be replaced, whole (its WAL written into it), as a file beside it named
    by the time; the database itself stays in place until the new one replaces it at once."""
    kept = timed_name(Path(path).parent, Path(path).stem + "-replaced")
    try:
        old = sqlite3.connect(path)
        try:
            old.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            old.close()
    except sqlite3.DatabaseError:
        pass                                        # damaged: kept byte for byte below, with its WAL
    shutil.copy2(path, kept)
    for suffix in ("-wal", "-shm"):
        if Path(path + suffix).exists():
            shutil.copy2(path + suffix, str(kept) + suffix)
            os.unlink(path + suffix)
    return kept

