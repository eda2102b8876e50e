"""Players' numbers for a period and a table's standings, each counted by hand below from records
written here: places, final totals, winning streaks, partners and each game's own counts; games still
in play, thrown-in hands and adjustments; periods cut by the day a game was started (by the server's
calendar); bad dates refused next to their field."""
import html
import json
import os
import re
import time
from datetime import date
from urllib.parse import urlencode

import pytest

from conftest import record, unisolated
from rules_engine import score
from scorepad.words import records
from scorepad.words.records import Period
from test_players import GIN, page_of

# --- the records, counted by hand ----------------------------------------------------------------

# Oh Hell, Ann, Ben, Cy; hands of 1 and 2 cards, Ann deals first; an adjustment between the hands.
#   hand 1: Ann 0/0 (10), Ben 1/1 (11), Cy 0/0 (10)
#   Ben -10 (card shown): not a hand, but in his total
#   hand 2: Ann 1/1 (11), Ben 0/0 (10), Cy 1/1 (11)
#   totals Ann 21, Ben 11, Cy 21: Ann and Cy share the win (place 1), Ben place 3.
#   Ann: 2 of 2 bids made; Ben 2 of 2 (the adjustment is no bid).
OH_HELL = record("oh_hell", ["Ann", "Ben", "Cy"], [
    {"bids": [0, 1, 0], "tricks": [0, 1, 0]},
    {"adjustment": [0, -10, 0], "note": "card shown"},
    {"bids": [1, 0, 1], "tricks": [1, 0, 1]}], {"max_cards": 2})
# Oh Hell still in play: hand 1 of 2 (Ann bid 1, took 0: missed), then bids waiting for their tricks.
#   Counts for bids (Ann 0 of 1), never for wins, places or totals.
OH_HELL_IN_PLAY = record("oh_hell", ["Ann", "Ben", "Cy"], [{"bids": [1, 0, 0], "tricks": [0, 1, 0]}], {"max_cards": 2})
# Oh Hell, Ben wins alone:
#   hand 1: Ann 0/0 (10), Ben 1/1 (11), Cy 0/0 (10); hand 2: Ann 0/1 (0), Ben 1/1 (11), Cy 0/0 (10)
#   totals Ann 10, Ben 22, Cy 20.
OH_HELL_BEN = record("oh_hell", ["Ann", "Ben", "Cy"], [
    {"bids": [0, 1, 0], "tricks": [0, 1, 0]},
    {"bids": [0, 1, 0], "tricks": [1, 1, 0]}], {"max_cards": 2})


def pitch(hand):
    """Pitch to 2 for Ann, Ben and Cy, Ann dealing: one hand decides it (or not)."""
    return record("pitch", ["Ann", "Ben", "Cy"], [hand], {"target": 2})


# Five Pitch games, started one a day (Ann: 2 of 3 points taken, and so on):
#   W1 Ann pitches 2, takes High, Low: 2-0-0, Ann wins   U  Ann pitches 2, takes nothing: set, -2-2-0, in play
#   W2 Ann 2, takes High, Low, Game: 3-0-0, Ann wins      L  Ben pitches 2, takes High, Low: 0-2-0, Ben wins
#   W3 Ann 2, takes High, Low, Jack: 3-0-0, Ann wins
# Ann: 5 games, 4 finished, won 3 (75%); places 1, 1, 2 (L: level with Cy on 0), 1 = 5 / 4 = 1.25 -> 1.3;
#   final totals 2, 3, 0, 3: best 3, average 8 / 4 = 2; in the order started W W (U in play) L W: streak 2;
#   bids won 4 (W1, U, W2, W3), made 3, set 1: 75% and 25%; no smudge (no bid of 4).
# Ben: won 1 (L); places 2, 2, 1, 2 = 7 / 4 = 1.75 -> 1.8; totals 0, 0, 2, 0: best 2, average 0.5 -> 1.
W1 = pitch({"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": None})
U = pitch({"bids": [2, "pass", "pass"], "high": 1, "low": 1, "jack": None, "game": None})
W2 = pitch({"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": None, "game": 0})
L = pitch({"bids": ["pass", 2, "pass"], "high": 1, "low": 1, "jack": None, "game": None})
W3 = pitch({"bids": [2, "pass", "pass"], "high": 0, "low": 0, "jack": 0, "game": None})

