"""The installation around the games: its database made or brought up to date at start, the keys
phones need (kept in the database, so a backup or replica carries them), which release and schema
wrote it, and the locks that keep a starting server, a serving one and a restore apart."""
from __future__ import annotations

import os
import secrets
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from scorepad import VERSION
from scorepad.storage import store
from scorepad.storage.schema import STEPS, migrations

KEYS = ("secret_key", "owner_key")      # what signs a phone's session, and the owner link's key


class Declined(Exception):
    """This database can't be opened or used as asked: one line says why, and nothing was changed."""


def folder() -> Path:
    """The instance folder: SCOREPAD_INSTANCE, else instance/ beside app.py."""
    chosen = os.environ.get("SCOREPAD_INSTANCE")
    return Path(chosen).resolve() if chosen else Path(__file__).resolve().parents[2] / "instance"


def database_path(db: str | None = None) -> str:
    """The database file: the one given, else scorepad.db in the instance folder."""
    return os.path.abspath(db) if db else str(folder() / "scorepad.db")


# --- which release wrote it -----------------------------------------------------------------------

def written_by(conn: sqlite3.Connection) -> tuple[str, int]:
    """(release, schema) of the newest release that opened this database, as it recorded them;
    a database from before releases recorded themselves: ("1.1.0 or older", its step count)."""
    applied = steps_applied(conn)
    values = dict(conn.execute("select name, value from instance where name in ('release', 'schema')").fetchall()
                  if has_table(conn, "instance") else [])
    return values.get("release", "1.1.0 or older"), int(values.get("schema", len(applied)))


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("select 1 from sqlite_master where type = 'table' and name = ?", [name]).fetchone() is not None


def steps_applied(conn: sqlite3.Connection) -> list[str]:
    if not has_table(conn, migrations.migrations_table):
        return []
    return [name for (name,) in conn.execute(f"select name from {migrations.migrations_table} "
                                             "where migration_set = ? order by rowid", [migrations.name])]


def refuse_newer(conn: sqlite3.Connection, path: str, nothing: str = "Nothing was changed.") -> None:
    """Declined, naming both releases, when a newer release has changed this database's tables: this
    one would misread what it doesn't know, and nothing must be written by it."""
    unknown = [name for name in steps_applied(conn) if name not in STEPS]
    if unknown:
        release, schema = written_by(conn)
        raise Declined(f"{path} was written by Scorepad {release} (schema {schema}); this is Scorepad {VERSION} "
                      f"(schema {len(STEPS)}), which can't read it: install Scorepad {release} or newer. {nothing}")


def migrate(path: str) -> str | None:
    """Create or update the tables, and record this release; run once at start (the caller keeps
    other starters out). Returns None, or why the database can only be read (its disk is full or
    read-only): it is up to date and is served read-only. Declined: written by a newer release, or
    behind this release's schema and can't be written."""
    try:
        db = store.connect(path)
        try:
            refuse_newer(db.conn, path)
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")          # readers never wait for a writer
            migrations.apply(db)
            record_release(db)
        finally:
            db.close()
        if not os.access(path, os.W_OK):       # a read-only disk SQLite could open (its WAL files there)
            return "read-only"
    except sqlite3.DatabaseError as error:
        fault = store.disk_fault(error)
        if fault is None:
            raise Declined(f"{path} can't be opened as a Scorepad database ({error}). Nothing was changed.") from None
        if not readable_as_it_is(path):
            raise Declined(f"{path} can't be written ({store.FAULT_WORDS[fault]}), and Scorepad {VERSION} must bring "
                           "its tables up to date first: make room, or make it writable. Nothing was changed.") from None
        return fault
    return None


def readable_as_it_is(path: str) -> bool:
    """Whether this release can serve the database without changing it (for a read-only start)."""
    try:
        db = store.connect(path, read_only=True)
    except sqlite3.DatabaseError:
        return False
    try:
        refuse_newer(db.conn, path)
        return has_table(db.conn, "games") and not migrations.pending(db)
    except sqlite3.DatabaseError:
        return False
    finally:
        db.close()


def record_release(db) -> None:
    """This release and its schema, written only when they change (a start writes nothing else)."""
    now = {"release": VERSION, "schema": str(len(STEPS))}
    if dict(db.execute("select name, value from instance where name in ('release', 'schema')").fetchall()) != now:
        with db.conn:
            db.conn.executemany("insert or replace into instance (name, value) values (?, ?)", now.items())


