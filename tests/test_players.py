"""Players' records across games (counted by hand below), renames and merges with their undo."""
import html
import json
import re
import sqlite3

import pytest

from conftest import form_data, invite_links, joined, play_through_forms, record, unisolated
from rules_engine import score
from scorepad.words import records

# --- six small games, counted by hand ------------------------------------------------------------

# Oh Hell, "ann" (lower case: the same player as "Ann"), Ben, Dee; hands of 1 then 2 cards.
#   hand 1: ann bid 1 took 0 (missed, 0), Ben 0/0 (10), Dee 0/1 (0)
#   hand 2: ann bid 0 took 0 (made, 10), Ben 2/2 (12), Dee 0/0 (10)
#   totals ann 10, Ben 22, Dee 10: Ben wins. ann: 1 of 2 bids made.
OH_HELL_1 = record("oh_hell", ["ann", "Ben", "Dee"], [
    {"bids": [1, 0, 0], "tricks": [0, 0, 1]},
    {"bids": [0, 2, 0], "tricks": [0, 2, 0]}], {"max_cards": 2})
# Oh Hell, Ann, Ben, Cy; hands of 1, 2, 3 cards.
#   hand 1: Ann 0/0 (10), Ben 1/1 (11), Cy 0/0 (10)
#   hand 2: Ann 1/1 (11), Ben 1/0 (0), Cy 1/1 (11)
#   hand 3: Ann 2/1 (0), Ben 0/1 (0), Cy 0/1 (0)
#   totals Ann 21, Ben 11, Cy 21: Ann and Cy share the win. Ann: 2 of 3 bids made.
# Ann in Oh Hell: 2 games, won 1; bids made 1 + 2 = 3 of 2 + 3 = 5.
OH_HELL_2 = record("oh_hell", ["Ann", "Ben", "Cy"], [
    {"bids": [0, 1, 0], "tricks": [0, 1, 0]},
    {"bids": [1, 1, 1], "tricks": [1, 0, 1]},
    {"bids": [2, 0, 0], "tricks": [1, 1, 1]}], {"max_cards": 3})
# Back Alley, Ann & Cy v Ben & Dee, 2-1-2 cards, Dee deals first (Ann bids first).
#   deal 1 (2 cards): Ann bids 1, the rest pass; Ann & Cy take 2: made, 5 x 1 + 1 = 6; Ben & Dee 0
#   all four pass: thrown in, Ann deals the 1-card deal again... (no team bid)
#   deal 2 (1 card, Ben deals): Ben bids board; Ann & Cy take 1 (both passed: +1); Ben & Dee set, -10
#   deal 3 (2 cards, Cy deals): Ann bids board (first claim, x1), Cy 1; they take 1 of 2: set, -20;
#     Ben & Dee (both passed) +1
#   totals Ann & Cy 6 + 1 - 20 = -13, Ben & Dee -10 + 1 = -9: Ben & Dee win.
#   Ann's team bid in deals 1 and 3, made 1: "1 of 2".
BACK_ALLEY = record("back_alley", ["Ann", "Ben", "Cy", "Dee"], [
    {"bids": [1, "pass", "pass", "pass"], "tricks": [2, 0]},
    {"bids": ["pass", "pass", "pass", "pass"]},
    {"bids": ["pass", "board", "pass", "pass"], "tricks": [1, 0]},
    {"bids": ["board", "pass", 1, "pass"], "tricks": [1, 1]}], {"max_cards": 2}, first_dealer=3)
# Pitch, Ann, Ben, Cy (to 7, bidder out), Ann deals first; the pitcher and what the pitcher's side scored:
#   1 Ann (dealer, takes Cy's 3) -3 set   2 Ben 2: -2 set   3 Cy 4: -4 set   4 Ann 4: +4 made
#   5 Ben 2: +3 made   6 Ben 3: +3 made   7 Ann (dealer, takes Ben's 2): +3 made -> Ann 7: Ann wins.
#   Ann: 3 bids won, 2 made, 1 set.
PITCH = record("pitch", ["Ann", "Ben", "Cy"], [
    {"bids": [3, "pass", 3], "high": 2, "low": 0, "jack": 2, "game": 2},
    {"bids": ["pass", 2, "pass"], "high": 0, "low": 1, "jack": None, "game": 0},
    {"bids": [3, "pass", 4], "high": 2, "low": 2, "jack": 1, "game": 2},
    {"bids": [4, "pass", "pass"], "high": 0, "low": 0, "jack": 0, "game": 0},
    {"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": 1, "game": None},
    {"bids": [2, 3, "pass"], "high": 1, "low": 1, "jack": 0, "game": 1},
    {"bids": [2, 2, "pass"], "high": 0, "low": 1, "jack": 0, "game": 0}])
