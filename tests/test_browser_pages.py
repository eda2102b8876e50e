"""At a phone's 360 px: how many taps a typical hand takes in each game (from the scoreboard back
to it with the new totals), and every page with thumb-sized controls, no sideways scroll and no
axe-core accessibility violation."""
import json
from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import expect

from rules_engine import GAMES
from test_browser import ARGS, CHROMIUM, browser, close, server  # noqa: F401  (fixtures)

SMALL_PHONE = {"width": 360, "height": 740}
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BUDGETS = {"oh_hell": 9, "back_alley": 7, "pitch": 7, "smear": 7, "gin3": 4}
TAPS: dict[str, int] = {}


class Table:
    """A phone that counts every tap."""

    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def choose(self, fieldset, value):
        self.tap(self.page.locator(f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])"))

    def button(self, name):
        self.tap(self.page.get_by_role("button", name=name))

    def link(self, name):
        self.tap(self.page.get_by_role("link", name=name))


@pytest.fixture
def table(browser):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    yield Table(context.new_page())
    close(context)


def start(table, server, game, players, dealer="0"):  # noqa: F811
    page = table.page
    page.goto(f"{server}/games/new/{game}")
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    page.locator(f"fieldset[data-name='first_dealer'] label:has(input[value='{dealer}'])").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()
    table.taps = 0


FOUR = ["Ann", "Ben", "Cy", "Dee"]


def test_oh_hell_hand_in_nine_taps(table, server):  # noqa: F811
    start(table, server, "oh_hell", FOUR, dealer="3")          # Dee deals 1 card
    table.link("Enter the bids for hand 1")
    for seat, bid in ((0, 1), (1, 0), (2, 0), (3, 0)):
        table.choose(f"bid_{seat}", bid)
    table.button("Save bids")
    # filled in as bid: Ann 1, Ben 0, Cy 0, Dee the rest (0). Ben took the trick, not Ann
    table.choose("tricks_1", 1)
    table.choose("tricks_0", 0)
    table.button("Save hand 1")
    expect(table.page.locator(".sides b")).to_have_text(["0", "0", "10", "10"])     # Ann and Ben missed
    TAPS["oh_hell"] = table.taps


def test_back_alley_hand_in_seven_taps(table, server):  # noqa: F811
    start(table, server, "back_alley", FOUR, dealer="3")       # Dee deals 13 cards
    table.link("Enter the bids for hand 1")
    table.choose("bid_0", 4)                                   # Ann 4, the rest pass...
    table.choose("bid_1", 3)                                   # ...but Ben bids 3
    table.button("Save bids")
    table.choose("tricks_0", 6)                                # Ann & Cy took 6, Ben & Dee 7
    table.button("Save hand 1")
    expect(table.page.locator(".sides b")).to_have_text(["22", "19"])     # 4 x 5 + 2 over, 3 x 5 + 4 over
    TAPS["back_alley"] = table.taps


@pytest.mark.parametrize("game, totals", [("pitch", ["1", "3", "0", "0"]),      # four players, each for himself
                                           ("smear", ["1", "3"])])               # Ann & Cy v Ben & Dee
def test_pitch_and_smear_hand_in_seven_taps(table, server, game, totals):  # noqa: F811
    start(table, server, game, FOUR)                           # Ann deals; Ben bids first
    table.link("Record hand 1")
    table.choose("bid_1", 3)                                   # Ben bid 3, the rest passed
    for point, side in (("high", 1), ("low", 1), ("jack", 0), ("game", 1)):
        table.choose(point, side)
    table.button("Save hand 1")
    expect(table.page.locator(".sides b")).to_have_text(totals)
    TAPS[game] = table.taps


def test_gin_hand_in_four_taps_and_two_numbers(table, server):  # noqa: F811
    start(table, server, "gin3", ["Ann", "Ben", "Cy"])         # Ann in the box
    table.link("Record hand 1")
    table.choose("knocker", "box")                             # a knock is already chosen
    table.page.fill("#deadwood_box", "٤")                      # typed with Eastern Arabic digits
    table.page.fill("#deadwood_team", "20")
    table.button("Save hand 1")
    expect(table.page.locator(".sides b")).to_have_text(["16", "0", "0"])
    TAPS["gin3"] = table.taps


def test_taps_per_hand_are_within_the_budgets(capsys):
    assert set(BUDGETS) == set(GAMES), "every game has a tap budget and a tap test above"
    assert set(TAPS) == set(BUDGETS), "run with the tap tests above"
    with capsys.disabled():
        print("\ntaps per typical hand, 4 players, scoreboard to scoreboard: "
              + ", ".join(f"{game} {TAPS[game]} (budget {BUDGETS[game]})" for game in BUDGETS)
              + " - gin plus its two deadwood numbers")
    assert all(TAPS[game] <= BUDGETS[game] for game in BUDGETS)


SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .map(e => (e.matches('input[type=radio], input[type=checkbox]') && e.closest('label')) || e)
  .filter(e => {
    const r = e.getBoundingClientRect();
    if (!r.width && !r.height) return false;
    if (e.tagName === 'A' && getComputedStyle(e).display === 'inline') {
      const words = e.parentElement.textContent.trim().length;
      if (words > e.textContent.trim().length + 3) return false;           // a link inside a sentence
    }
    return r.width < 44 || r.height < 44;
  })
  .map(e => e.tagName + ' "' + e.textContent.trim().slice(0, 30) + '" ' + Math.round(e.getBoundingClientRect().width)
    + 'x' + Math.round(e.getBoundingClientRect().height))"""
AXE_RUN = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
  .map(v => v.id + ' on ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""


def every_page(page, server):  # noqa: F811
    """One of every kind of page, with real games behind them."""
    keys = {}
    for example in ("back_alley-opening", "pitch-to-7", "gin3-to-100"):
        page.goto(f"{server}/games/import")
        page.fill("#record", (EXAMPLES / f"{example}.json").read_text())
        page.locator("main form button[type=submit]").click()           # Import, in either language
        keys[example] = page.url.rsplit("/", 1)[1]
    oh_hell = json.loads((EXAMPLES / "oh_hell-short.json").read_text())
    oh_hell["hands"] = oh_hell["hands"][:2] + [                 # in play, with bids to enter, after an adjustment
        {"adjustment": [-10] + [0] * (len(oh_hell["players"]) - 1), "note": "کارت ښکاره شو"}]    # as typed
    page.goto(f"{server}/games/import")
    page.fill("#record", json.dumps(oh_hell))
    page.locator("main form button[type=submit]").click()
    keys["oh_hell"] = page.url.rsplit("/", 1)[1]
    alley, pitch, gin, hell = keys["back_alley-opening"], keys["pitch-to-7"], keys["gin3-to-100"], keys["oh_hell"]
    return ["/", "/?q=Ann", "/games/new", "/games/new/oh_hell", "/games/new/back_alley", "/games/new/pitch",
            "/games/new/smear", "/games/new/gin3", "/games/import", "/rules", "/rules/oh_hell", "/rules/back_alley",
            "/rules/pitch", "/rules/smear", "/rules/gin3", f"/rules/pitch?game={pitch}", "/calculators",
            "/calculators/deadwood", "/calculators/deadwood?knocker=AS&knocker=2S&knocker=3S&knocker=KD&opponent=KH",
            "/calculators/game-points", f"/calculators/game-points?game={pitch}&side_0=10H&side_1=AS",
            f"/games/{alley}", f"/games/{alley}/hands/1", f"/games/{alley}/hands/1/edit", f"/games/{alley}/history",
            f"/games/{alley}/hands/4/delete", f"/games/{alley}/invite", f"/games/{alley}/tv",
            f"/games/{pitch}", f"/games/{pitch}/hands/2/edit", f"/games/{pitch}/result", f"/games/{gin}",
            f"/games/{gin}/hands/3/edit",
            f"/games/{hell}", f"/games/{hell}/hands/new", f"/games/{hell}/hands/3", f"/games/{hell}/adjustments/new",
            f"/games/{hell}/adjustments/3/edit", "/players", "/no-such-page"]


# A flex or grid box lays out each run of text and each element in it as an item of its own, which
# drops the spaces between them: "Undo rename (annback toAnnie)".
RUN_TOGETHER = """[...document.querySelectorAll('body *')].filter(e => {
  const shown = getComputedStyle(e).display;
  return /flex|grid/.test(shown) && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
    && [...e.children].some(c => getComputedStyle(c).display !== 'none' && c.textContent.trim());
}).map(e => 'words run together in ' + e.outerHTML.slice(0, 100))"""


def phone_problems(page) -> list[str]:
    """What a page at 360 px must not have: controls under 44 px, axe violations, sideways scroll,
    words run together."""
    page.evaluate(AXE)
    found = page.evaluate(SMALL_CONTROLS) + page.evaluate(AXE_RUN) + page.evaluate(RUN_TOGETHER)
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > SMALL_PHONE["width"]:
        found.append(f"scrolls sideways: {width}px")
    return found


def problems_on_every_page(browser, server, look, **phone) -> dict[str, list[str]]:  # noqa: F811
    """`look(page)` on one of every page at 360 px (a phone with `phone` settings): url -> problems."""
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, bypass_csp=True, **phone)
    page = context.new_page()
    problems = {}
    try:
        for url in every_page(page, server):
            page.goto(server + url)
            found = look(page)
            if found:
                problems[url] = found
    finally:
        close(context)
    return problems


@pytest.mark.parametrize("colours", ["light", "dark"])
def test_every_page_has_thumb_sized_controls_fits_the_phone_and_passes_axe(browser, server, colours):  # noqa: F811
    assert problems_on_every_page(browser, server, phone_problems, color_scheme=colours) == {}


def test_filling_game_from_the_calculator_keeps_what_was_already_tapped(table, server):  # noqa: F811
    start(table, server, "pitch", ["Ann", "Ben", "Cy"])
    page = table.page
    table.link("Record hand 1")
    table.choose("bid_1", 3)                                   # Ben 3, the rest pass
    for point, side in (("high", 1), ("low", 1), ("jack", 0)):
        table.choose(point, side)
    page.get_by_role("link", name="Count game points from the cards").click()
    page.locator("label:has(input[name='side_1'][value='10H'])").click()        # Ben took the ten of hearts
    page.locator("label:has(input[name='side_0'][value='AS'])").click()         # Ann the ace of spades
    page.get_by_role("button", name="Count").click()
    expect(page.locator(".result")).to_contain_text("Ben gets the Game point")
    page.get_by_role("link", name="Fill in Game with this").click()
    for name, value in (("bid_1", "3"), ("bid_2", "pass"), ("bid_0", "pass"), ("high", "1"), ("low", "1"),
                        ("jack", "0"), ("game", "1")):
        expect(page.locator(f"fieldset[data-name='{name}'] input[value='{value}']")).to_be_checked()
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides b")).to_have_text(["1", "3", "0"])              # Ben made 3: High, Low, Game
