"""Oh Hell on the pages: bids and each player's tricks (the dealer's following), recorded in two steps."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import ScoredGame, ScoredHand
from rules_engine.games.oh_hell import CUSTOM
from scorepad.web.i18n import _, as_the_page, comma, digits, isolate, lazy_gettext, percent

from .base import GamePages, cards_word, said
from .tricks import PlayerTricks


class OhHellPages(PlayerTricks, GamePages):
    folded_settings = {name: lazy_gettext("Custom scoring") for name in CUSTOM}

    def bid_attrs(self, scored: ScoredGame, seat: int) -> dict[str, Any]:
        hook = not scored.finished and seat == scored.state.dealer and scored.game.hook_holds(scored.table, scored.state)
        return {"data-sum-of": "bids", **({"data-hook": "1"} if hook else {})}

    def more_banner(self, scored: ScoredGame) -> list[str]:
        return [_("No trump")] if scored.next.get("no_trump") else []

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        """"3 cards, Dee deals; Ann 1/1 ✓, Ben 0/1 ✗, ..." - the marks shown to the eye and spoken
        as words ("bid 1, took 1: made") through a visually-hidden span."""
        table, facts = scored.table, hand.facts
        players = Markup(comma()).join(bid_and_tricks(table.name(seat), bid, took)
                                       for seat, (bid, took) in enumerate(zip(raw["bids"], raw["tricks"])))
        return said(_("%(cards)s, %(dealer)s deals; %(players)s"), cards=cards_word(facts["cards"]),
                    dealer=table.name(facts["dealer"]), players=players)

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        counts["bids"] += 1
        counts["made"] += raw["bids"][seat] == raw["tricks"][seat]

    def record_lines(self, counts) -> list[str]:
        return [_("Bids made: %(made)s of %(bids)s", made=counts["made"], bids=counts["bids"])]

    def record_rates(self, counts) -> list[str]:
        if not counts["bids"]:
            return []
        return [_("Bids made exactly: %(percent)s", percent=percent(counts["made"], counts["bids"]))]

    def record_help(self) -> list[str]:
        return [_("Bids made: the hands the player took exactly the tricks they bid, of every hand they bid in, "
                  "games still in play too.")]


def bid_and_tricks(name: str, bid: int, took: int) -> Markup:
    """"Ann 2/2 ✓" to the eye, "Ann bid 2, took 2: made" to a screen reader."""
    made = bid == took
    spoken = _("bid %(bid)s, took %(took)s: made") if made else _("bid %(bid)s, took %(took)s: missed")
    return as_the_page(Markup('{} <span aria-hidden="true">{}/{} {}</span><span class="visually-hidden">{}</span>').format(
        isolate(name), digits(bid), digits(took), "✓" if made else "✗", said(spoken, bid=bid, took=took)))


PAGES = OhHellPages
