"""Spades through the pages, without a browser: the new-game form, the two-step hand form (bids, then
each player's tricks filled in as bid), the scoreboard's lines and banner, fixing a hand, the CSV,
the players' numbers and the rules page, in English and Pashto. Every number below is worked out
by hand from the rules (10 a trick bid, 1 a bag, nil 100, 10 bags cost 100)."""
import html
import json
import re

import pytest

from conftest import play_through_forms, record, unisolated, words
from rules_engine import score
from scorepad.words import records

FOUR = ["Ann", "Ben", "Cy", "Dee"]
with open("examples/spades-worked-game.json", encoding="utf-8") as example:
    WORKED = json.load(example)          # Dee deals first; Ben & Dee win 513 to -8 after hand 7


def worked(hands=7, settings=None):
    return {**WORKED, "hands": WORKED["hands"][:hands], "settings": settings or {}}


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()


def errors(response):
    """The messages shown next to fields: field name -> message."""
    page = html.unescape(response.get_data(as_text=True))
    return dict(re.findall(r'class="error" id="([a-z_0-9]+)-error">([^<]*)<', page))


def options(page, name):
    """A radio group's (value, label) pairs, in the page's order."""
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"[^>]*><span>([^<]*)</span>', page)


def checked(page):
    return dict(re.findall(r'<input type="radio" name="([a-z_0-9]+)" value="([^"]*)" checked>', page))


def hand_lines(client, game_id):
    """The scoreboard's line of each hand, newest first, without the number in front."""
    page = unisolated(client.get(f"/games/{game_id}").get_data(as_text=True))
    return [html.unescape(re.sub(r"<[^>]+>", "", line)).split(" · ", 1)[1]
            for line in re.findall(r'<tr class="facts"><td[^>]*><a[^>]*>(.*?)</a>', page)]


# --- the new-game form ---------------------------------------------------------------------------

def new_game(client, **settings):
    data = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "player_3": "Dee", "first_dealer": "3",
            "setting_target": "500", "setting_lose_at": "-200", "setting_nil_points": "100", "setting_bag_limit": "10",
            "setting_bag_penalty": "100"}
    return client.post("/games/new/spades", data=data | settings)


def test_the_new_game_form_says_partners_sit_opposite_and_offers_the_six_settings(client):
    page = words(client.get("/games/new/spades"))
    assert "Partners sit opposite: Player 1 & Player 3 vs Player 2 & Player 4" in page
    for said in ("Target The game ends after a hand that takes a side to this many points or more. Allowed: 100 to 1000.",
                 "Lose at The game also ends when a side falls to this many points or fewer; none: never. "
                 "Allowed: -1000 to -100, or blank for none.",
                 "Blind nil A player may bid blind nil before looking at their cards",
                 "Nil points Won by a player who bids nil and takes no trick, lost if they take any. Allowed: 50 to 200.",
                 "Bag limit Each trick over a side's contract is a bag", "Bag penalty What a side loses"):
        assert said in page, said
    form = client.get("/games/new/spades").get_data(as_text=True)
    assert re.search(r'name="setting_lose_at"[^>]*value="-200"', form)
    assert re.search(r'name="setting_target"[^>]*value="500"', form)
    # a phone's number keypad for the target; lose at is below 0, and an iPhone's keypad has no minus
    assert re.search(r'<input[^>]*inputmode="numeric"[^>]*name="setting_target"|<input[^>]*name="setting_target"'
                     r'[^>]*inputmode="numeric"', form)
    lose_at = re.search(r'<input[^>]*name="setting_lose_at"[^>]*>', form).group(0)
    assert "inputmode" not in lose_at


def test_play_again_offers_a_table_that_never_loses_as_its_own(client):
    """A game played with lose at none is not "default settings": Play again names it, and its
    form comes back with lose at blank."""
    started = new_game(client, setting_lose_at="")
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    chooser = words(client.get("/games/new"))
    assert "lose at none" in chooser and "default settings" not in chooser
    form = client.get(f"/games/new/spades?from={game_id}").get_data(as_text=True)
    assert 'value="-200"' not in re.search(r'<input[^>]*name="setting_lose_at"[^>]*>', form).group(0)


