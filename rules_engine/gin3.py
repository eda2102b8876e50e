"""Three-player Gin Rummy: one player in the box against a captain and an advisor."""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Mapping

from .base import Game
from .core import Kind, Outcome, Roles, Setting, State, Table, add, is_whole, leaders, must_be_absent

MOST_DEADWOOD = 98


class Result(enum.Enum):
    KNOCK = "knock"
    GIN = "gin"
    DRAW = "draw"


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


def hand_value(hand: GinHand, settings: Mapping[str, Any]) -> tuple[Side, int, str]:
    """Which side wins the hand, by how much, and the arithmetic ({knocker}, {other}: names)."""
    knocker, other = hand.knocker, hand.knocker.other
    mine, theirs = hand.deadwood[knocker], hand.deadwood[other]
    if hand.result is Result.GIN:
        bonus = settings["gin_bonus"]
        return knocker, theirs + bonus, f"{{knocker}} went gin against {theirs}: {theirs} + {bonus} = {theirs + bonus}"
    if not undercut(hand.result.value, mine, theirs):
        return knocker, theirs - mine, (f"{{knocker}} knocked with {mine} against {theirs}: "
                                        f"{theirs} - {mine} = {theirs - mine}")
    bonus = settings["undercut_bonus"]
    value = mine - theirs + bonus
    return other, value, (f"{{other}} undercut {{knocker}} ({theirs} against a knock of {mine}): "
                          f"{mine} - {theirs} + {bonus} = {value}")


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
    title = "Three-player Gin"
    min_players = 3
    max_players = 3
    blurb = "Gin Rummy for three: one player in the box against a captain and an advisor."

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("knock_limit", Kind.WHOLE, 10, "Most deadwood a player may knock with.", minimum=1, maximum=10),
            Setting("undercut_bonus", Kind.WHOLE, 10, "Bonus for undercutting the knocker.", minimum=0),
            Setting("gin_bonus", Kind.WHOLE, 25, "Bonus for going gin (20 is also common).", minimum=0),
            Setting("box_win", Kind.CHOICE, "single",
                    "Single: the box player scores a won hand once. Double: twice, once for each opponent.",
                    choices=("single", "double")),
            Setting("team_points", Kind.CHOICE, "both",
                    "Both: captain and advisor each score a hand the team wins. Captain: only the captain does.",
                    choices=("both", "captain")),
            Setting("target", Kind.WHOLE, 100, "Points needed to end the game.", minimum=1),
        )

    def start(self, table: Table) -> State:
        box, captain = table.first_dealer, table.first_captain
        if captain is None:
            captain = (box + 1) % 3
        roles = Roles(box, captain, 3 - box - captain)
        return State(number=1, dealer=box, totals=(0, 0, 0), roles=roles)

    def read_side(self, state: State, raw: Mapping[str, Any]) -> Side:
        try:
            return Side(raw.get("knocker"))
        except (ValueError, TypeError):
            raise state.error('say who knocked: "box" or "team"', "knocker") from None

    def read_deadwood(self, state: State, raw: Mapping[str, Any]) -> dict[Side, int]:
        deadwood = raw.get("deadwood")
        if not isinstance(deadwood, dict) or set(deadwood) != {"box", "team"}:
            raise state.error('deadwood needs exactly two counts, "box" and "team"', "deadwood")
        counts = {}
        for side in Side:
            count = deadwood[side.value]
            if not is_whole(count) or not 0 <= count <= MOST_DEADWOOD:
                raise state.error(f"the {side.value}'s deadwood must be a whole number from 0 to {MOST_DEADWOOD}",
                                  f"deadwood_{side.value}")
            counts[side] = count
        return counts

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> GinHand:
        try:
            result = Result(raw.get("result"))
        except (ValueError, TypeError):
            raise state.error('the result must be "knock", "gin" or "draw"', "result") from None
        if result is Result.DRAW:
            must_be_absent(state, raw, ("knocker", "deadwood"), "the hand is a draw")
            return GinHand(result)
        knocker = self.read_side(state, raw)
        deadwood = self.read_deadwood(state, raw)
        mine = deadwood[knocker]
        field = f"deadwood_{knocker.value}"
        if result is Result.GIN and mine:
            raise state.error(f"gin means no deadwood, but the {knocker.value} has {mine}", field)
        if result is Result.KNOCK and mine == 0:
            raise state.error("a knock with no deadwood is gin: record it as gin", "result")
        limit = table.settings["knock_limit"]
        if result is Result.KNOCK and mine > limit:
            raise state.error(f"the {knocker.value} knocked with {mine} deadwood, over the knock limit of {limit}",
                              field)
        return GinHand(result, knocker, deadwood)

    def credit(self, table: Table, roles: Roles, winner: Side, value: int) -> tuple[tuple[int, ...], str]:
        points = [0, 0, 0]
        settings = table.settings
        if winner is Side.BOX:
            times = 2 if settings["box_win"] == "double" else 1
            points[roles.box] = value * times
            extra = f" x 2 (one for each opponent) = {value * 2}" if times == 2 else ""
            return tuple(points), f"{table.name(roles.box)} (box) scores {value}{extra}"
        points[roles.captain] = value
        if settings["team_points"] == "both":
            points[roles.advisor] = value
            return tuple(points), f"{table.name(roles.captain)} and {table.name(roles.advisor)} score {value} each"
        return tuple(points), f"{table.name(roles.captain)} (captain) scores {value}"

    def play(self, table: Table, state: State, hand: GinHand) -> tuple[Outcome, State]:
        roles = state.roles
        facts = {"dealer": roles.box, "roles": {"box": roles.box, "captain": roles.captain,
                                                 "advisor": roles.advisor}}
        if hand.result is Result.DRAW:
            why = f"A draw: nobody scores and {table.name(roles.box)} stays in the box and deals again."
            return Outcome((0, 0, 0), (why,), facts), replace(state, number=state.number + 1)
        winner, value, sums = hand_value(hand, table.settings)
        points, credit = self.credit(table, roles, winner, value)
        names = {"knocker": self.side_name(table, roles, hand.knocker),
                 "other": self.side_name(table, roles, hand.knocker.other)}
        explain = [sums.format(**names) + ".", f"{credit}."]
        totals = add(state.totals, points)
        finished = max(totals) >= table.settings["target"]
        new_roles = rotate(roles, winner)
        if finished:
            names = " and ".join(table.name(seat) for seat in leaders(totals))
            explain.append(f"Someone reached {table.settings['target']}: the game ends and {names} "
                           f"{'wins' if len(leaders(totals)) == 1 else 'share the win'} with {max(totals)}.")
        after = replace(state, number=state.number + 1, dealer=new_roles.box, totals=totals, roles=new_roles,
                        finished=finished, winners=leaders(totals) if finished else ())
        return Outcome(points, tuple(explain), facts), after

    def side_name(self, table: Table, roles: Roles, side: Side) -> str:
        if side is Side.BOX:
            return f"{table.name(roles.box)} (box)"
        return f"{table.name(roles.captain)} & {table.name(roles.advisor)} (team)"

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        roles = state.roles
        return {"dealer": roles.box, "roles": {"box": roles.box, "captain": roles.captain,
                                                "advisor": roles.advisor}}

