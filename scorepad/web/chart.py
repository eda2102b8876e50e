"""The score chart: each side's running total hand by hand, an SVG picture drawn on the server.

The scoreboard shows it as an image inside a folded "Chart" (loaded only when it is opened or
printed), its alternative text a sentence with the final totals. Pure (no engine, no request
needed): sides, totals and the sides' colours in, SVG out, its words and digits in the page's
language through i18n (English outside a request). Each side's line is in its colour (colours.py:
the player's, a team's first player's) and, by its place, has its own dash pattern and marker
shape, so print and black and white still tell the lines apart; only SVG presentation attributes,
no styles."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape as escape_html
from typing import Sequence

from scorepad.web.caches import MARKER_PATHS, memoized
from scorepad.web.colours import PALETTE
from scorepad.web.i18n import _, comma, digits, lazy_gettext, n_

WIDTH = 340                  # the viewBox; the page scales it to the column's width
LEFT, RIGHT, TOP = 38, 14, 8  # room for the total labels on the left, and half a hand label on the right
PLOT_HEIGHT = 150
AXIS_ROOM = 28               # hand labels and the axis name under the plot
LEGEND_ROW = 16
MOST_POINTS = 100            # per side: a 1,000-hand game stays a small picture
MOST_MARKERS = 26            # markers on a line further apart than this would be a blur

# The players' colours in their tones for the white card (each at least 3:1 against it), in the
# order sides get them when none are given; told apart in black and white by the dash pattern and
# the marker, never by the colour alone.
COLOURS = tuple(colour.chart for colour in PALETTE)
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "12 3", "1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "plus", "down")
MARKER_WORDS = {"circle": lazy_gettext("dots"), "square": lazy_gettext("squares"),
                "triangle": lazy_gettext("triangles"), "diamond": lazy_gettext("diamonds"),
                "cross": lazy_gettext("crosses"), "plus": lazy_gettext("plus signs"),
                "down": lazy_gettext("upside-down triangles")}
DASH_WORDS = {"": lazy_gettext("solid line"), "7 3": lazy_gettext("dashed line"), "2 3": lazy_gettext("dotted line"),
              "9 3 2 3": lazy_gettext("dash-dot line"), "4 4": lazy_gettext("short dashes"),
              "12 3": lazy_gettext("long dashes"), "1 2": lazy_gettext("fine dots")}
INK, MUTED, GRID = "#1b1b1b", "#595959", "#c9c9c9"


@dataclass(frozen=True)
class Scale:
    """Where a hand number and a total land in the picture."""
    hands: int                 # the last hand (x runs from 0, the start, to this)
    low: int                   # the lowest and highest total the axis shows
    high: int
    step: int                  # between labelled totals

    def x(self, hand: float) -> float:
        return LEFT + hand * (WIDTH - LEFT - RIGHT) / max(self.hands, 1)

    def y(self, total: float) -> float:
        return TOP + (self.high - total) * PLOT_HEIGHT / (self.high - self.low)


def nice_step(span: float, parts: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `parts` pieces."""
    rough = max(span / parts, 1)
    power = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 5, 10):
        if factor * power >= rough:
            return int(factor * power)
    return int(10 * power)         # pragma: no cover (the loop always returns)


def scale_for(series: Sequence[Sequence[int]], hands: int | None = None) -> Scale:
    """The scale for every side's running totals, each starting with 0 (totals may be negative), over
    `hands` hands (default: a point a hand)."""
    values = [total for totals in series for total in totals] or [0]
    low, high = min(0, *values), max(0, *values)
    step = nice_step(high - low, 4)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step
    if hands is None:
        hands = max((len(totals) - 1 for totals in series), default=0)
    return Scale(hands=hands, low=low, high=high, step=step)


