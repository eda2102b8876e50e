"""What the tests of every game take from each game's own tests: `tests/test_<id>.py` ends with
`TESTED = Tested(...)`, and `as_tested(game_id)` finds it there. A test that covers "each game" asks
the engine for its games and this module for what to play, so a new game is tested by its own
files alone."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable


@dataclass(frozen=True)
class Step:
    """One thing a player does on a phone: tap a link or a button by its name, tap a choice of a
    radio group (`field`, `value`), or type `value` into the text field `field` (typing is not a tap)."""
    kind: str                   # "link", "button", "tap" or "type"
    name: str
    value: Any = None


def link(name: str) -> Step:
    return Step("link", name)


def button(name: str) -> Step:
    return Step("button", name)


def tap(field_name: str, value: Any) -> Step:
    return Step("tap", field_name, value)


def type_in(field_name: str, text: str) -> Step:
    return Step("type", field_name, text)


@dataclass(frozen=True)
class Tested:
    """A game as the tests of every game play it."""
    __test__ = False                              # not a test class, whatever its name
    legal_hand: Callable[..., dict[str, Any]]     # (draw, scored, order) -> a legal next hand (hypothesis)
    players: tuple[str, ...]                      # a typical table, in seat order
    dealer: int                                   # the first dealer of the typical hand
    typical_hand: tuple[Step, ...]                # hand 1 as a phone enters it, from the scoreboard back to it
    totals_after: tuple[str, ...]                 # the scoreboard's totals after it, as shown
    finished: dict[str, Any]                      # a short finished game (a record)...
    result_lines: tuple[str, ...]                 # ...and the lines its result shares (after the date line)
    preset_hands: dict[str, tuple[tuple[Step, ...], tuple[str, ...]]] = field(default_factory=dict)
    #   a typical hand 1 and the totals after it under each of the game's ready-made settings (presets)
    rules_settings: dict[str, Any] = field(default_factory=dict)   # settings the rules page shows its numbers of...
    rules_say: str = ""                           # ...and a piece of those rules in Pashto, with the page's digits


def tests_of(game_id: str) -> ModuleType:
    """The game's own tests (tests/test_<id>.py), imported (or being imported: a module that imports
    this one's users in turn gets its own module back, as Python imports do)."""
    return importlib.import_module(f"test_{game_id}")


def as_tested(game_id: str) -> Tested:
    """The game's `TESTED`, from its own tests."""
    return tests_of(game_id).TESTED
