"""Back Alley: 4 players in two partnerships, 13 cards down to 1 and back, board bids."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .base import Game
from .core import (PASS, Kind, Outcome, Setting, State, Table, add, bidding_order, is_whole,
                   leaders, must_be_absent, plural, read_list, team_names, team_of)
from .oh_hell import schedule

BOARD = "board"
BOARD_WORDS = {1: "board", 2: "double board", 3: "triple board", 4: "quadruple board"}


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
    return max((m for seat, m in claims.items() if team_of(seat) == team), default=0)


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


def team_points(bid: int, multiplier: int, took: int, cards: int, settings: Mapping[str, Any]) -> tuple[int, str]:
    """A team's points and the arithmetic behind them."""
    if multiplier:
        value = settings["board_points"] * cards * multiplier
        sum_words = f"{settings['board_points']} x {cards} x {multiplier}"
        if took == cards:
            return value, f"took all {cards}: {sum_words} = {value}"
        return -value, f"took {took} of {cards}: set, -{sum_words} = {-value}"
    if bid == 0:
        return took, f"took {took}: 1 per trick = {took}"
    per_trick = settings["bid_points"]
    if took < bid:
        return -per_trick * bid, f"took {took}: set, -{per_trick} x {bid} = {-per_trick * bid}"
    extra = took - bid
    return per_trick * bid + extra, f"took {took}: {per_trick} x {bid} + {extra} = {per_trick * bid + extra}"


class BackAlley(Game):
    id = "back_alley"
    title = "Back Alley"
    min_players = 4
    max_players = 4
    two_step = True
    blurb = "Two partnerships bid tricks or the board, 13 cards down to 1 and back."

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("max_cards", Kind.WHOLE, 13, "Cards each in the first and last deal; 13 plays all 25 deals.",
                    minimum=1, maximum=13),
            Setting("bid_points", Kind.WHOLE, 5, "Points per trick bid, when the team makes its bid (and lost per trick bid when it does not).", minimum=1),
            Setting("board_points", Kind.WHOLE, 10, "Points per card dealt for a board, times 2 for a double board, 3 for triple, 4 for quadruple.",
                    minimum=1),
        )

    def sides(self, table: Table) -> tuple[str, ...]:
        return team_names(table.players)

    def deals(self, table: Table) -> tuple[int, ...]:
        return schedule(table.settings["max_cards"], "down_up")

    def cards(self, table: Table, state: State) -> int:
        return self.deals(table)[state.deal]

    def bid_problem(self, table: Table, seat: int, bid: Any, cards: int) -> str | None:
        who = table.name(seat)
        if bid in (PASS, BOARD):
            return None
        if not is_whole(bid):
            return f"{who}'s bid must be pass, board or a number of tricks"
        if bid == 0:
            return f"{who}'s bid of 0 is not a bid: a player who expects no tricks passes"
        if bid < 0 or bid > cards - 1:
            most = f"the most is {cards - 1}" if cards > 1 else "only pass or board"
            return f"{who}'s bid of {bid} is not allowed: with {plural(cards, 'card')} {most}"
        return None

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        return [PASS, *range(1, self.cards(table, state)), BOARD]

    def read_bids(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        cards = self.cards(table, state)
        bids = read_list(state, raw, "bids", table.size, "player")
        for seat, bid in enumerate(bids):
            problem = self.bid_problem(table, seat, bid, cards)
            if problem:
                raise state.error(problem, "bids", seat)
        return tuple(bids)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> BackAlleyHand:
        bids = self.read_bids(table, state, raw)
        if all(bid == PASS for bid in bids):
            must_be_absent(state, raw, ("tricks",), "all four passed and the hand is thrown in")
            return BackAlleyHand(bids, None)
        cards = self.cards(table, state)
        tricks = read_list(state, raw, "tricks", 2, "team")
        for team, took in enumerate(tricks):
            if not is_whole(took) or not 0 <= took <= cards:
                raise state.error(f"{self.sides(table)[team]}'s tricks must be a whole number from 0 to {cards}",
                                  "tricks", team)
        if sum(tricks) != cards:
            raise state.error(f"the tricks add up to {sum(tricks)}, but each player had "
                              f"{plural(cards, 'card')}", "tricks")
        return BackAlleyHand(bids, (tricks[0], tricks[1]))

    def play(self, table: Table, state: State, hand: BackAlleyHand) -> tuple[Outcome, State]:
        cards = self.cards(table, state)
        facts = {"dealer": state.dealer, "cards": cards, "deal": state.deal + 1,
                 "leader": leader(hand.bids, state.dealer)}
        next_dealer = (state.dealer + 1) % table.size
        if hand.tricks is None:
            why = (f"All four passed: the hand is thrown in and {table.name(next_dealer)} "
                   f"deals {plural(cards, 'card')} again.")
            after = replace(state, number=state.number + 1, dealer=next_dealer)
            return Outcome((0, 0), (why,), facts), after
        points, explain = [], []
        for team, name in enumerate(self.sides(table)):
            gained, why = self.team_score(table, state, hand, team, cards)
            points.append(gained)
            explain.append(f"{name} {why}")
        totals = add(state.totals, tuple(points))
        deal = state.deal + 1
        finished = deal == len(self.deals(table))
        after = replace(state, number=state.number + 1, dealer=next_dealer, totals=totals, deal=deal,
                        finished=finished, winners=leaders(totals) if finished else ())
        return Outcome(tuple(points), tuple(explain), facts), after

    def team_score(self, table: Table, state: State, hand: BackAlleyHand, team: int, cards: int) -> tuple[int, str]:
        seats = (team, team + 2)
        multiplier = team_multiplier(hand.bids, state.dealer, team)
        numbers = {seat: hand.bids[seat] for seat in seats if is_whole(hand.bids[seat])}
        bid = sum(numbers.values())
        took = hand.tricks[team]
        gained, sums = team_points(bid, multiplier, took, cards, table.settings)
        if multiplier:
            claim = BOARD_WORDS[multiplier]
        elif not numbers:
            claim = "both passed"
        else:
            parts = ", ".join(f"{table.name(seat)} {'pass' if seat not in numbers else numbers[seat]}"
                              for seat in seats)
            claim = f"bid {bid} ({parts})"
        verb = "" if claim == "both passed" else "bid " if multiplier else ""
        return gained, f"{verb}{claim} and {sums}"

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        return {"dealer": state.dealer, "cards": self.cards(table, state),
                "first_bidder": (state.dealer + 1) % table.size,
                "deal": state.deal + 1, "deals": len(self.deals(table))}
