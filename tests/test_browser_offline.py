"""A Wi-Fi drop at the table, at 360 x 740: on the table's plain-http address (an insecure origin:
no service worker, no Wake Lock) and on this computer's own (a secure one, with both). A hand saved
while the server can't be reached stays on the page and on the phone, is sent by the page once the
server answers, and is stored exactly once; an open page says it is offline and comes back by
itself; the screen is kept on either way."""
import json
import socket
import threading
import urllib.request

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from test_browser import ARGS, CHROMIUM, address, browser, close  # noqa: F401  (fixture)

PHONE = {"width": 360, "height": 740}
POINTS = (("high", 1), ("low", 1), ("jack", 0), ("game", 1))       # Ben bids 3: Ben 3, Ann 1
ORIGINS = {"table": False, "secure": True}                        # the table's address, this computer's


class Server:
    """The app on a fixed port that can be stopped and started again, as a server that goes away."""

    def __init__(self, app, secure):
        self.app = app
        self.posts = []                                     # the change posts that reached the server
        serve = app.wsgi_app

        def counted(environ, start_response):
            if environ["REQUEST_METHOD"] == "POST":
                self.posts.append(environ["PATH_INFO"])
            return serve(environ, start_response)
        app.wsgi_app = counted
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = address(self.port, secure)
        self.start()

    def start(self):
        self.httpd = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def hands(self, game_url):
        """The hands stored for the game at `game_url`, read from the database itself."""
        from scorepad.storage import store
        db = store.connect(self.app.config["DATABASE"])
        return store.hands_of(db, store.row_by_key(db, game_url.rsplit("/", 1)[1])["id"])

    def changes(self, game_url):
        """What the game's history holds, oldest first: each change stored, once."""
        from scorepad.storage import store
        db = store.connect(self.app.config["DATABASE"])
        game = store.row_by_key(db, game_url.rsplit("/", 1)[1])["id"]
        return [entry["action"] for entry in reversed(store.history(db, game))]


def running(tmp_path, secure):
    from app import create_app
    return Server(create_app({"DATABASE": str(tmp_path / "offline.db"), "SECRET_KEY": "offline",
                              "OWNER_KEY": "offline-owner-key"}), secure)


@pytest.fixture(params=list(ORIGINS), ids=list(ORIGINS))
def server(request, tmp_path):
    app = running(tmp_path, ORIGINS[request.param])
    yield app
    app.stop()


@pytest.fixture
def table_server(tmp_path):
    """The table's plain-http address alone."""
    app = running(tmp_path, secure=False)
    yield app
    app.stop()


@pytest.fixture
def secure_server(tmp_path):
    """This computer's own address alone: a secure origin, as https is."""
    app = running(tmp_path, secure=True)
    yield app
    app.stop()


@pytest.fixture
def context(browser):  # noqa: F811
    # bypass_csp: so that Playwright may poll a condition in the page (the other browser tests keep
    # the app's Content-Security-Policy, which these pages' own scripts pass too)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    yield context
    close(context)


@pytest.fixture
def phone(context):
    return context.new_page()


def tap(page, fieldset, value):
    page.locator(f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])").click()


def secure(page):
    return page.evaluate("window.isSecureContext")


def start_pitch(page, server):
    page.goto(f"{server.url}/games/new/pitch")
    assert secure(page) == server.url.startswith("http://127.0.0.1")
    assert page.evaluate("!!navigator.serviceWorker") == secure(page)
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()
    if secure(page):
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()                                       # now looked after by the service worker
    return page.url


def hand_url(game_url):
    return game_url.removeprefix(game_url.split("/games/")[0]) + "/hands/new"


def fill_hand_one(page):
    """Ben bids 3 and the page's script passes for Ann and Cy: a tap before that script has run (a
    link's click returns once the form is there, not its deferred scripts) would leave them unbid
    and the hand refused, so the form is taken once loaded and the passes checked."""
    page.wait_for_load_state()
    tap(page, "bid_1", 3)                                   # Ben 3, the rest pass
    for seat in (0, 2):
        expect(page.locator(f"fieldset[data-name='bid_{seat}'] input[value='pass']")).to_be_checked()
    for point, side in POINTS:
        tap(page, point, side)


