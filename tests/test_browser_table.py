"""What people at a table do besides tapping once, at 360 x 740 on the table's plain-http address:
Back after Save, two phones racing for the same hand, undo of a two-step hand; and the big screen
at 1280 x 720. No sequence stores a hand twice or loses one without the player choosing it."""
import json

import pytest
from playwright.sync_api import expect

from games import as_tested
from rules_engine import GAMES
from test_browser import ARGS, CHROMIUM, browser, close, server, tap  # noqa: F401  (fixtures)

PHONE = {"width": 360, "height": 740}
THREE = ["Ann", "Ben", "Cy"]


@pytest.fixture(params=[True, False], ids=["script", "no script"])
def phone(request, browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=request.param)
    yield context.new_page()
    close(context)


def start(page, server, game, players=None):  # noqa: F811
    """A new game of `game` for its typical table (its own tests' TESTED), or for `players` with Ann dealing."""
    typical = as_tested(game)
    page.goto(f"{server}/games/new/{game}")
    for seat, name in enumerate(players or typical.players):
        page.fill(f"#player_{seat}", name)
    if players is None:
        page.locator(f"fieldset[data-name='first_dealer'] label:has(input[value='{typical.dealer}'])").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".banner")).to_be_visible()
    return page.url


def hands_stored(page, game_url):
    """The game's hands as its record says, read with this phone's own cookie."""
    return page.evaluate("url => fetch(url).then(r => r.json())", f"{game_url}/record.json")["hands"]


def save_hand_one(page, game):
    """The game's typical first hand, as its own tests enter it (TESTED.typical_hand); without the
    page's script nobody passes by themselves, so the player taps "pass" for each bid not made."""
    for step in as_tested(game).typical_hand:
        if step.kind == "button" and not page.evaluate("!!window.scorepad"):      # app.js did not run
            unbid = [group.get_attribute("data-name") for group in page.locator(
                "fieldset[data-name^='bid_']:not(:has(input:checked)):has(input[value=pass])").all()]
            for name in unbid:                        # by name: the locator above changes with each tap
                tap(page, name, "pass")
        if step.kind in ("link", "button"):
            page.get_by_role(step.kind, name=step.name).click()
            page.wait_for_load_state()          # a form's taps after its script has run (it passes, follows)
        elif step.kind == "tap":
            tap(page, step.name, step.value)
        else:
            page.fill(f"#{step.name}", step.value)
    expect(page.locator(".sides")).to_be_visible()          # the scoreboard (a hand form has no totals)


@pytest.mark.parametrize("game", list(GAMES))
def test_back_after_save_then_save_stores_no_second_hand(phone, server, game):  # noqa: F811
    game_url = start(phone, server, game)
    save_hand_one(phone, game)
    assert len(hands_stored(phone, game_url)) == 1
    phone.go_back()
    phone.wait_for_load_state()
    form = phone.locator("form.hand")
    if form.count():                        # the browser brought a hand form back: its taps are not the last hand's
        checked = phone.locator("form.hand input[type=radio]:checked:not([checked]):not([value=pass])")
        if "Hand 1" not in phone.locator("h1").inner_text():      # taps not made here (a default is checked already)
            assert checked.count() == 0 or GAMES[game].two_step    # a two-step game fills in the likely tricks
        with phone.expect_response(lambda response: response.request.method == "POST"):
            form.locator("button[type=submit]").last.click()
        phone.wait_for_load_state()
    assert len(hands_stored(phone, game_url)) == 1


def shown(page):
    """What a hand form shows: every choice made, every number typed, and the sums under them."""
    return page.evaluate("""() => ({
        chosen: [...document.querySelectorAll("form.hand input[type=radio]:checked")].map(i => i.name + "=" + i.value),
        typed: [...document.querySelectorAll("form.hand input:not([type=radio]):not([type=hidden])")]
            .map(i => i.name + "=" + i.value),
        sums: [...document.querySelectorAll("form.hand [data-sum], form.hand [data-rest-of]")].map(o => o.textContent)})""")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reload_after_each_tap_shows_the_form_as_it_was_and_saves(two_phones, server, game):  # noqa: F811
    """Each game's typical hand with a reload after every tap and typed number: the form comes back
    as it was, with what the page's script filled in by itself (the passes after a bid, the
    dealer's tricks following the others'), and saves the hand its own tests expect."""
    page, typical = two_phones[0], as_tested(game)
    start(page, server, game)
    for step in typical.typical_hand:
        if step.kind in ("link", "button"):
            page.get_by_role(step.kind, name=step.name).click()
            page.wait_for_load_state()          # taps once the form's script has run
            continue
        if step.kind == "tap":
            tap(page, step.name, step.value)
        else:
            page.fill(f"#{step.name}", step.value)
        before = shown(page)
        page.reload()
        assert shown(page) == before, step
    expect(page.locator(".sides b")).to_have_text(list(typical.totals_after))


