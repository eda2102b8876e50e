"""Finished games for BG Stats: the file its Import reads (one game, or every game a browser can
see) and the link that adds a play in the app, checked against what the format needs
(docs/bgstats.md): every id a play refers to exists, every score is a string, every play has one
start player, winners and places flagged from the engine's result."""
import json
import re
from urllib.parse import unquote, urlsplit

import pytest

from conftest import joined, play_through_forms, record
from rules_engine import GAMES
from test_share import SHORT, THREE, imported

STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")         # BG Stats' own "2026-11-29 20:15:00"
UUID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")
FIELDS = {      # what each part must carry, and of what type (bool is checked apart from int)
    "players": {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str},
    "games": {"id": int, "uuid": str, "name": str, "modificationDate": str, "cooperative": bool,
              "highestWins": bool, "noPoints": bool, "usesTeams": bool, "bggId": int},
    "plays": {"uuid": str, "modificationDate": str, "entryDate": str, "playDate": str, "usesTeams": bool,
              "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int, "gameRefId": int,
              "comments": str, "playerScores": list, "expansionPlays": list},
    "playerScores": {"playerRefId": int, "score": str, "winner": bool, "newPlayer": bool, "startPlayer": bool,
                     "rank": int, "seatOrder": int, "role": str},
}


def typed(part, item, where):
    problems = []
    for name, kind in FIELDS[part].items():
        value = item.get(name)
        if value is None or isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
            problems.append(f"{where}: {name} is {value!r}, not a {kind.__name__}")
    return problems


def problems_of(data):
    """What in a BG Stats file its Import could not read, a line each (nothing: it reads)."""
    problems = []
    for part in ("players", "locations", "games", "plays"):
        if not isinstance(data.get(part), list):
            return [f"{part} is not a list"]
    ids = {}
    for part in ("players", "games"):
        for index, item in enumerate(data[part]):
            problems += typed(part, item, f"{part}[{index}]")
            if not UUID.fullmatch(str(item.get("uuid"))):
                problems.append(f"{part}[{index}]: uuid {item.get('uuid')!r}")
        ids[part] = [item.get("id") for item in data[part]]
        if len(set(ids[part])) != len(ids[part]) or 0 in ids[part]:
            problems.append(f"{part}: ids {ids[part]} are not unique and from 1")
    for index, play in enumerate(data["plays"]):
        where = f"plays[{index}]"
        problems += typed("plays", play, where)
        problems += [f"{where}: {name} {play.get(name)!r}" for name in ("playDate", "entryDate", "modificationDate")
                     if not STAMP.fullmatch(str(play.get(name)))]
        if play.get("gameRefId") not in ids["games"]:
            problems.append(f"{where}: gameRefId {play.get('gameRefId')} is no game")
        scores = play.get("playerScores") or []
        for seat, score in enumerate(scores):
            problems += typed("playerScores", score, f"{where}.playerScores[{seat}]")
            if score.get("playerRefId") not in ids["players"]:
                problems.append(f"{where}.playerScores[{seat}]: playerRefId {score.get('playerRefId')} is no player")
            if not re.fullmatch(r"-?\d+", str(score.get("score"))):
                problems.append(f"{where}.playerScores[{seat}]: score {score.get('score')!r} is no number")
        if sum(score.get("startPlayer") is True for score in scores) != 1:
            problems.append(f"{where}: not one start player")
        if not any(score.get("winner") is True for score in scores):
            problems.append(f"{where}: no winner")
        if play.get("usesTeams") and not all(score.get("team") for score in scores):
            problems.append(f"{where}: a team play with a player in no team")
    me = (data.get("userInfo") or {}).get("meRefId")
    if me != 0 and me not in ids["players"]:
        problems.append(f"userInfo.meRefId {me!r} is no player (0: none)")
    return problems


def file_of(client, url="/games/export.bgsplay"):
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    data = json.loads(response.data)
    assert problems_of(data) == []
    return data