# Smear to 5, Ann & Cy v Ben & Dee, Ann deals first.
#   hand 1: everyone passes: thrown in, nobody's bid
#   hand 2: Cy bids 2, Ann & Cy take High, Low (made, +2); Ben & Dee Game (+1)
#   hand 3: Ann bids 4 and Ann & Cy take all four points: made, a smudge; 6-1, Ann & Cy win.
#   Ann: 1 bid won, made, 1 smudge; partner Cy 1 game, won 1. Ben, Dee: no bid.
SMEAR = record("smear", ["Ann", "Ben", "Cy", "Dee"], [
    {"bids": ["pass", "pass", "pass", "pass"]},
    {"bids": ["pass", "pass", 2, "pass"], "high": 0, "low": 0, "jack": None, "game": 1},
    {"bids": [4, "pass", "pass", "pass"], "high": 0, "low": 0, "jack": 0, "game": 0}], {"target": 5})
# Pitch in partnerships to 4, Ann & Cy v Ben & Dee, Ann deals first.
#   hand 1: Ben pitches 2, Ben & Dee take High, Low (+2); Ann & Cy Game (+1)
#   hand 2: Cy pitches 3, Ann & Cy take High, Low, Jack (+3); Ben & Dee Game (+1): 4-3, Ann & Cy win.
PITCH_TEAMS = record("pitch", ["Ann", "Ben", "Cy", "Dee"], [
    {"bids": ["pass", 2, "pass", "pass"], "high": 1, "low": 1, "jack": None, "game": 0},
    {"bids": ["pass", "pass", 3, "pass"], "high": 0, "low": 0, "jack": 0, "game": 1}], {"partnerships": True, "target": 4})
# Back Alley, Ann & Cy v Ben & Dee, 2-1-2 cards, Dee deals first (Ann bids first).
#   deal 1 (2 cards): Ann boards, the rest pass; Ann & Cy take both: 10 x 2 = +20
#   all four pass (1 card): thrown in, no team bid
#   deal 2 (1 card, Ben deals): Cy boards; Ben & Dee take the trick: Ann & Cy set, -10; Ben & Dee +1
#   deal 3 (2 cards, Cy deals): Dee boards (first claim), Ben boards (x2); they take both: +40
#   totals Ann & Cy 10, Ben & Dee 41: Ben & Dee win.
#   Ann: team bid in deals 1 and 2, made 1; boards called 1, made 1. Cy: the same team bids; board 1, made 0.
#   Dee: team bid in deal 3 only, made; board 1, made 1.
BACK_ALLEY = record("back_alley", ["Ann", "Ben", "Cy", "Dee"], [
    {"bids": ["board", "pass", "pass", "pass"], "tricks": [2, 0]},
    {"bids": ["pass", "pass", "pass", "pass"]},
    {"bids": ["pass", "pass", "board", "pass"], "tricks": [0, 1]},
    {"bids": ["pass", "board", "pass", "board"], "tricks": [0, 2]}], {"max_cards": 2}, first_dealer=3)


def test_the_records_counted_by_hand_are_what_the_engine_says():
    assert (score(OH_HELL).totals, score(OH_HELL).winners) == ((21, 11, 21), ("Ann", "Cy"))
    assert not score(OH_HELL_IN_PLAY).finished
    assert (score(OH_HELL_BEN).totals, score(OH_HELL_BEN).winners) == ((10, 22, 20), ("Ben",))
    assert [(score(game).totals, score(game).winners) for game in (W1, W2, L, W3)] == [
        ((2, 0, 0), ("Ann",)), ((3, 0, 0), ("Ann",)), ((0, 2, 0), ("Ben",)), ((3, 0, 0), ("Ann",))]
    assert score(U).totals == (-2, 2, 0) and not score(U).finished
    assert (score(SMEAR).totals, score(SMEAR).winners) == ((6, 1), ("Ann & Cy",))
    assert (score(PITCH_TEAMS).totals, score(PITCH_TEAMS).winners) == ((4, 3), ("Ann & Cy",))
    assert (score(BACK_ALLEY).totals, score(BACK_ALLEY).winners) == ((10, 41), ("Ben & Dee",))


def game(rec, created=None):
    """A game as the players pages hand it to records.py."""
    return {"players": rec["players"], "record": rec, "scored": score(rec), "problem": None, "created": created}


def kind(record_of, title):
    return next(k for k in record_of.kinds if k.title == title)


