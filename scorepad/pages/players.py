"""Players' records across every game this browser can see, for a period; a table's standings; and
renaming (or merging) a player.

The numbers are counted by records.py from the records and the engine's scores, never stored. A rename
changes the seats of every game this browser may change, all or nothing, each game with a history
entry; the renames table remembers exactly which seats, so it can be undone."""
from __future__ import annotations

import hashlib
import hmac
import re
from datetime import date
from typing import Any
from urllib.parse import urlencode

from flask import abort, current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import StringField, ValidationError

from scorepad.games import GAME_PAGES, every_game, title_of
from scorepad.storage import store
from scorepad.web import access, forms
from scorepad.web.i18n import _, comma, day, digits, lazy_gettext, n_
from scorepad.words import records
from scorepad.words.records import Period

from . import bp, db, kept_page, scored_version, writing

SHELVES = ("home", "archived")        # the bin is not counted: those games are deleted
RECENT_RENAMES = 5
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
STANDINGS_HELP = lazy_gettext(
    "Finished games only, among the games you can see; in partnership games each partner counts the team's game. "
    "By wins, then the share of games won; players level on both share a place. For: the final totals of the "
    "player's side, added up; against: the final totals of the other sides in the same games, added up.")


class RenameForm(FlaskForm):
    """Rename (or merge) a player: the new name, checked by records.new_name."""
    new = StringField(lazy_gettext("New name"), render_kw={"autocomplete": "off", "maxlength": records.MAX_NAME})


class PeriodForm(FlaskForm):
    """The days a players' page counts, from and to, each typed YYYY-MM-DD (what a phone's date picker
    sends) or left empty (that end open). Sent in the address, so it changes nothing and has no token."""

    class Meta:
        csrf = False

    start = StringField(lazy_gettext("From"), name="from")
    end = StringField(lazy_gettext("To"), name="to")

    def validate_start(self, field: StringField) -> None:
        typed_day(field.data)

    def validate_end(self, field: StringField) -> None:
        end = typed_day(field.data)
        try:
            start = typed_day(self.start.data)
        except ValidationError:
            return                                          # said next to the start
        if start and end and end < start:
            raise ValidationError(_("This is before the start, %(start)s: choose an end on or after it.",
                                    start=day(start.isoformat())))

    def boxes(self) -> list[tuple[StringField, str, str]]:
        """Each field with the box that shows it and the box's value: a date box holding the day typed,
        or a text box holding exactly what was typed when it is no day (a date box would show it blank)."""
        shown = []
        for field in (self.start, self.end):
            try:
                typed = typed_day(field.data)
                shown.append((field, "date", typed.isoformat() if typed else ""))
            except ValidationError:
                shown.append((field, "text", field.data))
        return shown

    @property
    def period(self) -> Period:
        """The period chosen (call once the form is valid)."""
        return Period(typed_day(self.start.data), typed_day(self.end.data))


def typed_day(text: str | None) -> date | None:
    """A day typed YYYY-MM-DD (in any digits); None when nothing is typed."""
    shown = (text or "").strip()
    typed = shown.translate(forms.DIGITS)
    if not typed:
        return None
    if DAY.fullmatch(typed):
        try:
            return date.fromisoformat(typed)
        except ValueError:
            pass                                             # 2026-02-30
    raise ValidationError(_('"%(typed)s" is not a date: type it as YYYY-MM-DD, for example %(example)s.',
                            typed=shown[:20], example=digits(date.today().isoformat())))   # quoted as typed


def chosen_period() -> dict[str, Any]:
    """The period asked for in the address, for the template: the form (with what is wrong with it),
    the period (None while a date is wrong), its words, the quick choices and the query that keeps it."""
    form = PeriodForm(formdata=request.args)
    period = form.period if form.validate() else None
    today = date.today()
    choices = [(_("This month"), Period.month_of(today)), (_("This year"), Period.year_of(today)),
               (_("All time"), records.ALWAYS)]
    return {"period_form": form, "period": period, "period_words": period_words(period) if period else "",
            "period_query": period_query(period) if period else "",
            "period_choices": [(words, request.path + period_query(choice), choice == period)
                               for words, choice in choices]}


def period_query(period: Period) -> str:
    """The address's query that asks for `period` ("" for all time)."""
    asked = {name: value.isoformat() for name, value in (("from", period.start), ("to", period.end)) if value}
    return "?" + urlencode(asked) if asked else ""


def period_words(period: Period) -> str:
    start, end = (day(value.isoformat()) if value else None for value in (period.start, period.end))
    if start and end:
        return _("Games started from %(start)s to %(end)s.", start=start, end=end)
    if start:
        return _("Games started on or after %(start)s.", start=start)
    if end:
        return _("Games started on or before %(end)s.", end=end)
    return _("Every game, whenever it was started.")


