"""Kept pages as phones get them: form tokens on, gzip asked for. A page is rendered once per game
version for every reader of the same role, yet each phone's copy carries its own form token, which
saves; an unchanged page is a 304; the gzipped page is the plain one."""
import gzip
import re

import pytest

from conftest import form_data, joined
from scorepad.web import caches

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}
GZIP = {"Accept-Encoding": "gzip"}


def tokens_in(page: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', page))


def hidden(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="(version|number|step)" type="hidden" value="([^"]*)"', page))


def read(client, url: str) -> tuple[str, object]:
    """The page as a phone gets it, gzipped, and the response."""
    response = client.get(url, headers=GZIP)
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    return gzip.decompress(response.data).decode(), response


@pytest.fixture
def table(tmp_path):
    """An app that checks form tokens, Ann's Pitch game started through its form and Ben joined as
    a scorer: (app, Ann's phone, Ben's phone, the game)."""
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "kept.db"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True})
    ann = app.test_client()
    form = ann.get("/games/new/pitch").get_data(as_text=True)
    started = ann.post("/games/new/pitch", data={"csrf_token": tokens_in(form).pop(), "player_0": "Ann",
                                                 "player_1": "Ben", "player_2": "Cy", "key": "one-time-key",
                                                 "first_dealer": "0"})
    assert started.status_code == 302
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    return app, ann, joined(app, ann, game_id), game_id


@pytest.mark.parametrize("page", ["", "/hands/new"])
def test_two_phones_each_get_their_own_token_in_one_kept_page(table, page):
    app, ann, ben, game_id = table
    url = f"/games/{game_id}{page}"
    ann.get(url)                                  # Ann's session has its token before the page is kept
    caches.PAGES.clear()
    bens, ben_response = read(ben, url)
    kept = len(caches.PAGES)
    anns, ann_response = read(ann, url)
    assert len(caches.PAGES) == kept                     # Ann's copy is the kept page: not rendered again
    assert ann_response.headers["ETag"] == ben_response.headers["ETag"]
    assert tokens_in(anns) and tokens_in(bens) and tokens_in(anns).isdisjoint(tokens_in(bens))
    assert len(tokens_in(anns)) == len(tokens_in(bens)) == 1
    for token in tokens_in(anns):
        assert token not in bens and token not in ben.get(url).get_data(as_text=True)
    assert "<@form-token@>" not in anns + bens
    assert {"accept-encoding", "cookie", "accept-language"} <= {
        part.strip().lower() for part in ann_response.headers["Vary"].split(",")}


def without_tokens(page: str) -> str:
    """A page with its form tokens left out: a token is signed anew each request, and its time
    stamp moves on every second."""
    return re.sub(r'(name="csrf_token" type="hidden" value=")[^"]+"', r'\1"', page)


def test_the_gzipped_kept_page_is_the_plain_one(table):
    _app, ann, ben, game_id = table
    for phone in (ann, ben, ann):
        for url in (f"/games/{game_id}", f"/games/{game_id}/hands/new", "/"):
            plain = phone.get(url)
            assert "Content-Encoding" not in plain.headers
            assert without_tokens(read(phone, url)[0]) == without_tokens(plain.get_data(as_text=True))


def test_an_unchanged_kept_page_is_a_304_for_either_phone(table):
    _app, ann, ben, game_id = table
    url = f"/games/{game_id}/hands/new"
    etag = read(ann, url)[1].headers["ETag"]
    for phone in (ann, ben):
        assert phone.get(url, headers={**GZIP, "If-None-Match": etag}).status_code == 304


def test_a_post_with_each_phones_token_from_the_kept_form_saves(table):
    _app, ann, ben, game_id = table
    url = f"/games/{game_id}/hands/new"
    for number, (phone, other) in enumerate([(ben, ann), (ann, ben)], start=1):
        other_page, _response = read(other, url)                 # the other phone keeps the page first
        page, _response = read(phone, url)
        assert hidden(page) == hidden(other_page)
        hand = {**form_data("pitch", PITCH_HAND), **hidden(page), "again": str(number)}
        refused = phone.post(url, data={**hand, "csrf_token": tokens_in(other_page).pop()})
        assert refused.status_code == 200                        # the other phone's token is not this one's
        saved = phone.post(url, data={**hand, "csrf_token": tokens_in(page).pop()})
        assert saved.status_code == 302 and saved.headers["Location"].endswith(f"/games/{game_id}")
        assert len(phone.get(f"/games/{game_id}/record.json").get_json()["hands"]) == number
