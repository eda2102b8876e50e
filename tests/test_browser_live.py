"""Two phones in one Chromium: what one saves shows on the other within 2 s, without losing a
half-filled form."""
import re

import pytest
from playwright.sync_api import expect

from test_browser import ARGS, CHROMIUM, PHONE, browser, close, server, tap  # noqa: F401  (fixtures)


def phone(browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    return context, context.new_page()


@pytest.fixture
def two_phones(browser):  # noqa: F811
    """Two phones at the table, put away after the test."""
    (first_context, first), (second_context, second) = phone(browser), phone(browser)
    yield first, second
    close(first_context)
    close(second_context)


def pitch_game(page, server):  # noqa: F811
    """A new Pitch game for Ann, Ben and Cy; its address and the scorer link for another phone."""
    page.goto(f"{server}/games/new/pitch")
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()
    game_url = page.url
    page.get_by_role("link", name="Invite").click()
    link = page.locator("section.invite", has_text="Score with us").locator("a.link-text").inner_text()
    page.goto(game_url)
    return game_url, link


def save_pitch_hand(page, game_url, number, bids, points):
    page.goto(f"{game_url}/hands/new")
    for seat, bid in bids:
        tap(page, f"bid_{seat}", bid)
    for point, side in zip(("high", "low", "jack", "game"), points):
        tap(page, point, side)
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page).to_have_url(game_url)


def test_a_hand_saved_on_one_phone_shows_on_the_other_within_two_seconds(two_phones, server):  # noqa: F811
    first, second = two_phones
    game_url, link = pitch_game(first, server)
    second.goto(link)
    expect(second).to_have_url(game_url)
    # Ann deals: Ben passes, Cy bids 2, Ann passes; Cy takes High and Low, Ben the Game
    save_pitch_hand(first, game_url, 1, [(1, "pass"), (2, "2"), (0, "pass")], ["2", "2", "none", "1"])
    expect(second.locator(".sides b")).to_have_text(["0", "1", "2"], timeout=2000)
    # the second phone starts hand 2 and is half-way when the first phone saves it
    second.get_by_role("link", name="Record hand 2").click()
    tap(second, "bid_2", "3")
    save_pitch_hand(first, game_url, 2, [(2, "pass"), (0, "2"), (1, "pass")], ["0", "0", "none", "2"])
    notice = second.locator("[data-live-notice]")
    expect(notice).to_have_text(re.compile("Hand 2 was just saved on another phone"), timeout=2000)
    expect(second.locator("fieldset[data-name='bid_2'] input[value='3']")).to_be_checked()
    assert second.locator("h1").inner_text() == "Hand 2"              # the form was not replaced
