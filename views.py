"""The pages. Views stay thin: the engine scores and checks, store.py keeps the records."""
from __future__ import annotations

import json
from typing import Any

from flask import (Blueprint, Response, abort, current_app, flash, g, redirect, render_template, request,
                   url_for)

import forms
import store
from rules_engine import GAMES, RuleError, ScoredGame, score
from summary import back_alley_lead, hand_summary, next_banner

bp = Blueprint("scorepad", __name__)
MAX_IMPORT_BYTES = 2_000_000


def db():
    if "db" not in g:
        g.db = store.open_db(current_app.config["DATABASE"])
    return g.db


def load_game(game_id: int) -> tuple[dict[str, Any], ScoredGame]:
    record = store.record_of(db(), game_id)
    if record is None:
        abort(404)
    return record, score(record)


def before_hand(record: dict[str, Any], number: int) -> ScoredGame:
    """The game as it stood before hand `number` (1-based)."""
    return score({**record, "hands": record["hands"][:number - 1]})


def with_hand(record: dict[str, Any], number: int, hand: dict[str, Any]) -> dict[str, Any]:
    hands = list(record["hands"])
    hands[number - 1:number] = [hand]
    return {**record, "hands": hands}


def show_rule_error(form, error: RuleError, number: int) -> None:
    if error.place == f"hand {number}":
        forms.attach(form, forms.field_for(error), error.message[0].upper() + error.message[1:] + ".")
    else:
        form.form_errors.append(f"That would make {error.place} impossible: {error.message}.")


# --- home and new games ----------------------------------------------------------------------

@bp.get("/")
def home():
    games = []
    for entry in store.list_games(db()):
        scored = score(entry["record"])
        games.append({"id": entry["id"], "title": scored.game.title, "scored": scored,
                      "updated": entry["updated"], "players": entry["record"]["players"]})
    return render_template("home.html", games=games)


@bp.get("/games/new")
def choose_game():
    return render_template("choose_game.html", games=GAMES.values())


@bp.route("/games/new/<game_id>", methods=["GET", "POST"])
def new_game(game_id: str):
    game = GAMES.get(game_id) or abort(404)
    count = sum(1 for seat in range(game.max_players) if request.form.get(f"player_{seat}", "").strip())
    form = forms.new_game_form(game, max(count, game.min_players))
    if form.validate_on_submit():
        try:
            record = forms.record_from_new_game(form, game)
            score(record)
        except forms.FieldError as error:
            forms.attach(form, error.field, str(error))
        except RuleError as error:
            field = {"players": "player_0", "first_dealer": "first_dealer",
                     "first_captain": "first_captain"}.get(error.place, "settings")
            forms.attach(form, field, error.message[0].upper() + error.message[1:] + ".")
        else:
            game_row = store.create_game(db(), record)
            return redirect(url_for("scorepad.scoreboard", game_id=game_row))
    return render_template("new_game.html", game=game, form=form, names=store.known_names(db()))


# --- the scoreboard and hands ------------------------------------------------------------------

@bp.get("/games/<int:game_id>")
def scoreboard(game_id: int):
    record, scored = load_game(game_id)
    rows = [{"hand": hand, "summary": hand_summary(scored, record["hands"][hand.number - 1], hand)}
            for hand in scored.hands]
    pending = store.pending_bids(db(), game_id)
    return render_template("scoreboard.html", game_id=game_id, scored=scored, rows=rows,
                           banner_words=next_banner(scored), pending=pending, version=version_of(game_id))


def version_of(game_id: int) -> str:
    row = store.get_row(db(), game_id)
    return f"{row['updated']}|{row['pending']}"


@bp.get("/games/<int:game_id>/version")
def game_version(game_id: int):
    """Changes whenever the game does: the scoreboard polls it to refresh itself."""
    if store.get_row(db(), game_id) is None:
        abort(404)
    return Response(version_of(game_id), mimetype="text/plain", headers={"Cache-Control": "no-store"})


def form_context(scored: ScoredGame, pending: list[Any] | None) -> dict[str, Any]:
    """What a hand form shows beside its fields, all worked out by the engine."""
    context: dict[str, Any] = {"banner_words": next_banner(scored), "lead_words": ""}
    if scored.game.id in ("pitch", "smear"):
        context["bid_choices"] = {seat: scored.bid_choices(seat) for seat in range(scored.table.size)}
    if pending and scored.game.id == "back_alley":
        context["lead_words"] = back_alley_lead(scored, pending)
    return context


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
def record_hand(game_id: int):
    record, scored = load_game(game_id)
    if scored.finished:
        flash("The game is over: fix a hand or start a new game.")
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    pending = store.pending_bids(db(), game_id)
    two_step = scored.game.two_step
    step = "full" if not two_step else "result" if pending and request.values.get("step") != "bids" else "bids"
    form = forms.hand_form(scored, step)
    if request.method == "GET" and step == "bids" and pending:
        forms.fill(form, {"bids": pending}, scored)
    number = len(record["hands"]) + 1
    if form.validate_on_submit():
        try:
            hand = forms.hand_from(form, scored, step, pending)
            if step == "bids":
                scored.check_bids(hand["bids"])
            else:
                score(with_hand(record, number, hand))
        except forms.FieldError as error:
            forms.attach(form, error.field, str(error))
        except RuleError as error:
            show_rule_error(form, error, number)
        else:
            return save_new_hand(game_id, record, number, step, hand)
    return render_template("hand_form.html", game_id=game_id, scored=scored, form=form, step=step,
                           number=number, pending=pending, editing=False, **form_context(scored, pending))


