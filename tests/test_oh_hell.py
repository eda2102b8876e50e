import pytest

from conftest import record
from games import Tested, button, link, tap
from rules_engine import GAMES, RuleError, score
from rules_engine.parts.deals import schedule
from strategies import draw_bids, split

OH_HELL = GAMES["oh_hell"]

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def one_hand(bids, tricks, settings=None, players=FOUR, first_dealer=0, before=()):
    """Score `before` hands then one more and return that last hand's points."""
    hands = [*before, {"bids": bids, "tricks": tricks}]
    return score(record("oh_hell", players, hands, settings, first_dealer=first_dealer)).hands[-1].points


def four_card_game(**settings):
    """Deal 1, 2 and 3 cards (all exact bids of 0 except one trick) to reach the 4-card hand."""
    return [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},
            {"bids": [0, 0, 0, 2], "tricks": [0, 0, 0, 2]},
            {"bids": [0, 0, 0, 3], "tricks": [0, 0, 0, 3]}]


@pytest.mark.parametrize("settings, bids, tricks, points", [
    # rules.md worked examples, on the 4-card hand: bid 4 took 4 -> 14, bid 0 took 0 -> 10, bid 3 took 4 -> 0
    ({}, [4, 0, 0, 0], [4, 0, 0, 0], (14, 10, 10, 10)),
    ({}, [3, 0, 1, 1], [4, 0, 0, 0], (0, 10, 0, 0)),
    ({"scoring": "tricks_plus_bonus"}, [3, 0, 1, 1], [4, 0, 0, 0], (4, 10, 0, 0)),
    ({"scoring": "tricks_plus_bonus"}, [2, 1, 1, 1], [2, 1, 1, 0], (12, 11, 11, 0)),
    ({"zero_bonus": True}, [4, 0, 0, 1], [4, 0, 0, 0], (14, 9, 9, 0)),
    ({"zero_bonus": True, "scoring": "tricks_plus_bonus"}, [3, 0, 0, 0], [4, 0, 0, 0], (4, 9, 9, 9)),
])
def test_scoring_settings(settings, bids, tricks, points):
    assert one_hand(bids, tricks, settings, before=four_card_game()) == points


def test_zero_bonus_on_a_seven_card_hand_is_twelve():
    assert one_hand([0, 3, 2, 1], [0, 4, 2, 1], {"order": "down", "max_cards": 7, "zero_bonus": True}) == (12, 0, 12, 11)


@pytest.mark.parametrize("max_cards, order, sizes", [
    (3, "up", (1, 2, 3)),
    (3, "down", (3, 2, 1)),
    (3, "up_down", (1, 2, 3, 2, 1)),
    (3, "down_up", (3, 2, 1, 2, 3)),
])
def test_hand_size_orders(max_cards, order, sizes):
    assert schedule(max_cards, order) == sizes


@pytest.mark.parametrize("players, largest", [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_largest_hand_by_player_count(players, largest):
    names = [f"P{n}" for n in range(players)]
    game = score(record("oh_hell", names, settings={"order": "down"}))
    assert game.next["cards"] == largest
    assert game.next["hand_of"] == [1, largest]


def test_no_trump_when_every_card_is_dealt():
    game = score(record("oh_hell", FOUR, settings={"order": "down"}))
    assert game.next["cards"] == 13 and game.next["no_trump"] is True
    five = score(record("oh_hell", FOUR + ["Eve"], settings={"order": "down"}))
    assert five.next["cards"] == 10 and five.next["no_trump"] is False


def test_dealer_and_first_bidder_move_left_and_game_ends_after_the_schedule():
    hands = [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}, {"bids": [0, 0, 2], "tricks": [0, 0, 2]}]
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], hands[:1], {"max_cards": 2}, first_dealer=2))
    assert game.next == {"dealer": 0, "cards": 2, "first_bidder": 1, "no_trump": False, "hand_of": [2, 2]}
    done = score(record("oh_hell", ["Ann", "Ben", "Cy"], hands, {"max_cards": 2}, first_dealer=2))
    assert done.finished and done.winners == ("Cy",) and done.totals == (20, 20, 23) and done.next is None


