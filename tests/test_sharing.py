"""Whose game is it: random ids, scorers and watchers by link, the owner, live pages, QR codes."""
import html
import re
import sqlite3

import numpy
import pytest
import zxingcpp

from conftest import form_data, invite_links, joined, play_through_forms, record, unisolated
from scorepad.web.access import allowed

PITCH_HAND = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}


@pytest.mark.parametrize("role, action, expected", [
    ("owner", "read", True), ("owner", "change", True), ("owner", "own", True),
    ("scorer", "read", True), ("scorer", "change", True), ("scorer", "own", False),
    ("watcher", "read", True), ("watcher", "change", False), ("watcher", "own", False),
    (None, "read", False), (None, "change", False), (None, "own", False),
])
def test_who_may_do_what(role, action, expected):
    assert allowed(role, action) is expected


def game_with_hands(client):
    return play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"], [PITCH_HAND, PITCH_HAND]))


def read_pages(game_id):
    return [f"/games/{game_id}", f"/games/{game_id}/hands/1", f"/games/{game_id}/history", f"/games/{game_id}/invite",
            f"/games/{game_id}/tv", f"/games/{game_id}/record.json", f"/games/{game_id}/scores.csv",
            f"/games/{game_id}/version", f"/games/{game_id}/chart.svg", f"/rules/pitch?game={game_id}",
            f"/calculators/game-points?game={game_id}"]


def change_posts(game_id, entry):
    return [(f"/games/{game_id}/hands/new", form_data("pitch", PITCH_HAND)),
            (f"/games/{game_id}/hands/1/edit", form_data("pitch", {**PITCH_HAND, "game": 2})),
            (f"/games/{game_id}/hands/2/delete", {}), (f"/games/{game_id}/history/{entry}/restore", {}),
            (f"/games/{game_id}/shelf", {"move": "delete"})]


def change_forms(game_id):
    return [f"/games/{game_id}/hands/new", f"/games/{game_id}/hands/1/edit", f"/games/{game_id}/hands/2/delete"]


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()


def restorable_entry(client, game_id):
    client.post(f"/games/{game_id}/hands/1/edit", data=form_data("pitch", {**PITCH_HAND, "game": 0}))
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return re.findall(r"/history/(\d+)/restore", page)[0]


def test_a_stranger_gets_404_on_every_page_and_changes_nothing(app, client):
    game_id = game_with_hands(client)
    entry = restorable_entry(client, game_id)
    before = stored(client, game_id)
    stranger = app.test_client()
    for url in read_pages(game_id) + change_forms(game_id):
        assert stranger.get(url).status_code == 404, url
    for url, data in change_posts(game_id, entry):
        assert stranger.post(url, data={**data, "version": "99"}).status_code == 404, url
    assert stored(client, game_id) == before
    assert "Ann, Ben, Cy" not in unisolated(stranger.get("/").get_data(as_text=True))
    assert stranger.get("/games/export.zip").status_code == 200
    import io
    import zipfile
    assert zipfile.ZipFile(io.BytesIO(stranger.get("/games/export.zip").data)).namelist() == ["summary.csv"]


def test_a_watcher_reads_everything_and_every_change_is_a_friendly_403(app, client):
    game_id = game_with_hands(client)
    entry = restorable_entry(client, game_id)
    before = stored(client, game_id)
    watcher = joined(app, client, game_id, "Watch")
    for url in read_pages(game_id):
        assert watcher.get(url).status_code == 200, url
    board = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Record hand" not in board and "Move to the bin" not in board
    assert "Fix this hand" not in watcher.get(f"/games/{game_id}/hands/2").get_data(as_text=True)
    assert "Restore hand" not in watcher.get(f"/games/{game_id}/history").get_data(as_text=True)
    for url in change_forms(game_id):
        assert watcher.get(url).status_code == 403, url
    for url, data in change_posts(game_id, entry):
        response = watcher.post(url, data={**data, "version": str(7)})
        assert response.status_code == 403 and "nothing was changed" in response.get_data(as_text=True), url
    assert stored(client, game_id) == before
    # the invite page a watcher sees offers watching only
    assert set(invite_links(watcher, game_id)) == {"Watch", "Big screen"}


