"""The history of a game and going back in it: restore any earlier version of a hand, or undo
the last change in one tap. Each is itself a history entry, checked against the game's version."""
from __future__ import annotations

import itertools
import json

from flask import abort, flash, redirect, render_template, request, url_for

from rules_engine import RuleError, ScoredGame, score
from rules_engine.adjustment import is_adjustment
from scorepad.storage import store
from scorepad.web import forms
from scorepad.web.i18n import _
from scorepad.words import history as history_words
from scorepad.words.summary import hand_number

from . import Game, bp, db, load, with_hand, writing


@bp.get("/games/<game_id>/history")
def history(game_id: str):
    game = load(game_id)
    scored = game.scored or words_only(game)
    entries, offered, every = [], set(), store.history(db(), game.row)
    for entry in every:
        version = history_words.restorable(entry)
        number = entry["hand"]
        current = game.hands[number - 1] if number and number <= len(game.hands) else None
        key = (number, json.dumps(version, sort_keys=True))
        can_restore = (version is not None and version != current and number <= len(game.hands) + 1
                       and key not in offered and same_kind(current, version)    # each offered once, newest entry
                       and not another_adjustment(every, entry, current))
        offered.add(key)
        words = history_words.describe(scored, game.record, entry) if scored else history_words.hand_did(number, entry["action"])
        entries.append({"entry": entry, "words": words, "can_restore": can_restore,
                        "adjustment": history_words.about_adjustment(entry), "label": hand_number(scored, number or 0)})
    return render_template("history.html", game=game, game_id=game_id, scored=scored, entries=entries,
                           form=forms.stamp(forms.ChangeForm(), game.version))


def words_only(game: Game) -> ScoredGame | None:
    """Names and sides for the history of a game whose first hand can't be scored."""
    try:
        return score({**game.record, "hands": []})
    except RuleError:
        return None


@bp.post("/games/<game_id>/history/<int:entry_id>/restore")
def restore(game_id: str, entry_id: int):
    return writing(lambda: save_restore(game_id, entry_id))


def save_restore(game_id: str, entry_id: int):
    """POST of "Restore hand N", inside the write transaction."""
    game = load(game_id, "change")
    every = store.history(db(), game.row)
    entry = next((e for e in every if e["id"] == entry_id), None)
    version = entry and history_words.restorable(entry)
    if version is None:
        abort(404)
    number = entry["hand"]
    back = redirect(url_for("scorepad.history", game_id=game_id))
    current = game.hands[number - 1] if number <= len(game.hands) else None
    label = hand_number(game.scored, number)
    adjustment = is_adjustment(version)
    if forms.sent_number(request.form.get("version")) != game.version:
        flash((_("The adjustment was already restored.") if adjustment else
               _("Hand %(number)s was already restored.", number=label)) if current == version else
              _("The game was changed from another phone meanwhile: nothing was restored. Check and try again."))
        return back
    if not forms.ChangeForm().validate_on_submit():
        flash(_("That button had expired: nothing was restored. Try again."))
        return back
    if not same_kind(current, version):
        flash(_("The adjustment can't come back in the place of hand %(number)s.", number=label) if adjustment else
              _("Hand %(number)s can't come back in the place of an adjustment.", number=label))
        return back
    if another_adjustment(every, entry, current):
        flash(_("Another adjustment stands in its place now: nothing was restored. Delete that one first if "
                "this one should take its place."))
        return back
    if number > len(game.hands) + 1:
        flash(_("The adjustment can't come back until the hands before it are there again.") if adjustment else
              _("Hand %(number)s can't come back until the hands before it are there again.", number=label))
        return back
    try:
        score(with_hand(game.record, number, version))
    except RuleError as error:
        flash(_("The adjustment can't be restored: %(reason)s.", reason=str(error)) if adjustment else
              _("Hand %(number)s can't be restored: %(reason)s.", number=label, reason=str(error)))
        return back
    if number == len(game.hands) + 1:
        store.add_hand(db(), game.row, version, "restored", pending=game.pending if adjustment else None)
    else:
        store.replace_hand(db(), game.row, number, version, "restored")
    flash(_("Adjustment restored; every total after it is recomputed.") if adjustment else
          _("Hand %(number)s restored; every total after it is recomputed.", number=label))
    return redirect(url_for("scorepad.scoreboard", game_id=game_id))


def another_adjustment(history: list[dict], entry: dict, current: dict | None) -> bool:
    """Whether the adjustment standing where `entry`'s was is another one: the place was emptied by
    `entry` or by a change after it, and filled again since. A hand's place is the hand's whatever
    was played there; an adjustment is its note and points, so it never takes another's place."""
    return (current is not None and is_adjustment(current)
            and any(e["id"] >= entry["id"] and e["hand"] == entry["hand"] and e["after"] is None for e in history))


