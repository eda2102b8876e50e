"""A full disk and a read-only one, as a club's small computer gets them: a real tmpfs of a few
megabytes, filled to its last byte or remounted read-only (the tests run as root, as CI does).
Nothing recorded is lost, the player reads why and the change waits on the phone, the server says
the cause once with the path, and a read-only database is still served to show every score."""
import errno
import json
import logging
import os
import re
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import closing, contextmanager

import pytest
from playwright.sync_api import expect

from conftest import ROOT, TableClient, form_data, hidden_fields, play_through_forms, record
from test_backup import HAND, club, connections_closed, games_in, opened, run_app
from test_browser import browser, close  # noqa: F401  (fixture)
from test_browser_offline import PHONE, Server, fill_hand_one, start_pitch
from test_server import free_port

STORED_NOTHING = "The server could not store this: its disk is full (or read-only). Nothing was lost; " \
                 "this change waits on your phone."


@contextmanager
def small_disk(folder, size="4m"):
    """A disk of its own, `size` large, mounted at `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def read_only(folder):
    connections_closed()                        # a disk with files open for writing stays writable
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def fill(folder):
    """The disk filled to its last byte (the WAL checkpointed first, so the next change must grow it)."""
    for database in folder.glob("*.db"):
        with closing(sqlite3.connect(database)) as db:
            assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    filler = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        for chunk in (1 << 16, 1 << 12, 1):
            try:
                while True:
                    os.write(filler, b"\0" * chunk)
            except OSError as error:
                assert error.errno == errno.ENOSPC
    finally:
        os.close(filler)


def make_room(folder):
    (folder / "filler").unlink()


def hands_of(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def test_a_full_disk_stores_nothing_says_so_and_the_hand_goes_in_once_there_is_room(tmp_path, caplog):
    with small_disk(tmp_path / "disk") as disk:
        app = opened(disk / "scorepad.db")
        app.test_client_class = TableClient
        phone = app.test_client()
        game_id = play_through_forms(phone, record("gin3", ["Ann", "Ben", "Cy"], [HAND]))
        fill(disk)
        second_hand = form_data("gin3", HAND) | {"again": "2"}
        with caplog.at_level(logging.ERROR, logger="scorepad"):
            for _tap in range(3):                              # tapped again and again: said each time
                answer = phone.post(f"/games/{game_id}/hands/new", data=second_hand)
                assert answer.status_code == 507 and STORED_NOTHING in answer.get_data(as_text=True)
                assert "Another phone" not in answer.get_data(as_text=True)
        logged = [line.getMessage() for line in caplog.records if line.name == "scorepad"]
        assert len(logged) == 1                                # the keeper reads the cause once
        assert logged[0].startswith(f"Can't store changes in {disk / 'scorepad.db'}: its disk is full")
        assert len(hands_of(phone, game_id)) == 1              # the scores are still shown
        make_room(disk)
        assert phone.post(f"/games/{game_id}/hands/new", data=second_hand).status_code == 302
        assert len(hands_of(phone, game_id)) == 2
        del app, phone


def test_a_server_started_on_a_full_disk_still_shows_every_score(tmp_path):
    with small_disk(tmp_path / "disk") as disk:
        database, game_id, cookie, _key = club(disk / "instance")
        with closing(sqlite3.connect(database)) as db, db:
            db.execute("update games set summary_version = 0")     # its start would rebuild the home page's rows
        fill(disk)
        app = opened(database)
        phone = app.test_client()
        phone.set_cookie("session", cookie)
        assert phone.get(f"/games/{game_id}").status_code == 200 and len(hands_of(phone, game_id)) == 2
        del app, phone


def test_a_backup_onto_a_full_disk_says_so_and_leaves_no_part_of_itself(tmp_path):
    club(tmp_path / "instance")
    with small_disk(tmp_path / "stick", size="64k") as stick:
        code, printed, complaint = run_app("--backup", stick / "monday.db", instance=tmp_path / "instance")
        assert code == 2 and complaint == f"The backup {stick / 'monday.db'} could not be written: its disk is full. " \
                                          "The database is untouched.\n"
        assert list(stick.iterdir()) == []


def test_a_backup_whose_last_step_finds_the_disk_full_leaves_no_part_of_itself(tmp_path, monkeypatch):
    """The same with the fault injected where the copy is put in place (os.replace)."""
    from scorepad.storage import backups
    from scorepad.storage.instance import Declined
    database, _game, _cookie, _key = club(tmp_path / "instance")

    def disk_full(*_paths):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(backups.os, "replace", disk_full)
    with pytest.raises(Declined, match="could not be written: its disk is full. The database is untouched."):
        backups.backup(str(database), str(tmp_path / "monday.db"))
    assert sorted(path.name for path in tmp_path.iterdir()) == ["instance"]


# --- read-only -----------------------------------------------------------------------------------

@contextmanager
def serving(instance):
    """app.py started on `instance`, as a keeper starts it: (its address, the server process)."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "app.py", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
                              cwd=ROOT, env={**os.environ, "SCOREPAD_INSTANCE": str(instance)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None and time.monotonic() < deadline, server.communicate()
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", server
    finally:
        if server.returncode is None:
            server.terminate()
            server.communicate(timeout=30)      # its output read and its pipes closed


class Phone:
    """A browser holding a game's session cookie, keeping what the server sets (its form tokens)."""

    def __init__(self, cookie):
        self.cookie = cookie

    def ask(self, url, data=None):
        """(status, page)."""
        request = urllib.request.Request(url, data=data and urllib.parse.urlencode(data).encode(),
                                         headers={"Cookie": f"session={self.cookie}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return self.kept(response, response.status, response.read().decode())
        except urllib.error.HTTPError as error:
            return self.kept(error, error.code, error.read().decode())

    def kept(self, response, status, page):
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith("session="):
                self.cookie = header.split(";")[0].removeprefix("session=")
        return status, page


@pytest.mark.parametrize("before", ["closed cleanly", "a server stopped"])
def test_on_a_read_only_disk_the_app_starts_shows_every_score_and_says_why_nothing_saves(tmp_path, before):
    """Closed cleanly, the database is alone on the disk; a stopped server leaves SQLite's WAL and
    shared-memory files beside it (its connections are never closed), and SQLite opens it as if
    it could write."""
    with small_disk(tmp_path / "disk") as disk:
        database, game_id, cookie, _key = club(disk / "instance")
        if before == "a server stopped":
            with serving(disk / "instance") as (address, _server):
                Phone(cookie).ask(f"{address}/games/{game_id}")
            assert os.path.exists(f"{database}-shm")
        read_only(disk)
        with serving(disk / "instance") as (address, server):
            phone = Phone(cookie)
            status, scoreboard = phone.ask(f"{address}/games/{game_id}")
            assert status == 200 and re.search(r"Ann.*Ben.*Cy", scoreboard, re.S)
            assert len(json.loads(phone.ask(f"{address}/games/{game_id}/record.json")[1])["hands"]) == 2
            _status, form = phone.ask(f"{address}/games/{game_id}/hands/new")
            status, page = phone.ask(f"{address}/games/{game_id}/hands/new",
                                     hidden_fields(form) | form_data("gin3", HAND) | {"again": "3"} |
                                     {"csrf_token": re.search(r'name="csrf_token"[^>]* value="([^"]+)"', form)[1]})
            assert status == 507 and STORED_NOTHING in page
            _status, invite = phone.ask(f"{address}/games/{game_id}/invite")
            watch = re.search(r'href="http://[^/"]+(/join/[^"?]+)"', invite)[1]
            status, page = Phone("").ask(address + watch)             # a new phone joining: nothing to keep
            assert status == 507 and "Nothing was lost: try again once it has room." in page
            server.terminate()
            printed, said = server.communicate(timeout=30)
        assert "Traceback" not in said + printed
        assert f"Scorepad {__import__('scorepad').VERSION} is running (database {database}, read-only: it or its " \
               "folder is read-only)." in printed
        assert said.count(f"serves {database} read-only") == 1
        assert said.count(f"Can't store changes in {database}") == 1


def test_a_read_only_database_this_release_must_first_bring_up_to_date_is_refused_in_one_line(tmp_path):
    from scorepad.storage import store
    from scorepad.storage.schema import migrations
    with small_disk(tmp_path / "disk") as disk:
        (disk / "instance").mkdir()
        old = store.connect(str(disk / "instance" / "scorepad.db"))
        migrations.apply(old, stop_before="add_instance")
        old.close()
        read_only(disk)
        code, printed, complaint = run_app("--owner-link", instance=disk / "instance")
        assert code == 2 and complaint == (
            f"{disk / 'instance' / 'scorepad.db'} can't be written (it or its folder is read-only), and Scorepad "
            "1.2.0 must bring its tables up to date first: make room, or make it writable. Nothing was changed.\n"
        ).replace("1.2.0", __import__("scorepad").VERSION)


# --- on the phone --------------------------------------------------------------------------------

def test_on_the_phone_a_full_disk_keeps_the_hand_waiting_with_the_servers_words(browser, tmp_path):  # noqa: F811
    with small_disk(tmp_path / "disk") as disk:
        from app import create_app
        server = Server(create_app({"DATABASE": str(disk / "scorepad.db"), "SECRET_KEY": "full",
                                    "OWNER_KEY": "full-owner-key"}), secure=False)
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            phone = context.new_page()
            game_url = start_pitch(phone, server)
            phone.get_by_role("link", name="Record hand 1").click()
            fill_hand_one(phone)
            fill(disk)
            phone.get_by_role("button", name="Save hand 1").click()
            expect(phone.locator("form.hand + [data-note]")).to_have_text(STORED_NOTHING)
            assert len(json.loads(phone.evaluate("localStorage.getItem('outbox')"))) == 1
            expect(phone.locator(".offline")).to_be_hidden()            # the server did answer
            make_room(disk)
            expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"], timeout=15000)    # sent by itself
            assert len(server.hands(game_url)) == 1
        finally:
            close(context)
            server.stop()


def test_a_restore_into_a_read_only_folder_says_so_in_one_line(tmp_path):
    database, game_id, _cookie, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    assert run_app("--backup", backup, instance=tmp_path / "instance")[0] == 0
    with small_disk(tmp_path / "disk") as disk:
        _database, _game, _cookie, _key = club(disk / "instance")
        read_only(disk)
        code, printed, complaint = run_app("--restore", backup, instance=disk / "instance")
        assert code == 2 and complaint == "The backup could not be copied beside the database: it or its folder " \
                                          "is read-only. Nothing was restored.\n"
        assert games_in(disk / "instance" / "scorepad.db") != games_in(backup)


def test_a_backup_from_a_read_only_disk_is_taken_whole(tmp_path):
    """The club's disk turned read-only: that is when a backup matters most."""
    with small_disk(tmp_path / "disk") as disk:
        database, game_id, _cookie, owner_key = club(disk / "instance")
        read_only(disk)
        code, printed, complaint = run_app("--backup", tmp_path / "rescued.db", instance=disk / "instance")
        assert code == 0, complaint
        assert games_in(tmp_path / "rescued.db") == [(game_id, 2)]
