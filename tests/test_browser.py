"""Real-browser journeys at a phone viewport: Playwright driving Debian's Chromium, on the kind of
address a phone at the table opens (plain http on the local network: an insecure origin).

Every step waits for what it needs with Playwright's auto-waiting locators and `expect` (never a
fixed sleep): after a click that loads a page, the next line expects that page's heading or
content, so no test races the browser."""
import os
import threading

import pytest
from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")     # Debian's; elsewhere set CHROMIUM
TABLE_HOST = "scorepad.test"     # stands for http://192.168.1.20: a name, so the browser trusts it no more
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", f"--host-resolver-rules=MAP {TABLE_HOST} 127.0.0.1"]


def address(port: int, secure: bool = False) -> str:
    """The app as phones at the table open it, or on this computer's own address (which browsers
    trust as a secure origin: service worker, Wake Lock, installing)."""
    return f"http://{'127.0.0.1' if secure else TABLE_HOST}:{port}"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from app import create_app
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("db") / "browser.db"), "SECRET_KEY": "browser"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield address(httpd.server_port)
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def close(context):
    """Close a phone: its pages one by one, then the context. Disposing of a context whose pages
    still ask for /version every second has now and then never come back in Chromium, leaving
    the test to hang until its timeout; a page closed on its own always does."""
    for page in context.pages:
        page.close()
    context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    close(context)


def tap(page, fieldset, value):
    page.locator(f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])").click()


def heading(page, words):
    """Wait until the page shown is the one headed `words`."""
    expect(page.locator("h1")).to_have_text(words)


def new_game(page, server, game_id, players, dealer=None):
    page.goto(f"{server}/games/new/{game_id}")
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    if dealer is not None:
        tap(page, "first_dealer", dealer)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".banner")).to_be_visible()         # the new game's scoreboard


def assert_fits_the_phone(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"page scrolls sideways: {width}px"


def oh_hell_hand(page, number, bids, tricks):
    page.get_by_role("link", name="Enter the bids").click()
    heading(page, f"Hand {number}: bids")
    for seat, bid in bids.items():
        tap(page, f"bid_{seat}", bid)
    page.get_by_role("button", name="Save bids").click()
    heading(page, f"Hand {number}: tricks")
    for seat, took in tricks.items():
        tap(page, f"tricks_{seat}", took)
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(".banner")).to_be_visible()         # back on the scoreboard


def test_oh_hell_three_hands_in_two_steps_and_a_fix(page, server):
    new_game(page, server, "oh_hell", ["Ann", "Ben", "Cy", "Dee"], dealer=3)
    expect(page.locator(".banner")).to_contain_text("Dee deals 1 card")
    # hand 1, 1 card: Ann bids 1 and takes it, the rest bid 0
    oh_hell_hand(page, 1, {0: 1, 1: 0, 2: 0, 3: 0}, {0: 1, 1: 0, 2: 0, 3: 0})
    expect(page.locator(".sides b")).to_have_text(["11", "10", "10", "10"])
    # hand 2, 2 cards, Ann deals: the live total shows the bids against the cards
    page.get_by_role("link", name="Enter the bids").click()
    heading(page, "Hand 2: bids")
    tap(page, "bid_1", 1)
    tap(page, "bid_2", 0)
    expect(page.locator("[data-sum='bids']")).to_have_text("Total bid: 1 of 2 so far")
    tap(page, "bid_3", 2)
    tap(page, "bid_0", 0)                           # an overbid is legal: said as what it means, not an error
    expect(page.locator("[data-sum='bids']")).to_have_text(
        "Total bid: 3 of 2 - more bids than tricks, so someone will miss")
    tap(page, "bid_3", 1)
    expect(page.locator("[data-sum='bids']")).to_have_text("Total bid: 2 of 2")
    page.get_by_role("button", name="Save bids").click()
    heading(page, "Hand 2: tricks")                 # the bids are saved before the reload
    page.reload()                                   # the bids are kept on the server
    heading(page, "Hand 2: tricks")
    expect(page.locator("main")).to_contain_text("Bids: Ann 0, Ben 1, Cy 0, Dee 1")
    for seat, took in {0: 0, 1: 1, 2: 0, 3: 1}.items():
        tap(page, f"tricks_{seat}", took)
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".sides b")).to_have_text(["21", "21", "20", "21"])
    # hand 3, 3 cards, Ben deals: Cy bids 2 but takes 1, Dee takes 2
    oh_hell_hand(page, 3, {2: 2, 3: 1, 0: 0, 1: 0}, {2: 1, 3: 2, 0: 0, 1: 0})
    expect(page.locator(".sides b")).to_have_text(["31", "31", "20", "21"])
    expect(page.locator(".banner")).to_contain_text("Cy deals 4 cards")
    expect(page.locator(".banner")).to_contain_text("Dee bids first")
    assert_fits_the_phone(page)
    # fix hand 3: Cy really took 2 and Dee 1
    page.get_by_role("link", name="3 · 3 cards").click()
    heading(page, "Hand 3")
    expect(page.locator("main")).to_contain_text("Cy bid 2, took 1: missed, 0")
    page.get_by_role("link", name="Fix this hand").click()
    heading(page, "Fix hand 3")
    tap(page, "tricks_2", 2)
    tap(page, "tricks_3", 1)
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.locator(".sides b")).to_have_text(["31", "31", "32", "32"])
    expect(page.locator(".sides .lead")).to_have_count(2)
    expect(page.locator(".sides .lead").first).to_contain_text("Cy")
    expect(page.locator(".banner")).to_contain_text("Cy deals 4 cards")


