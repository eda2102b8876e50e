"""Recording cycles (GET the hand form, POST a hand, GET the scoreboard) through Flask's test client,
in one process: the work of a cycle without a server or a network, for counting instructions on a
shared machine where timings swing:

    .venv/bin/python bench/record_cycle.py [cycles]          prints the median time of each request
    valgrind --tool=cachegrind --cache-sim=no .venv/bin/python bench/record_cycle.py 0
    valgrind --tool=cachegrind --cache-sim=no .venv/bin/python bench/record_cycle.py 150
                        (the difference of the two "I refs" over 150: instructions per cycle)
"""
from __future__ import annotations

import gc
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from serve_speed import fill  # noqa: E402


def main() -> None:
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    ids = fill(Path(tempfile.mkdtemp()) / "instance", 2)
    from app import create_app
    client = create_app().test_client()
    client.set_cookie("session", ids["cookie"].split("=", 1)[1])
    game, spent = ids["record"][0], {"form": [], "post": [], "board": []}

    def timed(kind, request):
        started = time.perf_counter()
        response = request()
        spent[kind].append(time.perf_counter() - started)
        return response

    def cycle():
        form = timed("form", lambda: client.get(f"/games/{game}/hands/new")).get_data(as_text=True)
        hidden = dict(re.findall(r'name="(version|number|csrf_token)" type="hidden" value="([^"]+)"', form))
        dealer = (int(hidden["number"]) - 1) % 3
        bids = {f"bid_{seat}": "2" if seat == dealer else "pass" for seat in range(3)}
        sent = {**hidden, **bids, "step": "full", "high": dealer, "low": dealer, "jack": "none", "game": (dealer + 1) % 3}
        assert timed("post", lambda: client.post(f"/games/{game}/hands/new", data=sent)).status_code == 302
        timed("board", lambda: client.get(f"/games/{game}"))
    for _ in range(40):                         # warm: templates compiled, caches filled
        cycle()
    gc.freeze()
    for kind in spent:
        spent[kind].clear()
    for _ in range(cycles):
        cycle()
    if cycles:
        print("  ".join(f"{kind} {statistics.median(times) * 1000:.2f} ms" for kind, times in spent.items()))


if __name__ == "__main__":
    main()
