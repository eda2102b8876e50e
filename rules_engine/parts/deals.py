"""Hand sizes that climb and fall, one card a hand (Oh Hell, Back Alley)."""
from __future__ import annotations

from ..words import say

ORDERS = ("up", "down", "up_down", "down_up")
ORDER_LABELS = (say("up"), say("down"), say("up then down"), say("down then up"))


def schedule(max_cards: int, order: str) -> tuple[int, ...]:
    """Cards per player for every hand of the game, in order."""
    up = tuple(range(1, max_cards + 1))
    down = up[::-1]
    return {"up": up, "down": down, "up_down": up + down[1:], "down_up": down + up[1:]}[order]
