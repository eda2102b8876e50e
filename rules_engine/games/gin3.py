"""Three-player Gin Rummy: one player in the box against a captain and an advisor."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import EndBonus, Kind, Outcome, RuleError, Setting, State, Table, add, is_whole, leaders, must_be_absent, read_seat
from ..words import Text, and_list, comma_list, say

MOST_DEADWOOD = 98


class Result(enum.Enum):
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"      # out with all 11 cards melded, without discarding
    DRAW = "draw"


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_value(rank: str) -> int:
    """A face-up card's count, other than an ace's: face cards 10, number cards their number."""
    return 10 if rank in ("J", "Q", "K") else int(rank)


class Side(enum.Enum):
    BOX = "box"
    TEAM = "team"

    @property
    def other(self) -> "Side":
        return Side.TEAM if self is Side.BOX else Side.BOX


@dataclass(frozen=True)
class GinHand:
    result: Result
    knocker: Side | None = None
    deadwood: Mapping[Side, int] | None = None
    upcard_spade: bool = False         # Oklahoma: the face-up card is a spade (its rank only sets the knock limit)

    @property
    def times(self) -> int:
        """Oklahoma doubles everything a hand scores when the face-up card is a spade."""
        return 2 if self.upcard_spade else 1


def undercut(result: str, knocker_deadwood: int, other_deadwood: int) -> bool:
    """A knock (not gin) is undercut when the other side has as little deadwood as the knocker, or less."""
    return result == Result.KNOCK.value and knocker_deadwood >= other_deadwood


def knock_undercut(raw: Mapping[str, Any]) -> bool:
    """Whether a recorded (already checked) gin hand was an undercut knock."""
    if raw.get("result") != Result.KNOCK.value:
        return False
    knocker = raw["knocker"]
    other = Side.TEAM.value if knocker == Side.BOX.value else Side.BOX.value
    return undercut(raw["result"], raw["deadwood"][knocker], raw["deadwood"][other])


def hand_value(hand: GinHand, settings: Mapping[str, Any]) -> tuple[Side, int]:
    """Which side wins the hand, and by how much."""
    knocker, other = hand.knocker, hand.knocker.other
    mine, theirs = hand.deadwood[knocker], hand.deadwood[other]
    if hand.result is Result.GIN:
        return knocker, (theirs + settings["gin_bonus"]) * hand.times
    if hand.result is Result.BIG_GIN:
        return knocker, (theirs + settings["big_gin_bonus"]) * hand.times
    if not undercut(hand.result.value, mine, theirs):
        return knocker, (theirs - mine) * hand.times
    return other, (mine - theirs + settings["undercut_bonus"]) * hand.times


def value_words(hand: GinHand, settings: Mapping[str, Any], knocker: str, other: str) -> Text:
    """The arithmetic behind the hand's value; `knocker` and `other` name the two sides."""
    said = plain_value_words(hand, settings, knocker, other)
    if hand.upcard_spade:
        return say("{said} The face-up card is a spade: x 2 = {value}.", said=said, value=hand_value(hand, settings)[1])
    return said


def plain_value_words(hand: GinHand, settings: Mapping[str, Any], knocker: str, other: str) -> Text:
    mine, theirs = hand.deadwood[hand.knocker], hand.deadwood[hand.knocker.other]
    value = hand_value(hand, settings)[1] // hand.times
    if hand.result is Result.BIG_GIN:
        return say("{knocker} went big gin against {theirs}: {theirs} + {bonus} = {value}.",
                   knocker=knocker, theirs=theirs, bonus=settings["big_gin_bonus"], value=value)
    if hand.result is Result.GIN:
        return say("{knocker} went gin against {theirs}: {theirs} + {bonus} = {value}.",
                   knocker=knocker, theirs=theirs, bonus=settings["gin_bonus"], value=value)
    if not undercut(hand.result.value, mine, theirs):
        return say("{knocker} knocked with {mine} against {theirs}: {theirs} - {mine} = {value}.",
                   knocker=knocker, mine=mine, theirs=theirs, value=value)
    return say("{other} undercut {knocker} ({theirs} against a knock of {mine}): {mine} - {theirs} + {bonus} = {value}.",
               other=other, knocker=knocker, theirs=theirs, mine=mine, bonus=settings["undercut_bonus"], value=value)


