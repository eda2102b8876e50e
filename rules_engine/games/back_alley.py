"""Back Alley: 4 players in two partnerships, 13 cards down to 1 and back, board bids."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import (
    PASS,
    Kind,
    Outcome,
    Setting,
    State,
    Table,
    add,
    bidding_order,
    is_whole,
    leaders,
    must_be_absent,
    read_list,
)
from ..parts.deals import schedule
from ..parts.partners import Partnerships
from ..words import Text, say, say_n

BOARD = "board"
BOARD_WORDS = {1: say("board"), 2: say("double board"), 3: say("triple board"), 4: say("quadruple board")}


@dataclass(frozen=True)
class BackAlleyHand:
    bids: tuple[Any, ...]                 # "pass", a number of tricks, or "board" per seat
    tricks: tuple[int, int] | None        # per team; None when thrown in


def board_multipliers(bids: tuple[Any, ...], dealer: int) -> dict[int, int]:
    """Seat -> multiplier of its board claim: the first claim x1, the second x2..."""
    claims = [seat for seat in bidding_order(dealer, len(bids)) if bids[seat] == BOARD]
    return {seat: rank for rank, seat in enumerate(claims, start=1)}


def team_multiplier(bids: tuple[Any, ...], dealer: int, team: int) -> int:
    """A team's board multiplier: that of its highest claim, 0 when it claimed none."""
    claims = board_multipliers(bids, dealer)
    return max((m for seat, m in claims.items() if seat % 2 == team), default=0)


def leader(bids: tuple[Any, ...], dealer: int) -> int | None:
    """Who leads: the last board bidder, else the highest number (the earlier on a tie)."""
    order = bidding_order(dealer, len(bids))
    boards = [seat for seat in order if bids[seat] == BOARD]
    if boards:
        return boards[-1]
    numbers = [seat for seat in order if is_whole(bids[seat])]
    if not numbers:
        return None
    return max(numbers, key=lambda seat: (bids[seat], -order.index(seat)))


def team_points(bid: int, multiplier: int, took: int, cards: int, settings: Mapping[str, Any]) -> int:
    """A team's points for a hand."""
    if multiplier:
        value = settings["board_points"] * cards * multiplier
        return value if took == cards else -value
    per_trick = settings["bid_points"]
    if took < bid:
        return -per_trick * bid
    return per_trick * bid + took - bid       # both passed (bid 0): 1 a trick


def sum_words(bid: int, multiplier: int, took: int, cards: int, settings: Mapping[str, Any]) -> Text:
    """The arithmetic behind a team's points ("took 3: 5 x 2 + 1 = 11")."""
    gained = team_points(bid, multiplier, took, cards, settings)
    if multiplier:
        each = settings["board_points"]
        if took == cards:
            return say("took all {cards}: {each} x {cards} x {multiplier} = {gained}",
                       cards=cards, each=each, multiplier=multiplier, gained=gained)
        return say("took {took} of {cards}: set, -{each} x {cards} x {multiplier} = {gained}",
                   took=took, cards=cards, each=each, multiplier=multiplier, gained=gained)
    if bid == 0:
        return say("took {took}: 1 per trick = {gained}", took=took, gained=gained)
    per_trick = settings["bid_points"]
    if took < bid:
        return say("took {took}: set, -{per_trick} x {bid} = {gained}",
                   took=took, per_trick=per_trick, bid=bid, gained=gained)
    return say("took {took}: {per_trick} x {bid} + {extra} = {gained}",
               took=took, per_trick=per_trick, bid=bid, extra=took - bid, gained=gained)


