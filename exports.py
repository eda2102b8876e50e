"""Take it home: a game as CSV, and every game as one zip (records plus a summary CSV)."""
from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any, Iterable

from rules_engine import ScoredGame, score
from summary import team_bid

RISKY_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """Numbers stay numbers; text that a spreadsheet would run as a formula is made inert."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(RISKY_STARTS) else text


def to_csv(rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([cell(value) for value in row])
    return out.getvalue()


def side_bids(scored: ScoredGame, raw: dict[str, Any], facts: dict[str, Any]) -> list[Any]:
    """Each side's bid on a hand ("" where the side did not bid)."""
    game_id, sides = scored.game.id, scored.sides
    bids = raw.get("bids") or []
    if game_id == "oh_hell":
        return list(bids)
    if game_id == "back_alley":
        return [team_bid(scored, bids, facts["dealer"], team) for team in (0, 1)]
    if game_id in ("pitch", "smear"):
        bidder = facts.get("bidder")
        if bidder is None:
            return [""] * len(sides)
        side = scored.game.side_of(scored.table, bidder)
        return [facts["bid"] if s == side else "" for s in range(len(sides))]
    return []


def game_csv(record: dict[str, Any]) -> str:
    """One row per hand: number, dealer, each side's bid (where the game has one), points, total."""
    scored = score(record)
    has_bids = scored.game.id != "gin3"
    header = ["hand", "dealer"]
    for side in scored.sides:
        header += ([f"{side} bid"] if has_bids else []) + [f"{side} points", f"{side} total"]
    rows = [header]
    for hand in scored.hands:
        raw = record["hands"][hand.number - 1]
        bids = side_bids(scored, raw, dict(hand.facts)) if has_bids else []
        row = [hand.number, scored.table.name(hand.facts["dealer"])]
        for side in range(len(scored.sides)):
            row += ([bids[side]] if has_bids else []) + [hand.points[side], hand.totals[side]]
        rows.append(row)
    return to_csv(rows)


def summary_row(game_id: int, record: dict[str, Any]) -> list[Any]:
    scored = score(record)
    return [game_id, (record.get("created") or "")[:10], scored.game.title, ", ".join(scored.table.players),
            "; ".join(f"{side} {total}" for side, total in zip(scored.sides, scored.totals)),
            " and ".join(scored.winners) if scored.finished else "in progress"]


def all_games_zip(games: list[tuple[int, dict[str, Any]]]) -> bytes:
    """Every game's scorepad/1 record and a summary CSV, in one zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        rows = [["game", "date", "kind", "players", "final totals", "winners"]]
        for game_id, record in games:
            archive.writestr(f"games/game-{game_id}-{record['game']}.json",
                             json.dumps(record, indent=1, ensure_ascii=False))
            rows.append(summary_row(game_id, record))
        archive.writestr("summary.csv", to_csv(rows))
    return buffer.getvalue()


MAX_ZIP_MEMBERS = 2000
MAX_MEMBER_BYTES = 2_000_000


def records_in_zip(data: bytes) -> list[tuple[str, Any]]:
    """(name, parsed JSON or None when unreadable) for every .json file in a zip of records."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ValueError("That is not a zip file.") from None
    members = [info for info in archive.infolist() if info.filename.endswith(".json")]
    if len(members) > MAX_ZIP_MEMBERS:
        raise ValueError("That zip holds too many files to be a Scorepad export.")
    found = []
    for info in members:
        if info.file_size > MAX_MEMBER_BYTES:
            found.append((info.filename, None))
            continue
        try:
            found.append((info.filename, json.loads(archive.read(info).decode("utf-8"))))
        except (ValueError, RecursionError, zipfile.BadZipFile):
            found.append((info.filename, None))
    return found
