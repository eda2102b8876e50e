"""The pages. Views stay thin: the engine scores and checks, store.py keeps the records."""
from __future__ import annotations

import json
from typing import Any

from flask import (Blueprint, Response, abort, current_app, flash, g, redirect, render_template, request,
                   url_for)

import exports
import history as history_words
import forms
import store
from rules_engine import GAMES, RuleError, ScoredGame, score
from rules_engine import calculators as calc
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
            filled = [seat for seat in range(game.max_players) if (form[f"player_{seat}"].data or "").strip()]
            player = f"player_{filled[error.seat]}" if error.seat is not None else "player_0"
            field = {"players": player, "first_dealer": "first_dealer",
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
                           banner_words=next_banner(scored), pending=pending, version=version_of(game_id),
                           created=record.get("created") or "")


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
    if request.method == "GET":
        forms.fill_from_args(form, request.args)     # values sent by a calculator
    number = len(record["hands"]) + 1
    if form.validate_on_submit():
        hand = checked_hand(form, scored, record, number, step, pending)
        if hand is not None:
            return save_new_hand(game_id, record, number, step, hand)
    return render_template("hand_form.html", game_id=game_id, scored=scored, form=form, step=step,
                           number=number, pending=pending, editing=False, **form_context(scored, pending))


def checked_hand(form, scored: ScoredGame, record: dict[str, Any], number: int, step: str,
                 pending: list[Any] | None) -> dict[str, Any] | None:
    """The hand the form describes if the rules accept it as hand `number` (bids alone for the
    bids step); otherwise None, with the reason shown next to the field concerned."""
    try:
        hand = forms.hand_from(form, scored, step, pending)
        if step == "bids":
            scored.check_bids(hand["bids"])
        else:
            score(with_hand(record, number, hand))
        return hand
    except forms.FieldError as error:
        forms.attach(form, error.field, str(error))
    except RuleError as error:
        show_rule_error(form, error, number)
    return None


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
        hand = checked_hand(form, before, record, number, "full", None)
        if hand is not None:
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

ZIP_MAGIC = b"PK\x03\x04"


def read_upload() -> tuple[str | bytes, str | None]:
    """The record text from the upload or the text box, and where it came from ("file", "zip")."""
    upload = request.files.get("record")
    if upload and upload.filename:
        data = upload.read(MAX_IMPORT_BYTES + 1)
        if len(data) > MAX_IMPORT_BYTES:
            raise forms.FieldError("record", "That file is too large to be a game record.")
        if data.startswith(ZIP_MAGIC):
            return data, "zip"
        try:
            return data.decode("utf-8"), "file"
        except UnicodeDecodeError:
            raise forms.FieldError("record", "That file is not a text file.") from None
    return request.form.get("record", ""), None


def import_zip(data: bytes) -> str:
    """Import every record in a Scorepad zip, skipping games already here; say what happened."""
    try:
        found = exports.records_in_zip(data)
    except ValueError as error:
        raise forms.FieldError("record", str(error)) from None
    added, present, bad = 0, 0, []
    for name, record in found:
        try:
            score(record)
        except (RuleError, RecursionError):
            bad.append(name.rsplit("/", 1)[-1])
            continue
        if store.find_same_game(db(), record) is not None:
            present += 1
        else:
            store.create_game(db(), record, "imported")
            added += 1
    if not found:
        raise forms.FieldError("record", "That zip holds no game records.")
    words = f"Imported {added} game{'s' if added != 1 else ''}"
    if present:
        words += f"; {present} already here, not duplicated"
    if bad:
        words += f"; not a valid record: {', '.join(bad)}"
    return words + "."


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
            if source == "zip":
                flash(import_zip(text))
                return redirect(url_for("scorepad.home"))
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


