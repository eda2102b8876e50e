"""Invariants over many random games, and random damage to valid records."""
import io
import json
import re
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import RuleError, score
from rules_engine.cli import main
from strategies import mutated, records

PLACE = re.compile(r"^(format|game|hands|players|settings|first_dealer|first_captain|hand [1-9][0-9]*"
                   r"|adjustment before hand [1-9][0-9]*): \S")
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])   # examples: the profile in conftest.py


@SETTINGS
@given(records())
def test_totals_are_the_running_sum_of_points(record):
    game = score(record)
    running = [0] * len(game.sides)
    for hand in game.hands:
        running = [t + p for t, p in zip(running, hand.points)]
        assert list(hand.totals) == running
    for bonus in game.bonuses:                  # gin's end bonuses, once the game is over
        assert game.finished
        running = [t + p for t, p in zip(running, bonus.points)]
    assert list(game.totals) == running
    assert (game.next is None) == game.finished
    assert bool(game.winners) == game.finished


@SETTINGS
@given(records())
def test_scoring_twice_gives_the_same_result(record):
    first = score(record).to_dict()
    again = score(json.loads(json.dumps(record))).to_dict()
    assert json.dumps(first) == json.dumps(again)


@SETTINGS
@given(st.data())
def test_any_change_is_accepted_or_rejected_with_a_place(data):
    record = data.draw(records(max_hands=6))
    changed = data.draw(mutated(record))
    try:
        score(changed)
    except RuleError as error:
        assert PLACE.match(str(error)), str(error)


@SETTINGS
@given(st.data())
def test_the_command_never_prints_a_traceback(data):
    record = data.draw(records(max_hands=4))
    text = json.dumps(data.draw(mutated(record))).encode()
    if data.draw(st.booleans()):
        cut = data.draw(st.integers(0, len(text)))
        text = text[:cut]
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text))
    try:
        code = main(["score", "-"], out, err)
    finally:
        sys.stdin = old
    if code == 0:
        assert json.loads(out.getvalue())["sides"]
    else:
        assert code == 2 and err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
        assert PLACE.match(err.getvalue())


# --- house rules: their defaults change nothing ---------------------------------------------------

@SETTINGS
@given(records(game_ids=("oh_hell",), max_hands=10, adjustments=False))
def test_oh_hell_without_house_rules_scores_by_the_book(record):
    """Whatever else the record sets, with the house rules at their defaults every player scores as
    the book says: exact 10 + tricks (else 0), or 1 a trick and 10 more when exact; zero bonus 5 + cards."""
    book = {name: value for name, value in record["settings"].items()
            if name in ("max_cards", "order", "hook", "zero_bonus") or (name == "scoring" and value != "custom")}
    try:
        game = score({**record, "settings": book})
    except RuleError:                   # its hands were legal only under the house rules it played
        return
    for raw, hand in zip(record["hands"], game.hands):
        cards = hand.facts["cards"]
        for bid, took, points in zip(raw["bids"], raw["tricks"], hand.points):
            if bid == took == 0 and book.get("zero_bonus"):
                assert points == 5 + cards
            elif book.get("scoring") == "tricks_plus_bonus":
                assert points == took + (10 if bid == took else 0)
            else:
                assert points == (10 + took if bid == took else 0)


@SETTINGS
@given(records(game_ids=("oh_hell",), max_hands=10, adjustments=False), st.sampled_from(["exact", "tricks_plus_bonus"]))
def test_the_named_oh_hell_scorings_are_custom_with_their_numbers(record, named):
    named_record = {**record, "settings": {**record["settings"], "scoring": named}}
    custom = {**record, "settings": {**record["settings"], "scoring": "custom", "bonus": 10, "per_trick": 1,
                                     "tricks_if_missed": named == "tricks_plus_bonus", "per_trick_off": 0,
                                     "per_bid_missed": 0}}
    assert [hand.points for hand in score(custom).hands] == [hand.points for hand in score(named_record).hands]
