"""Backups: a consistent copy taken while the app is serving, and putting it back."""
import gc
import os
import re
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest

from conftest import ROOT, TableClient, form_data, joined, play_through_forms, record

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


# --- a restore that can't hurt -------------------------------------------------------------------

def run_app(*args, instance=None):
    """app.py as a keeper types it: (exit code, what it printed, what it said on stderr)."""
    env = {**os.environ, "SCOREPAD_INSTANCE": str(instance)} if instance else dict(os.environ)
    run = subprocess.run([sys.executable, "app.py", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env=env)
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    return run.returncode, run.stdout, run.stderr


def club(folder, hands=2, **config):
    """An instance folder whose database holds one gin game of `hands` hands: (database, game,
    the session cookie of the browser that scores it, owner key); no server left holding it."""
    made = played(folder, hands, config)
    stopped()
    return made


def stopped():
    """The apps this test made let go of their database, as a stopped server does: the serving
    lock goes with the app, the connections this thread kept are closed."""
    gc.collect()
    connections_closed()


def played(folder, hands, config):
    folder.mkdir(parents=True, exist_ok=True)
    app = opened(folder / "scorepad.db", **config)
    phone = app.test_client()
    game_id = play_through_forms(phone, record("gin3", ["Ann", "Ben", "Cy"], [HAND] * hands))
    return folder / "scorepad.db", game_id, phone.get_cookie("session").value, app.config["OWNER_KEY"]


def opened(database, **config):
    """A fresh app (a server started anew) on `database`, its keys its own."""
    from app import create_app
    from scorepad.web import caches
    connections_closed()
    caches.clear_all()
    app = create_app({"TESTING": True, "DATABASE": str(database), "WTF_CSRF_ENABLED": False, **config})
    app.test_client_class = TableClient
    return app


def copied(source, target):
    """A database copied whole, as SQLite sees it (with what its WAL holds)."""
    with closing(sqlite3.connect(source)) as db, closing(sqlite3.connect(target)) as copy:
        db.backup(copy)


def connections_closed():
    """This test process's kept connections closed, as when a server stops."""
    from scorepad import pages
    for connection in pages.OPEN.__dict__.pop("connections", {}).values():
        connection.close()


def games_in(database):
    from scorepad.storage import store
    with closing(store.read_only_connection(database)) as db:
        return db.execute("select key, (select count(*) from hands where game_id = games.id) from games").fetchall()


def foreign(path):
    with closing(sqlite3.connect(path)) as db:
        db.execute("create table games (id integer primary key, name text)")
        db.execute("insert into games (name) values ('chess')")
        db.commit()


def damaged(path):
    """A Scorepad database whose file is corrupt inside (SQLite's own check fails)."""
    database, _game, _phone, _key = club(path.parent / "damaged-club", hands=30)
    copied(database, path)
    data = bytearray(path.read_bytes())
    page = 4096
    for at in range(2 * page, len(data) - 16, page):
        data[at + 8:at + 16] = b"\xff" * 8             # every page's header after the first two
    path.write_bytes(bytes(data))


def newer(path):
    """A backup from a future release: a schema step this one doesn't know."""
    database, _game, _phone, _key = club(path.parent / "newer-club")
    with closing(sqlite3.connect(database)) as db:
        db.execute("insert into _sqlite_migrations (migration_set, name, applied_at) "
                   "values ('scorepad', 'add_tournaments', '2027-05-01')")
        db.execute("insert or replace into instance (name, value) values ('release', '9.1.0'), ('schema', '31')")
        db.commit()
    copied(database, path)


def damaged_record(path):
    """Sound to SQLite, but a hand's text is no longer a record (a disk or a hand edit spoiled it)."""
    database, _game, _phone, _key = club(path.parent / "spoiled-club")
    with closing(sqlite3.connect(database)) as db:
        db.execute("update hands set data = '{\"result\": \"knock\", \"knocker\": ' where position = 2")
        db.commit()
    copied(database, path)


def not_a_database(path):
    path.write_text("not a database")


@pytest.mark.parametrize("make, said", [
    (not_a_database, "is not a Scorepad backup"),
    (foreign, "is an SQLite database but not Scorepad's"),
    (damaged, "is damaged"),
    (newer, "was written by Scorepad 9.1.0 (schema 31); this is Scorepad"),
    (damaged_record, "holds 1 game whose record can't be read, so nothing was restored: gin3 game of"),
    (lambda path: None, "There is no file or replica"),
    (lambda path: path.mkdir(), "offered.db: no replica there (the folder or bucket is missing or empty). "
                                "Nothing was restored."),
], ids=["not-sqlite", "foreign", "damaged", "newer", "damaged-record", "missing", "folder"])
def test_a_restore_that_would_hurt_is_refused_in_one_line_and_changes_nothing(tmp_path, make, said):
    database, game_id, _phone, _key = club(tmp_path / "instance")
    before = games_in(database)
    source = tmp_path / "offered.db"
    make(source)
    code, printed, complaint = run_app("--restore", source, instance=tmp_path / "instance")
    assert code == 2 and said in complaint and complaint.count("\n") == 1 and printed == ""
    assert games_in(database) == before == [(game_id, 2)]
    assert sorted(path.name for path in (tmp_path / "instance").iterdir() if "scorepad.db" in path.name
                  and not path.name.endswith(("-wal", "-shm", ".serving", ".starting"))) == ["scorepad.db"]


def test_the_damaged_record_refusal_names_the_game_and_its_spoiled_hand(tmp_path):
    database, _game, _phone, _key = club(tmp_path / "instance")
    source = tmp_path / "offered.db"
    damaged_record(source)
    _code, _printed, complaint = run_app("--restore", source, instance=tmp_path / "instance")
    spoiled_key = games_in(source)[0][0]
    assert f"(Ann, Ben, Cy; /games/{spoiled_key}): a hand is damaged text" in complaint


def test_a_restore_while_the_server_is_serving_is_refused(tmp_path):
    database, game_id, _phone, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    assert run_app("--backup", backup, instance=tmp_path / "instance")[0] == 0
    server = opened(database)                     # a server (a gunicorn worker, waitress) serving it
    code, _printed, complaint = run_app("--restore", backup, instance=tmp_path / "instance")
    assert code == 2 and complaint == f"Scorepad is serving {database}: stop it (every worker), then restore. " \
                                      "Nothing was changed.\n"
    del server
    stopped()                                     # stopped: now it may
    code, printed, _complaint = run_app("--restore", backup, instance=tmp_path / "instance")
    assert code == 0 and "1 game, 2 hands" in printed, _complaint


def test_a_restore_keeps_the_database_it_replaces_beside_it_named_by_the_time(tmp_path):
    database, game_id, phone, _key = club(tmp_path / "instance", hands=1)
    backup = tmp_path / "monday.db"
    run_app("--backup", backup, instance=tmp_path / "instance")
    server = opened(database)
    joined_phone = server.test_client()
    joined_phone.set_cookie("session", phone)
    after = joined_phone.post(f"/games/{game_id}/hands/new", data=form_data("gin3", HAND) | {"again": "2"})
    assert after.status_code == 302                                                   # a hand after the backup
    del server, joined_phone
    stopped()
    assert games_in(database) == [(game_id, 2)]
    code, printed, _complaint = run_app("--restore", backup, instance=tmp_path / "instance")
    kept = [path for path in (tmp_path / "instance").glob("scorepad-replaced-*.db")]
    assert code == 0 and len(kept) == 1 and f"kept as {kept[0]}" in printed
    assert re.fullmatch(r"scorepad-replaced-\d{4}-\d\d-\d\d-\d{6}\.db", kept[0].name)
    assert games_in(database) == [(game_id, 1)] and games_in(kept[0]) == [(game_id, 2)]      # nothing lost


def test_a_backup_restored_on_a_new_machine_lets_every_phone_back_in(tmp_path):
    database, game_id, phone, owner_key = club(tmp_path / "old-machine")
    (tmp_path / "usb stick").mkdir()
    code, printed, _ = run_app("--backup", tmp_path / "usb stick", instance=tmp_path / "old-machine")
    backup = next((tmp_path / "usb stick").glob("scorepad-backup-*.db"))
    assert code == 0 and str(backup) in printed and "as private as the database" in printed
    new_machine = tmp_path / "new-machine" / "instance"          # not there yet: a fresh checkout has none
    assert run_app("--restore", backup, instance=new_machine)[0] == 0
    server = opened(new_machine / "scorepad.db")
    assert server.config["OWNER_KEY"] == owner_key
    same_phone = server.test_client()
    same_phone.set_cookie("session", phone)        # the browser's cookie, as it was
    page = same_phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ann" in page and f'href="/games/{game_id}/hands/new"' in page             # a scorer still
    saved = same_phone.post(f"/games/{game_id}/hands/new", data=form_data("gin3", HAND) | {"again": "3"})
    assert saved.status_code == 302 and games_in(new_machine / "scorepad.db") == [(game_id, 3)]
    assert server.test_client().get(f"/owner/{owner_key}").status_code in (200, 302)


def test_a_backup_from_before_the_keys_moved_keeps_this_installations_keys(tmp_path):
    database, game_id, phone, owner_key = club(tmp_path / "instance")
    old_backup = tmp_path / "old.db"
    copied(database, old_backup)
    with closing(sqlite3.connect(old_backup)) as db:
        db.execute("delete from instance where name in ('secret_key', 'owner_key')")
        db.commit()
    code, printed, _ = run_app("--restore", old_backup, instance=tmp_path / "instance")
    assert code == 0 and "this installation's were kept" in printed
    assert opened(database).config["OWNER_KEY"] == owner_key


def test_a_backup_of_an_older_schema_is_brought_up_to_date(tmp_path):
    """What 1.1.0 wrote (every step before the keys moved in): restored, migrated, every game there."""
    from scorepad.storage import store
    from scorepad.storage.schema import migrations
    old = tmp_path / "from-1.1.0.db"
    db = store.connect(str(old))
    migrations.apply(db, stop_before="add_instance")
    store.create_game(db, record("gin3", ["Ann", "Ben", "Cy"], [HAND, HAND, HAND]))
    db.close()
    (tmp_path / "instance").mkdir()
    code, printed, _ = run_app("--restore", old, instance=tmp_path / "instance")
    assert code == 0 and "1 game, 3 hands" in printed
    server = opened(tmp_path / "instance" / "scorepad.db")
    owner = server.test_client()
    owner.get(f"/owner/{server.config['OWNER_KEY']}")
    key = games_in(tmp_path / "instance" / "scorepad.db")[0][0]
    assert owner.get(f"/games/{key}/record.json").get_json()["hands"] == [HAND] * 3


@pytest.mark.parametrize("name", ["club #1.db", "what?.db", "a#b?c d.db"])
def test_backups_whose_names_hold_hash_or_question_marks_back_up_and_restore(tmp_path, name):
    database, game_id, _phone, _key = club(tmp_path / "instance")
    code, printed, _ = run_app("--backup", tmp_path / name, instance=tmp_path / "instance")
    assert code == 0 and (tmp_path / name).is_file()
    code, printed, _ = run_app("--restore", tmp_path / name, instance=tmp_path / "instance")
    assert code == 0 and games_in(database) == [(game_id, 2)]
    assert sorted(path.name for path in tmp_path.iterdir() if path.is_file()) == [name]      # no stray file


@pytest.mark.parametrize("target, said", [
    ("nowhere/monday.db", "is not a folder: the backup monday.db can't be written there"),
])
def test_a_backup_to_a_missing_folder_says_so_in_one_line(tmp_path, target, said):
    club(tmp_path / "instance")
    code, printed, complaint = run_app("--backup", tmp_path / target, instance=tmp_path / "instance")
    assert code == 2 and said in complaint and complaint.count("\n") == 1


def test_a_backup_of_a_database_that_is_not_there_says_so(tmp_path):
    code, _printed, complaint = run_app("--backup", tmp_path / "b.db", "--db", tmp_path / "none.db")
    assert code == 2 and complaint == f"There is no database at {tmp_path / 'none.db'}: nothing to back up.\n"
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "b.db").exists()


