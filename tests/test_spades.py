import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import record
from games import Tested as Played  # (as: pytest would collect a class named Test...)
from games import button, link, tap
from rules_engine import GAMES, RuleError, score
from rules_engine.core import bidding_order
from strategies import draw_settings, split

SPADES = GAMES["spades"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])   # examples: the profile in conftest.py


def hand(bids, tricks):
    return {"bids": list(bids), "tricks": list(tricks)}


def play(hands, settings=None, first_dealer=3):
    """Ann, Ben, Cy and Dee (Ann & Cy against Ben & Dee), Dee dealing first."""
    return score(record("spades", FOUR, hands, settings, first_dealer=first_dealer))


# --- the worked game of more-games.md, hand by hand -------------------------------------------

WORKED = [
    # bids, tricks, points (Ann & Cy, Ben & Dee), totals, bags after the hand
    ([3, 4, 2, 3], [4, 4, 2, 3], (51, 70), (51, 70), [1, 0]),
    ([0, 5, 4, 3], [1, 5, 4, 3], (-60, 80), (-9, 150), [2, 0]),
    ([2, 2, 2, 2], [5, 3, 3, 2], (44, 41), (35, 191), [6, 1]),
    ([3, 1, 3, 1], [5, 1, 5, 2], (-36, 21), (-1, 212), [0, 2]),
    ([4, 0, 2, 5], [4, 0, 4, 5], (62, 150), (61, 362), [2, 2]),
    ([5, 3, 4, 3], [4, 3, 3, 3], (-90, 60), (-29, 422), [2, 2]),
    ([1, 4, 1, 5], [1, 4, 2, 6], (21, 91), (-8, 513), [3, 3]),
]
WORKED_HANDS = [hand(bids, tricks) for bids, tricks, *_ in WORKED]


@pytest.mark.parametrize("number", range(1, 8))
def test_the_worked_game_hand_by_hand(number):
    bids, tricks, points, totals, bags = WORKED[number - 1]
    game = play(WORKED_HANDS[:number])
    scored = game.hands[-1]
    assert (scored.points, scored.totals, scored.facts["bags"]) == (points, totals, bags)
    assert scored.facts["dealer"] == (3 + number - 1) % 4                   # Dee deals the first hand, then Ann...
    assert game.finished == (number == 7)


def test_the_worked_game_ends_after_hand_seven_with_ben_and_dee_at_513():
    game = play(WORKED_HANDS)
    assert game.finished and game.winners == ("Ben & Dee",) and game.totals == (-8, 513) and game.next is None
    assert game.hands[-1].explain[-1] == "Ben & Dee win with 513 (target 500)."
    assert [scored.facts["contract"] for scored in game.hands] == [[5, 7], [4, 8], [4, 4], [6, 2], [6, 5], [9, 6],
                                                                   [2, 9]]


def test_before_each_hand_the_next_says_the_dealer_the_first_bidder_and_the_bags():
    assert play([]).next == {"dealer": 3, "first_bidder": 0, "bags": [0, 0]}
    assert play(WORKED_HANDS[:3]).next == {"dealer": 2, "first_bidder": 3, "bags": [6, 1]}
    assert play(WORKED_HANDS[:4]).next == {"dealer": 3, "first_bidder": 0, "bags": [0, 2]}


# --- more cases ------------------------------------------------------------------------------

def test_a_made_blind_nil_scores_twice_the_nil_points():
    game = play([hand(["blind", 3, 4, 3], [0, 4, 5, 4])], {"blind_nil": True})
    assert game.hands[0].points == (241, 62) and game.next["bags"] == [1, 2]
    assert game.hands[0].explain == ("Ann's blind nil made: +200", "Ann & Cy: contract 4, took 5: 40 + 1 = +41 (1 bag)",
                                     "Ann & Cy in all: 200 + 41 = +241",
                                     "Ben & Dee: contract 6, took 8: 60 + 2 = +62 (2 bags)",
                                     "Bags now: Ann & Cy 1, Ben & Dee 2")


def test_falling_to_minus_200_ends_the_game_and_the_other_side_wins():
    first = hand([6, 3, 6, 3], [2, 4, 3, 4])
    game = play([first])
    assert game.hands[0].points == (-120, 62) and not game.finished
    game = play([first, hand([5, 3, 5, 3], [3, 4, 2, 4])])
    assert game.hands[1].points == (-100, 62) and game.totals == (-220, 124)
    assert game.finished and game.winners == ("Ben & Dee",)
    assert game.hands[1].explain[-1] == "Ann & Cy fall to -220 (lose at -200): Ben & Dee win with 124."


