"""Euchre through the pages, without a browser: the new-game form, the hand form and its refusals, the
scoreboard's lines, fixing a hand, the CSV, the players' numbers and the rules page, with the numbers
worked out by hand."""
import html
import json
import re

import pytest

from conftest import EXAMPLES, form_data, new_game_data, play_through_forms, record, words
from rules_engine import score

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def hand(maker, alone, tricks):
    return {"maker": maker, "alone": alone, "tricks": tricks}


THROWN_IN = {"maker": None}
# The spec's worked game (tests/test_euchre.py): Ann deals first; Ann & Cy win 10 to 3 after hand 8.
WORKED = json.loads((EXAMPLES / "euchre-worked-game.json").read_text())


def game_of(client, hands=(), settings=None):
    return play_through_forms(client, record("euchre", FOUR, hands, settings))


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()["hands"]


def error_of(page: str, field: str) -> str | None:
    found = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', page)
    return html.unescape(found.group(1)) if found else None


def choices(page: str, field: str) -> list[tuple[str, str]]:
    """A radio group's (value, words) in the order the form shows them."""
    group = re.search(rf'<fieldset data-name="{field}".*?</fieldset>', page, re.S).group(0)
    return [(value, html.unescape(words)) for value, words in
            re.findall(r'value="([^"]+)"[^>]*><span>(?:<bdi>)?([^<]*)', group)]


def lines(client, game_id):
    """The scoreboard's line of each hand, hand 1 first, without its number and the bidi isolation marks."""
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.findall(r'<tr class="facts"><td[^>]*><a [^>]*>[^ ]+ [·–] (.*?)</a>', board)
    return [html.unescape(re.sub("[\u2066-\u2069]", "", line)) for line in found][::-1]


# --- the new-game form ------------------------------------------------------------------------

def test_the_new_game_form_asks_the_three_settings_with_their_defaults_and_seats_partners_opposite(client):
    page = client.get("/games/new/euchre").get_data(as_text=True)
    assert re.findall(r'<label for="(setting_\w+)">([^<]+)</label>', page) == [
        ("setting_target", "Target"), ("setting_alone_march", "Alone march")]
    assert 'name="setting_target" type="text" value="10"' in page
    assert 'name="setting_alone_march" type="text" value="4"' in page
    assert re.search(r'name="setting_stick_the_dealer" type="checkbox" value="y">Stick the dealer</label>', page)
    assert "Points a side needs to win (5 and 7 are also played). Allowed: 5 to 25." in page
    assert "What a player who went alone scores for taking all 5 tricks. Allowed: 2 to 8." in page
    assert "Partners sit opposite: Player 1 & Player 3 vs Player 2 & Player 4" in words(page)
    assert 'name="player_4"' not in page                     # four players, no more


@pytest.mark.parametrize("typed, message", [
    ("", "Enter a whole number."),                         # the target is no optional number: blank is refused
    ("4", "Target must be from 5 to 25, not 4."),
    ("26", "Target must be from 5 to 25, not 26."),
    ("ten", "Enter a whole number."),
])
def test_a_bad_target_is_refused_next_to_it_and_no_game_is_made(client, typed, message):
    data = new_game_data(record("euchre", FOUR)) | {"setting_target": typed}
    page = client.post("/games/new/euchre", data=data)
    assert page.status_code == 200 and error_of(page.get_data(as_text=True), "setting_target") == message


def test_the_settings_typed_in_pashto_digits_are_kept(client):
    data = new_game_data(record("euchre", FOUR)) | {"setting_target": "٧", "setting_alone_march": "۶",
                                                     "setting_stick_the_dealer": "y"}
    game_id = client.post("/games/new/euchre", data=data).headers["Location"].rsplit("/", 1)[1]
    kept = client.get(f"/games/{game_id}/record.json").get_json()
    assert kept["settings"] == {"target": 7, "alone_march": 6, "stick_the_dealer": True}
    assert "target 7, alone march 6, stick the dealer on" in words(client.get(f"/games/{game_id}").get_data(as_text=True))


# --- the hand form ----------------------------------------------------------------------------

