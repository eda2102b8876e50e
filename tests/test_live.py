"""A game followed live (Server-Sent Events): a stream hears every change within a second, whichever
phone, worker or process made it; a reconnect hears what it missed at once; a stranger hears nothing;
and the default server (waitress) keeps answering pages with more phones following than it streams to."""
import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from conftest import ROOT, TableClient, joined

PYTHON = sys.executable
GUNICORN = Path(PYTHON).with_name("gunicorn")


class Stream:
    """A game's events as a browser's EventSource reads them, over a connection of its own."""

    def __init__(self, port: int, game_id: str, cookie: str = "", last_event: str | None = None, query: str = ""):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Accept": "text/event-stream", "Cookie": cookie}
        if last_event is not None:
            headers["Last-Event-ID"] = last_event
        self.connection.request("GET", f"/games/{game_id}/events{query}", headers=headers)
        self.socket = self.connection.sock          # the response keeps reading it
        self.response = self.connection.getresponse()
        self.status = self.response.status

    def event(self, within: float) -> dict:
        """The next event's id and data (what /version says), waiting at most `within` seconds."""
        deadline, fields = time.monotonic() + within, {}
        while True:
            self.socket.settimeout(max(deadline - time.monotonic(), 0.001))
            raw = self.response.readline()
            assert raw, f"the stream ended (status {self.status})"
            line = raw.decode().rstrip("\n")
            if not line and "data" in fields:
                return {"id": fields.get("id"), **json.loads(fields["data"])}
            name, _, value = line.partition(": ")
            if name in ("id", "data"):
                fields[name] = value

    def close(self) -> None:
        self.response.close()
        self.socket.close()
        self.connection.close()


def cookie_of(phone) -> str:
    return f"session={phone.get_cookie('session').value}"


def version_of(phone, game_id: str) -> dict:
    return phone.get(f"/games/{game_id}/version").get_json()


@pytest.fixture
def served(tmp_path):
    """The app on a real socket (a thread per connection), streaming to any number of phones, with
    a heartbeat every second."""
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False, "LIVE_STREAMS": None, "LIVE_HEARTBEAT": 1})
    app.test_client_class = TableClient
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield app, httpd.server_port
    httpd.shutdown()


def gin_game(client) -> str:
    data = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0", "first_captain": "1"}
    response = client.post("/games/new/gin3", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def draw(client, game_id: str) -> None:
    """A hand of gin nobody won: one more hand, one more version (the same as the hand before: really so)."""
    number = version_of(client, game_id)["hands"] + 1
    assert client.post(f"/games/{game_id}/hands/new", data={"result": "draw", "again": str(number)}).status_code == 302


def test_a_watchers_stream_hears_a_hand_saved_on_another_phone_within_a_second(served):
    app, port = served
    scorer = app.test_client()
    game_id = gin_game(scorer)
    watcher = joined(app, scorer, game_id, "Watch")
    stream = Stream(port, game_id, cookie_of(watcher), query=f"?version={version_of(watcher, game_id)['version']}")
    try:
        assert stream.status == 200 and stream.response.getheader("Content-Type").startswith("text/event-stream")
        before = version_of(scorer, game_id)
        draw(scorer, game_id)
        saved = time.monotonic()
        heard = stream.event(within=1.0)
        assert time.monotonic() - saved < 1.0
        after = version_of(scorer, game_id)
        assert heard == {"id": str(after["version"]), **after}             # what /version says: the page reads both alike
        assert after == {"version": before["version"] + 1, "hands": 1}
        adjusted = scorer.post(f"/games/{game_id}/adjustments/new",
                               data={"note": "Ben reneged", "sign_1": "-", "points_1": "10"})
        assert adjusted.status_code == 302
        assert stream.event(within=1.0) == {"id": str(after["version"] + 1), "version": after["version"] + 1, "hands": 1}
    finally:
        stream.close()


def test_a_stream_opened_again_with_an_old_version_hears_the_game_at_once_and_a_heartbeat_after(served):
    app, port = served
    scorer = app.test_client()
    game_id = gin_game(scorer)
    first = version_of(scorer, game_id)["version"]
    draw(scorer, game_id)
    draw(scorer, game_id)
    # the Wi-Fi came back: the browser says the last event it had; a page opened anew says its version
    for missed in (Stream(port, game_id, cookie_of(scorer), last_event=str(first)),
                   Stream(port, game_id, cookie_of(scorer), query=f"?version={first}")):
        try:
            assert missed.event(within=0.5) == {"id": str(first + 2), "version": first + 2, "hands": 2}
        finally:
            missed.close()
    # up to date: nothing at once, then the same state again as the heartbeat (every second here)
    current = Stream(port, game_id, cookie_of(scorer), last_event=str(first + 2))
    try:
        opened = time.monotonic()
        assert current.event(within=3.0) == {"id": str(first + 2), "version": first + 2, "hands": 2}
        assert 0.8 < time.monotonic() - opened < 3.0
    finally:
        current.close()


def test_a_stream_opened_on_a_newer_version_wakes_the_streams_still_on_the_older_one(tmp_path, monkeypatch):
    """Ben's stream opens right after a hand is saved, before the watcher has looked (it looks only
    every 5 s here, and the heartbeat comes every 10 s): Ann's stream hears the hand at once."""
    from app import create_app
    from scorepad.web import live
    monkeypatch.setattr(live, "CHECK_EVERY", 5)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False, "LIVE_STREAMS": None, "LIVE_HEARTBEAT": 10})
    app.test_client_class = TableClient
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    scorer = app.test_client()
    game_id = gin_game(scorer)
    first = version_of(scorer, game_id)["version"]
    ann = Stream(httpd.server_port, game_id, cookie_of(scorer), query=f"?version={first}")
    try:
        draw(scorer, game_id)
        ben = Stream(httpd.server_port, game_id, cookie_of(scorer), query=f"?version={first + 1}")
        ben.close()
        assert ann.event(within=1.0) == {"id": str(first + 1), "version": first + 1, "hands": 1}
    finally:
        ann.close()
        httpd.shutdown()


