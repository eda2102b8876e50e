"""The one-line summary of each hand on the scoreboard, game by game, with the numbers worked out.

Each table row is a game record, the hand to look at, the points that hand scored (so the words
are checked against the engine's arithmetic) and the summary as a sighted player reads it.
Oh Hell's marks are also checked as a screen reader speaks them."""
import html
import re

import pytest
from markupsafe import Markup

from conftest import play_through_forms, record
from rules_engine import score
from scorepad.words.summary import hand_summary

GIN = ["Ann", "Ben", "Cy"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]


def seen(summary: str) -> str:
    """What the eye reads: the visually-hidden words left out, tags dropped."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="visually-hidden">.*?</span>', "", summary)))


def spoken(summary: str) -> str:
    """What a screen reader says: the aria-hidden marks left out, tags dropped."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span aria-hidden="true">.*?</span>', "", summary)))


def summaries(rec):
    scored = score(rec)
    return [(hand.points, hand_summary(scored, raw, hand)) for raw, hand in zip(rec["hands"], scored.hands)]


def knock(knocker, box, team):
    return {"result": "knock", "knocker": knocker, "deadwood": {"box": box, "team": team}}


def gin(knocker, box, team):
    return {"result": "gin", "knocker": knocker, "deadwood": {"box": box, "team": team}}


DRAW = {"result": "draw"}


# Ann is in the box, Ben captains and Cy advises (first_dealer 0, first_captain 1) unless a row says.
GIN_CASES = [
    # knock: box 4 against 20 -> 20 - 4 = 16 to the box; the knocker's 4 comes first
    ("knock by the box", [knock("box", 4, 20)], {}, 0,
     (16, 0, 0), "Ann (box) knocked with 4, Ben & Cy had 20: Ann +16"),
    # the team knocks with 3 against the box's 10 -> 7 each to captain and advisor
    ("knock by the team", [knock("team", 10, 3)], {}, 0,
     (0, 7, 7), "Ben & Cy knocked with 3, Ann (box) had 10: Ben & Cy +7 each"),
    # gin: 0 against 20 -> 20 + 25 gin bonus = 45
    ("gin by the box", [gin("box", 0, 20)], {}, 0,
     (45, 0, 0), "Ann (box) went gin, Ben & Cy had 20: Ann +45"),
    # team gin with a 20 bonus: 31 + 20 = 51 each
    ("gin by the team", [gin("team", 31, 0)], {"gin_bonus": 20}, 0,
     (0, 51, 51), "Ben & Cy went gin, Ann (box) had 31: Ben & Cy +51 each"),
    # undercut: the box knocks with 5, the team has 3 -> 5 - 3 + 10 = 12 each to the team
    ("undercut of the box", [knock("box", 5, 3)], {}, 0,
     (0, 12, 12), "Ann (box) knocked with 5, Ben & Cy had 3: undercut, Ben & Cy +12 each"),
    # equal deadwood is an undercut too: the team knocks with 7, the box has 7 -> 0 + 10 = 10
    ("undercut on equal deadwood", [knock("team", 7, 7)], {}, 0,
     (10, 0, 0), "Ben & Cy knocked with 7, Ann (box) had 7: undercut, Ann +10"),
    # an undercut worth 0 (equal, no bonus set): nobody scores
    ("undercut worth nothing", [knock("box", 6, 6)], {"undercut_bonus": 0}, 0,
     (0, 0, 0), "Ann (box) knocked with 6, Ben & Cy had 6: undercut, nobody scores"),
    ("draw", [DRAW], {}, 0, (0, 0, 0), "Ann (box) v Ben & Cy: draw"),
    # box_win double: 20 - 4 = 16, twice = 32
    ("box scores double", [knock("box", 4, 20)], {"box_win": "double"}, 0,
     (32, 0, 0), "Ann (box) knocked with 4, Ben & Cy had 20: Ann +32"),
    # team_points captain: only Ben scores 10 - 3 = 7
    ("only the captain scores", [knock("team", 10, 3)], {"team_points": "captain"}, 0,
     (0, 7, 0), "Ben & Cy knocked with 3, Ann (box) had 10: Ben +7"),
    # after the team wins hand 1, Ben goes into the box, Cy captains and Ann advises:
    # hand 2 the team (Cy & Ann) knocks with 2 against Ben's 9 -> 7 each
    ("roles after a team win", [knock("team", 10, 3), knock("team", 9, 2)], {}, 1,
     (7, 0, 7), "Cy & Ann knocked with 2, Ben (box) had 9: Cy & Ann +7 each"),
    # after a draw the same box deals again: hand 2 is still Ann's box
    ("box stays after a draw", [DRAW, knock("box", 2, 12)], {}, 1,
     (10, 0, 0), "Ann (box) knocked with 2, Ben & Cy had 12: Ann +10"),
]


@pytest.mark.parametrize("hands, settings, index, points, words",
                         [case[1:] for case in GIN_CASES], ids=[case[0] for case in GIN_CASES])