def test_equal_highest_totals_share_the_win():
    hands = [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}]
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], hands, {"max_cards": 1}))
    assert game.winners == ("Cy",)
    hands = [{"bids": [1, 0, 1], "tricks": [1, 0, 0]}]
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], hands, {"max_cards": 1}))
    assert game.totals == (11, 10, 0) and game.winners == ("Ann",)
    hands = [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], hands, {"max_cards": 1}))
    assert game.totals == (0, 10, 10) and game.winners == ("Ben", "Cy")


def test_hook_forbids_the_dealer_bid_that_adds_up():
    # dealer is Dee (seat 3); 3 cards; others bid 1 + 0 + 1 = 2, so Dee may not bid 1
    hands = [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0]}]
    before = score(record("oh_hell", FOUR, hands, {"hook": True}, first_dealer=1))
    assert before.next["dealer"] == 3 and before.next["cards"] == 3
    assert before.legal_bids(3, {0: 1, 1: 0, 2: 1}) == [0, 2, 3]
    assert before.legal_bids(3, {0: 1, 1: 0}) == [0, 1, 2, 3]   # not every bid known yet
    assert before.legal_bids(0, {}) == [0, 1, 2, 3]
    with pytest.raises(RuleError) as error:
        score(record("oh_hell", FOUR, hands + [{"bids": [1, 0, 1, 1], "tricks": [1, 0, 1, 1]}],
                     {"hook": True}, first_dealer=1))
    assert str(error.value) == ("hand 3: Dee is dealing and can't bid 1: "
                                "the bids would add up to the 3 cards dealt")
    assert (error.value.field, error.value.seat) == ("bids", 3)
    # without the hook the same bids are fine: 1 + 0 + 1 + 1 = 3
    assert score(record("oh_hell", FOUR, hands + [{"bids": [1, 0, 1, 1], "tricks": [1, 0, 1, 1]}],
                        first_dealer=1)).totals == (11, 20, 31, 31)