# Smear, Ann & Cy v Ben & Dee, not finished.
#   hand 1: Ben bids 3, his side takes High, Jack and Game: made
#   hand 2: Ann bids 2, her side takes nothing: set
#   Ann: 1 bid won, 0 made, 1 set; no winner yet.
SMEAR = record("smear", ["Ann", "Ben", "Cy", "Dee"], [
    {"bids": ["pass", 3, "pass", "pass"], "high": 1, "low": 0, "jack": 1, "game": 1},
    {"bids": [2, "pass", "pass", "pass"], "high": 1, "low": 1, "jack": None, "game": 1}])
# Gin to 75: Ann in the box, Ben captain (plays the team's cards), Cy advisor.
#   1 Ann (box) knocks 5 v 20: box wins 15, stays; Cy becomes captain
#   2 Ann (box) knocks 8 v 6: undercut, the team scores 12 each; Cy to the box, Ben captain, Ann advises
#   3 Ben (captain) goes gin v 30: 55 each to Ben and Ann; Ben to the box, Ann captain, Cy advises
#   4 Ann (captain) knocks 3 v Ben's 3: undercut, Ben (box) 10 -> Ben 77, Ann 70, Cy 12: Ben wins.
#   Ann: 3 knocks, 2 undercut, 0 gins, 2 hands in the box. Ben: 1 gin, 1 hand in the box.
GIN = record("gin3", ["Ann", "Ben", "Cy"], [
    {"result": "knock", "knocker": "box", "deadwood": {"box": 5, "team": 20}},
    {"result": "knock", "knocker": "box", "deadwood": {"box": 8, "team": 6}},
    {"result": "gin", "knocker": "team", "deadwood": {"box": 30, "team": 0}},
    {"result": "knock", "knocker": "team", "deadwood": {"box": 3, "team": 3}}],
    {"target": 75}, first_dealer=0, first_captain=1)
ALL = [OH_HELL_1, OH_HELL_2, BACK_ALLEY, PITCH, SMEAR, GIN]

# Head to head for Ann (a win shared is nobody's lead):
#   Oh Hell 1: Ben won -> behind Ben; Dee did not win either.   Oh Hell 2: Ann and Cy won -> ahead of Ben.
#   Back Alley: Ben & Dee won -> behind Ben, behind Dee (Cy her partner).   Pitch: Ann won -> ahead of Ben, Cy.
#   Smear: not finished.   Gin: Ben won -> behind Ben.
#   Ben: 6 together, ahead 2, behind 3. Cy: 5 together, ahead 1, behind 0. Dee: 3 together, ahead 0, behind 1.


def page_of(name):
    """A player's page: an opaque id made with the app's secret key (the test app's is "test")."""
    import hashlib
    import hmac
    return "/players/" + hmac.new(b"test", records.same(name).encode(), hashlib.sha256).hexdigest()[:20]


def words(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unisolated(response.get_data(as_text=True)))))


def section(page, title):
    """The words of one game's section of a player's page."""
    return page.split(f" {title} ", 1)[1].split(" Head to head ")[0][:200]


def stored(client, game_id):
    return client.get(f"/games/{game_id}/record.json").get_json()


def history_entries(app, game_id, action="renamed"):
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return [(json.loads(before), json.loads(after)) for before, after in db.execute(
            "select h.before, h.after from history h join games g on g.id = h.game_id where g.key = ? "
            "and h.action = ? order by h.id", [game_id, action])]


@pytest.fixture
def six(client):
    return [play_through_forms(client, game) for game in ALL]


def test_the_records_i_counted_by_hand_are_what_the_engine_says():
    assert score(OH_HELL_1).totals == (10, 22, 10) and score(OH_HELL_1).winners == ("Ben",)
    assert score(OH_HELL_2).totals == (21, 11, 21) and score(OH_HELL_2).winners == ("Ann", "Cy")
    assert score(BACK_ALLEY).totals == (-13, -9) and score(BACK_ALLEY).winners == ("Ben & Dee",)
    assert score(PITCH).totals == (7, 6, -1) and score(PITCH).winners == ("Ann",)
    assert not score(SMEAR).finished
    assert score(GIN).totals == (70, 77, 12) and score(GIN).winners == ("Ben",)


