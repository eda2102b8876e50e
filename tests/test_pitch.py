import pytest

from conftest import record
from games import Tested, button, link, tap
from rules_engine import GAMES, RuleError, score
from strategies import points_hand

THREE = ["Ann", "Ben", "Cy"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]


def hand(bids, high, low, jack=None, game=None):
    return {"bids": bids, "high": high, "low": low, "jack": jack, "game": game}


def play(hands, settings=None, players=THREE, first_dealer=0):
    return score(record("pitch", players, hands, settings, first_dealer=first_dealer))


@pytest.mark.parametrize("bids, points_taken, points", [
    # dealer Ann (seat 0) bids last. Ben pitches 2 and takes High + Game -> made, +2; Cy takes Low + Jack -> +2
    (["pass", 2, "pass"], (1, 2, 2, 1), (0, 2, 2)),
    # Ben pitches 3 but takes only Low: set back 3
    (["pass", 3, "pass"], (2, 1, 2, 2), (0, -3, 3)),
    # one trump in play is both High and Low; no jack, game tied
    (["pass", 2, "pass"], (1, 1, None, None), (0, 2, 0)),
    # the dealer steals Cy's 3 by matching it, then makes it
    ([3, "pass", 3], (0, 0, 0, 2), (3, 0, 1)),
    # everyone passed to the dealer: Ann is forced to 2 and takes all four
    ([2, "pass", "pass"], (0, 0, 0, 0), (4, 0, 0)),
])
def test_points_of_a_hand(bids, points_taken, points):
    assert play([hand(bids, *points_taken)]).hands[0].points == points


def test_dealer_steal_makes_the_dealer_the_pitcher():
    game = play([hand([3, "pass", 3], 2, 2, 2, 2)])
    assert (game.hands[0].facts["bidder"], game.hands[0].facts["bid"]) == (0, 3)
    assert game.hands[0].points == (-3, 0, 4)
    assert game.hands[0].explain[0] == "Ann pitched 3 but took no points: set back 3"


def test_legal_bids_follow_the_auction():
    game = play([])              # dealer Ann; order Ben, Cy, Ann
    assert game.legal_bids(1, {}) == ["pass", 1, 2, 3, 4]
    assert game.legal_bids(2, {1: 2}) == ["pass", 3, 4]
    assert game.legal_bids(0, {1: 2, 2: 3}) == ["pass", 3, 4]    # the dealer may match 3
    assert game.legal_bids(0, {1: "pass", 2: "pass"}) == [2, 3, 4]   # forced to bid at least 2
    assert game.legal_bids(0, {1: 4, 2: "pass"}) == ["pass"]       # a 4 closes the auction
    assert game.legal_bids(2, {1: 4}) == ["pass"]


def test_legal_bids_after_a_bid_that_is_no_whole_number_are_never_taken_for_a_whole_one():
    """Answers are kept per seat and earlier bids: 2.0 (no whole number, so no bid that counts)
    must not come back as the answer after a real 2, in either order."""
    game = play([])              # dealer Ann; order Ben, Cy, Ann
    assert game.legal_bids(2, {1: 2.0}) == ["pass", 1, 2, 3, 4]
    assert game.legal_bids(2, {1: 2}) == ["pass", 3, 4]
    assert game.legal_bids(2, {1: True}) == ["pass", 1, 2, 3, 4]
    assert game.legal_bids(2, {1: 2.0}) == ["pass", 1, 2, 3, 4]


@pytest.mark.parametrize("bids, message, seat", [
    (["pass", 2, 2], "hand 1: Cy's bid of 2 must be higher than Ben's 2", 2),
    (["pass", 2, 1], "hand 1: Cy's bid of 1 must be higher than Ben's 2", 2),
    ([1, 2, "pass"], "hand 1: Ann's bid of 1 must at least match Ben's 2", 0),
    (["pass", "pass", "pass"], "hand 1: everyone else passed, so Ann (dealing) must bid at least 2", 0),
    ([1, "pass", "pass"], "hand 1: everyone else passed, so Ann (dealing) must bid at least 2", 0),
    ([4, 4, "pass"], "hand 1: Ann can't bid after Ben's 4: the auction is over", 0),
    (["pass", 4, 4], "hand 1: Cy can't bid after Ben's 4: the auction is over", 2),
    (["pass", 5, "pass"], "hand 1: Ben's bid must be pass or 1 to 4", 1),
    (["pass", 0, "pass"], "hand 1: Ben's bid must be pass or 1 to 4", 1),
])
def test_illegal_auctions_are_rejected(bids, message, seat):
    with pytest.raises(RuleError) as error:
        play([hand(bids, 0, 0)])
    assert (str(error.value), error.value.field, error.value.seat) == (message, "bids", seat)