def test_oh_hell_a_reload_keeps_the_dealers_tricks_that_followed_a_miss(two_phones, server):  # noqa: F811
    """Ann bid 1 of 1 card and missed: tapped 0, Dee (dealing) follows to 1 by herself; after a
    reload Dee still has the trick, the tricks add up and the hand saves: Ann 0, Dee 1."""
    page = two_phones[0]
    game_url = start(page, server, "oh_hell")                  # Ann, Ben, Cy, Dee; Dee deals 1 card
    page.get_by_role("link", name="Enter the bids for hand 1").click()
    page.wait_for_load_state()                     # its script runs the forms that follow (the dealer's tricks)
    for seat, bid in ((0, 1), (1, 0), (2, 0), (3, 0)):
        tap(page, f"bid_{seat}", bid)
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator("h1")).to_have_text("Hand 1: tricks")
    tap(page, "tricks_0", 0)
    expect(page.locator("fieldset[data-name='tricks_3'] input[value='1']")).to_be_checked()
    page.reload()
    expect(page.locator("fieldset[data-name='tricks_3'] input[value='1']")).to_be_checked()
    expect(page.locator("[data-sum='tricks']")).to_have_text("Tricks: 1 of 1")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides")).to_be_visible()
    assert hands_stored(page, game_url) == [{"bids": [1, 0, 0, 0], "tricks": [0, 0, 0, 1]}]


@pytest.fixture
def two_phones(browser):  # noqa: F811
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(2)]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        close(context)


