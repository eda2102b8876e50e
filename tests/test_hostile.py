"""Hostile input, a busy database and a broken record: a clear message, never a 500, nothing lost."""
import html
import json
import re
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import form_data, hidden_fields, play_through_forms, record
from scorepad.storage import instance, store

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}


def words(response):
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def field_errors(response):
    return [html.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]*)<', response.get_data(as_text=True))]


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()


# --- a record that no longer scores ------------------------------------------------------------

def break_hand(app, game_id, number, data):
    """Write a hand straight into the database, as an old version, a bug or a hand edit might."""
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set version = version + 1 where key = ?", [game_id])   # as every writer does
        db.execute("update hands set data = ?, version = (select version from games where key = ?) "
                   "where game_id = (select id from games where key = ?) and position = ?",
                   [json.dumps(data), game_id, game_id, number])


def test_a_broken_game_shows_why_and_can_be_repaired_while_every_other_page_works(app, client):
    good = play_through_forms(client, record("pitch", ["Eve", "Fay", "Gus"], [PITCH_HAND]))
    broken = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, PITCH_HAND, PITCH_HAND]))
    break_hand(app, broken, 2, {"bids": [9, "pass", "pass"], "high": 0, "low": 0})
    board = client.get(f"/games/{broken}")
    assert board.status_code == 200
    assert "This game can't be scored: hand 2: " in words(board)
    assert "The totals below stop before hand 2." in words(board)
    assert re.findall(r"<b>(-?\d+)</b>", board.get_data(as_text=True))[:3] == ["2", "1", "0"]    # hand 1 only
    for url in ("/", "/games/export.zip", f"/games/{good}", f"/games/{broken}/history", f"/games/{broken}/record.json",
                f"/games/{broken}/hands/2", f"/games/{broken}/scores.csv"):
        assert client.get(url).status_code in (200, 302), url
    assert "can't be scored: hand 2" in words(client.get("/"))
    # a new hand is refused with the reason; hand 2 can be fixed and the game scores again
    refused = client.get(f"/games/{broken}/hands/new", follow_redirects=True)
    assert "Fix or delete hand 2 first" in words(refused)
    assert client.post(f"/games/{broken}/hands/2/edit", data=form_data("pitch", PITCH_HAND)).status_code == 302
    assert "can't be scored" not in words(client.get(f"/games/{broken}"))


def test_a_broken_last_hand_can_be_deleted_and_a_broken_table_still_exports(app, client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, PITCH_HAND]))
    break_hand(app, game_id, 2, "not a hand")
    assert "As stored" in words(client.get(f"/games/{game_id}/hands/2/delete"))
    assert client.post(f"/games/{game_id}/hands/2/delete").status_code == 302
    assert stored(client, game_id)["hands"] == [PITCH_HAND]
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set players = ?, version = version + 1 where key = ?", [json.dumps(["Ann"]), game_id])
    assert "This game can't be scored: players: " in words(client.get(f"/games/{game_id}"))
    assert client.get(f"/games/{game_id}/history").status_code == 200
    assert stored(client, game_id)["players"] == ["Ann"]
    assert client.get("/").status_code == 200 and client.get("/games/export.zip").status_code == 200


# --- a busy database -----------------------------------------------------------------------------

def test_a_database_locked_too_long_keeps_what_was_typed_and_stores_nothing(app, client, monkeypatch):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    url = f"/games/{game_id}/hands/new"
    sent = hidden_fields(client.get(url).get_data(as_text=True)) | form_data("pitch", PITCH_HAND)
    monkeypatch.setattr(store, "BUSY_TIMEOUT_MS", 50)
    other = sqlite3.connect(app.config["DATABASE"])
    other.execute("BEGIN IMMEDIATE")                       # another writer holds the lock
    try:
        response = client.post(url, data=sent)
    finally:
        other.rollback()
        other.close()
    assert response.status_code == 200
    assert "Another phone was saving at the same moment: nothing was saved. Check and save again." in field_errors(response)
    assert re.search(r'name="bid_0" value="2" checked', response.get_data(as_text=True))
    assert stored(client, game_id)["hands"] == []
    sent = hidden_fields(response.get_data(as_text=True)) | form_data("pitch", PITCH_HAND)
    assert client.post(url, data=sent).status_code == 302