def day(number, hour="12:00"):
    return f"2026-03-{number:02d}T{hour}:00.000+00:00"


# --- one player's numbers ------------------------------------------------------------------------

def test_places_totals_and_the_longest_streak_count_finished_games_in_the_order_they_were_started():
    started = {"W1": day(2), "U": day(3), "W2": day(4), "L": day(5), "W3": day(6)}
    games = [game(rec, started[name]) for name, rec in (("L", L), ("W1", W1), ("W3", W3), ("U", U), ("W2", W2))]
    ann = kind(records.player_record("Ann", games), "Pitch")     # in this order, L W1 W3 W2 would be a run of 3
    assert (ann.played, ann.finished, ann.won, ann.places, ann.best, ann.total, ann.streak) == (5, 4, 3, 5, 3, 8, 2)
    assert (ann.average_place, ann.average_total) == (1.25, 2)
    assert ann.lines == ["Bids won 4, made 3, set 1", "Smudges: 0"]
    assert ann.rates == ["Of the bids won: made 75%, set 25%"]
    ben = kind(records.player_record("Ben", games), "Pitch")
    assert (ben.finished, ben.won, ben.places, ben.best, ben.total, ben.streak) == (4, 1, 7, 2, 2, 1)
    assert (ben.average_place, ben.average_total) == (1.75, 1)       # 0.5 rounds up
    assert ben.lines == ["Bids won 1, made 1, set 0", "Smudges: 0"]


def test_an_adjustment_is_in_the_totals_but_no_hand_and_a_game_in_play_counts_only_its_hands():
    games = [game(OH_HELL_IN_PLAY, day(3)), game(OH_HELL, day(2))]
    ann, ben = (kind(records.player_record(name, games), "Oh Hell") for name in ("Ann", "Ben"))
    assert (ann.played, ann.finished, ann.won, ann.places, ann.total) == (2, 1, 1, 1, 21)
    assert ann.lines == ["Bids made: 2 of 3"] and ann.rates == ["Bids made exactly: 67%"]
    assert (ben.played, ben.finished, ben.won, ben.places, ben.best) == (2, 1, 0, 3, 11)    # 21 - 10: the adjustment
    assert ben.lines == ["Bids made: 2 of 3"]                        # hands 1 and 2 and the one in play: no adjustment
    assert records.player_record("Ann", [game(OH_HELL_IN_PLAY)]).kinds[0].rates == ["Bids made exactly: 0%"]


def test_partners_have_a_record_together_and_thrown_in_hands_are_nobodys_bid():
    games = [game(SMEAR), game(PITCH_TEAMS), game(BACK_ALLEY), game(W1)]
    ann = records.player_record("Ann", games)
    partners = {k.title: [(p.name, p.together, p.finished, p.won) for p in k.partners] for k in ann.kinds}
    assert partners == {"Back Alley": [("Cy", 1, 1, 0)], "Pitch": [("Cy", 1, 1, 1)], "Smear": [("Cy", 1, 1, 1)]}
    assert kind(ann, "Smear").lines == ["Bids won 1, made 1, set 0", "Smudges: 1"]
    assert kind(ann, "Pitch").lines == ["Bids won 1, made 1, set 0", "Smudges: 0"]       # W1; Cy pitched for the team
    assert kind(ann, "Back Alley").lines == ["Team's bids made: 1 of 2", "Boards called: 1, made 1"]
    assert kind(ann, "Back Alley").rates == ["Team's bids made: 50%"]
    cy, dee = (records.player_record(name, games) for name in ("Cy", "Dee"))
    assert kind(cy, "Smear").lines == ["Bids won 1, made 1, set 0", "Smudges: 0"]
    assert kind(cy, "Back Alley").lines == ["Team's bids made: 1 of 2", "Boards called: 1, made 0"]
    assert kind(dee, "Smear").lines == ["Bids won 0, made 0, set 0", "Smudges: 0"] and kind(dee, "Smear").rates == []
    assert kind(dee, "Back Alley").lines == ["Team's bids made: 1 of 1", "Boards called: 1, made 1"]
    assert [(p.name, p.won) for p in kind(dee, "Back Alley").partners] == [("Ben", 1)]


