"""The Python pages' words are translatable: on a Pashto page they come from the catalogue, with
Pashto digits, while players' names stay exactly as typed (and escaped); and every message the
modules hand to a player goes through gettext.

The catalogue here is a real one (babel's Catalog compiled to a .mo and read back by
babel.support.Translations), with a handful of entries, installed in place of Flask-Babel's lookup for
the "ps" locale: it does not depend on where the real catalogues will live."""
import ast
import io
import re
import sqlite3

import flask_babel
import pytest
from babel.messages import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations
from markupsafe import Markup

from conftest import ROOT, play_through_forms, record
from rules_engine import GAMES, RuleError, score
from rules_engine.words import Text
from scorepad.games import oh_hell as oh_hell_pages
from scorepad.web import i18n
from scorepad.words import summary

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}

PASHTO = {      # msgid (or (singular, plural)) -> Pashto (or [one, many])
    "Hand %(number)s deleted.": "لاس %(number)s ړنګ شو.",
    "%(cards)s, %(dealer)s deals; %(players)s": "%(cards)s، %(dealer)s ویشي؛ %(players)s",
    ("%(cards)s card", "%(cards)s cards"): ["%(cards)s کارت", "%(cards)s کارتونه"],
    "bid %(bid)s, took %(took)s: made": "ژمنه %(bid)s، واخیستل %(took)s: پوره",
    "bid %(bid)s, took %(took)s: missed": "ژمنه %(bid)s، واخیستل %(took)s: پاتې",
    ("%(old)s is %(new)s now, in %(games)s game.", "%(old)s is %(new)s now, in %(games)s games."):
        ["%(old)s اوس %(new)s دی، په %(games)s لوبه کې.", "%(old)s اوس %(new)s دی، په %(games)s لوبو کې."],
    "{who}'s bid must be pass or {low} to {high}": "د {who} بولي باید پاس یا له {low} تر {high} وي",
    "hand {number}": "لاس {number}",
    "{place}: {message}": "{place}: {message}",
    "This game can't be scored: %(problem)s.": "دا لوبه نه شمېرل کېږي: %(problem)s.",
}


@pytest.fixture
def pashto(monkeypatch):
    """Pashto pages read the little catalogue above; English pages read none (the msgids)."""
    catalog = Catalog(locale="ps")
    for msgid, text in PASHTO.items():
        catalog.add(msgid, text, flags=["python-format"])
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    translations = Translations(fp=compiled)
    original = flask_babel.Domain.get_translations

    def get_translations(domain):
        if str(flask_babel.get_locale()) == "ps":
            return translations
        return original(domain)
    monkeypatch.setattr(flask_babel.Domain, "get_translations", get_translations)
    return translations


def oh_hell(*names):
    return record("oh_hell", names, [{"bids": [1, 0, 0], "tricks": [1, 0, 0]},
                                     {"bids": [2, 0, 0], "tricks": [1, 1, 0]}], settings={"max_cards": 2})


def test_a_summary_line_is_translated_with_pashto_digits_and_the_names_as_typed(app, pashto):
    game = oh_hell("Ann", "<b>x</b>", "Cy")
    scored = score(game)
    with app.test_request_context(headers={"Cookie": "lang=ps"}):
        line = summary.hand_summary(scored, game["hands"][1], scored.hands[1])
    assert isinstance(line, Markup)
    # each name and each player's "bid/took mark" is a bidi isolate (FSI ... PDI), so a Latin name
    # can't pull its neighbours' numbers and marks to the wrong side on a right-to-left page
    assert line.startswith("\u2068۲ کارتونه\u2069، \u2068&lt;b&gt;x&lt;/b&gt;\u2069 ویشي؛ \u2067\u2068Ann\u2069 ")
    assert '\u2067\u2068Ann\u2069 <span aria-hidden="true">۲/۱ ✗</span><span class="visually-hidden">ژمنه ۲، ' \
        'واخیستل ۱: پاتې</span>\u2069' in line
    assert "<b>" not in line                              # a name is never HTML
    with app.test_request_context(headers={"Cookie": "lang=en"}):
        english = summary.hand_summary(scored, game["hands"][1], scored.hands[1])
    assert english.startswith("2 cards, &lt;b&gt;x&lt;/b&gt; deals; Ann ")


def test_a_translation_cannot_smuggle_html_into_a_summary(app, pashto, monkeypatch):
    """The translated sentence is text too: it is escaped before the (escaped) names go in."""
    scored = score(oh_hell("Ann", "Ben", "Cy"))
    with app.test_request_context(headers={"Cookie": "lang=ps"}):
        monkeypatch.setattr(oh_hell_pages, "_", lambda text, **params: "<i>%(cards)s</i> %(dealer)s; %(players)s"
                            if text.startswith("%(cards)s") else i18n._(text, **params))
        line = summary.hand_summary(scored, oh_hell("Ann", "Ben", "Cy")["hands"][0], scored.hands[0])
    assert re.sub("[\u2066-\u2069]", "", line).startswith("&lt;i&gt;۱ کارت&lt;/i&gt; Ann; Ann ")


