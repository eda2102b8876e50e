"""Two partnerships of four players, partners sitting opposite: seats 0 and 2 against 1 and 3,
each side named after its two players ("Ann & Cy")."""
from __future__ import annotations

from ..core import Table


def partnership_names(players: tuple[str, ...]) -> tuple[str, str]:
    return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")


class Partnerships:
    """A game's sides when it is played in partnerships (a mixin that comes before `Game`).
    `teams` says whether a table plays so; a game that makes it a setting overrides it."""

    def teams(self, table: Table) -> bool:
        return True

    def sides(self, table: Table) -> tuple[str, ...]:
        return partnership_names(table.players) if self.teams(table) else table.players

    def side_of(self, table: Table, seat: int) -> int:
        return seat % 2 if self.teams(table) else seat

    def seats_of(self, table: Table, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.teams(table) else (side,)
