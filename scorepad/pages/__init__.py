"""The pages, one module per concern; they share one blueprint, so every endpoint is `scorepad.<name>`.

Views stay thin: the engine scores and checks, store.py keeps the records."""
from __future__ import annotations

import functools
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

from flask import Blueprint, Response, abort, current_app, g, make_response, request, session
from jinja2 import TemplateNotFound
from markupsafe import Markup

from rules_engine import RuleError, ScoredGame, score
from rules_engine.adjustment import hands_played
from scorepad.games import GamePages, every_game, pages_of, title_of
from scorepad.storage import store
from scorepad.web import access, colours, forms, i18n
from scorepad.web.caches import FRAGMENTS, NEWEST, PAGES, SCORED
from scorepad.web.forms import form_token
from scorepad.words.result import Finished
from scorepad.words.summary import hand_number

bp = Blueprint("scorepad", __name__)


OPEN = threading.local()        # each server thread keeps its connections open between requests


def db():
    """This thread's connection to the app's database, opened once and kept."""
    path = current_app.config["DATABASE"]
    kept = OPEN.__dict__.setdefault("connections", OrderedDict())
    if path not in kept:
        kept[path] = store.connect(path, read_only=bool(current_app.config.get("READ_ONLY")))
        while len(kept) > 4:                # a test run opens many databases: keep a few
            kept.popitem(last=False)[1].close()
    kept.move_to_end(path)
    return kept[path]


def let_go() -> None:
    """Close this thread's connections. A live stream waits for minutes, and under gunicorn's gevent
    worker every request is a thread of its own: thousands of streams would hold thousands of files."""
    for connection in OPEN.__dict__.pop("connections", {}).values():
        connection.close()


@dataclass
class Game:
    """A stored game as the pages need it: its record, version, score, and what this browser may do."""
    row: int                           # the database's id, never shown
    key: str                           # the random id in links
    record: dict[str, Any]
    version: int
    pending: list[Any] | None
    scored: ScoredGame | None          # every hand, or as far as the record can be scored
    problem: RuleError | None          # why the rest can't be scored (a record the rules reject)
    role: str
    archived: bool = False
    deleted: bool = False

    def may(self, action: str) -> bool:
        return access.allowed(self.role, action)

    @property
    def broken_hand(self) -> int | None:
        """The first entry (hand or adjustment, by its place in the record) that can't be scored,
        when one is the problem."""
        return None if self.problem is None else self.problem.entry

    @property
    def broken_label(self) -> int | None:
        """The number players call the broken entry's hand (an adjustment's: the hand after it)."""
        return None if self.broken_hand is None else hand_number(self.scored, self.broken_hand)

    @property
    def hands(self) -> list[dict[str, Any]]:
        return self.record["hands"]

    @property
    def kind(self) -> GamePages:
        """What the pages know of this kind of game (its forms, words, exports)."""
        return pages_of(self.record["game"])

    @functools.cached_property
    def colours(self) -> list[colours.Colour]:
        """Each side's colour (a team's is its first player's); none when nothing can be scored.
        Worked out once per page: the tiles, the hands' columns and the big screen's lines all ask."""
        if self.scored is None:
            return []
        return colours.of_sides(self.record.get("colours"), len(self.record["players"]), len(self.scored.sides))


def score_what_can_be(record: dict[str, Any]) -> tuple[ScoredGame | None, RuleError | None]:
    """The scored game, or, for a record the rules reject (written by an older version or by hand),
    the hands before the first one that can't be scored and the reason."""
    try:
        return score(record), None
    except RuleError as error:
        problem = error
    if problem.entry is not None:
        try:
            return score({**record, "hands": record["hands"][:problem.entry - 1]}), problem
        except RuleError:
            pass
    return None, problem


def scored_version(row: dict[str, Any]) -> tuple[dict[str, Any], ScoredGame | None, RuleError | None]:
    """The record and score of a game as of its stored version, from memory when this worker has it,
    else scoring only the hands added since the newest version it has (saved by another worker)."""
    key = (current_app.config["DATABASE"], row["id"], row["version"])
    known = SCORED.get(key)
    if known is None:
        known = scored_on(row) or scored_anew(row)
        keep(row["id"], row["version"], known)
    return known


