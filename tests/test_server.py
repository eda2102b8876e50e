"""The run command: a production server (waitress), the addresses a phone can open, safe starts."""
import multiprocessing
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from contextlib import closing
from pathlib import Path

from conftest import ROOT
from scorepad.storage.schema import STEPS

PYTHON = sys.executable


def run_app(*args, env=None):
    return subprocess.run([PYTHON, "app.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_help_documents_every_option_and_version_prints_it():
    words = run_app("--help").stdout
    for option in ("--host", "--port", "--db", "--threads", "--no-qr", "--backup", "--restore", "--version"):
        assert option in words
    assert run_app("--version").stdout.startswith("Scorepad 1.")


def test_the_app_is_served_by_waitress_with_lan_addresses_first(tmp_path):
    port = free_port()
    server = subprocess.Popen([PYTHON, "app.py", "--port", str(port), "--no-qr"], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path / "instance")})
    try:
        lines = [server.stdout.readline() for _ in range(3)]
        while "Stop with Ctrl+C" not in lines[-1]:
            lines.append(server.stdout.readline())
        addresses = lines[:next(n for n, line in enumerate(lines) if line.startswith("Owner link"))]
        listed = [line.split()[0] for line in addresses if line.startswith("  http://")]
        assert listed[-1] == f"http://127.0.0.1:{port}/" and "this computer only" in addresses[-1]
        assert lines[-2].startswith(f"  {listed[0]}owner/")
        for _ in range(50):
            try:
                response = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except OSError:
                time.sleep(0.1)
        with response:
            page = response.read().decode()
        assert "Your games" in page
        assert response.headers["Server"] == "Scorepad"             # no server software or version
        assert "Werkzeug" not in str(response.headers) and "WARNING" not in "".join(lines)
    finally:
        server.terminate()
        server.wait(10)
        server.stdout.close()


def start_once(instance: str, results) -> None:
    os.environ["SCOREPAD_INSTANCE"] = instance
    sys.path.insert(0, str(ROOT))
    try:
        from app import create_app
        app = create_app()
        results.put(app.config["SECRET_KEY"])
    except Exception as error:                       # reported to the test, which fails
        results.put(f"failed: {error!r}")


def test_four_workers_starting_together_on_an_empty_folder_share_one_key_and_one_database(tmp_path):
    context = multiprocessing.get_context("spawn")
    for attempt in range(3):
        instance = str(tmp_path / f"instance-{attempt}")
        results = context.Queue()
        workers = [context.Process(target=start_once, args=(instance, results)) for _ in range(4)]
        for worker in workers:
            worker.start()
        keys = [results.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join(30)
        assert len(set(keys)) == 1 and len(keys[0]) >= 40, keys
        with sqlite3.connect(os.path.join(instance, "scorepad.db")) as db:
            applied = [row[0] for row in db.execute("select name from _sqlite_migrations order by id")]
            assert applied[:2] == ["create_tables", "add_version"] and applied == STEPS      # each once, in order
            assert db.execute("select value from instance where name = 'secret_key'").fetchone()[0] == keys[0]
            assert db.execute("pragma journal_mode").fetchone()[0] == "wal"


def test_the_owner_link_is_printed_again_on_request(tmp_path):
    instance = tmp_path / "instance"
    printed = run_app("--owner-link", "--port", "5000", env={"SCOREPAD_INSTANCE": str(instance)}).stdout.strip()
    with closing(sqlite3.connect(instance / "scorepad.db")) as db:
        owner_key = db.execute("select value from instance where name = 'owner_key'").fetchone()[0]
    assert printed.endswith("/owner/" + owner_key)
    assert printed.startswith("http://") and ":5000/owner/" in printed


def test_a_club_server_starts_on_a_new_folder_and_a_restore_waits_for_it_to_stop(tmp_path):
    """gunicorn -w 2 on an instance folder that isn't there yet comes up; while its workers serve,
    a restore is refused; once it stops, the restore goes ahead."""
    port, instance = free_port(), tmp_path / "new" / "instance"
    env = {**os.environ, "SCOREPAD_INSTANCE": str(instance)}
    server = subprocess.Popen([str(Path(PYTHON).with_name("gunicorn")), "-w", "2", "-b", f"127.0.0.1:{port}",
                               "app:create_app()"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    assert "Your games" in response.read().decode()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.communicate()[0]
                time.sleep(0.1)
        backup = tmp_path / "backup.db"
        assert run_app("--backup", str(backup), env={"SCOREPAD_INSTANCE": str(instance)}).returncode == 0
        refused = run_app("--restore", str(backup), env={"SCOREPAD_INSTANCE": str(instance)})
        assert refused.returncode == 2 and refused.stderr.startswith("Scorepad is serving")
    finally:
        server.terminate()
        printed = server.communicate(timeout=30)[0]
    assert "Traceback" not in printed
    restored = run_app("--restore", str(backup), env={"SCOREPAD_INSTANCE": str(instance)})
    assert restored.returncode == 0 and "0 games, 0 hands" in restored.stdout