def test_a_players_page_shows_the_numbers_counted_by_hand(client, six):
    page = words(client.get(page_of("Ann")))
    assert "6 games counted" in page
    assert "also written ann" in page
    assert "Played 2 games, won 1 Bids made: 3 of 5" in section(page, "Oh Hell")
    assert "Played 1 game, won 0 Team's bids made: 1 of 2" in section(page, "Back Alley")
    assert "Played 1 game, won 1 Bids won 3, made 2, set 1" in section(page, "Pitch")
    assert "Played 1 game, won 0 Bids won 1, made 0, set 1" in section(page, "Smear")
    assert "Played 1 game, won 0 Knocks: 3 (undercut 2) Gins: 0 Hands in the box: 2" in section(
        page, "Three-player Gin")
    assert "Ben 6 games together · ahead in 2 · behind in 3" in page
    assert "Cy 5 games together · ahead in 1 · behind in 0" in page
    assert "Dee 3 games together · ahead in 0 · behind in 1" in page
    ben = words(client.get(page_of("ben")))
    assert "Gins: 1 Hands in the box: 1" in section(ben, "Three-player Gin")
    assert "Ann 6 games together · ahead in 3 · behind in 2" in ben


def test_names_are_one_player_whatever_their_case_and_show_the_latest_spelling(client, six):
    listing = unisolated(client.get("/players").get_data(as_text=True))
    assert re.findall(r'href="(/players/[^"]+)"><b>([^<]+)</b><br><small>([^<]+)<', listing) == [
        (page_of(n), n, f"{count} games") for n, count in (("Ann", 6), ("Ben", 6), ("Cy", 5), ("Dee", 3))]
    assert words(client.get(page_of("ANN"))).split(" Oh Hell ")[0] == words(client.get(page_of("Ann"))).split(
        " Oh Hell ")[0]


def test_the_counting_is_pure_and_skips_games_that_cant_be_scored():
    games = [{"players": game["players"], "record": game, "scored": score(game), "problem": None} for game in ALL]
    broken = {**PITCH, "hands": [{"bids": [9, "pass", "pass"]}]}
    games.append({"players": broken["players"], "record": broken, "scored": None, "problem": "hand 1"})
    ann = records.player_record("aNN", games)
    assert (ann.games, ann.skipped) == (6, 1)
    oh_hell = ann.kinds[0]
    assert (oh_hell.title, oh_hell.played, oh_hell.won, oh_hell.counts["made"], oh_hell.counts["bids"]) == (
        "Oh Hell", 2, 1, 3, 5)
    assert oh_hell.lines == ["Bids made: 3 of 5"]
    assert records.player_record("Zed", games) is None
    assert records.names_in(games)[0] == {"name": "ann", "games": 7}      # the spelling of the first game given
    assert records.names_in(games[::-1])[0] == {"name": "Ann", "games": 7}


def test_a_game_that_cant_be_scored_is_left_out_and_said(app, client, six):
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set version = version + 1 where key = ?", [six[3]])      # as every writer does
        db.execute("update hands set data = ?, version = (select version from games where key = ?) "
                   "where game_id = (select id from games where key = ?) and position = 1",
                   ['{"bids": [9, "pass", "pass"], "high": 0, "low": 0}', six[3], six[3]])
    page = words(client.get(page_of("Ann")))
    assert "5 games counted" in page
    assert "1 game with Ann can't be scored and is left out." in page
    assert " Pitch " not in page


def test_another_browsers_games_are_not_counted(app, client, six):
    other = app.test_client()
    play_through_forms(other, record("pitch", ["Ann", "Zed", "Cy"], [
        {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 0}]))
    assert "6 games counted" in words(client.get(page_of("Ann")))
    assert "Zed" not in words(client.get("/players"))
    assert client.get(page_of("Zed")).status_code == 404
    theirs = words(other.get(page_of("Ann")))
    assert "1 game counted" in theirs and "Bids won 1, made 1, set 0" in theirs
    assert [name for name in ("Ann", "Ben", "Cy", "Dee", "Zed") if f" {name} " in words(other.get("/players"))] == [
        "Ann", "Cy", "Zed"]


