"""Any game through the pages: the new-game form with its optional target and hands, the hand form's
typed points (negative ones, blanks and bad numbers refused next to their box), the scoreboard's line
and banner, fixing a hand, the CSV, the players' numbers, the rules page in English and Pashto, and the
spec's worked games played through the forms."""
import csv
import html
import io
import re

import pytest

import conftest
from conftest import new_game_data, play_through_forms, record
from test_history import history
from test_players import page_of, section
from test_rules_pages import rules_text, settings_list

THREE, FOUR = ["Ann", "Ben", "Cy"], ["Ann", "Ben", "Cy", "Dee"]
HEARTS = {"target": 100, "lowest_wins": True}
HEARTS_HANDS = [[10, 3, 13], [26, 0, 0], [5, 20, 1], [60, 2, 0]]      # Ann reaches 101 on hand 4, Cy wins


def words(page) -> str:
    return conftest.words(page, main_only=True)


def hearts(client, hands=HEARTS_HANDS[:2]):
    return play_through_forms(client, record("any_game", THREE, [{"points": hand} for hand in hands], HEARTS))


def stored_hands(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def error_of(page: str, field: str) -> str:
    found = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', page)
    return re.sub("[\u2066-\u2069]", "", html.unescape(found.group(1))) if found else ""      # names unisolated


# --- the new-game form ---------------------------------------------------------------------------

def test_the_new_game_form_has_the_settings_with_their_defaults_and_blank_for_none(client):
    page = client.get("/games/new/any_game").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="setting_target"[^>]*value="100"', page)
    assert re.search(r'<input[^>]*name="setting_hands"[^>]*value=""', page)
    assert re.search(r'<input[^>]*name="setting_lowest_wins" type="checkbox" value="y">', page)   # off by default
    said = words(page)
    assert ("Target The game ends after the hand in which any total reaches this; none: no target. "
            "Allowed: 1 to 100000, or blank for none.") in said
    assert ("Hands The game ends after this many hands, if no one reached the target first; none: no limit. "
            "Allowed: 1 to 500, or blank for none.") in said
    assert "Lowest wins The lowest total wins, as in Hearts (reaching the target still ends the game)." in said
    assert 'name="player_11"' in page and 'name="player_12"' not in page           # 1 to 12 players


@pytest.mark.parametrize("target, hands, settings", [
    ("100", "", {"target": 100, "hands": None, "lowest_wins": True}),
    ("", "10", {"target": None, "hands": 10, "lowest_wins": True}),
    ("250", "12", {"target": 250, "hands": 12, "lowest_wins": True}),
])
def test_a_game_starts_with_target_or_hands_left_blank(client, target, hands, settings):
    data = new_game_data(record("any_game", THREE, settings=HEARTS)) | {"setting_target": target, "setting_hands": hands}
    started = client.post("/games/new/any_game", data=data)
    assert started.status_code == 302
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/games/{game_id}/record.json").get_json()["settings"] == settings


def test_target_and_hands_both_blank_are_refused_next_to_the_target_and_nothing_starts(client):
    data = new_game_data(record("any_game", THREE)) | {"setting_target": "", "setting_hands": ""}
    refused = client.post("/games/new/any_game", data=data)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 200
    assert error_of(page, "setting_target") == "Target and hands can't both be none: the game would never end."
    assert error_of(page, "setting_hands") == ""
    assert "Any game" not in words(client.get("/"))                       # no game was started


@pytest.mark.parametrize("field, typed, message", [
    ("setting_target", "0", "Target must be from 1 to 100000 or none, not 0."),
    ("setting_hands", "501", "Hands must be from 1 to 500 or none, not 501."),
    ("setting_hands", "ten", "Enter a whole number."),
])
def test_a_setting_out_of_range_is_refused_next_to_it(client, field, typed, message):
    refused = client.post("/games/new/any_game", data=new_game_data(record("any_game", THREE)) | {field: typed})
    assert refused.status_code == 200 and error_of(refused.get_data(as_text=True), field) == message


# --- the hand form -------------------------------------------------------------------------------

def test_the_hand_form_has_a_text_box_per_player_that_can_take_a_minus(client):
    game_id = play_through_forms(client, record("any_game", FOUR))
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    boxes = re.findall(r'<input[^>]*name="points_\d"[^>]*>', page)
    assert [re.search(r'name="(points_\d)"', box).group(1) for box in boxes] == ["points_0", "points_1", "points_2",
                                                                                  "points_3"]
    for box in boxes:       # a text box, no number keypad: an iPhone's has no minus key
        assert 'type="text"' in box and "inputmode" not in box and 'autocomplete="off"' in box
    assert "bid_" not in page and 'type="radio"' not in page
    said = words(page)
    assert "Hand 1 Ann deals Highest wins Ends at 100 Points this hand Ann Ben Cy Dee" in said
    assert "0 if none: a box left blank is refused, never counted as 0" in said
    assert "Totals before" not in said                                  # nothing to add to yet


def test_every_blank_or_bad_box_is_refused_next_to_itself_and_nothing_is_stored(client):
    game_id = hearts(client, HEARTS_HANDS[:1])
    refused = client.post(f"/games/{game_id}/hands/new", data={"points_0": "", "points_1": "3 points",
                                                               "points_2": "100001"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 200
    assert error_of(page, "points_0") == "Type Ann's points: 0 if none."
    assert error_of(page, "points_1") == "Enter a whole number."
    assert error_of(page, "points_2") == "Cy's points must be from -100000 to 100000."
    assert 'value="3 points"' in page and 'value="100001"' in page      # what was typed is still there
    assert stored_hands(client, game_id) == [{"points": [10, 3, 13]}]


def test_two_numbers_in_one_box_are_refused_not_run_together(client):
    game_id = hearts(client, [])
    refused = client.post(f"/games/{game_id}/hands/new", data={"points_0": "12 5", "points_1": "+", "points_2": "1.5"})
    page = refused.get_data(as_text=True)
    assert error_of(page, "points_0") == "Enter a whole number."
    assert error_of(page, "points_1") == "Type Ben's points: 0 if none."          # a sign alone is no number
    assert error_of(page, "points_2") == "Enter a whole number."
    assert stored_hands(client, game_id) == []


@pytest.mark.parametrize("typed, points", [
    (["26", "0", "-5"], [26, 0, -5]),
    (["+10", "\u22125", "۱۳"], [10, -5, 13]),               # a plus, a typographic minus, Pashto digits
    (["- 7", " 100000 ", "-100000"], [-7, 100000, -100000]),
    (["٣", "-0", "0"], [3, 0, 0]),
    (["\u2212 12", "+ 4", "－8"], [-12, 4, -8]),            # a space after the sign, a full-width minus
])
def test_typed_points_are_read_with_their_sign_in_any_digits(client, typed, points):
    game_id = hearts(client, [])
    saved = client.post(f"/games/{game_id}/hands/new", data={f"points_{seat}": text for seat, text in enumerate(typed)})
    assert saved.status_code == 302
    assert stored_hands(client, game_id) == [{"points": points}]


def test_the_form_shows_the_totals_the_hand_adds_to(client):
    game_id = hearts(client)
    assert "Totals before this hand: Ann 36, Ben 3, Cy 13." in words(client.get(f"/games/{game_id}/hands/new"))
    fix = words(client.get(f"/games/{game_id}/hands/2/edit"))             # the totals before hand 2
    assert "Totals before this hand: Ann 10, Ben 3, Cy 13." in fix


# --- the scoreboard ------------------------------------------------------------------------------

def test_the_scoreboard_says_each_hands_best_and_sum_and_the_lowest_leads(client):
    game_id = hearts(client)
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann 36 Ben 3 leading Cy 13 Hand 3 Cy deals Lowest wins Ends at 100 Record hand 3" in board
    assert "2 · Ben deals; best: Ben, Cy with 0; 26 in all 2 +26 36 0 3 0 13" in board
    assert "1 · Ann deals; best: Ben with +3; 26 in all 1 +10 10 +3 3 +13 13" in board


def test_a_level_hand_a_negative_sum_and_a_player_alone(client):
    game_id = play_through_forms(client, record("any_game", FOUR, [{"points": [7, 7, 7, 7]}, {"points": [-5, 0, -8, 2]}]))
    board = words(client.get(f"/games/{game_id}"))
    assert "1 · Ann deals; everyone +7; 28 in all" in board
    assert "2 · Ben deals; best: Dee with +2; -11 in all" in board
    alone = play_through_forms(client, record("any_game", ["Ann"], [{"points": [40]}], {"target": None, "hands": 3}))
    board = words(client.get(f"/games/{alone}"))
    assert "1 · Ann deals; +40" in board and "Hand 2 of 3 Ann deals Highest wins Record hand 2" in board


def test_a_game_of_so_many_hands_counts_them_in_the_banner(client):
    # target none, hands 3: [1, 2], [3, 4] -> Hand 3 of 3; then [5, -1] -> 9, 5 and Ann wins
    game_id = play_through_forms(client, record("any_game", ["Ann", "Ben"], [{"points": [1, 2]}, {"points": [3, 4]}],
                                                {"target": None, "hands": 3}))
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann 4 Ben 6 leading Hand 3 of 3 Ann deals Highest wins Record hand 3" in board
    assert "Ends at" not in board
    assert client.post(f"/games/{game_id}/hands/new", data={"points_0": "5", "points_1": "-1"}).status_code == 302
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann 9 winner Ben 5 Game over: Ann wins." in board
    assert "3 · Ann deals; best: Ann with +5; 4 in all" in board
    assert "Hand 3 of 3 was the last: the game ends. Ann wins with 9." in words(client.get(f"/games/{game_id}/hands/3"))


# --- fixing a hand -------------------------------------------------------------------------------

def test_a_hand_is_fixed_through_its_form_and_the_history_says_what_changed(client):
    game_id = hearts(client)
    form = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="points_1"[^>]*value="3"', form)                 # filled in as stored
    fixed = client.post(f"/games/{game_id}/hands/1/edit", data={"points_0": "10", "points_1": "-3", "points_2": "16"})
    assert fixed.status_code == 302
    assert stored_hands(client, game_id)[0] == {"points": [10, -3, 16]}
    assert history(client, game_id)[0] == ("hand 1 edited: Ben's points 3 -> -3, Cy's points 13 -> 16 "
                                          "(Ben's score for hand 1: 3 -> -3; Cy's score for hand 1: 13 -> 16)")
    assert "Ann 36 Ben -3 leading Cy 16" in words(client.get(f"/games/{game_id}"))


def test_a_fix_with_a_blank_box_is_refused_and_the_hand_kept(client):
    game_id = hearts(client)
    refused = client.post(f"/games/{game_id}/hands/2/edit", data={"points_0": "26", "points_1": "", "points_2": "0"})
    assert error_of(refused.get_data(as_text=True), "points_1") == "Type Ben's points: 0 if none."
    assert stored_hands(client, game_id)[1] == {"points": [26, 0, 0]}


def test_a_fix_that_reaches_the_target_ends_the_game(client):
    game_id = hearts(client)
    client.post(f"/games/{game_id}/hands/2/edit", data={"points_0": "96", "points_1": "0", "points_2": "0"})
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann 106 Ben 3 winner Cy 13 Game over: Ben wins." in board


# --- the CSV -------------------------------------------------------------------------------------

def test_the_csv_has_each_players_points_and_total_and_the_adjustment(client):
    game_id = play_through_forms(client, record("any_game", FOUR, [{"points": [12, 0, -5, 30]}],
                                                {"target": None, "hands": 5}, first_dealer=2))
    client.post(f"/games/{game_id}/adjustments/new", data={"sign_3": "-", "points_3": "10", "note": "Dee rolled out of turn",
                                                          **{f"sign_{s}": "-" for s in range(3)}})
    client.post(f"/games/{game_id}/hands/new", data={"points_0": "0", "points_1": "25", "points_2": "18", "points_3": "6"})
    text = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows == [
        ["hand", "dealer", "Ann points", "Ann total", "Ben points", "Ben total", "Cy points", "Cy total", "Dee points",
         "Dee total"],
        ["1", "Cy", "12", "12", "0", "0", "-5", "-5", "30", "30"],
        ["Adjustment: Dee -10 (Dee rolled out of turn)", "", "0", "12", "0", "0", "0", "-5", "-10", "20"],
        ["2", "Dee", "0", "12", "25", "25", "18", "13", "6", "26"]]


# --- the players' numbers ------------------------------------------------------------------------

def test_the_players_numbers_count_the_hands_each_had_the_best_points_of_the_table(client):
    hearts(client, HEARTS_HANDS)          # lowest wins: Ben best in hands 1 and 2, Cy in 2, 3 and 4
    play_through_forms(client, record("any_game", ["Ann", "Ben"], [{"points": [20, 30]}, {"points": [30, 25]}],
                                      {"target": 50}))                      # highest wins: Ben, then Ann
    ann, ben, cy = (words(client.get(page_of(name))) for name in ("Ann", "Ben", "Cy"))
    assert "Played 2 games, won 0 Best hand of the table: 1 of 6 Best hand of the table: 17%" in section(ann, "Any game")
    assert "Played 2 games, won 1 Best hand of the table: 3 of 6 Best hand of the table: 50%" in section(ben, "Any game")
    assert "Played 1 game, won 1 Best hand of the table: 3 of 4 Best hand of the table: 75%" in section(cy, "Any game")
    assert "Final total" not in cy          # a Hearts 14 and a dice game's 55 have no best or average together
    counting = words(client.get("/players/counting"))
    assert ("Best hand of the table: the hands in which the player had the best points of the table - the most, or "
            "the fewest in a game where the lowest wins - shared when level") in counting


def test_a_player_alone_counts_no_hands(client):
    play_through_forms(client, record("any_game", ["Ann"], [{"points": [40]}], {"target": None, "hands": 1}))
    assert "Best hand" not in section(words(client.get(page_of("Ann"))), "Any game")


# --- the rules page ------------------------------------------------------------------------------

def opened_from(client, settings, players=THREE):
    game_id = play_through_forms(client, record("any_game", players, settings=settings))
    return client.get(f"/rules/any_game?game={game_id}").get_data(as_text=True)


def test_the_rules_with_the_defaults_say_a_score_sheet_to_100_highest_wins(client):
    page = client.get("/rules/any_game").get_data(as_text=True)
    text = rules_text(page)
    assert ("Setup A score sheet for the games Scorepad has no rules for: Hearts, rummies, dice games, or a game of "
            "your own. Play by the game's own rules, 1 to 12 players.") in text
    assert "Scoring After each hand type every player's points, and Scorepad adds them up." in text
    assert "type them with a minus sign, -5. A box left blank is refused: type 0 for a player with no points." in text
    assert "The game ends after the hand in which any total reaches 100 (the target)." in text
    assert "The highest total wins. Equal totals share the win. With the lowest wins setting" in text
    assert ("Ann has 80 and Ben 95; the hand gives Ann +30 and Ben +10. Ann: 80 + 30 = 110, Ben: 95 + 10 = 105: "
            "both reached 100, the game ends, and Ann wins with 110.") in text
    assert settings_list(page)[1] == ("Hands: none", "The game ends after this many hands, if no one reached the "
                                      "target first; none: no limit. Allowed: 1 to 500, or none.")


def test_the_rules_of_a_hearts_like_game_to_200_work_its_own_numbers(client):
    text = rules_text(opened_from(client, {"target": 200, "lowest_wins": True}))
    assert "reaches 200 (the target)" in text and "100" not in text
    assert "In this game the lowest total wins (the lowest wins setting, as in Hearts)" in text
    assert ("Ann has 180, Ben 150 and Cy 140; the hand gives Ann +25, Ben +5 and Cy 0. Ann: 180 + 25 = 205, at the "
            "target of 200 or over it: the game ends, and Cy wins with the lowest total, 140.") in text


def test_the_rules_of_a_game_of_so_many_hands(client):
    text = rules_text(opened_from(client, {"target": None, "hands": 7}))
    assert "The game ends after hand 7 (the hands setting); this game has no target." in text
    assert "After hand 7 Ann has 9 and Ben 5: the game ends, and Ann wins with 9." in text
    both = rules_text(opened_from(client, {"target": 300, "hands": 12, "lowest_wins": True}))
    assert "reaches 300 (the target), or after hand 12 (the hands setting), whichever comes first." in both
    low = rules_text(opened_from(client, {"target": None, "hands": 4, "lowest_wins": True}))
    assert "After hand 4 Ann has 9 and Ben 5: the game ends, and Ben wins with the lowest total, 5." in low


def test_the_rules_in_pashto_say_the_games_own_numbers_in_pashto_digits(client):
    game_id = play_through_forms(client, record("any_game", THREE, settings={"target": 200, "lowest_wins": True}))
    client.set_cookie("lang", "ps")
    text = words(client.get(f"/rules/any_game?game={game_id}"))
    assert "د هغو لوبو لپاره د نمرو پاڼه چې دلته یې قواعد نشته" in text
    assert "۲۰۰ یا تر هغې ډېرې" in text and "۱۸۰" in text and "۲۰۵" in text
    assert "په دې لوبه کې چې ټولې نمرې یې تر ټولو لږې وي هغه ګټي" in text
    assert not re.search(r"[0-9]", text.split("تنظیمات", 1)[0])


# --- Pashto pages --------------------------------------------------------------------------------

def test_the_hand_form_and_scoreboard_in_pashto(client):
    game_id = hearts(client)
    client.set_cookie("lang", "ps")
    form = words(client.get(f"/games/{game_id}/hands/new"))
    assert "تر ټولو لږې نمرې ګټي" in form and "په ۱۰۰ پای ته رسي" in form and "د دې لاس نمرې" in form
    refused = client.post(f"/games/{game_id}/hands/new", data={"points_0": "۵", "points_1": "", "points_2": "۱"})
    assert error_of(refused.get_data(as_text=True), "points_1") == "د Ben نمرې ولیکئ: که نه وي، ۰."
    board = words(client.get(f"/games/{game_id}"))
    assert "Ben کارتونه ویشي؛ غوره: Ben، Cy په ۰؛ په ټوله کې ۲۶" in board


# --- the spec's worked games, played through the forms --------------------------------------------

def test_the_specs_hearts_like_game_ends_at_101_and_cy_wins(client):
    game_id = hearts(client, HEARTS_HANDS)
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann 101 Ben 25 Cy 14 winner Game over: Cy wins." in board
    assert "4 · Ann deals; best: Cy with 0; 62 in all" in board
    hand = words(client.get(f"/games/{game_id}/hands/4"))
    assert "Ann reached 100: the game ends. Cy wins with the lowest total, 14." in hand
    assert client.get(f"/games/{game_id}/hands/new").status_code == 302          # the game is over


def test_the_specs_highest_wins_game_ends_when_both_reach_50(client):
    game_id = play_through_forms(client, record("any_game", ["Ann", "Ben"], [{"points": [20, 30]}, {"points": [30, 25]}],
                                                {"target": 50}))
    assert "Ann 50 Ben 55 winner Game over: Ben wins." in words(client.get(f"/games/{game_id}"))
    assert "Ann and Ben reached 50: the game ends. Ben wins with 55." in words(client.get(f"/games/{game_id}/hands/2"))


def test_the_typical_hand_is_two_taps_and_typed_numbers(client):
    game_id = play_through_forms(client, record("any_game", FOUR))
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/hands/new">Record hand 1</a>' in board
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert ">Save hand 1</button>" in form
    client.post(f"/games/{game_id}/hands/new", data={"points_0": "10", "points_1": "3", "points_2": "13", "points_3": "0"})
    assert "Ann 10 Ben 3 Cy 13 leading Dee 0 Hand 2" in words(client.get(f"/games/{game_id}"))


def test_the_home_page_says_the_lowest_total_leads_a_hearts_like_game(client):
    hearts(client)                                       # after two hands: Ann 36, Ben 3, Cy 13
    assert "Leading: Ben (3)" in words(client.get("/"))


def test_play_again_keeps_a_target_left_blank(client):
    """A game of so many hands and no target, played again: the form comes back with the target
    blank (none), not the default 100."""
    game_id = play_through_forms(client, record("any_game", THREE, [], {"target": None, "hands": 3}))
    form = client.get(f"/games/new/any_game?from={game_id}").get_data(as_text=True)
    assert re.search(r'<input[^>]*id="setting_target"[^>]*value=""', form) or \
        re.search(r'<input[^>]*id="setting_target"(?![^>]*value=)[^>]*>', form)
    assert re.search(r'<input[^>]*id="setting_hands"[^>]*value="3"', form)


def test_totals_of_different_games_are_not_compared_on_the_players_pages(client):
    """Any game is any game: a Hearts 14 and a dice game's 500 have no best or average together,
    nor points for and against in the standings."""
    hearts(client, HEARTS_HANDS)                         # finished: Ann 101, Ben 25, Cy 14
    play_through_forms(client, record("any_game", THREE, [{"points": [500, 20, 30]}], {"target": 100}))
    page = words(client.get(page_of("Cy")))
    assert "finished games" in page and "Final total" not in page
    standings = client.get("/standings").get_data(as_text=True)
    assert "<td>-</td><td>-</td>" in standings and "<td>514</td>" not in standings