def test_gin(hands, settings, index, points, words):
    rec = record("gin3", GIN, hands, settings, first_dealer=0, first_captain=1)
    got_points, summary = summaries(rec)[index]
    assert got_points == points
    assert seen(summary) == spoken(summary) == words


def test_gin_never_writes_the_deadwood_box_first():
    """The issue: the team knocked with 4 against the box's 20 and the line read "(20 v 4)"."""
    [(points, summary)] = summaries(record("gin3", GIN, [knock("team", 20, 4)], first_dealer=0, first_captain=1))
    assert points == (0, 16, 16)
    assert seen(summary) == "Ben & Cy knocked with 4, Ann (box) had 20: Ben & Cy +16 each"


# Oh Hell, four players, Dee deals first; exact scoring: made -> 10 + tricks, missed -> 0.
OH_HELL_HANDS = [
    {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]},       # 1 card: everyone made it
    {"bids": [2, 1, 0, 0], "tricks": [1, 1, 0, 0]},       # 2 cards: Ann bid 2, took 1
    {"bids": [1, 1, 0, 2], "tricks": [0, 1, 2, 0]},       # 3 cards: only Ben made it
]
OH_HELL_CASES = [
    (0, (11, 10, 10, 10),
     "1 card, Dee deals; Ann 1/1 ✓, Ben 0/0 ✓, Cy 0/0 ✓, Dee 0/0 ✓",
     "1 card, Dee deals; Ann bid 1, took 1: made, Ben bid 0, took 0: made, "
     "Cy bid 0, took 0: made, Dee bid 0, took 0: made"),
    (1, (0, 11, 10, 10),
     "2 cards, Ann deals; Ann 2/1 ✗, Ben 1/1 ✓, Cy 0/0 ✓, Dee 0/0 ✓",
     "2 cards, Ann deals; Ann bid 2, took 1: missed, Ben bid 1, took 1: made, "
     "Cy bid 0, took 0: made, Dee bid 0, took 0: made"),
    (2, (0, 11, 0, 0),
     "3 cards, Ben deals; Ann 1/0 ✗, Ben 1/1 ✓, Cy 0/2 ✗, Dee 2/0 ✗",
     "3 cards, Ben deals; Ann bid 1, took 0: missed, Ben bid 1, took 1: made, "
     "Cy bid 0, took 2: missed, Dee bid 2, took 0: missed"),
]


@pytest.mark.parametrize("index, points, eye, ear", OH_HELL_CASES, ids=["all made", "one missed", "three missed"])
def test_oh_hell_names_each_bid_and_tricks_made_or_missed(index, points, eye, ear):
    rec = record("oh_hell", FOUR, OH_HELL_HANDS, first_dealer=3)
    got_points, summary = summaries(rec)[index]
    assert got_points == points
    assert seen(summary) == eye
    assert spoken(summary) == ear


def pitch_hand(bids, high, low, jack=None, game=None):
    return {"bids": bids, "high": high, "low": low, "jack": jack, "game": game}


# Pitch, three players, Ann deals: Ben bids first, then Cy, then Ann (who may match: a steal).
PITCH_CASES = [
    # Ben pitched 2 and took High and Low (2); Ann took Game (1) -> made
    ("made", pitch_hand(["pass", 2, "pass"], 1, 1, None, 0), (1, 2, 0),
     "Ann deals; Ben pitched 2: made; Ben took High, Low; Ann took Game"),
    # Ben pitched 3, took High only (1 < 3): set back 3; Ann Low and Jack (2), Cy Game (1)
    ("set", pitch_hand(["pass", 3, "pass"], 1, 0, 0, 2), (2, -3, 1),
     "Ann deals; Ben pitched 3: set; Ben took High; Ann took Low, Jack; Cy took Game"),
    # Ben bid 2, Cy passed, Ann (dealing) matched 2 and took High and Low: +2
    ("steal", pitch_hand([2, 2, "pass"], 0, 0), (2, 0, 0),
     "Ann deals; Ann pitched 2 (stolen from Ben): made; Ann took High, Low"),
    # Ann stole Cy's 3 and took only High (1 < 3): set back 3; Ben Low, Cy Game
    ("steal then set", pitch_hand([3, "pass", 3], 0, 1, None, 2), (-3, 1, 1),
     "Ann deals; Ann pitched 3 (stolen from Cy): set; Ann took High; Ben took Low; Cy took Game"),
    # the dealer bidding higher is no steal: Ann 3 over Ben's 2, takes High, Low, Jack
    ("dealer outbids", pitch_hand([3, 2, "pass"], 0, 0, 0, 1), (3, 1, 0),
     "Ann deals; Ann pitched 3: made; Ann took High, Low, Jack; Ben took Game"),
    # everyone else passed, so Ann must bid 2: no steal; she takes High and Low
    ("dealer forced", pitch_hand([2, "pass", "pass"], 0, 0), (2, 0, 0), "Ann deals; Ann pitched 2: made; Ann took High, Low"),
]


