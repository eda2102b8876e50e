"""Oh Hell: 3-7 players, one hand size per deal, exact bid = 10 + tricks."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from .base import Game
from .core import Kind, Outcome, Setting, State, Table, add, is_whole, leaders, read_list
from .words import Text, say, say_n

DECK = 52
LARGEST_HAND = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
EXACT_BONUS = 10
ZERO_BONUS = 5
ORDERS = ("up", "down", "up_down", "down_up")


@dataclass(frozen=True)
class OhHellHand:
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


def schedule(max_cards: int, order: str) -> tuple[int, ...]:
    """Cards per player for every hand of the game, in order."""
    up = tuple(range(1, max_cards + 1))
    down = up[::-1]
    return {"up": up, "down": down, "up_down": up + down[1:], "down_up": down + up[1:]}[order]


def points_for(bid: int, took: int, cards: int, settings: Mapping[str, Any]) -> int:
    """One player's points for a hand."""
    exact = bid == took
    if exact and bid == 0 and settings["zero_bonus"]:
        return ZERO_BONUS + cards
    if settings["scoring"] == "tricks_plus_bonus":
        return took + EXACT_BONUS if exact else took
    return EXACT_BONUS + took if exact else 0


def player_words(who: str, bid: int, took: int, cards: int, settings: Mapping[str, Any]) -> Text:
    """One player's line: the bid, the tricks and the arithmetic behind the points."""
    gained = points_for(bid, took, cards, settings)
    exact = bid == took
    if exact and bid == 0 and settings["zero_bonus"]:
        return say_n("{who} bid {bid}, took {took}: zero bonus, {bonus} + {count} card = {gained}",
                     "{who} bid {bid}, took {took}: zero bonus, {bonus} + {count} cards = {gained}",
                     cards, who=who, bid=bid, took=took, bonus=ZERO_BONUS, gained=gained)
    if settings["scoring"] == "tricks_plus_bonus":
        if exact:
            return say("{who} bid {bid}, took {took}: exact, {took} + {bonus} = {gained}",
                       who=who, bid=bid, took=took, bonus=EXACT_BONUS, gained=gained)
        return say("{who} bid {bid}, took {took}: missed, 1 per trick = {gained}",
                   who=who, bid=bid, took=took, gained=gained)
    if exact:
        return say("{who} bid {bid}, took {took}: exact, {bonus} + {took} = {gained}",
                   who=who, bid=bid, took=took, bonus=EXACT_BONUS, gained=gained)
    return say("{who} bid {bid}, took {took}: missed, 0", who=who, bid=bid, took=took)


