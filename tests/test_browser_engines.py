"""The table's journeys in the three engines phones have: WebKit (every iPhone), Chromium and
Firefox, each at a phone's 390 px on the table's plain-http address (an insecure origin: no service
worker, no Wake Lock). One journey, written once against tests/engines.py, runs in each engine;
`-k webkit` runs one engine alone. The other phone at the table, where one is needed, is Chromium."""
import threading
import time

import pytest
from werkzeug.serving import make_server

from engines import ENGINES, TABLE_HOST, WIDTH, ChromiumPhone, FirefoxPhone, Relay, WebKitPhone, virtual_display
from test_browser import browser  # noqa: F401  (Debian's Chromium, the fixture)

PLAYERS = ["Ann", "Ben", "Cy"]
# Pitch to 7 for Ann, Ben and Cy. Hand 1: Ben bids 3 and takes High, Low and Game, Ann the Jack.
HAND_ONE = (("bid_1", 3), ("high", 1), ("low", 1), ("jack", 0), ("game", 1))
AFTER_ONE = ["1", "3", "0"]
# Hand 2: Cy bids 2 and takes High and Low, Ann the Game, no Jack out: Ann 2, Ben 3, Cy 2.
HAND_TWO = (("bid_2", 2), ("high", 2), ("low", 2), ("jack", "none"), ("game", 0))
AFTER_TWO = ["2", "3", "2"]


class Table:
    """The app on this computer behind the table's Wi-Fi (a relay the test can cut); it counts the
    change posts that reach it and reads what is stored from the database itself."""

    def __init__(self, tmp_path):
        from app import create_app
        # pages follow their game through its stream (EventSource), as on app.py and a club server
        self.app = create_app({"DATABASE": str(tmp_path / "engines.db"), "SECRET_KEY": "engines", "LIVE_STREAMS": None})
        self.posts = []
        self.asked = []                 # (when, method, path) of every request but the static files'
        serve = self.app.wsgi_app

        def counted(environ, start_response):
            if environ["REQUEST_METHOD"] == "POST":
                self.posts.append(environ["PATH_INFO"])
            if not environ["PATH_INFO"].startswith("/static/"):
                self.asked.append((time.monotonic(), environ["REQUEST_METHOD"], environ["PATH_INFO"]))
            return serve(environ, start_response)
        self.app.wsgi_app = counted
        self.httpd = make_server("127.0.0.1", 0, self.app, threaded=True)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.relay = Relay(self.httpd.server_port)
        self.url = f"http://{TABLE_HOST}:{self.relay.port}"

    def hands(self, game_url):
        from scorepad.storage import store
        db = store.connect(self.app.config["DATABASE"])
        return store.hands_of(db, store.row_by_key(db, game_url.rsplit("/", 1)[1])["id"])

    def close(self):
        self.relay.close()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    table = Table(tmp_path_factory.mktemp("engines"))
    yield table
    table.close()


@pytest.fixture(scope="module")
def display():
    xvfb, name = virtual_display()
    yield name
    xvfb.kill()
    xvfb.wait()


@pytest.fixture(scope="module")
def firefox(table, tmp_path_factory):
    """One Firefox for the module, forgetting the table after each test (see `phones`)."""
    phone = FirefoxPhone(table.relay, tmp_path_factory.mktemp("firefox"))
    yield phone
    phone.close()


@pytest.fixture
def phones(request, table, browser, tmp_path):  # noqa: F811
    """Makes phones of an engine (dark: the phone set to dark colours); closes them after the test."""
    made = []

    def phone(engine, dark=False):
        if engine == "webkit":
            made.append(WebKitPhone(table.relay, request.getfixturevalue("display"), tmp_path / "webkit", dark))
        elif engine == "firefox":
            firefox = request.getfixturevalue("firefox")
            firefox.dark(dark)
            return firefox
        else:
            made.append(ChromiumPhone(table.relay, browser, dark))
        return made[-1]
    yield phone
    table.relay.restore()
    for phone in made:
        phone.close()
    if "firefox" in request.fixturenames:
        request.getfixturevalue("firefox").forget(table.url)


