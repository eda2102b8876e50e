"""How far behind a folder replica is: `app.py --replicate` with a folder replica, Pitch hands
recorded one at a time through the real forms, each after a random pause (so hands fall anywhere
in Litestream's one-second rounds); for each hand, the time from the server's acknowledgement
(the redirect to the scoreboard) until a restore of the replica holds it, then the litestream
process's memory. Loopback only; it stops by itself.

    .venv/bin/python bench/replica_lag.py [--hands 10]
"""
from __future__ import annotations

import argparse
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from phones import Counts, Phone, fields, free_port, hidden, new_game, pitch_hand, wait_until_up  # noqa: E402

from scorepad.storage import replica  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def start(folder: Path, url: str, port: int, log, replicate: bool = True) -> subprocess.Popen:
    """app.py on `port` in its own process group, the database in folder/instance, streamed to `url`."""
    instance = folder / "instance"
    instance.mkdir(exist_ok=True)
    command = [sys.executable, "app.py", *(["--replicate", url] if replicate else []),
               "--db", str(instance / "scorepad.db"), "--host", "127.0.0.1", "--port", str(port), "--no-qr"]
    return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, "SCOREPAD_INSTANCE": str(instance)})


def record_hand(phone: Phone, game: str) -> dict | None:
    """The next Pitch hand saved through the form; the hand if the server acknowledged it."""
    url = f"/games/{game}/hands/new"
    form = hidden(phone.get(url))
    hand = pitch_hand(int(form["number"]), 0)
    status, final, page = phone.post(url, form | fields(hand))
    acknowledged = status == 200 and re.search(rf"/games/{game}$", final) and "already saved" not in page
    return hand if acknowledged else None


def hands_in(database: str, game: str) -> int:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute("select count(*) from hands where game_id = (select id from games where key = ?)",
                          [game]).fetchone()[0]


def replica_hands(url: str, scratch: Path, game: str) -> int:
    """How many of the game's hands a restore of the replica holds now (0 while it has none)."""
    target = scratch / f"restored-{time.monotonic_ns()}.db"
    try:
        replica.fetch(url, str(target), timeout=30)
    except ValueError:
        return 0
    try:
        return hands_in(str(target), game)
    finally:
        for path in scratch.glob(target.name + "*"):
            path.unlink()


def wait_for_replica(url: str, scratch: Path, game: str, hands: int, seconds: float = 60) -> float:
    """Seconds until a restore of the replica holds `hands` hands of the game; RuntimeError after `seconds`."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if replica_hands(url, scratch, game) >= hands:
            return time.monotonic() - started
        time.sleep(0.02)
    raise RuntimeError(f"the replica did not hold {hands} hands within {seconds:g} s")


def memory_kib(pid: int) -> tuple[int, int]:
    """(resident now, highest resident) of a process, in KiB, from /proc."""
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(status["VmRSS"].split()[0]), int(status["VmHWM"].split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        url = "file://" + str(folder / "replica")
        (folder / "scratch").mkdir()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with open(folder / "server.log", "w") as log:
            server = start(folder, url, port, log)
            try:
                wait_until_up(base + "/", server, 60)
                table = new_game(base, Counts())
                game, phone = table.game, table.phones[0]
                wait_for_replica(url, folder / "scratch", game, 0)
                lags, restores, pauses = [], [], random.Random(1)
                for number in range(1, args.hands + 1):
                    time.sleep(pauses.uniform(0, 1))
                    assert record_hand(phone, game), "a hand was not acknowledged"
                    lags.append(wait_for_replica(url, folder / "scratch", game, number))
                    started = time.monotonic()
                    replica_hands(url, folder / "scratch", game)
                    restores.append(time.monotonic() - started)
                rss, peak = memory_kib(server.pid)        # after exec, the server's pid is litestream's
            finally:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
    print(f"{args.hands} hands, each acknowledged then awaited in a folder replica (restored again and again, "
          f"a restore taking {statistics.median(restores) * 1000:.0f} ms)")
    print("seconds to reach the replica: " + ", ".join(f"{lag:.2f}" for lag in lags))
    print(f"median {statistics.median(lags):.2f} s, longest {max(lags):.2f} s")
    print(f"litestream's memory: {rss / 1024:.1f} MiB resident, {peak / 1024:.1f} MiB at most")


if __name__ == "__main__":
    main()
