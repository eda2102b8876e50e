"""Tables recording Pitch hands at once through the real forms, against `gunicorn -w 4`, with the
server killed (SIGKILL) and restarted half-way. Two phones per table; some taps are doubled, some
phones save a different hand from a stale form at the same moment.

Prints posts, responses of 500 or more, acknowledged hands lost, hands stored twice, games that no
longer score, and SQLite's integrity check. Loopback only; it stops by itself.

    .venv/bin/python bench/table_load.py [--tables 8] [--seconds 40] [--workers 4]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

from phones import CUT, Counts, Phone, free_port, lost_and_doubled, new_game, play_round, start_server, wait_until_up


def table(game: str, phones: list[Phone], counts: Counts, deadline: float, acknowledged: list,
          rng: random.Random) -> None:
    while time.time() < deadline:
        try:
            played = play_round(game, phones, counts, rng)
            acknowledged += played.acknowledged
            if not played.posts:                            # a page answered with an error: a moment
                time.sleep(0.2)
        except CUT:                                         # the server was killed meanwhile
            counts.add(connection_errors=1)
            time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, open(Path(folder) / "server.log", "w") as log:
        instance = Path(folder) / "instance"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, instance, args.workers, log)
        wait_until_up(base + "/", server)
        counts = Counts()
        tables = {table.game: table.phones for table in (new_game(base, counts) for _ in range(args.tables))}
        games = list(tables)
        acknowledged = {game: [] for game in games}
        deadline = time.time() + args.seconds
        threads = [threading.Thread(target=table, args=(game, tables[game], counts, deadline, acknowledged[game],
                                                        random.Random(n))) for n, game in enumerate(games)]
        for thread in threads:
            thread.start()
        time.sleep(args.seconds / 2)
        os.killpg(server.pid, signal.SIGKILL)                 # kill -9, mid-run, workers and all
        server.wait()
        time.sleep(1)
        server = start_server(port, instance, args.workers, log)
        for thread in threads:
            thread.join()
        try:
            lost = duplicated = broken = stored_total = 0
            for game in games:
                hands = json.loads(tables[game][0].get(f"/games/{game}/record.json"))["hands"]
                broken += "can't be scored" in tables[game][0].get(f"/games/{game}")
                stored_total += len(hands)
                game_lost, game_duplicated = lost_and_doubled(hands, acknowledged[game])
                lost, duplicated = lost + game_lost, duplicated + game_duplicated
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(20)
        with sqlite3.connect(instance / "scorepad.db") as db:
            integrity = db.execute("pragma integrity_check").fetchone()[0]
    acknowledged_total = sum(len(hands) for hands in acknowledged.values())
    print(f"tables {args.tables}, {args.seconds:g} s, gunicorn -w {args.workers}, one SIGKILL and restart half-way")
    print(f"posts {counts.posts}, responses 5xx {counts.errors_5xx}, connections cut or refused while down "
          f"{counts.connection_errors}")
    print(f"hands stored {stored_total}, acknowledged {acknowledged_total}, lost {lost}, duplicated {duplicated}, "
          f"games that no longer score {broken}, integrity_check {integrity}")
    sys.exit(0 if (counts.errors_5xx, lost, duplicated, broken, integrity) == (0, 0, 0, 0, "ok") else 1)


if __name__ == "__main__":
    main()