class OhHell(Game):
    id = "oh_hell"
    title = say("Oh Hell")
    min_players = 3
    max_players = 7
    two_step = True
    blurb = say("Everyone bids the exact number of tricks they will take.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        largest = LARGEST_HAND.get(player_count, DECK // max(player_count, 1))
        return (
            Setting("max_cards", Kind.WHOLE, largest,
                    say("Cards each in the biggest hand: from 1 up to 52 divided by the number of players."),
                    minimum=1, maximum=DECK // max(player_count, 1)),
            Setting("order", Kind.CHOICE, "up",
                    say("The order of hand sizes: up from 1 card to the biggest hand, down from it to 1, "
                        "up then down, or down then up."),
                    choices=ORDERS),
            Setting("hook", Kind.SWITCH, False,
                    say("Screw the dealer: the dealer may not bid so that all the bids add up to the cards dealt.")),
            Setting("scoring", Kind.CHOICE, "exact",
                    say("Exact: 10 + tricks for taking exactly your bid, else 0. "
                        "Tricks plus bonus: 1 a trick, and 10 more when exact."),
                    choices=("exact", "tricks_plus_bonus")),
            Setting("zero_bonus", Kind.SWITCH, False, say("Bid 0 and take 0 to score 5 + the cards dealt instead.")),
        )

    def hand_sizes(self, table: Table) -> tuple[int, ...]:
        return schedule(table.settings["max_cards"], table.settings["order"])

    def cards(self, table: Table, state: State) -> int:
        return self.hand_sizes(table)[state.deal]

    def forbidden_bid(self, table: Table, state: State, bids: Mapping[int, Any]) -> int | None:
        """Under the hook rule: the dealer's bid that would make the bids add up (below 0 when the
        others bid more than the cards dealt: no bid of 0 or more is forbidden then)."""
        others = [bids.get(seat) for seat in range(table.size) if seat != state.dealer]
        if not table.settings["hook"] or any(not is_whole(bid) for bid in others):
            return None
        return self.cards(table, state) - sum(others)

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        allowed = list(range(self.cards(table, state) + 1))
        if seat == state.dealer:
            forbidden = self.forbidden_bid(table, state, bids)
            allowed = [bid for bid in allowed if bid != forbidden]
        return allowed

    def read_bids(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[int, ...]:
        cards = self.cards(table, state)
        bids = read_list(state, raw, "bids", table.size)
        for seat, bid in enumerate(bids):
            if not is_whole(bid):
                raise state.error(say("{who}'s bid must be a whole number of tricks", who=table.name(seat)),
                                  "bids", seat)
            if bid < 0:
                raise state.error(say("{who}'s bid can't be below 0", who=table.name(seat)), "bids", seat)
            if bid > cards:
                raise state.error(say_n("{who}'s bid of {bid} is higher than the {count} card dealt",
                                        "{who}'s bid of {bid} is higher than the {count} cards dealt",
                                        cards, who=table.name(seat), bid=bid), "bids", seat)
        dealer = state.dealer
        if bids[dealer] == self.forbidden_bid(table, state, dict(enumerate(bids))):
            raise state.error(say_n("{who} is dealing and can't bid {bid}: the bids would add up to the {count} card dealt",
                                    "{who} is dealing and can't bid {bid}: the bids would add up to the {count} cards dealt",
                                    cards, who=table.name(dealer), bid=bids[dealer]), "bids", dealer)
        return tuple(bids)

    def read_tricks(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[int, ...]:
        cards = self.cards(table, state)
        tricks = read_list(state, raw, "tricks", table.size)
        for seat, took in enumerate(tricks):
            if not is_whole(took) or took < 0:
                raise state.error(say("{who}'s tricks must be a whole number from 0", who=table.name(seat)),
                                  "tricks", seat)
            if took > cards:
                raise state.error(say_n("{who} can't take {took} tricks with {count} card",
                                        "{who} can't take {took} tricks with {count} cards",
                                        cards, who=table.name(seat), took=took), "tricks", seat)
        if sum(tricks) != cards:
            raise state.error(say_n("the tricks add up to {total}, but {count} card was dealt",
                                    "the tricks add up to {total}, but {count} cards were dealt",
                                    cards, total=sum(tricks)), "tricks")
        return tuple(tricks)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> OhHellHand:
        return OhHellHand(self.read_bids(table, state, raw), self.read_tricks(table, state, raw))

    def play(self, table: Table, state: State, hand: OhHellHand) -> tuple[Outcome, State]:
        cards = self.cards(table, state)
        settings = table.settings
        points = tuple(points_for(bid, took, cards, settings) for bid, took in zip(hand.bids, hand.tricks))
        totals = add(state.totals, points)
        deal = state.deal + 1
        finished = deal == len(self.hand_sizes(table))
        after = state.after((state.dealer + 1) % table.size, totals, deal=deal, finished=finished,
                            winners=leaders(totals) if finished else ())
        facts = {"dealer": state.dealer, "cards": cards, "no_trump": cards * table.size == DECK}
        return Outcome(points, partial(self.explain, table, hand, cards), facts), after

    def explain(self, table: Table, hand: OhHellHand, cards: int) -> list[Text]:
        return [player_words(table.name(seat), bid, took, cards, table.settings)
                for seat, (bid, took) in enumerate(zip(hand.bids, hand.tricks))]

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        cards = self.cards(table, state)
        return {"dealer": state.dealer, "cards": cards, "first_bidder": (state.dealer + 1) % table.size,
                "no_trump": cards * table.size == DECK,
                "hand_of": [state.deal + 1, len(self.hand_sizes(table))]}
