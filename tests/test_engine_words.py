"""Every word the engine says is a translatable Text: said in English as before, remembering its
template and values, and said again in another language by translate()."""
import json

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import ROOT, record
from rules_engine import RuleError, score
from rules_engine.words import Text, and_list, comma_list, say, say_n, translate
from strategies import mutated, records

SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])   # examples: the profile in conftest.py


def english(template):
    return template


def english_n(singular, plural, count):
    return singular if count == 1 else plural


# A make-believe language: upper case, and its own word order for one sentence.
SHOUTED = {
    "{who} bid {bid}, took {took}: {sums}": "{sums} <- {who} TOOK {took}, BID {bid}",
    "exact": "EXACT",
    "{count} point ({points})": "ONE POINT: {points}",
    "{count} points ({points})": "{count} POINTS: {points}",
    "High": "HIGH",
    "Low": "LOW",
    "{earlier}, {last}": "{earlier} + {last}",
    "hand {number}": "HAND #{number}",
    "broken {nothing_like_this}": "BROKEN {not_a_param}",
}


def shouted(template):
    return SHOUTED.get(template, template)


def shouted_n(singular, plural, count):
    return SHOUTED.get(singular if count == 1 else plural, singular if count == 1 else plural)


# --- the words themselves -------------------------------------------------------------------

def test_say_is_the_english_sentence_that_remembers_how_it_was_made():
    text = say("{who}'s bid must be pass or {low} to {high}", who="Ann", low=1, high=4)
    assert text == "Ann's bid must be pass or 1 to 4" and isinstance(text, str) and isinstance(text, Text)
    assert text.template == "{who}'s bid must be pass or {low} to {high}"
    assert text.params == {"who": "Ann", "low": 1, "high": 4} and text.plural is None
    assert json.dumps([text]) == '["Ann\'s bid must be pass or 1 to 4"]'
    assert str(text) + "." == "Ann's bid must be pass or 1 to 4."


def test_say_n_picks_the_english_form_by_count():
    one, two = (say_n("{count} card", "{count} cards", count) for count in (1, 2))
    assert (one, two) == ("1 card", "2 cards")
    assert (two.template, two.plural, two.params) == ("{count} card", "{count} cards", {"count": 2})


def test_translate_says_a_text_in_another_language_params_first():
    line = say("{who} bid {bid}, took {took}: {sums}", who="Ann", bid=1, took=1, sums=say("exact"))
    assert translate(line, shouted, shouted_n) == "EXACT <- Ann TOOK 1, BID 1"
    points = say_n("{count} point ({points})", "{count} points ({points})", 2,
                   points=comma_list([say("High"), say("Low")]))
    assert points == "2 points (High, Low)"
    assert translate(points, shouted, shouted_n) == "2 POINTS: HIGH + LOW"
    single = say_n("{count} point ({points})", "{count} points ({points})", 1, points=say("High"))
    assert translate(single, shouted, shouted_n) == "ONE POINT: HIGH"


def test_translate_writes_every_number_in_the_languages_digits_names_as_typed():
    def digits(value):              # a make-believe language's digits: <2>
        return f"<{value}>" if isinstance(value, int) else value
    took = say_n("{count} point ({points})", "{count} points ({points})", 2, points=say("High"))
    line = say("{who} bid {bid}, took {took}: {sums}", who="Ann", bid=1, took=2, sums=took)
    assert translate(line, shouted, shouted_n, digits) == "<2> POINTS: HIGH <- Ann TOOK <2>, BID <1>"


def test_translate_passes_plain_words_through_and_falls_back_to_english():
    assert translate("Ann", shouted, shouted_n) == "Ann"
    assert translate(Text("as is"), shouted, shouted_n) == "as is"
    broken = say("broken {nothing_like_this}", nothing_like_this="x")
    assert translate(broken, shouted, shouted_n) == "broken x"
    for odd in ("{0}", "{", "{who.name}", "{who[3]}", "{who:d}"):
        assert translate(say("{who}", who="Ann"), lambda _: odd, shouted_n) == "Ann"


def test_lists_of_words_stay_translatable():
    assert comma_list([say("High"), say("Low"), say("Game")]) == "High, Low, Game"
    assert and_list(["Ann", "Ben", "Cy"]) == "Ann and Ben and Cy"
    assert and_list(["Ann"]) == "Ann"


def test_a_hand_error_keeps_its_place_words_and_number():
    game = record("smear", ["Ann", "Ben", "Cy", "Dee"], [{"bids": ["pass", "pass", "pass", "pass"]}, "oops"])
    try:
        score(game)
    except RuleError as error:
        problem = error
    assert str(problem) == "hand 2: a hand must be an object"
    assert problem.place == "hand 2" and problem.place.startswith("hand ") and int(problem.place.split()[1]) == 2
    assert problem.hand == 2 and isinstance(problem.place, Text)
    assert translate(problem.args[0], shouted, shouted_n) == "HAND #2: a hand must be an object"


def test_sentences_are_written_only_when_read():
    game = score(record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]))
    hand = game.hands[0]
    assert hand.outcome.said is None
    assert hand.explain == ("Ann bid 1, took 1: exact, 10 + 1 = 11", "Ben bid 0, took 0: exact, 10 + 0 = 10",
                            "Cy bid 0, took 0: exact, 10 + 0 = 10")
    assert hand.explain is hand.explain


