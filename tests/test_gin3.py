import pytest
from hypothesis import strategies as st

from conftest import record
from games import Tested, button, link, tap, type_in
from rules_engine import GAMES, RuleError, score
from rules_engine.games.gin3 import RANKS, Roles, Side, rank_value, rotate

THREE = ["Ann", "Ben", "Cy"]


def knock(knocker, box, team, result="knock"):
    return {"result": result, "knocker": knocker, "deadwood": {"box": box, "team": team}}


def play(hands, settings=None, box=0, captain=1):
    return score(record("gin3", THREE, hands, settings, first_dealer=box, first_captain=captain))


@pytest.mark.parametrize("hand, points", [
    (knock("box", 6, 23), (17, 0, 0)),               # box knocks 6 v 23: 17 to the box
    (knock("team", 5, 8), (13, 0, 0)),               # team knocks 8 v 5: undercut, 8 - 5 + 10
    (knock("team", 7, 7), (10, 0, 0)),               # undercut at equal deadwood: 0 + 10
    (knock("box", 7, 7), (0, 10, 10)),               # box undercut at equal deadwood: both team players 10
    (knock("team", 31, 0, "gin"), (0, 56, 56)),      # team gin: 31 + 25 each
    (knock("box", 0, 98, "gin"), (123, 0, 0)),       # the largest deadwood, 98 + 25
    ({"result": "draw"}, (0, 0, 0)),
])
def test_hand_values_default_settings(hand, points):
    assert play([hand]).hands[0].points == points


@pytest.mark.parametrize("settings, hand, points", [
    ({"box_win": "double"}, knock("box", 6, 23), (34, 0, 0)),
    ({"box_win": "single"}, knock("box", 6, 23), (17, 0, 0)),
    ({"team_points": "captain"}, knock("team", 20, 4), (0, 16, 0)),
    ({"team_points": "both"}, knock("team", 20, 4), (0, 16, 16)),
    ({"gin_bonus": 20}, knock("team", 31, 0, "gin"), (0, 51, 51)),
    ({"undercut_bonus": 25}, knock("team", 5, 8), (28, 0, 0)),
])
def test_credit_settings(settings, hand, points):
    assert play([hand], settings).hands[0].points == points


def test_undercut_explanation():
    game = play([knock("box", 9, 3)], box=0, captain=2)
    assert game.hands[0].explain == ("Cy & Ben (team) undercut Ann (box) (3 against a knock of 9): "
                                     "9 - 3 + 10 = 16.", "Cy and Ben score 16 each.")


@pytest.mark.parametrize("winner, after", [
    (Side.BOX, Roles(0, 2, 1)),      # box stays; captain and advisor change places
    (Side.TEAM, Roles(1, 2, 0)),     # captain into the box, advisor to captain, old box advises
    (None, Roles(0, 1, 2)),          # a draw changes nothing
])
def test_box_rotation(winner, after):
    assert rotate(Roles(0, 1, 2), winner) == after


def test_box_rotation_in_a_game_and_the_box_deals():
    game = play([knock("box", 2, 30)])
    assert game.next == {"dealer": 0, "roles": {"box": 0, "captain": 2, "advisor": 1}}
    game = play([knock("box", 2, 30), knock("team", 40, 3)])
    assert game.next == {"dealer": 2, "roles": {"box": 2, "captain": 1, "advisor": 0}}
    assert game.hands[1].facts["roles"] == {"box": 0, "captain": 2, "advisor": 1}


def test_game_ends_at_the_target_and_ties_share_the_win():
    game = play([knock("team", 31, 0, "gin")], {"target": 56})
    assert game.finished and game.winners == ("Ben", "Cy")
    going_on = play([knock("team", 31, 0, "gin")], {"target": 57})
    assert going_on.finished is False and going_on.winners == () and going_on.next is not None


def test_first_captain_defaults_to_the_seat_after_the_box():
    game = score(record("gin3", THREE, [], first_dealer=2))
    assert game.next["roles"] == {"box": 2, "captain": 0, "advisor": 1}


