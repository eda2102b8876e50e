import pytest

from conftest import record
from games import Tested, button, link, tap
from rules_engine import RuleError, score
from strategies import points_hand

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def hand(bids, high=None, low=None, jack=None, game=None):
    return {"bids": bids, "high": high, "low": low, "jack": jack, "game": game}


def play(hands, settings=None, first_dealer=0):
    return score(record("smear", FOUR, hands, settings, first_dealer=first_dealer))


@pytest.mark.parametrize("bids, taken, points", [
    # dealer Ann; order Ben, Cy, Dee, Ann. Ben bids 3 for Ben & Dee, takes High, Jack, Game; Ann & Cy Low
    (["pass", 3, "pass", "pass"], (1, 0, 1, 1), (1, 3)),
    # set: Ben & Dee bid 3 and take 2
    (["pass", 3, "pass", "pass"], (1, 0, 0, 1), (2, -3)),
    # points nobody took: no ace or seven of trump in play, no jack, game tied
    (["pass", 2, "pass", "pass"], (None, None, None, 1), (0, -2)),
    (["pass", 2, "pass", "pass"], (1, 1, None, None), (0, 2)),
])
def test_points_of_a_hand(bids, taken, points):
    assert play([hand(bids, *taken)]).hands[0].points == points


def test_all_pass_is_thrown_in_and_the_same_dealer_deals_again():
    game = play([hand(["pass"] * 4)], first_dealer=2)
    assert game.hands[0].points == (0, 0)
    assert game.next == {"dealer": 2, "first_bidder": 3}
    assert game.hands[0].explain == ("Everyone passed: the hand is thrown in and Cy deals again.",)


def test_a_thrown_in_hand_with_points_is_rejected():
    with pytest.raises(RuleError, match="^hand 1: everyone passed and the hand is thrown in, so it can't have high$"):
        play([hand(["pass"] * 4, 0)])


@pytest.mark.parametrize("bids, message", [
    (["pass", 1, "pass", "pass"], "hand 1: Ben's bid must be pass or 2 to 4"),
    (["pass", 3, 3, "pass"], "hand 1: Cy's bid of 3 must be higher than Ben's 3"),
    ([3, 3, "pass", "pass"], "hand 1: Ann's bid of 3 must be higher than Ben's 3"),   # no dealer steal
    (["pass", 4, "pass", 4], "hand 1: Dee can't bid after Ben's 4: the auction is over"),
])
def test_illegal_auctions_are_rejected(bids, message):
    with pytest.raises(RuleError, match=f"^{message}$"):
        play([hand(bids, 0, 0, 0, 0)])


def test_legal_bids():
    game = play([])
    assert game.legal_bids(1, {}) == ["pass", 2, 3, 4]
    assert game.legal_bids(2, {1: 3}) == ["pass", 4]
    assert game.legal_bids(0, {1: "pass", 2: "pass", 3: "pass"}) == ["pass", 2, 3, 4]


# Two short games with a small target. Hand 1 (dealer Ann): Ben bids 2 for Ben & Dee and takes
# High and Low, Ann & Cy take Jack: 1 - 2.
OPENER = hand(["pass", 2, "pass", "pass"], 1, 1, 0, None)


def test_both_teams_reach_the_target_in_one_hand_the_bidder_who_made_it_wins_even_if_behind():
    # hand 2 (dealer Ben): Cy bids 2 for Ann & Cy and takes High, Low -> 3; Ben & Dee take Jack, Game -> 4
    game = play([OPENER, hand(["pass", "pass", 2, "pass"], 0, 0, 1, 1)], {"target": 3})
    assert game.totals == (3, 4) and game.finished and game.winners == ("Ann & Cy",)
    assert game.hands[1].explain[-1] == "Ann & Cy win with 3 (target 3)."


def test_the_other_team_reaching_the_target_wins_when_the_bidder_is_set():
    # hand 2: Cy bids 3 and takes only High: set back 3; Ben & Dee take Low, Jack, Game -> 5
    hands = [OPENER, hand(["pass", "pass", 3, "pass"], 0, 1, 1, 1)]
    game = play(hands, {"target": 3})
    assert game.totals == (-2, 5) and game.winners == ("Ben & Dee",)
    bidder_out = play(hands, {"target": 3, "win_rule": "bidder_out"})
    assert bidder_out.totals == (-2, 5) and not bidder_out.finished


@pytest.mark.parametrize("cap, gain, total", [(False, 3, 5), (True, 1, 3)])
def test_non_bidder_cap_stops_the_other_team_at_the_target(cap, gain, total):
    # hand 2: Cy bids 2 for Ann & Cy and takes only High: set back 2; Ben & Dee take 3 from 2
    hands = [OPENER, hand(["pass", "pass", 2, "pass"], 0, 1, 1, 1)]
    game = play(hands, {"target": 3, "non_bidder_cap": cap})
    assert game.hands[1].points == (-2, gain) and game.totals == (-1, total)
    assert game.winners == ("Ben & Dee",)
    if cap:
        assert game.hands[1].explain[1] == ("Ben & Dee took 3 points (Low, Jack, Game), but only points "
                                            "up to the target of 3 count: +1")