def test_with_lose_at_none_a_side_falls_as_far_as_it_likes():
    set_twice = [hand([6, 3, 6, 3], [2, 4, 3, 4]), hand([5, 3, 5, 3], [3, 4, 2, 4])]
    game = play(set_twice, {"lose_at": None})
    assert game.totals == (-220, 124) and not game.finished and game.table.settings["lose_at"] is None
    assert play(set_twice, {"lose_at": -300}).finished is False
    assert play(set_twice, {"lose_at": -220}).finished is True            # at lose_at is enough


@pytest.mark.parametrize("settings, bids, tricks, points", [
    # nil points 50: Ann's nil made +50, Cy 4 of 4 +40; Ben's nil failed -50 (2 bags), Dee 5 took 7: 52
    ({"nil_points": 50}, [0, 0, 4, 5], [0, 2, 4, 7], (90, 2)),
    ({"nil_points": 200, "blind_nil": True}, ["blind", 0, 4, 5], [1, 0, 4, 8], (-360, 253)),
    # both partners nil: no contract, 100 - 100, the failed nil's 4 tricks are bags
    ({}, [0, 3, 0, 3], [0, 5, 4, 4], (0, 63)),
    # a set side with a failed nil: the nil's trick doesn't help the partner's contract
    ({}, [0, 3, 5, 3], [1, 4, 4, 4], (-150, 62)),
    # a bid of 13 made: 130 and no bag, and three nils made, +100 each
    ({}, [13, 0, 0, 0], [13, 0, 0, 0], (230, 200)),
])
def test_nil_bids_score_for_their_bidder_alone(settings, bids, tricks, points):
    assert play([hand(bids, tricks)], settings).hands[0].points == points


@pytest.mark.parametrize("settings, before, bids, tricks, points, bags", [
    # limit 5: Ann & Cy's 3 bags + 3 more = 6: -100 once, 1 left; Ben & Dee set twice, no bags
    ({"bag_limit": 5}, [hand([3, 3, 3, 3], [5, 3, 4, 1])], [3, 3, 3, 3], [5, 3, 4, 1], (63 - 100, -60), [1, 0]),
    # penalty 50: the worked game's hand 4 loses 50, not 100
    ({"bag_penalty": 50}, WORKED_HANDS[:3], [3, 1, 3, 1], [5, 1, 5, 2], (14, 21), [0, 2]),
    # limit 5, 13 bags at once (both nil, Ann took all 13 tricks): 2 x -100, 3 left
    ({"bag_limit": 5}, [], [0, 0, 0, 0], [13, 0, 0, 0], (0 - 200, 200), [3, 0]),
])
def test_bags_that_reach_the_limit_cost_the_penalty(settings, before, bids, tricks, points, bags):
    game = play([*before, hand(bids, tricks)], settings)
    assert (game.hands[-1].points, game.hands[-1].facts["bags"]) == (points, bags)


def test_twelve_bags_with_a_limit_of_ten_leave_two():
    # 6 bags after hand 3 of the worked game; Ann & Cy bid 1 and take 7: 10 + 6, 12 bags: -100, 2 left
    game = play([*WORKED_HANDS[:3], hand([1, 3, 0, 3], [7, 3, 0, 3])])
    assert game.hands[-1].points == (116 - 100, 60) and game.next["bags"] == [2, 1]
    assert game.hands[-1].explain[:3] == ("Cy's nil made: +100", "Ann & Cy: contract 1, took 7: 10 + 6 = +16 (6 bags)",
                                          "Ann & Cy reach 12 bags: -100, 2 bags left")


def test_a_target_of_100_ends_the_game_at_the_first_side_there():
    game = play(WORKED_HANDS[:2], {"target": 100})
    assert game.finished and game.totals == (-9, 150) and game.winners == ("Ben & Dee",)
    assert game.hands[-1].explain[-1] == "Ben & Dee win with 150 (target 100)."
    assert not play(WORKED_HANDS[:2], {"target": 151}).finished


# --- level at the end: play goes on ------------------------------------------------------------

LEVEL = [WORKED_HANDS[0], hand([4, 3, 3, 2], [4, 3, 3, 3])]          # 51 + 70 and 70 + 51: 121 each


