"""House rules through the pages, without a browser: what the history, the CSV, the calculator and
the hand form say about them."""
import html
import json
import re

import pytest

from conftest import form_data, new_game_data, play_through_forms, record, unisolated

THREE = ["Ann", "Ben", "Cy"]


def oklahoma_knock(rank="7", spade=False):
    return {"result": "knock", "knocker": "box", "deadwood": {"box": 4, "team": 20}, "upcard": rank, "upcard_spade": spade}


def test_fixing_the_face_up_card_is_said_in_the_history(client):
    game_id = play_through_forms(client, record("gin3", THREE, [oklahoma_knock()], {"oklahoma": True}))
    edit = {"upcard": "7", "upcard_spade": "y", "result": "knock", "knocker": "box", "deadwood_box": "4",
            "deadwood_team": "20"}
    client.post(f"/games/{game_id}/hands/1/edit", data=edit)
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "hand 1 edited: face-up card a spade" in history and "16 -&gt; 32" in history


def test_the_csv_has_a_row_for_each_end_bonus(client):
    hands = [{"result": "gin", "knocker": "box", "deadwood": {"box": 0, "team": 90}}]       # 115: the game is over
    game_id = play_through_forms(client, record("gin3", THREE, hands, {"box_bonus": 25, "game_bonus": 100}))
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).splitlines()
    assert rows[1] == '1,"Ann",115,115,0,0,0,0'
    assert rows[2:] == ['"Box bonus","",25,140,0,0,0,0', '"Game bonus","",100,240,0,0,0,0']


def test_the_calculator_checks_an_oklahoma_hands_own_limit(client):
    game_id = play_through_forms(client, record("gin3", THREE, [], {"oklahoma": True}))
    cards = "&".join(f"knocker={code}" for code in ("AH", "2H", "3H", "5C", "6C", "7C", "9S", "9D", "KH", "KD"))
    asked = client.get(f"/calculators/deadwood?game={game_id}&{cards}").get_data(as_text=True)
    assert 'name="upcard" value="7"' in asked and "usual limit" not in asked     # the face-up card is asked for
    five = client.get(f"/calculators/deadwood?game={game_id}&upcard=5&{cards}").get_data(as_text=True)
    assert "More than 5: over this hand's knock limit." in five          # 9 + 9 + 10 + 10 = 38 deadwood
    ace = client.get(f"/calculators/deadwood?game={game_id}&upcard=A&{cards}").get_data(as_text=True)
    assert "The face-up card is an ace: only gin ends this hand." in ace
    assert client.get(f"/calculators/deadwood?game=no-such-game&{cards}").status_code == 200


def test_a_hand_without_its_face_up_card_is_refused_next_to_the_field(client):
    game_id = play_through_forms(client, record("gin3", THREE, [], {"oklahoma": True}))
    refused = client.post(f"/games/{game_id}/hands/new", data={
        "result": "knock", "knocker": "box", "deadwood_box": "4", "deadwood_team": "20"}).get_data(as_text=True)
    assert 'id="upcard-error">Choose the face-up card.</p>' in refused
    assert client.get(f"/games/{game_id}").get_data(as_text=True).count("knocked with") == 0


# --- Pitch and Smear: the points played ----------------------------------------------------------------

TEN_POINT = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three"]
# Ann deals and pitches 6: she takes High, Jack, Off-jack and Three (6), Ben Low, Big joker and Ten (3), Cy the little joker
SPEC_HAND = {"bids": [6, "pass", "pass"], "high": 0, "low": 1, "jack": 0, "off_jack": 0, "big_joker": 1,
             "little_joker": 2, "ten": 1, "three": 0}


def ten_point_game(client, hands=()):
    return play_through_forms(client, record("pitch", THREE, hands, {"points": TEN_POINT, "target": 52}))


def test_the_new_game_form_sends_the_ticked_points_in_the_forms_order(client):
    data = {**new_game_data(record("pitch", THREE)), "setting_points": ["", "three", "high", "low"], "setting_min_bid": "3"}
    started = client.post("/games/new/pitch", data=data)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    kept = json.loads(client.get(f"/games/{game_id}/record.json").get_data(as_text=True))
    assert kept["settings"]["points"] == ["high", "low", "three"] and kept["settings"]["min_bid"] == 3


@pytest.mark.parametrize("change, field, message", [
    ({"setting_points": [""]}, "setting_points", "Points must hold high."),
    ({"setting_points": ["", "low", "jack"]}, "setting_points", "Points must hold high."),
    ({"setting_min_bid": "5"}, "setting_min_bid", "Min bid must be from 1 to 4, not 5."),
    ({"setting_min_bid": "0"}, "setting_min_bid", "Min bid must be from 1 to 11, not 0."),     # 11: every point
])
def test_a_set_of_points_or_smallest_bid_refused_is_said_next_to_its_field(client, change, field, message):
    page = client.post("/games/new/pitch", data={**new_game_data(record("pitch", THREE)), **change})
    assert page.status_code == 200
    assert f'id="{field}-error">{message}</p>' in page.get_data(as_text=True)


