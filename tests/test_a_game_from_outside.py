"""A game from outside Scorepad, Tally, defined in tests/tally.py and registered here only: it plays through every
page - new game, hand form, save, fix, delete, undo, scoreboard, history, CSV and JSON export and
import, the players' records and the rules - with no change to Scorepad itself."""
import csv
import io
import json

import pytest
from jinja2 import ChoiceLoader, DictLoader

from conftest import play_through_forms, record
from rules_engine import GAMES
from scorepad.games import GAME_PAGES
from tally import RULES, Tally, TallyPages
from test_players import page_of
from test_rules_pages import words
from test_undo import undo


@pytest.fixture
def tally(app, monkeypatch):
    game = Tally()
    monkeypatch.setitem(GAMES, game.id, game)
    monkeypatch.setitem(GAME_PAGES, game.id, TallyPages(game))
    app.jinja_env.loader = ChoiceLoader([app.jinja_env.loader, DictLoader({"tally_rules.html": RULES})])
    return game


def scoreboard(client, game_id) -> str:
    return words(client.get(f"/games/{game_id}").get_data(as_text=True))


def test_tally_is_offered_and_started_from_its_own_form(client, tally):
    assert "TallyType each player's points; the first to the target wins. 2-4 players." in words(
        client.get("/games/new").get_data(as_text=True))
    form = client.get("/games/new/tally").get_data(as_text=True)
    assert "New game: Tally" in form and 'name="setting_target"' in form and 'name="first_captain"' not in form
    started = client.post("/games/new/tally", data={"player_0": "Ann", "player_1": "Ben", "player_2": "Cy",
                                                     "first_dealer": "1", "setting_target": "30"})
    assert started.status_code == 302
    board = scoreboard(client, started.headers["Location"].rsplit("/", 1)[1])
    assert "Tally" in board and "Ben deals" in board


def test_a_tally_game_is_recorded_fixed_deleted_and_undone_through_its_forms(client, tally):
    game_id = play_through_forms(client, record("tally", ["Ann", "Ben", "Cy"], [
        {"points": [10, 4, 0]}, {"points": [3, 12, 12]}]))
    board = scoreboard(client, game_id)
    assert "Ann deals; best Ann with 10" in board and "Ben deals; best Ben, Cy with 12" in board
    assert "Ann13 Ben16leading Cy12 Hand 3 Cy deals Record" in board             # the totals, the next dealer; no bids

    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="points_2"' in form and 'name="bid_0"' not in form
    assert "Hand 3 Cy deals Points Ann's points" in words(form)                 # nobody bids in Tally
    refused = client.post(f"/games/{game_id}/hands/new", data={"points_0": "5", "points_1": "500", "points_2": "x"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 200 and "That number is too large." not in page      # 500 is a number, out of range
    assert "Enter a whole number." in page
    refused = client.post(f"/games/{game_id}/hands/new", data={"points_0": "5", "points_1": "500", "points_2": "0"})
    assert "Ben's points must be from 0 to 100." in words(refused.get_data(as_text=True))
    assert len(client.get(f"/games/{game_id}/record.json").get_json()["hands"]) == 2       # nothing stored

    fixed = client.post(f"/games/{game_id}/hands/1/edit", data={"points_0": "10", "points_1": "4", "points_2": "9"})
    assert fixed.status_code == 302
    history = words(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    assert "hand 1 edited: Cy's points 0 -> 9" in history

    assert client.post(f"/games/{game_id}/hands/2/delete").status_code == 302
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == [{"points": [10, 4, 9]}]
    assert "Undone: hand 2 deleted." in undo(client, game_id).get_data(as_text=True)
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"][1] == {"points": [3, 12, 12]}


def test_tally_is_won_at_its_target_and_said_so(client, tally):
    game_id = play_through_forms(client, record("tally", ["Ann", "Ben"], [{"points": [30, 20]}, {"points": [25, 40]}]))
    board = scoreboard(client, game_id)
    assert "Ann55 Ben60winner Game over: Ben wins." in board
    assert client.get(f"/games/{game_id}/hands/new").status_code == 302           # the game is over


def test_tally_exports_and_imports_its_record_and_scores(client, tally):
    game_id = play_through_forms(client, record("tally", ["Ann", "Ben"], [{"points": [7, 2]}, {"points": [1, 9]}]))
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows == [["hand", "dealer", "Ann points", "Ann total", "Ben points", "Ben total"],
                    ["1", "Ann", "7", "7", "2", "2"], ["2", "Ben", "1", "8", "9", "11"]]
    exported = client.get(f"/games/{game_id}/record.json").get_json()
    exported["players"] = ["Cy", "Dee"]                                          # another table's copy
    imported = client.post("/games/import", data={"record": json.dumps(exported)})
    assert imported.status_code == 302
    assert "Cy deals; best Cy with 7" in scoreboard(client, imported.headers["Location"].rsplit("/", 1)[1])


def test_tally_counts_in_the_players_records_and_has_its_rules_page(client, tally):
    play_through_forms(client, record("tally", ["Ann", "Ben"], [{"points": [7, 2]}, {"points": [1, 9]}, {"points": [8, 8]}]))
    player = words(client.get(page_of("Ann")).get_data(as_text=True))
    assert "Tally" in player and "Best hand of the table: 2" in player and "Played 1 game, won 0" in player
    assert "Tally" in words(client.get("/rules").get_data(as_text=True))
    rules = words(client.get("/rules/tally").get_data(as_text=True))
    assert "the first to 50 wins" in rules and "Target: 50" in rules