def test_a_new_game_keeps_its_settings_and_lose_at_left_blank_is_none(client):
    started = new_game(client, setting_lose_at="", setting_blind_nil="y", setting_bag_limit="5", setting_target="300")
    assert started.status_code == 302
    kept = stored(client, started.headers["Location"].rsplit("/", 1)[1])
    assert kept["first_dealer"] == 3 and kept["settings"] == {
        "target": 300, "lose_at": None, "blind_nil": True, "nil_points": 100, "bag_limit": 5, "bag_penalty": 100}


@pytest.mark.parametrize("change, field, message", [
    ({"setting_bag_limit": "4"}, "setting_bag_limit", "Bag limit must be from 5 to 20, not 4."),
    ({"setting_lose_at": "-50"}, "setting_lose_at", "Lose at must be from -1000 to -100 or none, not -50."),
    ({"setting_nil_points": "lots"}, "setting_nil_points", "Enter a whole number."),
    ({"setting_target": ""}, "setting_target", "Enter a whole number."),
])
def test_a_bad_setting_is_refused_next_to_its_field_and_no_game_is_made(client, change, field, message):
    refused = new_game(client, **change)
    assert refused.status_code == 200 and errors(refused) == {field: message}
    assert "/games/" not in (refused.headers.get("Location") or "")


# --- the hand form: bids, then tricks --------------------------------------------------------------

def game_of(client, hands=(), settings=None):
    return play_through_forms(client, record("spades", FOUR, hands, settings, first_dealer=3))


def test_the_bids_are_asked_in_bidding_order_nil_to_13_with_blind_nil_only_when_it_is_on(client):
    page = client.get(f"/games/{game_of(client)}/hands/new").get_data(as_text=True)
    assert [name for name in re.findall(r'data-name="(bid_\d)"', page)] == ["bid_0", "bid_1", "bid_2", "bid_3"]
    assert "Dee (deals)" in words(page) and "data-sum-of='bids'" in page
    assert options(page, "bid_0") == [("0", "nil"), *[(str(n), str(n)) for n in range(1, 14)]]
    assert "Total bid" in page and 'data-cards="13"' in page         # the running total the script keeps
    blind = client.get(f"/games/{game_of(client, settings={'blind_nil': True})}/hands/new").get_data(as_text=True)
    assert options(blind, "bid_3")[-1] == ("blind", "blind nil") and len(options(blind, "bid_3")) == 15


def test_a_missing_bid_is_refused_next_to_it_and_nothing_is_stored(client):
    game_id = game_of(client)
    refused = client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "4", "bid_3": "3"})
    assert errors(refused) == {"bid_2": "Choose Cy's bid."}
    assert stored(client, game_id)["hands"] == [] and "pending" not in stored(client, game_id)


def test_blind_nil_is_refused_next_to_the_bid_when_the_game_plays_without_it(client):
    game_id = game_of(client)
    refused = client.post(f"/games/{game_id}/hands/new", data={"bid_0": "blind", "bid_1": "4", "bid_2": "2", "bid_3": "3"})
    assert errors(refused) == {"bid_0": "Choose Ann's bid."}
    assert stored(client, game_id)["hands"] == []


def test_the_tricks_start_as_bid_a_nil_at_0_and_the_dealer_on_the_tricks_left(client):
    game_id = game_of(client)
    bids = {"bid_0": "0", "bid_1": "5", "bid_2": "4", "bid_3": "3"}
    assert client.post(f"/games/{game_id}/hands/new", data=bids).status_code == 302
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Bids: Ann nil, Ben 5, Cy 4, Dee 3." in words(page)
    # Ann 0 (nil), Ben 5, Cy 4; Dee, dealing, gets what is left: 13 - 9 = 4
    assert checked(page) == {"tricks_0": "0", "tricks_1": "5", "tricks_2": "4", "tricks_3": "4"}
    assert options(page, "tricks_0") == [(str(n), str(n)) for n in range(14)]
    assert 'data-sum="tricks"' in page and re.search(r'data-name="tricks_3"[^>]*data-follows=.1.', page)
    assert "Filled in as everyone bid, the dealer last with the tricks left: change only who missed." in words(page)


