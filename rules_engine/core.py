"""The vocabulary every game shares: errors, settings, the table, the state between hands."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping

PASS = "pass"


class RuleError(ValueError):
    """A record the rules reject. `place` is where (`hand 3`, `players`, `settings`...);
    `field` and `seat` say which entry of a hand it concerns, for forms."""

    def __init__(self, place: str, message: str, field: str | None = None, seat: int | None = None):
        super().__init__(f"{place}: {message}")
        self.place = place
        self.message = message
        self.field = field
        self.seat = seat


class Kind(enum.Enum):
    SWITCH = "switch"   # true / false
    WHOLE = "whole"     # a whole number in a range
    CHOICE = "choice"   # one of a few words


@dataclass(frozen=True)
class Setting:
    name: str
    kind: Kind
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def read(self, value: Any) -> Any:
        """The value if it is allowed, else a RuleError for `settings`."""
        if self.kind is Kind.SWITCH:
            if not isinstance(value, bool):
                raise RuleError("settings", f"{self.name} must be true or false")
            return value
        if self.kind is Kind.CHOICE:
            if value not in self.choices:
                raise RuleError("settings", f"{self.name} must be one of {', '.join(self.choices)}")
            return value
        if not is_whole(value):
            raise RuleError("settings", f"{self.name} must be a whole number")
        if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
            raise RuleError("settings", f"{self.name} must be {self.range_words()}, not {value}")
        return value

    def range_words(self) -> str:
        if self.maximum is None:
            return f"{self.minimum} or more"
        return f"from {self.minimum} to {self.maximum}"


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Table:
    """Who plays and how: everything fixed when the game is created."""
    game: str
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    first_dealer: int = 0
    first_captain: int | None = None

    @property
    def size(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat % self.size]


@dataclass(frozen=True)
class Roles:
    """Three-player gin: who is in the box, who is captain, who advises."""
    box: int
    captain: int
    advisor: int


@dataclass(frozen=True)
class State:
    """Where the game stands before hand `number`."""
    number: int
    dealer: int
    totals: tuple[int, ...]
    deal: int = 0                 # deals used up (Oh Hell, Back Alley)
    roles: Roles | None = None    # gin
    finished: bool = False
    winners: tuple[int, ...] = ()

    @property
    def place(self) -> str:
        return f"hand {self.number}"

    def error(self, message: str, field: str | None = None, seat: int | None = None) -> RuleError:
        return RuleError(self.place, message, field, seat)


@dataclass(frozen=True)
class Outcome:
    """What one hand scored, and why."""
    points: tuple[int, ...]
    explain: tuple[str, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)


def bidding_order(dealer: int, size: int) -> list[int]:
    """Left of the dealer first, the dealer last."""
    return [(dealer + step) % size for step in range(1, size + 1)]


def team_of(seat: int) -> int:
    return seat % 2


def team_names(players: tuple[str, ...]) -> tuple[str, str]:
    return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")


def leaders(totals: tuple[int, ...], among: list[int] | None = None) -> tuple[int, ...]:
    """The sides with the highest total (all of them when they tie)."""
    sides = range(len(totals)) if among is None else among
    best = max(totals[s] for s in sides)
    return tuple(s for s in sides if totals[s] == best)


def add(totals: tuple[int, ...], points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t + p for t, p in zip(totals, points))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def read_list(state: State, raw: Mapping[str, Any], key: str, count: int, per: str) -> list[Any]:
    """A hand's list entry (bids, tricks) with one entry per player or per team."""
    value = raw.get(key)
    if value is None:
        raise state.error(f"the {key} are missing", key)
    if not isinstance(value, list) or len(value) != count:
        raise state.error(f"{key} must be a list of {count} entries, one per {per}", key)
    return value


def must_be_absent(state: State, raw: Mapping[str, Any], keys: tuple[str, ...], why: str) -> None:
    for key in keys:
        if raw.get(key) is not None:
            raise state.error(f"{why}, so it can't have {key}", key)
