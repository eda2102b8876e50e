"""Recording, fixing, deleting and restoring hands, and the history that keeps every change.

Every change is read, checked and written in one transaction against the version its form was
made from: a repeated submit stores nothing, a stale one is shown again to be checked."""
from __future__ import annotations

import json
from typing import Any

from flask import abort, current_app, flash, redirect, render_template, request, url_for
from markupsafe import Markup

from rules_engine import RuleError, ScoredGame
from rules_engine.adjustment import hands_played, is_adjustment
from scorepad.games import pages_of
from scorepad.storage import store
from scorepad.web import forms, i18n
from scorepad.web.caches import FIELDSETS
from scorepad.web.i18n import _, lazy_gettext
from scorepad.words.summary import hand_number, hand_summary, next_banner

from . import Game, access_to, before_hand, bp, cached_page, db, load, remember, writing

BUSY = lazy_gettext("Another phone was saving at the same moment: nothing was saved. Check and save again.")


def show_rule_error(form, error: RuleError, number: int) -> None:
    if error.entry == number:
        forms.attach(form, forms.field_for(error), forms.reason(error))
    elif error.place == "hands":
        form.form_errors.append(_("%(reason)s: start a new game to play on.", reason=forms.capital(error.message)))
    else:
        form.form_errors.append(_("That would make %(place)s impossible: %(reason)s.", place=error.place,
                                  reason=error.message))




@bp.app_template_global()
def kept_segmented(field, form, names: bool = False, attrs: dict[str, Any] | None = None) -> Markup:
    """_macros.html's `segmented` fieldset for a radio group of a hand form, rendered once per worker
    for the same form class (made once per fields: their labels and options, in the page's language),
    field, value and attributes; one with errors or help is rendered each time."""
    attrs = attrs or {}
    draw = current_app.jinja_env.get_template("_macros.html").module.segmented
    if field.errors or field.description:
        return draw(field, names=names, attrs=attrs)
    key = (i18n.lang(), type(form), field.name, field.data, names, tuple(attrs.items()))
    html = FIELDSETS.get(key)
    if html is None:
        html = draw(field, names=names, attrs=attrs)
        FIELDSETS.put(key, html)
    return html


def hand_page(game: Game, scored: ScoredGame, form, step: str, number: int, pending, editing: bool,
              repeat_of: int | None = None):
    """The form of the hand at entry `number` (`scored`: the game before it); `repeat_of`: the entry
    the hand repeats, when asking whether it really is to be saved again."""
    return render_template("hand_form.html", game_id=game.key, scored=scored, form=form, step=step, number=number,
                           label=hand_number(scored, number), pending=pending, editing=editing,
                           hands_now=hands_played(game.hands),
                           repeat_label=repeat_of and hand_number(game.scored, repeat_of),
                           game_pages=pages_of(scored.game), banner_words=next_banner(scored),
                           **pages_of(scored.game).form_context(scored, pending))


def next_step(game: Game, asked: str | None) -> str:
    """"full" (one form), or for two-step games "bids" then "result" once bids wait."""
    if not game.scored.game.two_step:
        return "full"
    return "result" if game.pending and asked != "bids" else "bids"


def cannot_record(game: Game):
    """A redirect to the scoreboard when no hand can be added now, else None."""
    if game.problem is not None:
        flash(_("Fix or delete hand %(number)s first: %(reason)s.", number=game.broken_label,
                reason=game.problem.message)
              if game.broken_hand else _("This game can't be scored, so no hand can be added."))
        return redirect(url_for("scorepad.scoreboard", game_id=game.key))
    if game.scored.finished:
        flash(_("The game is over: fix a hand or start a new game."))
        return redirect(url_for("scorepad.scoreboard", game_id=game.key))
    return None


def checked_hand(form, scored: ScoredGame, record: dict[str, Any], number: int, step: str,
                 pending: list[Any] | None) -> tuple[dict[str, Any], ScoredGame] | None:
    """The hand the form describes, and the game scored with it, if the rules accept it as hand
    `number` (`scored`: the game before that hand; bids alone for the bids step). Only that hand and
    those after it are scored. Otherwise None, with the reason shown next to the field concerned."""
    try:
        hand = pages_of(scored.game).hand_from(form, scored, step, pending)
        if step == "bids":
            scored.check_bids(hand["bids"])
            return hand, scored
        return hand, scored.then([hand, *record["hands"][number:]])
    except forms.FieldError as error:
        forms.attach_error(form, error)
    except RuleError as error:
        show_rule_error(form, error, number)
    return None


