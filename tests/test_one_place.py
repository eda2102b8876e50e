"""Each game's web side lives in one place: its description in scorepad/games/, its words on the
hand form in templates/games/, its rules in templates/rules/. Every other module and template is
the same for every game, so a new game is added without touching them."""
import re

import pytest

from conftest import ROOT
from rules_engine import GAMES
from scorepad.games import GAME_PAGES, every_game

PER_GAME = ("rules_engine", "scorepad/games", "templates/games", "templates/rules", "tests", "bench", "mutants",
            ".venv", "instance", "examples", "translations", "docs")


def web_sources():
    for path in sorted(ROOT.rglob("*")):
        where = path.relative_to(ROOT).as_posix()
        if path.suffix in (".py", ".html", ".js") and not where.startswith(PER_GAME) and path.is_file():
            yield where, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_web_module_or_template_names_a_game(game_id):
    named = re.compile(rf"""["']{game_id}["']|rules_engine\.{game_id}\b|rules_engine import {game_id}\b""")
    found = [f"{where}:{text[:match.start()].count(chr(10)) + 1}" for where, text in web_sources()
             for match in named.finditer(text)]
    assert not found, f"{game_id} is named outside its own places: {found}"


def test_the_walk_sees_the_web_side():
    """The test above reads the modules the pages are made of (not an empty list)."""
    seen = {where for where, _text in web_sources()}
    assert {"app.py", "scorepad/web/forms.py", "scorepad/pages/hands.py", "templates/hand_form.html", "static/app.js",
            "static/hand.js"} <= seen


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_description_and_a_rules_page(game_id):
    pages = GAME_PAGES[game_id]
    assert pages.game is GAMES[game_id] and str(pages.title)
    assert (ROOT / "templates" / pages.rules_page).is_file()
    assert [p.id for p in every_game()] == list(GAMES)
