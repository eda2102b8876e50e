"""The database: game records (players, settings, hands, pending bids) and their edit history.

Never scores: those are always recomputed from the hands by the rules engine."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from rules_engine import FORMAT

migrations = Migrations("scorepad")


@migrations()
def create_tables(db: Database) -> None:
    db["games"].create({"id": int, "game": str, "players": str, "first_dealer": int, "first_captain": int,
                        "settings": str, "pending": str, "created": str, "updated": str}, pk="id")
    db["hands"].create({"game_id": int, "position": int, "data": str}, pk=("game_id", "position"),
                       foreign_keys=[("game_id", "games", "id")])
    db["history"].create({"id": int, "game_id": int, "at": str, "hand": int, "action": str,
                          "before": str, "after": str}, pk="id", foreign_keys=[("game_id", "games", "id")])
    db["history"].create_index(["game_id"])


def open_db(path: str) -> Database:
    db = Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    migrations.apply(db)
    return db


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def log(db: Database, game_id: int, action: str, hand: int | None = None,
        before: Any = None, after: Any = None) -> None:
    db["history"].insert({"game_id": game_id, "at": now(), "hand": hand, "action": action,
                          "before": dump(before), "after": dump(after)})


def touch(db: Database, game_id: int) -> None:
    db["games"].update(game_id, {"updated": now()})


def create_game(db: Database, record: dict[str, Any], action: str = "created") -> int:
    """Store a checked record as a new game; return its id."""
    stamp = now()
    with db.atomic():
        game_id = db["games"].insert({
            "game": record["game"], "players": dump(record["players"]),
            "first_dealer": record.get("first_dealer") or 0, "first_captain": record.get("first_captain"),
            "settings": dump(record.get("settings") or {}), "pending": None,
            "created": record.get("created") or stamp, "updated": stamp}).last_pk
        db["hands"].insert_all({"game_id": game_id, "position": n, "data": dump(hand)}
                               for n, hand in enumerate(record.get("hands") or [], start=1))
        log(db, game_id, action)
    return game_id


def hands_of(db: Database, game_id: int) -> list[dict[str, Any]]:
    return [load(row["data"]) for row in
            db["hands"].rows_where("game_id = ?", [game_id], order_by="position")]


def get_row(db: Database, game_id: int) -> dict[str, Any] | None:
    rows = list(db["games"].rows_where("id = ?", [game_id]))
    return rows[0] if rows else None


def record_of(db: Database, game_id: int) -> dict[str, Any] | None:
    """The game as a `scorepad/1` record, or None when there is no such game."""
    row = get_row(db, game_id)
    if row is None:
        return None
    record = {"format": FORMAT, "game": row["game"], "players": load(row["players"]),
              "first_dealer": row["first_dealer"], "settings": load(row["settings"]),
              "hands": hands_of(db, game_id), "created": row["created"]}
    if row["first_captain"] is not None:
        record["first_captain"] = row["first_captain"]
    return record


def pending_bids(db: Database, game_id: int) -> list[Any] | None:
    row = get_row(db, game_id)
    return load(row["pending"]) if row else None


def set_pending(db: Database, game_id: int, bids: list[Any] | None) -> None:
    """Keep bids made for the next hand until its tricks are known."""
    before = pending_bids(db, game_id)
    with db.atomic():
        db["games"].update(game_id, {"pending": dump(bids), "updated": now()})
        number = db["hands"].count_where("game_id = ?", [game_id]) + 1
        log(db, game_id, "bids" if bids is not None else "bids cleared", number,
            {"bids": before} if before else None, {"bids": bids} if bids else None)


def add_hand(db: Database, game_id: int, hand: dict[str, Any], action: str = "recorded") -> int:
    """Append a hand (and drop the pending bids it completes); return its number."""
    with db.atomic():
        number = db["hands"].count_where("game_id = ?", [game_id]) + 1
        db["hands"].insert({"game_id": game_id, "position": number, "data": dump(hand)})
        db["games"].update(game_id, {"pending": None, "updated": now()})
        log(db, game_id, action, number, None, hand)
    return number


def replace_hand(db: Database, game_id: int, number: int, hand: dict[str, Any], action: str = "edited") -> None:
    before = hands_of(db, game_id)[number - 1]
    with db.atomic():
        db["hands"].update((game_id, number), {"data": dump(hand)})
        touch(db, game_id)
        log(db, game_id, action, number, before, hand)


def delete_last_hand(db: Database, game_id: int) -> None:
    hands = hands_of(db, game_id)
    if not hands:
        return
    with db.atomic():
        db["hands"].delete((game_id, len(hands)))
        db["games"].update(game_id, {"pending": None, "updated": now()})   # bids were for the next hand
        log(db, game_id, "deleted", len(hands), hands[-1], None)


def list_games(db: Database) -> list[dict[str, Any]]:
    """Every game's record with its id and when it was last played, newest first."""
    rows = db.query("select id, updated from games order by updated desc, id desc")
    return [{"id": row["id"], "record": record_of(db, row["id"]), "updated": row["updated"]} for row in rows]


def known_names(db: Database) -> list[str]:
    names: dict[str, str] = {}
    for row in db.query("select players from games order by updated desc"):
        for name in load(row["players"]):
            names.setdefault(name.strip().casefold(), name.strip())
    return sorted(names.values(), key=str.casefold)


def history(db: Database, game_id: int) -> list[dict[str, Any]]:
    return [{**row, "before": load(row["before"]), "after": load(row["after"])}
            for row in db["history"].rows_where("game_id = ?", [game_id], order_by="id desc")]


def find_same_game(db: Database, record: dict[str, Any]) -> int | None:
    """An existing game with the same players, settings, start and hands (for imports)."""
    for row in db["games"].rows_where("game = ? and players = ?", [record["game"], dump(record["players"])]):
        mine = record_of(db, row["id"])
        if all(mine.get(key) == record.get(key) for key in ("settings", "first_dealer", "hands")):
            return row["id"]
    return None
