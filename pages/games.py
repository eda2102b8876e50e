"""Home, new games and the scoreboard."""
from __future__ import annotations

import secrets

from flask import abort, jsonify, redirect, render_template, request, url_for

import access
import forms
import store
from rules_engine import GAMES, RuleError, score
from summary import hand_summary, next_banner

from . import bp, cached_page, changes, db, kept_page, load, made_here, peek, scored_version, summary_of, writing


HOME_PAGE_SIZE = 20


@bp.get("/")
def home():
    """The newest games this browser may see, a page at a time, read from their summaries."""
    owner, browser = access.is_owner(), access.browser()
    return kept_page(("owner" if owner else browser, *store.home_stamp(db(), browser, owner)), home_page)


def home_page():
    owner = access.is_owner()
    shelf = request.args.get("shelf") if request.args.get("shelf") in ("archived", "bin") else "home"
    search = (request.args.get("q") or "").strip()[:40]
    page = max(1, min(forms.sent_number(request.args.get("page")) or 1, 10_000))
    rows = store.game_rows(db(), access.browser(), owner, "found" if search and shelf == "home" else shelf, search,
                           (page - 1) * HOME_PAGE_SIZE, HOME_PAGE_SIZE + 1)
    games = [home_entry(row) for row in rows[:HOME_PAGE_SIZE]]
    return render_template("home.html", games=games, owner=owner, shelf=shelf, search=search, page=page,
                           more=len(rows) > HOME_PAGE_SIZE)


def home_entry(row) -> dict:
    """A game on the home page, from its summary (worked out afresh if someone wrote the game
    without updating it)."""
    players = store.load(row["players"])
    kind = GAMES.get(row["game"])
    summary, hands = store.load(row["summary"]), row["hands"]
    if row["summary_version"] != row["version"]:
        record, scored, problem = scored_version(row)
        summary, hands = summary_of(record, scored, problem), len(record["hands"])
    return {"id": row["key"], "title": kind.title if kind else "Unknown game", "hands": hands,
            "players": [str(name) for name in players] if isinstance(players, list) else [],
            "updated": row["updated"], **summary}


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
            key = forms.sent_key(form.key.data)
            game_row = writing(lambda: start_game(record, key), lambda: None)
            if game_row is not None:
                return redirect(url_for("scorepad.scoreboard", game_id=game_row))
            form.form_errors.append("Another phone was saving at the same moment: the game was not started yet. "
                                    "Tap Start the game again.")
    if not forms.sent_key(form.key.data):
        form.key.data = secrets.token_urlsafe(16)
    return render_template("new_game.html", game=game, form=form, names=store.known_names(db()))


def start_game(record, form_key: str | None) -> str:
    """A new game, once: a second tap on "Start the game" finds the game the first one made."""
    existing = store.game_made_by(db(), form_key)
    return store.get_row(db(), existing)["key"] if existing is not None else made_here(record, key=form_key)


HANDS_PAGE_SIZE = 50


@bp.get("/games/<game_id>")
@cached_page
def scoreboard(game_id: str):
    """Totals, the next hand and the hands, newest first, a page at a time."""
    game = load(game_id)
    scored = game.scored
    played = list(reversed(scored.hands)) if scored else []
    pages = max(1, -(-len(played) // HANDS_PAGE_SIZE))
    page = min(max(1, forms.sent_number(request.args.get("page")) or 1), pages)
    shown = played[(page - 1) * HANDS_PAGE_SIZE:page * HANDS_PAGE_SIZE]
    rows = [{"hand": hand, "summary": hand_summary(scored, game.hands[hand.number - 1], hand)} for hand in shown]
    undo = changes.last_change(game) if game.may("change") else None
    return render_template("scoreboard.html", game=game, game_id=game_id, scored=scored, rows=rows,
                           page=page, pages=pages, undo=undo, undo_words=undo and changes.undo_words(undo),
                           banner_words=next_banner(scored) if scored and not game.problem else [],
                           pending=game.pending, version=game.version,
                           created=game.record.get("created") or "", form=forms.stamp(forms.ChangeForm(), game.version))


@bp.get("/games/<game_id>/version")
def game_version(game_id: str):
    """Changes whenever the game does: open pages poll it to follow other phones (one small query)."""
    row = peek(game_id)
    hands = store.hand_count(db(), row["id"])
    response = jsonify({"version": row["version"], "hands": hands})
    response.set_etag(str(row["version"]))
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
