"""Oh Hell: 3-7 players, one hand size per deal, exact bid = 10 + tricks."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import SETTINGS, Kind, Outcome, RuleError, Setting, State, Table, add, is_whole, leaders, read_list
from ..parts.deals import ORDER_LABELS, ORDERS, schedule
from ..words import Text, say, say_n

DECK = 52
LARGEST_HAND = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
EXACT_BONUS = 10
ZERO_BONUS = 5
SIZES = ("all", "odd", "even")
SIZE_LABELS = (say("all"), say("odd only"), say("even only"))


@dataclass(frozen=True)
class OhHellHand:
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


def played_sizes(sizes: tuple[int, ...], which: str) -> tuple[int, ...]:
    """The hand sizes of a schedule that are played: all, only the odd or only the even ones."""
    if which == "all":
        return sizes
    return tuple(cards for cards in sizes if cards % 2 == (1 if which == "odd" else 0))


@dataclass(frozen=True)
class Scoring:
    """The five numbers a hand is scored by (the `custom` settings; `exact` and
    `tricks_plus_bonus` are two fixed sets of them)."""
    bonus: int
    per_trick: int
    tricks_if_missed: bool
    per_trick_off: int
    per_bid_missed: int


NAMED_SCORINGS = {"exact": Scoring(EXACT_BONUS, 1, False, 0, 0), "tricks_plus_bonus": Scoring(EXACT_BONUS, 1, True, 0, 0)}
CUSTOM = ("bonus", "per_trick", "tricks_if_missed", "per_trick_off", "per_bid_missed")


def scoring_of(settings: Mapping[str, Any]) -> Scoring:
    named = NAMED_SCORINGS.get(settings["scoring"])
    return named or Scoring(*(settings[name] for name in CUSTOM))


def points_for(bid: int, took: int, cards: int, settings: Mapping[str, Any]) -> int:
    """One player's points for a hand."""
    exact = bid == took
    if exact and bid == 0 and settings["zero_bonus"]:
        return ZERO_BONUS + cards
    rule = scoring_of(settings)
    if exact:
        return rule.bonus + rule.per_trick * took
    return ((rule.per_trick * took if rule.tricks_if_missed else 0)
            - rule.per_trick_off * abs(took - bid) - rule.per_bid_missed * bid)


def player_words(who: str, bid: int, took: int, cards: int, settings: Mapping[str, Any]) -> Text:
    """One player's line: the bid, the tricks and the arithmetic behind the points."""
    gained = points_for(bid, took, cards, settings)
    exact = bid == took
    if exact and bid == 0 and settings["zero_bonus"]:
        return say_n("{who} bid {bid}, took {took}: zero bonus, {bonus} + {count} card = {gained}",
                     "{who} bid {bid}, took {took}: zero bonus, {bonus} + {count} cards = {gained}",
                     cards, who=who, bid=bid, took=took, bonus=ZERO_BONUS, gained=gained)
    if settings["scoring"] == "custom":
        return custom_words(who, bid, took, scoring_of(settings), gained)
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


def custom_words(who: str, bid: int, took: int, rule: Scoring, gained: int) -> Text:
    """A `custom` hand's line, with each of its numbers in the sum ("missed by 2, -5 x 2 = -10")."""
    if bid == took:
        return say("{who} bid {bid}, took {took}: exact, {bonus} + {each} x {took} = {gained}",
                   who=who, bid=bid, took=took, bonus=rule.bonus, each=rule.per_trick, gained=gained)
    off = abs(took - bid)
    sum_words = say("{each} x {took}", each=rule.per_trick, took=took) if rule.tricks_if_missed else None
    for each, times in ((rule.per_trick_off, off), (rule.per_bid_missed, bid)):
        if each and times:
            sum_words = (say("-{each} x {times}", each=each, times=times) if sum_words is None
                         else say("{earlier} - {each} x {times}", earlier=sum_words, each=each, times=times))
    if sum_words is None:
        return say("{who} bid {bid}, took {took}: missed by {off}, 0", who=who, bid=bid, took=took, off=off)
    return say("{who} bid {bid}, took {took}: missed by {off}, {sum} = {gained}",
               who=who, bid=bid, took=took, off=off, sum=sum_words, gained=gained)