def test_a_flash_message_is_translated_with_pashto_digits(app, client, pashto):
    game_id = play_through_forms(client, oh_hell("Ann", "Ben", "Cy"))
    client.set_cookie("lang", "ps")
    client.post(f"/games/{game_id}/hands/2/delete")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "لاس ۲ ړنګ شو." in page
    assert "Hand 2 deleted." not in page


def test_a_count_takes_the_pashto_plural_and_names_stay_as_typed(app, client, pashto):
    play_through_forms(client, oh_hell("Ann", "Ben", "Cy"))
    client.set_cookie("lang", "ps")
    players = client.get("/players").get_data(as_text=True)
    link = re.search(r'href="(/players/[0-9a-f]{20})"><b>(?:<bdi>)?Ann<', players).group(1)
    done = client.post(link, data={"new": "Anna Maria"}, follow_redirects=True).get_data(as_text=True)
    assert "Ann اوس Anna Maria دی، په ۱ لوبه کې." in done


def test_outside_a_request_the_words_are_english_and_nothing_breaks():
    """The command line, start-up (summaries rebuilt) and tests call these without a request."""
    assert i18n._("Hand %(number)s deleted.", number=12) == "Hand 12 deleted."
    assert i18n.n_("%(cards)s card", "%(cards)s cards", 3, cards=3) == "3 cards"
    scored = score(oh_hell("Ann", "Ben", "Cy"))
    assert summary.hand_summary(scored, oh_hell("Ann", "Ben", "Cy")["hands"][0], scored.hands[0]).startswith(
        "1 card, Ann deals; ")
    assert isinstance(flask_babel.get_domain().get_translations(), NullTranslations)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_setting_and_choice_has_words_a_player_reads(game_id):
    """Each game names its settings and their choices itself (its engine module), in words that go
    through the catalogue: never the setting's record name ("max_cards") on a form."""
    game = GAMES[game_id]
    for count in range(game.min_players, game.max_players + 1):
        for setting in game.settings(count):
            assert isinstance(setting.label, Text) and "_" not in str(setting.label), setting.name
            assert len(setting.labels) == len(setting.choices), setting.name
            assert all(isinstance(label, Text) and "_" not in str(label) for label in setting.labels), setting.name


# --- every message to a player goes through gettext ---------------------------------------------

FILES = ["app.py", *sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "scorepad").rglob("*.py")
                           if path.name != "__init__.py" or path.parent.name == "pages")]
GETTEXT = {"_", "n_", "lazy_gettext", "gettext", "ngettext"}

# call name -> the positions (ints) and keywords (str) whose value a player reads
SHOWN = {
    "flash": {0}, "attach": {2}, "FieldError": {1}, "Refused": {0}, "RuleError": {1}, "error_page": {0, 1},
    "abort": {1, "description"}, "StringField": {0, "description"}, "RadioField": {0, "description"},
    "BooleanField": {0, "description"}, "TextAreaField": {0, "description"}, "Length": {"message"},
}
# raise ValueError(...) carries a player's message in these files (elsewhere it is a program's error)
VALUE_ERRORS_SHOWN = {"scorepad/words/exports.py", "scorepad/pages/transfer.py"}


def callee(node: ast.Call) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")


def words(text: str) -> bool:
    """Text a person reads: a word of two letters or more (not a machine value like "" or "-")."""
    return bool(re.search(r"[A-Za-z]{2}", text))


def untranslated(node: ast.AST) -> ast.AST | None:
    """The part of an expression that puts English in front of a player without gettext, if any:
    a string literal with words, an f-string, or text glued or formatted from a literal. Names,
    attributes and other calls are values made elsewhere (checked where they are made)."""
    if isinstance(node, ast.Constant):
        return node if isinstance(node.value, str) and words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        literal = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
        return node if words(literal) else None
    if isinstance(node, ast.Call):
        if callee(node) in GETTEXT:
            return None
        if callee(node) in ("format", "join") and isinstance(node.func, ast.Attribute):
            return untranslated(node.func.value)
        return None
    if isinstance(node, ast.BinOp):
        return untranslated(node.left) or untranslated(node.right)
    if isinstance(node, ast.IfExp):
        return untranslated(node.body) or untranslated(node.orelse)
    if isinstance(node, ast.BoolOp):
        return next((found for found in map(untranslated, node.values) if found), None)
    if isinstance(node, ast.Dict):
        return next((found for found in map(untranslated, node.values) if found), None)
    if isinstance(node, ast.Subscript):
        return untranslated(node.value)
    if isinstance(node, ast.Lambda):
        return untranslated(node.body)
    return None


def shown_arguments(path: str, node: ast.Call):
    places = SHOWN.get(callee(node), set())
    if callee(node) == "ValueError" and path in VALUE_ERRORS_SHOWN:
        places = {0}
    if callee(node) == "append" and isinstance(node.func, ast.Attribute) \
            and getattr(node.func.value, "attr", "") == "form_errors":
        places = {0}
    if callee(node) == "writing":        # what a busy database answers
        places = {1}
    for place in places:
        if isinstance(place, int) and place < len(node.args):
            yield node.args[place]
        for keyword in node.keywords:
            if keyword.arg == place:
                yield keyword.value


