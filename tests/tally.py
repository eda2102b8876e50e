"""Tally: a game that lives in tests/ only, to prove a game needs nothing outside its own
engine module, web description, rules page and tests. Each hand, every player's points (0 to 100)
are typed in; they add up, and the first to the target (50 by default) wins, ties shared."""
from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from markupsafe import Markup

from rules_engine import Game, Kind, Setting
from rules_engine.core import Outcome, State, Table, add, is_whole, leaders
from rules_engine.words import say
from scorepad.games import GamePages
from scorepad.games.base import said
from scorepad.web.forms import whole_number
from scorepad.web.i18n import comma

MOST = 100
RULES = """<h2>How it scores</h2><p>Each hand every player's points are added to their total; the first to
{{ values.target }} wins.</p>"""


class Tally(Game):
    id = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    blurb = say("Type each player's points; the first to the target wins.")

    def settings(self, player_count: int) -> tuple[Setting, ...]:
        return (Setting("target", say("Target"), Kind.WHOLE, 50, say("Points needed to win."), minimum=1),)

    def read_hand(self, table: Table, state: State, raw: Mapping[str, Any]) -> tuple[int, ...]:
        points = raw.get("points")
        if not isinstance(points, list) or len(points) != table.size:
            raise state.error(say("points must be a list of one number per player"), "points")
        for seat, value in enumerate(points):
            if not is_whole(value) or not 0 <= value <= MOST:
                raise state.error(say("{who}'s points must be from 0 to {most}", who=table.name(seat), most=MOST),
                                  f"points_{seat}")
        return tuple(points)

    def play(self, table: Table, state: State, hand: tuple[int, ...]) -> tuple[Outcome, State]:
        totals = add(state.totals, hand)
        finished = max(totals) >= table.settings["target"]
        after = state.after((state.dealer + 1) % table.size, totals, finished=finished,
                            winners=leaders(totals) if finished else ())
        return Outcome(hand, partial(self.explain, table, hand), {"dealer": state.dealer}), after

    def explain(self, table: Table, hand: tuple[int, ...]) -> list[Any]:
        return [say("{who} scores {points}", who=table.name(seat), points=points) for seat, points in enumerate(hand)]


class TallyPages(GamePages):
    title = "Tally"
    rules_page = "tally_rules.html"

    def result_fields(self, scored):
        number = (("inputmode", "numeric"), ("autocomplete", "off"), ("data-min", 0), ("data-max", MOST))
        return {f"points_{seat}": ("text", f"{name}'s points", number) for seat, name in enumerate(scored.table.players)}

    def results_heading(self) -> str:
        return "Points"

    def result_from(self, form, scored, bids) -> dict[str, Any]:
        return {"points": [whole_number(form[f"points_{seat}"].data, f"points_{seat}")
                           for seat in range(scored.table.size)]}

    def form_values(self, hand, scored) -> dict[str, Any]:
        return {f"points_{seat}": points for seat, points in enumerate(hand.get("points") or [])}

    def hand_line(self, scored, raw, hand) -> Markup:
        best = max(hand.points)
        tops = [scored.table.name(seat) for seat, points in enumerate(hand.points) if points == best]
        return said("%(dealer)s deals; best %(names)s with %(points)s", dealer=scored.table.name(hand.facts["dealer"]),
                    names=comma().join(tops), points=best)

    def changes(self, scored, before, after) -> list[str]:
        old, new = before.get("points") or [], after.get("points") or []
        return [f"{name}'s points {a} -> {b}" for name, a, b in zip(scored.table.players, old, new) if a != b]

    def count_hand(self, counts, scored, hand, raw, seat) -> None:
        counts["best"] += hand.points[seat] == max(hand.points)

    def record_lines(self, counts) -> list[str]:
        return [f"Best hand of the table: {counts['best']}"]
