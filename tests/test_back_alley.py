import pytest

from conftest import record
from games import Tested, button, link, tap
from rules_engine import RuleError, score
from rules_engine.games.back_alley import leader, team_multiplier
from strategies import draw_bids, split

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def play(hands, settings=None, first_dealer=3):
    return score(record("back_alley", FOUR, hands, settings, first_dealer=first_dealer))


@pytest.mark.parametrize("bids, tricks, points", [
    # rules.md: Ann 3 + Cy 4 = 7, took 8 -> 36; Ben pass + Dee 2 = 2, took 5 -> 13
    ([3, "pass", 4, 2], [8, 5], (36, 13)),
    # set: bid 5 took 4 -> -25; bid 6 took 9 -> 33
    ([2, 5, 3, 1], [4, 9], (-25, 33)),
    # both passed: 1 per trick
    (["pass", 3, "pass", "pass"], [7, 6], (7, 18)),
    # the smallest bid: Ann 1, took 3 -> 5 x 1 + 2 = 7; Ben & Dee both passed, took 10 -> 10
    ([1, "pass", "pass", "pass"], [3, 10], (7, 10)),
    ([1, "pass", "pass", "pass"], [0, 13], (-5, 13)),
    # board on 13 cards: took all -> +130; Ben's bid of 2 with no tricks is set -> -10
    (["board", 2, "pass", "pass"], [13, 0], (130, -10)),
    (["board", "pass", "pass", "pass"], [12, 1], (-130, 1)),
    # four boards on 13 cards, dealer Dee so bidding order Ann, Ben, Cy, Dee:
    # Ann x1, Ben x2, Cy x3, Dee x4 -> Ann & Cy triple, Ben & Dee quadruple
    (["board", "board", "board", "board"], [0, 13], (-390, 520)),
    (["board", "board", "board", "board"], [13, 0], (390, -520)),
])
def test_team_scores_on_thirteen_cards(bids, tricks, points):
    assert play([{"bids": bids, "tricks": tricks}]).hands[0].points == points


def test_rules_double_board_example_on_twelve_cards():
    # Dee bids board first, Ann second: Ben & Dee x1 take all 12 -> +120, Ann & Cy x2 -> -240
    hands = [{"bids": [3, "pass", 4, 2], "tricks": [8, 5]},
             {"bids": ["board", 2, "pass", "board"], "tricks": [0, 12]}]
    game = play(hands, first_dealer=0)
    assert game.hands[1].points == (-240, 120)
    assert game.hands[1].explain[1] == "Ben & Dee bid board and took all 12: 10 x 12 x 1 = 120"
    assert game.hands[1].explain[0] == "Ann & Cy bid double board and took 0 of 12: set, -10 x 12 x 2 = -240"


@pytest.mark.parametrize("settings, bids, tricks, points", [
    ({"bid_points": 3}, [3, "pass", 4, 2], [8, 5], (22, 9)),
    ({"bid_points": 3}, [3, "pass", 4, 2], [6, 7], (-21, 11)),
    ({"board_points": 20}, ["board", 2, "pass", "pass"], [13, 0], (260, -10)),
])
def test_point_settings(settings, bids, tricks, points):
    assert play([{"bids": bids, "tricks": tricks}], settings).hands[0].points == points


def test_deals_go_down_to_one_and_back_up():
    game = play([], {"max_cards": 3})
    sizes = []
    hands = []
    while not game.finished:
        sizes.append(game.next["cards"])
        hands.append({"bids": ["pass", "pass", "board", "pass"], "tricks": [game.next["cards"], 0]})
        game = play(hands, {"max_cards": 3})
    assert sizes == [3, 2, 1, 2, 3]
    assert game.totals == (10 * (3 + 2 + 1 + 2 + 3), 0) and game.winners == ("Ann & Cy",)
    assert len(game.hands) == 5


def test_a_full_game_has_twenty_five_deals():
    assert play([]).next["deals"] == 25


def test_all_pass_moves_the_deal_but_not_the_hand_size():
    passes = {"bids": ["pass"] * 4}
    game = play([{"bids": [3, "pass", 4, 2], "tricks": [8, 5]}, passes])
    assert game.hands[1].points == (0, 0)
    assert game.hands[1].facts["cards"] == 12
    assert game.hands[1].explain == ("All four passed: the hand is thrown in and Ben deals 12 cards again.",)
    assert game.next == {"dealer": 1, "cards": 12, "first_bidder": 2, "deal": 2, "deals": 25}


def test_a_thrown_in_hand_with_tricks_is_rejected():
    with pytest.raises(RuleError) as error:
        play([{"bids": ["pass"] * 4, "tricks": [7, 6]}])
    assert str(error.value) == "hand 1: all four passed and the hand is thrown in, so it can't have tricks"


@pytest.mark.parametrize("bids, dealer, expected", [
    ([3, "pass", 4, 2], 3, 2),          # highest number leads
    ([4, "pass", 4, 2], 3, 0),          # equal numbers: the earlier bidder (Ann bids before Cy)
    ([4, "pass", 4, 2], 1, 2),          # dealer Ben: Cy bids before Ann
    ([12, "board", "pass", 2], 3, 1),   # any board beats a number
    (["board", "board", "pass", 2], 3, 1),   # several boards: the last board bidder
    (["pass"] * 4, 3, None),
])
def test_who_leads(bids, dealer, expected):
    assert leader(tuple(bids), dealer) == expected