def test_extra_cards_setting_is_accepted_and_does_not_change_scores():
    for extra in range(4):
        assert play([OPENER], {"extra_cards": extra}).totals == (1, 2)
    with pytest.raises(RuleError, match="^settings: extra_cards must be from 0 to 3, not 4$"):
        play([], {"extra_cards": 4})


def test_non_bidder_cap_a_team_already_at_the_target_gains_nothing():
    # target 3, only the bidders go out. Hand 1 (Ann deals): Ben bids 2 and takes High, Low:
    # 2 - 2. Hand 2 (Ben deals): Cy bids 2 and takes only High: set back to 0; Ben & Dee take
    # Low, Jack, Game but only 1 counts: 0 - 3. Hand 3 (Cy deals): Ann bids 2, takes High, Low;
    # Ben & Dee, at the target, take Jack and Game: they gain nothing.
    settings = {"target": 3, "non_bidder_cap": True, "win_rule": "bidder_out"}
    hands = [hand(["pass", 2, "pass", "pass"], 1, 1, 0, 0),
             hand(["pass", "pass", 2, "pass"], 0, 1, 1, 1),
             hand([2, "pass", "pass", "pass"], 0, 0, 1, 1)]
    game = play(hands, settings)
    assert [h.points for h in game.hands] == [(2, 2), (-2, 1), (2, 0)]
    assert game.totals == (2, 3) and not game.finished
    assert game.hands[2].explain == ("Ann bid 2 for Ann & Cy, who took 2 points (High, Low): made it, +2",
                                     "Ben & Dee took 2 points (Jack, Game), but only points up to the target "
                                     "of 3 count: 0")
    assert play(hands, {**settings, "non_bidder_cap": False}).totals == (2, 7)


@pytest.mark.parametrize("seat, choices", [
    # dealer Ann; Ben bids first, then Cy, Dee, Ann. Key: the high bid before the seat's turn.
    (1, {"0": ["pass", 2, 3, 4]}),
    (2, {"0": ["pass", 2, 3, 4], "1": ["pass", 2, 3, 4], "2": ["pass", 3, 4], "3": ["pass", 4], "4": ["pass"]}),
    # the dealer may pass when everyone else did (the hand is thrown in) and can't steal
    (0, {"0": ["pass", 2, 3, 4], "1": ["pass", 2, 3, 4], "2": ["pass", 3, 4], "3": ["pass", 4], "4": ["pass"]}),
])
def test_bid_choices_offered_on_the_form(seat, choices):
    assert play([]).bid_choices(seat) == choices


def test_non_bidder_cap_a_gain_that_just_reaches_the_target_is_not_cut():
    # target 3, cap on, bidder_out. Hand 1: 2 - 2. Hand 2 (Ben deals): Cy bids 3 for Ann & Cy and
    # takes High and Low: set back to -1; Ben & Dee take Jack: exactly the 1 they may gain
    settings = {"target": 3, "non_bidder_cap": True, "win_rule": "bidder_out"}
    game = play([hand(["pass", 2, "pass", "pass"], 1, 1, 0, 0), hand(["pass", "pass", 3, "pass"], 0, 0, 1, None)],
                settings)
    assert game.hands[1].points == (-3, 1) and game.totals == (-1, 3) and not game.finished
    assert game.hands[1].explain[1] == "Ben & Dee took 1 point (Jack): +1"


def test_non_bidder_cap_a_single_point_over_the_target_is_said_to_count_nothing():
    # as above to 0 - 3; hand 3: Ann bids 2 for Ann & Cy and takes High and Low, Ben & Dee at the
    # target take Jack alone and gain nothing
    settings = {"target": 3, "non_bidder_cap": True, "win_rule": "bidder_out"}
    hands = [hand(["pass", 2, "pass", "pass"], 1, 1, 0, 0),
             hand(["pass", "pass", 2, "pass"], 0, 1, 1, 1),
             hand([2, "pass", "pass", "pass"], 0, 0, 1, None)]
    game = play(hands, settings)
    assert game.hands[2].points == (2, 0) and game.totals == (2, 3) and not game.finished
    assert game.hands[2].explain[1] == "Ben & Dee took 1 point (Jack), but only points up to the target of 3 count: 0"


# --- Six-Point Smear: High, Low, Jack, two jokers and Game, to 21 -------------------------------------

SIX_POINT = {"points": ["high", "low", "jack", "big_joker", "little_joker", "game"], "target": 21}


def six(bids, high=None, low=None, jack=None, big_joker=None, little_joker=None, game=None):
    return {"bids": bids, "high": high, "low": low, "jack": jack, "big_joker": big_joker,
            "little_joker": little_joker, "game": game}