def test_a_hand_saved_while_the_wifi_is_down_is_stored_once_when_it_is_back(context, phone, server):
    game_url = start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    expect(phone.locator("h1")).to_have_text("Hand 1")
    fill_hand_one(phone)
    context.set_offline(True)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send: kept on this phone")
    expect(phone.locator("main")).to_contain_text("Offline - last updated")
    expect(phone.locator("fieldset[data-name='bid_1'] input[value='3']")).to_be_checked()      # still on the page
    assert "Save hand 1" in phone.locator("form.hand button[type=submit]").inner_text()
    kept = json.loads(phone.evaluate("localStorage.getItem('outbox')"))
    assert [change["game"] for change in kept.values()] == [game_url.rsplit("/", 1)[1]]
    phone.get_by_role("button", name="Save hand 1").click()             # tapped again meanwhile: one entry
    assert len(json.loads(phone.evaluate("localStorage.getItem('outbox')"))) == 1
    assert server.hands(game_url) == []
    context.set_offline(False)
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"], timeout=10000)   # sent, and the answer shown
    expect(phone).to_have_url(game_url)
    # the offline line is gone or hidden (each poll keeps it, hidden, with when the server last answered)
    expect(phone.locator("[data-note='offline']")).to_be_hidden(timeout=10000)
    for _ in range(2):                                      # two more polls: nothing is sent twice
        with phone.expect_response(lambda response: response.url.endswith("/version")):
            pass
    assert len(server.hands(game_url)) == 1 and server.changes(game_url) == ["created", "recorded"]
    if not secure(phone):       # sent once, not once and then refused as a repeat (with a service worker
        assert server.posts.count(hand_url(game_url)) == 1  # in the way, Chromium's offline switch may let one by)
    assert phone.evaluate("localStorage.getItem('outbox')") == "{}"


def test_the_offline_line_moves_nothing_under_a_finger(context, phone, server):
    """The line saying the phone is offline comes while a player may be tapping Save: it lies over
    the page's top, and a tap on what it covers still reaches what is under it."""
    start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    save = phone.get_by_role("button", name="Save hand 1")
    save.scroll_into_view_if_needed()
    where = save.bounding_box()
    context.set_offline(True)
    expect(phone.locator("[data-note=offline]")).to_be_visible()
    assert save.bounding_box() == where
    line = phone.locator("[data-note=offline]").bounding_box()
    under = phone.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-note]') === null",
                           [line["x"] + line["width"] / 2, line["y"] + line["height"] / 2])
    assert under                                             # a tap there reaches the page, not the line


def test_a_hand_kept_on_the_phone_comes_back_into_its_form_and_is_sent_once(context, phone, server):
    game_url = start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    blocked = lambda route: route.abort() if route.request.method == "POST" else route.continue_()  # noqa: E731
    phone.route("**/hands/new", blocked)                    # the Wi-Fi drops on the way there
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    phone.reload()                                          # the page is opened again, the hand still unsent
    expect(phone.locator("h1")).to_have_text("Hand 1")
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    for point, side in (("bid_1", 3), *POINTS):
        expect(phone.locator(f"fieldset[data-name='{point}'] input[value='{side}']")).to_be_checked()
    phone.unroute("**/hands/new")
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"], timeout=10000)
    assert len(server.hands(game_url)) == 1


