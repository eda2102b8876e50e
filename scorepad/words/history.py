"""The history of a game in plain words: what changed in which hand, and what it did to the scores."""
from __future__ import annotations

import json
from typing import Any

from rules_engine import RuleError, ScoredGame, score
from rules_engine.adjustment import given_words, is_adjustment, read_adjustment
from scorepad.games import pages_of
from scorepad.games.base import signed
from scorepad.web.i18n import _, comma, digits, isolate, lazy_gettext, semicolon, words
from scorepad.words.summary import hand_number

HAND_DID = {      # each action as the history stores it, said whole of a hand ("hand 3 recorded")
    "recorded": lazy_gettext("hand %(number)s recorded"), "edited": lazy_gettext("hand %(number)s edited"),
    "deleted": lazy_gettext("hand %(number)s deleted"), "restored": lazy_gettext("hand %(number)s restored"),
    "undone": lazy_gettext("hand %(number)s undone"), "bids": lazy_gettext("hand %(number)s bids"),
    "bids cleared": lazy_gettext("hand %(number)s bids cleared")}


ADJUSTMENT_DID = {
    "recorded": lazy_gettext("adjustment recorded"), "edited": lazy_gettext("adjustment edited"),
    "deleted": lazy_gettext("adjustment deleted"), "restored": lazy_gettext("adjustment restored"),
    "undone": lazy_gettext("adjustment undone")}


# an undo (or a redo), said as what it did, by the change it made: it never records or deletes anything
# of its own, it brings back, removes or changes back what a change before it did ("undo: hand 3 removed")
HAND_UNDID = {
    "recorded": lazy_gettext("hand %(number)s brought back"), "deleted": lazy_gettext("hand %(number)s removed"),
    "edited": lazy_gettext("hand %(number)s changed back")}

ADJUSTMENT_UNDID = {
    "recorded": lazy_gettext("adjustment brought back"), "deleted": lazy_gettext("adjustment removed"),
    "edited": lazy_gettext("adjustment changed back")}


def undo_made(entry: dict[str, Any]) -> str:
    """The change an undo made to a hand or an adjustment, as a stored action: "deleted", "recorded" or
    "edited"."""
    return "deleted" if entry["after"] is None else "recorded" if entry["before"] is None else "edited"


def hand_did(number: int, action: str) -> str:
    """"hand 3 recorded": what a change did to a hand, said whole."""
    said = HAND_DID.get(action)
    if said is None:                                                 # an action not written by this version
        return _("hand %(number)s %(action)s", number=number, action=action)
    return str(said) % {"number": digits(number)}


def about_adjustment(entry: dict[str, Any]) -> bool:
    """A history entry that recorded, fixed or deleted an adjustment (not a hand)."""
    return is_adjustment(entry["before"]) or is_adjustment(entry["after"])


def entry_did(scored: ScoredGame | None, entry: dict[str, Any], action: str | None = None) -> str:
    """"hand 3 recorded", "adjustment recorded": what a history entry did (or `action`), said whole."""
    action = action or entry["action"]
    if action == "undone" and not bids_only(entry):
        made = undo_made(entry)
        if about_adjustment(entry):
            return str(ADJUSTMENT_UNDID[made])
        return str(HAND_UNDID[made]) % {"number": digits(hand_number(scored, entry["hand"]))}
    if about_adjustment(entry):
        said = ADJUSTMENT_DID.get(action)
        return str(said) if said is not None else _("adjustment %(action)s", action=action)
    return hand_did(hand_number(scored, entry["hand"]), action)


def adjustment_said(scored: ScoredGame, adjustment: dict[str, Any]) -> str:
    """An adjustment as stored, in words: "Ben -10 (Ben reneged)"; anything else (a hand in its place,
    or one stored by hand or by another version) as it is stored."""
    if is_adjustment(adjustment):
        try:
            return words(given_words(scored.sides, read_adjustment(scored.sides, scored.state, adjustment)))
        except RuleError:
            pass
    return json.dumps(adjustment, ensure_ascii=False)


