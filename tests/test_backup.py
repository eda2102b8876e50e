"""Backups: a consistent copy taken while the app is serving, and putting it back."""
import os
import sqlite3
import subprocess
import sys
import threading

from conftest import ROOT, form_data, joined, play_through_forms, record

HAND = {"result": "knock", "knocker": "box", "deadwood": {"box": 5, "team": 9}}      # the box scores 4 a hand


def test_a_backup_taken_while_hands_are_being_saved_is_whole_and_restores(app, client, tmp_path):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"], settings={"target": 500}))
    writer = joined(app, client, game_id)
    stop = threading.Event()

    def keep_saving():
        while not stop.is_set():
            writer.post(f"/games/{game_id}/hands/new", data=form_data("gin3", HAND))
    thread = threading.Thread(target=keep_saving)
    thread.start()
    copies = []
    try:
        for n in range(5):
            target = str(tmp_path / f"copy-{n}.db")
            run = subprocess.run([sys.executable, "app.py", "--db", app.config["DATABASE"], "--backup", target],
                                 cwd=ROOT, capture_output=True, text=True, timeout=60,
                                 env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path / "instance")})
            assert run.returncode == 0 and "Backed up" in run.stdout, run.stderr
            copies.append(target)
    finally:
        stop.set()
        thread.join(30)
    for target in copies:
        with sqlite3.connect(target) as copy:
            assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
            hands = copy.execute("select count(*) from hands").fetchone()[0]
            recorded = copy.execute("select count(*) from history where action = 'recorded'").fetchone()[0]
            assert hands == recorded            # a hand and its history entry are copied together or not at all
    # put the last copy back in place of a fresh database: the game is there with its hands
    fresh = tmp_path / "fresh.db"
    run = subprocess.run([sys.executable, "app.py", "--db", str(fresh), "--restore", copies[-1]], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path / "instance")})
    assert run.returncode == 0, run.stderr
    from app import create_app
    restored = create_app({"TESTING": True, "DATABASE": str(fresh), "SECRET_KEY": "r", "OWNER_KEY": "owner-key-r"}
                          ).test_client()
    restored.get("/owner/owner-key-r")
    with sqlite3.connect(copies[-1]) as copy:
        hands = copy.execute("select count(*) from hands").fetchone()[0]
    assert len(restored.get(f"/games/{game_id}/record.json").get_json()["hands"]) == hands


def test_restoring_something_that_is_not_a_backup_is_refused_and_changes_nothing(app, client, tmp_path):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"], [HAND]))
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    run = subprocess.run([sys.executable, "app.py", "--db", app.config["DATABASE"], "--restore", str(junk)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path / "instance")})
    assert run.returncode == 2 and "is not a Scorepad backup" in run.stderr
    assert len(client.get(f"/games/{game_id}/record.json").get_json()["hands"]) == 1