def test_level_totals_past_the_target_play_on():
    game = play(LEVEL, {"target": 100})
    assert game.totals == (121, 121) and not game.finished and game.next["dealer"] == 1
    assert game.hands[-1].explain[-1] == ("Ann & Cy and Ben & Dee are level at 121: "
                                          "play goes on until a hand leaves them unequal.")


def test_the_hand_after_a_tie_that_leaves_the_totals_unequal_ends_the_game():
    # both sides set, below the target again: the tie is broken and Ben & Dee's 31 wins
    game = play([*LEVEL, hand([5, 5, 5, 4], [3, 4, 3, 3])], {"target": 100})
    assert game.hands[-1].points == (-100, -90) and game.totals == (21, 31)
    assert game.finished and game.winners == ("Ben & Dee",)
    assert game.hands[-1].explain[-1] == "The hand breaks the tie at 121: Ben & Dee win with 31."
    # a hand that leaves them level again, below the target, plays on again: the next hand that leaves
    # them unequal ends it ("play goes on, and the next hand that leaves them unequal ends it")
    again = play([*LEVEL, hand([5, 5, 5, 5], [3, 4, 3, 3]), hand([3, 4, 2, 3], [4, 4, 2, 3])], {"target": 100})
    assert again.hands[2].totals == (21, 21) and not again.hands[2].totals[0] >= 100
    assert again.hands[2].explain[-1] == ("Ann & Cy and Ben & Dee are level at 21: "
                                          "play goes on until a hand leaves them unequal.")
    assert again.totals == (72, 91) and again.finished and again.winners == ("Ben & Dee",)
    assert again.hands[-1].explain[-1] == "The hand breaks the tie at 21: Ben & Dee win with 91."


def test_a_tie_broken_past_the_target_says_the_target():
    game = play([*LEVEL, WORKED_HANDS[0]], {"target": 100})
    assert game.totals == (172, 191) and game.winners == ("Ben & Dee",)
    assert game.hands[-1].explain[-1] == "Ben & Dee win with 191 (target 100)."


# --- the explanation --------------------------------------------------------------------------

@pytest.mark.parametrize("number, said", [
    (1, ["Ann & Cy: contract 5, took 6: 50 + 1 = +51 (1 bag)", "Ben & Dee: contract 7, took 7: +70",
         "Bags now: Ann & Cy 1, Ben & Dee 0"]),
    (2, ["Ann's nil failed, took 1 trick: -100 (1 bag)", "Ann & Cy: contract 4, took 4: +40",
         "Ann & Cy in all: -100 + 40 = -60", "Ben & Dee: contract 8, took 8: +80", "Bags now: Ann & Cy 2, Ben & Dee 0"]),
    (4, ["Ann & Cy: contract 6, took 10: 60 + 4 = +64 (4 bags)", "Ann & Cy reach 10 bags: -100, 0 bags left",
         "Ann & Cy in all: 64 - 100 = -36", "Ben & Dee: contract 2, took 3: 20 + 1 = +21 (1 bag)",
         "Bags now: Ann & Cy 0, Ben & Dee 2"]),
    (5, ["Ann & Cy: contract 6, took 8: 60 + 2 = +62 (2 bags)", "Ben's nil made: +100",
         "Ben & Dee: contract 5, took 5: +50", "Ben & Dee in all: 100 + 50 = +150", "Bags now: Ann & Cy 2, Ben & Dee 2"]),
    (6, ["Ann & Cy: contract 9, took 7: set, -90", "Ben & Dee: contract 6, took 6: +60",
         "Bags now: Ann & Cy 2, Ben & Dee 2"]),
])
def test_the_worked_game_explains_each_side(number, said):
    assert list(play(WORKED_HANDS[:number]).hands[-1].explain) == said


def test_both_partners_nil_and_a_failed_blind_nil_and_several_penalties_explained():
    game = play([hand([0, "blind", 0, 3], [1, 2, 0, 10])], {"blind_nil": True, "bag_limit": 5, "lose_at": None})
    assert game.hands[0].points == (0, -200 + 37 - 100)
    assert list(game.hands[0].explain) == [
        "Ann's nil failed, took 1 trick: -100 (1 bag)", "Cy's nil made: +100", "Ann & Cy: no contract, both bid nil",
        "Ann & Cy in all: -100 + 100 = 0",
        "Ben's blind nil failed, took 2 tricks: -200 (2 bags)", "Ben & Dee: contract 3, took 10: 30 + 7 = +37 (7 bags)",
        "Ben & Dee reach 9 bags: -100, 4 bags left", "Ben & Dee in all: -200 + 37 - 100 = -263",
        "Bags now: Ann & Cy 1, Ben & Dee 4"]
    twice = play([hand([0, 0, 0, 0], [13, 0, 0, 0])], {"bag_limit": 5, "bag_penalty": 60})
    assert twice.hands[0].explain[3] == "Ann & Cy reach 13 bags, 2 times 5: -60 x 2 = -120, 3 bags left"


