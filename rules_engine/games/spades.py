"""Spades: 4 players in two partnerships, each side bidding a contract of tricks, nil bids, bags."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import Kind, Outcome, Setting, State, Table, add, is_whole, read_list, signed
from ..parts.partners import Partnerships
from ..words import Text, say, say_n

TRICKS = 13               # every card is dealt: 13 tricks a hand
BLIND = "blind"           # a blind nil bid
PER_TRICK = 10            # points per trick of a contract made (and lost per trick of one set)


@dataclass(frozen=True)
class SpadesHand:
    bids: tuple[int | str, ...]       # per seat: 0 (nil) to 13, or BLIND
    tricks: tuple[int, ...]           # per seat, adding up to 13


@dataclass(frozen=True)
class Nil:
    """A nil (or blind nil) bid and how it went."""
    seat: int
    blind: bool
    took: int
    points: int


@dataclass(frozen=True)
class SideScore:
    """One side's hand: its contract and the tricks counted toward it, and what it scored."""
    contract: int
    took: int                         # by the partners who did not bid nil
    contract_points: int              # 0 when the contract is 0
    nils: tuple[Nil, ...]
    bags: int                         # made this hand: overtricks and a failed nil's tricks
    penalties: int                    # times the bag limit was reached
    penalty: int                      # points lost to the bag limit (positive)
    bags_after: int                   # the side's bags after the hand

    @property
    def points(self) -> int:
        return self.contract_points + sum(nil.points for nil in self.nils) - self.penalty


def is_nil(bid: int | str) -> bool:
    return bid == 0 or bid == BLIND


def contract_points(contract: int, took: int) -> int:
    """A contract's points: 10 a trick bid and 1 an overtrick when made, -10 a trick bid when set."""
    if contract == 0:
        return 0
    if took < contract:
        return -PER_TRICK * contract
    return PER_TRICK * contract + took - contract


def nil_points(blind: bool, took: int, settings: Mapping[str, Any]) -> int:
    worth = settings["nil_points"] * (2 if blind else 1)
    return worth if took == 0 else -worth


def side_score(hand: SpadesHand, seats: tuple[int, ...], bags_before: int, settings: Mapping[str, Any]) -> SideScore:
    """A side's score for the hand, given its bags before it."""
    bidders = [seat for seat in seats if not is_nil(hand.bids[seat])]
    contract = sum(int(hand.bids[seat]) for seat in bidders)
    took = sum(hand.tricks[seat] for seat in bidders)
    nils = tuple(Nil(seat, hand.bids[seat] == BLIND, hand.tricks[seat],
                     nil_points(hand.bids[seat] == BLIND, hand.tricks[seat], settings))
                 for seat in seats if is_nil(hand.bids[seat]))
    over = took - contract if contract and took >= contract else 0
    bags = over + sum(nil.took for nil in nils if nil.points < 0)
    penalties = (bags_before + bags) // settings["bag_limit"]
    return SideScore(contract, took, contract_points(contract, took), nils, bags, penalties,
                     penalties * settings["bag_penalty"], bags_before + bags - penalties * settings["bag_limit"])


@dataclass(frozen=True)
class Kept:
    """What Spades carries from hand to hand: each side's bags, and whether a tie where the game
    would have ended plays on (then the next hand that leaves the totals unequal ends it)."""
    bags: tuple[int, int]
    tied: bool = False


def ended(totals: tuple[int, ...], tied: bool, settings: Mapping[str, Any]) -> bool:
    """Whether the game is over after a hand that left `totals`: a side stands at or above the target
    or at or below lose_at, or a tie there was playing on (`tied`) - either way, only once the totals
    are unequal."""
    return totals[0] != totals[1] and (tied or beyond(totals, settings))


def still_tied(totals: tuple[int, ...], tied: bool, settings: Mapping[str, Any]) -> bool:
    """Whether, after a hand that left `totals`, a tie where the game would have ended plays on."""
    return totals[0] == totals[1] and (tied or beyond(totals, settings))


def beyond(totals: tuple[int, ...], settings: Mapping[str, Any]) -> bool:
    """A side stands at or above the target, or at or below lose_at."""
    lose_at = settings["lose_at"]
    return max(totals) >= settings["target"] or (lose_at is not None and min(totals) <= lose_at)


def sum_words(parts: list[int]) -> int | Text:
    """Points added up as a player writes them: "64 - 100", "-100 + 40" (two parts or more)."""
    said: int | Text = parts[0]
    for part in parts[1:]:
        if part < 0:
            said = say("{earlier} - {points}", earlier=said, points=-part)
        else:
            said = say("{earlier} + {points}", earlier=said, points=part)
    return said


