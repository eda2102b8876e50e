"""Take it home: CSV per game, all games as a zip (and back), rules pages, calculators, print."""
import csv
import html
import io
import json
import re
import zipfile

import pytest

from conftest import example_paths, load_example, play_through_forms, record, unisolated
from rules_engine import GAMES, score
from rules_engine.parts.point_games import PointsGame
from scorepad.words.exports import cell, game_csv


def rows(text):
    """The rows a spreadsheet reads: the text starts with a byte-order mark, so names in any script
    (🃏 Ann, Pashto) read right on Windows too."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def example(stem):
    return load_example([p for p in example_paths() if p.stem == stem][0])[0]


def test_back_alley_csv_has_bids_points_and_totals():
    table = rows(game_csv(example("back_alley-opening")))
    assert table[0] == ["hand", "dealer", "Ann & Cy bid", "Ann & Cy tricks", "Ann & Cy points", "Ann & Cy total",
                        "Ben & Dee bid", "Ben & Dee tricks", "Ben & Dee points", "Ben & Dee total"]
    assert table[1] == ["1", "Dee", "7", "8", "36", "36", "2", "5", "13", "13"]
    assert table[2] == ["2", "Ann", "pass", "", "0", "36", "pass", "", "0", "13"]        # thrown in: no tricks
    assert table[3] == ["3", "Ben", "double board", "0", "-240", "-204", "board", "12", "120", "133"]
    assert table[4] == ["4", "Cy", "5", "4", "-25", "-229", "6", "7", "31", "164"]


def test_oh_hell_csv_has_each_players_bid_and_tricks():
    hands = [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [0, 1, 0, 1], "tricks": [0, 2, 0, 0]}]
    table = rows(game_csv(record("oh_hell", ["Ann", "Ben", "Cy", "Dee"], hands, first_dealer=3)))
    assert table[0][2:6] == ["Ann bid", "Ann tricks", "Ann points", "Ann total"]
    assert table[1] == ["1", "Dee", "1", "1", "11", "11", "0", "0", "10", "10", "0", "0", "10", "10", "0", "0", "10", "10"]
    assert table[2][6:10] == ["1", "2", "0", "10"]                  # Ben bid 1 and took 2: missed, 0


def test_pitch_csv_gives_every_players_bid_and_pass():
    table = rows(game_csv(example("pitch-to-7")))
    assert table[0][:5] == ["hand", "dealer", "Ann bid", "Ann points", "Ann total"]
    # Cy bid 3 and Ann, dealing, took it at 3 and was set: both bids, and Ben's pass
    assert table[1] == ["1", "Ann", "3", "-3", "-3", "pass", "0", "0", "3", "3", "3"]
    assert table[2] == ["2", "Ben", "pass", "2", "-1", "2", "-2", "-2", "pass", "0", "3"]     # Ben pitched 2: set


def test_partners_bids_share_their_sides_cell_each_with_the_name():
    smear = rows(game_csv(example("smear-to-15")))              # Ben bid 3, the rest passed
    assert smear[0][2] == "Ann & Cy bid" and smear[0][5] == "Ben & Dee bid"
    assert smear[1] == ["1", "Ann", "Ann pass; Cy pass", "1", "1", "Ben 3; Dee pass", "3", "3"]
    pitch = rows(game_csv(example("pitch-partners")))           # Ben bid 3, Cy 2 for the other side
    assert [pitch[1][2], pitch[1][5]] == ["Ann pass; Cy 2", "Ben 3; Dee pass"]


@pytest.mark.parametrize("game", [game for game in GAMES if isinstance(GAMES[game], PointsGame)])
def test_every_bid_of_an_auction_is_in_the_csv(game):
    """Pitch's family (found by its engine): an auction has one winner, and the CSV once kept only the
    winning bid. Every bid and pass of every example hand is in its bidder's column."""
    for path in example_paths():
        record = load_example(path)[0]
        if record["game"] != game:
            continue
        table = rows(game_csv(record))
        scored = score(record)
        columns = [table[0].index(f"{side} bid") for side in scored.sides]
        played = [hand for hand in record["hands"] if "bids" in hand]
        for raw, row in zip(played, [row for row in table[1:] if row[0].isdigit()]):
            for seat, bid in enumerate(raw["bids"]):
                cell = row[columns[scored.game.side_of(scored.table, seat)]]
                said = [str(bid)] if cell == str(bid) else [part.rsplit(" ", 1) for part in cell.split("; ")]
                assert said == [str(bid)] or [scored.table.players[seat], str(bid)] in said, (path.stem, row, seat)