def keep(game: int, version: int, known: tuple[dict[str, Any], ScoredGame | None, RuleError | None]) -> None:
    SCORED.put((current_app.config["DATABASE"], game, version), known)
    newest = NEWEST.get((current_app.config["DATABASE"], game))
    if known[2] is None and known[1] is not None and (newest is None or newest[0] < version):
        NEWEST.put((current_app.config["DATABASE"], game), (version, *known[:2]))


def scored_anew(row: dict[str, Any]) -> tuple[dict[str, Any], ScoredGame | None, RuleError | None]:
    record = store.record_from(db(), row)
    return (record, *score_what_can_be(record))


def scored_on(row: dict[str, Any]) -> tuple[dict[str, Any], ScoredGame, None] | None:
    """The game scored from the newest earlier version this worker knows, when hands were only
    added since and players and settings are the same; None otherwise."""
    newest = NEWEST.get((current_app.config["DATABASE"], row["id"]))
    if newest is None or newest[0] >= row["version"]:
        return None
    version, record, scored = newest
    if (store.load(row["players"]), store.load(row["settings"]), row["first_dealer"], row["first_captain"]) != \
            (record["players"], record["settings"], record["first_dealer"], record.get("first_captain")):
        return None
    added = store.hands_since(db(), row["id"], version, len(record["hands"]))
    if added is None:
        return None
    newer = [store.load(data) for _, data in added]
    try:
        scored = scored.then(newer) if newer else scored
    except RuleError:
        return None                             # scored anew, which finds the hand that can't be scored
    return store.record_from(db(), row, record["hands"] + newer), scored, None


