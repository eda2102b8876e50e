"""What keeps pages cheap must never make them wrong: summaries equal a fresh score, cached pages
follow every change (also one made by another worker), big games and long histories page."""
import json
import re

import pytest

from conftest import TableClient, example_paths, form_data, joined, load_example, play_through_forms, record, unisolated
from rules_engine import score
from rules_engine.adjustment import hands_played
from scorepad import pages
from scorepad.web import caches

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}


def summaries(app):
    with app.app_context():
        return {row["key"]: (row["hands"], json.loads(row["summary"]), row["summary_version"] == row["version"])
                for row in pages.db().query("select * from games")}


def fresh(record_):
    scored = score(record_)
    top = (min if scored.game.lowest_wins(scored.table) else max)(scored.totals)
    return {"leaders": [s for s, t in zip(scored.sides, scored.totals) if t == top] if scored.hands else [],
            "top": top, "finished": scored.finished, "winners": list(scored.winners)}


@pytest.mark.parametrize("path", example_paths(), ids=lambda p: p.stem)
def test_every_change_leaves_a_summary_equal_to_a_fresh_score(app, client, path):
    source, _ = load_example(path)
    game_id = play_through_forms(client, source)
    stored = client.get(f"/games/{game_id}/record.json").get_json()
    assert summaries(app)[game_id] == (hands_played(stored["hands"]), fresh(stored), True)
    # delete the last hand, then fix the first: the summary follows each time
    assert client.post(f"/games/{game_id}/hands/{len(stored['hands'])}/delete").status_code == 302
    shorter = client.get(f"/games/{game_id}/record.json").get_json()
    assert summaries(app)[game_id] == (hands_played(shorter["hands"]), fresh(shorter), True)


def test_summaries_are_rebuilt_from_the_records_on_start(app, client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    with app.app_context():
        pages.db().execute("update games set summary = '{}', hands = 0, summary_version = 0")
    from app import create_app
    create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test", "OWNER_KEY": "k" * 20})
    stored = client.get(f"/games/{game_id}/record.json").get_json()
    assert summaries(app)[game_id] == (1, fresh(stored), True)


def test_the_home_page_shows_twenty_games_at_a_time_newest_first_and_finds_players(client):
    names = [[f"P{n}a", f"P{n}b", f"P{n}c"] for n in range(45)]
    for players in names:
        play_through_forms(client, record("gin3", players))
    first = unisolated(client.get("/").get_data(as_text=True))
    listed = re.findall(r"(P\d+a), P\d+b, P\d+c", first)
    assert listed == [f"P{n}a" for n in range(44, 24, -1)]
    assert "Older games" in first and "Newer games" not in first
    third = unisolated(client.get("/?page=3").get_data(as_text=True))
    assert re.findall(r"(P\d+a), P\d+b, P\d+c", third) == [f"P{n}a" for n in range(4, -1, -1)]
    assert "Older games" not in third and "Newer games" in third
    found = unisolated(client.get("/?q=p17B").get_data(as_text=True))
    assert re.findall(r"(P\d+a), P\d+b, P\d+c", found) == ["P17a"]
    assert 'No game with a player called "Zed"' in unisolated(client.get("/?q=Zed").get_data(as_text=True))
    assert client.get("/?q=%25").status_code == 200 and "P1a" not in unisolated(client.get("/?q=%25").get_data(as_text=True))


def test_a_page_is_304_until_the_game_changes_and_then_shows_the_change(client):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    first = client.get(f"/games/{game_id}")
    etag = first.headers["ETag"]
    assert client.get(f"/games/{game_id}", headers={"If-None-Match": etag}).status_code == 304
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", PITCH_HAND) | {"again": "2"})
    after = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert after.status_code == 200 and "Record hand 3" in after.get_data(as_text=True)


def test_a_change_made_through_another_worker_shows_at_once(app, client):
    """Two workers: separate processes in production, here two apps on one database."""
    from app import create_app
    other_worker = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                               "WTF_CSRF_ENABLED": False, "OWNER_KEY": app.config["OWNER_KEY"]})
    other_worker.test_client_class = TableClient
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    same_phone = other_worker.test_client()
    same_phone.set_cookie("session", client.get_cookie("session").value)
    assert "Record hand 2" in same_phone.get(f"/games/{game_id}").get_data(as_text=True)
    hand_2 = form_data("pitch", PITCH_HAND) | {"again": "2"}               # the same as hand 1, dealt again
    assert same_phone.post(f"/games/{game_id}/hands/new", data=hand_2).status_code == 302
    assert "Record hand 3" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_thousand_hand_game_pages_its_hands_and_refuses_a_1001st(client):
    hands = [{"result": "draw"}] * 1000
    response = client.post("/games/import", data={"record": json.dumps(record("gin3", ["Ann", "Ben", "Cy"], hands))})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert board.count('class="facts"') == 25 and ">1000 · " in board and "Older hands (2 of 40)" in board
    last_page = client.get(f"/games/{game_id}?page=40").get_data(as_text=True)
    assert ">1 · " in last_page and "Older hands" not in last_page
    refused = client.post(f"/games/{game_id}/hands/new", data={"result": "draw"})
    assert "A game has at most 1,000 hands, not 1,001: start a new game to play on." in \
        refused.get_data(as_text=True).replace("&#39;", "'")


