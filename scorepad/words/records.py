"""Players' records across games, counted from the game records and the engine's scores.

No database code (a refusal's words come from i18n: the page's language, English outside a
request); what a kind of game counts of each hand is its own (scorepad.games). Nothing here is
stored - every number is counted afresh from the records (the engine says who won and what each
hand scored; the raw hands say who bid and took what).
A player is a name, matched without regard to case ("ann" and "Ann" are one player).

Also the plan of a rename (or merge) across games, and of its undo: which seats change, or why not."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from rules_engine import ScoredGame
from scorepad.games import every_game, pages_of
from scorepad.web.i18n import _

MAX_NAME = 40


def same(name: Any) -> str:
    """The form of a name two spellings share when they are one player."""
    return name.strip().casefold() if isinstance(name, str) else ""


def seat_of(players: Any, name: str) -> int | None:
    wanted = same(name)
    for seat, player in enumerate(players if isinstance(players, list) else []):
        if wanted and same(player) == wanted:
            return seat
    return None


@dataclass
class KindRecord:
    """One player's record in one kind of game: games played and won, and what the game counts
    (its own words say them: `lines`)."""
    kind: str
    title: str
    played: int = 0
    won: int = 0
    counts: Counter = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)


@dataclass
class Rival:
    """Head to head: games with another player, and who finished ahead."""
    name: str
    together: int = 0
    ahead: int = 0         # finished games this player won and the other did not
    behind: int = 0        # ...the other won and this player did not


@dataclass
class PlayerRecord:
    name: str                              # the most recent spelling
    kinds: list[KindRecord]                # only kinds played, in the order the games are listed
    rivals: list[Rival]                    # by name
    skipped: int = 0                       # games with this player that can't be scored
    games: int = 0                         # games counted
    spellings: list[str] = field(default_factory=list)


def names_in(games: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every player in `games` (newest first): the most recent spelling and the number of games, by name."""
    found: dict[str, dict[str, Any]] = {}
    for game in games:
        players = game["players"] if isinstance(game["players"], list) else []
        for name in {same(n): n.strip() for n in players if same(n)}.values():
            entry = found.setdefault(same(name), {"name": name, "games": 0})
            entry["games"] += 1
    return sorted(found.values(), key=lambda entry: (entry["name"].casefold(), entry["name"]))


def side_of(scored: ScoredGame, seat: int) -> int:
    """The side a seat scores for: itself, or its partnership (partners sit opposite)."""
    return seat if len(scored.sides) == scored.table.size else seat % 2


def won(scored: ScoredGame, seat: int) -> bool:
    return scored.finished and side_of(scored, seat) in scored.state.winners


def player_record(name: str, games: Iterable[dict[str, Any]]) -> PlayerRecord | None:
    """The record of the player called `name` (any case) in `games`, newest first; each game a dict with
    "players", "record", "scored" and "problem". None when nobody of that name played."""
    kinds = {pages.id: KindRecord(pages.id, str(pages.title)) for pages in every_game()}
    rivals: dict[str, Rival] = {}
    result: PlayerRecord | None = None
    for game in games:
        seat = seat_of(game["players"], name)
        if seat is None:
            continue
        if result is None:
            result = PlayerRecord(game["players"][seat].strip(), [], [])
        spelling = game["players"][seat].strip()
        if spelling not in result.spellings:
            result.spellings.append(spelling)
        scored, record = game["scored"], game["record"]
        if scored is None or game["problem"] is not None or record["game"] not in kinds:
            result.skipped += 1
            continue
        result.games += 1
        count_game(kinds[record["game"]], scored, record["hands"], seat)
        for other, other_name in enumerate(scored.table.players):
            if other == seat:
                continue
            rival = rivals.setdefault(same(other_name), Rival(other_name))
            rival.together += 1
            mine, theirs = won(scored, seat), won(scored, other)
            rival.ahead += mine and not theirs
            rival.behind += theirs and not mine
    if result is not None:
        result.kinds = [record for record in kinds.values() if record.played]
        for kind in result.kinds:
            kind.lines = pages_of(kind.kind).record_lines(kind.counts)
        result.rivals = sorted(rivals.values(), key=lambda rival: (rival.name.casefold(), rival.name))
    return result


def count_game(kind: KindRecord, scored: ScoredGame, raw_hands: list[dict[str, Any]], seat: int) -> None:
    """Add one scored game to a player's record for its kind of game."""
    kind.played += 1
    kind.won += won(scored, seat)
    pages = pages_of(scored.game)
    for hand, raw in zip(scored.hands, raw_hands):
        if not hand.is_adjustment:
            pages.count_hand(kind.counts, scored, hand, raw, seat)


# --- renames and merges --------------------------------------------------------------------------

class Refused(ValueError):
    """A rename that can't be made as asked: nothing is changed anywhere."""


def new_name(text: Any) -> str:
    """A typed name, trimmed; Refused with the reason when it can't be a player's name."""
    name = text.strip() if isinstance(text, str) else ""
    if not name:
        raise Refused(_("Type the new name."))
    if len(name) > MAX_NAME:
        raise Refused(_("A name has at most %(most)s characters; that one has %(count)s.", most=MAX_NAME,
                        count=len(name)))
    if any(ord(char) < 32 or 0x7f <= ord(char) < 0xa0 for char in name):
        raise Refused(_("A name can't have control characters."))
    return name


def plan_rename(games: Iterable[dict[str, Any]], old: str, new: str) -> list[tuple[dict[str, Any], int, list[str]]]:
    """For every game (each with "players" and "label") with a seat called `old` (any case): the game,
    the seat and its players after the rename. Refused, naming the game, when the new name is already
    another seat's in one of them (two seats of one game can't share a name)."""
    changes = []
    for game in games:
        seat = seat_of(game["players"], old)
        if seat is None or game["players"][seat] == new:
            continue
        clash = seat_of([name if n != seat else "" for n, name in enumerate(game["players"])], new)
        if clash is not None:
            raise Refused(_("%(other)s already plays in %(game)s, so %(player)s can't be renamed %(new)s there: "
                            "two players of one game can't share a name. Nothing was renamed.",
                            other=game["players"][clash], game=game["label"], player=game["players"][seat], new=new))
        changes.append((game, seat, [new if n == seat else name for n, name in enumerate(game["players"])]))
    return changes


def plan_undo(games: dict[int, dict[str, Any]], rename: dict[str, Any]) -> tuple[list[tuple[dict[str, Any], list[str]]], int]:
    """Put back the old name (as each seat spelled it) on exactly the seats a rename changed, where they still carry the new name
    (any case) and the game is in `games` (id -> game). Returns the games with their players after, and
    how many seats were left alone; Refused when putting a name back would give one game two of it."""
    after: dict[int, list[str]] = {}
    left = 0
    for game_id, seat, *was in rename["seats"]:
        game = games.get(game_id)
        back = was[0] if was else rename["old"]        # the spelling that seat had
        players = (after.get(game_id) or list(game["players"])) if game else None
        if players is None or seat >= len(players) or same(players[seat]) != same(rename["new"]):
            left += 1
            continue
        clash = seat_of([name if n != seat else "" for n, name in enumerate(players)], back)
        if clash is not None:
            raise Refused(_("%(other)s now plays in %(game)s, so %(player)s can't be %(old)s again there. "
                            "Nothing was changed.", other=players[clash], game=game["label"], player=players[seat],
                            old=back))
        players[seat] = back
        after[game_id] = players
    return [(games[game_id], players) for game_id, players in after.items()], left