def already_saved(game: Game, number: int | None, step: str) -> str | None:
    """When a stale form repeats what is stored now (a second tap, a second phone entering the
    same hand): the words to say so. None when it differs."""
    if number is None or not 1 <= number <= len(game.hands) + 1 or step not in ("bids", "result", "full"):
        return None
    stored = game.hands[number - 1] if number <= len(game.hands) else None
    try:
        before = before_hand(game.record, number)
        form = game.kind.hand_form(before, step)
        sent = game.kind.hand_from(form, before, step, (stored or {}).get("bids") or game.pending)
    except (forms.FieldError, RuleError, TypeError, ValueError):
        return None
    if stored is not None and all(stored.get(key) == value for key, value in sent.items()):
        return _("Hand %(number)s was already saved.", number=hand_number(game.scored, number))
    if stored is None and step == "bids" and sent["bids"] == game.pending:
        return _("The bids for hand %(number)s were already saved.", number=hand_number(game.scored, number))
    return None


def repeats_the_last_hand(game: Game, hand: dict[str, Any]) -> bool:
    """A new hand the same as the one saved just before it (the same bids and results), not yet
    confirmed: the browser's Back then Save, most likely, rather than a hand dealt again."""
    return bool(game.hands) and hand == game.hands[-1] and request.form.get("again") != str(len(game.hands) + 1)


def theirs_and_yours(game: Game, number: int | None, step: str):
    """The page for the phone that lost a race: another phone saved hand `number` meanwhile and this
    phone typed a different one. Both side by side, and three choices: keep theirs, replace theirs
    with mine (a fix of that hand), or save mine as the next hand (where the rules take it as one
    and it scores there as shown).
    None when that can't be offered (then the form comes back to check and save again)."""
    if number is None or not 1 <= number <= len(game.hands) or step not in ("full", "result") \
            or game.problem is not None:
        return None
    theirs = game.hands[number - 1]
    if is_adjustment(theirs):
        return None
    before = before_hand(game.record, number)
    try:
        typed = game.kind.hand_form(before, step)
        if not typed.validate_on_submit():
            return None
        mine = game.kind.hand_from(typed, before, step, theirs.get("bids"))
    except (forms.FieldError, RuleError):
        return None
    try:
        mine_scored, refused = before.then([mine]), None
    except RuleError as error:       # yours as the rules refuse it (tricks that don't add up): shown with
        mine_scored, refused = None, forms.reason(error)     # why, and kept to fix in place of theirs
    replace = game.kind.hand_form(before, "full")
    game.kind.fill(replace, mine, before)
    forms.stamp(replace, game.version, number, "full")
    after = None
    if mine_scored and not game.scored.game.two_step and not game.scored.finished:    # a two-step hand starts with its bids
        try:
            as_next = game.scored.then([mine]).hands[-1]
        except RuleError:
            as_next = None
        if as_next is not None and as_next.points == mine_scored.hands[-1].points:   # a new dealer may read
            after = game.kind.hand_form(game.scored, "full")                         # the same bids otherwise
            game.kind.fill(after, mine, game.scored)
            forms.stamp(after, game.version, len(game.hands) + 1, "full")
    return render_template("race.html", game_id=game.key, scored=game.scored, number=number,
                           label=hand_number(game.scored, number), next_label=game.scored.state.number,
                           theirs=game.scored.hands[number - 1],
                           theirs_words=hand_summary(game.scored, theirs, game.scored.hands[number - 1]),
                           mine=mine_scored and mine_scored.hands[-1], refused=refused,
                           mine_words=hand_summary(mine_scored, mine, mine_scored.hands[-1]) if mine_scored
                           else forms.typed_words(typed),
                           replace=replace, replace_values=forms.typed_values(replace),
                           after=after, after_values=forms.typed_values(after) if after else [])