@pytest.mark.parametrize("hand, message, field", [
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 0, "team": 9}},
     "hand 1: a knock with no deadwood is gin: record it as gin", "result"),
    ({"result": "gin", "knocker": "team", "deadwood": {"box": 10, "team": 4}},
     "hand 1: gin means no deadwood, but the team has 4", "deadwood_team"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 11, "team": 20}},
     "hand 1: the box knocked with 11 deadwood, over the knock limit of 10", "deadwood_box"),
    ({"result": "knock", "knocker": "team", "deadwood": {"box": 20, "team": 12}},
     "hand 1: the team knocked with 12 deadwood, over the knock limit of 10", "deadwood_team"),
    ({"result": "gin", "knocker": "box", "deadwood": {"box": 3, "team": 40}},
     "hand 1: gin means no deadwood, but the box has 3", "deadwood_box"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 5, "team": 99}},
     "hand 1: the team's deadwood must be a whole number from 0 to 98", "deadwood_team"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": -1, "team": 9}},
     "hand 1: the box's deadwood must be a whole number from 0 to 98", "deadwood_box"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 5, "team": 2.5}},
     "hand 1: the team's deadwood must be a whole number from 0 to 98", "deadwood_team"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 5}},
     'hand 1: deadwood needs exactly two counts, "box" and "team"', "deadwood"),
    ({"result": "knock", "knocker": "box", "deadwood": {"box": 5, "team": 9, "advisor": 3}},
     'hand 1: deadwood needs exactly two counts, "box" and "team"', "deadwood"),
    ({"result": "knock", "knocker": "advisor", "deadwood": {"box": 5, "team": 9}},
     'hand 1: say who knocked: "box" or "team"', "knocker"),
    ({"result": "win"}, 'hand 1: the result must be "knock", "gin", "big_gin" or "draw"', "result"),
    ({"result": "draw", "knocker": "box"}, "hand 1: the hand is a draw, so it can't have knocker", "knocker"),
    ({"result": "draw", "deadwood": {"box": 1, "team": 2}},
     "hand 1: the hand is a draw, so it can't have deadwood", "deadwood"),
])
def test_bad_hands_are_rejected(hand, message, field):
    # the field names the control the form shows the message next to
    with pytest.raises(RuleError) as error:
        play([hand])
    assert (str(error.value), error.value.field) == (message, field)


def test_knock_limit_setting():
    assert play([knock("box", 5, 20)], {"knock_limit": 5}).totals == (15, 0, 0)
    with pytest.raises(RuleError, match="over the knock limit of 4"):
        play([knock("box", 5, 20)], {"knock_limit": 4})


@pytest.mark.parametrize("extra, message", [
    ({"first_dealer": 0, "first_captain": 0}, "first_captain: the captain can't also be in the box"),
    ({"first_dealer": 0, "first_captain": 3}, "first_captain: first_captain must be a seat number from 0 to 2"),
])
def test_bad_first_roles(extra, message):
    with pytest.raises(RuleError, match=f"^{message}$"):
        score(record("gin3", THREE, [], **extra))


def test_double_box_win_explains_the_doubling():
    game = play([knock("box", 6, 23)], {"box_win": "double"})
    assert game.hands[0].explain == ("Ann (box) knocked with 6 against 23: 23 - 6 = 17.",
                                     "Ann (box) scores 17 x 2 (one for each opponent) = 34.")


@pytest.mark.parametrize("settings, hands, last_words", [
    # the team's gin: Ben and Cy both reach 56, the target
    ({"target": 56}, [knock("team", 31, 0, "gin")],
     "Someone reached 56: the game ends and Ben and Cy share the win with 56."),
    # captain only: Ben alone reaches 56
    ({"target": 56, "team_points": "captain"}, [knock("team", 31, 0, "gin")],
     "Someone reached 56: the game ends and Ben wins with 56."),
])
def test_the_end_of_the_game_is_explained(settings, hands, last_words):
    game = play(hands, settings)
    assert game.finished and game.hands[-1].explain[-1] == last_words


