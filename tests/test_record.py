"""Record-level checks: the place named first is the first problem, in the documented order."""
import pytest

from conftest import record
from rules_engine import GAMES, RuleError, score

FOUR = ["Ann", "Ben", "Cy", "Dee"]


@pytest.mark.parametrize("change, message", [
    ({"format": "scorepad/2"}, 'format: format must be "scorepad/1"'),
    ({"game": "bridge"}, "game: game must be one of " + ", ".join(GAMES)),
    ({"game": ["oh_hell"]}, "game: game must be one of " + ", ".join(GAMES)),
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
    assert f"{error.value.place}: {error.value.message}" == message     # what the web layer shows


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


# Every whole-number setting: its default, and the smallest and largest value allowed. The value
# below the smallest and above the largest is refused with the range in words.
WHOLE_SETTINGS = [
    ("oh_hell", 3, "max_cards", 15, 1, 17),       # 3 x 17 = 51 of the 52 cards
    ("oh_hell", 4, "max_cards", 13, 1, 13),
    ("oh_hell", 5, "max_cards", 10, 1, 10),
    ("oh_hell", 6, "max_cards", 8, 1, 8),
    ("oh_hell", 7, "max_cards", 7, 1, 7),
    ("back_alley", 4, "max_cards", 13, 1, 13),
    ("back_alley", 4, "bid_points", 5, 1, 100),
    ("oh_hell", 4, "hook_from", 1, 1, 13),
    ("oh_hell", 4, "bonus", 10, 0, 100),
    ("oh_hell", 4, "per_trick", 1, 0, 20),
    ("oh_hell", 4, "per_trick_off", 0, 0, 50),
    ("oh_hell", 4, "per_bid_missed", 0, 0, 20),
    ("back_alley", 4, "board_points", 10, 1, 100),    # x 13 cards x 4: 5,200 a board
    ("pitch", 3, "target", 7, 1, 500),           # 11, 15, 21 are common; 10-point Pitch to 52
    ("smear", 4, "extra_cards", 0, 0, 3),
    ("smear", 4, "target", 15, 1, 500),
    ("gin3", 3, "knock_limit", 10, 1, 10),
    ("gin3", 3, "undercut_bonus", 10, 0, 100),
    ("gin3", 3, "gin_bonus", 25, 0, 100),
    ("gin3", 3, "target", 100, 1, 1000),
    ("gin3", 3, "big_gin_bonus", 31, 0, 100),
    ("gin3", 3, "box_bonus", 0, 0, 100),
    ("gin3", 3, "game_bonus", 0, 0, 500),
]

# Every switch and choice: its default and the choices.
OTHER_SETTINGS = [
    ("oh_hell", "order", "up", ("up", "down", "up_down", "down_up")),
    ("oh_hell", "hook", False, None),
    ("oh_hell", "scoring", "exact", ("exact", "tricks_plus_bonus", "custom")),
    ("oh_hell", "sizes", "all", ("all", "odd", "even")),
    ("oh_hell", "tricks_if_missed", False, None),
    ("oh_hell", "zero_bonus", False, None),
    ("pitch", "partnerships", False, None),
    ("pitch", "win_rule", "bidder_out", ("bidder_out", "first_to_target")),
    ("pitch", "smudge", False, None),
    ("smear", "win_rule", "first_to_target", ("first_to_target", "bidder_out")),
    ("smear", "non_bidder_cap", False, None),
    ("gin3", "box_win", "single", ("single", "double")),
    ("gin3", "team_points", "both", ("both", "captain")),
    ("gin3", "oklahoma", False, None),
]


def test_a_list_setting_holds_some_of_its_words_once_each_in_the_order_given():
    from rules_engine import Kind, Setting
    from rules_engine.words import say
    colours = Setting("colours", say("Colours"), Kind.LIST, ("red",), say("Colours."), choices=("red", "green", "blue"),
                      required=("red",), item=say("colour"))
    assert colours.read(["blue", "red"]) == ("blue", "red") and colours.read(("red",)) == ("red",)
    for value, words in [("red", "colours must be a list of some of red, green, blue"),
                         ({"red": 1}, "colours must be a list of some of red, green, blue"),
                         (["red", "pink"], "colours has no colour called 'pink'"),
                         (["red", None], "colours has no colour called None"),
                         (["green", "red", "green"], "green is in colours twice"),
                         (["green"], "colours must hold red")]:
        with pytest.raises(RuleError) as refused:
            colours.read(value)
        assert (str(refused.value), refused.value.field) == (f"settings: {words}", "colours")


# Pitch's and Smear's points played and smallest bid: the largest smallest bid is what the points are
# worth, so it is checked against the points chosen (and refused in the same words as a range).
POINT_SETTINGS = [("pitch", 3, 1), ("smear", 4, 2)]
EVERY_POINT = ("high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three", "game")


def table_settings(game_id, count, settings=None):
    return score(record(game_id, [f"P{n}" for n in range(count)], settings=settings)).table.settings


def test_the_tables_name_every_setting_of_the_games_they_pin():
    """The first games' settings are pinned here; a game added since pins its own in its tests."""
    named = {(g, name) for g, _, name, *_ in WHOLE_SETTINGS} | {(g, name) for g, name, *_ in OTHER_SETTINGS}
    named |= {(g, name) for g, *_ in POINT_SETTINGS for name in ("points", "min_bid")}
    pinned = {g for g, _name in named}
    assert named == {(g, s.name) for g, game in GAMES.items() if g in pinned for s in game.settings(game.min_players)}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_whole_number_setting_takes_its_range_and_refuses_what_is_outside(game_id):
    """Whatever the game: a whole-number setting takes its default and the ends of its range, and
    refuses a number past either end, or a number as text, in words that name the range."""
    game = GAMES[game_id]
    count = min(4, game.max_players) if game.min_players <= 4 else game.min_players
    for setting in game.settings(count):
        if setting.kind.value != "whole":
            continue
        name = setting.name
        assert table_settings(game_id, count)[name] == setting.default
        ends = [setting.minimum, setting.maximum]
        outside = [setting.minimum - 1, setting.maximum + 1]
        for end in ends:
            try:
                assert table_settings(game_id, count, {name: end})[name] == end
            except RuleError as refused:        # allowed alone, refused with the other settings (Pitch's min_bid)
                assert refused.field != name or name == "min_bid", str(refused)
        for value in outside:
            with pytest.raises(RuleError) as refused:
                table_settings(game_id, count, {name: value})
            assert refused.value.field == name and str(refused.value) == (
                f"settings: {name} must be {setting.range_words()}, not {value}")
        with pytest.raises(RuleError, match=f"^settings: {name} must be a whole number$"):
            table_settings(game_id, count, {name: "7"})


HUGE = 10 ** 400        # a 401-digit number: a keeper found one imported as Pitch's target, and printed


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_whole_number_setting_of_any_game_is_unbounded(game_id):
    """Every whole-number setting of every game found, at every number of players, has a largest
    value (at most 100,000 - the most any game's target takes): one past it is refused with the
    range in words, and a huge number past either end too, without saying the number back."""
    game = GAMES[game_id]
    for count in range(game.min_players, game.max_players + 1):
        for setting in game.settings(count):
            if setting.kind.value != "whole":
                continue
            name, least, most = setting.name, setting.minimum, setting.maximum
            assert least is not None and most is not None and -100_000 <= least <= most <= 100_000, name
            allowed = f"from {least} to {most}" + (" or none" if setting.optional else "")
            assert setting.range_words() == allowed
            with pytest.raises(RuleError) as refused:
                table_settings(game_id, count, {name: most + 1})
            assert (str(refused.value), refused.value.field) == (f"settings: {name} must be {allowed}, not {most + 1}", name)
            for huge in (HUGE, -HUGE):
                with pytest.raises(RuleError) as refused:
                    table_settings(game_id, count, {name: huge})
                assert (str(refused.value), refused.value.field) == (f"settings: {name} must be {allowed}", name)


@pytest.mark.parametrize("value, said", [
    (501, "settings: target must be from 1 to 500, not 501"),
    (999_999_999, "settings: target must be from 1 to 500, not 999999999"),     # nine digits are said back
    (1_000_000_000, "settings: target must be from 1 to 500"),                   # ten are not
    (HUGE, "settings: target must be from 1 to 500"),
    (0, "settings: target must be from 1 to 500, not 0"),
    (-HUGE, "settings: target must be from 1 to 500"),
], ids=["501", "9 digits", "10 digits", "401 digits", "0", "minus 401 digits"])
def test_pitchs_target_goes_to_500_and_a_huge_one_is_refused_without_saying_it(value, said):
    assert table_settings("pitch", 3, {"target": 500})["target"] == 500
    with pytest.raises(RuleError) as refused:
        table_settings("pitch", 3, {"target": value})
    assert str(refused.value) == said


def test_a_whole_number_setting_a_game_leaves_open_still_stops_at_100000():
    """A game added without a maximum (or minimum) for a number can't take an unbounded one."""
    from rules_engine.core import Kind, Setting
    open_ended = Setting("rounds", "Rounds", Kind.WHOLE, 10, "Rounds to play.", minimum=1)
    assert (open_ended.maximum, open_ended.range_words()) == (100_000, "from 1 to 100000")
    assert open_ended.read(100_000) == 100_000
    with pytest.raises(RuleError, match="^settings: rounds must be from 1 to 100000, not 100001$"):
        open_ended.read(100_001)
    both_open = Setting("handicap", "Handicap", Kind.WHOLE, 0, "Points to start with.")
    assert (both_open.minimum, both_open.maximum) == (-100_000, 100_000)
    with pytest.raises(RuleError, match="^settings: handicap must be from -100000 to 100000, not -100001$"):
        both_open.read(-100_001)


@pytest.mark.parametrize("game_id, count, lowest", POINT_SETTINGS)
def test_the_points_played_and_the_smallest_bid(game_id, count, lowest):
    setting = next(s for s in GAMES[game_id].settings(count) if s.name == "points")
    assert setting.choices == EVERY_POINT and setting.kind.value == "list"
    assert table_settings(game_id, count)["points"] == ("high", "low", "jack", "game")
    assert table_settings(game_id, count, {"points": ["game", "high"]})["points"] == ("game", "high")
    assert table_settings(game_id, count)["min_bid"] == lowest
    # the four points are worth 4; the 10-point set 10 (the three of trump is worth 3)
    assert table_settings(game_id, count, {"min_bid": 4})["min_bid"] == 4
    assert table_settings(game_id, count, {"min_bid": 10, "points": list(EVERY_POINT[:-1])})["min_bid"] == 10
    assert table_settings(game_id, count, {"min_bid": 11, "points": list(EVERY_POINT)})["min_bid"] == 11
    for settings, words in [
        ({"min_bid": lowest - 1}, f"min_bid must be from {lowest} to 11, not {lowest - 1}"),    # 11: every point
        ({"min_bid": 12, "points": list(EVERY_POINT)}, f"min_bid must be from {lowest} to 11, not 12"),
        ({"min_bid": 5}, f"min_bid must be from {lowest} to 4, not 5"),
        ({"min_bid": 7, "points": ["high", "low", "three"]}, f"min_bid must be from {lowest} to 5, not 7"),
        ({"min_bid": "2"}, "min_bid must be a whole number"),
    ]:
        with pytest.raises(RuleError) as refused:
            table_settings(game_id, count, settings)
        assert (str(refused.value), refused.value.field) == (f"settings: {words}", "min_bid")


@pytest.mark.parametrize("game_id, count, lowest", POINT_SETTINGS)
@pytest.mark.parametrize("points, words", [
    (["low", "jack", "game"], "points must hold high"),
    ([], "points must hold high"),
    (["high", "jack", "low", "jack"], "jack is in points twice"),
    (["high", "joker"], "points has no point called 'joker'"),
    (["high", 3], "points has no point called 3"),
    (["high", ["low"]], "points has no point called ['low']"),
    ("high, low", "points must be a list of some of " + ", ".join(EVERY_POINT)),
    (["high"], "points must be worth at least 2 together, not 1"),       # the dealer's forced 2, Smear's least bid
])
def test_a_list_of_points_is_checked(game_id, count, lowest, points, words):
    with pytest.raises(RuleError) as refused:
        table_settings(game_id, count, {"points": points})
    assert (str(refused.value), refused.value.field) == (f"settings: {words}", "points")


@pytest.mark.parametrize("game_id, count, name, default, smallest, largest", WHOLE_SETTINGS)
def test_whole_number_settings_defaults_and_ranges(game_id, count, name, default, smallest, largest):
    assert table_settings(game_id, count)[name] == default
    assert table_settings(game_id, count, {name: smallest})[name] == smallest
    words = f"from {smallest} to {largest}"
    with pytest.raises(RuleError, match=f"^settings: {name} must be {words}, not {smallest - 1}$") as refused:
        table_settings(game_id, count, {name: smallest - 1})
    assert refused.value.field == name                    # shown next to the setting's own field
    with pytest.raises(RuleError, match=f"^settings: {name} must be a whole number$") as refused:
        table_settings(game_id, count, {name: "7"})
    assert refused.value.field == name
    assert table_settings(game_id, count, {name: largest})[name] == largest
    with pytest.raises(RuleError, match=f"^settings: {name} must be {words}, not {largest + 1}$"):
        table_settings(game_id, count, {name: largest + 1})


@pytest.mark.parametrize("game_id, name, default, choices", OTHER_SETTINGS)
def test_switch_and_choice_settings_defaults(game_id, name, default, choices):
    count = min(4, GAMES[game_id].max_players)         # partnerships need 4
    assert table_settings(game_id, count)[name] == default
    if choices is None:
        assert table_settings(game_id, count, {name: not default})[name] is (not default)
        with pytest.raises(RuleError, match=f"^settings: {name} must be true or false$") as refused:
            table_settings(game_id, count, {name: "yes"})
        assert refused.value.field == name
    else:
        for choice in choices:
            assert table_settings(game_id, count, {name: choice})[name] == choice
        with pytest.raises(RuleError, match=f"^settings: {name} must be one of {', '.join(choices)}$") as refused:
            table_settings(game_id, count, {name: "sideways"})
        assert refused.value.field == name


# The one-line explanation shown under every setting on the new-game form.
HELP = {
    ('oh_hell', 'max_cards'):
        'Cards each in the biggest hand: from 1 up to 52 divided by the number of players.',
    ('oh_hell', 'order'):
        'The order of hand sizes: up from 1 card to the biggest hand, down from it to 1, up then down, or down then up.',
    ('oh_hell', 'hook'):
        'Screw the dealer: the dealer may not bid so that all the bids add up to the cards dealt.',
    ('oh_hell', 'scoring'):
        'Exact: 10 + tricks for taking exactly your bid, else 0. Tricks plus bonus: 1 a trick, and 10 more when exact.',
    ('oh_hell', 'hook_from'):
        'The hook holds only in hands of at least this many cards.',
    ('oh_hell', 'sizes'):
        'Every hand size, or only the odd or only the even ones; the order keeps its shape.',
    ('oh_hell', 'bonus'): 'For taking exactly your bid.',
    ('oh_hell', 'per_trick'): 'For each trick taken, when exact.',
    ('oh_hell', 'tricks_if_missed'): 'A miss still scores its tricks.',
    ('oh_hell', 'per_trick_off'):
        'A miss loses this for each trick off.',
    ('oh_hell', 'per_bid_missed'):
        'A miss loses this for each trick bid.',
    ('oh_hell', 'zero_bonus'):
        'Bid 0 and take 0 to score 5 + the cards dealt instead.',
    ('back_alley', 'max_cards'):
        'Cards each in the first and last deal; 13 plays all 25 deals.',
    ('back_alley', 'bid_points'):
        'Points per trick bid, when the team makes its bid (and lost per trick bid when it does not).',
    ('back_alley', 'board_points'):
        'Points per card dealt for a board, times 2 for a double board, 3 for triple, 4 for quadruple.',
    ('pitch', 'partnerships'):
        'Four players in two teams, partners opposite.',
    ('pitch', 'target'):
        'Points needed to win (11, 15 and 21 are common).',
    ('pitch', 'win_rule'):
        "Bidder out: only the pitcher's side can go out, on a hand where it makes its bid. "
        "First to target: the game ends when any side reaches the target.",
    ('pitch', 'smudge'):
        'Bid every point played and take them all to win at once.',
    ('pitch', 'points'):
        'The points played: each worth 1, the three of trump 3. High always counts.',
    ('pitch', 'min_bid'): 'The smallest bid; at most what the points played are worth.',
    ('smear', 'points'):
        'The points played: each worth 1, the three of trump 3. High always counts.',
    ('smear', 'min_bid'): 'The smallest bid; at most what the points played are worth.',
    ('smear', 'extra_cards'):
        'Undealt cards the bidder may take before discarding back to 6.',
    ('smear', 'target'):
        'Points needed to win.',
    ('smear', 'win_rule'):
        'First to target: the game ends when a team reaches the target. '
        'Bidder out: only the team that won the bid and made it can go out.',
    ('smear', 'non_bidder_cap'):
        'The team that did not win the bid gains at most enough to reach the target.',
    ('gin3', 'knock_limit'):
        'Most deadwood a player may knock with.',
    ('gin3', 'undercut_bonus'):
        'Bonus for undercutting the knocker.',
    ('gin3', 'gin_bonus'):
        'Bonus for going gin (20 is also common).',
    ('gin3', 'box_win'):
        'Single: the box player scores a won hand once. Double: twice, once for each opponent.',
    ('gin3', 'team_points'):
        'Both: captain and advisor each score a hand the team wins. Captain: only the captain does.',
    ('gin3', 'target'):
        'Points needed to end the game.',
    ('gin3', 'big_gin_bonus'): 'Bonus for big gin: out with all 11 cards melded, without discarding.',
    ('gin3', 'box_bonus'): 'At the end, each player scores this for every hand that gave them points (25 is common).',
    ('gin3', 'game_bonus'): 'At the end, the highest total before bonuses scores this (100 is common).',
    ('gin3', 'oklahoma'):
        "Oklahoma: the face-up card sets each hand's knock limit (an ace: gin only), and a spade doubles the hand.",
}


@pytest.mark.parametrize("game_id", sorted({game_id for game_id, _name in HELP}))
def test_every_setting_explains_itself_in_one_line(game_id):
    game = GAMES[game_id]
    assert {(game_id, s.name): s.help for s in game.settings(game.min_players)} == {
        key: words for key, words in HELP.items() if key[0] == game_id}


def test_bids_for_a_finished_game_are_refused():
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}],
                        {"max_cards": 1}))
    with pytest.raises(RuleError) as error:
        game.check_bids([0, 0, 1])
    assert str(error.value) == "hand 2: the game was already over after hand 1"