def stale_words(game: Game, number: int | None, step: str) -> str:
    if step == "bids" and game.pending and number == len(game.hands) + 1:    # bids raced: say theirs
        theirs = i18n.comma().join(_("%(player)s %(bid)s", player=i18n.isolate(game.scored.table.name(seat)),
                                     bid=game.kind.bid_word(bid)) for seat, bid in enumerate(game.pending))
        return _("The bids for hand %(number)s were saved on another phone meanwhile: %(bids)s. Yours are below: "
                 "saving them puts them in place of theirs; the scoreboard keeps theirs.",
                 number=hand_number(game.scored, number), bids=theirs)
    if number is not None and 1 <= number <= len(game.hands) and is_adjustment(game.hands[number - 1]):
        return _("An adjustment was saved from another phone meanwhile: check the hand and save again.")
    if number is not None and 1 <= number <= len(game.hands):
        return _("Hand %(number)s was saved from another phone meanwhile: check and save again.",
                 number=hand_number(game.scored, number))
    return _("The game was changed from another phone meanwhile: check and save again.")


@bp.route("/games/<game_id>/hands/new", methods=["GET", "POST"])
@cached_page
def record_hand(game_id: str):
    if request.method == "POST":
        prepared = prepared_hand(game_id)
        if prepared and repeats_the_last_hand(prepared[0], prepared[3]):
            return new_hand_page(prepared[0], None, prepared[5], prepared[2], repeat_of=len(prepared[0].hands))
        return writing(lambda: save_prepared(game_id, prepared) if prepared else save_hand(game_id),
                       lambda: new_hand_page(load(game_id, "change"), BUSY))
    game = load(game_id, "change")
    refused = cannot_record(game)
    if refused:
        return refused
    step = next_step(game, request.args.get("step"))
    form = game.kind.hand_form(game.scored, step)
    if step == "bids" and game.pending:
        game.kind.fill(form, {"bids": game.pending}, game.scored)
    if step == "result":
        game.kind.fill(form, game.kind.first_results(game.scored, game.pending), game.scored)
    forms.fill_from_args(form, request.args)     # values sent by a calculator
    return new_hand_page(game, None, form, step)


def new_hand_page(game: Game, problem: str | None, form=None, step: str | None = None, repeat_of: int | None = None):
    """The form for the next hand of `game` as it is now (typed values kept on a POST); with
    `repeat_of`, asking whether a hand the same as that one really is to be saved again."""
    refused = cannot_record(game)
    if refused:
        return refused
    step = step or next_step(game, request.form.get("step"))
    form = form or game.kind.hand_form(game.scored, step)
    number = len(game.hands) + 1
    forms.stamp(form, game.version, number, step)
    if problem:
        form.form_errors.append(problem)
    return hand_page(game, game.scored, form, step, number, game.pending, editing=False, repeat_of=repeat_of)


def save_hand(game_id: str):
    """POST of a hand form, inside the write transaction."""
    game = load(game_id, "change")
    number, step = forms.sent_number(request.form.get("number")), request.form.get("step", "")
    if forms.sent_number(request.form.get("version")) != game.version:
        repeated = already_saved(game, number, step)
        if repeated:
            flash(repeated)
            target = "record_hand" if number > len(game.hands) else "scoreboard"   # the bids were saved: on to the tricks
            return redirect(url_for(f"scorepad.{target}", game_id=game_id))
        return theirs_and_yours(game, number, step) or new_hand_page(game, stale_words(game, number, step))
    refused = cannot_record(game)
    if refused:
        return refused
    step, form, number, checked = posted_hand(game)
    if checked is not None and repeats_the_last_hand(game, checked[0]):
        return new_hand_page(game, None, form, step, repeat_of=len(game.hands))
    if checked is not None:
        return store_new_hand(game, number, step, *checked)
    return new_hand_page(game, None, form, step)


def posted_hand(game: Game) -> tuple[str, Any, int, tuple[dict[str, Any], ScoredGame] | None]:
    """The posted hand form read against `game` as it is now: (step, form, the hand's number, and
    the hand with the game scored after it when the form is valid and the rules accept it, else None)."""
    step = next_step(game, request.form.get("step", ""))
    form = game.kind.hand_form(game.scored, step)
    number = len(game.hands) + 1
    if not form.validate_on_submit():
        return step, form, number, None
    return step, form, number, checked_hand(form, game.scored, game.record, number, step, game.pending)