def test_a_scorer_link_lets_another_phone_do_everything_and_upgrades_a_watcher(app, client):
    game_id = game_with_hands(client)
    phone = joined(app, client, game_id, "Watch")
    assert phone.get(invite_links(client, game_id)["Score with us"]).status_code == 302    # shown the scorer QR
    hand_3 = form_data("pitch", PITCH_HAND) | {"again": "3"}              # the same as hand 2, dealt again
    assert phone.post(f"/games/{game_id}/hands/new", data=hand_3).status_code == 302
    assert phone.post(f"/games/{game_id}/hands/3/delete").status_code == 302
    assert phone.get(invite_links(client, game_id)["Watch"]).status_code == 302      # never a step down
    assert phone.post(f"/games/{game_id}/hands/new", data=hand_3).status_code == 302
    assert len(stored(client, game_id)["hands"]) == 3
    assert set(invite_links(phone, game_id)) == {"Score with us", "Watch", "Big screen"}
    assert "Ann, Ben, Cy" in unisolated(phone.get("/").get_data(as_text=True))          # a joined game is on its home page


def test_the_owner_link_sees_every_game_and_can_archive_and_bin_them(app, client):
    first = game_with_hands(client)
    someone_else = app.test_client()
    other = play_through_forms(someone_else, record("gin3", ["Eve", "Fay", "Gus"]))
    owner = app.test_client()
    assert owner.get("/owner/not-the-key").status_code == 404
    assert owner.get(f"/owner/{app.config['OWNER_KEY']}").status_code == 302
    home = unisolated(owner.get("/").get_data(as_text=True))
    assert "Ann, Ben, Cy" in home and "Eve, Fay, Gus" in home
    import io
    import zipfile
    assert len(zipfile.ZipFile(io.BytesIO(owner.get("/games/export.zip").data)).namelist()) == 3
    assert "Eve, Fay, Gus" not in unisolated(client.get("/").get_data(as_text=True))
    # archive: off the home page, still reachable; the bin: gone for everyone but the owner, and back
    owner.post(f"/games/{other}/shelf", data={"move": "archive"})
    assert "Eve, Fay, Gus" not in unisolated(owner.get("/").get_data(as_text=True))
    assert "Eve, Fay, Gus" in unisolated(owner.get("/?shelf=archived").get_data(as_text=True))
    assert someone_else.get(f"/games/{other}").status_code == 200
    watcher = joined(app, client, first, "Watch")
    owner.post(f"/games/{first}/shelf", data={"move": "delete"})
    assert watcher.get(f"/games/{first}").status_code == 404                        # gone for watchers
    assert "Ann, Ben, Cy" not in unisolated(client.get("/").get_data(as_text=True))             # off the scorer's home...
    assert "Ann, Ben, Cy" in unisolated(client.get("/?shelf=bin").get_data(as_text=True))       # ...in its bin
    assert "Ann, Ben, Cy" in unisolated(owner.get("/?shelf=bin").get_data(as_text=True))
    owner.post(f"/games/{first}/shelf", data={"move": "bring back"})
    assert client.get(f"/games/{first}").status_code == 200 and len(stored(client, first)["hands"]) == 2
    assert watcher.post(f"/games/{first}/shelf", data={"move": "delete"}).status_code == 403


def test_a_scorer_bins_a_game_brings_it_back_and_the_bin_empties_after_30_days(app, client):
    game_id = game_with_hands(client)
    archived = play_through_forms(client, record("gin3", ["Eve", "Fay", "Gus"]))
    client.post(f"/games/{archived}/shelf", data={"move": "archive"})
    assert "Eve, Fay, Gus" not in unisolated(client.get("/").get_data(as_text=True))
    assert "Eve, Fay, Gus" in unisolated(client.get("/?q=fay").get_data(as_text=True))           # archived games are found
    binned = client.post(f"/games/{game_id}/shelf", data={"move": "delete"}, follow_redirects=True)
    assert "its scorers and the owner can bring it back from there for 30 days" in binned.get_data(as_text=True)
    assert "Ann, Ben, Cy" in unisolated(client.get("/?shelf=bin").get_data(as_text=True))
    client.post(f"/games/{game_id}/shelf", data={"move": "bring back"})
    assert "Ann, Ben, Cy" in unisolated(client.get("/").get_data(as_text=True))
    client.post(f"/games/{game_id}/shelf", data={"move": "delete"})
    with sqlite3.connect(app.config["DATABASE"]) as db:                              # 29 days later: still there
        db.execute("update games set deleted = datetime('now', '-29 days') where key = ?", [game_id])
    from app import create_app
    create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test", "OWNER_KEY": "x" * 20})
    assert client.get(f"/games/{game_id}").status_code == 200
    with sqlite3.connect(app.config["DATABASE"]) as db:                              # 31 days: deleted for good
        db.execute("update games set deleted = datetime('now', '-31 days') where key = ?", [game_id])
    create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test", "OWNER_KEY": "x" * 20})
    assert client.get(f"/games/{game_id}").status_code == 404
    assert "Ann, Ben, Cy" not in unisolated(client.get("/?shelf=bin").get_data(as_text=True))


