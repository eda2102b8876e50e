"""Every record in examples/ scores exactly as its .expected.json says."""
from rules_engine import score


def test_example_scores_as_expected(example):
    record, expected = example
    result = score(record).to_dict()
    assert result["sides"] == expected["sides"]
    assert result["totals"] == expected["totals"]
    assert result["finished"] == expected["finished"]
    assert result["winners"] == expected["winners"]
    assert len(result["hands"]) == len(expected["hands"])
    for got, want in zip(result["hands"], expected["hands"]):
        assert (got["number"], got["points"], got["totals"]) == (want["number"], want["points"], want["totals"])


def test_every_hand_is_explained_and_next_is_given_while_playing(example):
    record, _ = example
    result = score(record).to_dict()
    assert all(hand["explain"] and all(isinstance(s, str) and s for s in hand["explain"])
               for hand in result["hands"])
    assert (result["next"] is None) == result["finished"]
    record["hands"] = []
    assert score(record).to_dict()["next"] is not None