@pytest.mark.parametrize("result, knocker, box, team, undercut", [
    ("knock", "box", 5, 3, True),      # the box knocked with 5, the team had 3: undercut
    ("knock", "box", 4, 4, True),      # equal counts as undercut
    ("knock", "box", 3, 5, False),
    ("knock", "team", 2, 9, True),     # the team knocked with 9 against the box's 2
    ("knock", "team", 9, 2, False),
    ("gin", "box", 0, 0, False),       # gin is never undercut
])
def test_which_knocks_are_undercut(result, knocker, box, team, undercut):
    from rules_engine.games.gin3 import knock_undercut
    assert knock_undercut({"result": result, "knocker": knocker, "deadwood": {"box": box, "team": team}}) is undercut
    assert knock_undercut({"result": "draw"}) is False


def test_captain_only_credit_explains_who_scores():
    # the team knocks with 4 against the box's 20: 16, to Ben (captain) alone; Cy advised
    game = play([knock("team", 20, 4)], {"team_points": "captain"})
    assert game.hands[0].explain == ("Ben & Cy (team) knocked with 4 against 20: 20 - 4 = 16.",
                                     "Ben (captain) scores 16.")


# --- house rules: big gin, Oklahoma, the box and game bonuses ---------------------------------------

OKLAHOMA = {"oklahoma": True}


def upcard(hand, rank, spade=False):
    return {**hand, "upcard": rank, "upcard_spade": spade}


@pytest.mark.parametrize("settings, hand, points", [
    # house-rules.md: knock with 4 against 20 under a 7 of hearts -> 16; the 7 of spades -> 32
    (OKLAHOMA, upcard(knock("box", 4, 20), "7"), (16, 0, 0)),
    (OKLAHOMA, upcard(knock("box", 4, 20), "7", spade=True), (32, 0, 0)),
    # a spade doubles the bonuses too: team gin against 31 under the king of spades = (31 + 25) x 2
    (OKLAHOMA, upcard(knock("team", 31, 0, "gin"), "K", spade=True), (0, 112, 112)),
    (OKLAHOMA, upcard(knock("team", 5, 8), "10", spade=True), (26, 0, 0)),      # undercut (8 - 5 + 10) x 2
    # big gin against 30 of deadwood -> 61 (box player, single box win)
    ({}, knock("box", 0, 30, "big_gin"), (61, 0, 0)),
    ({"big_gin_bonus": 50, "box_win": "double"}, knock("box", 0, 30, "big_gin"), (160, 0, 0)),
    (OKLAHOMA, upcard(knock("team", 12, 0, "big_gin"), "A"), (0, 43, 43)),          # an ace: only gin ends it
])
def test_house_rule_hands(settings, hand, points):
    assert play([hand], settings).hands[0].points == points


@pytest.mark.parametrize("settings, hand, field, message", [
    (OKLAHOMA, upcard(knock("box", 8, 20), "5"), "deadwood_box", "the knock limit this hand is 5"),
    (OKLAHOMA, upcard(knock("team", 20, 1), "A"), "result", "the face-up card is an ace: only gin ends the hand"),
    (OKLAHOMA, knock("box", 4, 20), "upcard", "say the face-up card's rank: A, 2 to 10, J, Q or K"),
    (OKLAHOMA, {**knock("box", 4, 20), "upcard": "7"}, "upcard_spade", "say whether the face-up card is a spade"),
    ({}, upcard(knock("box", 4, 20), "7"), "upcard", "the game is not played Oklahoma, so it can't have upcard"),
    ({}, {**knock("box", 4, 20), "upcard_spade": True}, "upcard_spade",
     "the game is not played Oklahoma, so it can't have upcard_spade"),
    ({}, knock("box", 3, 20, "big_gin"), "deadwood_box", "gin means no deadwood, but the box has 3"),
])
def test_house_rule_hands_refused(settings, hand, field, message):
    with pytest.raises(RuleError) as refused:
        play([hand], settings)
    assert refused.value.field == field and str(refused.value) == f"hand 1: {message}"


def test_oklahoma_knock_limit_is_the_upcards_count_and_a_draw_records_it_too():
    assert play([upcard(knock("box", 10, 20), "Q")], OKLAHOMA).hands[0].points == (10, 0, 0)     # a queen: 10
    assert play([upcard({"result": "draw"}, "3", spade=True)], OKLAHOMA).hands[0].points == (0, 0, 0)
    with pytest.raises(RuleError, match="say the face-up card's rank"):
        play([{"result": "draw"}], OKLAHOMA)                 # a draw records its face-up card too
    spade = play([upcard(knock("box", 4, 20), "7", spade=True)], OKLAHOMA).hands[0].explain
    assert spade[0] == "Ann (box) knocked with 4 against 20: 20 - 4 = 16. The face-up card is a spade: x 2 = 32."


