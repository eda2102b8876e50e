"""Backups, and a restore that can't leave a club worse off: it checks the backup is a Scorepad
database of this release's schema or an older one whose every record can be read, refuses while a
server is serving the database, and keeps the database it replaces beside it, named by the time."""
from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing, suppress
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


def timed_name(folder: Path, stem: str) -> Path:
    """A file in `folder` named by the time, never one that is there already."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    path, n = folder / f"{stem}-{stamp}.db", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{stamp}-{n}.db"
    return path


COMPANIONS = ("", "-wal", "-shm", "-journal", ".serving", ".starting")     # the database's files, by suffix


def gone(path: str | Path) -> None:
    """A file removed if it is there (a read-only folder: left as it is)."""
    with suppress(OSError):
        Path(path).unlink(missing_ok=True)


# --- a backup ------------------------------------------------------------------------------------

def backup(path: str, target: str) -> Path:
    """A consistent copy of the database, taken while the app may be serving (SQLite's online
    backup) and never writing to it, written whole or not at all, holding the installation's keys.
    `target` may be a folder: the copy is named by the time there. Returns the file written."""
    if not Path(path).is_file():
        raise Declined(f"There is no database at {path}: nothing to back up.")
    wanted = Path(target)
    if wanted.is_dir():
        wanted = timed_name(wanted, "scorepad-backup")
    if not wanted.parent.is_dir():
        raise Declined(f"{wanted.parent} is not a folder: the backup {wanted.name} can't be written there.")
    if str(wanted.resolve()) in {str(Path(path).resolve()) + suffix for suffix in COMPANIONS}:
        raise Declined(f"{target} is the database or one of its files: choose another file for the backup.")
    partial = wanted.with_name(f".{wanted.name}.partial")
    try:
        source = store.read_only_connection(path)
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
        with_keys(partial, path)
        os.chmod(partial, 0o600)                # it holds the keys: as private as the database
        os.replace(partial, wanted)
    except (OSError, sqlite3.Error) as error:
        for leftover in ("", "-wal", "-shm", "-journal"):
            gone(f"{partial}{leftover}")
        raise Declined(f"The backup {wanted} could not be written: {store.why_not(error)}. "
                       "The database is untouched.") from None
    return wanted


def with_keys(copy: Path, path: str) -> None:
    """A copy of a database an older release made (no keys inside yet) brought up to date with the
    keys it used (the files beside it), so the backup lets every phone back in; a newer release's
    copy is left as it is (its keys are in it)."""
    with closing(sqlite3.connect(copy)) as conn:
        newer = [name for name in instance.steps_applied(conn) if name not in STEPS]
    if not newer:
        instance.migrate(str(copy))
        instance.keys(str(copy), read_only=False, old_files_beside=path)
        with closing(sqlite3.connect(copy)) as conn:
            conn.execute("PRAGMA journal_mode = DELETE")


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
        raise Declined(f"There is no file or replica {source}: nothing was restored.")
    if given.is_dir():
        raise Declined(f"{source} is a folder: give the backup file in it. Nothing was restored.")
    if not os.access(given, os.R_OK):
        raise Declined(f"{source} can't be read (permission denied): nothing was restored.")
    if given.stat().st_size == 0:
        raise Declined(f"{source} is empty, not a Scorepad backup: nothing was restored.")
    instance.prepare_folder(path)               # a new machine's instance folder
    scratch = Path(path).parent / f".{Path(path).name}.restoring"
    try:
        copy_in(given, scratch)
        found = checked(scratch, source)
        with instance.nobody_serving(path):
            if Path(path).exists():
                found.keys_kept = keys_from(path, scratch)
            found.kept = put_in_place(scratch, path)
    except OSError as error:
        raise Declined(f"{path} could not be replaced: {store.why_not(error)}. Nothing was restored.") from None
    finally:
        for leftover in ("", "-wal", "-shm", "-journal"):
            gone(f"{scratch}{leftover}")
    return found


def copy_in(source: Path, scratch: Path) -> None:
    """The backup, copied as SQLite reads it (so a damaged file is found out here)."""
    gone(scratch)
    try:
        backup_file = store.read_only_connection(source)
        if backup_file.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            backup_file.close()
            raise Declined(f"{source} is damaged (SQLite's check fails): nothing was restored.")
    except sqlite3.DatabaseError as error:
        name = getattr(error, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_CORRUPT"):
            raise Declined(f"{source} is damaged ({error}): nothing was restored.") from None
        if name.startswith("SQLITE_CANTOPEN"):
            raise Declined(f"{source} can't be opened ({error}; a backup with changes in its -wal file, on a "
                           "read-only disk? copy both to a writable folder): nothing was restored.") from None
        raise Declined(f"{source} is not a Scorepad backup ({error}): nothing was restored.") from None
    try:
        with closing(sqlite3.connect(scratch)) as copy:
            with copy:
                backup_file.backup(copy)
    except sqlite3.DatabaseError as error:
        raise Declined(f"The backup could not be copied beside the database: {store.why_not(error)}. "
                       "Nothing was restored.") from None
    finally:
        backup_file.close()


def checked(scratch: Path, source: str) -> Restored:
    """The copy brought up to this release's schema and every record read and scored; Declined when
    it is not Scorepad's, is newer, or holds a record that can't be read."""
    conn = sqlite3.connect(scratch)
    try:
        if instance.steps_applied(conn)[:1] != STEPS[:1]:
            raise Declined(f"{source} is an SQLite database but not Scorepad's: nothing was restored.")
        instance.refuse_newer(conn, source, nothing="Nothing was restored.")
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
            raise Declined(f"{source} holds {counted(len(unreadable), 'game')} whose record can't be read, so "
                           "nothing was restored: " + "; ".join(unreadable))
        db.execute("PRAGMA journal_mode = DELETE")          # one file to move into place
    finally:
        db.close()
    return found


def counted(number: int, thing: str) -> str:
    return f"{number} {thing}" + ("" if number == 1 else "s")


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
        current = store.read_only_connection(path)
    except sqlite3.Error:
        return []
    try:
        with closing(sqlite3.connect(scratch)) as target:
            return instance.copy_keys(current, target)
    except sqlite3.DatabaseError:                   # the database being replaced is past reading
        return []
    finally:
        current.close()


def put_in_place(scratch: Path, path: str) -> Path | None:
    """The checked copy made the database at once (a rename), the database it replaces kept whole
    beside it, named by the time, with whatever its WAL still held (returned; None when there
    was none). Nothing of the old database's files is left for SQLite to mix into the new one."""
    if Path(path).exists():
        checkpointed(path)
    old = [suffix for suffix in ("", "-wal", "-shm", "-journal") if Path(path + suffix).exists()]
    kept = timed_name(Path(path).parent, Path(path).stem + "-replaced") if old else None
    if "" in old:
        try:
            os.link(path, kept)                 # the old file under a second name: instant, no room needed
        except OSError:
            try:
                shutil.copy2(path, kept)
            except OSError:
                gone(kept)
                raise
    for suffix in old:                          # WAL and its index go with the kept file (or alone, if
        if suffix:                              # the database itself was lost: never into the new one)
            os.replace(path + suffix, f"{kept}{suffix}")
    os.replace(scratch, path)
    return kept


def checkpointed(path: str) -> None:
    """The database's WAL written into it, so the file alone is the whole database; refused while
    another program (the sqlite3 shell, a browser of databases) has it open: its next change would
    land in the replaced file. SQLite's exclusive locking mode is only granted to a lone connection."""
    try:
        with closing(sqlite3.connect(path, timeout=0)) as old:
            old.execute("PRAGMA locking_mode = EXCLUSIVE")
            try:
                old.execute("BEGIN EXCLUSIVE")
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                raise Declined(f"Another program has {path} open: close it, then restore. "
                               "Nothing was restored.") from None
            old.rollback()
            old.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.DatabaseError:
        return                                  # damaged: kept as it is, with its WAL beside it
    wal = Path(path + "-wal")
    if not wal.exists() or wal.stat().st_size == 0:     # emptied by the checkpoint: nothing to keep
        gone(wal)
        gone(path + "-shm")
