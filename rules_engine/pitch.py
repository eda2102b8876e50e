"""Pitch (Auction Pitch / Setback): High, Low, Jack and Game; the pitcher is set back.

Smear (smear.py) scores the same way and overrides a few hooks of `Pitch`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .base import Game
from .core import (PASS, Kind, Outcome, RuleError, Setting, State, Table, add, bidding_order,
                   is_whole, leaders, must_be_absent, plural, signed, team_names, team_of)

POINTS = ("high", "low", "jack", "game")
POINT_NAMES = {"high": "High", "low": "Low", "jack": "Jack", "game": "Game"}
CLOSING_BID = 4
FORCED_DEALER_BID = 2


@dataclass(frozen=True)
class Auction:
    bidder: int | None   # seat of the highest bidder; None when everyone passed
    bid: int


@dataclass(frozen=True)
class PointsHand:
    bids: tuple[Any, ...]
    auction: Auction
    taken: Mapping[str, int | None]     # point name -> side that took it, None for nobody


class Pitch(Game):
    id = "pitch"
    title = "Pitch"
    min_players = 3
    max_players = 7
    blurb = "Auction Pitch / Setback: bid for High, Low, Jack and Game; the pitcher is set back."
    lowest_bid = 1
    dealer_may_steal = True
    dealer_forced = True          # the dealer must bid when everyone else passed
    required_points = ("high", "low")
    nobody_words = {"jack": "Jack was not dealt", "game": "Game was tied: nobody scores it"}
    bid_verb = "pitched"

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("partnerships", Kind.SWITCH, False, "Four players in two teams, partners opposite."),
            Setting("target", Kind.WHOLE, 7, "Points needed to win (11, 15 and 21 are common).", minimum=1),
            Setting("win_rule", Kind.CHOICE, "bidder_out",
                    "Bidder out: only the pitcher's side can go out, on a hand where it makes its bid. "
                    "First to target: the game ends when any side reaches the target.",
                    choices=("bidder_out", "first_to_target")),
            Setting("smudge", Kind.SWITCH, False, "Bid 4 and take all four points to win at once."),
        )

    def check_table(self, table: Table) -> None:
        if table.settings["partnerships"] and table.size != 4:
            raise RuleError("settings", f"partnerships need exactly 4 players, not {table.size}")

    def teams(self, table: Table) -> bool:
        return table.settings["partnerships"]

    def sides(self, table: Table) -> tuple[str, ...]:
        return team_names(table.players) if self.teams(table) else table.players

    def side_of(self, table: Table, seat: int) -> int:
        return team_of(seat) if self.teams(table) else seat

    # --- bidding -----------------------------------------------------------------------

    def bid_problem(self, table: Table, state: State, seat: int, bid: Any, earlier: Auction) -> str | None:
        """Why `seat` may not bid `bid` after the bids so far; None when it may."""
        who = table.name(seat)
        is_dealer = seat == state.dealer
        if bid != PASS and not (is_whole(bid) and self.lowest_bid <= bid <= CLOSING_BID):
            return f"{who}'s bid must be pass or {self.lowest_bid} to {CLOSING_BID}"
        if earlier.bid == CLOSING_BID and bid != PASS:
            return f"{who} can't bid after {table.name(earlier.bidder)}'s {CLOSING_BID}: the auction is over"
        nobody_bid = earlier.bidder is None
        if is_dealer and nobody_bid and self.dealer_forced and (bid == PASS or bid < FORCED_DEALER_BID):
            return f"everyone else passed, so {who} (dealing) must bid at least {FORCED_DEALER_BID}"
        if bid == PASS or nobody_bid:
            return None
        high = f"{table.name(earlier.bidder)}'s {earlier.bid}"
        if is_dealer and self.dealer_may_steal:
            return None if bid >= earlier.bid else f"{who}'s bid of {bid} must at least match {high}"
        return None if bid > earlier.bid else f"{who}'s bid of {bid} must be higher than {high}"

    def auction_so_far(self, table: Table, state: State, bids: Mapping[int, Any]) -> Auction:
        auction = Auction(None, 0)
        for seat in bidding_order(state.dealer, table.size):
            bid = bids.get(seat)
            if is_whole(bid) and bid >= auction.bid:
                auction = Auction(seat, bid)
        return auction

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        order = bidding_order(state.dealer, table.size)
        earlier = {s: bids[s] for s in order[:order.index(seat)] if s in bids}
        auction = self.auction_so_far(table, state, earlier)
        options = [PASS, *range(self.lowest_bid, CLOSING_BID + 1)]
        return [bid for bid in options if self.bid_problem(table, state, seat, bid, auction) is None]

    def read_auction(self, table: Table, state: State, bids: list[Any]) -> Auction:
        auction = Auction(None, 0)
        for seat in bidding_order(state.dealer, table.size):
            problem = self.bid_problem(table, state, seat, bids[seat], auction)
            if problem:
                raise state.error(problem, "bids", seat)
            if bids[seat] != PASS:
                auction = Auction(seat, bids[seat])
        return auction

    # --- the points of a hand ---------------------------------------------------------

    def read_taken(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, int | None]:
        sides = self.sides(table)
        taken: dict[str, int | None] = {}
        for point in POINTS:
            side = raw.get(point)
            name = POINT_NAMES[point]
            if side is None:
                if point in self.required_points:
                    raise state.error(f"say who took {name}", point)
            elif not is_whole(side) or not 0 <= side < len(sides):
                raise state.error(f"{name} must go to a {'team' if self.teams(table) else 'player'} "
                                  f"numbered 0 to {len(sides) - 1}", point)
            taken[point] = side
        return taken

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> PointsHand:
        bids = raw.get("bids")
        if not isinstance(bids, list) or len(bids) != table.size:
            raise state.error(f"bids must be a list of {table.size} entries, one per player", "bids")
        auction = self.read_auction(table, state, bids)
        if auction.bidder is None:
            must_be_absent(state, raw, POINTS, "everyone passed and the hand is thrown in")
            return PointsHand(tuple(bids), auction, {})
        return PointsHand(tuple(bids), auction, self.read_taken(table, state, raw))

    # --- scoring ------------------------------------------------------------------------

    def gain_cap(self, table: Table, total: int) -> int | None:
        """How much a side that did not win the bid may gain (None: no cap)."""
        return None

    def play(self, table: Table, state: State, hand: PointsHand) -> tuple[Outcome, State]:
        auction = hand.auction
        facts = {"dealer": state.dealer, "bidder": auction.bidder, "bid": auction.bid or None}
        if auction.bidder is None:
            why = f"Everyone passed: the hand is thrown in and {table.name(state.dealer)} deals again."
            return Outcome((0,) * len(state.totals), (why,), facts), replace(state, number=state.number + 1)
        sides = self.sides(table)
        bidder_side = self.side_of(table, auction.bidder)
        won: list[list[str]] = [[] for _ in sides]
        for point, side in hand.taken.items():
            if side is not None:
                won[side].append(POINT_NAMES[point])
        made = len(won[bidder_side]) >= auction.bid
        points, explain = [], []
        for side, name in enumerate(sides):
            gained, why = self.side_score(table, state, hand, side, name, bidder_side, won[side], made)
            points.append(gained)
            explain.append(why)
        explain += [words for p, words in self.nobody_words.items() if hand.taken.get(p) is None]
        totals = add(state.totals, tuple(points))
        smudge = table.settings.get("smudge") and auction.bid == CLOSING_BID and len(won[bidder_side]) == 4
        winners = self.winners(table, totals, bidder_side, made, smudge)
        if winners:
            explain.append(self.ending_words(table, auction, totals, winners, smudge))
        after = replace(state, number=state.number + 1, dealer=(state.dealer + 1) % table.size,
                        totals=totals, finished=bool(winners), winners=winners)
        return Outcome(tuple(points), tuple(explain), facts), after

    def side_score(self, table: Table, state: State, hand: PointsHand, side: int, name: str,
                   bidder_side: int, won: list[str], made: bool) -> tuple[int, str]:
        took = f"{plural(len(won), 'point')} ({', '.join(won)})" if won else "no points"
        auction = hand.auction
        if side == bidder_side:
            pitcher = table.name(auction.bidder)
            lead = f"{pitcher} {self.bid_verb} {auction.bid}"
            if pitcher != name:
                lead += f" for {name}, who"
            else:
                lead += " and" if made else " but"
            if made:
                return len(won), f"{lead} took {took}: made it, {signed(len(won))}"
            return -auction.bid, f"{lead} took {took}: set back {auction.bid}"
        cap = self.gain_cap(table, state.totals[side])
        if cap is not None and len(won) > cap:
            return cap, (f"{name} took {took}, but only points up to the target of "
                         f"{table.settings['target']} count: {signed(cap)}")
        return len(won), f"{name} took {took}: {signed(len(won))}" if won else f"{name} took no points"

    def winners(self, table: Table, totals: tuple[int, ...], bidder_side: int, made: bool,
                smudge: bool) -> tuple[int, ...]:
        """The winning side(s) after a hand, or () while the game goes on."""
        target = table.settings["target"]
        if smudge:
            return (bidder_side,)
        bidder_out = made and totals[bidder_side] >= target
        if table.settings["win_rule"] == "bidder_out" or bidder_out:
            return (bidder_side,) if bidder_out else ()
        over = [side for side, total in enumerate(totals) if total >= target]
        top = leaders(totals, over) if over else ()
        return top if len(top) == 1 else ()

    def ending_words(self, table: Table, auction: Auction, totals: tuple[int, ...],
                     winners: tuple[int, ...], smudge: bool) -> str:
        name = self.sides(table)[winners[0]]
        verb = "win" if self.teams(table) else "wins"      # "Ben & Dee win", "Ann wins"
        if smudge:
            return f"Smudge: {table.name(auction.bidder)} bid {CLOSING_BID} and took all four points, so {name} {verb}."
        return f"{name} {verb} with {totals[winners[0]]} (target {table.settings['target']})."