def test_a_dealer_who_bid_nil_starts_at_0_tricks_not_the_rest(client):
    """A nil is worth 100 (blind 200) either way: the form never starts it failed. The dealer who bid
    blind nil starts at 0, the tricks short of 13 until the player who took more is tapped."""
    game_id = game_of(client, settings={"blind_nil": True})         # Dee deals
    bids = {"bid_0": "3", "bid_1": "4", "bid_2": "3", "bid_3": "blind"}
    assert client.post(f"/games/{game_id}/hands/new", data=bids).status_code == 302
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert checked(page) == {"tricks_0": "3", "tricks_1": "4", "tricks_2": "3", "tricks_3": "0"}


def test_blind_nil_starts_at_0_tricks_too(client):
    game_id = game_of(client, settings={"blind_nil": True})
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "blind", "bid_2": "4", "bid_3": "3"})
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Bids: Ann 3, Ben blind nil, Cy 4, Dee 3." in words(page)
    assert checked(page) == {"tricks_0": "3", "tricks_1": "0", "tricks_2": "4", "tricks_3": "6"}


def test_tricks_that_do_not_add_up_to_13_or_a_missing_one_are_refused_and_the_bids_kept(client):
    game_id = game_of(client)
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "4", "bid_2": "2", "bid_3": "3"})
    short = client.post(f"/games/{game_id}/hands/new", data={"tricks_0": "4", "tricks_1": "4", "tricks_2": "2",
                                                               "tricks_3": "2"})
    assert "The tricks add up to 12, but a hand has 13 tricks." in words(short) and short.status_code == 200
    missing = client.post(f"/games/{game_id}/hands/new", data={"tricks_0": "4", "tricks_1": "4", "tricks_2": "2"})
    assert errors(missing) == {"tricks_3": "Choose Dee's tricks."}
    assert stored(client, game_id)["hands"] == []
    assert "Bids: Ann 3, Ben 4, Cy 2, Dee 3." in words(client.get(f"/games/{game_id}/hands/new"))


def test_the_typical_hand_scores_51_and_70(client):
    game_id = game_of(client)
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "4", "bid_2": "2", "bid_3": "3"})
    saved = client.post(f"/games/{game_id}/hands/new", data={"tricks_0": "4", "tricks_1": "4", "tricks_2": "2",
                                                               "tricks_3": "3"})
    assert saved.status_code == 302
    assert score(stored(client, game_id)).totals == (51, 70)


# --- the scoreboard ---------------------------------------------------------------------------------

def test_the_worked_games_lines_say_each_sides_contract_tricks_nils_and_bag_penalty(client):
    game_id = play_through_forms(client, worked(5))
    assert hand_lines(client, game_id) == [
        # Ben's nil made: +100, and Ben & Dee 5 of 5: +50
        "Dee deals; Ann & Cy bid 6, took 8; Ben & Dee bid 5, took 5, Ben's nil made",
        # Ann & Cy 6 bags + 4 = 10: 64 - 100 = -36
        "Cy deals; Ann & Cy bid 6, took 10, bags 10: -100; Ben & Dee bid 2, took 3",
        "Ben deals; Ann & Cy bid 4, took 8; Ben & Dee bid 4, took 5",
        # Ann's nil took a trick: -100, and Cy's 4 of 4: +40
        "Ann deals; Ann & Cy bid 4, took 4, Ann's nil failed; Ben & Dee bid 8, took 8",
        "Dee deals; Ann & Cy bid 5, took 6; Ben & Dee bid 7, took 7"]
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann & Cy 61 Ben & Dee 362" in board
    assert "Hand 6 Ann deals Ben bids first Bags: Ann & Cy 2, Ben & Dee 2" in board