def same_kind(current: dict | None, version: dict) -> bool:
    """Whether `version` may come back where `current` stands now: nothing there, or the same kind of
    entry (a hand for a hand, an adjustment for an adjustment)."""
    return current is None or is_adjustment(current) == is_adjustment(version)


UNDOABLE = ("recorded", "edited", "deleted", "restored", "undone", "bids", "bids cleared")


def last_change(game: Game) -> dict | None:
    """The newest change to a game that Undo can take back (None when there is none), with what a
    tap does: `redo` when the change stands taken back by an undo, and `change`, the change it is
    about. Each undo takes back the entry before it, so after undos in a row an odd count has taken
    the change back and an even count has done it again."""
    entries = store.newest_entries(db(), game.row)
    entry = next(entries, None)
    if not (entry and entry["action"] in UNDOABLE and entry["hand"]):
        return None
    undos, change = 0, entry
    for change in itertools.chain([entry], entries):
        if change["action"] != "undone":
            break
        undos += 1
    return {**entry, "redo": undos % 2 == 1, "change": change}


def undo_button(game: Game, entry: dict) -> str:
    """The words on the Undo button: "Undo: hand 3 recorded", or "Redo hand 3" when the last change
    was an undo (undoing that does the change again)."""
    if entry["redo"] and history_words.bids_only(entry):
        return _("Redo: the bids for hand %(number)s", number=hand_number(game.scored, entry["hand"]))
    if entry["redo"] and history_words.about_adjustment(entry):
        return _("Redo the adjustment")
    if entry["redo"]:
        return _("Redo hand %(number)s", number=hand_number(game.scored, entry["hand"]))
    return _("Undo: %(change)s", change=undo_words(game, entry["change"]))


def about_bids(entry: dict) -> bool:
    """An entry that changed only the bids waiting for their tricks (an undo of one too)."""
    return entry["action"].startswith("bids") or entry["action"] == "undone" and history_words.bids_only(entry)


def undo_words(game: Game, entry: dict) -> str:
    if about_bids(entry):
        return _("the bids for hand %(number)s", number=hand_number(game.scored, entry["hand"]))
    return history_words.entry_did(game.scored, entry)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    return writing(lambda: save_undo(game_id))


def save_undo(game_id: str):
    """POST of "Undo": the last change taken back, as a change of its own."""
    game = load(game_id, "change")
    back = redirect(url_for("scorepad.scoreboard", game_id=game_id))
    entry = last_change(game)
    wanted = forms.sent_number(request.form.get("entry"))
    if forms.sent_number(request.form.get("version")) != game.version or entry is None or entry["id"] != wanted:
        flash(_("The game was changed meanwhile (perhaps on another phone), so nothing was undone: "
                "check the scoreboard and undo again if you still want to."))
        return back
    if not forms.ChangeForm().validate_on_submit():
        flash(_("That button had expired: nothing was undone. Try again."))
        return back
    refused = take_back(game, entry)
    if refused:
        flash(refused)
    elif entry["redo"] and about_bids(entry):
        flash(_("Redone: the bids for hand %(number)s.", number=hand_number(game.scored, entry["hand"])))
    elif entry["redo"] and history_words.about_adjustment(entry):
        flash(_("Redone: the adjustment."))
    elif entry["redo"]:
        flash(_("Redone: hand %(number)s.", number=hand_number(game.scored, entry["hand"])))
    else:
        flash(_("Undone: %(change)s.", change=undo_words(game, entry["change"])))
    return back


def take_back(game: Game, entry: dict) -> str | None:
    """Put back what `entry` changed; the reason when the rules refuse it (nothing is changed then)."""
    number, before = entry["hand"], entry["before"]
    if about_bids(entry):
        if number != len(game.hands) + 1:
            return _("Can't undo %(change)s: hand %(number)s has been played since.", change=undo_words(game, entry),
                     number=hand_number(game.scored, number))
        store.set_pending(db(), game.row, (before or {}).get("bids"), "undone")
        return None
    if before is None:                                 # the change added hand `number`: its bids wait again
        if number != len(game.hands):
            return _("Can't undo %(change)s: it is no longer the last hand.", change=undo_words(game, entry))
        store.delete_last_hand(db(), game.row, "undone", pending=entry["pending"])
        return None
    if number > len(game.hands) + 1:
        return _("Can't undo %(change)s: the hands before it are gone.", change=undo_words(game, entry))
    try:
        score(with_hand(game.record, number, before))
    except RuleError as error:
        return _("Can't undo %(change)s: %(reason)s.", change=undo_words(game, entry), reason=str(error))
    if number == len(game.hands) + 1:                  # a deleted hand back, and the bids it dropped
        store.add_hand(db(), game.row, before, "undone", pending=entry["pending"])
    else:
        store.replace_hand(db(), game.row, number, before, "undone")
    return None