class Spades(Partnerships, Game):
    id = "spades"
    title = say("Spades")
    min_players = 4
    max_players = 4
    listed = 60
    two_step = True
    blurb = say("Two partnerships bid tricks, spades always trump; a nil bid scores big, and too many overtricks cost points.")

    def kept_at_start(self, table: Table) -> Kept:
        return Kept((0, 0))

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("target", say("Target"), Kind.WHOLE, 500,
                    say("The game ends after a hand that takes a side to this many points or more."),
                    minimum=100, maximum=1000),
            Setting("lose_at", say("Lose at"), Kind.WHOLE, -200,
                    say("The game also ends when a side falls to this many points or fewer; none: never."),
                    minimum=-1000, maximum=-100, optional=True),
            Setting("blind_nil", say("Blind nil"), Kind.SWITCH, False,
                    say("A player may bid blind nil before looking at their cards: twice the nil points, won or lost.")),
            Setting("nil_points", say("Nil points"), Kind.WHOLE, 100,
                    say("Won by a player who bids nil and takes no trick, lost if they take any."),
                    minimum=50, maximum=200),
            Setting("bag_limit", say("Bag limit"), Kind.WHOLE, 10,
                    say("Each trick over a side's contract is a bag; at this many bags the side pays the bag penalty."),
                    minimum=5, maximum=20),
            Setting("bag_penalty", say("Bag penalty"), Kind.WHOLE, 100,
                    say("What a side loses each time its bags reach the bag limit."),
                    minimum=50, maximum=200),
        )

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        return [*range(TRICKS + 1), *([BLIND] if table.settings["blind_nil"] else [])]

    def bid_problem(self, table: Table, seat: int, bid: Any) -> Text | None:
        who = table.name(seat)
        blind_nil = table.settings["blind_nil"]
        if bid == BLIND:
            return None if blind_nil else say("{who} bid blind nil, but this game is played without blind nil", who=who)
        if not is_whole(bid):
            if blind_nil:
                return say("{who}'s bid must be a number of tricks from 0 (nil) to 13, or blind", who=who)
            return say("{who}'s bid must be a number of tricks from 0 (nil) to 13", who=who)
        if bid < 0:
            return say("{who}'s bid can't be below 0", who=who)
        if bid > TRICKS:
            return say("{who}'s bid of {bid} is more than the 13 tricks of a hand", who=who, bid=bid)
        return None

    def read_bids(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        bids = read_list(state, raw, "bids", table.size)
        for seat, bid in enumerate(bids):
            problem = self.bid_problem(table, seat, bid)
            if problem:
                raise state.error(problem, "bids", seat)
        return tuple(bids)

    def read_tricks(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[int, ...]:
        tricks = read_list(state, raw, "tricks", table.size)
        for seat, took in enumerate(tricks):
            if not is_whole(took) or not 0 <= took <= TRICKS:
                raise state.error(say("{who}'s tricks must be a whole number from 0 to 13", who=table.name(seat)),
                                  "tricks", seat)
        if sum(tricks) != TRICKS:
            raise state.error(say("the tricks add up to {total}, but a hand has 13 tricks", total=sum(tricks)), "tricks")
        return tuple(tricks)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> SpadesHand:
        return SpadesHand(self.read_bids(table, state, raw), self.read_tricks(table, state, raw))

    def play(self, table: Table, state: State, hand: SpadesHand) -> tuple[Outcome, State]:
        scores = tuple(side_score(hand, self.seats_of(table, side), state.kept.bags[side], table.settings)
                       for side in (0, 1))
        points = tuple(side.points for side in scores)
        totals = add(state.totals, points)
        bags = (scores[0].bags_after, scores[1].bags_after)
        finished = ended(totals, state.kept.tied, table.settings)
        winners = (0 if totals[0] > totals[1] else 1,) if finished else ()
        kept = Kept(bags, still_tied(totals, state.kept.tied, table.settings))
        after = state.after((state.dealer + 1) % table.size, totals, kept=kept, finished=finished, winners=winners)
        facts = {"dealer": state.dealer, "contract": [side.contract for side in scores],
                 "took": [side.took for side in scores], "bags": list(bags),
                 "penalty": [side.penalty for side in scores],       # points the bag limit took
                 "bags_reached": [side.bags_after + side.penalties * table.settings["bag_limit"] for side in scores]}
        return Outcome(points, partial(self.explain, table, hand, scores, state.totals, after), facts), after

    def explain(self, table: Table, hand: SpadesHand, scores: tuple[SideScore, ...], before: tuple[int, ...],
                after: State) -> list[Text]:
        lines: list[Text] = []
        names = self.sides(table)
        for side, score in enumerate(scores):
            lines.extend(self.side_words(table, names[side], score))
        lines.append(say("Bags now: {first} {first_bags}, {second} {second_bags}", first=names[0],
                         first_bags=after.kept.bags[0], second=names[1], second_bags=after.kept.bags[1]))
        ending = self.ending_words(table, before, after)
        if ending:
            lines.append(ending)
        return lines

    def side_words(self, table: Table, name: str, score: SideScore) -> list[Text]:
        """A side's lines: each nil, its contract, the bag penalty, and the sum when there is more than one part."""
        lines = [self.nil_words(table, nil) for nil in score.nils]
        parts = [nil.points for nil in score.nils]
        lines.append(self.contract_words(name, score))
        if score.contract:
            parts.append(score.contract_points)
        if score.penalties:
            lines.append(self.penalty_words(table, name, score))
            parts.append(-score.penalty)
        if len(parts) > 1:
            lines.append(say("{side} in all: {sum} = {gained}", side=name, sum=sum_words(parts), gained=signed(score.points)))
        return lines

    def contract_words(self, name: str, score: SideScore) -> Text:
        contract, took = score.contract, score.took
        if contract == 0:
            return say("{side}: no contract, both bid nil", side=name)
        if took < contract:
            return say("{side}: contract {contract}, took {took}: set, {gained}",
                       side=name, contract=contract, took=took, gained=signed(score.contract_points))
        if took == contract:
            return say("{side}: contract {contract}, took {took}: {gained}",
                       side=name, contract=contract, took=took, gained=signed(score.contract_points))
        return say_n("{side}: contract {contract}, took {took}: {points} + {count} = {gained} ({count} bag)",
                     "{side}: contract {contract}, took {took}: {points} + {count} = {gained} ({count} bags)",
                     took - contract, side=name, contract=contract, took=took, points=PER_TRICK * contract,
                     gained=signed(score.contract_points))

    def nil_words(self, table: Table, nil: Nil) -> Text:
        who = table.name(nil.seat)
        if nil.points > 0:
            if nil.blind:
                return say("{who}'s blind nil made: {gained}", who=who, gained=signed(nil.points))
            return say("{who}'s nil made: {gained}", who=who, gained=signed(nil.points))
        if nil.blind:
            return say_n("{who}'s blind nil failed, took {count} trick: {gained} ({count} bag)",
                         "{who}'s blind nil failed, took {count} tricks: {gained} ({count} bags)",
                         nil.took, who=who, gained=signed(nil.points))
        return say_n("{who}'s nil failed, took {count} trick: {gained} ({count} bag)",
                     "{who}'s nil failed, took {count} tricks: {gained} ({count} bags)",
                     nil.took, who=who, gained=signed(nil.points))

    def penalty_words(self, table: Table, name: str, score: SideScore) -> Text:
        reached = score.bags_after + score.penalties * table.settings["bag_limit"]
        if score.penalties == 1:
            return say_n("{side} reach {bags} bags: -{penalty}, {count} bag left",
                         "{side} reach {bags} bags: -{penalty}, {count} bags left",
                         score.bags_after, side=name, bags=reached, penalty=score.penalty)
        return say_n("{side} reach {bags} bags, {times} times {limit}: -{each} x {times} = -{penalty}, {count} bag left",
                     "{side} reach {bags} bags, {times} times {limit}: -{each} x {times} = -{penalty}, {count} bags left",
                     score.bags_after, side=name, bags=reached, times=score.penalties, limit=table.settings["bag_limit"],
                     each=table.settings["bag_penalty"], penalty=score.penalty)

    def ending_words(self, table: Table, before: tuple[int, ...], after: State) -> Text | None:
        """How the game ended, or that a tie where it would have ended plays on; None otherwise."""
        names, totals, settings = self.sides(table), after.totals, table.settings
        if not after.finished:
            if after.kept.tied:
                return say("{first} and {second} are level at {total}: play goes on until a hand leaves them unequal.",
                           first=names[0], second=names[1], total=totals[0])
            return None
        winner = after.winners[0]
        loser = 1 - winner
        lose_at = settings["lose_at"]
        if totals[winner] >= settings["target"]:
            return say("{side} win with {total} (target {target}).",
                       side=names[winner], total=totals[winner], target=settings["target"])
        if lose_at is not None and totals[loser] <= lose_at:
            return say("{loser} fall to {lost} (lose at {lose_at}): {side} win with {total}.",
                       loser=names[loser], lost=totals[loser], lose_at=lose_at, side=names[winner], total=totals[winner])
        return say("The hand breaks the tie at {level}: {side} win with {total}.",
                   level=before[0], side=names[winner], total=totals[winner])

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        return {"dealer": state.dealer, "first_bidder": (state.dealer + 1) % table.size, "bags": list(state.kept.bags)}


GAME = Spades()