def test_a_new_game_kept_on_the_phone_comes_back_into_its_form_and_starts_once(context, phone, server):
    phone.goto(f"{server.url}/games/new/pitch")                         # last week's game, with Smudge
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        phone.fill(f"#player_{seat}", name)
    phone.get_by_label("Smudge").check()
    phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator(".sides")).to_be_visible()
    phone.goto(f"{server.url}/games/new")
    phone.get_by_role("link", name="Pitch: Ann, Ben, Cy").click()       # the same table again: Smudge ticked
    expect(phone.get_by_label("Smudge")).to_be_checked()
    phone.get_by_label("Smudge").uncheck()
    phone.select_option("#colour_1", "pink")
    tap(phone, "first_dealer", 2)
    phone.get_by_text("Points and bids").click()
    phone.get_by_label("Ten").check()
    phone.fill("#note", "Club night")
    blocked = lambda route: route.abort() if route.request.method == "POST" else route.continue_()  # noqa: E731
    phone.route("**/games/new/pitch*", blocked)             # the Wi-Fi drops on the way there
    phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator("form + [data-note]")).to_contain_text("Waiting to send")

    def as_typed():
        for seat, name in enumerate(["Ann", "Ben", "Cy"]):
            expect(phone.locator(f"#player_{seat}")).to_have_value(name)
        expect(phone.locator("#colour_1")).to_have_class("c-pink")       # the swatch beside Ben
        expect(phone.locator("fieldset[data-name='first_dealer'] input[value='2']")).to_be_checked()
        expect(phone.locator("fieldset[data-name='first_dealer'] label").nth(2)).to_have_text("Cy")
        expect(phone.get_by_label("Smudge")).not_to_be_checked()        # unticked stays unticked
        checked = phone.locator("input[name='setting_points']:checked").evaluate_all("boxes => boxes.map(b => b.value)")
        assert checked == ["high", "low", "jack", "ten", "game"]        # every tick kept, not only the last
        expect(phone.locator("#note")).to_have_value("Club night")
    phone.reload()                                          # opened again: a new form, the game still unsent
    expect(phone.locator("form + [data-note]")).to_contain_text("Waiting to send")
    as_typed()
    phone.goto(f"{server.url}/games/new/pitch")             # or from another link to Pitch's form
    expect(phone.locator("form + [data-note]")).to_contain_text("Waiting to send")
    as_typed()
    with phone.expect_event("requestfailed"):
        phone.get_by_role("button", name="Start the game").click()      # tapped again, still offline
    phone.unroute("**/games/new/pitch*")
    expect(phone.locator(".sides")).to_be_visible(timeout=10000)        # the game itself, not a line
    record = phone.evaluate("fetch(location.href + '/record.json').then(r => r.json())")
    assert record["players"] == ["Ann", "Ben", "Cy"] and record["first_dealer"] == 2
    assert record["settings"]["points"] == ["high", "low", "jack", "ten", "game"]
    assert record["settings"]["smudge"] is False
    assert record["colours"][1] == "pink" and record["note"] == "Club night"
    from scorepad.storage import store
    assert store.connect(server.app.config["DATABASE"])["games"].count == 2    # last week's, and this one once
    assert phone.evaluate("localStorage.getItem('outbox')") == "{}"


def test_a_hand_kept_while_the_server_was_away_is_sent_from_the_next_page_opened(context, phone, server):
    game_url = start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    server.stop()                                           # the computer serving the game went away
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    phone.close()                                           # the browser is closed meanwhile
    server.start()
    later = context.new_page()
    later.goto(f"{server.url}/")
    expect(later.locator("main")).to_contain_text("A change made on this phone at")
    expect(later.locator("main")).to_contain_text("was sent", timeout=10000)
    assert len(server.hands(game_url)) == 1
    later.goto(game_url)
    expect(later.locator(".sides b")).to_have_text(["1", "3", "0"])


def test_an_answer_that_is_not_scorepads_keeps_the_hand_waiting(context, phone, server):
    game_url = start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    proxy_down = lambda route: route.fulfill(status=502, body="Bad Gateway") \
        if route.request.method == "POST" else route.continue_()  # noqa: E731
    phone.route("**/hands/new", proxy_down)                 # the proxy answers, the app behind it does not
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    assert len(json.loads(phone.evaluate("localStorage.getItem('outbox')"))) == 1
    expect(phone.locator("fieldset[data-name='bid_1'] input[value='3']")).to_be_checked()
    phone.unroute("**/hands/new")
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"], timeout=10000)
    assert len(server.hands(game_url)) == 1 and server.posts.count(hand_url(game_url)) == 1