def test_the_owner_sees_every_players_games(app, client, six):
    other = app.test_client()
    play_through_forms(other, record("pitch", ["Ann", "Zed", "Cy"]))
    owner = app.test_client()
    owner.get(f"/owner/{app.config['OWNER_KEY']}")
    assert "7 games counted" in words(owner.get(page_of("Ann")))


def test_rename_changes_every_game_with_a_history_entry_and_the_scores_follow(app, client, six):
    before = [stored(client, game)["players"] for game in six]
    response = client.post(page_of("ann"), data={"new": "  Annie  "})
    assert response.status_code == 302 and response.headers["Location"] == page_of("Annie")
    assert "Ann is Annie now, in 6 games." in words(client.get(page_of("Annie")))
    for game, players in zip(six, before):
        after = [("Annie" if name.casefold() == "ann" else name) for name in players]
        assert stored(client, game)["players"] == after
        assert history_entries(app, game) == [({"players": players}, {"players": after})]
        assert client.get(f"/games/{game}/history").status_code == 200
    assert "won by Annie" in words(client.get("/"))                 # the home page's summary follows
    assert client.get(page_of("Ann")).status_code == 404
    page = words(client.get(page_of("Annie")))
    assert "Bids made: 3 of 5" in page and "also written" not in page


def test_a_rename_is_undone_seat_by_seat(app, client, six):
    before = [stored(client, game)["players"] for game in six]
    client.post(page_of("Ann"), data={"new": "Annie"})
    page = client.get(page_of("Annie")).get_data(as_text=True)
    rename_id = re.search(r'name="undo" value="(\d+)"', page).group(1)
    assert "Undo rename (Annie back to Ann)" in words(client.get(page_of("Annie")))
    assert "Undo this rename (Annie back to Ann)" in words(client.get("/players"))
    response = client.post("/players", data={"undo": rename_id})
    assert response.status_code == 302 and response.headers["Location"] == page_of("Ann")
    assert "Rename undone: Ann is back in 6 games." in words(client.get(page_of("Ann")))
    assert [stored(client, game)["players"] for game in six] == before        # "ann" is "ann" again
    assert len(history_entries(app, six[0])) == 2
    assert "(undone)" in words(client.get("/players"))
    assert "That rename was already undone." in words(client.post("/players", data={"undo": rename_id},
                                                                  follow_redirects=True))


def test_a_merge_can_be_undone_even_though_the_names_are_now_one(app, client):
    first = play_through_forms(client, record("pitch", ["Ben", "Cy", "Dee"]))
    second = play_through_forms(client, record("pitch", ["Benjamin", "Cy", "Dee"]))
    response = client.post(page_of("Ben"), data={"new": "Benjamin"})
    assert response.status_code == 302
    assert "Ben and Benjamin are one player now: Ben is Benjamin in 1 game." in words(
        client.get(page_of("Benjamin")))
    assert "2 games counted" in words(client.get(page_of("Benjamin")))
    rename_id = re.search(r'name="undo" value="(\d+)"', client.get("/players").get_data(as_text=True)).group(1)
    client.post("/players", data={"undo": rename_id})
    assert stored(client, first)["players"] == ["Ben", "Cy", "Dee"]          # only the seat it renamed
    assert stored(client, second)["players"] == ["Benjamin", "Cy", "Dee"]


def test_a_merge_typed_another_way_takes_the_name_as_the_other_games_spell_it(client):
    first = play_through_forms(client, record("pitch", ["Ben", "Cy", "Dee"]))
    second = play_through_forms(client, record("pitch", ["Benjamin", "Cy", "Dee"]))
    response = client.post(page_of("Benjamin"), data={"new": "ben"})      # typed in lower case
    assert response.status_code == 302
    assert "Benjamin and Ben are one player now: Benjamin is Ben in 1 game." in words(client.get(page_of("Ben")))
    assert stored(client, second)["players"] == ["Ben", "Cy", "Dee"] == stored(client, first)["players"]
    assert "Undo this rename (Ben back to Benjamin)" in words(client.get("/players"))