def test_every_message_a_player_reads_goes_through_gettext():
    found = []
    for path in FILES:
        tree = ast.parse((ROOT / path).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for argument in shown_arguments(path, node):
                    bad = untranslated(argument)
                    if bad is not None:
                        found.append(f"{path}:{bad.lineno} {callee(node)}: {ast.unparse(bad)[:70]}")
    assert found == []


# the values records and the history store (never shown as they are): a literal equal to one is data
STORED = {"pass", "box", "team", "high", "low", "jack", "game", "knock", "gin", "draw", "recorded", "edited",
          "deleted", "restored", "undone", "bids", "bids cleared", "created", "imported", "renamed"}


SAYING = {"hand_line", "changes", "record_lines", "record_rates", "record_help", "bid_and_tricks", "points_taken",
          "scorers", "team_bid_said", "lead_words", "result_word", "side_word", "value_word", "cards_word", "bid_word"}


def test_the_words_of_the_hand_lines_history_and_chart_are_all_gettext():
    """summary.py and history.py make only words for players, chart.py's only words are its text nodes
    and title: none of them has an f-string or a literal with words (outside HTML tags) other than
    through gettext, except docstrings, dict keys, comparisons, subscripts and stored values."""
    found = []
    for path in ("scorepad/words/summary.py", "scorepad/words/history.py", "scorepad/games/base.py",
                 *(f"scorepad/games/{game}.py" for game in GAMES), "scorepad/games/points.py"):
        tree = ast.parse((ROOT / path).read_text())
        if path.startswith("scorepad/games/"):          # their lines for players (the rest are form fields)
            tree = ast.Module([node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                               and node.name in SAYING], [])
        machine = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)) and ast.get_docstring(node) is not None:
                machine.add(id(node.body[0].value))
            if isinstance(node, ast.Call) and callee(node) in GETTEXT | {"get"}:
                machine.update(id(arg) for arg in node.args)
            if isinstance(node, ast.Dict):
                machine.update(id(key) for key in node.keys)
            if isinstance(node, ast.Compare):
                machine.update(id(part) for part in ast.walk(node))
            if isinstance(node, ast.Subscript):
                machine.update(id(part) for part in ast.walk(node.slice))
        for node in ast.walk(tree):
            if id(node) in machine:
                continue
            if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)
                                                   and node.value not in STORED
                                                   and words(re.sub(r"<[^>]*>", "", node.value))):
                found.append(f"{path}:{node.lineno} {ast.unparse(node)[:70]}")
    assert found == []
    svg = (ROOT / "scorepad/web/chart.py").read_text()
    text_nodes = re.findall(r">([^<>{}\"']*[A-Za-z]{2}[^<>{}\"']*)</text>", svg)
    assert text_nodes == [], "chart.py writes words in an SVG <text> without gettext"


def test_the_engines_sentences_are_said_in_pashto_with_pashto_digits_and_names_as_typed(app, pashto):
    """A rule error is a sentence of the engine: put into a page's words it is translated, its numbers
    in Pashto digits, the player's name (even one that is all digits) as typed."""
    game = record("pitch", ["Ann", "22", "Cy"], [{"bids": [2, 7, "pass"], "high": 0, "low": 0, "jack": None, "game": 1}])
    with pytest.raises(RuleError) as refused:
        score(game)
    with app.test_request_context(headers={"Cookie": "lang=ps"}):
        # the name is isolated (FSI ... PDI) so its direction can't reorder the sentence around it
        assert i18n.words(refused.value.message) == "د \u206822\u2069 بولي باید پاس یا له ۱ تر ۴ وي"
        assert i18n._("This game can't be scored: %(problem)s.", problem=refused.value.args[0]) == \
            "دا لوبه نه شمېرل کېږي: لاس ۱: د \u206822\u2069 بولي باید پاس یا له ۱ تر ۴ وي."
    with app.test_request_context():
        assert i18n._("This game can't be scored: %(problem)s.", problem=refused.value.args[0]) == \
            "This game can't be scored: hand 1: 22's bid must be pass or 1 to 4."


def test_a_game_that_cant_be_scored_says_where_in_pashto_on_the_home_page(app, client, pashto):
    game_id = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, PITCH_HAND]))
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set version = version + 1 where key = ?", [game_id])      # as every writer does
        db.execute("update hands set data = ?, version = (select version from games where key = ?) "
                   "where game_id = (select id from games where key = ?) and position = 2",
                   ['{"bids": [9, "pass", "pass"], "high": 0, "low": 0}', game_id, game_id])
    client.set_cookie("lang", "ps")
    assert "لاس ۲" in client.get("/").get_data(as_text=True)
    client.set_cookie("lang", "en")
    assert "can't be scored: hand 2" in client.get("/").get_data(as_text=True).replace("&#39;", "'")
