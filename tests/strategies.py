"""Hypothesis strategies: valid game records played hand by hand through the engine."""
from hypothesis import strategies as st

from games import tests_of
from rules_engine import GAMES, RuleError, score
from rules_engine.core import bidding_order

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lee"]   # as many as any game seats


def split(draw, total, parts):
    """`total` tricks shared out among `parts` counts."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in zip(edges, edges[1:])]


def draw_bids(draw, game, order):
    bids = {}
    for seat in order:
        bids[seat] = draw(st.sampled_from(game.legal_bids(seat, bids)))
    return [bids[seat] for seat in sorted(bids)]


def points_hand(draw, game, order, high_and_low_always=False):
    """A hand of Pitch's family: the auction, then who took each of the points played (High and Low
    always go to a side where the game says so)."""
    bids = draw_bids(draw, game, order)
    if set(bids) == {"pass"}:
        return {"bids": bids}
    sides = st.integers(0, len(game.sides) - 1)
    maybe = st.none() | sides
    first = sides if high_and_low_always else maybe
    return {"bids": bids, **{point: draw(first if point in ("high", "low") else maybe)
                             for point in game.table.settings["points"]}}


def draw_hand(draw, game):
    """A legal next hand of the game, as its own tests draw one (`TESTED.legal_hand`)."""
    order = bidding_order(game.next["dealer"], game.table.size)
    return GAME_TESTS[game.game.id].TESTED.legal_hand(draw, game, order)


def draw_settings(draw, game, count):
    """Some of the game's settings, each a value its range allows (together they may not go: see
    records)."""
    values = {}
    for setting in game.settings(count):
        if not draw(st.booleans()):
            continue
        if setting.optional and draw(st.integers(0, 3)) == 0:
            values[setting.name] = None            # none: no target, never
        elif setting.kind.value == "switch":
            values[setting.name] = draw(st.booleans())
        elif setting.kind.value == "choice":
            values[setting.name] = draw(st.sampled_from(setting.choices))
        elif setting.kind.value == "list":        # the points played: High and some others, in any order
            chosen = draw(st.lists(st.sampled_from(setting.choices), unique=True))
            missing = [word for word in setting.required if word not in chosen]
            values[setting.name] = draw(st.permutations(chosen + missing))
        else:
            low = setting.minimum
            high = setting.maximum if setting.maximum is not None else low + 30
            values[setting.name] = draw(st.integers(low, max(low, min(high, low + 30))))
    return values


NOTES = ["Ben reneged", "misdeal", "late joiner", "card shown", "  a note with spaces  "]


def draw_adjustment(draw, game):
    """An adjustment for the sides of a game: a few points to some sides, with a note."""
    points = draw(st.lists(st.integers(-20, 20), min_size=len(game.sides), max_size=len(game.sides))
                  .filter(any))
    return {"adjustment": points, "note": draw(st.sampled_from(NOTES))}


@st.composite
def records(draw, game_ids=tuple(GAMES), max_hands=12, adjustments=True):
    """A valid record of a game of the registry; with `adjustments`, some entries between hands
    may be adjustments."""
    game = GAMES[draw(st.sampled_from(game_ids))]
    count = draw(st.integers(game.min_players, game.max_players))
    record = {"format": "scorepad/1", "game": game.id, "players": NAMES[:count],
              "first_dealer": draw(st.integers(0, count - 1)),
              "settings": draw_settings(draw, game, count), "hands": []}
    wanted = draw(st.integers(0, max_hands))
    scored = None
    while scored is None:
        try:
            scored = score(record)
        except RuleError as refused:    # settings that don't go together: the one named goes, or all of them
            settings = record["settings"]
            record["settings"] = {name: value for name, value in settings.items() if name != refused.field}
            if record["settings"] == settings:
                record["settings"] = {}
    while len(record["hands"]) < wanted and not scored.finished:
        adjusting = adjustments and draw(st.integers(0, 5)) == 0
        record["hands"].append(draw_adjustment(draw, scored) if adjusting else draw_hand(draw, scored))
        scored = score(record)
    return record


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["pass", "board", "knock", "gin", "draw", "box", "team", *GAMES]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=8)


def paths(value, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, prefix + (index,))


@st.composite
def mutated(draw, record):
    """The record with one place replaced by a random JSON value, or deleted."""
    import copy
    changed = copy.deepcopy(record)
    place = draw(st.sampled_from(list(paths(changed))))
    if not place:
        return draw(json_values)
    parent = changed
    for key in place[:-1]:
        parent = parent[key]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = draw(json_values)
    return changed


# Each game's own tests, imported when the tests are collected (importing a test module inside a
# running @given test trips Hypothesis' check against nested @given); their TESTED is read when a
# hand is drawn, as a game's tests import this module before they define it.
GAME_TESTS = {game_id: tests_of(game_id) for game_id in GAMES}