def test_a_form_sent_without_the_points_keeps_the_four(client):
    data = {name: value for name, value in new_game_data(record("pitch", THREE)).items() if name != "setting_points"}
    game_id = client.post("/games/new/pitch", data=data).headers["Location"].rsplit("/", 1)[1]
    kept = json.loads(client.get(f"/games/{game_id}/record.json").get_data(as_text=True))
    assert "points" not in kept["settings"]                    # left to the default...
    assert "points High/Low/Jack/Game, min bid 1" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_ten_point_hand_form_asks_the_eight_points_in_order(client):
    form = client.get(f"/games/{ten_point_game(client)}/hands/new").get_data(as_text=True)
    asked = re.findall(r'<fieldset data-name="([a-z_]+)"', form)
    assert asked == TEN_POINT                               # no Game: it is not played
    assert re.findall(r"<legend>([^<]+)</legend>", form)[3:] == [
        "High", "Low", "Jack", "Off-jack", "Big joker", "Little joker", "Ten", "Three (worth 3)"]
    bids = re.search(r'<fieldset data-name="bid_1".*?</fieldset>', form, re.S).group(0)
    assert re.findall(r'value="([^"]+)"', bids)[-1] == "10"     # bids run to what the points are worth
    three = re.search(r'<fieldset data-name="three".*?</fieldset>', form, re.S).group(0)
    assert re.findall(r'value="([^"]+)"', three) == ["bidder", "0", "1", "2", "none"] and "not in play" in three
    assert 'value="none"' not in re.search(r'<fieldset data-name="low".*?</fieldset>', form, re.S).group(0)


def test_a_ten_point_hand_saved_through_the_form_scores_and_explains_itself(client):
    game_id = ten_point_game(client, [SPEC_HAND])
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.findall(r"<b>(-?\d+)</b>", board)[:3] == ["6", "3", "1"]
    assert "points High/Low/Jack/Off-jack/Big joker/Little joker/Ten/Three" in board      # the settings line
    assert "Ann took High, Jack, Off-jack, Three; Ben took Low, Big joker, Ten; Cy took Little joker" in unisolated(board)
    hand = unisolated(client.get(f"/games/{game_id}/hands/1").get_data(as_text=True))
    assert "Ann pitched 6 and took 6 points (High, Jack, Off-jack, Three): made it, +6" in hand
    assert "Cy took 1 point (Little joker): +1" in hand
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).splitlines()
    assert rows[1] == '1,"Ann",6,6,6,"pass",3,3,"pass",1,1'     # Ann's bid, points and total; Ben's; Cy's


def test_a_point_left_untapped_is_refused_next_to_its_field(client):
    game_id = ten_point_game(client)
    data = form_data("pitch", SPEC_HAND)
    del data["three"], data["big_joker"]
    refused = client.post(f"/games/{game_id}/hands/new", data=data).get_data(as_text=True)
    assert 'id="three-error">Choose who took Three.</p>' in refused
    assert 'id="big_joker-error">Choose who took Big joker.</p>' in refused
    assert "pitched" not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_fixing_a_ten_point_hand_is_said_in_the_history(client):
    game_id = ten_point_game(client, [SPEC_HAND])
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**SPEC_HAND, "three": 2}))
    history = unisolated(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    assert "Three Ann -&gt; Cy" in history


def test_the_hand_form_links_to_the_game_points_calculator_only_when_game_is_played(client):
    assert "Count game points from the cards" not in client.get(f"/games/{ten_point_game(client)}/hands/new").get_data(
        as_text=True)
    book = play_through_forms(client, record("pitch", THREE))
    assert "Count game points from the cards" in client.get(f"/games/{book}/hands/new").get_data(as_text=True)



def test_the_ready_made_choice_fills_the_new_game_form(client):
    form = client.get("/games/new/pitch?preset=ten_point").get_data(as_text=True)
    ticked = re.findall(r'name="setting_points" value="([a-z_]+)" checked', form)
    assert ticked == TEN_POINT
    assert 'name="setting_target" type="text" value="52"' in form
    assert re.search(r'name="setting_win_rule" value="bidder_out" checked', form)
    assert "<strong>10-point Pitch</strong>" in form and '<a href="?">Usual settings</a>' in form
    plain = client.get("/games/new/pitch").get_data(as_text=True)
    assert '<a href="?preset=ten_point">10-point Pitch</a>' in plain
    assert re.findall(r'name="setting_points" value="([a-z_]+)" checked', plain) == ["high", "low", "jack", "game"]
    smear = client.get("/games/new/smear?preset=six_point").get_data(as_text=True)
    assert re.findall(r'name="setting_points" value="([a-z_]+)" checked', smear) == [
        "high", "low", "jack", "big_joker", "little_joker", "game"]
    assert 'name="setting_target" type="text" value="21"' in smear
    assert "preset=ten_point" not in smear and "preset=six_point" not in form     # each game its own


def words_of(page):
    """A page's text, as a player reads it."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", unisolated(page))))


def test_a_games_rules_page_says_its_own_points_and_bids(client):
    game_id = ten_point_game(client)
    rules = words_of(client.get(f"/rules/pitch?game={game_id}").get_data(as_text=True))
    assert "each player once: pass, or 1 to 10." in rules and "A bid of 10 closes the auction." in rules
    assert "The points: 10 in all" in rules and "Three: the three of trump, to whoever wins it; worth 3." in rules
    assert "Game: the most game points" not in rules
    assert ("Example with these points: Ann pitched 6 and took 6 points (High, Low, Jack, Off-jack, Big joker, "
            "Little joker): made it, +6. Ben took 1 point (Ten): +1. Cy took 3 points (Three): +3.") in rules
    book = words_of(client.get("/rules/pitch").get_data(as_text=True))
    assert "each player once: pass, 1, 2, 3 or 4." in book and "The four points" in book
    assert "The points setting may add the off-jack" in book