@pytest.mark.parametrize("change, message, field", [
    ({"high": None}, "hand 1: say who took High", "high"),
    ({"low": None}, "hand 1: say who took Low", "low"),
    ({"low": 3}, "hand 1: Low must go to a player numbered 0 to 2", "low"),
    ({"jack": True}, "hand 1: Jack must go to a player numbered 0 to 2", "jack"),
    ({"game": -1}, "hand 1: Game must go to a player numbered 0 to 2", "game"),
    ({"bids": ["pass", 2]}, "hand 1: bids must be a list of 3 entries, one per player", "bids"),
])
def test_bad_points_are_rejected(change, message, field):
    # the field names the control the form shows the message next to
    with pytest.raises(RuleError) as error:
        play([{**hand(["pass", 2, "pass"], 0, 0), **change}])
    assert (str(error.value), error.value.field) == (message, field)


def test_with_partnerships_points_go_to_a_team():
    with pytest.raises(RuleError) as error:
        play([hand(["pass", 3, 2, "pass"], 2, 0)], {"partnerships": True}, players=FOUR, first_dealer=1)
    assert (str(error.value), error.value.field) == ("hand 1: High must go to a team numbered 0 to 1", "high")


@pytest.mark.parametrize("hands, totals", [
    # Ben +4; Ben deals, Cy pitches 2 and is set while Ben takes Game: Ben at 7, the target,
    # but Ben did not pitch, so the game goes on
    ([hand(["pass", 4, "pass"], 1, 1, 1, 1), hand(["pass", "pass", 2], 1, 1, 1, 2)], (0, 7, -2)),
    # Ben +4; Cy pitches 2: Cy +2, Ben +2; Cy deals, Ann pitches 2 and is set: Ben +2 -> 8, past it
    ([hand(["pass", 4, "pass"], 1, 1, 1, 1), hand(["pass", "pass", 2], 2, 2, 1, 1), hand([2, "pass", "pass"], 1, 1, 2, 2)],
     (-2, 8, 4)),
])
def test_bidder_out_a_player_at_the_target_who_did_not_pitch_does_not_win(hands, totals):
    game = play(hands)
    assert game.totals == totals and not game.finished and game.next is not None


def test_bidder_out_the_player_over_the_target_wins_by_pitching_and_making_it():
    hands = [hand(["pass", 4, "pass"], 1, 1, 1, 1), hand(["pass", "pass", 2], 2, 2, 1, 1),
             hand([2, "pass", "pass"], 1, 1, 2, 2), hand(["pass", 2, "pass"], 1, 1)]
    game = play(hands)
    assert game.finished and game.winners == ("Ben",) and game.totals == (-2, 10, 4)
    assert game.hands[-1].explain[-1] == "Ben wins with 10 (target 7)."


def test_first_to_target_the_highest_over_the_target_wins_when_the_pitcher_is_set():
    hands = [hand(["pass", 4, "pass"], 1, 1, 1, 1),       # Ben 4
             hand(["pass", "pass", 3], 1, 1, 1, 2)]       # dealer Ben; Cy pitches 3, takes Game only: set; Ben +3 = 7
    game = play(hands, {"win_rule": "first_to_target"})
    assert game.totals == (0, 7, -3) and game.finished and game.winners == ("Ben",)
    assert game.hands[1].explain[-1] == "Ben wins with 7 (target 7)."


def test_first_to_target_a_tie_at_the_top_plays_on():
    hands = [hand(["pass", 4, "pass"], 1, 1, 1, 1),       # Ben 4
             hand(["pass", "pass", 4], 2, 2, 2, 2),       # Cy 4
             hand([3, "pass", "pass"], 1, 1, 2, 2)]       # Ann set back; Ben 6, Cy 6
    settings = {"win_rule": "first_to_target", "target": 6}
    game = play(hands, settings)
    assert game.totals == (-3, 6, 6) and not game.finished


def test_first_to_target_the_pitcher_goes_out_first_even_when_behind():
    hands = [hand(["pass", 2, "pass"], 1, 1, 2, None),    # Ben 2, Cy 1
             hand(["pass", "pass", 2], 2, 2, 1, 1)]       # Cy pitches 2 and makes it -> Cy 3, Ben 4
    settings = {"win_rule": "first_to_target", "target": 3}
    game = play(hands, settings)
    assert game.finished and game.winners == ("Cy",) and game.totals == (0, 4, 3)


