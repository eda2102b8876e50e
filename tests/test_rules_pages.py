"""Rules pages follow the game they were opened from: every number or choice that is a setting
comes from that game (the defaults otherwise), each setting shows its allowed range in words,
and the explanations players asked for are there."""
import html
import re

import pytest

from conftest import play_through_forms, record
from rules_engine import GAMES, score

FOUR = ["Ann", "Ben", "Cy", "Dee"]
ALL = list(GAMES)


def words(page: str) -> str:
    """What a player reads: the main part of the page, tags dropped, spaces squeezed."""
    main = page.split("<main>", 1)[1].split("</main>", 1)[0]
    main = re.sub(r"</?(p|li|ul|dl|dt|dd|h\d|article)\b[^>]*>", " ", main)       # blocks part words
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", main))).strip()


def rules_text(page: str) -> str:
    """The rules themselves, without the settings list at the end (which also names each default)."""
    return words(page.split("<h2>Settings", 1)[0])


def settings_list(page: str) -> list[tuple[str, str]]:
    """(term, description) for each setting in the list at the end of the page."""
    return [(words(f"<main>{dt}</main>"), words(f"<main>{dd}</main>"))
            for dt, dd in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", page, re.S)]


def opened_from(client, game, settings, players=None):
    seats = max(GAMES[game].min_players, min(4, GAMES[game].max_players))
    game_id = play_through_forms(client, record(game, players or FOUR[:seats], settings=settings))
    response = client.get(f"/rules/{game}?game={game_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def numbers(text: str) -> set[str]:
    return set(re.findall(r"(?<![\d.])\d+(?![\d.])", text))


# --- the game's own numbers --------------------------------------------------------------------

def test_a_smear_game_to_11_says_11_and_never_15(client):
    page = opened_from(client, "smear", {"target": 11})
    text = rules_text(page)
    assert "The target is 11." in text and "reach 11" in text
    assert "15" not in numbers(text)
    assert "Target: 11" in words(page)
    assert [d for t, d in settings_list(page) if t.startswith("Target")] == \
        ["Points needed to win. Allowed: 1 to 500. Default: 15."]


def test_a_gin_game_with_its_own_bonuses_uses_them_in_the_scoring(client):
    page = opened_from(client, "gin3", {"gin_bonus": 20, "undercut_bonus": 15, "target": 150, "knock_limit": 7})
    text = rules_text(page)
    scoring = text.split("Showdown and scoring", 1)[1]
    assert "deadwood) come to 7 or less" in text
    assert "plus 15" in scoring and "7 - 3 + 15 = 19" in scoring       # undercut
    assert "plus 20" in scoring and "14 + 20 = 34" in scoring          # gin
    assert "reaches 150" in text
    assert not {"25", "100"} & numbers(scoring)
    assert "10 or less" not in text and "A knock above 7" in text


def test_gin_examples_stay_possible_under_a_low_knock_limit(client):
    text = rules_text(opened_from(client, "gin3", {"knock_limit": 2}))
    assert "Box 2 against 23: 23 - 2 = 21" in text
    assert "The box knocks with 2, the team has 2: 2 - 2 + 10 = 10" in text


def test_oh_hell_opened_from_a_game_gives_its_order_and_hand_count(client):
    text = rules_text(opened_from(client, "oh_hell", {"order": "down_up"}, FOUR + ["Eve"]))
    assert "This game: 5 players, largest hand 10, order down then up, so 19 hands (10 down to 1 and back to 10)." in text
    text = rules_text(opened_from(client, "oh_hell", {"order": "up", "max_cards": 7}))
    assert "largest hand 7, order up, so 7 hands (1 up to 7)" in text


def test_oh_hell_scoring_follows_the_scoring_choice_and_zero_bonus(client):
    text = rules_text(opened_from(client, "oh_hell", {"scoring": "tricks_plus_bonus", "zero_bonus": True,
                                                      "max_cards": 5}))
    assert "everyone scores 1 a trick, and 10 more when exact" in text
    assert "Zero bonus: bid 0 and took 0 with 5 cards each: 5 + 5 = 10." in text
    assert "tricks_plus_bonus" not in text


def test_back_alley_points_and_deals_come_from_the_game(client):
    text = rules_text(opened_from(client, "back_alley", {"max_cards": 5, "bid_points": 7, "board_points": 20}))
    assert "This game has 9 deals: 5 cards each" in text
    assert "7 x 2 + 1 = 15" in text and "-14" in text                  # bid points 7
    assert "20 x 5 x 1 = +100" in text and "20 x 5 x 2 = 200" in text  # board points 20, 5 cards
    assert "25 deals:" not in text and "+120" not in text


def test_pitch_marks_the_win_rule_in_force_and_its_target(client):
    text = rules_text(opened_from(client, "pitch", {"partnerships": True, "target": 21,
                                                    "win_rule": "first_to_target", "smudge": True}))
    assert "The target is 21." in text and "First to target (this game)" in text
    assert "Bidder out (this game)" not in text and "smudge (on in this game)" in text
    assert "partnerships setting: on in this game of 4" in text
    assert "7" not in numbers(text.split("Winning", 1)[1])


# --- the defaults, when not opened from a game ----------------------------------------------------

def test_defaults_are_shown_when_not_opened_from_a_game(client):
    smear = client.get("/rules/smear").get_data(as_text=True)
    assert "The target is 15 (the default)." in rules_text(smear)
    assert "Race to 15" in words(smear) or "race to 15" in words(smear)     # the blurb, with the defaults only
    gin = rules_text(client.get("/rules/gin3").get_data(as_text=True))
    assert "come to 10 or less" in gin and "plus 25" in gin and "plus 10" in gin and "reaches 100" in gin
    pitch = rules_text(client.get("/rules/pitch").get_data(as_text=True))
    assert "The target is 7 (the default" in pitch and "Bidder out (the default)" in pitch
    back_alley = rules_text(client.get("/rules/back_alley").get_data(as_text=True))
    assert "There are 25 deals" in back_alley and "5 x 7 + 1 = 36" in back_alley and "+120" in back_alley


def test_oh_hell_defaults_that_depend_on_the_player_count_say_so(client):
    page = client.get("/rules/oh_hell").get_data(as_text=True)
    text = rules_text(page)
    assert "The default order is up." in text
    for players, cards in ((3, 15), (4, 13), (5, 10), (6, 8), (7, 7)):
        assert (f"{players} players: {cards} cards; {cards} hands up or down, {2 * cards - 1} up then down "
                f"or down then up.") in text
    (term, description), = [(t, d) for t, d in settings_list(page) if t.startswith("Max cards")]
    assert term == "Max cards: 15 for 3 players, 13 for 4 players, 10 for 5 players, 8 for 6 players, 7 for 7 players"
    assert "Allowed: 1 to 17 with 3 players, 1 to 13 with 4 players, 1 to 10 with 5 players" in description


# --- every setting: its value, range and words -----------------------------------------------

def same_range(game, setting) -> bool:
    """A setting allowed the same numbers whatever the number of players."""
    return all(next(s for s in game.settings(count) if s.name == setting.name).maximum == setting.maximum
               for count in range(game.min_players, game.max_players + 1))


@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.parametrize("from_game", [False, True], ids=["defaults", "from a game"])
def test_every_setting_shows_its_value_and_range_in_words(client, game_id, from_game):
    game = GAMES[game_id]
    if from_game:
        page = opened_from(client, game_id, {}, None)
    else:
        page = client.get(f"/rules/{game_id}").get_data(as_text=True)
    listed = settings_list(page)
    assert len(listed) == len(game.settings(game.min_players))
    for (term, description), setting in zip(listed, game.settings(4 if game.max_players >= 4 else 3)):
        label, value = term.split(": ", 1)
        assert label == str(setting.label)
        assert value and "_" not in value
        assert "Allowed: " in description and description.startswith(setting.help)
        if setting.kind.value == "whole" and setting.maximum is not None and not from_game and same_range(game, setting):
            none = ", or none" if setting.optional else ""          # an optional number may be left out
            assert f"Allowed: {setting.minimum} to {setting.maximum}{none}." in description
        if setting.kind.value == "choice":
            assert "Allowed: one of: " in description
        if setting.kind.value == "switch":
            assert "Allowed: on or off." in description and value in ("on", "off")
    assert not re.search(r"[a-z]_[a-z]", words(page)), re.search(r"\S*[a-z]_[a-z]\S*", words(page))


def test_choices_are_in_words_on_the_rules_page_and_the_new_game_form(client):
    page = client.get("/rules/oh_hell").get_data(as_text=True)
    assert "Allowed: one of: up, down, up then down, down then up." in words(page)
    assert "Allowed: one of: exact, tricks plus bonus, custom." in words(page)
    assert "Allowed: one of: all, odd only, even only." in words(page)
    form = client.get("/games/new/oh_hell").get_data(as_text=True)
    assert ">up then down</span>" in form and ">down then up</span>" in form and ">tricks plus bonus</span>" in form
    assert not re.search(r">[a-z]+_[a-z_]+<", form)
    gin = words(client.get("/games/new/gin3").get_data(as_text=True))
    assert "Most deadwood a player may knock with. Allowed: 1 to 10." in gin
    assert "Points needed to end the game. Allowed: 1 to 1000." in gin
    assert "Bonus for undercutting the knocker. Allowed: 0 to 100." in gin


@pytest.mark.parametrize("game_id", ALL)
def test_setting_help_has_no_internal_words(game_id):
    game = GAMES[game_id]
    for setting in game.settings(game.min_players):
        assert not re.search(r"[a-z]_[a-z]", setting.help), setting.help


# --- the explanations players asked for ----------------------------------------------------------

def test_oh_hell_explains_every_order(client):
    text = rules_text(client.get("/rules/oh_hell").get_data(as_text=True))
    assert "Up: 1 card each, then 2, and so on up to the largest hand. As many hands as cards in the largest hand." in text
    assert "Down: the largest hand first, then one fewer each hand down to 1. The same number of hands." in text
    assert "Up then down: 1 up to the largest, then back down to 1." in text
    assert "Down then up: the largest down to 1, then back up. Both play 2 x largest - 1 hands" in text


def test_smear_explains_the_tie_at_the_target_and_the_capped_team(client):
    text = rules_text(opened_from(client, "smear", {"target": 11, "non_bidder_cap": True}))
    assert "When both teams are there, the bidding team wins if it made its bid, even with fewer points" in text
    assert "if the two are level (a tie at 11 or more) another hand is played" in text
    assert "A capped team can still win: reaching 11 exactly is enough under first to target." in text
    assert ("Ann & Cy stand at 9; Ben bids 3 and Ben & Dee take only Low, so they are set; Ann & Cy take High, "
            "Jack and Game, but only 2 count: they reach 11 and win.") in text


def test_the_capped_example_is_what_the_scorer_does():
    def hand(bids, high, low, jack, game):
        return {"bids": bids, "high": high, "low": low, "jack": jack, "game": game}
    hands = [hand([4, "pass", "pass", "pass"], 0, 0, 0, 0),           # Ann & Cy 4
             hand(["pass", "pass", 4, "pass"], 0, 0, 0, 0),           # 8
             hand(["pass", 2, "pass", "pass"], 1, 1, 1, 0),           # 9; Ben & Dee 3
             hand(["pass", 3, "pass", "pass"], 0, 1, 0, 0)]           # the page's hand
    game = score(record("smear", FOUR, hands, {"target": 11, "non_bidder_cap": True}))
    assert game.hands[2].totals == (9, 3)
    assert game.hands[3].points == (2, -3) and game.totals == (11, 0)
    assert game.finished and game.winners == ("Ann & Cy",)


def test_gin_explains_knocking_deadwood_and_gin(client):
    text = rules_text(client.get("/rules/gin3").get_data(as_text=True))
    assert "Knocking is never compulsory" in text
    assert "Deadwood is counted after lay-offs, and a count is always 0 to 98" in text
    assert "A knock with 0 deadwood is gin, and is recorded as gin, not as a knock." in text


def test_a_team_that_smudges_wins_in_the_plural():
    smudge = {"bids": ["pass", 4, "pass", "pass"], "high": 1, "low": 1, "jack": 1, "game": 1}
    teams = score(record("pitch", FOUR, [smudge], {"partnerships": True, "smudge": True}))
    assert teams.hands[0].explain[-1] == "Smudge: Ben bid 4 and took all four points, so Ben & Dee win."
    alone = score(record("pitch", FOUR, [smudge], {"smudge": True}))
    assert alone.hands[0].explain[-1] == "Smudge: Ben bid 4 and took all four points, so Ben wins."