@pytest.mark.parametrize("choice, stored", [
    ("Keep theirs", [{"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 0, "game": 1}]),
    ("Replace theirs with mine", [{"bids": ["pass", "pass", 2], "high": 2, "low": 2, "jack": None, "game": 0}]),
    ("Save mine as hand 2", [{"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 0, "game": 1},
                             {"bids": ["pass", "pass", 2], "high": 2, "low": 2, "jack": None, "game": 0}]),
], ids=["keep theirs", "replace", "next hand"])
def test_the_phone_that_loses_a_race_chooses_and_gets_what_it_chose(two_phones, server, choice, stored):  # noqa: F811
    first, second = two_phones
    game_url = start(first, server, "pitch", THREE)
    second.context.add_cookies([c for c in first.context.cookies() if c["name"] == "session"])
    for page in (first, second):
        page.goto(f"{game_url}/hands/new")
    for fieldset, value in [("bid_1", 3), ("high", 1), ("low", 1), ("jack", 0), ("game", 1)]:
        tap(first, fieldset, value)
    first.get_by_role("button", name="Save hand 1").click()
    expect(first.locator(".sides b")).to_have_text(["1", "3", "0"])   # Ben 3 made; Ann the Jack
    for fieldset, value in [("bid_2", 2), ("high", 2), ("low", 2), ("jack", "none"), ("game", 0)]:
        tap(second, fieldset, value)
    second.get_by_role("button", name="Save hand 1").click()
    expect(second.locator("h1")).to_have_text("Hand 1 was saved on another phone")
    buttons = second.locator("main a.button, main button").all_inner_texts()
    assert buttons[0] == "Keep theirs" and buttons[1:] == ["Replace theirs with mine", "Save mine as hand 2"]
    second.get_by_role("link" if choice == "Keep theirs" else "button", name=choice).click()
    expect(second.locator(".sides")).to_be_visible()
    assert hands_stored(second, game_url) == stored


def test_oh_hell_tricks_that_do_not_add_up_on_the_losing_phone_are_kept_to_correct(two_phones, server):  # noqa: F811
    """Dee deals 1 card; Ann bid 1, the rest 0. Both phones have the tricks form; the first saves it
    as bid. The second, from the old form, gave Dee the trick too (2 of 1): it sees theirs and its own
    with why, replaces, and corrects Ann to 0 on the fix form - that is what is stored."""
    first, second = two_phones
    game_url = start(first, server, "oh_hell")
    second.context.add_cookies([c for c in first.context.cookies() if c["name"] == "session"])
    first.get_by_role("link", name="Enter the bids for hand 1").click()
    first.wait_for_load_state()                     # its script runs the forms that follow (the dealer's tricks)
    for seat, bid in ((0, 1), (1, 0), (2, 0), (3, 0)):
        tap(first, f"bid_{seat}", bid)
    first.get_by_role("button", name="Save bids").click()
    expect(first.locator("h1")).to_have_text("Hand 1: tricks")
    second.goto(f"{game_url}/hands/new")
    expect(second.locator("h1")).to_have_text("Hand 1: tricks")
    first.get_by_role("button", name="Save hand 1").click()
    expect(first.locator(".sides")).to_be_visible()
    tap(second, "tricks_3", 1)
    expect(second.locator("[data-sum='tricks']")).to_contain_text("2 of 1")
    second.get_by_role("button", name="Save hand 1").click()
    expect(second.locator("h1")).to_have_text("Hand 1 was saved on another phone")
    main = second.locator("main")
    expect(main).to_contain_text("Ann took: 1, Ben took: 0, Cy took: 0, Dee took: 1")
    expect(main).to_contain_text("The tricks add up to 2, but 1 card was dealt.")
    second.get_by_role("button", name="Replace theirs with mine").click()
    expect(second.locator("h1")).to_have_text("Fix hand 1")
    expect(second.locator("fieldset[data-name='tricks_3'] input[value='1']")).to_be_checked()
    tap(second, "tricks_0", 0)
    second.get_by_role("button", name="Save hand 1").click()
    expect(second.locator(".sides")).to_be_visible()
    assert hands_stored(second, game_url) == [{"bids": [1, 0, 0, 0], "tricks": [0, 0, 0, 1]}]


def test_undo_of_a_two_step_hand_brings_back_its_bids_to_tap_only_the_tricks(two_phones, server):  # noqa: F811
    page = two_phones[0]
    game_url = start(page, server, "oh_hell")
    save_hand_one(page, "oh_hell")
    page.get_by_role("button", name="Undo: hand 1 recorded").click()
    expect(page.locator("main")).to_contain_text("Undone: hand 1 recorded.")
    expect(page.locator("main")).to_contain_text("Bids in: Ann 1, Ben 0, Cy 0, Dee 0.")
    page.get_by_role("link", name="Enter the tricks for hand 1").click()
    expect(page.locator("h1")).to_have_text("Hand 1: tricks")
    tap(page, "tricks_1", 1)
    tap(page, "tricks_0", 0)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides")).to_be_visible()
    assert hands_stored(page, game_url) == [{"bids": [1, 0, 0, 0], "tricks": [0, 1, 0, 0]}]


def test_the_keep_screen_on_switch_comes_before_the_hands(two_phones, server):  # noqa: F811
    page = two_phones[0]
    start(page, server, "pitch")
    save_hand_one(page, "pitch")
    assert page.evaluate("""document.querySelector('[data-wake]').compareDocumentPosition(
        document.querySelector('main table')) & Node.DOCUMENT_POSITION_FOLLOWING""")
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_in_viewport()                  # seen without scrolling past the hands


def test_a_slow_double_tap_on_save_leaves_the_keep_screen_on_switch_alone(two_phones, server):  # noqa: F811
    """Save tapped twice, 700 ms apart, on the same spot: the first saves and brings the scoreboard
    in place, whose "Keep the screen on" sits where Save was; the second is Save's tap again and
    flips nothing. A tap on the switch's own box a moment later still does."""
    page = two_phones[0]
    start(page, server, "pitch")
    *taps, save = as_tested("pitch").typical_hand
    for step in taps:
        if step.kind == "link":
            page.get_by_role("link", name=step.name).click()
            page.wait_for_load_state()          # taps once the form's script has run (it passes the rest)
        else:
            tap(page, step.name, step.value)
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")   # Save, as a thumb reaches it
    box = page.get_by_role("button", name=save.name).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.clock.install()
    page.touchscreen.tap(x, y)
    expect(page.locator(".sides b")).to_have_text(list(as_tested("pitch").totals_after))
    switch = page.get_by_label("Keep the screen on")
    assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('[data-wake]')", [x, y]), \
        "the switch is where Save was: the case this test is about"
    page.clock.run_for(700)
    page.touchscreen.tap(x, y)
    expect(switch).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('awake')") != "1"
    switch.check()                                      # meant for the switch: on its box, it works
    expect(switch).to_be_checked()


@pytest.mark.parametrize("colours", ["light", "dark"])
def test_the_big_screen_shows_its_six_hands_at_1280_by_720_without_scrolling(browser, server, colours):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=colours)
    try:
        page = context.new_page()
        game_url = start(page, server, "pitch", THREE)
        for number in range(1, 7):                      # the seat after the dealer bids 3 and makes it: 6 each
            page.goto(f"{game_url}/hands/new")
            bidder = number % 3                         # the seat after the dealer bids 3, the rest pass
            tap(page, f"bid_{bidder}", 3)
            for point in ("high", "low", "game"):
                tap(page, point, bidder)
            tap(page, "jack", "none")
            page.get_by_role("button", name=f"Save hand {number}").click()
            expect(page.locator(".sides")).to_be_visible()
        page.goto(f"{game_url}/tv")
        hands = page.locator(".tv-hands li")
        expect(hands).to_have_count(6)
        for row in hands.all():
            expect(row).to_be_in_viewport(ratio=1)
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        expect(page.locator("header .lang")).to_be_hidden()
        expect(page.locator("[data-theme-switch]")).to_be_hidden()
        header = page.evaluate("getComputedStyle(document.querySelector('header')).backgroundColor")
        accent = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--accent')")
        assert header in ("rgba(0, 0, 0, 0)", "transparent") and accent.strip()   # no bar in the accent colour
    finally:
        close(context)


# A hand line is seen where it crosses the list's box (which clips what does not fit) and the screen.
SEEN = """l => { const r = l.getBoundingClientRect(), box = l.parentElement.getBoundingClientRect();
    return r.left < Math.min(box.right, innerWidth) && r.right > Math.max(box.left, 0)
        && r.top < Math.min(box.bottom, innerHeight) && r.bottom > Math.max(box.top, 0); }"""


def lines_seen(page) -> int:
    """How many of the big screen's hand lines are on the screen."""
    return page.locator(".tv-hands li").evaluate_all(f"ls => ls.filter({SEEN}).length")


def lines_cut(page) -> list[str]:
    """Hand lines seen but not whole: cut at "...", or by the list's or the screen's edges."""
    return page.locator(".tv-hands li").evaluate_all(f"""ls => ls.filter({SEEN}).filter(l => {{
        const r = l.getBoundingClientRect(), box = l.parentElement.getBoundingClientRect();
        return l.scrollWidth > l.clientWidth || r.left < Math.max(box.left, 0) - 1
            || r.right > Math.min(box.right, innerWidth) + 1 || r.top < Math.max(box.top, 0) - 1
            || r.bottom > Math.min(box.bottom, innerHeight) + 1;
    }}).map(l => l.textContent.slice(0, 60))""")


def big_screen(browser, server, names):  # noqa: F811
    """A 1280 x 720 screen showing an imported Oh Hell game of seven (six hands, the first player
    taking every trick) on its big-screen page; put away with close(context)."""
    hands = [{"bids": [cards] + [0] * 6, "tricks": [cards] + [0] * 6} for cards in range(1, 7)]
    game = {"format": "scorepad/1", "game": "oh_hell", "players": names, "settings": {"max_cards": 7}, "hands": hands}
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(f"{server}/games/import")
        page.fill("#record", json.dumps(game))
        page.get_by_role("button", name="Import").click()
        expect(page.locator(".sides")).to_be_visible()
        page.goto(page.url + "/tv")
    except Exception:
        close(context)
        raise
    return context, page


def test_the_big_screen_fits_seven_players_side_by_side(browser, server):  # noqa: F811
    context, page = big_screen(browser, server, ["Annabelle", "Benedict", "Cy", "Dee", "Eve", "Florentina", "Gus"])
    try:
        for tile in page.locator(".sides li").all():
            expect(tile).to_be_in_viewport(ratio=1)                    # seven totals in one row
        assert lines_seen(page) >= 2 and lines_cut(page) == []          # whole lines; older ones left off
        assert page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]") \
            == [1280, 720]
    finally:
        close(context)



def test_buttons_that_need_the_script_are_not_shown_without_it(browser, server):  # noqa: F811
    """Print, Dark and Keep the screen on work through the page's script: without it they are not
    offered (a button is drawn as a flex box, which must not undo `hidden`)."""
    for script in (True, False):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
        page = context.new_page()
        start(page, server, "pitch")
        for control in ("[data-print]", "[data-theme-switch]", "[data-wake]"):
            assert page.locator(control).first.is_visible() == script, (control, script)
        close(context)


def test_the_big_screen_shows_long_hand_lines_whole(browser, server):  # noqa: F811
    """Seven long names made each hand line four screens wide, cut at "...": now a line wraps and is
    shown whole, the newest first; older lines the screen has no room for are left off, never cut."""
    names = ["Annabelle-Margaretha", "Bartholomew Benedict", "Cyrano de Bergerac", "Desdemona Ophelia",
             "Evangeline Rose", "Florentina Maximiliana", "Gustavus Adolphus"]
    context, page = big_screen(browser, server, names)
    try:
        newest = page.locator(".tv-hands li").first
        expect(newest).to_contain_text("Gustavus Adolphus 0/0 ✓bid 0, took 0: made")    # the line's very end
        expect(newest).to_be_in_viewport(ratio=1)
        page.screenshot(path="/tmp/tv-long-names.png")
        assert lines_seen(page) >= 1 and lines_cut(page) == []           # older lines that don't fit: left off
        assert page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]") \
            == [1280, 720]
    finally:
        close(context)
