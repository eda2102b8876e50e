"""Calculators and rules pages: read-only helpers at the table."""
from __future__ import annotations

from flask import abort, render_template, request

import forms
from rules_engine import GAMES, RuleError
from rules_engine import calculators as calc

from . import bp, load


def game_arg() -> str | None:
    """The game a calculator or rules page was opened from (?game=<id>), if any."""
    return request.args.get("game") or None


@bp.get("/calculators")
def calculators():
    return render_template("calculators.html", game_id=game_arg())


def picked(name: str) -> list[str]:
    return [code for code in request.args.getlist(name) if code]


@bp.get("/calculators/deadwood")
def deadwood_calculator():
    game_id = game_arg()
    knocker_codes, opponent_codes = picked("knocker"), picked("opponent")
    result, problem = None, None
    if knocker_codes:
        try:
            # 11 knocker cards: the discard leaving the least deadwood; ties go to the layout leaving
            # the opponent the least to lay off
            shown = calc.showdown(knocker_codes, opponent_codes)
            result = {"knocker": shown.knocker, "opponent": shown.opponent}
        except RuleError as error:
            problem = error.message[0].upper() + error.message[1:] + "."
    who = "team" if request.args.get("who") == "team" else "box"
    fill = None
    if result and game_id and result["opponent"] is not None:
        other = "team" if who == "box" else "box"
        fill = {"result": "gin" if result["knocker"].deadwood == 0 else "knock", "knocker": who,
                f"deadwood_{who}": result["knocker"].deadwood, f"deadwood_{other}": result["opponent"].deadwood}
    return render_template("deadwood.html", deck=calc.DECK, suits=calc.SUITS, symbols=calc.SUIT_SYMBOLS,
                           knocker=set(knocker_codes), opponent=set(opponent_codes), result=result,
                           problem=problem, game_id=game_id, who=who, fill=fill)


@bp.get("/calculators/game-points")
def game_points_calculator():
    game_id = game_arg()
    sides = ["Ann & Cy", "Ben & Dee"]
    if game_id:
        game = load(game_id)
        if game.scored is None or game.scored.game.id not in ("pitch", "smear"):
            abort(404)
        sides = list(game.scored.sides)
    taken = [picked(f"side_{n}") for n in range(len(sides))]
    result, problem = None, None
    if any(taken):
        owners: dict[str, int] = {}
        try:
            for side, codes in enumerate(taken):
                calc.cards(codes, sides[side])
                for code in codes:
                    if code in owners:
                        raise RuleError("cards", f"{calc.card(code).label} is marked for both "
                                                 f"{sides[owners[code]]} and {sides[side]}")
                    owners[code] = side
            points = [calc.game_points(codes) for codes in taken]
            result = {"points": points, "winner": calc.game_point_winner(points)}
        except RuleError as error:
            problem = error.message[0].upper() + error.message[1:] + "."
    return render_template("game_points.html", sides=sides, taken=[set(t) for t in taken],
                           counting=calc.COUNTING_CARDS, result=result, problem=problem, game_id=game_id)


@bp.get("/rules")
def rules_index():
    return render_template("rules_index.html", games=GAMES.values())


@bp.get("/rules/<game_name>")
def rules(game_name: str):
    game = GAMES.get(game_name) or abort(404)
    game_id = game_arg()
    table = None
    if game_id:
        scored = load(game_id).scored
        if scored is None or scored.game.id != game.id:
            abort(404)
        table = scored.table
    players = table.size if table else game.min_players
    settings = [{"setting": s, "value": table.settings[s.name] if table else None,
                 "by_count": forms.count_defaults(game, s.name)} for s in game.settings(players)]
    return render_template("rules.html", game=game, settings=settings, table=table, game_id=game_id)