def test_the_hand_form_asks_maker_alone_and_the_makers_tricks(client):
    game_id = game_of(client, [hand(0, False, 3)])          # Ben deals hand 2
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert re.findall(r'<fieldset data-name="(\w+)"', page) == ["maker", "alone", "tricks"]
    assert re.findall(r"<legend>([^<]+)</legend>", page) == ["Who called trump", "Alone", "Tricks the makers took"]
    assert choices(page, "maker") == [("seat0", "Ann"), ("seat1", "Ben (deals)"), ("seat2", "Cy"), ("seat3", "Dee"),
                                      ("none", "Everyone passed: thrown in")]
    assert choices(page, "alone") == [("no", "no"), ("yes", "yes")]
    assert 'value="no" checked' in page and 'value="yes" checked' not in page      # "no" is already tapped
    assert choices(page, "tricks") == [(str(n), str(n)) for n in range(6)]
    assert "Everyone passed: tap it under the names; alone and the tricks are then left out." in page
    assert 'data-rest-of="tricks" data-cards="5"' in page                # the other side's tricks, said by the script


def test_with_stick_the_dealer_nobody_may_pass_the_hand_in(client):
    page = client.get(f"/games/{game_of(client, settings={'stick_the_dealer': True})}/hands/new").get_data(as_text=True)
    assert [value for value, _words in choices(page, "maker")] == ["seat0", "seat1", "seat2", "seat3"]
    assert "Everyone passed" not in page


def test_the_typical_hand_is_two_taps_between_opening_and_saving(client):
    game_id = game_of(client)
    saved = client.post(f"/games/{game_id}/hands/new", data={"maker": "seat0", "tricks": "3", "alone": "no"})
    assert saved.status_code == 302
    assert stored(client, game_id) == [hand(0, False, 3)]
    assert score(client.get(f"/games/{game_id}/record.json").get_json()).totals == (1, 0)


@pytest.mark.parametrize("sent, field, message", [
    ({"alone": "no", "tricks": "3"}, "maker", "Choose who called trump, or that everyone passed."),
    ({"maker": "seat2", "alone": "no"}, "tricks", "Choose how many tricks the makers took."),
    ({"maker": "seat2", "alone": "no", "tricks": "6"}, "tricks", "Choose how many tricks the makers took."),
    ({"maker": "seat4", "alone": "no", "tricks": "3"}, "maker", "Choose who called trump, or that everyone passed."),
    ({"maker": "2", "alone": "no", "tricks": "3"}, "maker", "Choose who called trump, or that everyone passed."),
    ({"maker": "seat2", "alone": "maybe", "tricks": "3"}, "alone", "Choose whether the maker went alone."),
])
def test_a_missing_or_bad_choice_is_refused_next_to_its_field_and_nothing_is_stored(client, sent, field, message):
    game_id = game_of(client)
    page = client.post(f"/games/{game_id}/hands/new", data=sent)
    assert page.status_code == 200 and error_of(page.get_data(as_text=True), field) == message
    assert stored(client, game_id) == []


def test_both_missing_choices_are_named_at_once(client):
    page = client.post(f"/games/{game_of(client)}/hands/new", data={"alone": "no"}).get_data(as_text=True)
    assert error_of(page, "maker") == "Choose who called trump, or that everyone passed."
    assert error_of(page, "tricks") == "Choose how many tricks the makers took."


def test_a_thrown_in_hand_is_stored_as_thrown_in_whatever_alone_and_tricks_say(client):
    # Without the script, alone and tricks stay on the form and a tapped radio can't be cleared: the
    # table tapped 3 tricks and "yes", then saw everyone had passed. The hand is thrown in.
    game_id = game_of(client)
    saved = client.post(f"/games/{game_id}/hands/new", data={"maker": "none", "alone": "yes", "tricks": "3"})
    assert saved.status_code == 302 and stored(client, game_id) == [THROWN_IN]
    assert lines(client, game_id) == ["Ann deals; everyone passed: thrown in"]


def test_under_stick_the_dealer_a_thrown_in_hand_sent_anyway_is_refused_next_to_the_maker(client):
    game_id = game_of(client, settings={"stick_the_dealer": True})
    page = client.post(f"/games/{game_id}/hands/new", data={"maker": "none", "alone": "no"})
    assert error_of(page.get_data(as_text=True), "maker") == (
        "Stick the dealer is on: the dealer must name trump, so the hand can't be thrown in.")
    assert stored(client, game_id) == []


def test_a_hand_that_would_come_after_the_end_is_not_offered(client):
    game_id = play_through_forms(client, WORKED)
    follow = client.get(f"/games/{game_id}/hands/new", follow_redirects=True).get_data(as_text=True)
    assert "The game is over: fix a hand or start a new game." in follow


# --- the scoreboard ---------------------------------------------------------------------------