# --- bids on their own (the phone saves them first) and what may be bid --------------------------

def test_the_bids_are_zero_to_thirteen_and_blind_only_with_blind_nil():
    assert play([]).legal_bids(0, {}) == list(range(14))
    assert play([], {"blind_nil": True}).legal_bids(2, {0: 3, 1: "blind"}) == [*range(14), "blind"]


def test_bids_are_checked_before_the_tricks_are_known():
    game = play([])
    assert game.check_bids([3, 4, 2, 3]) == (3, 4, 2, 3)
    assert play([], {"blind_nil": True}).check_bids(["blind", 4, 0, 3]) == ("blind", 4, 0, 3)
    with pytest.raises(RuleError) as refused:
        game.check_bids([3, "blind", 2, 3])
    assert (str(refused.value), refused.value.field, refused.value.seat) == (
        "hand 1: Ben bid blind nil, but this game is played without blind nil", "bids", 1)
    with pytest.raises(RuleError, match="^hand 8: the game was already over after hand 7$"):
        play(WORKED_HANDS).check_bids([3, 4, 2, 3])


# --- refusals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, message, field, seat", [
    (hand(["blind", 3, 4, 3], [0, 4, 5, 4]), "hand 1: Ann bid blind nil, but this game is played without blind nil",
     "bids", 0),
    (hand([3, 4, 2, 3], [4, 4, 2, 2]), "hand 1: the tricks add up to 12, but a hand has 13 tricks", "tricks", None),
    (hand([3, 4, 14, 3], [4, 4, 2, 3]), "hand 1: Cy's bid of 14 is more than the 13 tricks of a hand", "bids", 2),
    (hand([3, -1, 2, 3], [4, 4, 2, 3]), "hand 1: Ben's bid can't be below 0", "bids", 1),
    (hand([3, "nil", 2, 3], [4, 4, 2, 3]), "hand 1: Ben's bid must be a number of tricks from 0 (nil) to 13", "bids", 1),
    (hand([3, 4, 2.0, 3], [4, 4, 2, 3]), "hand 1: Cy's bid must be a number of tricks from 0 (nil) to 13", "bids", 2),
    (hand([3, 4, 2, True], [4, 4, 2, 3]), "hand 1: Dee's bid must be a number of tricks from 0 (nil) to 13", "bids", 3),
    (hand([3, 4, 2, 3], [4, 14, -1, 3]), "hand 1: Ben's tricks must be a whole number from 0 to 13", "tricks", 1),
    (hand([3, 4, 2, 3], [4, 4, 2, "3"]), "hand 1: Dee's tricks must be a whole number from 0 to 13", "tricks", 3),
    (hand([3, 4, 2], [4, 4, 2, 3]), "hand 1: bids must be a list of 4 entries, one per player", "bids", None),
    (hand([3, 4, 2, 3], [4, 4, 5]), "hand 1: tricks must be a list of 4 entries, one per player", "tricks", None),
    ({"tricks": [4, 4, 2, 3]}, "hand 1: the bids are missing", "bids", None),
    ({"bids": [3, 4, 2, 3]}, "hand 1: the tricks are missing", "tricks", None),
])
def test_bad_hands_are_refused_naming_the_field_and_seat(raw, message, field, seat):
    with pytest.raises(RuleError) as refused:
        play([raw])
    assert (str(refused.value), refused.value.field, refused.value.seat) == (message, field, seat)


def test_with_blind_nil_on_a_bad_bid_says_blind_may_be_bid():
    with pytest.raises(RuleError) as refused:
        play([hand(["nil", 3, 4, 3], [0, 4, 5, 4])], {"blind_nil": True})
    assert str(refused.value) == "hand 1: Ann's bid must be a number of tricks from 0 (nil) to 13, or blind"


