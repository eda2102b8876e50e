"""Adjustments through the pages: recorded from the scoreboard in a few taps, refused next to the field
concerned, fixed, deleted, undone, raced by two phones, and said on every page that shows scores."""
import html
import re
import sqlite3

import pytest

from conftest import form_data, hidden_fields, joined, play_through_forms, record
from rules_engine import GAMES

THREE = ["Ann", "Ben", "Cy"]
ANN_MAKES_2 = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": 1, "game": None}      # Ann +2, Ben +1
RENEGE = {"sign_1": "-", "points_1": "10", "note": "Ben reneged"}


def text(response):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def errors(response):
    return [html.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]*)<', response.get_data(as_text=True))]


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def pitch_game(client, hands=(ANN_MAKES_2,), **settings):
    return play_through_forms(client, record("pitch", THREE, list(hands), settings))


def totals(client, game_id):
    """The totals on the scoreboard's score tiles, in seat order."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    tiles = page[page.index('class="sides"'):]
    return [int(value) for value in re.findall(r"<b>(-?\d+)</b>", tiles[:tiles.index("</ul>")])]


def test_the_scoreboard_offers_it_and_it_is_saved_with_its_words(client):
    game_id = pitch_game(client)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/adjustments/new"' in board
    response = client.post(f"/games/{game_id}/adjustments/new", data=RENEGE, follow_redirects=True)
    assert "Saved: Adjustment: Ben -10 (Ben reneged)." in text(response)
    assert stored(client, game_id)[-1] == {"adjustment": [0, -10, 0], "note": "Ben reneged"}
    assert totals(client, game_id) == [2, -9, 0]
    page = text(client.get(f"/games/{game_id}"))
    assert "± · Adjustment: Ben -10 (Ben reneged)" in page
    assert "Record hand 2" in page                          # the adjustment is no hand
    assert "Hand 2 Ben deals" in page


def test_a_give_and_a_take_for_two_players_at_once(client):
    game_id = pitch_game(client, ())
    client.post(f"/games/{game_id}/adjustments/new",
                data={"sign_0": "+", "points_0": "5", "sign_2": "-", "points_2": "۵", "note": "swap seats"})
    assert stored(client, game_id) == [{"adjustment": [5, 0, -5], "note": "swap seats"}]


def test_a_minus_typed_counts_whatever_was_chosen(client):
    game_id = pitch_game(client, ())
    client.post(f"/games/{game_id}/adjustments/new", data={"sign_1": "+", "points_1": "-10", "note": "renege"})
    assert stored(client, game_id) == [{"adjustment": [0, -10, 0], "note": "renege"}]


@pytest.mark.parametrize("sent, field, message", [
    ({"note": "nothing"}, None, "An adjustment must give or take points from at least one side."),
    ({"points_1": "10"}, "note", "An adjustment needs a note saying why."),
    ({"points_1": "10", "note": "   "}, "note", "An adjustment needs a note saying why."),
    ({"points_1": "ten", "note": "renege"}, "points_1", "Enter a whole number."),
    ({"points_2": "1001", "note": "renege"}, "points_2", "Cy's points must be from -1000 to 1000, not -1001."),
    ({"points_0": "5", "note": "x" * 81}, "note", "The note is longer than 80 characters."),
])
def test_a_wrong_adjustment_is_refused_next_to_its_field_and_nothing_is_stored(client, sent, field, message):
    game_id = pitch_game(client)
    response = client.post(f"/games/{game_id}/adjustments/new", data=sent)
    assert response.status_code == 200 and message in errors(response)
    page = response.get_data(as_text=True)
    if field:
        assert re.search(rf'id="{field}-error"[^>]*>{re.escape(message)}<', html.unescape(page))
    assert stored(client, game_id) == [ANN_MAKES_2]
    if "points_1" in sent:
        assert f'value="{html.escape(sent["points_1"])}"' in page          # what was typed is still there


def test_a_double_tap_stores_it_once_and_a_second_phone_is_told_to_check(app, client):
    game_id = pitch_game(client)
    url = f"/games/{game_id}/adjustments/new"
    other = joined(app, client, game_id)
    mine, theirs = hidden_fields(client.get(url).get_data(as_text=True)), \
        hidden_fields(other.get(url).get_data(as_text=True))
    assert client.post(url, data=mine | RENEGE).status_code == 302
    again = client.post(url, data=mine | RENEGE, follow_redirects=True)
    assert "That adjustment was already saved." in text(again)
    late = other.post(url, data=theirs | {"sign_2": "+", "points_2": "3", "note": "late joiner"})
    assert "The game was changed from another phone meanwhile: check and save again." in errors(late)
    assert 'value="late joiner"' in late.get_data(as_text=True)
    assert stored(client, game_id) == [ANN_MAKES_2, {"adjustment": [0, -10, 0], "note": "Ben reneged"}]


def test_a_watcher_cannot_adjust(app, client):
    game_id = pitch_game(client)
    watcher = joined(app, client, game_id, "Watch")
    assert watcher.get(f"/games/{game_id}/adjustments/new").status_code == 403
    assert watcher.post(f"/games/{game_id}/adjustments/new", data=RENEGE).status_code == 403
    assert 'adjustments/new' not in watcher.get(f"/games/{game_id}").get_data(as_text=True)


def test_after_the_last_hand_it_is_refused(client):
    game_id = pitch_game(client, target=2)
    response = client.post(f"/games/{game_id}/adjustments/new", data=RENEGE, follow_redirects=True)
    assert "The game is over: fix a hand or start a new game." in text(response)
    assert stored(client, game_id) == [ANN_MAKES_2]


def test_it_is_fixed_from_its_own_page_and_every_total_after_it_follows(client):
    game_id = pitch_game(client, (ANN_MAKES_2,))
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", ANN_MAKES_2 | {"bids": ["pass", "pass", 2]}))
    shown = text(client.get(f"/games/{game_id}/hands/2"))
    assert "Adjustment before hand 2" in shown and "Fix this adjustment" in shown
    assert client.get(f"/games/{game_id}/hands/2/edit").headers["Location"].endswith(f"/games/{game_id}/adjustments/2/edit")
    form = client.get(f"/games/{game_id}/adjustments/2/edit").get_data(as_text=True)
    assert 'value="10"' in form and 'value="Ben reneged"' in form
    response = client.post(f"/games/{game_id}/adjustments/2/edit",
                           data={"sign_1": "-", "points_1": "5", "note": "Ben reneged"}, follow_redirects=True)
    assert "Adjustment changed; every total after it is recomputed." in text(response)
    assert totals(client, game_id) == [4, -3, -2]                      # Cy pitched 2 and was set
    assert "Hand 2" in text(client.get(f"/games/{game_id}/hands/3"))   # the hand after it keeps its number
    history = text(client.get(f"/games/{game_id}/history"))
    assert "adjustment edited: Ben -10 (Ben reneged) -> Ben -5 (Ben reneged)" in history
    assert "adjustment recorded: Ben -10 (Ben reneged)" in history
    assert "hand 2 recorded (Ann +2, Ben +1, Cy -2)" in history


def test_deleting_it_keeps_the_bids_waiting_for_their_tricks(client):
    game_id = play_through_forms(client, record("oh_hell", THREE, [{"bids": [0, 1, 0], "tricks": [0, 1, 0]}]))
    client.post(f"/games/{game_id}/hands/new", data={"bid_2": "0", "bid_0": "1", "bid_1": "0"})      # hand 2's bids
    client.post(f"/games/{game_id}/adjustments/new", data={"sign_0": "-", "points_0": "10", "note": "card shown"})
    board = text(client.get(f"/games/{game_id}"))
    assert "Enter the tricks for hand 2" in board and "Bids in:" in board
    delete = client.get(f"/games/{game_id}/hands/2/delete")
    assert "Delete the adjustment?" in text(delete)
    response = client.post(f"/games/{game_id}/hands/2/delete", follow_redirects=True)
    assert "Adjustment deleted." in text(response)
    assert "Enter the tricks for hand 2" in text(client.get(f"/games/{game_id}"))
    assert client.get(f"/games/{game_id}/record.json").get_json()["hands"] == [{"bids": [0, 1, 0], "tricks": [0, 1, 0]}]


def test_undo_takes_it_back_and_redo_brings_it_again(client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Undo: adjustment recorded" in board
    entry = re.search(r'name="entry" value="(\d+)"', board).group(1)
    version = re.search(r'name="version" value="(\d+)"', board).group(1)
    response = client.post(f"/games/{game_id}/undo", data={"entry": entry, "version": version}, follow_redirects=True)
    assert "Undone: adjustment recorded." in text(response)
    assert stored(client, game_id) == [ANN_MAKES_2]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Redo the adjustment" in board
    entry = re.search(r'name="entry" value="(\d+)"', board).group(1)
    version = re.search(r'name="version" value="(\d+)"', board).group(1)
    client.post(f"/games/{game_id}/undo", data={"entry": entry, "version": version})
    assert stored(client, game_id)[-1] == {"adjustment": [0, -10, 0], "note": "Ben reneged"}


def test_the_csv_print_chart_and_big_screen_say_it(client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).removeprefix("\ufeff").splitlines()
    assert rows[0] == '"hand","dealer","Ann bid","Ann points","Ann total","Ben bid","Ben points","Ben total",' \
                      '"Cy bid","Cy points","Cy total"'
    assert rows[2] == '"Adjustment: Ben -10 (Ben reneged)","","",0,2,"",-10,-9,"",0,0'
    board = text(client.get(f"/games/{game_id}"))
    assert "An adjustment is a straight step up or down at the hand before it." in board
    chart = client.get(f"/games/{game_id}/chart.svg").get_data(as_text=True)
    assert "over 1 hand. Final totals: Ann 2, Ben -9, Cy 0" in chart
    tv = text(client.get(f"/games/{game_id}/tv"))
    assert "± · Adjustment: Ben -10 (Ben reneged)" in tv


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_takes_an_adjustment_from_its_scoreboard(client, game_id):
    game = GAMES[game_id]
    players = ["Ann", "Ben", "Cy", "Dee"][:max(game.min_players, min(4, game.max_players))]
    key = play_through_forms(client, record(game_id, players))
    banner = re.compile(r'<section class="banner".*?</section>', re.S)
    before = banner.search(client.get(f"/games/{key}").get_data(as_text=True)).group(0)
    last = len(GAMES[game_id].sides(score_table(game_id, players))) - 1
    response = client.post(f"/games/{key}/adjustments/new",
                           data={f"sign_{last}": "-", f"points_{last}": "10", "note": "renege"}, follow_redirects=True)
    assert "Saved: Adjustment:" in text(response)
    after = client.get(f"/games/{key}").get_data(as_text=True)
    assert banner.search(after).group(0) == before              # the same hand, dealer, cards, box and bidder
    assert totals(client, key)[-1] == -10

def score_table(game_id, players):
    from rules_engine import read_table
    return read_table(record(game_id, players))[1]


# --- what a second reading found ------------------------------------------------------------------

def test_losing_a_race_after_an_adjustment_replaces_the_hand_never_the_adjustment(app, client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    other = joined(app, client, game_id)
    url = f"/games/{game_id}/hands/new"
    mine, theirs = hidden_fields(client.get(url).get_data(as_text=True)), hidden_fields(other.get(url).get_data(as_text=True))
    ben_makes_3 = {"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 1, "game": 0}
    cy_makes_2 = {"bids": ["pass", "pass", 2], "high": 2, "low": 2, "jack": None, "game": 0}
    assert client.post(url, data=mine | form_data("pitch", ben_makes_3)).status_code == 302
    race = other.post(url, data=theirs | form_data("pitch", cy_makes_2)).get_data(as_text=True)
    assert f'action="/games/{game_id}/hands/3/edit"' in race and "Hand 2 was saved on another phone" in html.unescape(race)
    replace = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', race[race.index('hands/3/edit'):]))
    assert other.post(f"/games/{game_id}/hands/3/edit", data=replace).status_code == 302
    assert stored(client, game_id)[1] == {"adjustment": [0, -10, 0], "note": "Ben reneged"}
    assert stored(client, game_id)[2]["bids"] == ["pass", "pass", 2]
    mistaken = client.post(f"/games/{game_id}/hands/2/edit", data=form_data("pitch", cy_makes_2), follow_redirects=True)
    assert "The game was changed from another phone meanwhile" in text(mistaken)
    assert stored(client, game_id)[1] == {"adjustment": [0, -10, 0], "note": "Ben reneged"}
    assert client.get(f"/games/{game_id}/history").status_code == 200


def restore_the_deleted(app, client, game_id, history):
    """Post "Restore" for the game's deleted entry, as if History still offered it."""
    with sqlite3.connect(app.config["DATABASE"]) as db:
        deleted = db.execute("select id from history where action = 'deleted' and game_id = "
                             "(select id from games where key = ?)", [game_id]).fetchone()[0]
    version = re.search(r'data-version="(\d+)"', history).group(1)
    return client.post(f"/games/{game_id}/history/{deleted}/restore", data={"version": version}, follow_redirects=True)