def test_team_multiplier_is_its_highest_claim():
    bids = ("board", "board", "board", "pass")      # dealer Dee: Ann x1, Ben x2, Cy x3
    assert team_multiplier(bids, 3, 0) == 3 and team_multiplier(bids, 3, 1) == 2
    assert team_multiplier(("board", 2, "pass", "pass"), 3, 1) == 0       # Ben & Dee claimed no board


def test_legal_bids_are_pass_one_to_cards_less_one_and_board():
    game = play([])
    assert game.legal_bids(0, {}) == ["pass", *range(1, 13), "board"]
    one_card = play([], {"max_cards": 1})
    assert one_card.legal_bids(0, {}) == ["pass", "board"]


@pytest.mark.parametrize("hand, message, field, seat", [
    ({"bids": [13, "pass", 4, 2], "tricks": [8, 5]}, "hand 1: Ann's bid of 13 is not allowed: with 13 cards the most is 12",
     "bids", 0),
    ({"bids": [0, "pass", 4, 2], "tricks": [8, 5]}, "hand 1: Ann's bid of 0 is not a bid: a player who expects no tricks passes",
     "bids", 0),
    ({"bids": [3, -1, 4, 2], "tricks": [8, 5]}, "hand 1: Ben's bid of -1 is not allowed: with 13 cards the most is 12",
     "bids", 1),
    ({"bids": [3, "Pass", 4, 2], "tricks": [8, 5]}, "hand 1: Ben's bid must be pass, board or a number of tricks", "bids", 1),
    ({"bids": [3, "pass", 4, 2], "tricks": [8, 4]}, "hand 1: the tricks add up to 12, but each player had 13 cards",
     "tricks", None),
    ({"bids": [3, "pass", 4, 2], "tricks": [14, -1]}, "hand 1: Ann & Cy's tricks must be a whole number from 0 to 13",
     "tricks", 0),
    ({"bids": [3, "pass", 4, 2], "tricks": [8, -1]}, "hand 1: Ben & Dee's tricks must be a whole number from 0 to 13",
     "tricks", 1),
    ({"bids": [3, "pass", 4, 2], "tricks": [8, 5, 0]}, "hand 1: tricks must be a list of 2 entries, one per team",
     "tricks", None),
    ({"bids": [3, "pass", 4, 2]}, "hand 1: the tricks are missing", "tricks", None),
    ({"bids": [3, "pass", 4], "tricks": [8, 5]}, "hand 1: bids must be a list of 4 entries, one per player", "bids", None),
])
def test_bad_hands_are_rejected(hand, message, field, seat):
    # field and seat (a team for tricks) say which control the form shows the message next to
    with pytest.raises(RuleError) as error:
        play([hand])
    assert (str(error.value), error.value.field, error.value.seat) == (message, field, seat)


@pytest.mark.parametrize("max_cards, bid, message", [
    (1, 1, "hand 1: Ann's bid of 1 is not allowed: with 1 card only pass or board"),
    (2, 2, "hand 1: Ann's bid of 2 is not allowed: with 2 cards the most is 1"),
    (3, 3, "hand 1: Ann's bid of 3 is not allowed: with 3 cards the most is 2"),
])
def test_small_deals_say_what_may_be_bid(max_cards, bid, message):
    with pytest.raises(RuleError) as error:
        play([{"bids": [bid, "pass", "pass", "pass"], "tricks": [max_cards, 0]}], {"max_cards": max_cards})
    assert (str(error.value), error.value.field, error.value.seat) == (message, "bids", 0)


def test_a_one_card_deal_in_the_singular():
    one = {"max_cards": 1}
    with pytest.raises(RuleError) as error:
        play([{"bids": ["board", "pass", "pass", "pass"], "tricks": [1, 1]}], one)
    assert str(error.value) == "hand 1: the tricks add up to 2, but each player had 1 card"
    with pytest.raises(RuleError) as error:
        play([{"bids": [0, "pass", "pass", "pass"], "tricks": [1, 0]}], one)
    assert str(error.value) == "hand 1: Ann's bid of 0 is not a bid: a player who expects no tricks passes"
    game = play([{"bids": ["pass"] * 4}], one)
    assert game.hands[0].explain == ("All four passed: the hand is thrown in and Ann deals 1 card again.",)


# --- what the tests of every game play of Back Alley ----------------------------------------------

def legal_hand(draw, scored, order):
    bids = draw_bids(draw, scored, order)
    return {"bids": bids} if set(bids) == {"pass"} else {"bids": bids, "tricks": split(draw, scored.next["cards"], 2)}


TESTED = Tested(
    legal_hand=legal_hand, players=("Ann", "Ben", "Cy", "Dee"), dealer=3,          # Dee deals 13 cards
    # Ann 4, the rest pass... but Ben bids 3; Ann & Cy took 6, Ben & Dee 7: 4 x 5 + 2 over, 3 x 5 + 4 over
    typical_hand=(link("Enter the bids for hand 1"), tap("bid_0", 4), tap("bid_1", 3), button("Save bids"),
                  tap("tricks_0", 6), button("Save hand 1")),
    totals_after=("22", "19"),
    # one deal of one card: Ann boards and her side takes it, 10 x 1
    finished=record("back_alley", ["Ann", "Ben", "Cy", "Dee"], [{"bids": ["board", "pass", "pass", "pass"], "tricks": [1, 0]}],
                    {"max_cards": 1}, first_dealer=3),
    result_lines=("Back Alley", "1. Ann & Cy 10", "2. Ben & Dee 0", "Game over: Ann & Cy win."),
    rules_settings={"max_cards": 5, "bid_points": 7}, rules_say="۷ × ۲ + ۱ =")
