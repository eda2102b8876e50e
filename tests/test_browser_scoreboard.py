"""The scoreboard of the biggest table each game seats, in Chromium at a phone's 360 px on the table's
insecure origin, in English and Pashto: the hands' table scrolls sideways in its own box (the page
never does), every number can be read (no cell's text runs out of its cell into the next), and the
hand numbers and each hand's words stay in view while the table is scrolled."""
import json

import pytest
from playwright.sync_api import expect

from rules_engine import GAMES, score
from rules_engine.adjustment import MOST_POINTS
from test_browser import browser, close, server  # noqa: F401  (fixtures)
from test_browser_pages import SMALL_PHONE
from test_page_weight import drawn_games, longest_names

LOCALES = {"en": "en-GB", "ps": "ps-AF"}

# Each cell of the hands' table whose text is wider than the cell: [the cell's text, how wide its
# text is, how wide the cell].
SPILLING = """() => [...document.querySelectorAll('main table th, main table td')]
  .filter(cell => cell.scrollWidth > cell.clientWidth)
  .map(cell => [cell.textContent, cell.scrollWidth, cell.clientWidth])"""


def widest_game(game_id: str, lang: str) -> dict:
    """A game at the most seats the game takes, with names as long as the app takes, a page of hands
    drawn as the game's own tests draw them, then a penalty as big as one may be for every side (the
    widest numbers a cell shows: "-1000" over a total of four digits). The hand that ended a game is
    left out, so the penalty comes while it is still being played."""
    names = longest_names(lang, GAMES[game_id].max_players)
    game = drawn_games(game_id, names, {})[0]
    if score(game).finished:
        game["hands"].pop()
    sides = len(score(game).sides)
    game["hands"].append({"adjustment": [-MOST_POINTS] * sides, "note": "x"})
    return game


@pytest.fixture(params=sorted(LOCALES))
def phone(browser, request):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, locale=LOCALES[request.param])
    page = context.new_page()
    page.lang = request.param
    yield page
    close(context)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_biggest_tables_scoreboard_reads_at_360_px(phone, server, game_id):  # noqa: F811
    game = widest_game(game_id, phone.lang)
    phone.goto(f"{server}/games/import")
    phone.fill("#record", json.dumps(game))
    phone.locator("main form button[type=submit]").click()
    expect(phone.locator("main table")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")     # the page stays put
    assert phone.evaluate(SPILLING) == []                                             # every number fits its cell
    # every column is headed by its side's whole name, for a screen reader, though drawn shortened
    assert phone.locator("main th[scope=col] bdi").all_text_contents() == list(score(game).sides)
    # scrolled to its far end, the table still shows the newest hand's number and its words
    seen = phone.evaluate("""() => {
        const board = document.querySelector('main table').parentElement;
        board.scrollLeft = (document.dir === 'rtl' ? -1 : 1) * board.scrollWidth;
        const box = board.getBoundingClientRect();
        const inside = e => { const r = e.getBoundingClientRect(); return r.left >= box.left - 1 && r.right <= box.right + 1; };
        return [inside(document.querySelector('main tbody th')), inside(document.querySelector('main tr.facts a'))];
    }""")
    assert seen == [True, True]