@pytest.mark.parametrize("smudge, finished", [(True, True), (False, False)])
def test_smudge_wins_at_once(smudge, finished):
    game = play([hand(["pass", 4, "pass"], 1, 1, 1, 1)], {"smudge": smudge})
    assert game.finished is finished
    if finished:
        assert game.winners == ("Ben",)
        assert game.hands[0].explain[-1] == "Smudge: Ben bid 4 and took all four points, so Ben wins."


def test_partnerships_score_per_team():
    game = play([hand(["pass", 3, 2, "pass"], 1, 0, 0, 1)], {"partnerships": True, "target": 11},
                players=FOUR, first_dealer=1)
    assert game.sides == ("Ann & Cy", "Ben & Dee") and game.hands[0].points == (2, -3)
    assert game.hands[0].explain[1] == "Ben pitched 3 for Ben & Dee, who took 2 points (High, Game): set back 3"


def test_partnerships_need_four_players():
    with pytest.raises(RuleError, match="^settings: partnerships need exactly 4 players, not 3$"):
        play([], {"partnerships": True})


def test_target_setting_changes_the_end():
    hands = [hand(["pass", 4, "pass"], 1, 1, 1, 1)]
    assert play(hands, {"target": 4}).winners == ("Ben",)
    assert not play(hands, {"target": 5}).finished


@pytest.mark.parametrize("seat, choices", [
    # dealer Ann; Ben bids first, then Cy, then Ann. Key: the high bid before the seat's turn.
    (1, {"0": ["pass", 1, 2, 3, 4]}),
    (2, {"0": ["pass", 1, 2, 3, 4], "1": ["pass", 2, 3, 4], "2": ["pass", 3, 4], "3": ["pass", 4], "4": ["pass"]}),
    # the dealer: forced to 2 when both passed, may match (steal) a bid, nothing after a 4
    (0, {"0": [2, 3, 4], "1": ["pass", 1, 2, 3, 4], "2": ["pass", 2, 3, 4], "3": ["pass", 3, 4], "4": ["pass"]}),
])
def test_bid_choices_offered_on_the_form(seat, choices):
    assert play([]).bid_choices(seat) == choices


def test_bid_choices_follow_the_dealer():
    # Cy deals: Ann bids first and Cy, dealing, is forced to 2 after two passes
    game = play([], first_dealer=2)
    assert game.bid_choices(0) == {"0": ["pass", 1, 2, 3, 4]}
    assert game.bid_choices(2)["0"] == [2, 3, 4]


@pytest.mark.parametrize("game, dealer, bids, stolen_from", [
    # three players, Ann deals: Ben, then Cy, then Ann may match the high bid
    ("pitch", 0, [2, 2, "pass"], 1),            # Ann matches Ben's 2: stolen from Ben
    ("pitch", 0, [3, "pass", 3], 2),            # Ann matches Cy's 3
    ("pitch", 0, [3, 2, "pass"], None),         # Ann bids over Ben: no steal
    ("pitch", 0, [2, "pass", "pass"], None),    # everyone else passed: Ann had to bid
    ("pitch", 0, ["pass", 2, "pass"], None),    # the dealer passed
    ("smear", 0, [2, 2, "pass", "pass"], None),  # Smear's dealer may not steal (Pitch: from Ben)
])
def test_a_steal_is_the_dealer_matching_the_high_bid(game, dealer, bids, stolen_from):
    from rules_engine import GAMES
    from rules_engine.core import Table
    players = ("Ann", "Ben", "Cy", "Dee")[:len(bids)]
    assert GAMES[game].stolen_from(Table(game, players, {}, dealer), dealer, bids) == stolen_from


def test_a_team_that_smudges_wins_at_once():
    # Ben deals; Dee bids 4 for Ben & Dee and they take all four points
    game = play([hand(["pass", "pass", "pass", 4], 1, 1, 1, 1)], {"partnerships": True, "smudge": True},
                players=FOUR, first_dealer=1)
    assert game.finished and game.winners == ("Ben & Dee",) and game.totals == (0, 4)
    assert game.hands[0].explain[-1] == "Smudge: Dee bid 4 and took all four points, so Ben & Dee win."