def test_a_refusal_names_the_hand_it_is_in():
    with pytest.raises(RuleError) as refused:
        play([*WORKED_HANDS[:2], hand([3, 4, 2, 3], [4, 4, 2, 4])])
    assert str(refused.value) == "hand 3: the tricks add up to 14, but a hand has 13 tricks"


@pytest.mark.parametrize("players, message", [
    (FOUR + ["Eve"], "players: Spades is for 4 players, not 5"),
    (FOUR[:3], "players: Spades is for 4 players, not 3"),
])
def test_spades_is_for_four_players_exactly(players, message):
    with pytest.raises(RuleError) as refused:
        score(record("spades", players))
    assert str(refused.value) == message


@pytest.mark.parametrize("settings, message", [
    ({"target": 50}, "settings: target must be from 100 to 1000, not 50"),
    ({"target": 1001}, "settings: target must be from 100 to 1000, not 1001"),
    ({"lose_at": -50}, "settings: lose_at must be from -1000 to -100 or none, not -50"),
    ({"lose_at": -1001}, "settings: lose_at must be from -1000 to -100 or none, not -1001"),
    ({"blind_nil": "yes"}, "settings: blind_nil must be true or false"),
    ({"nil_points": 40}, "settings: nil_points must be from 50 to 200, not 40"),
    ({"bag_limit": 21}, "settings: bag_limit must be from 5 to 20, not 21"),
    ({"bag_penalty": 250}, "settings: bag_penalty must be from 50 to 200, not 250"),
    ({"bags": 10}, "settings: Spades has no setting called 'bags'"),
])
def test_settings_out_of_range_are_refused(settings, message):
    with pytest.raises(RuleError) as refused:
        play([], settings)
    assert str(refused.value) == message


def test_the_settings_in_the_specs_order_with_their_defaults():
    said = [(s.name, s.label, s.default, s.minimum, s.maximum, s.optional) for s in SPADES.settings(4)]
    assert said == [("target", "Target", 500, 100, 1000, False), ("lose_at", "Lose at", -200, -1000, -100, True),
                    ("blind_nil", "Blind nil", False, None, None, False),
                    ("nil_points", "Nil points", 100, 50, 200, False), ("bag_limit", "Bag limit", 10, 5, 20, False),
                    ("bag_penalty", "Bag penalty", 100, 50, 200, False)]
    assert dict(play([]).table.settings) == {"target": 500, "lose_at": -200, "blind_nil": False, "nil_points": 100,
                                             "bag_limit": 10, "bag_penalty": 100}


# --- properties over random games ---------------------------------------------------------------

def legal_hand(draw, scored, order):
    """A legal next hand: 13 tricks shared out, and each seat, in bidding order, a bid it may make -
    most often within a trick of what it takes (so games reach the target as well as fall out)."""
    tricks = split(draw, 13, 4)
    bids = {}
    for seat in order:
        allowed = scored.legal_bids(seat, bids)
        near = [bid for bid in allowed if bid != "blind" and abs(bid - tricks[seat]) <= 1]
        bids[seat] = draw(st.sampled_from(near) | st.sampled_from(allowed))
    return hand([bids[seat] for seat in range(4)], tricks)


@st.composite
def played(draw, most=80):
    """A Spades game with random settings, played hand by hand until it ends (or `most` hands), and its hands."""
    settings = draw_settings(draw, SPADES, 4)
    scored, hands = play([], settings, first_dealer=draw(st.integers(0, 3))), []
    wanted = draw(st.integers(0, most))
    while not scored.finished and len(hands) < wanted:
        hands.append(legal_hand(draw, scored, bidding_order(scored.next["dealer"], 4)))
        scored = scored.then(hands[-1:])
    return scored, hands


def games(most=80):
    return played(most).map(lambda game_and_hands: game_and_hands[0])


def over(totals, settings):
    lose_at = settings["lose_at"]
    return any(total >= settings["target"] or (lose_at is not None and total <= lose_at) for total in totals)


@SETTINGS
@given(games())
def test_totals_are_the_sum_of_the_points(game):
    running = (0, 0)
    for scored in game.hands:
        running = (running[0] + scored.points[0], running[1] + scored.points[1])
        assert scored.totals == running
    assert game.totals == running