def prepare_folder(path: str) -> None:
    """The database's folder, made for a new installation (a read-only disk: migrate says what
    can be done)."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass


def prepare(path: str) -> tuple[str | None, dict[str, str]]:
    """The database made or brought up to date, and the installation's keys: (None, or why the
    database can only be read; the keys). Declined when this release can't serve it."""
    prepare_folder(path)
    with starting(path):
        read_only = migrate(path)
        return read_only, keys(path, read_only=bool(read_only))


# --- the keys phones need --------------------------------------------------------------------------

def keys(path: str, read_only: bool, old_files_beside: str | None = None) -> dict[str, str]:
    """The installation's keys, kept in its database: taken from the files beside the database
    (or beside `old_files_beside`) the first time (installations from before they moved), else
    made. Read-only, a missing key is made for this run only."""
    db = store.connect(path, read_only=read_only)
    try:
        kept = dict(db.execute("select name, value from instance where name in (?, ?)", KEYS).fetchall())
        missing = {name: old_key_file(old_files_beside or path, name) or secrets.token_urlsafe(32)
                   for name in KEYS if not kept.get(name)}
        if missing and not read_only:
            try:
                with db.conn:
                    db.conn.executemany("insert or replace into instance (name, value) values (?, ?)",
                                        missing.items())
            except sqlite3.Error as error:      # a disk full since the start: kept for this run only
                if store.disk_fault(error) is None:
                    raise
        return {**kept, **missing}
    finally:
        db.close()


def old_key_file(path: str, name: str) -> str | None:
    """A key as releases up to 1.1.0 kept it: a file beside the database."""
    try:
        return (Path(path).parent / name).read_text().strip() or None
    except OSError:
        return None


def copy_keys(source: sqlite3.Connection, target: sqlite3.Connection) -> list[str]:
    """The keys `target` lacks, taken from `source` (a restore of a backup made before the keys
    moved into the database keeps the phones of this installation in); their names."""
    have = {name for (name,) in target.execute("select name from instance where name in (?, ?)", KEYS)}
    taken = [row for row in source.execute("select name, value from instance where name in (?, ?)", KEYS)
             if row[0] not in have] if has_table(source, "instance") else []
    with target:
        target.executemany("insert into instance (name, value) values (?, ?)", taken)
    return [name for name, _value in taken]


# --- locks ----------------------------------------------------------------------------------------
# flock locks on files beside the database (Windows has none: waitress runs one process there).

try:
    import fcntl
except ImportError:
    fcntl = None


def lock(path: str, suffix: str) -> int | None:
    """The lock file beside the database, opened (made if need be); None on Windows, or where there
    is none and none can be made (a read-only folder: then nobody can change the database either)."""
    if fcntl is None:
        return None
    try:
        return os.open(f"{path}{suffix}", os.O_RDONLY | os.O_CREAT, 0o644)
    except OSError:
        try:
            return os.open(f"{path}{suffix}", os.O_RDONLY)
        except OSError:
            return None


@contextmanager
def starting(path: str) -> Iterator[None]:
    """Only one process at a time sets up the database (gunicorn starts its workers at once)."""
    held = lock(path, ".starting")
    if held is None:
        yield
        return
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield
    finally:
        os.close(held)                          # closing lets go of the lock


def serving(path: str) -> int | None:
    """Held (shared) by every process serving this database while it serves, taken before it reads
    anything, so a restore knows a server is running and a server waits for a restore to end: the
    lock's file descriptor, for the caller to close when it stops serving."""
    held = lock(path, ".serving")
    if held is not None:
        fcntl.flock(held, fcntl.LOCK_SH)
    return held


@contextmanager
def nobody_serving(path: str) -> Iterator[None]:
    """Held while a restore replaces the database: refused while a server holds it."""
    held = lock(path, ".serving")
    if held is None:
        if fcntl is None:
            yield
            return
        raise Declined(f"{Path(path).parent} can't be written: nothing can be restored there.")
    try:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Declined(f"Scorepad is serving {path}: stop it (every worker), then restore. "
                           "Nothing was changed.") from None
        yield
    finally:
        os.close(held)