@pytest.mark.parametrize("earlier, dealer_may_bid", [
    ({1: 2.0, 2: "pass"}, [2, 3, 4]),       # 2.0 is no bid: everyone else passed, Ann must bid
    ({1: True, 2: 3}, ["pass", 3, 4]),      # True is no bid either: Cy's 3 is the one to match
    ({1: [2], 2: "pass"}, [2, 3, 4]),
])
def test_the_dealer_after_an_entry_that_is_no_bid(earlier, dealer_may_bid):
    assert play([]).legal_bids(0, earlier) == dealer_may_bid


# --- the points played (house rules): 10-point Pitch and other sets ----------------------------------

TEN_POINT = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three"]


def points(bids, **taken):
    """A hand of any set of points: `taken` gives the side that took each point (None: nobody)."""
    return {"bids": bids, **taken}


@pytest.mark.parametrize("taken, scores, explain", [
    # Ann deals and pitches 6 after two passes; she takes High, Jack, Off-jack and Three (3): 6 points
    ({"high": 0, "low": 1, "jack": 0, "off_jack": 0, "big_joker": 1, "little_joker": 2, "ten": 1, "three": 0},
     (6, 3, 1),
     ("Ann pitched 6 and took 6 points (High, Jack, Off-jack, Three): made it, +6",
      "Ben took 3 points (Low, Big joker, Ten): +3", "Cy took 1 point (Little joker): +1")),
    # the off-jack was not dealt: Ann takes 5 of her 6 and is set back 6; the others score the same
    ({"high": 0, "low": 1, "jack": 0, "off_jack": None, "big_joker": 1, "little_joker": 2, "ten": 1, "three": 0},
     (-6, 3, 1),
     ("Ann pitched 6 but took 5 points (High, Jack, Three): set back 6",
      "Ben took 3 points (Low, Big joker, Ten): +3", "Cy took 1 point (Little joker): +1", "Off-jack was not dealt")),
])
def test_ten_point_pitch_counts_the_three_as_three(taken, scores, explain):
    game = play([points([6, "pass", "pass"], **taken)], {"points": TEN_POINT, "target": 52})
    assert game.hands[0].points == scores and game.hands[0].explain == explain


def test_a_three_taken_by_another_player_scores_them_three():
    # Ben pitches 2 and takes High and Low; Cy takes the three of trump, Ann the jack; nobody has the rest
    taken = {"high": 1, "low": 1, "jack": 0, "off_jack": None, "big_joker": None, "little_joker": None, "ten": None,
             "three": 2}
    game = play([points(["pass", 2, "pass"], **taken)], {"points": TEN_POINT})
    assert game.hands[0].points == (1, 2, 3)
    assert game.hands[0].explain[2] == "Cy took 3 points (Three): +3"
    assert game.hands[0].explain[3:] == ("Off-jack was not dealt", "Big joker was not dealt",
                                         "Little joker was not dealt", "Ten was not dealt")


def test_ten_point_bids_run_to_ten_and_ten_closes_the_auction():
    game = play([], {"points": TEN_POINT})          # dealer Ann; order Ben, Cy, Ann
    assert game.legal_bids(1, {}) == ["pass", *range(1, 11)]
    assert game.legal_bids(2, {1: 9}) == ["pass", 10]
    assert game.legal_bids(2, {1: 10}) == ["pass"]
    assert game.legal_bids(0, {1: 10, 2: "pass"}) == ["pass"]       # a 10 can't be stolen
    assert game.legal_bids(0, {1: 6, 2: "pass"}) == ["pass", *range(6, 11)]
    assert game.legal_bids(0, {1: "pass", 2: "pass"}) == list(range(2, 11))
    assert game.bid_choices(2) == {"0": ["pass", *range(1, 11)],
                                   **{str(high): ["pass", *range(high + 1, 11)] for high in range(1, 11)}}


