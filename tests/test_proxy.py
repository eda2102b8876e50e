"""A club server behind an https reverse proxy (`app.py --behind-proxy`): invite links, QR codes
and redirects use the address the players see, and cookies are Secure over https - while the same
app still answers the table's plain http, and without the option no forwarded header is believed."""
import html
import http.client
import os
import re
import subprocess
import time
from urllib.parse import urljoin

import pytest

from conftest import ROOT, TableClient
from test_server import PYTHON, free_port
from test_sharing import qr_text

CLUB = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org", "X-Forwarded-For": "203.0.113.7"}
TABLE = {"Host": "192.168.1.20:5000"}                               # plain http on the table's Wi-Fi
PLAIN_HTTP_LINE = "except installing Scorepad on the home screen, which needs an https address"


def proxied_app(tmp_path, proxies=1, tokens=False):
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "proxy.db"), "SECRET_KEY": "proxy",
                      "WTF_CSRF_ENABLED": tokens, "BEHIND_PROXY": proxies})
    app.test_client_class = TableClient
    return app


def form_token(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    return found.group(1) if found else ""


def start_game(client, headers, base):
    """A Pitch game started through its form (with the form's token), as a browser at `base` would."""
    page = client.get("/games/new/pitch", headers=headers).get_data(as_text=True)
    started = client.post("/games/new/pitch", headers={**headers, "Referer": f"{base}/games/new/pitch"}, data={
        "csrf_token": form_token(page), "key": re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1),
        "player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0", "setting_target": "11"})
    assert started.status_code == 302, started.get_data(as_text=True)
    return started


def links_and_codes(client, game_url, headers):
    page = client.get(f"{game_url}/invite", headers=headers).get_data(as_text=True)
    links = [html.unescape(link) for link in re.findall(r'<a href="([^"]+)" class="link-text"', page)]
    codes = [qr_text(svg) for svg in re.findall(r"<svg.*?</svg>", page, re.S)]
    return page, links, codes


def test_behind_the_proxy_links_codes_redirects_and_the_cookie_use_the_https_address(tmp_path):
    client = proxied_app(tmp_path, tokens=True).test_client()
    started = start_game(client, CLUB, "https://scores.example.org")          # the token's https check passes
    assert started.headers["Location"].startswith("/games/")      # relative: the browser keeps the address it used
    game_url = urljoin("https://scores.example.org/games/new/pitch", started.headers["Location"])
    assert "Secure" in started.headers["Set-Cookie"] and "HttpOnly" in started.headers["Set-Cookie"]
    path = game_url.removeprefix("https://scores.example.org")
    page, links, codes = links_and_codes(client, path, CLUB)
    assert len(links) == 3 and codes == links
    assert all(link.startswith("https://scores.example.org/join/") for link in links)
    assert PLAIN_HTTP_LINE not in page                                          # https: nothing to say
    language = client.get(f"/language/ps?next={path}", headers=CLUB)
    assert "Secure" in language.headers["Set-Cookie"] and language.headers["Location"] == path


def test_the_same_server_still_answers_the_tables_plain_http_and_says_what_needs_https(tmp_path):
    client = proxied_app(tmp_path).test_client()
    started = start_game(client, TABLE, "http://192.168.1.20:5000")
    assert "Secure" not in started.headers["Set-Cookie"]
    page, links, codes = links_and_codes(client, started.headers["Location"], TABLE)
    assert codes == links and all(link.startswith("http://192.168.1.20:5000/join/") for link in links)
    assert PLAIN_HTTP_LINE in page


@pytest.mark.parametrize("proxies", [0, 1])
def test_forwarded_headers_are_believed_only_behind_a_proxy_and_only_from_as_many_proxies(tmp_path, proxies):
    client = proxied_app(tmp_path, proxies=proxies).test_client()
    spoofed = {**TABLE, "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "evil.example, scores.example.org"}
    started = start_game(client, spoofed, "http://192.168.1.20:5000")
    _page, links, _codes = links_and_codes(client, started.headers["Location"], spoofed)
    expected = "http://192.168.1.20:5000/" if proxies == 0 else "http://scores.example.org/"   # the nearest proxy's
    assert all(link.startswith(expected) for link in links)
    assert "Secure" not in started.headers["Set-Cookie"]


def test_prefix_and_port_headers_come_from_the_browser_and_are_never_believed(tmp_path):
    client = proxied_app(tmp_path).test_client()
    forged = {**CLUB, "X-Forwarded-Prefix": "/evil", "X-Forwarded-Port": "8443"}
    started = start_game(client, forged, "https://scores.example.org")
    page, links, _codes = links_and_codes(client, started.headers["Location"], forged)
    assert all(link.startswith("https://scores.example.org/join/") for link in links)
    assert "/evil" not in page
    _page, links, _codes = links_and_codes(client, started.headers["Location"], CLUB)     # nor kept for others
    assert all(link.startswith("https://scores.example.org/join/") for link in links)


def test_app_py_behind_proxy_listens_on_this_computer_and_follows_the_proxy(tmp_path):
    port = free_port()
    server = subprocess.Popen([PYTHON, "app.py", "--behind-proxy", "--port", str(port), "--no-qr"], cwd=ROOT,
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env={**os.environ, "SCOREPAD_INSTANCE": str(tmp_path / "instance")})
    try:
        lines = [server.stdout.readline()]
        while "Stop with Ctrl+C" not in lines[-1]:
            assert lines[-1] or server.poll() is None, "".join(lines)    # it stopped: say what it printed
            lines.append(server.stdout.readline())
        said = "".join(lines)
        assert f"Behind 1 proxy(ies), listening for it on http://127.0.0.1:{port}/" in said
        assert "the proxy's address followed by /owner/" in said and "Open one of these" not in said
        for _ in range(50):                                 # it prints its addresses just before it listens
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", "/language/ps?next=/", headers=CLUB)
                break
            except OSError:
                connection.close()
                time.sleep(0.1)
        response = connection.getresponse()
        assert response.status == 303 and "Secure" in response.getheader("Set-Cookie")
        connection.close()
    finally:
        server.terminate()
        server.wait(10)
        server.stdout.close()