def test_end_bonuses_are_added_once_after_the_last_hand_and_decide_the_winner():
    # Ann in the box goes gin twice against 0 (25 each); the team (Ben captain, Cy advising) goes gin against
    # 30 (55 each); Ben, now in the box, goes gin against 56 (81) and reaches 136, which ends the game.
    # Box bonus 25 for every hand that gave a player points, game bonus 100 to the highest before bonuses.
    hands = [knock("box", 0, 0, "gin"), knock("box", 0, 0, "gin")]
    settings = {"box_bonus": 25, "game_bonus": 100, "target": 100}
    hands += [knock("team", 30, 0, "gin"), knock("box", 0, 56, "gin")]   # Ben & Cy 55 each; Ben in the box 81
    game = play(hands, settings)
    assert [hand.points for hand in game.hands] == [(25, 0, 0), (25, 0, 0), (0, 55, 55), (0, 81, 0)]
    assert game.hands[-1].totals == (50, 136, 55) and game.finished
    assert [(bonus.name, bonus.points) for bonus in game.bonuses] == [("Box bonus", (50, 50, 25)),
                                                                     ("Game bonus", (0, 100, 0))]
    assert game.totals == (100, 286, 80) and game.winners == ("Ben",)
    assert game.bonuses[0].explain == ("Box bonus, 25 for every hand that gave a player points: "
                                       "Ann 2 x 25 = 50, Ben 2 x 25 = 50, Cy 1 x 25 = 25.")
    assert game.bonuses[1].explain == "Game bonus: Ben, highest before bonuses with 136, scores 100."
    assert game.hands[-1].explain[-1] == "Someone reached 100: the game ends, and the end bonuses are added."
    assert "end_bonuses" in game.to_dict() and "end_bonuses" not in play(hands).to_dict()


def test_a_box_bonus_can_turn_the_winner():
    # Ben in the box wins four hands by 1 (knocking 1 against 2), then the team's gin against 80 gives Ann
    # and Cy 105 each, which ends it; the box bonus, 40 a hand that scored, puts Ben on top
    hands = [knock("box", 1, 2)] * 4 + [knock("team", 80, 0, "gin")]
    game = play(hands, {"box_bonus": 40}, box=1, captain=0)
    assert game.hands[-1].totals == (105, 4, 105)
    assert game.bonuses[0].points == (40, 160, 40) and game.totals == (145, 164, 145) and game.winners == ("Ben",)
    assert game.hands[-1].explain[-1] == "Someone reached 100: the game ends, and the end bonuses are added."


@pytest.mark.parametrize("rank, limit", [("A", 0), ("2", 2), ("9", 9), ("10", 10), ("J", 10), ("Q", 10), ("K", 10)])
def test_the_face_up_cards_count_is_the_knock_limit(rank, limit):
    if limit:
        assert play([upcard(knock("box", limit, 20), rank)], OKLAHOMA).hands[0].points == (20 - limit, 0, 0)
    with pytest.raises(RuleError) as refused:
        play([upcard(knock("box", limit + 1, 20), rank)], OKLAHOMA)
    assert refused.value.field == ("result" if rank == "A" else "deadwood_box")


@pytest.mark.parametrize("fields", [{"upcard": "1", "upcard_spade": False}, {"upcard": "11", "upcard_spade": False},
                                    {"upcard": 7, "upcard_spade": False}, {"upcard": "7", "upcard_spade": "yes"},
                                    {"upcard": "7", "upcard_spade": 1}, {"upcard": "7"}])
def test_a_face_up_card_that_is_not_a_card_is_refused(fields):
    with pytest.raises(RuleError) as refused:
        play([{**knock("box", 4, 20), **fields}], OKLAHOMA)
    assert refused.value.field == ("upcard" if fields["upcard"] not in ("7",) else "upcard_spade")
    assert refused.value.hand == 1


