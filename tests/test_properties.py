"""Invariants over many random games, and random damage to valid records."""
import io
import json
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import as_tested
from rules_engine import RuleError, score
from rules_engine.cli import main
from strategies import draw_hand, mutated, records

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


FOUR = ["high", "low", "jack", "game"]


@SETTINGS
@given(records(game_ids=("pitch", "smear"), max_hands=10))
def test_pitch_and_smear_with_the_four_points_score_as_the_book_says(record):
    """With the four points played (given or left out), each worth 1, every side scores the points it took,
    the pitcher's side its bid taken off when it took less, a capped side no more than its cap."""
    settings = {name: value for name, value in record["settings"].items() if name not in ("points", "min_bid")}
    plain = {**record, "settings": settings}
    given_four = {**record, "settings": {**settings, "points": FOUR, "min_bid": 2 if record["game"] == "smear" else 1}}
    try:
        game = score(plain)
    except RuleError:                   # its hands were legal only under the points and bids it played
        return
    assert score(given_four).to_dict() == game.to_dict()
    totals = [0] * len(game.sides)
    for raw, hand in zip(plain["hands"], game.hands):
        if hand.is_adjustment or hand.facts["bidder"] is None:      # an adjustment counts in the totals (the cap)
            assert hand.is_adjustment or hand.points == (0,) * len(totals)
            totals = [total + points for total, points in zip(totals, hand.points)]
            continue
        won = [sum(raw.get(point) == side for point in FOUR) for side in range(len(totals))]
        pitcher = hand.facts["bidder"] % 2 if len(totals) == 2 and len(record["players"]) == 4 else hand.facts["bidder"]
        for side, points in enumerate(hand.points):
            if side == pitcher:
                assert points == (won[side] if won[side] >= hand.facts["bid"] else -hand.facts["bid"])
            elif game.table.settings.get("non_bidder_cap"):
                assert points == min(won[side], max(0, game.table.settings["target"] - totals[side]))
            else:
                assert points == won[side]
        totals = [total + points for total, points in zip(totals, hand.points)]


@SETTINGS
@given(records(game_ids=("pitch", "smear"), max_hands=10))
def test_a_made_bid_hands_out_what_the_points_taken_are_worth(record):
    """In any set of points, a hand whose pitcher made the bid (no cap) hands out exactly what the
    points taken are worth, the three of trump 3 and every other point 1."""
    game = score(record)
    played = game.table.settings["points"]
    for raw, hand in zip(record["hands"], game.hands):
        if hand.is_adjustment or hand.facts["bidder"] is None or min(hand.points) < 0 \
                or game.table.settings.get("non_bidder_cap"):
            continue
        assert sum(hand.points) == sum(3 if point == "three" else 1 for point in played if raw.get(point) is not None)
        assert sum(hand.points) <= sum(3 if point == "three" else 1 for point in played)


@SETTINGS
@given(st.data())
def test_a_hand_after_the_end_is_refused_in_every_game(data):
    """Whatever the game: once it is over, a hand more - even the one that was legal a hand before -
    is refused, naming the hand it would be. A random game is played on until it ends (or, past 300
    hands, its own tests' finished game stands in)."""
    record = data.draw(records(adjustments=False))
    scored = score(record)
    while not scored.finished and len(record["hands"]) < 300:
        hand = draw_hand(data.draw, scored)
        record["hands"].append(hand)
        scored = scored.then([hand])
    if not scored.finished:
        record = as_tested(record["game"]).finished
        scored = score(record)
    last = scored.hands[-1].number
    with pytest.raises(RuleError) as refused:
        scored.then([record["hands"][-1]])
    assert str(refused.value) == f"hand {last + 1}: the game was already over after hand {last}"
