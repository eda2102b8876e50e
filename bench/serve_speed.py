"""Requests per second of Scorepad's busiest pages against a bare Flask hello-world, side by side
in one run: both under `gunicorn -w 2`, both loaded by wrk the same way (loopback only).

    .venv/bin/python bench/serve_speed.py [--seconds 3] [--rounds 3] [--games 500] [--connections 4] [--quick]
                                          [--worker-class sync|gevent]

Needs wrk (Debian: apt-get install wrk). Prints each page's requests/s, its ratio to bare Flask,
errors, and the gzipped size of the home page; then the home page with 10 and with 10,000 games.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phones import free_port  # noqa: E402
from score_speed import back_alley_game  # noqa: E402

GUNICORN = Path(sys.executable).with_name("gunicorn")
RECORD_LUA = """
local state, version, number, token = "form", nil, nil, nil
saved, refused = 0, 0
function request()
  local headers = {Cookie = cookie}
  if state == "post" then
    local dealer = (number - 1) % 3
    local bids = {"pass", "pass", "pass"}
    bids[dealer + 1] = "2"
    local body = "csrf_token=" .. token .. "&version=" .. version .. "&number=" .. number .. "&step=full" ..
      "&bid_0=" .. bids[1] .. "&bid_1=" .. bids[2] .. "&bid_2=" .. bids[3] .. "&high=" .. dealer .. "&low=" .. dealer ..
      "&jack=none&game=" .. ((dealer + 1) % 3)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return wrk.format("POST", "/games/" .. game .. "/hands/new", headers, body)
  elseif state == "board" then
    return wrk.format("GET", "/games/" .. game, headers)
  end
  return wrk.format("GET", "/games/" .. game .. "/hands/new", headers)