def thin(count: int, most: int = MOST_POINTS) -> list[int]:
    """Which of `count` points to draw: all of them, or `most` evenly spread, always the first and last."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")   # characters an XML document may not hold


def escape(text: str) -> str:
    """Text for the SVG document: escaped, and without the control characters XML forbids (a name
    may hold one; the picture would not be drawn at all)."""
    return escape_html(NOT_XML.sub("", text))


def number(value: float) -> str:
    """A coordinate in a tenth of a unit, without a trailing .0."""
    return f"{value:.1f}".removesuffix(".0")


def marker_path(shape: str, x: float, y: float, r: float = 3.2) -> str:
    """One marker as path commands centred on (x, y)."""
    return marker_start(shape, x, y, r) + marker_rest(shape, r)


def marker_start(shape: str, x: float, y: float, r: float) -> str:
    """Where a marker's path starts (the part that moves with the marker)."""
    if shape in ("circle", "plus"):
        start = f"M{number(x - r)} {number(y)}"
    elif shape == "square":
        start = f"M{number(x - r * 0.85)} {number(y - r * 0.85)}"
    elif shape == "cross":
        start = f"M{number(x - r)} {number(y - r)}"
    elif shape == "down":
        start = f"M{number(x)} {number(y + r * 1.2)}"
    else:                                       # triangle, diamond: from the top point
        start = f"M{number(x)} {number(y - r * (1.2 if shape == 'triangle' else 1.3))}"
    if shape == "plus":
        return f"{start}h{number(2 * r)}M{number(x)} {number(y - r)}"
    return start


@memoized(MARKER_PATHS)
def marker_rest(shape: str, r: float) -> str:
    """The rest of a marker's path, relative to its start: the same wherever it is (worked out once)."""
    if shape == "circle":
        return f"a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"
    if shape == "square":
        s = r * 0.85
        return f"h{number(2 * s)}v{number(2 * s)}h{number(-2 * s)}z"
    if shape == "triangle":
        return f"l{number(r * 1.1)} {number(r * 1.9)}h{number(-r * 2.2)}z"
    if shape == "down":
        return f"l{number(r * 1.1)} {number(-r * 1.9)}h{number(-r * 2.2)}z"
    if shape == "diamond":
        return f"l{r} {number(r * 1.3)}l{-r} {number(r * 1.3)}l{-r} {number(-r * 1.3)}z"
    if shape == "cross":
        return f"l{number(2 * r)} {number(2 * r)}m0 {number(-2 * r)}l{number(-2 * r)} {number(2 * r)}"
    return f"v{number(2 * r)}"     # plus


def side_look(index: int, colours: Sequence[str] = ()) -> tuple[str, str, str]:
    """(colour, dash pattern, marker shape) of the side at `index`: its colour from `colours` (the
    set's in order when not given), its dash and marker by its place whatever its colour."""
    colour = colours[index] if index < len(colours) else COLOURS[index % len(COLOURS)]
    return colour, DASHES[index % len(DASHES)], MARKERS[index % len(MARKERS)]


def line(colour: str, dash: str, points: str, width: float = 2) -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline fill="none" stroke="{colour}" stroke-width="{width}"{dashed} '
            f'stroke-linejoin="round" points="{points}"/>')


def markers(colour: str, shape: str, spots: Sequence[tuple[float, float]]) -> str:
    d = "".join(marker_path(shape, x, y) for x, y in spots)
    if shape in ("cross", "plus"):
        return f'<path fill="none" stroke="{colour}" stroke-width="1.6" d="{d}"/>'
    return f'<path fill="{colour}" d="{d}"/>'


def shorten(name: str, most: int = 22) -> str:
    return name if len(name) <= most else name[:most - 1] + "\u2026"


def legend_words(sides: Sequence[str]) -> list[str]:
    """Each side with the look of its line, in words (for the legend's title and the tests)."""
    return [_("%(side)s: %(line)s with %(markers)s", side=side, line=str(DASH_WORDS[side_look(i)[1]]),
              markers=str(MARKER_WORDS[side_look(i)[2]])) for i, side in enumerate(sides)]