@pytest.mark.parametrize("settings, bids, message, seat", [
    ({"points": TEN_POINT}, ["pass", 11, "pass"], "hand 1: Ben's bid must be pass or 1 to 10", 1),
    ({"points": TEN_POINT}, ["pass", 10, 10], "hand 1: Cy can't bid after Ben's 10: the auction is over", 2),
    ({"points": TEN_POINT}, [10, 10, "pass"], "hand 1: Ann can't bid after Ben's 10: the auction is over", 0),
    ({"points": TEN_POINT, "min_bid": 5}, ["pass", 4, "pass"], "hand 1: Ben's bid must be pass or 5 to 10", 1),
    # the dealer, when everyone else passed, must bid at least the larger of 2 and min_bid
    ({"points": TEN_POINT, "min_bid": 5}, ["pass", "pass", "pass"],
     "hand 1: everyone else passed, so Ann (dealing) must bid at least 5", 0),
    ({"min_bid": 3}, ["pass", "pass", "pass"], "hand 1: everyone else passed, so Ann (dealing) must bid at least 3", 0),
    ({"min_bid": 1}, [1, "pass", "pass"], "hand 1: everyone else passed, so Ann (dealing) must bid at least 2", 0),
    ({"min_bid": 3}, ["pass", 2, "pass"], "hand 1: Ben's bid must be pass or 3 to 4", 1),
    ({"min_bid": 3}, [2, "pass", "pass"], "hand 1: Ann's bid must be pass or 3 to 4", 0),
])
def test_bids_follow_the_points_played_and_min_bid(settings, bids, message, seat):
    with pytest.raises(RuleError) as error:
        play([points(bids, high=0, low=0)], settings)
    assert (str(error.value), error.value.field, error.value.seat) == (message, "bids", seat)


def test_min_bid_is_offered_on_the_form():
    game = play([], {"points": TEN_POINT, "min_bid": 5})
    assert game.legal_bids(1, {}) == ["pass", 5, 6, 7, 8, 9, 10]
    assert game.legal_bids(0, {1: "pass", 2: "pass"}) == [5, 6, 7, 8, 9, 10]
    assert play([], {"min_bid": 4}).legal_bids(0, {1: "pass", 2: "pass"}) == [4]


@pytest.mark.parametrize("ten, finished, last", [
    # Ann bids 10 and takes all eight points (10): smudge
    (0, True, "Smudge: Ann bid 10 and took every point, so Ann wins."),
    # the ten was not dealt: a point nobody took is not the pitcher's, so she took 9 of 10 and is set back
    (None, False, "Ten was not dealt"),
])
def test_a_ten_point_smudge_takes_every_point(ten, finished, last):
    taken = dict.fromkeys(TEN_POINT, 0) | {"ten": ten}
    game = play([points([10, "pass", "pass"], **taken)], {"points": TEN_POINT, "target": 52, "smudge": True})
    assert game.finished is finished and game.hands[0].explain[-1] == last
    assert game.hands[0].points == ((10, 0, 0) if finished else (-10, 0, 0))


def test_a_smudge_of_two_points_worth_four_is_every_point_not_all_four():
    game = play([points(["pass", 4, "pass"], high=1, three=1)], {"points": ["high", "three"], "smudge": True})
    assert game.winners == ("Ben",) and game.hands[0].points == (0, 4, 0)
    assert game.hands[0].explain == ("Ann took no points", "Ben pitched 4 and took 4 points (High, Three): made it, +4",
                                     "Cy took no points", "Smudge: Ben bid 4 and took every point, so Ben wins.")


def test_a_smudge_by_a_team_with_ten_points():
    game = play([points(["pass", "pass", "pass", 10], **dict.fromkeys(TEN_POINT, 1))],
                {"points": TEN_POINT, "partnerships": True, "smudge": True}, players=FOUR, first_dealer=1)
    assert game.winners == ("Ben & Dee",)
    assert game.hands[0].explain[-1] == "Smudge: Dee bid 10 and took every point, so Ben & Dee win."


@pytest.mark.parametrize("settings, hand_points, message, field", [
    ({}, {"high": 0, "low": 0, "ten": 1}, "hand 1: ten is not one of the points played", "ten"),
    ({"points": TEN_POINT}, {"high": 0, "low": 0, "game": 1}, "hand 1: game is not one of the points played", "game"),
    ({"points": ["high", "jack", "game"]}, {"high": 0, "low": 0}, "hand 1: low is not one of the points played", "low"),
    ({"points": TEN_POINT}, {"high": 0, "low": None}, "hand 1: say who took Low", "low"),
    ({"points": TEN_POINT}, {"high": 0, "low": 0, "three": 3}, "hand 1: Three must go to a player numbered 0 to 2",
     "three"),
])
def test_a_hand_names_only_the_points_played(settings, hand_points, message, field):
    with pytest.raises(RuleError) as error:
        play([points(["pass", 2, "pass"], **hand_points)], settings)
    assert (str(error.value), error.value.field) == (message, field)


def test_a_point_not_played_may_be_given_as_null_and_low_may_be_left_out_of_the_set():
    game = play([points(["pass", 2, "pass"], high=1, jack=1, game=None, ten=None)], {"points": ["high", "jack", "game"]})
    assert game.hands[0].points == (0, 2, 0)
    assert game.hands[0].explain[2:] == ("Cy took no points", "Game was tied: nobody scores it")