end
function setup(thread)
  table.insert(threads, thread)
  thread:set("game", games[#threads])
end
function done(summary, latency, requests)
  local all, refusals = 0, 0
  for _, thread in ipairs(threads) do
    all = all + thread:get("saved")
    refusals = refusals + thread:get("refused")
  end
  io.write(string.format("hands saved: %d, refused: %d\\n", all, refusals))
end
function response(status, headers, body)
  if state == "form" then
    version = string.match(body, 'name="version" type="hidden" value="(%d+)"')
    number = tonumber(string.match(body, 'name="number" type="hidden" value="(%d+)"'))
    token = string.match(body, 'name="csrf_token" type="hidden" value="([^"]+)"')
    state = "post"
  elseif state == "post" then
    if status == 302 then saved = saved + 1 else refused = refused + 1 end
    state = "board"
  else
    state = "form"
  end
end
"""


def recording_script(folder: Path, games: list[str], cookie: str) -> str:
    """The wrk script that records hands, each connection into its own game of `games`."""
    script = folder / "record.lua"
    listed = ", ".join(f'"{game}"' for game in games)
    script.write_text(f'local games, threads = {{{listed}}}, {{}}\ncookie = "{cookie}"\n' + RECORD_LUA)
    return str(script)


def serve(target: str, folder: Path, instance: Path | None = None, worker_class: str = "sync") -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, **({"SCOREPAD_INSTANCE": str(instance)} if instance else {})}
    server = subprocess.Popen([str(GUNICORN), "-k", worker_class, "-w", "2", "-b", f"127.0.0.1:{port}", "--log-level", "warning",
                               target],
                              cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(1200):
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return server, base
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{target} did not start")


def wrk(url: str, seconds: float, connections: int, headers: dict[str, str], script: str | None = None) -> dict:
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{round(seconds)}s"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", script]
    ran = subprocess.run(command + [url], capture_output=True, text=True, check=True)
    if ran.stderr.strip():                      # a script that failed measures something else: stop
        raise RuntimeError(ran.stderr.strip())
    out = ran.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    errors += sum(int(n) for n in re.findall(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)",
                                             out)[0]) if "Socket errors" in out else 0
    errors += sum(int(n) for n in re.findall(r"hands saved: \d+, refused: (\d+)", out))   # a hand form not saved
    return {"rate": rate, "errors": errors}


def fill(instance: Path, games: int, players_per: int = 3, record_games: int = 8) -> dict[str, str]:
    """A database with `games` small Pitch games, one 25-deal Back Alley game and `record_games` Pitch games
    to record into (one per wrk connection and turn), all joined by one browser; return that
    browser's cookie and ids."""
    os.environ["SCOREPAD_INSTANCE"] = str(instance)
    from app import create_app
    client = create_app({"WTF_CSRF_ENABLED": False}).test_client()
    pitch = {"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"], "settings": {"target": 500},
             "hands": [{"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": None, "game": 0}] * 3}
    ids = {}
    for n in range(games):
        record = {**pitch, "players": [f"Ann{n}", f"Ben{n}", f"Cy{n}"][:players_per]}
        client.post("/games/import", data={"record": json.dumps(record)})
    page = client.post("/games/import", data={"record": json.dumps(back_alley_game())})
    ids["back_alley"] = page.headers["Location"].rsplit("/", 1)[1]
    ids["record"] = [client.post("/games/import", data={"record": json.dumps(
        {**pitch, "hands": [], "players": [f"Ann r{n}", f"Ben r{n}", f"Cy r{n}"]})}).headers["Location"].rsplit("/", 1)[1]
        for n in range(record_games)]                         # told apart: importing the same record twice finds the first
    assert len(set(ids["record"])) == record_games
    browser = create_app().test_client()                                # forms checked, as served
    browser.set_cookie("session", client.get_cookie("session").value)
    browser.get(f"/games/{ids['record'][0]}/hands/new")                # a CSRF token in the session
    ids["cookie"] = "session=" + browser.get_cookie("session").value
    return ids


def bulk(instance: Path, games: int) -> str:
    """`games` finished-looking games joined by one browser, written straight through the store (fast);
    their summaries are built when the server starts. Return that browser's cookie."""
    os.environ["SCOREPAD_INSTANCE"] = str(instance)
    from app import create_app
    from scorepad.storage import store
    app = create_app({"WTF_CSRF_ENABLED": False})
    client = app.test_client()
    first = {"format": "scorepad/1", "game": "gin3", "players": ["Ann", "Ben", "Cy"], "hands": [{"result": "draw"}]}
    client.post("/games/import", data={"record": json.dumps(first)})
    browser = None
    with app.app_context():
        from scorepad import pages
        db = pages.db()
        browser = db.execute("select browser from members").fetchone()[0]
        with store.writing(db):
            for n in range(games - 1):
                game = store.create_game(db, {**first, "players": [f"Ann{n}", f"Ben{n}", f"Cy{n}"]})
                store.add_member(db, browser, game, "scorer")
        db.touched.clear()
    return "session=" + client.get_cookie("session").value


def home_rate(games: int, seconds: int, connections: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        cookie = bulk(instance, games)
        server, base = serve("app:create_app()", ROOT, instance)
        try:
            return wrk(base + "/", seconds, connections, {"Accept-Encoding": "gzip", "Cookie": cookie})["rate"]
        finally:
            server.terminate()
            server.wait(20)


def home_size(base: str, cookie: str) -> int:
    request = urllib.request.Request(base + "/", headers={"Cookie": cookie, "Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as response:
        body = response.read()
    return len(body) if response.headers.get("Content-Encoding") == "gzip" else len(gzip.compress(body))


def side_by_side(page: Callable[[], dict], hello: Callable[[], dict], rounds: int) -> dict:
    """A page's requests/s and bare Flask's, measured turn about `rounds` times (a shared machine
    that slows down or speeds up meanwhile counts against both alike): the median of each, the
    median of the turns' ratios, and every error."""
    pages, hellos = [], []
    for _ in range(rounds):
        hellos.append(hello())
        pages.append(page())
    return {"rate": statistics.median(p["rate"] for p in pages), "hello": statistics.median(h["rate"] for h in hellos),
            "ratio": statistics.median(p["rate"] / h["rate"] for p, h in zip(pages, hellos)),
            "errors": sum(p["errors"] + h["errors"] for p, h in zip(pages, hellos))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=3, help="each turn of wrk")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each page, each after a turn of bare Flask")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="skip the home page with 10 and 10,000 games")
    parser.add_argument("--worker-class", default="sync", help="gunicorn's -k for both servers (gevent: the club "
                                                                "server's)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is needed: apt-get install wrk")
    with tempfile.TemporaryDirectory() as folder:
        instance = Path(folder) / "instance"
        ids = fill(instance, args.games, record_games=args.connections * args.rounds)
        hello, hello_base = serve("hello:app", ROOT / "bench", worker_class=args.worker_class)
        scorepad, base = serve("app:create_app()", ROOT, instance, args.worker_class)
        try:
            gz = {"Accept-Encoding": "gzip", "Cookie": ids["cookie"]}
            turns = iter(range(args.rounds))

            def bare():
                return wrk(hello_base + "/", args.seconds, args.connections, {"Accept-Encoding": "gzip"})

            def page(url, headers=gz, lua=None):
                return lambda: wrk(url, args.seconds, args.connections, headers, lua)

            def recording():                    # each turn into games of its own, never near 1,000 hands
                first = next(turns) * args.connections
                games = ids["record"][first:first + args.connections]
                script = recording_script(Path(folder), games, ids["cookie"])
                return wrk(base, args.seconds, args.connections, {}, script)
            pages = [("scoreboard, 25-deal Back Alley", page(f"{base}/games/{ids['back_alley']}"), 0.45),
                     (f"home page, {args.games} games", page(base + "/"), 0.5),
                     ("new-hand form, Pitch", page(f"{base}/games/{ids['record'][0]}/hands/new"), 0.45),
                     ("recording a hand (GET form, POST, redirect)", recording, 0.2)]
            rows = [(name, side_by_side(measure, bare, args.rounds), target) for name, measure, target in pages]
            size = home_size(base, ids["cookie"])
        finally:
            for server in (hello, scorepad):
                server.terminate()
                server.wait(20)
    print(f"gunicorn -k {args.worker_class} -w 2, wrk -t{args.connections} -c{args.connections}, loopback; each page "
          f"{args.rounds} turns of {args.seconds} s, each after a turn of a bare Flask hello-world (medians)")
    print(f"{'':46} {'req/s':>7} {'bare Flask':>10}  ratio")
    for name, result, target in rows:
        ok = result["ratio"] >= target and not result["errors"]
        print(f"{name:46} {result['rate']:7.0f} {result['hello']:10.0f}   {result['ratio']:.2f}   "
              f"errors {result['errors']}   (target >= {target}) {'ok' if ok else 'BELOW'}")
    print(f"home page with {args.games} games: {size / 1024:.1f} KB gzipped (target <= 10 KB)")
    if args.quick:
        return
    few, many = home_rate(10, args.seconds * 2, args.connections), home_rate(10_000, args.seconds * 2, args.connections)
    print(f"home page with 10 games: {few:.0f} req/s; with 10,000 games: {many:.0f} req/s ({many / few:.2f})")


if __name__ == "__main__":
    main()