def prepared_hand(game_id: str) -> tuple[Game, int, str, dict[str, Any], ScoredGame, Any] | None:
    """The usual POST of a hand form, checked before the write transaction so the database is
    locked only while the hand is written: the form was made from the game as it is now, is valid
    and the rules accept the hand. Then (the game, the hand's number, the step, the hand, the game
    scored with it, the form); otherwise None, and save_hand reads and checks everything inside the
    transaction."""
    game = load(game_id, "change")
    if forms.sent_number(request.form.get("version")) != game.version or game.problem is not None \
            or game.scored.finished:
        return None
    step, form, number, checked = posted_hand(game)
    return None if checked is None else (game, number, step, *checked, form)


def save_prepared(game_id: str, prepared: tuple[Game, int, str, dict[str, Any], ScoredGame, Any]):
    """A hand checked by prepared_hand, inside the write transaction: written when the game is still
    at the version it was checked against (every change to a game moves its version), else saved as
    if nothing had been prepared."""
    game, number, step, hand, after, _form = prepared
    row, _role = access_to(game_id, "change")
    if row["id"] != game.row or row["version"] != game.version:
        return save_hand(game_id)
    return store_new_hand(game, number, step, hand, after)


def store_new_hand(game: Game, number: int, step: str, hand: dict[str, Any], after: ScoredGame):
    thrown_in = step == "bids" and all(bid == "pass" for bid in hand["bids"])
    if step == "bids" and not thrown_in:
        store.set_pending(db(), game.row, hand["bids"])
        remember(game, game.version + 1, game.hands, game.scored)
        return redirect(url_for("scorepad.record_hand", game_id=game.key))
    store.add_hand(db(), game.row, hand)
    remember(game, game.version + 1, [*game.hands, hand], after if not thrown_in else game.scored.then([hand]))
    if thrown_in:
        flash(_("Hand %(number)s thrown in: everyone passed.", number=hand_number(game.scored, number)))
    return redirect(url_for("scorepad.scoreboard", game_id=game.key))


@bp.get("/games/<game_id>/hands/<int:number>")
@cached_page
def show_hand(game_id: str, number: int):
    game = load(game_id)
    if not 1 <= number <= len(game.hands):
        abort(404)
    scored = game.scored
    hand = scored.hands[number - 1] if scored and number <= len(scored.hands) else None
    return render_template("hand.html", game_id=game_id, scored=scored, hand=hand, number=number,
                           label=hand_number(scored, number), adjustment=is_adjustment(game.hands[number - 1]),
                           problem=None if hand else game.problem, raw=json.dumps(game.hands[number - 1]),
                           summary=hand_summary(scored, game.hands[number - 1], hand) if hand else "",
                           last=number == len(game.hands), may_change=game.may("change"))


def fixable(game: Game, number: int):
    """A redirect when hand `number` can't be fixed now (an earlier hand can't be scored), else None."""
    if game.problem is not None and (game.broken_hand is None or game.broken_hand < number):
        flash(_("Fix or delete hand %(number)s first: %(reason)s.", number=game.broken_label,
                reason=game.problem.message)
              if game.broken_hand else _("This game can't be scored, so its hands can't be fixed here."))
        return redirect(url_for("scorepad.scoreboard", game_id=game.key))
    return None


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@cached_page
def edit_hand(game_id: str, number: int):
    if request.method == "POST":
        return writing(lambda: save_edit(game_id, number), lambda: edit_page(load(game_id, "change"), number, BUSY))
    game = load(game_id, "change")
    if not 1 <= number <= len(game.hands):
        abort(404)
    if is_adjustment(game.hands[number - 1]):
        return redirect(url_for("scorepad.edit_adjustment", game_id=game_id, number=number))
    return edit_page(game, number, None, as_stored=True)


