"""The score sheet: the chart of running totals, a note per game, rematch and "Play again"."""
import csv
import io
import json
import re
import zipfile
from xml.etree import ElementTree

import pytest

import chart
from rules_engine import score

from conftest import example_paths, load_example, new_game_data, play_through_forms, record

SVG = "{http://www.w3.org/2000/svg}"


def example(stem):
    return load_example([p for p in example_paths() if p.stem == stem][0])[0]


def polylines(svg):
    """Each side's line as [(x, y), ...], in the order the sides were given (legend samples left out)."""
    root = ElementTree.fromstring(svg)
    lines = [g.find(f"{SVG}polyline") for g in root.iter(f"{SVG}g") if g.get("aria-hidden") == "true"]
    return [[tuple(float(v) for v in point.split(",")) for point in line.get("points").split()] for line in lines]


def read_back(svg, scale):
    """The (hand, total) pairs a chart draws, found by undoing the scale."""
    width = (chart.WIDTH - chart.LEFT - chart.RIGHT) / max(scale.hands, 1)
    per_unit = chart.PLOT_HEIGHT / (scale.high - scale.low)
    return [[(round((x - chart.LEFT) / width), round(scale.high - (y - chart.TOP) / per_unit)) for x, y in line]
            for line in polylines(svg)]


# --- the chart -------------------------------------------------------------------------------

def test_the_chart_of_a_real_pitch_game_draws_its_running_totals():
    scored = score(example("pitch-to-7"))          # Ann 7, Ben 6, Cy -1 after 7 hands
    totals = [hand.totals for hand in scored.hands]
    svg = chart.score_chart(scored.sides, totals)
    scale = chart.scale_for([[0, *(t[side] for t in totals)] for side in range(3)])
    assert (scale.low, scale.high, scale.step, scale.hands) == (-5, 10, 5, 7)       # totals go below 0
    drawn = read_back(svg, scale)
    assert drawn[0] == [(0, 0), (1, -3), (2, -1), (3, -1), (4, 3), (5, 3), (6, 4), (7, 7)]      # Ann
    assert [total for _, total in drawn[1]] == [0, 0, -2, -1, -1, 2, 5, 6]                     # Ben
    assert [total for _, total in drawn[2]] == [0, 3, 3, -1, -1, -1, -1, -1]                   # Cy
    for side, line in enumerate(polylines(svg)):             # exactly where the same scale puts them
        expected = [(0, 0), *((n, t[side]) for n, t in enumerate(totals, start=1))]
        assert line == [(float(chart.number(scale.x(n))), float(chart.number(scale.y(total))))
                        for n, total in expected]
    assert 'aria-label="Running totals: a line per side over 7 hands. Final totals: Ann 7, Ben 6, Cy -1."' in svg
    assert 'role="img"' in svg and "<title>" in svg


def test_every_example_game_charts_its_totals():
    for path in example_paths():
        scored = score(load_example(path)[0])
        totals = [hand.totals for hand in scored.hands]
        series = [[0, *(t[side] for t in totals)] for side in range(len(scored.sides))]
        svg = chart.score_chart(scored.sides, totals)
        assert [[total for _, total in line] for line in read_back(svg, chart.scale_for(series))] == series, path.stem


def test_negative_totals_get_labelled_ticks_below_zero_and_a_zero_line():
    svg = chart.score_chart(["Ann & Cy", "Ben & Dee"], [[-240, 120], [-229, 164], [-400, 300]])
    labels = re.findall(r'text-anchor="end" fill="#595959">(-?\d+)</text>', svg)
    assert labels == ["-400", "-200", "0", "200", "400"]
    assert "Final totals: Ann &amp; Cy -400, Ben &amp; Dee 300." in svg


def test_each_side_has_its_own_dash_and_marker_and_the_legend_names_them():
    sides = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
    svg = chart.score_chart(sides, [[1, 2, 3, 4, 5, 6, 7]])
    looks = [chart.side_look(i) for i in range(7)]
    assert len({dash for _, dash, _ in looks}) == 7 and len({shape for _, _, shape in looks}) == 7
    for name in sides:
        assert f">{name}</text>" in svg
    assert chart.legend_words(sides[:2]) == ["Ann: solid line with dots", "Ben: dashed line with squares"]
    assert "style=" not in svg and "<script" not in svg
    ElementTree.fromstring(svg)                           # well-formed


def test_names_are_escaped_and_long_names_shortened_in_the_legend():
    svg = chart.score_chart(["<b>Ann</b>", "B" * 40], [[1, 2]])
    assert "<b>" not in svg and "&lt;b&gt;Ann&lt;/b&gt;" in svg
    assert ">" + "B" * 21 + "\u2026</text>" in svg and "B" * 40 + " 2" in svg      # whole in the label


def test_a_game_with_no_hands_draws_empty_axes():
    svg = chart.score_chart(["Ann", "Ben", "Cy"], [])
    assert "No hands yet." in svg and [len(line) for line in polylines(svg)] == [1, 1, 1]


def test_thinning_keeps_the_first_and_last_point_and_at_most_100():
    assert chart.thin(5) == [0, 1, 2, 3, 4]
    kept = chart.thin(1001)
    assert len(kept) == 100 and kept[0] == 0 and kept[-1] == 1000 and kept == sorted(set(kept))
    assert chart.thin(101)[:3] == [0, 1, 2] and chart.thin(101)[-1] == 100


def test_a_1000_hand_game_makes_a_small_chart_ending_on_the_final_totals():
    totals = [[hand * 3 - 500, (hand % 7) - 3] for hand in range(1, 1001)]
    svg = chart.score_chart(["Ann", "Ben"], totals)
    lines = polylines(svg)
    assert [len(line) for line in lines] == [100, 100]
    scale = chart.scale_for([[0, *(t[0] for t in totals)], [0, *(t[1] for t in totals)]])
    at = lambda hand, total: (float(chart.number(scale.x(hand))), float(chart.number(scale.y(total))))  # noqa: E731
    assert lines[0][0] == at(0, 0) and lines[0][-1] == at(1000, 2500) and lines[1][-1] == at(1000, 3)
    assert lines[0][1] == at(10, -470)                    # every tenth hand or so: hand 10 is the second point
    assert len(svg) < 12_000
    assert svg.count("<path") < 40                        # one path of markers per side, not one per hand
