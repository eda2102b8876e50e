"""Short words for the scoreboard: a hand's key facts and the next-hand banner."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import ScoredGame, ScoredHand
from scorepad.games import pages_of
from scorepad.web.i18n import words


def hand_summary(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
    """One line of what happened in a hand, in the game's own words (safe HTML: names escaped); an
    adjustment's line is its explanation ("Adjustment: Ben -10 (Ben reneged)")."""
    if hand.is_adjustment:
        return Markup.escape(words(hand.explain[0]))
    return pages_of(scored.game).hand_line(scored, raw, hand)


def hand_number(scored: ScoredGame | None, entry: int) -> int:
    """The number players call the hand at `entry` (its place in the record's hands, from 1), or,
    past the last entry, the hand to come: adjustments between hands have no number of their own."""
    if scored is None or entry < 1:
        return entry
    if entry <= len(scored.hands):
        return scored.hands[entry - 1].number
    return scored.state.number


def next_banner(scored: ScoredGame) -> list[str]:
    """What the table needs for the next hand, as short phrases, in the game's own words."""
    if scored.next is None:
        return []
    return pages_of(scored.game).banner(scored)
