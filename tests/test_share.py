"""Sharing a finished game's result: a few lines of text (game, date, places and final totals, the
winner) on a page that works without JavaScript, offered on a finished game's scoreboard only."""
import html
import json
import re

import pytest

from conftest import joined, play_through_forms, record
from games import as_tested
from rules_engine import GAMES

THREE, FOUR = ["Ann", "Ben", "Cy"], ["Ann", "Ben", "Cy", "Dee"]

# A short finished game of every game, each played through the forms, and the lines it shares
# (each game's own tests give them: TESTED.finished, TESTED.result_lines).
SHORT = {game: (as_tested(game).finished, list(as_tested(game).result_lines)) for game in GAMES}


def shared(client, game_id):
    """The result's lines as the result page shows them to copy."""
    page = client.get(f"/games/{game_id}/result")
    assert page.status_code == 200
    return html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", page.get_data(as_text=True), re.S)
                         .group(1)).split("\n")


def started(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["created"][:10]


def imported(client, played):
    return client.post("/games/import", data={"record": json.dumps(played)}).headers["Location"].rsplit("/", 1)[1]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_shares_its_places_totals_and_winner(client, game):
    played, lines = SHORT[game]
    game_id = play_through_forms(client, played)
    assert shared(client, game_id) == [lines[0], f"Started {started(client, game_id)}", *lines[1:]]


def test_a_shared_win_names_every_winner_and_level_sides_share_a_place(client):
    # all bid 0 with one card: Cy took the trick; Ann and Ben, exact, share the win at 10
    game_id = play_through_forms(client, record("oh_hell", THREE, [{"bids": [0, 0, 0], "tricks": [0, 0, 1]}],
                                                {"max_cards": 1}))
    assert shared(client, game_id)[2:] == ["1. Ann 10", "1. Ben 10", "3. Cy 0", "Game over: Ann and Ben win."]


def test_the_totals_shared_take_in_adjustments_end_bonuses_and_the_note(client):
    # a draw; Ben loses 10 for a renege; the team (Ben, Cy) knocks 5 against 20: 15 each; the box
    # bonus gives 5 to each player for every hand that gave them points: Ben -10 + 15 + 5, Cy 15 + 5
    played = record("gin3", THREE, [{"result": "draw"}, {"adjustment": [0, -10, 0], "note": "Ben reneged"},
                                    {"result": "knock", "knocker": "team", "deadwood": {"box": 20, "team": 5}}],
                    {"target": 10, "box_bonus": 5}, note="Friday at Cy's")
    game_id = imported(client, played)
    assert shared(client, game_id)[2:] == ["Friday at Cy's", "1. Cy 20", "2. Ben 10", "3. Ann 0",
                                           "Game over: Cy wins."]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.findall(r"<li[^>]*><bdi class=\"name\">(\w+)</bdi><b>(-?\d+)</b>", board) == \
        [("Ann", "0"), ("Ben", "10"), ("Cy", "20")]                    # the scoreboard says the same


def test_a_pashto_page_shares_in_pashto_with_pashto_digits_and_names_as_typed(client):
    client.set_cookie("lang", "ps")
    game_id = play_through_forms(client, SHORT["pitch"][0])
    lines = shared(client, game_id)
    assert lines[0] == "پیچ (Pitch)"                                   # with its English name beside it
    assert lines[1].startswith("پیل: ") and re.search("[۰-۹]{4}", lines[1])       # a Gregorian date, Pashto digits
    assert lines[2:5] == ["۱. \u2068Cy\u2069 ۲", "۲. \u2068Ann\u2069 ۰", "۳. \u2068Ben\u2069 \u2066-۲\u2069"]
    assert lines[5] == "لوبه پای ته ورسېده: \u2068Cy\u2069 وګټله."


def test_the_result_page_works_without_javascript(client):
    game_id = play_through_forms(client, SHORT["smear"][0])
    page = client.get(f"/games/{game_id}/result").get_data(as_text=True)
    textarea = re.search(r"<textarea ([^>]*)>", page).group(1)
    assert 'readonly' in textarea and 'rows="5"' in textarea      # every line in view, nothing to edit
    assert "To copy it, touch and hold the text, choose Select all, then Copy." in page
    main = page.split("<main>")[1]
    send = re.search(r"<p data-send hidden><button[^>]*>Share…</button> <button[^>]*>Copy</button></p>", main)
    assert send and "<button" not in main.replace(send.group(0), "")        # shown by the script only
    assert "<form" not in main
    assert f'href="/games/{game_id}"' in page                      # back to the scoreboard


def test_the_share_button_is_on_a_finished_games_scoreboard_only(client):
    played, _lines = SHORT["oh_hell"]
    game_id = play_through_forms(client, {**played, "hands": []})
    assert "/result" not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert client.get(f"/games/{game_id}/result").status_code == 404
    hand = played["hands"][0]
    client.post(f"/games/{game_id}/hands/new", data={f"bid_{seat}": str(bid) for seat, bid in enumerate(hand["bids"])})
    client.post(f"/games/{game_id}/hands/new", data={f"tricks_{seat}": str(took) for seat, took in enumerate(hand["tricks"])})
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'<a class="button quiet wide" href="/games/{game_id}/result" data-share="' in board
    assert ">Share the result</a>" in board
    assert client.get(f"/games/{game_id}/result").status_code == 200


def test_a_watcher_may_share_a_stranger_may_not(app, client):
    game_id = play_through_forms(client, SHORT["gin3"][0])
    watcher = joined(app, client, game_id, "Watch")
    assert f"/games/{game_id}/result" in watcher.get(f"/games/{game_id}").get_data(as_text=True)
    assert shared(watcher, game_id) == shared(client, game_id)
    assert app.test_client().get(f"/games/{game_id}/result").status_code == 404
