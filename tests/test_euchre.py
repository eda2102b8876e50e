"""Euchre (more-games.md): the makers' side takes 3 or 4 tricks for 1, all 5 for a march (2, or
`alone_march` alone); fewer than 3 and the other side scores 2. First side to the target wins."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import record
from games import Tested as Played  # renamed: pytest would try to collect a class called Test... as tests
from games import button, link, tap
from rules_engine import GAMES, RuleError, score
from rules_engine.core import bidding_order

EUCHRE = GAMES["euchre"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])   # examples: the profile in conftest.py


def hand(maker, alone, tricks):
    return {"maker": maker, "alone": alone, "tricks": tricks}


THROWN_IN = {"maker": None}


def play(hands, settings=None, first_dealer=0):
    return score(record("euchre", FOUR, hands, settings, first_dealer=first_dealer))


def refusal(hands, settings=None):
    with pytest.raises(RuleError) as refused:
        play(hands, settings)
    return str(refused.value), refused.value.field, refused.value.seat


# --- the spec's worked game (first dealer Ann, default settings) -------------------------------

WORKED = [hand(0, False, 3), hand(3, False, 5), hand(2, True, 5), hand(1, False, 2),
          THROWN_IN, hand(1, True, 4), hand(0, False, 4), hand(3, True, 1)]

# hand, points, totals (Ann & Cy, Ben & Dee), dealer, the side that scored
WORKED_TABLE = [
    (1, (1, 0), (1, 0), 0, 0),      # Ann, no, 3: +1 to Ann & Cy
    (2, (0, 2), (1, 2), 1, 1),      # Dee, no, 5: march, +2 to Ben & Dee
    (3, (4, 0), (5, 2), 2, 0),      # Cy, alone, 5: lone march, +4
    (4, (2, 0), (7, 2), 3, 0),      # Ben, no, 2: euchred, +2 to Ann & Cy
    (5, (0, 0), (7, 2), 0, None),   # thrown in: Ann dealt, the deal still passes
    (6, (0, 1), (7, 3), 1, 1),      # Ben, alone, 4: +1 (alone too)
    (7, (1, 0), (8, 3), 2, 0),      # Ann, no, 4: +1
    (8, (2, 0), (10, 3), 3, 0),     # Dee, alone, 1: euchred, +2 to Ann & Cy
]


@pytest.mark.parametrize("number, points, totals, dealer, scorer", WORKED_TABLE)
def test_the_worked_game_hand_by_hand(number, points, totals, dealer, scorer):
    scored = play(WORKED).hands[number - 1]
    assert scored.number == number
    assert (scored.points, scored.totals) == (points, totals)
    assert (scored.facts["dealer"], scored.facts["scorer"]) == (dealer, scorer)


def test_the_worked_game_ends_after_hand_8_and_ann_and_cy_win():
    before = play(WORKED[:7])
    assert not before.finished and before.winners == () and before.totals == (8, 3)
    assert before.next == {"dealer": 3, "first_bidder": 0}          # Dee deals, Ann may order up first
    done = play(WORKED)
    assert done.finished and done.winners == ("Ann & Cy",) and done.totals == (10, 3)
    assert done.sides == ("Ann & Cy", "Ben & Dee") and done.next is None


def test_a_hand_after_the_end_is_refused():
    assert refusal([*WORKED, hand(1, False, 3)]) == ("hand 9: the game was already over after hand 8", None, None)
    assert refusal([*WORKED, THROWN_IN])[0] == "hand 9: the game was already over after hand 8"


def test_the_facts_say_who_made_trump_how_and_who_scored():
    hands = play(WORKED).hands
    assert hands[2].facts == {"dealer": 2, "maker": 2, "alone": True, "tricks": 5, "scorer": 0}
    assert hands[3].facts == {"dealer": 3, "maker": 1, "alone": False, "tricks": 2, "scorer": 0}
    assert hands[4].facts == {"dealer": 0, "maker": None, "alone": False, "tricks": None, "scorer": None}


def test_the_worked_game_explained_as_a_table_says_it():
    said = [scored.explain for scored in play(WORKED).hands]
    assert said == [
        ("Ann (Ann & Cy) ordered up and took 3: +1",),
        ("Dee (Ben & Dee) ordered up and took all 5: a march, +2",),
        ("Cy went alone and took all 5: a lone march, +4",),
        ("Ben (Ben & Dee) was euchred with 2: Ann & Cy +2",),
        ("Everybody passed: thrown in, Ben deals next",),
        ("Ben went alone and took 4: +1",),
        ("Ann (Ann & Cy) ordered up and took 4: +1",),
        ("Dee went alone and was euchred with 1: Ann & Cy +2", "Ann & Cy win with 10 (target 10)."),
    ]


# --- the scoring rule, one hand at a time ------------------------------------------------------

@pytest.mark.parametrize("settings, played, points", [
    ({}, hand(0, False, 3), (1, 0)),
    ({}, hand(1, False, 4), (0, 1)),
    ({}, hand(2, False, 5), (2, 0)),             # a march
    ({}, hand(3, True, 5), (0, 4)),              # a lone march: alone_march 4
    ({}, hand(0, True, 3), (1, 0)),              # alone, 3 tricks: still 1
    ({}, hand(0, False, 0), (0, 2)),             # euchred: the other side 2
    ({}, hand(1, False, 2), (2, 0)),
    ({}, hand(3, True, 2), (2, 0)),              # euchred alone: still 2
    ({"alone_march": 2}, hand(0, True, 5), (2, 0)),
    ({"alone_march": 8}, hand(1, True, 5), (0, 8)),
    ({"alone_march": 8}, hand(1, False, 5), (0, 2)),   # the setting is for a lone march only
    ({"alone_march": 8}, hand(1, True, 4), (0, 1)),
    ({"alone_march": 8}, hand(1, True, 0), (2, 0)),
])
def test_points_for_one_hand(settings, played, points):
    assert play([played], settings).hands[0].points == points


def test_alone_defaults_to_false():
    assert play([{"maker": 2, "tricks": 5}]).hands[0].points == (2, 0)
    assert play([{"maker": 2, "alone": None, "tricks": 5}]).hands[0].facts["alone"] is False


@pytest.mark.parametrize("hands, explain", [
    ([hand(3, True, 5)], ("Dee went alone and took all 5: a lone march, +4",)),
    ([hand(2, True, 3)], ("Cy went alone and took 3: +1",)),
    ([hand(0, False, 0)], ("Ann (Ann & Cy) was euchred with 0: Ben & Dee +2",)),
    ([THROWN_IN, THROWN_IN, THROWN_IN, THROWN_IN], ("Everybody passed: thrown in, Ann deals next",)),   # Dee dealt
])
def test_more_explanations(hands, explain):
    assert play(hands).hands[-1].explain == explain


def test_a_lone_march_that_overshoots_the_target_ends_the_game():
    # target 5: 4 + 4 = 8; Ben & Dee win, the line says with how much
    game = play([hand(1, True, 5), hand(3, True, 5)], {"target": 5})
    assert game.finished and game.winners == ("Ben & Dee",) and game.totals == (0, 8)
    assert game.hands[-1].explain[-1] == "Ben & Dee win with 8 (target 5)."


def test_one_short_of_the_target_goes_on_and_reaching_it_ends():
    four = [hand(0, True, 5)]                                        # 4 of 5
    assert not play(four, {"target": 5}).finished
    assert play([*four, hand(2, False, 3)], {"target": 5}).winners == ("Ann & Cy",)
    assert not play([*four, hand(2, False, 3)], {"target": 6}).finished


def test_the_deal_passes_left_thrown_in_hands_included():
    game = play([THROWN_IN, hand(1, False, 3), THROWN_IN], first_dealer=2)
    assert [scored.facts["dealer"] for scored in game.hands] == [2, 3, 0]
    assert game.next == {"dealer": 1, "first_bidder": 2}
    assert play([], first_dealer=3).next == {"dealer": 3, "first_bidder": 0}


def test_a_thrown_in_hand_may_say_nobody_went_alone():
    for thrown_in in ({"maker": None, "alone": False}, {"maker": None, "alone": None, "tricks": None}):
        assert play([thrown_in]).hands[0].points == (0, 0)


# --- refusals: one line each, naming the field -------------------------------------------------

@pytest.mark.parametrize("played, message, field", [
    # the spec's: 6 tricks; maker 4; alone on a thrown-in hand
    (hand(0, False, 6), "hand 1: tricks must be from 0 to 5, not 6: a hand has 5 tricks", "tricks"),
    (hand(0, False, -1), "hand 1: tricks must be from 0 to 5, not -1: a hand has 5 tricks", "tricks"),
    (hand(4, False, 3), "hand 1: the maker must be a seat number from 0 to 3, not 4", "maker"),
    (hand(-1, False, 3), "hand 1: the maker must be a seat number from 0 to 3, not -1", "maker"),
    ({"maker": None, "alone": True}, "hand 1: everyone passed and the hand is thrown in, so nobody went alone",
     "alone"),
    # every other malformed value
    (hand("0", False, 3), "hand 1: the maker must be a seat number from 0 to 3, or null when everyone passed",
     "maker"),
    (hand(True, False, 3), "hand 1: the maker must be a seat number from 0 to 3, or null when everyone passed",
     "maker"),
    (hand(1.0, False, 3), "hand 1: the maker must be a seat number from 0 to 3, or null when everyone passed",
     "maker"),
    ({"alone": False, "tricks": 3}, "hand 1: the maker is missing: the seat who made trump, or null when everyone passed",
     "maker"),
    (hand(0, "no", 3), "hand 1: alone must be true or false", "alone"),
    (hand(0, 1, 3), "hand 1: alone must be true or false", "alone"),
    ({"maker": None, "alone": "yes"}, "hand 1: alone must be true or false", "alone"),
    ({"maker": 0, "alone": False}, "hand 1: the tricks are missing", "tricks"),
    (hand(0, False, None), "hand 1: the tricks are missing", "tricks"),
    (hand(0, False, "3"), "hand 1: tricks must be a whole number from 0 to 5: those the makers' side took", "tricks"),
    (hand(0, False, 2.5), "hand 1: tricks must be a whole number from 0 to 5: those the makers' side took", "tricks"),
    (hand(0, False, [3, 2]), "hand 1: tricks must be a whole number from 0 to 5: those the makers' side took", "tricks"),
    ({"maker": None, "tricks": 0}, "hand 1: everyone passed and the hand is thrown in, so it can't have tricks", "tricks"),
])
def test_bad_hands_are_refused(played, message, field):
    assert refusal([played]) == (message, field, None)


def test_the_first_problem_is_the_one_told_maker_before_alone_before_tricks():
    assert refusal([hand(7, "x", 9)])[1] == "maker"
    assert refusal([hand(1, "x", 9)])[1] == "alone"


STUCK = {"stick_the_dealer": True}


def test_stick_the_dealer_refuses_a_thrown_in_hand():
    message = "hand 2: stick the dealer is on: the dealer must name trump, so the hand can't be thrown in"
    assert refusal([hand(1, False, 3), THROWN_IN], STUCK) == (message, "maker", None)
    assert refusal([hand(1, False, 3), {"maker": None, "alone": True}], STUCK)[0] == message
    stuck = play([hand(1, False, 3), hand(1, False, 3)], STUCK)           # the dealer (Ben) named trump
    assert stuck.totals == (0, 2) and stuck.next == {"dealer": 2, "first_bidder": 3}


def test_five_players_are_refused():
    with pytest.raises(RuleError) as refused:
        score(record("euchre", [*FOUR, "Eve"]))
    assert str(refused.value) == "players: Euchre is for 4 players, not 5"


# --- settings: in the spec's order, with ranges and defaults ------------------------------------

def test_the_settings_their_labels_kinds_and_defaults():
    shown = [(s.name, s.label, s.kind.value, s.default, s.minimum, s.maximum) for s in EUCHRE.settings(4)]
    assert shown == [("target", "Target", "whole", 10, 5, 25), ("alone_march", "Alone march", "whole", 4, 2, 8),
                     ("stick_the_dealer", "Stick the dealer", "switch", False, None, None)]
    assert dict(play([]).table.settings) == {"target": 10, "alone_march": 4, "stick_the_dealer": False}
    assert [s.help for s in EUCHRE.settings(4)] == [
        "Points a side needs to win (5 and 7 are also played).",
        "What a player who went alone scores for taking all 5 tricks.",
        "When everyone passes twice the dealer must name trump, so no hand is thrown in."]


def test_the_game_is_for_four_in_one_step():
    assert (EUCHRE.title, EUCHRE.min_players, EUCHRE.max_players, EUCHRE.listed) == ("Euchre", 4, 4, 70)
    assert EUCHRE.two_step is False
    with pytest.raises(RuleError) as refused:
        play([]).check_bids(["pass"] * 4)
    assert str(refused.value) == "hand 1: Euchre records the bids together with the rest of the hand"


@pytest.mark.parametrize("settings, message", [
    ({"target": 4}, "settings: target must be from 5 to 25, not 4"),
    ({"target": 26}, "settings: target must be from 5 to 25, not 26"),
    ({"alone_march": 1}, "settings: alone_march must be from 2 to 8, not 1"),
    ({"alone_march": 9}, "settings: alone_march must be from 2 to 8, not 9"),
    ({"target": "10"}, "settings: target must be a whole number"),
    ({"stick_the_dealer": "on"}, "settings: stick_the_dealer must be true or false"),
    ({"lose_at": -200}, "settings: Euchre has no setting called 'lose_at'"),
])
def test_bad_settings_are_refused(settings, message):
    assert refusal([], settings)[0] == message


@pytest.mark.parametrize("settings", [{"target": 5}, {"target": 25}, {"alone_march": 2}, {"alone_march": 8}])
def test_the_ends_of_each_range_are_allowed(settings):
    assert play([], settings).table.settings[next(iter(settings))] == next(iter(settings.values()))


# --- properties over random games ---------------------------------------------------------------

def legal_hand(draw, scored, order):
    """A legal next hand: any seat makes trump (or, unless the dealer is stuck, nobody does), alone or
    not, and its side takes 0 to 5 tricks."""
    makers = list(order) if scored.table.settings["stick_the_dealer"] else [None, *order]
    maker = draw(st.sampled_from(makers))
    if maker is None:
        return dict(THROWN_IN)
    return hand(maker, draw(st.booleans()), draw(st.integers(0, 5)))


@st.composite
def games(draw, most=60):
    """A Euchre game with random settings, played hand by hand until it ends (or `most` hands)."""
    settings = {"target": draw(st.integers(5, 25)), "alone_march": draw(st.integers(2, 8)),
                "stick_the_dealer": draw(st.booleans())}
    scored = play([], settings, first_dealer=draw(st.integers(0, 3)))
    while not scored.finished and len(scored.hands) < most:
        order = bidding_order(scored.next["dealer"], 4)
        scored = scored.then([legal_hand(draw, scored, order)])
    return scored


@SETTINGS
@given(games())
def test_totals_are_the_sum_of_the_points(game):
    running = (0, 0)
    for scored in game.hands:
        running = tuple(total + points for total, points in zip(running, scored.points))
        assert scored.totals == running
    assert game.totals == running


@SETTINGS
@given(games())
def test_only_one_side_scores_and_only_what_the_rule_gives(game):
    lone_march = game.table.settings["alone_march"]
    for scored in game.hands:
        facts = scored.facts
        if facts["maker"] is None:
            assert scored.points == (0, 0) and facts["scorer"] is None
            continue
        makers = facts["maker"] % 2
        assert facts["scorer"] == (makers if facts["tricks"] >= 3 else 1 - makers)
        assert scored.points[1 - facts["scorer"]] == 0
        expected = 2 if facts["tricks"] < 3 else 1 if facts["tricks"] < 5 else lone_march if facts["alone"] else 2
        assert scored.points[facts["scorer"]] == expected


@SETTINGS
@given(games())
def test_the_game_ends_exactly_when_a_side_reaches_the_target(game):
    target = game.table.settings["target"]
    for scored in game.hands[:-1]:
        assert max(scored.totals) < target
    if game.finished:
        last = game.hands[-1]
        assert last.totals[last.facts["scorer"]] >= target and last.totals[1 - last.facts["scorer"]] < target
        assert game.winners == (game.sides[last.facts["scorer"]],) and game.next is None
    else:
        assert max(game.totals) < target and len(game.hands) == 60


@SETTINGS
@given(games())
def test_the_deal_passes_left_every_hand(game):
    first = game.table.first_dealer
    assert [scored.facts["dealer"] for scored in game.hands] == [(first + n) % 4 for n in range(len(game.hands))]
    if not game.finished:
        dealer = (first + len(game.hands)) % 4
        assert game.next == {"dealer": dealer, "first_bidder": (dealer + 1) % 4}


@SETTINGS
@given(games())
def test_stick_the_dealer_games_have_no_thrown_in_hand_and_others_may(game):
    thrown_in = [scored for scored in game.hands if scored.facts["maker"] is None]
    if game.table.settings["stick_the_dealer"]:
        assert thrown_in == []
    for scored in thrown_in:
        assert scored.explain == (f"Everybody passed: thrown in, {FOUR[(scored.facts['dealer'] + 1) % 4]} deals next",)


# --- Euchre as the tests of every game play it --------------------------------------------------

TESTED = Played(
    legal_hand=legal_hand,
    players=("Ann", "Ben", "Cy", "Dee"),
    dealer=0,
    # Ann calls trump, not alone ("no" is already chosen), and takes 3: two taps besides opening and saving
    typical_hand=(link("Record hand 1"), tap("maker", "seat0"), tap("tricks", "3"), button("Save hand 1")),
    totals_after=("1", "0"),
    # target 5: Cy's lone march 4, Dee's march 2 for Ben & Dee, then Ann takes 3 and Ann & Cy reach 5
    finished=record("euchre", FOUR, [hand(2, True, 5), hand(3, False, 5), hand(0, False, 3)], {"target": 5}),
    result_lines=("Euchre", "1. Ann & Cy 5", "2. Ben & Dee 2", "Game over: Ann & Cy win."),
    # target 7, a lone march 5: the rules' end example is 6 + 5 = 11, "they win with 11"
    rules_settings={"target": 7, "alone_march": 5, "stick_the_dealer": True}, rules_say="په ۱۱ نمرو لوبه ګټي",
)


def test_the_short_finished_game_is_what_its_result_lines_say():
    game = score(TESTED.finished)
    assert game.finished and game.totals == (5, 2) and game.winners == ("Ann & Cy",)
    assert [scored.points for scored in game.hands] == [(4, 0), (0, 2), (1, 0)]
