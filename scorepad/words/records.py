"""Players' records across games, counted from the game records and the engine's scores; a table's
standings over a period.

No database code (a refusal's words come from i18n: the page's language, English outside a
request); what a kind of game counts of each hand is its own (scorepad.games). Nothing here is
stored - every number is counted afresh from the records (the engine says who won and what each
hand scored; the raw hands say who bid and took what).
A player is a name, matched without regard to case ("ann" and "Ann" are one player).
A period holds the games started on its days (`created`, by this server's calendar); games still in
play count for what happened in their hands, never for wins, places or totals.

Also the plan of a rename (or merge) across games, and of its undo: which seats change, or why not."""
from __future__ import annotations

import calendar
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from fractions import Fraction
from typing import Any, Iterable

from rules_engine import ScoredGame
from scorepad.games import GAME_PAGES, every_game, pages_of
from scorepad.web.i18n import _
from scorepad.words.result import places, side_of

MAX_NAME = 40
EARLIEST = datetime.min.replace(tzinfo=timezone.utc)


def same(name: Any) -> str:
    """The form of a name two spellings share when they are one player."""
    return name.strip().casefold() if isinstance(name, str) else ""


def seat_of(players: Any, name: str) -> int | None:
    wanted = same(name)
    for seat, player in enumerate(players if isinstance(players, list) else []):
        if wanted and same(player) == wanted:
            return seat
    return None


# --- periods -------------------------------------------------------------------------------------

def started_at(created: Any) -> datetime | None:
    """When a game was started (its stored `created` time, UTC unless it says otherwise); None when
    it is no time (an imported record may carry any text there)."""
    if not isinstance(created, str):
        return None
    try:
        moment = datetime.fromisoformat(created.strip())
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def started_on(created: Any) -> date | None:
    """The day a game was started, by this server's calendar (a game at 20:30 in New York is that
    evening's, though it is already the next day in UTC)."""
    moment = started_at(created)
    return moment.astimezone().date() if moment else None


@dataclass(frozen=True)
class Period:
    """The days from `start` to `end`, both included; None leaves that end open."""
    start: date | None = None
    end: date | None = None

    @property
    def always(self) -> bool:
        return self.start is None and self.end is None

    def holds(self, created: Any) -> bool:
        """Whether a game started at `created` counts: any game for all time, else only one started on
        a day of the period."""
        if self.always:
            return True
        day = started_on(created)
        return day is not None and (self.start is None or self.start <= day) and (self.end is None or day <= self.end)

    @classmethod
    def month_of(cls, day: date) -> Period:
        return cls(day.replace(day=1), day.replace(day=calendar.monthrange(day.year, day.month)[1]))

    @classmethod
    def year_of(cls, day: date) -> Period:
        return cls(date(day.year, 1, 1), date(day.year, 12, 31))


ALWAYS = Period()


def in_period(games: Iterable[dict[str, Any]], period: Period) -> list[dict[str, Any]]:
    """The games of a period (each with "created"), oldest first as they were started."""
    kept = [game for game in games if period.holds(game.get("created"))]
    return sorted(kept, key=lambda game: started_at(game.get("created")) or EARLIEST)


# --- one player's record -------------------------------------------------------------------------

@dataclass
class Partner:
    """Games a player played with another as partners (partnership games), and how they went."""
    name: str
    together: int = 0
    finished: int = 0
    won: int = 0


@dataclass
class KindRecord:
    """One player's record in one kind of game: games played, finished and won, places and final totals
    (finished games only), the longest run of wins, partners, and what the game counts of its hands
    (its own words say them: `lines` and `rates`)."""
    kind: str
    title: str
    totals_compare: bool = True           # the final totals of two games mean the same (not any game's)
    played: int = 0
    won: int = 0
    finished: int = 0
    places: int = 0                       # final places added up, over the finished games
    total: int = 0                        # final totals added up, over the finished games
    best: int | None = None               # the highest final total (shown where totals compare)
    streak: int = 0                       # the most finished games won in a row
    run: int = 0                          # ...and the run of wins so far
    counts: Counter = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)
    rates: list[str] = field(default_factory=list)
    partners: list[Partner] = field(default_factory=list)

    @property
    def average_place(self) -> Fraction | None:
        return Fraction(self.places, self.finished) if self.finished else None

    @property
    def average_total(self) -> int | None:
        """The average final total, a half rounded up."""
        return math.floor(Fraction(self.total, self.finished) + Fraction(1, 2)) if self.finished else None


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