@dataclass(frozen=True)
class Roles:
    """Who is in the box, who is captain, who advises: what the game keeps from hand to hand."""
    box: int
    captain: int
    advisor: int


def rotate(roles: Roles, winner: Side | None) -> Roles:
    """Roles for the next hand: box wins -> captain and advisor change places;
    team wins -> captain into the box, advisor to captain, old box advises; draw -> no change."""
    if winner is Side.BOX:
        return Roles(roles.box, roles.advisor, roles.captain)
    if winner is Side.TEAM:
        return Roles(roles.captain, roles.advisor, roles.box)
    return roles


class Gin3(Game):
    id = "gin3"
    title = say("Three-player Gin")
    min_players = 3
    max_players = 3
    listed = 50
    blurb = say("Gin Rummy for three: one player in the box against a captain and an advisor.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("knock_limit", say("Knock limit"),
                    Kind.WHOLE, 10, say("Most deadwood a player may knock with."), minimum=1, maximum=10),
            Setting("undercut_bonus", say("Undercut bonus"),
                    Kind.WHOLE, 10, say("Bonus for undercutting the knocker."), minimum=0, maximum=100),
            Setting("gin_bonus", say("Gin bonus"), Kind.WHOLE, 25, say("Bonus for going gin (20 is also common)."),
                    minimum=0, maximum=100),
            Setting("box_win", say("Box win"), Kind.CHOICE, "single",
                    say("Single: the box player scores a won hand once. Double: twice, once for each opponent."),
                    choices=("single", "double"), labels=(say("single"), say("double"))),
            Setting("team_points", say("Team points"), Kind.CHOICE, "both",
                    say("Both: captain and advisor each score a hand the team wins. Captain: only the captain does."),
                    choices=("both", "captain"), labels=(say("both"), say("captain"))),
            Setting("target", say("Target"), Kind.WHOLE, 100, say("Points needed to end the game."), minimum=1, maximum=1000),
            Setting("big_gin_bonus", say("Big gin bonus"), Kind.WHOLE, 31,
                    say("Bonus for big gin: out with all 11 cards melded, without discarding."), minimum=0, maximum=100),
            Setting("box_bonus", say("Box bonus"), Kind.WHOLE, 0,
                    say("At the end, each player scores this for every hand that gave them points (25 is common)."),
                    minimum=0, maximum=100),
            Setting("game_bonus", say("Game bonus"), Kind.WHOLE, 0,
                    say("At the end, the highest total before bonuses scores this (100 is common)."),
                    minimum=0, maximum=500),
            Setting("oklahoma", say("Oklahoma"), Kind.SWITCH, False,
                    say("Oklahoma: the face-up card sets each hand's knock limit (an ace: gin only), "
                        "and a spade doubles the hand.")),
        )

    def settings_in_play(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Under Oklahoma the face-up card sets the knock limit: knock_limit is not used."""
        return {name: value for name, value in settings.items() if not (name == "knock_limit" and settings.get("oklahoma"))}

    def read_first_captain(self, raw: Any, players: tuple[str, ...], first_dealer: int) -> int:
        captain = read_seat(raw, "first_captain", players, (first_dealer + 1) % len(players))
        if captain == first_dealer:
            raise RuleError("first_captain", say("the captain can't also be in the box"))
        return captain

    def kept_at_start(self, table: Table) -> Roles:
        box, captain = table.first_dealer, table.first_captain     # read_table gives both
        return Roles(box, captain, 3 - box - captain)

    def read_side(self, state: State, raw: Mapping[str, Any]) -> Side:
        knocker = raw.get("knocker")
        for side in Side:       # compared, not looked up: Side(value) writes out any value refused
            if side.value == knocker:
                return side
        raise state.error(say('say who knocked: "box" or "team"'), "knocker")

    def read_deadwood(self, state: State, raw: Mapping[str, Any]) -> dict[Side, int]:
        deadwood = raw.get("deadwood")
        if not isinstance(deadwood, dict) or set(deadwood) != {"box", "team"}:
            raise state.error(say('deadwood needs exactly two counts, "box" and "team"'), "deadwood")
        counts = {}
        for side in Side:
            count = deadwood[side.value]
            if not is_whole(count) or not 0 <= count <= MOST_DEADWOOD:
                raise state.error(self.deadwood_problem(side), f"deadwood_{side.value}")
            counts[side] = count
        return counts

    def deadwood_problem(self, side: Side) -> Text:
        if side is Side.BOX:
            return say("the box's deadwood must be a whole number from 0 to {most}", most=MOST_DEADWOOD)
        return say("the team's deadwood must be a whole number from 0 to {most}", most=MOST_DEADWOOD)

    def read_upcard(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[str | None, bool]:
        """Oklahoma's face-up card: its rank and whether it is a spade (neither without Oklahoma)."""
        if not table.settings["oklahoma"]:
            must_be_absent(state, raw, ("upcard", "upcard_spade"), say("the game is not played Oklahoma"))
            return None, False
        rank = raw.get("upcard")
        if rank not in RANKS:
            raise state.error(say("say the face-up card's rank: A, 2 to 10, J, Q or K"), "upcard")
        spade = raw.get("upcard_spade")
        if not isinstance(spade, bool):
            raise state.error(say("say whether the face-up card is a spade"), "upcard_spade")
        return rank, spade

    def knock_limit(self, table: Table, upcard: str | None) -> int:
        """The most deadwood a knock may have this hand (0 under an Oklahoma ace: gin only)."""
        if upcard is None:
            return table.settings["knock_limit"]
        return 0 if upcard == "A" else rank_value(upcard)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> GinHand:
        result = next((one for one in Result if one.value == raw.get("result")), None)
        if result is None:
            raise state.error(say('the result must be "knock", "gin", "big_gin" or "draw"'), "result")
        upcard, spade = self.read_upcard(table, state, raw)
        if result is Result.DRAW:
            must_be_absent(state, raw, ("knocker", "deadwood"), say("the hand is a draw"))
            return GinHand(result)
        knocker = self.read_side(state, raw)
        deadwood = self.read_deadwood(state, raw)
        mine = deadwood[knocker]
        field = f"deadwood_{knocker.value}"
        if result in (Result.GIN, Result.BIG_GIN) and mine:
            raise state.error(self.gin_problem(knocker, mine), field)
        if result is Result.KNOCK and mine == 0:
            raise state.error(say("a knock with no deadwood is gin: record it as gin"), "result")
        limit = self.knock_limit(table, upcard)
        if result is Result.KNOCK and limit == 0:
            raise state.error(say("the face-up card is an ace: only gin ends the hand"), "result")
        if result is Result.KNOCK and mine > limit:
            if upcard is not None:
                raise state.error(say("the knock limit this hand is {limit}", limit=limit), field)
            raise state.error(self.limit_problem(knocker, mine, limit), field)
        return GinHand(result, knocker, deadwood, spade)

    def gin_problem(self, knocker: Side, deadwood: int) -> Text:
        if knocker is Side.BOX:
            return say("gin means no deadwood, but the box has {deadwood}", deadwood=deadwood)
        return say("gin means no deadwood, but the team has {deadwood}", deadwood=deadwood)

    def limit_problem(self, knocker: Side, deadwood: int, limit: int) -> Text:
        if knocker is Side.BOX:
            return say("the box knocked with {deadwood} deadwood, over the knock limit of {limit}",
                       deadwood=deadwood, limit=limit)
        return say("the team knocked with {deadwood} deadwood, over the knock limit of {limit}",
                   deadwood=deadwood, limit=limit)

    def credit(self, table: Table, roles: Roles, winner: Side, value: int) -> tuple[int, ...]:
        """Who scores the hand's value: the box player (twice under a double box win), or the captain
        (and the advisor when both score)."""
        points = [0, 0, 0]
        settings = table.settings
        if winner is Side.BOX:
            points[roles.box] = value * 2 if settings["box_win"] == "double" else value
            return tuple(points)
        points[roles.captain] = value
        if settings["team_points"] == "both":
            points[roles.advisor] = value
        return tuple(points)

    def credit_words(self, table: Table, roles: Roles, winner: Side, value: int) -> Text:
        settings = table.settings
        if winner is Side.BOX and settings["box_win"] == "double":
            return say("{box} (box) scores {value} x 2 (one for each opponent) = {doubled}.",
                       box=table.name(roles.box), value=value, doubled=value * 2)
        if winner is Side.BOX:
            return say("{box} (box) scores {value}.", box=table.name(roles.box), value=value)
        if settings["team_points"] == "both":
            return say("{captain} and {advisor} score {value} each.",
                       captain=table.name(roles.captain), advisor=table.name(roles.advisor), value=value)
        return say("{captain} (captain) scores {value}.", captain=table.name(roles.captain), value=value)

    def play(self, table: Table, state: State, hand: GinHand) -> tuple[Outcome, State]:
        roles = state.kept
        facts = {"dealer": state.dealer, "roles": {"box": roles.box, "captain": roles.captain,
                                                 "advisor": roles.advisor}}
        if hand.result is Result.DRAW:
            after = state.after(state.dealer, state.totals)
            return Outcome((0, 0, 0), partial(self.draw_words, table, roles), facts), after
        winner, value = hand_value(hand, table.settings)
        points = self.credit(table, roles, winner, value)
        totals = add(state.totals, points)
        finished = max(totals) >= table.settings["target"]
        new_roles = rotate(roles, winner)
        after = state.after(new_roles.box, totals, kept=new_roles, finished=finished,
                            winners=leaders(totals) if finished else ())
        return Outcome(points, partial(self.explain, table, roles, hand, after), facts), after

    def draw_words(self, table: Table, roles: Roles) -> list[Text]:
        return [say("A draw: nobody scores and {box} stays in the box and deals again.", box=table.name(roles.box))]

    def explain(self, table: Table, roles: Roles, hand: GinHand, after: State) -> list[Text]:
        """The hand's value, who scores it, and how the game ended if it did."""
        winner, value = hand_value(hand, table.settings)
        explain = [value_words(hand, table.settings, self.side_name(table, roles, hand.knocker),
                               self.side_name(table, roles, hand.knocker.other)),
                   self.credit_words(table, roles, winner, value)]
        if after.finished and (table.settings["box_bonus"] or table.settings["game_bonus"]):
            explain.append(say("Someone reached {target}: the game ends, and the end bonuses are added.",
                               target=table.settings["target"]))
        elif after.finished:
            explain.append(self.ending_words(table, after.totals))
        return explain

    def ending_words(self, table: Table, totals: tuple[int, ...]) -> Text:
        top = leaders(totals)
        names = and_list(table.name(seat) for seat in top)
        if len(top) == 1:
            return say("Someone reached {target}: the game ends and {names} wins with {total}.",
                       target=table.settings["target"], names=names, total=max(totals))
        return say("Someone reached {target}: the game ends and {names} share the win with {total}.",
                   target=table.settings["target"], names=names, total=max(totals))

    def end_bonuses(self, table: Table, points: list[tuple[int, ...]], state: State) -> tuple[EndBonus, ...]:
        """The box bonus (for every hand that gave a player points) and the game bonus (to the highest
        total before bonuses), each a line of its own; none when the table plays without them."""
        settings, bonuses = table.settings, []
        if settings["box_bonus"]:
            each = settings["box_bonus"]
            won = [sum(1 for hand in points if hand[seat] > 0) for seat in range(table.size)]
            lines = [say("{who} {hands} x {each} = {points}", who=table.name(seat), hands=won[seat], each=each,
                         points=won[seat] * each) for seat in range(table.size)]
            bonuses.append(EndBonus(say("Box bonus"), tuple(count * each for count in won),
                                    say("Box bonus, {each} for every hand that gave a player points: {lines}.",
                                        each=each, lines=comma_list(lines))))
        if settings["game_bonus"]:
            top = leaders(state.totals)
            bonuses.append(EndBonus(say("Game bonus"), tuple(settings["game_bonus"] if seat in top else 0
                                                             for seat in range(table.size)),
                                    say("Game bonus: {names}, highest before bonuses with {total}, scores {bonus}.",
                                        names=and_list(table.name(seat) for seat in top), total=max(state.totals),
                                        bonus=settings["game_bonus"])))
        return tuple(bonuses)

    def side_name(self, table: Table, roles: Roles, side: Side) -> Text:
        if side is Side.BOX:
            return say("{box} (box)", box=table.name(roles.box))
        return say("{captain} & {advisor} (team)", captain=table.name(roles.captain), advisor=table.name(roles.advisor))

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        roles = state.kept
        return {"dealer": state.dealer, "roles": {"box": roles.box, "captain": roles.captain,
                                                "advisor": roles.advisor}}


GAME = Gin3()