def test_the_banner_counts_the_bags_hand_by_hand(client):
    game_id = game_of(client, WORKED["hands"][:3])
    assert "Bags: Ann & Cy 6, Ben & Dee 1" in words(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "3", "bid_1": "1", "bid_2": "3", "bid_3": "1"})
    assert "Bags: Ann & Cy 6, Ben & Dee 1" in words(client.get(f"/games/{game_id}/hands/new"))    # the tricks step too


def test_both_partners_nil_a_blind_nil_and_two_penalties_in_a_line(client):
    # bag limit 5: Ann & Cy both nil, Ann took all 13 tricks: -100 + 100, and 13 bags: 2 x -100, 3 left;
    # Ben's blind nil made +200, Dee bid 3 and took none: -30
    game_id = game_of(client, [{"bids": [0, "blind", 0, 3], "tricks": [13, 0, 0, 0]}],
                      {"blind_nil": True, "bag_limit": 5, "lose_at": None})
    assert hand_lines(client, game_id) == [
        "Dee deals; Ann & Cy both nil, Ann's nil failed, Cy's nil made, bags 13: -200; "
        "Ben & Dee bid 3, took 0, Ben's blind nil made"]
    assert score(stored(client, game_id)).totals == (-100 + 100 - 200, 200 - 30)
    assert "Bags: Ann & Cy 3, Ben & Dee 0" in words(client.get(f"/games/{game_id}"))


def test_the_worked_game_played_through_the_forms_ends_513_to_minus_8(client):
    game_id = play_through_forms(client, WORKED)
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann & Cy -8 Ben & Dee 513" in board and "Game over: Ben & Dee win." in board
    assert "Ben deals; Ann & Cy bid 2, took 3; Ben & Dee bid 9, took 10" in board
    assert score(stored(client, game_id)).winners == ("Ben & Dee",)


def test_the_scoreboard_in_pashto_says_the_line_and_the_bags_in_pashto(client):
    game_id = play_through_forms(client, worked(4))
    client.set_cookie("lang", "ps")
    board = words(client.get(f"/games/{game_id}"))
    assert "Ann & Cy: د ټیم بولي ۶، دستونه ۱۰، بیګونه ۱۰: -۱۰۰" in board
    assert "د Ann نیل پوره نه شو" in board
    assert "بیګونه: Ann & Cy ۰، Ben & Dee ۲" in board


# --- fixing a hand and its history ---------------------------------------------------------------------

def history(client, game_id):
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return [html.unescape(re.sub(r"\s+", " ", text)).strip() for text in re.findall(r"</time> - ([^<]*)</p>", page)]


def test_fixing_a_hand_shows_it_as_recorded_and_says_what_changed(client):
    game_id = play_through_forms(client, worked(2))
    form = client.get(f"/games/{game_id}/hands/2/edit").get_data(as_text=True)
    assert checked(form) == {"bid_0": "0", "bid_1": "5", "bid_2": "4", "bid_3": "3",
                             "tricks_0": "1", "tricks_1": "5", "tricks_2": "4", "tricks_3": "3"}
    # Ann's nil did take no trick: Cy took the 5th. Ann & Cy: 100 + 40 + 1 = +141 instead of -60
    fixed = {"bid_0": "0", "bid_1": "5", "bid_2": "4", "bid_3": "3",
             "tricks_0": "0", "tricks_1": "5", "tricks_2": "5", "tricks_3": "3"}
    assert client.post(f"/games/{game_id}/hands/2/edit", data=fixed).status_code == 302
    assert history(client, game_id)[0] == ("hand 2 edited: Ann's tricks 1 -> 0, Cy's tricks 4 -> 5 "
                                           "(Ann & Cy's score for hand 2: -60 -> 141)")
    assert hand_lines(client, game_id)[0] == "Ann deals; Ann & Cy bid 4, took 5, Ann's nil made; Ben & Dee bid 8, took 8"
    # a bid changed to nil says "nil" in the history, and the waiting bids line says it too
    client.post(f"/games/{game_id}/hands/2/edit", data=fixed | {"bid_2": "0", "tricks_2": "5"})
    assert history(client, game_id)[0].startswith("hand 2 edited: Cy's bid 4 -> nil")
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "0", "bid_1": "4", "bid_2": "2", "bid_3": "3"})
    assert history(client, game_id)[0] == "hand 3 bids entered: Ann nil, Ben 4, Cy 2, Dee 3"


