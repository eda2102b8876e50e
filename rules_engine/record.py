"""Read a `scorepad/1` record and score it hand by hand."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

from .adjustment import adjustment_words, is_adjustment, place_of, place_of_adjustment, read_adjustment
from .base import Game
from .core import PASS, SETTINGS, EndBonus, Outcome, RuleError, State, Table, add, bidding_order, is_whole, leaders, read_seat
from .registry import GAMES
from .words import Text, say

FORMAT = "scorepad/1"


@dataclass(frozen=True)
class ScoredHand:
    """A scored entry of the record's `hands`: a hand, or an adjustment (`note` is then its note and
    `number` the number of the hand after it)."""
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    facts: Mapping[str, Any]
    outcome: Outcome = field(repr=False, compare=False)
    entry: int = 0                  # its place in the record's `hands`, from 1
    note: str | None = None

    @property
    def is_adjustment(self) -> bool:
        return self.note is not None

    @property
    def explain(self) -> tuple[Text, ...]:
        """Why the hand scored what it did, a sentence a line (written when first read)."""
        return self.outcome.explain

    def to_dict(self) -> dict[str, Any]:
        if self.is_adjustment:
            said = {"adjustment": list(self.points), "note": self.note, "before_hand": self.number}
        else:
            said = {"number": self.number, **self.facts}
        return {**said, "points": list(self.points), "totals": list(self.totals), "explain": list(self.explain)}


@dataclass(frozen=True)
class ScoredGame:
    game: Game
    table: Table
    sides: tuple[str, ...]
    hands: tuple[ScoredHand, ...]
    state: State                               # its totals include the end bonuses
    bonuses: tuple[EndBonus, ...] = ()         # added once the game is over

    @property
    def totals(self) -> tuple[int, ...]:
        return self.state.totals

    @property
    def bonus_lines(self) -> list[tuple[EndBonus, tuple[int, ...]]]:
        """Each end bonus with the totals after it, in the order they are added."""
        before = self.hands[-1].totals if self.hands else self.game.start(self.table).totals
        return list(zip(self.bonuses, totals_after(before, self.bonuses)))

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def leading(self) -> tuple[int, ...]:
        """The sides ahead now: the winners once the game is over; while it is played, the sides with
        the best total (the lowest in a game the lowest wins), none before a hand or while all are level."""
        if self.finished:
            return self.state.winners
        totals = self.totals
        best = min(totals) if self.game.lowest_wins(self.table) else max(totals)
        if not self.hands or all(total == best for total in totals):
            return ()
        return tuple(side for side, total in enumerate(totals) if total == best)

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
        try:
            if self.finished:
                raise self.state.error(over_words(self.state))
            return self.game.read_bids(self.table, self.state, {"bids": bids})
        except RuleError as error:
            error.entry = len(self.hands) + 1
            raise

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
            top = max((bid for bid in self.legal_bids(earlier[0], {}) if is_whole(bid)), default=0)   # the largest bid
            for high in range(1, top + 1):
                bids = {s: PASS for s in earlier} | {earlier[0]: high}
                choices[str(high)] = self.legal_bids(seat, bids)
        return choices

    def then(self, raw_hands: list[Any]) -> ScoredGame:
        """This game with more hands played after it, each checked and scored from where the game
        stands (so recording a hand scores that hand only). Raises RuleError naming the first problem."""
        if len(self.hands) + len(raw_hands) > MAX_HANDS:
            raise RuleError(HANDS, too_many_words(len(self.hands) + len(raw_hands)))
        game, table = self.game, self.table
        state, scored, bonuses = self.state, list(self.hands), self.bonuses
        for raw in raw_hands:
            entry = len(scored) + 1
            try:
                if is_adjustment(raw):
                    scored.append(self.scored_adjustment(state, raw, entry))
                    state = state.adjusted(scored[-1].totals)
                    continue
                if state.finished:
                    raise state.error(over_words(state))
                if not isinstance(raw, dict):
                    raise state.error(say("a hand must be an object"))
                outcome, after = game.play(table, state, game.read_hand(table, state, raw))
            except RuleError as error:
                error.entry = entry
                raise
            scored.append(ScoredHand(state.number, outcome.points, after.totals, outcome.facts, outcome, entry))
            state = after
            if state.finished:
                bonuses = game.end_bonuses(table, [hand.points for hand in scored if not hand.is_adjustment], state)
                state = with_bonuses(state, bonuses)
        return ScoredGame(game, table, self.sides, tuple(scored), state, bonuses)

    def scored_adjustment(self, state: State, raw: dict[str, Any], entry: int) -> ScoredHand:
        """An adjustment read where it stands (the `entry`-th of the record's hands): its points added,
        nothing else moved."""
        if state.finished:
            raise RuleError(place_of(state), say("the game is over"))
        adjustment = read_adjustment(self.sides, state, raw)
        outcome = Outcome(adjustment.points, lambda: [adjustment_words(self.sides, adjustment)], {})
        return ScoredHand(state.number, outcome.points, add(state.totals, outcome.points), outcome.facts, outcome,
                          entry, adjustment.note)

    def to_dict(self) -> dict[str, Any]:
        said = {"game": self.game.id, "sides": list(self.sides),
                "hands": [hand.to_dict() for hand in self.hands]}
        if self.bonuses:
            said["end_bonuses"] = [{"name": bonus.name, "points": list(bonus.points), "explain": bonus.explain}
                                   for bonus in self.bonuses]
        return {**said, "totals": list(self.totals), "finished": self.finished,
                "winners": list(self.winners), "next": self.next}


def totals_after(totals: tuple[int, ...], bonuses: tuple[EndBonus, ...]) -> list[tuple[int, ...]]:
    """The running totals after each end bonus in turn."""
    after = []
    for bonus in bonuses:
        totals = add(totals, bonus.points)
        after.append(totals)
    return after


def with_bonuses(state: State, bonuses: tuple[EndBonus, ...]) -> State:
    """The final state with the end bonuses added: the winners are the highest final totals."""
    if not bonuses:
        return state
    totals = totals_after(state.totals, bonuses)[-1]
    return replace(state, totals=totals, winners=leaders(totals))


HANDS = say("hands")        # places of errors outside a hand
PLAYERS = say("players")
FORMAT_PLACE = say("format")
GAME_PLACE = say("game")
PLACES = {str(place): place for place in (HANDS, PLAYERS, FORMAT_PLACE, GAME_PLACE, SETTINGS)}


def place_words(place: str) -> str:
    """A RuleError's place kept as plain text ("hand 7", "players") made words again, to translate."""
    if place.startswith("hand ") and place[5:].isdigit():
        return say("hand {number}", number=int(place[5:]))
    before = "adjustment before hand "
    if place.startswith(before) and place[len(before):].isdigit():
        return place_of_adjustment(int(place[len(before):]))
    return PLACES.get(place, place)


def over_words(state: State) -> Text:
    return say("the game was already over after hand {number}", number=state.number - 1)


def too_many_words(count: int) -> Text:
    return say("a game has at most {most} hands, not {count}", most=format(MAX_HANDS, ","), count=format(count, ","))


def read_game(record: Any) -> Game:
    if not isinstance(record, dict):
        raise RuleError(FORMAT_PLACE, say("a game record must be a JSON object"))
    if record.get("format") != FORMAT:
        raise RuleError(FORMAT_PLACE, say('format must be "{format}"', format=FORMAT))
    game_id = record.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise RuleError(GAME_PLACE, say("game must be one of {games}", games=", ".join(GAMES)))
    return GAMES[game_id]


MAX_NAME = 40          # characters in a player's name
MAX_HANDS = 1000       # hands in one game


def read_players(game: Game, raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise RuleError(PLAYERS, say("{game} needs a list of {count} player names",
                                     game=game.title, count=player_count_words(game)))
    if not game.min_players <= len(raw) <= game.max_players:
        raise RuleError(PLAYERS, say("{game} is for {count} players, not {given}",
                                     game=game.title, count=player_count_words(game), given=len(raw)))
    names: list[str] = []
    for seat, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise RuleError(PLAYERS, say("player {number} needs a name", number=seat + 1), "players", seat)
        name = name.strip()
        if len(name) > MAX_NAME:
            raise RuleError(PLAYERS, say("player {number}'s name is longer than {most} characters",
                                         number=seat + 1, most=MAX_NAME), "players", seat)
        if name.casefold() in (n.casefold() for n in names):
            raise RuleError(PLAYERS, say("two players are called {name}: give each a different name", name=name),
                            "players", seat)
        names.append(name)
    return tuple(names)


def player_count_words(game: Game) -> str:
    """How many players a game is for: "4", "3 to 7"."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return say("{fewest} to {most}", fewest=game.min_players, most=game.max_players)


def read_settings(game: Game, raw: Any, player_count: int) -> Mapping[str, Any]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError(SETTINGS, say("settings must be an object of setting names and values"))
    known = {setting.name: setting for setting in game.settings(player_count)}
    for name in raw:
        if name not in known:
            raise RuleError(SETTINGS, say("{game} has no setting called {name}", game=game.title, name=repr(name)))
    values = {name: setting.read(raw[name]) if name in raw and (raw[name] is not None or setting.optional)
              else setting.default for name, setting in known.items()}
    return MappingProxyType(values)


def read_table(record: Any) -> tuple[Game, Table, list[Any]]:
    """Everything but the hands, checked in the order the record format names."""
    game = read_game(record)
    hands = record.get("hands")
    if hands is None:
        hands = []
    if not isinstance(hands, list):
        raise RuleError(HANDS, say("hands must be a list"))
    if len(hands) > MAX_HANDS:
        raise RuleError(HANDS, too_many_words(len(hands)))
    players = read_players(game, record.get("players"))
    settings = read_settings(game, record.get("settings"), len(players))
    first_dealer = read_seat(record.get("first_dealer"), "first_dealer", players, 0)
    first_captain = game.read_first_captain(record.get("first_captain"), players, first_dealer)
    table = Table(game.id, players, settings, first_dealer, first_captain)
    game.check_table(table)
    return game, table, hands


def score(record: Any) -> ScoredGame:
    """Check and score a whole record. Raises RuleError naming the first problem."""
    game, table, raw_hands = read_table(record)
    return ScoredGame(game, table, game.sides(table), (), game.start(table)).then(raw_hands)
