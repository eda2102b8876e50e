"""Print how long the engine takes to score a full Back Alley game and a 1,000-hand Pitch game.

    .venv/bin/python bench/score_speed.py
"""
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import score  # noqa: E402
from rules_engine.core import bidding_order  # noqa: E402


def back_alley_game():
    """25 deals, 13 cards down to 1 and back: Ann & Cy bid 1 each and make it."""
    record = {"format": "scorepad/1", "game": "back_alley", "players": ["Ann", "Ben", "Cy", "Dee"], "hands": []}
    sizes = [*range(13, 0, -1), *range(2, 14)]
    for cards in sizes:
        bids = [1, "pass", 1, "pass"] if cards > 2 else ["board", "pass", "pass", "pass"]
        record["hands"].append({"bids": bids, "tricks": [cards, 0]})
    assert score(record).finished
    return record


def pitch_game(hands=1000):
    """A 1,000-hand Pitch game among 5 players that never ends (the target is out of reach)."""
    record = {"format": "scorepad/1", "game": "pitch", "players": ["Ann", "Ben", "Cy", "Dee", "Eve"],
              "settings": {"target": 10 ** 9}, "hands": []}
    for number in range(hands):
        dealer = number % 5
        bids = ["pass"] * 5
        pitcher = bidding_order(dealer, 5)[number % 5]
        bids[pitcher] = 2
        other = (pitcher + 1) % 5
        record["hands"].append({"bids": bids, "high": pitcher, "low": pitcher, "jack": other, "game": None})
    assert len(score(record).hands) == hands
    return record


def best_of(record, repeat=7, number=20):
    return min(timeit.repeat(lambda: score(record), repeat=repeat, number=number)) / number


if __name__ == "__main__":
    print(f"Back Alley, 25 deals:   {best_of(back_alley_game()) * 1000:.2f} ms (target < 2 ms)")
    print(f"Pitch, 1,000 hands:     {best_of(pitch_game(), number=3) * 1000:.2f} ms (target < 20 ms)")
    for size in (250, 500, 750):
        print(f"Pitch, {size:>5} hands:     {best_of(pitch_game(size), number=3) * 1000:.2f} ms")
    game = pitch_game(999)
    played = score({**game, "hands": game["hands"][:-1]})
    one_more = min(timeit.repeat(lambda: played.then(game["hands"][-1:]), repeat=7, number=200)) / 200
    print(f"Pitch, hand 999 recorded after 998: {one_more * 1000:.3f} ms (only the new hand is scored)")
