"""The table's journeys in the three engines phones have: WebKit (every iPhone), Chromium and
Firefox, each at a phone's 390 px on the table's plain-http address (an insecure origin: no service
worker, no Wake Lock). One journey, written once against tests/phones.py, runs in each engine;
`-k webkit` runs one engine alone. The other phone at the table, where one is needed, is Chromium."""
import threading

import pytest
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from phones import ENGINES, HEIGHT, TABLE_HOST, WIDTH, ChromiumPhone, FirefoxPhone, Relay, WebKitPhone, \
    virtual_display
from test_browser import ARGS, CHROMIUM

PLAYERS = ["Ann", "Ben", "Cy"]
# Pitch to 11, Cy deals first. Hand 1: Ben bids 3 and takes High, Low and Game, Ann the Jack.
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
        self.app = create_app({"DATABASE": str(tmp_path / "engines.db"), "SECRET_KEY": "engines"})
        self.posts = []
        serve = self.app.wsgi_app

        def counted(environ, start_response):
            if environ["REQUEST_METHOD"] == "POST":
                self.posts.append(environ["PATH_INFO"])
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
def chromium():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def display():
    xvfb, name = virtual_display()
    yield name
    xvfb.kill()
    xvfb.wait()


@pytest.fixture
def phones(request, table, chromium, tmp_path):
    """Makes phones of an engine (dark: the phone set to dark colours); closes them after the test."""
    made = []

    def phone(engine, dark=False):
        if engine == "webkit":
            made.append(WebKitPhone(table.relay, request.getfixturevalue("display"), tmp_path / "webkit", dark))
        elif engine == "firefox":
            made.append(FirefoxPhone(table.relay, dark))
        else:
            made.append(ChromiumPhone(table.relay, chromium, dark))
        return made[-1]
    yield phone
    table.relay.restore()
    for phone in made:
        phone.close()


@pytest.fixture(params=ENGINES)
def phone(request, phones):
    return phones(request.param)


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


def save_hand(phone, game_url, number, taps):
    phone.tap(f"main a[href$='/hands/new']")
    phone.shows("h1", [f"Hand {number}"])
    fill_hand(phone, taps)
    phone.tap("form.hand button[type=submit]")


def test_a_game_is_started_with_the_dealer_tapped_at_once_and_played(phone, table):
    game_url = start_pitch(phone, table, dealer=2)
    phone.shows(".banner", "Cy deals")
    save_hand(phone, game_url, 1, HAND_ONE)
    phone.shows(".sides b", AFTER_ONE)
    phone.shows(".banner", "Ann deals")
    save_hand(phone, game_url, 2, HAND_TWO)
    phone.shows(".sides b", AFTER_TWO)
    phone.shows(".banner", "Ben deals")
    assert len(table.hands(game_url)) == 2
    assert phone.run("return document.documentElement.scrollWidth") <= WIDTH