def test_pitch_dealer_steal(page, server):
    new_game(page, server, "pitch", ["Ann", "Ben", "Cy"], dealer=0)
    expect(page.locator(".banner")).to_contain_text("Ann deals")
    page.get_by_role("link", name="Record hand 1").click()
    heading(page, "Hand 1")
    tap(page, "bid_1", 3)
    # after Ben's 3, Cy may only pass or bid 4; Ann (dealing) may match 3
    expect(page.locator("fieldset[data-name='bid_2'] input[value='3']")).to_be_disabled()
    expect(page.locator("fieldset[data-name='bid_0'] input[value='3']")).to_be_enabled()
    expect(page.locator("fieldset[data-name='bid_0'] input[value='2']")).to_be_disabled()
    tap(page, "bid_2", "pass")
    tap(page, "bid_0", 3)
    for point, side in (("high", 0), ("low", 1), ("jack", 0), ("game", 0)):
        tap(page, point, side)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides b")).to_have_text(["3", "1", "0"])
    expect(page.locator("tbody")).to_contain_text("Ann pitched 3")
    expect(page.locator(".banner")).to_contain_text("Ben deals")
    expect(page.locator(".banner")).to_contain_text("Cy bids first")
    assert_fits_the_phone(page)


def test_controls_are_thumb_sized_and_pages_fit_360px(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    new_game(page, server, "back_alley", ["Annabelle", "Benedict", "Cyrano", "Desdemona"])
    page.get_by_role("link", name="Enter the bids").click()
    heading(page, "Hand 1: bids")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    heights = page.locator(".seg span").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert len(heights) == 4 * 14 and min(heights) >= 44      # 4 players x (pass, 1-12, board)
    for url, words in (("/games/new/oh_hell", "New game: Oh Hell"), ("/calculators/deadwood", "Gin deadwood"),
                       ("/calculators/game-points", "Game points"), ("/rules/back_alley", "Back Alley")):
        page.goto(server + url)
        expect(page.locator("h1")).to_contain_text(words)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, url
    close(context)


def import_record(page, server, record):
    import json
    page.goto(f"{server}/games/import")
    page.fill("#record", json.dumps(record))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".sides")).to_be_visible()


def test_restore_a_hand_from_the_history(page, server):
    record = {"format": "scorepad/1", "game": "gin3", "players": ["Ann", "Ben", "Cy"],
              "hands": [{"result": "knock", "knocker": "box", "deadwood": {"box": 6, "team": 23}}]}
    import_record(page, server, record)
    expect(page.locator(".sides b")).to_have_text(["17", "0", "0"])
    page.get_by_role("link", name="1 · Ann (box) knocked with 6").click()
    heading(page, "Hand 1")
    page.get_by_role("link", name="Fix this hand").click()
    heading(page, "Fix hand 1")
    page.fill("#deadwood_team", "30")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides b")).to_have_text(["24", "0", "0"])
    page.get_by_role("link", name="History").click()
    expect(page.locator("h1")).to_contain_text("History")
    expect(page.locator("main li").first).to_contain_text(
        "hand 1 edited: team's deadwood 23 -> 30 (Ann's score for hand 1: 17 -> 24)")
    page.get_by_role("button", name="Restore hand 1 as it was before this").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 restored; every total after it is recomputed.")
    expect(page.locator(".sides b")).to_have_text(["17", "0", "0"])
    assert_fits_the_phone(page)


def test_fill_a_gin_hand_from_the_deadwood_calculator(page, server):
    new_game(page, server, "gin3", ["Ann", "Ben", "Cy"])
    page.get_by_role("link", name="Record hand 1").click()
    heading(page, "Hand 1")
    page.get_by_role("link", name="Count the deadwood from the cards").click()
    heading(page, "Gin deadwood")
    for code in "5H 6H 7H 8H JC JD JS 2C 3C AD".split():
        page.locator(f"input[name=knocker][value='{code}'] + span").click()
    for code in "4H 9H JH QC KD AC 2D 7S 6C 3D".split():
        page.locator(f"input[name=opponent][value='{code}'] + span").click()
    assert_fits_the_phone(page)
    page.get_by_role("button", name="Count").click()
    expect(page.locator(".result")).to_contain_text("Knocker: 6 deadwood")
    expect(page.locator(".result")).to_contain_text("Opponent: 39 deadwood after lay-offs")
    page.get_by_role("link", name="Fill in the hand with this").click()
    heading(page, "Hand 1")
    expect(page.locator("#deadwood_box")).to_have_value("6")
    expect(page.locator("#deadwood_team")).to_have_value("39")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides b")).to_have_text(["33", "0", "0"])


def test_a_full_back_alley_game_prints_on_one_page(browser, server):
    sizes = [*range(13, 0, -1), *range(2, 14)]
    hands = [{"bids": [1, "pass", 1, "pass"] if cards > 2 else ["board", "pass", "pass", "pass"],
              "tricks": [cards, 0]} for cards in sizes]
    record = {"format": "scorepad/1", "game": "back_alley", "players": ["Annabelle", "Benedict", "Cyrano", "Desdemona"],
              "hands": hands}
    context = browser.new_context()
    page = context.new_page()
    import_record(page, server, record)
    expect(page.locator(".banner")).to_contain_text("Game over: Annabelle & Cyrano win.")
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page\r") + pdf.count(b"/Type /Page>") \
            + pdf.count(b"/Type /Page/") == 1, paper
    close(context)
