"""In Chromium at a phone's 360 px, on the table's insecure origin: a player's colour follows the name
into the next game, and the pages that show colours fit the phone and pass axe, light and dark."""
import colorsys
import re

import pytest
from playwright.sync_api import expect

from scorepad.web.colours import BY_ID
from test_browser import ARGS, CHROMIUM, browser, close, server  # noqa: F401  (fixtures)
from test_browser_pages import SMALL_PHONE, phone_problems
from test_colours import channels, contrast


def rgb(hex_colour):
    return "rgb({}, {}, {})".format(*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.fixture(params=["light", "dark"])
def phone(browser, request):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, color_scheme=request.param)
    page = context.new_page()
    page.scheme = request.param
    yield page
    close(context)


def start(page, server, players, colours=None):  # noqa: F811
    page.goto(f"{server}/games/new/oh_hell")
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    for seat, colour in (colours or {}).items():
        page.select_option(f"#colour_{seat}", colour)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".banner")).to_be_visible()


def tile_colours(page) -> dict[str, str]:
    """Each tile's name -> the colour of its stripe, as drawn."""
    return dict(page.locator(".sides li").evaluate_all(
        "tiles => tiles.map(t => [t.querySelector('.name').textContent, getComputedStyle(t).borderTopColor])"))


def test_a_players_colour_stays_with_the_name_in_the_next_game(phone, server):  # noqa: F811
    start(phone, server, ["Ann", "Ben", "Cy"])
    first = tile_colours(phone)
    assert set(first.values()) == {rgb(BY_ID[c].page) for c in ("blue", "red", "green")}
    start(phone, server, ["cy", "Eve", "ANN"])                   # typed another way: the same names
    second = tile_colours(phone)
    assert second["cy"] == first["Cy"] and second["ANN"] == first["Ann"]
    assert len(set(second.values())) == 3                        # Eve's is nobody else's


def test_pages_with_colours_fit_the_phone_and_pass_axe(phone, server):  # noqa: F811
    phone.goto(f"{server}/games/new/oh_hell")
    phone.fill("#player_0", "Ann")
    phone.fill("#player_1", "Ben")
    phone.fill("#player_2", "Cy")
    phone.select_option("#colour_1", "yellow")                   # the swatch follows the choice
    swatch = phone.locator("#colour_1").evaluate("s => getComputedStyle(s).borderInlineStartColor")
    assert swatch == rgb(BY_ID["yellow"].page)
    phone.select_option("#colour_2", "yellow")
    assert phone_problems(phone) == []
    phone.screenshot(path=f"/tmp/colours-new-game-{phone.scheme}.png")
    phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator("#colour_2-error")).to_have_text("Yellow is Ben's colour already: choose another.")
    assert phone_problems(phone) == []                           # the refusal too
    phone.select_option("#colour_2", "grey")
    phone.get_by_role("button", name="Start the game").click()
    phone.get_by_role("link", name="Enter the bids for hand 1").click()
    for seat, bid in ((1, 1), (2, 0), (0, 0)):
        phone.locator(f"fieldset[data-name='bid_{seat}'] label:has(input[value='{bid}'])").click()
    phone.get_by_role("button", name="Save bids").click()
    phone.locator("fieldset[data-name='tricks_1'] label:has(input[value='1'])").click()
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".sides b")).to_have_text(["10", "11", "10"])
    phone.locator("details.chart summary").click()
    chart = phone.locator("details.chart img")     # waited for by a property, not a polled string the CSP forbids
    expect(chart).to_have_js_property("complete", True)
    assert chart.evaluate("img => img.naturalWidth") > 0
    assert phone_problems(phone) == []
    phone.screenshot(path=f"/tmp/colours-scoreboard-{phone.scheme}.png", full_page=True)
    phone.goto(phone.url + "/tv")
    assert phone_problems(phone) == []
    phone.set_viewport_size({"width": 960, "height": 540})
    phone.screenshot(path=f"/tmp/colours-big-screen-{phone.scheme}.png")


def colour_of(css_rgb: str) -> str:
    """"rgb(253, 235, 211)" -> "#fdebd3"."""
    return "#" + "".join(f"{int(part):02x}" for part in re.findall(r"\d+", css_rgb)[:3])


def hue(hex_colour: str) -> float:
    return colorsys.rgb_to_hls(*channels(hex_colour))[0] * 360


def test_the_offline_bar_reads_as_a_warning_not_as_saved(phone, server):  # noqa: F811
    """It was the green of "Saved" (--note, with the accent's stripe): now a warm warning in both
    themes, its words still 4.5:1 or more on it."""
    start(phone, server, ["Ann", "Ben", "Cy"])
    phone.context.set_offline(True)
    bar = phone.locator("[data-note=offline]")
    expect(bar).to_contain_text("Offline - last updated")
    drawn = bar.evaluate("""b => { const s = getComputedStyle(b), root = getComputedStyle(document.documentElement);
        return [s.backgroundColor, s.borderInlineStartColor, s.color, root.getPropertyValue('--note'),
                root.getPropertyValue('--accent')]; }""")
    background, stripe, words = map(colour_of, drawn[:3])
    saved, accent = (value.strip() for value in drawn[3:])
    assert background != saved and stripe != accent
    assert hue(background) <= 60 and hue(stripe) <= 60          # red to amber: a warning, not green (about 150)
    assert contrast(words, background) >= 4.5 and contrast(stripe, background) >= 3   # read, and the stripe seen
    phone.screenshot(path=f"/tmp/colours-offline-{phone.scheme}.png")
    phone.context.set_offline(False)
    expect(bar).to_be_hidden()