def test_a_smudge_is_every_point_played_bid_and_taken_whatever_the_set():
    """10-point Pitch: Ann bids 10 and takes all eight points (the three worth 3): a smudge. Ben bids 10
    the next hand and takes all but the ten, which went to nobody: 9 of 10, set back, no smudge."""
    ten_point = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three"]
    every = dict.fromkeys(ten_point, 0)
    ten = record("pitch", ["Ann", "Ben", "Cy"], [
        {"bids": [10, "pass", "pass"], **every},
        {"bids": ["pass", 10, "pass"], **dict.fromkeys(ten_point, 1), "ten": None}],
        {"points": ten_point, "target": 52})
    assert score(ten).hands[0].points == (10, 0, 0) and score(ten).hands[1].points == (0, -10, 0)
    ann, ben = (kind(records.player_record(name, [game(ten)]), "Pitch") for name in ("Ann", "Ben"))
    assert ann.lines == ["Bids won 1, made 1, set 0", "Smudges: 1"]
    assert ben.lines == ["Bids won 1, made 0, set 1", "Smudges: 0"]


def test_gin_counts_go_to_the_box_player_and_the_captain_never_the_advisor():
    """GIN (tests/test_players.py), roles hand by hand: 1 Ann box, Ben captain: Ann knocks 5 v 20, the box
    wins. 2 Ann box, Cy captain, Ben advises: Ann knocks 8 v 6, Cy's team undercuts her. 3 Cy box, Ben
    captain: Ben goes gin. 4 Ben box, Ann captain: Ann knocks 3 v 3, Ben undercuts her from the box."""
    ann, ben, cy = (kind(records.player_record(name, [game(GIN)]), "Three-player Gin") for name in ("Ann", "Ben", "Cy"))
    assert ann.lines == ["Knocks: 3 (undercut 2)", "Gins: 0", "Hands in the box: 2, won 1", "Undercuts dealt: 0"]
    assert ben.lines == ["Knocks: 0 (undercut 0)", "Gins: 1", "Hands in the box: 1, won 1", "Undercuts dealt: 1"]
    assert cy.lines == ["Knocks: 0 (undercut 0)", "Gins: 0", "Hands in the box: 1, won 0", "Undercuts dealt: 1"]
    assert (ben.won, ben.places, ann.places, cy.places) == (1, 1, 2, 3)       # 77, 70, 12


def test_shares_and_averages_are_said_in_the_pages_digits(app):
    from fractions import Fraction

    from scorepad.web.i18n import percent, tenths
    with app.test_request_context():
        assert [percent(2, 3), percent(1, 8), percent(0, 0), tenths(Fraction(23, 20)), tenths(Fraction(5, 4))] == [
            "67%", "13%", "0%", "1.2", "1.3"]                  # halves rounded up, exactly (1.15 is no 1.1499...)
    with app.test_request_context(headers={"Cookie": "lang=ps"}):
        assert [percent(2, 3), tenths(Fraction(3, 2)), tenths(-Fraction(1, 20))] == ["۶۷٪", "۱٫۵", "۰٫۰"]


# --- periods -------------------------------------------------------------------------------------

