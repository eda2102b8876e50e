"""Count it for me: gin deadwood (best melds, lay-offs) and Pitch/Smear game points."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .core import RuleError

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
         "J": 11, "Q": 12, "K": 13}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
GAME_POINT_VALUES = {10: 10, 1: 4, 13: 3, 12: 2, 11: 1}     # ten, ace, king, queen, jack


@dataclass(frozen=True, order=True)
class Card:
    suit: str
    rank: int

    @property
    def code(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"

    @property
    def label(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"

    @property
    def value(self) -> int:
        """Gin count: ace 1, number cards their number, face cards 10."""
        return min(self.rank, 10)


DECK = tuple(Card(suit, rank) for suit in SUITS for rank in range(1, 14))


def card(code: str) -> Card:
    """"10H", "TH", "AS", "kd" -> a Card."""
    text = str(code).strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise RuleError("cards", f"{code!r} is not a card (write it like AS, 10H, KD)")
    return Card(suit, RANKS[rank])


MOST_KNOCKER_CARDS = 11      # the knocker's hand after drawing, before the discard
MOST_OPPONENT_CARDS = 10


def cards(codes: list[str], where: str = "cards", most: int = 52) -> tuple[Card, ...]:
    if len(codes) > most:
        raise RuleError(where, f"the {where} holds at most {most} cards, not {len(codes)}")
    hand = tuple(card(code) for code in codes)
    seen: set[Card] = set()
    for one in hand:
        if one in seen:
            raise RuleError(where, f"{one.label} is there twice")
        seen.add(one)
    return hand


class MeldKind(enum.Enum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def label(self) -> str:
        return " ".join(one.label for one in self.cards)


@dataclass(frozen=True)
class LayOff:
    cards: tuple[Card, ...]
    onto: Meld


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    layoffs: tuple[LayOff, ...] = ()

    @property
    def deadwood(self) -> int:
        return sum(one.value for one in self.deadwood_cards)


def possible_melds(hand: tuple[Card, ...]) -> list[Meld]:
    """Every set (3 or 4 of a rank) and every run (3+ in a suit, ace low) within the hand."""
    melds: list[Meld] = []
    by_rank: dict[int, list[Card]] = {}
    for one in hand:
        by_rank.setdefault(one.rank, []).append(one)
    for same in by_rank.values():
        for size in (3, 4):
            melds += [Meld(MeldKind.SET, tuple(sorted(group))) for group in combinations(same, size)]
    present = set(hand)
    for suit in SUITS:
        for low in range(1, 12):
            run = []
            for rank in range(low, 14):
                if Card(suit, rank) not in present:
                    break
                run.append(Card(suit, rank))
                if len(run) >= 3:
                    melds.append(Meld(MeldKind.RUN, tuple(run)))
    return melds


def best_split(items: tuple[Card, ...], groups: tuple[tuple[frozenset[int], frozenset[int], int], ...]) -> tuple[int, tuple[int, ...]]:
    """Least deadwood: choose groups (card indexes, extra 'slot' keys, group id) that don't overlap."""
    values = [one.value for one in items]

    @lru_cache(maxsize=None)
    def search(start: int, used_cards: frozenset[int], used_slots: frozenset[int]) -> tuple[int, tuple[int, ...]]:
        index = next((i for i in range(start, len(items)) if i not in used_cards), None)
        if index is None:
            return 0, ()
        rest, chosen = search(index + 1, used_cards | {index}, used_slots)
        best = (values[index] + rest, chosen)
        for members, slots, group_id in groups:
            if index in members and not members & used_cards and not slots & used_slots:
                rest, chosen = search(index + 1, used_cards | members, used_slots | slots)
                if rest < best[0]:
                    best = (rest, (group_id, *chosen))
        return best

    return search(0, frozenset(), frozenset())


def arrange(hand_codes: list[str]) -> Arrangement:
    """The melds that leave the least deadwood, each card used once."""
    hand = tuple(sorted(cards(hand_codes, "knocker", MOST_KNOCKER_CARDS)))
    index = {one: i for i, one in enumerate(hand)}
    melds = possible_melds(hand)
    groups = tuple((frozenset(index[c] for c in meld.cards), frozenset(), n) for n, meld in enumerate(melds))
    _, chosen = best_split(hand, groups)
    used = {c for n in chosen for c in melds[n].cards}
    return Arrangement(tuple(melds[n] for n in chosen), tuple(c for c in hand if c not in used))


def layoff_options(meld: Meld, hand: set[Card]) -> list[tuple[Card, ...]]:
    """The groups of cards from `hand` that could be laid off onto `meld` together."""
    if meld.kind is MeldKind.SET:
        rank = meld.cards[0].rank
        missing = [Card(s, rank) for s in SUITS if Card(s, rank) not in meld.cards and Card(s, rank) in hand]
        return [(one,) for one in missing]
    suit, low, high = meld.cards[0].suit, meld.cards[0].rank, meld.cards[-1].rank
    below = []
    for rank in range(low - 1, 0, -1):
        if Card(suit, rank) not in hand:
            break
        below.append(Card(suit, rank))
    above = []
    for rank in range(high + 1, 14):
        if Card(suit, rank) not in hand:
            break
        above.append(Card(suit, rank))
    return [tuple(below[:a] + above[:b]) for a in range(len(below) + 1) for b in range(len(above) + 1) if a + b]


def after_layoffs(opponent_codes: list[str], knocker_melds: tuple[Meld, ...], gin: bool = False) -> Arrangement:
    """The opponent's own melds and lay-offs onto the knocker's melds that leave the least deadwood.
    No lay-offs against gin."""
    hand = tuple(sorted(cards(opponent_codes, "opponent", MOST_OPPONENT_CARDS)))
    if gin or not knocker_melds:
        return arrange([one.code for one in hand])
    index = {one: i for i, one in enumerate(hand)}
    own = possible_melds(hand)
    groups = [(frozenset(index[c] for c in meld.cards), frozenset(), n) for n, meld in enumerate(own)]
    layoffs: list[LayOff] = []
    for slot, meld in enumerate(knocker_melds):
        for option in layoff_options(meld, set(hand)):
            groups.append((frozenset(index[c] for c in option), frozenset({slot}), len(own) + len(layoffs)))
            layoffs.append(LayOff(option, meld))
    _, chosen = best_split(hand, tuple(groups))
    melds = tuple(own[n] for n in chosen if n < len(own))
    laid = tuple(layoffs[n - len(own)] for n in chosen if n >= len(own))
    used = {c for m in melds for c in m.cards} | {c for lay in laid for c in lay.cards}
    return Arrangement(melds, tuple(c for c in hand if c not in used), laid)


def game_points(card_codes: list[str]) -> int:
    """Pitch/Smear game points: each 10 = 10, A = 4, K = 3, Q = 2, J = 1."""
    return sum(GAME_POINT_VALUES.get(one.rank, 0) for one in cards(card_codes))


def game_point_winner(points: list[int]) -> int | None:
    """The side with the most game points; a tie at the top gives nobody the Game point."""
    if not points:
        return None
    best = max(points)
    return points.index(best) if points.count(best) == 1 else None


COUNTING_CARDS = tuple(Card(suit, rank) for rank in (10, 1, 13, 12, 11) for suit in SUITS)