def test_a_fix_that_breaks_the_tricks_is_refused_and_the_hand_kept(client):
    game_id = play_through_forms(client, worked(2))
    refused = client.post(f"/games/{game_id}/hands/2/edit", data={
        "bid_0": "0", "bid_1": "5", "bid_2": "4", "bid_3": "3", "tricks_0": "1", "tricks_1": "5", "tricks_2": "4"})
    assert errors(refused) == {"tricks_3": "Choose Dee's tricks."}
    assert stored(client, game_id)["hands"][1] == WORKED["hands"][1]


# --- the CSV -------------------------------------------------------------------------------------------

def test_the_csv_has_each_sides_contract_with_its_nils_and_its_tricks(client):
    game_id = play_through_forms(client, worked(5))
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).removeprefix("\ufeff").splitlines()
    assert rows[0] == ('"hand","dealer","Ann & Cy bid","Ann & Cy tricks","Ann & Cy points","Ann & Cy total",'
                       '"Ben & Dee bid","Ben & Dee tricks","Ben & Dee points","Ben & Dee total"')
    assert rows[1:] == ['1,"Dee",5,6,51,51,7,7,70,70',
                        '2,"Ann","4 + Ann nil",5,-60,-9,8,8,80,150',          # the nil's trick counts among the side's
                        '3,"Ben",4,8,44,35,4,5,41,191',
                        '4,"Cy",6,10,-36,-1,2,3,21,212',
                        '5,"Dee",6,8,62,61,"5 + Ben nil",5,150,362']


def test_the_csv_says_blind_nil_and_both_nils_and_keeps_ascii_digits_in_pashto(client):
    game_id = game_of(client, [{"bids": [0, "blind", 0, 3], "tricks": [1, 0, 0, 12]}], {"blind_nil": True})
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).splitlines()
    # Ann's nil failed -100, Cy's made +100: 0; Ben's blind nil +200, Dee 3 took 12: 30 + 9; 239
    assert rows[1] == '1,"Dee","Ann nil + Cy nil",1,0,0,"3 + Ben blind nil",12,239,239'
    client.set_cookie("lang", "ps")
    rows = client.get(f"/games/{game_id}/scores.csv").get_data(as_text=True).splitlines()
    assert rows[1] == '1,"Dee","د Ann نیل + د Cy نیل",1,0,0,"3 + د Ben بې لیدو نیل",12,239,239'


# --- the players' numbers ----------------------------------------------------------------------------

def test_the_players_numbers_count_the_teams_bids_made_and_the_nils():
    """The worked game. Ann bid a number in hands 1, 3, 4, 5, 6, 7; Ann & Cy made 5, 4, 6, 6 and 2
    and were set on 9 (took 7): 5 of 6. Her nil (hand 2) took a trick. Ben bid a number in six hands,
    all made by Ben & Dee; his nil (hand 5) was made."""
    game = {"players": FOUR, "record": WORKED, "scored": score(WORKED), "problem": None, "created": None}
    lines = {name: next(kind for kind in records.player_record(name, [game]).kinds if kind.title == "Spades")
             for name in ("Ann", "Ben", "Cy", "Dee")}
    assert lines["Ann"].lines == ["Team's bids made: 5 of 6", "Nils bid: 1, made 0"]
    assert lines["Ann"].rates == ["Team's bids made: 83%", "Nils made: 0%"]
    assert lines["Ben"].lines == ["Team's bids made: 6 of 6", "Nils bid: 1, made 1"]
    assert lines["Cy"].lines == ["Team's bids made: 6 of 7", "Nils bid: 0, made 0"]
    assert lines["Cy"].rates == ["Team's bids made: 86%"]                    # no nil: no share of nils made
    assert lines["Dee"].lines == ["Team's bids made: 7 of 7", "Nils bid: 0, made 0"]


