"""Installable and offline-tolerant, at 360 x 740: the manifest and icons, the service worker, a
scoreboard that shows with the server down, a hand saved offline sent exactly once when the server
is back; and the screen kept awake."""
import json
import socket
import threading
import urllib.request

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from test_browser import ARGS, CHROMIUM, browser  # noqa: F401  (fixture)

PHONE = {"width": 360, "height": 740}


class Server:
    """The app on a fixed port that can be stopped and started again, as a server that goes away."""

    def __init__(self, app):
        self.app = app
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self):
        self.httpd = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(tmp_path):
    from app import create_app
    running = Server(create_app({"DATABASE": str(tmp_path / "offline.db"), "SECRET_KEY": "offline",
                                 "OWNER_KEY": "offline-owner-key"}))
    yield running
    running.stop()


@pytest.fixture
def phone(browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def tap(page, fieldset, value):
    page.locator(f"fieldset[data-name='{fieldset}'] label:has(input[value='{value}'])").click()


def start_pitch(page, server):
    page.goto(f"{server.url}/games/new/pitch")
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sides")).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    return page.url


def test_the_app_can_be_installed(phone, server):
    game_url = start_pitch(phone, server)
    phone.reload()
    assert phone.evaluate("navigator.serviceWorker.controller !== null")        # the service worker is active
    manifest_url = phone.locator("link[rel=manifest]").get_attribute("href")
    with urllib.request.urlopen(server.url + manifest_url) as response:
        manifest = json.loads(response.read())
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == ("Scorepad", "/", "standalone")
    sizes = {icon["sizes"]: icon["src"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= set(sizes)
    for size, src in sizes.items():
        with urllib.request.urlopen(server.url + src) as response:
            body = response.read()
            assert response.status == 200 and response.headers["Content-Type"].startswith("image/")
        if size != "any":
            assert body[16:24] == int(size.split("x")[0]).to_bytes(4, "big") * 2      # the PNG's width and height
    assert game_url.startswith(server.url)


def test_offline_the_scoreboard_shows_and_a_hand_saved_is_sent_exactly_once(phone, server):
    game_url = start_pitch(phone, server)
    phone.reload()                                          # now looked after by the service worker
    phone.get_by_role("link", name="Record hand 1").click()   # the form is kept too
    expect(phone.locator("h1")).to_have_text("Hand 1")
    phone.goto(game_url)
    server.stop()
    phone.goto(game_url)
    expect(phone.locator("main")).to_contain_text("Offline - last updated")
    expect(phone.locator(".sides b")).to_have_text(["0", "0", "0"])
    phone.get_by_role("link", name="Record hand 1").click()
    tap(phone, "bid_1", 3)                                  # Ben 3, the rest pass
    for point, side in (("high", 1), ("low", 1), ("jack", 0), ("game", 1)):
        tap(phone, point, side)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("main")).to_contain_text("is waiting to send")
    server.start()
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"], timeout=15000)   # sent, and the page followed
    phone.reload()
    for _ in range(2):                                      # two more polls: nothing is sent twice
        with phone.expect_response(lambda response: response.url.endswith("/version")):
            pass
    hands = phone.evaluate(f"fetch('{game_url}/record.json').then(r => r.json()).then(r => r.hands.length)")
    assert hands == 1
    expect(phone.locator("main")).not_to_contain_text("waiting to send")


def test_offline_the_chart_last_seen_still_opens(phone, server):
    game_url = start_pitch(phone, server)
    phone.reload()                                          # now looked after by the service worker
    phone.get_by_role("link", name="Record hand 1").click()
    tap(phone, "bid_1", 3)
    for point, side in (("high", 1), ("low", 1), ("jack", 0), ("game", 1)):
        tap(phone, point, side)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".sides b")).to_have_text(["1", "3", "0"])
    phone.get_by_text("Chart of the running totals").click()
    phone.wait_for_function("document.querySelector('details.chart img').naturalWidth > 0")
    server.stop()
    phone.goto(game_url)
    expect(phone.locator("main")).to_contain_text("Offline - last updated")
    phone.get_by_text("Chart of the running totals").click()
    phone.wait_for_function("document.querySelector('details.chart img').naturalWidth > 0")
    server.start()


def test_the_screen_is_kept_awake_while_asked_and_let_go_after(browser, server):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
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
    page = context.new_page()
    try:
        start_pitch(page, server)
        switch = page.get_by_label("Keep the screen on")
        expect(switch).to_be_visible()
        switch.check()
        page.wait_for_function("window.wakeCalls.requested === 1")
        switch.uncheck()
        page.wait_for_function("window.wakeCalls.released === 1")
        switch.check()
        page.wait_for_function("window.wakeCalls.requested === 2")
        page.reload()                                       # remembered, and taken again
        expect(page.get_by_label("Keep the screen on")).to_be_checked()
        page.wait_for_function("window.wakeCalls.requested === 1")
    finally:
        context.close()