def test_a_move_kept_through_a_reload_keeps_each_button_what_it_is(context, phone, server):
    start_pitch(phone, server)
    blocked = lambda route: route.abort() if route.request.method == "POST" else route.continue_()  # noqa: E731
    phone.route("**/shelf", blocked)
    phone.get_by_role("button", name="Move to the bin").click()
    expect(phone.locator("main")).to_contain_text("Waiting to send")
    phone.reload()
    assert phone.locator("button[name=move]").evaluate_all("bs => bs.map(b => b.value)") == ["archive", "delete"]
    phone.unroute("**/shelf")
    expect(phone.locator("main")).to_contain_text("Game moved to the bin", timeout=10000)


def test_on_plain_http_a_page_opened_anew_offline_is_the_browsers_own(context, phone, table_server):
    start_pitch(phone, table_server)
    context.set_offline(True)
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        phone.goto(phone.url)                                # no service worker to keep a copy


def second_phone(browser, context):  # noqa: F811
    """Another phone at the table on the same game (the same browser's cookie, so no invite needed)."""
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    other.add_cookies([cookie for cookie in context.cookies() if cookie["name"] == "session"])
    return other


def save_cy_two(page, game_url):
    """Hand 1 from another phone: Cy bids 2 and takes High and Low, Ann the Game."""
    page.goto(f"{game_url}/hands/new")
    tap(page, "bid_2", 2)
    for point, side in (("high", 2), ("low", 2), ("jack", "none"), ("game", 0)):
        tap(page, point, side)
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".sides b")).to_have_text(["1", "0", "2"])


