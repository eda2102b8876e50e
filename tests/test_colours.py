"""A colour per player, kept with the name from game to game: the set (colour-blind safe, readable
in dark mode), how seats get their colours, and where the pages, the chart and the big screen show them."""
import itertools
import json
import math
import re

import pytest

from conftest import ROOT, new_game_data, record
from rules_engine import score
from scorepad.storage import store
from scorepad.web import chart, colours
from scorepad.web.colours import PALETTE

FOUR = ["Ann", "Ben", "Cy", "Dee"]
IDS = [colour.id for colour in PALETTE]


# --- the set --------------------------------------------------------------------------------------

CSS = (ROOT / "static" / "app.css").read_text()


def on_page(theme):
    """Each colour as the light or the dark page draws it (grey is the theme's --muted)."""
    root = r":root\{" if theme == "light" else r":root\[data-theme=dark\]\{"
    muted = re.search(root + r"[^}]*--muted:(#[0-9a-f]{6})", CSS).group(1)
    return [colour.page.replace("var(--muted)", muted) for colour in PALETTE]


def channels(hex_colour):
    return [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]


def linear(value):
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(hex_colour):
    r, g, b = map(linear, channels(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other):
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Machado, Oliveira and Fernandes (2009): full dichromacy, on linear RGB.
SIMULATED = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def seen(hex_colour, vision):
    """The colour as `vision` sees it, in OKLab (where a distance is how different two colours look)."""
    rgb = [linear(value) for value in channels(hex_colour)]
    r, g, b = [min(max(sum(m * v for m, v in zip(row, rgb)), 0), 1) for row in SIMULATED[vision]]
    lms = [(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3),
           (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3),
           (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)]
    return (0.2104542553 * lms[0] + 0.7936177850 * lms[1] - 0.0040720468 * lms[2],
            1.9779984951 * lms[0] - 2.4285922050 * lms[1] + 0.4505937099 * lms[2],
            0.0259040371 * lms[0] + 0.7827717662 * lms[1] - 0.8086757660 * lms[2])


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("vision", list(SIMULATED))
def test_no_two_colours_look_alike_to_colour_blind_eyes_in_either_theme(theme, vision):
    """Okabe and Ito's set keeps every pair apart (0.07 in OKLab, several times what an eye tells
    apart) for each kind of colour blindness, with its black as the page's own grey."""
    drawn = on_page(theme)
    closest = min(math.dist(seen(a, vision), seen(b, vision)) for a, b in itertools.combinations(drawn, 2))
    assert closest >= 0.07, closest


def test_the_set_reads_on_a_dark_page_and_on_the_white_chart():
    assert len(set(IDS)) == len(PALETTE) == 8 > 7, "more colours than a table has seats"
    for colour in on_page("dark"):                       # a stripe on the dark card and page
        assert contrast(colour, "#1f1f1f") >= 3 and contrast(colour, "#121212") >= 3, colour
    for colour in PALETTE:                               # a line on the chart's white card
        assert contrast(colour.chart, "#ffffff") >= 3, colour.id
    assert contrast(on_page("light")[IDS.index("grey")], "#ffffff") >= 3


def test_the_chart_draws_each_side_in_its_colour_with_the_dash_and_marker_of_its_place():
    svg = chart.score_chart(["Ann", "Ben", "Cy"], [[1, 2, 3]], colours=["#9a8d00", "#0072b2", "#595959"])
    drawn = re.findall(r'<polyline fill="none" stroke="([^"]+)" stroke-width="2"(?: stroke-dasharray="([^"]+)")?', svg)
    assert drawn[:3] == [("#9a8d00", ""), ("#0072b2", "7 3"), ("#595959", "2 3")]      # the same dashes as before
    assert drawn[3:] == drawn[:3]                                                          # and in the legend
    assert chart.side_look(1, ["#9a8d00"]) == (PALETTE[1].chart, "7 3", "square")        # none given: the set's


# --- how seats get their colours ------------------------------------------------------------------

@pytest.mark.parametrize("chosen, names, remembered, expected", [
    ([None, None, None], FOUR[:3], {}, ["blue", "red", "green"]),                        # the set in order
    ([None, None, None], FOUR[:3], {"cy": "yellow", "ann": "pink"}, ["pink", "blue", "yellow"]),
    (["pink", None, None], FOUR[:3], {"ben": "pink"}, ["pink", "blue", "red"]),         # chosen beats remembered
    ([None, None], ["Ann", "Ben"], {"ann": "sky", "ben": "sky"}, ["sky", "blue"]),      # the earlier seat keeps it
    ([None, None, "blue"], FOUR[:3], {"ann": "red"}, ["red", "green", "blue"]),         # first colour nobody has
    ([None] * 7, ["A", "B", "C", "D", "E", "F", "G"], {}, IDS[:7]),
    ([None] * 12, [str(seat) for seat in range(12)], {}, IDS + IDS[:4]),                 # past the set: again
    (["blue", *[None] * 9], [str(seat) for seat in range(10)], {}, ["blue", *IDS[1:], "blue", "red"]),
])
def test_a_seat_gets_the_colour_chosen_else_its_last_else_the_first_free(chosen, names, remembered, expected):
    assert colours.settled(chosen, names, remembered) == expected


@pytest.mark.parametrize("given, expected", [
    (["red", "blue"], ["red", "blue", None]),
    (["red", "red", "mauve"], ["red", None, None]),              # the same twice, a colour of no set
    ("red", [None, None, None]), (None, [None, None, None]),
    ([7, None, "grey", "sky"], [None, None, "grey"]),            # a number, one too many
])
def test_a_records_colours_keep_what_the_set_has_once(given, expected):
    assert colours.wanted(given, 3) == expected


def test_a_name_remembers_the_colour_of_its_newest_game_whatever_its_case():
    games = [(["ANN ", "Ben"], ["pink", "sky"]),                 # newest first
             (["ann", "Cy", "Dee"], ["red", "green", "blue"]),
             (["Dee", "Eve"], None)]                              # stored before colours: the set in order
    assert colours.remembered(["Ann", "Cy", "Dee", "Eve", "Fay"], games) == {
        "ann": "pink", "cy": "green", "dee": "blue", "eve": "red"}


# --- kept with the game: new, imported, rematch, the score ----------------------------------------

def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json().get("colours")


def imported(client, played):
    response = client.post("/games/import", data={"record": json.dumps(played)})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_an_import_keeps_its_colours_and_gives_the_missing_ones(client):
    kept = imported(client, record("pitch", ["Ann", "Ben", "Cy"], colours=["orange", "pink", "red"]))
    assert stored(client, kept) == ["orange", "pink", "red"]
    assert stored(client, imported(client, record("pitch", ["Cy", "Ann", "Eve"]))) == ["red", "orange", "blue"]
    fixed = imported(client, record("pitch", ["Gus", "Hal", "Ivy"], colours=["pink", "pink", "#ff0000"]))
    assert stored(client, fixed) == ["pink", "blue", "red"]


def test_the_score_is_the_same_with_colours_or_without():
    played = json.loads((ROOT / "examples" / "pitch-to-7.json").read_text())
    assert score({**played, "colours": ["sky", "pink", "grey"]}).to_dict() == score(played).to_dict()
    assert score({**played, "colours": "anything"}).to_dict() == score(played).to_dict()


def test_the_score_command_ignores_colours(tmp_path):
    import subprocess
    import sys
    played = json.loads((ROOT / "examples" / "pitch-to-7.json").read_text())
    (tmp_path / "with.json").write_text(json.dumps({**played, "colours": ["sky", "pink", "grey"]}))
    said = [subprocess.run([sys.executable, "-m", "rules_engine", "score", str(path)], cwd=ROOT, capture_output=True,
                           text=True) for path in (tmp_path / "with.json", ROOT / "examples" / "pitch-to-7.json")]
    assert said[0].returncode == 0 and said[0].stdout == said[1].stdout and said[0].stderr == ""


def test_a_game_stored_without_colours_shows_the_set_in_seat_order(app, client):
    """As a game stored before there were colours, or written straight to the database."""
    from scorepad.pages import db
    with app.app_context():
        with store.writing(db()):
            game_row = store.create_game(db(), record("oh_hell", ["Ann", "Ben", "Cy"]))
            store.add_member(db(), "phone", game_row, "scorer")
        key = store.get_row(db(), game_row)["key"]
        assert "colours" not in store.record_from(db(), store.get_row(db(), game_row))
    with client.session_transaction() as session:
        session["browser"] = "phone"
    assert tiles(client.get(f"/games/{key}").get_data(as_text=True)) == ["blue", "red", "green"]
    again = client.post(f"/games/{key}/rematch", data={"version": "1"}).headers["Location"].rsplit("/", 1)[1]
    assert stored(client, again) == ["blue", "red", "green"]             # as it showed


def test_a_rematch_keeps_the_colours(client):
    game_id = imported(client, record("oh_hell", FOUR, colours=["sky", "blue", "red", "grey"]))
    again = client.post(f"/games/{game_id}/rematch", data={"version": "1"}).headers["Location"].rsplit("/", 1)[1]
    assert stored(client, again) == stored(client, game_id) == ["sky", "blue", "red", "grey"]


# --- chosen on the new-game form ------------------------------------------------------------------

def started(client, players, game="oh_hell", **colour_choices):
    data = {**new_game_data(record(game, players)), **colour_choices}
    response = client.post(f"/games/new/{game}", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_table_of_twelve_starts_with_the_set_and_then_the_set_again(client):
    names = [f"Player {seat + 1}" for seat in range(12)]
    response = client.post("/games/new/any_game", data=new_game_data(record("any_game", names)))
    assert response.status_code == 302                      # a 500 while the set had fewer colours than seats
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert stored(client, game_id) == tiles(client.get(f"/games/{game_id}").get_data(as_text=True)) == IDS + IDS[:4]


def test_a_new_game_gives_each_player_a_different_colour_shown_on_the_tiles(client):
    game_id = started(client, ["Ann", "Ben", "Cy"])
    assert stored(client, game_id) == ["blue", "red", "green"]
    assert tiles(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["blue", "red", "green"]


def test_a_name_gets_its_colour_from_its_last_game_in_any_case(client):
    first = started(client, ["Ann", "Ben", "Cy"], colour_1="yellow")
    assert stored(client, first) == ["blue", "yellow", "red"]
    game_id = started(client, ["cy", "Dee", "ANN", "Ben"])
    assert stored(client, game_id) == ["red", "green", "blue", "yellow"]     # Dee: the first colour nobody has


def test_the_pages_classes_are_the_set():
    classes = dict(re.findall(r"\.c-([a-z]+)\{--c:([^}]+)\}", CSS))
    assert classes == {colour.id: colour.page for colour in PALETTE} and all(c.css == f"c-{c.id}" for c in PALETTE)


def test_two_players_choosing_the_same_colour_are_told_next_to_the_second(client):
    data = {**new_game_data(record("oh_hell", ["Ann", "Ben", "Cy"])), "colour_0": "pink", "colour_2": "pink"}
    page = client.post("/games/new/oh_hell", data=data).get_data(as_text=True)
    assert '<p class="error" id="colour_2-error">Pink is Ann&#39;s colour already: choose another.</p>' in page
    assert re.search(r'<select id="colour_2" name="colour_2" class="c-pink" aria-describedby="colour_2-error" '
                     r'aria-invalid="true">', page)
    assert '<option value="pink" selected>Pink</option>' in page        # what was chosen stays chosen
    assert store.list_games(store.connect(client.application.config["DATABASE"]), owner=True) == []


def test_a_colour_chosen_on_purpose_wins_over_a_remembered_one(client):
    started(client, ["Ann", "Ben", "Cy"])                                  # Ann blue
    game_id = started(client, ["Ann", "Ben", "Cy"], colour_2="blue")
    assert stored(client, game_id) == ["green", "red", "blue"]             # Ann's blue taken: the first free


def test_play_again_fills_in_the_colours(client):
    game_id = started(client, FOUR, colour_0="sky", colour_3="grey")
    form = client.get(f"/games/new/oh_hell?from={game_id}").get_data(as_text=True)
    assert re.findall(r'<select id="colour_\d" name="colour_\d" class="c-([a-z]+)"', form) == ["sky", "blue", "red", "grey"]


# --- shown on the tiles, the hands and the big screen ---------------------------------------------

def tiles(page):
    """Each score tile's colour class, in order."""
    return re.findall(r'<li class="(?:lead )?c-([a-z]+)"><bdi class="name">', page)


def a_hand_in_colour(client):
    return imported(client, record("pitch", ["Ann", "Ben", "Cy"], [{"bids": [2, "pass", "pass"], "high": 0, "low": 0}],
                                   colours=["orange", "grey", "blue"]))


def test_the_scoreboard_and_big_screen_carry_each_sides_colour(client):
    game_id = a_hand_in_colour(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert tiles(page) == ["orange", "grey", "blue"]
    assert re.findall(r'<th scope="col" class="c-([a-z]+)"', page) == ["orange", "grey", "blue"]      # the hands' columns
    assert re.findall(r'<col class="c-([a-z]+)">', page) == ["orange", "grey", "blue"]     # a tint down each column
    tv = client.get(f"/games/{game_id}/tv").get_data(as_text=True)
    assert tiles(tv) == ["orange", "grey", "blue"]
    assert re.findall(r'<span class="c-([a-z]+)"><bdi>', tv) == ["orange", "grey", "blue"]   # the last hands' names


def test_a_team_plays_in_its_first_players_colour(client):
    game_id = started(client, FOUR, game="back_alley", colour_1="yellow")
    assert stored(client, game_id) == ["blue", "yellow", "red", "green"]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert tiles(page) == ["blue", "yellow"]                               # Ann & Cy: Ann's; Ben & Dee: Ben's
    assert "A team plays in its first player's colour." in client.get("/games/new/back_alley").get_data(as_text=True)


# --- drawn on the chart ---------------------------------------------------------------------------

def test_the_charts_lines_are_the_sides_colours(client):
    svg = client.get(f"/games/{a_hand_in_colour(client)}/chart.svg").get_data(as_text=True)
    strokes = re.findall(r'<polyline fill="none" stroke="([^"]+)"', svg)
    assert strokes == [colours.BY_ID[c].chart for c in ("orange", "grey", "blue")] * 2     # the lines, then the legend
    assert 'stroke-dasharray="7 3"' in svg                                   # the dashes and markers stay