@pytest.fixture
def new_york():
    """This server's clock five hours behind UTC (no summer time), as a table's own server might be."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "EST5"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


# Started at midnight on 1 March in New York (05:00 UTC) and a minute before; a minute before midnight
# on 31 March (already 1 April in UTC) and at midnight.
JUST_INSIDE_START, JUST_OUTSIDE_START = "2026-03-01T05:00:00.000+00:00", "2026-03-01T04:59:00.000+00:00"
JUST_INSIDE_END, JUST_OUTSIDE_END = "2026-04-01T04:59:00.000+00:00", "2026-04-01T05:00:00.000+00:00"
MARCH = Period(date(2026, 3, 1), date(2026, 3, 31))


def test_a_period_holds_the_games_started_on_its_days_by_the_servers_calendar(new_york):
    assert [MARCH.holds(created) for created in (JUST_OUTSIDE_START, JUST_INSIDE_START, JUST_INSIDE_END,
                                                 JUST_OUTSIDE_END)] == [False, True, True, False]
    assert MARCH.holds("2026-03-31T23:59:00") and not MARCH.holds("2026-04-01T00:00:00-05:00")  # no zone: UTC
    assert not MARCH.holds("last Tuesday") and not MARCH.holds(None)
    assert records.ALWAYS.holds("last Tuesday")                       # all time: every game, dated or not
    assert Period(start=date(2026, 3, 1)).holds(JUST_OUTSIDE_END) and not Period(end=date(2026, 2, 28)).holds(
        JUST_INSIDE_START)
    assert Period.month_of(date(2028, 2, 10)) == Period(date(2028, 2, 1), date(2028, 2, 29))
    assert Period.year_of(date(2026, 7, 4)) == Period(date(2026, 1, 1), date(2026, 12, 31))


def test_a_players_record_for_a_period_counts_only_its_games(new_york):
    games = [game(OH_HELL_BEN, JUST_OUTSIDE_END), game(OH_HELL_IN_PLAY, JUST_INSIDE_END),
             game(OH_HELL, JUST_INSIDE_START), game(W1, JUST_OUTSIDE_START)]
    march = records.player_record("Ann", games, MARCH)
    assert (march.games, [k.title for k in march.kinds]) == (2, ["Oh Hell"])
    assert (march.kinds[0].played, march.kinds[0].won, march.kinds[0].lines) == (2, 1, ["Bids made: 2 of 3"])
    assert [(r.name, r.together, r.ahead, r.behind) for r in march.rivals] == [("Ben", 2, 1, 0), ("Cy", 2, 0, 0)]
    assert records.player_record("Ann", games).games == 4
    empty = records.player_record("Ann", games, Period(date(2025, 1, 1), date(2025, 12, 31)))
    assert (empty.name, empty.games, empty.kinds, empty.rivals) == ("Ann", 0, [], [])


# --- standings -----------------------------------------------------------------------------------

def test_standings_sort_by_wins_then_the_share_won_and_level_players_share_a_place():
    """Oh Hell: OH_HELL (Ann and Cy share the win: 21, 11, 21) and OH_HELL_BEN (Ben: 10, 22, 20); the
    game in play is left out. Ann: 2 games, 1 won; for 21 + 10 = 31, against 32 + 42 = 74. Ben: 2, 1;
    for 11 + 22 = 33, against 42 + 30 = 72. Cy: 2, 1; for 21 + 20 = 41, against 32 + 32 = 64. All level.
    Pitch: Ann 3 of 4, Ben 1 of 4, Cy 0 of 4 (U in play is left out)."""
    games = [game(rec) for rec in (OH_HELL, OH_HELL_BEN, OH_HELL_IN_PLAY, W1, U, W2, L, W3)]
    leagues = records.standings(games)
    assert [league.title for league in leagues] == ["Oh Hell", "Pitch"]
    assert [(row.place, row.name, row.games, row.won, row.points_for, row.against) for row in leagues[0].rows] == [
        (1, "Ann", 2, 1, 31, 74), (1, "Ben", 2, 1, 33, 72), (1, "Cy", 2, 1, 41, 64)]
    assert [(row.place, row.name, row.games, row.won) for row in leagues[1].rows] == [
        (1, "Ann", 4, 3), (2, "Ben", 4, 1), (3, "Cy", 4, 0)]
    # the share won breaks a tie on wins: OH_HELL_BEN's hands again with Dee in Ben's seat (Dee 22, Ben 20,
    # Ann 10): Dee 1 of 1, Cy 1 of 2, Ann and Ben 1 of 3
    dee = record("oh_hell", ["Ann", "Dee", "Ben"], OH_HELL_BEN["hands"], {"max_cards": 2})
    leagues = records.standings([game(OH_HELL), game(OH_HELL_BEN), game(dee)])
    assert [(row.place, row.name, row.won, row.games) for row in leagues[0].rows] == [
        (1, "Dee", 1, 1), (2, "Cy", 1, 2), (3, "Ann", 1, 3), (3, "Ben", 1, 3)]


def test_partners_each_count_their_teams_game_in_the_standings():
    """Smear 6-1 to Ann & Cy; Back Alley 10-41 to Ben & Dee."""
    leagues = {league.title: league.rows for league in records.standings([game(SMEAR), game(BACK_ALLEY)])}
    assert [(r.place, r.name, r.won, r.points_for, r.against) for r in leagues["Smear"]] == [
        (1, "Ann", 1, 6, 1), (1, "Cy", 1, 6, 1), (3, "Ben", 0, 1, 6), (3, "Dee", 0, 1, 6)]
    assert [(r.place, r.name, r.points_for, r.against) for r in leagues["Back Alley"]] == [
        (1, "Ben", 41, 10), (1, "Dee", 41, 10), (3, "Ann", 10, 41), (3, "Cy", 10, 41)]


# --- the pages -----------------------------------------------------------------------------------

def words(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unisolated(response.get_data(as_text=True)))))


def imported(client, rec, created):
    response = client.post("/games/import", data={"record": json.dumps({**rec, "created": created})})
    assert response.status_code == 302 and "already here" not in words(client.get("/"))
    return response.headers["Location"].rsplit("/", 1)[1]


def table_rows(response, title):
    """A standings table's rows as lists of cell texts."""
    page = unisolated(response.get_data(as_text=True))
    table = page.split(f"<h2>{title}</h2>", 1)[1].split("</table>", 1)[0]
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<td>(.*?)</td>", row)]
            for row in re.findall(r"<tr><td>.*?</tr>", table)]