@pytest.mark.parametrize("hand, points, words", [case[1:] for case in PITCH_CASES], ids=[c[0] for c in PITCH_CASES])
def test_pitch(hand, points, words):
    [(got_points, summary)] = summaries(record("pitch", GIN, [hand], first_dealer=0))
    assert got_points == points
    assert seen(summary) == spoken(summary) == words


def test_pitch_partners_mark_the_pitchers_team_set():
    # Ann deals; Ben pitched 3 for Ben & Dee, who took Low and Game (2 < 3): -3; Ann & Cy High and Jack: +2
    rec = record("pitch", FOUR, [pitch_hand(["pass", 3, "pass", "pass"], 0, 1, 0, 1)], {"partnerships": True})
    [(points, summary)] = summaries(rec)
    assert points == (2, -3)
    assert seen(summary) == "Ann deals; Ben pitched 3: set; Ann & Cy took High, Jack; Ben & Dee took Low, Game"


# Smear, Ann deals: Ben, Cy, Dee, then Ann bid; points go to teams (0: Ann & Cy, 1: Ben & Dee).
SMEAR_HANDS = [
    pitch_hand(["pass", 2, "pass", "pass"], 1, 1, None, 0),     # Ben 2, took High, Low: made +2; Ann & Cy Game +1
    pitch_hand(["pass"] * 4, None, None),                       # everyone passed: Ben deals again
    pitch_hand([4, "pass", "pass", "pass"], 1, 1, 0, 0),        # Ann 4 (Ben deals, Cy bids first), took 2: set -4
    pitch_hand(["pass", "pass", 3, "pass"], 1, 1, 1, None),     # Cy deals; Cy 3 stays Cy's bid: took 0, set -3
]
SMEAR_CASES = [
    (0, (1, 2), "Ann deals; Ben bid 2: made; Ben & Dee took High, Low; Ann & Cy took Game"),
    (1, (0, 0), "Ben deals; everyone passed: thrown in"),
    (2, (-4, 2), "Ben deals; Ann bid 4: set; Ben & Dee took High, Low; Ann & Cy took Jack, Game"),
    (3, (-3, 3), "Cy deals; Cy bid 3: set; Ben & Dee took High, Low, Jack"),
]


@pytest.mark.parametrize("index, points, words", SMEAR_CASES, ids=["made", "thrown in", "set", "dealer set"])
def test_smear(index, points, words):
    rec = record("smear", FOUR, [{k: v for k, v in hand.items() if v is not None} for hand in SMEAR_HANDS])
    got_points, summary = summaries(rec)[index]
    assert got_points == points
    assert seen(summary) == spoken(summary) == words


def test_smear_thrown_in_hands_are_redealt_by_the_same_dealer():
    passes = {"bids": ["pass"] * 4}
    rec = record("smear", FOUR, [passes, passes], first_dealer=2)
    assert [seen(s) for _, s in summaries(rec)] == ["Cy deals; everyone passed: thrown in"] * 2


# Back Alley, Dee deals 13 first: team 0 is Ann & Cy, team 1 Ben & Dee.
BACK_ALLEY_HANDS = [
    {"bids": [3, "pass", 4, 2], "tricks": [8, 5]},        # 7 v 2: 5*7 + 1 = 36, 5*2 + 3 = 13
    {"bids": ["pass"] * 4},                               # all passed: thrown in, 12 cards again
    {"bids": [2, "pass", "pass", "pass"], "tricks": [1, 11]},   # Ann 2 took 1: -10; Ben & Dee passed: +11
]
BACK_ALLEY_CASES = [
    (0, (36, 13), "13 cards, Dee deals; bids Ann & Cy 7 v Ben & Dee 2; took 8-5"),
    (1, (0, 0), "12 cards, Ann deals; all passed: thrown in"),
    (2, (-10, 11), "12 cards, Ben deals; bids Ann & Cy 2 v Ben & Dee pass; took 1-11"),
]


@pytest.mark.parametrize("index, points, words", BACK_ALLEY_CASES, ids=["bids", "thrown in", "a team passed"])
def test_back_alley(index, points, words):
    got_points, summary = summaries(record("back_alley", FOUR, BACK_ALLEY_HANDS, first_dealer=3))[index]
    assert got_points == points
    assert seen(summary) == spoken(summary) == words


def test_names_are_escaped_in_the_summary():
    rec = record("oh_hell", ["<b>Al</b>", "Bo & Co", "Cy"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    [(_, summary)] = summaries(rec)
    assert isinstance(summary, Markup)
    assert "&lt;b&gt;Al&lt;/b&gt;" in summary and "Bo &amp; Co" in summary and "<b>" not in summary
    assert seen(summary) == "1 card, <b>Al</b> deals; <b>Al</b> 1/1 ✓, Bo & Co 0/0 ✓, Cy 0/0 ✓"


def test_the_scoreboard_shows_the_marks_and_their_words(client):
    rec = record("oh_hell", FOUR, OH_HELL_HANDS[:2], first_dealer=3)
    game_id = play_through_forms(client, rec)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert ('Ann <span aria-hidden="true">2/1 ✗</span><span class="visually-hidden">bid 2, took 1: missed</span>'
            in page)