def test_the_worked_game_played_through_the_forms_reads_as_a_table_says_it(client):
    game_id = play_through_forms(client, WORKED)
    assert stored(client, game_id) == WORKED["hands"]
    assert lines(client, game_id) == [
        "Ann deals; Ann (Ann & Cy) ordered up, took 3: +1",
        "Ben deals; Dee (Ben & Dee) ordered up, march: +2",
        "Cy deals; Cy alone, march: +4",
        "Dee deals; Ben euchred with 2: Ann & Cy +2",
        "Ann deals; everyone passed: thrown in",
        "Ben deals; Ben alone, took 4: +1",
        "Cy deals; Ann (Ann & Cy) ordered up, took 4: +1",
        "Dee deals; Dee alone, euchred with 1: Ann & Cy +2",
    ]
    board = words(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Ann & Cy 10 winner Ben & Dee 3 Game over: Ann & Cy win." in board
    result = score(client.get(f"/games/{game_id}/record.json").get_json())
    assert result.totals == (10, 3) and result.winners == ("Ann & Cy",)


def test_the_banner_says_the_next_hand_and_its_dealer_thrown_in_hands_included(client):
    # after 7 hands (hand 5 thrown in: Ann dealt it and the deal still passed), Dee deals hand 8
    game_id = play_through_forms(client, WORKED | {"hands": WORKED["hands"][:7]})
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    banner = re.search(r'<section class="banner".*?</section>', board, re.S).group(0)
    assert re.findall(r"<li>([^<]+)</li>", banner) == ["Hand 8", "Dee deals"]
    assert score(client.get(f"/games/{game_id}/record.json").get_json()).totals == (8, 3)


def test_a_hand_page_says_the_line_and_the_engines_words(client):
    game_id = play_through_forms(client, WORKED | {"hands": WORKED["hands"][:3]})
    page = words(client.get(f"/games/{game_id}/hands/3").get_data(as_text=True))
    assert "Cy deals; Cy alone, march: +4" in page
    assert "Cy went alone and took all 5: a lone march, +4" in page


def test_a_lone_march_worth_the_setting_and_a_stuck_dealer_game_through_the_forms(client):
    example = json.loads((EXAMPLES / "euchre-stick-the-dealer.json").read_text())
    expected = json.loads((EXAMPLES / "euchre-stick-the-dealer.expected.json").read_text())
    game_id = play_through_forms(client, example)
    assert score(client.get(f"/games/{game_id}/record.json").get_json()).totals == tuple(expected["totals"])
    # George deals first; Frank's lone march with alone march 6 is worth 6
    assert lines(client, game_id)[1] == "Holland deals; Frank alone, march: +6"


def test_the_scoreboard_line_in_pashto_with_pashto_digits(client):
    game_id = play_through_forms(client, WORKED | {"hands": WORKED["hands"][:4]})
    client.set_cookie("lang", "ps")
    said = lines(client, game_id)
    assert said[0] == "Ann کارتونه ویشي؛ Ann (Ann & Cy) ټرمپ وټاکه، دستونه ۳: +۱"
    assert said[2] == "Cy کارتونه ویشي؛ Cy یوازې لوبه وکړه، پنځه واړه دستونه: +۴"
    assert said[3] == "Dee کارتونه ویشي؛ Ben یوکر شو، دستونه ۲: +۲ Ann & Cy ته"


# --- fixing a hand ----------------------------------------------------------------------------

def history(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return [html.unescape(re.sub(r"\s+", " ", entry)).strip() for entry in re.findall(r"</time> - ([^<]*)</p>", page)]


def test_a_fixed_hand_is_said_in_the_history_and_rescored(client):
    game_id = game_of(client, [hand(0, False, 3), hand(3, False, 5)])           # 1-0, then 1-2
    form = client.get(f"/games/{game_id}/hands/2/edit").get_data(as_text=True)
    assert 'value="seat3" checked' in form and 'value="5" checked' in form and 'value="no" checked' in form
    # Dee went alone and took all 5: the lone march 4, not the march 2
    assert client.post(f"/games/{game_id}/hands/2/edit", data={"maker": "seat3", "alone": "yes",
                                                                 "tricks": "5"}).status_code == 302
    assert history(client, game_id)[0] == "hand 2 edited: alone no -> yes (Ben & Dee's score for hand 2: 2 -> 4)"
    assert lines(client, game_id)[1] == "Ben deals; Dee alone, march: +4"
    # then it was Ben who called, and Ben & Dee took only 2: euchred, 2 to Ann & Cy
    client.post(f"/games/{game_id}/hands/2/edit", data={"maker": "seat1", "alone": "no", "tricks": "2"})
    assert history(client, game_id)[0] == ("hand 2 edited: maker Dee -> Ben, alone yes -> no, makers' tricks 5 -> 2 "
                                           "(Ann & Cy's score for hand 2: 0 -> 2; Ben & Dee's score for hand 2: 4 -> 0)")
    assert score(client.get(f"/games/{game_id}/record.json").get_json()).totals == (3, 0)


def test_a_hand_fixed_to_thrown_in_and_back_says_only_the_maker(client):
    game_id = game_of(client, [hand(0, False, 3)])
    form = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'value="seat0" checked' in form
    client.post(f"/games/{game_id}/hands/1/edit", data={"maker": "none", "alone": "no", "tricks": "3"})
    assert stored(client, game_id) == [THROWN_IN]
    assert history(client, game_id)[0] == "hand 1 edited: maker Ann -> thrown in (Ann & Cy's score for hand 1: 1 -> 0)"
    assert 'value="none" checked' in client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    client.post(f"/games/{game_id}/hands/1/edit", data={"maker": "seat2", "alone": "yes", "tricks": "4"})
    assert history(client, game_id)[0] == "hand 1 edited: maker thrown in -> Cy (Ann & Cy's score for hand 1: 0 -> 1)"


def test_a_fix_the_rules_refuse_keeps_the_hand_as_it_was(client):
    # to 5: 1-0, 2-0, 2-1; Cy's hand 2 fixed to a lone march would make 5-0 and end the game before hand 3
    game_id = game_of(client, [hand(0, False, 3), hand(2, False, 3), hand(1, False, 3)], {"target": 5})
    page = client.post(f"/games/{game_id}/hands/2/edit", data={"maker": "seat2", "alone": "yes", "tricks": "5"})
    assert page.status_code == 200
    assert "That would make hand 3 impossible: the game was already over after hand 2." in words(page.get_data(as_text=True))
    assert stored(client, game_id)[1] == hand(2, False, 3)


# --- the CSV ----------------------------------------------------------------------------------

def test_the_csv_gives_each_sides_tricks_points_and_totals(client):
    game_id = play_through_forms(client, WORKED)
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).removeprefix("\ufeff").splitlines()
    assert rows[0] == ('"hand","dealer","Ann & Cy tricks","Ann & Cy points","Ann & Cy total",'
                       '"Ben & Dee tricks","Ben & Dee points","Ben & Dee total"')
    assert rows[1:] == [
        '1,"Ann",3,1,1,2,0,0',          # Ann's side took 3, Ben & Dee the other 2
        '2,"Ben",0,0,1,5,2,2',          # Dee's march
        '3,"Cy",5,4,5,0,0,2',           # Cy's lone march
        '4,"Dee",3,2,7,2,0,2',          # Ben & Dee euchred with 2: Ann & Cy took 3
        '5,"Ann","",0,7,"",0,2',        # thrown in: no tricks
        '6,"Ben",1,0,7,4,1,3',
        '7,"Cy",4,1,8,1,0,3',
        '8,"Dee",4,2,10,1,0,3',         # Dee alone took 1
    ]


# --- the players' numbers ---------------------------------------------------------------------

def player_page(client, name):
    import hashlib
    import hmac

    from scorepad.words import records
    return words(client.get("/players/" + hmac.new(b"test", records.same(name).encode(), hashlib.sha256).hexdigest()[:20])
                .get_data(as_text=True))


@pytest.mark.parametrize("name, numbers", [
    # Ann called hands 1 and 7, made both; her side marched in hand 3 (Cy alone); it euchred Ben (4) and Dee (8)
    ("Ann", "Trump called: 2, made 2 Marches: 1 Euchred as makers: 0; euchres dealt: 2 Lone hands: 0, made 0, marched 0"),
    # Cy called once, alone, and marched
    ("Cy", "Trump called: 1, made 1 Marches: 1 Euchred as makers: 0; euchres dealt: 2 Lone hands: 1, made 1, marched 1"),
    # Ben called hand 4 (euchred) and 6 (alone, 4 tricks); Dee's march in hand 2 is his side's
    ("Ben", "Trump called: 2, made 1 Marches: 1 Euchred as makers: 2; euchres dealt: 0 Lone hands: 1, made 1, marched 0"),
    # Dee called hand 2 (march) and 8 (alone, euchred with 1)
    ("Dee", "Trump called: 2, made 1 Marches: 1 Euchred as makers: 2; euchres dealt: 0 Lone hands: 1, made 0, marched 0"),
])
def test_the_players_numbers_counted_by_hand(client, name, numbers):
    play_through_forms(client, WORKED)
    page = player_page(client, name)
    assert numbers in page
    assert "Trump called and made: " + {"Ann": "100%", "Cy": "100%", "Ben": "50%", "Dee": "50%"}[name] in page


def test_the_players_page_says_how_each_number_is_counted(client):
    page = words(client.get("/players/counting").get_data(as_text=True))
    assert ("Euchred as makers: the player's side made trump and took fewer than 3 tricks; euchres dealt: the other "
            "side made trump and the player's side held it to fewer than 3.") in page
    assert "Lone hands: the hands the player went alone; made: 3 tricks or more; marched: all 5." in page


# --- the rules page ---------------------------------------------------------------------------

def test_the_rules_with_the_defaults(client):
    rules = words(client.get("/rules/euchre").get_data(as_text=True))
    assert "A lone march (alone, all 5): 4 , the alone march setting." in rules
    assert "Cy goes alone and takes all 5: Ann & Cy +4 ." in rules
    assert "The first side to reach 10 (the target ) wins at once" in rules
    assert "Ann & Cy have 9 and Cy goes alone and takes all 5: 9 + 4 = 13 , and they win with 13." in rules
    assert "with stick the dealer on, the dealer must name trump instead" in rules
    assert "Target: 10" in rules and "Alone march: 4" in rules and "Stick the dealer: off" in rules


def test_the_rules_opened_from_a_game_use_its_settings(client):
    game_id = game_of(client, settings={"target": 7, "alone_march": 5, "stick_the_dealer": True})
    rules = words(client.get(f"/rules/euchre?game={game_id}").get_data(as_text=True))
    assert "Ann & Cy have 6 and Cy goes alone and takes all 5: 6 + 5 = 11 , and they win with 11." in rules
    assert "The first side to reach 7 (the target )" in rules and "Ann & Cy +5 ." in rules
    assert ("Stick the dealer is on in this game: if everyone else passes twice, the dealer must name trump, so no "
            "hand is thrown in.") in rules
    off = words(client.get(f"/rules/euchre?game={game_of(client, settings={'target': 5})}").get_data(as_text=True))
    assert "stick the dealer , off in this game, would make the dealer name trump instead" in off
    assert "Ann & Cy have 4 and Cy goes alone and takes all 5: 4 + 4 = 8" in off


def test_the_rules_in_pashto_say_the_games_numbers_in_pashto_digits(client):
    game_id = game_of(client, settings={"target": 7, "alone_march": 5, "stick_the_dealer": True})
    client.set_cookie("lang", "ps")
    rules = words(client.get(f"/rules/euchre?game={game_id}").get_data(as_text=True))
    assert "۶ + ۵ = ۱۱" in rules and "په ۱۱ نمرو لوبه ګټي" in rules
    assert "په دې لوبه کې « ویشونکی باید ټرمپ وټاکي » فعال دی" in rules
    assert "د ۲۴ کارتونو ګډۍ" in rules and not re.search(r"[0-9]", rules.split("تنظیمات")[0])
    default = words(client.get("/rules/euchre").get_data(as_text=True))
    assert "Ann & Cy +۴" in default and "۹ + ۴ = ۱۳" in default


def test_the_hand_form_in_pashto(client):
    game_id = game_of(client)
    client.set_cookie("lang", "ps")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert re.findall(r"<legend>([^<]+)</legend>", page) == ["چا ټرمپ وټاکه", "یوازې لوبه", "د ټرمپ ټاکونکي ټیم ګټلي دستونه"]
    assert choices(page, "maker")[0] == ("seat0", "Ann (ویشونکی)")
    assert choices(page, "maker")[-1] == ("none", "ټولو پاس وویل: لغوه شو")
    assert choices(page, "tricks") == [(str(n), "۰۱۲۳۴۵"[n]) for n in range(6)]
    refused = client.post(f"/games/{game_id}/hands/new", data={"maker": "seat1", "alone": "no"}).get_data(as_text=True)
    assert error_of(refused, "tricks") is not None and "د ټرمپ ټاکونکي ټیم څو دسته وګټل" in error_of(refused, "tricks")


def test_form_data_is_the_forms_own_reading_of_a_hand():
    assert form_data("euchre", hand(2, True, 5)) == {"maker": "seat2", "alone": "yes", "tricks": "5"}
    assert form_data("euchre", THROWN_IN) == {"maker": "none"}
    assert form_data("euchre", {"maker": 1, "tricks": 3}) == {"maker": "seat1", "alone": "no", "tricks": "3"}
