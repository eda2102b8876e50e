"""Any game: the score sheet for games Scorepad has no rules for. Each hand every player gets the
points the table says; the game ends when a total reaches the target or after a set number of
hands, and the highest total wins, or the lowest with lowest_wins (Hearts)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games as every_game
from conftest import record
from games import button, link, type_in
from rules_engine import GAMES, RuleError, score

ANY = GAMES["any_game"]
THREE, FOUR = ["Ann", "Ben", "Cy"], ["Ann", "Ben", "Cy", "Dee"]
HEARTS = {"target": 100, "lowest_wins": True}
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])   # examples: the profile in conftest.py


def play(players, points, settings=None, first_dealer=0):
    return score(record("any_game", players, [{"points": hand} for hand in points], settings, first_dealer=first_dealer))


def refused(players, points, settings=None):
    with pytest.raises(RuleError) as error:
        play(players, points, settings)
    return error.value


# --- the spec's worked cases, hand by hand ----------------------------------------------------------

# Hearts-like (target 100, lowest wins; Ann, Ben, Cy): Ann reaches 101 on hand 4, the game ends, Cy wins.
HEARTS_HANDS = [[10, 3, 13], [26, 0, 0], [5, 20, 1], [60, 2, 0]]


@pytest.mark.parametrize("hand, totals, dealer, finished", [
    (1, (10, 3, 13), 0, False),
    (2, (36, 3, 13), 1, False),
    (3, (41, 23, 14), 2, False),
    (4, (101, 25, 14), 0, True),
])
def test_hearts_like_game_hand_by_hand(hand, totals, dealer, finished):
    game = play(THREE, HEARTS_HANDS[:hand], HEARTS)
    scored = game.hands[-1]
    assert scored.points == tuple(HEARTS_HANDS[hand - 1]) and scored.totals == totals
    assert scored.facts == {"dealer": dealer}
    assert game.finished is finished
    assert game.winners == (("Cy",) if finished else ())
    assert game.next == (None if finished else {"dealer": hand % 3, "first_bidder": (hand + 1) % 3})


def test_hearts_like_game_ends_and_says_why_and_who_won():
    game = play(THREE, HEARTS_HANDS, HEARTS)
    assert game.totals == (101, 25, 14) and game.winners == ("Cy",)
    assert game.hands[-1].explain == ("Ann +60", "Ben +2", "Cy 0", "Ann reached 100: the game ends.",
                                      "Cy wins with the lowest total, 14.")


def test_highest_wins_at_the_target():
    # target 50; Ann, Ben: [20, 30], [30, 25] -> 50, 55: both reach 50, Ben wins
    game = play(["Ann", "Ben"], [[20, 30]], {"target": 50})
    assert game.totals == (20, 30) and not game.finished and game.next == {"dealer": 1, "first_bidder": 0}
    game = play(["Ann", "Ben"], [[20, 30], [30, 25]], {"target": 50})
    assert game.totals == (50, 55) and game.finished and game.winners == ("Ben",)
    assert game.hands[-1].explain == ("Ann +30", "Ben +25", "Ann and Ben reached 50: the game ends.", "Ben wins with 55.")


@pytest.mark.parametrize("played, totals, hand_of", [
    (0, (0, 0), [1, 3]),
    (1, (1, 2), [2, 3]),
    (2, (4, 6), [3, 3]),
])
def test_a_fixed_number_of_hands_counts_them_down(played, totals, hand_of):
    # target null, hands 3: [1, 2], [3, 4], [5, -1] -> 9, 5, Ann wins
    game = play(["Ann", "Ben"], [[1, 2], [3, 4], [5, -1]][:played], {"target": None, "hands": 3})
    assert game.totals == totals and not game.finished
    assert game.next == {"dealer": played % 2, "first_bidder": (played + 1) % 2, "hand_of": hand_of}


def test_a_fixed_number_of_hands_ends_after_the_last():
    game = play(["Ann", "Ben"], [[1, 2], [3, 4], [5, -1]], {"target": None, "hands": 3})
    assert game.totals == (9, 5) and game.finished and game.winners == ("Ann",) and game.next is None
    assert game.hands[-1].explain == ("Ann +5", "Ben -1", "Hand 3 of 3 was the last: the game ends.", "Ann wins with 9.")


def test_one_hand_level_totals_share_the_win():
    game = play(["Ann", "Ben"], [[5, 5]], {"target": None, "hands": 1})
    assert game.finished and game.winners == ("Ann", "Ben")
    assert game.hands[0].explain[-1] == "Ann and Ben share the win with 5."


# --- refusals: the spec's, and each field's own -------------------------------------------------

@pytest.mark.parametrize("points, message, seat", [
    ([10, 3], "hand 1: points must be a list of 3 numbers, one per player", None),          # two for three players
    ([10, 3, 13, 0], "hand 1: points must be a list of 3 numbers, one per player", None),
    (None, "hand 1: points must be a list of 3 numbers, one per player", None),
    ("10, 3, 13", "hand 1: points must be a list of 3 numbers, one per player", None),
    ([10, 2.5, 13], "hand 1: Ben's points must be a whole number", 1),
    ([True, 3, 13], "hand 1: Ann's points must be a whole number", 0),
    ([10, 3, "5"], "hand 1: Cy's points must be a whole number", 2),
    ([10, 100_001, 13], "hand 1: Ben's points must be from -100,000 to 100,000, not 100,001", 1),
    ([10, 3, -100_001], "hand 1: Cy's points must be from -100,000 to 100,000, not -100,001", 2),
])
def test_bad_points_are_refused_naming_the_seat(points, message, seat):
    error = refused(THREE, [points])
    assert str(error) == message and (error.field, error.seat) == ("points", seat)


def test_a_missing_points_entry_is_refused():
    with pytest.raises(RuleError) as error:
        score(record("any_game", THREE, [{"points": [1, 2, 3]}, {"score": [1, 2, 3]}]))
    assert str(error.value) == "hand 2: points must be a list of 3 numbers, one per player"


def test_one_player_is_told_of_one_number():
    error = refused(["Ann"], [[1, 2]])
    assert str(error) == "hand 1: points must be a list of 1 number, one per player"


def test_the_largest_points_either_way_are_taken():
    assert play(["Ann", "Ben"], [[100_000, -100_000]], {"target": None, "hands": 2}).totals == (100_000, -100_000)


def test_a_game_with_neither_target_nor_hands_is_refused():
    for neither in ({"target": None}, {"target": None, "hands": None}):
        error = refused(THREE, [], neither)
        assert str(error) == "settings: target and hands can't both be none: the game would never end"
        assert error.field == "target"


@pytest.mark.parametrize("settings, message, field", [
    ({"target": 0}, "settings: target must be from 1 to 100000 or none, not 0", "target"),
    ({"target": 100_001}, "settings: target must be from 1 to 100000 or none, not 100001", "target"),
    ({"hands": 0}, "settings: hands must be from 1 to 500 or none, not 0", "hands"),
    ({"hands": 501}, "settings: hands must be from 1 to 500 or none, not 501", "hands"),
    ({"hands": 2.5}, "settings: hands must be a whole number", "hands"),
    ({"lowest_wins": "yes"}, "settings: lowest_wins must be true or false", "lowest_wins"),
])
def test_settings_out_of_range_are_refused(settings, message, field):
    error = refused(THREE, [], settings)
    assert (str(error), error.field) == (message, field)


def test_a_hand_after_the_end_is_refused():
    error = refused(THREE, [*HEARTS_HANDS, [0, 0, 0]], HEARTS)
    assert str(error) == "hand 5: the game was already over after hand 4"


@pytest.mark.parametrize("count, accepted", [(0, False), (1, True), (12, True), (13, False)])
def test_one_to_twelve_players(count, accepted):
    names = [f"P{n}" for n in range(count)]
    if accepted:
        assert play(names, [list(range(count))]).totals == tuple(range(count))
    else:
        error = refused(names, [])
        assert str(error) == f"players: Any game is for 1 to 12 players, not {count}"


# --- settings --------------------------------------------------------------------------------

def test_settings_in_the_specs_order_with_their_defaults():
    assert [(s.name, s.label, s.kind.value, s.default, s.minimum, s.maximum, s.optional) for s in ANY.settings(4)] == [
        ("target", "Target", "whole", 100, 1, 100_000, True),
        ("hands", "Hands", "whole", None, 1, 500, True),
        ("lowest_wins", "Lowest wins", "switch", False, None, None, False)]
    assert dict(play(THREE, []).table.settings) == {"target": 100, "hands": None, "lowest_wins": False}
    assert (ANY.title, ANY.listed, ANY.two_step, ANY.min_players, ANY.max_players) == ("Any game", 90, False, 1, 12)


def test_null_target_means_no_target_and_an_absent_one_the_default():
    assert play(THREE, [], {"target": None, "hands": 5}).table.settings["target"] is None
    assert play(THREE, [], {"hands": 5}).table.settings["target"] == 100
    # with hands 5 and no target, 1,000 points end nothing
    game = play(THREE, [[1000, 0, 0]], {"target": None, "hands": 5})
    assert not game.finished and game.next["hand_of"] == [2, 5]


def test_the_target_can_end_a_game_of_a_set_number_of_hands_early():
    game = play(["Ann", "Ben"], [[60, 10], [50, 0]], {"target": 100, "hands": 10})
    assert game.finished and game.winners == ("Ann",) and len(game.hands) == 2
    assert game.hands[-1].explain[2:] == ("Ann reached 100: the game ends.", "Ann wins with 110.")


def test_the_target_reached_on_the_last_hand_is_said_as_the_reason():
    game = play(["Ann", "Ben"], [[60, 10], [50, 0]], {"target": 100, "hands": 2})
    assert game.hands[-1].explain[2] == "Ann reached 100: the game ends."


def test_lowest_wins_without_a_target_and_shared():
    game = play(THREE, [[5, 0, 3], [0, 7, 4]], {"target": None, "hands": 2, "lowest_wins": True})
    assert game.totals == (5, 7, 7) and game.winners == ("Ann",)
    game = play(THREE, [[5, 0, 3], [0, 5, 4]], {"target": None, "hands": 2, "lowest_wins": True})
    assert game.winners == ("Ann", "Ben")
    assert game.hands[-1].explain[-2:] == ("Hand 2 of 2 was the last: the game ends.",
                                           "Ann and Ben share the win with the lowest total, 5.")


def test_the_game_says_whether_the_lowest_total_wins():
    # the scoreboard's leading mark, the players' best totals and BG Stats follow Game.lowest_wins
    assert ANY.lowest_wins(play(THREE, [], HEARTS).table) is True
    assert ANY.lowest_wins(play(THREE, []).table) is False
    game = play(THREE, HEARTS_HANDS[:2], HEARTS)
    assert game.totals == (36, 3, 13) and game.leading == (1,)


def test_negative_points_never_reach_a_target():
    game = play(["Ann", "Ben"], [[-50, 20], [-60, 30]], {"target": 50})
    assert game.totals == (-110, 50) and game.finished and game.winners == ("Ben",)


# --- the deal, the explanation, adjustments ---------------------------------------------------

def test_the_deal_passes_left_from_the_first_dealer():
    game = play(FOUR, [[1, 0, 0, 0]] * 5, first_dealer=2)
    assert [hand.facts["dealer"] for hand in game.hands] == [2, 3, 0, 1, 2]
    assert game.next == {"dealer": 3, "first_bidder": 0}


def test_each_player_gets_a_line_with_the_sign_of_their_points():
    game = play(FOUR, [[10, -5, 0, 13]])
    assert game.hands[0].explain == ("Ann +10", "Ben -5", "Cy 0", "Dee +13")


def test_an_adjustment_over_the_target_ends_nothing_until_the_next_hand():
    hands = [{"points": [40, 0]}, {"adjustment": [70, 0], "note": "miscount"}]
    game = score(record("any_game", ["Ann", "Ben"], hands))
    assert game.totals == (110, 0) and not game.finished and game.next == {"dealer": 1, "first_bidder": 0}
    game = score(record("any_game", ["Ann", "Ben"], [*hands, {"points": [0, 5]}]))
    assert game.finished and game.winners == ("Ann",)


def test_an_adjustment_does_not_count_as_one_of_the_hands():
    hands = [{"points": [1, 2]}, {"adjustment": [5, 0], "note": "late joiner"}]
    game = score(record("any_game", ["Ann", "Ben"], hands, {"target": None, "hands": 2}))
    assert not game.finished and game.next["hand_of"] == [2, 2]


# --- properties -------------------------------------------------------------------------------

def legal_hand(draw, scored, order):
    """Any whole points per player, small ones mostly so a game runs a few hands."""
    return {"points": draw(st.lists(st.integers(-10, 30), min_size=scored.table.size, max_size=scored.table.size))}


@st.composite
def tables(draw):
    """A random table (any settings that let the game end) and the hands it plays, as far as they go."""
    count = draw(st.integers(1, 12))
    target = draw(st.none() | st.integers(1, 100))
    hands = draw(st.integers(1, 8) if target is None else st.none() | st.integers(1, 8))
    settings = {"target": target, "hands": hands, "lowest_wins": draw(st.booleans())}
    points = draw(st.lists(st.lists(st.integers(-100_000, 100_000) | st.integers(-10, 30), min_size=count,
                                    max_size=count), max_size=10))
    return [f"P{n}" for n in range(count)], settings, points


def played(players, settings, points):
    """The hands scored one by one while the game goes on."""
    game = score(record("any_game", players, [], settings))
    for hand in points:
        if game.finished:
            break
        game = game.then([{"points": hand}])
    return game


@SETTINGS
@given(tables())
def test_totals_are_the_sum_of_the_points_typed(table):
    players, settings, points = table
    game = played(players, settings, points)
    for number, hand in enumerate(game.hands):
        assert hand.points == tuple(points[number])
        assert hand.totals == tuple(map(sum, zip(*points[:number + 1])))


@SETTINGS
@given(tables())
def test_the_game_ends_exactly_when_a_total_reaches_the_target_or_the_hands_run_out(table):
    players, settings, points = table
    game = played(players, settings, points)
    for number, hand in enumerate(game.hands, 1):
        ends = (settings["target"] is not None and max(hand.totals) >= settings["target"]
                or settings["hands"] is not None and number == settings["hands"])
        assert ends == (number == len(game.hands) and game.finished)
    assert game.finished or len(game.hands) == len(points)


@SETTINGS
@given(tables())
def test_the_winners_have_the_best_total_and_a_later_hand_is_refused(table):
    players, settings, points = table
    game = played(players, settings, points)
    if not game.finished:
        return
    best = (min if settings["lowest_wins"] else max)(game.totals)
    assert game.winners == tuple(name for name, total in zip(players, game.totals) if total == best)
    with pytest.raises(RuleError) as error:
        game.then([{"points": [0] * len(players)}])
    assert str(error.value) == f"hand {len(game.hands) + 1}: the game was already over after hand {len(game.hands)}"


@SETTINGS
@given(tables())
def test_every_hand_explains_each_players_points_then_the_end(table):
    players, settings, points = table
    game = played(players, settings, points)
    for hand in game.hands:
        lines = [f"{name} {'+' if p > 0 else ''}{p}" for name, p in zip(players, hand.points)]
        assert list(hand.explain[:len(players)]) == lines
    assert [len(hand.explain) - len(players) for hand in game.hands] == [0] * (len(game.hands) - game.finished) + \
        [2] * game.finished


# every_game.Tested, not Tested imported by name: pytest would try to collect a class named Test... here
TESTED = every_game.Tested(
    legal_hand=legal_hand,
    players=("Ann", "Ben", "Cy", "Dee"),
    dealer=0,
    # the points typed into a field per player (negative allowed), then saved: typing is not a tap
    typical_hand=(link("Record hand 1"), type_in("points_0", "10"), type_in("points_1", "3"),
                  type_in("points_2", "13"), type_in("points_3", "0"), button("Save hand 1")),
    totals_after=("10", "3", "13", "0"),
    # the spec's Hearts-like game: Ann reaches 101 and the game ends; lowest wins, so Cy (14) wins
    finished=record("any_game", THREE, [{"points": hand} for hand in HEARTS_HANDS], HEARTS),
    result_lines=("Any game", "1. Cy 14", "2. Ben 25", "3. Ann 101", "Game over: Cy wins."),
    # a Hearts-like game to 200: the rules' worked hand takes Ann from 180 to 205, "200 or over"
    rules_settings={"target": 200, "lowest_wins": True},
    rules_say="۲۰۰ یا تر هغې ډېرې",
)