class BackAlley(Partnerships, Game):
    id = "back_alley"
    title = say("Back Alley")
    min_players = 4
    max_players = 4
    listed = 20
    two_step = True
    blurb = say("Two partnerships bid tricks or the board, 13 cards down to 1 and back.")

    def kept_at_start(self, table: Table) -> int:
        """The deals used up."""
        return 0

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("max_cards", say("Max cards"),
                    Kind.WHOLE, 13, say("Cards each in the first and last deal; 13 plays all 25 deals."),
                    minimum=1, maximum=13),
            Setting("bid_points", say("Bid points"), Kind.WHOLE, 5,
                    say("Points per trick bid, when the team makes its bid (and lost per trick bid when it does not)."),
                    minimum=1, maximum=100),
            Setting("board_points", say("Board points"), Kind.WHOLE, 10,
                    say("Points per card dealt for a board, times 2 for a double board, 3 for triple, 4 for quadruple."),
                    minimum=1, maximum=100),
        )

    def deals(self, table: Table) -> tuple[int, ...]:
        return schedule(table.settings["max_cards"], "down_up")

    def cards(self, table: Table, state: State) -> int:
        return self.deals(table)[state.kept]

    def bid_problem(self, table: Table, seat: int, bid: Any, cards: int) -> Text | None:
        if bid in (PASS, BOARD):
            return None
        who = table.name(seat)
        if not is_whole(bid):
            return say("{who}'s bid must be pass, board or a number of tricks", who=who)
        if bid < 0 or bid > cards - 1:
            if cards > 1:
                return say_n("{who}'s bid of {bid} is not allowed: with {count} card the most is {most}",
                             "{who}'s bid of {bid} is not allowed: with {count} cards the most is {most}",
                             cards, who=who, bid=bid, most=cards - 1)
            return say_n("{who}'s bid of {bid} is not allowed: with {count} card only pass or board",
                         "{who}'s bid of {bid} is not allowed: with {count} cards only pass or board",
                         cards, who=who, bid=bid)
        if bid == 0:
            return say("{who}'s bid of 0 is not a bid: a player who expects no tricks passes", who=who)
        return None

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        return [PASS, *range(1, self.cards(table, state)), BOARD]

    def read_bids(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        cards = self.cards(table, state)
        bids = read_list(state, raw, "bids", table.size)
        for seat, bid in enumerate(bids):
            problem = self.bid_problem(table, seat, bid, cards)
            if problem:
                raise state.error(problem, "bids", seat)
        return tuple(bids)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> BackAlleyHand:
        bids = self.read_bids(table, state, raw)
        if all(bid == PASS for bid in bids):
            must_be_absent(state, raw, ("tricks",), say("all four passed and the hand is thrown in"))
            return BackAlleyHand(bids, None)
        cards = self.cards(table, state)
        tricks = read_list(state, raw, "tricks", 2, per_team=True)
        for team, took in enumerate(tricks):
            if not is_whole(took) or not 0 <= took <= cards:
                raise state.error(say("{team}'s tricks must be a whole number from 0 to {cards}",
                                      team=self.sides(table)[team], cards=cards), "tricks", team)
        if sum(tricks) != cards:
            raise state.error(say_n("the tricks add up to {total}, but each player had {count} card",
                                    "the tricks add up to {total}, but each player had {count} cards",
                                    cards, total=sum(tricks)), "tricks")
        return BackAlleyHand(bids, (tricks[0], tricks[1]))

    def play(self, table: Table, state: State, hand: BackAlleyHand) -> tuple[Outcome, State]:
        cards = self.cards(table, state)
        facts = {"dealer": state.dealer, "cards": cards, "deal": state.kept + 1,
                 "leader": leader(hand.bids, state.dealer)}
        next_dealer = (state.dealer + 1) % table.size
        if hand.tricks is None:
            after = state.after(next_dealer, state.totals)
            return Outcome((0, 0), partial(self.thrown_in_words, table, next_dealer, cards), facts), after
        points = tuple(self.team_score(table, state, hand, team, cards)[0] for team in (0, 1))
        totals = add(state.totals, points)
        deal = state.kept + 1
        finished = deal == len(self.deals(table))
        after = state.after(next_dealer, totals, kept=deal, finished=finished, winners=leaders(totals) if finished else ())
        return Outcome(points, partial(self.explain, table, state, hand, cards), facts), after

    def thrown_in_words(self, table: Table, next_dealer: int, cards: int) -> list[Text]:
        return [say_n("All four passed: the hand is thrown in and {dealer} deals {count} card again.",
                      "All four passed: the hand is thrown in and {dealer} deals {count} cards again.",
                      cards, dealer=table.name(next_dealer))]

    def explain(self, table: Table, state: State, hand: BackAlleyHand, cards: int) -> list[Text]:
        return [self.team_words(table, state, hand, team, cards) for team in (0, 1)]

    def team_score(self, table: Table, state: State, hand: BackAlleyHand, team: int,
                   cards: int) -> tuple[int, int, dict[int, int], int]:
        """A team's points, and what they come from: its board multiplier (0 for none), its
        numbered bids (seat -> bid) and their sum."""
        seats = self.seats_of(table, team)
        multiplier = team_multiplier(hand.bids, state.dealer, team)
        numbers = {seat: hand.bids[seat] for seat in seats if is_whole(hand.bids[seat])}
        bid = sum(numbers.values())
        return team_points(bid, multiplier, hand.tricks[team], cards, table.settings), multiplier, numbers, bid

    def team_words(self, table: Table, state: State, hand: BackAlleyHand, team: int, cards: int) -> Text:
        _, multiplier, numbers, bid = self.team_score(table, state, hand, team, cards)
        name = self.sides(table)[team]
        sums = sum_words(bid, multiplier, hand.tricks[team], cards, table.settings)
        if multiplier:
            return say("{team} bid {board} and {sums}", team=name, board=BOARD_WORDS[multiplier], sums=sums)
        if not numbers:
            return say("{team} both passed and {sums}", team=name, sums=sums)
        first, second = (self.seat_bid(table, seat, numbers) for seat in self.seats_of(table, team))
        return say("{team} bid {bid} ({first}, {second}) and {sums}",
                   team=name, bid=bid, first=first, second=second, sums=sums)

    def seat_bid(self, table: Table, seat: int, numbers: dict[int, int]) -> Text:
        if seat in numbers:
            return say("{who} {bid}", who=table.name(seat), bid=numbers[seat])
        return say("{who} pass", who=table.name(seat))

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        return {"dealer": state.dealer, "cards": self.cards(table, state),
                "first_bidder": (state.dealer + 1) % table.size,
                "deal": state.kept + 1, "deals": len(self.deals(table))}


GAME = BackAlley()