@SETTINGS
@given(games())
def test_the_game_ends_after_the_first_unequal_hand_at_or_past_a_limit(game):
    tie_plays_on = False             # the totals were level where the game would have ended
    settings = game.table.settings
    for number, scored in enumerate(game.hands, start=1):
        unequal = scored.totals[0] != scored.totals[1]
        ends = unequal and (over(scored.totals, settings) or tie_plays_on)
        assert ends == (number == len(game.hands) and game.finished), number
        tie_plays_on = not unequal and (over(scored.totals, settings) or tie_plays_on)
    if game.finished:
        assert game.winners == (game.sides[0 if game.totals[0] > game.totals[1] else 1],)


@SETTINGS
@given(played())
def test_bags_count_overtricks_and_failed_nils_and_stay_below_the_limit(game_and_hands):
    game, hands = game_and_hands
    limit, bags = game.table.settings["bag_limit"], [0, 0]
    for raw, scored in zip(hands, game.hands):
        for side, seats in enumerate(((0, 2), (1, 3))):
            bidders = [seat for seat in seats if raw["bids"][seat] not in (0, "blind")]
            contract = sum(raw["bids"][seat] for seat in bidders)
            took = sum(raw["tricks"][seat] for seat in bidders)
            overtricks = took - contract if contract and took >= contract else 0
            failed_nils = sum(raw["tricks"][seat] for seat in seats if seat not in bidders)
            reached = bags[side] + overtricks + failed_nils
            bags[side] = reached % limit
            assert scored.facts["bags"][side] == bags[side] and scored.facts["contract"][side] == contract
            penalties = [line for line in scored.explain if line.startswith(f"{game.sides[side]} reach ")]
            assert len(penalties) == (reached >= limit)                 # said when, and only when, it strikes


@SETTINGS
@given(played())
def test_a_side_without_nils_or_penalty_scores_its_contract_made_or_set(game_and_hands):
    game, hands = game_and_hands
    for raw, scored in zip(hands, game.hands):
        for side, seats in enumerate(((0, 2), (1, 3))):
            bids = [raw["bids"][seat] for seat in seats]
            if 0 in bids or "blind" in bids or any(line.startswith(f"{game.sides[side]} reach ") for line in scored.explain):
                continue
            contract, took = sum(bids), sum(raw["tricks"][seat] for seat in seats)
            assert scored.points[side] == (10 * contract + took - contract if took >= contract else -10 * contract)


@SETTINGS
@given(games())
def test_the_deal_passes_left_every_hand(game):
    first = game.table.first_dealer
    assert [scored.facts["dealer"] for scored in game.hands] == [(first + n) % 4 for n in range(len(game.hands))]
    if not game.finished:
        assert game.next["dealer"] == (first + len(game.hands)) % 4
        assert game.next["first_bidder"] == (game.next["dealer"] + 1) % 4


# --- Spades as the tests of every game play it ----------------------------------------------------

SHORT = record("spades", FOUR, [WORKED_HANDS[0], hand([0, 4, 0, 4], [0, 4, 5, 4])], {"target": 100}, first_dealer=3)

TESTED = Played(
    legal_hand=legal_hand,
    players=("Ann", "Ben", "Cy", "Dee"),
    dealer=3,
    # the tricks form starts as bid (3, 4, 2) with Dee, dealing, on what is left: 4; Ann took 4, so Dee 3
    # (the page's script moves Dee to 3 by itself; Dee's tap makes the hand right without it too)
    typical_hand=(link("Enter the bids for hand 1"), tap("bid_0", "3"), tap("bid_1", "4"), tap("bid_2", "2"),
                  tap("bid_3", "3"), button("Save bids"), tap("tricks_0", "4"), tap("tricks_3", "3"),
                  button("Save hand 1")),
    totals_after=("51", "70"),
    # target 100: the worked game's hand 1, then Ann's nil made and Cy's failed (0), Ben & Dee 8 of 8
    finished=SHORT,
    result_lines=("Spades", "1. Ben & Dee 150", "2. Ann & Cy 51", "Game over: Ben & Dee win."),
    # bag limit 8, penalty 150: the rules' worked bags, 5 bags and 3 more reach 8: 73 - 150 = -77
    rules_settings={"bag_limit": 8, "bag_penalty": 150}, rules_say="۷۳ - ۱۵۰ =",
)


def test_the_short_finished_game_is_what_its_result_lines_say():
    game = score(SHORT)
    assert game.finished and game.totals == (51, 150) and game.winners == ("Ben & Dee",)
    assert [scored.points for scored in game.hands] == [(51, 70), (0, 80)]