def test_a_stranger_gets_no_stream_as_they_get_no_scoreboard(served):
    app, port = served
    scorer = app.test_client()
    game_id = gin_game(scorer)
    stranger = app.test_client()
    assert stranger.get(f"/games/{game_id}").status_code == 404
    for cookie in ("", cookie_of(stranger) if stranger.get_cookie("session") else ""):
        stream = Stream(port, game_id, cookie)
        try:
            assert stream.status == 404
        finally:
            stream.close()
    stream = Stream(port, "no-such-game-at-all-here", cookie_of(scorer))
    assert stream.status == 404
    stream.close()


def serve(kind: str, port: int, instance: Path, *extra: str) -> subprocess.Popen:
    command = ([str(GUNICORN), "-k", "gevent", "-w", "2", "-b", f"127.0.0.1:{port}", *extra, "app:create_app()"]
               if kind == "gunicorn" else [PYTHON, "app.py", "--host", "127.0.0.1", "--port", str(port), "--no-qr", *extra])
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, env={**os.environ, "SCOREPAD_INSTANCE": str(instance)})


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, 9)
    server.wait()


class Phone:
    """A browser's cookies against a real server, enough to start a game and draw hands."""

    def __init__(self, port: int) -> None:
        import http.cookiejar
        import urllib.request
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, data: dict | None = None) -> tuple[int, str, str]:
        import urllib.error
        import urllib.parse
        body = None if data is None else urllib.parse.urlencode(data).encode()
        try:
            with self.opener.open(self.base + path, body, timeout=10) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.url, error.read().decode()

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def draw(self, game_id: str) -> None:
        import re
        page = self.open(f"/games/{game_id}/hands/new")[2]
        fields = dict(re.findall(r'<input[^>]*name="(csrf_token|version|number|step)"[^>]*value="([^"]*)"', page))
        assert self.open(f"/games/{game_id}/hands/new", {**fields, "result": "draw", "again": fields["number"]})[0] == 200

    def new_gin_game(self) -> str:
        import re
        page = self.open("/games/new/gin3")[2]
        fields = dict(re.findall(r'<input[^>]*name="(csrf_token|key)"[^>]*value="([^"]*)"', page))
        status, url, _ = self.open("/games/new/gin3", {**fields, "player_0": "Ann", "player_1": "Ben", "player_2": "Cy",
                                                       "first_dealer": "0", "first_captain": "1"})
        assert status == 200 and "/games/" in url
        return url.rsplit("/", 1)[1]


