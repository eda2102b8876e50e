"""Web behaviours a player relies on that only a broken app would change: each test here fails
if the behaviour goes (they were found with hand-made mutants of the web layer).

- an edit is news for the other phones (the version they poll changes, the game moves to the
  top of the home page);
- an edit that changes nothing is not an edit: nothing stored, no history entry;
- there is no hand 0: editing, deleting or showing it is a 404;
- a zip import never skips a game because another one merely has the same players."""
import io
import itertools
import json
import re
import zipfile
from datetime import datetime, timedelta, timezone

import pytest

from conftest import form_data, play_through_forms, record
from scorepad.storage import store

THREE = ["Ann", "Ben", "Cy"]
PITCH_HANDS = [{"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": 0, "game": None},
               {"bids": ["pass", "pass", 3], "high": 2, "low": 2, "jack": 2, "game": 0}]


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """A clock that moves on 1 s at every reading, so two changes never share a time stamp."""
    start, ticks = datetime(2026, 11, 29, 20, tzinfo=timezone.utc), itertools.count()
    monkeypatch.setattr(store, "now", lambda: (start + timedelta(seconds=next(ticks))).isoformat(timespec="milliseconds"))


def pitch_game(client):
    return play_through_forms(client, record("pitch", THREE, PITCH_HANDS))


def version(client, game_id):
    return client.get(f"/games/{game_id}/version").get_data(as_text=True)


def history_lines(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return re.findall(r"</time> - ([^<]*)</p>", page)


def home_order(client):
    """Game ids as the home page lists them, top first."""
    page = client.get("/").get_data(as_text=True)
    return list(dict.fromkeys(re.findall(r'href="/games/([\w-]{20,})"', page)))


def test_an_edit_changes_the_version_the_other_phones_poll(client):
    game_id = pitch_game(client)
    before = version(client, game_id)
    fixed = form_data("pitch", {**PITCH_HANDS[0], "jack": 2})          # Cy took Jack, not Ann
    assert client.post(f"/games/{game_id}/hands/1/edit", data=fixed).status_code == 302
    assert version(client, game_id) != before


def test_an_edited_game_moves_to_the_top_of_the_home_page(client):
    older = pitch_game(client)
    newer = pitch_game(client)
    assert home_order(client) == [newer, older]
    fixed = form_data("pitch", {**PITCH_HANDS[0], "jack": 2})
    client.post(f"/games/{older}/hands/1/edit", data=fixed)
    assert home_order(client) == [older, newer]


def test_an_edit_that_changes_nothing_stores_nothing(client):
    game_id = pitch_game(client)
    before = (version(client, game_id), history_lines(client, game_id), home_order(client))
    response = client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", PITCH_HANDS[0]),
                           follow_redirects=True)
    assert response.status_code == 200
    assert "Hand 1 changed" not in response.get_data(as_text=True)
    assert (version(client, game_id), history_lines(client, game_id), home_order(client)) == before
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == PITCH_HANDS


def test_an_edit_that_changes_something_is_one_history_entry(client):
    game_id = pitch_game(client)
    count = len(history_lines(client, game_id))
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**PITCH_HANDS[0], "jack": 2}))
    lines = history_lines(client, game_id)
    assert len(lines) == count + 1 and lines[0].startswith("hand 1 edited: Jack Ann -&gt; Cy")


@pytest.mark.parametrize("method, url", [
    ("get", "/hands/0/edit"), ("post", "/hands/0/edit"),
    ("get", "/hands/0/delete"), ("post", "/hands/0/delete"),
    ("get", "/hands/0"),
    ("get", "/hands/3/edit"),          # one past the last hand
])
def test_there_is_no_hand_zero(client, method, url):
    game_id = pitch_game(client)
    response = getattr(client, method)(f"/games/{game_id}{url}", data=form_data("pitch", PITCH_HANDS[0]))
    assert response.status_code == 404 and "There is no such" in response.get_data(as_text=True)
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == PITCH_HANDS


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_game_with_no_hands_has_no_hand_zero_to_delete(client, method):
    game_id = play_through_forms(client, record("pitch", THREE))
    response = getattr(client, method)(f"/games/{game_id}/hands/0/delete")
    assert response.status_code == 404 and "There is no such" in response.get_data(as_text=True)
    assert history_lines(client, game_id) == ["game created"]


def zip_of(*records):
    """A zip as Export all games writes it: every record with its first dealer."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for n, one in enumerate(records, start=1):
            archive.writestr(f"game-{n}-{one['game']}.json", json.dumps({"first_dealer": 0, **one}))
    return buffer.getvalue()


def import_zip(client, data):
    response = client.post("/games/import", data={"record": (io.BytesIO(data), "games.zip")},
                           content_type="multipart/form-data", follow_redirects=True)
    return response.get_data(as_text=True)


GIN_HAND = {"result": "knock", "knocker": "box", "deadwood": {"box": 4, "team": 20}}


@pytest.mark.parametrize("here, other", [
    # same players, one more hand
    (record("pitch", THREE, PITCH_HANDS[:1]), record("pitch", THREE, PITCH_HANDS)),
    # same players and hands, another target
    (record("pitch", THREE, PITCH_HANDS), record("pitch", THREE, PITCH_HANDS, {"target": 11})),
    # same players, no hands yet, another first dealer
    (record("pitch", THREE, []), record("pitch", THREE, [], first_dealer=1)),
    # same players and hand, another captain: Ann's 16 goes to the team instead
    (record("gin3", THREE, [GIN_HAND], first_dealer=0, first_captain=1),
     record("gin3", THREE, [GIN_HAND], first_dealer=0, first_captain=2)),
])
def test_a_zip_import_does_not_skip_another_game_with_the_same_players(client, here, other):
    # another phone's export of both games, into an empty app: both come in; a second time, none
    data = zip_of(here, other)
    assert "Imported 2 games." in import_zip(client, data)
    assert "Imported 0 games; 2 already here, not duplicated." in import_zip(client, data)
    newest_first = home_order(client)
    for game_id, want in ((newest_first[1], here), (newest_first[0], other)):
        got = client.get(f"/games/{game_id}/record.json").get_json()
        assert (got["settings"], got["first_dealer"], got.get("first_captain"), got["hands"]) == (
            want["settings"], want.get("first_dealer", 0), want.get("first_captain"), want["hands"])