def test_a_hand_never_comes_back_in_the_place_of_an_adjustment_nor_the_other_way(app, client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    client.post(f"/games/{game_id}/hands/2/delete")                    # the adjustment goes...
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", ANN_MAKES_2 | {"bids": ["pass", "pass", 2]}))
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Restore the adjustment" not in history                     # ...and a hand stands in its place now
    refused = restore_the_deleted(app, client, game_id, history)
    assert "The adjustment can't come back in the place of hand 2." in text(refused)
    assert stored(client, game_id)[1]["bids"] == ["pass", "pass", 2]


def test_a_deleted_adjustment_never_takes_the_place_of_another_one(app, client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    client.post(f"/games/{game_id}/hands/2/delete")                    # Ben's penalty goes...
    client.post(f"/games/{game_id}/adjustments/new", data={"sign_2": "+", "points_2": "5", "note": "Cy joined late"})
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Restore the adjustment" not in history                     # ...and Cy's stands in its place now
    refused = restore_the_deleted(app, client, game_id, history)
    assert "Another adjustment stands in its place now: nothing was restored." in text(refused)
    assert stored(client, game_id)[1] == {"adjustment": [0, 0, 5], "note": "Cy joined late"}
    assert totals(client, game_id) == [2, 1, 5]


def test_a_fixed_adjustment_can_go_back_to_how_it_was(client):
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    client.post(f"/games/{game_id}/adjustments/2/edit", data=RENEGE | {"points_1": "5"})
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert stored(client, game_id)[1] == {"adjustment": [0, -5, 0], "note": "Ben reneged"}
    assert "Restore the adjustment" in html.unescape(history)                 # the same penalty, as it was


def test_a_stored_adjustment_that_is_not_whole_numbers_can_still_be_fixed(app, client):
    from test_hostile import break_hand
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    for broken in ({"adjustment": ["x", 0, 0], "note": "n"}, {"adjustment": 5, "note": "n"},
                   {"adjustment": [{"a": 1}, 0, 0], "note": 7}):
        break_hand(app, game_id, 2, broken)
        board = text(client.get(f"/games/{game_id}"))
        assert "Fix hand 2" in board or "adjustment" in board
        assert client.get(f"/games/{game_id}/adjustments/2/edit").status_code == 200
        assert client.get(f"/games/{game_id}/history").status_code == 200
    fixed = client.post(f"/games/{game_id}/adjustments/2/edit", data=RENEGE, follow_redirects=True)
    assert "Adjustment changed" in text(fixed) and totals(client, game_id) == [2, -9, 0]


def test_take_or_give_must_be_one_of_the_two(client):
    game_id = pitch_game(client)
    response = client.post(f"/games/{game_id}/adjustments/new", data={"sign_0": "x", "points_0": "10", "note": "n"})
    assert re.search(r'id="sign_0-error"[^>]*>Choose take or give\.<', response.get_data(as_text=True))
    client.post(f"/games/{game_id}/adjustments/new", data={"sign_0": "-", "points_0": "+5", "note": "typed plus"})
    assert stored(client, game_id)[-1] == {"adjustment": [5, 0, 0], "note": "typed plus"}     # a typed sign wins


def test_a_broken_hand_after_an_adjustment_is_named_by_its_hand_number(app, client):
    from test_hostile import break_hand
    game_id = pitch_game(client)
    client.post(f"/games/{game_id}/adjustments/new", data=RENEGE)
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", ANN_MAKES_2 | {"bids": ["pass", "pass", 2]}))
    break_hand(app, game_id, 3, {"bids": [9, "pass", "pass"], "high": 0, "low": 0})
    board = text(client.get(f"/games/{game_id}"))
    assert "The totals below stop before hand 2. Fix hand 2 or delete it" in board
    assert f'href="/games/{game_id}/hands/3"' in client.get(f"/games/{game_id}").get_data(as_text=True)
