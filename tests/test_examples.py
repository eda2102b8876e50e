"""Every record in examples/ scores exactly as its .expected.json says: every field of every hand
(dealer, cards, deal, leader, no_trump, bidder, bid, roles, points, totals, the explanation's
arithmetic), the next hand, the totals and the winners.

The points and totals are the ones given with the examples; the other fields were checked by
hand against the rules when they were added."""
import pytest

from rules_engine import score

FIELDS = ["game", "sides", "totals", "finished", "winners", "next"]


@pytest.mark.parametrize("field", FIELDS)
def test_example_scores_as_expected(example, field):
    record, expected = example
    assert score(record).to_dict()[field] == expected[field]


def test_every_hand_of_the_example_is_as_expected(example):
    record, expected = example
    got = score(record).to_dict()["hands"]
    assert len(got) == len(expected["hands"])
    for hand, want in zip(got, expected["hands"]):
        assert hand == want, f"hand {want['number']}"


def test_the_next_hand_is_given_while_playing_and_before_the_first_hand(example):
    record, _ = example
    result = score(record).to_dict()
    assert (result["next"] is None) == result["finished"]
    first_dealer = record.get("first_dealer") or 0
    record["hands"] = []
    assert score(record).to_dict()["next"]["dealer"] == first_dealer
