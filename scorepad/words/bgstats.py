"""Finished games for BG Stats, the app players log their plays in: a file of plays, players and
games its Import reads (one game, or every game a browser can see), and the link that adds one play
in the app on a phone that has it. docs/bgstats.md says what maps to what and where the format is
written down.

Nothing here is in the page's language: BG Stats keeps its own words. Games are named by their
English titles, players as typed; every id is worked out from the game, so exporting the same game
again gives the same play, which BG Stats updates instead of adding twice."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone
from typing import Any, Iterable
from urllib.parse import quote

from rules_engine import ScoredGame
from rules_engine.adjustment import hands_played
from scorepad.words.exports import note_of
from scorepad.words.records import same
from scorepad.words.result import Finished, places, side_of, teams

SOURCE = "Scorepad"                  # the app a pushed play comes from, as BG Stats remembers it
PUSH = "bgstats://app.bgstatsapp.com/createPlay.html?data="
IDS = uuid.UUID("f7afeca7-f2b0-4f8a-9234-3931c5277bdb")   # Scorepad's own: every uuid below is made from it
NO_ONE = 0                           # userInfo.meRefId: the file does not say which player owns the phone


def when(stamp: str | None) -> str:
    """A stored time as BG Stats writes its own: "2026-11-29 20:15:00", in UTC (the server does not
    know the phone's time zone); now, for a time that can't be read."""
    try:
        moment = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        moment = datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def made_id(kind: str, name: str) -> str:
    """The same uuid for the same game, player or play in every export."""
    return str(uuid.uuid5(IDS, f"{kind}:{name}")).upper()


def seat_scores(scored: ScoredGame) -> list[dict[str, Any]]:
    """What each seat scored: its side's final total, place and win; whether it dealt first."""
    place, won = places(scored), set(scored.state.winners)
    scores = []
    for seat, name in enumerate(scored.table.players):
        side = side_of(scored, seat)
        scores.append({"name": name, "total": scored.totals[side], "winner": side in won, "rank": place[side],
                       "start": seat == scored.table.first_dealer,
                       "team": scored.sides[side] if teams(scored) else None})
    return scores


def bgstats_file(games: Iterable[Finished]) -> dict[str, Any]:
    """Every finished game in `games` as a BG Stats file: its plays, and the players and games they
    refer to by id (ids count from 1, in the order they are first met)."""
    players: dict[str, dict[str, Any]] = {}
    kinds: dict[str, dict[str, Any]] = {}
    plays = []
    for finished in games:
        scored, record = finished.scored, finished.record
        started, changed = when(record.get("created")), when(finished.updated or record.get("created"))
        kind = kinds.setdefault(scored.game.id, {
            "id": len(kinds) + 1, "uuid": made_id("game", scored.game.id), "name": str(scored.game.title),
            "modificationDate": started, "cooperative": False,
            "highestWins": not scored.game.lowest_wins(scored.table), "noPoints": False,
            "usesTeams": False, "bggId": 0, "bggYear": 0, "isBaseGame": 1, "isExpansion": 0, "rating": 0,
            "minPlayerCount": scored.game.min_players, "maxPlayerCount": scored.game.max_players})
        kind["usesTeams"] = kind["usesTeams"] or teams(scored)
        kind["modificationDate"] = max(kind["modificationDate"], changed)
        player_scores = []
        for seat, score in enumerate(seat_scores(scored)):
            player = players.setdefault(same(score["name"]), {
                "id": len(players) + 1, "uuid": made_id("player", same(score["name"])), "name": score["name"],
                "isAnonymous": False, "modificationDate": changed})
            player["modificationDate"] = max(player["modificationDate"], changed)
            player_scores.append({
                "playerRefId": player["id"], "score": str(score["total"]), "winner": score["winner"],
                "newPlayer": False, "startPlayer": score["start"], "rank": score["rank"], "seatOrder": seat + 1,
                "role": "", **({"team": score["team"], "teamRole": ""} if score["team"] else {})})
        plays.append({
            "uuid": made_id("play", finished.key), "modificationDate": changed, "entryDate": started,
            "playDate": started, "usesTeams": teams(scored), "durationMin": 0, "ignored": False,
            "manualWinner": True, "rounds": hands_played(record["hands"]), "gameRefId": kind["id"], "board": "",
            "rating": 0, "scoringSetting": 0, "comments": note_of(record), "playerScores": player_scores,
            "expansionPlays": []})
    return {"players": list(players.values()), "locations": [], "games": list(kinds.values()), "plays": plays,
            "userInfo": {"meRefId": NO_ONE}}


def file_text(games: Iterable[Finished]) -> str:
    return json.dumps(bgstats_file(games), indent=1, ensure_ascii=False) + "\n"


def push_play(finished: Finished) -> dict[str, Any]:
    """One finished game as the play BG Stats' createPlay link carries: matched to the same game and
    players next time by Scorepad's own ids for them (`sourceName` with `sourceGameId`, `sourcePlayerId`)."""
    scored = finished.scored
    play = {"sourceName": SOURCE, "sourcePlayId": finished.key, "playDate": when(finished.record.get("created")),
            "game": {"name": str(scored.game.title), "sourceGameId": scored.game.id,
                     "highestWins": not scored.game.lowest_wins(scored.table),
                     "noPoints": False, "usesTeams": teams(scored)},
            "players": [{"name": score["name"], "sourcePlayerId": same(score["name"]), "startPlayer": score["start"],
                         "winner": score["winner"], "score": score["total"], "rank": score["rank"],
                         **({"team": score["team"]} if score["team"] else {})}
                        for score in seat_scores(scored)]}
    if note_of(finished.record):
        play["comments"] = note_of(finished.record)
    return play


def push_link(finished: Finished) -> str:
    """The link that opens BG Stats with the play filled in, for the player to check and save:
    its JSON, URL-encoded, as the app's `data` parameter."""
    return PUSH + quote(json.dumps(push_play(finished), ensure_ascii=False, separators=(",", ":")), safe="")