@pytest.mark.parametrize("hand, message, field, seat", [
    ({"bids": [0, 0, 4, 0], "tricks": [1, 0, 0, 0]}, "hand 1: Cy's bid of 4 is higher than the 1 card dealt", "bids", 2),
    ({"bids": [0, -1, 0, 0], "tricks": [1, 0, 0, 0]}, "hand 1: Ben's bid can't be below 0", "bids", 1),
    ({"bids": [0, True, 0, 0], "tricks": [1, 0, 0, 0]}, "hand 1: Ben's bid must be a whole number of tricks", "bids", 1),
    ({"bids": [0, 0.5, 0, 0], "tricks": [1, 0, 0, 0]}, "hand 1: Ben's bid must be a whole number of tricks", "bids", 1),
    ({"bids": [0, 0, 0], "tricks": [1, 0, 0, 0]}, "hand 1: bids must be a list of 4 entries, one per player", "bids", None),
    ({"tricks": [1, 0, 0, 0]}, "hand 1: the bids are missing", "bids", None),
    ({"bids": [0, 0, 0, 0], "tricks": [1, 0, 0]}, "hand 1: tricks must be a list of 4 entries, one per player", "tricks", None),
    ({"bids": [0, 0, 0, 0]}, "hand 1: the tricks are missing", "tricks", None),
    ({"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0]}, "hand 1: the tricks add up to 2, but 1 card was dealt", "tricks", None),
    ({"bids": [0, 0, 0, 0], "tricks": [0, 2, 0, 0]}, "hand 1: Ben can't take 2 tricks with 1 card", "tricks", 1),
    ({"bids": [0, 0, 0, 0], "tricks": [0, -1, 2, 0]}, "hand 1: Ben's tricks must be a whole number from 0", "tricks", 1),
])
def test_bad_hands_are_rejected_with_the_place_and_field(hand, message, field, seat):
    with pytest.raises(RuleError) as error:
        score(record("oh_hell", FOUR, [hand]))
    assert str(error.value) == message
    assert (error.value.field, error.value.seat) == (field, seat)


def test_explanations_show_the_arithmetic():
    game = score(record("oh_hell", FOUR, [{"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}], first_dealer=3))
    assert game.hands[0].explain == ("Ann bid 0, took 0: exact, 10 + 0 = 10", "Ben bid 1, took 1: exact, 10 + 1 = 11",
                                     "Cy bid 0, took 0: exact, 10 + 0 = 10", "Dee bid 0, took 0: exact, 10 + 0 = 10")


def test_a_hand_after_the_end_is_rejected():
    hands = [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}] * 2
    with pytest.raises(RuleError, match="^hand 2: the game was already over after hand 1$"):
        score(record("oh_hell", ["Ann", "Ben", "Cy"], hands, {"max_cards": 1}))


# The hook on the 3-card hand, Dee dealing (seat 3): the bids Dee may make after Ann, Ben and Cy.
@pytest.mark.parametrize("others, dealer_may_bid", [
    ({0: 1, 1: 0, 2: 1}, [0, 2, 3]),       # 2 bid: Dee may not bid 1
    ({0: 1, 1: 1, 2: 1}, [1, 2, 3]),       # 3 bid already: Dee may not bid 0
    ({0: 0, 1: 0, 2: 0}, [0, 1, 2]),       # nothing bid: Dee may not bid 3
    ({0: 2, 1: 1, 2: 1}, [0, 1, 2, 3]),    # 4 bid, over the 3 cards: no bid adds up, all allowed
])
def test_hook_dealer_choices(others, dealer_may_bid):
    hands = [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0]}]
    before = score(record("oh_hell", FOUR, hands, {"hook": True}, first_dealer=1))
    assert before.legal_bids(3, others) == dealer_may_bid
    assert before.legal_bids(0, {}) == [0, 1, 2, 3]      # only the dealer is hooked
    assert before.game.legal_bids(before.table, before.state, 3, others) == dealer_may_bid
    for bid in range(4):
        bids = [others[0], others[1], others[2], bid]
        if bid in dealer_may_bid:
            assert before.check_bids(bids) == tuple(bids)
        else:
            with pytest.raises(RuleError) as error:
                before.check_bids(bids)
            assert str(error.value) == (f"hand 3: Dee is dealing and can't bid {bid}: "
                                        "the bids would add up to the 3 cards dealt")
            assert (error.value.field, error.value.seat) == ("bids", 3)


def test_hook_forbids_a_dealer_bid_of_zero_in_a_whole_game():
    # 1 card, Ann dealing: Ben bids 1, so Ann's 0 would make the bids add up to the 1 card
    hook = {"hook": True, "max_cards": 1}
    with pytest.raises(RuleError, match="^hand 1: Ann is dealing and can't bid 0: the bids would add up "
                                        "to the 1 card dealt$"):
        score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [0, 1, 0], "tricks": [0, 1, 0]}], hook))
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [1, 1, 0], "tricks": [0, 1, 0]}], hook))
    assert game.totals == (0, 11, 10)


def test_the_second_hand_is_dealt_by_the_next_player_with_one_card_more():
    # hand 2 has 2 cards and Ann deals (Cy dealt hand 1)
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [0, 0, 1], "tricks": [0, 0, 1]},
                                                          {"bids": [0, 1, 2], "tricks": [0, 1, 1]}], first_dealer=2))
    hand = game.hands[1]
    assert hand.facts == {"dealer": 0, "cards": 2, "no_trump": False}
    assert hand.explain == ("Ann bid 0, took 0: exact, 10 + 0 = 10", "Ben bid 1, took 1: exact, 10 + 1 = 11",
                            "Cy bid 2, took 1: missed, 0")


@pytest.mark.parametrize("players, cards, no_trump", [
    (["Ann", "Ben", "Cy", "Dee"], 13, True),             # 4 x 13 = 52: every card dealt
    (["Ann", "Ben", "Cy", "Dee"], 12, False),
    (["Ann", "Ben", "Cy"], 15, False),                   # 3 x 15 = 45
])
def test_no_trump_on_a_hand_that_deals_every_card(players, cards, no_trump):
    size = len(players)
    hand = {"bids": [0] * (size - 1) + [cards], "tricks": [0] * (size - 1) + [cards]}
    game = score(record("oh_hell", players, [hand], {"order": "down", "max_cards": cards}, first_dealer=0))
    assert game.hands[0].facts == {"dealer": 0, "cards": cards, "no_trump": no_trump}
    assert game.next["no_trump"] is False and game.next["cards"] == cards - 1