@pytest.fixture(params=ENGINES)
def engine(request):
    return request.param


@pytest.fixture
def phone(engine, phones):
    return phones(engine)


def choice(fieldset, value):
    return f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])"


def start_pitch(phone, table, dealer=None):
    """A new Pitch game for Ann, Ben and Cy; `dealer` tapped the moment the last name is typed."""
    phone.goto(f"{table.url}/games/new/pitch")
    phone.loaded()
    assert phone.run("return [window.isSecureContext, innerWidth]") == [False, WIDTH]
    for seat, name in enumerate(PLAYERS):
        phone.fill(f"#player_{seat}", name)
    if dealer is not None:
        phone.tap(choice("first_dealer", dealer))
    phone.tap("main form button[type=submit]")
    phone.shows(".sides b", ["0", "0", "0"])
    return phone.url


def fill_hand(phone, taps):
    for fieldset, value in taps:
        phone.tap(choice(fieldset, value))


def save_hand(phone, number, taps):
    phone.tap("main a[href$='/hands/new']")
    phone.shows("h1", [f"Hand {number}"])
    fill_hand(phone, taps)
    phone.tap("form.hand button[type=submit]")


def test_a_game_is_started_with_the_dealer_tapped_at_once_and_played(phone, table):
    game_url = start_pitch(phone, table, dealer=2)
    phone.shows(".banner", "Cy deals")
    save_hand(phone, 1, HAND_ONE)
    phone.shows(".sides b", AFTER_ONE)
    phone.shows(".banner", "Ann deals")
    save_hand(phone, 2, HAND_TWO)
    phone.shows(".sides b", AFTER_TWO)
    phone.shows(".banner", "Ben deals")
    assert len(table.hands(game_url)) == 2
    assert phone.run("return document.documentElement.scrollWidth") <= WIDTH



def test_a_hand_saved_while_the_wifi_is_down_is_stored_once_when_it_is_back(phone, table):
    game_url = start_pitch(phone, table)
    phone.tap("main a[href$='/hands/new']")
    phone.shows("h1", ["Hand 1"])
    fill_hand(phone, HAND_ONE)
    phone.offline(True)
    # the page says so within a second (tapped as its line comes in, Save moves under the finger)
    phone.shows("[data-note=offline]", "Offline - last updated")
    phone.tap("form.hand button[type=submit]")
    phone.shows("form.hand + [data-note]", "Waiting to send: kept on this phone")
    assert phone.run("return Object.keys(JSON.parse(localStorage.getItem('outbox'))).length") == 1
    assert phone.run("return document.querySelector(\"fieldset[data-name='bid_1'] input[value='3']\").checked")
    assert table.hands(game_url) == []
    phone.offline(False)
    phone.shows(".sides b", AFTER_ONE, seconds=15)          # sent by the page itself, the answer shown
    assert phone.url == game_url
    phone.wait(lambda: phone.run("return localStorage.getItem('outbox')") == "{}", "the outbox emptied")
    assert len(table.hands(game_url)) == 1
    assert table.posts.count(game_url.removeprefix(table.url) + "/hands/new") == 1      # sent once


def test_back_after_save_shows_the_game_as_it_is_and_stores_no_second_hand(phone, table):
    game_url = start_pitch(phone, table)
    save_hand(phone, 1, HAND_ONE)
    phone.shows(".sides b", AFTER_ONE)
    phone.back()                                             # the scoreboard before the hand, not the form
    phone.loaded(game_url)
    phone.shows(".sides b", AFTER_ONE)
    phone.shows("main a[href$='/hands/new']", "Record hand 2")
    assert len(table.hands(game_url)) == 1


