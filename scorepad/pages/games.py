"""Home, new games and the scoreboard."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from flask import Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup

from rules_engine import GAMES, Game, Kind, RuleError, ScoredGame, score
from rules_engine.adjustment import hands_played
from rules_engine.record import place_words, read_settings
from scorepad.games import every_game, pages_of, title_of
from scorepad.storage import store
from scorepad.web import access, chart, colours, forms, i18n
from scorepad.web.caches import ROWS, SETTINGS_LINES, memoized
from scorepad.web.i18n import _
from scorepad.words.result import result_lines
from scorepad.words.summary import hand_summary, next_banner

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
    summary, hands = store.load(row["summary"]), row["hands"]
    if row["summary_version"] != row["version"]:
        record, scored, problem = scored_version(row)
        summary, hands = summary_of(record, scored, problem), hands_played(record["hands"])
    if "problem" in summary:
        summary["problem"] = place_words(str(summary["problem"]))         # stored as text: words again
    return {"id": row["key"], "title": title_of(row["game"]), "hands": hands,
            "players": [str(name) for name in players] if isinstance(players, list) else [],
            "updated": row["updated"], **summary}


@bp.get("/games/new")
def choose_game():
    return render_template("choose_game.html", games=[pages.game for pages in every_game()], tables=play_again())


PLAY_AGAIN = 5          # tables offered under "Play again"


def full_settings(kind, players: list[Any], settings: dict[str, Any]) -> dict[str, Any]:
    """Every setting of a table as the engine reads them, defaults filled in (so "to 11" and "not
    given" are the same table, and an optional number given as none stays none). RuleError when the
    engine refuses them."""
    return dict(read_settings(kind, settings, max(len(players), kind.min_players)))


def play_again() -> list[dict[str, Any]]:
    """The last few different tables this browser played: game, players, and the settings that
    differ from the defaults, each opening the new-game form filled in from its latest game."""
    tables, seen = [], set()
    for table in store.recent_tables(db(), access.browser(), most=4 * PLAY_AGAIN):
        kind = GAMES.get(table["game"])
        players = table["players"] if isinstance(table["players"], list) else []
        if kind is None or not players:
            continue
        try:
            settings = full_settings(kind, players, table["settings"])
        except RuleError:                       # a record stored by hand, or by another version: not offered
            continue
        same = (kind.id, tuple(map(str, players)), tuple(sorted(settings.items(), key=str)))
        if same in seen:
            continue
        seen.add(same)
        defaults = full_settings(kind, players, {})
        changed = settings_words(kind, {name: value for name, value in kind.settings_in_play(settings).items()
                                  if value != defaults.get(name)})
        tables.append({"key": table["key"], "kind": kind, "players": [str(name) for name in players],
                       "settings": changed or _("default settings")})
        if len(tables) == PLAY_AGAIN:
            break
    return tables


def settings_words(game: Game, settings: dict[str, Any]) -> str:
    """A game's settings in a line ("max cards 7, order up then down"), in the page's language."""
    return settings_line(i18n.lang(), game.id, tuple(settings.items()))


@memoized(SETTINGS_LINES)
def settings_line(lang: str, game_id: str, settings: tuple[tuple[str, Any], ...]) -> str:
    game = GAMES[game_id]
    return i18n.comma().join(
        _("%(setting)s %(value)s", setting=setting_name(game, name),
          value=forms.setting_value(forms.setting_of(game, name), value))
        for name, value in settings)


def setting_name(game: Game, name: str) -> str:
    """A setting's name in a sentence ("max cards 7"): its label, lower case as English writes it mid-line."""
    label = forms.setting_label(game, name)
    return label[:1].lower() + label[1:]


def readable_record(key: str | None) -> dict[str, Any] | None:
    """The record and score of a game this browser may read (None for any other key, never a 404:
    a "Play again" link to a game that went away just opens an empty form)."""
    row, role = access.game_and_role(db(), key) if key else (None, None)
    if row is None or role is None or (row["deleted"] and role != "owner"):
        return None
    record, scored, problem = scored_version(row)
    return {"record": record, "scored": scored}


def passed_on(record: dict[str, Any], scored: ScoredGame | None) -> dict[str, int]:
    """Who starts the next game at this table: the deal passes on from where this game stopped
    (the next hand's dealer, or after a finished game the seat after the last dealer); in a game
    whose first seat sits in the box, the captain too (the game's next captain, or the seat after
    the new box)."""
    count = len(record["players"])
    pages = pages_of(record["game"])
    start = {"first_dealer": record.get("first_dealer") or 0}
    if pages.first_role == "box":           # the box deals; a captain is chosen too
        start["first_captain"] = record.get("first_captain", (start["first_dealer"] + 1) % count)
    if scored is None:
        return start
    upcoming = scored.next
    if upcoming is not None:
        start["first_dealer"] = upcoming["dealer"]
        if "first_captain" in start:
            captain = pages.next_captain(scored)
            start["first_captain"] = (upcoming["dealer"] + 1) % count if captain is None else captain
    elif scored.hands:
        start["first_dealer"] = (scored.hands[-1].facts["dealer"] + 1) % count
        if "first_captain" in start:
            start["first_captain"] = (start["first_dealer"] + 1) % count
    return start


def same_table(record: dict[str, Any], scored: ScoredGame | None) -> dict[str, Any]:
    """A new record for the same game, players, colours, settings and note, the deal passing on."""
    again = {"format": record["format"], "game": record["game"], "players": list(record["players"]),
             "colours": colours.shown(record.get("colours"), len(record["players"])),
             "settings": dict(record.get("settings") or {}), **passed_on(record, scored), "hands": []}
    if store.note_of(record):
        again["note"] = store.note_of(record)
    return again


def fill_from(form, kind, source: dict[str, Any]) -> None:
    """Fill the new-game form from an earlier game: players and their colours, the next dealer,
    settings and note."""
    record = source["record"]
    seat_colours = colours.shown(record.get("colours"), len(record["players"]))
    for seat, name in enumerate(record["players"][:kind.max_players]):
        form[f"player_{seat}"].data = str(name)
        form[f"colour_{seat}"].data = seat_colours[seat]
    for key, seat in passed_on(record, source["scored"]).items():
        if key in form:
            form[key].data = str(seat)
    fill_settings(form, kind, record.get("settings") or {}, len(record["players"]))
    form.note.data = store.note_of(record) or ""


def fill_settings(form, kind, settings: dict[str, Any], count: int) -> None:
    """Put settings into the new-game form (those given; the rest keep what the form has)."""
    for setting in kind.settings(max(count, kind.min_players)):
        value, field = settings.get(setting.name), f"setting_{setting.name}"
        if field not in form or value is None and not (setting.optional and setting.name in settings):
            continue
        if value is None:                                  # an optional number the game had none of: blank
            form[field].data = ""
            continue
        form[field].data = str(value) if setting.kind is Kind.WHOLE else list(value) if setting.kind is Kind.LIST else value


@bp.route("/games/new/<game_id>", methods=["GET", "POST"])
def new_game(game_id: str):
    game = GAMES.get(game_id) or abort(404)
    source = readable_record(request.args.get("from")) if request.method == "GET" else None
    if source is not None and source["record"]["game"] != game.id:
        source = None
    count = sum(1 for seat in range(game.max_players) if request.form.get(f"player_{seat}", "").strip())
    if source is not None:
        count = len(source["record"]["players"])
    form = forms.new_game_form(game, max(count, game.min_players), pages_of(game).first_role)
    if source is not None:
        fill_from(form, game, source)
    preset = request.args.get("preset") if request.args.get("preset") in pages_of(game).presets else None
    if preset and request.method == "GET":             # a ready-made choice: its settings filled in
        fill_settings(form, game, pages_of(game).presets[preset][1], count)
    valid = form.validate_on_submit()
    if form.is_submitted() and not ("csrf_token" in form and form.csrf_token.errors):
        try:            # read even past a name or note too long, so every problem shows at once
            record = forms.record_from_new_game(form, game)
            score(record)
        except forms.FieldError as error:
            forms.attach_error(form, error, once=True)
        except RuleError as error:      # the whole table's checks (the players' own: record_from_new_game)
            field = {"first_dealer": "first_dealer", "first_captain": "first_captain"}.get(error.place, "settings")
            if error.place == "settings" and f"setting_{error.field}" in form:
                field = f"setting_{error.field}"               # next to the setting it concerns, by its label
                error = forms.named(error, form[field].label.text)
            forms.attach(form, field, forms.reason(error))
        else:
            key = forms.sent_key(form.key.data)
            game_row = writing(lambda: start_game(record, key), lambda: None) if valid else None
            if game_row is not None:
                return redirect(url_for("scorepad.scoreboard", game_id=game_row))
            if valid:
                form.form_errors.append(_("Another phone was saving at the same moment: the game was not started "
                                          "yet. Tap Start the game again."))
    if not forms.sent_key(form.key.data):
        form.key.data = secrets.token_urlsafe(16)
    return render_template("new_game.html", game=game, form=form, names=store.known_names(db()), palette=colours.BY_ID,
                           partners_opposite=pages_of(game).partners_opposite, preset=preset)


def start_game(record, form_key: str | None) -> str:
    """A new game, once: a second tap on "Start the game" finds the game the first one made."""
    existing = store.game_made_by(db(), form_key)
    return store.get_row(db(), existing)["key"] if existing is not None else made_here(record, key=form_key)


def rematch_key(game_row: int, version: int) -> str:
    """The one-time key of the rematch of a game as it stood at `version`: a second tap, or a
    second phone tapping Rematch on the same scoreboard, finds the game the first tap made.
    Keyed with the app's secret so no other form can take it."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return "rematch-" + hmac.new(secret, f"rematch {game_row} {version}".encode(), hashlib.sha256).hexdigest()[:30]


@bp.route("/games/<game_id>/rematch", methods=["GET", "POST"])
def rematch(game_id: str):
    """The same game again: same players, settings and note, the deal passing on. Asked first (a
    GET) from a game still in play, whose phones would otherwise move to a new game on one tap."""
    game = load(game_id, "change")
    if request.method == "GET":
        return render_template("rematch.html", game=game, game_id=game.key, scored=game.scored, version=game.version,
                               note=game.record.get("note") or "", next_first=next_first(game))
    if not forms.ChangeForm().validate_on_submit():
        flash(_("That button had expired: no game was started. Tap Rematch again."))
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    record = same_table(game.record, game.scored)
    try:
        score(record)
    except RuleError as error:
        flash(_("A rematch can't be started: %(reason)s.", reason=error.message))
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    key = rematch_key(game.row, forms.sent_number(request.form.get("version")) or game.version)

    def start() -> str:
        existing = store.game_made_by(db(), key)
        if existing is None:
            return made_here(record, key=key)
        store.add_member(db(), access.browser(create=True), existing, "scorer")   # a scorer of the game it follows
        return store.get_row(db(), existing)["key"]

    new_key = writing(start, lambda: None)
    if new_key is None:
        flash(_("Another phone was saving at the same moment: no game was started. Tap Rematch again."))
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    dealer = record["players"][record["first_dealer"]]
    flash(_("Rematch: %(player)s is in the box first.", player=dealer) if pages_of(record["game"]).first_role == "box"
          else _("Rematch: %(player)s deals first.", player=dealer))
    return redirect(url_for("scorepad.scoreboard", game_id=new_key))


HANDS_PAGE_SIZE = 25         # a whole game of Back Alley (25 deals) on one page


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
    rows = hand_rows(game, shown, url_for("scorepad.show_hand", game_id=game_id, number=0)[:-1])
    undo = changes.last_change(game) if game.may("change") else None
    return render_template("scoreboard.html", game=game, game_id=game_id, scored=scored, rows=rows,
                           page=page, pages=pages, undo=undo, undo_words=undo and changes.undo_button(game, undo),
                           banner_words=next_banner(scored) if scored and not game.problem else [],
                           pending=game.pending, version=game.version,
                           created=game.record.get("created") or "", note=game.record.get("note") or "",
                           settings=settings_words(scored.game, scored.game.settings_in_play(scored.table.settings))
                           if scored else "",
                           chart=chart_image(scored), next_first=next_first(game),
                           share_text="\n".join(result_lines(game.record, scored)) if scored and scored.finished else "")


def hand_rows(game, shown: list[Any], link: str) -> Markup:
    """The scoreboard rows of the hands `shown`, each rendered once per worker for the same scored
    hand (a hand scored anew is a new object) in the same language and game."""
    template = current_app.jinja_env.get_template("_hand_row.html")
    scored, out = game.scored, []
    if not shown:
        return Markup("")
    place = (current_app.config["DATABASE"], game.row, i18n.lang(), link, scored.table.players)
    for hand in shown:
        kept = ROWS.get((*place, id(hand)))
        if kept is None or kept[0] is not hand:          # the entry holds its hand, so no other has its id
            raw = game.hands[hand.entry - 1]
            kept = (hand, template.render(hand=hand, link=link, summary=hand_summary(scored, raw, hand)))
            ROWS.put((*place, id(hand)), kept)
        out.append(kept[1])
    return Markup("".join(out))


def next_first(game) -> str:
    """Who would deal first in a rematch (for the Rematch button's help line)."""
    if game.scored is None:
        return ""
    return game.scored.table.name(passed_on(game.record, game.scored)["first_dealer"])


def chart_image(scored) -> dict[str, Any] | None:
    """The scoreboard's image of the chart: its alternative text and height (None before the first hand)."""
    if scored is None or not scored.hands:
        return None
    return {"label": chart.chart_label(scored.sides, scored.state.number - 1, scored.totals),
            "height": chart.chart_height(len(scored.sides)),
            "adjusted": any(hand.is_adjustment for hand in scored.hands)}


@bp.get("/games/<game_id>/chart.svg")
@cached_page
def chart_picture(game_id: str):
    """The chart of every side's running total, hand by hand, as an SVG picture."""
    game = load(game_id)
    scored = game.scored
    if scored is None or not scored.hands:
        abort(404)
    totals = [hand.totals for hand in scored.hands] + [after for _bonus, after in scored.bonus_lines]
    at = [hand.number - 1 if hand.is_adjustment else hand.number for hand in scored.hands]     # before its hand
    at += [scored.state.number - 1] * len(scored.bonuses)
    return Response(chart.score_chart(scored.sides, totals, at, [colour.chart for colour in game.colours]),
                    mimetype="image/svg+xml")


@bp.get("/games/<game_id>/version")
def game_version(game_id: str):
    """Changes whenever the game does: open pages poll it to follow other phones (one small query)."""
    row = peek(game_id)
    hands = store.played_count(db(), row["id"])          # an adjustment is no hand: the form says "changed"
    response = jsonify({"version": row["version"], "hands": hands})
    response.set_etag(str(row["version"]))
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
