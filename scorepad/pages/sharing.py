"""Sharing a game: links to score with us or to watch (each with a QR code), the owner link,
the big-screen view, a finished game's result to send on, and the owner's archive and bin."""
from __future__ import annotations

import segno
from flask import abort, flash, redirect, render_template, request, url_for
from markupsafe import Markup

from scorepad.storage import store
from scorepad.web import access, forms
from scorepad.web.i18n import _
from scorepad.web.network import lan_addresses
from scorepad.words.bgstats import push_link
from scorepad.words.result import result_lines
from scorepad.words.summary import hand_summary, next_banner

from . import bp, cached_page, db, finished_game, load, writing

TV_HANDS = 6          # the last few hands on the big screen


def refused_link():
    """A wrong link: counted per address, and too many wrong ones in a row must wait."""
    address = request.remote_addr or "?"
    writing(lambda: store.failed_key(db(), address), lambda: None)
    abort(404)


def rate_limited() -> None:
    if access.too_many_failures(db(), request.remote_addr or "?"):
        abort(429)


@bp.get("/join/<game_id>/<key>")
def join(game_id: str, key: str):
    """A score-with-us or watch link: this browser may now score or watch the game."""
    rate_limited()
    row = store.row_by_key(db(), game_id)
    role = access.key_role(row, key) if row and not row["deleted"] else None
    if role is None:
        return refused_link()
    writing(lambda: store.add_member(db(), access.browser(create=True), row["id"], role))
    target = "tv" if request.args.get("to") == "tv" else "scoreboard"
    return redirect(url_for(f"scorepad.{target}", game_id=game_id))


@bp.get("/owner/<key>")
def owner(key: str):
    rate_limited()
    if not access.become_owner(key):
        return refused_link()
    flash(_("This browser now holds the owner link: it sees every game and can archive or delete them."))
    return redirect(url_for("scorepad.home"))


def qr_svg(link: str, what: str) -> Markup:
    """A QR code of `link` as inline SVG, drawn on the server (no script, no outside service)."""
    return Markup(segno.make(link, error="m").svg_inline(scale=4, title=_("QR code: %(what)s", what=what), omitsize=True))


def invite_links(game) -> list[dict[str, str]]:
    row = store.get_row(db(), game.row)
    base = request.host_url.rstrip("/")
    links = []
    if game.may("change"):
        links.append({"what": _("Score with us"), "help": _("may record, fix, delete and restore hands"),
                      "link": base + url_for("scorepad.join", game_id=game.key, key=row["scorer_key"])})
    links.append({"what": _("Watch"), "help": _("sees the scores, hands, history and exports; changes nothing"),
                  "link": base + url_for("scorepad.join", game_id=game.key, key=row["watcher_key"])})
    links.append({"what": _("Big screen"), "help": _("a TV or tablet: the scoreboard across the room, updating itself"),
                  "link": base + url_for("scorepad.join", game_id=game.key, key=row["watcher_key"], to="tv")})
    return [{**entry, "qr": qr_svg(entry["link"], entry["what"])} for entry in links]


THIS_COMPUTER = ("127.0.0.1", "localhost", "[::1]")


def network_addresses() -> list[str]:
    """Where other phones can reach this server, when this page was opened on the computer itself."""
    if request.host.split(":")[0] not in THIS_COMPUTER:
        return []
    port = request.host.rsplit(":", 1)[1] if ":" in request.host else "80"
    return [f"http://{address}:{port}/" for address in lan_addresses()]


@bp.get("/games/<game_id>/invite")
@cached_page
def invite(game_id: str):
    game = load(game_id)
    plain_http = not request.is_secure and request.host.split(":")[0] not in THIS_COMPUTER   # what phones get
    return render_template("invite.html", game=game, game_id=game.key, scored=game.scored, links=invite_links(game),
                           elsewhere=network_addresses(), plain_http=plain_http)


@bp.get("/games/<game_id>/tv")
@cached_page
def tv(game_id: str):
    game = load(game_id)
    scored = game.scored
    rows = [] if scored is None else [
        {"hand": hand, "summary": hand_summary(scored, game.hands[hand.entry - 1], hand)}
        for hand in scored.hands[-TV_HANDS:]]
    return render_template("tv.html", game=game, game_id=game.key, scored=scored, rows=rows, version=game.version,
                           banner_words=next_banner(scored) if scored and not game.problem else [])


@bp.get("/games/<game_id>/result")
@cached_page
def result(game_id: str):
    """A finished game's result as a few lines of text to copy or share (the page's script offers the
    phone's share sheet or the clipboard where the origin is secure), and the same play for BG Stats."""
    game = load(game_id)
    finished = finished_game(game)
    lines = result_lines(game.record, game.scored)
    return render_template("result.html", game_id=game.key, text="\n".join(lines), rows=len(lines),
                           push_link=push_link(finished))


SHELF_MOVES = {"archive": {"archived": True}, "unarchive": {"archived": False},
               "delete": {"deleted": True}, "bring back": {"deleted": False}}


@bp.post("/games/<game_id>/shelf")
def shelve(game_id: str):
    """The owner archives a game (off the home page, still reachable) or deletes it to the bin."""
    move = request.form.get("move", "")
    if move not in SHELF_MOVES or not forms.EmptyForm().validate_on_submit():
        abort(400)

    def apply():
        game = load(game_id, "shelve")
        store.shelve(db(), game.row, **SHELF_MOVES[move])
        return game
    writing(apply)
    flash({"archive": _("Game archived: it is off the home page, under Archived."),
           "unarchive": _("Game back on the home page."),
           "delete": _("Game moved to the bin: its scorers and the owner can bring it back from there for 30 days."),
           "bring back": _("Game brought back from the bin.")}[move])
    return redirect(url_for("scorepad.home") if move == "delete" else url_for("scorepad.scoreboard", game_id=game_id))