def visible_rows() -> list[dict[str, Any]]:
    """Every game this browser may see (the owner: every game), newest first, the bin left out."""
    owner, browser = access.is_owner(), access.browser()
    rows = [row for shelf in SHELVES for row in store.game_rows(db(), browser, owner, shelf)]
    return sorted(rows, key=lambda row: (row["updated"], row["id"]), reverse=True)


def label(row: dict[str, Any], players: list[str]) -> str:
    """A game in words, for messages: "the Pitch game of 2026-11-30 (Ann, Ben, Cy)"."""
    kind = title_of(row["game"]) if row["game"] in GAME_PAGES else _("unknown")
    return _("the %(kind)s game of %(date)s (%(players)s)", kind=kind, date=day(row["created"]), players=comma().join(players))


def as_game(row: dict[str, Any], scored: bool = False) -> dict[str, Any]:
    players = store.load(row["players"])
    game = {"id": row["id"], "players": players if isinstance(players, list) else [],
            "label": label(row, players if isinstance(players, list) else []), "created": row["created"]}
    if scored:
        game["record"], game["scored"], game["problem"] = scored_version(row)
    return game


def changeable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games among `rows` this browser may change (it scores them, or it is the owner)."""
    if access.is_owner():
        return rows
    roles = store.game_roles(db(), access.browser())
    return [row for row in rows if access.allowed(roles.get(row["id"]), "change")]


@bp.route("/players", methods=["GET", "POST"])
def players():
    """Every player of the games this browser can see; POST: undo one of its renames."""
    if request.method == "POST":
        return undo_rename()
    return kept_page(stamp(), players_page)


def stamp() -> tuple[Any, ...]:
    """The players pages change only with this stamp (and the day: "this month" moves on): each worker
    keeps them rendered meanwhile."""
    owner, browser = access.is_owner(), access.browser()
    return ("owner" if owner else browser, *store.players_stamp(db(), browser, owner), date.today())


def players_page():
    with store.reading(db()):
        rows = visible_rows()
        names = records.names_in(as_game(row) for row in rows)
        renames = store.renames_by(db(), access.browser(), RECENT_RENAMES) if access.browser() else []
    return render_template("players.html", names=names, games=len(rows), renames=renames)


@bp.app_template_global()
def player_link(name: str) -> str:
    """A player's page, by an opaque id: no player's name appears in an address the server logs."""
    mark = hmac.new(current_app.config["SECRET_KEY"].encode(), records.same(name).encode(), hashlib.sha256)
    return url_for("scorepad.player", token=mark.hexdigest()[:20])


def named_by(token: str) -> str | None:
    """The player (as most recently spelled) whose page `token` is, among the games this browser sees."""
    with store.reading(db()):
        names = records.names_in(as_game(row) for row in visible_rows())
    return next((entry["name"] for entry in names if player_link(entry["name"]).endswith("/" + token)), None)


@bp.route("/players/<token>", methods=["GET", "POST"])
def player(token: str):
    """One player's record in every kind of game, head to head; POST: rename (or merge) the player."""
    name = named_by(token) if len(token) == 20 else None
    if name is None:
        abort(404)
    if request.method == "GET":
        return kept_page(stamp(), lambda: player_page(name, RenameForm()))
    form = RenameForm()
    return rename(name, form) or player_page(name, form)


def player_page(name: str, form: RenameForm):
    with store.reading(db()):
        rows = visible_rows()
        games = [as_game(row, scored=True) for row in rows]
        mine = {row["id"] for row in changeable(rows)}
        last = next((entry for entry in (store.renames_by(db(), access.browser(), 1) if access.browser() else [])
                     if records.same(entry["new"]) == records.same(name) and not entry["undone"]), None)
    period = chosen_period()
    record = records.player_record(name, games, period["period"] or records.ALWAYS)
    if record is None:
        abort(404)
    with_player = [game for game in games if records.seat_of(game["players"], name) is not None]
    scoring = sum(1 for game in with_player if game["id"] in mine)
    return render_template("player.html", record=record, form=form, scoring=scoring,
                           watching=len(with_player) - scoring, last=last, **period)


@bp.route("/standings")
def standings():
    """A league table per kind of game, of the finished games of a period this browser can see."""
    return kept_page(stamp(), standings_page)


def standings_page():
    period = chosen_period()
    with store.reading(db()):
        games = [as_game(row, scored=True) for row in visible_rows()]
    leagues = records.standings(games, period["period"]) if period["period"] else []
    return render_template("standings.html", leagues=leagues, standings_help=STANDINGS_HELP, **period)