# --- versions ------------------------------------------------------------------------------------

def test_a_database_written_by_a_newer_release_is_refused_at_start_and_left_as_it_was(tmp_path):
    from scorepad import VERSION
    from scorepad.storage.schema import STEPS
    folder = tmp_path / "instance"
    folder.mkdir()
    newer(folder / "scorepad.db")
    before = (folder / "scorepad.db").read_bytes()
    for command in (["--owner-link"], ["--rebuild-summaries"]):
        code, printed, complaint = run_app(*command, instance=folder)
        assert code == 2 and complaint == (
            f"{folder / 'scorepad.db'} was written by Scorepad 9.1.0 (schema 31); this is Scorepad {VERSION} "
            f"(schema {len(STEPS)}), which can't read it: install Scorepad 9.1.0 or newer. Nothing was changed.\n")
    assert run_app("--backup", tmp_path / "b.db", instance=folder)[0] == 0       # a backup only reads it
    assert (folder / "scorepad.db").read_bytes() == before


def test_the_version_is_one_string_named_in_the_changelog(tmp_path):
    from scorepad import VERSION
    from scorepad.storage.schema import STEPS
    code, printed, _ = run_app("--version")
    assert code == 0 and printed == f"Scorepad {VERSION} (database schema {len(STEPS)})\n"
    newest = re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M).group(1)
    assert newest == VERSION
    assert 'VERSION = "' not in (ROOT / "app.py").read_text()        # one place: scorepad/__init__.py


