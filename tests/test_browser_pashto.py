"""A Pashto-speaking table at a phone's 360 px: a whole Oh Hell game and a gin game recorded in
Pashto (numbers typed in Pashto digits), every kind of page right to left with no sideways scroll, no
axe-core violation, and no English left on it but names, game names and the glossary's kept words."""
import re

import pytest
from playwright.sync_api import expect

from test_browser import browser, close, server  # noqa: F401  (fixtures)
from test_browser_pages import SMALL_PHONE, phone_problems, problems_on_every_page

PASHTO_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
# Words a Pashto page may show in Latin letters: the app's name, file formats, the switch back to
# English, card ranks on the calculators, Oh Hell's La Podrida, and the players' names here. The games'
# English names stand only beside their Pashto names, marked lang="en", which english_left leaves out.
KEPT = {"La", "Podrida", "Scorepad", "scorepad", "CSV", "JSON", "zip", "QR", "http", "https", "English", "UTC",
        "A", "K", "Q", "J"}
NAMES = {"Ann", "Ben", "Cy", "Dee", "Eileen", "Frank", "George", "Holland"}       # the players here


@pytest.fixture
def phone(browser):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, locale="ps-AF",
                                  bypass_csp=True)
    page = context.new_page()
    yield page
    close(context)


def pashto(number: int) -> str:
    return str(number).translate(str.maketrans("0123456789", PASHTO_DIGITS))


def english_left(page) -> list[str]:
    """Latin-letter words shown on the page that are not names or kept words."""
    shown = page.evaluate("""() => { const english = [...document.querySelectorAll('body [lang=en]')];
        english.forEach(element => element.hidden = true);
        const shown = document.body.innerText;
        english.forEach(element => element.hidden = false);
        return shown; }""")
    shown = re.sub(r"\S+://\S+", "", shown)                                     # links to copy are not words
    return sorted({word for word in re.findall(r"[A-Za-z][A-Za-z']*", shown) if word not in KEPT | NAMES})


def pashto_problems(page) -> list[str]:
    """What a Pashto page must not be: left to right, in another language, too wide, inaccessible,
    or with English words left on it."""
    direction = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    problems = [] if direction == ["ps", "rtl"] else [f"lang and dir: {direction}"]
    problems += phone_problems(page)
    leftover = english_left(page)
    return problems + ([f"English left: {leftover}"] if leftover else [])


def check(page):
    assert pashto_problems(page) == [], page.url


def tap(page, fieldset, value):
    page.locator(f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])").click()


def submit(page):
    """The form's main button, whatever its words."""
    page.locator("main form button[type=submit]").first.click()


def start(page, server, game, players, settings=None):  # noqa: F811
    page.goto(f"{server}/games/new/{game}")
    check(page)
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    for name, value in (settings or {}).items():
        page.fill(f"#setting_{name}", value)
    submit(page)
    expect(page.locator(".banner")).to_be_visible()


def totals(page) -> list[str]:
    return page.locator(".sides b").all_inner_texts()


def test_a_whole_oh_hell_game_in_pashto(phone, server):  # noqa: F811
    """Three players, at most 2 cards going up: hands of 1 and 2 cards, typed in Pashto digits."""
    start(phone, server, "oh_hell", ["Ann", "احمد", "Cy"], {"max_cards": "۲"})
    check(phone)
    expect(phone.locator(".banner")).to_contain_text(pashto(1))
    hands = [({0: 1, 1: 0, 2: 0}, {0: 1, 1: 0, 2: 0}), ({1: 1, 2: 0, 0: 0}, {1: 1, 2: 1, 0: 0})]
    for number, (bids, tricks) in enumerate(hands, start=1):
        phone.locator("main a.button.wide").first.click()           # enter the bids
        expect(phone.locator("h1")).to_contain_text(pashto(number))
        check(phone)
        for seat, bid in bids.items():
            tap(phone, f"bid_{seat}", bid)
        submit(phone)
        expect(phone.locator("fieldset[data-name='tricks_0']")).to_be_visible()
        check(phone)
        for seat, took in tricks.items():
            tap(phone, f"tricks_{seat}", took)
        submit(phone)
        expect(phone.locator(".banner, .sides")).not_to_have_count(0)
    # Ann 11 + 10 = 21, Ahmad 10 + 11 = 21, Cy 10 + 0 (bid 0, took 1: missed) = 10, in Pashto digits
    expect(phone.locator(".sides b")).to_have_text([pashto(21), pashto(21), pashto(10)])
    check(phone)
    phone.locator("a[href$='/hands/2']").first.click()                # how hand 2 scored, in Pashto
    expect(phone.locator("h1")).to_contain_text(pashto(2))
    check(phone)
    phone.goto(phone.url.rsplit("/hands/", 1)[0] + "/tv")
    ann = phone.locator(".tv-hands span[class]").first                 # Ann's colour dot, then her name
    dot_right = ann.evaluate("s => s.getBoundingClientRect().right")
    name = ann.locator("bdi").evaluate("b => [b.getBoundingClientRect().left, b.getBoundingClientRect().right]")
    assert dot_right > name[1] + 4, "right to left, the dot comes before the name: on its right"


def test_a_gin_game_in_pashto_with_deadwood_typed_in_pashto_digits(phone, server):  # noqa: F811
    start(phone, server, "gin3", ["Ann", "Ben", "ملالۍ"])
    check(phone)
    phone.locator("main a.button.wide").first.click()
    check(phone)
    tap(phone, "result", "knock")
    tap(phone, "knocker", "box")
    phone.fill("#deadwood_box", "۶")                                   # Ann in the box knocks with 6
    phone.fill("#deadwood_team", "۳۹")                                 # the team had 39
    submit(phone)
    expect(phone.locator(".sides b")).to_have_text([pashto(33), pashto(0), pashto(0)])
    check(phone)
    phone.locator("main a.button.wide").first.click()
    tap(phone, "result", "gin")
    tap(phone, "knocker", "box")
    phone.fill("#deadwood_team", "۹۰")                                 # Ann goes gin: 90 + 25 for gin
    submit(phone)
    expect(phone.locator(".sides b").first).to_have_text(re.compile(f"^[{PASHTO_DIGITS}]+$"))
    check(phone)
    phone.goto(phone.url + "/history")
    check(phone)


TOFU = """letters => {
  const canvas = document.createElement('canvas'), pen = canvas.getContext('2d');
  canvas.width = canvas.height = 64;
  pen.font = '32px ' + getComputedStyle(document.body).fontFamily;
  const drawn = text => { pen.clearRect(0, 0, 64, 64); pen.fillText(text, 8, 40); return canvas.toDataURL(); };
  const missing = drawn('\\u{10FFFD}');               // a code point no font has: the empty box
  return letters.filter(letter => drawn(letter) === missing);
}"""


def test_pashto_letters_have_glyphs_in_the_pages_fonts(phone, server):  # noqa: F811
    phone.goto(server + "/")
    assert phone.evaluate(TOFU, list("ټډړښږځڅۍېګڼ")) == []


def test_every_kind_of_page_in_pashto(browser, server):  # noqa: F811
    problems = problems_on_every_page(browser, server, pashto_problems, locale="ps-AF")
    assert problems == {}, "\n".join(f"{url}: {problem}" for url, problem in problems.items())