class OhHell(Game):
    id = "oh_hell"
    title = say("Oh Hell")
    min_players = 3
    max_players = 7
    listed = 10
    two_step = True
    blurb = say("Everyone bids the exact number of tricks they will take.")

    def kept_at_start(self, table: Table) -> int:
        """The deals used up."""
        return 0

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        largest = LARGEST_HAND.get(player_count, DECK // max(player_count, 1))
        return (
            Setting("max_cards", say("Max cards"), Kind.WHOLE, largest,
                    say("Cards each in the biggest hand: from 1 up to 52 divided by the number of players."),
                    minimum=1, maximum=DECK // max(player_count, 1)),
            Setting("order", say("Order"), Kind.CHOICE, "up",
                    say("The order of hand sizes: up from 1 card to the biggest hand, down from it to 1, "
                        "up then down, or down then up."),
                    choices=ORDERS, labels=ORDER_LABELS),
            Setting("hook", say("Hook"), Kind.SWITCH, False,
                    say("Screw the dealer: the dealer may not bid so that all the bids add up to the cards dealt.")),
            Setting("hook_from", say("Hook from"), Kind.WHOLE, 1,
                    say("The hook holds only in hands of at least this many cards."),
                    minimum=1, maximum=DECK // max(player_count, 1)),
            Setting("sizes", say("Sizes"), Kind.CHOICE, "all",
                    say("Every hand size, or only the odd or only the even ones; the order keeps its shape."),
                    choices=SIZES, labels=SIZE_LABELS),
            Setting("scoring", say("Scoring"), Kind.CHOICE, "exact",
                    say("Exact: 10 + tricks for taking exactly your bid, else 0. "
                        "Tricks plus bonus: 1 a trick, and 10 more when exact."),
                    choices=("exact", "tricks_plus_bonus", "custom"),
                    labels=(say("exact"), say("tricks plus bonus"), say("custom"))),
            Setting("bonus", say("Bonus"), Kind.WHOLE, EXACT_BONUS, say("For taking exactly your bid."),
                    minimum=0, maximum=100),
            Setting("per_trick", say("Per trick"), Kind.WHOLE, 1, say("For each trick taken, when exact."),
                    minimum=0, maximum=20),
            Setting("tricks_if_missed", say("Tricks if missed"), Kind.SWITCH, False,
                    say("A miss still scores its tricks.")),
            Setting("per_trick_off", say("Per trick off"), Kind.WHOLE, 0,
                    say("A miss loses this for each trick off."),
                    minimum=0, maximum=50),
            Setting("per_bid_missed", say("Per bid missed"), Kind.WHOLE, 0,
                    say("A miss loses this for each trick bid."),
                    minimum=0, maximum=20),
            Setting("zero_bonus", say("Zero bonus"),
                    Kind.SWITCH, False, say("Bid 0 and take 0 to score 5 + the cards dealt instead.")),
        )

    def settings_in_play(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        ignored = (() if settings.get("scoring") == "custom" else CUSTOM) + (() if settings.get("hook") else ("hook_from",))
        return {name: value for name, value in settings.items() if name not in ignored}

    def check_table(self, table: Table) -> None:
        sizes = self.hand_sizes(table)
        if not sizes:          # only even sizes, from 1 card
            raise RuleError(SETTINGS, say("with max cards {most}, no hand has an even number of cards",
                                          most=table.settings["max_cards"]), "sizes")
        if table.settings["hook"] and table.settings["hook_from"] > max(sizes):
            raise RuleError(SETTINGS, say("the hook can start at {most} cards at most, the biggest hand played",
                                          most=max(sizes)), "hook_from")

    def player_words(self, who: str, bid: int, took: int, cards: int, settings: Mapping[str, Any]) -> Text:
        """One player's line of a hand under these settings (the rules pages' worked examples)."""
        return player_words(who, bid, took, cards, settings)

    def hand_sizes(self, table: Table) -> tuple[int, ...]:
        return played_sizes(schedule(table.settings["max_cards"], table.settings["order"]), table.settings["sizes"])

    def cards(self, table: Table, state: State) -> int:
        return self.hand_sizes(table)[state.kept]

    def hook_holds(self, table: Table, state: State) -> bool:
        """Whether the dealer is hooked this hand: the hook is on, and the hand has at least hook_from cards."""
        return table.settings["hook"] and self.cards(table, state) >= table.settings["hook_from"]

    def forbidden_bid(self, table: Table, state: State, bids: Mapping[int, Any]) -> int | None:
        """Under the hook rule: the dealer's bid that would make the bids add up (below 0 when the
        others bid more than the cards dealt: no bid of 0 or more is forbidden then)."""
        others = [bids.get(seat) for seat in range(table.size) if seat != state.dealer]
        if not self.hook_holds(table, state) or any(not is_whole(bid) for bid in others):
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
        deal = state.kept + 1
        finished = deal == len(self.hand_sizes(table))
        after = state.after((state.dealer + 1) % table.size, totals, kept=deal, finished=finished,
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
                "hand_of": [state.kept + 1, len(self.hand_sizes(table))]}


GAME = OhHell()
