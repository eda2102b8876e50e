"""The vocabulary every game shares: errors, settings, the table, the state between hands."""
from __future__ import annotations

import enum
import operator
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .words import Text, say, say_n

PASS = "pass"


class RuleError(ValueError):
    """A record the rules reject. `place` is where (`hand 3`, `players`, `settings`...; a Text when
    it is words); `hand` is the hand's number when the place is a hand, else None; `entry` is the
    place in the record's `hands` list (from 1) of the hand or adjustment concerned, else None;
    `field` and `seat` say which entry of a hand it concerns, for forms. `message` is a Text, and so
    is `args[0]` ("place: message")."""

    def __init__(self, place: str, message: str, field: str | None = None, seat: int | None = None,
                 hand: int | None = None):
        super().__init__(say("{place}: {message}", place=place, message=message))
        self.place = place
        self.message = message
        self.field = field
        self.seat = seat
        self.hand = hand
        self.entry: int | None = None         # set where the record's entries are read (ScoredGame)


class Kind(enum.Enum):
    SWITCH = "switch"   # true / false
    WHOLE = "whole"     # a whole number in a range
    CHOICE = "choice"   # one of a few words
    LIST = "list"       # some of a few words, each once, in the order given


SETTINGS = say("settings")     # the place of a settings error
MOST_WHOLE = 100_000           # the widest a whole-number setting goes either way when its game sets no end: none is unbounded
SAID_DIGITS = 9                # a number refused with more digits than this is not said back (a 401-digit target)


@dataclass(frozen=True)
class Setting:
    name: str
    label: str                        # a Text: the setting as a form names it ("Max cards")
    kind: Kind
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None        # a whole number's range; an end left out is -MOST_WHOLE or MOST_WHOLE
    maximum: int | None = None
    required: tuple[str, ...] = ()    # a list's words it must hold
    item: str = ""                    # a list: what one of its words is (a Text: "point")
    labels: tuple[str, ...] = ()      # Texts: each of the choices as a player says it ("up then down"), in order
    optional: bool = False            # a whole number that may be null: "none" (Spades' lose_at: never)

    def __post_init__(self) -> None:
        if self.kind is Kind.WHOLE and self.minimum is None:
            object.__setattr__(self, "minimum", -MOST_WHOLE)
        if self.kind is Kind.WHOLE and self.maximum is None:
            object.__setattr__(self, "maximum", MOST_WHOLE)

    def choice_label(self, choice: str) -> str:
        """One of the choices as a player says it (a Text), or the word itself if it has no label."""
        return self.labels[self.choices.index(choice)] if choice in self.choices[:len(self.labels)] else choice

    def read(self, value: Any) -> Any:
        """The value if it is allowed, else a RuleError for `settings`."""
        if value is None and self.optional:
            return None
        if self.kind is Kind.SWITCH:
            if not isinstance(value, bool):
                raise RuleError(SETTINGS, say("{setting} must be true or false", setting=self.name), self.name)
            return value
        if self.kind is Kind.CHOICE:
            if value not in self.choices:
                raise RuleError(SETTINGS, say("{setting} must be one of {choices}", setting=self.name,
                                              choices=", ".join(self.choices)), self.name)
            return value
        if self.kind is Kind.LIST:
            return self.read_list(value)
        if not is_whole(value):
            raise RuleError(SETTINGS, say("{setting} must be a whole number", setting=self.name), self.name)
        if not self.minimum <= value <= self.maximum:
            if abs(value) >= 10 ** SAID_DIGITS:         # too long to read: the range alone says what is wrong
                raise RuleError(SETTINGS, say("{setting} must be {allowed}", setting=self.name,
                                              allowed=self.range_words()), self.name)
            raise RuleError(SETTINGS, say("{setting} must be {allowed}, not {value}", setting=self.name,
                                          allowed=self.range_words(), value=value), self.name)
        return value

    def read_list(self, value: Any) -> tuple[str, ...]:
        """A list setting's words as a tuple, each one of the choices and there once, the required ones in it."""
        if not isinstance(value, (list, tuple)):
            raise RuleError(SETTINGS, say("{setting} must be a list of some of {choices}", setting=self.name,
                                          choices=", ".join(self.choices)), self.name)
        for index, word in enumerate(value):
            if not isinstance(word, str) or word not in self.choices:
                raise RuleError(SETTINGS, say("{setting} has no {item} called {name}", setting=self.name,
                                              item=self.item, name=repr(word)), self.name)
            if word in value[:index]:
                raise RuleError(SETTINGS, say("{name} is in {setting} twice", name=word, setting=self.name), self.name)
        for word in self.required:
            if word not in value:
                raise RuleError(SETTINGS, say("{setting} must hold {name}", setting=self.name, name=word), self.name)
        return tuple(value)

    def range_words(self) -> Text:
        if self.optional:
            return say("{allowed} or none", allowed=self.whole_range_words())
        return self.whole_range_words()

    def whole_range_words(self) -> Text:
        return say("from {minimum} to {maximum}", minimum=self.minimum, maximum=self.maximum)


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
class State:
    """Where the game stands before hand `number`."""
    number: int
    dealer: int
    totals: tuple[int, ...]
    kept: Any = None              # what the game carries from hand to hand besides the totals (its own type)
    finished: bool = False
    winners: tuple[int, ...] = ()

    @property
    def place(self) -> Text:
        return say("hand {number}", number=self.number)

    def error(self, message: Text, field: str | None = None, seat: int | None = None) -> RuleError:
        return RuleError(self.place, message, field, seat, self.number)

    def adjusted(self, totals: tuple[int, ...]) -> State:
        """The same state, of a game still going on, with other totals: an adjustment moves nothing else."""
        return State(self.number, self.dealer, totals, self.kept)

    def after(self, dealer: int, totals: tuple[int, ...], *, kept: Any = None, finished: bool = False,
              winners: tuple[int, ...] = ()) -> State:
        """The state before the next hand; what the game keeps stays as it was unless given (quicker
        than dataclasses.replace, which counts here)."""
        return State(self.number + 1, dealer, totals, self.kept if kept is None else kept, finished, winners)


