"""Adjustments: points given or taken between hands, with a note ("Ben reneged: -10"), in every game.
Recorded, fixed, deleted and undone like a hand (deleting is the hands' delete), in one transaction
against the version the form was made from."""
from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from rules_engine import RuleError, ScoredGame
from rules_engine.adjustment import NOTE_LENGTH, is_adjustment, note_problem
from rules_engine.core import is_whole
from scorepad.storage import store
from scorepad.web import forms
from scorepad.web.forms import FieldError, Spec, radio, whole_number
from scorepad.web.i18n import _, words

from . import Game, before_hand, bp, db, load, remember, writing
from .hands import BUSY, cannot_record, fixable

TAKE, GIVE = "-", "+"
POINTS = (("inputmode", "numeric"), ("autocomplete", "off"), ("placeholder", "0"))     # typed: quicker than steps


def adjustment_form(scored: ScoredGame):
    """Per side: take or give, and how many points; then the note."""
    fields: dict[str, Spec] = {}
    for side, name in enumerate(scored.sides):
        fields[f"sign_{side}"] = radio(name, [(TAKE, _("− take")), (GIVE, _("+ give"))], default=TAKE)
        fields[f"points_{side}"] = ("text", str(_("%(side)s: points", side=name)), POINTS)
    fields["note"] = ("text", str(_("Why (required)")), (("maxlength", NOTE_LENGTH), ("autocomplete", "off")))
    return forms.kept_form_class(forms.ChangeForm, fields)()


def adjustment_from(form, scored: ScoredGame) -> dict[str, Any]:
    """The adjustment a form describes (FieldError naming every points box that is not a number)."""
    points, problems = [], []
    for side in range(len(scored.sides)):
        name, sign = f"points_{side}", form[f"sign_{side}"].data
        typed = (form[name].data or "").strip()
        if sign not in (TAKE, GIVE):
            problems.append(FieldError(f"sign_{side}", _("Choose take or give.")))
            continue
        try:
            value = whole_number(typed.removeprefix("+"), name) if typed else 0
        except FieldError as error:
            problems.append(error)
            continue
        points.append(value if typed[:1] in "+-−－" else -value if sign == TAKE else value)    # a typed sign wins
    note = " ".join((form.note.data or "").split())
    if problems:                                  # and the note's problem too, to mend both at once
        wrong = note_problem(note)
        problems += [FieldError("note", _("%(reason)s.", reason=forms.capital(wrong)))] if wrong else []
        raise FieldError(problems[0].field, str(problems[0]), tuple(problems[1:]))
    return {"adjustment": points, "note": note}


def form_values(adjustment: dict[str, Any]) -> dict[str, Any]:
    """A stored adjustment as its form's values (to fix it); a value that is not a whole number (a
    record written by hand) is left blank."""
    note, points = adjustment.get("note"), adjustment.get("adjustment")
    values: dict[str, Any] = {"note": note if isinstance(note, str) else ""}
    for side, value in enumerate(points if isinstance(points, list) else []):
        whole = is_whole(value)
        values[f"sign_{side}"] = GIVE if whole and value > 0 else TAKE
        values[f"points_{side}"] = str(abs(value)) if whole and value else ""
    return values


def checked(form, scored: ScoredGame, record: dict[str, Any], number: int) -> tuple[dict[str, Any], ScoredGame] | None:
    """The adjustment of the form and the game scored with it at entry `number` (`scored`: the game
    before it), or None with the reasons next to the fields concerned."""
    try:
        adjustment = adjustment_from(form, scored)
        return adjustment, scored.then([adjustment, *record["hands"][number:]])
    except FieldError as error:
        forms.attach_error(form, error)
    except RuleError as error:
        if error.entry != number:                 # a later hand or the end of the game it changes
            form.form_errors.append(_("That would make %(place)s impossible: %(reason)s.", place=error.place,
                                      reason=error.message))
        elif error.field == "adjustment" and error.seat is not None:
            forms.attach(form, f"points_{error.seat}", forms.reason(error))
        else:
            forms.attach(form, "note" if error.field == "note" else "", forms.reason(error))
    return None


def adjustment_page(game: Game, scored: ScoredGame, form, number: int, editing: bool, problem: str | None = None):
    forms.stamp(form, game.version, number, "adjustment")
    if problem:
        form.form_errors.append(problem)
    return render_template("adjustment.html", game_id=game.key, scored=scored, form=form, number=number,
                           editing=editing, before=scored.state.number)