@pytest.fixture
def march(client, new_york):
    """Oh Hell games started on each side of March's first and last midnights, the one inside at the end in
    play with bids waiting; Pitch games in March; Smear in April."""
    imported(client, OH_HELL_BEN, JUST_OUTSIDE_START)
    imported(client, OH_HELL, JUST_INSIDE_START)
    in_play = imported(client, OH_HELL_IN_PLAY, JUST_INSIDE_END)
    assert client.post(f"/games/{in_play}/hands/new", data={"bid_1": "1", "bid_2": "0", "bid_0": "0"}).status_code == 302
    for number, rec in enumerate((W1, U, W2, L, W3), start=2):
        imported(client, rec, day(number))
    imported(client, SMEAR, JUST_OUTSIDE_END)


def test_a_players_page_for_a_period(client, march):
    page = words(client.get(page_of("Ann") + "?from=2026-03-01&to=2026-03-31"))
    assert "Games started from 2026-03-01 to 2026-03-31. 7 games counted, among the games you can see." in page
    assert ("Oh Hell Played 2 games, won 1 Bids made: 2 of 3 Bids made exactly: 67% 1 finished game: won 100%, "
            "average place 1.0 Final total: best 21, average 21 Longest winning streak: 1 game Pitch ") in page
    assert ("Pitch Played 5 games, won 3 Bids won 4, made 3, set 1 Smudges: 0 Of the bids won: made 75%, set 25% "
            "4 finished games: won 75%, average place 1.3 Final total: best 3, average 2 "
            "Longest winning streak: 2 games Head to head") in page
    assert "Ben 7 games together · ahead in 4 · behind in 1" in page         # Oh Hell 1 + Pitch 3; L
    assert " Smear " not in page
    everything = words(client.get(page_of("Ann")))
    assert "Every game, whenever it was started. 9 games counted" in everything
    assert "Smear Played 1 game, won 1 Bids won 1, made 1, set 0 Smudges: 1" in everything
    assert "Partner Cy: 1 game, won 1 of 1 finished" in everything
    nothing = words(client.get(page_of("Ann") + "?to=2026-01-31"))
    assert "Games started on or before 2026-01-31. 0 games counted" in nothing and "No games with Ann in this period." in nothing


def test_the_head_to_head_links_keep_the_period(client, march):
    page = client.get(page_of("Ann") + "?from=2026-03-01").get_data(as_text=True)
    assert f'href="{page_of("Ben")}?from=2026-03-01"' in page
    assert 'href="/standings?from=2026-03-01"' in page


def test_the_standings_for_a_period_with_a_tie(client, march):
    response = client.get("/standings?from=2026-03-01&to=2026-03-31")
    assert "Games started from 2026-03-01 to 2026-03-31." in words(response)
    # OH_HELL only (OH_HELL_BEN started a minute before March, the other is in play): Ann and Cy share it
    assert table_rows(response, "Oh Hell") == [["1", "Ann", "1", "1", "100%", "21", "32"],
                                              ["1", "Cy", "1", "1", "100%", "21", "32"],
                                              ["3", "Ben", "1", "0", "0%", "11", "42"]]
    assert table_rows(response, "Pitch") == [["1", "Ann", "4", "3", "75%", "8", "2"],
                                            ["2", "Ben", "4", "1", "25%", "2", "8"],
                                            ["3", "Cy", "4", "0", "0%", "0", "10"]]
    assert "<h2>Smear</h2>" not in response.get_data(as_text=True)
    assert "For: the final totals of the player's side, added up; against: the final totals of the other sides" in words(
        response)
    april = client.get("/standings?from=2026-04-01&to=2026-04-30")
    assert table_rows(april, "Smear") == [["1", "Ann", "1", "1", "100%", "6", "1"], ["1", "Cy", "1", "1", "100%", "6", "1"],
                                          ["3", "Ben", "1", "0", "0%", "1", "6"], ["3", "Dee", "1", "0", "0%", "1", "6"]]
    assert "No finished games in this period." in words(client.get("/standings?to=2025-12-31"))