def test_the_scored_game_names_its_game():
    assert score(record("smear", FOUR)).to_dict()["game"] == "smear"


@pytest.mark.parametrize("game_id, players, title", [("pitch", 3, "Pitch"), ("smear", 4, "Smear"),
                                                     ("gin3", 3, "Three-player Gin")])
def test_games_recorded_in_one_step_take_no_bids_alone(game_id, players, title):
    game = score(record(game_id, FOUR[:players]))
    with pytest.raises(RuleError) as error:
        game.check_bids(["pass"] * players)
    assert str(error.value) == f"hand 1: {title} records the bids together with the rest of the hand"
    assert error.value.field == "bids"


@pytest.mark.parametrize("game_id, players, message, seat", [
    ("oh_hell", ["Ann", "  ", "Cy"], "players: player 2 needs a name", 1),
    ("oh_hell", ["Ann", "Ben", " ann "], "players: two players are called ann: give each a different name", 2),
    ("back_alley", ["Ann", "Ben", "Cy"], "players: Back Alley is for 4 players, not 3", None),
    ("gin3", ["Ann", "Ben", "Cy", "Dee"], "players: Three-player Gin is for 3 players, not 4", None),
    ("pitch", ["Ann", "Ben"], "players: Pitch is for 3 to 7 players, not 2", None),
])
def test_player_problems_name_the_seat_to_fix(game_id, players, message, seat):
    with pytest.raises(RuleError) as error:
        score(record(game_id, players))
    assert str(error.value) == message
    if seat is not None:
        assert (error.value.field, error.value.seat) == ("players", seat)


