"""The one small interface every game implements."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Mapping

from .core import EndBonus, Outcome, Setting, State, Table
from .words import say


class Game(ABC):
    """A game's rules. Subclasses fill in the hooks; instances live in the registry."""

    id: str = ""
    title: str = ""      # a Text in every game: its name
    min_players: int = 0
    max_players: int = 0
    blurb: str = ""      # a Text in every game
    two_step = False     # bids are recorded before the tricks are known (a phone saves them first)
    listed = 100         # where the game comes in lists of games, smaller first

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        """The game's settings (defaults and ranges may depend on the player count)."""
        return ()

    def settings_in_play(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings that change this game's scoring (a setting another one switches off is left out)."""
        return dict(settings)

    def check_table(self, table: Table) -> None:
        """Checks that need both players and settings (raise RuleError)."""

    def read_first_captain(self, raw: Any, players: tuple[str, ...], first_dealer: int) -> int | None:
        """The record's `first_captain`, for a game whose first hand needs a captain besides the dealer
        (raise RuleError); None for the others."""
        return None

    def teams(self, table: Table) -> bool:
        """Whether the table plays in partnerships (parts.partners.Partnerships says how)."""
        return False

    def sides(self, table: Table) -> tuple[str, ...]:
        """The names scores belong to."""
        return table.players

    def lowest_wins(self, table: Table) -> bool:
        """Whether the lowest total is the best (a Hearts-like game); most games want the highest."""
        return False

    def side_of(self, table: Table, seat: int) -> int:
        """The side a seat plays for (an index of `sides`)."""
        return seat

    def seats_of(self, table: Table, side: int) -> tuple[int, ...]:
        """The seats that make up a side."""
        return (side,)

    def start(self, table: Table) -> State:
        return State(number=1, dealer=table.first_dealer, totals=(0,) * len(self.sides(table)),
                     kept=self.kept_at_start(table))

    def kept_at_start(self, table: Table) -> Any:
        """What the game carries from hand to hand besides the totals (`State.kept`), before the first hand."""
        return None

    @abstractmethod
    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> Any:
        """Check one recorded hand against the state before it; return the typed hand."""

    def read_bids(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        """Check the bids of the next hand alone (games recorded in two steps override this)."""
        raise state.error(say("{game} records the bids together with the rest of the hand", game=self.title), "bids")

    @abstractmethod
    def play(self, table: Table, state: State, hand: Any) -> tuple[Outcome, State]:
        """Score a checked hand and give the state for the hand after it."""

    def end_bonuses(self, table: Table, points: list[tuple[int, ...]], state: State) -> tuple[EndBonus, ...]:
        """What the game adds once it is over, given every hand's points and the state after the last."""
        return ()

    def next_hand(self, table: Table, state: State) -> dict[str, Any]:
        """What the table needs to know for the next hand."""
        return {"dealer": state.dealer, "first_bidder": (state.dealer + 1) % table.size}

    def legal_bids(self, table: Table, state: State, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        """The bids `seat` may make, given the bids already made (seat -> bid)."""
        return []