# --- the engine's source: templates a translator can be given --------------------------------

def said_again(text):
    return translate(text, english, english_n)


@SETTINGS
@given(records())
def test_every_explanation_is_a_text_that_says_itself_again(game_record):
    for hand in score(game_record).hands:
        for line in hand.explain:
            assert isinstance(line, Text), line
            assert said_again(line) == line


@SETTINGS
@given(records(max_hands=4).flatmap(mutated))
def test_every_rule_error_is_a_text_that_says_itself_again(game_record):
    try:
        game = score(game_record)
    except RuleError as error:
        assert isinstance(error.message, Text), error.message
        assert said_again(error.message) == error.message
        assert said_again(error.args[0]) == str(error) == f"{error.place}: {error.message}"
        assert (error.hand is not None) == error.place.startswith("hand ")
        return
    for line in (line for hand in game.hands for line in hand.explain):
        assert isinstance(line, Text) and said_again(line) == line


def test_settings_blurbs_and_ranges_are_texts():
    from rules_engine import GAMES
    for game in GAMES.values():
        assert isinstance(game.blurb, Text) and said_again(game.blurb) == game.blurb
        for setting in game.settings(game.max_players):
            assert isinstance(setting.help, Text), setting.name
            if setting.kind.value == "whole":
                assert said_again(setting.range_words()) == setting.range_words()


# --- the catalogue: every sentence is found by the words it was made from ------------------------

def catalogue_ids():
    """The msgids of every catalogue's template (translations/ and each game's): a template, or
    (singular, plural) for say_n."""
    from babel.messages.pofile import read_po
    ids = set()
    for path in (ROOT / "translations").glob("**/messages.pot"):
        with open(path, "rb") as pot:
            ids |= {message.id if isinstance(message.id, str) else tuple(message.id) for message in read_po(pot)}
    return ids


CATALOGUE = catalogue_ids()


def unknown_words(text):
    """The templates in `text` (and in the Texts put into it) a translator was never given."""
    if not isinstance(text, Text) or text.template is None and text.plural is None:
        return []      # a name or a number: said as it is
    key = text.template if text.plural is None else (text.template, text.plural)
    missing = [] if key in CATALOGUE else [key]
    return missing + [key for param in text.params.values() for key in unknown_words(param)]


def test_the_catalogue_knows_the_words_it_is_checked_with():
    assert unknown_words(say("hand {number}", number=3)) == []
    assert unknown_words(say("hand {number}!", number=3)) == ["hand {number}!"]
    said = say_n("{count} point ({points})", "{count} points ({points})", 2, points=say("Hgh"))
    assert unknown_words(said) == ["Hgh"]


@SETTINGS
@given(records())
def test_every_explanation_is_in_the_catalogue(game_record):
    for hand in score(game_record).hands:
        for line in hand.explain:
            assert unknown_words(line) == [], line


@SETTINGS
@given(records(max_hands=4).flatmap(mutated))
def test_every_rule_error_is_in_the_catalogue(game_record):
    try:
        score(game_record)
    except RuleError as error:
        assert unknown_words(error.args[0]) == [], str(error)


FOUR = ["Ann", "Ben", "Cy", "Dee"]
ONE_CARD = {"max_cards": 1}


# Sentences whose singular English is never shown (no game has one player, Back Alley always two
# teams, and a 1-card deal allows no bid of 1) but is what a translator's catalogue is keyed by.
@pytest.mark.parametrize("game, players, settings, hand, message", [
    ("oh_hell", FOUR, None, {"bids": [0, 0, 0], "tricks": [1, 0, 0, 0]},
     "hand 1: bids must be a list of 4 entries, one per player"),
    ("oh_hell", FOUR, None, {"bids": [0, 0, 0, 0], "tricks": [1, 0, 0]},
     "hand 1: tricks must be a list of 4 entries, one per player"),
    ("back_alley", FOUR, None, {"bids": [3, "pass", 4, 2], "tricks": [13]},
     "hand 1: tricks must be a list of 2 entries, one per team"),
    ("back_alley", FOUR, None, {"bids": [3, "pass", 4], "tricks": [8, 5]},
     "hand 1: bids must be a list of 4 entries, one per player"),
    ("back_alley", FOUR, {"max_cards": 2}, {"bids": [2, "pass", "pass", "pass"], "tricks": [2, 0]},
     "hand 1: Ann's bid of 2 is not allowed: with 2 cards the most is 1"),
    ("back_alley", FOUR, ONE_CARD, {"bids": [1, "pass", "pass", "pass"], "tricks": [1, 0]},
     "hand 1: Ann's bid of 1 is not allowed: with 1 card only pass or board"),
    ("pitch", FOUR[:3], None, {"bids": ["pass", 2], "high": 0, "low": 0},
     "hand 1: bids must be a list of 3 entries, one per player"),
])
def test_errors_said_in_the_plural_or_singular_only_are_in_the_catalogue(game, players, settings, hand, message):
    with pytest.raises(RuleError) as error:
        score(record(game, players, [hand], settings))
    assert str(error.value) == message
    assert unknown_words(error.value.args[0]) == []