def test_a_hand_another_phone_saved_meanwhile_is_never_overwritten(browser, context, phone, server):  # noqa: F811
    game_url = start_pitch(phone, server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    context.set_offline(True)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    other = second_phone(browser, context)
    try:
        save_cy_two(other.new_page(), game_url)
    finally:
        close(other)
    context.set_offline(False)
    expect(phone.locator("h1")).to_have_text("Hand 1 was saved on another phone", timeout=10000)   # theirs and yours
    hands = server.hands(game_url)
    assert len(hands) == 1 and hands[0]["bids"][2] == 2                # theirs kept, nothing overwritten
    assert phone.evaluate("localStorage.getItem('outbox')") == "{}"
    phone.get_by_role("link", name="Keep theirs").click()
    expect(phone.locator(".sides b")).to_have_text(["1", "0", "2"])
    assert len(server.hands(game_url)) == 1


def test_an_open_scoreboard_says_it_is_offline_and_comes_back_by_itself(browser, context, phone, server):  # noqa: F811
    game_url = start_pitch(phone, server)
    context.set_offline(True)
    # shown, not only there: each poll while online keeps the line, hidden, with when the server last
    # answered; shown is when the page knows it is offline and so keeps links from leaving it
    expect(phone.locator("[data-note=offline]")).to_be_visible()
    expect(phone.locator("[data-note=offline]")).to_contain_text("Offline - last updated")
    if not secure(phone):                   # no copy of another page to show: a link leaves nothing behind
        phone.get_by_role("link", name="History").click()
        expect(phone).to_have_url(game_url)
        expect(phone.locator(".sides b")).to_have_text(["0", "0", "0"])
    other = second_phone(browser, context)
    try:
        save_cy_two(other.new_page(), game_url)             # saved on another phone meanwhile
    finally:
        close(other)
    context.set_offline(False)
    expect(phone.locator(".sides b")).to_have_text(["1", "0", "2"], timeout=10000)   # followed by itself
    expect(phone.locator("[data-note=offline]")).to_be_hidden()


def test_the_screen_is_kept_on_over_plain_http_by_a_video_of_scorepads_own(context, phone, table_server):
    start_pitch(phone, table_server)
    assert phone.evaluate("navigator.wakeLock === undefined")
    switch = phone.get_by_label("Keep the screen on")
    expect(switch).to_be_visible()
    switch.check()
    playing = "!document.querySelector('video.keep-awake').paused"
    phone.wait_for_function(playing)
    video = phone.locator("video.keep-awake")
    # what Chromium keeps the screen on for: a video playing audibly (a silent sound track, not muted)
    assert video.evaluate("v => !v.muted && v.volume > 0")
    phone.wait_for_function("document.querySelector('video.keep-awake').webkitAudioDecodedByteCount > 0")
    assert video.evaluate("v => v.currentSrc").startswith(table_server.url)
    phone.get_by_role("link", name="Record hand 1").click()     # another page: on again from its first tap
    expect(phone.locator("h1")).to_have_text("Hand 1")
    tap(phone, "bid_1", 3)
    phone.wait_for_function(playing)
    fill_hand_one(phone)
    phone.get_by_role("button", name="Save hand 1").click()     # the answer shown in place: still playing
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"])
    assert phone.evaluate(playing) and phone.get_by_label("Keep the screen on").is_checked()
    switch = phone.get_by_label("Keep the screen on")
    switch.uncheck()
    phone.wait_for_function("document.querySelector('video.keep-awake').paused")
    switch.check()
    phone.reload()                                          # remembered, and on again from the first tap
    expect(phone.get_by_label("Keep the screen on")).to_be_checked()
    phone.locator("h1").click()
    phone.wait_for_function(playing)


def test_the_switch_says_so_when_the_phone_refuses_to_keep_the_screen_on(context, phone, table_server):
    context.add_init_script("HTMLMediaElement.prototype.play = () => Promise.reject(new Error('not allowed'))")
    start_pitch(phone, table_server)
    phone.get_by_label("Keep the screen on").click()
    expect(phone.get_by_text("This phone did not let Scorepad keep the screen on.")).to_be_visible()
    expect(phone.get_by_label("Keep the screen on")).not_to_be_checked()


def test_on_a_secure_origin_the_app_can_be_installed(phone, secure_server):
    game_url = start_pitch(phone, secure_server)
    assert phone.evaluate("navigator.serviceWorker.controller !== null")        # the service worker is active
    manifest_url = phone.locator("link[rel=manifest]").get_attribute("href")
    with urllib.request.urlopen(secure_server.url + manifest_url) as response:
        manifest = json.loads(response.read())
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == ("Scorepad", "/", "standalone")
    sizes = {icon["sizes"]: icon["src"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= set(sizes)
    for size, src in sizes.items():
        with urllib.request.urlopen(secure_server.url + src) as response:
            body = response.read()
            assert response.status == 200 and response.headers["Content-Type"].startswith("image/")
        if size != "any":
            assert body[16:24] == int(size.split("x")[0]).to_bytes(4, "big") * 2      # the PNG's width and height
    assert game_url.startswith(secure_server.url)


def test_on_a_secure_origin_a_page_opened_with_the_server_down_shows_its_last_copy(context, phone, secure_server):
    game_url = start_pitch(phone, secure_server)
    phone.get_by_role("link", name="Record hand 1").click()       # the form is kept too
    fill_hand_one(phone)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"])
    phone.get_by_text("Chart of the running totals").click()
    phone.wait_for_function("document.querySelector('details.chart img').naturalWidth > 0")
    secure_server.stop()
    phone.goto(game_url)                                    # opened anew: the service worker's copy
    expect(phone.locator("main")).to_contain_text("Offline - last updated")
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"])
    phone.get_by_text("Chart of the running totals").click()
    phone.wait_for_function("document.querySelector('details.chart img').naturalWidth > 0")
    secure_server.start()
    expect(phone.locator("[data-note=offline]")).to_be_hidden(timeout=10000)      # back by itself


def test_on_a_secure_origin_the_screen_is_kept_on_by_the_wake_lock(context, phone, secure_server):
    context.add_init_script("""
        window.wakeCalls = {requested: 0, released: 0};
        if (navigator.wakeLock) {
          const request = navigator.wakeLock.request.bind(navigator.wakeLock);
          navigator.wakeLock.request = (kind) => request(kind).then((lock) => {
            window.wakeCalls.requested += 1;
            lock.addEventListener('release', () => { window.wakeCalls.released += 1; });
            return lock;
          });
        }""")
    start_pitch(phone, secure_server)
    switch = phone.get_by_label("Keep the screen on")
    switch.check()
    phone.wait_for_function("window.wakeCalls.requested === 1")
    switch.uncheck()
    phone.wait_for_function("window.wakeCalls.released === 1")
    switch.check()
    phone.wait_for_function("window.wakeCalls.requested === 2")
    phone.reload()                                          # remembered, and taken again
    expect(phone.get_by_label("Keep the screen on")).to_be_checked()
    phone.wait_for_function("window.wakeCalls.requested === 1")
    assert phone.locator("video.keep-awake").count() == 0    # no video where the lock exists


def test_on_a_secure_origin_bids_saved_offline_wait_as_bids_on_the_kept_pages(context, phone, secure_server):
    phone.goto(f"{secure_server.url}/games/new/oh_hell")
    for seat, name in enumerate(["Ann", "Ben", "Cy", "Dee"]):
        phone.fill(f"#player_{seat}", name)
    phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator(".sides")).to_be_visible()
    game_url = phone.url
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    phone.get_by_role("link", name="Enter the bids for hand 1").click()
    expect(phone.locator("h1")).to_have_text("Hand 1: bids")
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 0)):
        tap(phone, f"bid_{seat}", bid)
    context.set_offline(True)
    phone.get_by_role("button", name="Save bids").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    phone.goto(game_url)                                    # the scoreboard as last seen: it says what waits
    expect(phone.locator("main")).to_contain_text("A change made on this phone at")
    expect(phone.locator("main")).not_to_contain_text("A hand saved")
    phone.get_by_role("link", name="Enter the bids for hand 1").click()
    expect(phone.locator("h1")).to_have_text("Hand 1: bids")           # the bids as tapped, still waiting
    expect(phone.locator("fieldset[data-name='bid_1'] input[value='1']")).to_be_checked()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    context.set_offline(False)
    expect(phone.locator("h1")).to_have_text("Hand 1: tricks", timeout=10000)   # sent once: on to the tricks
    assert secure_server.hands(game_url) == [] and secure_server.changes(game_url) == ["created", "bids"]   # once