@bp.route("/players/counting")
def counting():
    """How every number of the players' pages and the standings is counted, each game's own too."""
    return kept_page((), lambda: render_template(
        "counting.html", kinds=[(pages.title, pages.record_help()) for pages in every_game()],
        standings_help=STANDINGS_HELP))


def rename(name: str, form: RenameForm):
    """The POST of "Rename": a redirect when done, None to show the page again with the reason."""
    if not form.validate_on_submit():
        return None                                      # an expired form: the page says so
    try:
        new = records.new_name(form.new.data)
    except records.Refused as refused:
        form.new.errors = [str(refused)]
        return None
    try:
        outcome = writing(lambda: save_rename(name, new), lambda: _("Another phone was saving at that moment: "
                                                                    "nothing was renamed. Try again."))
    except records.Refused as refused:
        outcome = str(refused)
    if isinstance(outcome, str):
        form.new.errors = [outcome]
        return None
    old, new, count, merged = outcome
    flash(n_("%(old)s and %(new)s are one player now: %(old)s is %(new)s in %(games)s game.",
             "%(old)s and %(new)s are one player now: %(old)s is %(new)s in %(games)s games.", count,
             old=old, new=new, games=count) if merged
          else n_("%(old)s is %(new)s now, in %(games)s game.", "%(old)s is %(new)s now, in %(games)s games.", count,
                  old=old, new=new, games=count))
    return redirect(player_link(new))


def save_rename(name: str, new: str):
    """Inside the write transaction: rename the player in every game this browser may change, or
    (Refused, or a message) nothing at all."""
    rows = visible_rows()
    games = [as_game(row) for row in changeable(rows)]
    if not any(records.seat_of(game["players"], name) is not None for game in games):
        if any(records.seat_of(as_game(row)["players"], name) is not None for row in rows):
            return _("You only watch the games with %(player)s: only their scorers can rename a player there.",
                     player=name)
        abort(404)
    old = next(game["players"][records.seat_of(game["players"], name)] for game in games
               if records.seat_of(game["players"], name) is not None)
    if records.same(old) != records.same(new):             # a merge: the name as the other games spell it
        new = next((player for row in rows for player in as_game(row)["players"]
                    if records.same(player) == records.same(new)), new)
    plan = records.plan_rename(games, name, new)           # Refused: nothing written yet
    if not plan:
        return _("%(old)s is already called %(new)s in every game you score.", old=old, new=new)
    merged = records.same(old) != records.same(new) and any(
        records.seat_of(as_game(row)["players"], new) is not None for row in rows)
    for game, _seat, players_after in plan:
        store.set_players(db(), game["id"], players_after)
    seats = [(game["id"], seat, game["players"][seat]) for game, seat, _ in plan]
    store.add_rename(db(), access.browser(create=True), old, new, seats)
    return old, new, len(plan), merged


def undo_rename():
    """The POST of "Undo this rename": the old name back on exactly the seats it changed."""
    rename_id = forms.sent_number(request.form.get("undo"))
    entry = store.rename_entry(db(), rename_id) if rename_id else None
    if entry is None or entry["browser"] != access.browser():
        abort(404)
    if not forms.EmptyForm().validate_on_submit():
        flash(_("That button had expired: nothing was undone. Try again."))
        return redirect(url_for("scorepad.players"))
    try:
        outcome = writing(lambda: save_undo(rename_id), lambda: _("Another phone was saving at that moment: "
                                                                  "nothing was undone. Try again."))
    except records.Refused as refused:
        outcome = str(refused)
    if isinstance(outcome, str):
        flash(outcome)
        return redirect(url_for("scorepad.players"))
    count, left = outcome
    if not count:
        flash(_("Nothing to undo: every seat that rename changed has been renamed again since."))
        return redirect(url_for("scorepad.players"))
    back = n_("Rename undone: %(player)s is back in %(games)s game.",
              "Rename undone: %(player)s is back in %(games)s games.", count, player=entry["old"], games=count)
    if left:
        back = n_("%(done)s %(seats)s seat was renamed again since and left alone.",
                  "%(done)s %(seats)s seats were renamed again since and left alone.", left, done=back, seats=left)
    flash(back)
    return redirect(player_link(entry["old"]))


def save_undo(rename_id: int):
    entry = store.rename_entry(db(), rename_id)
    if entry["undone"]:
        return _("That rename was already undone.")
    games = {game["id"]: game for game in map(as_game, changeable(visible_rows()))}
    plan, left = records.plan_undo(games, entry)            # Refused: nothing written yet
    for game, players_after in plan:
        store.set_players(db(), game["id"], players_after)
    store.rename_undone(db(), rename_id)
    return len(plan), left
