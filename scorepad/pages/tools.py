"""Calculators and rules pages: read-only helpers at the table."""
from __future__ import annotations

from flask import abort, render_template, request
from werkzeug.exceptions import HTTPException

from rules_engine import GAMES, Kind, RuleError
from rules_engine import calculators as calc
from scorepad.games import every_game, pages_of
from scorepad.web import forms
from scorepad.web.i18n import _, comma

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
            problem = forms.reason(error)
    who = "team" if request.args.get("who") == "team" else "box"
    limit, upcard, ranks = calculator_limit(game_id, request.args.get("upcard"))
    fill = None
    if result and game_id and result["opponent"] is not None:
        other = "team" if who == "box" else "box"
        fill = {"result": "gin" if result["knocker"].deadwood == 0 else "knock", "knocker": who,
                f"deadwood_{who}": result["knocker"].deadwood, f"deadwood_{other}": result["opponent"].deadwood,
                **({"upcard": upcard} if upcard else {})}
    return render_template("deadwood.html", deck=calc.DECK, suits=calc.SUITS, symbols=calc.SUIT_SYMBOLS,
                           knocker=set(knocker_codes), opponent=set(opponent_codes), result=result,
                           problem=problem, game_id=game_id, who=who, fill=fill, limit=limit, upcard=upcard,
                           ranks=ranks)


def calculator_limit(game_id: str | None, upcard: str | None) -> tuple[int | None, str | None, tuple[str, ...]]:
    """For a game whose hand form links here: its next hand's knock limit, the face-up card it comes
    from and the ranks to ask it from (the game's own pages say); nothing without a game this
    browser may read (the calculator still counts the cards)."""
    try:
        scored = load(game_id).scored if game_id else None
    except HTTPException:
        scored = None
    if scored is None or "deadwood" not in pages_of(scored.game).calculators:
        return None, None, ()
    return pages_of(scored.game).calculator_limit(scored, upcard)


@bp.get("/calculators/game-points")
def game_points_calculator():
    game_id = game_arg()
    sides = [_("Ann & Cy"), _("Ben & Dee")]       # example sides: names a Pashto page may give its own
    if game_id:
        game = load(game_id)
        if game.scored is None or "game_points" not in game.kind.calculators:
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
                        raise RuleError("cards", _("%(card)s is marked for both %(side)s and %(other)s",
                                                   card=calc.card(code).label, side=sides[owners[code]],
                                                   other=sides[side]))
                    owners[code] = side
            points = [calc.game_points(codes) for codes in taken]
            result = {"points": points, "winner": calc.game_point_winner(points)}
        except RuleError as error:
            problem = forms.reason(error)
    return render_template("game_points.html", sides=sides, taken=[set(t) for t in taken],
                           counting=calc.COUNTING_CARDS, result=result, problem=problem, game_id=game_id)


def said_value(said: dict, value) -> str:
    """A setting's value as the rules page says it: a choice in words, a list of them one after another."""
    if isinstance(value, tuple):
        return comma().join(said[word] for word in value)
    if value is None:                      # an optional number left out: no target, never
        return _("none")
    return said.get(value, value)


@bp.get("/rules")
def rules_index():
    return render_template("rules_index.html", games=[pages.game for pages in every_game()])


@bp.get("/rules/<game_name>")
def rules(game_name: str):
    """A game's rules with every number that is a setting filled in: the game's own settings when
    opened from a game (?game=<id>), else the defaults (those that depend on the number of players
    given for each count). `values` holds the numbers and choices the rules text uses; it is None
    for a default that depends on the player count, and `defaults` gives those per count."""
    game = GAMES.get(game_name) or abort(404)
    game_id = game_arg()
    table = None
    if game_id:
        scored = load(game_id).scored
        if scored is None or scored.game.id != game.id:
            abort(404)
        table = scored.table
    counts = [table.size] if table else list(range(game.min_players, game.max_players + 1))
    by_count = {count: {s.name: s for s in game.settings(count)} for count in counts}
    values: dict = {}
    settings = []
    for setting in game.settings(counts[0]):
        field = forms.setting_field(setting)           # the new-game form's words for it
        said = {choice.value: choice.label for choice in field.kwargs.get("choices", ())}
        said |= {True: _("on"), False: _("off")} if setting.kind is Kind.SWITCH else {}
        depends = "" if table else forms.count_defaults(game, setting.name)
        values[setting.name] = table.settings[setting.name] if table else None if depends else setting.default
        if setting.kind is Kind.LIST:
            allowed = _("%(required)s and any of: %(choices)s", required=comma().join(said[w] for w in setting.required),
                        choices=comma().join(words for word, words in said.items() if word not in setting.required))
        elif setting.kind is not Kind.WHOLE:
            allowed = (_("on or off") if setting.kind is Kind.SWITCH
                       else _("one of: %(choices)s", choices=comma().join(said.values())))
        else:
            ranges = {count: _("%(least)s to %(most)s", least=s.minimum, most=s.maximum)
                      for count, s in ((count, by_count[count][setting.name]) for count in counts)}
            allowed = (ranges[counts[0]] if len(set(ranges.values())) == 1
                       else comma().join(_("%(span)s with %(count)s players", span=span, count=count)
                                      for count, span in ranges.items()))
            if setting.optional:
                allowed = _("%(allowed)s, or none", allowed=allowed)
        settings.append({"name": setting.name, "label": field.args[0], "help": setting.help, "allowed": allowed,
                         "value": depends or said_value(said, values[setting.name]),
                         "default": depends or said_value(said, setting.default)})
    defaults = {count: {name: s.default for name, s in named.items()} for count, named in by_count.items()}
    words = {item["name"]: item["value"] for item in settings}      # values as players say them
    return render_template("rules.html", game=game, rules_page=pages_of(game).rules_page, settings=settings, values=values,
                           words=words, defaults=defaults,
                           players=table.size if table else None, table=table, game_id=game_id)