def test_a_scoreboard_row_follows_a_fix_to_an_earlier_hand(client):
    """Rows are kept rendered; after hand 1 is fixed (Game to Cy, not Ben), hand 2's row (Ben pitched 2
    and made it, Game to Ann) shows the new totals, exactly as a page rendered from nothing kept."""
    second = {"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": None, "game": 0}
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, second]))
    before = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert ('<td>+2<b>3</b></td><td>0<b>0</b></td></tr>'
            in before)                                                              # Ben 1+2, Cy 0
    fixed = client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**PITCH_HAND, "game": 2}))
    assert fixed.status_code == 302
    client.get(f"/games/{game_id}")                                        # shows "Hand 1 saved" once
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert ('<td>+2<b>2</b></td><td>0<b>1</b></td></tr>'
            in board)                                                               # Ben 0+2, Cy 1
    caches.ROWS.clear()
    caches.PAGES.clear()
    assert client.get(f"/games/{game_id}").get_data(as_text=True) == board


def as_another_worker(change):
    """Run `change` as another worker would: afterwards this worker remembers only what it knew before."""
    known = {cache: dict(cache.entries) for cache in (caches.SCORED, caches.NEWEST)}
    result = change()
    for cache, entries in known.items():
        cache.clear()
        cache.entries.update(entries)
    caches.PAGES.clear()
    return result


def board_of(client, game_id):
    """The scoreboard without its form tokens, which carry the second they were signed in."""
    return re.sub(r'<input[^>]*name="csrf_token"[^>]*>', '<csrf_token>', client.get(f"/games/{game_id}").get_data(as_text=True))


def fresh_board(client, game_id):
    caches.clear_all()
    return board_of(client, game_id)


def test_a_hand_saved_by_another_worker_is_scored_on_from_what_this_one_knew(client, monkeypatch):
    hands = [PITCH_HAND, {"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": None, "game": 0}]
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], hands[:1]))
    client.get(f"/games/{game_id}")
    as_another_worker(lambda: client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", hands[1])))
    read_all = []
    monkeypatch.setattr(pages.store, "hands_of", lambda *args: read_all.append(args) or [])
    board = board_of(client, game_id)
    assert not read_all                                     # only hand 2 was read and scored
    assert "Ben pitched 2 and took 2 points (High, Low): made it, +2" in \
        client.get(f"/games/{game_id}/hands/2").get_data(as_text=True)
    monkeypatch.undo()
    assert board == fresh_board(client, game_id)


@pytest.mark.parametrize("change", ["fix hand 1", "delete hand 2, record another", "rename Ben"])
def test_a_change_to_earlier_hands_by_another_worker_is_scored_anew(client, change):
    second = {"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": None, "game": 0}
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, second]))
    before = client.get(f"/games/{game_id}").get_data(as_text=True)

    def other_worker():
        if change == "fix hand 1":
            client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**PITCH_HAND, "game": 2}))
        elif change == "rename Ben":
            players = client.get("/players").get_data(as_text=True)
            link = re.search(r'href="(/players/\w+)">(?:(?!</a>).)*\bBen\b', players).group(1)
            assert client.post(link, data={"new": "Bea"}).status_code == 302
        else:
            client.post(f"/games/{game_id}/hands/2/delete")
            client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", {**second, "game": 2}))
    as_another_worker(other_worker)
    client.get(f"/games/{game_id}")                          # a flash, once
    board = board_of(client, game_id)
    assert board != before and board == fresh_board(client, game_id)


