"""At a phone's 360 px on the table's plain-http address: a game ends, Share the result shows its
text to copy (no share sheet or clipboard on an insecure origin), thumb-sized and axe-clean."""
from playwright.sync_api import expect

from test_browser import browser, server  # noqa: F401  (fixtures)
from test_browser_pages import phone_problems, table  # noqa: F401  (fixture)

RESULT = ["Three-player Gin", "1. Ann 10", "2. Ben 0", "2. Cy 0", "Game over: Ann wins."]


def finish_a_game(table, server):  # noqa: F811
    """Gin to 10 for Ann, Ben and Cy: Ann in the box knocks with 2 against 12 and is out."""
    page = table.page
    page.goto(f"{server}/games/new/gin3")
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        page.fill(f"#player_{seat}", name)
    page.fill("#setting_target", "10")
    page.get_by_role("button", name="Start the game").click()
    table.link("Record hand 1")
    table.choose("knocker", "box")
    page.fill("#deadwood_box", "2")
    page.fill("#deadwood_team", "12")
    table.button("Save hand 1")
    expect(page.locator(".banner")).to_have_text("Game over: Ann wins.")


def test_a_finished_game_shares_its_result_as_text_to_copy_on_plain_http(table, server):  # noqa: F811
    page = table.page
    finish_a_game(table, server)
    share = page.get_by_role("link", name="Share the result")
    assert share.bounding_box()["height"] >= 44
    assert phone_problems(page) == []
    page.screenshot(path="/tmp/share-scoreboard.png", full_page=True)

    table.tap(share)
    expect(page.locator("h1")).to_have_text("Share the result")
    text = page.get_by_label("The result, to paste into a message")
    lines = text.input_value().split("\n")
    assert [lines[0], *lines[2:]] == RESULT and lines[1].startswith("Started ")
    assert page.evaluate("typeof navigator.share + ' ' + window.isSecureContext") == "undefined false"
    expect(page.get_by_role("button", name="Share…")).to_have_count(0)     # no share sheet on http...
    expect(page.get_by_role("button", name="Copy")).to_have_count(0)       # ...nor a clipboard to write to
    expect(page.get_by_text("To copy it, touch and hold the text")).to_be_visible()
    table.tap(text)                                                         # one tap selects it all
    assert page.evaluate("(() => { const t = document.getElementById('result');"
                         " return [t.selectionStart, t.selectionEnd, t.value.length]; })()")[:2] == \
        [0, len(text.input_value())]
    box = text.bounding_box()
    assert box["height"] >= 5 * 20 and page.evaluate("document.getElementById('result').scrollHeight") <= box["height"]
    expect(page.get_by_role("link", name="Add to BG Stats")).to_have_attribute(
        "href", __import__("re").compile(r"^bgstats://app\.bgstatsapp\.com/createPlay\.html\?data=%7B"))
    assert phone_problems(page) == []
    page.screenshot(path="/tmp/share-result.png", full_page=True)


def test_the_result_reads_right_to_left_on_a_pashto_phone(table, server):  # noqa: F811
    page = table.page
    finish_a_game(table, server)
    page.context.add_cookies([{"name": "lang", "value": "ps", "url": server}])
    page.reload()
    table.tap(page.locator("a[href$='/result']"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    lines = page.locator("#result").input_value().split("\n")
    assert lines[2:5] == ["۱. \u2068Ann\u2069 ۱۰", "۲. \u2068Ben\u2069 ۰", "۲. \u2068Cy\u2069 ۰"]
    assert phone_problems(page) == []
    page.screenshot(path="/tmp/share-result-ps.png", full_page=True)


def test_where_the_phone_has_a_share_sheet_one_tap_on_the_scoreboard_opens_it(table, server):  # noqa: F811
    """A phone with the share sheet (https; here a stand-in, as headless Chromium on Linux has none)
    gets it from the scoreboard's button with the result's lines, and stays on the scoreboard."""
    page = table.page
    page.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    finish_a_game(table, server)
    scoreboard = page.url
    table.tap(page.get_by_role("link", name="Share the result"))
    page.wait_for_function("window.shared !== undefined")
    lines = page.evaluate("window.shared.text").split("\n")
    assert [lines[0], *lines[2:]] == RESULT and page.url == scoreboard