@bp.get("/games/<int:game_id>/scores.csv")
def export_csv(game_id: int):
    record, _ = load_game(game_id)
    filename = f"scorepad-{game_id}-{record['game']}.csv"
    return Response(exports.game_csv(record), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/games/export.zip")
def export_all():
    games = [(entry["id"], entry["record"]) for entry in store.list_games(db())]
    return Response(exports.all_games_zip(games), mimetype="application/zip",
                    headers={"Content-Disposition": 'attachment; filename="scorepad-games.zip"'})


@bp.get("/games/<int:game_id>/history")
def history(game_id: int):
    record, scored = load_game(game_id)
    entries, offered = [], set()
    for entry in store.history(db(), game_id):
        version = history_words.restorable(entry)
        number = entry["hand"]
        current = record["hands"][number - 1] if number and number <= len(record["hands"]) else None
        key = (number, json.dumps(version, sort_keys=True))
        can_restore = (version is not None and version != current and number <= len(record["hands"]) + 1
                       and key not in offered)          # each earlier version offered once, newest entry
        offered.add(key)
        entries.append({"entry": entry, "words": history_words.describe(scored, record, entry),
                        "can_restore": can_restore})
    return render_template("history.html", game_id=game_id, scored=scored, entries=entries, form=forms.EmptyForm())


@bp.post("/games/<int:game_id>/history/<int:entry_id>/restore")
def restore(game_id: int, entry_id: int):
    record, _ = load_game(game_id)
    entry = next((e for e in store.history(db(), game_id) if e["id"] == entry_id), None)
    version = entry and history_words.restorable(entry)
    form = forms.EmptyForm()
    if version is None or not form.validate_on_submit():
        abort(404)
    number = entry["hand"]
    if number > len(record["hands"]) + 1:
        flash(f"Hand {number} can't come back until the hands before it are there again.")
        return redirect(url_for("scorepad.history", game_id=game_id))
    try:
        score(with_hand(record, number, version))
    except RuleError as error:
        flash(f"Hand {number} can't be restored: {error}.")
        return redirect(url_for("scorepad.history", game_id=game_id))
    if number == len(record["hands"]) + 1:
        store.add_hand(db(), game_id, version, "restored")
    else:
        store.replace_hand(db(), game_id, number, version, "restored")
    flash(f"Hand {number} restored; every total after it is recomputed.")
    return redirect(url_for("scorepad.scoreboard", game_id=game_id))


# --- calculators -----------------------------------------------------------------------------

@bp.get("/calculators")
def calculators():
    return render_template("calculators.html", game_id=request.args.get("game", type=int))


def picked(name: str) -> list[str]:
    return [code for code in request.args.getlist(name) if code]


@bp.get("/calculators/deadwood")
def deadwood_calculator():
    game_id = request.args.get("game", type=int)
    knocker_codes, opponent_codes = picked("knocker"), picked("opponent")
    result, problem = None, None
    if knocker_codes:
        try:
            both = set(calc.cards(knocker_codes, "knocker")) & set(calc.cards(opponent_codes, "opponent"))
            if both:
                raise RuleError("cards", f"{', '.join(c.label for c in sorted(both))} can't be in both hands")
            knocker = calc.arrange(knocker_codes)
            opponent = calc.after_layoffs(opponent_codes, knocker.melds, gin=knocker.deadwood == 0)
            result = {"knocker": knocker, "opponent": opponent if opponent_codes else None}
        except RuleError as error:
            problem = error.message[0].upper() + error.message[1:] + "."
    fill = None
    if result and game_id and result["opponent"] is not None:
        who = request.args.get("who", "box")
        other = "team" if who == "box" else "box"
        fill = {"result": "gin" if result["knocker"].deadwood == 0 else "knock", "knocker": who,
                f"deadwood_{who}": result["knocker"].deadwood, f"deadwood_{other}": result["opponent"].deadwood}
    return render_template("deadwood.html", deck=calc.DECK, suits=calc.SUITS, symbols=calc.SUIT_SYMBOLS,
                           knocker=set(knocker_codes), opponent=set(opponent_codes), result=result,
                           problem=problem, game_id=game_id, who=request.args.get("who", "box"), fill=fill)


@bp.get("/calculators/game-points")
def game_points_calculator():
    game_id = request.args.get("game", type=int)
    sides = ["Ann & Cy", "Ben & Dee"]
    if game_id:
        _, scored = load_game(game_id)
        sides = list(scored.sides)
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


# --- rules pages -----------------------------------------------------------------------------

@bp.get("/rules")
def rules_index():
    return render_template("rules_index.html", games=GAMES.values())


@bp.get("/rules/<game_name>")
def rules(game_name: str):
    game = GAMES.get(game_name) or abort(404)
    game_id = request.args.get("game", type=int)
    table = None
    if game_id:
        _, scored = load_game(game_id)
        if scored.game.id != game.id:
            abort(404)
        table = scored.table
    players = table.size if table else game.min_players
    settings = [{"setting": s, "value": table.settings[s.name] if table else None,
                 "by_count": forms.count_defaults(game, s.name)} for s in game.settings(players)]
    return render_template("rules.html", game=game, settings=settings, table=table, game_id=game_id)