def join(phone, other):
    """`other` opens the scorer link `phone` shares (from its Invite page), and `phone` comes back."""
    game_url = phone.url
    phone.tap("a[href$='/invite']")
    phone.shows("h1", "Invite")
    other.goto(phone.run("""return Array.from(document.querySelectorAll('section.invite'))
        .filter(s => s.textContent.includes('Score with us'))[0].querySelector('a.link-text').textContent"""))
    other.loaded(game_url)
    phone.goto(game_url)
    phone.loaded(game_url)


def test_a_hand_saved_on_another_phone_shows_by_itself(phone, phones, table):
    start_pitch(phone, table)
    other = phones("chromium")
    join(phone, other)
    save_hand(other, 1, HAND_ONE)
    phone.shows(".sides b", AFTER_ONE, seconds=5)            # brought by the stream, not reloaded by the test
    phone.tap("main a[href$='/hands/new']")
    phone.shows("h1", ["Hand 2"])
    phone.tap(choice("bid_2", 2))                            # half-way through hand 2 when the other saves it
    save_hand(other, 2, HAND_TWO)
    phone.shows("[data-live-notice]", "Hand 2 was just saved on another phone", seconds=5)
    assert phone.run("return document.querySelector(arguments[0] + ' input').checked", choice("bid_2", 2))


QUIET = 30       # seconds a scoreboard of a quiet game is watched


def test_quiet_scoreboards_of_every_engine_ask_nothing_and_show_a_hand_within_two_seconds(phones, table):
    """One phone of each engine follows a game another phone keeps. For 30 s nothing happens
    (watched once for all three): none asks the server anything, their streams say it all. Then a
    hand is saved, and every engine shows it within 2 s of the saving phone's answer."""
    keeper = phones("chromium")
    game_url = start_pitch(keeper, table)
    watchers = [phones(engine) for engine in ENGINES]
    for watcher in watchers:
        join(keeper, watcher)
    events = game_url.removeprefix(table.url) + "/events"
    keeper.wait(lambda: sum(path == events for _when, _method, path in table.asked) > len(watchers)
                and time.monotonic() - table.asked[-1][0] > 2, "the table settled, every phone on its stream")
    start = time.monotonic()
    time.sleep(QUIET)                                  # the point of the test: a quiet period
    asked = [(method, path) for when, method, path in table.asked if when >= start]
    assert asked == []                                 # no /version every second, no stream asked again
    save_hand(keeper, 1, HAND_ONE)
    keeper.shows(".sides b", AFTER_ONE)
    for watcher in watchers:
        watcher.shows(".sides b", AFTER_ONE, seconds=2)


def test_back_from_a_wifi_drop_a_scoreboard_shows_what_changed_meanwhile(phone, table, browser):  # noqa: F811
    """The Wi-Fi drops under a phone following the game (its stream cut); another phone, on its
    own way to the server, saves a hand meanwhile; the Wi-Fi comes back and the stream resumes."""
    game_url = start_pitch(phone, table)
    away = Relay(table.httpd.server_port)                   # the other phone's own way to the server
    other = ChromiumPhone(away, browser)
    try:
        phone.tap("a[href$='/invite']")
        phone.shows("h1", "Invite")
        link = phone.run("""return Array.from(document.querySelectorAll('section.invite'))
            .filter(s => s.textContent.includes('Score with us'))[0].querySelector('a.link-text').textContent""")
        other.goto(link.replace(table.url, f"http://{TABLE_HOST}:{away.port}"))
        other.loaded()
        phone.goto(game_url)
        phone.loaded(game_url)
        phone.offline(True)
        phone.shows("[data-note=offline]", "Offline - last updated")
        save_hand(other, 1, HAND_ONE)
        other.shows(".sides b", AFTER_ONE)
        assert phone.texts(".sides b") == ["0", "0", "0"]
        phone.offline(False)
        phone.shows(".sides b", AFTER_ONE)                  # the stream again, and what it missed
        phone.wait(lambda: phone.run("var line = document.querySelector('[data-note=offline]'); return !line || line.hidden"),
                   "the offline line gone")
    finally:
        other.close()
        away.close()