def test_an_undo_that_would_give_a_game_two_seats_of_one_name_changes_nothing(app, client):
    first = play_through_forms(client, record("pitch", ["Ben", "Cy", "Dee"]))
    second = play_through_forms(client, record("pitch", ["Ben", "Eve", "Fay"]))
    client.post(page_of("Ben"), data={"new": "Benjamin"})
    rename_id = re.search(r'name="undo" value="(\d+)"', client.get("/players").get_data(as_text=True)).group(1)
    client.post(page_of("Cy"), data={"new": "ben"})                  # allowed: nobody is Ben there now
    before = [stored(client, game) for game in (first, second)]
    response = client.post("/players", data={"undo": rename_id}, follow_redirects=True)
    assert "ben now plays in the Pitch game of " in words(response)
    assert "so Benjamin can't be Ben again there. Nothing was changed." in words(response)
    assert [stored(client, game) for game in (first, second)] == before
    assert "Undo this rename (Benjamin back to Ben)" in words(client.get("/players"))


def test_an_undo_leaves_alone_the_seats_renamed_again_since(client):
    first = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    second = play_through_forms(client, record("pitch", ["Ann", "Dee", "Eve"]))
    client.post(page_of("Ann"), data={"new": "Annie"})
    rename_id = re.search(r'name="undo" value="(\d+)"', client.get("/players").get_data(as_text=True)).group(1)
    third = play_through_forms(client, record("pitch", ["Annie", "Fay", "Gus"]))        # not renamed by it
    client.post(page_of("Annie"), data={"new": "Anna"})
    response = client.post("/players", data={"undo": rename_id}, follow_redirects=True)
    assert "Nothing to undo: every seat that rename changed has been renamed again since." in words(response)
    assert [stored(client, game)["players"][0] for game in (first, second, third)] == ["Anna"] * 3
    later = re.findall(r'name="undo" value="(\d+)"', client.get("/players").get_data(as_text=True))
    assert later == [str(int(rename_id) + 1)]                    # the first one is done with
    response = client.post("/players", data={"undo": later[0]}, follow_redirects=True)
    assert "Rename undone: Annie is back in 3 games." in words(response)
    assert [stored(client, game)["players"][0] for game in (first, second, third)] == ["Annie"] * 3


def test_renaming_back_after_a_merge_renames_every_seat_so_undo_is_the_way_back(client):
    play_through_forms(client, record("pitch", ["Ben", "Cy", "Dee"]))
    play_through_forms(client, record("pitch", ["Benjamin", "Cy", "Dee"]))
    client.post(page_of("Ben"), data={"new": "Benjamin"})
    client.post(page_of("Benjamin"), data={"new": "Ben"})
    assert "2 games counted" in words(client.get(page_of("Ben")))


def test_a_rename_that_would_give_a_game_two_seats_of_one_name_changes_nothing(app, client):
    games = [play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"])),
             play_through_forms(client, record("pitch", ["Ann", "Dee", "Eve"]))]
    before = [stored(client, game) for game in games]
    response = client.post(page_of("ann"), data={"new": "BEN"})
    assert response.status_code == 200
    errors = re.findall(r'class="error"[^>]*>([^<]*)<', response.get_data(as_text=True))
    assert len(errors) == 1
    assert html.unescape(errors[0]).startswith("Ben already plays in the Pitch game of ")
    assert "(Ann, Ben, Cy), so Ann can't be renamed Ben there" in html.unescape(errors[0])
    assert "Nothing was renamed." in html.unescape(errors[0])
    assert [stored(client, game) for game in games] == before
    assert [history_entries(app, game) for game in games] == [[], []]
    assert "Your last renames" not in words(client.get("/players"))


def test_a_watcher_cant_rename_and_a_scorers_rename_leaves_watched_games_alone(app, client):
    mine = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    watcher = joined(app, client, mine, "Watch")
    page = words(watcher.get(page_of("Ann")))
    assert "You only watch the games with Ann: only their scorers can rename a player." in page
    assert 'name="new"' not in watcher.get(page_of("Ann")).get_data(as_text=True)
    response = watcher.post(page_of("Ann"), data={"new": "Annie"})
    assert response.status_code == 200
    assert "You only watch the games with Ann" in words(response)
    assert stored(client, mine)["players"] == ["Ann", "Ben", "Cy"]
    theirs = play_through_forms(watcher, record("pitch", ["Ann", "Dee", "Eve"]))   # the watcher scores this one
    assert "In the 1 game you score; the 1 game you only watch keep the name Ann." in words(watcher.get(page_of("Ann")))
    watcher.post(page_of("Ann"), data={"new": "Annie"})
    assert stored(watcher, theirs)["players"] == ["Annie", "Dee", "Eve"]
    assert stored(client, mine)["players"] == ["Ann", "Ben", "Cy"]
    rename_id = re.search(r'name="undo" value="(\d+)"', watcher.get("/players").get_data(as_text=True)).group(1)
    assert client.post("/players", data={"undo": rename_id}).status_code == 404    # not the browser that renamed


