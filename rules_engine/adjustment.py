"""Adjustments: an entry between hands that gives or takes points with a note ("Ben reneged"), the
same in every game. It is not a hand: the deal does not pass and no game ends on it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .core import RuleError, State, is_whole, signed
from .words import Text, comma_list, say

MOST_POINTS = 1000      # an adjustment gives or takes at most this many points per side
NOTE_LENGTH = 80        # characters in an adjustment's note


@dataclass(frozen=True)
class Adjustment:
    points: tuple[int, ...]       # per side
    note: str


def is_adjustment(raw: Any) -> bool:
    """An entry of a record's `hands` that is an adjustment, not a hand."""
    return isinstance(raw, dict) and raw.get("adjustment") is not None


def hands_played(entries: list[Any]) -> int:
    """How many of a record's `hands` are hands, not adjustments."""
    return sum(not is_adjustment(entry) for entry in entries)


def place_of(state: State) -> Text:
    """Where an adjustment stands, for its errors: "adjustment before hand 4"."""
    return place_of_adjustment(state.number)


def place_of_adjustment(number: int) -> Text:
    return say("adjustment before hand {number}", number=number)


def read_adjustment(sides: tuple[str, ...], state: State, raw: Mapping[str, Any]) -> Adjustment:
    """Check an adjustment entry standing before the hand of `state`."""
    place = place_of(state)

    def problem(message: Text, field: str, seat: int | None = None) -> RuleError:
        return RuleError(place, message, field, seat)

    points = raw["adjustment"]
    if not isinstance(points, list) or len(points) != len(sides):
        raise problem(say("an adjustment must be a list of {count} whole numbers, one per side", count=len(sides)),
                      "adjustment")
    for side, value in enumerate(points):
        if not is_whole(value):
            raise problem(say("{side}'s points must be a whole number", side=sides[side]), "adjustment", side)
        if not -MOST_POINTS <= value <= MOST_POINTS:
            raise problem(say("{side}'s points must be from {least} to {most}, not {value}", side=sides[side],
                              least=-MOST_POINTS, most=MOST_POINTS, value=value), "adjustment", side)
    if not any(points):
        raise problem(say("an adjustment must give or take points from at least one side"), "adjustment")
    note = raw.get("note")
    wrong = note_problem(note)
    if wrong:
        raise problem(wrong, "note")
    return Adjustment(tuple(points), note.strip())


def note_problem(note: Any) -> Text | None:
    """Why an adjustment's note can't be taken, or None."""
    if not isinstance(note, str) or not note.strip():
        return say("an adjustment needs a note saying why")
    if len(note.strip()) > NOTE_LENGTH:
        return say("the note is longer than {most} characters", most=NOTE_LENGTH)
    return None


def adjustment_words(sides: tuple[str, ...], adjustment: Adjustment) -> Text:
    """ "Adjustment: Ben -10 (Ben reneged)"."""
    return say("Adjustment: {given}", given=given_words(sides, adjustment))


def given_words(sides: tuple[str, ...], adjustment: Adjustment) -> Text:
    """ "Ben -10 (Ben reneged)": each side an adjustment changes, and its note."""
    given = comma_list(say("{side} {points}", side=side, points=signed(points))
                       for side, points in zip(sides, adjustment.points) if points)
    return say("{points} ({note})", points=given, note=adjustment.note)