def save_new_hand(game_id: int, record: dict[str, Any], number: int, step: str, hand: dict[str, Any]):
    thrown_in = step == "bids" and all(bid == "pass" for bid in hand["bids"])
    if step == "bids" and not thrown_in:
        store.set_pending(db(), game_id, hand["bids"])
        return redirect(url_for("scorepad.record_hand", game_id=game_id))
    store.add_hand(db(), game_id, hand)
    if thrown_in:
        flash(f"Hand {number} thrown in: everyone passed.")
    return redirect(url_for("scorepad.scoreboard", game_id=game_id))


@bp.get("/games/<int:game_id>/hands/<int:number>")
def show_hand(game_id: int, number: int):
    record, scored = load_game(game_id)
    if not 1 <= number <= len(scored.hands):
        abort(404)
    hand = scored.hands[number - 1]
    return render_template("hand.html", game_id=game_id, scored=scored, hand=hand,
                           summary=hand_summary(scored, record["hands"][number - 1], hand),
                           last=number == len(scored.hands), form=forms.EmptyForm())


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: int, number: int):
    record, _ = load_game(game_id)
    if not 1 <= number <= len(record["hands"]):
        abort(404)
    before = before_hand(record, number)
    form = forms.hand_form(before, "full")
    if request.method == "GET":
        forms.fill(form, record["hands"][number - 1], before)
    if form.validate_on_submit():
        try:
            hand = forms.hand_from(form, before, "full")
            score(with_hand(record, number, hand))
        except forms.FieldError as error:
            forms.attach(form, error.field, str(error))
        except RuleError as error:
            show_rule_error(form, error, number)
        else:
            if hand != record["hands"][number - 1]:
                store.replace_hand(db(), game_id, number, hand)
                flash(f"Hand {number} changed; every total after it is recomputed.")
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    return render_template("hand_form.html", game_id=game_id, scored=before, form=form, step="full",
                           number=number, pending=None, editing=True, **form_context(before, None))


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete_hand(game_id: int, number: int):
    record, scored = load_game(game_id)
    if number != len(record["hands"]):
        abort(404)
    form = forms.EmptyForm()
    if form.validate_on_submit():
        store.delete_last_hand(db(), game_id)
        flash(f"Hand {number} deleted.")
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    return render_template("delete_hand.html", game_id=game_id, scored=scored, number=number, form=form,
                           hand=scored.hands[number - 1])


# --- import and export ---------------------------------------------------------------------

def read_upload() -> tuple[str, str | None]:
    """The record text from the upload or the text box, and the field it came from."""
    upload = request.files.get("record")
    if upload and upload.filename:
        data = upload.read(MAX_IMPORT_BYTES + 1)
        if len(data) > MAX_IMPORT_BYTES:
            raise forms.FieldError("record", "That file is too large to be a game record.")
        try:
            return data.decode("utf-8"), "file"
        except UnicodeDecodeError:
            raise forms.FieldError("record", "That file is not a text file.") from None
    return request.form.get("record", ""), None


def parse_record(text: str) -> dict[str, Any]:
    if not text.strip():
        raise forms.FieldError("record", "Choose a file or paste a record.")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise forms.FieldError("record", "That is not a scorepad/1 record: it is not valid JSON.") from None
    try:
        score(record)
    except RecursionError:
        raise forms.FieldError("record", "That record is nested too deeply.") from None
    except RuleError as error:
        raise forms.FieldError("record", f"That record can't be imported: {error}.") from None
    return record


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    form = forms.ImportForm()
    if form.validate_on_submit():
        try:
            text, source = read_upload()
            form.record.data = "" if source else text
            record = parse_record(text)
        except forms.FieldError as error:
            forms.attach(form, error.field, str(error))
        else:
            game_id = store.create_game(db(), record, "imported")
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    return render_template("import.html", form=form)


@bp.get("/games/<int:game_id>/record.json")
def export_record(game_id: int):
    record, _ = load_game(game_id)
    body = json.dumps(record, indent=1, ensure_ascii=False)
    filename = f"scorepad-{game_id}-{record['game']}.json"
    return Response(body + "\n", mimetype="application/json",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})