def up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert server.poll() is None, "the server exited at start"
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            try:
                probe.request("GET", "/")
                probe.getresponse().read()
                return
            finally:
                probe.close()
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server did not start")


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_two_gevent_workers_on_one_database_both_deliver_every_change(tmp_path):
    port = free_port()
    server = serve("gunicorn", port, tmp_path)
    streams = []
    try:
        up(port, server)
        phone = Phone(port)
        game_id = phone.new_gin_game()
        # ten phones follow the game: the two workers take them as they come, so both hold some
        streams = [Stream(port, game_id, phone.cookie(), query="?version=0") for _ in range(10)]
        start = [stream.event(within=2.0)["version"] for stream in streams]
        for hands in (1, 2):                 # each change is made by whichever worker takes the post
            phone.draw(game_id)
            saved = time.monotonic()
            assert [stream.event(within=1.0)["hands"] for stream in streams] == [hands] * 10
            assert time.monotonic() - saved < 1.0
        assert start == [start[0]] * 10
    finally:
        for stream in streams:
            stream.close()
        stop(server)


def test_two_app_processes_on_one_database_hear_each_others_changes(tmp_path):
    ports = free_port(), free_port()
    servers = [serve("app", port, tmp_path) for port in ports]
    streams = []
    try:
        for port, server in zip(ports, servers):
            up(port, server)
        phones = [Phone(port) for port in ports]
        game_id = phones[0].new_gin_game()
        # the same browser on the other server (the same cookie: one database, one secret key)
        streams = [Stream(port, game_id, phones[0].cookie(), query="?version=0") for port in ports]
        first = [stream.event(within=2.0)["version"] for stream in streams]
        assert first[0] == first[1]
        phones[0].draw(game_id)                          # saved through the first process
        assert [stream.event(within=1.0)["hands"] for stream in streams] == [1, 1]
        for c in phones[0].jar:
            phones[1].jar.set_cookie(c)
        phones[1].draw(game_id)                          # through the second
        assert [stream.event(within=1.0)["hands"] for stream in streams] == [2, 2]
    finally:
        for stream in streams:
            stream.close()
        for server in servers:
            stop(server)


def test_the_default_server_answers_pages_with_more_phones_following_than_it_streams_to(tmp_path):
    port = free_port()
    server = serve("app", port, tmp_path, "--threads", "4", "--streams", "2")
    streams = []
    try:
        up(port, server)
        phone = Phone(port)
        game_id = phone.new_gin_game()
        streams = [Stream(port, game_id, phone.cookie()) for _ in range(20)]
        # two stream; the rest hear "no stream here" (204), which ends an EventSource: those pages poll
        assert sorted(stream.status for stream in streams) == [200] * 2 + [204] * 18
        for path in ("/", f"/games/{game_id}", f"/games/{game_id}/version", f"/games/{game_id}/hands/new"):
            asked = time.monotonic()
            assert phone.open(path)[0] == 200
            assert time.monotonic() - asked < 2.0
        followed = [stream for stream in streams if stream.status == 200]
        assert [stream.event(within=1.0)["hands"] for stream in followed] == [0, 0]     # the game as it is
        phone.draw(game_id)
        assert [stream.event(within=1.0)["hands"] for stream in followed] == [1, 1]
    finally:
        for stream in streams:
            stream.close()
        stop(server)


def test_streams_must_leave_threads_for_the_pages():
    done = subprocess.run([PYTHON, "app.py", "--threads", "4", "--streams", "4"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "--streams must be from 0 to one less than --threads (4)" in done.stderr


def test_a_watcher_that_fails_is_started_again_by_the_next_stream(served, monkeypatch):
    """The watcher's own connection could not be opened (say, no file handle left): the streams of
    that moment hear only heartbeats, and the next stream opened starts a watcher again."""
    from scorepad.storage import store
    app, port = served
    scorer = app.test_client()
    game_id = gin_game(scorer)
    connect, failures = store.connect, []

    def no_handle_left_once(path, *args, **kwargs):
        if threading.current_thread().name.startswith("scorepad-live") and not failures:
            failures.append(path)
            raise OSError(24, "Too many open files")
        return connect(path, *args, **kwargs)
    monkeypatch.setattr(store, "connect", no_handle_left_once)
    first = Stream(port, game_id, cookie_of(scorer), query=f"?version={version_of(scorer, game_id)['version']}")
    try:
        heartbeat = first.event(within=3.0)             # the watcher failed: nothing wakes this stream
        assert failures and heartbeat["hands"] == 0
    finally:
        first.close()
    again = Stream(port, game_id, cookie_of(scorer), query=f"?version={version_of(scorer, game_id)['version']}")
    try:
        draw(scorer, game_id)
        assert again.event(within=1.0)["hands"] == 1
    finally:
        again.close()