@pytest.mark.parametrize("query, field, message", [
    ("from=2026-02-30", "from", '"2026-02-30" is not a date: type it as YYYY-MM-DD, for example '),
    ("from=1/3/2026&to=2026-03-31", "from", '"1/3/2026" is not a date'),
    ("from=2026-03-01&to=31.3", "to", '"31.3" is not a date'),
    ("from=2026-03-10&to=2026-03-01", "to", "This is before the start, 2026-03-10: choose an end on or after it."),
    ("from=" + "9" * 300, "from", '"' + "9" * 20 + '" is not a date'),
])
@pytest.mark.parametrize("page", ["player", "standings"])
def test_a_bad_or_reversed_date_is_refused_next_to_its_field(client, march, query, field, message, page):
    url = (page_of("Ann") if page == "player" else "/standings") + "?" + query
    response = client.get(url)
    text = response.get_data(as_text=True)
    assert response.status_code == 200
    errors = re.findall(rf'<p class="error" id="{field}-error">([^<]*)</p>', text)
    assert len(errors) == 1 and html.unescape(errors[0]).startswith(message)
    assert re.search(rf'<input type="(date|text)" id="{field}" name="{field}" value="[^"]*" aria-invalid="true" '
                     rf'aria-describedby="{field}-error">', text)
    assert text.count('class="error"') == 1
    assert "Fix the dates to see the numbers." in words(response)
    assert "Played " not in words(response) and "<table" not in text


def boxes(text):
    """Each date box of the period form as a browser shows it: its type and the value it keeps (a date
    box keeps only a real YYYY-MM-DD date, showing anything else blank), with the error said next to it."""
    found = {}
    for name in ("from", "to"):
        box = re.search(rf'<input type="(\w+)" id="{name}" name="{name}" value="([^"]*)"[^>]*>\s*'
                        rf'(?:<p class="error" id="{name}-error">([^<]*)</p>)?', text)
        kind, value, error = box.group(1), html.unescape(box.group(2)), html.unescape(box.group(3) or "")
        if kind == "date" and not real_day(value):
            value = ""                                      # what a date box does with anything else
        found[name] = (value, error)
    return found


def real_day(text):
    try:
        return re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text) and date.fromisoformat(text)
    except ValueError:
        return None


NOT_A_DATE = '"%s" is not a date: type it as YYYY-MM-DD, for example TODAY.'   # the day the page is asked for


@pytest.mark.parametrize("query, shown", [
    ({"from": "2026-13-45"}, {"from": ("2026-13-45", NOT_A_DATE % "2026-13-45"), "to": ("", "")}),
    ({"from": "yesterday", "to": "2026-03-31"}, {"from": ("yesterday", NOT_A_DATE % "yesterday"),
                                                 "to": ("2026-03-31", "")}),
    ({"from": "2026-03-01", "to": "2026-02-30"}, {"from": ("2026-03-01", ""),
                                                  "to": ("2026-02-30", NOT_A_DATE % "2026-02-30")}),
    ({"from": "1/3/2026", "to": "31.3"}, {"from": ("1/3/2026", NOT_A_DATE % "1/3/2026"),
                                          "to": ("31.3", NOT_A_DATE % "31.3")}),
    ({"from": "۲۰۲۶-۱۳-۰۱", "to": "۲۰۲۶-۰۳-۳۱"}, {"from": ("۲۰۲۶-۱۳-۰۱", NOT_A_DATE % "۲۰۲۶-۱۳-۰۱"),
                                                  "to": ("2026-03-31", "")}),      # a day in a date box
    ({"from": "2026-03-10", "to": "2026-03-01"}, {
        "from": ("2026-03-10", ""),
        "to": ("2026-03-01", "This is before the start, 2026-03-10: choose an end on or after it.")}),
])
@pytest.mark.parametrize("page", ["player", "standings"])
def test_a_bad_date_stays_in_its_box_as_typed_with_its_message_beside_it(client, march, query, shown, page):
    url = (page_of("Ann") if page == "player" else "/standings") + "?" + urlencode(query)
    today = date.today().isoformat()
    assert boxes(client.get(url).get_data(as_text=True)) == {
        box: (typed, message.replace("TODAY", today)) for box, (typed, message) in shown.items()}


