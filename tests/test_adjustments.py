"""Adjustments: points given or taken between hands with a note, the same in every game. They add to
the totals where they stand and move nothing else: not the deal, the cards, the bidder or the box."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import record
from rules_engine import GAMES, RuleError, score
from rules_engine.adjustment import hands_played
from strategies import draw_adjustment, records

THREE = ["Ann", "Ben", "Cy"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])
RENEGE = {"adjustment": [0, -10, 0], "note": "Ben reneged"}


def pitch(*hands, **settings):
    return record("pitch", THREE, hands, settings)


def ann_makes_2():
    return {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": 1, "game": None}


def test_an_adjustment_adds_its_points_where_it_stands_and_says_why():
    game = score(pitch(ann_makes_2(), RENEGE))
    adjustment = game.hands[1]
    assert adjustment.is_adjustment and adjustment.note == "Ben reneged"
    assert adjustment.points == (0, -10, 0) and adjustment.totals == (2, -9, 0) == game.totals
    assert adjustment.explain == ("Adjustment: Ben -10 (Ben reneged)",)
    assert adjustment.entry == 2 and adjustment.number == 2          # it stands before hand 2
    assert game.to_dict()["hands"][1] == {"adjustment": [0, -10, 0], "note": "Ben reneged", "before_hand": 2,
                                          "points": [0, -10, 0], "totals": [2, -9, 0],
                                          "explain": ["Adjustment: Ben -10 (Ben reneged)"]}


def test_several_sides_and_a_trimmed_note_are_said_in_seat_order():
    game = score(pitch({"adjustment": [5, 0, -5], "note": "  misdeal  "}))
    assert game.hands[0].explain == ("Adjustment: Ann +5, Cy -5 (misdeal)",)
    assert game.totals == (5, 0, -5) and game.next["dealer"] == 0      # the first dealer still deals first


def test_a_partnership_adjustment_is_per_team():
    game = score(record("smear", FOUR, [{"adjustment": [-10, 0], "note": "card shown"}]))
    assert game.totals == (-10, 0)
    assert game.hands[0].explain == ("Adjustment: Ann & Cy -10 (card shown)",)


def test_the_next_hand_is_numbered_and_dealt_as_if_there_were_no_adjustment():
    plain = score(pitch(ann_makes_2(), ann_makes_2() | {"bids": ["pass", "pass", 2]}))
    adjusted = score(pitch(ann_makes_2(), RENEGE, ann_makes_2() | {"bids": ["pass", "pass", 2]}))
    assert [hand.number for hand in adjusted.hands] == [1, 2, 2]
    assert [hand.entry for hand in adjusted.hands] == [1, 2, 3]
    assert adjusted.hands[2].facts == plain.hands[1].facts and adjusted.next == plain.next
    assert adjusted.totals == (4, -8, -2) and plain.totals == (4, 2, -2)      # Cy pitched 2, was set


def test_oh_hell_cards_and_the_back_alley_deal_do_not_move():
    oh_hell = score(record("oh_hell", THREE, [{"bids": [0, 1, 0], "tricks": [0, 1, 0]},
                                              {"adjustment": [0, 0, 3], "note": "late joiner"}]))
    assert oh_hell.next["cards"] == 2 and oh_hell.next["dealer"] == 1 and oh_hell.totals == (10, 11, 13)
    back_alley = score(record("back_alley", FOUR, [{"adjustment": [0, 7], "note": "misdeal"}]))
    assert back_alley.next["deal"] == 1 and back_alley.next["dealer"] == 0 and back_alley.next["cards"] == 13


def test_gin_roles_stay_and_the_box_bonus_counts_hands_only():
    knock = {"result": "knock", "knocker": "box", "deadwood": {"box": 4, "team": 20}}
    adjusted = score(record("gin3", THREE, [knock, {"adjustment": [0, 5, 5], "note": "late joiner"}, knock],
                            {"box_bonus": 25, "target": 30}))
    plain = score(record("gin3", THREE, [knock, knock], {"box_bonus": 25, "target": 30}))
    assert adjusted.hands[2].facts["roles"] == plain.hands[1].facts["roles"]
    assert adjusted.finished and plain.finished
    assert [bonus.points for bonus in adjusted.bonuses] == [(50, 0, 0)]    # two hands gave Ann points; not the 5s
    assert adjusted.totals == (82, 5, 5)


def test_an_adjustment_never_ends_a_game_the_next_hand_does():
    game = score(pitch({"adjustment": [7, 0, 0], "note": "carried over"}, target=7))
    assert game.totals == (7, 0, 0) and not game.finished                # at the target, but no hand has ended
    ended = score(pitch({"adjustment": [7, 0, 0], "note": "carried over"}, ann_makes_2(), target=7))
    assert ended.finished and ended.winners == ("Ann",) and ended.totals == (9, 1, 0)


def test_the_end_is_checked_with_the_adjustments_in_the_totals():
    """First to target: Ben at 6 after an adjustment and +1 in the next hand reaches 7 first."""
    game = score(pitch({"adjustment": [0, 6, 0], "note": "handicap"}, ann_makes_2(), target=7,
                       win_rule="first_to_target"))
    assert game.finished and game.winners == ("Ben",) and game.totals == (2, 7, 0)


@pytest.mark.parametrize("entry, field, seat, message", [
    ({"adjustment": [0, -10]}, "adjustment", None, "an adjustment must be a list of 3 whole numbers, one per side"),
    ({"adjustment": "-10"}, "adjustment", None, "an adjustment must be a list of 3 whole numbers, one per side"),
    ({"adjustment": [0, 2.5, 0]}, "adjustment", 1, "Ben's points must be a whole number"),
    ({"adjustment": [0, True, 0]}, "adjustment", 1, "Ben's points must be a whole number"),
    ({"adjustment": [0, 0, 1001]}, "adjustment", 2, "Cy's points must be from -1000 to 1000, not 1001"),
    ({"adjustment": [-1001, 0, 0]}, "adjustment", 0, "Ann's points must be from -1000 to 1000, not -1001"),
    ({"adjustment": [0, 0, 0]}, "adjustment", None, "an adjustment must give or take points from at least one side"),
    ({"adjustment": [0, -10, 0]}, "note", None, "an adjustment needs a note saying why"),
    ({"adjustment": [0, -10, 0], "note": "   "}, "note", None, "an adjustment needs a note saying why"),
    ({"adjustment": [0, -10, 0], "note": 7}, "note", None, "an adjustment needs a note saying why"),
    ({"adjustment": [0, -10, 0], "note": "x" * 81}, "note", None, "the note is longer than 80 characters"),
])
def test_a_wrong_adjustment_is_refused_next_to_its_field(entry, field, seat, message):
    with pytest.raises(RuleError) as refused:
        score(pitch(ann_makes_2(), entry))
    error = refused.value
    assert str(error) == f"adjustment before hand 2: {message}"
    assert (error.field, error.seat, error.entry, error.hand) == (field, seat, 2, None)


def test_a_wrong_setting_is_no_entry_of_the_record():
    with pytest.raises(RuleError) as refused:
        score(pitch(ann_makes_2(), RENEGE, target=0))
    assert (refused.value.place, refused.value.entry, refused.value.hand) == ("settings", None, None)


@pytest.mark.parametrize("entries, hands", [
    ([], 0),
    ([RENEGE], 0),
    ([ann_makes_2(), RENEGE, ann_makes_2()], 2),
    ([RENEGE, ann_makes_2(), RENEGE, RENEGE], 1),
])
def test_hands_played_counts_the_hands_and_not_the_adjustments(entries, hands):
    assert hands_played(entries) == hands


def test_extremes_and_a_note_of_80_characters_are_accepted():
    game = score(pitch({"adjustment": [1000, -1000, 0], "note": "x" * 80}))
    assert game.totals == (1000, -1000, 0)


def test_an_adjustment_after_the_last_hand_is_refused():
    with pytest.raises(RuleError) as refused:
        score(pitch(ann_makes_2(), RENEGE, target=2))
    assert str(refused.value) == "adjustment before hand 2: the game is over"
    assert refused.value.entry == 2


def test_a_wrong_hand_after_an_adjustment_names_the_hand_and_its_entry():
    with pytest.raises(RuleError) as refused:
        score(pitch(RENEGE, {"bids": [5, "pass", "pass"], "high": 0, "low": 0}))
    assert str(refused.value).startswith("hand 1: ")
    assert (refused.value.hand, refused.value.entry) == (1, 2)


# --- properties over random games of every kind -----------------------------------------------------

def play_on(record_, hands):
    """Score `hands` one after another while the game goes on (an adjustment can bring an end nearer)."""
    game = score({**record_, "hands": []})
    for hand in hands:
        if game.finished:
            break
        game = game.then([hand])
    return game


@SETTINGS
@given(st.data())
def test_an_adjustment_never_moves_the_dealer_cards_bidder_or_box(data):
    plain_record = data.draw(records(max_hands=8, adjustments=False))
    plain = score(plain_record)
    at = data.draw(st.integers(0, len(plain.hands) - (1 if plain.finished else 0)))
    adjustment = draw_adjustment(data.draw, plain)
    hands = plain_record["hands"]
    adjusted = play_on(plain_record, [*hands[:at], adjustment, *hands[at:]])
    real = [hand for hand in adjusted.hands if not hand.is_adjustment]
    assert [hand.facts for hand in real] == [hand.facts for hand in plain.hands[:len(real)]]
    assert [hand.number for hand in real] == list(range(1, len(real) + 1))
    if len(real) == len(plain.hands) and not adjusted.finished and not plain.finished:
        assert adjusted.next == plain.next
    assert adjusted.hands[at].totals == tuple(before + given for before, given in
                                              zip(adjusted.hands[at - 1].totals if at else (0,) * len(plain.sides),
                                                  adjustment["adjustment"]))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_takes_an_adjustment_before_its_first_hand(game_id):
    game = GAMES[game_id]
    players = ["Ann", "Ben", "Cy", "Dee"][:max(game.min_players, min(4, game.max_players))]
    start = score(record(game_id, players))
    points = [0] * len(start.sides)
    points[-1] = -10
    adjusted = score(record(game_id, players, [{"adjustment": points, "note": "renege"}]))
    assert adjusted.totals == tuple(points) and adjusted.next == start.next


def test_an_adjustment_has_no_facts_of_a_hand():
    game = score(pitch(RENEGE))
    assert game.hands[0].facts == {} and game.state.winners == () and not game.finished


def test_a_place_kept_as_text_is_said_again_as_words():
    from rules_engine.record import place_words
    said = place_words("adjustment before hand 12")
    assert said == "adjustment before hand 12" and said.template == "adjustment before hand {number}"
    assert said.params == {"number": 12}
    assert place_words("hand 3").template == "hand {number}"
    kept = place_words("adjustment before hand twelve")
    assert kept == "adjustment before hand twelve" and getattr(kept, "template", None) is None


def test_bids_refused_before_their_tricks_name_the_entry_they_would_be():
    game = score(record("oh_hell", THREE, [{"bids": [0, 1, 0], "tricks": [0, 1, 0]}, RENEGE]))
    with pytest.raises(RuleError) as refused:
        game.check_bids([3, 0, 0])                       # hand 2 deals 2 cards
    assert (refused.value.hand, refused.value.entry) == (2, 3)
