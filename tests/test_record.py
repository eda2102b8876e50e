"""Record-level checks: the place named first is the first problem, in the documented order."""
import pytest

from rules_engine import GAMES, RuleError, score

from conftest import record

FOUR = ["Ann", "Ben", "Cy", "Dee"]


@pytest.mark.parametrize("change, message", [
    ({"format": "scorepad/2"}, 'format: format must be "scorepad/1"'),
    ({"game": "bridge"}, "game: game must be one of oh_hell, back_alley, pitch, smear, gin3"),
    ({"game": ["oh_hell"]}, "game: game must be one of oh_hell, back_alley, pitch, smear, gin3"),
    ({"hands": {"1": {}}}, "hands: hands must be a list"),
    ({"players": "Ann, Ben"}, "players: Oh Hell needs a list of 3 to 7 player names"),
    ({"players": ["Ann", "Ben"]}, "players: Oh Hell is for 3 to 7 players, not 2"),
    ({"players": ["Ann", "  ", "Cy"]}, "players: player 2 needs a name"),
    ({"players": ["Ann", 7, "Cy"]}, "players: player 2 needs a name"),
    ({"players": ["Ann", "Ben", " ann "]}, "players: two players are called ann: give each a different name"),
    ({"settings": {"colour": "red"}}, "settings: Oh Hell has no setting called 'colour'"),
    ({"settings": {"hook": 1}}, "settings: hook must be true or false"),
    ({"settings": {"max_cards": 2.0}}, "settings: max_cards must be a whole number"),
    ({"settings": {"max_cards": True}}, "settings: max_cards must be a whole number"),
    ({"settings": {"max_cards": 14}}, "settings: max_cards must be from 1 to 13, not 14"),
    ({"settings": {"order": "sideways"}}, "settings: order must be one of up, down, up_down, down_up"),
    ({"settings": ["hook"]}, "settings: settings must be an object of setting names and values"),
    ({"first_dealer": 4}, "first_dealer: first_dealer must be a seat number from 0 to 3"),
    ({"first_dealer": "0"}, "first_dealer: first_dealer must be a seat number from 0 to 3"),
    ({"hands": [[0, 1]]}, "hand 1: a hand must be an object"),
])
def test_record_problems_name_their_place(change, message):
    with pytest.raises(RuleError) as error:
        score({**record("oh_hell", FOUR), **change})
    assert str(error.value) == message


@pytest.mark.parametrize("value", [None, [], "scorepad/1", 3])
def test_a_record_that_is_not_an_object_is_a_format_problem(value):
    with pytest.raises(RuleError, match="^format: a game record must be a JSON object$"):
        score(value)


def test_problems_are_reported_in_order_players_before_settings_before_hands():
    bad = {**record("oh_hell", ["Ann"], [{"bids": "x"}], {"colour": 1}), "first_dealer": 9}
    with pytest.raises(RuleError, match="^players:"):
        score(bad)
    bad["players"] = FOUR
    with pytest.raises(RuleError, match="^settings:"):
        score(bad)
    bad["settings"] = {}
    with pytest.raises(RuleError, match="^first_dealer:"):
        score(bad)
    bad["first_dealer"] = 0
    with pytest.raises(RuleError, match="^hand 1:"):
        score(bad)


def test_names_are_trimmed_in_the_output():
    game = score(record("back_alley", [" Ann", "Ben ", "Cy", "Dee"]))
    assert game.sides == ("Ann & Cy", "Ben & Dee")


def test_missing_or_null_means_the_default():
    game = score({"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy"],
                  "settings": {"target": None}, "hands": None, "first_dealer": None})
    assert game.table.settings["target"] == 7 and game.next["dealer"] == 0 and game.hands == ()


def test_extras_ride_along():
    hand = {"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1], "trump": "S", "note": "Dee was lucky"}
    game = score({**record("oh_hell", FOUR, [hand]), "created": "2026-11-29"})
    assert game.totals == (10, 10, 10, 11)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_setting_has_a_default_that_is_accepted(game_id):
    game = GAMES[game_id]
    players = [f"P{n}" for n in range(game.min_players)]
    for setting in game.settings(len(players)):
        assert score(record(game_id, players, settings={setting.name: setting.default})).hands == ()
        assert setting.help
