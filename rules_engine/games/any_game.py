"""Any game: a score sheet for every game Scorepad has no rules for (Hearts, rummies, dice games).
Each hand every player gets the points the table says; the game ends when a total reaches the
target or after a set number of hands, and the highest (or lowest) total wins."""
from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from ..base import Game
from ..core import SETTINGS, Kind, Outcome, RuleError, Setting, State, Table, add, is_whole, leaders, signed
from ..words import Text, and_list, say, say_n

MOST_POINTS = 100_000       # a player gets at most this many points in a hand, or loses at most this many
MOST_TARGET = 100_000
MOST_HANDS = 500


def lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The players with the lowest total (all of them when they tie)."""
    least = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == least)


def winners(table: Table, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Who wins with these totals: the highest, or the lowest when the table plays lowest wins."""
    return lowest(totals) if table.settings["lowest_wins"] else leaders(totals)


def reached(table: Table, totals: tuple[int, ...]) -> tuple[int, ...]:
    """The players whose total is at the target or above it (none when the game has no target)."""
    target = table.settings["target"]
    if target is None:
        return ()
    return tuple(seat for seat, total in enumerate(totals) if total >= target)


def last_hand(table: Table, number: int) -> bool:
    """Whether hand `number` is the last of a game of a set number of hands."""
    hands = table.settings["hands"]
    return hands is not None and number >= hands


class AnyGame(Game):
    id = "any_game"
    title = say("Any game")
    min_players = 1
    max_players = 12
    listed = 90
    blurb = say("A score sheet for the games without rules here (Hearts, rummies, dice): "
                "type each player's points every hand.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("target", say("Target"), Kind.WHOLE, 100,
                    say("The game ends after the hand in which any total reaches this; none: no target."),
                    minimum=1, maximum=MOST_TARGET, optional=True),
            Setting("hands", say("Hands"), Kind.WHOLE, None,
                    say("The game ends after this many hands, if no one reached the target first; none: no limit."),
                    minimum=1, maximum=MOST_HANDS, optional=True),
            Setting("lowest_wins", say("Lowest wins"), Kind.SWITCH, False,
                    say("The lowest total wins, as in Hearts (reaching the target still ends the game).")),
        )

    def lowest_wins(self, table: Table) -> bool:
        """The setting: the scoreboard's leading mark, the players' best total and exports follow it."""
        return bool(table.settings["lowest_wins"])

    def check_table(self, table: Table) -> None:
        if table.settings["target"] is None and table.settings["hands"] is None:
            raise RuleError(SETTINGS, say("target and hands can't both be none: the game would never end"), "target")

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[int, ...]:
        points = raw.get("points")
        if not isinstance(points, list) or len(points) != table.size:
            raise state.error(say_n("points must be a list of {count} number, one per player",
                                    "points must be a list of {count} numbers, one per player", table.size), "points")
        for seat, value in enumerate(points):
            if not is_whole(value):
                raise state.error(say("{side}'s points must be a whole number", side=table.name(seat)), "points", seat)
            if not -MOST_POINTS <= value <= MOST_POINTS:
                raise state.error(say("{side}'s points must be from {least} to {most}, not {value}",
                                      side=table.name(seat), least=format(-MOST_POINTS, ","),
                                      most=format(MOST_POINTS, ","), value=format(value, ",")), "points", seat)
        return tuple(points)

    def play(self, table: Table, state: State, hand: tuple[int, ...]) -> tuple[Outcome, State]:
        totals = add(state.totals, hand)
        finished = bool(reached(table, totals)) or last_hand(table, state.number)
        after = state.after((state.dealer + 1) % table.size, totals, finished=finished,
                            winners=winners(table, totals) if finished else ())
        return Outcome(hand, partial(self.explain, table, hand, state.number, after), {"dealer": state.dealer}), after

    def explain(self, table: Table, hand: tuple[int, ...], number: int, after: State) -> list[Text]:
        """A line per player ("Ann +10"), then, after the last hand, why the game ended and who won."""
        lines = [say("{side} {points}", side=table.name(seat), points=signed(points)) for seat, points in enumerate(hand)]
        if after.finished:
            lines += [self.ending_words(table, after.totals, number), self.winner_words(table, after)]
        return lines

    def ending_words(self, table: Table, totals: tuple[int, ...], number: int) -> Text:
        """Why the game ended: a total reached the target (said first when both happen), or the hands ran out."""
        there = reached(table, totals)
        if there:
            return say("{names} reached {target}: the game ends.", names=and_list(table.name(seat) for seat in there),
                       target=table.settings["target"])
        return say("Hand {number} of {hands} was the last: the game ends.", number=number, hands=table.settings["hands"])

    def winner_words(self, table: Table, after: State) -> Text:
        names = and_list(table.name(seat) for seat in after.winners)
        total = after.totals[after.winners[0]]
        several = len(after.winners) > 1
        if table.settings["lowest_wins"] and several:
            return say("{names} share the win with the lowest total, {total}.", names=names, total=total)
        if table.settings["lowest_wins"]:
            return say("{names} wins with the lowest total, {total}.", names=names, total=total)
        if several:
            return say("{names} share the win with {total}.", names=names, total=total)
        return say("{names} wins with {total}.", names=names, total=total)

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        """The dealer and first bidder, and with a set number of hands which hand of them this is."""
        said = super().next_hand(table, state)
        if table.settings["hands"] is not None:
            said["hand_of"] = [state.number, table.settings["hands"]]
        return said


GAME = AnyGame()
