"""At a phone's 360 px on the table's plain-http address: a player's numbers for a period typed in the
date fields, the standings and the page saying how each number is counted, in light and dark colours -
thumb-sized controls, no sideways scroll, no axe-core violation."""
import json
import re

from playwright.sync_api import expect

from test_browser import browser, close, server  # noqa: F401  (fixtures)
from test_browser_pages import SMALL_PHONE, phone_problems
from test_players import GIN
from test_stats import BACK_ALLEY, OH_HELL, OH_HELL_IN_PLAY, SMEAR, W1, W2, W3, L, U, day


def import_record(page, server, rec, created):  # noqa: F811
    page.goto(f"{server}/games/import")
    page.fill("#record", json.dumps({**rec, "created": created}))
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".sides")).to_be_visible()             # its scoreboard


def looked_at(page, name):
    """No problem a phone would have with the page, in light and dark colours; a picture of each."""
    found = {}
    for colours in ("light", "dark"):
        page.emulate_media(color_scheme=colours)
        found[colours] = phone_problems(page)
        page.screenshot(path=f"/tmp/stats-{name}-{colours}.png", full_page=True)
    return found


def test_a_period_chosen_on_a_players_page_and_the_standings_fit_a_phone(browser, server):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    page = context.new_page()
    try:
        for number, rec in enumerate((OH_HELL, OH_HELL_IN_PLAY, W1, U, W2, L, W3, SMEAR, GIN, BACK_ALLEY), start=1):
            import_record(page, server, rec, day(number))
        import_record(page, server, {**W1, "players": ["Ann", "Eileen", "Frank"]}, "2026-04-02T12:00:00+00:00")
        page.goto(f"{server}/players")
        page.get_by_role("link", name="Ann 11 games").click()
        page.fill("#from", "2026-03-01")
        page.fill("#to", "2026-03-31")
        page.get_by_role("button", name="Show").click()
        expect(page.locator("main")).to_contain_text("Games started from 2026-03-01 to 2026-03-31. 10 games counted")
        expect(page.locator("#kind-pitch + ul")).to_contain_text("4 finished games: won 75%, average place 1.3")
        assert looked_at(page, "player") == {"light": [], "dark": []}

        page.fill("#to", "2026-02-01")                         # before the start
        page.get_by_role("button", name="Show").click()
        expect(page.locator("#to-error")).to_have_text(
            "This is before the start, 2026-03-01: choose an end on or after it.")
        assert looked_at(page, "bad-date") == {"light": [], "dark": []}

        page.get_by_role("link", name="This year").click()
        page.get_by_role("link", name="Standings").click()
        expect(page.locator("h1")).to_have_text("Standings")
        page.fill("#from", "2026-03-01")
        page.fill("#to", "2026-03-31")
        page.get_by_role("button", name="Show").click()
        expect(page.locator("table.league").first).to_contain_text("Ann")
        assert page.locator("table.league").count() == 5
        assert looked_at(page, "standings") == {"light": [], "dark": []}
        page.emulate_media(media="print", color_scheme="light")
        page.screenshot(path="/tmp/stats-standings-print.png", full_page=True)
        printed = page.pdf(format="A4")                        # the print stylesheet, as Chromium prints it
        assert len(re.findall(rb"/Type\s*/Page\b(?!s)", printed)) == 1, "the standings print on one page"
        page.emulate_media(media="screen")

        page.goto(f"{server}/players/counting")
        assert looked_at(page, "counting") == {"light": [], "dark": []}

        page.goto(f"{server}/language/ps?next=/standings%3Ffrom%3D2026-03-01%26to%3D2026-03-31")     # right to left
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        assert looked_at(page, "standings-ps") == {"light": [], "dark": []}
        page.goto(f"{server}/players")
        page.locator("main .list a").first.click()
        page.fill("#from", "2026-03-01")
        page.locator("main form[method=get] button").click()
        expect(page.locator("#kind-pitch")).to_be_visible()
        assert looked_at(page, "player-ps") == {"light": [], "dark": []}

        page.goto(f"{server}/language/en?next=/players")
        page.get_by_role("link", name="Frank 1 game").click()
        page.fill("#new", "Frankie")
        page.get_by_role("button", name="Rename").click()
        undo = page.get_by_role("button", name="Undo rename (Frankie back to Frank)")
        expect(undo).to_have_text("Undo rename (Frankie back to Frank)")    # the words keep their spaces
        assert looked_at(page, "renamed") == {"light": [], "dark": []}
    finally:
        close(context)


def test_a_date_typed_wrong_stays_in_its_box_with_and_without_javascript(browser, server):  # noqa: F811
    for javascript in (True, False):
        context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True,
                                      java_script_enabled=javascript)
        page = context.new_page()
        try:
            for query, typed, message in (
                    ("from=2026-13-45&to=2026-03-31", {"#from": "2026-13-45", "#to": "2026-03-31"},
                     ("#from-error", '"2026-13-45" is not a date')),
                    ("from=2026-03-01&to=yesterday", {"#from": "2026-03-01", "#to": "yesterday"},
                     ("#to-error", '"yesterday" is not a date')),
                    ("from=2026-03-10&to=2026-03-01", {"#from": "2026-03-10", "#to": "2026-03-01"},
                     ("#to-error", "This is before the start, 2026-03-10"))):
                page.goto(f"{server}/standings?{query}")
                for box, value in typed.items():
                    expect(page.locator(box)).to_have_value(value)
                expect(page.locator(message[0])).to_contain_text(message[1])
                assert page.locator("p.error").count() == 1, (javascript, query)
        finally:
            close(context)


def said_twice(snapshot: str) -> list[str]:
    """What a screen reader says twice in a row: a part named by the very thing it starts with
    ('region "Pitch"' then 'heading "Pitch"'), read from the page's accessibility tree."""
    found, lines = [], snapshot.splitlines()
    for line, after in zip(lines, lines[1:]):
        named, first = re.search(r'^(\s*)- (\w+) "(.+?)"', line), re.search(r'^(\s*)- \w+ "(.+?)"', after)
        if named and first and len(first.group(1)) > len(named.group(1)) and first.group(2) == named.group(3):
            found.append(f"{line.strip()} / {after.strip()}")
    return found


def test_the_players_pages_say_each_label_once_in_english_and_pashto(browser, server):  # noqa: F811
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for number, rec in enumerate((OH_HELL, SMEAR, GIN, BACK_ALLEY), start=1):
            import_record(page, server, rec, day(number))
        for language in ("en", "ps"):
            page.goto(f"{server}/language/{language}?next=/players")
            page.locator("main .list a").first.click()
            expect(page.locator("main h2").first).to_be_visible()
            tree = page.locator("body").aria_snapshot()
            assert tree.count('heading "') >= 4                      # the games' kinds, head to head, rename
            assert said_twice(tree) == [], language
            for url in ("/standings", "/players/counting", "/players"):
                page.goto(server + url)
                assert said_twice(page.locator("body").aria_snapshot()) == [], (language, url)
    finally:
        close(context)
