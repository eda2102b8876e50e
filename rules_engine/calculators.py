"""Count it for me: gin deadwood (best melds, lay-offs) and Pitch/Smear game points."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .core import RuleError
from .words import say

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
        raise RuleError(CARDS, say("{code} is not a card (write it like AS, 10H, KD)", code=repr(code)))
    return Card(suit, RANKS[rank])


MOST_KNOCKER_CARDS = 11      # the knocker's hand after drawing, before the discard
MOST_OPPONENT_CARDS = 10


CARDS = say("cards")         # the places of calculator errors: which cards
KNOCKER = say("knocker")
OPPONENT = say("opponent")


def cards(codes: list[str], where: str = CARDS, most: int = 52) -> tuple[Card, ...]:
    if len(codes) > most:
        raise RuleError(where, say("the {where} holds at most {most} cards, not {count}",
                                   where=where, most=most, count=len(codes)))
    hand = tuple(card(code) for code in codes)
    seen: set[Card] = set()
    for one in hand:
        if one in seen:
            raise RuleError(where, say("{card} is there twice", card=one.label))
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
    discard: Card | None = None          # the knocker's discard, when 11 cards were given

    @property
    def deadwood(self) -> int:
        return sum(one.value for one in self.deadwood_cards)


@dataclass(frozen=True)
class Showdown:
    """Both hands laid out: the knocker's (after the discard) and, if given, the opponent's after lay-offs."""
    knocker: Arrangement
    opponent: Arrangement | None = None

    @property
    def gin(self) -> bool:
        return self.knocker.deadwood == 0


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


NEVER = 10 ** 6      # the deadwood of a split that is not allowed (11 cards kept, no discard)


class Splits:
    """Every way of splitting cards into groups and deadwood that leaves the least deadwood.

    A group is (card bitmask, slot bitmask, group id): a meld, or a lay-off that uses up a 'slot' (one
    lay-off group per knocker meld). With `discard`, exactly one card is set aside and not counted.
    The least deadwood of each state (cards used, slots used, discarded yet) is worked out once."""

    def __init__(self, items: tuple[Card, ...], groups, discard: bool = False):
        self.values = [one.value for one in items]
        self.full = (1 << len(items)) - 1
        self.discard = discard
        # the lowest card not yet used must be deadwood, the discard, or in a group whose lowest card it is
        self.by_low: list[list[tuple[int, int, int]]] = [[] for _ in items]
        for members, slots, group_id in groups:
            self.by_low[(members & -members).bit_length() - 1].append((members, slots, group_id))
        self.least = lru_cache(maxsize=None)(self._least)

    def _least(self, used: int, slots: int, discarded: bool) -> int:
        free = self.full & ~used
        if not free:
            return NEVER if self.discard and not discarded else 0
        low = free & -free
        index = low.bit_length() - 1
        best = self.values[index] + self.least(used | low, slots, discarded)
        if self.discard and not discarded:
            best = min(best, self.least(used | low, slots, True))
        for members, taken, _ in self.by_low[index]:
            if not members & used and not taken & slots:
                best = min(best, self.least(used | members, slots | taken, discarded))
        return best

    def ways(self, used: int = 0, slots: int = 0, discarded: bool = False):
        """Each split reaching the least deadwood: (index of the discard or None, group ids)."""
        target = self.least(used, slots, discarded)
        free = self.full & ~used
        if not free:
            yield None, ()
            return
        low = free & -free
        index = low.bit_length() - 1
        if self.values[index] + self.least(used | low, slots, discarded) == target:
            yield from self.ways(used | low, slots, discarded)
        if self.discard and not discarded and self.least(used | low, slots, True) == target:
            for _, chosen in self.ways(used | low, slots, True):
                yield index, chosen
        for members, taken, group_id in self.by_low[index]:
            if not members & used and not taken & slots and \
                    self.least(used | members, slots | taken, discarded) == target:
                for gone, chosen in self.ways(used | members, slots | taken, discarded):
                    yield gone, (group_id, *chosen)


def tidy(melds) -> tuple[Meld, ...]:
    """One layout per way of laying out: runs of a suit that meet (5-6-7 and 8-9-10) become one run,
    which takes the same lay-offs; melds in card order."""
    melds = list(melds)
    runs = sorted((m for m in melds if m.kind is MeldKind.RUN), key=lambda m: m.cards)
    joined: list[Meld] = []
    for run in runs:
        last = joined[-1].cards[-1] if joined else None
        if last and Card(last.suit, last.rank + 1) == run.cards[0]:
            joined[-1] = Meld(MeldKind.RUN, joined[-1].cards + run.cards)
        else:
            joined.append(run)
    return tuple(sorted([m for m in melds if m.kind is MeldKind.SET] + joined, key=lambda m: m.cards))


def knocker_layouts(hand: tuple[Card, ...]):
    """The knocker's layouts that leave the least deadwood, each set of melds once (first found), as
    Arrangements. With 11 cards (drawn, not yet discarded) one card is discarded: every discard is tried
    and deadwood is counted on the 10 cards kept."""
    index = {one: i for i, one in enumerate(hand)}
    melds = possible_melds(hand)
    groups = [(sum(1 << index[c] for c in meld.cards), 0, n) for n, meld in enumerate(melds)]
    splits = Splits(hand, groups, discard=len(hand) == MOST_KNOCKER_CARDS)
    seen: set[tuple[Meld, ...]] = set()
    for gone, chosen in splits.ways():
        laid = tidy(melds[n] for n in chosen)
        if laid in seen:
            continue
        seen.add(laid)
        used = {c for meld in laid for c in meld.cards}
        discard = hand[gone] if gone is not None else None
        yield Arrangement(laid, tuple(c for c in hand if c not in used and c != discard), discard=discard)


def arrange(hand_codes: list[str]) -> Arrangement:
    """The melds that leave the least deadwood, each card used once; given 11 cards, the discard that
    leaves the least deadwood on the 10 kept."""
    return next(knocker_layouts(tuple(sorted(cards(hand_codes, KNOCKER, MOST_KNOCKER_CARDS)))))


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


def opponent_layout(hand: tuple[Card, ...], own: list[Meld], knocker_melds: tuple[Meld, ...]) -> Arrangement:
    """The opponent's own melds (`own`: the possible melds of `hand`) and lay-offs onto the knocker's
    melds that leave the least deadwood."""
    index = {one: i for i, one in enumerate(hand)}
    groups = [(sum(1 << index[c] for c in meld.cards), 0, n) for n, meld in enumerate(own)]
    layoffs: list[LayOff] = []
    for slot, meld in enumerate(knocker_melds):
        for option in layoff_options(meld, set(hand)):
            groups.append((sum(1 << index[c] for c in option), 1 << slot, len(own) + len(layoffs)))
            layoffs.append(LayOff(option, meld))
    _, chosen = next(Splits(hand, groups).ways())
    melds = tuple(own[n] for n in chosen if n < len(own))
    laid = tuple(layoffs[n - len(own)] for n in chosen if n >= len(own))
    used = {c for m in melds for c in m.cards} | {c for lay in laid for c in lay.cards}
    return Arrangement(melds, tuple(c for c in hand if c not in used), laid)


def after_layoffs(opponent_codes: list[str], knocker_melds: tuple[Meld, ...], gin: bool = False) -> Arrangement:
    """The opponent's own melds and lay-offs onto the knocker's melds that leave the least deadwood.
    No lay-offs against gin."""
    hand = tuple(sorted(cards(opponent_codes, OPPONENT, MOST_OPPONENT_CARDS)))
    return opponent_layout(hand, possible_melds(hand), () if gin else knocker_melds)


def showdown(knocker_codes: list[str], opponent_codes: list[str] = ()) -> Showdown:
    """The knocker's layout (10 cards, or 11 before the discard) and the opponent's answer.

    The knocker gets the least deadwood, trying every discard when given 11 cards. Among layouts that
    leave the knocker the same deadwood, the one that leaves the opponent the least to lay off: the most
    opponent deadwood after the opponent's best melds and lay-offs (no lay-offs against gin).
    Speed: the slowest 11 + 10 card deals found (SLOW_DEALS in tests/test_calculators.py) take 0.4-0.9 ms
    each, never above 8 ms in 20 runs on a busy 2-core box; the test allows 0.1 s."""
    hand = tuple(sorted(cards(knocker_codes, KNOCKER, MOST_KNOCKER_CARDS)))
    other = tuple(sorted(cards(opponent_codes, OPPONENT, MOST_OPPONENT_CARDS)))
    both = set(hand) & set(other)
    if both:
        raise RuleError(CARDS, say("{cards} can't be in both hands", cards=", ".join(c.label for c in sorted(both))))
    layouts = knocker_layouts(hand)
    first = next(layouts)
    if not other:
        return Showdown(first)
    own = possible_melds(other)
    if first.deadwood == 0:
        return Showdown(first, opponent_layout(other, own, ()))
    most = opponent_layout(other, own, ()).deadwood        # nothing laid off: the knocker can't do better
    best = (first, opponent_layout(other, own, first.melds))
    for layout in layouts:
        if best[1].deadwood == most:
            break
        answer = opponent_layout(other, own, layout.melds)
        if answer.deadwood > best[1].deadwood:
            best = (layout, answer)
    return Showdown(*best)


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
