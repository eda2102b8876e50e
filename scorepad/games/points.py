"""What Pitch and Smear share on the pages: an auction, then who took each of the points played
(High, Low, Jack and Game by the book; the `points` setting may play others)."""
from __future__ import annotations

from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from rules_engine import PASS, ScoredGame, ScoredHand
from rules_engine.parts.point_games import POINT_NAMES, points_worth
from scorepad.web.forms import every_choice, radio
from scorepad.web.i18n import _, comma, digits, lazy_gettext, percent, semicolon, words

from .base import GamePages, said

NOBODY = "none"             # the choice for a point nobody took (or not in play, or tied)
BIDDERS_SIDE = "bidder"     # every point's first choice: the side that won the bid, read from the bids on saving
POINT_CHANGES = {"high": lazy_gettext("High %(old)s -> %(new)s"), "low": lazy_gettext("Low %(old)s -> %(new)s"),
                 "jack": lazy_gettext("Jack %(old)s -> %(new)s"), "game": lazy_gettext("Game %(old)s -> %(new)s"),
                 "off_jack": lazy_gettext("Off-jack %(old)s -> %(new)s"),
                 "big_joker": lazy_gettext("Big joker %(old)s -> %(new)s"),
                 "little_joker": lazy_gettext("Little joker %(old)s -> %(new)s"),
                 "ten": lazy_gettext("Ten %(old)s -> %(new)s"), "three": lazy_gettext("Three %(old)s -> %(new)s")}
TOOK_POINT = {"high": lambda: _("who took High"), "low": lambda: _("who took Low"),
              "jack": lambda: _("who took Jack"), "game": lambda: _("who took Game"),
              "off_jack": lambda: _("who took Off-jack"), "big_joker": lambda: _("who took Big joker"),
              "little_joker": lambda: _("who took Little joker"), "ten": lambda: _("who took Ten"),
              "three": lambda: _("who took Three")}
LEGENDS = {"three": lambda: _("Three (worth 3)")}       # a point's name on the hand form, where it needs more


