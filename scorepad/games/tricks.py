"""A part of hand forms that games pick: each player's tricks, asked in bidding order with the
dealer's following (the tricks left), and filled in as bid - so a table taps only the players who
missed (Oh Hell, Spades)."""
from __future__ import annotations

from typing import Any

from rules_engine import ScoredGame
from rules_engine.core import bidding_order
from scorepad.web.forms import every_choice, radio
from scorepad.web.i18n import _, digits


class PlayerTricks:
    """Mixed in before GamePages. `cards_dealt` says how many tricks a hand has."""

    csv_tricks = True

    def cards_dealt(self, scored: ScoredGame) -> int:
        """The tricks in the next hand: the cards each player holds."""
        return scored.next["cards"]

    def tricks_if_made(self, bid: Any) -> int | None:
        """What a player who made `bid` took (None when the bid says nothing of it)."""
        return bid if isinstance(bid, int) else None

    def dealer_takes_the_rest(self, bid: Any) -> bool:
        """Whether the dealer's tricks start as what the others' leave (a game may say a bid is worth
        too much to start it missed: Spades' nil starts at 0, the total short until a miss is tapped)."""
        return True

    def result_fields(self, scored: ScoredGame):
        table, cards = scored.table, self.cards_dealt(scored)
        counts = [(str(n), digits(n)) for n in range(cards + 1)]
        return {f"tricks_{seat}": radio(_("%(player)s took", player=table.name(seat)), counts)
                for seat in bidding_order(scored.state.dealer, table.size)}

    def result_attrs(self, scored: ScoredGame, name: str) -> dict[str, Any]:
        follows = name == f"tricks_{scored.state.dealer}"          # the dealer tallies last: the tricks left
        return {"data-sum-of": "tricks", **({"data-follows": "1"} if follows else {})}

    def results_heading(self) -> str:
        return _("Tricks")

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        table = scored.table
        asked = [(f"tricks_{seat}", _("%(player)s's tricks", player=table.name(seat))) for seat in range(table.size)]
        return {"tricks": [int(value) for value in every_choice(form, asked)]}

    def first_results(self, scored: ScoredGame, pending: list[Any]) -> dict[str, Any]:
        """Everyone as bid, and the dealer (who tallies last) whatever tricks are left."""
        cards, dealer = self.cards_dealt(scored), scored.state.dealer
        tricks = [self.tricks_if_made(bid) for bid in pending]
        rest = cards - sum(took for seat, took in enumerate(tricks) if seat != dealer and took is not None)
        if self.dealer_takes_the_rest(pending[dealer]):
            tricks[dealer] = rest if 0 <= rest <= cards else None
        return {"tricks": tricks}
