"""The score sheet: the chart of running totals, a note per game, rematch and "Play again"."""
import csv
import io
import json
import re
import zipfile
from xml.etree import ElementTree

import pytest

from conftest import example_paths, load_example, new_game_data, record, unisolated
from rules_engine import score
from scorepad.web import chart

SVG = "{http://www.w3.org/2000/svg}"


def example(stem):
    return load_example([p for p in example_paths() if p.stem == stem][0])[0]


def polylines(svg):
    """Each side's line as [(x, y), ...], in the order the sides were given (legend samples left out)."""
    root = ElementTree.fromstring(svg)
    lines = [g.find(f"{SVG}polyline") for g in root.iter(f"{SVG}g") if g.get("aria-hidden") == "true"]
    return [[tuple(float(v) for v in point.split(",")) for point in line.get("points").split()] for line in lines]


def read_back(svg, scale):
    """The (hand, total) pairs a chart draws, found by undoing the scale."""
    width = (chart.WIDTH - chart.LEFT - chart.RIGHT) / max(scale.hands, 1)
    per_unit = chart.PLOT_HEIGHT / (scale.high - scale.low)
    return [[(round((x - chart.LEFT) / width), round(scale.high - (y - chart.TOP) / per_unit)) for x, y in line]
            for line in polylines(svg)]


# --- the chart -------------------------------------------------------------------------------

def test_the_chart_of_a_real_pitch_game_draws_its_running_totals():
    scored = score(example("pitch-to-7"))          # Ann 7, Ben 6, Cy -1 after 7 hands
    totals = [hand.totals for hand in scored.hands]
    svg = chart.score_chart(scored.sides, totals)
    scale = chart.scale_for([[0, *(t[side] for t in totals)] for side in range(3)])
    assert (scale.low, scale.high, scale.step, scale.hands) == (-5, 10, 5, 7)       # totals go below 0
    drawn = read_back(svg, scale)
    assert drawn[0] == [(0, 0), (1, -3), (2, -1), (3, -1), (4, 3), (5, 3), (6, 4), (7, 7)]      # Ann
    assert [total for _, total in drawn[1]] == [0, 0, -2, -1, -1, 2, 5, 6]                     # Ben
    assert [total for _, total in drawn[2]] == [0, 3, 3, -1, -1, -1, -1, -1]                   # Cy
    for side, line in enumerate(polylines(svg)):             # exactly where the same scale puts them
        expected = [(0, 0), *((n, t[side]) for n, t in enumerate(totals, start=1))]
        assert line == [(float(chart.number(scale.x(n))), float(chart.number(scale.y(total))))
                        for n, total in expected]
    assert 'aria-label="Running totals: a line per side over 7 hands. Final totals: Ann 7, Ben 6, Cy -1."' in svg
    assert 'role="img"' in svg and "<title>" in svg


def test_every_example_game_charts_its_totals():
    for path in example_paths():
        scored = score(load_example(path)[0])
        totals = [hand.totals for hand in scored.hands]
        series = [[0, *(t[side] for t in totals)] for side in range(len(scored.sides))]
        svg = chart.score_chart(scored.sides, totals)
        assert [[total for _, total in line] for line in read_back(svg, chart.scale_for(series))] == series, path.stem


def test_negative_totals_get_labelled_ticks_below_zero_and_a_zero_line():
    svg = chart.score_chart(["Ann & Cy", "Ben & Dee"], [[-240, 120], [-229, 164], [-400, 300]])
    labels = re.findall(r'text-anchor="end" fill="#595959">(-?\d+)</text>', svg)
    assert labels == ["-400", "-200", "0", "200", "400"]
    assert "Final totals: Ann &amp; Cy -400, Ben &amp; Dee 300." in svg


def test_each_side_has_its_own_dash_and_marker_and_the_legend_names_them():
    sides = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
    svg = chart.score_chart(sides, [[1, 2, 3, 4, 5, 6, 7]])
    looks = [chart.side_look(i) for i in range(7)]
    assert len({dash for _, dash, _ in looks}) == 7 and len({shape for _, _, shape in looks}) == 7
    for name in sides:
        assert f">{name}</text>" in svg
    assert chart.legend_words(sides[:2]) == ["Ann: solid line with dots", "Ben: dashed line with squares"]
    assert "style=" not in svg and "<script" not in svg
    ElementTree.fromstring(svg)                           # well-formed


