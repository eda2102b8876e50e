"""A table that plays house rules sets them on the new-game page at 360 px and reads them in every
hand's explanation and on the rules page."""
import re

from playwright.sync_api import expect

from test_browser import browser, server  # noqa: F401  (fixtures)
from test_browser_pages import Table, phone_problems, table  # noqa: F401  (fixture)


def new_game(page, server, game):  # noqa: F811
    """The new-game page with Ann, Ben and Cy typed in, the settings still to set."""
    page.goto(f"{server}/games/new/{game}")
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        page.fill(f"#player_{seat}", name)


def adjust(table, side, sign, points, note):  # noqa: F811
    """A penalty or adjustment from the scoreboard: take or give `points` to `side`, with `note`."""
    page = table.page
    table.link("Penalty or adjustment…")
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=side))
    table.tap(fieldset.locator(f"label:has(input[value='{sign}'])"))
    fieldset.locator("input[name^=points_]").fill(points)
    page.fill("#note", note)
    assert phone_problems(page) == []
    table.button("Save the adjustment")
    expect(page.get_by_role("status").filter(has_text="Saved: Adjustment:")).to_be_visible()


def test_oh_hell_with_escaliers_numbers_and_only_odd_hands(table, server):  # noqa: F811
    page = table.page
    new_game(page, server, "oh_hell")
    page.fill("#setting_max_cards", "3")
    table.choose("setting_sizes", "odd")
    table.choose("setting_scoring", "custom")
    expect(page.locator("#setting_bonus")).to_be_hidden()             # folded until asked for
    page.get_by_text("Custom scoring", exact=True).click()
    page.fill("#setting_bonus", "5")
    page.fill("#setting_per_trick", "5")
    page.fill("#setting_per_trick_off", "5")
    assert phone_problems(page) == []
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()
    assert "sizes odd only" in page.content() and "per trick off 5" in page.content()     # the printed settings line

    table.link("Enter the bids for hand 1")
    for seat, bid in ((1, 0), (2, 0), (0, 1)):
        table.choose(f"bid_{seat}", bid)
    table.button("Save bids")
    table.choose("tricks_1", 1)
    table.choose("tricks_0", 0)
    table.button("Save hand 1")
    expect(page.locator(".sides b")).to_have_text(["-5", "-5", "5"])
    assert "3 cards" in page.locator(".banner").inner_text()          # odd sizes only: 1, then 3

    adjust(table, "Ben", "-", "3", "card shown")
    expect(page.locator(".sides b")).to_have_text(["-5", "-8", "5"])
    assert "Hand 2" in page.locator(".banner").inner_text()            # the adjustment is no hand

    page.goto(page.url.split("?")[0] + "/hands/1")
    said = page.locator("main").inner_text()
    assert "Ann bid 1, took 0: missed by 1, -5 x 1 = -5" in said
    assert "Cy bid 0, took 0: exact, 5 + 5 x 0 = 5" in said
    page.goto(page.url.rsplit("/", 1)[0] + "/2")
    assert "Adjustment: Ben -3 (card shown)" in page.locator("main").inner_text()

    game_id = re.search(r"/games/([^/]+)/hands/", page.url).group(1)
    page.goto(f"{server}/rules/oh_hell?game={game_id}")
    rules = page.locator("main").inner_text()
    assert "only these hands are played, in cards: 1, 3" in rules
    assert "Ann bid 3, took 1: missed by 2, -5 x 2 = -10" in rules


def test_gin_played_oklahoma_with_a_box_bonus_ends_with_its_bonus_line(table, server):  # noqa: F811
    page = table.page
    new_game(page, server, "gin3")
    page.fill("#setting_target", "30")
    page.fill("#setting_box_bonus", "25")
    page.check("#setting_oklahoma")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()

    adjust(table, "Ben", "+", "5", "late joiner")
    table.link("Record hand 1")
    table.choose("upcard", "7")
    page.check("#upcard_spade")
    table.choose("knocker", "box")
    page.fill("#deadwood_box", "4")
    page.fill("#deadwood_team", "20")
    assert phone_problems(page) == []
    table.button("Save hand 1")
    expect(page.locator(".sides b")).to_have_text(["57", "5", "0"])         # (20 - 4) x 2 = 32, then 25 for the box bonus
    rows = page.locator("table").inner_text()
    assert "Box bonus, 25 for every hand that gave a player points: Ann 1 x 25 = 25, Ben 0 x 25 = 0, Cy 0 x 25 = 0." in rows
    assert "Box bonus, 25 for every hand that gave a player points: Ann 1 x 25 = 25, Ben 0 x 25 = 0" in rows   # not the 5
    page.locator("table a", has_text="Ann (box)").first.click()
    said = page.locator("main").inner_text()
    assert "Ann (box) knocked with 4 against 20: 20 - 4 = 16. The face-up card is a spade: x 2 = 32." in said


def test_back_alley_with_a_renege_penalty_between_two_hands(table, server):  # noqa: F811
    page = table.page
    page.goto(f"{server}/games/new/back_alley")
    for seat, name in enumerate(["Ann", "Ben", "Cy", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("fieldset[data-name='first_dealer'] label:has(input[value='3'])").click()   # Dee deals 13 cards
    page.get_by_role("button", name="Start the game").click()
    table.link("Enter the bids for hand 1")
    table.choose("bid_0", 4)
    table.choose("bid_1", 3)
    table.button("Save bids")
    table.choose("tricks_0", 6)
    table.button("Save hand 1")
    expect(page.locator(".sides b")).to_have_text(["22", "19"])
    adjust(table, "Ben & Dee", "-", "10", "Ben reneged")
    expect(page.locator(".sides b")).to_have_text(["22", "9"])
    banner = page.locator(".banner").inner_text()
    assert "Deal 2 of 25" in banner and "Ann deals 12 cards" in banner      # the deal did not pass twice
    rows = page.locator("table").inner_text()
    assert "Adjustment: Ben & Dee -10 (Ben reneged)" in rows
    table.link("Enter the bids for hand 2")
    expect(page.locator("h1")).to_have_text("Hand 2: bids")
