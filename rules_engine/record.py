"""Read a `scorepad/1` record and score it hand by hand."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

from .base import Game
from .core import PASS, RuleError, State, Table, bidding_order, is_whole
from .registry import GAMES

FORMAT = "scorepad/1"


@dataclass(frozen=True)
class ScoredHand:
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    explain: tuple[str, ...]
    facts: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, **self.facts, "points": list(self.points),
                "totals": list(self.totals), "explain": list(self.explain)}


@dataclass(frozen=True)
class ScoredGame:
    game: Game
    table: Table
    sides: tuple[str, ...]
    hands: tuple[ScoredHand, ...]
    state: State

    @property
    def totals(self) -> tuple[int, ...]:
        return self.state.totals

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.sides[side] for side in self.state.winners)

    @property
    def next(self) -> dict[str, Any] | None:
        return None if self.finished else self.game.next_hand(self.table, self.state)

    def legal_bids(self, seat: int, bids: Mapping[int, Any]) -> list[Any]:
        """The bids `seat` may make in the next hand, given the bids already made."""
        return self.game.legal_bids(self.table, self.state, seat, bids)

    def check_bids(self, bids: Any) -> tuple[Any, ...]:
        """Check bids for the next hand before its tricks are known (raises RuleError)."""
        if self.finished:
            raise self.state.error(f"the game was already over after hand {self.state.number - 1}")
        return self.game.read_bids(self.table, self.state, {"bids": bids})

    def bid_choices(self, seat: int) -> dict[str, list[Any]]:
        """For a one-pass auction (Pitch, Smear): the bids `seat` may make, keyed by the high bid
        before its turn ("0": nobody has bid yet)."""
        return self.every_bid_choice[seat]

    @cached_property
    def every_bid_choice(self) -> tuple[dict[str, list[Any]], ...]:
        """`bid_choices` of every seat, worked out once per scored game (forms ask for it often)."""
        return tuple(self.seat_bid_choices(seat) for seat in range(self.table.size))

    def seat_bid_choices(self, seat: int) -> dict[str, list[Any]]:
        order = bidding_order(self.state.dealer, self.table.size)
        earlier = order[:order.index(seat)]
        choices = {"0": self.legal_bids(seat, {s: PASS for s in earlier})}
        if earlier:
            for high in range(1, 5):
                bids = {s: PASS for s in earlier} | {earlier[0]: high}
                choices[str(high)] = self.legal_bids(seat, bids)
        return choices

    def then(self, raw_hands: list[Any]) -> ScoredGame:
        """This game with more hands played after it, each checked and scored from where the game
        stands (so recording a hand scores that hand only). Raises RuleError naming the first problem."""
        if len(self.hands) + len(raw_hands) > MAX_HANDS:
            raise RuleError("hands", f"a game has at most {MAX_HANDS:,} hands, not {len(self.hands) + len(raw_hands):,}")
        state, scored = self.state, list(self.hands)
        for raw in raw_hands:
            if state.finished:
                raise state.error(f"the game was already over after hand {state.number - 1}")
            if not isinstance(raw, dict):
                raise state.error("a hand must be an object")
            hand = self.game.read_hand(self.table, state, raw)
            outcome, after = self.game.play(self.table, state, hand)
            scored.append(ScoredHand(state.number, outcome.points, after.totals, outcome.explain, outcome.facts))
            state = after
        return ScoredGame(self.game, self.table, self.sides, tuple(scored), state)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game.id, "sides": list(self.sides),
                "hands": [hand.to_dict() for hand in self.hands],
                "totals": list(self.totals), "finished": self.finished,
                "winners": list(self.winners), "next": self.next}


def read_game(record: Any) -> Game:
    if not isinstance(record, dict):
        raise RuleError("format", "a game record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RuleError("format", f'format must be "{FORMAT}"')
    game_id = record.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise RuleError("game", f"game must be one of {', '.join(GAMES)}")
    return GAMES[game_id]


MAX_NAME = 40          # characters in a player's name
MAX_HANDS = 1000       # hands in one game


def read_players(game: Game, raw: Any) -> tuple[str, ...]:
    count = (f"{game.min_players}" if game.min_players == game.max_players
             else f"{game.min_players} to {game.max_players}")
    if not isinstance(raw, list):
        raise RuleError("players", f"{game.title} needs a list of {count} player names")
    if not game.min_players <= len(raw) <= game.max_players:
        raise RuleError("players", f"{game.title} is for {count} players, not {len(raw)}")
    names: list[str] = []
    for seat, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise RuleError("players", f"player {seat + 1} needs a name", "players", seat)
        name = name.strip()
        if len(name) > MAX_NAME:
            raise RuleError("players", f"player {seat + 1}'s name is longer than {MAX_NAME} characters",
                            "players", seat)
        if name.casefold() in (n.casefold() for n in names):
            raise RuleError("players", f"two players are called {name}: give each a different name", "players", seat)
        names.append(name)
    return tuple(names)


def read_settings(game: Game, raw: Any, player_count: int) -> Mapping[str, Any]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError("settings", "settings must be an object of setting names and values")
    known = {setting.name: setting for setting in game.settings(player_count)}
    for name in raw:
        if name not in known:
            raise RuleError("settings", f"{game.title} has no setting called {name!r}")
    values = {name: setting.default if raw.get(name) is None else setting.read(raw[name])
              for name, setting in known.items()}
    return MappingProxyType(values)


def read_seat(raw: Any, place: str, players: tuple[str, ...], default: int) -> int:
    if raw is None:
        return default
    if not is_whole(raw) or not 0 <= raw < len(players):
        raise RuleError(place, f"{place} must be a seat number from 0 to {len(players) - 1}")
    return raw


def read_table(record: Any) -> tuple[Game, Table, list[Any]]:
    """Everything but the hands, checked in the order the record format names."""
    game = read_game(record)
    hands = record.get("hands")
    if hands is None:
        hands = []
    if not isinstance(hands, list):
        raise RuleError("hands", "hands must be a list")
    if len(hands) > MAX_HANDS:
        raise RuleError("hands", f"a game has at most {MAX_HANDS:,} hands, not {len(hands):,}")
    players = read_players(game, record.get("players"))
    settings = read_settings(game, record.get("settings"), len(players))
    first_dealer = read_seat(record.get("first_dealer"), "first_dealer", players, 0)
    first_captain = None
    if game.id == "gin3":
        first_captain = read_seat(record.get("first_captain"), "first_captain", players,
                                  (first_dealer + 1) % len(players))
        if first_captain == first_dealer:
            raise RuleError("first_captain", "the captain can't also be in the box")
    table = Table(game.id, players, settings, first_dealer, first_captain)
    game.check_table(table)
    return game, table, hands


def score(record: Any) -> ScoredGame:
    """Check and score a whole record. Raises RuleError naming the first problem."""
    game, table, raw_hands = read_table(record)
    return ScoredGame(game, table, game.sides(table), (), game.start(table)).then(raw_hands)