class PointsPages(GamePages):
    """A game of Pitch's family. `nobody` says, per point, the choice for a point nobody took."""

    auto_pass = True
    names_on_results = True
    calculators = ("game_points",)
    folded_settings = dict.fromkeys(("points", "min_bid"), lazy_gettext("Points and bids"))

    def nobody(self) -> dict[str, str]:
        return {}

    def hand_calculators(self, scored: ScoredGame) -> tuple[str, ...]:
        """No game points to count when Game is not played."""
        return self.calculators if "game" in played(scored) else ()

    def bid_options(self, scored: ScoredGame, seat: int) -> list[Any]:
        seen: list[Any] = []
        for options in scored.bid_choices(seat).values():
            seen += [bid for bid in options if bid not in seen]
        return sorted(seen, key=lambda bid: -1 if bid == PASS else bid)

    def bid_attrs(self, scored: ScoredGame, seat: int) -> dict[str, Any]:
        """The bids a seat may make after each bid before it (as |tojson), and the seat's side: for
        the page's script, which turns "bidder's side" into the bidder's side once a bid is tapped."""
        return {"class": "bids", "data-choices": htmlsafe_json_dumps(scored.bid_choices(seat), sort_keys=True),
                "data-side": scored.game.side_of(scored.table, seat)}

    def result_fields(self, scored: ScoredGame):
        """Who took each point played, in the order the game lists them: each starts on the bidder's
        side, so a hand is its bids and the points the others took."""
        nobody = self.nobody()
        return {point: radio(LEGENDS[point]() if point in LEGENDS else words(POINT_NAMES[point]),
                             [(BIDDERS_SIDE, _("bidder")), *side_choices(scored, nobody.get(point))],
                             BIDDERS_SIDE) for point in played(scored)}

    def result_attrs(self, scored: ScoredGame, name: str) -> dict[str, Any]:
        return {"class": "point"}           # one row a point: its name beside its choices

    def results_heading(self) -> str:
        return _("Points")

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        if bids is not None and all(bid == PASS for bid in bids):
            return {}                                   # thrown in: nobody plays for the points
        asked = [(point, TOOK_POINT[point]()) for point in played(scored)]
        bidder = None if bids is None else scored.game.auction_so_far(scored.state.dealer, scored.table.size,
                                                                      dict(enumerate(bids))).bidder
        bidders_side = NOBODY if bidder is None else scored.game.side_of(scored.table, bidder)
        return {point: None if value == NOBODY else int(value)
                for (point, _what), value in zip(asked, [bidders_side if value == BIDDERS_SIDE else value
                                                         for value in every_choice(form, asked)])}

    def form_values(self, hand: dict[str, Any], scored: ScoredGame) -> dict[str, Any]:
        values = {f"bid_{seat}": bid for seat, bid in enumerate(hand.get("bids") or [])}
        for point in played(scored) if scored else POINT_NAMES:
            if point in hand or hand.get("bids"):
                values[point] = NOBODY if hand.get(point) is None else hand[point]
        return values

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """The dealer, the pitcher and the bid, marked "made" or "set" and "stolen", then who took what."""
        game, table, facts = scored.game, scored.table, hand.facts
        dealer, bidder, bid = facts["dealer"], facts["bidder"], facts["bid"]
        if bidder is None:
            return said(_("%(dealer)s deals; everyone passed: thrown in"), dealer=table.name(dealer))
        line = said(self.bid_sentence(), dealer=table.name(dealer), bidder=table.name(bidder), bid=bid)
        stolen_from = game.stolen_from(table, dealer, raw["bids"]) if bidder == dealer else None
        if stolen_from is not None:
            line += said(_(" (stolen from %(player)s)"), player=table.name(stolen_from))
        # Set back: the pitcher's side lost its bid (a side that made its bid never scores below 0).
        line += said(_(": set") if hand.points[game.side_of(table, bidder)] < 0 else _(": made"))
        return line + escape(semicolon()) + points_taken(scored, raw)

    def bid_sentence(self) -> str:
        return _("%(dealer)s deals; %(bidder)s bid %(bid)s")

    def changes(self, scored: ScoredGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        said_changes = super().changes(scored, before, after)
        for point in played(scored):
            if before.get(point) != after.get(point):
                said_changes.append(str(POINT_CHANGES[point]) % {"old": side_word(scored, before.get(point)),
                                                                  "new": side_word(scored, after.get(point))})
        return said_changes

    def csv_bids(self, scored: ScoredGame, raw: dict[str, Any], facts: dict[str, Any]) -> list[Any]:
        """Every bid of the auction as the hand recorded it, passes too (as data: digits and "pass"): a
        player's own in their column, partners' as "Ann pass; Cy 2" in their side's."""
        game, table, bids = scored.game, scored.table, raw.get("bids") or []
        if len(bids) != table.size:
            return [""] * len(scored.sides)
        cells = []
        for side in range(len(scored.sides)):
            seats = game.seats_of(table, side)
            cells.append(bids[seats[0]] if len(seats) == 1
                         else "; ".join(f"{table.name(seat)} {bids[seat]}" for seat in seats))
        return cells

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        if hand.facts["bidder"] != seat:
            return                                      # another's bid, or everyone passed (thrown in)
        counts["bids"] += 1
        side = scored.game.side_of(scored.table, seat)
        if hand.points[side] < 0:                       # set back
            counts["set"] += 1
        else:
            counts["made"] += 1
        points = played(scored)                        # a smudge: bid every point played and took them all
        counts["smudges"] += hand.facts["bid"] == points_worth(points) and all(raw.get(point) == side for point in points)

    def record_lines(self, counts) -> list[str]:
        return [_("Bids won %(bids)s, made %(made)s, set %(set)s", bids=counts["bids"], made=counts["made"],
                  set=counts["set"]), _("Smudges: %(smudges)s", smudges=counts["smudges"])]

    def record_rates(self, counts) -> list[str]:
        if not counts["bids"]:
            return []
        return [_("Of the bids won: made %(made)s, set %(set)s", made=percent(counts["made"], counts["bids"]),
                  set=percent(counts["set"], counts["bids"]))]

    def record_help(self) -> list[str]:
        return [_("Bids won: the hands the player won the auction (a hand everyone passed is nobody's bid); made: "
                  "their side took at least the points bid; set: it did not, and was set back."),
                _("Smudges: the player bid every point played and their side took them all.")]


def played(scored: ScoredGame) -> tuple[str, ...]:
    """The points this game plays, in its order."""
    return scored.table.settings["points"]


def side_choices(scored: ScoredGame, nobody: str | None) -> list[tuple[str, str]]:
    """Each side as a choice for who took a point, and `nobody` (when the game allows it)."""
    choices = [(str(side), name) for side, name in enumerate(scored.sides)]
    return choices + ([(NOBODY, nobody)] if nobody else [])


def side_word(scored: ScoredGame, side: Any) -> str:
    return _("nobody") if side is None else scored.sides[side] if 0 <= side < len(scored.sides) else digits(side)


def points_taken(scored: ScoredGame, raw: dict[str, Any]) -> Markup:
    """"Cy took High, Low, Jack; Ann took Game": who took each point in play, in the points' order."""
    taken: dict[int, list[str]] = {}
    for point in played(scored):
        if raw.get(point) is not None:
            taken.setdefault(raw[point], []).append(words(POINT_NAMES[point]))
    return escape(semicolon()).join(said(_("%(side)s took %(points)s"), side=scored.sides[side],
                                         points=escape(comma().join(points))) for side, points in taken.items())
