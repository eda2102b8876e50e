"""The history of a game in plain words: what changed in which hand, and what it did to the scores."""
from __future__ import annotations

from typing import Any

from rules_engine import RuleError, ScoredGame, score

POINT_NAMES = ("high", "low", "jack", "game")


def side_word(scored: ScoredGame, side: Any) -> str:
    return "nobody" if side is None else scored.sides[side] if 0 <= side < len(scored.sides) else str(side)


def changes(scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two versions of a hand, e.g. "Ben's tricks 3 -> 2"."""
    table, words = scored.table, []
    old_bids, new_bids = before.get("bids") or [], after.get("bids") or []
    for seat in range(max(len(old_bids), len(new_bids))):
        old = old_bids[seat] if seat < len(old_bids) else None
        new = new_bids[seat] if seat < len(new_bids) else None
        if old != new:
            words.append(f"{table.name(seat)}'s bid {old} -> {new}")
    old_tricks, new_tricks = before.get("tricks") or [], after.get("tricks") or []
    owners = scored.sides if scored.game.id == "back_alley" else table.players
    for index in range(max(len(old_tricks), len(new_tricks))):
        old = old_tricks[index] if index < len(old_tricks) else None
        new = new_tricks[index] if index < len(new_tricks) else None
        if old != new:
            words.append(f"{owners[index]}'s tricks {old} -> {new}")
    if scored.game.id in ("pitch", "smear"):
        for point in POINT_NAMES:
            if before.get(point) != after.get(point):
                words.append(f"{point.capitalize()} {side_word(scored, before.get(point))} -> "
                             f"{side_word(scored, after.get(point))}")
    for key in ("result", "knocker"):
        if before.get(key) != after.get(key):
            words.append(f"{key} {before.get(key) or 'none'} -> {after.get(key) or 'none'}")
    old_dead, new_dead = before.get("deadwood") or {}, after.get("deadwood") or {}
    for side in ("box", "team"):
        if old_dead.get(side) != new_dead.get(side):
            words.append(f"{side}'s deadwood {old_dead.get(side)} -> {new_dead.get(side)}")
    return words


def hand_points(record: dict[str, Any], number: int, hand: dict[str, Any] | None) -> tuple[int, ...] | None:
    """What `hand` scores as hand `number` after the game's current earlier hands (None if it can't)."""
    if hand is None:
        return None
    try:
        return score({**record, "hands": record["hands"][:number - 1] + [hand]}).hands[-1].points
    except RuleError:
        return None


def score_changes(scored: ScoredGame, record: dict[str, Any], number: int,
                  before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    old, new = hand_points(record, number, before), hand_points(record, number, after)
    if old is None or new is None:
        return ""
    moved = [f"{scored.sides[side]}'s score for hand {number}: {a} -> {b}"
             for side, (a, b) in enumerate(zip(old, new)) if a != b]
    return f" ({'; '.join(moved)})" if moved else ""


def bids_only(entry: dict[str, Any]) -> bool:
    """An entry about the bids waiting for a hand's tricks (not about a recorded hand)."""
    return all(side is None or set(side) == {"bids"} for side in (entry["before"], entry["after"]))


def describe(scored: ScoredGame, record: dict[str, Any], entry: dict[str, Any]) -> str:
    """One history entry in words, without the time."""
    action, number = entry["action"], entry["hand"]
    before, after = entry["before"], entry["after"]
    if action == "undone":                  # said as the change it made, after "undo:"
        made = ("bids" if bids_only(entry) else "deleted" if after is None
                else "recorded" if before is None else "edited")
        return "undo: " + describe(scored, record, {**entry, "action": made})
    if action in ("created", "imported"):
        return f"game {action}"
    if action == "renamed":
        names = zip((before or {}).get("players") or [], (after or {}).get("players") or [])
        return "renamed: " + ", ".join(f"{old} -> {new}" for old, new in names if old != new)
    if action in ("bids", "bids cleared"):
        old, new = (before or {}).get("bids"), (after or {}).get("bids")
        if new is None:
            return f"hand {number} bids cleared"
        if old is None:
            listed = ", ".join(f"{scored.table.name(seat)} {bid}" for seat, bid in enumerate(new))
            return f"hand {number} bids entered: {listed}"
        return f"hand {number} bids changed: {', '.join(changes(scored, before, after))}"
    if before is None and after is not None:          # recorded, or restored after a delete
        points = hand_points(record, number, after)
        scored_words = "" if points is None else " (" + ", ".join(
            f"{side} {'+' if p > 0 else ''}{p}" for side, p in zip(scored.sides, points)) + ")"
        return f"hand {number} {action}{scored_words}"
    if action == "deleted":
        return f"hand {number} deleted"
    what = ", ".join(changes(scored, before or {}, after or {})) or "no change"
    return f"hand {number} {action}: {what}" + score_changes(scored, record, number, before, after)


def restorable(entry: dict[str, Any]) -> dict[str, Any] | None:
    """The version of a hand an entry can bring back: as it was before the change, or as first recorded."""
    if entry["action"] in ("edited", "restored", "deleted"):
        return entry["before"]
    if entry["action"] == "undone" and not bids_only(entry):
        return entry["before"]
    if entry["action"] == "recorded":
        return entry["after"]
    return None
