"""20 fresh starts of `gunicorn -w 4 'app:create_app()'` on an empty instance folder.

Each start must bring up every worker, write one secret key and one migrated database; forms made
by one worker must be accepted by the others (they share the key). Prints one line per start.

    .venv/bin/python bench/fresh_starts.py [--starts 20] [--workers 4]
"""
from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phones import free_port, wait_until_up  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")


def new_game_posts(base: str, count: int) -> int:
    """Start `count` games, each from a fresh browser (cookie jar): how many were accepted."""
    accepted = 0
    for n in range(count):
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with opener.open(f"{base}/games/new/pitch") as page:
            form = page.read().decode()
        fields = dict(re.findall(r'name="(csrf_token|key)" type="hidden" value="([^"]*)"', form))
        data = {**fields, "player_0": f"Ann{n}", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0",
                "setting_target": "11"}
        request = urllib.request.Request(f"{base}/games/new/pitch", urllib.parse.urlencode(data).encode())
        with opener.open(request) as answer:
            accepted += "/games/" in answer.url and "/games/new" not in answer.url     # landed on the new game
    return accepted


def one_start(workers: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        port = free_port()
        log = Path(folder) / "gunicorn.log"
        with open(log, "w") as out:
            server = subprocess.Popen([str(GUNICORN), "-w", str(workers), "-b", f"127.0.0.1:{port}", "app:create_app()"],
                                      cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                      env={**os.environ, "SCOREPAD_INSTANCE": str(instance)})
            try:
                base = f"http://127.0.0.1:{port}"
                wait_until_up(base + "/")
                time.sleep(1)                                  # let every worker finish booting
                accepted = new_game_posts(base, 12)
            finally:
                server.terminate()
                server.wait(20)
        text = log.read_text()
        booted = len(re.findall(r"Booting worker with pid", text))
        failed = len(re.findall(r"Worker failed to boot|Exception in worker|Traceback", text))
        with sqlite3.connect(instance / "scorepad.db") as db:
            keys = {row[0] for row in db.execute("select value from instance where name = 'secret_key'")}
            migrations = db.execute("select count(*) from _sqlite_migrations").fetchone()[0]
            integrity = db.execute("pragma integrity_check").fetchone()[0]
        return {"booted": booted, "failed": failed, "keys": len(keys), "migrations": migrations,
                "integrity": integrity, "accepted": accepted}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    good = 0
    for n in range(1, args.starts + 1):
        result = one_start(args.workers)
        ok = (result["booted"] == args.workers and result["failed"] == 0 and result["integrity"] == "ok"
              and result["accepted"] == 12)
        good += ok
        print(f"start {n:2}: {result['booted']} workers booted, {result['failed']} failed, "
              f"{result['migrations']} migrations applied, integrity {result['integrity']}, "
              f"{result['accepted']}/12 new games accepted across workers - {'ok' if ok else 'PROBLEM'}", flush=True)
    print(f"{good} of {args.starts} fresh starts fully up with one key and one migrated database")
    sys.exit(0 if good == args.starts else 1)


if __name__ == "__main__":
    main()