def test_tricks_that_do_not_add_up_on_a_bigger_hand():
    with pytest.raises(RuleError) as error:
        score(record("oh_hell", FOUR, [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},
                                       {"bids": [0, 0, 0, 0], "tricks": [1, 1, 1, 0]}]))
    assert str(error.value) == "hand 2: the tricks add up to 3, but 2 cards were dealt"


@pytest.mark.parametrize("hand, message, seat", [
    ({"bids": [0, 0, 3, 0], "tricks": [1, 1, 0, 0]}, "hand 2: Cy's bid of 3 is higher than the 2 cards dealt", 2),
    ({"bids": [0, 0, 0, 0], "tricks": [0, 3, 0, 0]}, "hand 2: Ben can't take 3 tricks with 2 cards", 1),
])
def test_bids_and_tricks_over_a_two_card_hand(hand, message, seat):
    with pytest.raises(RuleError) as error:
        score(record("oh_hell", FOUR, [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}, hand]))
    assert (str(error.value), error.value.seat) == (message, seat)


def test_zero_bonus_on_a_one_card_hand():
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [0, 1, 1], "tricks": [0, 1, 0]}],
                        {"zero_bonus": True, "max_cards": 1}))
    assert game.hands[0].points == (6, 11, 0)
    assert game.hands[0].explain[0] == "Ann bid 0, took 0: zero bonus, 5 + 1 card = 6"


@pytest.mark.parametrize("count, largest", [(0, 52), (1, 52), (2, 26), (8, 6), (10, 5)])
def test_settings_asked_for_a_count_outside_three_to_seven(count, largest):
    # a form can ask before its names are all in: every card shared out, the most each can hold
    from rules_engine import GAMES
    max_cards = next(s for s in GAMES["oh_hell"].settings(count) if s.name == "max_cards")
    assert (max_cards.default, max_cards.minimum, max_cards.maximum) == (largest, 1, largest)


# --- house rules: custom scoring, the hook from N cards, odd or even hand sizes --------------------

ESCALIER = {"scoring": "custom", "bonus": 5, "per_trick": 5, "per_trick_off": 5}
LOSE_YOUR_BID = {"scoring": "custom", "per_bid_missed": 1}


@pytest.mark.parametrize("settings, bids, tricks, points", [
    # house-rules.md: Escalier's numbers - bid 3 took 3 -> 20, bid 3 took 1 -> -10, bid 0 took 0 -> 5
    (ESCALIER, [3, 0, 1, 0], [3, 0, 1, 0], (20, 5, 10, 5)),
    (ESCALIER, [3, 0, 0, 0], [1, 2, 1, 0], (-10, -10, -5, 5)),
    # "lose your bid": bid 3 took 1 -> -3, bid 0 took 2 -> 0
    (LOSE_YOUR_BID, [3, 0, 1, 0], [1, 2, 1, 0], (-3, 0, 11, 10)),
    # every number at once: bid 3 took 1 = 2 x 1 - 4 x 2 - 3 x 3 = -15; bid 1 took 3 = 2 x 3 - 4 x 2 - 3 x 1 = -5
    ({"scoring": "custom", "bonus": 7, "per_trick": 2, "tricks_if_missed": True, "per_trick_off": 4,
      "per_bid_missed": 3}, [3, 1, 0, 0], [1, 3, 0, 0], (-15, -5, 7, 7)),
    # the custom numbers are ignored unless the scoring is custom
    ({"bonus": 50, "per_trick_off": 9}, [3, 0, 0, 0], [1, 2, 1, 0], (0, 0, 0, 10)),
    # a made 0 under zero_bonus still scores 5 + cards
    ({**ESCALIER, "zero_bonus": True}, [3, 0, 1, 0], [3, 0, 1, 0], (20, 9, 10, 9)),
])
def test_custom_scoring_on_the_four_card_hand(settings, bids, tricks, points):
    assert one_hand(bids, tricks, settings, before=four_card_game()) == points