def changes(scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two versions of a hand, e.g. "Ben's tricks 3 -> 2", in the game's words."""
    return pages_of(scored.game).changes(scored, before, after)


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
    moved = [_("%(side)s's score for hand %(number)s: %(old)s -> %(new)s", side=isolate(scored.sides[side]),
               number=hand_number(scored, number),
               old=a, new=b) for side, (a, b) in enumerate(zip(old, new)) if a != b]
    return _(" (%(changes)s)", changes=semicolon().join(moved)) if moved else ""


def bids_only(entry: dict[str, Any]) -> bool:
    """An entry about the bids waiting for a hand's tricks (not about a recorded hand)."""
    return all(side is None or set(side) == {"bids"} for side in (entry["before"], entry["after"]))


def describe(scored: ScoredGame, record: dict[str, Any], entry: dict[str, Any]) -> str:
    """One history entry in words, without the time."""
    action, before, after = entry["action"], entry["before"], entry["after"]
    if action == "undone" and bids_only(entry):      # the bids it brought back, removed or changed back
        return _("undo: %(change)s", change=bids_said(scored, entry, undo=True))
    if action == "undone":                  # what it brought back, removed or changed back, after "undo:"
        return _("undo: %(change)s", change=describe_change(scored, record, entry, entry_did(scored, entry)))
    if action == "created":
        return _("game created")
    if action == "imported":
        return _("game imported")
    if action == "renamed":
        names = zip((before or {}).get("players") or [], (after or {}).get("players") or [])
        renames = [_("%(old)s -> %(new)s", old=isolate(old), new=isolate(new)) for old, new in names if old != new]
        return _("renamed: %(names)s", names=comma().join(renames))
    if action in ("bids", "bids cleared") and not about_adjustment(entry):
        return bids_said(scored, entry)
    return describe_change(scored, record, entry, entry_did(scored, entry))


def bids_said(scored: ScoredGame, entry: dict[str, Any], undo: bool = False) -> str:
    """A change to the bids waiting for a hand's tricks in words; an undo's (or a redo's) `undo`."""
    before, after, number = entry["before"], entry["after"], hand_number(scored, entry["hand"])
    old, new = (before or {}).get("bids"), (after or {}).get("bids")
    if new is None:
        return (_("hand %(number)s bids removed", number=number) if undo
                else _("hand %(number)s bids cleared", number=number))
    if old is None:
        pages = pages_of(scored.game)
        listed = comma().join(_("%(player)s %(bid)s", player=isolate(scored.table.name(seat)), bid=pages.bid_word(bid))
                              for seat, bid in enumerate(new))
        return (_("hand %(number)s bids brought back: %(bids)s", number=number, bids=listed) if undo
                else _("hand %(number)s bids entered: %(bids)s", number=number, bids=listed))
    said = comma().join(changes(scored, before, after))
    return (_("hand %(number)s bids changed back: %(changes)s", number=number, changes=said) if undo
            else _("hand %(number)s bids changed: %(changes)s", number=number, changes=said))


def describe_change(scored: ScoredGame, record: dict[str, Any], entry: dict[str, Any], did: str) -> str:
    """A change to a hand or an adjustment in words, after `did` ("hand 3 recorded"): the points a hand
    added, the adjustment added or taken away, or what a fix changed."""
    number, before, after = entry["hand"], entry["before"], entry["after"]
    if about_adjustment(entry):
        if before is None or after is None:
            return _("%(change)s: %(what)s", change=did, what=adjustment_said(scored, before or after))
        return _("%(change)s: %(what)s", change=did, what=_("%(old)s -> %(new)s",
                 old=adjustment_said(scored, before), new=adjustment_said(scored, after)))
    if before is None and after is not None:          # recorded, or restored after a delete
        points = hand_points(record, number, after)
        if points is None:
            return did
        each = [_("%(side)s %(points)s", side=isolate(side), points=signed(p)) for side, p in zip(scored.sides, points)]
        return did + _(" (%(points)s)", points=comma().join(each))
    if after is None:
        return did
    what = comma().join(changes(scored, before or {}, after or {})) or _("no change")
    return _("%(change)s: %(what)s", change=did, what=what) + score_changes(scored, record, number, before, after)


def restorable(entry: dict[str, Any]) -> dict[str, Any] | None:
    """The version of a hand an entry can bring back: as it was before the change, or as first recorded."""
    if entry["action"] in ("edited", "restored", "deleted"):
        return entry["before"]
    if entry["action"] == "undone" and not bids_only(entry):
        return entry["before"]
    if entry["action"] == "recorded":
        return entry["after"]
    return None