def test_names_are_escaped_and_long_names_shortened_in_the_legend():
    svg = chart.score_chart(["<b>Ann</b>", "B" * 40], [[1, 2]])
    assert "<b>" not in svg and "&lt;b&gt;Ann&lt;/b&gt;" in svg
    assert ">" + "B" * 21 + "\u2026</text>" in svg and "B" * 40 + " 2" in svg      # whole in the label


def test_a_game_with_no_hands_draws_empty_axes():
    svg = chart.score_chart(["Ann", "Ben", "Cy"], [])
    assert "No hands yet." in svg and [len(line) for line in polylines(svg)] == [1, 1, 1]


def test_thinning_keeps_the_first_and_last_point_and_at_most_100():
    assert chart.thin(5) == [0, 1, 2, 3, 4]
    kept = chart.thin(1001)
    assert len(kept) == 100 and kept[0] == 0 and kept[-1] == 1000 and kept == sorted(set(kept))
    assert chart.thin(101)[:3] == [0, 1, 2] and chart.thin(101)[-1] == 100


def test_a_1000_hand_game_makes_a_small_chart_ending_on_the_final_totals():
    totals = [[hand * 3 - 500, (hand % 7) - 3] for hand in range(1, 1001)]
    svg = chart.score_chart(["Ann", "Ben"], totals)
    lines = polylines(svg)
    assert [len(line) for line in lines] == [100, 100]
    scale = chart.scale_for([[0, *(t[0] for t in totals)], [0, *(t[1] for t in totals)]])
    at = lambda hand, total: (float(chart.number(scale.x(hand))), float(chart.number(scale.y(total))))  # noqa: E731
    assert lines[0][0] == at(0, 0) and lines[0][-1] == at(1000, 2500) and lines[1][-1] == at(1000, 3)
    assert lines[0][1] == at(10, -470)                    # every tenth hand or so: hand 10 is the second point
    assert len(svg) < 12_000
    assert svg.count("<path") < 40                        # one path of markers per side, not one per hand


# --- the chart on the scoreboard ----------------------------------------------------------------

def text(response):
    return unisolated(response.get_data(as_text=True))