def form_token_of(page: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def game_with_form_tokens(tmp_path, monkeypatch):
    """An app that checks form tokens, signing each a second later than the one before (a signed
    token changes every second), and a Pitch game Ann started through its form: (app, Ann, game)."""
    import itertools

    from itsdangerous.timed import TimestampSigner

    from app import create_app
    seconds = itertools.count(1_800_000_000)
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: next(seconds))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "forms.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True})
    ann = app.test_client()
    started = ann.post("/games/new/pitch", data={"csrf_token": form_token_of(ann.get("/games/new/pitch").get_data(
        as_text=True)), "player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "key": "one-time-key", "first_dealer": "0"})
    return app, ann, started.headers["Location"].rsplit("/", 1)[1]


def test_two_phones_reading_one_kept_form_each_get_their_own_form_token(tmp_path, monkeypatch):
    """The hand form is kept rendered once for every scorer; each phone's copy carries its own form
    token, so the second phone to open it (here: the game's creator) can still save the hand - also
    when the first phone's token was signed seconds before (a signed token changes every second)."""
    app, ann, game_id = game_with_form_tokens(tmp_path, monkeypatch)
    ben = joined(app, ann, game_id)
    ben.get(f"/games/{game_id}")                                                   # a page with forms
    bens = ben.get(f"/games/{game_id}/hands/new").get_data(as_text=True)          # Ben's phone first
    anns = ann.get(f"/games/{game_id}/hands/new").get_data(as_text=True)          # then Ann's, kept
    assert form_token_of(anns) != form_token_of(bens)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', anns).group(1)
    saved = ann.post(f"/games/{game_id}/hands/new", data={**form_data("pitch", PITCH_HAND), "version": version,
                                                          "csrf_token": form_token_of(anns), "number": "1", "step": "full"})
    assert saved.status_code == 302 and saved.headers["Location"].endswith(f"/games/{game_id}")


def test_a_hand_form_token_is_taken_only_when_it_is_this_browsers(tmp_path, monkeypatch):
    """Another browser's token is refused (nothing saved); this browser's token signed at another
    moment (by the other worker, or an earlier page) is accepted."""
    app, ann, game_id = game_with_form_tokens(tmp_path, monkeypatch)
    ben = joined(app, ann, game_id)
    bens = form_token_of(ben.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
    anns = form_token_of(ann.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
    hand = {**form_data("pitch", PITCH_HAND), "version": "1", "number": "1", "step": "full"}
    refused = ann.post(f"/games/{game_id}/hands/new", data={**hand, "csrf_token": bens})
    assert refused.status_code == 200 and "nothing was saved" in refused.get_data(as_text=True)
    assert ann.get(f"/games/{game_id}/record.json").get_json()["hands"] == []
    assert form_token_of(ann.get("/games/new/pitch").get_data(as_text=True)) != anns     # signed anew
    saved = ann.post(f"/games/{game_id}/hands/new", data={**hand, "csrf_token": anns})
    assert saved.status_code == 302 and len(ann.get(f"/games/{game_id}/record.json").get_json()["hands"]) == 1


def test_with_tokens_that_expire_each_page_gets_a_fresh_one(tmp_path, monkeypatch):
    """Form tokens are kept signed only while they never expire (the app's setting): set a time
    limit, and a form opened later carries a token signed then, which saves."""
    from itsdangerous.timed import TimestampSigner

    from app import create_app
    now = [1_800_000_000]
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: now[0])
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "limit.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True, "WTF_CSRF_TIME_LIMIT": 60})
    ann = app.test_client()
    first = form_token_of(ann.get("/games/new/pitch").get_data(as_text=True))
    now[0] += 120                                                  # two minutes later: that one expired
    later = form_token_of(ann.get("/games/new/pitch").get_data(as_text=True))
    assert later != first
    started = ann.post("/games/new/pitch", data={"csrf_token": later, "player_0": "Ann", "player_1": "Ben",
                                                 "player_2": "Cy", "key": "one-time-key", "first_dealer": "0"})
    assert started.status_code == 302


def test_hand_forms_of_one_kept_class_each_read_and_check_their_own(app):
    """Hand form classes are kept per worker: two phones' forms of the same hand, one class, each
    keep what their phone sent and their own errors."""
    from rules_engine import score
    from scorepad.games import pages_of
    scored = score(record("pitch", ["Ann", "Ben", "Cy"]))
    with app.test_request_context("/", method="POST", data={"bid_1": "2", "high": "0"}):
        first = pages_of(scored.game).hand_form(scored, "full")
        first.validate()
    with app.test_request_context("/", method="POST", data={"bid_1": "pass", "high": "2"}):
        second = pages_of(scored.game).hand_form(scored, "full")
        second.validate()
        second.high.errors.append("Choose who took High.")
    assert type(first) is type(second)
    assert (first.bid_1.data, first.high.data, first.high.errors) == ("2", "0", [])
    assert (second.bid_1.data, second.high.data, second.high.errors) == ("pass", "2", ["Choose who took High."])


def fresh_form(client, game_id):
    caches.FORM_CLASSES.clear()
    caches.PAGES.clear()
    return client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)


def test_a_kept_hand_form_class_follows_a_rename_and_the_next_dealer(client):
    """Hand form classes are kept per worker by their fields: after a rename, and as the deal
    moves on, the form shows the new names and dealer, exactly as one built from nothing kept."""
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    first = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Ben (deals)" in unisolated(first) and first == fresh_form(client, game_id)
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", {**PITCH_HAND, "bids": ["pass", 2, "pass"]}))
    client.get(f"/games/{game_id}")                                       # the flash, if any
    second = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Cy (deals)" in unisolated(second) and second == fresh_form(client, game_id)
    players = client.get("/players").get_data(as_text=True)
    link = re.search(r'href="(/players/\w+)">(?:(?!</a>).)*\bCy\b', players).group(1)
    assert client.post(link, data={"new": "Cyd"}).status_code == 302
    client.get(f"/games/{game_id}")
    renamed = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Cyd (deals)" in unisolated(renamed) and renamed == fresh_form(client, game_id)


def test_a_session_grows_old_and_a_changed_cookie_is_not_it(app, client, monkeypatch):
    """A session cookie older than a session may be is refused (a new browser, who does not know
    the game), and so is any other cookie."""
    import time

    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    assert client.get(f"/games/{game_id}").status_code == 200
    cookie = client.get_cookie("session").value
    stranger = app.test_client()
    stranger.set_cookie("session", cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB"))
    assert stranger.get(f"/games/{game_id}").status_code == 404
    assert client.get(f"/games/{game_id}").status_code == 200
    later = time.time() + app.permanent_session_lifetime.total_seconds() + 5
    monkeypatch.setattr(time, "time", lambda: later)
    assert client.get(f"/games/{game_id}").status_code == 404
    monkeypatch.undo()
    assert client.get(f"/games/{game_id}").status_code == 200


def test_addresses_follow_the_prefix_the_app_is_served_under_and_keep_their_query_order(app):
    from flask import url_for
    with app.test_request_context("/"):
        assert url_for("scorepad.home", a=1, b="x") == "/?a=1&b=x"
        assert url_for("scorepad.home", b="x", a=1) == "/?b=x&a=1"
        assert url_for("scorepad.home", a=True) == "/?a=True" and url_for("scorepad.home", a=1) == "/?a=1"
        assert url_for("scorepad.home", _anchor="top") == "/#top"
    with app.test_request_context("/", base_url="http://club.example/club"):
        assert url_for("scorepad.home", a=1, b="x") == "/club/?a=1&b=x"
        assert url_for("static", filename="app.css") == "/club/static/app.css"
    with app.test_request_context("/"):
        assert url_for("static", filename="app.css") == "/static/app.css"


def test_the_token_input_is_written_as_wtforms_writes_the_form_token(tmp_path):
    from app import create_app
    from scorepad.web import forms
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "forms.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True})
    with app.test_request_context("/"):
        assert pages.token_input() == str(forms.EmptyForm().csrf_token) == str(forms.ChangeForm().csrf_token)


@pytest.mark.parametrize("value", ["", "12", 'a"b&c<d>\'e', "پښتو ۱۲"])
def test_a_forms_hidden_values_are_written_as_wtforms_writes_them(app, value):
    from wtforms.widgets import HiddenInput

    from scorepad.web import forms
    with app.test_request_context("/"):
        form = forms.stamp(forms.ChangeForm(), 1, 2, value)
        assert [field.name for field in form] == ["version", "number", "step"]
        for field in form:
            assert str(field) == HiddenInput()(field)
        assert form.hidden_tag() == "\n".join(HiddenInput()(field) for field in form)
        assert str(form.step(**{"data-x": "1"})) == HiddenInput()(form.step, **{"data-x": "1"})
        form.step.data = None
        assert str(form.step) == HiddenInput()(form.step)


def test_kept_fieldsets_follow_the_language_the_values_filled_in_and_errors(client):
    """The hand form's radio groups are kept rendered per worker: each page equals one rendered from
    nothing kept - in English and in Pashto, filled in by a calculator, and with an error shown."""
    def fresh(url):
        caches.FIELDSETS.clear()
        caches.PAGES.clear()
        return client.get(url).get_data(as_text=True)
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND]))
    url = f"/games/{game_id}/hands/new"
    english = client.get(url).get_data(as_text=True)
    assert english == fresh(url)
    client.set_cookie("lang", "ps")
    pashto = client.get(url).get_data(as_text=True)
    assert pashto != english and pashto == fresh(url)
    client.set_cookie("lang", "en")
    filled = client.get(url + "?game=2&high=0").get_data(as_text=True)
    assert re.search(r'name="game" value="2" checked', filled) and filled == fresh(url + "?game=2&high=0")
    assert client.get(url).get_data(as_text=True) == english
    refused = client.post(url, data={**form_data("pitch", PITCH_HAND), "high": ""}).get_data(as_text=True)
    assert "Choose who took High." in refused
    caches.FIELDSETS.clear()
    assert client.post(url, data={**form_data("pitch", PITCH_HAND), "high": ""}).get_data(as_text=True) == refused