def test_gin_csv_has_no_bid_columns():
    table = rows(game_csv(example("gin3-to-100")))
    assert table[0] == ["hand", "dealer", "Ann points", "Ann total", "Ben points", "Ben total", "Cy points", "Cy total"]
    assert table[3] == ["3", "Ann", "0", "30", "56", "56", "56", "56"]


@pytest.mark.parametrize("value, written", [
    ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-Ann", "'-Ann"), ("@cmd", "'@cmd"), ("Ann", "Ann"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("\uff1dSUM(A1)", "'\uff1dSUM(A1)"), ("\uff0b1", "'\uff0b1"),
    ("\uff0d1", "'\uff0d1"), ("\uff20cmd", "'\uff20cmd"),
    (-25, -25), (0, 0), (None, ""),
])
def test_cells_are_safe_against_formula_injection_and_numbers_stay_numbers(value, written):
    assert cell(value) == written


def test_csv_with_risky_names():
    text = game_csv(record("gin3", ["=cmd()", "+Ben", "Cy"], [{"result": "knock", "knocker": "box",
                                                                  "deadwood": {"box": 9, "team": 3}}]))
    table = rows(text)
    assert table[0][2] == "'=cmd() points" and table[0][4] == "'+Ben points"
    assert table[1] == ["1", "'=cmd()", "0", "0", "16", "16", "16", "16"]
    assert "-25" not in text and text.endswith("\r\n")


def test_every_text_cell_is_quoted_so_a_semicolon_in_a_name_cannot_split_it():
    text = game_csv(record("gin3", ["Ann;Ben", "Cy", "Dee"], [{"result": "draw"}]))
    header, first = text.split("\r\n")[:2]
    assert header.startswith('\ufeff"hand","dealer","Ann;Ben points","Ann;Ben total"')
    assert first == '1,"Ann;Ben",0,0,0,0,0,0'


def test_csv_download(client):
    game_id = play_through_forms(client, example("smear-to-15"))
    response = client.get(f"/games/{game_id}/scores.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    assert response.data.startswith(b"\xef\xbb\xbf")                 # UTF-8's byte-order mark, for spreadsheets
    table = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))       # as a spreadsheet reads it
    assert table[-1] == ["10", "Ann", "Ann pass; Cy 3", "1", "15", "Ben 2; Dee 4", "-4", "5"]   # Ben 2, Cy 3, Dee 4
    assert client.get("/games/9/scores.csv").status_code == 404


def test_all_games_zip_and_back_without_duplicates(client, tmp_path):
    ids = [play_through_forms(client, example(stem)) for stem in ("pitch-to-7", "gin3-to-100", "oh_hell-short")]
    response = client.get("/games/export.zip")
    assert response.mimetype == "application/zip"
    data = response.data
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = sorted(archive.namelist())
    assert names == sorted([f"game-{ids[0]}-pitch.json", f"game-{ids[1]}-gin3.json", f"game-{ids[2]}-oh_hell.json",
                            "summary.csv"])                                     # named by each game's random id
    summary = rows(archive.read("summary.csv").decode())
    assert summary[0] == ["game", "date", "kind", "players", "final totals", "winners"]
    by_kind = {row[2]: row[3:] for row in summary[1:]}
    assert by_kind["Pitch"] == ["Ann, Ben, Cy", "Ann 7; Ben 6; Cy -1", "Ann"]
    assert by_kind["Three-player Gin"] == ["Ann, Ben, Cy", "Ann 30; Ben 134; Cy 56", "Ben"]
    assert by_kind["Oh Hell"] == ["Eileen, Frank, George, Holland", "Eileen 35; Frank 42; George 30; Holland 33",
                                  "Frank"]
    # importing the zip here adds nothing; into an empty app it restores all three
    upload = {"record": (io.BytesIO(data), "scorepad-games.zip")}
    response = client.post("/games/import", data=upload, content_type="multipart/form-data", follow_redirects=True)
    assert "Imported 0 games; 3 already here, not duplicated." in response.get_data(as_text=True)
    from app import create_app
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "o",
                        "WTF_CSRF_ENABLED": False}).test_client()
    response = other.post("/games/import", data={"record": (io.BytesIO(data), "games.zip")},
                          content_type="multipart/form-data", follow_redirects=True)
    assert "Imported 3 games." in response.get_data(as_text=True)
    def games(app_client):
        keys = re.findall(r'href="/games/([\w-]{20,})"', app_client.get("/").get_data(as_text=True))
        return sorted(json.dumps({k: v for k, v in app_client.get(f"/games/{n}/record.json").get_json().items()
                                  if k != "created"}, sort_keys=True) for n in keys)
    assert len(games(other)) == 3 and games(other) == games(client)