def series_of(count: int, totals: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each side's running totals, starting with 0."""
    columns = list(zip(*totals))[:count] if totals else [()] * count
    return [[0, *map(int, column)] for column in columns]


def chart_height(sides: int) -> int:
    """The picture's height in viewBox units, with its legend (two columns from three sides on)."""
    return TOP + PLOT_HEIGHT + AXIS_ROOM + -(-sides // legend_columns(sides)) * LEGEND_ROW + 4


def legend_columns(sides: int) -> int:
    return 1 if sides <= 2 else 2


def chart_label(sides: Sequence[str], hands: int, final: Sequence[int]) -> str:
    """What the chart of `hands` hands ending on the `final` totals shows, in a sentence: its alternative text."""
    title = _("Running totals")
    if not hands:
        return _("%(title)s: a line per side over %(hands)s hands. No hands yet.", title=title, hands=hands)
    totals = comma().join(_("%(side)s %(total)s", side=side, total=int(final[i])) for i, side in enumerate(sides))
    return n_("%(title)s: a line per side over %(hands)s hand. Final totals: %(totals)s.",
              "%(title)s: a line per side over %(hands)s hands. Final totals: %(totals)s.", hands,
              title=title, hands=hands, totals=totals)


def score_chart(sides: Sequence[str], totals: Sequence[Sequence[int]], at: Sequence[int] | None = None,
                colours: Sequence[str] = ()) -> str:
    """An SVG document of each side's running total after every hand (`totals[h][side]`), from 0 at
    the start, on a white card (it is shown as an image, the same in a light or dark page), each
    side's line in its colour from `colours` (SVG colours for the white card). `at`
    gives the hand each point of `totals` is drawn at (default: the first point at hand 1, the next
    at 2...): an adjustment or an end bonus shares the place of the hand before it, so its line goes
    straight up or down there.

    Axes with a few labelled totals (0 marked when totals go negative) and hand numbers; one line
    per side, each with its own dash pattern and marker; a legend; a <title> and an aria-label that
    give the final totals, like the image's alternative text."""
    count = len(sides)
    series = series_of(count, totals)
    places = [0, *(at if at is not None else range(1, len(totals) + 1))]
    scale = scale_for(series, places[-1])
    shown = thin(len(series[0]) if series else 1)
    marked = [shown[i] for i in thin(len(shown), MOST_MARKERS)]
    height = chart_height(count)
    label = escape(chart_label(sides, places[-1], totals[-1] if totals else []))
    hands = scale.hands
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
           f'height="{height}" role="img" aria-label="{label}" font-size="11" direction="ltr" '
           f'font-family="system-ui,sans-serif">',
           f'<title>{label}</title><rect width="{WIDTH}" height="{height}" fill="#fff"/>']
    bottom = TOP + PLOT_HEIGHT
    # totals: a grid line and a label every step, the zero line darker
    for total in range(scale.low, scale.high + 1, scale.step):
        y = number(scale.y(total))
        colour = MUTED if total == 0 else GRID
        out.append(f'<path stroke="{colour}" d="M{LEFT} {y}H{WIDTH - RIGHT}"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y}" dy="4" text-anchor="end" fill="{MUTED}">{digits(total)}</text>')
    # hands: a tick and a label every few hands
    every = nice_step(hands, 5)
    for hand in range(0, hands + 1, every):
        x = number(scale.x(hand))
        out.append(f'<path stroke="{MUTED}" d="M{x} {bottom}v4"/>')
        out.append(f'<text x="{x}" y="{bottom + 15}" text-anchor="middle" fill="{MUTED}">{digits(hand)}</text>')
    out.append(f'<path stroke="{INK}" fill="none" d="M{LEFT} {TOP}V{bottom}H{WIDTH - RIGHT}"/>')
    out.append(f'<text x="{WIDTH - RIGHT}" y="{bottom + 26}" text-anchor="end" fill="{MUTED}">{escape(_("hand"))}</text>')
    xs = {h: number(scale.x(places[h])) for h in shown}         # the same for every side
    ys = {total: number(scale.y(total)) for total in {side[h] for side in series for h in shown}}
    for i in range(count):
        colour, dash, shape = side_look(i, colours)
        points = " ".join(f"{xs[h]},{ys[series[i][h]]}" for h in shown)
        out.append(f'<g aria-hidden="true">{line(colour, dash, points)}'
                   + markers(colour, shape, [(scale.x(places[h]), scale.y(series[i][h])) for h in marked]) + "</g>")
    # the legend: a sample of each side's line and marker, and its name
    columns = legend_columns(count)
    column_width = (WIDTH - LEFT) / columns
    for i, side in enumerate(sides):
        colour, dash, shape = side_look(i, colours)
        x = LEFT + (i % columns) * column_width
        y = bottom + AXIS_ROOM + (i // columns) * LEGEND_ROW + 8
        out.append(f'<g>{line(colour, dash, f"{number(x)},{y} {number(x + 28)},{y}")}'
                   + markers(colour, shape, [(x + 14, y)])
                   + f'<text x="{number(x + 34)}" y="{y}" dy="4" fill="{INK}">{escape(shorten(side))}</text></g>')
    out.append("</svg>")
    return "".join(out)