def test_the_order_of_the_points_is_the_order_they_are_said_in():
    game = play([points(["pass", 2, "pass"], game=1, jack=None, high=1, low=2)], {"points": ["game", "jack", "high", "low"]})
    assert game.hands[0].explain == ("Ann took no points", "Ben pitched 2 and took 2 points (Game, High): made it, +2",
                                     "Cy took 1 point (Low): +1", "Jack was not dealt")


def test_the_rules_pages_worked_hand_follows_the_points_played():
    """Ann deals and pitches more than half the points (at least the smallest bid), takes them in their
    order until the bid is made, the next side the rest but the last, the side after it the last; set
    back, the last point she took goes to the next side."""
    from rules_engine.games.pitch import TEN_POINT
    from rules_engine.games.smear import SIX_POINT
    from rules_engine.parts.point_games import FOUR_POINTS
    pitch, smear = GAMES["pitch"], GAMES["smear"]
    ten = {"partnerships": False, "target": 52, "win_rule": "bidder_out", "smudge": False, "points": TEN_POINT,
           "min_bid": 1}
    assert pitch.example(ten) == (
        "Ann pitched 6 and took 6 points (High, Low, Jack, Off-jack, Big joker, Little joker): made it, +6",
        "Ben took 1 point (Ten): +1", "Cy took 3 points (Three): +3")
    assert pitch.example(ten, made=False)[:2] == (
        "Ann pitched 6 but took 5 points (High, Low, Jack, Off-jack, Big joker): set back 6",
        "Ben took 2 points (Little joker, Ten): +2")
    assert pitch.example({**ten, "points": FOUR_POINTS, "min_bid": 4})[0] == \
        "Ann pitched 4 and took 4 points (High, Low, Jack, Game): made it, +4"            # the smallest bid rules
    six = {"extra_cards": 0, "target": 21, "win_rule": "first_to_target", "non_bidder_cap": False,
           "points": SIX_POINT, "min_bid": 2}
    assert smear.example(six) == (
        "Ann bid 4 for Ann & Cy, who took 4 points (High, Low, Jack, Big joker): made it, +4",
        "Ben & Dee took 2 points (Little joker, Game): +2")
    assert smear.example({**six, "min_bid": 5})[0] == \
        "Ann bid 5 for Ann & Cy, who took 5 points (High, Low, Jack, Big joker, Little joker): made it, +5"
    assert pitch.example({**ten, "partnerships": True}) == pitch.example(ten)      # three players: no teams
    three_early = {**ten, "points": ("high", "three", "low", "jack", "game")}        # worth 7: a bid of 4
    assert pitch.example(three_early)[0] == "Ann pitched 4 and took 4 points (High, Three): made it, +4"


# --- what the tests of every game play of Pitch ---------------------------------------------------

def legal_hand(draw, scored, order):
    return points_hand(draw, scored, order, high_and_low_always=True)       # the pitcher leads a trump


TESTED = Tested(
    legal_hand=legal_hand, players=("Ann", "Ben", "Cy", "Dee"), dealer=0,          # four players, each for himself
    # Ben bid 3, the rest passed; he took High, Low and Game (where every point starts), Ann took Jack
    typical_hand=(link("Record hand 1"), tap("bid_1", 3), tap("jack", 0), button("Save hand 1")),
    totals_after=("1", "3", "0", "0"),
    # 10-point: Ben bid 5 and took High, Low, Off-jack, Big joker and Ten; Ann took Jack and Three, Cy Little joker
    preset_hands={"ten_point": ((link("Record hand 1"), tap("bid_1", 5), tap("jack", 0), tap("three", 0),
                                 tap("little_joker", 2), button("Save hand 1")), ("4", "5", "1", "0"))},
    # Ben pitched 2 but took High only: set back 2; Cy took Low and Game and is out
    finished=record("pitch", ["Ann", "Ben", "Cy"], [{"bids": ["pass", 2, "pass"], "high": 1, "low": 2, "jack": None,
                                                      "game": 2}], {"target": 1, "win_rule": "first_to_target"}),
    result_lines=("Pitch", "1. Cy 2", "2. Ann 0", "3. Ben -2", "Game over: Cy wins."),
    rules_settings={"partnerships": True, "smudge": True, "target": 21}, rules_say="۲۱")