def test_a_write_waits_for_another_writer_and_goes_ahead_once_it_is_done(tmp_path):
    """The wait for the write lock is ours (short steps, not SQLite's millisecond sleeps): it waits
    while another connection writes, goes ahead when that one commits, and keeps SQLite's own wait
    for every other statement."""
    import threading
    path = str(tmp_path / "w.db")
    instance.migrate(path)
    other = sqlite3.connect(path, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(0.05, other.commit).start()                    # the other writer finishes soon
    mine = store.connect(path)
    with store.writing(mine):
        assert mine.conn.in_transaction
    assert mine.execute("PRAGMA busy_timeout").fetchone()[0] == store.BUSY_TIMEOUT_MS
    other.close()


def test_a_write_that_fails_for_another_reason_fails_at_once(tmp_path):
    path = str(tmp_path / "w.db")
    instance.migrate(path)
    mine = store.connect(path)
    mine.conn.execute("BEGIN")                                      # already in a transaction
    with pytest.raises(sqlite3.OperationalError, match="within a transaction"):
        store.begin_immediate(mine)


# --- headers ---------------------------------------------------------------------------------------

def test_a_kept_game_page_says_once_each_safety_header_and_what_it_varies_with(client):
    """Whether rendered or kept, a game page carries each safety header once, and says it differs
    by cookie and language (so no shared cache hands one phone's page to another)."""
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    for _ in range(2):                                            # rendered, then kept
        response = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
        for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"):
            assert len(response.headers.getlist(name)) == 1, name
        assert {"cookie", "accept-language"} <= {part.strip().lower() for part in response.headers["Vary"].split(",")}

def test_pages_carry_a_strict_content_security_policy_and_a_safe_session_cookie(tmp_path):
    from app import create_app
    client = create_app({"DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "h"}).test_client()
    response = client.get("/games/new/pitch")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = response.get_data(as_text=True)
    assert "<script>" not in page and " style=" not in page and " on" + "click=" not in page


# --- numbers, ids and limits -------------------------------------------------------------------------

def gin_game(client):
    return play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"]))


@pytest.mark.parametrize("typed, stored_as", [("٣", 3), ("١٠", 10), ("۸", 8), (" 7 ", 7), ("１０", 10)])
def test_deadwood_accepts_eastern_arabic_persian_and_full_width_digits(client, typed, stored_as):
    game_id = gin_game(client)
    data = {"result": "knock", "knocker": "box", "deadwood_box": typed, "deadwood_team": "20"}
    assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    assert stored(client, game_id)["hands"][0]["deadwood"] == {"box": stored_as, "team": 20}


@pytest.mark.parametrize("typed, message", [
    ("²", "Enter a whole number."), ("--1", "Enter a whole number."), ("1.5", "Enter a whole number."),
    ("9" * 5000, "That number is too large."), ("1234567", "That number is too large."),
    ("-" + "9" * 9, "That number is too large."), ("", "Enter a whole number."),
    ("25 points", "Enter a whole number."), ("twenty five", "Enter a whole number."),    # words: not "too large"
    ("१०", "Enter a whole number."), ("߁", "Enter a whole number."),       # other digits: not "too large" either
])
def test_deadwood_that_is_not_a_whole_number_is_refused_next_to_the_field(client, typed, message):
    game_id = gin_game(client)
    data = {"result": "knock", "knocker": "box", "deadwood_box": typed, "deadwood_team": "20"}
    response = client.post(f"/games/{game_id}/hands/new", data=data)
    assert response.status_code == 200 and message in field_errors(response)
    assert stored(client, game_id)["hands"] == []


@pytest.mark.parametrize("field, value", [("high", "x"), ("high", "7"), ("bid_0", "²"), ("bid_0", "99"), ("jack", "")])
def test_a_radio_value_that_was_not_offered_is_a_message_not_a_crash(client, field, value):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    response = client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", PITCH_HAND) | {field: value})
    assert response.status_code == 200 and field_errors(response)
    assert stored(client, game_id)["hands"] == []


@pytest.mark.parametrize("url", ["/games/9223372036854775808", "/games/18446744073709551616/history",
                                 "/games/0", "/games/1", "/games/{id}/hands/0/delete", "/games/{id}/hands/0/edit",
                                 "/games/99999999999999999999999/record.json", "/games/{id}x", "/games/" + "a" * 5000])
def test_unknown_and_out_of_range_ids_are_not_found(client, url):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert client.get(url.format(id=game_id)).status_code == 404


def test_a_game_with_no_hands_has_no_hand_to_delete(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert client.get(f"/games/{game_id}/hands/0/delete").status_code == 404
    assert client.post(f"/games/{game_id}/hands/0/delete", data={"version": "1"}).status_code in (302, 404)
    assert stored(client, game_id)["hands"] == []


def test_imports_over_the_limits_are_refused_with_the_reason(client):
    too_many = record("gin3", ["Ann", "Ben", "Cy"], [{"result": "draw"}] * 1001)
    assert "That record can't be imported: hands: a game has at most 1,000 hands, not 1,001." in field_errors(
        client.post("/games/import", data={"record": json.dumps(too_many)}))
    long_name = record("pitch", ["A" * 41, "Ben", "Cy"])
    assert any("longer than 40 characters" in e for e in field_errors(
        client.post("/games/import", data={"record": json.dumps(long_name)})))
    huge = json.dumps(record("pitch", ["Ann", "Ben", "Cy"], [], note="x" * 1_000_001))
    assert "That text is larger than 1 MB: too large to be a game record." in field_errors(
        client.post("/games/import", data={"record": huge}))
    odd_created = record("pitch", ["Ann", "Ben", "Cy"], created=2 ** 64)
    assert client.post("/games/import", data={"record": json.dumps(odd_created)}).status_code == 302


def test_the_gin_calculator_takes_at_most_eleven_and_ten_cards(client):
    many = "&".join(f"knocker={rank}S" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"))
    assert "The knocker holds at most 11 cards, not 12." in words(client.get(f"/calculators/deadwood?{many}"))
    opponent = "&".join(f"opponent={rank}H" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"))
    assert "The opponent holds at most 10 cards, not 11." in words(
        client.get(f"/calculators/deadwood?knocker=AS&{opponent}"))


# --- fuzzing every form and URL ----------------------------------------------------------------------

HOSTILE = st.one_of(
    st.text(max_size=30), st.sampled_from(["²", "--1", "-0", "٣", "۵۵", "9" * 400, "None", "pass", "board", "none",
                                           "box", "team", "knock", "gin", "draw", "\x00", "'; drop table games;--",
                                           "9223372036854775808", "-1", "0", "1", "2", "3", "4"]),
    st.integers(-10, 100).map(str))
FIELDS = ["bid_0", "bid_1", "bid_2", "bid_3", "tricks_0", "tricks_1", "tricks_2", "tricks_3", "high", "low", "jack",
          "game", "result", "knocker", "deadwood_box", "deadwood_team", "version", "number", "step", "player_0",
          "player_1", "player_2", "first_dealer", "first_captain", "setting_target", "setting_max_cards", "record", "key"]
PATHS = ["/games/{id}/hands/new", "/games/{id}/hands/1/edit", "/games/{id}/hands/1/delete", "/games/new/{kind}",
         "/games/{id}/history/1/restore", "/games/import", "/games/{id}/hands/new?step=bids", "/games/{id}/shelf"]
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])


@pytest.fixture
def games(client):
    """One game of each kind with a hand, to throw things at."""
    return {kind: play_through_forms(client, record(kind, players, [hand]))
            for kind, players, hand in [
                ("pitch", ["Ann", "Ben", "Cy"], PITCH_HAND),
                ("oh_hell", ["Ann", "Ben", "Cy"], {"bids": [0, 1, 0], "tricks": [0, 1, 0]}),
                ("gin3", ["Ann", "Ben", "Cy"], {"result": "draw"}),
                ("smear", ["Ann", "Ben", "Cy", "Dee"], {"bids": [2, "pass", "pass", "pass"], "high": 0, "low": 0,
                                                        "jack": None, "game": None}),
                ("back_alley", ["Ann", "Ben", "Cy", "Dee"], {"bids": ["pass"] * 4})]}


@FUZZ
@given(kind=st.sampled_from(["pitch", "oh_hell", "gin3", "smear", "back_alley"]), path=st.sampled_from(PATHS),
       data=st.dictionaries(st.sampled_from(FIELDS), HOSTILE, max_size=12))
def test_hostile_values_in_any_form_never_crash_and_a_refusal_stores_nothing(client, games, kind, path, data):
    game_id = games[kind]
    before = {n: stored(client, n) for n in games.values()}
    count = client.get("/").get_data(as_text=True).count("<li>")
    response = client.post(path.format(id=game_id, kind=kind), data=data)
    assert response.status_code < 500
    if response.status_code != 302:                       # refused: shown again or an error page
        assert {n: stored(client, n) for n in games.values()} == before
        assert client.get("/").get_data(as_text=True).count("<li>") == count


@FUZZ
@given(segments=st.lists(st.one_of(st.sampled_from(["games", "hands", "new", "edit", "delete", "history", "restore",
                                                     "record.json", "scores.csv", "version", "rules", "calculators",
                                                     "deadwood", "1", "0", "-1", "99999999999999999999"]),
                                   st.text(alphabet="abc0123456789%.-_~", max_size=8)), max_size=5),
       query=st.dictionaries(st.sampled_from(["game", "step", "knocker", "opponent", "who", "side_0", "side_1"]),
                             HOSTILE, max_size=3))
def test_any_url_answers_without_a_server_error(client, games, segments, query):
    path = re.sub("^/+", "/", "/" + "/".join(segments))        # "//x" would name a host, not a page
    response = client.get(path, query_string=query)
    assert response.status_code < 500
