"""Euchre: two partnerships; the side that makes trump needs 3 of the 5 tricks or is euchred."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import Kind, Outcome, Setting, State, Table, add, is_whole, must_be_absent, signed
from ..parts.partners import Partnerships
from ..words import Text, say

TRICKS = 5          # cards each, and tricks in a hand
NEEDED = 3          # the makers' side needs this many tricks, or is euchred
MARCH = 2           # the makers' side takes all five, not alone
EUCHRE = 2          # the defenders' points when the makers are euchred


@dataclass(frozen=True)
class EuchreHand:
    maker: int | None         # the seat who ordered up or named trump; None when thrown in
    alone: bool = False
    tricks: int = 0           # taken by the makers' side


def points_won(tricks: int, alone: bool, alone_march: int) -> int:
    """What the side that scores a played hand gets: 1 for 3 or 4 tricks, a march for 5, 2 for a euchre."""
    if tricks < NEEDED:
        return EUCHRE
    if tricks < TRICKS:
        return 1
    return alone_march if alone else MARCH


class Euchre(Partnerships, Game):
    id = "euchre"
    title = say("Euchre")
    min_players = 4
    max_players = 4
    listed = 70
    blurb = say("Two partnerships: the side that makes trump needs 3 of the 5 tricks, or is euchred.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("target", say("Target"), Kind.WHOLE, 10, say("Points a side needs to win (5 and 7 are also played)."),
                    minimum=5, maximum=25),
            Setting("alone_march", say("Alone march"), Kind.WHOLE, 4,
                    say("What a player who went alone scores for taking all 5 tricks."), minimum=2, maximum=8),
            Setting("stick_the_dealer", say("Stick the dealer"), Kind.SWITCH, False,
                    say("When everyone passes twice the dealer must name trump, so no hand is thrown in.")),
        )

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> EuchreHand:
        if "maker" not in raw:
            raise state.error(say("the maker is missing: the seat who made trump, or null when everyone passed"),
                              "maker")
        maker, last = raw["maker"], table.size - 1
        if maker is not None and not is_whole(maker):
            raise state.error(say("the maker must be a seat number from 0 to {last}, or null when everyone passed",
                                  last=last), "maker")
        if maker is not None and not 0 <= maker <= last:
            raise state.error(say("the maker must be a seat number from 0 to {last}, not {maker}", last=last, maker=maker),
                              "maker")
        alone = raw.get("alone")
        if alone is not None and not isinstance(alone, bool):
            raise state.error(say("{setting} must be true or false", setting="alone"), "alone")
        if maker is None:
            return self.thrown_in(table, state, raw, alone)
        tricks = raw.get("tricks")
        if tricks is None:
            raise state.error(say("the tricks are missing"), "tricks")
        if not is_whole(tricks):
            raise state.error(say("tricks must be a whole number from 0 to {most}: those the makers' side took",
                                  most=TRICKS), "tricks")
        if not 0 <= tricks <= TRICKS:
            raise state.error(say("tricks must be from 0 to {most}, not {tricks}: a hand has {most} tricks",
                                  most=TRICKS, tricks=tricks), "tricks")
        return EuchreHand(maker, bool(alone), tricks)

    def thrown_in(self, table: Table, state: State, raw: Mapping[str, Any], alone: bool | None) -> EuchreHand:
        """A hand nobody made trump in: allowed unless the dealer is stuck, and nobody went alone or took tricks."""
        if table.settings["stick_the_dealer"]:
            raise state.error(say("stick the dealer is on: the dealer must name trump, so the hand can't be thrown in"),
                              "maker")
        thrown = say("everyone passed and the hand is thrown in")
        if alone:
            raise state.error(say("{why}, so nobody went alone", why=thrown), "alone")
        must_be_absent(state, raw, ("tricks",), thrown)
        return EuchreHand(None)

    def play(self, table: Table, state: State, hand: EuchreHand) -> tuple[Outcome, State]:
        next_dealer = (state.dealer + 1) % table.size
        if hand.maker is None:
            facts = {"dealer": state.dealer, "maker": None, "alone": False, "tricks": None, "scorer": None}
            after = state.after(next_dealer, state.totals)
            return Outcome((0, 0), partial(self.thrown_in_words, table, next_dealer), facts), after
        makers = self.side_of(table, hand.maker)
        scorer = makers if hand.tricks >= NEEDED else 1 - makers
        gained = points_won(hand.tricks, hand.alone, table.settings["alone_march"])
        points = (gained, 0) if scorer == 0 else (0, gained)
        totals = add(state.totals, points)
        finished = totals[scorer] >= table.settings["target"]
        after = state.after(next_dealer, totals, finished=finished, winners=(scorer,) if finished else ())
        facts = {"dealer": state.dealer, "maker": hand.maker, "alone": hand.alone, "tricks": hand.tricks,
                 "scorer": scorer}
        return Outcome(points, partial(self.explain, table, hand, scorer, gained, after), facts), after

    def thrown_in_words(self, table: Table, next_dealer: int) -> list[Text]:
        return [say("Everybody passed: thrown in, {dealer} deals next", dealer=table.name(next_dealer))]

    def explain(self, table: Table, hand: EuchreHand, scorer: int, gained: int, after: State) -> list[Text]:
        """The makers' line ("Ann (Ann & Cy) ordered up and took 3: +1"), then who won if the game is over."""
        lines = [self.hand_words(table, hand, scorer, gained)]
        if after.finished:
            lines.append(say("{team} win with {total} (target {target}).", team=self.sides(table)[scorer],
                             total=after.totals[scorer], target=table.settings["target"]))
        return lines

    def hand_words(self, table: Table, hand: EuchreHand, scorer: int, gained: int) -> Text:
        who, side, points = table.name(hand.maker), self.sides(table)[self.side_of(table, hand.maker)], signed(gained)
        if hand.tricks < NEEDED:
            other = self.sides(table)[scorer]
            if hand.alone:
                return say("{who} went alone and was euchred with {tricks}: {other} {points}",
                           who=who, tricks=hand.tricks, other=other, points=points)
            return say("{who} ({side}) was euchred with {tricks}: {other} {points}",
                       who=who, side=side, tricks=hand.tricks, other=other, points=points)
        if hand.tricks == TRICKS:
            if hand.alone:
                return say("{who} went alone and took all {tricks}: a lone march, {points}",
                           who=who, tricks=hand.tricks, points=points)
            return say("{who} ({side}) ordered up and took all {tricks}: a march, {points}",
                       who=who, side=side, tricks=hand.tricks, points=points)
        if hand.alone:
            return say("{who} went alone and took {tricks}: {points}", who=who, tricks=hand.tricks, points=points)
        return say("{who} ({side}) ordered up and took {tricks}: {points}",
                   who=who, side=side, tricks=hand.tricks, points=points)


GAME = Euchre()
