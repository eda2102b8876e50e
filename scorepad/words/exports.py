"""Take it home: a game as CSV, and every game as one zip (records plus a summary CSV)."""
from __future__ import annotations

import csv
import io
import json
import zipfile
import zlib
from typing import Any, Callable, Iterable

from rules_engine import ScoredGame, score
from scorepad.games import pages_of
from scorepad.web.i18n import _, words

RISKY_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")   # and full-width = + - @


def cell(value: Any) -> Any:
    """Numbers stay numbers; text that a spreadsheet would run as a formula is made inert."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(RISKY_STARTS) else text


BOM = "\ufeff"        # without it a spreadsheet on Windows reads UTF-8 as its own code page: "🃏 Ann" garbled


def to_csv(rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC)   # text always quoted
    for row in rows:
        writer.writerow([cell(value) for value in row])
    return out.getvalue()


def note_of(record: dict[str, Any]) -> str:
    """The game's note (the record's `note` extra: place, occasion), or ""."""
    note = record.get("note")
    return " ".join(note.split()) if isinstance(note, str) else ""


def game_csv(record: dict[str, Any]) -> str:
    """One row per hand: number, dealer, each side's bid and tricks (where the game has them), points, total;
    a row per adjustment and per end bonus, said in the hand column; and the game's note in a last column
    on every row, when it has one."""
    scored = score(record)
    pages = pages_of(scored.game)
    has_bids = pages.has_bids
    has_tricks = pages.csv_tricks
    note = note_of(record)
    header = [_("hand"), _("dealer")]            # the page's language; the numbers below stay plain digits
    for side in scored.sides:
        header += (([_("%(side)s bid", side=side)] if has_bids else [])
                   + ([_("%(side)s tricks", side=side)] if has_tricks else [])
                   + [_("%(side)s points", side=side), _("%(side)s total", side=side)])
    rows = [header + ([_("note")] if note else [])]
    for hand in scored.hands:
        if hand.is_adjustment:                      # its explanation in the hand column, its points and totals
            row = [words(hand.explain[0]), ""]
            for side in range(len(scored.sides)):
                row += [""] * (has_bids + has_tricks) + [hand.points[side], hand.totals[side]]
            rows.append(row + ([note] if note else []))
            continue
        raw = record["hands"][hand.entry - 1]
        bids = pages.csv_bids(scored, raw, dict(hand.facts)) if has_bids else []
        tricks = pages.csv_side_tricks(scored, raw) if has_tricks else []
        row = [hand.number, scored.table.name(hand.facts["dealer"])]
        for side in range(len(scored.sides)):
            row += (([bids[side]] if has_bids else []) + ([tricks[side]] if has_tricks else [])
                    + [hand.points[side], hand.totals[side]])
        rows.append(row + ([note] if note else []))
    for bonus, after in scored.bonus_lines:         # gin's end bonuses: a row each, named in the hand column
        row = [words(bonus.name), ""]
        for side in range(len(scored.sides)):
            row += [""] * (has_bids + has_tricks) + [bonus.points[side], after[side]]
        rows.append(row + ([note] if note else []))
    return to_csv(rows)


def summary_row(game_id: int, record: dict[str, Any], scored: ScoredGame | None) -> list[Any]:
    players = record.get("players") or []
    if scored is None:
        return [game_id, (record.get("created") or "")[:10], record.get("game"), ", ".join(map(str, players)),
                "", _("can't be scored")]
    return [game_id, (record.get("created") or "")[:10], pages_of(scored.game).title, ", ".join(scored.table.players),
            "; ".join(f"{side} {total}" for side, total in zip(scored.sides, scored.totals)),
            both(scored.winners) if scored.finished else _("in progress")]


def both(names: Any) -> str:
    """"Ann and Ben (and Cy)": the winners in one cell."""
    names = [str(name) for name in names]
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("%(names)s and %(name)s", names=said, name=name)
    return said


def all_games_zip(games: list[tuple[int, dict[str, Any]]],
                  scorer: Callable[[dict[str, Any]], tuple[ScoredGame | None, Any]]) -> bytes:
    """Every game's scorepad/1 record and a summary CSV, in one zip (no folders)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        noted = any(note_of(record) for _, record in games)      # a note column when any game has a note
        rows = [[_("game"), _("date"), _("kind"), _("players"), _("final totals"), _("winners")]
                + ([_("note")] if noted else [])]
        for game_id, record in games:
            archive.writestr(f"game-{game_id}-{record['game']}.json", json.dumps(record, indent=1, ensure_ascii=False))
            scored, problem = scorer(record)
            row = summary_row(game_id, record, None if problem else scored)
            rows.append(row + ([note_of(record)] if noted else []))
        archive.writestr(SUMMARY, to_csv(rows))
    return buffer.getvalue()


MAX_ZIP_RECORDS = 200
MAX_ZIP_BYTES = 10_000_000            # uncompressed, all members together
MAX_RECORD_BYTES = 1_000_000
SUMMARY = "summary.csv"               # written by the export, ignored on import


def zip_members(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The records in a zip, after checking its shape: top-level *.json files only (and the summary)."""
    infos = archive.infolist()
    for info in infos:
        if "/" in info.filename or "\\" in info.filename:
            raise ValueError(_("That zip has folders (%(name)s): a Scorepad export has none.", name=info.filename))
        if not info.filename.endswith(".json") and info.filename != SUMMARY:
            raise ValueError(_("That zip holds %(name)s, which is not a game record (.json).", name=info.filename))
    members = [info for info in infos if info.filename.endswith(".json")]
    if len(members) > MAX_ZIP_RECORDS:
        raise ValueError(_("That zip holds %(count)s records: at most %(most)s can be imported at once.",
                           count=len(members), most=MAX_ZIP_RECORDS))
    if sum(info.file_size for info in infos) > MAX_ZIP_BYTES:
        raise ValueError(_("That zip unpacks to more than %(megabytes)s MB: too large to be a Scorepad export.",
                           megabytes=10))
    if not members:
        raise ValueError(_("That zip holds no game records."))
    return members


def records_in_zip(data: bytes) -> list[tuple[str, Any]]:
    """(name, parsed JSON or None when unreadable) for every record in a zip of records."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = zip_members(archive)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError):
        raise ValueError(_("That is not a zip file that can be read.")) from None
    found = []
    for info in members:
        if info.file_size > MAX_RECORD_BYTES:
            found.append((info.filename, None))
            continue
        try:
            found.append((info.filename, json.loads(archive.read(info).decode("utf-8-sig"))))
        except (ValueError, RecursionError, zipfile.BadZipFile, RuntimeError,
                OSError, EOFError, zlib.error):       # corrupt, encrypted or oddly compressed
            found.append((info.filename, None))
    return found