def edit_page(game: Game, number: int, problem: str | None, form=None, as_stored: bool = False):
    """The form to fix hand `number` (filled in as stored, or with what was sent)."""
    if not 1 <= number <= len(game.hands):
        flash(_("Hand %(number)s was deleted from another phone meanwhile.", number=hand_number(game.scored, number)))
        return redirect(url_for("scorepad.scoreboard", game_id=game.key))
    refused = fixable(game, number)
    if refused:
        return refused
    before = before_hand(game.record, number)
    form = form or game.kind.hand_form(before, "full")
    if as_stored:
        game.kind.fill(form, game.hands[number - 1], before)
    forms.stamp(form, game.version, number, "full")
    if problem:
        form.form_errors.append(problem)
    return hand_page(game, before, form, "full", number, None, editing=True)


def save_edit(game_id: str, number: int):
    """POST of a fixed hand, inside the write transaction."""
    game = load(game_id, "change")
    if number < 1:
        abort(404)
    if number <= len(game.hands) and is_adjustment(game.hands[number - 1]):     # an adjustment stands there now
        flash(_("The game was changed from another phone meanwhile: check and save again."))
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    if forms.sent_number(request.form.get("version")) != game.version:
        repeated = already_saved(game, number, "full")
        if repeated:
            flash(repeated)
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
        return edit_page(game, number, _("Hand %(number)s was changed from another phone meanwhile: "
                                         "check and save again.", number=hand_number(game.scored, number))
                         if number <= len(game.hands) else None)
    if not 1 <= number <= len(game.hands) or is_adjustment(game.hands[number - 1]):
        abort(404)                                  # an adjustment is fixed with its own form
    refused = fixable(game, number)
    if refused:
        return refused
    before = before_hand(game.record, number)
    form = game.kind.hand_form(before, "full")
    if form.validate_on_submit():
        checked = checked_hand(form, before, game.record, number, "full", None)
        if checked is not None:
            hand, after = checked
            if hand != game.hands[number - 1]:
                store.replace_hand(db(), game.row, number, hand)
                remember(game, game.version + 1, [*game.hands[:number - 1], hand, *game.hands[number:]], after)
                flash(_("Hand %(number)s changed; every total after it is recomputed.", number=before.state.number))
            else:
                flash(_("Hand %(number)s is unchanged.", number=before.state.number))
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    return edit_page(game, number, None, form)


@bp.route("/games/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete_hand(game_id: str, number: int):
    if request.method == "POST":
        return writing(lambda: save_delete(game_id, number))
    game = load(game_id, "change")
    if number < 1 or number != len(game.hands):
        abort(404)
    return delete_page(game, number, forms.ChangeForm())


def delete_page(game: Game, number: int, form):
    hand = game.scored.hands[number - 1] if game.scored and number <= len(game.scored.hands) else None
    forms.stamp(form, game.version, number, "adjustment" if is_adjustment(game.hands[number - 1]) else None)
    return render_template("delete_hand.html", game_id=game.key, scored=game.scored, number=number, form=form,
                           label=hand_number(game.scored, number), adjustment=is_adjustment(game.hands[number - 1]),
                           hand=hand, raw=json.dumps(game.hands[number - 1]))


def save_delete(game_id: str, number: int):
    """POST of "Delete hand N", inside the write transaction: only hand N, and only once."""
    game = load(game_id, "change")
    back = redirect(url_for("scorepad.scoreboard", game_id=game_id))
    if number < 1:
        abort(404)
    adjustment = request.form.get("step") == "adjustment"        # what the form was made to delete
    if forms.sent_number(request.form.get("version")) != game.version:
        if number == len(game.hands) + 1:
            flash(_("The adjustment was already deleted.") if adjustment else
                  _("Hand %(number)s was already deleted.", number=hand_number(game.scored, number)))
        else:
            flash(_("The game was changed from another phone meanwhile: hand %(number)s was not deleted. "
                    "Check the scoreboard and delete again if you still want to.", number=hand_number(game.scored, number)))
        return back
    if number < 1 or number != len(game.hands):
        abort(404)
    form = forms.ChangeForm()
    if not form.validate_on_submit():
        return delete_page(game, number, form)
    if is_adjustment(game.hands[-1]):                     # the bids waiting for the next hand still wait
        store.delete_last_hand(db(), game.row, pending=game.pending)
        flash(_("Adjustment deleted."))
    else:
        store.delete_last_hand(db(), game.row)
        flash(_("Hand %(number)s deleted.", number=hand_number(game.scored, number)))
    return back