@bp.route("/games/<game_id>/adjustments/new", methods=["GET", "POST"])
def new_adjustment(game_id: str):
    if request.method == "POST":
        return writing(lambda: save_new(game_id), lambda: new_page(load(game_id, "change"), BUSY))
    return new_page(load(game_id, "change"), None)


def new_page(game: Game, problem: str | None, form=None):
    """The form for an adjustment after the last entry (on a POST, with what was typed)."""
    refused = cannot_record(game)
    if refused:
        return refused
    form = form or adjustment_form(game.scored)
    return adjustment_page(game, game.scored, form, len(game.hands) + 1, False, problem)


def save_new(game_id: str):
    """POST of a new adjustment, inside the write transaction."""
    game = load(game_id, "change")
    form = adjustment_form(game.scored) if game.scored else None
    if forms.sent_number(request.form.get("version")) != game.version:
        if form is not None and game.hands and request_repeats(form, game.scored, game.hands[-1]):
            flash(_("That adjustment was already saved."))
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
        return new_page(game, _("The game was changed from another phone meanwhile: check and save again."), form)
    refused = cannot_record(game)
    if refused:
        return refused
    number = len(game.hands) + 1
    made = checked(form, game.scored, game.record, number) if form.validate_on_submit() else None
    if made is None:
        return new_page(game, None, form)
    adjustment, after = made
    store.add_hand(db(), game.row, adjustment, pending=game.pending)      # bids waiting for their tricks still wait
    remember(game, game.version + 1, [*game.hands, adjustment], after)
    flash(_("Saved: %(adjustment)s.", adjustment=words(after.hands[-1].explain[0])))
    return redirect(url_for("scorepad.scoreboard", game_id=game_id))


def request_repeats(form, scored: ScoredGame, stored: dict[str, Any]) -> bool:
    """Whether the posted form says the same as `stored` (a second tap, or Back then Save again)."""
    try:
        return is_adjustment(stored) and adjustment_from(form, scored) == stored
    except FieldError:
        return False


@bp.route("/games/<game_id>/adjustments/<int:number>/edit", methods=["GET", "POST"])
def edit_adjustment(game_id: str, number: int):
    if request.method == "POST":
        return writing(lambda: save_edit(game_id, number),
                       lambda: edit_page(load(game_id, "change"), number, BUSY))
    game = load(game_id, "change")
    if not 1 <= number <= len(game.hands) or not is_adjustment(game.hands[number - 1]):
        abort(404)
    return edit_page(game, number, None, as_stored=True)


def edit_page(game: Game, number: int, problem: str | None, form=None, as_stored: bool = False):
    """The form to fix the adjustment at entry `number` (filled in as stored, or with what was sent)."""
    if not 1 <= number <= len(game.hands) or not is_adjustment(game.hands[number - 1]):
        flash(_("The adjustment was deleted from another phone meanwhile."))
        return redirect(url_for("scorepad.scoreboard", game_id=game.key))
    refused = fixable(game, number)
    if refused:
        return refused
    before = before_hand(game.record, number)
    form = form or adjustment_form(before)
    if as_stored:
        for name, value in form_values(game.hands[number - 1]).items():
            if name in form:
                form[name].data = value
    return adjustment_page(game, before, form, number, True, problem)


def save_edit(game_id: str, number: int):
    """POST of a fixed adjustment, inside the write transaction."""
    game = load(game_id, "change")
    if forms.sent_number(request.form.get("version")) != game.version:
        return edit_page(game, number, _("The adjustment was changed from another phone meanwhile: check and save again."))
    if not 1 <= number <= len(game.hands) or not is_adjustment(game.hands[number - 1]):
        abort(404)
    refused = fixable(game, number)
    if refused:
        return refused
    before = before_hand(game.record, number)
    form = adjustment_form(before)
    made = checked(form, before, game.record, number) if form.validate_on_submit() else None
    if made is None:
        return edit_page(game, number, None, form)
    adjustment, after = made
    if adjustment != game.hands[number - 1]:
        store.replace_hand(db(), game.row, number, adjustment)
        remember(game, game.version + 1, [*game.hands[:number - 1], adjustment, *game.hands[number:]], after)
        flash(_("Adjustment changed; every total after it is recomputed."))
    else:
        flash(_("The adjustment is unchanged."))
    return redirect(url_for("scorepad.scoreboard", game_id=game_id))

