"""A finished game's result in a few lines a player shares: the game, the date, every side's place
and final total (end bonuses and adjustments in it, as on the scoreboard) and who won, in the
page's language and digits, names as typed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from babel.lists import format_list

from rules_engine import ScoredGame
from scorepad.games import pages_of
from scorepad.web.i18n import _, day, digits, isolate, lang, n_, signed_number
from scorepad.words.exports import note_of


@dataclass(frozen=True)
class Finished:
    """A game that is over, as its result and exports need it: its key in links, record, score and
    when it last changed."""
    key: str
    record: dict[str, Any]
    scored: ScoredGame
    updated: str | None = None


def places(scored: ScoredGame) -> list[int]:
    """Each side's place at the end: the winners first, then the others by total, highest first;
    sides level share a place and the next place is skipped (1, 2, 2, 4); lowest first in a game the
    lowest total wins. The engine says who won (in Pitch the bidder going out may win below another
    side's total), so a winner is always 1."""
    won, sign = set(scored.state.winners), 1 if scored.game.lowest_wins(scored.table) else -1
    order = [(side not in won, sign * total) for side, total in enumerate(scored.totals)]
    return [1 + sum(other < mine for other in order) for mine in order]


def standings(scored: ScoredGame) -> list[int]:
    """The sides from first place to last (level sides in seat order)."""
    place = places(scored)
    return sorted(range(len(scored.sides)), key=lambda side: (place[side], side))


def teams(scored: ScoredGame) -> bool:
    """Whether the scores belong to partnerships rather than to each player."""
    return scored.game.teams(scored.table)


def side_of(scored: ScoredGame, seat: int) -> int:
    """The side a seat scores for: itself, or its partnership."""
    return scored.game.side_of(scored.table, seat)


def listed(names: Any) -> str:
    """Names typed by players as one sentence's list ("Ann and Ben"), each kept in its own direction."""
    return format_list([isolate(str(name)) for name in names], locale=lang())


def result_lines(record: dict[str, Any], scored: ScoredGame) -> list[str]:
    """The result to share, a line each: the game (with its English name beside a translated one),
    when it started, its note, each side's place and total, and who won."""
    pages = pages_of(scored.game)
    lines = [pages.title if pages.title == pages.english_title else f"{pages.title} ({pages.english_title})"]
    if record.get("created"):
        lines.append(_("Started %(date)s", date=day(record["created"])))
    if note_of(record):
        lines.append(note_of(record))
    place = places(scored)
    for side in standings(scored):
        lines.append(_("%(place)s. %(side)s %(total)s", place=place[side], side=isolate(scored.sides[side]),
                       total=signed_number(digits(scored.totals[side]))))
    together = len(scored.winners) > 1 or teams(scored)        # "Ann & Cy win", "Ann and Ben win"
    lines.append(n_("Game over: %(names)s wins.", "Game over: %(names)s win.", 2 if together else 1,
                    names=listed(scored.winners)))
    return lines