THROWN_IN = {"bids": ["pass"] * 4}      # Smear: all four pass, the same dealer deals again


def test_a_game_has_at_most_a_thousand_hands():
    assert len(score(record("smear", FOUR, [THROWN_IN] * 1000)).hands) == 1000
    with pytest.raises(RuleError) as error:
        score(record("smear", FOUR, [THROWN_IN] * 1001))
    assert (str(error.value), error.value.place) == ("hands: a game has at most 1,000 hands, not 1,001", "hands")


def test_recording_a_hand_past_the_thousandth_is_refused():
    game = score(record("smear", FOUR, [THROWN_IN] * 999)).then([THROWN_IN])
    assert len(game.hands) == 1000 and game.hands[-1].number == 1000
    with pytest.raises(RuleError) as error:
        game.then([THROWN_IN])
    assert (str(error.value), error.value.place) == ("hands: a game has at most 1,000 hands, not 1,001", "hands")
    with pytest.raises(RuleError, match="^hands: a game has at most 1,000 hands, not 1,003$"):
        score(record("smear", FOUR, [THROWN_IN] * 998)).then([THROWN_IN] * 5)


@pytest.mark.parametrize("seat", [0, 2])
def test_a_name_has_at_most_forty_characters(seat):
    names = list(FOUR)
    names[seat] = "x" * 40
    assert score(record("oh_hell", names)).sides[seat] == "x" * 40
    names[seat] = " " + "x" * 41 + " "
    with pytest.raises(RuleError) as error:
        score(record("oh_hell", names))
    assert str(error.value) == f"players: player {seat + 1}'s name is longer than 40 characters"
    assert (error.value.place, error.value.field, error.value.seat) == ("players", "players", seat)


# A problem is stored as plain text ("hand 7: ..."); its place is made words again to be translated.
@pytest.mark.parametrize("place, template, params", [
    ("hand 7", "hand {number}", {"number": 7}),
    ("hand 1000", "hand {number}", {"number": 1000}),
    ("players", "players", {}),
    ("settings", "settings", {}),
    ("hands", "hands", {}),
    ("format", "format", {}),
    ("game", "game", {}),
])
def test_a_stored_place_is_made_words_again(place, template, params):
    from rules_engine.record import place_words
    words = place_words(place)
    assert (words, words.template, dict(words.params)) == (place, template, params)


@pytest.mark.parametrize("place", ["first_dealer", "first_captain", "hand x", "hand ", "hands 3", "hand -1", "Hand 3"])
def test_a_place_that_is_no_words_of_the_engine_stays_as_it_is(place):
    from rules_engine.record import place_words
    from rules_engine.words import Text
    words = place_words(place)
    assert words == place and not (isinstance(words, Text) and words.template)
