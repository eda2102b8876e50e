"""Games of Pitch's family (Pitch, Smear): a one-pass auction for the points played (High, Low,
Jack and Game by the book), won by the sides that take them; the bidder is set back by the bid
when it takes fewer. `PointsGame` scores them; a game sets its own numbers and overrides a few hooks."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Callable, Mapping, Sequence

from ..base import Game
from ..core import (
    PASS,
    SETTINGS,
    Kind,
    Outcome,
    RuleError,
    Setting,
    State,
    Table,
    add,
    bidding_order,
    bids_words,
    is_whole,
    leaders,
    must_be_absent,
    signed,
)
from ..words import Text, comma_list, say, say_n
from .partners import Partnerships

POINTS = ("high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three", "game")  # every point a table may play
FOUR_POINTS = ("high", "low", "jack", "game")          # the book's points: the default
THREE_WORTH = 3          # the three of trump; every other point is worth 1
POINT_NAMES = {"high": say("High"), "low": say("Low"), "jack": say("Jack"), "off_jack": say("Off-jack"),
               "big_joker": say("Big joker"), "little_joker": say("Little joker"), "ten": say("Ten"),
               "three": say("Three"), "game": say("Game")}
FORCED_DEALER_BID = 2
MOST_TARGET = 500        # Pitch's and Smear's largest target: 11 to 21 are usual, 52 in 10-point Pitch


def worth(point: str) -> int:
    return THREE_WORTH if point == "three" else 1


def points_worth(points: Sequence[str]) -> int:
    """What a list of points adds up to: the largest bid when they are the points played."""
    return sum(map(worth, points))


@dataclass(frozen=True)
class Bidding:
    """The numbers an auction is held by, from the points played and `min_bid`."""
    lowest: int     # the smallest bid
    closing: int    # the largest: every point played; it ends the auction
    forced: int     # what the dealer must bid at least when everyone before passed; 0: the dealer may pass


@lru_cache(maxsize=64)        # a handful of tables' settings
def bidding_of(points: tuple[str, ...], min_bid: int, dealer_forced: bool) -> Bidding:
    return Bidding(min_bid, points_worth(points), max(FORCED_DEALER_BID, min_bid) if dealer_forced else 0)


@lru_cache(maxsize=1024)      # a few dozen lists of point names, said once each (a sentence is never changed)
def point_names(won: tuple[Text, ...]) -> Text:
    return comma_list(won)


@lru_cache(maxsize=1024)
def points_taken(won: tuple[Text, ...], count: int) -> Text:
    """ "2 points (High, Low)", "4 points (Jack, Three)", "no points": `count` is what `won` is worth."""
    if not won:
        return say("no points")
    return say_n("{count} point ({points})", "{count} points ({points})", count, points=point_names(won))


@lru_cache(maxsize=256)
def took_nothing(side: str) -> Text:
    return say("{side} took no points", side=side)


@dataclass(frozen=True)
class Auction:
    bidder: int | None   # seat of the highest bidder; None when everyone passed
    bid: int


NOBODY = Auction(None, 0)     # the auction before the first bid


@dataclass(frozen=True)
class PointsHand:
    auction: Auction
    taken: Mapping[str, int | None] = field(default_factory=dict)   # point name -> side that took it, None for nobody


class PointsGame(Partnerships, Game):
    """A game of Pitch's family. Its numbers are Pitch's unless a game sets its own."""
    lowest_bid = 1
    dealer_may_steal = True
    dealer_forced = True          # the dealer must bid when everyone else passed
    required_points = ("high", "low")      # must name a side, when played
    nobody_words = {"jack": say("Jack was not dealt"), "off_jack": say("Off-jack was not dealt"),
                    "big_joker": say("Big joker was not dealt"), "little_joker": say("Little joker was not dealt"),
                    "ten": say("Ten was not dealt"), "three": say("Three was not dealt"),
                    "game": say("Game was tied: nobody scores it")}
    bid_verb = say("pitched")

    def point_settings(self) -> tuple[Setting, ...]:
        """The points played and the smallest bid (Pitch's and Smear's alike). The largest `min_bid`
        depends on the points chosen: `check_table` checks it."""
        return (
            Setting("points", say("Points"), Kind.LIST, FOUR_POINTS,
                    say("The points played: each worth 1, the three of trump 3. High always counts."),
                    choices=POINTS, labels=tuple(POINT_NAMES[point] for point in POINTS), required=("high",),
                    item=say("point")),
            Setting("min_bid", say("Min bid"), Kind.WHOLE, self.lowest_bid,
                    say("The smallest bid; at most what the points played are worth."), minimum=self.lowest_bid,
                    maximum=points_worth(POINTS)),        # every point played: 11 (check_table holds it to the points chosen)
        )

    def check_table(self, table: Table) -> None:
        total, least = points_worth(table.settings["points"]), max(self.lowest_bid, FORCED_DEALER_BID)
        if total < least:          # a hand must be able to take the dealer's forced bid, or Smear's smallest
            raise RuleError(SETTINGS, say("{setting} must be worth at least {least} together, not {total}",
                                          setting="points", least=least, total=total), "points")
        if table.settings["min_bid"] > total:
            raise RuleError(SETTINGS, say("{setting} must be {allowed}, not {value}", setting="min_bid",
                                          allowed=say("from {minimum} to {maximum}", minimum=self.lowest_bid,
                                                      maximum=total),
                                          value=table.settings["min_bid"]), "min_bid")

    def bidding(self, settings: Mapping[str, Any]) -> Bidding:
        """The smallest and largest bids and the dealer's forced bid under these settings."""
        return bidding_of(settings["points"], settings["min_bid"], self.dealer_forced)

    def example(self, settings: Mapping[str, Any], made: bool = True) -> tuple[Text, ...]:
        """A worked hand under these settings, for the rules page: Ann deals and pitches a bid of more
        than half the points, then takes the points in their order until her bid is made (`made`), or
        all but the last of those (set back); the next side takes the rest, the side after it the last."""
        players = ("Ann", "Ben", "Cy", "Dee")[:self.min_players]
        table = Table(self.id, players, {**settings, "partnerships": False} if "partnerships" in settings else settings)
        bidding = self.bidding(settings)
        bid = min(bidding.closing, max(bidding.lowest, bidding.forced, bidding.closing // 2 + 1))
        taken, took = {}, 0
        for point in settings["points"]:
            taken[point] = 0 if took < bid else 1
            took += worth(point) if took < bid else 0
        if not made:
            taken[next(point for point in reversed(settings["points"]) if taken[point] == 0)] = 1
        last = settings["points"][-1]
        if taken[last] == 1 and len(self.sides(table)) > 2:
            taken[last] = 2
        outcome, _after = self.play(table, self.start(table), PointsHand(Auction(0, bid), taken))
        return outcome.explain

    # --- bidding -----------------------------------------------------------------------

    def bid_problem(self, table: Table, state: State, seat: int, bid: Any, earlier: Auction) -> Text | None:
        """Why `seat` may not bid `bid` after the bids so far; None when it may."""
        refusal = self.bid_refusal(table, self.bidding(table.settings), state.dealer, seat, bid, earlier)
        return refusal() if refusal else None

    def bid_refusal(self, table: Table | None, bidding: Bidding, dealer: int, seat: int, bid: Any,
                    earlier: Auction) -> Callable[[], Text] | None:
        """bid_problem's answer, its sentence written only when asked for (the bid forms ask about
        every bid of every seat, most of them refused); `table` only names the players in it."""
        is_dealer = seat == dealer
        if bid != PASS and not (is_whole(bid) and bidding.lowest <= bid <= bidding.closing):
            return lambda: say("{who}'s bid must be pass or {low} to {high}",
                              who=table.name(seat), low=bidding.lowest, high=bidding.closing)
        if earlier.bid == bidding.closing and bid != PASS:
            return lambda: say("{who} can't bid after {bidder}'s {closing}: the auction is over",
                              who=table.name(seat), bidder=table.name(earlier.bidder), closing=bidding.closing)
        nobody_bid = earlier.bidder is None
        if is_dealer and nobody_bid and bidding.forced and (bid == PASS or bid < bidding.forced):
            return lambda: say("everyone else passed, so {who} (dealing) must bid at least {least}",
                              who=table.name(seat), least=bidding.forced)
        if bid == PASS or nobody_bid:
            return None
        if is_dealer and self.dealer_may_steal:
            if bid >= earlier.bid:
                return None
            return lambda: say("{who}'s bid of {bid} must at least match {bidder}'s {high}",
                              who=table.name(seat), bid=bid, bidder=table.name(earlier.bidder), high=earlier.bid)
        if bid > earlier.bid:
            return None
        return lambda: say("{who}'s bid of {bid} must be higher than {bidder}'s {high}",
                           who=table.name(seat), bid=bid, bidder=table.name(earlier.bidder), high=earlier.bid)

    def stolen_from(self, table: Table, dealer: int, bids: Sequence[Any]) -> int | None:
        """The seat whose high bid the dealer took by matching it, or None. The dealer may take the
        bid by matching the high bid, and everyone before the dealer must bid higher than the bids
        before them - so it was a steal exactly when the dealer pitched and another player bid the
        same number (that player held the high bid until the dealer matched it)."""
        if not self.dealer_may_steal or not is_whole(bids[dealer]):
            return None
        return next((seat for seat in bidding_order(dealer, table.size)
                     if seat != dealer and bids[seat] == bids[dealer]), None)

    def auction_so_far(self, dealer: int, size: int, bids: Mapping[int, Any]) -> Auction:
        auction = NOBODY
        for seat in bidding_order(dealer, size):
            bid = bids.get(seat)
            if is_whole(bid) and bid >= auction.bid:
                auction = Auction(seat, bid)
        return auction

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        order = bidding_order(state.dealer, table.size)
        # only whole numbers bid: a pass, or anything else (2.0, True, a list), is no bid that counts
        earlier = tuple((s, bids[s]) for s in order[:order.index(seat)] if is_whole(bids.get(s)))
        return list(self.allowed_bids(table.size, state.dealer, seat, earlier, self.bidding(table.settings)))

    @lru_cache(maxsize=1024)
    def allowed_bids(self, size: int, dealer: int, seat: int, earlier: tuple[tuple[int, Any], ...],
                     bidding: Bidding) -> tuple[Any, ...]:
        """The bids `seat` may make after the `earlier` (seat, bid) pairs of whole numbers, under `bidding`'s
        numbers: they depend on nothing else (not the scores, not the names), so each answer is worked out once."""
        auction = self.auction_so_far(dealer, size, dict(earlier))
        options = [PASS, *range(bidding.lowest, bidding.closing + 1)]
        return tuple(bid for bid in options if self.bid_refusal(None, bidding, dealer, seat, bid, auction) is None)

    def read_auction(self, table: Table, state: State, bids: list[Any]) -> Auction:
        auction = NOBODY
        for seat in bidding_order(state.dealer, table.size):
            problem = self.bid_problem(table, state, seat, bids[seat], auction)
            if problem:
                raise state.error(problem, "bids", seat)
            if bids[seat] != PASS:
                auction = Auction(seat, bids[seat])
        return auction

    # --- the points of a hand ---------------------------------------------------------

    def read_taken(self, table: Table, state: State, raw: Mapping[str, Any]) -> dict[str, int | None]:
        count = len(state.totals)       # one total per side
        taken: dict[str, int | None] = {}
        for point in table.settings["points"]:
            side = raw.get(point)
            if side is None:
                if point in self.required_points:
                    raise state.error(say("say who took {point}", point=POINT_NAMES[point]), point)
            elif not is_whole(side) or not 0 <= side < count:
                raise state.error(self.taken_problem(table, point, count), point)
            taken[point] = side
        return taken

    def taken_problem(self, table: Table, point: str, count: int) -> Text:
        if self.teams(table):
            return say("{point} must go to a team numbered 0 to {last}", point=POINT_NAMES[point], last=count - 1)
        return say("{point} must go to a player numbered 0 to {last}", point=POINT_NAMES[point], last=count - 1)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> PointsHand:
        bids = raw.get("bids")
        if not isinstance(bids, list) or len(bids) != table.size:
            raise state.error(bids_words(table.size), "bids")
        auction = self.read_auction(table, state, bids)
        played = table.settings["points"]
        for point in POINTS:
            if point not in played and raw.get(point) is not None:
                raise state.error(say("{key} is not one of the points played", key=point), point)
        if auction.bidder is None:
            must_be_absent(state, raw, played, say("everyone passed and the hand is thrown in"))
            return PointsHand(auction)
        return PointsHand(auction, self.read_taken(table, state, raw))

    # --- scoring ------------------------------------------------------------------------

    def gain_cap(self, table: Table, total: int) -> int | None:
        """How much a side that did not win the bid may gain (None: no cap)."""
        return None

    def play(self, table: Table, state: State, hand: PointsHand) -> tuple[Outcome, State]:
        auction = hand.auction
        facts = {"dealer": state.dealer, "bidder": auction.bidder, "bid": auction.bid or None}
        if auction.bidder is None:
            after = state.after(state.dealer, state.totals)
            return Outcome((0,) * len(state.totals), partial(self.thrown_in_words, table, state.dealer), facts), after
        bidder_side = self.side_of(table, auction.bidder)
        won = [0] * len(state.totals)       # what the points taken are worth, per side
        for point, side in hand.taken.items():
            if side is not None:
                won[side] += worth(point)
        made = won[bidder_side] >= auction.bid
        points = self.gains(table, state, won, bidder_side, auction.bid, made)
        totals = add(state.totals, points)
        # a smudge takes every point: one that went to nobody was not taken by the pitcher
        closing = points_worth(table.settings["points"])
        smudge = auction.bid == closing and won[bidder_side] == closing and table.settings.get("smudge")
        winners = self.winners(table, totals, bidder_side, made, smudge)
        after = state.after((state.dealer + 1) % table.size, totals, finished=bool(winners), winners=winners)
        return Outcome(points, partial(self.explain, table, hand, points, after, smudge, made), facts), after

    def gains(self, table: Table, state: State, won: list[int], bidder_side: int, bid: int,
              made: bool) -> tuple[int, ...]:
        """What each side scores for the points it took (`won`, per side)."""
        gained = list(won)
        for side, count in enumerate(won):
            cap = self.gain_cap(table, state.totals[side])
            if side != bidder_side and cap is not None:
                gained[side] = min(count, cap)
        gained[bidder_side] = won[bidder_side] if made else -bid
        return tuple(gained)

    def thrown_in_words(self, table: Table, dealer: int) -> list[Text]:
        return [say("Everyone passed: the hand is thrown in and {dealer} deals again.", dealer=table.name(dealer))]

    def explain(self, table: Table, hand: PointsHand, points: tuple[int, ...], after: State,
                smudge: bool, made: bool) -> list[Text]:
        """A line per side, one per point nobody took, and how the game ended if it did."""
        sides = self.sides(table)
        bidder_side = self.side_of(table, hand.auction.bidder)
        won: list[list[Text]] = [[] for _ in sides]
        worths = [0] * len(sides)
        for point, side in hand.taken.items():
            if side is not None:
                won[side].append(POINT_NAMES[point])
                worths[side] += worth(point)
        explain = [self.bidder_words(table, hand.auction, name, won[side], worths[side], made)
                   if side == bidder_side else self.side_words(table, name, won[side], worths[side], points[side])
                   for side, name in enumerate(sides)]
        explain += [self.nobody_words[point] for point, side in hand.taken.items()
                    if side is None and point in self.nobody_words]
        if after.winners:
            explain.append(self.ending_words(table, hand.auction, after.totals, after.winners, smudge))
        return explain

    def side_words(self, table: Table, name: str, won: list[Text], count: int, gained: int) -> Text:
        """The line of a side that did not win the bid: what it took (`count`: what that is worth) and
        what that scores."""
        if not won:
            return took_nothing(name)
        if gained < count:
            return say_n("{side} took {count} point ({points}), but only points up to the target of {target} count: {gained}",
                         "{side} took {count} points ({points}), but only points up to the target of {target} count: {gained}",
                         count, side=name, points=point_names(tuple(won)), target=table.settings["target"],
                         gained=signed(gained))
        return say_n("{side} took {count} point ({points}): {gained}", "{side} took {count} points ({points}): {gained}",
                     count, side=name, points=point_names(tuple(won)), gained=signed(gained))

    def bidder_words(self, table: Table, auction: Auction, name: str, won: list[Text], count: int, made: bool) -> Text:
        """The bidding side's line: "Ann pitched 2 and took 2 points (High, Low): made it, +2"."""
        pitcher = table.name(auction.bidder)
        took = points_taken(tuple(won), count)
        if pitcher != name:
            if made:
                return say("{pitcher} {verb} {bid} for {side}, who took {took}: made it, {gained}", pitcher=pitcher,
                           verb=self.bid_verb, bid=auction.bid, side=name, took=took, gained=signed(count))
            return say("{pitcher} {verb} {bid} for {side}, who took {took}: set back {bid}", pitcher=pitcher,
                       verb=self.bid_verb, bid=auction.bid, side=name, took=took)
        if made:
            return say("{pitcher} {verb} {bid} and took {took}: made it, {gained}",
                       pitcher=pitcher, verb=self.bid_verb, bid=auction.bid, took=took, gained=signed(count))
        return say("{pitcher} {verb} {bid} but took {took}: set back {bid}",
                   pitcher=pitcher, verb=self.bid_verb, bid=auction.bid, took=took)

    def winners(self, table: Table, totals: tuple[int, ...], bidder_side: int, made: bool,
                smudge: bool) -> tuple[int, ...]:
        """The winning side(s) after a hand, or () while the game goes on."""
        target = table.settings["target"]
        if smudge:
            return (bidder_side,)
        bidder_out = made and totals[bidder_side] >= target
        if table.settings["win_rule"] == "bidder_out" or bidder_out:
            return (bidder_side,) if bidder_out else ()
        if max(totals) < target:
            return ()
        top = leaders(totals)        # first to target: the one side highest at or over it
        return top if len(top) == 1 else ()

    def ending_words(self, table: Table, auction: Auction, totals: tuple[int, ...],
                     winners: tuple[int, ...], smudge: bool) -> Text:
        name = self.sides(table)[winners[0]]
        teams = self.teams(table)                      # "Ben & Dee win", "Ann wins"
        bidder, four = table.name(auction.bidder), auction.bid == len(table.settings["points"]) == len(FOUR_POINTS)
        if smudge and teams:
            if four:
                return say("Smudge: {bidder} bid {bid} and took all four points, so {team} win.",
                           bidder=bidder, bid=auction.bid, team=name)
            return say("Smudge: {bidder} bid {bid} and took every point, so {team} win.",
                       bidder=bidder, bid=auction.bid, team=name)
        if smudge:
            if four:
                return say("Smudge: {bidder} bid {bid} and took all four points, so {player} wins.",
                           bidder=bidder, bid=auction.bid, player=name)
            return say("Smudge: {bidder} bid {bid} and took every point, so {player} wins.",
                       bidder=bidder, bid=auction.bid, player=name)
        if teams:
            return say("{team} win with {total} (target {target}).",
                       team=name, total=totals[winners[0]], target=table.settings["target"])
        return say("{player} wins with {total} (target {target}).",
                   player=name, total=totals[winners[0]], target=table.settings["target"])
