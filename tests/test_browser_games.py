"""Every game played to its end in a phone's browser, at 360 px on the table's plain-http address,
in English and in Pashto: its short finished game (its own tests' TESTED.finished) started on the
new-game form and each hand tapped or typed into its hand forms, until the scoreboard shows the
final totals and the winners the engine gives."""
import re

import pytest
from playwright.sync_api import expect

from games import as_tested
from rules_engine import GAMES, score
from scorepad.games import pages_of
from scorepad.web.i18n import PASHTO_DIGITS
from test_browser import ARGS, CHROMIUM, browser, close, server, tap  # noqa: F401  (fixtures)

PHONE = {"width": 360, "height": 740}


@pytest.fixture(params=["en", "ps"])
def phone(request, browser, server):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "lang", "value": request.param, "url": server}])
    page = context.new_page()
    yield page, request.param
    close(context)


def enter(page, name, value):
    """Put one form value in as a player would: tap a choice, tick a box or type a number."""
    if page.locator(f"fieldset[data-name='{name}']").count():
        tap(page, name, value)
    elif page.locator(f"input[type=checkbox][name='{name}']").count():
        page.locator(f"input[type=checkbox][name='{name}']").set_checked(value == "y")
    else:
        page.fill(f"#{name}", value)


def start(page, server, played):  # noqa: F811
    """The new-game form filled in for the record: names, first dealer (and captain), its settings."""
    page.goto(f"{server}/games/new/{played['game']}")
    page.evaluate("document.querySelectorAll('details').forEach(fold => { fold.open = true; })")
    for seat, name in enumerate(played["players"]):
        page.fill(f"#player_{seat}", name)
    tap(page, "first_dealer", played.get("first_dealer") or 0)
    if "first_captain" in played:
        tap(page, "first_captain", played["first_captain"])
    game = GAMES[played["game"]]
    for setting in game.settings(len(played["players"])):
        if setting.name not in (played.get("settings") or {}):
            continue
        value = played["settings"][setting.name]
        field = f"setting_{setting.name}"
        if setting.kind.value == "switch":
            page.locator(f"#{field}").set_checked(bool(value))
        elif setting.kind.value == "list":
            for box in page.locator(f"input[type=checkbox][name='{field}']").all():
                box.set_checked(box.get_attribute("value") in value)
        elif setting.kind.value == "choice":
            tap(page, field, value)
        else:
            page.fill(f"#{field}", "" if value is None else str(value))
    page.locator("form button[type=submit]").last.click()
    expect(page.locator(".sides")).to_be_visible()
    return page.url


def save(page):
    with page.expect_navigation():
        page.locator("form.hand button[type=submit]").last.click()


def in_bidding_order(values, dealer, size):
    """The form's values with the bids in the order players bid (left of the dealer first): a
    bid's choices depend on the bids before it."""
    def turn(name):
        return (int(name[4:]) - dealer - 1) % size if name.startswith("bid_") else size
    return sorted(values.items(), key=lambda item: turn(item[0]))


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_is_played_to_its_end_through_the_phone_forms(phone, server, game):  # noqa: F811
    page, lang = phone
    played = as_tested(game).finished
    game_url = start(page, server, played)
    for number, hand in enumerate(played["hands"]):
        page.goto(f"{game_url}/hands/new")
        before = score({**played, "hands": played["hands"][:number]})
        values = {name: "y" if value is True else str(value)
                  for name, value in pages_of(game).form_values(hand, before).items()
                  if value is not None and value is not False}          # (0 == False: compared by identity)
        steps = ["bids", "result"] if GAMES[game].two_step else [None]
        for step in steps:
            for name, value in in_bidding_order(values, before.next["dealer"], len(played["players"])):
                if (step == "bids") == name.startswith("bid_") or step is None:    # the bids first, alone
                    enter(page, name, value)
            save(page)
            if step == "bids" and set(hand) == {"bids"}:       # thrown in by the bids: nothing more to enter
                break
        expect(page.locator(".sides")).to_be_visible()          # back on the scoreboard
    scored = score(played)
    assert scored.finished
    totals = [str(total) if lang == "en" else str(total).translate(PASHTO_DIGITS) for total in scored.totals]
    shown = [re.sub(r"[\u2066-\u2069\u200e\u200f]", "", text) for text in page.locator(".sides b").all_inner_texts()]
    assert shown == totals
    leads = [side for side, tile in enumerate(page.locator(".sides li").all()) if "lead" in tile.get_attribute("class")]
    assert leads == list(scored.state.winners)                  # the winners marked, nobody else
    assert page.locator("a[href$='/hands/new']").count() == 0   # no next hand offered