class Outcome:
    """What one hand scored, and why. The sentences are written the first time `explain` is read
    (a page shows a few hands of a long game): `why` is called then, and only then."""
    __slots__ = ("points", "facts", "why", "said")

    def __init__(self, points: tuple[int, ...], why: Callable[[], Iterable[Text]], facts: Mapping[str, Any]):
        self.points = points
        self.why = why
        self.facts = facts
        self.said: tuple[Text, ...] | None = None

    @property
    def explain(self) -> tuple[Text, ...]:
        if self.said is None:
            self.said = tuple(self.why())
        return self.said


@dataclass(frozen=True)
class EndBonus:
    """Points a game hands out once, after its last hand (gin's box and game bonuses): a line of
    the score sheet of its own."""
    name: Text
    points: tuple[int, ...]
    explain: Text


def bidding_order(dealer: int, size: int) -> list[int]:
    """Left of the dealer first, the dealer last."""
    return [(dealer + step) % size for step in range(1, size + 1)]


def leaders(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The sides with the highest total (all of them when they tie)."""
    best = max(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def add(totals: tuple[int, ...], points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(operator.add, totals, points))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def read_list(state: State, raw: Mapping[str, Any], key: str, count: int, per_team: bool = False) -> list[Any]:
    """A hand's list entry: `bids`, one per player, or `tricks`, one per player or (`per_team`) per team."""
    value = raw.get(key)
    bids = key == "bids"
    if value is None:
        raise state.error(say("the bids are missing") if bids else say("the tricks are missing"), key)
    if not isinstance(value, list) or len(value) != count:
        raise state.error(bids_words(count) if bids else tricks_words(count, per_team), key)
    return value


def bids_words(count: int) -> Text:
    """How a list of bids (one per player) must look."""
    return say_n("bids must be a list of {count} entry, one per player",
                 "bids must be a list of {count} entries, one per player", count)


def tricks_words(count: int, per_team: bool) -> Text:
    """How a list of tricks (one per player, or per team) must look."""
    if per_team:
        return say_n("tricks must be a list of {count} entry, one per team",
                     "tricks must be a list of {count} entries, one per team", count)
    return say_n("tricks must be a list of {count} entry, one per player",
                 "tricks must be a list of {count} entries, one per player", count)


def must_be_absent(state: State, raw: Mapping[str, Any], keys: tuple[str, ...], why: Text) -> None:
    """`why` is a whole clause ("the hand is a draw"); keys are record keys, said as they are."""
    for key in keys:
        if raw.get(key) is not None:
            raise state.error(say("{why}, so it can't have {key}", why=why, key=key), key)


def read_seat(raw: Any, place: str, players: tuple[str, ...], default: int) -> int:
    if raw is None:
        return default
    if not is_whole(raw) or not 0 <= raw < len(players):
        raise RuleError(place, say("{place} must be a seat number from 0 to {last}", place=place, last=len(players) - 1))
    return raw
