"""Short words for the scoreboard: a hand's key facts and the next-hand banner."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import ScoredGame, ScoredHand
from scorepad.games import pages_of
from scorepad.web.i18n import _, n_, words


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
    """What the table needs for the next hand, as short phrases."""
    nxt = scored.next
    if nxt is None:
        return []
    table = scored.table
    if "roles" in nxt:
        roles = nxt["roles"]
        return [_("Box: %(player)s (deals)", player=table.name(roles["box"])),
                _("Captain: %(player)s", player=table.name(roles["captain"])),
                _("Advisor: %(player)s", player=table.name(roles["advisor"]))]
    if "hand_of" in nxt:
        where = _("Hand %(number)s of %(hands)s", number=nxt["hand_of"][0], hands=nxt["hand_of"][1])
    elif "deal" in nxt and nxt["deal"] != scored.state.number:       # after a throw-in: hand 8 is deal 7
        where = _("Hand %(hand)s: deal %(number)s of %(deals)s", hand=scored.state.number, number=nxt["deal"],
                  deals=nxt["deals"])
    elif "deal" in nxt:
        where = _("Deal %(number)s of %(deals)s", number=nxt["deal"], deals=nxt["deals"])
    else:
        where = _("Hand %(number)s", number=scored.state.number)
    if "cards" in nxt:
        deals = n_("%(player)s deals %(cards)s card", "%(player)s deals %(cards)s cards", nxt["cards"],
                   player=table.name(nxt["dealer"]), cards=nxt["cards"])
    else:
        deals = _("%(player)s deals", player=table.name(nxt["dealer"]))
    words = [where, deals]
    if pages_of(scored.game).has_bids:
        words.append(_("%(player)s bids first", player=table.name(nxt["first_bidder"])))
    if nxt.get("no_trump"):
        words.append(_("No trump"))
    return words