# The engines that keep a page left in their back-forward cache here: WebKit. Playwright starts Chromium
# with --disable-back-forward-cache; Firefox under Marionette restores not even a bare page from it.
@pytest.mark.parametrize("engine", ["webkit"])
def test_back_to_a_kept_scoreboard_shows_a_hand_saved_meanwhile_at_once(engine, phones, table):
    """Phone A leaves the scoreboard for the history; phone B saves hand 1; A goes Back and the
    browser restores the scoreboard from its back-forward cache, as it was. A's once-a-second poll
    is stopped before it leaves (as if the next were far away): the page must ask on coming back."""
    phone = phones(engine)
    game_url = start_pitch(phone, table)
    other = phones("chromium")
    join(phone, other)
    phone.run("""addEventListener('pageshow', e => { if (e.persisted) sessionStorage.setItem('restored', '1'); });
                 for (let id = 1; id < 1000; id++) clearInterval(id);""")
    phone.tap("main a[href$='/history']")
    phone.loaded(game_url + "/history")
    save_hand(other, 1, HAND_ONE)
    other.shows(".sides b", AFTER_ONE)
    phone.back()
    phone.shows(".sides b", AFTER_ONE, seconds=5)
    assert phone.run("return sessionStorage.getItem('restored')") == "1"     # it came from the cache


def test_the_screen_is_kept_on_by_a_video_on_plain_http(phone, table):
    start_pitch(phone, table)
    assert phone.run("return navigator.wakeLock === undefined")       # no Wake Lock on an insecure origin
    playing = "var v = document.querySelector('video.keep-awake'); return !!v && !v.paused && v.currentTime > 0"
    phone.shows("[data-wake]", "Keep the screen on")
    phone.tap("[data-wake] input")
    phone.wait(lambda: phone.run(playing), "the video playing")
    assert phone.run("var v = document.querySelector('video.keep-awake'); return !v.muted && v.volume > 0")
    phone.reload()                                            # remembered, and on again from the first tap
    phone.loaded()
    assert phone.run("return document.querySelector('[data-wake] input').checked")
    phone.tap("h1")
    phone.wait(lambda: phone.run(playing), "the video playing again")


def test_a_phone_set_to_dark_gets_dark_pages(phones, table, engine, tmp_path):
    phone = phones(engine, dark=True)
    start_pitch(phone, table)
    assert phone.run("return matchMedia('(prefers-color-scheme: dark)').matches")
    assert phone.run("return getComputedStyle(document.body).backgroundColor") == "rgb(18, 18, 18)"
    phone.shows("[data-theme-switch]", ["Light"])            # the switch offers the other colours
    phone.screenshot(str(tmp_path / f"dark-{engine}.png"))


def test_a_hand_in_pashto_right_to_left(phone, table):
    phone.goto(f"{table.url}/language/ps?next=/games/new/pitch")
    phone.loaded()
    assert phone.run("return [document.documentElement.lang, document.documentElement.dir]") == ["ps", "rtl"]
    for seat, name in enumerate(PLAYERS):
        phone.fill(f"#player_{seat}", name)
    phone.tap("main form button[type=submit]")
    phone.shows(".sides b", ["۰", "۰", "۰"])
    game_url = phone.url
    phone.tap("main a[href$='/hands/new']")
    phone.loaded(game_url + "/hands/new")
    fill_hand(phone, HAND_ONE)
    phone.tap("form.hand button[type=submit]")
    phone.shows(".sides b", ["۱", "۳", "۰"])
    assert phone.run("return document.documentElement.scrollWidth") <= WIDTH
    assert len(table.hands(game_url)) == 1