class SharedMacro:
    """A macro of _macros.html as a global of every template: an import costs each render (Jinja
    works out the importing template's globals anew every time)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *args: Any, **kwargs: Any) -> Markup:
        return getattr(current_app.jinja_env.get_template("_macros.html").module, self.name)(*args, **kwargs)


@bp.record_once
def share_macros(state: Any) -> None:
    state.app.jinja_env.globals.update({name: SharedMacro(name) for name in
                                        ("errors", "field", "segmented", "form_errors", "banner", "totals", "bids")})


@bp.app_template_global()
def kept(macro: str, *args: Any) -> Markup:
    """A macro of _chrome.html called with `args`, rendered once per worker for the same `args`,
    language and address root: the head and header every page repeats, a game's links and the
    parts of its forms around their token and version. Only what the arguments say may differ:
    never a form token, never anything of one game version."""
    env = current_app.jinja_env
    key = (macro, i18n.lang(), request.script_root, env.globals["asset_version"], *args)
    html = FRAGMENTS.get(key)
    if html is None:
        html = getattr(env.get_template("_chrome.html").module, macro)(*args)
        FRAGMENTS.put(key, html)
    return html


@bp.app_template_filter()
def game_title(game: Any) -> str:
    """A game (the engine's, or its id) by its name in the page's language."""
    return title_of(game)


@bp.app_template_filter()
def game_heading(game: Any) -> Markup:
    """A game's name for a heading: in the page's language, with the English name beside it when the
    two differ (players know the games by both names)."""
    pages = pages_of(game)
    title, english = pages.title, pages.english_title
    if title == english:
        return Markup.escape(title)
    return Markup('{} <small>(<bdi lang="en">{}</bdi>)</small>').format(title, english)


@bp.app_template_filter()
def comma_list(items: Any) -> str:
    """Items one after another, with the page's own comma and digits ("1, 3, 5")."""
    return i18n.comma().join(i18n.digits(item) for item in items)


@bp.app_template_global()
def game_titles() -> str:
    """Every game offered, by name in the page's language: "Oh Hell, Back Alley, ..."."""
    return i18n.comma().join(pages.title for pages in every_game())


@bp.app_template_global("game_pages")
def game_pages_global(game: Any) -> GamePages:
    return pages_of(game)


@bp.app_template_global()
def piece(pages: GamePages, macro: str, *args: Any) -> Markup:
    """A macro of a game's own template (its words on the hand form), or nothing when the game has
    no such template or macro."""
    try:
        template = current_app.jinja_env.get_template(pages.piece)
    except TemplateNotFound:
        return Markup("")
    found = getattr(template.module, macro, None)
    return found(*args) if found is not None else Markup("")


@bp.app_template_filter()
def game_blurb(game: Any) -> str:
    return pages_of(game).blurb


@bp.app_template_global()
def token_input() -> Markup:
    """The form token as a hidden input, for a page whose forms carry nothing else to check."""
    return forms.hidden_input("csrf_token", "csrf_token", form_token())


TOKEN = b"<@form-token@>"     # stands for the reader's form token in a kept page (typed text is escaped: never this)


@dataclass(frozen=True)
class PageText:
    body: bytes                # the page with TOKEN where its reader's form token goes
    content_type: str
    tokens: bool               # whether TOKEN is in it


def kept_page(stamp: tuple[Any, ...], render: Callable[[], Any]) -> Any:
    """A page that depends only on `stamp` (with the address asked for): each worker keeps it
    rendered, and a phone that already has it gets a 304. Each reader's copy carries its own form
    token (put in for the placeholder); `compress` gzips it as any page."""
    if session.get("_flashes"):
        return render()
    key = (current_app.config["DATABASE"], request.full_path, request.scheme, request.host, request.script_root,
           current_app.jinja_env.globals["asset_version"], i18n.lang(), *stamp)
    etag = hashlib.sha256(repr(key).encode()).hexdigest()[:24]
    if etag in request.if_none_match:
        response = Response(status=304)
    else:
        kept = PAGES.get(key)
        if kept is None:
            rendered = make_response(render())
            if rendered.status_code != 200:
                return rendered
            body = rendered.get_data()
            if current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token") in session:   # a token: maybe in the page
                body = body.replace(form_token().encode(), TOKEN)
            kept = PageText(body, rendered.content_type, TOKEN in body)
            PAGES.put(key, kept)
        response = Response(kept.body.replace(TOKEN, form_token().encode()) if kept.tokens else kept.body,
                            content_type=kept.content_type)
    i18n.add_vary(response, "Cookie")                   # all it depends on, said at once
    i18n.add_vary(response, "Accept-Language")
    response.headers["Cache-Control"] = "private, no-cache"
    response.set_etag(etag)
    return response


def cached_page(view: Callable[..., Any]) -> Callable[..., Any]:
    """A page of a game changes only with the game's version and the reader's role."""
    @functools.wraps(view)
    def page(game_id: str, **kwargs: Any) -> Any:
        if request.method != "GET":
            return view(game_id, **kwargs)
        with store.reading(db()):                   # the page and what it shows: one state of the game
            row, role = access_to(game_id)
            g.page_game = (game_id, row, role)
            try:
                return kept_page((role, row["id"], row["version"]), lambda: view(game_id, **kwargs))
            finally:
                g.pop("page_game", None)
    return page


def remember(game: Game, version: int, played: list[dict[str, Any]], scored: ScoredGame) -> None:
    """The score of the game's next version, worked out while saving, so nobody scores it again."""
    keep(game.row, version, ({**game.record, "hands": played}, scored, None))


def access_to(key: str, action: str = "read") -> tuple[dict[str, Any], str]:
    """A game's stored row and this browser's role in it, if it may do `action`: a game it does not
    know is a 404 whatever it tries; a watcher trying to change it gets a 403."""
    row, role = access.game_and_role(db(), key)
    if row is None or role is None or (row["deleted"] and not access.allowed(role, "shelve")):
        abort(404)
    if not access.allowed(role, action):
        abort(403)
    return row, role


def load(key: str, action: str = "read") -> Game:
    """The game as stored now, if this browser may do `action` with it."""
    with store.reading(db()):
        seen = g.get("page_game")                   # read already in this transaction by cached_page
        row, role = seen[1:] if seen and seen[0] == key and access.allowed(seen[2], action) else access_to(key, action)
        record, scored, problem = scored_version(row)
    return Game(row["id"], key, record, row["version"], store.load(row["pending"]), scored, problem, role,
                bool(row["archived"]), bool(row["deleted"]))


def finished_game(game: Game) -> Finished:
    """A game that is over, as its result and exports need it (404 for one still in play or that
    can't be scored: it has no result yet)."""
    if game.scored is None or game.problem is not None or not game.scored.finished:
        abort(404)
    return Finished(game.key, game.record, game.scored, store.get_row(db(), game.row)["updated"])


def peek(key: str) -> dict[str, Any]:
    """A game's stored row if this browser may read it (404 otherwise), without scoring it."""
    return access_to(key)[0]


def made_here(record: dict[str, Any], action: str = "created", key: str | None = None) -> str:
    """Store a new game made or imported by this browser, which becomes its scorer; its random id.
    Each seat keeps the colour the record gives it, else gets the one its name had last (or a free one)."""
    names = record["players"]
    chosen = colours.wanted(record.get("colours"), len(names))
    if None in chosen:
        chosen = colours.settled(chosen, names, colours.remembered(names, store.recent_colours(db())))
    row = store.create_game(db(), {**record, "colours": chosen}, action, key=key)
    store.add_member(db(), access.browser(create=True), row, "scorer")
    return store.get_row(db(), row)["key"]


def before_hand(record: dict[str, Any], number: int) -> ScoredGame:
    """The game as it stood before hand `number` (1-based)."""
    return score({**record, "hands": record["hands"][:number - 1]})


def with_hand(record: dict[str, Any], number: int, hand: dict[str, Any]) -> dict[str, Any]:
    played = list(record["hands"])
    played[number - 1:number] = [hand]
    return {**record, "hands": played}


def writing(change: Callable[[], Any], when_busy: Callable[[], Any] | None = None) -> Any:
    """Run `change` (which reads, checks and writes) in one write transaction, with the summary of
    every game it changed. When the database stays locked, `when_busy` answers instead (default:
    the busy page); nothing is written."""
    try:
        with store.writing(db()):
            result = change()
            for row in db().touched:
                refresh_summary(row)
        return result
    except store.Busy:
        forget(db().touched)
        if when_busy is None:
            raise
        return when_busy()
    except BaseException:
        forget(db().touched)
        raise
    finally:
        db().touched.clear()


def forget(game_ids: set[int]) -> None:
    """Drop what this worker worked out for versions of these games that were never committed."""
    for game in game_ids:
        row = store.get_row(db(), game)
        stored = row["version"] if row else 0
        for version in range(stored + 1, stored + 4):
            SCORED.discard((current_app.config["DATABASE"], game, version))
        newest = NEWEST.get((current_app.config["DATABASE"], game))
        if newest is not None and newest[0] > stored:
            NEWEST.discard((current_app.config["DATABASE"], game))


def summary_of(record: dict[str, Any], scored: ScoredGame | None, problem: RuleError | None) -> dict[str, Any]:
    """What the home page says of a game, worked out by the engine."""
    if scored is None or problem is not None:
        return {"problem": problem.place if problem else "can't be scored"}
    top = (min if scored.game.lowest_wins(scored.table) else max)(scored.totals)      # Hearts: the lowest leads
    level = len(set(scored.totals)) == 1                # everyone equal: nobody leads
    return {"leaders": [] if level or not scored.hands else
            [side for side, total in zip(scored.sides, scored.totals) if total == top], "top": top,
            "finished": scored.finished, "winners": list(scored.winners)}


def refresh_summary(game_id: int) -> None:
    row = store.get_row(db(), game_id)
    record, scored, problem = scored_version(row)
    store.save_summary(db(), game_id, hands_played(record["hands"]), summary_of(record, scored, problem))


def empty_bin() -> int:
    with store.writing(db()):
        return store.empty_bin(db())


def rebuild_summaries(everything: bool = False) -> int:
    """Rebuild the home page's summaries from the records (those behind their game's version, or all)."""
    with store.writing(db()):
        if everything:
            db().execute("update games set summary_version = 0")
        stale = store.stale_summaries(db())
        for game_id in stale:
            refresh_summary(game_id)
        db().touched.clear()
    return len(stale)


from . import adjustments, changes, games, hands, install, live, players, sharing, tools, transfer  # noqa: E402,F401  (they add their pages to bp)