def imported(client, game_record):
    response = client.post("/games/import", data={"record": json.dumps(game_record)})
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_the_scoreboard_folds_the_chart_away_and_prints_it(client):
    game_id = imported(client, example("pitch-to-7"))
    page = text(client.get(f"/games/{game_id}"))
    folded = re.search(r'<details class="chart">(.*?)</details>', page, re.S)
    assert folded and "<summary>Chart of the running totals</summary>" in folded.group(1)
    assert "<details class=\"chart\" open" not in page
    image = re.search(r'<img src="([^"]+)" alt="([^"]+)" width="340" height="(\d+)" loading="lazy"', folded.group(1))
    assert image.group(2) == "Running totals: a line per side over 7 hands. Final totals: Ann 7, Ben 6, Cy -1."
    picture = client.get(image.group(1).replace("&amp;", "&"))
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
    svg = text(picture)
    assert f'aria-label="{image.group(2)}"' in svg and f'viewBox="0 0 340 {image.group(3)}"' in svg
    scored = score(example("pitch-to-7"))
    assert svg == chart.score_chart(scored.sides, [hand.totals for hand in scored.hands])
    with client.get("/static/app.css") as response:
        css = text(response)
    assert re.search(r"@media print\{[^@]*details\.chart>\*,details\.chart::details-content\{display:block", css)
    empty = imported(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert "<details class=\"chart\"" not in text(client.get(f"/games/{empty}"))     # nothing to draw yet
    assert client.get(f"/games/{empty}/chart.svg").status_code == 404


def test_the_chart_is_a_well_formed_picture_whatever_characters_a_name_holds():
    svg = chart.score_chart(["Ann\x0b", "B\x01en & <Cy>"], [[1, 2], [3, 1]])
    ElementTree.fromstring(svg)                        # XML forbids most control characters
    assert ">Ann</text>" in svg and "Ben &amp; &lt;Cy&gt;" in svg


def test_the_chart_changes_with_the_game_and_a_phone_that_has_it_gets_a_304(client):
    game_id = imported(client, example("pitch-to-7"))
    first = re.search(r'<img src="([^"]+)"', text(client.get(f"/games/{game_id}"))).group(1).replace("&amp;", "&")
    picture = client.get(first)
    assert client.get(first, headers={"If-None-Match": picture.headers["ETag"]}).status_code == 304
    client.post(f"/games/{game_id}/hands/7/delete")
    second = re.search(r'<img src="([^"]+)"', text(client.get(f"/games/{game_id}"))).group(1).replace("&amp;", "&")
    assert second != first                                    # a new address: no phone shows the old picture
    assert "over 6 hands. Final totals: Ann 4, Ben 5, Cy -1." in text(client.get(second))


def test_a_25_deal_scoreboard_draws_its_chart_small(client):
    import gzip
    sizes = [*range(13, 0, -1), *range(2, 14)]
    hands = [{"bids": [1, "pass", 1, "pass"] if cards > 2 else ["board", "pass", "pass", "pass"],
              "tricks": [cards, 0]} for cards in sizes]
    game_id = imported(client, record("back_alley", ["Annabelle", "Benedict", "Cyrano", "Desdemona"], hands,
                                      note="Cabin weekend, " + "x" * 180))
    page = client.get(f"/games/{game_id}").data
    assert b'<details class="chart">' in page
    picture = client.get(f"/games/{game_id}/chart.svg").data
    assert b"<polyline" in picture and len(gzip.compress(picture)) <= 3 * 1024


# --- a note per game ----------------------------------------------------------------------------

def test_a_note_typed_on_the_new_game_form_shows_on_the_scoreboard_and_the_print_line(client):
    data = new_game_data(record("pitch", ["Ann", "Ben", "Cy"])) | {"note": "  Cabin   weekend, Lake Tahoe "}
    response = client.post("/games/new/pitch", data=data)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    page = text(client.get(f"/games/{game_id}"))
    assert '<h1>Pitch</h1>\n<p class="note">Cabin weekend, Lake Tahoe</p>' in page
    assert re.search(r'<p class="print-only">Started [^<]*· Ann, Ben, Cy · [^<]* · Cabin weekend, Lake Tahoe</p>',
                     page)
    assert json.loads(text(client.get(f"/games/{game_id}/record.json")))["note"] == "Cabin weekend, Lake Tahoe"


def test_the_note_is_optional_and_at_most_200_characters(client):
    base = new_game_data(record("oh_hell", ["Ann", "Ben", "Cy"]))
    page = text(client.post("/games/new/oh_hell", data=base | {"note": "x" * 201}))
    assert "A note has at most 200 characters." in page and 'maxlength="200"' in page
    assert '<label for="note">Note (optional)</label>' in page
    response = client.post("/games/new/oh_hell", data=base | {"note": "x" * 200})
    assert response.status_code == 302
    plain = client.post("/games/new/oh_hell", data=base | {"key": "another-key-0123456789"})
    game_id = plain.headers["Location"].rsplit("/", 1)[1]
    assert "note" not in json.loads(text(client.get(f"/games/{game_id}/record.json")))
    assert 'class="note"' not in text(client.get(f"/games/{game_id}"))


def test_the_note_round_trips_through_export_and_import(client, app):
    game_record = example("smear-to-15") | {"note": "Club night at the Legion"}
    game_id = imported(client, game_record)
    exported = json.loads(text(client.get(f"/games/{game_id}/record.json")))
    assert exported["note"] == "Club night at the Legion"
    other = app.test_client()                          # another browser imports the export
    again = imported(other, exported)
    assert json.loads(text(other.get(f"/games/{again}/record.json")))["note"] == "Club night at the Legion"
    assert "Club night at the Legion" in text(other.get(f"/games/{again}"))


def test_an_imported_note_that_is_not_text_is_dropped_and_a_long_one_cut(client):
    odd = imported(client, record("gin3", ["Ann", "Ben", "Cy"], note={"where": "home"}))
    assert "note" not in json.loads(text(client.get(f"/games/{odd}/record.json")))
    long = imported(client, record("gin3", ["Ann", "Ben", "Dee"], note="y" * 500))
    assert json.loads(text(client.get(f"/games/{long}/record.json")))["note"] == "y" * 200


def test_the_note_is_in_the_game_csv_and_the_summary_csv(client):
    game_id = imported(client, example("pitch-to-7") | {"note": "=Ann's birthday"})
    table = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/scores.csv").data.decode("utf-8-sig"))))
    assert table[0][-1] == "note" and table[1] == ["1", "Ann", "3", "-3", "-3", "pass", "0", "0", "3", "3", "3",
                                                    "'=Ann's birthday"]          # made inert for spreadsheets
    assert all(row[-1] == "'=Ann's birthday" for row in table[1:]) and len(table) == 8
    imported(client, example("gin3-to-100"))          # a game without a note
    archive = zipfile.ZipFile(io.BytesIO(client.get("/games/export.zip").data))
    assert archive.read("summary.csv").startswith("\ufeff".encode())            # read right by spreadsheets
    summary = list(csv.reader(io.StringIO(archive.read("summary.csv").decode("utf-8-sig"))))
    assert summary[0] == ["game", "date", "kind", "players", "final totals", "winners", "note"]
    by_kind = {row[2]: row for row in summary[1:]}
    assert by_kind["Pitch"][-1] == "'=Ann's birthday" and by_kind["Three-player Gin"][-1] == ""
    records = [json.loads(archive.read(name)) for name in archive.namelist() if name.endswith(".json")]
    assert sorted(r.get("note", "") for r in records) == ["", "=Ann's birthday"]      # the record keeps it as typed


def test_csv_without_any_note_keeps_its_columns():
    from scorepad.words.exports import game_csv
    table = list(csv.reader(io.StringIO(game_csv(example("gin3-to-100")).removeprefix("\ufeff"))))
    assert table[0] == ["hand", "dealer", "Ann points", "Ann total", "Ben points", "Ben total", "Cy points", "Cy total"]


# --- rematch --------------------------------------------------------------------------------------

def new_game_key(response):
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def exported_record(client, game_id):
    return json.loads(text(client.get(f"/games/{game_id}/record.json")))


def test_rematch_of_a_finished_game_keeps_the_table_and_passes_the_deal(client):
    game_id = imported(client, example("pitch-to-7") | {"note": "Cabin weekend"})   # 7 hands; Ann dealt the last
    page = text(client.get(f"/games/{game_id}"))
    assert "Rematch</button>" in page and "settings and note: Ben deals first." in page
    response = client.post(f"/games/{game_id}/rematch", data={"version": "1"})
    again = new_game_key(response)
    assert again != game_id
    made = exported_record(client, again)
    old = example("pitch-to-7")
    assert made["players"] == old["players"] and made["settings"] == (old.get("settings") or {})
    assert made["note"] == "Cabin weekend" and made["hands"] == [] and made["first_dealer"] == 1
    assert "Rematch: Ben deals first." in text(client.get(f"/games/{again}"))


def games_stored(app):
    import sqlite3
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("select count(*) from games").fetchone()[0]


def test_a_double_tap_on_rematch_makes_one_game(app, client):
    game_id = imported(client, example("smear-to-15"))
    first = new_game_key(client.post(f"/games/{game_id}/rematch", data={"version": "1"}))
    second = new_game_key(client.post(f"/games/{game_id}/rematch", data={"version": "1"}))
    assert first == second and games_stored(app) == 2
    third = new_game_key(client.post(f"/games/{first}/rematch", data={"version": "1"}))   # a rematch of the rematch
    assert third not in (game_id, first) and games_stored(app) == 3


def test_a_second_scorer_tapping_rematch_joins_the_same_new_game(app, client):
    from conftest import joined
    game_id = imported(client, example("smear-to-15"))
    phone = joined(app, client, game_id)
    first = new_game_key(client.post(f"/games/{game_id}/rematch", data={"version": "1"}))
    second = new_game_key(phone.post(f"/games/{game_id}/rematch", data={"version": "1"}))
    assert first == second and phone.get(f"/games/{second}").status_code == 200


def test_rematch_of_a_game_in_progress_is_asked_first_and_starts_with_the_next_dealer(client):
    hands = example("oh_hell-short")["hands"][:2]
    game_id = imported(client, example("oh_hell-short") | {"hands": hands})
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Rematch</button>" not in board                               # no one-tap new game mid-game
    assert f'<a class="button quiet" href="/games/{game_id}/rematch">Rematch…</a>' in board
    asked = text(client.get(f"/games/{game_id}/rematch"))
    assert "Start a rematch?" in asked and "This game is not over yet." in asked and "Rematch</button>" in asked
    assert games_stored(client.application) == 1                         # asking made nothing
    scored = score(example("oh_hell-short") | {"hands": hands})
    made = exported_record(client, new_game_key(client.post(f"/games/{game_id}/rematch", data={"version": "1"})))
    assert made["first_dealer"] == scored.next["dealer"] == (example("oh_hell-short").get("first_dealer", 0) + 2) % 4
    assert made["settings"] == example("oh_hell-short")["settings"]


def test_rematch_of_gin_passes_the_box_and_the_captain_on(client):
    gin = example("gin3-to-100")                   # finished
    game_id = imported(client, gin)
    scored = score(gin)
    last_box = scored.hands[-1].facts["dealer"]
    made = exported_record(client, new_game_key(client.post(f"/games/{game_id}/rematch", data={"version": "1"})))
    assert made["first_dealer"] == (last_box + 1) % 3 and made["first_captain"] == (last_box + 2) % 3
    team_won = record("gin3", ["Ann", "Ben", "Cy"], [
        {"result": "knock", "knocker": "team", "deadwood": {"box": 20, "team": 5}}])     # captain Ben moves into the box
    going = imported(client, team_won)
    roles = score(team_won).next["roles"]
    made = exported_record(client, new_game_key(client.post(f"/games/{going}/rematch", data={"version": "1"})))
    assert (made["first_dealer"], made["first_captain"]) == (roles["box"], roles["captain"]) == (1, 2)


def test_watchers_cannot_rematch_and_see_no_button(app, client):
    from conftest import joined
    game_id = imported(client, example("pitch-to-7"))
    watcher = joined(app, client, game_id, "Watch")
    assert "Rematch" not in text(watcher.get(f"/games/{game_id}"))
    assert watcher.post(f"/games/{game_id}/rematch", data={"version": "1"}).status_code == 403


# --- play again ------------------------------------------------------------------------------------

def test_new_game_offers_the_last_five_different_tables_this_browser_played(app, client):
    assert "Play again" not in text(client.get("/games/new"))
    keys = []
    for n in range(7):
        players = ["Ann", "Ben", f"Guest {n}"]
        keys.append(new_game_key(client.post("/games/new/pitch", data=new_game_data(record("pitch", players))
                                             | {"key": f"play-again-key-{n:04d}"})))
    imported(client, record("pitch", ["Ann", "Ben", "Guest 6"]))        # the same table again (settings by default)
    page = text(client.get("/games/new"))
    offered = re.findall(r'<a href="/games/new/pitch\?from=([^"]+)"><b>Pitch</b>: ([^<]+)<br><small>([^<]+)', page)
    assert [players for _, players, _ in offered] == [f"Ann, Ben, Guest {n}" for n in (6, 5, 4, 3, 2)]
    assert offered[1][0] == keys[5] and offered[1][2] == "default settings"
    assert "Play again" not in text(app.test_client().get("/games/new"))        # another browser played none


def filled_in(page):
    """What a browser would send from a page's form as it stands (text and hidden fields, ticked boxes)."""
    from html.parser import HTMLParser
    data = {}

    class Inputs(HTMLParser):
        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag != "input" or "name" not in attrs:
                return
            if attrs.get("type") in ("radio", "checkbox"):
                if "checked" in attrs:
                    data[attrs["name"]] = attrs.get("value", "y")
            else:
                data[attrs["name"]] = attrs.get("value", "")

    Inputs().feed(page)
    return data


def test_play_again_names_settings_that_differ_and_fills_the_new_game_form(client):
    game_record = example("oh_hell-variants") | {"note": "Grandma's table"}     # 2 hands of 7 down, hook on
    game_id = imported(client, game_record)
    scored = score(game_record)
    page = text(client.get("/games/new"))
    link = re.search(rf'href="(/games/new/oh_hell\?from={game_id})"><b>Oh Hell</b>: ([^<]+)<br><small>([^<]+)', page)
    assert link and link.group(2) == ", ".join(game_record["players"]) and link.group(3) != "default settings"
    form = text(client.get(link.group(1)))
    for seat, name in enumerate(game_record["players"]):
        assert f'id="player_{seat}" list="names" maxlength="40" name="player_{seat}" type="text" value="{name}"' in form
    assert filled_in(form)["first_dealer"] == "1" == str(scored.next["dealer"])    # George, Eileen dealt: Frank next
    assert 'value="Grandma&#39;s table"' in form
    data = filled_in(form)
    made = exported_record(client, new_game_key(client.post(link.group(1), data=data)))
    defaults = {s.name: s.default for s in scored.game.settings(len(game_record["players"]))}
    settings = defaults | game_record["settings"]
    assert made["settings"] == settings and made["players"] == game_record["players"]
    assert made["note"] == "Grandma's table"


def test_a_play_again_link_to_a_game_this_browser_cannot_read_fills_nothing(app, client):
    game_id = imported(client, example("pitch-to-7") | {"note": "secret"})
    stranger = app.test_client()
    page = text(stranger.get(f"/games/new/pitch?from={game_id}"))
    assert filled_in(page)["player_0"] == "" and "secret" not in page
    assert filled_in(text(client.get(f"/games/new/gin3?from={game_id}")))["player_0"] == ""   # a game of another kind
    assert filled_in(text(client.get(f"/games/new/pitch?from={game_id}")))["player_0"] == "Ann"


# --- in a real browser: folded on the phone, open on paper, accessible ------------------------------

def test_in_chromium_the_chart_is_folded_on_the_phone_printed_on_paper_and_passes_axe(tmp_path):
    import os
    import threading
    from pathlib import Path
    playwright_api = pytest.importorskip("playwright.sync_api")
    axe_package = pytest.importorskip("axe_playwright_python")
    from werkzeug.serving import make_server

    from app import create_app
    from test_browser import close
    from test_browser_pages import AXE_RUN, SMALL_CONTROLS
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        pytest.skip("no Chromium")
    app = create_app({"DATABASE": str(tmp_path / "sheet.db"), "SECRET_KEY": "sheet"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    axe = (Path(axe_package.__file__).parent / "axe.min.js").read_text()
    try:
        with playwright_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                          bypass_csp=True)
            page = context.new_page()
            fetched = []
            context.on("request", lambda asked: fetched.append(asked.url) if "chart.svg" in asked.url else None)
            page.goto(f"{server}/games/import")
            page.fill("#record", json.dumps(example("pitch-to-7") | {"note": "Cabin weekend"}))
            page.get_by_role("button", name="Import").click()
            page.wait_for_selector(".sides")
            chart_image = page.locator("details.chart img")
            folded = page.locator("details.chart")
            assert not folded.evaluate("details => details.open")
            assert folded.bounding_box()["height"] < 60                       # folded away: its summary alone
            page.wait_for_timeout(300)
            assert fetched == []                                                    # and not even fetched
            page.emulate_media(media="print")
            assert chart_image.bounding_box()["height"] > 100                                       # on paper
            page.emulate_media(media="screen")
            page.get_by_text("Chart of the running totals").click()
            page.wait_for_function("document.querySelector('details.chart img').naturalWidth > 0")
            assert chart_image.bounding_box()["height"] > 150
            assert len(set(fetched)) == 1                       # once (the service worker may pass it on)
            printing = context.new_page()
            printing.goto(page.url)
            printing.pdf()                                                  # printing fetches the folded chart
            assert printing.evaluate("document.querySelector('details.chart img').naturalWidth") > 0
            printing.close()
            problems = {}
            for url in (page.url, f"{server}/games/new", f"{server}/games/new/pitch?from={page.url.rsplit('/', 1)[1]}"):
                page.goto(url)
                if url == page.url and "/games/new" not in url:
                    page.get_by_text("Chart of the running totals").click()
                page.evaluate(axe)
                found = page.evaluate(SMALL_CONTROLS) + page.evaluate(AXE_RUN)
                if page.evaluate("document.documentElement.scrollWidth") > 360:
                    found.append("scrolls sideways")
                if found:
                    problems[url] = found
            assert problems == {}
            page.goto(f"{server}/games/new")
            page.get_by_role("link", name="Pitch: Ann, Ben, Cy").click()
            assert page.locator("#note").input_value() == "Cabin weekend"
            page.get_by_role("button", name="Start the game").click()
            assert "Ben deals" in page.locator(".banner").inner_text()
            assert page.locator(".note").inner_text() == "Cabin weekend"
            close(context)
            browser.close()
    finally:
        httpd.shutdown()