def test_a_started_database_records_its_release_and_schema(tmp_path):
    from scorepad import VERSION
    from scorepad.storage.schema import STEPS
    database, _game, _phone, _key = club(tmp_path / "instance")
    with closing(sqlite3.connect(database)) as db:
        assert dict(db.execute("select name, value from instance where name in ('release', 'schema')")) == \
            {"release": VERSION, "schema": str(len(STEPS))}


def test_a_club_server_on_a_newer_database_stops_with_one_line(tmp_path):
    """gunicorn checks once before its workers start, rather than booting them over and over."""
    folder = tmp_path / "instance"
    folder.mkdir()
    newer(folder / "scorepad.db")
    run = subprocess.run([str(Path(sys.executable).with_name("gunicorn")), "-w", "2", "-b", "127.0.0.1:0",
                          "app:create_app()"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "SCOREPAD_INSTANCE": str(folder)})
    assert run.returncode == 2 and "Traceback" not in run.stderr and "Booting worker" not in run.stderr
    assert f"{folder / 'scorepad.db'} was written by Scorepad 9.1.0 (schema 31)" in run.stderr


def test_a_backup_never_writes_to_its_database_and_is_never_one_of_its_files(tmp_path):
    database, _game, _cookie, _key = club(tmp_path / "instance")
    with closing(sqlite3.connect(database)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = database.read_bytes()
    for target in ("scorepad.db", "scorepad.db-wal", "scorepad.db-shm", "scorepad.db.serving"):
        code, _printed, complaint = run_app("--backup", tmp_path / "instance" / target, instance=tmp_path / "instance")
        assert code == 2 and complaint.endswith("is the database or one of its files: choose another file for the "
                                                "backup.\n")
    assert run_app("--backup", tmp_path / "b.db", instance=tmp_path / "instance")[0] == 0
    assert database.read_bytes() == before and games_in(tmp_path / "b.db") == games_in(database)


def test_a_backup_of_a_database_from_before_the_keys_moved_carries_the_keys_of_its_files(tmp_path):
    """Backed up before 1.2.0 ever started on it: the copy holds the keys its installation used."""
    from scorepad.storage import store
    from scorepad.storage.schema import migrations
    folder = tmp_path / "instance"
    folder.mkdir()
    db = store.connect(str(folder / "scorepad.db"))
    migrations.apply(db, stop_before="add_instance")
    db.close()
    (folder / "secret_key").write_text("old-secret")
    (folder / "owner_key").write_text("old-owner")
    assert run_app("--backup", tmp_path / "b.db", instance=folder)[0] == 0
    with closing(sqlite3.connect(tmp_path / "b.db")) as copy:
        assert dict(copy.execute("select name, value from instance where name like '%_key'")) == \
            {"secret_key": "old-secret", "owner_key": "old-owner"}
    with closing(sqlite3.connect(folder / "scorepad.db")) as original:
        assert not original.execute("select 1 from sqlite_master where name = 'instance'").fetchone()


def test_a_restore_never_lets_a_lost_databases_left_over_wal_into_the_restored_one(tmp_path):
    database, game_id, _cookie, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    run_app("--backup", backup, instance=tmp_path / "instance")
    other, _other_game, _c, _k = club(tmp_path / "other", hands=5)
    with closing(sqlite3.connect(other)) as db:           # another database's changes, still in its WAL
        db.execute("PRAGMA wal_autocheckpoint = 0")
        db.execute("update games set note = 'from the other database'")
        db.commit()
        (tmp_path / "stale-wal").write_bytes(Path(f"{other}-wal").read_bytes())
    database.unlink()                                      # the database lost, its WAL left behind
    Path(f"{database}-wal").write_bytes((tmp_path / "stale-wal").read_bytes())
    Path(f"{database}-shm").unlink(missing_ok=True)
    code, printed, complaint = run_app("--restore", backup, instance=tmp_path / "instance")
    assert code == 0, complaint
    assert games_in(database) == [(game_id, 2)]
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("select note from games").fetchone()[0] is None
    assert len(list((tmp_path / "instance").glob("scorepad-replaced-*.db-wal"))) == 1     # kept, not applied


def test_a_restore_waits_while_another_program_holds_the_database_open(tmp_path):
    database, game_id, _cookie, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    run_app("--backup", backup, instance=tmp_path / "instance")
    with closing(sqlite3.connect(database)) as shell:       # a database browser, left open on it
        shell.execute("update games set note = 'typed in a shell'")
        shell.commit()
        shell.execute("BEGIN")
        shell.execute("select count(*) from hands").fetchone()
        code, _printed, complaint = run_app("--restore", backup, instance=tmp_path / "instance")
        assert code == 2 and complaint == f"Another program has {database} open: close it, then restore. " \
                                          "Nothing was restored.\n"
        shell.rollback()
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("select note from games").fetchone()[0] == "typed in a shell"


def test_a_server_starting_while_a_restore_replaces_the_database_serves_the_restored_one(tmp_path):
    """It waits for the restore before reading anything: the restored database, with its keys."""
    from scorepad.storage import backups, instance
    database, _game, _cookie, old_owner_key = club(tmp_path / "instance")
    restored, _game, _cookie, new_owner_key = club(tmp_path / "elsewhere")
    started = {}
    with instance.nobody_serving(str(database)):
        scratch = tmp_path / "instance" / ".scratch.db"
        backups.copy_in(restored, scratch)
        starting = threading.Thread(target=lambda: started.update(app=opened(database)))
        starting.start()
        starting.join(1)                                   # it waits for the restore
        assert starting.is_alive()
        backups.put_in_place(scratch, str(database))
    starting.join(60)
    assert started["app"].config["OWNER_KEY"] == new_owner_key != old_owner_key
    with closing(sqlite3.connect(database)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_empty_file_is_no_backup(tmp_path):
    club(tmp_path / "instance")
    (tmp_path / "empty.db").write_bytes(b"")
    code, _printed, complaint = run_app("--restore", tmp_path / "empty.db", instance=tmp_path / "instance")
    assert code == 2 and complaint == f"{tmp_path / 'empty.db'} is empty, not a Scorepad backup: nothing was restored.\n"


def test_a_restore_waits_while_another_program_merely_has_the_database_open(tmp_path):
    """An idle sqlite3 shell, between two commands: its next change would land in the kept file."""
    database, _game, _cookie, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    run_app("--backup", backup, instance=tmp_path / "instance")
    with closing(sqlite3.connect(database)) as shell:
        shell.execute("select count(*) from games").fetchone()          # open, idle, no transaction
        code, _printed, complaint = run_app("--restore", backup, instance=tmp_path / "instance")
        assert code == 2 and complaint.startswith(f"Another program has {database} open")
    assert run_app("--restore", backup, instance=tmp_path / "instance")[0] == 0       # closed: it goes ahead


def test_a_restore_leaves_no_stray_files_and_a_backup_is_private(tmp_path):
    database, _game, _cookie, _key = club(tmp_path / "instance")
    backup = tmp_path / "monday.db"
    run_app("--backup", backup, instance=tmp_path / "instance")
    assert backup.stat().st_mode & 0o777 == 0o600
    for _again in range(2):
        assert run_app("--restore", backup, instance=tmp_path / "instance")[0] == 0
    left = sorted(path.name for path in (tmp_path / "instance").iterdir())
    assert [name for name in left if not re.fullmatch(r"scorepad-replaced-[\d-]+\.db", name)] == \
        ["scorepad.db", "scorepad.db.serving", "scorepad.db.starting"]


def test_a_folder_of_backups_given_to_restore_names_the_backup_to_give(tmp_path):
    club(tmp_path / "instance")
    (tmp_path / "stick").mkdir()
    run_app("--backup", tmp_path / "stick", instance=tmp_path / "instance")
    made = next((tmp_path / "stick").glob("*.db"))
    code, _printed, complaint = run_app("--restore", tmp_path / "stick", instance=tmp_path / "instance")
    assert code == 2 and complaint == (f"{tmp_path / 'stick'} is a folder of backups, not a replica: name the backup "
                                       f"to restore, such as {made}. Nothing was restored.\n")
