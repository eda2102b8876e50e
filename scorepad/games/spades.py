"""Spades on the pages: four bids (nil and blind nil among them), then each player's tricks (the
dealer's following), recorded in two steps; each side's contract, nils and bags on its line."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import ScoredGame, ScoredHand
from rules_engine.games.spades import BLIND, TRICKS, is_nil
from scorepad.web.i18n import _, comma, percent

from .base import GamePages, said, signed, value_word
from .tricks import PlayerTricks


class SpadesPages(PlayerTricks, GamePages):
    partners_opposite = True

    def cards_dealt(self, scored: ScoredGame) -> int:
        return TRICKS

    def tricks_if_made(self, bid: Any) -> int | None:
        return 0 if is_nil(bid) else bid            # a nil (blind or not) is made by taking no trick

    def dealer_takes_the_rest(self, bid: Any) -> bool:
        return not is_nil(bid)                      # a dealer's nil starts made, never failed by default

    def bid_word(self, bid: Any) -> str:
        if bid == BLIND:
            return _("blind nil")
        if bid == 0:
            return _("nil")
        return value_word(bid)

    def bid_attrs(self, scored: ScoredGame, seat: int) -> dict[str, Any]:
        return {"data-sum-of": "bids"}

    def more_banner(self, scored: ScoredGame) -> list[str]:
        names, bags = scored.sides, scored.next["bags"]
        return [_("Bags: %(first)s %(first_bags)s, %(second)s %(second_bags)s", first=names[0], first_bags=bags[0],
                  second=names[1], second_bags=bags[1])]

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """"Cy deals; Ann & Cy bid 6, took 10, bags 10: -100; Ben & Dee bid 2, took 3"."""
        first, second = (side_said(scored, raw, hand, side) for side in (0, 1))
        return said(_("%(dealer)s deals; %(first)s; %(second)s"), dealer=scored.table.name(hand.facts["dealer"]),
                    first=first, second=second)

    def csv_bids(self, scored: ScoredGame, raw: dict[str, Any], facts: dict[str, Any]) -> list[Any]:
        """Each side's contract, a number; with a nil, "4 + Ann nil" (digits as data: 0-9)."""
        bids, table, cells = raw["bids"], scored.table, []
        for side in (0, 1):
            seats = scored.game.seats_of(table, side)
            nils = [_("%(player)s blind nil", player=table.name(seat)) if bids[seat] == BLIND
                    else _("%(player)s nil", player=table.name(seat)) for seat in seats if is_nil(bids[seat])]
            contract = facts["contract"][side]
            cells.append(" + ".join(([str(contract)] if contract else []) + nils) if nils else contract)
        return cells

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        bid, took = raw["bids"][seat], raw["tricks"][seat]
        if is_nil(bid):
            counts["nils"] += 1
            counts["nils_made"] += took == 0
            return
        side = scored.game.side_of(scored.table, seat)
        counts["bids"] += 1
        counts["made"] += hand.facts["took"][side] >= hand.facts["contract"][side]

    def record_lines(self, counts) -> list[str]:
        return [_("Team's bids made: %(made)s of %(bids)s", made=counts["made"], bids=counts["bids"]),
                _("Nils bid: %(nils)s, made %(made)s", nils=counts["nils"], made=counts["nils_made"])]

    def record_rates(self, counts) -> list[str]:
        rates = []
        if counts["bids"]:
            rates.append(_("Team's bids made: %(percent)s", percent=percent(counts["made"], counts["bids"])))
        if counts["nils"]:
            rates.append(_("Nils made: %(percent)s", percent=percent(counts["nils_made"], counts["nils"])))
        return rates

    def record_help(self) -> list[str]:
        return [_("Team's bids made: the hands the player bid a number (not nil) and the team took at least its "
                  "contract - the partners' bids added up, a nil not counted - games still in play too."),
                _("Nils bid: the nils the player bid, blind nils counted with them; made when the player took no "
                  "trick.")]


def side_said(scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand, side: int) -> Markup:
    """A side's part of a hand's line: its contract and tricks, each nil, and a bag penalty."""
    table, facts = scored.table, hand.facts
    name, contract, took = scored.sides[side], facts["contract"][side], facts["took"][side]
    parts = [said(_("%(side)s bid %(contract)s, took %(took)s"), side=name, contract=contract, took=took) if contract
             else said(_("%(side)s both nil"), side=name)]
    for seat in scored.game.seats_of(table, side):
        bid = raw["bids"][seat]
        if not is_nil(bid):
            continue
        made = raw["tricks"][seat] == 0
        if bid == BLIND:
            words = _("%(player)s's blind nil made") if made else _("%(player)s's blind nil failed")
        else:
            words = _("%(player)s's nil made") if made else _("%(player)s's nil failed")
        parts.append(said(words, player=table.name(seat)))
    if facts["penalty"][side]:
        parts.append(said(_("bags %(bags)s: %(penalty)s"), bags=facts["bags_reached"][side],
                          penalty=Markup(signed(-facts["penalty"][side]))))
    return Markup(comma()).join(parts)


PAGES = SpadesPages