def scores(data, play=0):
    """A play's scores as (player's name, score, winner, rank, start player, seat order, team)."""
    names = {player["id"]: player["name"] for player in data["players"]}
    return [(names[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["startPlayer"], s["seatOrder"],
             s.get("team")) for s in data["plays"][play]["playerScores"]]


def test_every_games_file_reads_and_names_each_game_in_english(client):
    keys = {game: play_through_forms(client, played) for game, (played, _lines) in SHORT.items()}
    data = file_of(client)
    assert len(data["plays"]) == len(SHORT)
    assert sorted(game["name"] for game in data["games"]) == sorted(str(GAMES[game].title) for game in SHORT)
    assert [game["bggId"] for game in data["games"]] == [0] * len(SHORT)   # no BoardGameGeek ids (docs/bgstats.md)
    # Ann, Ben, Cy and Dee play in several games: each is one player of the file
    assert sorted(player["name"] for player in data["players"]) == ["Ann", "Ben", "Cy", "Dee"]
    for game, key in keys.items():
        alone = file_of(client, f"/games/{key}/result.bgsplay")
        assert len(alone["plays"]) == 1 and alone["plays"][0]["uuid"] in {play["uuid"] for play in data["plays"]}


def test_scores_are_strings_winners_and_places_from_the_result_and_the_first_dealer_starts(client):
    # Ann deals; Ben pitched 2 and was set back; Cy went out
    key = play_through_forms(client, SHORT["pitch"][0])
    data = file_of(client, f"/games/{key}/result.bgsplay")
    assert scores(data) == [("Ann", "0", False, 2, True, 1, None), ("Ben", "-2", False, 3, False, 2, None),
                            ("Cy", "2", True, 1, False, 3, None)]
    play = data["plays"][0]
    assert (play["rounds"], play["usesTeams"], play["manualWinner"], play["comments"]) == (1, False, True, "")


def test_a_shared_win_flags_every_winner(client):
    key = play_through_forms(client, record("oh_hell", THREE, [{"bids": [0, 0, 0], "tricks": [0, 0, 1]}],
                                            {"max_cards": 1}, first_dealer=2))
    assert scores(file_of(client, f"/games/{key}/result.bgsplay")) == [
        ("Ann", "10", True, 1, False, 1, None), ("Ben", "10", True, 1, False, 2, None),
        ("Cy", "0", False, 3, True, 3, None)]                          # Cy dealt first


def test_partners_score_their_sides_total_in_their_team(client):
    key = play_through_forms(client, SHORT["back_alley"][0])          # Dee deals; Ann boards and takes it
    data = file_of(client, f"/games/{key}/result.bgsplay")
    assert scores(data) == [("Ann", "10", True, 1, False, 1, "Ann & Cy"), ("Ben", "0", False, 2, False, 2, "Ben & Dee"),
                            ("Cy", "10", True, 1, False, 3, "Ann & Cy"), ("Dee", "0", False, 2, True, 4, "Ben & Dee")]
    assert data["plays"][0]["usesTeams"] and data["games"][0]["usesTeams"]


def test_totals_take_in_adjustments_and_end_bonuses_and_the_note_is_the_comment(client):
    played = record("gin3", THREE, [{"result": "draw"}, {"adjustment": [0, -10, 0], "note": "Ben reneged"},
                                    {"result": "knock", "knocker": "team", "deadwood": {"box": 20, "team": 5}}],
                    {"target": 10, "box_bonus": 5}, note="Friday at Cy's")
    key = imported(client, played)
    play = file_of(client, f"/games/{key}/result.bgsplay")["plays"][0]
    assert [score["score"] for score in play["playerScores"]] == ["0", "10", "20"]   # Ben -10 + 15 + 5, Cy 15 + 5
    assert (play["rounds"], play["comments"]) == (2, "Friday at Cy's")              # two hands; the adjustment is none


def test_the_file_holds_the_finished_games_a_browser_can_see_and_no_other(app, client):
    mine = play_through_forms(client, SHORT["gin3"][0])
    play_through_forms(client, {**SHORT["smear"][0], "hands": []})               # in play: no play yet
    other = app.test_client()
    theirs = play_through_forms(other, SHORT["oh_hell"][0])
    assert [play["uuid"] for play in file_of(client)["plays"]] == \
        [play["uuid"] for play in file_of(client, f"/games/{mine}/result.bgsplay")["plays"]]
    assert file_of(app.test_client())["plays"] == []                            # a stranger's: empty
    assert app.test_client().get(f"/games/{mine}/result.bgsplay").status_code == 404
    watcher = joined(app, other, theirs, "Watch")
    assert watcher.get(f"/games/{theirs}/result.bgsplay").status_code == 200    # read-only is enough
    play_through_forms(watcher, SHORT["pitch"][0])
    assert len(file_of(watcher)["plays"]) == 2                                   # its own game and the one it watches
    owner = app.test_client()
    owner.get(f"/owner/{app.config['OWNER_KEY']}")
    assert len(file_of(owner)["plays"]) == 3                                     # every finished game


def test_a_game_in_play_has_no_bgstats_file(client):
    key = play_through_forms(client, {**SHORT["pitch"][0], "hands": []})
    assert client.get(f"/games/{key}/result.bgsplay").status_code == 404


def test_exporting_again_gives_the_same_ids_so_bgstats_updates_the_play(client):
    key = play_through_forms(client, SHORT["smear"][0])
    first, again = (file_of(client, f"/games/{key}/result.bgsplay") for _ in range(2))
    assert first == again
    client.set_cookie("lang", "ps")
    assert file_of(client, f"/games/{key}/result.bgsplay") == first              # BG Stats' words, not the page's


@pytest.mark.parametrize("break_it, problem", [
    (lambda d: d["plays"][0]["playerScores"][0].update(score=0), "score is 0, not a str"),
    (lambda d: d["plays"][0]["playerScores"][0].update(startPlayer=False), "not one start player"),
    (lambda d: d["plays"][0]["playerScores"][1].update(playerRefId=99), "playerRefId 99 is no player"),
    (lambda d: d["plays"][0].update(gameRefId=7), "gameRefId 7 is no game"),
    (lambda d: d["plays"][0].update(playDate="2026-11-29T20:15:00Z"), "playDate"),
    (lambda d: d["players"][1].update(id=1), "ids [1, 1, 3] are not unique"),
    (lambda d: d["userInfo"].update(meRefId=9), "meRefId 9 is no player"),
])
def test_the_check_finds_what_bgstats_could_not_read(client, break_it, problem):
    data = file_of(client, f"/games/{play_through_forms(client, SHORT['gin3'][0])}/result.bgsplay")
    break_it(data)
    assert any(problem in line for line in problems_of(data)), problems_of(data)


def test_the_push_link_carries_the_play_as_url_encoded_json(client):
    played = {**SHORT["back_alley"][0], "note": "Cy's birthday"}
    key = imported(client, played)
    page = client.get(f"/games/{key}/result").get_data(as_text=True)
    link = re.search(r'<a class="button" href="([^"]+)">Add to BG Stats</a>', page).group(1).replace("&amp;", "&")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("bgstats", "app.bgstatsapp.com", "/createPlay.html")
    assert parts.query.startswith("data=") and "&" not in parts.query and " " not in link
    play = json.loads(unquote(parts.query.removeprefix("data=")))
    assert play["sourceName"] == "Scorepad" and play["sourcePlayId"] == key and STAMP.fullmatch(play["playDate"])
    assert play["game"] == {"name": "Back Alley", "sourceGameId": "back_alley", "highestWins": True,
                            "noPoints": False, "usesTeams": True}
    assert play["comments"] == "Cy's birthday"
    assert [(p["name"], p["sourcePlayerId"], p["startPlayer"], p["winner"], p["score"], p["rank"], p["team"])
            for p in play["players"]] == [("Ann", "ann", False, True, 10, 1, "Ann & Cy"),
                                          ("Ben", "ben", False, False, 0, 2, "Ben & Dee"),
                                          ("Cy", "cy", False, True, 10, 1, "Ann & Cy"),
                                          ("Dee", "dee", True, False, 0, 2, "Ben & Dee")]
    assert f'href="/games/{key}/result.bgsplay" download' in page                  # and the file beside it


def test_every_game_is_offered_for_bgstats_from_the_home_page(client):
    play_through_forms(client, SHORT["gin3"][0])
    assert 'href="/games/export.bgsplay" download>All games for BG Stats</a>' in client.get("/").get_data(as_text=True)