def test_a_refusal_answered_on_another_page_waits_until_the_player_has_seen_it(browser, context, phone, table_server):  # noqa: F811
    game_url = start_pitch(phone, table_server)
    phone.get_by_role("link", name="Record hand 1").click()
    fill_hand_one(phone)
    table_server.stop()                                     # the server goes away while the hand is saved
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("form.hand + [data-note]")).to_contain_text("Waiting to send")
    phone.goto("about:blank")                               # the player leaves Scorepad meanwhile
    table_server.start()
    other = second_phone(browser, context)
    try:
        save_cy_two(other.new_page(), game_url)             # meanwhile another phone saves hand 1
    finally:
        close(other)
    phone.goto(f"{table_server.url}/players")               # this phone comes back on another page
    expect(phone.locator("main")).to_contain_text("was not stored", timeout=10000)
    phone.goto(f"{table_server.url}/")                      # and leaves it: the refusal is still there
    expect(phone.locator("main")).to_contain_text("was not stored")
    phone.get_by_role("button", name="See why").click()
    expect(phone.locator("h1")).to_have_text("Hand 1 was saved on another phone")
    assert phone.evaluate("localStorage.getItem('outbox')") == "{}"
    phone.get_by_role("button", name="Replace theirs with mine").click()
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"])
    assert len(table_server.hands(game_url)) == 1
