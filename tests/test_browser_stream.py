"""Pages that follow a game through its stream (EventSource) on the table's plain http: an idle
scoreboard asks nothing through many heartbeats, a hand saved on another phone shows within 2 s,
and a server with no room for another stream leaves the page asking /version every second, as
before streams. The three engines' own stream journeys (a quiet game for 30 s, a Wi-Fi drop and
return) are in test_browser_engines.py."""
import re
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from test_browser import address, browser, close, tap  # noqa: F401  (fixtures)
from test_browser_live import pitch_game, save_pitch_hand, two_phones  # noqa: F401  (a fixture)

QUIET = 12          # seconds an idle scoreboard is watched: six heartbeats, two rounds of the outbox timer


def serving(tmp_path_factory, streams, heartbeat=2):
    from app import create_app
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("db") / "stream.db"), "SECRET_KEY": "stream",
                      "LIVE_STREAMS": streams, "LIVE_HEARTBEAT": heartbeat})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    httpd = serving(tmp_path_factory, None)
    yield address(httpd.server_port)
    httpd.shutdown()


@pytest.fixture(scope="module")
def full_server(tmp_path_factory):
    """A server with room for one stream only. A stream a page has left is noticed at the next
    heartbeat: every 0.2 s here, so the first phone's stream from before its Invite page is gone
    by the time it is back on the scoreboard and asks for one again."""
    httpd = serving(tmp_path_factory, 1, heartbeat=0.2)
    yield address(httpd.server_port)
    httpd.shutdown()


def asked_for(page) -> list[str]:
    """Every request the page makes from now on (their paths), but for the icon and other static
    files (the browser fetches the icon by itself once the page has loaded)."""
    asked = []
    page.on("request", lambda request: asked.append(re.sub(r"^https?://[^/]+", "", request.url)))
    return asked


def dynamic(asked: list[str]) -> list[str]:
    return [path for path in asked if not path.startswith("/static/")]


def test_an_idle_scoreboard_asks_nothing_and_shows_a_hand_from_another_phone_within_two_seconds(two_phones, server):  # noqa: F811
    first, second = two_phones
    game_url, link = pitch_game(first, server)
    second.goto(link)
    with first.expect_request(re.compile(r"/events\?version=\d+$")):
        first.reload()
    asked = asked_for(first)
    first.wait_for_timeout(QUIET * 1000)            # the point of the test: a quiet period
    assert dynamic(asked) == []                     # no /version every second: the stream says it all
    # Ann deals: Ben passes, Cy bids 2, Ann passes; Cy takes High and Low, Ben the Game
    save_pitch_hand(second, game_url, 1, [(1, "pass"), (2, "2"), (0, "pass")], ["2", "2", "none", "1"])
    expect(first.locator(".sides b")).to_have_text(["0", "1", "2"], timeout=2000)
    assert not [path for path in asked if path.endswith("/version")]


def test_a_half_filled_form_keeps_its_taps_and_says_a_hand_was_saved_on_another_phone(two_phones, server):  # noqa: F811
    first, second = two_phones
    game_url, link = pitch_game(first, server)
    second.goto(link)
    with second.expect_request(re.compile(r"/events\?version=\d+$")):
        second.get_by_role("link", name="Record hand 1").click()
    tap(second, "bid_2", "3")
    save_pitch_hand(first, game_url, 1, [(1, "pass"), (2, "2"), (0, "pass")], ["2", "2", "none", "1"])
    notice = second.locator("[data-live-notice]")
    expect(notice).to_have_text(re.compile("Hand 1 was just saved on another phone"), timeout=2000)
    expect(second.locator("fieldset[data-name='bid_2'] input[value='3']")).to_be_checked()
    expect(second.locator("h1")).to_have_text("Hand 1")             # the form was not replaced


def test_a_page_the_server_has_no_stream_for_asks_every_second_instead(two_phones, full_server):  # noqa: F811
    first, second = two_phones
    game_url, link = pitch_game(first, full_server)       # the first phone holds the one stream
    second.goto(link)
    with second.expect_request(re.compile(r"/version$")):     # refused its stream: asks instead
        second.reload()
    save_pitch_hand(first, game_url, 1, [(1, "pass"), (2, "2"), (0, "pass")], ["2", "2", "none", "1"])
    expect(second.locator(".sides b")).to_have_text(["0", "1", "2"], timeout=2000)


def test_a_page_refused_a_stream_asks_for_one_again_a_minute_later(two_phones, full_server):  # noqa: F811
    """No room for its stream (or a server restarting behind its proxy): the page asks every second,
    and a minute on it tries the stream again instead of asking for good."""
    first, second = two_phones
    game_url, link = pitch_game(first, full_server)       # the first phone holds the one stream
    second.clock.install()
    second.goto(link)
    with second.expect_request(re.compile(r"/version$")):     # refused its stream: asks instead
        second.reload()
    with second.expect_request(re.compile(r"/events\?version=\d+$")):
        second.clock.run_for(65_000)
