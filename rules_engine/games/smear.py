"""Four-Point Northeast Wisconsin Smear: two partnerships, bids 2-4, race to 15.

Scored as a game of Pitch's family; the numbers and hooks below are where it differs from Pitch."""
from __future__ import annotations

from ..core import Kind, Setting, Table
from ..parts.point_games import MOST_TARGET, PointsGame
from ..words import say

SIX_POINT = ("high", "low", "jack", "big_joker", "little_joker", "game")                      # Six-Point Smear


class Smear(PointsGame):
    id = "smear"
    title = say("Smear")
    min_players = 4
    max_players = 4
    listed = 40
    blurb = say("Four-Point Northeast Wisconsin Smear: partners bid 2-4 for High, Low, Jack and Game; race to 15.")
    lowest_bid = 2
    dealer_may_steal = False
    dealer_forced = False         # all four passing throws the hand in
    required_points = ()
    nobody_words = {"high": say("Nobody took High"), "low": say("Nobody took Low"),
                    "jack": say("Nobody took Jack"), "off_jack": say("Nobody took Off-jack"),
                    "big_joker": say("Nobody took Big joker"), "little_joker": say("Nobody took Little joker"),
                    "ten": say("Nobody took Ten"), "three": say("Nobody took Three"),
                    "game": say("Game was tied or not played: nobody scores it")}
    bid_verb = say("bid")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (
            Setting("extra_cards", say("Extra cards"),
                    Kind.WHOLE, 0, say("Undealt cards the bidder may take before discarding back to 6."),
                    minimum=0, maximum=3),
            Setting("target", say("Target"), Kind.WHOLE, 15, say("Points needed to win."), minimum=1, maximum=MOST_TARGET),
            Setting("win_rule", say("Win rule"), Kind.CHOICE, "first_to_target",
                    say("First to target: the game ends when a team reaches the target. "
                        "Bidder out: only the team that won the bid and made it can go out."),
                    choices=("first_to_target", "bidder_out"),
                    labels=(say("first to target"), say("bidder out"))),
            Setting("non_bidder_cap", say("Non bidder cap"), Kind.SWITCH, False,
                    say("The team that did not win the bid gains at most enough to reach the target.")),
            *self.point_settings(),
        )

    def gain_cap(self, table: Table, total: int) -> int | None:
        if not table.settings["non_bidder_cap"]:
            return None
        return max(0, table.settings["target"] - total)


GAME = Smear()
