"""Import and export: a game's record and CSV, every game as one zip, and reading them back; finished
games as a BG Stats file."""
from __future__ import annotations

import json
from typing import Any

from flask import Response, flash, redirect, render_template, request, url_for

from rules_engine import RuleError, score
from scorepad.storage import store
from scorepad.web import access, forms
from scorepad.web.i18n import _, n_
from scorepad.words import bgstats, exports
from scorepad.words.result import Finished

from . import bp, db, finished_game, load, made_here, score_what_can_be, writing

MAX_RECORD_BYTES = 1_000_000
ZIP_MAGIC = b"PK\x03\x04"


def read_upload() -> tuple[str | bytes, str | None]:
    """The record text from the upload or the text box, and where it came from ("file", "zip")."""
    upload = request.files.get("record")
    if upload and upload.filename:
        data = upload.read(exports.MAX_ZIP_BYTES + 1)
        if data.startswith(ZIP_MAGIC):
            if len(data) > exports.MAX_ZIP_BYTES:
                raise forms.FieldError("record", _("That zip is larger than %(megabytes)s MB: too large to be a "
                                                   "Scorepad export.", megabytes=10))
            return data, "zip"
        if len(data) > MAX_RECORD_BYTES:
            raise forms.FieldError("record", _("That file is larger than %(megabytes)s MB: too large to be a game "
                                               "record.", megabytes=1))
        try:
            return data.decode("utf-8-sig"), "file"      # a byte-order mark in front is dropped
        except UnicodeDecodeError:
            raise forms.FieldError("record", _("That file is not a text file.")) from None
    text = request.form.get("record", "")
    if len(text.encode("utf-8", "replace")) > MAX_RECORD_BYTES:
        raise forms.FieldError("record", _("That text is larger than %(megabytes)s MB: too large to be a game "
                                           "record.", megabytes=1))
    return text, None


def checked(record: Any) -> None:
    """Raises ValueError with the reason when a record can't be imported."""
    try:
        score(record)
    except RecursionError:
        raise ValueError(_("it is nested too deeply")) from None
    except RuleError as error:
        raise ValueError(str(error)) from None


def import_zip(data: bytes) -> str:
    """Import every record in a Scorepad zip, all or nothing, skipping games already here."""
    try:
        found = exports.records_in_zip(data)
    except ValueError as error:
        raise forms.FieldError("record", str(error)) from None
    bad = []
    for name, record in found:
        try:
            if record is None:
                raise ValueError(_("not readable JSON"))
            checked(record)
        except ValueError as error:
            bad.append(_("%(name)s (%(reason)s)", name=name, reason=str(error)))
    if bad:
        listed = "; ".join(bad[:5])
        if len(bad) > 5:
            listed = n_("%(listed)s and %(more)s more", "%(listed)s and %(more)s more", len(bad) - 5, listed=listed,
                        more=len(bad) - 5)
        raise forms.FieldError("record", _("Nothing was imported: not a valid record: %(listed)s.", listed=listed))

    def add_all() -> tuple[int, int]:
        added = present = 0
        for _name, record in found:
            if same_game_here(record) is not None:
                present += 1
            else:
                made_here(record, "imported")
                added += 1
        return added, present

    counted = writing(add_all, lambda: None)
    if counted is None:
        raise forms.FieldError("record", _("Another phone was saving at the same moment: nothing was imported. "
                                           "Choose the file and tap Import again."))
    added, present = counted
    if present:
        return n_("Imported %(added)s game; %(present)s already here, not duplicated.",
                  "Imported %(added)s games; %(present)s already here, not duplicated.", added, added=added,
                  present=present)
    return n_("Imported %(added)s game.", "Imported %(added)s games.", added, added=added)


def parse_record(text: str) -> dict[str, Any]:
    if not text.strip():
        raise forms.FieldError("record", _("Choose a file or paste a record."))
    try:
        record = json.loads(text.removeprefix("\ufeff"))      # pasted from a file saved with a byte-order mark
    except (ValueError, RecursionError):
        raise forms.FieldError("record", _("That is not a scorepad/1 record: it is not valid JSON.")) from None
    try:
        checked(record)
    except ValueError as error:
        raise forms.FieldError("record", _("That record can't be imported: %(reason)s.", reason=str(error))) from None
    return record


def same_game_here(record: dict[str, Any]) -> str | None:
    """The key of a game this browser can see that is the same as `record` (None if none is)."""
    row = store.find_same_game(db(), record)
    if row is None:
        return None
    key = store.get_row(db(), row)["key"]
    return key if access.role_in(db(), row) else None


def add_record(record: dict[str, Any]) -> tuple[str, bool]:
    """(game key, whether it was already here)."""
    present = same_game_here(record)
    return (present, True) if present is not None else (made_here(record, "imported"), False)


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
            added = writing(lambda: add_record(record), lambda: None)
            if added is None:
                forms.attach(form, "record", _("Another phone was saving at the same moment: nothing was imported. "
                                               "Tap Import again."))
                return render_template("import.html", form=form)
            game_id, present = added
            if present:
                flash(_("That game was already here, so it was not imported again."))
            return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    return render_template("import.html", form=form)


@bp.get("/games/<game_id>/record.json")
def export_record(game_id: str):
    record = load(game_id).record
    body = json.dumps(record, indent=1, ensure_ascii=False)
    filename = f"scorepad-{game_id}-{record['game']}.json"
    return Response(body + "\n", mimetype="application/json",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


@bp.get("/games/<game_id>/scores.csv")
def export_csv(game_id: str):
    game = load(game_id)
    if game.scored is None:
        flash(_("This game can't be scored, so there are no scores to export; its record can still be exported."))
        return redirect(url_for("scorepad.scoreboard", game_id=game_id))
    filename = f"scorepad-{game_id}-{game.record['game']}.csv"
    scored_part = {**game.record, "hands": game.hands[:len(game.scored.hands)]}
    return Response(exports.game_csv(scored_part), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/games/export.zip")
def export_all():
    """Every game this browser can see (every game, for the owner)."""
    games = [(entry["key"], entry["record"]) for entry in
             store.list_games(db(), access.browser(), access.is_owner())]
    return Response(exports.all_games_zip(games, score_what_can_be), mimetype="application/zip",
                    headers={"Content-Disposition": 'attachment; filename="scorepad-games.zip"'})


def bgstats_download(text: str, filename: str) -> Response:
    """A BG Stats file (JSON, named .bgsplay as the app names the plays it shares, so a phone that has
    BG Stats offers to open it there)."""
    return Response(text, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/games/<game_id>/result.bgsplay")
def export_bgstats(game_id: str):
    """A finished game as a BG Stats file of one play (404 while it is in play)."""
    finished = finished_game(load(game_id))
    return bgstats_download(bgstats.file_text([finished]), f"scorepad-{game_id}-{finished.record['game']}.bgsplay")


@bp.get("/games/export.bgsplay")
def export_all_bgstats():
    """Every finished game this browser can see (every one, for the owner) as one BG Stats file."""
    finished = []
    for entry in store.list_games(db(), access.browser(), access.is_owner()):
        scored, problem = score_what_can_be(entry["record"])
        if scored is not None and problem is None and scored.finished:
            finished.append(Finished(entry["key"], entry["record"], scored, entry["updated"]))
    return bgstats_download(bgstats.file_text(finished), "scorepad-games.bgsplay")