def test_a_blind_nil_counts_among_the_nils():
    rec = record("spades", FOUR, [{"bids": ["blind", 3, 4, 3], "tricks": [0, 4, 5, 4]},
                                  {"bids": [0, 3, 4, 3], "tricks": [1, 3, 5, 4]}], {"blind_nil": True}, first_dealer=3)
    game = {"players": FOUR, "record": rec, "scored": score(rec), "problem": None, "created": None}
    ann = records.player_record("Ann", [game]).kinds[0]
    assert ann.lines == ["Team's bids made: 0 of 0", "Nils bid: 2, made 1"] and ann.rates == ["Nils made: 50%"]


def test_the_players_page_and_how_it_counts(client):
    play_through_forms(client, WORKED)
    from test_players import page_of
    page = words(client.get(page_of("Ann")))
    assert "Team's bids made: 5 of 6" in page and "Nils bid: 1, made 0" in page
    counting = words(client.get("/players/counting"))
    assert "Nils bid: the nils the player bid, blind nils counted with them; made when the player took no trick." in counting
    assert "Team's bids made: the hands the player bid a number (not nil)" in counting


# --- the rules page --------------------------------------------------------------------------------------

def rules_text(client, url):
    article = client.get(url).get_data(as_text=True).split('<article class="rules">', 1)[1]
    return words(re.sub(r"</?(span|b|em)\b[^>]*>", "", article.rsplit("<h2>", 1)[0]))     # no space for inline tags


def test_the_rules_page_works_the_default_numbers(client):
    rules = rules_text(client, "/rules/spades")
    for said in ("Four players in two partnerships, partners opposite.",
                 "Contract 5, took 6: 50 + 1 = 51.", "Contract 9, took 7: -90.",
                 "Nil made (no trick taken): +100 for the side; nil failed: -100,",
                 "Blind nil: twice that, +200 made and -200 failed.",
                 "when they reach 10 (the bag limit), the side loses 100 (the bag penalty) and 10 bags are taken off.",
                 "Ann & Cy have 7 bags, bid 7 and take 10: 70 + 3 = 73, and the 3 bags make 10: 73 - 100 = -27, 0 bags left.",
                 "takes a side to 500 or more", "It also ends when a side falls to -200 or fewer",
                 "With the blind nil setting, a player may bid blind nil"):
        assert said in rules, said


def test_the_rules_page_of_a_game_works_its_own_numbers(client):
    game_id = game_of(client, settings={"bag_limit": 5, "bag_penalty": 50, "nil_points": 75, "target": 250,
                                        "lose_at": None, "blind_nil": True})
    rules = rules_text(client, f"/rules/spades?game={game_id}")
    for said in ("Nil made (no trick taken): +75 for the side; nil failed: -75,", "+150 made and -150 failed.",
                 "when they reach 5 (the bag limit), the side loses 50",
                 "Ann & Cy have 2 bags, bid 7 and take 10: 70 + 3 = 73, and the 3 bags make 5: 73 - 50 = 23, 0 bags left.",
                 "takes a side to 250 or more", "With lose at set to none, a side can fall as low as it may",
                 "With the blind nil setting (on in this game)"):
        assert said in rules, said
    assert "falls to" not in rules
    off = rules_text(client, f"/rules/spades?game={game_of(client)}")
    assert "With the blind nil setting (off in this game)" in off


def test_the_rules_page_in_pashto_says_the_games_numbers_in_pashto_digits(client):
    game_id = game_of(client, settings={"bag_limit": 8, "bag_penalty": 150})
    client.set_cookie("lang", "ps")
    rules = rules_text(client, f"/rules/spades?game={game_id}")
    assert "سپېډز" in words(client.get(f"/rules/spades?game={game_id}"))
    assert "Ann & Cy ۵ بیګونه لري" in rules and "۷۳ - ۱۵۰ = -۷۷" in rules
    assert not re.search(r"[0-9]", rules)