def test_a_bad_date_in_pashto_gives_its_example_in_pashto_digits(client, march):
    client.set_cookie("lang", "ps")
    error = re.search(r'<p class="error" id="from-error">([^<]*)</p>', client.get("/standings?from=x").get_data(
        as_text=True)).group(1)
    assert not re.search(r"[0-9]", error) and re.search(r"[۰-۹]{4}-[۰-۹]{2}-[۰-۹]{2}", error)


def test_dates_typed_in_eastern_digits_are_read(client, march):
    page = words(client.get(page_of("Ann") + "?from=٢٠٢٦-٠٣-٠١&to=۲۰۲۶-۰۳-۳۱"))
    assert "Games started from 2026-03-01 to 2026-03-31. 7 games counted" in page


def test_the_quick_choices_are_this_month_this_year_and_all_time(client, march):
    today = date.today()
    month, year = Period.month_of(today), Period.year_of(today)
    page = client.get(page_of("Ann")).get_data(as_text=True)
    assert f'<a class="button quiet" href="{page_of("Ann")}?from={month.start}&amp;to={month.end}">This month</a>' in page
    assert f'<a class="button quiet" href="{page_of("Ann")}?from={year.start}&amp;to={year.end}">This year</a>' in page
    assert f'<a class="button" href="{page_of("Ann")}" aria-current="true">All time</a>' in page
    chosen = client.get(f"/standings?from={year.start}&to={year.end}").get_data(as_text=True)
    assert f'<a class="button" href="/standings?from={year.start}&amp;to={year.end}" aria-current="true">This year</a>' in chosen


def test_renamed_and_merged_players_count_as_one(client):
    imported(client, W1, day(2))
    imported(client, record("pitch", ["annie", "Ben", "Cy"], W2["hands"], {"target": 2}), day(4))
    assert [row[1] for row in table_rows(client.get("/standings"), "Pitch")] == ["Ann", "annie", "Ben", "Cy"]
    assert client.post(page_of("annie"), data={"new": "ANN"}).status_code == 302           # a merge
    assert table_rows(client.get("/standings"), "Pitch") == [["1", "Ann", "2", "2", "100%", "5", "0"],   # as spelt before
                                                            ["2", "Ben", "2", "0", "0%", "0", "5"],
                                                            ["2", "Cy", "2", "0", "0%", "0", "5"]]
    assert "Longest winning streak: 2 games" in words(client.get(page_of("ann")))


def test_the_standings_hold_only_the_games_this_browser_can_see(app, client):
    imported(client, W1, day(2))
    other = app.test_client()
    imported(other, record("pitch", ["Ann", "Zed", "Cy"], W2["hands"], {"target": 2}), day(4))
    assert [row[1:4] for row in table_rows(client.get("/standings"), "Pitch")] == [["Ann", "1", "1"], ["Ben", "1", "0"],
                                                                                   ["Cy", "1", "0"]]
    owner = app.test_client()
    owner.get(f"/owner/{app.config['OWNER_KEY']}")
    assert [row[1:4] for row in table_rows(owner.get("/standings"), "Pitch")] == [
        ["Ann", "2", "2"], ["Ben", "1", "0"], ["Cy", "2", "0"], ["Zed", "1", "0"]]


def test_the_players_pages_link_the_standings_and_how_each_number_is_counted(client, march):
    assert 'href="/standings"' in client.get("/players").get_data(as_text=True)
    assert 'href="/players/counting"' in client.get(page_of("Ann")).get_data(as_text=True)
    counting = words(client.get("/players/counting"))
    for said in ("Place: 1 for a win, then by final total", "Final total: the player's total at the end",
                 "Bids made: the hands the player took exactly the tricks they bid",
                 "Boards called: the boards the player bid", "Smudges: the player bid every point played",
                 "Undercuts dealt: the other side's knocks", "For: the final totals of the player's side",
                 "a game still in play counts only for what happened in its hands"):
        assert said in counting, said