def test_the_score_command_gives_each_end_bonus_and_the_final_totals():
    game = play([knock("box", 0, 90, "gin")], {"box_bonus": 25, "game_bonus": 100})
    said = game.to_dict()
    assert said["end_bonuses"] == [
        {"name": "Box bonus", "points": [25, 0, 0],
         "explain": "Box bonus, 25 for every hand that gave a player points: Ann 1 x 25 = 25, Ben 0 x 25 = 0, Cy 0 x 25 = 0."},
        {"name": "Game bonus", "points": [100, 0, 0],
         "explain": "Game bonus: Ann, highest before bonuses with 115, scores 100."}]
    assert said["totals"] == [240, 0, 0] and said["winners"] == ["Ann"] and said["finished"] and said["next"] is None
    assert [list(after) for _bonus, after in game.bonus_lines] == [[140, 0, 0], [240, 0, 0]]


@pytest.mark.parametrize("settings, hand, said", [
    ({}, knock("team", 30, 0, "big_gin"), "Ben & Cy (team) went big gin against 30: 30 + 31 = 61."),
    (OKLAHOMA, upcard(knock("team", 5, 8), "9", spade=True),
     "Ann (box) undercut Ben & Cy (team) (5 against a knock of 8): 8 - 5 + 10 = 13. The face-up card is a spade: x 2 = 26."),
    (OKLAHOMA, upcard(knock("box", 0, 10, "big_gin"), "4", spade=True),
     "Ann (box) went big gin against 10: 10 + 31 = 41. The face-up card is a spade: x 2 = 82."),
])
def test_big_gin_and_a_spade_are_explained(settings, hand, said):
    game = play([hand], settings)
    assert game.hands[0].explain[0] == said
    assert said.endswith(f" = {max(game.hands[0].points)}.")          # the line ends on what the hand scored


def test_a_game_without_settings_that_switch_others_off_has_every_setting_in_play():
    pitch = score(record("pitch", THREE)).table.settings
    assert GAMES["pitch"].settings_in_play(pitch) == dict(pitch)


def test_under_oklahoma_the_knock_limit_setting_is_not_in_play():
    assert "knock_limit" not in GAMES["gin3"].settings_in_play({"knock_limit": 7, "oklahoma": True})
    assert GAMES["gin3"].settings_in_play({"knock_limit": 7, "oklahoma": False}) == {"knock_limit": 7, "oklahoma": False}


# --- what the tests of every game play of three-player gin -----------------------------------------

def legal_hand(draw, scored, order):
    limit, upcard = scored.table.settings["knock_limit"], {}
    if scored.table.settings["oklahoma"]:
        upcard = {"upcard": draw(st.sampled_from(RANKS)), "upcard_spade": draw(st.booleans())}
        limit = 0 if upcard["upcard"] == "A" else rank_value(upcard["upcard"])
    result = draw(st.sampled_from(["knock", "gin", "big_gin", "draw"] if limit else ["gin", "big_gin", "draw"]))
    if result == "draw":
        return {"result": "draw", **upcard}
    knocker = draw(st.sampled_from(["box", "team"]))
    other = "team" if knocker == "box" else "box"
    mine = draw(st.integers(1, limit)) if result == "knock" else 0
    return {"result": result, "knocker": knocker, "deadwood": {knocker: mine, other: draw(st.integers(0, 98))}, **upcard}


TESTED = Tested(
    legal_hand=legal_hand, players=("Ann", "Ben", "Cy"), dealer=0,   # Ann in the box
    # a knock is already chosen: the box knocks with 4 (typed in Eastern Arabic digits) against 20
    typical_hand=(link("Record hand 1"), tap("knocker", "box"), type_in("deadwood_box", "٤"),
                  type_in("deadwood_team", "20"), button("Save hand 1")),
    totals_after=("16", "0", "0"),
    # Ann in the box knocks with 2 against 12: 10, and 10 ends the game
    finished=record("gin3", ["Ann", "Ben", "Cy"], [{"result": "knock", "knocker": "box",
                                                    "deadwood": {"box": 2, "team": 12}}], {"target": 10}),
    result_lines=("Three-player Gin", "1. Ann 10", "2. Ben 0", "2. Cy 0", "Game over: Ann wins."),
    rules_settings={"box_win": "double"}, rules_say="دوه ځله")
