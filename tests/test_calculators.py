import pytest

from rules_engine import RuleError
from rules_engine.calculators import after_layoffs, arrange, game_point_winner, game_points


def labels(melds):
    return sorted(" ".join(c.code for c in meld.cards) for meld in melds)


@pytest.mark.parametrize("hand, deadwood, melds", [
    # the trap: 7H fits the set of sevens and the heart run; the run leaves less deadwood (34 < 37)
    ("7H 7S 7D 8H 9H KC QC 2S 3S 4S", 34, ["2S 3S 4S", "7H 8H 9H"]),
    # ace is low only: A-2-3 is a run, Q-K-A is not
    ("AS 2S 3S QD KD AD 5C 6H 8C 9D", 1 + 10 + 10 + 5 + 6 + 8 + 9, ["AS 2S 3S"]),
    ("QS KS AS 2C 3D 4H 5C 6D 7H 8C", 56, []),
    # four of a kind kept as a set
    ("9S 9H 9D 9C 2D 5H 7C KS QH JD", 2 + 5 + 7 + 10 + 10 + 10, ["9C 9D 9H 9S"]),
    # four of a kind split: three 9s as a set and 9H in the heart run (20) beats two runs (23)
    ("7S 8S 9S 9H 10H JH 9D 9C 2C 3C", 7 + 8 + 2 + 3, ["9C 9D 9S", "9H 10H JH"]),
    # split a four of a kind: set of three 5s plus a run using the fourth
    ("5S 5H 5D 5C 6C 7C KS KH QD JD", 10 + 10 + 10 + 10, ["5C 6C 7C", "5D 5H 5S"]),
    # gin
    ("AS 2S 3S 4S KH KD KC 7D 8D 9D", 0, ["7D 8D 9D", "AS 2S 3S 4S", "KC KD KH"]),
    # the largest deadwood ten cards can hold: 98
    ("KS KH QD QC JS JH 10D 10C 9S 9H", 98, []),
])
def test_best_melds_and_deadwood(hand, deadwood, melds):
    result = arrange(hand.split())
    assert result.deadwood == deadwood
    assert labels(result.melds) == melds


def test_layoffs_onto_both_ends_of_a_run_and_onto_a_set():
    knocker = arrange("5H 6H 7H 8H JC JD JS 2C 3C AD".split())
    assert labels(knocker.melds) == ["5H 6H 7H 8H", "JC JD JS"] and knocker.deadwood == 6
    # 4H below the run, 9H above it, JH onto the set of jacks
    opponent = after_layoffs("4H 9H JH QC KD AC 2D 7S 6C 3D".split(), knocker.melds)
    laid = sorted(" ".join(c.code for c in lay.cards) for lay in opponent.layoffs)
    assert laid == ["4H 9H", "JH"]
    assert labels(opponent.melds) == []
    assert opponent.deadwood == 10 + 10 + 1 + 2 + 7 + 6 + 3


def test_layoffs_can_chain_along_a_run():
    knocker = arrange("5H 6H 7H KS KD KC 2C 3C AD AS".split())
    opponent = after_layoffs("8H 9H QC QD 2D 4S 6S 8S 10S 3D".split(), knocker.melds)
    assert [" ".join(c.code for c in lay.cards) for lay in opponent.layoffs] == ["8H 9H"]
    assert opponent.deadwood == 10 + 10 + 2 + 4 + 6 + 8 + 10 + 3


def test_no_layoffs_against_gin():
    knocker = arrange("AS 2S 3S 4S KH KD KC 7D 8D 9D".split())
    opponent = after_layoffs("5S KS 10D 2H 3H 5C 6C 8C 9C QH".split(), knocker.melds, gin=True)
    assert opponent.layoffs == () and opponent.deadwood == 5 + 10 + 10 + 2 + 3 + 5 + 6 + 8 + 9 + 10