def zip_of(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in members.items():
            archive.writestr(name, body)
    return buffer.getvalue()


def import_zip(client, data):
    return client.post("/games/import", data={"record": (io.BytesIO(data), "x.zip")},
                       content_type="multipart/form-data", follow_redirects=True)


def test_a_zip_with_a_bad_record_imports_nothing_and_names_the_bad_ones(client):
    data = zip_of({"good.json": json.dumps(example("pitch-partners")),
                   "bad.json": json.dumps({"format": "scorepad/1", "game": "pitch", "players": []}),
                   "broken.json": "{nope"})
    page = html.unescape(import_zip(client, data).get_data(as_text=True))
    assert "Nothing was imported: not a valid record: bad.json (players: Pitch is for 3 to 7 players, not 0); " \
           "broken.json (not readable JSON)." in page
    assert "No games yet" in client.get("/").get_data(as_text=True)


def test_a_zip_of_records_saved_with_a_byte_order_mark_imports_them(client):
    records = {"a.json": example("pitch-partners"), "b.json": example("gin3-to-100")}
    marked = {name: b"\xef\xbb\xbf" + json.dumps(source).encode() for name, source in records.items()}
    assert "Imported 2 games." in html.unescape(import_zip(client, zip_of(marked)).get_data(as_text=True))
    plain = {name: json.dumps(source) for name, source in records.items()}
    page = html.unescape(import_zip(client, zip_of(plain)).get_data(as_text=True))
    assert "Imported 0 games; 2 already here, not duplicated." in page       # the same two games


@pytest.mark.parametrize("members, message", [
    ({"games/a.json": "{}"}, "That zip has folders (games/a.json): a Scorepad export has none."),
    ({"a.json": "{}", "run.exe": "MZ"}, "That zip holds run.exe, which is not a game record (.json)."),
    ({f"g{n}.json": "{}" for n in range(201)}, "That zip holds 201 records: at most 200 can be imported at once."),
    ({"a.json": " " * 6_000_000, "b.json": " " * 5_000_000},
     "That zip unpacks to more than 10 MB: too large to be a Scorepad export."),
    ({"summary.csv": "game"}, "That zip holds no game records."),
])
def test_zips_that_are_not_scorepad_exports_are_refused_whole(client, members, message):
    response = import_zip(client, zip_of(members))
    assert message in html.unescape(response.get_data(as_text=True))
    assert "No games yet" in client.get("/").get_data(as_text=True)


def test_a_broken_zip_is_explained(client):
    response = import_zip(client, b"PK\x03\x04garbage")
    assert "That is not a zip file that can be read." in response.get_data(as_text=True)


def test_an_encrypted_member_is_refused_not_a_crash(client):
    data = bytearray(zip_of({"a.json": json.dumps(example("pitch-partners"))}))
    data[6] |= 1                                   # the local header's "encrypted" flag
    data[data.rfind(b"PK\x01\x02") + 8] |= 1       # and the central directory's
    response = import_zip(client, bytes(data))
    assert response.status_code == 200 and "Nothing was imported: not a valid record: a.json" in response.get_data(as_text=True)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_rules_pages_cover_setup_bidding_play_scoring_and_settings(client, game_id):
    page = client.get(f"/rules/{game_id}").get_data(as_text=True)
    headings = re.findall(r"<h2>([^<]*)</h2>", page)
    assert headings[0] == "Setup" and headings[-1] == "Settings"
    assert any("coring" in h for h in headings)
    game = GAMES[game_id]
    for setting in game.settings(game.min_players):
        assert setting.name.replace("_", " ").capitalize() in page


@pytest.mark.parametrize("game_id", ["back_alley", "pitch", "gin3"])
def test_rules_pages_mark_the_decisions_taken(client, game_id):
    assert "<strong>Decision:</strong>" in client.get(f"/rules/{game_id}").get_data(as_text=True)


def test_rules_opened_from_a_game_show_its_settings(client):
    game_id = play_through_forms(client, example("oh_hell-variants"))
    page = re.sub(r"\s+", " ", client.get(f"/rules/oh_hell?game={game_id}").get_data(as_text=True))
    assert "Settings of this game" in page
    assert "Hook: <strong>on</strong>" in page and "Max cards: <strong>7</strong>" in page
    assert client.get(f"/rules/pitch?game={game_id}").status_code == 404
    assert client.get("/rules/bridge").status_code == 404


def test_deadwood_calculator_fills_the_gin_hand(client):
    game_id = play_through_forms(client, record("gin3", ["Ann", "Ben", "Cy"], []))
    knocker = "5H 6H 7H 8H JC JD JS 2C 3C AD".split()
    opponent = "4H 9H JH QC KD AC 2D 7S 6C 3D".split()
    query = "&".join([f"game={game_id}", "who=team"] + [f"knocker={c}" for c in knocker] +
                     [f"opponent={c}" for c in opponent])
    page = re.sub(r"\s+", " ", client.get(f"/calculators/deadwood?{query}").get_data(as_text=True))
    assert "Knocker: 6 deadwood" in page and "Opponent: 39 deadwood after lay-offs" in page
    link = re.search(r'href="([^"]*hands/new[^"]*)"', page).group(1).replace("&amp;", "&")
    form = client.get(link).get_data(as_text=True)
    assert 'name="result" value="knock" checked' in form and 'name="knocker" value="team" checked' in form
    assert re.search(r'<input[^>]*name="deadwood_team"[^>]*value="6"', form)
    assert re.search(r'<input[^>]*name="deadwood_box"[^>]*value="39"', form)


@pytest.mark.parametrize("query, message", [
    ("knocker=AS&opponent=AS", "A\u2660 can&#39;t be in both hands."),
    ("knocker=XX", "&#39;XX&#39; is not a card (write it like AS, 10H, KD)."),
])
def test_deadwood_calculator_errors(client, query, message):
    assert message in client.get(f"/calculators/deadwood?{query}").get_data(as_text=True)


def test_game_points_calculator(client):
    game_id = play_through_forms(client, record("smear", ["Ann", "Ben", "Cy", "Dee"], []))
    query = f"game={game_id}&side_0=10H&side_0=JS&side_1=AS&side_1=KS&side_1=QD"
    page = re.sub(r"\s+", " ", unisolated(client.get(f"/calculators/game-points?{query}").get_data(as_text=True)))
    assert "Ann &amp; Cy: <b>11</b>" in page and "Ben &amp; Dee: <b>9</b>" in page
    assert "Ann &amp; Cy get the Game point." in page
    link = re.search(r'href="([^"]*hands/new[^"]*)"', page).group(1).replace("&amp;", "&")
    assert 'name="game" value="0" checked' in client.get(link).get_data(as_text=True)
    tie = client.get("/calculators/game-points?side_0=10H&side_1=10S").get_data(as_text=True)
    assert "A tie: nobody gets the Game point." in tie
    both = client.get("/calculators/game-points?side_0=10H&side_1=10H").get_data(as_text=True)
    assert "10\u2665 is marked for both Ann &amp; Cy and Ben &amp; Dee." in both


def test_scoreboard_carries_the_score_sheet_details_for_print(client):
    game_id = play_through_forms(client, example("smear-to-15"))
    page = unisolated(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert 'class="print-only"' in page and "extra cards 2" in page and "Game over: Ann &amp; Cy win." in page
    with client.get("/static/app.css") as response:
        assert "@media print" in response.get_data(as_text=True)