def spelled(games: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Each player's most recent spelling, by name, from `games` newest first."""
    found: dict[str, str] = {}
    for game in games:
        for name in game["players"] if isinstance(game["players"], list) else []:
            if same(name):
                found.setdefault(same(name), name.strip())
    return found


def won(scored: ScoredGame, seat: int) -> bool:
    return scored.finished and side_of(scored, seat) in scored.state.winners


def counted(game: dict[str, Any]) -> bool:
    """Whether a game can be counted: scored in full, of a kind of game the pages know."""
    return game["scored"] is not None and game["problem"] is None and game["record"]["game"] in GAME_PAGES


def player_record(name: str, games: Iterable[dict[str, Any]], period: Period = ALWAYS) -> PlayerRecord | None:
    """The record of the player called `name` (any case) in `games` (newest first) started in `period`;
    each game a dict with "players", "record", "scored", "problem" and "created". None when nobody of that
    name played in any of them (in the period or not)."""
    games = list(games)
    mine = [game for game in games if seat_of(game["players"], name) is not None]
    if not mine:
        return None
    result = PlayerRecord(mine[0]["players"][seat_of(mine[0]["players"], name)].strip(), [], [])
    for game in mine:
        spelling = game["players"][seat_of(game["players"], name)].strip()
        if spelling not in result.spellings:
            result.spellings.append(spelling)
    kinds = {pages.id: KindRecord(pages.id, str(pages.title), pages.totals_compare) for pages in every_game()}
    rivals: dict[str, Rival] = {}
    names = spelled(games)
    for game in in_period(mine, period):
        seat = seat_of(game["players"], name)
        if not counted(game):
            result.skipped += 1
            continue
        result.games += 1
        scored = game["scored"]
        count_game(kinds[scored.game.id], scored, game["record"]["hands"], seat, names)
        for other, other_name in enumerate(scored.table.players):
            if other == seat:
                continue
            rival = rivals.setdefault(same(other_name), Rival(names.get(same(other_name), other_name)))
            rival.together += 1
            mine_won, theirs = won(scored, seat), won(scored, other)
            rival.ahead += mine_won and not theirs
            rival.behind += theirs and not mine_won
    result.kinds = [record for record in kinds.values() if record.played]
    for kind in result.kinds:
        pages = pages_of(kind.kind)
        kind.lines, kind.rates = pages.record_lines(kind.counts), pages.record_rates(kind.counts)
        kind.partners.sort(key=lambda partner: (partner.name.casefold(), partner.name))
    result.rivals = sorted(rivals.values(), key=lambda rival: (rival.name.casefold(), rival.name))
    return result


def count_game(kind: KindRecord, scored: ScoredGame, raw_hands: list[dict[str, Any]], seat: int,
               names: dict[str, str]) -> None:
    """Add one scored game to a player's record for its kind (the games of a kind come oldest first,
    for the streak); `names` spells the partners (`spelled`)."""
    kind.played += 1
    side = side_of(scored, seat)
    if scored.finished:
        kind.finished += 1
        kind.won += won(scored, seat)
        kind.places += places(scored)[side]
        kind.total += scored.totals[side]
        kind.best = scored.totals[side] if kind.best is None else max(kind.best, scored.totals[side])
        kind.run = kind.run + 1 if won(scored, seat) else 0
        kind.streak = max(kind.streak, kind.run)
    for partner_seat, partner_name in enumerate(scored.table.players):
        if partner_seat != seat and side_of(scored, partner_seat) == side:
            partner = next((p for p in kind.partners if same(p.name) == same(partner_name)), None)
            if partner is None:
                partner = Partner(names.get(same(partner_name), partner_name))
                kind.partners.append(partner)
            partner.together += 1
            partner.finished += scored.finished
            partner.won += won(scored, seat)
    pages = pages_of(scored.game)
    for hand, raw in zip(scored.hands, raw_hands):
        if not hand.is_adjustment:
            pages.count_hand(kind.counts, scored, hand, raw, seat)


# --- a table's standings -------------------------------------------------------------------------

@dataclass
class Standing:
    """A player's line of a league table: finished games, wins, and points for and against."""
    name: str
    games: int = 0
    won: int = 0
    points_for: int = 0        # the final totals of the player's side
    against: int = 0           # the final totals of every other side of those games
    place: int = 0

    @property
    def rate(self) -> Fraction:
        return Fraction(self.won, self.games)


@dataclass
class League:
    kind: str
    title: str
    rows: list[Standing]
    totals_compare: bool = True           # points for and against add up to something (not any game's)


def standings(games: Iterable[dict[str, Any]], period: Period = ALWAYS) -> list[League]:
    """A league table per kind of game, of the finished games among `games` (newest first) started in
    `period`: each player by wins, then the share of games won; players level on both share a place.
    In partnership games each partner counts the team's game and totals."""
    games = list(games)
    names = spelled(games)
    tables: dict[str, dict[str, Standing]] = {pages.id: {} for pages in every_game()}
    for game in in_period(games, period):
        if not counted(game) or not game["scored"].finished:
            continue
        scored = game["scored"]
        for seat, name in enumerate(scored.table.players):
            side = side_of(scored, seat)
            row = tables[scored.game.id].setdefault(same(name), Standing(names.get(same(name), name)))
            row.games += 1
            row.won += won(scored, seat)
            row.points_for += scored.totals[side]
            row.against += sum(scored.totals) - scored.totals[side]
    leagues = []
    for pages in every_game():
        rows = sorted(tables[pages.id].values(), key=lambda row: (-row.won, -row.rate, row.name.casefold(), row.name))
        for number, row in enumerate(rows):
            level = number and (rows[number - 1].won, rows[number - 1].rate) == (row.won, row.rate)
            row.place = rows[number - 1].place if level else number + 1
        if rows:
            leagues.append(League(pages.id, str(pages.title), rows, pages.totals_compare))
    return leagues


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