def test_a_card_for_both_an_own_set_and_a_layoff_goes_where_it_saves_most():
    knocker = arrange("5H 6H 7H 8H JC JD JS 2C 3C AD".split())
    # 9H could complete a set of four 9s, but laying 9H and 10H off on the hearts saves 10H too
    opponent = after_layoffs("9S 9C 9D 9H 10H QC KD AC 2D 3D".split(), knocker.melds)
    assert labels(opponent.melds) == ["9C 9D 9S"]
    assert [" ".join(c.code for c in lay.cards) for lay in opponent.layoffs] == ["9H 10H"]
    assert opponent.deadwood == 10 + 10 + 1 + 2 + 3


@pytest.mark.parametrize("codes, message", [
    (["AS", "1S"], "cards: '1S' is not a card (write it like AS, 10H, KD)"),
    (["AS", "as"], "cards: A\u2660 is there twice"),
    (["ZZ"], "cards: 'ZZ' is not a card (write it like AS, 10H, KD)"),
])
def test_bad_cards_are_rejected(codes, message):
    with pytest.raises(RuleError) as error:
        arrange(codes)
    assert str(error.value) == message


@pytest.mark.parametrize("codes, points", [
    (["10H"], 10), (["AS"], 4), (["KD"], 3), (["QC"], 2), (["JH"], 1), (["9S", "2D"], 0),
    (["10S", "10H", "10D", "10C", "AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC",
      "JS", "JH", "JD", "JC"], 80),
])
def test_game_points(codes, points):
    assert game_points(codes) == points


@pytest.mark.parametrize("points, winner", [([13, 12], 0), ([12, 13], 1), ([12, 12], None), ([4, 9, 9], None),
                                            ([4, 10, 9], 1), ([], None)])
def test_game_point_winner_ties_give_nobody(points, winner):
    assert game_point_winner(points) == winner


def test_the_lowest_card_counts_like_any_other():
    # 4C sorts first; the set of four 4s (not three, leaving 4C out) leaves 2 + 2 + 5 + 10 + 10 + 9
    result = arrange("4C 4D 4H 4S 2H 2S 5H KC QD 9S".split())
    assert labels(result.melds) == ["4C 4D 4H 4S"] and result.deadwood == 38


def test_melds_are_named_sets_and_runs():
    result = arrange("AS 2S 3S 4S KH KD KC 7D 8D 9D".split())
    assert sorted((meld.kind.value, meld.label) for meld in result.melds) == [
        ("run", "7\u2666 8\u2666 9\u2666"), ("run", "A\u2660 2\u2660 3\u2660 4\u2660"), ("set", "K\u2663 K\u2666 K\u2665")]


@pytest.mark.parametrize("knocker, opponent, laid, deadwood", [
    # an ace below a run that starts at 2
    ("2H 3H 4H KS KD KC 9C 9D 5S 6D", "AH QC QD 7S 8S 2D 3D 10C JS 6C", ["AH"], 10 + 10 + 7 + 8 + 2 + 3 + 10 + 10 + 6),
    # two cards chained below a run
    ("5H 6H 7H KS KD KC 2C 3C AD AS", "3H 4H QC QD 2D 4S 6S 8S 10S 3D", ["4H 3H"], 10 + 10 + 2 + 4 + 6 + 8 + 10 + 3),
])
def test_layoffs_reach_the_ace_and_chain_below_a_run(knocker, opponent, laid, deadwood):
    melds = arrange(knocker.split()).melds
    result = after_layoffs(opponent.split(), melds)
    assert [" ".join(c.code for c in lay.cards) for lay in result.layoffs] == laid
    assert result.deadwood == deadwood


def test_a_layoff_names_the_meld_it_goes_onto():
    knocker = arrange("5H 6H 7H 8H JC JD JS 2C 3C AD".split())
    opponent = after_layoffs("4H 9H JH QC KD AC 2D 7S 6C 3D".split(), knocker.melds)
    onto = {" ".join(c.code for c in lay.cards): lay.onto.label for lay in opponent.layoffs}
    assert onto == {"4H 9H": "5\u2665 6\u2665 7\u2665 8\u2665", "JH": "J\u2663 J\u2666 J\u2660"}


def test_a_card_twice_in_the_opponents_hand_is_named_for_the_opponent():
    with pytest.raises(RuleError) as error:
        after_layoffs(["AS", "AS"], ())
    assert str(error.value) == "opponent: A\u2660 is there twice" and error.value.place == "opponent"
