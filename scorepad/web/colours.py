"""A colour per player, kept with the name from game to game.

The set is Okabe and Ito's eight colours for colour-blind readers, with their black as the page's
muted grey (dark grey on a light page, light grey on a dark one: black would vanish on a dark page).
A colour is never text: it is a stripe on a score tile, a line under the hand rows' points, a
swatch beside a name field and a line on the chart, always next to the name (and on the chart with
its own dash pattern and marker), so it helps find a player at a glance and is never the only sign.

A game keeps one colour per seat, in its record's `colours` extra (ids such as "blue"); scoring
never reads it. A side takes the colour of the seat with its number: a player their own, a team
(seats 0 and 2, or 1 and 3) its first player's. Pure: no request, no database."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from flask_babel import LazyString

from scorepad.web.i18n import lazy_gettext


@dataclass(frozen=True)
class Colour:
    id: str                 # as a record keeps it
    label: LazyString       # as a player says it
    page: str               # the CSS colour on the pages, light and dark alike (static/app.css's c-<id>)
    chart: str              # on the chart's white card: at least 3:1 against white, so a line shows

    @property
    def css(self) -> str:
        """Its class on the pages, which sets --c (no style attributes: the pages' CSP allows none)."""
        return f"c-{self.id}"


# In the order new players are given them: the first ones differ most, for colour-blind eyes too.
PALETTE = (
    Colour("blue", lazy_gettext("Blue"), "#0072b2", "#0072b2"),
    Colour("red", lazy_gettext("Red"), "#d55e00", "#d55e00"),
    Colour("green", lazy_gettext("Green"), "#009e73", "#009e73"),
    Colour("pink", lazy_gettext("Pink"), "#cc79a7", "#cc79a7"),
    Colour("orange", lazy_gettext("Orange"), "#e69f00", "#c17c00"),
    Colour("sky", lazy_gettext("Sky blue"), "#56b4e9", "#3193c7"),
    Colour("yellow", lazy_gettext("Yellow"), "#f0e442", "#9a8d00"),
    Colour("grey", lazy_gettext("Grey"), "var(--muted)", "#595959"),
)
BY_ID = {colour.id: colour for colour in PALETTE}


def wanted(colours: Any, count: int) -> list[str | None]:
    """Each of `count` seats' colour as a record or a form gives it: a colour of the set not given to
    an earlier seat, or None (a colour to be given). Anything else in a record's `colours` (a colour
    of no set, the same twice, too few) is given anew, never refused: colours never change a score."""
    given: list[str | None] = []
    for seat in range(count):
        colour = colours[seat] if isinstance(colours, (list, tuple)) and seat < len(colours) else None
        given.append(colour if isinstance(colour, str) and colour in BY_ID and colour not in given else None)
    return given


def settled(chosen: Sequence[str | None], names: Sequence[str], remembered: Mapping[str, str]) -> list[str]:
    """Every seat's colour: the one chosen; else the colour the name had last (`remembered`, by its
    case-folded name) unless another seat chose it or an earlier seat had it first; else the first
    colour nobody has. Never two alike while the set lasts; a table of more seats than the set has
    colours (any game seats 12) gives the seats after the eighth the set again, by seat number."""
    taken = {colour for colour in chosen if colour}
    seats: list[str | None] = list(chosen)
    for seat, colour in enumerate(chosen):
        last = remembered.get(folded(names[seat])) if colour is None and seat < len(names) else None
        if last is not None and last not in taken:
            seats[seat] = last
            taken.add(last)
    free = [colour.id for colour in PALETTE if colour.id not in taken]
    return [colour or (free.pop(0) if free else PALETTE[seat % len(PALETTE)].id) for seat, colour in enumerate(seats)]


def shown(colours: Any, count: int) -> list[str]:
    """The colours a stored game shows, seat by seat: its own, or for a game stored without them
    (before there were colours) the set in order."""
    return settled(wanted(colours, count), [], {})


def folded(name: Any) -> str:
    return str(name).strip().casefold()


def remembered(names: Iterable[str], games: Iterable[tuple[Any, Any]]) -> dict[str, str]:
    """The colour each of `names` had in the newest of `games` (players, colours), newest first,
    that has it, by its case-folded name."""
    wanted_names, found = {folded(name) for name in names if str(name).strip()}, {}
    for players, colours in games:
        if not isinstance(players, list):
            continue
        for name, colour in zip(players, shown(colours, len(players))):
            if isinstance(name, str) and folded(name) in wanted_names:
                found.setdefault(folded(name), colour)
        if len(found) == len(wanted_names):
            break
    return found


def of_sides(colours: Any, players: int, sides: int) -> list[Colour]:
    """Each side's colour: the colour of the seat with its number (a team's first player's)."""
    return [BY_ID[colour] for colour in shown(colours, players)[:sides]]