@pytest.mark.parametrize("settings, bids, tricks, said", [
    (ESCALIER, [3, 0, 0, 0], [1, 2, 1, 0],
     ["Ann bid 3, took 1: missed by 2, -5 x 2 = -10", "Ben bid 0, took 2: missed by 2, -5 x 2 = -10",
      "Cy bid 0, took 1: missed by 1, -5 x 1 = -5", "Dee bid 0, took 0: exact, 5 + 5 x 0 = 5"]),
    ({"scoring": "custom", "tricks_if_missed": True, "per_bid_missed": 2}, [3, 1, 0, 0], [1, 3, 0, 0],
     ["Ann bid 3, took 1: missed by 2, 1 x 1 - 2 x 3 = -5", "Ben bid 1, took 3: missed by 2, 1 x 3 - 2 x 1 = 1",
      "Cy bid 0, took 0: exact, 10 + 1 x 0 = 10", "Dee bid 0, took 0: exact, 10 + 1 x 0 = 10"]),
    ({"scoring": "custom"}, [3, 0, 0, 0], [1, 2, 1, 0],
     ["Ann bid 3, took 1: missed by 2, 0", "Ben bid 0, took 2: missed by 2, 0",
      "Cy bid 0, took 1: missed by 1, 0", "Dee bid 0, took 0: exact, 10 + 1 x 0 = 10"]),
])
def test_custom_scoring_explains_each_number(settings, bids, tricks, said):
    hands = [*four_card_game(), {"bids": bids, "tricks": tricks}]
    assert list(score(record("oh_hell", FOUR, hands, settings)).hands[-1].explain) == said


def test_the_named_scorings_are_custom_with_their_own_numbers():
    exact = {"scoring": "custom", "bonus": 10, "per_trick": 1}
    plus = {**exact, "tricks_if_missed": True}
    for bids, tricks in (([3, 0, 1, 1], [4, 0, 0, 0]), ([2, 1, 1, 1], [2, 1, 1, 0]), ([4, 0, 0, 0], [4, 0, 0, 0])):
        assert one_hand(bids, tricks, exact, before=four_card_game()) == one_hand(
            bids, tricks, {"scoring": "exact"}, before=four_card_game())
        assert one_hand(bids, tricks, plus, before=four_card_game()) == one_hand(
            bids, tricks, {"scoring": "tricks_plus_bonus"}, before=four_card_game())


@pytest.mark.parametrize("max_cards, order, sizes, played", [
    (7, "up_down", "odd", (1, 3, 5, 7, 5, 3, 1)),      # house-rules.md
    (7, "up", "even", (2, 4, 6)),                      # house-rules.md
    (4, "down_up", "even", (4, 2, 2, 4)),
    (3, "down", "all", (3, 2, 1)),
])
def test_only_odd_or_even_hand_sizes_keep_the_orders_shape(max_cards, order, sizes, played):
    table = {"max_cards": max_cards, "order": order, "sizes": sizes}
    game = score(record("oh_hell", FOUR, settings=table))
    assert game.next["cards"] == played[0] and game.next["hand_of"] == [1, len(played)]
    hands = []
    for cards in played:
        assert score(record("oh_hell", FOUR, hands, table)).next["cards"] == cards
        hands.append({"bids": [cards, 0, 0, 0], "tricks": [cards, 0, 0, 0]})
    assert score(record("oh_hell", FOUR, hands, table)).finished


def test_even_sizes_from_one_card_leave_no_hand_and_are_refused_at_the_sizes_setting():
    with pytest.raises(RuleError) as refused:
        score(record("oh_hell", FOUR, settings={"max_cards": 1, "sizes": "even"}))
    assert refused.value.field == "sizes" and "no hand has an even number of cards" in str(refused.value)


def test_the_hook_from_three_cards_leaves_the_dealer_free_in_smaller_hands():
    table = {"hook": True, "hook_from": 3, "max_cards": 3}
    # 1 card, Ann deals last of Ben, Cy, Dee: 0 + 0 + 0 + 1 adds up, allowed below 3 cards
    one = score(record("oh_hell", FOUR, [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}], table))
    assert one.hands[0].points == (11, 10, 10, 10)
    two = [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 1]}]
    before_three = score(record("oh_hell", FOUR, two, table))
    assert before_three.next["cards"] == 3 and before_three.next["dealer"] == 2      # Cy deals the 3-card hand
    assert before_three.legal_bids(2, {3: 1, 0: 1, 1: 0}) == [0, 2, 3]               # 1 + 1 + 0 + 1 would add up
    with pytest.raises(RuleError) as refused:
        score(record("oh_hell", FOUR, [*two, {"bids": [1, 0, 1, 1], "tricks": [1, 0, 1, 1]}], table))
    assert refused.value.seat == 2 and "can't bid 1" in str(refused.value)