@pytest.mark.parametrize("taken, points, explain", [
    # dealer Ann; Ben bids 4 for Ben & Dee and takes High, Jack, the big joker and Game; Ann & Cy Low and the little joker
    ((1, 0, 1, 1, 0, 1), (2, 4), ("Ann & Cy took 2 points (Low, Little joker): +2",
                                  "Ben bid 4 for Ben & Dee, who took 4 points (High, Jack, Big joker, Game): made it, +4")),
    # set: the big joker goes to Ann & Cy and Game is tied
    ((1, 0, 1, 0, 0, None), (3, -4), ("Ann & Cy took 3 points (Low, Big joker, Little joker): +3",
                                      "Ben bid 4 for Ben & Dee, who took 2 points (High, Jack): set back 4",
                                      "Game was tied or not played: nobody scores it")),
    # a joker nobody held
    ((1, 1, 1, None, 1, 1), (0, 5), ("Ann & Cy took no points",
                                     "Ben bid 4 for Ben & Dee, who took 5 points (High, Low, Jack, Little joker, Game): "
                                     "made it, +5", "Nobody took Big joker")),
])
def test_six_point_smear_hands(taken, points, explain):
    game = play([six(["pass", 4, "pass", "pass"], *taken)], SIX_POINT)
    assert game.hands[0].points == points and game.hands[0].explain == explain


def test_six_point_bids_run_from_2_to_6_and_6_closes_the_auction():
    game = play([], SIX_POINT)
    assert game.legal_bids(1, {}) == ["pass", 2, 3, 4, 5, 6]
    assert game.legal_bids(2, {1: 6}) == ["pass"]
    assert game.legal_bids(0, {1: "pass", 2: "pass", 3: "pass"}) == ["pass", 2, 3, 4, 5, 6]   # no forced bid
    with pytest.raises(RuleError, match="^hand 1: Dee can't bid after Ben's 6: the auction is over$"):
        play([six(["pass", 6, "pass", 6], 0, 0)], SIX_POINT)
    with pytest.raises(RuleError, match="^hand 1: Ben's bid must be pass or 2 to 6$"):
        play([six(["pass", 7, "pass", "pass"], 0, 0)], SIX_POINT)


def test_min_bid_in_smear():
    game = play([], {**SIX_POINT, "min_bid": 4})
    assert game.legal_bids(1, {}) == ["pass", 4, 5, 6]
    with pytest.raises(RuleError, match="^hand 1: Ben's bid must be pass or 4 to 6$"):
        play([six(["pass", 3, "pass", "pass"], 0, 0)], {**SIX_POINT, "min_bid": 4})


def test_six_point_smear_to_21_with_the_non_bidder_cap_counts_the_points_worth():
    # Ann, Ben and Cy deal in turn; each time Cy bids 6 and Ann & Cy take all six: 18 - 0. Dee deals and
    # bids 2, but Ann & Cy take all six again: Ben & Dee are set, and only 3 of Ann & Cy's 6 count
    settings = {**SIX_POINT, "non_bidder_cap": True, "win_rule": "bidder_out"}
    hands = [six(["pass", "pass", 6, "pass"], 0, 0, 0, 0, 0, 0)] * 3 + [six(["pass"] * 3 + [2], 0, 0, 0, 0, 0, 0)]
    game = play(hands, settings)
    assert [hand.points for hand in game.hands] == [(6, 0), (6, 0), (6, 0), (3, -2)]
    assert game.totals == (21, -2) and not game.finished           # bidder out: points on Dee's bid don't go out
    assert game.hands[3].explain[0] == ("Ann & Cy took 6 points (High, Low, Jack, Big joker, Little joker, Game), but "
                                        "only points up to the target of 21 count: +3")


# --- what the tests of every game play of Smear ---------------------------------------------------

TESTED = Tested(
    # Ann & Cy v Ben & Dee; any point may go untaken
    legal_hand=points_hand, players=("Ann", "Ben", "Cy", "Dee"), dealer=0,
    # Ben bid 3, the rest passed; Ben & Dee took High, Low and Game (where every point starts), Ann & Cy Jack
    typical_hand=(link("Record hand 1"), tap("bid_1", 3), tap("jack", 0), button("Save hand 1")),
    totals_after=("1", "3"),
    # six-point: Ben bid 4; Ann & Cy took Jack and Big joker, Ben & Dee the other four
    preset_hands={"six_point": ((link("Record hand 1"), tap("bid_1", 4), tap("jack", 0), tap("big_joker", 0),
                                 button("Save hand 1")), ("2", "4"))},
    finished=record("smear", ["Ann", "Ben", "Cy", "Dee"], [{"bids": ["pass", 2, "pass", "pass"], "high": 1, "low": 1,
                                                           "jack": 0, "game": 1}], {"target": 3}),
    result_lines=("Smear", "1. Ben & Dee 3", "2. Ann & Cy 1", "Game over: Ben & Dee win."),
    rules_settings={"target": 11, "non_bidder_cap": True, "extra_cards": 2}, rules_say="۱۱")
