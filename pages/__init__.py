"""The pages, one module per concern; they share one blueprint, so every endpoint is `scorepad.<name>`.

Views stay thin: the engine scores and checks, store.py keeps the records."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask import Blueprint, abort, current_app, g

import access
import store
from rules_engine import RuleError, ScoredGame, score

bp = Blueprint("scorepad", __name__)


def db():
    if "db" not in g:
        g.db = store.connect(current_app.config["DATABASE"])
    return g.db


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
        """The first hand that can't be scored, when a hand is the problem."""
        if self.problem is None or not self.problem.place.startswith("hand "):
            return None
        return int(self.problem.place.split()[1])

    @property
    def hands(self) -> list[dict[str, Any]]:
        return self.record["hands"]


def score_what_can_be(record: dict[str, Any]) -> tuple[ScoredGame | None, RuleError | None]:
    """The scored game, or, for a record the rules reject (written by an older version or by hand),
    the hands before the first one that can't be scored and the reason."""
    try:
        return score(record), None
    except RuleError as error:
        problem = error
    if problem.place.startswith("hand "):
        try:
            return score({**record, "hands": record["hands"][:int(problem.place.split()[1]) - 1]}), problem
        except RuleError:
            pass
    return None, problem


def load(key: str, action: str = "read") -> Game:
    """The game as stored now, if this browser may do `action` with it: a game it does not know
    is a 404 whatever it tries; a watcher trying to change it gets a 403."""
    with store.reading(db()):
        row = store.row_by_key(db(), key)
        role = access.role_in(db(), row["id"]) if row else None
        if row is None or role is None or (row["deleted"] and role != "owner"):
            abort(404)
        if not access.allowed(role, action):
            abort(403)
        record = store.record_from(db(), row)
    scored, problem = score_what_can_be(record)
    return Game(row["id"], key, record, row["version"], store.load(row["pending"]), scored, problem, role,
                bool(row["archived"]), bool(row["deleted"]))


def peek(key: str) -> dict[str, Any]:
    """A game's stored row if this browser may read it (404 otherwise), without scoring it."""
    row = store.row_by_key(db(), key)
    role = access.role_in(db(), row["id"]) if row else None
    if row is None or role is None or (row["deleted"] and role != "owner"):
        abort(404)
    return row


def made_here(record: dict[str, Any], action: str = "created", key: str | None = None) -> str:
    """Store a new game made or imported by this browser, which becomes its scorer; its random id."""
    row = store.create_game(db(), record, action, key=key)
    store.add_member(db(), access.browser(create=True), row, "scorer")
    return store.get_row(db(), row)["key"]


def before_hand(record: dict[str, Any], number: int) -> ScoredGame:
    """The game as it stood before hand `number` (1-based)."""
    return score({**record, "hands": record["hands"][:number - 1]})


def with_hand(record: dict[str, Any], number: int, hand: dict[str, Any]) -> dict[str, Any]:
    hands = list(record["hands"])
    hands[number - 1:number] = [hand]
    return {**record, "hands": hands}


def writing(change: Callable[[], Any], when_busy: Callable[[], Any] | None = None) -> Any:
    """Run `change` (which reads, checks and writes) in one write transaction. When the database
    stays locked, `when_busy` answers instead (default: the busy page); nothing is written."""
    try:
        with store.writing(db()):
            return change()
    except store.Busy:
        if when_busy is None:
            raise
        return when_busy()


from . import games, hands, sharing, tools, transfer  # noqa: E402,F401  (they add their pages to bp)