def test_the_hook_cant_start_above_the_biggest_hand_played():
    with pytest.raises(RuleError) as refused:
        score(record("oh_hell", FOUR, settings={"hook": True, "hook_from": 6, "max_cards": 5}))
    assert refused.value.field == "hook_from" and "5" in str(refused.value)
    assert score(record("oh_hell", FOUR, settings={"hook_from": 6, "max_cards": 5})).next["cards"] == 1   # hook off: ignored


def test_settings_in_play_leave_out_what_another_setting_switches_off():
    game = GAMES["oh_hell"]
    table = score(record("oh_hell", FOUR, settings={"hook_from": 2, "bonus": 5})).table.settings
    assert game.settings_in_play(table) == {"max_cards": 13, "order": "up", "hook": False, "sizes": "all",
                                            "scoring": "exact", "zero_bonus": False}
    custom = score(record("oh_hell", FOUR, settings={"hook": True, "hook_from": 2, **ESCALIER})).table.settings
    assert game.settings_in_play(custom) == {**custom}


def test_the_rules_page_examples_are_the_engines_own_lines():
    assert OH_HELL.player_words("Ann", 3, 1, 5, {**ESCALIER, "zero_bonus": False, "tricks_if_missed": False,
                                                 "per_bid_missed": 0}) == "Ann bid 3, took 1: missed by 2, -5 x 2 = -10"
    assert OH_HELL.player_words("Ann", 0, 0, 5, {"scoring": "exact", "zero_bonus": True}) == \
        "Ann bid 0, took 0: zero bonus, 5 + 5 cards = 10"


def test_settings_that_leave_no_game_say_so_exactly():
    with pytest.raises(RuleError) as refused:
        score(record("oh_hell", FOUR, settings={"max_cards": 1, "sizes": "even"}))
    assert str(refused.value) == "settings: with max cards 1, no hand has an even number of cards"
    assert refused.value.place == "settings"
    with pytest.raises(RuleError) as refused:
        score(record("oh_hell", FOUR, settings={"hook": True, "hook_from": 4, "max_cards": 3}))
    assert str(refused.value) == "settings: the hook can start at 3 cards at most, the biggest hand played"
    assert score(record("oh_hell", FOUR, settings={"hook": True, "hook_from": 3, "max_cards": 3})).next["cards"] == 1
    assert score(record("oh_hell", FOUR, settings={"max_cards": 2, "sizes": "even"})).next["cards"] == 2


# --- what the tests of every game play of Oh Hell -------------------------------------------------

def legal_hand(draw, scored, order):
    return {"bids": draw_bids(draw, scored, order), "tricks": split(draw, scored.next["cards"], scored.table.size)}


TESTED = Tested(
    legal_hand=legal_hand, players=("Ann", "Ben", "Cy", "Dee"), dealer=3,          # Dee deals 1 card
    # filled in as bid: Ann 1, Ben 0, Cy 0, Dee the rest (0). Ben took the trick, not Ann: both missed
    typical_hand=(link("Enter the bids for hand 1"), tap("bid_0", 1), tap("bid_1", 0), tap("bid_2", 0), tap("bid_3", 0),
                  button("Save bids"), tap("tricks_1", 1), tap("tricks_0", 0), button("Save hand 1")),
    totals_after=("0", "0", "10", "10"),
    # one card each: Ann bid 1 and took it (10 + 1), Ben and Cy bid 0 and took 0 (10 each)
    finished=record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}], {"max_cards": 1},
                    first_dealer=2),
    result_lines=("Oh Hell", "1. Ann 11", "2. Ben 10", "2. Cy 10", "Game over: Ann wins."),
    rules_settings={"order": "down_up", "zero_bonus": True}, rules_say="۲۵ لاسه")