@pytest.mark.parametrize("typed, message", [
    ("", "Type the new name."),
    ("   ", "Type the new name."),
    ("x" * 41, "A name has at most 40 characters; that one has 41."),
    ("x" * 5000, "A name has at most 40 characters; that one has 5000."),
    ("Ann\x00", "A name can't have control characters."),
])
def test_hostile_names_get_a_message_next_to_the_field(client, typed, message):
    game = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    response = client.post(page_of("Ann"), data={"new": typed})
    assert response.status_code == 200
    errors = re.findall(r'<p class="error" id="new-error">([^<]*)<', response.get_data(as_text=True))
    assert [html.unescape(error) for error in errors] == [message]
    assert stored(client, game)["players"] == ["Ann", "Ben", "Cy"]


def test_a_players_address_carries_no_name(client, six):
    listing = client.get("/players").get_data(as_text=True)
    addresses = re.findall(r'href="(/players/[^"]+)"', listing)
    assert len(addresses) == 4 and not any(name in address for address in addresses for name in ("Ann", "Ben", "Cy", "Dee"))


def test_html_in_a_name_is_only_text(client):
    game = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    hostile = '<script>alert(1)</script>&"'
    assert client.post(page_of("Ann"), data={"new": hostile}).status_code == 302
    assert stored(client, game)["players"][0] == hostile
    for url in ("/players", page_of(hostile), f"/games/{game}/history"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "<script>alert" not in response.get_data(as_text=True)


@pytest.mark.parametrize("url", [page_of("nobody"), "/players/" + "x" * 300, "/players/%20", "/players/a/b"])
def test_unknown_players_are_404(client, url):
    play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert client.get(url).status_code == 404
    assert client.post(url, data={"new": "Zed"}).status_code == 404


@pytest.mark.parametrize("undo", ["", "abc", "0", "99", "9" * 40])
def test_a_wrong_undo_is_404(client, undo):
    play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert client.post("/players", data={"undo": undo}).status_code == 404


def test_the_home_page_links_to_the_players(client):
    assert 'href="/players"' in client.get("/").get_data(as_text=True)
    assert "No players yet" in words(client.get("/players"))


def test_forms_need_their_token(app, tmp_path):
    from app import create_app
    strict = create_app({"TESTING": True, "DATABASE": str(tmp_path / "strict.db"), "SECRET_KEY": "test"})
    phone = strict.test_client()
    with strict.app_context():
        from scorepad.pages import db
        from scorepad.storage import store
        with store.writing(db()):
            game_row = store.create_game(db(), record("pitch", ["Ann", "Ben", "Cy"]))
            store.add_member(db(), "phone", game_row, "scorer")
    with phone.session_transaction() as session:
        session["browser"] = "phone"
    response = phone.post(page_of("Ann"), data={"new": "Annie"})
    assert response.status_code == 200 and "This form was too old" in words(response)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', phone.get(page_of("Ann")).get_data(
        as_text=True)).group(1)
    assert phone.post(page_of("Ann"), data={"new": "Annie", "csrf_token": token}).status_code == 302


def test_a_kept_players_page_follows_every_change(app, client):
    game = play_through_forms(client, record("pitch", ["Ann", "Ben", "Cy"]))
    assert "Bids won 0, made 0, set 0" in words(client.get(page_of("Ann")))
    hand = {"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 1}
    assert client.post(f"/games/{game}/hands/new", data=form_data("pitch", hand)).status_code == 302
    assert "Bids won 1, made 1, set 0" in words(client.get(page_of("Ann")))       # 2 of 4 points: made
    watcher = joined(app, client, game, "Watch")
    assert 'name="new"' not in watcher.get(page_of("Ann")).get_data(as_text=True)
    watcher.get(invite_links(client, game)["Score with us"])                     # now a scorer too
    assert 'name="new"' in watcher.get(page_of("Ann")).get_data(as_text=True)