def test_wrong_links_are_404_and_too_many_from_one_address_must_wait(app, client):
    game_id = game_with_hands(client)
    stranger = app.test_client()
    for _ in range(20):
        assert stranger.get(f"/join/{game_id}/wrong-key-{_}").status_code == 404
    assert stranger.get(f"/join/{game_id}/another-wrong-key").status_code == 429
    assert stranger.get(invite_links(client, game_id)["Watch"]).status_code == 429      # even a right one, for now


def test_game_urls_carry_a_random_id_and_nothing_about_the_game(client):
    game_id = game_with_hands(client)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", game_id)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    for link in re.findall(r'(?:href|src)="([^"]+)"', page):
        said = link.replace(game_id, "")                    # a random id may hold "Cy" by chance
        assert not any(name in said for name in ("Ann", "Ben", "Cy")), link


def test_old_numeric_games_get_random_ids_and_their_old_urls_stop_working(tmp_path):
    """A database made before games had random ids is migrated at start."""
    path = str(tmp_path / "old.db")
    from scorepad.storage import store
    from scorepad.storage.schema import migrations
    old = store.connect(path)
    migrations.apply(old, stop_before="add_sharing")
    old["games"].insert({"id": 1, "game": "pitch", "players": '["Ann", "Ben", "Cy"]', "first_dealer": 0,
                         "settings": "{}", "created": "2026-11-01", "updated": "2026-11-01", "version": 1})
    old.close()
    from app import create_app
    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "o", "OWNER_KEY": "owner-key-old"})
    owner = app.test_client()
    owner.get("/owner/owner-key-old")
    assert owner.get("/games/1").status_code == 404
    key = re.findall(r'href="/games/([\w-]{22})"', owner.get("/").get_data(as_text=True))
    assert len(key) == 1 and owner.get(f"/games/{key[0]}").status_code == 200


def test_the_version_answers_304_while_nothing_changed(client):
    game_id = game_with_hands(client)
    first = client.get(f"/games/{game_id}/version")
    assert first.get_json() == {"version": 3, "hands": 2}
    etag = first.headers["ETag"]
    assert client.get(f"/games/{game_id}/version", headers={"If-None-Match": etag}).status_code == 304
    client.post(f"/games/{game_id}/hands/new", data=form_data("pitch", PITCH_HAND) | {"again": "3"})
    again = client.get(f"/games/{game_id}/version", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.get_json()["hands"] == 3


def qr_text(svg: str) -> str:
    """Decode a QR code drawn by segno as an SVG path of horizontal runs."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    grid = numpy.zeros((size, size), dtype=numpy.uint8)
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", re.search(r' d="([^"]+)"', svg).group(1)):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            grid[int(y), int(x):int(x) + int(float(a))] = 1
            x += float(a)
    image = ((1 - numpy.kron(grid, numpy.ones((4, 4), dtype=numpy.uint8))) * 255).astype(numpy.uint8)
    return zxingcpp.read_barcodes(image)[0].text


def test_each_qr_code_on_the_invite_page_decodes_to_its_link(client):
    game_id = game_with_hands(client)
    page = client.get(f"/games/{game_id}/invite").get_data(as_text=True)
    codes = re.findall(r"<svg.*?</svg>", page, re.S)
    links = [html.unescape(link) for link in re.findall(r'<a href="([^"]+)" class="link-text"', page)]
    assert len(codes) == len(links) == 3
    assert [qr_text(svg) for svg in codes] == links
    assert all(link.startswith(f"http://localhost/join/{game_id}/") for link in links)


def test_a_watcher_sees_the_bids_waiting_for_their_tricks(app, client):
    game_id = play_through_forms(client, record("oh_hell", ["Ann", "Ben", "Cy"]))
    watcher = joined(app, client, game_id, "Watch")
    client.post(f"/games/{game_id}/hands/new", data={"bid_0": "1", "bid_1": "0", "bid_2": "0"})
    assert "Bids in: Ann 1, Ben 0, Cy 0." in unisolated(watcher.get(f"/games/{game_id}").get_data(as_text=True))
