"""Back Alley on the pages: four players' bids (a number, pass or a board), then one team's tricks."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rules_engine import PASS, ScoredGame, ScoredHand
from rules_engine.games.back_alley import BOARD, BOARD_WORDS, board_multipliers, leader, team_multiplier
from scorepad.web.forms import choice, radio
from scorepad.web.i18n import _, digits, percent, semicolon, words

from .base import GamePages, cards_word, said


class BackAlleyPages(GamePages):
    auto_pass = True
    partners_opposite = True
    csv_tricks = True

    def bid_word(self, bid: Any) -> str:
        return words(BOARD_WORDS[1]) if bid == BOARD else super().bid_word(bid)

    def result_fields(self, scored: ScoredGame):
        counts = [(str(n), digits(n)) for n in range(scored.next["cards"] + 1)]
        return {"tricks_0": radio(_("%(side)s took", side=scored.sides[0]), counts)}

    def results_heading(self) -> str:
        return _("Tricks")

    def result_from(self, form, scored: ScoredGame, bids: list[Any] | None) -> dict[str, Any]:
        if bids is not None and all(bid == PASS for bid in bids):
            return {}                                   # thrown in: no tricks
        took = int(choice(form, "tricks_0", _("how many tricks %(side)s took", side=scored.sides[0])))
        return {"tricks": [took, scored.next["cards"] - took]}

    def form_values(self, hand: dict[str, Any], scored: ScoredGame) -> dict[str, Any]:
        values = {f"bid_{seat}": bid for seat, bid in enumerate(hand.get("bids") or [])}
        tricks = hand.get("tricks") or []
        return values | ({"tricks_0": tricks[0]} if tricks else {})

    def form_context(self, scored: ScoredGame, pending: list[Any] | None) -> dict[str, Any]:
        return {"lead_words": lead_words(scored, pending) if pending else ""}

    def where_words(self, scored: ScoredGame) -> str:
        """The deal of the 25 (after a hand all four passed, hand 8 is deal 7)."""
        nxt = scored.next
        if nxt["deal"] != scored.state.number:
            return _("Hand %(hand)s: deal %(number)s of %(deals)s", hand=scored.state.number, number=nxt["deal"],
                     deals=nxt["deals"])
        return _("Deal %(number)s of %(deals)s", number=nxt["deal"], deals=nxt["deals"])

    def hand_line(self, scored: ScoredGame, raw: dict[str, Any], hand: ScoredHand) -> Markup:
        facts = hand.facts
        cards, dealer = cards_word(facts["cards"]), scored.table.name(facts["dealer"])
        if raw.get("tricks") is None:
            return said(_("%(cards)s, %(dealer)s deals; all passed: thrown in"), cards=cards, dealer=dealer)
        first, second = (team_bid_said(raw["bids"], facts["dealer"], team) for team in (0, 1))
        return said(_("%(cards)s, %(dealer)s deals; bids %(first_side)s %(first)s v %(second_side)s %(second)s; "
                      "took %(tricks)s-%(other)s"), cards=cards, dealer=dealer,
                    first_side=scored.sides[0], first=first, second_side=scored.sides[1], second=second,
                    tricks=raw["tricks"][0], other=raw["tricks"][1])

    def trick_owners(self, scored: ScoredGame) -> tuple[str, ...]:
        return scored.sides

    def csv_bids(self, scored: ScoredGame, raw: dict[str, Any], facts: dict[str, Any]) -> list[Any]:
        said_bids = [team_bid(raw.get("bids") or [], facts["dealer"], team) for team in (0, 1)]
        return [int(bid) if bid.isdigit() else bid for bid in said_bids]      # numbers stay numbers

    def csv_side_tricks(self, scored: ScoredGame, raw: dict[str, Any]) -> list[Any]:
        """Back Alley records its tricks per team."""
        return list(raw.get("tricks") or ["", ""])

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        team = scored.game.side_of(scored.table, seat)
        if raw.get("tricks") is None or all(raw["bids"][s] == PASS for s in scored.game.seats_of(scored.table, team)):
            return                                      # thrown in, or both partners passed: no team bid
        counts["bids"] += 1
        counts["made"] += hand.points[team] >= 0        # a team that bid and is set loses points
        if raw["bids"][seat] == BOARD:
            counts["boards"] += 1
            counts["boards_made"] += raw["tricks"][team] == hand.facts["cards"]

    def record_lines(self, counts) -> list[str]:
        return [_("Team's bids made: %(made)s of %(bids)s", made=counts["made"], bids=counts["bids"]),
                _("Boards called: %(boards)s, made %(made)s", boards=counts["boards"], made=counts["boards_made"])]

    def record_rates(self, counts) -> list[str]:
        if not counts["bids"]:
            return []
        return [_("Team's bids made: %(percent)s", percent=percent(counts["made"], counts["bids"]))]

    def record_help(self) -> list[str]:
        return [_("Team's bids made: the hands the player's team bid in (a number or a board, from either partner; "
                  "not when both passed, nor a hand all four passed and threw in) and was not set."),
                _("Boards called: the boards the player bid; made when the team took every trick.")]


def team_bid(bids: list[Any], dealer: int, team: int) -> str:
    """A team's bid as data (exports): "7", "pass" or a board word, in English."""
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return BOARD_WORDS[multiplier]
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return str(sum(numbers)) if numbers else PASS


def team_bid_said(bids: list[Any], dealer: int, team: int) -> str:
    """A team's bid as a page says it: a number, "pass" or a board word."""
    multiplier = team_multiplier(tuple(bids), dealer, team)
    if multiplier:
        return words(BOARD_WORDS[multiplier])
    numbers = [bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int)]
    return digits(sum(numbers)) if numbers else _("pass")


def lead_words(scored: ScoredGame, bids: list[Any]) -> str:
    """Who leads and what each board claim is worth, once the bids are in."""
    dealer, table = scored.state.dealer, scored.table
    seat = leader(tuple(bids), dealer)
    parts = [] if seat is None else [_("%(player)s leads", player=table.name(seat))]
    for claimer, multiplier in board_multipliers(tuple(bids), dealer).items():
        parts.append(_("%(player)s: %(board)s (x%(times)s)", player=table.name(claimer),
                       board=words(BOARD_WORDS[multiplier]), times=multiplier))
    return semicolon().join(parts)


PAGES = BackAlleyPages
