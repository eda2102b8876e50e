"""Pitch (Auction Pitch / Setback): High, Low, Jack and Game; the pitcher is set back."""
from __future__ import annotations

from ..core import SETTINGS, Kind, RuleError, Setting, Table
from ..parts.point_games import MOST_TARGET, PointsGame
from ..words import say

TEN_POINT = ("high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten", "three")   # 10-point Pitch


class Pitch(PointsGame):
    id = "pitch"
    title = say("Pitch")
    min_players = 3
    max_players = 7
    listed = 30
    blurb = say("Auction Pitch / Setback: bid for High, Low, Jack and Game; the pitcher is set back.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("partnerships", say("Partnerships"),
                    Kind.SWITCH, False, say("Four players in two teams, partners opposite.")),
            Setting("target", say("Target"), Kind.WHOLE, 7, say("Points needed to win (11, 15 and 21 are common)."),
                    minimum=1, maximum=MOST_TARGET),
            Setting("win_rule", say("Win rule"), Kind.CHOICE, "bidder_out",
                    say("Bidder out: only the pitcher's side can go out, on a hand where it makes its bid. "
                        "First to target: the game ends when any side reaches the target."),
                    choices=("bidder_out", "first_to_target"),
                    labels=(say("bidder out"), say("first to target"))),
            Setting("smudge", say("Smudge"), Kind.SWITCH, False, say("Bid every point played and take them all to win at once.")),
            *self.point_settings(),
        )

    def check_table(self, table: Table) -> None:
        if table.settings["partnerships"] and table.size != 4:
            raise RuleError(SETTINGS, say("partnerships need exactly 4 players, not {count}", count=table.size))
        super().check_table(table)

    def teams(self, table: Table) -> bool:
        return table.settings["partnerships"]


GAME = Pitch()
